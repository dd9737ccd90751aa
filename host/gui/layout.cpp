#include "gui/layout.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace ratify::gui {

bool glob_match(std::string_view p, std::string_view s) {
  // Iterative matcher with one backtrack point: linear enough for names.
  size_t pi = 0, si = 0, star = std::string_view::npos, mark = 0;
  while (si < s.size()) {
    if (pi < p.size() && (p[pi] == '?' || p[pi] == s[si])) {
      ++pi, ++si;
    } else if (pi < p.size() && p[pi] == '*') {
      star = pi++, mark = si;
    } else if (star != std::string_view::npos) {
      pi = star + 1, si = ++mark;
    } else {
      return false;
    }
  }
  while (pi < p.size() && p[pi] == '*') ++pi;
  return pi == p.size();
}

namespace {

std::optional<Fan> fan_from(const nlohmann::json& v) {
  if (!v.is_string()) return std::nullopt;
  std::string s = v.get<std::string>();
  if (s == "row") return Fan::Row;
  if (s == "stack") return Fan::Stack;
  if (s == "column") return Fan::Column;
  return std::nullopt;
}

std::optional<double> fraction(const nlohmann::json& h, const char* key) {
  if (!h.contains(key) || !h[key].is_number()) return std::nullopt;
  return std::clamp(h[key].get<double>(), 0.0, 1.0);
}

ZoneHint parse_hint(const nlohmann::json& h) {
  ZoneHint z;
  if (!h.is_object()) return z;
  if (h.contains("fan")) z.fan = fan_from(h["fan"]);
  z.x = fraction(h, "x");
  z.y = fraction(h, "y");
  if (h.contains("hide") && h["hide"].is_boolean()) z.hide = h["hide"].get<bool>();
  return z;
}

// Specificity of a pattern: its literal characters.
int literal_chars(const std::string& p) {
  return static_cast<int>(
      std::count_if(p.begin(), p.end(), [](char c) { return c != '*' && c != '?'; }));
}

}  // namespace

ZoneHint hint_for(const nlohmann::json& layout, const std::string& zone) {
  if (!layout.is_object()) return {};
  if (auto it = layout.find(zone); it != layout.end()) return parse_hint(*it);
  const nlohmann::json* best = nullptr;
  int best_score = -1;
  for (auto it = layout.begin(); it != layout.end(); ++it) {
    if (!glob_match(it.key(), zone)) continue;
    int score = literal_chars(it.key());
    if (score > best_score) best = &*it, best_score = score;
  }
  return best ? parse_hint(*best) : ZoneHint{};
}

std::vector<std::string> check_hints(const nlohmann::json& layout) {
  std::vector<std::string> out;
  if (layout.is_null()) return out;
  if (!layout.is_object()) return {"layout: expected a table of zone names to hints"};
  for (auto it = layout.begin(); it != layout.end(); ++it) {
    const auto& h = *it;
    std::string where = "layout[\"" + it.key() + "\"]";
    if (!h.is_object()) {
      out.push_back(where + ": expected a table like { fan = \"row\" }");
      continue;
    }
    for (auto f = h.begin(); f != h.end(); ++f) {
      const std::string& k = f.key();
      if (k == "fan" && !fan_from(*f))
        out.push_back(where + ".fan: use \"row\", \"stack\" or \"column\"");
      else if ((k == "x" || k == "y") && (!f->is_number() || *f < 0 || *f > 1))
        out.push_back(where + "." + k + ": a number from 0 to 1");
      else if (k == "hide" && !f->is_boolean())
        out.push_back(where + ".hide: true or false");
      else if (k != "fan" && k != "x" && k != "y" && k != "hide")
        out.push_back(where + ": unknown hint '" + k + "' (fan, x, y, hide)");
    }
  }
  return out;
}

Fan default_fan(const engine::ZoneView& z) {
  static const char* stacked[] = {"deck",  "pile",  "discard", "foundation",
                                  "stock", "talon", "waste"};
  if (z.visibility == core::Visibility::None) return Fan::Stack;
  for (const char* k : stacked)
    if (z.kind == k) return Fan::Stack;
  if (z.kind == "column" || z.kind == "cascade") return Fan::Column;
  return Fan::Row;
}

std::string zone_title(const engine::ZoneView& z) {
  std::string t = z.label.empty() ? z.name : z.label;
  if (!z.cards.empty()) t += " \u00b7 " + std::to_string(z.cards.size());
  return t;
}

