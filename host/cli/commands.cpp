#include "cli/commands.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <thread>

#include "bots/bots.hpp"
#include "cli/text_ui.hpp"
#include "engine/saves.hpp"
#include "engine/scenario.hpp"
#include "lua/vm.hpp"
#include "sim/check.hpp"
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
  TextOptions opts;
  opts.max_actions = a.max_actions;
  opts.quiet = a.quiet;
  int rc = play_text(*r.game, seats, std::cin, std::cout, opts);
  if (!a.log_file.empty()) {
    core::write_file(a.log_file, core::to_jsonl(r.game->replay()));
    std::cout << "replay written to " << a.log_file << " (" << r.game->steps() << " actions)\n";
  }
  keep_text_game(*r.game, seats, file);
  return rc;
}

}  // namespace

int cmd_list() {
  auto entries = engine::list_rulesets();
  if (entries.empty()) {
    std::cout << "no rulesets found (looked in:";
    for (const auto& r : engine::search_roots()) std::cout << " " << r.string();
    std::cout << "; add folders to RATIFY_PATH)\n";
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
              << "\n";
    for (const auto& v : e.variants)
      std::cout << "    " << e.id << "/" << v.stem().string() << "\n";
  }
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
  TextOptions opts;
  opts.max_actions = a.max_actions;
  opts.quiet = a.quiet;
  std::cout << loaded->meta().name << ", " << players << " players, seed " << seed << "\n";
  int rc = play_text(game, seats, std::cin, std::cout, opts);
  if (!a.log_file.empty()) {
    core::write_file(a.log_file, core::to_jsonl(game.replay()));
    std::cout << "replay written to " << a.log_file << " (" << game.steps() << " actions)\n";
  }
  keep_text_game(game, seats, "");
  return rc;
}

int cmd_sim(const SimArgs& a) {
  std::vector<std::string> variants = a.variants;
  if (variants.empty()) variants.push_back("");
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
    if (!a.shard.empty()) parse_shard(a.shard, c.shard, c.shards);
    if (!a.quiet) c.progress = progress_bar(v.empty() ? "sim" : v);
    runs.push_back(sim::run_sim(c));
    if (!a.quiet) std::cout << sim::summary_text(runs.back());
  }
  if (!a.quiet) std::cout << sim::comparison_text(runs);
  if (!a.json_file.empty()) {
    nlohmann::json j = runs.size() == 1 ? sim::result_json(runs[0]) : nlohmann::json::array();
    if (runs.size() > 1)
      for (const auto& r : runs) j.push_back(sim::result_json(r));
    core::write_file(a.json_file, j.dump(1) + "\n");
  }
  if (!a.csv_file.empty()) core::write_file(a.csv_file, sim::games_csv(runs[0]));
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

int cmd_merge(const std::vector<std::string>& files, const std::string& json_out) {
  std::vector<sim::SimResult> parts;
  for (const auto& f : files) {
    std::ifstream in(f);
    if (!in) throw engine::InputError(f + ": cannot open");
    try {
      parts.push_back(sim::result_from_json(nlohmann::json::parse(in)));
    } catch (const nlohmann::json::exception& e) {
      throw engine::InputError(f + ": not a `ratify sim --json` result: " + e.what());
    }
  }
  auto merged = sim::merge(parts);
  std::cout << sim::summary_text(merged);
  if (!json_out.empty()) core::write_file(json_out, sim::result_json(merged).dump(1) + "\n");
  return kOk;
}

int cmd_check(const CheckArgs& a) {
  sim::CheckConfig c;
  c.ruleset = a.ruleset;  // "id/variant" works too
  c.sets = a.sets;
  c.games = a.games;
  c.seed = a.seed;
  c.threads = default_threads(a.threads);
  c.players = a.players;
  c.roundtrip = a.roundtrip;
  c.progress = progress_bar("check");
  auto r = sim::run_check(c);
  for (const auto& w : r.lint) std::cout << "lint: " << w << "\n";
  std::printf("%d games, %lld actions in %.1fs: %s\n", r.games, r.actions, r.seconds,
              r.failed_games ? "FAILED" : "every invariant held");
  std::printf(
      "  checked after every action: cards conserved, a legal action for the actor,\n"
      "  actor and result agree%s; every game ended\n",
      a.roundtrip ? ", save/load keeps the state hash" : "");
  if (r.failed_games) {
    std::printf("%d games failed; the first:\n", r.failed_games);
    for (const auto& f : r.failures) std::printf("  %s\n", f.c_str());
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
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed ? kFailed : kOk;
}

int cmd_replay(const std::string& file, bool step) {
  core::Replay r = core::read_replay(file);
  auto loaded = engine::Loaded::open(r.header.ruleset, r.header.variant);
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
  c.progress = progress_bar("solve");
  auto r = sim::run_solve(c);
  int won = 0, lost = 0, unknown = 0;
  std::vector<double> secs, nodes;
  for (const auto& d : r.deals) {
    won += d.verdict == sim::Verdict::Won;
    lost += d.verdict == sim::Verdict::Lost;
    unknown += d.verdict == sim::Verdict::Unknown;
    secs.push_back(d.seconds);
    nodes.push_back(static_cast<double>(d.nodes));
  }
  double solved = won + lost, deals = a.deals;
  auto ci = sim::wilson(won, solved);
  // Over all deals the win rate lies between "no unknown deal is won" and
  // "every unknown deal is won"; each end gets its own 95% interval.
  auto low = sim::wilson(won, deals), high = sim::wilson(won + unknown, deals);
  auto t = sim::summarize(secs), n = sim::summarize(nodes);
  std::printf("%d deals: %d won, %d lost, %d unknown (node limit %lld, moves ordered by %s)\n",
              a.deals, won, lost, unknown, a.limit_nodes, a.order.c_str());
  std::printf("win rate of the decided deals: %.1f%% (95%% interval %.1f%% - %.1f%%)\n",
              solved ? 100 * won / solved : 0, 100 * ci.low, 100 * ci.high);
  if (unknown)
    std::printf(
        "win rate of all deals: %.1f%% - %.1f%% (unknown counted lost / won; 95%% "
        "interval %.1f%% - %.1f%%)\n",
        100 * won / deals, 100 * (won + unknown) / deals, 100 * low.low, 100 * high.high);
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
