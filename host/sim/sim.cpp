#include "sim/sim.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "bots/bots.hpp"
#include "core/utf8.hpp"
#include "engine/game.hpp"
#include "sim/coverage.hpp"

namespace ratify::sim {

namespace {

std::vector<std::string> seating(const SimConfig& c, int players, int index) {
  std::vector<std::string> seats;
  int shift = c.rotate ? index : 0;
  for (int s = 0; s < players; ++s)
    seats.push_back(c.bots[static_cast<size_t>(s + shift) % c.bots.size()]);
  return seats;
}

// What a game shows beyond its result, followed action by action: every
// player's standing (for lead changes) and the cards each player held
// (for the cards' impact). Standings cost one ruleset call per player per
// action (only with a score function, or --leads); holdings look only at
// zones whose contents changed (their stamp).
bool follows_standings(SimConfig::Leads leads, const engine::RulesetMeta& meta) {
  if (leads == SimConfig::Leads::Heuristic) return meta.has_score || meta.has_heuristic;
  return leads == SimConfig::Leads::Score && meta.has_score;
}

class Follower {
 public:
  Follower(const SimConfig& c, engine::Game& game)
      : game_(game),
        standings_(follows_standings(c.leads, game.loaded().meta())),
        holdings_(c.holdings) {
    if (holdings_) {
      held_.assign(static_cast<size_t>(game.players()),
                   std::vector<char>(game.state().table().defs().size(), 0));
      cards_.emplace(game.state().table());
      game.state().note_cards(true);
    }
    after_action();  // setup dealt the first hands
  }

  // The cards of the action `actor` just made: noted by the engine as it
  // applied it (State::note_cards, turned on as the follower starts).
  void after_action(int actor) {
    if (cards_) cards_->before_apply(game_.state().table(), game_.state().applied_cards(), actor);
    after_action();
  }

  void after_action() {
    if (standings_) samples_.push_back(game_.state().standings());
    if (holdings_) look_at_zones();
    if (cards_) cards_->after_apply(game_.state().table());
  }

  void finish(GameRecord& rec) {
    if (holdings_) {
      rec.held.resize(held_.size());
      for (size_t p = 0; p < held_.size(); ++p)
        for (size_t d = 0; d < held_[p].size(); ++d)
          if (held_[p][d]) rec.held[p].push_back(static_cast<int>(d));
      rec.drawn = std::move(cards_->drawn);
      rec.played = std::move(cards_->played);
      rec.played_by = std::move(cards_->played_by);
      const auto& hooks = game_.state().hooks_run();
      if (std::any_of(hooks.begin(), hooks.end(), [](int64_t n) { return n > 0; }))
        for (int64_t n : hooks)
          rec.hooks.push_back(static_cast<int>(std::min<int64_t>(n, INT32_MAX)));
    }
    if (!standings_ || samples_.size() < 2) return;
    int leader = 0;
    rec.lead_changes = 0;
    for (const auto& s : samples_) {
      int now = unique_leader(s);
      if (now && leader && now != leader) ++rec.lead_changes;
      if (now) leader = now;
    }
    if (rec.winners.size() != 1) return;
    // Half the game: the standings after half the actions, rounded up
    // (samples_[0] is after setup, samples_[k] after action k).
    const auto& mid = samples_[samples_.size() / 2];
    double best = *std::max_element(mid.begin(), mid.end());
    rec.comeback = mid[static_cast<size_t>(rec.winners[0] - 1)] < best ? 1 : 0;
  }

 private:
  static int unique_leader(const std::vector<double>& s) {
    int leader = 0;
    for (size_t p = 0; p < s.size(); ++p) {
      if (leader && s[p] == s[static_cast<size_t>(leader - 1)]) return 0;  // tied: nobody leads
      if (!leader || s[p] > s[static_cast<size_t>(leader - 1)]) leader = static_cast<int>(p) + 1;
    }
    return leader;
  }

  void look_at_zones() {
    const core::Table& t = game_.state().table();
    const auto& zones = t.zones();
    if (stamps_.size() < zones.size()) stamps_.resize(zones.size(), 0);
    for (size_t z = 0; z < zones.size(); ++z) {
      const core::Zone& zone = zones[z];
      if (zone.owner < 1 || zone.stamp == stamps_[z]) continue;
      stamps_[z] = zone.stamp;
      auto& mine = held_[static_cast<size_t>(zone.owner - 1)];
      for (core::CardId c : zone.cards) mine[static_cast<size_t>(t.def_index(c))] = 1;
    }
  }

