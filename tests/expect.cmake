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

# want(TEXT WHAT PATTERN...): fail unless TEXT matches every PATTERN;
# refuse(TEXT WHAT PATTERN...): fail if it matches any. WHAT names the
# output in the message.
function(want text what)
  foreach(pattern ${ARGN})
    if(NOT text MATCHES "${pattern}")
      message(FATAL_ERROR "${what}: no '${pattern}' in\n${text}")
    endif()
  endforeach()
endfunction()
function(refuse text what)
  foreach(pattern ${ARGN})
    if(text MATCHES "${pattern}")
      message(FATAL_ERROR "${what}: '${pattern}' should not be in\n${text}")
    endif()
  endforeach()
endfunction()
