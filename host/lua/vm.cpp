// One Lua state under its limits: the memory it takes (the VM's cap and
// the run's), the time limit's hook, protected calls and their errors,
// and the files it runs. The sandbox it opens is vm_sandbox.cpp.
#include "lua/vm.hpp"
#include "lua/source_file.hpp"

#include <lua.hpp>

#ifdef RATIFY_MIMALLOC
#include <mimalloc.h>
#define RATIFY_REALLOC mi_realloc
#define RATIFY_FREE mi_free
#else
#define RATIFY_REALLOC std::realloc
#define RATIFY_FREE std::free
#endif

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include "core/files.hpp"
#include "lua/vm_internals.hpp"

namespace ratify::lua {

namespace {
// The run's memory cap and what all its VMs have taken of it. A VM takes
// its share in slices, so the common allocation touches no shared cache
// line (a thread per core allocates all the time); it gives a slice back
// only when two are unused, so a size near a boundary does not bounce.
std::atomic<size_t> run_cap{Limits{}.memory};
std::atomic<size_t> run_taken{0};
constexpr size_t kSlice = size_t(256) << 10;

std::string where(lua_State* L) {
  lua_Debug ar;
  for (int level = 0; lua_getstack(L, level, &ar); ++level) {
    lua_getinfo(L, "Sl", &ar);
    if (ar.currentline > 0)
      return source_file(ar.source, ar.short_src) + ":" + std::to_string(ar.currentline) + ": ";
  }
  return {};
}

// The deepest level of the stack. lua_getstack(L, n) walks n frames, so
// the depth is found by doubling and halving (as luaL_traceback does):
// a loop over every level costs the square of a deep recursion's depth.
int last_level(lua_State* L) {
  lua_Debug ar;
  int known = 0, beyond = 1;
  while (lua_getstack(L, beyond, &ar)) known = beyond, beyond *= 2;
  while (beyond - known > 1) {
    int mid = known + (beyond - known) / 2;
    if (lua_getstack(L, mid, &ar))
      known = mid;
    else
      beyond = mid;
  }
  return known;
}

// The outermost Lua function running ("file:line" of its definition): the
// ruleset's function a host call runs, whatever it has called since.
// Looked for from the bottom of the stack, where it is.
std::string outermost_function(lua_State* L) {
  lua_Debug ar;
  for (int level = last_level(L); level >= 0; --level) {
    if (!lua_getstack(L, level, &ar)) continue;
    lua_getinfo(L, "S", &ar);
    if (ar.what[0] == 'L')
      return source_file(ar.source, ar.short_src) + ":" + std::to_string(ar.linedefined);
  }
  return {};
}

// A function's name from the line that defines it ("function M.setup(g)",
// "setup = function(g)"), or "".
std::string name_on_line(const std::string& place) {
  auto colon = place.rfind(':');
  if (colon == std::string::npos) return {};
  std::ifstream f(place.substr(0, colon));
  int n = std::atoi(place.c_str() + colon + 1);
  std::string line;
  for (int k = 1; k <= n && std::getline(f, line); ++k) {
  }
  if (line.size() > 1000) return {};
  auto name_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  if (auto at = line.find("function "); at != std::string::npos) {
    size_t from = at + 9, to = from;
    while (to < line.size() && (name_char(line[to]) || line[to] == '.' || line[to] == ':')) ++to;
    if (to > from) return line.substr(from, to - from);
    size_t eq = line.rfind('=', at);
    if (eq == std::string::npos) return {};
    size_t end = eq;
    while (end > 0 && line[end - 1] == ' ') --end;
    size_t start = end;
    while (start > 0 && (name_char(line[start - 1]) || line[start - 1] == '.')) --start;
    return line.substr(start, end - start);
  }
  return {};
}
}  // namespace

std::string read_text(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  if (!f) return {};
  std::error_code ec;
  uintmax_t size = std::filesystem::file_size(p, ec);
  std::string out(ec ? kMaxChunk + 1 : std::min<uintmax_t>(size + 1, kMaxChunk + 1), '\0');
  f.read(out.data(), static_cast<std::streamsize>(out.size()));
  out.resize(static_cast<size_t>(f.gcount()));
  return out;
}

std::string too_long(const std::string& shown) {
  return shown + ": a file over " + std::to_string(kMaxChunk >> 20) +
         " MiB (the sandbox's limit for a chunk of Lua)";
}

void* Vm::Internals::alloc(void* ud, void* ptr, size_t osize, size_t nsize) {
  Vm* vm = static_cast<Vm*>(ud);
  if (ptr == nullptr) osize = 0;
  if (nsize == 0) {
    vm->used_ -= osize;
    RATIFY_FREE(ptr);
    vm->give_back(vm->used_ + vm->host_used_);
    return nullptr;
  }
  size_t grown = vm->used_ - osize + nsize, total = grown + vm->host_used_;
  bool over_vm = total > vm->limits_.memory;
  bool over_run = nsize > osize && !vm->reserve(total);
  if (nsize > osize && (over_vm || over_run)) {
    // Over the VM's cap or the run's: the hook, armed for the very next
    // instruction, raises the error where the script is (file:line).
    // Past a quarter more, refuse outright.
    if (!vm->memory_over_) vm->run_over_ = !over_vm;
    if (vm->depth_ > 0 && !vm->memory_over_) {
      vm->memory_over_ = true;
      lua_sethook(vm->L_, &hook, LUA_MASKCOUNT, 1);
    }
    size_t cap = run_cap.load(std::memory_order_relaxed);
    if (total > vm->limits_.memory + vm->limits_.memory / 4 ||
        run_taken.load(std::memory_order_relaxed) > cap + cap / 4) {
      if (vm->abort_.empty()) vm->abort_ = vm->memory_message();
      return nullptr;  // Lua raises a memory error; safe pcall re-raises it
    }
  }
  void* p = RATIFY_REALLOC(ptr, nsize);
  if (!p) return nullptr;
  vm->used_ = grown;
  if (nsize < osize) vm->give_back(total);
  return p;
}

// Armed only for a call that has run a watchdog tick (see watchdog.hpp),
// or at once when memory went over the cap.
void Vm::Internals::hook(lua_State* L, lua_Debug*) {
  Vm* vm = vm_of(L);
  if (vm->depth_ == 0) return;  // finalizers outside a host call
  if (vm->abort_.empty()) {
    if (vm->memory_over_) {
      vm->abort_ = where(L) + vm->memory_message();
    } else {
      WatchedCall& w = vm->watch_;
      if (w.armed_serial.load(std::memory_order_acquire) !=
          w.serial.load(std::memory_order_relaxed)) {
        lua_sethook(L, nullptr, 0, 0);  // armed for a call that has ended
        return;
      }
      if (!time_up(vm)) {
        // A call running long: which function, for check's warning.
        uint64_t serial = w.serial.load(std::memory_order_relaxed);
        if (vm->noted_serial_ != serial) {
          vm->noted_serial_ = serial;
          vm->noted_function_ = outermost_function(L);
        }
        return;
      }
      vm->abort_ = where(L) + time_message(vm);
    }
  }
  lua_pushstring(L, vm->abort_.c_str());
  lua_error(L);
}

// Whether the running call is past its deadline. Cheap while the
// watchdog has not armed the call (it has run less than a tick).
bool Vm::Internals::time_up(Vm* vm) {
  WatchedCall& w = vm->watch_;
  return w.armed_serial.load(std::memory_order_acquire) ==
             w.serial.load(std::memory_order_relaxed) &&
         watchdog::thread_cpu_ns() >= w.deadline.load(std::memory_order_relaxed);
}

std::string Vm::Internals::time_message(Vm* vm) {
  return "time limit exceeded (" + seconds_text(vm->call_seconds_) +
         " in one call: an endless loop?)";
}

// For the sandbox's C functions that may each run long (see
// check_budget in internal.hpp): raises a limit already hit.
void Vm::Internals::check(lua_State* L) {
  Vm* vm = vm_of(L);
  if (vm->depth_ == 0) return;
  if (vm->abort_.empty()) {
    if (vm->memory_over_)
      vm->abort_ = where(L) + vm->memory_message();
    else if (time_up(vm))
      vm->abort_ = where(L) + time_message(vm);
    else
      return;
  }
  lua_pushstring(L, vm->abort_.c_str());
  lua_error(L);
}

std::string Vm::Internals::seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g s", s);
  return buf;
}

