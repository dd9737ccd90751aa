#include "cli/commands.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <thread>

#include "bots/bots.hpp"
#include "cli/text_ui.hpp"
#include "engine/lint.hpp"
#include "engine/saves.hpp"
#include "engine/scenario.hpp"
#include "lua/vm.hpp"
#include "sim/check.hpp"
#include "sim/format.hpp"
#include "sim/report.hpp"
#include "sim/sim.hpp"
#include "sim/solve.hpp"
#include "sim/stats.hpp"
#include "sim/tournament.hpp"
#ifdef RATIFY_HAVE_GUI
#include "gui/gui.hpp"
#endif

namespace ratify::cli {

namespace {

// --shard K/N: games with index % N == K.
void parse_shard(const std::string& text, int& k, int& n) {
  char slash = 0;
  std::istringstream in(text);
  if (!(in >> k >> slash >> n) || slash != '/' || n < 1 || k < 0 || k >= n || !in.eof())
    throw engine::InputError("--shard takes K/N with 0 <= K < N, e.g. 0/4");
}

// A command as it can be pasted into a shell: a word with anything but
// plain characters is quoted.
std::string command_line(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) {
    bool plain = !w.empty() && w.find_first_not_of(
                                   "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTU"
                                   "VWXYZ0123456789_-./=:,+@%") == std::string::npos;
    std::string q = "'";
    for (char ch : w) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    out += (out.empty() ? "" : " ") + (plain ? w : q + "'");
  }
  return out;
}

int default_threads(int asked) {
  if (asked > 0) return asked;
  unsigned hw = std::thread::hardware_concurrency();
  return hw ? static_cast<int>(hw) : 1;
}

// A progress bar on a terminal; silent otherwise (CI logs stay clean).
// On a terminal a bar redrawn in place; in a log (a cluster job, nohup) a
// plain line at each tenth, so a long run still shows it is alive.
std::function<void(int, int)> progress_bar(const std::string& what) {
  auto start = std::chrono::steady_clock::now();
  if (!isatty(STDERR_FILENO)) {
    auto tenths = std::make_shared<int>(0);
    return [what, start, tenths](int done, int total) {
      int now = total ? 10 * done / total : 10;
      if (now <= *tenths || done >= total) return;
      *tenths = now;
      double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::fprintf(stderr, "%s: %d/%d after %.0fs, about %.0fs left\n", what.c_str(), done, total,
                   secs, secs * (total - done) / done);
      std::fflush(stderr);
    };
  }
  return [what, start](int done, int total) {
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    int width = 30, fill = total ? width * done / total : width;
    double eta = done ? secs * (total - done) / done : 0;
    std::fprintf(stderr, "\r%s [%s%s] %d/%d  %.0fs left ", what.c_str(),
                 std::string(fill, '#').c_str(), std::string(width - fill, '.').c_str(), done,
                 total, eta);
    if (done >= total) std::fprintf(stderr, "\n");
    std::fflush(stderr);
  };
}

// play --log: the replay written as the game goes, after every action, so
// a ruleset that fails mid-game (in actor, actions, a bot's turn) loses
// nothing; written first before the first move, so a path that cannot be
// written is said before the game starts.
class GameLog {
 public:
  GameLog(std::string path, engine::Game& game) : path_(std::move(path)), game_(game) {
    if (!path_.empty()) rewrite();
  }
  void update() {
    if (path_.empty()) return;
    if (game_.steps() < written_) return rewrite();  // undone: the file is shorter
    std::string text;
    for (size_t k = written_; k < game_.steps(); ++k)
      text += core::step_json(game_.step(k)).dump() + "\n";
    std::ofstream f(path_, std::ios::binary | std::ios::app);
    f << text;
    f.close();
    if (!f) throw std::runtime_error(path_ + ": write failed");
    written_ = game_.steps();
  }
  // After the game, or when it failed: say where it is.
  void report(std::ostream& out) const {
    if (!path_.empty()) out << "replay written to " << path_ << " (" << written_ << " actions)\n";
  }

