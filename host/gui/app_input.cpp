// Input: SDL's events as clicks on the boxes drawn, the wheel, keys for
// every screen, and the digits that choose an action by its number.
#include <SDL.h>

#include <algorithm>

#include "gui/app.hpp"

namespace ratify::gui {

namespace {

constexpr int kSpeeds = 4;

}  // namespace

void App::handle(const SDL_Event& e) {
  switch (e.type) {
    case SDL_QUIT:
      quit_ = true;
      break;
    case SDL_MOUSEMOTION:
      frame_.mouse_x = e.motion.x, frame_.mouse_y = e.motion.y;
      break;
    case SDL_MOUSEBUTTONDOWN:
      table_.skip_flights();
      frame_.mouse_x = e.button.x, frame_.mouse_y = e.button.y;
      on_click(e.button.x, e.button.y, e.button.button == SDL_BUTTON_RIGHT ? 3 : 1);
      break;
    case SDL_MOUSEWHEEL:
      on_wheel(e.wheel.y);
      break;
    case SDL_WINDOWEVENT:
      if (e.window.event == SDL_WINDOWEVENT_LEAVE)
        frame_.mouse_x = frame_.mouse_y = -1;  // no hover preview left behind
      break;
    case SDL_TEXTINPUT:
      on_chat_text(e.text.text);
      break;
    case SDL_KEYDOWN: {
      table_.skip_flights();
      SDL_Keymod mod = static_cast<SDL_Keymod>(e.key.keysym.mod);
      on_key(e.key.keysym.sym, (mod & KMOD_CTRL) != 0, (mod & KMOD_SHIFT) != 0);
      break;
    }
    default:
      break;
  }
}

void App::on_click(int x, int y, int button) {
  choices_.clear_typed();  // a click is a new choice: no half-typed number acts later
  if (const Hit* h = frame_.at(x, y)) {
    auto fn = button == 3 ? h->right : h->left;
    if (fn)
      fn();
    else if (button == 3)
      table_.pin(0);
    return;
  }
  choices_.selected = 0;
  choices_.menu.reset();
  table_.pin(0);
}

void App::on_wheel(int dy) {
  if (help_.open())
    help_.wheel(dy);
  else if (screen_ == Screen::Picker)
    picker_.wheel(dy);
  else if (screen_ == Screen::Options)
    options_.wheel(dy);
  else if (frame_.over(side_.log_rect()))
    side_.scroll_log(dy);
  else
    side_.scroll_actions(-dy);
}

void App::on_digit(int d) {
  if (const auto& menu = choices_.menu) {
    if (d >= 1 && d <= static_cast<int>(menu->actions.size()))
      choose_action(menu->actions[d - 1], menu->confirm);
    return;
  }
  if (!session_) return;
  if (!human_turn()) return choose_action(-1);  // says whose turn it is
  if (choices_.typed().empty() && d == 0) return;
  // Act at once when no further digit could make a larger valid number;
  // else the row typed so far is lit, and Enter (or a short pause) acts.
  if (choices_.type(d, order().list.size(), frame_.now)) commit_digits();
}

// The typed number is a row of the list as shown (End turn is apart).
void App::commit_digits() {
  long v = choices_.take();
  if (!session_ || v == 0) return;
  const auto& list = order().list;
  if (v > static_cast<long>(list.size())) return notify("There is no action " + std::to_string(v));
  choose_action(list[v - 1]);
}

bool App::overlay_open() const {
  return help_.open() || choices_.menu || table_.pinned() || result_open_ || curtain_ || summary_;
}

void App::on_key(int sym, bool ctrl, bool shift) {
  if (sym == SDLK_F1 || (sym == SDLK_SLASH && shift)) {
    help_.toggle();
    help_.to_top();
    return;
  }
  if (ctrl && sym == SDLK_q) {
    quit_ = true;
    return;
  }
  if (chat_open_) return on_chat_key(sym);
  if (!ctrl && undo_answer_key(sym)) return;
  if (help_.open()) return help_.on_key(sym);
  if (screen_ == Screen::Picker) return picker_.on_key(sym);
  if (screen_ == Screen::Options) return options_.on_key(sym);
  if (curtain_) {
    if (sym == SDLK_SPACE || sym == SDLK_RETURN || sym == SDLK_KP_ENTER)
      bottom_ = curtain_, curtain_ = 0;
    else if (ctrl && sym == SDLK_z)
      undo();  // the one who just moved takes it back before passing
    return;
  }
  if (summary_ && screen_ == Screen::Table) {
    summary_.reset();  // any key goes on: it only says what happened
    return;
  }
  if (ctrl) return on_key_ctrl(sym);
  on_key_table(sym);
}

void App::on_key_ctrl(int sym) {
  if (sym == SDLK_z) return undo();
  if (sym == SDLK_s && remote_refuses("Saving")) return;
  if (sym == SDLK_n) return new_game();
  if (sym == SDLK_r) return reload_rules();
  if (sym == SDLK_s) return save_game();
}

// Closes the topmost thing open over the table.
void App::escape() {
  if (!choices_.typed().empty())
    choices_.clear_typed();
  else if (choices_.menu)
    choices_.menu.reset();
  else if (table_.pinned())
    table_.pin(0);
  else if (result_open_)
    result_open_ = false;
  else if (messages_.has_banner())
    messages_.clear_banner();
  else
    choices_.selected = 0;
}

void App::on_key_table(int sym) {
  if (result_open_ && (sym == SDLK_RETURN || sym == SDLK_n)) return new_game();
  if (sym >= SDLK_0 && sym <= SDLK_9) return on_digit(sym - SDLK_0);
  if (sym >= SDLK_KP_1 && sym <= SDLK_KP_9) return on_digit(sym - SDLK_KP_1 + 1);
  if (sym == SDLK_t && session_ && session_->remote()) return open_chat();
  switch (sym) {
    case SDLK_ESCAPE:
      return escape();
    case SDLK_KP_0:
      return on_digit(0);
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
      if (choices_.menu && choices_.menu->confirm && choices_.typed().empty())
        return choose_action(choices_.menu->actions.front(), true);
      return commit_digits();
    case SDLK_e:
      return end_turn();
    case SDLK_F5:
      return reload_rules();
    case SDLK_SPACE:
      if (session_->result() || session_->remote()) return;  // no bot here to pause
      paused_ = !paused_;
      return notify(paused_ ? "Bots paused (Space resumes)" : "Bots resumed");
    case SDLK_PLUS:
    case SDLK_EQUALS:
    case SDLK_KP_PLUS:
      speed_ = std::min(kSpeeds - 1, speed_ + 1);
      return;
    case SDLK_MINUS:
    case SDLK_KP_MINUS:
      speed_ = std::max(0, speed_ - 1);
      return;
    case SDLK_v:
      if (session_->humans() == 0 && !session_->remote())
        see_all_ = !see_all_;
      else
        notify("Only onlookers of a bots' game see every hand");
      return;
    case SDLK_r:
      if (session_->result()) result_open_ = true;
      return;
    case SDLK_o:
      return open_options(session_->settings().loaded);
    case SDLK_p:
      return open_picker();
    case SDLK_PAGEDOWN:
      return side_.scroll_actions(5);
    case SDLK_PAGEUP:
      return side_.scroll_actions(-5);
    default:
      return;
  }
}

}  // namespace ratify::gui
