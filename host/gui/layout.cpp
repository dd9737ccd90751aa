#include "gui/layout.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <set>
#include <string_view>
#include <tuple>

#include "gui/card_style.hpp"
#include "gui/layout_parts.hpp"

namespace ratify::gui {

using namespace layout_parts;

Fan default_fan(const engine::ZoneView& z) {
  static const char* stacked[] = {"deck",  "pile",  "discard", "foundation",
                                  "stock", "talon", "waste"};
  if (z.visibility == core::Visibility::None) return Fan::Stack;
  for (const char* k : stacked)
    if (z.kind == k) return Fan::Stack;
  if (z.kind == "column" || z.kind == "cascade") return Fan::Column;
  return Fan::Row;
}

std::string zone_title(const engine::ZoneView& z, bool count) {
  std::string t = z.label.empty() ? z.name : z.label;
  if (count && !z.cards.empty()) t += " \u00b7 " + std::to_string(z.cards.size());
  return t;
}

namespace {

// A tightening row (`tighten`) closes up as it fills, down to its
// corners; past that both its ends stay in sight (a run grows at either)
// and the cards between lie buried under the second in sight: how many.
int buried_in(int n, int width, const Metrics& m) {
  if (n < 3) return 0;
  int least = std::max(2, m.min_row_step());
  int shown = std::max(2, (width - m.cw) / least + 1);
  return std::max(0, n - shown);
}

ZoneSpot spot_for(const Item& it, const engine::ZoneView& z, Rect box, const Metrics& m,
                  bool grid) {
  ZoneSpot s;
  s.zone = it.zone;
  s.owner = z.owner;
  s.fan = it.fan;
  s.box = box;
  s.count = it.n;
  s.title = it.title;
  s.pawns = it.pawns;
  s.cards = {box.x, box.y + m.label_h, std::max(m.cw, box.w), cards_height(it, m)};
  s.slot = {box.x, s.cards.y + m.depth() / 2, m.cw, m.ch};
  int n = it.n;
  auto add = [&](int i, int x, int y) {
    const auto& c = z.cards[it.order.empty() ? i : it.order[i]];
    s.spots.push_back({c.id, c.def, c.face_up, c.glimpsed, {x, y, m.cw, m.ch}});
  };
  int x = box.x, y = s.cards.y;
  if (it.fan == Fan::Row) {
    int step = n > 1 ? std::min(m.row_step(), (box.w - m.cw) / (n - 1)) : 0;
    if (it.all_hidden) step = std::min(step, m.hidden_step());
    // Cards too small for a name show their corner only: as close as that
    // allows, however wide the row's box (card_draw's threshold).
    if (m.ch < kNameless) step = std::min(step, m.min_row_step());
    step = std::max(2, step);
    int buried = it.tighten ? buried_in(n, box.w, m) : 0;
    if (buried) step = (box.w - m.cw) / (n - buried - 1);
    s.buried = buried, s.buried_at = buried ? 1 + buried : 0;
    for (int i = 0; i < n; ++i) {
      int at = i <= buried ? std::min(i, 1) : i - buried;  // the buried lie under the second
      add(i, x + at * step, y + m.depth() / 2);
    }
  } else if (it.fan == Fan::Column) {
    int step = m.col_step();
    for (int i = 0; i < n; ++i) add(i, x, y + i * step);
  } else if (n > 0) {
    int spread = grid ? std::min(it.spread, kGridSpread) : it.spread;
    int under = std::min(2, n - spread);
    for (int d = under; d >= 1; --d) add(n - spread - d, x + (under - d) * 2, y + (under - d) * 2);
    int base = under * 2;
    for (int k = 0; k < spread; ++k) add(n - spread + k, x + base + k * m.spread_step(), y + base);
  }
  return s;
}

// What a line grows by when its room lets truncated labels show whole.
int room_for_labels(const Line& l, const std::vector<Item>& items, int width) {
  int room = width - l.w, grown = 0;
  for (size_t k = 0; k < l.items.size() && room > 0; ++k) {
    int grow = std::min(room, items[l.items[k]].label_w + 8 - l.widths[k]);
    if (grow > 0) grown += grow, room -= grow;
  }
  return grown;
}

// A region's free lines start at one left edge, centred as the widest
// line it has had (LayoutMemory::zone_w), so a zone that grows shifts
// neither the zones before it nor the lines above and below.
int widest_line(const LayoutInput& in, const Region& r, const Metrics& m, int w) {
  if (!in.memory) return w;
  int& widest = in.memory->zone_w[zone_key("lines of " + std::to_string(r.player), m.ch)];
  widest = std::max(widest, w);
  return widest;
}

void place_region(Region& r, std::vector<Item>& items, const engine::View& v, const Metrics& m,
                  bool centre_vertically, const LayoutInput& in, TableLayout& out) {
  int header = r.player ? m.header_h : 0;
  Rect inner{r.rect.x + m.pad, r.rect.y + header + m.pad, r.rect.w - 2 * m.pad,
             r.rect.h - header - 2 * m.pad};
  Packed p = pack(items, r, inner.w, m, in, true);
  int total = lines_height(p.lines, m);
  int y = inner.y + (centre_vertically ? std::max(0, (inner.h - total) / 2) : 0);
  // Grid lines share one left edge, so places line up column under column;
  // a column of stacks beside the grid goes at its left.
  int side = p.side_w ? p.side_w + m.gap : 0;
  int grid_x = inner.x + side + std::max(0, (inner.w - side - p.heading_w - p.grid_w) / 2);
  bool side_placed = false;
  std::vector<bool> headed(r.groups.size());
  int widest = 0;  // the free lines' left edge: as the widest line has been
  for (const auto& l : p.lines)
    if (!l.heading_only && !l.lead && !(l.group >= 0 && r.groups[l.group].grid))
      widest = std::max(widest, std::min(inner.w, l.w + room_for_labels(l, items, inner.w)));
  widest = widest_line(in, r, m, widest);
  for (auto l : p.lines) {
    const Group* g = l.group >= 0 ? &r.groups[l.group] : nullptr;
    if (g && !g->heading.empty() && !headed[l.group]) {
      headed[l.group] = true;
      Rect hr = p.heading_w ? Rect{grid_x, y, p.heading_w - m.gap, m.label_h}
                            : Rect{grid_x, y, std::max(p.grid_w, inner.w / 2), m.label_h};
      out.headings.push_back({g->heading, hr});
    }
    if (l.heading_only) {
      y += l.h + m.gap;
      continue;
    }
    int x = inner.x + std::max(0, (inner.w - l.w) / 2);
    if (g && g->grid) {
      if (l.group == p.side_group && !side_placed) {
        side_placed = true;
        int sy = y;
        for (int idx : p.side) {
          const Item& it = items[idx];
          int w = box_width(it, m, false), h = box_height(it, m);
          Rect box{grid_x - side + (p.side_w - w) / 2, sy, w, h};
          if (!it.ghost) out.zones.push_back(spot_for(it, v.zones[it.zone], box, m, false));
          sy += h + m.gap;
        }
      }
      for (size_t k = 0; k < l.items.size(); ++k) {
        int col = static_cast<int>(k);
        if (g->snake && l.row % 2 == 1) col = l.per_line - 1 - col;
        Rect box{grid_x + p.heading_w + col * (p.cell + m.gap), y, p.cell,
                 box_height(items[l.items[k]], m)};
        const Item& it = items[l.items[k]];
        if (!it.ghost) out.zones.push_back(spot_for(it, v.zones[it.zone], box, m, true));
      }
      y += l.h + m.gap;
      continue;
    }
    // Room left on the line lets truncated labels show whole (beside
    // the cells after it, a lead line has none).
    int room = l.lead ? 0 : inner.w - l.w;
    for (size_t k = 0; k < l.items.size() && room > 0; ++k) {
      int grow = std::min(room, items[l.items[k]].label_w + 8 - l.widths[k]);
      if (grow > 0) l.widths[k] += grow, l.w += grow, room -= grow;
    }
    x = inner.x + std::max(0, (inner.w - widest) / 2) + l.indent;
    std::vector<Rect> boxes;
    for (size_t k = 0; k < l.items.size(); ++k) {
      boxes.push_back({x, y, l.widths[k], box_height(items[l.items[k]], m)});
      x += l.widths[k] + m.gap;
    }
    if (g && g->snake && l.row % 2 == 1) {  // right to left: the track turns back
      for (size_t k = 0; k < boxes.size(); ++k)
        boxes[k].x = 2 * inner.x + inner.w - boxes[k].right();
    }
    for (size_t k = 0; k < l.items.size(); ++k) {
      const Item& it = items[l.items[k]];
      if (!it.ghost) out.zones.push_back(spot_for(it, v.zones[it.zone], boxes[k], m, false));
    }
    if (!l.lead) y += l.h + m.gap;
  }
  for (int idx : r.placed) {
    const Item& it = items[idx];
    int w = box_width(it, m, false), h = box_height(it, m);
    int cx = r.rect.x + static_cast<int>(*it.x * r.rect.w),
        cy = r.rect.y + static_cast<int>(*it.y * r.rect.h);
    int bx = std::clamp(cx - w / 2, r.rect.x, std::max(r.rect.x, r.rect.right() - w));
    int by =
        std::clamp(cy - h / 2, r.rect.y + header, std::max(r.rect.y + header, r.rect.bottom() - h));
    if (!it.ghost) out.zones.push_back(spot_for(it, v.zones[it.zone], {bx, by, w, h}, m, false));
  }
}

// Players standing on a zone: the `pawns` hint names a field of the state
// holding, per player, a zone name or what the pattern's `*` matched.
std::vector<int> pawns_on(const LayoutInput& in, const ZoneHint& h, const std::string& zone,
                          const std::vector<std::string>& caps) {
  std::vector<int> out;
  const auto& st = in.view->state;
  if (h.pawns.empty() || !st.is_object() || !st.contains(h.pawns)) return out;
  const auto& at = st[h.pawns];
  auto here = [&](const nlohmann::json& v) {
    std::string s = v.is_string()           ? v.get<std::string>()
                    : v.is_number_integer() ? std::to_string(v.get<long long>())
                                            : std::string();
    return !s.empty() && (s == zone || (!caps.empty() && s == caps.front()));
  };
  for (int p = 1; p <= in.players; ++p) {
    const nlohmann::json* v = nullptr;
    if (at.is_array() && p <= static_cast<int>(at.size())) v = &at[p - 1];
    if (at.is_object() && at.contains(std::to_string(p))) v = &at[std::to_string(p)];
    if (v && here(*v)) out.push_back(p);
  }
  return out;
}

// The order a row's cards are drawn in: a hand sorted so it reads (suit
// then rank for playing cards, else kind then name), or as the `sort`
// hint says; the rules' order is theirs (the engine never sees this one).
// Hidden cards keep their place at the end, as dealt.
std::vector<int> drawing_order(const engine::ZoneView& z, const ZoneHint& h,
                               const std::vector<core::CardDef>* defs) {
  std::string how = h.sort;
  if (how.empty()) how = z.kind == "hand" ? "auto" : "none";
  if (how == "none" || !defs || z.cards.size() < 2) return {};
  std::vector<int> order(z.cards.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  auto def = [&](int i) -> const core::CardDef* {
    int d = z.cards[static_cast<size_t>(i)].def;
    bool seen = z.cards[static_cast<size_t>(i)].face_up;
    return seen && d >= 0 && d < static_cast<int>(defs->size()) ? &(*defs)[d] : nullptr;
  };
  // Hidden cards last; then playing cards by suit and rank, other cards
  // by kind, suit (a party, a colour) and rank, the name breaking ties.
  auto key = [&](int i) {
    const core::CardDef* d = def(i);
    if (!d) return std::make_tuple(1, std::string(), std::string(), 0.0, std::string());
    auto pc = playing_card(*d);
    if ((how == "suit" || how == "auto") && pc)
      return std::make_tuple(0, std::string(), d->suit, static_cast<double>(pc->value), d->name);
    if (how == "name") return std::make_tuple(0, d->name, std::string(), 0.0, std::string());
    return std::make_tuple(0, d->kind, d->suit, d->rank.value_or(0), d->name);
  };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return key(a) < key(b); });
  return order;
}

// A zone that belongs beside the one made before it: the same name but
// for its first part ("cap:1:3" after "row:1:3": the cards laid on a row).
bool beside(const std::string& before, const std::string& zone) {
  size_t a = before.find(':'), b = zone.find(':');
  // Two numbers at least ("row:1:3": a player's third row): "hand:1" and
  // "played:1" are a player's zones, not one beside the other.
  if (a == std::string::npos || b == std::string::npos ||
      zone.find(':', b + 1) == std::string::npos)
    return false;
  std::string_view rest_a(before.data() + a, before.size() - a),
      rest_b(zone.data() + b, zone.size() - b);
  return rest_a == rest_b && before.compare(0, a, zone, 0, b) != 0;
}

// A family in places (`columns` with `room`) owned by "$N" and hidden
// while empty keeps its first place from the start in every area that
// the hints give a zone and that lays it in places (the player's own, a
// lone opponent's: Article V's runs, before a side's
// first run is begun): the zone it will be, "run:2:1" for "run:*:*" in
// player 2's area, is added empty, a ghost. Else the line beside it
// (an opponent's hand, Article V and stops) is laid out anew, and
// slides, when the first run is begun.
std::vector<engine::ZoneView> first_places(const LayoutInput& in) {
  std::vector<engine::ZoneView> out;
  if (!in.hints || !in.hints->is_object()) return out;
  std::vector<std::pair<std::string, int>> families;  // pattern, N of its "$N"
  for (auto f = in.hints->begin(); f != in.hints->end(); ++f) {
    const auto& h = *f;
    if (!h.is_object() || h.value("hide", nlohmann::json()) != "empty" ||
        !h.value("columns", nlohmann::json()).is_number_integer() ||
        !h.value("room", nlohmann::json()).is_number_integer() ||
        !h.value("owner", nlohmann::json()).is_string())
      continue;
    std::string owner = h["owner"].get<std::string>();
    if (owner.size() == 2 && owner[0] == '$' && std::isdigit(static_cast<unsigned char>(owner[1])))
      families.emplace_back(f.key(), owner[1] - '0');
  }
  if (families.empty()) return out;
  std::set<int> sides;  // areas holding a zone the hints give an owner
  std::vector<std::string> caps;
  for (const auto& z : in.view->zones)
    if (auto owner = hint_for(*in.hints, z.name, caps).owner) sides.insert(*owner);
  for (const auto& [pattern, n] : families)
    for (int p : sides) {
      // Only where the family lies in places: the player's own area and a
      // lone opponent's; a narrow area's runs flow, a place kept there
      // would only take room.
      if (p != in.bottom && in.players != 2) continue;
      bool has = std::any_of(in.view->zones.begin(), in.view->zones.end(), [&](const auto& z) {
        ZoneHint zh = hint_for(*in.hints, z.name, caps);
        return glob_match(pattern, z.name) && zh.owner == p;
      });
      if (has) continue;
      std::string name;
      int wild = 0;
      for (char c : pattern)
        name += c == '*' || c == '?' ? (++wild == n ? std::to_string(p) : "1") : std::string(1, c);
      engine::ZoneView z;
      z.name = name, z.kind = "row", z.visibility = core::Visibility::All;
      out.push_back(z);
    }
  return out;
}

std::vector<Item> make_items(const LayoutInput& in, std::vector<ZoneHint>& hints) {
  const engine::View& v = *in.view;
  std::vector<Item> items;
  std::vector<std::string> caps;
  bool any_corner = false;
  if (in.defs)
    for (const auto& d : *in.defs) any_corner = any_corner || !corner_text(d).empty();
  for (size_t i = 0; i < v.zones.size(); ++i) {
    const auto& z = v.zones[i];
    ZoneHint h = in.hints ? hint_for(*in.hints, z.name, caps) : ZoneHint{};
    bool phantom = i >= in.real_zones;  // first_places: a place kept, no zone yet
    bool once_seen = phantom || (in.memory && in.memory->seen.count(z.name));
    if (h.hide || (h.hide_empty && z.cards.empty() && !once_seen)) continue;
    if (in.memory && !phantom) in.memory->seen[z.name] = 1;
    Item it;
    it.ghost = h.hide_empty && z.cards.empty();
    it.glued = !items.empty() && beside(v.zones[items.back().zone].name, z.name);
    it.zone = static_cast<int>(i);
    it.fan = h.fan.value_or(default_fan(z));
    it.n = static_cast<int>(z.cards.size());
    for (const auto& c : z.cards) it.all_hidden = it.all_hidden && !c.face_up;
    it.spread = it.fan == Fan::Stack ? spread_of(z, in.defs) : 1;
    // A pile that spreads its top cards keeps room for the most it shows
    // (four), so the next card of a trick does not push its neighbours;
    // one whose every card lies face up may spread (cards with corner
    // labels), so it takes that room from the start where its line has it
    // to spare. A `room` hint on a pile: room to fan that many from the
    // start (GITMO's Set aside), so its first fan pushes nothing beside it
    // (fit_cards may take it back, keep_room_hints), and it fans no more
    // (GITMO's "On row 2": two protectors, a third under them).
    if (it.fan == Fan::Stack && h.room > 1) it.fan_room = std::min(h.room, 4);
    if (it.fan_room) it.spread = std::min(it.spread, it.fan_room);
    if (it.spread > 1) it.reserve = it.fan_room ? it.fan_room : 4;
    it.may_spread = it.fan == Fan::Stack && z.visibility == core::Visibility::All && any_corner;
    if (in.memory) {  // at any card size: the next layout may try another
      int& spread = in.memory->zone_w["spread " + z.name];
      spread = std::max(spread, it.reserve);
      it.reserve = spread;
    }
    it.hintless_reserve = it.reserve;
    if (h.x && h.y) it.x = h.x, it.y = h.y;
    if (it.fan == Fan::Row) it.room = h.room;
    it.tighten = it.fan == Fan::Row && h.tighten && h.room > 0;
    it.backs = (it.all_hidden && it.n > 0) ||
               (z.visibility == core::Visibility::Owner && z.owner != in.bottom);
    // One card in sight shows its count itself (a stack of more has its
    // badge): " · 1" over every place of a formation is clutter.
    it.title = it.full = zone_title(z, it.n != 1);
    // Room for a two-digit count from the start: a pile's first cards do
    // not widen its label and push its neighbours.
    std::string widest = (z.label.empty() ? z.name : z.label) + " \u00b7 88";
    it.label_w = it.full_w = std::max(text_width(in, it.title), text_width(in, widest));
    it.pawns = pawns_on(in, h, z.name, caps);
    if (it.fan == Fan::Row) it.order = drawing_order(z, h, in.defs);
    items.push_back(it);
    hints.push_back(h);
  }
  return items;
}

// Other players in seat order after the bottom one: clockwise round the table.
std::vector<int> others_of(const LayoutInput& in) {
  std::vector<int> out;
  for (int k = 1; k < in.players; ++k) out.push_back((in.bottom - 1 + k) % in.players + 1);
  return out;
}

std::vector<Region> make_regions(const LayoutInput& in, std::vector<Item>& items,
                                 const std::vector<ZoneHint>& hints) {
  std::vector<Region> regions;
  regions.push_back({in.bottom, {}, {}, {}, {}, false});
  for (int p : others_of(in)) regions.push_back({p, {}, {}, {}, {}, true});
  regions.push_back({0, {}, {}, {}, {}, false});
  for (size_t i = 0; i < items.size(); ++i) {
    int owner = hints[i].owner.value_or(in.view->zones[items[i].zone].owner);
    auto it = std::find_if(regions.begin(), regions.end(),
                           [&](const Region& r) { return r.player == owner; });
    Region& r = it == regions.end() ? regions.back() : *it;
    (items[i].x ? r.placed : r.flow).push_back(static_cast<int>(i));
  }
  for (auto& r : regions) make_groups(r, items, in, hints);
  return regions;
}

struct Fit {
  Metrics big, small;
  int top = 0, bottom = 0, centre = 0;
};

// The layout with cards `h` high (the others' at most `small_h`, less if
// their rows need it to fit their areas' width, down to 60% of it).
struct Trial {
  bool tall_ok = false;  // the regions' heights fit the table
  bool wide_ok = false;  // every zone fits its region's width with its corners in sight
};

Trial try_fit(const LayoutInput& in, std::vector<Region>& regions, std::vector<Item>& items,
              const Corners& corners, double h, double small_h, Fit& f) {
  const Rect& t = in.table;
  size_t others = regions.size() - 2;
  int column_w = others ? t.w / static_cast<int>(others) : t.w;
  double min_small = std::max(30 * in.scale, small_h * 0.6);
  f.big = metrics_for(static_cast<int>(h), in.scale, corners);
  bool over = false, small_over = false;
  f.bottom = region_need(regions.front(), items, t.w, f.big, in, &over);
  f.centre = region_need(regions.back(), items, t.w, f.big, in, &over);
  for (double sh = small_h;; sh *= 0.95) {
    f.small = metrics_for(static_cast<int>(sh), in.scale, corners);
    small_over = false;
    f.top = 0;
    for (size_t k = 1; k + 1 < regions.size(); ++k)
      f.top = std::max(f.top, region_need(regions[k], items, column_w, f.small, in, &small_over));
    if (!small_over || sh <= min_small) break;
  }
  // The others' rows shrink their own cards (above); only the bottom and
  // the centre ask for smaller cards everywhere.
  return {f.top + f.centre + f.bottom <= t.h, !over};
}

// The largest cards whose regions fit the table's height; smaller still
// (down to half) while a row is too long to keep its cards' corners in
// sight. With a LayoutMemory the size stays as it was while it fits and
// could not grow by half, and a
// shrink goes a step further than it must, so the next card or two do not
// shrink it again.
Fit largest_fit(const LayoutInput& in, std::vector<Region>& regions, std::vector<Item>& items,
                const Corners& corners) {
  const Rect& t = in.table;
  double max_h = std::min(t.h * 0.3, 190 * in.scale), min_h = 34 * in.scale;
  Fit f;
  Trial tr;
  double h = max_h;
  for (; h > min_h; h *= 0.96)
    if ((tr = try_fit(in, regions, items, corners, h, h * 0.72, f)).tall_ok) break;
  if (h <= min_h) tr = try_fit(in, regions, items, corners, h = min_h, min_h * 0.72, f);
  if (!tr.wide_ok) {
    Fit g;
    for (double h2 = h * 0.96; h2 >= std::max(min_h, h * 0.5); h2 *= 0.96) {
      Trial t2 = try_fit(in, regions, items, corners, h2, h2 * 0.72, g);
      if (t2.tall_ok && t2.wide_ok) {
        f = g;
        break;
      }
    }
  }
  return f;
}

// The `room` hints beyond the bottom player's rows: a lone opponent's
// rows (whose area is the table's width) and the piles' room to fan.
// Kept unless, with them, the cards start too small to shrink by a third
// and keep their names (GITMO at 800x600: its cards shrink as its rows
// grow). Decided at a game's first layout, then kept: a choice that came
// and went as the cards shrink would move every zone.
void keep_room_hints(bool on, std::vector<Region>& regions, std::vector<Item>& items) {
  for (auto& r : regions) {
    r.keeps_room = on && r.small && regions.size() == 3;
    // Cells take a line of their own from the first run: where an
    // opponent's narrow area cannot keep room, its runs flow as before; a
    // lone opponent (the table's width) keeps its places whatever the
    // other hints, or its runs would flow and push one another.
    for (auto& g : r.groups) {
      g.cells = g.hinted_cells && (!r.small || regions.size() == 3);
      g.off = g.hinted_cells && !g.cells && g.items.size() < 3;
    }
  }
  for (auto& it : items)
    it.reserve = on ? std::max(it.hintless_reserve, it.fan_room) : it.hintless_reserve;
}

Fit fit_cards(const LayoutInput& in, std::vector<Region>& regions, std::vector<Item>& items,
              const Corners& corners) {
  const Rect& t = in.table;
  double min_h = 34 * in.scale;
  LayoutMemory* mem = in.memory;
  std::string key = std::to_string(t.x) + "," + std::to_string(t.y) + "," + std::to_string(t.w) +
                    "x" + std::to_string(t.h) + " " + std::to_string(in.players) + "/" +
                    std::to_string(in.bottom) + " " + std::to_string(in.defs ? in.defs->size() : 0);
  bool same = mem && mem->key == key && mem->card_h > 0;
  const char* kRoom = "room hints kept";
  bool kept_room = !(same && mem->zone_w.count(kRoom)) || mem->zone_w[kRoom];
  keep_room_hints(kept_room, regions, items);
  Fit f = largest_fit(in, regions, items, corners);
  int least = regions.size() > 2 ? f.small.ch : f.big.ch;
  // Rows that tighten never shrink the cards: what they start with stays.
  bool may_shrink = std::any_of(items.begin(), items.end(),
                                [](const Item& it) { return it.room && !it.tighten; });
  if (kept_room && !same && may_shrink && least < kNameless * 3 / 2) {
    keep_room_hints(kept_room = false, regions, items);
    f = largest_fit(in, regions, items, corners);
  }
  if (!mem) return f;
  // Growing only by half or more (a new deal): a size that follows the
  // hands as they empty is a table that moves (a row that wraps and
  // unwraps turn by turn would swing it back and forth too).
  int fresh = f.big.ch;
  bool grow = same && fresh >= mem->card_h * 3 / 2;  // a new deal: at once
  Fit kept;
  if (same && !grow && fresh >= mem->card_h &&
      try_fit(in, regions, items, corners, mem->card_h, std::min(mem->small_h, f.small.ch), kept)
          .tall_ok)
    f = kept;
  else if (same && fresh < mem->card_h && fresh * 0.92 >= min_h &&
           try_fit(in, regions, items, corners, fresh * 0.92, f.small.ch * 0.92, kept).tall_ok)
    f = kept;
  if (same && mem->card_h == f.big.ch) {
    int top = std::max(f.top, mem->top_h), bottom = std::max(f.bottom, mem->bottom_h);
    if (top + bottom + f.centre <= t.h) f.top = top, f.bottom = bottom;
  }
  auto widths = same ? std::move(mem->zone_w) : std::map<std::string, int>{};
  auto starts = same ? std::move(mem->starts_line) : std::map<std::string, bool>{};
  auto seen = std::move(mem->seen);  // what the rules showed, whatever the size
  widths[kRoom] = kept_room;
  *mem = {key,      f.big.ch,          f.small.ch,        f.top,
          f.bottom, std::move(widths), std::move(starts), std::move(seen)};
  return f;
}

}  // namespace

