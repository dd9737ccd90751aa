#include "bots/bots.hpp"

#include "bots/mcts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace ratify::bots {

int RandomBot::choose(engine::Game& game, core::Rng& rng) {
  int n = game.action_count();
  return n <= 1 ? 0 : static_cast<int>(rng.below(static_cast<uint32_t>(n)));
}

// Each action's score in one world: a won game beats any heuristic value,
// a lost one is below all. A rules error (a time limit too) is the game's
// end, as with any bot: the world is restored and the error goes on.
std::vector<double> one_step_scores(engine::State& m, int me, int n, Leave leave) {
  std::vector<double> out(static_cast<size_t>(n));
  engine::Mark world = m.mark(n);
  try {
    for (int i = 0; i < n; ++i) {
      if (i > 0) m.restore(world);
      m.apply_scratch(i);  // every try is undone by a restore anyway
      auto r = m.result();
      if (r) {
        bool won = false;
        for (int w : r->winners) won |= w == me;
        out[static_cast<size_t>(i)] = won ? 1e12 : -1e12;
      } else {
        double h = m.heuristic(me);
        // NaN ranks nowhere: a heuristic of NaN for every action left the
        // bot no best move at all (it indexed an empty list).
        if (std::isnan(h))
          throw engine::ScriptError("heuristic(g, player) returned NaN (not a number) for player " +
                                    std::to_string(me));
        out[static_cast<size_t>(i)] = h;
      }
    }
  } catch (...) {
    m.restore(world);
    throw;
  }
  if (leave == Leave::AsFound) m.restore(world);
  return out;
}

engine::ScriptError in_lookahead(const engine::ScriptError& e, const std::string& bot, int seat) {
  return engine::ScriptError(std::string(e.what()) + " (in " + bot + "'s lookahead for player " +
                                 std::to_string(seat) + ", in a world it could be in)",
                             e.traceback());
}

// The best average over several guesses at the hidden cards: one world
// alone would treat a lucky guess (naming the escaped prisoner) as a sure
// win.
int HeuristicBot::choose(engine::Game& game, core::Rng& rng) {
  engine::State& m = game.state();
  int n = m.action_count();
  if (n <= 1) return 0;
  int me = m.actor();
  engine::Mark real = m.mark(worlds_);
  std::vector<double> total(static_cast<size_t>(n), 0.0);
  try {
    for (int w = 0; w < worlds_; ++w) {
      if (w > 0) m.restore(real);
      m.world_for(me, rng);
      auto s = one_step_scores(m, me, n, Leave::Tried);  // the next world restores `real`
      for (int i = 0; i < n; ++i) total[static_cast<size_t>(i)] += s[static_cast<size_t>(i)];
    }
  } catch (const engine::ScriptError& e) {
    m.restore(real);
    throw in_lookahead(e, "heuristic", me);
  }
  m.restore(real);
  double best = -std::numeric_limits<double>::infinity();
  std::vector<int> best_moves;
  for (int i = 0; i < n; ++i) {
    double score = total[static_cast<size_t>(i)];
    if (score > best) {
      best = score;
      best_moves.assign(1, i);
    } else if (score == best) {
      best_moves.push_back(i);
    }
  }
  return best_moves[rng.below(static_cast<uint32_t>(best_moves.size()))];
}

int StrategyBot::choose(engine::Game& game, core::Rng& rng) {
  engine::State& m = game.state();
  int n = m.action_count();
  if (n <= 1) return 0;
  int me = m.actor();
  auto real_keys = m.action_keys();
  engine::Mark real = m.mark();
  m.world_for(me, rng);
  int pick = 0;
  try {
    int i = m.strategy_choice(name_, me);
    uint64_t key = m.action_keys()[static_cast<size_t>(i)];
    for (size_t k = 0; k < real_keys.size(); ++k)
      if (real_keys[k] == key) pick = static_cast<int>(k);
  } catch (...) {
    m.restore(real);
    throw;
  }
  m.restore(real);
  return pick;
}

std::vector<std::string> bot_names() {
  return {"random", "heuristic", "bot", "mcts"};
}

std::string bot_for_seat(const std::string& seat, bool has_heuristic, const std::string& search) {
  if (seat == "easy" || seat == "bot") return has_heuristic ? "heuristic" : "random";
  // A ruleset says which search suits it (`search = "depth=0"`: judge new
  // positions by the heuristic at once, amendments 85% against the
  // heuristic bot instead of 4%); no single setting is best everywhere
  // (meet_the_patriots loses every game with depth 0).
  // The difficulty's budget comes last, so that a ruleset's `iters=`
  // (meet_the_patriots) does not turn it into a count of iterations.
  std::string extra = search.empty() ? "" : ":" + search;
  if (seat == "normal") return "mcts" + extra + ":ms=300";
  if (seat == "hard") return "mcts" + extra + ":ms=2000:threads=0";  // every core
  return seat;
}

namespace {

// make_bot with the ruleset's declared search settings (RulesetMeta::search)
// and its strategy bots, which the search's playouts may follow.
std::unique_ptr<Bot> make_bot(const std::string& name, bool has_heuristic,
                              const std::string& search, const std::vector<std::string>& policies) {
  if (name == "easy" || name == "normal" || name == "hard")
    return make_bot(bot_for_seat(name, has_heuristic), has_heuristic, search, policies);
  if (name == "random") return std::make_unique<RandomBot>();
  if (name == "mcts" || name.rfind("mcts:", 0) == 0)
    return std::make_unique<MctsBot>(parse_mcts(name, has_heuristic, search, policies));
  if (name.rfind("heuristic:worlds=", 0) == 0) {
    std::string v = name.substr(17);
    int worlds = 0;
    if (v.empty() || v.size() > 3 || v.find_first_not_of("0123456789") != std::string::npos ||
        (worlds = std::stoi(v)) < 1 || worlds > 100)
      throw std::invalid_argument("heuristic:worlds= takes a whole number 1..100, not '" + v + "'");
    if (!has_heuristic)
      throw std::invalid_argument("the ruleset has no heuristic(g, player): use the random bot");
    return std::make_unique<HeuristicBot>(worlds);
  }
  if (name == "heuristic" || name == "bot") {
    if (has_heuristic) return std::make_unique<HeuristicBot>();
    if (name == "bot") return std::make_unique<RandomBot>();
    throw std::invalid_argument("the ruleset has no heuristic(g, player): use the random bot");
  }
  throw std::invalid_argument(
      "no bot '" + name +
      "'; bots: random, heuristic (heuristic:worlds=N), bot, mcts (mcts:iters=N, "
      "mcts:ms=N, mcts:rollout=heuristic, mcts:rollout=STRATEGY_BOT)");
}

}  // namespace

std::unique_ptr<Bot> make_bot(const std::string& name, bool has_heuristic) {
  return make_bot(name, has_heuristic, std::string(), {});
}

std::unique_ptr<Bot> make_bot(const std::string& name, const engine::RulesetMeta& meta) {
  const auto& own = meta.strategy_bots;
  const auto builtin = bot_names();
  if (std::find(own.begin(), own.end(), name) != own.end() &&
      std::find(builtin.begin(), builtin.end(), name) == builtin.end())
    return std::make_unique<StrategyBot>(name);
  try {
    return make_bot(name, meta.has_heuristic, meta.search, own);
  } catch (const std::invalid_argument& e) {
    if (own.empty()) throw;
    std::string list;
    for (const auto& b : own) list += (list.empty() ? "" : ", ") + b;
    throw std::invalid_argument(std::string(e.what()) + "; " + meta.id + "'s own: " + list);
  }
}

}  // namespace ratify::bots
