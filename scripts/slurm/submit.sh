#!/usr/bin/env bash
# Runs a patience batch on a Slurm cluster as a job array, then merges it and writes the report.
#
# Usage: scripts/slurm/submit.sh --seeds A-B --out DIR [--variants V[,V...]|all] [--tasks N]
#            [--cpus C] [--time T] [--partition P] [--sbatch "OPTIONS"] [-- batch options...]
#   --seeds      seed range, cut into N contiguous slices, one per array task
#   --out DIR    where the shard files (shard-K.jsonl), logs/, summary.txt, summary.json and
#                report.html go; a shared folder every node can write
#   --variants   default all
#   --tasks N    array tasks (default 8); --cpus C: CPUs per task (default 1), one batch thread each
#   --time T     each task's time limit (sbatch --time); --partition P; --sbatch: more options
#   after --:    options for `patience batch` (--node-limit, --memory, --ranks, --disable, ...)
# Tasks are requeue-safe: a task killed and started again (scontrol requeue, a preempted or
# failed node) resumes from its shard file. Submitting the same command again resumes the whole
# run. The merge job runs once the array is over (afterany) and prints where the report is.
# PATIENCE=path overrides the binary (default: this checkout's build/solver/cli/patience).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
patience="${PATIENCE:-$root/build/solver/cli/patience}"
seeds=""; out=""; variants="all"; tasks=8; cpus=1; time_limit=""; partition=""; extra_sbatch=""
while [ $# -gt 0 ]; do
    case "$1" in
        --seeds) seeds="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --variants) variants="$2"; shift 2 ;;
        --tasks) tasks="$2"; shift 2 ;;
        --cpus) cpus="$2"; shift 2 ;;
        --time) time_limit="$2"; shift 2 ;;
        --partition) partition="$2"; shift 2 ;;
        --sbatch) extra_sbatch="$2"; shift 2 ;;
        --) shift; break ;;
        -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "submit.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
done
[ -n "$seeds" ] && [ -n "$out" ] || { echo "submit.sh: --seeds and --out are required" >&2; exit 2; }
[[ "$tasks" =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: --tasks must be a positive integer" >&2; exit 2; }
[[ "$cpus" =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: --cpus must be a positive integer" >&2; exit 2; }
[ -x "$patience" ] || { echo "submit.sh: $patience not built (run scripts/setup.sh)" >&2; exit 2; }
command -v sbatch >/dev/null || { echo "submit.sh: sbatch not found (is this a Slurm cluster?)" >&2; exit 2; }
mkdir -p "$out/logs"
out="$(cd "$out" && pwd)"
# Check the batch options here, once, rather than in every task: as the first of 2^64 - 1
# shards the range is validated, and the shard holds no seed, so nothing is solved.
if ! check=$("$patience" batch --variant "$variants" --seeds "$seeds" \
        --shard 1/18446744073709551615 --out - "$@" 2>&1 >/dev/null); then
    echo "submit.sh: ${check##*$'\n'}" >&2
    exit 2
fi
options=(--parsable --chdir "$out")
[ -n "$time_limit" ] && options+=(--time "$time_limit")
[ -n "$partition" ] && options+=(--partition "$partition")
# shellcheck disable=SC2206  # extra sbatch options are a list
[ -n "$extra_sbatch" ] && options+=($extra_sbatch)
export PATIENCE="$patience" VARIANTS="$variants" SEEDS="$seeds" OUT="$out"
export BATCH_ARGS="$*" REPORT="$root/scripts/report.py"
array=$(sbatch "${options[@]}" --array "1-$tasks" --cpus-per-task "$cpus" \
    --output "$out/logs/task-%a.log" --export ALL "$here/array.sbatch")
array="${array%%;*}"
merge=$(sbatch "${options[@]}" --dependency "afterany:$array" --output "$out/logs/merge.log" \
    --export ALL "$here/merge.sbatch")
merge="${merge%%;*}"
echo "array job $array: $tasks tasks over seeds $seeds ($variants), results in $out"
echo "merge job $merge: writes $out/summary.txt and $out/report.html when the array is over"
