#include "engine/view_world.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <stdexcept>

namespace ratify::engine {

namespace {

CardView card_from_json(const nlohmann::json& c) {
  if (c.is_null()) return {};
  if (c.contains("glimpse")) return {0, false, c.at("glimpse").get<int>(), true};
  return {c.at("id").get<int>(), true, c.at("def").get<int>()};
}

ZoneView zone_from_json(const nlohmann::json& z) {
  ZoneView out;
  out.name = z.at("name").get<std::string>();
  out.kind = z.value("kind", "");
  out.label = z.value("label", "");
  out.owner = z.value("owner", 0);
  auto vis = core::visibility_from(z.value("visibility", "none"));
  if (!vis) throw std::runtime_error("zone '" + out.name + "': bad visibility");
  out.visibility = *vis;
  for (const auto& c : z.at("cards")) out.cards.push_back(card_from_json(c));
  return out;
}

ActionView action_from_json(const nlohmann::json& a) {
  ActionView out;
  out.index = a.at("index").get<int>();
  out.action.label = a.value("label", "");
  out.action.cards = a.value("cards", std::vector<int>{});
  out.action.target = a.value("target", 0);
  out.action.zone = a.value("zone", "");
  out.action.ends_turn = a.value("ends_turn", false);
  out.action.risky = a.value("risky", false);
  out.action.warning = a.value("warning", "");
  out.action.auto_play = a.value("auto", false);
  return out;
}

// Whether the zone's own rule shows card `pos` to `seat`, without any
// reveal: a card the seat sees otherwise was revealed to it.
bool zone_shows(const ZoneView& z, size_t pos, int seat) {
  switch (z.visibility) {
    case core::Visibility::All:
      return true;
    case core::Visibility::Owner:
      return z.owner == seat;
    case core::Visibility::Top:
      return pos + 1 == z.cards.size();
    case core::Visibility::None:
      return false;
  }
  return false;
}

// A card of the fresh game: where setup put it and the pack it came from.
struct Candidate {
  int card = 0;
  std::string zone;  // its zone after setup
  int pack = -1;     // Table::shuffled_in
  bool taken = false;
};

// A face-down place of the view, to be given a card.
struct Place {
  size_t zone = 0, pos = 0;  // in the view
  int glimpse = -1;          // the face a glimpse showed, -1: none
};

class Dealer {
 public:
  Dealer(const core::Table& fresh, const View& v, core::Rng& rng) : t_(fresh), v_(v) {
    std::vector<char> shown(static_cast<size_t>(t_.ncards()) + 1, 0);
    for (const auto& z : v_.zones)
      for (const auto& c : z.cards)
        if (c.face_up) shown[static_cast<size_t>(check_shown(c))] = 1;
    for (int c = 1; c <= t_.ncards(); ++c)
      if (!shown[static_cast<size_t>(c)])
        free_.push_back({c, t_.zone(t_.zone_of(c)).name, t_.shuffled_in(c)});
    // Which free card goes where among equals is the rng's: never the
    // order of the pack, which would be the same guess every time.
    rng.shuffle(free_);
  }

  // The card for each face-down place, in the view's order: glimpses
  // first (their face is known), then the rest.
  std::vector<std::vector<int>> deal() {
    std::vector<std::vector<int>> cards(v_.zones.size());
    std::vector<Place> places;
    for (size_t z = 0; z < v_.zones.size(); ++z) {
      const auto& zv = v_.zones[z];
      cards[z].resize(zv.cards.size());
      for (size_t k = 0; k < zv.cards.size(); ++k) {
        const CardView& c = zv.cards[k];
        if (c.face_up)
          cards[z][k] = c.id;
        else
          places.push_back({z, k, c.glimpsed ? c.def : -1});
      }
    }
    std::stable_partition(places.begin(), places.end(),
                          [](const Place& p) { return p.glimpse >= 0; });
    for (const Place& p : places) cards[p.zone][p.pos] = take(p);
    return cards;
  }

