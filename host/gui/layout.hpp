#pragma once
// The generic table: where each zone and card goes, from the zones' owner
// and kind and the ruleset's optional `layout` hints (layout_hints.hpp).
// Pure geometry (no SDL), so it is tested directly and shared by drawing
// and hit-testing. Its own parts: layout_parts.hpp.
#include <array>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "gui/geometry.hpp"
#include "gui/layout_hints.hpp"

namespace ratify::gui {

Fan default_fan(const engine::ZoneView& z);
// The label drawn over a zone: its label (or name) and its card count.
std::string zone_title(const engine::ZoneView& z, bool count = true);

struct CardSpot {
  int id = 0;  // 0 when hidden
  int def = -1;
  bool face_up = false;
  bool glimpsed = false;  // a back the last move turned up and down: def is its face
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
  // A row past the most its box shows at their corners (`tighten`): its
  // middle cards lie under the spot at `buried_at`, counted "+buried".
  int buried = 0, buried_at = 0;
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
// once (and a step more); growing only by half or more (a new hand): a
// quarter's growth as hands emptied, undone at the next deal, moved every
// zone three times a game (Constitution at 800x600).
struct LayoutMemory {
  std::string key;  // table, players, bottom player, card definitions: another starts afresh
  int card_h = 0, small_h = 0, top_h = 0, bottom_h = 0;
  // The widest box each zone had ("hand:1@120": at cards 120 px high): a
  // zone keeps that room when its cards go, so a hand that shrinks and
  // grows again does not shift its neighbours back and forth.
  std::map<std::string, int> zone_w;
  // Whether each zone began a line of its region ("hand:1@120"): a zone
  // stays on its line while it fits there, so one that once wrapped does
  // not come back and go again as its neighbours grow and shrink.
  std::map<std::string, bool> starts_line;
  // Zones once drawn at this card size: a zone hidden while empty keeps
  // its room, so its neighbours do not close up and open again.
  std::map<std::string, int> seen;
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
  // Zones of `view` past this many are places kept for zones to come
  // (layout.cpp, first_places): ghosts, never drawn.
  size_t real_zones = SIZE_MAX;
};

TableLayout lay_out_table(const LayoutInput& in);

// Card proportions (poker size) shared by the drawing code.
constexpr double kCardAspect = 5.0 / 7.0;

}  // namespace ratify::gui
