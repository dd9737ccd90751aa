#include "sim/sim.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "bots/bots.hpp"
#include "engine/game.hpp"

namespace ratify::sim {

namespace {

std::vector<std::string> seating(const SimConfig& c, int players, int index) {
  std::vector<std::string> seats;
  int shift = c.rotate ? index : 0;
  for (int s = 0; s < players; ++s)
    seats.push_back(c.bots[static_cast<size_t>(s + shift) % c.bots.size()]);
  return seats;
}

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
    for (;;) {
      int actor = game.actor();
      if (actor == 0) break;
      if (rec.actions >= c.max_actions)
        throw std::runtime_error("no end after " + std::to_string(c.max_actions) + " actions");
      if (game.action_count() == 0)
        throw std::runtime_error("player " + std::to_string(actor) + " has no legal action");
      int i = seat_bot[actor - 1]->choose(game, seat_rng[actor - 1]);
      game.apply(i);
      ++rec.actions;
    }
    auto r = game.result();
    if (!r) throw std::runtime_error("the game ended (no actor) but result(g) is nil");
    rec.winners = r->winners;
    rec.scores = r->scores;
  } catch (const std::exception& e) {
    rec.error = e.what();
    reuse.reset();
  }
  return rec;
}

}  // namespace

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
  players = std::min(players, first->meta().max_players);
  for (int p : first->meta().player_counts())  // the first count a variant allows
    if (!c.players && !first->meta().allows(players) && p >= players) players = p;
  if (!first->meta().allows(players))
    throw engine::InputError(out.ruleset_id + " is for " +
                             std::to_string(first->meta().min_players) + " to " +
                             std::to_string(first->meta().max_players) + " players");
  for (const auto& b : c.bots) bots::make_bot(b, first->meta());  // check names
  for (const auto& seats : c.seatings)
    if (static_cast<int>(seats.size()) != players)
      throw std::invalid_argument("a seating names " + std::to_string(seats.size()) + " bots for " +
                                  std::to_string(players) + " players");
  out.players = players;

  std::vector<int> indices;
  for (int i = 0; i < c.games; ++i)
    if (i % c.shards == c.shard) indices.push_back(i);
  out.games.resize(indices.size());
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
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

namespace {

struct Tally {
  double wins = 0, games = 0;
  std::vector<double> scores;
};

struct Tallies {
  std::vector<Tally> seats;
  std::map<std::string, Tally> bots;
  std::vector<double> lengths;
  int errors = 0, draws = 0;
};

Tallies tally(const SimResult& r) {
  Tallies t;
  t.seats.resize(r.players);
  for (const auto& g : r.games) {
    if (!g.error.empty()) {
      ++t.errors;
      continue;
    }
    t.lengths.push_back(g.actions);
    if (g.winners.empty()) ++t.draws;
    for (int s = 0; s < r.players; ++s) {
      bool won = std::find(g.winners.begin(), g.winners.end(), s + 1) != g.winners.end();
      double score = s < static_cast<int>(g.scores.size()) ? g.scores[s] : 0;
      for (Tally* x : {&t.seats[s], &t.bots[g.seat_bots[s]]}) {
        x->games += 1;
        x->wins += won;
        x->scores.push_back(score);
      }
    }
  }
  return t;
}

nlohmann::json tally_json(const Tally& x) {
  auto ci = wilson(x.wins, x.games);
  auto sc = summarize(x.scores);
  return {{"games", x.games},
          {"wins", x.wins},
          {"win_rate", x.games ? x.wins / x.games : 0},
          {"ci95", {ci.low, ci.high}},
          {"mean_score", sc.mean},
          {"sd_score", sc.sd}};
}

std::string pct(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%5.1f%%", 100 * x);
  return b;
}

}  // namespace

nlohmann::json summary_json(const SimResult& r) {
  Tallies t = tally(r);
  nlohmann::json seats = nlohmann::json::array(), bots = nlohmann::json::object();
  for (const auto& s : t.seats) seats.push_back(tally_json(s));
  for (const auto& [name, x] : t.bots) bots[name] = tally_json(x);
  auto len = summarize(t.lengths);
  return {{"ruleset", r.ruleset_id},
          {"variant", r.config.variant},
          {"options", r.config.sets},
          {"games", r.games.size()},
          {"seed", r.config.seed},
          {"players", r.players},
          {"bots", r.config.bots},
          {"rotate", r.config.rotate},
          {"shard", std::to_string(r.config.shard) + "/" + std::to_string(r.config.shards)},
          {"errors", t.errors},
          {"no_winner", t.draws},
          {"seats", seats},
          {"by_bot", bots},
          {"length", {{"mean", len.mean}, {"sd", len.sd}, {"min", len.min}, {"max", len.max}}}};
}

