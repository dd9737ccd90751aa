// libFuzzer target: `ratify merge`'s input. An input is one or more shard
// files (`ratify sim --json` results) separated by the byte 0x1E (RS, as in
// RFC 7464 JSON text sequences); they go through what cmd_merge does:
// parse, result_from_json, merge, then the summary and the merged JSON.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sim/sim.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    std::vector<ratify::sim::SimResult> parts;
    for (size_t start = 0; start <= text.size() && parts.size() < 8;) {
      size_t end = text.find('\x1e', start);
      if (end == std::string_view::npos) end = text.size();
      parts.push_back(
          ratify::sim::result_from_json(nlohmann::json::parse(text.substr(start, end - start))));
      start = end + 1;
    }
    auto merged = ratify::sim::merge(parts);
    ratify::sim::summary_text(merged);
    ratify::sim::result_json(merged).dump(1);
  } catch (const std::exception& e) {
    if (std::getenv("RATIFY_FUZZ_VERBOSE")) std::fprintf(stderr, "%s\n", e.what());
    // Bad input: `ratify merge` reports these and exits 2.
  }
  return 0;
}
