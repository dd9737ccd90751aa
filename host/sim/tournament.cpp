#include "sim/tournament.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <stdexcept>

#include "core/rng.hpp"
#include "sim/compare.hpp"
#include "sim/format.hpp"
#include "sim/report.hpp"

namespace ratify::sim {

namespace {

// Who sat where in seating k: the lone bot, the field's bot, the lone seat.
struct Seated {
  int lone = 0, field = 0, seat = 0;
};

std::vector<Seated> seating_plan(int bots, int players) {
  std::vector<Seated> plan;
  for (int i = 0; i < bots; ++i)
    for (int j = 0; j < bots; ++j) {
      if (i == j) continue;
      // Two players: i in seat 1 against j covers both seat orders once
      // over the pair (i, j) and (j, i).
      for (int s = 0; s < (players == 2 ? 1 : players); ++s) plan.push_back({i, j, s});
    }
  return plan;
}

// Pseudo-wins of a against b for Bradley-Terry: the field's win is shared
// among its players, so equal bots come out equal whatever the count.
using Wins = std::vector<std::vector<double>>;

void add_game(Wins& w, const Seated& st, bool lone_won, bool field_won, int players) {
  double share = lone_won && field_won ? 0.5 : 1.0;
  if (lone_won) w[st.lone][st.field] += share;
  if (field_won) w[st.field][st.lone] += share / (players - 1);
}

// Strengths by Hunter's MM iterations, with half a win each way between
// every pair (keeps a bot that never won finite). Elo scale, mean 0.
std::vector<double> bradley_terry(const Wins& w) {
  size_t n = w.size();
  std::vector<double> p(n, 1.0);
  for (int iter = 0; iter < 500; ++iter) {
    std::vector<double> next(n);
    for (size_t i = 0; i < n; ++i) {
      double won = 0, denom = 0;
      for (size_t j = 0; j < n; ++j) {
        if (i == j) continue;
        double wij = w[i][j] + 0.5, wji = w[j][i] + 0.5;
        won += wij;
        denom += (wij + wji) / (p[i] + p[j]);
      }
      next[i] = won / denom;
    }
    double log_mean = 0;
    for (double x : next) log_mean += std::log(x) / static_cast<double>(n);
    for (auto& x : next) x /= std::exp(log_mean);
    p = next;
  }
  std::vector<double> elo(n);
  for (size_t i = 0; i < n; ++i) elo[i] = 400.0 * std::log10(p[i]);
  return elo;
}

double percentile(std::vector<double> xs, double q) {
  std::sort(xs.begin(), xs.end());
  double at = q * static_cast<double>(xs.size() - 1);
  size_t lo = static_cast<size_t>(std::floor(at)), hi = std::min(lo + 1, xs.size() - 1);
  return xs[lo] + (xs[hi] - xs[lo]) * (at - static_cast<double>(lo));
}

// A win rate and its 95% interval in a table cell: " 50.0% (31.2- 68.8)".
std::string rate_cell(double wins, double games) {
  auto ci = wilson(wins, games);
  char cell[64];
  std::snprintf(cell, sizeof cell, "%6s (%4s-%5s)", percent(games ? wins / games : 0).c_str(),
                percent_points(ci.low).c_str(), percent_points(ci.high).c_str());
  return cell;
}

}  // namespace

std::vector<std::vector<std::string>> tournament_seatings(const std::vector<std::string>& bots,
                                                          int players) {
  std::vector<std::vector<std::string>> out;
  for (const Seated& st : seating_plan(static_cast<int>(bots.size()), players)) {
    std::vector<std::string> seats(static_cast<size_t>(players), bots[st.field]);
    seats[static_cast<size_t>(st.seat)] = bots[st.lone];
    out.push_back(seats);
  }
  return out;
}

void analyse(TournamentResult& r) {
  const auto& bots = r.config.bots;
  int n = static_cast<int>(bots.size()), players = r.sim.players;
  auto plan = seating_plan(n, players);
  size_t per_deal = plan.size();
  r.matrix.assign(static_cast<size_t>(n), std::vector<Pairing>(static_cast<size_t>(n)));
  r.errors = 0;
  // Per deal, its games' pseudo-wins (the bootstrap resamples deals).
  std::map<int, Wins> by_deal;
  for (const auto& g : r.sim.games) {
    if (!g.error.empty()) {
      ++r.errors;
      continue;
    }
    const Seated& st = plan[static_cast<size_t>(g.index) % per_deal];
    bool lone_won = false, field_won = false;
    for (int w : g.winners) (w == st.seat + 1 ? lone_won : field_won) = true;
    double share = lone_won && field_won ? 0.5 : 1.0;
    Pairing& cell = r.matrix[st.lone][st.field];
    cell.games += 1;
    cell.wins += lone_won ? share : 0;
    if (players == 2) {  // both bots sit alone: the game counts for both rows
      Pairing& other = r.matrix[st.field][st.lone];
      other.games += 1;
      other.wins += field_won ? share : 0;
    }
    Wins& w = by_deal[g.index / static_cast<int>(per_deal)];
    if (w.empty()) w.assign(static_cast<size_t>(n), std::vector<double>(static_cast<size_t>(n)));
    add_game(w, st, lone_won, field_won, players);
  }
  auto total = [&](const std::vector<const Wins*>& deals) {
    Wins sum(static_cast<size_t>(n), std::vector<double>(static_cast<size_t>(n)));
    for (const Wins* w : deals)
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) sum[i][j] += (*w)[i][j];
    return sum;
  };
  std::vector<const Wins*> deals;
  for (const auto& [k, w] : by_deal) deals.push_back(&w);
  auto elo = bradley_terry(total(deals));
  std::vector<std::vector<double>> samples(static_cast<size_t>(n));
  core::Rng rng(core::mix_seed(r.config.seed, 77));
  for (int b = 0; b < 200 && !deals.empty(); ++b) {
    std::vector<const Wins*> pick;
    for (size_t k = 0; k < deals.size(); ++k)
      pick.push_back(deals[rng.below(static_cast<uint32_t>(deals.size()))]);
    auto e = bradley_terry(total(pick));
    for (int i = 0; i < n; ++i) samples[i].push_back(e[i]);
  }
  r.ratings.clear();
  for (int i = 0; i < n; ++i) {
    Rating rt{bots[i], elo[i], elo[i], elo[i]};
    if (!samples[i].empty()) {
      rt.low = percentile(samples[i], 0.025);
      rt.high = percentile(samples[i], 0.975);
    }
    r.ratings.push_back(rt);
  }
}

