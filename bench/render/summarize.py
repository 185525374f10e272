#!/usr/bin/env python3
"""summarize.py TIMINGS.TSV [SESSION...] -> markdown on stdout.

Medians per variant and renderer, and the ratios reel/floor, reel/ffmpeg and ffmpeg/floor computed
within each round (same session, same run number, same variant: measured back to back), then the
median over rounds. Rows with rc != 0 are ignored. Rounds whose runs saw more than 2 s of foreign
CPU are listed but flagged."""
import csv, statistics, sys
from collections import defaultdict

rows = [r for r in csv.DictReader(open(sys.argv[1]), delimiter='\t') if r['rc'] == '0']
sessions = sys.argv[2:]
if sessions:
    rows = [r for r in rows if r['session'] in sessions]
durations = {'short': 21, 'long': 161}
names = {'floor': 'floor (ref_floor.sh)', 'ffmpeg': 'ffmpeg filter graph (ref_ffmpeg.sh)',
         'reel': 'reel render (default workers)', 'reel1080w1': 'reel render 1920x1080 --workers 1',
         'reelfixed': 'reel render --segment-seconds 10 (no short-job balance)',
         'floorsame': 'floor of the same frames (floor_same.sh; CPU only)'}
order = list(names)

def med(xs): return statistics.median(xs) if xs else float('nan')

print('| variant | renderer | runs | wall s median [min-max] | CPU s | max RSS MB | frames | decode clean | x realtime | foreign CPU s (max) | load1 (max) |')
print('|---|---|---|---|---|---|---|---|---|---|---|')
by = defaultdict(list)
for r in rows: by[(r['variant'], r['renderer'])].append(r)
for v in durations:
    for R in order:
        rs = by.get((v, R))
        if not rs: continue
        w = [float(x['wall_s']) for x in rs]
        print(f"| {v} ({durations[v]} s) | {names[R]} | {len(rs)} | {med(w):.1f} [{min(w):.1f}-{max(w):.1f}] | "
              f"{med([float(x['cpu_s']) for x in rs]):.1f} | {max(int(x['maxrss_mb']) for x in rs)} | "
              f"{rs[-1]['frames']} | {'/'.join(sorted(set(x['decode_clean'] for x in rs)))} | {durations[v] / med(w):.2f} | "
              f"{max(float(x['foreign_cpu_s']) for x in rs):.1f} | {max(float(x['load1']) for x in rs):.1f} |")

rounds = defaultdict(dict)
for r in rows: rounds[(r['session'], r['run'], r['variant'])][r['renderer']] = r
print()
print('Ratios of wall time within each round (same invocation, back to back), median over rounds:')
print()
print('A round is clean when floor, ffmpeg and reel each saw <= 2 s of foreign CPU; the medians use the clean')
print('rounds when there are any. Per-round reel/floor values in brackets, * = disturbed.')
print()
print('| variant | clean rounds (all) | reel / floor | reel / ffmpeg | ffmpeg / floor | reel CPU / floor CPU | target |')
print('|---|---|---|---|---|---|---|')
clean_round = lambda x: all(float(x[k]['foreign_cpu_s']) <= 2.0 for k in ('floor', 'ffmpeg', 'reel'))
for v in durations:
    every = [x for (s, n, vv), x in sorted(rounds.items()) if vv == v and {'floor', 'ffmpeg', 'reel'} <= x.keys()]
    if not every: continue
    rr = [x for x in every if clean_round(x)] or every
    ratio = lambda a, b, k='wall_s': med([float(x[a][k]) / float(x[b][k]) for x in rr])
    each = ', '.join(f"{float(x['reel']['wall_s']) / float(x['floor']['wall_s']):.2f}{'' if clean_round(x) else '*'}"
                     for x in every)
    print(f"| {v} | {sum(map(clean_round, every))} ({len(every)}) | {ratio('reel', 'floor'):.2f} [{each}] | {ratio('reel', 'ffmpeg'):.2f} | "
          f"{ratio('ffmpeg', 'floor'):.2f} | {ratio('reel', 'floor', 'cpu_s'):.2f} | <= 1.2 and <= 0.85 |")

same = [(k, x) for k, x in sorted(rounds.items()) if {'floor', 'reel', 'floorsame'} <= x.keys()]
if same:
    print()
    print('The floor of the same frames (issue 23 §1): floorsame decodes every source range the composition uses and')
    print('encodes reel\'s own output pictures, timing only those two halves. CPU ratios within each round, median over')
    print('rounds (clean: floor, reel and floorsame each saw <= 2 s of foreign CPU); wall against the plain floor.')
    print()
    print('| variant | clean rounds (all) | reel CPU / floorsame CPU [per round] | floorsame CPU / floor CPU | reel CPU / floor CPU | reel wall / floor wall |')
    print('|---|---|---|---|---|---|')
    ok = lambda x: all(float(x[k]['foreign_cpu_s']) <= 2.0 for k in ('floor', 'reel', 'floorsame'))
    for v in durations:
        every = [x for (s, n, vv), x in same if vv == v]
        if not every: continue
        rr = [x for x in every if ok(x)] or every
        q = lambda a, b, k='cpu_s': med([float(x[a][k]) / float(x[b][k]) for x in rr])
        each = ', '.join(f"{float(x['reel']['cpu_s']) / float(x['floorsame']['cpu_s']):.3f}{'' if ok(x) else '*'}" for x in every)
        print(f"| {v} | {sum(map(ok, every))} ({len(every)}) | {q('reel', 'floorsame'):.3f} [{each}] | "
              f"{q('floorsame', 'floor'):.3f} | {q('reel', 'floor'):.3f} | {q('reel', 'floor', 'wall_s'):.3f} |")

fixed = [(k, x) for k, x in sorted(rounds.items()) if {'floor', 'reel', 'reelfixed'} <= x.keys()]
if fixed:
    print()
    print('Before/after in the same rounds: reelfixed is reel with --segment-seconds 10 (the plan without the short-job')
    print('balance). Clean: floor, reel and reelfixed each saw <= 2 s of foreign CPU; medians over clean rounds if any.')
    print()
    print('| variant | clean rounds (all) | reelfixed / floor | reel / floor | reel / reelfixed | per round reelfixed/floor, reel/floor |')
    print('|---|---|---|---|---|---|')
    ok = lambda x: all(float(x[k]['foreign_cpu_s']) <= 2.0 for k in ('floor', 'reel', 'reelfixed'))
    for v in durations:
        every = [x for (s, n, vv), x in fixed if vv == v]
        if not every: continue
        rr = [x for x in every if ok(x)] or every
        q = lambda a, b: med([float(x[a]['wall_s']) / float(x[b]['wall_s']) for x in rr])
        each = ', '.join(f"{float(x['reelfixed']['wall_s']) / float(x['floor']['wall_s']):.2f} "
                         f"{float(x['reel']['wall_s']) / float(x['floor']['wall_s']):.2f}{'' if ok(x) else '*'}" for x in every)
        print(f"| {v} | {sum(map(ok, every))} ({len(every)}) | {q('reelfixed', 'floor'):.2f} | {q('reel', 'floor'):.2f} | "
              f"{q('reel', 'reelfixed'):.2f} | {each} |")
