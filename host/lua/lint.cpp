// Lint of a ruleset's tables (see lint.hpp, docs/lint.md). Every finding
// names the file and, where the text shows it, the line.
#include "lua/lint.hpp"
#include "lua/source_file.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>

#include "core/files.hpp"
#include "lua/internal.hpp"
#include "lua/match.hpp"
#include "lua/ruleset.hpp"

namespace ratify::lua {

namespace fs = std::filesystem;

std::string Finding::text() const {
  std::string level = this->level == Level::Error ? "error: " : "warning: ";
  return (place.empty() ? "" : place + ": ") + level + message;
}

int edit_distance(const std::string& a, const std::string& b) {
  size_t n = a.size(), m = b.size();
  std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1));
  for (size_t i = 0; i <= n; ++i) d[i][0] = static_cast<int>(i);
  for (size_t j = 0; j <= m; ++j) d[0][j] = static_cast<int>(j);
  for (size_t i = 1; i <= n; ++i)
    for (size_t j = 1; j <= m; ++j) {
      int cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[n][m];
}

// Names longer than this get no suggestion: the distance's table is the
// product of the lengths (two ids of 10^6 bytes asked 4 TB of the host).
constexpr size_t kMaxSuggested = 128;

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  if (word.size() > kMaxSuggested) return {};
  int allowed = word.size() <= 4 ? 1 : 2;
  // Nearest first; among equals, the one of the same length (a swap of
  // two letters, "stauts": status rather than stats).
  std::string best;
  int best_d = allowed + 1, best_len = 0;
  for (const auto& c : candidates) {
    if (c == word || c.size() > word.size() + 2 || c.size() + 2 < word.size()) continue;
    int d = edit_distance(word, c);
    int len = std::abs(static_cast<int>(c.size()) - static_cast<int>(word.size()));
    if (d >= static_cast<int>(c.size())) continue;
    if (d < best_d || (d == best_d && len < best_len)) {
      best_d = d;
      best_len = len;
      best = c;
    }
  }
  return best;
}

const std::vector<std::string>& ruleset_keys() {
  static const std::vector<std::string> keys = {
      "actions",   "actor",  "apply",        "card_fields", "cards",    "describe",
      "heuristic", "id",     "layout",       "name",        "options",  "players",
      "result",    "score",  "search",       "secrets",     "settable", "setup",
      "stats",     "status", "table_status", "view"};
  return keys;
}

const std::vector<std::string>& variant_keys() {
  static const std::vector<std::string> keys = {"card_fields", "cards",   "doc",
                                                "name",        "options", "players"};
  return keys;
}

const std::vector<std::string>& option_keys() {
  static const std::vector<std::string> keys = {"choices", "default", "doc", "max", "min"};
  return keys;
}

const std::vector<std::string>& card_keys() {
  static const std::vector<std::string> keys = {"color", "count", "id",   "image", "kind", "name",
                                                "note",  "quote", "rank", "short", "suit", "text"};
  return keys;
}

