#pragma once
// Card coverage: what each card did in a game, as the host sees it
// (docs/metrics.md, "Card coverage"). Drawn: dealt into a player's zone
// at setup, or taken out of a zone of kind "deck" by an action. Played:
// named by the `card` or `cards` field of an applied action (a play, a
// discard, a move: whatever the rules let a player do with that card),
// for the player who acted. Counted by definition, so `check`, `sim` and
// `tournament` count alike.
#include <cstdint>
#include <vector>

#include "core/table.hpp"

namespace ratify::sim {

class CardWatch {
 public:
  // After setup: what it dealt to the players counts as drawn.
  explicit CardWatch(const core::Table& t);
  // The action about to be applied: its cards (State::action_cards).
  void before_apply(const core::Table& t, const std::vector<int>& cards, int actor);
  // The cards that left a deck since the last look.
  void after_apply(const core::Table& t);

  std::vector<int> drawn, played;           // per definition: times
  std::vector<std::vector<int>> played_by;  // per player: definitions, once each

 private:
  void play(const core::Table& t, int card, int actor);
  std::vector<int> deck_zones_;
  std::vector<std::vector<core::CardId>> deck_cards_;  // as last seen
  std::vector<uint64_t> deck_stamps_;
};

}  // namespace ratify::sim