 private:
  void rewrite() {
    core::write_file(path_, core::to_jsonl(game_.replay()));
    written_ = game_.steps();
  }
  std::string path_;
  engine::Game& game_;
  size_t written_ = 0;
};

// The text UI with --log kept as it goes; when the rules fail, the log of
// the game so far is named before the error.
int play_logged(engine::Game& game, const std::vector<std::string>& seats, const PlayArgs& a) {
  GameLog log(a.log_file, game);
  TextOptions opts;
  opts.max_actions = a.max_actions;
  opts.quiet = a.quiet;
  opts.after_action = [&] { log.update(); };
  int rc = 0;
  try {
    rc = play_text(game, seats, std::cin, std::cout, opts);
  } catch (const std::exception&) {
    log.report(std::cerr);
    throw;
  }
  log.report(std::cout);
  return rc;
}

std::vector<std::string> default_seats(int players, const std::vector<std::string>& given,
                                       bool any_human) {
  std::vector<std::string> seats = given;
  if (seats.empty()) {
    seats.push_back(any_human ? "human" : "bot");
  }
  while (static_cast<int>(seats.size()) < players) seats.push_back("bot");
  return seats;
}

// The text UI keeps a game a person left unfinished at the terminal (not
// one whose moves came from a script's input) in the saves folder, and
// drops the save of a resumed game that ended there.
void keep_text_game(engine::Game& game, const std::vector<std::string>& seats,
                    const std::string& resumed_from) {
  namespace fs = std::filesystem;
  fs::path dir = engine::default_saves_dir();
  if (dir.empty()) return;
  std::error_code ec;
  bool in_dir = !resumed_from.empty() && fs::exists(resumed_from, ec) &&
                fs::equivalent(fs::path(resumed_from).parent_path(), dir, ec);
  bool over = false;
  try {
    over = game.actor() == 0 && game.result().has_value();
  } catch (const std::exception&) {
  }
  if (over) {
    if (in_dir) fs::remove(resumed_from, ec);
    return;
  }
  bool human = std::find(seats.begin(), seats.end(), "human") != seats.end();
  if (game.steps() == 0 || !human || !isatty(STDIN_FILENO)) return;
  std::string file = in_dir ? resumed_from : engine::new_save_path(dir, game);
  engine::write_save(file, game);
  std::cout << "game saved to " << file << " (`ratify play --resume` continues it)\n";
}

#ifdef RATIFY_HAVE_GUI
// The window with the options every play shares; -1 when there is no
// display and the game goes on in the text UI.
int open_window(gui::WindowOptions& w, const PlayArgs& a) {
  w.max_actions = a.max_actions;
  w.screenshot = a.screenshot;
  w.width = a.width;
  w.height = a.height;
  w.autosave = a.screenshot.empty();
  int rc = gui::play_window(w);
  if (rc >= 0) return rc;
  if (!a.screenshot.empty()) {
    std::cerr << "ratify: cannot render a screenshot (no SDL video driver)\n";
    return kFailed;
  }
  std::cerr << "ratify: no display; playing in the text UI\n";
  return -1;
}
#endif

// `ratify play --resume [FILE]`: in the window, else in the text UI.
int play_resumed(const PlayArgs& a) {
  if (a.seed_given || !a.sets.empty() || a.players || !a.seats.empty())
    throw engine::InputError(
        "--resume continues a saved game with its own seed, options, players and seats: leave "
        "out --seed, --set, --players and --seats");
  if (!a.ruleset.empty() && !a.resume.empty())
    throw engine::InputError("--resume takes a saved game's file, or a ruleset, not both");
  auto dir = engine::default_saves_dir();
  std::string file = engine::find_save(a.resume.empty() ? a.ruleset : a.resume, dir);
  engine::SavedGame save = engine::read_save(file);  // a corrupt file stops here, named
#ifdef RATIFY_HAVE_GUI
  if (!a.text) {
    gui::WindowOptions w;
    w.resume = file;
    w.saves_dir = dir.string();
    if (int rc = open_window(w, a); rc >= 0) return rc;
  }
#endif
  auto loaded = engine::open_rules(save);
  auto r = engine::resume_game(loaded, save, engine::Mode::Interactive);
  const auto& h = save.replay.header;
  auto seats = default_seats(h.players, h.seats, true);
  for (const auto& s : seats)
    if (s != "human") bots::make_bot(s, loaded->meta());
  r.game->set_seats(seats);
  std::cout << loaded->meta().name << ", " << h.players << " players, seed " << h.seed
            << ", resumed from " << file << ": " << r.replayed << " of " << r.saved
            << " actions replayed\n";
  if (!r.report().empty())
    std::cout << "the rules changed since it was saved: " << r.report() << "\n";
  int rc = play_logged(*r.game, seats, a);
  keep_text_game(*r.game, seats, file);
  return rc;
}

}  // namespace

