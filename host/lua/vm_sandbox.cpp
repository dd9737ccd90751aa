// The sandbox. What a ruleset may use is listed here, each with why; see
// DESIGN.md "The sandbox". Everything not opened is out of reach.
#include <cctype>
#include <cstring>
#include <iostream>

#include "lua/match.hpp"
#include "lua/vm_internals.hpp"

namespace ratify::lua {

namespace {
const char* kLoadedKey = "ratify.loaded";
const char* kLoadingMark = "ratify.loading";
}  // namespace

// xpcall whose handler runs after the unwinding, as ordinary code under
// the time limit and the memory cap. (Lua runs a message handler where
// the error was raised, and with hooks off when the error came from our
// hook: a handler that loops would never be stopped.) Without the debug
// library a handler cannot look at the stack anyway, so it sees the
// same error object either way.
int Vm::Internals::safe_xpcall(lua_State* L) {
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_replace(L, 1);
  lua_replace(L, 2);  // handler, f, args...
  int status = lua_pcall(L, lua_gettop(L) - 2, LUA_MULTRET, 0);
  raise_limit(L);
  if (status == LUA_OK) {
    lua_pushboolean(L, 1);
    lua_replace(L, 1);
    return lua_gettop(L);
  }
  if (status != LUA_ERRMEM) {
    lua_pushvalue(L, 1);  // handler, error, handler
    lua_insert(L, -2);
    lua_pcall(L, 1, 1, 0);  // an error in the handler is the result
    raise_limit(L);
  }
  lua_pushboolean(L, 0);
  lua_replace(L, 1);
  return 2;
}

void Vm::Internals::raise_limit(lua_State* L) {
  Vm* vm = vm_of(L);
  if (vm->abort_.empty()) return;
  lua_pushstring(L, vm->abort_.c_str());
  lua_error(L);
}

// pcall that cannot swallow a limit: once the budget or the memory cap
// is hit, the error goes on up to the host.
int Vm::Internals::safe_pcall(lua_State* L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  Vm* vm = vm_of(L);
  if (!vm->abort_.empty()) {
    lua_pushstring(L, vm->abort_.c_str());
    return lua_error(L);
  }
  return lua_gettop(L);
}

// load: text chunks only, never bytecode.
int Vm::Internals::safe_load(lua_State* L) {
  const char* mode = luaL_optstring(L, 3, "t");
  if (std::strcmp(mode, "t") != 0)
    return luaL_error(L, "load: only text chunks may be loaded (mode \"t\"), not \"%s\"", mode);
  // Compiling is C, out of the hook's reach: a chunk's size bounds it.
  size_t len;
  if (lua_type(L, 1) == LUA_TSTRING && (lua_tolstring(L, 1, &len), len > kChunkLimit))
    return luaL_error(L, "load: a chunk of %I bytes is over the sandbox's limit of %I",
                      static_cast<lua_Integer>(len), static_cast<lua_Integer>(kChunkLimit));
  lua_settop(L, 4);
  lua_pushstring(L, "t");
  lua_replace(L, 3);
  if (lua_isnil(L, 4)) {
    lua_pushglobaltable(L);
    lua_replace(L, 4);
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, 4, LUA_MULTRET);
  return lua_gettop(L);
}

int Vm::Internals::safe_collectgarbage(lua_State* L) {
  const char* opt = luaL_optstring(L, 1, "collect");
  if (std::strcmp(opt, "count") == 0) {
    lua_pushnumber(L, static_cast<lua_Number>(vm_of(L)->used_) / 1024.0);
    return 1;
  }
  if (std::strcmp(opt, "collect") == 0 || std::strcmp(opt, "step") == 0) {
    lua_gc(L, LUA_GCCOLLECT);
    lua_pushinteger(L, 0);
    return 1;
  }
  return luaL_error(L, "collectgarbage(\"%s\") is not available to rulesets", opt);
}

// print, up to kPrintLimit bytes a game: past it, one line says so and
// the rest is dropped (a print in a loop cannot flood the terminal).
// The line is made in Lua: a __tostring may raise, with no C++ object
// alive to leak.
int Vm::Internals::print(lua_State* L) {
  int n = lua_gettop(L);
  luaL_checkstack(L, 2 * n, "too many arguments to print");
  for (int i = 1; i <= n; ++i) {
    luaL_tolstring(L, i, nullptr);
    if (i < n) lua_pushliteral(L, "\t");
  }
  lua_concat(L, n > 0 ? 2 * n - 1 : 0);
  size_t len;
  const char* text = lua_tolstring(L, -1, &len);
  Vm* vm = vm_of(L);
  if (vm->printed > kPrintLimit) return 0;
  vm->printed += len + 1;
  std::string line = vm->printed > kPrintLimit
                         ? "output limit reached (" + std::to_string(kPrintLimit >> 20) +
                               " MiB of print in one game); further print is ignored"
                         : std::string(text, len);
  if (vm->print_sink)
    vm->print_sink(line);
  else
    std::cerr << "[lua] " << line << '\n';
  return 0;
}

int Vm::Internals::random(lua_State* L) {
  Vm* vm = vm_of(L);
  if (!vm->current) return luaL_error(L, "math.random is the game's RNG: call it during a game");
  return push_random(L, vm->current->rng());
}

int Vm::Internals::randomseed(lua_State* L) {
  return luaL_error(L, "the game's RNG is seeded by the host; math.randomseed is not available");
}

bool Vm::Internals::valid_module_name(const char* s) {
  if (!*s || *s == '.') return false;
  for (const char* p = s; *p; ++p) {
    bool ok = std::isalnum(static_cast<unsigned char>(*p)) || *p == '_' || *p == '-' ||
              (*p == '.' && p[1] != '.' && p[1] != '\0');
    if (!ok) return false;
  }
  return true;
}

// Pushes the module's shown path and its chunk, or an error message and
// returns false. Its C++ strings end with it, before require raises or
// runs the chunk (either may long-jump past destructors).
bool Vm::Internals::load_module(lua_State* L, Vm* vm, const char* name) {
  std::string rel = name;
  for (auto& ch : rel)
    if (ch == '.') ch = '/';
  std::filesystem::path file;
  if (rel.rfind("ratify/", 0) == 0)
    file = vm->scripts_dir_ / (rel + ".lua");
  else
    file = vm->ruleset_dir_ / (rel + ".lua");
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) {
    luaL_where(L, 1);
    lua_pushfstring(L, "module '%s' not found (looked for %s)", name,
                    vm->display_path(file).c_str());
    lua_concat(L, 2);
    return false;
  }
  if (std::string why = vm->outside(file); !why.empty()) {
    luaL_where(L, 1);
    lua_pushfstring(L, "module '%s': %s %s", name, file.lexically_normal().c_str(), why.c_str());
    lua_concat(L, 2);
    return false;
  }
  std::string shown = vm->display_path(file), text = read_text(file), chunk = "@" + shown;
  if (text.size() > kMaxChunk) {
    std::string why = "module '" + std::string(name) + "': " + too_long(shown);
    luaL_where(L, 1);
    lua_pushlstring(L, why.data(), why.size());
    lua_concat(L, 2);
    return false;
  }
  lua_pushlstring(L, shown.data(), shown.size());
  if (luaL_loadbufferx(L, text.data(), text.size(), chunk.c_str(), "t") == LUA_OK) return true;
  lua_remove(L, -2);  // the path: the message alone stays
  return false;
}