namespace {

bool is_word(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}
bool is_space(char c) {
  return std::isspace(static_cast<unsigned char>(c));
}
size_t skip_spaces(const std::string& s, size_t i) {
  while (i < s.size() && is_space(s[i])) ++i;
  return i;
}
// The start of the spaces that end just before i.
size_t spaces_before(const std::string& s, size_t i) {
  while (i > 0 && is_space(s[i - 1])) --i;
  return i;
}
bool starts_with_at(const std::string& s, size_t i, std::string_view what) {
  return i <= s.size() && s.compare(i, what.size(), what) == 0;
}

// Whether `line`, with `key` at `at`, assigns the key there: `key =` (not
// `==`), `["key"] =`, or `function M.key(`, each after a non-word byte.
bool assigns_at(const std::string& line, size_t at, const std::string& key, size_t name_start) {
  auto word_edge = [&](size_t i) { return i == 0 || !is_word(line[i - 1]); };
  size_t after = skip_spaces(line, at + key.size());
  if (word_edge(at) && after < line.size() && line[after] == '=' &&
      (after + 1 == line.size() || line[after + 1] != '='))
    return true;
  if (at > 0 && line[at - 1] == '"' && starts_with_at(line, at + key.size(), "\"")) {
    size_t open = spaces_before(line, at - 1);
    size_t close = skip_spaces(line, at + key.size() + 1);
    if (open > 0 && line[open - 1] == '[' && word_edge(open - 1) && close < line.size() &&
        line[close] == ']') {
      size_t eq = skip_spaces(line, close + 1);
      if (eq < line.size() && line[eq] == '=') return true;
    }
  }
  if (at > 0 && (line[at - 1] == '.' || line[at - 1] == ':') && after < line.size() &&
      line[after] == '(') {
    size_t gap = spaces_before(line, name_start);
    constexpr std::string_view kFunction = "function";
    if (gap < name_start && gap >= kFunction.size() &&
        starts_with_at(line, gap - kFunction.size(), kFunction) &&
        word_edge(gap - kFunction.size()))
      return true;
  }
  return false;
}

bool is_name_byte(char c) {
  return is_word(c) || c == '.' || c == ':';
}

}  // namespace

// A linear scan (std::regex overflowed the stack on a long line): every
// place the key occurs is found by Knuth-Morris-Pratt, and looked at
// around it; the run of name bytes before it is tracked as the scan goes.
// A key may be any string (a card id, an option's name).
int scan_key_line(const std::string& file, int from, const std::string& key) {
  if (key.empty()) return 0;
  std::vector<size_t> border(key.size(), 0);  // longest proper border of key[0..i]
  for (size_t i = 1, k = 0; i < key.size(); ++i) {
    while (k > 0 && key[i] != key[k]) k = border[k - 1];
    if (key[i] == key[k]) ++k;
    border[i] = k;
  }
  std::ifstream f(file);
  std::string line;
  for (int n = 1; std::getline(f, line); ++n) {
    if (n < from) continue;
    size_t name_start = 0, scanned = 0, matched = 0;
    for (size_t i = 0; i < line.size(); ++i) {
      while (matched > 0 && line[i] != key[matched]) matched = border[matched - 1];
      if (line[i] == key[matched]) ++matched;
      if (matched == key.size()) {
        size_t at = i + 1 - key.size();  // increasing: `scanned` moves on once in all
        for (; scanned < at; ++scanned)
          if (!is_name_byte(line[scanned])) name_start = scanned + 1;
        if (assigns_at(line, at, key, name_start)) return n;
        matched = border[matched - 1];
      }
    }
  }
  return 0;
}

namespace {

// The lines where each name is assigned (`name =`, `["name"] =`,
// `function M.name(`), from one read of the file, kept while the file is
// unchanged: a variant of 30,000 cards looked each up in the whole file,
// 30,000 reads of it. The same places the scan above finds, for names of
// word bytes; others are scanned for.
struct KeyIndex {
  core::FileVersion version;
  std::unordered_map<std::string, std::vector<int>> lines;

  void add(std::string name, int n) {
    auto& v = lines[std::move(name)];
    if (v.empty() || v.back() != n) v.push_back(n);
  }

  void read(const std::string& path) {
    std::ifstream f(path);
    std::string line;
    for (int n = 1; std::getline(f, line); ++n) {
      size_t name_start = 0;
      for (size_t i = 0; i < line.size(); ++i) {
        if (!is_name_byte(line[i])) name_start = i + 1;
        bool word_start = is_word(line[i]) && (i == 0 || !is_word(line[i - 1]));
        if (word_start) {
          size_t e = i;
          while (e < line.size() && is_word(line[e])) ++e;
          std::string word = line.substr(i, e - i);
          if (assigns_at(line, i, word, name_start)) add(word, n);
        }
        if (line[i] == '"' && i > 0) {  // ["name"] =
          size_t close = line.find('"', i + 1);
          if (close == std::string::npos) continue;
          std::string name = line.substr(i + 1, close - i - 1);
          if (!name.empty() && assigns_at(line, i + 1, name, name_start)) add(name, n);
        }
      }
    }
  }
};

bool all_word_bytes(const std::string& key) {
  return std::all_of(key.begin(), key.end(), is_word);
}

}  // namespace

