"""summary.py ROWS.tsv: per-frame CPU per case and the in-round ratios of bench/deep/run.sh, as Markdown.

Each row is "case round cpu_s frames wall_s". A ratio is taken within a round (B of round 2 over A of round 2), so
a change in the machine's load between rounds cancels; its spread is the minimum and maximum over rounds.
"""
import statistics
import sys
from collections import defaultdict

per_frame = defaultdict(dict)   # case -> round -> ms CPU per frame
wall = defaultdict(dict)
for line in open(sys.argv[1]):
    case, rnd, cpu, frames, seconds = line.split()
    per_frame[case][rnd] = 1000 * float(cpu) / int(frames)
    wall[case][rnd] = 1000 * float(seconds) / int(frames)

print("| case | ms CPU per frame, median (min–max) | ms wall per frame, median | rounds |")
print("|---|---|---|---|")
for case in sorted(per_frame):
    v = list(per_frame[case].values())
    print(f"| {case} | {statistics.median(v):.1f} ({min(v):.1f}–{max(v):.1f}) | "
          f"{statistics.median(wall[case].values()):.1f} | {len(v)} |")
print()
print("| ratio | median | min–max over rounds |")
print("|---|---|---|")
for top, bottom in [("B", "A"), ("C", "A"), ("D", "A"), ("A", "A0")]:
    if top not in per_frame or bottom not in per_frame:
        continue
    rounds = sorted(set(per_frame[top]) & set(per_frame[bottom]))
    r = [per_frame[top][k] / per_frame[bottom][k] for k in rounds]
    print(f"| {top}/{bottom} | {statistics.median(r):.3f} | {min(r):.3f}–{max(r):.3f} |")
