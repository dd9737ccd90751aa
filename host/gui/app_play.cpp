// The seat's choice carried out: an action chosen from the list, a menu
// or a click on the table (a risky one asks first), and undo.
#include <algorithm>

#include "gui/app.hpp"

namespace ratify::gui {

namespace {

bool contains(const std::vector<int>& v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

}  // namespace

void App::choose_action(int i, bool confirmed) {
  choices_.clear_typed();
  if (!human_turn()) {
    notify(session_ && session_->actor()
               ? "Not your turn: " + player_name(session_->actor()) + " is playing"
               : "No action now");
    return;
  }
  if (!seat().action(i)) {
    notify("There is no action " + std::to_string(i + 1));
    return;
  }
  const auto& o = order();
  if (!confirmed && o.risky[i]) {
    // A risky action is never one click or key away: it asks first.
    Rect anchor = choices_.menu ? choices_.menu->panel : Rect{};
    if (anchor.w == 0)
      anchor = {table_rect_.right() - px(20), side_.actions_rect().y, px(10), px(10)};
    choices_.menu = Choices::Menu{{i}, anchor, true, o.warnings[i], {}};
    return;
  }
  seat_.clear_marks();  // from here on, what this action and the bots' replies move
  std::string err = session_->apply(i);
  if (!err.empty()) messages_.banner("The rules failed on that action \u2014 nothing changed", err);
  choices_.selected = 0;
  choices_.menu.reset();
  choices_.hover_action = -1;
  last_move_ = frame_.now;
}

void App::end_turn() {
  int i = human_turn() ? order().end_turn : -1;
  if (i < 0) return notify(human_turn() ? "No End turn now" : "Not your turn");
  choose_action(i);
}

void App::offer(const std::vector<int>& acts, Rect anchor) {
  if (acts.size() == 1) {
    choose_action(acts[0]);
    return;
  }
  choices_.menu = Choices::Menu{acts, anchor, false, {}, {}};
}

void App::click_card(int card, const std::string& zone) {
  if (!human_turn()) return;
  Rect anchor;  // where the card was drawn, before the view is brought up to date
  for (const auto& z : table_.layout(seat_).zones)
    for (const auto& spot : z.spots)
      if (spot.id == card) anchor = spot.rect;
  const SeatView& s = seat();
  int& selected = choices_.selected;
  if (selected && selected != card) {
    // A card of a zone the selected card can go to: that is the target.
    std::vector<int> onto;
    for (int i : Choices::with_card(s, selected))
      if (s.action(i)->zone == zone) onto.push_back(i);
    if (!onto.empty()) return offer(onto, anchor);
  }
  auto acts = Choices::with_card(s, card);
  if (acts.empty()) acts = Choices::with_zone(s, zone);
  choices_.menu.reset();
  if (acts.empty()) {
    selected = 0;
    notify("No action uses that card now");
    return;
  }
  selected = card;
  offer(acts, anchor);
}

void App::click_zone(const std::string& zone) {
  if (!human_turn()) return;
  const SeatView& s = seat();
  std::vector<int> acts;
  if (choices_.selected)
    for (int i : Choices::with_card(s, choices_.selected))
      if (s.action(i)->zone == zone) acts.push_back(i);
  if (acts.empty()) acts = Choices::with_zone(s, zone);
  choices_.menu.reset();
  if (acts.empty()) {
    choices_.selected = 0;
    return;
  }
  Rect anchor;
  for (const auto& z : table_.layout(s).zones)
    if (s.view().zones[z.zone].name == zone) anchor = z.cards;
  offer(acts, anchor);
}

void App::click_player(int player) {
  if (!human_turn()) return;
  const SeatView& s = seat();
  int selected = choices_.selected;
  std::vector<int> acts;
  for (const auto& a : s.actions())
    if (a.action.target == player && (!selected || contains(a.action.cards, selected)))
      acts.push_back(a.index);
  choices_.menu.reset();
  if (acts.empty()) {
    choices_.selected = 0;
    return;
  }
  Rect anchor;
  for (const auto& a : table_.layout(s).areas)
    if (a.player == player) anchor = a.header;
  offer(acts, anchor);
}

// Undo for the human at the table (on the curtain: the one who just
// moved, before the next sits down). A refusal says whose move stays and
// why, in words that hold for whoever reads them.
void App::undo() {
  if (session_ && session_->remote()) return ask_remote_undo();
  if (!session_) return;
  if (session_->humans() == 0) return notify("Undo is for human seats; the bots play on");
  int p = bottom_;
  std::string why = session_->why_no_undo(p);
  if (!why.empty()) return notify(undo_refusal(p, why), 5000);
  session_->undo(p);
  seat_.forget();  // the cards taken back are not news
  curtain_ = 0;
  choices_.selected = 0;
  choices_.menu.reset();
  choices_.clear_typed();
  last_move_ = frame_.now;
  notify("Undone: back to before " + player_name(p) + "'s last action");
}

std::string App::undo_refusal(int p, const std::string& why) {
  auto steps = session_->game().replay().steps;
  if (steps.empty()) return "Nothing to undo yet";
  // One human: "you"; in hotseat every message names the player.
  bool solo = session_->humans() == 1;
  std::string who = solo ? "you" : player_name(p), Who = solo ? "You" : who;
  int last = steps.back().actor;
  if (why.rfind("nothing of yours", 0) == 0) {
    if (last != p && session_->human(last))
      return who + " has no move to undo, and " + player_name(last) + "'s move stays: " + who +
             " has seen the table since";
    return Who + (solo ? " have" : " has") + " not moved yet: nothing to undo";
  }
  const std::string shown = "cannot undo: \"";
  if (why.rfind(shown, 0) == 0 && why.size() > shown.size() + 1) {
    // The engine names the action; say whose it was (its label speaks
    // from its mover's side: "Take card 3 of Player 1").
    std::string label = why.substr(shown.size(), why.rfind('"') - shown.size());
    for (size_t k = steps.size(); k-- > 0;)
      if (steps[k].label == label) {
        if (steps[k].actor == p)
          return "Cannot undo \u201c" + label + "\u201d: it showed " + who + " a card";
        return "Cannot undo: " + player_name(steps[k].actor) + "'s move \u201c" + label +
               "\u201d showed " + who + " a card";
      }
  }
  if (why.rfind("cannot undo: Player", 0) == 0) {
    std::string rest = why.substr(std::string("cannot undo: ").size());
    return who + " cannot undo: " + rest + " (in hotseat no one undoes over another's move)";
  }
  return Who + " cannot undo: " + why;
}

}  // namespace ratify::gui
