// The network load benchmark (issue 24): G games of a ruleset at once on
// loopback, each a `ratify serve` server (its own io thread and VM, as
// `serve` runs one game) with a random-bot client per seat in a thread of
// its own. Prints actions per second, the time from an action sent to the
// next view received (p50, p99) and the resident memory per game.
// Usage: net_bench [GAMES] [RULESET] [PLAYERS]. Not a test: timings are
// never asserted (docs/network.md has the numbers).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/game.hpp"
#include "net/client.hpp"
#include "net/server.hpp"

using namespace ratify;
using Clock = std::chrono::steady_clock;

namespace {

long resident_kib() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return 0;
}

// One seat: act at random whenever offered; the time from each act to the
// view that follows it goes into `waits` (microseconds).
void play_seat(const std::string& link_text, uint64_t seed, std::vector<double>& waits) {
  auto link = *net::parse_link(link_text);
  net::Client c(link.host, link.port);
  c.send(net::hello_for(link));
  core::Rng rng(seed);
  int seat = 0;
  Clock::time_point sent;
  int64_t waiting_for = -1;
  for (;;) {
    auto m = c.receive(std::chrono::seconds(60));
    if (!m || (*m)["type"] == "result") return;
    if ((*m)["type"] == "welcome") seat = (*m)["seat"];
    if ((*m)["type"] != "view") continue;
    int64_t seq = (*m)["seq"];
    if (waiting_for >= 0 && seq >= waiting_for) {
      waits.push_back(std::chrono::duration<double, std::micro>(Clock::now() - sent).count());
      waiting_for = -1;
    }
    const auto& acts = (*m)["view"]["actions"];
    if ((*m)["view"]["actor"] != seat || acts.empty()) continue;
    auto act = net::message("act");
    act["id"] = acts[rng.below(static_cast<uint32_t>(acts.size()))]["index"];
    act["seq"] = seq;
    sent = Clock::now();
    waiting_for = seq + 1;
    c.send(act);
  }
}

}  // namespace

int main(int argc, char** argv) {
  int games = argc > 1 ? std::stoi(argv[1]) : 200;
  std::string ruleset = argc > 2 ? argv[2] : "article2";
  int players = argc > 3 ? std::stoi(argv[3]) : 2;
  long before = resident_kib();
  std::vector<std::unique_ptr<net::Server>> servers;
  for (int g = 0; g < games; ++g) {
    auto loaded = engine::Loaded::open(ruleset);
    net::ServerOptions o;
    o.seats.assign(static_cast<size_t>(players), "human");
    o.seed = 1000 + static_cast<uint64_t>(g);
    o.options = loaded->options({});
    o.linger_seconds = 1;
    servers.push_back(std::make_unique<net::Server>(loaded, o));
  }
  long loaded_kib = resident_kib();
  std::vector<std::thread> threads;
  for (auto& s : servers) threads.emplace_back([&s] { s->run(); });
  std::vector<std::vector<double>> waits(static_cast<size_t>(games * players));
  auto t0 = Clock::now();
  std::vector<std::thread> clients;
  for (int g = 0; g < games; ++g) {
    auto links = servers[static_cast<size_t>(g)]->seat_links();
    for (int p = 0; p < players; ++p)
      clients.emplace_back(play_seat, links[static_cast<size_t>(p)],
                           static_cast<uint64_t>(g * 16 + p),
                           std::ref(waits[static_cast<size_t>(g * players + p)]));
  }
  long peak = 0;
  for (auto& c : clients) {
    c.join();
    peak = std::max(peak, resident_kib());
  }
  double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  for (auto& t : threads) t.join();
  std::vector<double> all;
  for (const auto& w : waits) all.insert(all.end(), w.begin(), w.end());
  std::sort(all.begin(), all.end());
  auto pct = [&](double q) {
    return all.empty() ? 0 : all[static_cast<size_t>(q * (all.size() - 1))];
  };
  std::printf("%d games of %s, %d players, on loopback\n", games, ruleset.c_str(), players);
  std::printf("actions: %zu in %.2f s = %.0f actions/s\n", all.size(), seconds,
              all.size() / seconds);
  std::printf("act -> next view: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", pct(0.5) / 1000,
              pct(0.99) / 1000, all.empty() ? 0 : all.back() / 1000);
  std::printf(
      "memory: %.0f KiB per game loaded (server, VM, game), %.0f KiB per game at peak "
      "(clients' threads included)\n",
      double(loaded_kib - before) / games, double(peak - before) / games);
  return 0;
}
