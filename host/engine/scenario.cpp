#include "engine/scenario.hpp"

#include <algorithm>

namespace ratify::engine {

int TestReport::failed() const {
  return static_cast<int>(
      std::count_if(items.begin(), items.end(), [](const Item& i) { return !i.passed; }));
}

static std::vector<fs::path> files_in(const fs::path& dir, const std::string& ext) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.is_regular_file() && e.path().extension() == ext) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

TestReport run_ruleset_tests(const std::string& spec) {
  TestReport report;
  Located where = locate(spec);
  for (const auto& file : files_in(where.dir / "tests", ".lua")) {
    // A fresh VM per file: one file's leftovers never leak into another.
    std::shared_ptr<Loaded> loaded;
    try {
      loaded = Loaded::open(where.dir.string());
    } catch (const std::exception& e) {
      report.items.push_back({file.string(), "(load)", false, e.what()});
      return report;
    }
    for (auto& o : loaded->rules().run_test_file(file))
      report.items.push_back({file.filename().string(), o.name, o.passed, o.message});
  }
  for (const auto& file : files_in(where.dir / "tests" / "playthroughs", ".jsonl")) {
    TestReport::Item item{file.filename().string(), "golden playthrough", true, {}};
    try {
      core::Replay r = core::read_replay(file.string());
      auto loaded = Loaded::open(where.dir.string(), r.header.variant);
      if (auto d = verify_replay(loaded, r)) {
        item.passed = false;
        item.message = d->message;
      } else {
        item.name += " (" + std::to_string(r.steps.size()) + " actions)";
      }
    } catch (const std::exception& e) {
      item.passed = false;
      item.message = e.what();
    }
    report.items.push_back(std::move(item));
  }
  return report;
}

}  // namespace ratify::engine
