// The game context `g` handed to every ruleset function: bindings of the
// table (zones, cards, knowledge) and the RNG. The table itself lives in
// core; this file only translates between Lua and it.
#include <algorithm>
#include <cstring>

#include "lua/internal.hpp"
#include "lua/match.hpp"
#include "lua/ruleset.hpp"
#include "lua/wrap.hpp"

namespace ratify::lua {

namespace {

Match& self(lua_State* L) {
  auto** token = static_cast<Match**>(lua_touserdata(L, lua_upvalueindex(1)));
  if (!token || !*token) luaL_error(L, "this game is over and gone; its g can no longer be used");
  return **token;
}

// A zone is named by its name or by the number g.zone returned for it.
int zone_arg(lua_State* L, Match& m, int arg) {
  if (lua_type(L, arg) == LUA_TNUMBER) {
    lua_Integer z = lua_tointeger(L, arg);
    if (z < 1 || z > static_cast<lua_Integer>(m.table().zones().size()))
      luaL_error(L, "no zone number %s (g.zone returns the numbers of the zones it makes)",
                 lua_tostring(L, arg));
    return static_cast<int>(z - 1);
  }
  size_t len;
  const char* name = luaL_checklstring(L, arg, &len);
  int z = m.zone_named(name, len);
  if (z < 0) luaL_error(L, "no zone '%s' (create it with g.zone)", name);
  return z;
}

core::CardId card_arg(lua_State* L, Match& m, int arg) {
  lua_Integer c = luaL_checkinteger(L, arg);
  if (c < 1 || c > m.table().ncards())
    luaL_error(L, "bad card %d (cards are 1..%d)", static_cast<int>(c), m.table().ncards());
  return static_cast<core::CardId>(c);
}

int player_arg(lua_State* L, Match& m, int arg) {
  lua_Integer p = luaL_checkinteger(L, arg);
  if (p < 1 || p > m.players())
    luaL_error(L, "bad player %d (players are 1..%d)", static_cast<int>(p), m.players());
  return static_cast<int>(p);
}

void push_cards(lua_State* L, const std::vector<core::CardId>& cards) {
  lua_createtable(L, static_cast<int>(cards.size()), 0);
  for (size_t i = 0; i < cards.size(); ++i) {
    lua_pushinteger(L, cards[i]);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
}

// Reads the options of g.zone as C values: nothing with a destructor is
// alive while Lua may raise an error (a long jump past it would leak).
int g_zone(lua_State* L) {
  Match& m = self(L);
  size_t name_len = 0, kind_len = 0, label_len = 0;
  const char* name = luaL_checklstring(L, 1, &name_len);
  const char *kind = nullptr, *label = nullptr, *vis = "none";
  int owner = 0;
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_settop(L, 2);
    lua_getfield(L, 2, "owner");
    if (!lua_isnil(L, 3)) owner = player_arg(L, m, 3);
    lua_getfield(L, 2, "visibility");
    vis = luaL_optstring(L, 4, "none");
    lua_getfield(L, 2, "kind");
    if (lua_isstring(L, 5)) kind = lua_tolstring(L, 5, &kind_len);
    lua_getfield(L, 2, "label");
    if (lua_isstring(L, 6)) label = lua_tolstring(L, 6, &label_len);
  }
  auto v = core::visibility_from(vis);
  if (!v)
    luaL_error(L, "zone '%s': visibility is \"all\", \"owner\", \"none\" or \"top\", not \"%s\"",
               name, vis);
  if (*v == core::Visibility::Owner && owner == 0)
    luaL_error(L, "zone '%s': visibility \"owner\" needs an owner", name);
  if (name_len > kMaxZoneName)
    luaL_error(L, "g.zone: a zone name of %d bytes (the limit is %d)", static_cast<int>(name_len),
               static_cast<int>(kMaxZoneName));
  if (kind_len > kMaxZoneText || label_len > kMaxZoneText)
    luaL_error(L, "zone '%s': a kind or label of over %d bytes", name,
               static_cast<int>(kMaxZoneText));
  if (m.table().zones().size() >= kMaxZones)
    luaL_error(L, "g.zone: more than %d zones in one game (the sandbox's limit)",
               static_cast<int>(kMaxZones));
  return guarded(L, [&] {
    core::Zone z;
    z.name.assign(name, name_len);
    if (kind) z.kind.assign(kind, kind_len);
    if (label) z.label.assign(label, label_len);
    z.owner = owner;
    z.visibility = *v;
    lua_pushinteger(L, m.table_mut().add_zone(std::move(z)) + 1);
    return 1;
  });
}

int g_has_zone(lua_State* L) {
  Match& m = self(L);
  lua_pushboolean(L, m.table().zone_index(luaL_checkstring(L, 1)) >= 0);
  return 1;
}

int g_zones(lua_State* L) {
  Match& m = self(L);
  const auto& zones = m.table().zones();
  lua_createtable(L, static_cast<int>(zones.size()), 0);
  for (size_t i = 0; i < zones.size(); ++i) {
    lua_pushstring(L, zones[i].name.c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

int g_cards(lua_State* L) {
  Match& m = self(L);
  push_cards(L, m.table().zone(zone_arg(L, m, 1)).cards);
  return 1;
}

int g_count(lua_State* L) {
  Match& m = self(L);
  lua_pushinteger(L, static_cast<lua_Integer>(m.table().zone(zone_arg(L, m, 1)).cards.size()));
  return 1;
}

int g_top(lua_State* L) {
  Match& m = self(L);
  const auto& cards = m.table().zone(zone_arg(L, m, 1)).cards;
  if (cards.empty())
    lua_pushnil(L);
  else
    lua_pushinteger(L, cards.back());
  return 1;
}

int g_bottom(lua_State* L) {
  Match& m = self(L);
  const auto& cards = m.table().zone(zone_arg(L, m, 1)).cards;
  if (cards.empty())
    lua_pushnil(L);
  else
    lua_pushinteger(L, cards.front());
  return 1;
}

// where: "top" (default), "bottom", or a 1-based index in the new zone.
int position_arg(lua_State* L, int arg) {
  if (lua_isnoneornil(L, arg)) return -1;
  if (lua_type(L, arg) == LUA_TSTRING) {
    const char* w = lua_tostring(L, arg);
    if (std::strcmp(w, "top") == 0) return -1;
    if (std::strcmp(w, "bottom") == 0) return 0;
    luaL_error(L, "where is \"top\", \"bottom\" or an index, not \"%s\"", w);
  }
  return static_cast<int>(luaL_checkinteger(L, arg)) - 1;
}

int g_move(lua_State* L) {
  Match& m = self(L);
  core::CardId c = card_arg(L, m, 1);
  int to = zone_arg(L, m, 2);
  int pos = position_arg(L, 3);
  m.table_mut().move(c, to, pos);
  return 0;
}

int g_draw(lua_State* L) {
  Match& m = self(L);
  int from = zone_arg(L, m, 1), to = zone_arg(L, m, 2);
  // No more draws than cards: a zone drawn into itself never empties, and
  // n = 1e12 looped in C++ past every limit.
  lua_Integer n = std::min<lua_Integer>(
      luaL_optinteger(L, 3, 1), static_cast<lua_Integer>(m.table().zone(from).cards.size()));
  lua_newtable(L);
  for (lua_Integer i = 1; i <= n; ++i) {
    const auto& src = m.table().zone(from).cards;
    if (src.empty()) break;
    core::CardId c = src.back();
    m.table_mut().move(c, to, -1);
    lua_pushinteger(L, c);
    lua_rawseti(L, -2, i);
  }
  return 1;
}

int g_move_all(lua_State* L) {
  Match& m = self(L);
  int from = zone_arg(L, m, 1), to = zone_arg(L, m, 2);
  m.table_mut().move_all(from, to);
  return 0;
}

int g_shuffle(lua_State* L) {
  Match& m = self(L);
  int z = zone_arg(L, m, 1);
  m.table_mut().shuffle(z, m.rng());
  if (m.has_stacks()) m.after_shuffle(z);
  return 0;
}

int g_where(lua_State* L) {
  Match& m = self(L);
  core::CardId c = card_arg(L, m, 1);
  lua_pushstring(L, m.table().zone(m.table().zone_of(c)).name.c_str());
  lua_pushinteger(L, m.table().position_of(c) + 1);
  return 2;
}

void push_def(lua_State* L, Match& m, core::CardId c) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, m.rules().defs_ref());
  lua_rawgeti(L, -1, m.table().def_index(c) + 1);
  lua_remove(L, -2);
}

int g_def(lua_State* L) {
  Match& m = self(L);
  push_def(L, m, card_arg(L, m, 1));
  return 1;
}

int g_find(lua_State* L) {
  Match& m = self(L);
  int zone = zone_arg(L, m, 1);
  bool by_id = lua_type(L, 2) == LUA_TSTRING;
  if (!by_id) luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_settop(L, 2);
  // A copy, since the predicate may move cards; in Lua's memory, as the
  // predicate may raise an error and a C++ copy would then leak.
  const auto& now = m.table().zone(zone).cards;
  size_t count = now.size();
  auto* cards = static_cast<core::CardId*>(
      lua_newuserdatauv(L, sizeof(core::CardId) * (count ? count : 1), 0));
  std::copy(now.begin(), now.end(), cards);
  lua_newtable(L);
  int out = lua_gettop(L);
  lua_Integer n = 0;
  for (size_t k = 0; k < count; ++k) {
    core::CardId c = cards[k];
    bool keep;
    if (by_id) {
      keep = m.table().def(c).id == lua_tostring(L, 2);
    } else {
      lua_pushvalue(L, 2);
      lua_pushinteger(L, c);
      push_def(L, m, c);
      lua_call(L, 2, 1);
      keep = lua_toboolean(L, -1);
      lua_pop(L, 1);
    }
    if (keep) {
      lua_pushinteger(L, c);
      lua_rawseti(L, out, ++n);
    }
  }
  return 1;
}

int g_all(lua_State* L) {
  Match& m = self(L);
  const char* id = luaL_optstring(L, 1, nullptr);
  lua_newtable(L);
  lua_Integer n = 0;
  for (core::CardId c = 1; c <= m.table().ncards(); ++c)
    if (!id || m.table().def(c).id == id) {
      lua_pushinteger(L, c);
      lua_rawseti(L, -2, ++n);
    }
  if (id && n == 0) luaL_error(L, "no card has the definition id '%s'", id);
  return 1;
}

int g_reveal(lua_State* L) {
  Match& m = self(L);
  core::CardId c = card_arg(L, m, 1);
  int p = 0;
  if (lua_type(L, 2) == LUA_TSTRING && std::strcmp(lua_tostring(L, 2), "all") == 0)
    p = 0;
  else
    p = player_arg(L, m, 2);
  m.table_mut().reveal(c, p);
  return 0;
}

// g.turn_down(c): the card lies face down again; who saw it still knows it.
int g_turn_down(lua_State* L) {
  Match& m = self(L);
  m.table_mut().turn_down(card_arg(L, m, 1));
  return 0;
}

int g_knows(lua_State* L) {
  Match& m = self(L);
  int p = player_arg(L, m, 1);
  lua_pushboolean(L, m.table().knows(p, card_arg(L, m, 2)));
  return 1;
}

// g.stamp(zone): a number that changes whenever the zone's cards change, and
// never comes back for other contents: a key for caching what rules compute
// from a zone between decisions.
int g_stamp(lua_State* L) {
  Match& m = self(L);
  lua_pushinteger(L, static_cast<lua_Integer>(m.table().zone(zone_arg(L, m, 1)).stamp));
  return 1;
}

// g.memo(fn, zones): a table the host keeps for the rules between
// decisions, brought up to date zone by zone: fn(g, value, zone, i) runs
// for each zone of the list (or the one zone) whose stamp moved since the
// value last saw it. The value is an empty table the first time, and again
// whenever every zone moved, as in a new game: stamps never come back, so
// nothing read in another game is ever handed back, and after undo or a
// restore each zone whose cards differ is read again. Kept per function,
// in the match's own table (upvalue 2): what the value has seen in a
// userdata (Seen), the value and the list as its user values.
//
// The list's zones are looked up once, when the value is made, not at
// every call (a lookup a zone was most of the call's own cost: gitmo asks
// of 18 to 30 zones at every decision). So the list must stay as it was;
// strict games (check, play, tests) check that it does.
struct Seen {
  lua_Integer n;    // zones in the list
  uint64_t layout;  // the table's layout the zones were looked up in
  uint64_t table;   // the table's stamp when every zone was last read; 0: not
  uint64_t* stamps() { return reinterpret_cast<uint64_t*>(this + 1); }
  int* zones() { return reinterpret_cast<int*>(stamps() + n); }
  static size_t size(lua_Integer n) {
    return sizeof(Seen) + static_cast<size_t>(n) * (sizeof(uint64_t) + sizeof(int));
  }
};

// Pushes the zone at place i (1-based) of the list, or the one zone.
void push_listed(lua_State* L, bool list, lua_Integer i) {
  if (list)
    lua_rawgeti(L, 2, i);
  else
    lua_pushvalue(L, 2);
}

// The number of the zone at place i of the list, or of the one zone.
int listed_zone(lua_State* L, Match& m, bool list, lua_Integer i) {
  push_listed(L, list, i);
  int z = zone_arg(L, m, lua_gettop(L));
  lua_pop(L, 1);
  return z;
}

// Looks up the list's zones in the table as it is laid out now.
void look_up(lua_State* L, Match& m, bool list, Seen* seen) {
  for (lua_Integer i = 1; i <= seen->n; ++i) seen->zones()[i - 1] = listed_zone(L, m, list, i);
  seen->layout = m.table().layout();
  seen->table = 0;
}

// A strict game's check that the list names the zones it named when they
// were looked up.
void check_list(lua_State* L, Match& m, bool list, Seen* seen) {
  for (lua_Integer i = 1; i <= seen->n; ++i) {
    if (listed_zone(L, m, list, i) != seen->zones()[i - 1])
      luaL_error(L,
                 "g.memo: zone %d of the list changed since the first call (the host reads "
                 "the list once): keep the list as it is, or pass another table",
                 static_cast<int>(i));
  }
}

Seen* kept_by(lua_State* L, Match& m, bool list, lua_Integer n) {
  lua_pushvalue(L, 1);
  if (lua_rawget(L, lua_upvalueindex(2)) == LUA_TUSERDATA) {  // 3
    auto* seen = static_cast<Seen*>(lua_touserdata(L, 3));
    lua_getiuservalue(L, 3, 2);
    bool same = seen->n == n && lua_rawequal(L, -1, 2);
    lua_pop(L, 1);
    if (same) {
      if (seen->layout != m.table().layout())
        look_up(L, m, list, seen);  // another game, or a zone was made
      else if (m.strict())
        check_list(L, m, list, seen);
      return seen;
    }
  }
  lua_pop(L, 1);
  auto* seen = static_cast<Seen*>(lua_newuserdatauv(L, Seen::size(n), 2));  // 3
  seen->n = n;
  std::fill(seen->stamps(), seen->stamps() + n, 0);  // no zone's stamp is 0
  look_up(L, m, list, seen);
  lua_newtable(L);
  lua_setiuservalue(L, 3, 1);
  lua_pushvalue(L, 2);
  lua_setiuservalue(L, 3, 2);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 3);
  lua_rawset(L, lua_upvalueindex(2));
  return seen;
}

int g_memo(lua_State* L) {
  Match& m = self(L);
  luaL_checktype(L, 1, LUA_TFUNCTION);
  int kind = lua_type(L, 2);
  luaL_argexpected(L, kind == LUA_TTABLE || kind == LUA_TSTRING || kind == LUA_TNUMBER, 2,
                   "zone or list of zones");
  lua_settop(L, 2);
  bool list = kind == LUA_TTABLE;
  lua_Integer n = list ? static_cast<lua_Integer>(lua_rawlen(L, 2)) : 1;
  if (n < 1) return luaL_error(L, "g.memo: the list of zones is empty");
  Seen* seen = kept_by(L, m, list, n);  // 3
  lua_getiuservalue(L, 3, 1);           // 4: the value
  uint64_t before = m.table().stamp();
  if (seen->table == before) return 1;  // no card moved since every zone was read
  const int* zones = seen->zones();
  uint64_t* stamps = seen->stamps();
  lua_Integer moved = 0;
  for (lua_Integer i = 0; i < n; ++i) moved += m.table().zone(zones[i]).stamp != stamps[i];
  seen->table = 0;   // until every zone is read (fn may raise)
  if (moved == n) {  // nothing the value holds is of use: start afresh
    lua_newtable(L);
    lua_replace(L, 4);
    lua_pushvalue(L, 4);
    lua_setiuservalue(L, 3, 1);
    std::fill(stamps, stamps + n, 0);
  }
  for (lua_Integer i = 0; i < n; ++i) {
    uint64_t stamp = m.table().zone(zones[i]).stamp;
    if (stamp == stamps[i]) continue;
    lua_pushvalue(L, 1);  // fn(g, value, zone, i)
    lua_rawgeti(L, LUA_REGISTRYINDEX, m.g_ref());
    lua_pushvalue(L, 4);
    push_listed(L, list, i + 1);
    lua_pushinteger(L, i + 1);
    lua_call(L, 4, 0);
    stamps[i] = stamp;  // after the call: an error leaves the zone to read again
  }
  if (m.table().stamp() == before) seen->table = before;  // fn moved no card
  return 1;
}

int g_sees(lua_State* L) {
  Match& m = self(L);
  int p = player_arg(L, m, 1);
  lua_pushboolean(L, m.table().sees(p, card_arg(L, m, 2)));
  return 1;
}

int g_random(lua_State* L) {
  return push_random(L, self(L).rng());
}

// Keeps the line at stack index `at` (formatted from what follows it, when
// more follows) for the players in mask `to` (0: everyone).
int log_line(lua_State* L, Match& m, int at, uint32_t to) {
  if (lua_gettop(L) > at) {
    lua_getfield(L, LUA_REGISTRYINDEX, kFormatKey);
    lua_insert(L, at);
    lua_call(L, lua_gettop(L) - at, 1);
  }
  size_t len;
  const char* text = luaL_checklstring(L, at, &len);
  // Refused here, with the caller's line, not when the log is saved.
  if (!valid_utf8(text, len)) return luaL_error(L, "g.log: the line is not valid UTF-8 text");
  // The log is host memory: charged to the ruleset's cap.
  if (!m.charge_log(len)) {
    lua_pushfstring(L, "g.log: memory cap of %d MiB exceeded (the game log holds %d MiB)",
                    static_cast<int>(m.rules().vm().limits().memory >> 20),
                    static_cast<int>(m.log_bytes() >> 20));
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
    return lua_error(L);
  }
  m.add_log(std::string(text, len), to);
  return 0;
}

// g.log(text) or g.log(format, ...): with more than one argument the line
// is string.format(format, ...), made only when someone keeps the log
// (batch runs and bots don't), so a ruleset's log costs nothing there.
int g_log(lua_State* L) {
  Match& m = self(L);
  if (!m.logging()) return 0;
  return log_line(L, m, 1, 0);
}

// g.log_to(players, text) or g.log_to(players, format, ...): a line only
// `players` (a player, or a list of them) are shown. The players are
// checked in batch runs too, so a wrong one is found by check and sim.
int g_log_to(lua_State* L) {
  Match& m = self(L);
  uint32_t to = 0;
  if (lua_type(L, 1) == LUA_TTABLE) {
    for (lua_Integer k = 1, n = luaL_len(L, 1); k <= n; ++k) {
      lua_geti(L, 1, k);
      to |= 1u << player_arg(L, m, -1);
      lua_pop(L, 1);
    }
  } else {
    to = 1u << player_arg(L, m, 1);
  }
  if (!m.logging() || to == 0) return 0;  // a line for nobody is no line
  return log_line(L, m, 2, to);
}

const luaL_Reg kFunctions[] = {
    {"zone", g_zone},         {"has_zone", g_has_zone},   {"zones", g_zones},
    {"cards", g_cards},       {"count", g_count},         {"top", g_top},
    {"bottom", g_bottom},     {"move", g_move},           {"draw", g_draw},
    {"move_all", g_move_all}, {"shuffle", g_shuffle},     {"where", g_where},
    {"def", g_def},           {"find", g_find},           {"all", g_all},
    {"reveal", g_reveal},     {"turn_down", g_turn_down}, {"knows", g_knows},
    {"stamp", g_stamp},       {"sees", g_sees},           {"random", g_random},
    {"log", g_log},           {"log_to", g_log_to},       {nullptr, nullptr}};

// g.options is read-only: a write outlived its game (the context is
// reused) and made the games of a shard differ from those of the whole run.
int refuse_option_write(lua_State* L) {
  return luaL_error(L, "g.options is read-only: the options are the game's settings");
}
int options_next(lua_State* L) {
  lua_settop(L, 2);
  return lua_next(L, 1) ? 2 : 0;
}
int options_pairs(lua_State* L) {
  lua_pushcfunction(L, options_next);
  lua_getmetatable(L, 1);
  lua_getfield(L, -1, "__index");
  lua_remove(L, -2);
  lua_pushnil(L);
  return 3;
}
// Replaces the table on top by a read-only stand-in for it.
void make_read_only(lua_State* L) {
  lua_newtable(L);
  lua_createtable(L, 0, 4);
  lua_pushvalue(L, -3);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, refuse_option_write);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, options_pairs);
  lua_setfield(L, -2, "__pairs");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  mark_read_only(L, -1);  // rawset and next know it
  lua_setmetatable(L, -2);
  lua_remove(L, -2);
}

}  // namespace

