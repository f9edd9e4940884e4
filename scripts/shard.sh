#!/usr/bin/env bash
# Splits a long batch into shards to run on several machines, and merges them.
#
#   scripts/shard.sh plan VARIANTS A B SHARDS [batch options...]
#       prints one `patience batch` command per shard (seeds A..B cut into SHARDS ranges), each
#       writing its own file shard-K.jsonl, ready to paste: the binary is named by its full path
#       (this checkout's build/solver/cli/patience, or $PATIENCE). Run them anywhere, in any
#       order, as often as needed: a shard that is killed resumes when its command is run again.
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
        python3 - "$patience" "$variants" "$first" "$last" "$shards" "$@" <<'PY'
import shlex, sys
binary, variants = sys.argv[1], sys.argv[2]
def refuse(message):
    print(f"shard.sh plan: {message}", file=sys.stderr)
    sys.exit(2)
def number(name, text):
    if not text.isdigit() or int(text) >= 2**64:
        refuse(f"{name} must be an unsigned 64-bit integer, got '{text}'")
    return int(text)
first, last = number("A", sys.argv[3]), number("B", sys.argv[4])
shards = number("SHARDS", sys.argv[5])
extra = sys.argv[6:]
if shards < 1 or first > last:
    refuse(f"need SHARDS >= 1 and A <= B, got A={first} B={last} SHARDS={shards}")
total = last - first + 1
for k in range(shards):
    a = first + total * k // shards
    b = first + total * (k + 1) // shards - 1
    if a > b:
        continue
    cmd = [binary, "batch", "--variant", variants, "--seeds", f"{a}-{b}",
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
