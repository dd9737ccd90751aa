#pragma once
// The report of a sim run, as data: per variant the win rates by seat,
// shared wins and draws, lengths, the metrics of docs/metrics.md, the
// ruleset's own stats(g) and each card's impact; then every variant
// against the first (the base game) on the same seeds, with p-values
// Holm-corrected across the whole table. The text, the HTML report and the
// history of runs are all made from this one JSON, so they agree; it
// depends only on the games played (never on threads, shards or time), so
// merged shards give exactly the unsharded report.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sim/sim.hpp"

namespace ratify::sim {

// runs[0] is the column every other run is compared with.
nlohmann::json report_json(const std::vector<SimResult>& runs);
// The report as a designer reads it in a terminal.
std::string report_text(const nlohmann::json& report);

}  // namespace ratify::sim
