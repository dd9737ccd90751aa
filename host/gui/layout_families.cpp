// Families of zones (same name up to the last ':', three or more, made one
// after another): their lines, and the start their labels share, said
// once as a heading when the whole labels would be cut.
#include <map>

#include "gui/layout_parts.hpp"

namespace ratify::gui::layout_parts {

void use_heading(Group& g, std::vector<Item>& items, bool on) {
  g.heading = on ? g.shared : std::string();
  for (int i : g.items) {
    Item& it = items[i];
    bool part = !g.heading.empty();
    it.title = part ? it.part : it.full;
    it.label_w = part ? it.part_w : it.full_w;
  }
}

namespace {

std::string family_of(const std::string& name) {
  size_t colon = name.rfind(':');
  return colon == std::string::npos ? std::string() : name.substr(0, colon);
}

std::string title_of(const engine::ZoneView& z) {
  return z.label.empty() ? z.name : z.label;
}

// The words all the titles start with ("House of Commons" of "House of
// Commons 1".."8"), when each title goes on after them.
std::string shared_words(const std::vector<std::string>& titles) {
  if (titles.size() < 2) return {};
  std::string p = titles.front();
  for (const auto& t : titles) {
    size_t k = 0;
    while (k < p.size() && k < t.size() && p[k] == t[k]) ++k;
    p.resize(k);
  }
  size_t space = p.rfind(' ');
  if (space == std::string::npos) return {};
  p.resize(space);
  for (const auto& t : titles)
    if (t.size() <= p.size() + 1) return {};
  while (!p.empty() && (p.back() == ',' || p.back() == ':' || p.back() == ' ')) p.pop_back();
  return p;
}

}  // namespace

// Finds the families of a region's flow and sets up their lines.
void make_groups(Region& r, std::vector<Item>& items, const LayoutInput& in,
                 const std::vector<ZoneHint>& hints) {
  const engine::View& v = *in.view;
  std::map<std::string, int> members;
  for (int i : r.flow) members[family_of(v.zones[items[i].zone].name)]++;
  for (size_t k = 0; k < r.flow.size(); ++k) {
    std::string fam = family_of(v.zones[items[r.flow[k]].zone].name);
    // A family of rows in cells has its lines from its first member: its
    // runs would otherwise join the line before and leave it at the third.
    const ZoneHint& first = hints[r.flow[k]];
    bool cells = first.columns > 0 && first.room > 1 && items[r.flow[k]].fan == Fan::Row;
    if (fam.empty() || (members[fam] < 3 && !cells)) continue;
    size_t run = 0;
    while (k + run < r.flow.size() && family_of(v.zones[items[r.flow[k + run]].zone].name) == fam)
      ++run;
    if (static_cast<int>(run) != members[fam]) continue;  // interleaved: flow freely
    Group g;
    g.grid = true;
    for (size_t j = k; j < k + run; ++j) {
      const Item& it = items[r.flow[j]];
      g.items.push_back(r.flow[j]);
      if (it.fan == Fan::Row && it.n > 1) g.grid = false;
      const ZoneHint& h = hints[r.flow[j]];
      if (h.columns) g.columns = h.columns;
      g.snake = g.snake || h.snake;
    }
    // Never a grid, even while every run is empty (a new hand): its
    // places keep their width.
    g.cells = g.hinted_cells = cells;
    if (cells) g.grid = false;
    r.groups.push_back(g);
    for (int i : g.items) items[i].group = static_cast<int>(r.groups.size() - 1);
    k += run - 1;
  }
}

// The shared start of each family's labels, and each label without it.
void find_shared(Region& r, std::vector<Item>& items, const LayoutInput& in) {
  const engine::View& v = *in.view;
  for (auto& g : r.groups) {
    std::vector<std::string> titles;
    for (int i : g.items) titles.push_back(title_of(v.zones[items[i].zone]));
    g.shared = shared_words(titles);
    if (g.shared.empty()) continue;
    for (int i : g.items) {
      Item& it = items[i];
      const auto& z = v.zones[it.zone];
      std::string rest = title_of(z).substr(g.shared.size());
      rest.erase(0, rest.find_first_not_of(" ,:"));
      it.part = rest + (z.cards.empty() ? "" : " \u00b7 " + std::to_string(z.cards.size()));
      it.part_w = in.label_width ? in.label_width(it.part) : static_cast<int>(it.part.size()) * 7;
    }
  }
}

}  // namespace ratify::gui::layout_parts
