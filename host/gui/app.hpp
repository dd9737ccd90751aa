#pragma once
// The window: its screens (the picker, the options, the table) and the
// game's course on the table (bots' pacing, the hotseat curtain, undo, hot
// reload, saves), with the parts that do the rest: Frame (drawing and the
// clickable boxes), SeatView (what the seat at the table sees), Choices
// (its choice on its turn), TableView and SidePanel (the table and the
// panel beside it), Messages, Picker, OptionsScreen, Help. Immediate-mode:
// every frame draws everything and registers the clickable boxes it drew;
// a click goes to the topmost box under the mouse. Knows SDL only through
// the Canvas and the event it is handed.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/catalog.hpp"
#include "gui/canvas.hpp"
#include "gui/choices.hpp"
#include "gui/driver.hpp"
#include "gui/frame.hpp"
#include "gui/gui.hpp"
#include "gui/help.hpp"
#include "gui/messages.hpp"
#include "gui/options_screen.hpp"
#include "gui/picker.hpp"
#include "gui/seat_view.hpp"
#include "gui/session.hpp"
#include "gui/side_panel.hpp"
#include "gui/summary.hpp"
#include "gui/table_view.hpp"

union SDL_Event;

namespace ratify::gui {

class App : TableClicks {
 public:
  // Loads the ruleset named in `opts` (throws on bad input) or, with none,
  // starts at the picker.
  App(Canvas& canvas, const WindowOptions& opts);
  ~App();

  void handle(const SDL_Event& e);
  void update(uint64_t now_ms);
  void render();
  bool done() const { return quit_; }
  // The window's title: the game on the table, else the program (frame.hpp).
  std::string title() const;
  int play_bots_now(int max_actions);
  Probe probe();

 private:
  enum class Screen { Picker, Options, Table };

  // app.cpp: the screens, and the game's course
  void start_game(const GameSettings& s);
  void start_session(std::unique_ptr<Session> s);
  void new_game();
  void open_options(std::shared_ptr<engine::Loaded> loaded);
  void open_picker();
  void pick(int row);
  void leave_options();
  void follow_actor();
  void step_bots();
  void reload_rules();
  void apply_reload(const ReloadReport& r);
  void notify(std::string text, uint64_t ms = 3000) { messages_.notify(std::move(text), ms); }
  bool human_turn();
  void mark_bot_move();
  void take_news();
  bool watch_phase();
  bool remote_refuses(const std::string& what);

  // app_net.cpp: a network seat's chat line and undo asked of the others
  void open_chat();
  void close_chat();
  void on_chat_key(int sym);
  void on_chat_text(const std::string& text);
  void ask_remote_undo();
  void answer_remote_undo(bool accept);
  void take_undo_news(const RemoteNews& news);
  bool undo_answer_key(int sym);
  void draw_net(Rect table);
  int viewer() const;
  // The seat's view, brought up to date.
  const SeatView& seat();
  const Choices::Order& order() { return choices_.order(seat()); }

  // app_play.cpp: the seat's choice carried out, undo
  void choose_action(int i, bool confirmed = false);
  void end_turn();
  void offer(const std::vector<int>& acts, Rect anchor);
  void click_card(int card, const std::string& zone) override;
  void click_zone(const std::string& zone) override;
  void click_player(int player) override;
  void undo();
  std::string undo_refusal(int player, const std::string& why);

  // app_input.cpp: keys, the mouse, digits
  void on_click(int x, int y, int button);
  void on_wheel(int dy);
  void on_key(int sym, bool ctrl, bool shift);
  void on_key_ctrl(int sym);
  void on_key_table(int sym);
  void on_digit(int d);
  void commit_digits();
  void escape();
  bool overlay_open() const;

  // app_draw.cpp: the table screen and what lies over it
  void draw_game();
  void draw_top_bar(Rect r);
  std::string remote_status();
  void draw_menu();
  void draw_result();
  void draw_summary();
  void draw_curtain();
  TableFacts table_facts();
  SideFacts side_facts();

  // app_saves.cpp: saved games
  void save_game();
  void autosave(bool quitting = true);
  void resume_saved(const std::string& file, bool from_picker = false);

  int px(double v) const { return frame_.px(v); }
  Font font(double size, Weight w = Weight::Regular) const { return frame_.font(size, w); }
  bool button(Rect r, const std::string& label, const std::string& name, std::function<void()> fn,
              bool enabled = true, bool active = false) {
    return frame_.button(r, label, name, std::move(fn), enabled, active);
  }

  Frame frame_;
  Canvas& cv_;
  WindowOptions opts_;
  Screen screen_ = Screen::Picker;
  bool quit_ = false;
  Help help_;
  Picker picker_;
  OptionsScreen options_;
  Messages messages_;

  // the game
  std::unique_ptr<Session> session_;
  SeatView seat_;
  Choices choices_;
  TableView table_;
  SidePanel side_;
  int bottom_ = 1, curtain_ = 0;
  bool result_open_ = false, result_seen_ = false, see_all_ = true, paused_ = false;
  int speed_ = 1;         // normal
  bool animate_ = false;  // moves glide (the Options switch; WindowOptions::animate)
  PhaseWatch phases_;
  std::optional<PhaseSummary> summary_;  // open between phases until a click or key
  uint64_t last_move_ = 0, ui_version_ = 0;
  // A remote seat: when its turn began (the clock), whether the server is lost.
  uint64_t turn_since_ = 0;
  bool lost_ = false;
  // A remote seat's chat line being written, and the seat asking this one
  // to accept its undo (0: none).
  bool chat_open_ = false, chat_swallow_ = false;
  std::string chat_text_;
  int undo_asker_ = 0;
  Rect table_rect_;
};

}  // namespace ratify::gui
