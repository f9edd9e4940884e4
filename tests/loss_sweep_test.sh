#!/usr/bin/env bash
# scripts/loss_sweep.sh: the batch's unknown deals each get a complete search whose answer is kept,
# the summary counts them, a run with the same folder solves nothing again and reports the answers
# found there (a `lost` one by its seed), a search that dies leaves no answer and is tried again,
# and bad input exits 2.
# Usage: tests/loss_sweep_test.sh [PATIENCE_BINARY]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/script_test_lib.sh" loss_sweep "$@"
sweep() {
    "$root/scripts/loss_sweep.sh" --variants emperor --seeds 562-565 --node-limit 2000 \
        --time-limit 1 --memory 16 --threads 2 --out "$work/sweep"
}

out=$(sweep) || fail "exit $?: $out"
line=$(grep '^emperor ' <<< "$out") || fail "no emperor line: $out"
read -r _ deals won lost unknown _ <<< "$line"
[ "$deals" -eq 4 ] || fail "4 deals, not $deals: $line"
[ $((won + lost + unknown)) -eq 4 ] || fail "the verdicts do not add up: $line"
# Emperor seed 563 is not decided at 2,000 nodes, nor by a second of complete search.
[ "$unknown" -ge 1 ] || fail "no deal left unknown at 2,000 nodes: $line"
answers=("$work"/sweep/complete/*.json)
[ "${#answers[@]}" -eq "$unknown" ] || fail "${#answers[@]} answers for $unknown unknown deals"
[ -f "$work/sweep/complete/emperor-563.json" ] || fail "no answer for seed 563"
grep -q '"result":"unknown"' "$work/sweep/complete/emperor-563.json" \
    || fail "seed 563 decided in a second: $(cat "$work/sweep/complete/emperor-563.json")"
grep -q 'open after' <<< "$line" || fail "the open deals are not told: $line"
grep -q '^furthest open complete searches .*emperor 563 ~' <<< "$out" \
    || fail "the furthest open searches are not told: $out"

# Again with the same folder: nothing is solved again, and the answers there are what is told,
# here one made to say `lost`.
sed -i 's/"result":"unknown"/"result":"lost"/' "$work/sweep/complete/emperor-563.json"
before=$(stat -c %Y "$work/sweep/complete/emperor-563.json")
sleep 1
out=$(sweep) || fail "the second run: exit $?: $out"
grep -q '^emperor .*lost \[563\]' <<< "$out" || fail "the loss in the folder is not told: $out"
[ "$(stat -c %Y "$work/sweep/complete/emperor-563.json")" -eq "$before" ] \
    || fail "seed 563 was solved again"

# A complete search that dies leaves no answer: the sweep says so and exits 1, printing the other
# answers. An answer file that does not read as one counts as none, and the next run solves that
# deal again.
fake="$work/fake-patience"
cat > "$fake" <<EOF
#!/usr/bin/env bash
[ "\$1" != solve ] || { echo '{"half'; kill -9 \$\$; }
exec "$PATIENCE" "\$@"
EOF
chmod +x "$fake"
rm "$work/sweep/complete/emperor-563.json"
code=0
out=$(PATIENCE="$fake" sweep 2>&1) || code=$?
[ "$code" -eq 1 ] || fail "a killed search: exit $code, not 1: $out"
[ ! -e "$work/sweep/complete/emperor-563.json" ] || fail "a killed search left an answer"
grep -q '^emperor .*1 without an answer' <<< "$out" || fail "the missing answer is not told: $out"
echo '{"half' > "$work/sweep/complete/emperor-563.json"
out=$(sweep) || fail "after a broken answer: exit $?: $out"
grep -q '"result":"unknown"' "$work/sweep/complete/emperor-563.json" \
    || fail "seed 563 was not solved again: $(cat "$work/sweep/complete/emperor-563.json")"

for bad in "--seeds 9-1" "--time-limit 0" "--node-limit many" "--variants no-such-game"; do
    code=0
    # shellcheck disable=SC2086
    "$root/scripts/loss_sweep.sh" $bad --out "$work/bad" > /dev/null 2>&1 || code=$?
    [ "$code" -eq 2 ] || fail "$bad: exit $code, not 2"
done
echo "loss_sweep_test: ok"
