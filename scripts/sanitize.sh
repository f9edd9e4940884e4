#!/usr/bin/env bash
# The test suite under sanitizers, in a build folder of its own (optimised, with debug info, so
# that it fits CI's time). Usage:
#   scripts/sanitize.sh          AddressSanitizer + UndefinedBehaviorSanitizer, the whole suite
#                                (the Slurm and report scripts aside: they only drive the binary;
#                                and two long tests, see below)
#   scripts/sanitize.sh thread   ThreadSanitizer on the tests that run threads, with the
#                                suppressions of tests/tsan.supp (Debian's libtbb is not built for
#                                ThreadSanitizer: only races inside it are silenced)
# Any report fails the run: ASan, UBSan (halt_on_error) and TSan all exit non-zero.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
kind="${1:-address}"
case "$kind" in
    address) sanitizers=address,undefined; build="$root/build-asan" ;;
    thread) sanitizers=thread; build="$root/build-tsan" ;;
    *) echo "usage: $0 [address|thread]" >&2; exit 2 ;;
esac
"$root/scripts/setup.sh" "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DPATIENCE_SANITIZE="$sanitizers" -DPATIENCE_BUILD_BENCH=OFF
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export ASAN_OPTIONS="detect_leaks=1"
export TSAN_OPTIONS="halt_on_error=1:suppressions=$root/tests/tsan.supp"
cd "$build"
if [ "$kind" = address ]; then
    # Two long tests are left to the plain build: they run the dead-end test and the restarting
    # probes over many reference-searched positions, code that the other tests here run too, and
    # under the sanitizers they took 125 s and 112 s of CI's 20 minutes.
    ctest --output-on-failure -j "$(nproc)" --timeout 1800 -LE 'slurm|report' \
        -E '^(DeadEnd\.EveryCalledLossIsLostForTheReference_ReducedDecks|Restarts\.LaterRunsSkipWhatEarlierRunsExhausted)$'
else
    ./tests/patience_tests --gtest_filter='*Thread*:*Batch*:*Parallel*:*Shard*:*TranspositionTable*:Cli.Batch*:Cli.Shard*:Cli.ASecond*:Cli.ABatch*'
fi
