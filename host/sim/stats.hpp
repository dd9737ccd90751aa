#pragma once
// The statistics a playtester reads, in one place: proportions with Wilson
// intervals, means with normal intervals, differences of proportions with
// Newcombe intervals; tests of a difference; Holm's correction. The sim's
// metrics, its comparisons, the tournament and the history all use these,
// so one number is computed one way.
#include <cstddef>
#include <optional>
#include <vector>

namespace ratify::sim {

// The normal quantile of a two-sided 95% interval.
inline constexpr double kZ95 = 1.959964;

struct Interval {
  double low = 0, high = 0;
};

// 95% Wilson score interval of k successes in n trials.
Interval wilson(double k, double n, double z = kZ95);

struct Summary {
  size_t n = 0;
  double mean = 0, sd = 0, min = 0, max = 0;
};
Summary summarize(const std::vector<double>& xs);

// 95% interval of a mean (normal approximation); no width below two values.
Interval mean_interval(const Summary& s);
// 95% Newcombe interval of k1 / n1 - k2 / n2, made of the two Wilson
// intervals (a rate of no trials is 0).
Interval newcombe(double k1, double n1, double k2, double n2);

// Two-sided p-value of a standard normal statistic z: the normal tail that
// every test below ends in.
double normal_p(double z);
// Two-sided p-value that k successes in n trials come from rate p0 (z test).
double one_proportion_p(double k, double n, double p0);
// Two-sided p-value that two proportions differ (pooled z test).
double two_proportion_p(double k1, double n1, double k2, double n2);
// Two-sided p-value that two means differ (Welch's t, normal approximation
// of the t distribution: fine for the hundreds of games a sim runs).
double welch_p(const Summary& a, const Summary& b);
// Two-sided p-value that paired differences have mean 0 (paired t, normal
// approximation): the same seed played under two variants.
double paired_p(const std::vector<double>& differences);
// Two-sided p-value that two estimates known only by their values and 95%
// intervals differ (an interval's half width is kZ95 standard errors), as
// `ratify history diff` has them; none when neither interval has a width.
std::optional<double> interval_p(double a, Interval a95, double b, Interval b95);
// Upper tail of the chi-square distribution with `df` degrees of freedom
// (exact for integer df).
double chi_square_p(double x, int df);
// Holm's step-down correction of m p-values, in the given order: each
// adjusted p-value is compared with 0.05 as a single test's would be.
std::vector<double> holm(const std::vector<double>& p);

}  // namespace ratify::sim
