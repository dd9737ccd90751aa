// A match as data: its hash, a save and its loading, snapshots to go back
// to, and determinize (a world a player could be in).
#include <algorithm>
#include <cmath>
#include <map>

#include "core/replay.hpp"
#include "lua/internal.hpp"
#include "lua/match.hpp"
#include "lua/ruleset.hpp"
#include "lua/wrap.hpp"

namespace ratify::lua {

uint64_t Match::hash(bool by_definition) {
  core::Hasher h;
  table_.hash_into(h, by_definition);
  h.add(rng_.state());
  h.add(rng_.increment());
  protect(vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    lua_getfield(L, -1, "state");
    hash_value(L, -1, h);
  });
  return h.value();
}

nlohmann::json Match::save(bool with_log) {
  nlohmann::json j = {{"format", "ratify-save"},
                      {"version", 1},
                      {"ruleset", rules_.meta().id},
                      {"players", players()},
                      {"seed", seed_},
                      {"options", core::to_json(options_)},
                      {"rng", {core::hash_hex(rng_.state()), core::hash_hex(rng_.increment())}},
                      {"table", table_.to_json()},
                      {"state", state_json()}};
  if (with_log) {
    j["log"] = log_;
    // Only a log with private lines says whom they are for (older saves have none).
    if (std::any_of(log_to_.begin(), log_to_.end(), [](uint32_t to) { return to != 0; }))
      j["log_to"] = log_to_;
  }
  return j;
}

void Match::load(const nlohmann::json& j) {
  try {
    if (j.value("format", "") != "ratify-save") throw std::runtime_error("not a ratify save");
    if (j.at("ruleset").get<std::string>() != rules_.meta().id)
      throw std::runtime_error("a save of '" + j.at("ruleset").get<std::string>() + "', not of '" +
                               rules_.meta().id + "'");
    if (j.at("players").get<int>() != players()) throw std::runtime_error("player count differs");
    core::Table t = table_;
    t.from_json(j.at("table"));
    auto rng = j.at("rng");
    core::Rng r;
    r.restore(std::stoull(rng.at(0).get<std::string>(), nullptr, 16),
              std::stoull(rng.at(1).get<std::string>(), nullptr, 16));
    nlohmann::json state = j.at("state");
    protect(vm_, [&](lua_State* L) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
      push_json(L, state);
      std::string bad = check_plain(L, -1, "state");
      if (!bad.empty()) raise_text(L, bad);
      lua_setfield(L, -2, "state");
    });
    table_ = std::move(t);
    rng_ = r;
    auto log = j.value("log", std::vector<std::string>{});
    auto log_to = j.value("log_to", std::vector<uint32_t>(log.size(), 0));
    if (log_to.size() != log.size())
      throw std::runtime_error("bad save: log_to and log differ in length");
    log_ = std::move(log);
    log_to_ = std::move(log_to);
    vm_.charge(-static_cast<std::ptrdiff_t>(log_bytes_));
    log_bytes_ = 0;
    world_ = 0;
    if (shown_seed_ != seed_) show_seed(seed_);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("bad save: ") + e.what());
  } catch (const std::logic_error& e) {
    throw std::runtime_error(std::string("bad save: ") + e.what());
  }
  reset_transaction();
  touch();
}

Snapshot Match::snapshot(int restores) {
  Snapshot s;
  s.restores_ = restores;
  s.table_ = table_;
  s.rng_ = rng_;
  s.log_size_ = log_.size();
  s.log_bytes_ = log_bytes_;
  s.world_ = world_;
  s.shown_seed_ = shown_seed_;
  // Unique across threads without a counter they share (sim's threads
  // take a snapshot per search and per transaction checkpoint).
  s.id_ = core::next_stamp();
  protect(vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    lua_getfield(L, -1, "state");
    push_copy(L, -1);
    s.state_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
    // A copy of the list, not the list: rules may hand out one list table
    // and refill it at the next call.
    if (actions_version_ == version_ && actions_ref_ != -1) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, actions_ref_);
      lua_createtable(L, actions_n_, 0);
      for (int i = 1; i <= actions_n_; ++i) {
        lua_rawgeti(L, -2, i);
        lua_rawseti(L, -2, i);
      }
      s.actions_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
      s.actions_n_ = actions_n_;
      s.keys_known_ = keys_version_ == version_;
      if (s.keys_known_) s.keys_ = keys_;
    }
  });
  s.vm_ = &vm_;
  return s;
}

