#include "sim/coverage.hpp"

#include <algorithm>

namespace ratify::sim {

namespace {
std::vector<core::CardId> sorted(std::vector<core::CardId> v) {
  std::sort(v.begin(), v.end());
  return v;
}
}  // namespace

CardWatch::CardWatch(const core::Table& t)
    : drawn(t.defs().size(), 0),
      played(t.defs().size(), 0),
      played_by(static_cast<size_t>(t.players())),
      unplayed_(static_cast<size_t>(t.ncards()) + 1, 1) {
  const auto& zones = t.zones();
  for (size_t z = 0; z < zones.size(); ++z) {
    if (zones[z].owner >= 1)
      for (core::CardId c : zones[z].cards) ++drawn[static_cast<size_t>(t.def_index(c))];
    Watched w{static_cast<int>(z), zones[z].stamp, sorted(zones[z].cards)};
    if (zones[z].kind == "deck")
      decks_.push_back(std::move(w));
    else if (zones[z].kind == "hand")
      hands_.push_back(std::move(w));
  }
}

void CardWatch::play(const core::Table& t, int card, int actor) {
  unplayed_[static_cast<size_t>(card)] = 0;
  int d = t.def_index(card);
  ++played[static_cast<size_t>(d)];
  if (actor < 1 || actor > static_cast<int>(played_by.size())) return;
  auto& mine = played_by[static_cast<size_t>(actor - 1)];
  if (std::find(mine.begin(), mine.end(), d) == mine.end()) mine.push_back(d);
}

void CardWatch::before_apply(const core::Table& t, const std::vector<int>& cards, int actor) {
  named_.clear();
  for (int c : cards)
    if (c >= 1 && c <= t.ncards()) named_.push_back(c);  // else the rules' own numbering
  actor_ = actor;
}

void CardWatch::changes(const core::Table& t, std::vector<Watched>& zones,
                        std::vector<core::CardId>& gone, std::vector<core::CardId>& came) {
  for (Watched& w : zones) {
    const core::Zone& zone = t.zone(w.zone);
    if (zone.stamp == w.stamp) continue;
    w.stamp = zone.stamp;
    std::vector<core::CardId> now = sorted(zone.cards);
    std::set_difference(w.cards.begin(), w.cards.end(), now.begin(), now.end(),
                        std::back_inserter(gone));
    std::set_difference(now.begin(), now.end(), w.cards.begin(), w.cards.end(),
                        std::back_inserter(came));
    w.cards = std::move(now);
  }
}

void CardWatch::after_apply(const core::Table& t) {
  // A shuffle moves none out of a deck; a card passed from hand to hand
  // was drawn once already; one out of a deck into a hand counts once.
  std::vector<core::CardId> out_of_decks, into_decks, out_of_hands, into_hands;
  changes(t, decks_, out_of_decks, into_decks);
  changes(t, hands_, out_of_hands, into_hands);
  std::vector<core::CardId> drawn_now = out_of_decks;
  std::sort(out_of_decks.begin(), out_of_decks.end());
  std::sort(out_of_hands.begin(), out_of_hands.end());
  for (core::CardId c : into_hands)
    if (!std::binary_search(out_of_decks.begin(), out_of_decks.end(), c) &&
        !std::binary_search(out_of_hands.begin(), out_of_hands.end(), c))
      drawn_now.push_back(c);
  for (core::CardId c : drawn_now) {
    ++drawn[static_cast<size_t>(t.def_index(c))];
    unplayed_[static_cast<size_t>(c)] = 1;
  }
  // A card named as it is drawn (the face-up top of a deck taken) is
  // played by that draw; one named again before a new draw is not.
  for (int c : named_)
    if (unplayed_[static_cast<size_t>(c)]) play(t, c, actor_);
}

}  // namespace ratify::sim
