#pragma once
// A world a seat could be in, made from its View alone: what a searching
// bot that is a client of `ratify serve` plays in (docs/network.md, "Bots
// as clients"). The client holds the same rules but never the server's
// State; everything here comes from the View, so a card identity the view
// did not give cannot reach the world.
#include <nlohmann/json.hpp>

#include "core/rng.hpp"
#include "engine/state.hpp"

namespace ratify::engine {

// The protocol's view (to_json of a View) read back. Throws
// std::runtime_error when it is not one.
View view_from_json(const nlohmann::json& j);

// Makes `s`, a game of the same rules, players and options as the view's
// (fresh from setup: it gives the zones the rules make and which pack
// each card belongs to), a world the view's seat could be in:
// - every card the view shows lies where the view says, known to the seat;
// - the places the view shows face down get the cards the view does not
//   show, drawn by `rng` (a card of the zone's own pack when there is one,
//   the face a glimpse showed when there was one); the rest go to the box;
// - g.state is the view's `state`, each other seat's declared secret
//   (which the view leaves out) held as an empty table, so that the bot's
//   own world_for imagines it as it does on a server;
// - the RNG and g.seed are drawn by `rng`: nothing of the server's.
// Throws std::runtime_error when the view cannot be a moment of these
// rules (a card shown that is another card here, more cards than there
// are): the rules differ from the server's.
void become_world_of(State& s, const View& v, core::Rng& rng);

}  // namespace ratify::engine
