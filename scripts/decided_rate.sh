#!/usr/bin/env bash
# The decided-rate harness: solves a seed range of every variant at one or more node budgets with
# `patience batch` and prints, per variant and budget, won / lost / unknown, the decided share, and
# the median, 90th and 99th percentile of nodes per deal (and of nodes per decided deal), and over
# the deals left unknown, the mean of the most cards up in a position searched ("unk up", a share
# of the deal's cards: how far the best lines got where nothing was decided; "-" without unknown
# deals, or with batch files written before it was recorded). Every search change quotes its
# output before and after.
#
# Usage: scripts/decided_rate.sh [--seeds A-B] [--budgets N[,N...]] [--variants V[,V...]|all]
#                                [--ranks R] [--threads T] [--memory MIB] [--disable LIST]
#                                [--keep DIR] [--against DIR] [--json]
#   --seeds     seed range (default 1-200)
#   --budgets   node limits, comma-separated (default 1000000)
#   --variants  variants (default all)
#   --ranks     ranks per suit (default 13): reduced decks, where a game too hard at full rank
#               can still be told apart (e.g. Malmaison with 10 to 12)
#   --threads   batch workers (default: every core)
#   --memory    MiB of tables in all (default: batch's, 64 per worker)
#   --disable   search techniques to switch off (batch --disable), for ablation
#   --keep DIR  keep the batch files in DIR (default: a temporary folder, removed at the end); a
#               run with the same DIR resumes, since batch skips finished deals
#   --against DIR  compare each budget's batch file, deal by deal, with the file of the same name
#               in DIR (an earlier run's --keep, e.g. before a search change): `patience compare`'s
#               table after the harness's (with --json, one {"against", "budget", "rows"} line
#               each); exit 1 where the two runs disagree on a verdict or break the budgets
#   --json      print one JSON object per (variant, budget) line instead of the table
# PATIENCE=path/to/patience overrides the binary (default build/solver/cli/patience).
# Before and after a search change, deal by deal (the old binary built from the commit before):
#   PATIENCE=old/patience scripts/decided_rate.sh --seeds 1-1000 --keep before
#   scripts/decided_rate.sh --seeds 1-1000 --keep after --against before
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
patience="${PATIENCE:-$root/build/solver/cli/patience}"
seeds="1-200"; budgets="1000000"; variants="all"; ranks=13; threads=""; memory=""; disable=""
keep=""; against=""; json=0
while [ $# -gt 0 ]; do
    case "$1" in
        --seeds) seeds="$2"; shift 2 ;;
        --budgets) budgets="$2"; shift 2 ;;
        --variants) variants="$2"; shift 2 ;;
        --ranks) ranks="$2"; shift 2 ;;
        --threads) threads="$2"; shift 2 ;;
        --memory) memory="$2"; shift 2 ;;
        --disable) disable="$2"; shift 2 ;;
        --keep) keep="$2"; shift 2 ;;
        --against) against="$2"; shift 2 ;;
        --json) json=1; shift ;;
        -h|--help) sed -n '2,31p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "decided_rate.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
done
[ -x "$patience" ] || { echo "decided_rate.sh: $patience not built (run scripts/setup.sh)" >&2; exit 2; }
[ -z "$against" ] || [ -d "$against" ] || { echo "decided_rate.sh: --against $against: no such folder" >&2; exit 2; }
if [ -n "$keep" ]; then dir="$keep"; mkdir -p "$dir"; else
    dir="$(mktemp -d)"; trap 'rm -rf "$dir"' EXIT
fi
extra=(--ranks "$ranks")
[ -n "$threads" ] && extra+=(--threads "$threads")
[ -n "$memory" ] && extra+=(--memory "$memory")
[ -n "$disable" ] && extra+=(--disable "$disable")
reduced=""; [ "$ranks" != 13 ] && reduced="-r$ranks"
files=()
for budget in ${budgets//,/ }; do
    file="$dir/decided-${seeds}${reduced}-n${budget}${disable:+-without-${disable//,/-}}.jsonl"
    echo "decided_rate.sh: seeds $seeds, $variants, $ranks ranks, node limit $budget -> $file" >&2
    "$patience" batch --variant "$variants" --seeds "$seeds" --node-limit "$budget" \
        --out "$file" "${extra[@]}" > /dev/null
    # The unknown deals' most cards up, as `stats` sums them up.
    "$patience" stats --json "$file" > "$file.stats.json"
    files+=("$budget=$file")
done
python3 - "$json" "${files[@]}" <<'PY'
import json, sys

def percentile(values, p):
    if not values:
        return None
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]

