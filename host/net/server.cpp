#include "net/server.hpp"

#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>

#include <chrono>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "bots/bots.hpp"
#include "core/replay.hpp"
#include "engine/catalog.hpp"
#include "net/http_files.hpp"
#include "net/protocol.hpp"

namespace ratify::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

// The variant the rules were loaded with, by name, however it was given
// ("article2/quick" or "article2" and "quick"): what a client that
// searches opens the same rules with.
std::string variant_name(const engine::Loaded& loaded) {
  const auto& file = loaded.where().variant;
  return file.empty() ? std::string() : file.stem().string();
}

// A comparison whose time does not depend on where two tokens differ.
bool same_token(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

// A limit's bound as people write it: 4096, 0.01.
std::string text_of(double x) {
  if (x == static_cast<double>(static_cast<long>(x))) return std::to_string(static_cast<long>(x));
  std::ostringstream s;
  s << x;
  return s.str();
}

nlohmann::json result_json(const engine::Result& r) {
  return {{"winners", r.winners}, {"scores", r.scores}, {"text", r.text}};
}

}  // namespace

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

using TlsStream = beast::ssl_stream<beast::tcp_stream>;

// A connection over a plain TCP stream, or over TLS (TlsStream).
template <class Stream>
class StreamSession : public Session {
 public:
  static constexpr bool kTls = std::is_same_v<Stream, TlsStream>;
  template <class... Args>
  StreamSession(Hub& hub, std::string address, Args&&... stream)
      : Session(hub, std::move(address)), ws_(std::forward<Args>(stream)...) {}

  void start() override {
    auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
    timeouts.idle_timeout = std::chrono::minutes(30);  // a person may think long
    timeouts.keep_alive_pings = true;
    ws_.set_option(timeouts);
    ws_.read_message_max(hub_.opts.limits.message_bytes);
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
    if constexpr (kTls)
      ws_.next_layer().async_handshake(asio::ssl::stream_base::server,
                                       [self = self()](beast::error_code ec) {
                                         if (ec) return self->hub_.gone(self.get());
                                         self->read_request();
                                       });
    else
      read_request();
  }
  void drop() override {
    closing_ = true;
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().close(ec);
  }

 private:
  std::shared_ptr<StreamSession> self() {
    return std::static_pointer_cast<StreamSession>(shared_from_this());
  }
  // One port for both: a WebSocket upgrade joins the game, a plain GET
  // gets the browser seat's files (http_files.hpp).
  void read_request() {
    beast::http::async_read(ws_.next_layer(), buf_, req_,
                            beast::bind_front_handler(&StreamSession::on_request, self()));
  }
  void on_request(beast::error_code ec, size_t) {
    if (ec) return hub_.gone(this);
    if (!websocket::is_upgrade(req_))
      return serve_http(ws_.next_layer(), req_, hub_.web,
                        [self = self()] { self->hub_.gone(self.get()); });
    beast::get_lowest_layer(ws_).expires_never();
    ws_.async_accept(req_, beast::bind_front_handler(&StreamSession::on_accept, self()));
  }
  void on_accept(beast::error_code ec) {
    if (ec) return hub_.gone(this);
    read();
  }
  void read() { ws_.async_read(buf_, beast::bind_front_handler(&StreamSession::on_read, self())); }
  void on_read(beast::error_code ec, size_t) {
    if (ec) return hub_.gone(this);
    std::string text = beast::buffers_to_string(buf_.data());
    buf_.consume(buf_.size());
    hub_.received(shared_from_this(), ws_.got_text() ? text : std::string("\xff"));
    if (!closing_) read();
  }
  void write() override {
    ws_.text(true);
    ws_.async_write(asio::buffer(out_.front()),
                    beast::bind_front_handler(&StreamSession::on_write, self()));
  }
  void on_write(beast::error_code ec, size_t) {
    if (ec) return hub_.gone(this);
    out_.pop_front();
    if (!out_.empty()) return write();
    if (closing_) close();
  }
  void close() override {
    ws_.async_close(websocket::close_code::normal,
                    [self = self()](beast::error_code) { self->hub_.gone(self.get()); });
  }

