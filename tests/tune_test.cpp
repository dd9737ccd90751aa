// `ratify tune` (docs/tuning.md) on the fixture `edge`, whose first
// player's advantage is edge/5 - 1: zero at exactly edge = 5 of 0..10.
#include <gtest/gtest.h>

#include <cmath>

#include "core/options.hpp"
#include "engine/catalog.hpp"
#include "engine/game.hpp"
#include "sim/tune.hpp"

using namespace ratify;

namespace {

const std::string kEdge = std::string(RATIFY_TEST_FIXTURES) + "/edge";

sim::TuneConfig edge_config(int threads) {
  auto loaded = engine::Loaded::open(kEdge);
  sim::TuneConfig c;
  c.sim.ruleset = kEdge;
  c.sim.seed = 7;
  c.sim.threads = threads;
  c.params.push_back(sim::parse_param("edge=0..10", loaded->meta().options));
  c.targets.push_back(sim::parse_target("first-player advantage=-0.15..0.15"));
  c.budget = 400;
  c.verify_games = 800;
  c.finalists = 2;
  return c;
}

// Played once, read by several tests.
const sim::TuneResult& edge_result() {
  static const sim::TuneResult r = sim::tune(edge_config(1));
  return r;
}

std::vector<core::OptionDecl> edge_decls() {
  return engine::Loaded::open(kEdge)->meta().options;
}

}  // namespace

TEST(Tune, FindsTheValueWhereTheFirstPlayerHasNoAdvantage) {
  const auto& r = edge_result();
  ASSERT_GE(r.best_row, 0) << sim::tune_text(r);
  const auto& best = r.rows[static_cast<size_t>(r.best_row)];
  EXPECT_EQ(best.sets, std::vector<std::string>{"edge=5"}) << sim::tune_text(r);
  EXPECT_TRUE(best.passes);
  // the defaults (edge = 8: advantage 0.6) are verified too, and fail
  EXPECT_EQ(r.rows.back().label, "defaults");
  EXPECT_FALSE(r.rows.back().passes);
  EXPECT_EQ(static_cast<int>(r.steps.size()), r.evaluations);
}

TEST(Tune, SameSeedSameResultWhateverTheThreads) {
  auto one = sim::tune_json(edge_result());
  auto two = sim::tune_json(sim::tune(edge_config(2)));
  one.erase("seconds");
  two.erase("seconds");
  EXPECT_EQ(one.dump(), two.dump());
}

TEST(Tune, SensitivityMovesEachParamOneStep) {
  const auto& r = edge_result();
  ASSERT_EQ(r.sensitivity.size(), 2u);
  EXPECT_EQ(r.sensitivity[0].value, "4");
  EXPECT_EQ(r.sensitivity[1].value, "6");
  EXPECT_LT(r.sensitivity[0].effect[0].value, 0);  // less edge, less advantage
  EXPECT_GT(r.sensitivity[1].effect[0].value, 0);
}

TEST(Tune, WritesTheWinnerAsAVariant) {
  const auto& r = edge_result();
  std::string lua = sim::variant_lua(r, r.best_row, "fair_edge");
  EXPECT_NE(lua.find("name = \"fair_edge\""), std::string::npos) << lua;
  EXPECT_NE(lua.find("edge = 5,"), std::string::npos) << lua;
}

TEST(Tune, ParamsAreTheRulesetsOptions) {
  auto decls = edge_decls();
  EXPECT_EQ(sim::parse_param("edge=2..8:2", decls).values,
            (std::vector<std::string>{"2", "4", "6", "8"}));
  EXPECT_EQ(sim::parse_param("pace", decls).values, (std::vector<std::string>{"short", "long"}));
  EXPECT_EQ(sim::parse_param("edge=1,3", decls).values, (std::vector<std::string>{"1", "3"}));
  EXPECT_THROW(sim::parse_param("speed=1..3", decls), engine::InputError);     // no such option
  EXPECT_THROW(sim::parse_param("edge=8..2", decls), engine::InputError);      // empty range
  EXPECT_THROW(sim::parse_param("edge=0..12", decls), engine::InputError);     // above its max
  EXPECT_THROW(sim::parse_param("edge=0..4:0", decls), engine::InputError);    // no step
  EXPECT_THROW(sim::parse_param("edge=0..4:0.5", decls), engine::InputError);  // a whole number
  EXPECT_THROW(sim::parse_param("edge", decls), engine::InputError);           // which values?
  EXPECT_THROW(sim::parse_param("pace=short,fast", decls), core::OptionError);
  EXPECT_THROW(sim::parse_param("edge=3", decls), engine::InputError);  // nothing to choose
}

TEST(Tune, TargetsAreBandsWithWeights) {
  auto t = sim::parse_target("length=20..30@2");
  EXPECT_EQ(t.metric, "length");
  EXPECT_EQ(t.low, 20);
  EXPECT_EQ(t.high, 30);
  EXPECT_EQ(t.weight, 2);
  EXPECT_EQ(sim::band_distance(t, 25), 0);
  EXPECT_EQ(sim::band_distance(t, 35), 0.5);  // in band widths
  EXPECT_EQ(sim::band_distance(t, 10), 1);
  EXPECT_EQ(sim::metric_key("First-player advantage"), sim::metric_key("first_player_advantage"));
  auto open = sim::parse_target("seat balance=..0.02");  // at most 0.02
  EXPECT_TRUE(std::isinf(open.low));
  EXPECT_EQ(sim::band_distance(open, -0.01), 0);
  EXPECT_DOUBLE_EQ(sim::band_distance(open, 0.06), 2);  // in units of its bound
  EXPECT_TRUE(std::isinf(sim::parse_target("length=20..").high));
  EXPECT_THROW(sim::parse_target("length=30..20"), engine::InputError);
  EXPECT_THROW(sim::parse_target("length=20..30@0"), engine::InputError);
  EXPECT_THROW(sim::parse_target("length"), engine::InputError);
}

TEST(Tune, UnknownMetricIsAnError) {
  auto c = edge_config(1);
  c.targets = {sim::parse_target("elegance=0..1")};
  try {
    sim::tune(c);
    FAIL() << "no error";
  } catch (const engine::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("seat_balance"), std::string::npos) << e.what();
  }
}

TEST(Tune, AParamAlsoFixedBySetIsAnError) {
  auto c = edge_config(1);
  c.sim.sets = {"edge=3"};
  EXPECT_THROW(sim::tune(c), engine::InputError);
}
