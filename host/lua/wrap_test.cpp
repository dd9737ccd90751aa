// The scenario-test API `t` (docs/lua-api.md, "Scenario tests"): games a
// test arranges by hand and drives by matching legal actions. The test
// game's methods are in wrap_test_game.cpp and wrap_test_arrange.cpp.
#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "lua/internal.hpp"
#include "lua/match.hpp"
#include "lua/ruleset.hpp"
#include "lua/wrap_test.hpp"

namespace ratify::lua {

namespace test_api {

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

namespace {

template <class F>
int asserting(lua_State* L, F&& check) {
  return check() ? 0 : lua_error(L);
}

Rules& rules_of(lua_State* L) {
  return *static_cast<Rules*>(lua_touserdata(L, lua_upvalueindex(1)));
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

}  // namespace test_api

using test_api::kGameField;
using test_api::kGameMeta;
using test_api::kNeedsVariant;
using test_api::push_t;

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
