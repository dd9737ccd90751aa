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

namespace {

constexpr int kArmedEvery = 1000;  // instructions between checks once armed

// A call seen at two looks a tick apart with the same serial has run for a
// tick at least: arm its hook with the deadline counted from the first look
// (so a call is never stopped before its limit, at most a tick after).
void look_at(WatchedCall& w, int64_t now) {
  if (!w.running.load(std::memory_order_acquire)) return;
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
      int64_t now = now_ns();
      for (WatchedCall* w : calls_) look_at(*w, now);
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
