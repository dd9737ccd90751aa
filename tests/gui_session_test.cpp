// Hot reload and saved games (issue #14, window points 5 and 11): the
// file watch (inotify and polling), what a reload's notice says, New game
// after a refused reload, saving (Ctrl+S, on quit), the picker's saved
// games, resuming under changed rules, corrupt saves. Driven without a
// display (host/gui/driver.hpp); timings are measured by reload_bench,
// never asserted here.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/catalog.hpp"
#include "engine/saves.hpp"
#include "gui/driver.hpp"
#include "gui/session.hpp"
#include "gui/watch.hpp"
#include "test_files.hpp"

namespace fs = std::filesystem;
using namespace ratify;
using namespace ratify::gui;

using ratify::testing::read_text;
using ratify::testing::TempDir;
using ratify::testing::write_text;

namespace {

bool has(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

bool any_has(const std::vector<std::string>& v, const std::string& part) {
  return std::any_of(v.begin(), v.end(), [&](const std::string& s) { return has(s, part); });
}

// A small game whose rules the tests edit: players add STEP or 1 to a
// total; the table shows a card's text and each player's total, which the
// state's hash does not cover (a designer's typical edit).
const char* kCounting = R"(
local STEP = 3
local M = {
  id = "counting", name = "Counting",
  players = { min = 1, max = 2 },
  options = { goal = { default = 30, min = 5, max = 99, doc = "Total that ends the game" } },
  cards = { { id = "marker", name = "Marker", text = "Counts 3", count = 2 } },
}
function M.setup(g)
  g.zone("line", { visibility = "all", kind = "row", label = "The line" })
  g.move_all("box", "line")
  g.state.total, g.state.turn = 0, 1
end
function M.actor(g)
  if g.state.total >= g.options.goal then return nil end
  return g.state.turn
end
function M.actions(g)
  return { { kind = "add", n = STEP, label = "Add " .. STEP }, { kind = "add", n = 1, label = "Add 1" } }
end
function M.apply(g, a)
  g.state.total = g.state.total + a.n
  g.state.turn = g.state.turn % g.players + 1
end
function M.result(g)
  if g.state.total >= g.options.goal then return { winners = { 1 }, text = "Reached" } end
end
function M.status(g, p) return { "Total " .. g.state.total } end
function M.table_status(g) return { "Goal " .. g.options.goal } end
return M
)";

// The counting ruleset in a fresh folder.
struct Counting {
  TempDir tmp;
  fs::path dir = tmp.path / "counting";
  fs::path file = dir / "ruleset.lua";
  Counting() {
    fs::create_directories(dir);
    write_text(file, kCounting);
  }
  // Replaces `from` with `to` in the rules, as an editor's save would.
  void edit(const std::string& from, const std::string& to) {
    std::string s = read_text(file);
    size_t at = s.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    s.replace(at, from.size(), to);
    write_text(file, s);
  }
};

GameSettings settings_of(const fs::path& dir, std::vector<std::string> seats = {"human"}) {
  GameSettings s;
  s.loaded = engine::Loaded::open(dir.string());
  s.options = s.loaded->options({});
  s.players = static_cast<int>(seats.size());
  s.seats = std::move(seats);
  s.seed = 4;
  return s;
}

WindowOptions window_of(const fs::path& dir, std::vector<std::string> seats = {"human"}) {
  WindowOptions o;
  o.ruleset = dir.string();
  o.seed = 4;
  o.seed_given = true;
  o.seats = std::move(seats);
  return o;
}

// Sets an environment variable for one scope.
struct Env {
  std::string name;
  std::optional<std::string> old;
  Env(const std::string& n, const char* value) : name(n) {
    if (const char* v = std::getenv(n.c_str())) old = v;
    if (value)
      setenv(n.c_str(), value, 1);
    else
      unsetenv(n.c_str());
  }
  ~Env() {
    if (old)
      setenv(name.c_str(), old->c_str(), 1);
    else
      unsetenv(name.c_str());
  }
};

}  // namespace

// ------------------------------------------------------------ the file watch

