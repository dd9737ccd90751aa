// Lint of a ruleset's tables (see lint.hpp, docs/lint.md). Every finding
// names the file and, where the text shows it, the line (lint_key_line.cpp
// finds it); lint_play.cpp has what lint learns from the rules at play.
#include "lua/lint.hpp"
#include "lua/source_file.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>

#include "lua/internal.hpp"
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
      "actions",   "actor",      "apply",  "card_fields",  "cards",   "describe",
      "heuristic", "heuristics", "id",     "layout",       "name",    "options",
      "players",   "result",     "score",  "search",       "secrets", "settable",
      "setup",     "stats",      "status", "table_status", "view"};
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

std::vector<Finding> lint_tables(Rules& rules) {
  std::vector<Finding> out = rules.load_notes();
  protect(rules.vm(), [&](lua_State*) { TableLint(rules, out).run(); });
  return out;
}

}  // namespace ratify::lua
