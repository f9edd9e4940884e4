#!/usr/bin/env bash
# Full-rank end games against the reference search, the large version of the test
# DeadEnd.FullRankEndGamesAgreeWithTheReference: per variant, positions from playouts of real
# deals (tests/end_games.hpp), each decided by the exhaustive reference search, then solved by the
# fast solver with every technique and with each pruning technique off in turn (every verdict
# must agree, and the dead-end test must never call a won position lost). Prints per variant how
# many are lost, how many of those the dead-end test sees at once, and the median nodes to prove
# a loss. Exits non-zero on any disagreement.
# Usage: scripts/end_games.sh [COUNT] [CARDS_LEFT] [REFERENCE_NODE_CAP] [FIRST_SEED]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tool="${DIFFERENTIAL:-$root/build/tests/patience_differential}"
count="${1:-100}"; cards_left="${2:-20}"; cap="${3:-200000}"; first="${4:-1}"
[ -x "$tool" ] || { echo "end_games.sh: $tool not built (run scripts/setup.sh)" >&2; exit 2; }
status=0
for variant in diplomat malmaison lady-palk double-dot emperor emperor-modern; do
    "$tool" endgames "$variant" "$first" "$count" "$cards_left" "$cap" || status=1
done
exit "$status"
