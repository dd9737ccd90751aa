// The editor annotations (scripts/types/ratify.lua) against the names the host
// registers in Lua: every field of `g`, `t` and a test game `G` must be
// annotated, and every annotated one must exist, so the two cannot drift.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "lua/ruleset.hpp"
#include "test_files.hpp"

using namespace ratify;

namespace {

// Names per table ("g", "t", "G") as scripts/types/ratify.lua declares them:
// `function g.name(`, `function G:name(` and the `---@field name` lines of
// the table's class.
std::map<std::string, std::set<std::string>> annotated(const std::string& text) {
  const std::map<std::string, std::string> table_of_class = {
      {"ratify.G", "g"}, {"ratify.T", "t"}, {"ratify.TestGame", "G"}};
  const std::regex fn(R"(^function\s+(g|t|G)\s*[.:]\s*([A-Za-z_]\w*)\s*\()");
  const std::regex cls(R"(^---@class\s+([\w.]+))");
  const std::regex field(R"(^---@field\s+([A-Za-z_]\w*)\??\s)");
  std::map<std::string, std::set<std::string>> out;
  std::string table;  // the table whose class block we are in, or ""
  std::istringstream in(text);
  std::string line;
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_search(line, m, fn)) out[m[1]].insert(m[2]);
    if (std::regex_search(line, m, cls)) {
      auto it = table_of_class.find(m[1]);
      table = it == table_of_class.end() ? "" : it->second;
    } else if (line.rfind("---", 0) != 0) {
      table.clear();
    } else if (!table.empty() && std::regex_search(line, m, field)) {
      out[table].insert(m[1]);
    }
  }
  return out;
}

std::string listed(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

void compare(const std::string& table, const std::vector<std::string>& host,
             const std::set<std::string>& notes) {
  std::vector<std::string> unannotated, unknown;
  for (const auto& n : host)
    if (!notes.count(n)) unannotated.push_back(table + "." + n);
  for (const auto& n : notes)
    if (std::find(host.begin(), host.end(), n) == host.end()) unknown.push_back(table + "." + n);
  EXPECT_TRUE(unannotated.empty())
      << "registered by the host but missing from scripts/types/ratify.lua: "
      << listed(unannotated);
  EXPECT_TRUE(unknown.empty()) << "in scripts/types/ratify.lua but not registered by the host: "
                               << listed(unknown);
}

TEST(ApiNames, AnnotationsMatchTheHost) {
  auto loaded = engine::Loaded::open(std::string(RATIFY_TEST_FIXTURES) + "/tiny");
  auto names = loaded->rules().api_names();
  ASSERT_FALSE(names.g.empty());
  ASSERT_FALSE(names.t.empty());
  ASSERT_FALSE(names.game.empty());
  std::string text = ratify::testing::read_text(std::filesystem::path(RATIFY_SOURCE_DIR) /
                                                "scripts" / "types" / "ratify.lua");
  ASSERT_FALSE(text.empty()) << "scripts/types/ratify.lua is missing";
  auto notes = annotated(text);
  compare("g", names.g, notes["g"]);
  compare("t", names.t, notes["t"]);
  compare("G", names.game, notes["G"]);
}

// The parser itself: a binding without its annotation is reported.
TEST(ApiNames, TheParserSeesFunctionsAndFields) {
  auto notes = annotated(
      "---@class ratify.G\n---@field state table x\n---@field seed? integer\nlocal g = {}\n"
      "---@field not_g integer\nfunction g.zone(name) end\nfunction G:act(spec) end\n"
      "---@class ratify.TestGame\n---@field g ratify.G\n");
  EXPECT_EQ(notes["g"], (std::set<std::string>{"state", "seed", "zone"}));
  EXPECT_EQ(notes["G"], (std::set<std::string>{"act", "g"}));
}

}  // namespace
