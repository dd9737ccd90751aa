#pragma once
// Helpers shared by the files of host/lua (they include lua.h; nothing
// outside host/lua may include this header).
#include <lua.hpp>

#include <cstdlib>
#include <exception>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "core/hash.hpp"
#include "core/rng.hpp"
#include "lua/copy_plan.hpp"
#include "lua/vm.hpp"

namespace ratify::lua {

// Registry key of the sandbox's own string.format (a script may replace
// the global one).
inline const char* kFormatKey = "ratify.format";

// Runs fn inside a protected call under the budget: Lua errors and C++
// exceptions from fn both come out as ScriptError, the host never aborts.
void protect(Vm& vm, const std::function<void(lua_State*)>& fn);

// Runs f (which returns a count of results); when it throws, pushes the
// message with its position and returns -1 instead. The caller raises it
// with lua_error once none of its own C++ objects is alive: lua_error
// long-jumps past destructors, so a live std::string would leak.
template <class F>
int catch_to_stack(lua_State* L, F&& f) {
  std::string err;
  try {
    return f();
  } catch (const std::exception& e) {
    err = e.what();
  }
  luaL_where(L, 1);
  lua_pushlstring(L, err.data(), err.size());
  lua_concat(L, 2);
  return -1;
}

// The results of a binding's work: -1 (as from catch_to_stack) raises the
// message on the stack. Call it where no C++ object of the binding is alive.
inline int raise_if_failed(lua_State* L, int rc) {
  return rc < 0 ? lua_error(L) : rc;
}

// For bindings: runs f, turning a C++ exception into a Lua error raised
// outside the catch block, with nothing of C++ left alive.
template <class F>
int guarded(lua_State* L, F&& f) {
  return raise_if_failed(L, catch_to_stack(L, std::forward<F>(f)));
}

// luaL_error for a message ending in a std::string: the pieces (C strings)
// then `text`. The string's memory is given back before the long jump.
template <class... Pieces>
[[noreturn]] void raise_text(lua_State* L, std::string& text, const Pieces*... pieces) {
  luaL_where(L, 1);
  (lua_pushstring(L, pieces), ...);
  lua_pushlstring(L, text.data(), text.size());
  lua_concat(L, static_cast<int>(sizeof...(pieces)) + 2);
  std::string().swap(text);
  lua_error(L);
  std::abort();  // lua_error does not return
}

// The line of `file` where the string literal `needle` ("id", quotes
// included) first appears (0: nowhere), from an index of the file kept
// while it is unchanged (ruleset.cpp).
int line_of(const std::filesystem::path& file, const std::string& needle);

int push_random(lua_State* L, core::Rng& rng);

// For C functions that may run long (the sandbox's checked library,
// bindings that loop): raises the error of a limit already hit, the time
// limit once past its deadline. Two atomic loads while a call is young.
void check_budget(lua_State* L);
// Replaces the library functions that could run for minutes in one C call
// (string.rep, table.move, the pattern functions...) with checked ones:
// see sandbox_lib.cpp. `memory` is the VM's cap.
void open_checked_library(lua_State* L, size_t memory);

// Plain data (g.state, actions): the only values that may be saved.
// Returns "" if the value at idx is plain, else the path and the reason.
std::string check_plain(lua_State* L, int idx, const std::string& path);
// Whether s[0..n) is UTF-8 (no overlong forms or surrogates): text that
// enters the host from a script (labels, log lines, state) must be.
bool valid_utf8(const char* s, size_t n);
nlohmann::json to_json(lua_State* L, int idx);
void push_json(lua_State* L, const nlohmann::json& j);
void hash_value(lua_State* L, int idx, core::Hasher& h);
// The same for a search's keys: any order of a table's fields, nothing
// sorted or allocated (match.cpp).
uint64_t data_key(lua_State* L, int idx, int depth = 0);
void push_copy(lua_State* L, int idx);  // deep copy of plain data, tripwires kept
// Whether the metatable at `metatable` is a secret's tripwire: the one
// metatable plain data may carry, in a bot's world (secrets.cpp).
bool is_tripwire(lua_State* L, int metatable);
// A read-only stand-in for the table at idx (frozen.cpp): what apply gets.
void push_frozen(lua_State* L, int idx);
// Marks the metatable at mt as a read-only stand-in's (its __newindex a C
// function that refuses; its __pairs what next follows): the sandbox's
// rawset and next then treat it as a write and pairs do.
void mark_read_only(lua_State* L, int mt);
// The sandbox's rawset and next, which know read-only stand-ins.
void open_frozen_guards(lua_State* L);
bool deep_equal(lua_State* L, int a, int b);
bool fields_match(lua_State* L, int spec, int action);  // every field of spec equal

}  // namespace ratify::lua
