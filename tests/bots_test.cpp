// Bots: IS-MCTS never uses a card its player has not seen, is
// reproducible for a seed, and beats random play.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "bots/bots.hpp"
#include "bots/mcts.hpp"
#include "engine/game.hpp"
#include "engine/testing.hpp"
#include "sim/check.hpp"
#include "sim/tournament.hpp"
#include "test_files.hpp"

using namespace ratify;
namespace fs = std::filesystem;

namespace {

// Plays `moves` random actions from the start of a game.
void advance(engine::Game& g, int moves, uint64_t seed) {
  core::Rng pick(seed);
  for (int k = 0; k < moves && g.actor() != 0; ++k) {
    int n = g.action_count();
    g.apply(n <= 1 ? 0 : static_cast<int>(pick.below(static_cast<uint32_t>(n))));
  }
}

// Moves the cards `player` does not know among the places of their pack
// (reversed), each place keeping what the others know of it: another deal
// consistent with everything that player knows.
void rearrange_unseen(lua::Match& m, int player) {
  const core::Table& t = m.table();
  std::map<int, std::vector<std::pair<int, int>>> places;
  std::map<int, std::vector<core::CardId>> unseen;
  std::map<int, std::vector<std::pair<uint32_t, uint32_t>>> masks;
  const auto& zones = t.zones();
  for (size_t z = 0; z < zones.size(); ++z) {
    if (zones[z].kind == "box") continue;
    for (size_t i = 0; i < zones[z].cards.size(); ++i) {
      core::CardId c = zones[z].cards[i];
      if (t.knows(player, c)) continue;
      int pack = t.shuffled_in(c);
      places[pack].emplace_back(static_cast<int>(z), static_cast<int>(i));
      unseen[pack].push_back(c);
      masks[pack].emplace_back(t.known_mask(c), t.remembered_mask(c));
    }
  }
  for (auto& [pack, cards] : unseen) {
    std::reverse(cards.begin(), cards.end());
    for (size_t k = 0; k < cards.size(); ++k) {
      m.table_mut().place(places[pack][k].first, places[pack][k].second, cards[k]);
      m.table_mut().set_knowledge(cards[k], masks[pack][k].first, masks[pack][k].second);
    }
  }
}

int mcts_choice(engine::Game& g, int iters, uint64_t seed, int worlds = 0) {
  bots::MctsConfig c;
  c.iterations = iters;
  c.worlds = worlds;
  bots::MctsBot bot(c);
  core::Rng rng(seed);
  return bot.choose(g, rng);
}

struct HiddenCase {
  const char* ruleset;
  int players, moves, iterations;
};

class NotPeeking : public ::testing::TestWithParam<HiddenCase> {};

// The same seed and budget choose the same action whatever the hidden
// cards really are; and the search leaves the real game as it found it.
// (Before determinize sorted the unseen cards, its guess followed their
// real order: this test failed on article2, amendments and constitution.)
TEST_P(NotPeeking, MctsChoosesTheSameWhateverTheUnseenCards) {
  const HiddenCase& hc = GetParam();
  auto l = engine::Loaded::open(hc.ruleset);
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    engine::Game a(l, hc.players, seed, l->options({}));
    engine::Game b(l, hc.players, seed, l->options({}));
    advance(a, hc.moves, seed);
    advance(b, hc.moves, seed);
    if (a.actor() == 0) continue;
    int me = a.actor();
    rearrange_unseen(engine::testing::match_of(b), me);
    engine::testing::match_of(b).touch();
    ASSERT_NE(a.state().table().to_json(), b.state().table().to_json())
        << "the rearranged deal should differ";
    uint64_t before = a.state().hash();
    int choice_a = mcts_choice(a, hc.iterations, seed);
    EXPECT_EQ(a.state().hash(), before) << "the search changed the real game";
    int choice_b = mcts_choice(b, hc.iterations, seed);
    EXPECT_EQ(a.state().action_fields(choice_a), b.state().action_fields(choice_b))
        << hc.ruleset << " seed " << seed;
    // a pool of worlds is dealt from the same view (`worlds=N`)
    choice_a = mcts_choice(a, hc.iterations, seed, 8);
    EXPECT_EQ(a.state().hash(), before) << "the search changed the real game";
    choice_b = mcts_choice(b, hc.iterations, seed, 8);
    EXPECT_EQ(a.state().action_fields(choice_a), b.state().action_fields(choice_b))
        << hc.ruleset << " seed " << seed << ", worlds=8";
  }
}

