#include "lua/watchdog.hpp"

#include <lua.hpp>

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace ratify::lua {

namespace watchdog {

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

int64_t cpu_ns(clockid_t clock) {
  timespec t{};
  if (clock_gettime(clock, &t) != 0) return 0;  // a thread gone: no time passes
  return static_cast<int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

int64_t thread_cpu_ns() {
  return cpu_ns(CLOCK_THREAD_CPUTIME_ID);
}

namespace {

// A call seen at two looks a tick apart with the same serial has run for a
// tick at least: arm its hook with the deadline counted in its thread's
// CPU time from the first look (so a call is never stopped before its
// limit, at most a tick of CPU after).
void look_at(WatchedCall& w) {
  if (!w.running.load(std::memory_order_acquire)) return;
  int64_t now = cpu_ns(w.cpu_clock.load(std::memory_order_relaxed));
  uint64_t serial = w.serial.load(std::memory_order_relaxed);
  if (serial != w.seen_serial) {
    w.seen_serial = serial;
    w.seen_since = now;
    return;
  }
  if (w.armed_serial.load(std::memory_order_relaxed) == serial) return;
  w.deadline.store(w.seen_since + w.limit_ns.load(std::memory_order_relaxed),
                   std::memory_order_relaxed);
  w.armed_serial.store(serial, std::memory_order_release);
  lua_sethook(w.L, w.hook, LUA_MASKCOUNT, kArmedEvery);
}

class Registry {
 public:
  ~Registry() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
  }

  void add(WatchedCall* w) {
    std::lock_guard<std::mutex> lock(mutex_);
    calls_.push_back(w);
    if (!thread_.joinable()) thread_ = std::thread([this] { loop(); });
  }

  void remove(WatchedCall* w) {
    std::lock_guard<std::mutex> lock(mutex_);
    calls_.erase(std::remove(calls_.begin(), calls_.end(), w), calls_.end());
  }

 private:
  void loop() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stop_) {
      wake_.wait_for(lock, kTick);
      for (WatchedCall* w : calls_) look_at(*w);
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<WatchedCall*> calls_;
  std::thread thread_;
  bool stop_ = false;
};

// Never destroyed: a VM may outlive static destruction at exit, and the
// thread then just ends with the process.
Registry& registry() {
  static Registry* r = new Registry;
  return *r;
}

}  // namespace

void watch(WatchedCall* w) {
  registry().add(w);
}

void unwatch(WatchedCall* w) {
  registry().remove(w);
}

}  // namespace watchdog

void WatchedCall::end() {
  running.store(false, std::memory_order_release);
  if (armed_serial.load(std::memory_order_acquire) == serial.load(std::memory_order_relaxed))
    lua_sethook(L, nullptr, 0, 0);
}

}  // namespace ratify::lua
