#pragma once
// The loader's checked reads of a ruleset table's fields, shared by
// ruleset.cpp and ruleset_cards.cpp (host/lua only).
#include <string>

#include "lua/internal.hpp"

namespace ratify::lua {

// lua_getfield in a protected call of its own: an error of a metamethod
// (a card table's __index) becomes a ScriptError, which unwinds the
// loader's C++ objects; a Lua error would long-jump past them and leak.
void get_field(lua_State* L, int t, const char* field);
// A string field, checked to be UTF-8 text ("" when nil).
std::string opt_string(lua_State* L, int t, const char* field, const std::string& where);

}  // namespace ratify::lua
