# A tournament stops at a failed game as sim does (issue 29 point 7): exit
# 1, the failure's file:line, no --json of the partial run, and commands
# that play that game again. Run with RATIFY, SRC, OUT.
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
set(BAD tests/fixtures/hostile/bad_data)
function(says regex what)
  if(NOT last MATCHES "${regex}")
    message(FATAL_ERROR "${what}: expected /${regex}/ in:\n${last}")
  endif()
endfunction()
function(run_printed label code)
  if(NOT last MATCHES "${label}: ratify ([^\n]*)")
    message(FATAL_ERROR "no '${label}' command in:\n${last}")
  endif()
  separate_arguments(words UNIX_COMMAND "${CMAKE_MATCH_1}")
  expect(${code} ${words})
  set(last "${last}" PARENT_SCOPE)
endfunction()

# Only games whose seed is 2 mod 5 fail: the command must name that game.
expect(1 tournament ${BAD} --bots random,heuristic --set bad=some_actions_error -n 200
       --threads 2 --json ${OUT}/t.json)
says("ruleset.lua:[0-9]+: broken actions" "tournament names the failure's file:line")
says("stopped at the first failed game \\(game [0-9]+, game seed [0-9]+\\); no results written"
     "tournament stops")
if(EXISTS ${OUT}/t.json)
  message(FATAL_ERROR "a tournament stopped at a failed game should write no --json")
endif()
if(last MATCHES "rating \\(Bradley-Terry")
  message(FATAL_ERROR "a stopped tournament should print no matrix of the games it played:\n${last}")
endif()
string(REGEX MATCH "game ([0-9]+), game seed ([0-9]+)" failed "${last}")
set(failed_game ${CMAKE_MATCH_1})
set(failed_seed ${CMAKE_MATCH_2})
set(whole "${last}")
run_printed("this game alone" 1)
says("game ${failed_game} \\([^)]*game seed ${failed_seed}\\): [^\n]*ruleset.lua:[0-9]+: broken actions"
     "the printed command plays that game again")
set(last "${whole}")
run_printed("move by move" 2)
says("ruleset.lua:[0-9]+: broken actions" "play with the printed seed and seats fails the same way")

# A run without a failure still writes its --json and exits 0.
expect(0 tournament ${BAD} --bots random,heuristic -n 3 --threads 2 --quiet --json ${OUT}/ok.json)
if(NOT EXISTS ${OUT}/ok.json)
  message(FATAL_ERROR "a tournament that ran whole should write its --json")
endif()
