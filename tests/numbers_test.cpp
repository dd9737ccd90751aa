// The numbers every report shares (issue #21): the statistics of stats.hpp
// against values from any textbook, the text of format.hpp, and the win
// rates of metrics.hpp read alike by the summary, the sim's JSON, the
// report and the history. No ruleset runs: the games are made by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>

#include "sim/format.hpp"
#include "sim/history.hpp"
#include "sim/metrics.hpp"
#include "sim/report.hpp"
#include "sim/sim.hpp"
#include "sim/stats.hpp"

using namespace ratify::sim;

namespace {

GameRecord game(int index, std::vector<int> winners, std::vector<double> scores,
                std::vector<std::string> bots = {"a", "b"}) {
  GameRecord g;
  g.index = index;
  g.seed = static_cast<uint64_t>(index) + 1;
  g.seat_bots = std::move(bots);
  g.winners = std::move(winners);
  g.scores = std::move(scores);
  g.actions = 10 + index;
  g.first = 1;
  return g;
}

// Two seats, five games: seat 1 wins, seat 2 wins (the bots swapped
// seats), a draw that gave no scores, a shared win, and a failed game.
SimResult hand_made_run() {
  SimResult r;
  r.config.bots = {"a", "b"};
  r.config.games = 5;
  r.ruleset_id = "hand";
  r.players = 2;
  r.games = {game(0, {1}, {3, 1}), game(1, {2}, {0, 4}, {"b", "a"}), game(2, {}, {}),
             game(3, {1, 2}, {2, 2}), game(4, {}, {})};
  r.games[4].error = "boom";
  return r;
}

}  // namespace

// --- Statistics ----------------------------------------------------------------

TEST(Stats, WilsonIntervalAsTablesGiveIt) {
  auto half = wilson(5, 10);
  EXPECT_NEAR(half.low, 0.2366, 1e-4);
  EXPECT_NEAR(half.high, 0.7634, 1e-4);
  auto none = wilson(0, 10);
  EXPECT_DOUBLE_EQ(none.low, 0);
  EXPECT_NEAR(none.high, 0.2775, 1e-4);
  auto no_trials = wilson(0, 0);  // nothing known
  EXPECT_DOUBLE_EQ(no_trials.low, 0);
  EXPECT_DOUBLE_EQ(no_trials.high, 1);
}

TEST(Stats, NormalTailAndTheTestsThatEndInIt) {
  EXPECT_NEAR(normal_p(kZ95), 0.05, 1e-7);
  EXPECT_NEAR(normal_p(-kZ95), 0.05, 1e-7);
  EXPECT_DOUBLE_EQ(normal_p(0), 1);
  EXPECT_NEAR(one_proportion_p(60, 100, 0.5), 0.0455003, 1e-6);  // z = 2
  EXPECT_DOUBLE_EQ(one_proportion_p(3, 3, 1), 1);                // no spread, no difference
  EXPECT_DOUBLE_EQ(one_proportion_p(2, 3, 1), 0);                // no spread, a difference
  EXPECT_NEAR(two_proportion_p(30, 100, 45, 100), 0.0284597, 1e-6);
  EXPECT_DOUBLE_EQ(two_proportion_p(30, 100, 45, 100), two_proportion_p(45, 100, 30, 100));
  EXPECT_DOUBLE_EQ(two_proportion_p(1, 0, 1, 10), 1);  // no games on one side
}

TEST(Stats, IntervalTestReadsTheIntervalsAsStandardErrors) {
  // Both half widths are kZ95 standard errors of 1: z = 1 / sqrt(2).
  auto p = interval_p(1, {1 - kZ95, 1 + kZ95}, 0, {-kZ95, kZ95});
  ASSERT_TRUE(p);
  EXPECT_NEAR(*p, normal_p(1 / std::sqrt(2.0)), 1e-12);
  EXPECT_FALSE(interval_p(1, {1, 1}, 0, {0, 0}));  // no width: nothing to test with
}

