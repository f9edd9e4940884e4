#!/usr/bin/env bash
# Runs `patience bench` on two commits and prints both outputs and the ratio of their speeds.
# Each commit is built in its own worktree under build-compare/. The node counts (signatures)
# differ only if the search changed between the commits.
# Usage: scripts/bench_compare.sh OLD_REV [NEW_REV] (NEW_REV defaults to the working tree's HEAD)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
old="${1:?usage: scripts/bench_compare.sh OLD_REV [NEW_REV]}"
new="${2:-HEAD}"
work="$root/build-compare"
mkdir -p "$work"

build() {  # build REV DIR: prints the path of the built binary
    local rev="$1" dir="$2"
    if [ ! -d "$dir/src" ]; then
        git -C "$root" worktree add -f --detach "$dir/src" "$rev" >/dev/null
    else
        git -C "$dir/src" checkout -q --detach "$rev"
    fi
    cmake -S "$dir/src" -B "$dir/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DPATIENCE_BUILD_TESTS=OFF -DPATIENCE_BUILD_BENCH=OFF >/dev/null
    cmake --build "$dir/build" --target patience >/dev/null
    echo "$dir/build/solver/cli/patience"
}

old_bin=$(build "$old" "$work/old")
new_bin=$(build "$new" "$work/new")
old_json=$("$old_bin" bench --json)
new_json=$("$new_bin" bench --json)
python3 - "$old" "$new" "$old_json" "$new_json" <<'PY'
import json, sys
old_rev, new_rev = sys.argv[1], sys.argv[2]
old, new = json.loads(sys.argv[3]), json.loads(sys.argv[4])
print(f"{'':8} {'nodes':>12} {'seconds':>9} {'nodes/s':>12}")
for name, d in ((old_rev, old), (new_rev, new)):
    print(f"{name[:8]:8} {d['nodes']:>12} {d['seconds']:>9.3f} {d['nodes_per_second']:>12.0f}")
print(f"speed ratio (new/old nodes per second): {new['nodes_per_second'] / old['nodes_per_second']:.3f}")
print(f"time ratio (new/old seconds): {new['seconds'] / old['seconds']:.3f}")
print("signature " + ("unchanged" if old["nodes"] == new["nodes"] else
      f"changed: {old['nodes']} -> {new['nodes']} (the search changed)"))
PY
