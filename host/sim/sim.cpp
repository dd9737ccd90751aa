#include "sim/sim.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>
#include <utility>

#include "bots/bots.hpp"
#include "core/utf8.hpp"
#include "engine/game.hpp"
#include "sim/format.hpp"
#include "sim/metrics.hpp"
#include "sim/report.hpp"

namespace ratify::sim {

namespace {

std::vector<std::string> seating(const SimConfig& c, int players, int index) {
  std::vector<std::string> seats;
  int shift = c.rotate ? index : 0;
  for (int s = 0; s < players; ++s)
    seats.push_back(c.bots[static_cast<size_t>(s + shift) % c.bots.size()]);
  return seats;
}

// What a game shows beyond its result, followed action by action: every
// player's standing (for lead changes) and the cards each player held
// (for the cards' impact). Standings cost one ruleset call per player per
// action (only with a score function, or --leads); holdings look only at
// zones whose contents changed (their stamp).
bool follows_standings(SimConfig::Leads leads, const lua::RulesetMeta& meta) {
  if (leads == SimConfig::Leads::Heuristic) return meta.has_score || meta.has_heuristic;
  return leads == SimConfig::Leads::Score && meta.has_score;
}

class Follower {
 public:
  Follower(const SimConfig& c, engine::Game& game)
      : game_(game),
        standings_(follows_standings(c.leads, game.loaded().meta())),
        holdings_(c.holdings) {
    if (holdings_)
      held_.assign(static_cast<size_t>(game.players()),
                   std::vector<char>(game.match().table().defs().size(), 0));
    after_action();  // setup dealt the first hands
  }

  void after_action() {
    if (standings_) samples_.push_back(game_.match().standings());
    if (holdings_) look_at_zones();
  }

  void finish(GameRecord& rec) {
    if (holdings_) {
      rec.held.resize(held_.size());
      for (size_t p = 0; p < held_.size(); ++p)
        for (size_t d = 0; d < held_[p].size(); ++d)
          if (held_[p][d]) rec.held[p].push_back(static_cast<int>(d));
    }
    if (!standings_ || samples_.size() < 2) return;
    int leader = 0;
    rec.lead_changes = 0;
    for (const auto& s : samples_) {
      int now = unique_leader(s);
      if (now && leader && now != leader) ++rec.lead_changes;
      if (now) leader = now;
    }
    if (rec.winners.size() != 1) return;
    // Half the game: the standings after half the actions, rounded up
    // (samples_[0] is after setup, samples_[k] after action k).
    const auto& mid = samples_[samples_.size() / 2];
    double best = *std::max_element(mid.begin(), mid.end());
    rec.comeback = mid[static_cast<size_t>(rec.winners[0] - 1)] < best ? 1 : 0;
  }

 private:
  static int unique_leader(const std::vector<double>& s) {
    int leader = 0;
    for (size_t p = 0; p < s.size(); ++p) {
      if (leader && s[p] == s[static_cast<size_t>(leader - 1)]) return 0;  // tied: nobody leads
      if (!leader || s[p] > s[static_cast<size_t>(leader - 1)]) leader = static_cast<int>(p) + 1;
    }
    return leader;
  }

  void look_at_zones() {
    const core::Table& t = game_.match().table();
    const auto& zones = t.zones();
    if (stamps_.size() < zones.size()) stamps_.resize(zones.size(), 0);
    for (size_t z = 0; z < zones.size(); ++z) {
      const core::Zone& zone = zones[z];
      if (zone.owner < 1 || zone.stamp == stamps_[z]) continue;
      stamps_[z] = zone.stamp;
      auto& mine = held_[static_cast<size_t>(zone.owner - 1)];
      for (core::CardId c : zone.cards) mine[static_cast<size_t>(t.def_index(c))] = 1;
    }
  }

