#include "gui/app.hpp"

#include <SDL.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <map>

namespace ratify::gui {

namespace fs = std::filesystem;

namespace {

// Bots' pause before each move, slowest first: long enough to follow a
// move by eye at "normal"; "instant" plays out as fast as the rules allow.
constexpr int kSpeedMs[] = {1400, 600, 200, 0};
constexpr int kSpeeds = 4;
// How long a typed digit waits for a second one ("1" could begin "12").
constexpr uint64_t kDigitWaitMs = 700;

uint64_t clock_seed() {
  return static_cast<uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
}

bool contains(const std::vector<int>& v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// Whether two players see the same table: the same cards face up (and
// the same state through the ruleset's `view`). Then a hotseat curtain
// between them would hide nothing.
bool same_sight(const engine::View& a, const engine::View& b) {
  if (a.zones.size() != b.zones.size() || a.state != b.state) return false;
  for (size_t z = 0; z < a.zones.size(); ++z) {
    const auto &x = a.zones[z].cards, &y = b.zones[z].cards;
    if (x.size() != y.size()) return false;
    for (size_t k = 0; k < x.size(); ++k)
      if (x[k].id != y[k].id || x[k].face_up != y[k].face_up) return false;
  }
  return true;
}

}  // namespace

App::App(Canvas& canvas, const WindowOptions& opts) : cv_(canvas), opts_(opts) {
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

int App::px(double v) const {
  return static_cast<int>(std::lround(v * scale_));
}

Font App::font(double size, Weight w) const {
  return {std::max(8, px(size)), w};
}

std::string App::player_name(int p) {
  return "Player " + std::to_string(p);
}

std::string App::seat_text(int p) {
  const std::string& s = session_->seat(p);
  if (s == "human") return session_->humans() == 1 ? "you" : "human";
  return s == "bot" ? "bot" : s + " bot";
}

// ------------------------------------------------------------ screens

void App::start_game(GameSettings s) {
  start_session(std::make_unique<Session>(std::move(s)));
}

void App::start_session(std::unique_ptr<Session> s) {
  autosave(false);  // the game this one replaces: its save goes if it ended
  session_ = std::move(s);
  screen_ = Screen::Table;
  curtain_ = selected_ = pinned_ = hover_card_ = 0;
  menu_.reset();
  help_ = result_open_ = result_seen_ = paused_ = false;
  banner_.clear();
  banner_title_.clear();
  digits_.clear();
  actions_scroll_ = log_scroll_ = 0;
  order_ = {};
  view_version_ = 0;
  last_move_ = now_;
  see_all_ = session_->humans() == 0;
  ui_version_ = session_->version();
  auto problems = check_hints(session_->loaded().meta().layout);
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
  if (!session_) return;
  // The rules as the files are now, even after a reload this game refused;
  // when they do not load, no new game: the error says why.
  GameSettings s;
  try {
    s = session_->next_game(clock_seed());
  } catch (const std::exception& e) {
    banner_title_ = "No new game: the rules as saved do not load \u2014 this game goes on";
    banner_ = e.what();
    return;
  }
  start_game(std::move(s));
  notify("New game, seed " + std::to_string(session_->settings().seed));
}

void App::open_options(std::shared_ptr<engine::Loaded> loaded) {
  Pending p;
  if (session_ && session_->settings().loaded == loaded) {
    p.settings = session_->settings();
  } else {
    p.settings.loaded = loaded;
    p.settings.options = loaded->options({});
    p.settings.players = std::clamp(2, loaded->meta().min_players, loaded->meta().max_players);
    p.settings.seats = fill_seats({}, p.settings.players);
  }
  p.settings.seed = clock_seed();
  if (const auto* v = loaded->variant()) p.variant_doc = v->name + ": " + v->doc;
  pending_ = std::move(p);
  picker_error_.clear();
  options_scroll_ = 0;
  screen_ = Screen::Options;
}

void App::open_picker() {
  screen_ = Screen::Picker;
  picker_error_.clear();
  picker_follow_ = true;
  if (picker_.empty()) load_picker();
  refresh_saved_rows();
  // From a game: that game (and variant) is the one chosen.
  if (session_) {
    const auto& where = session_->loaded().where();
    for (int i = 0; i < static_cast<int>(picker_.size()); ++i) {
      std::error_code ec;
      if (fs::equivalent(picker_[i].spec, where.dir, ec) &&
          (picker_[i].variant.empty() ? where.variant.empty()
                                      : fs::equivalent(picker_[i].variant, where.variant, ec)))
        picker_sel_ = i;
    }
  }
}

void App::load_picker() {
  for (const auto& e : engine::list_rulesets()) {
    int game = static_cast<int>(picker_.size());
    PickerRow row;
    row.spec = e.dir.string(), row.title = e.id, row.game = game;
    try {
      auto l = engine::Loaded::open(row.spec);
      const auto& m = l->meta();
      row.title = m.name;
      row.detail = m.id + " \u00b7 " + std::to_string(m.min_players) +
                   (m.max_players > m.min_players ? "\u2013" + std::to_string(m.max_players) : "") +
                   (m.max_players == 1 ? " player" : " players");
    } catch (const std::exception& ex) {
      row.error = ex.what();
    }
    picker_.push_back(row);
    for (const auto& v : e.variants) {
      PickerRow vr;
      vr.spec = e.dir.string(), vr.variant = v.string(), vr.game = game;
      vr.title = v.stem().string(), vr.detail = "variant of " + e.id;
      try {
        auto l = engine::Loaded::open(vr.spec, vr.variant);
        if (const auto* meta = l->variant()) {
          vr.title = meta->name.empty() ? vr.title : meta->name;
          vr.detail = meta->doc.empty() ? vr.detail : meta->doc;
        }
      } catch (const std::exception& ex) {
        vr.error = ex.what();
      }
      picker_.push_back(vr);
    }
  }
}

// ------------------------------------------------------------ update

void App::update(uint64_t now_ms) {
  now_ = now_ms;
  if (!digits_.empty() && now_ - digits_at_ > kDigitWaitMs) commit_digits();
  if (screen_ != Screen::Table || !session_) return;
  apply_reload(session_->poll_reload(now_));
  if (ui_version_ != session_->version()) {
    // Action numbers belong to one state: a menu or a hovered row from
    // before an undo, a reload or a bot's move would point elsewhere.
    ui_version_ = session_->version();
    menu_.reset();
    hover_action_ = hover_next_ = -1;
    // A new decision starts at the top of its list.
    actions_scroll_ = 0;
    digits_.clear();
  }
  follow_actor();
  step_bots();
  if (!session_->result()) {
    result_seen_ = result_open_ = false;
  } else if (!result_seen_) {
    result_seen_ = result_open_ = true;
    menu_.reset();
    selected_ = 0;
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
  selected_ = pinned_ = 0;
  menu_.reset();
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
  if (paused_ || curtain_ || !session_->error().empty()) return;
  int delay = kSpeedMs[speed_];
  if (now_ - last_move_ < static_cast<uint64_t>(delay)) return;
  auto start = std::chrono::steady_clock::now();
  for (;;) {
    int a = session_->actor();
    if (!a || session_->human(a)) return;
    try {
      // A searching bot thinks on its own thread; the window stays live.
      if (session_->slow_bot(a)) {
        if (!session_->thinking()) {
          session_->start_thinking();
          notify(player_name(a) + " (" + seat_text(a) + ") is thinking...", 2500);
          return;
        }
        if (!session_->finish_thinking()) return;
        last_move_ = now_;
        return;
      }
      session_->bot_move();
    } catch (const std::exception& e) {
      banner_title_ = "The rules failed on Player " + std::to_string(a) + "'s move (bots paused)";
      banner_ = e.what();
      paused_ = true;
      return;
    }
    last_move_ = now_;
    // "instant" keeps playing within a frame's budget, so the window stays live.
    if (delay > 0 || std::chrono::steady_clock::now() - start > std::chrono::milliseconds(15))
      return;
  }
}

int App::play_bots_now(int max_actions) {
  int done = 0;
  if (!session_) return 0;
  while (done < max_actions) {
    int a = session_->actor();
    if (!a || session_->human(a)) break;
    session_->bot_move();
    ++done;
  }
  last_move_ = now_;
  follow_actor();
  return done;
}

void App::apply_reload(const ReloadReport& r) {
  if (r.kind == ReloadReport::None) return;
  std::string files;
  for (const auto& f : r.files) files += (files.empty() ? "" : ", ") + f;
  if (r.kind == ReloadReport::Failed || r.kind == ReloadReport::Refused) {
    banner_title_ =
        r.kind == ReloadReport::Failed
            ? "The edited rules do not load \u2014 still playing under the previous rules"
            : "The edited rules cannot replay this game \u2014 still playing under the previous "
              "rules";
    banner_ = r.kind == ReloadReport::Refused ? "At " + r.message : r.message;
    return;
  }
  banner_.clear();
  banner_title_.clear();
  paused_ = false;
  view_version_ = 0;
  std::string head = files.empty() ? "Rules reloaded: " : "Rules reloaded (" + files + "): ";
  notify(head + r.message, r.kind == ReloadReport::Changed || !r.changes.empty() ? 8000 : 3000);
}

void App::notify(std::string text, uint64_t ms) {
  notice_ = std::move(text);
  notice_until_ = now_ + ms;
}

// ------------------------------------------------------------ actions

bool App::human_turn() {
  if (screen_ != Screen::Table || !session_ || curtain_ || result_open_) return false;
  int a = session_->actor();
  return a && session_->human(a);
}

// The actions the seat at the table may take, from its own view: empty
// unless it is to act. Bots choose through the session; a seat is shown
// only what its view holds.
const std::vector<engine::ActionView>& App::seat_actions() {
  ensure_view();
  return view_.actions;
}

const engine::Action* App::seat_action(int index) {
  const auto& acts = seat_actions();
  if (index < 0) return nullptr;
  if (index < static_cast<int>(acts.size()) && acts[index].index == index)
    return &acts[index].action;
  for (const auto& a : acts)
    if (a.index == index) return &a.action;
  return nullptr;
}

std::vector<int> App::actions_with_card(int card) {
  std::vector<int> out;
  for (const auto& a : seat_actions())
    if (card && contains(a.action.cards, card)) out.push_back(a.index);
  return out;
}

std::vector<int> App::actions_with_zone(const std::string& zone) {
  std::vector<int> out;
  for (const auto& a : seat_actions())
    if (!zone.empty() && a.action.zone == zone) out.push_back(a.index);
  return out;
}

void App::choose_action(int i, bool confirmed) {
  digits_.clear();
  if (!human_turn()) {
    notify(session_ && session_->actor()
               ? "Not your turn: " + player_name(session_->actor()) + " is playing"
               : "No action now");
    return;
  }
  if (!seat_action(i)) {
    notify("There is no action " + std::to_string(i + 1));
    return;
  }
  const auto& o = order();
  if (!confirmed && o.risky[i]) {
    // A risky action is never one click or key away: it asks first.
    Rect anchor = menu_ ? menu_->panel : Rect{};
    if (anchor.w == 0) anchor = {table_rect_.right() - px(20), actions_rect_.y, px(10), px(10)};
    menu_ = Menu{{i}, anchor, true, o.warnings[i], {}};
    return;
  }
  std::string err = session_->apply(i);
  if (!err.empty()) {
    banner_title_ = "The rules failed on that action \u2014 nothing changed";
    banner_ = err;
  }
  selected_ = 0;
  menu_.reset();
  hover_action_ = -1;
  last_move_ = now_;
}

void App::end_turn() {
  int i = human_turn() ? order().end_turn : -1;
  if (i < 0) return notify(human_turn() ? "No End turn now" : "Not your turn");
  choose_action(i);
}

// The list's order, the End-turn action and the risky ones, as the
// engine decoded them (engine::Action). Made once per state.
const App::ActionOrder& App::order() {
  ensure_view();
  if (order_.version == view_serial_) return order_;
  ActionOrder o;
  o.version = view_serial_;
  const auto& acts = view_.actions;
  int n = 0;
  for (const auto& a : acts) n = std::max(n, a.index + 1);
  o.warnings.assign(n, "");
  o.risky.assign(n, false);
  std::vector<int> safe, risky;
  for (const auto& av : acts) {
    int i = av.index;
    const auto& a = av.action;
    o.risky[i] = a.risky;
    o.warnings[i] = a.warning;
    if (a.ends_turn && o.end_turn < 0 && !a.risky)
      o.end_turn = i;
    else
      (a.risky ? risky : safe).push_back(i);
  }
  o.list = safe;
  o.list.insert(o.list.end(), risky.begin(), risky.end());
  order_ = std::move(o);
  return order_;
}

// The log as the seat's view has it (the engine logs every move).
const std::vector<std::string>& App::shown_log() {
  ensure_view();
  return view_.log;
}

void App::offer(const std::vector<int>& acts, Rect anchor) {
  if (acts.size() == 1) {
    choose_action(acts[0]);
    return;
  }
  menu_ = Menu{acts, anchor, false, {}, {}};
}

void App::click_card(int card, const std::string& zone) {
  if (!human_turn()) return;
  Rect anchor;
  for (const auto& z : layout_.zones)
    for (const auto& s : z.spots)
      if (s.id == card) anchor = s.rect;
  if (selected_ && selected_ != card) {
    // A card of a zone the selected card can go to: that is the target.
    std::vector<int> onto;
    for (int i : actions_with_card(selected_))
      if (seat_action(i)->zone == zone) onto.push_back(i);
    if (!onto.empty()) return offer(onto, anchor);
  }
  auto acts = actions_with_card(card);
  if (acts.empty()) acts = actions_with_zone(zone);
  menu_.reset();
  if (acts.empty()) {
    selected_ = 0;
    notify("No action uses that card now");
    return;
  }
  selected_ = card;
  offer(acts, anchor);
}

void App::click_zone(const std::string& zone) {
  if (!human_turn()) return;
  std::vector<int> acts;
  if (selected_)
    for (int i : actions_with_card(selected_))
      if (seat_action(i)->zone == zone) acts.push_back(i);
  if (acts.empty()) acts = actions_with_zone(zone);
  menu_.reset();
  if (acts.empty()) {
    selected_ = 0;
    return;
  }
  Rect anchor;
  for (const auto& z : layout_.zones)
    if (view_.zones[z.zone].name == zone) anchor = z.cards;
  offer(acts, anchor);
}

void App::click_player(int player) {
  if (!human_turn()) return;
  std::vector<int> acts;
  for (const auto& a : seat_actions())
    if (a.action.target == player && (!selected_ || contains(a.action.cards, selected_)))
      acts.push_back(a.index);
  menu_.reset();
  if (acts.empty()) {
    selected_ = 0;
    return;
  }
  Rect anchor;
  for (const auto& a : layout_.areas)
    if (a.player == player) anchor = a.header;
  offer(acts, anchor);
}

// Undo for the human at the table (on the curtain: the one who just
// moved, before the next sits down). A refusal says whose move stays and
// why, in words that hold for whoever reads them.
void App::undo() {
  if (!session_) return;
  if (session_->humans() == 0) return notify("Undo is for human seats; the bots play on");
  int p = bottom_;
  std::string why = session_->why_no_undo(p);
  if (!why.empty()) return notify(undo_refusal(p, why), 5000);
  session_->undo(p);
  curtain_ = 0;
  selected_ = 0;
  menu_.reset();
  digits_.clear();
  last_move_ = now_;
  notify("Undone: back to before " + player_name(p) + "'s last action");
}

std::string App::undo_refusal(int p, const std::string& why) {
  auto steps = session_->game().replay().steps;
  if (steps.empty()) return "Nothing to undo yet";
  // One human: "you"; in hotseat every message names the player.
  bool solo = session_->humans() == 1;
  std::string who = solo ? "you" : player_name(p), Who = solo ? "You" : who;
  int last = steps.back().actor;
  if (why.rfind("nothing of yours", 0) == 0) {
    if (last != p && session_->human(last))
      return who + " has no move to undo, and " + player_name(last) + "'s move stays: " + who +
             " has seen the table since";
    return Who + (solo ? " have" : " has") + " not moved yet: nothing to undo";
  }
  const std::string shown = "cannot undo: \"";
  if (why.rfind(shown, 0) == 0 && why.size() > shown.size() + 1) {
    // The engine names the action; say whose it was (its label speaks
    // from its mover's side: "Take card 3 of Player 1").
    std::string label = why.substr(shown.size(), why.rfind('"') - shown.size());
    for (size_t k = steps.size(); k-- > 0;)
      if (steps[k].label == label) {
        if (steps[k].actor == p)
          return "Cannot undo \u201c" + label + "\u201d: it showed " + who + " a card";
        return "Cannot undo: " + player_name(steps[k].actor) + "'s move \u201c" + label +
               "\u201d showed " + who + " a card";
      }
  }
  if (why.rfind("cannot undo: Player", 0) == 0) {
    std::string rest = why.substr(std::string("cannot undo: ").size());
    return who + " cannot undo: " + rest + " (in hotseat no one undoes over another's move)";
  }
  return Who + " cannot undo: " + why;
}

// ------------------------------------------------------------ input

void App::handle(const SDL_Event& e) {
  switch (e.type) {
    case SDL_QUIT:
      quit_ = true;
      break;
    case SDL_MOUSEMOTION:
      mouse_x_ = e.motion.x, mouse_y_ = e.motion.y;
      break;
    case SDL_MOUSEBUTTONDOWN:
      mouse_x_ = e.button.x, mouse_y_ = e.button.y;
      on_click(e.button.x, e.button.y, e.button.button == SDL_BUTTON_RIGHT ? 3 : 1);
      break;
    case SDL_MOUSEWHEEL:
      on_wheel(e.wheel.y);
      break;
    case SDL_WINDOWEVENT:
      if (e.window.event == SDL_WINDOWEVENT_LEAVE)
        mouse_x_ = mouse_y_ = -1;  // no hover preview left behind
      break;
    case SDL_KEYDOWN: {
      SDL_Keymod mod = static_cast<SDL_Keymod>(e.key.keysym.mod);
      on_key(e.key.keysym.sym, (mod & KMOD_CTRL) != 0, (mod & KMOD_SHIFT) != 0);
      break;
    }
    default:
      break;
  }
}

void App::on_click(int x, int y, int button) {
  digits_.clear();  // a click is a new choice: no half-typed number acts later
  for (auto it = hits_.rbegin(); it != hits_.rend(); ++it) {
    if (!it->r.contains(x, y)) continue;
    auto fn = button == 3 ? it->right : it->left;
    if (fn)
      fn();
    else if (button == 3)
      pinned_ = 0;
    return;
  }
  selected_ = 0;
  menu_.reset();
  pinned_ = 0;
}

void App::on_wheel(int dy) {
  auto over = [&](const Rect& r) { return r.contains(mouse_x_, mouse_y_); };
  if (help_) {
    help_wheel(dy);
  } else if (screen_ == Screen::Picker) {
    if (over(variants_rect_)) {
      variants_scroll_ = std::max(0, variants_scroll_ - dy);
      picker_follow_ = false;
    } else {
      picker_scroll_ = std::max(0, picker_scroll_ - dy);
      picker_follow_ = false;  // the wheel moves the view, not the choice
    }
  } else if (screen_ == Screen::Options) {
    options_scroll_ = std::max(0, options_scroll_ - dy * px(40));
  } else if (over(log_rect_)) {
    log_scroll_ = std::max(0, log_scroll_ + dy);
  } else {
    actions_scroll_ = std::clamp(actions_scroll_ - dy, 0, actions_max_scroll_);
  }
}

void App::on_digit(int d) {
  if (menu_) {
    if (d >= 1 && d <= static_cast<int>(menu_->actions.size()))
      choose_action(menu_->actions[d - 1], menu_->confirm);
    return;
  }
  if (!session_) return;
  if (!human_turn()) return choose_action(-1);  // says whose turn it is
  if (digits_.empty() && d == 0) return;
  digits_ += static_cast<char>('0' + d);
  digits_at_ = now_;
  // Act at once when no further digit could make a larger valid number;
  // else the row typed so far is lit, and Enter (or a short pause) acts.
  long v = std::stol(digits_);
  if (v * 10 > static_cast<long>(order().list.size())) commit_digits();
}

// The typed number is a row of the list as shown (End turn is apart).
void App::commit_digits() {
  if (digits_.empty()) return;
  long v = std::stol(digits_);
  digits_.clear();
  if (!session_ || v == 0) return;
  const auto& list = order().list;
  if (v > static_cast<long>(list.size())) return notify("There is no action " + std::to_string(v));
  choose_action(list[v - 1]);
}

bool App::overlay_open() const {
  return help_ || menu_ || pinned_ || result_open_ || curtain_;
}

void App::on_key(int sym, bool ctrl, bool shift) {
  if (sym == SDLK_F1 || (sym == SDLK_SLASH && shift)) {
    help_ = !help_;
    help_scroll_ = 0;
    return;
  }
  if (ctrl && sym == SDLK_q) {
    quit_ = true;
    return;
  }
  if (help_) return on_key_help(sym);
  if (screen_ == Screen::Picker) return on_key_picker(sym);
  if (screen_ == Screen::Options) return on_key_options(sym);
  if (curtain_) {
    if (sym == SDLK_SPACE || sym == SDLK_RETURN || sym == SDLK_KP_ENTER)
      bottom_ = curtain_, curtain_ = 0;
    else if (ctrl && sym == SDLK_z)
      undo();  // the one who just moved takes it back before passing
    return;
  }
  if (ctrl) return on_key_ctrl(sym);
  on_key_table(sym);
}

void App::on_key_picker(int sym) {
  int n = static_cast<int>(picker_.size());
  if (sym == SDLK_ESCAPE) {
    quit_ = true;
  } else if (!n) {
    return;
  } else if (sym == SDLK_DOWN || sym == SDLK_UP) {
    picker_move(std::clamp(picker_sel_ + (sym == SDLK_DOWN ? 1 : -1), 0, n - 1));
  } else if (sym == SDLK_PAGEDOWN || sym == SDLK_PAGEUP || sym == SDLK_RIGHT || sym == SDLK_LEFT) {
    // A game at a time: the next or previous game's own row.
    auto games = picker_games();
    int g = picker_[picker_sel_].game;
    auto it = std::find(games.begin(), games.end(), g);
    int k = static_cast<int>(it - games.begin());
    bool down = sym == SDLK_PAGEDOWN || sym == SDLK_RIGHT;
    k = std::clamp(k + (down ? 1 : -1), 0, static_cast<int>(games.size()) - 1);
    picker_move(games[k]);
  } else if (sym == SDLK_HOME) {
    picker_move(0);
  } else if (sym == SDLK_END) {
    picker_move(picker_games().back());
  } else if (sym == SDLK_RETURN || sym == SDLK_KP_ENTER) {
    pick(picker_sel_);
  }
}

void App::on_key_options(int sym) {
  if (sym == SDLK_ESCAPE) {
    if (session_)
      screen_ = Screen::Table;
    else
      open_picker();
  } else if ((sym == SDLK_RETURN || sym == SDLK_KP_ENTER) && pending_) {
    try {
      start_game(pending_->settings);
    } catch (const std::exception& e) {
      picker_error_ = e.what();
    }
  }
}

void App::on_key_ctrl(int sym) {
  if (sym == SDLK_z) return undo();
  if (sym == SDLK_n) return new_game();
  if (sym == SDLK_r) return reload_rules();
  if (sym == SDLK_s) return save_game();
}

void App::reload_rules() {
  apply_reload(session_->reload_now({}));
}

// Closes the topmost thing open over the table.
void App::escape() {
  if (!digits_.empty())
    digits_.clear();
  else if (menu_)
    menu_.reset();
  else if (pinned_)
    pinned_ = 0;
  else if (result_open_)
    result_open_ = false;
  else if (!banner_.empty())
    banner_.clear(), banner_title_.clear();
  else
    selected_ = 0;
}

void App::on_key_table(int sym) {
  if (result_open_ && (sym == SDLK_RETURN || sym == SDLK_n)) return new_game();
  if (sym >= SDLK_0 && sym <= SDLK_9) return on_digit(sym - SDLK_0);
  if (sym >= SDLK_KP_1 && sym <= SDLK_KP_9) return on_digit(sym - SDLK_KP_1 + 1);
  switch (sym) {
    case SDLK_ESCAPE:
      return escape();
    case SDLK_KP_0:
      return on_digit(0);
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
      if (menu_ && menu_->confirm && digits_.empty())
        return choose_action(menu_->actions.front(), true);
      return commit_digits();
    case SDLK_e:
      return end_turn();
    case SDLK_F5:
      return reload_rules();
    case SDLK_SPACE:
      paused_ = !paused_;
      return notify(paused_ ? "Bots paused (Space resumes)" : "Bots resumed");
    case SDLK_PLUS:
    case SDLK_EQUALS:
    case SDLK_KP_PLUS:
      speed_ = std::min(kSpeeds - 1, speed_ + 1);
      return;
    case SDLK_MINUS:
    case SDLK_KP_MINUS:
      speed_ = std::max(0, speed_ - 1);
      return;
    case SDLK_v:
      if (session_->humans() == 0)
        see_all_ = !see_all_;
      else
        notify("Only onlookers of a bots' game see every hand");
      return;
    case SDLK_r:
      if (session_->result()) result_open_ = true;
      return;
    case SDLK_o:
      return open_options(session_->settings().loaded);
    case SDLK_p:
      return open_picker();
    case SDLK_PAGEDOWN:
      actions_scroll_ = std::min(actions_max_scroll_, actions_scroll_ + 5);
      return;
    case SDLK_PAGEUP:
      actions_scroll_ = std::max(0, actions_scroll_ - 5);
      return;
    default:
      return;
  }
}

// ------------------------------------------------------------ views

int App::viewer() const {
  return session_ && session_->humans() ? bottom_ : 0;
}

void App::ensure_view() {
  int v = viewer();
  bool all = v == 0 && see_all_;
  if (view_version_ == session_->version() && view_viewer_ == v && view_all_ == all &&
      view_bottom_ == bottom_ && view_w_ == cv_.w() && view_h_ == cv_.h())
    return;
  bool new_state = view_version_ != session_->version();
  std::map<int, std::string> before;
  if (new_state)
    for (const auto& z : view_.zones)
      for (const auto& c : z.cards)
        if (c.id) before[c.id] = z.name;
  try {
    auto& game = session_->game();
    view_ = game.view(v);
    // An onlooker of bots may see what any player sees (never the deck),
    // the actor's choices too.
    for (int p = 1; all && p <= game.players(); ++p) {
      auto pv = game.view(p);
      if (pv.actor == p) view_.actions = std::move(pv.actions);
      for (size_t z = 0; z < view_.zones.size() && z < pv.zones.size(); ++z)
        for (size_t k = 0; k < view_.zones[z].cards.size() && k < pv.zones[z].cards.size(); ++k)
          if (pv.zones[z].cards[k].face_up) view_.zones[z].cards[k] = pv.zones[z].cards[k];
    }
  } catch (const std::exception& e) {
    banner_title_ = "The rules failed while showing the table";
    banner_ = e.what();
  }
  if (new_state && !before.empty()) {
    // What just moved, lit for a moment so a bot's move can be followed.
    moved_.clear();
    for (const auto& z : view_.zones)
      for (const auto& c : z.cards)
        if (c.id && before.count(c.id) && before[c.id] != z.name) moved_.push_back(c.id);
    moved_at_ = now_;
  }
  view_version_ = session_->version();
  view_viewer_ = v;
  view_all_ = all;
  view_bottom_ = bottom_;
  view_w_ = cv_.w();
  view_h_ = cv_.h();
  ++view_serial_;
  layout_ = {};
}

}  // namespace ratify::gui
