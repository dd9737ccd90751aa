// `ratify sim`, `tournament` and `merge`: batches of bot games, their
// shards merged, and what is kept of a run.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/shared.hpp"
#include "core/replay.hpp"
#include "engine/game.hpp"
#include "sim/report.hpp"
#include "sim/sim.hpp"
#include "sim/tournament.hpp"

namespace ratify::cli {

// A sim that stopped at a failed game: the commands that play that game
// alone, as sim played it and move by move in the text UI.
int sim_stopped(const SimArgs& a, const sim::SimResult& r) {
  const sim::GameRecord* g = nullptr;
  for (const auto& x : r.games)
    if (x.index == r.stopped_at) g = &x;
  std::string bots, seats;
  for (const auto& b : a.bots) bots += (bots.empty() ? "" : ",") + b;
  for (const auto& b : g->seat_bots) seats += (seats.empty() ? "" : ",") + b;
  std::string k = std::to_string(g->index), n = std::to_string(g->index + 1);
  std::vector<std::string> again = {"ratify", "sim", a.ruleset};
  if (!r.config.variant.empty()) again.push_back(r.config.variant);
  again.insert(again.end(), {"--seed", std::to_string(a.seed), "--bots", bots, "--players",
                             std::to_string(r.players), "-n", n, "--shard", k + "/" + n});
  if (a.rotate) again.push_back("--rotate");
  for (const auto& s : a.sets) again.insert(again.end(), {"--set", s});
  // play takes a variant in its ruleset: id/variant, or a folder's file.
  std::string rules = a.ruleset;
  std::error_code ec;
  if (!r.config.variant.empty())
    rules += std::filesystem::is_regular_file(std::filesystem::path(a.ruleset) / "ruleset.lua", ec)
                 ? "/variants/" + r.config.variant + ".lua"
                 : "/" + r.config.variant;
  std::vector<std::string> watch = {
      "ratify", "play", rules, "--seats", seats, "--seed", std::to_string(g->seed), "--text"};
  for (const auto& s : a.sets) watch.insert(watch.end(), {"--set", s});
  std::cout << "stopped at the first failed game (game " << k << ", game seed " << g->seed
            << "); no results written\n"
            << "this game alone: " << command_line(again) << "\n"
            << "move by move: " << command_line(watch) << "\n";
  return kFailed;
}

// What `sim --json` and `merge --json` write: one run as its result with
// the report added; several as {"runs": [...], "report": ...}. Each
// variant's rules content hash goes with it, so merge can tell shards
// made under other rules (`hashes`, by variant; empty for the base).
static nlohmann::json sim_json(const std::vector<sim::SimResult>& runs,
                               const nlohmann::json& report, const nlohmann::json& hashes) {
  nlohmann::json j = runs.size() != 1 ? sim::results_json(runs) : sim::result_json(runs[0]);
  if (runs.size() == 1) j["report"] = report;
  j["rules_hashes"] = hashes;
  return j;
}

static nlohmann::json hashes_of(const std::vector<sim::SimResult>& runs) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& r : runs) out[r.config.variant] = rules_hash(r.config);
  return out;
}

// Shards made under other rules than the first file's are refused; a file
// without hashes (an older ratify) is merged with a warning.
static nlohmann::json check_rules_hashes(const std::vector<std::string>& files,
                                         const std::vector<nlohmann::json>& hashes) {
  nlohmann::json first = nlohmann::json::object();
  size_t first_file = 0;
  for (size_t k = 0; k < files.size(); ++k) {
    if (!hashes[k].is_object()) {
      std::cerr << "warning: " << files[k]
                << ": no rules content hash (an older file): its rules cannot be compared\n";
      continue;
    }
    if (first.empty()) first = hashes[k], first_file = k;
    for (const auto& [variant, hash] : hashes[k].items())
      if (first.contains(variant) && first[variant] != hash)
        throw engine::InputError(files[k] + ": made under other rules than " + files[first_file] +
                                 " (" + (variant.empty() ? "base game" : "variant " + variant) +
                                 ": content " + hash.dump() + ", not " + first[variant].dump() +
                                 "); merge shards of one run");
  }
  return first;
}

