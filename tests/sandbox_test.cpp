// The sandbox: hostile and broken rulesets, each must end in a clear
// error naming the file (and line where there is one), never a crash or
// a hang. Each case is a ruleset written to a temporary folder.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/game.hpp"

using namespace ratify;
namespace fs = std::filesystem;

namespace {

// A minimal valid ruleset; each case replaces one part of it.
const char* kBase = R"(
local M = { id = "hostile", name = "Hostile", players = { min = 1, max = 2 },
  cards = { { id = "c", name = "Card", text = "x" } } }
function M.setup(g) SETUP end
function M.actor(g) return (g.state.done and nil) or 1 end
function M.actions(g) ACTIONS end
function M.apply(g, a) g.state.done = true end
function M.result(g) if g.state.done then return { winners = { 1 } } end end
return M
)";

struct Case {
  const char* name;
  const char* setup;                 // body of setup(g)
  const char* actions;               // body of actions(g)
  const char* expect;                // a part of the error message
  const char* whole_file = nullptr;  // replaces ruleset.lua entirely
  const char* extra_file = nullptr;  // name=content of one more file
};

std::string replace(std::string s, const std::string& from, const std::string& to) {
  auto at = s.find(from);
  if (at != std::string::npos) s.replace(at, from.size(), to);
  return s;
}

