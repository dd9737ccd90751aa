# Card coverage and comparisons a designer can trust (issue 27): `check`
# names a card no game played; `sim --json` holds per-card counts; the
# chance baseline stands beside "winners changed" in text, JSON and HTML;
# an option that changes the deal is warned of; tournaments are in the
# history, across variants in one table, and `history diff` compares two.
# Needs RATIFY, SRC, WORK.
cmake_policy(SET CMP0054 NEW)  # "quoted" is a string, never a variable
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(ENV{XDG_DATA_HOME} ${WORK}/data)  # the history of runs stays in here
set(F tests/fixtures/metrics/coverage)

# check: the Pardon is never played, and said so; the others are not named,
# the Charm because its hook ran though no action names it.
expect(0 check ${F} -n 40 --threads 1)
want("${last_out}" "check" "warning: pardon: never played in 40 games"
     "cards: [0-9]+ drawn, [0-9]+ played, [0-9]+ calls of their hooks")
if(last_out MATCHES "(ace|blank|charm): never played")
  message(FATAL_ERROR "check names a card that was played:\n${last_out}")
endif()

# sim: per-card counts in the JSON, coverage in the text; the chance
# baseline beside winners changed; bighand changes the deal (an option),
# retitled does not.
expect(0 sim ${F} bighand retitled -n 200 --threads 1 --json ${WORK}/sim.json
       --html ${WORK}/sim.html --no-history)
want("${last_out}" "sim text"
     "card coverage, least used first"
     "Charm +drawn +[0-9.]+ +played +0.00 +in 0.0% of games +hooks 0.[0-9]+"
     "never played, no hook run: pardon\n"
     "card impact \\(win rate of players who played it"
     "the winners changed in [0-9.]+% of them\n  \\(chance alone: [0-9.]+%"
     "warning: bighand changes the deal: in 100.0% of the paired games")
if(last_out MATCHES "warning: retitled changes the deal")
  message(FATAL_ERROR "retitled deals as the base game does, yet a deal change is warned of:\n${last_out}")
endif()
file(READ ${WORK}/sim.json json)
string(JSON pardon_card GET "${json}" report variants 0 coverage 2)
string(JSON pardon_id GET "${pardon_card}" id)
string(JSON pardon_played GET "${pardon_card}" played)
string(JSON pardon_drawn GET "${pardon_card}" drawn)
string(JSON ace_played GET "${json}" report variants 0 coverage 0 played)
if(NOT pardon_id STREQUAL "pardon" OR NOT pardon_played EQUAL 0 OR pardon_drawn LESS 1
   OR ace_played LESS 1)
  message(FATAL_ERROR "sim --json: per-card counts expected (pardon never played but drawn, "
                      "aces played), got pardon ${pardon_card}, ace played ${ace_played}")
endif()
string(JSON game_drawn LENGTH "${json}" runs 0 games_list 0 drawn)
if(NOT game_drawn EQUAL 4)
  message(FATAL_ERROR "sim --json: each game's counts per card definition expected (4)")
endif()
# The Charm's hook ran (it was drawn in play in some game), and counted.
string(JSON charm_hooks GET "${json}" report variants 0 coverage 3 hooks)
string(JSON charm_played GET "${json}" report variants 0 coverage 3 played)
if(charm_hooks LESS 1 OR NOT charm_played EQUAL 0)
  message(FATAL_ERROR "sim --json: the Charm's hook calls expected, never played: "
                      "hooks ${charm_hooks}, played ${charm_played}")
endif()
foreach(k 0 1)
  string(JSON chance GET "${json}" report comparisons ${k} winner_change chance)
  string(JSON observed GET "${json}" report comparisons ${k} winner_change observed)
  if(chance LESS_EQUAL 0 OR chance GREATER_EQUAL 1)
    message(FATAL_ERROR "comparison ${k}: a chance baseline strictly between 0 and 1 expected, got ${chance}")
  endif()
endforeach()
string(JSON big_deals GET "${json}" report comparisons 0 deals differ)
string(JSON same_deals GET "${json}" report comparisons 1 deals differ)
if(NOT big_deals EQUAL 200 OR NOT same_deals EQUAL 0)
  message(FATAL_ERROR "deals: bighand should change all 200, retitled none: ${big_deals}, ${same_deals}")
endif()
file(READ ${WORK}/sim.html html)
want("${html}" "sim --html" "chance alone gives <b>[0-9.]+%</b>" "This comparison changes the deal"
     "<h4>Coverage</h4>" "class=\"never\"><th>Pardon</th>" "Impact by who played it"
     "hook calls per game")
if(html MATCHES "class=\"never\"><th>Charm</th>")
  message(FATAL_ERROR "sim --html: the Charm's hook ran, yet it is marked as never used")
endif()

# Tournaments in the history, and the same bots in two variants in one table.
expect(0 tournament ${F} --bots random,mcts:iters=20 -n 30 --threads 1)
expect(0 tournament ${F} retitled --bots random,mcts:iters=20 -n 30 --threads 1)
expect(0 tournament ${F} base bighand --bots random,mcts:iters=20 -n 30 --threads 1)
want("${last_out}" "tournament across variants" "bot against bot across variants"
     "bighand against base: random [-+][0-9.]+ points \\(p " "never played in bighand: pardon\n")
expect(0 history)
want("${last_out}" "history list" "tournament base: random [0-9]+%, mcts:iters=20 [0-9]+%"
     "tournament retitled: random" "tournament base: [^\n]*; bighand: random")
expect(0 history show 1)
want("${last_out}" "history show" "tournament \\(each bot alone" "random +[0-9.]+%")
expect(0 history diff 1 2)
want("${last_out}" "history diff" "note: comparing base \\(run 1\\) with retitled \\(run 2\\)"
     "mcts:iters=20 win rate" "mcts:iters=20 rating")
