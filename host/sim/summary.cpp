// What a run prints in a terminal, and its games as CSV: the summary table
// of win rates by seat and by bot (from metrics.hpp) and the report's
// text.
#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

#include "sim/format.hpp"
#include "sim/metrics.hpp"
#include "sim/report.hpp"
#include "sim/sim.hpp"

namespace ratify::sim {

// The bots' time per decision, by bot, beside the results: what a
// playtest with searching bots costs (a decision is a choice among two or
// more actions). Nothing when the games carry no timings (read from
// --json, which leaves them out so that a seed's JSON never varies).
std::string decision_times(const SimResult& r) {
  std::map<std::string, std::pair<int64_t, double>> by_bot;  // decisions, seconds
  for (const auto& g : r.games)
    for (size_t k = 0; k < g.decisions.size() && k < g.seat_bots.size(); ++k) {
      auto& [n, secs] = by_bot[g.seat_bots[k]];
      n += g.decisions[k];
      secs += g.thinking[k];
    }
  std::string line;
  for (const auto& [bot, t] : by_bot) {
    if (t.first == 0 || bot == "random") continue;  // random takes no time worth saying
    double ms = 1000 * t.second / static_cast<double>(t.first);
    line += (line.empty() ? "" : "; ") + bot + " " + fixed(ms, ms < 10 ? 2 : 1) + " ms (" +
            std::to_string(t.first) + " decisions)";
  }
  return line.empty() ? "" : "time per decision: " + line + "\n";
}

std::string summary_text(const SimResult& r) {
  Outcomes o = outcomes(r);
  auto seats = seat_win_rates(r);
  auto bots = bot_win_rates(r);
  std::ostringstream s;
  s << r.ruleset_id << (r.config.variant.empty() ? "" : "/" + r.config.variant) << ": "
    << r.games.size() << " games, " << r.players << " players, seed " << r.config.seed;
  for (const auto& set : r.config.sets) s << ", " << set;
  s << "\n";
  s << "seat  bot        win rate  (95% interval)    mean score\n";
  char line[160];
  for (int k = 0; k < r.players; ++k) {
    const WinRate& x = seats[static_cast<size_t>(k)];
    std::string bot = r.config.rotate ? "(rotating)" : r.config.bots[k % r.config.bots.size()];
    std::snprintf(line, sizeof line, "%-5d %-10s %6s    (%6s - %6s)  %9s\n", k + 1, bot.c_str(),
                  percent(x.rate).c_str(), percent(x.interval.low).c_str(),
                  percent(x.interval.high).c_str(), fixed(x.score.mean, 2).c_str());
    s << line;
  }
  if (bots.size() > 1 || r.config.rotate) {
    s << "bot        win rate  (95% interval)    games\n";
    for (const auto& [name, x] : bots) {
      std::snprintf(line, sizeof line, "%-10s %6s    (%6s - %6s)  %6s\n", name.c_str(),
                    percent(x.rate).c_str(), percent(x.interval.low).c_str(),
                    percent(x.interval.high).c_str(), fixed(x.games, 0).c_str());
      s << line;
    }
  }
  s << decision_times(r);
  auto len = summarize(o.lengths);
  s << "game length: mean " << fixed(len.mean, 1) << " actions (sd " << fixed(len.sd, 1) << ", min "
    << fixed(len.min, 0) << ", max " << fixed(len.max, 0) << ")\n";
  double rates = 0;
  for (const auto& x : seats) rates += x.rate;
  if (o.shared)
    s << "shared wins: " << o.shared << " games had several winners, each counted as a win for "
      << "every one of them (the win rates add up to " << percent(rates) << ")\n";
  if (o.draws) s << "draws (games with no winner): " << o.draws << "\n";
  if (o.errors) {
    s << "games that failed: " << o.errors << "\n";
    int shown = 0;
    for (const auto& g : r.games)
      if (!g.error.empty() && shown++ < 5)
        s << "  game " << g.index << " (seed " << g.seed << "): " << g.error << "\n";
  }
  return s.str();
}

std::string comparison_text(const std::vector<SimResult>& runs) {
  return report_text(report_json(runs));
}

std::string games_csv(const SimResult& r) {
  return games_csv(std::vector<SimResult>{r});
}

std::string games_csv(const std::vector<SimResult>& runs) {
  std::ostringstream s;
  int players = 0;
  for (const auto& run : runs) players = std::max(players, run.players);
  s << "variant,index,seed,actions,winners,first,lead_changes,comeback";
  for (int p = 1; p <= players; ++p) s << ",bot" << p << ",score" << p;
  s << ",error\n";
  for (const auto& run : runs)
    for (const auto& g : run.games) {
      s << variant_label(run) << ',' << g.index << ',' << g.seed << ',' << g.actions << ',';
      for (size_t k = 0; k < g.winners.size(); ++k) s << (k ? " " : "") << g.winners[k];
      s << ',' << g.first << ',' << g.lead_changes << ',' << g.comeback;
      for (int p = 0; p < players; ++p) {
        if (p >= run.players) {
          s << ",,";
          continue;
        }
        s << ',' << g.seat_bots[p] << ','
          << (p < static_cast<int>(g.scores.size()) ? g.scores[p] : 0);
      }
      std::string e = g.error;
      std::replace(e.begin(), e.end(), '"', '\'');
      s << ",\"" << e << "\"\n";
    }
  return s.str();
}

}  // namespace ratify::sim