#ifdef __linux__
TEST(FileWatchNotify, SeesASaveAtOnceNewFoldersTooAndIgnoresOtherFiles) {
  Env env("RATIFY_WATCH", nullptr);
  TempDir dir;
  write_text(dir.path / "a.lua", "return 1\n");
  fs::create_directories(dir.path / "tests");
  FileWatch w;
  w.watch({dir.path});
  ASSERT_TRUE(w.notified()) << "Linux: inotify";
  EXPECT_FALSE(w.poll(10));
  write_text(dir.path / "a.lua", "return 22\n");
  EXPECT_FALSE(w.poll(20)) << "the event is seen; the file must stay quiet a moment";
  EXPECT_FALSE(w.poll(50));
  EXPECT_TRUE(w.poll(75)) << "50 ms after the last event, not a polling interval";
  EXPECT_EQ(w.take_changed(), std::vector<std::string>{"a.lua"});
  // Neither a test, nor a file that is not Lua, nor an editor's backup.
  write_text(dir.path / "tests" / "t.lua", "return {}\n");
  write_text(dir.path / "notes.txt", "hello\n");
  write_text(dir.path / "a.lua~", "return 1\n");
  EXPECT_FALSE(w.poll(200));
  EXPECT_FALSE(w.poll(400));
  // A folder made during the game is watched from then on.
  fs::create_directories(dir.path / "more");
  EXPECT_FALSE(w.poll(500));
  EXPECT_FALSE(w.poll(600)) << "a folder alone changes no rules";
  write_text(dir.path / "more" / "b.lua", "return 2\n");
  EXPECT_FALSE(w.poll(700));
  EXPECT_TRUE(w.poll(800));
  EXPECT_EQ(w.take_changed(), std::vector<std::string>{"b.lua"});
  // An editor that saves by renaming a new file over the old one.
  write_text(dir.path / "a.lua.tmp", "return 333\n");
  fs::rename(dir.path / "a.lua.tmp", dir.path / "a.lua");
  EXPECT_FALSE(w.poll(900));
  EXPECT_TRUE(w.poll(1000));
  EXPECT_EQ(w.take_changed(), std::vector<std::string>{"a.lua"});
}
#endif

TEST(FileWatchPolling, TheFallbackSeesAnEditAfterTwoLooks) {
  TempDir dir;
  write_text(dir.path / "a.lua", "return 1\n");
  FileWatch w(FileWatch::Method::Polling);
  w.watch({dir.path});
  EXPECT_FALSE(w.notified());
  EXPECT_FALSE(w.poll(1000));
  write_text(dir.path / "a.lua", "return 22\n");
  EXPECT_FALSE(w.poll(1050)) << "within the 100 ms interval: no look";
  EXPECT_FALSE(w.poll(1100)) << "the look that sees it waits for one more";
  EXPECT_TRUE(w.poll(1200));
  EXPECT_EQ(w.take_changed(), std::vector<std::string>{"a.lua"});
  Env env("RATIFY_WATCH", "poll");
  FileWatch asked;
  asked.watch({dir.path});
  EXPECT_FALSE(asked.notified()) << "RATIFY_WATCH=poll";
}

// ------------------------------------------------------------ reload notices

TEST(ReloadNotice, NamesTheCardsAndTotalsThatChangedWithRightPlurals) {
  Counting c;
  Session s(settings_of(c.dir));
  ASSERT_EQ(s.apply(0), "");  // Add 3
  auto r = s.reload_now({"ruleset.lua"});
  EXPECT_EQ(r.kind, ReloadReport::Adopted);
  EXPECT_EQ(r.message, "1 action replayed, nothing on the table changed");

  ASSERT_EQ(s.apply(1), "");  // Add 1
  c.edit("text = \"Counts 3\"", "text = \"Counts 4\"");
  c.edit("\"Total \" .. g.state.total", "\"Total \" .. g.state.total * 10");
  c.edit("label = \"The line\"", "label = \"The queue\"");
  c.edit("label = \"Add \" .. STEP", "label = \"Plus \" .. STEP");
  c.edit("\"Goal \" .. g.options.goal", "\"Aim \" .. g.options.goal");
  r = s.reload_now({"ruleset.lua"});
  ASSERT_EQ(r.kind, ReloadReport::Adopted) << r.message;
  EXPECT_TRUE(has(r.message, "2 actions replayed")) << r.message;
  EXPECT_FALSE(has(r.message, "nothing")) << r.message;
  EXPECT_TRUE(any_has(r.changes, "Marker: \u201cCounts 3\u201d \u2192 \u201cCounts 4\u201d"))
      << ::testing::PrintToString(r.changes);
  EXPECT_TRUE(any_has(r.changes, "Player 1: \u201cTotal 4\u201d \u2192 \u201cTotal 40\u201d"))
      << ::testing::PrintToString(r.changes);
  EXPECT_TRUE(any_has(r.changes, "zone line: \u201cThe line\u201d \u2192 \u201cThe queue\u201d"))
      << ::testing::PrintToString(r.changes);
  EXPECT_TRUE(any_has(r.changes, "table: \u201cGoal 30\u201d \u2192 \u201cAim 30\u201d"))
      << "the table's lines: " << ::testing::PrintToString(r.changes);
  EXPECT_TRUE(any_has(r.changes, "action 1: \u201cAdd 3\u201d \u2192 \u201cPlus 3\u201d"))
      << "a human actor's labels: " << ::testing::PrintToString(r.changes);
  EXPECT_TRUE(has(r.message, "\nMarker: ")) << "the changes on a second line: " << r.message;

  // A change to what an action does: the game itself changes.
  c.edit("g.state.total + a.n", "g.state.total + 2 * a.n");
  r = s.reload_now({"ruleset.lua"});
  ASSERT_EQ(r.kind, ReloadReport::Changed) << r.message;
  EXPECT_TRUE(has(r.message, "2 actions replayed; the new rules change the game from action 1"))
      << r.message;
  EXPECT_TRUE(any_has(r.changes, "Player 1: \u201cTotal 40\u201d \u2192 \u201cTotal 80\u201d"))
      << ::testing::PrintToString(r.changes);
}

