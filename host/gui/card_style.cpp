#include "gui/card_style.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>

#include "engine/catalog.hpp"

namespace ratify::gui {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

bool parse_hex(const std::string& s, Color& out) {
  if (s.size() != 4 && s.size() != 7) return false;
  bool shrt = s.size() == 4;
  int v[6];
  for (size_t i = 1; i < s.size(); ++i)
    if ((v[i - 1] = hex_digit(s[i])) < 0) return false;
  if (shrt)
    out = {uint8_t(v[0] * 17), uint8_t(v[1] * 17), uint8_t(v[2] * 17), 255};
  else
    out = {uint8_t(v[0] * 16 + v[1]), uint8_t(v[2] * 16 + v[3]), uint8_t(v[4] * 16 + v[5]), 255};
  return true;
}

// Muted, printable versions of the usual names: pure #ff0000 on a card
// face is harsh and hides white text.
const std::map<std::string, Color>& named() {
  static const std::map<std::string, Color> m = {
      {"red", {196, 40, 40}},     {"blue", {36, 86, 170}},     {"green", {46, 125, 50}},
      {"black", {40, 40, 46}},    {"white", {235, 235, 235}},  {"yellow", {226, 186, 40}},
      {"gold", {184, 134, 11}},   {"orange", {222, 110, 30}},  {"purple", {110, 60, 150}},
      {"violet", {130, 80, 170}}, {"pink", {216, 96, 150}},    {"brown", {121, 85, 60}},
      {"grey", {110, 118, 125}},  {"gray", {110, 118, 125}},   {"teal", {0, 121, 121}},
      {"navy", {28, 45, 100}},    {"silver", {160, 166, 172}}, {"cyan", {0, 150, 170}},
      {"maroon", {120, 30, 40}},  {"olive", {110, 110, 30}},
  };
  return m;
}

// Distinct, dark enough for white text.
constexpr Color kPalette[] = {{36, 86, 170}, {46, 125, 50},  {150, 60, 40}, {110, 60, 150},
                              {0, 121, 121}, {184, 110, 11}, {120, 30, 60}, {70, 90, 110}};

Color from_name(const std::string& s) {
  uint32_t h = 2166136261u;  // FNV-1a: a kind keeps its colour across runs
  for (char c : s) h = (h ^ static_cast<uint8_t>(c)) * 16777619u;
  return kPalette[h % (sizeof kPalette / sizeof kPalette[0])];
}

}  // namespace

bool parse_color(const std::string& text, Color& out) {
  std::string s = lower(text);
  if (!s.empty() && s[0] == '#') return parse_hex(s, out);
  auto it = named().find(s);
  if (it == named().end()) return false;
  out = it->second;
  return true;
}

Color card_color(const core::CardDef& d) {
  Color c;
  if (!d.color.empty() && parse_color(d.color, c)) return c;
  std::string suit = lower(d.suit);
  if (suit == "hearts" || suit == "diamonds" || suit == "heart" || suit == "diamond")
    return named().at("red");
  if (suit == "spades" || suit == "clubs" || suit == "spade" || suit == "club")
    return named().at("black");
  if (!suit.empty()) return from_name(suit);
  if (!d.kind.empty()) return from_name(lower(d.kind));
  return {70, 90, 110, 255};
}

std::optional<PlayingCard> playing_card(const core::CardDef& d) {
  static const std::map<std::string, std::pair<const char*, bool>> kSuits = {
      {"hearts", {"\u2665", true}},  {"heart", {"\u2665", true}},   {"diamonds", {"\u2666", true}},
      {"diamond", {"\u2666", true}}, {"spades", {"\u2660", false}}, {"spade", {"\u2660", false}},
      {"clubs", {"\u2663", false}},  {"club", {"\u2663", false}},
  };
  if (!d.rank || std::floor(*d.rank) != *d.rank || *d.rank < 1 || *d.rank > 14) return std::nullopt;
  auto it = kSuits.find(lower(d.suit));
  if (it == kSuits.end()) return std::nullopt;
  static const char* kRanks[] = {"A", "2", "3",  "4", "5", "6", "7",
                                 "8", "9", "10", "J", "Q", "K", "A"};
  int v = static_cast<int>(*d.rank);
  return PlayingCard{kRanks[v - 1], it->second.first, it->second.second, v == 14 ? 1 : v};
}

std::string corner_text(const core::CardDef& d) {
  if (auto p = playing_card(d)) return p->rank + p->symbol;
  return corner_label(d);
}

int corner_font_px(int card_h, bool large) {
  return std::clamp(static_cast<int>(std::lround(card_h * 0.12)), 9, large ? 40 : 24);
}

Color player_color(int player) {
  static constexpr Color kPlayers[] = {{230, 75, 60},  {60, 140, 230}, {250, 200, 40},
                                       {150, 90, 210}, {40, 190, 120}, {240, 130, 30},
                                       {230, 90, 170}, {120, 200, 220}};
  return kPlayers[(std::max(1, player) - 1) % 8];
}

// An installed ratify's share/ratify/assets, a build's source tree's (engine/catalog.hpp).
std::filesystem::path assets_dir() {
  return engine::assets_dir();
}

std::string corner_label(const core::CardDef& d) {
  if (!d.short_label.empty()) return d.short_label;
  if (!d.rank) return {};
  double r = *d.rank;
  char buf[32];
  if (std::floor(r) == r && std::abs(r) < 1e15)
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(r));
  else
    std::snprintf(buf, sizeof buf, "%g", r);
  return buf;
}

}  // namespace ratify::gui
