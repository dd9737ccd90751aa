// No bot sees what its player cannot see (issue 22): the issue's three
// peeks as fixtures that must now fail to peek (tests/fixtures/peeks), a
// tripwire on another seat's secret, the search's calibration, and view
// invariance: for every bot kind on every shipped ruleset, two games that
// differ only in what the acting seat cannot know get the same choice.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "bots/bots.hpp"
#include "bots/mcts.hpp"
#include "engine/game.hpp"
#include "engine/testing.hpp"
#include "sim/sim.hpp"

using namespace ratify;
namespace fs = std::filesystem;

namespace {

fs::path peeks(const std::string& name) {
  return fs::path(RATIFY_TEST_FIXTURES) / "peeks" / name;
}

// A folder of its own under the temporary folder, gone with the object.
struct Scratch {
  fs::path dir;
  explicit Scratch(const std::string& name)
      : dir(fs::temp_directory_path() /
            ("ratify_no_peek_" + name + "_" + std::to_string(::getpid()))) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scratch() { fs::remove_all(dir); }
};

// The share of `games` games player 1 wins, `bots` in the seats in order.
double player1_wins(const fs::path& ruleset, std::vector<std::string> bots, int games) {
  sim::SimConfig c;
  c.ruleset = ruleset.string();
  c.bots = std::move(bots);
  c.games = games;
  c.threads = 2;
  auto r = sim::run_sim(c);
  int won = 0;
  for (const auto& g : r.games) {
    EXPECT_EQ(g.error, "");
    won += std::count(g.winners.begin(), g.winners.end(), 1) > 0;
  }
  EXPECT_EQ(static_cast<int>(r.games.size()), games);
  return static_cast<double>(won) / games;
}

// Plays `moves` random actions.
void advance(engine::Game& g, int moves, uint64_t seed) {
  core::Rng pick(seed);
  for (int k = 0; k < moves && g.actor() != 0; ++k)
    g.apply(static_cast<int>(pick.below(static_cast<uint32_t>(g.action_count()))));
}

// ---------------------------------------------------------------- worlds

// GITMO's two decks are shuffled apart: a world deals the Special Ops deck
// only Special Ops cards, and the basic deck under its face-up top card
// only basic ones (the old determinization pooled every unseen card).
TEST(Worlds, ACardIsImaginedOnlyWhereItsPackCouldPutIt) {
  auto l = engine::Loaded::open("gitmo");
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    engine::Game g(l, 2, seed, l->options({}));
    advance(g, 6, seed);
    lua::Match& m = engine::testing::match_of(g);
    auto real = m.snapshot();
    core::Rng rng(seed);
    for (int k = 0; k < 20; ++k) {
      m.determinize(g.actor(), rng);
      const core::Table& t = m.table();
      for (int c : t.zone("special_ops").cards)
        ASSERT_EQ(t.def(c).kind, "special_ops") << t.def(c).id << " imagined in Special Ops";
      for (int c : t.zone("deck").cards) ASSERT_NE(t.def(c).kind, "special_ops") << t.def(c).id;
      ASSERT_EQ(t.check_conservation(), "");
      m.restore(real);
    }
  }
}

// What the others know of a place stays with the place: in escaped, the
// giver of a taken card knows the card at its place in the taker's rows,
// whichever card a world puts there.
TEST(Worlds, WhatOthersKnowOfAPlaceStaysWithIt) {
  auto l = engine::Loaded::open("escaped");
  engine::Game g(l, 4, 2, l->options({}));
  core::Rng pick(2);
  for (int k = 0; k < 12 && g.actor() != 0; ++k) {  // takes only
    std::vector<int> takes;
    for (int i = 0; i < g.action_count(); ++i)
      if (g.state().action_fields(i)["kind"] == "take") takes.push_back(i);
    g.apply(takes[pick.below(static_cast<uint32_t>(takes.size()))]);
  }
  lua::Match& m = engine::testing::match_of(g);
  core::Table real = m.table();
  core::Rng rng(5);
  for (int seat = 1; seat <= 4; ++seat) {
    auto moment = m.snapshot();
    m.determinize(seat, rng);
    const core::Table& world = m.table();
    int moved = 0;
    for (size_t z = 0; z < real.zones().size(); ++z)
      for (size_t i = 0; i < real.zone(static_cast<int>(z)).cards.size(); ++i) {
        int was = real.zone(static_cast<int>(z)).cards[i],
            is = world.zone(static_cast<int>(z)).cards[i];
        moved += was != is;
        EXPECT_EQ(world.known_mask(is), real.known_mask(was)) << "seat " << seat;
        EXPECT_EQ(world.remembered_mask(is), real.remembered_mask(was)) << "seat " << seat;
        if (real.knows(seat, was)) {
          EXPECT_EQ(is, was) << "a card seat " << seat << " knows moved";
        }
      }
    EXPECT_GT(moved, 0) << "seat " << seat << ": nothing re-dealt";
    m.restore(moment);
  }
}

