# Hostile and broken input (issue #16 points 3-5): each case ends with a
# clear message naming file:line or the limit, exit 1 or 2, nothing written
# and nothing read outside the ruleset's folder. Run with RATIFY, SRC, OUT.
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
set(BAD tests/fixtures/hostile/bad_data)
function(says regex what)
  if(NOT last MATCHES "${regex}")
    message(FATAL_ERROR "${what}: expected /${regex}/ in:\n${last}")
  endif()
endfunction()
function(never regex what)
  if(last MATCHES "${regex}")
    message(FATAL_ERROR "${what}: /${regex}/ should not appear in:\n${last}")
  endif()
endfunction()
# Runs the command printed after `label` in the last output, expecting `code`.
function(run_printed label code)
  if(NOT last MATCHES "${label}: ratify ([^\n]*)")
    message(FATAL_ERROR "no '${label}' command in:\n${last}")
  endif()
  separate_arguments(words UNIX_COMMAND "${CMAKE_MATCH_1}")
  expect(${code} ${words})
  set(last "${last}" PARENT_SCOPE)
endfunction()

# --- 3. The first broken game stops the run, with a command for it alone.
# Only games whose seed is 2 mod 5 fail: the command must name that game.
expect(1 check ${BAD} --set bad=some_actions_error -n 400 --threads 2)
says("ruleset.lua:[0-9]+: broken actions" "check names the failure's file:line")
says("stopped at the first failed game" "check stops")
if(NOT last MATCHES "\n([0-9]+) games, " OR CMAKE_MATCH_1 GREATER 20)
  message(FATAL_ERROR "check should stop after the first failed game: ${last}")
endif()
string(REGEX MATCH "game ([0-9]+) \\(2 players, game seed ([0-9]+)\\)" failed "${last}")
set(failed_game ${CMAKE_MATCH_1})
set(failed_seed ${CMAKE_MATCH_2})
run_printed("this game alone" 1)
says("game ${failed_game} \\(2 players, game seed ${failed_seed}\\): [^\n]*ruleset.lua:[0-9]+: broken actions"
     "check's printed command plays that game again")
says("\n1 games, " "check --game plays one game")

file(REMOVE ${OUT}/sim.json)
expect(1 sim ${BAD} --set bad=some_actions_error -n 400 --threads 2 --json ${OUT}/sim.json)
says("ruleset.lua:[0-9]+: broken actions" "sim names the failure's file:line")
says("stopped at the first failed game \\(game [0-9]+, game seed [0-9]+\\); no results written" "sim stops")
if(EXISTS ${OUT}/sim.json)
  message(FATAL_ERROR "a sim stopped at a failed game should write no results")
endif()
string(REGEX MATCH "game ([0-9]+), game seed ([0-9]+)" failed "${last}")
set(failed_game ${CMAKE_MATCH_1})
set(whole "${last}")
run_printed("this game alone" 1)
says("game ${failed_game} \\(seed [0-9]+\\): [^\n]*ruleset.lua:[0-9]+: broken actions"
     "sim's printed command plays that game again")
set(last "${whole}")
run_printed("move by move" 2)
says("ruleset.lua:[0-9]+: broken actions" "play with sim's printed seed and seats fails the same way")

# solve: a deal the rules fail on stops the run, named with --deal.
file(COPY ${SRC}/tests/fixtures/piles DESTINATION ${OUT}/solve)
file(READ ${OUT}/solve/piles/ruleset.lua rules)
string(REPLACE "function M.apply(g, a)\n"
               "function M.apply(g, a)\n  if a.kind == \"move\" and g.seed % 3 == 2 then error(\"broken move\") end\n"
               rules "${rules}")
file(WRITE ${OUT}/solve/piles/ruleset.lua "${rules}")
set(EXPECT_DIR ${OUT}/solve)
expect(2 solve piles -n 30 --threads 2 --set deal=2|4|13|65)
says("deal [0-9]+ \\(game seed [0-9]+\\): piles/ruleset.lua:[0-9]+: broken move" "solve names deal and line")
string(REGEX MATCH "deal ([0-9]+) \\(game seed" failed "${last}")
set(failed_deal ${CMAKE_MATCH_1})
run_printed("this deal alone" 2)
says("deal ${failed_deal} \\(game seed [0-9]+\\): piles/ruleset.lua:[0-9]+: broken move"
     "solve's printed command searches that deal again")
