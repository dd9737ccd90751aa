// ratify: the command line. Parses arguments (CLI11) and hands each
// subcommand to commands.cpp; turns every error into a message and an
// exit code (2 for bad input, 1 for a failed check or test).
#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/net_commands.hpp"
#include "core/options.hpp"
#include "core/replay.hpp"
#include "core/table.hpp"
#include "engine/catalog.hpp"
#include "engine/state.hpp"

using namespace ratify::cli;

namespace ratify::cli {
void add_tune_command(CLI::App& app, std::function<int()>& run, const std::string& command);
}

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

// "ratify 0.1.0 (git abcdef1)": CMake's project version and the commit it
// was configured from (host/install.cmake).
std::string version_text() {
#ifndef RATIFY_VERSION
#define RATIFY_VERSION "unknown"
#endif
#ifndef RATIFY_GIT_COMMIT
#define RATIFY_GIT_COMMIT "unknown"
#endif
  return std::string("ratify ") + RATIFY_VERSION + " (git " + RATIFY_GIT_COMMIT + ")";
}

// The command as typed, for the report's header and the history: "ratify"
// and the arguments, each quoted for a shell when it needs to be.
std::string typed_command(int argc, char** argv) {
  std::string out = "ratify";
  for (int i = 1; i < argc; ++i) {
    std::string w = argv[i];
    bool plain = !w.empty() && w.find_first_not_of(
                                   "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ"
                                   "RSTUVWXYZ0123456789_-./=:,+@%") == std::string::npos;
    std::string quoted = "'";
    for (char ch : w) quoted += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    out += " " + (plain ? w : quoted + "'");
  }
  return out;
}

// --html, --history, --no-history: what `sim` and `merge` keep of a run.
void add_record_options(CLI::App* app, RecordArgs& record) {
  app->add_option("--html", record.html_file,
                  "Write the report as one self-contained HTML page (charts, tables; opens "
                  "offline)");
  app->add_option("--history", record.history_file,
                  "Record the run in this history database (default: "
                  "$XDG_DATA_HOME/ratify/history.sqlite; a --shard run is recorded once "
                  "merged; see `ratify history`)");
  app->add_flag("--no-history", record.no_history, "Do not record the run in the history");
}

// A seed is a whole number 0 .. 2^64-1 in digits: CLI11 alone would clamp
// 2^64 and wrap -1 into another seed than the one asked for.
std::string seed_error(std::string& text) {
  errno = 0;
  bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  if (digits) std::strtoull(text.c_str(), nullptr, 10);
  if (!digits || errno == ERANGE) return "a seed is a whole number from 0 to 18446744073709551615";
  return {};
}

// Every value range-checked with a plain message, in every subcommand that
// takes it: a count that cannot be honoured is refused, never changed.
void check_ranges(CLI::App& app) {
  for (auto* sub : app.get_subcommands({})) {
    auto check = [&](const char* name, const CLI::Validator& v) {
      if (auto* o = sub->get_option_no_throw(name)) o->check(v);
    };
    check("--seed", CLI::Validator(seed_error, "SEED"));
    check("--players", CLI::Range(1, ratify::core::kMaxPlayers));
    check("--threads", CLI::Range(0, 1024));
    check("--max-actions", CLI::NonNegativeNumber);
    check("--limit-nodes", CLI::PositiveNumber);
  }
}

