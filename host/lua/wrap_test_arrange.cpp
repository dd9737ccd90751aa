// The test game's methods that make a position by hand: G:arrange (cards
// where the test wants them), G:set (the ruleset's own setters) and G:try
// (an action the ruleset may refuse).
#include <algorithm>
#include <cstring>
#include <map>

#include "lua/match.hpp"
#include "lua/ruleset.hpp"
#include "lua/wrap_test.hpp"

namespace ratify::lua::test_api {

namespace {

// The card a test names at stack index idx: a card (its number), or a
// definition id, whose n-th mention takes its n-th copy (`taken` counts).
core::CardId card_named(lua_State* L, Match& m, int idx, std::map<std::string, int>& taken,
                        const std::string& where) {
  if (lua_isinteger(L, idx)) {
    lua_Integer c = lua_tointeger(L, idx);
    if (c < 1 || c > m.table().ncards())
      throw PositionError(where + ": no card " + std::to_string(c));
    return static_cast<core::CardId>(c);
  }
  if (lua_type(L, idx) != LUA_TSTRING)
    throw PositionError(where + ": a card is a card or a definition id, not " +
                        luaL_typename(L, idx));
  std::string id = lua_tostring(L, idx);
  int n = ++taken[id];
  for (int c = 1, seen = 0; c <= m.table().ncards(); ++c)
    if (m.table().def(c).id == id && ++seen == n) return c;
  throw PositionError(where + ": there is no copy " + std::to_string(n) + " of card '" + id + "'");
}

}  // namespace

// The list at stack index idx as cards, checked to name each card once.
std::vector<core::CardId> cards_named(lua_State* L, Match& m, int idx, const std::string& where) {
  if (!lua_istable(L, idx)) throw PositionError(where + ": expected a list of cards");
  std::vector<core::CardId> out;
  std::map<std::string, int> taken;
  for (lua_Integer k = 1; lua_rawgeti(L, idx, k) != LUA_TNIL; ++k) {
    core::CardId c = card_named(L, m, -1, taken, where);
    lua_pop(L, 1);
    if (std::find(out.begin(), out.end(), c) != out.end())
      throw PositionError(where + ": card " + std::to_string(c) + " is named twice");
    out.push_back(c);
  }
  lua_pop(L, 1);
  return out;
}

namespace {

// G:try(spec): carries out the legal action matching spec and returns true;
// when the ruleset did not offer it, returns false and why, and proves the
// state untouched by asking for the actions (state hash before and after).
int try_action(lua_State* L) {
  Match& m = game_arg(L);
  if (!lua_istable(L, 2)) luaL_checkstring(L, 2);
  std::string spec = show(L, 2);
  return catch_to_stack(L, [&] {
    uint64_t before = m.hash();
    std::vector<std::string> labels;
    auto hits = matching(L, m, labels);
    if (hits.size() > 1) throw PositionError("several legal actions match " + spec);
    if (hits.size() == 1) {
      m.apply(hits[0]);
      lua_pushboolean(L, 1);
      return 1;
    }
    if (m.hash() != before)
      throw PositionError("the state changed while the ruleset listed its actions");
    std::string why = "not offered: " + spec + " (actor " + std::to_string(m.actor()) +
                      "); the legal actions are:";
    for (const auto& l : labels) why += "\n    " + l;
    if (labels.empty()) why += " none";
    lua_pushboolean(L, 0);
    lua_pushlstring(L, why.data(), why.size());
    return 2;
  });
}

}  // namespace

int game_try(lua_State* L) {
  return raise_if_failed(L, try_action(L));
}

// G:arrange(zone, cards [, rest]): the zone then holds exactly these cards,
// the first on top, each taken from where it lay; cards it held before and
// not named go to the zone `rest` (an error if some would and no rest is
// given, so a test never loses a card by accident).
int game_arrange(lua_State* L) {
  Match& m = game_arg(L);
  size_t len = 0;
  const char* name = luaL_checklstring(L, 2, &len);
  luaL_checktype(L, 3, LUA_TTABLE);
  const char* rest = luaL_optstring(L, 4, nullptr);
  return guarded(L, [&] {
    int zone = m.zone_named(name, len);
    if (zone < 0) throw PositionError("G:arrange: no zone '" + std::string(name) + "'");
    int spare = rest ? m.zone_named(rest, std::strlen(rest)) : -1;
    if (rest && spare < 0) throw PositionError("G:arrange: no zone '" + std::string(rest) + "'");
    auto cards = cards_named(L, m, 3, "G:arrange " + std::string(name));
    std::vector<core::CardId> displaced;
    for (core::CardId c : m.table().zone(zone).cards)
      if (std::find(cards.begin(), cards.end(), c) == cards.end()) displaced.push_back(c);
    if (!displaced.empty() && spare < 0)
      throw PositionError(
          "G:arrange: " + std::string(name) + " also holds " + m.table().def(displaced.front()).id +
          (displaced.size() > 1 ? " and more" : "") + "; name it too or give a zone for the rest");
    auto& table = m.table_mut();
    for (core::CardId c : displaced) table.move(c, spare);
    for (auto c = cards.rbegin(); c != cards.rend(); ++c) table.move(*c, zone);
    return 0;
  });
}

namespace {

// The string keys of the table at idx, sorted, as "a, b, c".
std::string sorted_keys(lua_State* L, int idx) {
  idx = lua_absindex(L, idx);
  std::vector<std::string> keys;
  for (lua_pushnil(L); lua_next(L, idx); lua_pop(L, 1))
    if (lua_type(L, -2) == LUA_TSTRING) keys.emplace_back(lua_tostring(L, -2));
  std::sort(keys.begin(), keys.end());
  std::string out;
  for (const auto& k : keys) out += (out.empty() ? "" : ", ") + k;
  return out;
}

}  // namespace

// G:set(name, ...): the ruleset's own setter settable[name](g, ...), so a
// test sets a position the way the rules keep it, never by private fields.
int game_set(lua_State* L) {
  Match& m = game_arg(L);
  const char* name = luaL_checkstring(L, 2);
  int nargs = lua_gettop(L) - 2;
  lua_rawgeti(L, LUA_REGISTRYINDEX, m.rules().module_ref());
  if (lua_getfield(L, -1, "settable") != LUA_TTABLE)
    return luaL_error(L,
                      "G:set: the ruleset declares nothing settable (its table `settable`, "
                      "docs/lua-api.md)");
  if (lua_getfield(L, -1, name) != LUA_TFUNCTION) {
    lua_pop(L, 1);
    std::string known = sorted_keys(L, -1);
    luaL_where(L, 1);
    lua_pushfstring(L, "G:set: '%s' is not settable; the ruleset's settable are: %s", name,
                    known.empty() ? "none" : known.c_str());
    lua_concat(L, 2);
    std::string().swap(known);
    return lua_error(L);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, m.g_ref());
  for (int i = 3; i < 3 + nargs; ++i) lua_pushvalue(L, i);
  lua_call(L, nargs + 1, 0);
  m.touch();
  return 0;
}

}  // namespace ratify::lua::test_api
