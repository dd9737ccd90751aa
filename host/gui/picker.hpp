#pragma once
// The picker: every ruleset and its variants, the latest saved games at
// the head; the chosen game's rules and variants (or the save's details)
// on the right. Both panes scroll; a click chooses, and on the chosen row
// plays. Which row is played is the window's business (`pick`).
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "engine/catalog.hpp"
#include "gui/frame.hpp"

namespace ratify::gui {

class Picker : Part {
 public:
  struct Row {
    std::string spec, variant, title, detail, error;
    int game = 0;                         // index of its game's row
    std::string save = {};                // a saved game's file; "" for a ruleset
    std::vector<std::string> about = {};  // a saved game: lines for the right pane
  };

  // `saves_dir`: where saves are listed ("" none); `pick`: play that row;
  // `quit`: Esc.
  Picker(Frame& f, std::string saves_dir, std::function<void(int)> pick,
         std::function<void()> quit);
  // The screen opens: the rulesets read once, the saves listed anew; from
  // a game (`where`), that game and variant are the ones chosen.
  void open(const engine::Located* where);
  void draw();
  void on_key(int sym);
  void wheel(int dy);

  int size() const { return static_cast<int>(rows_.size()); }
  const Row& row(int i) const { return rows_.at(static_cast<size_t>(i)); }
  int selected() const { return sel_; }
  void select(int i) { sel_ = i; }
  // The chosen row's title and folder ("" when there is none).
  std::string chosen_title() const;
  std::filesystem::path chosen_dir() const;
  std::vector<std::string> titles() const;

  std::string error;  // said at the foot (a ruleset or save that does not open)

 private:
  void load_rulesets();
  void refresh_saves();  // picker_saves.cpp
  void move(int to);
  std::vector<int> games() const;
  void draw_variants(Rect r, int game);
  void draw_save(Rect r, int row);  // picker_saves.cpp

  std::string saves_dir_;
  std::function<void(int)> pick_;
  std::function<void()> quit_;
  bool in_game_ = false;
  std::vector<Row> rows_;
  int sel_ = 0, scroll_ = 0, variants_scroll_ = 0;
  bool follow_ = true;  // keep the selected game in sight (keyboard)
  Rect rect_, variants_rect_;
};

}  // namespace ratify::gui
