// The history of runs (host/sim/history.cpp): runs recorded and read back,
// the ruleset's content hash, two runs compared, writers at once losing
// nothing. tests/history.cmake does the same through `ratify`, with
// several sims writing at once.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "sim/history.hpp"

using namespace ratify;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

fs::path temp_dir(const std::string& name) {
  fs::path d = fs::temp_directory_path() /
               ("ratify_history_test_" + name + "_" +
                std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

// A one-variant report: seat 1 wins `wins` of 1000 games, seat 2 the rest.
json report(int wins, double metric) {
  auto seat = [](int s, int w) { return json{{"seat", s}, {"wins", w}, {"win_rate", w / 1000.0}}; };
  return {{"ruleset", "coin"},
          {"variants",
           {{{"name", "base"},
             {"games", 1000},
             {"seats", {seat(1, wins), seat(2, 1000 - wins)}},
             {"length", {{"mean", 10}, {"sd", 2}}},
             {"metrics",
              {{"decisiveness",
                {{"value", metric}, {"low", metric - 0.02}, {"high", metric + 0.02}}}}}}}}};
}

sim::HistoryRun run(const std::string& ruleset, int wins, double metric = 0.5) {
  sim::HistoryRun r;
  r.ruleset = ruleset;
  r.content_hash = "00000000000000aa";
  r.variants = {""};
  r.bots = {"random"};
  r.options = {"x=1"};
  r.seed = 18446744073709551615ULL;  // the largest seed survives the database
  r.games = 1000;
  r.players = 2;
  r.command = "ratify sim " + ruleset;
  r.report = report(wins, metric);
  return r;
}

}  // namespace

TEST(History, RecordsAndReadsRunsBack) {
  fs::path file = temp_dir("roundtrip") / "sub" / "history.sqlite";
  {
    sim::History h(file, sim::History::Mode::Write);
    EXPECT_EQ(h.record(run("coin", 500)), 1);
    EXPECT_EQ(h.record(run("dice", 400)), 2);
    EXPECT_EQ(h.record(run("coin", 520)), 3);
  }
  sim::History h(file, sim::History::Mode::Read);
  EXPECT_EQ(h.list().size(), 3u);
  auto coin = h.list("coin");
  ASSERT_EQ(coin.size(), 2u);
  EXPECT_EQ(coin[1].id, 3);
  auto r = h.find(2);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->ruleset, "dice");
  EXPECT_EQ(r->seed, 18446744073709551615ULL);
  EXPECT_EQ(r->options, std::vector<std::string>{"x=1"});
  EXPECT_EQ(r->variants, std::vector<std::string>{""});
  EXPECT_EQ(r->report, report(400, 0.5));
  EXPECT_EQ(r->time.size(), 19u);
  EXPECT_FALSE(h.find(9));
  EXPECT_NE(sim::history_list_text(h.list()).find("base 40/60%"), std::string::npos);
  EXPECT_NE(sim::history_show_text(*r).find("seat 1   40.0%"), std::string::npos);
}

TEST(History, AFileThatIsNoHistoryIsRefused) {
  fs::path dir = temp_dir("refused");
  write(dir / "notes.sqlite", "these are my notes, not a database\n");
  EXPECT_THROW(sim::History(dir / "notes.sqlite", sim::History::Mode::Write), sim::HistoryError);
  EXPECT_THROW(sim::History(dir / "missing.sqlite", sim::History::Mode::Read), sim::HistoryError);
}

// Threads with a connection each, as separate sims would be: every run is
// there once.
TEST(History, WritersAtOnceLoseNothing) {
  fs::path file = temp_dir("concurrent") / "history.sqlite";
  std::vector<std::thread> writers;
  for (int t = 0; t < 4; ++t)
    writers.emplace_back([&, t] {
      sim::History h(file, sim::History::Mode::Write);
      for (int i = 0; i < 10; ++i) h.record(run("r" + std::to_string(t), 500 + i));
    });
  for (auto& w : writers) w.join();
  sim::History h(file, sim::History::Mode::Read);
  EXPECT_EQ(h.list().size(), 40u);
  for (int t = 0; t < 4; ++t) EXPECT_EQ(h.list("r" + std::to_string(t)).size(), 10u);
}