int key_line(const std::string& file, int from, const std::string& key) {
  if (key.empty()) return 0;
  if (!all_word_bytes(key)) return scan_key_line(file, from, key);
  thread_local KeyIndex index;
  auto version = core::version_of(file);
  if (!version) return 0;
  if (index.version != *version) {
    index = KeyIndex{*version, {}};
    index.read(file);
  }
  auto it = index.lines.find(key);
  if (it == index.lines.end()) return 0;
  auto at = std::lower_bound(it->second.begin(), it->second.end(), from);
  return at == it->second.end() ? 0 : *at;
}

namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

std::string suggestion(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best = did_you_mean(word, candidates);
  return best.empty() ? "" : " (did you mean '" + best + "'?)";
}

// The first line of `file` that holds the string literal `needle` (a
// card's "id"): from the loader's index, read once per file, not per card.
int text_line(const std::string& file, const std::string& needle) {
  return line_of(file, needle);
}

std::string at(const std::string& file, int line) {
  return line ? file + ":" + std::to_string(line) : file;
}

// Where the function at `idx` was defined ("file:line"), or "".
std::string function_at(lua_State* L, int idx) {
  if (!lua_isfunction(L, idx) || lua_iscfunction(L, idx)) return {};
  lua_Debug ar;
  lua_pushvalue(L, idx);
  lua_getinfo(L, ">S", &ar);
  return source_file(ar.source, ar.short_src) + ":" + std::to_string(ar.linedefined);
}

