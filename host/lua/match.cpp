#include "lua/match.hpp"
#include "lua/source_file.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <utility>

#include "core/replay.hpp"
#include "lua/internal.hpp"
#include "lua/ruleset.hpp"
#include "lua/wrap.hpp"

namespace ratify::lua {

namespace {
constexpr size_t kCheckpointEvery = 64;  // actions between transaction checkpoints
}

Snapshot::Snapshot(Snapshot&& o) noexcept {
  *this = std::move(o);
}

Snapshot& Snapshot::operator=(Snapshot&& o) noexcept {
  if (this != &o) {
    if (vm_ && state_ref_ != -1) luaL_unref(vm_->state(), LUA_REGISTRYINDEX, state_ref_);
    if (vm_ && actions_ref_ != -1) luaL_unref(vm_->state(), LUA_REGISTRYINDEX, actions_ref_);
    if (vm_) drop_plan();
    plan_ = std::move(o.plan_);
    plan_bytes_ = std::exchange(o.plan_bytes_, 0);
    restores_ = o.restores_;
    vm_ = o.vm_;
    state_ref_ = o.state_ref_;
    actions_ref_ = o.actions_ref_;
    actions_n_ = o.actions_n_;
    keys_ = std::move(o.keys_);
    keys_known_ = o.keys_known_;
    table_ = std::move(o.table_);
    rng_ = o.rng_;
    log_size_ = o.log_size_;
    log_bytes_ = o.log_bytes_;
    world_ = o.world_;
    shown_seed_ = o.shown_seed_;
    id_ = o.id_;
    o.vm_ = nullptr;
    o.state_ref_ = -1;
    o.actions_ref_ = -1;
  }
  return *this;
}

void Snapshot::drop_plan() const {
  plan_.release(vm_->state());
  vm_->charge(-static_cast<std::ptrdiff_t>(plan_bytes_));
  plan_bytes_ = 0;
}

Snapshot::~Snapshot() {
  if (vm_) drop_plan();
  if (vm_ && state_ref_ != -1) luaL_unref(vm_->state(), LUA_REGISTRYINDEX, state_ref_);
  if (vm_ && actions_ref_ != -1) luaL_unref(vm_->state(), LUA_REGISTRYINDEX, actions_ref_);
}

Match::Match(Rules& rules, int players, uint64_t seed, const core::OptionValues& options)
    : rules_(rules),
      vm_(rules.vm()),
      table_(rules.shared_defs(), players),
      rng_(seed),
      seed_(seed),
      shown_seed_(seed),
      options_(options) {
  protect(vm_, [&](lua_State* L) {
    token_ = static_cast<Match**>(lua_newuserdatauv(L, sizeof(Match*), 0));
    *token_ = this;
    lua_pushvalue(L, -1);
    token_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
    push_context(L, *this, -1);
    g_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  });
}

Match::~Match() {
  vm_.charge(-static_cast<std::ptrdiff_t>(log_bytes_));
  lua_State* L = vm_.state();
  if (token_) *token_ = nullptr;
  for (int ref : journal_) luaL_unref(L, LUA_REGISTRYINDEX, ref);
  for (int ref : {g_ref_, actions_ref_, token_ref_})
    if (ref != -1) luaL_unref(L, LUA_REGISTRYINDEX, ref);
}

void Match::call_fn(lua_State* L, int nargs, int nresults, CallProfile::Fn fn) {
  InRules rules(vm_, CallProfile::name(fn));
  if (!profile_) {
    lua_call(L, nargs, nresults);
    return;
  }
  auto start = std::chrono::steady_clock::now();
  lua_call(L, nargs, nresults);
  profile_->ns[fn] +=
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start)
          .count();
  ++profile_->calls[fn];
}

bool Match::actions_have_labels() {
  ensure_actions();
  bool found = false;
  protect(vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, actions_ref_);
    for (int i = 1; i <= actions_n_ && !found; ++i) {
      push_action(L, lua_gettop(L), i);
      found = lua_getfield(L, -1, "label") != LUA_TNIL;
      lua_pop(L, 2);
    }
  });
  return found;
}

void Match::after_shuffle(int zone) {
  const std::string& name = table_.zone(zone).name;
  for (auto it = stacks_.begin(); it != stacks_.end(); ++it) {
    if (it->first != name) continue;
    const auto& cards = it->second;
    for (auto c = cards.rbegin(); c != cards.rend(); ++c) table_.move(*c, zone);
    stacks_.erase(it);
    touch();
    return;
  }
}