// require: the ruleset's own folder, and "ratify.*" from scripts/.
int Vm::Internals::require(lua_State* L) {
  const char* name = luaL_checkstring(L, 1);
  if (!valid_module_name(name))
    return luaL_error(L,
                      "require \"%s\": a module name is letters, digits, _ and dots "
                      "(no paths); it resolves inside the ruleset folder or scripts/",
                      name);
  Vm* vm = vm_of(L);
  lua_getfield(L, LUA_REGISTRYINDEX, kLoadedKey);
  lua_getfield(L, -1, name);
  if (!lua_isnil(L, -1)) {
    if (lua_type(L, -1) == LUA_TLIGHTUSERDATA)
      return luaL_error(L, "require \"%s\": modules require each other in a loop", name);
    return 1;
  }
  lua_pop(L, 1);
  int loaded = lua_gettop(L);                          // then the module's path, its chunk
  if (!load_module(L, vm, name)) return lua_error(L);  // no C++ object alive here
  lua_pushlightuserdata(L, const_cast<char*>(kLoadingMark));
  lua_setfield(L, loaded, name);
  lua_pushstring(L, name);
  lua_call(L, 1, 1);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
  }
  if (lua_istable(L, -1)) vm->module_files_[lua_topointer(L, -1)] = lua_tostring(L, loaded + 1);
  lua_pushvalue(L, -1);
  lua_setfield(L, loaded, name);
  return 1;
}

void Vm::open_sandbox() {
  lua_State* L = L_;
  // The safe libraries. No io, os, package, debug, coroutine: files,
  // processes, the host's memory and unbounded control flow stay out.
  luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
  luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
  luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
  luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
  luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
  lua_settop(L, 0);

  lua_pushglobaltable(L);
  // dofile/loadfile read files; require is ours instead.
  for (const char* name : {"dofile", "loadfile"}) {
    lua_pushnil(L);
    lua_setfield(L, -2, name);
  }
  // load keeps its power over text but never takes bytecode.
  lua_getfield(L, -1, "load");
  lua_pushcclosure(L, &Internals::safe_load, 1);
  lua_setfield(L, -2, "load");
  lua_getfield(L, -1, "pcall");
  lua_pushcclosure(L, &Internals::safe_pcall, 1);
  lua_setfield(L, -2, "pcall");
  lua_pushcfunction(L, &Internals::safe_xpcall);
  lua_setfield(L, -2, "xpcall");
  // collectgarbage("stop") would let garbage grow to the cap: only reads.
  lua_pushcfunction(L, &Internals::safe_collectgarbage);
  lua_setfield(L, -2, "collectgarbage");
  lua_pushcfunction(L, &Internals::print);
  lua_setfield(L, -2, "print");
  lua_pushcfunction(L, &Internals::require);
  lua_setfield(L, -2, "require");
  open_frozen_guards(L);  // rawset would write into a frozen action

  // string.dump makes bytecode, the way around "text chunks only".
  lua_getfield(L, -1, "string");
  lua_getfield(L, -1, "format");
  lua_setfield(L, LUA_REGISTRYINDEX, kFormatKey);
  lua_pushnil(L);
  lua_setfield(L, -2, "dump");
  lua_pop(L, 1);
  // math.random is the game's RNG, so replays are exact.
  lua_getfield(L, -1, "math");
  lua_pushcfunction(L, &Internals::random);
  lua_setfield(L, -2, "random");
  lua_pushcfunction(L, &Internals::randomseed);
  lua_setfield(L, -2, "randomseed");
  lua_pop(L, 1);
  lua_pop(L, 1);

  // The string metatable is shared by every string: hide it from scripts.
  lua_pushliteral(L, "");
  if (lua_getmetatable(L, -1)) {
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
  }
  lua_pop(L, 1);

  lua_newtable(L);
  lua_setfield(L, LUA_REGISTRYINDEX, kLoadedKey);
  open_checked_library(L, limits_.memory);
}

}  // namespace ratify::lua
