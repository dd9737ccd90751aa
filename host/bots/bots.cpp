#include "bots/bots.hpp"

#include "bots/mcts.hpp"

#include <limits>
#include <stdexcept>

namespace ratify::bots {

int RandomBot::choose(engine::Game& game, core::Rng& rng) {
  int n = game.action_count();
  return n <= 1 ? 0 : static_cast<int>(rng.below(static_cast<uint32_t>(n)));
}

int HeuristicBot::choose(engine::Game& game, core::Rng& rng) {
  lua::Match& m = game.match();
  int n = m.action_count();
  if (n <= 1) return 0;
  int me = m.actor();
  lua::Snapshot real = m.snapshot();
  m.determinize(me, rng);
  lua::Snapshot guess = m.snapshot();
  double best = -std::numeric_limits<double>::infinity();
  std::vector<int> best_moves;
  for (int i = 0; i < n; ++i) {
    if (i > 0) m.restore(guess);
    double score;
    try {
      m.apply_untracked(i);  // every try is undone by a restore anyway
      auto r = m.result();
      if (r) {
        bool won = false;
        for (int w : r->winners) won |= w == me;
        score = won ? 1e12 : -1e12;
      } else {
        score = m.heuristic(me);
      }
    } catch (const lua::ScriptError&) {
      score = -std::numeric_limits<double>::infinity();  // a broken action is the last choice
    }
    if (score > best) {
      best = score;
      best_moves.assign(1, i);
    } else if (score == best) {
      best_moves.push_back(i);
    }
  }
  m.restore(real);
  if (best_moves.empty()) return 0;
  return best_moves[rng.below(static_cast<uint32_t>(best_moves.size()))];
}

std::vector<std::string> bot_names() {
  return {"random", "heuristic", "bot", "mcts"};
}

std::unique_ptr<Bot> make_bot(const std::string& name, bool has_heuristic) {
  if (name == "random") return std::make_unique<RandomBot>();
  if (name == "mcts" || name.rfind("mcts:", 0) == 0)
    return std::make_unique<MctsBot>(parse_mcts(name, has_heuristic));
  if (name == "heuristic" || name == "bot") {
    if (has_heuristic) return std::make_unique<HeuristicBot>();
    if (name == "bot") return std::make_unique<RandomBot>();
    throw std::invalid_argument("the ruleset has no heuristic(g, player): use the random bot");
  }
  throw std::invalid_argument("no bot '" + name +
                              "'; bots: random, heuristic, bot, mcts (mcts:iters=N, mcts:ms=N, "
                              "mcts:rollout=heuristic)");
}

}  // namespace ratify::bots