// ---------------------------------------------------------------- peeks

// A red and a black card, shuffled after the bet: with the game's RNG in
// its world, the heuristic bot's one step ahead saw the shuffle and won
// every bet; the search did as well. Now they win half.
TEST(Peeks, ABetOnAShuffleYetToComeIsFair) {
  for (std::string bot : {"heuristic", "mcts:iters=40"}) {
    double won = player1_wins(peeks("colour_bet"), {bot}, 400);
    EXPECT_GT(won, 0.38) << bot;
    EXPECT_LT(won, 0.62) << bot << " sees the shuffle after its bet";
  }
}

// A strategy bot that deals the game again from g.seed (the host's RNG
// and shuffle written out in Lua; tests/fixtures/peeks/reseed/tests shows
// it names the card on the real game) names a guess in its world.
TEST(Peeks, DealingAgainFromTheSeedNamesAGuess) {
  double won = player1_wins(peeks("reseed"), {"reseed"}, 180);
  EXPECT_LT(won, 0.3) << "the bot dealt the game again from the real g.seed";
  EXPECT_GT(won, 0.0);
}

// Player 2's sealed number is a declared secret in g.state: a strategy bot
// that reads it, the heuristic that judges a guess by it and the search
// all guess right about one time in four, not every time.
TEST(Peeks, ASecretInTheStateStaysSecret) {
  for (std::string bot : {"read", "heuristic", "mcts:iters=40"}) {
    double won = player1_wins(peeks("sealed"), {bot, "random"}, 200);
    EXPECT_LT(won, 0.4) << bot << " read player 2's number";
    EXPECT_GT(won, 0.1) << bot;
  }
}

// ---------------------------------------------------------------- tripwire

// The sealed fixture without `imagine`, with `bot` (bots/<name>.lua)
// holding `text`: the error one decision of that bot gives ("" if none).
// The game is left as it was.
std::string sealed_without_a_guess(const std::string& bot, const std::string& text) {
  Scratch s("tripwire");
  fs::path dir = s.dir / "sealed";
  fs::copy(peeks("sealed"), dir, fs::copy_options::recursive);
  std::ifstream in(dir / "ruleset.lua");
  std::stringstream rules;
  rules << in.rdbuf();
  std::string text_of_rules = rules.str();
  std::string decl =
      "secrets = { number = { \"per_seat\", imagine = function(g) return g.random(4) end } },";
  size_t at = text_of_rules.find(decl);
  EXPECT_NE(at, std::string::npos);
  text_of_rules.replace(at, decl.size(), "secrets = { number = \"per_seat\" },");
  std::ofstream(dir / "ruleset.lua") << text_of_rules;
  if (!text.empty()) std::ofstream(dir / "bots" / (bot + ".lua")) << text;
  auto l = engine::Loaded::open(dir.string());
  engine::Game g(l, 2, 3, l->options({}), engine::Mode::Record);
  uint64_t before = g.state().hash();
  auto b = bots::make_bot(bot, l->meta());
  core::Rng rng(1);
  std::string error;
  try {
    b->choose(g, rng);
  } catch (const engine::ScriptError& e) {
    error = e.what();
  }
  EXPECT_EQ(g.state().hash(), before) << "the bot changed the game";
  EXPECT_EQ(g.actor(), 1) << "the game is still playable";
  return error;
}

