#pragma once
// The network protocol (docs/protocol.md): versioned JSON messages over
// WebSocket. The reader here is the one door for everything a client
// sends: size, UTF-8, JSON, depth and shape are checked before the server
// looks at a message, so nothing else in the server parses outside input.
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ratify::core {
struct Replay;
}
namespace ratify::engine {
struct View;
}

namespace ratify::net {

constexpr int kProtocolVersion = 1;
// A client's message is at most this long: the longest real one is a chat
// line, and a bigger frame is refused by the WebSocket layer before it is
// read whole.
constexpr size_t kMaxClientMessage = 4096;
constexpr size_t kMaxChatText = 500;
constexpr size_t kMaxToken = 64;
constexpr size_t kMaxGameId = 16;   // a lobby game's id: hex digits
constexpr size_t kMaxName = 64;     // a ruleset, variant or seat spec in `create`
constexpr size_t kMaxSeats = 8;     // seats in `create`
constexpr size_t kMaxOptions = 32;  // options in `create`

// hello: who the connection speaks for (a seat's token, or a watcher).
struct Hello {
  std::string token;  // "" for a watcher
  bool watch = false;
  std::string game;  // the lobby game to watch ("": the server's only game)
};
// act: action `id` of the list offered in view `seq`.
struct Act {
  int64_t id = 0, seq = 0;
};
// chat: a line of text to the table.
struct Chat {
  std::string text;
};
// resync: "send me my view again".
struct Resync {};
// The lobby (before hello): the open games; a new game; a free seat's token.
struct List {};
struct Create {
  std::string ruleset, variant;
  std::vector<std::string> seats;    // "human" or a bot spec, one per player
  std::vector<std::string> options;  // "name=value"
  bool undo = false;                 // seats may ask to undo
};
struct Join {
  std::string game;
  int seat = 0;  // 0: the first free one
};

// undo: take back my last move (the others must accept); undo_answer:
// accept or refuse the undo another seat asked for.
struct Undo {};
struct UndoAnswer {
  bool accept = false;
};

using ClientMessage = std::variant<Hello, Act, Chat, Resync, List, Create, Join, Undo, UndoAnswer>;

// What the reader says of a bad message: a stable code and a sentence.
struct ReadError {
  std::string code;  // "too_big", "not_utf8", "not_json", "bad_shape", "bad_version"
  std::string message;
};

// Reads one client message; never throws.
std::variant<ClientMessage, ReadError> read_client_message(std::string_view text);

// The server's messages, each a JSON object with "v" and "type".
nlohmann::json message(std::string_view type);
nlohmann::json error_message(std::string_view code, std::string_view text);

// A seat's view as the protocol sends it: to_json(view). The engine's view
// offers actions whose "cards" name only cards the seat sees.
nlohmann::json seat_view_json(const engine::View& v);
// The whole `view` message, {"v", "type", "seq", "log_from", "view"},
// written straight to text: the same JSON as seat_view_json in the
// message, without building it as a JSON tree first (a server writes one
// for every connection after every action). `v.log` holds the lines to
// send, those from `log_from` on. Throws std::runtime_error on text that
// is not UTF-8, as dumping the tree would.
std::string view_message(const engine::View& v, int64_t seq, size_t log_from);

// The seed commitment published when a game starts: SHA-256 of
// "ratify-seed-v1:<seed>:<nonce>", lowercase hex; revealed at the end.
std::string seed_commitment(uint64_t seed, const std::string& nonce);
std::string sha256_hex(std::string_view data);

// What a client that searches checks it holds the server's rules by
// (docs/protocol.md, `welcome`): SHA-256 over the ruleset's Lua files
// (its folder's, tests/ left out, each with its path) and the variant
// file when it has one. Two installs of one version hash alike.
std::string ruleset_hash(const std::filesystem::path& dir, const std::filesystem::path& variant);

// A network game's replay: its header carries the seed commitment under
// "network" (and the nonce once the game is over and it is revealed), so
// `ratify replay` can check the deal against what every player was shown.
std::string network_replay(const core::Replay& r, const std::string& commitment,
                           const std::string& nonce = "");
// Checks the seed of a replay whose header is `header` against its
// commitment, and against `published` (the commitment a player saw at
// the start) when given. "" when it holds, else why not, in a sentence.
std::string check_seed_reveal(const nlohmann::json& header, const std::string& published);
// 128 random bits from the system's source, as hex: tokens and nonces.
std::string random_hex(int bytes = 16);

// A link: ws://HOST:PORT/?seat=N&token=T, or ws://HOST:PORT/?watch;
// wss:// for a server that speaks TLS.
struct Link {
  std::string host, port, token;
  std::string game;  // a lobby game (watch links of a lobby name it)
  int seat = 0;
  bool watch = false;
  bool tls = false;
};
std::optional<Link> parse_link(const std::string& link);
std::string seat_link(const std::string& host, int port, int seat, const std::string& token,
                      bool tls = false);
std::string watch_link(const std::string& host, int port, bool tls = false,
                       const std::string& game = "");
// A lobby's own link: ws://HOST:PORT/ (optionally ?game=ID). nullopt for
// anything that is not a ws:// or wss:// link of a host and port.
std::optional<Link> parse_lobby_link(const std::string& link);

}  // namespace ratify::net