  websocket::stream<Stream> ws_;
  beast::flat_buffer buf_;
  beast::http::request<beast::http::string_body> req_;
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

Hub::Hub(LobbyOptions o, bool one) : opts(std::move(o)), one_game(one) {
  web = {engine::assets_dir() / "web", engine::assets_dir(), {}};
  if (!opts.tls_cert.empty()) {
    tls.emplace(asio::ssl::context::tls_server);
    tls->set_options(asio::ssl::context::default_workarounds | asio::ssl::context::no_sslv2 |
                     asio::ssl::context::no_sslv3 | asio::ssl::context::no_tlsv1 |
                     asio::ssl::context::no_tlsv1_1);
    tls->use_certificate_chain_file(opts.tls_cert);
    tls->use_private_key_file(opts.tls_key, asio::ssl::context::pem);
  }
  tcp::endpoint ep(asio::ip::make_address(opts.listen_host),
                   static_cast<unsigned short>(opts.port));
  acceptor.open(ep.protocol());
  acceptor.set_option(asio::socket_base::reuse_address(true));
  acceptor.bind(ep);
  acceptor.listen();
}

std::string Hub::host() const {
  return opts.public_host.empty() ? opts.listen_host : opts.public_host;
}

Table::Table(Hub& h, std::string game_id, std::shared_ptr<engine::Loaded> l, ServerOptions o,
             std::string creator_address)
    : hub(h),
      id(std::move(game_id)),
      loaded(std::move(l)),
      opts(std::move(o)),
      creator(std::move(creator_address)),
      linger(h.io),
      clock(h.io) {
  if (!opts.data_dir.empty()) {
    namespace fs = std::filesystem;
    fs::create_directories(opts.data_dir);
    // The journal holds the seed and the tokens: for the host's eyes only.
    fs::permissions(opts.data_dir, fs::perms::owner_all, fs::perm_options::replace);
    journal = fs::path(opts.data_dir) / "journal.jsonl";
    secrets = fs::path(opts.data_dir) / "secrets.json";
  }
  if (!resume_game()) start_game();
  play_forced_moves();
  int players = game->players();
  seat_session.resize(static_cast<size_t>(players));
  for (int p = 0; p < players; ++p) {
    const auto& spec = opts.seats[static_cast<size_t>(p)];
    bots.push_back(spec == "human" ? nullptr : bots::make_bot(spec, loaded->meta()));
    rngs.emplace_back(core::mix_seed(opts.seed, 1000 + static_cast<uint64_t>(p)));
  }
  if (opts.takeover_seconds > 0 || opts.clock_seconds > 0)
    stand_in = bots::make_bot(opts.takeover_bot, loaded->meta());
  // Once per loaded rules: a lobby makes many games of them.
  std::string& hash = hub.rules_hashes[loaded.get()];
  if (hash.empty()) hash = ruleset_hash(loaded->where().dir, loaded->where().variant);
  rules_hash = hash;
}

void Table::start_game() {
  int players = static_cast<int>(opts.seats.size());
  game = std::make_unique<engine::Game>(loaded, players, opts.seed, opts.options, mode());
  game->set_seats(opts.seats);
  for (const auto& spec : opts.seats) tokens.push_back(spec == "human" ? random_hex() : "");
  // `serve RULESET` prints every seat's link at once: all handed out.
  claimed.assign(tokens.size(), hub.one_game);
  nonce = random_hex();
  commit = seed_commitment(opts.seed, nonce);
  if (journal.empty()) return;
  save_secrets();
  core::write_file(journal.string(), network_replay(game->replay(), commit));
}

void Table::save_secrets() {
  if (secrets.empty()) return;
  core::write_file(
      secrets.string(),
      nlohmann::json{{"tokens", tokens}, {"nonce", nonce}, {"claimed", claimed}}.dump());
}

// The game of the journal, its actions carried out again: the rules are
// deterministic from the seed, so the state is the one the server had.
bool Table::resume_game() {
  if (journal.empty() || !std::filesystem::exists(journal) || !std::filesystem::exists(secrets))
    return false;
  core::Replay r = core::read_replay(journal.string());
  std::ifstream in(secrets, std::ios::binary);
  auto keys = nlohmann::json::parse(in);
  tokens = keys.at("tokens").get<std::vector<std::string>>();
  nonce = keys.at("nonce").get<std::string>();
  claimed.assign(tokens.size(), true);  // a journal from before the lobby: all handed out
  if (keys.contains("claimed")) claimed = keys["claimed"].get<std::vector<bool>>();
  if (r.header.ruleset != loaded->meta().id)
    throw std::runtime_error(journal.string() + " is a game of " + r.header.ruleset + ", not " +
                             loaded->meta().id);
  game = engine::game_from_replay_header(loaded, r.header, mode());
  opts.seats = r.header.seats;
  opts.seed = r.header.seed;
  commit = seed_commitment(opts.seed, nonce);
  for (const auto& step : r.steps) {
    int i = game->state().find_action(step.action);
    if (i < 0 || game->actor() != step.actor)
      throw std::runtime_error(journal.string() + ": action " + std::to_string(seq + 1) +
                               " is not legal now (did the rules change?)");
    game->apply(i);
    ++seq;
  }
  resumed = static_cast<int>(seq);
  return true;
}

// A game of bots alone plays at once; the clock and the stand-in start.
void Table::begin() {
  asio::post(hub.io, [self = shared_from_this()] {
    self->guarded([&] {
      if (self->game->actor() == 0) return self->finish();
      self->maybe_take_over();
      self->start_clock();
      self->bot_moves();
    });
  });
}

// An action carried out and journaled before anyone hears of it.
// The forced moves that follow (the engine plays them for the human
// seats) are actions too, each journaled.
void Table::carry_out(int i) {
  if (undo_asked) undo_lapses("the game moved on");
  size_t steps = game->steps();
  game->apply(i);
  journal_since(steps);
  after_change();
}

// The human seats get their forced moves played (docs/lua-api.md, `auto`),
// from the start or the resumed moment on.
void Table::play_forced_moves() {
  uint32_t humans = 0;
  for (size_t p = 0; p < opts.seats.size(); ++p)
    if (opts.seats[p] == "human") humans |= 1u << (p + 1);
  size_t steps = game->steps();
  game->set_auto_seats(humans);
  journal_since(steps);
}

void Table::journal_since(size_t steps) {
  for (size_t k = steps; k < game->steps(); ++k) {
    ++seq;
    journal_step(k);
  }
}

// The seat to act has a person who is not connected: after the timeout
// the stand-in bot moves for them, once per timeout, until they are back.
void Table::maybe_take_over() {
  if (!stand_in || opts.takeover_seconds <= 0 || over || closed) return;
  int actor = game->actor();
  if (actor == 0 || bots[static_cast<size_t>(actor - 1)] ||
      seat_session[static_cast<size_t>(actor - 1)].lock())
    return;
  auto timer = std::make_shared<asio::steady_timer>(
      hub.io, std::chrono::milliseconds(static_cast<int>(opts.takeover_seconds * 1000)));
  int64_t at = seq;
  timer->async_wait([self = shared_from_this(), timer, at, actor](beast::error_code ec) {
    if (ec || self->over || self->closed || self->seq != at || self->game->actor() != actor ||
        self->seat_session[static_cast<size_t>(actor - 1)].lock())
      return;
    self->guarded([&] {
      self->carry_out(
          self->stand_in->choose(*self->game, self->rngs[static_cast<size_t>(actor - 1)]));
    });
  });
}

// The turn clock: a person to act has clock_seconds for each move, then
// the stand-in bot moves for them (this move only). Setting the timer
// again cancels the wait for the move before.
void Table::start_clock() {
  if (opts.clock_seconds <= 0 || over || closed) return;
  int actor = game->actor();
  if (actor == 0 || bots[static_cast<size_t>(actor - 1)]) return;
  clock.expires_after(std::chrono::milliseconds(static_cast<int>(opts.clock_seconds * 1000)));
  int64_t at = seq;
  clock.async_wait([self = shared_from_this(), at, actor](beast::error_code ec) {
    if (ec || self->over || self->closed || self->seq != at || self->game->actor() != actor) return;
    self->guarded([&] {
      self->carry_out(
          self->stand_in->choose(*self->game, self->rngs[static_cast<size_t>(actor - 1)]));
    });
  });
}

// Each line reaches the kernel (flushed) before anyone hears of its
// action, so a kill -9 loses none of it. The file stays open: opening and
// closing it for every action was a quarter of a journaled server's CPU.
void Table::journal_step(size_t k) {
  if (journal.empty()) return;
  if (!journal_out.is_open()) journal_out.open(journal, std::ios::binary | std::ios::app);
  journal_out << core::step_json(game->step(k)).dump() << "\n";
  journal_out.flush();
  if (!journal_out) throw std::runtime_error(journal.string() + ": write failed");
}

void Hub::accept() {
  acceptor.async_accept([this](beast::error_code ec, tcp::socket sock) {
    if (stopping) return;
    if (!ec) {
      beast::error_code aec;
      auto remote = sock.remote_endpoint(aec);
      std::string addr = aec ? "?" : remote.address().to_string();
      if (per_address[addr] >= opts.limits.connections_per_address) {
        sock.close(aec);  // over the limit: refused before the handshake
      } else {
        ++per_address[addr];
        sock.set_option(tcp::no_delay(true), aec);  // a view is one small write: no Nagle wait
        std::shared_ptr<Session> s;
        if (tls)
          s = std::make_shared<StreamSession<TlsStream>>(*this, addr, std::move(sock), *tls);
        else
          s = std::make_shared<StreamSession<beast::tcp_stream>>(*this, addr, std::move(sock));
        sessions.insert(s);
        s->start();
      }
    }
    accept();
  });
}

void Hub::gone(Session* s) {
  for (auto it = sessions.begin(); it != sessions.end(); ++it)
    if (it->get() == s) {
      auto keep = *it;  // alive until the game has let go of it too
      if (--per_address[s->address()] <= 0) per_address.erase(s->address());
      sessions.erase(it);
      if (auto t = std::move(keep->table)) t->gone(s);
      break;
    }
}

void Table::gone(Session* s) {
  for (auto it = sessions.begin(); it != sessions.end(); ++it)
    if (it->get() == s) {
      sessions.erase(it);
      break;
    }
  if (s->seat > 0 && seat_session[static_cast<size_t>(s->seat - 1)].lock().get() == s)
    seat_session[static_cast<size_t>(s->seat - 1)].reset();
  // A lobby keeps a game over for its linger: a client joining again gets the result.
  if (over && sessions.empty() && hub.one_game) return close();
  maybe_take_over();
}

void Hub::received(const std::shared_ptr<Session>& s, const std::string& text) {
  if (!s->within_rate()) {
    s->send(error_message("rate", "too many messages: the connection is closed"));
    return s->close_after_sending();
  }
  auto read = read_client_message(text);
  auto refuse = [&](std::string_view code, std::string_view why) {
    s->send(error_message(code, why));
    if (++s->bad >= opts.limits.bad_messages) s->close_after_sending();
  };
  if (auto* e = std::get_if<ReadError>(&read)) return refuse(e->code, e->message);
  const auto& m = std::get<ClientMessage>(read);
  if (auto* h = std::get_if<Hello>(&m)) return hello(s, *h);
  if (std::holds_alternative<List>(m)) return list(*s);
  if (auto* c = std::get_if<Create>(&m)) return create(*s, *c);
  if (auto* j = std::get_if<Join>(&m)) return join(*s, *j);
  auto table = s->table;  // kept alive through the handler
  if (!table) return refuse("no_hello", "say hello first");
  if (auto* a = std::get_if<Act>(&m)) return table->guarded([&] { table->act(s, *a); });
  if (auto* c = std::get_if<Chat>(&m)) {
    if (c->text.size() > opts.limits.chat_bytes)
      return refuse("bad_shape", "a chat line is at most " +
                                     std::to_string(opts.limits.chat_bytes) + " bytes here");
    return table->chat(*c, s->seat);
  }
  if (std::holds_alternative<Undo>(m)) return table->guarded([&] { table->ask_undo(*s); });
  if (auto* u = std::get_if<UndoAnswer>(&m))
    return table->guarded([&] { table->answer_undo(*s, u->accept); });
  table->guarded([&] { table->send_view(*s, true); });  // resync
}

std::shared_ptr<Table> Hub::find(const std::string& id) {
  auto it = tables.find(id);
  if (it == tables.end() || it->second->closed) return nullptr;
  return it->second;
}

void Hub::hello(const std::shared_ptr<Session>& s, const Hello& h) {
  if (s->seat >= 0) {
    s->send(error_message("again", "this connection already said hello"));
    return;
  }
  std::shared_ptr<Table> table;
  int seat = -1;
  if (h.watch) {
    // A watch link names its game; `serve RULESET`'s names none.
    table = !h.game.empty()      ? find(h.game)
            : tables.size() == 1 ? find(tables.begin()->first)
                                 : nullptr;
    if (!table) return s->send(error_message("no_game", "no open game has that id"));
    if (!table->opts.watchers) {
      s->send(error_message("no_watchers", "the host allows no watchers"));
      return s->close_after_sending();
    }
    seat = 0;
  } else {
    // The token says the game: 128 random bits are no game's but one's.
    for (const auto& [id, t] : tables)
      for (size_t p = 0; p < t->tokens.size(); ++p)
        if (!t->closed && !t->tokens[p].empty() && same_token(t->tokens[p], h.token) &&
            (h.game.empty() || h.game == id)) {
          table = t;
          seat = static_cast<int>(p) + 1;
        }
  }
  if (seat < 0) {
    s->send(error_message("bad_token", "no seat has that token"));
    return s->close_after_sending();
  }
  table->guarded([&] { table->seat_in(s, seat); });
}

void Table::seat_in(const std::shared_ptr<Session>& s, int seat) {
  if (seat > 0) {
    // A reconnect: the new connection takes the seat over.
    if (auto old = seat_session[static_cast<size_t>(seat - 1)].lock()) {
      old->send(error_message("replaced", "this seat was joined from another connection"));
      old->seat = -1;
      old->close_after_sending();
    }
    seat_session[static_cast<size_t>(seat - 1)] = s;
    claimed[static_cast<size_t>(seat - 1)] = true;  // whoever has the token holds the seat
  }
  s->seat = seat;
  s->table = shared_from_this();
  sessions.insert(s);
  s->send(welcome(seat));
  send_view(*s, true);
  if (!result_message.is_null()) s->send(result_message);  // joined again after the end
}

int Table::free_seat(int wanted) const {
  for (size_t p = 0; p < tokens.size(); ++p)
    if (!tokens[p].empty() && !claimed[p] && (wanted == 0 || wanted == static_cast<int>(p) + 1))
      return static_cast<int>(p) + 1;
  return 0;
}

std::string Table::seat_link(int seat) const {
  return net::seat_link(hub.host(), hub.acceptor.local_endpoint().port(), seat,
                        tokens[static_cast<size_t>(seat - 1)], hub.tls.has_value());
}

std::string Table::watch_link() const {
  return net::watch_link(hub.host(), hub.acceptor.local_endpoint().port(), hub.tls.has_value(),
                         hub.one_game ? "" : id);
}

nlohmann::json Table::listing() const {
  nlohmann::json free = nlohmann::json::array();
  for (size_t p = 0; p < tokens.size(); ++p)
    if (!tokens[p].empty() && !claimed[p]) free.push_back(p + 1);
  return {{"game", id},
          {"ruleset",
           {{"id", loaded->meta().id},
            {"name", loaded->meta().name},
            {"variant", variant_name(*loaded)}}},
          {"players", opts.seats.size()},
          {"seats", opts.seats},
          {"free", std::move(free)},
          {"seq", seq},
          {"watchers", opts.watchers},
          {"undo", opts.undo}};
}

void Hub::list(Session& s) {
  auto j = message("games");
  nlohmann::json games = nlohmann::json::array();
  for (const auto& [id, t] : tables)
    if (!t->over && !t->closed) games.push_back(t->listing());
  j["games"] = std::move(games);
  s.send(j);
}

std::string set_limit(Limits& l, const std::string& name_value) {
  size_t eq = name_value.find('=');
  if (eq == std::string::npos) return "--limit takes NAME=VALUE";
  std::string name = name_value.substr(0, eq), text = name_value.substr(eq + 1);
  double v = 0;
  try {
    size_t used = 0;
    v = std::stod(text, &used);
    if (used != text.size()) throw std::invalid_argument(text);
  } catch (const std::exception&) {
    return "--limit " + name + ": not a number: " + text;
  }
  // Each limit with the range it may take: a whole number unless a rate.
  struct Known {
    const char* name;
    double low, high;
    std::function<void(double)> set;
  };
  auto whole = [](auto& field) {
    return [&field](double x) { field = static_cast<std::remove_reference_t<decltype(field)>>(x); };
  };
  const Known known[] = {
      {"connections_per_address", 1, 1e6, whole(l.connections_per_address)},
      {"bad_messages", 1, 1e6, whole(l.bad_messages)},
      {"messages_per_second", 0.01, 1e6, [&](double x) { l.messages_per_second = x; }},
      {"message_burst", 1, 1e6, [&](double x) { l.message_burst = x; }},
      {"outbox", 1, 1e6, whole(l.outbox)},
      {"games", 1, 1e6, whole(l.games)},
      {"games_per_address", 1, 1e6, whole(l.games_per_address)},
      {"message_bytes", 256, static_cast<double>(kMaxClientMessage), whole(l.message_bytes)},
      {"chat_bytes", 1, static_cast<double>(kMaxChatText), whole(l.chat_bytes)},
  };
  for (const auto& k : known) {
    if (name != k.name) continue;
    bool rate = name == "messages_per_second";
    if (v < k.low || v > k.high || (!rate && v != static_cast<double>(static_cast<long>(v))))
      return "--limit " + name + " takes " + (rate ? "a number" : "a whole number") + " from " +
             text_of(k.low) + " to " + text_of(k.high);
    k.set(v);
    return "";
  }
  std::string names;
  for (const auto& k : known) names += std::string(names.empty() ? "" : ", ") + k.name;
  return "--limit: no limit named " + name + " (" + names + ")";
}

bool lobby_bot_allowed(const std::string& spec) {
  return spec == "random" || spec == "heuristic";
}

// The lobby's games of one ruleset share its loaded rules: one VM, used
// by the io thread alone.
std::shared_ptr<engine::Loaded> Hub::rules_of(const std::string& ruleset,
                                              const std::string& variant) {
  std::string key = ruleset + "/" + variant;
  if (auto it = rules.find(key); it != rules.end()) return it->second;
  // Only the catalog's rulesets: a name from a client is never a path.
  // Kept only once loaded: a bad name leaves nothing behind.
  for (const auto& entry : engine::list_rulesets())
    if (entry.id == ruleset) return rules[key] = engine::Loaded::open(entry.dir.string(), variant);
  throw std::runtime_error("no ruleset " + ruleset + " here");
}

void Hub::create(Session& s, const Create& c) {
  if (one_game) return s.send(error_message("not_lobby", "this server holds one game"));
  int open = 0, mine = 0;
  for (const auto& [id, t] : tables)
    if (!t->closed) {
      ++open;
      mine += t->creator == s.address();
    }
  if (open >= opts.limits.games)
    return s.send(error_message("limit", "the server holds as many games as it takes"));
  if (mine >= opts.limits.games_per_address)
    return s.send(error_message("limit", "your address has as many open games as it may"));
  for (const auto& spec : c.seats)
    if (spec != "human" && !lobby_bot_allowed(spec))
      return s.send(
          error_message("bad_create", "a lobby seats humans and random or heuristic bots"));
  std::shared_ptr<Table> t;
  try {
    auto loaded = rules_of(c.ruleset, c.variant);
    if (!loaded->meta().allows(static_cast<int>(c.seats.size())))
      throw std::runtime_error(loaded->meta().name + " is not played by " +
                               std::to_string(c.seats.size()) + " players");
    ServerOptions o;
    o.seats = c.seats;
    std::random_device dev;
    o.seed = (static_cast<uint64_t>(dev()) << 32) ^ dev();
    o.options = loaded->options(c.options);
    o.linger_seconds = opts.linger_seconds;
    o.undo = c.undo;
    std::string id;
    do id = random_hex(4);
    while (tables.count(id));
    if (!opts.data_dir.empty()) {
      auto dir = std::filesystem::path(opts.data_dir) / "games" / id;
      std::filesystem::create_directories(dir);
      o.data_dir = dir.string();
      core::write_file(
          (dir / "game.json").string(),
          nlohmann::json{{"ruleset", c.ruleset}, {"variant", c.variant}, {"undo", c.undo}}.dump());
    }
    t = std::make_shared<Table>(*this, id, loaded, std::move(o), s.address());
  } catch (const std::exception& e) {
    return s.send(error_message("bad_create", e.what()));
  }
  add(t);
  auto j = message("created");
  j["game"] = t->id;
  j["watch"] = t->watch_link();
  j["listing"] = t->listing();
  s.send(j);
}

void Hub::add(const std::shared_ptr<Table>& t) {
  tables[t->id] = t;
  t->begin();
}

void Hub::join(Session& s, const Join& m) {
  auto t = find(m.game);
  if (!t || t->over) return s.send(error_message("no_game", "no open game has that id"));
  int seat = t->free_seat(m.seat);
  if (seat == 0) return s.send(error_message("no_seat", "that game has no such free seat"));
  t->claimed[static_cast<size_t>(seat - 1)] = true;
  t->guarded([&] { t->save_secrets(); });
  auto j = message("seat");
  j["game"] = t->id;
  j["seat"] = seat;
  j["token"] = t->tokens[static_cast<size_t>(seat - 1)];
  j["link"] = t->seat_link(seat);
  s.send(j);
}

// Every game journaled in data_dir/games/ that is not over plays on.
void Hub::resume_games() {
  namespace fs = std::filesystem;
  if (opts.data_dir.empty()) return;
  fs::create_directories(opts.data_dir);
  fs::permissions(opts.data_dir, fs::perms::owner_all, fs::perm_options::replace);
  fs::path games = fs::path(opts.data_dir) / "games";
  if (!fs::exists(games)) return;
  for (const auto& dir : fs::directory_iterator(games)) {
    auto id = dir.path().filename().string();
    if (!fs::exists(dir.path() / "game.json") || fs::exists(dir.path() / "replay.jsonl")) continue;
    try {
      std::ifstream in(dir.path() / "game.json", std::ios::binary);
      auto g = nlohmann::json::parse(in);
      auto loaded = rules_of(g.at("ruleset").get<std::string>(), g.value("variant", ""));
      ServerOptions o;
      o.data_dir = dir.path().string();
      o.linger_seconds = opts.linger_seconds;
      o.undo = g.value("undo", false);
      add(std::make_shared<Table>(*this, id, loaded, std::move(o), ""));
      ++resumed;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "ratify serve: game %s not resumed: %s\n", id.c_str(), e.what());
    }
  }
}