// In a bot's world another seat's secret with no guess is a tripwire: the
// read is an error naming the reading file and line.
TEST(Tripwire, ReadingAnotherSeatsSecretNamesTheLine) {
  std::string msg = sealed_without_a_guess("read", "");
  EXPECT_NE(msg.find("bots/read.lua:3: g.state.number[2] is player 2's secret: player 1's bot "
                     "cannot read it"),
            std::string::npos)
      << msg;
  msg = sealed_without_a_guess("walk",
                               "return function(g)\n"
                               "  for _ in pairs(g.state.number) do end\n"
                               "  return 1\n"
                               "end\n");
  EXPECT_NE(msg.find("bots/walk.lua:2: pairs would read a secret: g.state.number[2]"),
            std::string::npos)
      << msg;
}

// The heuristic bot and the search meet it in the rules themselves
// (result(g) reads player 2's number): the game ends with that line.
TEST(Tripwire, TheRulesReadingItInABotsWorldNameTheirLine) {
  for (std::string bot : {"heuristic", "mcts:iters=20"}) {
    std::string msg = sealed_without_a_guess(bot, "");
    EXPECT_NE(msg.find("sealed/ruleset.lua:27: g.state.number[2] is player 2's secret"),
              std::string::npos)
        << bot << ": " << msg;
  }
}

// The bot's own secret, and what is public, read as usual.
TEST(Tripwire, ItsOwnSecretIsNoTripwire) {
  std::string msg = sealed_without_a_guess("mine",
                                           "return function(g, player)\n"
                                           "  return g.state.number[player]\n"
                                           "end\n");
  EXPECT_EQ(msg, "");
}

// ---------------------------------------------------------------- errors

// One decision of `bot` in tests/fixtures/broken_branch (one of its two
// moves fails, or with `stuck` loops forever): the error it ends with.
// The game is left as it was.
std::string search_error(const std::string& bot, bool stuck) {
  lua::Limits limits;
  limits.seconds = 0.3;
  auto l =
      engine::Loaded::open((fs::path(RATIFY_TEST_FIXTURES) / "broken_branch").string(), {}, limits);
  std::vector<std::string> sets;
  if (stuck) sets.push_back("stuck=true");
  engine::Game g(l, 1, 1, l->options(sets));
  uint64_t before = g.state().hash();
  auto b = bots::make_bot(bot, l->meta());
  core::Rng rng(1);
  std::string error;
  try {
    b->choose(g, rng);
  } catch (const engine::ScriptError& e) {
    error = e.what();
  }
  EXPECT_EQ(g.state().hash(), before) << bot << " changed the game";
  EXPECT_EQ(g.actor(), 1);
  return error;
}

// A rules error met in a search is the game's end, with its file and line
// (it used to count as a lost line, and the search went on).
TEST(Errors, ASearchStopsAtARulesError) {
  for (std::string bot : {"mcts:iters=50", "heuristic"}) {
    std::string msg = search_error(bot, false);
    EXPECT_NE(msg.find("broken_branch/ruleset.lua:24: the broken move"), std::string::npos)
        << bot << ": " << msg;
    std::string name = bot.substr(0, bot.find(':'));
    EXPECT_NE(msg.find("(in " + name + "'s lookahead for player 1"), std::string::npos) << msg;
  }
}

// So is the time limit: the search stops at the first call that runs out
// (it went on searching, a second per try).
TEST(Errors, ASearchStopsAtTheTimeLimit) {
  for (std::string bot : {"mcts:iters=50", "heuristic"}) {
    std::string msg = search_error(bot, true);
    EXPECT_NE(msg.find("broken_branch/ruleset.lua:22: time limit exceeded"), std::string::npos)
        << bot << ": " << msg;
  }
}

