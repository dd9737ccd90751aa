#include "gui/canvas.hpp"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include "core/files.hpp"

namespace ratify::gui {

namespace fs = std::filesystem;

namespace {

bool is_file(const std::string& p) {
  std::error_code ec;
  return !p.empty() && fs::is_regular_file(p, ec);
}

// fc-match always names some font; only a DejaVu answer is taken.
std::string fc_match(const char* pattern) {
  std::string cmd = std::string("fc-match -f '%{file}' '") + pattern + "' 2>/dev/null";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(cmd.c_str(), "r"), pclose);
  if (!pipe) return {};
  char buf[1024];
  std::string out;
  while (size_t n = fread(buf, 1, sizeof buf, pipe.get())) out.append(buf, n);
  return out.find("DejaVu") != std::string::npos && is_file(out) ? out : std::string();
}

FontFiles in_dir(const fs::path& dir) {
  FontFiles f{(dir / "DejaVuSans.ttf").string(), (dir / "DejaVuSans-Bold.ttf").string(),
              (dir / "DejaVuSans-Oblique.ttf").string()};
  if (!is_file(f.regular)) return {};
  if (!is_file(f.bold)) f.bold = f.regular;
  if (!is_file(f.italic)) f.italic.clear();
  return f;
}

}  // namespace

FontFiles find_fonts() {
  if (const char* env = std::getenv("RATIFY_FONT_DIR"))
    if (auto f = in_dir(env); !f.regular.empty()) return f;
  if (auto f = in_dir("/usr/share/fonts/truetype/dejavu"); !f.regular.empty()) return f;
  FontFiles f{fc_match("DejaVu Sans"), fc_match("DejaVu Sans:bold"),
              fc_match("DejaVu Sans:oblique")};
  if (f.regular.empty())
    throw std::runtime_error(
        "no DejaVu Sans font found: install fonts-dejavu-core (or set RATIFY_FONT_DIR to a folder "
        "holding DejaVuSans.ttf)");
  if (f.bold.empty()) f.bold = f.regular;
  return f;
}

Canvas::Canvas(SDL_Renderer* renderer, FontFiles fonts)
    : renderer_(renderer), files_(std::move(fonts)) {
  SDL_SetRenderDrawBlendMode(renderer_, SDL_BLENDMODE_BLEND);
  SDL_GetRendererOutputSize(renderer_, &w_, &h_);
}

Canvas::~Canvas() {
  for (auto& [k, e] : cache_) SDL_DestroyTexture(e.tex);
  for (auto& [k, e] : images_)
    if (e.tex) SDL_DestroyTexture(e.tex);
  for (auto& [k, f] : fonts_) TTF_CloseFont(f);
}

TTF_Font* Canvas::font(Font f) {
  int px = std::max(6, f.px), w = static_cast<int>(f.weight);
  auto key = std::make_pair(px, w);
  if (auto it = fonts_.find(key); it != fonts_.end()) return it->second;
  const std::string& file = f.weight == Weight::Bold                               ? files_.bold
                            : f.weight == Weight::Italic && !files_.italic.empty() ? files_.italic
                                                                                   : files_.regular;
  TTF_Font* font = TTF_OpenFont(file.c_str(), px);
  if (!font) throw std::runtime_error("cannot open font " + file + ": " + TTF_GetError());
  TTF_SetFontHinting(font, TTF_HINTING_LIGHT);
  fonts_[key] = font;
  return font;
}

void Canvas::clear(Color c) {
  SDL_SetRenderDrawColor(renderer_, c.r, c.g, c.b, 255);
  SDL_RenderClear(renderer_);
}

void Canvas::polygon(const std::vector<float>& xy, Color c) {
  // A fan from the centroid: the shapes drawn here are convex.
  size_t n = xy.size() / 2;
  if (n < 3) return;
  float cx = 0, cy = 0;
  for (size_t i = 0; i < n; ++i) cx += xy[2 * i], cy += xy[2 * i + 1];
  std::vector<SDL_Vertex> v(n + 1);
  SDL_Color col{c.r, c.g, c.b, c.a};
  v[0] = {{cx / n, cy / n}, col, {0, 0}};
  for (size_t i = 0; i < n; ++i) v[i + 1] = {{xy[2 * i], xy[2 * i + 1]}, col, {0, 0}};
  std::vector<int> idx;
  for (size_t i = 0; i < n; ++i) {
    idx.push_back(0);
    idx.push_back(static_cast<int>(i + 1));
    idx.push_back(static_cast<int>((i + 1) % n + 1));
  }
  SDL_RenderGeometry(renderer_, nullptr, v.data(), static_cast<int>(v.size()), idx.data(),
                     static_cast<int>(idx.size()));
}

