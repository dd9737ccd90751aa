// The test game G of the scenario-test API: reading it (G:actor,
// G:actions, G:result, G:status...) and playing it (G:act, G:playout).
#include <cstring>
#include <sstream>

#include "lua/lint.hpp"
#include "lua/match.hpp"
#include "lua/ruleset.hpp"
#include "lua/wrap_test.hpp"

namespace ratify::lua::test_api {

Match& game_arg(lua_State* L) {
  auto* box = static_cast<GameBox*>(luaL_checkudata(L, 1, kGameMeta));
  if (!box->match) luaL_error(L, "this test game is gone");
  return *box->match;
}

int game_gc(lua_State* L) {
  auto* box = static_cast<GameBox*>(luaL_checkudata(L, 1, kGameMeta));
  delete box->match;
  box->match = nullptr;
  return 0;
}

int game_index(lua_State* L) {
  Match& m = game_arg(L);
  const char* key = luaL_checkstring(L, 2);
  if (std::strcmp(key, kGameField) == 0) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, m.g_ref());
    return 1;
  }
  luaL_getmetatable(L, kGameMeta);
  lua_getfield(L, -1, "methods");
  lua_getfield(L, -1, key);
  return 1;
}

int game_actor(lua_State* L) {
  Match& m = game_arg(L);
  return guarded(L, [&] {
    int a = m.actor();
    if (a)
      lua_pushinteger(L, a);
    else
      lua_pushnil(L);
    return 1;
  });
}

