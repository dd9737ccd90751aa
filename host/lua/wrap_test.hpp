#pragma once
// The pieces of the scenario-test API shared by its files (host/lua
// internal): wrap_test.cpp (`t`, t.game, the test runner),
// wrap_test_game.cpp (the test game G: reading it, playing it) and
// wrap_test_arrange.cpp (G:arrange, G:set, G:try: a position made by hand).
#include <stdexcept>
#include <string>
#include <vector>

#include "lua/internal.hpp"
#include "lua/match.hpp"

namespace ratify::lua::test_api {

inline const char* kGameMeta = "ratify.test.game";
// A test game's one field besides its methods: G.g, its context.
inline const char* kGameField = "g";

struct GameBox {
  Match* match;
};

// The test game at stack index 1; an error once it is gone.
Match& game_arg(lua_State* L);
// A value as a failed assertion names it: strings quoted, plain tables as JSON.
std::string show(lua_State* L, int idx);
// Pushes the message of a failed assertion, with its position; returns false.
bool push_failure(lua_State* L, const std::string& what);

// The helpers below run inside catch_to_stack and throw: a Lua error
// would long-jump past their strings and vectors.
struct PositionError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The list at stack index idx as cards, checked to name each card once.
std::vector<core::CardId> cards_named(lua_State* L, Match& m, int idx, const std::string& where);
// Indices of the legal actions matching the spec at stack index 2.
std::vector<int> matching(lua_State* L, Match& m, std::vector<std::string>& labels);

// G's methods (push_t lists them), in wrap_test_game.cpp and
// wrap_test_arrange.cpp.
int game_gc(lua_State* L);
int game_index(lua_State* L);
int game_actor(lua_State* L);
int game_actions(lua_State* L);
int game_can(lua_State* L);
int game_act(lua_State* L);
int game_result(lua_State* L);
int game_card(lua_State* L);
int game_playout(lua_State* L);
int game_heuristic(lua_State* L);
int game_status(lua_State* L);
int game_log(lua_State* L);
int game_try(lua_State* L);
int game_arrange(lua_State* L);
int game_set(lua_State* L);

}  // namespace ratify::lua::test_api
