// Frozen actions: apply(g, action) gets a read-only stand-in for its
// action, in every mode. Batch games hand apply the ruleset's own table
// (no copy: they are fast), and rulesets share action tables between
// decisions and games, so a write into an action would change games that
// come later; a transaction's copy would hide it. One stand-in for both
// makes a playtest play exactly the game that `play` and `test` play.
#include "lua/internal.hpp"

namespace ratify::lua {

namespace {

constexpr int kMaxDepth = 16;  // actions are plain data, checked shallower than this

// __newindex: the write is the ruleset's error, at the line that wrote.
int refuse_write(lua_State* L) {
  luaL_where(L, 1);  // the code that wrote (level 0 is this function)
  lua_pushfstring(L,
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
  if (lua_next(L, -2) == 0) return 0;
  return 2;
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

void freeze_rec(lua_State* L, int t, int depth) {
  if (depth > kMaxDepth) luaL_error(L, "an action nested deeper than %d tables", kMaxDepth);
  lua_createtable(L, 0, 0);  // the stand-in: always empty, so every write meets __newindex
  lua_createtable(L, 0, 5);
  if (has_table_field(L, t))
    push_frozen_fields(L, t, depth);
  else
    lua_pushvalue(L, t);  // flat (the common case): reads go straight to the table
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, refuse_write);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, frozen_len);
  lua_setfield(L, -2, "__len");
  lua_pushcfunction(L, frozen_pairs);
  lua_setfield(L, -2, "__pairs");
  lua_pushliteral(L, "a frozen action");
  lua_setfield(L, -2, "__metatable");  // no setmetatable, no peeking at the source
  lua_setmetatable(L, -2);
}

}  // namespace

void push_frozen(lua_State* L, int idx) {
  int t = lua_absindex(L, idx);
  if (!lua_istable(L, t)) {
    lua_pushvalue(L, t);
    return;
  }
  freeze_rec(L, t, 0);
}

}  // namespace ratify::lua