namespace {

struct Metrics {
  int cw = 0, ch = 0, label_h = 0, gap = 0, pad = 0, header_h = 0;
  int row_step() const { return cw + std::max(2, cw / 16); }
  int min_row_step() const { return std::max(8, cw * 15 / 100); }
  int hidden_step() const { return std::max(6, cw / 5); }
  int spread_step() const { return std::max(10, cw * 3 / 10); }
  int col_step() const { return std::max(12, ch / 4); }
  int depth() const { return 4; }  // the room a stack's edge takes
};

Metrics metrics_for(int card_h, double scale) {
  Metrics m;
  m.ch = std::max(20, card_h);
  m.cw = static_cast<int>(std::lround(m.ch * kCardAspect));
  m.label_h = static_cast<int>(std::lround(18 * scale));
  m.gap = static_cast<int>(std::lround(std::max(6.0, 12 * scale)));
  m.pad = static_cast<int>(std::lround(6 * scale));
  m.header_h = static_cast<int>(std::lround(22 * scale));
  return m;
}

struct Item {
  int zone = 0;
  Fan fan = Fan::Row;
  int n = 0;
  bool all_hidden = true;
  int spread = 1;  // stacks: face-up top cards shown side by side
  bool break_before = false, break_after = false;
  std::optional<double> x, y;
  int label_w = 0;
};

// Face-up cards at the top of a stack worth spreading so their corners show
// (a trick, the last discards): four when that is the whole pile, else three.
// Only cards with a corner label spread: the sliver of a card without one
// shows half a word.
int spread_of(const engine::ZoneView& z, const std::vector<core::CardDef>* defs) {
  int n = static_cast<int>(z.cards.size()), limit = n <= 4 ? 4 : 3, k = 0;
  auto labelled = [&](const engine::CardView& c) {
    if (!c.face_up || !defs || c.def < 0 || c.def >= static_cast<int>(defs->size())) return false;
    const auto& d = (*defs)[c.def];
    return !d.short_label.empty() || d.rank.has_value();
  };
  while (k < limit && k < n && labelled(z.cards[n - 1 - k])) ++k;
  return std::max(1, k);
}

int cards_width(const Item& it, const Metrics& m, bool minimal) {
  if (it.n == 0 || it.fan == Fan::Column) return m.cw;
  if (it.fan == Fan::Stack) return m.cw + (it.spread - 1) * m.spread_step() + m.depth();
  int step = it.all_hidden ? m.hidden_step() : minimal ? m.min_row_step() : m.row_step();
  return m.cw + (it.n - 1) * step;
}

int cards_height(const Item& it, const Metrics& m) {
  if (it.fan == Fan::Column && it.n > 1) return m.ch + (it.n - 1) * m.col_step();
  return m.ch + m.depth();
}

int box_width(const Item& it, const Metrics& m, bool minimal) {
  int cards = cards_width(it, m, minimal);
  int label_room = std::min(it.label_w + 8, std::max(cards, m.cw * 19 / 10));
  return std::max(cards, label_room);
}

int box_height(const Item& it, const Metrics& m) {
  return m.label_h + cards_height(it, m);
}

struct Line {
  std::vector<int> items;  // indices into the item list
  std::vector<int> widths;
  int w = 0, h = 0;
};

// Greedy flow in creation order; a family of zones (same name up to the
// last ':') that is contiguous gets lines of its own, so tableaux stay rows.
std::vector<Line> pack(const std::vector<Item>& items, const std::vector<int>& which, int width,
                       const Metrics& m) {
  std::vector<Line> lines;
  bool force = false;
  for (int idx : which) {
    const Item& it = items[idx];
    int pref = box_width(it, m, false), least = box_width(it, m, true);
    bool full = !lines.empty() && lines.back().w + m.gap + pref > width;
    if (lines.empty() || force || it.break_before || full) lines.emplace_back();
    Line& l = lines.back();
    int w = std::min(pref, std::max(least, width - (l.items.empty() ? 0 : l.w + m.gap)));
    w = std::min(w, width);
    l.w += (l.items.empty() ? 0 : m.gap) + w;
    l.items.push_back(idx);
    l.widths.push_back(w);
    l.h = std::max(l.h, box_height(it, m));
    force = it.break_after;
  }
  return lines;
}

int lines_height(const std::vector<Line>& lines, const Metrics& m) {
  int h = 0;
  for (const auto& l : lines) h += l.h;
  if (!lines.empty()) h += m.gap * static_cast<int>(lines.size() - 1);
  return h;
}

std::string family_of(const std::string& name) {
  size_t colon = name.rfind(':');
  return colon == std::string::npos ? std::string() : name.substr(0, colon);
}

// Marks line breaks around contiguous families of three or more zones.
void mark_families(std::vector<Item>& items, const engine::View& v, const std::vector<int>& which) {
  std::map<std::string, int> members;
  for (int i : which) members[family_of(v.zones[items[i].zone].name)]++;
  for (size_t k = 0; k < which.size(); ++k) {
    std::string fam = family_of(v.zones[items[which[k]].zone].name);
    if (fam.empty() || members[fam] < 3) continue;
    int run = 0;
    for (size_t j = k; j < which.size() && family_of(v.zones[items[which[j]].zone].name) == fam;
         ++j)
      ++run;
    if (run != members[fam]) continue;  // interleaved with another family: flow freely
    items[which[k]].break_before = true;
    items[which[k + run - 1]].break_after = true;
    k += run - 1;
  }
}

struct Region {
  int player = 0;  // 0: the centre
  Rect rect;
  std::vector<int> flow, placed;  // item indices: in the flow, or at hinted x/y
  bool small = false;             // an opponent's area: smaller cards
};

int region_need(const Region& r, const std::vector<Item>& items, int width, const Metrics& m) {
  int h = lines_height(pack(items, r.flow, width - 2 * m.pad, m), m);
  int header = r.player ? m.header_h : 0;
  return header + (h ? h + 2 * m.pad : m.pad);
}

ZoneSpot spot_for(const Item& it, const engine::ZoneView& z, Rect box, const Metrics& m) {
  ZoneSpot s;
  s.zone = it.zone;
  s.owner = z.owner;
  s.fan = it.fan;
  s.box = box;
  s.count = it.n;
  s.cards = {box.x, box.y + m.label_h, std::max(m.cw, box.w), cards_height(it, m)};
  s.slot = {box.x, s.cards.y + m.depth() / 2, m.cw, m.ch};
  int n = it.n;
  auto add = [&](int i, int x, int y) {
    const auto& c = z.cards[i];
    s.spots.push_back({c.id, c.def, c.face_up, {x, y, m.cw, m.ch}});
  };
  int x = box.x, y = s.cards.y;
  if (it.fan == Fan::Row) {
    int step = n > 1 ? std::min(m.row_step(), (box.w - m.cw) / (n - 1)) : 0;
    if (it.all_hidden) step = std::min(step, m.hidden_step());
    step = std::max(2, step);
    for (int i = 0; i < n; ++i) add(i, x + i * step, y + m.depth() / 2);
  } else if (it.fan == Fan::Column) {
    int step = m.col_step();
    for (int i = 0; i < n; ++i) add(i, x, y + i * step);
  } else if (n > 0) {
    int spread = it.spread, under = std::min(2, n - spread);
    for (int d = under; d >= 1; --d) add(n - spread - d, x + (under - d) * 2, y + (under - d) * 2);
    int base = under * 2;
    for (int k = 0; k < spread; ++k) add(n - spread + k, x + base + k * m.spread_step(), y + base);
  }
  return s;
}

void place_region(const Region& r, const std::vector<Item>& items, const engine::View& v,
                  const Metrics& m, bool centre_vertically, TableLayout& out) {
  int header = r.player ? m.header_h : 0;
  Rect inner{r.rect.x + m.pad, r.rect.y + header + m.pad, r.rect.w - 2 * m.pad,
             r.rect.h - header - 2 * m.pad};
  auto lines = pack(items, r.flow, inner.w, m);
  int total = lines_height(lines, m);
  int y = inner.y + (centre_vertically ? std::max(0, (inner.h - total) / 2) : 0);
  for (auto l : lines) {
    // Room left on the line lets truncated labels show whole.
    int room = inner.w - l.w;
    for (size_t k = 0; k < l.items.size() && room > 0; ++k) {
      int grow = std::min(room, items[l.items[k]].label_w + 8 - l.widths[k]);
      if (grow > 0) l.widths[k] += grow, l.w += grow, room -= grow;
    }
    int x = inner.x + std::max(0, (inner.w - l.w) / 2);
    for (size_t k = 0; k < l.items.size(); ++k) {
      const Item& it = items[l.items[k]];
      Rect box{x, y, l.widths[k], box_height(it, m)};
      out.zones.push_back(spot_for(it, v.zones[it.zone], box, m));
      x += l.widths[k] + m.gap;
    }
    y += l.h + m.gap;
  }
  for (int idx : r.placed) {
    const Item& it = items[idx];
    int w = box_width(it, m, false), h = box_height(it, m);
    int cx = r.rect.x + static_cast<int>(*it.x * r.rect.w),
        cy = r.rect.y + static_cast<int>(*it.y * r.rect.h);
    int bx = std::clamp(cx - w / 2, r.rect.x, std::max(r.rect.x, r.rect.right() - w));
    int by =
        std::clamp(cy - h / 2, r.rect.y + header, std::max(r.rect.y + header, r.rect.bottom() - h));
    out.zones.push_back(spot_for(it, v.zones[it.zone], {bx, by, w, h}, m));
  }
}

std::vector<Item> make_items(const LayoutInput& in) {
  const engine::View& v = *in.view;
  std::vector<Item> items;
  for (size_t i = 0; i < v.zones.size(); ++i) {
    const auto& z = v.zones[i];
    ZoneHint h = in.hints ? hint_for(*in.hints, z.name) : ZoneHint{};
    if (h.hide) continue;
    Item it;
    it.zone = static_cast<int>(i);
    it.fan = h.fan.value_or(default_fan(z));
    it.n = static_cast<int>(z.cards.size());
    for (const auto& c : z.cards) it.all_hidden = it.all_hidden && !c.face_up;
    it.spread = it.fan == Fan::Stack ? spread_of(z, in.defs) : 1;
    if (h.x && h.y) it.x = h.x, it.y = h.y;
    std::string label = zone_title(z);
    it.label_w = in.label_width ? in.label_width(label) : static_cast<int>(label.size()) * 7;
    items.push_back(it);
  }
  return items;
}

// Other players in seat order after the bottom one: clockwise round the table.
std::vector<int> others_of(const LayoutInput& in) {
  std::vector<int> out;
  for (int k = 1; k < in.players; ++k) out.push_back((in.bottom - 1 + k) % in.players + 1);
  return out;
}

std::vector<Region> make_regions(const LayoutInput& in, std::vector<Item>& items) {
  std::vector<Region> regions;
  regions.push_back({in.bottom, {}, {}, {}, false});
  for (int p : others_of(in)) regions.push_back({p, {}, {}, {}, true});
  regions.push_back({0, {}, {}, {}, false});
  for (size_t i = 0; i < items.size(); ++i) {
    int owner = in.view->zones[items[i].zone].owner;
    auto it = std::find_if(regions.begin(), regions.end(),
                           [&](const Region& r) { return r.player == owner; });
    Region& r = it == regions.end() ? regions.back() : *it;
    (items[i].x ? r.placed : r.flow).push_back(static_cast<int>(i));
  }
  for (auto& r : regions) mark_families(items, *in.view, r.flow);
  return regions;
}

struct Fit {
  Metrics big, small;
  int top = 0, bottom = 0, centre = 0;
};

Fit fit_cards(const LayoutInput& in, const std::vector<Region>& regions,
              const std::vector<Item>& items) {
  const Rect& t = in.table;
  size_t others = regions.size() - 2;
  int column_w = others ? t.w / static_cast<int>(others) : t.w;
  double max_h = std::min(t.h * 0.3, 190 * in.scale), min_h = 34 * in.scale;
  Fit f;
  for (double h = max_h;; h *= 0.96) {
    f.big = metrics_for(static_cast<int>(h), in.scale);
    f.small = metrics_for(static_cast<int>(h * 0.72), in.scale);
    f.bottom = region_need(regions.front(), items, t.w, f.big);
    f.centre = region_need(regions.back(), items, t.w, f.big);
    f.top = 0;
    for (size_t k = 1; k + 1 < regions.size(); ++k)
      f.top = std::max(f.top, region_need(regions[k], items, column_w, f.small));
    if (f.top + f.centre + f.bottom <= t.h || h <= min_h) return f;
  }
}

}  // namespace

TableLayout lay_out_table(const LayoutInput& in) {
  TableLayout out;
  auto items = make_items(in);
  auto regions = make_regions(in, items);
  Fit f = fit_cards(in, regions, items);
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
  for (const auto& r : regions) {
    bool centre = r.player == 0;
    place_region(r, items, *in.view, r.small ? f.small : f.big, centre, out);
    if (!centre)
      out.areas.push_back({r.player, r.rect, {r.rect.x, r.rect.y, r.rect.w, f.big.header_h}});
  }
  return out;
}

}  // namespace ratify::gui
