// The window's table layout and card faces (issue #14, window points 6, 7
// and 10): where each ruleset's zones go, that cards keep their corners in
// sight and their places steady, and that playing cards, pictures and the
// card back look as they should. Layout tests call the SDL-free layout
// directly; the others drive the window headless (SDL's offscreen driver,
// host/gui/driver.hpp) and look at the screenshot's pixels.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "engine/catalog.hpp"
#include "engine/game.hpp"
#include "engine/saves.hpp"
#include "gui/card_style.hpp"
#include "gui/driver.hpp"
#include "gui/layout.hpp"
#include "test_files.hpp"

namespace fs = std::filesystem;
using namespace ratify;
using namespace ratify::gui;

using ratify::testing::TempDir;

namespace {

// The table of a 1280x720 window (the side panel and the top bar aside).
constexpr Rect kTable{4, 44, 922, 672};

// A stand-in for the fonts: DejaVu Sans at 12.5 px is about 7 px a
// character; a bold corner about 0.7 of its size.
int label_w(const std::string& s) {
  return static_cast<int>(s.size()) * 7;
}
int bold_w(const std::string& s, int px) {
  return static_cast<int>(std::lround(s.size() * px * 0.7));
}

struct Table {
  std::shared_ptr<engine::Loaded> loaded;
  std::unique_ptr<engine::Game> game;
  engine::View view;
  Table(const std::string& ruleset, int players, uint64_t seed) {
    loaded = engine::Loaded::open(ruleset);
    game = std::make_unique<engine::Game>(loaded, players, seed, loaded->options({}),
                                          engine::Mode::Interactive);
  }
  // Random legal actions (a fixed sequence for a seed), stopping at the end.
  void play(int n, uint64_t seed = 1) {
    for (int k = 0; k < n && !game->result(); ++k) {
      int count = game->action_count();
      if (count == 0) break;
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      game->apply(static_cast<int>((seed >> 33) % count));
    }
  }
  // What the window hands the layout for view `v` (the ruleset's hints
  // unless others are given), the bottom player `bottom`.
  LayoutInput input(const engine::View& v, int bottom = 1, const nlohmann::json* hints = nullptr,
                    LayoutMemory* memory = nullptr) const {
    LayoutInput in;
    in.view = &v;
    in.hints = hints ? hints : &loaded->meta().layout;
    in.defs = &game->state().card_defs();
    in.players = game->players();
    in.bottom = bottom;
    in.table = kTable;
    in.label_width = label_w;
    in.bold_width = bold_w;
    in.memory = memory;
    return in;
  }
  TableLayout lay_out(int bottom = 1, LayoutMemory* memory = nullptr, int viewer = -1) {
    view = game->view(viewer < 0 ? bottom : viewer);
    return lay_out_table(input(view, bottom, nullptr, memory));
  }
  const ZoneSpot* spot(const TableLayout& t, const std::string& zone) const {
    for (const auto& z : t.zones)
      if (view.zones[z.zone].name == zone) return &z;
    return nullptr;
  }
  const core::CardDef& def(int card) const { return game->state().table().def(card); }
};

const Rect* area_of(const TableLayout& t, int player) {
  for (const auto& a : t.areas)
    if (a.player == player) return &a.rect;
  return nullptr;
}

bool inside(const Rect& outer, const Rect& r) {
  return r.x >= outer.x && r.y >= outer.y && r.right() <= outer.right() &&
         r.bottom() <= outer.bottom();
}

int channel(uint32_t c, int shift) {
  return static_cast<int>((c >> shift) & 255);
}
bool near(uint32_t c, Color want, int tol) {
  return std::abs(channel(c, 16) - want.r) <= tol && std::abs(channel(c, 8) - want.g) <= tol &&
         std::abs(channel(c, 0) - want.b) <= tol;
}
int luma(uint32_t c) {
  return (299 * channel(c, 16) + 587 * channel(c, 8) + 114 * channel(c, 0)) / 1000;
}
// Pixels in r close to a colour.
int count_near(const Image& img, Rect r, Color want, int tol) {
  int n = 0;
  for (int y = std::max(0, r.y); y < std::min(img.h, r.bottom()); ++y)
    for (int x = std::max(0, r.x); x < std::min(img.w, r.right()); ++x)
      n += near(img.at(x, y), want, tol);
  return n;
}

WindowOptions window(const std::string& ruleset, std::vector<std::string> seats, uint64_t seed) {
  WindowOptions o;
  o.ruleset = ruleset;
  o.seats = std::move(seats);
  o.seed = seed;
  o.seed_given = true;
  return o;
}

}  // namespace

// ------------------------------------------------------------ the hints