int Vm::Internals::message_handler(lua_State* L) {
  Vm* vm = vm_of(L);
  const char* msg = lua_tostring(L, 1);
  if (!msg) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
    msg =
        lua_pushfstring(L, "%s(error object is a %s value)", where(L).c_str(), luaL_typename(L, 1));
  }
  luaL_traceback(L, L, nullptr, 1);
  vm->last_traceback_ = lua_tostring(L, -1);
  lua_pop(L, 1);
  // A message of hundreds of MB would be copied by the host several
  // times over: the start of it says what went wrong.
  size_t len = std::strlen(msg);
  if (len > kMessageLimit) {
    lua_pushlstring(L, msg, kMessageLimit);
    lua_pushfstring(L, "... (an error message of %I bytes, cut)", static_cast<lua_Integer>(len));
    lua_concat(L, 2);
  } else {
    lua_pushstring(L, msg);
  }
  return 1;
}

Vm::Vm(std::filesystem::path ruleset_dir, std::filesystem::path scripts_dir, Limits limits)
    : ruleset_dir_(std::move(ruleset_dir)), scripts_dir_(std::move(scripts_dir)), limits_(limits) {
  L_ = lua_newstate(&Internals::alloc, this);
  if (!L_) throw ScriptError("cannot create a Lua state");
  // Generational collection: a game makes many short-lived tables (action
  // lists, g.cards results, stand-ins) and few that last; random playouts
  // cost 5-9% less CPU and peak memory drops (docs/architecture.md).
  lua_gc(L_, LUA_GCGEN, 0, 0);
  *static_cast<Vm**>(lua_getextraspace(L_)) = this;
  open_sandbox();
  watch_.L = L_;
  watch_.hook = &Internals::hook;
  watchdog::watch(&watch_);
}

