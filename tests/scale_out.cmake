# The scale-out recipe of docs/scale-out.md, run on one machine: the Slurm
# array's script and the Indexed Job's task script with their schedulers'
# variables, four shards each, merged; the merge must equal the unsharded
# run byte for byte (every game, the summary, the report and its metrics).
# Needs RATIFY, SRC, WORK.
set(A article2 super_pac --players 3 -n 24 --seed 5 --skill-gap 6 --skill-bot mcts:iters=4)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(ENV{XDG_DATA_HOME} ${WORK}/data)  # the history of runs stays in here
set(ENV{RATIFY} ${RATIFY})

function(run)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY ${SRC} RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${ARGN}: exit ${rc}\n${out}\n${err}")
  endif()
endfunction()

# The unsharded run (the Slurm script's arguments, a few games).
run(${RATIFY} sim article2 party_match --players 4 -n 12 --seed 1 --threads 1 --quiet
    --json ${WORK}/whole_slurm.json)
run(${RATIFY} sim ${A} --quiet --json ${WORK}/whole_k8s.json)

# Slurm: the array's tasks, as sbatch would start them.
set(ENV{OUT} ${WORK}/slurm)
set(ENV{GAMES} 12)
set(ENV{SLURM_ARRAY_TASK_COUNT} 4)
foreach(k 0 1 2 3)
  set(ENV{SLURM_ARRAY_TASK_ID} ${k})
  run(sh docs/scale-out/slurm.sbatch)
endforeach()
unset(ENV{SLURM_ARRAY_TASK_ID})
unset(ENV{SLURM_ARRAY_TASK_COUNT})

# Kubernetes: the Indexed Job's pods (the Job sets SHARDS and OUT).
set(ENV{OUT} ${WORK}/k8s)
set(ENV{SHARDS} 4)
foreach(k 0 1 2 3)
  set(ENV{JOB_COMPLETION_INDEX} ${k})
  run(sh docs/scale-out/sim-shard.sh ${A})
endforeach()

foreach(kind slurm k8s)
  file(GLOB shards ${WORK}/${kind}/shard-*.json)
  list(LENGTH shards n)
  if(NOT n EQUAL 4)
    message(FATAL_ERROR "${kind}: 4 shard files expected, found ${n}")
  endif()
  run(${RATIFY} merge ${shards} --json ${WORK}/merged_${kind}.json)
  file(READ ${WORK}/whole_${kind}.json whole)
  file(READ ${WORK}/merged_${kind}.json merged)
  if(NOT whole STREQUAL merged)
    message(FATAL_ERROR "${kind}: the merged shards differ from the unsharded run")
  endif()
  string(JSON metrics GET "${merged}" report variants 0 metrics)
  message(STATUS "${kind}: 4 shards merged = the unsharded run; base metrics ${metrics}")
endforeach()

# A task without its scheduler's variables stops with a message.
unset(ENV{JOB_COMPLETION_INDEX})
execute_process(COMMAND sh docs/scale-out/sim-shard.sh article2 WORKING_DIRECTORY ${SRC}
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "no shard index")
  message(FATAL_ERROR "sim-shard.sh without an index: exit ${rc}: ${err}")
endif()
