# Frozen actions (issue 21): a ruleset whose apply writes into its action
# fails at the same file:line under test, check, play and sim alike. Before,
# sim handed apply the shared action table and played on, silently unlike
# the games that test, check and play played.
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)
set(F ${SRC}/tests/fixtures/frozen)
set(where "frozen/ruleset.lua:29: an action is read-only")
expect(1 test ${F})
set(seen "${last}")
expect(1 check ${F} -n 3)
string(APPEND seen "${last}")
expect(2 play ${F} --text --seats random,random --seed 1 --quiet)
string(APPEND seen "${last}")
expect(1 sim ${F} -n 3 --bots random,random --no-history --quiet)
string(APPEND seen "${last}")
# Each of the four said it, at the same line.
string(REGEX MATCHALL "${where}" hits "${seen}")
list(LENGTH hits n)
if(n LESS 4)
  message(FATAL_ERROR "expected '${where}' from test, check, play and sim; got ${n}:\n${seen}")
endif()
