// The sim's metrics (docs/metrics.md) on fixture rulesets whose answers are
// known (tests/fixtures/metrics/): a fair coin flip, a game the first
// player always wins, a game decided by one card; and the report's
// comparisons. The statistics they rest on: tests/numbers_test.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>

#include "sim/compare.hpp"
#include "sim/metrics.hpp"
#include "sim/report.hpp"
#include "sim/sim.hpp"
#include "sim/stats.hpp"

using namespace ratify;
using namespace ratify::sim;

namespace {

std::string fixture(const std::string& name) {
  return std::string(RATIFY_TEST_FIXTURES) + "/metrics/" + name;
}

SimResult simulate(const std::string& name, int games, const std::string& variant = {},
                   int skill = 0) {
  SimConfig c;
  c.ruleset = fixture(name);
  c.variant = variant;
  c.games = games;
  c.seed = 7;
  c.threads = 2;
  c.bots = {"random"};
  c.skill_games = skill;
  c.skill_bot = "mcts:iters=30";
  c.leads = SimConfig::Leads::Heuristic;  // `first` has a heuristic only
  return run_sim(c);
}

std::map<std::string, Estimate> metrics_of(const SimResult& r) {
  std::map<std::string, Estimate> m;
  for (const auto& [k, v] : run_metrics(r)) m[k] = v;
  return m;
}

}  // namespace

TEST(Metrics, FairCoinHasNoSeatOrFirstPlayerAdvantage) {
  auto r = simulate("coin", 3000);
  auto m = metrics_of(r);
  EXPECT_GT(m["seat balance"].p, 0.01);
  EXPECT_LT(m["seat balance"].value, 0.05);
  EXPECT_GT(m["first-player advantage"].p, 0.01);
  EXPECT_LT(m["first-player advantage"].low, 0);
  EXPECT_GT(m["first-player advantage"].high, 0);
  // Two players tie with 20 of the 64 outcomes of three flips each.
  EXPECT_NEAR(m["decisiveness"].value, 44.0 / 64, 0.03);
  EXPECT_NEAR(m["shared wins"].value, 20.0 / 64, 0.03);
  EXPECT_DOUBLE_EQ(m["drawishness"].value, 0);
  EXPECT_DOUBLE_EQ(m["length"].value, 6);
  // score(g, p) is followed: the lead changes in some games, not all.
  EXPECT_GT(m["lead changes"].value, 0.1);
  EXPECT_GT(m["comebacks"].value, 0.05);
  EXPECT_LT(m["comebacks"].value, 0.6);
  // stats(g): heads over six fair flips average 3.
  auto stats = run_stats(r);
  ASSERT_EQ(stats.size(), 1u);
  EXPECT_EQ(stats[0].first, "heads");
  EXPECT_LT(stats[0].second.low, 3);
  EXPECT_GT(stats[0].second.high, 3);
}

TEST(Metrics, FirstPlayerAlwaysWins) {
  auto r = simulate("first", 200);
  auto m = metrics_of(r);
  EXPECT_DOUBLE_EQ(m["first-player advantage"].value, 1);
  EXPECT_LT(m["first-player advantage"].p, 1e-6);
  EXPECT_DOUBLE_EQ(m["decisiveness"].value, 1);
  EXPECT_DOUBLE_EQ(m["seat balance"].value, 0.5);  // seat 1: 100%, the mean seat 50%
  EXPECT_LT(m["seat balance"].p, 1e-6);
  EXPECT_DOUBLE_EQ(m["lead changes"].value, 0);  // player 1 leads from the first move
  EXPECT_DOUBLE_EQ(m["comebacks"].value, 0);
}

TEST(Metrics, LateLeadIsOneLeadChangeAndAComeback) {
  auto r = simulate("first", 50, "late");
  auto m = metrics_of(r);
  EXPECT_DOUBLE_EQ(m["lead changes"].value, 1);
  EXPECT_DOUBLE_EQ(m["comebacks"].value, 1);
}

TEST(Metrics, TheCardThatDecidesHasImpactOne) {
  auto r = simulate("onecard", 1000);
  auto cards = card_impacts(r);
  ASSERT_FALSE(cards.empty());
  EXPECT_EQ(cards[0].card, "Crown");
  EXPECT_DOUBLE_EQ(cards[0].impact.value, 1);  // holders always win, the others never
  EXPECT_GT(cards[0].impact.low, 0.9);
  // A Crown left in the deck (2 of 6 cards stay there) is a draw.
  EXPECT_NEAR(metrics_of(r)["drawishness"].value, 1.0 / 3, 0.05);
}

TEST(Metrics, SkillGapIsNoneWhereThereIsNoSkill) {
  auto r = simulate("coin", 10, {}, 200);
  auto m = metrics_of(r);
  ASSERT_TRUE(m.count("skill gap"));
  EXPECT_LT(m["skill gap"].low, 0);
  EXPECT_GT(m["skill gap"].high, 0);
}

