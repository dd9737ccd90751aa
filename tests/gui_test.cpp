// The window of `ratify play`, driven without a display: SDL's offscreen
// driver, synthesized mouse and keyboard events, a virtual clock (see
// host/gui/driver.hpp). Also the pieces that need no SDL: the generic
// layout, the layout hints, the hotseat undo rule, the file watch.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "engine/catalog.hpp"
#include "gui/driver.hpp"
#include "gui/frame.hpp"
#include "gui/layout.hpp"
#include "gui/rules_text.hpp"
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

// A game of `ruleset` dealt with `seed`, these seats.
WindowOptions seated(const std::string& ruleset, uint64_t seed, std::vector<std::string> seats) {
  WindowOptions o;
  o.ruleset = ruleset;
  o.seed = seed;
  o.seed_given = true;
  o.seats = std::move(seats);
  return o;
}

WindowOptions bots_only(const std::string& ruleset, uint64_t seed = 7) {
  WindowOptions o;
  o.ruleset = ruleset;
  o.seed = seed;
  o.seed_given = true;
  auto loaded = engine::Loaded::open(ruleset);
  int players = std::clamp(2, loaded->meta().min_players, loaded->meta().max_players);
  o.seats.assign(players, "random");
  return o;
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.rfind(prefix, 0) == 0;
}

}  // namespace

// ------------------------------------------------------------ layout

TEST(Layout, GlobPatterns) {
  EXPECT_TRUE(glob_match("hand:*", "hand:3"));
  EXPECT_TRUE(glob_match("*", "anything"));
  EXPECT_TRUE(glob_match("row:?:2", "row:1:2"));
  EXPECT_FALSE(glob_match("hand:*", "hands"));
  EXPECT_FALSE(glob_match("row:?:2", "row:12:2"));
}

TEST(Layout, ExactHintBeatsPatternAndSpecificPatternBeatsGeneral) {
  auto hints = nlohmann::json::parse(R"({
    "*": {"fan": "stack"}, "hand:*": {"fan": "row"}, "hand:2": {"fan": "column", "x": 0.5, "y": 0.25}
  })");
  EXPECT_EQ(*hint_for(hints, "deck").fan, Fan::Stack);
  EXPECT_EQ(*hint_for(hints, "hand:1").fan, Fan::Row);
  auto h2 = hint_for(hints, "hand:2");
  EXPECT_EQ(*h2.fan, Fan::Column);
  EXPECT_DOUBLE_EQ(*h2.y, 0.25);
  EXPECT_TRUE(check_hints(hints).empty());
  auto bad = nlohmann::json::parse(R"({"deck": {"fan": "spiral", "x": 3, "size": 2}})");
  EXPECT_EQ(check_hints(bad).size(), 3u);
}

TEST(Layout, BottomPlayerBelowOthersSharedZonesBetweenNothingOverlaps) {
  auto loaded = engine::Loaded::open("article2");
  for (int players : {2, 3, 4}) {
    engine::Game game(loaded, players, 11, loaded->options({}), engine::Mode::Interactive);
    auto view = game.view(2);
    nlohmann::json hints;
    LayoutInput in;
    in.view = &view, in.hints = &hints, in.defs = &game.state().card_defs();
    in.players = players, in.bottom = 2, in.table = {0, 40, 930, 680};
    auto t = lay_out_table(in);
    ASSERT_EQ(static_cast<int>(t.areas.size()), players);
    EXPECT_EQ(t.areas[0].player, 2);
    for (const auto& z : t.zones) {
      const auto& zv = view.zones[z.zone];
      EXPECT_GE(z.box.x, 0);
      EXPECT_LE(z.box.right(), 930) << zv.name;
      EXPECT_LE(z.box.bottom(), 720) << zv.name;
      const Rect* area = nullptr;
      for (const auto& a : t.areas)
        if (a.player == zv.owner) area = &a.rect;
      if (area) {
        EXPECT_TRUE(area->contains(z.box.x, z.box.y)) << zv.name;
      } else {
        EXPECT_TRUE(t.centre.contains(z.box.cx(), z.box.cy())) << zv.name;
      }
      for (const auto& o : t.zones) {
        if (&o == &z) continue;
        bool apart = o.box.x >= z.box.right() || z.box.x >= o.box.right() ||
                     o.box.y >= z.box.bottom() || z.box.y >= o.box.bottom();
        EXPECT_TRUE(apart) << zv.name << " overlaps " << view.zones[o.zone].name;
      }
    }
    EXPECT_GT(t.areas[0].rect.y, t.centre.y) << "the viewer sits at the bottom";
    EXPECT_GE(t.card_h, 60) << "cards stay readable with " << players << " players";
  }
}

TEST(Layout, HintsPlaceAndFanZones) {
  auto loaded = engine::Loaded::open("article2");
  engine::Game game(loaded, 2, 3, loaded->options({}), engine::Mode::Interactive);
  auto view = game.view(1);
  auto hints = nlohmann::json::parse(R"({"deck": {"x": 0.1, "y": 0.5}, "hand:*": {"fan": "stack"},
                                         "discard": {"hide": true}})");
  LayoutInput in;
  in.view = &view, in.hints = &hints, in.defs = &game.state().card_defs();
  in.players = 2, in.bottom = 1, in.table = {0, 0, 1000, 700};
  auto t = lay_out_table(in);
  for (const auto& z : t.zones) {
    const auto& name = view.zones[z.zone].name;
    EXPECT_NE(name, "discard");
    if (name == "deck") {
      EXPECT_NEAR(z.box.cx(), 100, t.card_w);
    }
    if (starts_with(name, "hand:")) {
      EXPECT_EQ(z.fan, Fan::Stack);
    }
  }
}

// ------------------------------------------------------------ session

