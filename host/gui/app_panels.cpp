// Around the table: the top bar, the side panels (players, actions, log),
// the menus and windows over the table, and what tests probe.
#include <algorithm>
#include <cstdio>

#include "gui/app.hpp"
#include "gui/card_style.hpp"

namespace ratify::gui {

namespace {

const char* kSpeedName[] = {"slow", "normal", "fast", "instant"};

bool has(const std::vector<int>& v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}
bool has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

}  // namespace

void App::render() {
  hits_.clear();
  scale_ = std::clamp(std::min(cv_.w() / 1280.0, cv_.h() / 720.0), 0.7, 3.0);
  cv_.clear(theme::felt_dark);
  hover_next_ = -1;
  preview_rect_ = {};
  shown_texts_.clear();
  if (screen_ == Screen::Picker) {
    draw_picker();
  } else if (screen_ == Screen::Options) {
    draw_options();
  } else {
    int bar = px(40), side = std::clamp(cv_.w() * 27 / 100, px(280), px(440));
    table_rect_ = {0, bar, cv_.w() - side, cv_.h() - bar};
    Rect sidebar{cv_.w() - side, bar, side, cv_.h() - bar};
    if (curtain_) {
      draw_curtain();
      draw_notice(table_rect_);
    } else {
      draw_table(table_rect_);  // its highlights follow the last frame's hovered action
      draw_sidebar(sidebar);
      draw_banner(table_rect_);
      draw_notice(table_rect_);
      if (menu_) draw_menu();
      int card = 0;
      for (auto it = hits_.rbegin(); it != hits_.rend(); ++it)
        if (it->r.contains(mouse_x_, mouse_y_)) {
          card = it->card;
          break;
        }
      if (card != hover_card_) hover_card_ = card, hover_since_ = now_;
      if (pinned_)
        draw_preview(pinned_, true);
      else if (hover_card_ && now_ - hover_since_ >= 350 && !result_open_)
        draw_hover_preview(hover_card_);
      if (result_open_) draw_result();
    }
    draw_top_bar({0, 0, cv_.w(), bar});
  }
  if (help_) draw_help();
  hover_action_ = hover_next_;
}

bool App::button(Rect r, const std::string& label, const std::string& name,
                 std::function<void()> fn, bool enabled, bool active) {
  bool hover = enabled && r.contains(mouse_x_, mouse_y_);
  Color bg = active ? theme::notice : theme::panel_light;
  if (hover) bg = bg.mix({255, 255, 255, 255}, 0.15);
  cv_.fill(r, enabled ? bg : bg.with_alpha(110), px(6));
  cv_.text_in(r.inset(px(6)), label, font(13, active ? Weight::Bold : Weight::Regular),
              enabled ? theme::text : theme::muted, Align::Center);
  // A disabled button still takes its click (and is there for tests), but
  // does nothing.
  hit({r, enabled ? std::move(fn) : [] {}, {}, name});
  return hover;
}

void App::modal_blocker(std::function<void()> on_outside) {
  Hit h{{0, 0, cv_.w(), cv_.h()}, on_outside ? std::move(on_outside) : [] {}, [] {}, "", 0, true};
  hit(std::move(h));
}

// ------------------------------------------------------------ top bar

void App::draw_top_bar(Rect r) {
  cv_.fill(r, theme::bar);
  auto& meta = session_->loaded().meta();
  Font tf = font(16, Weight::Bold), sf = font(13);
  int x = r.x + px(12);
  x += cv_.text(x, r.y + (r.h - cv_.line_h(tf)) / 2, meta.name, tf, theme::text, px(260));
  if (const auto* v = session_->loaded().variant())
    x += cv_.text(x + px(8), r.y + (r.h - cv_.line_h(sf)) / 2, "\u00b7 " + v->name, sf,
                  theme::muted, px(160)) +
         px(8);
  int a = session_->actor();
  std::string status =
      session_->result()           ? "Game over"
      : !session_->error().empty() ? "Stopped: the rules failed"
      : human_turn()               ? "Your turn, " + player_name(a)
      : a && session_->human(a)    ? player_name(a) + " to act"
      : a ? player_name(a) + " (bot) is playing" + (paused_ ? " \u2014 paused" : "")
          : "";
  if (session_->humans() == 0 && !session_->result())
    status += see_all_ ? "  \u00b7  every hand shown (V)" : "  \u00b7  public cards only (V)";
  Color sc = human_turn() ? theme::playable : theme::text;
  // Buttons from the right edge leftwards.
  struct B {
    std::string label, name;
    std::function<void()> fn;
    bool enabled = true, active = false;
  };
  bool bots = session_->humans() < session_->players();
  std::vector<B> bs = {
      {"Help  F1", "button:help", [this] { help_ = !help_; }},
      {"+", "button:faster", [this] { speed_ = std::min(3, speed_ + 1); }, bots && speed_ < 3},
      {std::string("Bots: ") + kSpeedName[speed_], "", {}, false},
      {"\u2212", "button:slower", [this] { speed_ = std::max(0, speed_ - 1); }, bots && speed_ > 0},
      {paused_ ? "Resume" : "Pause", "button:pause", [this] { paused_ = !paused_; }, bots, paused_},
      {"New game", "button:new", [this] { new_game(); }},
      {"Options", "button:options", [this] { open_options(session_->settings().loaded); }},
      {"Undo", "button:undo", [this] { undo(); }, session_->humans() > 0},
      {"Games", "button:games", [this] { open_picker(); }},
  };
  int bx = r.right() - px(8), h = r.h - px(10);
  for (auto& b : bs) {
    int w = cv_.text_w(b.label, font(13, Weight::Bold)) + px(b.label.size() <= 3 ? 14 : 20);
    bx -= w;
    Rect br{bx, r.y + px(5), w, h};
    if (b.name.empty())
      cv_.text_in(br, b.label, font(13), theme::muted, Align::Center);
    else
      button(br, b.label, b.name, b.fn, b.enabled, b.active);
    bx -= px(6);
  }
  cv_.text(x + px(18), r.y + (r.h - cv_.line_h(sf)) / 2, status, font(13, Weight::Bold), sc,
           bx - x - px(24));
}

// ------------------------------------------------------------ side panels

void App::draw_sidebar(Rect r) {
  cv_.fill(r, theme::panel);
  Rect in = r.inset(px(10));
  int players_h = draw_players({in.x, in.y, in.w, in.h * 38 / 100});
  Rect rest{in.x, in.y + players_h + px(8), in.w, in.h - players_h - px(8)};
  // The list ends at a fixed height whatever the players' lines take, so
  // the End-turn button under it never moves.
  int actions_bottom = in.y + in.h * 70 / 100;
  actions_rect_ = {rest.x, rest.y, rest.w, std::max(px(120), actions_bottom - rest.y)};
  log_rect_ = {rest.x, actions_rect_.bottom() + px(8), rest.w,
               rest.bottom() - actions_rect_.bottom() - px(8)};
  draw_actions(actions_rect_);
  draw_log(log_rect_);
}

// The table's lines (the ruleset's table_status: the deal, the trump)
// once, under "Table"; then each player with their own status lines, all
// from the seat's view. When room is short the lines join into one
// paragraph, then one line each: every player stays listed.
int App::draw_players(Rect r) {
  Font hf = font(13.5, Weight::Bold), sf = font(12.5);
  int n = session_->players(), lh = cv_.line_h(sf), indent = px(14);
  const auto& table = view_.shared_status;
  auto own = view_.status;
  own.resize(n);
  auto block = [&](const std::vector<std::string>& lines, int mode) {
    std::vector<std::string> out;
    if (lines.empty()) return out;
    std::string joined;
    for (const auto& l : lines) joined += (joined.empty() ? "" : "  \u00b7  ") + l;
    if (mode == 2) return std::vector<std::string>{cv_.ellipsize(joined, sf, r.w - indent)};
    for (const auto& line : mode == 0 ? lines : std::vector<std::string>{joined})
      for (const auto& l : cv_.wrap(line, sf, r.w - indent)) out.push_back(l);
    return out;
  };
  int mode = 0;
  for (; mode < 2; ++mode) {
    int h = table.empty()
                ? 0
                : cv_.line_h(hf) + static_cast<int>(block(table, mode).size()) * lh + px(6);
    for (int p = 1; p <= n; ++p)
      h += cv_.line_h(hf) + static_cast<int>(block(own[p - 1], mode).size()) * lh + px(6);
    if (h <= r.h) break;
  }
  int y = r.y;
  cv_.clip(&r);
  auto lines_at = [&](const std::vector<std::string>& lines) {
    for (const auto& l : block(lines, mode)) {
      cv_.text(r.x + indent, y, l, sf, {205, 212, 218, 255});
      y += lh;
    }
    y += px(6);
  };
  if (!table.empty()) {
    cv_.text(r.x, y, "Table", hf, theme::muted, r.w);
    y += cv_.line_h(hf);
    lines_at(table);
  }
  for (int p = 1; p <= n && y < r.bottom(); ++p) {
    bool acting = session_->actor() == p;
    std::string who = (acting ? "\u25b6 " : "") + player_name(p) + " (" + seat_text(p) + ")";
    cv_.text(r.x, y, who, hf, acting ? theme::playable : theme::text, r.w);
    y += cv_.line_h(hf);
    lines_at(own[p - 1]);
  }
  cv_.clip(nullptr);
  cv_.line(r.x, std::min(y, r.bottom()), r.right(), std::min(y, r.bottom()), theme::panel_light);
  return std::min(y, r.bottom()) - r.y;
}

// The numbered list of the actor's actions, risky ones last, with
// markers for rows scrolled out of sight; the turn-ending action has a
// fixed button at the bottom (key E).
void App::draw_actions(Rect r) {
  Font tf = font(13.5, Weight::Bold), f = font(13), mf = font(12.5);
  int a = session_->actor();
  bool mine = human_turn(), onlooker = session_->humans() == 0;
  std::string title = mine                 ? "Your actions, " + player_name(a)
                      : session_->result() ? "Game over"
                      : a                  ? player_name(a) + " is choosing"
                                           : "Actions";
  cv_.text(r.x, r.y, title, tf, mine ? theme::playable : theme::text, r.w);
  if (!digits_.empty()) {
    std::string typed = digits_ + "\u2026  Enter: do it";
    cv_.text(r.right() - cv_.text_w(typed, f), r.y, typed, f, theme::selected);
  }
  int y = r.y + cv_.line_h(tf) + px(4);
  actions_max_scroll_ = 0;
  // An onlooker sees the actor's choices only when every hand is shown.
  if (!mine && (!onlooker || seat_actions().empty())) {
    std::string msg = session_->result()         ? "Ctrl+N starts a new game; R shows the result."
                      : a && !session_->human(a) ? (paused_ ? "Bots are paused: Space resumes."
                                                            : "The bot moves after a short pause.")
                                                 : "";
    cv_.paragraph({r.x, y, r.w, r.bottom() - y}, msg, f, theme::muted);
    return;
  }
  const auto& o = order();
  int bottom = r.bottom();
  if (const engine::Action* end = seat_action(o.end_turn)) {
    // Always in the same place, whatever the list's length or scroll.
    Rect b{r.x, r.bottom() - px(38), r.w, px(36)};
    int i = o.end_turn;
    button(
        b, end->label + "   (E)", "button:end-turn", [this, i] { choose_action(i); }, mine, mine);
    bottom = b.y - px(6);
  }
  int n = static_cast<int>(o.list.size()), lh = cv_.line_h(f), mh = cv_.line_h(mf);
  if (n == 0 && o.end_turn >= 0)
    cv_.paragraph({r.x, y, r.w, bottom - y}, "Nothing else to do: end your turn (E).", f,
                  theme::muted);
  int numw = cv_.text_w("00", font(12, Weight::Bold)) + px(12), tw = r.w - numw - px(10);
  int first_risky = n;
  for (int k = 0; k < n; ++k)
    if (o.risky[o.list[k]]) {
      first_risky = k;
      break;
    }
  std::vector<std::vector<std::string>> lines(n);
  std::vector<int> hs(n);
  for (int k = 0; k < n; ++k) {
    lines[k] = cv_.wrap(seat_action(o.list[k])->label, f, tw);
    if (lines[k].size() > 2)
      lines[k] = {lines[k][0], cv_.ellipsize(lines[k][1] + " " + lines[k][2], f, tw)};
    hs[k] = static_cast<int>(lines[k].size()) * lh + px(6) + px(2);
    if (k == first_risky && k > 0) hs[k] += mh + px(6);  // the "risky" divider above it
  }
  // How far down the list can go: the last rows fill the panel.
  int room = bottom - y;
  for (int s = 0, used = 0; s < n; ++s) {
    used = 0;
    for (int k = s; k < n; ++k) used += hs[k];
    if (used <= room - (s > 0 ? mh : 0)) {
      actions_max_scroll_ = s;
      break;
    }
  }
  actions_scroll_ = std::clamp(actions_scroll_, 0, actions_max_scroll_);
  long typed = digits_.empty() ? 0 : std::stol(digits_);
  if (actions_scroll_ > 0) {
    Rect up{r.x, y, r.w, mh};
    cv_.text(r.x, y, "\u25b2 " + std::to_string(actions_scroll_) + " more above (scroll)", mf,
             theme::selected);
    hit({up, [this] { actions_scroll_ = std::max(0, actions_scroll_ - 3); }, {}, "scroll:up"});
    y += mh;
  }
  int k = actions_scroll_;
  for (; k < n; ++k) {
    int i = o.list[k], h = hs[k];
    if (y + h > bottom - (k + 1 < n ? mh : 0)) break;
    if (k == first_risky && k > 0) {
      cv_.line(r.x, y + mh / 2, r.x + px(8), y + mh / 2, theme::danger);
      int w = cv_.text(r.x + px(12), y, "Risky: each asks to confirm", mf, {235, 130, 130, 255});
      cv_.line(r.x + px(18) + w, y + mh / 2, r.right(), y + mh / 2, theme::danger);
      y += mh + px(6);
      h -= mh + px(6);
    }
    Rect row{r.x, y, r.w, h - px(2)};
    bool hover = row.contains(mouse_x_, mouse_y_) && mine;
    bool focus = (selected_ && has(seat_action(i)->cards, selected_)) ||
                 (menu_ && has(menu_->actions, i)) || typed == k + 1;
    if (hover) hover_next_ = i;
    if (hover || focus)
      cv_.fill(row, hover ? theme::panel_light.mix({255, 255, 255, 255}, 0.1) : theme::panel_light,
               px(5));
    Rect num{r.x + px(2), y + px(3), numw - px(6), lh};
    Color badge = !mine ? theme::panel_light : o.risky[i] ? theme::danger : theme::playable;
    cv_.fill(num, badge, px(4));
    cv_.text_in(num, std::to_string(k + 1), font(12, Weight::Bold),
                !mine        ? theme::muted
                : o.risky[i] ? theme::text
                             : theme::dark_text,
                Align::Center);
    for (size_t l = 0; l < lines[k].size(); ++l)
      cv_.text(r.x + numw, y + px(3) + static_cast<int>(l) * lh, lines[k][l], f,
               mine ? theme::text : theme::muted);
    if (mine) hit({row, [this, i] { choose_action(i); }, {}, "action:" + std::to_string(k + 1)});
    y += h;
  }
  if (k < n) {
    Rect down{r.x, bottom - mh, r.w, mh};
    cv_.text(r.x, down.y, "\u25bc " + std::to_string(n - k) + " more below (scroll)", mf,
             theme::selected);
    hit({down,
         [this] { actions_scroll_ = std::min(actions_max_scroll_, actions_scroll_ + 3); },
         {},
         "scroll:down"});
  }
}

void App::draw_log(Rect r) {
  Font tf = font(13.5, Weight::Bold), f = font(12.5);
  cv_.line(r.x, r.y - px(4), r.right(), r.y - px(4), theme::panel_light);
  cv_.text(r.x, r.y, "Game log", tf, theme::text);
  const auto& log = shown_log();
  int n = static_cast<int>(log.size()), lh = cv_.line_h(f);
  log_scroll_ = std::clamp(log_scroll_, 0, std::max(0, n - 1));
  if (log_scroll_) {
    std::string more = "\u25b2 " + std::to_string(log_scroll_) + " newer below";
    cv_.text(r.right() - cv_.text_w(more, f), r.y, more, f, theme::muted);
  }
  int top = r.y + cv_.line_h(tf) + px(2), y = r.bottom();
  for (int i = n - 1 - log_scroll_; i >= 0 && y > top; --i) {
    auto lines = cv_.wrap(log[i], f, r.w - px(10));
    if (y - static_cast<int>(lines.size()) * lh < top) break;  // whole entries only
    for (int k = static_cast<int>(lines.size()) - 1; k >= 0; --k) {
      y -= lh;
      Color c = i == n - 1 ? theme::text : Color{185, 192, 200, 255};
      cv_.text(r.x + (k ? px(10) : 0), y, lines[k], f, c);
    }
    y -= px(2);
  }
}

// ------------------------------------------------------------ overlays

void App::draw_menu() {
  Font f = font(13.5), tf = font(12.5, Weight::Bold);
  int lh = cv_.line_h(f), row_h = lh + px(10), numw = cv_.text_w("0", f) + px(18);
  int w = px(220);
  for (int i : menu_->actions)
    if (const engine::Action* a = seat_action(i))
      w = std::max(w, cv_.text_w(a->label, f) + numw + px(24));
  std::string title = menu_->confirm ? "Are you sure? (1 or Enter: yes, Esc: no)"
                                     : "Choose (1\u2013" + std::to_string(menu_->actions.size()) +
                                           ", Esc to cancel)";
  w = std::max(w, cv_.text_w(title, tf) + px(24));
  w = std::min({w, px(600), table_rect_.w - px(20)});
  int n = static_cast<int>(menu_->actions.size());
  // A risky action's menu asks once more, with the ruleset's warning.
  std::vector<std::string> warn;
  if (menu_->confirm)
    warn = cv_.wrap(menu_->warning.empty() ? "This action may cost you the game." : menu_->warning,
                    f, w - px(24));
  int head = px(30) + static_cast<int>(warn.size()) * lh + (warn.empty() ? 0 : px(6));
  int h = head + n * row_h + px(6);
  const Rect& a = menu_->anchor;
  int x = std::clamp(a.cx() - w / 2, table_rect_.x + px(8),
                     std::max(table_rect_.x + px(8), table_rect_.right() - w - px(8)));
  int y = a.y - h - px(10) >= table_rect_.y + px(4) ? a.y - h - px(10) : a.bottom() + px(10);
  y = std::clamp(y, table_rect_.y + px(4), std::max(table_rect_.y + px(4), cv_.h() - h - px(4)));
  Rect panel{x, y, w, h};
  menu_->panel = panel;
  bool confirm = menu_->confirm;
  Color edge = confirm ? theme::danger : theme::selected;
  cv_.fill({x + px(3), y + px(4), w, h}, {0, 0, 0, 90}, px(10));
  cv_.fill(panel, theme::panel, px(10));
  cv_.frame(panel, edge, px(10), px(2));
  cv_.text(x + px(12), y + px(8), title, tf, confirm ? Color{255, 170, 170, 255} : theme::muted,
           w - px(24));
  for (size_t l = 0; l < warn.size(); ++l)
    cv_.text(x + px(12), y + px(30) + static_cast<int>(l) * lh, warn[l], f, theme::text,
             w - px(24));
  hit({panel, [] {}, {}, "menu"});
  for (int k = 0; k < n; ++k) {
    int i = menu_->actions[k];
    const engine::Action* a = seat_action(i);
    if (!a) continue;
    Rect row{x + px(6), y + head + k * row_h, w - px(12), row_h};
    bool hover = row.contains(mouse_x_, mouse_y_);
    if (hover) hover_next_ = i, cv_.fill(row, theme::panel_light, px(6));
    Rect num{row.x + px(4), row.y + px(4), numw - px(8), row_h - px(8)};
    cv_.fill(num, edge, px(4));
    cv_.text_in(num, std::to_string(k + 1), font(12.5, Weight::Bold),
                confirm ? theme::text : theme::dark_text, Align::Center);
    cv_.text_in({row.x + numw, row.y, row.w - numw - px(6), row.h}, a->label, f, theme::text);
    hit({row,
         [this, i, confirm] { choose_action(i, confirm); },
         {},
         "menu:" + std::to_string(k + 1)});
  }
}

void App::draw_result() {
  const auto& r = *session_->result();
  cv_.fill(table_rect_, {0, 0, 0, 120});
  modal_blocker([this] { result_open_ = false; });
  int n = session_->players();
  Font f = font(15), bf = font(15, Weight::Bold);
  int lh = cv_.line_h(f) + px(6);
  int w = std::min(table_rect_.w - px(40), px(560));
  auto text_lines = cv_.wrap(r.text, f, w - px(48));
  int h = px(60) + static_cast<int>(text_lines.size()) * cv_.line_h(f) + px(16) + n * lh + px(80);
  Rect p{table_rect_.cx() - w / 2, table_rect_.cy() - h / 2, w, h};
  cv_.fill(p, theme::panel, px(14));
  cv_.frame(p, theme::playable, px(14), px(2));
  cv_.text(p.x + px(24), p.y + px(16), "Game over", font(24, Weight::Bold), theme::playable);
  int y = p.y + px(60);
  for (const auto& l : text_lines)
    y += (cv_.text(p.x + px(24), y, l, f, theme::text), cv_.line_h(f));
  y += px(16);
  for (int pl = 1; pl <= n; ++pl) {
    bool won = has(r.winners, pl);
    std::string who =
        (won ? "\u2605 " : "   ") + player_name(pl) + (session_->human(pl) ? "" : " (bot)");
    cv_.text(p.x + px(24), y, who, won ? bf : f, won ? theme::playable : theme::text);
    if (pl - 1 < static_cast<int>(r.scores.size())) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%g", r.scores[pl - 1]);
      cv_.text(p.right() - px(24) - cv_.text_w(buf, bf), y, buf, bf, theme::text);
    }
    y += lh;
  }
  if (r.winners.empty()) cv_.text(p.x + px(24), y, "Nobody wins.", f, theme::muted);
  int bw = (w - px(48) - px(20)) / 3, by = p.bottom() - px(56);
  button(
      {p.x + px(24), by, bw, px(40)}, "New game", "button:result-new", [this] { new_game(); }, true,
      true);
  button({p.x + px(34) + bw, by, bw, px(40)}, "Options", "button:result-options",
         [this] { open_options(session_->settings().loaded); });
  button({p.x + px(44) + 2 * bw, by, bw, px(40)}, "See the table", "button:result-close",
         [this] { result_open_ = false; });
}

