#pragma once
// `ratify solve`: exhaustive search of one-player games, "thoughtful"
// (the solver knows the hidden order). Depth-first over the legal actions
// with a transposition table on the engine's state hash. Generic: it knows
// nothing of any patience.
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/state.hpp"

namespace ratify::sim {

enum class Verdict { Won, Lost, Unknown };
const char* to_string(Verdict v);

struct SolveConfig {
  std::string ruleset, variant;
  std::vector<std::string> sets;
  int deals = 100;
  uint64_t seed = 1;
  int threads = 1;
  long long limit_nodes = 200000;  // per deal; past it the deal is Unknown
  bool ordered = true;             // best moves first by the ruleset's heuristic, if any
  int only = -1;                   // >= 0: search deal `only` of the run alone (--deal K)
  std::function<void(int, int)> progress;
};

// The rules failed on a deal: the run stops there (the message starts with
// the script's file:line), naming the deal so it can be searched alone.
struct DealFailed : std::runtime_error {
  DealFailed(const std::string& what, int index, uint64_t seed)
      : std::runtime_error(what), index(index), seed(seed) {}
  int index;
  uint64_t seed;
};

struct DealOutcome {
  int index = 0;
  uint64_t seed = 0;
  Verdict verdict = Verdict::Unknown;
  long long nodes = 0;
  double seconds = 0;
  std::vector<std::string> winning_line;  // labels, when won
};

struct SolveReport {
  std::vector<DealOutcome> deals;
  double seconds = 0;
};

SolveReport run_solve(const SolveConfig& c);

}  // namespace ratify::sim

namespace ratify::lua {
class Match;
}

namespace ratify::sim {
// Solves the game in `m` from its current state (left as it was).
// `ordered`: try moves best first by the ruleset's heuristic (when it has
// one) rather than in the order actions(g) lists them.
DealOutcome solve_match(engine::State& m, long long limit_nodes, bool ordered = true);
}  // namespace ratify::sim