unset(EXPECT_DIR)

# test: a test that runs out of memory stops the run (each would wait).
file(COPY ${SRC}/tests/fixtures/tiny DESTINATION ${OUT}/limits)
file(REMOVE_RECURSE ${OUT}/limits/tiny/tests)
file(WRITE ${OUT}/limits/tiny/tests/greedy.lua
     "local big = function() return string.rep('x', 1 << 31) end\n"
     "return { { name = 'one', run = big }, { name = 'two', run = big }, { name = 'three', run = big } }\n")
expect(1 test ${OUT}/limits/tiny)
says("memory cap" "the test names the limit")
says("0 passed, 1 failed" "test stops at the first test over its limit")
run_printed("this test alone" 1)
says("one.*memory cap" "the printed command runs that test")

# --- 4. Only regular files inside the ruleset's folder and scripts/.
set(EXPECT_DIR ${OUT}/links)
file(COPY ${SRC}/tests/fixtures/tiny DESTINATION ${OUT}/links)
file(WRITE ${OUT}/links/secret.lua "return { { id = 'x', name = 'SECRET-CONTENT' } }\n")
file(RENAME ${OUT}/links/tiny/cards.lua ${OUT}/links/cards.lua)
file(CREATE_LINK /etc/passwd ${OUT}/links/tiny/cards.lua SYMBOLIC)
expect(2 check tiny -n 1)
says("module 'cards': tiny/cards.lua is a link to a file outside the ruleset's folder" "a module linked to /etc/passwd")
never("root:|/etc/passwd" "nothing of the target shows")
file(REMOVE ${OUT}/links/tiny/cards.lua)
file(CREATE_LINK ${OUT}/links/secret.lua ${OUT}/links/tiny/cards.lua SYMBOLIC)
expect(2 check tiny -n 1)
says("is a link to a file outside" "a module linked out of the folder")
never("SECRET|secret.lua" "nothing of the target shows")
file(REMOVE ${OUT}/links/tiny/cards.lua)
file(CREATE_LINK ../cards.lua ${OUT}/links/tiny/cards.lua SYMBOLIC)  # relative, still outside
expect(2 check tiny -n 1)
says("is a link to a file outside" "a relative link out of the folder")
file(REMOVE ${OUT}/links/tiny/cards.lua)
file(COPY ${OUT}/links/cards.lua DESTINATION ${OUT}/links/tiny)
file(CREATE_LINK ${OUT}/links/secret.lua ${OUT}/links/tiny/variants/evil.lua SYMBOLIC)
expect(2 check tiny/variants/evil.lua -n 1)
says("tiny/variants/evil.lua is a link to a file outside" "a variant linked out of the folder")
file(MAKE_DIRECTORY ${OUT}/links/tiny/bots)
file(CREATE_LINK /etc/passwd ${OUT}/links/tiny/bots/evil.lua SYMBOLIC)
expect(1 sim tiny -n 3 --bots evil,random)
says("tiny/bots/evil.lua is a link to a file outside" "a bot linked out of the folder")
never("root:" "nothing of the target shows")
file(MAKE_DIRECTORY ${OUT}/links/tiny/tests/playthroughs)
file(CREATE_LINK /etc/passwd ${OUT}/links/tiny/tests/evil.lua SYMBOLIC)
file(CREATE_LINK /etc/passwd ${OUT}/links/tiny/tests/playthroughs/evil.jsonl SYMBOLIC)
expect(1 test tiny)
says("tests/evil.lua is a link to a file outside" "a scenario test linked out of the folder")
says("evil.jsonl is a link to a file outside" "a playthrough linked out of the folder")
never("root:|/etc/passwd" "nothing of the target shows")
unset(EXPECT_DIR)

