// Engine: transactional apply, undo over a reveal refused, replays that
// catch a changed rule, save/load, variants and options, determinism.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "core/line_profile.hpp"
#include "engine/game.hpp"
#include "engine/saves.hpp"
#include "engine/scenario.hpp"
#include "engine/testing.hpp"
#include "lua/ruleset.hpp"

using namespace ratify;
namespace fs = std::filesystem;

static const fs::path kTiny = fs::path(RATIFY_TEST_FIXTURES) / "tiny";

static int find_label(engine::Game& g, const std::string& label) {
  for (int i = 0; i < g.action_count(); ++i)
    if (g.action(i).label.rfind(label, 0) == 0) return i;
  return -1;
}

TEST(Engine, ApplyIsATransaction) {
  auto l = engine::Loaded::open(kTiny.string());
  engine::Game g(l, 2, 5, l->options({}), engine::Mode::Record);
  // Past a checkpoint (every 64 actions), so the restore replays actions.
  for (int k = 0; k < 30; ++k) g.apply(find_label(g, "Peek"));
  g.apply(find_label(g, "Draw"));
  for (int k = 0; k < 40; ++k) g.apply(find_label(g, "Peek"));
  uint64_t before = g.state().hash();
  auto state = g.state().save(false)["state"];
  auto zones = g.state().table().to_json();
  try {
    g.apply(find_label(g, "Boom"));
    FAIL() << "boom did not fail";
  } catch (const engine::ScriptError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("ruleset.lua:"), std::string::npos) << msg;  // file:line
    EXPECT_NE(msg.find("boom"), std::string::npos);
  }
  EXPECT_EQ(g.state().hash(), before);
  EXPECT_EQ(g.state().save(false)["state"], state);
  EXPECT_EQ(g.state().table().to_json(), zones);
}

// Batch games keep no log and format none (g.logging is false there);
// every other game formats g.log(format, ...) lines.
TEST(Engine, OnlyKeptLogsAreFormatted) {
  auto l = engine::Loaded::open(kTiny.string());
  for (auto mode : {engine::Mode::Lean, engine::Mode::Record}) {
    engine::Game g(l, 2, 5, l->options({}), mode);
    bool played = false;
    for (int k = 0; k < 20 && !played && g.actor() != 0; ++k) {
      int play = find_label(g, "Draw");
      for (int i = 0; i < g.action_count(); ++i)
        if (g.state().action(i).label.rfind("Play", 0) == 0) play = i, played = true;
      g.apply(play);
    }
    ASSERT_TRUE(played);
    if (mode == engine::Mode::Lean) {
      EXPECT_TRUE(g.state().log().empty());
    } else {
      // The rules log a play; a draw they do not log, so the engine does.
      const auto& log = g.state().log();
      ASSERT_FALSE(log.empty());
      EXPECT_EQ(log.front(), "Player 1: Draw");
      EXPECT_EQ(log.back().rfind("p1 plays ", 0), 0u) << log.back();
    }
  }
}

// A move asks the rules for the legal actions once: listing them to choose
// and then applying one must not list them again (a step once cost twice
// the rules' work when a move's first act marked the game as changed).
TEST(Engine, AStepListsTheActionsOnce) {
  auto l = engine::Loaded::open(kTiny.string());
  for (auto mode : {engine::Mode::Lean, engine::Mode::Record}) {
    core::CallProfile profile;
    engine::Game g(l, 2, 5, l->options({}), mode, &profile);
    int steps = 0;
    for (; steps < 20 && g.actor() != 0; ++steps) g.apply(find_label(g, "Peek"));
    ASSERT_EQ(steps, 20);
    EXPECT_LE(profile.calls[core::CallProfile::Actions], steps + 1);
  }
}

// A lean game has no transaction: a failing apply is reported (file:line)
// and the game is not continued.
TEST(Engine, LeanGamesReportAFailedApply) {
  auto l = engine::Loaded::open(kTiny.string());
  engine::Game g(l, 2, 5, l->options({}), engine::Mode::Lean);
  try {
    g.apply(find_label(g, "Boom"));
    FAIL() << "boom did not fail";
  } catch (const engine::ScriptError& e) {
    EXPECT_NE(std::string(e.what()).find("ruleset.lua:"), std::string::npos) << e.what();
  }
}