nlohmann::json Table::welcome(int seat) const {
  auto j = message("welcome");
  j["seat"] = seat;
  j["game"] = id;
  j["players"] = game->players();
  j["seats"] = opts.seats;
  j["ruleset"] = {{"id", loaded->meta().id},
                  {"name", loaded->meta().name},
                  {"variant", variant_name(*loaded)},
                  {"hash", rules_hash}};
  // The game's settings, as public as its variant: a client that searches
  // makes its worlds with them (docs/network.md, "Bots as clients").
  j["options"] = core::to_json(game->options());
  // The card definitions are the ruleset's published card list: which
  // card lies where is what the views keep secret.
  nlohmann::json cards = nlohmann::json::array();
  for (const auto& d : loaded->card_defs())
    cards.push_back({{"id", d.id},
                     {"name", d.name},
                     {"short", d.short_label},
                     {"kind", d.kind},
                     {"text", d.text},
                     {"image", d.image},
                     // What a face looks like in the window (protocol.md).
                     {"suit", d.suit},
                     {"rank", d.rank ? nlohmann::json(*d.rank) : nlohmann::json()},
                     {"color", d.color},
                     {"quote", d.quote}});
  j["cards"] = std::move(cards);
  j["layout"] = loaded->meta().layout;  // the ruleset's hints for laying out a table
  j["commitment"] = commit;
  j["clock"] = opts.clock_seconds;
  j["undo"] = opts.undo;
  return j;
}

