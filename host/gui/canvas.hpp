#pragma once
// Drawing on an SDL renderer: filled and rounded rectangles, and text in
// the system's DejaVu fonts with a texture cache. The header names SDL
// types only by declaration, so it stays SDL-free for its includers.
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "gui/geometry.hpp"

struct SDL_Renderer;
struct SDL_Texture;
struct _TTF_Font;

namespace ratify::gui {

enum class Weight { Regular, Bold, Italic };
enum class Align { Left, Center, Right };

struct Font {
  int px = 14;
  Weight weight = Weight::Regular;
};

// A line of text as drawn, for tests: what a player can read where.
struct DrawnText {
  std::string text;
  Rect r;
};

struct FontFiles {
  std::string regular, bold, italic;  // italic may be empty: regular stands in
};
// DejaVu Sans, found at run time: $RATIFY_FONT_DIR, the Debian path, then
// fc-match. Throws std::runtime_error saying what to install.
FontFiles find_fonts();

class Canvas {
 public:
  Canvas(SDL_Renderer* renderer, FontFiles fonts);
  ~Canvas();
  Canvas(const Canvas&) = delete;
  Canvas& operator=(const Canvas&) = delete;

  SDL_Renderer* renderer() const { return renderer_; }
  void set_size(int w, int h) { w_ = w, h_ = h; }
  int w() const { return w_; }
  int h() const { return h_; }

  void clear(Color c);
  void fill(Rect r, Color c, int radius = 0);
  void frame(Rect r, Color c, int radius = 0, int thickness = 1);
  void line(int x1, int y1, int x2, int y2, Color c);
  void clip(const Rect* r);  // nullptr: none

  int text_w(const std::string& s, Font f);
  int line_h(Font f);
  // One line at (x, y) (top left); cut with an ellipsis beyond max_w > 0.
  // Returns the width drawn.
  int text(int x, int y, const std::string& s, Font f, Color c, int max_w = 0);
  // One line in `r`, centred vertically, aligned as asked.
  void text_in(Rect r, const std::string& s, Font f, Color c, Align a = Align::Left);
  std::vector<std::string> wrap(const std::string& s, Font f, int width);
  // Wrapped text from the top of r; the last line that fits ends in an
  // ellipsis when text is left over. Returns the height used.
  int paragraph(Rect r, const std::string& s, Font f, Color c, Align a = Align::Left);
  std::string ellipsize(const std::string& s, Font f, int max_w);

  // Images (PNG through SDL_image): a name is looked up in the image
  // folders in order (the ruleset's, then assets/); an absolute path as is.
  void set_image_dirs(std::vector<std::string> dirs);
  // Draws the image scaled to fit r, keeping its shape, centred; false when
  // there is no such image or it does not load (asked once, then remembered).
  bool image(const std::string& name, Rect r);
  bool has_image(const std::string& name);

  // Frees text textures unused for a while (call once per frame).
  void end_frame();
  // Every line of text the last whole frame drew, in drawing order.
  const std::vector<DrawnText>& drawn() const { return last_drawn_; }

 private:
  struct Entry {
    SDL_Texture* tex = nullptr;
    int w = 0, h = 0;
    uint64_t used = 0;
  };
  _TTF_Font* font(Font f);
  const Entry* texture(const std::string& s, Font f, Color c);
  const Entry* image_entry(const std::string& name);
  void polygon(const std::vector<float>& xy, Color c);
  SDL_Renderer* renderer_;
  FontFiles files_;
  std::map<std::pair<int, int>, _TTF_Font*> fonts_;
  std::unordered_map<std::string, Entry> cache_;
  std::unordered_map<std::string, int> widths_;
  std::vector<std::string> image_dirs_;
  std::unordered_map<std::string, Entry> images_;  // by name; tex nullptr: none
  std::vector<DrawnText> drawn_, last_drawn_;
  uint64_t frame_ = 0;
  int w_ = 0, h_ = 0;
};

}  // namespace ratify::gui
