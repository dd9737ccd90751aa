#pragma once
// How a card definition looks: its colour and corner label. SDL-free.
#include <filesystem>
#include <optional>
#include <string>

#include "core/table.hpp"
#include "gui/geometry.hpp"

namespace ratify::gui {

// `color` ("red", "#1f4e9c"), else the suit (hearts and diamonds red,
// spades and clubs black), else a colour picked from the kind's name so
// each kind keeps one colour, else a neutral slate.
Color card_color(const core::CardDef& d);
// "#rrggbb", "#rgb" or a colour name; false if it is neither.
bool parse_color(const std::string& text, Color& out);
// `short`, else the rank without a trailing ".0", else "".
std::string corner_label(const core::CardDef& d);

// A card of the standard pack: a `suit` of hearts, diamonds, spades or
// clubs and a whole `rank` 1..13 (14 is an ace too). Drawn as a playing
// card: rank and suit symbol in red or black.
struct PlayingCard {
  std::string rank;    // "A", "2" ... "10", "J", "Q", "K"
  std::string symbol;  // U+2665 and friends
  bool red = false;
  int value = 0;  // 1..13
};
std::optional<PlayingCard> playing_card(const core::CardDef& d);
// The one line a card's corner shows: "10\u2665" for a playing card, else
// corner_label.
std::string corner_text(const core::CardDef& d);
// The corner's font size on a card `card_h` pixels high.
int corner_font_px(int card_h, bool large = false);
// Cards less high than this show only their corner label (else the name).
constexpr int kNameless = 44;
// Colour of a player's pawn and marks: distinct for up to eight players.
Color player_color(int player);

// The top-level assets/ folder: ./assets when it holds icon.png, else the
// source tree's (card backs, the window icon, images cards name).
std::filesystem::path assets_dir();

namespace theme {
constexpr Color felt{26, 77, 56}, felt_dark{20, 62, 45}, area{33, 92, 67}, area_actor{46, 112, 82};
constexpr Color panel{32, 37, 43}, panel_light{44, 51, 59}, bar{21, 25, 29};
constexpr Color text{236, 238, 240}, muted{160, 170, 180}, dark_text{28, 28, 30};
constexpr Color face{251, 248, 240}, edge{60, 60, 60}, back{38, 60, 140}, back_trim{214, 178, 74};
constexpr Color playable{242, 193, 78}, selected{95, 208, 255}, target{110, 231, 160};
constexpr Color danger{200, 60, 60}, notice{40, 120, 200};
constexpr Color suit_red{200, 30, 40}, suit_black{25, 25, 30};
}  // namespace theme

}  // namespace ratify::gui
