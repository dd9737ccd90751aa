// `ratify join LINK [--text] [--bot SPEC]`: a seat of a game held by
// `ratify serve`. The client knows only what the server sends: its seat's
// view (docs/protocol.md). A person and the random bot run no rules; a
// bot that searches runs the same rules here, in worlds made from the
// view alone (engine/view_world.hpp), and never asks the server for more.
// Here the seat is played and joined again; join_search.cpp has the bot
// that searches, join_lobby.cpp the lobby.
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <deque>
#include <iostream>
#include <random>
#include <sstream>
#include <thread>

#include "bots/bots.hpp"
#include "cli/commands.hpp"
#include "cli/join_parts.hpp"
#include "cli/net_commands.hpp"
#include "core/rng.hpp"
#include "engine/game.hpp"
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

// The server's words are read by value and through the non-const [] and
// value(): a missing field reads as null, a wrong type throws (the command
// then exits with the reason); the const [] of a missing key is undefined.
void show_view(const Seat& seat, nlohmann::json v, std::ostream& out) {
  out << "\n== " << seat.game_name << " == player " << v.value("actor", 0) << " to act ==\n";
  for (auto& z : v["zones"]) {
    std::string title = z.value("label", "");
    if (title.empty()) title = z.value("name", "");
    auto& cards = z["cards"];
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
  for (auto& lines : v["status"]) {
    ++p;
    if (lines.empty()) continue;
    out << "  player " << p << ":";
    for (const auto& l : lines) out << "  " << l.get<std::string>();
    out << "\n";
  }
}

std::string result_text(nlohmann::json r) {
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

// Lines typed at the terminal, read only when they are there: the
// connection is served between keys, so a person sees another's chat or
// request to undo at once and answers it at any time, not only at their
// own prompt (where a blocking read used to hold the messages back). Read
// from the file descriptor itself, so no stream keeps typed lines in a
// buffer that poll() cannot see.
class Keyboard {
 public:
  // The next whole line, if one is typed within `wait`.
  std::optional<std::string> line(std::chrono::milliseconds wait) {
    for (;;) {
      if (auto nl = buf_.find('\n'); nl != std::string::npos) {
        std::string l = buf_.substr(0, nl);
        buf_.erase(0, nl + 1);
        if (!l.empty() && l.back() == '\r') l.pop_back();
        return l;
      }
      if (ended_) {
        if (buf_.empty()) return std::nullopt;
        return std::exchange(buf_, {});
      }
      pollfd in{STDIN_FILENO, POLLIN, 0};
      if (::poll(&in, 1, static_cast<int>(wait.count())) <= 0) return std::nullopt;
      char chunk[512];
      ssize_t n = ::read(STDIN_FILENO, chunk, sizeof chunk);
      if (n <= 0)
        ended_ = true;
      else
        buf_.append(chunk, static_cast<size_t>(n));
      wait = std::chrono::milliseconds(0);
    }
  }
  // Nothing more will come (end of input: Ctrl-D, or a closed pipe).
  bool ended() const { return ended_ && buf_.empty(); }
  // A person at a terminal, who types as things happen; else a script
  // (a pipe, a file), whose lines answer the prompts in turn.
  bool live() const { return live_; }

 private:
  std::string buf_;
  bool ended_ = false;
  bool live_ = ::isatty(STDIN_FILENO) == 1;
};

bool is_command(const std::string& line) {
  return line == "q" || line == "undo" || line == "accept" || line == "refuse" ||
         line.rfind("say ", 0) == 0;
}

const char* const kCommands =
    "`say TEXT` chats; `undo` asks to take back your last move, `accept` or `refuse` answers "
    "another's; q quits";

void prompt(const nlohmann::json& actions, std::ostream& out) {
  for (const auto& a : actions)
    out << "  " << a.value("index", 0) + 1 << ") " << a.value("label", "")
        << (a.value("risky", false) ? "  (risky)" : "") << "\n";
  out << "player, your action (a number; " << kCommands << ")> " << std::flush;
}

enum class Typed { Waiting, Acted, Quit };

// A line the person typed: a command at any time, an action's number when
// `asking` (the view that asks them to act) is set.
Typed person_line(const std::string& line, std::optional<nlohmann::json>& asking,
                  net::Client& client, std::ostream& out) {
  if (line == "q") return Typed::Quit;
  if (line == "undo") {
    client.send(net::message("undo"));  // the answer comes as messages
    return Typed::Waiting;
  }
  if (line == "accept" || line == "refuse") {
    auto j = net::message("undo_answer");
    j["accept"] = line == "accept";
    client.send(j);
    return Typed::Waiting;
  }
  if (line.rfind("say ", 0) == 0) {
    auto j = net::message("chat");
    j["text"] = line.substr(4);
    client.send(j);
    return Typed::Waiting;
  }
  if (!asking) {
    if (!line.empty()) out << "not your turn: " << kCommands << "\n" << std::flush;
    return Typed::Waiting;
  }
  auto& acts = (*asking)["view"]["actions"];
  bool number = !line.empty() && line.size() <= 6 &&
                line.find_first_not_of("0123456789") == std::string::npos;
  int k = number ? std::stoi(line) - 1 : -1;
  if (k < 0 || k >= static_cast<int>(acts.size())) {
    if (!line.empty()) out << "no action " << line << ": a number from 1 to " << acts.size();
    out << "> " << std::flush;
    return Typed::Waiting;
  }
  auto act = net::message("act");
  act["id"] = acts[static_cast<size_t>(k)].value("index", 0);
  act["seq"] = (*asking)["seq"];
  client.send(act);
  return Typed::Acted;
}

// The connection's story so far, kept across reconnects.
struct Playing {
  Searcher searcher;  // --bot SPEC that searches
  Seat seat;
  size_t log_printed = 0;  // log lines shown: a reconnect sends the whole log again
  std::string last_error;  // the code of the server's last error
  bool welcomed = false;   // on this connection
  Keyboard keys;           // a person's (a bot reads no keys)
  // Lines read and not yet done: a script's answer typed ahead of its
  // prompt waits for it (a command is done at once, in its turn).
  std::deque<std::string> typed;
};

enum class Ended { Done, Quit, Lost, Failed };

// Plays the seat on one connection until the game is over or the
// connection ends.
Ended play_connection(const JoinArgs& a, const net::Link& link, net::Client& client, core::Rng& rng,
                      Playing& st, int& code) {
  Seat& seat = st.seat;
  std::ostream& out = std::cout;
  bool person = a.bot.empty();
  std::optional<nlohmann::json> asking;  // the view that asks the person to act
  for (;;) {
    // The person's keys and the server's messages in turn, neither
    // waiting on the other. A person whose input ended quits when asked
    // to act, as at a prompt; a watcher goes on watching. At a terminal
    // a number typed out of turn is refused at once (the actions it
    // meant are gone); a script's waits for the next prompt.
    if (person) {
      if (auto line = st.keys.line(std::chrono::milliseconds(0))) st.typed.push_back(*line);
      if (!st.typed.empty() && (asking || st.keys.live() || is_command(st.typed.front()))) {
        std::string line = std::move(st.typed.front());
        st.typed.pop_front();
        switch (person_line(line, asking, client, out)) {
          case Typed::Quit:
            return Ended::Quit;
          case Typed::Acted:
            asking.reset();
            break;
          case Typed::Waiting:
            break;
        }
        continue;
      }
      if (asking && st.keys.ended() && st.typed.empty()) return Ended::Quit;
    }
    auto m = client.poll(std::chrono::milliseconds(person ? 50 : 1000));
    if (!m) {
      if (!client.is_open()) return Ended::Lost;
      continue;
    }
    std::string type = m->value("type", "");
    if (asking) out << "\n";  // what comes now goes under the prompt, not after it
    if (type == "welcome") {
      st.last_error.clear();
      st.welcomed = true;
      seat.number = m->value("seat", 0);
      seat.players = m->value("players", 0);
      seat.game_name = (*m)["ruleset"].value("name", "");
      if (!seat.commitment.empty() && seat.commitment != m->value("commitment", "")) {
        std::cerr << "ratify join: the server's seed commitment changed: not the same game\n";
        code = kFailed;
        return Ended::Failed;
      }
      seat.commitment = m->value("commitment", "");
      seat.cards = (*m)["cards"];
      if (!a.bot.empty() && a.bot != "random" && !st.searcher.game) {
        std::string why = open_searcher(a.bot, *m, st.searcher);
        if (!why.empty()) {
          std::cerr << "ratify join: " << why << "\n";
          client.close();
          code = kFailed;
          return Ended::Failed;
        }
      }
      out << "joined " << seat.game_name << " as "
          << (seat.number ? "player " + std::to_string(seat.number) : std::string("a watcher"))
          << " of " << seat.players << "; seed commitment " << seat.commitment << "\n";
    } else if (type == "view") {
      auto& v = (*m)["view"];
      size_t at = m->value("log_from", size_t{0});
      for (const auto& l : v["log"]) {
        if (at++ < st.log_printed) continue;  // shown before the reconnect
        if (!a.quiet) out << "  | " << l.get<std::string>() << "\n";
        st.log_printed = at;
      }
      const auto& acts = v["actions"];
      asking.reset();  // a new view: what was asked is asked no more
      if (v.value("actor", 0) != seat.number || acts.empty() || link.watch) continue;
      int id = -1;
      if (st.searcher.game) {
        id = static_cast<int>(search_choice(st.searcher, v, acts, rng));
      } else if (!a.bot.empty()) {
        id = rng.below(static_cast<uint32_t>(acts.size()));
      } else {
        show_view(seat, v, out);
        prompt(acts, out);
        asking = *m;  // the number comes with the keys, above
        continue;
      }
      auto act = net::message("act");
      act["id"] = acts[static_cast<size_t>(id)].value("index", 0);
      act["seq"] = (*m)["seq"];
      client.send(act);
    } else if (type == "resync") {
      out << "resync: " << m->value("reason", "") << "\n";
    } else if (type == "undo_asked") {
      int by = m->value("seat", 0);
      if (by == seat.number) continue;
      out << "player " << by << " asks to undo their last move"
          << (a.bot.empty() ? ": type accept or refuse\n" : "; the bot accepts\n");
      if (!a.bot.empty()) {
        auto j = net::message("undo_answer");
        j["accept"] = true;
        client.send(j);
      }
    } else if (type == "undo_refused") {
      out << "no undo: " << m->value("reason", "") << "\n";
    } else if (type == "undone") {
      out << "player " << m->value("seat", 0) << " took back their last move\n";
      asking.reset();      // the view of the moment taken back comes next
      st.log_printed = 0;  // the whole log comes again, the undone lines gone
    } else if (type == "chat") {
      int from = m->value("from", 0);
      out << "[" << (from ? "player " + std::to_string(from) : std::string("watcher")) << "] "
          << m->value("text", "") << "\n";
    } else if (type == "error") {
      st.last_error = m->value("code", "");
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
      code = kept ? kOk : kFailed;
      return Ended::Done;
    }
    if (asking) out << "> " << std::flush;  // still the person's turn: after what was said
  }
}

// Errors after which joining again cannot help.
bool final_error(const std::string& code) {
  return code == "bad_token" || code == "replaced" || code == "no_watchers" ||
         code == "rules_error" || code == "no_game";
}

// Why a built-in bot's spec is wrong ("" when it is right, or when only
// the rules can tell: a ruleset's own bot, a search that plays one).
// Checked before connecting, so a typo exits 2 as in play and sim.
std::string bad_builtin_bot(const std::string& spec) {
  std::string name = spec.substr(0, spec.find(':'));
  const char* builtin[] = {"random", "heuristic", "mcts", "easy", "normal", "hard", "bot"};
  if (std::find(std::begin(builtin), std::end(builtin), name) == std::end(builtin)) return "";
  if (spec.find("rollout=") != std::string::npos || spec.find("opponents=") != std::string::npos)
    return "";
  try {
    bots::make_bot(spec, true);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace

int cmd_join(const JoinArgs& a) {
  auto link = net::parse_lobby_link(a.link);
  if (!link) {
    std::cerr << "ratify join: not a link of ratify serve (ws:// or "
                 "wss://HOST:PORT/?seat=N&token=T, or a lobby's ws://HOST:PORT/)\n";
    return kBadInput;
  }
  if (std::string why = bad_builtin_bot(a.bot); !a.bot.empty() && !why.empty()) {
    std::cerr << "ratify join: --bot " << a.bot << ": " << why << "\n";
    return kBadInput;
  }
  bool lobby = a.list || !a.create.empty() || (link->token.empty() && !link->watch);
  if (lobby && !a.list && a.create.empty() && link->game.empty()) {
    std::cerr << "ratify join: a lobby link: --list its games, --create one, or join one with "
                 "its ?game=ID link\n";
    return kBadInput;
  }
  core::Rng rng(a.seed_given ? a.seed : std::random_device{}());
  if (!a.trust_cert.empty() && !link->tls) {
    std::cerr << "ratify join: --trust-cert is for a wss:// link\n";
    return kBadInput;
  }
  std::optional<net::TlsTrust> tls;
  if (link->tls) tls = net::TlsTrust{a.trust_cert};
#ifdef RATIFY_HAVE_GUI
  // A person without --text plays in the window (cli/join_window.cpp),
  // once the lobby (if the link is one) has given a seat.
  if (!a.text && a.bot.empty() && !a.list) {
    if (lobby) {
      try {
        net::Client c(link->host, link->port, tls);
        link = use_lobby(a, *link, c);
      } catch (const std::exception& e) {
        std::cerr << "ratify join: " << e.what() << "\n";
        return kFailed;
      }
      if (!link) return kFailed;
      lobby = false;
    }
    int code = join_window(a, *link);
    if (code != -1) return code;
    std::cerr << "ratify join: no display: joining in the text UI\n";
  }
#endif
  Playing st;
  int code = kOk;
  // A lost connection is tried again a few times, waiting longer each
  // time: a server killed and started again on its journal takes seconds.
  const int tries = 6;
  for (int attempt = 0;; ++attempt) {
    std::unique_ptr<net::Client> client;
    try {
      client = std::make_unique<net::Client>(link->host, link->port, tls);
    } catch (const std::exception& e) {
      if (attempt == 0 || attempt >= tries) {
        std::cerr << "ratify join: " << e.what() << "\n";
        return kFailed;
      }
    }
    if (client) {
      if (lobby) {
        lobby = false;
        link = use_lobby(a, *link, *client);
        if (!link) return kFailed;
        if (link->token.empty()) return kOk;  // --list
      }
      st.welcomed = false;
      client->send(net::hello_for(*link));
      switch (play_connection(a, *link, *client, rng, st, code)) {
        case Ended::Done:
        case Ended::Failed:
          return code;
        case Ended::Quit:
          return kOk;
        case Ended::Lost:
          break;
      }
      if (final_error(st.last_error) || attempt >= tries) {
        std::cerr << "ratify join: the server closed the connection\n";
        return kFailed;
      }
      if (st.welcomed) attempt = 0;  // it was up: this loss gets every try again
    }
    double wait = 0.25 * (1 << std::min(attempt, 5));
    std::cerr << "ratify join: the connection was lost; trying again in " << wait << " s\n";
    std::this_thread::sleep_for(std::chrono::duration<double>(wait));
  }
}

}  // namespace ratify::cli