  // The cards no place took: outside the game (the box).
  std::vector<int> left() const {
    std::vector<int> out;
    for (const auto& c : free_)
      if (!c.taken) out.push_back(c.card);
    return out;
  }

 private:
  int check_shown(const CardView& c) const {
    if (c.id < 1 || c.id > t_.ncards() || t_.def_index(c.id) != c.def)
      throw std::runtime_error("the view shows card " + std::to_string(c.id) +
                               ", which is another card in these rules: the rules differ");
    return c.id;
  }

  // The pack most of the zone's cards came from in the fresh game (-1: none).
  int pack_of(const std::string& zone) const {
    int at = t_.zone_index(zone);
    if (at < 0) return -1;
    std::map<int, int> count;
    for (int c : t_.zone(at).cards) ++count[t_.shuffled_in(c)];
    int best = -1, most = 0;
    for (auto [pack, n] : count)
      if (pack >= 0 && n > most) best = pack, most = n;
    return best;
  }

  // The first free card that fits best: the glimpsed face; else one that
  // setup put in the same zone; else one of the zone's pack; else any
  // that was shuffled into the game; else any.
  int take(const Place& p) {
    const std::string& zone = v_.zones[p.zone].name;
    int pack = pack_of(zone);
    std::vector<std::function<bool(const Candidate&)>> fits;
    if (p.glimpse >= 0)
      fits.push_back([&](const Candidate& c) { return t_.def_index(c.card) == p.glimpse; });
    fits.push_back([&](const Candidate& c) { return c.zone == zone; });
    fits.push_back([&](const Candidate& c) { return pack >= 0 && c.pack == pack; });
    fits.push_back([](const Candidate& c) { return c.pack >= 0; });
    fits.push_back([](const Candidate&) { return true; });
    for (const auto& fit : fits)
      for (auto& c : free_)
        if (!c.taken && fit(c)) {
          c.taken = true;
          return c.card;
        }
    throw std::runtime_error("the view holds more cards than these rules have: the rules differ");
  }