nlohmann::json result_json(const SimResult& r) {
  nlohmann::json games = nlohmann::json::array();
  for (const auto& g : r.games)
    games.push_back({{"index", g.index},
                     {"seed", g.seed},
                     {"bots", g.seat_bots},
                     {"winners", g.winners},
                     {"scores", g.scores},
                     {"actions", g.actions},
                     {"error", g.error}});
  auto j = summary_json(r);
  j["games_list"] = games;
  j["config"] = {{"ruleset", r.config.ruleset}, {"variant", r.config.variant},
                 {"sets", r.config.sets},       {"games", r.config.games},
                 {"seed", r.config.seed},       {"bots", r.config.bots},
                 {"rotate", r.config.rotate},   {"players", r.players},
                 {"shard", r.config.shard},     {"shards", r.config.shards}};
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
  }
}

SimResult result_from_json(const nlohmann::json& j) {
  SimResult r;
  const auto& c = j.at("config");
  r.config.ruleset = c.at("ruleset");
  r.config.variant = c.at("variant");
  r.config.sets = c.at("sets").get<std::vector<std::string>>();
  r.config.games = c.at("games");
  r.config.seed = c.at("seed");
  r.config.bots = c.at("bots").get<std::vector<std::string>>();
  r.config.rotate = c.at("rotate");
  r.config.shard = c.at("shard");
  r.config.shards = c.at("shards");
  r.players = c.at("players");
  r.ruleset_id = j.at("ruleset");
  for (const auto& g : j.at("games_list")) {
    GameRecord rec;
    rec.index = g.at("index");
    rec.seed = g.at("seed");
    rec.seat_bots = g.at("bots").get<std::vector<std::string>>();
    rec.winners = g.at("winners").get<std::vector<int>>();
    rec.scores = g.at("scores").get<std::vector<double>>();
    rec.actions = g.at("actions");
    rec.error = g.at("error");
    r.games.push_back(std::move(rec));
  }
  check_result(r);
  return r;
}

SimResult merge(const std::vector<SimResult>& parts) {
  if (parts.empty()) throw std::runtime_error("nothing to merge");
  SimResult out = parts[0];
  out.games.clear();
  std::vector<bool> have(parts[0].config.shards, false);
  for (const auto& p : parts) {
    if (p.config.seed != out.config.seed || p.config.games != out.config.games ||
        p.config.bots != out.config.bots || p.ruleset_id != out.ruleset_id ||
        p.config.variant != out.config.variant || p.config.sets != out.config.sets ||
        p.config.shards != out.config.shards || p.players != out.players ||
        p.config.rotate != out.config.rotate)
      throw std::runtime_error("these results are not shards of one run");
    if (have.at(p.config.shard))
      throw std::runtime_error("shard " + std::to_string(p.config.shard) + " given twice");
    have[p.config.shard] = true;
    out.games.insert(out.games.end(), p.games.begin(), p.games.end());
  }
  for (size_t k = 0; k < have.size(); ++k)
    if (!have[k]) throw std::runtime_error("shard " + std::to_string(k) + " is missing");
  std::sort(out.games.begin(), out.games.end(), [](auto& a, auto& b) { return a.index < b.index; });
  out.config.shard = 0;
  out.config.shards = 1;
  return out;
}

