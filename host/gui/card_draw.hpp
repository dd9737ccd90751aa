#pragma once
// Card faces and backs, drawn from a core::CardDef at any size: a corner
// label and the card's colour in the header, the name, the wrapped rules
// text; at preview size also the quote and the kind.
#include "core/table.hpp"
#include "gui/canvas.hpp"

namespace ratify::gui {

// visible_w > 0: only that much of the card's left shows (an overlapped
// row); the card then shows its corner and name there, not its text.
void draw_card_face(Canvas& cv, Rect r, const core::CardDef& d, bool large = false,
                    int visible_w = 0);
void draw_card_back(Canvas& cv, Rect r);
void draw_empty_slot(Canvas& cv, Rect r, Color c);
// A small pill with a number (cards in a stack).
void draw_count_badge(Canvas& cv, int right, int top, int count, int px);

}  // namespace ratify::gui
