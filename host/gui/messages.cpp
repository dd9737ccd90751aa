#include "gui/messages.hpp"

#include <algorithm>
#include <vector>

#include "gui/card_style.hpp"

namespace ratify::gui {

Messages::Messages(Frame& f) : Part(f) {}

void Messages::banner(std::string title, std::string body) {
  title_ = std::move(title);
  banner_ = std::move(body);
}

void Messages::clear_banner() {
  banner_.clear();
  title_.clear();
}

void Messages::notify(std::string text, uint64_t ms) {
  notice_ = std::move(text);
  notice_until_ = f_.now + ms;
}

std::string Messages::banner_text() const {
  return title_ + (banner_.empty() ? "" : ": " + banner_);
}

std::string Messages::notice() const {
  return f_.now < notice_until_ ? notice_ : "";
}

void Messages::draw_banner(Rect table, const std::string& rules_error) {
  std::string title = title_, body = banner_;
  bool fixed_only = false;
  if (!rules_error.empty()) {
    title = "The rules failed: the game cannot go on (fix the ruleset and save; it reloads)";
    body = rules_error;
    fixed_only = true;
  }
  if (body.empty()) return;
  Font tf = font(14, Weight::Bold), f = font(13);
  int w = table.w - px(24);
  auto lines = cv_.wrap(body, f, w - px(60));
  if (lines.size() > 8) lines.resize(8);
  int lh = cv_.line_h(f),
      h = px(16) + cv_.line_h(tf) + px(6) + static_cast<int>(lines.size()) * lh + px(28);
  Rect b{table.x + px(12), table.y + px(10), w, h};
  cv_.fill(b, theme::danger.with_alpha(245), px(10));
  cv_.text(b.x + px(16), b.y + px(10), title, tf, {255, 255, 255, 255}, w - px(70));
  int y = b.y + px(14) + cv_.line_h(tf);
  for (const auto& l : lines) y += (cv_.text(b.x + px(16), y, l, f, {255, 240, 240, 255}), lh);
  cv_.text(b.x + px(16), b.bottom() - px(22),
           fixed_only ? "Undo (Ctrl+Z) or a new game (Ctrl+N) also gets you going."
                      : "Esc or \u00d7 to dismiss; the game goes on.",
           font(12), {255, 220, 220, 255});
  hit({b, [] {}, {}, "banner"});
  if (!fixed_only)
    button({b.right() - px(40), b.y + px(8), px(30), px(28)}, "\u00d7", "button:dismiss",
           [this] { clear_banner(); });
}

void Messages::end_notice(const std::string& text) {
  if (notice_ == text) notice_until_ = 0;
}

void Messages::draw_notice(Rect table, bool banner_up, Rect free) {
  if (notice_.empty() || f_.now >= notice_until_) return;
  // One line, or more: a reload's notice names what changed on a second.
  std::vector<std::string> lines;
  for (size_t from = 0;;) {
    size_t nl = notice_.find('\n', from);
    lines.push_back(notice_.substr(from, nl == std::string::npos ? nl : nl - from));
    if (nl == std::string::npos) break;
    from = nl + 1;
  }
  Font f = font(13.5, Weight::Bold), rest = font(13);
  int w = 0, lh = cv_.line_h(f), n = static_cast<int>(lines.size());
  for (int k = 0; k < n; ++k) w = std::max(w, cv_.text_w(lines[k], k ? rest : f));
  w = std::min(w + px(32), table.w - px(40));
  int h = lh * n + px(14);
  int y = table.y + px(10) + (banner_up ? px(140) : 0);
  if (!banner_up && free.h >= h + px(12)) y = free.bottom() - h - px(6);
  Rect r{table.cx() - w / 2, y, w, h};
  cv_.fill(r, theme::notice.with_alpha(240), n == 1 ? h / 2 : px(12));
  for (int k = 0; k < n; ++k)
    cv_.text_in({r.x + px(14), r.y + px(7) + k * lh, r.w - px(28), lh}, lines[k], k ? rest : f,
                {255, 255, 255, 255}, Align::Center);
}

}  // namespace ratify::gui
