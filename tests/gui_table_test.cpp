// A table casual players can read and follow (issue #26): every face-up
// card drawn shows its name (or, overlapped, its corner label) whole, no
// text on a card is cut mid-word, and the table's zones keep their place
// and size through a game. The window runs headless (SDL's offscreen
// driver, host/gui/driver.hpp); what it drew comes from the probe: the
// cards' rectangles and every line of text with its rectangle.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>

#include <unistd.h>

#include "engine/catalog.hpp"
#include "engine/game.hpp"
#include "gui/card_style.hpp"
#include "gui/driver.hpp"

using namespace ratify;
using namespace ratify::gui;

namespace {

struct Game {
  const char* ruleset;
  int players;
};
constexpr Game kGames[] = {
    {"article2", 2},          {"amendments", 2}, {"constitution", 4}, {"british_constitution", 1},
    {"meet_the_patriots", 2}, {"captured", 3},   {"gitmo", 2},        {"escaped", 3}};

WindowOptions bots(const Game& g, int width, int height, uint64_t seed) {
  WindowOptions o;
  o.ruleset = g.ruleset;
  o.seats.assign(static_cast<size_t>(g.players), "easy");
  o.seats[0] = "human";  // what a player sees: their own hand, the others' backs
  o.seed = seed;
  o.seed_given = true;
  o.width = width;
  o.height = height;
  return o;
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string joined(const std::vector<std::string>& ws) {
  std::string s;
  for (const auto& w : ws) s += (s.empty() ? "" : " ") + w;
  return s;
}

// The part of card k not covered by the cards drawn after it: a row's
// next card covers its right side, a column's its foot; a card covered
// from its top left (under a stack's top) shows nothing (w = 0).
ProbeBox visible_part(const std::vector<ProbeCard>& cards, size_t k) {
  const auto& c = cards[k];
  ProbeBox v{"", c.x, c.y, c.w, c.h};
  for (size_t j = k + 1; j < cards.size(); ++j) {
    const auto& d = cards[j];
    bool overlaps = d.x < v.x + v.w && v.x < d.x + d.w && d.y < v.y + v.h && v.y < d.y + d.h;
    if (!overlaps) continue;
    if (d.x > v.x && d.y <= v.y + 4)
      v.w = d.x - v.x;
    else if (d.y > v.y && d.x <= v.x + 4)
      v.h = d.y - v.y;
    else
      v.w = 0;
    // A stack's edge under its top card: a few pixels, not a card in sight.
    if (v.w < c.w / 8 || v.h < c.h / 8) return {"", 0, 0, 0, 0};
  }
  return v;
}

bool within(const ProbeBox& t, const ProbeBox& r) {
  return t.x >= r.x - 1 && t.y >= r.y - 2 && t.x + t.w <= r.x + r.w + 1 &&
         t.y + t.h <= r.y + r.h + 4;
}

const std::string kEllipsis = "\u2026";

// Checks the cards of one frame; returns how many were checked.
// `names`: also that each card reads by its name or corner (else only
// that nothing is cut mid-word).
int check_cards(const Probe& p, const std::vector<core::CardDef>& defs, const std::string& where,
                bool names = true) {
  // Words of every card: a line cut after one of them is cut between words
  // (the card under a card may lend its words too).
  std::string every = " ";
  for (const auto& d : defs)
    every += joined(words(d.name + " " + d.text + " " + d.quote + " " + d.kind)) + " ";
  int checked = 0;
  for (size_t k = 0; k < p.cards.size(); ++k) {
    const auto& c = p.cards[k];
    if (!c.face_up || c.def < 0) continue;
    ProbeBox v = visible_part(p.cards, k);
    if (v.w == 0) continue;
    const core::CardDef& d = defs.at(static_cast<size_t>(c.def));
    std::vector<std::string> inside;
    for (const auto& t : p.drawn)
      if (within(t, v)) inside.push_back(t.name);
    std::string all = " " + joined(words(joined(inside))) + " ";
    // A word broken over two lines with a hyphen reads as one.
    for (size_t at; (at = all.find("- ")) != std::string::npos && at > 0 &&
                    std::isalpha(static_cast<unsigned char>(all[at - 1]));)
      all.erase(at, 2);
    std::string name = joined(words(d.name)), corner = corner_text(d);
    // A hyphenated name broken at its own hyphen ("Draw-A-" / "Card").
    std::string kept = " " + joined(words(joined(inside))) + " ";
    for (size_t at; (at = kept.find("- ")) != std::string::npos;) kept.erase(at + 1, 1);
    bool named = all.find(" " + name + " ") != std::string::npos ||
                 kept.find(" " + name + " ") != std::string::npos;
    bool cornered =
        !corner.empty() && all.find(" " + joined(words(corner)) + " ") != std::string::npos;
    bool whole = v.w >= c.w - 2 && v.h >= c.h - 2;
    // An overlapped card of a hand shows its corner label whole, at any
    // size: "LA 1" under the next card is not Louisiana's 10. (The piles'
    // fans at 640 px are tighter than a label at the smallest type.)
    bool hand = c.zone.rfind("hand", 0) == 0;
    EXPECT_TRUE(corner.empty() || whole || cornered || !hand)
        << where << ": card " << c.id << " '" << d.name << "' in " << c.zone
        << " shows its corner '" << corner << "' cut: '" << all << "'";
    // A whole card says its name; a playing card's corner is its name.
    // A name too long for a small card may end after a whole word when
    // the corner label names the card.
    // "Ned…" has begun as much as "Ned" above a cut line.
    const std::string first = words(name).front();
    bool begun = all.find(" " + first + " ") != std::string::npos ||
                 all.find(" " + first + kEllipsis + " ") != std::string::npos;
    bool ok = (whole && !playing_card(d)) ? named || (cornered && begun) : named || cornered;
    EXPECT_TRUE(ok || !names) << where << ": card " << c.id << " '" << d.name << "' in " << c.zone
                              << (whole ? " (whole)" : " (overlapped)") << " reads '" << all << "'";
    // Whatever is cut is cut after a whole word of a card.
    const std::string& own = every;
    for (const auto& t : inside) {
      if (t.size() < kEllipsis.size() ||
          t.compare(t.size() - kEllipsis.size(), kEllipsis.size(), kEllipsis) != 0)
        continue;
      auto ws = words(t.substr(0, t.size() - kEllipsis.size()));
      if (ws.empty()) continue;
      const std::string& last = ws.back();
      bool word = own.find(" " + last + " ") != std::string::npos ||
                  own.find(" " + last + ",") != std::string::npos ||
                  own.find(" " + last + ".") != std::string::npos ||
                  own.find(" " + last + ";") != std::string::npos ||
                  own.find(" " + last + ":") != std::string::npos;
      EXPECT_TRUE(word) << where << ": '" << t << "' on '" << d.name << "' is cut mid-word";
    }
    ++checked;
  }
  return checked;
}

// Plays on to `steps` actions: the bots at once, the human's first action
// (or End turn) by a click. False at the end of the game.
bool advance(Driver& d, int steps) {
  for (int guard = 0; guard < 400; ++guard) {
    Probe p = d.probe();
    if (p.over) return false;
    if (p.steps >= steps) return true;
    if (!p.human_to_act)
      d.play_bots(1);
    else if (!d.click_named("action:1") && !d.click_named("button:end-turn"))
      return false;
    d.frames(1);
  }
  return false;
}

void keep_shot(Driver& d, const std::string& name) {
  if (const char* dir = std::getenv("RATIFY_TEST_SHOT_DIR"))
    d.screenshot(std::string(dir) + "/" + name + ".png");
}

}  // namespace

// Deliver 2: in every ruleset's start and mid-game, at 1280x720 and
// 800x600, every face-up card drawn can be read: its name whole, or when
// another card covers part of it, its name or its corner label.
TEST(ReadableCards, EveryFaceUpCardShowsItsNameWhole) {
  for (const auto& g : kGames) {
    auto loaded = engine::Loaded::open(g.ruleset);
    engine::Game game(loaded, g.players, 3, loaded->options({}), engine::Mode::Interactive);
    const auto& defs = game.state().card_defs();
    for (auto [w, h] : {std::pair{1280, 720}, std::pair{800, 600}}) {
      Driver d(bots(g, w, h, 3));
      d.frames(1);
      int checked = 0;
      for (int moment : {0, 12, 30}) {
        std::string where = std::string(g.ruleset) + " " + std::to_string(w) + "x" +
                            std::to_string(h) + " after " + std::to_string(moment) + " actions";
        SCOPED_TRACE(where);
        advance(d, moment);
        d.move(1, 1);  // no large card over the table
        d.frames(1);
        keep_shot(d, std::string("readable-") + g.ruleset + "-" + std::to_string(w) + "-" +
                         std::to_string(moment));
        checked += check_cards(d.probe(), defs, where);
      }
      EXPECT_GT(checked, 0) << g.ruleset << ": no face-up card seen";
    }
  }
}

// Deliver 2 at 640x360 (`--size 640`): the cards are too small there for
// every name, and many for their corner inside the card (GITMO's and the
// patience's are 20-30 px wide), so EveryFaceUpCardShowsItsNameWhole does
// not run at this size; but nothing drawn on a card is cut mid-word: a
// corner wider than its card goes whole over its edge ("+6E-5A", never
// "+6E…"), a name whose first word does not fit is left to the corner.
TEST(ReadableCards, At640NothingOnACardIsCutMidWord) {
  for (const auto& g : kGames) {
    auto loaded = engine::Loaded::open(g.ruleset);
    engine::Game game(loaded, g.players, 3, loaded->options({}), engine::Mode::Interactive);
    const auto& defs = game.state().card_defs();
    Driver d(bots(g, 640, 360, 3));
    d.frames(1);
    for (int moment : {0, 12}) {
      advance(d, moment);
      d.move(1, 1);
      d.frames(1);
      std::string where = std::string(g.ruleset) + " 640x360 after " + std::to_string(moment);
      keep_shot(d, std::string("readable-") + g.ruleset + "-640-" + std::to_string(moment));
      check_cards(d.probe(), defs, where, false);
    }
  }
}

// Article II: the numbers of a card played on a player ("+4E-3A", its
// corner) stay in sight however the "Played on" row grows and its cards
// overlap or shrink; the text saying them is a hover away. The corner
// has no space ("+6E-5A"): with one, an opponent's cards at 800x600 were
// too small for it ("+6E…").
TEST(ReadableCards, ArticleIIPlayedCardsKeepTheirNumbers) {
  auto loaded = engine::Loaded::open("article2");
  engine::Game game(loaded, 2, 3, loaded->options({}), engine::Mode::Interactive);
  const auto& defs = game.state().card_defs();
  for (auto [w, h] : {std::pair{1280, 720}, std::pair{800, 600}}) {
    Driver d(bots(kGames[0], w, h, 5));
    d.frames(1);
    int checked = 0;
    for (int moment : {10, 20, 28}) {
      advance(d, moment);
      d.move(1, 1);
      d.frames(1);
      Probe p = d.probe();
      keep_shot(d, "played-on-" + std::to_string(w) + "-" + std::to_string(moment));
      for (size_t k = 0; k < p.cards.size(); ++k) {
        const auto& c = p.cards[k];
        if (!c.face_up || c.def < 0 || c.zone.rfind("played:", 0) != 0) continue;
        const auto& def = defs[static_cast<size_t>(c.def)];
        if (def.short_label.empty()) continue;
        ProbeBox v = visible_part(p.cards, k);
        bool shown = false;
        for (const auto& t : p.drawn) shown = shown || (within(t, v) && t.name == def.short_label);
        EXPECT_TRUE(shown) << w << "x" << h << " after " << moment << ": " << def.name << " in "
                           << c.zone << " without its numbers";
        ++checked;
      }
    }
    EXPECT_GT(checked, 3) << w << "x" << h << ": few cards played";
  }
}

namespace {

// Plays a game of bots (the first seat a human watching) and counts the
// actions after which a zone moved or its cards changed size.
int zone_moves(const Game& g, int w, int h, uint64_t seed) {
  Driver d(bots(g, w, h, seed));
  d.frames(1);
  std::map<std::string, ProbeBox> last;
  std::map<std::string, int> last_h;
  int moves = 0, steps = 0;
  std::string moved;
  for (; steps < 120; ++steps) {
    Probe p = d.probe();
    std::map<std::string, ProbeBox> now;
    for (const auto& b : p.boxes)
      if (b.name.rfind("zone:", 0) == 0) now.emplace(b.name, b);  // the zone, not a back in it
    // Its cards' height goes with its place: cards that shrink move too.
    std::map<std::string, int> card_h;
    for (const auto& c : p.cards) card_h.emplace("zone:" + c.zone, c.h);
    for (const auto& [name, b] : now) {
      auto it = last.find(name);
      if (it == last.end()) continue;
      const ProbeBox& a = it->second;
      int was = last_h.count(name) ? last_h[name] : 0, is = card_h.count(name) ? card_h[name] : 0;
      if (a.x != b.x || a.y != b.y || (was && is && was != is)) {
        ++moves;
        if (moved.size() < 3000)
          moved += " " + name + "@" + std::to_string(p.steps) + "(" + std::to_string(a.x) + "," +
                   std::to_string(a.y) + "," + std::to_string(a.w) + "->" + std::to_string(b.x) +
                   "," + std::to_string(b.y) + "," + std::to_string(b.w) + ")";
        break;  // one move per action, however many zones it shifts
      }
    }
    last = std::move(now);
    last_h = std::move(card_h);
    keep_shot(d, "stable-" + std::string(g.ruleset) + "-" + std::to_string(w) + "-" +
                     std::to_string(p.steps));
    if (p.over || !advance(d, p.steps + 1)) break;
  }
  std::cout << g.ruleset << " " << w << "x" << h << ": " << moves << " moves in " << steps
            << " actions:" << moved << "\n";
  return moves;
}

}  // namespace

// Deliver 5: the table stays put. A game of bots (the first seat a human
// watching, so the table is laid out for a player) is played on; every
// zone's box, and its cards' height, is compared from one action to the
// next. A zone that appears or goes (a run begun) is no move; a zone
// whose place or card size changes is. Moves are counted per ruleset
// and size and may happen only seldom.
//
// Measured (the human's view), actions after which a zone moved, seeds
// 5 / 7 / 11, 1280x720 then 800x600:
// - GITMO (about 100 actions): 15 / 8 / 11 and 19 / 19 / 20 before its
//   rows tightened (they grew to thirty cards, shrinking every card and
//   pushing their "On row N"); 0 / 0 / 0 at both sizes now (`tighten`:
//   a row keeps its box, its middle cards buried under a "+N"; its
//   "On row N" keeps room to fan two protectors). Before any hint:
//   35 / 18 / 37 at 1280x720.
// - Article V (120): 3 / 4 / 3 and 5 / 4 / 5 before; 0 / 1 / 1 and
//   0 / 1 / 2 now (an opponent's first run has its place from the start,
//   so its Article V no longer slides; a hand keeps room for fourteen;
//   the stops for two). What remains: a side's fourth run takes a new
//   line of places and the cards shrink.
// - Article II (30): 1 / 0 / 0 and 2 / 0 / 1 (the "Played on" row past
//   its room for six); Constitution 0, and at 800x600 3 / 3 / 3 while the
//   cards grew by a quarter as the hands emptied (shrinking at the second
//   deal, growing again), 0 since they grow only by half; the others 0.
// Each count at seed 5 is the most allowed, so a regression fails.
// RATIFY_TEST_SHOT_DIR keeps a picture of each step; RATIFY_TEST_SEED
// plays another seed (counts printed, not checked); RATIFY_TEST_GAME
// plays one ruleset only; RATIFY_TEST_SIZE=1280 or 800 one size only.
TEST(StableTable, ZonesKeepTheirPlaceThroughAGame) {
  const std::map<std::string, int> allowed_1280 = {{"article2", 1}};
  const std::map<std::string, int> allowed_800 = {{"article2", 2}};
  const char* seed_env = std::getenv("RATIFY_TEST_SEED");
  uint64_t seed = seed_env ? std::stoull(seed_env) : 5;
  const char* only = std::getenv("RATIFY_TEST_GAME");
  const char* size_env = std::getenv("RATIFY_TEST_SIZE");  // "1280" or "800": that size only
  for (auto [w, h] : {std::pair{1280, 720}, std::pair{800, 600}}) {
    if (size_env && std::stoi(size_env) != w) continue;
    const auto& allowed = w == 1280 ? allowed_1280 : allowed_800;
    for (const auto& g : kGames) {
      if (only && std::string(only) != g.ruleset) continue;
      int moves = zone_moves(g, w, h, seed);
      if (seed != 5) continue;  // another seed: counts printed, not checked
      auto most = allowed.find(g.ruleset);
      EXPECT_LE(moves, most == allowed.end() ? 0 : most->second)
          << g.ruleset << " " << w << "x" << h;
    }
  }
}

// Deliver 2 and 5: GITMO's rows reach thirty cards and more (`tighten`).
// A row keeps its box and its cards their size: past what the box shows
// at their corners its two ends stay in sight and the cards between lie
// under a "+N"; every card in sight still reads, hovering the row lists
// every card of it by its corner, and each "On row N" lies on its row's
// line right after it, at every length, at both sizes.
TEST(ReadableCards, GitmoLongRowsKeepTheirCornersAndSlots) {
  auto loaded = engine::Loaded::open("gitmo");
  engine::Game game(loaded, 2, 3, loaded->options({}), engine::Mode::Interactive);
  const auto& defs = game.state().card_defs();
  auto is_more = [](const std::string& t) {  // "+12"
    return t.size() > 1 && t[0] == '+' && t.find_first_not_of("0123456789", 1) == std::string::npos;
  };
  for (auto [w, h] : {std::pair{1280, 720}, std::pair{800, 600}}) {
    Driver d(bots(kGames[6], w, h, 5));
    d.frames(1);
    int buried = 0, checked = 0, slots = 0;
    for (int step = 1; step < 200 && advance(d, step); ++step) {
      d.move(1, 1);
      d.frames(1);
      Probe p = d.probe();
      std::string where = std::to_string(w) + "x" + std::to_string(h) + " after " +
                          std::to_string(p.steps) + " actions";
      std::map<std::string, ProbeBox> zones;
      for (const auto& b : p.boxes)
        if (b.name.rfind("zone:", 0) == 0) zones.emplace(b.name.substr(5), b);
      for (const auto& [name, row] : zones) {
        auto cap = zones.find("cap:" + name.substr(name.find(':') + 1));
        if (name.rfind("row:", 0) != 0 || cap == zones.end()) continue;
        ++slots;
        EXPECT_EQ(cap->second.y, row.y) << where << ": " << cap->first << " off its row's line";
        EXPECT_GE(cap->second.x, row.x + row.w) << where << ": " << cap->first << " over its row";
        EXPECT_LE(cap->second.x, row.x + row.w + 40) << where << ": " << cap->first << " away";
      }
      // A row with buried cards: two of its cards at one place.
      const ProbeCard* over = nullptr;
      for (size_t k = 1; k < p.cards.size() && !over; ++k) {
        const auto &a = p.cards[k - 1], &b = p.cards[k];
        if (a.zone == b.zone && a.zone.rfind("row:", 0) == 0 && a.x == b.x && a.y == b.y) over = &b;
      }
      if (!over) continue;
      bool more = std::any_of(p.drawn.begin(), p.drawn.end(), [&](const ProbeBox& t) {
        return is_more(t.name) && t.x < over->x && over->x < t.x + t.w;
      });
      EXPECT_TRUE(more) << where << ": " << over->zone << " buries cards without a \"+N\"";
      ++buried;
      checked += check_cards(p, defs, where);
      keep_shot(d, "gitmo-long-" + std::to_string(w) + "-" + std::to_string(p.steps));
      // Hovered, the row names every card of it by its corner, in order.
      std::string row = over->zone, corners;
      for (const auto& c : p.cards)
        if (c.zone == row && c.def >= 0)
          corners += (corners.empty() ? "" : " ") + corner_text(defs[c.def]);
      d.move(over->x + 2, over->y + over->h - 4);
      d.frames(1);
      std::string shown;
      for (const auto& t : d.probe().drawn) shown += " " + t.name;
      EXPECT_NE(joined(words(shown)).find(corners), std::string::npos)
          << where << ": hovering " << row << " does not list " << corners;
      d.move(1, 1);
      d.frames(1);
    }
    EXPECT_GT(buried, 0) << w << "x" << h << ": no row ever buried its middle";
    EXPECT_GT(checked, 0);
    EXPECT_GT(slots, 0);
  }
}

namespace {

std::vector<int> marked_ids(const Probe& p, const std::string& zone_prefix = "") {
  std::vector<int> out;
  for (const auto& c : p.cards)
    if (c.marked && c.zone.rfind(zone_prefix, 0) == 0) out.push_back(c.id);
  std::sort(out.begin(), out.end());
  return out;
}

// Plays the bots until the human is to act (or the game ends).
bool to_human(Driver& d) {
  for (int guard = 0; guard < 400; ++guard) {
    Probe p = d.probe();
    if (p.over) return false;
    if (p.human_to_act) return true;
    d.play_bots(1);
    d.frames(1);
  }
  return false;
}

}  // namespace

// Deliver 3: what the bots did since the human's last action stays marked
// (ringed in white) until the human acts again, however long they wait.
TEST(WhatHappened, BotMovesStayMarkedUntilTheHumanActs) {
  Driver d(bots(kGames[0], 1280, 720, 3));  // Article II: you against a bot
  d.frames(1);
  int checked = 0;
  for (int turn = 0; turn < 4 && to_human(d); ++turn) {
    Probe p = d.probe();
    auto marks = marked_ids(p);
    d.frames(60);  // three seconds of the window's clock: nothing fades
    EXPECT_EQ(marked_ids(d.probe()), marks) << "turn " << turn;
    checked += !marks.empty();
    if (!d.click_named("action:1") && !d.click_named("button:end-turn")) break;
    d.frames(1);
    // The bot's earlier moves are no news once the human has acted.
    Probe after = d.probe();
    for (int id : marked_ids(after))
      EXPECT_TRUE(std::find(marks.begin(), marks.end(), id) == marks.end() ||
                  after.steps > p.steps + 1)
          << "card " << id << " still marked from before the human's action";
  }
  EXPECT_GT(checked, 0) << "the bot never moved a card the human could see";
}

// Deliver 3: a finished trick stays in sight, marked in the pile of the
// partnership that took it, until the human acts.
TEST(WhatHappened, ALastTrickStaysMarkedInItsPile) {
  Driver d(bots(kGames[2], 1280, 720, 3));  // Constitution, you and three bots
  d.frames(1);
  int seen = 0;
  for (int turn = 0; turn < 30 && seen < 3 && to_human(d); ++turn) {
    Probe p = d.probe();
    int in_piles = 0;
    for (const auto& c : p.cards) in_piles += c.zone.rfind("tricks:", 0) == 0;
    if (in_piles > 0) {
      auto marks = marked_ids(p, "tricks:");
      d.frames(100);
      EXPECT_EQ(marked_ids(d.probe(), "tricks:"), marks);
      seen += !marks.empty();
    }
    keep_shot(d, "last-trick-" + std::to_string(turn));
    if (!d.click_named("action:1")) break;
    d.frames(1);
  }
  EXPECT_GT(seen, 0) << "no trick taken was marked at the human's turn";
}

// Deliver 3: a move glides from its old place to its new one (when on),
// in about 200 ms; a click or a key lands it at once; off by default
// (tests, headless capture, batch).
TEST(WhatHappened, MovesGlideWhenOnAndAKeySkipsThem) {
  for (bool on : {false, true}) {
    WindowOptions o = bots(kGames[0], 1280, 720, 3);
    o.animate = on;
    Driver d(o);
    d.frames(1);
    ASSERT_TRUE(to_human(d));
    d.frames(1);
    ASSERT_TRUE(d.click_named("action:1"));
    d.frames(1);
    Probe p = d.probe();
    EXPECT_EQ(!p.flying.empty(), on) << (on ? "nothing flew" : "flew with animations off");
    if (!on) continue;
    d.frames(2);  // under way: between where it was and where it lands
    keep_shot(d, "glide");
    for (const auto& f : d.probe().flying) {
      int id = std::stoi(f.name.substr(7));
      for (const auto& c : d.probe().cards)
        if (c.id == id) {
          EXPECT_FALSE(c.x == f.x && c.y == f.y) << f.name << " already landed";
        }
    }
    d.frames(3);
    EXPECT_TRUE(d.probe().flying.empty()) << "still flying after 250 ms";
    // A key lands every card at once.
    ASSERT_TRUE(to_human(d));
    d.frames(1);
    ASSERT_TRUE(d.click_named("action:1"));
    d.frames(1);
    if (d.probe().flying.empty()) continue;
    d.key("escape");
    d.frames(1);
    EXPECT_TRUE(d.probe().flying.empty()) << "a key did not land the moving cards";
  }
}

// Deliver 6: once the game is over no bot moves again: no Pause, no speed.
TEST(WhatHappened, NoPauseOnceTheGameIsOver) {
  WindowOptions o = bots(kGames[0], 1280, 720, 3);
  o.seats = {"easy", "easy"};
  Driver d(o);
  d.frames(1);
  EXPECT_TRUE(d.probe().find("button:pause"));
  d.play_bots(5000);
  d.frames(2);
  Probe p = d.probe();
  ASSERT_TRUE(p.over);
  EXPECT_FALSE(p.find("button:pause"));
  EXPECT_FALSE(p.find("button:faster"));
}

// Deliver 6: Escaped's checklist. The window lists, to the seat only, the
// suspects it has not ruled out, from the state it is shown (the
// ruleset's `checklist` hint on the prisoner's zone): on the table, a
// panel with every suspect on a line of its own, those ruled out struck
// through; the side panel then says only how many are left.
TEST(WhatHappened, EscapedChecklistShowsTheSuspectsLeft) {
  for (auto [w, h] : {std::pair{1280, 720}, std::pair{800, 600}}) {
    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
    Driver d(bots(kGames[7], w, h, 3));
    d.frames(1);
    auto line = [](const Probe& p) {
      for (const auto& l : p.table_status)
        if (l.find("not ruled out") != std::string::npos) return l;
      return std::string();
    };
    ASSERT_TRUE(to_human(d));
    d.frames(1);
    Probe p = d.probe();
    keep_shot(d, "checklist-" + std::to_string(w));
    std::string first = line(p);
    ASSERT_FALSE(first.empty()) << "no checklist";
    // The cards the seat holds and sees are ruled out, never listed.
    auto loaded = engine::Loaded::open("escaped");
    engine::Game game(loaded, 3, 3, loaded->options({}), engine::Mode::Interactive);
    const auto& defs = game.state().card_defs();
    std::string names = first.substr(first.find("\u2014"));
    int held = 0;
    for (const auto& c : p.cards)
      if (c.face_up && c.def >= 0) {
        ++held;
        EXPECT_EQ(names.find(defs[c.def].name), std::string::npos) << defs[c.def].name;
      }
    EXPECT_GT(held, 0);
    int left = std::stoi(first.substr(first.find(": ") + 2));
    EXPECT_LT(left, 24);
    EXPECT_GT(left, 1);
    // Every suspect on a line of its own on the table, "T2  Ivy Spindle";
    // the side panel's line is the count alone.
    int lines = 0;
    for (const auto& def : defs)
      for (const auto& t : p.drawn) lines += t.name == corner_text(def) + "  " + def.name;
    EXPECT_EQ(lines, static_cast<int>(defs.size()));
    bool count_alone = false;
    for (const auto& t : p.drawn)
      count_alone =
          count_alone ||
          t.name.rfind("The escaped prisoner: " + std::to_string(left) + " of 24", 0) == 0;
    EXPECT_TRUE(count_alone);
    for (const auto& t : p.drawn)
      EXPECT_EQ(t.name.find("\u2014"), std::string::npos) << "names in a paragraph: " << t.name;
  }
}

// Deliver 6: Constitution's Honors are named where they lie in a trick or
// a pile of tricks: the name in the strip in sight when there is room
// (the corner says only "H2"), and always in the large view on hover.
TEST(WhatHappened, HonorsInTricksAreNamed) {
  auto loaded = engine::Loaded::open("constitution");
  engine::Game game(loaded, 4, 3, loaded->options({}), engine::Mode::Interactive);
  const auto& defs = game.state().card_defs();
  Driver d(bots(kGames[2], 1280, 720, 3));
  d.frames(1);
  int hovered = 0, named = 0;
  for (int turn = 0; turn < 12 && hovered < 2 && to_human(d); ++turn) {
    d.frames(1);
    Probe p = d.probe();
    for (const auto& c : p.cards) {
      if (!c.face_up || c.def < 0 || defs[c.def].kind != "honor" || c.zone.rfind("trick", 0))
        continue;
      for (const auto& t : p.drawn)
        named += t.x >= c.x && t.x < c.x + c.w && t.y >= c.y && t.y < c.y + c.h &&
                 defs[c.def].name.find(t.name) != std::string::npos && t.name.size() > 3;
      d.move(c.x + 3, c.y + c.h / 2);
      d.frames(10);  // the large view waits a moment
      Probe q = d.probe();
      if (q.preview.name != "preview:" + std::to_string(c.id)) continue;
      ++hovered;
      bool says = false;
      for (const auto& t : q.drawn)
        says = says || (t.x >= q.preview.x && t.x < q.preview.x + q.preview.w &&
                        defs[c.def].name.find(t.name) != std::string::npos && t.name.size() > 3);
      EXPECT_TRUE(says) << defs[c.def].name << ": not named in its large view";
    }
    d.move(1, 1);
    if (!d.click_named("action:1")) break;
    d.frames(1);
  }
  EXPECT_GT(hovered, 0) << "no Honor seen in a trick";
  std::cout << "Honors named in the strip in sight: " << named << " lines\n";
}

// Deliver 3: the options screen's switch turns the gliding on for the
// window (off here, as in every test, until switched).
TEST(WhatHappened, TheOptionsSwitchTurnsMovesAnimated) {
  Driver d(bots(kGames[0], 1280, 720, 3));
  d.frames(1);
  d.key("o");
  d.frames(1);
  ASSERT_TRUE(d.click_named("button:animate"));
  d.frames(1);
  d.key("escape");
  d.frames(1);
  ASSERT_EQ(d.probe().screen, "table");
  ASSERT_TRUE(to_human(d));
  d.frames(1);
  ASSERT_TRUE(d.click_named("action:1"));
  d.frames(1);
  EXPECT_FALSE(d.probe().flying.empty()) << "switched on, yet nothing flew";
}

// Deliver 3: a summary between phases. Where Article II's Primary ends
// (the ruleset's `phases` hint) the window stops the bots and sums up,
// from the seat's view, the totals, the Candidates and the standing; a
// key goes on. Off unless asked for (tests, capture, batch runs).
TEST(WhatHappened, ASummaryWaitsBetweenThePrimaryAndTheGeneral) {
  WindowOptions o = bots(kGames[0], 1280, 720, 3);
  o.seats = {"easy", "easy", "easy"};
  o.summaries = true;
  Driver d(o);
  d.frames(1);
  d.play_bots(5000);  // stops where the phase ends
  d.frames(1);
  Probe p = d.probe();
  ASSERT_FALSE(p.over);
  ASSERT_TRUE(std::count(p.overlays.begin(), p.overlays.end(), "summary")) << "no summary";
  ASSERT_FALSE(p.summary.empty());
  EXPECT_EQ(p.summary.front(), "The Primary Election is over");
  auto said = [&](const std::string& start) {
    return std::any_of(p.summary.begin(), p.summary.end(),
                       [&](const std::string& l) { return l.rfind(start, 0) == 0; });
  };
  EXPECT_TRUE(said("Primary Election totals: Player "));
  EXPECT_TRUE(said("Candidates: "));
  EXPECT_TRUE(said("Player 1: ")) << "each player's standing";
  bool drawn = std::any_of(p.drawn.begin(), p.drawn.end(), [](const ProbeBox& t) {
    return t.name == "The Primary Election is over";
  });
  EXPECT_TRUE(drawn);
  keep_shot(d, "between-phases-article2");
  int steps = p.steps;
  d.frames(60);  // three seconds: the bots wait
  EXPECT_EQ(d.probe().steps, steps);
  d.key("space");
  d.frames(1);
  p = d.probe();
  EXPECT_FALSE(std::count(p.overlays.begin(), p.overlays.end(), "summary"));
  EXPECT_FALSE(p.paused) << "the key that closed it did nothing else";
  d.frames(60);
  EXPECT_GT(d.probe().steps, steps) << "the bots go on";
  // Played to the end: no other summary (the end has its own panel).
  d.play_bots(5000);
  d.frames(1);
  p = d.probe();
  EXPECT_TRUE(p.over);
  EXPECT_TRUE(p.summary.empty());
}

// The same between Constitution's deals; and off by default: the bots
// play through.
TEST(WhatHappened, ASummaryBetweenConstitutionsDealsOnlyWhenAsked) {
  WindowOptions o = bots(kGames[2], 800, 600, 11);
  o.seats = {"easy", "easy", "easy", "easy"};
  {
    Driver d(o);
    d.frames(1);
    d.play_bots(5000);
    d.frames(1);
    EXPECT_TRUE(d.probe().over) << "no summary stops a game by default";
  }
  o.summaries = true;
  Driver d(o);
  d.frames(1);
  d.play_bots(5000);
  d.frames(1);
  Probe p = d.probe();
  ASSERT_FALSE(p.summary.empty());
  EXPECT_EQ(p.summary.front(), "The first deal is over");
  EXPECT_TRUE(std::any_of(p.summary.begin(), p.summary.end(), [](const std::string& l) {
    return l.rfind("Deal 1 (popular vote): ", 0) == 0;
  }));
  keep_shot(d, "between-phases-constitution-800");
  ASSERT_TRUE(d.click_named("button:summary-close"));
  d.frames(1);
  EXPECT_TRUE(d.probe().summary.empty());
}

// Deliver 3 and 6: Captured's end headlines the outcome for the seat
// ("You won" / "You lost: Player 2 won") and breaks each score down, as
// the rules count it (the players' status lines once the game is over).
TEST(WhatHappened, CapturedsEndBreaksTheScoreDown) {
  Driver d(bots(kGames[5], 1280, 720, 3));
  d.frames(1);
  advance(d, 100000);
  d.frames(2);
  Probe p = d.probe();
  ASSERT_TRUE(p.over);
  ASSERT_TRUE(std::count(p.overlays.begin(), p.overlays.end(), "result"));
  EXPECT_TRUE(p.headline == "You won" || p.headline.rfind("You won, with ", 0) == 0 ||
              p.headline.rfind("You lost: ", 0) == 0)
      << p.headline;
  int breakdowns = 0;
  for (const auto& t : p.drawn)
    if (t.name.rfind("Traitors ", 0) == 0 && t.name.find("Special Ops") != std::string::npos &&
        t.name.find("total ") != std::string::npos)
      ++breakdowns;
  // One under each player in the panel, one beside each in the side panel
  // (wrapped there, so only the panel's lines are whole).
  EXPECT_GE(breakdowns, 3) << "each player's score broken down";
  keep_shot(d, "end-captured");
}

// Deliver 6: Meet the Patriots' cards big enough for the empty table.
// The draw deck lies beside the formation (a column of stacks at a grid's
// left) instead of on a line above it, so the cards take that line's
// height: about 74 px high at 1280x720 before, now over 85.
TEST(ReadableCards, MeetThePatriotsCardsFillTheTable) {
  for (auto [w, h, least] : {std::tuple{1280, 720, 85}, std::tuple{800, 600, 70}}) {
    Driver d(bots(kGames[4], w, h, 3));
    d.frames(1);
    Probe p = d.probe();
    const ProbeCard *deck = nullptr, *first = nullptr;
    for (const auto& c : p.cards) {
      if (c.zone == "draw") deck = &c;
      if (c.zone == "slot:1" && !first) first = &c;
    }
    ASSERT_TRUE(deck && first);
    std::cout << w << "x" << h << ": the formation's cards are " << first->h << " px high\n";
    EXPECT_GE(first->h, least) << w << "x" << h;
    EXPECT_LT(deck->x + deck->w, first->x) << "the deck lies at the formation's left";
    EXPECT_LT(deck->y, first->y + first->h) << "beside its first row, not above it";
  }
}

// Hotseat: the summary may open for the next player, after the curtain,
// so it holds only lines every player may see, never "You drew ...".
TEST(WhatHappened, AHotseatSummarySaysNothingPrivate) {
  WindowOptions o = bots(kGames[0], 1280, 720, 3);
  o.seats = {"human", "human"};
  o.summaries = true;
  Driver d(o);
  d.frames(1);
  Probe p;
  for (int guard = 0; guard < 200; ++guard) {
    p = d.probe();
    if (!p.summary.empty() || p.over) break;
    if (std::count(p.overlays.begin(), p.overlays.end(), "curtain"))
      d.key("space");
    else if (!d.click_named("action:1") && !d.click_named("button:end-turn"))
      break;
    d.frames(1);
  }
  ASSERT_FALSE(p.summary.empty()) << "no summary between the phases";
  for (const auto& l : p.summary) EXPECT_EQ(l.rfind("You ", 0), std::string::npos) << l;
}

// Article II offers one of two identical cards in a hand (the rules
// list each definition once); both are ringed gold, and a click on the
// copy not offered plays as a click on the one offered.
TEST(ReadableCards, IdenticalCardsInAHandAreRingedAlike) {
  int pairs = 0;
  for (uint64_t seed = 1; seed <= 12 && pairs == 0; ++seed) {
    Driver d(bots(kGames[0], 1280, 720, seed));
    d.frames(1);
    for (int turn = 0; turn < 8 && pairs == 0 && to_human(d); ++turn) {
      Probe p = d.probe();
      std::map<int, std::vector<const ProbeCard*>> by_def;
      for (const auto& c : p.cards)
        if (c.face_up && c.def >= 0 && c.zone == "hand:1") by_def[c.def].push_back(&c);
      for (const auto& [def, copies] : by_def) {
        if (copies.size() < 2) continue;
        bool any = false, all = true;
        for (const ProbeCard* c : copies) any = any || c->playable, all = all && c->playable;
        if (!any) continue;
        ++pairs;
        EXPECT_TRUE(all) << "seed " << seed << ": one copy of a card ringed, not the other";
      }
      if (!d.click_named("action:1") && !d.click_named("button:end-turn")) break;
      d.frames(1);
    }
  }
  EXPECT_GT(pairs, 0) << "no hand held two copies of a playable card";
}
