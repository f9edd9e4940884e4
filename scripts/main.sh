#!/usr/bin/env bash
# Sets everything up, builds, and runs the main job: a batch over seeds 1-100 of every variant at
# the default limits (a few minutes on 2 cores), then its statistics and the HTML report
# (scripts/report.py), whose path it prints last. The batch file is kept in build/, so running
# this again resumes instead of starting over.
# SEEDS=A-B, RANKS=R and NODE_LIMIT=N change the run.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh" "$root/build"
patience="$root/build/solver/cli/patience"
seeds="${SEEDS:-1-100}"
ranks="${RANKS:-13}"
node_limit="${NODE_LIMIT:-1000000}"
out="$root/build/main-batch-${seeds}-r${ranks}-n${node_limit}.jsonl"
"$patience" batch --variant all --seeds "$seeds" --ranks "$ranks" --node-limit "$node_limit" \
    --out "$out" > /dev/null
echo "results: $out"
"$patience" stats "$out"
report="${out%.jsonl}.html"
PATIENCE="$patience" "$root/scripts/report.py" "$out" --out "$report" > /dev/null
echo "report: $report"