TEST(History, ContentHashSeesTheRulesNotTheirTests) {
  fs::path dir = temp_dir("hash") / "game";
  write(dir / "ruleset.lua", "return {}\n");
  write(dir / "variants" / "fast.lua", "return {}\n");
  write(dir / "tests" / "a_test.lua", "-- a test\n");
  write(dir / ".luarc.json", "{}\n");
  std::string h0 = sim::content_hash(dir);
  EXPECT_EQ(h0.size(), 16u);
  write(dir / "tests" / "a_test.lua", "-- another test\n");
  write(dir / ".luarc.json", "{\"x\":1}\n");
  EXPECT_EQ(sim::content_hash(dir), h0);
  write(dir / "variants" / "fast.lua", "return {fast = true}\n");
  std::string h1 = sim::content_hash(dir);
  EXPECT_NE(h1, h0);
  // A copy elsewhere hashes the same: the hash is of content, not place.
  fs::path copy = dir.parent_path() / "copy";
  fs::copy(dir, copy, fs::copy_options::recursive);
  EXPECT_EQ(sim::content_hash(copy), h1);
  // A variant file from outside the folder counts.
  write(dir.parent_path() / "mine.lua", "return {}\n");
  EXPECT_NE(sim::content_hash(dir, dir.parent_path() / "mine.lua"), h1);
  EXPECT_EQ(sim::content_hash(dir, dir / "variants" / "fast.lua"), h1);
}

// Issue 29: a link out of the folder is not read into the hash.
TEST(History, ContentHashFollowsNoLinkOutOfTheFolder) {
  fs::path dir = temp_dir("hash_links") / "game";
  write(dir / "ruleset.lua", "return {}\n");
  std::string h0 = sim::content_hash(dir);
  write(dir.parent_path() / "secret.txt", "a secret\n");
  fs::create_symlink(dir.parent_path() / "secret.txt", dir / "notes.txt");
  EXPECT_EQ(sim::content_hash(dir), h0);
  write(dir.parent_path() / "secret.txt", "another secret\n");
  EXPECT_EQ(sim::content_hash(dir), h0);
  fs::create_symlink(dir / "ruleset.lua", dir / "inside.lua");  // a link inside counts
  EXPECT_NE(sim::content_hash(dir), h0);
}

// Issue 29: a report nested a million deep in the database (edited by
// hand) crashed `history show` and `diff`; it is read as no report.
TEST(History, AReportNestedTooDeepIsReadAsNone) {
  fs::path file = temp_dir("deep") / "history.sqlite";
  {
    sim::History h(file, sim::History::Mode::Write);
    h.record(run("coin", 500));
    h.record(run("coin", 520));
  }
  // Deep where show and diff look: a metric's value, a seat, the length.
  std::string nest = std::string(1000000, '[') + std::string(1000000, ']');
  std::string deep = report(500, 0.5).dump();
  for (std::string key : {"\"value\":", "\"seat\":", "\"mean\":", "\"name\":"})
    for (size_t at = deep.find(key); at != std::string::npos; at = deep.find(key, at + 1)) {
      size_t from = at + key.size(), to = deep.find_first_of(",}", from);
      deep.replace(from, to - from, nest);
    }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(file.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "UPDATE runs SET report = ?1 WHERE id = 1", -1, &st, nullptr),
            SQLITE_OK);
  sqlite3_bind_text(st, 1, deep.c_str(), static_cast<int>(deep.size()), SQLITE_TRANSIENT);
  EXPECT_EQ(sqlite3_step(st), SQLITE_DONE);
  sqlite3_finalize(st);
  sqlite3_close(db);
  sim::History h(file, sim::History::Mode::Read);
  auto a = h.find(1), b = h.find(2);
  ASSERT_TRUE(a && b);
  EXPECT_FALSE(sim::history_show_text(*a).empty());
  EXPECT_NO_THROW(sim::history_diff_text(*a, *b));
}

TEST(History, DiffTestsTheDifferencesOfTwoRuns) {
  auto a = run("coin", 500, 0.5), b = run("coin", 600, 0.51);
  a.id = 1;
  b.id = 2;
  b.content_hash = "00000000000000bb";
  std::string text = sim::history_diff_text(a, b);
  EXPECT_NE(text.find("warning: the rules changed"), std::string::npos) << text;
  // 50% against 60% of 1000 games is far beyond chance; 0.50 against 0.51
  // with intervals of +-0.02 is not.
  EXPECT_NE(text.find("seat 1 win rate"), std::string::npos) << text;
  EXPECT_NE(text.find("2 of 4 differences significant"), std::string::npos) << text;
  EXPECT_EQ(sim::history_diff_text(a, a).find("warning"), std::string::npos);
}

TEST(History, DiffRefusesRunsOfDifferentTests) {
  auto a = run("coin", 500), b = run("coin", 500);
  b.players = 3;
  EXPECT_THROW(sim::history_diff_text(a, b), sim::HistoryError);
  b = run("dice", 500);
  EXPECT_THROW(sim::history_diff_text(a, b), sim::HistoryError);
  b = run("coin", 500);
  b.bots = {"mcts"};
  EXPECT_THROW(sim::history_diff_text(a, b), sim::HistoryError);
}
