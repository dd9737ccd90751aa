#pragma once
// The ruleset's `layout` hints (docs/gui.md, "Layout hints"): which hint a
// zone takes, by its exact name or the most specific pattern, and what is
// wrong in a layout table. SDL-free.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ratify::gui {

enum class Fan { Row, Stack, Column };

// One entry of RulesetMeta::layout (docs/gui.md, "Layout hints"):
// { fan = "row"|"stack"|"column", x = 0..1, y = 0..1, hide = true|"empty",
//   owner = 2|"$1", columns = N, snake = true, pawns = "state_key", room = N,
//   tighten = true }.
struct ZoneHint {
  std::optional<Fan> fan;
  std::optional<double> x, y;  // the zone's centre in its owner's area, instead of the flow
  bool hide = false;           // never drawn
  bool hide_empty = false;     // drawn only while it holds a card
  std::optional<int> owner;    // drawn in this player's area (resolved from "$N")
  int columns = 0;             // a family of zones: this many to a line (0: as many as fit)
  bool snake = false;          // a family's lines alternate direction: a loop, a board's track
  std::string pawns;           // state key: per player, the zone (or its `*` part) they stand on
  // State key: per player, the card ids (keys of a set, or a list) that
  // player knows are not in this zone: the window lists the rest to them
  // (Escaped's suspect checklist).
  std::string checklist;
  // The order a row's cards are drawn in (never the rules' order): "suit"
  // (playing cards by suit then rank), "kind" (by kind then name), "name",
  // "none". Unset: hands are sorted ("suit" for playing cards, else "kind").
  std::string sort;
  // A row keeps room for this many cards from the start (at the closest
  // its corners allow): a row that grows to a dozen then pushes nothing
  // beside it and shrinks no card (GITMO's rows). 0: the most it has held.
  int room = 0;
  // A row with `room`: its box is that room for the whole game. Past it
  // its cards overlap closer, down to their corners, and then the middle
  // ones lie buried under a "+N" (GITMO's rows reach thirty cards): it
  // never pushes the slot beside it nor shrinks the table's cards.
  bool tighten = false;
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
// The same, with what the pattern's wildcards matched.
ZoneHint hint_for(const nlohmann::json& layout, const std::string& zone,
                  std::vector<std::string>& captures);
// Problems in a layout table (unknown fan, x out of range...), for a notice.
std::vector<std::string> check_hints(const nlohmann::json& layout);

}  // namespace ratify::gui
