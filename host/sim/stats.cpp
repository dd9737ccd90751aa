#include "sim/stats.hpp"

#include <algorithm>
#include <cmath>

namespace ratify::sim {

Interval wilson(double k, double n, double z) {
  if (n <= 0) return {0, 1};
  double p = k / n, z2 = z * z;
  double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Summary summarize(const std::vector<double>& xs) {
  Summary s;
  s.n = xs.size();
  if (xs.empty()) return s;
  s.min = *std::min_element(xs.begin(), xs.end());
  s.max = *std::max_element(xs.begin(), xs.end());
  double sum = 0;
  for (double x : xs) sum += x;
  s.mean = sum / static_cast<double>(s.n);
  double sq = 0;
  for (double x : xs) sq += (x - s.mean) * (x - s.mean);
  s.sd = s.n > 1 ? std::sqrt(sq / static_cast<double>(s.n - 1)) : 0;
  return s;
}

static double normal_two_sided(double z) {
  return std::erfc(std::fabs(z) / std::sqrt(2.0));
}

double two_proportion_p(double k1, double n1, double k2, double n2) {
  if (n1 <= 0 || n2 <= 0) return 1;
  double p = (k1 + k2) / (n1 + n2);
  double se = std::sqrt(p * (1 - p) * (1 / n1 + 1 / n2));
  if (se == 0) return k1 / n1 == k2 / n2 ? 1 : 0;
  return normal_two_sided((k1 / n1 - k2 / n2) / se);
}

double welch_p(const Summary& a, const Summary& b) {
  if (a.n < 2 || b.n < 2) return 1;
  double se =
      std::sqrt(a.sd * a.sd / static_cast<double>(a.n) + b.sd * b.sd / static_cast<double>(b.n));
  if (se == 0) return a.mean == b.mean ? 1 : 0;
  return normal_two_sided((a.mean - b.mean) / se);
}

}  // namespace ratify::sim