TEST(Layout14, HintsNameOwnersGridsPawnsAndEmptyZones) {
  std::vector<std::string> caps;
  ASSERT_TRUE(glob_capture("run:*:*", "run:2:13", caps));
  EXPECT_EQ(caps, (std::vector<std::string>{"2", "13"}));
  EXPECT_FALSE(glob_capture("run:*:*", "run:2", caps));
  auto hints = nlohmann::json::parse(R"({
    "run:*:*": {"owner": "$1", "hide": "empty"}, "article:*": {"owner": 3},
    "space:*": {"columns": 10, "snake": true, "pawns": "at"}
  })");
  EXPECT_TRUE(check_hints(hints).empty());
  auto run = hint_for(hints, "run:2:13");
  EXPECT_EQ(run.owner, 2);
  EXPECT_TRUE(run.hide_empty);
  EXPECT_FALSE(run.hide);
  EXPECT_EQ(hint_for(hints, "article:1").owner, 3);
  auto space = hint_for(hints, "space:4");
  EXPECT_EQ(space.columns, 10);
  EXPECT_TRUE(space.snake);
  EXPECT_EQ(space.pawns, "at");
  auto bad = nlohmann::json::parse(
      R"({"a": {"owner": "first", "columns": 0, "snake": "yes", "pawns": 3, "hide": "full"}})");
  EXPECT_EQ(check_hints(bad).size(), 5u);
  auto roomy = nlohmann::json::parse(R"({"row:*": {"room": 5}})");
  EXPECT_TRUE(check_hints(roomy).empty());
  EXPECT_EQ(hint_for(roomy, "row:1:2").room, 5);
  EXPECT_EQ(check_hints(nlohmann::json::parse(R"({"row:*": {"room": 0}})")).size(), 1u);
}

// The patience's one player owns no zone: no empty "Player 1" strip at
// the bottom, the shared zones take the whole table.
TEST(Layout14, APatienceHasNoEmptyPlayerStrip) {
  Table tb("british_constitution", 1, 3);
  auto t = tb.lay_out();
  EXPECT_TRUE(t.areas.empty());
  EXPECT_EQ(t.centre.bottom(), kTable.bottom());
}

// GITMO's `room` hint: the player's rows keep room for five cards from the
// start, so the slot beside a row ("On row 1") is where it stays while the
// row grows to five; without the hint the row is as wide as its one card.
TEST(Layout14, ARowKeepsTheRoomItsHintAsks) {
  Table tb("gitmo", 2, 3);
  auto with = tb.lay_out();
  nlohmann::json none = nlohmann::json::object();
  auto without = lay_out_table(tb.input(tb.view, 1, &none));
  const ZoneSpot* row = tb.spot(with, "row:1:1");
  const ZoneSpot* bare = tb.spot(without, "row:1:1");
  ASSERT_TRUE(row && bare);
  EXPECT_LE(row->count, 2);
  // Five cards, each but the last showing at least a fifth of its width.
  EXPECT_GE(row->box.w, with.card_w + 4 * with.card_w / 5);
  EXPECT_GT(row->box.w * bare->slot.w, bare->box.w * row->slot.w);  // wider for its card size
}

// Every ruleset's own layout table is one the window can use.
TEST(Layout14, EveryRulesetsHintsAreUnderstood) {
  for (const auto& e : engine::list_rulesets()) {
    auto loaded = engine::Loaded::open(e.dir.string());
    EXPECT_EQ(check_hints(loaded->meta().layout), std::vector<std::string>{}) << e.id;
  }
}

// ------------------------------------------------------------ point 6: layouts

// Issue 26 point 5, Article V: what the window keeps room for from the
// start. A hand that grows to fourteen, and an opponent's first run,
// move neither Article V nor shrink the cards: the hand's `room`, and the
// runs' first place kept before the first run exists.
TEST(Layout14, AmendmentsKeepsRoomForAHandOfFourteenAndTheFirstRun) {
  Table tb("amendments", 2, 3);
  tb.play(2);
  LayoutMemory memory;
  auto before = tb.lay_out(1, &memory);
  engine::View grown = tb.view;
  auto zone = [&](const std::string& name) -> engine::ZoneView& {
    for (auto& z : grown.zones)
      if (z.name == name) return z;
    throw std::runtime_error("no zone " + name);
  };
  auto& hand = zone("hand:1").cards;
  ASSERT_FALSE(hand.empty());
  while (hand.size() < 14) hand.push_back(hand.front());
  engine::ZoneView run = zone("hand:1");  // a run of three before player 2
  run.name = "run:2:1", run.label = "Player 2: run 1", run.kind = "run", run.owner = 0;
  run.visibility = core::Visibility::All;
  run.cards.resize(3);
  grown.zones.push_back(run);
  auto after = lay_out_table(tb.input(grown, 1, nullptr, &memory));
  EXPECT_EQ(after.card_h, before.card_h) << "the cards shrank";
  for (const char* name : {"article:1", "stop:1", "article:2", "stop:2", "hand:2"}) {
    const ZoneSpot* a = tb.spot(before, name);
    const ZoneSpot* b = nullptr;
    for (const auto& z : after.zones)
      if (grown.zones[z.zone].name == name) b = &z;
    ASSERT_TRUE(a && b) << name;
    EXPECT_EQ(a->box, b->box) << name << " moved";
  }
}

