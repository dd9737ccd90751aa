// The card definitions: the ruleset's list with a variant's changes
// merged in, each field checked, each card pointed at by file:line, and
// g.defs (card instance -> definition) built once for every game.
#include <map>
#include <set>
#include <unordered_map>

#include "lua/ruleset.hpp"
#include "lua/ruleset_fields.hpp"

namespace ratify::lua {

namespace fs = std::filesystem;

void Rules::read_cards(const std::string& file) {
  lua_State* L = vm_->state();
  lua_rawgeti(L, LUA_REGISTRYINDEX, module_ref_);
  lua_getfield(L, -1, "cards");
  std::string cards_file = file;
  if (lua_istable(L, -1)) {
    std::string m = vm_->module_file_of(lua_topointer(L, -1));
    if (!m.empty()) cards_file = m;
  } else if (!lua_isnil(L, -1)) {
    throw ScriptError(file + ": 'cards' must be a list of card definitions");
  } else {
    lua_pop(L, 1);
    lua_newtable(L);
  }
  int src = lua_gettop(L);
  lua_newtable(L);  // the final definitions, after the variant
  int out = lua_gettop(L);
  std::set<std::string> ids;
  lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, src));
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, src, i);
    lua_rawseti(L, out, i);
  }
  // A variant changes fields of a definition (on a copy), or adds one;
  // errors in what it touched are blamed on the variant's file.
  std::map<lua_Integer, bool> touched;  // index -> added by the variant
  std::vector<std::string> base_ids;
  if (variant_cards_ref_ != -1) {
    // The base cards by id, read once: looked up per variant card, they
    // were variant cards x base cards steps and host strings.
    std::unordered_map<std::string, lua_Integer> base_index;
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, out, i);
      if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "id");
        if (lua_type(L, -1) == LUA_TSTRING) {
          base_ids.push_back(lua_tostring(L, -1));
          base_index.emplace(base_ids.back(), i);
        }
        lua_pop(L, 1);
      }
      lua_pop(L, 1);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, variant_cards_ref_);
    int vc = lua_gettop(L);
    std::string where = vm_->display_path(variant_->file) + ": cards: ";  // once: a realpath
    lua_pushnil(L);
    while (lua_next(L, vc)) {
      if (lua_type(L, -2) != LUA_TSTRING || !lua_istable(L, -1))
        throw ScriptError(where + "entries are id = { fields }");
      std::string id = lua_tostring(L, -2);
      auto hit = base_index.find(id);
      lua_Integer found = hit == base_index.end() ? 0 : hit->second;
      lua_newtable(L);  // the merged copy
      int merged = lua_gettop(L);
      if (found) {
        lua_rawgeti(L, out, found);
        lua_pushnil(L);
        while (lua_next(L, -2)) {
          lua_pushvalue(L, -2);
          lua_insert(L, -2);
          lua_rawset(L, merged);
        }
        lua_pop(L, 1);
      }
      lua_pushnil(L);
      while (lua_next(L, merged - 1)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, merged);
      }
      lua_pushstring(L, id.c_str());
      lua_setfield(L, merged, "id");
      touched[found ? found : n + 1] = !found;
      lua_rawseti(L, out, found ? found : ++n);
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  // Where a card's line is looked up: one look at the file for all cards
  // (a realpath a card was most of the time of 60,000 cards).
  fs::path source = vm_->ruleset_dir() / fs::path(cards_file).filename();
  bool source_inside = vm_->outside(source).empty();
  std::string variant_file = variant_ ? vm_->display_path(variant_->file) : "";
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, out, i);
    std::string where = cards_file + ": card " + std::to_string(i) + ": ";
    if (!lua_istable(L, -1))
      throw ScriptError(where + "a card definition must be a table, got " + luaL_typename(L, -1));
    int d = lua_gettop(L);
    core::CardDef def;
    def.id = opt_string(L, d, "id", where);
    if (def.id.empty()) throw ScriptError(where + "needs an 'id' (a string)");
    int line = source_inside ? line_of(source, "\"" + def.id + "\"") : 0;
    std::string place = cards_file + (line ? ":" + std::to_string(line) : "");
    if (auto t = touched.find(i); t != touched.end()) {
      const std::string& vfile = variant_file;
      int vline = key_line(variant_->file.string(), 1, def.id);
      place = vfile + (vline ? ":" + std::to_string(vline) : "");
      if (t->second && opt_string(L, d, "name", place + ": ").empty()) {
        std::string near = did_you_mean(def.id, base_ids);
        throw ScriptError(place + ": cards: '" + def.id + "' is not a card of the ruleset" +
                          (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                          "; a new card needs a 'name' (a string)");
      }
    }
    where = place + ": card '" + def.id + "': ";
    if (!ids.insert(def.id).second) throw ScriptError(where + "the id is used twice");
    def.name = opt_string(L, d, "name", where);
    if (def.name.empty()) throw ScriptError(where + "needs a 'name' (a string)");
    def.text = opt_string(L, d, "text", where);
    def.quote = opt_string(L, d, "quote", where);
    def.kind = opt_string(L, d, "kind", where);
    def.suit = opt_string(L, d, "suit", where);
    def.color = opt_string(L, d, "color", where);
    def.short_label = opt_string(L, d, "short", where);
    def.image = opt_string(L, d, "image", where);
    opt_string(L, d, "note", where);  // for designers: checked, never kept nor drawn
    // A picture is looked up in the ruleset's folder or assets/: a path
    // that could leave them (absolute, "..") would let a shared ruleset
    // make the window read any file on the disk.
    if (!def.image.empty()) {
      fs::path p(def.image);
      bool leaves = p.is_absolute() || p.has_root_name();
      for (const auto& part : p) leaves |= part == "..";
      if (leaves)
        throw ScriptError(where +
                          "field 'image' must name a file in the ruleset's folder or "
                          "assets/ (no absolute path, no ..)");
    }
    get_field(L, d, "rank");
    if (lua_isnumber(L, -1) && lua_type(L, -1) == LUA_TNUMBER)
      def.rank = lua_tonumber(L, -1);
    else if (!lua_isnil(L, -1))
      throw ScriptError(where + "field 'rank' must be a number, got " + luaL_typename(L, -1));
    lua_pop(L, 1);
    get_field(L, d, "count");
    if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 0 && lua_tointeger(L, -1) <= 10000)
      def.count = static_cast<int>(lua_tointeger(L, -1));
    else if (!lua_isnil(L, -1))
      throw ScriptError(
          where + "field 'count' must be a whole number 0..10000, got " +
          (lua_type(L, -1) == LUA_TNUMBER ? lua_tostring(L, -1) : luaL_typename(L, -1)));
    lua_pop(L, 1);
    if (def.text.empty() && def.count > 0)
      notes_.push_back({Finding::Level::Warning, place, "card '" + def.id + "' has no text"});
    defs_.push_back(std::move(def));
    lua_pop(L, 1);
  }
  // Every game's table holds a few words per card instance, and every
  // snapshot copies them: a bound no real deck comes near.
  long long instances = 0;
  for (const auto& d : defs_) instances += d.count;
  if (instances > kMaxCards)
    throw ScriptError(cards_file + ": " + std::to_string(instances) +
                      " card instances (the counts of all cards; the sandbox's limit is " +
                      std::to_string(kMaxCards) + ")");
  lua_pushvalue(L, out);
  defs_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  // g.defs: card instance -> its definition, built once. Instances follow
  // the definitions (`count` copies each) in every game of these rules, so
  // every match shares it, and reading a card's definition costs rules an
  // index instead of a host call.
  lua_createtable(L, static_cast<int>(n), 0);
  lua_Integer card = 0;
  for (lua_Integer i = 1; i <= n; ++i) {
    for (int k = 0; k < defs_[static_cast<size_t>(i - 1)].count; ++k) {
      lua_rawgeti(L, out, i);
      lua_rawseti(L, -2, ++card);
    }
  }
  card_defs_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  shared_defs_ = std::make_shared<const std::vector<core::CardDef>>(defs_);
  lua_settop(L, src - 2);
}

}  // namespace ratify::lua
