#include "sim/report_reading.hpp"

#include <cmath>

namespace ratify::sim::report_reading {

const json& at(const json& j, const std::string& key) {
  static const json empty;
  if (!j.is_object()) return empty;
  auto it = j.find(key);
  return it == j.end() ? empty : *it;
}

std::vector<const json*> items(const json& j, const std::string& key) {
  std::vector<const json*> out;
  const json& a = at(j, key);
  if (a.is_array())
    for (const auto& x : a) out.push_back(&x);
  return out;
}

std::optional<double> number(const json& j, const std::string& key) {
  const json& v = at(j, key);
  if (!v.is_number()) return std::nullopt;
  double d = v.get<double>();
  if (!std::isfinite(d)) return std::nullopt;
  return d;
}

std::string text(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number() || v.is_boolean()) return v.dump();
  return "";
}

std::string text(const json& j, const std::string& key) {
  return text(at(j, key));
}

}  // namespace ratify::sim::report_reading
