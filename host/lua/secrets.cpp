// Secrets (docs/lua-api.md "Secrets"): the parts of g.state a ruleset
// declares private. A seat's view leaves out the others' (without_secrets);
// a bot's world holds, in their place, the ruleset's guess (`imagine`) or
// a tripwire: a metatable whose __index names the line that reads one.
#include <string>

#include "lua/internal.hpp"
#include "lua/match.hpp"
#include "lua/ruleset.hpp"
#include "lua/vm_internals.hpp"

namespace ratify::lua {

namespace {

constexpr const char* kTripwire = "ratify.secret";

// __index of a table holding secrets: a read of one that is hidden raises
// its message at the reader's line (level 1: the Lua function indexing).
// Upvalue 1: the hidden keys, each with its message.
int tripwire_index(lua_State* L) {
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TSTRING) return 0;
  luaL_where(L, 1);
  lua_insert(L, -2);
  lua_concat(L, 2);
  return lua_error(L);
}

// __pairs: walking the table would read every hidden secret still there.
int tripwire_pairs(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_pushnil(L);
  while (lua_next(L, lua_upvalueindex(1))) {
    lua_pushvalue(L, -2);
    if (lua_rawget(L, 1) == LUA_TNIL) {
      luaL_where(L, 2);  // 1 is pairs itself
      lua_pushstring(L, "pairs would read a secret: ");
      lua_pushvalue(L, -4);
      lua_concat(L, 3);
      return lua_error(L);
    }
    lua_pop(L, 2);
  }
  lua_getglobal(L, "next");
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

// The hidden keys of the table at `t`: a new table, with those of its
// tripwire if it has one (a world made from a world).
void push_hidden_keys(lua_State* L, int t) {
  lua_newtable(L);
  if (!lua_getmetatable(L, t)) return;
  if (is_tripwire(L, lua_gettop(L))) {
    lua_getfield(L, -1, "__index");
    lua_getupvalue(L, -1, 1);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, -7);
    }
    lua_pop(L, 2);
  }
  lua_pop(L, 1);
}

// Sets on table `t` a tripwire over the hidden keys at `keys` (popped).
void set_tripwire(lua_State* L, int t, int keys) {
  lua_createtable(L, 0, 3);
  lua_pushvalue(L, keys);
  lua_pushcclosure(L, tripwire_index, 1);
  lua_setfield(L, -2, "__index");
  lua_pushvalue(L, keys);
  lua_pushcclosure(L, tripwire_pairs, 1);
  lua_setfield(L, -2, "__pairs");
  lua_pushstring(L, kTripwire);
  lua_setfield(L, -2, "__name");
  lua_setmetatable(L, t);
  lua_remove(L, keys);
}

// Pushes the `imagine` function of secret `key` (the ruleset's table is
// read again each time: a world is made once per search iteration).
void push_imagine(lua_State* L, int module_ref, const char* key) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, module_ref);
  lua_getfield(L, -1, "secrets");
  lua_getfield(L, -1, key);
  lua_getfield(L, -1, "imagine");
  lua_replace(L, -4);
  lua_pop(L, 2);
}

// Pushes what imagine(g [, q]) returns for secret `s`, checked as plain
// data in strict games.
void imagine(lua_State* L, int module_ref, int g, const core::Secret& s, int q, bool strict) {
  push_imagine(L, module_ref, s.key.c_str());
  lua_pushvalue(L, g);
  if (q) lua_pushinteger(L, q);
  {
    InRules rules(*vm_of(L), "imagine");
    lua_call(L, q ? 2 : 1, 1);
  }
  if (!strict) return;
  std::string bad = check_plain(L, -1, "secrets." + s.key + ".imagine(g)'s value");
  if (!bad.empty()) raise_text(L, bad);
}

}  // namespace

bool is_tripwire(lua_State* L, int metatable) {
  lua_pushstring(L, "__name");
  lua_rawget(L, metatable);
  bool yes = lua_type(L, -1) == LUA_TSTRING && std::string_view(lua_tostring(L, -1)) == kTripwire;
  lua_pop(L, 1);
  return yes;
}

