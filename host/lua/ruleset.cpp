// Loading a ruleset into its VM: the ruleset table's metadata and
// options, a variant, strategy bots, new matches (the cards are
// ruleset_cards.cpp); and protect and line_of for all of host/lua.
#include "lua/ruleset.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <unordered_map>

#include "core/files.hpp"
#include "lua/match.hpp"
#include "lua/ruleset_fields.hpp"

namespace ratify::lua {

namespace fs = std::filesystem;

void protect(Vm& vm, const std::function<void(lua_State*)>& fn) {
  lua_State* L = vm.state();
  lua_pushcfunction(L, [](lua_State* L) -> int {
    auto* f = static_cast<const std::function<void(lua_State*)>*>(lua_touserdata(L, 1));
    lua_remove(L, 1);
    return guarded(L, [&] {
      (*f)(L);
      return 0;
    });
  });
  lua_pushlightuserdata(L, const_cast<std::function<void(lua_State*)>*>(&fn));
  vm.call(1, 0);
}

// The line of `file` where the string literal `needle` ("id", quotes
// included) first appears, to point at a card. The file is read once into
// an index of its double-quoted strings and kept while it is unchanged:
// reading it once per card made a 30,000-card file take minutes. The
// index is no local of the caller, so a Lua error cannot leak it.
int line_of(const fs::path& file, const std::string& needle) {
  struct Index {
    core::FileVersion version;
    std::unordered_map<std::string, int> lines;
  };
  thread_local Index index;
  auto version = core::version_of(file);
  if (!version) return 0;
  if (index.version != *version) {
    index = Index{*version, {}};
    std::ifstream f(file);
    std::string line;
    for (int n = 1; std::getline(f, line); ++n)
      for (size_t at = line.find('"'); at != std::string::npos;) {
        size_t end = at + 1;
        while (end < line.size() && line[end] != '"') end += line[end] == '\\' ? 2 : 1;
        if (end >= line.size()) break;
        index.lines.emplace(line.substr(at, end - at + 1), n);
        at = line.find('"', end + 1);
      }
  }
  auto it = index.lines.find(needle);
  return it == index.lines.end() ? 0 : it->second;
}

void get_field(lua_State* L, int t, const char* field) {
  t = lua_absindex(L, t);
  lua_pushcfunction(L, [](lua_State* L) {
    lua_gettable(L, 1);
    return 1;
  });
  lua_pushvalue(L, t);
  lua_pushstring(L, field);
  if (lua_pcall(L, 2, 1, 0) != LUA_OK) {
    std::string msg = lua_tostring(L, -1) ? lua_tostring(L, -1) : "error in a metamethod";
    lua_pop(L, 1);
    throw ScriptError(msg);
  }
}

std::string opt_string(lua_State* L, int t, const char* field, const std::string& where) {
  get_field(L, t, field);
  std::string out;
  if (lua_type(L, -1) == LUA_TSTRING) {
    size_t n;
    const char* text = lua_tolstring(L, -1, &n);
    if (!valid_utf8(text, n) || std::memchr(text, 0, n))
      throw ScriptError(where + "field '" + field + "' is not valid UTF-8 text");
    out.assign(text, n);
  } else if (!lua_isnil(L, -1))
    throw ScriptError(where + "field '" + field + "' must be a string, got " +
                      luaL_typename(L, -1));
  lua_pop(L, 1);
  return out;
}

namespace {

core::OptionValue to_option_value(lua_State* L, int idx, const std::string& where) {
  switch (lua_type(L, idx)) {
    case LUA_TBOOLEAN:
      return static_cast<bool>(lua_toboolean(L, idx));
    case LUA_TNUMBER:
      if (lua_isinteger(L, idx)) return static_cast<int64_t>(lua_tointeger(L, idx));
      // NaN or inf would make replays and shards that never verify.
      if (!std::isfinite(lua_tonumber(L, idx)))
        throw ScriptError(where + "an option value must be a finite number");
      return static_cast<double>(lua_tonumber(L, idx));
    case LUA_TSTRING:
      return std::string(lua_tostring(L, idx));
    default:
      throw ScriptError(where + "an option value must be a boolean, number or string, not " +
                        luaL_typename(L, idx));
  }
}

// One entry of `secrets`: "per_seat", "hidden", or { "per_seat", imagine = fn }.
core::Secret read_secret(lua_State* L, int value, const std::string& key,
                         const std::string& where) {
  std::string at = where + "secrets." + key + ": ";
  core::Secret out;
  out.key = key;
  int shape = value;
  if (lua_istable(L, value)) {
    lua_pushnil(L);
    while (lua_next(L, value)) {
      bool known =
          (lua_isinteger(L, -2) && lua_tointeger(L, -2) == 1) ||
          (lua_type(L, -2) == LUA_TSTRING && std::strcmp(lua_tostring(L, -2), "imagine") == 0);
      lua_pop(L, 1);
      if (!known)
        throw ScriptError(at +
                          "the table holds { \"per_seat\" or \"hidden\", imagine = "
                          "function }, and nothing else");
    }
    get_field(L, value, "imagine");
    if (!lua_isnil(L, -1) && !lua_isfunction(L, -1))
      throw ScriptError(at + "imagine must be a function, not a " + luaL_typename(L, -1));
    out.imagined = lua_isfunction(L, -1);
    lua_pop(L, 1);
    lua_rawgeti(L, value, 1);
    shape = lua_gettop(L);
  }
  const char* text = lua_type(L, shape) == LUA_TSTRING ? lua_tostring(L, shape) : "";
  if (std::strcmp(text, "per_seat") != 0 && std::strcmp(text, "hidden") != 0)
    throw ScriptError(at + "say \"per_seat\" (g.state." + key +
                      "[p] is player p's alone) or \"hidden\" (nobody's), not " +
                      (*text ? std::string("\"") + text + "\"" : luaL_typename(L, shape)));
  out.per_seat = std::strcmp(text, "per_seat") == 0;
  if (shape != value) lua_pop(L, 1);
  return out;
}

// `secrets`: the parts of g.state no other seat may know (docs/lua-api.md
// "Secrets"), sorted by key.
std::vector<core::Secret> read_secrets(lua_State* L, int t, const std::string& where) {
  std::vector<core::Secret> out;
  get_field(L, t, "secrets");
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    return out;
  }
  if (!lua_istable(L, -1))
    throw ScriptError(where +
                      "field 'secrets' must be a table { key = \"per_seat\" | "
                      "\"hidden\" | { \"per_seat\", imagine = function } }, not a " +
                      luaL_typename(L, -1));
  int list = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, list)) {
    if (lua_type(L, -2) != LUA_TSTRING)
      throw ScriptError(where + "secrets: the keys are names of fields of g.state (strings)");
    out.push_back(read_secret(L, lua_gettop(L), lua_tostring(L, -2), where));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  std::sort(out.begin(), out.end(),
            [](const core::Secret& a, const core::Secret& b) { return a.key < b.key; });
  return out;
}

}  // namespace

