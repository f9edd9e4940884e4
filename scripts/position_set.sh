#!/usr/bin/env bash
# Proof power on a fixed set of positions: solves every position file of a folder at one node
# budget and prints a line per file (verdict, nodes, seconds, stock cards), then per variant and
# in all: lost / won / unknown, nodes and seconds. Search changes that aim at proofs of loss quote
# it before and after on bench/positions/end-games/ (end games sampled from the complete search
# of deals that may be lost: `solve --sample-positions`).
#
# Usage: scripts/position_set.sh [DIR] [NODE_LIMIT] [MEMORY_MIB]
#   DIR         folder of position files (default bench/positions/end-games)
#   NODE_LIMIT  per solve (default 300000)
#   MEMORY_MIB  table size (default 64)
# PATIENCE=path/to/patience overrides the binary (default build/solver/cli/patience);
# SOLVE_ARGS adds options to every solve, e.g. SOLVE_ARGS="--disable capacity".
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
patience="${PATIENCE:-$root/build/solver/cli/patience}"
case "${1:-}" in -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
dir="${1:-$root/bench/positions/end-games}"; limit="${2:-300000}"; memory="${3:-64}"
[ -d "$dir" ] || { echo "position_set.sh: no folder $dir" >&2; exit 2; }
[ -x "$patience" ] || { echo "position_set.sh: no binary $patience (build first)" >&2; exit 2; }
read -r -a extra <<< "${SOLVE_ARGS:-}"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
shopt -s nullglob
files=("$dir"/*.json)
[ ${#files[@]} -gt 0 ] || { echo "position_set.sh: no .json files in $dir" >&2; exit 2; }
for file in "${files[@]}"; do
    # Exit codes 1 (lost) and 3 (unknown) are answers; 2 is a bad file, which stops the run.
    answer="$("$patience" solve --position "$file" --node-limit "$limit" --memory "$memory" \
        --progress-every 0 "${extra[@]}" --json)" || [ $? -ne 2 ] || exit 2
    FILE="$file" python3 -c "
import json, os, sys
d = json.loads(sys.argv[1])
p = json.load(open(os.environ['FILE']))
print(json.dumps({'file': os.path.basename(os.environ['FILE']), 'variant': d['variant'],
                  'stock': len(p['stock']), 'result': d['result'], 'nodes': d['nodes'],
                  'seconds': d['seconds']}))" "$answer" >> "$out"
done
python3 - "$out" "$limit" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
for r in rows:
    print(f"{r['file']:<36} {r['variant']:<15} stock {r['stock']:>3}  {r['result']:<8}"
          f" {r['nodes']:>10,} nodes {r['seconds']:>8.2f} s")
print(f"\nnode limit {int(sys.argv[2]):,}")
print(f"{'variant':<15} {'files':>5} {'lost':>5} {'won':>5} {'unknown':>7} {'nodes':>13}"
      f" {'seconds':>9}")
groups = {}
for r in rows:
    groups.setdefault(r['variant'], []).append(r)
groups['all'] = rows
for name, rs in groups.items():
    count = lambda v: sum(1 for r in rs if r['result'] == v)
    print(f"{name:<15} {len(rs):>5} {count('lost'):>5} {count('won'):>5} {count('unknown'):>7}"
          f" {sum(r['nodes'] for r in rs):>13,} {sum(r['seconds'] for r in rs):>9.1f}")
PY
