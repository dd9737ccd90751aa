#pragma once
// What the two parts of the Vm share (host/lua only): vm.cpp has its
// limits and calls, vm_sandbox.cpp the sandbox it opens.
#include <filesystem>
#include <string>

#include "lua/internal.hpp"

namespace ratify::lua {

inline Vm* vm_of(lua_State* L) {
  return *static_cast<Vm**>(lua_getextraspace(L));
}

// A chunk the sandbox compiles is at most this long (`load`, a module, the
// ruleset's files): a 1.5 GB module was read whole into the host.
inline constexpr size_t kMaxChunk = size_t(16) << 20;

// At most kMaxChunk + 1 bytes of a file: one more than a chunk may hold
// says it is too long, without reading the rest.
std::string read_text(const std::filesystem::path& p);
std::string too_long(const std::string& shown);

// The Lua state's C callbacks, with the Vm's private parts in reach.
struct Vm::Internals {
  // The memory cap and the time limit (vm.cpp).
  static void* alloc(void* ud, void* ptr, size_t osize, size_t nsize);
  static void hook(lua_State* L, lua_Debug*);
  static void take_sample(lua_State* L, lua_Debug*);  // bench --lines (line_sampler.cpp)
  static bool time_up(Vm* vm);
  static std::string time_message(Vm* vm);
  static void check(lua_State* L);
  static std::string seconds_text(double s);
  static int message_handler(lua_State* L);
  static constexpr size_t kMessageLimit = 4096;

  // The sandbox's own globals (vm_sandbox.cpp).
  static int safe_xpcall(lua_State* L);
  static void raise_limit(lua_State* L);
  static int safe_pcall(lua_State* L);
  static constexpr size_t kChunkLimit = size_t(16) << 20;
  static int safe_load(lua_State* L);
  static int safe_collectgarbage(lua_State* L);
  static int print(lua_State* L);
  static int random(lua_State* L);
  static int randomseed(lua_State* L);
  static bool valid_module_name(const char* s);
  static bool load_module(lua_State* L, Vm* vm, const char* name);
  static int require(lua_State* L);
};

}  // namespace ratify::lua
