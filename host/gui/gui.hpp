#pragma once
// The window face of `ratify play` (SDL2). This header is free of SDL so
// the CLI can include it; only host/gui/*.cpp include SDL.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ratify::gui {

class Remote;  // gui/remote.hpp

struct WindowOptions {
  std::string ruleset;             // empty: show the picker
  std::string variant;             // empty: none
  std::vector<std::string> sets;   // name=value options
  std::vector<std::string> seats;  // "human", "random", "heuristic", "bot"; empty: human + bots
  uint64_t seed = 0;
  bool seed_given = false;
  int players = 0;         // 0: from seats, or the ruleset's minimum
  int max_actions = 0;     // with screenshot: bot actions before the frame
  std::string screenshot;  // PNG path: headless capture, then exit
  int width = 1280, height = 720;
  // Saved games (docs/gui.md "Save and resume"): a save to resume at once;
  // the folder where Ctrl+S saves and the picker lists saves (empty: no
  // saving, as in tests); whether a game in progress is saved when the
  // window closes or another game replaces it.
  std::string resume;
  std::string saves_dir;
  bool autosave = false;
  // Moves drawn gliding from zone to zone (about 200 ms). Off unless a
  // person watches: headless capture, tests and batch runs see each frame
  // as the rules left it. The window's Options screen switches it.
  bool animate = false;
  // Between phases (a deal, an election) a panel sums up what happened
  // and waits for a click or key (docs/gui.md "Between phases"). Off
  // unless a person watches, as `animate`.
  bool summaries = false;
  // A seat of a game a server holds (`ratify join`): the window shows its
  // views and sends its choices there; no ruleset is loaded here.
  std::shared_ptr<Remote> remote;
};

// Runs the window until it is closed. Returns the process exit code, or
// -1 when no display can be opened (the caller falls back to text).
int play_window(const WindowOptions& options);

}  // namespace ratify::gui
