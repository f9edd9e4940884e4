#!/usr/bin/env bash
# Solves seeds FIRST..LAST of each variant with `patience solve` (default limits unless more
# options follow) on all cores and prints, per variant: won / lost / unknown, median and 99th
# percentile nodes and seconds per deal, and nodes per second.
# Usage: scripts/measure.sh FIRST LAST [VARIANTS] [-- extra solve options]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
patience="${PATIENCE:-$root/build/solver/cli/patience}"
first="$1"; last="$2"; shift 2
variants="diplomat malmaison lady-palk double-dot emperor emperor-modern"
if [ $# -gt 0 ] && [ "$1" != "--" ]; then variants="${1//,/ }"; shift; fi
[ "${1:-}" = "--" ] && shift
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
for v in $variants; do
    seq "$first" "$last" | xargs -P "$(nproc)" -I{} \
        sh -c "'$patience' solve --variant $v --seed {} --json $* || true" >> "$out"
done
python3 - "$out" <<'PY'
import json, sys, statistics
rows = {}
for line in open(sys.argv[1]):
    d = json.loads(line)
    rows.setdefault(d["variant"], []).append(d)
def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]
print(f"{'variant':15} {'deals':>6} {'won':>5} {'lost':>5} {'unknown':>7} {'med nodes':>10} "
      f"{'p99 nodes':>10} {'med s':>7} {'p99 s':>7} {'nodes/s':>10}")
for v, ds in rows.items():
    count = {r: sum(d["result"] == r for d in ds) for r in ("won", "lost", "unknown")}
    nodes = [d["nodes"] for d in ds]
    secs = [d["seconds"] for d in ds]
    print(f"{v:15} {len(ds):>6} {count['won']:>5} {count['lost']:>5} {count['unknown']:>7} "
          f"{statistics.median(nodes):>10.0f} {pct(nodes, 0.99):>10} "
          f"{statistics.median(secs):>7.3f} {pct(secs, 0.99):>7.3f} "
          f"{sum(nodes) / sum(secs):>10.0f}")
PY