void App::draw_banner(Rect table) {
  std::string title = banner_title_, body = banner_;
  bool fixed_only = false;
  if (!session_->error().empty()) {
    title = "The rules failed: the game cannot go on (fix the ruleset and save; it reloads)";
    body = session_->error();
    fixed_only = true;
  }
  if (body.empty()) return;
  Font tf = font(14, Weight::Bold), f = font(13);
  int w = table.w - px(24);
  auto lines = cv_.wrap(body, f, w - px(60));
  if (lines.size() > 8) lines.resize(8);
  int lh = cv_.line_h(f),
      h = px(16) + cv_.line_h(tf) + px(6) + static_cast<int>(lines.size()) * lh + px(28);
  Rect b{table.x + px(12), table.y + px(10), w, h};
  cv_.fill(b, theme::danger.with_alpha(245), px(10));
  cv_.text(b.x + px(16), b.y + px(10), title, tf, {255, 255, 255, 255}, w - px(70));
  int y = b.y + px(14) + cv_.line_h(tf);
  for (const auto& l : lines) y += (cv_.text(b.x + px(16), y, l, f, {255, 240, 240, 255}), lh);
  cv_.text(b.x + px(16), b.bottom() - px(22),
           fixed_only ? "Undo (Ctrl+Z) or a new game (Ctrl+N) also gets you going."
                      : "Esc or \u00d7 to dismiss; the game goes on.",
           font(12), {255, 220, 220, 255});
  hit({b, [] {}, {}, "banner"});
  if (!fixed_only)
    button({b.right() - px(40), b.y + px(8), px(30), px(28)}, "\u00d7", "button:dismiss", [this] {
      banner_.clear();
      banner_title_.clear();
    });
}

