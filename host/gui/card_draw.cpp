#include "gui/card_draw.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
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

// A word too wide for its line even in the smallest type, broken with a
// hyphen where it must ("Subpoe-" / "naed"), ASCII letters only, three
// at least on each side: both halves read, where an ellipsis hides the end.
bool vowel(char c) {
  return std::strchr("aeiouyAEIOUY", c) != nullptr;
}

// A break at or a little before n that reads as syllables: "True-love"
// (before a consonant and a vowel), "Keys-tone" (between consonants),
// rather than "Truel-ove"; n itself when none is near.
size_t syllable_break(const std::string& w, size_t n) {
  for (size_t k = n; k >= 3 && k + 4 > n; --k) {
    if (k + 3 > w.size()) continue;
    bool v_cv = vowel(w[k - 1]) && !vowel(w[k]) && vowel(w[k + 1]);
    bool c_c = !vowel(w[k - 1]) && !vowel(w[k]) && vowel(w[k - 2]);
    if (v_cv || c_c) return k;
  }
  return n;
}

std::vector<std::string> hyphenate(Canvas& cv, const std::string& word, Font f, int width) {
  std::vector<std::string> parts;
  std::string rest = word;
  while (cv.text_w(rest, f) > width) {
    // A hyphenated name breaks at its own hyphens first ("Draw-A-" / "Card").
    size_t own = std::string::npos;
    for (size_t k = rest.find('-'); k != std::string::npos && k + 1 < rest.size();
         k = rest.find('-', k + 1))
      if (cv.text_w(rest.substr(0, k + 1), f) <= width) own = k;
    if (own != std::string::npos) {
      parts.push_back(rest.substr(0, own + 1));
      rest = rest.substr(own + 1);
      continue;
    }
    if (rest.size() < 6) break;
    size_t n = rest.size() - 3;
    while (n > 3 && cv.text_w(rest.substr(0, n) + "-", f) > width) --n;
    bool ascii = std::all_of(rest.begin(), rest.begin() + static_cast<long>(n) + 1,
                             [](char ch) { return ch > 0 && std::isalpha(ch); });
    if (n < 3 || !ascii) break;
    n = syllable_break(rest, n);
    parts.push_back(rest.substr(0, n) + "-");
    rest = rest.substr(n);
  }
  parts.push_back(rest);
  return parts;
}

// Words into lines no wider than `width`, never cutting a word: a word
// too long even alone is hyphenated, else keeps its line and is
// ellipsized when drawn.
std::vector<std::string> wrap_words(Canvas& cv, const std::string& s, Font f, int width) {
  std::vector<std::string> lines;
  std::string cur, word;
  std::istringstream in(s);
  while (in >> word) {
    std::string trial = cur.empty() ? word : cur + " " + word;
    if (cv.text_w(trial, f) <= width) {
      cur = trial;
      continue;
    }
    if (!cur.empty()) lines.push_back(cur);
    auto parts = hyphenate(cv, word, f, width);
    for (size_t i = 0; i + 1 < parts.size(); ++i) lines.push_back(parts[i]);
    cur = parts.back();
  }
  if (!cur.empty()) lines.push_back(cur);
  return lines;
}

// The first n of a name's lines when the rest must go: they end after a
// whole word and an ellipsis. The first part of a hyphenated word goes
// too ("Ned…", not "Ned Fair-" / "weat…"): half a word names nothing.
std::vector<std::string> cut_after_word(Canvas& cv, std::vector<std::string> lines, size_t n,
                                        Font f, int width) {
  auto broken = [](const std::string& l) { return l.size() > 1 && l.back() == '-'; };
  while (n > 1 && broken(lines[n - 1])) --n;
  for (size_t k = n; k >= 1 && (k == n || !broken(lines[k - 1])); --k) {
    std::string rest;  // what goes, its hyphenated words whole again
    for (size_t i = k; i < lines.size(); ++i) {
      if (broken(rest))
        rest.pop_back();
      else if (!rest.empty())
        rest += ' ';
      rest += lines[i];
    }
    // The space makes ellipsize end at the line's last whole word.
    std::string last = cv.ellipsize(lines[k - 1] + " " + rest, f, width);
    // A line of one word with no room for the ellipsis after it
    // ("Negativ…"): the line before ends the name instead.
    bool inside = last.find(' ') == std::string::npos &&
                  last.compare(0, lines[k - 1].size(), lines[k - 1]) != 0;
    if (!inside) {
      lines.resize(k);
      lines.back() = last;
      return lines;
    }
  }
  // No line has room for an ellipsis after a whole word: the lines in
  // room, whole ("Judicial" / "Review"), say more than "Judici…".
  lines.resize(n);
  return lines;
}