// The string keys of the table at `t`, sorted (pairs order is not stable).
std::vector<std::string> keys_of(lua_State* L, int t, int* other = nullptr) {
  std::vector<std::string> out;
  t = lua_absindex(L, t);
  lua_pushnil(L);
  while (lua_next(L, t)) {
    if (lua_type(L, -2) == LUA_TSTRING)
      out.push_back(lua_tostring(L, -2));
    else if (other)
      ++*other;
    lua_pop(L, 1);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// New cards of a variant looked at for a typo of a base card's id.
constexpr size_t kMaxHints = 100;

class TableLint {
 public:
  TableLint(Rules& rules, std::vector<Finding>& out)
      : rules_(rules), vm_(rules.vm()), L(vm_.state()), out_(out) {}

  void run() {
    std::string entry = vm_.display_path(rules_.meta().dir / "ruleset.lua");
    lua_rawgeti(L, LUA_REGISTRYINDEX, rules_.module_ref());
    int m = lua_gettop(L);
    check_id(entry);
    read_card_fields(m, entry);
    if (rules_.variant_ref() != -1) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, rules_.variant_ref());
      variant_file_ = vm_.display_path(rules_.variant()->file);
      read_card_fields(lua_gettop(L), variant_file_);
      lua_pop(L, 1);
    }
    unknown_keys(m, entry, 1, "the ruleset table", ruleset_keys());
    if (lua_getfield(L, m, "players") == LUA_TTABLE)
      unknown_keys(-1, entry, key_line(entry, 1, "players"), "players", {"max", "min"});
    lua_pop(L, 1);
    options(m, entry);
    cards(m, entry);
    if (rules_.variant_ref() != -1) variant();
    lua_settop(L, m - 1);
  }

 private:
  void add(Finding::Level level, std::string place, std::string message) {
    out_.push_back({level, std::move(place), std::move(message)});
  }
  void warn(std::string place, std::string message) {
    add(Finding::Level::Warning, std::move(place), std::move(message));
  }

  void check_id(const std::string& entry) {
    std::error_code ec;
    fs::path dir = fs::weakly_canonical(rules_.meta().dir, ec);
    std::string folder = (ec ? rules_.meta().dir : dir).filename().string();
    const std::string& id = rules_.meta().id;
    if (folder.empty() || folder == id) return;
    add(Finding::Level::Error, at(entry, key_line(entry, 1, "id")),
        "the id '" + id + "' differs from the folder's name '" + folder + "': `ratify play " +
            folder + "` finds the folder, but saves and replays name '" + id +
            "' (rename one of them)");
  }

  // `card_fields = { "party", ... }`: the ruleset's (or variant's) own
  // card fields, beside the ones the host reads.
  void read_card_fields(int t, const std::string& file) {
    int type = lua_getfield(L, t, "card_fields");
    if (type == LUA_TTABLE) {
      for (lua_Integer i = 1; lua_rawgeti(L, -1, i) != LUA_TNIL; ++i, lua_pop(L, 1)) {
        if (lua_type(L, -1) == LUA_TSTRING)
          declared_.push_back(lua_tostring(L, -1));
        else
          warn(at(file, key_line(file, 1, "card_fields")),
               "card_fields lists names of card fields (strings), item " + std::to_string(i) +
                   " is a " + luaL_typename(L, -1));
      }
      lua_pop(L, 1);
    } else if (type != LUA_TNIL) {
      warn(at(file, key_line(file, 1, "card_fields")),
           "card_fields must be a list of field names, like { \"party\", \"points\" }");
    }
    lua_pop(L, 1);
  }

  // Each string key of the table at `t` that is not one of `known`.
  void unknown_keys(int t, const std::string& file, int from, const std::string& what,
                    const std::vector<std::string>& known) {
    t = lua_absindex(L, t);
    int other = 0;
    for (const auto& key : keys_of(L, t, &other)) {
      if (std::find(known.begin(), known.end(), key) != known.end()) continue;
      lua_getfield(L, t, key.c_str());
      std::string place = function_at(L, -1);
      lua_pop(L, 1);
      if (place.empty()) place = at(file, key_line(file, from, key));
      std::string hint = suggestion(key, known);
      warn(place, "unknown key '" + key + "' in " + what +
                      (hint.empty() ? " (the host reads: " + joined(known) + ")" : hint));
    }
    if (other)
      warn(at(file, from), what + " has " + std::to_string(other) +
                               " key(s) that are not names; the host reads only named keys");
  }

  void options(int m, const std::string& entry) {
    if (lua_getfield(L, m, "options") != LUA_TTABLE) {
      lua_pop(L, 1);
      return;
    }
    int o = lua_gettop(L);
    std::string file = vm_.module_file_of(lua_topointer(L, o));
    if (file.empty()) file = entry;
    int from = key_line(file, 1, "options");
    for (const auto& name : keys_of(L, o)) {
      if (lua_getfield(L, o, name.c_str()) == LUA_TTABLE)
        unknown_keys(-1, file, key_line(file, from, name), "option '" + name + "'", option_keys());
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }

  std::vector<std::string> card_vocabulary() const {
    std::vector<std::string> all = card_keys();
    all.insert(all.end(), declared_.begin(), declared_.end());
    return all;
  }

  bool known_field(const std::string& key) const {
    const auto& host = card_keys();
    return std::find(host.begin(), host.end(), key) != host.end() ||
           std::find(declared_.begin(), declared_.end(), key) != declared_.end();
  }

  // The fields of the card at `d` that are not the host's, not declared in
  // card_fields and not hooks (functions: hooks are each game's own design,
  // called by its rules), with the line of each.
  std::vector<std::pair<std::string, int>> unknown_fields(int d, const std::string& file,
                                                          int line) {
    std::vector<std::pair<std::string, int>> out;
    for (const auto& key : keys_of(L, d)) {
      if (known_field(key)) continue;
      lua_pushstring(L, key.c_str());
      bool hook = lua_rawget(L, d) == LUA_TFUNCTION;
      lua_pop(L, 1);
      if (!hook) out.emplace_back(key, key_line(file, line, key));
    }
    return out;
  }

  void variant_card_fields(int d, const std::string& file, int line, const std::string& card,
                           int base = 0) {
    for (const auto& key : keys_of(L, d)) {
      if (known_field(key)) continue;
      lua_pushstring(L, key.c_str());
      bool hook = lua_rawget(L, d) == LUA_TFUNCTION;
      lua_pop(L, 1);
      if (hook) continue;
      if (base) {  // a variant's change: fine when the card has the field
        lua_pushstring(L, key.c_str());
        bool has = lua_rawget(L, base) != LUA_TNIL;
        lua_pop(L, 1);
        if (has) continue;
      }
      std::string hint = suggestion(key, card_vocabulary());
      std::string what =
          base ? "changes field '" + key + "' of card '" + card + "', which it does not have"
               : "unknown field '" + key + "' in new card '" + card + "'";
      warn(at(file, key_line(file, line, key)),
           what + (hint.empty() ? "; a field of the ruleset's own goes in its card_fields list"
                                : hint));
    }
  }

  void cards(int m, const std::string& entry) {
    if (lua_getfield(L, m, "cards") != LUA_TTABLE) {
      lua_pop(L, 1);
      return;
    }
    int c = lua_gettop(L);
    std::string file = vm_.module_file_of(lua_topointer(L, c));
    if (file.empty()) file = entry;
    struct Use {
      int cards = 0, line = 0;
      std::string first;
    };
    std::map<std::string, Use> unknown;  // one finding per field, not per card
    std::vector<std::string> order;
    lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, c));
    for (lua_Integer i = 1; i <= n; ++i) {
      if (lua_rawgeti(L, c, i) == LUA_TTABLE && lua_getfield(L, -1, "id") == LUA_TSTRING) {
        std::string id = lua_tostring(L, -1);
        base_ids_.push_back(id);
        int line = text_line(file, "\"" + id + "\"");
        for (const auto& [key, at_line] :
             unknown_fields(lua_gettop(L) - 1, file, line ? line : 1)) {
          Use& u = unknown[key];
          if (u.cards++ == 0) {
            u = {1, at_line, id};
            order.push_back(key);
          }
        }
      }
      lua_settop(L, c);
    }
    lua_pop(L, 1);
    for (const auto& key : order) {
      const Use& u = unknown[key];
      std::string hint = suggestion(key, card_vocabulary());
      std::string cards = u.cards == 1
                              ? "card '" + u.first + "'"
                              : std::to_string(u.cards) + " cards (the first: '" + u.first + "')";
      warn(at(file, u.line), "unknown field '" + key + "' in " + cards +
                                 (hint.empty() ? "; a field of the ruleset's own goes in its "
                                                 "card_fields list"
                                               : hint));
    }
  }

  // The base definition of card `id` pushed (nil if none).
  // The base card of that id, or nil, from an index of the base cards
  // made once: a scan per variant card was variant x base cards steps.
  void push_base_card(const std::string& id) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, rules_.module_ref());
    lua_getfield(L, -1, "cards");
    lua_remove(L, -2);
    lua_Integer n = lua_istable(L, -1) ? static_cast<lua_Integer>(lua_rawlen(L, -1)) : 0;
    if (!base_indexed_) {
      base_indexed_ = true;
      int cards = lua_gettop(L);
      for (lua_Integer i = 1; i <= n; ++i) {
        if (lua_rawgeti(L, cards, i) == LUA_TTABLE && lua_getfield(L, -1, "id") == LUA_TSTRING)
          base_index_.emplace(lua_tostring(L, -1), i);  // the first of an id, as the scan
        lua_settop(L, cards);
      }
    }
    auto it = base_index_.find(id);
    if (it == base_index_.end() || it->second > n) {
      lua_pop(L, 1);
      lua_pushnil(L);
      return;
    }
    lua_rawgeti(L, -1, it->second);
    lua_remove(L, -2);
  }

  void variant() {
    lua_rawgeti(L, LUA_REGISTRYINDEX, rules_.variant_ref());
    int v = lua_gettop(L);
    const std::string& file = variant_file_;
    unknown_keys(v, file, 1, "the variant table", variant_keys());
    if (lua_getfield(L, v, "cards") == LUA_TTABLE) {
      int vc = lua_gettop(L);
      int from = key_line(file, 1, "cards");
      auto ids = keys_of(L, vc);
      // A typo is looked for among the base cards when a variant adds a
      // few: each look compares with every base card, and 30,000 new cards
      // over 30,000 were 9 * 10^8 comparisons.
      size_t hints = 0;
      for (const auto& id : ids) {
        if (lua_getfield(L, vc, id.c_str()) != LUA_TTABLE) {
          lua_pop(L, 1);
          continue;
        }
        int entry = lua_gettop(L);
        int line = key_line(file, from, id);
        push_base_card(id);
        if (lua_istable(L, -1)) {
          variant_card_fields(entry, file, line ? line : from, id, lua_gettop(L));
        } else {
          variant_card_fields(entry, file, line ? line : from, id);
          std::string hint = ++hints <= kMaxHints ? did_you_mean(id, base_ids_) : "";
          if (!hint.empty())
            warn(at(file, line), "adds a new card '" + id + "' (did you mean to change '" + hint +
                                     "', a card of the ruleset?)");
        }
        lua_settop(L, vc);
      }
    }
    lua_settop(L, v - 1);
  }

  Rules& rules_;
  Vm& vm_;
  std::unordered_map<std::string, lua_Integer> base_index_;
  bool base_indexed_ = false;
  lua_State* L;
  std::vector<Finding>& out_;
  std::vector<std::string> declared_, base_ids_;
  std::string variant_file_;
};

}  // namespace

