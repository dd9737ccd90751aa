// A sim's results as JSON and back: what `ratify sim --json` writes and
// `ratify merge` reads. Its summary numbers come from metrics.hpp, its
// report from report.hpp; a file read back is checked before anything is
// counted from it.
#include <stdexcept>
#include <string>
#include <utility>

#include "core/table.hpp"
#include "sim/metrics.hpp"
#include "sim/report.hpp"
#include "sim/sim.hpp"

namespace ratify::sim {

namespace {

nlohmann::json win_rate_json(const WinRate& x) {
  return {{"games", x.games},           {"wins", x.wins},
          {"win_rate", x.rate},         {"ci95", {x.interval.low, x.interval.high}},
          {"mean_score", x.score.mean}, {"sd_score", x.score.sd}};
}

}  // namespace

nlohmann::json summary_json(const SimResult& r) {
  Outcomes o = outcomes(r);
  nlohmann::json seats = nlohmann::json::array(), bots = nlohmann::json::object();
  for (const auto& s : seat_win_rates(r)) seats.push_back(win_rate_json(s));
  for (const auto& [name, x] : bot_win_rates(r)) bots[name] = win_rate_json(x);
  auto len = summarize(o.lengths);
  return {{"ruleset", r.ruleset_id},
          {"variant", r.config.variant},
          {"options", r.config.sets},
          {"games", r.games.size()},
          {"seed", r.config.seed},
          {"players", r.players},
          {"bots", r.config.bots},
          {"rotate", r.config.rotate},
          {"shard", std::to_string(r.config.shard) + "/" + std::to_string(r.config.shards)},
          {"errors", o.errors},
          {"no_winner", o.draws},
          {"seats", seats},
          {"by_bot", bots},
          {"length", {{"mean", len.mean}, {"sd", len.sd}, {"min", len.min}, {"max", len.max}}}};
}

static nlohmann::json games_json(const std::vector<GameRecord>& list) {
  nlohmann::json games = nlohmann::json::array();
  for (const auto& g : list) {
    nlohmann::json stats = nlohmann::json::object();
    for (const auto& [k, v] : g.stats) stats[k] = v;
    games.push_back({{"index", g.index},
                     {"seed", g.seed},
                     {"bots", g.seat_bots},
                     {"winners", g.winners},
                     {"scores", g.scores},
                     {"actions", g.actions},
                     {"error", g.error},
                     {"first", g.first},
                     {"lead_changes", g.lead_changes},
                     {"comeback", g.comeback},
                     {"held", g.held},
                     {"drawn", g.drawn},
                     {"played", g.played},
                     {"played_by", g.played_by},
                     {"deal", g.deal},
                     {"stats", stats}});
    if (!g.hooks.empty()) games.back()["hooks"] = g.hooks;
  }
  return games;
}

nlohmann::json result_json(const SimResult& r) {
  auto j = summary_json(r);
  j["games_list"] = games_json(r.games);
  j["config"] = {{"ruleset", r.config.ruleset},
                 {"variant", r.config.variant},
                 {"sets", r.config.sets},
                 {"games", r.config.games},
                 {"seed", r.config.seed},
                 {"bots", r.config.bots},
                 {"rotate", r.config.rotate},
                 {"players", r.players},
                 {"shard", r.config.shard},
                 {"shards", r.config.shards},
                 {"skill_games", r.config.skill_games},
                 {"leads", static_cast<int>(r.config.leads)},
                 {"skill_bot", r.config.skill_bot}};
  nlohmann::json deck = nlohmann::json::array();
  for (const auto& d : r.deck) deck.push_back({d.id, d.name, d.count, d.hash});
  j["deck"] = deck;
  if (r.config.skill_games > 0) j["skill_list"] = games_json(r.skill_games);
  return j;
}

// What a results file claims must hold together before anything is
// counted from it: a seat per player in every game, winners among them.
static void check_result(const SimResult& r) {
  auto bad = [](const std::string& what) { throw std::runtime_error("not a sim result: " + what); };
  if (r.players < 1 || r.players > core::kMaxPlayers)
    bad("players must be 1 to " + std::to_string(core::kMaxPlayers));
  if (r.config.bots.empty()) bad("no bots");
  if (r.config.shards < 1 || r.config.shard < 0 || r.config.shard >= r.config.shards)
    bad("shard " + std::to_string(r.config.shard) + " of " + std::to_string(r.config.shards));
  for (const auto& g : r.games) {
    std::string game = "game " + std::to_string(g.index) + ": ";
    if (static_cast<int>(g.seat_bots.size()) != r.players) bad(game + "a bot per seat expected");
    if (!g.scores.empty() && static_cast<int>(g.scores.size()) != r.players)
      bad(game + "a score per player expected");
    for (int w : g.winners)
      if (w < 1 || w > r.players) bad(game + "winner " + std::to_string(w) + " is no player");
    if (g.first < 0 || g.first > r.players) bad(game + "first player " + std::to_string(g.first));
    if (!g.held.empty() && static_cast<int>(g.held.size()) != r.players)
      bad(game + "held cards per player expected");
    for (const auto& cards : g.held)
      for (int d : cards)
        if (d < 0 || d >= static_cast<int>(r.deck.size())) bad(game + "held card is no card");
    for (const auto* counts : {&g.drawn, &g.played, &g.hooks})
      if (!counts->empty() && counts->size() != r.deck.size())
        bad(game + "a count per card definition expected");
    if (!g.played_by.empty() && static_cast<int>(g.played_by.size()) != r.players)
      bad(game + "played cards per player expected");
    for (const auto& cards : g.played_by)
      for (int d : cards)
        if (d < 0 || d >= static_cast<int>(r.deck.size())) bad(game + "played card is no card");
  }
}

// A whole number read from a file. nlohmann converts a float to an integer
// by a plain cast, undefined beyond the target's range: fuzz_merge found a
// seed of 1.3e20 (tests/fuzz/crashes/merge/).
template <class Int>
static Int whole(const nlohmann::json& j, const char* what) {
  if (j.is_number_unsigned() && std::in_range<Int>(j.get<uint64_t>()))
    return static_cast<Int>(j.get<uint64_t>());
  if (j.is_number_integer() && !j.is_number_unsigned() && std::in_range<Int>(j.get<int64_t>()))
    return static_cast<Int>(j.get<int64_t>());
  throw std::runtime_error(std::string("not a sim result: ") + what +
                           " must be a whole number in range, not " + j.dump());
}

static std::vector<int> whole_list(const nlohmann::json& j, const char* what) {
  std::vector<int> out;
  for (const auto& x : j.get_ref<const nlohmann::json::array_t&>())
    out.push_back(whole<int>(x, what));
  return out;
}

template <class Int>
static Int whole_or(const nlohmann::json& j, const char* key, Int fallback) {
  return j.contains(key) ? whole<Int>(j.at(key), key) : fallback;
}

// Older files have only the fields before `first`: those stay unknown.
static std::vector<GameRecord> games_from_json(const nlohmann::json& list) {
  std::vector<GameRecord> out;
  for (const auto& g : list) {
    GameRecord rec;
    rec.index = whole<int>(g.at("index"), "index");
    rec.seed = whole<uint64_t>(g.at("seed"), "seed");
    rec.seat_bots = g.at("bots").get<std::vector<std::string>>();
    rec.winners = whole_list(g.at("winners"), "winners");
    rec.scores = g.at("scores").get<std::vector<double>>();
    rec.actions = whole<int>(g.at("actions"), "actions");
    rec.error = g.at("error");
    rec.first = whole_or<int>(g, "first", 0);
    rec.lead_changes = whole_or<int>(g, "lead_changes", -1);
    rec.comeback = whole_or<int>(g, "comeback", -1);
    if (g.contains("held"))
      for (const auto& cards : g.at("held").get_ref<const nlohmann::json::array_t&>())
        rec.held.push_back(whole_list(cards, "held"));
    if (g.contains("drawn")) rec.drawn = whole_list(g.at("drawn"), "drawn");
    if (g.contains("played")) rec.played = whole_list(g.at("played"), "played");
    if (g.contains("hooks")) rec.hooks = whole_list(g.at("hooks"), "hooks");
    if (g.contains("played_by"))
      for (const auto& cards : g.at("played_by").get_ref<const nlohmann::json::array_t&>())
        rec.played_by.push_back(whole_list(cards, "played_by"));
    rec.deal = g.value("deal", "");
    const nlohmann::json stats = g.value("stats", nlohmann::json::object());
    for (const auto& [k, v] : stats.items()) rec.stats.emplace_back(k, v.get<double>());
    out.push_back(std::move(rec));
  }
  return out;
}

SimResult result_from_json(const nlohmann::json& j) {
  SimResult r;
  const auto& c = j.at("config");
  r.config.ruleset = c.at("ruleset");
  r.config.variant = c.at("variant");
  r.config.sets = c.at("sets").get<std::vector<std::string>>();
  r.config.games = whole<int>(c.at("games"), "games");
  r.config.seed = whole<uint64_t>(c.at("seed"), "seed");
  r.config.bots = c.at("bots").get<std::vector<std::string>>();
  r.config.rotate = c.at("rotate");
  r.config.shard = whole<int>(c.at("shard"), "shard");
  r.config.shards = whole<int>(c.at("shards"), "shards");
  r.players = whole<int>(c.at("players"), "players");
  r.config.skill_games = whole_or<int>(c, "skill_games", 0);
  int leads = whole_or<int>(c, "leads", static_cast<int>(SimConfig::Leads::Score));
  if (leads < 0 || leads > 2)
    throw std::runtime_error("not a sim result: leads " + std::to_string(leads));
  r.config.leads = static_cast<SimConfig::Leads>(leads);
  r.config.skill_bot = c.value("skill_bot", r.config.skill_bot);
  r.ruleset_id = j.at("ruleset");
  r.games = games_from_json(j.at("games_list"));
  if (j.contains("skill_list")) r.skill_games = games_from_json(j.at("skill_list"));
  for (const auto& d : j.value("deck", nlohmann::json::array()))
    r.deck.push_back({d.at(0), d.at(1), whole<int>(d.at(2), "deck count"), d.at(3)});
  check_result(r);
  return r;
}

nlohmann::json results_json(const std::vector<SimResult>& runs) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& r : runs) list.push_back(result_json(r));
  return {{"format", "ratify-sim"}, {"runs", list}, {"report", report_json(runs)}};
}

std::vector<SimResult> results_from_json(const nlohmann::json& j) {
  std::vector<SimResult> runs;
  if (j.is_array()) {
    for (const auto& r : j) runs.push_back(result_from_json(r));
  } else if (j.contains("runs")) {
    for (const auto& r : j.at("runs")) runs.push_back(result_from_json(r));
  } else {
    runs.push_back(result_from_json(j));
  }
  if (runs.empty()) throw std::runtime_error("not a sim result: no runs");
  return runs;
}

}  // namespace ratify::sim
