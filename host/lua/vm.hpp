#pragma once
// One sandboxed Lua state. Only host/lua includes lua.h; this header
// forward-declares lua_State so the engine can hold a Vm without it.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "lua/error.hpp"
#include "lua/watchdog.hpp"

struct lua_State;

namespace ratify::core {
struct LineProfile;
}

namespace ratify::lua {

class Match;

class Vm {
 public:
  Vm(std::filesystem::path ruleset_dir, std::filesystem::path scripts_dir, Limits limits = {});
  ~Vm();
  Vm(const Vm&) = delete;
  Vm& operator=(const Vm&) = delete;

  lua_State* state() const { return L_; }
  static Vm& of(lua_State* L);  // the VM a Lua state belongs to
  const std::filesystem::path& ruleset_dir() const { return ruleset_dir_; }
  const Limits& limits() const { return limits_; }
  size_t memory_used() const { return used_; }
  // Host memory held for the ruleset (a game's log, zones, ...), counted
  // against the same cap as Lua's own: the allocator sees both. Returns
  // false when the sum is over the cap (the caller raises the error).
  bool charge(std::ptrdiff_t bytes);
  size_t host_used() const { return host_used_; }
  // One memory cap for the whole process (a run), whatever its threads and
  // VMs: every VM's bytes, Lua's and the host's charged ones, count
  // against it as well as against the VM's own cap. Default: a VM's
  // default cap (1 GiB), so `--threads N` no longer takes N of them.
  static size_t run_memory_cap();
  static void set_run_memory_cap(size_t bytes);  // for tests
  static size_t run_memory_taken();              // all VMs' share now

  // Loads a text chunk from a file and runs it; leaves `nresults` values.
  void run_file(const std::filesystem::path& file, int nresults);
  // Calls the function below `nargs` arguments on the stack, protected,
  // under the time limit (`seconds`, or the VM's limit when 0) and the
  // memory cap. Throws ScriptError (stack restored).
  void call(int nargs, int nresults, double seconds = 0);
  // A path as shown in messages: relative to the working folder if below it.
  std::string display_path(const std::filesystem::path& p) const;
  // "" when `file` may be read: a regular file inside the ruleset's
  // folder or scripts/, links followed; else why not (core/files.hpp).
  std::string outside(const std::filesystem::path& file) const;
  // One more file outside those folders that may be run: a user's own
  // variant file (Rules::read_variant decides which), a test of it.
  void allow_file(const std::filesystem::path& file) { allowed_files_.push_back(file); }
  // The file a table was returned from by `require` (for messages), or "".
  std::string module_file_of(const void* table) const;

  // The entry file of the ruleset, named in errors that carry no place.
  std::string current_file_;
  std::string memory_message() const;

  // The match whose `math.random` and callbacks are running now.
  Match* current = nullptr;
  // The ruleset's function the host is calling ("actions", "apply"):
  // bench --by-line names the outermost function of a sample by it.
  const char* callback = nullptr;
  // Whether the rules' Lua runs now (a function of theirs the host
  // called, with all it calls), not the host's own work inside a
  // protected call (a restore's copy): bench --by-line counts a sample
  // that finds it false as the host's. Read from a signal handler.
  std::atomic<bool> in_rules{false};
  std::function<void(const std::string&)> print_sink;
  // Bytes print wrote in this game (a game's setup starts it again): past
  // kPrintLimit print says so once and then writes nothing.
  size_t printed = 0;
  static constexpr size_t kPrintLimit = size_t(1) << 20;

  // The longest call over a quarter of its limit, in CPU seconds, with the
  // Lua function it ran (its name and file:line) when it was seen running:
  // check warns of it ("" when no call ran that long).
  std::string slow_call_warning() const;

  // Sample where this VM's Lua spends its time into `profile` (bench
  // --by-line) until called again with nullptr. One VM at a time, on the
  // thread that runs it.
  void sample_lines(core::LineProfile* profile);

  // Sandbox internals, used by the C callbacks (vm_internals.hpp).
  struct Internals;
  friend struct Internals;

 private:
  void open_sandbox();
  lua_State* L_ = nullptr;
  std::filesystem::path ruleset_dir_, scripts_dir_;
  std::vector<std::filesystem::path> allowed_files_;
  Limits limits_;
  size_t used_ = 0;
  size_t host_used_ = 0;
  size_t reserved_ = 0;  // this VM's share of the run's cap (whole slices)
  // Takes slices of the run's cap up to `total` bytes (or gives back what
  // is well over it); false when the run is over its cap.
  bool reserve(size_t total);
  void give_back(size_t total);
  WatchedCall watch_;         // the time limit's watchdog entry
  double call_seconds_ = 0;   // the running outermost call's limit
  int depth_ = 0;             // nested host calls share one budget
  std::string abort_;         // set when a limit is hit; pcall cannot swallow it
  bool memory_over_ = false;  // over the memory cap: raise at the next check
  bool run_over_ = false;     // the cap met was the run's, not the VM's
  std::string last_traceback_;
  void note_long_call();
  double slowest_seconds_ = 0, slowest_limit_ = 0;
  std::string slowest_function_;  // "file:line" of its definition, or ""
  uint64_t noted_serial_ = 0;     // the long call whose function was noted
  std::string noted_function_;
  std::unordered_map<const void*, std::string> module_files_;
};

// RAII guard around a call of the rules' own functions (Vm::in_rules).
// A Lua error jumps past it: the outermost Vm::call clears the flag.
// `callback` names the function for bench --by-line (Vm::callback).
class InRules {
 public:
  InRules(Vm& vm, const char* callback)
      : vm_(vm), was_(vm.in_rules.load(std::memory_order_relaxed)), callback_(vm.callback) {
    vm.in_rules.store(true, std::memory_order_relaxed);
    vm.callback = callback;
  }
  ~InRules() {
    vm_.in_rules.store(was_, std::memory_order_relaxed);
    vm_.callback = callback_;
  }
  InRules(const InRules&) = delete;
  InRules& operator=(const InRules&) = delete;

 private:
  Vm& vm_;
  bool was_;
  const char* callback_;
};

// RAII guard that marks which match is running (math.random, print).
class Running {
 public:
  Running(Vm& vm, Match* m) : vm_(vm), prev_(vm.current) { vm.current = m; }
  ~Running() { vm_.current = prev_; }

 private:
  Vm& vm_;
  Match* prev_;
};

}  // namespace ratify::lua
