#include "core/table.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/rng.hpp"

#include <atomic>

namespace ratify::core {

uint64_t next_stamp() {
  // Each thread counts in its own range (2^40 stamps), so stamps stay unique
  // without a shared counter on the hot path of every move.
  static std::atomic<uint64_t> threads{0};
  thread_local uint64_t next = (threads.fetch_add(1, std::memory_order_relaxed) + 1) << 40;
  return ++next;
}

const char* to_string(Visibility v) {
  switch (v) {
    case Visibility::All:
      return "all";
    case Visibility::Owner:
      return "owner";
    case Visibility::None:
      return "none";
    case Visibility::Top:
      return "top";
  }
  return "none";
}

std::optional<Visibility> visibility_from(std::string_view s) {
  if (s == "all") return Visibility::All;
  if (s == "owner") return Visibility::Owner;
  if (s == "none") return Visibility::None;
  if (s == "top") return Visibility::Top;
  return std::nullopt;
}

Table::Table(std::vector<CardDef> defs, int players)
    : Table(std::make_shared<const std::vector<CardDef>>(std::move(defs)), players) {}

Table::Table(std::shared_ptr<const std::vector<CardDef>> defs, int players)
    : defs_(std::move(defs)), players_(players) {
  if (players < 1 || players > kMaxPlayers)
    throw TableError("player count must be 1.." + std::to_string(kMaxPlayers));
  for (size_t d = 0; d < defs_->size(); ++d)
    for (int k = 0; k < (*defs_)[d].count; ++k) card_def_.push_back(static_cast<int>(d));
  card_zone_.assign(card_def_.size(), 0);
  known_.assign(card_def_.size(), 0);
  remembered_.assign(card_def_.size(), 0);
  shuffled_in_.assign(card_def_.size(), 0);
  Zone box{"box", "box", "Box", 0, Visibility::None, {}};
  for (int c = 1; c <= ncards(); ++c) box.cards.push_back(c);
  add_zone(std::move(box));
}

CardId Table::check_card(CardId c) const {
  if (c < 1 || c > ncards())
    throw TableError("no card " + std::to_string(c) + " (cards are 1.." + std::to_string(ncards()) +
                     ")");
  return c;
}

int Table::add_zone(Zone z) {
  if (z.name.empty()) throw TableError("a zone needs a name");
  if (zone_index(z.name) >= 0) throw TableError("zone '" + z.name + "' exists already");
  if (z.owner < 0 || z.owner > players_)
    throw TableError("zone '" + z.name + "': owner " + std::to_string(z.owner) +
                     " is not a player");
  int i = static_cast<int>(zones_.size());
  for (CardId c : z.cards) card_zone_[c - 1] = i;
  if (!zone_by_name_)
    zone_by_name_ = std::make_shared<NameIndex>();
  else if (zone_by_name_.use_count() > 1)
    zone_by_name_ = std::make_shared<NameIndex>(*zone_by_name_);
  zone_by_name_->emplace(z.name, i);
  restamp(z);
  layout_ = stamp_;
  zones_.push_back(std::move(z));
  return i;
}

int Table::zone_index(std::string_view name) const {
  if (!zone_by_name_) return -1;
  auto it = zone_by_name_->find(name);  // no std::string made: the hot path of g.*
  return it == zone_by_name_->end() ? -1 : it->second;
}

const Zone& Table::zone(std::string_view name) const {
  int i = zone_index(name);
  if (i < 0) throw TableError("no zone '" + std::string(name) + "'");
  return zones_[i];
}

int Table::position_of(CardId c) const {
  const auto& cards = zones_[zone_of(c)].cards;
  return static_cast<int>(std::find(cards.begin(), cards.end(), c) - cards.begin());
}

void Table::move(CardId c, int to, int pos) {
  if (to < 0 || to >= static_cast<int>(zones_.size())) throw TableError("no such zone");
  Zone& source = zones_[zone_of(c)];
  auto& from = source.cards;
  // Search from the top: most moves take the top card.
  auto it = std::find(from.rbegin(), from.rend(), c);
  from.erase(std::next(it).base());
  restamp(source);
  auto& dest = zones_[to].cards;
  if (pos < 0 || pos > static_cast<int>(dest.size())) pos = static_cast<int>(dest.size());
  dest.insert(dest.begin() + pos, c);
  restamp(zones_[to]);
  card_zone_[c - 1] = to;
}

void Table::move_all(int from, int to) {
  if (from == to) return;
  auto& source = zones_.at(from).cards;
  auto& dest = zones_.at(to).cards;
  for (CardId c : source) card_zone_[c - 1] = to;
  dest.insert(dest.end(), source.begin(), source.end());
  source.clear();
  restamp(zones_[from]);
  restamp(zones_[to]);
}

void Table::shuffle(int zone, Rng& rng) {
  auto& cards = zones_.at(zone).cards;
  rng.shuffle(cards);
  restamp(zones_.at(zone));
  for (CardId c : cards) {
    known_[c - 1] = remembered_[c - 1] = 0;  // anonymous again
    shuffled_in_[c - 1] = zone + 1;
  }
}

void Table::reveal(CardId c, PlayerId p) {
  check_card(c);
  if (p < 0 || p > players_) throw TableError("no player " + std::to_string(p));
  known_[c - 1] |= p == 0 ? 0xffffffffu : (1u << p);
}

void Table::turn_down(CardId c) {
  check_card(c);
  uint32_t saw = known_[c - 1];
  for (PlayerId p = 1; p <= players_; ++p)
    if (sees(p, c)) saw |= 1u << p;
  remembered_[c - 1] |= saw;
  known_[c - 1] = 0;
  if (!saw) return;
  for (Glimpse& g : glimpses_)
    if (g.card == c) {
      g.saw |= saw;
      return;
    }
  glimpses_.push_back({c, saw});  // at most one a card: bounded by the deck
}

bool Table::knows(PlayerId p, CardId c) const {
  return (remembered_.at(check_card(c) - 1) & (1u << p)) || sees(p, c);
}

bool Table::sees(PlayerId p, CardId c) const {
  if (known_.at(check_card(c) - 1) & (1u << p)) return true;
  const Zone& z = zones_[card_zone_[c - 1]];
  return shows(p, z, !z.cards.empty() && z.cards.back() == c);
}

std::string Table::check_conservation() const {
  std::vector<int> seen(ncards(), 0);
  for (size_t zi = 0; zi < zones_.size(); ++zi)
    for (CardId c : zones_[zi].cards) {
      if (c < 1 || c > ncards())
        return "zone '" + zones_[zi].name + "' holds no-card " + std::to_string(c);
      if (++seen[c - 1] > 1) return "card " + std::to_string(c) + " is in two places";
      if (card_zone_[c - 1] != static_cast<int>(zi))
        return "card " + std::to_string(c) + " misplaced in the index";
    }
  for (int c = 1; c <= ncards(); ++c)
    if (!seen[c - 1]) return "card " + std::to_string(c) + " (" + def(c).id + ") vanished";
  return {};
}

void Table::hash_into(Hasher& h, bool by_definition) const {
  h.add(static_cast<uint64_t>(zones_.size()));
  for (const Zone& z : zones_) {
    h.add(z.name);
    h.add(static_cast<uint64_t>(z.owner) << 8 | static_cast<uint64_t>(z.visibility));
    h.add(static_cast<uint64_t>(z.cards.size()));
    for (CardId c : z.cards) h.add(static_cast<uint64_t>(by_definition ? card_def_[c - 1] : c));
  }
  if (by_definition) return;
  for (uint32_t k : known_) h.add(k);
  // Only the cards someone remembers, so that tables of rules that never
  // turn a card down hash as they always did (recorded replays verify).
  for (size_t c = 0; c < remembered_.size(); ++c)
    if (remembered_[c]) {
      h.add(static_cast<uint64_t>(c + 1));
      h.add(remembered_[c]);
    }
}

nlohmann::json Table::to_json() const {
  nlohmann::json zones = nlohmann::json::array();
  for (const Zone& z : zones_)
    zones.push_back({{"name", z.name},
                     {"kind", z.kind},
                     {"label", z.label},
                     {"owner", z.owner},
                     {"visibility", to_string(z.visibility)},
                     {"cards", z.cards}});
  nlohmann::json known = nlohmann::json::object();
  for (int c = 1; c <= ncards(); ++c)
    if (known_[c - 1]) known[std::to_string(c)] = known_[c - 1];
  nlohmann::json out = {{"zones", zones}, {"known", known}};
  nlohmann::json remembered = nlohmann::json::object();
  for (int c = 1; c <= ncards(); ++c)
    if (remembered_[c - 1]) remembered[std::to_string(c)] = remembered_[c - 1];
  if (!remembered.empty()) out["remembered"] = remembered;  // saves of older rules lack it
  nlohmann::json shuffled = nlohmann::json::object();
  for (int c = 1; c <= ncards(); ++c)
    if (shuffled_in_[c - 1]) shuffled[std::to_string(c)] = shuffled_in_[c - 1] - 1;
  if (!shuffled.empty()) out["shuffled_in"] = shuffled;  // older saves lack it
  nlohmann::json glimpses = nlohmann::json::object();
  for (const Glimpse& g : glimpses_) glimpses[std::to_string(g.card)] = g.saw;
  if (!glimpses.empty()) out["glimpses"] = glimpses;  // a resumed game shows them still
  return out;
}

void Table::from_json(const nlohmann::json& j) {
  Table fresh;
  fresh.defs_ = defs_;
  fresh.card_def_ = card_def_;
  fresh.players_ = players_;
  fresh.card_zone_.assign(card_def_.size(), -1);
  fresh.known_.assign(card_def_.size(), 0);
  fresh.remembered_.assign(card_def_.size(), 0);
  fresh.shuffled_in_.assign(card_def_.size(), 0);
  try {
    for (const auto& jz : j.at("zones")) {
      Zone z;
      z.name = jz.at("name").get<std::string>();
      z.kind = jz.value("kind", "");
      z.label = jz.value("label", "");
      z.owner = jz.value("owner", 0);
      auto vis = visibility_from(jz.value("visibility", "none"));
      if (!vis) throw TableError("zone '" + z.name + "': bad visibility");
      z.visibility = *vis;
      for (const auto& jc : jz.at("cards")) {
        CardId c = fresh.check_card(jc.get<int>());
        if (fresh.card_zone_[c - 1] != -1)
          throw TableError("card " + std::to_string(c) + " is in two zones");
        fresh.card_zone_[c - 1] = static_cast<int>(fresh.zones_.size());
        z.cards.push_back(c);
      }
      fresh.add_zone(std::move(z));
    }
    for (auto& [key, mask] : j.at("known").items())
      fresh.known_.at(fresh.check_card(std::stoi(key)) - 1) = mask.get<uint32_t>();
    if (j.contains("remembered"))
      for (auto& [key, mask] : j.at("remembered").items())
        fresh.remembered_.at(fresh.check_card(std::stoi(key)) - 1) = mask.get<uint32_t>();
    if (j.contains("shuffled_in"))
      for (auto& [key, zone] : j.at("shuffled_in").items()) {
        int z = zone.get<int>();
        if (z < 0 || z >= static_cast<int>(fresh.zones_.size()))
          throw TableError("bad table: card " + key + " shuffled in no zone");
        fresh.shuffled_in_.at(fresh.check_card(std::stoi(key)) - 1) = z + 1;
      }
    if (j.contains("glimpses"))  // one key a card: bounded by the deck
      for (auto& [key, saw] : j.at("glimpses").items())
        fresh.glimpses_.push_back({fresh.check_card(std::stoi(key)), saw.get<uint32_t>()});
  } catch (const nlohmann::json::exception& e) {
    throw TableError(std::string("bad table: ") + e.what());
  } catch (const std::logic_error& e) {
    throw TableError(std::string("bad table: ") + e.what());
  }
  for (int c = 1; c <= ncards(); ++c)
    if (fresh.card_zone_[c - 1] == -1)
      throw TableError("bad table: card " + std::to_string(c) + " is in no zone");
  *this = std::move(fresh);
}

void Table::restore_from(const Table& o) {
  // Clones share one name index, and zones change only their cards after
  // they are made: the same index and count mean the same zones.
  if (zone_by_name_ != o.zone_by_name_ || zones_.size() != o.zones_.size() || defs_ != o.defs_) {
    *this = o;
    return;
  }
  for (size_t i = 0; i < zones_.size(); ++i)
    if (zones_[i].stamp != o.zones_[i].stamp) {
      zones_[i].cards = o.zones_[i].cards;
      zones_[i].stamp = o.zones_[i].stamp;
    }
  card_zone_ = o.card_zone_;
  glimpses_ = o.glimpses_;  // a bot's lookahead ends where the real move left them
  known_ = o.known_;
  remembered_ = o.remembered_;
  shuffled_in_ = o.shuffled_in_;
  players_ = o.players_;
  stamp_ = o.stamp_;
  layout_ = o.layout_;
}

bool Table::operator==(const Table& o) const {
  if (zones_.size() != o.zones_.size() || known_ != o.known_ || remembered_ != o.remembered_ ||
      shuffled_in_ != o.shuffled_in_)
    return false;
  for (size_t i = 0; i < zones_.size(); ++i) {
    const Zone &a = zones_[i], &b = o.zones_[i];
    if (a.name != b.name || a.owner != b.owner || a.visibility != b.visibility ||
        a.cards != b.cards || a.kind != b.kind)
      return false;
  }
  return true;
}

}  // namespace ratify::core
