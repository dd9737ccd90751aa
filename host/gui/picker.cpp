#include "gui/picker.hpp"

#include <SDL.h>

#include <algorithm>

#include "engine/game.hpp"
#include "gui/card_style.hpp"

namespace ratify::gui {

namespace fs = std::filesystem;

Picker::Picker(Frame& f, std::string saves_dir, std::function<void(int)> pick,
               std::function<void()> quit)
    : Part(f), saves_dir_(std::move(saves_dir)), pick_(std::move(pick)), quit_(std::move(quit)) {}

void Picker::open(const engine::Located* where) {
  error.clear();
  follow_ = true;
  in_game_ = where != nullptr;
  if (rows_.empty()) load_rulesets();
  refresh_saves();
  // From a game: that game (and variant) is the one chosen.
  if (where) {
    for (int i = 0; i < static_cast<int>(rows_.size()); ++i) {
      std::error_code ec;
      if (fs::equivalent(rows_[i].spec, where->dir, ec) &&
          (rows_[i].variant.empty() ? where->variant.empty()
                                    : fs::equivalent(rows_[i].variant, where->variant, ec)))
        sel_ = i;
    }
  }
}

void Picker::load_rulesets() {
  for (const auto& e : engine::list_rulesets()) {
    int game = static_cast<int>(rows_.size());
    Row row;
    row.spec = e.dir.string(), row.title = e.id, row.game = game;
    try {
      auto l = engine::Loaded::open(row.spec);
      const auto& m = l->meta();
      row.title = m.name;
      row.detail = m.id + " \u00b7 " + std::to_string(m.min_players) +
                   (m.max_players > m.min_players ? "\u2013" + std::to_string(m.max_players) : "") +
                   (m.max_players == 1 ? " player" : " players");
    } catch (const std::exception& ex) {
      row.error = ex.what();
    }
    rows_.push_back(row);
    for (const auto& v : e.variants) {
      Row vr;
      vr.spec = e.dir.string(), vr.variant = v.string(), vr.game = game;
      vr.title = v.stem().string(), vr.detail = "variant of " + e.id;
      try {
        auto l = engine::Loaded::open(vr.spec, vr.variant);
        if (const auto* meta = l->variant()) {
          vr.title = meta->name.empty() ? vr.title : meta->name;
          vr.detail = meta->doc.empty() ? vr.detail : meta->doc;
        }
      } catch (const std::exception& ex) {
        vr.error = ex.what();
      }
      rows_.push_back(vr);
    }
  }
}

void Picker::on_key(int sym) {
  int n = static_cast<int>(rows_.size());
  if (sym == SDLK_ESCAPE) {
    quit_();
  } else if (!n) {
    return;
  } else if (sym == SDLK_DOWN || sym == SDLK_UP) {
    move(std::clamp(sel_ + (sym == SDLK_DOWN ? 1 : -1), 0, n - 1));
  } else if (sym == SDLK_PAGEDOWN || sym == SDLK_PAGEUP || sym == SDLK_RIGHT || sym == SDLK_LEFT) {
    // A game at a time: the next or previous game's own row.
    auto all = games();
    int g = rows_[sel_].game;
    auto it = std::find(all.begin(), all.end(), g);
    int k = static_cast<int>(it - all.begin());
    bool down = sym == SDLK_PAGEDOWN || sym == SDLK_RIGHT;
    k = std::clamp(k + (down ? 1 : -1), 0, static_cast<int>(all.size()) - 1);
    move(all[k]);
  } else if (sym == SDLK_HOME) {
    move(0);
  } else if (sym == SDLK_END) {
    move(games().back());
  } else if (sym == SDLK_RETURN || sym == SDLK_KP_ENTER) {
    pick_(sel_);
  }
}

std::vector<int> Picker::games() const {
  std::vector<int> games;
  for (int i = 0; i < static_cast<int>(rows_.size()); ++i)
    if (rows_[i].variant.empty()) games.push_back(i);
  return games;
}

// The keyboard's choice: the view follows it.
void Picker::move(int to) {
  if (to < 0 || to >= static_cast<int>(rows_.size())) return;
  if (rows_[to].game != rows_[sel_].game) variants_scroll_ = 0;
  sel_ = to;
  follow_ = true;
}

// Two panes: every game on the left (all eight fit at 1280x720), the
// chosen game's rules and variants on the right. Both scroll with the
// wheel; Page Up/Down go from game to game, the arrows through variants.
void Picker::draw() {
  int w = cv_.w(), h = cv_.h();
  cv_.fill({0, 0, w, h}, theme::felt_dark);
  cv_.text(px(40), px(24), "ratify", font(28, Weight::Bold), theme::playable);
  cv_.text(px(40) + cv_.text_w("ratify", font(28, Weight::Bold)) + px(16), px(34),
           "choose a game or a variant", font(16), theme::text);
  rect_ = {px(40), px(84), w - px(80), h - px(150)};
  variants_rect_ = {};
  if (rows_.empty()) {
    cv_.fill(rect_, theme::panel, px(12));
    cv_.text(rect_.x + px(20), rect_.y + px(20),
             "No rulesets found: add folders with a ruleset.lua to rulesets/ or RATIFY_PATH.",
             font(15), theme::text);
    return;
  }
  sel_ = std::clamp(sel_, 0, static_cast<int>(rows_.size()) - 1);
  auto all = games();
  int current = rows_[sel_].game;
  int ng = static_cast<int>(all.size());
  int cur_k = static_cast<int>(std::find(all.begin(), all.end(), current) - all.begin());

  Rect left{rect_.x, rect_.y, std::max(px(300), rect_.w * 40 / 100), rect_.h};
  cv_.fill(left, theme::panel, px(12));
  Font tf = font(17, Weight::Bold), df = font(13), mf = font(12.5);
  int rh = px(10) + cv_.line_h(tf) + cv_.line_h(df) + px(6), gap = px(4);
  Rect list = left.inset(px(8));
  int fit = std::max(1, (list.h + gap) / (rh + gap));
  bool overflow = ng > fit;
  if (overflow) fit = std::max(1, (list.h - 2 * cv_.line_h(mf) + gap) / (rh + gap));
  scroll_ = std::clamp(scroll_, 0, std::max(0, ng - fit));
  if (follow_) {
    if (cur_k < scroll_) scroll_ = cur_k;
    if (cur_k >= scroll_ + fit) scroll_ = cur_k - fit + 1;
  }
  int y = list.y;
  if (overflow) {
    Rect up{list.x, y, list.w, cv_.line_h(mf)};
    if (scroll_ > 0) {
      cv_.text_in(up, "\u25b2 " + std::to_string(scroll_) + " more above", mf, theme::muted,
                  Align::Center);
      hit({up,
           [this] { scroll_ = std::max(0, scroll_ - 1), follow_ = false; },
           {},
           "scroll:picker-up"});
    }
    y += up.h;
  }
  for (int k = scroll_; k < ng && k < scroll_ + fit; ++k) {
    int i = all[k];
    const auto& row = rows_[i];
    Rect r{list.x, y, list.w, rh};
    bool hover = r.contains(f_.mouse_x, f_.mouse_y), cur = i == current;
    if (cur || hover)
      cv_.fill(r,
               cur ? theme::panel_light.mix({255, 255, 255, 255}, hover ? 0.12 : 0.05)
                   : theme::panel_light,
               px(8));
    if (cur) cv_.fill({r.x, r.y + px(6), px(4), r.h - px(12)}, theme::playable, px(2));
    int x = r.x + px(14);
    cv_.text(x, r.y + px(5), row.title, tf, theme::text, r.w - px(28));
    int nv = 0;
    for (const auto& v : rows_)
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
           if (cur && sel_ == i)
             pick_(i);
           else
             move(i);
         },
         {},
         "picker:" + std::to_string(i + 1)});
    y += rh + gap;
  }
  if (overflow && scroll_ + fit < ng) {
    Rect down{list.x, list.bottom() - cv_.line_h(mf), list.w, cv_.line_h(mf)};
    cv_.text_in(down, "\u25bc " + std::to_string(ng - scroll_ - fit) + " more below", mf,
                theme::muted, Align::Center);
    hit({down, [this] { ++scroll_, follow_ = false; }, {}, "scroll:picker-down"});
  }

  Rect right{left.right() + px(16), rect_.y, rect_.right() - left.right() - px(16), rect_.h};
  cv_.fill(right, theme::panel, px(12));
  draw_variants(right.inset(px(16)), current);

  std::string foot = error.empty()
                         ? "Click a game, then Play or a variant.   \u2191 \u2193 choose, "
                           "Page Up/Down: another game, Enter plays.   Esc quits.   F1 help."
                         : error;
  cv_.text(px(40), h - px(50), foot, font(14),
           error.empty() ? theme::muted : Color{255, 140, 140, 255}, w - px(80));
}