std::string summary_text(const SimResult& r) {
  Tallies t = tally(r);
  std::ostringstream s;
  s << r.ruleset_id << (r.config.variant.empty() ? "" : "/" + r.config.variant) << ": "
    << r.games.size() << " games, " << r.players << " players, seed " << r.config.seed;
  for (const auto& set : r.config.sets) s << ", " << set;
  s << "\n";
  s << "seat  bot        win rate  (95% interval)    mean score\n";
  for (int k = 0; k < r.players; ++k) {
    const Tally& x = t.seats[k];
    auto ci = wilson(x.wins, x.games);
    char line[160];
    std::string bot = r.config.rotate ? "(rotating)" : r.config.bots[k % r.config.bots.size()];
    std::snprintf(line, sizeof line, "%-5d %-10s %s    (%s - %s)  %9.2f\n", k + 1, bot.c_str(),
                  pct(x.games ? x.wins / x.games : 0).c_str(), pct(ci.low).c_str(),
                  pct(ci.high).c_str(), summarize(x.scores).mean);
    s << line;
  }
  if (t.bots.size() > 1 || r.config.rotate) {
    s << "bot        win rate  (95% interval)    games\n";
    for (const auto& [name, x] : t.bots) {
      auto ci = wilson(x.wins, x.games);
      char line[160];
      std::snprintf(line, sizeof line, "%-10s %s    (%s - %s)  %6.0f\n", name.c_str(),
                    pct(x.games ? x.wins / x.games : 0).c_str(), pct(ci.low).c_str(),
                    pct(ci.high).c_str(), x.games);
      s << line;
    }
  }
  auto len = summarize(t.lengths);
  char line[200];
  std::snprintf(line, sizeof line, "game length: mean %.1f actions (sd %.1f, min %.0f, max %.0f)\n",
                len.mean, len.sd, len.min, len.max);
  s << line;
  if (t.draws) s << "games with no winner: " << t.draws << "\n";
  if (t.errors) {
    s << "games that failed: " << t.errors << "\n";
    int shown = 0;
    for (const auto& g : r.games)
      if (!g.error.empty() && shown++ < 5)
        s << "  game " << g.index << " (seed " << g.seed << "): " << g.error << "\n";
  }
  return s.str();
}

std::string comparison_text(const std::vector<SimResult>& runs) {
  std::ostringstream s;
  if (runs.size() < 2) return s.str();
  const SimResult& a = runs[0];
  for (size_t k = 1; k < runs.size(); ++k) {
    const SimResult& b = runs[k];
    Tallies ta = tally(a), tb = tally(b);
    auto name = [](const SimResult& r) {
      return r.config.variant.empty() ? std::string("(base)") : r.config.variant;
    };
    s << "\n" << name(a) << " vs " << name(b) << " (same seeds)\n";
    s << "seat  " << name(a) << "  " << name(b) << "  difference  p-value\n";
    for (int p = 0; p < std::min(a.players, b.players); ++p) {
      const Tally &x = ta.seats[p], &y = tb.seats[p];
      double ra = x.games ? x.wins / x.games : 0, rb = y.games ? y.wins / y.games : 0;
      double pv = two_proportion_p(x.wins, x.games, y.wins, y.games);
      char line[200];
      std::snprintf(line, sizeof line, "%-5d %s  %s  %+6.1f pts    %.4f%s\n", p + 1,
                    pct(ra).c_str(), pct(rb).c_str(), 100 * (rb - ra), pv, pv < 0.05 ? "  *" : "");
      s << line;
    }
    auto la = summarize(ta.lengths), lb = summarize(tb.lengths);
    double pv = welch_p(la, lb);
    char line[200];
    std::snprintf(line, sizeof line, "length %.1f  %.1f  %+.1f actions  %.4f%s\n", la.mean, lb.mean,
                  lb.mean - la.mean, pv, pv < 0.05 ? "  *" : "");
    s << line << "(* : the difference is significant at the 5% level)\n";
  }
  return s.str();
}

std::string games_csv(const SimResult& r) {
  std::ostringstream s;
  s << "index,seed,actions,winners";
  for (int p = 1; p <= r.players; ++p) s << ",bot" << p << ",score" << p;
  s << ",error\n";
  for (const auto& g : r.games) {
    s << g.index << ',' << g.seed << ',' << g.actions << ',';
    for (size_t k = 0; k < g.winners.size(); ++k) s << (k ? " " : "") << g.winners[k];
    for (int p = 0; p < r.players; ++p)
      s << ',' << g.seat_bots[p] << ','
        << (p < static_cast<int>(g.scores.size()) ? g.scores[p] : 0);
    std::string e = g.error;
    std::replace(e.begin(), e.end(), '"', '\'');
    s << ",\"" << e << "\"\n";
  }
  return s.str();
}

}  // namespace ratify::sim
