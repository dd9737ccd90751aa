#include "sim/check.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <thread>

#include "engine/game.hpp"
#include "sim/coverage.hpp"

namespace ratify::sim {

namespace {

struct Failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A rules error's Lua traceback, on its own lines (shown by default: the
// failing line is often a helper, and its caller is the one to fix).
std::string traceback_of(const std::exception& e) {
  auto* script = dynamic_cast<const engine::ScriptError*>(&e);
  return script && !script->traceback().empty() ? "\n" + script->traceback() : "";
}

// heuristics(g) is only a faster way to ask heuristic(g, p) of every
// player: checked at every tenth action (it costs a heuristic a player).
constexpr long long kHeuristicsEvery = 10;

// What differs between the rules' heuristics(g) and heuristic(g, p), if
// anything (a last bit of rounding is allowed: the sums may run in
// another order).
std::string heuristics_differ(engine::State& m) {
  auto all = m.heuristics();
  for (int p = 1; p <= m.players(); ++p) {
    double one = m.heuristic(p), at_once = all[static_cast<size_t>(p)];
    double scale = std::max({1.0, std::abs(one), std::abs(at_once)});
    if (!(std::abs(one - at_once) <= 1e-9 * scale))
      return "heuristics(g)[" + std::to_string(p) + "] is " + std::to_string(at_once) +
             " but heuristic(g, " + std::to_string(p) + ") is " + std::to_string(one) +
             ": the two must agree (docs/lua-api.md)";
  }
  return "";
}

// One random game; throws Failure at the first broken invariant. With
// `labels` the failure names the last action by its text: check runs
// without (labels are for people, and cost at every action) and plays a
// failed game again with them.
long long check_game(engine::Loaded& loaded, const core::OptionValues& options, int players,
                     uint64_t seed, const CheckConfig& c, bool labels,
                     std::vector<CheckReport::Card>& cards) {
  // Checked as play checks (strict data, transactions), without labels.
  auto m = loaded.new_state(players, seed, options, {true, true, true});
  CardWatch watch(m->table());  // after setup: what it dealt counts as drawn
  m->note_cards(true);          // and from now on, the calls of cards' hooks
  std::unique_ptr<engine::State> probe;
  if (c.roundtrip) probe = loaded.new_state(players, seed, options, {false, true, true}, false);
  core::Rng pick(core::mix_seed(seed, 99));
  long long n = 0;
  std::string last = "setup";
  auto fail = [&](const std::string& what) { throw Failure("after " + last + ": " + what); };
  for (;;) {
    std::string bad = m->table().check_conservation();
    if (!bad.empty()) fail(bad);
    if (probe) {
      probe->load(m->save(false));  // the log is compared once, at the end
      if (probe->hash() != m->hash())
        fail("the state does not survive save and load (hash differs)");
    }
    int actor = m->actor();
    if (actor == 0) {
      try {
        m->result();  // the one source of game over: throws when result(g) is nil
      } catch (const engine::ScriptError& e) {
        fail(e.what());
      }
      if (probe) {
        probe->load(m->save());
        if (probe->log() != m->log() || probe->log_to() != m->log_to())
          fail("the game log does not survive save and load");
      }
      for (size_t d = 0; d < cards.size() && d < watch.drawn.size(); ++d) {
        cards[d].drawn += watch.drawn[d];
        cards[d].played += watch.played[d];
      }
      const auto& hooks = m->hooks_run();
      for (size_t d = 0; d < cards.size() && d < hooks.size(); ++d) cards[d].hooks += hooks[d];
      return n;
    }
    if (m->result_said())
      fail("result(g) says the game is over, but actor(g) is " + std::to_string(actor));
    if (loaded.meta().has_heuristics && n % kHeuristicsEvery == 0) {
      std::string differs = heuristics_differ(*m);
      if (!differs.empty()) fail(differs);
    }
    int count = m->action_count();
    if (count == 0) fail(m->no_action_message(actor));
    if (n >= c.max_actions)
      fail("the game did not end within " + std::to_string(c.max_actions) + " actions");
    int i = static_cast<int>(pick.below(static_cast<uint32_t>(count)));
    last = "action " + std::to_string(n + 1);
    if (labels) last += " (\"" + m->action(i).label + "\")";
    watch.before_apply(m->table(), m->action_cards(i), actor);
    m->apply(i);
    watch.after_apply(m->table());
    ++n;
  }
}

// Whether the first decisions' actions carry labels (a ruleset's own
// errors are left to the playouts, which report them with the game).
bool builds_labels(engine::Loaded& loaded, const core::OptionValues& options, int players,
                   uint64_t seed) {
  try {
    auto m = loaded.new_state(players, seed, options, {false, true, true});
    return m->actor() != 0 && m->actions_have_labels();
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace

CheckReport run_check(const CheckConfig& c) {
  auto start = std::chrono::steady_clock::now();
  CheckReport report;
  auto first = engine::Loaded::open(c.ruleset, c.variant);
  auto options = first->options(c.sets);
  // A count the rules do not allow is bad input (exit 2), not a failed game.
  if (c.players && !first->meta().allows(c.players)) {
    std::string allowed;
    for (int p : first->meta().player_counts())
      allowed += (allowed.empty() ? "" : ", ") + std::to_string(p);
    throw engine::InputError(first->meta().id + " is for " + allowed + " players, not " +
                             std::to_string(c.players));
  }
  std::vector<int> counts = c.players ? std::vector<int>{c.players} : first->meta().player_counts();
  if (builds_labels(*first, options, counts.front(), c.seed))
    report.lint.push_back(first->meta().id +
                          ": actions(g) builds a label for every action at every decision, "
                          "shown or not: return plain actions and give the text in "
                          "describe(g, action) (docs/fast-rules.md)");
  report.heuristics_checked = first->meta().has_heuristics;
  int begin = c.only >= 0 ? c.only : 0, end = c.only >= 0 ? c.only + 1 : c.games;
  std::atomic<int> next{begin}, done{0}, finished{0};
  std::atomic<long long> actions{0};
  std::mutex mu;
  std::vector<std::pair<int, std::string>> failures;
  std::vector<std::string> slow_calls;  // a thread's slowest call over 1/4 of its limit
  std::vector<CheckReport::Card> cards;
  for (const auto& d : first->card_defs()) cards.push_back({d.id, d.kind, d.count, 0, 0});
  std::string fatal;
  auto worker = [&](std::shared_ptr<engine::Loaded> loaded) {
    try {
      if (!loaded) loaded = engine::Loaded::open(c.ruleset, c.variant);
      auto mine = cards;  // this thread's counts, added up at the end
      for (int k; (k = next++) < end;) {
        int players = counts[static_cast<size_t>(k) % counts.size()];
        uint64_t seed = core::mix_seed(c.seed, static_cast<uint64_t>(k));
        try {
          try {
            actions += check_game(*loaded, options, players, seed, c, false, mine);
          } catch (const Failure&) {
            check_game(*loaded, options, players, seed, c, true, mine);  // the same, named
            throw;  // (if the named run passed: report the first)
          }
        } catch (const std::exception& e) {
          std::lock_guard<std::mutex> lock(mu);
          failures.emplace_back(k, "game " + std::to_string(k) + " (" + std::to_string(players) +
                                       " players, game seed " + std::to_string(seed) +
                                       "): " + e.what() + traceback_of(e));
          next = end;  // stop: the games in flight on other threads finish
        }
        ++done;
      }
      {
        std::lock_guard<std::mutex> lock(mu);
        for (size_t d = 0; d < cards.size(); ++d) {
          cards[d].drawn += mine[d].drawn;
          cards[d].played += mine[d].played;
          cards[d].hooks += mine[d].hooks;
        }
      }
      if (std::string slow = loaded->slow_call_warning(); !slow.empty()) {
        std::lock_guard<std::mutex> lock(mu);
        slow_calls.push_back(loaded->meta().id + ": " + slow);
      }
    } catch (const std::exception& e) {
      std::lock_guard<std::mutex> lock(mu);
      fatal = e.what();
      next = end;
    }
    ++finished;
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::max(1, c.threads); ++t) pool.emplace_back(worker, nullptr);
  std::thread main_worker(worker, first);
  while (finished < std::max(1, c.threads)) {
    if (c.progress) c.progress(done, end - begin);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  main_worker.join();
  for (auto& t : pool) t.join();
  if (c.progress) c.progress(end - begin, end - begin);
  if (!fatal.empty()) throw std::runtime_error(fatal);
  // Each thread's slowest, once: a call near its limit passed in silence.
  std::sort(slow_calls.begin(), slow_calls.end());
  slow_calls.erase(std::unique(slow_calls.begin(), slow_calls.end()), slow_calls.end());
  if (!slow_calls.empty()) report.lint.push_back(slow_calls.front());
  std::sort(failures.begin(), failures.end());
  report.failed_games = static_cast<int>(failures.size());
  if (!failures.empty()) report.first_failed = failures[0].first;
  for (size_t k = 0; k < failures.size() && k < 10; ++k)
    report.failures.push_back(failures[k].second);
  report.games = done;
  report.actions = actions;
  report.cards = std::move(cards);
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace ratify::sim