  const core::Table& t_;
  const View& v_;
  std::vector<Candidate> free_;
};

// The table of the world as save() writes it: the fresh game's zones in
// their order (those setup made, the box among them), then any the view
// has that setup did not make.
nlohmann::json world_table(const core::Table& fresh, const View& v, core::Rng& rng) {
  Dealer dealer(fresh, v, rng);
  auto cards = dealer.deal();
  std::map<std::string, size_t> in_view;
  for (size_t z = 0; z < v.zones.size(); ++z) in_view[v.zones[z].name] = z;
  nlohmann::json zones = nlohmann::json::array(), known = nlohmann::json::object(),
                 remembered = nlohmann::json::object(), shuffled = nlohmann::json::object();
  bool boxed = false;
  auto add = [&](const std::string& name, const std::string& kind, const std::string& label,
                 int owner, core::Visibility vis, std::vector<int> list) {
    if (kind == "box" && !boxed) {
      auto rest = dealer.left();
      list.insert(list.end(), rest.begin(), rest.end());
      boxed = true;
    }
    zones.push_back({{"name", name},
                     {"kind", kind},
                     {"label", label},
                     {"owner", owner},
                     {"visibility", core::to_string(vis)},
                     {"cards", std::move(list)}});
  };
  for (const auto& z : fresh.zones()) {
    auto it = in_view.find(z.name);
    if (it == in_view.end()) {
      add(z.name, z.kind, z.label, z.owner, z.visibility, {});
      continue;
    }
    const ZoneView& zv = v.zones[it->second];
    add(zv.name, zv.kind, zv.label, zv.owner, zv.visibility, cards[it->second]);
    in_view.erase(it);
  }
  for (size_t z = 0; z < v.zones.size(); ++z) {
    const ZoneView& zv = v.zones[z];
    if (in_view.count(zv.name)) add(zv.name, zv.kind, zv.label, zv.owner, zv.visibility, cards[z]);
  }
  if (!boxed && !dealer.left().empty())
    throw std::runtime_error("the view holds fewer cards than these rules have: the rules differ");
  // The seat knows what it was shown; a glimpse it remembers face down.
  uint32_t bit = 1u << v.seat;
  for (size_t z = 0; z < v.zones.size(); ++z)
    for (size_t k = 0; k < v.zones[z].cards.size(); ++k) {
      const CardView& c = v.zones[z].cards[k];
      std::string card = std::to_string(cards[z][k]);
      if (c.face_up && !zone_shows(v.zones[z], k, v.seat)) known[card] = bit;
      if (c.glimpsed) remembered[card] = bit;
    }
  for (int c = 1; c <= fresh.ncards(); ++c)
    if (fresh.shuffled_in(c) >= 0) shuffled[std::to_string(c)] = fresh.shuffled_in(c);
  return {
      {"zones", zones}, {"known", known}, {"remembered", remembered}, {"shuffled_in", shuffled}};
}

// g.state as the view gives it, with every other seat's declared secret
// (the view leaves it out) back as an empty table: held, so that a
// world_for made from this world hides it and imagines it.
nlohmann::json world_state(const State& s, const View& v) {
  nlohmann::json state = v.state;
  if (!state.is_object()) return state;
  for (const auto& secret : s.meta().secrets) {
    std::string key = (secret.key.rfind('#', 0) == 0 ? "#" : "") + secret.key;
    if (!secret.per_seat) {
      if (!state.contains(key)) state[key] = nlohmann::json::object();
      continue;
    }
    auto it = state.find(key);
    if (it == state.end()) continue;
    nlohmann::json& held = *it;
    for (int q = 1; q <= s.players(); ++q) {
      if (q == v.seat) continue;
      if (held.is_array()) {
        if (held.size() < static_cast<size_t>(q))
          held.get_ref<nlohmann::json::array_t&>().resize(static_cast<size_t>(q));
        if (held[static_cast<size_t>(q - 1)].is_null())
          held[static_cast<size_t>(q - 1)] = nlohmann::json::object();
      } else if (held.is_object()) {
        std::string mine = "#" + std::to_string(q);
        if (!held.contains(mine)) held[mine] = nlohmann::json::object();
      }
    }
  }
  return state;
}

std::string hex64(uint64_t x) {
  static const char* digits = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, x >>= 4) out[static_cast<size_t>(i)] = digits[x & 15];
  return out;
}

}  // namespace

View view_from_json(const nlohmann::json& j) {
  try {
    View v;
    v.seat = j.at("seat").get<int>();
    v.actor = j.value("actor", 0);
    for (const auto& z : j.at("zones")) v.zones.push_back(zone_from_json(z));
    v.status = j.value("status", std::vector<std::vector<std::string>>{});
    v.shared_status = j.value("shared_status", std::vector<std::string>{});
    v.state = j.value("state", nlohmann::json());
    v.log = j.value("log", std::vector<std::string>{});
    for (const auto& a : j.value("actions", nlohmann::json::array()))
      v.actions.push_back(action_from_json(a));
    if (j.contains("result") && j["result"].is_object())
      v.result =
          Result{j["result"].value("winners", std::vector<int>{}),
                 j["result"].value("scores", std::vector<double>{}), j["result"].value("text", "")};
    return v;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("not a view: ") + e.what());
  }
}

void become_world_of(State& s, const View& v, core::Rng& rng) {
  if (v.seat < 1 || v.seat > s.players())
    throw std::runtime_error("a world is made for a seat of the game, not " +
                             std::to_string(v.seat));
  nlohmann::json save = s.save(false);
  save["table"] = world_table(s.table(), v, rng);
  save["state"] = world_state(s, v);
  uint64_t state = uint64_t{rng.next()} << 32 | rng.next();
  uint64_t step = uint64_t{rng.next()} << 32 | rng.next() | 1;
  save["rng"] = {hex64(state), hex64(step)};
  save.erase("log");
  s.load(save);
}

}  // namespace ratify::engine
