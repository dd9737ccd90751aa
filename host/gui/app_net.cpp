// The window's parts for a network seat only (docs/network.md, "Joining
// in the window"): a chat line to the table, and undo asked of the others
// and answered for them. The server decides; the window sends and shows.
#include <SDL.h>

#include "gui/app.hpp"
#include "gui/card_style.hpp"

namespace ratify::gui {

namespace {
// The protocol's longest chat line (docs/protocol.md): the server refuses
// more, so the line stops growing there.
constexpr size_t kMaxChat = 500;
}  // namespace

void App::open_chat() {
  if (!session_ || !session_->remote()) return;
  chat_open_ = true;
  chat_text_.clear();
  // The key that opened the line may come again as its own text.
  chat_swallow_ = true;
  SDL_StartTextInput();
}

void App::close_chat() {
  chat_open_ = false;
  chat_text_.clear();
  SDL_StopTextInput();
}

// While the line is open every key is the line's: Enter sends it, Escape
// closes it, Backspace takes back a character (a whole UTF-8 one).
void App::on_chat_key(int sym) {
  chat_swallow_ = false;
  if (sym == SDLK_ESCAPE) return close_chat();
  if (sym == SDLK_RETURN || sym == SDLK_KP_ENTER) {
    if (!chat_text_.empty()) session_->remote()->chat(chat_text_);
    return close_chat();
  }
  if (sym == SDLK_BACKSPACE)
    while (!chat_text_.empty()) {
      bool lead = (static_cast<unsigned char>(chat_text_.back()) & 0xC0) != 0x80;
      chat_text_.pop_back();
      if (lead) break;
    }
}

void App::on_chat_text(const std::string& text) {
  if (!chat_open_) return;
  bool opener = chat_swallow_ && (text == "t" || text == "T");
  chat_swallow_ = false;
  if (opener || chat_text_.size() + text.size() > kMaxChat) return;
  chat_text_ += text;
}

// The seat's own undo: the others are asked (the server says what came
// of it, as a notice).
void App::ask_remote_undo() {
  const RemoteGame& game = session_->remote()->game();
  if (session_->result()) return notify("The game is over: nothing to undo");
  if (game.seat == 0) return notify("A watcher has no move to undo");
  if (!game.undo) return notify("The host allows no undo in this game (serve --undo)");
  session_->remote()->ask_undo();
  notify("Asked the others to undo your last move");
}

void App::answer_remote_undo(bool accept) {
  if (!undo_asker_) return;
  session_->remote()->answer_undo(accept);
  notify(accept ? "You accepted the undo" : "You refused the undo");
  undo_asker_ = 0;
}

// The news of undo: asked of this seat, or settled.
void App::take_undo_news(const RemoteNews& news) {
  if (news.undo_settled) undo_asker_ = 0;
  if (news.undo_asked) undo_asker_ = news.undo_asked;
}

// Y and N answer an undo asked of this seat; false: not such a key now.
bool App::undo_answer_key(int sym) {
  if (!undo_asker_ || (sym != SDLK_y && sym != SDLK_n)) return false;
  answer_remote_undo(sym == SDLK_y);
  return true;
}

// Over the table's foot: the chat line being written, and the undo asked
// of this seat with its two answers.
void App::draw_net(Rect table) {
  Font f = font(14), fb = font(14, Weight::Bold);
  int h = px(40), y = table.bottom() - h - px(10);
  if (undo_asker_) {
    Rect box{table.x + px(20), y, table.w - px(40), h};
    cv_.fill(box, theme::panel.with_alpha(235), px(6));
    cv_.frame(box, theme::playable, px(6));
    std::string ask = player_name(undo_asker_) + " asks to undo their last move";
    int bw = px(110), by = box.y + px(5), bh = h - px(10);
    cv_.text(box.x + px(12), box.y + (h - cv_.line_h(fb)) / 2, ask, fb, theme::text,
             box.w - 2 * bw - px(40));
    button({box.right() - 2 * bw - px(14), by, bw, bh}, "Accept  Y", "button:undo_accept",
           [this] { answer_remote_undo(true); });
    button({box.right() - bw - px(8), by, bw, bh}, "Refuse  N", "button:undo_refuse",
           [this] { answer_remote_undo(false); });
    y -= h + px(8);
  }
  if (!chat_open_) return;
  Rect box{table.x + px(20), y, table.w - px(40), h};
  cv_.fill(box, theme::bar.with_alpha(240), px(6));
  cv_.frame(box, theme::selected, px(6));
  int x = box.x + px(12), ty = box.y + (h - cv_.line_h(f)) / 2;
  x += cv_.text(x, ty, "Say:", fb, theme::muted) + px(8);
  std::string hint = "Enter sends \u00b7 Esc closes";
  int hint_w = cv_.text_w(hint, f);
  cv_.text(x, ty, chat_text_ + "\u258f", f, theme::text, box.right() - x - hint_w - px(24));
  cv_.text(box.right() - hint_w - px(12), ty, hint, f, theme::muted);
}

}  // namespace ratify::gui
