#pragma once
// The window's interface: the picker, the options screen and the table,
// with input, bots' pacing, undo and hot reload. Immediate-mode: every
// frame draws everything and registers the clickable boxes it drew; a
// click goes to the topmost box under the mouse. Knows SDL only through
// the Canvas and the event it is handed.
#include <cstdint>
#include <filesystem>
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
    bool confirm = false;  // a risky action, asked once more
    std::string warning;
    Rect panel;  // where it was last drawn
  };
  // The numbered action list: the ruleset's order with risky actions last;
  // the turn-ending action apart, on its fixed button (docs/lua-api.md).
  struct ActionOrder {
    uint64_t version = 0;
    std::vector<int> list;              // action indices, in the order shown
    int end_turn = -1;                  // action index, or -1
    std::vector<std::string> warnings;  // per action index: "" unless risky
    std::vector<bool> risky;
  };
  // A line for an action the ruleset did not log itself.
  struct PickerRow {
    std::string spec, variant, title, detail, error;
    int game = 0;                         // index of its game's row in picker_
    std::string save = {};                // a saved game's file (app_saves.cpp); "" for a ruleset
    std::vector<std::string> about = {};  // a saved game: lines for the right pane
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
  void load_picker();
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
  void choose_action(int i, bool confirmed = false);
  void end_turn();
  const ActionOrder& order();
  const std::vector<std::string>& shown_log();
  void picker_move(int to);
  std::vector<int> picker_games() const;
  void click_card(int card, const std::string& zone);
  void click_zone(const std::string& zone);
  void click_player(int player);
  void offer(const std::vector<int>& acts, Rect anchor);
  void undo();
  std::string undo_refusal(int player, const std::string& why);
  void step_bots();
  void apply_reload(const ReloadReport& r);
  void notify(std::string text, uint64_t ms = 3000);
  void follow_actor();
  bool human_turn();
  const std::vector<engine::ActionView>& seat_actions();
  const engine::Action* seat_action(int index);  // nullptr: the seat has no such action
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
  const core::CardDef* seen_def(int card);
  void draw_hover_preview(int card);
  void draw_curtain();
  // app_panels.cpp: the bar, the side panels and the overlays
  void draw_top_bar(Rect r);
  void draw_sidebar(Rect r);
  int draw_players(Rect r);
  void draw_actions(Rect r);
  void draw_log(Rect r);
  void draw_menu();
  // app_help.cpp: the help, rules and shortcuts
  void draw_help();
  std::filesystem::path help_dir() const;
  void layout_help(int width);
  void on_key_help(int sym);
  void help_wheel(int dy);
  void draw_result();
  void draw_banner(Rect table);
  void draw_notice(Rect table);
  bool button(Rect r, const std::string& label, const std::string& name, std::function<void()> fn,
              bool enabled = true, bool active = false);
  void modal_blocker(std::function<void()> on_outside);
  // app_saves.cpp: saved games
  void start_session(std::unique_ptr<Session> s);
  void save_game();
  void autosave(bool quitting = true);
  void resume_saved(const std::string& file, bool from_picker = false);
  void refresh_saved_rows();
  void draw_saved_game(Rect r, int row);
  // app_screens.cpp: picker and options
  void draw_picker();
  void draw_picker_variants(Rect r, int game);
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
  int picker_sel_ = 0, picker_scroll_ = 0, variants_scroll_ = 0, options_scroll_ = 0;
  bool picker_follow_ = true;  // keep the selected game in sight (keyboard)
  Rect variants_rect_;
  std::vector<std::string> shown_texts_;  // this frame's option texts, for probe()
  std::string picker_error_;
  std::optional<Pending> pending_;

  // the game
  std::unique_ptr<Session> session_;
  int bottom_ = 1, curtain_ = 0, selected_ = 0;
  std::optional<Menu> menu_;
  int pinned_ = 0, hover_card_ = 0;
  Rect preview_rect_;  // the large card drawn this frame (w = 0: none)
  uint64_t hover_since_ = 0;
  // The help's rules column: its lines laid out (for help_key_), scrolled.
  struct HelpLine {
    int x = 0, y = 0;
    std::string text;
    Font font;
    Color color;
    bool shaded = false;  // a code line
  };
  std::vector<HelpLine> help_lines_;
  std::string help_key_;
  int help_height_ = 0, help_scroll_ = 0, help_page_ = 0;
  Rect help_rect_;
  bool help_ = false, result_open_ = false, result_seen_ = false, see_all_ = true, paused_ = false;
  int speed_ = 1;  // normal
  uint64_t last_move_ = 0;
  std::string banner_title_, banner_;
  std::string notice_;
  uint64_t notice_until_ = 0;
  std::string digits_;
  uint64_t digits_at_ = 0;
  int actions_scroll_ = 0, log_scroll_ = 0, actions_max_scroll_ = 0;
  ActionOrder order_;
  int hover_action_ = -1, hover_next_ = -1;
  Rect actions_rect_, log_rect_, options_rect_, picker_rect_, table_rect_;

  // caches for the current frame
  uint64_t view_version_ = 0, ui_version_ = 0;
  uint64_t view_serial_ = 0;  // bumps at every new view_: the action order follows it
  int view_viewer_ = -1, view_bottom_ = -1, view_w_ = 0, view_h_ = 0;
  bool view_all_ = false;
  engine::View view_;
  std::vector<int> moved_;  // cards that changed zone in the last change
  uint64_t moved_at_ = 0;
  TableLayout layout_;
  LayoutMemory layout_memory_;  // keeps card sizes and areas steady between layouts
  std::vector<Hit> hits_;
  Highlights hl_;
  int mouse_x_ = -1, mouse_y_ = -1;
};

}  // namespace ratify::gui
