#include "sim/html.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>
#include <vector>

#include "sim/format.hpp"

namespace ratify::sim {

using nlohmann::json;

namespace {

// --- Reading the report without trusting its shape -------------------------

const json& empty_json() {
  static const json empty;
  return empty;
}

const json& at(const json& j, const char* key) {
  if (!j.is_object()) return empty_json();
  auto it = j.find(key);
  return it == j.end() ? empty_json() : *it;
}

// The elements of j[key] when it is an array, else none.
std::vector<const json*> items(const json& j, const char* key) {
  std::vector<const json*> out;
  const json& a = at(j, key);
  if (a.is_array())
    for (const auto& x : a) out.push_back(&x);
  return out;
}

std::optional<double> number(const json& j, const char* key) {
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
std::string text(const json& j, const char* key) {
  return text(at(j, key));
}

// --- Formatting -------------------------------------------------------------

// An SVG coordinate: a tenth of a pixel is fine enough.
std::string coord(double x) {
  return fixed(x, 1);
}

std::string with_interval(const std::optional<double>& v, const std::optional<double>& lo,
                          const std::optional<double>& hi) {
  if (!v) return "–";
  std::string s = three_digits(*v);
  if (lo && hi)
    s += " <span class=\"ci\">[" + three_digits(*lo) + ", " + three_digits(*hi) + "]</span>";
  return s;
}

// Okabe–Ito: told apart by colour-blind readers too.
const char* colour(size_t i) {
  static const char* palette[] = {"#0072B2", "#E69F00", "#009E73", "#CC79A7",
                                  "#56B4E9", "#D55E00", "#8C7A00", "#555555"};
  return palette[i % 8];
}

// A round step for about `ticks` gridlines over [0, span].
double nice_step(double span, int count) {
  double raw = span / count, mag = std::pow(10, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (raw <= m * mag) return m * mag;
  return 10 * mag;
}

// Multiples of `step` from `from` to `to`: at most 50, and none when the
// numbers are not usable (a malformed report must not loop forever).
std::vector<double> ticks(double from, double to, double step) {
  std::vector<double> out;
  if (!std::isfinite(from) || !std::isfinite(to) || !(step > 0) || !std::isfinite(step)) return out;
  double first = std::ceil(from / step - 1e-9) * step;
  for (int k = 0; k <= 50; ++k) {
    double v = first + k * step;
    if (v > to + step / 1000) break;
    out.push_back(v);
  }
  return out;
}

std::string note(const std::string& what) {
  return "<p class=\"note\">" + html_escape(what) + "</p>\n";
}

std::string variant_name(const json& v, size_t i) {
  std::string name = text(v, "name");
  return name.empty() ? "variant " + std::to_string(i + 1) : name;
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

// --- Win rate by seat: grouped bars with 95% intervals ------------------------

struct Frame {
  double width, height, left, right, top, bottom;
  double plot_w() const { return width - left - right; }
  double plot_h() const { return height - top - bottom; }
};

// Horizontal gridlines and their labels for values 0..ymax (shares: as
// percentages).
std::string y_grid(const Frame& f, double ymax, bool shares) {
  std::string out;
  double step = nice_step(ymax, 5);
  for (double v : ticks(0, ymax, step)) {
    double y = f.top + f.plot_h() * (1 - v / ymax);
    out += "<line class=\"grid\" x1=\"" + coord(f.left) + "\" x2=\"" + coord(f.width - f.right) +
           "\" y1=\"" + coord(y) + "\" y2=\"" + coord(y) + "\"/>";
    out += "<text class=\"tick\" x=\"" + coord(f.left - 6) + "\" y=\"" + coord(y + 4) +
           "\" text-anchor=\"end\">" + (shares ? percent(v, 0) : three_digits(v)) + "</text>\n";
  }
  return out;
}

std::string error_bar(double x, double y1, double y2, double half) {
  return "<path class=\"err\" d=\"M" + coord(x) + " " + coord(y1) + "V" + coord(y2) + "M" +
         coord(x - half) + " " + coord(y1) + "H" + coord(x + half) + "M" + coord(x - half) + " " +
         coord(y2) + "H" + coord(x + half) + "\"/>";
}

struct SeatBar {
  int seat = 0;
  double rate = 0;
  std::optional<double> low, high, wins;
};

std::vector<SeatBar> seat_bars(const json& variant) {
  std::vector<SeatBar> out;
  for (const json* s : items(variant, "seats")) {
    auto rate = number(*s, "win_rate");
    if (!rate) continue;
    SeatBar b;
    b.seat = static_cast<int>(std::clamp(number(*s, "seat").value_or(out.size() + 1), 0.0, 1e6));
    b.rate = std::clamp(*rate, 0.0, 1.0);
    b.low = number(*s, "low");
    b.high = number(*s, "high");
    b.wins = number(*s, "wins");
    out.push_back(b);
  }
  return out;
}

std::string seat_chart(const json& r) {
  auto variants = items(r, "variants");
  std::vector<std::vector<SeatBar>> bars;
  size_t seats = 0;
  double ymax = 0;
  for (const json* v : variants) {
    bars.push_back(seat_bars(*v));
    seats = std::max(seats, bars.back().size());
    for (const auto& b : bars.back()) ymax = std::max({ymax, b.rate, b.high.value_or(0)});
  }
  if (seats == 0) return note("No win rates by seat in this report.");
  double players = number(r, "players").value_or(static_cast<double>(seats));
  double fair = players > 1 ? 1 / players : 0;  // alone, there is no share to be fair about
  ymax = std::min(1.0, std::max(0.1, std::ceil(std::max(ymax, fair) * 10 + 0.2) / 10));
  Frame f{760, 320, 56, 84, 16, 44};
  size_t nv = std::max<size_t>(1, variants.size());
  double group = f.plot_w() / seats, bar = std::min(group * 0.78 / nv, 110.0);
  double inset = (group - bar * nv) / 2;  // the bars of a seat, centred under its name
  auto y_of = [&](double v) { return f.top + f.plot_h() * (1 - std::clamp(v, 0.0, ymax) / ymax); };
  std::ostringstream o;
  o << "<svg class=\"chart seats\" viewBox=\"0 0 " << f.width << " " << f.height
    << "\" role=\"img\" aria-label=\"Win rate by seat\">\n"
    << y_grid(f, ymax, true);
  for (size_t vi = 0; vi < bars.size(); ++vi)
    for (size_t si = 0; si < bars[vi].size(); ++si) {
      const SeatBar& b = bars[vi][si];
      double x = f.left + group * si + inset + bar * vi, y = y_of(b.rate);
      o << "<rect class=\"bar\" fill=\"" << colour(vi) << "\" x=\"" << coord(x + 1) << "\" y=\""
        << coord(y) << "\" width=\"" << coord(std::max(1.0, bar - 2)) << "\" height=\""
        << coord(f.top + f.plot_h() - y) << "\"><title>"
        << html_escape(variant_name(*variants[vi], vi)) << ", seat " << b.seat << ": "
        << percent(b.rate);
      if (b.low && b.high)
        o << " (95% interval " << percent(*b.low) << " to " << percent(*b.high) << ")";
      if (b.wins) o << ", " << three_digits(*b.wins) << " wins";
      o << "</title></rect>";
      double top = y;
      if (b.low && b.high) {
        o << error_bar(x + bar / 2, y_of(*b.low), y_of(*b.high), std::min(5.0, bar / 4));
        top = y_of(*b.high);
      }
      if (bar >= 26)
        o << "<text class=\"value\" x=\"" << coord(x + bar / 2) << "\" y=\"" << coord(top - 4)
          << "\" text-anchor=\"middle\">" << percent(b.rate, 0) << "</text>";
      o << "\n";
    }
  for (size_t si = 0; si < seats; ++si)
    o << "<text class=\"axis\" x=\"" << coord(f.left + group * (si + 0.5)) << "\" y=\""
      << coord(f.height - f.bottom + 18) << "\" text-anchor=\"middle\">seat " << si + 1
      << "</text>\n";
  if (fair > 0) {
    double y = y_of(fair);
    o << "<line class=\"fair\" x1=\"" << coord(f.left) << "\" x2=\"" << coord(f.width - f.right)
      << "\" y1=\"" << coord(y) << "\" y2=\"" << coord(y) << "\"/><text class=\"fairlabel\" x=\""
      << coord(f.width - f.right + 6) << "\" y=\"" << coord(y - 3) << "\">fair share<tspan x=\""
      << coord(f.width - f.right + 6) << "\" dy=\"13\">" << percent(fair) << "</tspan></text>\n";
  }
  o << "<text class=\"axis\" x=\"" << coord(f.left + f.plot_w() / 2) << "\" y=\""
    << coord(f.height - 6) << "\" text-anchor=\"middle\">seat (bars: win rate; whiskers: 95% "
    << "interval)</text>\n</svg>\n";
  return o.str();
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

// --- Game length: a histogram per variant on shared axes ----------------------

struct Histogram {
  std::vector<double> edges, counts;
  double total = 0;
};

std::optional<Histogram> histogram(const json& variant) {
  const json& h = at(at(variant, "length"), "histogram");
  Histogram out;
  for (const char* key : {"edges", "counts"}) {
    const json& a = at(h, key);
    if (!a.is_array()) return std::nullopt;
    for (const auto& x : a) {
      double d = x.is_number() ? x.get<double>() : NAN;
      if (!std::isfinite(d)) return std::nullopt;
      (key[0] == 'e' ? out.edges : out.counts).push_back(d);
    }
  }
  if (out.counts.empty() || out.edges.size() != out.counts.size() + 1) return std::nullopt;
  if (!std::isfinite(out.edges.back() - out.edges.front())) return std::nullopt;
  for (size_t i = 0; i + 1 < out.edges.size(); ++i)
    if (!(out.edges[i] < out.edges[i + 1])) return std::nullopt;
  for (double c : out.counts) out.total += std::max(0.0, c);
  if (out.total <= 0) return std::nullopt;
  return out;
}

std::string histogram_svg(const Histogram& h, double xmin, double xmax, double ymax,
                          const char* fill, const std::optional<double>& mean) {
  Frame f{360, 190, 44, 10, 10, 34};
  auto x_of = [&](double v) { return f.left + f.plot_w() * (v - xmin) / (xmax - xmin); };
  auto y_of = [&](double v) { return f.top + f.plot_h() * (1 - std::min(v, ymax) / ymax); };
  std::ostringstream o;
  o << "<svg class=\"chart lengths\" viewBox=\"0 0 " << f.width << " " << f.height
    << "\" role=\"img\" aria-label=\"Game length histogram\">\n"
    << y_grid(f, ymax, true);
  for (size_t i = 0; i < h.counts.size(); ++i) {
    double share = std::max(0.0, h.counts[i]) / h.total;
    double x1 = x_of(h.edges[i]), x2 = x_of(h.edges[i + 1]), y = y_of(share);
    o << "<rect class=\"bar\" fill=\"" << fill << "\" x=\"" << coord(x1 + 0.5) << "\" y=\""
      << coord(y) << "\" width=\"" << coord(std::max(0.5, x2 - x1 - 1)) << "\" height=\""
      << coord(f.top + f.plot_h() - y) << "\"><title>" << three_digits(h.edges[i]) << " to "
      << three_digits(h.edges[i + 1]) << " actions: " << three_digits(h.counts[i])
      << " games</title></rect>\n";
  }
  double step = std::max(1.0, nice_step(xmax - xmin, 5));  // lengths are whole actions
  for (double v : ticks(xmin, xmax, step))
    o << "<text class=\"tick\" x=\"" << coord(x_of(v)) << "\" y=\""
      << coord(f.top + f.plot_h() + 14) << "\" text-anchor=\"middle\">" << three_digits(v)
      << "</text>";
  if (mean && *mean >= xmin && *mean <= xmax)
    o << "<line class=\"mean\" x1=\"" << coord(x_of(*mean)) << "\" x2=\"" << coord(x_of(*mean))
      << "\" y1=\"" << coord(f.top) << "\" y2=\"" << coord(f.top + f.plot_h()) << "\"/>";
  o << "<text class=\"axis\" x=\"" << coord(f.left + f.plot_w() / 2) << "\" y=\""
    << coord(f.height - 4) << "\" text-anchor=\"middle\">actions per game</text>\n</svg>\n";
  return o.str();
}

std::string length_section(const json& r) {
  auto variants = items(r, "variants");
  std::vector<std::optional<Histogram>> hs;
  double xmin = INFINITY, xmax = -INFINITY, widest = 0, ymax = 0;
  for (const json* v : variants) {
    hs.push_back(histogram(*v));
    if (!hs.back()) continue;
    xmin = std::min(xmin, hs.back()->edges.front());
    xmax = std::max(xmax, hs.back()->edges.back());
    widest = std::max(widest, hs.back()->edges.back() - hs.back()->edges.front());
    for (double c : hs.back()->counts) ymax = std::max(ymax, c / hs.back()->total);
  }
  // One length axis for all, so shapes compare at a glance; unless the
  // variants' lengths lie so far apart that each would be a sliver on it.
  bool shared = xmax - xmin <= 2 * widest;
  std::string cells;
  for (size_t i = 0; i < variants.size(); ++i) {
    const json& len = at(*variants[i], "length");
    auto mean = number(len, "mean"), sd = number(len, "sd");
    std::string caption = "<b>" + html_escape(variant_name(*variants[i], i)) + "</b>";
    if (mean) caption += " mean " + three_digits(*mean);
    if (sd) caption += ", sd " + three_digits(*sd);
    if (!mean && !hs[i]) continue;
    std::string chart = note("No histogram for this variant.");
    if (hs[i])
      chart = histogram_svg(*hs[i], shared ? xmin : hs[i]->edges.front(),
                            shared ? xmax : hs[i]->edges.back(), nice_step(ymax, 4) * 4, colour(i),
                            mean);
    cells += "<figure>" + chart + "<figcaption>" + caption + "</figcaption></figure>\n";
  }
  if (cells.empty()) return note("No game lengths in this report.");
  return (shared ? "" : note("Lengths differ so much that each variant has its own length axis.")) +
         "<div class=\"multiples\">\n" + cells + "</div>\n";
}

// --- Per-card impact: sorted, diverging bars with intervals -------------------

struct CardImpact {
  std::string card;
  double impact = 0;
  std::optional<double> low, high, n;
};

std::vector<CardImpact> card_impacts(const json& variant) {
  std::vector<CardImpact> out;
  for (const json* c : items(variant, "cards")) {
    auto impact = number(*c, "impact");
    if (!impact) continue;
    out.push_back(
        {text(*c, "card"), *impact, number(*c, "low"), number(*c, "high"), number(*c, "n")});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.impact > b.impact; });
  return out;
}

std::string shorten(const std::string& s, size_t max) {
  if (s.size() <= max) return s;
  size_t cut = max - 1;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // UTF-8
  return s.substr(0, cut) + "…";
}

// At most `keep` cards: the strongest and the weakest halves.
std::vector<CardImpact> strongest_and_weakest(std::vector<CardImpact> cards, size_t keep) {
  if (cards.size() <= keep) return cards;
  std::vector<CardImpact> out(cards.begin(), cards.begin() + keep / 2);
  out.insert(out.end(), cards.end() - (keep - keep / 2), cards.end());
  return out;
}

std::string card_chart(const std::vector<CardImpact>& cards) {
  double span = 0.05;
  for (const auto& c : cards)
    span = std::max(
        {span, std::fabs(c.impact), std::fabs(c.low.value_or(0)), std::fabs(c.high.value_or(0))});
  span = std::min(1.0, nice_step(span, 2) * 2);
  const double row = 20, label = 220, width = 760, top = 8, bottom = 30;
  double plot = width - label - 70, height = top + row * cards.size() + bottom;
  auto x_of = [&](double v) {
    return label + plot * (std::clamp(v, -span, span) + span) / (2 * span);
  };
  std::ostringstream o;
  o << "<svg class=\"chart cards\" viewBox=\"0 0 " << width << " " << height
    << "\" role=\"img\" aria-label=\"Per-card impact\">\n";
  double step = nice_step(span, 2);
  for (double v : ticks(-span, span, step))
    o << "<line class=\"grid\" x1=\"" << coord(x_of(v)) << "\" x2=\"" << coord(x_of(v))
      << "\" y1=\"" << top << "\" y2=\"" << coord(height - bottom)
      << "\"/><text class=\"tick\" x=\"" << coord(x_of(v)) << "\" y=\""
      << coord(height - bottom + 14) << "\" text-anchor=\"middle\">" << (v > 1e-9 ? "+" : "")
      << percent_points(v, 0) << "</text>";
  o << "<line class=\"zero\" x1=\"" << coord(x_of(0)) << "\" x2=\"" << coord(x_of(0)) << "\" y1=\""
    << top << "\" y2=\"" << coord(height - bottom) << "\"/>\n";
  for (size_t i = 0; i < cards.size(); ++i) {
    const CardImpact& c = cards[i];
    double y = top + row * i, mid = y + row / 2;
    bool clear = c.low && c.high && (*c.low > 0 || *c.high < 0);
    const char* cls = !clear ? "unclear" : c.impact > 0 ? "plus" : "minus";
    o << "<g class=\"card " << cls << "\"><title>" << html_escape(c.card) << ": "
      << signed_fixed(100 * c.impact, 1) << " points of win rate";
    if (c.low && c.high)
      o << " (95% interval " << signed_fixed(100 * *c.low, 1) << " to "
        << signed_fixed(100 * *c.high, 1) << ")";
    if (c.n) o << ", " << three_digits(*c.n) << " players";
    o << "</title><text class=\"label\" x=\"" << label - 8 << "\" y=\"" << coord(mid + 4)
      << "\" text-anchor=\"end\">" << html_escape(shorten(c.card, 34)) << "</text>";
    double x0 = x_of(0), x1 = x_of(c.impact);
    o << "<rect class=\"bar\" x=\"" << coord(std::min(x0, x1)) << "\" y=\"" << coord(y + 4)
      << "\" width=\"" << coord(std::max(1.0, std::fabs(x1 - x0))) << "\" height=\""
      << coord(row - 8) << "\"/>";
    if (c.low && c.high)
      o << "<path class=\"err\" d=\"M" << coord(x_of(*c.low)) << " " << coord(mid) << "H"
        << coord(x_of(*c.high)) << "M" << coord(x_of(*c.low)) << " " << coord(mid - 4) << "V"
        << coord(mid + 4) << "M" << coord(x_of(*c.high)) << " " << coord(mid - 4) << "V"
        << coord(mid + 4) << "\"/>";
    o << "<text class=\"value\" x=\"" << coord(width - 6) << "\" y=\"" << coord(mid + 4)
      << "\" text-anchor=\"end\">" << signed_fixed(100 * c.impact, 1) << "</text></g>\n";
  }
  o << "<text class=\"axis\" x=\"" << coord(x_of(0)) << "\" y=\"" << coord(height - 4)
    << "\" text-anchor=\"middle\">win-rate points, holder against the others</text>\n</svg>\n";
  return o.str();
}

std::string card_section(const json& r) {
  const size_t keep = 30;
  std::string out;
  auto variants = items(r, "variants");
  for (size_t i = 0; i < variants.size(); ++i) {
    auto cards = card_impacts(*variants[i]);
    if (cards.empty()) continue;
    out += "<h3>" + html_escape(variant_name(*variants[i], i)) + "</h3>\n" +
           card_chart(strongest_and_weakest(cards, keep));
    if (cards.size() > keep)
      out += note("The " + std::to_string(keep / 2) + " strongest and " +
                  std::to_string(keep - keep / 2) + " weakest of " + std::to_string(cards.size()) +
                  " cards; all are in the --json output.");
  }
  if (out.empty()) return note("No per-card impact in this report.");
  return note(
             "Bold bars: the 95% interval leaves out zero (green helps its holder, red hurts); "
             "faded: not told apart from no effect.") +
         out;
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

std::string comparison(const json& c) {
  std::string variant = text(c, "variant"), against = text(c, "against");
  std::string out = "<h3>" + html_escape(variant.empty() ? "variant" : variant) + " against " +
                    html_escape(against.empty() ? "base" : against) + "</h3>\n";
  if (auto changed = number(c, "winner_changed"))
    out += "<p class=\"headline\">The winner changed in <b>" + percent(*changed) +
           "</b> of the paired games (same seed in both).</p>\n";
  if (at(c, "cards_differ") == true) {
    std::string which;
    auto changed = items(c, "cards_changed");
    for (size_t i = 0; i < changed.size() && i < 12; ++i)
      which += (i ? ", " : "") + html_escape(text(*changed[i]));
    if (changed.size() > 12) which += ", …";
    out += "<p class=\"warn\">This variant changes the cards" +
           (which.empty() ? "" : " (" + which + ")") +
           ", so the same seed no longer deals the same cards: the pairing is weaker and "
           "differences are noisier.</p>\n";
  }
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
table{border-collapse:collapse;width:100%;font-size:14px;margin:6px 0}
th,td{padding:5px 10px;border-bottom:1px solid var(--line);text-align:right}
th:first-child,td:first-child{text-align:left}th:first-child{font-weight:500}thead th{color:var(--muted);font-weight:600}
tbody tr:nth-child(even){background:#fafbfc}
.ci{color:var(--muted);font-size:12px}
tr.sig,td.sig{background:#fff4d6 !important}.star{color:#b7791f}
footer{color:var(--muted);font-size:12px;text-align:center;padding:4px 0 20px}
)";

}  // namespace

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

std::string report_html(const json& report) {
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
    body += section("cards", "Per-card impact", card_section(report));
  }
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
         html_escape(title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n<main>\n" +
         body + "<footer>Made by ratify; the numbers are in the --json output.</footer>\n" +
         "</main>\n</body>\n</html>\n";
}

}  // namespace ratify::sim