TEST(ReloadNotice, LongTextsShowTheWordsThatDiffer) {
  Counting c;
  c.edit("text = \"Counts 3\"", "text = \"Counts three points toward the goal, each turn\"");
  Session s(settings_of(c.dir));
  c.edit("Counts three points", "Counts four points");
  auto r = s.reload_now();
  ASSERT_EQ(r.changes.size(), 1u) << ::testing::PrintToString(r.changes);
  EXPECT_EQ(
      r.changes[0],
      "Marker: \u201cCounts three points\u2026\u201d \u2192 \u201cCounts four points\u2026\u201d");
  EXPECT_EQ(r.message, "0 actions replayed\n" + r.changes[0]);
}

TEST(ReloadNotice, TheWindowShowsWhatChangedAfterASave) {
  Counting c;
  Driver d(window_of(c.dir));
  d.frames(1);
  d.click_named("action:1");
  ASSERT_EQ(d.probe().steps, 1);
  c.edit("text = \"Counts 3\"", "text = \"Counts 5\"");
  ASSERT_TRUE(d.run_until([](const Probe& p) { return p.reloads == 1; }, 20));
  auto p = d.probe();
  EXPECT_TRUE(has(p.notice, "Rules reloaded (ruleset.lua): 1 action replayed")) << p.notice;
  EXPECT_TRUE(has(p.notice, "Counts 5")) << p.notice;
  EXPECT_TRUE(has(p.notice, "Player 1") || has(p.notice, "Marker")) << p.notice;
  // F5 with nothing edited says so, with the count.
  d.key("f5");
  p = d.probe();
  EXPECT_EQ(p.notice, "Rules reloaded: 1 action replayed, nothing on the table changed");
}

// ------------------------------------------------------------ new game after a refused reload

TEST(NewGame, AfterARefusedReloadDealsTheRulesAsSaved) {
  Counting c;
  Driver d(window_of(c.dir));
  d.frames(1);
  d.click_named("action:1");  // Add 3
  // Add 3 no longer exists: this game cannot replay, but the rules load.
  c.edit("local STEP = 3", "local STEP = 2");
  ASSERT_TRUE(d.run_until([](const Probe& p) { return !p.banner.empty(); }, 20));
  auto p = d.probe();
  EXPECT_TRUE(has(p.banner, "cannot replay this game")) << p.banner;
  EXPECT_TRUE(has(p.banner, "action 1 (\"Add 3\") is no longer legal")) << p.banner;
  EXPECT_EQ(p.actions[0], "Add 3") << "this game goes on under the previous rules";
  d.key("ctrl+n");
  p = d.probe();
  EXPECT_EQ(p.steps, 0);
  EXPECT_EQ(p.banner, "");
  EXPECT_EQ(p.actions[0], "Add 2") << "the new game has the rules as saved";
  EXPECT_TRUE(has(p.notice, "New game")) << p.notice;
}

