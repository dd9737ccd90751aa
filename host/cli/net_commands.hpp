#pragma once
// `ratify serve` and `ratify join`: a game played over the network
// (docs/network.md, docs/protocol.md).
#include <cstdint>
#include <string>
#include <vector>

namespace ratify::cli {

struct ServeArgs {
  std::string ruleset, variant;
  std::vector<std::string> seats, sets;
  std::string listen = "127.0.0.1:7777";  // ADDR:PORT; port 0: any free one
  std::string public_host;                // the host the links name
  std::string replay_file, data_dir;
  uint64_t seed = 0;
  bool seed_given = false, no_watchers = false;
  double takeover = 0;  // seconds; 0: the game waits for a player who left
  std::string takeover_bot = "random";
  double clock = 0;                 // seconds a person has for a move; 0: no clock
  std::string tls_cert, tls_key;    // PEM files: wss:// links
  bool undo = false;                // seats may ask to undo their last move
  std::vector<std::string> limits;  // "name=value": net::Limits (docs/network.md "Limits")
};
int cmd_serve(const ServeArgs& a);

struct JoinArgs {
  std::string link;
  bool text = false;
  std::string bot;  // "" : a person at the text UI
  uint64_t seed = 0;
  bool seed_given = false, quiet = false;
  std::string trust_cert;  // a wss:// server's certificate (or its CA) to trust
  // The lobby: list its games, or create one (RULESET[/VARIANT]) with
  // these seats and options, and take its first free seat.
  bool list = false;
  std::string create;
  std::vector<std::string> seats, sets;
  bool undo = false;  // with --create: seats may ask to undo
};
int cmd_join(const JoinArgs& a);

// `ratify replay FILE [--commitment C]`, a network game's: its seed against
// the commitment in its header (and C, the one a player was shown). Prints
// why not and returns false when it does not hold; true for a replay that
// is not a network game's when no C is given.
bool replay_seed_holds(const std::string& file, const std::string& published);

}  // namespace ratify::cli
