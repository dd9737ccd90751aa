// The ruleset's layout hints (docs/gui.md, "Layout hints"): zone names
// and patterns matched, each hint read and checked.
#include "gui/layout_hints.hpp"

#include <algorithm>

namespace ratify::gui {

bool glob_match(std::string_view p, std::string_view s) {
  // Iterative matcher with one backtrack point: linear enough for names.
  size_t pi = 0, si = 0, star = std::string_view::npos, mark = 0;
  while (si < s.size()) {
    if (pi < p.size() && (p[pi] == '?' || p[pi] == s[si])) {
      ++pi, ++si;
    } else if (pi < p.size() && p[pi] == '*') {
      star = pi++, mark = si;
    } else if (star != std::string_view::npos) {
      pi = star + 1, si = ++mark;
    } else {
      return false;
    }
  }
  while (pi < p.size() && p[pi] == '*') ++pi;
  return pi == p.size();
}

bool glob_capture(std::string_view p, std::string_view s, std::vector<std::string>& caps) {
  // Backtracking, a `*` trying the shortest match first: zone names and
  // patterns are a few characters.
  size_t mark = caps.size();
  if (p.empty()) return s.empty();
  if (p[0] == '*') {
    for (size_t k = 0; k <= s.size(); ++k) {
      caps.resize(mark);
      caps.emplace_back(s.substr(0, k));
      if (glob_capture(p.substr(1), s.substr(k), caps)) return true;
    }
    caps.resize(mark);
    return false;
  }
  if (s.empty()) return false;
  if (p[0] == '?') {
    caps.emplace_back(s.substr(0, 1));
    if (glob_capture(p.substr(1), s.substr(1), caps)) return true;
    caps.resize(mark);
    return false;
  }
  return p[0] == s[0] && glob_capture(p.substr(1), s.substr(1), caps);
}

namespace {

const char* const kHintFields[] = {"fan",   "x",     "y",         "hide", "owner", "columns",
                                   "snake", "pawns", "checklist", "sort", "room",  "tighten"};

std::optional<Fan> fan_from(const nlohmann::json& v) {
  if (!v.is_string()) return std::nullopt;
  std::string s = v.get<std::string>();
  if (s == "row") return Fan::Row;
  if (s == "stack") return Fan::Stack;
  if (s == "column") return Fan::Column;
  return std::nullopt;
}

std::optional<double> fraction(const nlohmann::json& h, const char* key) {
  if (!h.contains(key) || !h[key].is_number()) return std::nullopt;
  return std::clamp(h[key].get<double>(), 0.0, 1.0);
}

std::optional<int> whole(const std::string& s) {
  if (s.empty() || s.size() > 6 ||
      !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  return std::stoi(s);
}

// "$N": the N-th wildcard's match.
bool capture_ref(const std::string& s, size_t& index) {
  if (s.size() < 2 || s[0] != '$') return false;
  auto n = whole(s.substr(1));
  if (!n || *n < 1) return false;
  index = static_cast<size_t>(*n - 1);
  return true;
}

ZoneHint parse_hint(const nlohmann::json& h, const std::vector<std::string>& caps) {
  ZoneHint z;
  if (!h.is_object()) return z;
  if (h.contains("fan")) z.fan = fan_from(h["fan"]);
  z.x = fraction(h, "x");
  z.y = fraction(h, "y");
  if (h.contains("hide") && h["hide"].is_boolean()) z.hide = h["hide"].get<bool>();
  if (h.contains("hide") && h["hide"] == "empty") z.hide_empty = true;
  if (h.contains("owner")) {
    const auto& o = h["owner"];
    size_t i = 0;
    if (o.is_number_integer() && o.get<int>() >= 1)
      z.owner = o.get<int>();
    else if (o.is_string() && capture_ref(o.get<std::string>(), i) && i < caps.size())
      z.owner = whole(caps[i]);
  }
  if (h.contains("columns") && h["columns"].is_number_integer())
    z.columns = std::max(0, h["columns"].get<int>());
  if (h.contains("snake") && h["snake"].is_boolean()) z.snake = h["snake"].get<bool>();
  if (h.contains("pawns") && h["pawns"].is_string()) z.pawns = h["pawns"].get<std::string>();
  if (h.contains("checklist") && h["checklist"].is_string())
    z.checklist = h["checklist"].get<std::string>();
  if (h.contains("sort") && h["sort"].is_string()) z.sort = h["sort"].get<std::string>();
  if (h.contains("room") && h["room"].is_number_integer())
    z.room = std::max(0, h["room"].get<int>());
  if (h.contains("tighten") && h["tighten"].is_boolean()) z.tighten = h["tighten"].get<bool>();
  return z;
}

// Specificity of a pattern: its literal characters.
int literal_chars(const std::string& p) {
  return static_cast<int>(
      std::count_if(p.begin(), p.end(), [](char c) { return c != '*' && c != '?'; }));
}

}  // namespace

ZoneHint hint_for(const nlohmann::json& layout, const std::string& zone,
                  std::vector<std::string>& caps) {
  caps.clear();
  if (!layout.is_object()) return {};
  if (auto it = layout.find(zone); it != layout.end()) return parse_hint(*it, caps);
  const nlohmann::json* best = nullptr;
  int best_score = -1;
  std::vector<std::string> trial;
  for (auto it = layout.begin(); it != layout.end(); ++it) {
    trial.clear();
    if (!glob_capture(it.key(), zone, trial)) continue;
    int score = literal_chars(it.key());
    if (score > best_score) best = &*it, best_score = score, caps = trial;
  }
  return best ? parse_hint(*best, caps) : ZoneHint{};
}

ZoneHint hint_for(const nlohmann::json& layout, const std::string& zone) {
  std::vector<std::string> caps;
  return hint_for(layout, zone, caps);
}

std::vector<std::string> check_hints(const nlohmann::json& layout) {
  std::vector<std::string> out;
  if (layout.is_null()) return out;
  if (!layout.is_object()) return {"layout: expected a table of zone names to hints"};
  for (auto it = layout.begin(); it != layout.end(); ++it) {
    const auto& h = *it;
    std::string where = "layout[\"" + it.key() + "\"]";
    if (it.key() == "phases") {  // not a zone: the field whose change ends a phase
      if (!h.is_object() || !h.contains("field") || !h["field"].is_string())
        out.push_back("layout.phases: { field = \"a field of g.state\", title = \"...\" }");
      continue;
    }
    if (!h.is_object()) {
      out.push_back(where + ": expected a table like { fan = \"row\" }");
      continue;
    }
    for (auto f = h.begin(); f != h.end(); ++f) {
      const std::string& k = f.key();
      size_t index = 0;
      if (k == "fan" && !fan_from(*f))
        out.push_back(where + ".fan: use \"row\", \"stack\" or \"column\"");
      else if ((k == "x" || k == "y") && (!f->is_number() || *f < 0 || *f > 1))
        out.push_back(where + "." + k + ": a number from 0 to 1");
      else if (k == "hide" && !f->is_boolean() && *f != "empty")
        out.push_back(where + ".hide: true, false or \"empty\"");
      else if (k == "owner" && !(f->is_number_integer() && *f >= 1) &&
               !(f->is_string() && capture_ref(f->get<std::string>(), index)))
        out.push_back(where + ".owner: a player number, or \"$1\" for the number the first " +
                      "wildcard matched");
      else if ((k == "columns" || k == "room") && !(f->is_number_integer() && *f >= 1))
        out.push_back(where + "." + k + ": a whole number from 1");
      else if (k == "snake" && !f->is_boolean())
        out.push_back(where + ".snake: true or false");
      else if (k == "tighten" && !f->is_boolean())
        out.push_back(where + ".tighten: true or false");
      else if (k == "pawns" && !(f->is_string() && !f->get<std::string>().empty()))
        out.push_back(where + ".pawns: the name of a field of g.state");
      else if (k == "checklist" && !(f->is_string() && !f->get<std::string>().empty()))
        out.push_back(where + ".checklist: the name of a field of g.state");
      else if (k == "sort" &&
               !(f->is_string() && (*f == "suit" || *f == "kind" || *f == "name" || *f == "none")))
        out.push_back(where + ".sort: \"suit\", \"kind\", \"name\" or \"none\"");
      else if (std::find(std::begin(kHintFields), std::end(kHintFields), k) ==
               std::end(kHintFields))
        out.push_back(
            where + ": unknown hint '" + k +
            "' (fan, x, y, hide, owner, columns, snake, pawns, checklist, sort, room, tighten)");
    }
  }
  return out;
}

}  // namespace ratify::gui
