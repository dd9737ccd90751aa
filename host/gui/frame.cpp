#include "gui/frame.hpp"

#include <algorithm>
#include <cmath>

#include "gui/card_style.hpp"

namespace ratify::gui {

void Frame::begin() {
  hits.clear();
  scale = std::clamp(std::min(cv.w() / 1280.0, cv.h() / 720.0), 0.7, 3.0);
}

int Frame::px(double v) const {
  return static_cast<int>(std::lround(v * scale));
}

Font Frame::font(double size, Weight w) const {
  return {std::max(8, px(size)), w};
}

const Hit* Frame::at(int x, int y) const {
  for (auto it = hits.rbegin(); it != hits.rend(); ++it)
    if (it->r.contains(x, y)) return &*it;
  return nullptr;
}

bool Frame::button(Rect r, const std::string& label, const std::string& name,
                   std::function<void()> fn, bool enabled, bool active) {
  bool hover = enabled && over(r);
  Color bg = active ? theme::notice : theme::panel_light;
  if (hover) bg = bg.mix({255, 255, 255, 255}, 0.15);
  cv.fill(r, enabled ? bg : bg.with_alpha(110), px(6));
  cv.text_in(r.inset(px(6)), label, font(13, active ? Weight::Bold : Weight::Regular),
             enabled ? theme::text : theme::muted, Align::Center);
  hit({r, enabled ? std::move(fn) : [] {}, {}, name});
  return hover;
}

void Frame::modal_blocker(std::function<void()> on_outside) {
  Hit h{{0, 0, cv.w(), cv.h()}, on_outside ? std::move(on_outside) : [] {}, [] {}, "", 0, true};
  hit(std::move(h));
}

std::string player_name(int p) {
  return "Player " + std::to_string(p);
}

std::string players_named(const std::vector<int>& players) {
  std::string s = players.size() > 1 ? "Players " : "Player ";
  for (size_t k = 0; k < players.size(); ++k)
    s += (k == 0 ? "" : k + 1 == players.size() ? " and " : ", ") + std::to_string(players[k]);
  return s;
}

std::string window_title(const std::string& game, const std::string& variant) {
  if (game.empty()) return "ratify";
  return game + (variant.empty() ? "" : " \u00b7 " + variant) + " \u2014 ratify";
}

std::string end_headline(const std::vector<int>& winners, const std::vector<bool>& human) {
  int you = 0, humans = 0;
  for (size_t p = 0; p < human.size(); ++p)
    if (human[p]) ++humans, you = static_cast<int>(p) + 1;
  if (humans != 1) return winners.empty() ? "Nobody won" : players_named(winners) + " won";
  std::vector<int> others;
  for (int w : winners)
    if (w != you) others.push_back(w);
  if (others.size() < winners.size())
    return others.empty() ? "You won" : "You won, with " + players_named(others);
  if (winners.empty()) return human.size() == 1 ? "You lost" : "You lost: nobody won";
  return "You lost: " + players_named(winners) + " won";
}

}  // namespace ratify::gui
