#pragma once
// What the seat at the table sees: its engine::View (the zones with the
// cards it may see, the table's and players' status lines, the log, its
// own actions on its turn), made again only when the game, the seat or
// the window changed; and the cards that just moved. Everything the
// window draws for a seat comes from here, never from the game itself.
// SDL-free.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/state.hpp"
#include "gui/session.hpp"

namespace ratify::gui {

class SeatView {
 public:
  // Brings the view up to date for `viewer` (0: an onlooker; with
  // `see_all`, one who sees what any player sees). The key says what the
  // view depends on beyond the game (the bottom seat, the window's size).
  // Returns the rules' error when they fail while showing it, else "".
  std::string update(Session& s, int viewer, bool see_all, const std::string& key, uint64_t now);
  // Made anew at the next update (the rules were reloaded, a new game),
  // with nothing marked.
  void forget() { version_ = 0, marked_.clear(), fresh_ = true; }

  const engine::View& view() const { return view_; }
  int viewer() const { return viewer_; }
  // Bumps at every new view: what is cached on the view follows it.
  uint64_t serial() const { return serial_; }
  const std::vector<engine::ActionView>& actions() const { return view_.actions; }
  // The seat's action with this engine index; nullptr: it has none.
  const engine::Action* action(int index) const;
  // Whether `card` changed zone since the marks were last cleared: what
  // the bots did since the human's last action (and that action), so a
  // move or a trick taken can be followed until the human acts again.
  bool marked(int card) const;
  const std::vector<int>& marked_cards() const { return marked_; }
  // The next change starts the marks afresh (the human acts, an undo;
  // with bots alone, each move).
  void clear_marks() { clear_ = true; }
  // The face of a card the seat sees; nullptr when it sees a back.
  const core::CardDef* seen_def(int card, const std::vector<core::CardDef>& defs) const;

 private:
  engine::View view_;
  uint64_t version_ = 0, serial_ = 0;
  int viewer_ = -1;
  bool all_ = false;
  std::string key_;
  std::vector<int> marked_;  // cards that changed zone since the marks were cleared
  bool clear_ = false, fresh_ = false;
};

// A `checklist` hint for the seat (docs/gui.md, "Layout hints"): for a
// zone so hinted, every card of the game, each ruled out by its viewer or
// not, from the state the seat is shown. None for an onlooker.
struct Checklist {
  std::string title;  // "The escaped prisoner: 16 of 24 not ruled out"
  struct Entry {
    std::string corner, name;
    bool ruled_out = false;
  };
  std::vector<Entry> entries;  // in the definitions' order
};
std::vector<Checklist> checklists(const SeatView& seat, const nlohmann::json& hints,
                                  const std::vector<core::CardDef>& defs);
// The same as lines: the title, then " — " and the cards not ruled out.
std::vector<std::string> checklist_lines(const SeatView& seat, const nlohmann::json& hints,
                                         const std::vector<core::CardDef>& defs);

// Whether two players see the same table: the same cards face up (and the
// same state through the ruleset's `view`). Then a hotseat curtain between
// them would hide nothing.
bool same_sight(const engine::View& a, const engine::View& b);

}  // namespace ratify::gui
