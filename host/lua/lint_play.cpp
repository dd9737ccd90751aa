// What lint learns from the rules at play, not from their tables: the
// globals a script sets or reads while nil (watch_globals), and what a
// seat's view hides that the secrets do not declare (view_hides).
#include <cstdlib>

#include "lua/internal.hpp"
#include "lua/lint.hpp"
#include "lua/match.hpp"
#include "lua/ruleset.hpp"
#include "lua/source_file.hpp"

namespace ratify::lua {

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

}  // namespace ratify::lua
