#pragma once
// The file a Lua function came from, for a message that names it: Lua's
// short_src cuts a long path to ".../tail" (LUA_IDSIZE, 60 bytes), which
// names no file a user can open; a chunk loaded from a file ("@path", as
// the Vm loads every file) gives its whole path.
#include <string>

namespace ratify::lua {

inline std::string source_file(const char* source, const char* short_src) {
  if (source && source[0] == '@') return std::string(source + 1);
  return std::string(short_src);
}

}  // namespace ratify::lua