// A JSON error in plain words: the library's own text
// ("[json.exception.type_error.316] invalid UTF-8 byte...") never reaches
// a user. Each place that reads or writes JSON says more; this is the last net.
std::string json_problem(const nlohmann::json::exception& e) {
  if (e.id == 316) return "a text is not valid UTF-8, and JSON holds UTF-8 text only";
  if (e.id >= 100 && e.id < 200) return "a file is not valid JSON";
  return "a JSON file holds a value of the wrong kind or range";
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "ratify: a scriptable rules sandbox for card games.\n"
      "Rules are Lua scripts in rulesets/<id>/; see docs/ for the guide."};
  app.require_subcommand(1);
  app.set_version_flag("--version", version_text());
  std::function<int()> run;
  bool no_traceback = false;
  app.add_flag("--no-traceback", no_traceback,
               "On a rules error, print the message (file:line) without the Lua stack "
               "traceback (also: RATIFY_TRACEBACK=0)");

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
      ->check(CLI::Range(320, 7680));
  p->add_flag("--text", play.text, "Use the text UI even with a display");
  p->add_flag("--quiet", play.quiet, "Bots only: print just the result");
  p->add_flag("--no-auto", play.no_auto,
              "Text UI: ask every forced move (by default they are played for you)");
  auto* resume =
      p->add_option("--resume", play.resume,
                    "Resume a saved game: FILE, or the latest save (of RULESET when one is "
                    "named); saves are in $XDG_DATA_HOME/ratify/saves")
          ->expected(0, 1);
  p->callback([&] {
    play.height = play.width * 9 / 16;
    play.resume_given = resume->count() > 0;
    play.seats = split_commas(seats);
    run = [&] { return cmd_play(play); };
  });

  SimArgs sim;
  std::string bots = "random";
  auto* s = app.add_subcommand("sim", "Play many games with bots and print the statistics");
  s->add_option("ruleset", sim.ruleset, "Ruleset id or folder")->required();
  s->add_option("variants", sim.variants,
                "Variants to compare with the base game on the same seeds; the base game is the "
                "first column (name it `base` to say so)");
  s->add_flag("--no-base", sim.no_base,
              "Leave out the base game: the first variant named is the one compared with");
  s->add_option("--skill-gap", sim.skill_games,
                "N more games per variant: a search bot (--skill-bot) in each seat in turn "
                "against random bots, to measure how much skill counts (docs/metrics.md)")
      ->check(CLI::NonNegativeNumber);
  s->add_option("--skill-bot", sim.skill_bot, "The search bot of --skill-gap")
      ->capture_default_str();
  auto* leads = s->add_flag("--leads", sim.leads,
                            "Lead changes and comebacks by the ruleset's heuristic when it has no "
                            "score(g, p) (a heuristic may cost more than the game itself)");
  s->add_flag("--no-leads", sim.no_leads, "No lead changes and comebacks (faster)")
      ->excludes(leads);
  s->add_option("-n,--games", sim.games, "Games per variant")->check(CLI::PositiveNumber);
  s->add_option("--seed", sim.seed, "Seed of the run (game i gets its own seed from it)");
  s->add_option("--threads", sim.threads,
                "Threads (default: all cores); results do not depend on it");
  s->add_option("--set", sim.sets, "Option name=value (repeatable)");
  s->add_option(
      "--bots", bots,
      "Comma list of bots by seat (default: random in every seat): random, "
      "heuristic[:worlds=N], bot, "
      "mcts[:iters=N|:ms=N][:rollout=heuristic|BOT][:depth=N][:opponents=tree|BOT][:threads=N]"
      "[:worlds=N][:stop=all][:trust=Z] (BOT: one of the ruleset's strategy bots, one call a "
      "move; worlds=N: the iterations share N worlds, each dealt once, 0 a world each; "
      "stop=all: every iteration, not only until the choice is decided; "
      "trust=Z: the heuristic's choice unless the search is Z standard errors surer; bare mcts "
      "suits the ruleset: its declared search, else depth=0 judged by its heuristic "
      "with heuristic opponents, else playouts capped at 400 actions)");
  s->add_option("--players", sim.players, "Number of players (default: one per bot)");
  s->add_flag("--rotate", sim.rotate, "Rotate the bots through the seats game by game");
  s->add_option("--json", sim.json_file,
                "Write the results (every game) and the report (metrics, comparisons) as JSON");
  s->add_option("--csv", sim.csv_file, "Write one line per game, of every variant, as CSV");
  s->add_option("--shard", sim.shard,
                "K/N: play only games with index % N == K (merge with `ratify merge`)");
  s->add_flag("--quiet", sim.quiet, "Print nothing (use with --json)");
  add_record_options(s, sim.record);
  sim.record.command = typed_command(argc, argv);
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
  tr->add_option("variants", tour.variants,
                 "Variants to play the same tournament in (`base`: the base game), one table of "
                 "bot against bot across them");
  tr->add_option("--bots", tour_bots,
                 "Comma list of two or more bots, e.g. mcts:iters=1000,heuristic,random (mcts "
                 "settings as for sim)");
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
  add_record_options(tr, tour.record);
  tour.record.command = typed_command(argc, argv);
  tr->callback([&] {
    tour.bots = split_commas(tour_bots);
    run = [&] { return cmd_tournament(tour); };
  });

  std::vector<std::string> merge_files;
  std::string merge_out;
  auto* m = app.add_subcommand(
      "merge",
      "Merge the --json results of sharded sim runs (any variants): the same report as the "
      "unsharded run");
  m->add_option("files", merge_files, "Shard result files")->required()->check(CLI::ExistingFile);
  m->add_option("--json", merge_out, "Write the merged result here");
  RecordArgs merge_record;
  add_record_options(m, merge_record);
  merge_record.command = typed_command(argc, argv);
  m->callback([&] { run = [&] { return cmd_merge(merge_files, merge_out, merge_record); }; });

  HistoryArgs history;
  auto* hi = app.add_subcommand(
      "history",
      "The runs of sim and merge recorded so far: list them (of one ruleset), `show ID`, or "
      "`diff A B` (two runs of the same test: win rates and metrics with p-values)");
  hi->add_option("what", history.words, "RULESET, or show ID, or diff A B (default: every run)");
  hi->add_option("--history", history.history_file,
                 "The history database (default: $XDG_DATA_HOME/ratify/history.sqlite)");
  hi->add_option("--html", history.html_file, "With show: write the run's report as HTML");
  hi->callback([&] { run = [&] { return cmd_history(history); }; });

  CheckArgs check;
  auto* c = app.add_subcommand("check", "Lint a ruleset, then random playouts with invariants");
  c->add_option("ruleset", check.ruleset, "Ruleset id, id/variant, or folder")->required();
  c->add_option("-n,--games", check.games, "Games to play")->check(CLI::PositiveNumber);
  c->add_option("--seed", check.seed, "Seed");
  c->add_option("--threads", check.threads, "Threads (default: all cores)");
  c->add_option("--set", check.sets, "Option name=value (repeatable)");
  c->add_option("--players", check.players, "Only this player count (default: each allowed count)");
  c->add_flag("!--no-roundtrip", check.roundtrip, "Skip the save/load check (faster)");
  c->add_option("--game", check.game,
                "Play only game K of the run (0-based), as a failed check names it")
      ->check(CLI::Range(0, 1 << 30));
  c->callback([&] { run = [&] { return cmd_check(check); }; });

  std::vector<std::string> test_rulesets;
  bool verbose = false;
  auto* t = app.add_subcommand("test",
                               "Run rulesets' scenario tests and golden playthroughs, then the "
                               "tests of your variants of each ($XDG_DATA_HOME/ratify/variants/"
                               "RULESET/tests/*.lua)");
  t->add_option("rulesets", test_rulesets, "Ruleset ids or folders (default: all)");
  std::string test_filter;
  t->add_flag("-v,--verbose", verbose, "List every test");
  t->add_option("--filter", test_filter,
                "Only tests whose name or file name contains this text (and playthroughs whose "
                "file name does); none matching fails");
  t->callback([&] { run = [&] { return cmd_test(test_rulesets, verbose, test_filter); }; });

  LintArgs lint;
  auto* li = app.add_subcommand(
      "lint",
      "Report what the host would silently ignore or misread: an id that is not the folder's "
      "name, unknown keys (with a did-you-mean), globals, actions offered under one label "
      "(docs/lint.md). Exit 1 when it finds anything");
  li->add_option("rulesets", lint.rulesets,
                 "Ruleset ids (each with its variants), id/variant, or folders (default: all)");
  li->add_option("-n,--games", lint.games,
                 "Random games that look for identical labels and globals (0: the tables only)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  li->add_option("--seed", lint.seed, "Seed of the games");
  li->add_option("--set", lint.sets, "Option name=value (repeatable)");
  li->callback([&] { run = [&] { return cmd_lint(lint); }; });

  std::string replay_file;
  bool step = false, verify = false;
  auto* r = app.add_subcommand("replay", "Verify a replay file, or step through it");
  r->add_option("file", replay_file, "Replay (JSON lines)")->required()->check(CLI::ExistingFile);
  r->add_flag("--verify", verify, "Check every action and state hash (the default)");
  r->add_flag("--step", step, "Print each action and the players' status");
  std::string replay_rules;
  r->add_option("--ruleset", replay_rules,
                "Verify under these rules (a folder or id; default: the ruleset the replay names "
                "by id)");
  std::string replay_commitment;
  r->add_option("--commitment", replay_commitment,
                "A network game's: the seed commitment the server published at the start (its "
                "replay must reveal a seed and nonce that match it)");
  r->callback([&] {
    run = [&] { return cmd_replay(replay_file, step, replay_rules, replay_commitment); };
  });

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
  b->add_flag("--by-line", bench.by_line,
              "Where the rules' Lua spends its time, line by line and function by function "
              "(sampled on the thread's CPU time; a g.* call counts for the line calling it); "
              "without -n, games for 4 seconds")
      ->excludes("--all");
  b->add_option("-n,--games", bench.games,
                "Games (default: 2000; with --all, as many as fit in --seconds)")
      ->check(CLI::PositiveNumber);
  b->add_option("--seconds", bench.seconds, "With --all: seconds of games per ruleset")
      ->check(CLI::Range(0.1, 3600.0))
      ->capture_default_str();
  b->add_option("--seed", bench.seed, "Seed");
  b->add_option("--set", bench.sets, "Option name=value (repeatable)");
  b->add_option("--players", bench.players,
                "Players (default: 2, or the minimum; with --all, each ruleset at most its "
                "largest: --players 16 measures every one at its largest)")
      ->check(CLI::Range(1, 16));
  b->add_option("--bots", bench.bots,
                "An mcts bot with fixed iterations (mcts:iters=1000:depth=0): us per iteration "
                "beside us per random action, measured in one run; --all adds it always");
  b->add_option("--decisions", bench.decisions, "With --bots: decisions searched")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
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
  so->add_option("--deal", solve.deal,
                 "Search only deal K of the run (0-based), as a failed solve names it")
      ->check(CLI::Range(0, 1 << 30));
  so->callback([&] { run = [&] { return cmd_solve(solve); }; });

  NewArgs new_args;
  auto* nw = app.add_subcommand(
      "new", "Start a ruleset: a folder with a small complete game, its cards, README and tests");
  nw->add_option("name", new_args.name, "Ruleset id: lowercase letters, digits, underscores")
      ->required();
  nw->add_option("--dir", new_args.dir,
                 "Folder to create it in (default: the working folder); never overwrites");
  nw->add_option("--from", new_args.from,
                 "Copy this ruleset (id or folder) instead of the template; its .luarc.json is "
                 "pointed at this ratify's scripts");
  nw->callback([&] { run = [&] { return cmd_new(new_args); }; });

  add_tune_command(app, run, typed_command(argc, argv));

  ServeArgs serve;
  std::string serve_seats = "human,human";
  auto* sv = app.add_subcommand(
      "serve",
      "Host one game over the network: prints a ws:// join link per human seat and a watch link; "
      "without a ruleset, a lobby of many games (docs/network.md)");
  sv->add_option("ruleset", serve.ruleset, "Ruleset id, id/variant, or folder (none: a lobby)");
  sv->add_option("variant", serve.variant, "Variant of the ruleset");
  sv->add_option("--seats", serve_seats,
                 "Comma list, one per player: human (a join link) or a bot spec played on the "
                 "server")
      ->capture_default_str();
  sv->add_option("--set", serve.sets, "Option name=value (repeatable)");
  sv->add_option("--listen", serve.listen, "ADDR:PORT to listen on (port 0: any free port)")
      ->capture_default_str();
  sv->add_option("--public-host", serve.public_host,
                 "The host name or address the printed links name (default: the listen address)");
  sv->add_option("--replay", serve.replay_file, "Write the game's replay here when it ends");
  sv->add_option("--seed", serve.seed, "Seed of the deal (default: unguessable; committed to)")
      ->each([&](const std::string&) { serve.seed_given = true; });
  sv->add_flag("--no-watchers", serve.no_watchers, "Refuse watchers");
  sv->add_option("--limit", serve.limits,
                 "A limit NAME=VALUE (repeatable): connections_per_address, games, "
                 "games_per_address, messages_per_second, message_burst, bad_messages, outbox, "
                 "message_bytes, chat_bytes (docs/network.md \"Limits\")");
  sv->add_flag("--undo", serve.undo,
               "A player may ask to undo their last move; the other players accept or refuse");
  sv->add_option("--takeover", serve.takeover,
                 "Seconds a player may be away when it is their turn before a bot moves for them "
                 "(default: 0, the game waits)")
      ->check(CLI::Range(0.0, 86400.0));
  sv->add_option("--takeover-bot", serve.takeover_bot,
                 "The bot that stands in (for a player away, or out of time)")
      ->capture_default_str();
  sv->add_option("--tls-cert", serve.tls_cert,
                 "TLS: the server's certificate chain (PEM); the links are wss://")
      ->check(CLI::ExistingFile);
  sv->add_option("--tls-key", serve.tls_key, "TLS: the certificate's private key (PEM)")
      ->check(CLI::ExistingFile);
  sv->add_option("--clock", serve.clock,
                 "A turn clock: seconds a player has for each move before the --takeover-bot "
                 "moves for them (default: 0, no clock)")
      ->check(CLI::Range(0.0, 86400.0));
  sv->add_option("--data", serve.data_dir,
                 "Journal the game in this folder as it goes; started again on it (after a crash "
                 "or kill -9), the server resumes the game with the same links");
  sv->callback([&] {
    serve.seats = split_commas(serve_seats);
    run = [&] { return cmd_serve(serve); };
  });

  JoinArgs join;
  auto* jn = app.add_subcommand("join", "Join a game hosted by `ratify serve`, from its link");
  jn->add_option("link", join.link, "ws:// or wss://HOST:PORT/?seat=N&token=T (or ...?watch)")
      ->required();
  jn->add_flag("--text", join.text, "Play in the text UI (default: the window, else the text UI)");
  jn->add_option("--bot", join.bot,
                 "Let a bot play the seat from its view: random, or one that searches "
                 "(heuristic, mcts[:settings], a strategy bot) with the same rules installed here");
  jn->add_option("--seed", join.seed, "Seed of the client bot")->each([&](const std::string&) {
    join.seed_given = true;
  });
  jn->add_flag("--quiet", join.quiet, "Do not print the log as it goes");
  jn->add_option("--trust-cert", join.trust_cert,
                 "For a wss:// link: trust this certificate (PEM: the server's self-signed one, "
                 "or its CA; default: the system's trusted roots)")
      ->check(CLI::ExistingFile);
  std::string join_seats;
  jn->add_flag("--list", join.list, "A lobby's link: list its open games and their free seats");
  jn->add_option("--create", join.create,
                 "A lobby's link: create a game of RULESET[/VARIANT] and take its first free seat");
  jn->add_option("--seats", join_seats,
                 "With --create: human,human,random... (bots: random or heuristic)");
  jn->add_option("--set", join.sets, "With --create: option name=value (repeatable)");
  jn->add_flag("--undo", join.undo, "With --create: a player may ask to undo their last move");
  jn->callback([&] {
    if (!join_seats.empty()) join.seats = split_commas(join_seats);
    run = [&] { return cmd_join(join); };
  });

  // Set last: a subcommand made after it would repeat it in its own --help.
  app.footer(
      "Rulesets are found by path, or by id in these folders (the first of an id wins): "
      "./rulesets, ratify's own (PREFIX/share/ratify/rulesets once installed), your own "
      "($XDG_DATA_HOME/ratify/rulesets, default ~/.local/share/ratify/rulesets), then the "
      "folders of RATIFY_PATH (separated by ':'); `ratify list` shows each one's folder. "
      "Saved games are in $XDG_DATA_HOME/ratify/saves.");

  check_ranges(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : kBadInput;
  }
  try {
    int rc = run();
    // Output that could not be written (a full disk, a closed pipe) is an
    // error, not a silent success.
    if (!std::cout.flush() || std::fflush(stdout) != 0) {
      std::cerr << "ratify: cannot write the output\n";
      return kBadInput;
    }
    return rc;
  } catch (const ratify::engine::ScriptError& e) {
    std::cerr << "ratify: " << e.what() << "\n";
    // The traceback by default: the line that failed is often a helper,
    // and the caller that passed it the bad value is the one to fix.
    const char* env = std::getenv("RATIFY_TRACEBACK");
    bool show = !no_traceback && !(env && std::string(env) == "0");
    // (one without a Lua line, "[C]: in ?", would say nothing)
    if (show && e.traceback().find(".lua:") != std::string::npos)
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
  } catch (const nlohmann::json::exception& e) {
    std::cerr << "ratify: " << json_problem(e) << "\n";
    return kBadInput;
  } catch (const std::exception& e) {
    std::cerr << "ratify: " << e.what() << "\n";
    return kBadInput;
  }
}
