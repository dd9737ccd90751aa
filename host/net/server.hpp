#pragma once
// `ratify serve`: one game held on the server, played over WebSocket
// (docs/protocol.md, docs/network.md). The server owns the only State;
// one io thread runs every handler, so the rules are never entered from
// two threads. Clients get their seat's view(seat) and nothing else.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.hpp"

namespace ratify::net {

struct Limits {
  int connections_per_address = 64;  // open WebSocket connections from one address
  int bad_messages = 16;             // refused messages before a connection is closed
  // A client's messages other than actions carried out (a game's pace
  // bounds those): a token bucket, refilled at this rate, up to the burst.
  double messages_per_second = 20;
  double message_burst = 60;
  size_t outbox = 1024;  // messages queued to a client that does not read
};

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

}  // namespace ratify::net
