#include "sim/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "sim/stats.hpp"

namespace ratify::sim {

namespace {

Estimate proportion(double k, double n) {
  auto ci = wilson(k, n);
  return {n > 0 ? k / n : 0, ci.low, ci.high, n};
}

Estimate mean_of(const std::vector<double>& xs) {
  auto s = summarize(xs);
  auto ci = mean_interval(s);
  return {s.mean, ci.low, ci.high, static_cast<double>(s.n)};
}

// p1 - p2 with Newcombe's interval and the two-proportion test.
Estimate difference(double k1, double n1, double k2, double n2) {
  auto ci = newcombe(k1, n1, k2, n2);
  double p1 = n1 > 0 ? k1 / n1 : 0, p2 = n2 > 0 ? k2 / n2 : 0;
  return {p1 - p2, ci.low, ci.high, n1, two_proportion_p(k1, n1, k2, n2)};
}

struct Tally {
  double wins = 0, games = 0;
  std::vector<double> scores;
};

// Every ended game once, for each seat and for the bot in it.
void tally(const SimResult& r, std::vector<Tally>& seats, std::map<std::string, Tally>& bots) {
  seats.assign(static_cast<size_t>(r.players), Tally());
  for (const auto* g : finished_games(r))
    for (size_t s = 0; s < seats.size(); ++s) {
      bool w = won(*g, static_cast<int>(s) + 1);
      for (Tally* x : {&seats[s], &bots[g->seat_bots[s]]}) {
        x->games += 1;
        x->wins += w;
        if (s < g->scores.size()) x->scores.push_back(g->scores[s]);
      }
    }
}

WinRate win_rate(const Tally& t) {
  return {t.wins, t.games, t.games > 0 ? t.wins / t.games : 0, wilson(t.wins, t.games),
          summarize(t.scores)};
}

// Largest seat win rate above the mean seat's, and a chi-square test that
// every seat wins equally often.
Estimate seat_balance(const SimResult& r, const std::vector<const GameRecord*>& games) {
  std::vector<double> wins;
  for (const auto& seat : seat_win_rates(r)) wins.push_back(seat.wins);
  double n = static_cast<double>(games.size()), total = 0;
  for (double w : wins) total += w;
  double expected = total / r.players, chi = 0;
  for (double w : wins) chi += expected > 0 ? (w - expected) * (w - expected) / expected : 0;
  double best = *std::max_element(wins.begin(), wins.end());
  double mean_rate = n > 0 ? expected / n : 0;
  Estimate e = proportion(best, n);
  e.value -= mean_rate;
  e.low -= mean_rate;
  e.high -= mean_rate;
  e.p = r.players > 1 && expected > 0 ? chi_square_p(chi, r.players - 1) : 1;
  return e;
}

// The first mover's win rate against the mean seat's m, scaled so that 0
// is fair and 1 is "the first mover always wins": (w - m) / (1 - m).
Estimate first_player_advantage(const SimResult& r, const std::vector<const GameRecord*>& games) {
  double n = static_cast<double>(games.size()), first = 0, total = 0;
  for (const auto* g : games) {
    first += won(*g, g->first);
    total += static_cast<double>(g->winners.size());
  }
  double m = n > 0 ? total / (n * r.players) : 0;
  Estimate e = proportion(first, n);
  double scale = m < 1 ? 1 - m : 1;
  for (double* x : {&e.value, &e.low, &e.high}) *x = (*x - m) / scale;
  e.p = one_proportion_p(first, n, m);
  return e;
}

void lead_metrics(const std::vector<const GameRecord*>& games,
                  std::vector<std::pair<std::string, Estimate>>& out) {
  std::vector<double> changes;
  double comebacks = 0, decided = 0;
  for (const auto* g : games) {
    if (g->lead_changes >= 0) changes.push_back(g->lead_changes);
    if (g->comeback >= 0) {
      decided += 1;
      comebacks += g->comeback;
    }
  }
  if (changes.empty()) return;
  out.emplace_back("lead changes", mean_of(changes));
  out.emplace_back("comebacks", proportion(comebacks, decided));
}

}  // namespace

bool won(const GameRecord& g, int player) {
  return std::find(g.winners.begin(), g.winners.end(), player) != g.winners.end();
}

std::vector<const GameRecord*> finished_games(const SimResult& r) {
  std::vector<const GameRecord*> out;
  for (const auto& g : r.games)
    if (g.error.empty()) out.push_back(&g);
  return out;
}

std::vector<WinRate> seat_win_rates(const SimResult& r) {
  std::vector<Tally> seats;
  std::map<std::string, Tally> bots;
  tally(r, seats, bots);
  std::vector<WinRate> out;
  for (const auto& t : seats) out.push_back(win_rate(t));
  return out;
}

std::map<std::string, WinRate> bot_win_rates(const SimResult& r) {
  std::vector<Tally> seats;
  std::map<std::string, Tally> bots;
  tally(r, seats, bots);
  std::map<std::string, WinRate> out;
  for (const auto& [name, t] : bots) out[name] = win_rate(t);
  return out;
}

Outcomes outcomes(const SimResult& r) {
  Outcomes o;
  for (const auto& g : r.games) {
    if (!g.error.empty()) {
      ++o.errors;
      continue;
    }
    ++o.ended;
    o.single += single_winner(g);
    o.draws += g.winners.empty();
    o.shared += g.winners.size() > 1;
    o.lengths.push_back(g.actions);
  }
  return o;
}

nlohmann::json estimate_json(const Estimate& e) {
  nlohmann::json j = {{"value", e.value}, {"low", e.low}, {"high", e.high}, {"n", e.n}};
  if (e.p >= 0) j["p"] = e.p;
  return j;
}

SkillTally skill_tally(const SimResult& r) {
  SkillTally t;
  for (const auto& g : r.skill_games) {
    if (!g.error.empty()) continue;
    t.games += 1;
    for (int s = 0; s < static_cast<int>(g.seat_bots.size()); ++s) {
      bool searcher = g.seat_bots[static_cast<size_t>(s)] != "random";
      (searcher ? t.search_wins : t.random_wins) += won(g, s + 1);
      if (!searcher) t.random_seats += 1;
    }
  }
  return t;
}

std::vector<std::pair<std::string, Estimate>> run_metrics(const SimResult& r) {
  auto games = finished_games(r);
  Outcomes o = outcomes(r);
  double n = o.ended;
  std::vector<std::pair<std::string, Estimate>> out;
  out.emplace_back("seat balance", seat_balance(r, games));
  out.emplace_back("first-player advantage", first_player_advantage(r, games));
  out.emplace_back("decisiveness", proportion(o.single, n));
  out.emplace_back("drawishness", proportion(o.draws, n));
  out.emplace_back("shared wins", proportion(o.shared, n));
  out.emplace_back("length", mean_of(o.lengths));
  lead_metrics(games, out);
  SkillTally s = skill_tally(r);
  if (s.games > 0)
    out.emplace_back("skill gap",
                     difference(s.search_wins, s.games, s.random_wins, s.random_seats));
  return out;
}

std::vector<double> stat_values(const SimResult& r, const std::string& name) {
  std::vector<double> xs;
  for (const auto* g : finished_games(r))
    for (const auto& [k, v] : g->stats)
      if (k == name) xs.push_back(v);
  return xs;
}

std::vector<std::pair<std::string, Estimate>> run_stats(const SimResult& r) {
  std::map<std::string, std::vector<double>> by_name;
  for (const auto* g : finished_games(r))
    for (const auto& [k, v] : g->stats) by_name[k].push_back(v);
  std::vector<std::pair<std::string, Estimate>> out;
  for (const auto& [k, xs] : by_name) out.emplace_back(k, mean_of(xs));
  return out;
}

std::vector<CardImpact> card_impacts(const SimResult& r, CardBasis basis) {
  size_t ndefs = r.deck.size();
  // Per definition: player-games that held it, and their wins; all the same.
  std::vector<double> held(ndefs, 0), held_wins(ndefs, 0);
  double player_games = 0, wins = 0;
  for (const auto* g : finished_games(r)) {
    const auto& lists = basis == CardBasis::Held ? g->held : g->played_by;
    if (lists.size() != static_cast<size_t>(r.players)) continue;
    for (int p = 1; p <= r.players; ++p) {
      bool w = won(*g, p);
      player_games += 1;
      wins += w;
      for (int d : lists[static_cast<size_t>(p - 1)]) {
        if (d < 0 || static_cast<size_t>(d) >= ndefs) continue;
        held[static_cast<size_t>(d)] += 1;
        held_wins[static_cast<size_t>(d)] += w;
      }
    }
  }
  std::map<std::string, int> names;
  for (const auto& c : r.deck) ++names[c.name];
  std::vector<CardImpact> out;
  for (size_t d = 0; d < ndefs; ++d) {
    double without = player_games - held[d];
    if (held[d] == 0 || without == 0) continue;  // no one to compare with
    std::string name = r.deck[d].name;
    if (names[name] > 1) name += " (" + r.deck[d].id + ")";
    out.push_back({name, difference(held_wins[d], held[d], wins - held_wins[d], without), without});
  }
  std::stable_sort(out.begin(), out.end(), [](const CardImpact& a, const CardImpact& b) {
    return a.impact.value > b.impact.value;
  });
  return out;
}

std::vector<CardCoverage> card_coverage(const SimResult& r) {
  std::vector<CardCoverage> out;
  bool followed = false;
  for (const auto& c : r.deck) out.push_back({c.id, c.name, 0, 0, 0, 0});
  for (const auto* g : finished_games(r)) {
    if (g->drawn.size() != out.size() || g->played.size() != out.size()) continue;
    followed = true;
    for (size_t d = 0; d < out.size(); ++d) {
      out[d].drawn += g->drawn[d];
      out[d].played += g->played[d];
      out[d].games_played += g->played[d] > 0;
      if (g->hooks.size() == out.size()) out[d].hooks += g->hooks[d];
    }
  }
  if (!followed) out.clear();
  return out;
}

nlohmann::json length_histogram(const std::vector<double>& lengths) {
  nlohmann::json edges = nlohmann::json::array(), counts = nlohmann::json::array();
  if (lengths.empty()) return {{"edges", edges}, {"counts", counts}};
  double lo = *std::min_element(lengths.begin(), lengths.end());
  double hi = *std::max_element(lengths.begin(), lengths.end());
  // A round bin width (1, 2 or 5 times a power of ten) giving about 20 bins.
  double raw = std::max(1.0, (hi - lo) / 20), width = 1;
  double pow10 = std::pow(10, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * pow10 >= raw) {
      width = m * pow10;
      break;
    }
  double start = std::floor(lo / width) * width;
  int bins = static_cast<int>(std::floor((hi - start) / width)) + 1;
  std::vector<long long> c(static_cast<size_t>(bins), 0);
  for (double x : lengths)
    ++c[std::min(static_cast<size_t>((x - start) / width), static_cast<size_t>(bins - 1))];
  for (int b = 0; b <= bins; ++b) edges.push_back(start + b * width);
  for (auto k : c) counts.push_back(k);
  return {{"edges", edges}, {"counts", counts}};
}

}  // namespace ratify::sim
