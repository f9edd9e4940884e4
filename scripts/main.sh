#!/usr/bin/env bash
# Sets everything up, builds, and runs the main job: solve the first seeds of every variant on a
# reduced deck (5 ranks per suit) and print the verdicts with their effort.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh" "$root/build"
patience="$root/build/solver/cli/patience"

seeds="${SEEDS:-1 2 3 4 5}"
ranks="${RANKS:-5}"
node_limit="${NODE_LIMIT:-200000}"
printf '%-16s %6s %6s %-8s %10s %9s %6s\n' variant seed ranks result nodes seconds moves
for variant in $("$patience" variants | awk '{print $1}'); do
    for seed in $seeds; do
        set +e
        line=$("$patience" solve --variant "$variant" --seed "$seed" --ranks "$ranks" \
               --node-limit "$node_limit" --json)
        status=$?
        set -e
        if [ "$status" -ne 0 ] && [ "$status" -ne 1 ] && [ "$status" -ne 3 ]; then
            echo "main: solve failed for $variant seed $seed (exit $status)" >&2
            exit "$status"
        fi
        python3 - "$line" <<'PY'
import json, sys
d = json.loads(sys.argv[1])
print(f"{d['variant']:<16} {d['seed']:>6} {d['ranks']:>6} {d['result']:<8} {d['nodes']:>10} "
      f"{d['seconds']:>9.3f} {d.get('moves', '-'):>6}")
PY
    done
done
