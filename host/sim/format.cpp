#include "sim/format.hpp"

#include <cmath>
#include <cstdio>

namespace ratify::sim {

namespace {

// printf's rendering of one number (every format below has one argument
// and fits: a double's %f is at most 317 characters without decimals).
std::string printed(const char* format, int precision, double x) {
  char buf[400];
  std::snprintf(buf, sizeof buf, format, precision, x);
  return buf;
}

}  // namespace

std::string fixed(double x, int decimals) {
  return printed("%.*f", decimals, x);
}

std::string signed_fixed(double x, int decimals) {
  return printed("%+.*f", decimals, x);
}

std::string significant(double x, int digits) {
  return printed("%.*g", digits, x);
}

std::string signed_significant(double x, int digits) {
  return printed("%+.*g", digits, x);
}

std::string percent(double share, int decimals) {
  return percent_points(share, decimals) + "%";
}

std::string percent_points(double share, int decimals) {
  return fixed(100 * share, decimals);
}

std::string short_number(double x) {
  return std::fabs(x) >= 100 ? fixed(x, 0) : std::fabs(x) >= 10 ? fixed(x, 1) : fixed(x, 3);
}

std::string three_digits(double x) {
  if (std::fabs(x) < 1e-9) return "0";
  if (std::fabs(x) >= 1000) return fixed(x, 0);
  return significant(x, 3);
}

std::string p_value(double p) {
  return p < 0.001 ? "<0.001" : fixed(p, 3);
}

}  // namespace ratify::sim
