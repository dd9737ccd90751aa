#include "engine/scenario.hpp"

#include <algorithm>
#include <map>

#include "core/files.hpp"
#include "engine/catalog.hpp"
#include "lua/ruleset.hpp"
#include "lua/vm.hpp"

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

// A test that asked t.game for a variant runs again, alone, in a VM loaded
// with that variant (one per variant and file).
static lua::Rules::TestOutcome run_under_variant(
    const Located& where, const fs::path& file, bool yours, const lua::Rules::TestOutcome& first,
    std::map<std::string, std::shared_ptr<Loaded>>& variants) {
  lua::Rules::TestOutcome o = first;
  o.needs_variant.clear();
  try {
    auto& loaded = variants[first.needs_variant];
    if (!loaded) loaded = Loaded::open(where.dir.string(), first.needs_variant);
    if (yours) loaded->rules().vm().allow_file(file);
    auto again = loaded->rules().run_test_file(file, {}, first.index);
    if (again.size() == 1) return again[0];
    o.passed = false;
    o.message = "the test was not found again under variant '" + first.needs_variant + "'";
  } catch (const std::exception& e) {
    // Where the test asked for it: the first run's message starts there.
    std::string at = first.message.substr(0, first.message.find("t.game:"));
    o.passed = false;
    o.message = at + "t.game{ variant = '" + first.needs_variant + "' }: " + e.what();
  }
  return o;
}

// The scenario tests of one folder: the ruleset's tests/, or the user's
// tests of their variants of it (`yours`: outside the ruleset's folder,
// each file let in by name). False when a test ran out of its limit.
static bool run_test_folder(const Located& where, const fs::path& dir, bool yours,
                            const std::string& filter, TestReport& report) {
  for (const auto& file : files_in(dir, ".lua")) {
    std::string shown = yours ? file.string() : file.filename().string();
    // The filter may name the file: then every test in it runs.
    std::string by_name = file.filename().string().find(filter) != std::string::npos ? "" : filter;
    // A fresh VM per file: one file's leftovers never leak into another.
    std::shared_ptr<Loaded> loaded;
    try {
      loaded = Loaded::open(where.dir.string());
    } catch (const std::exception& e) {
      report.items.push_back({file.string(), "(load)", false, e.what()});
      return false;
    }
    if (yours) loaded->rules().vm().allow_file(file);
    std::map<std::string, std::shared_ptr<Loaded>> variants;
    for (auto& o : loaded->rules().run_test_file(file, by_name)) {
      if (!o.needs_variant.empty()) o = run_under_variant(where, file, yours, o, variants);
      report.items.push_back({shown, o.name, o.passed, o.message});
      if (!o.passed && lua::hit_limit(o.message))
        report.stopped_at = static_cast<int>(report.items.size()) - 1;
    }
    if (report.stopped_at >= 0) return false;
  }
  return true;
}

TestReport run_ruleset_tests(const std::string& spec, const std::string& filter) {
  TestReport report;
  Located where = locate(spec);
  if (!run_test_folder(where, where.dir / "tests", false, filter, report)) return report;
  // The user's variants of this id may bring tests of their own.
  std::error_code ec;
  fs::path dir = fs::weakly_canonical(where.dir, ec);
  fs::path user = user_variants_dir((ec ? where.dir : dir).filename().string());
  if (!user.empty() && !run_test_folder(where, user / "tests", true, filter, report)) return report;
  for (const auto& file : files_in(where.dir / "tests" / "playthroughs", ".jsonl")) {
    if (!filter.empty() && file.filename().string().find(filter) == std::string::npos &&
        std::string("golden playthrough").find(filter) == std::string::npos)
      continue;
    TestReport::Item item{file.filename().string(), "golden playthrough", true, {}};
    try {
      // A link out of the folder is not read: a parse error would show it.
      if (auto why = core::outside_roots(file, {where.dir}); !why.empty())
        throw InputError(file.string() + " " + why);
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