TEST(Compare, SameGameIsNoChangeAndAnotherDeckIsFlagged) {
  auto base = simulate("onecard", 300), again = simulate("onecard", 300);
  auto other = simulate("onecard", 300, "twocrowns");
  auto report = report_json({base, again, other});
  const auto& same = report["comparisons"][0];
  EXPECT_EQ(same["against"], "base");
  EXPECT_DOUBLE_EQ(same["winner_changed"].get<double>(), 0);
  EXPECT_FALSE(same["cards_differ"].get<bool>());
  for (const auto& row : same["rows"]) EXPECT_FALSE(row["significant"].get<bool>());
  const auto& two = report["comparisons"][1];
  EXPECT_EQ(two["variant"], "twocrowns");
  EXPECT_TRUE(two["cards_differ"].get<bool>());
  EXPECT_GT(two["winner_changed"].get<double>(), 0.1);
  bool drawishness_dropped = false;
  for (const auto& row : two["rows"])
    if (row["metric"] == "drawishness")
      drawishness_dropped = row["significant"].get<bool>() && row["variant"] < row["base"];
  EXPECT_TRUE(drawishness_dropped);
}

TEST(Report, ShapeTheHtmlAndHistoryRelyOn) {
  auto r = simulate("coin", 200);
  auto j = report_json({r, simulate("coin", 200)});
  for (const char* k : {"ruleset", "players", "games", "seed", "bots", "variants", "comparisons"})
    EXPECT_TRUE(j.contains(k)) << k;
  const auto& v = j["variants"][0];
  EXPECT_EQ(v["name"], "base");
  for (const char* k :
       {"games", "seats", "shared_wins", "draws", "length", "metrics", "stats", "cards"})
    EXPECT_TRUE(v.contains(k)) << k;
  EXPECT_TRUE(v["length"]["histogram"].contains("edges"));
  EXPECT_EQ(v["length"]["histogram"]["edges"].size(),
            v["length"]["histogram"]["counts"].size() + 1);
  for (const char* k : {"seat", "wins", "win_rate", "low", "high"})
    EXPECT_TRUE(v["seats"][0].contains(k)) << k;
  EXPECT_TRUE(v["stats"]["heads"].contains("mean"));
  const auto& row = j["comparisons"][0]["rows"][0];
  for (const char* k : {"metric", "base", "variant", "p", "p_holm", "significant"})
    EXPECT_TRUE(row.contains(k)) << k;
}

TEST(Metrics, LeadsFollowTheHeuristicOnlyWhenAsked) {
  SimConfig c;
  c.ruleset = fixture("first");
  c.games = 5;
  EXPECT_EQ(metrics_of(run_sim(c)).count("lead changes"), 0u);  // no score(g, p)
  c.leads = SimConfig::Leads::Heuristic;
  EXPECT_EQ(metrics_of(run_sim(c)).count("lead changes"), 1u);
  c.ruleset = fixture("coin");  // has score(g, p): followed by default
  c.leads = SimConfig::Leads::Score;
  EXPECT_EQ(metrics_of(run_sim(c)).count("lead changes"), 1u);
  c.leads = SimConfig::Leads::Off;
  EXPECT_EQ(metrics_of(run_sim(c)).count("lead changes"), 0u);
}

TEST(Report, ShardsMergedGiveTheWholeReport) {
  SimConfig c;
  c.ruleset = fixture("coin");
  c.games = 40;
  c.seed = 3;
  c.skill_games = 8;
  c.skill_bot = "mcts:iters=10";
  auto whole = report_json({run_sim(c)});
  std::vector<SimResult> parts;
  c.shards = 4;
  for (c.shard = 0; c.shard < 4; ++c.shard)
    parts.push_back(result_from_json(result_json(run_sim(c))));  // through the file format
  EXPECT_EQ(report_json({merge(parts)}).dump(), whole.dump());
}

// The bots' time per decision is printed beside the results, counting
// only real choices, and stays out of --json: a seed's JSON is the same
// however long the bots took. The progress gets the decisions so far.
TEST(Sim, PrintsTimePerDecisionButKeepsItOutOfTheJson) {
  SimConfig c;
  c.ruleset = std::string(RATIFY_TEST_FIXTURES) + "/../../rulesets/article2";
  c.games = 6;
  c.seed = 3;
  c.threads = 2;
  c.bots = {"heuristic", "random"};
  int64_t last = -1;
  c.progress = [&](int, int, int64_t decisions) { last = decisions; };
  SimResult a = run_sim(c);
  int64_t decisions = 0;
  for (const auto& g : a.games) {
    ASSERT_EQ(g.decisions.size(), 2u);
    for (int d : g.decisions) decisions += d;
    EXPECT_LE(g.decisions[0] + g.decisions[1], g.actions) << "a forced move is no decision";
  }
  EXPECT_GT(decisions, 0);
  EXPECT_EQ(last, decisions) << "the last progress call has every decision";
  std::string text = summary_text(a);
  size_t at = text.find("time per decision: heuristic ");
  ASSERT_NE(at, std::string::npos) << text;
  std::string line = text.substr(at, text.find('\n', at) - at);
  EXPECT_NE(line.find(" ms ("), std::string::npos) << line;
  EXPECT_EQ(line.find("random"), std::string::npos) << "random bots are not timed: " << line;
  SimResult b = run_sim(c);
  EXPECT_EQ(result_json(a).dump(), result_json(b).dump());
  EXPECT_EQ(result_json(a).dump().find("thinking"), std::string::npos);
}