fs::path write_case(const Case& c) {
  fs::path dir = fs::temp_directory_path() / (std::string("ratify_hostile_") + c.name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string text =
      c.whole_file ? c.whole_file : replace(replace(kBase, "SETUP", c.setup), "ACTIONS", c.actions);
  std::ofstream(dir / "ruleset.lua") << text;
  if (c.extra_file) {
    std::string e = c.extra_file;
    auto eq = e.find('=');
    std::ofstream(dir / e.substr(0, eq)) << e.substr(eq + 1);
  }
  return dir;
}

const char* kOkActions = "return { { kind = 'go', label = 'Go' } }";

const Case kCases[] = {
    {"io", "io.open('/etc/passwd')", kOkActions, "global 'io'"},
    {"os", "os.execute('true')", kOkActions, "global 'os'"},
    {"package", "package.loadlib('x', 'y')", kOkActions, "global 'package'"},
    {"debug", "debug.sethook()", kOkActions, "global 'debug'"},
    {"dofile", "dofile('/etc/passwd')", kOkActions, "global 'dofile'"},
    {"bytecode", "local f, e = load('\\27Lua\\84\\0') error(e)", kOkActions, "binary chunk"},
    {"bytecode_mode", "load('return 1', 'x', 'b')", kOkActions, "only text chunks"},
    {"string_dump", "string.dump(function() end)", kOkActions, "field 'dump'"},
    {"require_outside", "require '..etc.passwd'", kOkActions, "module name"},
    {"require_path", "require '/etc/passwd'", kOkActions, "module name"},
    {"require_missing", "require 'nothere'", kOkActions, "not found"},
    {"endless_loop", "while true do end", kOkActions, "time limit exceeded"},
    {"loop_in_pcall", "while true do pcall(function() while true do end end) end", kOkActions,
     "time limit exceeded"},
    {"error_loop_in_pcall", "for i = 1, 1e12 do pcall(error, 'x') end", kOkActions,
     "time limit exceeded"},
    {"memory_bomb", "local t = {} for i = 1, 1e9 do t[i] = string.rep('x', 100) .. i end",
     kOkActions, "memory cap"},
    {"memory_bomb_in_pcall",
     "local t = {} pcall(function() for i = 1, 1e9 do t[i] = {i} end end) t = nil", kOkActions,
     "memory cap"},
    {"deep_recursion", "local function f(n) return 1 + f(n + 1) end f(1)", kOkActions,
     "stack overflow"},
    {"randomseed", "math.randomseed(1)", kOkActions, "seeded by the host"},
    {"collectgarbage_stop", "collectgarbage('stop')", kOkActions, "not available"},
    {"syntax_error", "", "", "ruleset.lua:2:", "local M = {\n  id = = 1 }\nreturn M\n"},
    {"missing_actions", "", "", "missing function 'actions'",
     "return { id = 'x', name = 'X', players = { min = 1, max = 1 }, setup = function() end,"
     " actor = function() end, apply = function() end, result = function() end }"},
    {"not_a_table", "", "", "must return the ruleset table", "return 42"},
    {"card_field_type", "", "", "cards.lua:2: card 'bad': field 'name' must be a string",
     "local M = dofile and nil or { id = 'x', name = 'X', players = { min = 1, max = 1 },\n"
     " cards = require 'cards' }\n"
     "function M.setup() end function M.actor() end function M.actions() return {} end\n"
     "function M.apply() end function M.result() return {} end\nreturn M\n",
     "cards.lua=return {\n  { id = \"bad\", name = 5 },\n}\n"},
    {"card_image_outside", "", "", "card 'peek': field 'image' must name a file in the ruleset",
     "return { id = 'x', name = 'X', players = { min = 1, max = 1 },\n"
     " cards = { { id = 'peek', name = 'Peek', image = '../../../etc/passwd' } },\n"
     " setup = function() end, actor = function() end, actions = function() return {} end,\n"
     " apply = function() end, result = function() return {} end }\n"},
    {"card_image_absolute", "", "", "field 'image' must name a file in the ruleset",
     "return { id = 'x', name = 'X', players = { min = 1, max = 1 },\n"
     " cards = { { id = 'abs', name = 'Abs', image = '/etc/passwd' } },\n"
     " setup = function() end, actor = function() end, actions = function() return {} end,\n"
     " apply = function() end, result = function() return {} end }\n"},
    {"card_count_type", "", "", "field 'count' must be a whole number",
     "return { id = 'x', name = 'X', players = { min = 1, max = 1 },\n"
     " cards = { { id = 'c', name = 'C', count = 'many' } },\n"
     " setup = function() end, actor = function() end, actions = function() return {} end,\n"
     " apply = function() end, result = function() return {} end }\n"},
    {"actions_not_list", "", "return 'everything'", "must return a list of action tables"},
    {"actions_list_of_numbers", "", "return { 1, 2, 3 }", "item 1 is a number"},
    {"function_in_state", "g.state.f = function() end", kOkActions, "g.state.f is a function"},
    {"cycle_in_state", "g.state.a = {} g.state.a.b = g.state.a", kOkActions, "appears twice"},
    {"metatable_in_state", "g.state.m = setmetatable({}, {})", kOkActions, "has a metatable"},
    {"bad_zone_visibility", "g.zone('z', { visibility = 'sometimes' })", kOkActions,
     "visibility is"},
    {"bad_card_move", "g.zone('z') g.move(99, 'z')", kOkActions, "bad card 99"},
    {"move_to_no_zone", "g.move(1, 'nowhere')", kOkActions, "no zone 'nowhere'"},
    {"string_metatable", "getmetatable('').__index = nil", kOkActions, "attempt to index"},
    {"error_object_table", "error({ code = 1 })", kOkActions, "error object is a table"},
};

class Hostile : public ::testing::TestWithParam<Case> {};

TEST_P(Hostile, FailsWithAClearError) {
  const Case& c = GetParam();
  fs::path dir = write_case(c);
  lua::Limits limits;
  limits.seconds = 3.0;  // the memory bombs reach the cap first, even on a loaded machine
  limits.memory = 64u << 20;
  std::string message;
  try {
    auto l = engine::Loaded::open(dir.string(), {}, limits);
    engine::Game g(l, 1, 1, l->options({}), engine::Mode::Record);
    g.action_count();
    g.apply(0);
    FAIL() << c.name << ": no error was raised";
  } catch (const lua::ScriptError& e) {
    message = e.what();
  }
  EXPECT_NE(message.find(c.expect), std::string::npos) << c.name << ": " << message;
  EXPECT_NE(message.find(".lua"), std::string::npos) << c.name << " names no file: " << message;
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Sandbox, Hostile, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(Sandbox, TheVmIsUsableAfterALimitIsHit) {
  Case c{"reuse", "", "if g.state.loop then while true do end end return { { kind = 'go' } }", ""};
  fs::path dir = write_case(c);
  lua::Limits limits;
  limits.seconds = 0.1;
  auto l = engine::Loaded::open(dir.string(), {}, limits);
  for (int k = 0; k < 3; ++k) {
    auto m = l->rules().new_match(1, k, l->options({}));
    EXPECT_EQ(m->action_count(), 1);
  }
  fs::remove_all(dir);
}
// The watchdog arms the hook only for calls that run long, and a call
// under its limit always finishes, however often the hook was armed.
TEST(Sandbox, LongCallsUnderTheLimitFinish) {
  Case c{"long_calls", "", "local n = 0 for i = 1, 2e7 do n = n + i end return { { kind = 'go' } }",
         ""};
  fs::path dir = write_case(c);
  lua::Limits limits;
  limits.seconds = 30;
  auto l = engine::Loaded::open(dir.string(), {}, limits);
  for (int k = 0; k < 3; ++k) {
    auto m = l->rules().new_match(1, k, l->options({}));
    EXPECT_EQ(m->action_count(), 1);
  }
  fs::remove_all(dir);
}
}  // namespace
