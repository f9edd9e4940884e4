#!/usr/bin/env bash
# Splits a long batch into shards to run on several machines, and merges them.
#
#   scripts/shard.sh plan VARIANTS A B SHARDS [batch options...]
#       prints one `patience batch` command per shard (seeds A..B cut into SHARDS ranges), each
#       writing its own file shard-K.jsonl. Run them anywhere, in any order, as often as needed:
#       a shard that is killed resumes when its command is run again.
#   scripts/shard.sh merge FILE...
#       prints the statistics of all the shard files together (duplicate deals count once, so
#       overlapping or repeated shards are harmless).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
patience="${PATIENCE:-$root/build/solver/cli/patience}"
case "${1:-}" in
    plan)
        [ $# -ge 5 ] || { echo "usage: $0 plan VARIANTS A B SHARDS [batch options...]" >&2; exit 2; }
        variants="$2"; first="$3"; last="$4"; shards="$5"; shift 5
        python3 - "$variants" "$first" "$last" "$shards" "$@" <<'PY'
import shlex, sys
variants, first, last, shards = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
extra = sys.argv[5:]
if shards < 1 or first > last:
    sys.exit("shard.sh: need SHARDS >= 1 and A <= B")
total = last - first + 1
for k in range(shards):
    a = first + total * k // shards
    b = first + total * (k + 1) // shards - 1
    if a > b:
        continue
    cmd = ["patience", "batch", "--variant", variants, "--seeds", f"{a}-{b}",
           "--out", f"shard-{k + 1}.jsonl"] + extra
    print(" ".join(shlex.quote(c) for c in cmd))
PY
        ;;
    merge)
        shift
        [ $# -ge 1 ] || { echo "usage: $0 merge FILE..." >&2; exit 2; }
        "$patience" stats "$@"
        ;;
    *)
        echo "usage: $0 plan VARIANTS A B SHARDS [batch options...] | $0 merge FILE..." >&2
        exit 2
        ;;
esac