as_json = sys.argv[1] == "1"
rows = []
for spec in sys.argv[2:]:
    budget, path = spec.split("=", 1)
    # The share of the deal's cards (every copy of every card) up in the furthest position,
    # averaged over the unknown deals.
    unknown_up = {}
    for row in json.load(open(path + ".stats.json"))["variants"]:
        up = row["unknown_most_up"]
        unknown_up[row["variant"]] = None if up is None else up["mean"] / up["deal_cards"]
    by_variant = {}
    for line in open(path):
        d = json.loads(line)
        by_variant.setdefault(d["variant"], []).append(d)
    for variant, deals in by_variant.items():
        count = {r: sum(d["result"] == r for d in deals) for r in ("won", "lost", "unknown")}
        nodes = [d["nodes"] for d in deals]
        decided = [d["nodes"] for d in deals if d["result"] != "unknown"]
        rows.append({
            "variant": variant, "ranks": deals[0].get("ranks", 13), "budget": int(budget),
            "deals": len(deals), **count,
            "decided": (count["won"] + count["lost"]) / len(deals),
            "nodes_median": percentile(nodes, 0.5), "nodes_p90": percentile(nodes, 0.9),
            "nodes_p99": percentile(nodes, 0.99),
            "decided_nodes_median": percentile(decided, 0.5),
            "decided_nodes_p90": percentile(decided, 0.9),
            "decided_nodes_p99": percentile(decided, 0.99),
            "seconds": sum(d["ms"] for d in deals) / 1000.0,
            "unknown_most_up": unknown_up.get(variant),
        })
if as_json:
    for r in rows:
        print(json.dumps(r))
    sys.exit(0)
fmt = lambda v: "-" if v is None else str(v)
share = lambda v: "-" if v is None else f"{100 * v:.1f}%"
header = (f"{'variant':15} {'budget':>9} {'deals':>6} {'won':>5} {'lost':>5} {'unknown':>7} "
          f"{'decided':>8} {'med':>9} {'p90':>9} {'p99':>9} {'dec med':>9} {'dec p90':>9} "
          f"{'dec p99':>9} {'cpu s':>8} {'unk up':>7}")
print(header)
for r in rows:
    print(f"{r['variant']:15} {r['budget']:>9} {r['deals']:>6} {r['won']:>5} {r['lost']:>5} "
          f"{r['unknown']:>7} {100 * r['decided']:>7.1f}% {fmt(r['nodes_median']):>9} "
          f"{fmt(r['nodes_p90']):>9} {fmt(r['nodes_p99']):>9} {fmt(r['decided_nodes_median']):>9} "
          f"{fmt(r['decided_nodes_p90']):>9} {fmt(r['decided_nodes_p99']):>9} {r['seconds']:>8.1f} "
          f"{share(r['unknown_most_up']):>7}")
PY

# Each budget's run against the earlier run's file of the same name, deal by deal.
status=0
[ -n "$against" ] || exit 0
for spec in "${files[@]}"; do
    budget="${spec%%=*}"; file="${spec#*=}"
    before="$against/$(basename "$file")"
    if [ ! -f "$before" ]; then
        echo "decided_rate.sh: --against: no $before to compare node limit $budget with" >&2
        continue
    fi
    set +e
    if [ "$json" = 1 ]; then
        "$patience" compare "$before" "$file" --json | python3 -c '
import json, sys
print(json.dumps({"against": sys.argv[1], "budget": int(sys.argv[2]), **json.load(sys.stdin)}))
' "$before" "$budget"
        rc=${PIPESTATUS[0]}
    else
        echo
        echo "against $before (node limit $budget):"
        "$patience" compare "$before" "$file"
        rc=$?
    fi
    set -e
    [ "$rc" -eq 0 ] || status=1
done
exit "$status"
