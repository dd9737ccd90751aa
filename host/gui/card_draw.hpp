#pragma once
// Card faces and backs, drawn from a core::CardDef at any size: a corner
// label and the card's colour in the header, the name, the wrapped rules
// text; at preview size also the quote and the kind. Cards of the standard
// pack (card_style.hpp, playing_card) look like playing cards; a card
// with an `image` shows it; the back is assets/card_back.png when there is
// one (the ruleset's own card_back.png first).
#include "core/table.hpp"
#include "gui/canvas.hpp"
#include "gui/layout.hpp"

namespace ratify::gui {

// visible_w > 0: only that much of the card's left shows (an overlapped
// row); the card then shows its corner and name there, not its text.
void draw_card_face(Canvas& cv, Rect r, const core::CardDef& d, bool large = false,
                    int visible_w = 0);
// A card under a stack's top, of which only the edge shows: its colour,
// no words (they would be hidden, and the window's probe would read them).
void draw_card_edge(Canvas& cv, Rect r, const core::CardDef& d);
void draw_card_back(Canvas& cv, Rect r);
// The ring round a card (playable, picked): a dark gap first, so a ring
// in the card's own colour (gold on a gold card) still stands out.
void draw_card_ring(Canvas& cv, Rect card, Color c, int thickness);
// What the layout adds over the cards: the families' headings and the
// players' pawns on the zones they stand on.
void draw_table_marks(Canvas& cv, const TableLayout& t, Font heading);
void draw_empty_slot(Canvas& cv, Rect r, Color c);
// A small pill with a number (cards in a stack).
void draw_count_badge(Canvas& cv, int right, int top, int count, int px);
// "+N" at the left edge of `over` (a row's card over N buried ones), below
// its corner: the cards of the row not in sight.
void draw_buried_badge(Canvas& cv, const Rect& over, int buried, int px);

}  // namespace ratify::gui
