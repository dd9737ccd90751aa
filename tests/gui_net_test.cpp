// The window as a network client (issue 24): `ratify serve article2 --seats
// human,bot` on loopback, the window joins the human seat (cli/join_window)
// without a display (host/gui/driver.hpp), plays a whole game by clicks on
// what the probe shows, and the server's replay verifies. Also: the server
// killed mid-game and started again, the window joining again by itself
// with its token; a wrong token refused; a watcher's window.
// RATIFY_NET_SHOT_DIR=DIR keeps pictures (docs/screenshots/network_*.png).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/join_window.hpp"
#include "gui/driver.hpp"
#include "net/client.hpp"
#include "test_files.hpp"

extern char** environ;

namespace fs = std::filesystem;
using namespace ratify;
using ratify::testing::read_text;
using ratify::testing::TempDir;

namespace {

// `ratify serve ...` as a process of its own, its output in DIR/serve.out.
class Serve {
 public:
  Serve(const fs::path& dir, std::vector<std::string> args, const std::string& seats = "human,bot",
        const std::string& ruleset = "article2")
      : out_(dir / "serve.out") {
    std::vector<std::string> argv = {RATIFY_BIN, "serve", ruleset, "--seats", seats};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> cargs;
    for (auto& a : argv) cargs.push_back(a.data());
    cargs.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, (dir / "serve.err").c_str(),
                                     O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (posix_spawn(&pid_, RATIFY_BIN, &fa, nullptr, cargs.data(), environ) != 0) pid_ = 0;
    posix_spawn_file_actions_destroy(&fa);
  }
  ~Serve() {
    if (pid_) kill(SIGKILL), wait();
  }
  // The line of the output that starts so, once printed ("" after 10 s).
  std::string line(const std::string& start) {
    for (int i = 0; i < 200; ++i) {
      std::istringstream in(read_text(out_));
      for (std::string l; std::getline(in, l);)
        if (l.rfind(start, 0) == 0) return l;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return {};
  }
  std::string seat_link() { return line("ws://127.0.0.1:"); }
  // Every seat's link, once all are printed.
  std::vector<std::string> seat_links(size_t n) {
    std::vector<std::string> links;
    for (int i = 0; i < 200 && links.size() < n; ++i) {
      links.clear();
      std::istringstream in(read_text(out_));
      for (std::string l; std::getline(in, l);)
        if (l.rfind("ws://", 0) == 0 && l.find("token=") != std::string::npos) links.push_back(l);
      if (links.size() < n) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return links;
  }
  void kill(int sig) {
    if (pid_) ::kill(pid_, sig);
  }
  // The exit code (-1: killed, or not ended within 30 s).
  int wait() {
    for (int i = 0; pid_ && i < 600; ++i) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = 0;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return -1;
  }

 private:
  fs::path out_;
  pid_t pid_ = 0;
};

int free_port() {
  int s = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t n = sizeof a;
  getsockname(s, reinterpret_cast<sockaddr*>(&a), &n);
  close(s);
  return ntohs(a.sin_port);
}

void shot(gui::Driver& d, const std::string& name) {
  if (const char* dir = std::getenv("RATIFY_NET_SHOT_DIR")) d.screenshot(fs::path(dir) / name);
}

// Frames on the real clock's pace until `done` (the server answers in
// real time); false after 30 s, however slow the frames.
bool frames_until(gui::Driver& d, const std::function<bool(const gui::Probe&)>& done) {
  auto end = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < end) {
    d.frames(1);
    if (done(d.probe())) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

// One move by the mouse, as a person makes it: a playable card (then the
// first entry of its menu, when it opens one), else the first row of the
// action list. Alternates, so both ways are played.
void click_a_move(gui::Driver& d, const gui::Probe& p, int turn) {
  auto card = std::find_if(p.cards.begin(), p.cards.end(),
                           [](const gui::ProbeCard& c) { return c.playable; });
  if (turn % 2 == 0 && card != p.cards.end()) {
    ASSERT_TRUE(d.click_named("card:" + std::to_string(card->id)));
    d.frames(1);
    if (d.probe().find("menu:1")) {
      ASSERT_TRUE(d.click_named("menu:1"));
    }
  } else {
    ASSERT_TRUE(
        d.click_named(p.end_turn.empty() || !p.actions.empty() ? "action:1" : "button:end-turn"));
  }
}

// Plays the seat to the end by clicks; returns the moves made. `midway`
// runs once, after `at` moves.
int play_out(gui::Driver& d, int at = -1, const std::function<void()>& midway = {}) {
  int moves = 0;
  for (int guard = 0; guard < 400; ++guard) {
    bool ready = frames_until(d, [](const gui::Probe& p) { return p.over || p.human_to_act; });
    EXPECT_TRUE(ready) << "the window waited 30 s for its turn or the end";
    if (!ready) break;
    gui::Probe p = d.probe();
    if (p.over) break;
    if (moves == at && midway) midway();
    int steps = p.steps;
    click_a_move(d, p, moves++);
    // The move went to the server: the next view (a later step) answers it.
    EXPECT_TRUE(frames_until(d, [&](const gui::Probe& q) { return q.steps > steps || q.over; }))
        << "no view after the move " << moves;
  }
  return moves;
}

bool drew(const gui::Probe& p, const std::string& part) {
  return std::any_of(p.drawn.begin(), p.drawn.end(), [&](const gui::ProbeBox& b) {
    return b.name.find(part) != std::string::npos;
  });
}

gui::WindowOptions window_on(std::shared_ptr<gui::Remote> remote, int w, int h) {
  gui::WindowOptions o;
  o.remote = std::move(remote);
  o.width = w, o.height = h;
  return o;
}

bool replay_verifies(const fs::path& file) {
  std::string cmd =
      std::string(RATIFY_BIN) + " replay " + file.string() + " > " + file.string() + ".verify 2>&1";
  return std::system(cmd.c_str()) == 0;
}

}  // namespace

class GuiNet : public ::testing::TestWithParam<std::pair<int, int>> {};

TEST_P(GuiNet, TheWindowPlaysAWholeGameOfTheServersAndItsReplayVerifies) {
  auto [w, h] = GetParam();
  std::string size = std::to_string(w) + "x" + std::to_string(h);
  TempDir dir;
  Serve serve(dir.path, {"--listen", "127.0.0.1:0", "--seed", "3", "--clock", "900", "--replay",
                         (dir.path / "game.jsonl").string()});
  std::string link = serve.seat_link();
  ASSERT_FALSE(link.empty()) << read_text(dir.path / "serve.err");
  auto remote = cli::join_remote(link);
  {
    gui::Driver d(window_on(remote, w, h));
    ASSERT_TRUE(frames_until(d, [](const gui::Probe& p) { return p.human_to_act; }));
    gui::Probe p = d.probe();
    EXPECT_EQ(p.screen, "table");
    EXPECT_EQ(p.game, "Article II, updated");
    EXPECT_EQ(p.bottom, 1);
    EXPECT_FALSE(p.actions.empty());
    EXPECT_TRUE(drew(p, "Your turn  \u00b7  15:00 left")) << "the turn clock";
    // What needs the rules here is not offered: the server holds them;
    // nor undo, which this host does not allow. Chat is.
    for (const char* b : {"button:undo", "button:new", "button:options", "button:games"})
      EXPECT_EQ(p.find(b), nullptr) << b;
    EXPECT_NE(p.find("button:chat"), nullptr);
    // The seat's own hand face up; the bot's, backs.
    int mine = 0, backs = 0;
    for (const auto& c : p.cards) {
      if (c.zone == "hand:1") mine += c.face_up;
      if (c.zone == "hand:2") backs += !c.face_up && c.id == 0;
    }
    EXPECT_GT(mine, 0);
    EXPECT_GT(backs, 0);
    shot(d, "network_start_" + size + ".png");
    int moves = play_out(d, 4, [&] { shot(d, "network_" + size + ".png"); });
    EXPECT_GT(moves, 3);
    p = d.probe();
    ASSERT_TRUE(p.over);
    EXPECT_FALSE(p.headline.empty());
    EXPECT_NE(std::find(p.overlays.begin(), p.overlays.end(), "result"), p.overlays.end());
    EXPECT_NE(p.find("button:result-quit"), nullptr);
    EXPECT_EQ(p.find("button:result-new"), nullptr);
    shot(d, "network_end_" + size + ".png");
    // The seed the server revealed opens its commitment: said in a notice.
    EXPECT_TRUE(frames_until(d, [](const gui::Probe& q) {
      return q.notice.find("matches") != std::string::npos;
    })) << d.probe().notice;
    d.key("ctrl+z");
    d.frames(1);
    EXPECT_NE(d.probe().notice.find("nothing to undo"), std::string::npos) << d.probe().notice;
  }
  remote.reset();
  EXPECT_EQ(serve.wait(), 0) << read_text(dir.path / "serve.err");
  EXPECT_TRUE(replay_verifies(dir.path / "game.jsonl"))
      << read_text(dir.path / "game.jsonl.verify");
}

INSTANTIATE_TEST_SUITE_P(Sizes, GuiNet,
                         ::testing::Values(std::make_pair(1280, 720), std::make_pair(800, 600)),
                         [](const auto& i) {
                           return std::to_string(i.param.first) + "x" +
                                  std::to_string(i.param.second);
                         });

// The server killed mid-game (kill -9) and started again on its journal:
// the window says the connection dropped, joins again with its token by
// itself, and the game goes on to its end; the replay verifies.
TEST(GuiNetLink, AServerKilledMidGameIsJoinedAgainWithTheToken) {
  TempDir dir;
  std::string listen = "127.0.0.1:" + std::to_string(free_port());
  std::vector<std::string> args = {"--listen", listen,   "--seed",
                                   "5",        "--data", (dir.path / "data").string()};
  auto serve = std::make_unique<Serve>(dir.path, args);
  std::string link = serve->seat_link();
  ASSERT_FALSE(link.empty()) << read_text(dir.path / "serve.err");
  auto remote = cli::join_remote(link);
  gui::Driver d(window_on(remote, 1280, 720));
  bool dropped = false;
  play_out(d, 3, [&] {
    serve->kill(SIGKILL);
    serve->wait();
    EXPECT_TRUE(frames_until(
        d, [](const gui::Probe& p) { return p.notice.find("dropped") != std::string::npos; }));
    shot(d, "network_reconnecting_1280x720.png");
    dropped = true;
    serve = std::make_unique<Serve>(dir.path, args);
    EXPECT_FALSE(serve->seat_link().empty()) << read_text(dir.path / "serve.err");
    EXPECT_TRUE(frames_until(d, [](const gui::Probe& p) {
      return p.notice.find("again") != std::string::npos && p.human_to_act;
    })) << d.probe().notice;
  });
  EXPECT_TRUE(dropped);
  EXPECT_TRUE(d.probe().over);
  remote.reset();
  EXPECT_EQ(serve->wait(), 0) << read_text(dir.path / "serve.err");
  EXPECT_TRUE(replay_verifies(dir.path / "data" / "replay.jsonl"))
      << read_text(dir.path / "data" / "replay.jsonl.verify");
}

// Two people, each in a window of their own: the one not to act sees
// "Waiting for Player N" and no actions; the game ends in both.
TEST(GuiNetLink, TwoWindowsPlayTogetherEachWaitingForTheOther) {
  TempDir dir;
  Serve serve(
      dir.path,
      {"--listen", "127.0.0.1:0", "--seed", "7", "--replay", (dir.path / "game.jsonl").string()},
      "human,human");
  auto links = serve.seat_links(2);
  ASSERT_EQ(links.size(), 2u) << read_text(dir.path / "serve.err");
  std::vector<std::shared_ptr<gui::Remote>> remotes = {cli::join_remote(links[0]),
                                                       cli::join_remote(links[1])};
  gui::Driver one(window_on(remotes[0], 1280, 720)), two(window_on(remotes[1], 1280, 720));
  std::vector<gui::Driver*> ds = {&one, &two};
  int moves = 0, waited = 0;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (std::chrono::steady_clock::now() < deadline) {
    for (auto* d : ds) d->frames(1);
    gui::Probe p1 = one.probe(), p2 = two.probe();
    if (p1.over && p2.over) break;
    for (int k = 0; k < 2; ++k) {
      gui::Probe& me = k ? p2 : p1;
      gui::Probe& other = k ? p1 : p2;
      if (!me.human_to_act || other.steps != me.steps) continue;
      EXPECT_TRUE(other.actions.empty());
      if (drew(other, "Waiting for Player " + std::to_string(k + 1))) ++waited;
      if (moves == 3) shot(*ds[static_cast<size_t>(1 - k)], "network_waiting_1280x720.png");
      click_a_move(*ds[static_cast<size_t>(k)], me, moves++);
      ds[static_cast<size_t>(k)]->frames(1);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_TRUE(one.probe().over && two.probe().over);
  EXPECT_GT(moves, 3);
  EXPECT_GT(waited, moves / 2);  // each time both showed the same moment
  remotes.clear();
  EXPECT_EQ(serve.wait(), 0) << read_text(dir.path / "serve.err");
  EXPECT_TRUE(replay_verifies(dir.path / "game.jsonl"))
      << read_text(dir.path / "game.jsonl.verify");
}

// The next message of this type from a client seat ({} after 10 s).
nlohmann::json next_of(net::Client& c, const std::string& type) {
  for (int k = 0; k < 200; ++k) {
    auto m = c.receive(std::chrono::seconds(10));
    if (!m) return {};
    if ((*m)["type"] == type) return *m;
  }
  return {};
}

bool click_action(gui::Driver& d, const std::string& label) {
  gui::Probe p = d.probe();
  if (p.end_turn == label) return d.click_named("button:end-turn");
  auto it = std::find(p.actions.begin(), p.actions.end(), label);
  if (it == p.actions.end()) return false;
  return d.click_named("action:" + std::to_string(it - p.actions.begin() + 1));
}

// A network seat's window talks to the table and asks for undo, and
// answers the undo another seat asks for (docs/network.md): the window
// is seat 1, seat 2 a client of the protocol here.
TEST(GuiNetLink, TheWindowChatsAndAsksAndAnswersUndo) {
  TempDir dir;
  Serve serve(dir.path, {"--listen", "127.0.0.1:0", "--seed", "3", "--undo"}, "human,human",
              "tests/fixtures/tiny");
  auto links = serve.seat_links(2);
  ASSERT_EQ(links.size(), 2u) << read_text(dir.path / "serve.err");
  auto remote = cli::join_remote(links[0]);
  auto two = net::parse_link(links[1]);
  ASSERT_TRUE(two);
  net::Client b(two->host, two->port);
  b.send(net::hello_for(*two));
  gui::Driver d(window_on(remote, 1280, 720));
  ASSERT_TRUE(frames_until(d, [](const gui::Probe& p) { return p.human_to_act; }));
  ASSERT_NE(d.probe().find("button:undo"), nullptr) << "the host allows undo";

  // A chat line: opened by its button (T too), written, sent with Enter.
  ASSERT_TRUE(d.click_named("button:chat"));
  d.type("hello table \u2713");
  EXPECT_TRUE(drew(d.probe(), "hello table \u2713\u258f")) << "the line as written";
  shot(d, "network_chat_1280x720.png");
  d.key("return");
  auto said = next_of(b, "chat");
  EXPECT_EQ(said["text"], "hello table \u2713");
  EXPECT_EQ(said["from"], 1);
  auto hi = net::message("chat");
  hi["text"] = "hi there";
  b.send(hi);
  EXPECT_TRUE(frames_until(d, [](const gui::Probe& p) {
    return p.notice.find("Player 2: hi there") != std::string::npos;
  })) << d.probe().notice;
  // Escape closes a line unsent; the keys are the table's again.
  d.key("t");
  d.type("never sent");
  d.key("escape");
  EXPECT_FALSE(drew(d.probe(), "never sent\u258f"));

  // The window's seat moves, then asks to take it back: seat 2 accepts.
  ASSERT_TRUE(click_action(d, "Pass")) << "no Pass offered";
  ASSERT_EQ(next_of(b, "view")["view"]["actor"], 2);
  ASSERT_TRUE(d.click_named("button:undo"));
  EXPECT_EQ(next_of(b, "undo_asked")["seat"], 1);
  auto yes = net::message("undo_answer");
  yes["accept"] = true;
  b.send(yes);
  EXPECT_TRUE(frames_until(d, [](const gui::Probe& p) {
    return p.notice.find("took back") != std::string::npos && p.human_to_act;
  })) << d.probe().notice;

  // Seat 2 moves and asks: the window answers by its button, then by N.
  ASSERT_TRUE(frames_until(d, [](const gui::Probe& p) { return p.human_to_act; }));
  ASSERT_TRUE(click_action(d, "Pass"));
  auto v = next_of(b, "view");
  while (!v.is_null() && v["view"]["actor"] != 2) v = next_of(b, "view");
  ASSERT_FALSE(v.is_null());
  auto pass = net::message("act");
  for (const auto& a : v["view"]["actions"])
    if (a["label"] == "Pass") pass["id"] = a["index"];
  pass["seq"] = v["seq"];
  b.send(pass);
  b.send(net::message("undo"));
  ASSERT_TRUE(frames_until(d, [](const gui::Probe& p) { return p.find("button:undo_accept"); }))
      << d.probe().notice;
  EXPECT_TRUE(drew(d.probe(), "Player 2 asks to undo their last move"));
  shot(d, "network_undo_asked_1280x720.png");
  ASSERT_TRUE(d.click_named("button:undo_accept"));
  EXPECT_EQ(next_of(b, "undone")["seat"], 2);
  EXPECT_TRUE(frames_until(d, [](const gui::Probe& p) { return !p.find("button:undo_accept"); }));
  // Back to seat 2's turn: it passes and asks again; N refuses.
  v = next_of(b, "view");
  while (!v.is_null() && v["view"]["actor"] != 2) v = next_of(b, "view");
  ASSERT_FALSE(v.is_null());
  pass["seq"] = v["seq"];
  b.send(pass);
  b.send(net::message("undo"));
  ASSERT_TRUE(frames_until(d, [](const gui::Probe& p) { return p.find("button:undo_refuse"); }));
  d.key("n");
  EXPECT_EQ(next_of(b, "undo_refused")["by"], 1);
  EXPECT_TRUE(frames_until(d, [](const gui::Probe& p) { return !p.find("button:undo_refuse"); }));
  EXPECT_EQ(d.probe().screen, "table") << "N answered the undo, not the table";
}

TEST(GuiNetLink, AWrongTokenIsRefusedBeforeAnyWindowOpens) {
  TempDir dir;
  Serve serve(dir.path, {"--listen", "127.0.0.1:0"});
  std::string link = serve.seat_link();
  ASSERT_FALSE(link.empty());
  std::string bad = link.substr(0, link.find("token=") + 6) + std::string(32, '0');
  try {
    cli::join_remote(bad);
    FAIL() << "joined with a wrong token";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("no seat has that token"), std::string::npos) << e.what();
  }
  serve.kill(SIGTERM);
}

// A watcher's window: the public cards only, no actions, nothing to click.
TEST(GuiNetLink, AWatchersWindowShowsOnlyPublicCards) {
  TempDir dir;
  Serve serve(dir.path, {"--listen", "127.0.0.1:0", "--seed", "3"});
  std::string link = serve.line("ws://127.0.0.1:");
  ASSERT_FALSE(link.empty());
  link = link.substr(0, link.find('?')) + "?watch";
  gui::Driver d(window_on(cli::join_remote(link), 1280, 720));
  d.frames(2);
  gui::Probe p = d.probe();
  EXPECT_TRUE(p.actions.empty());
  EXPECT_FALSE(p.human_to_act);
  for (const auto& c : p.cards)
    if (c.zone == "hand:1" || c.zone == "hand:2") {
      EXPECT_FALSE(c.face_up) << c.zone;
    }
  serve.kill(SIGTERM);
}
