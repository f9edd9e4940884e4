#!/usr/bin/env bash
# scripts/ablate_losses.sh: a Malmaison end game that is lost stays lost (or unknown) with each
# technique switched off, and the script says so and exits 0; a batch line that calls a won deal
# lost (Diplomat seed 1, forged here) is reported as won without a technique and exits 1; bad
# input exits 2.
# Usage: tests/ablate_losses_test.sh [PATIENCE_BINARY]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/script_test_lib.sh" ablate_losses "$@"
script="$root/scripts/ablate_losses.sh"

# The Malmaison end game of Capacity.MalmaisonIsTestedFromEndGamesOnly (lost in 22 nodes; 820,704
# without the capacity test and the waste-drain test, which each prove it alone, so `unknown`
# without both at 20,000 nodes).
end_game="$root/tests/positions/malmaison_end_game.json"

out=$("$script" --node-limit 20000 --techniques waste-drain "$end_game") \
    || fail "a loss that stays lost without the waste-drain test: exit $?"
grep -Eq '^waste-drain +1 lost +0 unknown +0 won' <<< "$out" || fail "waste-drain line: $out"
out=$("$script" --node-limit 20000 --disable waste-drain --techniques capacity,dead-ends \
    "$end_game") \
    || fail "a loss that stays lost: exit $?"
grep -q '^1 losses' <<< "$out" || fail "the loss not found: $out"
grep -Eq '^capacity +0 lost +1 unknown +0 won' <<< "$out" || fail "capacity line: $out"
grep -Eq '^dead-ends +1 lost +0 unknown +0 won' <<< "$out" || fail "dead-ends line: $out"

echo '{"variant":"diplomat","seed":1,"ranks":13,"result":"lost"}' > "$work/forged.jsonl"
echo '{"variant":"diplomat","seed":2,"ranks":13,"result":"won"}' >> "$work/forged.jsonl"
code=0
out=$("$script" --techniques capacity "$work/forged.jsonl") || code=$?
[ "$code" -eq 1 ] || fail "a won deal called lost: exit $code, not 1: $out"
grep -q '^WON without capacity: --variant diplomat --seed 1 --ranks 13' <<< "$out" \
    || fail "the won deal not named: $out"

echo 'not json' > "$work/bad.jsonl"
code=0
"$script" "$work/bad.jsonl" > /dev/null 2>&1 || code=$?
[ "$code" -eq 2 ] || fail "a bad batch file: exit $code, not 2"
code=0
"$script" --techniques no-such-technique "$end_game" > /dev/null 2>&1 || code=$?
[ "$code" -eq 2 ] || fail "an unknown technique: exit $code, not 2"
echo "ablate_losses_test: ok"