// The legal actions, each a copy with its label filled in.
int game_actions(lua_State* L) {
  Match& m = game_arg(L);
  return guarded(L, [&] {
    m.touch();  // the test may have changed g.state by hand
    int n = m.action_count();
    std::vector<std::string> labels;
    for (int i = 0; i < n; ++i) labels.push_back(m.action_info(i).label);
    lua_createtable(L, n, 0);
    lua_rawgeti(L, LUA_REGISTRYINDEX, m.actions_ref());
    for (int i = 0; i < n; ++i) {
      lua_rawgeti(L, -1, i + 1);
      push_copy(L, -1);
      lua_pushstring(L, labels[i].c_str());
      lua_setfield(L, -2, "label");
      lua_rawseti(L, -4, i + 1);
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return 1;
  });
}

// Indices of the legal actions matching the spec at stack index 2.
std::vector<int> matching(lua_State* L, Match& m, std::vector<std::string>& labels) {
  m.touch();
  int n = m.action_count();
  for (int i = 0; i < n; ++i) labels.push_back(m.action_info(i).label);
  std::vector<int> hits;
  int top = lua_gettop(L);
  if (lua_type(L, 2) == LUA_TSTRING) {
    std::string want = lua_tostring(L, 2);
    for (int i = 0; i < n; ++i)
      if (labels[i] == want) hits.push_back(i);
    return hits;
  }
  // A spec's label (an action from G:actions() has one) is compared with
  // the action's text, made by describe when the action carries none.
  int spec = 2;
  std::string label;
  bool by_label = lua_getfield(L, 2, "label") == LUA_TSTRING;
  if (by_label) label = lua_tostring(L, -1);
  lua_pop(L, 1);
  if (by_label) {
    lua_newtable(L);
    spec = lua_gettop(L);
    for (lua_pushnil(L); lua_next(L, 2); lua_pop(L, 1)) {
      if (lua_type(L, -2) == LUA_TSTRING && std::strcmp(lua_tostring(L, -2), "label") == 0)
        continue;
      lua_pushvalue(L, -2);
      lua_pushvalue(L, -2);
      lua_rawset(L, spec);
    }
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, m.actions_ref());
  for (int i = 0; i < n; ++i) {
    lua_rawgeti(L, -1, i + 1);
    if (fields_match(L, spec, -1) && (!by_label || labels[i] == label)) hits.push_back(i);
    lua_pop(L, 1);
  }
  lua_settop(L, top);
  return hits;
}

int game_can(lua_State* L) {
  Match& m = game_arg(L);
  if (!lua_istable(L, 2)) luaL_checkstring(L, 2);
  return guarded(L, [&] {
    std::vector<std::string> labels;
    lua_pushboolean(L, !matching(L, m, labels).empty());
    return 1;
  });
}

namespace {

// G:act's work; -1 with the message on the stack when it fails, so that
// game_act raises after these C++ objects are gone.
int act(lua_State* L) {
  Match& m = game_arg(L);
  if (!lua_istable(L, 2)) luaL_checkstring(L, 2);
  std::string problem;
  std::string spec = show(L, 2);
  int rc = catch_to_stack(L, [&] {
    std::vector<std::string> labels;
    auto hits = matching(L, m, labels);
    if (hits.size() == 1) {
      int chosen = hits[0];
      lua_rawgeti(L, LUA_REGISTRYINDEX, m.actions_ref());
      lua_rawgeti(L, -1, chosen + 1);
      push_copy(L, -1);
      m.apply(chosen);
      return 1;
    }
    std::ostringstream s;
    s << (hits.empty() ? "no legal action matches " : "several legal actions match ") << spec
      << " (actor " << m.actor() << "); the legal actions are:";
    for (size_t i = 0; i < labels.size(); ++i) s << "\n    " << labels[i];
    if (labels.empty()) s << " none";
    problem = s.str();
    return 0;
  });
  if (problem.empty()) return rc;
  push_failure(L, problem);
  return -1;
}

}  // namespace

int game_act(lua_State* L) {
  return raise_if_failed(L, act(L));
}

int game_result(lua_State* L) {
  Match& m = game_arg(L);
  return guarded(L, [&] {
    auto r = m.result();
    if (!r) {
      lua_pushnil(L);
      return 1;
    }
    lua_newtable(L);
    lua_newtable(L);
    for (size_t i = 0; i < r->winners.size(); ++i) {
      lua_pushinteger(L, r->winners[i]);
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    lua_setfield(L, -2, "winners");
    lua_newtable(L);
    for (size_t i = 0; i < r->scores.size(); ++i) {
      double s = r->scores[i];
      if (s == static_cast<double>(static_cast<lua_Integer>(s)))
        lua_pushinteger(L, static_cast<lua_Integer>(s));
      else
        lua_pushnumber(L, s);
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    lua_setfield(L, -2, "scores");
    lua_pushstring(L, r->text.c_str());
    lua_setfield(L, -2, "text");
    return 1;
  });
}

int game_card(lua_State* L) {
  Match& m = game_arg(L);
  const char* id = luaL_checkstring(L, 2);
  lua_Integer n = luaL_optinteger(L, 3, 1);
  for (int c = 1; c <= m.table().ncards(); ++c)
    if (m.table().def(c).id == id && --n == 0) {
      lua_pushinteger(L, c);
      return 1;
    }
  return luaL_error(L, "no copy %d of card '%s'", static_cast<int>(luaL_optinteger(L, 3, 1)), id);
}

int game_playout(lua_State* L) {
  Match& m = game_arg(L);
  lua_Integer max = luaL_optinteger(L, 2, 100000);
  return guarded(L, [&] {
    // Seeded by the state too, so that G:playout(1) in a loop walks at
    // random instead of taking the same pick position every call.
    core::Rng pick(core::mix_seed(m.seed() ^ 77, m.hash()));
    lua_Integer done = 0;
    for (; done < max; ++done) {
      if (m.actor() == 0) break;
      int n = m.action_count();
      if (n == 0) throw ScriptError(no_action_message(m.rules(), m.actor()));
      m.apply(static_cast<int>(pick.below(static_cast<uint32_t>(n))));
    }
    lua_pushinteger(L, done);
    return 1;
  });
}

// G:heuristic(p): the ruleset's heuristic(g, p), as the bots see it.
int game_heuristic(lua_State* L) {
  Match& m = game_arg(L);
  lua_Integer p = luaL_checkinteger(L, 2);
  if (p < 1 || p > m.players()) return luaL_error(L, "no player %d", static_cast<int>(p));
  if (!m.has_heuristic()) return luaL_error(L, "the ruleset has no heuristic(g, player)");
  return guarded(L, [&] {
    lua_pushnumber(L, m.heuristic(static_cast<int>(p)));
    return 1;
  });
}

namespace {

// Lines as a Lua list of strings.
void push_lines(lua_State* L, const std::vector<std::string>& lines) {
  lua_createtable(L, static_cast<int>(lines.size()), 0);
  for (size_t i = 0; i < lines.size(); ++i) {
    lua_pushlstring(L, lines[i].data(), lines[i].size());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
}

}  // namespace

// G:status(p): the lines of the ruleset's status(g, p), as the window
// shows them beside player p.
int game_status(lua_State* L) {
  Match& m = game_arg(L);
  lua_Integer p = luaL_checkinteger(L, 2);
  if (p < 1 || p > m.players()) return luaL_error(L, "no player %d", static_cast<int>(p));
  return guarded(L, [&] {
    push_lines(L, m.status(static_cast<int>(p)));
    return 1;
  });
}

// G:log(): every line g.log and g.log_to wrote so far, oldest first;
// G:log(p): the lines player p is shown (0: an onlooker).
int game_log(lua_State* L) {
  Match& m = game_arg(L);
  if (lua_isnoneornil(L, 2)) {
    push_lines(L, m.log());
    return 1;
  }
  lua_Integer p = luaL_checkinteger(L, 2);
  if (p < 0 || p > m.players()) return luaL_error(L, "no player %d", static_cast<int>(p));
  push_lines(L, m.log_for(static_cast<int>(p)));
  return 1;
}

}  // namespace ratify::lua::test_api
