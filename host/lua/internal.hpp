#pragma once
// Helpers shared by the files of host/lua (they include lua.h; nothing
// outside host/lua may include this header).
#include <lua.hpp>

#include <exception>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "core/hash.hpp"
#include "core/rng.hpp"
#include "lua/vm.hpp"

namespace ratify::lua {

// Runs fn inside a protected call under the budget: Lua errors and C++
// exceptions from fn both come out as ScriptError, the host never aborts.
void protect(Vm& vm, const std::function<void(lua_State*)>& fn);

// For bindings: runs f, turning a C++ exception into a Lua error raised
// outside the catch block (lua_error long-jumps).
template <class F>
int guarded(lua_State* L, F&& f) {
  std::string err;
  try {
    return f();
  } catch (const std::exception& e) {
    err = e.what();
  }
  luaL_where(L, 1);
  lua_pushstring(L, err.c_str());
  lua_concat(L, 2);
  return lua_error(L);
}

int push_random(lua_State* L, core::Rng& rng);

// Plain data (g.state, actions): the only values that may be saved.
// Returns "" if the value at idx is plain, else the path and the reason.
std::string check_plain(lua_State* L, int idx, const std::string& path);
nlohmann::json to_json(lua_State* L, int idx);
void push_json(lua_State* L, const nlohmann::json& j);
void hash_value(lua_State* L, int idx, core::Hasher& h);
void push_copy(lua_State* L, int idx);  // deep copy of plain data
bool deep_equal(lua_State* L, int a, int b);
bool fields_match(lua_State* L, int spec, int action);  // every field of spec equal

}  // namespace ratify::lua