namespace {

// The outline of a rounded rectangle, clockwise, as x,y pairs.
std::vector<float> rounded(float x, float y, float w, float h, float r) {
  std::vector<float> out;
  r = std::max(0.0f, std::min({r, w / 2, h / 2}));
  int seg = r < 1 ? 0 : std::clamp(static_cast<int>(r / 2), 2, 8);
  const float cx[4] = {x + w - r, x + w - r, x + r, x + r},
              cy[4] = {y + r, y + h - r, y + h - r, y + r};
  const float start[4] = {-90, 0, 90, 180};
  for (int k = 0; k < 4; ++k) {
    for (int i = 0; i <= seg; ++i) {
      float a = static_cast<float>((start[k] + (seg ? 90.0 * i / seg : 0)) * M_PI / 180.0);
      out.push_back(cx[k] + r * std::cos(a));
      out.push_back(cy[k] + r * std::sin(a));
    }
  }
  return out;
}

}  // namespace

void Canvas::fill(Rect r, Color c, int radius) {
  if (r.w <= 0 || r.h <= 0) return;
  if (radius <= 0) {
    SDL_SetRenderDrawColor(renderer_, c.r, c.g, c.b, c.a);
    SDL_Rect s{r.x, r.y, r.w, r.h};
    SDL_RenderFillRect(renderer_, &s);
    return;
  }
  polygon(rounded(r.x, r.y, r.w, r.h, radius), c);
}

void Canvas::frame(Rect r, Color c, int radius, int thickness) {
  if (r.w <= 0 || r.h <= 0) return;
  // A ring of quads between the outer and the inner outline.
  auto outer = rounded(r.x, r.y, r.w, r.h, radius);
  float t = static_cast<float>(thickness);
  auto inner = rounded(r.x + t, r.y + t, r.w - 2 * t, r.h - 2 * t, std::max(0.0f, radius - t));
  if (inner.size() != outer.size()) {  // the inner corner lost its arc: fall back to lines
    SDL_SetRenderDrawColor(renderer_, c.r, c.g, c.b, c.a);
    for (int k = 0; k < thickness; ++k) {
      SDL_Rect s{r.x + k, r.y + k, r.w - 2 * k, r.h - 2 * k};
      SDL_RenderDrawRect(renderer_, &s);
    }
    return;
  }
  size_t n = outer.size() / 2;
  SDL_Color col{c.r, c.g, c.b, c.a};
  std::vector<SDL_Vertex> v;
  for (size_t i = 0; i < n; ++i) {
    v.push_back({{outer[2 * i], outer[2 * i + 1]}, col, {0, 0}});
    v.push_back({{inner[2 * i], inner[2 * i + 1]}, col, {0, 0}});
  }
  std::vector<int> idx;
  for (size_t i = 0; i < n; ++i) {
    int a = static_cast<int>(2 * i), b = a + 1, c2 = static_cast<int>(2 * ((i + 1) % n)),
        d = c2 + 1;
    idx.insert(idx.end(), {a, c2, b, b, c2, d});
  }
  SDL_RenderGeometry(renderer_, nullptr, v.data(), static_cast<int>(v.size()), idx.data(),
                     static_cast<int>(idx.size()));
}

void Canvas::line(int x1, int y1, int x2, int y2, Color c) {
  SDL_SetRenderDrawColor(renderer_, c.r, c.g, c.b, c.a);
  SDL_RenderDrawLine(renderer_, x1, y1, x2, y2);
}

void Canvas::clip(const Rect* r) {
  if (!r) {
    SDL_RenderSetClipRect(renderer_, nullptr);
    return;
  }
  SDL_Rect s{r->x, r->y, r->w, r->h};
  SDL_RenderSetClipRect(renderer_, &s);
}

int Canvas::text_w(const std::string& s, Font f) {
  if (s.empty()) return 0;
  std::string key = std::to_string(f.px) + char('0' + static_cast<int>(f.weight)) + s;
  if (auto it = widths_.find(key); it != widths_.end()) return it->second;
  int w = 0, h = 0;
  TTF_SizeUTF8(font(f), s.c_str(), &w, &h);
  if (widths_.size() > 20000) widths_.clear();
  widths_[key] = w;
  return w;
}

int Canvas::line_h(Font f) {
  return TTF_FontLineSkip(font(f));
}

