#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) with clang, AddressSanitizer and UndefinedBehaviorSanitizer,
# and runs each for SECONDS (default 60) from the seed corpus in fuzz/corpus/ (copied to the build
# folder, where what the fuzzer learns is kept between runs). Prints per target the executions,
# their rate and the corpus size; a failed property or a crash stops that target, leaves the
# input in build-fuzz/artifacts/ and makes the script exit 1.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (targets: position solution batch_line options)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-60}"; shift || true
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=(position solution batch_line options)
build="$root/build-fuzz"

"$root/scripts/clang.sh"
CC=clang CXX=clang++ cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DPATIENCE_FUZZ=ON -DPATIENCE_SANITIZE=address,undefined -DPATIENCE_BUILD_TESTS=OFF \
    -DPATIENCE_BUILD_BENCH=OFF > /dev/null
cmake --build "$build" --target $(printf 'fuzz_%s ' "${targets[@]}") > /dev/null

mkdir -p "$build/artifacts"
status=0
for target in "${targets[@]}"; do
    corpus="$build/corpus/$target"
    mkdir -p "$corpus"
    cp -n "$root/fuzz/corpus/$target"/* "$corpus/" 2>/dev/null || true
    log="$build/fuzz_$target.log"
    if "$build/fuzz/fuzz_$target" "$corpus" -max_total_time="$seconds" -max_len=65536 \
            -artifact_prefix="$build/artifacts/${target}-" -print_final_stats=1 > "$log" 2>&1; then
        result="ok"
    else
        result="FAILED (see $log and $build/artifacts/)"
        status=1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    echo "fuzz_$target: ${runs:-?} runs in ${seconds}s, ${rate:-?}/s, corpus $(ls "$corpus" | wc -l) inputs: $result"
done
exit "$status"
