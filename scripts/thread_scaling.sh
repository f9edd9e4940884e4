#!/usr/bin/env bash
# Speed-up of `solve --threads T` on single hard deals: solves each deal with every thread count
# and prints verdict, nodes and wall seconds per run, then per thread count the deals decided and
# the total wall time (and its ratio to the first thread count, over the deals all of them decided).
# Only one thread is deterministic: with more, nodes and time vary from run to run.
#
# Usage: scripts/thread_scaling.sh VARIANT SEEDS [THREADS] [NODE_LIMIT] [MEMORY_MIB]
#   VARIANT     a variant, or `position` to solve position files instead of deals
#   SEEDS       comma-separated seeds, e.g. 2,29,93 (with `position`: position files)
#   THREADS     comma-separated thread counts (default 1,2)
#   NODE_LIMIT  per solve (default 20000000)
#   MEMORY_MIB  table size (default 1024)
# PATIENCE=path/to/patience overrides the binary (default build/solver/cli/patience);
# SOLVE_ARGS adds options to every solve, e.g. SOLVE_ARGS="--disable probes".
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
patience="${PATIENCE:-$root/build/solver/cli/patience}"
[ $# -ge 2 ] || { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
variant="$1"; seeds="$2"; threads="${3:-1,2}"; limit="${4:-20000000}"; memory="${5:-1024}"
read -r -a extra <<< "${SOLVE_ARGS:-}"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
n=0
for seed in ${seeds//,/ }; do
    n=$((n + 1))
    if [ "$variant" = position ]; then start=(--position "$seed"); else start=(--variant "$variant" --seed "$seed"); fi
    for t in ${threads//,/ }; do
        "$patience" solve "${start[@]}" --threads "$t" --node-limit "$limit" --memory "$memory" \
            --progress-every 0 "${extra[@]}" --json | SEED="$seed" N="$n" python3 -c "
import json, os, sys
d = json.load(sys.stdin)
seed = os.environ['SEED']
print(json.dumps({'seed': int(seed) if seed.isdigit() else int(os.environ['N']), 'label': seed,
                  'threads': $t, 'result': d['result'], 'nodes': d['nodes'],
                  'seconds': d['seconds']}))" >> "$out" || true
    done
done
python3 - "$out" "$threads" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
counts = [int(t) for t in sys.argv[2].split(",")]
print(f"{'seed':>8} {'threads':>7} {'result':>8} {'nodes':>11} {'seconds':>9}")
for r in rows:
    print(f"{r['label']:>8} {r['threads']:>7} {r['result']:>8} {r['nodes']:>11} {r['seconds']:>9.2f}")
seeds = sorted({r['seed'] for r in rows})
by = {(r['seed'], r['threads']): r for r in rows}
common = [s for s in seeds if all(by.get((s, t), {}).get('result', 'unknown') != 'unknown'
                                  for t in counts)]
base = sum(by[(s, counts[0])]['seconds'] for s in common)
for t in counts:
    decided = sum(by.get((s, t), {}).get('result', 'unknown') != 'unknown' for s in seeds)
    wall = sum(by[(s, t)]['seconds'] for s in common)
    ratio = base / wall if wall > 0 else float('nan')
    print(f"threads {t}: decided {decided}/{len(seeds)}; seconds over the {len(common)} decided by "
          f"all: {wall:.2f} (speed-up {ratio:.2f}x)")
PY
