#!/usr/bin/env bash
# bench/scale/segment-sizing.sh [--seconds "2 5 10 30"] [--rounds 2] [--clips 8] [--size 1920x1080] [--core 0]
#
# Per-segment fixed costs: the same composition rendered by `reel render --workers 1`, pinned to one core
# (taskset), at each --segment-seconds, interleaved round by round, a fresh --storage each run. The frames are
# the same in every run, so the wall time differs only by what each extra segment costs: fitting
# wall = base + fixed × segments gives the fixed cost of a segment end to end (decoder open and seek pre-roll,
# encoder start and its IDR, part write and manifest, the in-memory queue's claim and completion, the stitch's
# per-part checks). Every part's manifest also gives renderSeconds, fitted as overhead + perFrame × frames
# (inside the segment render only). Rows -> bench/results/sizing.tsv, parts -> bench/results/segments.tsv
# (renderer "sizing"), fits -> stdout and bench/results/sizing-SESSION.md.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd -P)
cd "$ROOT"
SECONDS_LIST="2 5 10 30"; ROUNDS=2; CLIPS=8; SIZE=1920x1080; CORE=0
while [ $# -gt 0 ]; do
  case $1 in
    --seconds) SECONDS_LIST=$2; shift 2 ;;
    --rounds) ROUNDS=$2; shift 2 ;;
    --clips) CLIPS=$2; shift 2 ;;
    --size) SIZE=$2; shift 2 ;;
    --core) CORE=$2; shift 2 ;;
    *) echo "segment-sizing.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
SHARED_BENCH=${SHARED_BENCH:-$(ls -d "$ROOT/../shared/bench" /work/shared/bench 2>/dev/null | head -n 1)}
MEDIA=${MEDIA:-/tmp/bench_media/long}
RES=$ROOT/bench/results; mkdir -p "$RES"
WORK=$(mktemp -d /tmp/reel-sizing.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
SESSION=$(date -u +%Y%m%dT%H%M%S)
TSV=$RES/sizing.tsv
HZ=$(getconf CLK_TCK)
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8}' /proc/stat; }
if [ -z "${REEL:-}" ]; then
  swift build -c release --product reel >&2
  REEL=$ROOT/.build/release/reel
fi
[ -f "$MEDIA/clip$(printf %02d "$CLIPS").mp4" ] || "$SHARED_BENCH/make_media.sh" "$MEDIA" 40 >&2
bench/render/make-composition.sh "$MEDIA" "$CLIPS" "$SIZE" > "$WORK/comp.json"
[ -s "$TSV" ] || printf 'session\tsegment_s\tround\tsegments\tframes\twall_s\tcpu_s\trender_sum_s\tstitch_tail_s\tload\tforeign_cpu_s\n' > "$TSV"

for ((r = 1; r <= ROUNDS; r++)); do
  for s in $SECONDS_LIST; do
    rm -rf "$WORK/store" "$WORK/out.mp4"
    load=$(cut -d' ' -f1 /proc/loadavg); sync; b0=$(busy)
    /usr/bin/time -f "%e %U %S" -o "$WORK/time" taskset -c "$CORE" "$REEL" render "$WORK/comp.json" -o "$WORK/out.mp4" --overwrite \
      --storage "$WORK/store" --workers 1 --segment-seconds "$s" --json > "$WORK/events.json"
    b1=$(busy)
    find "$WORK/store" -name '*.json' -print0 | xargs -0 -r python3 -c '
import json, sys
for f in sys.argv[1:]:
    m = json.load(open(f))
    if "renderSeconds" in m: print(m["frames"], round(m["renderSeconds"], 3), sep="\t")' > "$WORK/parts"
    sed "s/^/$SESSION\tsizing\t$SIZE-$CLIPS-s$s\t$r\t/" "$WORK/parts" >> "$RES/segments.tsv"
    python3 - "$WORK/time" "$WORK/parts" "$WORK/events.json" "$SESSION" "$s" "$r" "$load" "$b0" "$b1" "$HZ" >> "$TSV" <<'PY'
import json, sys
tf, parts, events, session, s, r, load, b0, b1, hz = sys.argv[1:]
wall, u, sy = map(float, open(tf).read().split()[-3:])
p = [tuple(map(float, l.split("\t"))) for l in open(parts) if l.strip()]
tail = "NA"
for line in open(events):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("event") == "done":
        tail = e.get("stitch_tail_seconds")
foreign = max(0.0, (float(b1) - float(b0)) / float(hz) - u - sy)
print(session, s, r, len(p), int(sum(f for f, _ in p)), "%.2f" % wall, "%.2f" % (u + sy), "%.2f" % sum(x for _, x in p),
      tail, load, "%.1f" % foreign, sep="\t")
PY
    tail -n 1 "$TSV" >&2
  done
done
python3 "$ROOT/bench/scale/fit_sizing.py" "$TSV" "$RES/segments.tsv" "$SESSION" | tee "$RES/sizing-$SESSION.md"
