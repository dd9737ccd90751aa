#pragma once
// `ratify serve`: games held on the server, played over WebSocket
// (docs/protocol.md, docs/network.md). The server owns the only States;
// one io thread runs every handler of every game, so no game's rules are
// ever entered from two threads. Clients get their seat's view(seat) and
// nothing else. A Lobby hosts many games; a Server is a lobby of one game
// that ends with it (`serve RULESET --seats ...`).
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.hpp"

namespace ratify::net {

struct Hub;  // the io thread's side: the listener, the connections, the games (hub.hpp)

struct Limits {
  int connections_per_address = 64;  // open WebSocket connections from one address
  int bad_messages = 16;             // refused messages before a connection is closed
  // A client's messages other than actions carried out (a game's pace
  // bounds those): a token bucket, refilled at this rate, up to the burst.
  double messages_per_second = 20;
  double message_burst = 60;
  size_t outbox = 1024;  // messages queued to a client that does not read
  // The lobby: games open at once, and open games created from one address.
  int games = 256;
  int games_per_address = 4;
  // Sizes: a client's message (a bigger frame closes the connection) and
  // a chat line; at most the protocol's own (protocol.hpp).
  size_t message_bytes = 4096;
  size_t chat_bytes = 500;
};
// Sets one limit from "name=value" (`serve --limit`; the names are the
// fields above, as docs/network.md lists them): "" when set, else why not.
std::string set_limit(Limits& l, const std::string& name_value);

struct ServerOptions {
  std::string listen_host = "127.0.0.1";
  int port = 0;                    // 0: any free port (port() says which)
  std::string public_host;         // the host named in links ("" : listen_host)
  std::vector<std::string> seats;  // "human" or a bot spec, one per player
  uint64_t seed = 0;
  core::OptionValues options;
  std::string replay_file;  // the game's replay, written at the end ("": none)
  bool watchers = true;     // the watch link works
  // The journal (docs/network.md): the game's replay, a line per action as
  // it goes, and the seats' tokens. A server started on a folder that
  // holds one resumes that game (its seats and seed, not these options').
  std::string data_dir;
  // A human seat to act with no connection for this long is played by
  // `takeover_bot` until its player comes back (0: the game waits).
  double takeover_seconds = 0;
  std::string takeover_bot = "random";
  // The turn clock: a person to act who has not moved after this long has
  // `takeover_bot` move for them, that move only (0: no clock).
  double clock_seconds = 0;
  // TLS (PEM files): every connection speaks TLS and the links are wss://.
  std::string tls_cert, tls_key;
  double linger_seconds = 5;  // after the end: time for clients to read the result
  // A seat may ask to undo its own last move; the other people accept or
  // refuse (docs/protocol.md, "Undo"). The game keeps a snapshot a move.
  bool undo = false;
  Limits limits;
};

class Server {
 public:
  Server(std::shared_ptr<engine::Loaded> loaded, ServerOptions opts);
  ~Server();
  int port() const;
  // One link per human seat, in seat order, then the watch link.
  std::vector<std::string> seat_links() const;
  std::string watch_link() const;
  std::string commitment() const;
  // The number of actions resumed from the journal (0: a new game).
  int resumed() const;
  // Runs until the game is over and the clients have been told (or stop()).
  void run();
  // From any thread.
  void stop();
  // After run(): the result, or why there is none.
  std::optional<engine::Result> result() const;
  std::string failure() const;

  struct Impl;  // the io thread's side (server.cpp)

 private:
  std::unique_ptr<Impl> impl_;
};

// What a lobby client may seat at a game it creates: bots cheap enough
// to run on the io thread that serves every game.
bool lobby_bot_allowed(const std::string& spec);

struct LobbyOptions {
  std::string listen_host = "127.0.0.1";
  int port = 0;
  std::string public_host;
  std::string tls_cert, tls_key;
  // Each game is journaled in data_dir/games/ID/; a lobby started on a
  // folder resumes every game there that is not over.
  std::string data_dir;
  double linger_seconds = 5;  // a game over stays this long for its clients
  Limits limits;
};

// `ratify serve` without a ruleset: many games on one io thread; clients
// create, list, join and watch them (docs/protocol.md, "The lobby").
class Lobby {
 public:
  explicit Lobby(LobbyOptions opts);
  ~Lobby();
  int port() const;
  std::string lobby_link() const;
  // Games resumed from the data folder.
  int resumed() const;
  // Runs until stop().
  void run();
  void stop();  // from any thread

 private:
  std::unique_ptr<Hub> hub_;
};

}  // namespace ratify::net
