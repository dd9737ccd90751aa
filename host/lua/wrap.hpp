#pragma once
// Entry points of the wrap_*.cpp binding files (host/lua internal).
#include "lua/internal.hpp"

namespace ratify::lua {

class Match;
// Pushes a new game context `g` for m; token_index holds the match token.
void push_context(lua_State* L, Match& m, int token_index);
void push_options(lua_State* L, const core::OptionValues& options);
// Registers the scenario-test API `t` and runs one test file.
struct TestCase;

}  // namespace ratify::lua
