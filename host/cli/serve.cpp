// `ratify serve RULESET [VARIANT] --seats human,human,bot`: one game held
// on this machine; prints a join link per human seat and a watch link.
// `ratify serve` without a ruleset: a lobby of many games.
#include <iostream>
#include <random>

#include "cli/commands.hpp"
#include "cli/net_commands.hpp"
#include "net/server.hpp"

namespace ratify::cli {

namespace {

// "ADDR:PORT" (an IPv6 address in brackets), or false.
bool split_listen(const std::string& s, std::string& host, int& port) {
  size_t colon = s.rfind(':');
  if (colon == std::string::npos) return false;
  host = s.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']')
    host = host.substr(1, host.size() - 2);
  std::string p = s.substr(colon + 1);
  if (host.empty() || p.empty() || p.size() > 5 ||
      p.find_first_not_of("0123456789") != std::string::npos)
    return false;
  port = std::stoi(p);
  return port <= 65535;
}

// The --limit settings over the defaults; false (said why) on a bad one.
bool set_limits(const std::vector<std::string>& settings, net::Limits& limits) {
  for (const auto& s : settings)
    if (std::string why = net::set_limit(limits, s); !why.empty()) {
      std::cerr << "ratify serve: " << why << "\n";
      return false;
    }
  return true;
}

// A seed nobody can guess before the commitment is published.
uint64_t unguessable_seed() {
  std::random_device dev;
  return (static_cast<uint64_t>(dev()) << 32) ^ dev();
}

// The lobby: runs until killed; its games resume from --data DIR.
int serve_lobby(const ServeArgs& a) {
  net::LobbyOptions o;
  if (!split_listen(a.listen, o.listen_host, o.port)) {
    std::cerr << "ratify serve: --listen takes ADDR:PORT, e.g. 0.0.0.0:7777\n";
    return kBadInput;
  }
  o.public_host = a.public_host;
  if (o.public_host.empty() && (o.listen_host == "0.0.0.0" || o.listen_host == "::"))
    o.public_host = "127.0.0.1";
  if (a.tls_cert.empty() != a.tls_key.empty()) {
    std::cerr << "ratify serve: TLS takes both --tls-cert and --tls-key\n";
    return kBadInput;
  }
  o.tls_cert = a.tls_cert;
  o.tls_key = a.tls_key;
  o.data_dir = a.data_dir;
  if (!set_limits(a.limits, o.limits)) return kBadInput;
  net::Lobby lobby(o);
  if (lobby.resumed())
    std::cout << "ratify serve: resumed " << lobby.resumed() << " games from " << a.data_dir
              << "\n";
  std::cout << "ratify serve: a lobby at " << lobby.lobby_link() << "\n"
            << "  ratify join " << lobby.lobby_link() << " --list\n"
            << "  ratify join " << lobby.lobby_link() << " --create RULESET --seats human,human\n"
            << std::flush;
  lobby.run();
  return kOk;
}

}  // namespace

int cmd_serve(const ServeArgs& a) {
  if (a.ruleset.empty()) return serve_lobby(a);
  auto loaded = engine::Loaded::open(a.ruleset, a.variant);
  net::ServerOptions o;
  o.seats = a.seats;
  if (o.seats.empty()) o.seats = {"human", "human"};
  int players = static_cast<int>(o.seats.size());
  if (!loaded->meta().allows(players)) {
    std::cerr << "ratify serve: " << loaded->meta().name << " is not played by " << players
              << " players (--seats names one seat per player)\n";
    return kBadInput;
  }
  if (!split_listen(a.listen, o.listen_host, o.port)) {
    std::cerr << "ratify serve: --listen takes ADDR:PORT, e.g. 0.0.0.0:7777\n";
    return kBadInput;
  }
  o.public_host = a.public_host;
  if (o.public_host.empty() && (o.listen_host == "0.0.0.0" || o.listen_host == "::"))
    o.public_host = "127.0.0.1";  // the links work here; give --public-host for friends
  o.seed = a.seed_given ? a.seed : unguessable_seed();
  o.options = loaded->options(a.sets);
  o.replay_file = a.replay_file;
  o.watchers = !a.no_watchers;
  o.data_dir = a.data_dir;
  o.takeover_seconds = a.takeover;
  o.takeover_bot = a.takeover_bot;
  o.clock_seconds = a.clock;
  o.undo = a.undo;
  if (a.tls_cert.empty() != a.tls_key.empty()) {
    std::cerr << "ratify serve: TLS takes both --tls-cert and --tls-key\n";
    return kBadInput;
  }
  o.tls_cert = a.tls_cert;
  o.tls_key = a.tls_key;
  if (!set_limits(a.limits, o.limits)) return kBadInput;
  net::Server server(loaded, o);
  if (server.resumed())
    std::cout << "ratify serve: resumed from " << a.data_dir << " after " << server.resumed()
              << " actions\n";
  std::cout << "ratify serve: " << loaded->meta().name << ", " << players
            << " players; seed commitment " << server.commitment() << "\n";
  for (const auto& link : server.seat_links()) std::cout << link << "\n";
  if (o.watchers) std::cout << server.watch_link() << "\n";
  // The same links for a browser: the server also serves the page.
  for (const auto& link : server.seat_links()) std::cout << "http" << link.substr(2) << "\n";
  if (o.watchers) std::cout << "http" << server.watch_link().substr(2) << "\n";
  std::cout << std::flush;
  server.run();
  if (!server.failure().empty()) {
    std::cerr << "ratify serve: the rules failed: " << server.failure() << "\n";
    return kBadInput;
  }
  if (auto r = server.result()) {
    std::cout << "game over; winners:";
    if (r->winners.empty()) std::cout << " nobody";
    for (int w : r->winners) std::cout << " player " << w;
    std::cout << "\n";
  }
  if (!a.replay_file.empty()) std::cout << "replay written to " << a.replay_file << "\n";
  return kOk;
}

}  // namespace ratify::cli