// Where ids are looked up, in order: so a user sees which copy wins and
// where their own rulesets go.
static void print_search_order() {
  namespace fs = std::filesystem;
  std::cout << "searched, in order (the first of an id wins):\n";
  bool path_set = false;
  std::error_code ec;
  for (const auto& r : engine::search_order()) {
    path_set = path_set || r.what == "RATIFY_PATH";
    std::string dir = fs::absolute(r.dir, ec).lexically_normal().string();
    std::cout << "  " << r.what << ": " << dir << (fs::is_directory(r.dir, ec) ? "" : " (none)")
              << "\n";
  }
  if (!path_set) std::cout << "  RATIFY_PATH: (not set)\n";
}

int cmd_list() {
  auto entries = engine::list_rulesets();
  if (entries.empty()) {
    std::cout << "no rulesets found; add folders to RATIFY_PATH\n";
    print_search_order();
    return kOk;
  }
  for (const auto& e : entries) {
    std::string name = e.id, players;
    try {
      auto l = engine::Loaded::open(e.dir.string());
      name = l->meta().name;
      players = std::to_string(l->meta().min_players) + "-" + std::to_string(l->meta().max_players);
    } catch (const std::exception& ex) {
      name = std::string("(does not load: ") + ex.what() + ")";
    }
    std::cout << e.id << "  " << name << (players.empty() ? "" : "  (" + players + " players)")
              << "  " << e.dir.string() << "\n";
    for (const auto& v : e.variants)
      std::cout << "    " << e.id << "/" << v.stem().string() << "\n";
    for (const auto& other : e.shadowed)
      std::cout << "    warning: " << other.string() << " has the same id and is hidden by "
                << e.dir.string() << " (the first search folder wins; rename one)\n";
  }
  print_search_order();
  return kOk;
}