std::vector<std::string> Match::unused_stacks() const {
  std::vector<std::string> out;
  for (const auto& s : stacks_) out.push_back(s.first);
  return out;
}

void Match::set_logging(bool on) {
  logging_ = on;
  protect(vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    lua_pushboolean(L, on);
    lua_setfield(L, -2, "logging");
  });
}

void Match::push_fn(const char* name) {
  lua_State* L = vm_.state();
  lua_rawgeti(L, LUA_REGISTRYINDEX, rules_.module_ref());
  lua_getfield(L, -1, name);
  lua_remove(L, -2);
}

// "file:line: " where the ruleset's function `fn` is defined: data a
// function returns has no line of its own, so a refusal names the function.
static std::string defined_at(lua_State* L, int module_ref, const char* fn) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, module_ref);
  lua_getfield(L, -1, fn);
  lua_Debug ar;
  std::string out;
  if (lua_isfunction(L, -1) && lua_getinfo(L, ">S", &ar)) {  // pops the function
    out = source_file(ar.source, ar.short_src) + ":" + std::to_string(ar.linedefined) + ": ";
    lua_pop(L, 1);
  } else {
    lua_pop(L, 2);
  }
  return out;
}

static void check_state(lua_State* L, int g_ref, const char* after, int module_ref) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref);
  lua_getfield(L, -1, "state");
  std::string bad = check_plain(L, -1, "g.state");
  lua_pop(L, 2);
  if (bad.empty()) return;
  bad = defined_at(L, module_ref, after) + "after " + after + ": " + bad;
  raise_text(L, bad);
}

// What a line costs beyond its text (std::string, the vector's slot).
constexpr size_t kLineOverhead = 48;

bool Match::charge_log(size_t len) {
  auto bytes = static_cast<std::ptrdiff_t>(len + kLineOverhead);
  if (!vm_.charge(bytes)) {
    vm_.charge(-bytes);
    return false;
  }
  log_bytes_ += static_cast<size_t>(bytes);
  return true;
}

std::vector<std::string> Match::log_for(int seat) const {
  std::vector<std::string> lines;
  for (size_t k = 0; k < log_.size(); ++k)
    if (log_to_[k] == 0 || (seat > 0 && (log_to_[k] >> seat) & 1u)) lines.push_back(log_[k]);
  return lines;
}

void Match::setup() {
  vm_.printed = 0;  // print's limit is per game
  Running run(vm_, this);
  protect(vm_, [&](lua_State* L) {
    push_fn("setup");
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    call_fn(L, 1, 0, CallProfile::Setup);
    check_state(L, g_ref_, "setup", rules_.module_ref());
  });
  touch();
}

void Match::reset(uint64_t seed) {
  reset_transaction();
  table_ = core::Table(rules_.shared_defs(), players());
  rng_ = core::Rng(seed);
  seed_ = shown_seed_ = seed;
  world_ = 0;
  log_.clear();
  log_to_.clear();
  vm_.charge(-static_cast<std::ptrdiff_t>(log_bytes_));
  log_bytes_ = 0;
  protect(vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    lua_pushinteger(L, static_cast<lua_Integer>(seed));
    lua_setfield(L, -2, "seed");
    lua_newtable(L);
    lua_setfield(L, -2, "state");
  });
  touch();
}

int Match::actor() {
  if (actor_version_ == version_) return actor_;
  Running run(vm_, this);
  int out = 0;
  protect(vm_, [&](lua_State* L) {
    push_fn("actor");
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    call_fn(L, 1, 1, CallProfile::Actor);
    if (lua_isnil(L, -1)) return;
    lua_Integer p = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 0;
    if (p < 1 || p > players())
      luaL_error(L, "%s: actor(g) must return a player 1..%d or nil, got %s",
                 rules_.meta().id.c_str(), players(), luaL_tolstring(L, -1, nullptr));
    out = static_cast<int>(p);
  });
  actor_ = out, actor_version_ = version_;
  return out;
}

