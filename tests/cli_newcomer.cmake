# What a newcomer designer tripped on (issue 27's newcomer run,
# notes/s5/newcomer_report.md): each section is one finding fixed.
# Needs RATIFY, SRC, WORK.
cmake_policy(SET CMP0054 NEW)  # "quoted" is a string, never a variable
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(ENV{XDG_DATA_HOME} ${WORK}/data)  # the user's variants and history stay in here
set(F tests/fixtures/metrics/coverage)

# 1. A variant that changes the deal and a card's definition gets one
# statement: the deal-change warning, naming the changed card; the note
# that deals still pair only for a variant that changes no deal.
file(WRITE ${WORK}/data/ratify/variants/coverage/six.lua
     "return { name = \"Six\", doc = \"More cards dealt, the Blank retitled\",\n"
     "  options = { hand_size = 3 }, cards = { blank = { text = \"still nothing\" } } }\n")
expect(0 sim ${F} six retitled -n 40 --threads 1 --no-history)
want("${last_out}" "sim six retitled"
     "warning: six changes the deal: [^\n]*cards changed: blank"
     "note: retitled changes some cards' definitions \\(blank\\), not what is dealt; deals still pair")
refuse("${last_out}" "sim six retitled" "note: six" "warning: six changes the deck"
       "warning: retitled")

# 2. Card coverage: a card is played at most once a draw, and a re-deal
# (Article II gathers the table and deals the General Election's hands
# within one action) counts what it deals as drawn, so no card of Article
# II is played more often than drawn, Styles included.
expect(0 sim article2 -n 40 --threads 1 --no-history --json ${WORK}/a2.json)
want("${last_out}" "sim article2 legend"
     "drawn: dealt, taken out of a deck or taken into a hand; played: named by an action, once a draw")
file(READ ${WORK}/a2.json json)
string(JSON ncards LENGTH "${json}" report variants 0 coverage)
math(EXPR last "${ncards} - 1")
foreach(k RANGE ${last})
  string(JSON card GET "${json}" report variants 0 coverage ${k})
  string(JSON drawn GET "${card}" drawn)
  string(JSON played GET "${card}" played)
  if(played GREATER drawn)
    message(FATAL_ERROR "coverage: played more often than drawn: ${card}")
  endif()
endforeach()

# 3. sim's default bots are said plainly: random in every seat (README's
# line read as if mcts,heuristic,random were the default).
expect(0 sim --help)
want("${last_out}" "sim --help" "--bots[^\n]*default: random in every seat")
file(READ ${SRC}/README.md readme)
want("${readme}" "README" "`random` in every seat unless `--bots` names one a seat")
refuse("${readme}" "README" "\\[--bots mcts:iters=1000,heuristic,random\\]")

