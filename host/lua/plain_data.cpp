// Plain data: strings, numbers, booleans and tables of those, keyed by
// strings or integers, without cycles or shared subtables. g.state and
// actions are plain, which is what makes save, hash, clone and replay
// generic.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>
#include <unordered_set>
#include <variant>

#include "core/utf8.hpp"
#include "lua/internal.hpp"

namespace ratify::lua {

namespace {
constexpr int kMaxDepth = 100;

// Plain data is a tree. A table reached twice (a cycle, or a subtable
// shared by two places) is refused by every walker the first time it is
// met again: walked as a tree, {t, t} nested 50 deep is 2^50 tables.
const char* kSharedTable =
    "a table appears twice in the data (a cycle or a shared subtable): plain data is a tree";

using Seen = std::unordered_set<const void*>;
void mark_once(lua_State* L, int idx, Seen& seen) {
  if (!seen.insert(lua_topointer(L, idx)).second) throw ScriptError(kSharedTable);
}

std::string key_text(lua_State* L, int idx) {
  if (lua_type(L, idx) == LUA_TSTRING) return std::string(".") + lua_tostring(L, idx);
  if (lua_isinteger(L, idx)) return "[" + std::to_string(lua_tointeger(L, idx)) + "]";
  return std::string("[") + luaL_typename(L, idx) + "]";
}

// Why a string or number at idx cannot be kept, or "": text is UTF-8
// (JSON, replays and the window need it), numbers are finite (NaN is not
// equal to itself: a replay with it could never verify).
std::string check_scalar(lua_State* L, int idx, const std::string& path) {
  if (lua_type(L, idx) == LUA_TSTRING) {
    size_t n;
    const char* s = lua_tolstring(L, idx, &n);
    return valid_utf8(s, n) ? std::string() : path + " is not valid UTF-8 text";
  }
  if (lua_type(L, idx) == LUA_TNUMBER && !lua_isinteger(L, idx) &&
      !std::isfinite(lua_tonumber(L, idx)))
    return path + " is " + (std::isnan(lua_tonumber(L, idx)) ? "NaN" : "infinite") +
           " (numbers must be finite)";
  return {};
}

std::string check_rec(lua_State* L, int idx, const std::string& path,
                      std::unordered_set<const void*>& seen, int depth) {
  switch (lua_type(L, idx)) {
    case LUA_TNIL:
    case LUA_TBOOLEAN:
      return {};
    case LUA_TSTRING:
    case LUA_TNUMBER:
      return check_scalar(L, idx, path);
    case LUA_TTABLE:
      break;
    default:
      return path + " is a " + luaL_typename(L, idx) + " (only plain data may be kept)";
  }
  if (depth > kMaxDepth) return path + " is nested deeper than " + std::to_string(kMaxDepth);
  if (!seen.insert(lua_topointer(L, idx)).second)
    return path + " is a table that appears twice (a cycle or a shared subtable)";
  if (lua_getmetatable(L, idx)) {
    bool tripwire = is_tripwire(L, lua_gettop(L));  // a secret, in a bot's world
    lua_pop(L, 1);
    if (!tripwire) return path + " has a metatable";
  }
  idx = lua_absindex(L, idx);
  luaL_checkstack(L, 4, "state nested too deep");
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    int kt = lua_type(L, -2);
    if (kt != LUA_TSTRING && !(kt == LUA_TNUMBER && lua_isinteger(L, -2))) {
      std::string bad =
          path + " has a key of type " + luaL_typename(L, -2) + " (keys are strings or integers)";
      lua_pop(L, 2);
      return bad;
    }
    if (kt == LUA_TSTRING) {
      size_t n;
      const char* k = lua_tolstring(L, -2, &n);
      std::string bad = std::memchr(k, 0, n) ? " has a key with a NUL byte"
                        : valid_utf8(k, n)   ? ""
                                             : " has a key that is not valid UTF-8 text";
      if (!bad.empty()) {
        lua_pop(L, 2);
        return path + bad;
      }
    }
    std::string sub = check_rec(L, -1, path + key_text(L, -2), seen, depth + 1);
    lua_pop(L, 1);
    if (!sub.empty()) {
      lua_pop(L, 1);
      return sub;
    }
  }
  return {};
}

// Keys of a table in a canonical order: integers ascending, then strings.
using Key = std::variant<lua_Integer, std::string>;
std::vector<Key> sorted_keys(lua_State* L, int idx) {
  std::vector<Key> keys;
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TSTRING)
      keys.emplace_back(std::string(lua_tostring(L, -1)));
    else if (lua_isinteger(L, -1))
      keys.emplace_back(lua_tointeger(L, -1));
    else
      throw ScriptError(std::string("a key of type ") + luaL_typename(L, -1) + " cannot be saved");
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

void push_key(lua_State* L, const Key& k) {
  if (auto i = std::get_if<lua_Integer>(&k))
    lua_pushinteger(L, *i);
  else
    lua_pushstring(L, std::get<std::string>(k).c_str());
}

// The sequence 1..n with nothing else: a JSON array.
lua_Integer sequence_length(lua_State* L, int idx) {
  lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, idx));
  if (n == 0) return 0;
  lua_Integer count = 0;
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    lua_pop(L, 1);
    ++count;
    if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 || lua_tointeger(L, -1) > n) {
      lua_pop(L, 1);
      return 0;
    }
  }
  return count == n ? n : 0;
}

