#!/usr/bin/env bash
# The decided-rate harness (scripts/decided_rate.sh): one JSON row per variant and budget whose
# counts add up to the seeds, on reduced decks with --ranks (its files and rows say which); a
# larger budget decides at least the deals a smaller one does (the search is budget-monotone);
# run again --against the first, every deal is identical; and a rank count a variant cannot be
# dealt with fails as the batch does, with exit code 2.
# Usage: tests/decided_rate_test.sh [PATIENCE_BINARY]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/script_test_lib.sh" decided_rate "$@"

"$root/scripts/decided_rate.sh" --seeds 1-6 --variants malmaison,emperor --ranks 9 \
    --budgets 300,30000 --threads 2 --keep "$work" --json > "$work/rows" 2> /dev/null
for budget in 300 30000; do
    file="$work/decided-1-6-r9-n$budget.jsonl"
    [ -f "$file" ] || fail "no $file"
    [ "$(grep -c '"ranks":9' "$file")" -eq 12 ] || fail "$file: not 12 deals with 9 ranks"
done
python3 - "$work/rows" <<'PY' || fail "rows"
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
assert len(rows) == 4, rows
decided = {}
for r in rows:
    assert r["ranks"] == 9 and r["deals"] == 6, r
    assert r["won"] + r["lost"] + r["unknown"] == 6, r
    decided[(r["variant"], r["budget"])] = r["won"] + r["lost"]
for variant in ("malmaison", "emperor"):
    assert decided[(variant, 30000)] >= decided[(variant, 300)], decided
# The small budget must leave something to decide, or the comparison above proves nothing.
assert sum(decided[(v, 300)] for v in ("malmaison", "emperor")) < 12, decided
PY

# The same run again, against the first: every deal identical, nothing gained or dropped.
mkdir -p "$work/again"
"$root/scripts/decided_rate.sh" --seeds 1-6 --variants malmaison,emperor --ranks 9 \
    --budgets 300,30000 --threads 2 --keep "$work/again" --against "$work" --json \
    > "$work/against" 2> /dev/null || fail "--against: exit code $?"
python3 - "$work/against" <<'PY' || fail "--against rows"
import json, sys
lines = [json.loads(line) for line in open(sys.argv[1])]
compared = [c for c in lines if "against" in c]
assert sorted(c["budget"] for c in compared) == [300, 30000], lines
for c in compared:
    assert len(c["rows"]) == 2, c
    for r in c["rows"]:
        assert r["paired"] == 6 and r["identical"] == 6, r
        assert r["gained"] == 0 and r["dropped"] == 0 and r["conflicts"] == 0, r
PY

"$root/scripts/decided_rate.sh" --seeds 1-2 --variants double-dot --keep "$work" \
    > "$work/table" 2> /dev/null
[ -f "$work/decided-1-2-n1000000.jsonl" ] || fail "full rank: no decided-1-2-n1000000.jsonl"
grep -q '^double-dot ' "$work/table" || fail "full rank: no double-dot row"

set +e
"$root/scripts/decided_rate.sh" --seeds 1-2 --variants double-dot --ranks 8 --keep "$work" \
    > /dev/null 2> "$work/err"
rc=$?
set -e
[ "$rc" -eq 2 ] || fail "double-dot with 8 ranks: exit code $rc, not 2"
grep -q "odd number of ranks" "$work/err" || fail "double-dot with 8 ranks: $(cat "$work/err")"
echo "decided_rate_test: ok"
