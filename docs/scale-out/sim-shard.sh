#!/bin/sh
# One shard of a `ratify sim` run, as a cluster task runs it
# (docs/scale-out.md): the shard's index and the count come from the
# scheduler, the sim's arguments from the command line.
#   Slurm job array:          SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT
#   Kubernetes Indexed Job:   JOB_COMPLETION_INDEX, and SHARDS set in the Job
# Writes $OUT/shard-INDEX.json (OUT defaults to ./out); `ratify merge
# $OUT/shard-*.json` joins them into the whole run's results and report.
set -eu
index=${SLURM_ARRAY_TASK_ID:-${JOB_COMPLETION_INDEX:-}}
count=${SLURM_ARRAY_TASK_COUNT:-${SHARDS:-}}
if [ -z "$index" ] || [ -z "$count" ]; then
  echo "sim-shard.sh: no shard index/count (SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT," \
    "or JOB_COMPLETION_INDEX and SHARDS)" >&2
  exit 2
fi
out=${OUT:-out}
mkdir -p "$out"
exec "${RATIFY:-ratify}" sim "$@" --shard "$index/$count" --quiet --json "$out/shard-$index.json"
