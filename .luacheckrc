-- luacheck settings for every Lua file of ratify: rulesets run in Lua 5.4.
std = "lua54"
max_line_length = 120
exclude_files = { "build*/**" }