# A replay names its ruleset by id and its variant by name, never a path.
file(STRINGS ${SRC}/rulesets/article2/tests/playthroughs/seed1.jsonl header LIMIT_COUNT 1)
foreach(field "\"ruleset\":\"${OUT}/links/tiny\"" "\"ruleset\":\"../tiny\""
              "\"variant\":\"${OUT}/links/secret.lua\"")
  string(REGEX MATCH "^\"(ruleset|variant)\"" key "${field}")
  string(REGEX REPLACE "${key}:\"[^\"]*\"" "${field}" hostile "${header}")
  file(WRITE ${OUT}/path.jsonl "${hostile}\n")
  expect(2 replay ${OUT}/path.jsonl)
  says("path.jsonl:1: (ruleset must be a ruleset's id|variant must be a variant's name)" "a replay naming a path: ${field}")
  expect(2 play --text --resume ${OUT}/path.jsonl)
  says("path.jsonl:1: " "a save naming a path: ${field}")
endforeach()

# --- 5. Games never lost, no silent wrong answers.
# The log is written as the game goes: a ruleset failing in actions keeps it.
expect(2 play ${BAD} --set bad=actions_error --seats bot,bot --seed 1 --text --log ${OUT}/kept.jsonl)
says("ruleset.lua:[0-9]+: broken actions" "play names the failure")
says("replay written to .*kept.jsonl \\(3 actions\\)" "play says the log is kept")
file(STRINGS ${OUT}/kept.jsonl kept)
list(LENGTH kept n)
if(NOT n EQUAL 4)
  message(FATAL_ERROR "the log of a failed game should hold its header and 3 actions: ${kept}")
endif()
expect(0 replay ${OUT}/kept.jsonl --ruleset ${BAD})
expect(2 replay ${OUT}/kept.jsonl)
says("no ruleset 'bad_data' among the rulesets found by id" "a replay's ruleset is looked up by id")
# An unwritable log is said before the first move.
expect(2 play ${BAD} --seats bot,bot --seed 1 --text --log ${OUT}/no/such/dir/x.jsonl)
says("x.jsonl: cannot write" "an unwritable log")
never("p1 \\(bot\\)" "no move before the log is known to be writable")
if(EXISTS /dev/full)
  expect(2 play ${BAD} --seats bot,bot --seed 1 --text --log /dev/full)
  says("/dev/full: write failed" "a log on a full disk")
  execute_process(COMMAND ${RATIFY} list WORKING_DIRECTORY ${SRC} OUTPUT_FILE /dev/full
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "cannot write the output")
    message(FATAL_ERROR "output to a full disk should fail: exit ${rc}\n${err}")
  endif()
endif()

# Text, numbers and keys are checked where they enter the host.
foreach(case "label_utf8;ruleset.lua:[0-9]+: bad_data: actions\\(g\\): action 1.label is not valid UTF-8"
             "log_utf8;ruleset.lua:[0-9]+: g.log: the line is not valid UTF-8"
             "state_utf8;ruleset.lua:[0-9]+: after apply: g.state.note is not valid UTF-8"
             "action_nan;ruleset.lua:[0-9]+: bad_data: actions\\(g\\): action 1.size is NaN"
             "score_nan;ruleset.lua:[0-9]+: bad_data: result\\(g\\).scores\\[1\\] is not a finite number"
             "state_nul_key;ruleset.lua:[0-9]+: after apply: g.state has a key with a NUL byte")
  list(GET case 0 bad)
  list(GET case 1 message)
  expect(2 play ${BAD} --set bad=${bad} --seats bot,bot --seed 1 --text --quiet --log ${OUT}/${bad}.jsonl)
  says("${message}" "bad=${bad} in play")
  says("replay written to" "bad=${bad}: the game so far is kept")
  expect(1 check ${BAD} --set bad=${bad} -n 20 --threads 1)
  says("${message}" "bad=${bad} in check")