// Draws a name's lines in r, at most max_lines; returns the height.
int name_lines(Canvas& cv, Rect r, const std::string& s, Font f, Color c, int max_lines,
               Align a = Align::Center) {
  auto lines = wrap_words(cv, s, f, r.w);
  int lh = cv.line_h(f), y = r.y;
  size_t room = 0;  // lines within max_lines and the height
  while (room < lines.size() && static_cast<int>(room) < max_lines &&
         y + (static_cast<int>(room) + 1) * lh <= r.bottom() + lh / 3)
    ++room;
  if (room == 0) return 0;
  // A word too wide even alone ends the name before it ("Jed…", not
  // "Jed" / "Smo…").
  for (size_t k = 1; k < room; ++k)
    if (cv.text_w(lines[k], f) > r.w) room = k;
  if (room < lines.size()) lines = cut_after_word(cv, lines, room, f, r.w);
  for (const auto& line : lines) {
    std::string l = cv.ellipsize(line, f, r.w);
    // A first word too wide even alone at the smallest type: half a word
    // names nothing ("A…" for "Amendment"), the corner names the card.
    if (l != line && l.find(' ') == std::string::npos) break;
    cv.text(a == Align::Center ? r.x + (r.w - cv.text_w(l, f)) / 2 : r.x, y, l, f, c);
    y += lh;
  }
  return y - r.y;
}