Vm::~Vm() {
  sample_lines(nullptr);  // a sampler left on would arm a hook in a closed state
  watchdog::unwatch(&watch_);
  if (L_) lua_close(L_);
  run_taken -= reserved_;
}

Vm& Vm::of(lua_State* L) {
  return *vm_of(L);
}

size_t Vm::run_memory_cap() {
  return run_cap.load(std::memory_order_relaxed);
}

void Vm::set_run_memory_cap(size_t bytes) {
  run_cap = bytes;
}

size_t Vm::run_memory_taken() {
  return run_taken.load(std::memory_order_relaxed);
}

// Every slice taken counts, even past the cap (the caller then raises the
// error): run_taken is always the sum of the VMs' shares.
bool Vm::reserve(size_t total) {
  if (total > reserved_) {
    size_t more = (total - reserved_ + kSlice - 1) / kSlice * kSlice;
    reserved_ += more;
    return run_taken.fetch_add(more, std::memory_order_relaxed) + more <=
           run_cap.load(std::memory_order_relaxed);
  }
  return run_taken.load(std::memory_order_relaxed) <= run_cap.load(std::memory_order_relaxed);
}

void Vm::give_back(size_t total) {
  if (reserved_ <= total + 2 * kSlice) return;
  size_t keep = (total / kSlice + 1) * kSlice;
  run_taken.fetch_sub(reserved_ - keep, std::memory_order_relaxed);
  reserved_ = keep;
}

bool Vm::charge(std::ptrdiff_t bytes) {
  host_used_ = static_cast<size_t>(static_cast<std::ptrdiff_t>(host_used_) + bytes);
  size_t total = used_ + host_used_;
  if (bytes < 0) give_back(total);
  return reserve(total) && total <= limits_.memory;
}

void check_budget(lua_State* L) {
  Vm::Internals::check(L);
}

std::string Vm::memory_message() const {
  size_t cap = run_memory_cap();
  if (run_over_)
    return "memory cap of " + std::to_string(cap >> 20) +
           " MiB exceeded (the run's: one cap for all its threads and games)";
  return "memory cap of " + std::to_string(limits_.memory >> 20) + " MiB exceeded";
}

std::string Vm::display_path(const std::filesystem::path& p) const {
  std::error_code ec;
  // The file itself is not resolved: a link is shown as itself, never as
  // where it points.
  auto abs = p.has_filename()
                 ? std::filesystem::weakly_canonical(p.parent_path(), ec) / p.filename()
                 : std::filesystem::weakly_canonical(p, ec);
  if (ec) return p.string();
  auto cwd = std::filesystem::current_path(ec);
  if (!ec) {
    auto rel = abs.lexically_relative(cwd);
    if (!rel.empty() && rel.native().rfind("..", 0) != 0) return rel.string();
  }
  return abs.string();
}

