// The public face of the server: Server (one game) and Lobby (many)
// over a Hub, and the limits `serve --limit` sets (the parts: hub.hpp).
#include "net/server.hpp"

#include <functional>
#include <sstream>

#include "net/hub.hpp"

namespace ratify::net {

namespace {

// A limit's bound as people write it: 4096, 0.01.
std::string text_of(double x) {
  if (x == static_cast<double>(static_cast<long>(x))) return std::to_string(static_cast<long>(x));
  std::ostringstream s;
  s << x;
  return s.str();
}

}  // namespace

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
