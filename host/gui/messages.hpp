#pragma once
// What the window says over the table: the banner (the rules failed, a
// reload was refused: it stays until dismissed) and the notice (a line or
// two that go by themselves).
#include <cstdint>
#include <string>

#include "gui/frame.hpp"

namespace ratify::gui {

class Messages : Part {
 public:
  explicit Messages(Frame& f);
  void banner(std::string title, std::string body);
  void clear_banner();
  bool has_banner() const { return !banner_.empty(); }
  void notify(std::string text, uint64_t ms = 3000);
  // Ends the notice at once if it still says `text` (a bot's "thinking"
  // once it has moved: a notice that lingers reads as still thinking).
  void end_notice(const std::string& text);

  // The banner over the table; `rules_error` (the game cannot go on) wins
  // over any other and cannot be dismissed.
  void draw_banner(Rect table, const std::string& rules_error);
  // The notice, lower when a banner is up.
  // In `free` (the felt under the shared zones, else the table's top):
  // over no player's name or hand.
  void draw_notice(Rect table, bool banner_up, Rect free = {});

  // What tests probe.
  std::string banner_text() const;
  std::string notice() const;

 private:
  std::string title_, banner_;
  std::string notice_;
  uint64_t notice_until_ = 0;
};

}  // namespace ratify::gui