// The columns of a sim: the base game first (named `base`, or "" as
// older scripts wrote it) unless --no-base, then each variant once.
static std::vector<std::string> sim_columns(const SimArgs& a) {
  std::vector<std::string> variants;
  if (!a.no_base) variants.push_back("");
  for (const auto& named : a.variants) {
    std::string v = named == "base" ? "" : named;
    if (v.empty() && a.no_base)
      throw engine::InputError("--no-base leaves out the base game, yet `base` is named");
    if (v.empty()) continue;
    if (std::find(variants.begin(), variants.end(), v) != variants.end())
      throw engine::InputError("variant '" + v + "' is named twice");
    variants.push_back(v);
  }
  if (variants.empty()) throw engine::InputError("--no-base: name at least one variant");
  return variants;
}

// A run keeps a record of each game it plays (about 500 bytes): -n of two
// billion asked the host for a terabyte before the first game.
constexpr int64_t kMaxGamesPerRun = 1000000;
static void check_games_per_run(int64_t games, int shards) {
  if (games > kMaxGamesPerRun)
    throw engine::InputError("-n: at most " + std::to_string(kMaxGamesPerRun) + " games a run" +
                             (shards > 1 ? " (a shard)" : "") +
                             "; play more as shards: --shard K/N, then ratify merge");
}

int cmd_sim(const SimArgs& a) {
  std::vector<std::string> variants = sim_columns(a);
  // Every variant loads before any game: a bad file stops the run at once,
  // with its file:line, not after the base game's results.
  for (const auto& v : variants)
    if (!v.empty()) engine::Loaded::open(a.ruleset, v);
  std::vector<sim::SimResult> runs;
  for (const auto& v : variants) {
    sim::SimConfig c;
    c.ruleset = a.ruleset;
    c.variant = v;
    c.sets = a.sets;
    c.games = a.games;
    c.seed = a.seed;
    c.threads = default_threads(a.threads);
    c.players = a.players;
    c.bots = a.bots;
    c.rotate = a.rotate;
    c.skill_games = a.skill_games;
    if (a.leads) c.leads = sim::SimConfig::Leads::Heuristic;
    if (a.no_leads) c.leads = sim::SimConfig::Leads::Off;
    c.skill_bot = a.skill_bot;
    if (!a.shard.empty()) parse_shard(a.shard, c.shard, c.shards);
    check_games_per_run(int64_t{a.games} / c.shards + a.skill_games, c.shards);
    if (!a.quiet) {
      c.progress = sim_progress_bar(v.empty() ? "sim" : v);
      c.skill_progress = sim_progress_bar((v.empty() ? "base" : v) + " skill gap");
    }
    runs.push_back(sim::run_sim(c));
    if (!a.quiet || runs.back().stopped_at >= 0) std::cout << sim::summary_text(runs.back());
    if (runs.back().stopped_at >= 0) return sim_stopped(a, runs.back());
  }
  nlohmann::json report = sim::report_json(runs);
  if (!a.quiet) std::cout << sim::report_text(report);
  if (!a.json_file.empty())
    core::write_file(a.json_file, sim_json(runs, report, hashes_of(runs)).dump(1) + "\n");
  if (!a.csv_file.empty()) core::write_file(a.csv_file, sim::games_csv(runs));
  // A shard is part of a run: `ratify merge` records the whole.
  RecordArgs record = a.record;
  record.no_history = record.no_history || !a.shard.empty();
  keep_run(runs, report, record);
  int errors = 0;
  for (const auto& r : runs)
    for (const auto& g : r.games) errors += !g.error.empty();
  return errors ? kFailed : kOk;
}

