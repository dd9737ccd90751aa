// libFuzzer target: the replay reader. Each input is a replay file's text
// (JSON lines), parsed as `ratify replay` does and then verified against
// article2 (loaded once): every action must be legal and give its hash.
// The header's ruleset and variant are not followed: a replay names a
// folder, and the fuzzer must not run whatever it finds there.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>

#include "core/replay.hpp"
#include "engine/game.hpp"
#include "lua/error.hpp"  // the sandbox limits the fuzzer sets

namespace {
std::shared_ptr<ratify::engine::Loaded> article2() {
  static auto loaded = [] {
    ratify::lua::Limits l;
    l.seconds = 0.25;
    l.memory = size_t(256) << 20;
    return ratify::engine::Loaded::open(RATIFY_SOURCE_DIR "/rulesets/article2", {}, l);
  }();
  return loaded;
}
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  article2();  // load time is not counted against any input
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    ratify::core::Replay r = ratify::core::parse_replay(text, "fuzz.jsonl");
    r.header.ruleset = "article2";
    r.header.variant.clear();
    auto d = ratify::engine::verify_replay(article2(), r);
    if (d && std::getenv("RATIFY_FUZZ_VERBOSE")) std::fprintf(stderr, "%s\n", d->message.c_str());
  } catch (const std::exception& e) {
    if (std::getenv("RATIFY_FUZZ_VERBOSE")) std::fprintf(stderr, "%s\n", e.what());
    // Bad input: `ratify replay` reports these and exits 2.
  }
  return 0;
}