  engine::Game& game_;
  bool standings_, holdings_;
  std::vector<std::vector<double>> samples_;
  std::vector<std::vector<char>> held_;
  std::vector<uint64_t> stamps_;
};

// `reuse` keeps the thread's match between games (a restart costs less
// than a new match); a game that failed leaves it to be made anew.
GameRecord play_one(std::shared_ptr<engine::Loaded> loaded, const SimConfig& c,
                    const core::OptionValues& options, int players, int index,
                    std::unique_ptr<engine::Game>& reuse) {
  GameRecord rec;
  rec.index = index;
  int seatings = static_cast<int>(c.seatings.size());
  int deal = seatings ? index / seatings : index;
  rec.seed = core::mix_seed(c.seed, static_cast<uint64_t>(deal));
  rec.seat_bots =
      seatings ? c.seatings[static_cast<size_t>(index % seatings)] : seating(c, players, index);
  try {
    if (reuse)
      reuse->restart(rec.seed);
    else
      reuse =
          std::make_unique<engine::Game>(loaded, players, rec.seed, options, engine::Mode::Lean);
    engine::Game& game = *reuse;
    std::vector<std::unique_ptr<bots::Bot>> seat_bot;
    std::vector<core::Rng> seat_rng;
    for (int s = 0; s < players; ++s) {
      seat_bot.push_back(bots::make_bot(rec.seat_bots[s], loaded->meta()));
      seat_rng.emplace_back(core::mix_seed(rec.seed, 1000 + static_cast<uint64_t>(s)));
    }
    rec.first = game.actor();
    Follower follow(c, game);
    for (;;) {
      int actor = game.actor();
      if (actor == 0) break;
      if (rec.actions >= c.max_actions)
        throw std::runtime_error("no end after " + std::to_string(c.max_actions) + " actions");
      if (game.action_count() == 0)
        throw std::runtime_error(lua::no_action_message(game.loaded().rules(), actor));
      int i = seat_bot[actor - 1]->choose(game, seat_rng[actor - 1]);
      game.apply(i);
      ++rec.actions;
      follow.after_action();
    }
    auto r = game.result();
    if (!r) throw std::runtime_error("the game ended (no actor) but result(g) is nil");
    rec.winners = r->winners;
    rec.scores = r->scores;
    follow.finish(rec);
    rec.stats = game.match().stats();
  } catch (const std::exception& e) {
    rec.error = core::lossy_utf8(e.what());  // a script's message goes into JSON
    reuse.reset();
  }
  return rec;
}

std::vector<DeckCard> deck_of(const std::vector<core::CardDef>& defs) {
  std::vector<DeckCard> deck;
  for (const auto& d : defs) {
    core::Hasher h;
    for (const std::string* f :
         {&d.id, &d.name, &d.text, &d.quote, &d.kind, &d.suit, &d.color, &d.short_label, &d.image})
      h.add(std::string_view(*f));
    h.add(static_cast<uint64_t>(d.rank.has_value()));
    h.add_double(d.rank.value_or(0));
    h.add(static_cast<uint64_t>(d.count));
    deck.push_back({d.id, d.name, d.count, core::hash_hex(h.value())});
  }
  return deck;
}

// --skill-gap: the searching bot in each seat in turn, random bots in the
// others; game k plays deal k / players, so every seating meets each deal.
std::vector<GameRecord> skill_games(const SimConfig& c, int players) {
  SimConfig s = c;
  s.games = c.skill_games;
  s.skill_games = 0;
  s.leads = SimConfig::Leads::Off;
  s.holdings = false;
  s.players = players;
  s.seatings.clear();
  for (int seat = 0; seat < players; ++seat) {
    std::vector<std::string> bots(static_cast<size_t>(players), "random");
    bots[static_cast<size_t>(seat)] = c.skill_bot;
    s.seatings.push_back(bots);
  }
  return run_sim(s).games;
}

}  // namespace

std::string variant_label(const SimResult& r) {
  return r.config.variant.empty() ? "base" : r.config.variant;
}

SimResult run_sim(const SimConfig& c) {
  auto start = std::chrono::steady_clock::now();
  if (c.bots.empty() && c.seatings.empty())
    throw engine::InputError("no bot named: --bots takes a comma list, e.g. heuristic,random");
  SimResult out;
  out.config = c;
  auto first = engine::Loaded::open(c.ruleset, c.variant);  // validates before threads start
  auto options = first->options(c.sets);
  out.ruleset_id = first->meta().id;
  int players = c.players
                    ? c.players
                    : std::max<int>(first->meta().min_players, static_cast<int>(c.bots.size()));
  if (!c.players) players = std::min(players, first->meta().max_players);  // never a given count
  for (int p : first->meta().player_counts())  // the first count a variant allows
    if (!c.players && !first->meta().allows(players) && p >= players) players = p;
  if (!first->meta().allows(players))
    throw engine::InputError(out.ruleset_id + " is for " +
                             std::to_string(first->meta().min_players) + " to " +
                             std::to_string(first->meta().max_players) + " players");
  for (const auto& b : c.bots) bots::make_bot(b, first->meta());  // check names
  for (const auto& seats : c.seatings)
    for (const auto& b : seats) bots::make_bot(b, first->meta());
  if (c.skill_games > 0) bots::make_bot(c.skill_bot, first->meta());
  out.deck = deck_of(first->rules().card_defs());
  for (const auto& seats : c.seatings)
    if (static_cast<int>(seats.size()) != players)
      throw std::invalid_argument("a seating names " + std::to_string(seats.size()) + " bots for " +
                                  std::to_string(players) + " players");
  out.players = players;

  std::vector<int> indices;
  for (int i = 0; i < c.games; ++i)
    if (i % c.shards == c.shard) indices.push_back(i);
  out.games.resize(indices.size());
  std::vector<char> played(indices.size(), 0);
  std::atomic<size_t> next{0};
  std::atomic<int> done{0}, finished{0};
  std::mutex error_mutex;
  std::string fatal;
  auto worker = [&](std::shared_ptr<engine::Loaded> loaded) {
    try {
      if (!loaded) loaded = engine::Loaded::open(c.ruleset, c.variant);
      std::unique_ptr<engine::Game> game;
      for (size_t k; (k = next++) < indices.size();) {
        out.games[k] = play_one(loaded, c, options, players, indices[k], game);
        played[k] = 1;
        // A failed game stops the run (a broken ruleset would fail every
        // game, each after its time limit); games in flight finish.
        if (!out.games[k].error.empty()) next = indices.size();
        ++done;
      }
    } catch (const std::exception& e) {
      std::lock_guard<std::mutex> lock(error_mutex);
      fatal = e.what();
      next = indices.size();
    }
    ++finished;
  };
  int threads = std::max(1, c.threads);
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker, nullptr);
  std::thread first_worker(worker, first);
  while (finished < threads) {
    if (c.progress) c.progress(done, static_cast<int>(indices.size()));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  first_worker.join();
  for (auto& t : pool) t.join();
  if (c.progress) c.progress(done, static_cast<int>(indices.size()));
  if (!fatal.empty()) throw std::runtime_error(fatal);
  for (size_t k = indices.size(); k-- > 0;)
    if (!played[k]) out.games.erase(out.games.begin() + static_cast<long>(k));
  for (const auto& g : out.games)
    if (!g.error.empty() && (out.stopped_at < 0 || g.index < out.stopped_at))
      out.stopped_at = g.index;
  if (c.skill_games > 0 && out.stopped_at < 0) out.skill_games = skill_games(c, players);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

namespace {

nlohmann::json win_rate_json(const WinRate& x) {
  return {{"games", x.games},           {"wins", x.wins},
          {"win_rate", x.rate},         {"ci95", {x.interval.low, x.interval.high}},
          {"mean_score", x.score.mean}, {"sd_score", x.score.sd}};
}

}  // namespace

nlohmann::json summary_json(const SimResult& r) {
  Outcomes o = outcomes(r);
  nlohmann::json seats = nlohmann::json::array(), bots = nlohmann::json::object();
  for (const auto& s : seat_win_rates(r)) seats.push_back(win_rate_json(s));
  for (const auto& [name, x] : bot_win_rates(r)) bots[name] = win_rate_json(x);
  auto len = summarize(o.lengths);
  return {{"ruleset", r.ruleset_id},
          {"variant", r.config.variant},
          {"options", r.config.sets},
          {"games", r.games.size()},
          {"seed", r.config.seed},
          {"players", r.players},
          {"bots", r.config.bots},
          {"rotate", r.config.rotate},
          {"shard", std::to_string(r.config.shard) + "/" + std::to_string(r.config.shards)},
          {"errors", o.errors},
          {"no_winner", o.draws},
          {"seats", seats},
          {"by_bot", bots},
          {"length", {{"mean", len.mean}, {"sd", len.sd}, {"min", len.min}, {"max", len.max}}}};
}

static nlohmann::json games_json(const std::vector<GameRecord>& list) {
  nlohmann::json games = nlohmann::json::array();
  for (const auto& g : list) {
    nlohmann::json stats = nlohmann::json::object();
    for (const auto& [k, v] : g.stats) stats[k] = v;
    games.push_back({{"index", g.index},
                     {"seed", g.seed},
                     {"bots", g.seat_bots},
                     {"winners", g.winners},
                     {"scores", g.scores},
                     {"actions", g.actions},
                     {"error", g.error},
                     {"first", g.first},
                     {"lead_changes", g.lead_changes},
                     {"comeback", g.comeback},
                     {"held", g.held},
                     {"stats", stats}});
  }
  return games;
}

nlohmann::json result_json(const SimResult& r) {
  auto j = summary_json(r);
  j["games_list"] = games_json(r.games);
  j["config"] = {{"ruleset", r.config.ruleset},
                 {"variant", r.config.variant},
                 {"sets", r.config.sets},
                 {"games", r.config.games},
                 {"seed", r.config.seed},
                 {"bots", r.config.bots},
                 {"rotate", r.config.rotate},
                 {"players", r.players},
                 {"shard", r.config.shard},
                 {"shards", r.config.shards},
                 {"skill_games", r.config.skill_games},
                 {"leads", static_cast<int>(r.config.leads)},
                 {"skill_bot", r.config.skill_bot}};
  nlohmann::json deck = nlohmann::json::array();
  for (const auto& d : r.deck) deck.push_back({d.id, d.name, d.count, d.hash});
  j["deck"] = deck;
  if (r.config.skill_games > 0) j["skill_list"] = games_json(r.skill_games);
  return j;
}

// What a results file claims must hold together before anything is
// counted from it: a seat per player in every game, winners among them.
static void check_result(const SimResult& r) {
  auto bad = [](const std::string& what) { throw std::runtime_error("not a sim result: " + what); };
  if (r.players < 1 || r.players > core::kMaxPlayers)
    bad("players must be 1 to " + std::to_string(core::kMaxPlayers));
  if (r.config.bots.empty()) bad("no bots");
  if (r.config.shards < 1 || r.config.shard < 0 || r.config.shard >= r.config.shards)
    bad("shard " + std::to_string(r.config.shard) + " of " + std::to_string(r.config.shards));
  for (const auto& g : r.games) {
    std::string game = "game " + std::to_string(g.index) + ": ";
    if (static_cast<int>(g.seat_bots.size()) != r.players) bad(game + "a bot per seat expected");
    if (!g.scores.empty() && static_cast<int>(g.scores.size()) != r.players)
      bad(game + "a score per player expected");
    for (int w : g.winners)
      if (w < 1 || w > r.players) bad(game + "winner " + std::to_string(w) + " is no player");
    if (g.first < 0 || g.first > r.players) bad(game + "first player " + std::to_string(g.first));
    if (!g.held.empty() && static_cast<int>(g.held.size()) != r.players)
      bad(game + "held cards per player expected");
    for (const auto& cards : g.held)
      for (int d : cards)
        if (d < 0 || d >= static_cast<int>(r.deck.size())) bad(game + "held card is no card");
  }
}

// A whole number read from a file. nlohmann converts a float to an integer
// by a plain cast, undefined beyond the target's range: fuzz_merge found a
// seed of 1.3e20 (tests/fuzz/crashes/merge/).
template <class Int>
static Int whole(const nlohmann::json& j, const char* what) {
  if (j.is_number_unsigned() && std::in_range<Int>(j.get<uint64_t>()))
    return static_cast<Int>(j.get<uint64_t>());
  if (j.is_number_integer() && !j.is_number_unsigned() && std::in_range<Int>(j.get<int64_t>()))
    return static_cast<Int>(j.get<int64_t>());
  throw std::runtime_error(std::string("not a sim result: ") + what +
                           " must be a whole number in range, not " + j.dump());
}

static std::vector<int> whole_list(const nlohmann::json& j, const char* what) {
  std::vector<int> out;
  for (const auto& x : j.get_ref<const nlohmann::json::array_t&>())
    out.push_back(whole<int>(x, what));
  return out;
}

template <class Int>
static Int whole_or(const nlohmann::json& j, const char* key, Int fallback) {
  return j.contains(key) ? whole<Int>(j.at(key), key) : fallback;
}

// Older files have only the fields before `first`: those stay unknown.
static std::vector<GameRecord> games_from_json(const nlohmann::json& list) {
  std::vector<GameRecord> out;
  for (const auto& g : list) {
    GameRecord rec;
    rec.index = whole<int>(g.at("index"), "index");
    rec.seed = whole<uint64_t>(g.at("seed"), "seed");
    rec.seat_bots = g.at("bots").get<std::vector<std::string>>();
    rec.winners = whole_list(g.at("winners"), "winners");
    rec.scores = g.at("scores").get<std::vector<double>>();
    rec.actions = whole<int>(g.at("actions"), "actions");
    rec.error = g.at("error");
    rec.first = whole_or<int>(g, "first", 0);
    rec.lead_changes = whole_or<int>(g, "lead_changes", -1);
    rec.comeback = whole_or<int>(g, "comeback", -1);
    if (g.contains("held"))
      for (const auto& cards : g.at("held").get_ref<const nlohmann::json::array_t&>())
        rec.held.push_back(whole_list(cards, "held"));
    const nlohmann::json stats = g.value("stats", nlohmann::json::object());
    for (const auto& [k, v] : stats.items()) rec.stats.emplace_back(k, v.get<double>());
    out.push_back(std::move(rec));
  }
  return out;
}

SimResult result_from_json(const nlohmann::json& j) {
  SimResult r;
  const auto& c = j.at("config");
  r.config.ruleset = c.at("ruleset");
  r.config.variant = c.at("variant");
  r.config.sets = c.at("sets").get<std::vector<std::string>>();
  r.config.games = whole<int>(c.at("games"), "games");
  r.config.seed = whole<uint64_t>(c.at("seed"), "seed");
  r.config.bots = c.at("bots").get<std::vector<std::string>>();
  r.config.rotate = c.at("rotate");
  r.config.shard = whole<int>(c.at("shard"), "shard");
  r.config.shards = whole<int>(c.at("shards"), "shards");
  r.players = whole<int>(c.at("players"), "players");
  r.config.skill_games = whole_or<int>(c, "skill_games", 0);
  int leads = whole_or<int>(c, "leads", static_cast<int>(SimConfig::Leads::Score));
  if (leads < 0 || leads > 2)
    throw std::runtime_error("not a sim result: leads " + std::to_string(leads));
  r.config.leads = static_cast<SimConfig::Leads>(leads);
  r.config.skill_bot = c.value("skill_bot", r.config.skill_bot);
  r.ruleset_id = j.at("ruleset");
  r.games = games_from_json(j.at("games_list"));
  if (j.contains("skill_list")) r.skill_games = games_from_json(j.at("skill_list"));
  for (const auto& d : j.value("deck", nlohmann::json::array()))
    r.deck.push_back({d.at(0), d.at(1), whole<int>(d.at(2), "deck count"), d.at(3)});
  check_result(r);
  return r;
}

static bool decks_differ(const std::vector<DeckCard>& a, const std::vector<DeckCard>& b) {
  if (a.size() != b.size()) return true;
  for (size_t k = 0; k < a.size(); ++k)
    if (a[k].id != b[k].id || a[k].count != b[k].count || a[k].hash != b[k].hash) return true;
  return false;
}

SimResult merge(const std::vector<SimResult>& parts) {
  if (parts.empty()) throw std::runtime_error("nothing to merge");
  SimResult out = parts[0];
  out.games.clear();
  out.skill_games.clear();
  std::vector<bool> have(parts[0].config.shards, false);
  for (const auto& p : parts) {
    if (p.config.seed != out.config.seed || p.config.games != out.config.games ||
        p.config.bots != out.config.bots || p.ruleset_id != out.ruleset_id ||
        p.config.variant != out.config.variant || p.config.sets != out.config.sets ||
        p.config.shards != out.config.shards || p.players != out.players ||
        p.config.rotate != out.config.rotate || p.config.skill_games != out.config.skill_games ||
        p.config.skill_bot != out.config.skill_bot || p.config.leads != out.config.leads ||
        decks_differ(p.deck, out.deck))
      throw std::runtime_error("these results are not shards of one run");
    if (have.at(p.config.shard))
      throw std::runtime_error("shard " + std::to_string(p.config.shard) + " given twice");
    have[p.config.shard] = true;
    out.games.insert(out.games.end(), p.games.begin(), p.games.end());
    out.skill_games.insert(out.skill_games.end(), p.skill_games.begin(), p.skill_games.end());
  }
  for (size_t k = 0; k < have.size(); ++k)
    if (!have[k]) throw std::runtime_error("shard " + std::to_string(k) + " is missing");
  auto by_index = [](auto& a, auto& b) { return a.index < b.index; };
  std::sort(out.games.begin(), out.games.end(), by_index);
  std::sort(out.skill_games.begin(), out.skill_games.end(), by_index);
  out.config.shard = 0;
  out.config.shards = 1;
  return out;
}

std::vector<SimResult> merge_runs(const std::vector<SimResult>& parts) {
  // Each variant's shards, in the order the variants first appear.
  std::vector<std::string> order;
  std::map<std::string, std::vector<SimResult>> by_variant;
  for (const auto& p : parts) {
    if (!by_variant.count(p.config.variant)) order.push_back(p.config.variant);
    by_variant[p.config.variant].push_back(p);
  }
  std::vector<SimResult> out;
  for (const auto& v : order) out.push_back(merge(by_variant[v]));
  return out;
}

nlohmann::json results_json(const std::vector<SimResult>& runs) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& r : runs) list.push_back(result_json(r));
  return {{"format", "ratify-sim"}, {"runs", list}, {"report", report_json(runs)}};
}