// Throws ScriptError, never a Lua error: the vectors of keys and the JSON
// built so far are C++ objects a long jump would leak (fuzz_ruleset found
// it). Every caller runs inside protect, which turns it into a Lua error.
nlohmann::json to_json_rec(lua_State* L, int idx, int depth, Seen& seen) {
  switch (lua_type(L, idx)) {
    case LUA_TNIL:
      return nullptr;
    case LUA_TBOOLEAN:
      return static_cast<bool>(lua_toboolean(L, idx));
    case LUA_TNUMBER:
      if (lua_isinteger(L, idx)) return static_cast<int64_t>(lua_tointeger(L, idx));
      return lua_tonumber(L, idx);
    case LUA_TSTRING: {
      size_t len;
      const char* s = lua_tolstring(L, idx, &len);
      return std::string(s, len);
    }
    case LUA_TTABLE:
      break;
    default:
      throw ScriptError(std::string("a ") + luaL_typename(L, idx) + " cannot be saved");
  }
  if (depth > kMaxDepth || !lua_checkstack(L, 4))
    throw ScriptError("data nested too deep (a cycle?)");
  mark_once(L, idx, seen);
  idx = lua_absindex(L, idx);
  if (lua_Integer n = sequence_length(L, idx)) {
    auto arr = nlohmann::json::array();
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, idx, i);
      arr.push_back(to_json_rec(L, -1, depth + 1, seen));
      lua_pop(L, 1);
    }
    return arr;
  }
  auto obj = nlohmann::json::object();
  for (const Key& k : sorted_keys(L, idx)) {
    push_key(L, k);
    lua_rawget(L, idx);
    // Integer keys are written "#n"; a string key starting with '#' gets one more.
    std::string name =
        std::holds_alternative<lua_Integer>(k)
            ? "#" + std::to_string(std::get<lua_Integer>(k))
            : (std::get<std::string>(k).rfind('#', 0) == 0 ? "#" : "") + std::get<std::string>(k);
    obj[name] = to_json_rec(L, -1, depth + 1, seen);
    lua_pop(L, 1);
  }
  return obj;
}