// The right pane: the game, its Play button and its variants.
void Picker::draw_variants(Rect r, int game) {
  if (!rows_[game].save.empty()) return draw_save(r, game);
  const auto& g = rows_[game];
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
  const auto& sel = rows_[sel_];
  bool on_variant = !sel.variant.empty();
  std::string play =
      on_variant ? "Play \u201c" + sel.title + "\u201d  (Enter)" : "Play " + g.title + "  (Enter)";
  Rect pb{r.x, y,
          std::min(r.w, std::max(px(260), cv_.text_w(play, font(13, Weight::Bold)) + px(40))),
          px(40)};
  int chosen = sel_;
  button(
      pb, play, "button:play", [this, chosen] { pick_(chosen); }, true, true);
  y += pb.h + px(16);
  std::vector<int> vars;
  for (int i = 0; i < static_cast<int>(rows_.size()); ++i)
    if (rows_[i].game == game && !rows_[i].variant.empty()) vars.push_back(i);
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
    const auto& v = rows_[vars[k]];
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
  int sel_k = static_cast<int>(std::find(vars.begin(), vars.end(), sel_) - vars.begin());
  if (follow_ && sel_k < nv) {
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
    const auto& v = rows_[i];
    Rect row{r.x, y, r.w, hs[k]};
    bool hover = row.contains(f_.mouse_x, f_.mouse_y);
    if (i == sel_ || hover)
      cv_.fill(row, hover ? theme::panel_light.mix({255, 255, 255, 255}, 0.08) : theme::panel_light,
               px(8));
    cv_.text(row.x + px(12), row.y + px(6), v.title, vf, theme::text, row.w - px(24));
    int dy = row.y + px(6) + cv_.line_h(vf);
    for (const auto& l : docs[k])
      dy += (cv_.text(row.x + px(12), dy, l, sf,
                      v.error.empty() ? theme::muted : Color{255, 140, 140, 255}),
             lh);
    hit({row, [this, i] { pick_(i); }, {}, "picker:" + std::to_string(i + 1)});
    y += hs[k] + px(4);
  }
  if (k < nv) {
    Rect down{r.x, r.bottom() - mh, r.w, mh};
    cv_.text_in(down, "\u25bc " + std::to_string(nv - k) + " more below", mf, theme::muted,
                Align::Center);
    hit({down, [this] { ++variants_scroll_; }, {}, "scroll:variants-down"});
  }
}

void Picker::wheel(int dy) {
  if (f_.over(variants_rect_))
    variants_scroll_ = std::max(0, variants_scroll_ - dy);
  else
    scroll_ = std::max(0, scroll_ - dy);
  follow_ = false;  // the wheel moves the view, not the choice
}

std::string Picker::chosen_title() const {
  return sel_ >= 0 && sel_ < size() ? rows_[sel_].title : std::string();
}

std::filesystem::path Picker::chosen_dir() const {
  return sel_ >= 0 && sel_ < size() ? fs::path(rows_[sel_].spec) : fs::path();
}

std::vector<std::string> Picker::titles() const {
  std::vector<std::string> out;
  for (const auto& r : rows_) out.push_back(r.title);
  return out;
}

}  // namespace ratify::gui