TEST(Engine, UndoNeverStepsBackOverARevealedCard) {
  auto l = engine::Loaded::open(kTiny.string());
  engine::Game g(l, 2, 5, l->options({}), engine::Mode::Interactive);
  g.apply(find_label(g, "Pass"));  // player 1
  EXPECT_EQ(g.why_no_undo(1), "");
  g.undo(1);
  EXPECT_EQ(g.actor(), 1);
  g.apply(find_label(g, "Draw"));  // player 1 sees the drawn card
  EXPECT_NE(g.why_no_undo(1), "");
  EXPECT_THROW(g.undo(1), std::runtime_error);
  g.apply(find_label(g, "Peek"));  // player 2 looks at the top card
  EXPECT_NE(g.why_no_undo(2).find("showed you a card"), std::string::npos);
  g.apply(find_label(g, "Pass"));   // player 2 passes: nothing new seen
  EXPECT_EQ(g.why_no_undo(2), "");  // the pass itself can go
  g.undo(2);
  EXPECT_NE(g.why_no_undo(2), "");  // but not the peek before it
}

// At a table of people undo stops at a card shown to anyone and at a
// random draw: a tiny game whose pass shuffles the deck.
TEST(Engine, SharedUndoNeverStepsBackOverARevealOrADraw) {
  fs::path tmp = fs::temp_directory_path() / "ratify_engine_test_shuffling_pass";
  fs::remove_all(tmp);
  fs::copy(kTiny, tmp, fs::copy_options::recursive);
  std::ifstream in(tmp / "ruleset.lua");
  std::string rules((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  std::string pass = "g.state.passes = g.state.passes + 1\n";
  rules.replace(rules.find(pass), pass.size(),
                pass + "    if g.options.bonus then g.shuffle(\"deck\") end\n");
  std::ofstream(tmp / "ruleset.lua") << rules;
  auto l = engine::Loaded::open(tmp.string());
  engine::Game g(l, 2, 5, l->options({"bonus=true"}), engine::Mode::Interactive);
  g.apply(find_label(g, "Pass"));   // player 1: the deck is shuffled, nobody sees a card
  EXPECT_EQ(g.why_no_undo(1), "");  // alone at the table, undo may
  EXPECT_NE(g.why_no_shared_undo(1).find("drew at random"), std::string::npos);
  engine::Game quiet(l, 2, 5, l->options({}), engine::Mode::Interactive);
  quiet.apply(find_label(quiet, "Pass"));  // no shuffle without the bonus option
  EXPECT_EQ(quiet.why_no_shared_undo(1), "");
  quiet.apply(find_label(quiet, "Peek"));  // player 2 sees the top card (and acts again)
  quiet.apply(find_label(quiet, "Pass"));  // player 2: the peek lies after player 1's pass
  EXPECT_EQ(quiet.why_no_undo(1), "");     // player 1 saw nothing new
  EXPECT_NE(quiet.why_no_shared_undo(1).find("showed a card"), std::string::npos);
  fs::remove_all(tmp);
}

// Meet the Patriots shows a card to all and puts it back face down: every
// view, the players' and an onlooker's, draws a back where it lies, yet
// both players know it (bots may use it, undo may not forget it).
TEST(Engine, AKnownCardLyingFaceDownIsDrawnAsABack) {
  auto l = engine::Loaded::open("meet_the_patriots");
  engine::Game g(l, 2, 3, l->options({}), engine::Mode::Interactive);
  int c = g.state().table().zone("slot:1").cards.back();
  g.apply(find_label(g, "Turn over the card at row 1, column 1"));
  ASSERT_EQ(g.actor(), 2) << "no pair to claim with the first card of the game";
  for (int viewer = 0; viewer <= 2; ++viewer) {
    auto v = g.view(viewer);
    auto slot = std::find_if(v.zones.begin(), v.zones.end(),
                             [](const engine::ZoneView& z) { return z.name == "slot:1"; });
    ASSERT_NE(slot, v.zones.end());
    ASSERT_EQ(slot->cards.size(), 1u);
    EXPECT_FALSE(slot->cards[0].face_up) << "viewer " << viewer;
    EXPECT_EQ(slot->cards[0].id, 0) << "a back tells nothing, viewer " << viewer;
  }
  EXPECT_TRUE(g.state().table().knows(1, c));
  EXPECT_TRUE(g.state().table().knows(2, c));
  EXPECT_NE(g.why_no_undo(1).find("showed you a card"), std::string::npos);
}

TEST(Engine, UndoRestoresTheExactState) {
  auto l = engine::Loaded::open(kTiny.string());
  engine::Game g(l, 2, 9, l->options({}), engine::Mode::Interactive);
  g.apply(find_label(g, "Pass"));  // player 1
  g.apply(find_label(g, "Pass"));  // player 2
  uint64_t h = g.state().hash();
  g.apply(find_label(g, "Pass"));  // player 1
  g.apply(find_label(g, "Pass"));  // player 2
  g.undo(1);                       // back to before player 1's last action, and player 2's after it
  EXPECT_EQ(g.state().hash(), h);
  EXPECT_EQ(g.steps(), 2u);
}

TEST(Engine, ReplayVerifyCatchesAChangedRule) {
  auto l = engine::Loaded::open(kTiny.string());
  engine::Game g(l, 2, 11, l->options({}), engine::Mode::Record);
  core::Rng pick(3);
  while (g.actor() && g.steps() < 60) {
    int n = g.action_count();
    int i = static_cast<int>(pick.below(n));
    if (g.action(i).label == "Boom") continue;
    g.apply(i);
  }
  auto replay = core::parse_replay(core::to_jsonl(g.replay()), "mem");
  EXPECT_FALSE(engine::verify_replay(l, replay).has_value());

  // The same game under an edited rule: a card is worth more.
  fs::path tmp = fs::temp_directory_path() / "ratify_engine_test_tiny";
  fs::remove_all(tmp);
  fs::copy(kTiny, tmp, fs::copy_options::recursive);
  {
    std::ofstream f(tmp / "cards.lua");
    f << "return {\n { id = \"one\", name = \"One\", count = 3, points = 5, text = \"\" },\n"
         " { id = \"two\", name = \"Two\", count = 2, points = 2, text = \"\" },\n"
         " { id = \"three\", name = \"Three\", count = 1, points = 3, text = \"\" },\n}\n";
  }
  auto edited = engine::Loaded::open(tmp.string());
  replay.header.ruleset = tmp.string();
  auto d = engine::verify_replay(edited, replay);
  ASSERT_TRUE(d.has_value());
  EXPECT_GT(d->step, 0);
  EXPECT_NE(d->message.find("action"), std::string::npos);
  fs::remove_all(tmp);
}

TEST(Engine, SaveLoadKeepsTheHash) {
  auto l = engine::Loaded::open(kTiny.string());
  engine::Game g(l, 3, 2, l->options({"bonus=true"}), engine::Mode::Lean);
  for (int k = 0; k < 10; ++k) g.apply(0);
  auto saved = g.state().save();
  auto m = l->rules().new_match(3, 2, g.options(), false);
  m->load(nlohmann::json::parse(saved.dump()));
  EXPECT_EQ(m->hash(), g.state().hash());
  auto bad = saved;
  bad["state"]["score"] = "oops";
  m->load(bad);  // plain data: loads; the ruleset would fail later, not the host
  bad["table"]["zones"][1]["cards"].push_back(1);
  EXPECT_THROW(m->load(bad), std::runtime_error);
}

TEST(Engine, VariantsChangeOptionsAndCards) {
  auto l = engine::Loaded::open((kTiny / "variants" / "rich.lua").string());
  EXPECT_EQ(l->rules().card_defs().size(), 4u);
  EXPECT_EQ(l->rules().card_defs()[2].count, 3);
  auto opts = l->options({});
  EXPECT_EQ(std::get<int64_t>(opts["target"]), 9);
  EXPECT_EQ(std::get<int64_t>(l->options({"target=2"})["target"]), 2);
  EXPECT_THROW(l->options({"nope=1"}), core::OptionError);
  EXPECT_THROW(l->options({"target=abc"}), core::OptionError);
}

TEST(Engine, SameSeedSameGame) {
  auto l = engine::Loaded::open(kTiny.string());
  auto play = [&](uint64_t seed) {
    engine::Game g(l, 2, seed, l->options({}), engine::Mode::Lean);
    core::Rng pick(seed);
    while (g.actor() && g.steps() < 1000) {
      int i = static_cast<int>(pick.below(g.action_count()));
      if (g.action(i).label == "Boom") continue;
      g.apply(i);
    }
    return g.state().hash();
  };
  EXPECT_EQ(play(4), play(4));
  EXPECT_NE(play(4), play(5));
}

TEST(Engine, DeterminizeRedealsOnlyUnseenCards) {
  auto l = engine::Loaded::open(kTiny.string());
  engine::Game g(l, 2, 8, l->options({}), engine::Mode::Lean);
  g.apply(find_label(g, "Draw"));  // p1
  g.apply(find_label(g, "Draw"));  // p2
  auto& m = engine::testing::match_of(g);
  int mine = m.table().zone("hand:1").cards[0];
  auto deck_before = m.table().zone("deck").cards;
  core::Rng r(1);
  m.determinize(1, r);
  EXPECT_EQ(m.table().zone("hand:1").cards[0], mine);
  EXPECT_EQ(m.table().check_conservation(), "");
  EXPECT_EQ(m.table().zone("deck").cards.size(), deck_before.size());
}

TEST(Engine, ScenarioTestsOfAFixture) {
  auto report = engine::run_ruleset_tests(kTiny.string());
  // basic.lua five, positions.lua eight, variants.lua three (a variant's
  // tests run again under it)
  ASSERT_EQ(report.items.size(), 16u);
  for (const auto& i : report.items) EXPECT_TRUE(i.passed) << i.name << ": " << i.message;
}

// t.game refuses what it does not know, and says what it knows: a copy of
// the fixture with tests that are meant to fail.
TEST(Engine, ScenarioGamesRefuseUnknownKeysAndVariants) {
  fs::path dir = fs::temp_directory_path() / ("ratify_refused_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::copy(kTiny, dir, fs::copy_options::recursive);
  std::ofstream(dir / "tests" / "refused.lua") << R"(return {
  { name = "a misspelt key", run = function(t) t.game { player = 2 } end },
  { name = "a variant that does not exist", run = function(t) t.game { variant = "poor" } end },
  { name = "two variants in one test", run = function(t)
      t.game { variant = "rich" }
      t.game { players = 2 }
    end },
  { name = "a path for a variant", run = function(t) t.game { variant = "/tmp/x.lua" } end },
}
)";
  auto report = engine::run_ruleset_tests(dir.string(), "refused.lua");
  fs::remove_all(dir);
  ASSERT_EQ(report.items.size(), 4u);
  auto message = [&](int i) { return report.items[i].message; };
  for (int i = 0; i < 4; ++i) EXPECT_FALSE(report.items[i].passed);
  EXPECT_NE(message(3).find("variant must be the name of a file in variants/"), std::string::npos)
      << message(3);
  EXPECT_NE(message(0).find("unknown key player"), std::string::npos) << message(0);
  EXPECT_NE(message(0).find("players, seed, options, setup, variant"), std::string::npos);
  EXPECT_NE(message(0).find("refused.lua:2"), std::string::npos) << message(0);
  EXPECT_NE(message(1).find("refused.lua:3"), std::string::npos) << message(1);
  EXPECT_NE(message(1).find("no variant 'poor'"), std::string::npos) << message(1);
  EXPECT_NE(message(1).find("rich"), std::string::npos) << "lists the variants: " << message(1);
  EXPECT_NE(message(2).find("same variant"), std::string::npos) << message(2);
}

// The position API refuses what would make a test play another position
// than it believes, and says why.
TEST(Engine, ScenarioPositionsRefuseWhatTheyCannotDo) {
  fs::path dir = fs::temp_directory_path() / ("ratify_positions_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::copy(kTiny, dir, fs::copy_options::recursive);
  std::ofstream(dir / "tests" / "refused.lua") << R"(return {
  { name = "stack", run = function(t) t.game { players = 2, stack = { ["hand:1"] = { "one" } } } end },
  { name = "copies", run = function(t) t.game { players = 2, stack = { deck = { "three", "three" } } } end },
  { name = "rest", run = function(t) t.game { players = 2 }:arrange("deck", { "one" }) end },
  { name = "set", run = function(t) t.game { players = 2 }:set("scores", 1, 2) end },
  { name = "zone", run = function(t) t.game { players = 2 }:arrange("pile", {}) end },
}
)";
  auto report = engine::run_ruleset_tests(dir.string(), "refused.lua");
  fs::remove_all(dir);
  const char* expected[] = {
      "refused.lua:2: t.game: setup never shuffled hand:1, so its stack was not used",
      "refused.lua:3: t.game stack deck: there is no copy 2 of card 'three'",
      "refused.lua:4: G:arrange: deck also holds one and more; name it too or give a zone",
      "refused.lua:5: G:set: 'scores' is not settable; the ruleset's settable are: ",
      "refused.lua:6: G:arrange: no zone 'pile'"};
  ASSERT_EQ(report.items.size(), 5u);
  for (size_t k = 0; k < 5; ++k) {
    EXPECT_FALSE(report.items[k].passed);
    EXPECT_NE(report.items[k].message.find(expected[k]), std::string::npos)
        << report.items[k].message;
  }
}

