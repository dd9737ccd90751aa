# expect(CODE ARGS...): run ratify (${RATIFY}) with ARGS in ${EXPECT_DIR}
# (default: the source tree, ${SRC}) and fail the test unless it exits with
# CODE. Leaves last_out, last_err and last (both) for further checks.
# Exit codes: 0 success, 1 a check or test failed, 2 bad input.
function(expect code)
  if(NOT DEFINED EXPECT_DIR)
    set(EXPECT_DIR ${SRC})
  endif()
  execute_process(COMMAND ${RATIFY} ${ARGN} WORKING_DIRECTORY ${EXPECT_DIR}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL ${code})
    message(FATAL_ERROR "ratify ${ARGN}: exit ${rc}, expected ${code}\n${out}\n${err}")
  endif()
  set(last_err "${err}" PARENT_SCOPE)
  set(last_out "${out}" PARENT_SCOPE)
  set(last "${out}${err}" PARENT_SCOPE)
endfunction()