const Canvas::Entry* Canvas::texture(const std::string& s, Font f, Color c) {
  char head[32];
  std::snprintf(head, sizeof head, "%d/%d/%02x%02x%02x%02x/", f.px, static_cast<int>(f.weight), c.r,
                c.g, c.b, c.a);
  std::string key = head + s;
  if (auto it = cache_.find(key); it != cache_.end()) {
    it->second.used = frame_;
    return &it->second;
  }
  SDL_Surface* surf = TTF_RenderUTF8_Blended(font(f), s.c_str(), SDL_Color{c.r, c.g, c.b, c.a});
  if (!surf) return nullptr;
  Entry e;
  e.tex = SDL_CreateTextureFromSurface(renderer_, surf);
  e.w = surf->w;
  e.h = surf->h;
  e.used = frame_;
  SDL_FreeSurface(surf);
  if (!e.tex) return nullptr;
  return &(cache_[key] = e);
}

namespace {

// Byte length of the UTF-8 prefix holding at most `chars` characters.
size_t utf8_prefix(const std::string& s, size_t chars) {
  size_t i = 0;
  while (i < s.size() && chars > 0) {
    ++i;
    while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
    --chars;
  }
  return i;
}

size_t utf8_length(const std::string& s) {
  size_t n = 0;
  for (unsigned char ch : s) n += (ch & 0xC0) != 0x80;
  return n;
}

}  // namespace

std::string Canvas::ellipsize(const std::string& s, Font f, int max_w) {
  if (max_w <= 0 || text_w(s, f) <= max_w) return s;
  size_t lo = 0, hi = utf8_length(s);
  while (lo < hi) {  // the longest prefix that fits with the ellipsis
    size_t mid = (lo + hi + 1) / 2;
    if (text_w(s.substr(0, utf8_prefix(s, mid)) + "\u2026", f) <= max_w)
      lo = mid;
    else
      hi = mid - 1;
  }
  std::string cut = s.substr(0, utf8_prefix(s, lo));
  // Back to the last whole word: "Its holder takes…", never "the od…";
  // a first word too long for the line is all that must be cut inside.
  size_t next = utf8_prefix(s, lo);
  if (next < s.size() && s[next] != ' ') {
    size_t sp = cut.find_last_of(' ');
    if (sp != std::string::npos) cut.resize(sp);
  }
  while (!cut.empty() && (cut.back() == ' ' || cut.back() == ',' || cut.back() == ';'))
    cut.pop_back();
  return cut + "\u2026";
}

int Canvas::text(int x, int y, const std::string& s, Font f, Color c, int max_w) {
  if (s.empty()) return 0;
  const Entry* e = texture(ellipsize(s, f, max_w), f, c);
  if (!e) return 0;
  SDL_Rect dst{x, y, e->w, e->h};
  SDL_RenderCopy(renderer_, e->tex, nullptr, &dst);
  drawn_.push_back({ellipsize(s, f, max_w), {x, y, e->w, e->h}});
  return e->w;
}

void Canvas::text_in(Rect r, const std::string& s, Font f, Color c, Align a) {
  std::string t = ellipsize(s, f, r.w);
  int w = text_w(t, f), h = line_h(f);
  int x = a == Align::Left ? r.x : a == Align::Center ? r.x + (r.w - w) / 2 : r.right() - w;
  text(x, r.y + (r.h - h) / 2, t, f, c);
}

std::vector<std::string> Canvas::wrap(const std::string& s, Font f, int width) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= s.size()) {
    size_t nl = s.find('\n', start);
    std::string para = s.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
    std::string cur;
    size_t i = 0;
    while (i <= para.size()) {
      size_t sp = para.find(' ', i);
      std::string word = para.substr(i, sp == std::string::npos ? std::string::npos : sp - i);
      std::string trial = cur.empty() ? word : cur + " " + word;
      if (cur.empty() || text_w(trial, f) <= width) {
        cur = trial;
      } else {
        lines.push_back(cur);
        cur = word;
      }
      // A word wider than the line is cut where it must be, with a hyphen
      // when two letters or more go before it: "unprotec-" reads as a
      // word going on, "unprotecte" as a word cut short.
      while (text_w(cur, f) > width && utf8_length(cur) > 1) {
        size_t n = utf8_length(cur);
        auto head = [&](size_t k) { return cur.substr(0, utf8_prefix(cur, k)); };
        while (n > 2 && text_w(head(n) + "-", f) > width) --n;
        bool hyphen = n >= 2 && text_w(head(n) + "-", f) <= width && head(n).back() != '-';
        if (!hyphen)
          while (n > 1 && text_w(head(n), f) > width) --n;
        lines.push_back(head(n) + (hyphen ? "-" : ""));
        cur = cur.substr(utf8_prefix(cur, n));
      }
      if (sp == std::string::npos) break;
      i = sp + 1;
    }
    lines.push_back(cur);
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  return lines;
}

