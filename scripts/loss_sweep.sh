#!/usr/bin/env bash
# Where are the lost deals? Solves a seed range of each variant with `patience batch` at one node
# budget, then gives every deal the batch left unknown to the complete search alone (`solve
# --disable probes`: the one search whose exhaustion proves a loss) for a fixed time, several
# deals side by side, one thread each. Prints, per variant, the deals and what the batch decided,
# then what the complete search made of the unknown ones: the seeds it proved lost (confirm each
# with scripts/prove_lost.sh, which proves it again with independent keys), the seeds it won, and
# how many stayed open, with their nodes, and the open ones whose complete search got furthest
# (its estimate of the share of its tree done: a rough guide to which deal a longer proof of loss
# may finish, on more cores with scripts/prove_lost.sh). Resumable: the batch files and the complete searches'
# answers stay in OUT, and a run with the same OUT solves only what is missing there.
#
# Usage: scripts/loss_sweep.sh [--variants V[,V...]|all] [--seeds A-B] [--ranks R]
#                              [--node-limit N] [--time-limit S] [--memory MIB] [--threads T]
#                              [--out DIR]
#   --variants    default: diplomat,lady-palk,emperor,emperor-modern (Malmaison's deals are
#                 nearly all unknown to the batch, Double Dot's all won)
#   --seeds       seed range (default 1-1000)
#   --ranks       ranks per suit (default 13)
#   --node-limit  the batch's budget per deal (default 1000000)
#   --time-limit  seconds of complete search per unknown deal (default 60)
#   --memory      MiB of table per complete search (default 1024; the batch takes 64 per worker)
#   --threads     batch workers, and complete searches side by side (default: every core)
#   --out         folder for the batch files and the answers (default: a new one under /tmp)
# Exits 0 when every search ran (whatever it found), 2 on bad input, 1 when some complete search
# ended without an answer (killed, crashed, or still running at twice its time limit plus a
# minute, when the sweep stops it): the others' answers are kept and printed, and a run with the
# same OUT tries that deal again.
# PATIENCE=path/to/patience overrides the binary (default build/solver/cli/patience).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
patience="${PATIENCE:-$root/build/solver/cli/patience}"
variants="diplomat,lady-palk,emperor,emperor-modern"
seeds="1-1000"; ranks=13; limit=1000000; time_limit=60; memory=1024
threads="$(nproc)"; out=""
fail() { echo "loss_sweep.sh: $*" >&2; exit 2; }
number() { [[ "$2" =~ ^[0-9]+$ ]] || fail "$1 takes a whole number, not '$2'"; }
while [ $# -gt 0 ]; do
    case "$1" in -h|--help) ;; -*) [ $# -ge 2 ] || fail "$1 needs a value" ;; esac
    case "$1" in
        --variants) variants="$2"; shift 2 ;;
        --seeds) seeds="$2"; shift 2 ;;
        --ranks) ranks="$2"; shift 2 ;;
        --node-limit) number "$1" "$2"; limit="$2"; shift 2 ;;
        --time-limit) number "$1" "$2"; time_limit="$2"; shift 2 ;;
        --memory) number "$1" "$2"; memory="$2"; shift 2 ;;
        --threads) number "$1" "$2"; threads="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        -h|--help) sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) fail "unknown option '$1' (see --help)" ;;
    esac
done
[ "$time_limit" -gt 0 ] || fail "--time-limit must be at least 1 (a complete search without one may never end)"
[ "$memory" -gt 0 ] || fail "--memory must be at least 1"
[ "$threads" -gt 0 ] || fail "--threads must be at least 1"
[ -x "$patience" ] || fail "$patience not built (run scripts/setup.sh)"
[ -n "$out" ] || out="$(mktemp -d /tmp/loss_sweep.XXXXXX)"
mkdir -p "$out/complete" || fail "cannot make $out/complete"
[ "$variants" = all ] && variants="diplomat,malmaison,lady-palk,double-dot,emperor,emperor-modern"