// Each secret that is not `player`'s is taken out of g.state (so nothing
// of it is left to read) behind a tripwire, then the ruleset's imagine
// guesses it from the world as re-dealt (imagine cannot read the real
// one: it is gone). An entry that was nil stays nil: whether a seat holds
// a secret is public, what it is is not. In table order of the players,
// so that the guesses draw the world's RNG in the same order every time.
void Match::hide_secrets(int player) {
  const auto& secrets = rules_.meta().secrets;
  if (secrets.empty()) return;
  Running run(vm_, this);
  protect(vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    int g = lua_gettop(L);
    lua_getfield(L, g, "state");
    int state = lua_gettop(L);
    if (!lua_istable(L, state)) return;
    for (const core::Secret& s : secrets) {
      const char* key = s.key.c_str();
      lua_pushstring(L, key);
      lua_rawget(L, state);
      int value = lua_gettop(L);
      if (!s.per_seat && !lua_isnil(L, value)) {
        push_hidden_keys(L, state);
        lua_pushstring(L, key);
        lua_pushfstring(L,
                        "g.state.%s is hidden from every player: player %d's bot cannot read it "
                        "(give secrets.%s an imagine function: docs/lua-api.md \"Secrets\")",
                        key, player, key);
        lua_rawset(L, -3);
        set_tripwire(L, state, lua_gettop(L));
        lua_pushstring(L, key);
        lua_pushnil(L);
        lua_rawset(L, state);
        if (s.imagined) {
          lua_pushstring(L, key);
          imagine(L, rules_.module_ref(), g, s, 0, strict_);
          lua_rawset(L, state);
        }
      } else if (s.per_seat && lua_istable(L, value)) {
        push_hidden_keys(L, value);
        int keys = lua_gettop(L);
        char hidden[core::kMaxPlayers + 1] = {};  // no destructor: imagine may raise
        for (int q = 1; q <= players(); ++q) {
          bool held = lua_rawgeti(L, value, q) != LUA_TNIL;
          lua_pop(L, 1);
          if (q == player || !held) continue;
          hidden[q] = 1;
          lua_pushnil(L);
          lua_rawseti(L, value, q);
          lua_pushfstring(L,
                          "g.state.%s[%d] is player %d's secret: player %d's bot cannot read it "
                          "(give secrets.%s an imagine function: docs/lua-api.md \"Secrets\")",
                          key, q, q, player, key);
          lua_rawseti(L, keys, q);
        }
        set_tripwire(L, value, keys);
        for (int q = 1; q <= players() && s.imagined; ++q) {
          if (!hidden[q]) continue;
          imagine(L, rules_.module_ref(), g, s, q, strict_);
          lua_rawseti(L, value, q);
        }
      }
      lua_settop(L, state);
    }
  });
}

// The table as `player` knows it, in table order, and each field of
// g.state but the secrets that are not its own (raw reads: a world's
// tripwires stay quiet), combined in any order of the fields.
uint64_t Match::observation(int player) {
  core::Hasher h;
  for (const auto& z : table_.zones()) {
    h.add(static_cast<uint64_t>(z.cards.size()));
    for (size_t i = 0; i < z.cards.size(); ++i)
      h.add(table_.knows_in(player, z, i) ? static_cast<uint64_t>(table_.def_index(z.cards[i])) + 1
                                          : 0);
  }
  const auto& secrets = rules_.meta().secrets;
  uint64_t fields = 0;
  protect(vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    lua_getfield(L, -1, "state");
    int state = lua_gettop(L);
    if (!lua_istable(L, state)) return;
    lua_pushnil(L);
    while (lua_next(L, state)) {
      const core::Secret* secret = nullptr;
      if (lua_type(L, -2) == LUA_TSTRING)
        for (const auto& s : secrets)
          if (s.key == lua_tostring(L, -2)) secret = &s;
      // data_key, not hash_value: no sorted copy of every table's keys
      // (a seventh of an iteration in meet_the_patriots)
      core::Hasher field;
      field.add(data_key(L, -2));
      if (!secret) {
        field.add(data_key(L, -1));
      } else if (secret->per_seat && lua_istable(L, -1)) {
        lua_rawgeti(L, -1, player);
        field.add(data_key(L, -1));
        lua_pop(L, 1);
      }
      fields += field.value();
      lua_pop(L, 1);
    }
  });
  h.add(fields);
  return h.value();
}

nlohmann::json without_secrets(nlohmann::json state, const std::vector<core::Secret>& secrets,
                               int seat) {
  if (!state.is_object()) return state;
  for (const auto& s : secrets) {
    auto it = state.find((s.key.rfind('#', 0) == 0 ? "#" : "") + s.key);  // to_json's keys
    if (it == state.end()) continue;
    nlohmann::json& v = *it;
    if (!s.per_seat || !(v.is_array() || v.is_object())) {
      state.erase(it);
    } else if (v.is_array()) {
      for (size_t i = 0; i < v.size(); ++i)
        if (static_cast<int>(i) + 1 != seat) v[i] = nullptr;
    } else {
      std::string mine = "#" + std::to_string(seat);
      for (auto e = v.begin(); e != v.end();) e = e.key() == mine ? std::next(e) : v.erase(e);
    }
  }
  return state;
}

}  // namespace ratify::lua
