#!/usr/bin/env bash
# Diffs `patience deal` against scripts/deal_reference.py over many (variant, seed, ranks): a long
# cross-check of the C++ deal generator against an independent implementation of SPEC §3.
# Not part of CI.
#
# usage: scripts/check_deals.sh [PATIENCE_BINARY] [SEEDS_PER_VARIANT_AND_RANKS]
#   defaults: build/solver/cli/patience, 20 seeds (0..19, plus a few edge seeds)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
binary="${1:-$here/../build/solver/cli/patience}"
seeds="${2:-20}"
reference="$here/deal_reference.py"

if [[ ! -x "$binary" ]]; then
    echo "check_deals.sh: no patience binary at $binary" >&2
    exit 2
fi

edge_seeds=(12345 4294967295 4294967296 9223372036854775807 9223372036854775808
            18446744073709551614 18446744073709551615)
variants=(diplomat malmaison lady-palk double-dot emperor emperor-modern)

compared=0
differ=0
for variant in "${variants[@]}"; do
    for ranks in $(seq 1 13); do
        if [[ "$variant" == double-dot ]] && (( ranks < 3 || ranks % 2 == 0 )); then
            continue
        fi
        for seed in $(seq 0 $((seeds - 1))) "${edge_seeds[@]}"; do
            compared=$((compared + 1))
            if ! cmp -s <("$binary" deal --variant "$variant" --seed "$seed" --ranks "$ranks") \
                        <(python3 "$reference" "$variant" "$seed" "$ranks"); then
                differ=$((differ + 1))
                echo "differ: $variant seed $seed ranks $ranks"
            fi
        done
    done
done

echo "compared $compared deals, $differ differ"
[[ "$differ" -eq 0 ]]
