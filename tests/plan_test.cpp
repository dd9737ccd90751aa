// A moment restored often makes its g.state again from a plan (CopyPlan),
// not by walking its copy: the state must come back the same, down to the
// order pairs visits its keys in (rules that walk g.state with pairs would
// otherwise play other games after a search's restores).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>

#include "core/rng.hpp"
#include "engine/game.hpp"
#include "lua/match.hpp"
#include "lua/ruleset.hpp"

using namespace ratify;
namespace fs = std::filesystem;

namespace {

// g.state of every kind of plain data; the one action reports it as pairs
// walks it (keys, values and nesting in visit order), and apply changes
// it throughout, so a restore has everything to put back.
const char* kPlainData = R"(
local function walk(t, out)
  for k, v in pairs(t) do
    out[#out + 1] = tostring(k) .. "="
    if type(v) == "table" then
      out[#out + 1] = "{"
      walk(v, out)
      out[#out + 1] = "}"
    else
      out[#out + 1] = tostring(v) .. ";"
    end
  end
  return out
end
local M = { id = "plan", name = "Plan", players = { min = 1, max = 1 },
  cards = { { id = "c", name = "Card", count = 2, text = "x" } } }
function M.setup(g)
  g.zone("a")
  g.move(1, "a")
  local s = g.state
  s.turns, s.half, s.done, s.name = 0, 0.5, false, "start"
  s.list = { 1, 2, 3, "four", true }
  s.sparse = { [3] = "c", [70] = "x", [-2] = "m" }
  s.mixed = { 10, 20, alpha = "a", beta = { gamma = { 1.25, "d", false } } }
  for i = 1, 40 do s["k" .. i] = i * 3 end
end
function M.actor(g) if g.state.turns < 100 then return 1 end end
function M.actions(g) return { { kind = "go", order = table.concat(walk(g.state, {})) } } end
function M.apply(g)
  local s = g.state
  s.turns, s.half, s.done, s.name = s.turns + 1, s.half * 3, true, "later"
  s.list[6] = "six"
  s.sparse[70], s.sparse[71] = nil, "y"
  s.mixed.beta.gamma[2] = "e"
  s.mixed.delta = {}
  for i = 1, 40, 2 do s["k" .. i] = nil end
  for i = 41, 60 do s["k" .. i] = -i end
end
function M.result(g) if g.state.turns >= 100 then return { winners = { 1 } } end end
return M
)";

// Player 2's number is a secret with no guess: in player 1's world it is a
// tripwire, and the heuristic reads it.
const char* kSealed = R"(
local M = { id = "sealed_plan", name = "Sealed", players = { min = 2, max = 2 },
  cards = { { id = "token", name = "Token", text = "unused" } },
  secrets = { number = "per_seat" } }
function M.setup(g) g.state.number = { 1, 2 } end
function M.actor(g) return g.state.guess == nil and 1 or nil end
function M.actions() return { { kind = "guess", number = 1 }, { kind = "guess", number = 2 } } end
function M.apply(g, a) g.state.guess = a.number end
function M.result(g) if g.state.guess then return { winners = { 1 } } end end
function M.heuristic(g, p) return g.state.number[2] end
return M
)";

// Rules in a folder of their own under the temporary folder, gone with
// the object.
struct Rules {
  fs::path dir;
  std::shared_ptr<engine::Loaded> loaded;
  Rules(const std::string& name, const char* text)
      : dir(fs::temp_directory_path() / ("ratify_plan_" + name)) {
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream(dir / "ruleset.lua") << text;
    loaded = engine::Loaded::open(dir.string());
  }
  ~Rules() { fs::remove_all(dir); }
};

std::string order(lua::Match& m) {
  m.touch();
  return m.action_json(0)["order"];
}

}  // namespace

TEST(Plan, AStateRestoredFromItsPlanIsTheCopyDownToItsOrder) {
  Rules rules("order", kPlainData);
  auto& l = rules.loaded;
  auto m = l->rules().new_match(1, 1, l->options({}));
  m->apply(0);  // a moment past setup, its tables grown by apply

  auto copied = m->snapshot(1);  // restored by copying
  auto planned = m->snapshot(lua::Match::kPlanFrom);
  uint64_t hash = m->hash();
  std::string before = order(*m);

  m->apply(0);
  m->restore(copied);
  EXPECT_EQ(m->hash(), hash);
  std::string by_copy = order(*m);
  for (int k = 0; k < 4; ++k) {  // the first restore plans, the others use the plan
    m->apply(0);
    m->apply(0);
    m->restore(planned);
    EXPECT_EQ(m->hash(), hash) << "restore " << k;
    EXPECT_EQ(order(*m), by_copy) << "restore " << k;
  }
  EXPECT_NE(by_copy.find("gamma={1=1.25;2=e;3=false;}"), std::string::npos) << by_copy;
  EXPECT_EQ(by_copy.size(), before.size());
  m.reset();
}

// A moment keeps its actions' keys when they were known as it was taken
// (a search takes the keys of the moment it restores at every
// iteration): each restore gives its own moment's keys, never the last.
TEST(Plan, AMomentRestoredGivesTheKeysOfItsOwnActions) {
  const char* counter = R"(
local M = { id = "keys", name = "Keys", players = { min = 1, max = 1 },
  cards = { { id = "c", name = "Card", text = "x" } } }
function M.setup(g) g.state.turns = 0 end
function M.actor(g) if g.state.turns < 100 then return 1 end end
function M.actions(g) return { { kind = "go", after = g.state.turns } } end
function M.apply(g) g.state.turns = g.state.turns + 1 end
function M.result(g) if g.state.turns >= 100 then return { winners = { 1 } } end end
return M
)";
  Rules rules("keys", counter);
  auto& l = rules.loaded;
  auto m = l->rules().new_match(1, 1, l->options({}));
  auto first = m->action_keys();
  auto known = m->snapshot(1);  // with its actions and their keys
  m->apply(0);
  auto unlisted = m->snapshot(1);  // its actions not listed yet
  auto second = m->action_keys();
  ASSERT_NE(first, second);  // the action reports the turn, which apply changed
  for (int k = 0; k < 2; ++k) {
    m->restore(known);
    EXPECT_EQ(m->action_keys(), first) << "restore " << k;
    m->restore(unlisted);
    EXPECT_EQ(m->action_keys(), second) << "restore " << k;
  }
  m->apply(0);
  EXPECT_NE(m->action_keys(), second);
  m.reset();
}

// A moment of a bot's world keeps its tripwires when it is made again from
// its plan: after every restore, reading the other seat's secret is still
// an error.
TEST(Plan, APlannedWorldKeepsItsTripwires) {
  Rules rules("sealed", kSealed);
  auto& l = rules.loaded;
  engine::Game g(l, 2, 3, l->options({}), engine::Mode::Record);
  core::Rng rng(1);
  engine::State& m = g.state();
  m.world_for(1, rng);
  auto world = m.mark(lua::Match::kPlanFrom);
  for (int k = 0; k < 4; ++k) {
    m.apply_scratch(0);
    m.restore(world);
    try {
      m.heuristic(1);
      ADD_FAILURE() << "restore " << k << ": the secret was read";
    } catch (const engine::ScriptError& e) {
      EXPECT_NE(std::string(e.what()).find("is player 2's secret"), std::string::npos) << e.what();
    }
  }
}