std::vector<SimResult> results_from_json(const nlohmann::json& j) {
  std::vector<SimResult> runs;
  if (j.is_array()) {
    for (const auto& r : j) runs.push_back(result_from_json(r));
  } else if (j.contains("runs")) {
    for (const auto& r : j.at("runs")) runs.push_back(result_from_json(r));
  } else {
    runs.push_back(result_from_json(j));
  }
  if (runs.empty()) throw std::runtime_error("not a sim result: no runs");
  return runs;
}

std::string summary_text(const SimResult& r) {
  Outcomes o = outcomes(r);
  auto seats = seat_win_rates(r);
  auto bots = bot_win_rates(r);
  std::ostringstream s;
  s << r.ruleset_id << (r.config.variant.empty() ? "" : "/" + r.config.variant) << ": "
    << r.games.size() << " games, " << r.players << " players, seed " << r.config.seed;
  for (const auto& set : r.config.sets) s << ", " << set;
  s << "\n";
  s << "seat  bot        win rate  (95% interval)    mean score\n";
  char line[160];
  for (int k = 0; k < r.players; ++k) {
    const WinRate& x = seats[static_cast<size_t>(k)];
    std::string bot = r.config.rotate ? "(rotating)" : r.config.bots[k % r.config.bots.size()];
    std::snprintf(line, sizeof line, "%-5d %-10s %6s    (%6s - %6s)  %9s\n", k + 1, bot.c_str(),
                  percent(x.rate).c_str(), percent(x.interval.low).c_str(),
                  percent(x.interval.high).c_str(), fixed(x.score.mean, 2).c_str());
    s << line;
  }
  if (bots.size() > 1 || r.config.rotate) {
    s << "bot        win rate  (95% interval)    games\n";
    for (const auto& [name, x] : bots) {
      std::snprintf(line, sizeof line, "%-10s %6s    (%6s - %6s)  %6s\n", name.c_str(),
                    percent(x.rate).c_str(), percent(x.interval.low).c_str(),
                    percent(x.interval.high).c_str(), fixed(x.games, 0).c_str());
      s << line;
    }
  }
  auto len = summarize(o.lengths);
  s << "game length: mean " << fixed(len.mean, 1) << " actions (sd " << fixed(len.sd, 1) << ", min "
    << fixed(len.min, 0) << ", max " << fixed(len.max, 0) << ")\n";
  double rates = 0;
  for (const auto& x : seats) rates += x.rate;
  if (o.shared)
    s << "shared wins: " << o.shared << " games had several winners, each counted as a win for "
      << "every one of them (the win rates add up to " << percent(rates) << ")\n";
  if (o.draws) s << "draws (games with no winner): " << o.draws << "\n";
  if (o.errors) {
    s << "games that failed: " << o.errors << "\n";
    int shown = 0;
    for (const auto& g : r.games)
      if (!g.error.empty() && shown++ < 5)
        s << "  game " << g.index << " (seed " << g.seed << "): " << g.error << "\n";
  }
  return s.str();
}

