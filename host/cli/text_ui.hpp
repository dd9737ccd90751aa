#pragma once
// The text face of `ratify play`: the human's view and numbered actions
// on a terminal, bots moving on their own.
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "engine/game.hpp"

namespace ratify::cli {

struct TextOptions {
  int max_actions = 0;  // 0 = to the end
  bool quiet = false;   // bots only: print just the result
  // Called after every action played or undone (play --log writes as it goes).
  std::function<void()> after_action;
};

// Plays to the end (or quit / end of input). Returns the exit code.
int play_text(engine::Game& game, const std::vector<std::string>& seats, std::istream& in,
              std::ostream& out, const TextOptions& opts);
// Card `card` in full, if the seat whose view `v` is sees it.
std::string card_text(engine::Game& game, const engine::View& v, int card);
std::string result_text(engine::Game& game, const engine::Result& r);

}  // namespace ratify::cli
