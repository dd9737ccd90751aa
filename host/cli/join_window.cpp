// `ratify join LINK` in the window: the seat's connection to the server as
// the window's gui::Remote. A thread of its own holds the connection (the
// window never waits on the network): it reads the server's messages into
// the window's types, sends the seat's choices as id + seq, and joins
// again with the token when the connection drops. Nothing the window shows
// comes from anywhere else (docs/network.md).
#include "cli/join_window.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <thread>

#include "cli/commands.hpp"
#include "engine/catalog.hpp"
#include "gui/gui.hpp"
#include "net/client.hpp"
#include "net/protocol.hpp"

namespace ratify::cli {

namespace {

using nlohmann::json;

// ------------------------------------------------------------ reading
// The server's JSON into the window's types. Nothing in it is trusted: a
// field missing or of the wrong type reads as its default.

template <class T>
T field(const json& j, const char* key, T fallback) {
  if (!j.is_object()) return fallback;
  auto it = j.find(key);
  if (it == j.end()) return fallback;
  try {
    return it->get<T>();
  } catch (const json::exception&) {
    return fallback;
  }
}

const json& member(const json& j, const char* key) {
  static const json none;
  if (!j.is_object()) return none;
  auto it = j.find(key);
  return it == j.end() ? none : *it;
}

std::vector<std::string> strings(const json& j) {
  std::vector<std::string> out;
  if (j.is_array())
    for (const auto& s : j)
      if (s.is_string()) out.push_back(s.get<std::string>());
  return out;
}

std::vector<int> numbers(const json& j) {
  std::vector<int> out;
  if (j.is_array())
    for (const auto& n : j)
      if (n.is_number_integer()) out.push_back(n.get<int>());
  return out;
}

// A card as the seat sees it: `null` a back, {"glimpse": def} a back that
// just showed its face, {"id", "def"} a face.
engine::CardView card_from(const json& c) {
  engine::CardView v;
  if (!c.is_object()) return v;
  if (c.contains("glimpse")) {
    v.glimpsed = true;
    v.def = field(c, "glimpse", -1);
    return v;
  }
  v.id = field(c, "id", 0);
  v.def = field(c, "def", -1);
  v.face_up = v.id > 0;
  return v;
}

engine::ActionView action_from(const json& a) {
  engine::ActionView v;
  v.index = field(a, "index", -1);
  v.action.label = field(a, "label", std::string());
  v.action.cards = numbers(member(a, "cards"));
  v.action.target = field(a, "target", 0);
  v.action.zone = field(a, "zone", std::string());
  v.action.ends_turn = field(a, "ends_turn", false);
  v.action.risky = field(a, "risky", false);
  v.action.warning = field(a, "warning", std::string());
  return v;
}

// The view of protocol.md, with the whole log (the wire sends only the
// lines the connection has not had).
engine::View view_from(const json& j, const std::vector<std::string>& log) {
  engine::View v;
  v.seat = field(j, "seat", 0);
  v.actor = field(j, "actor", 0);
  for (const auto& z : member(j, "zones")) {
    engine::ZoneView zv;
    zv.name = field(z, "name", std::string());
    zv.kind = field(z, "kind", std::string());
    zv.label = field(z, "label", std::string());
    zv.owner = field(z, "owner", 0);
    zv.visibility = core::visibility_from(field(z, "visibility", std::string()))
                        .value_or(core::Visibility::None);
    for (const auto& c : member(z, "cards")) zv.cards.push_back(card_from(c));
    v.zones.push_back(std::move(zv));
  }
  for (const auto& lines : member(j, "status")) v.status.push_back(strings(lines));
  v.shared_status = strings(member(j, "shared_status"));
  v.state = member(j, "state");
  v.log = log;
  for (const auto& a : member(j, "actions"))
    if (auto av = action_from(a); av.index >= 0) v.actions.push_back(std::move(av));
  if (const auto& r = member(j, "result"); r.is_object()) {
    engine::Result res;
    res.winners = numbers(member(r, "winners"));
    for (const auto& s : member(r, "scores"))
      if (s.is_number()) res.scores.push_back(s.get<double>());
    res.text = field(r, "text", std::string());
    v.result = std::move(res);
  }
  return v;
}

core::CardDef card_def_from(const json& d) {
  core::CardDef c;
  c.id = field(d, "id", std::string());
  c.name = field(d, "name", std::string());
  c.short_label = field(d, "short", std::string());
  c.kind = field(d, "kind", std::string());
  c.text = field(d, "text", std::string());
  c.image = field(d, "image", std::string());
  // Since the window joins (protocol.md "welcome"): what a face looks like.
  c.suit = field(d, "suit", std::string());
  c.color = field(d, "color", std::string());
  c.quote = field(d, "quote", std::string());
  if (const auto& r = member(d, "rank"); r.is_number()) c.rank = r.get<double>();
  return c;
}

gui::RemoteGame game_from(const json& w) {
  gui::RemoteGame g;
  g.seat = field(w, "seat", 0);
  g.players = std::clamp(field(w, "players", 0), 0, core::kMaxPlayers);
  g.seats = strings(member(w, "seats"));
  const auto& r = member(w, "ruleset");
  g.id = field(r, "id", std::string());
  g.name = field(r, "name", g.id);
  g.variant = field(r, "variant", std::string());
  for (const auto& d : member(w, "cards")) g.cards.push_back(card_def_from(d));
  g.layout = member(w, "layout");
  g.clock = field(w, "clock", 0.0);
  g.undo = field(w, "undo", false);
  // Card images from the same ruleset installed here, if it is (found by
  // id only, never a path the server names); else only the card backs.
  g.image_dir = engine::assets_dir().string();
  try {
    if (!g.id.empty()) g.image_dir = engine::catalog_dir(g.id).string();
  } catch (const std::exception&) {
  }
  return g;
}

// ------------------------------------------------------------ the link

// Errors after which joining again would not help.
bool final_error(const std::string& code) {
  return code == "bad_token" || code == "no_watchers" || code == "replaced" ||
         code == "rules_error";
}

class ServerSeat final : public gui::Remote {
 public:
  ServerSeat(net::Link link, std::optional<net::TlsTrust> tls)
      : link_(std::move(link)), tls_(std::move(tls)) {
    worker_ = std::thread([this] { run(); });
  }
  ~ServerSeat() override {
    {
      std::lock_guard lock(mu_);
      stop_ = true;
    }
    wake_.notify_all();
    worker_.join();
  }