void Match::ensure_actions() {
  if (actions_version_ == version_ && actions_ref_ != -1) return;
  Running run(vm_, this);
  protect(vm_, [&](lua_State* L) {
    push_fn("actions");
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    call_fn(L, 1, 1, CallProfile::Actions);
    const char* id = rules_.meta().id.c_str();
    if (!lua_istable(L, -1))
      luaL_error(L, "%s: actions(g) must return a list of action tables, got a %s", id,
                 luaL_typename(L, -1));
    lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
    if (n > kMaxActions)
      luaL_error(L,
                 "%s: actions(g) returned %I actions (the sandbox's limit is %I at one decision)",
                 id, n, static_cast<lua_Integer>(kMaxActions));
    // A lean game checks an item where it is used (push_action): checking
    // every item at every decision was 2% of a random playout.
    if (strict_) {
      int list = lua_gettop(L);
      for (lua_Integer i = 1; i <= n; ++i) {
        push_action(L, list, static_cast<int>(i));
        std::string bad = check_plain(L, -1, "action " + std::to_string(i));
        if (!bad.empty()) {
          bad = defined_at(L, rules_.module_ref(), "actions") + id + ": actions(g): " + bad;
          raise_text(L, bad);
        }
        lua_pop(L, 1);
      }
    }
    // The list takes the old one's registry slot: a fresh reference at
    // every decision cost 1% of a random playout.
    if (actions_ref_ != -1)
      lua_rawseti(L, LUA_REGISTRYINDEX, actions_ref_);
    else
      actions_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
    actions_n_ = static_cast<int>(n);
  });
  actions_version_ = version_;
}

void Match::push_action(lua_State* L, int list, int i) {
  if (lua_rawgeti(L, list, i) != LUA_TTABLE)
    luaL_error(L, "%s: actions(g) must return a list of action tables; item %d is a %s",
               rules_.meta().id.c_str(), i, luaL_typename(L, -1));
}

int Match::action_count() {
  ensure_actions();
  return actions_n_;
}

static void check_index(int i, int n) {
  if (i < 0 || i >= n)
    throw ScriptError("no action " + std::to_string(i + 1) + " (there are " + std::to_string(n) +
                      ")");
}

// The `card` and `cards` fields of the action table at index a, in order;
// the stack as it was.
static void push_action_cards(lua_State* L, int a, std::vector<int>& cards) {
  lua_getfield(L, a, "card");
  if (lua_isinteger(L, -1)) cards.push_back(static_cast<int>(lua_tointeger(L, -1)));
  lua_getfield(L, a, "cards");
  if (lua_istable(L, -1))
    for (lua_Integer k = 1; lua_rawgeti(L, -1, k) == LUA_TNUMBER; ++k, lua_pop(L, 1))
      cards.push_back(static_cast<int>(lua_tointeger(L, -1)));
  lua_settop(L, a);
}

std::vector<int> Match::action_cards(int i) {
  ensure_actions();
  check_index(i, actions_n_);
  std::vector<int> cards;
  Running run(vm_, this);
  protect(vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, actions_ref_);
    push_action(L, lua_gettop(L), i + 1);
    push_action_cards(L, lua_gettop(L), cards);
  });
  return cards;
}

ActionInfo Match::action_info(int i) {
  ensure_actions();
  check_index(i, actions_n_);
  ActionInfo info;
  Running run(vm_, this);
  protect(vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, actions_ref_);
    push_action(L, lua_gettop(L), i + 1);
    int a = lua_gettop(L);
    lua_getfield(L, a, "label");
    if (lua_type(L, -1) == LUA_TSTRING) info.label = lua_tostring(L, -1);
    lua_pop(L, 1);
    if (info.label.empty() && rules_.meta().has_describe) {
      push_fn("describe");
      lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
      lua_pushvalue(L, a);
      call_fn(L, 2, 1, CallProfile::Describe);
      if (lua_type(L, -1) == LUA_TSTRING) info.label = lua_tostring(L, -1);
      lua_pop(L, 1);
    }
    if (!valid_utf8(info.label.data(), info.label.size()))
      throw ScriptError(defined_at(L, rules_.module_ref(), "actions") + rules_.meta().id +
                        ": the label of action " + std::to_string(i + 1) +
                        " is not valid UTF-8 text");
    if (info.label.empty()) info.label = to_json(L, a).dump();
    push_action_cards(L, a, info.cards);
    lua_getfield(L, a, "target");
    if (lua_isinteger(L, -1)) info.target = static_cast<int>(lua_tointeger(L, -1));
    lua_getfield(L, a, "zone");
    if (lua_type(L, -1) == LUA_TSTRING) info.zone = lua_tostring(L, -1);
  });
  return info;
}

