// The hub: the listener, every connection (plain or TLS, WebSocket or
// the browser seat's files) and the lobby's messages: hello, list,
// create, join.
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>

#include <cstdio>
#include <random>

#include "core/replay.hpp"
#include "engine/catalog.hpp"
#include "net/hub.hpp"

namespace ratify::net {

namespace websocket = beast::websocket;

namespace {

// A comparison whose time does not depend on where two tokens differ.
bool same_token(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace

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

void Hub::list(Session& s) {
  auto j = message("games");
  nlohmann::json games = nlohmann::json::array();
  for (const auto& [id, t] : tables)
    if (!t->over && !t->closed) games.push_back(t->listing());
  j["games"] = std::move(games);
  s.send(j);
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

void Hub::stop_all() {
  if (stopping) return;
  stopping = true;
  beast::error_code ec;
  acceptor.close(ec);
  for (const auto& s : sessions) s->drop();
  io.stop();
}

}  // namespace ratify::net
