#pragma once
// The statistics a playtester reads: proportions with Wilson intervals,
// means with standard deviations, and tests of a difference.
#include <cstddef>
#include <vector>

namespace ratify::sim {

struct Interval {
  double low = 0, high = 0;
};

// 95% Wilson score interval of k successes in n trials.
Interval wilson(double k, double n, double z = 1.959964);

struct Summary {
  size_t n = 0;
  double mean = 0, sd = 0, min = 0, max = 0;
};
Summary summarize(const std::vector<double>& xs);

// Two-sided p-value that two proportions differ (pooled z test).
double two_proportion_p(double k1, double n1, double k2, double n2);
// Two-sided p-value that two means differ (Welch's t, normal approximation
// of the t distribution: fine for the hundreds of games a sim runs).
double welch_p(const Summary& a, const Summary& b);
// Two-sided p-value that paired differences have mean 0 (paired t, normal
// approximation): the same seed played under two variants.
double paired_p(const std::vector<double>& differences);
// Upper tail of the chi-square distribution with `df` degrees of freedom
// (exact for integer df).
double chi_square_p(double x, int df);
// Holm's step-down correction of m p-values, in the given order: each
// adjusted p-value is compared with 0.05 as a single test's would be.
std::vector<double> holm(const std::vector<double>& p);

}  // namespace ratify::sim