void hash_rec(lua_State* L, int idx, core::Hasher& h, int depth, Seen& seen) {
  int t = lua_type(L, idx);
  h.add(static_cast<uint64_t>(t));
  switch (t) {
    case LUA_TBOOLEAN:
      h.add(static_cast<uint64_t>(lua_toboolean(L, idx)));
      return;
    case LUA_TNUMBER:
      if (lua_isinteger(L, idx))
        h.add(static_cast<uint64_t>(lua_tointeger(L, idx)));
      else
        h.add_double(lua_tonumber(L, idx));
      return;
    case LUA_TSTRING: {
      size_t len;
      const char* s = lua_tolstring(L, idx, &len);
      h.add(std::string_view(s, len));
      return;
    }
    case LUA_TTABLE:
      break;
    default:
      return;
  }
  // Throws, as to_json_rec does: the keys of outer tables are alive here.
  if (depth > kMaxDepth || !lua_checkstack(L, 4))
    throw ScriptError("data nested too deep (a cycle?)");
  mark_once(L, idx, seen);
  idx = lua_absindex(L, idx);
  auto keys = sorted_keys(L, idx);
  h.add(static_cast<uint64_t>(keys.size()));
  for (const Key& k : keys) {
    push_key(L, k);
    hash_rec(L, -1, h, depth + 1, seen);
    lua_rawget(L, idx);
    hash_rec(L, -1, h, depth + 1, seen);
    lua_pop(L, 1);
  }
}

// `met`: the tables this copy has met, to refuse one met twice (a shared
// or cyclic table would come out as two). A set of addresses kept per
// thread and emptied per copy, not a Lua table: a search copies g.state at
// every restore, and growing a fresh Lua table of every subtable was a
// quarter of the copy's cost. luaL_error jumps over these frames, which
// hold nothing to destroy.
void copy_rec(lua_State* L, int idx, int depth, Seen& met) {
  if (lua_type(L, idx) != LUA_TTABLE) {
    lua_pushvalue(L, idx);
    return;
  }
  if (depth > kMaxDepth) luaL_error(L, "data nested too deep (a cycle?)");
  idx = lua_absindex(L, idx);
  luaL_checkstack(L, 6, "data nested too deep");
  if (!met.insert(lua_topointer(L, idx)).second) luaL_error(L, "%s", kSharedTable);
  // Sized at once: a table grown key by key is rehashed at every power of
  // two, and a search copies g.state on every restore.
  int items = 0;
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    lua_pop(L, 1);
    ++items;
  }
  int array = static_cast<int>(lua_rawlen(L, idx));
  lua_createtable(L, array, std::max(0, items - array));
  int out = lua_gettop(L);
  if (lua_getmetatable(L, idx)) {
    if (is_tripwire(L, lua_gettop(L)))
      lua_setmetatable(L, out);  // a moment of a bot's world keeps its tripwires
    else
      lua_pop(L, 1);
  }
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    lua_pushvalue(L, -2);
    copy_rec(L, -2, depth + 1, met);
    lua_rawset(L, out);
    lua_pop(L, 1);
  }
}

// Pairs of tables already compared (or being compared): shared subtables
// are compared once a pair, so the walk is linear in the data, not in its
// paths. A pair met again is equal if it is at all (a false ends the walk).
using Pairs = std::set<std::pair<const void*, const void*>>;

bool equal_rec(lua_State* L, int a, int b, int depth, Pairs& pairs) {
  if (lua_rawequal(L, a, b)) return true;
  if (lua_type(L, a) != LUA_TTABLE || lua_type(L, b) != LUA_TTABLE) return false;
  if (depth > kMaxDepth) return false;
  if (!pairs.emplace(lua_topointer(L, a), lua_topointer(L, b)).second) return true;
  a = lua_absindex(L, a);
  b = lua_absindex(L, b);
  luaL_checkstack(L, 6, "data nested too deep");
  int na = 0, nb = 0;
  lua_pushnil(L);
  while (lua_next(L, a)) {
    ++na;
    lua_pushvalue(L, -2);
    lua_rawget(L, b);
    bool same = equal_rec(L, -2, -1, depth + 1, pairs);
    lua_pop(L, 2);
    if (!same) {
      lua_pop(L, 1);
      return false;
    }
  }
  lua_pushnil(L);
  while (lua_next(L, b)) {
    ++nb;
    lua_pop(L, 1);
  }
  return na == nb;
}
}  // namespace

