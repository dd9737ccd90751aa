// The sandbox's checked library functions. The time limit stops Lua code
// (see watchdog.hpp), but a single call of a C library function runs no
// Lua instruction and cannot be stopped: string.rep("", 1e12) loops a
// trillion times, a backtracking pattern takes years. Each function here
// bounds the work of one call before it starts, with a plain error naming
// the limit, and checks the time limit on entry (table.insert at the
// front of a long list, in a loop). See docs/architecture.md "The sandbox".
#include <bitset>
#include <cctype>
#include <cmath>
#include <cstring>
#include <vector>

#include "lua/internal.hpp"

namespace ratify::lua {

namespace {

// Elements one call of table.move may touch: more than a table in the
// memory cap could hold at all.
constexpr lua_Integer kMaxRange = lua_Integer(1) << 24;
// Elements table.sort sorts in one call (about half a second).
constexpr lua_Integer kMaxSort = lua_Integer(1) << 22;
// Steps a pattern may take at worst (about a second; see pattern_cost).
constexpr double kPatternSteps = 1e9;

const char* kMemoryKey = "ratify.memory_cap";

size_t memory_cap(lua_State* L) {
  lua_getfield(L, LUA_REGISTRYINDEX, kMemoryKey);
  auto cap = static_cast<size_t>(lua_tointeger(L, -1));
  lua_pop(L, 1);
  return cap;
}

// Whether an error message starts with a place ("file:12: ...").
bool has_place(const char* msg) {
  const char* colon = std::strchr(msg, ':');
  if (!colon || !std::isdigit(static_cast<unsigned char>(colon[1]))) return false;
  const char* p = colon + 1;
  while (std::isdigit(static_cast<unsigned char>(*p))) ++p;
  return *p == ':';
}

// Calls the original function (upvalue 1) with the arguments as given.
// Its own errors would name no line (its caller is this C function): they
// get the script's, as if it had been called from there.
int call_original(lua_State* L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  if (lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0) == LUA_OK) return lua_gettop(L);
  check_budget(L);  // a limit hit inside goes on as itself
  if (lua_type(L, -1) == LUA_TSTRING && !has_place(lua_tostring(L, -1))) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

// string.rep: the result's size is known before any work; an empty one
// is made at once (Lua's own loops n times to copy nothing).
int checked_rep(lua_State* L) {
  check_budget(L);
  size_t l, lsep = 0;
  luaL_checklstring(L, 1, &l);
  lua_Integer n = luaL_checkinteger(L, 2);
  luaL_optlstring(L, 3, "", &lsep);
  if (n <= 0 || l + lsep == 0) {
    lua_pushliteral(L, "");
    return 1;
  }
  double total = static_cast<double>(n) * static_cast<double>(l + lsep);
  if (total > static_cast<double>(memory_cap(L)))
    return luaL_error(L, "string.rep: a result of %f bytes is over the memory cap of %d MiB", total,
                      static_cast<int>(memory_cap(L) >> 20));
  return call_original(L);
}

// table.move(a1, f, e, t [, a2]): at most kMaxRange elements a call.
int checked_move(lua_State* L) {
  check_budget(L);
  lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
  if (e >= f && (f <= 0 ? e >= kMaxRange + f : e - f >= kMaxRange))
    return luaL_error(L,
                      "table.move: %f elements in one call (the sandbox's limit is %I); "
                      "no table in the memory cap holds that many",
                      static_cast<lua_Number>(e) - static_cast<lua_Number>(f) + 1, kMaxRange);
  return call_original(L);
}

// table.sort: at most kMaxSort elements (with Lua's own comparison no
// Lua instruction runs while it sorts).
int checked_sort(lua_State* L) {
  check_budget(L);
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_Integer n = luaL_len(L, 1);
  if (n > kMaxSort)
    return luaL_error(L, "table.sort: %I elements in one call (the sandbox's limit is %I)", n,
                      kMaxSort);
  return call_original(L);
}

// Functions each call of which is bounded by the memory cap, but which a
// loop may call often (table.insert at the front shifts the whole list):
// the time limit is checked on entry.
int timed(lua_State* L) {
  check_budget(L);
  return call_original(L);
}

// One item of a Lua pattern, as far as its cost goes.
struct Item {
  enum Kind { Single, Other, Capture, End } kind = Single;
  std::bitset<256> chars;  // what a Single item matches
  char quantifier = 0;     // '*', '+', '-', '?' or 0
  bool balance = false;    // %bxy
};

// The bytes a single-character class matches (Lua's own ctype rules).
std::bitset<256> class_chars(const char* p, size_t len) {
  std::bitset<256> out;
  if (len == 1 && p[0] == '.') return out.set();
  if (len == 1) return out.set(static_cast<unsigned char>(p[0]));
  char k = p[1];
  auto test = [&](int c) -> bool {
    switch (std::tolower(static_cast<unsigned char>(k))) {
      case 'a':
        return std::isalpha(c);
      case 'c':
        return std::iscntrl(c);
      case 'd':
        return std::isdigit(c);
      case 'g':
        return std::isgraph(c);
      case 'l':
        return std::islower(c);
      case 'p':
        return std::ispunct(c);
      case 's':
        return std::isspace(c);
      case 'u':
        return std::isupper(c);
      case 'w':
        return std::isalnum(c);
      case 'x':
        return std::isxdigit(c);
      default:
        return c == static_cast<unsigned char>(k);
    }
  };
  bool upper =
      std::isalpha(static_cast<unsigned char>(k)) && std::isupper(static_cast<unsigned char>(k));
  for (int c = 0; c < 256; ++c) out[c] = test(c) != upper;
  return out;
}

// Splits a pattern into items (sets, %b, %f and back-references are
// "Other": they could match anything, as far as this is concerned).
std::vector<Item> items_of(const char* p, size_t plen, size_t i) {
  std::vector<Item> out;
  while (i < plen) {
    Item it;
    char c = p[i];
    size_t end = i + 1;
    if (c == '(' || c == ')') {
      it.kind = Item::Capture;
    } else if (c == '$' && i + 1 == plen) {
      it.kind = Item::End;
    } else if (c == '%' && i + 1 < plen && (p[i + 1] == 'b' || p[i + 1] == 'f')) {
      it.kind = Item::Other;
      it.balance = p[i + 1] == 'b';
      end = i + 4;
      if (p[i + 1] == 'f') {
        end = i + 2;
        if (end < plen && p[end] == '[') {
          ++end;
          if (end < plen && p[end] == '^') ++end;
          do {
            if (end < plen && p[end] == '%') ++end;
            ++end;
          } while (end < plen && p[end] != ']');
          ++end;
        }
      }
    } else if (c == '%' && i + 1 < plen) {
      end = i + 2;
      if (std::isdigit(static_cast<unsigned char>(p[i + 1])))
        it.kind = Item::Other;
      else
        it.chars = class_chars(p + i, 2);
    } else if (c == '[') {
      it.kind = Item::Other;
      end = i + 1;
      if (end < plen && p[end] == '^') ++end;
      do {
        if (end < plen && p[end] == '%') ++end;
        ++end;
      } while (end < plen && p[end] != ']');
      ++end;
    } else {
      it.chars = class_chars(p + i, 1);
    }
    i = end;
    if (it.kind != Item::Capture && !it.balance && i < plen && std::strchr("*+-?", p[i]) &&
        p[i] != '\0')
      it.quantifier = p[i++];
    out.push_back(it);
  }
  return out;
}

// Whether the run of a quantified item k has one way to end: nothing that
// may follow it can start with a byte it matches (then trying shorter runs
// fails at once, and the run costs its length once, not a factor).
bool ends_one_way(const std::vector<Item>& items, size_t k) {
  if (items[k].kind != Item::Single) return false;
  for (size_t j = k + 1; j < items.size(); ++j) {
    const Item& next = items[j];
    if (next.kind == Item::Capture) continue;
    if (next.kind == Item::End) return true;
    if (next.kind == Item::Other || (items[k].chars & next.chars).any()) return false;
    if (next.quantifier != '*' && next.quantifier != '-' && next.quantifier != '?') return true;
  }
  return true;
}

// The worst case of a Lua pattern on a subject of n bytes, as a logarithm:
// each quantifier (*, + or -) and %b that may end in more than one way may
// try every length, a factor n each; the ones with one way to end (%w+
// before = or a space) add one factor n together; a search not anchored
// with ^ may start anywhere, one more; each ? doubles it.
double pattern_cost(const char* p, size_t plen, double n, bool may_anchor) {
  bool anchored = may_anchor && plen > 0 && p[0] == '^';
  auto items = items_of(p, plen, anchored ? 1 : 0);
  int spans = anchored ? 0 : 1, options = 0;
  bool linear = false;
  for (size_t k = 0; k < items.size(); ++k) {
    char q = items[k].quantifier;
    if (q == '?')
      ++options;
    else if (items[k].balance || ((q == '*' || q == '+' || q == '-') && !ends_one_way(items, k)))
      ++spans;
    else if (q)
      linear = true;
  }
  return (spans + (linear ? 1 : 0)) * std::log(n + 2) + options * std::log(2.0);
}

bool has_specials(const char* p, size_t len) {
  for (size_t i = 0; i < len; ++i)
    if (std::strchr("^$*+?.([%-", p[i]) && p[i] != '\0') return true;
  return false;
}

// A plain string.find (plain = true, or no specials), as Lua's: Lua
// compares the needle at every byte, n * m steps (a long needle ran for
// hours); glibc's memmem (two-way) is linear in both.
int plain_find(lua_State* L, const char* s, size_t n, const char* p, size_t plen) {
  lua_Integer init = luaL_optinteger(L, 3, 1);
  size_t from = init > 0 ? static_cast<size_t>(init) - 1
                : (init == 0 || init < -static_cast<lua_Integer>(n))
                    ? 0
                    : n + static_cast<size_t>(init);
  if (from > n) {
    luaL_pushfail(L);
    return 1;
  }
  const void* hit = memmem(s + from, n - from, p, plen);
  if (!hit) {
    luaL_pushfail(L);
    return 1;
  }
  auto at = static_cast<lua_Integer>(static_cast<const char*>(hit) - s);
  lua_pushinteger(L, at + 1);
  lua_pushinteger(L, at + static_cast<lua_Integer>(plen));
  return 2;
}

// string.find, match, gmatch, gsub: refused when the pattern's worst case
// on this subject is over kPatternSteps, before any matching. A pattern
// without specials matches byte by byte at each place: n * m steps.
int checked_pattern(lua_State* L, const char* name, bool may_anchor) {
  check_budget(L);
  size_t n, plen;
  const char* s = luaL_checklstring(L, 1, &n);
  const char* p = luaL_checklstring(L, 2, &plen);
  bool find = std::strcmp(name, "find") == 0;
  bool specials = has_specials(p, plen);
  if (find && (lua_toboolean(L, 4) || !specials)) return plain_find(L, s, n, p, plen);
  if (!specials && static_cast<double>(n) * static_cast<double>(plen) > kPatternSteps)
    return luaL_error(L,
                      "string.%s: a pattern of %I bytes on a subject of %I bytes could take "
                      "more than %I steps, the sandbox's limit: use string.find(s, p, 1, true)",
                      name, static_cast<lua_Integer>(plen), static_cast<lua_Integer>(n),
                      static_cast<lua_Integer>(kPatternSteps));
  if (specials &&
      pattern_cost(p, plen, static_cast<double>(n), may_anchor) > std::log(kPatternSteps))
    return luaL_error(L,
                      "string.%s: this pattern on a subject of %I bytes could take more than "
                      "%I steps, the sandbox's limit (bytes ^ the quantifiers that may "
                      "backtrack, +1 unless anchored with ^; docs/architecture.md): anchor "
                      "it, use fewer * + - quantifiers, or a shorter subject",
                      name, static_cast<lua_Integer>(n), static_cast<lua_Integer>(kPatternSteps));
  return call_original(L);
}

int checked_find(lua_State* L) {
  return checked_pattern(L, "find", true);
}
int checked_match(lua_State* L) {
  return checked_pattern(L, "match", true);
}
int checked_gmatch(lua_State* L) {
  return checked_pattern(L, "gmatch", false);
}
int checked_gsub(lua_State* L) {
  return checked_pattern(L, "gsub", true);
}

// setmetatable without __gc: the collector runs finalizers with hooks
// off, at any moment (even between host calls), so no time limit could
// stop one. Any value marks the object (even false), so any is refused;
// one added to the metatable later marks nothing. Rules never need them.
int checked_setmetatable(lua_State* L) {
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 2) != LUA_TNIL)
      return luaL_error(L,
                        "setmetatable: a __gc field (a finalizer) is not available to "
                        "rulesets: the collector would run it outside every limit");
    lua_pop(L, 1);
  }
  return call_original(L);
}

