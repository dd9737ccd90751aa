#pragma once
// The table itself, as the seat at it sees it: the players' areas, the
// zones and their cards (SeatView), laid out (layout.hpp) and lit as the
// seat's choice stands (Choices), and the large card: the one hovered a
// moment, or the one pinned with a right click.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "gui/choices.hpp"
#include "gui/frame.hpp"
#include "gui/layout.hpp"
#include "gui/seat_view.hpp"
#include "gui/session.hpp"

namespace ratify::gui {

// What the table shows this frame.
struct TableFacts {
  Session& session;
  const SeatView& seat;
  const Choices& choices;
  int bottom = 1;     // the player whose area is at the bottom
  bool mine = false;  // the seat at the table is to act
};

// Clicks on the table, carried out by the window.
class TableClicks {
 public:
  virtual void click_card(int card, const std::string& zone) = 0;
  virtual void click_zone(const std::string& zone) = 0;
  virtual void click_player(int player) = 0;

 protected:
  ~TableClicks() = default;
};

// What is lit: every card the seat can play; and for the card picked (or
// the action under the mouse, or the open menu) its cards, target players
// and zones.
struct Highlights {
  std::vector<int> playable, focus_cards, players;
  std::vector<std::string> zones;
  // A copy the rules do not offer (they offer one of identical cards side
  // by side, Article II's hand) and the copy they do: lit and played alike.
  std::map<int, int> twin_of;
};

class TableView : Part {
 public:
  TableView(Frame& f, TableClicks& clicks);
  // A new frame: no large card drawn yet.
  void new_frame() { preview_rect_ = {}; }
  void draw(Rect area, const TableFacts& t);
  // The large card over everything drawn so far: the pinned one, else the
  // one under the mouse for a moment (not over the result: `quiet`).
  void draw_preview(const TableFacts& t, bool quiet);
  // The layout of the seat's view (empty until the view is drawn).
  const TableLayout& layout(const SeatView& seat);
  const Highlights& highlights() const { return hl_; }
  int pinned() const { return pinned_; }
  void pin(int card) { pinned_ = card; }
  int hovered() const { return hover_card_; }
  // A new game: nothing pinned or hovered.
  void forget() { pinned_ = hover_card_ = 0, landed_.clear(), flights_.clear(); }
  Rect preview_rect() const { return preview_rect_; }
  // Whether this frame drew a checklist panel on the table (the side
  // panel then names no card of it).
  bool checklist_shown() const { return checklist_shown_; }

  // Moves glide from their old place to the new (kMoveMs), when on.
  static constexpr uint64_t kMoveMs = 200;
  struct Flight {
    int id = 0, def = -1;
    bool face_up = false;
    Rect from, to;
  };
  void set_animate(bool on) { animate_ = on, flights_.clear(); }
  bool animate() const { return animate_; }
  // Any click or key: every card at once where it lands.
  void skip_flights() { flights_.clear(); }
  // The cards in flight now, where they are drawn this frame.
  std::vector<std::pair<int, Rect>> flying() const;

 private:
  void light(const TableFacts& t);
  void draw_area(const PlayerArea& a, const TableFacts& t);
  void draw_zone(const ZoneSpot& z, const TableFacts& t);
  void draw_cards(const ZoneSpot& z, const TableFacts& t);
  void draw_large(int card, bool pinned, const TableFacts& t);
  void draw_hover_large(int card, const TableFacts& t);
  void take_off(const TableFacts& t);
  void draw_flights(const TableFacts& t);
  void draw_checklist(const TableFacts& t);
  void draw_whole_row(const TableFacts& t);
  bool in_flight(int card) const;

  TableClicks& clicks_;
  Rect area_;
  TableLayout layout_;
  uint64_t layout_serial_ = 0;  // the seat's view it was made for
  LayoutMemory memory_;         // keeps card sizes and areas steady between layouts
  Highlights hl_;
  int pinned_ = 0, hover_card_ = 0;
  uint64_t hover_since_ = 0;
  Rect preview_rect_;  // the large card drawn this frame (w = 0: none)
  Rect row_list_;      // a buried row's cards listed this frame (w = 0: none)
  bool animate_ = false;
  // Where each card the seat saw was drawn, by id and zone: the start of
  // its flight when the next view has it in another zone.
  std::vector<std::pair<std::string, CardSpot>> landed_;
  std::vector<Flight> flights_;
  uint64_t flights_at_ = 0;
  bool checklist_shown_ = false;
};

}  // namespace ratify::gui
