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

Interval mean_interval(const Summary& s) {
  double half = s.n > 1 ? kZ95 * s.sd / std::sqrt(static_cast<double>(s.n)) : 0;
  return {s.mean - half, s.mean + half};
}

Interval newcombe(double k1, double n1, double k2, double n2) {
  double p1 = n1 > 0 ? k1 / n1 : 0, p2 = n2 > 0 ? k2 / n2 : 0, d = p1 - p2;
  Interval a = wilson(k1, n1), b = wilson(k2, n2);
  return {d - std::hypot(p1 - a.low, b.high - p2), d + std::hypot(a.high - p1, p2 - b.low)};
}

double normal_p(double z) {
  return std::erfc(std::fabs(z) / std::sqrt(2.0));
}

double one_proportion_p(double k, double n, double p0) {
  double rate = n > 0 ? k / n : 0;
  double se = std::sqrt(p0 * (1 - p0) / std::max(n, 1.0));
  if (!(se > 0)) return rate == p0 ? 1 : 0;
  return normal_p((rate - p0) / se);
}

double two_proportion_p(double k1, double n1, double k2, double n2) {
  if (n1 <= 0 || n2 <= 0) return 1;
  double p = (k1 + k2) / (n1 + n2);
  double se = std::sqrt(p * (1 - p) * (1 / n1 + 1 / n2));
  if (se == 0) return k1 / n1 == k2 / n2 ? 1 : 0;
  return normal_p((k1 / n1 - k2 / n2) / se);
}

double welch_p(const Summary& a, const Summary& b) {
  if (a.n < 2 || b.n < 2) return 1;
  double se =
      std::sqrt(a.sd * a.sd / static_cast<double>(a.n) + b.sd * b.sd / static_cast<double>(b.n));
  if (se == 0) return a.mean == b.mean ? 1 : 0;
  return normal_p((a.mean - b.mean) / se);
}

double paired_p(const std::vector<double>& d) {
  Summary s = summarize(d);
  if (s.n < 2) return 1;
  double se = s.sd / std::sqrt(static_cast<double>(s.n));
  if (se == 0) return s.mean == 0 ? 1 : 0;
  return normal_p(s.mean / se);
}

std::optional<double> interval_p(double a, Interval a95, double b, Interval b95) {
  double se = std::hypot((a95.high - a95.low) / (2 * kZ95), (b95.high - b95.low) / (2 * kZ95));
  if (!(se > 0)) return std::nullopt;
  return normal_p((a - b) / se);
}

// Q(df/2, x/2) in closed form. Even df = 2m: exp(-h) * sum_{i<m} h^i / i!;
// odd df = 2m + 1: erfc(sqrt h) + exp(-h) * sum_{i=1..m} h^(i-1/2) / G(i+1/2),
// with h = x / 2; each term is the one before times h / i (or h / (i - 1/2)).
double chi_square_p(double x, int df) {
  if (df < 1 || x <= 0) return 1;
  double h = x / 2, sum = 0;
  int m = df / 2;
  if (df % 2 == 0) {
    double term = std::exp(-h);
    for (int i = 0; i < m; ++i) {
      if (i > 0) term *= h / i;
      sum += term;
    }
  } else {
    sum = std::erfc(std::sqrt(h));
    double term = std::exp(-h) * std::sqrt(h) / std::tgamma(1.5);
    for (int i = 1; i <= m; ++i) {
      if (i > 1) term *= h / (i - 0.5);
      sum += term;
    }
  }
  return std::min(1.0, std::max(0.0, sum));
}

std::vector<double> holm(const std::vector<double>& p) {
  size_t m = p.size();
  std::vector<size_t> order(m);
  for (size_t k = 0; k < m; ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return p[a] < p[b]; });
  std::vector<double> out(m);
  double running = 0;
  for (size_t k = 0; k < m; ++k) {
    running = std::max(running, std::min(1.0, static_cast<double>(m - k) * p[order[k]]));
    out[order[k]] = running;
  }
  return out;
}

}  // namespace ratify::sim
