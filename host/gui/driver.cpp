// The window without a display: offscreen SDL, a software renderer into a
// surface, synthesized input events and a virtual clock.
#include "gui/driver.hpp"

#include <SDL.h>
#include <SDL_image.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "gui/app.hpp"
#include "gui/sdl_env.hpp"

namespace ratify::gui {

struct Driver::Impl {
  SdlEnv env{true};
  SDL_Surface* surface = nullptr;
  SDL_Renderer* renderer = nullptr;
  std::unique_ptr<Canvas> canvas;
  std::unique_ptr<App> app;
  uint64_t now = 0;
  int frame_ms = 50;

  ~Impl() {
    app.reset();
    canvas.reset();  // its textures belong to the renderer
    if (renderer) SDL_DestroyRenderer(renderer);
    if (surface) SDL_FreeSurface(surface);
  }
};

WindowOptions sized(WindowOptions o) {
  // `--size W` means W x W*9/16, but the CLI fills the height before the
  // width (notes/gui.md): a 720 height with another width is that slip.
  if (o.height == 720 && o.width != 1280) o.height = o.width * 9 / 16;
  o.width = std::max(o.width, 320);
  o.height = std::max(o.height, 180);
  return o;
}

Driver::Driver(const WindowOptions& options, int frame_ms) : impl_(std::make_unique<Impl>()) {
  WindowOptions o = sized(options);
  auto& m = *impl_;
  m.frame_ms = frame_ms;
  m.surface = SDL_CreateRGBSurfaceWithFormat(0, o.width, o.height, 32, SDL_PIXELFORMAT_ARGB8888);
  if (!m.surface) throw NoDisplay(std::string("cannot make a surface: ") + SDL_GetError());
  m.renderer = SDL_CreateSoftwareRenderer(m.surface);
  if (!m.renderer)
    throw NoDisplay(std::string("cannot make a software renderer: ") + SDL_GetError());
  m.canvas = std::make_unique<Canvas>(m.renderer, find_fonts());
  m.canvas->set_size(o.width, o.height);
  m.app = std::make_unique<App>(*m.canvas, o);
}

Driver::~Driver() = default;

uint64_t Driver::now_ms() const {
  return impl_->now;
}

void Driver::frames(int n) {
  auto& m = *impl_;
  for (int i = 0; i < n; ++i) {
    SDL_Event e;
    while (SDL_PollEvent(&e)) m.app->handle(e);
    // frame_ms 0: the real clock, as the window has it (benchmarks).
    m.now = m.frame_ms > 0 ? m.now + static_cast<uint64_t>(m.frame_ms) : SDL_GetTicks64();
    m.app->update(m.now);
    m.app->render();
    SDL_RenderPresent(m.renderer);
    m.canvas->end_frame();
  }
}

bool Driver::run_until(const std::function<bool(const Probe&)>& done, int max_frames) {
  for (int i = 0; i < max_frames; ++i) {
    frames(1);
    if (done(probe())) return true;
  }
  return false;
}

namespace {

void push_motion(int x, int y) {
  SDL_Event e{};
  e.type = SDL_MOUSEMOTION;
  e.motion.x = x;
  e.motion.y = y;
  SDL_PushEvent(&e);
}

void push_button(int x, int y, int button, bool down) {
  SDL_Event e{};
  e.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
  e.button.button = static_cast<Uint8>(button == 3 ? SDL_BUTTON_RIGHT : SDL_BUTTON_LEFT);
  e.button.state = down ? SDL_PRESSED : SDL_RELEASED;
  e.button.clicks = 1;
  e.button.x = x;
  e.button.y = y;
  SDL_PushEvent(&e);
}

SDL_Keycode key_named(std::string name) {
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (name == "plus") return SDLK_PLUS;
  if (name == "minus") return SDLK_MINUS;
  if (name == "esc") return SDLK_ESCAPE;
  if (name == "enter") return SDLK_RETURN;
  if (name.size() == 1) return static_cast<SDL_Keycode>(name[0]);
  SDL_Keycode k = SDL_GetKeyFromName(name.c_str());
  if (k == SDLK_UNKNOWN) throw std::invalid_argument("no key named '" + name + "'");
  return k;
}

}  // namespace

void Driver::click(int x, int y, int button) {
  push_motion(x, y);
  push_button(x, y, button, true);
  push_button(x, y, button, false);
  frames(1);
}

void Driver::move(int x, int y) {
  push_motion(x, y);
  frames(1);
}

void Driver::wheel(int x, int y, int dy) {
  push_motion(x, y);
  SDL_Event e{};
  e.type = SDL_MOUSEWHEEL;
  e.wheel.y = dy;
  SDL_PushEvent(&e);
  frames(1);
}

void Driver::key(const std::string& spec) {
  Uint16 mod = KMOD_NONE;
  std::string name = spec;
  for (;;) {
    size_t plus = name.find('+');
    if (plus == std::string::npos || plus == 0 || plus + 1 == name.size()) break;
    std::string m = name.substr(0, plus);
    if (m == "ctrl")
      mod |= KMOD_LCTRL;
    else if (m == "shift")
      mod |= KMOD_LSHIFT;
    else if (m == "alt")
      mod |= KMOD_LALT;
    else
      break;
    name = name.substr(plus + 1);
  }
  SDL_Event e{};
  e.type = SDL_KEYDOWN;
  e.key.state = SDL_PRESSED;
  e.key.keysym.sym = key_named(name);
  e.key.keysym.mod = mod;
  SDL_PushEvent(&e);
  e.type = SDL_KEYUP;
  e.key.state = SDL_RELEASED;
  SDL_PushEvent(&e);
  frames(1);
}

void Driver::type(const std::string& text) {
  // An event holds up to 31 bytes: cut at character boundaries.
  for (size_t at = 0; at < text.size();) {
    size_t n = std::min<size_t>(text.size() - at, SDL_TEXTINPUTEVENT_TEXT_SIZE - 1);
    while (at + n < text.size() && (static_cast<unsigned char>(text[at + n]) & 0xC0) == 0x80) --n;
    SDL_Event e{};
    e.type = SDL_TEXTINPUT;
    text.copy(e.text.text, n, at);
    SDL_PushEvent(&e);
    at += n;
  }
  frames(1);
}

bool Driver::click_named(const std::string& name, int button) {
  Probe p = probe();
  const ProbeBox* b = p.find(name);
  if (!b) return false;
  click(b->cx(), b->cy(), button);
  return true;
}

Probe Driver::probe() {
  return impl_->app->probe();
}

bool Driver::screenshot(const std::string& png_path) {
  return IMG_SavePNG(impl_->surface, png_path.c_str()) == 0;
}

int Driver::play_bots(int n) {
  return impl_->app->play_bots_now(n);
}

namespace {

void run_events(Driver& d, const std::vector<std::string>& events) {
  for (const auto& line : events) {
    std::istringstream in(line);
    std::string verb;
    in >> verb;
    int x = 0, y = 0, n = 0;
    std::string arg;
    if (verb == "click" && in >> x >> y)
      d.click(x, y);
    else if (verb == "rclick" && in >> x >> y)
      d.click(x, y, 3);
    else if (verb == "move" && in >> x >> y)
      d.move(x, y);
    else if (verb == "wheel" && in >> x >> y >> n)
      d.wheel(x, y, n);
    else if (verb == "key" && in >> arg)
      d.key(arg);
    else if (verb == "frames" && in >> n)
      d.frames(n);
    else if (verb == "click-named" && in >> arg) {
      if (!d.click_named(arg)) throw std::invalid_argument("nothing named '" + arg + "' on screen");
    } else if (verb == "shot" && in >> arg) {
      if (!d.screenshot(arg))
        throw std::runtime_error("cannot write " + arg + ": " + SDL_GetError());
    } else {
      throw std::invalid_argument("bad script event '" + line + "'");
    }
  }
}

std::vector<std::string> split_events(const char* text) {
  std::vector<std::string> out;
  std::string cur;
  for (const char* c = text; c && *c; ++c) {
    if (*c == ';') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += *c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

}  // namespace

Probe run_scripted(const WindowOptions& options, const std::vector<std::string>& events) {
  Driver d(options);
  d.frames(1);
  run_events(d, events);
  return d.probe();
}

Image load_png(const std::string& path) {
  SDL_Surface* raw = IMG_Load(path.c_str());
  if (!raw) throw std::runtime_error("cannot read " + path + ": " + IMG_GetError());
  SDL_Surface* s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ARGB8888, 0);
  SDL_FreeSurface(raw);
  if (!s) throw std::runtime_error("cannot convert " + path + ": " + SDL_GetError());
  Image img;
  img.w = s->w;
  img.h = s->h;
  img.pixels.resize(static_cast<size_t>(img.w) * img.h);
  SDL_LockSurface(s);
  for (int y = 0; y < img.h; ++y) {
    const auto* row =
        reinterpret_cast<const uint32_t*>(static_cast<const uint8_t*>(s->pixels) + y * s->pitch);
    for (int x = 0; x < img.w; ++x)
      img.pixels[static_cast<size_t>(y) * img.w + x] = row[x] & 0xFFFFFF;
  }
  SDL_UnlockSurface(s);
  SDL_FreeSurface(s);
  return img;
}

int capture_screenshot(const WindowOptions& given) {
  // RATIFY_GUI_HEIGHT: another shape than 16:9 (800x600), for docs.
  WindowOptions options = given;
  if (const char* h = std::getenv("RATIFY_GUI_HEIGHT"); h && std::atoi(h) > 0) {
    options = sized(options);
    options.height = std::atoi(h);
  }
  // RATIFY_GUI_SUMMARIES=1: the bots stop where a phase ends, its summary open.
  if (const char* on = std::getenv("RATIFY_GUI_SUMMARIES"); on && std::string(on) == "1")
    options.summaries = true;
  std::unique_ptr<Driver> d;
  try {
    d = std::make_unique<Driver>(options);
  } catch (const NoDisplay& e) {
    std::cerr << "ratify: " << e.what() << "\n";
    return -1;
  }
  int played = d->play_bots(options.max_actions);
  d->frames(1);  // one frame, drawn after the bots' actions
  // Docs and bug reports: show a menu, a preview, the help... in the shot.
  if (const char* script = std::getenv("RATIFY_GUI_EVENTS")) run_events(*d, split_events(script));
  if (!d->screenshot(options.screenshot)) {
    std::cerr << "ratify: cannot write " << options.screenshot << ": " << SDL_GetError() << "\n";
    return 1;
  }
  auto p = d->probe();
  WindowOptions o = sized(options);
  std::cout << "screenshot " << o.screenshot << ": " << o.width << "x" << o.height << ", " << played
            << " bot actions" << (p.over ? ", game over" : "") << "\n";
  return 0;
}

}  // namespace ratify::gui
