// Frozen actions: apply(g, action) gets a read-only stand-in for its
// action, in every mode. Batch games once handed apply the ruleset's own
// table (no copy: they are fast), and rulesets share action tables
// between decisions and games, so a write into an action changed the
// games that came later, while a transaction's copy hid it from `play`
// and `test`. One stand-in for all modes makes a playtest play exactly the
// game that `play` and `test` play.
//
// The stand-in is an empty table whose metatable reads from the action
// (__index), refuses every write at the line that writes (__newindex), and
// gives # and pairs of the action. A stand-in of a flat action (the
// common case) is kept while the action lives: a ruleset that offers the
// same table again (shared actions, the fast way) pays for it once, and
// since it reads the action as it is now, actions(g) may still refill its
// own tables between calls. Measured: docs/architecture.md.
#include "lua/internal.hpp"

namespace ratify::lua {

namespace {

constexpr int kMaxDepth = 16;  // actions are plain data, checked shallower than this
const char kCacheKey = 0;      // the registry's light-userdata key of the kept stand-ins

// __newindex: the write is the ruleset's error, at the line that wrote.
int refuse_write(lua_State* L) {
  luaL_where(L, 1);  // the code that wrote (level 0 is this function)
  lua_pushliteral(L,
                  "an action is read-only: apply(g, action) must not change it (the same "
                  "action may be offered again, in this game or another); copy what you "
                  "need into g.state or a local table");
  lua_concat(L, 2);
  return lua_error(L);
}

// The table a stand-in reads from (its metatable's __index).
void push_source(lua_State* L, int proxy) {
  lua_getmetatable(L, proxy);
  lua_getfield(L, -1, "__index");
  lua_remove(L, -2);
}

int frozen_len(lua_State* L) {
  push_source(L, 1);
  lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, -1)));
  return 1;
}

int frozen_next(lua_State* L) {
  push_source(L, 1);
  lua_pushvalue(L, 2);
  return lua_next(L, -2) ? 2 : 0;
}

int frozen_pairs(lua_State* L) {
  lua_pushcfunction(L, frozen_next);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

bool has_table_field(lua_State* L, int t) {
  for (lua_pushnil(L); lua_next(L, t); lua_pop(L, 1))
    if (lua_istable(L, -1)) {
      lua_pop(L, 2);
      return true;
    }
  return false;
}

void freeze_rec(lua_State* L, int t, int depth);

// A copy of table t whose table fields are frozen in turn.
void push_frozen_fields(lua_State* L, int t, int depth) {
  lua_createtable(L, static_cast<int>(lua_rawlen(L, t)), 0);
  int copy = lua_gettop(L);
  for (lua_pushnil(L); lua_next(L, t); lua_pop(L, 1)) {
    lua_pushvalue(L, -2);
    if (lua_istable(L, -2))
      freeze_rec(L, lua_absindex(L, -2), depth + 1);
    else
      lua_pushvalue(L, -2);
    lua_rawset(L, copy);
  }
}

// The stand-in for table t: empty, so every read and write meets the
// metatable.
void freeze_rec(lua_State* L, int t, int depth) {
  if (depth > kMaxDepth) luaL_error(L, "an action nested deeper than %d tables", kMaxDepth);
  luaL_checkstack(L, 6, "an action nested too deep");
  lua_createtable(L, 0, 0);
  lua_createtable(L, 0, 5);
  if (has_table_field(L, t))
    push_frozen_fields(L, t, depth);  // nested tables read through stand-ins too
  else
    lua_pushvalue(L, t);  // flat: reads go straight to the action
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, refuse_write);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, frozen_len);
  lua_setfield(L, -2, "__len");
  lua_pushcfunction(L, frozen_pairs);
  lua_setfield(L, -2, "__pairs");
  lua_pushliteral(L, "a frozen action");
  lua_setfield(L, -2, "__metatable");  // no setmetatable, no getmetatable
  lua_setmetatable(L, -2);
}

// The kept stand-ins, by action; weak keys: they go with their action.
void push_kept(lua_State* L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &kCacheKey) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_createtable(L, 0, 64);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kCacheKey);
}

}  // namespace

void push_frozen(lua_State* L, int idx) {
  int t = lua_absindex(L, idx);
  if (!lua_istable(L, t)) {
    lua_pushvalue(L, t);
    return;
  }
  push_kept(L);
  lua_pushvalue(L, t);
  if (lua_rawget(L, -2) == LUA_TTABLE) {  // frozen before
    lua_remove(L, -2);
    return;
  }
  lua_pop(L, 1);
  bool flat = !has_table_field(L, t);
  freeze_rec(L, t, 0);
  if (flat) {  // a nested one is a snapshot: never kept, as the action may change
    lua_pushvalue(L, t);
    lua_pushvalue(L, -2);
    lua_rawset(L, -4);
  }
  lua_remove(L, -2);
}

}  // namespace ratify::lua
