// The table itself: players' areas, zones, cards, highlights, the large
// card preview and the hotseat curtain.
#include <algorithm>

#include "gui/app.hpp"
#include "gui/card_draw.hpp"
#include "gui/card_style.hpp"

namespace ratify::gui {

namespace {

bool has(const std::vector<int>& v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}
bool has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}
void add(std::vector<int>& v, int x) {
  if (x && !has(v, x)) v.push_back(x);
}

}  // namespace

// What to light up: every card the human can play; and for the card in
// hand (or the action under the mouse, or the open menu) its cards,
// target players and zones.
void App::compute_highlights() {
  hl_ = {};
  if (!human_turn()) return;
  for (const auto& a : seat_actions())
    for (int c : a.action.cards) add(hl_.playable, c);
  std::vector<int> focus;
  if (menu_)
    focus = menu_->actions;
  else if (seat_action(hover_action_))
    focus = {hover_action_};
  else if (selected_)
    focus = actions_with_card(selected_);
  for (int i : focus) {
    const engine::Action* a = seat_action(i);
    if (!a) continue;
    for (int c : a->cards) add(hl_.focus_cards, c);
    add(hl_.players, a->target);
    if (!a->zone.empty() && !has(hl_.zones, a->zone)) hl_.zones.push_back(a->zone);
  }
}

void App::draw_table(Rect area) {
  ensure_view();
  if (layout_.card_w == 0) {
    LayoutInput in;
    in.view = &view_;
    in.hints = &session_->loaded().meta().layout;
    in.defs = &session_->game().state().card_defs();
    in.players = session_->players();
    in.bottom = bottom_;
    in.table = area.inset(px(4));
    in.scale = scale_;
    Font lf = font(12.5);
    in.label_width = [this, lf](const std::string& s) { return cv_.text_w(s, lf); };
    in.bold_width = [this](const std::string& s, int px) {
      return cv_.text_w(s, {px, Weight::Bold});
    };
    in.memory = &layout_memory_;
    layout_ = lay_out_table(in);
    cv_.set_image_dirs({session_->loaded().meta().dir.string(), assets_dir().string()});
  }
  compute_highlights();
  cv_.fill(area, theme::felt);
  for (const auto& a : layout_.areas) draw_area(a);
  for (const auto& z : layout_.zones) draw_zone(z);
  for (const auto& z : layout_.zones) draw_cards(z);
  draw_table_marks(cv_, layout_, font(12.5, Weight::Bold));
}

void App::draw_area(const PlayerArea& a) {
  int p = a.player;
  bool acting = session_->actor() == p, target = has(hl_.players, p);
  Rect r = a.rect.inset(px(3));
  cv_.fill(r, acting ? theme::area_actor : theme::area, px(10));
  if (target) cv_.frame(r, theme::target, px(10), px(3));
  std::string who = player_name(p) + " \u00b7 " + seat_text(p);
  Rect head{r.x + px(10), r.y, r.w - px(20), a.header.h};
  Font f = font(13.5, Weight::Bold);
  int w = cv_.text(head.x, head.y + (head.h - cv_.line_h(f)) / 2, who, f, theme::text, head.w);
  if (acting) {
    Font tf = font(12.5, Weight::Bold);
    cv_.text(head.x + w + px(10), head.y + (head.h - cv_.line_h(tf)) / 2, "\u25c0 to act", tf,
             theme::playable, head.w - w - px(10));
  }
  hit({a.rect, [this, p] { click_player(p); }, {}, "player:" + std::to_string(p)});
}

void App::draw_zone(const ZoneSpot& z) {
  const auto& zv = view_.zones[z.zone];
  bool target = has(hl_.zones, zv.name);
  Font lf = font(12.5);
  cv_.text(z.box.x, z.box.y + px(1), z.title, lf, target ? theme::target : theme::muted, z.box.w);
  Rect slot = z.spots.empty() ? z.slot : z.spots.front().rect;
  if (z.count == 0) draw_empty_slot(cv_, slot, target ? theme::target : Color{255, 255, 255, 70});
  if (target) {
    Rect all = slot;
    for (const auto& s : z.spots) all.w = std::max(all.w, s.rect.right() - all.x);
    cv_.frame({all.x - px(4), all.y - px(4), all.w + px(8), all.h + px(8)}, theme::target, px(8),
              px(3));
  }
  std::string name = zv.name;
  hit({z.box, [this, name] { click_zone(name); }, {}, "zone:" + name});
}

