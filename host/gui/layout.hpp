#pragma once
// The generic table: where each zone and card goes, from the zones' owner
// and kind and the ruleset's optional `layout` hints. Pure geometry (no
// SDL), so it is tested directly and shared by drawing and hit-testing.
#include <array>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "gui/geometry.hpp"

namespace ratify::gui {

enum class Fan { Row, Stack, Column };

// One entry of RulesetMeta::layout (docs/gui.md, "Layout hints"):
// { fan = "row"|"stack"|"column", x = 0..1, y = 0..1, hide = true|"empty",
//   owner = 2|"$1", columns = N, snake = true, pawns = "state_key" }.
struct ZoneHint {
  std::optional<Fan> fan;
  std::optional<double> x, y;  // the zone's centre in its owner's area, instead of the flow
  bool hide = false;           // never drawn
  bool hide_empty = false;     // drawn only while it holds a card
  std::optional<int> owner;    // drawn in this player's area (resolved from "$N")
  int columns = 0;             // a family of zones: this many to a line (0: as many as fit)
  bool snake = false;          // a family's lines alternate direction: a loop, a board's track
  std::string pawns;           // state key: per player, the zone (or its `*` part) they stand on
};

// '*' matches any run of characters, '?' one character.
bool glob_match(std::string_view pattern, std::string_view text);
// The same, filling `captures` with what each wildcard matched (a `*` as
// little as it can), left to right.
bool glob_capture(std::string_view pattern, std::string_view text,
                  std::vector<std::string>& captures);
// The hint for a zone: an exact key wins, else the most specific pattern.
// `owner = "$N"` becomes the number the pattern's N-th wildcard matched.
ZoneHint hint_for(const nlohmann::json& layout, const std::string& zone);
// Problems in a layout table (unknown fan, x out of range...), for a notice.
std::vector<std::string> check_hints(const nlohmann::json& layout);
Fan default_fan(const engine::ZoneView& z);
// The label drawn over a zone: its label (or name) and its card count.
std::string zone_title(const engine::ZoneView& z);

struct CardSpot {
  int id = 0;  // 0 when hidden
  int def = -1;
  bool face_up = false;
  Rect rect;
};

struct ZoneSpot {
  int zone = 0;  // index into View::zones
  int owner = 0;
  Fan fan = Fan::Row;
  Rect box;    // label and cards: the zone's clickable area
  Rect cards;  // where the cards are
  Rect slot;   // one card's place (the outline of an empty zone), at this zone's card size
  int count = 0;
  std::vector<CardSpot> spots;  // drawing order: the last is on top
  std::string title;            // the label drawn over it (zone_title, or its part after a heading)
  std::vector<int> pawns;       // players standing on it (the `pawns` hint)
};

// The shared start of a family's labels ("House of Commons"), said once
// beside its line when the whole labels do not fit their places.
struct Heading {
  std::string text;
  Rect rect;
};

struct PlayerArea {
  int player = 0;
  Rect rect;    // the whole area
  Rect header;  // name strip
};

struct TableLayout {
  std::vector<ZoneSpot> zones;
  std::vector<PlayerArea> areas;
  std::vector<Heading> headings;
  Rect centre;
  int card_w = 0, card_h = 0;  // full-size cards (the bottom and the centre)
  int small_h = 0;             // the other players' cards
};

// What the last layout chose, so the next one keeps the card size and the
// areas' heights while the cards still fit: areas that jumped at every
// turn were hard to follow. Shrinking when the cards no longer fit is at
// once (and a step more); growing waits until the cards may grow by a
// quarter on the last four layouts, or by half (a new hand).
struct LayoutMemory {
  std::string key;  // table, players, bottom player, card definitions: another starts afresh
  int card_h = 0, small_h = 0, top_h = 0, bottom_h = 0;
  std::array<int, 4> recent{};  // the card heights the last layouts would have chosen afresh
};

struct LayoutInput {
  const engine::View* view = nullptr;
  const nlohmann::json* hints = nullptr;
  const std::vector<core::CardDef>* defs = nullptr;  // corner labels decide spreading
  int players = 1;
  int bottom = 1;  // the player whose area is at the bottom
  Rect table;
  double scale = 1.0;                                  // UI scale (1 at 1280x720)
  std::function<int(const std::string&)> label_width;  // pixels of a zone label
  // Pixels of a corner label in bold at `px` (the corner's font size):
  // overlapped cards leave at least their corner in sight. Unset: a guess.
  std::function<int(const std::string&, int px)> bold_width;
  LayoutMemory* memory = nullptr;  // kept from one layout to the next (the window's)
};

TableLayout lay_out_table(const LayoutInput& in);

// Card proportions (poker size) shared by the drawing code.
constexpr double kCardAspect = 5.0 / 7.0;

}  // namespace ratify::gui