INSTANTIATE_TEST_SUITE_P(Bots, NotPeeking,
                         ::testing::Values(HiddenCase{"article2", 2, 5, 150},
                                           HiddenCase{"amendments", 2, 3, 40},
                                           HiddenCase{"constitution", 4, 6, 150},
                                           HiddenCase{"escaped", 3, 1, 150}),
                         [](const auto& info) { return std::string(info.param.ruleset); });

// The guess at the hidden cards depends only on which cards are unseen.
TEST(Bots, DeterminizeNeverMovesACardThePlayerKnows) {
  auto l = engine::Loaded::open("article2");
  engine::Game g(l, 3, 7, l->options({}));
  advance(g, 4, 7);
  lua::Match& m = engine::testing::match_of(g);
  int me = m.actor();
  auto before = m.table();
  core::Rng rng(1);
  m.determinize(me, rng);
  for (core::CardId c = 1; c <= before.ncards(); ++c)
    if (before.knows(me, c)) {
      EXPECT_EQ(m.table().zone_of(c), before.zone_of(c)) << "card " << c;
      EXPECT_EQ(m.table().position_of(c), before.position_of(c)) << "card " << c;
    }
  EXPECT_EQ(m.table().check_conservation(), "");
}

TEST(Bots, MctsSettingsAreChecked) {
  EXPECT_EQ(bots::parse_mcts("mcts:iters=20", false).iterations, 20);
  EXPECT_EQ(bots::parse_mcts("mcts:ms=300", false).ms, 300);
  EXPECT_EQ(bots::parse_mcts("mcts:iters=5:depth=30", false).rollout_limit, 30);
  EXPECT_TRUE(bots::parse_mcts("mcts:rollout=heuristic", true).heuristic_rollout);
  EXPECT_THROW(bots::parse_mcts("mcts:rollout=heuristic", false), std::invalid_argument);
  EXPECT_THROW(bots::parse_mcts("mcts:iters=lots", false), std::invalid_argument);
  EXPECT_THROW(bots::parse_mcts("mcts:width=3", false), std::invalid_argument);
  EXPECT_EQ(bots::parse_mcts("mcts:depth=10", false).judge, bots::MctsConfig::Judge::Soft);
  EXPECT_EQ(bots::parse_mcts("mcts:depth=10:judge=leader", false).judge,
            bots::MctsConfig::Judge::Leader);
  EXPECT_THROW(bots::parse_mcts("mcts:judge=best", false), std::invalid_argument);
  EXPECT_TRUE(bots::parse_mcts("mcts:trees=each", false).tree_per_player);
  EXPECT_FALSE(bots::parse_mcts("mcts:trees=one", false).tree_per_player);
  EXPECT_TRUE(bots::parse_mcts("mcts:redeal=opponents", false).redeal_opponents);
  EXPECT_THROW(bots::parse_mcts("mcts:trees=two", false), std::invalid_argument);
  EXPECT_THROW(bots::parse_mcts("mcts:redeal=all", false), std::invalid_argument);
  EXPECT_TRUE(bots::parse_mcts("mcts:opponents=heuristic", true).heuristic_opponents);
  EXPECT_FALSE(bots::parse_mcts("mcts:opponents=tree", true).heuristic_opponents);
  EXPECT_THROW(bots::parse_mcts("mcts:opponents=heuristic", false), std::invalid_argument);
  EXPECT_TRUE(bots::parse_mcts("mcts:iters=9", false).stop_when_decided);
  EXPECT_FALSE(bots::parse_mcts("mcts:stop=all", false).stop_when_decided);
  EXPECT_TRUE(bots::parse_mcts("mcts:stop=decided", false).stop_when_decided);
  EXPECT_THROW(bots::parse_mcts("mcts:stop=soon", false), std::invalid_argument);
  EXPECT_EQ(bots::parse_mcts("mcts:worlds=16", false).worlds, 16);
  EXPECT_EQ(bots::parse_mcts("mcts:worlds=0", false).worlds, 0);
  EXPECT_THROW(bots::parse_mcts("mcts:worlds=-1", false), std::invalid_argument);
  EXPECT_THROW(bots::parse_mcts("mcts:worlds=many", false), std::invalid_argument);
}

