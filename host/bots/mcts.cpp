#include "bots/mcts.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

namespace ratify::bots {

namespace {

// An action seen from a node: statistics for the player acting there.
struct Edge {
  uint64_t key = 0;
  int child = -1;
  int visits = 0;
  int available = 0;  // iterations in which the action was legal here
  double reward = 0;
};

struct Node {
  std::vector<Edge> edges;
};

// Each player's share of the game's result: winners split 1, and a game
// nobody wins is lost by all. The search maximizes its chance to win,
// which is what tournaments count. (It used to share a game nobody won
// as a draw, 1 / players: a patience's lost deal counted as a win, and
// the search's estimate in the aces fixture was 1.)
std::vector<double> rewards(engine::State& m, int players) {
  std::vector<double> out(static_cast<size_t>(players) + 1, 0.0);
  auto r = m.result();
  if (!r) return out;
  for (int w : r->winners) out[w] += 1.0 / static_cast<double>(r->winners.size());
  return out;
}

// Each player's lead by the heuristic: their value minus the best other
// player's (alone: their value). out[0] unused.
std::vector<double> leads(engine::State& m, int players) {
  std::vector<double> h(static_cast<size_t>(players) + 1, 0.0), out = h;
  for (int p = 1; p <= players; ++p) h[p] = m.heuristic(p);
  for (int p = 1; p <= players; ++p) {
    double other = players == 1 ? 0.0 : -std::numeric_limits<double>::infinity();
    for (int q = 1; q <= players; ++q)
      if (q != p) other = std::max(other, h[q]);
    out[p] = h[p] - other;
  }
  return out;
}

// What the heuristic says at the root, for judging cut playouts softly:
// every player's lead there, and a scale for changes of it.
struct Yardstick {
  std::vector<double> lead;
  double scale = 1.0;
};

// The scale is the spread (standard deviation) of the acting player's
// one-step scores: what one decision can change here. Sure wins and losses
// and failing actions (scored +-1e12, -1e15) are left out of it.
Yardstick yardstick(engine::State& m, int me) {
  Yardstick y;
  y.lead = leads(m, m.players());
  auto scores = one_step_scores(m, me, m.action_count());
  double sum = 0, sum2 = 0;
  int k = 0;
  for (double s : scores)
    if (std::abs(s) < 1e11) sum += s, sum2 += s * s, ++k;
  double var = k > 1 ? (sum2 - sum * sum / k) / (k - 1) : 0.0;
  if (var > 1e-12) y.scale = std::sqrt(var);
  return y;
}

// A game cut short, judged by the heuristic (a draw without one).
std::vector<double> judged(engine::State& m, int players, MctsConfig::Judge how,
                           const Yardstick& y) {
  std::vector<double> out(static_cast<size_t>(players) + 1, 1.0 / players);
  if (!m.has_heuristic()) return out;
  auto lead = leads(m, players);
  if (how == MctsConfig::Judge::Soft) {
    for (int p = 1; p <= players; ++p)
      out[p] = 1.0 / (1.0 + std::exp(-(lead[p] - y.lead[p]) / y.scale));
    return out;
  }
  int best = 1;
  for (int p = 2; p <= players; ++p)
    if (lead[p] > lead[best]) best = p;
  std::fill(out.begin(), out.end(), 0.0);
  out[best] = 1.0;
  return out;
}

// The ruleset heuristic's choice one step ahead (ties at random).
int greedy(engine::State& m, int me, core::Rng& rng) {
  int n = m.action_count();
  if (n <= 1) return 0;
  auto scores = one_step_scores(m, me, n);
  double best = -std::numeric_limits<double>::infinity();
  std::vector<int> ties;
  for (int i = 0; i < n; ++i) {
    double score = scores[static_cast<size_t>(i)];
    if (score > best)
      best = score, ties.assign(1, i);
    else if (score == best)
      ties.push_back(i);
  }
  return ties[rng.below(static_cast<uint32_t>(ties.size()))];
}

class Search {
 public:
  Search(engine::State& m, const MctsConfig& c, core::Rng& rng, Yardstick y)
      : m_(m), c_(c), rng_(rng), players_(m.players()), yardstick_(std::move(y)) {
    nodes_.emplace_back();
  }

