// libFuzzer target: what `ratify history list/show/diff` read back from a
// history database, which a user may have edited, copied from a stranger
// or found corrupted. An input is one or two stored runs separated by the
// byte 0x1E; a run is its columns as the database holds them (time,
// ruleset, content hash, variants, options, bots, seed, games, players,
// command, report), separated by the byte 0x1F. Each goes through
// sim::run_from_columns, as a row does, then the list, show and diff text.
// (The SQLite file format itself is SQLite's to check: a database that is
// not one is refused by History's constructor, tests/history_test.cpp.)
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sim/history.hpp"

namespace {

std::vector<std::string> split(std::string_view text, char sep, size_t most) {
  std::vector<std::string> out;
  for (size_t start = 0; start <= text.size() && out.size() < most;) {
    size_t end = text.find(sep, start);
    if (end == std::string_view::npos) end = text.size();
    out.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<ratify::sim::HistoryRun> runs;
  for (const auto& row : split(text, '\x1e', 2)) {
    runs.push_back(ratify::sim::run_from_columns(split(row, '\x1f', 11)));
    runs.back().id = static_cast<int64_t>(runs.size());
  }
  try {
    ratify::sim::history_list_text(runs);
    for (const auto& r : runs) ratify::sim::history_show_text(r);
    if (runs.size() == 2) ratify::sim::history_diff_text(runs[0], runs[1]);
  } catch (const ratify::sim::HistoryError& e) {
    // Two runs that are not the same test: `history diff` says so, exit 2.
    if (std::getenv("RATIFY_FUZZ_VERBOSE")) std::fprintf(stderr, "%s\n", e.what());
  }
  return 0;
}
