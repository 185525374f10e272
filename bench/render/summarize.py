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
         'floorsame': 'floor of the same frames (floor_same.sh; CPU only)',
         'floorpar': 'floor of the same frames, both halves at once (floor_same.sh PARALLEL=1)'}
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


def rounds_with(names):
    """Per variant: every round that ran all of `names`, the clean ones among them (each of `names` saw <= 2 s of
    foreign CPU; all rounds when none is clean), and the cleanness test."""
    ok = lambda x: all(float(x[k]['foreign_cpu_s']) <= 2.0 for k in names)
    for v in durations:
        every = [x for (s, n, vv), x in sorted(rounds.items()) if vv == v and set(names) <= x.keys()]
        if every:
            yield v, every, [x for x in every if ok(x)] or every, ok


def ratio(rr, a, b, k='wall_s'):
    return med([float(x[a][k]) / float(x[b][k]) for x in rr])


print()
print('Ratios of wall time within each round (same invocation, back to back), median over rounds:')
print()
print('A round is clean when floor, ffmpeg and reel each saw <= 2 s of foreign CPU; the medians use the clean')
print('rounds when there are any. Per-round reel/floor values in brackets, * = disturbed.')
print()
print('| variant | clean rounds (all) | reel / floor | reel / ffmpeg | ffmpeg / floor | reel CPU / floor CPU | target |')
print('|---|---|---|---|---|---|---|')
for v, every, rr, ok in rounds_with(('floor', 'ffmpeg', 'reel')):
    each = ', '.join(f"{float(x['reel']['wall_s']) / float(x['floor']['wall_s']):.2f}{'' if ok(x) else '*'}"
                     for x in every)
    print(f"| {v} | {sum(map(ok, every))} ({len(every)}) | {ratio(rr, 'reel', 'floor'):.2f} [{each}] | "
          f"{ratio(rr, 'reel', 'ffmpeg'):.2f} | {ratio(rr, 'ffmpeg', 'floor'):.2f} | {ratio(rr, 'reel', 'floor', 'cpu_s'):.2f} | "
          "<= 1.2 and <= 0.85 |")

if any(rounds_with(('floor', 'reel', 'floorsame'))):
    print()
    print('The floor of the same frames (issue 23 §1): floorsame decodes every source range the composition uses and')
    print('encodes reel\'s own output pictures, timing only those two halves. CPU ratios within each round, median over')
    print('rounds (clean: floor, reel and floorsame each saw <= 2 s of foreign CPU); wall against the plain floor.')
    print()
    print('| variant | clean rounds (all) | reel CPU / floorsame CPU [per round] | floorsame CPU / floor CPU | reel CPU / floor CPU | reel wall / floor wall |')
    print('|---|---|---|---|---|---|')
    for v, every, rr, ok in rounds_with(('floor', 'reel', 'floorsame')):
        each = ', '.join(f"{float(x['reel']['cpu_s']) / float(x['floorsame']['cpu_s']):.3f}{'' if ok(x) else '*'}" for x in every)
        print(f"| {v} | {sum(map(ok, every))} ({len(every)}) | {ratio(rr, 'reel', 'floorsame', 'cpu_s'):.3f} [{each}] | "
              f"{ratio(rr, 'floorsame', 'floor', 'cpu_s'):.3f} | {ratio(rr, 'reel', 'floor', 'cpu_s'):.3f} | "
              f"{ratio(rr, 'reel', 'floor'):.3f} |")

if any(rounds_with(('reel', 'floorpar'))):
    print()
    print('Wall of the same frames (issue 23 §1): floorpar runs floorsame\'s decode and encode at once, the encode reading')
    print('reel\'s output decoded beforehand to raw frames in RAM. That decode is untimed and is floorpar\'s "foreign"')
    print('CPU, so a round is clean when reel saw <= 2 s of foreign CPU. Ratios within each round (* = disturbed),')
    print('medians over the clean rounds.')
    print()
    print('| variant | clean rounds (all) | reel wall / floorpar wall [per round] | reel CPU / floorpar CPU [per round] | target |')
    print('|---|---|---|---|---|')
    for v, every, _, _ in rounds_with(('reel', 'floorpar')):
        clean = lambda x: float(x['reel']['foreign_cpu_s']) <= 2.0
        rr = [x for x in every if clean(x)] or every
        each = lambda k: ', '.join(f"{float(x['reel'][k]) / float(x['floorpar'][k]):.3f}{'' if clean(x) else '*'}" for x in every)
        print(f"| {v} | {len(rr)} ({len(every)}) | {ratio(rr, 'reel', 'floorpar'):.3f} [{each('wall_s')}] | "
              f"{ratio(rr, 'reel', 'floorpar', 'cpu_s'):.3f} [{each('cpu_s')}] | wall <= 1.05, CPU <= 1.10 |")

if any(rounds_with(('floor', 'reel', 'reelfixed'))):
    print()
    print('Before/after in the same rounds: reelfixed is reel with --segment-seconds 10 (the plan without the short-job')
    print('balance). Clean: floor, reel and reelfixed each saw <= 2 s of foreign CPU; medians over clean rounds if any.')
    print()
    print('| variant | clean rounds (all) | reelfixed / floor | reel / floor | reel / reelfixed | per round reelfixed/floor, reel/floor |')
    print('|---|---|---|---|---|---|')
    for v, every, rr, ok in rounds_with(('floor', 'reel', 'reelfixed')):
        each = ', '.join(f"{float(x['reelfixed']['wall_s']) / float(x['floor']['wall_s']):.2f} "
                         f"{float(x['reel']['wall_s']) / float(x['floor']['wall_s']):.2f}{'' if ok(x) else '*'}" for x in every)
        print(f"| {v} | {sum(map(ok, every))} ({len(every)}) | {ratio(rr, 'reelfixed', 'floor'):.2f} | "
              f"{ratio(rr, 'reel', 'floor'):.2f} | {ratio(rr, 'reel', 'reelfixed'):.2f} | {each} |")