void Table::act(const std::shared_ptr<Session>& s, const Act& a) {
  auto resync = [&](const std::string& why) {
    auto j = message("resync");
    j["reason"] = why;
    j["seq"] = seq;
    s->send(j);
    send_view(*s, false);
  };
  if (s->seat == 0) return resync("a watcher does not act");
  if (over) return resync("the game is over");
  if (game->actor() != s->seat) return resync("it is not your turn");
  if (a.seq != seq) return resync("stale sequence number");
  if (a.id >= game->action_count()) return resync("unknown action id");
  s->refund();
  carry_out(static_cast<int>(a.id));
}

void Table::broadcast(const nlohmann::json& j) {
  for (const auto& s : sessions) s->send(j);
}

// A seat asks to take back its own last move: never across a card shown
// or a random draw (the engine tells), and only if every other person
// accepts (a bot accepts).
void Table::ask_undo(Session& s) {
  auto no = [&](const std::string& why) { s.send(error_message("no_undo", why)); };
  if (!opts.undo) return no("the host allows no undo in this game");
  if (s.seat <= 0) return no("a watcher does not undo");
  if (over) return no("the game is over");
  if (undo_asked) return no("an undo is already asked");
  std::string why = game->why_no_shared_undo(s.seat);
  if (!why.empty()) return no(why);
  undo_asked = UndoAsked{s.seat, 0};
  auto j = message("undo_asked");
  j["seat"] = s.seat;
  j["seq"] = seq;
  broadcast(j);
  answer_undo(s, true);  // the asker's own yes; done at once if nobody else need say
}

