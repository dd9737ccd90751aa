#pragma once
// The parts of the HTML report that its two files share: html.cpp makes
// the page (header, tables, comparisons), html_charts.cpp draws the SVG
// charts. Internal to them; html.hpp is the interface.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

namespace ratify::sim::html {

// A short remark in muted type (escaped).
std::string note(const std::string& what);
// A variant's name, or "variant N" (1-based) when the report has none.
std::string variant_name(const nlohmann::json& variant, size_t i);
// The colour of variant i in every chart and legend.
const char* colour(size_t i);

// The charts, each from the whole report (html_charts.cpp).
std::string seat_chart(const nlohmann::json& report);
std::string length_section(const nlohmann::json& report);
std::string card_section(const nlohmann::json& report);

}  // namespace ratify::sim::html
