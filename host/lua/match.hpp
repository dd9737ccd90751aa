#pragma once
// One game of a ruleset inside its VM: the host's table (zones, cards,
// knowledge), the RNG, and g.state. Everything the engine, bots and tests
// do to a game goes through here.
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/options.hpp"
#include "core/rng.hpp"
#include "core/table.hpp"
#include "lua/copy_plan.hpp"
#include "lua/error.hpp"

struct lua_State;

namespace ratify::core {
struct LineProfile;
}

namespace ratify::lua {

class Rules;
class Vm;

struct ActionInfo {
  std::string label;
  std::vector<int> cards;  // `card` and `cards` fields
  int target = 0;          // `target` field (a player)
  std::string zone;        // `zone` field
};

using core::Result;

using core::CallProfile;

// A saved moment of a match, to go back to (bots' lookahead, undo,
// transactions). Holds a copy of g.state inside the VM.
class Snapshot {
 public:
  Snapshot() = default;
  Snapshot(Snapshot&&) noexcept;
  Snapshot& operator=(Snapshot&&) noexcept;
  ~Snapshot();
  bool empty() const { return vm_ == nullptr; }

 private:
  friend class Match;
  void drop_plan() const;
  Vm* vm_ = nullptr;
  int state_ref_ = -1;
  core::Table table_;
  core::Rng rng_;
  size_t log_size_ = 0;
  size_t log_bytes_ = 0;
  int world_ = 0;            // whose world it was a moment of (0: the real game)
  uint64_t shown_seed_ = 0;  // what g.seed said
  uint64_t id_ = 0;          // unique in the process: a moment restored is known by it
  // The legal actions of the moment, when they were known as it was taken
  // (a copy of the list, holding the same action tables): a search tries
  // every action from one moment, and would otherwise call actions(g)
  // again after every restore.
  int actions_ref_ = -1;
  int actions_n_ = 0;
  // Their keys, when they were known too (a search takes the keys of the
  // moment it restores at every iteration).
  std::vector<uint64_t> keys_;
  bool keys_known_ = false;
  // A moment to be restored often makes its g.state again from a plan of
  // its copy: a search restores one moment a thousand times.
  mutable CopyPlan plan_;
  mutable size_t plan_bytes_ = 0;  // charged to the VM
  mutable int restores_ = 1;
};

class Match {
 public:
  Match(Rules& rules, int players, uint64_t seed, const core::OptionValues& options);
  ~Match();
  Match(const Match&) = delete;
  Match& operator=(const Match&) = delete;

  void setup();
  // Back to before setup, for a new game with another seed in the same
  // match object (batch runs play thousands on one thread): a fresh table,
  // RNG, g.state and log; g and its bindings stay.
  void reset(uint64_t seed);
  Rules& rules() { return rules_; }
  int players() const { return table_.players(); }
  uint64_t seed() const { return seed_; }
  const core::OptionValues& options() const { return options_; }
  const core::Table& table() const { return table_; }
  core::Table& table_mut() {
    touch();
    return table_;
  }
  // Before each move: the cards shown in the last one are no longer shown.
  // Glimpses are for the faces only, so the game is not changed: the
  // actions listed stay valid (table_mut() would list them again, twice
  // the rules' work a step).
  void forget_glimpses() { table_.forget_glimpses(); }
  core::Rng& rng() { return rng_; }

  int actor();  // 0 = the game is over
  int action_count();
  ActionInfo action_info(int i);
  nlohmann::json action_json(int i);  // plain data, without `label`
  // Only the `card` and `cards` fields (card coverage: no label, no JSON).
  std::vector<int> action_cards(int i);
  // With note_cards on, apply_untracked keeps the applied action's cards
  // (read inside the call it makes anyway): card coverage without a
  // protected call of its own at every action of a batch game.
  // Noting cards also counts, per card definition, the calls of its hooks
  // made while this match runs in the real game, from now on
  // (Rules::count_hooks): a bot searches on this match too, and the calls
  // in its imagined worlds are none of the game's.
  void set_note_cards(bool on);
  const std::vector<int>& applied_cards() const { return applied_cards_; }
  const std::vector<int64_t>& hooks_run() const { return hooks_run_; }
  bool noting_cards() const { return note_cards_; }
  void hook_ran(size_t def) {
    if (note_cards_ && world_ == 0 && def < hooks_run_.size()) ++hooks_run_[def];
  }
  // A hash of each legal action's fields: the same action in another
  // world (a bot's determinization) has the same key.
  std::vector<uint64_t> action_keys();
  int find_action(const nlohmann::json& action);  // -1 if not legal now
  // Carries out action i as a transaction: on a script error the match is
  // restored exactly and ScriptError is thrown.
  void apply(int i);
  // Carries out action i with no transaction of its own, for searchers
  // (solver, bots' lookahead) that hold a snapshot and restore it after
  // every try anyway: on a script error the match is left half-done and
  // ScriptError is thrown; the caller must restore. Saves a state copy per
  // try, since a restore ends the transaction history.
  void apply_untracked(int i);
  std::optional<Result> result();