void Table::answer_undo(Session& s, bool accept) {
  if (!undo_asked || s.seat <= 0)
    return s.send(error_message("no_undo", "no undo is asked of you"));
  if (!accept) {
    auto j = message("undo_refused");
    j["seat"] = undo_asked->seat;
    j["by"] = s.seat;
    j["reason"] = "player " + std::to_string(s.seat) + " refused";
    undo_asked.reset();
    return broadcast(j);
  }
  undo_asked->accepted |= 1u << s.seat;
  for (int p = 1; p <= game->players(); ++p)
    if (!bots[static_cast<size_t>(p - 1)] && !(undo_asked->accepted & (1u << p))) return;
  int seat = undo_asked->seat;
  undo_asked.reset();
  game->undo(seat);
  seq = static_cast<int64_t>(game->steps());
  if (!journal.empty()) {
    // The journal is the game as it stands: written whole, then swapped in.
    journal_out.close();  // the next step appends to the file swapped in
    auto fresh = journal;
    fresh += ".new";
    core::write_file(fresh.string(), network_replay(game->replay(), commit));
    std::filesystem::rename(fresh, journal);
  }
  auto j = message("undone");
  j["seat"] = seat;
  j["seq"] = seq;
  broadcast(j);
  // Every view again, with the whole log: the undone lines are gone.
  for (const auto& other : sessions) send_view(*other, true);
  maybe_take_over();
  start_clock();
}

