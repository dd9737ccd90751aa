// `ratify tune --html`: the tune run as one page that opens offline
// (inline CSS and SVG, no scripts), like sim's report: the search's
// progress, the verification table, the sensitivities.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "sim/format.hpp"
#include "sim/html.hpp"
#include "sim/tune.hpp"

namespace ratify::sim {

namespace {

std::string e(const std::string& s) {
  return html_escape(s);
}

std::string band_of(const TuneTarget& t) {
  auto end = [](double x) { return std::isinf(x) ? std::string() : significant(x, 3); };
  return end(t.low) + ".." + end(t.high) + (t.weight != 1 ? " @" + significant(t.weight, 3) : "");
}

std::string setting_of(const std::vector<std::string>& sets) {
  std::string out;
  for (const auto& s : sets) out += (out.empty() ? "" : " ") + s;
  return out.empty() ? "(the defaults)" : out;
}

// Each evaluation's distance (dots) and the model's best estimate so far
// (a line), against the evaluation number.
std::string progress_chart(const TuneResult& r) {
  const double w = 640, h = 220, left = 48, bottom = 28, top = 10;
  double top_value = 0.001;
  for (const auto& s : r.steps) top_value = std::max({top_value, s.distance, s.best_estimate});
  size_t n = std::max<size_t>(r.steps.size(), 2);
  auto x = [&](size_t i) { return left + (w - left - 10) * static_cast<double>(i) / (n - 1); };
  auto y = [&](double v) { return top + (h - top - bottom) * (1 - v / top_value); };
  std::ostringstream svg;
  svg << "<svg viewBox='0 0 " << w << " " << h << "' width='" << w << "' role='img'>"
      << "<line x1='" << left << "' y1='" << y(0) << "' x2='" << w - 10 << "' y2='" << y(0)
      << "' stroke='#999'/><line x1='" << left << "' y1='" << top << "' x2='" << left << "' y2='"
      << y(0) << "' stroke='#999'/>"
      << "<text x='4' y='" << top + 10 << "' font-size='11'>" << significant(top_value, 3)
      << "</text><text x='4' y='" << y(0) << "' font-size='11'>0</text>"
      << "<text x='" << w / 2 << "' y='" << h - 4 << "' font-size='11'>evaluation</text>";
  for (size_t i = 0; i < r.steps.size(); ++i)
    svg << "<circle cx='" << x(i) << "' cy='" << y(r.steps[i].distance)
        << "' r='2.5' fill='#9bb7d4'/>";
  svg << "<polyline fill='none' stroke='#c0392b' stroke-width='2' points='";
  for (size_t i = 0; i < r.steps.size(); ++i)
    svg << x(i) << "," << y(r.steps[i].best_estimate) << " ";
  svg << "'/></svg>";
  return svg.str();
}

std::string verification_table(const TuneResult& r) {
  const auto& targets = r.config.targets;
  std::ostringstream t;
  t << "<table><tr><th>setting</th><th>options</th>";
  for (const auto& x : targets)
    t << "<th>" << e(x.metric) << "<br><small>band " << e(band_of(x)) << "</small></th>";
  t << "<th>distance</th><th>verdict</th></tr>";
  for (const auto& row : r.rows) {
    t << "<tr><td>" << e(row.label) << "</td><td>" << e(setting_of(row.sets)) << "</td>";
    for (const auto& c : row.cells)
      t << "<td class='" << (c.in_band ? "in" : "out") << "'>" << significant(c.estimate.value, 3)
        << "<br><small>[" << significant(c.low, 3) << ", " << significant(c.high, 3) << "] "
        << fixed(100 * c.level, 2) << "%</small></td>";
    t << "<td>" << fixed(row.distance, 3) << "</td><td>" << (row.passes ? "passes" : "fails")
      << "</td></tr>";
  }
  return t.str() + "</table>";
}

std::string sensitivity_table(const TuneResult& r) {
  if (r.sensitivity.empty()) return "<p>No sensitivity measured.</p>";
  std::ostringstream t;
  t << "<table><tr><th>one step</th>";
  for (const auto& x : r.config.targets) t << "<th>" << e(x.metric) << "</th>";
  t << "</tr>";
  for (const auto& s : r.sensitivity) {
    t << "<tr><td>" << e(s.param + "=" + s.value) << "</td>";
    for (const auto& d : s.effect)
      t << "<td>" << signed_significant(d.value, 2) << "<br><small>["
        << signed_significant(d.low, 2) << ", " << signed_significant(d.high, 2)
        << "]</small></td>";
    t << "</tr>";
  }
  return t.str() + "</table>";
}

}  // namespace

std::string tune_html(const TuneResult& r, const std::string& command) {
  std::ostringstream page;
  std::string title = "ratify tune: " + r.ruleset_id;
  page << "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>" << e(title)
       << "</title><style>body{font-family:sans-serif;max-width:960px;margin:2em auto;color:#222}"
          "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:4px "
          "8px;text-align:left;vertical-align:top}td.in{background:#e3f4e3}td.out{background:"
          "#fbe9e7}small{color:#666}code{background:#f4f4f4;padding:2px 4px}</style></head><body>";
  page << "<h1>" << e(title) << "</h1><p><code>" << e(command) << "</code></p>";
  page << "<p>" << r.players << " players, " << r.evaluations << " evaluations of "
       << r.games_per_eval << " games (NTBEA), " << fixed(r.seconds, 1) << " s.</p>";
  if (r.best_row >= 0)
    page << "<p><strong>Passes: " << e(setting_of(r.rows[static_cast<size_t>(r.best_row)].sets))
         << "</strong></p>";
  else
    page << "<p><strong>No setting passes</strong>: no row has every interval inside its band"
         << (r.games_needed > 0 ? " (about " + std::to_string(r.games_needed) +
                                      " verification games might settle the closest)"
                                : std::string())
         << ".</p>";
  page << "<h2>Search</h2><p><small>Dots: each evaluation's distance; line: the model's best "
          "estimate so far (0 = every target in its band).</small></p>"
       << progress_chart(r);
  page << "<h2>Verification</h2><p><small>Fresh seeds, the same for every row; intervals "
          "Holm-corrected across the table (green: inside its band).</small></p>"
       << verification_table(r);
  page << "<h2>Sensitivity</h2><p><small>Each parameter of the best setting one step away: "
          "each target's change (95%).</small></p>"
       << sensitivity_table(r) << "</body></html>\n";
  return page.str();
}

}  // namespace ratify::sim
