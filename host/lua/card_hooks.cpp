// Card coverage's count of hooks run (Rules::count_hooks, docs/metrics.md
// "Card coverage"). A ruleset calls its cards' hooks itself, whenever it
// likes and by any path, so the host cannot watch the calls; it puts a
// counter in front of each hook instead, once, when a batch game first
// notes cards. The counter is a C function holding the hook and its
// card's definition: it counts the call for the match running (the VM's
// current match; Match::hook_ran leaves out calls in a bot's imagined
// world, which the bot makes on the same match), then calls the hook with the same arguments and
// hands back all it returns. Only a call that hands the hook the game (`g`, first) counts: a plain
// function of numbers, such as a Style's zero_affiliation(holder, q), is one the rules may remember
// the answers of across games (article2 does), so how often it is called depends on which games a
// thread played before, and counts must not depend on threads.
#include <unordered_map>

#include "lua/internal.hpp"
#include "lua/match.hpp"
#include "lua/ruleset.hpp"
#include "lua/vm.hpp"

namespace ratify::lua {

namespace {

int counted_done(lua_State* L, int, lua_KContext) {
  return lua_gettop(L);
}

// Upvalues: the hook, its definition's index (0-based).
int counted_hook(lua_State* L) {
  Match* m = Vm::of(L).current;
  if (m && m->noting_cards() && lua_gettop(L) >= 1) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, m->g_ref());
    bool given_g = lua_rawequal(L, 1, -1);
    lua_pop(L, 1);
    if (given_g) m->hook_ran(static_cast<size_t>(lua_tointeger(L, lua_upvalueindex(2))));
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  // A continuation, so that a hook may still yield (a coroutine in the rules).
  lua_callk(L, lua_gettop(L) - 1, LUA_MULTRET, 0, counted_done);
  return lua_gettop(L);
}

// Replaces each function field of the table at `t` by its counter; with
// `inner`, the same one level down, in the tables `owned` says belong to
// this definition alone (a table two definitions share would count for
// one of them only: it is left as it is).
void put_counters(lua_State* L, int t, lua_Integer def,
                  const std::unordered_map<const void*, int>& owned, bool inner) {
  lua_pushnil(L);
  while (lua_next(L, t) != 0) {
    if (lua_type(L, -1) == LUA_TFUNCTION && !lua_iscfunction(L, -1)) {
      lua_pushinteger(L, def);
      lua_pushcclosure(L, counted_hook, 2);
      lua_pushvalue(L, -2);  // the key
      lua_insert(L, -2);
      lua_rawset(L, t);  // an existing key: lua_next goes on safely
    } else if (inner && lua_type(L, -1) == LUA_TTABLE) {
      auto it = owned.find(lua_topointer(L, -1));
      if (it != owned.end() && it->second == 1) put_counters(L, lua_gettop(L), def, owned, false);
      lua_pop(L, 1);
    } else {
      lua_pop(L, 1);
    }
  }
}

}  // namespace

void Rules::count_hooks() {
  if (hooks_counted_ || defs_ref_ == -1) return;
  hooks_counted_ = true;
  protect(*vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, defs_ref_);
    int defs = lua_gettop(L);
    lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, defs));
    // How many definitions hold each table field.
    std::unordered_map<const void*, int> owned;
    for (lua_Integer i = 1; i <= n; ++i) {
      if (lua_rawgeti(L, defs, i) == LUA_TTABLE) {
        lua_pushnil(L);
        while (lua_next(L, -2) != 0) {
          if (lua_type(L, -1) == LUA_TTABLE) ++owned[lua_topointer(L, -1)];
          lua_pop(L, 1);
        }
      }
      lua_pop(L, 1);
    }
    for (lua_Integer i = 1; i <= n; ++i) {
      if (lua_rawgeti(L, defs, i) == LUA_TTABLE) put_counters(L, lua_gettop(L), i - 1, owned, true);
      lua_pop(L, 1);
    }
    lua_settop(L, defs - 1);
  });
}

void Match::set_note_cards(bool on) {
  note_cards_ = on;
  if (!on) return;
  rules_.count_hooks();
  hooks_run_.assign(table_.defs().size(), 0);
}

}  // namespace ratify::lua
