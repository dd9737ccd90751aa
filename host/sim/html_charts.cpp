// The report's charts as inline SVG: win rate by seat (grouped bars with
// 95% intervals), game length (a histogram per variant) and each card's
// impact (diverging bars). Drawn here, no scripts; a chart whose numbers
// are missing or unusable becomes a note.
#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>
#include <tuple>
#include <vector>

#include "sim/format.hpp"
#include "sim/html.hpp"  // html_escape
#include "sim/html_parts.hpp"
#include "sim/report_reading.hpp"

namespace ratify::sim::html {

using namespace report_reading;

// Okabe–Ito: told apart by colour-blind readers too.
const char* colour(size_t i) {
  static const char* palette[] = {"#0072B2", "#E69F00", "#009E73", "#CC79A7",
                                  "#56B4E9", "#D55E00", "#8C7A00", "#555555"};
  return palette[i % 8];
}

namespace {

// An SVG coordinate: a tenth of a pixel is fine enough.
std::string coord(double x) {
  return fixed(x, 1);
}

// A round step for about `count` gridlines over [0, span].
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

}  // namespace

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

namespace {

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

}  // namespace

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

namespace {

// --- Per-card impact: sorted, diverging bars with intervals -------------------

struct CardImpact {
  std::string card;
  double impact = 0;
  std::optional<double> low, high, n;
};

// `key`: "cards" (by who held a card) or "cards_played" (by who played it).
std::vector<CardImpact> card_impacts(const json& variant, const char* key) {
  std::vector<CardImpact> out;
  for (const json* c : items(variant, key)) {
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

std::string card_chart(const std::vector<CardImpact>& cards, const char* who) {
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
    << "\" text-anchor=\"middle\">win-rate points, " << who
    << " against the others</text>\n</svg>\n";
  return o.str();
}

// How often each card was drawn, played and had its hooks run, per game;
// a card never used (neither played nor a hook run) in red.
std::string coverage_table(const json& variant) {
  auto cards = items(variant, "coverage");
  auto games = number(variant, "games");
  if (cards.empty() || !games || *games <= 0) return "";
  std::string rows;
  for (const json* c : cards) {
    double drawn = number(*c, "drawn").value_or(0), played = number(*c, "played").value_or(0);
    double in = number(*c, "games_played").value_or(0), hooks = number(*c, "hooks").value_or(0);
    rows += std::string("<tr") + (played == 0 && hooks == 0 ? " class=\"never\"" : "") + "><th>" +
            html_escape(text(*c, "name")) + "</th><td>" + fixed(drawn / *games, 2) + "</td><td>" +
            fixed(played / *games, 2) + "</td><td>" + percent(in / *games) + "</td><td>" +
            fixed(hooks / *games, 2) + "</td></tr>\n";
  }
  return "<table class=\"coverage\"><thead><tr><th>card</th><th>drawn per game</th><th>played "
         "per game</th><th>games played in</th><th>hook calls per game</th></tr></thead><tbody>\n" +
         rows + "</tbody></table>\n";
}

std::string impact_charts(const json& variant, size_t keep) {
  std::string out;
  for (auto [key, who, title] : {std::tuple{"cards", "holder", "by who held it"},
                                 std::tuple{"cards_played", "player", "by who played it"}}) {
    auto cards = card_impacts(variant, key);
    if (cards.empty()) continue;
    out += std::string("<h4>Impact ") + title + "</h4>\n" +
           card_chart(strongest_and_weakest(cards, keep), who);
    if (cards.size() > keep)
      out += note("The " + std::to_string(keep / 2) + " strongest and " +
                  std::to_string(keep - keep / 2) + " weakest of " + std::to_string(cards.size()) +
                  " cards; all are in the --json output.");
  }
  return out;
}

}  // namespace

std::string card_section(const json& r) {
  const size_t keep = 30;
  std::string out;
  auto variants = items(r, "variants");
  for (size_t i = 0; i < variants.size(); ++i) {
    std::string charts = impact_charts(*variants[i], keep), coverage = coverage_table(*variants[i]);
    if (charts.empty() && coverage.empty()) continue;
    out += "<h3>" + html_escape(variant_name(*variants[i], i)) + "</h3>\n" + charts;
    if (!coverage.empty())
      out += "<h4>Coverage</h4>\n" +
             note(
                 "Drawn: dealt, or taken out of a deck; played: named by an action's card "
                 "field; hook calls: the rules calling the card's own functions (an on_draw, "
                 "an on_play). A card never played and with no hook run is marked.") +
             coverage;
  }
  if (out.empty()) return note("No per-card impact in this report.");
  return note(
             "Bold bars: the 95% interval leaves out zero (green helps its holder, red hurts); "
             "faded: not told apart from no effect.") +
         out;
}

}  // namespace ratify::sim::html
