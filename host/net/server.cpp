#include "net/server.hpp"

#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>

#include <chrono>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

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

// A comparison whose time does not depend on where two tokens differ.
bool same_token(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

nlohmann::json result_json(const engine::Result& r) {
  return {{"winners", r.winners}, {"scores", r.scores}, {"text", r.text}};
}

}  // namespace

class Session;

struct Server::Impl {
  Impl(std::shared_ptr<engine::Loaded> l, ServerOptions o);

  // Everything below runs on the io thread.
  void accept();
  void received(const std::shared_ptr<Session>& s, const std::string& text);
  void gone(Session* s);
  void hello(const std::shared_ptr<Session>& s, const Hello& h);
  void act(const std::shared_ptr<Session>& s, const Act& a);
  void chat(Session& s, const Chat& c);
  void send_view(Session& s, bool whole_log);
  void after_change();
  void bot_moves();
  void finish();
  void fail(const std::string& why);
  void linger_then_stop();
  nlohmann::json welcome(int seat) const;
  void start_game();
  bool resume_game();
  void journal_step(size_t k);
  void journal_since(size_t steps);
  void play_forced_moves();
  void carry_out(int i);
  void maybe_take_over();
  void start_clock();

  std::shared_ptr<engine::Loaded> loaded;
  ServerOptions opts;
  std::unique_ptr<engine::Game> game;
  std::vector<std::string> tokens;  // [p-1]; "" for a bot seat
  std::vector<std::unique_ptr<bots::Bot>> bots;
  std::unique_ptr<bots::Bot> stand_in;  // plays a seat whose player left, or is out of time
  std::vector<core::Rng> rngs;
  std::string nonce, commit;
  int64_t seq = 0;  // actions carried out: a view's sequence number
  int resumed = 0;
  std::filesystem::path journal, secrets;
  bool over = false, stopping = false;
  std::string failure;
  std::optional<engine::Result> result;

  asio::io_context io{1};
  std::optional<asio::ssl::context> tls;  // with --tls-cert: every connection speaks TLS
  tcp::acceptor acceptor{io};
  asio::steady_timer linger{io};
  asio::steady_timer clock{io};  // the turn clock of the person to act
  std::set<std::shared_ptr<Session>> sessions;
  std::vector<std::weak_ptr<Session>> seat_session;  // [p-1]
  std::map<std::string, int> per_address;
};

