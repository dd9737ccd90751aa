#include "engine/reload_changes.hpp"

#include <map>
#include <set>
#include <sstream>

#include "core/words.hpp"

namespace ratify::engine {

namespace {

// At most `max` bytes of `s`, cut at a character's start, with an ellipsis.
std::string cut(const std::string& s, size_t max) {
  if (s.size() <= max) return s;
  while (max > 0 && (static_cast<unsigned char>(s[max]) & 0xC0) == 0x80) --max;
  return s.substr(0, max) + "\u2026";
}

std::string in_quotes(const std::string& s) {
  return "\u201c" + s + "\u201d";
}

std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// `“before” → “after”`: whole when short; else the words that differ with
// a word of context each side, an ellipsis for what the two share
// ("+4 Electability / -3 Affiliation" → "+6 ...": “+4 Electability…” →
// “+6 Electability…”), each side at most about 40 bytes.
std::string arrow(std::string a, std::string b) {
  for (auto* s : {&a, &b})
    for (size_t k; (k = s->find('\n')) != std::string::npos;) s->replace(k, 1, " / ");
  if (a.size() <= 24 && b.size() <= 24) return in_quotes(a) + " \u2192 " + in_quotes(b);
  auto wa = words(a), wb = words(b);
  size_t pre = 0, suf = 0;
  while (pre < wa.size() && pre < wb.size() && wa[pre] == wb[pre]) ++pre;
  while (suf < wa.size() - pre && suf < wb.size() - pre &&
         wa[wa.size() - 1 - suf] == wb[wb.size() - 1 - suf])
    ++suf;
  size_t from = pre ? pre - 1 : 0;  // a word before the change, for context
  auto side = [&](const std::vector<std::string>& w) {
    size_t to = std::min(w.size(), w.size() - suf + 1);  // and a word after it
    std::string mid;
    for (size_t k = from; k < to; ++k) mid += (k > from ? " " : "") + w[k];
    return in_quotes((from ? "\u2026" : "") + cut(mid, 40) + (to < w.size() ? "\u2026" : ""));
  };
  return side(wa) + " \u2192 " + side(wb);
}

// Status lines that changed: line by line, or all joined when their
// number changed.
void lines_changed(const std::string& who, const std::vector<std::string>& x,
                   const std::vector<std::string>& y, std::vector<std::string>& out) {
  if (x == y) return;
  if (x.size() == y.size()) {
    for (size_t k = 0; k < x.size(); ++k)
      if (x[k] != y[k]) out.push_back(who + arrow(x[k], y[k]));
    return;
  }
  auto join = [](const std::vector<std::string>& v) {
    std::string s;
    for (const auto& l : v) s += (s.empty() ? "" : " / ") + l;
    return s;
  };
  out.push_back(who + arrow(join(x), join(y)));
}

}  // namespace

Picture picture_of(engine::Game& g, bool with_actions) {
  Picture p;
  const auto& table = g.state().table();
  p.defs = table.defs();
  for (const auto& z : table.zones())
    if (z.kind != "box") p.zones.emplace_back(z.name, z.label);
  try {
    p.table = g.view(0).shared_status;
    for (int k = 1; k <= g.players(); ++k) p.status.push_back(g.state().status(k));
    if (g.actor() == 0) {
      if (auto r = g.result()) p.result = r->text;
    } else if (with_actions) {
      for (int i = 0, n = g.action_count(); i < n; ++i) p.actions.push_back(g.action(i).label);
    }
  } catch (const std::exception&) {
    // The rules fail here: the window's banner says so.
  }
  return p;
}

Changes differences(const Picture& a, const Picture& b) {
  Changes c;
  auto& out = c.cards;
  auto key = [](const core::CardDef& d) { return d.id.empty() ? d.name : d.id; };
  std::map<std::string, const core::CardDef*> after;
  for (const auto& d : b.defs) after[key(d)] = &d;
  std::set<std::string> seen;
  for (const auto& d : a.defs) {
    if (!seen.insert(key(d)).second) continue;
    auto it = after.find(key(d));
    if (it == after.end()) {
      out.push_back("card " + in_quotes(d.name) + " removed");
      continue;
    }
    const core::CardDef& n = *it->second;
    if (d.name != n.name)
      out.push_back("card " + in_quotes(d.name) + " is now " + in_quotes(n.name));
    auto field = [&](const char* what, const std::string& x, const std::string& y) {
      if (x != y) out.push_back(n.name + ": " + what + arrow(x, y));
    };
    field("", d.text, n.text);
    field("corner ", d.short_label, n.short_label);
    field("kind ", d.kind, n.kind);
    field("suit ", d.suit, n.suit);
    field("colour ", d.color, n.color);
    field("quote ", d.quote, n.quote);
    auto num = [](const std::optional<double>& r) {
      if (!r) return std::string("none");
      std::ostringstream s;
      s << *r;
      return s.str();
    };
    if (d.rank != n.rank)
      out.push_back(n.name + ": rank " + num(d.rank) + " \u2192 " + num(n.rank));
    if (d.count != n.count)
      out.push_back(n.name + ": " + core::plural(d.count, "copy") + " \u2192 " +
                    std::to_string(n.count));
  }
  std::set<std::string> before_keys;
  for (const auto& d : a.defs) before_keys.insert(key(d));
  for (const auto& d : b.defs)
    if (!before_keys.count(key(d)) && seen.insert(key(d)).second)
      out.push_back("new card " + in_quotes(d.name));
  auto& table = c.table;
  std::map<std::string, std::string> labels(b.zones.begin(), b.zones.end());
  for (const auto& [name, label] : a.zones) {
    auto it = labels.find(name);
    if (it != labels.end() && it->second != label)
      table.push_back("zone " + name + ": " + arrow(label, it->second));
  }
  lines_changed("table: ", a.table, b.table, table);
  for (size_t p = 0; p < a.status.size() && p < b.status.size(); ++p)
    lines_changed("Player " + std::to_string(p + 1) + ": ", a.status[p], b.status[p], table);
  if (a.result != b.result) table.push_back("result: " + arrow(a.result, b.result));
  if (!a.actions.empty() && !b.actions.empty()) {
    if (a.actions.size() != b.actions.size())
      table.push_back("your actions: " + std::to_string(a.actions.size()) + " \u2192 " +
                      std::to_string(b.actions.size()));
    else
      for (size_t k = 0; k < a.actions.size(); ++k)
        if (a.actions[k] != b.actions[k])
          table.push_back("action " + std::to_string(k + 1) + ": " +
                          arrow(a.actions[k], b.actions[k]));
  }
  return c;
}

std::string summary(const Changes& c, size_t max) {
  size_t cards = std::min(c.cards.size(), c.table.empty() ? max : max - 1);
  size_t rest = std::min(c.table.size(), max - cards);
  std::vector<std::string> shown(c.cards.begin(), c.cards.begin() + cards);
  shown.insert(shown.end(), c.table.begin(), c.table.begin() + rest);
  std::string s;
  for (size_t k = 0; k < shown.size(); ++k) s += (k ? "\n" : "") + shown[k];
  size_t more = c.cards.size() + c.table.size() - shown.size();
  if (more) s += " \u00b7 and " + std::to_string(more) + " more";
  return s;
}

}  // namespace ratify::engine