endforeach()
expect(1 sim ${BAD} --set bad=score_nan -n 20 --threads 1 --quiet)
says("result\\(g\\).scores\\[1\\] is not a finite number" "a NaN score in sim")
# Issue 29: each ends the run with the ruleset's fault named, never a crash
# (a heuristic of NaN for every action), a hang (a table shared by two
# places walked as a tree: {t, t} 60 deep) or a wrong result (NaN stats
# written as null, a player who wins twice counted as a shared win).
foreach(case "shared_state;a table appears twice in the data"
             "heuristic_nan;heuristic\\(g, player\\) returned NaN"
             "winners_twice;result\\(g\\).winners\\[2\\] names player 1 again"
             "stat_nan;stats\\(g\\).steps is not a finite number"
             "stat_name_utf8;stats\\(g\\): a name must be UTF-8 text")
  list(GET case 0 bad)
  list(GET case 1 message)
  file(REMOVE ${OUT}/${bad}.json)
  expect(1 sim ${BAD} --set bad=${bad} -n 4 --threads 1 --bots heuristic,heuristic --json ${OUT}/${bad}.json)
  says("${message}" "bad=${bad} in sim")
  if(EXISTS ${OUT}/${bad}.json)
    message(FATAL_ERROR "bad=${bad}: a failed sim should write no results")
  endif()
endforeach()
expect(2 play ${BAD} --set bad=shared_state --seats random,random --seed 1 --text --quiet)
says("appears twice" "a shared table in g.state shown by the text UI")
# An action holding a shared table: read once by apply in a batch run (a
# frozen action's stand-ins), refused by check's strict look.
expect(0 sim ${BAD} --set bad=shared_action -n 4 --threads 1 --quiet)
expect(1 check ${BAD} --set bad=shared_action -n 4 --threads 1)
says("appears twice" "a shared table in an action, in check")

# An option's default that is NaN.
file(COPY ${SRC}/tests/fixtures/tiny DESTINATION ${OUT}/nan)
file(READ ${OUT}/nan/tiny/ruleset.lua rules)
string(REPLACE "target = { default = 6," "target = { default = 0/0," rules "${rules}")
file(WRITE ${OUT}/nan/tiny/ruleset.lua "${rules}")
expect(2 check ${OUT}/nan/tiny -n 1)
says("option 'target': an option value must be a finite number" "a NaN option default")

# CLI values are range-checked, never clamped or cut.
expect(2 sim article2 -n 2 --players 99)
says("--players: Value 99 not in range 1 to 16" "--players 99")
expect(2 sim article2 -n 2 --players 5)
says("article2 is for 2 to 4 players" "--players above the ruleset's maximum")
expect(2 sim article2 -n 2 --seed 18446744073709551616)
says("a seed is a whole number from 0 to 18446744073709551615" "--seed 2^64")
expect(2 check article2 -n 2 --seed -1)
expect(2 sim article2 -n 2 --shard 1/2x)
says("--shard takes K/N" "--shard 1/2x")
expect(2 sim article2 -n 2 --threads -3)
expect(2 play article2 --text --size abc)
says("--size: " "play --size abc")
never("stoi|terminate" "a plain message")
expect(2 check article2 --game -1)
expect(2 solve british_constitution --limit-nodes 0)

# Issue 29: host allocations sized by input are bounded before they are made.
expect(2 check article2 -n 2 --players 1)
says("article2 is for 2, 3, 4 players, not 1" "check --players 1 is bad input")
expect(2 sim article2 -n 2000000000 --quiet)
says("-n: at most 1000000 games a run" "sim -n of two billion")
file(COPY ${SRC}/tests/fixtures/tiny DESTINATION ${OUT}/wide)
file(WRITE ${OUT}/wide/tiny/variants/wide.lua "return { players = { min = 2, max = 2147483647 } }\n")
expect(2 check ${OUT}/wide/tiny/variants/wide.lua -n 1)
says("players: 2147483647 is outside the ruleset's" "a variant's player range of two billion")
file(WRITE ${OUT}/wide/tiny/variants/twice.lua "return { players = { 2, 2 } }\n")
expect(2 check ${OUT}/wide/tiny/variants/twice.lua -n 1)
says("players: 2 is listed twice" "a variant's player list with a count twice")