// A connection: what the hub knows of it, whatever carries it.
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(Server::Impl& hub, std::string address) : hub_(hub), address_(std::move(address)) {}
  virtual ~Session() = default;

  int seat = -1;  // -1: not yet said; 0: a watcher; 1..: a player
  size_t log_sent = 0;
  int bad = 0;
  const std::string& address() const { return address_; }

  virtual void start() = 0;
  void send(const nlohmann::json& j) {
    if (closing_) return;
    if (out_.size() >= hub_.opts.limits.outbox) return drop();
    out_.push_back(j.dump());
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
  Server::Impl& hub_;
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
  StreamSession(Server::Impl& hub, std::string address, Args&&... stream)
      : Session(hub, std::move(address)), ws_(std::forward<Args>(stream)...) {}

  void start() override {
    auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
    timeouts.idle_timeout = std::chrono::minutes(30);  // a person may think long
    timeouts.keep_alive_pings = true;
    ws_.set_option(timeouts);
    ws_.read_message_max(kMaxClientMessage);
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
      return serve_http(
          ws_.next_layer(), req_,
          {engine::assets_dir() / "web", engine::assets_dir(), hub_.loaded->meta().dir},
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

Server::Impl::Impl(std::shared_ptr<engine::Loaded> l, ServerOptions o)
    : loaded(std::move(l)), opts(std::move(o)) {
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
  if (!opts.tls_cert.empty()) {
    tls.emplace(asio::ssl::context::tls_server);
    tls->set_options(asio::ssl::context::default_workarounds | asio::ssl::context::no_sslv2 |
                     asio::ssl::context::no_sslv3 | asio::ssl::context::no_tlsv1 |
                     asio::ssl::context::no_tlsv1_1);
    tls->use_certificate_chain_file(opts.tls_cert);
    tls->use_private_key_file(opts.tls_key, asio::ssl::context::pem);
  }
  if (opts.takeover_seconds > 0 || opts.clock_seconds > 0)
    stand_in = bots::make_bot(opts.takeover_bot, loaded->meta());
  tcp::endpoint ep(asio::ip::make_address(opts.listen_host),
                   static_cast<unsigned short>(opts.port));
  acceptor.open(ep.protocol());
  acceptor.set_option(asio::socket_base::reuse_address(true));
  acceptor.bind(ep);
  acceptor.listen();
}

void Server::Impl::start_game() {
  int players = static_cast<int>(opts.seats.size());
  game = std::make_unique<engine::Game>(loaded, players, opts.seed, opts.options,
                                        engine::Mode::Record);
  game->set_seats(opts.seats);
  for (const auto& spec : opts.seats) tokens.push_back(spec == "human" ? random_hex() : "");
  nonce = random_hex();
  commit = seed_commitment(opts.seed, nonce);
  if (journal.empty()) return;
  core::write_file(secrets.string(), nlohmann::json{{"tokens", tokens}, {"nonce", nonce}}.dump());
  core::write_file(journal.string(), network_replay(game->replay(), commit));
}

// The game of the journal, its actions carried out again: the rules are
// deterministic from the seed, so the state is the one the server had.
bool Server::Impl::resume_game() {
  if (journal.empty() || !std::filesystem::exists(journal) || !std::filesystem::exists(secrets))
    return false;
  core::Replay r = core::read_replay(journal.string());
  std::ifstream in(secrets, std::ios::binary);
  auto keys = nlohmann::json::parse(in);
  tokens = keys.at("tokens").get<std::vector<std::string>>();
  nonce = keys.at("nonce").get<std::string>();
  if (r.header.ruleset != loaded->meta().id)
    throw std::runtime_error(journal.string() + " is a game of " + r.header.ruleset + ", not " +
                             loaded->meta().id);
  game = engine::game_from_replay_header(loaded, r.header, engine::Mode::Record);
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

// An action carried out and journaled before anyone hears of it.
// The forced moves that follow (the engine plays them for the human
// seats) are actions too, each journaled.
void Server::Impl::carry_out(int i) {
  size_t steps = game->steps();
  game->apply(i);
  journal_since(steps);
  after_change();
}

// The human seats get their forced moves played (docs/lua-api.md, `auto`),
// from the start or the resumed moment on.
void Server::Impl::play_forced_moves() {
  uint32_t humans = 0;
  for (size_t p = 0; p < opts.seats.size(); ++p)
    if (opts.seats[p] == "human") humans |= 1u << (p + 1);
  size_t steps = game->steps();
  game->set_auto_seats(humans);
  journal_since(steps);
}

void Server::Impl::journal_since(size_t steps) {
  for (size_t k = steps; k < game->steps(); ++k) {
    ++seq;
    journal_step(k);
  }
}

// The seat to act has a person who is not connected: after the timeout
// the stand-in bot moves for them, once per timeout, until they are back.
void Server::Impl::maybe_take_over() {
  if (!stand_in || opts.takeover_seconds <= 0 || over || stopping) return;
  int actor = game->actor();
  if (actor == 0 || bots[static_cast<size_t>(actor - 1)] ||
      seat_session[static_cast<size_t>(actor - 1)].lock())
    return;
  auto timer = std::make_shared<asio::steady_timer>(
      io, std::chrono::milliseconds(static_cast<int>(opts.takeover_seconds * 1000)));
  int64_t at = seq;
  timer->async_wait([this, timer, at, actor](beast::error_code ec) {
    if (ec || over || stopping || seq != at || game->actor() != actor ||
        seat_session[static_cast<size_t>(actor - 1)].lock())
      return;
    try {
      carry_out(stand_in->choose(*game, rngs[static_cast<size_t>(actor - 1)]));
    } catch (const std::exception& e) {
      fail(e.what());
    }
  });
}

// The turn clock: a person to act has clock_seconds for each move, then
// the stand-in bot moves for them (this move only). Setting the timer
// again cancels the wait for the move before.
void Server::Impl::start_clock() {
  if (opts.clock_seconds <= 0 || over || stopping) return;
  int actor = game->actor();
  if (actor == 0 || bots[static_cast<size_t>(actor - 1)]) return;
  clock.expires_after(std::chrono::milliseconds(static_cast<int>(opts.clock_seconds * 1000)));
  int64_t at = seq;
  clock.async_wait([this, at, actor](beast::error_code ec) {
    if (ec || over || stopping || seq != at || game->actor() != actor) return;
    try {
      carry_out(stand_in->choose(*game, rngs[static_cast<size_t>(actor - 1)]));
    } catch (const std::exception& e) {
      fail(e.what());
    }
  });
}

void Server::Impl::journal_step(size_t k) {
  if (journal.empty()) return;
  std::ofstream f(journal, std::ios::binary | std::ios::app);
  f << core::step_json(game->step(k)).dump() << "\n";
  f.close();
  if (!f) throw std::runtime_error(journal.string() + ": write failed");
}

void Server::Impl::accept() {
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

void Server::Impl::gone(Session* s) {
  for (auto it = sessions.begin(); it != sessions.end(); ++it)
    if (it->get() == s) {
      if (--per_address[s->address()] <= 0) per_address.erase(s->address());
      if (s->seat > 0 && seat_session[static_cast<size_t>(s->seat - 1)].lock().get() == s)
        seat_session[static_cast<size_t>(s->seat - 1)].reset();
      sessions.erase(it);
      break;
    }
  if (over && sessions.empty()) return linger_then_stop();
  maybe_take_over();
}

void Server::Impl::received(const std::shared_ptr<Session>& s, const std::string& text) {
  if (!s->within_rate()) {
    s->send(error_message("rate", "too many messages: the connection is closed"));
    return s->close_after_sending();
  }
  auto read = read_client_message(text);
  if (auto* e = std::get_if<ReadError>(&read)) {
    s->send(error_message(e->code, e->message));
    if (++s->bad >= opts.limits.bad_messages) s->close_after_sending();
    return;
  }
  const auto& m = std::get<ClientMessage>(read);
  try {
    if (auto* h = std::get_if<Hello>(&m)) return hello(s, *h);
    if (s->seat < 0) {
      s->send(error_message("no_hello", "say hello first"));
      if (++s->bad >= opts.limits.bad_messages) s->close_after_sending();
      return;
    }
    if (auto* a = std::get_if<Act>(&m)) return act(s, *a);
    if (auto* c = std::get_if<Chat>(&m)) return chat(*s, *c);
    send_view(*s, true);  // resync
  } catch (const std::exception& e) {
    fail(e.what());
  }
}

nlohmann::json Server::Impl::welcome(int seat) const {
  auto j = message("welcome");
  j["seat"] = seat;
  j["players"] = game->players();
  j["seats"] = opts.seats;
  j["ruleset"] = {{"id", loaded->meta().id},
                  {"name", loaded->meta().name},
                  {"variant", loaded->variant_spec()}};
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
  return j;
}

void Server::Impl::hello(const std::shared_ptr<Session>& s, const Hello& h) {
  if (s->seat >= 0) {
    s->send(error_message("again", "this connection already said hello"));
    return;
  }
  int seat = -1;
  if (h.watch) {
    if (!opts.watchers) {
      s->send(error_message("no_watchers", "the host allows no watchers"));
      return s->close_after_sending();
    }
    seat = 0;
  }
  for (size_t p = 0; p < tokens.size() && !h.watch; ++p)
    if (!tokens[p].empty() && same_token(tokens[p], h.token)) seat = static_cast<int>(p) + 1;
  if (seat < 0) {
    s->send(error_message("bad_token", "no seat has that token"));
    return s->close_after_sending();
  }
  if (seat > 0) {
    // A reconnect: the new connection takes the seat over.
    if (auto old = seat_session[static_cast<size_t>(seat - 1)].lock()) {
      old->send(error_message("replaced", "this seat was joined from another connection"));
      old->seat = -1;
      old->close_after_sending();
    }
    seat_session[static_cast<size_t>(seat - 1)] = s;
  }
  s->seat = seat;
  s->send(welcome(seat));
  send_view(*s, true);
}

void Server::Impl::act(const std::shared_ptr<Session>& s, const Act& a) {
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

void Server::Impl::chat(Session& s, const Chat& c) {
  auto j = message("chat");
  j["from"] = s.seat;
  j["text"] = c.text;
  for (const auto& other : sessions)
    if (other->seat >= 0) other->send(j);
}

void Server::Impl::send_view(Session& s, bool whole_log) {
  engine::View v = game->view(s.seat);
  size_t from = whole_log ? 0 : std::min(s.log_sent, v.log.size());
  auto j = message("view");
  j["seq"] = seq;
  j["log_from"] = from;
  nlohmann::json lines = nlohmann::json::array();
  for (size_t k = from; k < v.log.size(); ++k) lines.push_back(std::move(v.log[k]));
  s.log_sent = v.log.size();
  // The lines sent before are not built into JSON again for every view:
  // that made each view cost the length of the game so far.
  v.log.clear();
  auto vj = seat_view_json(v);
  vj["log"] = std::move(lines);
  j["view"] = std::move(vj);
  s.send(j);
}

void Server::Impl::after_change() {
  for (const auto& s : sessions)
    if (s->seat >= 0) send_view(*s, false);
  if (game->actor() == 0) return finish();
  maybe_take_over();
  start_clock();
  if (bots[static_cast<size_t>(game->actor() - 1)])
    asio::post(io, [this] {
      try {
        bot_moves();
      } catch (const std::exception& e) {
        fail(e.what());
      }
    });
}

// One bot move; the next, if a bot acts again, is posted after the views
// are sent, so the clients see every step.
void Server::Impl::bot_moves() {
  if (over || stopping) return;
  int actor = game->actor();
  if (actor == 0 || !bots[static_cast<size_t>(actor - 1)]) return;
  carry_out(
      bots[static_cast<size_t>(actor - 1)]->choose(*game, rngs[static_cast<size_t>(actor - 1)]));
}

void Server::Impl::finish() {
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
  for (const auto& s : sessions)
    if (s->seat >= 0) s->send(j);
  linger.expires_after(std::chrono::milliseconds(static_cast<int>(opts.linger_seconds * 1000)));
  linger.async_wait([this](beast::error_code ec) {
    if (!ec) linger_then_stop();
  });
  if (sessions.empty()) linger_then_stop();
}

void Server::Impl::fail(const std::string& why) {
  failure = why;
  over = true;
  for (const auto& s : sessions) {
    s->send(error_message("rules_error", "the game stopped: the rules failed"));
    s->close_after_sending();
  }
  linger_then_stop();
}

void Server::Impl::linger_then_stop() {
  if (stopping) return;
  stopping = true;
  beast::error_code ec;
  acceptor.close(ec);
  for (const auto& s : sessions) s->drop();
  io.stop();
}

Server::Server(std::shared_ptr<engine::Loaded> loaded, ServerOptions opts)
    : impl_(std::make_unique<Impl>(std::move(loaded), std::move(opts))) {}
Server::~Server() = default;

int Server::port() const {
  return impl_->acceptor.local_endpoint().port();
}

std::vector<std::string> Server::seat_links() const {
  std::string host =
      impl_->opts.public_host.empty() ? impl_->opts.listen_host : impl_->opts.public_host;
  std::vector<std::string> out;
  for (size_t p = 0; p < impl_->tokens.size(); ++p)
    if (!impl_->tokens[p].empty())
      out.push_back(net::seat_link(host, port(), static_cast<int>(p) + 1, impl_->tokens[p],
                                   impl_->tls.has_value()));
  return out;
}

std::string Server::watch_link() const {
  std::string host =
      impl_->opts.public_host.empty() ? impl_->opts.listen_host : impl_->opts.public_host;
  return net::watch_link(host, port(), impl_->tls.has_value());
}

int Server::resumed() const {
  return impl_->resumed;
}

std::string Server::commitment() const {
  return impl_->commit;
}

void Server::run() {
  impl_->accept();
  // A game of bots alone starts at once.
  asio::post(impl_->io, [this] {
    try {
      if (impl_->game->actor() == 0) return impl_->finish();
      impl_->maybe_take_over();
      impl_->start_clock();
      impl_->bot_moves();
    } catch (const std::exception& e) {
      impl_->fail(e.what());
    }
  });
  impl_->io.run();
}

void Server::stop() {
  asio::post(impl_->io, [this] { impl_->linger_then_stop(); });
}

std::optional<engine::Result> Server::result() const {
  return impl_->result;
}
std::string Server::failure() const {
  return impl_->failure;
}

}  // namespace ratify::net