Rules::Rules(const fs::path& dir, const fs::path& scripts_dir, const fs::path& variant_file,
             Limits limits, bool watch)
    : vm_(std::make_unique<Vm>(dir, scripts_dir, limits)) {
  meta_.dir = dir;
  if (watch) watch_globals(vm_->state(), globals_.get());
  fs::path entry = dir / "ruleset.lua";
  std::string file = vm_->display_path(entry);
  vm_->current_file_ = file;
  lua_State* L = vm_->state();
  vm_->run_file(entry, 1);
  if (!lua_istable(L, -1)) {
    std::string got = luaL_typename(L, -1);
    lua_pop(L, 1);
    throw ScriptError(file + ": must return the ruleset table, returned " + got);
  }
  module_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  protect(*vm_, [&](lua_State*) { read_meta(file); });
  protect(*vm_, [&](lua_State*) { read_options(file); });
  if (!variant_file.empty()) read_variant(variant_file);
  protect(*vm_, [&](lua_State*) { read_cards(file); });
}

Rules::~Rules() = default;

void Rules::read_meta(const std::string& file) {
  lua_State* L = vm_->state();
  lua_rawgeti(L, LUA_REGISTRYINDEX, module_ref_);
  int t = lua_gettop(L);
  std::string where = file + ": ";
  meta_.id = opt_string(L, t, "id", where);
  meta_.name = opt_string(L, t, "name", where);
  if (meta_.id.empty()) throw ScriptError(where + "the ruleset needs an 'id' (a string)");
  if (meta_.name.empty()) meta_.name = meta_.id;
  for (const char* fn : {"setup", "actor", "actions", "apply", "result"}) {
    lua_getfield(L, t, fn);
    if (!lua_isfunction(L, -1))
      throw ScriptError(where + "missing function '" + fn + "' (the ruleset table must have " +
                        "setup, actor, actions, apply and result)");
    lua_pop(L, 1);
  }
  auto has = [&](const char* fn) {
    lua_getfield(L, t, fn);
    bool ok = lua_isfunction(L, -1);
    lua_pop(L, 1);
    return ok;
  };
  meta_.has_heuristic = has("heuristic");
  meta_.has_heuristics = has("heuristics");
  if (meta_.has_heuristics && !meta_.has_heuristic)
    throw ScriptError(where +
                      "'heuristics' needs 'heuristic(g, player)' beside it: the bots score one "
                      "player's moves with it (docs/lua-api.md)");
  meta_.has_status = has("status");
  meta_.has_table_status = has("table_status");
  meta_.has_view = has("view");
  meta_.has_describe = has("describe");
  meta_.has_score = has("score");
  meta_.has_stats = has("stats");
  meta_.search = opt_string(L, t, "search", where);
  meta_.secrets = read_secrets(L, t, where);
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(vm_->ruleset_dir() / "bots", ec))
    if (e.path().extension() == ".lua" && e.is_regular_file(ec))
      meta_.strategy_bots.push_back(e.path().stem().string());
  std::sort(meta_.strategy_bots.begin(), meta_.strategy_bots.end());
  lua_getfield(L, t, "players");
  if (!lua_istable(L, -1)) throw ScriptError(where + "'players' must be a table { min = , max = }");
  lua_getfield(L, -1, "min");
  lua_getfield(L, -2, "max");
  if (!lua_isinteger(L, -2) || !lua_isinteger(L, -1))
    throw ScriptError(where + "players.min and players.max must be integers");
  meta_.min_players = static_cast<int>(lua_tointeger(L, -2));
  meta_.max_players = static_cast<int>(lua_tointeger(L, -1));
  if (meta_.min_players < 1 || meta_.max_players > core::kMaxPlayers ||
      meta_.min_players > meta_.max_players)
    throw ScriptError(
        where + "players must satisfy 1 <= min <= max <= " + std::to_string(core::kMaxPlayers));
  lua_pop(L, 3);
  lua_getfield(L, t, "layout");
  if (lua_istable(L, -1)) {
    std::string bad = check_plain(L, -1, "layout");
    if (!bad.empty()) throw ScriptError(where + bad);
    meta_.layout = to_json(L, -1);
  }
  lua_pop(L, 2);
}

