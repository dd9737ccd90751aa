#pragma once
// SDL's lifetime for one window or one offscreen driver: SDL and SDL_ttf
// started in the constructor, stopped in the destructor, so every exit
// path (a ruleset that fails to load, a missing font) cleans up.
#include <stdexcept>
#include <string>

namespace ratify::gui {

// SDL could not start a video driver: the caller falls back to text.
class NoDisplay : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

class SdlEnv {
 public:
  // offscreen: SDL's offscreen video driver, whatever the environment says.
  explicit SdlEnv(bool offscreen);
  ~SdlEnv();
  SdlEnv(const SdlEnv&) = delete;
  SdlEnv& operator=(const SdlEnv&) = delete;
};

// The window's size from the options, made sane (see driver.cpp).
struct WindowOptions;
WindowOptions sized(WindowOptions o);

}  // namespace ratify::gui