bool valid_utf8(const char* s, size_t n) {
  return core::valid_utf8(std::string_view(s, n));
}

std::string check_plain(lua_State* L, int idx, const std::string& path) {
  std::unordered_set<const void*> seen;
  return check_rec(L, lua_absindex(L, idx), path, seen, 0);
}

nlohmann::json to_json(lua_State* L, int idx) {
  Seen seen;
  return to_json_rec(L, lua_absindex(L, idx), 0, seen);
}

void push_json(lua_State* L, const nlohmann::json& j) {
  luaL_checkstack(L, 4, "data nested too deep");
  switch (j.type()) {
    case nlohmann::json::value_t::null:
      lua_pushnil(L);
      return;
    case nlohmann::json::value_t::boolean:
      lua_pushboolean(L, j.get<bool>());
      return;
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
      lua_pushinteger(L, j.get<lua_Integer>());
      return;
    case nlohmann::json::value_t::number_float:
      lua_pushnumber(L, j.get<double>());
      return;
    case nlohmann::json::value_t::string:
      lua_pushstring(L, j.get_ref<const std::string&>().c_str());
      return;
    case nlohmann::json::value_t::array: {
      lua_createtable(L, static_cast<int>(j.size()), 0);
      lua_Integer i = 0;
      for (const auto& v : j) {
        push_json(L, v);
        lua_rawseti(L, -2, ++i);
      }
      return;
    }
    case nlohmann::json::value_t::object: {
      lua_createtable(L, 0, static_cast<int>(j.size()));
      for (const auto& [k, v] : j.items()) {
        if (k.rfind("##", 0) == 0)
          lua_pushstring(L, k.c_str() + 1);
        else if (k.rfind('#', 0) == 0) {
          char* end = nullptr;
          long long n = std::strtoll(k.c_str() + 1, &end, 10);
          if (k.size() < 2 || *end != '\0') luaL_error(L, "bad key '%s' in saved data", k.c_str());
          lua_pushinteger(L, static_cast<lua_Integer>(n));
        } else
          lua_pushstring(L, k.c_str());
        push_json(L, v);
        lua_rawset(L, -3);
      }
      return;
    }
    default:
      luaL_error(L, "saved data holds a value of no Lua type");
  }
}

void hash_value(lua_State* L, int idx, core::Hasher& h) {
  Seen seen;
  hash_rec(L, lua_absindex(L, idx), h, 0, seen);
}
void push_copy(lua_State* L, int idx) {
  thread_local Seen met;
  met.clear();
  copy_rec(L, lua_absindex(L, idx), 0, met);
}
// Recording walks the table as copy_rec does, in the same order, and
// keeps nothing with a destructor on its frames (a memory error jumps
// over them): the steps belong to the plan, which is ready only at the end.
void CopyPlan::record(lua_State* L, int idx) {
  idx = lua_absindex(L, idx);
  ready_ = false;
  steps_.clear();
  objects_ = 0;
  depth_ = 0;
  // Sized as the last plan of this thread was: the moments of one game
  // are alike, and both would otherwise grow by reallocating.
  thread_local size_t steps_hint = 0;
  thread_local int objects_hint = 0;
  steps_.reserve(steps_hint);
  lua_createtable(L, objects_hint, 0);
  objects_at_ = lua_gettop(L);
  lua_pushvalue(L, -1);
  objects_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  record_table(L, idx, 0);
  lua_pop(L, 1);
  steps_hint = steps_.size();
  objects_hint = objects_;
  ready_ = true;
}

