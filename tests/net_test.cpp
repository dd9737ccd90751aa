// The network seat (issue 24): the protocol reader, links and the seed
// commitment; then a real server on loopback. The leak test replays every
// game locally and holds each message a seat receives against that seat's
// own view: a server that sent one card, seed or token more would fail it.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>
#include <thread>

#include "core/rng.hpp"
#include "engine/game.hpp"
#include "net/client.hpp"
#include "net/protocol.hpp"
#include "net/server.hpp"

using namespace ratify;
using nlohmann::json;

namespace {

bool refused(std::string_view text, const std::string& code) {
  auto r = net::read_client_message(text);
  auto* e = std::get_if<net::ReadError>(&r);
  return e && e->code == code;
}

}  // namespace

TEST(NetProtocol, ReadsTheFourMessages) {
  auto h = net::read_client_message(R"({"v":1,"type":"hello","token":"00ff"})");
  ASSERT_TRUE(std::holds_alternative<net::ClientMessage>(h));
  EXPECT_EQ(std::get<net::Hello>(std::get<net::ClientMessage>(h)).token, "00ff");
  auto a = net::read_client_message(R"({"v":1,"type":"act","id":3,"seq":17})");
  auto act = std::get<net::Act>(std::get<net::ClientMessage>(a));
  EXPECT_EQ(act.id, 3);
  EXPECT_EQ(act.seq, 17);
  auto c = net::read_client_message(R"({"v":1,"type":"chat","text":"gg ✓"})");
  EXPECT_EQ(std::get<net::Chat>(std::get<net::ClientMessage>(c)).text, "gg ✓");
  auto w = net::read_client_message(R"({"v":1,"type":"hello","watch":true})");
  EXPECT_TRUE(std::get<net::Hello>(std::get<net::ClientMessage>(w)).watch);
  auto r = net::read_client_message(R"({"v":1,"type":"resync"})");
  EXPECT_TRUE(std::holds_alternative<net::Resync>(std::get<net::ClientMessage>(r)));
  auto u = net::read_client_message(R"({"v":1,"type":"undo"})");
  EXPECT_TRUE(std::holds_alternative<net::Undo>(std::get<net::ClientMessage>(u)));
  auto ans = net::read_client_message(R"({"v":1,"type":"undo_answer","accept":true})");
  EXPECT_TRUE(std::get<net::UndoAnswer>(std::get<net::ClientMessage>(ans)).accept);
  EXPECT_TRUE(refused(R"({"v":1,"type":"undo_answer"})", "bad_shape"));
  EXPECT_TRUE(refused(R"({"v":1,"type":"undo","seat":2})", "bad_shape"));
}

TEST(NetProtocol, ReadsTheLobbyMessages) {
  auto l = net::read_client_message(R"({"v":1,"type":"list"})");
  EXPECT_TRUE(std::holds_alternative<net::List>(std::get<net::ClientMessage>(l)));
  auto c = net::read_client_message(
      R"({"v":1,"type":"create","ruleset":"article2","variant":"quick","seats":["human","random"],)"
      R"("options":{"rounds":3,"fast":true,"name":"x"}})");
  auto create = std::get<net::Create>(std::get<net::ClientMessage>(c));
  EXPECT_EQ(create.ruleset, "article2");
  EXPECT_EQ(create.variant, "quick");
  EXPECT_EQ(create.seats, (std::vector<std::string>{"human", "random"}));
  EXPECT_EQ(create.options, (std::vector<std::string>{"fast=true", "name=x", "rounds=3"}));
  auto j = net::read_client_message(R"({"v":1,"type":"join","game":"0a1b","seat":2})");
  EXPECT_EQ(std::get<net::Join>(std::get<net::ClientMessage>(j)).seat, 2);
  auto w = net::read_client_message(R"({"v":1,"type":"hello","watch":true,"game":"0a1b"})");
  EXPECT_EQ(std::get<net::Hello>(std::get<net::ClientMessage>(w)).game, "0a1b");
  // A ruleset is an id, never a path; seats and options are bounded.
  EXPECT_TRUE(
      refused(R"({"v":1,"type":"create","ruleset":"../x","seats":["human"]})", "bad_shape"));
  EXPECT_TRUE(refused(R"({"v":1,"type":"create","ruleset":"a/b","seats":["human"]})", "bad_shape"));
  EXPECT_TRUE(refused(R"({"v":1,"type":"create","ruleset":"a","seats":[]})", "bad_shape"));
  EXPECT_TRUE(refused(
      R"({"v":1,"type":"create","ruleset":"a","seats":["h","h","h","h","h","h","h","h","h"]})",
      "bad_shape"));
  EXPECT_TRUE(
      refused(R"({"v":1,"type":"create","ruleset":"a","seats":["human"],"options":{"k":[1]}})",
              "bad_shape"));
  EXPECT_TRUE(refused(R"({"v":1,"type":"join","game":"XYZ"})", "bad_shape"));
  EXPECT_TRUE(refused(R"({"v":1,"type":"join","game":"ab","seat":0})", "bad_shape"));
  EXPECT_TRUE(refused(R"({"v":1,"type":"list","all":true})", "bad_shape"));
  // A lobby's links.
  auto lobby = net::parse_lobby_link("ws://h:7/?game=0a1b");
  ASSERT_TRUE(lobby);
  EXPECT_EQ(lobby->game, "0a1b");
  EXPECT_FALSE(lobby->watch);
  EXPECT_TRUE(lobby->token.empty());
  EXPECT_TRUE(net::parse_lobby_link("ws://h:7"));
  EXPECT_FALSE(net::parse_lobby_link("http://h:7/"));
  EXPECT_EQ(net::watch_link("h", 7, false, "0a1b"), "ws://h:7/?game=0a1b&watch");
  EXPECT_EQ(net::hello_for(*net::parse_link("ws://h:7/?game=0a1b&watch"))["game"], "0a1b");
}

