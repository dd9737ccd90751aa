// What several subcommands share: see shared.hpp.
#include "cli/shared.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <sstream>
#include <thread>

#include "engine/catalog.hpp"

namespace ratify::cli {

// --shard K/N: games with index % N == K.
void parse_shard(const std::string& text, int& k, int& n) {
  char slash = 0;
  std::istringstream in(text);
  if (!(in >> k >> slash >> n) || slash != '/' || n < 1 || k < 0 || k >= n || !in.eof())
    throw engine::InputError("--shard takes K/N with 0 <= K < N, e.g. 0/4");
}

// A command as it can be pasted into a shell: a word with anything but
// plain characters is quoted.
std::string command_line(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) {
    bool plain = !w.empty() && w.find_first_not_of(
                                   "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTU"
                                   "VWXYZ0123456789_-./=:,+@%") == std::string::npos;
    std::string q = "'";
    for (char ch : w) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    out += (out.empty() ? "" : " ") + (plain ? w : q + "'");
  }
  return out;
}

int default_threads(int asked) {
  if (asked > 0) return asked;
  unsigned hw = std::thread::hardware_concurrency();
  return hw ? static_cast<int>(hw) : 1;
}

// A progress bar on a terminal; silent otherwise (CI logs stay clean).
// On a terminal a bar redrawn in place; in a log (a cluster job, nohup) a
// plain line at each tenth, so a long run still shows it is alive. When
// games are slow (a second or more each: searching bots), the bots'
// decisions so far are shown too, and a log gets a line every half minute
// between its tenths: a run of a few long games is not silent for long.
std::function<void(int, int, int64_t)> sim_progress_bar(const std::string& what) {
  auto start = std::chrono::steady_clock::now();
  auto slow = [](double secs, int done) { return secs >= 2 && (done == 0 || secs / done >= 1); };
  auto decided = [](int64_t n) { return n > 0 ? ", " + std::to_string(n) + " decisions" : ""; };
  if (!isatty(STDERR_FILENO)) {
    auto tenths = std::make_shared<int>(0);
    auto said = std::make_shared<double>(0);
    return [=](int done, int total, int64_t decisions) {
      double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      int now = total ? 10 * done / total : 10;
      bool tenth = now > *tenths && done < total;
      bool alive = slow(secs, done) && done < total && secs - *said >= 30;
      if (!tenth && !alive) return;
      *tenths = std::max(*tenths, now);
      *said = secs;
      std::string left =
          done ? ", about " + std::to_string(static_cast<long>(secs * (total - done) / done)) +
                     "s left"
               : "";
      std::fprintf(stderr, "%s: %d/%d games%s after %.0fs%s\n", what.c_str(), done, total,
                   slow(secs, done) ? decided(decisions).c_str() : "", secs, left.c_str());
      std::fflush(stderr);
    };
  }
  return [=](int done, int total, int64_t decisions) {
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    int width = 30, fill = total ? width * done / total : width;
    double eta = done ? secs * (total - done) / done : 0;
    std::fprintf(stderr, "\r%s [%s%s] %d/%d%s  %.0fs left ", what.c_str(),
                 std::string(fill, '#').c_str(), std::string(width - fill, '.').c_str(), done,
                 total, slow(secs, done) ? decided(decisions).c_str() : "", eta);
    if (done >= total) std::fprintf(stderr, "\n");
    std::fflush(stderr);
  };
}

std::function<void(int, int)> progress_bar(const std::string& what) {
  auto bar = sim_progress_bar(what);
  return [bar](int done, int total) { bar(done, total, 0); };
}

}  // namespace ratify::cli