void Rules::read_options(const std::string& file) {
  lua_State* L = vm_->state();
  lua_rawgeti(L, LUA_REGISTRYINDEX, module_ref_);
  lua_getfield(L, -1, "options");
  if (lua_isnil(L, -1)) {
    lua_pop(L, 2);
    return;
  }
  std::string where = file + ": options: ";
  if (!lua_istable(L, -1)) throw ScriptError(where + "must be a table of name = { default = ... }");
  int t = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, t)) {
    if (lua_type(L, -2) != LUA_TSTRING) throw ScriptError(where + "option names must be strings");
    core::OptionDecl d;
    d.name = lua_tostring(L, -2);
    std::string w = file + ": option '" + d.name + "': ";
    if (!lua_istable(L, -1)) throw ScriptError(w + "must be a table { default = ..., doc = ... }");
    int o = lua_gettop(L);
    lua_getfield(L, o, "default");
    if (lua_isnil(L, -1)) throw ScriptError(w + "needs a default");
    d.def = to_option_value(L, -1, w);
    lua_pop(L, 1);
    d.doc = opt_string(L, o, "doc", w);
    lua_getfield(L, o, "choices");
    if (lua_istable(L, -1)) {
      for (lua_Integer i = 1; lua_rawgeti(L, -1, i) != LUA_TNIL; ++i) {
        if (lua_type(L, -1) != LUA_TSTRING) throw ScriptError(w + "choices must be strings");
        d.choices.push_back(lua_tostring(L, -1));
        lua_pop(L, 1);
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
    for (auto [field, slot] : {std::pair{"min", &d.min}, std::pair{"max", &d.max}}) {
      lua_getfield(L, o, field);
      if (lua_isnumber(L, -1)) *slot = lua_tonumber(L, -1);
      if (lua_isnumber(L, -1) && !std::isfinite(lua_tonumber(L, -1)))
        throw ScriptError(w + field + " must be a finite number");
      lua_pop(L, 1);
    }
    if (!d.choices.empty() && !std::holds_alternative<std::string>(d.def))
      throw ScriptError(w + "choices are for string options");
    try {
      core::resolve({d}, {});
      core::check_value(d.name, d.def, {d});
    } catch (const core::OptionError& e) {
      throw ScriptError(w + "the default breaks its own rule: " + e.what());
    }
    meta_.options.push_back(std::move(d));
    lua_pop(L, 1);
  }
  std::sort(meta_.options.begin(), meta_.options.end(),
            [](const auto& a, const auto& b) { return a.name < b.name; });
  for (const auto& d : meta_.options)
    if (d.doc.empty()) {
      int line = key_line(file, 1, d.name);
      notes_.push_back({Finding::Level::Warning, line ? file + ":" + std::to_string(line) : file,
                        "option '" + d.name + "' has no doc"});
    }
  lua_pop(L, 2);
}

// `players = { 4, 6 }` or `players = { min = 3, max = 4 }` in a variant.
void Rules::read_variant_players(lua_State* L, int t, const std::string& where, VariantMeta& v) {
  lua_getfield(L, t, "players");
  if (lua_istable(L, -1)) {
    lua_getfield(L, -1, "min");
    lua_getfield(L, -2, "max");
    // Each count is checked as it is read, before any is kept: a range of
    // 1..2^31 was two billion counts in the host, outside the memory cap.
    auto count = [&](lua_Integer p) {
      if (p < meta_.min_players || p > meta_.max_players)
        throw ScriptError(where + "players: " + std::to_string(p) + " is outside the ruleset's " +
                          std::to_string(meta_.min_players) + ".." +
                          std::to_string(meta_.max_players));
      return static_cast<int>(p);
    };
    int lo = count(luaL_optinteger(L, -2, meta_.min_players));
    int hi = count(luaL_optinteger(L, -1, meta_.max_players));
    lua_pop(L, 2);
    for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TNUMBER; ++i, lua_pop(L, 1)) {
      int p = count(lua_tointeger(L, -1));
      if (std::find(v.allowed_players.begin(), v.allowed_players.end(), p) !=
          v.allowed_players.end())
        throw ScriptError(where + "players: " + std::to_string(p) + " is listed twice");
      v.allowed_players.push_back(p);
    }
    lua_pop(L, 1);
    if (v.allowed_players.empty())
      for (int p = lo; p <= hi; ++p) v.allowed_players.push_back(p);
  }
  lua_pop(L, 1);
}

