// Frozen actions: apply(g, action) gets a read-only stand-in for its
// action, in every mode. Batch games once handed apply the ruleset's own
// table (no copy: they are fast), and rulesets share action tables
// between decisions and games, so a write into an action changed the
// games that came later, while a transaction's copy hid it from `play`
// and `test`. One stand-in for all modes makes a playtest play exactly the
// game that `play` and `test` play.
//
// A stand-in is a table without a field a script can name, so every read
// and write meets its metatable: writes are refused at the line that
// writes (__newindex; the sandbox's rawset and next know stand-ins too),
// # and pairs give the action's. Every stand-in reads its action as it is
// now, so it is kept while the action lives (weak keys): an action offered
// again, by a ruleset that shares its tables or by a search applying the
// same move in many worlds, pays for its stand-in once. Two kinds, by the
// action's shape:
//
// - flat (no table in it), the way fast rulesets share them: its own
//   metatable's __index is the action (a read costs two lookups more
//   than on the table).
// - nested, mostly made fresh: the stand-in holds its action under a key
//   no script can make (a light userdata) and shares one metatable whose
//   __index reads the action, a table in it through a stand-in of its
//   own, made on first read. Nothing is copied: apply reads a few fields
//   of a move, not all.
//
// Measured: docs/architecture.md "Frozen actions".
#include "lua/internal.hpp"

namespace ratify::lua {

namespace {

const char kKeptKey = 0;      // registry: the kept stand-ins, by action (weak keys)
const char kNestedMtKey = 0;  // registry: the nested stand-ins' shared metatable
const char kSourceKey = 0;    // the action: in a nested stand-in, or a flat one's metatable
const char kInnerKey = 0;     // a nested stand-in's stand-ins of its tables, by table
const char kReadOnlyKey = 0;  // in the metatable of every read-only stand-in

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

// Whether the value at idx is a read-only stand-in, of an action or of
// anything else the host hands out read-only (g.options): its metatable
// has the mark, so the guards below need not know each kind.
bool is_read_only(lua_State* L, int idx) {
  if (!lua_istable(L, idx) || !lua_getmetatable(L, idx)) return false;
  bool marked = lua_rawgetp(L, -1, &kReadOnlyKey) != LUA_TNIL;
  lua_pop(L, 2);
  return marked;
}

// The action of the stand-in at `proxy`; true for a nested one.
bool push_source(lua_State* L, int proxy) {
  if (lua_rawgetp(L, proxy, &kSourceKey) != LUA_TNIL) return true;
  lua_pop(L, 1);
  lua_getmetatable(L, proxy);
  lua_rawgetp(L, -1, &kSourceKey);
  lua_remove(L, -2);
  return false;
}

void push_nested(lua_State* L, int t);

// The value on top, read from the nested stand-in at `proxy`: a table is
// replaced by its own stand-in, made once per stand-in and table.
void freeze_read(lua_State* L, int proxy) {
  if (!lua_istable(L, -1)) return;
  int inner = lua_gettop(L);
  if (lua_rawgetp(L, proxy, &kInnerKey) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 2);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, proxy, &kInnerKey);
  }
  int made = inner + 1;
  lua_pushvalue(L, inner);
  if (lua_rawget(L, made) == LUA_TNIL) {
    lua_pop(L, 1);
    push_nested(L, inner);
    lua_pushvalue(L, inner);
    lua_pushvalue(L, -2);
    lua_rawset(L, made);
  }
  lua_replace(L, inner);
  lua_settop(L, inner);
}

int nested_index(lua_State* L) {
  lua_rawgetp(L, 1, &kSourceKey);
  lua_pushvalue(L, 2);
  lua_rawget(L, -2);
  freeze_read(L, 1);
  return 1;
}

int frozen_len(lua_State* L) {
  push_source(L, 1);
  lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, -1)));
  return 1;
}

// next(stand-in, key) as next(action, key) would be, tables frozen.
int frozen_next(lua_State* L) {
  lua_settop(L, 2);
  bool nested = push_source(L, 1);
  lua_pushvalue(L, 2);
  if (!lua_next(L, -2)) return 0;
  if (nested) freeze_read(L, 1);
  return 2;
}