  // One iteration in a fresh world. A rules error down the line (a time
  // limit too) is thrown on: the game ends with it, as with any bot. (It
  // used to count as a loss for whoever chose it, and the search went on:
  // a second per try when the error was the time limit.)
  void iterate(const engine::Mark& root, int me) {
    m_.restore(root);
    m_.world_for(me, rng_);
    path_.clear();
    descend();
    auto reward = playout();
    backup(reward);
  }

  // The root's statistics for the actions legal in the real game; the
  // choice is the one tried most often.
  RootStats root(const std::vector<uint64_t>& real_keys) const {
    RootStats r;
    r.keys = real_keys;
    int most = -1;
    for (size_t i = 0; i < real_keys.size(); ++i) {
      int visits = 0;
      double mean = 0;
      for (const Edge& e : nodes_[0].edges)
        if (e.key == real_keys[i] && e.visits > 0) visits = e.visits, mean = e.reward / e.visits;
      r.visits.push_back(visits);
      r.mean.push_back(mean);
      if (visits > most) most = visits, r.chosen = static_cast<int>(i);
    }
    return r;
  }

 private:
  struct Step {
    int node, edge, actor;
  };

  // Selection and expansion: down the tree by UCB over the actions legal
  // in this world, until an action is tried for the first time here.
  void descend() {
    int node = 0;
    for (;;) {
      int actor = m_.actor();
      if (actor == 0) return;
      auto keys = m_.action_keys();
      std::vector<int> edge_of(keys.size());
      std::vector<int> untried;
      for (size_t i = 0; i < keys.size(); ++i) {
        int e = find_or_add(node, keys[i]);
        Edge& edge = nodes_[node].edges[e];
        ++edge.available;
        edge_of[i] = e;
        if (edge.visits == 0) untried.push_back(static_cast<int>(i));
      }
      int i = untried.empty() ? by_ucb(node, edge_of)
                              : untried[rng_.below(static_cast<uint32_t>(untried.size()))];
      int e = edge_of[i];
      path_.push_back({node, e, actor});
      m_.apply_scratch(i);
      if (nodes_[node].edges[e].child < 0) {
        int child = static_cast<int>(nodes_.size());
        nodes_.emplace_back();
        nodes_[node].edges[e].child = child;
        if (!untried.empty()) return;  // expanded: play out from here
      }
      node = nodes_[node].edges[e].child;
    }
  }

  int find_or_add(int node, uint64_t key) {
    auto& edges = nodes_[node].edges;
    for (size_t e = 0; e < edges.size(); ++e)
      if (edges[e].key == key) return static_cast<int>(e);
    edges.push_back(Edge{key});
    return static_cast<int>(edges.size()) - 1;
  }

  int by_ucb(int node, const std::vector<int>& edge_of) {
    const auto& edges = nodes_[node].edges;
    double top = -std::numeric_limits<double>::infinity();
    int pick = 0;
    for (size_t i = 0; i < edge_of.size(); ++i) {
      const Edge& e = edges[edge_of[i]];
      double mean = e.reward / e.visits;
      double u = mean + c_.exploration * std::sqrt(std::log(e.available) / e.visits);
      if (u > top) top = u, pick = static_cast<int>(i);
    }
    return pick;
  }

  std::vector<double> playout() {
    for (int steps = 0;; ++steps) {
      int actor = m_.actor();
      if (actor == 0) return rewards(m_, players_);
      if (steps >= c_.rollout_limit) return judged(m_, players_, c_.judge, yardstick_);
      int n = m_.action_count();
      if (n == 0) throw engine::ScriptError(m_.no_action_message(actor));
      int i = c_.heuristic_rollout
                  ? greedy(m_, actor, rng_)
                  : (n <= 1 ? 0 : static_cast<int>(rng_.below(static_cast<uint32_t>(n))));
      m_.apply_scratch(i);
    }
  }

  void backup(const std::vector<double>& reward) {
    for (const Step& s : path_) {
      Edge& e = nodes_[s.node].edges[s.edge];
      ++e.visits;
      e.reward += reward[s.actor];
    }
  }