void Rules::read_variant(const fs::path& path) {
  lua_State* L = vm_->state();
  std::string file = vm_->display_path(path);
  // A user's variant lives in their own .../variants/<id>/, outside the
  // ruleset's folder: that one file may be read (a replay naming any
  // other file outside is still refused).
  fs::path folder = path.parent_path();
  if (folder.filename() == meta_.id && folder.parent_path().filename() == "variants")
    vm_->allow_file(path);
  vm_->run_file(path, 1);
  if (!lua_istable(L, -1)) {
    lua_pop(L, 1);
    throw ScriptError(file + ": a variant must return a table");
  }
  int variant_ref = variant_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  VariantMeta v;
  v.file = path;
  protect(*vm_, [&](lua_State*) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, variant_ref);
    int t = lua_gettop(L);
    std::string where = file + ": ";
    v.name = opt_string(L, t, "name", where);
    v.doc = opt_string(L, t, "doc", where);
    if (v.name.empty()) v.name = path.stem().string();
    lua_getfield(L, t, "options");
    if (lua_istable(L, -1)) {
      lua_pushnil(L);
      while (lua_next(L, -2)) {
        if (lua_type(L, -2) != LUA_TSTRING) throw ScriptError(where + "option names are strings");
        std::string name = lua_tostring(L, -2);
        auto value = to_option_value(L, -1, where + "option '" + name + "': ");
        try {
          v.options[name] = core::check_value(name, value, meta_.options);
        } catch (const core::OptionError& e) {
          int line = key_line(path.string(), 1, name);  // file:line, as a Lua error has
          throw ScriptError(line ? file + ":" + std::to_string(line) + ": " + e.what()
                                 : where + e.what());
        }
        lua_pop(L, 1);
      }
    } else if (!lua_isnil(L, -1)) {
      throw ScriptError(where + "'options' must be a table of name = value");
    }
    lua_pop(L, 1);
    read_variant_players(L, t, where, v);
    lua_getfield(L, t, "cards");
    if (lua_istable(L, -1))
      variant_cards_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
    else
      lua_pop(L, 1);
  });
  meta_.allowed_players = v.allowed_players;
  variant_ = std::move(v);
}