// The shards of a tournament (--json of each) as one, analysed again.
sim::TournamentResult merge_tournaments(const std::vector<std::string>& files) {
  std::vector<sim::SimResult> parts;
  nlohmann::json first;
  for (const auto& f : files) {
    std::ifstream in(f);
    if (!in) throw engine::InputError(f + ": cannot open");
    try {
      std::stringstream text;
      text << in.rdbuf();
      core::check_json_depth(text.str());
      auto j = nlohmann::json::parse(text.str());
      if (first.is_null()) first = j;
      if (j.at("bots") != first.at("bots") || j.at("deals") != first.at("deals"))
        throw engine::InputError(f + ": not a shard of the same tournament as " + files[0]);
      parts.push_back(sim::result_from_json(j.at("results")));
    } catch (const nlohmann::json::exception& e) {
      throw engine::InputError(f + ": not a `ratify tournament --json` result: " + e.what());
    } catch (const core::ReplayError& e) {
      throw engine::InputError(f + ": not a `ratify tournament --json` result: " + e.what());
    }
  }
  sim::TournamentResult r;
  r.config.ruleset = first.at("ruleset");
  r.config.variant = first.at("variant");
  r.config.sets = first.at("options").get<std::vector<std::string>>();
  r.config.bots = first.at("bots").get<std::vector<std::string>>();
  r.config.deals = first.at("deals");
  r.config.seed = first.at("seed");
  try {
    r.sim = sim::merge(parts);
  } catch (const std::runtime_error& e) {
    throw engine::InputError(e.what());
  }
  r.config.players = r.sim.players;
  sim::analyse(r);
  return r;
}

// The cards no game of a tournament played, per variant (the full
// coverage is in --json and --html).
static std::string never_played(const nlohmann::json& report) {
  std::string out;
  for (const auto& v : report.value("variants", nlohmann::json::array())) {
    std::string ids;
    for (const auto& c : v.value("coverage", nlohmann::json::array()))
      if (c.value("played", 0) == 0 && c.value("hooks", 0) == 0)
        ids += " " + c.value("id", std::string());
    if (!ids.empty()) out += "never played in " + v.value("name", std::string()) + ":" + ids + "\n";
  }
  return out;
}

// A tournament that stopped at a failed game, as sim stops: no matrix and
// no --json of a partial run (it would merge as a whole one), but the
// commands that play that game alone, as the tournament played it and
// move by move in the text UI.
static int tournament_stopped(const TournamentArgs& a, const sim::TournamentResult& r,
                              const std::string& variant) {
  const sim::GameRecord* g = nullptr;
  for (const auto& x : r.sim.games)
    if (x.index == r.sim.stopped_at) g = &x;
  int seatings = static_cast<int>(r.sim.config.seatings.size());
  std::string bots, seats;
  for (const auto& b : a.bots) bots += (bots.empty() ? "" : ",") + b;
  for (const auto& b : g->seat_bots) seats += (seats.empty() ? "" : ",") + b;
  // Game k is deal k / S in seating k % S: the first k / S + 1 deals
  // hold it, and as many shards as games leave it alone in shard k.
  int deal = g->index / seatings, games = (deal + 1) * seatings;
  std::vector<std::string> again = {
      "ratify",    "tournament",
      a.ruleset,   variant.empty() ? "base" : variant,
      "--bots",    bots,
      "--players", std::to_string(r.sim.players),
      "--seed",    std::to_string(a.seed),
      "-n",        std::to_string(deal + 1),
      "--shard",   std::to_string(g->index) + "/" + std::to_string(games)};
  for (const auto& s : a.sets) again.insert(again.end(), {"--set", s});
  std::vector<std::string> watch = {"ratify",
                                    "play",
                                    variant.empty() ? a.ruleset : a.ruleset + "/" + variant,
                                    "--seats",
                                    seats,
                                    "--seed",
                                    std::to_string(g->seed),
                                    "--text"};
  for (const auto& s : a.sets) watch.insert(watch.end(), {"--set", s});
  std::cout << "game " << g->index << " (deal " << deal << ", seats " << seats << ", game seed "
            << g->seed << "): " << g->error << "\n"
            << "stopped at the first failed game (game " << g->index << ", game seed " << g->seed
            << "); no results written\n"
            << "this game alone: " << command_line(again) << "\n"
            << "move by move: " << command_line(watch) << "\n";
  return kFailed;
}

