#include "bots/mcts.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ratify::bots {

namespace {

// An action seen from a node: statistics for the player acting there.
struct Edge {
  uint64_t key = 0;
  // The node after the action, by what the searcher knows then: an action
  // that turns a card over leads to one node per card it could show.
  std::vector<std::pair<uint64_t, int>> children;
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
  std::vector<double> h = m.heuristics(), out(static_cast<size_t>(players) + 1, 0.0);
  for (int p = 1; p <= players; ++p) {
    double other = players == 1 ? 0.0 : -std::numeric_limits<double>::infinity();
    for (int q = 1; q <= players; ++q)
      if (q != p) other = std::max(other, h[q]);
    out[p] = h[p] - other;
  }
  return out;
}

// The scale is the spread (standard deviation) of the better half of the
// acting player's one-step scores: what one decision can change here. Sure
// wins and losses (scored +-1e12) are left out of it.
Yardstick yardstick(engine::State& m, int me) {
  Yardstick y;
  y.lead = leads(m, m.players());
  auto all = one_step_scores(m, me, m.action_count());
  std::vector<double> scores;
  for (double s : all)
    if (std::abs(s) < 1e11) scores.push_back(s);
  // The better half only: moves nobody would play (escaped's accusation
  // with 16 names left, scored -875 against takes worth 8 or 9) would set
  // the scale, and every sensible move would then look alike (escaped:
  // mcts won 3% alone against two heuristic bots, 30% with the better half).
  std::sort(scores.begin(), scores.end(), std::greater<>());
  scores.resize((scores.size() + 1) / 2);
  double sum = 0, sum2 = 0;
  int k = 0;
  for (double s : scores) sum += s, sum2 += s * s, ++k;
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
int greedy(engine::State& m, int me, core::Rng& rng, Leave leave = Leave::AsFound) {
  int n = m.action_count();
  if (n <= 1) return 0;
  auto scores = one_step_scores(m, me, n, leave);
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

// The search of one decision. Its trees' nodes are information sets: a
// node is reached by actions and by what its player observed on the way
// (State::observation), so a card turned over leads to one node per card
// it could show. With one tree (single observer) every node is the
// searcher's; with a tree per player (multiple observers, `trees=each`)
// each player chooses at the nodes of its own tree, by what it observed:
// an opponent's choice never depends on a card only the searcher saw.
class Search {
 public:
  Search(engine::State& m, const MctsConfig& c, core::Rng& rng, Yardstick y)
      : m_(m), c_(c), rng_(rng), players_(m.players()), yardstick_(std::move(y)) {
    trees_.resize(static_cast<size_t>(players_) + 1);
    for (auto& t : trees_) t.emplace_back();
    for (int w = 0; w < c_.worlds; ++w) worlds_.push_back(rng_.split());  // before any iteration
    world_marks_.resize(worlds_.size());
  }

  // Iteration k, in its world. A rules error down the line (a time
  // limit too) is thrown on: the game ends with it, as with any bot. (It
  // used to count as a loss for whoever chose it, and the search went on:
  // a second per try when the error was the time limit.)
  void iterate(const engine::Mark& root, int me, int k) {
    enter_world(root, me, k);
    me_ = me;
    path_.clear();
    descend();
    auto reward = playout();
    backup(reward);
  }

  // Is the choice made: could no other root action be tried as often as
  // the most tried one in `left` more iterations?
  bool decided(int left) const {
    int most = 0, next = 0;
    for (const Edge& e : trees_[static_cast<size_t>(me_)][0].edges) {
      if (e.visits > most)
        next = most, most = e.visits;
      else if (e.visits > next)
        next = e.visits;
    }
    return most - next > left;
  }

  // The root's statistics for the actions legal in the real game; the
  // choice is the one tried most often.
  RootStats root(const std::vector<uint64_t>& real_keys) const {
    RootStats r;
    r.keys = real_keys;
    r.worlds = dealt_;
    int most = -1;
    for (size_t i = 0; i < real_keys.size(); ++i) {
      int visits = 0;
      double mean = 0;
      for (const Edge& e : trees_[static_cast<size_t>(me_)][0].edges)
        if (e.key == real_keys[i] && e.visits > 0) visits = e.visits, mean = e.reward / e.visits;
      r.visits.push_back(visits);
      r.mean.push_back(mean);
      if (visits > most) most = visits, r.chosen = static_cast<int>(i);
    }
    return r;
  }

 private:
  struct Step {
    int tree, node, edge, actor;
  };

  // A fresh world for every iteration, or (`worlds=N`) world k mod N of
  // the search's own: each dealt once from random numbers drawn when the
  // search began, its moment marked with its legal actions and restored
  // at every later visit. A world seen again meets the opponents as they
  // chose in it before (opponents_choice), so their one step ahead is
  // paid once per world and node, not once per iteration.
  void enter_world(const engine::Mark& root, int me, int k) {
    if (worlds_.empty()) {
      m_.restore(root);
      m_.world_for(me, rng_);
      ++dealt_;
      return;
    }
    size_t w = static_cast<size_t>(k) % worlds_.size();
    world_ = c_.redeal_opponents ? -1 : static_cast<int>(w);  // a re-deal on the way: not one
    todo_.clear();
    if (world_marks_[w]) {
      from_ = &*world_marks_[w];
      settled_ = false;  // restored when the position is first needed
      if (!lazy()) settle();
      return;
    }
    m_.restore(root);
    core::Rng deal = worlds_[w];
    m_.world_for(me, deal);
    m_.action_keys();  // listed once, kept with the mark
    world_marks_[w] = m_.mark(engine::State::kOften);
    from_ = &*world_marks_[w];
    settled_ = true;
    ++dealt_;
  }

  // A pooled world's places are known as they were met (the actor, the
  // legal actions' keys, the child an action led to, an opponent's
  // choice), so the search walks down what it knows without the game:
  // the actions are only noted, and played when something unknown is
  // asked (settle), from the deepest moment marked on the way. Without
  // it every iteration played the whole path from the world's moment
  // again: constitution's walk is about 11 actions deep.
  bool lazy() const { return world_ >= 0 && c_.remember_places && c_.opponents_policy.empty(); }

  // Bring the game to the position the walk has reached. The last node
  // passed on the way is marked: the next walk in this world that leaves
  // the known places there (another action tried) restores it.
  void settle() {
    if (settled_) return;
    m_.restore(*from_);
    size_t last = todo_.size();
    while (last > 0 && todo_[last - 1].node < 0) --last;
    for (size_t j = 0; j < todo_.size(); ++j) {
      m_.apply_scratch(todo_[j].index);
      if (j + 1 == last && last >= kMarkAfter) mark_at(todo_[j].node);
    }
    todo_.clear();
    settled_ = true;
  }

  // The action with index i: played now when the game is at the walk's
  // position, else noted for settle.
  void play(int i) {
    node_ = -1;  // between nodes until the trees follow
    if (settled_ || !lazy())
      m_.apply_scratch(i);
    else
      todo_.push_back({i, -1});
  }

  // The walk reached `node` of the searcher's tree: a moment marked there
  // is the nearest one to restore.
  void reached(int node) {
    node_ = node;
    if (settled_ || !lazy()) return;
    todo_.back().node = node;
    auto mark = place_marks_.find(place(me_, node, kChoice));
    if (mark == place_marks_.end()) return;
    from_ = mark->second.get();
    todo_.clear();
  }

  // The game, at `node` of the walk, marked there for later walks in this
  // world, while the marks stay under their cap.
  void mark_at(int node) {
    if (place_marks_.size() >= kMostMarks) return;
    uint64_t at = place(me_, node, kChoice);
    if (at == kNowhere) return;
    auto& mark = place_marks_[at];
    if (!mark) mark = std::make_unique<engine::Mark>(m_.mark());
  }

  // The tree whose nodes `player` chooses at.
  int tree_of(int player) const { return c_.tree_per_player ? player : me_; }

  // Selection and expansion: down the actor's tree by UCB over the actions
  // legal in this world, every tree following by what its player observes,
  // until the actor's tree reaches a node it never had.
  void descend() {
    std::vector<int> at(trees_.size(), 0);  // each tree's node
    node_ = 0;
    for (int seen_by = me_;;) {
      int actor = actor_here();
      if (actor == 0) return;
      if (c_.redeal_opponents && actor != me_ && actor != seen_by) {
        m_.world_for(actor, rng_);  // it chooses by what it could know
        seen_by = actor;
      }
      int t = tree_of(actor);
      const std::vector<uint64_t>& keys = keys_here(t, at[t]);
      if ((c_.heuristic_opponents || !c_.opponents_policy.empty()) && actor != me_) {
        int i = keys.size() <= 1 ? 0 : opponents_choice_here(actor, t, at[t], keys);
        play(i);
        if (follow(t, at, keys[static_cast<size_t>(i)], t)) return;
        continue;
      }
      std::vector<int> edge_of(keys.size());
      std::vector<int> untried;
      for (size_t i = 0; i < keys.size(); ++i) {
        int e = find_or_add(t, at[t], keys[i]);
        Edge& edge = trees_[t][at[t]].edges[e];
        ++edge.available;
        edge_of[i] = e;
        if (edge.visits == 0) untried.push_back(static_cast<int>(i));
      }
      int i = untried.empty() ? by_ucb(t, at[t], edge_of)
                              : untried[rng_.below(static_cast<uint32_t>(untried.size()))];
      path_.push_back({t, at[t], edge_of[i], actor});
      play(i);
      if (follow(t, at, keys[i], t)) return;  // play out from the new node
    }
  }

  // Who acts at the walk's position: kept by place in a pooled world.
  int actor_here() {
    uint64_t at = place(me_, node_, kChoice);
    if (at != kNowhere) {
      auto known = actor_at_.find(at);
      if (known != actor_at_.end()) return known->second;
    }
    settle();
    int actor = m_.actor();
    if (at != kNowhere) actor_at_.emplace(at, actor);
    return actor;
  }

  // Every tree follows the action with key `key` by what its player now
  // observes; true when tree `t` reached a node it never had.
  bool follow(int t, std::vector<int>& at, uint64_t key, int actor_tree) {
    bool expanded = false;
    for (int k = 1; k <= players_; ++k) {
      if (k != t && !c_.tree_per_player) continue;  // one tree: the searcher's
      int e = find_or_add(k, at[k], key);
      bool made = false;
      at[k] = child_here(k, at[k], e, made);
      expanded |= made && k == actor_tree;
    }
    reached(at[me_]);
    return expanded;
  }

  // In a pool of worlds, a world's moment and the actions taken from it
  // decide all that follows (the rules' random numbers come back with the
  // moment, and the opponents choose as they chose there before), so a
  // node met again in the same world is the same position. What was
  // observed there and what an opponent chose there are kept by place,
  // (world, tree, node, edge), instead of an observation taken again (it
  // reads the whole table and g.state). The search is the same one.
  static constexpr uint64_t kNowhere = ~uint64_t{0};
  static constexpr int kChoice = (1 << 15) - 1;  // the edge slot of an opponent's choice
  uint64_t place(int t, int n, int e) const {
    if (world_ < 0 || !c_.remember_places || n >= (1 << 24) || e > kChoice) return kNowhere;
    return static_cast<uint64_t>(world_) << 44 | static_cast<uint64_t>(t) << 39 |
           static_cast<uint64_t>(n) << 15 | static_cast<uint64_t>(e);
  }

  // The node after edge e of node n in tree t, by what t's player observes.
  int child_here(int t, int n, int e, bool& made) {
    uint64_t at = e < kChoice ? place(t, n, e) : kNowhere;
    if (at != kNowhere) {
      auto known = met_.find(at);
      if (known != met_.end()) return static_cast<int>(known->second);
    }
    settle();
    int c = child(t, n, e, m_.observation(t), made);
    if (at != kNowhere) met_.emplace(at, static_cast<uint64_t>(c));
    return c;
  }

  // The keys of the actions legal at node n of tree t, in this world.
  const std::vector<uint64_t>& keys_here(int t, int n) {
    uint64_t at = place(t, n, kChoice);
    if (at == kNowhere) {
      settle();
      return scratch_keys_ = m_.action_keys();
    }
    auto known = keys_at_.find(at);
    if (known == keys_at_.end()) {
      settle();
      known = keys_at_.emplace(at, m_.action_keys()).first;
    }
    return known->second;
  }

  // An opponent's choice at node n of tree t (more than one action legal).
  // A strategy bot's is asked every time: it may draw the game's random
  // numbers, and the position after depends on them.
  int opponents_choice_here(int actor, int t, int n, const std::vector<uint64_t>& keys) {
    uint64_t at = c_.opponents_policy.empty() ? place(t, n, kChoice) : kNowhere;
    if (at != kNowhere) {
      auto known = met_.find(at);
      if (known != met_.end()) return index_of(known->second, keys);
    }
    settle();
    int i = c_.opponents_policy.empty() ? opponents_choice(actor, keys)
                                        : m_.strategy_choice(c_.opponents_policy, actor);
    if (at != kNowhere) met_.emplace(at, keys[static_cast<size_t>(i)]);
    return i;
  }

  static int index_of(uint64_t key, const std::vector<uint64_t>& keys) {
    for (size_t i = 0; i < keys.size(); ++i)
      if (keys[i] == key) return static_cast<int>(i);
    return 0;  // not legal in this world (it cannot be: its own cards are kept)
  }

  // What the heuristic bot would choose for `actor` here, judged in a world
  // re-dealt from its own view (so not by the cards only the searcher
  // knows), as an index into this world's actions `keys`.
  // Chosen once per information set of the actor (its observation), so
  // the search pays for it once, not every iteration.
  int opponents_choice(int actor, const std::vector<uint64_t>& keys) {
    if (keys.size() <= 1) return 0;
    uint64_t seen = m_.observation(actor) ^ (static_cast<uint64_t>(actor) << 56);
    auto known = opponents_choices_.find(seen);
    uint64_t key = 0;
    if (known != opponents_choices_.end()) {
      key = known->second;
    } else {
      engine::Mark here = m_.mark();
      m_.world_for(actor, rng_);
      auto there = m_.action_keys();  // read before the tries: `here` is restored after them
      key = there[static_cast<size_t>(greedy(m_, actor, rng_, Leave::Tried))];
      m_.restore(here);
      opponents_choices_.emplace(seen, key);
    }
    return index_of(key, keys);
  }

  // A playout's players choose so too, the searcher as well: one step
  // ahead in the searcher's world itself, every player would see where
  // each imagined card lies (in meet_the_patriots, turn over the very card
  // that matches), and the playouts would value what nobody can know.
  int own_worlds_choice(int actor, const std::vector<uint64_t>& keys) {
    return opponents_choice(actor, keys);
  }

  // The node after edge e of node n in tree t for this observation (made,
  // and `made` set, when it is new).
  int child(int t, int n, int e, uint64_t seen, bool& made) {
    auto& tree = trees_[t];
    for (const auto& [obs, c] : tree[n].edges[e].children)
      if (obs == seen) return c;
    int c = static_cast<int>(tree.size());
    tree[n].edges[e].children.emplace_back(seen, c);
    tree.emplace_back();
    made = true;
    return c;
  }

  int find_or_add(int t, int node, uint64_t key) {
    auto& edges = trees_[t][node].edges;
    for (size_t e = 0; e < edges.size(); ++e)
      if (edges[e].key == key) return static_cast<int>(e);
    edges.emplace_back();
    edges.back().key = key;
    return static_cast<int>(edges.size()) - 1;
  }

  int by_ucb(int t, int node, const std::vector<int>& edge_of) {
    const auto& edges = trees_[t][node].edges;
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

  // A playout's move: by the ruleset's policy, the heuristic or at random.
  int playout_choice(int actor, int n) {
    if (!c_.rollout_policy.empty()) return m_.strategy_choice(c_.rollout_policy, actor);
    if (c_.heuristic_rollout) return own_worlds_choice(actor, m_.action_keys());
    return static_cast<int>(rng_.below(static_cast<uint32_t>(n)));
  }

  std::vector<double> playout() {
    settle();
    for (int steps = 0;; ++steps) {
      int actor = m_.actor();
      if (actor == 0) return rewards(m_, players_);
      if (steps >= c_.rollout_limit) return judged(m_, players_, c_.judge, yardstick_);
      int n = m_.action_count();
      if (n == 0) throw engine::ScriptError(m_.no_action_message(actor));
      int i = n <= 1 ? 0 : playout_choice(actor, n);
      m_.apply_scratch(i);
    }
  }

  void backup(const std::vector<double>& reward) {
    for (const Step& s : path_) {
      Edge& e = trees_[s.tree][s.node].edges[s.edge];
      ++e.visits;
      e.reward += reward[s.actor];
    }
  }

  engine::State& m_;
  const MctsConfig& c_;
  core::Rng& rng_;
  int players_;
  int me_ = 0;
  Yardstick yardstick_;
  std::vector<std::vector<Node>> trees_;  // [player]; one tree: the searcher's
  std::vector<Step> path_;
  std::unordered_map<uint64_t, uint64_t> opponents_choices_;  // observation -> key
  std::vector<core::Rng> worlds_;                             // `worlds=N`: each world's deal
  std::vector<std::optional<engine::Mark>> world_marks_;      // each world, once dealt
  int dealt_ = 0;                                             // worlds dealt
  int world_ = -1;  // the pool's world of this iteration; -1: a fresh one
  std::unordered_map<uint64_t, uint64_t> met_;  // by place: a child node, an opponent's key
  std::unordered_map<uint64_t, std::vector<uint64_t>> keys_at_;  // by place: its actions' keys
  std::vector<uint64_t> scratch_keys_;                           // keys where no place is kept
  std::unordered_map<uint64_t, int> actor_at_;                   // by place: who acts there
  // The walk's position: a moment and the actions noted after it (lazy).
  struct Todo {
    int index, node;  // the action, and the node it led to (-1: not yet known)
  };
  const engine::Mark* from_ = nullptr;
  std::vector<Todo> todo_;
  bool settled_ = true;  // the game is at the walk's position
  int node_ = 0;         // the walk's node in the searcher's tree
  // Moments marked by place, to restore instead of playing the way again.
  // Capped: each holds a copy of g.state in the rules' VM. A mark costs
  // about what playing two actions does (the copy), so a place is marked
  // only when two or more were played to reach it (callgrind: escaped's
  // search cost 2% more when every place passed was marked).
  static constexpr size_t kMostMarks = 1024;
  static constexpr size_t kMarkAfter = 2;
  std::unordered_map<uint64_t, std::unique_ptr<engine::Mark>> place_marks_;
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

MctsBot::MctsBot(MctsConfig c) : c_(c) {
  if (c_.threads == 0)
    c_.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

MctsBot::~MctsBot() = default;

RootStats MctsBot::search(engine::State& m, int me, core::Rng& rng, int iterations,
                          const Yardstick& y) {
  auto real_keys = m.action_keys();
  // restored once per iteration (a timed search: as many, unknown)
  engine::Mark real = m.mark(c_.ms > 0 ? engine::State::kOften : iterations + 1);
  try {
    Search search(m, c_, rng, y);
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(c_.ms);
    int done = 0;
    for (;; ++done) {
      if (c_.ms > 0 ? std::chrono::steady_clock::now() >= deadline && done > 0 : done >= iterations)
        break;
      search.iterate(real, me, done);
      if (c_.stop_when_decided && c_.ms == 0 && search.decided(iterations - done - 1)) {
        ++done;
        break;
      }
    }
    m.restore(real);
    RootStats r = search.root(real_keys);
    r.iterations = done;
    return r;
  } catch (...) {
    m.restore(real);
    throw;
  }
}

RootStats MctsBot::search_in_parallel(engine::Game& game, int me, core::Rng& rng,
                                      const Yardstick& y) {
  engine::State& m = game.state();
  int n = c_.threads;
  std::vector<core::Rng> rngs;
  for (int t = 0; t < n; ++t) rngs.push_back(rng.split());
  // The copies, made here on this thread: a ruleset loaded per thread
  // once, the game as it stands loaded into a new state from its save.
  auto save = m.save(false);
  while (static_cast<int>(copies_.size()) < n - 1)
    copies_.push_back(engine::Loaded::open(game.loaded().spec(), game.loaded().variant_spec()));
  std::vector<std::unique_ptr<engine::State>> states;
  for (int t = 1; t < n; ++t) {
    auto& loaded = copies_[static_cast<size_t>(t - 1)];
    states.push_back(loaded->new_state(m.players(), m.seed(), m.options(), {}, false));
    states.back()->load(save);
  }
  std::vector<RootStats> roots(static_cast<size_t>(n));
  std::vector<std::exception_ptr> errors(static_cast<size_t>(n));
  auto run = [&](int t) {
    engine::State& s = t == 0 ? m : *states[static_cast<size_t>(t - 1)];
    int iterations = c_.iterations / n + (t < c_.iterations % n ? 1 : 0);
    try {
      roots[static_cast<size_t>(t)] =
          search(s, me, rngs[static_cast<size_t>(t)], std::max(1, iterations), y);
    } catch (...) {
      errors[static_cast<size_t>(t)] = std::current_exception();
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < n; ++t) threads.emplace_back(run, t);
  run(0);
  for (auto& th : threads) th.join();
  for (auto& e : errors)  // the first thread's error, whichever came first
    if (e) std::rethrow_exception(e);
  // The roots summed by action; the choice is the action tried most often.
  RootStats sum = roots[0];
  for (int t = 1; t < n; ++t) {
    sum.iterations += roots[static_cast<size_t>(t)].iterations;
    sum.worlds += roots[static_cast<size_t>(t)].worlds;
  }
  for (size_t i = 0; i < sum.keys.size(); ++i) {
    double reward = sum.mean[i] * sum.visits[i];
    for (int t = 1; t < n; ++t) {
      const RootStats& r = roots[static_cast<size_t>(t)];
      reward += r.mean[i] * r.visits[i];
      sum.visits[i] += r.visits[i];
    }
    sum.mean[i] = sum.visits[i] > 0 ? reward / sum.visits[i] : 0.0;
    if (sum.visits[i] > sum.visits[static_cast<size_t>(sum.chosen)])
      sum.chosen = static_cast<int>(i);
  }
  return sum;
}

// The heuristic bot chooses among its best-scored actions at random, so
// they are weighed as one: their visits and results pooled. Another action
// replaces them only if its mean beats theirs by `trust` standard errors.
int MctsBot::heuristic_unless_sure(engine::State& m, int me, core::Rng& rng,
                                   const engine::Mark& real) {
  int n = static_cast<int>(root_.visits.size());
  m.world_for(me, rng);  // judged as the heuristic bot would: from its view
  auto scores = one_step_scores(m, me, n, Leave::Tried);
  m.restore(real);
  double top = *std::max_element(scores.begin(), scores.end());
  int pick = -1, visits = 0;
  double reward = 0;
  for (int i = 0; i < n; ++i) {
    if (scores[static_cast<size_t>(i)] != top) continue;
    if (i == root_.chosen) return i;  // the search agrees
    int v = root_.visits[static_cast<size_t>(i)];
    visits += v, reward += root_.mean[static_cast<size_t>(i)] * v;
    if (pick < 0 || v > root_.visits[static_cast<size_t>(pick)]) pick = i;
  }
  auto variance = [](double p, int v) { return std::max(p * (1 - p), 0.01) / std::max(v, 1); };
  double theirs = visits > 0 ? reward / visits : 0.0, mine = root_.estimate();
  int chosen_visits = root_.visits[static_cast<size_t>(root_.chosen)];
  double se = std::sqrt(variance(mine, chosen_visits) + variance(theirs, visits));
  return mine - theirs > c_.trust * se ? root_.chosen : pick;
}

int MctsBot::choose(engine::Game& game, core::Rng& rng) {
  engine::State& m = game.state();
  int n = m.action_count();
  root_ = RootStats();
  if (n <= 1) return 0;
  int me = m.actor();
  engine::Mark real = m.mark();
  try {
    // The root as the real player sees it (a determinized world would tell
    // the yardstick about cards the player has not seen).
    Yardstick y;
    if (m.has_heuristic() && c_.rollout_limit < MctsConfig::kLongestPlayout &&
        c_.judge == MctsConfig::Judge::Soft) {
      m.world_for(me, rng);
      y = yardstick(m, me);
      m.restore(real);
    }
    root_ = c_.threads > 1 ? search_in_parallel(game, me, rng, y)
                           : search(m, me, rng, c_.iterations, y);
    if (c_.trust > 0 && m.has_heuristic()) root_.chosen = heuristic_unless_sure(m, me, rng, real);
  } catch (const engine::ScriptError& e) {
    m.restore(real);
    throw in_lookahead(e, "mcts", me);
  }
  return root_.chosen;
}

namespace {

// `value` when it names one of the ruleset's strategy bots (`policies`).
std::string policy(const std::string& key, const std::string& value, const std::string& builtin,
                   const std::vector<std::string>& policies) {
  if (std::find(policies.begin(), policies.end(), value) != policies.end()) return value;
  std::string own;
  for (const auto& p : policies) own += ", " + p;
  throw std::invalid_argument("mcts: " + key + " is " + builtin +
                              " or one of the ruleset's strategy bots (bots/NAME.lua" +
                              (own.empty() ? std::string(": it has none") : ": " + own.substr(2)) +
                              "), not '" + value + "'");
}

// `rollout=random|heuristic|NAME` and `opponents=tree|heuristic|NAME`
// (`plain`: random or tree), NAME one of the ruleset's strategy bots.
void set_player_of(const char* key, const char* plain, bool& heuristic, std::string& strategy,
                   const std::string& value, bool has_heuristic,
                   const std::vector<std::string>& policies) {
  heuristic = value == "heuristic";
  strategy.clear();
  if (value == plain) return;
  if (heuristic) {
    if (!has_heuristic)
      throw std::invalid_argument(std::string("mcts: ") + key +
                                  "=heuristic needs the ruleset's heuristic(g, player)");
    return;
  }
  strategy = policy(key, value, "'" + std::string(plain) + "', 'heuristic'", policies);
}

void set_rollout(MctsConfig& c, const std::string& value, bool has_heuristic,
                 const std::vector<std::string>& policies) {
  set_player_of("rollout", "random", c.heuristic_rollout, c.rollout_policy, value, has_heuristic,
                policies);
}

void set_opponents(MctsConfig& c, const std::string& value, bool has_heuristic,
                   const std::vector<std::string>& policies) {
  set_player_of("opponents", "tree", c.heuristic_opponents, c.opponents_policy, value,
                has_heuristic, policies);
}

// Applies "key=value:key=value" settings (after the bot's name) to c.
void apply_settings(MctsConfig& c, const std::string& settings, bool has_heuristic,
                    const std::vector<std::string>& policies) {
  size_t at = settings.empty() ? std::string::npos : 0;
  while (at != std::string::npos) {
    size_t next = settings.find(':', at);
    std::string part = settings.substr(at, next == std::string::npos ? next : next - at);
    at = next == std::string::npos ? next : next + 1;
    if (part.empty()) continue;
    size_t eq = part.find('=');
    std::string key = part.substr(0, eq),
                value = eq == std::string::npos ? "" : part.substr(eq + 1);
    if (key == "iters" || key == "iterations") {
      c.iterations = int_value(key, value, 1, 100'000'000);
      c.ms = 0;
    } else if (key == "ms") {
      c.ms = int_value(key, value, 1, 3'600'000);
    } else if (key == "rollout") {
      set_rollout(c, value, has_heuristic, policies);
    } else if (key == "depth") {
      c.rollout_limit = int_value(key, value, 0, 1'000'000);
    } else if (key == "trees") {
      if (value != "one" && value != "each")
        throw std::invalid_argument("mcts: trees is 'one' or 'each', not '" + value + "'");
      c.tree_per_player = value == "each";
    } else if (key == "redeal") {
      if (value != "root" && value != "opponents")
        throw std::invalid_argument("mcts: redeal is 'root' or 'opponents', not '" + value + "'");
      c.redeal_opponents = value == "opponents";
    } else if (key == "opponents") {
      set_opponents(c, value, has_heuristic, policies);
    } else if (key == "worlds") {
      c.worlds = int_value(key, value, 0, 10000);  // a world is a mark kept
    } else if (key == "stop") {
      if (value != "all" && value != "decided")
        throw std::invalid_argument("mcts: stop is 'all' or 'decided', not '" + value + "'");
      c.stop_when_decided = value == "decided";
    } else if (key == "threads") {
      c.threads = int_value(key, value, 0, 256);
    } else if (key == "trust") {
      c.trust = number_value(key, value);
    } else if (key == "c") {
      c.exploration = number_value(key, value);
    } else if (key == "judge") {
      if (value != "soft" && value != "leader")
        throw std::invalid_argument("mcts: judge is 'soft' or 'leader', not '" + value + "'");
      c.judge = value == "soft" ? MctsConfig::Judge::Soft : MctsConfig::Judge::Leader;
    } else {
      throw std::invalid_argument(
          "mcts: no setting '" + key +
          "' (settings: iters=N, ms=N, rollout=random|heuristic|BOT (a strategy bot of the "
          "ruleset), depth=N "
          "to cut playouts and judge by the heuristic, judge=soft|leader, "
          "trees=one|each, redeal=root|opponents, opponents=tree|heuristic|BOT, threads=N, "
          "worlds=N (iterations share N worlds; 0: a world each), stop=all|decided, trust=Z (the "
          "heuristic's choice unless the search is Z standard "
          "errors surer), c=X for UCB's exploration constant)");
    }
  }
}

}  // namespace

MctsConfig mcts_defaults(bool has_heuristic, const std::string& search,
                         const std::vector<std::string>& policies) {
  MctsConfig c;
  // A playout to the end costs a whole game an iteration (amendments: one
  // game in more than 5 minutes): with a heuristic the new position is
  // judged at once, and without one a playout is cut at a cap (a draw).
  c.rollout_limit = has_heuristic ? 0 : MctsConfig::kCappedPlayout;
  c.heuristic_opponents = has_heuristic;
  // The iterations past the point where the most tried root action can no
  // longer be overtaken change nothing but the statistics: the choice is
  // the same, sooner (a quarter of the time in constitution and gitmo).
  c.stop_when_decided = true;
  apply_settings(c, search, has_heuristic, policies);
  return c;
}

MctsConfig parse_mcts(const std::string& spec, bool has_heuristic, const std::string& search,
                      const std::vector<std::string>& policies) {
  MctsConfig c = mcts_defaults(has_heuristic, search, policies);
  size_t colon = spec.find(':');
  if (colon != std::string::npos)
    apply_settings(c, spec.substr(colon + 1), has_heuristic, policies);
  return c;
}

}  // namespace ratify::bots