namespace {

// The word of a name that needs the most room (by letters: a guess that
// serves to pick which to measure).
std::string longest_word(const std::string& name) {
  std::string best, word;
  for (size_t i = 0; i <= name.size(); ++i) {
    if (i == name.size() || name[i] == ' ') {
      if (word.size() > best.size()) best = word;
      word.clear();
    } else {
      word += name[i];
    }
  }
  return best;
}

// The least an overlapped card of a row keeps in sight for its own
// cards' corners (Metrics::corner_floor is the game's widest): 0 when a
// card has none or cannot be seen.
int own_corner_floor(const LayoutInput& in, const Item& it, const Corners& corners) {
  if (it.fan != Fan::Row || !in.defs) return 0;
  int w = 0;
  for (const auto& c : in.view->zones[it.zone].cards) {
    if (!c.face_up || c.def < 0 || c.def >= static_cast<int>(in.defs->size())) return 0;
    std::string t = corner_text((*in.defs)[static_cast<size_t>(c.def)]);
    if (t.empty()) return 0;
    w = std::max(w, corners.measure(t, corner_font_px(0)));
  }
  return w ? w + 4 : 0;
}

}  // namespace

TableLayout lay_out_table(const LayoutInput& given) {
  auto places = first_places(given);
  if (!places.empty()) {  // laid out over a copy holding the places kept
    engine::View v = *given.view;
    v.zones.insert(v.zones.end(), places.begin(), places.end());
    LayoutInput in = given;
    in.view = &v;
    in.real_zones = given.view->zones.size();
    return lay_out_table(in);
  }
  const LayoutInput& in = given;
  TableLayout out;
  std::vector<ZoneHint> hints;
  auto items = make_items(in, hints);
  auto regions = make_regions(in, items, hints);
  Corners corners;
  corners.bold = &in.bold_width;
  if (in.defs)
    for (const auto& d : *in.defs) {
      std::string c = corner_text(d);
      if (c.empty()) c = longest_word(d.name);
      auto& list = corner_text(d).empty() ? corners.name_words : corners.texts;
      if (!c.empty() && std::find(list.begin(), list.end(), c) == list.end()) list.push_back(c);
    }
  for (auto& r : regions) find_shared(r, items, in);
  for (auto& it : items) it.corner_floor = own_corner_floor(in, it, corners);
  Fit f = fit_cards(in, regions, items, corners);
  const Rect& t = in.table;
  size_t others = regions.size() - 2;
  int top_h = others ? f.top : 0;
  int bottom_h = std::min(f.bottom, t.h - top_h);
  regions.front().rect = {t.x, t.bottom() - bottom_h, t.w, bottom_h};
  for (size_t k = 1; k + 1 < regions.size(); ++k) {
    int x0 = t.x + static_cast<int>((k - 1) * t.w / others),
        x1 = t.x + static_cast<int>(k * t.w / others);
    regions[k].rect = {x0, t.y, x1 - x0, top_h};
  }
  regions.back().rect = {t.x, t.y + top_h, t.w, std::max(0, t.h - top_h - bottom_h)};
  out.centre = regions.back().rect;
  out.card_w = f.big.cw;
  out.card_h = f.big.ch;
  out.small_h = f.small.ch;
  for (auto& r : regions) {
    bool centre = r.player == 0;
    place_region(r, items, *in.view, r.small ? f.small : f.big, centre, in, out);
    if (!centre && r.rect.h > 0)
      out.areas.push_back({r.player, r.rect, {r.rect.x, r.rect.y, r.rect.w, f.big.header_h}});
  }
  if (in.memory) {
    // The room a pile took ahead of fanning is not kept as its least:
    // kept, it would crowd its line at the next layout.
    std::map<int, const Item*> item_of;
    for (const auto& it : items) item_of[it.zone] = &it;
    for (const auto& z : out.zones) {
      int& w = in.memory->zone_w[zone_key(in.view->zones[z.zone].name, z.slot.h)];
      const Item* it = item_of[z.zone];
      bool ahead = it && it->may_spread && it->reserve < 4;
      int took = z.box.w;
      if (ahead)
        took = std::min(took, box_width(*it, metrics_for(z.slot.h, in.scale, corners), false));
      w = std::max(w, took);
    }
  }
  return out;
}

}  // namespace ratify::gui
