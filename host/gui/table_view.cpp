#include "gui/table_view.hpp"

#include <algorithm>

#include "core/words.hpp"
#include "gui/card_draw.hpp"
#include "gui/card_style.hpp"

namespace ratify::gui {

namespace {

void add(std::vector<int>& v, int x) {
  if (x && !core::contains(v, x)) v.push_back(x);
}

}  // namespace

TableView::TableView(Frame& f, TableClicks& clicks) : Part(f), clicks_(clicks) {}

const TableLayout& TableView::layout(const SeatView& seat) {
  if (layout_serial_ != seat.serial()) layout_ = {}, layout_serial_ = seat.serial();
  return layout_;
}

void TableView::light(const TableFacts& t) {
  hl_ = {};
  if (!t.mine) return;
  const auto& seat = t.seat;
  const auto& c = t.choices;
  for (const auto& a : seat.actions())
    for (int card : a.action.cards) add(hl_.playable, card);
  // A face-up card in a hand beside an offered copy of itself is ringed
  // too: one of two identical cards lit looked like the other could not
  // be played. (A pile's copy under its top is no such choice.)
  for (const auto& z : seat.view().zones) {
    if (z.kind != "hand") continue;
    for (const auto& offered : z.cards)
      if (offered.id && offered.def >= 0 && core::contains(hl_.playable, offered.id))
        for (const auto& copy : z.cards)
          if (copy.id && copy.face_up && copy.def == offered.def &&
              !core::contains(hl_.playable, copy.id) && !hl_.twin_of.count(copy.id))
            hl_.twin_of[copy.id] = offered.id;
  }
  for (const auto& [copy, offered] : hl_.twin_of) hl_.playable.push_back(copy);
  std::vector<int> focus;
  if (c.menu)
    focus = c.menu->actions;
  else if (seat.action(c.hover_action))
    focus = {c.hover_action};
  else if (c.selected)
    focus = Choices::with_card(seat, c.selected);
  for (int i : focus) {
    const engine::Action* a = seat.action(i);
    if (!a) continue;
    for (int c : a->cards) add(hl_.focus_cards, c);
    add(hl_.players, a->target);
    if (!a->zone.empty() && !core::contains(hl_.zones, a->zone)) hl_.zones.push_back(a->zone);
  }
}

void TableView::draw(Rect area, const TableFacts& t) {
  area_ = area;
  if (f_.now - flights_at_ >= kMoveMs) flights_.clear();  // landed
  layout(t.seat);
  if (layout_.card_w == 0) {
    LayoutInput in;
    in.view = &t.seat.view();
    in.hints = &t.session.meta().layout;
    in.defs = &t.session.card_defs();
    in.players = t.session.players();
    in.bottom = t.bottom;
    in.table = area.inset(px(4));
    in.scale = f_.scale;
    Font lf = font(12.5);
    in.label_width = [this, lf](const std::string& s) { return cv_.text_w(s, lf); };
    in.bold_width = [this](const std::string& s, int px) {
      return cv_.text_w(s, {px, Weight::Bold});
    };
    in.memory = &memory_;
    layout_ = lay_out_table(in);
    cv_.set_image_dirs({t.session.meta().dir.string(), assets_dir().string()});
    take_off(t);
  }
  light(t);
  cv_.fill(area, theme::felt);
  for (const auto& a : layout_.areas) draw_area(a, t);
  for (const auto& z : layout_.zones) draw_zone(z, t);
  for (const auto& z : layout_.zones) draw_cards(z, t);
  draw_table_marks(cv_, layout_, font(12.5, Weight::Bold));
  draw_checklist(t);
  draw_flights(t);
}

// A `checklist` hint's panel (Escaped's suspects): every card of the game
// one to a line, in columns, those the seat has ruled out struck through,
// in the centre's room beside its zones; a list players keep on paper,
// where a paragraph of names was hard to scan. No room: the side panel
// names the cards left instead.
void TableView::draw_checklist(const TableFacts& t) {
  checklist_shown_ = false;
  auto lists = checklists(t.seat, t.session.meta().layout, t.session.card_defs());
  if (lists.empty() || lists.front().entries.empty()) return;
  const Checklist& c = lists.front();
  const Rect& centre = layout_.centre;
  int lo = centre.right(), hi = centre.x;  // what the centre's zones take
  for (const auto& z : layout_.zones)
    if (z.box.x < centre.right() && centre.x < z.box.right() && z.box.y < centre.bottom() &&
        centre.y < z.box.bottom())
      lo = std::min(lo, z.box.x), hi = std::max(hi, z.box.right());
  int gap = px(16);
  Rect right{hi + gap, centre.y + px(8), centre.right() - hi - gap - px(8), centre.h - px(16)};
  Rect left{centre.x + px(8), right.y, lo - gap - centre.x - px(8), right.h};
  if (hi < lo) right = centre.inset(px(8));
  Rect room = right.w >= left.w ? right : left;
  // The title on one line, else on two at its colon.
  std::vector<std::string> title{c.title};
  Font hf = font(13, Weight::Bold);
  if (cv_.text_w(c.title, hf) + px(20) > room.w) {
    size_t colon = c.title.find(": ");
    if (colon != std::string::npos) title = {c.title.substr(0, colon), c.title.substr(colon + 2)};
  }
  int n = static_cast<int>(c.entries.size());
  for (double size : {12.5, 11.5, 10.5}) {
    Font ef = font(size);
    int lh = cv_.line_h(ef), pad = px(10);
    int head = static_cast<int>(title.size()) * cv_.line_h(hf) + px(6);
    int rows = (room.h - head - 2 * pad) / lh;
    if (rows < 1) continue;
    int cols = (n + rows - 1) / rows;
    rows = (n + cols - 1) / cols;  // even columns: 24 as 8, 8, 8
    int col_w = 0;
    for (const auto& e : c.entries)
      col_w = std::max(col_w, cv_.text_w(e.corner + "  " + e.name, ef) + px(14));
    int w = cols * col_w, title_w = 0;
    for (const auto& l : title) title_w = std::max(title_w, cv_.text_w(l, hf));
    w = std::max(w, title_w) + 2 * pad;
    if (w > room.w || title_w + 2 * pad > room.w) continue;
    int h = head + rows * lh + 2 * pad;
    Rect panel{room.x + (room.w - w) / 2, room.y + (room.h - h) / 2, w, h};
    cv_.fill(panel, theme::felt_dark, px(8));
    int y = panel.y + pad;
    for (const auto& l : title) {
      cv_.text(panel.x + pad, y, l, hf, theme::text);
      y += cv_.line_h(hf);
    }
    y += px(6);
    for (int k = 0; k < n; ++k) {
      const auto& e = c.entries[static_cast<size_t>(k)];
      int x = panel.x + pad + (k / rows) * col_w, ey = y + (k % rows) * lh;
      std::string s = e.corner.empty() ? e.name : e.corner + "  " + e.name;
      Color ink = e.ruled_out ? theme::muted.mix(theme::felt_dark, 0.3) : theme::text;
      int tw = cv_.text(x, ey, s, ef, ink);
      if (e.ruled_out) cv_.line(x - px(2), ey + lh / 2, x + tw + px(2), ey + lh / 2, ink);
    }
    checklist_shown_ = true;
    return;
  }
}

// A new layout: each card seen in both this view and the last, in another
// zone now, flies from where it was drawn to where it lies. Cards the seat
// cannot see have no id that lasts from view to view: they just appear.
void TableView::take_off(const TableFacts& t) {
  const auto& zones = t.seat.view().zones;
  std::vector<std::pair<std::string, CardSpot>> now;
  for (const auto& z : layout_.zones)
    for (const auto& c : z.spots)
      if (c.id) now.emplace_back(zones[z.zone].name, c);
  flights_.clear();
  for (const auto& [zone, c] : now) {
    if (!animate_) break;
    for (const auto& [was, old] : landed_)
      if (old.id == c.id && was != zone && old.rect.w > 0)
        flights_.push_back({c.id, c.def, c.face_up, old.rect, c.rect});
  }
  flights_at_ = f_.now;
  landed_ = std::move(now);
}

bool TableView::in_flight(int card) const {
  for (const auto& fl : flights_)
    if (fl.id == card) return true;
  return false;
}

std::vector<std::pair<int, Rect>> TableView::flying() const {
  std::vector<std::pair<int, Rect>> out;
  double k = std::min(1.0, static_cast<double>(f_.now - flights_at_) / kMoveMs);
  k = 1 - (1 - k) * (1 - k);  // eases into its place
  auto mix = [k](int a, int b) { return a + static_cast<int>((b - a) * k); };
  for (const auto& fl : flights_)
    out.emplace_back(fl.id, Rect{mix(fl.from.x, fl.to.x), mix(fl.from.y, fl.to.y),
                                 mix(fl.from.w, fl.to.w), mix(fl.from.h, fl.to.h)});
  return out;
}

void TableView::draw_flights(const TableFacts& t) {
  if (flights_.empty()) return;
  const auto& defs = t.session.card_defs();
  auto where = flying();
  for (size_t k = 0; k < flights_.size(); ++k) {
    const auto& fl = flights_[k];
    if (fl.face_up && fl.def >= 0 && fl.def < static_cast<int>(defs.size()))
      draw_card_face(cv_, where[k].second, defs[fl.def], false, 0);
    else
      draw_card_back(cv_, where[k].second);
  }
}

void TableView::draw_area(const PlayerArea& a, const TableFacts& t) {
  int p = a.player;
  bool acting = t.session.actor() == p, target = core::contains(hl_.players, p);
  Rect r = a.rect.inset(px(3));
  cv_.fill(r, acting ? theme::area_actor : theme::area, px(10));
  if (target) cv_.frame(r, theme::target, px(10), px(3));
  std::string who = player_name(p) + " \u00b7 " + seat_text(t.session, p);
  Rect head{r.x + px(10), r.y, r.w - px(20), a.header.h};
  Font f = font(13.5, Weight::Bold);
  int w = cv_.text(head.x, head.y + (head.h - cv_.line_h(f)) / 2, who, f, theme::text, head.w);
  // "to act" says whose turn among several players; alone it says nothing.
  if (acting && t.session.players() > 1) {
    Font tf = font(12.5, Weight::Bold);
    cv_.text(head.x + w + px(10), head.y + (head.h - cv_.line_h(tf)) / 2, "\u25c0 to act", tf,
             theme::playable, head.w - w - px(10));
  }
  hit({a.rect, [this, p] { clicks_.click_player(p); }, {}, "player:" + std::to_string(p)});
}

void TableView::draw_zone(const ZoneSpot& z, const TableFacts& t) {
  const auto& zv = t.seat.view().zones[z.zone];
  bool target = core::contains(hl_.zones, zv.name);
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
  hit({z.box, [this, name] { clicks_.click_zone(name); }, {}, "zone:" + name});
}

void TableView::draw_cards(const ZoneSpot& z, const TableFacts& t) {
  const auto& zv = t.seat.view().zones[z.zone];
  const auto& defs = t.session.card_defs();
  int selected = t.choices.selected;
  std::string name = zv.name;
  for (size_t k = 0; k < z.spots.size(); ++k) {
    const auto& s = z.spots[k];
    Rect r = s.rect;
    // The next card of a row or spread covers all but this much.
    int visible = k + 1 < z.spots.size() && z.fan != Fan::Column && z.spots[k + 1].rect.y == r.y
                      ? z.spots[k + 1].rect.x - r.x
                      : 0;
    // A stack's card under the next one, down and to the right: only its
    // edge shows, so only its edge is drawn.
    bool buried = z.fan == Fan::Stack && k + 1 < z.spots.size() && z.spots[k + 1].rect.x > r.x &&
                  z.spots[k + 1].rect.y > r.y;
    // A tightening row's middle card, under the next one at the same place.
    bool under = k + 1 < z.spots.size() && z.spots[k + 1].rect == r;
    bool sel = s.id && s.id == selected, focus = s.id && core::contains(hl_.focus_cards, s.id);
    bool playable = s.id && core::contains(hl_.playable, s.id);
    if (sel) r.y -= r.h / 10;  // lifted out of the hand
    // A card the last move turned up and down again shows the face it
    // showed, ringed, until the next move: a memory game is played by it.
    bool face = (s.face_up || s.glimpsed) && s.def >= 0 && s.def < static_cast<int>(defs.size());
    if (under) {
      // Nothing of it shows: the "+N" over the row says it is there.
    } else if (in_flight(s.id)) {
      draw_empty_slot(cv_, r, {255, 255, 255, 40});  // where it lands
    } else if (face && buried)
      draw_card_edge(cv_, r, defs[s.def]);
    else if (face)
      draw_card_face(cv_, r, defs[s.def], false, visible);
    else
      draw_card_back(cv_, r);
    bool recent = t.seat.marked(s.id);
    if (under) {
      // its ring would be hidden too
    } else if (s.glimpsed && face)
      draw_card_ring(cv_, r, theme::notice, px(3));
    else if (sel || focus)
      draw_card_ring(cv_, r, theme::selected, px(3));
    else if (playable)
      draw_card_ring(cv_, r, theme::playable, px(3));
    else if (recent)
      draw_card_ring(cv_, r, {255, 255, 255, 200}, px(3));
    int id = s.id;
    auto twin = hl_.twin_of.find(id);
    int plays = twin == hl_.twin_of.end() ? id : twin->second;  // the copy the rules offer
    Hit h{
        s.rect,
        [this, plays, name] { plays ? clicks_.click_card(plays, name) : clicks_.click_zone(name); },
        [this, id] { pinned_ = id; }, id ? "card:" + std::to_string(id) : "zone:" + name, id};
    hit(std::move(h));
  }
  if (z.buried && z.buried_at < static_cast<int>(z.spots.size()))
    draw_buried_badge(cv_, z.spots[static_cast<size_t>(z.buried_at)].rect, z.buried,
                      font(11.5, Weight::Bold).px);
  bool badge =
      z.count > 1 && (z.fan == Fan::Stack || (z.spots.size() > 1 && !z.spots.back().face_up));
  if (badge && !z.spots.empty()) {
    const Rect& top = z.spots.back().rect;
    draw_count_badge(cv_, top.right(), top.y, z.count, font(11.5, Weight::Bold).px);
  }
}

// A row whose middle cards lie buried (`tighten`, GITMO's long runs)
// under the mouse: every card of it named by its corner, in order, in a
// strip over its label ("T4 T5 P6 P7 ... P10"), at once; the large view
// of the card pointed at still comes beside it.
void TableView::draw_whole_row(const TableFacts& t) {
  row_list_ = {};
  const auto& defs = t.session.card_defs();
  for (const auto& z : layout_.zones) {
    if (!z.buried || z.spots.empty()) continue;
    Rect row = z.spots.front().rect;
    row.w = z.spots.back().rect.right() - row.x;
    if (!row.contains(f_.mouse_x, f_.mouse_y)) continue;
    std::string all;
    for (const auto& s : z.spots) {
      bool face = s.face_up && s.def >= 0 && s.def < static_cast<int>(defs.size());
      std::string c = face ? corner_text(defs[s.def]) : std::string();
      if (!c.empty()) all += (all.empty() ? "" : " ") + c;
    }
    Font f = font(12, Weight::Bold);
    int w = std::min(area_.w - px(16), std::max(row.w, px(120)));
    Rect box{std::clamp(row.x, area_.x + px(8), area_.right() - w - px(8)), 0, w, 0};
    int lines = static_cast<int>(cv_.wrap(all, f, w - px(12)).size());
    box.h = lines * cv_.line_h(f) + px(8);
    box.y = std::max(area_.y + px(4), row.y - box.h - px(4));
    cv_.fill(box, {20, 24, 28, 235}, px(6));
    cv_.frame(box, {255, 255, 255, 160}, px(6), 1);
    cv_.paragraph(box.inset(px(4)), all, f, {255, 255, 255, 255});
    row_list_ = box;
    return;
  }
}

void TableView::draw_preview(const TableFacts& t, bool quiet) {
  if (!pinned_ && !quiet) draw_whole_row(t);
  int card = 0;
  if (const Hit* h = f_.at(f_.mouse_x, f_.mouse_y)) card = h->card;
  if (card != hover_card_) hover_card_ = card, hover_since_ = f_.now;
  if (pinned_)
    draw_large(pinned_, true, t);
  else if (hover_card_ && f_.now - hover_since_ >= 350 && !quiet)
    draw_hover_large(hover_card_, t);
}

void TableView::draw_large(int card, bool pinned, const TableFacts& t) {
  const core::CardDef* def = t.seat.seen_def(card, t.session.card_defs());
  if (!def) return;
  const Rect& table = area_;
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
void TableView::draw_hover_large(int card, const TableFacts& t) {
  const core::CardDef* def = t.seat.seen_def(card, t.session.card_defs());
  if (!def) return;
  const auto& zones = t.seat.view().zones;
  int mouse_x = f_.mouse_x, mouse_y = f_.mouse_y, selected = t.choices.selected;
  std::vector<Rect> keep;
  if (row_list_.w) keep.push_back(row_list_);
  Rect at{mouse_x, mouse_y, 1, 1};  // the card pointed at
  const auto& menu = t.choices.menu;
  if (menu && menu->panel.w) keep.push_back(menu->panel);
  for (const auto& a : layout_.areas)
    if (core::contains(hl_.players, a.player)) keep.push_back(a.rect);
  for (const auto& z : layout_.zones) {
    if (core::contains(hl_.zones, zones[z.zone].name)) keep.push_back(z.box);
    for (const auto& s : z.spots)
      if (s.id && (s.id == card || s.id == selected || core::contains(hl_.focus_cards, s.id)))
        keep.push_back(s.rect);
    for (const auto& s : z.spots)
      if (s.id == card && s.rect.contains(mouse_x, mouse_y)) at = s.rect;
  }
  const Rect& table = area_;
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
      bool clear = !r.contains(mouse_x, mouse_y);
      for (const auto& k : keep) clear = clear && !overlap(r, k);
      if (!clear) continue;
      preview_rect_ = r;
      draw_card_face(cv_, r, *def, true);
      return;
    }
  }
}

}  // namespace ratify::gui