nlohmann::json Match::action_json(int i) {
  ensure_actions();
  check_index(i, actions_n_);
  nlohmann::json out;
  protect(vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, actions_ref_);
    push_action(L, lua_gettop(L), i + 1);
    out = to_json(L, -1);
  });
  if (out.is_object()) out.erase("label");
  return out;
}

namespace {

uint64_t mixed(uint64_t a, uint64_t b) {
  core::Hasher h;
  h.add(a);
  h.add(b);
  return h.value();
}

// A string's key: one multiply per 8 bytes, then a finish that spreads
// every bit (action fields are mostly short names, hashed by the
// hundred per iteration).
uint64_t text_key(const char* s, size_t len) {
  uint64_t h = 0x9e3779b97f4a7c15ULL ^ (len * 0xff51afd7ed558ccdULL), w;
  size_t i = 0;
  for (; i + 8 <= len; i += 8) {
    std::memcpy(&w, s + i, 8);
    h = (h ^ w) * 0xc4ceb9fe1a85ec53ULL;
  }
  w = 0;
  std::memcpy(&w, s + i, len - i);
  h = (h ^ w) * 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  return h ^ (h >> 29);
}

}  // namespace

// The key of a value as plain data: equal data, equal keys. A table's
// fields are summed, each pair hashed on its own, so the order lua_next
// walks them in does not matter and nothing is sorted or allocated (a
// search takes the keys of every position it passes: hash_value's sorted
// copy of the keys was half of an mcts iteration). Also what a search's
// observations hash g.state by.
uint64_t data_key(lua_State* L, int idx, int depth) {
  int t = lua_type(L, idx);
  switch (t) {
    case LUA_TBOOLEAN:
      return mixed(static_cast<uint64_t>(t), static_cast<uint64_t>(lua_toboolean(L, idx)));
    case LUA_TNUMBER: {
      if (lua_isinteger(L, idx))
        return mixed(static_cast<uint64_t>(t), static_cast<uint64_t>(lua_tointeger(L, idx)));
      core::Hasher h;
      h.add(static_cast<uint64_t>(t) << 8);
      h.add_double(lua_tonumber(L, idx));
      return h.value();
    }
    case LUA_TSTRING: {
      size_t len;
      const char* s = lua_tolstring(L, idx, &len);
      return text_key(s, len);
    }
    case LUA_TTABLE:
      break;
    default:
      return mixed(static_cast<uint64_t>(t), 0);
  }
  if (depth > 100 || !lua_checkstack(L, 4)) throw ScriptError("data nested too deep (a cycle?)");
  idx = lua_absindex(L, idx);
  uint64_t sum = 0, count = 0;
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    uint64_t value = data_key(L, -1, depth + 1);
    lua_pop(L, 1);
    sum += mixed(data_key(L, -1, depth + 1), value);
    ++count;
  }
  return mixed(mixed(static_cast<uint64_t>(t), count), sum);
}

std::vector<uint64_t> Match::action_keys() {
  ensure_actions();
  if (keys_version_ == version_) return keys_;
  std::vector<uint64_t> keys(static_cast<size_t>(actions_n_));
  protect(vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, actions_ref_);
    int list = lua_gettop(L);
    for (int i = 0; i < actions_n_; ++i) {
      push_action(L, list, i + 1);
      keys[static_cast<size_t>(i)] = data_key(L, -1, 0);
      lua_pop(L, 1);
    }
  });
  keys_ = keys;
  keys_version_ = version_;
  return keys;
}

int Match::find_action(const nlohmann::json& action) {
  int n = action_count();
  for (int i = 0; i < n; ++i)
    if (action_json(i) == action) return i;
  return -1;
}

void Match::set_transactions(bool on) {
  transactions_ = on;
  if (!on) reset_transaction();
}

void Match::apply_raw(int action_ref) {
  Running run(vm_, this);
  protect(vm_, [&](lua_State* L) {
    push_fn("apply");
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    lua_rawgeti(L, LUA_REGISTRYINDEX, action_ref);
    if (note_cards_) {
      applied_cards_.clear();
      push_action_cards(L, lua_gettop(L), applied_cards_);
    }
    push_frozen(L, -1);  // apply cannot change it (frozen.cpp)
    lua_remove(L, -2);
    call_fn(L, 2, 0, CallProfile::Apply);
    if (strict_) check_state(L, g_ref_, "apply", rules_.module_ref());
  });
  touch();
}

