"""fit_sizing.py sizing.tsv segments.tsv SESSION: the per-segment fixed cost from one invocation of
bench/scale/segment-sizing.sh.

1. End to end: wall = base + fixed × segments (every run renders the same frames), least squares over all runs;
   the same for CPU time.
2. Inside the render: renderSeconds = overhead + perFrame × frames over every part of the session.
"""
import csv
import sys


def line(points):
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    slope = sum((x - mx) * (y - my) for x, y in points) / sxx if sxx else 0.0
    return my - slope * mx, slope


def main(sizing, segments, session):
    rows = [r for r in csv.DictReader(open(sizing), delimiter="\t") if r["session"] == session]
    print(f"session {session}: {rows[0]['frames']} frames, one worker on one core\n")
    print("| --segment-seconds | round | segments | wall s | CPU s | sum of part renders s | stitch tail s | load | foreign CPU s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in sorted(rows, key=lambda r: (float(r["segment_s"]), r["round"])):
        print(f"| {r['segment_s']} | {r['round']} | {r['segments']} | {r['wall_s']} | {r['cpu_s']} | {r['render_sum_s']} "
              f"| {r['stitch_tail_s']} | {r['load']} | {r['foreign_cpu_s']} |")
    base, fixed = line([(int(r["segments"]), float(r["wall_s"])) for r in rows])
    cbase, cfixed = line([(int(r["segments"]), float(r["cpu_s"])) for r in rows])
    print(f"\nend to end: wall = {base:.2f} s + {fixed:.3f} s × segments; CPU = {cbase:.2f} s + {cfixed:.3f} s × segments")
    parts = []
    for l in open(segments):
        f = l.rstrip("\n").split("\t")
        if f[0] == session and f[1] == "sizing":
            parts.append((float(f[-2]), float(f[-1])))
    overhead, per_frame = line(parts)
    print(f"inside the render ({len(parts)} parts): renderSeconds = {overhead:.3f} s + {per_frame * 1000:.2f} ms × frames "
          f"({per_frame * 30:.2f} s per output second at 30 fps)")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
