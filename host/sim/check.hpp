#pragma once
// `ratify check`: lint a ruleset, then random playouts with the
// invariants checked after every action.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ratify::sim {

struct CheckConfig {
  std::string ruleset, variant;
  std::vector<std::string> sets;
  int games = 1000;
  uint64_t seed = 1;
  int threads = 1;
  int players = 0;  // 0: every count the ruleset allows, in turn
  int max_actions = 20000;
  bool roundtrip = true;  // save/load after every action
  int only = -1;          // >= 0: play game `only` of the run alone (--game K)
  std::function<void(int done, int total)> progress;
};

struct CheckReport {
  std::vector<std::string> lint;
  std::vector<std::string> failures;  // first few, each with how to reproduce
  int failed_games = 0;
  // The run stops at the first failed game (a broken ruleset would fail
  // them all, each after its time limit): its index, or -1.
  int first_failed = -1;
  int games = 0;  // games played
  long long actions = 0;
  bool heuristics_checked = false;  // the rules' heuristics(g) against heuristic(g, p)
  double seconds = 0;
  // Card coverage over every game (sim/coverage.hpp), per definition in
  // deck order: its id, times drawn and played.
  struct Card {
    std::string id, kind;
    int count = 0;  // copies in the deck
    long long drawn = 0, played = 0;
    long long hooks = 0;  // calls of its hooks (State::hooks_run)
  };
  std::vector<Card> cards;
};

CheckReport run_check(const CheckConfig& c);

}  // namespace ratify::sim