// Every side's Article V, stops and runs lie in front of that side, not in
// one crowded centre; runs not yet begun take no room; cards stay readable
// in the third hand.
TEST(Layout14, AmendmentsPutsEachSidesTableInFrontOfIt) {
  Table tb("amendments", 3, 5);
  int runs = 0;
  for (int k = 0; k < 40 && runs < 4; ++k) {
    tb.play(25, 100 + k);
    auto t = tb.lay_out();
    runs = 0;
    for (const auto& z : t.zones) runs += tb.view.zones[z.zone].name.rfind("run:", 0) == 0;
  }
  ASSERT_GE(runs, 4) << "the game should have runs on the table by now";
  auto t = tb.lay_out();
  for (const auto& z : t.zones) {
    const auto& zv = tb.view.zones[z.zone];
    int side = 0;
    if (sscanf(zv.name.c_str(), "article:%d", &side) == 1 ||
        sscanf(zv.name.c_str(), "stop:%d", &side) == 1 ||
        sscanf(zv.name.c_str(), "run:%d:", &side) == 1) {
      const Rect* area = area_of(t, side);
      ASSERT_TRUE(area) << zv.name;
      EXPECT_TRUE(inside(*area, z.box)) << zv.name << " lies outside Player " << side << "'s area";
    }
    if (zv.name.rfind("run:", 0) == 0) {
      EXPECT_GT(z.count, 0) << zv.name << ": an empty run is left out";
    }
  }
  EXPECT_GE(t.card_h, 56) << "cards stay readable with three players' runs out";
}

// The formation is 3 rows of 4 places, as the labels say.
TEST(Layout14, MeetThePatriotsFormationIsThreeRowsOfFour) {
  Table tb("meet_the_patriots", 2, 3);
  auto t = tb.lay_out();
  std::map<int, std::set<int>> xs_by_row, ys_by_column;
  for (int k = 1; k <= 12; ++k) {
    const ZoneSpot* s = tb.spot(t, "slot:" + std::to_string(k));
    ASSERT_TRUE(s) << k;
    int row = (k - 1) / 4 + 1, column = (k - 1) % 4 + 1;
    ys_by_column[column].insert(s->box.x);  // one x per column
    xs_by_row[row].insert(s->box.y);        // one y per row
    std::string label = "row " + std::to_string(row) + ", column " + std::to_string(column);
    EXPECT_EQ(s->title.rfind(label, 0), 0u) << s->title;
  }
  for (auto& [row, ys] : xs_by_row) EXPECT_EQ(ys.size(), 1u) << "row " << row << " is one line";
  for (auto& [col, xs] : ys_by_column) EXPECT_EQ(xs.size(), 1u) << "column " << col << " lines up";
  std::set<int> rows;
  for (auto& [row, ys] : xs_by_row) rows.insert(*ys.begin());
  EXPECT_EQ(rows.size(), 3u);
  EXPECT_LT(*xs_by_row[1].begin(), *xs_by_row[2].begin());
}

// The patience's columns line up from the Government to the People, stay
// where they are when a pile empties, and no label is cut: a row's name
// is said once beside it.
TEST(Layout14, PatienceColumnsLineUpAndStayWhenAPileEmpties) {
  Table tb("british_constitution", 1, 3);
  tb.play(30, 7);
  auto t = tb.lay_out();
  const char* rows[] = {"foundation", "privy", "lords", "commons", "people"};
  std::map<int, int> column_x;
  for (int i = 1; i <= 8; ++i)
    for (const char* row : rows) {
      const ZoneSpot* s = tb.spot(t, std::string(row) + ":" + std::to_string(i));
      ASSERT_TRUE(s) << row << i;
      if (!column_x.count(i)) column_x[i] = s->box.x;
      EXPECT_EQ(s->box.x, column_x[i]) << row << ":" << i << " is out of its column";
      EXPECT_LE(label_w(s->title) + 2, s->box.w) << "label cut: " << s->title;
    }
  std::set<std::string> headings;
  for (const auto& h : t.headings) {
    headings.insert(h.text);
    EXPECT_LE(label_w(h.text) + 2, h.rect.w + 8) << h.text;
  }
  EXPECT_TRUE(headings.count("House of Commons")) << "the row's name, said once";
  for (const auto& z : t.zones) EXPECT_LE(label_w(z.title), z.box.w + 8) << z.title;

  // Empty two piles of the view and lay out again: nothing moves.
  auto before = t;
  for (auto& z : tb.view.zones)
    if (z.name == "lords:3" || z.name == "people:8") z.cards.clear();
  auto after = lay_out_table(tb.input(tb.view));
  ASSERT_EQ(after.zones.size(), before.zones.size());
  for (size_t k = 0; k < after.zones.size(); ++k) {
    const auto& name = tb.view.zones[after.zones[k].zone].name;
    if (name.find(':') == std::string::npos) continue;  // the free line above may breathe
    EXPECT_EQ(after.zones[k].box, before.zones[k].box) << name << " moved";
  }
}

