// The help (F1, ?): how to play, the ruleset's HOW_TO_PLAY.md, laid out
// as text and scrolled with the wheel, Page Up/Down, the arrows, Home and
// End; beside them every shortcut of the window. The README.md is for
// designers (file tables, hooks, rulings): a player reaches it only by Tab.
#include <SDL.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/files.hpp"
#include "gui/card_style.hpp"
#include "gui/help.hpp"
#include "gui/rules_text.hpp"

namespace ratify::gui {

namespace {

const std::pair<const char*, const char*> kShortcuts[] = {
    {"Click a card", "play it; when it has several actions, a menu opens"},
    {"Click a lit zone / player", "the target for the card you picked"},
    {"Hover a card", "shows it large, with its full text"},
    {"Right-click a card", "keeps it large until you click or press Esc"},
    {"Click an action", "in the list on the right: carries it out"},
    {"1 \u2026 9, 10 \u2026", "the action with that number (type the digits)"},
    {"E", "end your turn (the button under the action list)"},
    {"Ctrl+Z", "undo your last action (never back over a card it showed you)"},
    {"Ctrl+N", "new game: same rules and seats, a new seed"},
    {"Ctrl+S", "save the game (quitting saves it too); the picker resumes it"},
    {"O", "options screen for a new game (players, seats, house rules)"},
    {"P", "choose another game or variant"},
    {"Space", "pause or resume the bots; on the curtain: show your cards"},
    {"+ / \u2212", "bots faster / slower (slow, normal, fast, instant)"},
    {"V", "watching bots: every hand, or only the public cards"},
    {"F5, Ctrl+R", "reload the rules now (saving a file reloads them too)"},
    {"R", "show the result again after the game"},
    {"Any key, a click", "between phases: close the summary and go on"},
    {"Mouse wheel", "scroll the action list or the game log"},
    {"Esc", "close a menu, a card, the result, a message"},
    {"F1, ?", "this help; wheel, Page Up/Down, Home, End scroll the rules"},
    {"Tab", "in this help: how to play, or the designer's notes"},
    {"Ctrl+Q", "quit"},
};

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return {};
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

Help::Help(Frame& f) : Part(f) {}

void Help::toggle() {
  open_ = !open_;
  if (open_) show_designer(false);  // a player always meets how to play first
}

void Help::show_designer(bool on) {
  if (on != designer_) scroll_ = 0;
  designer_ = on;
}

// Lays the text out for a column `width` wide, once per ruleset, page and size.
void Help::lay_out(const std::filesystem::path& dir, int width) {
  std::string key = dir.string() + "|" + std::to_string(width) + "|" + std::to_string(f_.scale) +
                    (designer_ ? "|designer" : "");
  if (key == key_) return;
  key_ = key;
  lines_.clear();
  // A file that links out of the folder is not shown (core/files.hpp).
  auto text_of = [&](const char* name) {
    bool inside = !dir.empty() && core::outside_roots(dir / name, {dir}).empty();
    return inside ? read_file(dir / name) : std::string();
  };
  std::string md = designer_ ? text_of("README.md") : text_of("HOW_TO_PLAY.md");
  if (md.empty() && !designer_) md = text_of("README.md");  // an older ruleset: its README
  if (md.empty()) md = "This ruleset has no README.md: its rules are in its Lua files.";
  Font body = font(14), bold = font(14, Weight::Bold), code = font(13);
  int y = 0, gap = px(8);
  auto add = [&](int x, const std::string& s, Font f, Color c, bool shaded = false) {
    lines_.push_back({x, y, s, f, c, shaded});
  };
  auto wrapped = [&](int x, const std::string& s, Font f, Color c) {
    for (const auto& l : cv_.wrap(s, f, width - x)) add(x, l, f, c), y += cv_.line_h(f);
  };
  auto blocks = parse_markdown(md);
  // A table's first column is as wide as its widest first cell needs (up
  // to a third), the same in every row; the other columns share the rest.
  std::vector<int> first_w(blocks.size(), 0);
  for (size_t i = 0; i < blocks.size();) {
    size_t j = i;
    int need = 0;
    for (; j < blocks.size() && blocks[j].kind == DocBlock::Row; ++j)
      if (!blocks[j].cells.empty()) need = std::max(need, cv_.text_w(blocks[j].cells[0], bold));
    for (size_t k = i; k < j; ++k) first_w[k] = std::clamp(need + px(16), width / 5, width / 3);
    i = j == i ? i + 1 : j;
  }
  DocBlock::Kind last = DocBlock::Paragraph;
  for (size_t i = 0; i < blocks.size(); ++i) {
    const auto& b = blocks[i];
    if (b.kind != last && (last == DocBlock::Code || last == DocBlock::Row)) y += gap;
    switch (b.kind) {
      case DocBlock::Heading: {
        Font f = font(b.level <= 1 ? 22 : b.level == 2 ? 18 : 15.5, Weight::Bold);
        if (y > 0) y += px(b.level <= 2 ? 14 : 8);
        wrapped(0, b.text, f, b.level <= 2 ? theme::playable : theme::text);
        y += px(4);
        break;
      }
      case DocBlock::Paragraph:
        wrapped(0, b.text, body, theme::text);
        y += gap;
        break;
      case DocBlock::Item: {
        int x = px(18) * (b.level + 1);
        add(x - cv_.text_w(b.bullet, body) - px(6), b.bullet, body, theme::muted);
        wrapped(x, b.text, body, theme::text);
        y += px(3);
        break;
      }
      case DocBlock::Code:
        add(px(12), cv_.ellipsize(b.text, code, width - px(24)), code, theme::selected, true);
        y += cv_.line_h(code);
        break;
      case DocBlock::Row: {
        // Each cell wraps in its column.
        int n = std::max<int>(1, static_cast<int>(b.cells.size()));
        int first = n == 1 ? width : first_w[i];
        int rest = n > 1 ? (width - first) / (n - 1) : 0, top = y, bottom = y;
        for (int k = 0; k < n && k < static_cast<int>(b.cells.size()); ++k) {
          int x = k == 0 ? 0 : first + (k - 1) * rest, w = (k == 0 ? first : rest) - px(10);
          Font f = b.header || k == 0 ? bold : body;
          y = top;
          for (const auto& l : cv_.wrap(b.cells[k], f, std::max(w, px(20))))
            add(x, l, f, b.header ? theme::playable : theme::text), y += cv_.line_h(f);
          bottom = std::max(bottom, y);
        }
        y = bottom + px(4);
        break;
      }
    }
    last = b.kind;
  }
  height_ = y;
}

void Help::draw(const std::filesystem::path& dir, const std::string& game) {
  cv_.fill({0, 0, cv_.w(), cv_.h()}, {0, 0, 0, 150});
  int w = std::min(cv_.w() - px(24), px(1240)), h = cv_.h() - px(24);
  Rect p{(cv_.w() - w) / 2, (cv_.h() - h) / 2, w, h};
  modal_blocker([this] { open_ = false; });
  cv_.fill(p, theme::panel, px(12));
  cv_.frame(p, theme::panel_light, px(12), px(2));
  hit({p, [] {}, {}, "help", 0, true});  // a click inside stays open

  // Right: the shortcuts, as narrow as they can be read.
  int sw = std::clamp(w * 9 / 20, px(300), px(500)), sx = p.right() - sw - px(20);
  cv_.text(sx, p.y + px(18), "Shortcuts", font(18, Weight::Bold), theme::text);
  Font kf = font(12.5, Weight::Bold), df = font(12.5);
  int y = p.y + px(52), kw = px(100), dlh = cv_.line_h(df);
  for (const auto& [k, d] : kShortcuts) kw = std::max(kw, cv_.text_w(k, kf) + px(12));
  kw = std::min(kw, sw * 7 / 20);
  for (const auto& [k, d] : kShortcuts) {
    auto lines = cv_.wrap(d, df, sw - kw);
    if (y + dlh * static_cast<int>(lines.size()) > p.bottom() - px(30)) break;
    cv_.text(sx, y, k, kf, theme::playable, kw - px(8));
    for (const auto& l : lines) cv_.text(sx + kw, y, l, df, theme::text), y += dlh;
    y += px(3);
  }
  cv_.fill({sx - px(20), p.y + px(16), px(1), h - px(32)}, theme::panel_light);

  // Left: the rules, scrolled.
  Rect rules{p.x + px(24), p.y + px(56), sx - px(44) - (p.x + px(24)), h - px(56) - px(36)};
  std::string title = designer_ ? "Designer's notes" : "How to play";
  int tw = cv_.text(rules.x, p.y + px(16), game.empty() ? title : title + " \u2014 " + game,
                    font(20, Weight::Bold), theme::text, rules.w - px(200));
  Rect other{std::min(rules.x + tw + px(16), rules.right() - px(190)), p.y + px(14), px(190),
             px(28)};
  button(other, designer_ ? "How to play  (Tab)" : "Designer's notes  (Tab)", "button:help-page",
         [this] { show_designer(!designer_); });
  lay_out(dir, rules.w - px(12));
  page_ = rules.h;
  scroll_ = std::clamp(scroll_, 0, std::max(0, height_ - rules.h));
  cv_.clip(&rules);
  for (const auto& l : lines_) {
    int ly = rules.y + l.y - scroll_, lh = cv_.line_h(l.font);
    if (ly + lh < rules.y || ly > rules.bottom()) continue;
    if (l.shaded) cv_.fill({rules.x, ly, rules.w - px(12), lh}, theme::bar);
    cv_.text(rules.x + l.x, ly, l.text, l.font, l.color);
  }
  cv_.clip(nullptr);
  if (height_ > rules.h) {  // the scroll bar
    int th = std::max(px(30), rules.h * rules.h / height_);
    int ty = rules.y + (rules.h - th) * scroll_ / std::max(1, height_ - rules.h);
    cv_.fill({rules.right() - px(5), rules.y, px(4), rules.h}, theme::panel_light, px(2));
    cv_.fill({rules.right() - px(5), ty, px(4), th}, theme::muted, px(2));
  }
  cv_.text(p.x + px(24), p.bottom() - px(26),
           "Wheel, Page Up/Down, Home, End: scroll.   Tab: how to play / designer's notes.   "
           "Esc, F1 or a click outside: close",
           font(12.5), theme::muted, w - px(48));
}

// Keys while the help is open: scroll, or close.
void Help::on_key(int sym) {
  int line = px(24), page = std::max(line, page_ - line);
  if (sym == SDLK_ESCAPE || sym == SDLK_RETURN)
    open_ = false;
  else if (sym == SDLK_TAB)
    show_designer(!designer_);
  else if (sym == SDLK_PAGEDOWN || sym == SDLK_SPACE)
    scroll_ += page;
  else if (sym == SDLK_PAGEUP)
    scroll_ -= page;
  else if (sym == SDLK_DOWN)
    scroll_ += line;
  else if (sym == SDLK_UP)
    scroll_ -= line;
  else if (sym == SDLK_HOME)
    scroll_ = 0;
  else if (sym == SDLK_END)
    scroll_ = height_;
  scroll_ = std::clamp(scroll_, 0, std::max(0, height_ - page_));
}

void Help::wheel(int dy) {
  scroll_ = std::clamp(scroll_ - dy * px(48), 0, std::max(0, height_ - page_));
}

std::vector<std::string> Help::lines() const {
  std::vector<std::string> out;
  for (const auto& l : lines_) out.push_back(l.text);
  return out;
}

}  // namespace ratify::gui