// `rollout=NAME` and `opponents=NAME` name one of the ruleset's strategy
// bots, which then choose the playouts' moves or the opponents' in the tree.
TEST(Bots, MctsPlayoutPoliciesAreTheRulesetsStrategyBots) {
  std::vector<std::string> own = {"unknown_first"};
  auto c = bots::parse_mcts("mcts:rollout=unknown_first:opponents=unknown_first", true, "", own);
  EXPECT_EQ(c.rollout_policy, "unknown_first");
  EXPECT_EQ(c.opponents_policy, "unknown_first");
  EXPECT_FALSE(c.heuristic_rollout);
  EXPECT_FALSE(c.heuristic_opponents);
  EXPECT_TRUE(bots::parse_mcts("mcts:rollout=unknown_first:rollout=random", true, "", own)
                  .rollout_policy.empty());
  EXPECT_THROW(bots::parse_mcts("mcts:rollout=unknown_first", true), std::invalid_argument);
  EXPECT_THROW(bots::parse_mcts("mcts:opponents=best_first", true, "", own), std::invalid_argument);
  // the ruleset declares it as its search, and its strategy bot exists
  auto l = engine::Loaded::open("meet_the_patriots");
  auto bot = bots::make_bot("mcts", l->meta());
  EXPECT_NE(dynamic_cast<bots::MctsBot*>(bot.get()), nullptr);
  EXPECT_EQ(
      bots::parse_mcts("mcts", true, l->meta().search, l->meta().strategy_bots).rollout_policy,
      "unknown_first");
}

// `mcts` with no settings suits the ruleset: a depth cut judged by the
// heuristic and heuristic opponents where it has one, capped random
// playouts where it has none, the ruleset's declared search over those,
// and the spec's own settings over everything.
TEST(Bots, MctsDefaultsSuitTheRuleset) {
  auto with = bots::parse_mcts("mcts", true);
  EXPECT_EQ(with.rollout_limit, 0);
  EXPECT_TRUE(with.heuristic_opponents);
  auto without = bots::parse_mcts("mcts", false);
  EXPECT_EQ(without.rollout_limit, bots::MctsConfig::kCappedPlayout);
  EXPECT_FALSE(without.heuristic_opponents);
  EXPECT_EQ(bots::parse_mcts("mcts", true, "depth=5").rollout_limit, 5);
  EXPECT_EQ(bots::parse_mcts("mcts:depth=7", true, "depth=5").rollout_limit, 7);
  EXPECT_FALSE(bots::parse_mcts("mcts:iters=9", true, "opponents=tree").heuristic_opponents);
  EXPECT_EQ(bots::parse_mcts("mcts:iters=9", true, "opponents=tree").iterations, 9);
  EXPECT_THROW(bots::parse_mcts("mcts", true, "depth=deep"), std::invalid_argument);
}

