// The table screen and what lies over it: the top bar, the table and the
// side panel (TableView, SidePanel), the menu, the large card, the result,
// the hotseat curtain, the banner and notice; and what tests probe.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/words.hpp"
#include "gui/app.hpp"
#include "gui/card_style.hpp"

namespace ratify::gui {

namespace {

const char* kSpeedName[] = {"slow", "normal", "fast", "instant"};

// "You won", "You lost: Player 2 won", or the winners (frame.hpp).
std::string headline(Session& s) {
  std::vector<bool> human;
  for (int p = 1; p <= s.players(); ++p) human.push_back(s.human(p));
  return end_headline(s.result()->winners, human);
}

}  // namespace

std::string App::title() const {
  if (screen_ != Screen::Table || !session_) return window_title("", "");
  return window_title(session_->meta().name, session_->variant_name());
}

void App::render() {
  frame_.begin();
  cv_.clear(theme::felt_dark);
  choices_.hover_next = -1;
  table_.new_frame();
  if (screen_ == Screen::Picker)
    picker_.draw();
  else if (screen_ == Screen::Options)
    options_.draw(session_ != nullptr);
  else
    draw_game();
  if (help_.open()) {
    std::filesystem::path dir;
    if (screen_ == Screen::Table && session_)
      // A remote game's: the same ruleset installed here, if it is.
      dir = session_->remote() ? session_->meta().dir : session_->loaded().where().dir;
    else if (screen_ == Screen::Options && options_.pending())
      dir = options_.pending()->settings.loaded->where().dir;
    else if (screen_ == Screen::Picker)
      dir = picker_.chosen_dir();
    help_.draw(dir, screen_ == Screen::Table && session_ ? session_->meta().name : "");
  }
  choices_.hover_action = choices_.hover_next;
}

TableFacts App::table_facts() {
  return {*session_, seat(), choices_, bottom_, human_turn()};
}

SideFacts App::side_facts() {
  return {*session_, seat(), choices_, human_turn(), paused_, table_.checklist_shown()};
}

void App::draw_game() {
  int bar = px(40), side = std::clamp(cv_.w() * 27 / 100, px(280), px(440));
  table_rect_ = {0, bar, cv_.w() - side, cv_.h() - bar};
  Rect sidebar{cv_.w() - side, bar, side, cv_.h() - bar};
  // The notice goes lower while a banner is up (showing the table may
  // have raised one: asked after drawing it).
  auto banner_up = [this] { return messages_.has_banner() || !session_->error().empty(); };
  if (curtain_) {
    draw_curtain();
    messages_.draw_notice(table_rect_, banner_up(), table_.layout(seat()).centre);
  } else {
    // The table's highlights follow the last frame's hovered action.
    TableFacts t = table_facts();
    if (table_.animate() != animate_) table_.set_animate(animate_);
    table_.draw(table_rect_, t);
    side_.draw(sidebar, side_facts());
    messages_.draw_banner(table_rect_, session_->error());
    messages_.draw_notice(table_rect_, banner_up(), table_.layout(seat()).centre);
    if (choices_.menu) draw_menu();
    table_.draw_preview(t, result_open_ || summary_);
    if (session_->remote()) draw_net(table_rect_);
    if (summary_) draw_summary();
    if (result_open_) draw_result();
  }
  draw_top_bar({0, 0, cv_.w(), bar});
}

// ------------------------------------------------------------ top bar

// A remote seat's top line: whose turn, the clock, the connection.
std::string App::remote_status() {
  const auto& game = session_->remote()->game();
  int a = session_->actor();
  if (session_->result()) return headline(*session_);
  if (lost_) return "The server is lost";
  if (!session_->connected()) return "Connection lost: joining again\u2026";
  std::string s = human_turn() ? "Your turn"
                  : !a         ? ""
                  : session_->seat(a) == "human"
                      ? "Waiting for " + player_name(a)
                      : player_name(a) + " (" + seat_text(*session_, a) + ") is playing";
  if (human_turn() && game.clock > 0) {
    // The server's clock: after this the host's bot moves for the seat.
    double spent = static_cast<double>(frame_.now - turn_since_) / 1000;
    long left = std::max(0L, static_cast<long>(std::ceil(game.clock - spent)));
    char buf[64];
    std::snprintf(buf, sizeof buf, "  \u00b7  %ld:%02ld left", left / 60, left % 60);
    s += buf;
  }
  if (!game.seat) s = "Watching" + (s.empty() ? "" : ": " + s);
  return s;
}

void App::draw_top_bar(Rect r) {
  cv_.fill(r, theme::bar);
  auto& meta = session_->meta();
  Font tf = font(16, Weight::Bold), sf = font(13), stf = font(13, Weight::Bold);
  int a = session_->actor();
  bool bots = session_->humans() < session_->players();
  std::string status =
      session_->result()           ? headline(*session_)
      : !session_->error().empty() ? "Stopped: the rules failed"
      : human_turn()
          ? (session_->humans() > 1 ? "Your turn, " + player_name(a) : std::string("Your turn"))
      : a && session_->human(a) ? player_name(a) + " to act"
      : a ? player_name(a) + " (bot) is playing" + (paused_ ? " \u2014 paused" : "")
          : "";
  if (session_->remote()) status = remote_status();
  if (summary_) status = summary_->title + " \u2014 any key goes on";
  if (session_->humans() == 0 && !session_->result() && !session_->remote())
    status += see_all_ ? "  \u00b7  every hand shown (V)" : "  \u00b7  public cards only (V)";
  Color sc = human_turn() ? theme::playable : theme::text;
  // Buttons from the right edge leftwards; a game without bots (the
  // patience) has no bot controls at all.
  struct B {
    std::string label, name;
    std::function<void()> fn;
    bool enabled = true, active = false;
    int drop = 0;  // 0: always; else dropped in this order when the status needs room
  };
  std::vector<B> bs = {{"Help  F1", "button:help", [this] { help_.toggle(); }}};
  // Over: no bot will move again, so no Pause or speed to offer. A
  // remote seat has none of these: the server holds the rules and bots.
  if (session_->remote()) bots = false;
  if (bots && !session_->result()) {
    bs.push_back(
        {"+", "button:faster", [this] { speed_ = std::min(3, speed_ + 1); }, speed_ < 3, false, 2});
    bs.push_back({std::string("Speed: ") + kSpeedName[speed_], "", {}, false, false, 1});
    bs.push_back({"\u2212", "button:slower", [this] { speed_ = std::max(0, speed_ - 1); },
                  speed_ > 0, false, 2});
    bs.push_back({paused_ ? "Resume" : "Pause", "button:pause", [this] { paused_ = !paused_; },
                  true, paused_});
  }
  if (!session_->remote()) {
    bs.push_back({"New game", "button:new", [this] { new_game(); }});
    bs.push_back(
        {"Options", "button:options", [this] { open_options(session_->settings().loaded); }});
    bs.push_back({"Undo", "button:undo", [this] { undo(); }, session_->humans() > 0});
    bs.push_back({"Games", "button:games", [this] { open_picker(); }});
  } else if (!session_->result() && !lost_) {
    // A network seat talks to the table and asks the others to undo.
    bs.push_back({"Chat  T", "button:chat", [this] { open_chat(); }});
    if (session_->remote()->game().seat > 0 && session_->remote()->game().undo)
      bs.push_back({"Undo", "button:undo", [this] { undo(); }});
  }
  auto width_of = [&](const B& b) {
    return cv_.text_w(b.label, font(13, Weight::Bold)) + px(b.label.size() <= 3 ? 14 : 20) + px(6);
  };
  // The status ("Your turn") keeps its room at any width: the speed's
  // label goes first, then its buttons (+ and - still work), then the
  // variant, then the game's name shrinks.
  std::string variant;
  if (auto v = session_->variant_name(); !v.empty()) variant = "\u00b7 " + v;
  int status_w = cv_.text_w(status, stf) + px(30);
  auto buttons_w = [&](int dropped) {
    int w = px(8);
    for (const auto& b : bs)
      if (!b.drop || b.drop > dropped) w += width_of(b);
    return w;
  };
  auto title_w = [&](bool with_variant) {
    return px(12) + cv_.text_w(meta.name, tf) +
           (with_variant && !variant.empty() ? cv_.text_w(variant, sf) + px(16) : 0);
  };
  int dropped = 0;
  while (dropped < 2 && title_w(true) + status_w + buttons_w(dropped) > r.w) ++dropped;
  bool with_variant = title_w(true) + status_w + buttons_w(dropped) <= r.w;
  int name_room = std::max(px(60), r.w - buttons_w(dropped) - status_w - px(12));
  int x = r.x + px(12);
  x += cv_.text(x, r.y + (r.h - cv_.line_h(tf)) / 2, meta.name, tf, theme::text,
                std::min(px(260), name_room));
  if (with_variant && !variant.empty())
    x += cv_.text(x + px(8), r.y + (r.h - cv_.line_h(sf)) / 2, variant, sf, theme::muted, px(160)) +
         px(8);
  int bx = r.right() - px(8), h = r.h - px(10);
  for (auto& b : bs) {
    if (b.drop && b.drop <= dropped) continue;
    int w = width_of(b) - px(6);
    bx -= w;
    Rect br{bx, r.y + px(5), w, h};
    if (b.name.empty())
      cv_.text_in(br, b.label, font(13), theme::muted, Align::Center);
    else
      button(br, b.label, b.name, b.fn, b.enabled, b.active);
    bx -= px(6);
  }
  cv_.text(x + px(18), r.y + (r.h - cv_.line_h(sf)) / 2, status, stf, sc, bx - x - px(24));
}

// ------------------------------------------------------------ overlays

void App::draw_menu() {
  auto& menu = *choices_.menu;
  const SeatView& seat = seat_;
  Font f = font(13.5), tf = font(12.5, Weight::Bold);
  int lh = cv_.line_h(f), row_h = lh + px(10), numw = cv_.text_w("0", f) + px(18);
  int w = px(220);
  for (int i : menu.actions)
    if (const engine::Action* a = seat.action(i))
      w = std::max(w, cv_.text_w(a->label, f) + numw + px(24));
  std::string title =
      menu.confirm ? "Are you sure? (1 or Enter: yes, Esc: no)"
                   : "Choose (1\u2013" + std::to_string(menu.actions.size()) + ", Esc to cancel)";
  w = std::max(w, cv_.text_w(title, tf) + px(24));
  w = std::min({w, px(600), table_rect_.w - px(20)});
  int n = static_cast<int>(menu.actions.size());
  // A risky action's menu asks once more, with the ruleset's warning.
  std::vector<std::string> warn;
  if (menu.confirm)
    warn = cv_.wrap(menu.warning.empty() ? "This action may cost you the game." : menu.warning, f,
                    w - px(24));
  int head = px(30) + static_cast<int>(warn.size()) * lh + (warn.empty() ? 0 : px(6));
  int h = head + n * row_h + px(6);
  const Rect& a = menu.anchor;
  int x = std::clamp(a.cx() - w / 2, table_rect_.x + px(8),
                     std::max(table_rect_.x + px(8), table_rect_.right() - w - px(8)));
  int y = a.y - h - px(10) >= table_rect_.y + px(4) ? a.y - h - px(10) : a.bottom() + px(10);
  y = std::clamp(y, table_rect_.y + px(4), std::max(table_rect_.y + px(4), cv_.h() - h - px(4)));
  Rect panel{x, y, w, h};
  menu.panel = panel;
  bool confirm = menu.confirm;
  Color edge = confirm ? theme::danger : theme::selected;
  cv_.fill({x + px(3), y + px(4), w, h}, {0, 0, 0, 90}, px(10));
  cv_.fill(panel, theme::panel, px(10));
  cv_.frame(panel, edge, px(10), px(2));
  cv_.text(x + px(12), y + px(8), title, tf, confirm ? Color{255, 170, 170, 255} : theme::muted,
           w - px(24));
  for (size_t l = 0; l < warn.size(); ++l)
    cv_.text(x + px(12), y + px(30) + static_cast<int>(l) * lh, warn[l], f, theme::text,
             w - px(24));
  frame_.hit({panel, [] {}, {}, "menu"});
  for (int k = 0; k < n; ++k) {
    int i = menu.actions[k];
    const engine::Action* a = seat.action(i);
    if (!a) continue;
    Rect row{x + px(6), y + head + k * row_h, w - px(12), row_h};
    bool hover = frame_.over(row);
    if (hover) choices_.hover_next = i, cv_.fill(row, theme::panel_light, px(6));
    Rect num{row.x + px(4), row.y + px(4), numw - px(8), row_h - px(8)};
    cv_.fill(num, edge, px(4));
    cv_.text_in(num, std::to_string(k + 1), font(12.5, Weight::Bold),
                confirm ? theme::text : theme::dark_text, Align::Center);
    cv_.text_in({row.x + numw, row.y, row.w - numw - px(6), row.h}, a->label, f, theme::text);
    frame_.hit({row,
                [this, i, confirm] { choose_action(i, confirm); },
                {},
                "menu:" + std::to_string(k + 1)});
  }
}

// The end: the headline, the result, then each player's score and, under
// it, their status lines (how the score is made, when the rules say so:
// Captured's breakdown), on fewer lines when the table is short.
void App::draw_result() {
  const auto& r = *session_->result();
  cv_.fill(table_rect_, {0, 0, 0, 120});
  frame_.modal_blocker([this] { result_open_ = false; });
  int n = session_->players();
  Font f = font(15), bf = font(15, Weight::Bold), sf = font(12.5);
  int lh = cv_.line_h(f) + px(6), slh = cv_.line_h(sf);
  int w = std::min(table_rect_.w - px(40), px(600));
  auto text_lines = cv_.wrap(r.text, f, w - px(48));
  const auto& status = seat().view().status;
  std::vector<std::vector<std::string>> details(static_cast<size_t>(n));
  for (int pl = 1; pl <= n && pl - 1 < static_cast<int>(status.size()); ++pl) {
    std::string line;
    for (const auto& l : status[static_cast<size_t>(pl - 1)])
      line += (line.empty() ? "" : "  \u00b7  ") + l;
    details[static_cast<size_t>(pl - 1)] = cv_.wrap(line, sf, w - px(72));
  }
  auto height = [&] {
    int h = px(60) + static_cast<int>(text_lines.size()) * cv_.line_h(f) + px(16) + n * lh + px(80);
    for (const auto& d : details) h += static_cast<int>(d.size()) * slh;
    return h;
  };
  for (size_t keep : {size_t{2}, size_t{1}, size_t{0}})
    for (auto& d : details)
      if (height() > table_rect_.h - px(16) && d.size() > keep) d.resize(keep);
  int h = height();
  Rect p{table_rect_.cx() - w / 2, table_rect_.cy() - h / 2, w, h};
  cv_.fill(p, theme::panel, px(14));
  cv_.frame(p, theme::playable, px(14), px(2));
  cv_.text(p.x + px(24), p.y + px(16), headline(*session_), font(24, Weight::Bold), theme::playable,
           w - px(48));
  int y = p.y + px(60);
  for (const auto& l : text_lines)
    y += (cv_.text(p.x + px(24), y, l, f, theme::text), cv_.line_h(f));
  y += px(16);
  for (int pl = 1; pl <= n; ++pl) {
    bool won = core::contains(r.winners, pl);
    std::string who = (won ? "\u2605 " : "   ") + player_name(pl) +
                      (session_->seat(pl) != "human" ? " (bot)"
                       : session_->humans() == 1     ? " (you)"
                                                     : "");
    cv_.text(p.x + px(24), y, who, won ? bf : f, won ? theme::playable : theme::text);
    if (pl - 1 < static_cast<int>(r.scores.size())) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%g", r.scores[pl - 1]);
      cv_.text(p.right() - px(24) - cv_.text_w(buf, bf), y, buf, bf, theme::text);
    }
    y += lh;
    for (const auto& l : details[static_cast<size_t>(pl - 1)])
      y += (cv_.text(p.x + px(48), y - px(4), l, sf, theme::muted, w - px(72)), slh);
  }
  int bw = (w - px(48) - px(20)) / 3, by = p.bottom() - px(56);
  if (session_->remote()) {
    // The server's game is over; another is the host's to start.
    int half = (w - px(48) - px(10)) / 2;
    button(
        {p.x + px(24), by, half, px(40)}, "Close", "button:result-quit", [this] { quit_ = true; },
        true, true);
    button({p.x + px(34) + half, by, half, px(40)}, "See the table", "button:result-close",
           [this] { result_open_ = false; });
    return;
  }
  button(
      {p.x + px(24), by, bw, px(40)}, "New game", "button:result-new", [this] { new_game(); }, true,
      true);
  button({p.x + px(34) + bw, by, bw, px(40)}, "Options", "button:result-options",
         [this] { open_options(session_->settings().loaded); });
  button({p.x + px(44) + 2 * bw, by, bw, px(40)}, "See the table", "button:result-close",
         [this] { result_open_ = false; });
}

