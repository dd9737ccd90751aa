#pragma once
// The text face of `ratify play`: the human's view and numbered actions
// on a terminal, bots moving on their own. The board is compact: a line
// per zone that holds cards, each line whole in itself (whose zone, what
// lies there), and after the first board only the lines that changed.
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "engine/game.hpp"

namespace ratify::cli {

struct TextOptions {
  int max_actions = 0;  // 0 = to the end
  bool quiet = false;   // bots only: print just the result
  // Forced moves the rules mark (`auto`) played for the human seats (the
  // `auto` command switches them; play --no-auto starts with them off).
  bool auto_moves = true;
  // Called after every action played or undone (play --log writes as it goes).
  std::function<void()> after_action;
};

// Plays to the end (or quit / end of input). Returns the exit code.
int play_text(engine::Game& game, const std::vector<std::string>& seats, std::istream& in,
              std::ostream& out, const TextOptions& opts);
// The card the seat whose view `v` is sees face up whose name (or corner
// label) holds `query` (any case), in full; or why there is none.
std::string card_text(engine::Game& game, const engine::View& v, const std::string& query);
// The end, headlined for the seats marked human: "You won", "You lost:
// Player 2 won", or the winners' names; then the ruleset's text and scores.
std::string result_text(engine::Game& game, const engine::Result& r,
                        const std::vector<std::string>& seats = {});
// How to play the ruleset (its HOW_TO_PLAY.md), or for `designer` its README.md.
std::string rules_text(engine::Game& game, bool designer);

}  // namespace ratify::cli