// Meet the Patriots' skill is parity (rulesets/meet_the_patriots/README.md,
// "Bots"): with two known cards waiting for their match, turning over a
// known one gives the opponent nothing, and wins more often than turning
// over an unknown one as the heuristic bot does. The search with the
// ruleset's own settings (playouts to the end by its strategy bot) finds
// it; with depth=0 it could not tell the two apart.
namespace {

// Of the first six positions of meet_the_patriots (seeds 1..) where the
// player to act knows two unmatched cards, early in the game, in how many
// `spec` turns over a known card: what the parity asks (README "Bots").
int known_cards_turned(const std::string& spec) {
  auto l = engine::Loaded::open("meet_the_patriots");
  auto heuristic = bots::make_bot("heuristic", l->meta());
  int positions = 0, known_chosen = 0;
  for (uint64_t seed = 1; positions < 6 && seed < 100; ++seed) {
    engine::Game g(l, 2, seed, l->options({}));
    core::Rng rng(seed);
    while (g.actor() != 0) {
      const core::Table& t = engine::testing::match_of(g).table();
      int me = g.actor(), known = 0;
      for (int k = 1; k <= 12; ++k) {
        const auto& slot = t.zone("slot:" + std::to_string(k));
        known += !slot.cards.empty() && t.knows(me, slot.cards.back());
      }
      auto kind = [&](int i) { return g.state().action_fields(i).value("kind", std::string()); };
      bool first = kind(0) == "flip" && kind(g.action_count() - 1) == "flip";
      if (first && known == 2 && t.zone("draw").cards.size() >= 8) {
        auto bot = bots::make_bot(spec, l->meta());
        int pick = bot->choose(g, rng);
        std::string slot = g.state().action_fields(pick)["zone"];
        known_chosen += t.knows(me, t.zone(slot).cards.back());
        ++positions;
        break;
      }
      g.apply(heuristic->choose(g, rng));
    }
  }
  EXPECT_EQ(positions, 6);
  return known_chosen;
}

}  // namespace

TEST(Bots, MctsFindsMeetThePatriotsParity) {
  // (measured: 16 of 16 such positions; 8 of 12 with 200 iterations and
  // UCB's constant 0.7, where the best of ten equal unknown cards' noisy
  // means often beat the two known ones)
  int known = known_cards_turned("mcts");
  EXPECT_GE(known, 5) << "a known card turned over in " << known << " of 6";
}

// `trust=Z` keeps the heuristic bot's choice (here: always a card nobody
// has seen) unless the search is Z standard errors surer of another. The
// ruleset's own trust (1.5) lets the parity through (above); a trust no
// search can reach never does.
TEST(Bots, MctsTrustKeepsTheHeuristicsChoiceUnlessSure) {
  EXPECT_EQ(known_cards_turned("mcts:trust=100"), 0);
}

// Root-parallel search: each thread on its own copy of the game, so the
// choice for a seed is the same run after run, whatever the scheduling.
TEST(Bots, ParallelSearchIsTheSameEveryRun) {
  EXPECT_EQ(bots::parse_mcts("mcts:threads=3", true).threads, 3);
  auto l = engine::Loaded::open("article2");
  std::vector<int> first;
  for (int run = 0; run < 2; ++run) {
    engine::Game g(l, 2, 11, l->options({}));
    auto bot = bots::make_bot("mcts:iters=40:threads=2:stop=all", l->meta());
    auto* mcts = dynamic_cast<bots::MctsBot*>(bot.get());
    ASSERT_NE(mcts, nullptr);
    core::Rng rng(3);
    uint64_t before = g.state().hash();
    int choice = bot->choose(g, rng);
    EXPECT_EQ(g.state().hash(), before);
    int visits = 0;
    for (int v : mcts->last_root().visits) visits += v;
    EXPECT_EQ(visits, 40);
    EXPECT_EQ(mcts->last_root().iterations, 40);
    std::vector<int> seen = mcts->last_root().visits;
    seen.push_back(choice);
    if (run == 0) first = seen;
    EXPECT_EQ(seen, first);
  }
}