void Match::reset_transaction() {
  checkpoint_ = Snapshot();
  for (int ref : journal_) luaL_unref(vm_.state(), LUA_REGISTRYINDEX, ref);
  journal_.clear();
}

// A jump to another moment ends the current transaction history: the next
// apply takes a fresh checkpoint.
void Match::restore(const Snapshot& s) {
  restore_state(s);
  reset_transaction();
  restored_id_ = s.id_;
  restored_version_ = version_;
  if (s.actions_ref_ != -1) reuse_actions(s);
}

// The moment's legal actions as they were when it was taken: the state
// is the same, so they are what actions(g) would say, and a search that
// tries every action from one moment (the heuristic's one step ahead)
// calls actions(g) once for it, not again after every restore. The
// snapshot keeps its copy; this is another reference to it.
void Match::reuse_actions(const Snapshot& s) {
  protect(vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, s.actions_ref_);
    if (actions_ref_ != -1)
      lua_rawseti(L, LUA_REGISTRYINDEX, actions_ref_);  // the slot is ours: no new reference
    else
      actions_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  });
  actions_n_ = s.actions_n_;
  actions_version_ = version_;
  if (s.keys_known_) keys_ = s.keys_, keys_version_ = version_;
}

void Match::restore_state(const Snapshot& s) {
  if (s.vm_ != &vm_) throw ScriptError("a snapshot of another game");
  protect(vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    if (!s.plan_.ready() && s.restores_ >= kPlanFrom) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, s.state_ref_);
      s.drop_plan();
      s.plan_.record(L, -1);
      lua_pop(L, 1);
      s.plan_bytes_ = s.plan_.bytes();
      if (!vm_.charge(static_cast<std::ptrdiff_t>(s.plan_bytes_))) {
        s.drop_plan();  // over the memory cap: copy instead (which may fail)
        s.restores_ = 1;
      }
    }
    if (s.plan_.ready()) {
      s.plan_.push(L);
    } else {
      lua_rawgeti(L, LUA_REGISTRYINDEX, s.state_ref_);
      push_copy(L, -1);
      lua_remove(L, -2);
    }
    lua_setfield(L, -2, "state");
  });
  table_.restore_from(s.table_);
  rng_ = s.rng_;
  world_ = s.world_;
  if (shown_seed_ != s.shown_seed_) show_seed(s.shown_seed_);
  if (log_.size() > s.log_size_) {
    log_.resize(s.log_size_);
    log_to_.resize(s.log_size_);
    vm_.charge(static_cast<std::ptrdiff_t>(s.log_bytes_) - static_cast<std::ptrdiff_t>(log_bytes_));
    log_bytes_ = s.log_bytes_;
  }
  touch();
}

void Match::show_seed(uint64_t seed) {
  shown_seed_ = seed;
  protect(vm_, [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
    lua_pushinteger(L, static_cast<lua_Integer>(seed));
    lua_setfield(L, -2, "seed");
  });
}

