// Before a game: the picker of rulesets and variants, and the options
// screen built from the ruleset's declared options.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <variant>

#include "gui/app.hpp"
#include "gui/card_style.hpp"

namespace ratify::gui {

void App::pick(int i) {
  if (i < 0 || i >= static_cast<int>(picker_.size())) return;
  picker_sel_ = i;
  const auto& row = picker_[i];
  try {
    open_options(engine::Loaded::open(row.spec, row.variant));
  } catch (const std::exception& e) {
    picker_error_ = e.what();
  }
}

void App::draw_picker() {
  int w = cv_.w(), h = cv_.h();
  cv_.fill({0, 0, w, h}, theme::felt_dark);
  cv_.text(px(40), px(24), "ratify", font(28, Weight::Bold), theme::playable);
  cv_.text(px(40) + cv_.text_w("ratify", font(28, Weight::Bold)) + px(16), px(34),
           "choose a game or a variant", font(16), theme::text);
  picker_rect_ = {px(40), px(84), w - px(80), h - px(150)};
  cv_.fill(picker_rect_, theme::panel, px(12));
  if (picker_.empty())
    cv_.text(picker_rect_.x + px(20), picker_rect_.y + px(20),
             "No rulesets found: add folders with a ruleset.lua to rulesets/ or RATIFY_PATH.",
             font(15), theme::text);
  int n = static_cast<int>(picker_.size());
  picker_scroll_ = std::clamp(picker_scroll_, 0, std::max(0, n - 1));
  // Keep the keyboard's row in sight.
  if (picker_sel_ < picker_scroll_) picker_scroll_ = picker_sel_;
  int y = picker_rect_.y + px(8);
  for (int i = picker_scroll_; i < n; ++i) {
    const auto& row = picker_[i];
    bool variant = !row.variant.empty();
    int rh = px(variant ? 34 : 50);
    if (y + rh > picker_rect_.bottom() - px(4)) {
      if (picker_sel_ >= i) ++picker_scroll_;
      break;
    }
    Rect r{picker_rect_.x + px(8), y, picker_rect_.w - px(16), rh};
    bool hover = r.contains(mouse_x_, mouse_y_);
    if (i == picker_sel_ || hover)
      cv_.fill(r, hover ? theme::panel_light.mix({255, 255, 255, 255}, 0.08) : theme::panel_light,
               px(8));
    int x = r.x + px(variant ? 44 : 14);
    Font tf = font(variant ? 14 : 17, Weight::Bold), df = font(13);
    if (variant) {
      int tw = cv_.text(x, r.y + (rh - cv_.line_h(tf)) / 2, row.title, tf, theme::text, px(260));
      cv_.text(x + tw + px(14), r.y + (rh - cv_.line_h(df)) / 2,
               row.error.empty() ? row.detail : row.error, df,
               row.error.empty() ? theme::muted : theme::danger, r.right() - x - tw - px(24));
    } else {
      cv_.text(x, r.y + px(5), row.title, tf, theme::text, r.w - px(28));
      cv_.text(x, r.y + px(7) + cv_.line_h(tf),
               row.error.empty() ? row.detail : "does not load: " + row.error, df,
               row.error.empty() ? theme::muted : Color{255, 140, 140, 255}, r.w - px(28));
    }
    hit({r, [this, i] { pick(i); }, {}, "picker:" + std::to_string(i + 1)});
    y += rh + px(4);
  }
  std::string foot = picker_error_.empty()
                         ? "Click a game, or \u2191 \u2193 and Enter.   Esc quits.   F1 help."
                         : picker_error_;
  cv_.text(px(40), h - px(50), foot, font(14),
           picker_error_.empty() ? theme::muted : Color{255, 140, 140, 255}, w - px(80));
}

namespace {

std::string value_text(const core::OptionValue& v) {
  if (const auto* b = std::get_if<bool>(&v)) return *b ? "On" : "Off";
  if (const auto* d = std::get_if<double>(&v)) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", *d);
    return buf;
  }
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

int App::draw_option_row(Rect r, const core::OptionDecl& d) {
  auto& opts = pending_->settings.options;
  core::OptionValue v = opts.count(d.name) ? opts.at(d.name) : d.def;
  int cw = px(190), ch = px(30);
  Font nf = font(14, Weight::Bold), df = font(12.5);
  cv_.text(r.x, r.y, d.name, nf, theme::text, r.w - cw - px(16));
  int h = cv_.line_h(nf);
  h +=
      cv_.paragraph({r.x, r.y + h, r.w - cw - px(16), cv_.line_h(df) * 3}, d.doc, df, theme::muted);
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
void App::draw_setup(Rect left) {
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
  for (int k = 0; k < s.players && y + bh < left.bottom() - px(130); ++k) {
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
  Rect start{left.x + px(16), left.bottom() - px(110), left.w - px(32), px(44)};
  button(
      start, "Start game  (Enter)", "button:start",
      [this] {
        try {
          start_game(pending_->settings);
        } catch (const std::exception& e) {
          picker_error_ = e.what();
        }
      },
      true, true);
  button({start.x, start.bottom() + px(10), start.w, px(36)},
         session_ ? "Back to the game  (Esc)" : "Back  (Esc)", "button:back", [this] {
           if (session_)
             screen_ = Screen::Table;
           else
             open_picker();
         });
}

void App::draw_options() {
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
  draw_setup(left);
  Font lf = font(14, Weight::Bold);
  options_rect_ = {left.right() + px(24), px(100), w - left.right() - px(64), h - px(160)};
  cv_.fill(options_rect_, theme::panel, px(12));
  Rect in = options_rect_.inset(px(16));
  cv_.text(in.x, in.y, meta.options.empty() ? "This game has no house rules." : "House rules", lf,
           theme::text);
  cv_.clip(&in);
  size_t first_hit = hits_.size();
  int oy = in.y + cv_.line_h(lf) + px(12) - options_scroll_;
  for (const auto& d : meta.options) {
    int used = draw_option_row({in.x, oy, in.w, 0}, d);
    oy += used;
  }
  cv_.clip(nullptr);
  // Rows scrolled out of sight must not take clicks.
  hits_.erase(
      std::remove_if(hits_.begin() + first_hit, hits_.end(),
                     [&](const Hit& h) { return h.r.y < in.y || h.r.bottom() > in.bottom(); }),
      hits_.end());
  if (oy > in.bottom())
    cv_.text(in.right() - px(330), options_rect_.y + px(16), "\u25bc more below: scroll",
             font(12.5), theme::muted);
  if (!picker_error_.empty())
    cv_.text(px(40), h - px(46), picker_error_, font(14), {255, 140, 140, 255}, w - px(80));
}

}  // namespace ratify::gui
