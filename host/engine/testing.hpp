#pragma once
// For tests only: the Lua binding behind a game, to arrange what the
// interface never lets a seat do (stack a deal, re-deal unseen cards by
// hand). Nothing in host/ includes this (tests/architecture.cmake).
#include "engine/game.hpp"
#include "lua/match.hpp"

namespace ratify::engine::testing {

lua::Match& match_of(Game& g);

}  // namespace ratify::engine::testing