  // A strategy bot's choice for `player` (the function at registry ref
  // `fn`, called as fn(g, player, actions)): a 0-based action index.
  // Throws ScriptError naming the bot's file and line.
  int choose_by(int fn, int player, const std::string& bot);
  bool has_heuristic() const;
  double heuristic(int player);
  // Every player's heuristic, [0] unused: the rules' heuristics(g) if they
  // have one (one call), else heuristic(g, p) for each player.
  std::vector<double> heuristics();
  // Every player's standing now, for the sim's lead changes: the ruleset's
  // score(g, p) if it has one, else its heuristic; empty if neither.
  std::vector<double> standings();
  // The ruleset's own statistics of a finished game, stats(g): named
  // numbers, sorted by name; empty without a stats function.
  std::vector<std::pair<std::string, double>> stats();
  std::vector<std::string> status(int player);
  std::vector<std::string> shared_status();  // table_status(g), or none
  nlohmann::json state_json();               // all of g.state
  // What `player` may know of g.state: the ruleset's view, or g.state,
  // without the others' secrets (0: an onlooker).
  nlohmann::json state_view(int player);
  nlohmann::json ruleset_view(int player);  // view(g, player) as it returns it (lint)
  // The whole log, private lines included (the referee's: saves, check).
  const std::vector<std::string>& log() const { return log_; }
  // Who each line is for: bit p for player p, 0 for everyone (g.log_to).
  const std::vector<uint32_t>& log_to() const { return log_to_; }
  // The lines `seat` is shown: everyone's and its own (0: an onlooker).
  std::vector<std::string> log_for(int seat) const;
  void add_log(std::string line, uint32_t to = 0) {
    log_.push_back(std::move(line));
    log_to_.push_back(to);
  }
  // Charges a line of `len` bytes the ruleset logs to the VM's memory cap
  // (the log is host memory): false, and nothing charged, when over it.
  bool charge_log(size_t len);
  size_t log_bytes() const { return log_bytes_; }
  // Whether g.log keeps lines (g.logging tells the ruleset). Off in batch
  // runs, where nobody reads the log.
  bool logging() const { return logging_; }
  void set_logging(bool on);

  uint64_t hash(bool by_definition = false);
  // with_log = false leaves out the game log (it grows with every action;
  // check saves after every action and compares the log once at the end).
  nlohmann::json save(bool with_log = true);
  void load(const nlohmann::json& j);  // throws std::runtime_error on a bad save

  // Planning g.state costs about one copy of it, and making it again from
  // the plan about half a copy (constitution's search, callgrind): from
  // three restores on, a plan pays.
  static constexpr int kPlanFrom = 3;
  // `restores`: how often the caller means to come back to it (a search's
  // root: once per iteration); from kPlanFrom on, its g.state is planned
  // (CopyPlan) at the first restore.
  Snapshot snapshot(int restores = 1);
  void restore(const Snapshot& s);
  // Makes this match a world `player` could be in, drawn from `rng` (the
  // bot's own) and from nothing `player` does not know: every card the
  // player does not know re-dealt among the places of cards of its pack
  // (Table::shuffled_in), each place keeping what the others know of it;
  // the game's RNG and g.seed drawn from `rng`; the other seats' secrets
  // imagined by the ruleset, or tripwires (secrets.cpp). A restore of a
  // moment of the real game makes it the real game again.
  void determinize(int player, core::Rng& rng);
  // A hash of what `player` knows now (State::observation; secrets.cpp).
  uint64_t observation(int player);
  // The player whose world this is; 0: the real game.
  int world_of() const { return world_; }

  // Check after every apply that g.state is plain data (check, play, tests).
  void set_strict(bool on) { strict_ = on; }
  bool strict() const { return strict_; }
  // Without transactions (batch games, where a failed game is abandoned
  // anyway) apply takes no checkpoint and copies no action: on a script
  // error the match is left half-done, as with apply_untracked.
  void set_transactions(bool on);
  // The zone of that name, or -1. Rulesets name zones by Lua strings,
  // which are interned: a small cache keyed by the string's address
  // (checked against the zone's name, so a reused address is harmless)
  // saves hashing the name on every g.* call.
  int zone_named(const char* name, size_t len) {
    ZoneSlot& slot = zone_cache_[(reinterpret_cast<uintptr_t>(name) >> 4) % kZoneCache];
    if (slot.text == name) {
      const auto& zones = table_.zones();
      if (slot.zone < zones.size() && zones[slot.zone].name == std::string_view(name, len))
        return static_cast<int>(slot.zone);
    }
    int z = table_.zone_index(std::string_view(name, len));
    if (z >= 0) slot = {name, static_cast<size_t>(z)};
    return z;
  }
  // Count time per ruleset function into `p` (nullptr: off, the default).
  void set_profile(CallProfile* p) { profile_ = p; }
  void sample_lines(core::LineProfile* p);
  // Whether the current actions carry labels built by actions(g) (check
  // warns: labels belong in describe, built only when shown).
  bool actions_have_labels();
  // Scenario tests stack a deck (t.game{ stack = ... }): the first shuffle
  // of that zone leaves these cards on top, in this order (the first is the
  // top card, dealt first). A shuffle, not a move, because setup shuffles
  // the deck after filling it, which would undo any arrangement made before.
  void stack(std::string zone, std::vector<core::CardId> top_first) {
    stacks_.emplace_back(std::move(zone), std::move(top_first));
  }
  bool has_stacks() const { return !stacks_.empty(); }
  void after_shuffle(int zone);
  // Zones whose stack was never used (setup did not shuffle them).
  std::vector<std::string> unused_stacks() const;
  // Called by bindings when they change the table, so cached actions go.
  void touch() { ++version_; }
  int g_ref() const { return g_ref_; }
  // Registry reference of the current actions list (host/lua internals).
  int actions_ref() {
    ensure_actions();
    return actions_ref_;
  }

