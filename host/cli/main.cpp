// ratify: the command line. Parses arguments (CLI11) and hands each
// subcommand to commands.cpp; turns every error into a message and an
// exit code (2 for bad input, 1 for a failed check or test).
#include <CLI/CLI.hpp>

#include <iostream>

#include "cli/commands.hpp"
#include "core/options.hpp"
#include "core/replay.hpp"
#include "engine/catalog.hpp"
#include "lua/error.hpp"

using namespace ratify::cli;

namespace {

std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : s) {
    if (ch == ',') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += ch;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "ratify: a scriptable rules sandbox for card games.\n"
      "Rules are Lua scripts in rulesets/<id>/; see docs/ for the guide."};
  app.require_subcommand(1);
  app.set_version_flag("--version", "ratify 0.1.0");
  std::function<int()> run;

  PlayArgs play;
  std::string seats;
  auto* p = app.add_subcommand("play", "Play a game: in a window, or in text without a display");
  p->add_option("ruleset", play.ruleset,
                "Ruleset id, id/variant, or folder (none: pick in the window)");
  p->add_option("--seats", seats,
                "Comma list: human, easy, normal, hard (mcts about 0.3 s / 2 s a move), random, "
                "heuristic, or any bot spec such as mcts:iters=2000 (default: human,easy,...)");
  p->add_option("--seed", play.seed, "Seed of the deal (default: the clock)")
      ->each([&](const std::string&) { play.seed_given = true; });
  p->add_option("--set", play.sets, "Option name=value (repeatable)");
  p->add_option("--players", play.players, "Number of players (default: from --seats)");
  p->add_option("--max-actions", play.max_actions, "Stop after this many actions");
  p->add_option("--log", play.log_file, "Write the game's replay (JSON lines) here");
  p->add_option("--screenshot", play.screenshot,
                "Render one frame to this PNG (headless) and exit");
  p->add_option("--size", play.width, "Window width (height follows 16:9)")
      ->each([&](const std::string& w) { play.height = std::stoi(w) * 9 / 16; });
  p->add_flag("--text", play.text, "Use the text UI even with a display");
  p->add_flag("--quiet", play.quiet, "Bots only: print just the result");
  auto* resume =
      p->add_option("--resume", play.resume,
                    "Resume a saved game: FILE, or the latest save (of RULESET when one is "
                    "named); saves are in $XDG_DATA_HOME/ratify/saves")
          ->expected(0, 1);
  p->callback([&] {
    play.resume_given = resume->count() > 0;
    play.seats = split_commas(seats);
    run = [&] { return cmd_play(play); };
  });

  SimArgs sim;
  std::string bots = "random";
  auto* s = app.add_subcommand("sim", "Play many games with bots and print the statistics");
  s->add_option("ruleset", sim.ruleset, "Ruleset id or folder")->required();
  s->add_option("variants", sim.variants, "Variants to compare side by side (same seeds)");
  s->add_option("-n,--games", sim.games, "Games per variant")->check(CLI::PositiveNumber);
  s->add_option("--seed", sim.seed, "Seed of the run (game i gets its own seed from it)");
  s->add_option("--threads", sim.threads,
                "Threads (default: all cores); results do not depend on it");
  s->add_option("--set", sim.sets, "Option name=value (repeatable)");
  s->add_option("--bots", bots,
                "Comma list of bots by seat: random, heuristic[:worlds=N], bot, "
                "mcts[:iters=N|:ms=N][:rollout=heuristic]");
  s->add_option("--players", sim.players, "Number of players (default: one per bot)");
  s->add_flag("--rotate", sim.rotate, "Rotate the bots through the seats game by game");
  s->add_option("--json", sim.json_file, "Write the results (summary and every game) as JSON");
  s->add_option("--csv", sim.csv_file, "Write one line per game as CSV");
  s->add_option("--shard", sim.shard,
                "K/N: play only games with index % N == K (merge with `ratify merge`)");
  s->add_flag("--quiet", sim.quiet, "Print nothing (use with --json)");
  s->callback([&] {
    sim.bots = split_commas(bots);
    run = [&] { return cmd_sim(sim); };
  });

  TournamentArgs tour;
  std::string tour_bots;
  auto* tr = app.add_subcommand(
      "tournament",
      "Every bot against every other in every seat on the same deals: a win-rate matrix and a "
      "rating per bot");
  tr->add_option("ruleset", tour.ruleset, "Ruleset id, id/variant, or folder");
  tr->add_option("--bots", tour_bots,
                 "Comma list of two or more bots, e.g. mcts:iters=1000,heuristic,random");
  tr->add_option("-n,--deals", tour.deals, "Deals; each is played in every seating")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  tr->add_option("--players", tour.players, "Players (default: 2, or the ruleset's minimum)")
      ->check(CLI::Range(1, 16));
  tr->add_option("--seed", tour.seed, "Seed of the run");
  tr->add_option("--threads", tour.threads,
                 "Threads (default: all cores); results do not depend on it");
  tr->add_option("--set", tour.sets, "Option name=value (repeatable)");
  tr->add_option("--json", tour.json_file, "Write the matrix, ratings and every game as JSON");
  tr->add_flag("--quiet", tour.quiet, "Print nothing (use with --json)");
  tr->add_option("--shard", tour.shard,
                 "K/N: play only games with index % N == K (join with --merge)");
  tr->add_option("--merge", tour.merge,
                 "Join the --json files of a tournament's shards, then analyse them as one")
      ->check(CLI::ExistingFile);
  tr->callback([&] {
    tour.bots = split_commas(tour_bots);
    run = [&] { return cmd_tournament(tour); };
  });

  std::vector<std::string> merge_files;
  std::string merge_out;
  auto* m = app.add_subcommand("merge", "Merge the --json results of sharded sim runs");
  m->add_option("files", merge_files, "Shard result files")->required()->check(CLI::ExistingFile);
  m->add_option("--json", merge_out, "Write the merged result here");
  m->callback([&] { run = [&] { return cmd_merge(merge_files, merge_out); }; });

  CheckArgs check;
  auto* c = app.add_subcommand("check", "Lint a ruleset, then random playouts with invariants");
  c->add_option("ruleset", check.ruleset, "Ruleset id, id/variant, or folder")->required();
  c->add_option("-n,--games", check.games, "Games to play")->check(CLI::PositiveNumber);
  c->add_option("--seed", check.seed, "Seed");
  c->add_option("--threads", check.threads, "Threads (default: all cores)");
  c->add_option("--set", check.sets, "Option name=value (repeatable)");
  c->add_option("--players", check.players, "Only this player count (default: each allowed count)");
  c->add_flag("!--no-roundtrip", check.roundtrip, "Skip the save/load check (faster)");
  c->callback([&] { run = [&] { return cmd_check(check); }; });

  std::vector<std::string> test_rulesets;
  bool verbose = false;
  auto* t = app.add_subcommand("test", "Run rulesets' scenario tests and golden playthroughs");
  t->add_option("rulesets", test_rulesets, "Ruleset ids or folders (default: all)");
  std::string test_filter;
  t->add_flag("-v,--verbose", verbose, "List every test");
  t->add_option("--filter", test_filter,
                "Only tests whose name or file name contains this text (and playthroughs whose "
                "file name does)");
  t->callback([&] { run = [&] { return cmd_test(test_rulesets, verbose, test_filter); }; });

  std::string replay_file;
  bool step = false, verify = false;
  auto* r = app.add_subcommand("replay", "Verify a replay file, or step through it");
  r->add_option("file", replay_file, "Replay (JSON lines)")->required()->check(CLI::ExistingFile);
  r->add_flag("--verify", verify, "Check every action and state hash (the default)");
  r->add_flag("--step", step, "Print each action and the players' status");
  r->callback([&] { run = [&] { return cmd_replay(replay_file, step); }; });

  BenchArgs bench;
  auto* b = app.add_subcommand(
      "bench",
      "Random-playout speed on one thread: one ruleset, or a table of all (--all); --profile "
      "shows where the time goes");
  b->add_option("ruleset", bench.ruleset, "Ruleset id or folder");
  b->add_flag("--all", bench.all, "Every ruleset found, one line each");
  b->add_flag("--profile", bench.profile,
              "Time per ruleset function (actor, actions, apply, result, setup) and the host's "
              "own, and what labels cost when shown");
  b->add_option("-n,--games", bench.games,
                "Games (default: 2000; with --all, as many as fit in --seconds)")
      ->check(CLI::PositiveNumber);
  b->add_option("--seconds", bench.seconds, "With --all: seconds of games per ruleset")
      ->check(CLI::Range(0.1, 3600.0))
      ->capture_default_str();
  b->add_option("--seed", bench.seed, "Seed");
  b->add_option("--set", bench.sets, "Option name=value (repeatable)");
  b->add_option("--players", bench.players, "Players (default: 2, or the minimum)")
      ->check(CLI::Range(1, 16));
  b->callback([&] { run = [&] { return cmd_bench(bench); }; });

  auto* l = app.add_subcommand("list", "List the rulesets and variants found");
  l->callback([&] { run = [&] { return cmd_list(); }; });

  SolveArgs solve;
  auto* so = app.add_subcommand("solve", "Exhaustive search of a one-player game over many deals");
  so->add_option("ruleset", solve.ruleset, "Ruleset id, id/variant, or folder")->required();
  so->add_option("-n,--deals", solve.deals, "Deals")->check(CLI::PositiveNumber);
  so->add_option("--seed", solve.seed, "Seed");
  so->add_option("--threads", solve.threads, "Threads (default: all cores)");
  so->add_option("--set", solve.sets, "Option name=value (repeatable)");
  so->add_option("--limit-nodes", solve.limit_nodes,
                 "Search nodes per deal before it counts as unknown");
  so->add_option("--order", solve.order,
                 "Try moves best first by the ruleset's heuristic, or in the order the rules list "
                 "them")
      ->check(CLI::IsMember({"heuristic", "rules"}))
      ->capture_default_str();
  so->add_option("--json", solve.json_file,
                 "Write every deal's verdict as JSON (with --lines, each winning line too)");
  so->add_flag("--lines", solve.lines, "Print the winning line of each won deal");
  so->callback([&] { run = [&] { return cmd_solve(solve); }; });

  NewArgs new_args;
  auto* nw = app.add_subcommand(
      "new", "Start a ruleset: a folder with a small complete game, its cards, README and tests");
  nw->add_option("name", new_args.name, "Ruleset id: lowercase letters, digits, underscores")
      ->required();
  nw->add_option("--dir", new_args.dir,
                 "Folder to create it in (default: the working folder); never overwrites");
  nw->callback([&] { run = [&] { return cmd_new(new_args); }; });

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : kBadInput;
  }
  try {
    return run();
  } catch (const ratify::lua::ScriptError& e) {
    std::cerr << "ratify: " << e.what() << "\n";
    if (!e.traceback().empty() && std::getenv("RATIFY_TRACEBACK"))
      std::cerr << e.traceback() << "\n";
    return kBadInput;
  } catch (const ratify::engine::InputError& e) {
    std::cerr << "ratify: " << e.what() << "\n";
    return kBadInput;
  } catch (const ratify::core::OptionError& e) {
    std::cerr << "ratify: " << e.what();
    return kBadInput;
  } catch (const ratify::core::ReplayError& e) {
    std::cerr << "ratify: " << e.what() << "\n";
    return kBadInput;
  } catch (const std::exception& e) {
    std::cerr << "ratify: " << e.what() << "\n";
    return kBadInput;
  }
}