// `stop=decided` (the default) ends a search once the most tried root
// action cannot be overtaken: from the same random numbers it makes the
// same choice as the whole search, in fewer iterations where one action
// stands out.
TEST(Bots, AStopWhenDecidedChoosesAsTheWholeSearch) {
  for (const char* ruleset : {"article2", "constitution", "gitmo"}) {
    auto l = engine::Loaded::open(ruleset);
    int positions = 0, stopped = 0;
    for (uint64_t seed = 1; positions < 6 && seed < 50; ++seed) {
      engine::Game g(l, 2, seed, l->options({}));
      advance(g, static_cast<int>(seed % 7) * 3, seed);
      if (g.actor() == 0 || g.action_count() < 2) continue;
      ++positions;
      std::vector<int> choices;
      std::vector<long long> iterations;
      for (const char* stop : {"all", "decided"}) {
        auto bot = bots::make_bot(std::string("mcts:iters=300:stop=") + stop, l->meta());
        core::Rng rng(seed);
        choices.push_back(bot->choose(g, rng));
        iterations.push_back(dynamic_cast<bots::MctsBot&>(*bot).last_root().iterations);
      }
      EXPECT_EQ(choices[0], choices[1]) << ruleset << " seed " << seed;
      EXPECT_EQ(iterations[0], 300);
      EXPECT_LE(iterations[1], 300);
      stopped += iterations[1] < 300;
    }
    EXPECT_EQ(positions, 6) << ruleset;
    EXPECT_GE(stopped, 1) << ruleset << ": no search was decided early";
  }
}

// `worlds=N`: the iterations share N worlds, each dealt once, so a
// thousand iterations pay for N deals; the same seed searches the same
// way every run, and a fresh world per iteration is still there.
TEST(Bots, AWorldPoolIsDealtOncePerWorld) {
  auto l = engine::Loaded::open("article2");
  engine::Game g(l, 2, 5, l->options({}));
  advance(g, 5, 5);
  ASSERT_GT(g.action_count(), 1);
  std::vector<int> first;
  for (const char* spec : {"mcts:iters=200:stop=all:worlds=8", "mcts:iters=200:stop=all:worlds=8",
                           "mcts:iters=200:stop=all:worlds=0"}) {
    auto bot = bots::make_bot(spec, l->meta());
    auto& mcts = dynamic_cast<bots::MctsBot&>(*bot);
    core::Rng rng(9);
    uint64_t before = g.state().hash();
    int choice = bot->choose(g, rng);
    EXPECT_EQ(g.state().hash(), before) << spec;
    EXPECT_EQ(mcts.last_root().iterations, 200) << spec;
    bool pooled = std::string(spec).find("worlds=8") != std::string::npos;
    EXPECT_EQ(mcts.last_root().worlds, pooled ? 8 : 200) << spec;
    if (!pooled) continue;
    std::vector<int> seen = mcts.last_root().visits;
    seen.push_back(choice);
    if (first.empty()) first = seen;
    EXPECT_EQ(seen, first) << "the same seed searched differently";
  }
}

// A pooled search keeps what it observed at each place of a world (and
// what the opponents chose there) instead of observing the position
// again: it must be the same search, visit for visit, as one that looks
// every time. Tried on each kind of tree and opponent it applies to.
TEST(Bots, APooledSearchThatRemembersPlacesSearchesTheSame) {
  struct Case {
    const char* ruleset;
    int players, moves;
    const char* spec;
  };
  for (const Case& c : {Case{"article2", 2, 4, "mcts:iters=300:stop=all:worlds=8"},
                        Case{"article2", 3, 4, "mcts:iters=300:stop=all:worlds=8:trees=each"},
                        Case{"article2", 2, 4, "mcts:iters=300:stop=all:worlds=4:depth=3"},
                        Case{"constitution", 2, 4, "mcts:iters=200:stop=all:worlds=8"},
                        Case{"escaped", 3, 0, "mcts:iters=200:stop=all:worlds=8"},
                        Case{"meet_the_patriots", 2, 4,
                             "mcts:iters=200:stop=all:worlds=8:opponents=unknown_first"}}) {
    auto l = engine::Loaded::open(c.ruleset);
    engine::Game g(l, c.players, 5, l->options({}));
    advance(g, c.moves, 5);
    for (uint64_t k = 6; g.actor() != 0 && g.action_count() <= 1; ++k) advance(g, 1, k);
    ASSERT_NE(g.actor(), 0) << c.ruleset << " " << c.spec;
    std::vector<bots::RootStats> roots;
    for (bool remember : {true, false}) {
      const auto& meta = l->meta();
      auto config = bots::parse_mcts(c.spec, meta.has_heuristic, meta.search, meta.strategy_bots);
      config.remember_places = remember;
      bots::MctsBot bot(config);
      core::Rng rng(9);
      bot.choose(g, rng);
      roots.push_back(bot.last_root());
    }
    EXPECT_EQ(roots[0].visits, roots[1].visits) << c.ruleset << " " << c.spec;
    EXPECT_EQ(roots[0].mean, roots[1].mean) << c.ruleset << " " << c.spec;
    EXPECT_EQ(roots[0].chosen, roots[1].chosen) << c.ruleset << " " << c.spec;
  }
}

