#include "sim/coverage.hpp"

#include <algorithm>

namespace ratify::sim {

CardWatch::CardWatch(const core::Table& t)
    : drawn(t.defs().size(), 0),
      played(t.defs().size(), 0),
      played_by(static_cast<size_t>(t.players())) {
  const auto& zones = t.zones();
  for (size_t z = 0; z < zones.size(); ++z) {
    if (zones[z].owner >= 1)
      for (core::CardId c : zones[z].cards) ++drawn[static_cast<size_t>(t.def_index(c))];
    if (zones[z].kind == "deck") {
      deck_zones_.push_back(static_cast<int>(z));
      deck_cards_.push_back(zones[z].cards);
      deck_stamps_.push_back(zones[z].stamp);
    }
  }
}

void CardWatch::play(const core::Table& t, int card, int actor) {
  if (card < 1 || card > t.ncards()) return;  // the rules' own numbering: not a card
  int d = t.def_index(card);
  ++played[static_cast<size_t>(d)];
  if (actor < 1 || actor > static_cast<int>(played_by.size())) return;
  auto& mine = played_by[static_cast<size_t>(actor - 1)];
  if (std::find(mine.begin(), mine.end(), d) == mine.end()) mine.push_back(d);
}

void CardWatch::before_apply(const core::Table& t, const std::vector<int>& cards, int actor) {
  for (int c : cards) play(t, c, actor);
}

void CardWatch::after_apply(const core::Table& t) {
  for (size_t k = 0; k < deck_zones_.size(); ++k) {
    const core::Zone& zone = t.zone(deck_zones_[k]);
    if (zone.stamp == deck_stamps_[k]) continue;
    deck_stamps_[k] = zone.stamp;
    // A card that was in the deck and is no longer: drawn (a shuffle
    // moves none out). Decks are small; a sorted copy keeps this linear.
    std::vector<core::CardId> now = zone.cards, before = deck_cards_[k];
    std::sort(now.begin(), now.end());
    std::sort(before.begin(), before.end());
    std::vector<core::CardId> gone;
    std::set_difference(before.begin(), before.end(), now.begin(), now.end(),
                        std::back_inserter(gone));
    for (core::CardId c : gone) ++drawn[static_cast<size_t>(t.def_index(c))];
    deck_cards_[k] = zone.cards;
  }
}

}  // namespace ratify::sim