void draw_header(Canvas& cv, Rect band, const core::CardDef& d, Color on, int h, bool large,
                 bool narrow) {
  std::string corner = corner_label(d);
  Font cf{corner_font_px(h, large), Weight::Bold};
  Font kf{clampi(h * 0.07, 8, large ? 20 : 13), Weight::Regular};
  int used = 0;
  if (!corner.empty()) {
    while (cf.px > 8 && cv.text_w(corner, cf) > band.w) --cf.px;  // "MO 18" whole, never "MO…"
    // Still too wide (a 640 px window): whole over the card's edge, for
    // "+6E…" names nothing.
    int ch = cv.line_h(cf), cw = cv.text_w(corner, cf);
    if (cw > band.w)
      cv.text(band.x - std::min(cw - band.w, band.h / 2), band.y + (band.h - ch) / 2, corner, cf,
              on);
    else
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

// The font shrunk until the name fits whole: every word within the width,
// at most max_lines lines, within the height. A name cut mid-word
// ("Targe… by a Negat…") says less than a smaller one.
Font fit_name(Canvas& cv, const std::string& s, Font f, int width, int height, int max_lines) {
  f = fit_words(cv, s, f, width);
  while (f.px > 8) {
    int lines = static_cast<int>(wrap_words(cv, s, f, width).size());
    if (lines <= max_lines && lines * cv.line_h(f) <= height) break;
    --f.px;
  }
  return f;
}

// Text shrunk until it fits r whole, down to 8 px: the large view is
// there to be read in full.
Font fit_paragraph(Canvas& cv, const std::string& s, Font f, Rect r) {
  while (f.px > 8 && static_cast<int>(cv.wrap(s, f, r.w).size()) * cv.line_h(f) > r.h) --f.px;
  return f;
}

// An overlapped card shows a sliver: its name from the left, no text.
// Only a card with a corner label may leave its name out: the corner says
// which card it is.
void draw_sliver(Canvas& cv, Rect in, const core::CardDef& d, int h) {
  Font nf{clampi(h * 0.1, 8, 18), Weight::Bold};
  if (!corner_label(d).empty() && in.w < cv.text_w("Wwww", nf)) return;
  nf = fit_name(cv, d.name, nf, in.w, in.h, 6);
  // Half a word names nothing: with a corner to name the card, a name
  // whose words do not fit the sliver is left out.
  if (!corner_label(d).empty()) {
    for (const auto& line : wrap_words(cv, d.name, nf, in.w))
      if (cv.text_w(line, nf) > in.w) return;
  }
  name_lines(cv, in, d.name, nf, theme::dark_text, 6, Align::Left);
}

void draw_body(Canvas& cv, Rect in, const core::CardDef& d, int h, bool large) {
  // Small cards show the name only, as large as fits: their text is a
  // hover away, and 7-pixel rules text is noise.
  bool small = !large && h < 96;
  Font nf{clampi(h * (large ? 0.062 : small ? 0.13 : 0.098), 8, large ? 30 : 20), Weight::Bold};
  Font tf{clampi(h * (large ? 0.046 : 0.084), 8, large ? 22 : 16), Weight::Regular};
  int max_lines = large || h >= 120 ? 4 : 3;
  nf = fit_name(cv, d.name, nf, in.w, small ? in.h : in.h * 6 / 10, max_lines);
  int y = in.y;
  y += name_lines(cv, {in.x, y, in.w, in.bottom() - y}, d.name, nf, theme::dark_text, max_lines);
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
  if (large) tf = fit_paragraph(cv, d.text, tf, text);
  tf = fit_words(cv, d.text, tf, text.w);  // "punishment" whole, not "punishme…"
  y += cv.paragraph(text, d.text, tf, theme::dark_text, large ? Align::Left : Align::Center);
  if (quote_room)
    cv.paragraph({in.x, y + h / 30, in.w, in.bottom() - y - h / 30}, "\u201c" + d.quote + "\u201d",
                 qf, {90, 90, 96, 255}, Align::Left);
}

// Pips of a playing card, as fractions of the pip area: x across, y down.
const std::vector<std::pair<double, double>>& pips(int value) {
  static const std::vector<std::vector<std::pair<double, double>>> k = {
      {},
      {{.5, .5}},
      {{.5, 0}, {.5, 1}},
      {{.5, 0}, {.5, .5}, {.5, 1}},
      {{0, 0}, {1, 0}, {0, 1}, {1, 1}},
      {{0, 0}, {1, 0}, {.5, .5}, {0, 1}, {1, 1}},
      {{0, 0}, {1, 0}, {0, .5}, {1, .5}, {0, 1}, {1, 1}},
      {{0, 0}, {1, 0}, {.5, .25}, {0, .5}, {1, .5}, {0, 1}, {1, 1}},
      {{0, 0}, {1, 0}, {.5, .25}, {0, .5}, {1, .5}, {.5, .75}, {0, 1}, {1, 1}},
      {{0, 0},
       {1, 0},
       {0, 1. / 3},
       {1, 1. / 3},
       {.5, .5},
       {0, 2. / 3},
       {1, 2. / 3},
       {0, 1},
       {1, 1}},
      {{0, 0},
       {1, 0},
       {.5, 1. / 6},
       {0, 1. / 3},
       {1, 1. / 3},
       {0, 2. / 3},
       {1, 2. / 3},
       {.5, 5. / 6},
       {0, 1},
       {1, 1}},
  };
  return k[std::clamp(value, 0, 10)];
}

void centred(Canvas& cv, int cx, int cy, const std::string& s, Font f, Color c) {
  cv.text(cx - cv.text_w(s, f) / 2, cy - cv.line_h(f) / 2, s, f, c);
}

// The middle of a playing card: pips, or for a small card one large
// suit symbol; a court card's letter framed.
void draw_playing_middle(Canvas& cv, Rect area, const PlayingCard& p, Color ink, bool small) {
  if (area.w < 8 || area.h < 8) return;
  if (p.value >= 11) {
    Rect frame = area.inset(std::max(1, area.w / 12));
    cv.fill(frame, ink.mix(theme::face, 0.88), std::max(2, frame.w / 10));
    cv.frame(frame, ink.mix(theme::face, 0.4), std::max(2, frame.w / 10), 1);
    Font lf{std::max(8, std::min(frame.h * 2 / 5, frame.w * 3 / 5)), Weight::Bold};
    Font sf{std::max(8, std::min(frame.h / 4, frame.w / 2)), Weight::Regular};
    int total = cv.line_h(lf) + cv.line_h(sf) * 3 / 4;
    int top = frame.cy() - total / 2;
    centred(cv, frame.cx(), top + cv.line_h(lf) / 2, p.rank, lf, ink);
    centred(cv, frame.cx(), top + cv.line_h(lf) + cv.line_h(sf) * 3 / 8, p.symbol, sf, ink);
    return;
  }
  if (small || p.value == 1) {
    Font f{std::max(8, std::min(area.h * (p.value == 1 ? 3 : 2) / 4, area.w * 4 / 5)),
           Weight::Regular};
    centred(cv, area.cx(), area.cy(), p.symbol, f, ink);
    return;
  }
  int rows = p.value >= 9 ? 4 : 3;
  Font f{std::max(7, std::min(area.h / (rows + 1), area.w / 3)), Weight::Regular};
  int ph = cv.line_h(f);
  Rect box{area.x + area.w / 5, area.y + ph / 2, area.w * 3 / 5, std::max(0, area.h - ph)};
  for (auto [fx, fy] : pips(p.value))
    centred(cv, box.x + static_cast<int>(fx * box.w), box.y + static_cast<int>(fy * box.h),
            p.symbol, f, ink);
}

void draw_playing_card(Canvas& cv, Rect r, const core::CardDef& d, const PlayingCard& p, bool large,
                       int visible_w) {
  int h = r.h, rad = std::max(3, h / 16);
  Color ink = p.red ? theme::suit_red : theme::suit_black;
  cv.fill({r.x + 1, r.y + 2, r.w, r.h}, {0, 0, 0, 70}, rad);
  cv.fill(r, {150, 150, 150, 255}, rad);
  cv.fill(r.inset(1), {253, 252, 248, 255}, std::max(2, rad - 1));
  Font cf{corner_font_px(h, large), Weight::Bold};
  int pad = std::max(2, h / 28), lh = cv.line_h(cf);
  std::string corner = p.rank + p.symbol;
  bool partly = !large && visible_w > 0 && visible_w < r.w - 2;
  // Under the next card of a fan, the corner shrinks to the part that
  // shows ("Q" with half a suit says less).
  while (partly && cf.px > 8 && cv.text_w(corner, cf) > visible_w - pad - 2) --cf.px;
  cv.text(r.x + pad + 1, r.y + pad / 2, corner, cf, ink);
  if (h < 44) return;
  int bottom_corner = h >= 70 && !partly ? lh : 0;
  if (bottom_corner)
    cv.text(r.right() - pad - 1 - cv.text_w(corner, cf), r.bottom() - pad / 2 - lh, corner, cf,
            ink);
  Rect middle{r.x + pad, r.y + pad / 2 + lh, r.w - 2 * pad, h - pad - lh - bottom_corner};
  if (!large) {
    draw_playing_middle(cv, middle, p, ink, h < 110);
    return;
  }
  // The large view: the card above, its name and rules text below.
  Rect pipsr{middle.x, middle.y, middle.w, middle.h * 55 / 100};
  draw_playing_middle(cv, pipsr, p, ink, false);
  Rect text{middle.x + pad, pipsr.bottom() + pad, middle.w - 2 * pad,
            middle.bottom() - pipsr.bottom() - pad};
  Font nf{clampi(h * 0.058, 9, 28), Weight::Bold}, tf{clampi(h * 0.042, 8, 20), Weight::Regular};
  int y = text.y;
  y += name_lines(cv, {text.x, y, text.w, text.bottom() - y}, d.name, nf, theme::dark_text, 2);
  if (!d.text.empty() && text.bottom() - y > cv.line_h(tf))
    cv.paragraph({text.x, y + pad, text.w, text.bottom() - y - pad}, d.text, tf, {70, 70, 76, 255},
                 Align::Center);
}

// A card's picture above its name (and text, when there is room).
int draw_picture(Canvas& cv, Rect in, const core::CardDef& d, bool large) {
  int ih = in.h * (large ? 45 : 55) / 100;
  Rect pic{in.x, in.y, in.w, ih};
  if (!cv.image(d.image, pic)) return 0;
  return ih + std::max(2, in.h / 40);
}

}  // namespace

void draw_card_edge(Canvas& cv, Rect r, const core::CardDef& d) {
  int rad = std::max(3, r.h / 16);
  bool playing = playing_card(d) && d.image.empty();
  cv.fill({r.x + 1, r.y + 2, r.w, r.h}, {0, 0, 0, 70}, rad);
  cv.fill(r, playing ? Color{150, 150, 150, 255} : card_color(d), rad);
  cv.fill(r.inset(std::max(1, r.h / 45)), playing ? Color{253, 252, 248, 255} : theme::face,
          std::max(2, rad - 1));
}

void draw_card_face(Canvas& cv, Rect r, const core::CardDef& d, bool large, int visible_w) {
  if (auto p = playing_card(d); p && d.image.empty())
    return draw_playing_card(cv, r, d, *p, large, visible_w);
  int h = r.h, rad = std::max(3, h / 16);
  bool partly = !large && visible_w > 0 && visible_w < r.w - 2;  // the kind would hide
  bool narrow = partly && visible_w < r.w * 8 / 10;
  Color col = card_color(d);
  Color on = col.luma() < 150 ? Color{255, 255, 255, 255} : theme::dark_text;
  cv.fill({r.x + 1, r.y + 2, r.w, r.h}, {0, 0, 0, 70}, rad);  // a soft shadow lifts it off the felt
  cv.fill(r, col, rad);
  int bw = std::max(2, h / 45);
  int band = std::max(cv.line_h({corner_font_px(h, large), Weight::Bold}), h * 16 / 100);
  Rect face{r.x + bw, r.y + band, r.w - 2 * bw, r.h - band - bw};
  cv.fill(face, theme::face, std::max(2, rad - bw));
  int pad = std::max(2, h / 28);
  // An overlapped card's corner fits the part that shows: drawn across
  // the next card's edge, "LA 10" read "LA 1" at 640 px.
  int header_w = r.w - 2 * (pad + bw);
  if (partly) header_w = std::min(header_w, visible_w - pad - bw - 1);
  draw_header(cv, {r.x + pad + bw, r.y, header_w, band}, d, on, h, large, partly);
  Rect in = face.inset(pad);
  if (h < kNameless) {  // too small for more than a label: the corner, else the name
    if (corner_label(d).empty()) {
      Rect tiny = face.inset(1);
      Font nf = fit_name(cv, d.name, {clampi(h * 0.2, 8, 12), Weight::Bold}, tiny.w, tiny.h, 3);
      name_lines(cv, tiny, d.name, nf, theme::dark_text, 3);
    }
    return;
  }
  if (partly) in.w = std::max(8, visible_w - 2 * pad - bw);  // centred in what shows
  if (narrow) {
    draw_sliver(cv, {in.x, in.y, visible_w - 2 * pad - bw, in.h}, d, h);
    return;
  }
  if (!d.image.empty() && (large || h >= 60)) {
    int used = draw_picture(cv, in, d, large);
    in.y += used, in.h -= used;
  }
  draw_body(cv, in, d, h, large);
}

void draw_card_back(Canvas& cv, Rect r) {
  int rad = std::max(3, r.h / 16);
  cv.fill({r.x + 1, r.y + 2, r.w, r.h}, {0, 0, 0, 70}, rad);
  cv.fill(r, theme::back, rad);
  if (cv.image("card_back.png", r.inset(std::max(2, r.h / 50)))) return;
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

void draw_card_ring(Canvas& cv, Rect r, Color c, int t) {
  int rad = std::max(3, r.h / 16), g = std::max(1, t * 2 / 3);
  cv.frame({r.x - g, r.y - g, r.w + 2 * g, r.h + 2 * g}, {15, 20, 18, 220}, rad + g, g);
  cv.frame({r.x - g - t, r.y - g - t, r.w + 2 * (g + t), r.h + 2 * (g + t)}, c, rad + g + t, t);
}

void draw_table_marks(Canvas& cv, const TableLayout& t, Font heading) {
  for (const auto& h : t.headings)
    cv.text(h.rect.x, h.rect.y + std::max(0, (h.rect.h - cv.line_h(heading)) / 2) + 1, h.text,
            heading, {214, 222, 216, 255}, h.rect.w);
  for (const auto& z : t.zones) {
    if (z.pawns.empty()) continue;
    // Discs along the foot of the place, over its card: who stands here.
    Rect slot = z.spots.empty() ? z.slot : z.spots.back().rect;
    int n = static_cast<int>(z.pawns.size());
    int d = std::clamp(std::min(slot.w * 2 / 5, (slot.w - 4) / std::max(1, n)), 10, 40);
    int gap = 2, x = slot.cx() - (n * d + (n - 1) * gap) / 2, y = slot.bottom() - d * 3 / 4;
    Font f{std::max(7, d * 11 / 20), Weight::Bold};
    for (int p : z.pawns) {
      Color c = player_color(p);
      Rect disc{x, y, d, d};
      cv.fill({x + 1, y + 2, d, d}, {0, 0, 0, 110}, d / 2);
      cv.fill(disc, c, d / 2);
      cv.frame(disc, {20, 20, 20, 255}, d / 2, std::max(1, d / 14));
      std::string s = std::to_string(p);
      Color on = c.luma() < 150 ? Color{255, 255, 255, 255} : theme::dark_text;
      cv.text(disc.cx() - cv.text_w(s, f) / 2, disc.cy() - cv.line_h(f) / 2, s, f, on);
      x += d + gap;
    }
  }
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

void draw_buried_badge(Canvas& cv, const Rect& over, int buried, int px) {
  Font f{px, Weight::Bold};
  std::string s = "+" + std::to_string(buried);
  int w = cv.text_w(s, f) + px, h = cv.line_h(f) + 2;
  Rect b{over.x - w / 2, over.y + over.h * 11 / 20 - h / 2, w, h};
  cv.fill(b, {20, 24, 28, 230}, h / 2);
  cv.frame(b, {255, 255, 255, 160}, h / 2, 1);
  cv.text_in(b, s, f, {255, 255, 255, 255}, Align::Center);
}

}  // namespace ratify::gui
