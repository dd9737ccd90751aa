// The engine's interface (engine/state.hpp): what a seat's view holds and
// what it never holds, actions decoded once, presentation kept out of an
// action's identity, one source of game over, frozen actions in every mode.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <iostream>
#include <set>
#include <string>

#include "engine/game.hpp"
#include "engine/saves.hpp"
#include "test_files.hpp"

using namespace ratify;
namespace fs = std::filesystem;

namespace {

// Every card id a JSON document names as a card ("id" of a card entry).
void card_ids(const nlohmann::json& j, std::set<int>& out) {
  if (j.is_object()) {
    if (j.contains("id") && j.contains("def") && j["id"].is_number_integer())
      out.insert(j["id"].get<int>());
    for (const auto& [k, v] : j.items()) card_ids(v, out);
  } else if (j.is_array()) {
    for (const auto& v : j) card_ids(v, out);
  }
}

// What `seat` may know of the table, checked against the whole truth: a
// card shown face up is one the seat sees (an onlooker: a public one), a
// card it does not see has no id and no face, and the serialized view
// names no other card.
void expect_view_holds_only_what_the_seat_sees(engine::Game& g, int seat, const std::string& at) {
  const core::Table& t = g.state().table();
  engine::View v = g.view(seat);
  std::set<int> seen;
  for (const auto& z : v.zones)
    for (size_t k = 0; k < z.cards.size(); ++k) {
      const auto& c = z.cards[k];
      if (!c.face_up) {
        EXPECT_EQ(c.id, 0) << at << ": a back names a card, seat " << seat << " zone " << z.name;
        if (c.glimpsed) {  // the face it showed, which the seat saw and remembers
          int real = t.zone(z.name).cards[k];
          EXPECT_EQ(c.def, t.def_index(real)) << at << ": a glimpse's face, seat " << seat;
          EXPECT_TRUE(t.remembered_mask(real) & (1u << seat)) << at << ": seat " << seat;
        } else {
          EXPECT_EQ(c.def, -1) << at << ": a back has a face, seat " << seat;
        }
        continue;
      }
      seen.insert(c.id);
      if (seat)
        EXPECT_TRUE(t.sees(seat, c.id)) << at << ": seat " << seat << " shown card " << c.id;
      else
        EXPECT_EQ(c.def, t.def_index(c.id)) << at;
    }
  std::set<int> named;
  card_ids(engine::to_json(v), named);
  for (int c : named) EXPECT_TRUE(seen.count(c)) << at << ": the JSON view names card " << c;
  if (v.actor != seat) {
    EXPECT_TRUE(v.actions.empty()) << at << ": actions shown to a waiting seat";
  }
  // An offered action names only cards the seat sees: an id follows a
  // card, so naming a face-down one says where it lies.
  for (const auto& a : v.actions)
    for (int c : a.action.cards)
      EXPECT_TRUE(seen.count(c)) << at << ": action " << a.index << " (" << a.action.label
                                 << ") names card " << c << ", which seat " << seat
                                 << " does not see";
  EXPECT_EQ(v.result.has_value(), v.actor == 0) << at;
  auto j = engine::to_json(v);
  EXPECT_FALSE(j.contains("seed")) << at;
}

struct Shipped {
  const char* ruleset;
  int players;
};

class EveryView : public ::testing::TestWithParam<Shipped> {};

// Random games of every shipped ruleset: after every action, each seat's
// view and an onlooker's hold what they may know and nothing else.
TEST_P(EveryView, HoldsOnlyWhatItsSeatMayKnow) {
  auto [id, players] = GetParam();
  auto l = engine::Loaded::open(id);
  engine::Game g(l, players, 11, l->options({}), engine::Mode::Record);
  core::Rng pick(11);
  for (int k = 0; k < 60 && g.actor() != 0; ++k) {
    for (int s = 0; s <= players; ++s)
      expect_view_holds_only_what_the_seat_sees(g, s,
                                                std::string(id) + " action " + std::to_string(k));
    int n = g.action_count();
    g.apply(static_cast<int>(pick.below(static_cast<uint32_t>(n))));
  }
}

INSTANTIATE_TEST_SUITE_P(Engine, EveryView,
                         ::testing::Values(Shipped{"article2", 3}, Shipped{"amendments", 2},
                                           Shipped{"constitution", 4}, Shipped{"escaped", 3},
                                           Shipped{"gitmo", 2}, Shipped{"captured", 2},
                                           Shipped{"meet_the_patriots", 2},
                                           Shipped{"british_constitution", 1}),
                         [](const auto& info) { return std::string(info.param.ruleset); });

// Escaped keeps each player's checklist in g.state; its view(g, seat)
// shows a seat its own list only, and an onlooker none.
TEST(View, TheRulesetsViewKeepsOtherSeatsSecrets) {
  auto l = engine::Loaded::open("escaped");
  engine::Game g(l, 3, 4, l->options({}), engine::Mode::Record);
  core::Rng pick(4);
  for (int k = 0; k < 30 && g.actor() != 0; ++k)
    g.apply(static_cast<int>(pick.below(static_cast<uint32_t>(g.action_count()))));
  auto whole = g.state().save(false)["state"];
  for (int seat = 0; seat <= 3; ++seat) {
    auto v = g.view(seat).state;
    for (int p = 1; p <= 3; ++p) {
      auto mine = v["checked"][p - 1];
      if (p == seat)
        EXPECT_EQ(mine, whole["checked"][p - 1]) << "seat " << seat;
      else
        EXPECT_TRUE(mine.empty()) << "seat " << seat << " sees player " << p << "'s list";
    }
  }
}

// Meet the Patriots turns a card up and down again within one move (read
// aloud, then put back): every seat that saw it, and an onlooker, finds its
// face where it lies until the next move, with no id to follow it by; a
// card nobody was shown is never glimpsed.
TEST(View, ACardTurnedUpAndDownInOneMoveIsGlimpsedWhereItLies) {
  auto l = engine::Loaded::open("meet_the_patriots");
  engine::Game g(l, 2, 3, l->options({"second_flip=always"}), engine::Mode::Record);
  auto glimpses = [&](int seat) {
    int n = 0;
    for (const auto& z : g.view(seat).zones)
      for (const auto& c : z.cards) n += c.glimpsed;
    return n;
  };
  int found = 0;
  for (int k = 0; k < 40 && g.actor() != 0 && !found; ++k) {
    g.apply(0);  // the first place left: a first flip, then a second
    if (glimpses(1) == 2) found = k;
  }
  ASSERT_TRUE(found) << "no pair turned back in 40 moves";
  for (int seat = 0; seat <= 2; ++seat) {
    EXPECT_EQ(glimpses(seat), 2) << "seat " << seat;
    expect_view_holds_only_what_the_seat_sees(g, seat, "after a pair turned back");
    auto j = engine::to_json(g.view(seat));
    int shown = 0;
    for (const auto& z : j["zones"])
      for (const auto& c : z["cards"]) shown += c.is_object() && c.contains("glimpse");
    EXPECT_EQ(shown, 2) << "seat " << seat;
  }
  g.apply(0);  // the next move, a first flip (its card stays up): the two are gone
  EXPECT_EQ(glimpses(1), 0);
}

int find(engine::Game& g, const std::string& label) {
  for (int i = 0; i < g.action_count(); ++i)
    if (g.action(i).label.rfind(label, 0) == 0) return i;
  return -1;
}

// Presentation is decoded once, by the engine: a risky action and its
// warning (escaped's accusation), an action that ends the turn (by its
// kind, article2's end_turn).
TEST(Actions, PresentationIsDecodedByTheEngine) {
  auto l = engine::Loaded::open("escaped");
  engine::Game g(l, 3, 1, l->options({}));
  bool risky = false;
  for (int i = 0; i < g.action_count(); ++i) {
    auto a = g.action(i);
    if (a.label.rfind("Name ", 0) == 0) {
      EXPECT_TRUE(a.risky) << a.label;
      EXPECT_FALSE(a.warning.empty());
      risky = true;
    }
  }
  EXPECT_TRUE(risky) << "escaped offers an accusation at its first decision";

  auto a2 = engine::Loaded::open("article2");
  engine::Game h(a2, 2, 1, a2->options({}));
  core::Rng pick(1);
  bool ends = false;
  for (int k = 0; k < 40 && !ends && h.actor() != 0; ++k) {
    for (int i = 0; i < h.action_count(); ++i)
      if (h.state().action_fields(i).value("kind", "") == "end_turn") {
        EXPECT_TRUE(h.action(i).ends_turn);
        ends = true;
      }
    h.apply(static_cast<int>(pick.below(static_cast<uint32_t>(h.action_count()))));
  }
  EXPECT_TRUE(ends);
}

// A hint added to an action later never invalidates a recorded game:
// finding an action compares its fields without the presentation ones.
TEST(Actions, PresentationIsNoPartOfAnActionsIdentity) {
  auto l = engine::Loaded::open("escaped");
  engine::Game g(l, 3, 1, l->options({}));
  int i = find(g, "Name ");
  ASSERT_GE(i, 0);
  auto fields = g.state().action_fields(i);
  ASSERT_TRUE(fields.contains("risky"));
  auto without = fields;
  without.erase("risky");
  EXPECT_EQ(g.state().find_action(without), i);
  without["ends_turn"] = true;
  without["label"] = "another text";
  EXPECT_EQ(g.state().find_action(without), i);
  without["name"] = "nobody";
  EXPECT_EQ(g.state().find_action(without), -1);
}

// A ruleset written for the purpose: apply reads its action every way a
// ruleset may (fields, #, ipairs, pairs, nested lists) and, with option
// `write`, writes into it: a field it has (top level or nested) or a new
// one, each refused at the line that writes it.
const char* kReader = R"(
local M = { id = "reader", name = "Reader", players = { min = 1, max = 1 },
  cards = { { id = "c", name = "C", count = 3 } },
  options = { write = { default = "none", choices = { "none", "top", "nested", "new", "rawset" }, doc = "What apply writes" } } }
local PLAY = { kind = "play", cards = { 1, 2, 3 } }
function M.setup(g) g.zone("pile", { visibility = "all", kind = "pile" }); g.state.done = false end
function M.actor(g) if g.state.done then return nil end return 1 end
function M.actions() return { PLAY } end
function M.apply(g, a)
  local keys = {}
  for k in pairs(a) do keys[#keys + 1] = k end
  table.sort(keys)
  local sum = 0
  for _, c in ipairs(a.cards) do sum = sum + c end
  g.state.read = { kind = a.kind, n = #a.cards, sum = sum, keys = table.concat(keys, ","),
    second = a.cards[2], type = type(a), first = next(a) ~= nil, inner = next(a.cards) }
  if g.options.write == "top" then a.kind = "changed" end
  if g.options.write == "nested" then a.cards[1] = 9 end
  if g.options.write == "new" then a.extra = 1 end
  if g.options.write == "rawset" then rawset(a, "kind", "changed") end
  g.state.done = true
end
function M.result() return { winners = { 1 }, scores = { 1 } } end
return M
)";

TEST(Actions, ApplyReadsAFrozenActionAsItWouldTheTable) {
  ratify::testing::TempDir dir;
  fs::create_directories(dir.path / "reader");
  ratify::testing::write_text(dir.path / "reader" / "ruleset.lua", kReader);
  auto l = engine::Loaded::open((dir.path / "reader").string());
  for (auto mode : {engine::Mode::Lean, engine::Mode::Record}) {
    engine::Game g(l, 1, 1, l->options({}), mode);
    g.apply(0);
    auto read = g.state().save(false)["state"]["read"];
    EXPECT_EQ(read["kind"], "play");
    EXPECT_EQ(read["n"], 3);
    EXPECT_EQ(read["sum"], 6);
    EXPECT_EQ(read["second"], 2);
    EXPECT_EQ(read["keys"], "cards,kind");
    EXPECT_EQ(read["type"], "table");
    EXPECT_EQ(read["first"], true);  // next reads the action, as pairs does
    EXPECT_EQ(read["inner"], 1);
  }
}

TEST(Actions, AWriteIntoAnActionFailsInEveryMode) {
  ratify::testing::TempDir dir;
  fs::create_directories(dir.path / "reader");
  ratify::testing::write_text(dir.path / "reader" / "ruleset.lua", kReader);
  auto l = engine::Loaded::open((dir.path / "reader").string());
  struct Case {
    const char* set;
    std::string error;
  };
  for (const Case& c : {Case{"write=top", "ruleset.lua:17: an action is read-only"},
                        Case{"write=nested", "ruleset.lua:18: an action is read-only"},
                        Case{"write=new", "ruleset.lua:19: an action is read-only"},
                        Case{"write=rawset", "ruleset.lua:20: an action is read-only"}})
    for (auto mode : {engine::Mode::Lean, engine::Mode::Record, engine::Mode::Interactive}) {
      engine::Game g(l, 1, 1, l->options({c.set}), mode);
      try {
        g.apply(0);
        ADD_FAILURE() << c.set << ": the write went through";
      } catch (const engine::ScriptError& e) {
        EXPECT_NE(std::string(e.what()).find(c.error), std::string::npos) << e.what();
      }
      // The shared table is untouched: the next game is offered it as it was.
      engine::Game next(l, 1, 2, l->options({}), mode);
      EXPECT_EQ(next.state().action_fields(0)["kind"], "play");
      EXPECT_EQ(next.state().action_fields(0)["cards"][0], 1);
    }
}

// Game over has one source: actor() 0. result() is read only then, and a
// game without actor but without result is the rules' error.
TEST(State, ResultOnlyOnceNobodyActs) {
  auto l = engine::Loaded::open("article2");
  engine::Game g(l, 2, 3, l->options({}));
  EXPECT_NE(g.actor(), 0);
  EXPECT_FALSE(g.result());
  core::Rng pick(3);
  while (g.actor() != 0)
    g.apply(static_cast<int>(pick.below(static_cast<uint32_t>(g.action_count()))));
  EXPECT_TRUE(g.result());
  EXPECT_TRUE(g.view(1).result);
}

}  // namespace

