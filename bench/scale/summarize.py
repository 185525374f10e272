"""summarize.py scale.tsv SESSION: one invocation of bench/scale/run.sh as a Markdown table.

Efficiency is T1 / (W * TW) with T1 and TW from the same round (the runs back to back), then the median
over rounds; a round whose runs saw more than 2 s of foreign CPU is marked *. CPU1/CPUW is the work done by one
worker over the work done by W (1.00: no per-worker overhead), and the share is the workers' CPU over W × wall
(below 100 %: other processes took their cores, and the wall comparison measures the machine's load, not Reel).
"""
import csv
import statistics
import sys


def main(path, session):
    rows = [r for r in csv.DictReader(open(path), delimiter="\t") if r["session"] == session]
    by_round = {}
    for r in rows:
        by_round.setdefault((int(r["round"]), r.get("stitch") or "default"), {})[int(r["workers"])] = r
    print(f"session {session}, {rows[0]['cores_per_worker']} core(s) per worker, {rows[0]['segments']} segments\n")
    print("| workers | round | stitch | wall s | stitch tail s | stitch s | efficiency T1/(W·TW) | CPU1/CPUW | workers' share of their cores | frames | clean | load | foreign CPU s | workers' CPU s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    effs = {}
    for rnd, mode in sorted(by_round):
        runs = by_round[(rnd, mode)]
        t1 = float(runs[1]["wall_s"]) if 1 in runs else None
        for w in sorted(runs):
            r = runs[w]
            eff = t1 / (w * float(r["wall_s"])) if t1 else None
            disturbed = any(float(x["foreign_cpu_s"]) > 2 for x in (r, runs.get(1, r)))
            if eff is not None:
                effs.setdefault((mode, w), []).append(eff)
            mark = "*" if disturbed else ""
            print(f"| {w} | {rnd} | {mode} | {r['wall_s']} | {r['stitch_tail_s']} | {r['stitch_s']} | "
                  + (f"{100 * eff:.0f}%{mark}" if eff is not None else "–")
                  + (f" | {float(runs[1]['cpu_s']) / float(r['cpu_s']):.2f}" if 1 in runs else " | –")
                  + f" | {100 * float(r['cpu_s']) / (w * float(r['cpu_s'] and r['wall_s'])):.0f}%"
                  + f" | {r['frames']} | {r['clean']} | {r['load']} | {r['foreign_cpu_s']} | {r['cpu_s']} |")
    print()
    for mode, w in sorted(effs):
        runs = [by_round[k][w] for k in by_round if k[1] == mode and w in by_round[k]]
        walls = [float(r["wall_s"]) for r in runs]
        tails = [float(r["stitch_tail_s"]) for r in runs if r["stitch_tail_s"] not in ("None", "null", "")]
        print(f"stitch {mode}, {w} worker(s): median wall {statistics.median(walls):.1f} s, median stitch tail "
              + (f"{statistics.median(tails):.2f} s" if tails else "–")
              + f", median efficiency {100 * statistics.median(effs[(mode, w)]):.0f}% over {len(effs[(mode, w)])} round(s)")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
