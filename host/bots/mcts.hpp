#pragma once
// Information-set Monte Carlo tree search (single observer, Cowling,
// Powley and Whitehouse 2012), generic over any ruleset: it needs only
// actor, actions, apply and result, and the host's determinization.
//
// One tree per decision, over the acting player's information set. Every
// iteration re-deals the cards that player cannot see (so the search never
// uses them), then selects by UCB among the actions legal in that world
// (the other players, by default, as the heuristic bot would in a world
// re-dealt from their own view), expands one new action, plays the game
// out or judges it and backs the result up. Actions are matched between
// worlds by their fields (Match::action_keys).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bots/bots.hpp"

namespace ratify::bots {

// What the heuristic says at a search's root, for judging cut playouts
// softly: every player's lead there, and a scale for changes of it.
struct Yardstick {
  std::vector<double> lead;
  double scale = 1.0;
};

struct MctsConfig {
  int iterations = 1000;  // per decision (deterministic for a seed)
  int ms = 0;             // > 0: a time budget per decision instead
  bool heuristic_rollout = false;
  // `rollout=NAME`: playouts chosen by the ruleset's strategy bot NAME
  // (bots/NAME.lua), one Lua call a move, in the playout's world: a
  // cheap policy lets a search afford playouts to the end (the heuristic
  // costs a call per legal action a move). The policy must read only what
  // its player knows, as any strategy bot; the world is re-dealt anyway.
  std::string rollout_policy;
  double exploration = 0.7;  // UCB's constant
  // Playout actions; past it the heuristic judges the position (a draw
  // without one). `mcts:depth=N` for long games (amendments: ~1000).
  static constexpr int kLongestPlayout = 10000;
  // Where `mcts` with no settings cuts the playouts of a ruleset without a
  // heuristic (a cut game is a draw).
  static constexpr int kCappedPlayout = 400;
  int rollout_limit = kLongestPlayout;
  // How a cut playout is judged: Soft, each player's lead over the best
  // other player by the heuristic, compared with the lead they had at the
  // root, through a logistic curve whose scale is the spread of the acting
  // player's one-step scores at the root (so any heuristic's units work);
  // Leader, the heuristic's leader takes the whole win.
  enum class Judge { Soft, Leader } judge = Judge::Soft;
  // `redeal=opponents`: at each node of another player, the world is
  // re-dealt from that player's view before it chooses (re-determinizing
  // IS-MCTS, Goodman 2019), so the opponents in the tree choose without
  // the searcher's knowledge; `redeal=root` (default): one world per
  // iteration, from the searcher's view.
  bool redeal_opponents = false;
  // `trees=each`: a tree per player, each keyed by what its player
  // observes (multiple-observer IS-MCTS); `trees=one`: the searcher's.
  bool tree_per_player = false;
  // `opponents=heuristic`: the other players in the tree choose as the
  // heuristic bot would, one step ahead in a world re-dealt from their own
  // view, and the move is made in the searcher's world: they never see
  // what only the searcher knows, and they play as well as the heuristic.
  // `opponents=tree`: they choose by the tree's statistics.
  bool heuristic_opponents = false;
  // `opponents=NAME`: they choose by the ruleset's strategy bot NAME in
  // the searcher's world (one Lua call, no re-deal: the policy reads only
  // what its player knows), as cheap as a playout's move.
  std::string opponents_policy;
  // `threads=N`: root-parallel search, N trees searched at once (0: one
  // per core), each on its own copy of the game (a Loaded of its own, the
  // game loaded from a save) with its own random numbers drawn from the
  // bot's, `iters` split between them; their roots are summed. The result
  // for a seed depends on N, never on how the threads are scheduled.
  int threads = 1;
  // `stop=decided` (mcts_defaults): an iteration count's search stops once
  // the most visited root action cannot be overtaken in the iterations
  // left (the choice is then made, and the rest would only refine its
  // statistics); `stop=all` runs them all. Either way the same for a seed.
  bool stop_when_decided = false;
  // `trust=Z`: the heuristic bot's choice stands unless the search found
  // another action better by Z standard errors of the two means (0, the
  // default: the most visited action). Where the heuristic already plays
  // well and only a few choices reward looking ahead, the search's noise
  // elsewhere costs more than it finds (meet_the_patriots, README "Bots").
  double trust = 0;
  // `worlds=N`: iteration k plays in world k mod N of the search's own,
  // each dealt once from the searcher's view (0: a fresh world every
  // iteration). A world seen again costs a restore instead of a deal, and
  // the other players' choices made in it before are kept, so the
  // opponents' one step ahead is paid once per world and node.
  int worlds = 0;
  // Not a setting: a pooled search keeps what was observed at each place
  // of a world, and what an opponent chose there, instead of observing
  // the position again (Search::place in mcts.cpp). Tests turn it off to
  // show that the search is the same one either way.
  bool remember_places = true;
};

// What the search of one decision found at its root, for each action
// legal in the real game (in the game's order): how often it was tried and
// its mean result for the acting player (a share of a win, 0..1).
struct RootStats {
  std::vector<uint64_t> keys;
  std::vector<int> visits;
  std::vector<double> mean;
  int chosen = 0;
  // The iterations searched (fewer than asked when the choice was decided)
  // and the worlds dealt for them (as many, or `worlds=N`'s N at most).
  long long iterations = 0;
  int worlds = 0;
  // The search's own estimate of its chance: the chosen action's mean.
  double estimate() const { return visits.empty() ? 0.0 : mean[static_cast<size_t>(chosen)]; }
};

class MctsBot : public Bot {
 public:
  explicit MctsBot(MctsConfig c);
  ~MctsBot() override;
  std::string name() const override { return "mcts"; }
  int choose(engine::Game& game, core::Rng& rng) override;
  // The root of the last decision searched (empty when it had one action).
  const RootStats& last_root() const { return root_; }

 private:
  // One search of `iterations` (or until the deadline) on `m`: its root.
  RootStats search(engine::State& m, int me, core::Rng& rng, int iterations, const Yardstick& y);
  // `trust=Z`: the heuristic's choice, unless the search is sure of another.
  int heuristic_unless_sure(engine::State& m, int me, core::Rng& rng, const engine::Mark& real);
  // The searches of threads 1.. on copies of the game, thread 0 on it.
  RootStats search_in_parallel(engine::Game& game, int me, core::Rng& rng, const Yardstick& y);

  MctsConfig c_;
  RootStats root_;
  // Copies of the game for the threads past the first, kept between
  // decisions (a ruleset is loaded once per thread).
  std::vector<std::shared_ptr<engine::Loaded>> copies_;
};

// What suits a ruleset before any setting of the spec: the position a
// new node reaches judged at once by the heuristic (depth=0) and the other
// players choosing as the heuristic bot would (opponents=heuristic) where
// the ruleset has a heuristic, else random playouts cut at kCappedPlayout
// actions; stopped once the choice is decided (stop=decided, the same
// choice sooner); then the ruleset's declared settings (`search`, e.g.
// "depth=0:opponents=tree").
// `policies`: the ruleset's strategy bots, which `rollout=NAME` may name.
MctsConfig mcts_defaults(bool ruleset_has_heuristic, const std::string& search = {},
                         const std::vector<std::string>& policies = {});
// "mcts", "mcts:iters=2000", "mcts:ms=500:rollout=heuristic:depth=30": the
// spec's settings over mcts_defaults. Throws std::invalid_argument naming
// what is wrong.
MctsConfig parse_mcts(const std::string& spec, bool ruleset_has_heuristic,
                      const std::string& search = {},
                      const std::vector<std::string>& policies = {});

}  // namespace ratify::bots