// The ring of 20 places is a loop of two lines of ten (Start top left,
// space 20 under it), and each player's pawn stands where the state says.
TEST(Layout14, CapturedTrackIsALoopOfTwoTensWithPawns) {
  Table tb("captured", 3, 4);
  tb.play(12, 3);
  auto t = tb.lay_out();
  std::set<int> top, bottom;
  for (int i = 1; i <= 20; ++i) {
    const ZoneSpot* s = tb.spot(t, "space:" + std::to_string(i));
    ASSERT_TRUE(s) << i;
    (i <= 10 ? top : bottom).insert(s->box.y);
    if (i <= 10) {
      const ZoneSpot* under = tb.spot(t, "space:" + std::to_string(21 - i));
      EXPECT_EQ(under->box.x, s->box.x) << "space " << 21 - i << " lies under space " << i;
    }
  }
  EXPECT_EQ(top.size(), 1u);
  EXPECT_EQ(bottom.size(), 1u);
  EXPECT_LT(*top.begin(), *bottom.begin());
  const auto& at = tb.view.state["at"];
  int drawn = 0;
  for (int p = 1; p <= 3; ++p) {
    int space = at[p - 1].get<int>();
    if (space < 1) continue;
    const ZoneSpot* s = tb.spot(t, "space:" + std::to_string(space));
    ASSERT_TRUE(s);
    EXPECT_NE(std::find(s->pawns.begin(), s->pawns.end(), p), s->pawns.end())
        << "player " << p << " stands on space " << space;
    ++drawn;
  }
  EXPECT_GE(drawn, 2) << "players have moved by now";
  int pawns = 0;
  for (const auto& z : t.zones) pawns += static_cast<int>(z.pawns.size());
  EXPECT_EQ(pawns, drawn) << "no pawn anywhere else";
}

// On screen: a pawn's disc in its player's colour at the foot of the place.
TEST(Layout14, CapturedPawnsAreDrawn) {
  TempDir dir;
  WindowOptions o = window("captured", {"random", "random", "random"}, 4);
  Driver d(o);
  d.play_bots(12);
  d.frames(1);
  auto p = d.probe();
  std::string shot = (dir.path / "captured.png").string();
  ASSERT_TRUE(d.screenshot(shot));
  Image img = load_png(shot);
  int seen = 0;
  for (const auto& c : p.cards) {
    if (c.zone.rfind("space:", 0) != 0) continue;
    Rect r{c.x, c.y, c.w, c.h};
    for (int pl = 1; pl <= 3; ++pl)
      if (count_near(img, {r.x, r.bottom() - r.w / 2, r.w, r.w / 2 + r.w / 4}, player_color(pl),
                     12) > 20)
        ++seen;
  }
  EXPECT_GE(seen, 2) << "pawns in the players' colours on the track";
}