namespace {

// A copy of amendments whose ruleset.lua has `from` replaced by `to`.
std::shared_ptr<engine::Loaded> amendments_with(const ratify::testing::TempDir& dir,
                                                const char* name, const std::string& from,
                                                const std::string& to) {
  fs::path copy = dir.path / name;
  fs::copy(engine::Loaded::open("amendments")->meta().dir, copy, fs::copy_options::recursive);
  std::string text = ratify::testing::read_text(copy / "ruleset.lua");
  auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  std::ofstream(copy / "ruleset.lua") << text;
  return engine::Loaded::open(copy.string());
}

}  // namespace

// heuristics(g), every player's heuristic at once, is what the judge asks
// where the rules give it (amendments does), and it searches exactly as
// asking heuristic(g, p) of each player did, at 2 players and 4 (teams).
TEST(Bots, AJudgeAskingEveryPlayerAtOnceSearchesTheSame) {
  const std::string line = "  heuristics = scoring.heuristics,\n";
  ratify::testing::TempDir dir;
  auto with = engine::Loaded::open("amendments");
  ASSERT_TRUE(with->meta().has_heuristics);
  auto without = amendments_with(dir, "without", line, "");
  auto failing = amendments_with(dir, "failing", line,
                                 "  heuristics = function() error(\"asked at once\") end,\n");
  ASSERT_FALSE(without->meta().has_heuristics);
  for (int players : {2, 4}) {
    std::vector<bots::RootStats> roots;
    for (const auto& l : {with, without}) {
      engine::Game g(l, players, 3, l->options({}));
      advance(g, 6, 3);
      auto bot = bots::make_bot("mcts:iters=200:stop=all", l->meta());
      core::Rng rng(4);
      bot->choose(g, rng);
      roots.push_back(dynamic_cast<bots::MctsBot&>(*bot).last_root());
    }
    EXPECT_EQ(roots[0].visits, roots[1].visits) << players << " players";
    EXPECT_EQ(roots[0].mean, roots[1].mean) << players << " players";
    engine::Game g(failing, players, 3, failing->options({}));
    advance(g, 6, 3);
    auto bot = bots::make_bot("mcts:iters=20", failing->meta());
    core::Rng rng(4);
    try {
      bot->choose(g, rng);
      ADD_FAILURE() << "the judge did not ask heuristics(g)";
    } catch (const engine::ScriptError& e) {
      EXPECT_NE(std::string(e.what()).find("asked at once"), std::string::npos) << e.what();
    }
  }
}

