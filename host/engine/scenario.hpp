#pragma once
// `ratify test`: a ruleset's scenario tests (tests/*.lua) and its golden
// playthroughs (tests/playthroughs/*.jsonl).
#include <string>
#include <vector>

#include "engine/game.hpp"

namespace ratify::engine {

struct TestReport {
  struct Item {
    std::string file, name;
    bool passed = false;
    std::string message;
  };
  std::vector<Item> items;
  int failed() const;
  // The test that ran out of time or memory, where the run stopped (the
  // rest of a broken ruleset's tests would each wait for the limit), or -1.
  int stopped_at = -1;
};

// `filter`: only tests (and playthrough files) whose "file: name" contains it.
TestReport run_ruleset_tests(const std::string& spec, const std::string& filter = {});

}  // namespace ratify::engine
