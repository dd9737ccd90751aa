#include "sim/solve.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <limits>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "engine/game.hpp"

namespace ratify::sim {

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::Won:
      return "won";
    case Verdict::Lost:
      return "lost";
    default:
      return "unknown";
  }
}

namespace {

constexpr double kWin = 1e300, kLoss = -1e300;

// Limited discrepancy search: pass k follows the preferred order (the
// heuristic's, else the rules') and may leave it at most k times on a line.
// Wins in a good order show up in the first passes; the pass that cuts
// nothing has searched everything, so it proves a loss as plain depth-first
// search would. Counting a discrepancy per "not the first choice" is the
// classic form (Harvey and Ginsberg).
struct Search {
  engine::State& m;
  long long limit;
  bool ordered;  // try the moves the ruleset's heuristic likes best first
  long long nodes = 0;
  // Per state met: the largest budget it was searched with (no win within
  // it), or kAll once everything below it was searched.
  static constexpr int kAll = std::numeric_limits<int>::max();
  static constexpr size_t kLongestLine = 2000;  // moves (the patience: about 80)
  std::unordered_map<uint64_t, int> searched;
  std::unordered_set<uint64_t> on_path;  // a game that cycles must not loop
  // The order found for each state: later passes walk the same states again.
  std::unordered_map<uint64_t, std::vector<int>> orders;
  std::vector<int> line;  // action indices of the winning line

  struct OutOfNodes {};

  bool won() {
    auto r = m.result();
    return r && !r->winners.empty();
  }

  // The order to try the n actions in: the ruleset's order, or best first
  // by heuristic(g, 1) one move ahead (a finished game scores as won/lost).
  std::vector<int> order(int n, const engine::Mark& here) {
    std::vector<int> idx(n);
    for (int i = 0; i < n; ++i) idx[i] = i;
    if (!ordered || n < 2) return idx;
    std::vector<double> score(n);
    for (int i = 0; i < n; ++i) {
      if (i > 0) m.restore(here);
      m.apply_scratch(i);
      score[i] = m.actor() != 0 ? m.heuristic(1) : won() ? kWin : kLoss;
    }
    m.restore(here);
    std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return score[a] > score[b]; });
    return idx;
  }

  // true: a win is reached from here within `budget` discrepancies. On
  // false, `complete` is cleared when anything was left unsearched.
  bool probe(int budget, bool& complete) {
    if (++nodes > limit) throw OutOfNodes{};
    if (m.actor() == 0) return won();
    // The search recurses once per move: a line longer than any real deal
    // is left unsearched (the verdict is then unknown) rather than
    // overflowing the stack.
    if (line.size() >= kLongestLine) {
      complete = false;
      return false;
    }
    uint64_t h = m.hash(true);  // copies of a card are alike
    auto it = searched.find(h);
    if (it != searched.end() && it->second >= budget) {
      if (it->second != kAll) complete = false;
      return false;
    }
    if (!on_path.insert(h).second) {
      complete = false;
      return false;
    }
    int n = m.action_count();
    engine::Mark here = m.mark();
    auto known = orders.find(h);
    if (known == orders.end()) known = orders.emplace(h, order(n, here)).first;
    const std::vector<int> idx = known->second;  // a copy: the map may grow below
    bool all = true, fresh = true;               // fresh: the match is at `here`, untouched
    for (int j = 0; j < n; ++j) {
      int cost = j > 0 ? 1 : 0;
      if (cost > budget) {
        all = false;
        break;
      }
      if (!fresh) m.restore(here);
      fresh = false;
      m.apply_scratch(idx[j]);
      line.push_back(idx[j]);
      if (probe(budget - cost, all)) return true;
      line.pop_back();
    }
    if (!fresh) m.restore(here);
    on_path.erase(h);
    searched[h] = all ? kAll : budget;
    if (!all) complete = false;
    return false;
  }

  bool solve() {
    for (int budget = 0;; ++budget) {
      bool complete = true;
      if (probe(budget, complete)) return true;
      if (complete) return false;
    }
  }
};

}  // namespace

DealOutcome solve_match(engine::State& m, long long limit_nodes, bool ordered) {
  DealOutcome out;
  auto start = std::chrono::steady_clock::now();
  engine::Mark begin = m.mark();
  Search s{m, limit_nodes, ordered && m.has_heuristic(), 0, {}, {}, {}, {}};
  try {
    out.verdict = s.solve() ? Verdict::Won : Verdict::Lost;
  } catch (const Search::OutOfNodes&) {
    out.verdict = Verdict::Unknown;
  }
  m.restore(begin);
  if (out.verdict == Verdict::Won)  // labels only for the line kept
    for (int i : s.line) {
      out.winning_line.push_back(m.action(i).label);
      m.apply(i);
    }
  m.restore(begin);
  out.nodes = std::min(s.nodes, limit_nodes);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

SolveReport run_solve(const SolveConfig& c) {
  auto start = std::chrono::steady_clock::now();
  auto first = engine::Loaded::open(c.ruleset, c.variant);
  if (first->meta().min_players != 1)
    throw engine::InputError(first->meta().id +
                             " is not a one-player game; solve is for patiences");
  auto options = first->options(c.sets);
  SolveReport report;
  int begin = c.only >= 0 ? c.only : 0, end = c.only >= 0 ? c.only + 1 : c.deals;
  report.deals.resize(static_cast<size_t>(std::max(c.deals, end)));
  std::atomic<int> next{begin}, done{0}, finished{0};
  std::mutex mu;
  std::string fatal;
  std::optional<DealFailed> failed;
  auto worker = [&](std::shared_ptr<engine::Loaded> loaded) {
    try {
      if (!loaded) loaded = engine::Loaded::open(c.ruleset, c.variant);
      for (int k; (k = next++) < end;) {
        uint64_t seed = core::mix_seed(c.seed, static_cast<uint64_t>(k));
        DealOutcome o;
        try {
          auto m = loaded->new_state(1, seed, options, {false, true, true});
          o = solve_match(*m, c.limit_nodes, c.ordered);
        } catch (const std::exception& e) {
          std::lock_guard<std::mutex> lock(mu);
          if (!failed || k < failed->index) failed.emplace(e.what(), k, seed);
          next = end;  // stop at the first deal the rules fail on
          break;
        }
        o.index = k;
        o.seed = seed;
        report.deals[k] = std::move(o);
        ++done;
      }
    } catch (const std::exception& e) {
      std::lock_guard<std::mutex> lock(mu);
      fatal = e.what();
      next = end;
    }
    ++finished;
  };
  int threads = std::max(1, c.threads);
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker, nullptr);
  std::thread main_worker(worker, first);
  while (finished < threads) {
    if (c.progress) c.progress(done, end - begin);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  main_worker.join();
  for (auto& t : pool) t.join();
  if (c.progress) c.progress(end - begin, end - begin);
  if (!fatal.empty()) throw std::runtime_error(fatal);
  if (failed) throw *failed;
  if (c.only >= 0) report.deals = {report.deals[static_cast<size_t>(c.only)]};
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace ratify::sim
