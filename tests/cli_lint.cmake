# `ratify lint` and the lint part of `ratify check`: one case each, with the
# exact message (file:line and the did-you-mean). Fixtures: tests/fixtures/lint/.
# Run: cmake -DRATIFY=<ratify> -DSRC=<source tree> -P cli_lint.cmake
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)
set(F tests/fixtures/lint)

# expect_line(TEXT LINE): LINE must be one of the lines of TEXT, exactly.
function(expect_line text line)
  string(FIND "\n${text}\n" "\n${line}\n" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "expected the line\n  ${line}\nin\n${text}")
  endif()
endfunction()

# A clean ruleset: nothing to say, exit 0.
expect(0 lint ${F}/clean)
expect_line("${last_out}" "lint: 1 ruleset, 0 errors, 0 warnings")

# The id differs from the folder's name: an error, and check fails on it.
expect(1 lint ${F}/id_mismatch)
expect_line("${last_out}" "${F}/id_mismatch/ruleset.lua:3: error: the id 'mismatch' differs from the folder's name 'id_mismatch': `ratify play id_mismatch` finds the folder, but saves and replays name 'mismatch' (rename one of them)")
expect(1 check ${F}/id_mismatch -n 3)
expect_line("${last_out}" "lint found 1 error (above): FAILED")

# Unknown keys of the ruleset, option and card tables: warnings with a
# did-you-mean; check passes on warnings alone.
expect(1 lint ${F}/unknown_keys)
expect_line("${last_out}" "${F}/unknown_keys/ruleset.lua:8: warning: unknown key 'option' in the ruleset table (did you mean 'options'?)")
expect_line("${last_out}" "${F}/unknown_keys/ruleset.lua:48: warning: unknown key 'stauts' in the ruleset table (did you mean 'status'?)")
expect_line("${last_out}" "${F}/unknown_keys/ruleset.lua:6: warning: unknown key 'dco' in option 'rounds' (did you mean 'doc'?)")
expect_line("${last_out}" "${F}/unknown_keys/cards.lua:4: warning: unknown field 'rnak' in card 'three' (did you mean 'rank'?)")
# The keys lint knows are the keys the editor annotations give
# (scripts/types/ratify.lua), so neither drifts from the other: a key
# with no near neighbour makes lint list them.
function(annotated class out)
  file(STRINGS ${SRC}/scripts/types/ratify.lua lines)
  set(in_class FALSE)
  set(fields)
  foreach(line IN LISTS lines)
    if(line MATCHES "^---@class ")
      set(in_class FALSE)
      if(line STREQUAL "---@class ${class}")
        set(in_class TRUE)
      endif()
    elseif(in_class AND line MATCHES "^---@field ([a-z_]+)")
      list(APPEND fields ${CMAKE_MATCH_1})
    endif()
  endforeach()
  list(SORT fields)
  string(REPLACE ";" ", " fields "${fields}")
  set(${out} "${fields}" PARENT_SCOPE)
endfunction()
annotated(ratify.Ruleset ruleset_keys)
expect_line("${last_out}" "${F}/unknown_keys/ruleset.lua:9: warning: unknown key 'flavour' in the ruleset table (the host reads: ${ruleset_keys})")
annotated(ratify.OptionDecl option_keys)
expect_line("${last_out}" "${F}/unknown_keys/ruleset.lua:6: warning: unknown key 'hint' in option 'rounds' (the host reads: ${option_keys})")
expect(0 check ${F}/unknown_keys -n 3)
expect_line("${last_out}" "lint: ${F}/unknown_keys/cards.lua:4: warning: unknown field 'rnak' in card 'three' (did you mean 'rank'?)")