TEST(NewGame, RefusedWithTheErrorWhenTheRulesDoNotLoad) {
  Counting c;
  Driver d(window_of(c.dir));
  d.frames(1);
  d.click_named("action:1");
  c.edit("local STEP = 3", "local STEP = = 3");
  ASSERT_TRUE(d.run_until([](const Probe& p) { return !p.banner.empty(); }, 20));
  d.key("escape");  // the reload's banner dismissed
  d.key("ctrl+n");
  auto p = d.probe();
  EXPECT_TRUE(has(p.banner, "No new game")) << p.banner;
  EXPECT_TRUE(has(p.banner, "ruleset.lua:2:")) << "file and line: " << p.banner;
  EXPECT_EQ(p.steps, 1) << "the game goes on";
  // Fixed: the next good save reloads, and New game deals again.
  c.edit("local STEP = = 3", "local STEP = 3");
  ASSERT_TRUE(d.run_until([](const Probe& q) { return q.reloads == 1; }, 20));
  d.key("ctrl+n");
  EXPECT_EQ(d.probe().steps, 0);
}

TEST(NewGame, KeepsOptionsChosenForTheGameAndTakesTheRulesNewDefaults) {
  Counting c;
  GameSettings g = settings_of(c.dir);
  g.options["goal"] = int64_t{12};
  Session s(g);
  c.edit("default = 30", "default = 8");
  c.edit("max = 99", "max = 10");  // 12 is no longer allowed: the new default
  auto next = s.next_game(9);
  EXPECT_EQ(next.seed, 9u);
  EXPECT_EQ(std::get<int64_t>(next.options.at("goal")), 8);
  c.edit("max = 10", "max = 99");
  next = s.next_game(9);
  EXPECT_EQ(std::get<int64_t>(next.options.at("goal")), 12) << "the choice for this game stays";
}

// ------------------------------------------------------------ saves

TEST(Saves, TheFolderFollowsXdgDataHome) {
  {
    Env xdg("XDG_DATA_HOME", "/data/me");
    EXPECT_EQ(engine::default_saves_dir(), fs::path("/data/me/ratify/saves"));
  }
  {
    Env xdg("XDG_DATA_HOME", "relative/is/ignored");
    Env home("HOME", "/home/me");
    EXPECT_EQ(engine::default_saves_dir(), fs::path("/home/me/.local/share/ratify/saves"));
  }
  Env xdg("XDG_DATA_HOME", nullptr);
  Env home("HOME", nullptr);
  EXPECT_EQ(engine::default_saves_dir(), fs::path());
}

TEST(Saves, ASaveResumesExactlyAndIsAReplay) {
  Counting c;
  TempDir saves;
  Session s(settings_of(c.dir, {"human", "random"}));
  ASSERT_EQ(s.apply(0), "");
  s.bot_move();
  ASSERT_EQ(s.apply(1), "");
  std::string file = s.save(saves.path);
  EXPECT_EQ(fs::path(file).parent_path(), saves.path);
  EXPECT_TRUE(has(fs::path(file).filename().string(), "counting-")) << file;
  EXPECT_EQ(s.save(saves.path), file) << "one game, one file";
  auto list = engine::list_saves(saves.path);
  ASSERT_EQ(list.size(), 1u);
  ASSERT_TRUE(list[0].save) << list[0].error;
  EXPECT_EQ(list[0].save->name, "Counting");
  EXPECT_EQ(list[0].save->replay.steps.size(), 3u);
  // A replay file: `ratify replay` verifies it.
  EXPECT_FALSE(engine::verify_replay(engine::Loaded::open(c.dir.string()), list[0].save->replay));

  std::string report = "unset";
  auto resumed = Session::resume(*list[0].save, report);
  EXPECT_EQ(report, "");
  EXPECT_EQ(resumed->game().steps(), 3u);
  EXPECT_EQ(resumed->game().state().hash(), s.game().state().hash());
  EXPECT_EQ(resumed->seat(2), "random");
  EXPECT_EQ(resumed->save_file(), file);
  EXPECT_EQ(resumed->why_no_undo(1), "") << "undo works after a resume";
  EXPECT_EQ(resumed->save(saves.path), file) << "a resumed game keeps to its file";
}