TournamentResult run_tournament(const TournamentConfig& c) {
  if (c.bots.size() < 2) throw std::invalid_argument("a tournament needs two bots or more");
  std::set<std::string> names(c.bots.begin(), c.bots.end());
  if (names.size() != c.bots.size())
    throw std::invalid_argument("each bot may be named once (give the same bot other settings)");
  TournamentResult r;
  r.config = c;
  SimConfig s;
  s.ruleset = c.ruleset;
  s.variant = c.variant;
  s.sets = c.sets;
  s.seed = c.seed;
  s.threads = c.threads;
  s.players = c.players;
  s.bots = c.bots;
  s.shard = c.shard;
  s.shards = c.shards;
  s.progress = c.progress;
  int players = c.players ? c.players : 2;
  s.players = players;
  s.seatings = tournament_seatings(c.bots, players);
  s.games = c.deals * static_cast<int>(s.seatings.size());
  r.sim = run_sim(s);
  r.config.players = r.sim.players;
  analyse(r);
  return r;
}

// A patience has no opponents: each bot's share of deals won alone (the
// matrix's row, whatever the column; every bot plays every deal).
std::string solitaire_text(const TournamentResult& r, size_t width) {
  std::string out;
  char line[512];
  std::snprintf(line, sizeof line,
                "%s, one player: %d deals; the share each bot won alone, 95%% interval\n\n",
                r.sim.ruleset_id.c_str(), r.config.deals);
  out += line;
  for (size_t i = 0; i < r.config.bots.size(); ++i) {
    double wins = 0, games = 0;
    for (const Pairing& p : r.matrix[i]) wins += p.wins, games += p.games;
    std::snprintf(line, sizeof line, "  %-*s %s  %d games\n", static_cast<int>(width),
                  r.config.bots[i].c_str(), rate_cell(wins, games).c_str(),
                  static_cast<int>(games));
    out += line;
  }
  return out;
}

