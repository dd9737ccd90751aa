// `ratify bench`: random-playout speed of one ruleset or of all of them,
// on one thread, and with --profile where the time goes.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bots/bots.hpp"
#include "bots/mcts.hpp"
#include "cli/commands.hpp"
#include "core/line_profile.hpp"
#include "engine/game.hpp"

namespace ratify::cli {

namespace {

using Clock = std::chrono::steady_clock;

struct BenchRun {
  std::string id;
  int players = 0, games = 0;
  long long actions = 0;
  double seconds = 0;
  engine::CallProfile profile;
  bool eager_labels = false;
  // Labels as the window pays for them: describe of every legal action,
  // per decision, over the first decisions of one game.
  double label_us_per_decision = 0;
  int labels_per_decision = 0;
  // --bots: decisions searched by the bot on the way through random games,
  // the iterations they made and the time they took.
  int searched = 0;
  long long iterations = 0;
  long long played = 0;  // the actions those iterations played (apply_scratch)
  double search_seconds = 0;
  engine::CallProfile search_profile;  // with --profile: the ruleset's calls in the search
  core::LineProfile lines;             // with --by-line
  std::string error;
};

// Samples the rules' Lua of one game (and of its searches) from start()
// to stop() or its end: declared after the game, so it stops first.
class Sampling {
 public:
  Sampling() = default;
  ~Sampling() { stop(); }
  Sampling(const Sampling&) = delete;
  Sampling& operator=(const Sampling&) = delete;
  void start(engine::Game& g, core::LineProfile* into) {
    if (g_ || !into) return;
    g_ = &g;
    g.state().sample_lines(into);
  }
  void stop() {
    if (g_) g_->state().sample_lines(nullptr);
    g_ = nullptr;
  }