# Variants: an unknown key, a field the card does not have, a new card
# whose id is near one of the ruleset's (blamed on the variant's file);
# a change to a card that does not exist does not load (exit 2).
expect(2 lint ${F}/variant)
expect_line("${last_out}" "${F}/variant/variants/house.lua:2: warning: unknown key 'nmae' in the variant table (did you mean 'name'?)")
expect_line("${last_out}" "${F}/variant/variants/house.lua:6: warning: changes field 'cuont' of card 'one', which it does not have (did you mean 'count'?)")
expect_line("${last_out}" "${F}/variant/variants/house.lua:7: warning: adds a new card 'thre' (did you mean to change 'three', a card of the ruleset?)")
expect_line("${last_out}" "${F}/variant/variants/typo.lua:5: cards: 'tow' is not a card of the ruleset (did you mean 'two'?); a new card needs a 'name' (a string)")
annotated(ratify.Variant variant_keys)
expect_line("${last_out}" "${F}/variant/variants/house.lua:4: warning: unknown key 'flavour' in the variant table (the host reads: ${variant_keys})")
expect(2 check ${F}/variant/variants/typo.lua -n 3)
if(NOT last_err MATCHES "typo.lua:5: cards: 'tow' is not a card of the ruleset" OR last_err MATCHES "cards.lua")
  message(FATAL_ERROR "a variant's missing card should be blamed on the variant: ${last_err}")
endif()

# Globals: one set while loading, a misspelt local read during a game.
expect(1 lint ${F}/globals)
expect_line("${last_out}" "${F}/globals/ruleset.lua:37: warning: sets the global 'plays': make it local (a global outlives the game: the next game in the same VM, as in sim, starts with it)")
expect_line("${last_out}" "${F}/globals/ruleset.lua:41: warning: reads the global 'nmae', which is not defined (did you mean 'name'?)")

# Different actions offered at once under one label.
expect(1 lint ${F}/same_labels)
if(NOT last_out MATCHES "${F}/same_labels/ruleset.lua:36: warning: player 1 is offered 3 different actions labelled \"Play a card\" at once \\(actions 1 and 2, 2 players, game seed [0-9]+, after 0 actions\\): a player cannot tell them apart; describe\\(g, action\\) should name what differs")
  message(FATAL_ERROR "lint should find the shared label: ${last_out}")
endif()
# Copies of one card may share a label (clean plays "Play One" twice).

# No legal action: actor and actions named with file:line, in lint and check.
set(no_action "player 2 has no legal action: actor(g) (${F}/no_action/ruleset.lua:23) names them, and actions(g) (${F}/no_action/ruleset.lua:28) returned an empty list")
expect(1 lint ${F}/no_action)
string(FIND "${last_out}" "error: ${no_action} (2 players, game seed" at)
if(at EQUAL -1)
  message(FATAL_ERROR "lint should name actor and actions: ${last_out}")
endif()
expect(1 check ${F}/no_action -n 3)
string(FIND "${last_out}" "after action 1 (\"Play " at)
string(FIND "${last_out}" "\"): ${no_action}" at2)
if(at EQUAL -1 OR at2 EQUAL -1)
  message(FATAL_ERROR "check should name actor and actions: ${last_out}")
endif()

# A rules error shows its traceback by default (the helper and its
# caller), in the text UI and in check; --no-traceback leaves it out.
set(play_args play ${F}/traceback --text --seats random,random --seed 1 --quiet)
expect(2 ${play_args})
if(NOT last_err MATCHES "ruleset.lua:41: attempt to perform arithmetic on a nil value \\(field 'points'\\)\nstack traceback:\n\t${F}/traceback/ruleset.lua:41: in [a-z]+ 'score_of'\n\t${F}/traceback/ruleset.lua:45: in ")
  message(FATAL_ERROR "a rules error should show its traceback: ${last_err}")
endif()
expect(2 --no-traceback ${play_args})
if(last_err MATCHES "stack traceback" OR NOT last_err MATCHES "ruleset.lua:41: attempt")
  message(FATAL_ERROR "--no-traceback should leave the traceback out: ${last_err}")
endif()
expect(1 check ${F}/traceback -n 2)
if(NOT last_out MATCHES "stack traceback:\n\t${F}/traceback/ruleset.lua:41: in [a-z]+ 'score_of'")
  message(FATAL_ERROR "a failed check should show the rules error's traceback: ${last_out}")
endif()

# ratify list: where each ruleset was found, and a warning when one hides
# another of the same id.
set(ENV{RATIFY_PATH} "${SRC}/${F}:${SRC}/${F}/shadow")
expect(0 list)
expect_line("${last_out}" "clean  Clean  (2-2 players)  ${SRC}/${F}/clean")
expect_line("${last_out}" "    warning: ${SRC}/${F}/shadow/clean has the same id and is hidden by ${SRC}/${F}/clean (the first search folder wins; rename one)")
unset(ENV{RATIFY_PATH})