// Between phases: what happened, and the scores so far, until a click
// or key. The earliest lines give way when the table is short.
void App::draw_summary() {
  const PhaseSummary& s = *summary_;
  cv_.fill(table_rect_, {0, 0, 0, 120});
  frame_.modal_blocker([this] { summary_.reset(); });
  Font f = font(14), bf = font(14, Weight::Bold), hf = font(12.5, Weight::Bold);
  int lh = cv_.line_h(f);
  int w = std::min(table_rect_.w - px(24), px(640)), tw = w - px(48);
  auto wrap_all = [&](const std::vector<std::string>& ls) {
    std::vector<std::string> out;
    for (const auto& l : ls)
      for (auto& piece : cv_.wrap(l, f, tw)) out.push_back(std::move(piece));
    return out;
  };
  int name_w = 0;
  for (const auto& [who, line] : s.players) name_w = std::max(name_w, cv_.text_w(who, bf));
  name_w += px(12);
  std::vector<std::vector<std::string>> standing;
  for (const auto& [who, line] : s.players) standing.push_back(cv_.wrap(line, f, tw - name_w));
  auto happened = wrap_all(s.happened);
  auto table = wrap_all(s.table);
  auto height = [&] {
    int rows = static_cast<int>(happened.size() + table.size());
    for (const auto& st : standing) rows += std::max<int>(1, static_cast<int>(st.size()));
    return px(58) + px(24) + rows * lh + px(24) + px(16) + px(64);
  };
  int room = table_rect_.h - px(16);
  while (height() > room && happened.size() > 1) happened.erase(happened.begin());
  for (auto& st : standing)
    if (height() > room && st.size() > 2) st.resize(2);
  int h = std::min(height(), room);
  Rect p{table_rect_.cx() - w / 2, table_rect_.cy() - h / 2, w, h};
  cv_.fill(p, theme::panel, px(14));
  cv_.frame(p, theme::playable, px(14), px(2));
  int x = p.x + px(24), y = p.y + px(16);
  cv_.text(x, y, s.title, font(22, Weight::Bold), theme::playable, tw);
  y += px(42);
  cv_.text(x, y, "What happened", hf, theme::muted, tw);
  y += px(20);
  for (const auto& l : happened) y += (cv_.text(x, y, l, f, theme::text, tw), lh);
  y += px(12);
  cv_.text(x, y, "So far", hf, theme::muted, tw);
  y += px(20);
  for (const auto& l : table) y += (cv_.text(x, y, l, f, theme::text, tw), lh);
  for (size_t k = 0; k < s.players.size() && k < standing.size(); ++k) {
    cv_.text(x, y, s.players[k].first, bf, theme::text, name_w);
    for (const auto& l : standing[k])
      y += (cv_.text(x + name_w, y, l, f, theme::text, tw - name_w), lh);
    if (standing[k].empty()) y += lh;
  }
  int bw = px(220);
  button(
      {p.cx() - bw / 2, p.bottom() - px(56), bw, px(40)}, "Go on (any key)", "button:summary-close",
      [this] { summary_.reset(); }, true, true);
}

