#pragma once
// The playtest report as one HTML file a designer opens in any browser,
// offline: inline CSS and SVG charts drawn here, no scripts, no fonts or
// libraries from the net. Input is the report JSON (`report_json`, see
// docs/metrics.md); a section that is missing or empty there is skipped
// with a short note, so a report from an older or partial run still opens.
#include <nlohmann/json.hpp>
#include <string>

namespace ratify::sim {

// The whole page. Optional top-level "command" and "date" strings go in
// the header. Every text from the report (card, metric, variant names come
// from rulesets written by anyone) is escaped.
std::string report_html(const nlohmann::json& report);

// Text as HTML (and SVG) character data or attribute value.
std::string html_escape(const std::string& text);

}  // namespace ratify::sim