// math.random's contract, on the game's RNG.
int push_random(lua_State* L, core::Rng& rng) {
  switch (lua_gettop(L)) {
    case 0:
      lua_pushnumber(L, rng.unit());
      return 1;
    case 1: {
      lua_Integer hi = luaL_checkinteger(L, 1);
      luaL_argcheck(L, hi >= 1, 1, "interval is empty");
      lua_pushinteger(L, rng.between(1, hi));
      return 1;
    }
    default: {
      lua_Integer lo = luaL_checkinteger(L, 1), hi = luaL_checkinteger(L, 2);
      luaL_argcheck(L, lo <= hi, 2, "interval is empty");
      lua_pushinteger(L, rng.between(lo, hi));
      return 1;
    }
  }
}

void push_options(lua_State* L, const core::OptionValues& options) {
  lua_createtable(L, 0, static_cast<int>(options.size()));
  for (const auto& [k, v] : options) {
    std::visit(
        [&](const auto& x) {
          using T = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<T, bool>)
            lua_pushboolean(L, x);
          else if constexpr (std::is_same_v<T, int64_t>)
            lua_pushinteger(L, x);
          else if constexpr (std::is_same_v<T, double>)
            lua_pushnumber(L, x);
          else
            lua_pushstring(L, x.c_str());
        },
        v);
    lua_setfield(L, -2, k.c_str());
  }
}

