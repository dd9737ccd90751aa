#include "gui/side_panel.hpp"

#include <algorithm>

#include "core/words.hpp"
#include "gui/card_style.hpp"

namespace ratify::gui {

SidePanel::SidePanel(Frame& f, std::function<void(int)> choose)
    : Part(f), choose_(std::move(choose)) {}

void SidePanel::scroll_actions(int rows) {
  actions_scroll_ = std::clamp(actions_scroll_ + rows, 0, actions_max_scroll_);
}

void SidePanel::scroll_log(int lines) {
  log_scroll_ = std::max(0, log_scroll_ + lines);
}

void SidePanel::draw(Rect r, const SideFacts& t) {
  cv_.fill(r, theme::panel);
  Rect in = r.inset(px(10));
  int players_h = draw_players({in.x, in.y, in.w, in.h * 38 / 100}, t);
  Rect rest{in.x, in.y + players_h + px(8), in.w, in.h - players_h - px(8)};
  // The list ends at a fixed height whatever the players' lines take, so
  // the End-turn button under it never moves.
  int actions_bottom = in.y + in.h * 70 / 100;
  actions_rect_ = {rest.x, rest.y, rest.w, std::max(px(120), actions_bottom - rest.y)};
  log_rect_ = {rest.x, actions_rect_.bottom() + px(8), rest.w,
               rest.bottom() - actions_rect_.bottom() - px(8)};
  draw_actions(actions_rect_, t);
  draw_log(log_rect_, t.seat.view().log);
}

// The table's lines (the ruleset's table_status: the deal, the trump)
// once, under "Table"; then each player with their own status lines, all
// from the seat's view. When room is short the lines join into one
// paragraph, then one line each: every player stays listed.
int SidePanel::draw_players(Rect r, const SideFacts& t) {
  Font hf = font(13.5, Weight::Bold), sf = font(12.5);
  int n = t.session.players(), lh = cv_.line_h(sf), indent = px(14);
  auto table = t.seat.view().shared_status;
  // What the seat has ruled out, as the ruleset keeps it (a `checklist`
  // hint): Escaped's suspects; only the count when the table lists them.
  if (t.checklist_on_table)
    for (auto& c : checklists(t.seat, t.session.meta().layout, t.session.card_defs()))
      table.push_back(std::move(c.title));
  else
    for (auto& l : checklist_lines(t.seat, t.session.meta().layout, t.session.card_defs()))
      table.push_back(std::move(l));
  auto own = t.seat.view().status;
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
    bool acting = t.session.actor() == p;
    std::string who =
        (acting ? "\u25b6 " : "") + player_name(p) + " (" + seat_text(t.session, p) + ")";
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
void SidePanel::draw_actions(Rect r, const SideFacts& t) {
  Font tf = font(13.5, Weight::Bold), f = font(13), mf = font(12.5);
  Session& session = t.session;
  Choices& choices = t.choices;
  int a = session.actor();
  bool mine = t.mine, onlooker = session.humans() == 0;
  std::string title = mine               ? "Your actions, " + player_name(a)
                      : session.result() ? "Game over"
                      : a                ? player_name(a) + " is choosing"
                                         : "Actions";
  cv_.text(r.x, r.y, title, tf, mine ? theme::playable : theme::text, r.w);
  const std::string& digits = choices.typed();
  if (!digits.empty()) {
    std::string typed = digits + "\u2026  Enter: do it";
    cv_.text(r.right() - cv_.text_w(typed, f), r.y, typed, f, theme::selected);
  }
  int y = r.y + cv_.line_h(tf) + px(4);
  actions_max_scroll_ = 0;
  // An onlooker sees the actor's choices only when every hand is shown.
  if (!mine && (!onlooker || t.seat.actions().empty())) {
    std::string msg = session.remote()         ? remote_waiting(session)
                      : session.result()       ? "Ctrl+N starts a new game; R shows the result."
                      : a && !session.human(a) ? (t.paused ? "Bots are paused: Space resumes."
                                                           : "The bot moves after a short pause.")
                                               : "";
    cv_.paragraph({r.x, y, r.w, r.bottom() - y}, msg, f, theme::muted);
    return;
  }
  const auto& o = choices.order(t.seat);
  int bottom = r.bottom();
  if (const engine::Action* end = t.seat.action(o.end_turn)) {
    // Always in the same place, whatever the list's length or scroll.
    Rect b{r.x, r.bottom() - px(38), r.w, px(36)};
    int i = o.end_turn;
    button(
        b, end->label + "   (E)", "button:end-turn", [this, i] { choose_(i); }, mine, mine);
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
    lines[k] = cv_.wrap(t.seat.action(o.list[k])->label, f, tw);
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
  long typed = digits.empty() ? 0 : std::stol(digits);
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
    bool hover = f_.over(row) && mine;
    bool focus = (choices.selected && core::contains(t.seat.action(i)->cards, choices.selected)) ||
                 (choices.menu && core::contains(choices.menu->actions, i)) || typed == k + 1;
    if (hover) choices.hover_next = i;
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
    if (mine) hit({row, [this, i] { choose_(i); }, {}, "action:" + std::to_string(k + 1)});
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

void SidePanel::draw_log(Rect r, const std::vector<std::string>& log) {
  Font tf = font(13.5, Weight::Bold), f = font(12.5);
  cv_.line(r.x, r.y - px(4), r.right(), r.y - px(4), theme::panel_light);
  cv_.text(r.x, r.y, "Game log", tf, theme::text);
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

}  // namespace ratify::gui