// The card size and the areas keep still from one turn to the next; they
// change only when the cards no longer fit or may grow by a quarter. (In
// gitmo a random player's rows grow to a dozen cards and the cards shrink
// as they do: a change every ten turns at most.)
TEST(Layout14, PlayerAreasStayPutBetweenTurns) {
  for (const char* ruleset : {"amendments", "constitution", "captured", "gitmo"}) {
    SCOPED_TRACE(ruleset);
    Table tb(ruleset, 3, 9);
    LayoutMemory memory;
    TableLayout last = tb.lay_out(1, &memory);
    int changes = 0, fresh_changes = 0, steps = 0;
    TableLayout fresh_last = tb.lay_out(1);
    for (int k = 0; k < 150 && !tb.game->result(); ++k, ++steps) {
      tb.play(1, 1000 + k);
      auto t = tb.lay_out(1, &memory);
      auto fresh = tb.lay_out(1);
      bool moved = t.card_h != last.card_h;
      for (size_t a = 0; a < t.areas.size() && a < last.areas.size(); ++a)
        moved = moved || !(t.areas[a].rect == last.areas[a].rect);
      bool fresh_moved = fresh.card_h != fresh_last.card_h;
      for (size_t a = 0; a < fresh.areas.size() && a < fresh_last.areas.size(); ++a)
        fresh_moved = fresh_moved || !(fresh.areas[a].rect == fresh_last.areas[a].rect);
      changes += moved;
      fresh_changes += fresh_moved;
      last = t, fresh_last = fresh;
    }
    std::string why = "of " + std::to_string(steps) +
                      " turns (without the memory: " + std::to_string(fresh_changes) + ")";
    if (std::string(ruleset) == "gitmo")  // rows grow to a dozen cards: the cards shrink
      EXPECT_LE(changes, std::max(fresh_changes, steps / 10)) << why;
    else
      EXPECT_LE(changes, std::max(3, steps / 30)) << why;
  }
}

// ------------------------------------------------------------ point 7: Constitution's hand

// An overlapped card keeps its whole corner in sight ("MO 18", never
// "MO 1"), in every hand and in the tricks.
TEST(Layout14, OverlappedCardsKeepTheirWholeCorner) {
  Table tb("constitution", 4, 11);
  tb.play(20, 5);
  for (int bottom = 1; bottom <= 4; ++bottom) {
    auto t = tb.lay_out(bottom);
    int checked = 0;
    for (const auto& z : t.zones)
      for (size_t k = 0; k + 1 < z.spots.size(); ++k) {
        const auto& s = z.spots[k];
        const auto& next = z.spots[k + 1];
        if (!s.face_up || next.rect.y != s.rect.y || next.rect.x <= s.rect.x + 2) continue;
        std::string corner = corner_text(tb.def(s.id));
        int need = bold_w(corner, corner_font_px(s.rect.h)) + 2;
        EXPECT_GE(next.rect.x - s.rect.x, need)
            << tb.view.zones[z.zone].name << ": the corner '" << corner << "' is cut";
        ++checked;
      }
    EXPECT_GT(checked, 10);
  }
}

// On screen, an Honor card under the next one shows more than "H1": its
// name is written in the strip that stays in sight. Its playable ring
// stands out from its gold border: a dark gap, then the ring.
TEST(Layout14, HonorsShowTheirNameAndTheirRing) {
  TempDir dir;
  auto loaded = engine::Loaded::open("constitution");
  engine::Game game(loaded, 4, 11, loaded->options({}), engine::Mode::Interactive);
  auto is_honor = [&](int id) { return id > 0 && game.state().table().def(id).kind == "honor"; };
  for (uint64_t seed = 11; seed < 40; ++seed) {
    Driver d(window("constitution", {"human", "random", "random", "random"}, seed));
    for (int k = 0; k < 3; ++k) d.key("plus");
    bool found = false;
    for (int guard = 0; guard < 400 && !found; ++guard) {
      d.frames(1);
      auto p = d.probe();
      if (p.over) break;
      if (!p.human_to_act) continue;
      for (const auto& c : p.cards)
        found = found || (c.playable && is_honor(c.id) && c.zone == "hand:1");
      if (!found) d.key("1"), d.key("return");
    }
    if (!found) continue;
    d.move(1, 1);  // the mouse away: no preview
    d.frames(1);
    auto p = d.probe();
    std::string shot = (dir.path / "hand.png").string();
    ASSERT_TRUE(d.screenshot(shot));
    Image img = load_png(shot);
    std::vector<ProbeCard> hand;
    for (const auto& c : p.cards)
      if (c.zone == "hand:1") hand.push_back(c);
    std::sort(hand.begin(), hand.end(), [](auto& a, auto& b) { return a.x < b.x; });
    int named = 0, ringed = 0;
    for (size_t k = 0; k < hand.size(); ++k) {
      const auto& c = hand[k];
      if (!is_honor(c.id)) continue;
      int visible = k + 1 < hand.size() ? hand[k + 1].x - c.x : c.w;
      // Dark text below the header band, inside the visible strip.
      Rect strip{c.x + 4, c.y + c.h * 22 / 100, std::max(1, visible - 8), c.h / 3};
      int dark = 0;
      for (int y = strip.y; y < strip.bottom(); ++y)
        for (int x = strip.x; x < strip.right(); ++x) dark += luma(img.at(x, y)) < 90;
      named += dark > 15;
      if (c.playable) {
        // Left edge, mid height: the ring (gold), then the gap (dark), then the card.
        int y = c.y + c.h / 2;
        bool ring = false, gap = false;
        for (int x = c.x - 8; x < c.x; ++x) {
          ring = ring || near(img.at(x, y), theme::playable, 30);
          gap = gap || (ring && luma(img.at(x, y)) < 50);
        }
        ringed += ring && gap;
      }
    }
    EXPECT_GT(named, 0) << "an Honor's name shows, not just its corner";
    EXPECT_GT(ringed, 0) << "the ring round a playable Honor stands out";
    return;
  }
  FAIL() << "no deal gave the human a playable Honor";
}