TEST(Engine, ScenarioFilterPicksTestsByName) {
  auto report = engine::run_ruleset_tests(kTiny.string(), "variant rich");
  ASSERT_EQ(report.items.size(), 1u);
  EXPECT_TRUE(report.items[0].passed) << report.items[0].message;
  EXPECT_EQ(engine::run_ruleset_tests(kTiny.string(), "nothing like it").items.size(), 0u);
}

// Failed assertions name the test file and line, and say what differed
// (and, under the asan preset, leak nothing on the way: lua_error).
TEST(Engine, FailedAssertionsSayWhereAndWhat) {
  fs::path dir = fs::temp_directory_path() / "ratify_failing_tests";
  fs::remove_all(dir);
  fs::copy(fs::path(RATIFY_TEST_FIXTURES) / "piles", dir, fs::copy_options::recursive);
  std::ofstream(dir / "tests" / "deals.lua") << R"(return {
  { name = "eq", run = function(t) t.eq({ 1 }, { 2 }, "lists") end },
  { name = "ok", run = function(t) t.ok(false, "nope") end },
  { name = "fails", run = function(t) t.fails(function() error("abc") end, "xyz") end },
  { name = "card", run = function(t) t.game { players = 1 }:card("c9") end },
  { name = "act", run = function(t) t.game { players = 1 }:act("fly") end },
  { name = "option", run = function(t) t.game { players = 1, options = { nope = 1 } } end },
}
)";
  auto report = engine::run_ruleset_tests(dir.string());
  const char* expected[] = {"deals.lua:2: lists: expected [2], got [1]",
                            "deals.lua:3: nope",
                            "deals.lua:4: the error was '",
                            "deals.lua:5: no copy 1 of card 'c9'",
                            "deals.lua:6: no legal action matches \"fly\"",
                            "deals.lua:7: unknown option 'nope'"};
  ASSERT_EQ(report.items.size(), 6u);
  for (size_t k = 0; k < 6; ++k) {
    EXPECT_FALSE(report.items[k].passed);
    EXPECT_NE(report.items[k].message.find(expected[k]), std::string::npos)
        << report.items[k].message;
  }
  fs::remove_all(dir);
}