int cmd_play(const PlayArgs& a) {
  if (a.resume_given) return play_resumed(a);
  uint64_t seed =
      a.seed_given
          ? a.seed
          : static_cast<uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
#ifdef RATIFY_HAVE_GUI
  if (!a.text) {
    gui::WindowOptions w;
    w.ruleset = a.ruleset;
    w.sets = a.sets;
    w.seats = a.seats;
    w.seed = seed;
    w.seed_given = a.seed_given;
    w.players = a.players;
    w.saves_dir = engine::default_saves_dir().string();
    if (int rc = open_window(w, a); rc >= 0) return rc;
  }
#else
  if (!a.screenshot.empty()) {
    std::cerr << "ratify: this build has no window (built without SDL2)\n";
    return kBadInput;
  }
#endif
  if (a.ruleset.empty()) {
    std::cerr << "ratify play: name a ruleset for the text UI; `ratify list` shows them\n";
    return kBadInput;
  }
  auto loaded = engine::Loaded::open(a.ruleset);
  auto options = loaded->options(a.sets);
  int players = a.players
                    ? a.players
                    : std::max<int>(loaded->meta().min_players, static_cast<int>(a.seats.size()));
  if (players < 2 && loaded->meta().min_players >= 2) players = loaded->meta().min_players;
  auto seats = default_seats(players, a.seats, true);
  if (static_cast<int>(seats.size()) != players)
    throw engine::InputError("--seats names " + std::to_string(seats.size()) + " seats for " +
                             std::to_string(players) + " players");
  for (const auto& s : seats)
    if (s != "human") bots::make_bot(s, loaded->meta());
  engine::Game game(loaded, players, seed, options, engine::Mode::Interactive);
  game.set_seats(seats);
  std::cout << loaded->meta().name << ", " << players << " players, seed " << seed << "\n";
  int rc = play_logged(game, seats, a);
  keep_text_game(game, seats, "");
  return rc;
}

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
// the report added; several as {"runs": [...], "report": ...}.
static nlohmann::json sim_json(const std::vector<sim::SimResult>& runs,
                               const nlohmann::json& report) {
  if (runs.size() != 1) return sim::results_json(runs);
  nlohmann::json j = sim::result_json(runs[0]);
  j["report"] = report;
  return j;
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

int cmd_sim(const SimArgs& a) {
  std::vector<std::string> variants = sim_columns(a);
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
    if (!a.quiet) c.progress = progress_bar(v.empty() ? "sim" : v);
    runs.push_back(sim::run_sim(c));
    if (!a.quiet || runs.back().stopped_at >= 0) std::cout << sim::summary_text(runs.back());
    if (runs.back().stopped_at >= 0) return sim_stopped(a, runs.back());
  }
  nlohmann::json report = sim::report_json(runs);
  if (!a.quiet) std::cout << sim::report_text(report);
  if (!a.json_file.empty()) core::write_file(a.json_file, sim_json(runs, report).dump(1) + "\n");
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
      auto j = nlohmann::json::parse(in);
      if (first.is_null()) first = j;
      if (j.at("bots") != first.at("bots") || j.at("deals") != first.at("deals"))
        throw engine::InputError(f + ": not a shard of the same tournament as " + files[0]);
      parts.push_back(sim::result_from_json(j.at("results")));
    } catch (const nlohmann::json::exception& e) {
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

int cmd_tournament(const TournamentArgs& a) {
  if (!a.merge.empty()) {
    auto r = merge_tournaments(a.merge);
    if (!a.quiet) std::cout << sim::tournament_text(r);
    if (!a.json_file.empty()) core::write_file(a.json_file, sim::tournament_json(r).dump(1) + "\n");
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
  if (!a.quiet) c.progress = progress_bar("tournament");
  auto r = sim::run_tournament(c);
  if (!a.quiet) std::cout << sim::tournament_text(r);
  if (!a.json_file.empty()) core::write_file(a.json_file, sim::tournament_json(r).dump(1) + "\n");
  return r.errors ? kFailed : kOk;
}

int cmd_merge(const std::vector<std::string>& files, const std::string& json_out,
              const RecordArgs& record) {
  std::vector<sim::SimResult> parts;
  for (const auto& f : files) {
    std::ifstream in(f);
    if (!in) throw engine::InputError(f + ": cannot open");
    try {
      for (auto& r : sim::results_from_json(nlohmann::json::parse(in)))
        parts.push_back(std::move(r));
    } catch (const nlohmann::json::exception& e) {
      throw engine::InputError(f + ": not a `ratify sim --json` result: " + e.what());
    }
  }
  auto merged = sim::merge_runs(parts);
  for (const auto& r : merged) std::cout << sim::summary_text(r);
  nlohmann::json report = sim::report_json(merged);
  std::cout << sim::report_text(report);
  if (!json_out.empty()) core::write_file(json_out, sim_json(merged, report).dump(1) + "\n");
  keep_run(merged, report, record);
  return kOk;
}

namespace {

// Lints one ruleset (or variant), printing findings not printed before;
// returns how many it printed.
int lint_one(const std::string& spec, const LintArgs& a, std::set<std::string>& printed,
             int& errors, bool& unloadable) {
  engine::LintConfig c;
  c.ruleset = spec;
  c.sets = a.sets;
  c.games = a.games;
  c.seed = a.seed;
  engine::LintReport report;
  try {
    report = engine::lint_ruleset(c);
  } catch (const lua::ScriptError& e) {  // a variant that does not load: say so, go on
    std::cout << e.what() << "\n";
    unloadable = true;
    ++errors;
    return 1;
  }
  int shown = 0;
  for (const auto& f : report.findings) {
    if (!printed.insert(f.topic.empty() ? f.text() : f.place + "\n" + f.topic).second) continue;
    std::cout << f.text() << "\n";
    ++shown;
    errors += f.level == lua::Finding::Level::Error;
  }
  return shown;
}

}  // namespace

int cmd_lint(const LintArgs& a) {
  std::vector<std::string> which = a.rulesets;
  if (which.empty())
    for (const auto& e : engine::list_rulesets()) which.push_back(e.dir.string());
  std::set<std::string> printed;
  int found = 0, errors = 0;
  bool unloadable = false;
  for (const auto& spec : which) {
    auto where = engine::locate(spec);
    std::vector<std::string> specs{spec};
    if (where.variant.empty()) {  // a ruleset: its variants too
      std::vector<std::string> variants;
      std::error_code ec;
      for (const auto& v : std::filesystem::directory_iterator(where.dir / "variants", ec))
        if (v.path().extension() == ".lua") variants.push_back(v.path().string());
      std::sort(variants.begin(), variants.end());
      specs.insert(specs.end(), variants.begin(), variants.end());
    }
    for (const auto& s : specs) found += lint_one(s, a, printed, errors, unloadable);
  }
  std::cout << "lint: " << which.size() << (which.size() == 1 ? " ruleset" : " rulesets") << ", "
            << errors << (errors == 1 ? " error, " : " errors, ") << found - errors
            << (found - errors == 1 ? " warning" : " warnings") << "\n";
  return unloadable ? kBadInput : found ? kFailed : kOk;
}

int cmd_check(const CheckArgs& a) {
  engine::LintConfig lc;
  lc.ruleset = a.ruleset;
  lc.sets = a.sets;
  lc.seed = a.seed;
  auto lint = engine::lint_ruleset(lc);
  for (const auto& f : lint.findings) std::cout << "lint: " << f.text() << "\n";
  sim::CheckConfig c;
  c.ruleset = a.ruleset;  // "id/variant" works too
  c.sets = a.sets;
  c.games = a.games;
  c.seed = a.seed;
  c.threads = default_threads(a.threads);
  c.players = a.players;
  c.roundtrip = a.roundtrip;
  c.only = a.game;
  c.progress = progress_bar("check");
  auto r = sim::run_check(c);
  for (const auto& w : r.lint) std::cout << "lint: warning: " << w << "\n";
  std::printf("%d games, %lld actions in %.1fs: %s\n", r.games, r.actions, r.seconds,
              r.failed_games ? "FAILED" : "every invariant held");
  std::printf(
      "  checked after every action: cards conserved, a legal action for the actor,\n"
      "  actor and result agree%s; every game ended\n",
      a.roundtrip ? ", save/load keeps the state hash" : "");
  if (r.failed_games) {
    std::printf("stopped at the first failed game:\n");
    for (const auto& f : r.failures) std::printf("  %s\n", f.c_str());
    std::vector<std::string> again = {"ratify",
                                      "check",
                                      a.ruleset,
                                      "--seed",
                                      std::to_string(a.seed),
                                      "--game",
                                      std::to_string(r.first_failed)};
    if (a.players) again.insert(again.end(), {"--players", std::to_string(a.players)});
    for (const auto& s : a.sets) again.insert(again.end(), {"--set", s});
    if (!a.roundtrip) again.push_back("--no-roundtrip");
    std::printf("this game alone: %s\n", command_line(again).c_str());
    return kFailed;
  }
  if (lint.errors()) {
    std::printf("lint found %d error%s (above): FAILED\n", lint.errors(),
                lint.errors() == 1 ? "" : "s");
    return kFailed;
  }
  return kOk;
}

int cmd_test(const std::vector<std::string>& rulesets, bool verbose, const std::string& filter) {
  std::vector<std::string> which = rulesets;
  if (which.empty())
    for (const auto& e : engine::list_rulesets()) which.push_back(e.dir.string());
  int passed = 0, failed = 0;
  for (const auto& spec : which) {
    auto report = engine::run_ruleset_tests(spec, filter);
    std::string id = engine::locate(spec).dir.filename().string();
    if (report.items.empty()) std::cout << id << ": no tests\n";
    for (const auto& item : report.items) {
      if (item.passed) {
        ++passed;
        if (verbose) std::cout << "  ok    " << id << " " << item.file << ": " << item.name << "\n";
      } else {
        ++failed;
        std::cout << "  FAIL  " << id << " " << item.file << ": " << item.name << "\n        "
                  << item.message << "\n";
      }
    }
    if (!verbose)
      std::cout << id << ": " << report.items.size() - report.failed() << " of "
                << report.items.size() << " passed\n";
    if (report.stopped_at >= 0) {
      const auto& item = report.items[static_cast<size_t>(report.stopped_at)];
      std::cout << "stopped at a test that ran out of its limit (the others would wait for it "
                   "too)\nthis test alone: "
                << command_line({"ratify", "test", spec, "--filter", item.name}) << "\n";
      break;
    }
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed ? kFailed : kOk;
}

int cmd_replay(const std::string& file, bool step, const std::string& ruleset) {
  core::Replay r = core::read_replay(file);
  // The rules by the id the replay names (never a path it names), or the
  // folder the user gives.
  std::string rules = ruleset.empty() ? engine::catalog_dir(r.header.ruleset).string() : ruleset;
  auto loaded = engine::Loaded::open(rules, r.header.variant);
  std::function<void(engine::Game&, int)> show;
  if (step)
    show = [&](engine::Game& g, int n) {
      std::cout << n << ". p" << r.steps[n - 1].actor << ": " << r.steps[n - 1].label << "\n";
      for (int p = 1; p <= g.players(); ++p) {
        auto lines = g.match().status(p);
        if (lines.empty()) continue;
        std::cout << "     p" << p << ":";
        for (const auto& l : lines) std::cout << "  " << l;
        std::cout << "\n";
      }
    };
  auto d = engine::verify_replay(loaded, r, show);
  if (d) {
    std::cout << file << ": diverges at " << d->message << "\n";
    return kFailed;
  }
  std::cout << file << ": " << r.steps.size() << " actions replayed, every state hash matches\n";
  return kOk;
}

int cmd_solve(const SolveArgs& a) {
  sim::SolveConfig c;
  c.ruleset = a.ruleset;
  c.sets = a.sets;
  c.deals = a.deals;
  c.seed = a.seed;
  c.threads = default_threads(a.threads);
  c.limit_nodes = a.limit_nodes;
  c.ordered = a.order == "heuristic";
  c.only = a.deal;
  c.progress = progress_bar("solve");
  sim::SolveReport r;
  try {
    r = sim::run_solve(c);
  } catch (const sim::DealFailed& e) {
    std::vector<std::string> again = {"ratify",
                                      "solve",
                                      a.ruleset,
                                      "--seed",
                                      std::to_string(a.seed),
                                      "--deal",
                                      std::to_string(e.index)};
    for (const auto& s : a.sets) again.insert(again.end(), {"--set", s});
    std::cerr << "ratify: deal " << e.index << " (game seed " << e.seed << "): " << e.what()
              << "\nthis deal alone: " << command_line(again) << "\n";
    return kBadInput;
  }
  int won = 0, lost = 0, unknown = 0;
  std::vector<double> secs, nodes;
  for (const auto& d : r.deals) {
    won += d.verdict == sim::Verdict::Won;
    lost += d.verdict == sim::Verdict::Lost;
    unknown += d.verdict == sim::Verdict::Unknown;
    secs.push_back(d.seconds);
    nodes.push_back(static_cast<double>(d.nodes));
  }
  double solved = won + lost, deals = static_cast<double>(r.deals.size());
  auto ci = sim::wilson(won, solved);
  // Over all deals the win rate lies between "no unknown deal is won" and
  // "every unknown deal is won"; each end gets its own 95% interval.
  auto low = sim::wilson(won, deals), high = sim::wilson(won + unknown, deals);
  auto t = sim::summarize(secs), n = sim::summarize(nodes);
  std::printf("%d deals: %d won, %d lost, %d unknown (node limit %lld, moves ordered by %s)\n",
              static_cast<int>(r.deals.size()), won, lost, unknown, a.limit_nodes, a.order.c_str());
  std::printf("win rate of the decided deals: %s (95%% interval %s - %s)\n",
              sim::percent(solved ? won / solved : 0).c_str(), sim::percent(ci.low).c_str(),
              sim::percent(ci.high).c_str());
  if (unknown)
    std::printf(
        "win rate of all deals: %s - %s (unknown counted lost / won; 95%% interval %s - %s)\n",
        sim::percent(won / deals).c_str(), sim::percent((won + unknown) / deals).c_str(),
        sim::percent(low.low).c_str(), sim::percent(high.high).c_str());
  std::printf("nodes per deal: mean %.0f, max %.0f; time per deal: mean %.3fs, max %.3fs\n", n.mean,
              n.max, t.mean, t.max);
  if (a.lines)
    for (const auto& d : r.deals) {
      if (d.verdict != sim::Verdict::Won) continue;
      std::printf("\ndeal %d (game seed %llu) is won in %zu moves:\n", d.index,
                  static_cast<unsigned long long>(d.seed), d.winning_line.size());
      for (size_t k = 0; k < d.winning_line.size(); ++k)
        std::printf("%4zu. %s\n", k + 1, d.winning_line[k].c_str());
    }
  if (!a.json_file.empty()) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& d : r.deals) {
      list.push_back({{"index", d.index},
                      {"seed", d.seed},
                      {"verdict", sim::to_string(d.verdict)},
                      {"nodes", d.nodes},
                      {"seconds", d.seconds}});
      if (a.lines && d.verdict == sim::Verdict::Won) list.back()["line"] = d.winning_line;
    }
    nlohmann::json j = {{"ruleset", a.ruleset},
                        {"sets", a.sets},
                        {"seed", a.seed},
                        {"limit_nodes", a.limit_nodes},
                        {"order", a.order},
                        {"won", won},
                        {"lost", lost},
                        {"unknown", unknown},
                        {"win_rate", solved ? won / solved : 0},
                        {"ci95", {ci.low, ci.high}},
                        {"win_rate_all", {won / deals, (won + unknown) / deals}},
                        {"ci95_all", {low.low, high.high}},
                        {"deals", list}};
    core::write_file(a.json_file, j.dump(1) + "\n");
  }
  return kOk;
}

}  // namespace ratify::cli