std::string Vm::outside(const std::filesystem::path& file) const {
  std::error_code ec;
  for (const auto& allowed : allowed_files_)
    if (std::filesystem::equivalent(file, allowed, ec)) return "";
  return core::outside_roots(file, {ruleset_dir_, scripts_dir_});
}

std::string Vm::module_file_of(const void* table) const {
  auto it = module_files_.find(table);
  return it == module_files_.end() ? std::string() : it->second;
}

void Vm::run_file(const std::filesystem::path& file, int nresults) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec))
    throw ScriptError(display_path(file) + ": no such file");
  // Named as given: the link's target is not shown.
  if (std::string why = outside(file); !why.empty())
    throw ScriptError(file.lexically_normal().string() + " " + why);
  std::string text = read_text(file), chunk = "@" + display_path(file);
  if (text.size() > kMaxChunk) throw ScriptError(too_long(display_path(file)));
  if (luaL_loadbufferx(L_, text.data(), text.size(), chunk.c_str(), "t") != LUA_OK) {
    std::string msg = lua_tostring(L_, -1) ? lua_tostring(L_, -1) : "load error";
    lua_pop(L_, 1);
    throw ScriptError(msg);
  }
  call(0, nresults);
}

void Vm::call(int nargs, int nresults, double seconds) {
  lua_State* L = L_;
  int base = lua_gettop(L) - nargs;
  lua_pushcfunction(L, &Internals::message_handler);
  lua_insert(L, base);
  if (depth_++ == 0) {
    call_seconds_ = seconds > 0 ? seconds : limits_.seconds;
    watch_.begin(static_cast<int64_t>(call_seconds_ * 1e9));
    abort_.clear();
    memory_over_ = false;
  }
  int rc = lua_pcall(L, nargs, nresults, base);
  if (--depth_ == 0) {
    in_rules.store(false, std::memory_order_relaxed);  // an error jumped past InRules
    callback = nullptr;
    note_long_call();
    watch_.end();
    if (memory_over_) lua_sethook(L, nullptr, 0, 0);
  }
  if (rc == LUA_OK) {
    lua_remove(L, base);
    return;
  }
  std::string msg = lua_tostring(L, -1) ? lua_tostring(L, -1) : "error";
  if (rc == LUA_ERRMEM) msg = abort_.empty() ? memory_message() : abort_;
  if (msg.find(".lua") == std::string::npos && !current_file_.empty())
    msg = current_file_ + ": " + msg;
  std::string tb = rc == LUA_ERRMEM ? std::string() : last_traceback_;
  lua_settop(L, base - 1);
  if (depth_ == 0) {
    abort_.clear();
    memory_over_ = false;
    lua_gc(L, LUA_GCCOLLECT);  // give back what a failed call left
  }
  throw ScriptError(msg, tb);
}

// Only a call the watchdog armed (one that ran a tick at least) reads the
// clock: its CPU time since the watchdog first saw it, a lower bound.
void Vm::note_long_call() {
  uint64_t serial = watch_.serial.load(std::memory_order_relaxed);
  if (watch_.armed_serial.load(std::memory_order_acquire) != serial) return;
  int64_t seen = watch_.deadline.load(std::memory_order_relaxed) -
                 watch_.limit_ns.load(std::memory_order_relaxed);
  double used = static_cast<double>(watchdog::thread_cpu_ns() - seen) / 1e9;
  if (used <= call_seconds_ / 4 || used <= slowest_seconds_) return;
  slowest_seconds_ = used;
  slowest_limit_ = call_seconds_;
  slowest_function_ = noted_serial_ == serial ? noted_function_ : "";
}

std::string Vm::slow_call_warning() const {
  if (slowest_seconds_ <= 0) return {};
  std::string name = slowest_function_.empty() ? "" : name_on_line(slowest_function_);
  std::string what = slowest_function_.empty() ? "a call"
                     : name.empty()            ? "the function at " + slowest_function_
                                               : name + " (" + slowest_function_ + ")";
  char buf[160];
  std::snprintf(buf, sizeof buf,
                " took %.2f s of CPU in one call, over a quarter of its %g s limit: a slower "
                "machine or a longer game may hit the limit",
                slowest_seconds_, slowest_limit_);
  return what + buf;
}

}  // namespace ratify::lua
