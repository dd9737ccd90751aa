# The installed layout (issue #15): `cmake --install` into a scratch
# prefix, then that ratify, run from a folder outside the source tree,
# finds its rulesets, scripts (the `ratify new` template) and the user's
# rulesets under that prefix and HOME only, never in the source tree.
# (.ci/package does the same with the .deb, dpkg and lintian.)
# Run with -DBUILD=<build folder> -DSRC=<source tree> -DOUT=<scratch folder>.
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT}/elsewhere)
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${OUT}/prefix
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install: exit ${rc}\n${err}")
endif()

set(RATIFY ${OUT}/prefix/bin/ratify)
set(EXPECT_DIR ${OUT}/elsewhere)
set(ENV{HOME} ${OUT}/home)
set(ENV{XDG_DATA_HOME} ${OUT}/home/data)
unset(ENV{RATIFY_PATH})
unset(ENV{RATIFY_SCRIPTS})
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)

# (The scratch folder may lie inside the source tree: look for its data folders.)
function(never_the_source_tree what)
  foreach(dir rulesets scripts assets)
    string(FIND "${last}" "${SRC}/${dir}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "the installed ratify ${what} used the source tree:\n${last}")
    endif()
  endforeach()
endfunction()

expect(0 --version)
if(NOT last_out MATCHES "^ratify [0-9]+\\.[0-9]+\\.[0-9]+ \\(git ([0-9a-f]+|unknown)\\)")
  message(FATAL_ERROR "ratify --version should say 'ratify X.Y.Z (git COMMIT)': ${last_out}")
endif()

expect(0 list)
never_the_source_tree(list)
foreach(want "ratify's own: ${OUT}/prefix/share/ratify/rulesets"
             "user's: ${OUT}/home/data/ratify/rulesets (none)"
             "${OUT}/prefix/share/ratify/rulesets/article2")
  string(FIND "${last_out}" "${want}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "ratify list should show '${want}':\n${last_out}")
  endif()
endforeach()

expect(0 check article2 -n 10 --threads 2)
never_the_source_tree(check)
expect(0 test article2)
never_the_source_tree(test)

# The template is installed; a ruleset in the user's folder is found by id.
expect(0 new mine --dir ${OUT}/home/data/ratify/rulesets)
expect(0 list)
string(FIND "${last_out}" "${OUT}/home/data/ratify/rulesets/mine" at)
if(at EQUAL -1)
  message(FATAL_ERROR "ratify list should find the user's ruleset 'mine':\n${last_out}")
endif()
expect(0 check mine -n 10 --threads 2)
never_the_source_tree("check mine")
