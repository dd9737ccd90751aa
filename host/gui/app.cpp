#include "gui/app.hpp"

#include <SDL.h>

#include <algorithm>
#include <chrono>

namespace ratify::gui {

namespace {

// Bots' pause before each move, slowest first: long enough to follow a
// move by eye at "normal"; "instant" plays out as fast as the rules allow.
constexpr int kSpeedMs[] = {1400, 600, 200, 0};

uint64_t clock_seed() {
  return static_cast<uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
}

}  // namespace

App::App(Canvas& canvas, const WindowOptions& opts)
    : frame_(canvas),
      cv_(canvas),
      opts_(opts),
      help_(frame_),
      picker_(
          frame_, opts.saves_dir, [this](int row) { pick(row); }, [this] { quit_ = true; }),
      options_(
          frame_, [this](const GameSettings& s) { start_game(s); }, [this] { leave_options(); }),
      messages_(frame_),
      table_(frame_, *this),
      side_(frame_, [this](int i) { choose_action(i); }) {
  animate_ = opts_.animate;
  options_.animate = &animate_;
  if (opts_.remote) {
    start_session(std::make_unique<Session>(opts_.remote));
    return;
  }
  if (!opts_.resume.empty()) {
    resume_saved(opts_.resume);  // throws: the CLI says why
    return;
  }
  if (opts_.ruleset.empty()) {
    open_picker();
    return;
  }
  auto loaded = engine::Loaded::open(opts_.ruleset, opts_.variant);
  GameSettings s;
  s.loaded = loaded;
  s.options = loaded->options(opts_.sets);
  s.players = choose_players(opts_.players, opts_.seats.size(), loaded->meta());
  s.seats = fill_seats(opts_.seats, s.players, &loaded->meta());
  for (const auto& seat : s.seats)
    if (seat == "heuristic" && !loaded->meta().has_heuristic)
      throw engine::InputError(loaded->meta().id +
                               " has no heuristic(g, player): use the random bot");
  s.seed = opts_.seed_given ? opts_.seed : clock_seed();
  start_game(std::move(s));
}

App::~App() {
  autosave();
}

// ------------------------------------------------------------ screens

void App::start_game(const GameSettings& s) {
  start_session(std::make_unique<Session>(s));
}

void App::start_session(std::unique_ptr<Session> s) {
  autosave(false);  // the game this one replaces: its save goes if it ended
  session_ = std::move(s);
  screen_ = Screen::Table;
  curtain_ = 0;
  choices_.forget();
  table_.forget();
  result_open_ = result_seen_ = paused_ = false;
  phases_.forget();
  summary_.reset();
  if (help_.open()) help_.toggle();
  messages_.clear_banner();
  side_.forget();
  seat_.forget();
  last_move_ = frame_.now;
  // A remote watcher sees what the server sends it: the public cards.
  see_all_ = session_->humans() == 0 && !session_->remote();
  ui_version_ = session_->version();
  turn_since_ = frame_.now;
  lost_ = false;
  auto problems = check_hints(session_->meta().layout);
  if (!problems.empty()) notify(problems.front() + " (hint ignored)", 8000);
  int a = session_->actor();
  bottom_ = 1;
  if (a && session_->human(a))
    bottom_ = a;
  else
    for (int p = 1; p <= session_->players(); ++p)
      if (session_->human(p)) {
        bottom_ = p;
        break;
      }
}

void App::new_game() {
  if (!session_ || remote_refuses("New game")) return;
  // The rules as the files are now, even after a reload this game refused;
  // when they do not load, no new game: the error says why.
  GameSettings s;
  try {
    s = session_->next_game(clock_seed());
  } catch (const std::exception& e) {
    messages_.banner("No new game: the rules as saved do not load \u2014 this game goes on",
                     e.what());
    return;
  }
  start_game(std::move(s));
  notify("New game, seed " + std::to_string(session_->settings().seed));
}

void App::open_options(std::shared_ptr<engine::Loaded> loaded) {
  if (remote_refuses("The options screen")) return;
  options_.open(std::move(loaded), session_ ? &session_->settings() : nullptr, clock_seed());
  screen_ = Screen::Options;
}

// Esc or Back on the options screen: the game, else the picker.
void App::leave_options() {
  if (session_)
    screen_ = Screen::Table;
  else
    open_picker();
}

void App::open_picker() {
  if (remote_refuses("The picker")) return;
  screen_ = Screen::Picker;
  picker_.open(session_ ? &session_->loaded().where() : nullptr);
}

void App::pick(int i) {
  if (i < 0 || i >= picker_.size()) return;
  picker_.select(i);
  const auto& row = picker_.row(i);
  if (!row.save.empty()) return resume_saved(row.save, true);
  try {
    open_options(engine::Loaded::open(row.spec, row.variant));
  } catch (const std::exception& e) {
    picker_.error = e.what();
  }
}

// ------------------------------------------------------------ update

void App::update(uint64_t now_ms) {
  frame_.now = now_ms;
  if (choices_.waited(frame_.now)) commit_digits();
  if (screen_ != Screen::Table || !session_) return;
  if (session_->remote())
    take_news();
  else
    apply_reload(session_->poll_reload(frame_.now));
  if (ui_version_ != session_->version()) {
    // Action numbers belong to one state: a menu or a hovered row from
    // before an undo, a reload or a bot's move would point elsewhere.
    ui_version_ = session_->version();
    choices_.menu.reset();
    choices_.hover_action = choices_.hover_next = -1;
    // A new decision starts at the top of its list.
    side_.to_top();
    choices_.clear_typed();
    turn_since_ = frame_.now;  // the turn clock counts each move from its view
  }
  follow_actor();
  step_bots();
  watch_phase();
  if (!session_->result()) {
    result_seen_ = result_open_ = false;
  } else if (!result_seen_) {
    result_seen_ = result_open_ = true;
    choices_.menu.reset();
    choices_.selected = 0;
  }
}

// The table shows the human whose turn it is; between two different
// humans a curtain hides the hand until the next one is ready.
void App::follow_actor() {
  int a = session_->actor();
  if (!a || !session_->human(a) || a == bottom_ || curtain_) return;
  bool hidden = false;
  if (session_->humans() >= 2 && session_->human(bottom_)) {
    try {
      auto& game = session_->game();
      hidden = !same_sight(game.view(bottom_), game.view(a));
    } catch (const std::exception&) {
      hidden = true;  // when in doubt, hide
    }
  }
  choices_.selected = 0;
  table_.pin(0);
  choices_.menu.reset();
  if (hidden) {
    curtain_ = a;
  } else {
    // Nothing on the table is secret from either: no curtain, but say
    // whose turn it is now, since the table turns round.
    bottom_ = a;
    if (session_->humans() >= 2) notify(player_name(a) + "'s turn", 2000);
  }
}

void App::step_bots() {
  if (session_->remote()) return;  // the server's bots move there
  if (paused_ || curtain_ || summary_ || !session_->error().empty()) return;
  int delay = kSpeedMs[speed_];
  if (frame_.now - last_move_ < static_cast<uint64_t>(delay)) return;
  auto start = std::chrono::steady_clock::now();
  for (;;) {
    int a = session_->actor();
    if (!a || session_->human(a)) return;
    try {
      // A searching bot thinks on its own thread; the window stays live.
      if (session_->slow_bot(a)) {
        std::string thinking = player_name(a) + " (" + seat_text(*session_, a) + ") is thinking...";
        if (!session_->thinking()) {
          session_->start_thinking();
          notify(thinking, 2500);
          return;
        }
        mark_bot_move();
        if (!session_->finish_thinking()) return;
        messages_.end_notice(thinking);
        last_move_ = frame_.now;
        return;
      }
      mark_bot_move();
      session_->bot_move();
    } catch (const std::exception& e) {
      messages_.banner("The rules failed on Player " + std::to_string(a) + "'s move (bots paused)",
                       e.what());
      paused_ = true;
      return;
    }
    last_move_ = frame_.now;
    // "instant" keeps playing within a frame's budget, so the window stays
    // live; it stops where a phase ends, for its summary.
    if (delay > 0 || watch_phase() ||
        std::chrono::steady_clock::now() - start > std::chrono::milliseconds(15))
      return;
  }
}

int App::play_bots_now(int max_actions) {
  int done = 0;
  if (!session_ || session_->remote()) return 0;
  while (done < max_actions) {
    int a = session_->actor();
    if (!a || session_->human(a)) break;
    if (done + 1 == max_actions) mark_bot_move();
    session_->bot_move();
    ++done;
    if (watch_phase()) break;  // its summary waits for a click
  }
  last_move_ = frame_.now;
  follow_actor();
  return done;
}

void App::apply_reload(const ReloadReport& r) {
  if (r.kind == ReloadReport::None) return;
  std::string files;
  for (const auto& f : r.files) files += (files.empty() ? "" : ", ") + f;
  if (r.kind == ReloadReport::Failed || r.kind == ReloadReport::Refused) {
    messages_.banner(
        r.kind == ReloadReport::Failed
            ? "The edited rules do not load \u2014 still playing under the previous rules"
            : "The edited rules cannot replay this game \u2014 still playing under the previous "
              "rules",
        r.kind == ReloadReport::Refused ? "At " + r.message : r.message);
    return;
  }
  messages_.clear_banner();
  paused_ = false;
  seat_.forget();
  std::string head = files.empty() ? "Rules reloaded: " : "Rules reloaded (" + files + "): ";
  notify(head + r.message, r.kind == ReloadReport::Changed || !r.changes.empty() ? 8000 : 3000);
}

void App::reload_rules() {
  if (remote_refuses("Reloading the rules")) return;
  apply_reload(session_->reload_now({}));
}

// With bots alone, each move is marked until the next; with a human,
// every bot move since the human's last action stays marked.
void App::mark_bot_move() {
  if (session_->humans() > 0) return;
  seat();
  seat_.clear_marks();
}

// A phase just ended (the ruleset's `phases` hint): its summary opens,
// when the window shows them, and bots wait until it is closed.
bool App::watch_phase() {
  if (!opts_.summaries || !session_ || summary_) return false;
  // Several humans at one screen: the panel may open for the next one,
  // so it says only what every player may see (no "You drew ..." line).
  std::optional<PhaseSummary> s;
  try {
    s = session_->humans() >= 2 && !session_->remote()
            ? phases_.look(session_->view(0), session_->meta().layout)
            : phases_.look(seat().view(), session_->meta().layout);
  } catch (const std::exception&) {
    return false;  // the rules failed showing the table: seat() says so
  }
  if (!s) return false;
  summary_ = std::move(*s);
  choices_.menu.reset();
  return true;
}

// A remote seat's news: notices (resyncs, chat, the seed checked), the
// connection lost and found again, and the end of the link for good.
void App::take_news() {
  RemoteNews news = session_->poll_remote();
  for (auto& n : news.notices) notify(std::move(n), 6000);
  take_undo_news(news);
  if (!news.lost.empty() && !lost_) {
    lost_ = true;
    messages_.banner("The server is lost \u2014 this window can only show the table as it was",
                     news.lost);
  }
}

// A remote seat has no rules here: what needs them is refused, saying why.
bool App::remote_refuses(const std::string& what) {
  if (!session_ || !session_->remote()) return false;
  notify(what + " is not for a network game: the server holds the rules");
  return true;
}

bool App::human_turn() {
  if (screen_ != Screen::Table || !session_ || curtain_ || result_open_) return false;
  int a = session_->actor();
  return a && session_->human(a);
}

// ------------------------------------------------------------ the seat's view

// The human at the bottom of the table; an onlooker (0) when only bots play.
int App::viewer() const {
  return session_ && session_->humans() ? bottom_ : 0;
}

const SeatView& App::seat() {
  std::string key =
      std::to_string(bottom_) + "|" + std::to_string(cv_.w()) + "x" + std::to_string(cv_.h());
  std::string error = seat_.update(*session_, viewer(), see_all_, key, frame_.now);
  if (!error.empty()) messages_.banner("The rules failed while showing the table", error);
  return seat_;
}

}  // namespace ratify::gui