// In a batch of games the failed game reports the error, as for any bot.
TEST(Errors, TheGameEndsWithTheError) {
  sim::SimConfig c;
  c.ruleset = (fs::path(RATIFY_TEST_FIXTURES) / "broken_branch").string();
  c.bots = {"mcts:iters=20"};
  c.games = 2;
  auto r = sim::run_sim(c);
  ASSERT_FALSE(r.games.empty());
  EXPECT_NE(r.games[0].error.find("broken_branch/ruleset.lua:24: the broken move"),
            std::string::npos)
      << r.games[0].error;
}

// ---------------------------------------------------------------- calibration

// Which of four face-down cards is the ace: the search's own estimate of
// its chance is the true one in four (a search that saw the cards would
// say nearly 1).
TEST(Calibration, TheSearchKnowsItsChanceIsOneInFour) {
  auto l = engine::Loaded::open(peeks("aces").string());
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    engine::Game g(l, 1, seed, l->options({}));
    bots::MctsConfig c;
    c.iterations = 4000;
    bots::MctsBot bot(c);
    core::Rng rng(seed);
    bot.choose(g, rng);
    EXPECT_NEAR(bot.last_root().estimate(), 0.25, 0.05) << "seed " << seed;
  }
}

// The same with the pick made in playouts by the heuristic one step
// ahead (`rollout=heuristic`): each player of a playout chooses in a world
// dealt from its own view, never in the searcher's world, where the
// heuristic would find the ace every time (the estimate was near 1).
TEST(Calibration, AHeuristicPlayoutDoesNotSeeTheImaginedCards) {
  auto l = engine::Loaded::open(peeks("aces_later").string());
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    engine::Game g(l, 1, seed, l->options({}));
    bots::MctsConfig c = bots::parse_mcts("mcts:iters=400:rollout=heuristic:depth=10000", true);
    bots::MctsBot bot(c);
    core::Rng rng(seed);
    bot.choose(g, rng);
    EXPECT_NEAR(bot.last_root().estimate(), 0.25, 0.1) << "seed " << seed;
  }
}

// ---------------------------------------------------------------- invariance

