#pragma once
// The help over the window (F1, ?): how to play the ruleset (its
// HOW_TO_PLAY.md, for players) laid out as text and scrolled, beside every
// shortcut of the window; Tab turns to the designer's README.md.
#include <filesystem>
#include <string>
#include <vector>

#include "gui/frame.hpp"

namespace ratify::gui {

class Help : Part {
 public:
  explicit Help(Frame& f);
  bool open() const { return open_; }
  void toggle();
  void to_top() { scroll_ = 0; }
  // Over the whole window: how to play the ruleset in `dir` (the game
  // played, set up or chosen), titled with the game's name when given; or
  // its README when the designer's notes are turned to.
  void draw(const std::filesystem::path& dir, const std::string& game);
  // Keys while it is open: scroll, Tab (how to play / designer's notes), or close.
  void on_key(int sym);
  // The designer's README instead of how to play.
  bool designer() const { return designer_; }
  void show_designer(bool on);
  void wheel(int dy);
  // What tests probe: the rules' lines as laid out, and the scroll.
  std::vector<std::string> lines() const;
  int scroll() const { return scroll_; }

 private:
  // A line of the rules column, laid out once per ruleset and size.
  struct Line {
    int x = 0, y = 0;
    std::string text;
    Font font;
    Color color;
    bool shaded = false;  // a code line
  };
  void lay_out(const std::filesystem::path& dir, int width);

  bool open_ = false, designer_ = false;
  std::vector<Line> lines_;
  std::string key_;  // what lines_ were laid out for
  int height_ = 0, scroll_ = 0, page_ = 0;
};

}  // namespace ratify::gui