namespace {

std::string lua_place(lua_State* L) {
  lua_Debug ar;
  for (int level = 1; lua_getstack(L, level, &ar); ++level) {
    lua_getinfo(L, "Sl", &ar);
    if (ar.currentline > 0)
      return source_file(ar.source, ar.short_src) + ":" + std::to_string(ar.currentline);
  }
  return {};
}

// The names the reading code could have meant: its locals, its upvalues
// and the globals that exist.
std::vector<std::string> names_in_reach(lua_State* L) {
  std::vector<std::string> names;
  lua_Debug ar;
  if (lua_getstack(L, 1, &ar)) {
    for (int i = 1; const char* n = lua_getlocal(L, &ar, i); ++i) {
      if (n[0] != '(') names.push_back(n);
      lua_pop(L, 1);
    }
    lua_getinfo(L, "f", &ar);
    for (int i = 1; const char* n = lua_getupvalue(L, -1, i); ++i) {
      if (*n) names.push_back(n);
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lua_pushnil(L);
  while (lua_next(L, 1)) {
    if (lua_type(L, -2) == LUA_TSTRING) names.push_back(lua_tostring(L, -2));
    lua_pop(L, 1);
  }
  return names;
}

void note_global(lua_State* L, bool write) {
  auto* uses = static_cast<std::vector<GlobalUse>*>(lua_touserdata(L, lua_upvalueindex(1)));
  if (lua_type(L, 2) != LUA_TSTRING) return;
  GlobalUse use{lua_tostring(L, 2), lua_place(L), "", write};
  if (use.place.empty()) return;  // the host's own look-ups
  for (const auto& u : *uses)
    if (u.name == use.name && u.place == use.place && u.write == write) return;
  if (!write) use.hint = did_you_mean(use.name, names_in_reach(L));
  uses->push_back(std::move(use));
}

int global_index(lua_State* L) {
  guarded(L, [&] {
    note_global(L, false);
    return 0;
  });
  lua_pushnil(L);
  return 1;
}

int global_newindex(lua_State* L) {
  guarded(L, [&] {
    note_global(L, true);
    return 0;
  });
  lua_settop(L, 3);
  lua_rawset(L, 1);
  return 0;
}

}  // namespace

void watch_globals(lua_State* L, std::vector<GlobalUse>* into) {
  lua_pushglobaltable(L);
  lua_newtable(L);
  lua_pushlightuserdata(L, into);
  lua_pushcclosure(L, &global_index, 1);
  lua_setfield(L, -2, "__index");
  lua_pushlightuserdata(L, into);
  lua_pushcclosure(L, &global_newindex, 1);
  lua_setfield(L, -2, "__newindex");
  lua_setmetatable(L, -2);
  lua_pop(L, 1);
}

std::vector<Finding> global_findings(const std::vector<GlobalUse>& uses) {
  std::vector<Finding> out;
  for (const auto& u : uses) {
    if (u.write)
      out.push_back({Finding::Level::Warning, u.place,
                     "sets the global '" + u.name +
                         "': make it local (a global outlives the game: the next game in the "
                         "same VM, as in sim, starts with it)"});
    else
      out.push_back(
          {Finding::Level::Warning, u.place,
           "reads the global '" + u.name + "', which is not defined" +
               (u.hint.empty() ? " (a misspelt local?)" : " (did you mean '" + u.hint + "'?)")});
  }
  return out;
}

std::string function_place(Rules& rules, const char* name) {
  std::string out;
  protect(rules.vm(), [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, rules.module_ref());
    lua_pushstring(L, name);
    lua_rawget(L, -2);
    out = function_at(L, -1);
    lua_pop(L, 2);
  });
  return out;
}

std::string no_action_message(Rules& rules, int actor) {
  std::string a = function_place(rules, "actor"), b = function_place(rules, "actions");
  return "player " + std::to_string(actor) + " has no legal action: actor(g)" +
         (a.empty() ? "" : " (" + a + ")") + " names them, and actions(g)" +
         (b.empty() ? "" : " (" + b + ")") + " returned an empty list";
}

namespace {

// A child of a node of to_json's output by to_json's key ("#3" for 3),
// whether the node came out a list or a table with holes.
const nlohmann::json* child(const nlohmann::json& node, const std::string& key) {
  if (node.is_object()) {
    auto it = node.find(key);
    return it == node.end() ? nullptr : &*it;
  }
  if (node.is_array() && key.size() > 1 && key[0] == '#' && key[1] != '#') {
    size_t i = std::strtoul(key.c_str() + 1, nullptr, 10);
    return i >= 1 && i <= node.size() ? &node[i - 1] : nullptr;
  }
  return nullptr;
}

std::string path_step(const std::string& key) {
  if (key.rfind("##", 0) == 0) return "." + key.substr(1);
  if (key.rfind('#', 0) == 0) return "[" + key.substr(1) + "]";
  return "." + key;
}

// The first value of `shown` (g.state without the declared secrets) that
// `view` leaves out or changes: its path, or "".
std::string first_hidden(const nlohmann::json& shown, const nlohmann::json& view,
                         const std::string& path) {
  if (shown.is_null()) return {};  // nil, or a declared secret
  if (!shown.is_object() && !shown.is_array()) return shown == view ? "" : path;
  if (shown.empty()) return {};
  if (!view.is_object() && !view.is_array()) return path;
  auto visit = [&](const std::string& key, const nlohmann::json& value) {
    if (value.is_null()) return std::string();
    const nlohmann::json* seen = child(view, key);
    if (!seen) return path + path_step(key);
    return first_hidden(value, *seen, path + path_step(key));
  };
  if (shown.is_array()) {
    for (size_t i = 0; i < shown.size(); ++i)
      if (auto p = visit("#" + std::to_string(i + 1), shown[i]); !p.empty()) return p;
  } else {
    for (const auto& [key, value] : shown.items())
      if (auto p = visit(key, value); !p.empty()) return p;
  }
  return {};
}

}  // namespace

std::string view_hides(Match& m, int* seat) {
  const auto& secrets = m.rules().meta().secrets;
  nlohmann::json state = m.state_json();
  for (int s = 0; s <= m.players(); ++s) {
    std::string path =
        first_hidden(without_secrets(state, secrets, s), m.ruleset_view(s), "g.state");
    if (!path.empty()) {
      *seat = s;
      return path;
    }
  }
  return {};
}

std::vector<Finding> lint_tables(Rules& rules) {
  std::vector<Finding> out = rules.load_notes();
  protect(rules.vm(), [&](lua_State*) { TableLint(rules, out).run(); });
  return out;
}

}  // namespace ratify::lua