std::string comparison_text(const std::vector<SimResult>& runs) {
  return report_text(report_json(runs));
}

std::string games_csv(const SimResult& r) {
  return games_csv(std::vector<SimResult>{r});
}

std::string games_csv(const std::vector<SimResult>& runs) {
  std::ostringstream s;
  int players = 0;
  for (const auto& run : runs) players = std::max(players, run.players);
  s << "variant,index,seed,actions,winners,first,lead_changes,comeback";
  for (int p = 1; p <= players; ++p) s << ",bot" << p << ",score" << p;
  s << ",error\n";
  for (const auto& run : runs)
    for (const auto& g : run.games) {
      s << variant_label(run) << ',' << g.index << ',' << g.seed << ',' << g.actions << ',';
      for (size_t k = 0; k < g.winners.size(); ++k) s << (k ? " " : "") << g.winners[k];
      s << ',' << g.first << ',' << g.lead_changes << ',' << g.comeback;
      for (int p = 0; p < players; ++p) {
        if (p >= run.players) {
          s << ",,";
          continue;
        }
        s << ',' << g.seat_bots[p] << ','
          << (p < static_cast<int>(g.scores.size()) ? g.scores[p] : 0);
      }
      std::string e = g.error;
      std::replace(e.begin(), e.end(), '"', '\'');
      s << ",\"" << e << "\"\n";
    }
  return s.str();
}

}  // namespace ratify::sim
