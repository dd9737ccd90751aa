#pragma once
// Plain data every layer shares about a ruleset and a game: what a ruleset
// is (its metadata, a variant), how a game ended, a rules error, and where
// a ruleset's time goes. Defined here, at the bottom, so the engine's
// interface can name them without the layers above seeing the Lua binding.
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/options.hpp"

namespace ratify::core {

// An error of the rules, as the host reports it: the message starts with
// file:line, the Lua traceback is kept apart for verbose output.
class ScriptError : public std::runtime_error {
 public:
  ScriptError(std::string message, std::string traceback = {})
      : std::runtime_error(std::move(message)), traceback_(std::move(traceback)) {}
  const std::string& traceback() const { return traceback_; }

 private:
  std::string traceback_;
};

struct Result {
  std::vector<int> winners;
  std::vector<double> scores;
  std::string text;
};

// Time spent in each ruleset function, for `ratify bench --profile`:
// measured around the Lua call itself (host calls `g.*` made by the
// function count as the function's), so what is left of a run's time is
// the host's own.
struct CallProfile {
  enum Fn { Setup, Actor, Actions, Apply, Result, Describe, Heuristic, kCount };
  static const char* name(int fn) {
    static const char* names[kCount] = {"setup",  "actor",    "actions",  "apply",
                                        "result", "describe", "heuristic"};
    return fn >= 0 && fn < kCount ? names[fn] : "?";
  }
  int64_t ns[kCount] = {};
  int64_t calls[kCount] = {};
};

// A part of g.state a ruleset declares secret (`secrets`, docs/lua-api.md
// "Secrets"): g.state[key][p] is player p's alone (per seat), or
// g.state[key] is nobody's (hidden). The host keeps it out of other seats'
// views, and out of the worlds bots imagine: there it is the ruleset's
// `imagine` guess, or a tripwire that names the line reading it.
struct Secret {
  std::string key;
  bool per_seat = true;
  bool imagined = false;
};

struct RulesetMeta {
  std::string id, name;
  std::filesystem::path dir;
  int min_players = 1, max_players = 1;
  // A variant may allow only some counts (partners: 4 or 6); empty = all.
  std::vector<int> allowed_players;
  bool allows(int players) const {
    for (int p : player_counts())
      if (p == players) return true;
    return false;
  }
  std::vector<int> player_counts() const {
    if (!allowed_players.empty()) return allowed_players;
    std::vector<int> all;
    for (int p = min_players; p <= max_players; ++p) all.push_back(p);
    return all;
  }
  std::vector<OptionDecl> options;
  bool has_heuristic = false, has_status = false, has_view = false, has_describe = false;
  // heuristics(g): every player's heuristic at once (for rules that work out
  // every side anyway); optional beside heuristic(g, player).
  bool has_heuristics = false;
  // table_status(g): the status lines about the whole table (round, trump).
  bool has_table_status = false;
  // score(g, p): a player's standing during the game; stats(g): the
  // ruleset's own numbers at the end (both read by `ratify sim`).
  bool has_score = false, has_stats = false;
  // Extra settings of the search for the window's Normal and Hard bots
  // ("depth=0"), as the ruleset measured best; empty: random playouts.
  std::string search;
  std::vector<Secret> secrets;
  // Strategy bots the ruleset ships: bots/<name>.lua, by name (sorted).
  std::vector<std::string> strategy_bots;
  nlohmann::json layout;  // the ruleset's optional GUI hints, as data
};

struct VariantMeta {
  std::vector<int> allowed_players;
  std::string name, doc;
  std::filesystem::path file;
  OptionValues options;
};

}  // namespace ratify::core