int Canvas::paragraph(Rect r, const std::string& s, Font f, Color c, Align a) {
  auto lines = wrap(s, f, r.w);
  int lh = line_h(f);
  size_t n = 0;  // the lines in room: each but the last leaves room for another
  for (int y = r.y; n < lines.size(); y += lh)
    if (++n, y + 2 * lh > r.bottom()) break;
  if (n < lines.size()) {
    // The last line in room ends with an ellipsis after a whole word: the
    // lines after it joined on (a word hyphenated over two is one again).
    auto ended = [&](size_t k) {
      std::string rest;
      for (size_t i = k; i < lines.size(); ++i) {
        if (!rest.empty() && rest.back() == '-')
          rest.pop_back();
        else if (!rest.empty())
          rest += ' ';
        rest += lines[i];
      }
      return std::pair{ellipsize(rest, f, r.w), rest};
    };
    auto [end, whole] = ended(n - 1);
    // Its first word too wide to end there ("unprotecte…"): the line
    // before ends the text instead.
    const std::string dots = "\u2026";
    bool cut_short = end != whole && end.size() >= dots.size();
    std::string cut = cut_short ? end.substr(0, end.size() - dots.size()) : end;
    bool inside = cut_short && cut.find(' ') == std::string::npos && whole.size() > cut.size() &&
                  whole[cut.size()] != ' ';
    if (inside && n > 1) end = ended(--n - 1).first;
    lines.resize(n);
    lines.back() = end;
  }
  int y = r.y;
  for (const auto& l : lines) {
    int w = text_w(l, f);
    int x = a == Align::Left ? r.x : a == Align::Center ? r.x + (r.w - w) / 2 : r.right() - w;
    text(x, y, l, f, c);
    y += lh;
  }
  return y - r.y;
}

void Canvas::set_image_dirs(std::vector<std::string> dirs) {
  if (dirs == image_dirs_) return;
  image_dirs_ = std::move(dirs);
  for (auto& [k, e] : images_)
    if (e.tex) SDL_DestroyTexture(e.tex);
  images_.clear();
}

const Canvas::Entry* Canvas::image_entry(const std::string& name) {
  if (name.empty()) return nullptr;
  auto it = images_.find(name);
  if (it == images_.end()) {
    Entry e;
    // Only inside the image folders (card definitions are checked on load
    // to name nothing else).
    std::vector<fs::path> tries;
    for (const auto& d : image_dirs_) tries.push_back(fs::path(d) / name);
    std::vector<fs::path> roots(image_dirs_.begin(), image_dirs_.end());
    for (const auto& p : tries) {
      // Links out of the folders are not followed (core/files.hpp).
      if (!is_file(p.string()) || !core::outside_roots(p, roots).empty()) continue;
      if (SDL_Surface* surf = IMG_Load(p.string().c_str())) {
        e.tex = SDL_CreateTextureFromSurface(renderer_, surf);
        e.w = surf->w, e.h = surf->h;
        SDL_FreeSurface(surf);
        if (e.tex) SDL_SetTextureBlendMode(e.tex, SDL_BLENDMODE_BLEND);
        if (e.tex) SDL_SetTextureScaleMode(e.tex, SDL_ScaleModeLinear);  // smooth when shrunk
        break;
      }
    }
    it = images_.emplace(name, e).first;
  }
  return it->second.tex ? &it->second : nullptr;
}

bool Canvas::has_image(const std::string& name) {
  return image_entry(name) != nullptr;
}

bool Canvas::image(const std::string& name, Rect r) {
  const Entry* e = image_entry(name);
  if (!e || r.w <= 0 || r.h <= 0 || e->w <= 0 || e->h <= 0) return false;
  double k = std::min(static_cast<double>(r.w) / e->w, static_cast<double>(r.h) / e->h);
  int w = std::max(1, static_cast<int>(e->w * k)), h = std::max(1, static_cast<int>(e->h * k));
  SDL_Rect dst{r.x + (r.w - w) / 2, r.y + (r.h - h) / 2, w, h};
  SDL_RenderCopy(renderer_, e->tex, nullptr, &dst);
  return true;
}

void Canvas::end_frame() {
  ++frame_;
  last_drawn_.swap(drawn_);
  drawn_.clear();
  if (cache_.size() < 600) return;
  for (auto it = cache_.begin(); it != cache_.end();) {
    if (frame_ - it->second.used > 30) {
      SDL_DestroyTexture(it->second.tex);
      it = cache_.erase(it);
    } else {
      ++it;
    }
  }
}

}  // namespace ratify::gui
