#pragma once
// Between phases (docs/gui.md "Between phases"): the ruleset's layout
// table may name, under the key `phases`, a field of the state the seat is
// shown (`{ field = "deal", title = "The deal is over" }`); when that field
// changes while the game goes on, a phase has ended, and the window sums
// up what happened from the seat's own view: the log lines of the move
// that ended it, the table's lines and each player's. SDL-free.
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/state.hpp"

namespace ratify::gui {

struct PhaseSummary {
  std::string title;
  std::vector<std::string> happened;  // the log lines of the move that ended the phase
  std::vector<std::string> table;     // the table's lines now (the scores so far)
  // Each player's name and lines now, joined into one.
  std::vector<std::pair<std::string, std::string>> players;
};

// The `phases` entry of a layout table: the field watched and the title,
// one for every phase or one by the value the field takes (`title = {
// general = "The Primary is over" }`); nullopt when the ruleset declares none.
struct PhaseHint {
  std::string field;
  nlohmann::json title;
  std::string title_for(const nlohmann::json& value) const;
};
std::optional<PhaseHint> phase_hint(const nlohmann::json& layout);

class PhaseWatch {
 public:
  // Looks at the seat's newest view (call after every move): a summary
  // when the watched field changed since the last look, the game not over.
  // An undo (the log grew shorter) sums up nothing.
  std::optional<PhaseSummary> look(const engine::View& v, const nlohmann::json& layout);
  // The next look starts afresh (a new game, a reload).
  void forget() { seen_ = false; }

 private:
  bool seen_ = false;
  nlohmann::json last_;
  size_t log_mark_ = 0;
};

}  // namespace ratify::gui
