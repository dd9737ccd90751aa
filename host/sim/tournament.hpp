#pragma once
// `ratify tournament`: every bot against every other in every seat, on the
// same deals, then a win-rate matrix and a rating per bot.
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sim/sim.hpp"

namespace ratify::sim {

struct TournamentConfig {
  std::string ruleset, variant;
  std::vector<std::string> sets, bots;
  int deals = 100;  // each deal is played in every seating
  int players = 0;  // 0: 2, or the ruleset's minimum
  uint64_t seed = 1;
  int threads = 1;
  int shard = 0, shards = 1;
  std::function<void(int done, int total, int64_t decisions)> progress;
};

// One pairing: the row bot alone in one seat, the column bot in all the
// others, over every seat and deal.
struct Pairing {
  double games = 0, wins = 0;  // the row bot's wins (a shared win counts half)
};

struct Rating {
  std::string bot;
  double elo = 0, low = 0, high = 0;  // Bradley-Terry on the Elo scale, 95% bootstrap
};

struct TournamentResult {
  TournamentConfig config;
  SimResult sim;
  std::vector<std::vector<Pairing>> matrix;  // [row][column]
  std::vector<Rating> ratings;               // in the order of config.bots
  int errors = 0;
};

// The seatings of one deal: for each ordered pair of different bots and
// each seat, the first alone in that seat and the second everywhere else.
std::vector<std::vector<std::string>> tournament_seatings(const std::vector<std::string>& bots,
                                                          int players);
TournamentResult run_tournament(const TournamentConfig& c);
// The matrix and ratings of a tournament's games (also after a merge).
void analyse(TournamentResult& r);
std::string tournament_text(const TournamentResult& r);
nlohmann::json tournament_json(const TournamentResult& r);

// A bot's games alone in one seat against the field, over every column
// (a shared win counts half), and its rating.
struct BotStanding {
  std::string bot;
  double wins = 0, games = 0;
  Rating rating;
};
std::vector<BotStanding> standings(const TournamentResult& r);

// The report of one tournament per variant, the same bots, deals and
// seatings in each (so game i of two variants is the same deal and
// seating): report_json of their games (seats, metrics, cards, the
// comparisons with the first) and a "tournament" block: per variant each
// bot's standing; per later variant each bot's win rate against the
// first's, with p-values and Holm's correction. What the history keeps.
nlohmann::json tournament_report(const std::vector<TournamentResult>& runs);
// Bot against bot across variants, one table: each bot's win rate in
// each variant, and against the first variant.
std::string bots_across_variants_text(const nlohmann::json& report);

}  // namespace ratify::sim