// A save keeps the folder its rules came from, for a designer's folder
// outside the catalog; but it may not make ratify run other files: the
// folder must be named as the ruleset's id, and the variant is by name.
TEST(Saves, ASaveRunsNoFolderOrFileItNamesButItsOwnRules) {
  fs::path tmp = fs::temp_directory_path() / ("ratify_saves_" + std::to_string(::getpid()));
  fs::remove_all(tmp);
  fs::create_directories(tmp / "elsewhere");
  fs::copy(kTiny, tmp / "elsewhere", fs::copy_options::recursive);
  std::ofstream(tmp / "evil.lua") << "return { name = 'evil', options = { target = 2 } }";
  auto save_with = [&](const std::string& rules, const std::string& variant_file) {
    nlohmann::json h = {{"ratify", "replay"},
                        {"ruleset", "tiny"},
                        {"variant", ""},
                        {"seed", 1},
                        {"players", 2},
                        {"rules", rules},
                        {"variant_file", variant_file}};
    std::ofstream(tmp / "s.jsonl") << h.dump() << "\n";
    return engine::read_save((tmp / "s.jsonl").string());
  };
  // Its own folder (named "tiny" here): loaded; the variant file it names is not.
  auto own =
      engine::open_rules(save_with(fs::absolute(kTiny).string(), (tmp / "evil.lua").string()));
  EXPECT_EQ(own->rules().variant(), nullptr);
  EXPECT_EQ(std::get<int64_t>(own->options({}).at("target")), 6);
  // A folder of another name holding a ruleset: not run (tiny is then
  // looked up by id, which this test's catalog does not have).
  EXPECT_THROW(engine::open_rules(save_with((tmp / "elsewhere").string(), "")), engine::InputError);
  fs::remove_all(tmp);
}

