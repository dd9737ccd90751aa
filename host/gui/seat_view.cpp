#include "gui/seat_view.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "gui/card_style.hpp"
#include "gui/layout_hints.hpp"

namespace ratify::gui {

std::string SeatView::update(Session& s, int viewer, bool see_all, const std::string& key,
                             uint64_t /*now*/) {
  bool all = viewer == 0 && see_all;
  if (version_ == s.version() && viewer_ == viewer && all_ == all && key_ == key) return {};
  bool new_state = version_ != s.version();
  std::map<int, std::string> before;
  if (new_state)
    for (const auto& z : view_.zones)
      for (const auto& c : z.cards)
        if (c.id) before[c.id] = z.name;
  std::string error;
  try {
    view_ = s.view(viewer);
    // An onlooker of bots may see what any player sees (never the deck),
    // the actor's choices too.
    for (int p = 1; all && p <= s.players(); ++p) {
      auto pv = s.view(p);
      if (pv.actor == p) view_.actions = std::move(pv.actions);
      for (size_t z = 0; z < view_.zones.size() && z < pv.zones.size(); ++z)
        for (size_t k = 0; k < view_.zones[z].cards.size() && k < pv.zones[z].cards.size(); ++k)
          if (pv.zones[z].cards[k].face_up) view_.zones[z].cards[k] = pv.zones[z].cards[k];
    }
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (new_state && !before.empty() && !fresh_) {
    if (clear_) marked_.clear(), clear_ = false;
    // Moved: seen before in another zone, or come into sight (a bot's play
    // from its hidden hand). Many come into sight at once: a deal, no news.
    std::vector<int> shown;
    for (const auto& z : view_.zones)
      for (const auto& c : z.cards) {
        if (!c.id || marked(c.id)) continue;
        auto was = before.find(c.id);
        if (was == before.end())
          shown.push_back(c.id);
        else if (was->second != z.name)
          marked_.push_back(c.id);
      }
    if (shown.size() <= 4) marked_.insert(marked_.end(), shown.begin(), shown.end());
  }
  fresh_ = false;
  version_ = s.version();
  viewer_ = viewer;
  all_ = all;
  key_ = key;
  ++serial_;
  return error;
}

const engine::Action* SeatView::action(int index) const {
  const auto& acts = view_.actions;
  if (index < 0) return nullptr;
  if (index < static_cast<int>(acts.size()) && acts[index].index == index)
    return &acts[index].action;
  for (const auto& a : acts)
    if (a.index == index) return &a.action;
  return nullptr;
}

bool SeatView::marked(int card) const {
  return card && std::find(marked_.begin(), marked_.end(), card) != marked_.end();
}

const core::CardDef* SeatView::seen_def(int card, const std::vector<core::CardDef>& defs) const {
  if (card < 1) return nullptr;
  for (const auto& z : view_.zones)
    for (const auto& c : z.cards)
      if (c.id == card && c.face_up && c.def >= 0 && c.def < static_cast<int>(defs.size()))
        return &defs[static_cast<size_t>(c.def)];
  return nullptr;
}

namespace {

// The ids a checklist field holds for player p: keys of a set, or a list.
std::set<std::string> ruled_out(const nlohmann::json& field, int p) {
  std::set<std::string> out;
  const nlohmann::json* mine = nullptr;
  if (field.is_array() && p <= static_cast<int>(field.size())) mine = &field[p - 1];
  if (field.is_object() && field.contains(std::to_string(p))) mine = &field[std::to_string(p)];
  if (!mine) return out;
  if (mine->is_object())
    for (const auto& [id, v] : mine->items())
      if (v != false) out.insert(id);
  if (mine->is_array())
    for (const auto& v : *mine)
      if (v.is_string()) out.insert(v.get<std::string>());
  return out;
}

}  // namespace

std::vector<Checklist> checklists(const SeatView& seat, const nlohmann::json& hints,
                                  const std::vector<core::CardDef>& defs) {
  std::vector<Checklist> out;
  const auto& v = seat.view();
  if (seat.viewer() < 1 || !v.state.is_object() || !hints.is_object()) return out;
  for (const auto& z : v.zones) {
    ZoneHint h = hint_for(hints, z.name);
    if (h.checklist.empty() || !v.state.contains(h.checklist)) continue;
    auto gone = ruled_out(v.state[h.checklist], seat.viewer());
    Checklist c;
    int left = 0;
    for (const auto& d : defs) {
      bool o = gone.count(d.id) > 0;
      left += !o;
      c.entries.push_back({corner_text(d), d.name, o});
    }
    c.title = (z.label.empty() ? z.name : z.label) + ": " + std::to_string(left) + " of " +
              std::to_string(defs.size()) + " not ruled out";
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<std::string> checklist_lines(const SeatView& seat, const nlohmann::json& hints,
                                         const std::vector<core::CardDef>& defs) {
  std::vector<std::string> lines;
  for (const auto& c : checklists(seat, hints, defs)) {
    std::string line = c.title;
    bool first = true;
    for (const auto& e : c.entries)
      if (!e.ruled_out) line += (first ? " \u2014 " : ", ") + e.name, first = false;
    lines.push_back(line);
  }
  return lines;
}

bool same_sight(const engine::View& a, const engine::View& b) {
  if (a.zones.size() != b.zones.size() || a.state != b.state) return false;
  for (size_t z = 0; z < a.zones.size(); ++z) {
    const auto &x = a.zones[z].cards, &y = b.zones[z].cards;
    if (x.size() != y.size()) return false;
    for (size_t k = 0; k < x.size(); ++k)
      if (x[k].id != y[k].id || x[k].face_up != y[k].face_up) return false;
  }
  return true;
}

}  // namespace ratify::gui
