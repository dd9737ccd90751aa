#pragma once
// The history of playtest runs: every `ratify sim` and `ratify merge` is
// one row of an SQLite database (by default
// $XDG_DATA_HOME/ratify/history.sqlite), so a designer can list what was
// tried, look at an old report again, and compare two runs of the same
// test after changing the rules. Several sims may write at once: the
// database is in WAL mode, waits for the lock, and each run is one
// transaction.
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

struct sqlite3;

namespace ratify::sim {

class HistoryError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct HistoryRun {
  int64_t id = 0;    // given by the database
  std::string time;  // UTC, "YYYY-MM-DD HH:MM:SS"
  std::string ruleset, content_hash, command;
  std::vector<std::string> variants, options, bots;
  uint64_t seed = 0;
  int games = 0, players = 0;  // games per variant
  nlohmann::json report;       // the report JSON (docs/metrics.md)
};

// A stored run from its columns as the database holds them, as text, after
// the id: time, ruleset, content hash, variants, options, bots (JSON lists),
// seed, games, players, command, report (JSON). A stored file may be edited
// by hand: what does not parse is left empty, never an error.
HistoryRun run_from_columns(const std::vector<std::string>& columns);

// $XDG_DATA_HOME/ratify/history.sqlite, else
// ~/.local/share/ratify/history.sqlite; empty when neither is known.
std::filesystem::path default_history_file();

// What the ruleset's files hold, as 16 hex digits: every file in its folder
// (but hidden ones and tests/, which do not change how it plays) and the
// variant file when it lies outside. Two runs with the same hash ran the
// same rules.
std::string content_hash(const std::filesystem::path& ruleset_dir,
                         const std::filesystem::path& variant_file = {});

class History {
 public:
  // Opens (and for writing creates) the database. Throws HistoryError
  // naming the file when it cannot, or when it is not a ratify history.
  enum class Mode { Read, Write };
  History(const std::filesystem::path& file, Mode mode);
  ~History();
  History(const History&) = delete;
  History& operator=(const History&) = delete;

  // Records one run; returns its id.
  int64_t record(HistoryRun run);
  // Runs, the oldest first; only `ruleset`'s when it is not empty.
  std::vector<HistoryRun> list(const std::string& ruleset = {}) const;
  std::optional<HistoryRun> find(int64_t id) const;

 private:
  std::filesystem::path file_;
  sqlite3* db_ = nullptr;
};

// Per-seat win rates of each variant, shortly: "base 26/25/24/25%".
std::string headline(const nlohmann::json& report);
// The time now in UTC, by strftime's `format`: when a run or a page was made.
std::string now_utc(const char* format);
std::string history_list_text(const std::vector<HistoryRun>& runs);
std::string history_show_text(const HistoryRun& run);
// Two runs of the same test (same ruleset, players and bots; throws
// HistoryError when they are not): per-seat win rates, metrics, the
// ruleset's stats and mean length of each variant both ran, with p-values
// and Holm correction; warns when the rules or the settings differ.
std::string history_diff_text(const HistoryRun& a, const HistoryRun& b);

}  // namespace ratify::sim
