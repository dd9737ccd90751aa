// Packing a region's zones in lines: the sizes of a zone at a card size,
// grids of families lined up column under column, free lines that share
// what room is left.
#include <algorithm>
#include <cmath>

#include "gui/card_style.hpp"
#include "gui/layout_parts.hpp"

namespace ratify::gui::layout_parts {

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
  if (it.tighten) {  // as wide as its room, whatever it holds: its cards close up inside
    Item room = it;
    room.n = it.room, room.all_hidden = false, room.tighten = false;
    return cards_width(room, m, minimal);
  }
  if (it.fan == Fan::Column || (it.n == 0 && it.fan == Fan::Row)) return m.cw;
  if (it.fan == Fan::Stack)
    return m.cw + (std::max(it.spread, it.reserve) - 1) * m.spread_step() + m.depth();
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
  return it.fan == Fan::Row && !it.tighten && !it.all_hidden &&
         (it.n - 1) * m.corner_floor + m.cw / 2 > width;
}

int box_height(const Item& it, const Metrics& m) {
  return m.label_h + cards_height(it, m);
}

int grid_cards_width(const Item& it, const Metrics& m) {
  if (it.fan == Fan::Stack) return m.cw + (kGridSpread - 1) * m.spread_step() + m.depth();
  return m.cw;
}

// The room a zone had before at this card size (LayoutMemory::zone_w).
static int remembered(const LayoutInput& in, const Item& it, const Metrics& m) {
  if (!in.memory || !in.view) return 0;
  auto f = in.memory->zone_w.find(zone_key(in.view->zones[it.zone].name, m.ch));
  return f == in.memory->zone_w.end() ? 0 : f->second;
}

int text_width(const LayoutInput& in, const std::string& s) {
  return in.label_width ? in.label_width(s) : static_cast<int>(s.size()) * 7;
}

