#!/usr/bin/env bash
# How far up a deal the proofs of loss reach: a measure for the proof techniques that moves even
# where no full deal is proven lost. For each deal, the search's furthest line (`solve
# --solution`: the moves to the most cards up), then `solve --find-mistake` along it: the first
# position proven lost there (by bisection, each position solved at the same node limit), and how
# many stock cards it still has. A stronger proof reaches positions with more stock cards left;
# a position with the whole stock left would be the deal itself.
#
# The line depends on the search that found it, so to compare two searches' proofs, keep the
# lines of the first run (--lines DIR) and give the second the same DIR: it reads them back.
#
# Usage: scripts/proof_frontier.sh [--node-limit N] [--memory MIB] [--disable LIST]
#                                  [--lines DIR] [--json] VARIANT:SEED...
#   --node-limit  nodes for the furthest line's solve and for each position along it (default
#                 1000000)
#   --memory      MiB of table for each solve (default 64)
#   --disable     techniques switched off in every solve (as `solve --disable`): how far up the
#                 line the proofs reach without them
#   --lines DIR   read each deal's line from DIR/VARIANT-SEED.moves where it is there, and write
#                 it there where it is not
#   --json        one JSON object per deal instead of the table
# Example: scripts/proof_frontier.sh emperor:480 emperor:563 malmaison:23
# PATIENCE=path/to/patience overrides the binary (default build/solver/cli/patience).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
patience="${PATIENCE:-$root/build/solver/cli/patience}"
limit=1000000; memory=64; disable=""; json=0; lines=""; deals=()
while [ $# -gt 0 ]; do
    case "$1" in
        --node-limit) limit="$2"; shift 2 ;;
        --memory) memory="$2"; shift 2 ;;
        --disable) disable="$2"; shift 2 ;;
        --lines) lines="$2"; shift 2 ;;
        --json) json=1; shift ;;
        -h|--help) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "proof_frontier.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
        *:*) deals+=("$1"); shift ;;
        *) echo "proof_frontier.sh: '$1' is not VARIANT:SEED" >&2; exit 2 ;;
    esac
done
[ ${#deals[@]} -gt 0 ] || { echo "proof_frontier.sh: no deal given (see --help)" >&2; exit 2; }
[ -x "$patience" ] || { echo "proof_frontier.sh: $patience not built (run scripts/setup.sh)" >&2; exit 2; }
dir="$(mktemp -d)"; trap 'rm -rf "$dir"' EXIT
[ -z "$lines" ] || mkdir -p "$lines"
limits=(--node-limit "$limit" --memory "$memory" --progress-every 0)
[ -z "$disable" ] || limits+=(--disable "$disable")

# The first `count` tokens of a moves file, for the position they reach.
prefix() { tr -s ' \n' '\n\n' < "$1" | grep -v '^$' | head -n "$2" | tr '\n' ' '; }

rows=()
for deal in "${deals[@]}"; do
    variant="${deal%%:*}"; seed="${deal#*:}"
    start=(--variant "$variant" --seed "$seed")
    kept="${lines:+$lines/$variant-$seed.moves}"
    if [ -n "$kept" ] && [ -f "$kept" ]; then
        echo "proof_frontier.sh: $variant $seed: the line of $kept" >&2
        cp "$kept" "$dir/line.txt"
        # Where the line ends (deal exits 1 on an illegal move, 2 on a token that is none).
        "$patience" deal "${start[@]}" --moves-file "$kept" > "$dir/end.json"
        python3 -c 'import json, sys
moves = open(sys.argv[1]).read().split()
up = sum(len(pile) for pile in json.load(open(sys.argv[2]))["foundations"])
print(json.dumps({"result": "kept", "most_up": up, "furthest_line": moves}))' \
            "$kept" "$dir/end.json" > "$dir/line.json"
        rc=3
    else
        echo "proof_frontier.sh: $variant $seed: the furthest line" >&2
        # solve exits 0 (won), 1 (lost) or 3 (unknown); anything else is an error.
        rc=0
        "$patience" solve "${start[@]}" "${limits[@]}" --solution --json > "$dir/line.json" ||
            rc=$?
        [ "$rc" -le 3 ] && [ "$rc" -ne 2 ] || exit "$rc"
        python3 -c 'import json, sys
print(" ".join(json.load(sys.stdin).get("furthest_line", [])))' \
            < "$dir/line.json" > "$dir/line.txt"
        [ -z "$kept" ] || [ "$rc" -eq 0 ] || cp "$dir/line.txt" "$kept"
    fi
    mistake="{}"
    if [ "$rc" -ne 0 ] && [ "$(wc -w < "$dir/line.txt")" -gt 0 ]; then
        echo "proof_frontier.sh: $variant $seed: along it" >&2
        rc=0
        "$patience" solve "${start[@]}" "${limits[@]}" --moves-file "$dir/line.txt" \
            --find-mistake --json > "$dir/mistake.json" 2> "$dir/mistake.err" || rc=$?
        [ "$rc" -le 3 ] && [ "$rc" -ne 2 ] || { cat "$dir/mistake.err" >&2; exit "$rc"; }
        mistake="$(cat "$dir/mistake.json")"
    fi
    # The position at the first proven loss, when one was found.
    first="$(python3 -c '
import json, sys
first = (json.loads(sys.argv[1]).get("mistake") or {}).get("first_lost")
print("" if first is None else first)' "$mistake")"
    position="{}"
    if [ -n "$first" ]; then
        prefix "$dir/line.txt" "$first" > "$dir/prefix.txt"
        position="$("$patience" deal "${start[@]}" --moves-file "$dir/prefix.txt")"
    fi
    rows+=("$(python3 - "$variant" "$seed" "$dir/line.json" "$mistake" "$position" "$first" <<'PY'
import json, sys
variant, seed, line_path, mistake, position, first = sys.argv[1:7]
line = json.load(open(line_path))
mistake = json.loads(mistake).get("mistake") or {}
position = json.loads(position)
row = {"variant": variant, "seed": int(seed), "result": line["result"],
       "most_up": line.get("most_up"),
       "line_moves": len(line["furthest_line"]) if "furthest_line" in line else None,
       "first_lost": int(first) if first else None, "solved": mistake.get("solved"),
       "nodes": mistake.get("nodes")}
if position:
    row.update({"stock": len(position["stock"]), "waste": len(position["waste"]),
                "up": sum(len(pile) for pile in position["foundations"])})
print(json.dumps(row))
PY
)")
done
if [ "$json" = 1 ]; then
    printf '%s\n' "${rows[@]}"
    exit 0
fi
printf '%s\n' "${rows[@]}" > "$dir/rows.jsonl"
python3 - "$dir/rows.jsonl" <<'PY'
import json, sys
show = lambda v: "-" if v is None else str(v)
print(f"{'deal':22} {'result':8} {'most up':>7} {'line':>5} {'lost at':>7} {'stock':>5} "
      f"{'waste':>5} {'up':>4} {'nodes':>10}")
for line in open(sys.argv[1]):
    r = json.loads(line)
    deal = f"{r['variant']} {r['seed']}"
    print(f"{deal:22} {r['result']:8} {show(r['most_up']):>7} {show(r['line_moves']):>5} "
          f"{show(r['first_lost']):>7} {show(r.get('stock')):>5} {show(r.get('waste')):>5} "
          f"{show(r.get('up')):>4} {show(r['nodes']):>10}")
PY
