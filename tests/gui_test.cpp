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
#include "gui/layout.hpp"
#include "gui/session.hpp"
#include "gui/watch.hpp"

namespace fs = std::filesystem;
using namespace ratify;
using namespace ratify::gui;

namespace {

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

// A fresh folder under the system temp dir, removed at the end.
struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() / ("ratify_gui_test_" + std::to_string(::getpid()) + "_" +
                                        std::to_string(reinterpret_cast<uintptr_t>(this)));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

std::string read_text(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_text(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::trunc) << text;
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
    LayoutInput in{&view, &hints, &game.match().table().defs(), players, 2, {0, 40, 930, 680},
                   1.0,   {}};
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
  LayoutInput in{&view, &hints, &game.match().table().defs(), 2, 1, {0, 0, 1000, 700}, 1.0, {}};
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
  EXPECT_EQ(bot_of_seat("hard", true), "mcts:ms=2000");
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
  }
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
  WindowOptions o;
  o.ruleset = "article2";
  o.seed = 21;
  o.seed_given = true;
  o.seats = {"human", "random"};
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
      EXPECT_TRUE(q.steps < before || starts_with(q.notice, "cannot undo")) << q.notice;
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
  WindowOptions o;
  o.ruleset = "article2";
  o.seed = 4;
  o.seed_given = true;
  o.seats = {"human", "human"};
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
  WindowOptions o;
  o.ruleset = copy.string();
  o.seed = 8;
  o.seed_given = true;
  o.seats = {"human", "random"};
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
  WindowOptions o;
  o.ruleset = "article2";
  o.seed = 2;
  o.seed_given = true;
  o.seats = {"human", "random"};
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