TEST(NetProtocol, RefusesWhatIsNotAMessage) {
  EXPECT_TRUE(refused(std::string(5000, ' '), "too_big"));
  EXPECT_TRUE(refused("{\"v\":1,\"type\":\"chat\",\"text\":\"\xff\"}", "not_utf8"));
  EXPECT_TRUE(refused("{\"v\":1,", "not_json"));
  EXPECT_TRUE(refused("[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]", "not_json"));  // too deep
  EXPECT_TRUE(refused("[1]", "bad_shape"));
  EXPECT_TRUE(refused(R"({"v":2,"type":"act","id":1,"seq":1})", "bad_version"));
  EXPECT_TRUE(refused(R"({"type":"act","id":1,"seq":1})", "bad_version"));
  EXPECT_TRUE(refused(R"({"v":1,"type":"act","id":-1,"seq":1})", "bad_shape"));
  EXPECT_TRUE(refused(R"({"v":1,"type":"act","id":1.5,"seq":1})", "bad_shape"));
  EXPECT_TRUE(refused(R"({"v":1,"type":"act","id":"1","seq":1})", "bad_shape"));
  EXPECT_TRUE(refused(R"({"v":1,"type":"act","id":1,"seq":99999999999999999999})", "bad_shape"));
  EXPECT_TRUE(refused(R"({"v":1,"type":"act","id":1,"seq":1,"seat":2})", "bad_shape"));
  EXPECT_TRUE(refused(R"({"v":1,"type":"hello","token":"ZZ"})", "bad_shape"));
  EXPECT_TRUE(refused(R"({"v":1,"type":"hello"})", "bad_shape"));
  EXPECT_TRUE(refused(R"({"v":1,"type":"hello","token":"ab","watch":true})", "bad_shape"));
  EXPECT_TRUE(refused(R"({"v":1,"type":"chat","text":"a\u0007b"})", "bad_shape"));
  EXPECT_TRUE(refused(R"({"v":1,"type":"chat","text":""})", "bad_shape"));
  EXPECT_TRUE(refused(R"({"v":1,"type":"shutdown"})", "bad_shape"));
}

// The server writes each view message straight to text (view_message):
// byte for byte what the JSON tree of the view would dump, for every
// seat along random games of rulesets with secrets, glimpses and results.
TEST(NetProtocol, AViewMessageIsTheViewsJson) {
  for (const char* id : {"article2", "escaped", "meet_the_patriots", "captured"}) {
    auto loaded = engine::Loaded::open(id);
    int players = std::string(id) == "escaped" ? 3 : 2;
    engine::Game g(loaded, players, 5, loaded->options({}), engine::Mode::Record);
    core::Rng rng(5);
    for (int step = 0; step < 3000; ++step) {
      for (int seat = 0; seat <= players; ++seat) {
        engine::View v = g.view(seat);
        size_t from = v.log.size() / 2;
        auto want = net::message("view");
        want["seq"] = step;
        want["log_from"] = from;
        want["view"] = net::seat_view_json(v);
        want["view"]["log"] =
            std::vector<std::string>(v.log.begin() + static_cast<long>(from), v.log.end());
        v.log.erase(v.log.begin(), v.log.begin() + static_cast<long>(from));
        ASSERT_EQ(net::view_message(v, step, from), want.dump()) << id << " step " << step;
      }
      if (g.actor() == 0) break;
      g.apply(static_cast<int>(rng.below(static_cast<uint32_t>(g.action_count()))));
    }
    EXPECT_EQ(g.actor(), 0) << id << ": the game ends, its result written too";
  }
}

