#pragma once
// A game session: a ruleset, its options and seed, the seats, and the
// log of actions. Adds to the match what people need: undo with the
// hidden-card rule, replay files, views per player, hot reload.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/options.hpp"
#include "core/replay.hpp"
#include "engine/catalog.hpp"
#include "engine/state.hpp"

namespace ratify::lua {
class Match;
class Rules;
struct Limits;
}  // namespace ratify::lua

namespace ratify::engine {

class Game;
namespace testing {
lua::Match& match_of(Game& g);
}

// A ruleset (and variant) loaded in one VM: make games from it. Not
// thread-safe; each thread loads its own.
class Loaded {
 public:
  static std::shared_ptr<Loaded> open(const std::string& spec, const std::string& variant = {});
  static std::shared_ptr<Loaded> open(const std::string& spec, const std::string& variant,
                                      const lua::Limits& limits);
  Loaded();
  ~Loaded();
  // The Lua binding: for the engine's own files only (docs/architecture.md).
  lua::Rules& rules() { return *rules_; }
  const RulesetMeta& meta() const;
  const VariantMeta* variant() const;  // nullptr: the base game
  const std::vector<core::CardDef>& card_defs() const;
  // A new game. `options` complete (core::resolve); setup runs unless
  // `setup` is false (a save is loaded into it next).
  std::unique_ptr<State> new_state(int players, uint64_t seed, const core::OptionValues& options,
                                   StateSettings settings = {}, bool setup = true);
  const std::string& spec() const { return spec_; }
  const std::string& variant_spec() const { return variant_spec_; }
  const Located& where() const { return where_; }
  // Defaults, then the variant's values, then each "name=value".
  core::OptionValues options(const std::vector<std::string>& sets) const;
  int default_players() const { return meta().min_players; }
  // The longest call of these rules over a quarter of its time limit, or
  // "" (`check` warns of it).
  std::string slow_call_warning();

 private:
  std::unique_ptr<lua::Rules> rules_;
  std::string spec_, variant_spec_;
  Located where_;
};

enum class Mode {
  Lean,         // simulation: no log, no undo
  Record,       // replay log with hashes
  Interactive,  // log, hashes, undo snapshots, reveal tracking
};

struct Divergence {
  int step = 0;          // 1-based action number, 0 = at load/setup
  std::string message;   // what differs, with file:line for script errors
  bool adopted = false;  // reload: the new rules were taken anyway
};

class Game {
 public:
  // `profile`: count time per ruleset function, setup included (bench).
  Game(std::shared_ptr<Loaded> loaded, int players, uint64_t seed, core::OptionValues options,
       Mode mode = Mode::Lean, CallProfile* profile = nullptr);
  ~Game();
  // A new game with another seed on the same match (players, options and
  // mode stay): what batch runs do between games instead of a new Game.
  void restart(uint64_t seed);

  // The game as the interface shows it (engine/state.hpp).
  State& state() { return *state_; }
  Loaded& loaded() { return *loaded_; }
  int players() const { return state_->players(); }
  uint64_t seed() const { return state_->seed(); }
  const core::OptionValues& options() const { return options_; }
  Mode mode() const { return mode_; }

  int actor() { return state_->actor(); }
  int action_count() { return state_->action_count(); }
  Action action(int i) { return state_->action(i); }
  // Carries out action i and records it; when the rules logged nothing for
  // it, the engine logs "Player N: label" (every face shows the same log).
  // Then plays the forced moves that follow (set_auto_seats).
  void apply(int i);
  std::optional<Result> result() { return state_->result(); }

  // Forced moves (docs/lua-api.md "Actions", `auto`): while a seat of
  // `seats` (bit p for player p: the humans who let forced moves play
  // themselves) is to act and the rules mark one of its actions `auto`,
  // the engine carries it out for them, now and after every apply; each
  // is recorded as a move of its own, so replays never change. Every face
  // sets it (window, text UI, server); 0, the default, plays none.
  void set_auto_seats(uint32_t seats);
  uint32_t auto_seats() const { return auto_seats_; }
  // The first action the rules mark `auto` (never a risky one), or -1.
  int auto_action();
  // Moves played for a player since the last they chose (a face's count).
  int auto_moves() const { return auto_moves_; }

  // Undo, for `player`: back to before the last action that player chose
  // (forced moves played for them go too), unless an action on the way
  // showed them a card they had not seen.
  std::string why_no_undo(int player) const;  // "" = can undo
  // Undo at a table of several people (the network seat): neither across
  // a move that showed any seat a card nor one that drew at random, since
  // someone saw what came of it. "" = can undo.
  std::string why_no_shared_undo(int player) const;
  void undo(int player);

  View view(int seat) { return state_->view(seat); }
  core::Replay replay() const;
  void set_seats(std::vector<std::string> seats) { seats_ = std::move(seats); }
  size_t steps() const { return log_.size(); }
  const core::ReplayStep& step(size_t k) const { return log_.at(k).record; }  // 0-based

  // Replays the log under `fresh` rules. If every action is still legal
  // the new rules take over (a changed result is reported, adopted=true:
  // a designer who edits a card wants to see it). If the rules fail or an
  // action became illegal, nothing changes and the divergence is returned.
  std::optional<Divergence> reload(std::shared_ptr<Loaded> fresh);

 private:
  friend lua::Match& testing::match_of(Game& g);
  struct Step {
    core::ReplayStep record;
    uint32_t revealed = 0;         // bit p: the action showed player p a card
    bool drew = false;             // the action drew from the game's RNG
    std::unique_ptr<Mark> before;  // interactive mode
    bool forced = false;           // played for the actor (`auto`), not chosen
  };
  std::vector<std::vector<bool>> seen_now();
  void apply_one(int i, bool forced);
  void play_forced();
  std::shared_ptr<Loaded> loaded_;
  std::unique_ptr<State> state_;
  core::OptionValues options_;
  Mode mode_;
  std::vector<Step> log_;
  std::vector<std::string> seats_;
  uint32_t auto_seats_ = 0;
  int auto_moves_ = 0;
};

// Replays `r` under `loaded`: each action must be legal and give the
// recorded hash. `on_step` sees the game after each action.
std::optional<Divergence> verify_replay(std::shared_ptr<Loaded> loaded, const core::Replay& r,
                                        const std::function<void(Game&, int)>& on_step = {});
std::unique_ptr<Game> game_from_replay_header(std::shared_ptr<Loaded> loaded,
                                              const core::ReplayHeader& h, Mode mode);

}  // namespace ratify::engine
