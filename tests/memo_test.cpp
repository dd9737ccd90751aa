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

// kRules with a change: `from` replaced by `to`.
std::string edited(const std::string& from, const std::string& to) {
  std::string rules = kRules;
  auto at = rules.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return rules.replace(at, from.size(), to);
}

// The rules in a folder of their own, loaded.
struct Folder {
  fs::path dir;
  std::shared_ptr<engine::Loaded> loaded;
  Folder(const char* name, const std::string& rules) : dir(fs::temp_directory_path() / name) {
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream(dir / "ruleset.lua") << rules;
    loaded = engine::Loaded::open(dir.string());
  }
  ~Folder() { fs::remove_all(dir); }
  std::unique_ptr<lua::Match> match(uint64_t seed) {
    return loaded->rules().new_match(1, seed, loaded->options({}));
  }
};

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

// The host looks a list's zones up once. A game whose zones are made in
// another order (here by the seed) numbers them otherwise: its values
// follow its own zones' stamps, not those at the old numbers.
TEST(Memo, AGameWithItsZonesMadeInAnotherOrderReadsItsOwnZones) {
  Folder f("ratify_memo_order",
           edited("for _, z in ipairs(ZONES) do g.zone(z) end",
                  "local order = g.random(2) == 1 and { 1, 2, 3 } or { 3, 2, 1 }\n"
                  "  for _, k in ipairs(order) do g.zone(ZONES[k]) end"));
  auto m = f.match(1);
  int first = m->table().zone_index("a");
  expect_right(*m, look(*m));
  bool other_order = false;
  for (uint64_t seed = 2; seed < 40 && !other_order; ++seed) {
    m->reset(seed);
    m->setup();
    other_order = m->table().zone_index("a") != first;
    expect_right(*m, look(*m));
    m->apply(0);  // a and b read again, by their own stamps
    expect_right(*m, look(*m));
  }
  EXPECT_TRUE(other_order) << "no seed of 2..39 made the zones in the other order";
}

// The zones are looked up once, so a list changed in place would be read
// at its old zones: a strict game stops at the change, with the reason.
TEST(Memo, AStrictGameStopsAtAListChangedSinceTheFirstCall) {
  Folder f("ratify_memo_changed", edited("  local v = g.memo(sum, ZONES)\n",
                                         "  local v = g.memo(sum, ZONES)\n"
                                         "  ZONES[1], ZONES[3] = ZONES[3], ZONES[1]\n"));
  auto m = f.match(1);
  m->set_strict(true);
  look(*m);  // the first call looks the list up; then the rules swap two zones
  try {
    look(*m);
    FAIL() << "a changed list was read";
  } catch (const engine::ScriptError& e) {
    EXPECT_NE(std::string(e.what()).find("g.memo: zone 1 of the list changed since the first call"),
              std::string::npos)
        << e.what();
  }
}

// A reading stopped by fn's error is no reading: after a restore to the
// moment the value last saw whole, the zones fn read on the way are read
// again, not taken for unchanged by the table's stamp.
TEST(Memo, AReadingStoppedByAnErrorIsReadAgainAfterARestore) {
  Folder f("ratify_memo_error",
           edited("  reads = reads + 1\n",
                  "  reads = reads + 1\n"
                  "  if i == 2 and g.count(zone) == 3 then error(\"b is full\") end\n"));
  auto m = f.match(1);
  expect_right(*m, look(*m));
  auto before = m->snapshot();
  m->apply(0);  // a card from a to b: a is read again, then b raises
  EXPECT_THROW(look(*m), engine::ScriptError);
  m->restore(before);
  expect_right(*m, look(*m));
}