void CopyPlan::record_scalar(lua_State* L, int idx, bool sets) {
  Step s{Op::Object, sets, false};
  switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
      if (lua_isinteger(L, idx))
        s.op = Op::Int, s.i = lua_tointeger(L, idx);
      else
        s.op = Op::Num, s.d = lua_tonumber(L, idx);
      break;
    case LUA_TBOOLEAN:
      s.op = lua_toboolean(L, idx) ? Op::True : Op::False;
      break;
    default:  // strings, and a table used as a key: kept as they are
      lua_pushvalue(L, idx);
      lua_rawseti(L, objects_at_, ++objects_);
      s.i = objects_;
  }
  steps_.push_back(s);
}

void CopyPlan::record_table(lua_State* L, int idx, int depth) {
  if (depth > kMaxDepth) luaL_error(L, "data nested too deep (a cycle?)");
  depth_ = std::max(depth_, depth);
  luaL_checkstack(L, 6, "data nested too deep");
  Step t{Op::Table, false, false};
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    lua_pop(L, 1);
    ++t.fields;
  }
  t.array = static_cast<int>(lua_rawlen(L, idx));
  t.fields = std::max(0, t.fields - t.array);
  if (lua_getmetatable(L, idx)) {
    if (is_tripwire(L, lua_gettop(L))) {
      lua_rawseti(L, objects_at_, ++objects_);
      t.metatable = objects_;
    } else {
      lua_pop(L, 1);
    }
  }
  steps_.push_back(t);
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    // an integer key goes with its value's step (lua_rawseti), not pushed
    bool at_index = lua_isinteger(L, -2);
    if (!at_index) record_scalar(L, -2, false);
    if (lua_type(L, -1) == LUA_TTABLE) {
      record_table(L, lua_gettop(L), depth + 1);
      steps_.push_back(Step{Op::Close, true, false});
    } else {
      record_scalar(L, -1, true);
    }
    if (at_index) steps_.back().at_index = true, steps_.back().key = lua_tointeger(L, -2);
    lua_pop(L, 1);
  }
}

void CopyPlan::push(lua_State* L) const {
  luaL_checkstack(L, 2 * depth_ + 8, "data nested too deep");
  lua_rawgeti(L, LUA_REGISTRYINDEX, objects_ref_);
  int objects = lua_gettop(L);
  for (const Step& s : steps_) {
    switch (s.op) {
      case Op::Table:
        lua_createtable(L, s.array, s.fields);
        if (s.metatable) {
          lua_rawgeti(L, objects, s.metatable);
          lua_setmetatable(L, -2);
        }
        break;
      case Op::Close:
        break;
      case Op::Int:
        lua_pushinteger(L, s.i);
        break;
      case Op::Num:
        lua_pushnumber(L, s.d);
        break;
      case Op::True:
      case Op::False:
        lua_pushboolean(L, s.op == Op::True);
        break;
      case Op::Object:
        lua_rawgeti(L, objects, s.i);
        break;
    }
    if (s.at_index)
      lua_rawseti(L, -2, s.key);
    else if (s.sets)
      lua_rawset(L, -3);
  }
  lua_remove(L, objects);
}

void CopyPlan::release(lua_State* L) {
  if (objects_ref_ != -1) luaL_unref(L, LUA_REGISTRYINDEX, objects_ref_);
  objects_ref_ = -1;
  ready_ = false;
}

bool deep_equal(lua_State* L, int a, int b) {
  Pairs pairs;
  return equal_rec(L, lua_absindex(L, a), lua_absindex(L, b), 0, pairs);
}

bool fields_match(lua_State* L, int spec, int action) {
  spec = lua_absindex(L, spec);
  action = lua_absindex(L, action);
  lua_pushnil(L);
  while (lua_next(L, spec)) {
    lua_pushvalue(L, -2);
    lua_rawget(L, action);
    Pairs pairs;
    bool same = equal_rec(L, -2, -1, 0, pairs);
    lua_pop(L, 2);
    if (!same) {
      lua_pop(L, 1);
      return false;
    }
  }
  return true;
}

}  // namespace ratify::lua
