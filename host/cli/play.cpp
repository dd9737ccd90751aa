// `ratify play` (in the window, else the text UI; --resume a saved game)
// and `ratify replay`, which verifies a replay action by action.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "bots/bots.hpp"
#include "cli/commands.hpp"
#include "cli/net_commands.hpp"
#include "cli/text_ui.hpp"
#include "engine/saves.hpp"
#ifdef RATIFY_HAVE_GUI
#include "gui/gui.hpp"
#endif

namespace ratify::cli {

namespace {

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
  opts.auto_moves = !a.no_auto;
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
// drops the save of a resumed game that was played to its end there. A
// game that ended while its saved moves were replayed (the rules changed)
// keeps its save: nothing was played, and the file is the person's.
void keep_text_game(engine::Game& game, const std::vector<std::string>& seats,
                    const std::string& resumed_from, size_t replayed = 0) {
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
    if (in_dir && game.steps() > replayed) {
      fs::remove(resumed_from, ec);
    } else if (in_dir) {
      std::cout << "the game ended while its saved moves were replayed; the save is kept: "
                << resumed_from << "\n";
    }
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
  keep_text_game(*r.game, seats, file, r.replayed);
  return rc;
}

}  // namespace

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

int cmd_replay(const std::string& file, bool step, const std::string& ruleset,
               const std::string& commitment) {
  core::Replay r = core::read_replay(file);
  if (!replay_seed_holds(file, commitment)) return kFailed;
  // The rules by the id the replay names (never a path it names), or the
  // folder the user gives.
  std::string rules = ruleset.empty() ? engine::catalog_dir(r.header.ruleset).string() : ruleset;
  auto loaded = engine::Loaded::open(rules, r.header.variant);
  std::function<void(engine::Game&, int)> show;
  if (step)
    show = [&](engine::Game& g, int n) {
      std::cout << n << ". p" << r.steps[n - 1].actor << ": " << r.steps[n - 1].label << "\n";
      engine::View v = g.view(0);  // a replay is watched as an onlooker
      if (!v.shared_status.empty()) {
        std::cout << "     table:";
        for (const auto& l : v.shared_status) std::cout << "  " << l;
        std::cout << "\n";
      }
      for (int p = 1; p <= g.players(); ++p) {
        const auto& lines = v.status[static_cast<size_t>(p - 1)];
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

}  // namespace ratify::cli