TEST(Saves, ASaveFromOlderRulesResumesThroughTheReplayAndSaysWhereItDiffers) {
  Counting c;
  TempDir saves;
  Session s(settings_of(c.dir));
  ASSERT_EQ(s.apply(1), "");  // Add 1
  ASSERT_EQ(s.apply(0), "");  // Add 3
  ASSERT_EQ(s.apply(1), "");  // Add 1
  auto save = engine::read_save(s.save(saves.path));

  c.edit("g.state.total + a.n", "g.state.total + 2 * a.n");
  std::string report;
  auto changed = Session::resume(save, report);
  EXPECT_EQ(changed->game().steps(), 3u);
  EXPECT_EQ(report, "The game comes out differently from action 1 (\"Add 1\")");

  c.edit("local STEP = 3", "local STEP = 2");
  auto stopped = Session::resume(save, report);
  EXPECT_EQ(stopped->game().steps(), 1u);
  EXPECT_TRUE(has(report, "action 2 (\"Add 3\") is no longer legal: resumed after action 1 of 3"))
      << report;

  c.edit("options = { goal", "options = { aim");
  c.edit("g.options.goal", "g.options.aim");
  c.edit("g.options.goal", "g.options.aim");
  auto dropped = Session::resume(save, report);
  EXPECT_TRUE(has(report, "no longer take the option goal")) << report;
}

TEST(Saves, CorruptSavesSayWhichFileAndLine) {
  TempDir dir;
  auto expect_error = [&](const std::string& name, const std::string& text,
                          const std::string& message) {
    fs::path f = dir.path / name;
    write_text(f, text);
    try {
      engine::read_save(f.string());
      ADD_FAILURE() << name << " was read";
    } catch (const core::ReplayError& e) {
      EXPECT_TRUE(has(e.what(), f.string() + message)) << e.what();
    }
  };
  expect_error("garbage.jsonl", "\x01\x02 not json at all", ":1: not a saved game");
  expect_error("empty.jsonl", "", ":1: empty replay");
  expect_error("cut.jsonl",
               "{\"ratify\":\"replay\",\"ruleset\":\"article2\",\"seed\":1,\"players\":2}\n"
               "{\"actor\":1,\"action\":{\"kind\":\"dr",
               ":2: not a saved game");
  expect_error("players.jsonl",
               "{\"ratify\":\"replay\",\"ruleset\":\"article2\",\"seed\":1,\"players\":0}\n",
               ":1: players must be");
  expect_error("actor.jsonl",
               "{\"ratify\":\"replay\",\"ruleset\":\"article2\",\"seed\":1,\"players\":2}\n"
               "{\"actor\":7,\"action\":{},\"hash\":\"0000000000000000\"}\n",
               ":2: the actor must be a player");
  try {
    engine::read_save((dir.path / "missing.jsonl").string());
    ADD_FAILURE();
  } catch (const core::ReplayError& e) {
    EXPECT_TRUE(has(e.what(), "missing.jsonl: no such file")) << e.what();
  }
  // Readable, but its rules are nowhere.
  write_text(dir.path / "lost.jsonl",
             "{\"ratify\":\"replay\",\"ruleset\":\"no_such_game\",\"seed\":1,\"players\":2}\n");
  auto lost = engine::read_save((dir.path / "lost.jsonl").string());
  std::string report;
  try {
    Session::resume(lost, report);
    ADD_FAILURE();
  } catch (const engine::InputError& e) {
    EXPECT_TRUE(has(e.what(), "lost.jsonl: the rules of this game (no_such_game) do not load"))
        << e.what();
  }
}

TEST(Saves, FindSaveTakesTheLatestAFileOrARulesetsLatest) {
  TempDir dir;
  EXPECT_THROW(engine::find_save("", dir.path), engine::InputError);
  auto header = [](const std::string& id) {
    return "{\"ratify\":\"replay\",\"ruleset\":\"" + id + "\",\"seed\":1,\"players\":2}\n";
  };
  write_text(dir.path / "a.jsonl", header("article2"));
  write_text(dir.path / "b.jsonl", header("gitmo"));
  fs::last_write_time(dir.path / "a.jsonl",
                      fs::last_write_time(dir.path / "b.jsonl") - std::chrono::seconds(60));
  EXPECT_EQ(engine::find_save("", dir.path), (dir.path / "b.jsonl").string());
  EXPECT_EQ(engine::find_save("article2", dir.path), (dir.path / "a.jsonl").string());
  EXPECT_EQ(engine::find_save((dir.path / "a.jsonl").string(), dir.path),
            (dir.path / "a.jsonl").string());
  EXPECT_THROW(engine::find_save("constitution", dir.path), engine::InputError);
}

// ------------------------------------------------------------ saving in the window