namespace {

// A resumed game is replayed move by move, and its log holds every move's
// line, the engine's own for the moves the rules do not log.
TEST(State, AResumedGamesLogHoldsEveryMove) {
  auto l = engine::Loaded::open((fs::path(RATIFY_TEST_FIXTURES) / "tiny").string());
  engine::Game g(l, 2, 5, l->options({}), engine::Mode::Interactive);
  core::Rng pick(5);
  for (int k = 0; k < 12 && g.actor() != 0; ++k) {
    int i = static_cast<int>(pick.below(static_cast<uint32_t>(g.action_count())));
    if (g.action(i).label == "Boom") continue;  // tiny's action that always fails
    g.apply(i);
  }
  ASSERT_GE(g.state().log().size(), g.steps()) << "a line for every move at least";
  engine::SavedGame save;
  save.replay = g.replay();
  auto resumed = engine::resume_game(l, save, engine::Mode::Interactive);
  ASSERT_TRUE(resumed.game);
  EXPECT_EQ(resumed.game->state().log(), g.state().log());
}

// A seat's private log line (g.log_to): escaped tells the taker and the
// giver which card changed hands; no other seat's view, nor an onlooker's,
// ever holds it, and a save keeps whom each line is for.
TEST(Log, APrivateLineIsInItsSeatsViewOnly) {
  auto l = engine::Loaded::open("escaped");
  engine::Game g(l, 3, 5, l->options({}), engine::Mode::Interactive);
  ASSERT_EQ(g.actor(), 3);
  int take = find(g, "Take card 1 of Player 1");
  ASSERT_GE(take, 0);
  g.apply(take);
  auto has = [](const std::vector<std::string>& log, const std::string& start) {
    return std::any_of(log.begin(), log.end(),
                       [&](const std::string& l) { return l.rfind(start, 0) == 0; });
  };
  EXPECT_TRUE(has(g.view(3).log, "You took ")) << "the taker is told";
  EXPECT_TRUE(has(g.view(1).log, "Player 3 took your ")) << "the giver is told";
  for (int seat : {0, 1, 2}) EXPECT_FALSE(has(g.view(seat).log, "You took ")) << "seat " << seat;
  for (int seat : {0, 2, 3})
    EXPECT_FALSE(has(g.view(seat).log, "Player 3 took your ")) << "seat " << seat;
  for (int seat : {0, 1, 2}) {
    auto j = engine::to_json(g.view(seat)).dump();
    EXPECT_EQ(j.find("You took"), std::string::npos) << "seat " << seat << "'s JSON view";
  }
  // Everyone reads the take once, in the game's words: with its public
  // line the engine adds no "Player 3: Take card 1 of Player 1" of its
  // own under the private ones (one log style).
  for (int seat : {0, 1, 2, 3}) {
    EXPECT_TRUE(has(g.view(seat).log, "Player 3 takes a card from Player 1.")) << "seat " << seat;
    EXPECT_FALSE(has(g.view(seat).log, "Player 3: Take card")) << "seat " << seat;
  }
  auto probe = l->new_state(3, 5, l->options({}), {}, false);
  probe->load(g.state().save());
  EXPECT_EQ(probe->log_for(2), g.state().log_for(2));
  EXPECT_EQ(probe->log_for(3), g.state().log_for(3));
}

// Designer notes never reach a player: no shipped card's name or text,
// nor a line of a game's log, holds one (they belong in a card's `note`).
TEST(Cards, NoDesignerNoteInANameOrText) {
  const std::vector<std::string> notes = {
      "[Reconstruction", "Reconstruction:", "Placeholder", "placeholder", "TODO",
      "FIXME",           "a designer may"};
  for (const char* id : {"article2", "amendments", "constitution", "escaped", "gitmo", "captured",
                         "meet_the_patriots", "british_constitution"}) {
    auto l = engine::Loaded::open(id);
    for (const auto& d : l->card_defs())
      for (const auto& n : notes) {
        EXPECT_EQ(d.name.find(n), std::string::npos) << id << ": " << d.id << "'s name";
        EXPECT_EQ(d.text.find(n), std::string::npos) << id << ": " << d.id << "'s text: " << d.text;
      }
    // nor a log line of a game
    engine::Game g(l, l->default_players(), 2, l->options({}), engine::Mode::Record);
    core::Rng pick(2);
    for (int k = 0; k < 300 && g.actor() != 0; ++k)
      g.apply(static_cast<int>(pick.below(static_cast<uint32_t>(g.action_count()))));
    for (const auto& line : g.state().log())
      for (const auto& n : notes) EXPECT_EQ(line.find(n), std::string::npos) << id << ": " << line;
  }
}

// A whole game with forced moves played for the human seats: how many
// decisions were left to them, every move recorded, the replay the same
// game, and undo back over the forced moves to the last one chosen.
struct Clicks {
  size_t moves = 0, chosen = 0;
};

Clicks play_with_forced_moves(const char* id, int players, uint64_t seed,
                              const std::function<int(engine::Game&)>& choose) {
  auto l = engine::Loaded::open(id);
  engine::Game g(l, players, seed, l->options({}), engine::Mode::Record);
  g.set_auto_seats(~0u);
  Clicks c;
  for (int k = 0; k < 5000 && g.actor() != 0; ++k) {
    g.apply(choose(g));
    ++c.chosen;
  }
  EXPECT_EQ(g.actor(), 0) << id << ": the game ends";
  c.moves = g.steps();
  EXPECT_FALSE(engine::verify_replay(l, g.replay())) << id << ": the replay is the same game";
  std::cout << id << " seed " << seed << ": " << c.moves << " moves, " << c.chosen
            << " chosen by the player\n";
  return c;
}

TEST(ForcedMoves, CapturedAsksOnlyRealChoices) {
  core::Rng pick(3);
  auto c = play_with_forced_moves("captured", 3, 3, [&](engine::Game& g) {
    EXPECT_LT(g.auto_action(), 0) << "a forced move is never asked";
    return static_cast<int>(pick.below(static_cast<uint32_t>(g.action_count())));
  });
  EXPECT_LT(c.chosen * 2, c.moves) << "most of Captured's moves are forced";
}

// The patience's player takes the first move offered (the Government's
// first), dealing only when nothing else is left.
TEST(ForcedMoves, ThePatiencePlaysFillsAndSafeMovesToTheGovernment) {
  auto c = play_with_forced_moves("british_constitution", 1, 7, [](engine::Game& g) {
    EXPECT_LT(g.auto_action(), 0) << "a forced move is never asked";
    return 0;
  });
  EXPECT_LT(c.chosen, c.moves);
}

// Constitution: a hand with one card it may play (a follow in the suit
// led, the last card of a deal) is played for the player.
TEST(ForcedMoves, ConstitutionPlaysTheOnlyCardAHandMayPlay) {
  core::Rng pick(4);
  auto c = play_with_forced_moves("constitution", 4, 4, [&](engine::Game& g) {
    EXPECT_LT(g.auto_action(), 0) << "a forced move is never asked";
    EXPECT_GT(g.action_count(), 1) << "one legal card is never asked";
    return static_cast<int>(pick.below(static_cast<uint32_t>(g.action_count())));
  });
  EXPECT_LT(c.chosen, c.moves) << "some plays are forced";
}

TEST(ForcedMoves, UndoGoesBackToTheMoveThePlayerChose) {
  auto l = engine::Loaded::open((fs::path(RATIFY_TEST_FIXTURES) / "forced").string());
  engine::Game g(l, 1, 1, l->options({}), engine::Mode::Interactive);
  g.set_auto_seats(1u << 1);
  EXPECT_EQ(g.steps(), 0u) << "the first count is chosen";
  g.apply(0);  // 1, then 2 and 3 forced
  EXPECT_EQ(g.steps(), 3u);
  EXPECT_EQ(g.step(1).label, "Count 1 (forced)");
  EXPECT_EQ(g.state().save()["state"]["count"], 3);
  g.undo(1);
  EXPECT_EQ(g.steps(), 0u) << "back over the forced moves to the one chosen";
  EXPECT_EQ(g.state().save()["state"]["count"], 0);
  g.set_auto_seats(0);
  g.apply(0);
  EXPECT_EQ(g.steps(), 1u) << "off: every move is asked";
  EXPECT_EQ(g.why_no_undo(1), "");
}

// Only the seats that let them get their forced moves played.
TEST(ForcedMoves, OnlyForTheSeatsThatLetThem) {
  auto l = engine::Loaded::open((fs::path(RATIFY_TEST_FIXTURES) / "forced").string());
  engine::Game g(l, 2, 1, l->options({}), engine::Mode::Record);
  g.set_auto_seats(1u << 1);
  g.apply(0);  // player 1 counts 1; player 2's forced count is asked
  EXPECT_EQ(g.steps(), 1u);
  EXPECT_EQ(g.actor(), 2);
  EXPECT_EQ(g.auto_action(), 0);
  g.apply(0);  // player 2 counts 2; player 1's forced 3 is played
  EXPECT_EQ(g.steps(), 3u);
  EXPECT_EQ(g.actor(), 2);
}

}  // namespace