void Match::checkpoint() {
  reset_transaction();
  checkpoint_ = snapshot();
}

void Match::apply(int i) {
  if (!transactions_) {
    apply_untracked(i);
    return;
  }
  ensure_actions();
  check_index(i, actions_n_);
  if (checkpoint_.empty() || journal_.size() >= kCheckpointEvery) checkpoint();
  protect(vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, actions_ref_);
    push_action(L, lua_gettop(L), i + 1);
    push_copy(L, -1);  // actions(g) may reuse its tables later: the journal keeps its own
    journal_.push_back(luaL_ref(L, LUA_REGISTRYINDEX));
  });
  try {
    apply_raw(journal_.back());
  } catch (const ScriptError&) {
    // Back to exactly before: the checkpoint, then the actions since.
    luaL_unref(vm_.state(), LUA_REGISTRYINDEX, journal_.back());
    journal_.pop_back();
    restore_state(checkpoint_);
    for (int ref : journal_) apply_raw(ref);
    throw;
  }
}

void Match::apply_untracked(int i) {
  ensure_actions();
  check_index(i, actions_n_);
  if (!journal_.empty() || !checkpoint_.empty())
    reset_transaction();  // the journal no longer describes this match
  Running run(vm_, this);
  protect(vm_, [&](lua_State* L) {
    push_fn("apply");
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    lua_rawgeti(L, LUA_REGISTRYINDEX, actions_ref_);
    push_action(L, lua_gettop(L), i + 1);
    if (note_cards_) {
      applied_cards_.clear();
      push_action_cards(L, lua_gettop(L), applied_cards_);
    }
    push_frozen(L, -1);  // apply cannot change it (frozen.cpp)
    lua_replace(L, -3);
    lua_pop(L, 1);
    call_fn(L, 2, 0, CallProfile::Apply);
    if (strict_) check_state(L, g_ref_, "apply", rules_.module_ref());
  });
  touch();
}

std::optional<Result> Match::result() {
  Running run(vm_, this);
  std::optional<Result> out;
  protect(vm_, [&](lua_State* L) {
    push_fn("result");
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    call_fn(L, 1, 1, CallProfile::Result);
    if (lua_isnil(L, -1)) return;
    const char* id = rules_.meta().id.c_str();
    if (!lua_istable(L, -1))
      luaL_error(L, "%s: result(g) must return nil or { winners = {...}, scores = {...} }", id);
    // Filled in place: a C++ local would leak if Lua raised below.
    Result& r = out.emplace();
    int t = lua_gettop(L);
    lua_getfield(L, t, "winners");
    if (lua_istable(L, -1)) {
      for (lua_Integer k = 1; lua_rawgeti(L, -1, k) != LUA_TNIL; ++k) {
        lua_Integer p = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 0;
        if (p < 1 || p > players())
          luaL_error(L, "%s: result(g).winners[%d] is not a player", id, static_cast<int>(k));
        // Twice would count as a shared win (winners = {1, 1}).
        if (std::find(r.winners.begin(), r.winners.end(), p) != r.winners.end())
          luaL_error(L, "%s: result(g).winners[%d] names player %d again", id, static_cast<int>(k),
                     static_cast<int>(p));
        r.winners.push_back(static_cast<int>(p));
        lua_pop(L, 1);
      }
    }
    lua_settop(L, t);
    lua_getfield(L, t, "scores");
    if (lua_istable(L, -1)) {
      for (lua_Integer k = 1; k <= players(); ++k) {
        lua_rawgeti(L, -1, k);
        r.scores.push_back(lua_isnumber(L, -1) ? lua_tonumber(L, -1) : 0.0);
        lua_pop(L, 1);
        if (!std::isfinite(r.scores.back())) {
          std::string bad = defined_at(L, rules_.module_ref(), "result") + id +
                            ": result(g).scores[" + std::to_string(k) + "] is not a finite number";
          r = Result();
          raise_text(L, bad);
        }
      }
    }
    lua_settop(L, t);
    lua_getfield(L, t, "text");
    if (lua_type(L, -1) == LUA_TSTRING) r.text = lua_tostring(L, -1);
  });
  return out;
}

void Match::sample_lines(core::LineProfile* p) {
  vm_.sample_lines(p);
}

}  // namespace ratify::lua