TEST(Session, SeatsAndPlayers) {
  EXPECT_EQ(fill_seats({}, 3), (std::vector<std::string>{"human", "bot", "bot"}));
  EXPECT_THROW(fill_seats({"human", "robot"}, 2), engine::InputError);
  EXPECT_THROW(fill_seats({"bot", "bot", "bot"}, 2), engine::InputError);
  auto loaded = engine::Loaded::open("article2");
  EXPECT_EQ(choose_players(0, 0, loaded->meta()), 2);
  EXPECT_EQ(choose_players(0, 3, loaded->meta()), 3);
  EXPECT_THROW(choose_players(9, 0, loaded->meta()), engine::InputError);
}

TEST(Session, HotseatUndoNeverStepsBackOverAnotherHuman) {
  auto loaded = engine::Loaded::open("article2");
  Session s({loaded, loaded->options({}), 2, {"human", "human"}, 5});
  int first = s.actor();
  ASSERT_EQ(s.apply(0), "");
  int second = s.actor();
  ASSERT_NE(second, first);
  ASSERT_EQ(s.apply(0), "");
  EXPECT_NE(s.why_no_undo(first), "") << "the other human moved since";
  EXPECT_EQ(s.why_no_undo(second), "");
  s.undo(second);
  EXPECT_EQ(s.game().steps(), 1u);
}

