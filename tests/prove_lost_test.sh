#!/usr/bin/env bash
# scripts/prove_lost.sh: a lost Malmaison end game is proven lost under both key sets (exit 0, both
# answers kept with their histograms); a won deal exits 1; a run stopped by its time limit exits 3;
# bad input exits 2 with the solver's own message.
# Usage: tests/prove_lost_test.sh [PATIENCE_BINARY]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/script_test_lib.sh" prove_lost "$@"
script="$root/scripts/prove_lost.sh"
end_game="$root/tests/positions/malmaison_end_game.json"

out=$("$script" --memory 16 --out "$work/lost" --position "$end_game") || fail "a loss: exit $?"
grep -q '^keys 0: result: lost ' <<< "$out" || fail "key set 0: $out"
grep -q '^keys 1: result: lost ' <<< "$out" || fail "key set 1: $out"
grep -q '^key set: 1$' "$work/lost/keys-1.txt" || fail "the second run's keys: $(cat "$work/lost/keys-1.txt")"
grep -q 'complete search: ' "$work/lost/keys-0.txt" || fail "no histogram: $(cat "$work/lost/keys-0.txt")"

code=0
out=$("$script" --memory 16 --out "$work/won" --variant diplomat --seed 1) || code=$?
[ "$code" -eq 1 ] || fail "a won deal: exit $code, not 1: $out"
grep -q '^keys 0: result: won ' <<< "$out" || fail "the win: $out"

# Emperor seed 563 is not decided within a second (its complete search alone needs far more).
code=0
out=$("$script" --memory 16 --time-limit 1 --out "$work/open" --variant emperor --seed 563) \
    || code=$?
[ "$code" -eq 3 ] || fail "a run stopped by its time limit: exit $code, not 3: $out"

code=0
err=$("$script" --memory 16 --out "$work/bad" --variant no-such-game --seed 1 2>&1 > /dev/null) \
    || code=$?
[ "$code" -eq 2 ] || fail "an unknown variant: exit $code, not 2"
grep -q "unknown variant" <<< "$err" || fail "the solver's message missing: $err"
code=0
"$script" > /dev/null 2>&1 || code=$?
[ "$code" -eq 2 ] || fail "no start: exit $code, not 2"
echo "prove_lost_test: ok"
