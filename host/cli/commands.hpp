#pragma once
// The `ratify` subcommands. Each returns the exit code: 0 success,
// 1 a check or test failed, 2 bad input.
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace ratify::sim {
struct SimResult;
struct SimConfig;
struct TournamentResult;
}  // namespace ratify::sim

namespace ratify::cli {

constexpr int kOk = 0, kFailed = 1, kBadInput = 2;

struct PlayArgs {
  std::string ruleset;
  std::vector<std::string> seats, sets;
  uint64_t seed = 0;
  bool seed_given = false;
  int players = 0, max_actions = 0;
  std::string log_file, screenshot;
  bool text = false, quiet = false;
  bool no_auto = false;  // text UI: forced moves asked, not played for the humans
  int width = 1280, height = 720;
  // --resume [FILE]: a saved game (none named: the latest save; a ruleset
  // id: its latest save).
  bool resume_given = false;
  std::string resume;
};
int cmd_play(const PlayArgs& a);

// What `sim` and `merge` keep of a run besides their output: --html FILE
// (the report as one page), and a row in the history of runs
// ($XDG_DATA_HOME/ratify/history.sqlite, or --history FILE; none with
// --no-history).
struct RecordArgs {
  std::string html_file, history_file;
  bool no_history = false;
  std::string command;  // the command line, as the report shows it
};
struct SimArgs {
  std::string ruleset;
  std::vector<std::string> variants, sets, bots = {"random"};
  int games = 1000, threads = 0, players = 0;
  uint64_t seed = 1;
  bool rotate = false, quiet = false;
  std::string json_file, csv_file, shard;
  RecordArgs record;                     // --html, --history, --no-history
  bool no_base = false;                  // --no-base: only the variants named
  int skill_games = 0;                   // --skill-gap N
  bool leads = false, no_leads = false;  // --leads (heuristic too), --no-leads
  std::string skill_bot = "mcts:iters=100";
};
int cmd_sim(const SimArgs& a);
struct TournamentArgs {
  std::string ruleset, json_file, shard;
  std::vector<std::string> bots, sets, merge;
  std::vector<std::string> variants;  // none: the ruleset as named
  RecordArgs record;                  // --html, --history, --no-history
  int deals = 50, players = 0, threads = 0;
  uint64_t seed = 1;
  bool quiet = false;
};
int cmd_tournament(const TournamentArgs& a);
int cmd_merge(const std::vector<std::string>& files, const std::string& json_out,
              const RecordArgs& record = {});

struct CheckArgs {
  std::string ruleset;
  std::vector<std::string> sets;
  int games = 1000, threads = 0, players = 0;
  uint64_t seed = 1;
  bool roundtrip = true;
  int game = -1;  // --game K: only game K of the run (as a failure names it)
};
int cmd_check(const CheckArgs& a);
int cmd_test(const std::vector<std::string>& rulesets, bool verbose, const std::string& filter);
// `ratify lint [RULESET...]`: each ruleset (an id lints its variants too).
struct LintArgs {
  std::vector<std::string> rulesets;  // empty: every ruleset found
  std::vector<std::string> sets;
  int games = 10;
  uint64_t seed = 1;
};
int cmd_lint(const LintArgs& a);
// `ruleset`: the rules to verify under (default: the replay's by id).
// `commitment`: the seed commitment a network game published (docs/network.md).
int cmd_replay(const std::string& file, bool step, const std::string& ruleset = {},
               const std::string& commitment = {});
struct BenchArgs {
  std::string ruleset;
  std::vector<std::string> sets;
  int games = 0;         // 0: 2000 for one ruleset; with --all, `seconds` each
  double seconds = 2.0;  // per ruleset with --all
  uint64_t seed = 1;
  int players = 0;  // 0: 2, or the ruleset's minimum
  bool all = false, profile = false;
  bool by_line = false;  // --by-line: the rules' Lua sampled line by line
  std::string bots;      // --bots: an mcts spec, timed per iteration
  int decisions = 20;    // decisions it searches
};
int cmd_bench(const BenchArgs& a);
int cmd_list();

struct SolveArgs {
  std::string ruleset;
  std::vector<std::string> sets;
  int deals = 100, threads = 0;
  uint64_t seed = 1;
  long long limit_nodes = 200000;
  std::string order = "heuristic";
  std::string json_file;
  bool lines = false;  // print the winning line of each won deal
  int deal = -1;       // --deal K: only deal K of the run (as a failure names it)
};
int cmd_solve(const SolveArgs& a);

// `ratify new NAME [--dir DIR]`: a ruleset folder from the template.
struct NewArgs {
  std::string name, dir;  // dir empty: the working folder
  std::string from;       // a ruleset (id or folder) to copy instead of the template
};
int cmd_new(const NewArgs& a);

// A tournament's report (sim::tournament_report) as HTML and in the history.
void keep_tournament(const std::vector<sim::TournamentResult>& runs, const nlohmann::json& report,
                     const RecordArgs& a);
// Writes the report (sim::report_json of `runs`) as HTML and records the
// run in the history; a history that cannot be written is a warning.
void keep_run(const std::vector<sim::SimResult>& runs, const nlohmann::json& report,
              const RecordArgs& a);
// The rules' content hash (sim::content_hash of its folder), or "unknown".
std::string rules_hash(const sim::SimConfig& c);
// `ratify history [RULESET] | show ID | diff A B`.
struct HistoryArgs {
  std::vector<std::string> words;
  std::string history_file, html_file;  // html_file: with `show`, the run's report
};
int cmd_history(const HistoryArgs& a);

}  // namespace ratify::cli
