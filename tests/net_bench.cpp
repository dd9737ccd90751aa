// The network load benchmark (issue 24): G games of a ruleset at once on
// ONE lobby server (`ratify serve` without a ruleset: one io thread for
// every game), in a process of its own, and a random-bot client per seat
// on loopback, every client on one asio io_context in this process (no
// thread per client). Each game's first client creates it in the lobby
// and takes seat 1; the others take the free seats. Prints actions per
// second, the time from an action sent to the next view received (p50,
// p99) and the server's resident memory per game.
// Usage: net_bench [GAMES] [RULESET] [PLAYERS] [DATA_DIR] (the server
// journals every game there, as `serve --data`). Not a test: timings are
// never asserted (docs/network.md has the numbers).
#include <sys/wait.h>
#include <unistd.h>

#include <utility>  // before Boost.Asio, which uses std::exchange

#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "net/protocol.hpp"
#include "net/server.hpp"

using namespace ratify;
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

long resident_kib(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return 0;
}

// The CPU seconds a process has used (user and system).
double cpu_seconds(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  std::istringstream rest(text.substr(text.rfind(')') + 2));
  std::string field;
  double ticks = 0;
  for (int k = 3; k <= 15 && rest >> field; ++k)
    if (k == 14 || k == 15) ticks += std::stod(field);  // utime, stime
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

struct Bench {
  asio::io_context io{1};
  tcp::endpoint server;
  std::string ruleset;
  int players = 2;
  std::vector<double> waits;  // microseconds, act to next view
  int seated = 0, finished = 0, errors = 0;
  Clock::time_point all_seated;
  void start_seat(int game, bool creator, const std::string& id);
};

// One seat's client: creates or joins its game through the lobby, then
// acts at random whenever offered.
class Seat : public std::enable_shared_from_this<Seat> {
 public:
  Seat(Bench& b, int game, bool creator, std::string id)
      : b_(b),
        ws_(b.io),
        creator_(creator),
        game_(std::move(id)),
        rng_(static_cast<uint64_t>(game) * 16 + (creator ? 1 : 2)),
        index_(game) {}

  void start() {
    ws_.next_layer().async_connect(b_.server, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return self->fail("connect", ec);
      beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true));
      self->ws_.read_message_max(64u << 20);
      self->ws_.async_handshake("127.0.0.1", "/", [self](beast::error_code ec2) {
        if (ec2) return self->fail("handshake", ec2);
        self->read();
        if (self->creator_) {
          auto c = net::message("create");
          c["ruleset"] = self->b_.ruleset;
          c["seats"] = std::vector<std::string>(static_cast<size_t>(self->b_.players), "human");
          self->send(c);
        } else {
          self->join();
        }
      });
    });
  }

 private:
  void fail(const char* what, beast::error_code ec) {
    ++b_.errors;
    std::fprintf(stderr, "game %d: %s: %s\n", index_, what, ec.message().c_str());
  }
  void join() {
    auto j = net::message("join");
    j["game"] = game_;
    send(j);
  }
  void send(const nlohmann::json& j) {
    out_.push_back(j.dump());
    if (out_.size() == 1) write();
  }
  void write() {
    ws_.text(true);
    ws_.async_write(asio::buffer(out_.front()),
                    [self = shared_from_this()](beast::error_code ec, size_t) {
                      if (ec) return self->fail("write", ec);
                      self->out_.pop_front();
                      if (!self->out_.empty()) self->write();
                    });
  }
  void read() {
    ws_.async_read(buf_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) {
        if (!self->over_) self->fail("read", ec);
        return;
      }
      auto m = nlohmann::json::parse(beast::buffers_to_string(self->buf_.data()));
      self->buf_.consume(self->buf_.size());
      if (self->received(m)) self->read();
    });
  }
  // False once the game is over.
  bool received(const nlohmann::json& m) {
    const std::string& type = m["type"].get_ref<const std::string&>();
    if (type == "created") {
      game_ = m["game"];
      join();
      for (int p = 2; p <= b_.players; ++p) b_.start_seat(index_, false, game_);
    } else if (type == "seat") {
      auto h = net::message("hello");
      h["token"] = m["token"];
      send(h);
    } else if (type == "welcome") {
      seat_ = m["seat"];
      if (++b_.seated == static_cast<int>(b_.waits.capacity())) b_.all_seated = Clock::now();
    } else if (type == "view") {
      int64_t seq = m["seq"];
      if (waiting_for_ >= 0 && seq >= waiting_for_) {
        b_.waits.push_back(std::chrono::duration<double, std::micro>(Clock::now() - sent_).count());
        waiting_for_ = -1;
      }
      const auto& acts = m["view"]["actions"];
      if (m["view"]["actor"] != seat_ || acts.empty()) return true;
      auto act = net::message("act");
      act["id"] = acts[rng_.below(static_cast<uint32_t>(acts.size()))]["index"];
      act["seq"] = seq;
      sent_ = Clock::now();
      waiting_for_ = seq + 1;
      send(act);
    } else if (type == "result") {
      over_ = true;
      ++b_.finished;
      beast::error_code ec;
      beast::get_lowest_layer(ws_).socket().close(ec);
      return false;
    } else if (type == "error") {
      ++b_.errors;
      std::fprintf(stderr, "game %d: %s\n", index_, m.dump().c_str());
    }
    return true;
  }

  Bench& b_;
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buf_;
  std::deque<std::string> out_;
  bool creator_, over_ = false;
  std::string game_;
  core::Rng rng_;
  int index_, seat_ = 0;
  Clock::time_point sent_;
  int64_t waiting_for_ = -1;
};

