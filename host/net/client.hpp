#pragma once
// A client of `ratify serve`: one WebSocket connection, blocking reads.
// `ratify join` and the tests use it; it knows the protocol's framing,
// not the game (that is the view's, docs/protocol.md).
#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "net/protocol.hpp"

namespace ratify::net {

// A wss:// server's certificate is checked against this file (PEM: the
// server's own self-signed certificate, or the CA that signed it); an
// empty file: the system's trusted roots.
struct TlsTrust {
  std::string cert_file;
};

class Client {
 public:
  // Connects and opens the WebSocket, over TLS when `tls` is given (throws
  // std::runtime_error, also when the server's certificate is not trusted).
  Client(const std::string& host, const std::string& port,
         std::optional<TlsTrust> tls = std::nullopt);
  ~Client();
  void send(const nlohmann::json& j);
  // Any bytes as one text frame: the tests' hostile messages.
  void send_text(const std::string& text);
  // The next message from the server; nullopt once the connection closed,
  // or when none came within `timeout` (0: wait as long as it takes; the
  // connection is closed then, since a half-read frame cannot be resumed).
  std::optional<nlohmann::json> receive(std::chrono::milliseconds timeout = {});
  void close();
  bool is_open() const;
  // The next message if one comes within `wait`, else nullopt with the
  // connection kept (the read stays pending for the next call): for a loop
  // that sends between reads, as the window's does. Not mixed with receive().
  std::optional<nlohmann::json> poll(std::chrono::milliseconds wait);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The hello for a link: its token, or a watcher's.
nlohmann::json hello_for(const Link& l);

}  // namespace ratify::net