void App::draw_notice(Rect table) {
  if (notice_.empty() || now_ >= notice_until_) return;
  // One line, or more: a reload's notice names what changed on a second.
  std::vector<std::string> lines;
  for (size_t from = 0;;) {
    size_t nl = notice_.find('\n', from);
    lines.push_back(notice_.substr(from, nl == std::string::npos ? nl : nl - from));
    if (nl == std::string::npos) break;
    from = nl + 1;
  }
  Font f = font(13.5, Weight::Bold), rest = font(13);
  int w = 0, lh = cv_.line_h(f), n = static_cast<int>(lines.size());
  for (int k = 0; k < n; ++k) w = std::max(w, cv_.text_w(lines[k], k ? rest : f));
  w = std::min(w + px(32), table.w - px(40));
  int h = lh * n + px(14);
  int y = table.y + px(10) + (banner_.empty() && session_->error().empty() ? 0 : px(140));
  Rect r{table.cx() - w / 2, y, w, h};
  cv_.fill(r, theme::notice.with_alpha(240), n == 1 ? h / 2 : px(12));
  for (int k = 0; k < n; ++k)
    cv_.text_in({r.x + px(14), r.y + px(7) + k * lh, r.w - px(28), lh}, lines[k], k ? rest : f,
                {255, 255, 255, 255}, Align::Center);
}

