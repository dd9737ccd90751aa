#pragma once
// Bots choose among the legal actions of the engine's game. They are
// generic: any ruleset, no per-game C++.
#include <memory>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "engine/game.hpp"

namespace ratify::bots {

class Bot {
 public:
  virtual ~Bot() = default;
  virtual std::string name() const = 0;
  // Index of the chosen action for the current actor (the bot's seat).
  virtual int choose(engine::Game& game, core::Rng& rng) = 0;
};

// Uniform over the legal actions.
class RandomBot : public Bot {
 public:
  std::string name() const override { return "random"; }
  int choose(engine::Game& game, core::Rng& rng) override;
};

// One step of lookahead: tries each action in worlds its player could be
// in (engine::State::world_for, so it never cheats) and keeps the one the
// ruleset's heuristic(g, player) likes best on average over `worlds`
// guesses. A won game beats any score; a rules error ends the game.
class HeuristicBot : public Bot {
 public:
  explicit HeuristicBot(int worlds = 4) : worlds_(worlds) {}
  std::string name() const override { return "heuristic"; }
  int choose(engine::Game& game, core::Rng& rng) override;

 private:
  int worlds_;
};

// A policy written in Lua by the designer: the ruleset's bots/<name>.lua
// returns choose(g, player, actions). It runs in the ruleset's sandbox
// under the same limits, on a determinized copy of the game (the cards
// its player cannot see re-dealt), so it never sees a hidden card.
class StrategyBot : public Bot {
 public:
  explicit StrategyBot(std::string name) : name_(std::move(name)) {}
  std::string name() const override { return name_; }
  int choose(engine::Game& game, core::Rng& rng) override;

 private:
  std::string name_;
};

// Each of the n legal actions scored one step ahead in the match as it
// is, for player `me`: a won game 1e12, a lost one -1e12, else the
// ruleset's heuristic. The match is left as found, also when a rules error
// (ScriptError, a time limit too) ends the scoring: it is thrown on.
// `Leave::Tried`: a caller that restores an earlier moment at once (a
// search's opponent, the heuristic bot's next world) skips the last
// restore, a copy of g.state; the match is then as after a try.
enum class Leave { AsFound, Tried };
std::vector<double> one_step_scores(engine::State& m, int me, int n, Leave leave = Leave::AsFound);
// A rules error met while `bot` looked ahead for `seat`: the message
// (file:line first) says where it was met.
engine::ScriptError in_lookahead(const engine::ScriptError& e, const std::string& bot, int seat);

std::vector<std::string> bot_names();
// The difficulties people pick by name: easy (the ruleset's heuristic, or
// random without one), normal (mcts for about 0.3 s a move), hard (about
// 2 s, searching on every core); "bot" is easy. Any other name is returned as it is.
// `search`: the ruleset's own settings for the searching difficulties
// (RulesetMeta::search, e.g. "depth=0").
std::string bot_for_seat(const std::string& seat, bool ruleset_has_heuristic,
                         const std::string& search = {});
// "random", "heuristic", "bot" (heuristic when the ruleset has one),
// "mcts" with settings ("mcts:iters=2000", see mcts.hpp), or a difficulty
// (easy, normal, hard).
std::unique_ptr<Bot> make_bot(const std::string& name, bool ruleset_has_heuristic);
// The same, and the ruleset's own strategy bots by name.
std::unique_ptr<Bot> make_bot(const std::string& name, const engine::RulesetMeta& meta);

}  // namespace ratify::bots
