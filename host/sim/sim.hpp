#pragma once
// Batch games with bots: all cores, one VM per thread, and a result that
// depends only on the seed, never on the thread count: game i always has
// seed mix(seed, i) and results are gathered in game order.
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sim/stats.hpp"

namespace ratify::sim {

struct SimConfig {
  std::string ruleset, variant;
  std::vector<std::string> sets;
  int games = 100;
  uint64_t seed = 1;
  int threads = 1;
  int players = 0;  // 0: one per bot, at least the ruleset's minimum
  std::vector<std::string> bots = {"random"};
  bool rotate = false;        // seat bots in turn, so seat order evens out
  int max_actions = 20000;    // a game longer than this is an error
  int shard = 0, shards = 1;  // --shard K/N: games with index % N == K
  // Explicit seatings (a tournament): game k plays deal k / S with the
  // seats seatings[k % S], S = seatings.size(); `bots` and `rotate` are
  // then unused. Every seating of a deal has the same seed.
  std::vector<std::vector<std::string>> seatings;
  // Games done of total, and the decisions the bots have made so far (a
  // run of slow searching bots shows life between games by them).
  std::function<void(int done, int total, int64_t decisions)> progress;
  // Follow every player's standing after each action, for lead changes
  // and comebacks (docs/metrics.md): by the ruleset's score(g, p) (cheap by
  // intent: the default), also by its heuristic when it has no score
  // (--leads: a heuristic may cost more than the game), or not at all.
  enum class Leads { Off, Score, Heuristic };
  Leads leads = Leads::Score;
  // Follow which cards each player held, for the cards' impact.
  bool holdings = true;
  // --skill-gap N: N more games, `skill_bot` in one seat (each seat in
  // turn) against random bots in the others.
  int skill_games = 0;
  std::string skill_bot = "mcts:iters=100";
  // The skill games' progress (a search bot makes them the long phase);
  // none: they report nothing.
  std::function<void(int done, int total, int64_t decisions)> skill_progress;
};

struct GameRecord {
  int index = 0;
  uint64_t seed = 0;
  std::vector<std::string> seat_bots;
  std::vector<int> winners;
  std::vector<double> scores;
  int actions = 0;
  std::string error;  // non-empty: the game failed
  int first = 0;      // the player who acted first
  // Times the leader (the one player with the highest standing) changed,
  // and whether the single winner trailed at half the game (1) or not (0);
  // -1 when not followed (no score or heuristic; no single winner).
  int lead_changes = -1, comeback = -1;
  // Per player, the card definitions (indices) ever in a zone they own.
  std::vector<std::vector<int>> held;
  // Card coverage (sim/coverage.hpp): per definition, times drawn and
  // played; per player, the definitions they played. Empty: not followed.
  std::vector<int> drawn, played;
  std::vector<std::vector<int>> played_by;
  // Per definition, calls of its hooks (State::hooks_run); empty when no
  // hook ran (or the games were not followed).
  std::vector<int> hooks;
  // The deal: a hash of the table after setup, copies of a card alike.
  // Game i of two variants pairs only when their deals are the same.
  std::string deal;
  std::vector<std::pair<std::string, double>> stats;  // the ruleset's stats(g)
  // Per seat, the bot's decisions (choices among two or more actions) and
  // the seconds it took for them. Timings stay out of --json, so a seed's
  // JSON is the same on every machine; the text summary prints them.
  std::vector<int> decisions;
  std::vector<double> thinking;
};

// A card definition as the deck has it, to tell whether two variants deal
// the same cards (`hash` covers every field the host reads).
struct DeckCard {
  std::string id, name;
  int count = 1;
  std::string hash;
};

struct SimResult {
  SimConfig config;
  std::string ruleset_id;
  int players = 0;
  std::vector<GameRecord> games;
  double seconds = 0;
  // The first failed game's index, or -1: the run stops at a failed game,
  // and `games` holds only the games played.
  int stopped_at = -1;
  std::vector<DeckCard> deck;
  std::vector<GameRecord> skill_games;  // --skill-gap
};

// "base" for the base game, else the variant as named.
std::string variant_label(const SimResult& r);

// Plays the games (sim.cpp).
SimResult run_sim(const SimConfig& config);

// The results as JSON and back (sim_json.cpp).
// The summary numbers (per seat, per bot, lengths) as JSON.
nlohmann::json summary_json(const SimResult& r);
nlohmann::json result_json(const SimResult& r);  // summary + every game
SimResult result_from_json(const nlohmann::json& j);
// The runs of a `ratify sim --json` file: one result, or several
// ({"runs": [...]}, or a list as older versions wrote).
std::vector<SimResult> results_from_json(const nlohmann::json& j);
// What `ratify sim --json` writes: the runs with every game, and the report.
nlohmann::json results_json(const std::vector<SimResult>& runs);

// Shards joined (merge.cpp).
// Several shards' results as one (`ratify merge`).
SimResult merge(const std::vector<SimResult>& parts);
// Shards of several variants' runs: each variant's shards merged.
std::vector<SimResult> merge_runs(const std::vector<SimResult>& parts);

// What a run prints (summary.cpp).
std::string summary_text(const SimResult& r);
// "time per decision: mcts 87.2 ms (65 decisions); ...", or "" when the
// games carry no timings (summary.cpp).
std::string decision_times(const SimResult& r);
std::string comparison_text(const std::vector<SimResult>& runs);
std::string games_csv(const SimResult& r);
// Every run's games, a `variant` column first.
std::string games_csv(const std::vector<SimResult>& runs);

}  // namespace ratify::sim
