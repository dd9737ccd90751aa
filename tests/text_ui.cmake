# The text UI as a player meets it (issue 26): `rules` shows how to play,
# the board is compact (no internal ids, no empty zones, lines every player
# repeats said once), after a move only what changed is printed, and the end
# is headlined for the human. Run with -DRATIFY=<ratify> -DSRC=<tree> -DOUT=<dir>.
cmake_minimum_required(VERSION 3.20)
file(MAKE_DIRECTORY ${OUT})
function(play_text input_text)
  file(WRITE ${OUT}/input.txt "${input_text}")
  execute_process(COMMAND ${RATIFY} play ${ARGN} --text INPUT_FILE ${OUT}/input.txt
                  WORKING_DIRECTORY ${SRC} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "ratify play ${ARGN} --text: exit ${rc}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()
function(fail why)
  message(FATAL_ERROR "${why}\n--- the text UI printed:\n${out}")
endfunction()
function(count_of text needle var)
  string(REGEX MATCHALL "${needle}" found "${text}")
  list(LENGTH found n)
  set(${var} ${n} PARENT_SCOPE)
endfunction()

# Meet the Patriots against a bot: rules, a few moves, the board again.
play_text("rules\n1\nc patriot\n1\n2\nb\nq\n" meet_the_patriots --seats human,random --seed 1)
if(NOT out MATCHES "# How to play Meet the Patriots")
  fail("`rules` should show how to play first")
endif()
if(out MATCHES "Rulings|Golden playthrough")
  fail("`rules` should not show the designer's README")
endif()
if(out MATCHES "#[0-9]")
  fail("no internal card ids on the board")
endif()
if(out MATCHES "\\(0\\)|: empty\n|Pairs \\(")
  fail("empty zones are not listed")
endif()
string(FIND "${out}" "== Meet the Patriots" first)
string(SUBSTRING "${out}" ${first} -1 boards)
string(FIND "${boards}" "your action" prompt)
string(SUBSTRING "${boards}" 0 ${prompt} first_board)
count_of("${first_board}" "Pairs 0" n)
if(NOT n EQUAL 2)
  fail("each player's status once (${n} times)")
endif()
count_of("${out}" "Draw deck: 12 face down" n)
if(NOT n EQUAL 2)
  fail("an unchanged line is printed on the first board and on `b` only (${n} times)")
endif()

# A table line the ruleset also gives each player is said once.
play_text("q\n" amendments --seats human,random --seed 1)
count_of("${out}" "Hand 1( ·|\n)" n)  # a status line, not the log's "Hand 1: ..."
if(NOT n EQUAL 1)
  fail("a table status line is said once, not ${n} times")
endif()

# The patience played to its end with the first action every time: the
# end headlined for the one player.
string(REPEAT "1\n" 400 ones)
play_text("${ones}" british_constitution --seed 1)
if(NOT out MATCHES "\\*\\*\\* You (won|lost) \\*\\*\\*")
  fail("the end says You won / You lost")
endif()
# Bots only: the winner's name, never "You".
play_text("" escaped --seats random,random,random --seed 2)
if(NOT out MATCHES "\\*\\*\\* (Player [0-9]|Nobody) won \\*\\*\\*")
  fail("with no human the end names the winner")
endif()