namespace {

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
    int cell = g.cells ? (width - (g.columns - 1) * m.gap) / g.columns : 0;
    for (int i : g.items) {
      const Item& it = items[i];
      int room = g.grid    ? avail
                 : g.cells ? cell
                           : std::max(cards_width(it, m, false), m.cw * 19 / 10);
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

// A free zone's least width: its label whole (up to four cards' width),
// its cards as close as their corners allow, and the room it has had.
int free_least(const Item& it, const Metrics& m, int width, const LayoutInput& in) {
  int cards = cards_width(it, m, true);
  int least = std::max(cards, std::min(it.label_w + 8, 4 * m.cw));
  if (it.fan != Fan::Row) least = std::max(least, remembered(in, it, m));
  return std::min(least, width);
}

// The least a row needs for the most cards it has held (LayoutMemory):
// its share of a line does not shrink when it holds fewer for a while.
// A `room` hint counts as held from the start.
int held_least(const Item& it, const Metrics& m, int width, const LayoutInput& in, bool record,
               bool slotted) {
  if ((!in.memory && !it.room) || !in.view) return 0;
  if (it.tighten) return std::min(width, cards_width(it, m, true));  // never more than its room
  Item fullest = it;
  fullest.n = std::max(it.n, it.room);
  // An empty row's room is for cards face up; a row of backs (a hand
  // held by another) keeps room for backs.
  if (it.room) fullest.all_hidden = it.all_hidden && it.n > 0;
  if (in.memory) {
    int& most = in.memory->zone_w["most " + in.view->zones[it.zone].name];
    fullest.n = std::max(fullest.n, most);
    // Past its room a row with a slot beside it (GITMO's "On row 2")
    // keeps room for four more at a time: the slot slides once in four
    // cards, not at every card.
    if (slotted && it.room && fullest.n > it.room)
      fullest.n = it.room + (fullest.n - it.room + 3) / 4 * 4;
    if (record) most = fullest.n;
  }
  return std::min(width, cards_width(fullest, m, true));
}

// A line with rows (hands, rows of cards) gives them all its room: each
// row but the last an even share (or what it needed at its fullest, the
// most cards it has held), the last what remains. A row then grows and
// shrinks inside its own box, and whatever lies beside it stays put. Only
// when the last row needs more do the others give back room, down to what
// they need now. A slot glued to its row keeps beside it, at its least.
// False when the line has no row.
bool share_among_rows(Line& l, const std::vector<Item>& items, int width,
                      const std::vector<int>& held) {
  std::vector<size_t> rows;
  for (size_t k = 0; k < l.items.size(); ++k)
    if (items[l.items[k]].fan == Fan::Row && !items[l.items[k]].glued) rows.push_back(k);
  if (rows.empty()) return false;
  int fixed = l.w;
  for (size_t k : rows) fixed -= l.widths[k];
  int share = (width - fixed) / static_cast<int>(rows.size());
  size_t last = rows.back();
  std::vector<int> least = l.widths;  // what each needs now
  int used = fixed;
  for (size_t k : rows)
    if (k != last) {
      l.widths[k] = std::max({least[k], held[l.items[k]], share});
      used += l.widths[k];
    }
  // The last row short of room: the others give it back, from the first.
  for (size_t k : rows) {
    int short_by = least[last] - (width - used);
    if (short_by <= 0 || k == last) break;
    int give = std::min(short_by, l.widths[k] - least[k]);
    l.widths[k] -= give, used -= give;
  }
  l.widths[last] = std::max(l.widths[last], width - used);
  l.w = used + l.widths[last];
  return true;
}

}  // namespace

// The centre's stacks that come before its one grid (Meet the Patriots'
// draw deck before the formation) go in a column at the grid's left when
// that column is no taller than the grid and the grid still fits beside
// it: a line of their own above would take room from every card's height.
struct Side {
  std::vector<int> items;
  int w = 0, group = -1;
};

Side side_column(const std::vector<Item>& items, const Region& r, const Metrics& m,
                 const LayoutInput& in) {
  Side s;
  if (r.player != 0) return s;
  int grids = 0;
  for (size_t gi = 0; gi < r.groups.size(); ++gi)
    if (r.groups[gi].grid) ++grids, s.group = static_cast<int>(gi);
  if (grids != 1) return {};
  for (int idx : r.flow) {
    const Item& it = items[idx];
    if (it.group == s.group) break;
    if (it.group >= 0 || it.fan != Fan::Stack || it.glued || it.x) return {};
    s.items.push_back(idx);
    s.w = std::max({s.w, box_width(it, m, false), remembered(in, it, m)});
  }
  if (s.items.empty()) return {};
  return s;
}

// How many of a family's places the line before takes when the family's
// cells start beside it: that line holds only stacks and rows of backs
// (Article V's stops; an opponent's hand, Article V and stops), at their
// fullest in whole places, and leaves a place free. So the stops take no
// line of their own, an opponent's first run lies beside its hand, and
// the places stay where they are whatever the cards' size. 0: under it.
int lead_places(const std::vector<Line>& lines, const std::vector<Item>& items, int cell,
                int columns, const Metrics& m) {
  if (lines.empty() || lines.back().group >= 0 || lines.back().lead) return 0;
  const Line& l = lines.back();
  for (int idx : l.items)
    if (items[idx].fan != Fan::Stack && !(items[idx].fan == Fan::Row && items[idx].all_hidden))
      return 0;
  int places = (std::max(l.w, l.firm) + m.gap + cell) / (cell + m.gap);
  // Two places free at least (a side's second run beside its first):
  // else the second run takes a new line and every card shrinks then;
  // under the line instead, the cards start at the size they keep.
  return places < columns - 1 ? places : 0;
}

// The height of a grid family's lines with k places to a line.
int grid_height(const Group& g, const std::vector<Item>& items, int k, const Metrics& m) {
  int n = static_cast<int>(g.items.size()), lines = (n + k - 1) / std::max(1, k), h = 0;
  for (int i : g.items) h = std::max(h, box_height(items[i], m));
  return lines * h + (lines - 1) * m.gap;
}

namespace {

int tightened_on(const Line& l, const std::vector<Item>& items) {
  return static_cast<int>(
      std::count_if(l.items.begin(), l.items.end(), [&](int i) { return items[i].tighten; }));
}

// `even`: rows that tighten to a line at most (0: as many as fit).
Packed pack_lines(std::vector<Item>& items, Region& r, int width, const Metrics& m,
                  const LayoutInput& in, bool record, int even) {
  Packed out;
  Side side = side_column(items, r, m, in);
  GridPlan plan;
  if (!side.items.empty()) {
    plan = plan_grids(r, items, width - side.w - m.gap, m, in);
    int column = -m.gap;
    for (int idx : side.items) column += box_height(items[idx], m) + m.gap;
    int k = plan.per_line[static_cast<size_t>(side.group)];
    if (plan.overfull || column > grid_height(r.groups[side.group], items, k, m)) side = {};
  }
  if (side.items.empty()) plan = plan_grids(r, items, width, m, in);
  out.side = side.items;
  out.side_w = side.items.empty() ? 0 : side.w;
  out.side_group = side.items.empty() ? -1 : side.group;
  out.cell = plan.cell;
  out.heading_w = plan.heading_w;
  out.overfull = plan.overfull;
  auto& lines = out.lines;
  std::vector<bool> done(r.groups.size());
  std::vector<int> held(items.size());
  bool force = false;
  for (size_t pos = 0; pos < r.flow.size(); ++pos) {
    int idx = r.flow[pos];
    const Item& it = items[idx];
    if (std::find(out.side.begin(), out.side.end(), idx) != out.side.end()) continue;
    if (it.group >= 0 && !r.groups[it.group].off) {
      if (done[it.group]) continue;
      done[it.group] = true;
      const Group& g = r.groups[it.group];
      int columns = g.columns;
      if (!g.heading.empty() && !out.heading_w) {
        Line h;
        h.group = it.group, h.heading_only = true, h.h = m.label_h;
        lines.push_back(h);
      }
      int room = width - out.heading_w - (it.group == out.side_group ? out.side_w + m.gap : 0);
      int k = plan.per_line[it.group];
      if (g.grid) out.grid_w = std::max(out.grid_w, k * out.cell + (k - 1) * m.gap);
      int row = 0;
      int cell = g.cells ? (room - (columns - 1) * m.gap) / columns : 0;
      int place = 0;  // cells: the places taken on the line so far
      // A run too long for its place even at the smallest cards (a run of
      // ten at 800x600) takes the places after it too: its corners stay
      // whole.
      auto span_of = [&](const Item& member) {
        Metrics own = m;  // its own corners ("LIB", "12"), not the game's widest
        if (member.corner_floor) own.corner_floor = member.corner_floor;
        int span = 1;
        while (g.cells && span < columns && hopeless(member, span * (cell + m.gap) - m.gap, own))
          ++span;
        return span;
      };
      int led = g.cells && g.heading.empty() ? lead_places(lines, items, cell, columns, m) : 0;
      if (led + span_of(items[g.items[0]]) > columns) led = 0;
      if (led) lines.back().lead = led * (cell + m.gap) - m.gap;
      int indent = led * (cell + m.gap);
      for (size_t j = 0; j < g.items.size(); ++j) {
        const Item& member = items[g.items[j]];
        int span = span_of(member);
        int w = g.grid    ? out.cell
                : g.cells ? span * (cell + m.gap) - m.gap
                          : box_width(member, m, false);
        int least = g.grid ? out.cell : box_width(member, m, true);
        if (least > room && !hopeless(member, room, m)) out.overfull = true;
        if (g.cells) {  // room for the most a run holds (`room`): it grows, nothing shrinks
          Item fullest = member;
          fullest.n = std::max(member.n, member.room);
          if (box_width(fullest, m, true) > cell && !hopeless(fullest, cell, m))
            out.overfull = true;
        }
        bool full = j == 0;
        if (!full && g.grid) full = j % k == 0;
        if (!full && g.cells) full = place + span > columns;
        if (g.cells) place = (full ? (j == 0 ? led : 0) : place) + span;
        if (!full && !g.grid && !g.cells) {
          const Line& last = lines.back();
          full = (g.columns > 0 && static_cast<int>(last.items.size()) >= g.columns) ||
                 last.w + m.gap + w > room;
        }
        if (full) {
          if (j > 0) ++row;
          int beside = j == 0 && led ? lines.back().h : 0;
          lines.emplace_back();
          lines.back().group = it.group, lines.back().row = row, lines.back().per_line = k;
          lines.back().indent = j == 0 ? indent : 0, lines.back().h = beside;
        }
        Line& l = lines.back();
        // The room it had before, where the line has it (wrapping as ever).
        bool free = !g.grid && !g.cells;
        if (free) w = std::max(w, remembered(in, member, m));
        if (free) w = std::min(w, std::max(least, room - (l.items.empty() ? 0 : l.w + m.gap)));
        l.w += (l.items.empty() ? 0 : m.gap) + w;
        // A line of cells is as wide as its places, filled or not: its
        // left edge stays where a full line's is.
        if (g.cells) l.w = columns * cell + (columns - 1) * m.gap;
        l.items.push_back(g.items[j]);
        l.widths.push_back(w);
        l.h = std::max(l.h, box_height(member, m));
      }
      force = true;
      continue;
    }
    // A free line takes zones at their least (labels whole, cards as
    // close as their corners allow), then shares what room is left.
    int least = free_least(it, m, width, in);
    // The `room` hint is for the player's own rows (and a lone
    // opponent's, Region::keeps_room): kept in an opponent's narrow area
    // it would shrink those cards past their names.
    bool roomy = !r.small || r.keeps_room;
    Item own = it;
    // A row of backs (a hand another holds) packs them tight: a `room`
    // for a hand is for the player's own.
    if (!roomy || it.backs) own.room = 0;
    bool slotted = pos + 1 < r.flow.size() && items[r.flow[pos + 1]].glued;
    if (it.fan == Fan::Row) held[idx] = held_least(own, m, width, in, record, slotted);
    int kept = std::min(remembered(in, it, m), width);
    int pref = std::max(box_width(it, m, false), kept);
    if (it.may_spread) {
      Item spread = it;  // room to spread four where the line has it to spare
      spread.reserve = 4;
      pref = std::max(pref, box_width(spread, m, false));
    }
    if (box_width(it, m, true) > width && !hopeless(it, width, m)) out.overfull = true;
    // A zone and the slots glued after it wrap together.
    int unit = least;
    for (size_t j = pos + 1;
         j < r.flow.size() && items[r.flow[j]].glued && items[r.flow[j]].group < 0; ++j)
      unit += m.gap + free_least(items[r.flow[j]], m, width, in);
    // A row counts at its fullest: one that needs its own line at the most
    // cards it holds takes it for good, before its neighbours are squeezed.
    int firm = roomy ? std::max(least, held[idx]) : least;
    // A row keeps its slots beside it: its fullest counts only as far as
    // leaves them their room on its line, and a slot never wraps alone.
    firm = std::min(firm, std::max(least, width - (unit - least)));
    unit += firm - least;
    bool full = !lines.empty() && !it.glued && lines.back().firm + m.gap + unit > width;
    if (even && it.tighten && !lines.empty() && tightened_on(lines.back(), items) >= even)
      full = true;
    // Where the zone was: on a line of its own, or after the zone before.
    // A zone that wrapped stays wrapped, or the size would swing between
    // one line and two; in an opponent's area (small cards, little room)
    // only at that size and larger ones: at smaller cards it comes back.
    std::string key = "wrapped at " + in.view->zones[it.zone].name;
    int wrapped_at = 0;
    if (in.memory && in.memory->zone_w.count(key)) wrapped_at = in.memory->zone_w[key];
    bool began = wrapped_at > 0 && (m.ch >= wrapped_at || !r.small);
    bool starts = lines.empty() || force || full || lines.back().group >= 0 || (began && !it.glued);
    if (record && in.memory) in.memory->zone_w[key] = starts ? std::max(wrapped_at, m.ch) : 0;
    if (starts) lines.emplace_back();
    force = false;
    Line& l = lines.back();
    l.w += (l.items.empty() ? 0 : m.gap) + least;
    l.firm += (l.items.empty() ? 0 : m.gap) + firm;
    l.items.push_back(idx);
    l.widths.push_back(least);
    l.prefs.push_back(std::max(least, pref));
    l.h = std::max(l.h, box_height(it, m));
  }
  for (auto& l : lines) {
    if (l.group >= 0) continue;
    int lw = l.lead ? l.lead : width;  // beside a family's cells: its places
    if (share_among_rows(l, items, lw, held)) continue;
    // A pile that may fan takes its room first, whole: a share of it would
    // leave it to push its neighbours when it fans.
    for (size_t k = 0; k < l.items.size(); ++k)
      if (items[l.items[k]].may_spread && l.prefs[k] - l.widths[k] <= lw - l.w)
        l.w += l.prefs[k] - l.widths[k], l.widths[k] = l.prefs[k];
    int want = 0, room = lw - l.w;
    for (size_t k = 0; k < l.items.size(); ++k) want += l.prefs[k] - l.widths[k];
    for (size_t k = 0; k < l.items.size() && want > 0 && room > 0; ++k) {
      int grow = static_cast<int>(static_cast<long long>(l.prefs[k] - l.widths[k]) *
                                  std::min(room, want) / want);
      l.widths[k] += grow, l.w += grow;
    }
  }
  return out;
}

}  // namespace

// Rows that tighten lie evenly over their lines (GITMO's four rows two and
// two, not three and one): each keeps as much room before it closes up.
Packed pack(std::vector<Item>& items, Region& r, int width, const Metrics& m, const LayoutInput& in,
            bool record) {
  bool any = std::any_of(r.flow.begin(), r.flow.end(), [&](int i) { return items[i].tighten; });
  if (!any) return pack_lines(items, r, width, m, in, record, 0);
  Packed first = pack_lines(items, r, width, m, in, false, 0);
  int most = 0, total = 0;
  for (const auto& l : first.lines) {
    int t = l.group < 0 ? tightened_on(l, items) : 0;
    most = std::max(most, t), total += t;
  }
  int lines = most ? (total + most - 1) / most : 0;
  int even = lines > 1 ? (total + lines - 1) / lines : 0;
  return pack_lines(items, r, width, m, in, record, even < most ? even : 0);
}

int lines_height(const std::vector<Line>& lines, const Metrics& m) {
  int h = 0, n = 0;
  for (const auto& l : lines)
    if (!l.lead) h += l.h, ++n;
  if (n) h += m.gap * (n - 1);
  return h;
}

int region_need(Region& r, std::vector<Item>& items, int width, const Metrics& m,
                const LayoutInput& in, bool* overfull) {
  // The one player of a patience with every zone shared: an empty strip
  // with its name would only take room from the cards.
  if (r.player && in.players == 1 && r.flow.empty() && r.placed.empty()) return 0;
  Packed p = pack(items, r, width - 2 * m.pad, m, in);
  if (overfull) *overfull = *overfull || p.overfull;
  int h = lines_height(p.lines, m);
  int header = r.player ? m.header_h : 0;
  return header + (h ? h + 2 * m.pad : m.pad);
}

}  // namespace ratify::gui::layout_parts
