#!/usr/bin/env bash
# scripts/ablate_losses.sh: a Malmaison end game that is lost stays lost (or unknown) with each
# technique switched off, and the script says so and exits 0; a batch line that calls a won deal
# lost (Diplomat seed 1, forged here) is reported as won without a technique and exits 1; bad
# input exits 2.
# Usage: tests/ablate_losses_test.sh [PATIENCE_BINARY]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATIENCE="${1:-${PATIENCE:-$root/build/solver/cli/patience}}"
work="$(mktemp -d /tmp/patience-ablate.XXXXXX)"
trap 'rm -rf "$work"' EXIT
fail() { echo "ablate_losses_test: FAILED: $*" >&2; exit 1; }
script="$root/scripts/ablate_losses.sh"

# The Malmaison end game of Capacity.MalmaisonIsTestedFromEndGamesOnly (lost in 22 nodes; 820,704
# without the capacity test, so `unknown` without it at 20,000 nodes).
cat > "$work/end_game.json" <<'JSON'
{"variant": "malmaison",
 "tableau": [[], ["5H", "6D", "JC", "10C", "9C", "8C", "7C", "6C"],
  ["JS", "6C", "JC", "8D", "7D", "6D"], ["KC", "QC", "JC", "10C", "9C", "8C"],
  ["9D", "9C", "QH", "8C", "3H"], ["JD"], ["6S", "5S", "4S"], ["KS", "QS", "JS"],
  ["10H", "7H", "7C"], ["JS", "JH", "10H", "9H", "8H", "7H"]],
 "stock": ["7C", "AD", "QH", "QC", "9S", "4D", "9H"],
 "waste": ["KH", "10H", "KH", "8S", "QH", "5H", "QS", "JC", "5D", "KS", "KC", "2H", "QS", "9S",
  "5H", "5C", "9H", "3C", "3C", "9S", "JS", "9S", "KS", "4H", "6H", "10S", "KD", "5C", "JH", "JH",
  "5D", "KH", "10C", "4C", "8S", "10D", "10S", "8D", "5C", "4C", "8H", "3C", "10S", "4D", "9D",
  "KD", "KC", "10C", "KC", "3D", "QC", "4H", "2D", "8H", "QC", "10D", "7S", "10S", "4C", "6H",
  "KS", "QS", "7H", "QD", "JD", "7D", "3S", "QD", "6C", "6H"],
 "foundations": [["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"], ["AC", "2C"],
  ["AC", "2C"], ["AC", "2C"],
  ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD"],
  ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD"],
  ["AD", "2D", "3D"], [],
  ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"],
  ["AH", "2H", "3H", "4H"], ["AH", "2H", "3H"], ["AH"],
  ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"],
  ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"],
  ["AS", "2S", "3S", "4S", "5S", "6S", "7S"], ["AS", "2S"]]}
JSON

out=$("$script" --node-limit 20000 --techniques capacity,dead-ends "$work/end_game.json") \
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
"$script" --techniques no-such-technique "$work/end_game.json" > /dev/null 2>&1 || code=$?
[ "$code" -eq 2 ] || fail "an unknown technique: exit $code, not 2"
echo "ablate_losses_test: ok"
