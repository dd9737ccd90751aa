// What a match asks its ruleset beyond the game's own turns: a strategy
// bot's choice, the heuristic and standings, the end's statistics, the
// players' and the table's status lines, a seat's view of g.state.
#include <algorithm>
#include <cmath>

#include "core/replay.hpp"
#include "lua/internal.hpp"
#include "lua/match.hpp"
#include "lua/ruleset.hpp"
#include "lua/wrap.hpp"

namespace ratify::lua {

int Match::choose_by(int fn, int player, const std::string& bot) {
  ensure_actions();
  Running run(vm_, this);
  int out = -1;
  protect(vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, fn);
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    lua_pushinteger(L, player);
    lua_rawgeti(L, LUA_REGISTRYINDEX, actions_ref_);
    int list = lua_gettop(L);
    lua_pushvalue(L, list);
    lua_insert(L, list - 3);  // keep the list below the call
    {
      InRules rules(vm_, bot.c_str());
      lua_call(L, 3, 1);
    }
    if (lua_isinteger(L, -1)) {
      lua_Integer i = lua_tointeger(L, -1);
      if (i >= 1 && i <= actions_n_) out = static_cast<int>(i - 1);
    } else if (lua_istable(L, -1)) {
      for (int i = 1; i <= actions_n_ && out < 0; ++i) {
        push_action(L, list - 3, i);
        if (lua_rawequal(L, -1, -2) || fields_match(L, -2, -1)) out = i - 1;
        lua_pop(L, 1);
      }
    }
    if (out < 0)
      luaL_error(L,
                 "strategy bot '%s' (bots/%s.lua): choose(g, player, actions) must return an "
                 "index 1..%d or one of the actions, got %s",
                 bot.c_str(), bot.c_str(), actions_n_, luaL_tolstring(L, -1, nullptr));
  });
  return out;
}

bool Match::has_heuristic() const {
  return rules_.meta().has_heuristic;
}

double Match::heuristic(int player) {
  if (!has_heuristic()) return 0;
  Running run(vm_, this);
  double v = 0;
  protect(vm_, [&](lua_State* L) {
    push_fn("heuristic");
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    lua_pushinteger(L, player);
    call_fn(L, 2, 1, CallProfile::Heuristic);
    if (!lua_isnumber(L, -1))
      luaL_error(L, "%s: heuristic(g, player) must return a number", rules_.meta().id.c_str());
    v = lua_tonumber(L, -1);
  });
  return v;
}

std::vector<double> Match::heuristics() {
  std::vector<double> out(static_cast<size_t>(players()) + 1, 0.0);
  if (!has_heuristic()) return out;
  if (!rules_.meta().has_heuristics) {
    for (int p = 1; p <= players(); ++p) out[static_cast<size_t>(p)] = heuristic(p);
    return out;
  }
  Running run(vm_, this);
  protect(vm_, [&](lua_State* L) {
    push_fn("heuristics");
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    call_fn(L, 1, 1, CallProfile::Heuristic);
    const char* id = rules_.meta().id.c_str();
    if (!lua_istable(L, -1))
      luaL_error(L, "%s: heuristics(g) must return a list of numbers, one per player", id);
    for (int p = 1; p <= players(); ++p) {
      if (lua_rawgeti(L, -1, p) != LUA_TNUMBER)
        luaL_error(L, "%s: heuristics(g)[%d] must be a number (player %d's heuristic)", id, p, p);
      out[static_cast<size_t>(p)] = lua_tonumber(L, -1);
      lua_pop(L, 1);
    }
  });
  return out;
}

std::vector<double> Match::standings() {
  const auto& meta = rules_.meta();
  std::vector<double> out;
  if (!meta.has_score && !meta.has_heuristic) return out;
  const char* fn = meta.has_score ? "score" : "heuristic";
  Running run(vm_, this);
  protect(vm_, [&](lua_State* L) {
    for (int p = 1; p <= players(); ++p) {
      push_fn(fn);
      lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
      lua_pushinteger(L, p);
      call_fn(L, 2, 1, CallProfile::Heuristic);
      if (!lua_isnumber(L, -1))
        luaL_error(L, "%s: %s(g, player) must return a number", meta.id.c_str(), fn);
      out.push_back(lua_tonumber(L, -1));
      lua_pop(L, 1);
    }
  });
  return out;
}

