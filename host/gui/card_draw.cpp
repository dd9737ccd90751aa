#include "gui/card_draw.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "gui/card_style.hpp"

namespace ratify::gui {

namespace {

int clampi(double v, int lo, int hi) {
  return std::clamp(static_cast<int>(std::lround(v)), lo, hi);
}

// The line under the name: kind and suit, as the rulebook would say them.
std::string kind_line(const core::CardDef& d) {
  std::string s = d.kind;
  if (!d.suit.empty() && d.suit != d.kind) s += (s.empty() ? "" : " \u00b7 ") + d.suit;
  return s;
}

// The font shrunk until the longest word fits the width: a name broken in
// the middle of a word ("Pennsylvani-a") reads worse than a smaller one.
Font fit_words(Canvas& cv, const std::string& s, Font f, int width) {
  size_t start = 0;
  while (start < s.size()) {
    size_t sp = s.find_first_of(" \n", start);
    std::string word = s.substr(start, sp == std::string::npos ? std::string::npos : sp - start);
    while (f.px > 7 && cv.text_w(word, f) > width) --f.px;
    if (sp == std::string::npos) break;
    start = sp + 1;
  }
  return f;
}

// Words into lines no wider than `width`, never cutting a word: a word
// too long even alone keeps its line and is ellipsized when drawn.
std::vector<std::string> wrap_words(Canvas& cv, const std::string& s, Font f, int width) {
  std::vector<std::string> lines;
  std::string cur, word;
  std::istringstream in(s);
  while (in >> word) {
    std::string trial = cur.empty() ? word : cur + " " + word;
    if (!cur.empty() && cv.text_w(trial, f) > width) {
      lines.push_back(cur);
      cur = word;
    } else {
      cur = trial;
    }
  }
  if (!cur.empty()) lines.push_back(cur);
  return lines;
}

// Draws a name's lines in r, at most max_lines; returns the height.
int name_lines(Canvas& cv, Rect r, const std::string& s, Font f, Color c, int max_lines,
               Align a = Align::Center) {
  auto lines = wrap_words(cv, s, f, r.w);
  int lh = cv.line_h(f), y = r.y, shown = 0;
  for (size_t i = 0; i < lines.size() && shown < max_lines && y + lh <= r.bottom() + lh / 3;
       ++i, ++shown) {
    std::string l = lines[i];
    if (shown + 1 == max_lines && i + 1 < lines.size()) l += " " + lines[i + 1];
    l = cv.ellipsize(l, f, r.w);
    cv.text(a == Align::Center ? r.x + (r.w - cv.text_w(l, f)) / 2 : r.x, y, l, f, c);
    y += lh;
  }
  return y - r.y;
}

void draw_header(Canvas& cv, Rect band, const core::CardDef& d, Color on, int h, bool large,
                 bool narrow) {
  std::string corner = corner_label(d);
  Font cf{clampi(h * 0.12, 9, large ? 40 : 24), Weight::Bold};
  Font kf{clampi(h * 0.07, 8, large ? 20 : 13), Weight::Regular};
  int used = 0;
  if (!corner.empty()) {
    cv.text_in(band, corner, cf, on, Align::Left);
    used = cv.text_w(corner, cf) + band.h / 3;
  }
  std::string kind = kind_line(d);
  if (kind.empty() || h < 120 || narrow) return;
  // The whole word or nothing: "sta…" says less than no kind at all.
  if (cv.text_w(kind, kf) > band.w - used) kind = d.kind;
  if (cv.text_w(kind, kf) > band.w - used) return;
  Rect rest{band.x + used, band.y, band.w - used, band.h};
  cv.text_in(rest, kind, kf, on, corner.empty() ? Align::Left : Align::Right);
}

// An overlapped card shows a sliver: its name from the left, no text.
void draw_sliver(Canvas& cv, Rect in, const core::CardDef& d, int h) {
  Font nf{clampi(h * 0.1, 8, 18), Weight::Bold};
  if (in.w < cv.text_w("Wwww", nf)) return;  // room for the corner only
  nf = fit_words(cv, d.name, nf, std::max(in.w, cv.text_w("Wwwww", nf)));
  name_lines(cv, in, d.name, nf, theme::dark_text, 4, Align::Left);
}

void draw_body(Canvas& cv, Rect in, const core::CardDef& d, int h, bool large) {
  // Small cards show the name only, as large as fits: their text is a
  // hover away, and 7-pixel rules text is noise.
  bool small = !large && h < 96;
  Font nf{clampi(h * (large ? 0.062 : small ? 0.13 : 0.098), 8, large ? 30 : 20), Weight::Bold};
  Font tf{clampi(h * (large ? 0.046 : 0.084), 8, large ? 22 : 16), Weight::Regular};
  nf = fit_words(cv, d.name, nf, in.w);
  int y = in.y;
  y += name_lines(cv, {in.x, y, in.w, in.bottom() - y}, d.name, nf, theme::dark_text,
                  large || h >= 120 ? 4 : 3);
  if (small || d.text.empty() || in.bottom() - y < cv.line_h(tf)) return;
  y += std::max(2, h / 40);
  cv.line(in.x + in.w / 6, y, in.right() - in.w / 6, y, theme::edge.with_alpha(90));
  y += std::max(2, h / 40);
  int quote_room = 0;
  Font qf{clampi(h * 0.04, 8, 19), Weight::Italic};
  if (large && !d.quote.empty())
    quote_room =
        std::min(static_cast<int>(cv.wrap(d.quote, qf, in.w).size()), 6) * cv.line_h(qf) + h / 30;
  Rect text{in.x, y, in.w, std::max(cv.line_h(tf), in.bottom() - y - quote_room)};
  y += cv.paragraph(text, d.text, tf, theme::dark_text, large ? Align::Left : Align::Center);
  if (quote_room)
    cv.paragraph({in.x, y + h / 30, in.w, in.bottom() - y - h / 30}, "\u201c" + d.quote + "\u201d",
                 qf, {90, 90, 96, 255}, Align::Left);
}

}  // namespace

void draw_card_face(Canvas& cv, Rect r, const core::CardDef& d, bool large, int visible_w) {
  int h = r.h, rad = std::max(3, h / 16);
  bool partly = !large && visible_w > 0 && visible_w < r.w - 2;  // the kind would hide
  bool narrow = partly && visible_w < r.w * 8 / 10;
  Color col = card_color(d);
  Color on = col.luma() < 150 ? Color{255, 255, 255, 255} : theme::dark_text;
  cv.fill({r.x + 1, r.y + 2, r.w, r.h}, {0, 0, 0, 70}, rad);  // a soft shadow lifts it off the felt
  cv.fill(r, col, rad);
  int bw = std::max(2, h / 45);
  int band =
      std::max(cv.line_h({clampi(h * 0.12, 9, large ? 40 : 24), Weight::Bold}), h * 16 / 100);
  Rect face{r.x + bw, r.y + band, r.w - 2 * bw, r.h - band - bw};
  cv.fill(face, theme::face, std::max(2, rad - bw));
  int pad = std::max(2, h / 28);
  draw_header(cv, {r.x + pad + bw, r.y, r.w - 2 * (pad + bw), band}, d, on, h, large, partly);
  if (h < 44) return;  // too small for a name: the corner says it
  Rect in = face.inset(pad);
  if (partly) in.w = std::max(8, visible_w - 2 * pad - bw);  // centred in what shows
  if (narrow)
    draw_sliver(cv, {in.x, in.y, visible_w - 2 * pad - bw, in.h}, d, h);
  else
    draw_body(cv, in, d, h, large);
}

void draw_card_back(Canvas& cv, Rect r) {
  int rad = std::max(3, r.h / 16);
  cv.fill({r.x + 1, r.y + 2, r.w, r.h}, {0, 0, 0, 70}, rad);
  cv.fill(r, theme::back, rad);
  Rect in = r.inset(std::max(3, r.h / 14));
  cv.frame(in, theme::back_trim, std::max(2, rad / 2), std::max(1, r.h / 90));
  Rect lattice = in.inset(std::max(2, r.h / 40));
  cv.clip(&lattice);
  Color line = theme::back.mix({255, 255, 255, 255}, 0.22);
  int step = std::max(6, r.h / 9);
  for (int k = -lattice.h; k < lattice.w + lattice.h; k += step) {
    cv.line(lattice.x + k, lattice.y, lattice.x + k + lattice.h, lattice.bottom(), line);
    cv.line(lattice.x + k + lattice.h, lattice.y, lattice.x + k, lattice.bottom(), line);
  }
  cv.clip(nullptr);
}

void draw_empty_slot(Canvas& cv, Rect r, Color c) {
  int rad = std::max(3, r.h / 16);
  cv.fill(r, {0, 0, 0, 30}, rad);
  cv.frame(r, c, rad, 1);
}

void draw_count_badge(Canvas& cv, int right, int top, int count, int px) {
  Font f{px, Weight::Bold};
  std::string s = std::to_string(count);
  int w = cv.text_w(s, f) + px, h = cv.line_h(f) + 2;
  Rect b{right - w + px / 3, top - h / 3, w, h};
  cv.fill(b, {20, 24, 28, 230}, h / 2);
  cv.frame(b, {255, 255, 255, 160}, h / 2, 1);
  cv.text_in(b, s, f, {255, 255, 255, 255}, Align::Center);
}

}  // namespace ratify::gui