  // Until the server welcomed the seat and sent its view; "" when it did,
  // else why not.
  std::string wait_joined(std::chrono::milliseconds wait) {
    std::unique_lock lock(mu_);
    bool ready =
        wake_.wait_for(lock, wait, [&] { return first_view_ || !lost_.empty() || ended_; });
    if (first_view_) return {};
    if (!lost_.empty()) return lost_;
    return ready ? "the server closed the connection" : "the server sent no view in time";
  }

  const gui::RemoteGame& game() const override { return game_; }

  gui::RemoteNews poll() override {
    std::lock_guard lock(mu_);
    gui::RemoteNews news = std::move(news_);
    news_ = {};
    news.connected = connected_;
    news.lost = lost_;
    return news;
  }

  void act(int id, uint64_t seq) override {
    std::lock_guard lock(mu_);
    outbox_.emplace_back(id, seq);
  }
  void chat(const std::string& text) override {
    auto m = net::message("chat");
    m["text"] = text;
    send_later(std::move(m));
  }
  void ask_undo() override { send_later(net::message("undo")); }
  void answer_undo(bool accept) override {
    auto m = net::message("undo_answer");
    m["accept"] = accept;
    send_later(std::move(m));
  }

  // For the terminal once the window closes: the result and the seed.
  std::string outcome() {
    std::lock_guard lock(mu_);
    return outcome_;
  }
  bool seed_kept() {
    std::lock_guard lock(mu_);
    return !over_ || seed_kept_;
  }

