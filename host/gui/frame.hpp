#pragma once
// One frame of the window, immediate-mode: the canvas, the UI's scale, the
// clock, the mouse, and the clickable boxes drawn so far. Every part of the
// window draws through it and registers what it drew; a click goes to the
// topmost box under the mouse. Knows SDL only through the Canvas.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "gui/canvas.hpp"

namespace ratify::gui {

struct Hit {
  Rect r;
  std::function<void()> left, right;
  std::string name;
  int card = 0;        // a card under the mouse: hover shows it large
  bool modal = false;  // blocks hovering what lies beneath
};

struct Frame {
  explicit Frame(Canvas& canvas) : cv(canvas) {}

  Canvas& cv;
  double scale = 1.0;  // 1 at 1280x720
  uint64_t now = 0;    // the clock, in ms
  int mouse_x = -1, mouse_y = -1;
  std::vector<Hit> hits;  // this frame's boxes, the last drawn on top

  // A new frame: no boxes yet, the scale from the window's size.
  void begin();
  int px(double v) const;
  Font font(double size, Weight w = Weight::Regular) const;
  bool over(const Rect& r) const { return r.contains(mouse_x, mouse_y); }
  void hit(Hit h) { hits.push_back(std::move(h)); }
  // The topmost box under (x, y); nullptr: none.
  const Hit* at(int x, int y) const;
  // A button; a disabled one still takes its click (and is there for
  // tests), but does nothing. Returns whether the mouse is over it.
  bool button(Rect r, const std::string& label, const std::string& name, std::function<void()> fn,
              bool enabled = true, bool active = false);
  // Under a window over the rest: a click outside it goes to on_outside.
  void modal_blocker(std::function<void()> on_outside);
};

// A part of the window that draws: the frame's helpers by short names.
class Part {
 protected:
  explicit Part(Frame& f) : f_(f), cv_(f.cv) {}
  int px(double v) const { return f_.px(v); }
  Font font(double size, Weight w = Weight::Regular) const { return f_.font(size, w); }
  void hit(Hit h) { f_.hit(std::move(h)); }
  bool button(Rect r, const std::string& label, const std::string& name, std::function<void()> fn,
              bool enabled = true, bool active = false) {
    return f_.button(r, label, name, std::move(fn), enabled, active);
  }
  void modal_blocker(std::function<void()> on_outside) { f_.modal_blocker(std::move(on_outside)); }

  Frame& f_;
  Canvas& cv_;
};

// How the window names a player.
std::string player_name(int p);
// "Player 2", "Players 1 and 3", "Players 1, 2 and 4".
std::string players_named(const std::vector<int>& players);
// The window's title: the game played (and its variant), then the program;
// just the program with no game.
std::string window_title(const std::string& game, const std::string& variant);
// The end's headline for the seats `human` marks (1-based at [p-1]): with
// one human seat "You won", "You won, with Player 3", "You lost: Player 2
// won"; otherwise the winners named, or "Nobody won".
std::string end_headline(const std::vector<int>& winners, const std::vector<bool>& human);

}  // namespace ratify::gui
