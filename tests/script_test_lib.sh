# Sourced by the tests of scripts/ (tests/*_test.sh): sets `root` (the checkout), exports PATIENCE
# (the binary: the test's first argument, else $PATIENCE, else the build's), makes a scratch folder
# `work` that is removed on exit, and defines fail(), which names the test and exits 1.
# Usage, at the top of a test: . "$(dirname "${BASH_SOURCE[0]}")/script_test_lib.sh" NAME "$@"
test_name="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATIENCE="${2:-${PATIENCE:-$root/build/solver/cli/patience}}"
work="$(mktemp -d "/tmp/patience-${test_name//_/-}.XXXXXX")"
trap 'rm -rf "$work"' EXIT
fail() { echo "${test_name}_test: FAILED: $*" >&2; exit 1; }
