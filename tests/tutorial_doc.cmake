# docs/tutorial.md shows the finished game's files whole: each must appear
# in it verbatim, so the page cannot drift from the game CTest checks
# (tutorial.check, tutorial.test). Run with -DSRC=<source tree>.
set(game ${SRC}/tests/fixtures/tutorial/eights)
file(READ ${SRC}/docs/tutorial.md doc)
foreach(f cards.lua variants/jacks_skip.lua README.md)
  file(READ ${game}/${f} text)
  string(FIND "${doc}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "docs/tutorial.md does not show ${game}/${f} as it is: "
                        "paste the file into the tutorial again (or fix the game)")
  endif()
endforeach()