void Table::undo_lapses(const std::string& why) {
  auto j = message("undo_refused");
  j["seat"] = undo_asked->seat;
  j["by"] = 0;
  j["reason"] = why;
  undo_asked.reset();
  broadcast(j);
}

void Table::chat(const Chat& c, int from) {
  auto j = message("chat");
  j["from"] = from;
  j["text"] = c.text;
  for (const auto& other : sessions) other->send(j);
}

void Table::send_view(Session& s, bool whole_log) {
  send_view(s, game->view(s.seat), whole_log);
}

void Table::send_view(Session& s, engine::View v, bool whole_log) {
  size_t from = whole_log ? 0 : std::min(s.log_sent, v.log.size());
  s.log_sent = v.log.size();
  // The lines sent before are not written again for every view: that made
  // each view cost the length of the game so far.
  v.log.erase(v.log.begin(), v.log.begin() + static_cast<std::ptrdiff_t>(from));
  s.send_text(view_message(v, seq, from));
}

// Every connection's new view, made together: what all seats are shown
// alike is asked of the rules once (State::views).
void Table::after_change() {
  std::vector<int> seats;
  for (const auto& s : sessions) seats.push_back(s->seat);
  auto views = game->state().views(seats);
  size_t k = 0;
  for (const auto& s : sessions) send_view(*s, std::move(views[k++]), false);
  if (game->actor() == 0) return finish();
  maybe_take_over();
  start_clock();
  if (bots[static_cast<size_t>(game->actor() - 1)])
    asio::post(hub.io, [self = shared_from_this()] { self->guarded([&] { self->bot_moves(); }); });
}