void push_context(lua_State* L, Match& m, int token_index) {
  token_index = lua_absindex(L, token_index);
  lua_createtable(L, 0, 30);
  for (const luaL_Reg* r = kFunctions; r->name; ++r) {
    lua_pushvalue(L, token_index);
    lua_pushcclosure(L, r->func, 1);
    lua_setfield(L, -2, r->name);
  }
  // g.memo, with the match's table of kept values (weak keys: a function
  // dropped by a reloaded ruleset lets go of what it kept).
  lua_pushvalue(L, token_index);
  lua_newtable(L);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushcclosure(L, g_memo, 2);
  lua_setfield(L, -2, "memo");
  lua_pushinteger(L, m.players());
  lua_setfield(L, -2, "players");
  lua_pushinteger(L, static_cast<lua_Integer>(m.seed()));
  lua_setfield(L, -2, "seed");
  lua_pushinteger(L, m.table().ncards());
  lua_setfield(L, -2, "ncards");
  push_options(L, m.options());
  make_read_only(L);
  lua_setfield(L, -2, "options");
  lua_rawgeti(L, LUA_REGISTRYINDEX, m.rules().card_defs_ref());
  lua_setfield(L, -2, "defs");
  lua_pushboolean(L, m.logging());
  lua_setfield(L, -2, "logging");
  lua_newtable(L);
  lua_setfield(L, -2, "state");
}

}  // namespace ratify::lua