// The side panel says the table's lines once (the ruleset's table_status:
// the deal, the votes, Uncle Sam) and each player's own under them, so
// every player fits; nothing is guessed from lines that happen to agree.
TEST(Layout14, SidePanelSaysTheTablesLinesOnce) {
  Table tb("constitution", 4, 11);
  tb.play(10, 2);
  auto v = tb.game->view(1);
  ASSERT_GE(v.shared_status.size(), 4u) << "the deal, the votes, Uncle Sam";
  EXPECT_EQ(v.shared_status.front().rfind("Deal 1 of 2", 0), 0u) << v.shared_status.front();
  ASSERT_EQ(v.status.size(), 4u);
  for (const auto& own : v.status) {
    ASSERT_EQ(own.size(), 1u) << "each player's party stays with them";
    EXPECT_EQ(own[0].rfind("Your party: ", 0), 0u) << own[0];
  }
  Driver d(window("constitution", {"human", "bot", "bot", "bot"}, 11));
  d.frames(2);
  auto p = d.probe();
  EXPECT_EQ(p.table_status, d.probe().table_status);
  ASSERT_FALSE(p.table_status.empty());
  EXPECT_EQ(p.table_status.front().rfind("Deal 1 of 2", 0), 0u);
  ASSERT_EQ(p.status.size(), 4u);
  for (const auto& own : p.status) EXPECT_EQ(own.size(), 1u);
  // Without table_status every line stays with its player, even lines
  // that agree by chance ("Total 0" at the start of Gitmo).
  Table gitmo("gitmo", 2, 3);
  auto g = gitmo.game->view(1);
  EXPECT_TRUE(g.shared_status.empty());
  EXPECT_EQ(g.status[0].front(), g.status[1].front());
}

// ------------------------------------------------------------ a seat's view

namespace {

// Every card the window drew: a face it shows must be one `seat` sees, with
// that card's definition; a back must carry nothing to tell which card it
// is. Returns how many backs were drawn.
int check_drawn_cards(const Probe& p, const core::Table& truth, int seat) {
  int backs = 0;
  for (const auto& c : p.cards) {
    if (c.id == 0) {
      EXPECT_EQ(c.def, -1) << "a back in " << c.zone << " carries its definition";
      EXPECT_FALSE(c.face_up) << c.zone;
      ++backs;
      continue;
    }
    EXPECT_TRUE(seat ? truth.sees(seat, c.id) : truth.known_mask(c.id) == 0xffffffffu)
        << "card " << c.id << " in " << c.zone << " is drawn face up for seat " << seat;
    EXPECT_TRUE(c.face_up);
    EXPECT_EQ(c.def, truth.def_index(c.id)) << "card " << c.id;
  }
  return backs;
}

}  // namespace

// What the window draws for a seat comes from that seat's view: the
// other player's hand and the deck reach it as backs (id 0, definition
// -1), hovering one shows no large card, and the actions listed are the
// seat's own. The truth comes from a game made alike (ruleset, seed,
// options), later from the window's own save.
TEST(SeatView, AFaceDownCardsIdentityNeverReachesTheWindow) {
  Table truth("article2", 2, 7);
  TempDir saves;
  WindowOptions o = window("article2", {"human", "bot"}, 7);
  o.saves_dir = saves.path.string();
  Driver d(o);
  d.frames(2);
  Probe p = d.probe();
  ASSERT_TRUE(p.human_to_act);
  EXPECT_GT(check_drawn_cards(p, truth.game->state().table(), 1), 2)
      << "the bot's hand and the deck are backs";
  bool own_face = false;
  for (const auto& c : p.cards) own_face = own_face || (c.zone == "hand:1" && c.face_up);
  EXPECT_TRUE(own_face) << "the seat sees its own hand";
  EXPECT_EQ(p.actions.size() + !p.end_turn.empty(), truth.game->view(1).actions.size());
  // Hovering a back shows nothing large.
  for (const auto& c : p.cards)
    if (c.id == 0) {
      d.move(c.x + c.w - 4, c.y + c.h / 2);
      d.frames(12);
      EXPECT_EQ(d.probe().preview.w, 0) << "a large card over a back in " << c.zone;
      break;
    }
  // After moves on both sides the same holds.
  ASSERT_TRUE(d.click_named("action:1"));
  ASSERT_TRUE(d.run_until([](const Probe& q) { return q.human_to_act && q.steps >= 2; }, 400));
  p = d.probe();
  d.key("ctrl+s");
  auto list = engine::list_saves(saves.path);
  ASSERT_EQ(list.size(), 1u);
  auto resumed = engine::resume_game(engine::open_rules(*list[0].save), *list[0].save,
                                     engine::Mode::Interactive);
  EXPECT_GT(check_drawn_cards(p, resumed.game->state().table(), 1), 2);
}

