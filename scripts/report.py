#!/usr/bin/python3
"""Writes one self-contained HTML page about batch files: per variant, the win-rate table (from
`patience stats --json`, so the numbers are the ones stats prints), the estimate and its 95%
interval as deals accumulate, the decided share against node budget, and a log-scale histogram of
nodes per deal by verdict; plus the limits the deals were solved under, the solvers that
solved them and the searches that decided them. Plots are PNGs inside the page: it can be
mailed or archived as one file.

Usage: scripts/report.py FILE... --out report.html
PATIENCE=path/to/patience overrides the binary (default: this checkout's build). Runs on Debian's
python3 with python3-matplotlib (hence /usr/bin/python3 above, not whatever python3 is on PATH).
"""

import argparse
import base64
import datetime
import html
import io
import json
import math
import os
import subprocess
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
Z95 = 1.959963984540054


def wilson(successes, trials):
    """The Wilson score interval, as `patience stats` computes it."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = Z95 * Z95
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def read_records(paths):
    """Every deal once, as `patience stats` keeps it: a later line replaces an unknown one."""
    deals = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                try:
                    r = json.loads(line)
                    key = (r["variant"], r["ranks"], r.get("numbering", "seed"), r["seed"])
                except (ValueError, KeyError):
                    continue  # stats reports malformed lines; the plots skip them
                if key not in deals or deals[key]["result"] == "unknown":
                    deals[key] = r
    rows = {}
    for (variant, ranks, numbering, _), r in sorted(deals.items()):
        rows.setdefault((variant, ranks, numbering), []).append(r)
    return rows


def png(figure):
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    plt.close(figure)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def convergence_plot(records, title):
    figure, axes = plt.subplots(figsize=(6.4, 3.6))
    won = decided_won = 0
    xs, estimate, lo, hi, upper = [], [], [], [], []
    for n, r in enumerate(records, 1):
        won += r["result"] == "won"
        decided_won += r["result"] != "lost"
        xs.append(n)
        estimate.append(won / n)
        low, high = wilson(won, n)
        lo.append(low)
        hi.append(high)
        upper.append(decided_won / n)
    axes.fill_between(xs, lo, hi, alpha=0.25, label="95% interval of won / deals")
    axes.plot(xs, estimate, label="won / deals")
    axes.plot(xs, upper, linestyle="--", label="(won + unknown) / deals")
    axes.set_xlabel("deals, in seed order")
    axes.set_ylabel("win rate")
    axes.set_ylim(0, 1)
    axes.set_title(f"{title}: the estimate as deals accumulate")
    axes.legend(loc="lower right", fontsize="small")
    axes.grid(alpha=0.3)
    return png(figure)


def budget_plot(records, title):
    """A deal decided in n nodes is decided, in the same n nodes, at every budget of at least n
    (the search is a prefix of itself), and unknown below: one run gives the whole curve up to
    its own node limit."""
    figure, axes = plt.subplots(figsize=(6.4, 3.6))
    limits = [r.get("node_limit", 0) for r in records]
    top = max([n for n in limits if n > 0] or [max(r["nodes"] for r in records)])
    budgets = sorted({max(1, int(10 ** (k / 8))) for k in range(0, int(8 * math.log10(top)) + 1)}
                     | {top})
    total = len(records)
    for verdict, style in (("won", "-"), ("lost", "--")):
        nodes = sorted(r["nodes"] for r in records if r["result"] == verdict)
        share, i = [], 0
        for b in budgets:
            while i < len(nodes) and nodes[i] <= b:
                i += 1
            share.append(i / total)
        axes.plot(budgets, share, style, label=verdict)
    decided = sorted(r["nodes"] for r in records if r["result"] != "unknown")
    share, i = [], 0
    for b in budgets:
        while i < len(decided) and decided[i] <= b:
            i += 1
        share.append(i / total)
    axes.plot(budgets, share, linewidth=2.5, label="decided")
    axes.set_xscale("log")
    axes.set_ylim(0, 1)
    axes.set_xlabel("node budget per deal")
    axes.set_ylabel("share of deals")
    axes.set_title(f"{title}: decided share against node budget")
    axes.legend(loc="upper left", fontsize="small")
    axes.grid(alpha=0.3)
    return png(figure)


def histogram_plot(records, title):
    figure, axes = plt.subplots(figsize=(6.4, 3.6))
    top = max(max(r["nodes"] for r in records), 10)
    edges = [10 ** (k / 4) for k in range(0, int(4 * math.log10(top)) + 2)]
    for verdict in ("won", "lost", "unknown"):
        nodes = [max(r["nodes"], 1) for r in records if r["result"] == verdict]
        if nodes:
            axes.hist(nodes, bins=edges, alpha=0.6, label=f"{verdict} ({len(nodes)})")
    axes.set_xscale("log")
    axes.set_xlabel("nodes per deal")
    axes.set_ylabel("deals")
    axes.set_title(f"{title}: nodes per deal by verdict")
    axes.legend(fontsize="small")
    axes.grid(alpha=0.3)
    return png(figure)


def stats_json(paths):
    binary = os.environ.get("PATIENCE", os.path.join(ROOT, "build", "solver", "cli", "patience"))
    done = subprocess.run([binary, "stats", *paths, "--json"], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"report.py: patience stats failed: {done.stderr.strip()}")
    return {(v["variant"], v["ranks"], v["numbering"]): v for v in json.loads(done.stdout)["variants"]}


def conditions(records):
    """The distinct limits and solvers of a row's deals, as text."""
    seen = set()
    for r in records:
        if "node_limit" not in r:
            seen.add("limits not recorded")
            continue
        text = (f"node limit {r['node_limit'] or 'none'}, time limit {r['time_limit'] or 'none'}, "
                f"{r['memory_mib']:g} MiB table")
        if r.get("disabled"):
            text += f", disabled {r['disabled']}"
        text += f"; patience {r['version']}"
        if r.get("commit"):
            text += f" (commit {r['commit']})"
        seen.add(text)
    return sorted(seen)


