// Before a game: the picker of rulesets and variants, and the options
// screen built from the ruleset's declared options.
#include <algorithm>
#include <cctype>
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
  if (!row.save.empty()) return resume_saved(row.save, true);
  try {
    open_options(engine::Loaded::open(row.spec, row.variant));
  } catch (const std::exception& e) {
    picker_error_ = e.what();
  }
}

std::vector<int> App::picker_games() const {
  std::vector<int> games;
  for (int i = 0; i < static_cast<int>(picker_.size()); ++i)
    if (picker_[i].variant.empty()) games.push_back(i);
  return games;
}

// The keyboard's choice: the view follows it.
void App::picker_move(int to) {
  if (to < 0 || to >= static_cast<int>(picker_.size())) return;
  if (picker_[to].game != picker_[picker_sel_].game) variants_scroll_ = 0;
  picker_sel_ = to;
  picker_follow_ = true;
}

// Two panes: every game on the left (all eight fit at 1280x720), the
// chosen game's rules and variants on the right. Both scroll with the
// wheel; Page Up/Down go from game to game, the arrows through variants.
void App::draw_picker() {
  int w = cv_.w(), h = cv_.h();
  cv_.fill({0, 0, w, h}, theme::felt_dark);
  cv_.text(px(40), px(24), "ratify", font(28, Weight::Bold), theme::playable);
  cv_.text(px(40) + cv_.text_w("ratify", font(28, Weight::Bold)) + px(16), px(34),
           "choose a game or a variant", font(16), theme::text);
  picker_rect_ = {px(40), px(84), w - px(80), h - px(150)};
  variants_rect_ = {};
  if (picker_.empty()) {
    cv_.fill(picker_rect_, theme::panel, px(12));
    cv_.text(picker_rect_.x + px(20), picker_rect_.y + px(20),
             "No rulesets found: add folders with a ruleset.lua to rulesets/ or RATIFY_PATH.",
             font(15), theme::text);
    return;
  }
  picker_sel_ = std::clamp(picker_sel_, 0, static_cast<int>(picker_.size()) - 1);
  auto games = picker_games();
  int current = picker_[picker_sel_].game;
  int ng = static_cast<int>(games.size());
  int cur_k = static_cast<int>(std::find(games.begin(), games.end(), current) - games.begin());

  Rect left{picker_rect_.x, picker_rect_.y, std::max(px(300), picker_rect_.w * 40 / 100),
            picker_rect_.h};
  cv_.fill(left, theme::panel, px(12));
  Font tf = font(17, Weight::Bold), df = font(13), mf = font(12.5);
  int rh = px(10) + cv_.line_h(tf) + cv_.line_h(df) + px(6), gap = px(4);
  Rect list = left.inset(px(8));
  int fit = std::max(1, (list.h + gap) / (rh + gap));
  bool overflow = ng > fit;
  if (overflow) fit = std::max(1, (list.h - 2 * cv_.line_h(mf) + gap) / (rh + gap));
  picker_scroll_ = std::clamp(picker_scroll_, 0, std::max(0, ng - fit));
  if (picker_follow_) {
    if (cur_k < picker_scroll_) picker_scroll_ = cur_k;
    if (cur_k >= picker_scroll_ + fit) picker_scroll_ = cur_k - fit + 1;
  }
  int y = list.y;
  if (overflow) {
    Rect up{list.x, y, list.w, cv_.line_h(mf)};
    if (picker_scroll_ > 0) {
      cv_.text_in(up, "\u25b2 " + std::to_string(picker_scroll_) + " more above", mf, theme::muted,
                  Align::Center);
      hit({up,
           [this] { picker_scroll_ = std::max(0, picker_scroll_ - 1), picker_follow_ = false; },
           {},
           "scroll:picker-up"});
    }
    y += up.h;
  }
  for (int k = picker_scroll_; k < ng && k < picker_scroll_ + fit; ++k) {
    int i = games[k];
    const auto& row = picker_[i];
    Rect r{list.x, y, list.w, rh};
    bool hover = r.contains(mouse_x_, mouse_y_), cur = i == current;
    if (cur || hover)
      cv_.fill(r,
               cur ? theme::panel_light.mix({255, 255, 255, 255}, hover ? 0.12 : 0.05)
                   : theme::panel_light,
               px(8));
    if (cur) cv_.fill({r.x, r.y + px(6), px(4), r.h - px(12)}, theme::playable, px(2));
    int x = r.x + px(14);
    cv_.text(x, r.y + px(5), row.title, tf, theme::text, r.w - px(28));
    int nv = 0;
    for (const auto& v : picker_)
      if (v.game == i && !v.variant.empty()) ++nv;
    std::string detail = row.error.empty()
                             ? row.detail + (nv ? "  \u00b7  " + std::to_string(nv) +
                                                      (nv == 1 ? " variant" : " variants")
                                                : "")
                             : "does not load: " + row.error;
    cv_.text(x, r.y + px(7) + cv_.line_h(tf), detail, df,
             row.error.empty() ? theme::muted : Color{255, 140, 140, 255}, r.w - px(28));
    // A click chooses the game; on the chosen game's row it starts it.
    hit({r,
         [this, i, cur] {
           if (cur && picker_sel_ == i)
             pick(i);
           else
             picker_move(i);
         },
         {},
         "picker:" + std::to_string(i + 1)});
    y += rh + gap;
  }
  if (overflow && picker_scroll_ + fit < ng) {
    Rect down{list.x, list.bottom() - cv_.line_h(mf), list.w, cv_.line_h(mf)};
    cv_.text_in(down, "\u25bc " + std::to_string(ng - picker_scroll_ - fit) + " more below", mf,
                theme::muted, Align::Center);
    hit({down, [this] { ++picker_scroll_, picker_follow_ = false; }, {}, "scroll:picker-down"});
  }

  Rect right{left.right() + px(16), picker_rect_.y, picker_rect_.right() - left.right() - px(16),
             picker_rect_.h};
  cv_.fill(right, theme::panel, px(12));
  draw_picker_variants(right.inset(px(16)), current);

  std::string foot = picker_error_.empty()
                         ? "Click a game, then Play or a variant.   \u2191 \u2193 choose, "
                           "Page Up/Down: another game, Enter plays.   Esc quits.   F1 help."
                         : picker_error_;
  cv_.text(px(40), h - px(50), foot, font(14),
           picker_error_.empty() ? theme::muted : Color{255, 140, 140, 255}, w - px(80));
}

