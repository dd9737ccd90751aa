#pragma once
// Card coverage: what each card did in a game, as the host sees it
// (docs/metrics.md, "Card coverage"). Drawn: dealt into a player's zone
// at setup, taken out of a zone of kind "deck" by an action, or come into
// a zone of kind "hand" from anywhere but a hand (a re-deal gathers the
// table into the deck and deals it again within one action: the deck
// alone would not show those cards leaving it). Played: named by the
// `card` or `cards` field of an applied action (a play, a discard, a
// move: whatever the rules let a player do with that card), for the
// player who acted, once for each time the card was drawn (a card named
// again before it is drawn again, as the Teflon Wonder removes a card
// played on its holder, is not played twice): played never exceeds drawn
// but for cards no one was dealt (a patience's tableau) played once. Counted by definition, so
// `check`, `sim` and `tournament` count alike.
#include <cstdint>
#include <vector>

#include "core/table.hpp"

namespace ratify::sim {

class CardWatch {
 public:
  // After setup: what it dealt to the players counts as drawn.
  explicit CardWatch(const core::Table& t);
  // The action about to be applied: its cards (State::action_cards),
  // counted as played once after_apply has seen what it drew.
  void before_apply(const core::Table& t, const std::vector<int>& cards, int actor);
  // The cards that left a deck or came into a hand since the last look.
  void after_apply(const core::Table& t);

  std::vector<int> drawn, played;           // per definition: times
  std::vector<std::vector<int>> played_by;  // per player: definitions, once each

 private:
  // A deck or a hand, as last seen (decks and hands are small).
  struct Watched {
    int zone;
    uint64_t stamp;
    std::vector<core::CardId> cards;  // sorted
  };
  void play(const core::Table& t, int card, int actor);
  // The cards that left (gone) and came into (came) the changed zones.
  static void changes(const core::Table& t, std::vector<Watched>& zones,
                      std::vector<core::CardId>& gone, std::vector<core::CardId>& came);
  std::vector<Watched> decks_, hands_;
  std::vector<char> unplayed_;  // per card: drawn (or never named) since last played
  std::vector<int> named_;      // by the action being applied
  int actor_ = 0;
};

}  // namespace ratify::sim