// The window's difficulties are bots; a searching bot thinks on a thread
// of its own over a copy of the game while the real one stays readable,
// and a thought overtaken by an undo is dropped.
TEST(Session, SearchingBotsThinkOnACopyOfTheGame) {
  EXPECT_EQ(bot_of_seat("easy", true), "heuristic");
  EXPECT_EQ(bot_of_seat("easy", false), "random");
  EXPECT_EQ(bot_of_seat("hard", true), "mcts:ms=2000:threads=0");
  // the ruleset's own search settings (amendments: `search = "depth=0:opponents=tree"`)
  EXPECT_EQ(bot_of_seat("hard", true, "depth=0"), "mcts:depth=0:ms=2000:threads=0");
  EXPECT_EQ(engine::Loaded::open("amendments")->meta().search, "depth=0:opponents=tree");
  EXPECT_EQ(engine::Loaded::open("captured")->meta().search, "");
  EXPECT_EQ(fill_seats({"human", "hard", "normal", "mcts:iters=50"}, 4).size(), 4u);
  EXPECT_THROW(fill_seats({"human", "mcts:iters=none"}, 2), engine::InputError);

  auto loaded = engine::Loaded::open("article2");
  Session s({loaded, loaded->options({}), 2, {"mcts:iters=60", "mcts:iters=60"}, 5});
  ASSERT_TRUE(s.slow_bot(s.actor()));
  for (int move = 0; move < 3; ++move) {
    size_t before = s.game().steps();
    s.start_thinking();
    ASSERT_TRUE(s.thinking());
    std::optional<std::string> label;
    while (!(label = s.finish_thinking())) {
      EXPECT_FALSE(s.actions().empty());  // the real game is there to draw
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    EXPECT_FALSE(label->empty());
    EXPECT_EQ(s.game().steps(), before + 1);
    EXPECT_FALSE(s.thinking());
  }
  // A thought begun before another change to the game is not played.
  s.start_thinking();
  ASSERT_EQ(s.apply(0), "");
  size_t steps = s.game().steps();
  while (s.thinking()) {
    EXPECT_FALSE(s.finish_thinking().has_value());
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(s.game().steps(), steps);
}

TEST(FileWatch, SeesAnEditOnceItSettles) {
  TempDir dir;
  write_text(dir.path / "a.lua", "return 1\n");
  fs::create_directories(dir.path / "tests");
  write_text(dir.path / "tests" / "t.lua", "return {}\n");
  FileWatch w;
  w.watch({dir.path});
  EXPECT_EQ(w.files(), 1u) << "tests/ is not watched";
  EXPECT_FALSE(w.poll(1000));
  write_text(dir.path / "a.lua", "return 22\n");
  EXPECT_FALSE(w.poll(1400)) << "first look sees the change, waits for it to settle";
  EXPECT_TRUE(w.poll(1800));
  EXPECT_EQ(w.take_changed(), std::vector<std::string>{"a.lua"});
  EXPECT_FALSE(w.poll(2200));
}

// ------------------------------------------------------------ the window

// Every ruleset in the repository plays to its end in the window, bots
// only, at the "instant" bot speed set with the + key.
TEST(Window, EveryRulesetPlaysToTheEndWithBots) {
  auto entries = engine::list_rulesets();
  ASSERT_GE(entries.size(), 5u);
  for (const auto& e : entries) {
    SCOPED_TRACE(e.id);
    Driver d(bots_only(e.dir.string()));
    d.frames(1);
    for (int k = 0; k < 3; ++k) d.key("plus");
    bool over = d.run_until([](const Probe& p) { return p.over; }, 20000);
    auto p = d.probe();
    EXPECT_TRUE(over) << "stopped after " << p.steps << " actions: " << p.rules_error << p.banner;
    d.frames(1);
    p = d.probe();
    EXPECT_NE(std::find(p.overlays.begin(), p.overlays.end(), "result"), p.overlays.end());
    EXPECT_TRUE(p.find("button:result-new"));
    EXPECT_EQ(p.rules_error, "");
    // Every action left a line: the ruleset's own or its label (issue 14, 4).
    EXPECT_GE(p.log.size(), static_cast<size_t>(p.steps));
    // Bots only: the end names the winners, never "You" (issue 26).
    EXPECT_TRUE(p.headline == "Nobody won" ||
                (starts_with(p.headline, "Player") && p.headline.ends_with(" won")))
        << p.headline;
    EXPECT_TRUE(starts_with(p.title, p.game)) << "the window is titled " << p.title;
  }
}

// The end's headline, for the one human seat or for the winners (issue 26).
TEST(Window, EndHeadline) {
  EXPECT_EQ(end_headline({1}, {true, false}), "You won");
  EXPECT_EQ(end_headline({1, 3}, {true, false, false, false}), "You won, with Player 3");
  EXPECT_EQ(end_headline({2}, {true, false}), "You lost: Player 2 won");
  EXPECT_EQ(end_headline({2, 4}, {true, false, false, false}), "You lost: Players 2 and 4 won");
  EXPECT_EQ(end_headline({}, {true}), "You lost");
  EXPECT_EQ(end_headline({}, {true, false}), "You lost: nobody won");
  EXPECT_EQ(end_headline({1, 2, 3}, {false, false, false}), "Players 1, 2 and 3 won");
  EXPECT_EQ(end_headline({2}, {true, true}), "Player 2 won");
  EXPECT_EQ(end_headline({}, {false, false}), "Nobody won");
  EXPECT_EQ(window_title("GITMO", "Partners"), "GITMO \u00b7 Partners \u2014 ratify");
  EXPECT_EQ(window_title("", ""), "ratify");
}

TEST(Window, ScreenshotShowsTheTableBarPanelAndCards) {
  TempDir dir;
  WindowOptions o = bots_only("article2", 3);
  o.max_actions = 10;
  o.screenshot = (dir.path / "shot.png").string();
  ASSERT_EQ(capture_screenshot(o), 0);
  Image img = load_png(o.screenshot);
  ASSERT_EQ(img.w, 1280);
  ASSERT_EQ(img.h, 720);
  std::set<uint32_t> colours(img.pixels.begin(), img.pixels.end());
  EXPECT_GT(colours.size(), 500u) << "not blank: text, cards, shading";
  auto near = [](uint32_t c, uint32_t want, int tol = 12) {
    for (int s = 0; s < 24; s += 8)
      if (std::abs(static_cast<int>((c >> s) & 255) - static_cast<int>((want >> s) & 255)) > tol)
        return false;
    return true;
  };
  EXPECT_TRUE(near(img.at(640, 3), 0x15191d)) << "the top bar";
  EXPECT_TRUE(near(img.at(1275, 400), 0x20252b)) << "the side panel";
  int felt = 0, face = 0;
  for (int y = 40; y < 720; y += 4)
    for (int x = 0; x < 930; x += 4) {
      felt += near(img.at(x, y), 0x1a4d38) || near(img.at(x, y), 0x215c43);
      face += near(img.at(x, y), 0xfbf8f0, 4);
    }
  EXPECT_GT(felt, 5000) << "the table's felt";
  EXPECT_GT(face, 800) << "card faces";
  // Same frame again, through the driver: the regions are where it says.
  Driver d(o);
  d.play_bots(10);
  d.frames(1);
  auto p = d.probe();
  for (const char* b :
       {"button:undo", "button:new", "button:help", "button:pause", "button:options"})
    EXPECT_TRUE(p.find(b)) << b;
  EXPECT_LT(p.find("button:help")->y, 40);
  EXPECT_FALSE(p.cards.empty());
  for (const auto& c : p.cards)
    EXPECT_LT(c.x + c.w, 940) << "cards stay on the table, left of the panel";
}

// A whole game by mouse and keyboard, as a person plays it: click a lit
// card (then the menu's first entry, by mouse or by its number), or type
// an action's number; undo once with Ctrl+Z; F1 help opens and closes.
TEST(Window, FullGameThroughMouseAndKeyboard) {
  WindowOptions o = seated("article2", 21, {"human", "random"});
  Driver d(o);
  d.frames(1);
  d.key("f1");
  auto p = d.probe();
  ASSERT_EQ(p.overlays, std::vector<std::string>{"help"});
  d.key("escape");
  for (int k = 0; k < 3; ++k) d.key("plus");  // bots at once
  bool undone = false;
  int turns = 0, by_card = 0, by_menu_key = 0, by_list = 0;
  for (int guard = 0; guard < 4000 && !d.probe().over; ++guard) {
    p = d.probe();
    if (!p.human_to_act) {
      d.frames(1);
      continue;
    }
    ++turns;
    if (turns == 3 && !undone) {
      // Article II draws after each play: the engine refuses to undo over
      // a card it showed you, and says so.
      int before = p.steps;
      d.key("ctrl+z");
      auto q = d.probe();
      EXPECT_TRUE(q.steps < before || starts_with(q.notice, "Cannot undo")) << q.notice;
      undone = true;
      continue;
    }
    auto card =
        std::find_if(p.cards.begin(), p.cards.end(), [](const ProbeCard& c) { return c.playable; });
    if (card != p.cards.end() && turns % 3 != 0) {
      d.click(card->x + 4, card->y + card->h / 2);  // the card's visible left edge
      ++by_card;
      auto after = d.probe();
      if (after.menu.size() > 1) {
        if (turns % 2)
          d.click_named("menu:1");
        else
          d.key("1"), ++by_menu_key;
      }
    } else {
      ASSERT_TRUE(d.click_named("action:1"));
      ++by_list;
    }
    EXPECT_EQ(d.probe().rules_error, "");
  }
  p = d.probe();
  ASSERT_TRUE(p.over) << "after " << p.steps << " actions";
  EXPECT_TRUE(starts_with(p.headline, "You ")) << p.headline;
  EXPECT_TRUE(undone);
  EXPECT_GT(by_card, 0);
  EXPECT_GT(by_list, 0);
  EXPECT_GT(by_menu_key, 0);
  d.frames(2);
  ASSERT_TRUE(d.click_named("button:result-new"));
  p = d.probe();
  EXPECT_FALSE(p.over);
  EXPECT_LE(p.steps, 2) << "a fresh deal (a bot may already have moved)";
  EXPECT_TRUE(starts_with(p.notice, "New game, seed")) << p.notice;
}

// Undo steps back over actions that showed nothing new: the solitaire's
// moves between tableau and foundations.
TEST(Window, UndoWithCtrlZ) {
  WindowOptions o;
  o.ruleset = "british_constitution";
  o.seats = {"human"};
  o.seed_given = true;
  for (o.seed = 1; o.seed < 40; ++o.seed) {
    Driver d(o);
    d.frames(1);
    auto p = d.probe();
    auto it = std::find_if(p.actions.begin(), p.actions.end(),
                           [](const std::string& a) { return !starts_with(a, "Deal"); });
    if (it == p.actions.end()) continue;
    ASSERT_TRUE(d.click_named("action:" + std::to_string(it - p.actions.begin() + 1)));
    ASSERT_EQ(d.probe().steps, 1);
    d.key("ctrl+z");
    p = d.probe();
    EXPECT_EQ(p.steps, 0) << p.notice;
    EXPECT_TRUE(starts_with(p.notice, "Undone")) << p.notice;
    return;
  }
  FAIL() << "no seed with a first move other than a deal";
}

TEST(Window, HotseatCurtainBetweenTwoHumans) {
  WindowOptions o = seated("article2", 4, {"human", "human"});
  Driver d(o);
  d.frames(1);
  auto p = d.probe();
  int first = p.actor;
  EXPECT_EQ(p.bottom, first);
  EXPECT_TRUE(p.overlays.empty());
  d.key("1");
  d.key("return");  // twelve actions: "1" could begin "12", Enter says it is 1
  p = d.probe();
  ASSERT_NE(p.actor, first);
  EXPECT_EQ(p.overlays, std::vector<std::string>{"curtain"});
  EXPECT_EQ(p.bottom, first) << "the table still faces the last player until the next one is ready";
  EXPECT_TRUE(p.cards.empty() || !p.human_to_act);
  d.key("space");
  p = d.probe();
  EXPECT_TRUE(p.overlays.empty());
  EXPECT_EQ(p.bottom, p.actor);
  EXPECT_TRUE(p.human_to_act);
}

TEST(Window, PickerThenOptionsThenGame) {
  WindowOptions o;  // no ruleset: the picker
  o.seed = 1;
  Driver d(o);
  d.frames(1);
  auto p = d.probe();
  ASSERT_EQ(p.screen, "picker");
  const ProbeBox* row = nullptr;
  for (const auto& b : p.boxes)
    if (starts_with(b.name, "picker:")) row = row ? row : &b;
  ASSERT_TRUE(row);
  d.click(row->cx(), row->cy());
  p = d.probe();
  ASSERT_EQ(p.screen, "options");
  ASSERT_TRUE(p.find("button:start"));
  ASSERT_TRUE(p.find("seat:1"));
  EXPECT_TRUE(p.find("button:auto")) << "forced moves can be switched off";
  d.click_named("seat:1");  // human -> bot
  bool any_option = false;
  for (const auto& b : p.boxes) any_option |= starts_with(b.name, "option:");
  EXPECT_TRUE(any_option) << "the house rules are on the options screen";
  d.key("return");
  p = d.probe();
  EXPECT_EQ(p.screen, "table");
  EXPECT_FALSE(p.human_to_act) << "every seat is a bot now";
}

// Edits a copy of a ruleset while its game runs: a syntax error shows the
// file and line and play goes on under the old rules; the fix reloads.
TEST(Window, HotReloadOfAnEditedRuleset) {
  TempDir dir;
  fs::path src = engine::locate("article2").dir, copy = dir.path / "article2";
  fs::copy(src, copy, fs::copy_options::recursive);
  WindowOptions o = seated(copy.string(), 8, {"human", "random"});
  Driver d(o);
  d.frames(1);
  for (int k = 0; k < 3; ++k) d.key("plus");
  d.run_until([](const Probe& p) { return p.human_to_act; }, 200);
  d.click_named("action:1");
  d.run_until([](const Probe& p) { return p.human_to_act; }, 200);
  auto p = d.probe();
  int steps = p.steps;
  ASSERT_GE(steps, 1);

  fs::path cards = copy / "cards.lua";
  std::string good = read_text(cards);
  write_text(cards, good + "\nthis is not lua\n");
  bool refused = d.run_until([](const Probe& q) { return !q.banner.empty(); }, 40);  // 2 s of clock
  p = d.probe();
  ASSERT_TRUE(refused);
  EXPECT_NE(p.banner.find("cards.lua:"), std::string::npos) << p.banner;
  EXPECT_NE(p.banner.find("previous rules"), std::string::npos) << p.banner;
  EXPECT_EQ(p.reloads, 0);
  EXPECT_TRUE(p.human_to_act) << "the game goes on under the old rules";
  if (const char* shot = std::getenv("RATIFY_TEST_SHOT")) d.screenshot(shot);
  d.click_named("action:1");
  d.run_until([](const Probe& q) { return q.human_to_act; }, 200);
  EXPECT_GT(d.probe().steps, steps);

  // The fix: a card's text changes, every action replays, the rules are taken.
  std::string edited = good;
  size_t at = edited.find("Electability");
  ASSERT_NE(at, std::string::npos);
  edited.replace(at, 12, "Electability!");
  write_text(cards, edited);
  bool reloaded = d.run_until([](const Probe& q) { return q.reloads == 1; }, 40);
  p = d.probe();
  ASSERT_TRUE(reloaded) << p.banner;
  EXPECT_EQ(p.banner, "") << "a good reload clears the error";
  EXPECT_TRUE(starts_with(p.notice, "Rules reloaded (cards.lua)")) << p.notice;
  EXPECT_TRUE(p.human_to_act);
}

TEST(Window, ScriptedEventsAndRightClickPreview) {
  WindowOptions o = seated("article2", 2, {"human", "random"});
  Driver d(o);
  d.frames(1);
  auto p = d.probe();
  auto card =
      std::find_if(p.cards.begin(), p.cards.end(), [](const ProbeCard& c) { return c.id != 0; });
  ASSERT_NE(card, p.cards.end());
  d.click(card->x + 4, card->y + card->h / 2, 3);
  EXPECT_EQ(d.probe().overlays, std::vector<std::string>{"preview"});
  d.key("escape");
  EXPECT_TRUE(d.probe().overlays.empty());
  o.seats = {"human", "human"};
  auto q =
      run_scripted(o, {"key f1", "key escape", "click-named action:1", "key space", "key space"});
  EXPECT_EQ(q.steps, 1);
  EXPECT_TRUE(q.overlays.empty()) << "Space lifted the curtain";
  q = run_scripted(o, {"key 1", "key return", "key space", "key ctrl+z"});
  EXPECT_EQ(q.steps, 1) << "in hotseat the first player cannot undo over the second's view";
}

// ------------------------------------------------------------ issue 14: the window

namespace {

// tests/fixtures/window: twenty Lay/Drop actions, three risky guesses and
// an End-turn action (`ends_turn`); hands hidden unless open_hands.
WindowOptions fixture(std::vector<std::string> seats, uint64_t seed = 5) {
  WindowOptions o;
  o.ruleset = RATIFY_GUI_FIXTURE;
  o.seed = seed;
  o.seed_given = true;
  o.seats = std::move(seats);
  return o;
}

bool overlaps(const ProbeBox& a, const ProbeBox& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

bool has_overlay(const Probe& p, const std::string& o) {
  return std::find(p.overlays.begin(), p.overlays.end(), o) != p.overlays.end();
}

// RATIFY_TEST_SHOT_DIR=/tmp/x keeps a picture of the moments these tests check.
void keep_shot(Driver& d, const std::string& name) {
  if (const char* dir = std::getenv("RATIFY_TEST_SHOT_DIR"))
    d.screenshot((fs::path(dir) / (name + ".png")).string());
}

// The visible action rows' numbers, top to bottom.
std::vector<int> action_rows(const Probe& p) {
  std::vector<int> rows;
  for (const auto& b : p.boxes)
    if (starts_with(b.name, "action:")) rows.push_back(std::stoi(b.name.substr(7)));
  return rows;
}

// Clicks each playable card with more than one action and checks the
// large card of the hovered card: shown over neither the menu nor any lit
// target. Returns how many menus it saw.
int check_preview_beside_menus(Driver& d, const std::string& what) {
  auto p = d.probe();
  int menus = 0;
  std::vector<ProbeCard> cards;
  for (const auto& c : p.cards)
    if (c.playable && cards.size() < 10) cards.push_back(c);
  for (const auto& c : cards) {
    d.key("escape");
    d.key("escape");
    d.click(c.x + 4, c.y + c.h / 2);
    d.frames(12);  // past the hover delay, the mouse still on the card
    p = d.probe();
    if (p.menu.size() < 2) continue;
    ++menus;
    const ProbeBox* menu = p.find("menu");
    EXPECT_TRUE(menu) << what;
    EXPECT_FALSE(p.lit.empty()) << what << ": the card's targets are lit";
    if (p.preview.w == 0) continue;  // hidden: nothing fits beside
    if (menu) {
      EXPECT_FALSE(overlaps(p.preview, *menu)) << what << " card " << c.id;
    }
    for (const auto& l : p.lit)
      EXPECT_FALSE(overlaps(p.preview, l)) << what << " card " << c.id << " covers " << l.name;
    if (menus == 1) keep_shot(d, "preview-beside-menu-" + what);
  }
  d.key("escape");
  return menus;
}

}  // namespace

// 1. The large card of the hovered card shows when nothing is open, and
// never covers the menu a click opened or the targets it lit.
TEST(Window14, HoverPreviewKeepsClearOfTheMenuAndTheLitTargets) {
  Driver d(fixture({"human", "random"}));
  d.frames(1);
  auto p = d.probe();
  auto card = std::find_if(p.cards.begin(), p.cards.end(), [](auto& c) { return c.playable; });
  ASSERT_NE(card, p.cards.end());
  d.move(card->x + 4, card->y + card->h / 2);
  d.frames(12);
  p = d.probe();
  ASSERT_GT(p.preview.w, 0) << "hovering a card shows it large";
  ProbeBox under{"", card->x + 4, card->y + card->h / 2, 1, 1};
  EXPECT_FALSE(overlaps(p.preview, under)) << "not under the mouse";
  EXPECT_GT(check_preview_beside_menus(d, "fixture"), 0);

  WindowOptions g = seated("gitmo", 3, {"human", "random"});
  Driver gd(g);
  gd.frames(1);
  check_preview_beside_menus(gd, "gitmo");
}

// 2. Each decision starts at the top of its list; rows out of sight are
// marked above and below, and the markers scroll.
TEST(Window14, ActionListStartsAtTheTopAndMarksHiddenRows) {
  Driver d(fixture({"human", "random"}));
  d.frames(1);
  for (int k = 0; k < 3; ++k) d.key("plus");  // bots at once
  auto p = d.probe();
  ASSERT_GE(p.actions.size(), 20u);
  EXPECT_EQ(action_rows(p).front(), 1);
  EXPECT_TRUE(p.find("scroll:down")) << "more rows than room: a marker says so";
  EXPECT_FALSE(p.find("scroll:up"));
  const ProbeBox* row1 = p.find("action:1");
  ASSERT_TRUE(row1);
  for (int k = 0; k < 4; ++k) d.wheel(row1->cx(), row1->cy(), -1);
  p = d.probe();
  EXPECT_GT(action_rows(p).front(), 1);
  ASSERT_TRUE(p.find("scroll:up")) << "rows 1..N hidden: a marker says so";
  keep_shot(d, "actions-scrolled");
  // The marker itself scrolls back.
  int first = action_rows(p).front();
  d.click_named("scroll:up");
  EXPECT_LT(action_rows(d.probe()).front(), first);
  // Scrolled down, then a move: the next decision starts at row 1.
  d.key("pagedown");
  p = d.probe();
  ASSERT_GT(action_rows(p).front(), 1);
  int steps = p.steps;
  ASSERT_TRUE(d.click_named("action:" + std::to_string(action_rows(p).front())));
  p = d.probe();
  d.frames(1);
  p = d.probe();
  EXPECT_EQ(p.steps, steps + 1);
  EXPECT_EQ(action_rows(p).front(), 1);
  EXPECT_FALSE(p.find("scroll:up"));
  // And into the next turn, after the bot's.
  d.key("pagedown");
  d.key("e");
  ASSERT_TRUE(d.run_until([](const Probe& q) { return q.human_to_act; }, 200));
  d.frames(1);
  p = d.probe();
  EXPECT_EQ(action_rows(p).front(), 1);
  EXPECT_FALSE(p.find("scroll:up"));
}

// 3. The turn-ending action has a fixed button (and E); risky actions come
// last and ask before they act.
TEST(Window14, EndTurnHasAFixedPlaceAndRiskyActionsComeLastAndAsk) {
  Driver d(fixture({"human", "human"}));
  d.frames(1);
  auto p = d.probe();
  EXPECT_EQ(p.end_turn, "End your turn");
  EXPECT_EQ(std::count(p.actions.begin(), p.actions.end(), "End your turn"), 0)
      << "not buried in the numbered list";
  size_t n = p.actions.size();
  ASSERT_GE(n, 4u);
  for (size_t k = 0; k < n; ++k)
    EXPECT_EQ(starts_with(p.actions[k], "Guess"), k + 3 >= n) << k << ": " << p.actions[k];
  const ProbeBox* end = p.find("button:end-turn");
  ASSERT_TRUE(end);
  ProbeBox at = *end;
  // The same place after a move and with the list scrolled.
  d.click_named("action:1");
  d.frames(1);
  d.key("pagedown");
  p = d.probe();
  ASSERT_TRUE(p.find("button:end-turn"));
  EXPECT_EQ(p.find("button:end-turn")->y, at.y);
  EXPECT_EQ(p.find("button:end-turn")->x, at.x);
  // A risky row asks first; Esc keeps everything as it was.
  for (int k = 0; k < 6; ++k) d.key("pagedown");
  p = d.probe();
  int steps = p.steps;
  int guess = static_cast<int>(p.actions.size());  // the last row
  ASSERT_TRUE(d.click_named("action:" + std::to_string(guess)));
  p = d.probe();
  EXPECT_TRUE(p.confirm);
  EXPECT_EQ(p.menu.size(), 1u);
  EXPECT_EQ(p.steps, steps);
  keep_shot(d, "risky-asks");
  d.key("escape");
  p = d.probe();
  EXPECT_FALSE(has_overlay(p, "menu"));
  EXPECT_EQ(p.steps, steps);
  // Typed by number it asks too; Enter confirms.
  for (char c : std::to_string(guess)) d.key(std::string(1, c));
  if (!d.probe().typed.empty()) d.key("return");
  p = d.probe();
  EXPECT_TRUE(p.confirm) << "the number only opened the question";
  EXPECT_EQ(p.steps, steps);
  d.key("return");
  p = d.probe();
  EXPECT_EQ(p.steps, steps + 1);
  EXPECT_NE(p.actor, 1);
  // Player 2: E ends the turn.
  d.key("space");
  p = d.probe();
  ASSERT_EQ(p.actor, 2);
  d.key("e");
  EXPECT_EQ(d.probe().actor, 1);

  // gitmo says nothing but its End action's kind ("end"): still the button.
  WindowOptions g = seated("gitmo", 3, {"human", "random"});
  Driver gd(g);
  gd.frames(1);
  for (int k = 0; k < 3; ++k) gd.key("plus");
  bool seen = false;
  for (int guard = 0; guard < 400 && !seen; ++guard) {
    auto q = gd.probe();
    if (q.over) break;
    if (!q.human_to_act) {
      gd.frames(1);
      continue;
    }
    if (!q.end_turn.empty()) {
      seen = true;
      EXPECT_TRUE(q.find("button:end-turn"));
      for (const auto& a : q.actions) EXPECT_NE(a, q.end_turn);
      keep_shot(gd, "gitmo-end-turn");
      int before = q.steps;
      gd.key("e");
      EXPECT_GT(gd.probe().steps, before);
    } else {
      gd.click_named("action:1");
    }
  }
  EXPECT_TRUE(seen) << "gitmo offered End turn";
}

// 4. Every action leaves a line in the log: the ruleset's own, else its
// label; undone actions take their lines with them.
TEST(Window14, EveryActionLeavesALineInTheLog) {
  Driver d(fixture({"human", "random"}));
  d.frames(1);
  auto p = d.probe();
  ASSERT_TRUE(starts_with(p.actions[0], "Lay "));
  std::string label = p.actions[0];
  size_t lines = p.log.size();
  d.click_named("action:1");
  p = d.probe();
  ASSERT_EQ(p.log.size(), lines + 1);
  EXPECT_EQ(p.log.back(), "Player 1: " + label) << "the fixture logs no Lay: the window does";
  d.key("ctrl+z");
  p = d.probe();
  EXPECT_EQ(p.steps, 0);
  EXPECT_EQ(p.log.size(), lines) << "undone, its line goes";
  // A guess is logged by the ruleset: that line alone.
  for (int k = 0; k < 6; ++k) d.key("pagedown");
  d.click_named("action:" + std::to_string(p.actions.size()));
  d.key("return");
  p = d.probe();
  ASSERT_EQ(p.steps, 1);
  ASSERT_EQ(p.log.size(), lines + 1);
  EXPECT_TRUE(starts_with(p.log.back(), "Player 1 guesses")) << p.log.back();
  // The bot's moves (no ruleset lines) are all there.
  for (int k = 0; k < 3; ++k) d.key("plus");
  ASSERT_TRUE(d.run_until([](const Probe& q) { return q.human_to_act; }, 400));
  p = d.probe();
  int bot_lines = 0;
  for (const auto& l : p.log) bot_lines += starts_with(l, "Player 2");
  EXPECT_EQ(bot_lines, p.steps - 1) << "one line for each of the bot's actions";

  // A real ruleset: every action of a bots' game of escaped is read back,
  // a take in the ruleset's own public line.
  Driver e(bots_only("escaped", 4));
  e.frames(1);
  e.play_bots(12);
  e.frames(1);
  p = e.probe();
  EXPECT_GE(static_cast<int>(p.log.size()), p.steps);
  bool take = false;
  for (const auto& l : p.log) take |= l.find(" takes a card from ") != std::string::npos;
  EXPECT_TRUE(take) << "a bot's take is in the log";
}

// 8. The picker shows every game at 1280x720; Page Down goes to the next
// game, the wheel scrolls what does not fit.
TEST(Window14, PickerShowsEveryGameAndScrolls) {
  auto entries = engine::list_rulesets();
  WindowOptions o;
  o.seed = 1;
  Driver d(o);
  d.frames(1);
  auto p = d.probe();
  ASSERT_EQ(p.screen, "picker");
  const ProbeBox* play = p.find("button:play");
  ASSERT_TRUE(play);
  auto games_shown = [&](const Probe& q) {
    int n = 0;
    for (const auto& b : q.boxes) n += starts_with(b.name, "picker:") && b.x < play->x;
    return n;
  };
  EXPECT_EQ(games_shown(p), static_cast<int>(entries.size())) << "every game in sight";
  keep_shot(d, "picker");
  std::string first = p.game;
  d.key("pagedown");
  p = d.probe();
  EXPECT_NE(p.game, first) << "Page Down: the next game";
  d.key("pageup");
  EXPECT_EQ(d.probe().game, first);
  // The first game's variants overflow their pane: the wheel scrolls them.
  p = d.probe();
  if (const ProbeBox* more = p.find("scroll:variants-down")) {
    d.wheel(more->cx(), more->cy() - 40, -2);
    p = d.probe();
    EXPECT_TRUE(p.find("scroll:variants-up"));
    EXPECT_EQ(p.game, first) << "the wheel moves the view, not the choice";
  }
  // Enter on the third game: its options screen.
  d.key("pagedown");
  d.key("pagedown");
  std::string third = d.probe().game;
  d.key("return");
  p = d.probe();
  EXPECT_EQ(p.screen, "options");
  EXPECT_EQ(p.game, third);

  // A small window: the games no longer fit; the wheel brings the last in.
  o.width = 640;
  o.height = 360;
  Driver s(o);
  s.frames(1);
  p = s.probe();
  ASSERT_TRUE(p.find("scroll:picker-down"));
  const ProbeBox* row = p.find("picker:1");
  ASSERT_TRUE(row);
  for (int k = 0; k < 10; ++k) s.wheel(row->cx(), row->cy(), -1);
  p = s.probe();
  EXPECT_TRUE(p.find("scroll:picker-up"));
  EXPECT_FALSE(p.find("picker:1")) << "scrolled out of sight";
  EXPECT_FALSE(p.find("scroll:picker-down")) << "the last game is in sight";
}

// 9. A typed "1" waits for a second digit, visibly; Enter acts at once; a
// click forgets it.
TEST(Window14, TypedDigitsShowWaitAndAClickForgetsThem) {
  Driver d(fixture({"human", "random"}));
  d.frames(1);
  auto p = d.probe();
  ASSERT_GE(p.actions.size(), 10u);
  d.key("1");
  p = d.probe();
  EXPECT_EQ(p.typed, "1");
  EXPECT_EQ(p.steps, 0);
  // A click elsewhere (the empty felt): nothing is done later.
  const ProbeBox* row = p.find("action:1");
  ASSERT_TRUE(row);
  d.click(5, 700);
  d.frames(30);
  p = d.probe();
  EXPECT_EQ(p.typed, "");
  EXPECT_EQ(p.steps, 0) << "the click forgot the typed 1";
  d.key("1");
  d.key("return");
  EXPECT_EQ(d.probe().steps, 1) << "Enter acts at once";
  d.key("3");  // no row 30 or more: at once
  EXPECT_EQ(d.probe().steps, 2);
  d.key("1");
  d.key("escape");
  d.frames(30);
  EXPECT_EQ(d.probe().steps, 2) << "Esc forgets it too";
}

// 9. The options screen speaks in words: no raw ids, no backticks.
TEST(Window14, OptionsShowWordsNotIds) {
  WindowOptions o = fixture({"human", "random"});
  Driver d(o);
  d.frames(1);
  d.key("o");
  auto p = d.probe();
  ASSERT_EQ(p.screen, "options");
  ASSERT_FALSE(p.texts.empty());
  for (const auto& t : p.texts) {
    EXPECT_EQ(t.find('`'), std::string::npos) << t;
    EXPECT_EQ(t.find('_'), std::string::npos) << t;
  }
  auto has_text = [&](const std::string& s) {
    return std::find(p.texts.begin(), p.texts.end(), s) != p.texts.end();
  };
  EXPECT_TRUE(has_text("Turn limit"));
  EXPECT_TRUE(has_text("fan out")) << "a choice's value in words";
  EXPECT_TRUE(has_text("Turns in all; with \u201cOpen hands\u201d a hotseat needs no curtain"));
  keep_shot(d, "options");
}

// 9. Hotseat: no curtain when nothing on the table is hidden from anyone
// (gitmo); the curtain, and undo for whoever just moved, when it is.
TEST(Window14, CurtainOnlyWhenSomethingIsHiddenAndUndoSaysWhose) {
  WindowOptions o = fixture({"human", "human"});
  o.sets = {"open_hands=true"};
  Driver open(o);
  open.frames(1);
  open.key("e");
  auto p = open.probe();
  EXPECT_EQ(p.actor, 2);
  EXPECT_FALSE(has_overlay(p, "curtain")) << "every card face up: nothing to hide";
  EXPECT_EQ(p.bottom, 2) << "the table turns to Player 2";
  EXPECT_TRUE(p.human_to_act);
  EXPECT_EQ(p.notice, "Player 2's turn");

  Driver d(fixture({"human", "human"}));
  d.frames(1);
  d.key("e");
  p = d.probe();
  ASSERT_TRUE(has_overlay(p, "curtain"));
  // Before Player 2 sits down, Player 1 may take the move back.
  d.key("ctrl+z");
  p = d.probe();
  EXPECT_EQ(p.steps, 0);
  EXPECT_FALSE(has_overlay(p, "curtain"));
  EXPECT_EQ(p.actor, 1);
  d.key("e");
  d.key("space");  // Player 2 sees the table now
  d.key("ctrl+z");
  p = d.probe();
  EXPECT_EQ(p.steps, 1);
  EXPECT_EQ(p.notice,
            "Player 2 has no move to undo, and Player 1's move stays: Player 2 has seen the table "
            "since");
}

// 9. Against a bot a refused undo names the bot's move (its label is in
// the bot's words) and speaks to you.
TEST(Window14, UndoRefusalNamesWhoseMoveShowedTheCard) {
  WindowOptions o = seated("article2", 21, {"human", "random"});
  Driver d(o);
  d.frames(1);
  for (int k = 0; k < 3; ++k) d.key("plus");
  int refusals = 0, by_bot = 0;
  for (int turn = 0; turn < 40 && by_bot == 0; ++turn) {
    if (!d.run_until([](const Probe& q) { return q.human_to_act || q.over; }, 400)) break;
    auto p = d.probe();
    if (p.over) break;
    d.key("ctrl+z");
    auto q = d.probe();
    if (q.steps == p.steps) {
      ++refusals;
      EXPECT_EQ(q.notice.find("cannot undo: \""), std::string::npos) << q.notice;
      if (starts_with(q.notice, "Cannot undo: Player 2's move \u201c")) {
        ++by_bot;
        EXPECT_NE(q.notice.find("\u201d showed you a card"), std::string::npos) << q.notice;
      }
    }
    d.click_named("action:1");
  }
  EXPECT_GT(refusals, 0);
  EXPECT_GT(by_bot, 0) << "a bot's move that showed a card was named as the bot's";
}

// ------------------------------------------------------------ help (F1)

// The README as the help lays it out: headings, paragraphs joined, items,
// table rows as cells (the separator row dropped), code; inline marks out.
TEST(Help, ReadmeBlocks) {
  auto b = parse_markdown(
      "# Game (`id`)\n\nA **bold** *line*,\nand its [link](x.md), `hand:*`.\n\n- one\n  more\n"
      "2. two\n\n| a | b |\n|---|---|\n| `x` | y \\| z |\n\n```lua\nlocal x = 1\n```\n"
      "\n    ratify play\n## Rules\n");
  ASSERT_EQ(b.size(), 9u);
  EXPECT_EQ(b[0].kind, DocBlock::Heading);
  EXPECT_EQ(b[0].level, 1);
  EXPECT_EQ(b[0].text, "Game (id)");
  EXPECT_EQ(b[1].kind, DocBlock::Paragraph);
  EXPECT_EQ(b[1].text, "A bold line, and its link, hand:*.");
  EXPECT_EQ(b[2].kind, DocBlock::Item);
  EXPECT_EQ(b[2].text, "one more");
  EXPECT_EQ(b[3].bullet, "2.");
  EXPECT_EQ(b[4].kind, DocBlock::Row);
  EXPECT_TRUE(b[4].header);
  EXPECT_EQ(b[5].cells, (std::vector<std::string>{"x", "y | z"}));
  EXPECT_FALSE(b[5].header);
  EXPECT_EQ(b[6].kind, DocBlock::Code);
  EXPECT_EQ(b[6].text, "local x = 1");
  EXPECT_EQ(b[7].text, "ratify play");
  EXPECT_EQ(b[8].level, 2);
}

// F1 shows how to play (the ruleset's HOW_TO_PLAY.md) beside the
// shortcuts; Tab turns to the designer's README; Page Down, the wheel and
// Home scroll it; Esc closes it. On the picker it is the chosen game's.
TEST(Window, F1ShowsHowToPlayThenTheReadme) {
  auto title_of = [](const std::string& md) {
    return plain_inline(md.substr(2, md.find('\n') - 2));
  };
  for (const std::string ruleset : {"article2", "gitmo"}) {
    Driver d(seated(ruleset, 3, {"human", "random"}));
    d.frames(1);
    d.key("f1");
    auto p = d.probe();
    ASSERT_EQ(p.overlays, std::vector<std::string>{"help"}) << ruleset;
    auto dir = engine::locate(ruleset).dir;
    ASSERT_FALSE(p.help.empty()) << ruleset;
    EXPECT_EQ(p.help.front(), title_of(read_text(dir / "HOW_TO_PLAY.md")))
        << "how to play comes first";
    EXPECT_NE(std::find(p.help.begin(), p.help.end(), "Your turn"), p.help.end()) << ruleset;
    EXPECT_EQ(std::find(p.help.begin(), p.help.end(), "Files"), p.help.end())
        << ruleset << ": no designer's file table for players";
    d.key("tab");
    p = d.probe();
    EXPECT_EQ(p.help.front(), title_of(read_text(dir / "README.md")));
    EXPECT_GT(p.help.size(), 60u) << ruleset << ": the whole README, not a line";
    EXPECT_NE(std::find(p.help.begin(), p.help.end(), "Files"), p.help.end())
        << ruleset << ": the section headings are lines of their own";
    EXPECT_EQ(p.help_scroll, 0);
    d.key("pagedown");
    int paged = d.probe().help_scroll;
    EXPECT_GT(paged, 0);
    d.wheel(200, 300, -2);  // down
    EXPECT_GT(d.probe().help_scroll, paged);
    d.key("home");
    EXPECT_EQ(d.probe().help_scroll, 0);
    d.key("escape");
    EXPECT_TRUE(d.probe().overlays.empty());
    d.key("f1");
    EXPECT_EQ(d.probe().help.front(), title_of(read_text(dir / "HOW_TO_PLAY.md")))
        << "opened again: how to play first";
    d.key("escape");
  }
  WindowOptions picker;
  Driver d(picker);
  d.frames(1);
  d.key("f1");
  auto p = d.probe();
  ASSERT_FALSE(p.help.empty());
  EXPECT_NE(p.help.front().find(p.game), std::string::npos)
      << "the picker's chosen game: " << p.game << " / " << p.help.front();
}
