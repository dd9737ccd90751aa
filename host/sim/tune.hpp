#pragma once
// `ratify tune`: search a ruleset's options (a grid of their values) for
// the setting whose sim metrics fall in the bands a designer asks for,
// then verify the best settings on fresh seeds (docs/tuning.md). The
// search is NTBEA: a bandit model of 1- and 2-tuples of parameter values,
// each evaluation a small sim with seat rotation. Every evaluation is a
// run_sim with its own seed, so the result depends on the seed only,
// never on the thread count.
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/options.hpp"
#include "sim/metrics.hpp"

namespace ratify::sim {

// One option searched: the values of its grid, as `--set` takes them.
struct TuneParam {
  std::string name;
  std::vector<std::string> values;
};

// A metric (docs/metrics.md, or a stats(g) name) wanted in [low, high];
// its distance outside the band counts `weight` times.
struct TuneTarget {
  std::string metric;  // as the sim names it ("seat balance")
  double low = 0, high = 0, weight = 1;
};

struct TuneConfig {
  SimConfig sim;  // ruleset, variant, sets, bots, players, seed, threads
  std::vector<TuneParam> params;
  std::vector<TuneTarget> targets;
  int budget = 2000;       // games of the search
  int games_per_eval = 0;  // 0: chosen from the budget (see tune.cpp)
  int verify_games = 0;    // 0: half the budget, at least 200
  int finalists = 3;       // best settings verified beside the defaults
  bool sensitivity = true;
  // After each evaluation and each verified setting: what is done.
  std::function<void(int done, int total, const std::string& line)> progress;
};

// "NAME=LO..HI[:STEP]", "NAME=A,B,C" or "NAME" (every choice, or false
// and true), checked against the ruleset's options; throws
// core::OptionError or engine::InputError with a plain message.
TuneParam parse_param(const std::string& text, const std::vector<core::OptionDecl>& decls);
// "METRIC=LO..HI[@WEIGHT]", or an open end ("..HI", "LO.."); the metric's
// name is checked later (tune()).
TuneTarget parse_target(const std::string& text);
// A metric's name as typed ("seat_balance", "First-player advantage")
// in the one form names are compared in.
std::string metric_key(const std::string& name);

// A target's distance outside its band, in band widths (a band of no
// width: in the metric's own units).
double band_distance(const TuneTarget& t, double value);

// One evaluation of the search.
struct TuneStep {
  std::vector<int> point;    // an index into each param's values
  double distance = 0;       // weighted, as measured on this evaluation's games
  double best_estimate = 0;  // the model's estimate of its best point so far
};

// A target's value in one verified setting, its interval at the level
// Holm's correction gives its rank (the 95% one for a table of one).
struct TuneCell {
  Estimate estimate;         // the sim's, with its 95% interval
  double low = 0, high = 0;  // the corrected interval
  double p = 1, level = 0.95;
  bool in_band = false;
};
struct TuneRow {
  std::string label;              // "best 1", "defaults"
  std::vector<int> point;         // empty: the defaults
  std::vector<std::string> sets;  // the options it plays
  core::OptionValues options;     // every option, as played
  std::vector<TuneCell> cells;    // per target
  double distance = 0;
  bool passes = false;
  double games = 0;
};
// A param of the best setting one step away, its effect on each target.
struct TuneSensitivity {
  std::string param, value;
  std::vector<Estimate> effect;  // per target: its value minus the best's
};

struct TuneResult {
  TuneConfig config;
  std::string ruleset_id;
  std::vector<core::OptionDecl> decls;
  int players = 0, evaluations = 0, games_per_eval = 0;
  std::vector<TuneStep> steps;
  std::vector<TuneRow> rows;  // the finalists, then the defaults
  std::vector<TuneSensitivity> sensitivity;
  int best_row = -1;  // the first row that passes, -1: none
  double seconds = 0;
  // Games each row would need for its widest interval to fit its band
  // (0: they were enough).
  int games_needed = 0, closest_row = 0;
  // The verification's sim runs: the defaults first, then each finalist
  // (its config.variant is its label), as the history records them.
  std::vector<SimResult> verified;
};

TuneResult tune(const TuneConfig& c);
std::string tune_text(const TuneResult& r);
// The run as one HTML page (tune_html.cpp): search progress, verification
// table, sensitivities; `command` as typed, for its header.
std::string tune_html(const TuneResult& r, const std::string& command);
nlohmann::json tune_json(const TuneResult& r);
// The options of a row as a variant file's Lua (`--write-variant`).
std::string variant_lua(const TuneResult& r, int row, const std::string& name);
// Settings as "name=value" of a point.
std::vector<std::string> point_sets(const TuneConfig& c, const std::vector<int>& point);

}  // namespace ratify::sim
