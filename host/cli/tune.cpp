// `ratify tune`: search a ruleset's options toward bands of its metrics,
// verify the best settings, and write the winner as a variant
// (docs/tuning.md). The search and the verification are host/sim/tune.*.
#include <unistd.h>
#include <CLI/CLI.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/shared.hpp"
#include "core/files.hpp"
#include "engine/catalog.hpp"
#include "engine/game.hpp"
#include "sim/report.hpp"
#include "sim/tune.hpp"

namespace ratify::cli {

namespace {

struct TuneArgs {
  std::string ruleset, variant, bots = "random", json_file, html_file, write_variant;
  std::vector<std::string> params, targets, sets;
  int players = 0, budget = 2000, threads = 0, games_per_eval = 0, verify_games = 0;
  int finalists = 3;
  uint64_t seed = 1;
  bool quiet = false, no_sensitivity = false;
  RecordArgs record;  // --history, --no-history (the html is tune's own)
};

// One line redrawn in place on a terminal; in a log, a line each tenth
// of the search (and every verification step).
std::function<void(int, int, const std::string&)> tune_progress() {
  bool tty = isatty(STDERR_FILENO);
  return [tty](int done, int total, const std::string& line) {
    if (tty) {
      std::cerr << "\r\033[K" << line << std::flush;
      if (total > 0 && done == total) std::cerr << "\n";
    } else if (total <= 0 || done == total || done % std::max(1, total / 10) == 0) {
      std::cerr << line << "\n";
    }
  };
}

// NAME: the ruleset's variants folder; a path (with '/' or .lua) as is.
std::filesystem::path variant_path(const std::string& name, const engine::Loaded& loaded) {
  if (name.find('/') != std::string::npos || name.ends_with(".lua")) return name;
  if (name.empty() ||
      name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") != std::string::npos)
    throw engine::InputError(
        "--write-variant: a variant name is lowercase letters, digits and "
        "underscores (or give a path ending in .lua)");
  return loaded.meta().dir / "variants" / (name + ".lua");
}

void write_variant(const sim::TuneResult& r, const std::string& name) {
  auto loaded = engine::Loaded::open(r.config.sim.ruleset);
  auto path = variant_path(name, *loaded);
  std::error_code ec;
  if (std::filesystem::exists(path, ec))
    throw engine::InputError("--write-variant: " + path.string() + " exists; not overwritten");
  int row = r.best_row >= 0 ? r.best_row : 0;
  if (r.best_row < 0)
    std::cerr << "ratify: no setting passed; " << path.string()
              << " holds best 1, which the verification did not confirm\n";
  std::filesystem::create_directories(path.parent_path(), ec);
  std::string label = path.stem().string();
  core::write_file(path.string(), sim::variant_lua(r, row, label));
  std::cout << "wrote " << path.string() << " (ratify sim " << r.config.sim.ruleset << " " << label
            << ")\n";
}

int cmd_tune(const TuneArgs& a, const std::string& command) {
  sim::TuneConfig c;
  c.sim.ruleset = a.ruleset;
  c.sim.variant = a.variant == "base" ? "" : a.variant;
  c.sim.sets = a.sets;
  c.sim.seed = a.seed;
  c.sim.threads = default_threads(a.threads);
  c.sim.players = a.players;
  c.sim.bots.clear();
  std::string cur;
  for (char ch : a.bots + ",") {
    if (ch != ',') {
      cur += ch;
    } else if (!cur.empty()) {
      c.sim.bots.push_back(cur);
      cur.clear();
    }
  }
  auto loaded = engine::Loaded::open(c.sim.ruleset, c.sim.variant);
  for (const auto& p : a.params) c.params.push_back(sim::parse_param(p, loaded->meta().options));
  for (const auto& t : a.targets) c.targets.push_back(sim::parse_target(t));
  c.budget = a.budget;
  c.games_per_eval = a.games_per_eval;
  c.verify_games = a.verify_games;
  c.finalists = a.finalists;
  c.sensitivity = !a.no_sensitivity;
  if (!a.quiet) c.progress = tune_progress();
  sim::TuneResult r = sim::tune(c);
  if (!a.quiet) std::cout << sim::tune_text(r);
  if (!a.json_file.empty()) core::write_file(a.json_file, sim::tune_json(r).dump(1) + "\n");
  if (!a.html_file.empty()) core::write_file(a.html_file, sim::tune_html(r, command));
  if (!a.write_variant.empty()) write_variant(r, a.write_variant);
  // The history keeps the verification: the defaults as the base run and
  // each finalist beside it, compared on the same seeds.
  RecordArgs record = a.record;
  record.command = command;
  record.html_file.clear();
  keep_run(r.verified, sim::report_json(r.verified), record);
  return r.best_row >= 0 ? kOk : kFailed;
}

}  // namespace

// `ratify tune`, as main.cpp registers it.
void add_tune_command(CLI::App& app, std::function<int()>& run, const std::string& command) {
  static TuneArgs a;
  auto* t = app.add_subcommand(
      "tune",
      "Search options for the setting whose metrics fall in the bands asked, then verify it");
  t->add_option("ruleset", a.ruleset, "Ruleset id or folder")->required();
  t->add_option("variant", a.variant, "A variant to start from (default: the base game)");
  t->add_option("--param", a.params,
                "An option to search: NAME=LO..HI[:STEP], NAME=A,B,C, or NAME (every choice; "
                "false,true) (repeatable)")
      ->required();
  t->add_option("--target", a.targets,
                "A metric (docs/metrics.md, or a stats name) wanted in a band: "
                "METRIC=LO..HI[@WEIGHT], an end may be open: seat_balance=..0.02 (repeatable)")
      ->required();
  t->add_option("--bots", a.bots, "Comma list of bots, rotated through the seats")
      ->capture_default_str();
  t->add_option("--players", a.players, "Number of players (default: one per bot)");
  t->add_option("--budget", a.budget, "Games the search plays")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  t->add_option("--games-per-eval", a.games_per_eval,
                "Games per evaluation (default: about a 40th of the budget, whole rotations)")
      ->check(CLI::PositiveNumber);
  t->add_option("--verify-games", a.verify_games,
                "Games per verified setting (default: half the budget, at least 200)")
      ->check(CLI::PositiveNumber);
  t->add_option("--finalists", a.finalists, "Best settings verified beside the defaults")
      ->check(CLI::Range(1, 20))
      ->capture_default_str();
  t->add_flag("--no-sensitivity", a.no_sensitivity, "Skip moving each param one step");
  t->add_option("--seed", a.seed, "Seed of the search and of the verification");
  t->add_option("--threads", a.threads, "Threads (default: all cores; the result is the same)");
  t->add_option("--set", a.sets, "A fixed option name=value (repeatable)");
  t->add_option("--json", a.json_file, "Write the search, the verification and sensitivities");
  t->add_option("--html", a.html_file,
                "Write the run as one HTML page: the search's progress, the verification, the "
                "sensitivities");
  t->add_option("--write-variant", a.write_variant,
                "Write the setting that passed as a variant: NAME (in the ruleset's variants "
                "folder) or a path ending in .lua");
  t->add_option("--history", a.record.history_file,
                "Record the verification in this history database (default: "
                "$XDG_DATA_HOME/ratify/history.sqlite; see `ratify history`)");
  t->add_flag("--no-history", a.record.no_history, "Do not record the run in the history");
  t->add_flag("--quiet", a.quiet, "Print nothing but errors (use with --json)");
  t->callback([&run, command] { run = [command] { return cmd_tune(a, command); }; });
}

}  // namespace ratify::cli
