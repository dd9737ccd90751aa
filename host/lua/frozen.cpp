// Frozen actions: apply(g, action) gets a read-only stand-in for its
// action, in every mode. Batch games once handed apply the ruleset's own
// table (no copy: they are fast), and rulesets share action tables
// between decisions and games, so a write into an action changed the
// games that came later, while a transaction's copy hid it from `play`
// and `test`. One stand-in for all modes makes a playtest play exactly the
// game that `play` and `test` play.
//
// The stand-in is an empty table whose metatable reads from the action
// (__index; a table in the action is read through a stand-in of its own),
// refuses every write at the line that writes it (__newindex), and gives
// # and pairs of the action. A stand-in is kept while its action lives: a
// ruleset that offers the same table again (shared actions, the fast way)
// pays for it once. Measured: docs/architecture.md "Frozen actions".
#include "lua/internal.hpp"

namespace ratify::lua {

namespace {

const char kKeptKey = 0;    // the registry's light-userdata key of the kept stand-ins
const char kSourceKey = 0;  // a stand-in's metatable holds its action under this key

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

// The action a stand-in (at index `proxy`) reads.
void push_source(lua_State* L, int proxy) {
  lua_getmetatable(L, proxy);
  lua_rawgetp(L, -1, &kSourceKey);
  lua_remove(L, -2);
}

// A value read from an action: a table in it is read through a stand-in.
void push_read(lua_State* L, int value) {
  if (lua_istable(L, value))
    push_frozen(L, value);
  else
    lua_pushvalue(L, value);
}

// __index of an action with tables in it (a flat one reads its action
// directly, which is faster).
int nested_index(lua_State* L) {
  push_source(L, 1);
  lua_pushvalue(L, 2);
  lua_rawget(L, -2);
  push_read(L, lua_gettop(L));
  return 1;
}

int frozen_len(lua_State* L) {
  push_source(L, 1);
  lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, -1)));
  return 1;
}

int frozen_next(lua_State* L) {
  push_source(L, 1);
  lua_pushvalue(L, 2);
  if (!lua_next(L, -2)) return 0;
  push_read(L, lua_gettop(L));
  lua_remove(L, -2);
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

// The stand-in for the table at t: empty, so every read and write meets
// its metatable. It reads the action as it is now (never a snapshot), so
// it can be kept, and actions(g) may refill its own tables between calls.
void make_stand_in(lua_State* L, int t) {
  lua_createtable(L, 0, 0);
  lua_createtable(L, 0, 6);
  lua_pushvalue(L, t);
  lua_rawsetp(L, -2, &kSourceKey);
  if (has_table_field(L, t))
    lua_pushcfunction(L, nested_index);  // its tables read through stand-ins too
  else
    lua_pushvalue(L, t);  // flat (the common case): reads go straight to the action
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
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &kKeptKey) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_createtable(L, 0, 64);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kKeptKey);
}

}  // namespace

void push_frozen(lua_State* L, int idx) {
  int t = lua_absindex(L, idx);
  if (!lua_istable(L, t)) {
    lua_pushvalue(L, t);
    return;
  }
  luaL_checkstack(L, 8, "an action nested too deep");
  push_kept(L);
  lua_pushvalue(L, t);
  if (lua_rawget(L, -2) != LUA_TTABLE) {  // not frozen before
    lua_pop(L, 1);
    make_stand_in(L, t);
    lua_pushvalue(L, t);
    lua_pushvalue(L, -2);
    lua_rawset(L, -4);
  }
  lua_remove(L, -2);  // the kept ones
}

}  // namespace ratify::lua