constexpr size_t kMaxStatName = 256;

std::vector<std::pair<std::string, double>> Match::stats() {
  std::vector<std::pair<std::string, double>> out;
  if (!rules_.meta().has_stats) return out;
  Running run(vm_, this);
  protect(vm_, [&](lua_State* L) {
    push_fn("stats");
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    {
      InRules rules(vm_, "stats");
      lua_call(L, 1, 1);
    }
    const char* id = rules_.meta().id.c_str();
    if (!lua_istable(L, -1)) luaL_error(L, "%s: stats(g) must return a table of named numbers", id);
    for (lua_pushnil(L); lua_next(L, -2); lua_pop(L, 1)) {
      if (lua_type(L, -2) != LUA_TSTRING || !lua_isnumber(L, -1))
        luaL_error(L, "%s: stats(g) must return { name = number, ... }", id);
      // Checked here, where they enter: JSON writes NaN as null (merge then
      // refused the file) and cannot write a name that is not UTF-8.
      size_t n;
      const char* name = lua_tolstring(L, -2, &n);
      if (n > kMaxStatName || !valid_utf8(name, n))
        luaL_error(L, "%s: stats(g): a name must be UTF-8 text of at most %d bytes", id,
                   static_cast<int>(kMaxStatName));
      if (!std::isfinite(lua_tonumber(L, -1)))
        luaL_error(L, "%s: stats(g).%s is not a finite number", id, name);
      out.emplace_back(std::string(name, n), lua_tonumber(L, -1));
    }
  });
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> Match::status(int player) {
  return status_lines(rules_.meta().has_status ? "status" : nullptr, player);
}

std::vector<std::string> Match::shared_status() {
  return status_lines(rules_.meta().has_table_status ? "table_status" : nullptr, 0);
}

constexpr size_t kMaxStatusLine = 4096;
constexpr lua_Integer kMaxStatusLines = 200;

// The lines status(g, player) or table_status(g) returns (a string or a
// list), the first kMaxStatusLines, each cut at kMaxStatusLine bytes.
std::vector<std::string> Match::status_lines(const char* fn, int player) {
  std::vector<std::string> lines;
  if (!fn) return lines;
  Running run(vm_, this);
  protect(vm_, [&](lua_State* L) {
    push_fn(fn);
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    if (player) lua_pushinteger(L, player);
    {
      InRules rules(vm_, "status");
      lua_call(L, player ? 2 : 1, 1);
    }
    // Host copies bounded: the VM's cap never sees them (a status of a
    // million lines of a megabyte each was copied whole, every frame).
    auto keep = [&](int idx) {
      size_t n;
      const char* s = luaL_tolstring(L, idx, &n);
      size_t cut = std::min(n, kMaxStatusLine);
      while (cut < n && cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80)
        --cut;  // not inside a UTF-8 character
      lines.emplace_back(s, cut);
      lua_pop(L, 1);
    };
    if (lua_type(L, -1) == LUA_TSTRING)
      keep(-1);
    else if (lua_istable(L, -1))
      for (lua_Integer k = 1; k <= kMaxStatusLines && lua_rawgeti(L, -1, k) != LUA_TNIL;
           ++k, lua_pop(L, 1))
        keep(-1);
  });
  return lines;
}

nlohmann::json Match::state_json() {
  nlohmann::json out;
  protect(vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    lua_getfield(L, -1, "state");
    out = to_json(L, -1);
  });
  return out;
}

// The ruleset's view, or g.state, without the secrets `player` may not
// know (a view that forgets one cannot show it).
nlohmann::json Match::state_view(int player) {
  const auto& secrets = rules_.meta().secrets;
  if (!rules_.meta().has_view) return without_secrets(state_json(), secrets, player);
  return without_secrets(ruleset_view(player), secrets, player);
}

nlohmann::json Match::ruleset_view(int player) {
  Running run(vm_, this);
  nlohmann::json out;
  protect(vm_, [&](lua_State* L) {
    push_fn("view");
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    lua_pushinteger(L, player);
    {
      InRules rules(vm_, "view");
      lua_call(L, 2, 1);
    }
    out = to_json(L, -1);
  });
  return out;
}

}  // namespace ratify::lua