 private:
  void run();
  bool serve(net::Client& c);
  void take(const json& m);
  void note(std::string text) { news_.notices.push_back(std::move(text)); }
  void send_later(json m) {
    std::lock_guard lock(mu_);
    others_.push_back(std::move(m));
  }

  net::Link link_;
  std::optional<net::TlsTrust> tls_;
  std::thread worker_;
  std::mutex mu_;
  std::condition_variable wake_;
  // Set once, before the window opens (wait_joined), then only read.
  gui::RemoteGame game_;
  // Under mu_:
  bool stop_ = false, welcomed_ = false, first_view_ = false, connected_ = false;
  bool over_ = false, seed_kept_ = false, ended_ = false;
  std::string lost_, outcome_, commitment_;
  std::vector<std::string> log_;
  gui::RemoteNews news_;
  std::vector<std::pair<int, uint64_t>> outbox_;
  std::vector<json> others_;  // chat and undo messages, sent as they are
};

// Joins, and joins again after a dropped connection (waiting a little
// longer each time, up to 5 s), until the game is over, the server says no
// for good, or the window closes. The first join fails at once instead:
// the terminal says why.
void ServerSeat::run() {
  int delay_ms = 250;
  for (;;) {
    try {
      net::Client c(link_.host, link_.port, tls_);
      c.send(net::hello_for(link_));
      if (!serve(c)) break;
      delay_ms = 250;
    } catch (const std::exception& e) {
      std::lock_guard lock(mu_);
      if (!welcomed_) {
        lost_ = e.what();
        break;
      }
    }
    std::unique_lock lock(mu_);
    if (!welcomed_) break;
    if (connected_) note("The connection to the server dropped: joining again");
    connected_ = false;
    if (wake_.wait_for(lock, std::chrono::milliseconds(delay_ms), [&] { return stop_; })) break;
    delay_ms = std::min(delay_ms * 2, 5000);
  }
  std::lock_guard lock(mu_);
  ended_ = true;
  connected_ = false;
  wake_.notify_all();
}

// One connection: the seat's choices out, the server's messages in. False
// when the link ends for good (the game over, a final error, the window
// closed), true when the connection dropped.
bool ServerSeat::serve(net::Client& c) {
  for (;;) {
    {
      std::lock_guard lock(mu_);
      if (stop_) return false;
      for (auto [id, seq] : outbox_) {
        auto m = net::message("act");
        m["id"] = id;
        m["seq"] = seq;
        c.send(m);
      }
      outbox_.clear();
      for (const auto& m : others_) c.send(m);
      others_.clear();
    }
    // A short wait: an act waits at most this long to be sent.
    auto m = c.poll(std::chrono::milliseconds(20));
    std::lock_guard lock(mu_);
    if (m) take(*m);
    if (over_ || !lost_.empty() || stop_) return false;
    if (!m && !c.is_open()) return true;
  }
}

void ServerSeat::take(const json& m) {
  std::string type = field(m, "type", std::string());
  if (type == "welcome") {
    if (!welcomed_) {
      game_ = game_from(m);
      commitment_ = field(m, "commitment", std::string());
      if (game_.players < 1 || game_.seat < 0 || game_.seat > game_.players) {
        lost_ = "the server's welcome names no seat of its game";
        wake_.notify_all();
        return;
      }
    } else {
      note("Joined the game again");
    }
    welcomed_ = connected_ = true;
  } else if (type == "view") {
    size_t from = std::min(field<size_t>(m, "log_from", 0), log_.size());
    log_.resize(from);
    const auto& v = member(m, "view");
    for (auto& l : strings(member(v, "log"))) log_.push_back(std::move(l));
    news_.view = view_from(v, log_);
    news_.seq = field<uint64_t>(m, "seq", 0);
    first_view_ = true;
    wake_.notify_all();
  } else if (type == "resync") {
    note("Not carried out: " + field(m, "reason", std::string("the server asked to look again")));
  } else if (type == "undo_asked") {
    int by = field(m, "seat", 0);
    if (by == game_.seat) {
      note("You asked to undo your last move: waiting for the others");
    } else if (game_.seat > 0) {
      news_.undo_asked = by;
      note("Player " + std::to_string(by) + " asks to undo their last move: Y accepts, N refuses");
    }
  } else if (type == "undo_refused") {
    news_.undo_asked = 0;
    news_.undo_settled = true;
    note("No undo: " + field(m, "reason", std::string("refused")));
  } else if (type == "undone") {
    news_.undo_asked = 0;
    news_.undo_settled = true;
    note("Player " + std::to_string(field(m, "seat", 0)) + " took back their last move");
  } else if (type == "chat") {
    int from = field(m, "from", 0);
    note((from ? "Player " + std::to_string(from) : std::string("A watcher")) + ": " +
         field(m, "text", std::string()));
  } else if (type == "error") {
    std::string code = field(m, "code", std::string()), text = field(m, "message", code);
    if (final_error(code)) {
      lost_ = "the server: " + text;
      wake_.notify_all();
    } else {
      note("The server refused a message: " + text);
    }
  } else if (type == "result") {
    over_ = true;
    std::string seed = field(m, "seed", std::string()), nonce = field(m, "nonce", std::string());
    seed_kept_ = false;
    try {
      seed_kept_ = !seed.empty() && seed.find_first_not_of("0123456789") == std::string::npos &&
                   net::seed_commitment(std::stoull(seed), nonce) == commitment_;
    } catch (const std::out_of_range&) {  // more than 64 bits: not a seed
    }
    const auto& r = member(m, "result");
    std::string winners;
    for (int w : numbers(member(r, "winners"))) winners += " player " + std::to_string(w);
    outcome_ = "Game over. " + field(r, "text", std::string()) +
               "\n  winners:" + (winners.empty() ? " nobody" : winners) + "\n";
    outcome_ += "seed " + seed +
                (seed_kept_ ? ": matches the commitment" : ": DOES NOT match the commitment") +
                "\nto check the host's replay: ratify replay FILE --commitment " + commitment_ +
                "\n";
    note(seed_kept_ ? "The deal was the one committed to: seed " + seed + " matches"
                    : "The revealed seed does NOT match the commitment: the deal cannot be "
                      "trusted");
  }
}

}  // namespace

namespace {
std::shared_ptr<gui::Remote> join_link(const net::Link& l, const std::string& trust_cert,
                                       std::chrono::milliseconds wait) {
  std::optional<net::TlsTrust> tls;
  if (l.tls) tls = net::TlsTrust{trust_cert};
  auto seat = std::make_shared<ServerSeat>(l, tls);
  std::string why = seat->wait_joined(wait);
  if (!why.empty()) throw std::runtime_error(why);
  return seat;
}
}  // namespace

std::shared_ptr<gui::Remote> join_remote(const std::string& link, const std::string& trust_cert,
                                         std::chrono::milliseconds wait) {
  auto l = net::parse_link(link);
  if (!l) throw std::runtime_error("not a link of ratify serve");
  return join_link(*l, trust_cert, wait);
}

int join_window(const JoinArgs& a, const net::Link& link) {
  std::shared_ptr<gui::Remote> remote;
  try {
    remote = join_link(link, a.trust_cert, std::chrono::seconds(20));
  } catch (const std::exception& e) {
    std::cerr << "ratify join: " << e.what() << "\n";
    return kFailed;
  }
  gui::WindowOptions o;
  o.remote = remote;
  int code = gui::play_window(o);
  if (code == -1) return -1;
  // The window said who won; the terminal keeps the seed's check.
  auto* seat = static_cast<ServerSeat*>(remote.get());
  std::cout << seat->outcome();
  return seat->seed_kept() ? code : kFailed;
}

}  // namespace ratify::cli