// An onlooker of bots who asked for public cards only (V) is shown no
// hand and no action list: the labels would name the actor's cards.
TEST(SeatView, AnOnlookerOfPublicCardsSeesNoHandsAndNoChoices) {
  Table truth("article2", 2, 7);
  Driver d(window("article2", {"bot", "bot"}, 7));
  d.key("space");  // bots paused: the table stays as dealt
  d.frames(2);
  EXPECT_FALSE(d.probe().actions.empty()) << "every hand shown: the actor's choices too";
  d.key("v");
  d.frames(2);
  Probe p = d.probe();
  EXPECT_TRUE(p.actions.empty());
  EXPECT_GT(check_drawn_cards(p, truth.game->state().table(), 0), 10);
}

// ------------------------------------------------------------ point 10: playing cards, images

TEST(Layout14, StandardCardsAreKnownByTheirSuitAndRank) {
  core::CardDef d;
  d.suit = "hearts";
  d.rank = 10;
  auto p = playing_card(d);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->rank, "10");
  EXPECT_EQ(p->symbol, "\u2665");
  EXPECT_TRUE(p->red);
  EXPECT_EQ(corner_text(d), "10\u2665");
  d.suit = "Spades";
  d.rank = 12;
  EXPECT_EQ(corner_text(d), "Q\u2660");
  EXPECT_FALSE(playing_card(d)->red);
  d.suit = "Democratic";
  EXPECT_FALSE(playing_card(d)) << "a party is not a suit";
  d.suit = "clubs";
  d.rank = 3.5;
  EXPECT_FALSE(playing_card(d));
}

// The patience's cards: hearts and diamonds in red, spades and clubs in
// black, on a white face.
TEST(Layout14, PatienceCardsAreRedAndBlackPlayingCards) {
  TempDir dir;
  Driver d(window("british_constitution", {"random"}, 3));
  d.play_bots(20);
  d.move(1, 1);
  d.frames(1);
  auto p = d.probe();
  std::string shot = (dir.path / "patience.png").string();
  ASSERT_TRUE(d.screenshot(shot));
  Image img = load_png(shot);
  auto loaded = engine::Loaded::open("british_constitution");
  engine::Game game(loaded, 1, 3, loaded->options({}), engine::Mode::Interactive);
  int red_ok = 0, black_ok = 0, wrong = 0;
  std::set<int> seen;
  for (const auto& c : p.cards) {
    if (c.id == 0 || seen.count(c.id)) continue;
    // The top card of each place: no other card over its middle.
    bool covered = std::any_of(p.cards.begin(), p.cards.end(), [&](const ProbeCard& o) {
      return &o != &c && o.zone == c.zone && o.x > c.x;
    });
    if (covered) continue;
    seen.insert(c.id);
    const auto& def = game.state().table().def(c.id);
    auto pc = playing_card(def);
    ASSERT_TRUE(pc) << def.id;
    if (pc->value >= 11) continue;  // court cards: a framed letter
    Rect middle{c.x + c.w / 4, c.y + c.h / 4, c.w / 2, c.h / 2};
    int red = count_near(img, middle, theme::suit_red, 40);
    int black = count_near(img, middle, theme::suit_black, 40);
    if (pc->red && red > 20 && black < 5)
      ++red_ok;
    else if (!pc->red && black > 20 && red < 5)
      ++black_ok;
    else
      ++wrong;
  }
  EXPECT_GT(red_ok, 5);
  EXPECT_GT(black_ok, 5);
  EXPECT_EQ(wrong, 0);
}

