// g.memo: what the rules keep between decisions, by zone stamps. A value
// is read again only for the zones whose cards changed, is right after a
// restore (bots restore snapshots at every try), and never reaches another
// game, not even a game dealt exactly alike.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/game.hpp"
#include "lua/match.hpp"
#include "lua/ruleset.hpp"

using namespace ratify;
namespace fs = std::filesystem;

namespace {

// Six cards in three zones; each decision reports the sums of the card
// numbers in each zone as g.memo kept them, how many zones were read in
// all (reads), and which value it was (born counts fresh values).
const char* kRules = R"(
local reads, born = 0, 0
local ZONES = { "a", "b", "c" }
local function sum(g, value, zone, i)
  reads = reads + 1
  if not value.born then
    born = born + 1
    value.born = born
  end
  local s = 0
  for _, c in ipairs(g.cards(zone)) do s = s + c end
  value[i] = s
end
local M = { id = "memo", name = "Memo", players = { min = 1, max = 1 },
  cards = { { id = "c", name = "Card", count = 6, text = "x" } } }
function M.setup(g)
  for _, z in ipairs(ZONES) do g.zone(z) end
  for c = 1, 6 do g.move(c, ZONES[(c - 1) % 3 + 1]) end
end
function M.actor(g) if g.count("a") > 0 then return 1 end end
function M.actions(g)
  local v = g.memo(sum, ZONES)
  return { { kind = "move", a = v[1], b = v[2], c = v[3], born = v.born, reads = reads } }
end
function M.apply(g) g.move(g.top("a"), "b") end
function M.result(g) if g.count("a") == 0 then return { winners = { 1 } } end end
return M
)";

struct Seen {
  int a, b, c, born, reads;
};

// What the rules saw at the current decision (actions asked again).
Seen look(lua::Match& m) {
  m.touch();
  auto j = m.action_json(0);
  return {j["a"], j["b"], j["c"], j["born"], j["reads"]};
}

int sum(lua::Match& m, const char* zone) {
  int s = 0;
  for (int c : m.table().zone(zone).cards) s += c;
  return s;
}

void expect_right(lua::Match& m, const Seen& s) {
  EXPECT_EQ(s.a, sum(m, "a"));
  EXPECT_EQ(s.b, sum(m, "b"));
  EXPECT_EQ(s.c, sum(m, "c"));
}

}  // namespace

TEST(Memo, ReadsChangedZonesOnlyIsRightAfterRestoreAndNeverInAnotherGame) {
  fs::path dir = fs::temp_directory_path() / "ratify_memo_test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "ruleset.lua") << kRules;
  auto l = engine::Loaded::open(dir.string());
  auto m = l->rules().new_match(1, 1, l->options({}));

  Seen s = look(*m);  // the first decision reads every zone
  expect_right(*m, s);
  EXPECT_EQ(s.born, 1);
  EXPECT_EQ(s.reads, 3);
  s = look(*m);  // nothing moved: nothing read
  EXPECT_EQ(s.reads, 3);

  auto before = m->snapshot();
  m->apply(0);  // a card from a to b: those two are read again, c is kept
  s = look(*m);
  expect_right(*m, s);
  EXPECT_EQ(s.born, 1);
  EXPECT_EQ(s.reads, 5);

  m->restore(before);  // the old cards, under their old stamps: read again
  s = look(*m);
  expect_right(*m, s);
  EXPECT_EQ(s.born, 1);
  EXPECT_EQ(s.reads, 7);

  m->reset(1);  // another game, dealt exactly as the first
  m->setup();
  s = look(*m);
  expect_right(*m, s);
  EXPECT_EQ(s.born, 2);  // a fresh value: nothing of the first game's
  EXPECT_EQ(s.reads, 10);

  m->restore(before);  // back into the first game: nothing of this one's
  s = look(*m);
  expect_right(*m, s);
  EXPECT_EQ(s.born, 3);
  EXPECT_EQ(s.reads, 13);

  // Another match of the same rules keeps its own values.
  auto other = l->rules().new_match(1, 1, l->options({}));
  s = look(*other);
  expect_right(*other, s);
  EXPECT_EQ(s.born, 4);
  EXPECT_EQ(s.reads, 16);
  s = look(*m);
  EXPECT_EQ(s.born, 3);
  EXPECT_EQ(s.reads, 16);

  m.reset();
  other.reset();
  fs::remove_all(dir);
}