# merge refuses shards of different runs: rotation, options, bots.
expect(0 sim article2 -n 4 --shard 0/2 --quiet --json ${OUT}/m0.json)
expect(0 sim article2 -n 4 --shard 1/2 --rotate --quiet --json ${OUT}/m1.json)
expect(2 merge ${OUT}/m0.json ${OUT}/m1.json)
says("not shards of one run" "shards with and without --rotate")
expect(0 sim article2 -n 4 --shard 1/2 --bots random,heuristic --quiet --json ${OUT}/m2.json)
expect(2 merge ${OUT}/m0.json ${OUT}/m2.json)
says("not shards of one run" "shards with other bots")
# Issue 29: merge checks the games and the rules, not only the settings.
expect(0 sim article2 -n 4 --shard 1/2 --quiet --json ${OUT}/m3.json)
expect(0 merge ${OUT}/m0.json ${OUT}/m3.json --no-history)
file(READ ${OUT}/m0.json shard0)
string(JSON relabelled SET "${shard0}" config shard 1)
file(WRITE ${OUT}/relabelled.json "${relabelled}")
expect(2 merge ${OUT}/m0.json ${OUT}/relabelled.json --no-history)
says("shard 1/2 holds game 0, a game of another shard" "a shard relabelled as another")
file(READ ${OUT}/m3.json shard1)
string(JSON other SET "${shard1}" rules_hashes "{\"\": \"ffffffffffffffff\"}")
file(WRITE ${OUT}/other_rules.json "${other}")
expect(2 merge ${OUT}/m0.json ${OUT}/other_rules.json --no-history)
says("other_rules.json: made under other rules than .*m0.json \\(base game: content \"ffffffffffffffff\""
     "a shard made under other rules")
string(JSON twice SET "${shard1}" games_list 1 index 1)
file(WRITE ${OUT}/twice.json "${twice}")
expect(2 merge ${OUT}/m0.json ${OUT}/twice.json --no-history)
says("game 1 is in the shards twice" "a game twice")
string(JSON gap REMOVE "${shard1}" games_list 1)
file(WRITE ${OUT}/gap.json "${gap}")
expect(2 merge ${OUT}/m0.json ${OUT}/gap.json --no-history)
says("game 3 is in no shard" "a game missing")
string(JSON older REMOVE "${shard1}" rules_hashes)
file(WRITE ${OUT}/older.json "${older}")
expect(0 merge ${OUT}/m0.json ${OUT}/older.json --no-history)
says("warning: .*older.json: no rules content hash" "a shard of an older ratify is merged, said")

# --- Time per card linear: a 30,000-card cards.lua is checked (loaded and
# linted: each looks a card's line up) in about a second, not minutes.
set(many ${OUT}/cards30k)
file(MAKE_DIRECTORY ${many})
file(WRITE ${many}/ruleset.lua [[
local M = { id = "cards30k", name = "Many cards", players = { min = 1, max = 2 }, cards = require "cards" }
function M.setup(g) end
function M.actor(g) if g.state.done then return nil end return 1 end
function M.actions(g) return { { kind = "go", label = "Go" } } end
function M.apply(g) g.state.done = true end
function M.result(g) if g.state.done then return { winners = { 1 } } end end
return M
]])
file(WRITE ${many}/cards.lua "return {\n")
foreach(block RANGE 0 29)  # a block at a time: one growing string is quadratic in CMake
  set(defs "")
  foreach(i RANGE 1 1000)
    string(APPEND defs "  { id = \"card${block}_${i}\", name = \"Card ${block}.${i}\", text = \"x\" },\n")
  endforeach()
  file(APPEND ${many}/cards.lua "${defs}")
endforeach()
file(APPEND ${many}/cards.lua "}\n")
expect(0 check ${many} -n 1)
# A variant adding 30,000 cards to the 30,000: looked up by id, not
# variant cards x base cards (9 * 10^8 steps and host strings).
file(MAKE_DIRECTORY ${many}/variants)
file(WRITE ${many}/variants/more.lua "return { cards = {\n")
foreach(block RANGE 0 29)
  set(defs "")
  foreach(i RANGE 1 1000)
    string(APPEND defs "  new${block}_${i} = { name = \"New\", text = \"x\" },\n")
  endforeach()
  file(APPEND ${many}/variants/more.lua "${defs}")
endforeach()
file(APPEND ${many}/variants/more.lua "} }\n")
expect(0 check ${many}/variants/more.lua -n 1)
