#pragma once
// The window's interface: the picker, the options screen and the table,
// with input, bots' pacing, undo and hot reload. Immediate-mode: every
// frame draws everything and registers the clickable boxes it drew; a
// click goes to the topmost box under the mouse. Knows SDL only through
// the Canvas and the event it is handed.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/catalog.hpp"
#include "gui/canvas.hpp"
#include "gui/driver.hpp"
#include "gui/gui.hpp"
#include "gui/layout.hpp"
#include "gui/session.hpp"

union SDL_Event;

namespace ratify::gui {

class App {
 public:
  // Loads the ruleset named in `opts` (throws on bad input) or, with none,
  // starts at the picker.
  App(Canvas& canvas, const WindowOptions& opts);
  ~App();

  void handle(const SDL_Event& e);
  void update(uint64_t now_ms);
  void render();
  bool done() const { return quit_; }
  int play_bots_now(int max_actions);
  Probe probe();

 private:
  enum class Screen { Picker, Options, Table };
  struct Hit {
    Rect r;
    std::function<void()> left, right;
    std::string name;
    int card = 0;        // a card under the mouse: hover shows it large
    bool modal = false;  // blocks hovering what lies beneath
  };
  struct Menu {
    std::vector<int> actions;
    Rect anchor;
  };
  struct PickerRow {
    std::string spec, variant, title, detail, error;
  };
  struct Highlights {  // recomputed each frame
    std::vector<int> playable, focus_cards, players;
    std::vector<std::string> zones;
  };
  struct Pending {  // the options screen's game, before it starts
    GameSettings settings;
    std::string variant_doc;
  };

  // app.cpp: state and input
  void start_game(GameSettings s);
  void new_game();
  void open_options(std::shared_ptr<engine::Loaded> loaded);
  void open_picker();
  void pick(int i);
  void on_key(int sym, bool ctrl, bool shift);
  void on_key_picker(int sym);
  void on_key_options(int sym);
  void on_key_ctrl(int sym);
  void on_key_table(int sym);
  void escape();
  void reload_rules();
  void on_click(int x, int y, int button);
  void on_wheel(int dy);
  void on_digit(int d);
  void commit_digits();
  void choose_action(int i);
  void click_card(int card, const std::string& zone);
  void click_zone(const std::string& zone);
  void click_player(int player);
  void offer(const std::vector<int>& acts, Rect anchor);
  void undo();
  void step_bots();
  void apply_reload(const ReloadReport& r);
  void notify(std::string text, uint64_t ms = 3000);
  void follow_actor();
  bool human_turn();
  std::vector<int> actions_with_card(int card);
  std::vector<int> actions_with_zone(const std::string& zone);
  bool overlay_open() const;
  std::string player_name(int p);
  std::string seat_text(int p);
  int viewer() const;
  void ensure_view();

  // app_table.cpp: the table
  void compute_highlights();
  void draw_table(Rect area);
  void draw_area(const PlayerArea& a);
  void draw_zone(const ZoneSpot& z);
  void draw_cards(const ZoneSpot& z);
  void draw_preview(int card, bool pinned);
  void draw_curtain();
  // app_panels.cpp: the bar, the side panels and the overlays
  void draw_top_bar(Rect r);
  void draw_sidebar(Rect r);
  int draw_players(Rect r);
  void draw_actions(Rect r);
  void draw_log(Rect r);
  void draw_menu();
  void draw_help();
  void draw_result();
  void draw_banner(Rect table);
  void draw_notice(Rect table);
  bool button(Rect r, const std::string& label, const std::string& name, std::function<void()> fn,
              bool enabled = true, bool active = false);
  void modal_blocker(std::function<void()> on_outside);
  // app_screens.cpp: picker and options
  void draw_picker();
  void draw_options();
  void draw_setup(Rect left);
  int draw_option_row(Rect r, const core::OptionDecl& d);

  void hit(Hit h) { hits_.push_back(std::move(h)); }
  Font font(double px, Weight w = Weight::Regular) const;
  int px(double v) const;

  Canvas& cv_;
  WindowOptions opts_;
  Screen screen_ = Screen::Picker;
  double scale_ = 1.0;
  bool quit_ = false;
  uint64_t now_ = 0;

  // picker and options
  std::vector<PickerRow> picker_;
  int picker_sel_ = 0, picker_scroll_ = 0, options_scroll_ = 0;
  std::string picker_error_;
  std::optional<Pending> pending_;

  // the game
  std::unique_ptr<Session> session_;
  int bottom_ = 1, curtain_ = 0, selected_ = 0;
  std::optional<Menu> menu_;
  int pinned_ = 0, hover_card_ = 0;
  uint64_t hover_since_ = 0;
  bool help_ = false, result_open_ = false, result_seen_ = false, see_all_ = true, paused_ = false;
  int speed_ = 1;  // normal
  uint64_t last_move_ = 0;
  std::string banner_title_, banner_;
  std::string notice_;
  uint64_t notice_until_ = 0;
  std::string digits_;
  uint64_t digits_at_ = 0;
  int actions_scroll_ = 0, log_scroll_ = 0;
  int hover_action_ = -1, hover_next_ = -1;
  Rect actions_rect_, log_rect_, options_rect_, picker_rect_, table_rect_;

  // caches for the current frame
  uint64_t view_version_ = 0, ui_version_ = 0;
  int view_viewer_ = -1, view_bottom_ = -1, view_w_ = 0, view_h_ = 0;
  bool view_all_ = false;
  engine::View view_;
  std::vector<int> moved_;  // cards that changed zone in the last change
  uint64_t moved_at_ = 0;
  TableLayout layout_;
  std::vector<Hit> hits_;
  Highlights hl_;
  int mouse_x_ = -1, mouse_y_ = -1;
};

}  // namespace ratify::gui
