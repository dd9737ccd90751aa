#include "sim/compare.hpp"

#include <algorithm>
#include <map>
#include <numeric>

#include "sim/metrics.hpp"
#include "sim/stats.hpp"

namespace ratify::sim {

namespace {

using Json = nlohmann::json;

Json row(const std::string& metric, double base, double variant, double p) {
  return {{"metric", metric}, {"base", base}, {"variant", variant}, {"p", p}};
}

// Games of both runs with the same index that both ended.
std::vector<std::pair<const GameRecord*, const GameRecord*>> pairs(const SimResult& a,
                                                                   const SimResult& b) {
  std::map<int, const GameRecord*> by_index;
  for (const auto* g : finished_games(a)) by_index[g->index] = g;
  std::vector<std::pair<const GameRecord*, const GameRecord*>> out;
  for (const auto* g : finished_games(b))
    if (auto it = by_index.find(g->index); it != by_index.end()) out.emplace_back(it->second, g);
  return out;
}

// The games the first mover won.
double first_mover_wins(const SimResult& r) {
  double k = 0;
  for (const auto* g : finished_games(r)) k += won(*g, g->first);
  return k;
}

void seat_rows(const SimResult& a, const SimResult& b, Json& rows) {
  auto sa = seat_win_rates(a), sb = seat_win_rates(b);
  for (size_t s = 0; s < std::min(sa.size(), sb.size()); ++s)
    rows.push_back(row("seat " + std::to_string(s + 1) + " win rate", sa[s].rate, sb[s].rate,
                       two_proportion_p(sa[s].wins, sa[s].games, sb[s].wins, sb[s].games)));
  auto paired = pairs(a, b);
  for (int s = 1; s <= std::min(a.players, b.players); ++s) {
    std::vector<double> diffs, xa, xb;
    for (auto [x, y] : paired) {
      if (x->scores.size() < static_cast<size_t>(s) || y->scores.size() < static_cast<size_t>(s))
        continue;
      xa.push_back(x->scores[static_cast<size_t>(s - 1)]);
      xb.push_back(y->scores[static_cast<size_t>(s - 1)]);
      diffs.push_back(xb.back() - xa.back());
    }
    if (diffs.empty()) continue;
    rows.push_back(row("seat " + std::to_string(s) + " mean score", summarize(xa).mean,
                       summarize(xb).mean, paired_p(diffs)));
  }
  std::vector<double> diffs, la, lb;
  for (auto [x, y] : paired) {
    la.push_back(x->actions);
    lb.push_back(y->actions);
    diffs.push_back(y->actions - x->actions);
  }
  rows.push_back(row("length", summarize(la).mean, summarize(lb).mean, paired_p(diffs)));
}

// The share of games of a kind (single winner, none, several) in each run,
// and of games the first mover won.
void outcome_rows(const SimResult& a, const SimResult& b, Json& rows) {
  Outcomes oa = outcomes(a), ob = outcomes(b);
  double na = oa.ended, nb = ob.ended;
  auto add = [&](const std::string& name, double ka, double kb) {
    rows.push_back(row(name, na ? ka / na : 0, nb ? kb / nb : 0, two_proportion_p(ka, na, kb, nb)));
  };
  add("decisiveness", oa.single, ob.single);
  add("drawishness", oa.draws, ob.draws);
  add("shared wins", oa.shared, ob.shared);
  add("first-player win rate", first_mover_wins(a), first_mover_wins(b));
}

void lead_rows(const SimResult& a, const SimResult& b, Json& rows) {
  auto collect = [](const SimResult& r, std::vector<double>& changes, double& back, double& n) {
    for (const auto* g : finished_games(r)) {
      if (g->lead_changes >= 0) changes.push_back(g->lead_changes);
      if (g->comeback >= 0) back += g->comeback, n += 1;
    }
  };
  std::vector<double> ca, cb;
  double ba = 0, na = 0, bb = 0, nb = 0;
  collect(a, ca, ba, na);
  collect(b, cb, bb, nb);
  if (ca.empty() || cb.empty()) return;
  auto sa = summarize(ca), sb = summarize(cb);
  rows.push_back(row("lead changes", sa.mean, sb.mean, welch_p(sa, sb)));
  rows.push_back(
      row("comebacks", na ? ba / na : 0, nb ? bb / nb : 0, two_proportion_p(ba, na, bb, nb)));
}

void skill_rows(const SimResult& a, const SimResult& b, Json& rows) {
  SkillTally sa = skill_tally(a), sb = skill_tally(b);
  if (sa.games == 0 || sb.games == 0) return;
  rows.push_back(row("skill: search bot win rate", sa.search_wins / sa.games,
                     sb.search_wins / sb.games,
                     two_proportion_p(sa.search_wins, sa.games, sb.search_wins, sb.games)));
}

void stat_rows(const SimResult& a, const SimResult& b, Json& rows) {
  for (const auto& [name, e] : run_stats(a)) {
    auto xb = stat_values(b, name);
    if (xb.empty()) continue;
    auto sa = summarize(stat_values(a, name)), sb = summarize(xb);
    rows.push_back(row("stat " + name, sa.mean, sb.mean, welch_p(sa, sb)));
  }
}

// A game's winners as a set, in order: what "the winners changed" compares.
std::vector<int> winner_set(const GameRecord& g) {
  auto w = g.winners;
  std::sort(w.begin(), w.end());
  return w;
}

// The share of paired games whose winners differ, beside what chance
// alone would give: the rate at which two unrelated games, one of each
// run, have different winners. Computed from the runs' outcome shares
// (single winners by seat, draws, shared wins): 1 - sum over outcomes w
// of P_base(w) * P_variant(w). Two runs as alike as two fair coins change
// winner half the time; a variant that truly pairs stays below that.
Json winner_change(const SimResult& base, const SimResult& variant,
                   const std::vector<std::pair<const GameRecord*, const GameRecord*>>& paired) {
  double changed = 0;
  for (auto [x, y] : paired) changed += winner_set(*x) != winner_set(*y);
  std::map<std::vector<int>, double> share_a, share_b;
  auto ga = finished_games(base), gb = finished_games(variant);
  for (const auto* g : ga) share_a[winner_set(*g)] += 1.0 / static_cast<double>(ga.size());
  for (const auto* g : gb) share_b[winner_set(*g)] += 1.0 / static_cast<double>(gb.size());
  double same = 0;
  for (const auto& [w, p] : share_a)
    if (auto it = share_b.find(w); it != share_b.end()) same += p * it->second;
  double n = static_cast<double>(paired.size());
  double chance = ga.empty() || gb.empty() ? 0 : 1 - same;
  Interval ci = wilson(changed, n);
  return {{"observed", n ? changed / n : 0},
          {"low", ci.low},
          {"high", ci.high},
          {"chance", chance},
          {"chance_method", "unrelated games: 1 - sum of P_base(w) * P_variant(w) over outcomes w"},
          {"p", n ? one_proportion_p(changed, n, chance) : 1.0}};
}

// How many paired games were dealt alike (the table after setup, copies
// of a card alike): a variant or option that changes the deal leaves
// game i of the two runs unrelated, so paired figures lose their meaning.
Json deals(const std::vector<std::pair<const GameRecord*, const GameRecord*>>& paired) {
  double known = 0, differ = 0;
  for (auto [x, y] : paired) {
    if (x->deal.empty() || y->deal.empty()) continue;
    known += 1;
    differ += x->deal != y->deal;
  }
  return {{"compared", known}, {"differ", differ}, {"share", known ? differ / known : 0.0}};
}

}  // namespace

bool decks_differ(const SimResult& a, const SimResult& b) {
  if (a.deck.size() != b.deck.size()) return true;
  for (size_t k = 0; k < a.deck.size(); ++k)
    if (a.deck[k].id != b.deck[k].id || a.deck[k].count != b.deck[k].count) return true;
  return false;
}

std::vector<std::string> changed_cards(const SimResult& a, const SimResult& b) {
  std::map<std::string, const DeckCard*> in_a, in_b;
  for (const auto& c : a.deck) in_a[c.id] = &c;
  for (const auto& c : b.deck) in_b[c.id] = &c;
  std::vector<std::string> out;
  for (const auto& [id, c] : in_a) {
    auto it = in_b.find(id);
    if (it == in_b.end() || it->second->count != c->count || it->second->hash != c->hash)
      out.push_back(id);
  }
  for (const auto& [id, c] : in_b)
    if (!in_a.count(id)) out.push_back(id);
  std::sort(out.begin(), out.end());
  return out;
}

nlohmann::json compare_json(const SimResult& base, const SimResult& variant) {
  auto paired = pairs(base, variant);
  Json change = winner_change(base, variant, paired);
  Json rows = Json::array();
  seat_rows(base, variant, rows);
  outcome_rows(base, variant, rows);
  lead_rows(base, variant, rows);
  skill_rows(base, variant, rows);
  stat_rows(base, variant, rows);
  return {{"variant", variant_label(variant)},
          {"against", variant_label(base)},
          {"paired", paired.size()},
          {"winner_changed", change["observed"]},
          {"winner_change", change},
          {"deals", deals(paired)},
          {"cards_differ", decks_differ(base, variant)},
          {"cards_changed", changed_cards(base, variant)},
          {"rows", rows}};
}

void holm_correct(nlohmann::json& comparisons) {
  std::vector<Json*> all;
  for (auto& c : comparisons)
    for (auto& r : c["rows"]) all.push_back(&r);
  std::vector<double> ps;
  for (auto* r : all) ps.push_back((*r)["p"].get<double>());
  auto adjusted = holm(ps);
  for (size_t k = 0; k < all.size(); ++k) {
    (*all[k])["p_holm"] = adjusted[k];
    (*all[k])["significant"] = adjusted[k] < 0.05;
  }
}

}  // namespace ratify::sim
