#include "core/replay.hpp"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace ratify::core {

std::string hash_hex(uint64_t h) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

// A ruleset's id or a variant's name, never a path: a replay from a
// stranger must not make ratify run the .lua file or folder it names.
static bool plain_name(const std::string& s) {
  if (s.empty() || s.size() > 64) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') return false;
  return true;
}

static uint64_t parse_hash(const std::string& s) {
  if (s.size() != 16 || s.find_first_not_of("0123456789abcdef") != std::string::npos)
    throw ReplayError("hash must be 16 hex digits");
  return std::stoull(s, nullptr, 16);
}

nlohmann::json header_json(const ReplayHeader& h) {
  return {{"ratify", "replay"},   {"version", 1},   {"ruleset", h.ruleset}, {"variant", h.variant},
          {"options", h.options}, {"seed", h.seed}, {"players", h.players}, {"seats", h.seats}};
}

nlohmann::json step_json(const ReplayStep& s) {
  return {{"actor", s.actor}, {"action", s.action}, {"label", s.label}, {"hash", hash_hex(s.hash)}};
}

std::string to_jsonl(const Replay& r) {
  std::string out = header_json(r.header).dump() + "\n";
  for (const auto& s : r.steps) out += step_json(s).dump() + "\n";
  return out;
}

void check_json_depth(std::string_view text, int max_depth) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth)
        throw ReplayError("JSON nested deeper than " + std::to_string(max_depth) + " levels");
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
}

Replay parse_replay(const std::string& text, const std::string& file) {
  Replay r;
  std::istringstream in(text);
  std::string line;
  int n = 0;
  bool have_header = false;
  while (std::getline(in, line)) {
    ++n;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      check_json_depth(line);
      auto j = nlohmann::json::parse(line);
      if (!have_header) {
        if (j.value("ratify", "") != "replay") throw ReplayError("not a ratify replay header");
        // Version 1 is the only one written so far; a later one may mean
        // things this build cannot read.
        if (j.contains("version") && j["version"] != 1)
          throw ReplayError("replay version " + j["version"].dump() + " (this ratify reads 1)");
        // Whole numbers only: JSON's 2.5 would be cut to 2 and the replay
        // would verify a game nobody played.
        if (!j.at("seed").is_number_unsigned()) throw ReplayError("seed must be a whole number");
        if (!j.at("players").is_number_integer())
          throw ReplayError("players must be a whole number");
        r.header.ruleset = j.at("ruleset").get<std::string>();
        r.header.variant = j.value("variant", "");
        if (!plain_name(r.header.ruleset))
          throw ReplayError(
              "ruleset must be a ruleset's id (letters, digits, _ and -), not a path");
        if (!r.header.variant.empty() && !plain_name(r.header.variant))
          throw ReplayError(
              "variant must be a variant's name (letters, digits, _ and -), not a path");
        r.header.options = j.value("options", nlohmann::json::object());
        r.header.seed = j.at("seed").get<uint64_t>();
        r.header.players = j.at("players").get<int>();
        r.header.seats = j.value("seats", std::vector<std::string>{});
        have_header = true;
        continue;
      }
      ReplayStep s;
      if (!j.at("actor").is_number_integer()) throw ReplayError("actor must be a whole number");
      s.actor = j.at("actor").get<int>();
      s.action = j.at("action");
      if (!s.action.is_object()) throw ReplayError("action must be an object");
      s.label = j.value("label", "");
      s.hash = parse_hash(j.at("hash").get<std::string>());
      s.line = n;
      r.steps.push_back(std::move(s));
    } catch (const std::exception& e) {
      throw ReplayError(file + ":" + std::to_string(n) + ": " + e.what());
    }
  }
  if (!have_header) throw ReplayError(file + ":1: empty replay, no header");
  return r;
}

Replay read_replay(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw ReplayError(path + ": cannot open");
  std::stringstream ss;
  ss << f.rdbuf();
  return parse_replay(ss.str(), path);
}

void write_file(const std::string& path, const std::string& text) {
  errno = 0;
  std::ofstream f(path, std::ios::binary);
  // The reason (no such folder, permission denied) is what the user fixes.
  if (!f)
    throw std::runtime_error(path + ": cannot write" +
                             (errno ? std::string(" (") + std::strerror(errno) + ")" : ""));
  f << text;
  // A short text sits in the stream's buffer until close: a full disk
  // shows only there.
  f.close();
  if (!f) throw std::runtime_error(path + ": write failed");
}

}  // namespace ratify::core
