// libFuzzer target: a ruleset's Lua text. Each input is written as
// ruleset.lua into a private temporary folder and loaded in the sandbox
// under a small memory cap and a short time limit per call; if it loads,
// one game is set up and a few of its actions are listed and played.
// Errors the host reports for a bad ruleset (ScriptError, OptionError, ...)
// are the expected outcome; a crash, a sanitizer report, a hang past
// -timeout or memory past -rss_limit_mb is a finding (docs/fuzzing.md).
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "lua/match.hpp"
#include "lua/ruleset.hpp"

namespace {
namespace fs = std::filesystem;

// One folder per fuzzing process (libFuzzer's -jobs run several), removed at exit.
const fs::path& folder() {
  static const fs::path dir = [] {
    std::string tmpl = (fs::temp_directory_path() / "ratify-fuzz-ruleset-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) throw std::runtime_error("fuzz_ruleset: cannot make a temp folder");
    std::atexit([] { fs::remove_all(folder()); });
    return fs::path(tmpl);
  }();
  return dir;
}

ratify::lua::Limits limits() {
  ratify::lua::Limits l;
  l.seconds = 0.25;  // far below libFuzzer's -timeout: a slow input is a budget bug
  l.test_seconds = 0.25;
  l.memory = size_t(64) << 20;
  return l;
}

// A few turns of the first game: what `ratify check` does first.
void play_briefly(ratify::lua::Rules& rules) {
  const auto& meta = rules.meta();
  auto options = ratify::core::resolve(meta.options, {});
  auto m = rules.new_match(
      meta.player_counts().empty() ? meta.min_players : meta.player_counts().front(), 1, options);
  for (int step = 0; step < 16 && m->actor() != 0; ++step) {
    int n = m->action_count();
    if (n <= 0) break;
    m->action_info(0);
    m->action_json(n - 1);
    m->apply(step % n);
  }
  m->result();
  m->hash();
  m->state_json();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  {
    std::ofstream out(folder() / "ruleset.lua", std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  try {
    ratify::lua::Rules rules(folder(), RATIFY_SOURCE_DIR "/scripts", {}, limits());
    play_briefly(rules);
  } catch (const std::exception& e) {
    if (std::getenv("RATIFY_FUZZ_VERBOSE")) std::fprintf(stderr, "%s\n", e.what());
    // Bad input, reported as the CLI would (it exits 2 on any of these).
  }
  return 0;
}
