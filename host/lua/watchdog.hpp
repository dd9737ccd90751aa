#pragma once
// The time budget of host calls without a per-instruction hook.
//
// In Lua 5.4 any count hook makes the interpreter trace every instruction,
// whatever the count: about a fifth of a ruleset's time. So calls run with
// no hook at all, and one watchdog thread per process looks at every VM a
// few times a tick. A call it finds running for a whole tick gets the count
// hook armed from the watchdog thread (lua_sethook may be called from
// another thread or a signal: it only sets fields, as lua.c's Ctrl-C
// handler relies on). From then on the hook, in the VM's own thread, stops
// the call at its deadline with file:line, and a pcall cannot swallow that.
// A call that ends disarms the hook; the common path pays two relaxed
// atomic stores per call.
// The hook counts Lua instructions only: a C function runs none, so the
// library functions that could run long bound their work before they
// start and check the deadline on entry (check_budget, sandbox_lib.cpp);
// finalizers (hooks off) are refused by the sandbox's setmetatable.
// Limits count the CPU time of the VM's thread, not wall time: a process
// stopped for a while (SIGSTOP, a laptop's lid) or a loaded machine never
// makes a call look long, and a run is not lost to it.
#include <pthread.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <ctime>

struct lua_State;
struct lua_Debug;

namespace ratify::lua {

// Lua instructions between the hook's checks once a call is armed.
inline constexpr int kArmedEvery = 1000;

// What the watchdog knows of one VM. The VM's thread writes `serial`,
// `running` and `limit_ns`; the watchdog writes `armed_serial` and
// `deadline` (then arms the hook, which reads them).
struct WatchedCall {
  lua_State* L = nullptr;
  void (*hook)(lua_State*, lua_Debug*) = nullptr;
  std::atomic<uint64_t> serial{0};        // counts outermost calls
  std::atomic<bool> running{false};       // inside an outermost call now
  std::atomic<int64_t> limit_ns{0};       // the running call's time limit
  std::atomic<uint64_t> armed_serial{0};  // the call the hook was armed for
  std::atomic<int64_t> deadline{0};       // the thread's CPU time (ns) of that call's end
  std::atomic<clockid_t> cpu_clock{CLOCK_THREAD_CPUTIME_ID};  // of the thread running it

  // The VM's thread, around each outermost call.
  void begin(int64_t limit) {
    static thread_local const clockid_t mine = own_cpu_clock();
    if (cpu_clock.load(std::memory_order_relaxed) != mine)
      cpu_clock.store(mine, std::memory_order_relaxed);
    if (limit_ns.load(std::memory_order_relaxed) != limit)
      limit_ns.store(limit, std::memory_order_relaxed);
    serial.store(serial.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    running.store(true, std::memory_order_release);
  }
  void end();  // disarms the hook if it was armed for this call
  static clockid_t own_cpu_clock() {
    clockid_t c = CLOCK_THREAD_CPUTIME_ID;
    pthread_getcpuclockid(pthread_self(), &c);
    return c;
  }

  // The watchdog's own notes (only its thread touches them).
  uint64_t seen_serial = 0;
  int64_t seen_since = 0;
};

namespace watchdog {
// How often the watchdog looks; a call is armed after running this long,
// and stopped at most this much (of its thread's CPU time) after its limit.
constexpr std::chrono::milliseconds kTick{10};

void watch(WatchedCall* w);       // from the VM's constructor
void unwatch(WatchedCall* w);     // from its destructor: never looked at again
int64_t now_ns();                 // wall (steady) time
int64_t cpu_ns(clockid_t clock);  // CPU time of a thread, by its clock
int64_t thread_cpu_ns();          // CPU time of the calling thread
}  // namespace watchdog

}  // namespace ratify::lua