void App::draw_cards(const ZoneSpot& z) {
  const auto& zv = view_.zones[z.zone];
  const auto& defs = session_->game().state().card_defs();
  std::string name = zv.name;
  for (size_t k = 0; k < z.spots.size(); ++k) {
    const auto& s = z.spots[k];
    Rect r = s.rect;
    // The next card of a row or spread covers all but this much.
    int visible = k + 1 < z.spots.size() && z.fan != Fan::Column && z.spots[k + 1].rect.y == r.y
                      ? z.spots[k + 1].rect.x - r.x
                      : 0;
    bool sel = s.id && s.id == selected_, focus = s.id && has(hl_.focus_cards, s.id);
    bool playable = s.id && has(hl_.playable, s.id);
    if (sel) r.y -= r.h / 10;  // lifted out of the hand
    if (s.face_up && s.def >= 0 && s.def < static_cast<int>(defs.size()))
      draw_card_face(cv_, r, defs[s.def], false, visible);
    else
      draw_card_back(cv_, r);
    bool recent = s.id && now_ - moved_at_ < 1600 && has(moved_, s.id);
    if (sel || focus)
      draw_card_ring(cv_, r, theme::selected, px(3));
    else if (playable)
      draw_card_ring(cv_, r, theme::playable, px(3));
    else if (recent)
      draw_card_ring(cv_, r, {255, 255, 255, 200}, px(3));
    int id = s.id;
    Hit h{s.rect, [this, id, name] { id ? click_card(id, name) : click_zone(name); },
          [this, id] { pinned_ = id; }, id ? "card:" + std::to_string(id) : "zone:" + name, id};
    hit(std::move(h));
  }
  bool badge =
      z.count > 1 && (z.fan == Fan::Stack || (z.spots.size() > 1 && !z.spots.back().face_up));
  if (badge && !z.spots.empty()) {
    const Rect& top = z.spots.back().rect;
    draw_count_badge(cv_, top.right(), top.y, z.count, font(11.5, Weight::Bold).px);
  }
}

// The face of a card the seat sees, from its view; nullptr when it sees a
// back (or no such card).
const core::CardDef* App::seen_def(int card) {
  if (card < 1) return nullptr;
  const auto& defs = session_->game().state().card_defs();
  for (const auto& z : view_.zones)
    for (const auto& c : z.cards)
      if (c.id == card && c.face_up && c.def >= 0 && c.def < static_cast<int>(defs.size()))
        return &defs[static_cast<size_t>(c.def)];
  return nullptr;
}

void App::draw_preview(int card, bool pinned) {
  const core::CardDef* def = seen_def(card);
  if (!def) return;
  const Rect& table = table_rect_;
  int h = std::min(static_cast<int>(cv_.h() * 0.66), px(470)),
      w = static_cast<int>(h * kCardAspect);
  Rect r{table.x + (table.w - w) / 2, table.y + (table.h - h) / 2, w, h};
  if (pinned) {
    cv_.fill({0, 0, cv_.w(), cv_.h()}, {0, 0, 0, 140});
    modal_blocker([this] { pinned_ = 0; });
  }
  preview_rect_ = r;
  draw_card_face(cv_, r, *def, true);
}

namespace {

bool overlap(const Rect& a, const Rect& b) {
  return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

}  // namespace

// The large card for the card under the mouse: beside that card, else in
// a corner of the table, smaller if need be, but never over the open
// menu, the lit targets, the picked card or the card pointed at; when
// nothing fits it stays hidden (right-click shows it anyway).
void App::draw_hover_preview(int card) {
  const core::CardDef* def = seen_def(card);
  if (!def) return;
  std::vector<Rect> keep;
  Rect at{mouse_x_, mouse_y_, 1, 1};  // the card pointed at
  if (menu_ && menu_->panel.w) keep.push_back(menu_->panel);
  for (const auto& a : layout_.areas)
    if (has(hl_.players, a.player)) keep.push_back(a.rect);
  for (const auto& z : layout_.zones) {
    if (has(hl_.zones, view_.zones[z.zone].name)) keep.push_back(z.box);
    for (const auto& s : z.spots)
      if (s.id && (s.id == card || s.id == selected_ || has(hl_.focus_cards, s.id)))
        keep.push_back(s.rect);
    for (const auto& s : z.spots)
      if (s.id == card && s.rect.contains(mouse_x_, mouse_y_)) at = s.rect;
  }
  const Rect& table = table_rect_;
  int m = px(8);
  for (double size : {1.0, 0.8, 0.62}) {
    int h = static_cast<int>(std::min(static_cast<int>(cv_.h() * 0.66), px(470)) * size),
        w = static_cast<int>(h * kCardAspect);
    if (w > table.w - 2 * m || h > table.h - 2 * m) continue;
    int ymouse = std::clamp(at.cy() - h / 2, table.y + m, table.bottom() - h - m);
    int right = std::min(table.right() - w - m, at.right() + px(16)),
        left = std::max(table.x + m, at.x - w - px(16));
    std::vector<Rect> spots;
    if (at.cx() < table.cx())
      spots = {{right, ymouse, w, h}, {left, ymouse, w, h}};
    else
      spots = {{left, ymouse, w, h}, {right, ymouse, w, h}};
    for (int cy : {table.y + m, table.bottom() - h - m})
      for (int cx : {table.x + m, table.right() - w - m}) spots.push_back({cx, cy, w, h});
    for (const auto& r : spots) {
      bool clear = !r.contains(mouse_x_, mouse_y_);
      for (const auto& k : keep) clear = clear && !overlap(r, k);
      if (!clear) continue;
      preview_rect_ = r;
      draw_card_face(cv_, r, *def, true);
      return;
    }
  }
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
  modal_blocker({});
  button({panel.cx() - px(150), panel.bottom() - px(70), px(300), px(44)},
         "I am " + player_name(p) + ": show", "button:curtain", reveal, true, true);
}

}  // namespace ratify::gui