// heuristics(g) must agree with heuristic(g, p): `ratify check` says where
// it does not; a result that is no list is a clear error; and it needs
// heuristic(g, p) beside it (a load error).
TEST(Bots, HeuristicsThatDisagreeWithTheHeuristicFailTheCheck) {
  ratify::testing::TempDir dir;
  amendments_with(dir, "off", "  heuristics = scoring.heuristics,\n",
                  "  heuristics = function(g) local all = scoring.heuristics(g) "
                  "all[2] = all[2] + 1 return all end,\n");
  sim::CheckConfig c;
  c.ruleset = (dir.path / "off").string();
  c.games = 1;
  c.players = 2;
  auto r = sim::run_check(c);
  ASSERT_EQ(r.failed_games, 1);
  ASSERT_FALSE(r.failures.empty());
  EXPECT_NE(r.failures[0].find("heuristics(g)[2] is"), std::string::npos) << r.failures[0];
  EXPECT_NE(r.failures[0].find("but heuristic(g, 2) is"), std::string::npos) << r.failures[0];
  // A list that is not one: a clear error naming the callback.
  auto odd = amendments_with(dir, "odd", "  heuristics = scoring.heuristics,\n",
                             "  heuristics = function() return \"ahead\" end,\n");
  engine::Game g(odd, 2, 3, odd->options({}));
  try {
    g.state().heuristics();
    ADD_FAILURE() << "heuristics(g) returning a string should fail";
  } catch (const engine::ScriptError& e) {
    EXPECT_NE(std::string(e.what()).find("heuristics(g) must return a list of numbers"),
              std::string::npos)
        << e.what();
  }
  try {
    amendments_with(dir, "alone", "  heuristic = scoring.heuristic,\n", "");
    ADD_FAILURE() << "heuristics without heuristic should not load";
  } catch (const engine::ScriptError& e) {
    EXPECT_NE(std::string(e.what()).find("'heuristics' needs 'heuristic(g, player)'"),
              std::string::npos)
        << e.what();
  }
}

// Card coverage counts the hooks the rules call in the real game only: a
// game a searching bot played counts what the same actions count when
// replayed with no bot at all. (The search's imagined worlds were counted
// too: with mcts in this game, 680 calls of Styles' hooks against 13.)
TEST(Bots, ASearchCountsNoHookOfItsImaginedWorlds) {
  auto l = engine::Loaded::open("article2");
  for (const char* spec : {"mcts:iters=30", "heuristic", "self_first"}) {
    engine::Game played(l, 2, 4, l->options({}));
    played.state().note_cards(true);
    auto bot = bots::make_bot(spec, l->meta());
    core::Rng rng(4), pick(5);
    std::vector<int> actions;
    while (played.actor() != 0) {
      int n = played.action_count();
      int i = played.actor() == 1 ? bot->choose(played, rng)
                                  : static_cast<int>(pick.below(static_cast<uint32_t>(n)));
      actions.push_back(i);
      played.apply(i);
    }
    engine::Game replayed(l, 2, 4, l->options({}));
    replayed.state().note_cards(true);
    for (int i : actions) replayed.apply(i);
    int64_t calls = 0;
    for (int64_t c : replayed.state().hooks_run()) calls += c;
    ASSERT_GT(calls, 0) << spec << ": a game where no hook ran tells nothing";
    EXPECT_EQ(played.state().hooks_run(), replayed.state().hooks_run()) << spec;
  }
}

// A game written from scratch with no heuristic (tests/fixtures/ends):
// search still beats random play, by a wide margin.
TEST(Bots, MctsBeatsRandomOnAGameItKnowsNothingAbout) {
  sim::TournamentConfig c;
  c.ruleset = (fs::path(RATIFY_TEST_FIXTURES) / "ends").string();
  c.bots = {"mcts:iters=200", "random"};
  c.deals = 30;
  c.players = 2;
  c.threads = 2;
  auto r = sim::run_tournament(c);
  EXPECT_EQ(r.errors, 0);
  const auto& mcts = r.matrix[0][1];
  EXPECT_EQ(mcts.games, 60);  // each deal in both seat orders
  EXPECT_GE(mcts.wins / mcts.games, 0.75) << sim::tournament_text(r);
  EXPECT_GT(r.ratings[0].low, r.ratings[1].high) << sim::tournament_text(r);
  // What the search cost, under the ratings (random play is not timed).
  std::string text = sim::tournament_text(r);
  EXPECT_NE(text.find("time per decision: mcts:iters=200 "), std::string::npos) << text;
}

