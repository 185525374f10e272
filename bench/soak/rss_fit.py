#!/usr/bin/env python3
# rss_fit.py RSS.tsv…: for each VmRSS series (seconds, rss_kb; what run.sh and bench/stitch/rss.sh write), the peak,
# the medians by fifth of the run, and the growth over its last 80 % fitted by least squares (the first fifth is the
# warm-up: caches, encoder buffers, the first parts). "Flat" in bench/README.md means that fitted growth.
import sys

for path in sys.argv[1:]:
    rows = [line.split("\t") for line in open(path).read().split("\n")[1:] if line.strip()]
    t = [float(a) for a, _ in rows]
    mb = [float(b) / 1024 for _, b in rows]
    n, end = len(t), t[-1]
    fifths = []
    for k in range(5):
        part = sorted(mb[i] for i in range(n) if k * end / 5 <= t[i] < (k + 1) * end / 5 or (k == 4 and t[i] == end))
        fifths.append(part[len(part) // 2] if part else float("nan"))
    late = [i for i in range(n) if t[i] >= 0.2 * end]
    mt = sum(t[i] for i in late) / len(late)
    mr = sum(mb[i] for i in late) / len(late)
    slope = sum((t[i] - mt) * (mb[i] - mr) for i in late) / sum((t[i] - mt) ** 2 for i in late)
    print(f"{path}: {end:.0f} s, peak {max(mb):.0f} MB, medians by fifth {' '.join('%.0f' % x for x in fifths)} MB, "
          f"fitted growth over the last 80 %: {slope * 0.8 * end:+.1f} MB")
