// `ratify join` at a lobby (docs/network.md): its games listed, one
// created, a free seat taken; the seat's link comes back to play with.
#include <iostream>

#include "cli/join_parts.hpp"

namespace ratify::cli {

namespace {

// The next message of a type (the lobby's answers), or an error's text.
std::optional<nlohmann::json> lobby_answer(net::Client& client, const std::string& type) {
  for (;;) {
    auto m = client.receive(std::chrono::seconds(30));
    if (!m) {
      std::cerr << "ratify join: the server closed the connection\n";
      return std::nullopt;
    }
    if (m->value("type", "") == type) return m;
    if (m->value("type", "") == "error") {
      std::cerr << "ratify join: " << m->value("code", "") << ": " << m->value("message", "")
                << "\n";
      return std::nullopt;
    }
  }
}

void print_games(const nlohmann::json& games, const net::Link& lobby, std::ostream& out) {
  if (games.empty()) out << "no open games\n";
  for (const auto& g : games) {
    std::string id = g.value("game", "");
    out << id << "  " << g["ruleset"].value("name", "");
    if (!g["ruleset"].value("variant", "").empty())
      out << " (" << g["ruleset"].value("variant", "") << ")";
    out << ", seats";
    for (const auto& s : g["seats"]) out << " " << s.get<std::string>();
    out << "; free:";
    if (g["free"].empty()) out << " none";
    for (const auto& f : g["free"]) out << " " << f.get<int>();
    out << "; " << g.value("seq", 0) << " moves\n";
    std::string base = (lobby.tls ? "wss://" : "ws://") + lobby.host + ":" + lobby.port + "/";
    if (!g["free"].empty()) out << "  join:  ratify join '" << base << "?game=" << id << "'\n";
    if (g.value("watchers", false))
      out << "  watch: ratify join '" << base << "?game=" << id << "&watch'\n";
  }
}

}  // namespace

std::optional<net::Link> use_lobby(const JoinArgs& a, net::Link link, net::Client& client) {
  std::ostream& out = std::cout;
  if (a.list) {
    client.send(net::message("list"));
    auto m = lobby_answer(client, "games");
    if (!m) return std::nullopt;
    print_games((*m)["games"], link, out);
    link.game.clear();
    return link;  // no token: nothing to play
  }
  if (!a.create.empty()) {
    auto c = net::message("create");
    size_t slash = a.create.find('/');
    c["ruleset"] = a.create.substr(0, slash);
    if (slash != std::string::npos) c["variant"] = a.create.substr(slash + 1);
    c["seats"] = a.seats.empty() ? std::vector<std::string>{"human", "human"} : a.seats;
    nlohmann::json options = nlohmann::json::object();
    for (const auto& kv : a.sets) {
      size_t eq = kv.find('=');
      if (eq == std::string::npos) {
        std::cerr << "ratify join: --set takes name=value\n";
        return std::nullopt;
      }
      options[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    c["options"] = options;
    if (a.undo) c["undo"] = true;
    client.send(c);
    auto m = lobby_answer(client, "created");
    if (!m) return std::nullopt;
    link.game = m->value("game", "");
    std::string base = (link.tls ? "wss://" : "ws://") + link.host + ":" + link.port + "/";
    out << "created game " << link.game << "\n  others join: ratify join '" << base
        << "?game=" << link.game << "'\n  watch: " << m->value("watch", "") << "\n";
  }
  auto j = net::message("join");
  j["game"] = link.game;
  client.send(j);
  auto m = lobby_answer(client, "seat");
  if (!m) return std::nullopt;
  out << "your seat " << m->value("seat", 0) << " of game " << link.game
      << " (join again with it): " << m->value("link", "") << "\n"
      << std::flush;
  link.token = m->value("token", "");
  link.seat = m->value("seat", 0);
  return link;
}

}  // namespace ratify::cli
