-- luacheck settings for every Lua file of ratify (CTest runs
-- `luacheck rulesets scripts tests/fixtures`; docs/lua-api.md "Editor
-- support" explains them). Rulesets run in ratify's Lua 5.4 sandbox.
std = "lua54"
-- What the sandbox leaves out is an error in a ruleset, not a global.
not_globals = { "io", "os", "package", "debug", "coroutine", "dofile", "loadfile" }
max_line_length = 120
-- Build folders hold copies and generated files; scripts/types/ is editor-only
-- annotations (empty function bodies, by design); tests/fuzz/ holds inputs the
-- fuzzers made, kept byte for byte as they crashed the host once.
exclude_files = { "build*/**", "scripts/types/**", "tests/fuzz/**" }