 private:
  void push_fn(const char* name);
  std::vector<std::string> status_lines(const char* fn, int player);  // ruleset function or error
  // lua_call of a ruleset function, timed when profiling.
  void call_fn(lua_State* L, int nargs, int nresults, CallProfile::Fn fn);
  void restore_state(const Snapshot& s);
  void redeal(int player, core::Rng& rng, const std::vector<core::CardId>& offered);
  // The cards a world re-deals: per pack, the places and the cards (sorted).
  struct DealPool {
    struct Place {
      int zone, pos;
      uint32_t known, remembered;
    };
    std::vector<Place> places;
    std::vector<core::CardId> cards;
  };
  const std::vector<DealPool>& deal_pools(int player, const std::vector<core::CardId>& offered);
  const std::vector<core::CardId>& offered_cards(int player);
  void hide_secrets(int player);  // secrets.cpp
  void show_seed(uint64_t seed);  // what g.seed says
  void reset_transaction();
  void ensure_actions();
  void push_action(lua_State* L, int list, int i);  // item i (1-based), checked
  void apply_raw(int action_ref);
  void checkpoint();
  void reuse_actions(const Snapshot& s);  // the list a snapshot kept
  Rules& rules_;
  Vm& vm_;
  core::Table table_;
  core::Rng rng_;
  uint64_t seed_;
  uint64_t shown_seed_;  // g.seed: seed_, or in a bot's world a fake one
  int world_ = 0;        // the player whose world this is (0: the real game)
  // The moment last restored (Snapshot::id_) and the version it had: bots
  // make world after world from one moment, whose offered cards are kept.
  uint64_t restored_id_ = 0, restored_version_ = 0;
  uint64_t offered_id_ = 0;
  int offered_player_ = 0;
  std::vector<core::CardId> offered_;  // cards the actor's actions name
  uint64_t pools_id_ = 0;              // the moment pools_ are of (0: none)
  int pools_player_ = 0;
  std::vector<DealPool> pools_;
  std::vector<core::CardId> dealt_;  // a pool's cards as one world deals them
  core::OptionValues options_;
  std::vector<std::string> log_;
  std::vector<uint32_t> log_to_;  // beside log_: whom each line is for
  size_t log_bytes_ = 0;          // charged to the VM for the ruleset's log lines
  std::vector<std::pair<std::string, std::vector<core::CardId>>> stacks_;
  int g_ref_ = -1;
  int actions_ref_ = -1;
  int actions_n_ = 0;
  uint64_t version_ = 1, actions_version_ = 0;
  // action_keys() of the actions as they were at keys_version_.
  std::vector<uint64_t> keys_;
  uint64_t keys_version_ = 0;
  // actor(g) of the match as it is at actor_version_: asked again only
  // when the match changed (every face and the game loop ask it often).
  uint64_t actor_version_ = 0;
  int actor_ = 0;
  bool strict_ = false;
  bool note_cards_ = false;
  std::vector<int64_t> hooks_run_;  // per definition, while note_cards_
  std::vector<int> applied_cards_;
  bool logging_ = true;
  bool transactions_ = true;
  CallProfile* profile_ = nullptr;
  struct ZoneSlot {
    const char* text = nullptr;
    size_t zone = 0;
  };
  static constexpr size_t kZoneCache = 64;
  ZoneSlot zone_cache_[kZoneCache];
  // Transactions: a checkpoint and the actions since; on an error the
  // checkpoint is restored and those actions replayed.
  Snapshot checkpoint_;
  std::vector<int> journal_;  // registry refs to copies of the actions
  // The bindings of g hold this token, not the match: a g that outlives
  // its match (kept by a test) raises an error instead of crashing.
  Match** token_ = nullptr;
  int token_ref_ = -1;
};

// `state` (g.state, or a ruleset's view of it, as JSON) without what
// `seat` may not know of the declared secrets: other seats' entries of a
// per-seat secret null (in a list) or gone, hidden ones gone. Seat 0, an
// onlooker, knows no secret.
nlohmann::json without_secrets(nlohmann::json state, const std::vector<core::Secret>& secrets,
                               int seat);
}  // namespace ratify::lua