// A strategy bot written to cheat (tests/fixtures/guess/bots/peek.lua
// reads the face-down secret) is handed a determinized game: it wins
// about one game in nine, as a fair guesser does, not every game.
TEST(Bots, StrategyBotsNeverSeeHiddenCards) {
  sim::SimConfig c;
  c.ruleset = (fs::path(RATIFY_TEST_FIXTURES) / "guess").string();
  c.bots = {"peek"};
  c.games = 180;
  c.threads = 2;
  auto r = sim::run_sim(c);
  int won = 0;
  for (const auto& g : r.games) {
    EXPECT_EQ(g.error, "");
    won += !g.winners.empty();
  }
  EXPECT_LT(won, 180 * 0.3) << "the peeking bot read the secret";
  EXPECT_GT(won, 0);
}

// The guess fixture with bots/peek.lua replaced by `text`: plays one
// decision with that bot and returns its error ("" if none), checking the
// game was left as it was.
std::string strategy_bot_error(const std::string& text, lua::Limits limits = {}) {
  // A folder of this process's own: CTest runs these tests in parallel.
  ratify::testing::TempDir scratch;
  fs::path dir = scratch.path / "guess";
  fs::copy(fs::path(RATIFY_TEST_FIXTURES) / "guess", dir, fs::copy_options::recursive);
  std::ofstream(dir / "bots" / "peek.lua") << text;
  auto l = engine::Loaded::open(dir.string(), {}, limits);
  EXPECT_EQ(l->meta().strategy_bots, std::vector<std::string>{"peek"});
  engine::Game g(l, 1, 1, l->options({}));
  auto bot = bots::make_bot("peek", l->meta());
  core::Rng rng(1);
  std::string error;
  try {
    bot->choose(g, rng);
  } catch (const engine::ScriptError& e) {
    error = e.what();
  }
  EXPECT_EQ(g.steps(), 0u);
  EXPECT_EQ(g.state().actor(), 1) << "the game is still playable";
  return error;
}

// A strategy bot's bad answer is an error naming the bot and its file.
TEST(Bots, StrategyBotsAnswerWithAnAction) {
  std::string msg = strategy_bot_error("return function() return 42 end\n");
  EXPECT_NE(msg.find("strategy bot 'peek'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("bots/peek.lua"), std::string::npos) << msg;
}

// A strategy bot that never answers is stopped by the time limit, with
// its file and line, like any other script of the ruleset.
TEST(Bots, AnEndlessStrategyBotIsStopped) {
  lua::Limits limits;
  limits.seconds = 0.3;
  std::string msg = strategy_bot_error("return function()\n  while true do end\nend\n", limits);
  EXPECT_NE(msg.find("peek.lua:2:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("time limit exceeded"), std::string::npos) << msg;
}

// Every bot sits alone in every seat against every other bot.
TEST(Bots, TournamentSeatsEveryBotEverywhere) {
  auto seatings = sim::tournament_seatings({"a", "b", "c"}, 3);
  EXPECT_EQ(seatings.size(), 18u);  // 3 x 2 ordered pairs x 3 seats
  for (std::string lone : {"a", "b", "c"})
    for (size_t seat = 0; seat < 3; ++seat) {
      int found = 0;
      for (const auto& s : seatings)
        found += s[seat] == lone && std::count(s.begin(), s.end(), lone) == 1;
      EXPECT_EQ(found, 2) << lone << " alone in seat " << seat;
    }
  EXPECT_EQ(sim::tournament_seatings({"a", "b"}, 2).size(), 2u);  // a-b and b-a
}

// A patience has nobody to play against: the report is each bot's share
// of deals won alone, not a matrix or ratings.
TEST(Bots, TournamentOfAPatienceReportsWinsAlone) {
  sim::TournamentConfig c;
  c.ruleset = "british_constitution";
  c.bots = {"random", "heuristic"};
  c.deals = 3;
  c.players = 1;
  c.threads = 1;
  auto r = sim::run_tournament(c);
  std::string text = sim::tournament_text(r);
  EXPECT_NE(text.find("won alone"), std::string::npos) << text;
  EXPECT_EQ(text.find("Bradley-Terry"), std::string::npos) << text;
  EXPECT_NE(text.find("heuristic"), std::string::npos) << text;
}

}  // namespace
