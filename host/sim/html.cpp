// The page of the playtest report: its header, the tables (outcomes,
// metrics, the ruleset's own statistics), the comparisons against the base
// and the style; the charts come from html_charts.cpp.
#include "sim/html.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "sim/format.hpp"
#include "sim/html_parts.hpp"
#include "sim/report_reading.hpp"

namespace ratify::sim {

namespace html {

using namespace report_reading;

std::string note(const std::string& what) {
  return "<p class=\"note\">" + html_escape(what) + "</p>\n";
}

std::string variant_name(const json& v, size_t i) {
  std::string name = text(v, "name");
  return name.empty() ? "variant " + std::to_string(i + 1) : name;
}

namespace {

std::string with_interval(const std::optional<double>& v, const std::optional<double>& lo,
                          const std::optional<double>& hi) {
  if (!v) return "–";
  std::string s = three_digits(*v);
  if (lo && hi)
    s += " <span class=\"ci\">[" + three_digits(*lo) + ", " + three_digits(*hi) + "]</span>";
  return s;
}

// --- Header -------------------------------------------------------------------

std::string join_texts(const json& a) {
  if (!a.is_array()) return text(a);
  std::string out;
  for (const auto& x : a) out += (out.empty() ? "" : ", ") + text(x);
  return out;
}

std::string header(const json& r) {
  std::string ruleset = text(r, "ruleset");
  std::string names;
  auto variants = items(r, "variants");
  for (size_t i = 0; i < variants.size(); ++i)
    names += (i ? ", " : "") + variant_name(*variants[i], i);
  std::vector<std::pair<std::string, std::string>> rows = {
      {"Ruleset", ruleset},
      {"Variants", names},
      {"Players", text(r, "players")},
      {"Bots", join_texts(at(r, "bots"))},
      {"Options", join_texts(at(r, "options"))},
      {"Games per variant", text(r, "games")},
      {"Seed", text(r, "seed")},
      {"Date", text(r, "date")}};
  std::string out = "<header>\n<h1>Playtest report" +
                    (ruleset.empty() ? "" : ": " + html_escape(ruleset)) + "</h1>\n<dl>\n";
  for (const auto& [k, v] : rows)
    if (!v.empty()) out += "<dt>" + k + "</dt><dd>" + html_escape(v) + "</dd>\n";
  out += "</dl>\n";
  std::string command = text(r, "command");
  if (!command.empty()) out += "<pre class=\"command\">" + html_escape(command) + "</pre>\n";
  return out + "</header>\n";
}

std::string legend(const std::vector<const json*>& variants) {
  std::string out = "<div class=\"legend\">";
  for (size_t i = 0; i < variants.size(); ++i)
    out += "<span><i style=\"background:" + std::string(colour(i)) + "\"></i>" +
           html_escape(variant_name(*variants[i], i)) + "</span>";
  return out + "</div>\n";
}

// Games, shared wins and games without a winner, per variant: why the win
// rates need not add up to 100%.
std::string outcome_table(const json& r) {
  std::string rows;
  bool shared = false;
  auto variants = items(r, "variants");
  for (size_t i = 0; i < variants.size(); ++i) {
    const json& v = *variants[i];
    auto games = number(v, "games"), sw = number(v, "shared_wins"), dr = number(v, "draws");
    shared = shared || sw.value_or(0) > 0;
    rows += "<tr><td>" + html_escape(variant_name(v, i)) + "</td><td>" +
            (games ? three_digits(*games) : "–") + "</td><td>" + (sw ? three_digits(*sw) : "–") +
            "</td><td>" + (dr ? three_digits(*dr) : "–") + "</td></tr>\n";
  }
  if (rows.empty()) return "";
  std::string out =
      "<table class=\"outcomes\"><thead><tr><th>Variant</th><th>Games</th><th>Shared "
      "wins</th><th>No winner</th></tr></thead><tbody>\n" +
      rows + "</tbody></table>\n";
  if (shared)
    out += note(
        "A shared win counts for every winner, so the seats' win rates can add up to more than "
        "100%.");
  return out;
}

// --- Tables: metrics and the ruleset's own statistics -------------------------

// Names of the (variant, row) pairs the comparisons found significant.
std::vector<std::pair<std::string, std::string>> significant_cells(const json& r) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const json* c : items(r, "comparisons"))
    for (const json* row : items(*c, "rows"))
      if (at(*row, "significant") == true)
        out.emplace_back(text(*c, "variant"), text(*row, "metric"));
  return out;
}

// One row per name found in any variant's `section` object; a column per
// variant; `value` is the field holding the number ("value" or "mean").
std::string value_table(const json& r, const char* section, const char* value) {
  auto variants = items(r, "variants");
  std::vector<std::string> names;
  for (const json* v : variants) {
    const json& s = at(*v, section);
    if (!s.is_object()) continue;
    for (const auto& [name, x] : s.items())
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  if (names.empty()) return "";
  auto marked = significant_cells(r);
  std::string out = "<table class=\"values\"><thead><tr><th></th>";
  for (size_t i = 0; i < variants.size(); ++i)
    out += "<th>" + html_escape(variant_name(*variants[i], i)) + "</th>";
  out += "</tr></thead><tbody>\n";
  for (const auto& name : names) {
    out += "<tr><th>" + html_escape(name) + "</th>";
    for (size_t i = 0; i < variants.size(); ++i) {
      const json& cell = at(at(*variants[i], section), name.c_str());
      // A comparison names a ruleset's stat "stat NAME".
      auto is_marked = [&](const std::string& row) {
        return std::find(marked.begin(), marked.end(),
                         std::make_pair(variant_name(*variants[i], i), row)) != marked.end();
      };
      bool sig = is_marked(name) || (std::string(section) == "stats" && is_marked("stat " + name));
      out += std::string("<td") + (sig ? " class=\"sig\"" : "") + ">" +
             with_interval(number(cell, value), number(cell, "low"), number(cell, "high")) +
             (sig ? " <span class=\"star\" title=\"differs from the base (Holm)\">★</span>" : "") +
             "</td>";
    }
    out += "</tr>\n";
  }
  return out + "</tbody></table>\n";
}

std::string p_cell(const std::optional<double>& p) {
  return p ? html_escape(p_value(*p)) : "–";
}

// Whether game i of the two sides are pairs, said once, as the text
// report says it: a changed deal (seen after setup) wins over what the
// card definitions suggest. A variant that changes the deck also changes
// the deal, and used to get two warnings for the one cause.
std::string deal_warning(const json& c) {
  std::string which;
  auto changed = items(c, "cards_changed");
  for (size_t i = 0; i < changed.size() && i < 12; ++i)
    which += (i ? ", " : "") + html_escape(text(*changed[i]));
  if (changed.size() > 12) which += ", …";
  bool cards = at(c, "cards_differ") == true;
  if (auto differ = number(at(c, "deals"), "differ"); differ && *differ > 0)
    return std::string("<p class=\"warn\">This comparison changes the deal") +
           (cards && !which.empty() ? " (it changes the cards: " + which + ")" : "") + ": in " +
           percent(number(at(c, "deals"), "share").value_or(0)) +
           " of the paired games the table after setup differs (an option or a card count "
           "changed what is dealt), so game i of the two sides are not pairs.</p>\n";
  if (cards)
    return "<p class=\"warn\">This variant changes the cards" +
           (which.empty() ? "" : " (" + which + ")") +
           ", so the same seed no longer deals the same cards: the pairing is weaker and "
           "differences are noisier.</p>\n";
  if (!which.empty())
    return "<p class=\"note\">This variant changes some cards' definitions (" + which +
           "), not what is dealt: the games still pair.</p>\n";
  return "";
}

std::string comparison(const json& c) {
  std::string variant = text(c, "variant"), against = text(c, "against");
  std::string out = "<h3>" + html_escape(variant.empty() ? "variant" : variant) + " against " +
                    html_escape(against.empty() ? "base" : against) + "</h3>\n";
  if (auto changed = number(c, "winner_changed")) {
    out += "<p class=\"headline\">The winner changed in <b>" + percent(*changed) +
           "</b> of the paired games (same seed in both)";
    const json& w = at(c, "winner_change");
    if (auto chance = number(w, "chance"))
      out += "; chance alone gives <b>" + percent(*chance) +
             "</b> <span class=\"note\">(two unrelated games, one of each, computed from each "
             "side's outcome shares; p " +
             p_cell(number(w, "p")) + " against chance)</span>";
    out += ".</p>\n";
  }
  out += deal_warning(c);
  std::string rows;
  for (const json* row : items(c, "rows")) {
    bool sig = at(*row, "significant") == true;
    auto base = number(*row, "base"), var = number(*row, "variant");
    rows += std::string("<tr") + (sig ? " class=\"sig\"" : "") + "><th>" +
            html_escape(text(*row, "metric")) + "</th><td>" + (base ? three_digits(*base) : "–") +
            "</td><td>" + (var ? three_digits(*var) : "–") + "</td><td>" +
            (base && var ? signed_significant(*var - *base, 3) : "–") + "</td><td>" +
            p_cell(number(*row, "p")) + "</td><td>" + p_cell(number(*row, "p_holm")) + "</td><td>" +
            (sig ? "<span class=\"star\">★</span> yes" : "no") + "</td></tr>\n";
  }
  if (rows.empty()) return out + note("No rows in this comparison.");
  return out + "<table class=\"compare\"><thead><tr><th></th><th>" +
         html_escape(against.empty() ? "base" : against) + "</th><th>" +
         html_escape(variant.empty() ? "variant" : variant) +
         "</th><th>difference</th><th>p</th><th>p (Holm)</th><th>significant</th></tr></thead>"
         "<tbody>\n" +
         rows + "</tbody></table>\n";
}

std::string comparison_section(const json& r) {
  std::string out;
  for (const json* c : items(r, "comparisons")) out += comparison(*c);
  if (out.empty()) return note("No comparisons: one variant only, or none recorded.");
  return note(
             "p: two-sided test of the difference; p (Holm): corrected for the number of rows "
             "tested, so a ★ is not a fluke of testing many things at once.") +
         out;
}

std::string section(const std::string& id, const std::string& title, const std::string& body) {
  return "<section id=\"" + id + "\">\n<h2>" + title + "</h2>\n" + body + "</section>\n";
}

const char* kStyle = R"(
:root{--ink:#1d2330;--muted:#5f6b7a;--line:#d9dee5;--panel:#fff;--bg:#f4f6f9}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
main{max-width:1040px;margin:0 auto;padding:24px}
header,section{background:var(--panel);border:1px solid var(--line);border-radius:10px;padding:18px 22px;margin:0 0 18px}
h1{margin:0 0 10px;font-size:24px}h2{margin:0 0 10px;font-size:19px}h3{margin:16px 0 6px;font-size:16px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:0}
dt{color:var(--muted)}dd{margin:0}
pre.command{background:#eef1f5;border-radius:6px;padding:8px 10px;margin:12px 0 0;white-space:pre-wrap;word-break:break-all;font-size:13px}
.note{color:var(--muted);font-size:13px;margin:6px 0}
.warn{background:#fff4e0;border-left:4px solid #E69F00;padding:6px 10px;margin:8px 0}
.headline{margin:6px 0}
.legend{display:flex;flex-wrap:wrap;gap:14px;margin:4px 0 8px;font-size:14px}
.legend i{display:inline-block;width:12px;height:12px;border-radius:2px;margin-right:6px;vertical-align:-1px}
svg.chart{width:100%;height:auto;display:block}
svg text{font-family:inherit;fill:var(--ink)}
.tick{font-size:11px;fill:var(--muted)}.axis{font-size:12px;fill:var(--muted)}.value{font-size:10px}
.grid{stroke:#e6e9ee;stroke-width:1}.zero{stroke:#8a94a3;stroke-width:1.5}
.err{stroke:#1d2330;stroke-width:1.4;fill:none}
.fair{stroke:#D55E00;stroke-dasharray:5 4;stroke-width:1.4}.fairlabel{font-size:11px;fill:#D55E00}
.mean{stroke:#1d2330;stroke-dasharray:3 3}
.multiples{display:grid;grid-template-columns:repeat(auto-fill,minmax(400px,1fr));gap:12px}
figure{margin:0}figcaption{font-size:13px;text-align:center}
.card .label{font-size:12px}.card.plus .bar{fill:#009E73}.card.minus .bar{fill:#D55E00}
.card.unclear .bar{fill:#b8c0cc}.card.unclear .label{fill:var(--muted)}
.coverage tr.never th,.coverage tr.never td{color:#D55E00;font-weight:600}
table{border-collapse:collapse;width:100%;font-size:14px;margin:6px 0}
th,td{padding:5px 10px;border-bottom:1px solid var(--line);text-align:right}
th:first-child,td:first-child{text-align:left}th:first-child{font-weight:500}thead th{color:var(--muted);font-weight:600}
tbody tr:nth-child(even){background:#fafbfc}
.ci{color:var(--muted);font-size:12px}
tr.sig,td.sig{background:#fff4d6 !important}.star{color:#b7791f}
footer{color:var(--muted);font-size:12px;text-align:center;padding:4px 0 20px}
)";

}  // namespace

}  // namespace html

std::string html_escape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char ch : s) switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += ch;
    }
  return out;
}

std::string report_html(const nlohmann::json& report) {
  using namespace html;
  auto variants = items(report, "variants");
  std::string title = "Playtest report";
  if (!text(report, "ruleset").empty()) title += ": " + text(report, "ruleset");
  std::string body = header(report);
  if (variants.empty())
    body += section("runs", "Results", note("No variants in this report."));
  else {
    body += section("seats", "Win rate by seat",
                    legend(variants) + seat_chart(report) + outcome_table(report));
    body += section("lengths", "Game length", length_section(report));
    std::string metrics = value_table(report, "metrics", "value");
    body += section("metrics", "Metrics",
                    metrics.empty() ? note("No metrics in this report.")
                                    : note("Value and 95% interval; ★: differs from the base "
                                           "after Holm correction.") +
                                          metrics);
    body += section("comparisons", "Against the base", comparison_section(report));
    std::string stats = value_table(report, "stats", "mean");
    body += section("stats", "The ruleset's own statistics",
                    stats.empty() ? note("This ruleset reports no statistics (its stats(g)).")
                                  : note("Mean per game and 95% interval.") + stats);
    body += section("cards", "Cards: impact and coverage", card_section(report));
  }
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
         html_escape(title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n<main>\n" +
         body + "<footer>Made by ratify; the numbers are in the --json output.</footer>\n" +
         "</main>\n</body>\n</html>\n";
}

}  // namespace ratify::sim
