# A user's house rule as one file (issue 27): a variant in the user's
# folder, $XDG_DATA_HOME/ratify/variants/<ruleset>/<name>.lua, of a ruleset
# installed elsewhere, runs in sim, shows in list, is recorded in the history
# with its file, and a bad one is refused with file:line and exit 2; the
# shipped rulesets are untouched. Also: a user's ruleset of an installed id
# wins over it, with a notice.
# Run with -DRATIFY=<ratify> -DSRC=<source tree> -DOUT=<scratch folder>.
file(REMOVE_RECURSE ${OUT})
set(ENV{XDG_DATA_HOME} ${OUT}/data)
unset(ENV{RATIFY_PATH})
set(EXPECT_DIR ${OUT})  # not the source tree: ratify's own rulesets by id
file(MAKE_DIRECTORY ${OUT})
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)
function(says regex what)
  if(NOT last MATCHES "${regex}")
    message(FATAL_ERROR "${what}: expected /${regex}/ in:\n${last}")
  endif()
endfunction()

# What the shipped rulesets hold before: compared at the end.
file(GLOB_RECURSE shipped_before RELATIVE ${SRC}/rulesets ${SRC}/rulesets/article2/*)
file(SHA256 ${SRC}/rulesets/article2/ruleset.lua ruleset_before)

set(six ${OUT}/data/ratify/variants/article2/six.lua)
file(WRITE ${six} "return {\n  doc = \"House rule: six cards a hand\",\n  options = { hand_size = 6 },\n}\n")

# Listed, marked as the user's, with its file.
expect(0 list)
says("    article2/six  \\(yours: ${six}\\)" "list shows the user's variant")

# Played in sim against the base game, and the deal really is six cards.
expect(0 sim article2 six -n 20 --players 2 --threads 1 --seed 3)
says("six" "sim shows the variant's column")
# In play (the text UI), whose `reload` reads the rules again.
file(WRITE ${OUT}/keys "reload\nq\n")
execute_process(COMMAND ${RATIFY} play article2/six --seats human,bot --seed 3 --text
                WORKING_DIRECTORY ${OUT} INPUT_FILE ${OUT}/keys RESULT_VARIABLE rc
                OUTPUT_VARIABLE last ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "play article2/six: exit ${rc}\n${last}\n${err}")
endif()
says("Player 2's hand: 6 face down" "a six-card hand in play")
says("rules reloaded: 0 actions replayed, nothing on the table changed" "the text UI's reload")

# Recorded in the history, naming the file it played.
expect(0 history article2)
string(REGEX MATCH "\n([0-9]+) +[0-9-]+ [0-9:]+ [^\n]*six" row "${last_out}")
if(NOT CMAKE_MATCH_1)
  message(FATAL_ERROR "history should list the run of six:\n${last}")
endif()
expect(0 history show ${CMAKE_MATCH_1})
says("file      six: ${six}" "history show names the variant's file")

# Usable by path, and in check and lint.
expect(0 check ${six} -n 3 --threads 1)
expect(0 lint article2/six)

# A bad file: its file and line, exit 2.
set(bad ${OUT}/data/ratify/variants/article2/bad.lua)
file(WRITE ${bad} "return {\n  options = { hand_size = 60 },\n}\n")
expect(2 sim article2 bad -n 2 --threads 1)
says("bad.lua:2: option .hand_size.: 60 is out of range" "a wrong option value names file:line")
file(WRITE ${bad} "return {\n  options = { hand_size = 6 \n")
expect(2 sim article2 bad -n 2 --threads 1)
says("bad.lua:[0-9]+:" "a syntax error names file:line")
expect(2 sim article2 nosuch -n 2 --threads 1)
says("no variant 'nosuch'.*six \\(yours\\)" "an unknown variant lists the user's")
file(REMOVE ${bad})

# A user's ruleset of an installed id wins over it, with a notice.
file(COPY ${SRC}/rulesets/escaped DESTINATION ${OUT}/data/ratify/rulesets)
expect(0 sim escaped -n 2 --players 3 --threads 1 --no-history)
says("notice: ruleset 'escaped' is ${OUT}/data/ratify/rulesets/escaped, which hides"
     "a user's ruleset hides the installed one, with a notice")
expect(0 list)
says("escaped  [^\n]*${OUT}/data/ratify/rulesets/escaped" "list shows the user's escaped")

# The shipped rulesets are untouched.
file(GLOB_RECURSE shipped_after RELATIVE ${SRC}/rulesets ${SRC}/rulesets/article2/*)
file(SHA256 ${SRC}/rulesets/article2/ruleset.lua ruleset_after)
if(NOT shipped_before STREQUAL shipped_after OR NOT ruleset_before STREQUAL ruleset_after)
  message(FATAL_ERROR "the shipped article2 changed")
endif()