// bench --by-line's samples of a two-player ruleset, `name`, whose games
// are `left` actions of the form { kind = "go", n = WORK }: `functions`
// (Lua, from line 5 of its ruleset.lua) and `work` say what actions(g)
// does. Games are played until `samples` samples, or 20,000 games.
struct Sampled {
  core::LineProfile p;
  std::string file;  // its ruleset.lua
};
static Sampled sample_rules(const std::string& name, const std::string& functions,
                            const std::string& work, int left, int64_t samples) {
  fs::path dir = fs::temp_directory_path() / ("ratify_" + name + "_" + std::to_string(::getpid()));
  fs::path rules = dir / name;
  fs::create_directories(rules);
  fs::copy(kTiny / "cards.lua", rules / "cards.lua");
  std::ofstream(rules / "ruleset.lua")
      << "local M = { id = \"" << name << "\", name = \"" << name
      << "\", players = { min = 2, max = 2 } }\n"
      << "M.cards = require \"cards\"\n"
      << "function M.setup(g) g.state.turn, g.state.left = 1, " << left << " end\n"
      << "function M.actor(g) if g.state.left > 0 then return g.state.turn end end\n"
      << functions << "function M.actions() return { { kind = \"go\", n = " << work << " } } end\n"
      << "function M.apply(g) g.state.left, g.state.turn = g.state.left - 1, 3 - g.state.turn "
         "end\n"
      << "function M.result(g) if g.state.left == 0 then return { winners = { 1 } } end end\n"
      << "return M\n";
  Sampled out;
  out.file = (rules / "ruleset.lua").string();
  {
    auto l = engine::Loaded::open(rules.string());
    engine::Game g(l, 2, 1, l->options({}), engine::Mode::Lean);
    g.state().sample_lines(&out.p);
    for (int game = 0; game < 20000 && out.p.samples < samples; ++game) {
      g.restart(static_cast<uint64_t>(game));
      while (g.actor() != 0) g.apply(0);
    }
    g.state().sample_lines(nullptr);
  }
  fs::remove_all(dir);
  return out;
}

