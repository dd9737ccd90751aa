// The scenario-test API `t` (docs/lua-api.md, "Scenario tests"): games a
// test arranges by hand and drives by matching legal actions.
#include <algorithm>
#include <cstring>
#include <map>
#include <sstream>
#include <stdexcept>

#include "lua/internal.hpp"
#include "lua/lint.hpp"
#include "lua/match.hpp"
#include "lua/ruleset.hpp"

namespace ratify::lua {

namespace {

const char* kGameMeta = "ratify.test.game";
// A test game's one field besides its methods: G.g, its context.
const char* kGameField = "g";

struct GameBox {
  Match* match;
};

Rules& rules_of(lua_State* L) {
  return *static_cast<Rules*>(lua_touserdata(L, lua_upvalueindex(1)));
}

Match& game_arg(lua_State* L) {
  auto* box = static_cast<GameBox*>(luaL_checkudata(L, 1, kGameMeta));
  if (!box->match) luaL_error(L, "this test game is gone");
  return *box->match;
}

std::string show(lua_State* L, int idx) {
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) == LUA_TSTRING) return std::string("\"") + lua_tostring(L, idx) + "\"";
  if (lua_type(L, idx) == LUA_TTABLE && check_plain(L, idx, "").empty())
    return to_json(L, idx).dump();
  std::string s = luaL_tolstring(L, idx, nullptr);
  lua_pop(L, 1);
  return s;
}

// A failed assertion: check() returns true when it holds, else pushes the
// message (push_failure) and returns false. The error is raised here, once
// check's strings are gone: lua_error long-jumps past destructors.
bool push_failure(lua_State* L, const std::string& what) {
  luaL_where(L, 1);
  lua_pushlstring(L, what.data(), what.size());
  lua_concat(L, 2);
  return false;
}

template <class F>
int asserting(lua_State* L, F&& check) {
  return check() ? 0 : lua_error(L);
}

// t.game's work; -1 with the message on the stack when it fails, so that
// t_game raises after these C++ objects (the options) are gone.
constexpr const char* kNeedsVariant = "ratify.needs_variant";
constexpr const char* kGameKeys[] = {"players", "seed", "options", "setup", "variant", "stack"};

// t.game{ variant = "name" } under rules loaded without that variant: the
// test is run again from the start in an interpreter with it (the runner
// sees kNeedsVariant). One variant per test: its games all share the rules.
void check_variant(lua_State* L, Rules& rules) {
  lua_getfield(L, 1, "variant");
  // A name, never a path: a test loads only its own ruleset's variants.
  bool name = lua_type(L, -1) == LUA_TSTRING &&
              std::strpbrk(lua_tostring(L, -1), "/\\.") == nullptr && lua_rawlen(L, -1) > 0;
  if (!lua_isnil(L, -1) && !name)
    luaL_error(L, "t.game: variant must be the name of a file in variants/, without .lua");
  const char* want = lua_isnil(L, -1) ? "" : lua_tostring(L, -1);
  std::string have = rules.variant() ? rules.variant()->file.stem().string() : "";
  if (want == have) {
    lua_pop(L, 1);
    return;
  }
  lua_getfield(L, LUA_REGISTRYINDEX, kNeedsVariant);
  bool asked_before = !lua_isnil(L, -1) || !have.empty();
  lua_pop(L, 1);
  if (asked_before)
    luaL_error(L,
               "t.game: this test plays %s; every game of one test must name the same variant "
               "(split the test)",
               have.empty() ? "the base game" : ("variant '" + have + "'").c_str());
  lua_setfield(L, LUA_REGISTRYINDEX, kNeedsVariant);
  luaL_error(L, "t.game: variant '%s' (the test runs again with it)", want);
}

// The helpers below run inside catch_to_stack and throw: a Lua error
// would long-jump past their strings and vectors.
struct PositionError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

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

// A stack setup never used would leave the test playing another deal
// than it believes.
void check_stacks_used(Match& m, bool setup) {
  auto unused = m.unused_stacks();
  if (unused.empty() || !setup) return;
  std::string zones;
  for (const auto& z : unused) zones += (zones.empty() ? "" : ", ") + z;
  throw PositionError("t.game: setup never shuffled " + zones +
                      ", so its stack was not used; arrange it after setup with G:arrange");
}

// t.game{ stack = { deck = { "super_pac", ... } } }: see Match::stack.
void read_stacks(lua_State* L, Match& m) {
  int top = lua_gettop(L);
  if (lua_getfield(L, 1, "stack") != LUA_TNIL) {
    if (!lua_istable(L, -1))
      throw PositionError("t.game: stack = { zone = { cards, top first } }, not a " +
                          std::string(luaL_typename(L, -1)));
    int stacks = lua_gettop(L);
    for (lua_pushnil(L); lua_next(L, stacks); lua_pop(L, 1)) {
      if (lua_type(L, -2) != LUA_TSTRING)
        throw PositionError("t.game: stack's keys are zone names");
      std::string zone = lua_tostring(L, -2);
      m.stack(zone, cards_named(L, m, lua_gettop(L), "t.game stack " + zone));
    }
  }
  lua_settop(L, top);
}

