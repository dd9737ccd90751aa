#pragma once
// The side panel beside the table: the table's and each player's status
// lines, the numbered list of the seat's actions (risky ones last, the
// turn-ending action on a fixed button under it), and the game log, all
// from the seat's view; the list and the log scroll.
#include <functional>
#include <string>
#include <vector>

#include "gui/choices.hpp"
#include "gui/frame.hpp"
#include "gui/seat_view.hpp"
#include "gui/session.hpp"

namespace ratify::gui {

// What the panel shows this frame.
struct SideFacts {
  Session& session;
  const SeatView& seat;
  Choices& choices;   // the rows lit, the row under the mouse
  bool mine = false;  // the seat at the table is to act
  bool paused = false;
  bool checklist_on_table = false;  // the table lists the checklist's cards
};

class SidePanel : Part {
 public:
  // `choose` carries out the seat's action with that engine index.
  SidePanel(Frame& f, std::function<void(int)> choose);
  void draw(Rect r, const SideFacts& t);
  // A new game, or a new decision: the list from its top (and the log
  // from its newest line).
  void to_top() { actions_scroll_ = 0; }
  void forget() { actions_scroll_ = log_scroll_ = 0; }
  void scroll_actions(int rows);  // > 0: further down the list
  void scroll_log(int lines);     // > 0: older lines
  Rect actions_rect() const { return actions_rect_; }
  Rect log_rect() const { return log_rect_; }

 private:
  int draw_players(Rect r, const SideFacts& t);
  void draw_actions(Rect r, const SideFacts& t);
  void draw_log(Rect r, const std::vector<std::string>& log);

  std::function<void(int)> choose_;
  int actions_scroll_ = 0, log_scroll_ = 0, actions_max_scroll_ = 0;
  Rect actions_rect_, log_rect_;
};

}  // namespace ratify::gui