TEST(NetProtocol, LinksAndCommitments) {
  auto l = net::parse_link(net::seat_link("127.0.0.1", 7777, 2, "abcd"));
  ASSERT_TRUE(l);
  EXPECT_EQ(l->host, "127.0.0.1");
  EXPECT_EQ(l->port, "7777");
  EXPECT_EQ(l->seat, 2);
  EXPECT_EQ(l->token, "abcd");
  EXPECT_TRUE(net::parse_link(net::watch_link("h", 1))->watch);
  EXPECT_FALSE(l->tls);
  auto t = net::parse_link(net::seat_link("h", 1, 1, "ab", true));  // a server with TLS
  ASSERT_TRUE(t);
  EXPECT_TRUE(t->tls);
  EXPECT_EQ(t->token, "ab");
  EXPECT_EQ(net::watch_link("h", 1, true), "wss://h:1/?watch");
  EXPECT_FALSE(net::parse_link("wss:/h:1/?watch"));
  EXPECT_FALSE(net::parse_link("http://h:1/?token=ab"));
  EXPECT_FALSE(net::parse_link("ws://h/?token=ab"));
  EXPECT_FALSE(net::parse_link("ws://h:1/"));
  // SHA-256 of the empty string, then a commitment binds seed and nonce.
  EXPECT_EQ(net::sha256_hex(""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_NE(net::seed_commitment(1, "aa"), net::seed_commitment(2, "aa"));
  EXPECT_NE(net::seed_commitment(1, "aa"), net::seed_commitment(1, "ab"));
  EXPECT_EQ(net::random_hex().size(), 32u);
  EXPECT_NE(net::random_hex(), net::random_hex());
}

namespace {

// Longer than any answer takes on a loaded machine: a missing message
// fails the test instead of hanging it.
constexpr std::chrono::milliseconds kWait{10000};

// A server on loopback in its own thread, for one test.
struct Hosted {
  Hosted(const std::string& ruleset, std::vector<std::string> seats, uint64_t seed,
         net::Limits limits = {}, double takeover = 0, double clock = 0, bool undo = false) {
    loaded = engine::Loaded::open(ruleset);
    opts.seats = std::move(seats);
    opts.seed = seed;
    opts.options = loaded->options({});
    opts.linger_seconds = 2;
    opts.limits = limits;
    opts.takeover_seconds = takeover;
    opts.clock_seconds = clock;
    opts.undo = undo;
    server = std::make_unique<net::Server>(loaded, opts);
    links = server->seat_links();
    thread = std::thread([this] { server->run(); });
  }
  ~Hosted() {
    server->stop();
    thread.join();
  }
  net::Link link(int seat) const {
    return *net::parse_link(links.at(static_cast<size_t>(seat - 1)));
  }
  std::string token(int seat) const { return link(seat).token; }
  std::unique_ptr<net::Client> connect(int seat) const {
    auto c = std::make_unique<net::Client>("127.0.0.1", std::to_string(server->port()));
    if (seat > 0) c->send(net::hello_for(link(seat)));
    if (seat == 0) c->send(net::hello_for(*net::parse_link(server->watch_link())));
    return c;
  }
  std::shared_ptr<engine::Loaded> loaded;
  net::ServerOptions opts;
  std::unique_ptr<net::Server> server;
  std::vector<std::string> links;
  std::thread thread;
};

// The next message of a type, the others skipped (chat, errors).
json next_of(net::Client& c, const std::string& type) {
  for (int k = 0; k < 100; ++k) {
    auto m = c.receive(kWait);
    if (!m) return json();
    if ((*m)["type"] == type) return *m;
  }
  return json();
}

void cards_named(const json& j, std::set<int>& out) {
  if (j.is_object()) {
    if (j.contains("id") && j.contains("def") && j["id"].is_number_integer())
      out.insert(j["id"].get<int>());
    for (const auto& [k, v] : j.items()) cards_named(v, out);
  } else if (j.is_array()) {
    for (const auto& v : j) cards_named(v, out);
  }
}

// What no message to `seat` may hold, given the same seat's view computed
// by a local replica of the game: returns what it found, "" when clean.
struct Secrets {
  uint64_t seed = 0;
  std::string nonce;                // "" : unknown to the test
  std::vector<std::string> tokens;  // every seat's
};
std::string leak_in(const json& msg, int seat, const json& expected_view, const Secrets& s,
                    bool ended) {
  std::string text = msg.dump();
  for (size_t p = 0; p < s.tokens.size(); ++p)
    if (!s.tokens[p].empty() && text.find(s.tokens[p]) != std::string::npos)
      return "a seat's token (seat " + std::to_string(p + 1) + ")";
  if (!ended && text.find(std::to_string(s.seed)) != std::string::npos) return "the seed";
  if (!ended && msg.contains("nonce")) return "the nonce";
  if (msg["type"] != "view") return "";
  // The view is the seat's own, exactly (the log from where it was).
  json want = expected_view;
  json lines = json::array();
  size_t from = msg.value("log_from", size_t{0});
  for (size_t k = from; k < want["log"].size(); ++k) lines.push_back(want["log"][k]);
  want["log"] = lines;
  if (msg["view"] != want) return "a view that is not seat " + std::to_string(seat) + "'s";
  // And no card it does not see, even through an action's cards.
  std::set<int> seen;
  cards_named(msg["view"]["zones"], seen);
  for (const auto& a : msg["view"]["actions"])
    for (const auto& c : a["cards"])
      if (!seen.count(c.get<int>())) return "an action naming a card the seat does not see";
  return "";
}

// Plays one game through the server, every seat a client choosing at
// random and a watcher; every message is checked against the replica.
void play_and_check(const std::string& ruleset, int players, uint64_t seed, int* actions) {
  std::vector<std::string> seats(static_cast<size_t>(players), "human");
  Hosted h(ruleset, seats, seed);
  auto replica_rules = engine::Loaded::open(ruleset);
  engine::Game replica(replica_rules, players, seed, replica_rules->options({}),
                       engine::Mode::Record);
  replica.set_auto_seats(~0u);  // the server plays the humans' forced moves
  Secrets secrets{seed, "", {}};
  for (int p = 1; p <= players; ++p) secrets.tokens.push_back(h.token(p));
  std::vector<std::unique_ptr<net::Client>> clients;
  for (int p = 0; p <= players; ++p) clients.push_back(h.connect(p));  // [0]: the watcher
  std::vector<size_t> lines_seen(static_cast<size_t>(players) + 1, 0);
  core::Rng rng(seed);
  std::string at = ruleset + " seed " + std::to_string(seed);
  for (int step = 0;; ++step) {
    bool ended = replica.actor() == 0;
    json act;
    for (int p = 0; p <= players; ++p) {
      auto& c = *clients[static_cast<size_t>(p)];
      json want = net::seat_view_json(replica.view(p));
      auto m = c.receive(kWait);
      if (step == 0 && m && (*m)["type"] == "welcome") {
        ASSERT_EQ(leak_in(*m, p, want, secrets, false), "") << at;
        EXPECT_EQ((*m)["commitment"], h.server->commitment());
        m = c.receive(kWait);
      }
      ASSERT_TRUE(m) << at << ": seat " << p << " got nothing at step " << step << " of " << players
                     << " players, actor " << replica.actor();
      ASSERT_EQ((*m)["type"], "view") << at << ": " << m->dump();
      ASSERT_EQ((*m)["seq"], replica.steps()) << at;
      ASSERT_EQ((*m)["log_from"], lines_seen[static_cast<size_t>(p)]) << at;
      std::string leak = leak_in(*m, p, want, secrets, false);
      ASSERT_EQ(leak, "") << at << ": step " << step << " seat " << p << " got " << leak;
      lines_seen[static_cast<size_t>(p)] = want["log"].size();
      if (p > 0 && p == replica.actor()) {
        const auto& offered = (*m)["view"]["actions"];
        ASSERT_FALSE(offered.empty()) << at;
        act = offered[rng.below(static_cast<uint32_t>(offered.size()))];
      }
    }
    if (ended) break;
    int actor = replica.actor();
    auto msg = net::message("act");
    msg["id"] = act["index"];
    msg["seq"] = replica.steps();
    clients[static_cast<size_t>(actor)]->send(msg);
    replica.apply(act["index"].get<int>());
    ++*actions;
  }
  // The end: the result to every seat and the watcher, with the seed
  // revealed now and matching the commitment published at the start.
  for (int p = 0; p <= players; ++p) {
    auto m = next_of(*clients[static_cast<size_t>(p)], "result");
    ASSERT_TRUE(m.is_object()) << at;
    EXPECT_EQ(m["seed"], std::to_string(seed));
    EXPECT_EQ(net::seed_commitment(seed, m["nonce"]), h.server->commitment());
    EXPECT_EQ(m["result"]["winners"], json(replica.result()->winners));
    secrets.nonce = m["nonce"];
  }
}

std::vector<std::string> shipped_rulesets() {
  std::vector<std::string> ids;
  for (const auto& e : std::filesystem::directory_iterator("rulesets"))
    if (std::filesystem::exists(e.path() / "ruleset.lua")) ids.push_back(e.path().filename());
  std::sort(ids.begin(), ids.end());
  return ids;
}

}  // namespace

TEST(NetLeak, EveryMessageHoldsOnlyTheSeatsOwnView) {
  int games = 0, actions = 0;
  for (const auto& id : shipped_rulesets()) {
    auto meta = engine::Loaded::open(id)->meta();
    std::vector<int> counts = {meta.min_players};
    if (meta.allows(std::max(3, meta.min_players + 1)))
      counts.push_back(std::max(3, meta.min_players + 1));
    for (int players : counts)
      for (uint64_t seed : {8815338231734560011ull, 7200416893451092237ull}) {
        auto t0 = std::chrono::steady_clock::now();
        int before = actions;
        play_and_check(id, players, seed, &actions);
        std::cout << id << " " << players << "p: " << actions - before << " actions, "
                  << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()
                  << " s\n";
        if (HasFatalFailure()) return;
        ++games;
      }
  }
  EXPECT_GT(games, 15);
  std::cout << games << " games, " << actions << " actions, every message checked\n";
}

// The checker itself catches a leaking server: each message below is one
// a careless server could send, built from a real game's views.
TEST(NetLeak, TheCheckFailsALeakingServer) {
  auto rules = engine::Loaded::open("article2");
  engine::Game g(rules, 2, 5550123456789012345ull, rules->options({}), engine::Mode::Record);
  Secrets s{5550123456789012345ull, "", {"aaaa1111", "bbbb2222"}};
  auto view_msg = [&](int seat) {
    auto m = net::message("view");
    m["seq"] = 0;
    m["log_from"] = 0;
    m["view"] = net::seat_view_json(g.view(seat));
    return m;
  };
  json mine = net::seat_view_json(g.view(1));
  EXPECT_EQ(leak_in(view_msg(1), 1, mine, s, false), "");
  EXPECT_NE(leak_in(view_msg(2), 1, mine, s, false), "");  // another seat's view
  auto seeded = view_msg(1);
  seeded["seed"] = "5550123456789012345";
  EXPECT_EQ(leak_in(seeded, 1, mine, s, false), "the seed");
  auto tokened = view_msg(1);
  tokened["view"]["log"].push_back("bbbb2222");
  EXPECT_NE(leak_in(tokened, 1, mine, s, false), "");
  // An action that names a card the seat does not see.
  int actor = g.actor();
  auto named = view_msg(actor);
  json theirs = net::seat_view_json(g.view(actor));
  ASSERT_FALSE(named["view"]["actions"].empty());
  named["view"]["actions"][0]["cards"].push_back(9999);
  theirs["actions"][0]["cards"].push_back(9999);
  EXPECT_NE(leak_in(named, actor, theirs, s, false), "");
  // The whole truth: every card face up with its id.
  auto whole = view_msg(1);
  int id = 1;
  for (auto& z : whole["view"]["zones"])
    for (auto& c : z["cards"]) c = {{"id", id++}, {"def", 0}};
  EXPECT_NE(leak_in(whole, 1, mine, s, false), "");
}

TEST(NetHostile, BadMessagesAreRefusedAndTheGameGoesOn) {
  Hosted h("article2", {"human", "human"}, 7);
  auto a = h.connect(1);
  auto b = h.connect(2);
  json va = next_of(*a, "view"), vb = next_of(*b, "view");
  ASSERT_TRUE(va.is_object() && vb.is_object());
  int actor = va["view"]["actor"];
  auto& mover = actor == 1 ? *a : *b;
  auto& waiter = actor == 1 ? *b : *a;
  json offered = (actor == 1 ? va : vb)["view"]["actions"];

  // Malformed JSON and a wrong shape: an error each, the connection kept.
  waiter.send_text("{\"v\":1,\"type\":");
  EXPECT_EQ(next_of(waiter, "error")["code"], "not_json");
  waiter.send_text(R"({"v":1,"type":"act","id":0})");
  EXPECT_EQ(next_of(waiter, "error")["code"], "bad_shape");
  // A text frame that is not UTF-8 fails its connection (RFC 6455 8.1).
  auto garbled = h.connect(1 + (actor == 1));
  next_of(*garbled, "view");
  garbled->send_text("{\"v\":1,\"type\":\"chat\",\"text\":\"\xc3\x28\"}");
  EXPECT_FALSE(next_of(*garbled, "nothing").is_object());
  EXPECT_EQ(next_of(waiter, "error")["code"], "replaced");  // garbled took the seat over
  auto& waiter_again = *(garbled = h.connect(1 + (actor == 1)));
  EXPECT_EQ(next_of(waiter_again, "view")["seq"], 0);
  // Acting for the other seat (it is not this one's turn): a resync.
  auto act = net::message("act");
  act["id"] = 0;
  act["seq"] = 0;
  waiter_again.send(act);
  json r = next_of(waiter_again, "resync");
  EXPECT_EQ(r["reason"], "it is not your turn");
  EXPECT_EQ(next_of(waiter_again, "view")["seq"], 0);
  // A stale sequence number and an unknown id: a resync, nothing played.
  act["seq"] = 5;
  mover.send(act);
  EXPECT_EQ(next_of(mover, "resync")["reason"], "stale sequence number");
  EXPECT_EQ(next_of(mover, "view")["seq"], 0);
  act["seq"] = 0;
  act["id"] = offered.size();
  mover.send(act);
  EXPECT_EQ(next_of(mover, "resync")["reason"], "unknown action id");
  EXPECT_EQ(next_of(mover, "view")["seq"], 0);

  // A wrong token: refused, and the connection closed.
  auto stranger = std::make_unique<net::Client>("127.0.0.1", std::to_string(h.server->port()));
  auto hello = net::message("hello");
  hello["token"] = std::string(32, '0');
  stranger->send(hello);
  EXPECT_EQ(next_of(*stranger, "error")["code"], "bad_token");
  EXPECT_FALSE(stranger->receive(kWait));
  // Acting before hello.
  auto early = std::make_unique<net::Client>("127.0.0.1", std::to_string(h.server->port()));
  early->send(act);
  EXPECT_EQ(next_of(*early, "error")["code"], "no_hello");
  // A huge frame (1 MiB): the WebSocket layer closes that connection.
  auto flood = std::make_unique<net::Client>("127.0.0.1", std::to_string(h.server->port()));
  flood->send_text(std::string(1 << 20, 'x'));
  EXPECT_FALSE(flood->receive(kWait));

  // The game goes on: the right action at the right sequence number.
  act["id"] = 0;
  act["seq"] = 0;
  mover.send(act);
  EXPECT_EQ(next_of(mover, "view")["seq"], 1);
  EXPECT_EQ(next_of(waiter_again, "view")["seq"], 1);
}

TEST(NetHostile, AFloodIsCutOff) {
  net::Limits limits;
  limits.message_burst = 10;
  limits.messages_per_second = 1;
  Hosted h("article2", {"human", "human"}, 7, limits);
  auto a = h.connect(1);
  auto resync = net::message("resync");
  for (int k = 0; k < 40; ++k) a->send(resync);
  EXPECT_EQ(next_of(*a, "error")["code"], "rate");
  EXPECT_FALSE(next_of(*a, "nothing").is_object());  // closed
  auto b = h.connect(2);
  EXPECT_TRUE(next_of(*b, "view").is_object());
}

TEST(NetSeats, ReconnectWithTheTokenResumes) {
  Hosted h("article2", {"human", "human"}, 9);
  auto a = h.connect(1);
  auto b = h.connect(2);
  json va = next_of(*a, "view");
  next_of(*b, "view");
  int actor = va["view"]["actor"];
  auto& mover = actor == 1 ? *a : *b;
  auto act = net::message("act");
  act["id"] = 0;
  act["seq"] = 0;
  mover.send(act);
  json before = next_of(*a, "view");
  ASSERT_EQ(before["seq"], 1);
  // Seat 1 again from a new connection: the old one is told and closed;
  // the new one gets the view with the whole log since the start.
  auto again = h.connect(1);
  EXPECT_EQ(next_of(*again, "welcome")["seat"], 1);
  json resumed = next_of(*again, "view");
  EXPECT_EQ(resumed["seq"], 1);
  EXPECT_EQ(resumed["log_from"], 0);
  EXPECT_EQ(resumed["view"]["zones"], before["view"]["zones"]);
  EXPECT_EQ(next_of(*a, "error")["code"], "replaced");
  EXPECT_FALSE(a->receive(kWait));
}

// The act for the action of a view labelled `label`.
json act_labelled(const json& view, const std::string& label) {
  for (const auto& a : view["view"]["actions"])
    if (a["label"] == label) {
      auto act = net::message("act");
      act["id"] = a["index"];
      act["seq"] = view["seq"];
      return act;
    }
  ADD_FAILURE() << "no action " << label;
  return json();
}

// Undo online: only your own last move, only if the others accept, never
// across a card shown (the tiny game's Draw shows the drawer a card).
TEST(NetSeats, UndoOnlyWhenTheOthersAccept) {
  Hosted h("tests/fixtures/tiny", {"human", "human"}, 3, {}, 0, 0, true);
  auto a = h.connect(1);
  auto b = h.connect(2);
  EXPECT_TRUE(next_of(*a, "welcome")["undo"].get<bool>());
  json start = next_of(*a, "view");
  next_of(*b, "view");
  ASSERT_EQ(start["view"]["actor"], 1);
  a->send(net::message("undo"));  // nothing of seat 1's to undo yet
  EXPECT_EQ(next_of(*a, "error")["code"], "no_undo");
  a->send(act_labelled(start, "Pass"));
  EXPECT_EQ(next_of(*b, "view")["view"]["actor"], 2);
  next_of(*a, "view");
  // Asked and refused.
  a->send(net::message("undo"));
  EXPECT_EQ(next_of(*b, "undo_asked")["seat"], 1);
  auto no = net::message("undo_answer");
  no["accept"] = false;
  b->send(no);
  EXPECT_EQ(next_of(*a, "undo_refused")["by"], 2);
  // Another seat's answer to nothing asked is refused.
  b->send(no);
  EXPECT_EQ(next_of(*b, "error")["code"], "no_undo");
  // Asked and accepted: back to seat 1's turn, every view whole again.
  a->send(net::message("undo"));
  next_of(*b, "undo_asked");
  auto yes = net::message("undo_answer");
  yes["accept"] = true;
  b->send(yes);
  json undone = next_of(*a, "undone");
  EXPECT_EQ(undone["seat"], 1);
  EXPECT_EQ(undone["seq"], start["seq"]);
  json back = next_of(*a, "view");
  EXPECT_EQ(back["view"]["actor"], 1);
  EXPECT_EQ(back["log_from"], 0);
  EXPECT_EQ(back["view"]["zones"], start["view"]["zones"]);
  EXPECT_EQ(next_of(*b, "view")["view"]["actor"], 1);
  // A draw shows seat 1 a card: no undo across it, whoever would accept.
  a->send(act_labelled(back, "Draw"));
  next_of(*a, "view");
  a->send(net::message("undo"));
  json refused = next_of(*a, "error");
  EXPECT_EQ(refused["code"], "no_undo");
  EXPECT_NE(refused["message"].get<std::string>().find("showed"), std::string::npos);
  // A watcher never undoes; a game without undo refuses it.
  auto w = h.connect(0);
  w->send(net::message("undo"));
  EXPECT_EQ(next_of(*w, "error")["code"], "no_undo");
  Hosted plain("tests/fixtures/tiny", {"human", "human"}, 3);
  auto p = plain.connect(1);
  p->send(act_labelled(next_of(*p, "view"), "Pass"));
  p->send(net::message("undo"));
  EXPECT_EQ(next_of(*p, "error")["code"], "no_undo");
}

// A lobby in its own thread, for one test.
struct Lobbied {
  explicit Lobbied(net::Limits limits = {}) {
    net::LobbyOptions o;
    o.linger_seconds = 5;
    o.limits = limits;
    lobby = std::make_unique<net::Lobby>(o);
    thread = std::thread([this] { lobby->run(); });
  }
  ~Lobbied() {
    lobby->stop();
    thread.join();
  }
  std::unique_ptr<net::Client> connect() const {
    return std::make_unique<net::Client>("127.0.0.1", std::to_string(lobby->port()));
  }
  std::unique_ptr<net::Lobby> lobby;
  std::thread thread;
};

json lobby_ask(net::Client& c, json m, const std::string& answer) {
  c.send(m);
  for (int k = 0; k < 100; ++k) {
    auto r = c.receive(kWait);
    if (!r) return json();
    if ((*r)["type"] == answer || (*r)["type"] == "error") return *r;
  }
  return json();
}

// Two games at once on one lobby: each seat handed out once, moves go to
// their own game, and a seat that joins again after the end gets the result.
TEST(NetLobby, GamesApartAndTheResultAfterTheEnd) {
  Lobbied l;
  auto c = l.connect();
  EXPECT_TRUE(lobby_ask(*c, net::message("list"), "games")["games"].empty());
  auto create = net::message("create");
  create["ruleset"] = "article2";
  create["seats"] = {"human", "human"};
  std::string g1 = lobby_ask(*c, create, "created")["game"];
  std::string g2 = lobby_ask(*c, create, "created")["game"];
  ASSERT_FALSE(g1.empty());
  ASSERT_NE(g1, g2);
  EXPECT_EQ(lobby_ask(*c, net::message("list"), "games")["games"].size(), 2u);
  auto join = net::message("join");
  join["game"] = g1;
  std::vector<std::string> tokens;
  for (int seat = 1; seat <= 2; ++seat) {
    json s = lobby_ask(*c, join, "seat");
    EXPECT_EQ(s["seat"], seat);
    tokens.push_back(s["token"]);
  }
  EXPECT_EQ(lobby_ask(*c, join, "seat")["code"], "no_seat");  // handed out once
  join["game"] = "0123abcd";
  EXPECT_EQ(lobby_ask(*c, join, "seat")["code"], "no_game");
  // A watcher of game 2 sees none of game 1's moves.
  auto w = l.connect();
  auto watch = net::message("hello");
  watch["watch"] = true;
  watch["game"] = g2;
  EXPECT_EQ(lobby_ask(*w, watch, "welcome")["game"], g2);
  next_of(*w, "view");
  // Game 1 played to the end by its two seats.
  std::vector<std::unique_ptr<net::Client>> seats;
  for (const auto& t : tokens) {
    seats.push_back(l.connect());
    auto hello = net::message("hello");
    hello["token"] = t;
    EXPECT_EQ(lobby_ask(*seats.back(), hello, "welcome")["game"], g1);
  }
  // Every action sends both seats a view; the actor's client acts on it.
  // (A receive that times out closes the connection: none here do.)
  bool over = false;
  for (int k = 0; k < 1000 && !over; ++k) {
    json v[2];
    for (int p = 0; p < 2; ++p) {
      do v[p] = seats[static_cast<size_t>(p)]->receive(kWait).value();  // throws: fails
      while (v[p]["type"] != "view" && v[p]["type"] != "result");
      over |= v[p]["type"] == "result";
    }
    int actor = over ? 0 : v[0]["view"]["actor"].get<int>();
    if (actor == 0) continue;
    auto act = net::message("act");
    act["id"] = 0;
    act["seq"] = v[actor - 1]["seq"];
    seats[static_cast<size_t>(actor - 1)]->send(act);
  }
  ASSERT_TRUE(over);
  EXPECT_FALSE(w->receive(std::chrono::milliseconds(200)));  // nothing of game 1
  auto again = l.connect();
  auto hello = net::message("hello");
  hello["token"] = tokens[0];
  lobby_ask(*again, hello, "welcome");
  EXPECT_FALSE(next_of(*again, "result").is_null());
  // A one-game server is no lobby.
  Hosted h("article2", {"human", "human"}, 4);
  auto one = h.connect(-1);
  EXPECT_EQ(lobby_ask(*one, create, "created")["code"], "not_lobby");
}

// The sizes set lower (`serve --limit chat_bytes=5 --limit
// message_bytes=300`): a longer chat line is refused and the game goes
// on; a bigger frame closes the connection.
TEST(NetLobby, LimitsSetLower) {
  net::Limits limits;
  for (const char* s : {"chat_bytes=5", "message_bytes=300", "games=1"})
    ASSERT_EQ(net::set_limit(limits, s), "") << s;
  EXPECT_NE(net::set_limit(limits, "message_bytes=9000"), "");  // above the protocol's own
  EXPECT_NE(net::set_limit(limits, "games=1.5"), "");
  Lobbied l(limits);
  auto c = l.connect();
  auto create = net::message("create");
  create["ruleset"] = "article2";
  create["seats"] = {"human", "random"};
  std::string game = lobby_ask(*c, create, "created")["game"];
  EXPECT_EQ(lobby_ask(*c, create, "created")["code"], "limit");  // games=1
  auto join = net::message("join");
  join["game"] = game;
  auto hello = net::message("hello");
  hello["token"] = lobby_ask(*c, join, "seat")["token"];
  lobby_ask(*c, hello, "welcome");
  auto chat = net::message("chat");
  chat["text"] = "toolong";
  EXPECT_EQ(lobby_ask(*c, chat, "chat")["code"], "bad_shape");
  chat["text"] = "ok";
  EXPECT_EQ(lobby_ask(*c, chat, "chat")["text"], "ok");
  c->send_text(json{{"v", 1}, {"type", "chat"}, {"text", std::string(400, 'x')}}.dump());
  bool closed = false;
  for (int k = 0; k < 100 && !closed; ++k) closed = !c->receive(kWait);
  EXPECT_TRUE(closed) << "a frame over message_bytes";
}

TEST(NetSeats, BotsOnTheServerAndAWatcher) {
  // Seat 2 is a bot on the server: the human's client plays to the end.
  Hosted h("article2", {"human", "random"}, 21);
  auto a = h.connect(1);
  auto w = h.connect(0);
  EXPECT_EQ(next_of(*w, "welcome")["seat"], 0);
  int moves = 0;
  for (;;) {
    auto m = a->receive(kWait);
    ASSERT_TRUE(m);
    if ((*m)["type"] == "result") break;
    if ((*m)["type"] != "view" || (*m)["view"]["actor"] != 1) continue;
    auto act = net::message("act");
    act["id"] = 0;
    act["seq"] = (*m)["seq"];
    a->send(act);
    ++moves;
  }
  EXPECT_GT(moves, 0);
  // The watcher saw no hand: no card of a zone only its owner sees.
  for (;;) {
    auto m = w->receive(kWait);
    ASSERT_TRUE(m);
    if ((*m)["type"] == "result") break;
    if ((*m)["type"] != "view") continue;
    EXPECT_TRUE((*m)["view"]["actions"].empty());
    for (const auto& z : (*m)["view"]["zones"])
      if (z["visibility"] == "owner" || z["visibility"] == "none") {
        for (const auto& c : z["cards"]) EXPECT_TRUE(c.is_null()) << z["name"];
      }
  }
}

TEST(NetSeats, ABotPlaysASeatWhosePlayerIsAway) {
  // Seat 2 never comes: after 0.1 s each time, the stand-in moves for it.
  Hosted h("article2", {"human", "human"}, 33, {}, 0.1);
  auto a = h.connect(1);
  bool others_moved = false;
  for (;;) {
    auto m = a->receive(kWait);
    ASSERT_TRUE(m);
    if ((*m)["type"] == "result") break;
    if ((*m)["type"] != "view") continue;
    if ((*m)["view"]["actor"] == 2) others_moved = true;
    if ((*m)["view"]["actor"] != 1) continue;
    auto act = net::message("act");
    act["id"] = 0;
    act["seq"] = (*m)["seq"];
    a->send(act);
  }
  EXPECT_TRUE(others_moved);
}

TEST(NetSeats, TheTurnClockHasTheBotMoveForASlowPlayer) {
  // Both players are connected and never move: with a clock of 0.05 s the
  // stand-in moves for whoever is to act, and the game ends.
  Hosted h("article2", {"human", "human"}, 34, {}, 0, 0.05);
  auto a = h.connect(1);
  auto b = h.connect(2);
  EXPECT_EQ(next_of(*a, "welcome")["clock"], 0.05);
  int views = 0;
  for (;;) {
    auto m = a->receive(kWait);
    ASSERT_TRUE(m) << "the game stalled after " << views << " views";
    if ((*m)["type"] == "result") break;
    if ((*m)["type"] == "view") ++views;
  }
  EXPECT_GT(views, 2);
}

TEST(NetSeats, WithoutAClockTheGameWaitsForAConnectedPlayer) {
  Hosted h("article2", {"human", "human"}, 34);
  auto a = h.connect(1);
  auto b = h.connect(2);
  EXPECT_EQ(next_of(*a, "welcome")["clock"], 0);
  EXPECT_FALSE(next_of(*a, "view").is_null());
  // Nobody moves, so nothing more comes.
  EXPECT_FALSE(a->receive(std::chrono::milliseconds(300)));
}