void Bench::start_seat(int game, bool creator, const std::string& id) {
  std::make_shared<Seat>(*this, game, creator, id)->start();
}

// The server: a lobby in a process of its own (its memory is its own),
// with limits wide enough for every game from this one address.
pid_t start_server(int games, const std::string& data_dir, int& port) {
  int fds[2];
  if (pipe(fds) != 0) return -1;
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    net::LobbyOptions o;
    o.linger_seconds = 1;
    o.limits.games = games;
    o.limits.games_per_address = games;
    o.limits.connections_per_address = games * 8;
    o.data_dir = data_dir;  // "": no journal
    net::Lobby lobby(o);
    int p = lobby.port();
    if (write(fds[1], &p, sizeof p) != sizeof p) _exit(1);
    close(fds[1]);
    lobby.run();
    _exit(0);
  }
  close(fds[1]);
  if (read(fds[0], &port, sizeof port) != sizeof port) return -1;
  close(fds[0]);
  return pid;
}

}  // namespace

int main(int argc, char** argv) {
  int games = argc > 1 ? std::stoi(argv[1]) : 200;
  std::string ruleset = argc > 2 ? argv[2] : "article2";
  int players = argc > 3 ? std::stoi(argv[3]) : 2;
  // A folder (emptied first): every game journaled there, as `serve --data`.
  std::string data_dir = argc > 4 ? argv[4] : "";
  if (!data_dir.empty()) std::filesystem::remove_all(data_dir);
  int port = 0;
  pid_t server = start_server(games, data_dir, port);
  if (server < 0) {
    std::fprintf(stderr, "net_bench: the server did not start\n");
    return 1;
  }
  long idle = resident_kib(server);
  double cpu_before = cpu_seconds(server);
  Bench b;
  b.server = tcp::endpoint(asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port));
  b.ruleset = ruleset;
  b.players = players;
  b.waits.reserve(static_cast<size_t>(games * players));  // capacity: the seats to seat
  long seated_kib = 0, peak = 0;
  // The server's memory, sampled as it goes.
  asio::steady_timer sample(b.io);
  std::function<void()> tick = [&] {
    long now = resident_kib(server);
    peak = std::max(peak, now);
    if (b.seated == games * players && seated_kib == 0) seated_kib = now;
    if (b.finished + b.errors >= games * players) return;
    sample.expires_after(std::chrono::milliseconds(20));
    sample.async_wait([&](beast::error_code ec) {
      if (!ec) tick();
    });
  };
  auto t0 = Clock::now();
  for (int g = 0; g < games; ++g) b.start_seat(g, true, "");
  tick();
  b.io.run();
  double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  double server_cpu = cpu_seconds(server) - cpu_before;
  double load = 0;
  std::ifstream("/proc/loadavg") >> load;
  kill(server, SIGTERM);
  waitpid(server, nullptr, 0);
  auto& all = b.waits;
  std::sort(all.begin(), all.end());
  auto pct = [&](double q) {
    return all.empty() ? 0 : all[static_cast<size_t>(q * static_cast<double>(all.size() - 1))];
  };
  std::printf("%d games of %s, %d players, one lobby server on loopback; clients on one thread\n",
              games, ruleset.c_str(), players);
  std::printf("games finished: %d of %d seats; errors: %d\n", b.finished, games * players,
              b.errors);
  std::printf("actions: %zu in %.2f s = %.0f actions/s\n", all.size(), seconds,
              static_cast<double>(all.size()) / seconds);
  std::printf("server CPU: %.2f s (%.0f us an action); client CPU: %.2f s; load average %.1f\n",
              server_cpu, 1e6 * server_cpu / static_cast<double>(std::max<size_t>(all.size(), 1)),
              static_cast<double>(clock()) / CLOCKS_PER_SEC, load);
  std::printf("act -> next view: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", pct(0.5) / 1000,
              pct(0.99) / 1000, all.empty() ? 0 : all.back() / 1000);
  std::printf(
      "server memory: %ld KiB idle; %.0f KiB per game when every seat had joined, %.0f KiB per "
      "game at peak\n",
      idle, static_cast<double>(seated_kib - idle) / games,
      static_cast<double>(peak - idle) / games);
  return b.errors ? 1 : 0;
}
