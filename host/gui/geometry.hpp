#pragma once
// Plain rectangles and colours shared by the layout (SDL-free, testable)
// and the drawing code.
#include <algorithm>
#include <cstdint>

namespace ratify::gui {

struct Rect {
  int x = 0, y = 0, w = 0, h = 0;
  bool contains(int px, int py) const { return px >= x && py >= y && px < x + w && py < y + h; }
  int right() const { return x + w; }
  int bottom() const { return y + h; }
  int cx() const { return x + w / 2; }
  int cy() const { return y + h / 2; }
  Rect inset(int d) const { return {x + d, y + d, std::max(0, w - 2 * d), std::max(0, h - 2 * d)}; }
  bool operator==(const Rect&) const = default;
};

struct Color {
  uint8_t r = 0, g = 0, b = 0, a = 255;
  Color with_alpha(uint8_t alpha) const { return {r, g, b, alpha}; }
  // Perceived brightness 0..255: decides dark or light text on a colour.
  int luma() const { return (299 * r + 587 * g + 114 * b) / 1000; }
  Color mix(Color o, double t) const {
    auto m = [t](uint8_t a, uint8_t b) { return static_cast<uint8_t>(a + (b - a) * t); };
    return {m(r, o.r), m(g, o.g), m(b, o.b), a};
  }
};

}  // namespace ratify::gui
