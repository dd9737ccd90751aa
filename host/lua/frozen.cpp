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
// # and pairs of the action. A flat action's stand-in is kept while the
// action lives: a ruleset that offers the same table again (shared
// actions, the fast way) pays for it once. Measured: docs/architecture.md
// "Frozen actions".
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

void push_frozen_in(lua_State* L, int t, int memo);

// A value read from an action: a table in it is read through a stand-in.
// `memo` (the stand-ins made in this freeze, by table) makes a table met
// twice (shared, or a cycle) one stand-in: walked as a tree, {t, t} 60
// deep was 2^60 stand-ins.
void push_read(lua_State* L, int value, int memo) {
  if (lua_istable(L, value))
    push_frozen_in(L, lua_absindex(L, value), memo);
  else
    lua_pushvalue(L, value);
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

// How many fields the table at t has, and whether a table is among them.
int count_fields(lua_State* L, int t, bool* nested) {
  int n = 0;
  *nested = false;
  for (lua_pushnil(L); lua_next(L, t); lua_pop(L, 1)) {
    ++n;
    *nested = *nested || lua_istable(L, -1);
  }
  return n;
}

// A copy of the action at t whose tables are stand-ins: what a stand-in
// of an action with tables in it reads (fields at full speed, unlike a C
// __index). A snapshot: such a stand-in is never kept.
void push_shadow(lua_State* L, int t, int fields, int memo) {
  lua_createtable(L, 0, fields);  // sized once: growing a table rehashes it
  int shadow = lua_gettop(L);
  for (lua_pushnil(L); lua_next(L, t); lua_pop(L, 1)) {  // key value
    lua_pushvalue(L, -2);
    push_read(L, lua_gettop(L) - 1, memo);
    lua_rawset(L, shadow);
  }
}

// The stand-in for the table at t: empty, so every read and write meets
// its metatable. A flat action's stand-in reads the action as it is now,
// so it can be kept (and actions(g) may refill its own tables).
void make_stand_in(lua_State* L, int t, bool flat, int fields, int memo) {
  lua_createtable(L, 0, 0);
  lua_pushvalue(L, t);
  lua_pushvalue(L, -2);
  lua_rawset(L, memo);
  lua_createtable(L, 0, 6);
  if (flat)
    lua_pushvalue(L, t);  // the common case: reads go straight to the action
  else
    push_shadow(L, t, fields, memo);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, -3, &kSourceKey);  // what # and pairs read
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, refuse_write);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, frozen_len);
  lua_setfield(L, -2, "__len");
  lua_pushcfunction(L, frozen_pairs);
  lua_setfield(L, -2, "__pairs");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");  // no setmetatable; getmetatable says false
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

void push_frozen_in(lua_State* L, int t, int memo) {
  luaL_checkstack(L, 8, "an action nested too deep");
  lua_pushvalue(L, t);
  if (lua_rawget(L, memo) == LUA_TTABLE) return;  // met before in this freeze
  lua_pop(L, 1);
  push_kept(L);
  lua_pushvalue(L, t);
  if (lua_rawget(L, -2) == LUA_TTABLE) {  // frozen before
    lua_remove(L, -2);
    return;
  }
  lua_pop(L, 1);
  bool nested = false;
  int fields = count_fields(L, t, &nested);
  bool flat = !nested;
  make_stand_in(L, t, flat, fields, memo);
  if (flat) {
    lua_pushvalue(L, t);
    lua_pushvalue(L, -2);
    lua_rawset(L, -4);
  }
  lua_remove(L, -2);  // the kept ones
}

}  // namespace

void push_frozen(lua_State* L, int idx) {
  int t = lua_absindex(L, idx);
  if (!lua_istable(L, t)) {
    lua_pushvalue(L, t);
    return;
  }
  push_kept(L);  // the common case, an action frozen before: no memo made
  lua_pushvalue(L, t);
  if (lua_rawget(L, -2) == LUA_TTABLE) {
    lua_remove(L, -2);
    return;
  }
  lua_pop(L, 2);
  lua_newtable(L);
  push_frozen_in(L, t, lua_gettop(L));
  lua_remove(L, -2);
}

}  // namespace ratify::lua
