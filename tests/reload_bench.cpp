// Hot reload's save-to-frame latency, measured: a ruleset is copied, a
// game of it runs in the window (offscreen, real clock, a frame every
// 16 ms as `ratify play` waits for input), and each run appends a line to
// one of its files and times how long until the frame that shows the
// reloaded rules has been drawn. Once with inotify, once polling (the
// fallback), and the reload alone (load the rules, replay the game).
//
//   reload_bench [RULESET] [--runs N] [--actions K]
//
// Prints min / median / max in milliseconds. Timings are never asserted:
// CTest runs it with two runs only to keep it working.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/catalog.hpp"
#include "gui/driver.hpp"
#include "gui/session.hpp"

namespace fs = std::filesystem;
using namespace ratify;
using Clock = std::chrono::steady_clock;

namespace {

struct Args {
  std::string ruleset = "article2";
  int runs = 10, actions = 30;
};

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

void print(const char* what, std::vector<double> v) {
  std::sort(v.begin(), v.end());
  double median = v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
  std::printf("%-34s min %6.1f ms   median %6.1f ms   max %6.1f ms   (%zu runs)\n", what, v.front(),
              median, v.back(), v.size());
}

// The file a designer would edit: cards.lua when there is one.
fs::path edited_file(const fs::path& dir) {
  return fs::exists(dir / "cards.lua") ? dir / "cards.lua" : dir / "ruleset.lua";
}

void append_line(const fs::path& f, int k) {
  std::ofstream(f, std::ios::app) << "-- reload_bench edit " << k << "\n";
}

struct Copy {
  fs::path root, dir;
  explicit Copy(const std::string& ruleset) {
    root = fs::temp_directory_path() / ("ratify_reload_bench_" + std::to_string(::getpid()));
    fs::remove_all(root);
    fs::create_directories(root);
    auto src = engine::locate(ruleset).dir;
    dir = root / src.filename();
    fs::copy(src, dir, fs::copy_options::recursive);
  }
  ~Copy() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }
};

// Save to frame in the window. `method`: "inotify" or "poll".
std::vector<double> save_to_frame(const Args& a, const std::string& method, int& replayed,
                                  std::vector<double>* frame_times = nullptr) {
  if (method == "poll")
    setenv("RATIFY_WATCH", "poll", 1);
  else
    unsetenv("RATIFY_WATCH");
  Copy copy(a.ruleset);
  gui::WindowOptions o;
  o.ruleset = copy.dir.string();
  o.seed = 5;
  o.seed_given = true;
  auto loaded = engine::Loaded::open(o.ruleset);
  int players = std::clamp(2, loaded->meta().min_players, loaded->meta().max_players);
  o.seats.assign(players, "random");
  gui::Driver d(o, 0);
  d.frames(1);
  d.play_bots(a.actions);
  d.key("space");  // bots paused: every run replays the same game
  d.frames(2);
  replayed = d.probe().steps;
  std::vector<double> out;
  for (int f = 0; frame_times && f < 20; ++f) {
    auto t0 = Clock::now();
    d.frames(1);
    frame_times->push_back(ms_since(t0));
  }
  fs::path file = edited_file(copy.dir);
  for (int k = 0; k < a.runs; ++k) {
    // Quiet frames first, as a window idles between edits.
    for (int f = 0; f < 20; ++f) {
      std::this_thread::sleep_for(std::chrono::milliseconds(16));
      d.frames(1);
    }
    int before = d.probe().reloads;
    append_line(file, k);
    auto t0 = Clock::now();
    double took = -1;
    while (ms_since(t0) < 5000) {
      std::this_thread::sleep_for(std::chrono::milliseconds(16));  // SDL_WaitEventTimeout
      d.frames(1);
      double t = ms_since(t0);
      if (d.probe().reloads > before) {
        took = t;
        break;
      }
    }
    if (took < 0) {
      std::fprintf(stderr, "reload_bench: no reload within 5 s (%s)\n", method.c_str());
      std::exit(1);
    }
    out.push_back(took);
  }
  unsetenv("RATIFY_WATCH");
  return out;
}

// The reload itself: load the rules again and replay the game.
std::vector<double> reload_alone(const Args& a) {
  Copy copy(a.ruleset);
  gui::GameSettings s;
  s.loaded = engine::Loaded::open(copy.dir.string());
  s.options = s.loaded->options({});
  s.players = std::clamp(2, s.loaded->meta().min_players, s.loaded->meta().max_players);
  s.seats.assign(s.players, "random");
  s.seed = 5;
  gui::Session session(s);
  for (int k = 0; k < a.actions && session.actor(); ++k) session.bot_move();
  std::vector<double> out;
  for (int k = 0; k < a.runs; ++k) {
    auto t0 = Clock::now();
    auto r = session.reload_now();
    out.push_back(ms_since(t0));
    if (r.kind != gui::ReloadReport::Adopted && r.kind != gui::ReloadReport::Changed) {
      std::fprintf(stderr, "reload_bench: the reload failed: %s\n", r.message.c_str());
      std::exit(1);
    }
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc)
      a.runs = std::max(1, std::atoi(argv[++i]));
    else if (arg == "--actions" && i + 1 < argc)
      a.actions = std::max(0, std::atoi(argv[++i]));
    else if (!arg.empty() && arg[0] != '-')
      a.ruleset = arg;
    else {
      std::fprintf(stderr, "usage: reload_bench [RULESET] [--runs N] [--actions K]\n");
      return 2;
    }
  }
  try {
    int replayed = 0;
    std::vector<double> frame;
    auto notified = save_to_frame(a, "inotify", replayed, &frame);
    auto polled = save_to_frame(a, "poll", replayed);
    auto alone = reload_alone(a);
    std::printf("hot reload of %s, %d actions replayed, 1280x720 offscreen, a frame every 16 ms\n",
                a.ruleset.c_str(), replayed);
    print("one frame (update and draw):", frame);
    print("save to frame, inotify (Linux):", notified);
    print("save to frame, polling (fallback):", polled);
    print("reload alone (load + replay):", alone);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "reload_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
