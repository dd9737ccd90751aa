// The solver on deals of the `piles` fixture whose answers are known by
// hand (tests/fixtures/piles/ruleset.lua says the rules).
#include <gtest/gtest.h>

#include <filesystem>

#include "engine/game.hpp"
#include "sim/solve.hpp"

using namespace ratify;
namespace fs = std::filesystem;

static const std::string kPiles = (fs::path(RATIFY_TEST_FIXTURES) / "piles").string();

static std::unique_ptr<engine::State> deal(engine::Loaded& l, const std::string& piles) {
  return l.new_state(1, 1, l.options({"deal=" + piles}));
}

// 1 lies under 3, and the only move, 2 onto 3, buries it for good.
TEST(Solve, ProvesALostDeal) {
  auto l = engine::Loaded::open(kPiles);
  auto m = deal(*l, "13|2");
  auto out = sim::solve_match(*m, 1000);
  EXPECT_EQ(out.verdict, sim::Verdict::Lost);
  EXPECT_TRUE(out.winning_line.empty());
}

// The first move the rules list, 2 onto 3, buries the 1 and loses; a win
// starts with 3 onto 4 (or 4 onto 5, then 3 onto 4) and takes all six up.
// The search has to back out of the trap.
TEST(Solve, BacksOutOfATrapToFindTheWin) {
  auto l = engine::Loaded::open(kPiles);
  for (bool ordered : {false, true}) {
    auto m = deal(*l, "2|4|13|65");
    uint64_t before = m->hash();
    auto out = sim::solve_match(*m, 1000, ordered);
    ASSERT_EQ(out.verdict, sim::Verdict::Won);
    EXPECT_EQ(m->hash(), before) << "the solver leaves the game as it found it";
    ASSERT_GE(out.winning_line.size(), 7u);  // a build or two, six cards up
    EXPECT_NE(out.winning_line[0], "2 onto 3");
    EXPECT_GT(out.nodes, 9) << "a straight walk to the win would not have met the trap";
    // The line, played for real, wins.
    for (const auto& label : out.winning_line) {
      int n = m->action_count(), pick = -1;
      for (int i = 0; i < n; ++i)
        if (m->action(i).label == label) pick = i;
      ASSERT_GE(pick, 0) << label;
      m->apply(pick);
    }
    auto r = m->result();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->winners, std::vector<int>{1});
  }
}

// A line of 20,000 moves: past the longest line it searches the solver
// says "unknown" instead of overflowing its stack (issue #16); a short one
// it still wins.
TEST(Solve, ALineLongerThanItSearchesIsUnknown) {
  auto l = engine::Loaded::open((fs::path(RATIFY_TEST_FIXTURES) / "long_line").string());
  auto m = l->new_state(1, 1, l->options({}));
  // 20,000 nodes walk the 2,000-move line ten times: enough to show the
  // stack holds, at a fiftieth of the time under ASan.
  EXPECT_EQ(sim::solve_match(*m, 20'000).verdict, sim::Verdict::Unknown);
  auto short_line = l->new_state(1, 1, l->options({"steps=50"}));
  EXPECT_EQ(sim::solve_match(*short_line, 1'000'000).verdict, sim::Verdict::Won);
}

TEST(Solve, PastTheNodeLimitTheDealIsUnknown) {
  auto l = engine::Loaded::open(kPiles);
  auto m = deal(*l, "2|4|13|65");
  auto out = sim::solve_match(*m, 3);
  EXPECT_EQ(out.verdict, sim::Verdict::Unknown);
  EXPECT_EQ(out.nodes, 3);
}

TEST(Solve, ManyDealsOnThreadsGiveTheSameVerdicts) {
  sim::SolveConfig c;
  c.ruleset = kPiles;
  c.sets = {"deal=2|4|13|65"};
  c.deals = 6;
  c.limit_nodes = 1000;
  c.threads = 2;
  auto r = sim::run_solve(c);
  ASSERT_EQ(r.deals.size(), 6u);
  for (const auto& d : r.deals) EXPECT_EQ(d.verdict, sim::Verdict::Won) << d.index;
}

TEST(Solve, RefusesAGameForSeveralPlayers) {
  sim::SolveConfig c;
  c.ruleset = (fs::path(RATIFY_TEST_FIXTURES) / "tiny").string();
  c.deals = 1;
  EXPECT_THROW(sim::run_solve(c), engine::InputError);
}