// One bot move; the next, if a bot acts again, is posted after the views
// are sent, so the clients see every step (and the other games theirs).
void Table::bot_moves() {
  if (over || closed) return;
  int actor = game->actor();
  if (actor == 0 || !bots[static_cast<size_t>(actor - 1)]) return;
  carry_out(
      bots[static_cast<size_t>(actor - 1)]->choose(*game, rngs[static_cast<size_t>(actor - 1)]));
}

void Table::finish() {
  over = true;
  result = game->result();
  auto j = message("result");
  if (result) j["result"] = result_json(*result);
  j["seq"] = seq;
  // The reveal: anyone can check the commitment sent at the start.
  j["seed"] = std::to_string(opts.seed);
  j["nonce"] = nonce;
  j["commitment"] = commit;
  // The replay reveals the nonce too: `ratify replay` checks the seed.
  std::string replay = network_replay(game->replay(), commit, nonce);
  if (!opts.replay_file.empty()) core::write_file(opts.replay_file, replay);
  if (!journal.empty()) core::write_file((journal.parent_path() / "replay.jsonl").string(), replay);
  for (const auto& s : sessions) s->send(j);
  result_message = std::move(j);
  linger.expires_after(std::chrono::milliseconds(static_cast<int>(opts.linger_seconds * 1000)));
  linger.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (!ec) self->close();
  });
  if (sessions.empty() && hub.one_game) close();
}