int Rules::strategy_ref(const std::string& name) {
  auto it = strategy_refs_.find(name);
  if (it != strategy_refs_.end()) return it->second;
  if (std::find(meta_.strategy_bots.begin(), meta_.strategy_bots.end(), name) ==
      meta_.strategy_bots.end())
    throw ScriptError("no strategy bot '" + name + "' in " + meta_.id + "/bots/");
  fs::path file = vm_->ruleset_dir() / "bots" / (name + ".lua");
  std::string shown = vm_->display_path(file);
  lua_State* L = vm_->state();
  vm_->run_file(file, 1);
  // A bot file returns its choose function, or a table holding it.
  if (lua_istable(L, -1)) {
    lua_getfield(L, -1, "choose");
    lua_remove(L, -2);
  }
  if (!lua_isfunction(L, -1)) {
    lua_pop(L, 1);
    throw ScriptError(shown +
                      ": a strategy bot returns choose(g, player, actions), or a table "
                      "{ choose = function(g, player, actions) ... end }");
  }
  int ref = luaL_ref(L, LUA_REGISTRYINDEX);
  strategy_refs_[name] = ref;
  return ref;
}

std::unique_ptr<Match> Rules::new_match(int players, uint64_t seed,
                                        const core::OptionValues& options, bool setup) {
  if (!meta_.allows(players)) {
    std::string counts;
    for (int p : meta_.player_counts()) counts += (counts.empty() ? "" : ", ") + std::to_string(p);
    throw ScriptError(meta_.id + (variant_ ? "/" + variant_->name : "") + " is for " + counts +
                      " players, not " + std::to_string(players));
  }
  auto m = std::make_unique<Match>(*this, players, seed, options);
  if (setup) m->setup();
  return m;
}

}  // namespace ratify::lua