// ------------------------------------------------------------ probe

const ProbeBox* Probe::find(const std::string& name) const {
  for (auto it = boxes.rbegin(); it != boxes.rend(); ++it)
    if (it->name == name) return &*it;
  return nullptr;
}

Probe App::probe() {
  Probe p;
  p.screen = screen_ == Screen::Picker    ? "picker"
             : screen_ == Screen::Options ? "options"
                                          : "table";
  if (help_) {
    p.overlays.push_back("help");
    for (const auto& l : help_lines_) p.help.push_back(l.text);
    p.help_scroll = help_scroll_;
  }
  p.texts = shown_texts_;
  if (screen_ == Screen::Picker && picker_sel_ >= 0 &&
      picker_sel_ < static_cast<int>(picker_.size()))
    p.game = picker_[picker_sel_].title;
  else if (screen_ == Screen::Options && pending_)
    p.game = pending_->settings.loaded->meta().name;
  else if (session_)
    p.game = session_->loaded().meta().name;
  for (const auto& h : hits_)
    if (!h.name.empty()) p.boxes.push_back({h.name, h.r.x, h.r.y, h.r.w, h.r.h});
  if (screen_ == Screen::Picker)
    for (const auto& r : picker_) p.picker.push_back(r.title);
  if (screen_ != Screen::Table || !session_) return p;
  if (menu_) p.overlays.push_back("menu");
  if (curtain_) p.overlays.push_back("curtain");
  if (result_open_) p.overlays.push_back("result");
  if (pinned_) p.overlays.push_back("preview");
  if (!banner_.empty()) p.overlays.push_back("banner");
  p.actor = session_->actor();
  p.bottom = bottom_;
  p.steps = static_cast<int>(session_->game().steps());
  p.human_to_act = human_turn();
  p.over = session_->result().has_value();
  p.paused = paused_;
  if (p.over) p.result_text = session_->result()->text;
  p.banner = banner_title_ + (banner_.empty() ? "" : ": " + banner_);
  p.notice = now_ < notice_until_ ? notice_ : "";
  p.rules_error = session_->error();
  p.reloads = session_->reloads();
  const auto& o = order();
  for (int i : o.list) p.actions.push_back(seat_action(i)->label);
  if (o.end_turn >= 0) p.end_turn = seat_action(o.end_turn)->label;
  if (menu_) {
    for (int i : menu_->actions)
      if (const engine::Action* a = seat_action(i)) p.menu.push_back(a->label);
    p.confirm = menu_->confirm;
  }
  p.typed = digits_;
  if (preview_rect_.w)
    p.preview = {"preview:" + std::to_string(pinned_ ? pinned_ : hover_card_), preview_rect_.x,
                 preview_rect_.y, preview_rect_.w, preview_rect_.h};
  for (const auto& a : layout_.areas)
    if (has(hl_.players, a.player))
      p.lit.push_back(
          {"player:" + std::to_string(a.player), a.rect.x, a.rect.y, a.rect.w, a.rect.h});
  for (const auto& z : layout_.zones) {
    if (has(hl_.zones, view_.zones[z.zone].name))
      p.lit.push_back({"zone:" + view_.zones[z.zone].name, z.box.x, z.box.y, z.box.w, z.box.h});
    for (const auto& s : z.spots)
      if (s.id && has(hl_.focus_cards, s.id))
        p.lit.push_back({"card:" + std::to_string(s.id), s.rect.x, s.rect.y, s.rect.w, s.rect.h});
  }
  for (const auto& z : layout_.zones)
    for (const auto& s : z.spots)
      p.cards.push_back({s.id, view_.zones[z.zone].name, s.rect.x, s.rect.y, s.rect.w, s.rect.h,
                         s.id && has(hl_.playable, s.id), s.def, s.face_up});
  p.log = shown_log();
  p.table_status = view_.shared_status;
  p.status = view_.status;
  return p;
}

}  // namespace ratify::gui