# The batch checks the variants, seeds, ranks and node limit itself (one line, exit 2).
for v in ${variants//,/ }; do
    "$patience" batch --variant "$v" --seeds "$seeds" --ranks "$ranks" --node-limit "$limit" \
        --threads "$threads" --out "$out/batch-$v.jsonl" --progress-every 0 > /dev/null
done

# The deals each batch left unknown, as "variant seed" lines, without those already answered (an
# answer file that does not read as one, left by an older sweep, counts as none).
answers_py='
import json, os
def answer(path):
    try:
        with open(path) as f:
            a = json.load(f)
        return a if isinstance(a, dict) and "result" in a else None
    except (OSError, ValueError):
        return None
'
unknown_deals() {
    python3 - "$out" "$variants" < <(echo "$answers_py"; cat <<'PY'
import sys
out, variants = sys.argv[1], sys.argv[2].split(',')
for v in variants:
    for line in open(f'{out}/batch-{v}.jsonl'):
        r = json.loads(line)
        if r['result'] == 'unknown' and answer(f"{out}/complete/{v}-{r['seed']}.json") is None:
            print(v, r['seed'])
PY
)
}
# One complete search; its answer is moved into place only once it is whole, so an interrupted
# sweep never reads half an answer. Exit codes 0 (won), 1 (lost) and 3 (unknown) are answers;
# any other leaves no file. `timeout` guards the sweep against a search that overruns its own
# time limit, which it checks only every few thousand nodes.
complete_search() {
    local v="$1" seed="$2" file="$out/complete/$1-$2.json" code=0
    timeout --kill-after=10 "$((2 * time_limit + 60))" \
        "$patience" solve --variant "$v" --seed "$seed" --ranks "$ranks" --disable probes \
        --node-limit 0 --time-limit "$time_limit" --memory "$memory" --progress-every 0 \
        --json > "$file.part" || code=$?
    case "$code" in
        0|1|3) mv "$file.part" "$file" ;;
        2) rm -f "$file.part"; exit 255 ;;  # bad input: xargs stops at once
        *) rm -f "$file.part"
           echo "loss_sweep.sh: the complete search of $v seed $seed ended with code $code" \
                "(killed, crashed or past $((2 * time_limit + 60)) s): no answer kept" >&2
           return 1 ;;
    esac
}
export -f complete_search
export patience out ranks time_limit memory
searches=0
unknown_deals | xargs -r -P "$threads" -L 1 bash -c 'complete_search "$0" "$1"' || searches=$?
# xargs says 124 when a search exited 255 (bad input, above); others leave their deal unanswered.
[ "$searches" -ne 124 ] || fail "a complete search refused its input (see above)"

python3 - "$out" "$variants" "$seeds" "$limit" "$time_limit" < <(echo "$answers_py"; cat <<'PY'
import sys
out, variants, seeds, limit, time_limit = sys.argv[1:6]
print(f'seeds {seeds}, batch at {int(limit):,} nodes; complete search alone for {time_limit} s '
      'on each deal the batch left unknown')
print(f"{'variant':<16}{'deals':>7}{'won':>7}{'lost':>6}{'unknown':>9}   complete search on the unknown")
furthest = []  # (share of the tree done, variant, seed) of the open complete searches
for v in variants.split(','):
    rows = [json.loads(line) for line in open(f'{out}/batch-{v}.jsonl')]
    count = {k: sum(r['result'] == k for r in rows) for k in ('won', 'lost', 'unknown')}
    answers = {}
    for r in rows:
        a = answer(f"{out}/complete/{v}-{r['seed']}.json") if r['result'] == 'unknown' else None
        if a is not None:
            answers[r['seed']] = a
    lost = sorted(s for s, a in answers.items() if a['result'] == 'lost')
    won = sorted(s for s, a in answers.items() if a['result'] == 'won')
    open_nodes = [a['nodes'] for a in answers.values() if a['result'] == 'unknown']
    furthest += [(a.get('tree_share', 0), v, s) for s, a in answers.items()
                 if a['result'] == 'unknown']
    parts = [f'lost {lost}' if lost else 'none lost']
    if won:
        parts.append(f'won {won}')
    if open_nodes:
        spread = f'{min(open_nodes):,}' + (f'-{max(open_nodes):,}' if len(open_nodes) > 1 else '')
        parts.append(f'{len(open_nodes)} open after {spread} nodes')
    if count['unknown'] > len(answers):
        parts.append(f"{count['unknown'] - len(answers)} without an answer")
    print(f"{v:<16}{len(rows):>7}{count['won']:>7}{count['lost']:>6}{count['unknown']:>9}   "
          + ', '.join(parts))
if furthest:
    furthest.sort(reverse=True)
    print('furthest open complete searches (share of the tree done, a rough guide): '
          + ', '.join(f'{v} {s} ~{100 * share:.3g}%' for share, v, s in furthest[:5]))
print(f'files in {out}')
PY
)
if [ "$searches" -ne 0 ]; then
    echo "loss_sweep.sh: some complete searches left no answer (see above);" \
         "run again with --out $out to retry them" >&2
    exit 1
fi
