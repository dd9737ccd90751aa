#pragma once
// The metrics of one sim run (docs/metrics.md gives each formula): seat
// balance, first-player advantage, decisiveness, drawishness, duration,
// lead changes and comebacks, skill gap; the ruleset's own stats(g); each
// card's impact. Computed from the games alone, in game order, so shards
// merged give the same numbers as the whole run.
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "sim/sim.hpp"
#include "sim/stats.hpp"

namespace ratify::sim {

// A number with its 95% interval, the count it rests on and, where the
// metric has a test of "no effect", that test's p-value (-1: none).
struct Estimate {
  double value = 0, low = 0, high = 0;
  double n = 0;
  double p = -1;
};

// The games that ended (a failed game counts in no metric).
std::vector<const GameRecord*> finished_games(const SimResult& r);
// A game's winners: exactly one, none (a draw), or more (a shared win).
inline bool single_winner(const GameRecord& g) {
  return g.winners.size() == 1;
}
bool won(const GameRecord& g, int player);

// How often one side won, a seat or a bot wherever it sat, over the games
// that ended (a shared win counts for every winner). Computed here only:
// the summary, the sim's JSON and the report (so the HTML and the
// history) all show these.
struct WinRate {
  double wins = 0, games = 0;
  double rate = 0;    // wins / games; 0 before any game
  Interval interval;  // 95% Wilson
  Summary score;      // its scores, over the games that gave scores
};
// Seat s at [s - 1].
std::vector<WinRate> seat_win_rates(const SimResult& r);
std::map<std::string, WinRate> bot_win_rates(const SimResult& r);

// The games by outcome: failed, or ended with a single winner, none (a
// draw) or several (a shared win); the ended games' lengths, in order.
struct Outcomes {
  int ended = 0, errors = 0, single = 0, draws = 0, shared = 0;
  std::vector<double> lengths;
};
Outcomes outcomes(const SimResult& r);

// Named metrics in the order docs/metrics.md lists them; lead changes and
// comebacks only when the ruleset has score or heuristic, skill gap only
// when skill games were played.
std::vector<std::pair<std::string, Estimate>> run_metrics(const SimResult& r);
nlohmann::json estimate_json(const Estimate& e);

// stats(g) of every game: per name, the mean with its interval.
std::vector<std::pair<std::string, Estimate>> run_stats(const SimResult& r);
// The values of stat `name` over the finished games that reported it.
std::vector<double> stat_values(const SimResult& r, const std::string& name);

// Per card (by name): the win rate of players who held it (or played
// it) minus that of players who did not, with a Newcombe interval; n =
// player-games that held (played) it. Cards every player or no player
// held (played) are left out. Held: ever in a zone the player owns, so a
// card that ends in a shared pile shows only by who played it.
enum class CardBasis { Held, Played };
struct CardImpact {
  std::string card;
  Estimate impact;
  double without = 0;  // player-games that did not hold (play) it
};
std::vector<CardImpact> card_impacts(const SimResult& r, CardBasis basis = CardBasis::Held);

// Card coverage over the finished games (sim/coverage.hpp says what
// drawn and played mean), per definition in deck order; empty when the
// games were not followed.
struct CardCoverage {
  std::string id, name;
  long long drawn = 0, played = 0;
  long long games_played = 0;  // games in which it was played at least once
  long long hooks = 0;         // calls of its hooks
};
std::vector<CardCoverage> card_coverage(const SimResult& r);

// The histogram of game lengths: about 20 bins of a round width.
nlohmann::json length_histogram(const std::vector<double>& lengths);

// The skill games' win rates: the searching bot's and a random seat's.
struct SkillTally {
  double games = 0, search_wins = 0, random_wins = 0, random_seats = 0;
};
SkillTally skill_tally(const SimResult& r);

}  // namespace ratify::sim
