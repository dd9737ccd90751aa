#include "gui/options_screen.hpp"

#include <SDL.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <variant>

#include "engine/game.hpp"
#include "gui/card_style.hpp"

namespace ratify::gui {

namespace {

// An id as words: "turn_limit" -> "Turn limit", "article_v" -> "Article V".
std::string pretty_id(const std::string& id) {
  std::string out;
  for (size_t i = 0; i < id.size(); ++i) {
    char c = id[i] == '_' ? ' ' : id[i];
    bool word_start = i == 0 || id[i - 1] == '_';
    bool lone = word_start && (i + 1 == id.size() || id[i + 1] == '_');
    if ((i == 0 || lone) && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    out += c;
  }
  return out;
}

// A choice's value as words: "per_hand" -> "per hand".
std::string pretty_value(std::string v) {
  std::replace(v.begin(), v.end(), '_', ' ');
  return v;
}

// A doc line for people: `code` loses its backticks, and an option named
// in it (`hands`, game_end) becomes that option's title in quotes.
std::string pretty_doc(const std::string& doc, const std::vector<core::OptionDecl>& decls) {
  auto is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  auto option = [&](const std::string& w) {
    for (const auto& d : decls)
      if (d.name == w) return true;
    return false;
  };
  std::string out;
  for (size_t i = 0; i < doc.size();) {
    if (doc[i] == '`') {
      ++i;
      continue;
    }
    if (!is_word(doc[i])) {
      out += doc[i++];
      continue;
    }
    size_t j = i;
    while (j < doc.size() && is_word(doc[j])) ++j;
    std::string w = doc.substr(i, j - i);
    bool quoted = i > 0 && doc[i - 1] == '`';
    if (option(w) && (quoted || w.find('_') != std::string::npos))
      out += "\u201c" + pretty_id(w) + "\u201d";
    else
      out += w.find('_') != std::string::npos ? pretty_value(w) : w;
    i = j;
  }
  return out;
}

std::string value_text(const core::OptionValue& v) {
  if (const auto* b = std::get_if<bool>(&v)) return *b ? "On" : "Off";
  if (const auto* d = std::get_if<double>(&v)) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", *d);
    return buf;
  }
  if (const auto* s = std::get_if<std::string>(&v)) return pretty_value(*s);
  return core::to_string(v);
}

// The next value a click gives: toggles, cycles the choices, steps numbers.
core::OptionValue stepped(const core::OptionDecl& d, const core::OptionValue& v, int dir) {
  if (const auto* b = std::get_if<bool>(&v)) return !*b;
  if (const auto* s = std::get_if<std::string>(&v)) {
    if (d.choices.empty()) return v;
    auto it = std::find(d.choices.begin(), d.choices.end(), *s);
    int k = it == d.choices.end() ? 0 : static_cast<int>(it - d.choices.begin());
    int n = static_cast<int>(d.choices.size());
    return d.choices[((k + dir) % n + n) % n];
  }
  double lo = d.min.value_or(-1e18), hi = d.max.value_or(1e18);
  if (const auto* i = std::get_if<int64_t>(&v))
    return static_cast<int64_t>(std::clamp(static_cast<double>(*i + dir), lo, hi));
  double x = std::get<double>(v);
  double step = d.min && d.max ? (*d.max - *d.min) / 20 : 0.5;
  return std::clamp(x + dir * step, lo, hi);
}

}  // namespace

OptionsScreen::OptionsScreen(Frame& f, std::function<void(const GameSettings&)> start,
                             std::function<void()> back)
    : Part(f), start_(std::move(start)), back_(std::move(back)) {}

void OptionsScreen::open(std::shared_ptr<engine::Loaded> loaded, const GameSettings* current,
                         uint64_t seed) {
  Pending p;
  if (current && current->loaded == loaded) {
    p.settings = *current;
  } else {
    p.settings.loaded = loaded;
    p.settings.options = loaded->options({});
    p.settings.players = std::clamp(2, loaded->meta().min_players, loaded->meta().max_players);
    p.settings.seats = fill_seats({}, p.settings.players);
  }
  p.settings.seed = seed;
  if (const auto* v = loaded->variant()) p.variant_doc = v->name + ": " + v->doc;
  pending_ = std::move(p);
  error.clear();
  scroll_ = 0;
}

void OptionsScreen::start() {
  try {
    start_(pending_->settings);
  } catch (const std::exception& e) {
    error = e.what();
  }
}

void OptionsScreen::on_key(int sym) {
  if (sym == SDLK_ESCAPE)
    back_();
  else if ((sym == SDLK_RETURN || sym == SDLK_KP_ENTER) && pending_)
    start();
}

void OptionsScreen::wheel(int dy) {
  scroll_ = std::max(0, scroll_ - dy * px(40));
}

int OptionsScreen::draw_option_row(Rect r, const core::OptionDecl& d) {
  auto& opts = pending_->settings.options;
  core::OptionValue v = opts.count(d.name) ? opts.at(d.name) : d.def;
  int cw = px(190), ch = px(30);
  Font nf = font(14, Weight::Bold), df = font(12.5);
  const auto& decls = pending_->settings.loaded->meta().options;
  std::string title = pretty_id(d.name), doc = pretty_doc(d.doc, decls);
  texts_.push_back(title);
  texts_.push_back(doc);
  texts_.push_back(value_text(v));
  cv_.text(r.x, r.y, title, nf, theme::text, r.w - cw - px(16));
  int h = cv_.line_h(nf);
  h += cv_.paragraph({r.x, r.y + h, r.w - cw - px(16), cv_.line_h(df) * 3}, doc, df, theme::muted);
  Rect c{r.right() - cw, r.y, cw, ch};
  std::string name = d.name;
  auto set = [this, d, name](int dir) {
    auto& o = pending_->settings.options;
    o[name] = stepped(d, o.count(name) ? o.at(name) : d.def, dir);
  };
  bool numeric = std::holds_alternative<int64_t>(v) || std::holds_alternative<double>(v);
  bool free_text = std::holds_alternative<std::string>(v) && d.choices.empty();
  if (numeric) {
    button({c.x, c.y, ch, ch}, "\u2212", "option:" + name + ":-", [set] { set(-1); });
    cv_.text_in({c.x + ch, c.y, cw - 2 * ch, ch}, value_text(v), font(14, Weight::Bold),
                theme::text, Align::Center);
    button({c.right() - ch, c.y, ch, ch}, "+", "option:" + name + ":+", [set] { set(+1); });
  } else if (free_text) {
    cv_.text_in(c, value_text(v) + "  (--set)", font(13), theme::muted, Align::Right);
  } else {
    bool on = std::holds_alternative<bool>(v) && std::get<bool>(v);
    button(
        c, value_text(v), "option:" + name, [set] { set(+1); }, true, on);
  }
  return std::max(ch, h) + px(12);
}

// The left panel: players, seats, seed, and the buttons to start or go back.
void OptionsScreen::draw_setup(Rect left, bool in_game) {
  auto& s = pending_->settings;
  const auto& meta = s.loaded->meta();
  cv_.fill(left, theme::panel, px(12));
  int x = left.x + px(16), y = left.y + px(14), bh = px(30);
  Font lf = font(14, Weight::Bold);
  cv_.text(x, y + px(5), "Players", lf, theme::text);
  auto resize = [this](int dp) {
    auto& st = pending_->settings;
    const auto& m = st.loaded->meta();
    st.players = std::clamp(st.players + dp, m.min_players, m.max_players);
    st.seats.resize(st.players, "bot");
  };
  int cx = left.right() - px(16) - px(130);
  button(
      {cx, y, bh, bh}, "\u2212", "button:players-", [resize] { resize(-1); },
      s.players > meta.min_players);
  cv_.text_in({cx + bh, y, px(130) - 2 * bh, bh}, std::to_string(s.players), font(15, Weight::Bold),
              theme::text, Align::Center);
  button(
      {cx + px(130) - bh, y, bh, bh}, "+", "button:players+", [resize] { resize(+1); },
      s.players < meta.max_players);
  y += bh + px(14);
  cv_.text(x, y, "Seats (click to change)", lf, theme::text);
  y += cv_.line_h(lf) + px(6);
  for (int k = 0; k < s.players && y + bh < left.bottom() - px(168); ++k) {
    cv_.text(x + px(8), y + px(6), player_name(k + 1), font(14), theme::text);
    auto cycle = [this, k] {
      // Easy: the ruleset's heuristic (random without one); normal and
      // hard: search for about 0.3 s and 2 s a move.
      // Then the ruleset's own strategy bots (bots/*.lua).
      std::vector<std::string> kinds = {"human", "easy", "normal", "hard", "random"};
      for (const auto& b : pending_->settings.loaded->meta().strategy_bots) kinds.push_back(b);
      auto& seat = pending_->settings.seats[k];
      size_t i = 0;
      while (i < kinds.size() && seat != kinds[i]) ++i;
      seat = kinds[(i + 1) % kinds.size()];
    };
    std::string label = s.seats[k] == "bot" ? "easy" : s.seats[k];
    button({cx, y, px(130), bh}, label, "seat:" + std::to_string(k + 1), cycle, true,
           s.seats[k] == "human");
    y += bh + px(6);
  }
  y += px(8);
  cv_.text(x, y + px(6), "Seed " + std::to_string(s.seed), font(13), theme::muted, px(220));
  button({cx, y, px(130), bh}, "New seed", "button:seed", [this] {
    auto& seed = pending_->settings.seed;
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;  // any other deal
  });
  // Moves with one sensible choice, played for the humans (the rules mark them).
  y += bh + px(8);
  cv_.text(x, y + px(6), "Forced moves", font(13), theme::muted, px(220));
  button({cx, y, px(130), bh}, s.auto_moves ? "played for you" : "asked", "button:auto",
         [this] { pending_->settings.auto_moves = !pending_->settings.auto_moves; });
  if (animate) {  // the window's own switch, for every game
    y += bh + px(14);
    cv_.text(x, y + px(6), "Moves", font(13), theme::muted, px(220));
    bool& on = *animate;
    button(
        {cx, y, px(130), bh}, on ? "Animated" : "Not animated", "button:animate",
        [&on] { on = !on; }, true, on);
  }
  Rect start{left.x + px(16), left.bottom() - px(110), left.w - px(32), px(44)};
  button(
      start, "Start game  (Enter)", "button:start", [this] { this->start(); }, true, true);
  button({start.x, start.bottom() + px(10), start.w, px(36)},
         in_game ? "Back to the game  (Esc)" : "Back  (Esc)", "button:back", [this] { back_(); });
}

void OptionsScreen::draw(bool in_game) {
  auto& p = *pending_;
  auto& s = p.settings;
  const auto& meta = s.loaded->meta();
  int w = cv_.w(), h = cv_.h();
  cv_.fill({0, 0, w, h}, theme::felt_dark);
  cv_.text(px(40), px(22), meta.name, font(26, Weight::Bold), theme::playable, w - px(80));
  cv_.text(px(40), px(62),
           p.variant_doc.empty() ? "New game: players, seats and house rules" : p.variant_doc,
           font(14), theme::text, w - px(80));
  Rect left{px(40), px(100), px(380), h - px(160)};
  texts_.clear();
  draw_setup(left, in_game);
  Font lf = font(14, Weight::Bold);
  rect_ = {left.right() + px(24), px(100), w - left.right() - px(64), h - px(160)};
  cv_.fill(rect_, theme::panel, px(12));
  Rect in = rect_.inset(px(16));
  cv_.text(in.x, in.y, meta.options.empty() ? "This game has no house rules." : "House rules", lf,
           theme::text);
  cv_.clip(&in);
  size_t first_hit = f_.hits.size();
  int oy = in.y + cv_.line_h(lf) + px(12) - scroll_;
  for (const auto& d : meta.options) {
    int used = draw_option_row({in.x, oy, in.w, 0}, d);
    oy += used;
  }
  cv_.clip(nullptr);
  // Rows scrolled out of sight must not take clicks.
  f_.hits.erase(
      std::remove_if(f_.hits.begin() + first_hit, f_.hits.end(),
                     [&](const Hit& h) { return h.r.y < in.y || h.r.bottom() > in.bottom(); }),
      f_.hits.end());
  if (oy > in.bottom())
    cv_.text(in.right() - px(330), rect_.y + px(16), "\u25bc more below: scroll", font(12.5),
             theme::muted);
  if (!error.empty())
    cv_.text(px(40), h - px(46), error, font(14), {255, 140, 140, 255}, w - px(80));
}

}  // namespace ratify::gui