int frozen_pairs(lua_State* L) {
  lua_pushcfunction(L, frozen_next);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

// rawset and next skip metatables: the sandbox's know read-only stand-ins.
// A write is refused by the stand-in's own __newindex (a C function, run
// in this frame so that its message names the line that called rawset).
int guarded_rawset(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checkany(L, 2);
  luaL_checkany(L, 3);
  lua_settop(L, 3);
  if (is_read_only(L, 1)) {
    luaL_getmetafield(L, 1, "__newindex");
    lua_CFunction refuse = lua_tocfunction(L, -1);
    lua_pop(L, 1);
    return refuse(L);
  }
  lua_rawset(L, 1);
  return 1;
}

// next(stand-in, key) as pairs(stand-in) would go: f(s, key), with f and s
// from its __pairs (the stand-in itself holds no field).
int guarded_next(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  if (is_read_only(L, 1)) {
    luaL_getmetafield(L, 1, "__pairs");
    lua_pushvalue(L, 1);
    lua_call(L, 1, 2);  // f, s
    lua_pushvalue(L, 2);
    lua_call(L, 2, 2);  // the key and value, or nil
    return 2;
  }
  if (lua_next(L, 1)) return 2;
  lua_pushnil(L);
  return 1;
}

void set_metamethods(lua_State* L, int mt) {
  lua_pushcfunction(L, refuse_write);
  lua_setfield(L, mt, "__newindex");
  lua_pushcfunction(L, frozen_len);
  lua_setfield(L, mt, "__len");
  lua_pushcfunction(L, frozen_pairs);
  lua_setfield(L, mt, "__pairs");
  lua_pushboolean(L, 0);
  lua_setfield(L, mt, "__metatable");  // no setmetatable; getmetatable says false
  mark_read_only(L, mt);
}

// A stand-in for the flat action at t.
void push_flat(lua_State* L, int t) {
  lua_createtable(L, 0, 0);
  lua_createtable(L, 0, 6);
  int mt = lua_gettop(L);
  lua_pushvalue(L, t);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, mt, &kSourceKey);  // what # and pairs read
  lua_setfield(L, mt, "__index");
  set_metamethods(L, mt);
  lua_setmetatable(L, -2);
}

// A stand-in for the table at t that has tables in it.
void push_nested(lua_State* L, int t) {
  luaL_checkstack(L, 6, "an action nested too deep");
  lua_createtable(L, 0, 1);
  lua_pushvalue(L, t);
  lua_rawsetp(L, -2, &kSourceKey);
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &kNestedMtKey) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 6);
    lua_pushcfunction(L, nested_index);
    lua_setfield(L, -2, "__index");
    set_metamethods(L, lua_gettop(L));
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &kNestedMtKey);
  }
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

bool is_flat(lua_State* L, int t) {
  for (lua_pushnil(L); lua_next(L, t); lua_pop(L, 1))
    if (lua_istable(L, -1)) {
      lua_pop(L, 2);
      return false;
    }
  return true;
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
  if (lua_rawget(L, -2) == LUA_TTABLE) {  // frozen before
    lua_remove(L, -2);
    return;
  }
  lua_pop(L, 1);
  if (is_flat(L, t))
    push_flat(L, t);
  else
    push_nested(L, t);
  lua_pushvalue(L, t);
  lua_pushvalue(L, -2);
  lua_rawset(L, -4);
  lua_remove(L, -2);  // the kept ones
}

void mark_read_only(lua_State* L, int mt) {
  mt = lua_absindex(L, mt);
  lua_pushboolean(L, 1);
  lua_rawsetp(L, mt, &kReadOnlyKey);
}

void open_frozen_guards(lua_State* L) {
  lua_pushcfunction(L, guarded_rawset);
  lua_setglobal(L, "rawset");
  lua_pushcfunction(L, guarded_next);
  lua_setglobal(L, "next");
}

}  // namespace ratify::lua
