#pragma once
// How a card definition looks: its colour and corner label. SDL-free.
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

namespace theme {
constexpr Color felt{26, 77, 56}, felt_dark{20, 62, 45}, area{33, 92, 67}, area_actor{46, 112, 82};
constexpr Color panel{32, 37, 43}, panel_light{44, 51, 59}, bar{21, 25, 29};
constexpr Color text{236, 238, 240}, muted{160, 170, 180}, dark_text{28, 28, 30};
constexpr Color face{251, 248, 240}, edge{60, 60, 60}, back{38, 60, 140}, back_trim{214, 178, 74};
constexpr Color playable{242, 193, 78}, selected{95, 208, 255}, target{110, 231, 160};
constexpr Color danger{200, 60, 60}, notice{40, 120, 200};
}  // namespace theme

}  // namespace ratify::gui