void Table::fail(const std::string& why) {
  if (closed) return;
  failure = why;
  over = true;
  if (!hub.one_game)
    std::fprintf(stderr, "ratify serve: game %s stopped: the rules failed: %s\n", id.c_str(),
                 why.c_str());
  for (const auto& s : sessions) {
    s->send(error_message("rules_error", "the game stopped: the rules failed"));
    s->close_after_sending();
  }
  close();
}

// The game is done with: `serve RULESET` ends, a lobby lets it go (after
// this handler: callers still run on it).
void Table::close() {
  if (closed) return;
  closed = true;
  journal_out.close();
  linger.cancel();
  clock.cancel();
  if (hub.one_game) return hub.stop_all();
  for (const auto& s : sessions) s->drop();
  asio::post(hub.io, [self = shared_from_this()] {
    auto it = self->hub.tables.find(self->id);
    if (it != self->hub.tables.end() && it->second == self) self->hub.tables.erase(it);
  });
}

void Hub::stop_all() {
  if (stopping) return;
  stopping = true;
  beast::error_code ec;
  acceptor.close(ec);
  for (const auto& s : sessions) s->drop();
  io.stop();
}

struct Server::Impl {
  Impl(std::shared_ptr<engine::Loaded> loaded, ServerOptions o)
      : hub({o.listen_host, o.port, o.public_host, o.tls_cert, o.tls_key, "", o.linger_seconds,
             o.limits},
            true) {
    hub.web.ruleset = loaded->meta().dir;
    table = std::make_shared<Table>(hub, random_hex(4), std::move(loaded), std::move(o), "");
    hub.tables[table->id] = table;
  }
  Hub hub;
  std::shared_ptr<Table> table;
};

Server::Server(std::shared_ptr<engine::Loaded> loaded, ServerOptions opts)
    : impl_(std::make_unique<Impl>(std::move(loaded), std::move(opts))) {}
Server::~Server() = default;

int Server::port() const {
  return impl_->hub.acceptor.local_endpoint().port();
}

std::vector<std::string> Server::seat_links() const {
  std::vector<std::string> out;
  for (size_t p = 0; p < impl_->table->tokens.size(); ++p)
    if (!impl_->table->tokens[p].empty())
      out.push_back(impl_->table->seat_link(static_cast<int>(p) + 1));
  return out;
}

std::string Server::watch_link() const {
  return impl_->table->watch_link();
}

int Server::resumed() const {
  return impl_->table->resumed;
}

std::string Server::commitment() const {
  return impl_->table->commit;
}

void Server::run() {
  impl_->hub.accept();
  impl_->table->begin();
  impl_->hub.io.run();
}

void Server::stop() {
  asio::post(impl_->hub.io, [this] { impl_->hub.stop_all(); });
}

std::optional<engine::Result> Server::result() const {
  return impl_->table->result;
}
std::string Server::failure() const {
  return impl_->table->failure;
}

Lobby::Lobby(LobbyOptions opts) : hub_(std::make_unique<Hub>(std::move(opts), false)) {
  hub_->resume_games();
}
Lobby::~Lobby() = default;

int Lobby::port() const {
  return hub_->acceptor.local_endpoint().port();
}

std::string Lobby::lobby_link() const {
  return std::string(hub_->tls ? "wss://" : "ws://") + hub_->host() + ":" + std::to_string(port()) +
         "/";
}

int Lobby::resumed() const {
  return hub_->resumed;
}

void Lobby::run() {
  hub_->accept();
  hub_->io.run();
}

void Lobby::stop() {
  asio::post(hub_->io, [this] { hub_->stop_all(); });
}

}  // namespace ratify::net