TEST(WindowSaves, CtrlSSavesAndQuittingSavesAGameInProgress) {
  Counting c;
  TempDir saves;
  WindowOptions o = window_of(c.dir);
  o.saves_dir = saves.path.string();
  {
    Driver d(o);  // autosave off: a test's window leaves nothing behind
    d.frames(1);
    d.click_named("action:1");
  }
  EXPECT_TRUE(engine::list_saves(saves.path).empty());
  {
    Driver d(o);
    d.frames(1);
    d.click_named("action:1");
    d.key("ctrl+s");
    auto p = d.probe();
    EXPECT_TRUE(has(p.notice, "Saved as counting-")) << p.notice;
    auto list = engine::list_saves(saves.path);
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].save->replay.steps.size(), 1u);
  }
  o.autosave = true;
  {
    Driver d(o);
    d.frames(1);
    d.click_named("action:2");
    d.click_named("action:2");
  }  // the window closes
  auto list = engine::list_saves(saves.path);
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0].save->replay.steps.size(), 2u) << "the game left on quit, latest first";
}

TEST(WindowSaves, ThePickerListsSavedGamesAndResumesOne) {
  Counting c;
  TempDir saves;
  WindowOptions o = window_of(c.dir);
  o.saves_dir = saves.path.string();
  o.autosave = true;
  {
    Driver d(o);
    d.frames(1);
    for (int k = 0; k < 3; ++k) d.click_named("action:2");
    ASSERT_EQ(d.probe().steps, 3);
  }
  WindowOptions picker;
  picker.saves_dir = saves.path.string();
  picker.autosave = true;
  Driver d(picker);
  d.frames(1);
  auto p = d.probe();
  ASSERT_EQ(p.screen, "picker");
  ASSERT_FALSE(p.picker.empty());
  EXPECT_EQ(p.picker[0], "Resume: Counting") << "saved games head the list";
  ASSERT_TRUE(p.find("button:resume")) << "the latest save is chosen";
  if (const char* shot = std::getenv("RATIFY_TEST_SHOT")) d.screenshot(shot);
  d.key("return");
  p = d.probe();
  EXPECT_EQ(p.screen, "table");
  EXPECT_EQ(p.steps, 3);
  EXPECT_TRUE(has(p.notice, "3 actions replayed")) << p.notice;
}

TEST(WindowSaves, AFinishedGameLeavesNoSaveAndACorruptOneShowsItsError) {
  Counting c;
  TempDir saves;
  WindowOptions o = window_of(c.dir);
  o.saves_dir = saves.path.string();
  o.autosave = true;
  o.sets = {"goal=5"};
  {
    Driver d(o);
    d.frames(1);
    d.click_named("action:1");
    d.key("ctrl+s");
    ASSERT_EQ(engine::list_saves(saves.path).size(), 1u);
    d.click_named("action:1");  // 6 >= 5: over
    ASSERT_TRUE(d.probe().over);
  }
  EXPECT_TRUE(engine::list_saves(saves.path).empty()) << "nothing left to resume";

  write_text(saves.path / "broken.jsonl", "{\"ratify\":\"replay\"\n");
  WindowOptions picker;
  picker.saves_dir = saves.path.string();
  Driver d(picker);
  d.frames(1);
  auto p = d.probe();
  ASSERT_FALSE(p.picker.empty());
  EXPECT_EQ(p.picker[0], "Saved game broken.jsonl");
  d.key("return");
  p = d.probe();
  EXPECT_EQ(p.screen, "picker") << "no game from a corrupt save";
  ASSERT_TRUE(p.find("button:delete-save"));
  d.click_named("button:delete-save");
  EXPECT_FALSE(fs::exists(saves.path / "broken.jsonl"));
  EXPECT_NE(d.probe().picker.at(0), "Saved game broken.jsonl");
}

TEST(WindowSaves, ResumingUnderChangedRulesShowsTheDivergence) {
  Counting c;
  TempDir saves;
  WindowOptions o = window_of(c.dir);
  o.saves_dir = saves.path.string();
  std::string file;
  {
    Driver d(o);
    d.frames(1);
    d.click_named("action:2");
    d.click_named("action:1");
    d.key("ctrl+s");
    file = engine::list_saves(saves.path).at(0).file;
  }
  c.edit("local STEP = 3", "local STEP = 2");
  WindowOptions r;
  r.resume = file;
  r.saves_dir = saves.path.string();
  Driver d(r);
  d.frames(1);
  auto p = d.probe();
  EXPECT_EQ(p.screen, "table");
  EXPECT_EQ(p.steps, 1);
  EXPECT_TRUE(has(p.banner, "Saved under other rules")) << p.banner;
  EXPECT_TRUE(has(p.banner, "2 (\"Add 3\") is no longer legal: resumed after action 1 of 2"))
      << p.banner;
  EXPECT_EQ(p.actions[0], "Add 2");
}
