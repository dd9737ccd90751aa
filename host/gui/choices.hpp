#pragma once
// The choice of the seat at the table on its turn: the numbered list (the
// ruleset's order with risky actions last, the turn-ending action apart on
// its fixed button, docs/lua-api.md), the card picked, the menu open over
// the table, the row under the mouse and the digits typed. Actions are the
// engine's indices into the seat's view (SeatView), valid while its serial
// stays. SDL-free.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gui/geometry.hpp"
#include "gui/seat_view.hpp"

namespace ratify::gui {

struct Choices {
  struct Menu {
    std::vector<int> actions;
    Rect anchor;
    bool confirm = false;  // a risky action, asked once more
    std::string warning;
    Rect panel;  // where it was last drawn
  };
  struct Order {
    uint64_t serial = 0;                // the view it was made for
    std::vector<int> list;              // action indices, in the order shown
    int end_turn = -1;                  // action index, or -1
    std::vector<std::string> warnings;  // per action index: "" unless risky
    std::vector<bool> risky;
  };

  // The list for the seat's view, made once per view.
  const Order& order(const SeatView& seat);
  // The seat's actions that use a card, or a zone.
  static std::vector<int> with_card(const SeatView& seat, int card);
  static std::vector<int> with_zone(const SeatView& seat, const std::string& zone);
  // A new game: nothing picked, open or typed.
  void forget();

  // The digits typed: a digit goes on the number; true when no further
  // digit could make a larger row of `rows` (act at once).
  bool type(int digit, size_t rows, uint64_t now);
  const std::string& typed() const { return digits_; }
  void clear_typed() { digits_.clear(); }
  // Whether the number typed has waited long enough for a second digit.
  bool waited(uint64_t now) const;
  // The number typed (0: none), forgotten.
  long take();

  std::optional<Menu> menu;
  int selected = 0;       // the card picked (0: none)
  int hover_action = -1;  // the action under the mouse, as last drawn
  int hover_next = -1;    // the same, being drawn

 private:
  Order order_;
  std::string digits_;
  uint64_t digits_at_ = 0;
};

}  // namespace ratify::gui