// A strategy bot whose choice depends on everything a bot can read: where
// every card lies and who knows it, g.state (raw: next never trips a
// tripwire), g.seed and the world's random numbers. A world holding
// anything its seat cannot know would make it choose differently in two
// games that differ only there.
const char* kReader = R"(local function text_of(v, out)
  if type(v) ~= "table" then
    out[#out + 1] = type(v) .. ":" .. tostring(v)
    return
  end
  local keys, k = {}, next(v)
  while k ~= nil do
    keys[#keys + 1] = k
    k = next(v, k)
  end
  table.sort(keys, function(a, b)
    if type(a) ~= type(b) then return type(a) < type(b) end
    return a < b
  end)
  out[#out + 1] = "{"
  for _, key in ipairs(keys) do
    out[#out + 1] = tostring(key) .. "="
    text_of(rawget(v, key), out)
  end
  out[#out + 1] = "}"
end

return function(g, player, actions)
  local out = { tostring(g.seed), tostring(g.random(1000000)), tostring(player) }
  for _, z in ipairs(g.zones()) do
    out[#out + 1] = z
    for _, c in ipairs(g.cards(z)) do
      out[#out + 1] = g.defs[c].id
      for p = 1, g.players do out[#out + 1] = g.knows(p, c) and "+" or "-" end
    end
  end
  text_of(g.state, out)
  local s, h = table.concat(out, ","), 2166136261
  for i = 1, #s do h = ((h ~ s:byte(i)) * 16777619) & 0xffffffff end
  return h % #actions + 1
end
)";

// Moves the cards `player` does not know among the places of their pack
// (reversed), each place keeping what the others know of it. Cards its
// actions name are shown to it (captured's identities).
void rearrange_unseen(engine::Game& g, int player) {
  lua::Match& m = engine::testing::match_of(g);
  std::set<core::CardId> offered;
  if (g.actor() == player)
    for (int i = 0; i < g.action_count(); ++i)
      for (int c : g.action(i).cards) offered.insert(c);
  const core::Table& t = m.table();
  struct Place {
    int zone, pos;
    uint32_t known, remembered;
  };
  std::map<int, std::vector<Place>> places;
  std::map<int, std::vector<core::CardId>> unseen;
  const auto& zones = t.zones();
  for (size_t z = 0; z < zones.size(); ++z)
    for (size_t i = 0; i < zones[z].cards.size(); ++i) {
      core::CardId c = zones[z].cards[i];
      int pack = t.shuffled_in(c);
      if (t.knows(player, c) || offered.count(c) || (pack < 0 && zones[z].kind == "box")) continue;
      places[pack].push_back(
          {static_cast<int>(z), static_cast<int>(i), t.known_mask(c), t.remembered_mask(c)});
      unseen[pack].push_back(c);
    }
  for (auto& [pack, cards] : unseen) {
    std::reverse(cards.begin(), cards.end());
    for (size_t k = 0; k < cards.size(); ++k) {
      const Place& at = places[pack][k];
      m.table_mut().place(at.zone, at.pos, cards[k]);
      m.table_mut().set_knowledge(cards[k], at.known, at.remembered);
    }
  }
}

// Another value of the same kind.
nlohmann::json changed(const nlohmann::json& v) {
  if (v.is_boolean()) return !v.get<bool>();
  if (v.is_number_integer()) return v.get<int64_t>() + 1;
  if (v.is_number()) return v.get<double>() + 0.5;
  if (v.is_string()) return v.get<std::string>() + "~";
  return nlohmann::json{{"changed", true}};
}

// g.state (as saved) with the secrets `seat` may not know changed.
void change_secrets(nlohmann::json& state, const std::vector<core::Secret>& secrets, int seat) {
  for (const auto& s : secrets) {
    auto it = state.find(s.key);
    if (it == state.end() || it->is_null()) continue;
    if (!s.per_seat) {
      *it = changed(*it);
    } else if (it->is_array()) {
      for (size_t i = 0; i < it->size(); ++i)
        if (static_cast<int>(i) + 1 != seat && !(*it)[i].is_null()) (*it)[i] = changed((*it)[i]);
    } else if (it->is_object()) {
      for (auto& [key, v] : it->items())
        if (key != "#" + std::to_string(seat)) v = changed(v);
    }
  }
}

// A game in the position of `a` but for all `seat` cannot know: another
// seed (g.seed), another RNG state, the unknown cards re-dealt within
// their packs, the other seats' secrets changed.
std::unique_ptr<engine::Game> other_world(engine::Game& a, int seat,
                                          const std::shared_ptr<engine::Loaded>& l,
                                          engine::Mode mode) {
  auto b = std::make_unique<engine::Game>(l, a.players(), a.seed() ^ 0x5eedULL, a.options(), mode);
  nlohmann::json save = a.state().save();
  change_secrets(save["state"], l->meta().secrets, seat);
  b->state().load(save);
  lua::Match& m = engine::testing::match_of(*b);
  m.rng() = core::Rng(a.seed() * 31 + 7, 99);
  rearrange_unseen(*b, seat);
  m.touch();
  return b;
}

// What a seat's view shows of the table, its state and its actions (the
// status lines may count a secret, which other_world changed).
nlohmann::json seen(engine::Game& g, int seat) {
  auto v = engine::to_json(g.view(seat));
  return {v["zones"], v["state"], v["actions"]};
}

struct Shipped {
  const char* ruleset;
  int players;
  int stride;  // decisions between two positions tested
  engine::Mode mode;
};

class Invariance : public ::testing::TestWithParam<Shipped> {};

// Under ASan a search costs several times as much: the sanitizer job
// looks for memory errors in the first 50 positions, the release run
// checks all 200 for peeking.
#ifdef __SANITIZE_ADDRESS__
constexpr int kInvariancePositions = 50;
#else
constexpr int kInvariancePositions = 200;
#endif

// For 200 positions of random games: the acting seat's bots choose the
// same in a game that differs only in what that seat cannot know, the
// search with the same root statistics, and leave the game as they found
// it. Bots: random, heuristic, mcts (also with the ruleset's declared
// search) and a strategy bot that reads all it can (kReader), added to a
// copy of the ruleset. The search both with one
// tree and with a tree per player re-dealt at the opponents' nodes.
TEST_P(Invariance, BotsChooseTheSameWhateverTheSeatCannotKnow) {
  const Shipped& sh = GetParam();
  Scratch scratch(sh.ruleset);
  fs::path dir = scratch.dir / sh.ruleset;
  fs::copy(engine::Loaded::open(sh.ruleset)->meta().dir, dir, fs::copy_options::recursive);
  fs::create_directories(dir / "bots");
  std::ofstream(dir / "bots" / "reader.lua") << kReader;
  auto l = engine::Loaded::open(dir.string());
  std::vector<std::string> kinds = {"random", "mcts:iters=12:depth=12",
                                    "mcts:iters=12:depth=12:trees=each:redeal=opponents", "reader"};
  if (l->meta().has_heuristic) kinds.push_back("heuristic");
  // the ruleset's declared search as it is (meet_the_patriots: playouts to
  // the end by its strategy bot)
  if (!l->meta().search.empty()) kinds.push_back("mcts:iters=12");
  const int kPositions = kInvariancePositions;
  int positions = 0, differed = 0, decisions = 0;
  for (uint64_t seed = 1; positions < kPositions && seed <= 400; ++seed) {
    engine::Game a(l, sh.players, seed, l->options({}), sh.mode);
    core::Rng pick(seed);
    for (int in_game = 0, moves = 0; a.actor() != 0 && in_game < 25 && positions < kPositions;
         ++moves) {
      int n = a.action_count(), seat = a.actor();
      if (n > 1 && decisions++ % sh.stride == 0) {
        ++positions, ++in_game;
        auto b = other_world(a, seat, l, sh.mode);
        std::string at = std::string(sh.ruleset) + " seed " + std::to_string(seed) + " after " +
                         std::to_string(moves) + " moves, seat " + std::to_string(seat);
        ASSERT_EQ(seen(a, seat), seen(*b, seat)) << at << ": the two games should look alike";
        for (const auto& kind : kinds) {
          auto bot_a = bots::make_bot(kind, l->meta()), bot_b = bots::make_bot(kind, l->meta());
          uint64_t bot_seed = core::mix_seed(seed, static_cast<uint64_t>(positions));
          core::Rng ra(bot_seed), rb(bot_seed);
          uint64_t before = a.state().hash();
          int ca = bot_a->choose(a, ra), cb = bot_b->choose(*b, rb);
          ASSERT_EQ(a.state().hash(), before) << at << ": " << kind << " changed the game";
          bool same = a.state().action_fields(ca) == b->state().action_fields(cb);
          if (auto* ma = dynamic_cast<bots::MctsBot*>(bot_a.get())) {
            auto* mb = dynamic_cast<bots::MctsBot*>(bot_b.get());
            same = same && ma->last_root().visits == mb->last_root().visits &&
                   ma->last_root().mean == mb->last_root().mean;
          }
          if (!same && ++differed <= 3) ADD_FAILURE() << at << ": " << kind << " chose otherwise";
        }
      }
      a.apply(static_cast<int>(pick.below(static_cast<uint32_t>(n))));
    }
  }
  EXPECT_EQ(positions, kPositions);
  EXPECT_EQ(differed, 0) << "choices that depended on what the seat cannot know";
}

INSTANTIATE_TEST_SUITE_P(NoPeek, Invariance,
                         ::testing::Values(Shipped{"article2", 3, 1, engine::Mode::Lean},
                                           Shipped{"amendments", 2, 7, engine::Mode::Lean},
                                           Shipped{"constitution", 4, 1, engine::Mode::Lean},
                                           Shipped{"escaped", 3, 1, engine::Mode::Record},
                                           Shipped{"gitmo", 2, 2, engine::Mode::Lean},
                                           Shipped{"captured", 2, 1, engine::Mode::Lean},
                                           Shipped{"meet_the_patriots", 2, 1, engine::Mode::Lean},
                                           Shipped{"british_constitution", 1, 1,
                                                   engine::Mode::Lean}),
                         [](const auto& info) { return std::string(info.param.ruleset); });

}  // namespace
