#pragma once
// Reading a report JSON without trusting its shape: the HTML page and the
// history read reports that may be old, partial or hand-made, so a field
// that is missing or of another type reads as nothing, never as an error.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace ratify::sim::report_reading {

using nlohmann::json;

// j[key] when j is an object that has it, else null.
const json& at(const json& j, const std::string& key);
// The elements of j[key] when it is an array, else none.
std::vector<const json*> items(const json& j, const std::string& key);
// j[key] when it is a finite number.
std::optional<double> number(const json& j, const std::string& key);
// A string as it is, a number or boolean as JSON writes it, else "".
std::string text(const json& v);
std::string text(const json& j, const std::string& key);

}  // namespace ratify::sim::report_reading