  engine::State& m_;
  const MctsConfig& c_;
  core::Rng& rng_;
  int players_;
  Yardstick yardstick_;
  std::vector<Node> nodes_;
  std::vector<Step> path_;
};

int int_value(const std::string& key, const std::string& value, int lo, int hi) {
  try {
    size_t used = 0;
    long v = std::stol(value, &used);
    if (used == value.size() && v >= lo && v <= hi) return static_cast<int>(v);
  } catch (const std::exception&) {
  }
  throw std::invalid_argument("mcts: " + key + " must be a whole number " + std::to_string(lo) +
                              ".." + std::to_string(hi) + ", not '" + value + "'");
}

double number_value(const std::string& key, const std::string& value) {
  try {
    size_t used = 0;
    double v = std::stod(value, &used);
    if (used == value.size() && std::isfinite(v) && v >= 0 && v <= 100) return v;
  } catch (const std::exception&) {
  }
  throw std::invalid_argument("mcts: " + key + " must be a number 0..100, not '" + value + "'");
}

}  // namespace

int MctsBot::choose(engine::Game& game, core::Rng& rng) {
  engine::State& m = game.state();
  int n = m.action_count();
  root_ = RootStats();
  if (n <= 1) return 0;
  int me = m.actor();
  auto real_keys = m.action_keys();
  engine::Mark real = m.mark();
  // The root as the real player sees it (a determinized world would tell
  // the yardstick about cards the player has not seen).
  try {
    Yardstick y;
    if (m.has_heuristic() && c_.rollout_limit < MctsConfig::kLongestPlayout &&
        c_.judge == MctsConfig::Judge::Soft) {
      m.world_for(me, rng);
      y = yardstick(m, me);
      m.restore(real);
    }
    Search search(m, c_, rng, std::move(y));
    auto start = std::chrono::steady_clock::now();
    auto deadline = start + std::chrono::milliseconds(c_.ms);
    for (int k = 0;; ++k) {
      if (c_.ms > 0 ? std::chrono::steady_clock::now() >= deadline && k > 0 : k >= c_.iterations)
        break;
      search.iterate(real, me);
    }
    root_ = search.root(real_keys);
  } catch (const engine::ScriptError& e) {
    m.restore(real);
    throw in_lookahead(e, "mcts", me);
  }
  m.restore(real);
  return root_.chosen;
}

MctsConfig parse_mcts(const std::string& spec, bool has_heuristic) {
  MctsConfig c;
  size_t at = spec.find(':');
  while (at != std::string::npos) {
    size_t next = spec.find(':', at + 1);
    std::string part = spec.substr(at + 1, next == std::string::npos ? next : next - at - 1);
    size_t eq = part.find('=');
    std::string key = part.substr(0, eq),
                value = eq == std::string::npos ? "" : part.substr(eq + 1);
    if (key == "iters" || key == "iterations") {
      c.iterations = int_value(key, value, 1, 100'000'000);
      c.ms = 0;
    } else if (key == "ms") {
      c.ms = int_value(key, value, 1, 3'600'000);
    } else if (key == "rollout") {
      if (value != "random" && value != "heuristic")
        throw std::invalid_argument("mcts: rollout is 'random' or 'heuristic', not '" + value +
                                    "'");
      if (value == "heuristic" && !has_heuristic)
        throw std::invalid_argument(
            "mcts: rollout=heuristic needs the ruleset's heuristic(g, player)");
      c.heuristic_rollout = value == "heuristic";
    } else if (key == "depth") {
      c.rollout_limit = int_value(key, value, 0, 1'000'000);
    } else if (key == "c") {
      c.exploration = number_value(key, value);
    } else if (key == "judge") {
      if (value != "soft" && value != "leader")
        throw std::invalid_argument("mcts: judge is 'soft' or 'leader', not '" + value + "'");
      c.judge = value == "soft" ? MctsConfig::Judge::Soft : MctsConfig::Judge::Leader;
    } else {
      throw std::invalid_argument("mcts: no setting '" + key +
                                  "' (settings: iters=N, ms=N, rollout=random|heuristic, depth=N "
                                  "to cut playouts and judge by the heuristic, judge=soft|leader, "
                                  "c=X for UCB's exploration constant)");
    }
    at = next;
  }
  return c;
}

}  // namespace ratify::bots
