#include "sim/report.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "sim/compare.hpp"
#include "sim/format.hpp"
#include "sim/metrics.hpp"
#include "sim/stats.hpp"

namespace ratify::sim {

namespace {

using Json = nlohmann::json;

Json seats_json(const SimResult& r) {
  Json seats = Json::array();
  int seat = 0;
  for (const WinRate& x : seat_win_rates(r))
    seats.push_back({{"seat", ++seat},
                     {"wins", x.wins},
                     {"games", x.games},
                     {"win_rate", x.rate},
                     {"low", x.interval.low},
                     {"high", x.interval.high},
                     {"mean_score", x.score.mean},
                     {"sd_score", x.score.sd}});
  return seats;
}

Json impacts_json(const SimResult& r, CardBasis basis) {
  Json cards = Json::array();
  for (const auto& c : card_impacts(r, basis))
    cards.push_back({{"card", c.card},
                     {"impact", c.impact.value},
                     {"low", c.impact.low},
                     {"high", c.impact.high},
                     {"n", c.impact.n},
                     {"n_without", c.without},
                     {"p", c.impact.p}});
  return cards;
}

// Per card: times drawn and played, the games it was played in.
Json coverage_json(const SimResult& r) {
  Json out = Json::array();
  for (const auto& c : card_coverage(r))
    out.push_back({{"id", c.id},
                   {"name", c.name},
                   {"drawn", c.drawn},
                   {"played", c.played},
                   {"games_played", c.games_played},
                   {"hooks", c.hooks}});
  return out;
}

Json variant_json(const SimResult& r) {
  Outcomes o = outcomes(r);
  auto len = summarize(o.lengths);
  Json metrics = Json::object(), stats = Json::object();
  for (const auto& [name, e] : run_metrics(r)) metrics[name] = estimate_json(e);
  for (const auto& [name, e] : run_stats(r))
    stats[name] = {{"mean", e.value}, {"low", e.low}, {"high", e.high}, {"n", e.n}};
  Json cards = impacts_json(r, CardBasis::Held);
  return {{"name", variant_label(r)},
          {"games", o.ended},
          {"errors", o.errors},
          {"seats", seats_json(r)},
          {"shared_wins", o.shared},
          {"draws", o.draws},
          {"length",
           {{"mean", len.mean},
            {"sd", len.sd},
            {"min", len.min},
            {"max", len.max},
            {"histogram", length_histogram(o.lengths)}}},
          {"metrics", metrics},
          {"stats", stats},
          {"cards", cards},
          {"cards_played", impacts_json(r, CardBasis::Played)},
          {"coverage", coverage_json(r)}};
}

void impacts_text(const Json& cards, const char* verb, std::ostringstream& s) {
  if (cards.empty()) return;
  s << "  card impact (win rate of players who " << verb
    << " it minus of those who did not; player-games), largest first:\n";
  char line[200];
  size_t shown = 0;
  for (const auto& c : cards) {
    if (shown++ == 5) break;
    double n = c["n"].get<double>(), all = n + c["n_without"].get<double>();
    std::snprintf(line, sizeof line, "    %-26s %s  (%s to %s; %s in %s of %s)\n",
                  c["card"].get<std::string>().c_str(), signed_fixed(c["impact"], 3).c_str(),
                  signed_fixed(c["low"], 3).c_str(), signed_fixed(c["high"], 3).c_str(), verb,
                  fixed(n, 0).c_str(), fixed(all, 0).c_str());
    s << line;
  }
  if (cards.size() > 5) s << "    ... " << cards.size() - 5 << " more in --json\n";
}

// How often each card was drawn, played and had its hooks run; the cards
// never used (neither played nor a hook run) named.
void coverage_text(const Json& v, std::ostringstream& s) {
  const Json& cov = v["coverage"];
  if (cov.empty()) return;
  auto hooks = [](const Json& c) { return c.value("hooks", 0.0); };
  bool any_hooks = false;
  std::vector<std::string> never;
  for (const auto& c : cov) {
    any_hooks |= hooks(c) > 0;
    if (c["played"].get<double>() == 0 && hooks(c) == 0)
      never.push_back(c["id"].get<std::string>());
  }
  s << "  card coverage, least used first (per game; drawn: dealt, taken out of a deck or taken "
       "into a hand; played: named by an action, once a draw"
    << (any_hooks ? "; hooks: calls of the card's hooks" : "") << "):\n";
  std::vector<const Json*> order;
  for (const auto& c : cov) order.push_back(&c);
  std::stable_sort(order.begin(), order.end(), [&](const Json* a, const Json* b) {
    return (*a)["played"].get<double>() + hooks(*a) < (*b)["played"].get<double>() + hooks(*b);
  });
  if (order.size() > 8) order.resize(8);
  char line[240];
  for (const Json* p : order) {
    const Json& c = *p;
    double games = v["games"].get<double>();
    std::snprintf(line, sizeof line, "    %-26s drawn %7s  played %7s  in %s of games",
                  c["name"].get<std::string>().c_str(),
                  fixed(games ? c["drawn"].get<double>() / games : 0, 2).c_str(),
                  fixed(games ? c["played"].get<double>() / games : 0, 2).c_str(),
                  percent(games ? c["games_played"].get<double>() / games : 0).c_str());
    s << line;
    if (any_hooks) s << "  hooks " << fixed(games ? hooks(c) / games : 0, 2);
    s << "\n";
  }
  if (cov.size() > order.size())
    s << "    ... " << cov.size() - order.size() << " more in --json\n";
  if (!never.empty()) {
    s << (any_hooks ? "  never played, no hook run:" : "  never played:");
    for (const auto& id : never) s << " " << id;
    s << "\n";
  }
}

void metrics_text(const Json& v, std::ostringstream& s) {
  s << "\nmetrics of " << v["name"].get<std::string>() << " (95% intervals; docs/metrics.md)\n";
  char line[200];
  // In the order of docs/metrics.md (JSON objects keep names sorted).
  for (const char* key : {"seat balance", "first-player advantage", "decisiveness", "drawishness",
                          "shared wins", "length", "lead changes", "comebacks", "skill gap"}) {
    if (!v["metrics"].contains(key)) continue;
    const std::string name = key;
    const Json& e = v["metrics"][name];
    std::snprintf(line, sizeof line, "  %-24s %9s  (%s to %s)", name.c_str(),
                  short_number(e["value"]).c_str(), short_number(e["low"]).c_str(),
                  short_number(e["high"]).c_str());
    s << line;
    if (e.contains("p")) s << "  p " << fixed(e["p"], 4);
    s << "\n";
  }
  for (const auto& [name, e] : v["stats"].items()) {
    std::snprintf(line, sizeof line, "  stats(g) %-15s %9s  (%s to %s)\n", name.c_str(),
                  short_number(e["mean"]).c_str(), short_number(e["low"]).c_str(),
                  short_number(e["high"]).c_str());
    s << line;
  }
  impacts_text(v["cards"], "held", s);
  if (v.contains("cards_played")) impacts_text(v["cards_played"], "played", s);
  if (v.contains("coverage")) coverage_text(v, s);
}

// The cards a variant changes, the first few by id.
std::string changed_cards(const Json& c) {
  std::string out;
  const auto& ids = c["cards_changed"];
  for (size_t k = 0; k < ids.size() && k < 8; ++k)
    out += (k ? ", " : "") + ids[k].get<std::string>();
  return out + (ids.size() > 8 ? ", ..." : "");
}

// Whether game i of the two sides are pairs, said once: a changed deal
// (seen after setup) wins over what the card definitions suggest, and the
// note that deals still pair only when nothing changed the deal.
void deal_text(const Json& c, std::ostringstream& s) {
  std::string name = c["variant"], base = c["against"];
  bool deal = c.contains("deals") && c["deals"]["differ"].get<double>() > 0;
  if (deal) {
    s << "warning: " << name;
    if (c["cards_differ"].get<bool>()) s << " changes the deck (" << changed_cards(c) << ") and so";
    s << " changes the deal: in " << percent(c["deals"]["share"])
      << " of the paired games the table after setup differs from " << base
      << "'s game with the same seed (an option or a card count changed what is dealt";
    if (!c["cards_differ"].get<bool>() && !c["cards_changed"].empty())
      s << "; cards changed: " << changed_cards(c);
    s << "), so the games are not pairs: compare winners changed with chance, and read paired "
         "tests as unpaired\n";
  } else if (c["cards_differ"].get<bool>()) {
    s << "warning: " << name << " changes the deck (" << changed_cards(c)
      << "): game i is dealt differently than in " << base
      << ", so the pairing of games is weaker\n";
  } else if (!c["cards_changed"].empty()) {
    s << "note: " << name << " changes some cards' definitions (" << changed_cards(c)
      << "), not what is dealt; deals still pair\n";
  }
}

void comparison_text(const Json& c, std::ostringstream& s) {
  std::string name = c["variant"], base = c["against"];
  s << "\n"
    << name << " against " << base << " on the same seeds (" << c["paired"].get<size_t>()
    << " paired games): the winners changed in " << percent(c["winner_changed"]) << " of them";
  if (c.contains("winner_change")) {
    const Json& w = c["winner_change"];
    s << "\n  (chance alone: " << percent(w["chance"])
      << ", the rate at which two unrelated games, one of each, have different winners; "
      << "observed 95% " << percent_points(w["low"]) << " to " << percent(w["high"]) << ", p "
      << p_value(w["p"]) << " against chance)";
  }
  s << "\n";
  deal_text(c, s);
  char line[240];
  std::snprintf(line, sizeof line, "  %-28s %12s %12s %9s %9s\n", "", base.c_str(), name.c_str(),
                "p", "p (Holm)");
  s << line;
  for (const auto& r : c["rows"]) {
    std::snprintf(line, sizeof line, "  %-28s %12s %12s %9s %9s%s\n",
                  r["metric"].get<std::string>().c_str(), short_number(r["base"]).c_str(),
                  short_number(r["variant"]).c_str(), fixed(r["p"], 4).c_str(),
                  fixed(r["p_holm"], 4).c_str(), r["significant"].get<bool>() ? "  *" : "");
    s << line;
  }
}

}  // namespace

nlohmann::json report_json(const std::vector<SimResult>& runs) {
  if (runs.empty()) return Json::object();
  const SimResult& first = runs[0];
  Json variants = Json::array(), comparisons = Json::array();
  for (const auto& r : runs) variants.push_back(variant_json(r));
  for (size_t k = 1; k < runs.size(); ++k) comparisons.push_back(compare_json(first, runs[k]));
  holm_correct(comparisons);
  Json j = {
      {"ruleset", first.ruleset_id},  {"players", first.players},  {"games", first.games.size()},
      {"seed", first.config.seed},    {"bots", first.config.bots}, {"rotate", first.config.rotate},
      {"options", first.config.sets}, {"variants", variants},      {"comparisons", comparisons}};
  if (!first.skill_games.empty())
    j["skill"] = {{"bot", first.config.skill_bot}, {"games", first.skill_games.size()}};
  return j;
}

std::string report_text(const nlohmann::json& report) {
  std::ostringstream s;
  for (const auto& v : report["variants"]) metrics_text(v, s);
  for (const auto& c : report["comparisons"]) comparison_text(c, s);
  if (!report["comparisons"].empty())
    s << "(* : significant at 5% after Holm's correction across the whole table; win rates by "
         "two-proportion z tests, scores and length by paired tests on the same seeds)\n";
  return s.str();
}

}  // namespace ratify::sim
