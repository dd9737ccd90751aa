#pragma once
// Driving the window without a display, for tests and headless capture.
//
// A Driver opens the window's whole interface on SDL's offscreen video
// driver with a software renderer drawing into a surface. Input goes in
// as real SDL events (SDL_PushEvent of mouse buttons, motion, wheel and
// keys) and goes through the same handling as a person's; the clock is
// virtual (each frame advances it by `frame_ms`), so bot delays and the
// hot-reload poll run at test speed and deterministically.
//
//   ratify::gui::Driver d(options);            // like `ratify play ...`
//   d.frames(1);
//   auto p = d.probe();                        // what is on screen
//   d.click_named("action:1");                 // a click on that row
//   d.key("ctrl+z");
//   d.screenshot("out.png");
//
// SDL-free: include it anywhere.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "gui/gui.hpp"

namespace ratify::gui {

struct ProbeBox {
  std::string name;  // "card:17", "action:3", "menu:2", "button:undo", "zone:deck", "picker:1"...
  int x = 0, y = 0, w = 0, h = 0;
  int cx() const { return x + w / 2; }
  int cy() const { return y + h / 2; }
};

struct ProbeCard {
  int id = 0;  // 0: a back
  std::string zone;
  int x = 0, y = 0, w = 0, h = 0;
  bool playable = false;  // in some action of the human to act
  int def = -1;           // the definition drawn on its face; -1: a back
  bool face_up = false;
  bool marked = false;  // moved since the human's last action (ringed in white)
};

// What the window shows now.
struct Probe {
  std::string screen;              // "picker", "options" or "table"
  std::string game;                // the game chosen in the picker, set up, or played
  std::vector<std::string> texts;  // options screen: each option's title, doc and value
  std::vector<std::string>
      overlays;  // "menu", "help", "curtain", "result", "summary", "preview", "banner"
  int actor = 0, bottom = 0, steps = 0;
  bool human_to_act = false, over = false, paused = false;
  std::string result_text, banner, notice, rules_error;
  std::string headline;  // the game over: "You won", "You lost: Player 2 won"...
  // Between phases: the summary's title, then every line it shows.
  std::vector<std::string> summary;
  std::string title;  // the window's title: the game played
  int reloads = 0;
  std::vector<std::string> actions;  // labels, in list order (action:1 is the first)
  std::string end_turn;              // the End-turn button's action, "" when none
  std::vector<std::string> menu;     // labels of the open menu
  bool confirm = false;              // the menu asks to confirm a risky action
  std::vector<ProbeBox> boxes;       // every clickable thing, last drawn last
  std::vector<ProbeCard> cards;
  std::vector<ProbeBox> flying;           // cards gliding to their new zone now ("flight:ID")
  std::vector<ProbeBox> drawn;            // every line of text the last frame drew: name = the text
  std::vector<std::string> picker;        // the picker's rows: titles (saved games first)
  std::vector<std::string> log;           // as shown: the ruleset's lines and the window's
  std::vector<std::string> table_status;  // the side panel's lines under "Table"
  std::vector<std::vector<std::string>> status;  // each player's lines there, [p-1]
  ProbeBox preview;                              // the large card ("preview:ID"); w = 0: none
  std::vector<ProbeBox> lit;                     // lit targets: "zone:NAME", "player:N", "card:ID"
  std::string typed;                             // digits typed, waiting for another or Enter
  std::vector<std::string> help;  // help open: its rules (README.md), a line each as laid out
  int help_scroll = 0;            // how far the rules are scrolled (pixels)
  const ProbeBox* find(const std::string& name) const;
};

class Driver {
 public:
  // Opens the interface as `ratify play` would (picker when no ruleset).
  // Throws std::runtime_error when SDL, the fonts or the ruleset fail.
  // Each frame advances the clock by frame_ms; 0: the real clock.
  explicit Driver(const WindowOptions& options, int frame_ms = 50);
  ~Driver();
  Driver(const Driver&) = delete;
  Driver& operator=(const Driver&) = delete;

  void frames(int n = 1);
  // Runs frames until `done` holds (checked after each); false on timeout.
  bool run_until(const std::function<bool(const Probe&)>& done, int max_frames);
  void click(int x, int y, int button = 1);  // 1 left, 3 right
  void move(int x, int y);
  void wheel(int x, int y, int dy);
  // "1", "ctrl+z", "f1", "escape", "return", "space", "plus", "minus", "v"...
  void key(const std::string& name);
  // Text typed, as SDL_TEXTINPUT events (what a chat line reads).
  void type(const std::string& text);
  // Clicks the centre of the box named so; false if there is none.
  bool click_named(const std::string& name, int button = 1);
  Probe probe();
  bool screenshot(const std::string& png_path);
  // Plays up to n bot actions at once (no delay); returns how many.
  int play_bots(int n);
  uint64_t now_ms() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The text form of a test script, one event per string: "click X Y",
// "rclick X Y", "move X Y", "wheel X Y DY", "key NAME", "frames N",
// "click-named NAME", "shot FILE". Returns the probe at the end.
Probe run_scripted(const WindowOptions& options, const std::vector<std::string>& events);

// A PNG read back, for tests that look at pixels.
struct Image {
  int w = 0, h = 0;
  std::vector<uint32_t> pixels;  // 0xRRGGBB, row by row
  uint32_t at(int x, int y) const { return pixels.at(static_cast<size_t>(y) * w + x); }
};
Image load_png(const std::string& path);  // throws std::runtime_error

// `ratify play --screenshot`: K bot actions, one frame, a PNG. Exit code.
// With RATIFY_GUI_EVENTS set ("click-named card:12;frames 8"), those
// script events run before the picture is taken.
int capture_screenshot(const WindowOptions& options);

}  // namespace ratify::gui
