// A searching bot as a client of `ratify serve` (issue 24): the world it
// searches is made from its seat's view alone (engine/view_world.hpp).
// Held here against the server's truth: the world shows the seat what
// the view showed it, and no card identity the view did not give gets in.
#include <gtest/gtest.h>

#include <string>

#include "bots/bots.hpp"
#include "engine/game.hpp"
#include "engine/view_world.hpp"
#include "net/protocol.hpp"

using namespace ratify;

namespace {

struct Case {
  std::string ruleset;
  int players;
};
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.ruleset << ", " << c.players << " players";
}

// The view as the seat sees it, glimpses left out (the world remembers a
// glimpsed card face down, so its own view shows a back there).
std::vector<std::vector<std::pair<int, int>>> seen(const engine::View& v) {
  std::vector<std::vector<std::pair<int, int>>> out;
  for (const auto& z : v.zones) {
    out.emplace_back();
    for (const auto& c : z.cards)
      out.back().emplace_back(c.face_up ? c.id : 0, c.face_up ? c.def : -1);
  }
  return out;
}

// A view that leaks: each back carries the card that truly lies there
// (its id and face), still marked face down.
engine::View leaking(engine::View v, const core::Table& truth) {
  for (auto& z : v.zones)
    for (size_t k = 0; k < z.cards.size(); ++k)
      if (!z.cards[k].face_up) {
        int real = truth.zone(z.name).cards[k];
        z.cards[k].id = real;
        z.cards[k].def = truth.def_index(real);
      }
  return v;
}

struct Tally {
  int hidden = 0, guessed_right = 0;
};

// Seat `seat`'s world at this moment of `g`, checked; counts how many of
// the world's face-down places hold the true card.
void check_world(const std::shared_ptr<engine::Loaded>& loaded, engine::Game& g, int seat,
                 uint64_t salt, Tally& tally, const std::string& at) {
  engine::View v = g.view(seat);
  // Through the wire format, as a client gets it.
  engine::View got = engine::view_from_json(net::seat_view_json(v));
  engine::Game world(loaded, g.players(), salt, g.options());
  core::Rng rng(salt);
  engine::become_world_of(world.state(), got, rng);
  engine::View again = world.view(seat);
  EXPECT_EQ(seen(again), seen(got)) << at << ": the world shows seat " << seat << " another table";
  EXPECT_EQ(again.state, got.state) << at << ": g.state as seat " << seat << " sees it";
  EXPECT_EQ(world.actor(), g.actor()) << at;
  if (g.actor() == seat) {
    EXPECT_EQ(world.action_count(), g.action_count()) << at;
  }
  EXPECT_EQ(world.state().table().check_conservation(), "") << at;

  // The true cards behind the backs, handed in with the view, change
  // nothing: the world is made from what the view shows, never from them.
  engine::Game leaked(loaded, g.players(), salt, g.options());
  core::Rng same(salt);
  engine::become_world_of(leaked.state(), leaking(got, g.state().table()), same);
  EXPECT_TRUE(leaked.state().table() == world.state().table()) << at << ": a hidden id got in";

  const core::Table& truth = g.state().table();
  for (const auto& z : got.zones)
    for (size_t k = 0; k < z.cards.size(); ++k)
      if (!z.cards[k].face_up && !z.cards[k].glimpsed) {
        ++tally.hidden;
        tally.guessed_right +=
            world.state().table().zone(z.name).cards[k] == truth.zone(z.name).cards[k];
      }
}

// Inside the unnamed namespace too: a unity build includes this file, where
// a class outside it with a base of a type inside it draws a warning.
class NetWorld : public ::testing::TestWithParam<Case> {};

TEST_P(NetWorld, AWorldFromTheViewShowsTheSeatWhatTheViewShowed) {
  const Case& c = GetParam();
  auto loaded = engine::Loaded::open(c.ruleset);
  Tally tally;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    engine::Game g(loaded, c.players, seed, loaded->options({}), engine::Mode::Record);
    core::Rng rng(seed);
    for (int step = 0; g.actor() != 0 && step < 400; ++step) {
      if (step % 7 == 0)
        for (int seat = 1; seat <= c.players; ++seat)
          check_world(
              loaded, g, seat, seed * 1000 + static_cast<uint64_t>(step), tally,
              c.ruleset + " seed " + std::to_string(seed) + " step " + std::to_string(step));
      g.apply(static_cast<int>(rng.below(static_cast<uint32_t>(g.action_count()))));
    }
  }
  // A guess, not the truth: right about as often as chance (a pool of n
  // cards: 1 in n), never nearly always.
  ASSERT_GT(tally.hidden, 0);
  EXPECT_LT(tally.guessed_right * 2, tally.hidden)
      << tally.guessed_right << " of " << tally.hidden << " face-down places guessed right";
}

TEST_P(NetWorld, ASearchingBotChoosesInTheWorld) {
  const Case& c = GetParam();
  auto loaded = engine::Loaded::open(c.ruleset);
  engine::Game g(loaded, c.players, 7, loaded->options({}), engine::Mode::Record);
  core::Rng rng(7);
  auto bot = bots::make_bot("mcts:iters=20", loaded->meta());
  for (int step = 0; g.actor() != 0 && step < 40; ++step) {
    int seat = g.actor();
    engine::Game world(loaded, c.players, 99, g.options());
    engine::become_world_of(world.state(), g.view(seat), rng);
    int i = bot->choose(world, rng);
    ASSERT_GE(i, 0);
    ASSERT_LT(i, world.action_count());
    g.apply(static_cast<int>(rng.below(static_cast<uint32_t>(g.action_count()))));
  }
}

INSTANTIATE_TEST_SUITE_P(Rulesets, NetWorld,
                         ::testing::Values(Case{"article2", 2}, Case{"escaped", 3},
                                           Case{"meet_the_patriots", 2}, Case{"captured", 2},
                                           Case{"gitmo", 2}),
                         [](const auto& info) { return info.param.ruleset; });

}  // namespace