TEST(Stats, MeanAndNewcombeIntervals) {
  Summary s{4, 10, 2, 7, 13};
  auto ci = mean_interval(s);
  EXPECT_NEAR(ci.low, 10 - kZ95, 1e-12);  // kZ95 * sd / sqrt(n) = kZ95
  EXPECT_NEAR(ci.high, 10 + kZ95, 1e-12);
  auto one = mean_interval(Summary{1, 5, 0, 5, 5});
  EXPECT_DOUBLE_EQ(one.low, 5);
  EXPECT_DOUBLE_EQ(one.high, 5);
  // All against none: the difference is 1, its interval ends there and
  // reaches down by both Wilson intervals' widths.
  auto d = newcombe(10, 10, 0, 10);
  EXPECT_NEAR(d.high, 1, 1e-12);
  EXPECT_NEAR(d.low, 1 - std::hypot(1 - wilson(10, 10).low, wilson(0, 10).high), 1e-12);
}

TEST(Stats, ChiSquareUpperTailAtTheFivePercentPoints) {
  // The 95% points of the chi-square distribution, from any table.
  const std::map<int, double> point = {{1, 3.841}, {2, 5.991}, {3, 7.815}, {4, 9.488}, {5, 11.070}};
  for (auto [df, x] : point) EXPECT_NEAR(chi_square_p(x, df), 0.05, 0.0005) << "df " << df;
  EXPECT_DOUBLE_EQ(chi_square_p(0, 3), 1);
}

TEST(Stats, HolmAdjustsInStepsAndKeepsTheOrder) {
  auto adj = holm({0.01, 0.04, 0.03, 0.5});
  EXPECT_NEAR(adj[0], 0.04, 1e-12);  // 4 * 0.01
  EXPECT_NEAR(adj[2], 0.09, 1e-12);  // 3 * 0.03
  EXPECT_NEAR(adj[1], 0.09, 1e-12);  // max(2 * 0.04, 0.09): monotone
  EXPECT_NEAR(adj[3], 0.5, 1e-12);
  auto tied = holm({0.02, 0.02});  // ties adjust alike, whichever comes first
  EXPECT_DOUBLE_EQ(tied[0], 0.04);
  EXPECT_DOUBLE_EQ(tied[1], 0.04);
}

// --- Numbers as text -------------------------------------------------------------

TEST(Format, FixedSignedAndSignificantDigits) {
  EXPECT_EQ(fixed(2.345, 1), "2.3");
  EXPECT_EQ(fixed(47.45, 0), "47");
  EXPECT_EQ(signed_fixed(2.34, 1), "+2.3");
  EXPECT_EQ(signed_fixed(-0.4, 1), "-0.4");
  EXPECT_EQ(signed_fixed(0, 0), "+0");
  EXPECT_EQ(significant(0.0123456, 3), "0.0123");
  EXPECT_EQ(significant(12345, 3), "1.23e+04");
  EXPECT_EQ(significant(47.45, 4), "47.45");
  EXPECT_EQ(signed_significant(1.0 / 60, 3), "+0.0167");
  // Nothing is cut short, however large.
  EXPECT_EQ(fixed(1e100, 0).size(), 101u);
}

TEST(Format, PercentagesOfShares) {
  EXPECT_EQ(percent(0.1234), "12.3%");
  EXPECT_EQ(percent(1), "100.0%");
  EXPECT_EQ(percent(0.5, 0), "50%");
  EXPECT_EQ(percent_points(0.1234), "12.3");
  EXPECT_EQ(percent_points(0.98333, 0), "98");
}

