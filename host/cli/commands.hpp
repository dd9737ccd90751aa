#pragma once
// The `ratify` subcommands. Each returns the exit code: 0 success,
// 1 a check or test failed, 2 bad input.
#include <cstdint>
#include <string>
#include <vector>

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
  int width = 1280, height = 720;
  // --resume [FILE]: a saved game (none named: the latest save; a ruleset
  // id: its latest save).
  bool resume_given = false;
  std::string resume;
};
int cmd_play(const PlayArgs& a);

struct SimArgs {
  std::string ruleset;
  std::vector<std::string> variants, sets, bots = {"random"};
  int games = 1000, threads = 0, players = 0;
  uint64_t seed = 1;
  bool rotate = false, quiet = false;
  std::string json_file, csv_file, shard;
};
int cmd_sim(const SimArgs& a);
struct TournamentArgs {
  std::string ruleset, json_file, shard;
  std::vector<std::string> bots, sets, merge;
  int deals = 50, players = 0, threads = 0;
  uint64_t seed = 1;
  bool quiet = false;
};
int cmd_tournament(const TournamentArgs& a);
int cmd_merge(const std::vector<std::string>& files, const std::string& json_out);

struct CheckArgs {
  std::string ruleset;
  std::vector<std::string> sets;
  int games = 1000, threads = 0, players = 0;
  uint64_t seed = 1;
  bool roundtrip = true;
};
int cmd_check(const CheckArgs& a);
int cmd_test(const std::vector<std::string>& rulesets, bool verbose, const std::string& filter);
int cmd_replay(const std::string& file, bool step);
struct BenchArgs {
  std::string ruleset;
  std::vector<std::string> sets;
  int games = 0;         // 0: 2000 for one ruleset; with --all, `seconds` each
  double seconds = 2.0;  // per ruleset with --all
  uint64_t seed = 1;
  int players = 0;  // 0: 2, or the ruleset's minimum
  bool all = false, profile = false;
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
};
int cmd_solve(const SolveArgs& a);

// `ratify new NAME [--dir DIR]`: a ruleset folder from the template.
struct NewArgs {
  std::string name, dir;  // dir empty: the working folder
};
int cmd_new(const NewArgs& a);

}  // namespace ratify::cli
