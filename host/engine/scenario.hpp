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
};

// `filter`: only tests (and playthrough files) whose "file: name" contains it.
TestReport run_ruleset_tests(const std::string& spec, const std::string& filter = {});

}  // namespace ratify::engine