// The right pane: the game, its Play button and its variants.
void App::draw_picker_variants(Rect r, int game) {
  if (!picker_[game].save.empty()) return draw_saved_game(r, game);
  const auto& g = picker_[game];
  Font hf = font(22, Weight::Bold), df = font(13.5), vf = font(14.5, Weight::Bold), sf = font(13),
       mf = font(12.5);
  int y = r.y;
  cv_.text(r.x, y, g.title, hf, theme::playable, r.w);
  y += cv_.line_h(hf) + px(2);
  if (!g.error.empty()) {
    cv_.paragraph({r.x, y, r.w, r.bottom() - y}, "This ruleset does not load: " + g.error, df,
                  {255, 140, 140, 255});
    return;
  }
  cv_.text(r.x, y, g.detail, df, theme::muted, r.w);
  y += cv_.line_h(df) + px(12);
  const auto& sel = picker_[picker_sel_];
  bool on_variant = !sel.variant.empty();
  std::string play =
      on_variant ? "Play \u201c" + sel.title + "\u201d  (Enter)" : "Play " + g.title + "  (Enter)";
  Rect pb{r.x, y,
          std::min(r.w, std::max(px(260), cv_.text_w(play, font(13, Weight::Bold)) + px(40))),
          px(40)};
  int chosen = picker_sel_;
  button(
      pb, play, "button:play", [this, chosen] { pick(chosen); }, true, true);
  y += pb.h + px(16);
  std::vector<int> vars;
  for (int i = 0; i < static_cast<int>(picker_.size()); ++i)
    if (picker_[i].game == game && !picker_[i].variant.empty()) vars.push_back(i);
  if (vars.empty()) {
    cv_.text(r.x, y, "No variants: the ruleset's own rules, set on the next screen.", sf,
             theme::muted, r.w);
    return;
  }
  cv_.text(r.x, y, "Variants (house-rule presets): click to play", font(14, Weight::Bold),
           theme::text, r.w);
  y += cv_.line_h(font(14, Weight::Bold)) + px(6);
  variants_rect_ = {r.x, y, r.w, r.bottom() - y};
  // Each variant: its name, then its doc in up to two lines.
  int lh = cv_.line_h(sf), nv = static_cast<int>(vars.size());
  std::vector<std::vector<std::string>> docs(nv);
  std::vector<int> hs(nv);
  for (int k = 0; k < nv; ++k) {
    const auto& v = picker_[vars[k]];
    docs[k] = cv_.wrap(v.error.empty() ? v.detail : v.error, sf, r.w - px(24));
    if (docs[k].size() > 2)
      docs[k] = {docs[k][0], cv_.ellipsize(docs[k][1] + " " + docs[k][2], sf, r.w - px(24))};
    hs[k] = px(8) + cv_.line_h(vf) + static_cast<int>(docs[k].size()) * lh + px(6);
  }
  int avail = variants_rect_.h, mh = cv_.line_h(mf);
  auto fits_from = [&](int first, int room) {
    int used = 0, k = first;
    for (; k < nv && used + hs[k] <= room; ++k) used += hs[k] + px(4);
    return k - first;
  };
  int max_scroll = 0;
  for (int s = 0; s < nv; ++s) {
    int room = avail - (s > 0 ? mh : 0);
    if (s + fits_from(s, room) >= nv) {
      max_scroll = s;
      break;
    }
  }
  variants_scroll_ = std::clamp(variants_scroll_, 0, max_scroll);
  int sel_k = static_cast<int>(std::find(vars.begin(), vars.end(), picker_sel_) - vars.begin());
  if (picker_follow_ && sel_k < nv) {
    if (sel_k < variants_scroll_) variants_scroll_ = sel_k;
    while (variants_scroll_ < sel_k &&
           variants_scroll_ + fits_from(variants_scroll_, avail - 2 * mh) <= sel_k)
      ++variants_scroll_;
  }
  if (variants_scroll_ > 0) {
    Rect up{r.x, y, r.w, mh};
    cv_.text_in(up, "\u25b2 " + std::to_string(variants_scroll_) + " more above", mf, theme::muted,
                Align::Center);
    hit({up,
         [this] { variants_scroll_ = std::max(0, variants_scroll_ - 1); },
         {},
         "scroll:variants-up"});
    y += mh;
  }
  int k = variants_scroll_;
  for (; k < nv; ++k) {
    bool last = k == nv - 1;
    if (y + hs[k] > r.bottom() - (last ? 0 : mh)) break;
    int i = vars[k];
    const auto& v = picker_[i];
    Rect row{r.x, y, r.w, hs[k]};
    bool hover = row.contains(mouse_x_, mouse_y_);
    if (i == picker_sel_ || hover)
      cv_.fill(row, hover ? theme::panel_light.mix({255, 255, 255, 255}, 0.08) : theme::panel_light,
               px(8));
    cv_.text(row.x + px(12), row.y + px(6), v.title, vf, theme::text, row.w - px(24));
    int dy = row.y + px(6) + cv_.line_h(vf);
    for (const auto& l : docs[k])
      dy += (cv_.text(row.x + px(12), dy, l, sf,
                      v.error.empty() ? theme::muted : Color{255, 140, 140, 255}),
             lh);
    hit({row, [this, i] { pick(i); }, {}, "picker:" + std::to_string(i + 1)});
    y += hs[k] + px(4);
  }
  if (k < nv) {
    Rect down{r.x, r.bottom() - mh, r.w, mh};
    cv_.text_in(down, "\u25bc " + std::to_string(nv - k) + " more below", mf, theme::muted,
                Align::Center);
    hit({down, [this] { ++variants_scroll_; }, {}, "scroll:variants-down"});
  }
}

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

int App::draw_option_row(Rect r, const core::OptionDecl& d) {
  auto& opts = pending_->settings.options;
  core::OptionValue v = opts.count(d.name) ? opts.at(d.name) : d.def;
  int cw = px(190), ch = px(30);
  Font nf = font(14, Weight::Bold), df = font(12.5);
  const auto& decls = pending_->settings.loaded->meta().options;
  std::string title = pretty_id(d.name), doc = pretty_doc(d.doc, decls);
  shown_texts_.push_back(title);
  shown_texts_.push_back(doc);
  shown_texts_.push_back(value_text(v));
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