  engine::Game& game_;
  bool standings_, holdings_;
  std::vector<std::vector<double>> samples_;
  std::vector<std::vector<char>> held_;
  std::vector<uint64_t> stamps_;
  std::optional<CardWatch> cards_;
};

// The deal of a game just set up, as a hash: the same for two variants
// only when they put the same cards in the same places.
std::string deal_of(engine::Game& game) {
  core::Hasher h;
  game.state().table().hash_into(h, true);
  return core::hash_hex(h.value());
}

// `reuse` keeps the thread's match between games (a restart costs less
// than a new match); a game that failed leaves it to be made anew.
GameRecord play_one(std::shared_ptr<engine::Loaded> loaded, const SimConfig& c,
                    const core::OptionValues& options, int players, int index,
                    std::unique_ptr<engine::Game>& reuse, std::atomic<int64_t>& decided) {
  GameRecord rec;
  rec.index = index;
  int seatings = static_cast<int>(c.seatings.size());
  int deal = seatings ? index / seatings : index;
  rec.seed = core::mix_seed(c.seed, static_cast<uint64_t>(deal));
  rec.seat_bots =
      seatings ? c.seatings[static_cast<size_t>(index % seatings)] : seating(c, players, index);
  try {
    if (reuse)
      reuse->restart(rec.seed);
    else
      reuse =
          std::make_unique<engine::Game>(loaded, players, rec.seed, options, engine::Mode::Lean);
    engine::Game& game = *reuse;
    std::vector<std::unique_ptr<bots::Bot>> seat_bot;
    std::vector<core::Rng> seat_rng;
    for (int s = 0; s < players; ++s) {
      seat_bot.push_back(bots::make_bot(rec.seat_bots[s], loaded->meta()));
      seat_rng.emplace_back(core::mix_seed(rec.seed, 1000 + static_cast<uint64_t>(s)));
    }
    rec.first = game.actor();
    rec.deal = deal_of(game);
    rec.decisions.assign(static_cast<size_t>(players), 0);
    rec.thinking.assign(static_cast<size_t>(players), 0.0);
    Follower follow(c, game);
    for (;;) {
      int actor = game.actor();
      if (actor == 0) break;
      if (rec.actions >= c.max_actions)
        throw std::runtime_error("no end after " + std::to_string(c.max_actions) + " actions");
      int n = game.action_count();
      if (n == 0) throw std::runtime_error(game.state().no_action_message(actor));
      auto asked = std::chrono::steady_clock::now();
      int i = seat_bot[actor - 1]->choose(game, seat_rng[actor - 1]);
      if (n > 1) {
        auto seat = static_cast<size_t>(actor - 1);
        ++rec.decisions[seat];
        rec.thinking[seat] +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count();
        ++decided;
      }
      game.apply(i);
      ++rec.actions;
      follow.after_action(actor);
    }
    auto r = game.result();
    if (!r) throw std::runtime_error("the game ended (no actor) but result(g) is nil");
    rec.winners = r->winners;
    rec.scores = r->scores;
    follow.finish(rec);
    rec.stats = game.state().stats();
  } catch (const std::exception& e) {
    rec.error = core::lossy_utf8(e.what());  // a script's message goes into JSON
    reuse.reset();
  }
  return rec;
}

std::vector<DeckCard> deck_of(const std::vector<core::CardDef>& defs) {
  std::vector<DeckCard> deck;
  for (const auto& d : defs) {
    core::Hasher h;
    for (const std::string* f :
         {&d.id, &d.name, &d.text, &d.quote, &d.kind, &d.suit, &d.color, &d.short_label, &d.image})
      h.add(std::string_view(*f));
    h.add(static_cast<uint64_t>(d.rank.has_value()));
    h.add_double(d.rank.value_or(0));
    h.add(static_cast<uint64_t>(d.count));
    deck.push_back({d.id, d.name, d.count, core::hash_hex(h.value())});
  }
  return deck;
}

// --skill-gap: the searching bot in each seat in turn, random bots in the
// others; game k plays deal k / players, so every seating meets each deal.
std::vector<GameRecord> skill_games(const SimConfig& c, int players) {
  SimConfig s = c;
  s.games = c.skill_games;
  s.skill_games = 0;
  s.leads = SimConfig::Leads::Off;
  s.holdings = false;
  s.players = players;
  s.seatings.clear();
  s.progress = c.skill_progress;
  for (int seat = 0; seat < players; ++seat) {
    std::vector<std::string> bots(static_cast<size_t>(players), "random");
    bots[static_cast<size_t>(seat)] = c.skill_bot;
    s.seatings.push_back(bots);
  }
  return run_sim(s).games;
}

}  // namespace

std::string variant_label(const SimResult& r) {
  return r.config.variant.empty() ? "base" : r.config.variant;
}

SimResult run_sim(const SimConfig& c) {
  auto start = std::chrono::steady_clock::now();
  if (c.bots.empty() && c.seatings.empty())
    throw engine::InputError("no bot named: --bots takes a comma list, e.g. heuristic,random");
  SimResult out;
  out.config = c;
  auto first = engine::Loaded::open(c.ruleset, c.variant);  // validates before threads start
  auto options = first->options(c.sets);
  out.ruleset_id = first->meta().id;
  int players = c.players
                    ? c.players
                    : std::max<int>(first->meta().min_players, static_cast<int>(c.bots.size()));
  if (!c.players) players = std::min(players, first->meta().max_players);  // never a given count
  for (int p : first->meta().player_counts())  // the first count a variant allows
    if (!c.players && !first->meta().allows(players) && p >= players) players = p;
  if (!first->meta().allows(players))
    throw engine::InputError(out.ruleset_id + " is for " +
                             std::to_string(first->meta().min_players) + " to " +
                             std::to_string(first->meta().max_players) + " players");
  for (const auto& b : c.bots) bots::make_bot(b, first->meta());  // check names
  for (const auto& seats : c.seatings)
    for (const auto& b : seats) bots::make_bot(b, first->meta());
  if (c.skill_games > 0) bots::make_bot(c.skill_bot, first->meta());
  out.deck = deck_of(first->card_defs());
  for (const auto& seats : c.seatings)
    if (static_cast<int>(seats.size()) != players)
      throw std::invalid_argument("a seating names " + std::to_string(seats.size()) + " bots for " +
                                  std::to_string(players) + " players");
  out.players = players;

  std::vector<int> indices;
  for (int i = 0; i < c.games; ++i)
    if (i % c.shards == c.shard) indices.push_back(i);
  out.games.resize(indices.size());
  std::vector<char> played(indices.size(), 0);
  std::atomic<size_t> next{0};
  std::atomic<int> done{0}, finished{0};
  std::atomic<int64_t> decided{0};
  std::mutex error_mutex, finish_mutex;
  std::condition_variable all_finished;
  std::string fatal;
  auto worker = [&](std::shared_ptr<engine::Loaded> loaded) {
    try {
      if (!loaded) loaded = engine::Loaded::open(c.ruleset, c.variant);
      std::unique_ptr<engine::Game> game;
      for (size_t k; (k = next++) < indices.size();) {
        out.games[k] = play_one(loaded, c, options, players, indices[k], game, decided);
        played[k] = 1;
        // A failed game stops the run (a broken ruleset would fail every
        // game, each after its time limit); games in flight finish.
        if (!out.games[k].error.empty()) next = indices.size();
        ++done;
      }
    } catch (const std::exception& e) {
      std::lock_guard<std::mutex> lock(error_mutex);
      fatal = e.what();
      next = indices.size();
    }
    {
      std::lock_guard<std::mutex> lock(finish_mutex);
      ++finished;
    }
    all_finished.notify_one();
  };
  int threads = std::max(1, c.threads);
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker, nullptr);
  std::thread first_worker(worker, first);
  // Progress every tenth of a second, and back the moment the last
  // worker ends (a short run, such as one of tune's evaluations, used to
  // wait out the tenth).
  {
    std::unique_lock<std::mutex> lock(finish_mutex);
    while (finished < threads) {
      if (c.progress) c.progress(done, static_cast<int>(indices.size()), decided);
      all_finished.wait_for(lock, std::chrono::milliseconds(100),
                            [&] { return finished >= threads; });
    }
  }
  first_worker.join();
  for (auto& t : pool) t.join();
  if (c.progress) c.progress(done, static_cast<int>(indices.size()), decided);
  if (!fatal.empty()) throw std::runtime_error(fatal);
  for (size_t k = indices.size(); k-- > 0;)
    if (!played[k]) out.games.erase(out.games.begin() + static_cast<long>(k));
  for (const auto& g : out.games)
    if (!g.error.empty() && (out.stopped_at < 0 || g.index < out.stopped_at))
      out.stopped_at = g.index;
  if (c.skill_games > 0 && out.stopped_at < 0) out.skill_games = skill_games(c, players);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace ratify::sim
