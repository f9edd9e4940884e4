#!/usr/bin/env bash
# A proof of loss for one deal or position, made twice at the same time with independent position
# keys (`solve --key-set 0` and `--key-set 1`): the confirmation `--confirm-lost` would make after
# the proof, without waiting for it. Both runs spend every node on the complete search
# (`--disable probes`: the probes look only for wins) and have no node limit. Each writes its
# answer, with `--histogram`, to OUT/keys-K.txt and its progress to OUT/keys-K.log. Prints both
# answers; exits 0 when both say `lost`, 1 when either says `won` (the position is won: the win was
# replayed), 3 otherwise (a limit was hit, or a run was killed or crashed: said so), 2 on bad input.
#
# Usage: scripts/prove_lost.sh [--memory MIB] [--threads T] [--time-limit S] [--out DIR] START...
#   START         what `patience solve` takes: --variant V --seed N [--ranks R], --pysol N, or
#                 --position FILE, with --moves (and --proof-effort K) where wanted
#   --memory      MiB of table for each of the two runs (default 4096)
#   --threads     threads for each run (default 1; the two runs use twice as many cores)
#   --time-limit  seconds each run may take (default 0: no limit)
#   --out         folder for the answers and logs (default: a new one under /tmp)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
patience="${PATIENCE:-$root/build/solver/cli/patience}"
memory=4096
threads=1
time_limit=0
out=""
start=()
fail() { echo "prove_lost.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case "$1" in
        --memory) memory="${2:?--memory needs a number of MiB}"; shift 2 ;;
        --threads) threads="${2:?--threads needs a number}"; shift 2 ;;
        --time-limit) time_limit="${2:?--time-limit needs seconds}"; shift 2 ;;
        --out) out="${2:?--out needs a folder}"; shift 2 ;;
        -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) start+=("$1"); shift ;;
    esac
done
[ ${#start[@]} -gt 0 ] || fail "no start (--variant V --seed N, --pysol N or --position FILE)"
[ -x "$patience" ] || fail "$patience not built (run scripts/setup.sh)"
[ -n "$out" ] || out="$(mktemp -d /tmp/prove_lost.XXXXXX)"
mkdir -p "$out" || fail "cannot make $out"

# Both runs in the background; the start and options are checked by the first one to fail.
pids=()
for keys in 0 1; do
    "$patience" solve "${start[@]}" --disable probes --node-limit 0 --memory "$memory" \
        --threads "$threads" --time-limit "$time_limit" --key-set "$keys" --histogram \
        --progress-every 60 > "$out/keys-$keys.txt" 2> "$out/keys-$keys.log" &
    pids+=("$!")
done
trap 'kill "${pids[@]}" 2> /dev/null || true' INT TERM
codes=()
for pid in "${pids[@]}"; do
    code=0
    wait "$pid" || code=$?
    codes+=("$code")
done
for keys in 0 1; do
    if [ "${codes[$keys]}" -eq 2 ]; then
        cat "$out/keys-$keys.log" >&2
        exit 2
    fi
    case "${codes[$keys]}" in
        0|1|3) echo "keys $keys: $(head -n 3 "$out/keys-$keys.txt" | tr '\n' ' ')" ;;
        *) echo "keys $keys: the search ended with code ${codes[$keys]} (killed or crashed," \
                "no answer; see $out/keys-$keys.log)" ;;
    esac
done
echo "answers in $out"
# solve's exit codes: 0 won, 1 lost, 3 unknown (README, Exit codes).
if [ "${codes[0]}" -eq 1 ] && [ "${codes[1]}" -eq 1 ]; then exit 0; fi
if [ "${codes[0]}" -eq 0 ] || [ "${codes[1]}" -eq 0 ]; then exit 1; fi
exit 3
