#!/usr/bin/env bash
# scripts/proof_frontier.sh: along Emperor seed 563's furthest line, the position it names is
# proven lost and the one before it is not, at the same node limit; its stock, waste and cards up
# are that position's; a kept line is read back to the same answer; a won deal (Double Dot 1) has
# no line; bad input exits 2; the lines of bench/frontier-lines replay. The solves leave the
# capacity and waste-drain tests out (--disable, passed on to each): the relaxed search of a start
# with few stock cards and the moments of a start's waste take seconds whatever the node limit
# (the capacity test made this test take 100 s instead of a few, the waste drain 101 s).
# Usage: tests/proof_frontier_test.sh [PATIENCE_BINARY]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/script_test_lib.sh" proof_frontier "$@"
script="$root/scripts/proof_frontier.sh"
field() { python3 -c 'import json, sys; v = json.loads(sys.argv[1])[sys.argv[2]]
print("null" if v is None else v)' "$1" "$2"; }

# The options of every solve, the script's and this test's own.
solve_limits=(--node-limit 5000 --disable capacity,waste-drain)
limits=(--json "${solve_limits[@]}" --lines "$work/lines")
rows=$("$script" "${limits[@]}" emperor:563 double-dot:1 2>/dev/null) || fail "exit $?"
lost=$(sed -n 1p <<< "$rows"); won=$(sed -n 2p <<< "$rows")
[ "$(field "$lost" result)" = unknown ] || fail "Emperor 563: $lost"
first=$(field "$lost" first_lost)
[ "$first" -gt 0 ] || fail "no first loss: $lost"
line="$work/lines/emperor-563.moves"
[ -s "$line" ] || fail "the line was not kept"
[ "$(wc -w < "$line")" -eq "$(field "$lost" line_moves)" ] || fail "line length: $lost"

# The position named, and the one before it, solved again at the same limit.
words() { tr -s ' \n' '\n\n' < "$line" | grep -v '^$' | head -n "$1" | tr '\n' ' '; }
solve_at() {
    words "$1" > "$work/prefix"
    code=0
    "$PATIENCE" solve --variant emperor --seed 563 --moves-file "$work/prefix" \
        "${solve_limits[@]}" --progress-every 0 > "$work/answer" || code=$?
    echo "$code"
}
[ "$(solve_at "$first")" -eq 1 ] || fail "position $first is not lost: $(cat "$work/answer")"
[ "$(solve_at $((first - 1)))" -ne 1 ] || fail "position $((first - 1)) is lost too"
words "$first" > "$work/prefix"
position=$("$PATIENCE" deal --variant emperor --seed 563 --moves-file "$work/prefix")
stock=$(python3 -c 'import json, sys; print(len(json.loads(sys.argv[1])["stock"]))' "$position")
[ "$stock" -eq "$(field "$lost" stock)" ] || fail "stock $stock: $lost"

# Read back from the kept line: the same position.
again=$("$script" "${limits[@]}" emperor:563 2>/dev/null) || fail "again: exit $?"
[ "$(field "$again" result)" = kept ] || fail "not read back: $again"
[ "$(field "$again" first_lost)" = "$first" ] || fail "another first loss: $again"
[ "$(field "$again" most_up)" = "$(field "$lost" most_up)" ] || fail "cards up: $again"

[ "$(field "$won" result)" = won ] || fail "Double Dot 1: $won"
[ "$(field "$won" first_lost)" = null ] || fail "a won deal with a loss: $won"

code=0; "$script" > /dev/null 2>&1 || code=$?
[ "$code" -eq 2 ] || fail "no deal: exit $code, not 2"
code=0; "$script" --node-limit 1000 no-such-game:1 > /dev/null 2>&1 || code=$?
[ "$code" -eq 2 ] || fail "an unknown variant: exit $code, not 2"
# --disable reaches the solves: a technique that is none is refused by them.
code=0
"$script" --node-limit 1000 --disable no-such-technique emperor:7 > /dev/null 2>&1 || code=$?
[ "$code" -eq 2 ] || fail "an unknown technique: exit $code, not 2"
echo "draw x" > "$work/lines/emperor-7.moves"
code=0; "$script" --lines "$work/lines" emperor:7 > /dev/null 2>&1 || code=$?
[ "$code" -eq 2 ] || fail "a kept line with a token that is no move: exit $code, not 2"
# The lines kept for comparisons replay from their deals.
for kept in "$root"/bench/frontier-lines/*.moves; do
    name="$(basename "$kept" .moves)"
    "$PATIENCE" deal --variant "${name%-*}" --seed "${name##*-}" --moves-file "$kept" > /dev/null \
        || fail "$kept does not replay"
done
echo "proof_frontier_test: ok"