def pct(share):
    """A share as a percentage: two decimals, or as many more (up to six) as it takes not to show
    a share strictly between 0 and 1 as 0.00% or 100.00% (as `patience stats` prints it)."""
    for decimals in range(2, 7):
        text = f"{100 * share:.{decimals}f}"
        if (share <= 0 or float(text) > 0) and (share >= 1 or float(text) < 100):
            break
    return text + "%"


def section(key, summary, records):
    variant, ranks, numbering = key
    title = variant + ("" if ranks == 13 else f", {ranks} ranks") + \
        (" (PySolFC numbers)" if numbering == "pysol" else "")
    s = summary
    table = (
        "<table><tr><th>deals</th><th>won</th><th>lost</th><th>unknown</th><th>win rate</th>"
        "<th>95% CI of won/deals</th><th>bounds</th><th>median nodes</th><th>p90</th>"
        "<th>p99</th></tr>"
        f"<tr><td>{s['deals']}</td><td>{s['won']}</td><td>{s['lost']}</td><td>{s['unknown']}</td>"
        f"<td>{pct(s['win_rate'])}</td><td>[{pct(s['ci95'][0])}, {pct(s['ci95'][1])}]</td>"
        f"<td>{pct(s['bounds'][0])} &le; rate &le; {pct(s['bounds'][1])}</td>"
        f"<td>{s['median_nodes']}</td><td>{s['p90_nodes']}</td><td>{s['p99_nodes']}</td></tr>"
        "</table>")
    notes = "".join(f"<li>{html.escape(c)}</li>" for c in conditions(records))
    if s.get("decided_by"):
        deciders = ", ".join(f"{name} {count}" for name, count in s["decided_by"].items())
        notes += f"<li>decided by: {html.escape(deciders)}</li>"
    up = s.get("unknown_most_up")
    if up:
        notes += (f"<li>unknown deals: most cards up {up['mean']:.1f} of {up['deal_cards']} on "
                  f"average ({pct(up['mean'] / up['deal_cards'])}), median {up['median']}, "
                  f"most {up['most']} ({'game' if numbering == 'pysol' else 'seed'} "
                  f"{up['most_seed']})</li>")
    if s.get("stale_unknown"):
        notes += (f"<li class='warn'>{s['stale_unknown']} unknown deals were solved under a "
                  "smaller node limit than others of this row (batch --retry-unknown)</li>")
    plots = "".join(
        f"<img class='plot' alt='{html.escape(alt)}' src='data:image/png;base64,{data}'>"
        for alt, data in (
            ("convergence", convergence_plot(records, title)),
            ("decided share against node budget", budget_plot(records, title)),
            ("nodes per deal by verdict", histogram_plot(records, title)),
        ))
    return (f"<section><h2>{html.escape(title)}</h2>{table}<ul>{notes}</ul>"
            f"<div class='plots'>{plots}</div></section>")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", help="batch files (shards of one run, say)")
    parser.add_argument("--out", required=True, help="the HTML file to write")
    args = parser.parse_args()
    summaries = stats_json(args.files)
    rows = read_records(args.files)
    sections = "".join(section(key, summaries[key], rows[key]) for key in sorted(rows)
                       if key in summaries)
    generated = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    files = ", ".join(html.escape(os.path.basename(p)) for p in args.files)
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>patience report</title>
<style>
body {{ font-family: sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; margin: 0.5em 0; }}
th, td {{ border: 1px solid #bbb; padding: 0.3em 0.6em; text-align: right; }}
th {{ background: #eee; }}
.plots {{ display: flex; flex-wrap: wrap; gap: 1em; }}
.plot {{ max-width: 100%; }}
.warn {{ color: #a00; }}
section {{ margin-bottom: 2.5em; }}
</style></head><body>
<h1>patience: win rates</h1>
<p>{sum(len(r) for r in rows.values())} deals from {files}; written {generated}.
The rate lies between its bounds: won / deals if every unknown deal is lost, (won + unknown) /
deals if every one is won. A deal decided in n nodes is decided at every budget of at least n.</p>
{sections}
</body></html>
"""
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(page)
    print(args.out)


if __name__ == "__main__":
    main()
