#include "gui/layout.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "gui/card_style.hpp"

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

bool glob_capture(std::string_view p, std::string_view s, std::vector<std::string>& caps) {
  // Backtracking, a `*` trying the shortest match first: zone names and
  // patterns are a few characters.
  size_t mark = caps.size();
  if (p.empty()) return s.empty();
  if (p[0] == '*') {
    for (size_t k = 0; k <= s.size(); ++k) {
      caps.resize(mark);
      caps.emplace_back(s.substr(0, k));
      if (glob_capture(p.substr(1), s.substr(k), caps)) return true;
    }
    caps.resize(mark);
    return false;
  }
  if (s.empty()) return false;
  if (p[0] == '?') {
    caps.emplace_back(s.substr(0, 1));
    if (glob_capture(p.substr(1), s.substr(1), caps)) return true;
    caps.resize(mark);
    return false;
  }
  return p[0] == s[0] && glob_capture(p.substr(1), s.substr(1), caps);
}

namespace {

const char* const kHintFields[] = {"fan", "x", "y", "hide", "owner", "columns", "snake", "pawns"};

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

std::optional<int> whole(const std::string& s) {
  if (s.empty() || s.size() > 6 ||
      !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  return std::stoi(s);
}

// "$N": the N-th wildcard's match.
bool capture_ref(const std::string& s, size_t& index) {
  if (s.size() < 2 || s[0] != '$') return false;
  auto n = whole(s.substr(1));
  if (!n || *n < 1) return false;
  index = static_cast<size_t>(*n - 1);
  return true;
}

ZoneHint parse_hint(const nlohmann::json& h, const std::vector<std::string>& caps) {
  ZoneHint z;
  if (!h.is_object()) return z;
  if (h.contains("fan")) z.fan = fan_from(h["fan"]);
  z.x = fraction(h, "x");
  z.y = fraction(h, "y");
  if (h.contains("hide") && h["hide"].is_boolean()) z.hide = h["hide"].get<bool>();
  if (h.contains("hide") && h["hide"] == "empty") z.hide_empty = true;
  if (h.contains("owner")) {
    const auto& o = h["owner"];
    size_t i = 0;
    if (o.is_number_integer() && o.get<int>() >= 1)
      z.owner = o.get<int>();
    else if (o.is_string() && capture_ref(o.get<std::string>(), i) && i < caps.size())
      z.owner = whole(caps[i]);
  }
  if (h.contains("columns") && h["columns"].is_number_integer())
    z.columns = std::max(0, h["columns"].get<int>());
  if (h.contains("snake") && h["snake"].is_boolean()) z.snake = h["snake"].get<bool>();
  if (h.contains("pawns") && h["pawns"].is_string()) z.pawns = h["pawns"].get<std::string>();
  return z;
}

// Specificity of a pattern: its literal characters.
int literal_chars(const std::string& p) {
  return static_cast<int>(
      std::count_if(p.begin(), p.end(), [](char c) { return c != '*' && c != '?'; }));
}

// The hint and what the pattern's wildcards matched.
ZoneHint hint_with(const nlohmann::json& layout, const std::string& zone,
                   std::vector<std::string>& caps) {
  caps.clear();
  if (!layout.is_object()) return {};
  if (auto it = layout.find(zone); it != layout.end()) return parse_hint(*it, caps);
  const nlohmann::json* best = nullptr;
  int best_score = -1;
  std::vector<std::string> trial;
  for (auto it = layout.begin(); it != layout.end(); ++it) {
    trial.clear();
    if (!glob_capture(it.key(), zone, trial)) continue;
    int score = literal_chars(it.key());
    if (score > best_score) best = &*it, best_score = score, caps = trial;
  }
  return best ? parse_hint(*best, caps) : ZoneHint{};
}

}  // namespace

ZoneHint hint_for(const nlohmann::json& layout, const std::string& zone) {
  std::vector<std::string> caps;
  return hint_with(layout, zone, caps);
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
      size_t index = 0;
      if (k == "fan" && !fan_from(*f))
        out.push_back(where + ".fan: use \"row\", \"stack\" or \"column\"");
      else if ((k == "x" || k == "y") && (!f->is_number() || *f < 0 || *f > 1))
        out.push_back(where + "." + k + ": a number from 0 to 1");
      else if (k == "hide" && !f->is_boolean() && *f != "empty")
        out.push_back(where + ".hide: true, false or \"empty\"");
      else if (k == "owner" && !(f->is_number_integer() && *f >= 1) &&
               !(f->is_string() && capture_ref(f->get<std::string>(), index)))
        out.push_back(where + ".owner: a player number, or \"$1\" for the number the first " +
                      "wildcard matched");
      else if (k == "columns" && !(f->is_number_integer() && *f >= 1))
        out.push_back(where + ".columns: a whole number from 1");
      else if (k == "snake" && !f->is_boolean())
        out.push_back(where + ".snake: true or false");
      else if (k == "pawns" && !(f->is_string() && !f->get<std::string>().empty()))
        out.push_back(where + ".pawns: the name of a field of g.state");
      else if (std::find(std::begin(kHintFields), std::end(kHintFields), k) ==
               std::end(kHintFields))
        out.push_back(where + ": unknown hint '" + k +
                      "' (fan, x, y, hide, owner, columns, snake, pawns)");
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

// The widest corner any card of the game shows, measured once per card size
// (corners are few: a game has a few dozen definitions).
struct Corners {
  std::vector<std::string> texts;  // distinct corner texts
  const std::function<int(const std::string&, int)>* bold = nullptr;
  int width(int card_h) const {
    int px = corner_font_px(card_h), w = 0;
    for (const auto& t : texts)
      w = std::max(
          w, bold && *bold ? (*bold)(t, px) : static_cast<int>(std::lround(t.size() * px * 0.68)));
    return w;
  }
};

struct Metrics {
  int cw = 0, ch = 0, label_h = 0, gap = 0, pad = 0, header_h = 0;
  int corner = 0;        // pixels an overlapped card keeps in sight so its corner reads whole
  int corner_floor = 0;  // the same at the smallest corner font
  int row_step() const { return cw + std::max(2, cw / 16); }
  int min_row_step() const { return std::min(row_step(), std::max(cw * 15 / 100, corner)); }
  int hidden_step() const { return std::max(6, cw / 5); }
  int spread_step() const { return std::min(cw * 8 / 10, std::max(cw * 3 / 10, corner)); }
  int col_step() const { return std::max(12, ch / 4); }
  int depth() const { return 4; }  // the room a stack's edge takes
};

Metrics metrics_for(int card_h, double scale, const Corners& corners) {
  Metrics m;
  m.ch = std::max(20, card_h);
  m.cw = static_cast<int>(std::lround(m.ch * kCardAspect));
  m.label_h = static_cast<int>(std::lround(18 * scale));
  m.gap = static_cast<int>(std::lround(std::max(6.0, 12 * scale)));
  m.pad = static_cast<int>(std::lround(6 * scale));
  m.header_h = static_cast<int>(std::lround(22 * scale));
  int w = corners.width(m.ch);
  m.corner = w ? w + std::max(4, m.cw / 12) : 0;
  int least = corners.width(0);  // at the smallest corner font: no smaller card helps
  m.corner_floor = least ? least + 4 : 0;
  return m;
}

// A zone's cards in a grid's place show at most this many spread: the
// place keeps its width whatever it holds, so columns line up.
constexpr int kGridSpread = 2;

struct Item {
  int zone = 0;
  Fan fan = Fan::Row;
  int n = 0;
  bool all_hidden = true;
  int spread = 1;  // stacks: face-up top cards shown side by side
  int group = -1;  // its family's index in Region::groups, or -1: it flows
  std::optional<double> x, y;
  std::string title;  // the label drawn over it: `full`, or `part` under a heading
  int label_w = 0;
  std::string full, part;
  int full_w = 0, part_w = 0;
  std::vector<int> pawns;
};

// Face-up cards at the top of a stack worth spreading so their corners show
// (a trick, the last discards): four when that is the whole pile, else three.
// Only cards with a corner label spread: the sliver of a card without one
// shows half a word.
int spread_of(const engine::ZoneView& z, const std::vector<core::CardDef>* defs) {
  int n = static_cast<int>(z.cards.size()), limit = n <= 4 ? 4 : 3, k = 0;
  auto labelled = [&](const engine::CardView& c) {
    if (!c.face_up || !defs || c.def < 0 || c.def >= static_cast<int>(defs->size())) return false;
    return !corner_text((*defs)[c.def]).empty();
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

int label_room(const Item& it, int cards, const Metrics& m) {
  return std::min(it.label_w + 8, std::max(cards, m.cw * 19 / 10));
}

int box_width(const Item& it, const Metrics& m, bool minimal) {
  int cards = cards_width(it, m, minimal);
  return std::max(cards, label_room(it, cards, m));
}

// Too wide for `width` at any card size: its corners stay as wide however
// small the cards, so smaller cards would not help (a hand of fifteen in a
// narrow area). Its cards overlap their corners instead.
bool hopeless(const Item& it, int width, const Metrics& m) {
  return it.fan == Fan::Row && !it.all_hidden && (it.n - 1) * m.corner_floor + m.cw / 2 > width;
}

int box_height(const Item& it, const Metrics& m) {
  return m.label_h + cards_height(it, m);
}

// A family of zones (same name up to the last ':', three or more, created
// one after another) gets lines of its own. When every member is one card
// wide (stacks, columns, places for one card) it is a grid: every place as
// wide as the widest could be, so an emptied pile shifts nothing and
// families of the same length line up column under column.
struct Group {
  std::vector<int> items;  // in creation order
  int columns = 0;         // hint: places to a line
  bool snake = false, grid = false;
  std::string shared;   // the start all its labels share
  std::string heading;  // `shared` when the whole labels would be cut: said once beside the line
};

struct Region {
  int player = 0;  // 0: the centre
  Rect rect;
  std::vector<int> flow, placed;  // item indices: in the flow, or at hinted x/y
  std::vector<Group> groups;
  bool small = false;  // an opponent's area: smaller cards
};

int grid_cards_width(const Item& it, const Metrics& m) {
  if (it.fan == Fan::Stack) return m.cw + (kGridSpread - 1) * m.spread_step() + m.depth();
  return m.cw;
}

struct Line {
  std::vector<int> items;          // indices into the item list
  std::vector<int> widths, prefs;  // prefs: a free line's zones at their ease
  int w = 0, h = 0;
  int group = -1, row = 0;  // a family's line: which, and its number within the family
  int per_line = 0;         // a grid line: places a full line of its family holds
  bool heading_only = false;
};

struct Packed {
  std::vector<Line> lines;
  int heading_w = 0;  // the column of family headings at the left of grid lines (0: above)
  int cell = 0, grid_w = 0;
  bool overfull = false;  // something is wider than the region even at its least
};

int text_width(const LayoutInput& in, const std::string& s) {
  return in.label_width ? in.label_width(s) : static_cast<int>(s.size()) * 7;
}

// Places to a line for a grid family: its hint, else as many as fit,
// spread evenly over the lines it needs (20 as 10 and 10, not 11 and 9).
int grid_per_line(const Group& g, int room, int cell, const Metrics& m) {
  int n = static_cast<int>(g.items.size());
  if (g.columns > 0) return std::min(n, g.columns);
  int fit = std::max(1, (room + m.gap) / (cell + m.gap));
  if (fit >= n) return n;
  int lines = (n + fit - 1) / fit;
  return (n + lines - 1) / lines;
}

void use_heading(Group& g, std::vector<Item>& items, bool on) {
  g.heading = on ? g.shared : std::string();
  for (int i : g.items) {
    Item& it = items[i];
    bool part = !g.heading.empty();
    it.title = part ? it.part : it.full;
    it.label_w = part ? it.part_w : it.full_w;
  }
}

// How a region's grids lie: one place width for all of them (so they line
// up column under column), places per line from the cards' width (a long
// label is cut or headed, never wraps a line), and the families' shared
// words said once when their whole labels would be cut: beside the lines
// when there is room, else above.
struct GridPlan {
  int cell = 0, heading_w = 0;
  std::vector<int> per_line;  // per group; 0: not a grid
  bool overfull = false;
};

GridPlan plan_grids(Region& r, std::vector<Item>& items, int width, const Metrics& m,
                    const LayoutInput& in) {
  GridPlan p;
  p.per_line.assign(r.groups.size(), 0);
  int cards = 0, widest = 0;
  for (const auto& g : r.groups)
    if (g.grid)
      for (int i : g.items) cards = std::max(cards, grid_cards_width(items[i], m));
  auto avail_for = [&](int room) {
    int a = room;
    for (size_t gi = 0; gi < r.groups.size(); ++gi)
      if (int k = p.per_line[gi]) a = std::min(a, (room - (k - 1) * m.gap) / k);
    return a;
  };
  for (size_t gi = 0; gi < r.groups.size(); ++gi)
    if (r.groups[gi].grid) {
      int k = p.per_line[gi] = grid_per_line(r.groups[gi], width, cards, m);
      widest = std::max(widest, k * cards + (k - 1) * m.gap);
    }
  int avail = avail_for(width);
  bool grid_cut = false;
  for (auto& g : r.groups) {
    bool cut = false;
    for (int i : g.items) {
      const Item& it = items[i];
      int room = g.grid ? avail : std::max(cards_width(it, m, false), m.cw * 19 / 10);
      cut = cut || it.full_w + 8 > room;
    }
    if (g.grid) grid_cut = grid_cut || cut;
    if (!g.grid) use_heading(g, items, cut);
  }
  int head = 0;
  for (auto& g : r.groups)
    if (g.grid) {
      use_heading(g, items, grid_cut);
      if (!g.heading.empty()) head = std::max(head, text_width(in, g.heading) * 9 / 8);
    }
  if (head && widest && head + m.gap + widest <= width && cards <= avail_for(width - head - m.gap))
    p.heading_w = head + m.gap;
  avail = avail_for(width - p.heading_w);
  int label = 0;
  for (const auto& g : r.groups)
    if (g.grid)
      for (int i : g.items) label = std::max(label, items[i].label_w + 8);
  p.cell = std::max(cards, std::min(label, avail));
  p.overfull = cards > avail;
  return p;
}

Packed pack(std::vector<Item>& items, Region& r, int width, const Metrics& m,
            const LayoutInput& in) {
  Packed out;
  GridPlan plan = plan_grids(r, items, width, m, in);
  out.cell = plan.cell;
  out.heading_w = plan.heading_w;
  out.overfull = plan.overfull;
  auto& lines = out.lines;
  std::vector<bool> done(r.groups.size());
  bool force = false;
  for (int idx : r.flow) {
    const Item& it = items[idx];
    if (it.group >= 0) {
      if (done[it.group]) continue;
      done[it.group] = true;
      const Group& g = r.groups[it.group];
      if (!g.heading.empty() && !out.heading_w) {
        Line h;
        h.group = it.group, h.heading_only = true, h.h = m.label_h;
        lines.push_back(h);
      }
      int room = width - out.heading_w;
      int k = plan.per_line[it.group];
      if (g.grid) out.grid_w = std::max(out.grid_w, k * out.cell + (k - 1) * m.gap);
      int row = 0;
      for (size_t j = 0; j < g.items.size(); ++j) {
        const Item& member = items[g.items[j]];
        int w = g.grid ? out.cell : box_width(member, m, false);
        int least = g.grid ? out.cell : box_width(member, m, true);
        if (least > room && !hopeless(member, room, m)) out.overfull = true;
        bool full = j == 0;
        if (!full && g.grid) full = j % k == 0;
        if (!full && !g.grid) {
          const Line& last = lines.back();
          full = (g.columns > 0 && static_cast<int>(last.items.size()) >= g.columns) ||
                 last.w + m.gap + w > room;
        }
        if (full) {
          if (j > 0) ++row;
          lines.emplace_back();
          lines.back().group = it.group, lines.back().row = row, lines.back().per_line = k;
        }
        Line& l = lines.back();
        if (!g.grid) w = std::min(w, std::max(least, room - (l.items.empty() ? 0 : l.w + m.gap)));
        l.w += (l.items.empty() ? 0 : m.gap) + w;
        l.items.push_back(g.items[j]);
        l.widths.push_back(w);
        l.h = std::max(l.h, box_height(member, m));
      }
      force = true;
      continue;
    }
    // A free line takes zones at their least (labels whole, cards as
    // close as their corners allow), then shares what room is left.
    int cards = cards_width(it, m, true);
    int least = std::min(std::max(cards, std::min(it.label_w + 8, 4 * m.cw)), width);
    int pref = box_width(it, m, false);
    if (box_width(it, m, true) > width && !hopeless(it, width, m)) out.overfull = true;
    bool full = !lines.empty() && lines.back().w + m.gap + least > width;
    if (lines.empty() || force || full || lines.back().group >= 0) lines.emplace_back();
    force = false;
    Line& l = lines.back();
    l.w += (l.items.empty() ? 0 : m.gap) + least;
    l.items.push_back(idx);
    l.widths.push_back(least);
    l.prefs.push_back(std::max(least, pref));
    l.h = std::max(l.h, box_height(it, m));
  }
  for (auto& l : lines) {
    if (l.group >= 0) continue;
    int want = 0, room = width - l.w;
    for (size_t k = 0; k < l.items.size(); ++k) want += l.prefs[k] - l.widths[k];
    for (size_t k = 0; k < l.items.size() && want > 0 && room > 0; ++k) {
      int grow = static_cast<int>(static_cast<long long>(l.prefs[k] - l.widths[k]) *
                                  std::min(room, want) / want);
      l.widths[k] += grow, l.w += grow;
    }
  }
  return out;
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

std::string title_of(const engine::ZoneView& z) {
  return z.label.empty() ? z.name : z.label;
}

// The words all the titles start with ("House of Commons" of "House of
// Commons 1".."8"), when each title goes on after them.
std::string shared_words(const std::vector<std::string>& titles) {
  if (titles.size() < 2) return {};
  std::string p = titles.front();
  for (const auto& t : titles) {
    size_t k = 0;
    while (k < p.size() && k < t.size() && p[k] == t[k]) ++k;
    p.resize(k);
  }
  size_t space = p.rfind(' ');
  if (space == std::string::npos) return {};
  p.resize(space);
  for (const auto& t : titles)
    if (t.size() <= p.size() + 1) return {};
  while (!p.empty() && (p.back() == ',' || p.back() == ':' || p.back() == ' ')) p.pop_back();
  return p;
}

// Finds the families of a region's flow and sets up their lines.
void make_groups(Region& r, std::vector<Item>& items, const LayoutInput& in,
                 const std::vector<ZoneHint>& hints) {
  const engine::View& v = *in.view;
  std::map<std::string, int> members;
  for (int i : r.flow) members[family_of(v.zones[items[i].zone].name)]++;
  for (size_t k = 0; k < r.flow.size(); ++k) {
    std::string fam = family_of(v.zones[items[r.flow[k]].zone].name);
    if (fam.empty() || members[fam] < 3) continue;
    size_t run = 0;
    while (k + run < r.flow.size() && family_of(v.zones[items[r.flow[k + run]].zone].name) == fam)
      ++run;
    if (static_cast<int>(run) != members[fam]) continue;  // interleaved: flow freely
    Group g;
    g.grid = true;
    for (size_t j = k; j < k + run; ++j) {
      const Item& it = items[r.flow[j]];
      g.items.push_back(r.flow[j]);
      if (it.fan == Fan::Row && it.n > 1) g.grid = false;
      const ZoneHint& h = hints[r.flow[j]];
      if (h.columns) g.columns = h.columns;
      g.snake = g.snake || h.snake;
    }
    r.groups.push_back(g);
    for (int i : g.items) items[i].group = static_cast<int>(r.groups.size() - 1);
    k += run - 1;
  }
}

// The shared start of each family's labels, and each label without it.
void find_shared(Region& r, std::vector<Item>& items, const LayoutInput& in) {
  const engine::View& v = *in.view;
  for (auto& g : r.groups) {
    std::vector<std::string> titles;
    for (int i : g.items) titles.push_back(title_of(v.zones[items[i].zone]));
    g.shared = shared_words(titles);
    if (g.shared.empty()) continue;
    for (int i : g.items) {
      Item& it = items[i];
      const auto& z = v.zones[it.zone];
      std::string rest = title_of(z).substr(g.shared.size());
      rest.erase(0, rest.find_first_not_of(" ,:"));
      it.part = rest + (z.cards.empty() ? "" : " \u00b7 " + std::to_string(z.cards.size()));
      it.part_w = in.label_width ? in.label_width(it.part) : static_cast<int>(it.part.size()) * 7;
    }
  }
}

int region_need(Region& r, std::vector<Item>& items, int width, const Metrics& m,
                const LayoutInput& in, bool* overfull = nullptr) {
  Packed p = pack(items, r, width - 2 * m.pad, m, in);
  if (overfull) *overfull = *overfull || p.overfull;
  int h = lines_height(p.lines, m);
  int header = r.player ? m.header_h : 0;
  return header + (h ? h + 2 * m.pad : m.pad);
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
    int spread = grid ? std::min(it.spread, kGridSpread) : it.spread;
    int under = std::min(2, n - spread);
    for (int d = under; d >= 1; --d) add(n - spread - d, x + (under - d) * 2, y + (under - d) * 2);
    int base = under * 2;
    for (int k = 0; k < spread; ++k) add(n - spread + k, x + base + k * m.spread_step(), y + base);
  }
  return s;
}

void place_region(Region& r, std::vector<Item>& items, const engine::View& v, const Metrics& m,
                  bool centre_vertically, const LayoutInput& in, TableLayout& out) {
  int header = r.player ? m.header_h : 0;
  Rect inner{r.rect.x + m.pad, r.rect.y + header + m.pad, r.rect.w - 2 * m.pad,
             r.rect.h - header - 2 * m.pad};
  Packed p = pack(items, r, inner.w, m, in);
  int total = lines_height(p.lines, m);
  int y = inner.y + (centre_vertically ? std::max(0, (inner.h - total) / 2) : 0);
  // Grid lines share one left edge, so places line up column under column.
  int grid_x = inner.x + std::max(0, (inner.w - p.heading_w - p.grid_w) / 2);
  std::vector<bool> headed(r.groups.size());
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
      for (size_t k = 0; k < l.items.size(); ++k) {
        int col = static_cast<int>(k);
        if (g->snake && l.row % 2 == 1) col = l.per_line - 1 - col;
        Rect box{grid_x + p.heading_w + col * (p.cell + m.gap), y, p.cell,
                 box_height(items[l.items[k]], m)};
        const Item& it = items[l.items[k]];
        out.zones.push_back(spot_for(it, v.zones[it.zone], box, m, true));
      }
      y += l.h + m.gap;
      continue;
    }
    // Room left on the line lets truncated labels show whole.
    int room = inner.w - l.w;
    for (size_t k = 0; k < l.items.size() && room > 0; ++k) {
      int grow = std::min(room, items[l.items[k]].label_w + 8 - l.widths[k]);
      if (grow > 0) l.widths[k] += grow, l.w += grow, room -= grow;
    }
    x = inner.x + std::max(0, (inner.w - l.w) / 2);
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
      out.zones.push_back(spot_for(it, v.zones[it.zone], boxes[k], m, false));
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
    out.zones.push_back(spot_for(it, v.zones[it.zone], {bx, by, w, h}, m, false));
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

std::vector<Item> make_items(const LayoutInput& in, std::vector<ZoneHint>& hints) {
  const engine::View& v = *in.view;
  std::vector<Item> items;
  std::vector<std::string> caps;
  for (size_t i = 0; i < v.zones.size(); ++i) {
    const auto& z = v.zones[i];
    ZoneHint h = in.hints ? hint_with(*in.hints, z.name, caps) : ZoneHint{};
    if (h.hide || (h.hide_empty && z.cards.empty())) continue;
    Item it;
    it.zone = static_cast<int>(i);
    it.fan = h.fan.value_or(default_fan(z));
    it.n = static_cast<int>(z.cards.size());
    for (const auto& c : z.cards) it.all_hidden = it.all_hidden && !c.face_up;
    it.spread = it.fan == Fan::Stack ? spread_of(z, in.defs) : 1;
    if (h.x && h.y) it.x = h.x, it.y = h.y;
    it.title = it.full = zone_title(z);
    it.label_w = it.full_w =
        in.label_width ? in.label_width(it.title) : static_cast<int>(it.title.size()) * 7;
    it.pawns = pawns_on(in, h, z.name, caps);
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
// (down to 70%) while a row is too long to keep its cards' corners in
// sight. With a LayoutMemory the size stays as it was while it fits and
// could not grow by a quarter (on the last four layouts) or by half, and a
// shrink goes a step further than it must, so the next card or two do not
// shrink it again.
Fit fit_cards(const LayoutInput& in, std::vector<Region>& regions, std::vector<Item>& items,
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
    for (double h2 = h * 0.96; h2 >= std::max(min_h, h * 0.7); h2 *= 0.96) {
      Trial t2 = try_fit(in, regions, items, corners, h2, h2 * 0.72, g);
      if (t2.tall_ok && t2.wide_ok) {
        f = g;
        break;
      }
    }
  }
  LayoutMemory* mem = in.memory;
  if (!mem) return f;
  std::string key = std::to_string(t.x) + "," + std::to_string(t.y) + "," + std::to_string(t.w) +
                    "x" + std::to_string(t.h) + " " + std::to_string(in.players) + "/" +
                    std::to_string(in.bottom) + " " + std::to_string(in.defs ? in.defs->size() : 0);
  bool same = mem->key == key && mem->card_h > 0;
  // Growing goes only as far as the last few layouts would all have
  // allowed (a row that wraps and unwraps turn by turn would swing the size
  // back and forth), and only by a quarter; by half (a new deal) at once.
  int fresh = f.big.ch, allowed = fresh;
  for (int r : mem->recent)
    if (r) allowed = std::min(allowed, r);
  int grow_to = !same                            ? 0
                : fresh >= mem->card_h * 3 / 2   ? fresh
                : allowed >= mem->card_h * 5 / 4 ? allowed
                                                 : 0;
  Fit kept;
  if (grow_to && grow_to < fresh &&
      try_fit(in, regions, items, corners, grow_to, grow_to * 0.72, kept).tall_ok)
    f = kept;
  else if (same && !grow_to && fresh >= mem->card_h &&
           try_fit(in, regions, items, corners, mem->card_h, std::min(mem->small_h, f.small.ch),
                   kept)
               .tall_ok)
    f = kept;
  else if (same && fresh < mem->card_h && fresh * 0.92 >= min_h &&
           try_fit(in, regions, items, corners, fresh * 0.92, f.small.ch * 0.92, kept).tall_ok)
    f = kept;
  if (same && mem->card_h == f.big.ch) {
    int top = std::max(f.top, mem->top_h), bottom = std::max(f.bottom, mem->bottom_h);
    if (top + bottom + f.centre <= t.h) f.top = top, f.bottom = bottom;
  }
  std::array<int, 4> recent{};
  if (same) std::copy(mem->recent.begin(), mem->recent.end() - 1, recent.begin() + 1);
  recent[0] = fresh;
  *mem = {key, f.big.ch, f.small.ch, f.top, f.bottom, recent};
  return f;
}

}  // namespace

TableLayout lay_out_table(const LayoutInput& in) {
  TableLayout out;
  std::vector<ZoneHint> hints;
  auto items = make_items(in, hints);
  auto regions = make_regions(in, items, hints);
  Corners corners;
  corners.bold = &in.bold_width;
  if (in.defs)
    for (const auto& d : *in.defs) {
      std::string c = corner_text(d);
      if (!c.empty() &&
          std::find(corners.texts.begin(), corners.texts.end(), c) == corners.texts.end())
        corners.texts.push_back(c);
    }
  for (auto& r : regions) find_shared(r, items, in);
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
    if (!centre)
      out.areas.push_back({r.player, r.rect, {r.rect.x, r.rect.y, r.rect.w, f.big.header_h}});
  }
  return out;
}

}  // namespace ratify::gui