// A card may name a picture: from the ruleset's folder, else assets/.
// The face-down cards show assets/card_back.png.
TEST(Layout14, CardPicturesAndTheCardBackComeFromFiles) {
  TempDir dir;
  fs::path rules = dir.path / "pictures";
  fs::create_directories(rules);
  fs::copy_file(assets_dir() / "icon.png", rules / "portrait.png");
  std::ofstream(rules / "cards.lua") << R"(return {
  { id = "portrait", name = "A Portrait", text = "Its picture is portrait.png", image = "portrait.png" },
  { id = "plain", name = "Plain", text = "No picture", count = 6 },
})";
  std::ofstream(rules / "ruleset.lua") << R"(return {
  id = "pictures", name = "Pictures", players = { min = 1, max = 1 },
  cards = require "cards",
  setup = function(g)
    g.zone("table", { visibility = "all", kind = "row", label = "Table" })
    g.zone("deck", { visibility = "none", kind = "deck", label = "Deck" })
    for c = 1, g.ncards do g.move(c, g.def(c).id == "portrait" and "table" or "deck") end
  end,
  actor = function(g) return 1 end,
  actions = function(g) return { { kind = "wait", label = "Wait" } } end,
  apply = function(g, a) end,
  result = function(g) return nil end,
})";
  Driver d(window(rules.string(), {"human"}, 1));
  d.move(1, 1);
  d.frames(1);
  auto p = d.probe();
  std::string shot = (dir.path / "pictures.png").string();
  ASSERT_TRUE(d.screenshot(shot));
  Image img = load_png(shot);
  const ProbeCard* portrait = nullptr;
  const ProbeCard* back = nullptr;
  for (const auto& c : p.cards) {
    if (c.zone == "table") portrait = &c;
    if (c.zone == "deck") back = &c;
  }
  ASSERT_TRUE(portrait && back);
  // The icon: a red star on cream, a navy card behind (#1f3a78).
  Rect face{portrait->x, portrait->y, portrait->w, portrait->h};
  EXPECT_GT(count_near(img, face, {0x1f, 0x3a, 0x78}, 20), 30) << "the picture's navy";
  EXPECT_GT(count_near(img, face, {0xc4, 0x28, 0x28}, 30), 30) << "the picture's red star";
  // The back: its medallion's red star in the middle of the card.
  Rect mid{back->x + back->w / 4, back->y + back->h / 4, back->w / 2, back->h / 2};
  EXPECT_GT(count_near(img, mid, {0xc4, 0x28, 0x28}, 30), 20) << "assets/card_back.png";
  // The icon the window shows is there to load.
  Image icon = load_png((assets_dir() / "icon.png").string());
  EXPECT_EQ(icon.w, icon.h);
}

// ------------------------------------------------------------ issue 26: hands sorted

// A hand is drawn sorted so it reads (by kind, suit and rank, then name;
// playing cards by suit then rank), while the rules keep their own order
// of the zone; `sort = "none"` draws it as the rules hold it.
TEST(HandsSorted, AHandIsDrawnInOrderAndTheRulesKeepTheirs) {
  for (const char* ruleset : {"article2", "constitution", "escaped"}) {
    SCOPED_TRACE(ruleset);
    Table tb(ruleset,
             ruleset == std::string("constitution") ? 4
             : ruleset == std::string("escaped")    ? 3
                                                    : 2,
             7);
    tb.play(3);
    tb.view = tb.game->view(1);
    nlohmann::json hints = tb.loaded->meta().layout;
    LayoutInput in = tb.input(tb.view, 1, &hints);
    auto drawn = [&](const TableLayout& t) {
      std::vector<int> ids;
      for (const auto& z : t.zones)
        if (tb.view.zones[z.zone].name == "hand:1")
          for (const auto& c : z.spots) ids.push_back(c.id);
      return ids;
    };
    std::vector<int> rules;
    for (const auto& z : tb.view.zones)
      if (z.name == "hand:1")
        for (const auto& c : z.cards) rules.push_back(c.id);
    ASSERT_GT(rules.size(), 2u);
    auto sorted = drawn(lay_out_table(in));
    ASSERT_EQ(sorted.size(), rules.size());
    for (size_t k = 1; k < sorted.size(); ++k) {
      const auto &a = tb.def(sorted[k - 1]), &b = tb.def(sorted[k]);
      auto ka = std::make_tuple(a.kind, a.suit, a.rank.value_or(0), a.name);
      auto kb = std::make_tuple(b.kind, b.suit, b.rank.value_or(0), b.name);
      EXPECT_LE(ka, kb) << a.name << " drawn before " << b.name;
    }
    std::vector<int> again;
    for (const auto& z : tb.game->view(1).zones)
      if (z.name == "hand:1")
        for (const auto& c : z.cards) again.push_back(c.id);
    EXPECT_EQ(again, rules) << "the zone's own order changed";
    hints["hand:*"] = {{"sort", "none"}};
    EXPECT_EQ(drawn(lay_out_table(in)), rules);
  }
  EXPECT_FALSE(check_hints(nlohmann::json{{"hand:*", {{"sort", "spiral"}}}}).empty());
}
