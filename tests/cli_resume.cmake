# `ratify play --resume`: saved games from the command line. Saves live in
# $XDG_DATA_HOME/ratify/saves; this test points it at a folder of its own.
# Exit codes: 0 success, 2 bad input (a corrupt save names its file and line).
file(REMOVE_RECURSE ${OUT})
set(ENV{XDG_DATA_HOME} ${OUT}/data)
set(saves ${OUT}/data/ratify/saves)
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)
function(says regex what)
  if(NOT last MATCHES "${regex}")
    message(FATAL_ERROR "${what}: expected /${regex}/ in:\n${last}")
  endif()
endfunction()

expect(2 play --resume)
says("no saved games in .*/data/ratify/saves" "--resume with no saves")

# A corrupt save: its file and line, exit 2, never a crash; in the window's
# path (checked before any window opens) and in the text UI.
file(WRITE ${saves}/corrupt.jsonl
     "{\"ratify\":\"replay\",\"ruleset\":\"article2\",\"seed\":1,\"players\":2}\n{\"actor\":1,\"action\":{\"kind\":\n")
expect(2 play --resume ${saves}/corrupt.jsonl)
says("corrupt.jsonl:2: not a saved game" "a corrupt save")
expect(2 play --text --resume)
says("corrupt.jsonl:2: not a saved game" "the latest save, corrupt")
file(WRITE ${saves}/corrupt.jsonl "\x89PNG\r\n\x1a\n")
expect(2 play --text --resume ${saves}/corrupt.jsonl)
says("corrupt.jsonl:1: not a saved game" "a file that is no save at all")
expect(2 play --text --resume ${OUT}/missing.jsonl)
says("missing.jsonl: no such file" "a missing save")
file(REMOVE ${saves}/corrupt.jsonl)

# A replay is a save: resumed in the text UI, the game goes on.
expect(0 play article2 --text --seats bot,bot --seed 3 --max-actions 4 --log ${OUT}/game.jsonl)
expect(0 play --text --resume ${OUT}/game.jsonl --max-actions 2)
says("resumed from .*game.jsonl: 4 of 4 actions replayed" "resuming a replay")
# From the saves folder: the latest, or the latest of a ruleset.
file(COPY ${OUT}/game.jsonl DESTINATION ${saves})
expect(0 play --text --resume --max-actions 1)
says("4 of 4 actions replayed" "the latest save")
expect(0 play --text --resume article2 --max-actions 1)
expect(2 play --text --resume gitmo)
says("no saved game of gitmo" "a ruleset without saves")
# A save brings its own seed, options, players and seats.
expect(2 play --resume ${OUT}/game.jsonl --seed 5)
says("leave out --seed" "--resume with --seed")
# Saved under other rules: a changed option's default is not a problem, an
# unknown option is dropped with a note.
file(READ ${OUT}/game.jsonl text)
string(REPLACE "\"options\":{" "\"options\":{\"no_such_option\":true," text "${text}")
file(WRITE ${OUT}/older.jsonl "${text}")
expect(0 play --text --resume ${OUT}/older.jsonl --max-actions 1)
says("no longer take the option no_such_option" "an option the rules dropped")

# Issue 29: a save whose game ends while its moves are replayed (the rules
# changed, or it was over) is kept: nothing was played, the file is theirs.
expect(0 play article2 --text --seats bot,bot --seed 3 --quiet --log ${saves}/done.jsonl)
expect(0 play --text --resume ${saves}/done.jsonl)
says("the game ended while its saved moves were replayed; the save is kept" "a save that ends")
if(NOT EXISTS ${saves}/done.jsonl)
  message(FATAL_ERROR "resuming a game that ended in its replay deleted the save")
endif()
