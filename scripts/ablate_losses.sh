#!/usr/bin/env bash
# Ablation agreement for proofs of loss: every `lost` is solved again with each pruning technique
# switched off in turn (`solve --disable T`), and must never come out `won` (it may come out
# `unknown` where the search without the technique does not finish within the node limit).
#
# Inputs are position files (*.json: solved first with every technique; only those found lost are
# ablated) and batch result files (*.jsonl: the lines whose result is `lost`, solved again from
# their variant, seed or PySolFC number, and ranks). Prints one line per technique (how many of the
# losses stay lost, become unknown, or are won) and a line per loss that is won without a technique.
# Exits 1 if any is won, 2 on bad input.
#
# Usage: scripts/ablate_losses.sh [--node-limit N] [--techniques LIST] [--disable LIST] INPUT...
#   INPUT         position or batch files, their paths without white space
#   --node-limit  nodes for each solve (default 1000000)
#   --techniques  comma-separated techniques to switch off in turn (default: the pruning ones:
#                 stock-macros, safe-moves, second-move, dead-ends, stock-lookahead, capacity,
#                 incomplete-piles, supermoves, lost-moves, stock-prefix, waste-drain,
#                 drain-anchors, drain-lookahead, deal-anchors)
#   --disable     techniques switched off in every solve, the first one's too (as `solve
#                 --disable`): where two tests each prove the same loss alone, each one's
#                 ablation with the other off
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
patience="${PATIENCE:-$root/build/solver/cli/patience}"
limit=1000000
techniques="stock-macros,safe-moves,second-move,dead-ends,stock-lookahead,capacity,incomplete-piles,supermoves,lost-moves,stock-prefix,waste-drain,drain-anchors,drain-lookahead,deal-anchors"
always=""
inputs=()
fail() { echo "ablate_losses.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case "$1" in
        --node-limit) limit="${2:?--node-limit needs a number}"; shift 2 ;;
        --techniques) techniques="${2:?--techniques needs a list}"; shift 2 ;;
        --disable) always="${2:?--disable needs a list}"; shift 2 ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) fail "unknown option $1" ;;
        *) inputs+=("$1"); shift ;;
    esac
done
[ ${#inputs[@]} -gt 0 ] || fail "no input (position or batch files)"
[ -x "$patience" ] || fail "$patience not built (run scripts/setup.sh)"

# The verdict of `patience solve ARGS` at the node limit, from its exit code (README, Exit codes).
verdict_of() {
    local code=0
    "$patience" solve "$@" --node-limit "$limit" --progress-every 0 > /dev/null 2>&1 || code=$?
    case "$code" in
        0) echo won ;;
        1) echo lost ;;
        2) echo invalid ;;
        *) echo unknown ;;
    esac
}

# The losses, one START (the options that name the position to `patience solve`) per line.
losses=()
for input in "${inputs[@]}"; do
    [ -r "$input" ] || fail "$input: cannot read"
    case "$input" in
        *.jsonl)
            starts=$(python3 - "$input" <<'EOF'
import json, sys
path = sys.argv[1]
for number, line in enumerate(open(path), 1):
    if not line.strip():
        continue
    try:
        record = json.loads(line)
        if record.get("result") != "lost":
            continue
        by = "--pysol" if record.get("numbering") == "pysol" else "--seed"
        print(f"--variant {record['variant']} {by} {int(record['seed'])}"
              f" --ranks {int(record.get('ranks', 13))}")
    except (ValueError, KeyError, TypeError, AttributeError):
        sys.exit(f"line {number}: not a batch result")
EOF
            ) || fail "$input: not a batch result file"
            while IFS= read -r start; do
                if [ -n "$start" ]; then losses+=("$start"); fi
            done <<< "$starts" ;;
        *)
            verdict=$(verdict_of --position "$input" ${always:+--disable "$always"})
            [ "$verdict" != invalid ] || fail "$input: refused by patience solve"
            if [ "$verdict" = lost ]; then losses+=("--position $input"); fi ;;
    esac
done
echo "${#losses[@]} losses, each solved again at $limit nodes without one technique"

status=0
IFS=',' read -r -a names <<< "$techniques"
for technique in "${names[@]}"; do
    lost=0; unknown=0; won=0
    for start in "${losses[@]}"; do
        # shellcheck disable=SC2086  # START is a list of options
        verdict=$(verdict_of $start --disable "$technique${always:+,$always}")
        case "$verdict" in
            lost) lost=$((lost + 1)) ;;
            won) won=$((won + 1)); status=1; echo "WON without $technique: $start" ;;
            invalid) fail "solve $start --disable $technique: refused" ;;
            *) unknown=$((unknown + 1)) ;;
        esac
    done
    printf '%-18s %6d lost %6d unknown %6d won\n' "$technique" "$lost" "$unknown" "$won"
done
exit "$status"
