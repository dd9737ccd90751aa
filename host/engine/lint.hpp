#pragma once
// `ratify lint` (and the first part of `ratify check`): the checks of a
// ruleset's tables (lua/lint.hpp), then a few random games in a VM that
// records globals, looking for actions offered at once under one label.
// docs/lint.md lists every finding and what to do about it.
#include <cstdint>
#include <string>
#include <vector>

#include "lua/lint.hpp"

namespace ratify::engine {

using lua::Finding;  // a lint finding: file:line, level, text

struct LintConfig {
  std::string ruleset;  // an id, id/variant, a folder or a variant file
  std::vector<std::string> sets;
  int games = 10;  // random games; 0: the tables only
  uint64_t seed = 1;
  int max_actions = 5000;  // per game
};

struct LintReport {
  std::vector<Finding> findings;  // in the order found, without repeats
  int errors() const;
  int warnings() const;
};

// Throws ScriptError / InputError when the ruleset does not load.
LintReport lint_ruleset(const LintConfig& c);

}  // namespace ratify::engine
