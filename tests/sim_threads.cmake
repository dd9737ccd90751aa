# ratify sim gives the same numbers with 1 and 2 threads.
foreach(t 1 2)
  execute_process(COMMAND ${RATIFY} sim article2 -n 400 --seed 9 --threads ${t} --quiet
                          --json ${CMAKE_CURRENT_BINARY_DIR}/sim_t${t}.json
                  WORKING_DIRECTORY ${SRC} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "ratify sim --threads ${t} failed (${rc})")
  endif()
endforeach()
file(READ ${CMAKE_CURRENT_BINARY_DIR}/sim_t1.json one)
file(READ ${CMAKE_CURRENT_BINARY_DIR}/sim_t2.json two)
if(NOT one STREQUAL two)
  message(FATAL_ERROR "sim results differ between 1 and 2 threads")
endif()
message(STATUS "sim: identical results for 1 and 2 threads")
# The same with search bots: each seat's bot has its own seeded RNG, so
# mcts and the heuristic's guesses do not depend on the thread either.
foreach(t 1 2)
  execute_process(COMMAND ${RATIFY} sim article2 -n 12 --seed 3 --threads ${t} --quiet --rotate
                          --bots mcts:iters=40,heuristic
                          --json ${CMAKE_CURRENT_BINARY_DIR}/sim_bots_t${t}.json
                  WORKING_DIRECTORY ${SRC} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "ratify sim --bots mcts,heuristic --threads ${t} failed (${rc})")
  endif()
endforeach()
file(READ ${CMAKE_CURRENT_BINARY_DIR}/sim_bots_t1.json one)
file(READ ${CMAKE_CURRENT_BINARY_DIR}/sim_bots_t2.json two)
if(NOT one STREQUAL two)
  message(FATAL_ERROR "sim results with mcts and heuristic bots differ between 1 and 2 threads")
endif()
