// `ratify play`: the window on a real display, and SDL's start and stop.
#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>

#include <cstdlib>
#include <memory>
#include <string>

#include "gui/app.hpp"
#include "gui/card_style.hpp"
#include "gui/gui.hpp"
#include "gui/sdl_env.hpp"

namespace ratify::gui {

SdlEnv::SdlEnv(bool offscreen) {
  // The environment variable, not a hint: SDL lets the environment win
  // over hints, and a capture must never open a window on a display.
  if (offscreen) setenv("SDL_VIDEODRIVER", "offscreen", 1);
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0)
    throw NoDisplay(std::string("SDL cannot start video: ") + SDL_GetError());
  if (TTF_Init() != 0) {
    std::string err = TTF_GetError();
    SDL_Quit();
    throw std::runtime_error("SDL_ttf cannot start: " + err);
  }
}

SdlEnv::~SdlEnv() {
  TTF_Quit();
  SDL_Quit();
}

namespace {

struct WindowDeleter {
  void operator()(SDL_Window* w) const { SDL_DestroyWindow(w); }
  void operator()(SDL_Renderer* r) const { SDL_DestroyRenderer(r); }
};

// True when there is plainly nothing to show a window on. SDL would try
// X11 and Wayland (printing complaints), then settle for its offscreen
// driver: an invisible window nobody could close.
bool no_display() {
#if defined(__linux__) || defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__)
  if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY") && !std::getenv("SDL_VIDEODRIVER"))
    return true;
#endif
  return false;
}

int run_window(const WindowOptions& options) {
  WindowOptions o = sized(options);
  o.animate = true;  // a person watches
  o.summaries = true;
  if (no_display()) throw NoDisplay("no display");
  SdlEnv env(false);
  std::string driver = SDL_GetCurrentVideoDriver() ? SDL_GetCurrentVideoDriver() : "";
  if (driver == "offscreen" || driver == "dummy" || driver == "evdev")
    throw NoDisplay("only SDL's " + driver + " video driver: no display");
  std::unique_ptr<SDL_Window, WindowDeleter> win(SDL_CreateWindow("ratify", SDL_WINDOWPOS_CENTERED,
                                                                  SDL_WINDOWPOS_CENTERED, o.width,
                                                                  o.height, SDL_WINDOW_RESIZABLE));
  if (!win) throw NoDisplay(std::string("cannot open a window: ") + SDL_GetError());
  if (SDL_Surface* icon = IMG_Load((assets_dir() / "icon.png").string().c_str())) {
    SDL_SetWindowIcon(win.get(), icon);  // without the file: SDL's default icon
    SDL_FreeSurface(icon);
  }
  SDL_SetWindowMinimumSize(win.get(), 800, 450);
  std::unique_ptr<SDL_Renderer, WindowDeleter> ren(
      SDL_CreateRenderer(win.get(), -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC));
  if (!ren) ren.reset(SDL_CreateRenderer(win.get(), -1, SDL_RENDERER_SOFTWARE));
  if (!ren) throw NoDisplay(std::string("cannot draw in the window: ") + SDL_GetError());
  Canvas cv(ren.get(), find_fonts());
  App app(cv, o);
  std::string title;
  while (!app.done()) {
    SDL_Event e;
    // Sleep until input or the next frame: an idle table costs no CPU.
    if (SDL_WaitEventTimeout(&e, 16)) {
      app.handle(e);
      while (SDL_PollEvent(&e)) app.handle(e);
    }
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(ren.get(), &w, &h);
    cv.set_size(w, h);
    app.update(SDL_GetTicks64());
    app.render();
    if (app.title() != title) SDL_SetWindowTitle(win.get(), (title = app.title()).c_str());
    SDL_RenderPresent(ren.get());
    cv.end_frame();
  }
  return 0;
}

}  // namespace

int play_window(const WindowOptions& options) {
  if (!options.screenshot.empty()) return capture_screenshot(options);
  try {
    return run_window(options);
  } catch (const NoDisplay&) {
    return -1;
  }
}

}  // namespace ratify::gui