int cmd_tournament(const TournamentArgs& a) {
  if (!a.merge.empty()) {
    auto r = merge_tournaments(a.merge);
    nlohmann::json report = sim::tournament_report({r});
    if (!a.quiet) std::cout << sim::tournament_text(r) << never_played(report);
    if (!a.json_file.empty()) {
      nlohmann::json j = sim::tournament_json(r);
      j["report"] = report;
      core::write_file(a.json_file, j.dump(1) + "\n");
    }
    keep_tournament({r}, report, a.record);
    return r.errors ? kFailed : kOk;
  }
  if (a.ruleset.empty() || a.bots.empty())
    throw engine::InputError("tournament: name a ruleset and --bots, or --merge shard files");
  sim::TournamentConfig c;
  if (!a.shard.empty()) parse_shard(a.shard, c.shard, c.shards);
  c.ruleset = a.ruleset;
  c.sets = a.sets;
  c.bots = a.bots;
  c.deals = a.deals;
  c.seed = a.seed;
  c.threads = default_threads(a.threads);
  if (a.players) {
    c.players = a.players;
  } else {
    auto loaded = engine::Loaded::open(a.ruleset);
    c.players = std::max(2, loaded->meta().min_players);
    if (c.players > loaded->meta().max_players)
      throw engine::InputError(loaded->meta().id +
                               " is a game for one: a tournament needs two "
                               "players or more");
  }
  // One tournament per variant named, on the same deals and seatings.
  std::vector<std::string> variants;
  for (const auto& v : a.variants) {
    std::string name = v == "base" ? "" : v;
    if (std::find(variants.begin(), variants.end(), name) != variants.end())
      throw engine::InputError("variant '" + v + "' is named twice");
    variants.push_back(name);
  }
  if (variants.empty()) variants.push_back("");
  if (variants.size() > 1 && !a.shard.empty())
    throw engine::InputError("--shard: one variant at a time (--merge joins one tournament)");
  std::vector<sim::TournamentResult> results;
  for (const auto& v : variants) {
    c.variant = v;
    if (!a.quiet) c.progress = sim_progress_bar(v.empty() ? "tournament" : "tournament " + v);
    results.push_back(sim::run_tournament(c));
    if (results.back().sim.stopped_at >= 0) return tournament_stopped(a, results.back(), v);
    if (!a.quiet) std::cout << sim::tournament_text(results.back());
  }
  nlohmann::json report = sim::tournament_report(results);
  if (!a.quiet) std::cout << sim::bots_across_variants_text(report) << never_played(report);
  if (!a.json_file.empty()) {
    nlohmann::json j = sim::tournament_json(results.front());
    if (results.size() > 1) {
      j = {{"tournaments", nlohmann::json::array()}};
      for (const auto& r : results) j["tournaments"].push_back(sim::tournament_json(r));
    }
    j["report"] = report;
    core::write_file(a.json_file, j.dump(1) + "\n");
  }
  // A shard is part of a tournament: its merge is what counts.
  RecordArgs record = a.record;
  record.no_history = record.no_history || !a.shard.empty();
  keep_tournament(results, report, record);
  int errors = 0;
  for (const auto& r : results) errors += r.errors;
  return errors ? kFailed : kOk;
}

int cmd_merge(const std::vector<std::string>& files, const std::string& json_out,
              const RecordArgs& record) {
  std::vector<sim::SimResult> parts;
  std::vector<nlohmann::json> hashes;
  for (const auto& f : files) {
    std::ifstream in(f);
    if (!in) throw engine::InputError(f + ": cannot open");
    try {
      std::stringstream text;
      text << in.rdbuf();
      core::check_json_depth(text.str());  // results nest a few levels
      auto j = nlohmann::json::parse(text.str());
      hashes.push_back(j.is_object() ? j.value("rules_hashes", nlohmann::json()) : nullptr);
      for (auto& r : sim::results_from_json(j)) parts.push_back(std::move(r));
    } catch (const nlohmann::json::exception& e) {
      throw engine::InputError(f + ": not a `ratify sim --json` result: " + e.what());
    } catch (const core::ReplayError& e) {
      throw engine::InputError(f + ": not a `ratify sim --json` result: " + e.what());
    }
  }
  nlohmann::json rules = check_rules_hashes(files, hashes);
  auto merged = sim::merge_runs(parts);
  for (const auto& r : merged) std::cout << sim::summary_text(r);
  nlohmann::json report = sim::report_json(merged);
  std::cout << sim::report_text(report);
  if (!json_out.empty()) core::write_file(json_out, sim_json(merged, report, rules).dump(1) + "\n");
  keep_run(merged, report, record);
  return kOk;
}

}  // namespace ratify::cli
