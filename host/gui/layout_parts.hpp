#pragma once
// Inside the table's layout (layout.cpp): the zones as items to place, the
// regions they go in (the bottom player, the others, the centre), the
// families of zones, the lines a region packs its items in, and the sizes
// of it all at a card size. Packing is layout_pack.cpp; families and their
// shared labels layout_families.cpp.
#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gui/card_style.hpp"
#include "gui/layout.hpp"

namespace ratify::gui::layout_parts {

// The widest corner any card of the game shows, measured once per card size
// (corners are few: a game has a few dozen definitions).
struct Corners {
  std::vector<std::string> texts;       // distinct corner texts
  std::vector<std::string> name_words;  // the longest word of each name without a corner
  const std::function<int(const std::string&, int)>* bold = nullptr;
  int measure(const std::string& t, int px) const {
    return bold && *bold ? (*bold)(t, px) : static_cast<int>(std::lround(t.size() * px * 0.68));
  }
  int width(int card_h) const {
    int px = corner_font_px(card_h), w = 0;
    for (const auto& t : texts) w = std::max(w, measure(t, px));
    // A card without a corner label shows the start of its name instead
    // (card_draw's sliver, in a font 10/12 of the corner's, inside the
    // card's border and padding): its longest word must fit whole.
    int name_px = std::clamp(px * 10 / 12, 8, 18);
    for (const auto& t : name_words) w = std::max(w, measure(t, name_px) + card_h / 10);
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

Metrics metrics_for(int card_h, double scale, const Corners& corners);

// LayoutMemory::zone_w's key: a zone at a card height.
inline std::string zone_key(const std::string& zone, int card_h) {
  return zone + "@" + std::to_string(card_h);
}

// A zone's cards in a grid's place show at most this many spread: the
// place keeps its width whatever it holds, so columns line up.
constexpr int kGridSpread = 2;

struct Item {
  int zone = 0;
  Fan fan = Fan::Row;
  int n = 0;
  bool all_hidden = true;
  int spread = 1;           // stacks: face-up top cards shown side by side
  int reserve = 1;          // stacks: the spread their room is kept for (the most a pile shows)
  bool may_spread = false;  // a face-up pile: prefers room for four spread from the start
  int group = -1;           // its family's index in Region::groups, or -1: it flows
  std::optional<double> x, y;
  std::string title;  // the label drawn over it: `full`, or `part` under a heading
  int label_w = 0;
  std::string full, part;
  int full_w = 0, part_w = 0;
  std::vector<int> pawns;
  std::vector<int> order;    // the cards' drawing order (indices into the zone's cards)
  bool glued = false;        // goes on the line of the zone before it (a slot beside its row)
  bool ghost = false;        // hidden while empty: keeps its room, nothing drawn
  int room = 0;              // a row: the cards it keeps room for from the start (`room` hint)
  bool tighten = false;      // a row as wide as its room for good: more cards overlap closer
  bool backs = false;        // a row of backs, now or when it holds cards (another's hand)
  int fan_room = 0;          // a pile: the cards its `room` hint keeps room to fan
  int hintless_reserve = 1;  // `reserve` without fan_room (fit_cards may not keep it)
  int corner_floor = 0;      // a row: Metrics::corner_floor of its own cards' corners (0: unknown)
};

// A family of zones (same name up to the last ':', three or more, created
// one after another) gets lines of its own. When every member is one card
// wide (stacks, columns, places for one card) it is a grid: every place as
// wide as the widest could be, so an emptied pile shifts nothing and
// families of the same length line up column under column.
struct Group {
  std::vector<int> items;  // in creation order
  int columns = 0;         // hint: places to a line
  bool snake = false, grid = false;
  // Rows with `columns` and `room` (Article V's runs): every member an even
  // share of the line from the family's first, so a run begun fills the
  // next place and a run that grows pushes none.
  bool cells = false;
  bool hinted_cells = false;  // `cells` where the area keeps its `room` (keep_room_hints)
  bool off = false;           // too few to be a family without its cells: its zones flow
  std::string shared;         // the start all its labels share
  std::string heading;  // `shared` when the whole labels would be cut: said once beside the line
};

struct Region {
  int player = 0;  // 0: the centre
  Rect rect;
  std::vector<int> flow, placed;  // item indices: in the flow, or at hinted x/y
  std::vector<Group> groups;
  bool small = false;  // an opponent's area: smaller cards
  // An opponent's area keeps its rows' `room` (a lone opponent, whose area
  // is the table's width, while that leaves its cards their names).
  bool keeps_room = false;
};

struct Line {
  std::vector<int> items;          // indices into the item list
  std::vector<int> widths, prefs;  // prefs: a free line's zones at their ease
  int w = 0, h = 0;
  int firm = 0;             // w with each row at its fullest (held_least)
  int group = -1, row = 0;  // a family's line: which, and its number within the family
  int per_line = 0;         // a grid line: places a full line of its family holds
  bool heading_only = false;
  // A line that a family's cells go beside (Article V's stops at the left
  // of its runs): it takes no height, and its zones share this width,
  // the places it takes. 0: not one.
  int lead = 0;
  int indent = 0;  // a line of cells: where its places start, past the lead
};

struct Packed {
  std::vector<Line> lines;
  int heading_w = 0;  // the column of family headings at the left of grid lines (0: above)
  int cell = 0, grid_w = 0;
  bool overfull = false;  // something is wider than the region even at its least
  // Stacks beside a grid (a deck beside the formation): the items, one
  // under another at the grid's left, and the column's width (0: none).
  std::vector<int> side;
  int side_w = 0, side_group = -1;
};

// Sizes of an item at a card size (layout_pack.cpp).
int spread_of(const engine::ZoneView& z, const std::vector<core::CardDef>* defs);
int cards_width(const Item& it, const Metrics& m, bool minimal);
int cards_height(const Item& it, const Metrics& m);
int box_width(const Item& it, const Metrics& m, bool minimal);
int box_height(const Item& it, const Metrics& m);
bool hopeless(const Item& it, int width, const Metrics& m);
int grid_cards_width(const Item& it, const Metrics& m);
int text_width(const LayoutInput& in, const std::string& s);

// A region's items in lines `width` wide (layout_pack.cpp).
// `record`: remember which zones began lines (the layout drawn, not a trial).
Packed pack(std::vector<Item>& items, Region& r, int width, const Metrics& m, const LayoutInput& in,
            bool record = false);
int lines_height(const std::vector<Line>& lines, const Metrics& m);
// The height a region needs at `width`; sets *overfull when something is
// too wide even at its least.
int region_need(Region& r, std::vector<Item>& items, int width, const Metrics& m,
                const LayoutInput& in, bool* overfull = nullptr);

// Families (layout_families.cpp).
void make_groups(Region& r, std::vector<Item>& items, const LayoutInput& in,
                 const std::vector<ZoneHint>& hints);
void find_shared(Region& r, std::vector<Item>& items, const LayoutInput& in);
// A family's labels: whole, or (on) without the words its heading says.
void use_heading(Group& g, std::vector<Item>& items, bool on);

}  // namespace ratify::gui::layout_parts
