#!/usr/bin/env bash
# The report (scripts/report.py): written from two batch files of two variants, it holds the
# win-rate table and three plots per variant; headless Chromium (Debian's, installed here when
# missing and root) renders it to a screenshot, in which the plots' colours must show. Exits 77,
# "skipped", where Chromium is missing and cannot be installed.
# Usage: tests/report_test.sh [PATIENCE_BINARY]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/script_test_lib.sh" report "$@"

"$PATIENCE" batch --variant diplomat,emperor --seeds 1-12 --node-limit 20000 \
    --out "$work/a.jsonl" > /dev/null 2>&1
"$PATIENCE" batch --variant diplomat,emperor --seeds 9-20 --node-limit 20000 \
    --out "$work/b.jsonl" > /dev/null 2>&1
"$root/scripts/report.py" "$work/a.jsonl" "$work/b.jsonl" --out "$work/report.html" > /dev/null
page="$work/report.html"
[ "$(grep -o "<img class='plot'" "$page" | wc -l)" -eq 6 ] || fail "not 6 plots in the page"
[ "$(grep -o 'data:image/png;base64,' "$page" | wc -l)" -eq 6 ] || fail "plots not inside the page"
for part in '<h2>diplomat</h2>' '<h2>emperor</h2>' '<td>20</td>' 'node limit 20000' 'decided by: ' \
            'rate &le;' 'unknown deals: most cards up'; do
    grep -q "$part" "$page" || fail "'$part' not in the page"
done

if ! command -v chromium > /dev/null; then
    [ "$(id -u)" -eq 0 ] || { echo "report_test: skipped: no chromium (and not root)"; exit 77; }
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null
fi
timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size=1400,2600 --screenshot="$work/report.png" "file://$page" > /dev/null 2>&1 \
    || fail "chromium could not render the page"
/usr/bin/python3 - "$work/report.png" <<'PY' || fail "the screenshot does not show the plots"
import sys
import matplotlib.image as image
pixels = image.imread(sys.argv[1])[:, :, :3]
# matplotlib's first colour (#1f77b4): the win-rate lines, the won bars.
blue = (abs(pixels[:, :, 0] - 0x1f / 255) < 0.08) & (abs(pixels[:, :, 1] - 0x77 / 255) < 0.08) & \
       (abs(pixels[:, :, 2] - 0xb4 / 255) < 0.08)
green = (pixels[:, :, 1] > 0.45) & (pixels[:, :, 0] < 0.3) & (pixels[:, :, 2] < 0.3)
print(f"report_test: screenshot {pixels.shape[1]}x{pixels.shape[0]}: {int(blue.sum())} blue, "
      f"{int(green.sum())} green pixels")
assert blue.sum() > 500 and green.sum() > 200
PY
echo "report_test: passed"