void check_game_keys(lua_State* L) {
  lua_pushnil(L);
  while (lua_next(L, 1)) {
    lua_pop(L, 1);
    bool known = false;
    if (lua_type(L, -1) == LUA_TSTRING)
      for (const char* k : kGameKeys) known |= std::strcmp(lua_tostring(L, -1), k) == 0;
    if (!known)
      luaL_error(
          L, "t.game: unknown key %s (the keys are players, seed, options, setup, variant, stack)",
          luaL_tolstring(L, -1, nullptr));
  }
}

int new_game(lua_State* L) {
  Rules& rules = rules_of(L);
  luaL_checktype(L, 1, LUA_TTABLE);
  check_game_keys(L);
  check_variant(L, rules);
  lua_getfield(L, 1, "players");
  int players = static_cast<int>(luaL_optinteger(L, -1, rules.meta().min_players));
  lua_getfield(L, 1, "seed");
  uint64_t seed = static_cast<uint64_t>(luaL_optinteger(L, -1, 1));
  lua_getfield(L, 1, "setup");
  bool setup = lua_isnil(L, -1) || lua_toboolean(L, -1);
  lua_pop(L, 3);
  core::OptionValues given;
  lua_getfield(L, 1, "options");
  if (lua_istable(L, -1)) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      if (lua_type(L, -2) == LUA_TSTRING) {
        std::string k = lua_tostring(L, -2);
        if (lua_isboolean(L, -1))
          given[k] = static_cast<bool>(lua_toboolean(L, -1));
        else if (lua_isinteger(L, -1))
          given[k] = static_cast<int64_t>(lua_tointeger(L, -1));
        else if (lua_type(L, -1) == LUA_TNUMBER)
          given[k] = static_cast<double>(lua_tonumber(L, -1));
        else if (lua_type(L, -1) == LUA_TSTRING)
          given[k] = std::string(lua_tostring(L, -1));
      }
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  auto* box = static_cast<GameBox*>(lua_newuserdatauv(L, sizeof(GameBox), 0));
  box->match = nullptr;
  luaL_setmetatable(L, kGameMeta);
  return catch_to_stack(L, [&] {
    core::OptionValues base = rules.variant() ? rules.variant()->options : core::OptionValues{};
    for (auto& [k, v] : given) base[k] = v;
    auto options = core::resolve(rules.meta().options, base);
    auto m = rules.new_match(players, seed, options, false);
    m->set_strict(true);
    box->match = m.release();
    read_stacks(L, *box->match);
    if (setup) box->match->setup();
    check_stacks_used(*box->match, setup);
    return 1;
  });
}

