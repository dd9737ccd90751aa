# `ratify sim R V...` as a designer uses it (issue #12, docs/metrics.md):
# the base game first (`base`, or "" as older scripts wrote it), --no-base,
# the deck warning, how often the winner changed, shared wins explained,
# --csv of every variant, and shards of several variants merged.
# Needs RATIFY, SRC, WORK.
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(ENV{XDG_DATA_HOME} ${WORK}/data)  # the history of runs stays in here
set(F tests/fixtures/metrics)

expect(0 sim ${F}/onecard twocrowns -n 200 --threads 1 --csv ${WORK}/all.csv --json ${WORK}/named.json)
foreach(want "metrics of base" "metrics of twocrowns" "twocrowns against base on the same seeds"
             "the winners changed in [0-9.]+% of them"
             "warning: twocrowns changes the deck \\(blank, crown\\)" "Crown +\\+1.000"
             "p \\(Holm\\)")
  if(NOT last_out MATCHES "${want}")
    message(FATAL_ERROR "sim onecard twocrowns: no '${want}' in\n${last_out}")
  endif()
endforeach()
file(STRINGS ${WORK}/all.csv rows)
list(LENGTH rows n)
list(FILTER rows INCLUDE REGEX "^twocrowns,")
list(LENGTH rows variant_rows)
if(NOT n EQUAL 401 OR NOT variant_rows EQUAL 200)
  message(FATAL_ERROR "--csv: a header and 200 games of each variant expected, got ${n} lines")
endif()

# `base` named, "" (older scripts) and nothing: the same run.
expect(0 sim ${F}/onecard base twocrowns -n 200 --threads 2 --quiet --json ${WORK}/base.json)
expect(0 sim ${F}/onecard "" twocrowns -n 200 --quiet --json ${WORK}/empty.json)
file(READ ${WORK}/named.json named)
foreach(other base empty)
  file(READ ${WORK}/${other}.json text)
  if(NOT text STREQUAL named)
    message(FATAL_ERROR "sim onecard with the base named as '${other}' differs")
  endif()
endforeach()

# --no-base: the first variant named is the reference; nothing to compare is bad input.
expect(0 sim ${F}/onecard twocrowns --no-base -n 20 --threads 1)
if(last_out MATCHES "metrics of base" OR NOT last_out MATCHES "metrics of twocrowns")
  message(FATAL_ERROR "--no-base should leave out the base game:\n${last_out}")
endif()
expect(2 sim ${F}/onecard --no-base -n 3)
expect(2 sim ${F}/onecard base --no-base -n 3)
expect(2 sim ${F}/onecard twocrowns twocrowns -n 3)

# Shared wins are named, and explain win rates over 100%.
expect(0 sim ${F}/coin -n 200 --threads 1)
if(NOT last_out MATCHES "shared wins: [0-9]+ games had several winners.*add up to 1[0-9][0-9]\\.[0-9]%")
  message(FATAL_ERROR "sim coin should explain its shared wins:\n${last_out}")
endif()

# Shards of two columns merged: exactly the whole run.
foreach(k 0 1 2)
  expect(0 sim ${F}/onecard twocrowns -n 200 --shard ${k}/3 --quiet --json ${WORK}/s${k}.json)
endforeach()
expect(0 merge ${WORK}/s0.json ${WORK}/s1.json ${WORK}/s2.json --json ${WORK}/merged.json)
file(READ ${WORK}/merged.json merged)
if(NOT merged STREQUAL named)
  message(FATAL_ERROR "merged shards of two variants differ from the whole run")
endif()
expect(2 merge ${WORK}/s0.json ${WORK}/s1.json)
if(NOT last_err MATCHES "shard 2 is missing")
  message(FATAL_ERROR "a missing shard should be named: ${last_err}")
endif()
