#pragma once
// The generic table: where each zone and card goes, from the zones' owner
// and kind and the ruleset's optional `layout` hints. Pure geometry (no
// SDL), so it is tested directly and shared by drawing and hit-testing.
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "gui/geometry.hpp"

namespace ratify::gui {

enum class Fan { Row, Stack, Column };

// One entry of RulesetMeta::layout: { fan = "row"|"stack"|"column",
// x = 0..1, y = 0..1, hide = true }. x/y place the zone's centre in its
// owner's area (the centre for shared zones) instead of the flow.
struct ZoneHint {
  std::optional<Fan> fan;
  std::optional<double> x, y;
  bool hide = false;
};

// '*' matches any run of characters, '?' one character.
bool glob_match(std::string_view pattern, std::string_view text);
// The hint for a zone: an exact key wins, else the most specific pattern.
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
};

struct PlayerArea {
  int player = 0;
  Rect rect;    // the whole area
  Rect header;  // name strip
};

struct TableLayout {
  std::vector<ZoneSpot> zones;
  std::vector<PlayerArea> areas;
  Rect centre;
  int card_w = 0, card_h = 0;  // full-size cards (the bottom and the centre)
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
};

TableLayout lay_out_table(const LayoutInput& in);

// Card proportions (poker size) shared by the drawing code.
constexpr double kCardAspect = 5.0 / 7.0;

}  // namespace ratify::gui
