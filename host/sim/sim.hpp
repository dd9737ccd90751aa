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
  std::function<void(int done, int total)> progress;
};

struct GameRecord {
  int index = 0;
  uint64_t seed = 0;
  std::vector<std::string> seat_bots;
  std::vector<int> winners;
  std::vector<double> scores;
  int actions = 0;
  std::string error;  // non-empty: the game failed
};

struct SimResult {
  SimConfig config;
  std::string ruleset_id;
  int players = 0;
  std::vector<GameRecord> games;
  double seconds = 0;
};

SimResult run_sim(const SimConfig& config);
// The summary numbers (per seat, per bot, lengths) as JSON.
nlohmann::json summary_json(const SimResult& r);
nlohmann::json result_json(const SimResult& r);  // summary + every game
SimResult result_from_json(const nlohmann::json& j);
// Several shards' results as one (`ratify merge`).
SimResult merge(const std::vector<SimResult>& parts);
std::string summary_text(const SimResult& r);
std::string comparison_text(const std::vector<SimResult>& runs);
std::string games_csv(const SimResult& r);

}  // namespace ratify::sim