// The cards named by the `card` and `cards` fields of the player's legal
// actions, when the player acts: cards it is offered are cards it is shown
// (captured offers every Patriot of its face-down deck as an identity),
// so a world keeps them where they are. Kept for the moment last restored,
// from which bots make many worlds in a row.
const std::vector<core::CardId>& Match::offered_cards(int player) {
  bool at_moment = restored_id_ != 0 && version_ == restored_version_;
  if (at_moment && offered_id_ == restored_id_ && offered_player_ == player) return offered_;
  offered_.clear();
  if (actor() == player) {
    ensure_actions();
    protect(vm_, [&](lua_State* L) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, actions_ref_);
      int list = lua_gettop(L);
      for (int i = 1; i <= actions_n_; ++i) {
        push_action(L, list, i);
        if (lua_getfield(L, -1, "card") == LUA_TNUMBER && lua_isinteger(L, -1))
          offered_.push_back(static_cast<core::CardId>(lua_tointeger(L, -1)));
        if (lua_getfield(L, -2, "cards") == LUA_TTABLE)
          for (lua_Integer k = 1; lua_rawgeti(L, -1, k) == LUA_TNUMBER; ++k, lua_pop(L, 1))
            if (lua_isinteger(L, -1))
              offered_.push_back(static_cast<core::CardId>(lua_tointeger(L, -1)));
        lua_settop(L, list);
      }
    });
  }
  offered_id_ = at_moment ? restored_id_ : 0;
  offered_player_ = player;
  return offered_;
}

void Match::determinize(int player, core::Rng& rng) {
  redeal(player, rng, offered_cards(player));
  // A lookahead past a shuffle or g.random draws from the bot's guess of
  // the future, never the game's: with the game's RNG a bot saw which
  // card a bet would turn over.
  uint64_t state = rng.next64();
  rng_ = core::Rng(state, rng.next64());
  show_seed(rng.next64());  // g.seed re-deals nothing real
  world_ = player;
  reset_transaction();
  touch();
  hide_secrets(player);
}

// The pools: the cards `player` does not know, by the zone each was last
// shuffled in (cards of one pack are alike face down, so a card of
// GITMO's Special Ops deck is never imagined among the basic deck's), or
// never shuffled. Cards in the box that were never shuffled are outside
// the game and stay, and so do cards the player's actions name. Within a
// pool the cards are sorted, in order of the pack: the guess depends only
// on which cards are unseen, never on where they really lie. Kept for the
// moment last restored, as the offered cards are: a search deals world
// after world from one moment.
const std::vector<Match::DealPool>& Match::deal_pools(int player,
                                                      const std::vector<core::CardId>& offered) {
  bool at_moment = restored_id_ != 0 && version_ == restored_version_;
  if (at_moment && pools_id_ == restored_id_ && pools_player_ == player) return pools_;
  std::vector<char> shown(static_cast<size_t>(table_.ncards()) + 1, 0);
  for (core::CardId c : offered)
    if (c >= 1 && c <= table_.ncards()) shown[static_cast<size_t>(c)] = 1;
  std::map<int, DealPool> pools;
  const auto& zones = table_.zones();
  for (size_t z = 0; z < zones.size(); ++z) {
    bool box = zones[z].kind == "box";
    for (size_t p = 0; p < zones[z].cards.size(); ++p) {
      core::CardId c = zones[z].cards[p];
      int pack = table_.shuffled_in(c);
      if (table_.knows(player, c) || shown[static_cast<size_t>(c)] || (pack < 0 && box)) continue;
      DealPool& pool = pools[pack];
      pool.places.push_back({static_cast<int>(z), static_cast<int>(p), table_.known_mask(c),
                             table_.remembered_mask(c)});
      pool.cards.push_back(c);
    }
  }
  pools_.clear();
  for (auto& [pack, pool] : pools) {
    std::sort(pool.cards.begin(), pool.cards.end());
    pools_.push_back(std::move(pool));
  }
  pools_id_ = at_moment ? restored_id_ : 0;
  pools_player_ = player;
  return pools_;
}

// Each pool's cards shuffled by the bot's RNG into the pool's places in
// table order. What the other players know of a place (they saw it taken,
// or revealed) stays with the place, whichever card the guess puts there.
void Match::redeal(int player, core::Rng& rng, const std::vector<core::CardId>& offered) {
  for (const DealPool& pool : deal_pools(player, offered)) {
    dealt_ = pool.cards;
    rng.shuffle(dealt_);
    for (size_t k = 0; k < pool.places.size(); ++k) {
      const DealPool::Place& at = pool.places[k];
      table_.place(at.zone, at.pos, dealt_[k]);
      table_.set_knowledge(dealt_[k], at.known, at.remembered);
    }
  }
}

}  // namespace ratify::lua
