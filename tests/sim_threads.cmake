# ratify sim gives the same numbers with 1 and 2 threads: with random bots,
# and with search bots (each seat's bot has its own seeded RNG, so mcts and
# the heuristic's guesses do not depend on the thread either).
function(same_for_any_thread_count name)
  set(command sim)
  if(name MATCHES "^tournament")
    set(command tournament)
  endif()
  foreach(t 1 2)
    execute_process(COMMAND ${RATIFY} ${command} ${ARGN} --threads ${t} --quiet
                            --json ${CMAKE_CURRENT_BINARY_DIR}/${name}_t${t}.json
                    WORKING_DIRECTORY ${SRC} RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "ratify ${command} ${ARGN} --threads ${t} failed (${rc})")
    endif()
  endforeach()
  file(READ ${CMAKE_CURRENT_BINARY_DIR}/${name}_t1.json one)
  file(READ ${CMAKE_CURRENT_BINARY_DIR}/${name}_t2.json two)
  if(NOT one STREQUAL two)
    message(FATAL_ERROR "${command} ${ARGN}: results differ between 1 and 2 threads")
  endif()
  message(STATUS "${command} ${ARGN}: identical results for 1 and 2 threads")
endfunction()

same_for_any_thread_count(sim article2 -n 400 --seed 9)
same_for_any_thread_count(sim_bots article2 -n 12 --seed 3 --rotate --bots mcts:iters=40,heuristic)
# A tournament is one sim of every seating: the same holds for it.
same_for_any_thread_count(tournament escaped -n 4 --seed 5 --players 3
                          --bots mcts:iters=30:depth=0,heuristic,random)
