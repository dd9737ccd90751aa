#pragma once
// What a hot reload changed on the table, for the window's notice and the
// text UI's: the table as the rules draw it before and after (a Picture),
// compared into lines like `Tack Center: “+4 Electability” → “+5
// Electability”`. The designer's tool: it reads the whole game, not a
// seat's view.
#include <string>
#include <utility>
#include <vector>

#include "engine/game.hpp"

namespace ratify::engine {

// What the table shows that the rules decide without changing the state's
// hash: card definitions, zone labels, the table's and the players' status
// lines (totals computed from the cards), the result, a human actor's
// action labels. A reload compares it before and after, so its notice can
// say what changed.
struct Picture {
  std::vector<core::CardDef> defs;
  std::vector<std::pair<std::string, std::string>> zones;  // name, label
  std::vector<std::string> table;                          // table_status(g)
  std::vector<std::vector<std::string>> status;            // per player
  std::vector<std::string> actions;
  std::string result;
};

Picture picture_of(Game& g, bool with_actions);

// What differs: the cards (the designer's edit), then the rest of the table
// (its consequences: totals, labels, the result).
struct Changes {
  std::vector<std::string> cards, table;
};

Changes differences(const Picture& a, const Picture& b);
// A few changes, one a line, cards and the rest both named when both
// changed, and how many more.
std::string summary(const Changes& c, size_t max);

}  // namespace ratify::engine
