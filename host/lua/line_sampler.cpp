// `ratify bench --by-line`: where a ruleset's Lua spends its time, by
// sampling. A timer on the thread's CPU clock sends SIGPROF at a steady
// rate; the handler only arms a count hook for the next Lua instruction
// (lua_sethook is safe from a signal: it only sets fields, as lua.c's
// Ctrl-C handler relies on), and the hook, on the VM's own thread, reads
// the stack. A hook left on would trace every instruction (watchdog.hpp):
// this one is on for one instruction a sample. A sample that finds no
// function of the rules running (Vm::in_rules) is the host's own work,
// between the calls or inside one (a restore's copy). A g.* call is no
// Lua instruction, so its time lands on the line that called it, which
// is where a designer would change it.
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include <lua.hpp>

#include <atomic>
#include <cstring>
#include <stdexcept>
#include <string>
#include <unordered_set>

#include "core/line_profile.hpp"
#include "lua/source_file.hpp"
#include "lua/vm.hpp"
#include "lua/vm_internals.hpp"

namespace ratify::lua {

namespace {

// One VM sampled at a time, in the process (bench runs on one thread).
std::atomic<lua_State*> sampled{nullptr};
std::atomic<Vm*> sampled_vm{nullptr};
std::atomic<int64_t> host_samples{0};
constexpr int kDeepest = 100;  // levels of the stack a sample reads
core::LineProfile* into = nullptr;
timer_t timer;
struct sigaction before;

void on_tick(int) {
  lua_State* L = sampled.load(std::memory_order_relaxed);
  Vm* vm = sampled_vm.load(std::memory_order_relaxed);
  if (!L || !vm) return;
  if (!vm->in_rules.load(std::memory_order_relaxed)) {
    host_samples.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  lua_sethook(L, &Vm::Internals::take_sample, LUA_MASKCOUNT, 1);
}

std::string place(const lua_Debug& ar, int line) {
  return source_file(ar.source, ar.short_src) + ":" + std::to_string(line);
}

}  // namespace

void Vm::Internals::take_sample(lua_State* L, lua_Debug*) {
  // The VM's own hook comes back as the watchdog arms it: it stays if the
  // watchdog armed it for this call (a time limit), and otherwise removes
  // itself at its first check. (Every instruction would be traced with a
  // count of 1, and a long call would run into its time limit.)
  lua_sethook(L, &Vm::Internals::hook, LUA_MASKCOUNT, kArmedEvery);
  if (!into) return;
  ++into->samples;
  std::unordered_set<std::string> lines, functions;  // each counted once a sample
  lua_Debug ar;
  bool running = true;
  std::string outermost;
  // The innermost levels only: lua_getstack walks the stack from the top
  // each time, so a whole deep recursion would cost its depth squared.
  for (int level = 0; level < kDeepest && lua_getstack(L, level, &ar); ++level) {
    lua_getinfo(L, "Sln", &ar);
    if (ar.currentline <= 0) continue;  // a C function (g.*, the library)
    std::string line = place(ar, ar.currentline), fn = place(ar, ar.linedefined);
    if (ar.name && std::strcmp(ar.name, "?") != 0 && !into->names.count(fn))
      into->names[fn] = ar.name;
    if (!into->function_of.count(line)) into->function_of[line] = fn;
    if (running) ++into->lines[line].own, ++into->functions[fn].own;
    running = false;
    if (lines.insert(line).second) ++into->lines[line].total;
    if (functions.insert(fn).second) ++into->functions[fn].total;
    outermost = fn;
  }
  // The host calls the outermost one, and Lua has no name for it.
  Vm* vm = vm_of(L);
  if (!outermost.empty() && vm->callback && !into->names.count(outermost))
    into->names[outermost] = vm->callback;
}

void Vm::sample_lines(core::LineProfile* profile) {
  if (profile) {
    if (sampled.load()) throw std::logic_error("sample_lines: one VM at a time");
    sigevent ev{};
    ev.sigev_notify = SIGEV_THREAD_ID;
    ev.sigev_signo = SIGPROF;
    ev._sigev_un._tid = gettid();  // this thread's CPU time, to this thread
    if (timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &timer) != 0)
      throw std::runtime_error("bench --by-line: no CPU-time timer on this system");
    into = profile;
    host_samples = 0;
    sampled_vm = this;
    sampled = L_;
    struct sigaction act {};
    act.sa_handler = &on_tick;
    act.sa_flags = SA_RESTART;
    sigemptyset(&act.sa_mask);
    sigaction(SIGPROF, &act, &before);
    long ns = static_cast<long>(profile->every_us) * 1000;
    itimerspec every{{ns / 1000000000, ns % 1000000000}, {ns / 1000000000, ns % 1000000000}};
    timer_settime(timer, 0, &every, nullptr);
    return;
  }
  if (sampled.load() != L_) return;
  timer_delete(timer);
  sigaction(SIGPROF, &before, nullptr);
  sampled = nullptr;
  sampled_vm = nullptr;
  into->outside += host_samples.load();
  into = nullptr;
}

}  // namespace ratify::lua
