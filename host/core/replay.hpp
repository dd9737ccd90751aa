#pragma once
// Replay files: JSON lines. The first line is the header (ruleset,
// options, seed, seats); then one line per action with the state hash
// after it. A game is its replay: the log is the source of truth.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ratify::core {

struct ReplayHeader {
  std::string ruleset;                                // id or path, as given
  std::string variant;                                // "" = none
  nlohmann::json options = nlohmann::json::object();  // after variant and --set
  uint64_t seed = 0;
  int players = 0;
  std::vector<std::string> seats;
};

struct ReplayStep {
  int actor = 0;
  nlohmann::json action;  // the action table, without its label
  std::string label;
  uint64_t hash = 0;  // state hash after the action
  int line = 0;       // where it was read from, for messages
};

struct Replay {
  ReplayHeader header;
  std::vector<ReplayStep> steps;
};

class ReplayError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string hash_hex(uint64_t h);
nlohmann::json header_json(const ReplayHeader& h);
nlohmann::json step_json(const ReplayStep& s);
std::string to_jsonl(const Replay& r);
// Parses a replay; errors name `file` and the line.
Replay parse_replay(const std::string& text, const std::string& file);

// JSON from files is nested at most this deep (a replay's action is two
// or three levels): deeper input is refused before it is parsed, since the
// parser, the printer and the Lua side all recurse.
constexpr int kMaxJsonDepth = 64;
// Throws ReplayError("nested deeper than ...") when `text` is.
void check_json_depth(std::string_view text, int max_depth = kMaxJsonDepth);
Replay read_replay(const std::string& path);
void write_file(const std::string& path, const std::string& text);

}  // namespace ratify::core