std::string tournament_text(const TournamentResult& r) {
  const auto& bots = r.config.bots;
  size_t width = 10;
  for (const auto& b : bots) width = std::max(width, b.size());
  int players = r.sim.players;
  if (players == 1) return solitaire_text(r, width);
  std::string out;
  char line[512];
  std::snprintf(line, sizeof line,
                "%s tournament: %zu bots, %d players, %d games (%d deals, each in every "
                "seating)\n",
                r.sim.ruleset_id.c_str(), bots.size(), players,
                static_cast<int>(r.sim.games.size()), r.config.deals);
  out += line;
  std::snprintf(line, sizeof line,
                "win rate of the row bot %s the column bot, 95%% interval; an even game is "
                "%s\n\n",
                players == 2 ? "against" : "alone in one seat, against (in every other seat)",
                percent(1.0 / players).c_str());
  out += line;
  std::snprintf(line, sizeof line, "%-*s", static_cast<int>(width), "");
  out += line;
  for (const auto& b : bots) {
    std::snprintf(line, sizeof line, "  %20.20s", b.c_str());
    out += line;
  }
  out += "\n";
  for (size_t i = 0; i < bots.size(); ++i) {
    std::snprintf(line, sizeof line, "%-*s", static_cast<int>(width), bots[i].c_str());
    out += line;
    for (size_t j = 0; j < bots.size(); ++j) {
      const Pairing& p = r.matrix[i][j];
      if (i == j || p.games == 0)
        std::snprintf(line, sizeof line, "  %20s", "-");
      else
        std::snprintf(line, sizeof line, "  %s", rate_cell(p.wins, p.games).c_str());
      out += line;
    }
    out += "\n";
  }
  out += "\nrating (Bradley-Terry on the Elo scale, mean 0; 95% bootstrap interval over deals):\n";
  std::vector<Rating> sorted = r.ratings;
  std::sort(sorted.begin(), sorted.end(),
            [](const Rating& a, const Rating& b) { return a.elo > b.elo; });
  for (const auto& rt : sorted) {
    std::snprintf(line, sizeof line, "  %-*s %6s  (%s .. %s)\n", static_cast<int>(width),
                  rt.bot.c_str(), signed_fixed(rt.elo, 0).c_str(), signed_fixed(rt.low, 0).c_str(),
                  signed_fixed(rt.high, 0).c_str());
    out += line;
  }
  out += decision_times(r.sim);
  if (r.errors) {
    std::snprintf(line, sizeof line, "%d games failed (see --json)\n", r.errors);
    out += line;
  }
  return out;
}

nlohmann::json tournament_json(const TournamentResult& r) {
  nlohmann::json matrix = nlohmann::json::array();
  for (size_t i = 0; i < r.matrix.size(); ++i) {
    nlohmann::json row = nlohmann::json::array();
    for (size_t j = 0; j < r.matrix[i].size(); ++j) {
      const Pairing& p = r.matrix[i][j];
      auto ci = wilson(p.wins, p.games);
      row.push_back({{"games", p.games},
                     {"wins", p.wins},
                     {"win_rate", p.games ? p.wins / p.games : 0},
                     {"ci95", {ci.low, ci.high}}});
    }
    matrix.push_back(row);
  }
  nlohmann::json ratings = nlohmann::json::array();
  for (const auto& rt : r.ratings)
    ratings.push_back({{"bot", rt.bot}, {"elo", rt.elo}, {"ci95", {rt.low, rt.high}}});
  return {{"ruleset", r.sim.ruleset_id}, {"variant", r.config.variant},
          {"options", r.config.sets},    {"bots", r.config.bots},
          {"players", r.sim.players},    {"deals", r.config.deals},
          {"seed", r.config.seed},       {"games", r.sim.games.size()},
          {"errors", r.errors},          {"matrix", matrix},
          {"ratings", ratings},          {"results", result_json(r.sim)}};
}

std::vector<BotStanding> standings(const TournamentResult& r) {
  std::vector<BotStanding> out;
  for (size_t i = 0; i < r.config.bots.size() && i < r.matrix.size(); ++i) {
    BotStanding b;
    b.bot = r.config.bots[i];
    for (const Pairing& p : r.matrix[i]) b.wins += p.wins, b.games += p.games;
    if (i < r.ratings.size()) b.rating = r.ratings[i];
    out.push_back(b);
  }
  return out;
}

