#!/usr/bin/env bash
# Integration test on a real Slurm (Debian's slurm-wlm): a one-node cluster on this machine
# (scripts/slurm/local_cluster.sh) runs scripts/slurm/submit.sh's job array, 4 tasks over 40
# deals; one task is requeued mid-run; the merged result must hold every deal exactly once and
# agree with one process over the same seeds, and the merge job must write the report. Prints
# the wall times. Needs root (to install and start Slurm): exits 77, "skipped", without it.
# Usage: tests/slurm_test.sh [PATIENCE_BINARY]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
patience="${1:-${PATIENCE:-$root/build/solver/cli/patience}}"
export PATIENCE="$patience"
[ "$(id -u)" -eq 0 ] || { echo "slurm_test: skipped: starting a Slurm cluster needs root"; exit 77; }
work="$(mktemp -d /tmp/patience-slurm.XXXXXX)"
chmod 755 "$work"  # munged runs as the munge user
cluster="$work/cluster"
cleanup() { bash "$root/scripts/slurm/local_cluster.sh" stop "$cluster" || true; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "slurm_test: FAILED: $*" >&2; for f in "$work"/run/logs/*.log; do echo "== $f" >&2; cat "$f" >&2; done; exit 1; }
now() { date +%s.%N; }
wait_for() {  # wait_for SECONDS COMMAND...: until the command succeeds
    local deadline=$(( $(date +%s) + $1 )); shift
    until "$@"; do [ "$(date +%s)" -lt "$deadline" ] || return 1; sleep 0.05; done
}
lines() { [ -f "$1" ] && wc -l < "$1" || echo 0; }

line="$(bash "$root/scripts/slurm/local_cluster.sh" start "$cluster" | tail -1)"
export "${line?}"
echo "slurm_test: cluster up ($SLURM_CONF)"

seeds=1-20; variants=diplomat,emperor; limits=(--node-limit 1000000 --memory 64)
started="$(now)"
submitted="$(bash "$root/scripts/slurm/submit.sh" --seeds "$seeds" --variants "$variants" \
    --tasks 4 --out "$work/run" -- "${limits[@]}")"
echo "$submitted"
array="$(sed -n 's/^array job \([0-9]*\):.*/\1/p' <<< "$submitted")"
[ -n "$array" ] || fail "no array job id in: $submitted"

# Requeue task 1 once it has written some of its 10 deals but not all.
first_line() { [ "$(lines "$work/run/shard-1.jsonl")" -ge 1 ]; }
wait_for 300 first_line || fail "task 1 wrote nothing"
before="$(lines "$work/run/shard-1.jsonl")"
[ "$before" -lt 10 ] || fail "task 1 finished before it could be requeued"
scontrol requeue "${array}_1"
echo "slurm_test: requeued task 1 after $before of its 10 deals"
# Slurm holds a requeued job back for two minutes (its begin time); once it is pending again, let
# it start at once.
pending() { [ "$(squeue -h -j "${array}_1" -o %t 2>/dev/null)" = "PD" ]; }
wait_for 60 pending || fail "task 1 did not go back to the queue"
scontrol update JobId="${array}_1" StartTime=now

all_done() { [ -z "$(squeue -h -o %i)" ]; }
wait_for 900 all_done || fail "jobs still queued: $(squeue)"
elapsed="$(awk "BEGIN { printf \"%.1f\", $(now) - $started }")"

grep -q "restart 1" "$work/run/logs/task-1.log" || fail "task 1 was not restarted"
total_lines=$(cat "$work/run"/shard-*.jsonl | wc -l)
[ "$total_lines" -eq 40 ] || fail "$total_lines lines in the shards, not 40 (a deal lost or repeated)"
[ -f "$work/run/summary.json" ] || fail "the merge job wrote no summary"
python3 - "$work/run/summary.json" <<'PY' || fail "the merged summary is wrong"
import json, sys
s = json.load(open(sys.argv[1]))
assert s["duplicates"] == 0 and s["malformed_lines"] == 0, s
assert sorted((v["variant"], v["deals"]) for v in s["variants"]) == [("diplomat", 20), ("emperor", 20)], s
PY
plots=$(grep -o 'data:image/png' "$work/run/report.html" | wc -l)
[ "$plots" -eq 6 ] || fail "the report has $plots plots, not 6"

# One process, as many threads as the array's tasks ran at once (one CPU each): the same deals.
single_started="$(now)"
"$patience" batch --variant "$variants" --seeds "$seeds" --threads "$(nproc)" "${limits[@]}" \
    --out "$work/single.jsonl" > /dev/null 2>&1
single="$(awk "BEGIN { printf \"%.1f\", $(now) - $single_started }")"
python3 - "$work/single.jsonl" "$work/run"/shard-*.jsonl <<'PY' || fail "the array and one process disagree"
import json, sys
def deals(paths):
    out = {}
    for p in paths:
        for line in open(p):
            r = json.loads(line)
            out[(r["variant"], r["seed"])] = (r["result"], r["nodes"], r["moves"])
    return out
one, array = deals(sys.argv[1:2]), deals(sys.argv[2:])
assert one == array, [k for k in one if one[k] != array.get(k)]
PY
echo "slurm_test: passed: 4-task array with a requeue in ${elapsed} s (submit to last job done);" \
     "one process, $(nproc) threads: ${single} s; identical results"
