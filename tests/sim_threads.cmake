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