void wrap(lua_State* L, int lib, const char* name, lua_CFunction f) {
  lua_getfield(L, lib, name);
  lua_pushcclosure(L, f, 1);
  lua_setfield(L, lib, name);
}

}  // namespace

void open_checked_library(lua_State* L, size_t memory) {
  lua_pushinteger(L, static_cast<lua_Integer>(memory));
  lua_setfield(L, LUA_REGISTRYINDEX, kMemoryKey);
  lua_pushglobaltable(L);
  wrap(L, lua_gettop(L), "setmetatable", checked_setmetatable);
  lua_pop(L, 1);
  lua_getglobal(L, "string");
  int lib = lua_gettop(L);
  wrap(L, lib, "rep", checked_rep);
  wrap(L, lib, "find", checked_find);
  wrap(L, lib, "match", checked_match);
  wrap(L, lib, "gmatch", checked_gmatch);
  wrap(L, lib, "gsub", checked_gsub);
  lua_settop(L, lib - 1);
  lua_getglobal(L, "table");
  lib = lua_gettop(L);
  wrap(L, lib, "move", checked_move);
  wrap(L, lib, "sort", checked_sort);
  for (const char* name : {"insert", "remove", "concat"}) wrap(L, lib, name, timed);
  lua_settop(L, lib - 1);
}

}  // namespace ratify::lua
