#pragma once
// The options screen: a new game's players, seats, seed and house rules,
// built from the ruleset's declared options, before it starts.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gui/frame.hpp"
#include "gui/session.hpp"

namespace ratify::gui {

class OptionsScreen : Part {
 public:
  struct Pending {  // the game, before it starts
    GameSettings settings;
    std::string variant_doc;
  };

  // `start` starts a game (it throws, with the reason, when it cannot);
  // `back`: to the game, or the picker.
  OptionsScreen(Frame& f, std::function<void(const GameSettings&)> start,
                std::function<void()> back);
  // For `loaded`: the settings of the game in play (`current`) when it is
  // the same ruleset, else its defaults; a new seed either way.
  void open(std::shared_ptr<engine::Loaded> loaded, const GameSettings* current, uint64_t seed);
  // `in_game`: the back button goes back to the game.
  void draw(bool in_game);
  void on_key(int sym);
  void wheel(int dy);
  const Pending* pending() const { return pending_ ? &*pending_ : nullptr; }
  // This frame's option texts (titles, docs, values), for tests.
  const std::vector<std::string>& texts() const { return texts_; }

  std::string error;        // why the game did not start
  bool* animate = nullptr;  // the window's switch for animated moves (none: not shown)

 private:
  void start();
  void draw_setup(Rect left, bool in_game);
  int draw_option_row(Rect r, const core::OptionDecl& d);

  std::function<void(const GameSettings&)> start_;
  std::function<void()> back_;
  std::optional<Pending> pending_;
  int scroll_ = 0;
  Rect rect_;
  std::vector<std::string> texts_;
};

}  // namespace ratify::gui
