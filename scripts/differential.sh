#!/usr/bin/env bash
# The large differential run: the fast solver against the exhaustive reference solver on
# thousands of reduced deals and random positions per variant. Exits non-zero on any
# disagreement. Usage: scripts/differential.sh [SEEDS] [RANDOM_POSITIONS] [REFERENCE_NODE_CAP]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tool="${DIFFERENTIAL:-$root/build/tests/patience_differential}"
seeds="${1:-2000}"; randoms="${2:-2000}"; cap="${3:-200000}"
status=0
for variant in diplomat malmaison lady-palk emperor emperor-modern; do
    for ranks in 3 4 5; do
        "$tool" "$variant" "$ranks" 1 "$seeds" "$randoms" "$cap" || status=1
    done
done
for ranks in 3 5; do
    "$tool" double-dot "$ranks" 1 "$seeds" "$randoms" "$cap" || status=1
done
exit "$status"
