#pragma once
// A ruleset loaded into one sandboxed VM (one per thread): its metadata,
// options, variant, and the card definitions after the variant's changes.
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/options.hpp"
#include "core/table.hpp"
#include "lua/error.hpp"
#include "lua/lint.hpp"

struct lua_State;
namespace ratify::lua {
class Vm;
class Match;

using core::RulesetMeta;
using core::VariantMeta;

class Rules {
 public:
  // Loads ruleset.lua from `dir` (and the variant file, if any) in a new
  // VM. Throws ScriptError naming the file (and line) on any problem.
  // `watch_globals` records the globals the scripts set or read while nil
  // (lint VMs only: global_uses()).
  Rules(const std::filesystem::path& dir, const std::filesystem::path& scripts_dir,
        const std::filesystem::path& variant_file = {}, Limits limits = {},
        bool watch_globals = false);
  ~Rules();

  const RulesetMeta& meta() const { return meta_; }
  const VariantMeta* variant() const { return variant_ ? &*variant_ : nullptr; }
  const std::vector<core::CardDef>& card_defs() const { return defs_; }
  // The same, shared by the tables of every game (made once, after load).
  const std::shared_ptr<const std::vector<core::CardDef>>& shared_defs() const {
    return shared_defs_;
  }
  // Warnings noted while loading: options without doc, cards without
  // text (lint_tables reports them with its own).
  const std::vector<Finding>& load_notes() const { return notes_; }
  const std::vector<GlobalUse>& global_uses() const { return *globals_; }
  Vm& vm() { return *vm_; }

  // A new game. `options` are complete (core::resolve). Runs setup
  // unless `setup` is false (load a save, arrange a test).
  std::unique_ptr<Match> new_match(int players, uint64_t seed, const core::OptionValues& options,
                                   bool setup = true);

  // Runs one scenario test file; see docs/lua-api.md "Scenario tests".
  struct TestOutcome {
    std::string name;
    bool passed = false;
    std::string message;
    int index = -1;             // the test's place in its file (0-based)
    std::string needs_variant;  // it asked t.game for a variant these rules are not
  };
  // The tests of one file whose names contain `filter` ("" = all); `only`
  // >= 0 runs just that one (a test run again under the variant it asked for).
  std::vector<TestOutcome> run_test_file(const std::filesystem::path& file,
                                         const std::string& filter = {}, int only = -1);

  // The names the host registers in Lua, read from the live tables (not
  // from a list kept by hand): the fields of a game context `g`, of the
  // scenario-test API `t` and of a test game `G` (its methods and `G.g`).
  // Sorted. The editor annotations (types/ratify.lua) are tested against
  // them, so they cannot drift.
  struct ApiNames {
    std::vector<std::string> g, t, game;
  };
  ApiNames api_names();

  // The `choose` function of strategy bot `name` (bots/<name>.lua), loaded
  // on first use: a registry reference. Throws ScriptError (file:line).
  int strategy_ref(const std::string& name);

  // From now on every call of a card's hook (a function field of its
  // definition, or of a table field that is that definition's alone, as
  // GITMO's `decision`) is counted for the match running it, when that
  // match notes cards (Match::hooks_run). Rules call hooks themselves, so
  // only this way does card coverage see them. Once per Rules; batch games
  // only (a hook then costs one C call more).
  void count_hooks();

  // Registry references (host/lua internals).
  int module_ref() const { return module_ref_; }
  int defs_ref() const { return defs_ref_; }
  int card_defs_ref() const { return card_defs_ref_; }  // card -> definition
  int variant_ref() const { return variant_ref_; }      // the variant's table, or -1

 private:
  void read_meta(const std::string& file);
  void read_options(const std::string& file);
  void read_variant(const std::filesystem::path& file);
  void read_variant_players(lua_State* L, int t, const std::string& where, VariantMeta& v);
  void read_cards(const std::string& file);
  std::unique_ptr<Vm> vm_;
  RulesetMeta meta_;
  std::optional<VariantMeta> variant_;
  std::vector<core::CardDef> defs_;
  std::shared_ptr<const std::vector<core::CardDef>> shared_defs_;
  std::vector<Finding> notes_;
  std::unique_ptr<std::vector<GlobalUse>> globals_ = std::make_unique<std::vector<GlobalUse>>();
  bool hooks_counted_ = false;
  int module_ref_ = -1, defs_ref_ = -1, card_defs_ref_ = -1, variant_cards_ref_ = -1;
  int variant_ref_ = -1;
  std::map<std::string, int> strategy_refs_;
};

// Whether a script error is the time limit or the memory cap running out
// (`ratify test` stops there: a broken ruleset's other tests would wait
// for the limit too).
bool hit_limit(const std::string& message);

}  // namespace ratify::lua