// bench --by-line: the samples land on the line where the rules' time goes,
// named by its file and line, and on the functions around it.
TEST(Engine, SampledLinesFindWhereTheRulesSpendTheirTime) {
  auto [p, file] = sample_rules("hot",
                                "local function busy()\n"
                                "  local n = 0\n"
                                "  for i = 1, 20000 do n = n + i % 7 end\n"
                                "  return n\n"
                                "end\n",
                                "busy()", 20, 100);
  ASSERT_GE(p.samples, 100) << "the sampler should tick on the thread's CPU time";
  std::string top;
  int64_t most = 0;
  for (const auto& [line, c] : p.lines)
    if (c.own > most) most = c.own, top = line;
  EXPECT_EQ(top, file + ":7") << "the loop's line";
  EXPECT_GT(most * 2, p.samples) << "most samples in the loop";
  EXPECT_EQ(p.function_of[top], file + ":5");
  EXPECT_EQ(p.names[file + ":5"], "busy");
  EXPECT_EQ(p.names[file + ":10"], "actions") << "named by the host's call of it";
  // The line calling it counts the loop as its own calls' time.
  EXPECT_GE(p.lines[file + ":10"].total, most);
  EXPECT_EQ(p.lines[file + ":10"].own * 4 < p.samples, true);
}

// A sample reads the innermost levels only: a rules function deep in a
// recursion (a hostile or a careless one) costs a sample no more than a
// shallow one (lua_getstack walks from the top at every level, so reading
// every level of 100,000 would take minutes a sample).
TEST(Engine, SampledLinesReadADeepRecursionQuickly) {
  auto [p, file] = sample_rules("deep",
                                "local function down(n)\n"
                                "  if n == 0 then local s = 0 for i = 1, 3000000 do s = s + i end "
                                "return s end\n"
                                "  return down(n - 1) + 1\n"
                                "end\n",
                                "down(100000)", 4, 1);
  EXPECT_GT(p.samples, 0);
  EXPECT_GT(p.lines[file + ":6"].own, 0) << "the loop at the bottom";
}
