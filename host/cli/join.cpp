// `ratify join LINK [--text] [--bot random]`: a seat of a game held by
// `ratify serve`. The client knows only what the server sends: its seat's
// view (docs/protocol.md); it runs no rules.
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/net_commands.hpp"
#include "core/rng.hpp"
#include "net/client.hpp"
#include "net/protocol.hpp"
#ifdef RATIFY_HAVE_GUI
#include "cli/join_window.hpp"
#endif

namespace ratify::cli {

namespace {

struct Seat {
  int number = 0, players = 0;
  std::string game_name, commitment;
  nlohmann::json cards = nlohmann::json::array();  // the ruleset's card list
};

std::string card_name(const Seat& seat, const nlohmann::json& c) {
  if (c.is_null()) return "##";
  int def = c.value("def", -1);
  std::string name = "?";
  if (def >= 0 && def < static_cast<int>(seat.cards.size())) {
    const auto& d = seat.cards[static_cast<size_t>(def)];
    name = d.value("name", "?");
    std::string s = d.value("short", "");
    if (!s.empty() && s != name) name = s + " " + name;
  }
  return name + " #" + std::to_string(c.value("id", 0));
}

void show_view(const Seat& seat, const nlohmann::json& v, std::ostream& out) {
  out << "\n== " << seat.game_name << " == player " << v.value("actor", 0) << " to act ==\n";
  for (const auto& z : v["zones"]) {
    std::string title = z.value("label", "");
    if (title.empty()) title = z.value("name", "");
    const auto& cards = z["cards"];
    out << "  " << title << " (" << cards.size() << "):";
    bool all_hidden = true;
    for (const auto& c : cards) all_hidden &= c.is_null();
    if (cards.empty())
      out << " empty";
    else if (all_hidden)
      out << " " << cards.size() << " face down";
    else
      for (size_t k = 0; k < cards.size(); ++k)
        out << (k ? ", " : " ") << card_name(seat, cards[k]);
    out << "\n";
  }
  int p = 0;
  for (const auto& lines : v["status"]) {
    ++p;
    if (lines.empty()) continue;
    out << "  player " << p << ":";
    for (const auto& l : lines) out << "  " << l.get<std::string>();
    out << "\n";
  }
}

std::string result_text(const nlohmann::json& r) {
  std::ostringstream s;
  s << "Game over.";
  if (!r.value("text", "").empty()) s << " " << r.value("text", "");
  s << "\n  winners:";
  if (r["winners"].empty()) s << " nobody";
  for (const auto& w : r["winners"]) s << " player " << w.get<int>();
  if (!r["scores"].empty()) {
    s << "\n  scores:";
    int p = 0;
    for (const auto& sc : r["scores"]) s << " p" << ++p << "=" << sc.dump();
  }
  return s.str() + "\n";
}

// A person's choice at the terminal: an action id, -1 to ask again, -2 to quit.
int ask_person(const nlohmann::json& actions, net::Client& client, std::ostream& out) {
  for (const auto& a : actions)
    out << "  " << a.value("index", 0) + 1 << ") " << a.value("label", "")
        << (a.value("risky", false) ? "  (risky)" : "") << "\n";
  out << "player, your action (a number; `say TEXT` chats; q quits)> " << std::flush;
  std::string line;
  if (!std::getline(std::cin, line) || line == "q") return -2;
  if (line.rfind("say ", 0) == 0) {
    auto j = net::message("chat");
    j["text"] = line.substr(4);
    client.send(j);
    return -1;
  }
  if (line.empty() || line.size() > 6 || line.find_first_not_of("0123456789") != std::string::npos)
    return -1;
  int k = std::stoi(line) - 1;
  return k >= 0 && k < static_cast<int>(actions.size()) ? k : -1;
}

}  // namespace

int cmd_join(const JoinArgs& a) {
  auto link = net::parse_link(a.link);
  if (!link) {
    std::cerr
        << "ratify join: not a link of ratify serve (ws:// or wss://HOST:PORT/?seat=N&token=T)\n";
    return kBadInput;
  }
  if (!a.bot.empty() && a.bot != "random") {
    std::cerr << "ratify join: a client bot chooses from its view alone; only `random` is built "
                 "(search bots need the rules: seat them on the server with --seats)\n";
    return kBadInput;
  }
  core::Rng rng(a.seed_given ? a.seed : std::random_device{}());
  if (!a.trust_cert.empty() && !link->tls) {
    std::cerr << "ratify join: --trust-cert is for a wss:// link\n";
    return kBadInput;
  }
#ifdef RATIFY_HAVE_GUI
  // A person without --text plays in the window (cli/join_window.cpp).
  if (!a.text && a.bot.empty()) {
    int code = join_window(a);
    if (code != -1) return code;
    std::cerr << "ratify join: no display: joining in the text UI\n";
  }
#endif
  std::optional<net::TlsTrust> tls;
  if (link->tls) tls = net::TlsTrust{a.trust_cert};
  net::Client client(link->host, link->port, tls);
  client.send(net::hello_for(*link));
  Seat seat;
  std::ostream& out = std::cout;
  for (;;) {
    auto m = client.receive();
    if (!m) {
      std::cerr << "ratify join: the server closed the connection\n";
      return kFailed;
    }
    std::string type = m->value("type", "");
    if (type == "welcome") {
      seat.number = m->value("seat", 0);
      seat.players = m->value("players", 0);
      seat.game_name = (*m)["ruleset"].value("name", "");
      seat.commitment = m->value("commitment", "");
      seat.cards = (*m)["cards"];
      out << "joined " << seat.game_name << " as "
          << (seat.number ? "player " + std::to_string(seat.number) : std::string("a watcher"))
          << " of " << seat.players << "; seed commitment " << seat.commitment << "\n";
    } else if (type == "view") {
      const auto& v = (*m)["view"];
      if (!a.quiet)
        for (const auto& l : v["log"]) out << "  | " << l.get<std::string>() << "\n";
      const auto& acts = v["actions"];
      if (v.value("actor", 0) != seat.number || acts.empty() || link->watch) continue;
      int id = -1;
      if (!a.bot.empty()) {
        id = rng.below(static_cast<uint32_t>(acts.size()));
      } else {
        show_view(seat, v, out);
        while ((id = ask_person(acts, client, out)) == -1) {
        }
        if (id == -2) return kOk;
      }
      auto act = net::message("act");
      act["id"] = acts[static_cast<size_t>(id)].value("index", 0);
      act["seq"] = (*m)["seq"];
      client.send(act);
    } else if (type == "resync") {
      out << "resync: " << m->value("reason", "") << "\n";
    } else if (type == "chat") {
      int from = m->value("from", 0);
      out << "[" << (from ? "player " + std::to_string(from) : std::string("watcher")) << "] "
          << m->value("text", "") << "\n";
    } else if (type == "error") {
      std::cerr << "server: " << m->value("message", "") << "\n";
    } else if (type == "result") {
      if (m->contains("result")) out << result_text((*m)["result"]);
      std::string seed = m->value("seed", ""), nonce = m->value("nonce", "");
      bool kept = !seed.empty() && seed.find_first_not_of("0123456789") == std::string::npos &&
                  net::seed_commitment(std::stoull(seed), nonce) == seat.commitment;
      out << "seed " << seed
          << (kept ? ": matches the commitment" : ": DOES NOT match the commitment") << "\n";
      out << "to check the host's replay: ratify replay FILE --commitment " << seat.commitment
          << "\n";
      client.close();
      return kept ? kOk : kFailed;
    }
  }
}

bool replay_seed_holds(const std::string& file, const std::string& published) {
  std::ifstream in(file, std::ios::binary);
  std::string first;
  while (std::getline(in, first) && first.find_first_not_of(" \t\r") == std::string::npos) {
  }
  auto header = nlohmann::json::parse(first, nullptr, false);
  if (!header.is_object()) return true;  // read_replay says what is wrong with it
  if (published.empty() && !header.contains("network")) return true;
  std::string why = net::check_seed_reveal(header, published);
  if (!why.empty()) {
    std::cout << file << ": the deal cannot be trusted: " << why << "\n";
    return false;
  }
  std::cout << file << ": seed " << header["seed"].get<uint64_t>()
            << " matches the seed commitment " << header["network"].value("commitment", "") << "\n";
  return true;
}

}  // namespace ratify::cli