# 8. Every picture and page README.md and docs/*.md link to exists (the
# newcomer met links to screenshots missing from their copy).
file(GLOB pages ${SRC}/README.md ${SRC}/docs/*.md)
foreach(page ${pages})
  file(READ ${page} text)
  get_filename_component(dir ${page} DIRECTORY)
  # A CMake list cannot hold brackets: mark each link's start, drop them.
  string(REPLACE "](" "@LINK@" text "${text}")
  string(REGEX REPLACE "[][;]" " " text "${text}")
  string(REGEX MATCHALL "@LINK@[A-Za-z0-9_./-]+\\.[a-z]+[)#]" links "${text}")
  foreach(link ${links})
    string(REGEX REPLACE "@LINK@(.*).$" "\\1" target "${link}")
    if(target MATCHES "^[a-z]+:" OR target MATCHES "^/")
      continue()  # a web address
    endif()
    if(NOT EXISTS ${dir}/${target})
      message(FATAL_ERROR "${page} links to ${target}, which does not exist")
    endif()
  endforeach()
endforeach()

# 5. Tests of a user's variant live beside it, in variants/ID/tests/:
# `ratify test ID` runs them after the ruleset's own; a filter that
# matches no test fails instead of passing "0 of 0".
file(WRITE ${WORK}/data/ratify/variants/coverage/tests/six.lua
     "return {\n"
     "  { name = \"six deals three cards a hand\", run = function(t)\n"
     "      local G = t.game { players = 2, seed = 1, variant = \"six\" }\n"
     "      t.eq(G.g.count(\"hand:1\"), 3)\n"
     "    end },\n"
     "}\n")
expect(0 test ${F} -v)
want("${last_out}" "test with a user's variant test"
     "ok +coverage rules.lua"
     "ok +coverage [^\n]*variants/coverage/tests/six.lua: six deals three cards a hand")
expect(0 test ${F} --filter "three cards")
want("${last_out}" "test --filter of a user's test" "1 passed, 0 failed")
expect(1 test ${F} --filter Transfer)
want("${last_out}" "test --filter matching nothing" "no test matches Transfer")
refuse("${last_out}" "test --filter matching nothing" "0 of 0")

# 4. Two actions under one label, the label made by a variant's function:
# lint names the ruleset's dispatcher (where the rules ask for a label)
# by its whole path, however long, never ".../tail", and names the
# variant's file next to it, for a user's variant as for a ruleset's own.
set(pin "return { name = \"Pin\", cards = { false_flag = { decision = {\n"
        "  choices = function(g, d, E) return E.pick_opponent(g, d) end,\n"
        "  describe = function() return \"Pin it\" end,\n"
        "  resolve = function(g, d, a, E) g.move(d.card, E.board.aside(a.target)) end } } } }\n")
file(WRITE ${WORK}/data/ratify/variants/gitmo/pin.lua ${pin})
expect(1 lint gitmo/pin -n 60)
want("${last_out}" "lint of a user's variant"
     "gitmo/ruleset.lua:[0-9]+: warning: player [0-9] is offered 2 different actions labelled \"Pin it\""
     "labels made by ${WORK}/data/ratify/variants/gitmo/pin.lua")
set(long ${WORK}/a-folder-name-long-enough-that-lua-would-cut-it-short-with-three-dots)
file(COPY ${SRC}/rulesets/gitmo DESTINATION ${long})
file(WRITE ${long}/gitmo/variants/pin.lua ${pin})
set(EXPECT_DIR ${WORK})
expect(1 lint ${long}/gitmo/variants/pin.lua -n 60)
unset(EXPECT_DIR)
want("${last_out}" "lint under a long path"
     "(^|\n)a-folder-name-long-enough-that-lua-would-cut-it-short-with-three-dots/gitmo/ruleset.lua:[0-9]+: warning: player"
     "labels made by ${long}/gitmo/variants/pin.lua")
refuse("${last_out}" "lint under a long path" "\\.\\.\\.[a-z]")

# 7. The text UI. With bots alone, every move is printed as --log records
# it (GITMO logs a move's consequences, a refill, and no line of the move
# itself); a Special Ops card dealt at setup that asks its player to
# choose is said before the question; a reload says what it changed, in
# good grammar.
execute_process(COMMAND ${RATIFY} play gitmo --seats random,random --seed 3 --text
                        --log ${WORK}/bots.jsonl
                INPUT_FILE /dev/null OUTPUT_VARIABLE out RESULT_VARIABLE rc WORKING_DIRECTORY ${SRC})
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "play gitmo with bots: exit ${rc}\n${out}")
endif()
file(READ ${WORK}/bots.jsonl steps)
string(REGEX REPLACE "\n$" "" steps "${steps}")
string(REPLACE "\n" "," steps "${steps}")
set(steps "[${steps}]")
string(JSON n LENGTH "${steps}")
math(EXPR last "${n} - 1")
foreach(k RANGE 1 ${last})
  string(JSON actor GET "${steps}" ${k} actor)
  string(JSON label GET "${steps}" ${k} label)
  string(FIND "${out}" "Player ${actor}: ${label}\n" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the text UI with bots left out move ${k}, "
                        "'Player ${actor}: ${label}', that --log records:\n${out}")
  endif()
endforeach()
execute_process(COMMAND ${RATIFY} play gitmo --seats human,random --seed 3 --text
                INPUT_FILE /dev/null OUTPUT_VARIABLE out WORKING_DIRECTORY ${SRC})
string(FIND "${out}" "your action" prompt)
string(SUBSTRING "${out}" 0 ${prompt} before)
want("${before}" "a human asked about a card dealt at setup"
     "draws Special Ops 'Declassified'")

file(COPY ${SRC}/${F} DESTINATION ${WORK}/edit)
execute_process(
  COMMAND sh -c "(printf '1\\n'; until grep -q 'your action' out.txt 2>/dev/null; do sleep 0.1; done; \
sed -i 's/a point when played/two points when played/' ruleset.lua; printf 'reload\\nq\\n') | \
'${RATIFY}' play . --seats human,human --seed 1 --text > out.txt 2>&1"
  WORKING_DIRECTORY ${WORK}/edit/coverage RESULT_VARIABLE rc)
file(READ ${WORK}/edit/coverage/out.txt out)
want("${out}" "text UI reload"
     "rules reloaded: 1 action replayed\n  Ace: [^\n]*a point when played[^\n]* → [^\n]*two points when played")

# 9. docs/lua-api.md "What was said aloud": a hidden secret's imagine keeps
# the bots' worlds in line with what players said they lack. The fixture's
# heuristic fails a game on a world that contradicts it: it passes as
# shipped, and fails with the secret taken out.
expect(0 sim tests/fixtures/negative_info --bots heuristic,heuristic -n 200 --threads 1
       --no-history)
file(COPY ${SRC}/tests/fixtures/negative_info DESTINATION ${WORK}/blind)
file(READ ${WORK}/blind/negative_info/ruleset.lua rules)
string(REGEX REPLACE "\nM\\.secrets = [^\n]*" "\n" rules "${rules}")
file(WRITE ${WORK}/blind/negative_info/ruleset.lua "${rules}")
expect(1 sim ${WORK}/blind/negative_info --bots heuristic,heuristic -n 200 --threads 1
       --no-history)
want("${last_out}" "worlds blind to what was said" "said he has no Ace, yet this world gives him one")