 private:
  engine::Game* g_ = nullptr;
};

double secs_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

int players_for(const engine::Loaded& loaded, int asked) {
  int p = asked ? asked : std::max(2, loaded.meta().min_players);
  p = std::min(p, loaded.meta().max_players);
  for (int c : loaded.meta().player_counts())  // the first count a variant allows
    if (!asked && !loaded.meta().allows(p) && c >= p) p = c;
  return p;
}

// What labels cost when someone reads them: one game, its first 200
// decisions, every legal action described.
void measure_labels(const std::shared_ptr<engine::Loaded>& loaded,
                    const core::OptionValues& options, int players, uint64_t seed, BenchRun& run) {
  engine::CallProfile labels;
  engine::Game g(loaded, players, seed, options, engine::Mode::Lean);
  core::Rng pick(core::mix_seed(seed, 5));
  int decisions = 0, described = 0;
  for (; decisions < 200 && g.actor() != 0; ++decisions) {
    int n = g.action_count();
    if (decisions == 0) run.eager_labels = g.state().actions_have_labels();
    g.state().set_profile(&labels);
    for (int i = 0; i < n; ++i) g.state().action(i);
    g.state().set_profile(nullptr);
    described += n;
    g.apply(n <= 1 ? 0 : static_cast<int>(pick.below(static_cast<uint32_t>(n))));
  }
  if (decisions == 0) return;
  // Eager labels cost nothing here (they were built by actions); the
  // describe calls are what the window adds for a ruleset that defers them.
  run.label_us_per_decision =
      static_cast<double>(labels.ns[engine::CallProfile::Describe]) / 1e3 / decisions;
  run.labels_per_decision = described / decisions;
}

// What one search iteration costs: the bot `spec` (mcts with a fixed
// iteration count) decides positions met in random games, every 7th
// decision with a choice, `decisions` in all, and its choice is thrown
// away (the random game goes on), so the positions are the random
// playouts' own and the iterations count exactly.
void measure_search(const std::shared_ptr<engine::Loaded>& loaded,
                    const core::OptionValues& options, int players, uint64_t seed,
                    const std::string& spec, int decisions, bool profile, bool lines,
                    BenchRun& run) {
  const auto& meta = loaded->meta();
  bots::MctsConfig config =
      bots::parse_mcts(spec, meta.has_heuristic, meta.search, meta.strategy_bots);
  if (spec.rfind("mcts", 0) != 0 || config.ms > 0)
    throw engine::InputError(
        "bench --bots: an mcts bot with a fixed iteration count, e.g. "
        "mcts:iters=1000:depth=0, not '" +
        spec + "'");
  auto bot = bots::make_bot(spec, meta);
  const auto& mcts = dynamic_cast<const bots::MctsBot&>(*bot);
  std::unique_ptr<engine::Game> game;
  Sampling sampling;  // after the game: stopped before it goes
  core::Rng bot_rng(core::mix_seed(seed, 7));
  for (int k = 0, met = 0; run.searched < decisions && k < 10000; ++k) {
    uint64_t s = core::mix_seed(seed, 1'000'000 + static_cast<uint64_t>(k));
    if (game)
      game->restart(s);
    else
      game = std::make_unique<engine::Game>(loaded, players, s, options, engine::Mode::Lean);
    engine::Game& g = *game;
    sampling.start(g, lines ? &run.lines : nullptr);
    core::Rng pick(core::mix_seed(s, 5));
    while (g.actor() != 0 && run.searched < decisions) {
      int n = g.action_count();
      if (n > 1 && met++ % 7 == 0) {
        if (profile) g.state().set_profile(&run.search_profile);
        long long applied = g.state().scratch_applies();
        auto start = Clock::now();
        bot->choose(g, bot_rng);
        run.search_seconds += secs_since(start);
        run.played += g.state().scratch_applies() - applied;
        g.state().set_profile(nullptr);
        // those searched: a decided search stops early (stop=decided)
        run.iterations += mcts.last_root().iterations;
        ++run.searched;
      }
      g.apply(n <= 1 ? 0 : static_cast<int>(pick.below(static_cast<uint32_t>(n))));
    }
  }
}

// Plays random games: `games` of them, or as many as fit in `seconds`.
BenchRun bench_one(const std::string& ruleset, const BenchArgs& a, int games, double seconds,
                   const std::string& bot) {
  const auto& sets = a.sets;
  uint64_t seed = a.seed;
  int asked_players = a.players;
  bool profile = a.profile;
  BenchRun run;
  auto loaded = engine::Loaded::open(ruleset);
  run.id = loaded->meta().id;
  auto options = loaded->options(sets);
  run.players = players_for(*loaded, asked_players);
  if (!loaded->meta().allows(run.players))
    throw engine::InputError(run.id + " is not for " + std::to_string(run.players) + " players");
  auto start = Clock::now();
  std::unique_ptr<engine::Game> game;  // one match for every game, as sim does
  Sampling sampling;                   // after the game: stopped before it goes
  for (int k = 0; games > 0 ? k < games : (k == 0 || secs_since(start) < seconds); ++k) {
    uint64_t s = core::mix_seed(seed, static_cast<uint64_t>(k));
    if (game)
      game->restart(s);
    else
      game = std::make_unique<engine::Game>(loaded, run.players, s, options, engine::Mode::Lean,
                                            profile ? &run.profile : nullptr);
    engine::Game& g = *game;
    sampling.start(g, a.by_line ? &run.lines : nullptr);
    core::Rng pick(core::mix_seed(s, 5));
    while (g.actor() != 0) {
      int n = g.action_count();
      g.apply(n <= 1 ? 0 : static_cast<int>(pick.below(static_cast<uint32_t>(n))));
      ++run.actions;
    }
    g.result();
    ++run.games;
  }
  run.seconds = secs_since(start);
  sampling.stop();  // the search's games are sampled on their own
  if (profile) measure_labels(loaded, options, run.players, seed, run);
  if (!bot.empty())
    measure_search(loaded, options, run.players, seed, bot, a.decisions, profile, a.by_line, run);
  return run;
}

double us_per_action(const BenchRun& r) {
  return 1e6 * r.seconds / static_cast<double>(std::max(1LL, r.actions));
}

double us_per_iteration(const BenchRun& r) {
  return 1e6 * r.search_seconds / static_cast<double>(std::max(1LL, r.iterations));
}

// The actions an iteration plays: down the tree, the opponents' one step
// ahead, the playout (thread 0's, with `threads=N`).
double played_per_iteration(const BenchRun& r) {
  return static_cast<double>(r.played) / static_cast<double>(std::max(1LL, r.iterations));
}

// What an iteration costs per action it plays, in random actions: how
// near an iteration comes to costing only the actions it plays.
double per_action_played(const BenchRun& r) {
  double played = played_per_iteration(r);
  return played > 0 ? us_per_iteration(r) / played / us_per_action(r) : 0;
}

// Shares of the run's time: each ruleset function, then the host's own.
std::vector<std::pair<std::string, double>> shares(const BenchRun& r) {
  std::vector<std::pair<std::string, double>> out;
  double total = r.seconds * 1e9, in_rules = 0;
  for (int f = 0; f < engine::CallProfile::kCount; ++f) {
    if (f == engine::CallProfile::Describe || f == engine::CallProfile::Heuristic) continue;
    double ns = static_cast<double>(r.profile.ns[f]);
    in_rules += ns;
    out.emplace_back(engine::CallProfile::name(f), ns / total);
  }
  out.emplace_back("host", std::max(0.0, total - in_rules) / total);
  return out;
}

void print_profile(const BenchRun& r) {
  std::printf("  where the time goes (a function's time includes the g.* calls it makes):\n");
  for (const auto& [name, share] : shares(r)) {
    int f = -1;
    for (int k = 0; k < engine::CallProfile::kCount; ++k)
      if (name == engine::CallProfile::name(k)) f = k;
    double us = 1e6 * share * r.seconds / static_cast<double>(std::max(1LL, r.actions));
    if (f >= 0)
      std::printf(
          "    %-8s %5.1f%%  %6.2f us/action  %6.2f us/call\n", name.c_str(), 100 * share, us,
          r.profile.calls[f] ? static_cast<double>(r.profile.ns[f]) / 1e3 / r.profile.calls[f]
                             : 0.0);
    else
      std::printf("    %-8s %5.1f%%  %6.2f us/action  (ratify's own work around the calls)\n",
                  name.c_str(), 100 * share, us);
  }
  if (r.eager_labels)
    std::printf(
        "  labels: actions(g) builds them on every decision, read or not; move them to "
        "describe(g, action) (docs/fast-rules.md)\n");
  else
    std::printf(
        "  labels: built only when read; describing all %d legal actions of a decision costs "
        "%.1f us (the window and text UI pay it, batch runs don't)\n",
        r.labels_per_decision, r.label_us_per_decision);
}

// What an iteration is made of: the ruleset's calls per iteration and
// their time, and the host's own (restore, the world's deal, keys).
void print_search_profile(const BenchRun& r) {
  const auto& p = r.search_profile;
  double iters = static_cast<double>(r.iterations), total = r.search_seconds * 1e9, in_rules = 0;
  std::printf("  an iteration of the search (calls per iteration, us per iteration):\n");
  for (int f = 0; f < engine::CallProfile::kCount; ++f) {
    if (!p.calls[f]) continue;
    in_rules += static_cast<double>(p.ns[f]);
    std::printf("    %-9s %6.2f calls  %7.2f us\n", engine::CallProfile::name(f),
                static_cast<double>(p.calls[f]) / iters,
                static_cast<double>(p.ns[f]) / 1e3 / iters);
  }
  std::printf("    %-9s %6s        %7.2f us  (restore, the world's deal, keys, the tree)\n", "host",
              "", std::max(0.0, total - in_rules) / 1e3 / iters);
}

// A file as the user would open it: below the working folder, relative.
std::string shown(const std::string& place) {
  std::string here = std::filesystem::current_path().string() + "/";
  return place.rfind(here, 0) == 0 ? place.substr(here.size()) : place;
}

std::string percent(int64_t n, int64_t of) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%5.1f%%", of ? 100.0 * static_cast<double>(n) / of : 0.0);
  return buf;
}

// The busiest entries of `counts`, by the count `by` picks, then by name.
template <class By>
std::vector<std::pair<std::string, core::LineProfile::Count>> busiest(
    const std::unordered_map<std::string, core::LineProfile::Count>& counts, By by, size_t most) {
  std::vector<std::pair<std::string, core::LineProfile::Count>> out(counts.begin(), counts.end());
  std::sort(out.begin(), out.end(), [&](const auto& x, const auto& y) {
    return by(x.second) != by(y.second) ? by(x.second) > by(y.second) : x.first < y.first;
  });
  if (out.size() > most) out.resize(most);
  return out;
}

void print_lines(const core::LineProfile& p) {
  int64_t all = p.samples + p.outside;
  std::printf(
      "  the rules' Lua, line by line (%lld samples of the thread's CPU time; %s of them in "
      "ratify's own work, outside the rules' functions):\n",
      static_cast<long long>(all), percent(p.outside, all).c_str());
  if (p.samples == 0) {
    std::printf("    (no sample met the rules running: give more games with -n)\n");
    return;
  }
  // Lua names a function by the call that reached it: one the host
  // calls (actions, apply) has none, so its place names it.
  auto name_of = [&](const std::string& fn) {
    auto n = p.names.find(fn);
    return n == p.names.end() ? "the function at " + shown(fn) : n->second;
  };
  std::printf("     own  with calls  line\n");
  for (const auto& [line, c] : busiest(
           p.lines, [](const auto& c) { return c.own; }, 20)) {
    if (c.own == 0) break;
    auto fn = p.function_of.find(line);
    std::printf("  %s     %s  %s  (%s)\n", percent(c.own, all).c_str(),
                percent(c.total, all).c_str(), shown(line).c_str(),
                fn == p.function_of.end() ? "?" : name_of(fn->second).c_str());
  }
  std::printf("  functions, with what they call (own: their lines alone):\n");
  for (const auto& [fn, c] : busiest(
           p.functions, [](const auto& c) { return c.total; }, 15))
    std::printf("  %s  own %s  %s  %s\n", percent(c.total, all).c_str(),
                percent(c.own, all).c_str(), shown(fn).c_str(), name_of(fn).c_str());
}

// The ruleset every line of --all is measured against (DESIGN's reference
// game: the same rules exist in plain Lua, JavaScript and C++).
constexpr const char* kYardstick = "article2";

// --by-line without -n plays for this long: about 1,000 samples at the
// kernel's usual tick, where 2,000 games of a fast ruleset give 60.
constexpr double kByLineSeconds = 4.0;

int bench_single(const BenchArgs& a) {
  BenchRun r = a.games || !a.by_line ? bench_one(a.ruleset, a, a.games ? a.games : 2000, 0, a.bots)
                                     : bench_one(a.ruleset, a, 0, kByLineSeconds, a.bots);
  std::printf("%s, %d players, random playouts on one thread:\n", r.id.c_str(), r.players);
  std::printf("  %d games, %lld actions in %.2fs\n", r.games, r.actions, r.seconds);
  std::printf("  %.0f games/s, %.0f actions/s, %.1f us/action\n", r.games / r.seconds,
              static_cast<double>(r.actions) / r.seconds, us_per_action(r));
  if (!a.bots.empty())
    std::printf(
        "  %s: %d decisions, %lld iterations in %.2fs: %.1f us/iteration, %.1f x an action;\n"
        "    %.1f actions played an iteration, %.1f x an action per action played\n",
        a.bots.c_str(), r.searched, r.iterations, r.search_seconds, us_per_iteration(r),
        us_per_iteration(r) / us_per_action(r), played_per_iteration(r), per_action_played(r));
  if (a.profile) print_profile(r);
  if (a.profile && r.iterations > 0) print_search_profile(r);
  if (a.by_line) print_lines(r.lines);
  return kOk;
}

int bench_all(const BenchArgs& a) {
  auto entries = engine::list_rulesets();
  std::printf("Every ruleset, random playouts on one thread (%s each):\n\n",
              a.games ? (std::to_string(a.games) + " games").c_str()
                      : (std::to_string(a.seconds).substr(0, 4) + " s").c_str());
  // The search column: the spec given, else 1000 iterations judged by
  // the heuristic at the leaf (depth 0), as issue 23's table measured.
  std::string bot = a.bots.empty() ? "mcts:iters=1000:depth=0" : a.bots;
  std::printf("%-22s %7s %7s %9s %10s %9s %10s %6s %6s %8s %8s", "ruleset", "players", "games",
              "actions", "us/action", "games/s", "us/iter", "ratio", "plays", "per play",
              "article2");
  if (a.profile)
    std::printf("  %7s %7s %7s %7s %7s", "actor", "actions", "apply", "result", "host");
  std::printf("\n");
  int rc = kOk;
  // Article II is the yardstick: its run comes first, so that every line
  // can say what an action costs against one of its own, the same sitting.
  std::optional<BenchRun> yardstick;
  auto run_of = [&](const engine::RulesetEntry& e) {
    if (yardstick && e.id == kYardstick) return *yardstick;
    return bench_one(e.dir.string(), a, a.games, a.seconds, bot);
  };
  for (const auto& e : entries)
    if (e.id == kYardstick) try {
        yardstick = run_of(e);
      } catch (const std::exception&) {
        // reported on its own line below
      }
  for (const auto& e : entries) {
    BenchRun r;
    try {
      r = run_of(e);
    } catch (const std::exception& ex) {
      std::printf("%-22s error: %s\n", e.id.c_str(), ex.what());
      rc = kBadInput;
      continue;
    }
    std::printf("%-22s %7d %7d %9lld %10.1f %9.0f %10.1f %6.1f %6.1f %8.1f", r.id.c_str(),
                r.players, r.games, r.actions, us_per_action(r), r.games / r.seconds,
                us_per_iteration(r), us_per_iteration(r) / us_per_action(r),
                played_per_iteration(r), per_action_played(r));
    if (yardstick)
      std::printf(" %7.2fx", us_per_action(r) / us_per_action(*yardstick));
    else
      std::printf(" %8s", "-");
    if (a.profile)
      for (const auto& [name, share] : shares(r))
        if (name != "setup") std::printf(" %6.1f%%", 100 * share);
    std::printf("\n");
    std::fflush(stdout);
  }
  std::printf(
      "\n(us/iter: %s, %d decisions met in random games; ratio: us/iter / us/action;\n"
      " plays: actions an iteration plays, down the tree, the opponents' tries and the "
      "playout;\n per play: ratio / plays, what an iteration costs per action it plays;\n"
      " article2: us/action against article2's in this run, at %s)\n",
      bot.c_str(), a.decisions,
      a.players ? "the players asked for, or the most each ruleset allows"
                : "each ruleset's default players");
  if (a.profile)
    std::printf(
        "\n(%% of each run's time in the ruleset's functions, g.* calls included; host: "
        "ratify's own work around them)\n");
  return rc;
}

}  // namespace

int cmd_bench(const BenchArgs& a) {
  if (a.all) return bench_all(a);
  if (a.ruleset.empty()) throw engine::InputError("bench: name a ruleset, or give --all");
  return bench_single(a);
}

}  // namespace ratify::cli
