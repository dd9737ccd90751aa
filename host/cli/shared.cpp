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
// plain line at each tenth, so a long run still shows it is alive.
std::function<void(int, int)> progress_bar(const std::string& what) {
  auto start = std::chrono::steady_clock::now();
  if (!isatty(STDERR_FILENO)) {
    auto tenths = std::make_shared<int>(0);
    return [what, start, tenths](int done, int total) {
      int now = total ? 10 * done / total : 10;
      if (now <= *tenths || done >= total) return;
      *tenths = now;
      double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::fprintf(stderr, "%s: %d/%d after %.0fs, about %.0fs left\n", what.c_str(), done, total,
                   secs, secs * (total - done) / done);
      std::fflush(stderr);
    };
  }
  return [what, start](int done, int total) {
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    int width = 30, fill = total ? width * done / total : width;
    double eta = done ? secs * (total - done) / done : 0;
    std::fprintf(stderr, "\r%s [%s%s] %d/%d  %.0fs left ", what.c_str(),
                 std::string(fill, '#').c_str(), std::string(width - fill, '.').c_str(), done,
                 total, eta);
    if (done >= total) std::fprintf(stderr, "\n");
    std::fflush(stderr);
  };
}

}  // namespace ratify::cli
