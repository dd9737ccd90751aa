#pragma once
// The server's parts, private to host/net: the Hub (the listener, the
// connections, the lobby; hub.cpp), a Session (one connection) and a
// Table (one game; table.cpp). server.cpp is the public face.
#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>

#include <chrono>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>

#include "bots/bots.hpp"
#include "net/http_files.hpp"
#include "net/protocol.hpp"
#include "net/server.hpp"

namespace ratify::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;

class Session;
struct Table;

// The io thread's side of a server: the listener, every connection, and
// the games. One io thread runs it all, so no game is entered from two
// threads; games of one ruleset share its loaded rules (one VM).
struct Hub {
  Hub(LobbyOptions o, bool one);

  // Everything below runs on the io thread.
  void accept();
  void received(const std::shared_ptr<Session>& s, const std::string& text);
  void gone(Session* s);
  void hello(const std::shared_ptr<Session>& s, const Hello& h);
  void list(Session& s);
  void create(Session& s, const Create& c);
  void join(Session& s, const Join& j);
  std::shared_ptr<Table> find(const std::string& id);
  std::shared_ptr<engine::Loaded> rules_of(const std::string& ruleset, const std::string& variant);
  void add(const std::shared_ptr<Table>& t);
  void resume_games();
  void stop_all();
  std::string host() const;

  LobbyOptions opts;
  bool one_game;  // `serve RULESET`: the server ends with its game
  WebRoots web;
  bool stopping = false;
  int resumed = 0;

  asio::io_context io{1};
  std::optional<asio::ssl::context> tls;  // with --tls-cert: every connection speaks TLS
  tcp::acceptor acceptor{io};
  std::set<std::shared_ptr<Session>> sessions;
  std::map<std::string, int> per_address;
  std::map<std::string, std::shared_ptr<Table>> tables;          // by game id
  std::map<std::string, std::shared_ptr<engine::Loaded>> rules;  // by "ruleset/variant"
  std::map<const engine::Loaded*, std::string> rules_hashes;     // net::ruleset_hash
};

// A connection: what the hub knows of it, whatever carries it.
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(Hub& hub, std::string address) : hub_(hub), address_(std::move(address)) {}
  virtual ~Session() = default;

  int seat = -1;                 // -1: not yet said; 0: a watcher; 1..: a player
  std::shared_ptr<Table> table;  // the game it said hello to
  size_t log_sent = 0;
  int bad = 0;
  const std::string& address() const { return address_; }

  virtual void start() = 0;
  void send(const nlohmann::json& j) { send_text(j.dump()); }
  void send_text(std::string text) {
    if (closing_) return;
    if (out_.size() >= hub_.opts.limits.outbox) return drop();
    out_.push_back(std::move(text));
    if (out_.size() == 1) write();
  }
  // Sends what is queued, then closes.
  void close_after_sending() {
    closing_ = true;
    if (out_.empty()) close();
  }
  // A message within the rate, else false (a token bucket).
  bool within_rate() {
    auto now = std::chrono::steady_clock::now();
    double dt = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    const auto& l = hub_.opts.limits;
    tokens_ = std::min(l.message_burst, tokens_ + dt * l.messages_per_second);
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
  }
  // An action carried out costs no rate: a game's own pace bounds those.
  void refund() { tokens_ = std::min(hub_.opts.limits.message_burst, tokens_ + 1); }
  virtual void drop() = 0;

 protected:
  virtual void write() = 0;
  virtual void close() = 0;

  std::deque<std::string> out_;
  Hub& hub_;
  std::string address_;
  bool closing_ = false;
  double tokens_ = 1e9;  // capped to the burst at the first message
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

// One game: its State, its seats' tokens, its journal and the connections
// that said hello to it. Handlers that outlive a call hold it by
// shared_ptr: a lobby drops a game once it is over.
struct Table : std::enable_shared_from_this<Table> {
  Table(Hub& h, std::string game_id, std::shared_ptr<engine::Loaded> l, ServerOptions o,
        std::string creator_address);

  void begin();
  void seat_in(const std::shared_ptr<Session>& s, int seat);
  void gone(Session* s);
  void act(const std::shared_ptr<Session>& s, const Act& a);
  void chat(const Chat& c, int from);
  void ask_undo(Session& s);
  void answer_undo(Session& s, bool accept);
  void undo_lapses(const std::string& why);
  void broadcast(const nlohmann::json& j);
  void send_view(Session& s, bool whole_log);
  void send_view(Session& s, engine::View v, bool whole_log);
  void after_change();
  void bot_moves();
  void finish();
  void fail(const std::string& why);
  void close();
  nlohmann::json welcome(int seat) const;
  nlohmann::json listing() const;
  void start_game();
  bool resume_game();
  // Undo keeps a snapshot a move (Interactive); else the replay alone.
  engine::Mode mode() const { return opts.undo ? engine::Mode::Interactive : engine::Mode::Record; }
  void save_secrets();
  void journal_step(size_t k);
  void journal_since(size_t steps);
  void play_forced_moves();
  void carry_out(int i);
  void maybe_take_over();
  void start_clock();
  int free_seat(int wanted) const;
  std::string seat_link(int seat) const;
  std::string watch_link() const;
  // f(), its exceptions ending this game only.
  template <class F>
  void guarded(F f) {
    try {
      f();
    } catch (const std::exception& e) {
      fail(e.what());
    }
  }

  Hub& hub;
  std::string id;
  std::shared_ptr<engine::Loaded> loaded;
  ServerOptions opts;
  std::string creator;  // the address that created it in the lobby ("": none)
  std::unique_ptr<engine::Game> game;
  std::vector<std::string> tokens;  // [p-1]; "" for a bot seat
  std::vector<bool> claimed;        // [p-1]: the seat's token was handed out
  std::vector<std::unique_ptr<bots::Bot>> bots;
  std::unique_ptr<bots::Bot> stand_in;  // plays a seat whose player left, or is out of time
  std::vector<core::Rng> rngs;
  std::string nonce, commit;
  std::string rules_hash;  // net::ruleset_hash: a searching client checks its rules by it
  int64_t seq = 0;         // actions carried out: a view's sequence number
  int resumed = 0;
  std::filesystem::path journal, secrets;
  std::ofstream journal_out;  // the journal, open for appending once a step is written
  bool over = false, closed = false;
  std::string failure;
  std::optional<engine::Result> result;
  nlohmann::json result_message;  // once over: for whoever joins before it is dropped
  // The undo a seat asked for, while the other people answer.
  struct UndoAsked {
    int seat = 0;
    uint32_t accepted = 0;  // bit p: player p accepted
  };
  std::optional<UndoAsked> undo_asked;

  asio::steady_timer linger;
  asio::steady_timer clock;  // the turn clock of the person to act
  std::set<std::shared_ptr<Session>> sessions;
  std::vector<std::weak_ptr<Session>> seat_session;  // [p-1]
};

}  // namespace ratify::net