TEST(Format, TheTerminalsAndTheHtmlsNumbers) {
  EXPECT_EQ(short_number(123.4), "123");
  EXPECT_EQ(short_number(-150), "-150");
  EXPECT_EQ(short_number(12.34), "12.3");
  EXPECT_EQ(short_number(1.23456), "1.235");
  EXPECT_EQ(short_number(0), "0.000");
  EXPECT_EQ(three_digits(1e-12), "0");  // rounding dust at an interval's end
  EXPECT_EQ(three_digits(1234.4), "1234");
  EXPECT_EQ(three_digits(0.012345), "0.0123");
  EXPECT_EQ(three_digits(5.5), "5.5");
  EXPECT_EQ(p_value(0.0004), "<0.001");
  EXPECT_EQ(p_value(0.0123), "0.012");
  EXPECT_EQ(p_value(1), "1.000");
}

// --- Win rates, counted once and read alike everywhere ------------------------

TEST(WinRates, BySeatAndByBotOverTheGamesThatEnded) {
  SimResult r = hand_made_run();
  auto seats = seat_win_rates(r);
  ASSERT_EQ(seats.size(), 2u);
  for (const auto& s : seats) {
    EXPECT_DOUBLE_EQ(s.games, 4);  // the failed game counts nowhere
    EXPECT_DOUBLE_EQ(s.wins, 2);   // a shared win counts for both
    EXPECT_DOUBLE_EQ(s.rate, 0.5);
    EXPECT_DOUBLE_EQ(s.interval.low, wilson(2, 4).low);
    EXPECT_DOUBLE_EQ(s.interval.high, wilson(2, 4).high);
  }
  // The draw gave no scores: it is left out of the mean, not a 0.
  EXPECT_EQ(seats[0].score.n, 3u);
  EXPECT_DOUBLE_EQ(seats[0].score.mean, 5.0 / 3);
  auto bots = bot_win_rates(r);
  EXPECT_DOUBLE_EQ(bots["a"].wins, 3);  // seat 1 twice, seat 2 once, the shared win
  EXPECT_DOUBLE_EQ(bots["b"].wins, 1);
  EXPECT_DOUBLE_EQ(bots["b"].games, 4);
}

TEST(WinRates, OutcomesOfEveryGame) {
  Outcomes o = outcomes(hand_made_run());
  EXPECT_EQ(o.ended, 4);
  EXPECT_EQ(o.errors, 1);
  EXPECT_EQ(o.single, 2);
  EXPECT_EQ(o.draws, 1);
  EXPECT_EQ(o.shared, 1);
  EXPECT_EQ(o.lengths, (std::vector<double>{10, 11, 12, 13}));
}

TEST(WinRates, SummaryJsonReportHistoryAndTextShowTheSameNumbers) {
  SimResult r = hand_made_run();
  auto rates = seat_win_rates(r);
  auto summary = summary_json(r);
  auto report = report_json({r});
  const auto& seats = report["variants"][0]["seats"];
  for (size_t s = 0; s < rates.size(); ++s) {
    EXPECT_EQ(summary["seats"][s]["win_rate"].get<double>(), rates[s].rate);
    EXPECT_EQ(summary["seats"][s]["ci95"][0].get<double>(), rates[s].interval.low);
    EXPECT_EQ(summary["seats"][s]["ci95"][1].get<double>(), rates[s].interval.high);
    EXPECT_EQ(seats[s]["win_rate"].get<double>(), rates[s].rate);
    EXPECT_EQ(seats[s]["low"].get<double>(), rates[s].interval.low);
    EXPECT_EQ(seats[s]["high"].get<double>(), rates[s].interval.high);
    EXPECT_EQ(seats[s]["mean_score"].get<double>(),
              summary["seats"][s]["mean_score"].get<double>());
  }
  EXPECT_EQ(report["variants"][0]["draws"], 1);
  EXPECT_EQ(report["variants"][0]["shared_wins"], 1);
  EXPECT_EQ(headline(report), "base 50/50%");
  std::string text = summary_text(r);
  EXPECT_NE(text.find(" 50.0%    ( 15.0% -  85.0%)"), std::string::npos) << text;
  EXPECT_NE(text.find("the win rates add up to 100.0%"), std::string::npos) << text;
}
