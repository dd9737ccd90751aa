#pragma once
// The parts of `ratify join` that its files share (host/cli internal):
// join.cpp plays the seat; a bot that searches is join_search.cpp, the
// lobby's questions join_lobby.cpp.
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "bots/bots.hpp"
#include "cli/net_commands.hpp"
#include "core/rng.hpp"
#include "engine/game.hpp"
#include "net/client.hpp"
#include "net/protocol.hpp"

namespace ratify::cli {

// A bot that searches (heuristic, mcts, a strategy bot), played here: the
// server's rules, found by id and checked by their hash, and a game of
// them that each view is made into a world of before the bot chooses.
struct Searcher {
  std::shared_ptr<engine::Loaded> loaded;
  std::unique_ptr<engine::Game> game;
  std::unique_ptr<bots::Bot> bot;
  bool warned = false;
};

// Opens the searcher for the game `welcome` names; "" or why it cannot.
std::string open_searcher(const std::string& spec, const nlohmann::json& welcome, Searcher& s);
// The searcher's choice among the offered actions `acts` of view `v`: the
// bot chooses in a world made from the view, and its action is found
// among the offered by what the seat sees of it. Random when the world
// cannot be made or disagrees with the view (said once).
size_t search_choice(Searcher& s, const nlohmann::json& v, const nlohmann::json& acts,
                     core::Rng& rng);

// The lobby (docs/network.md): list its games, or create one, or take a
// free seat of one; a seat's link comes back, to play now and rejoin with.
std::optional<net::Link> use_lobby(const JoinArgs& a, net::Link link, net::Client& client);

}  // namespace ratify::cli