void App::draw_curtain() {
  Rect all{0, px(40), cv_.w(), cv_.h() - px(40)};
  cv_.fill(all, theme::felt_dark);
  int p = curtain_;
  Rect panel{all.cx() - px(300), all.cy() - px(120), px(600), px(240)};
  cv_.fill(panel, theme::panel, px(14));
  cv_.text_in({panel.x, panel.y + px(24), panel.w, px(44)}, "Pass to " + player_name(p),
              font(30, Weight::Bold), theme::text, Align::Center);
  cv_.paragraph({panel.x + px(30), panel.y + px(78), panel.w - px(60), px(80)},
                player_name(bottom_) + "'s cards are hidden. When " + player_name(p) +
                    " sits down, press Space or the button below. Before that, Ctrl+Z takes " +
                    player_name(bottom_) + "'s move back.",
                font(15), theme::muted, Align::Center);
  auto reveal = [this, p] { bottom_ = p, curtain_ = 0; };
  frame_.modal_blocker({});
  button({panel.cx() - px(150), panel.bottom() - px(70), px(300), px(44)},
         "I am " + player_name(p) + ": show", "button:curtain", reveal, true, true);
}

// ------------------------------------------------------------ probe

const ProbeBox* Probe::find(const std::string& name) const {
  for (auto it = boxes.rbegin(); it != boxes.rend(); ++it)
    if (it->name == name) return &*it;
  return nullptr;
}