namespace {

nlohmann::json standing_json(const BotStanding& b) {
  auto ci = wilson(b.wins, b.games);
  return {{"bot", b.bot},
          {"wins", b.wins},
          {"games", b.games},
          {"win_rate", b.games ? b.wins / b.games : 0},
          {"low", ci.low},
          {"high", ci.high},
          {"elo", b.rating.elo},
          {"elo_low", b.rating.low},
          {"elo_high", b.rating.high}};
}

// Each bot's win rate in `variant` against the first variant's.
nlohmann::json bot_comparison(const TournamentResult& first, const TournamentResult& variant) {
  nlohmann::json rows = nlohmann::json::array();
  auto a = standings(first), b = standings(variant);
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i)
    rows.push_back({{"metric", a[i].bot + " win rate"},
                    {"bot", a[i].bot},
                    {"base", a[i].games ? a[i].wins / a[i].games : 0},
                    {"variant", b[i].games ? b[i].wins / b[i].games : 0},
                    {"p", two_proportion_p(a[i].wins, a[i].games, b[i].wins, b[i].games)}});
  return {{"variant", variant_label(variant.sim)},
          {"against", variant_label(first.sim)},
          {"rows", rows}};
}

}  // namespace

nlohmann::json tournament_report(const std::vector<TournamentResult>& runs) {
  std::vector<SimResult> sims;
  for (const auto& r : runs) sims.push_back(r.sim);
  nlohmann::json report = report_json(sims);
  nlohmann::json variants = nlohmann::json::array(), comparisons = nlohmann::json::array();
  for (const auto& r : runs) {
    nlohmann::json bots = nlohmann::json::array();
    for (const auto& b : standings(r)) bots.push_back(standing_json(b));
    variants.push_back({{"name", variant_label(r.sim)}, {"errors", r.errors}, {"bots", bots}});
  }
  for (size_t k = 1; k < runs.size(); ++k) comparisons.push_back(bot_comparison(runs[0], runs[k]));
  holm_correct(comparisons);
  const auto& first = runs.front();
  report["tournament"] = {{"bots", first.config.bots},
                          {"players", first.sim.players},
                          {"deals", first.config.deals},
                          {"variants", variants},
                          {"comparisons", comparisons}};
  return report;
}

std::string bots_across_variants_text(const nlohmann::json& report) {
  const auto& t = report.at("tournament");
  const auto& variants = t.at("variants");
  if (variants.size() < 2) return "";
  std::string out =
      "\nbot against bot across variants (win rate alone against the field, 95% "
      "interval; rating):\n";
  char line[512];
  std::snprintf(line, sizeof line, "  %-22s", "");
  out += line;
  for (const auto& v : variants) {
    std::snprintf(line, sizeof line, "  %28.28s", v.at("name").get<std::string>().c_str());
    out += line;
  }
  out += "\n";
  const auto& bots = t.at("bots");
  for (size_t i = 0; i < bots.size(); ++i) {
    std::snprintf(line, sizeof line, "  %-22.22s", bots[i].get<std::string>().c_str());
    out += line;
    for (const auto& v : variants) {
      const auto& b = v.at("bots").at(i);
      std::snprintf(line, sizeof line, "  %s %6s",
                    rate_cell(b.at("wins").get<double>(), b.at("games").get<double>()).c_str(),
                    signed_fixed(b.at("elo").get<double>(), 0).c_str());
      out += line;
    }
    out += "\n";
  }
  for (const auto& c : t.at("comparisons")) {
    out += "  " + c.at("variant").get<std::string>() + " against " +
           c.at("against").get<std::string>() + ":";
    for (const auto& row : c.at("rows"))
      out +=
          " " + row.at("bot").get<std::string>() + " " +
          signed_fixed(100 * (row.at("variant").get<double>() - row.at("base").get<double>()), 1) +
          " points (p " + p_value(row.at("p")) + ", Holm " + p_value(row.at("p_holm")) +
          (row.at("significant").get<bool>() ? ", significant)" : ")") + ";";
    out += "\n";
  }
  return out;
}

}  // namespace ratify::sim