int t_game(lua_State* L) {
  return raise_if_failed(L, new_game(L));
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

// Lines as a Lua list of strings.
void push_lines(lua_State* L, const std::vector<std::string>& lines) {
  lua_createtable(L, static_cast<int>(lines.size()), 0);
  for (size_t i = 0; i < lines.size(); ++i) {
    lua_pushlstring(L, lines[i].data(), lines[i].size());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
}

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

// G:log(): every line g.log wrote so far, oldest first.
int game_log(lua_State* L) {
  push_lines(L, game_arg(L).log());
  return 1;
}

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

int t_eq(lua_State* L) {
  luaL_checkany(L, 2);
  return asserting(L, [&] {
    if (deep_equal(L, 1, 2)) return true;
    std::string msg = lua_isstring(L, 3) ? std::string(lua_tostring(L, 3)) + ": " : "";
    return push_failure(L, msg + "expected " + show(L, 2) + ", got " + show(L, 1));
  });
}

int t_ok(lua_State* L) {
  if (lua_toboolean(L, 1)) return 0;
  return luaL_error(L, "%s", lua_isstring(L, 2) ? lua_tostring(L, 2) : "expected a true value");
}

int t_fails(lua_State* L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  const char* pattern = luaL_optstring(L, 2, nullptr);
  lua_pushvalue(L, 1);
  if (lua_pcall(L, 0, 0, 0) == LUA_OK) return luaL_error(L, "expected an error, none was raised");
  const char* msg = lua_tostring(L, -1) ? lua_tostring(L, -1) : "";
  if (pattern && !std::strstr(msg, pattern))
    return luaL_error(L, "the error was '%s', not one with '%s'", msg, pattern);
  return 0;
}

void push_t(lua_State* L, Rules& rules) {
  if (luaL_newmetatable(L, kGameMeta)) {
    lua_pushcfunction(L, game_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, game_index);
    lua_setfield(L, -2, "__index");
    const luaL_Reg methods[] = {{"actor", game_actor},     {"actions", game_actions},
                                {"act", game_act},         {"can", game_can},
                                {"result", game_result},   {"card", game_card},
                                {"playout", game_playout}, {"heuristic", game_heuristic},
                                {"status", game_status},   {"log", game_log},
                                {"try", game_try},         {"arrange", game_arrange},
                                {"set", game_set},         {nullptr, nullptr}};
    luaL_newlib(L, methods);
    lua_setfield(L, -2, "methods");
  }
  lua_pop(L, 1);
  lua_newtable(L);
  lua_pushlightuserdata(L, &rules);
  lua_pushcclosure(L, t_game, 1);
  lua_setfield(L, -2, "game");
  const luaL_Reg fns[] = {{"eq", t_eq}, {"ok", t_ok}, {"fails", t_fails}, {nullptr, nullptr}};
  luaL_setfuncs(L, fns, 0);
}

}  // namespace

bool hit_limit(const std::string& message) {
  return message.find("time limit exceeded") != std::string::npos ||
         message.find("memory cap of") != std::string::npos;
}

std::vector<Rules::TestOutcome> Rules::run_test_file(const std::filesystem::path& file,
                                                     const std::string& filter, int only) {
  std::vector<TestOutcome> out;
  lua_State* L = vm_->state();
  std::string shown = vm_->display_path(file);
  try {
    vm_->run_file(file, 1);
  } catch (const ScriptError& e) {
    out.push_back({shown, false, e.what(), -1, {}});
    return out;
  }
  int list_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  struct Case {
    std::string name;
    int fn_ref;
  };
  std::vector<Case> cases;
  try {
    protect(*vm_, [&](lua_State* L) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, list_ref);
      if (!lua_istable(L, -1))
        luaL_error(L, "%s must return a list of { name = ..., run = function(t) ... end }",
                   shown.c_str());
      lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
      for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, -1, i);
        if (!lua_istable(L, -1))
          luaL_error(L, "%s: test %d is not a table", shown.c_str(), static_cast<int>(i));
        lua_getfield(L, -1, "name");
        lua_getfield(L, -2, "run");
        if (!lua_isfunction(L, -1))
          luaL_error(L, "%s: test %d has no run function", shown.c_str(), static_cast<int>(i));
        std::string name = lua_isstring(L, -2) ? lua_tostring(L, -2) : "test " + std::to_string(i);
        cases.push_back({name, luaL_ref(L, LUA_REGISTRYINDEX)});
        lua_pop(L, 2);
      }
    });
  } catch (const ScriptError& e) {
    out.push_back({shown, false, e.what(), -1, {}});
  }
  luaL_unref(L, LUA_REGISTRYINDEX, list_ref);
  for (size_t k = 0; k < cases.size(); ++k) {
    const Case& c = cases[k];
    bool wanted = (only < 0 || static_cast<size_t>(only) == k) &&
                  (filter.empty() || c.name.find(filter) != std::string::npos);
    if (!wanted) {
      luaL_unref(L, LUA_REGISTRYINDEX, c.fn_ref);
      continue;
    }
    TestOutcome o{c.name, true, {}, static_cast<int>(k), {}};
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, kNeedsVariant);
    try {
      lua_rawgeti(L, LUA_REGISTRYINDEX, c.fn_ref);
      // t is built in a protected call, then handed to the test.
      lua_pushcfunction(L, [](lua_State* L) -> int {
        push_t(L, *static_cast<Rules*>(lua_touserdata(L, 1)));
        return 1;
      });
      lua_pushlightuserdata(L, this);
      vm_->call(1, 1);
      vm_->call(1, 0, vm_->limits().test_seconds);
    } catch (const ScriptError& e) {
      o.passed = false;
      o.message = e.what();
      lua_getfield(L, LUA_REGISTRYINDEX, kNeedsVariant);
      if (lua_isstring(L, -1)) o.needs_variant = lua_tostring(L, -1);
      lua_pop(L, 1);
    }
    luaL_unref(L, LUA_REGISTRYINDEX, c.fn_ref);
    lua_gc(L, LUA_GCCOLLECT);  // finish the test's games now
    bool over_limit = !o.passed && hit_limit(o.message);
    out.push_back(std::move(o));
    // A test that ran out of time or memory stops the file: the rest of a
    // broken ruleset's tests would each wait for the limit too.
    if (over_limit) {
      for (size_t j = k + 1; j < cases.size(); ++j)
        luaL_unref(L, LUA_REGISTRYINDEX, cases[j].fn_ref);
      break;
    }
  }
  return out;
}

Rules::ApiNames Rules::api_names() {
  ApiNames out;
  lua_State* L = vm_->state();
  auto keys = [L](int idx) {
    std::vector<std::string> v;
    idx = lua_absindex(L, idx);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
      if (lua_type(L, -2) == LUA_TSTRING) v.emplace_back(lua_tostring(L, -2));
      lua_pop(L, 1);
    }
    std::sort(v.begin(), v.end());
    return v;
  };
  auto m = new_match(meta_.player_counts().front(), 1, core::resolve(meta_.options, {}), false);
  protect(*vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, m->g_ref());
    out.g = keys(-1);
    push_t(L, *this);
    out.t = keys(-1);
    luaL_getmetatable(L, kGameMeta);
    lua_getfield(L, -1, "methods");
    out.game = keys(-1);
    out.game.emplace_back(kGameField);
    std::sort(out.game.begin(), out.game.end());
    lua_pop(L, 4);
  });
  return out;
}

}  // namespace ratify::lua