Probe App::probe() {
  Probe p;
  p.title = title();
  p.screen = screen_ == Screen::Picker    ? "picker"
             : screen_ == Screen::Options ? "options"
                                          : "table";
  if (help_.open()) {
    p.overlays.push_back("help");
    p.help = help_.lines();
    p.help_scroll = help_.scroll();
  }
  if (screen_ == Screen::Options) p.texts = options_.texts();
  if (screen_ == Screen::Picker && picker_.selected() >= 0 && picker_.selected() < picker_.size())
    p.game = picker_.chosen_title();
  else if (screen_ == Screen::Options && options_.pending())
    p.game = options_.pending()->settings.loaded->meta().name;
  else if (session_)
    p.game = session_->meta().name;
  for (const auto& h : frame_.hits)
    if (!h.name.empty()) p.boxes.push_back({h.name, h.r.x, h.r.y, h.r.w, h.r.h});
  for (const auto& t : cv_.drawn()) p.drawn.push_back({t.text, t.r.x, t.r.y, t.r.w, t.r.h});
  if (screen_ == Screen::Picker) p.picker = picker_.titles();
  if (screen_ != Screen::Table || !session_) return p;
  const auto& menu = choices_.menu;
  if (menu) p.overlays.push_back("menu");
  if (curtain_) p.overlays.push_back("curtain");
  if (result_open_) p.overlays.push_back("result");
  if (summary_) {
    p.overlays.push_back("summary");
    p.summary.push_back(summary_->title);
    for (const auto* part : {&summary_->happened, &summary_->table})
      p.summary.insert(p.summary.end(), part->begin(), part->end());
    for (const auto& [who, line] : summary_->players) p.summary.push_back(who + ": " + line);
  }
  if (table_.pinned()) p.overlays.push_back("preview");
  if (messages_.has_banner()) p.overlays.push_back("banner");
  p.actor = session_->actor();
  p.bottom = bottom_;
  p.steps = static_cast<int>(session_->remote() ? session_->seq() : session_->game().steps());
  p.human_to_act = human_turn();
  p.over = session_->result().has_value();
  p.paused = paused_;
  if (p.over) p.result_text = session_->result()->text;
  if (p.over) p.headline = headline(*session_);
  p.banner = messages_.banner_text();
  p.notice = messages_.notice();
  p.rules_error = session_->error();
  p.reloads = session_->reloads();
  const auto& o = order();
  const SeatView& s = seat();
  for (int i : o.list) p.actions.push_back(s.action(i)->label);
  if (o.end_turn >= 0) p.end_turn = s.action(o.end_turn)->label;
  if (menu) {
    for (int i : menu->actions)
      if (const engine::Action* a = s.action(i)) p.menu.push_back(a->label);
    p.confirm = menu->confirm;
  }
  p.typed = choices_.typed();
  if (Rect r = table_.preview_rect(); r.w)
    p.preview = {"preview:" + std::to_string(table_.pinned() ? table_.pinned() : table_.hovered()),
                 r.x, r.y, r.w, r.h};
  const auto& hl = table_.highlights();
  const auto& layout = table_.layout(s);
  const auto& zones = s.view().zones;
  for (const auto& a : layout.areas)
    if (core::contains(hl.players, a.player))
      p.lit.push_back(
          {"player:" + std::to_string(a.player), a.rect.x, a.rect.y, a.rect.w, a.rect.h});
  for (const auto& z : layout.zones) {
    if (core::contains(hl.zones, zones[z.zone].name))
      p.lit.push_back({"zone:" + zones[z.zone].name, z.box.x, z.box.y, z.box.w, z.box.h});
    for (const auto& c : z.spots)
      if (c.id && core::contains(hl.focus_cards, c.id))
        p.lit.push_back({"card:" + std::to_string(c.id), c.rect.x, c.rect.y, c.rect.w, c.rect.h});
  }
  for (const auto& z : layout.zones)
    for (const auto& c : z.spots)
      p.cards.push_back({c.id, zones[z.zone].name, c.rect.x, c.rect.y, c.rect.w, c.rect.h,
                         c.id && core::contains(hl.playable, c.id), c.def, c.face_up,
                         s.marked(c.id)});
  for (const auto& [id, r] : table_.flying())
    p.flying.push_back({"flight:" + std::to_string(id), r.x, r.y, r.w, r.h});
  p.log = s.view().log;
  p.table_status = s.view().shared_status;
  for (auto& l : checklist_lines(s, session_->meta().layout, session_->card_defs()))
    p.table_status.push_back(std::move(l));
  p.status = s.view().status;
  return p;
}

}  // namespace ratify::gui
