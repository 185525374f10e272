#!/usr/bin/env bash
# bench/scale/run.sh [--workers "1 2"] [--cores-per-worker 1] [--rounds 2] [--clips 31] [--size 1280x720]
#                    [--segment-seconds 10] [--first-core 0] [--stitch "end rolling"]
#
# Real multi-process scaling: the same job rendered by 1, then 2 (… --workers) `reel worker --concurrency 1`
# processes against a real PostgreSQL (scripts/test-postgres.sh), each worker pinned with `taskset` to its own
# cores (--cores-per-worker of them, from --first-core on), so W workers have W× the cores of one and x264's
# threads cannot borrow an idle core. Rounds interleave the worker counts (1,2,1,2 …). Every run gets a fresh
# schema and a fresh --storage, so nothing is reused; the workers are registered before the submit.
# Per run: wall from `reel submit` to the job done (`reel watch` returns), stitch_tail_seconds and stitch_seconds
# (`reel status --json`), the output's frame count and a clean decode, the load average, and foreign CPU (CPU
# the rest of the machine used during the run). Rows -> bench/results/scale.tsv; per-segment render seconds
# -> bench/results/segments.tsv (renderer "scale-wW"), for bench-sim; summary with efficiency T1 / (W·TW)
# -> stdout and bench/results/scale-SESSION.md. --stitch runs every worker count with each `reel worker --stitch`
# mode in turn (today's one-pass stitch "end", and "rolling"), interleaved; without it the workers' default.
# Needs: ../shared/bench/make_media.sh (SHARED_BENCH), taskset, PostgreSQL; REEL (default: release build).
# 1/2/4/8/16 on a 16-core machine: bench/scale/run.sh --workers "1 2 4 8 16" --rounds 1
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd -P)
cd "$ROOT"
WORKERS="1 2"; CPW=1; ROUNDS=2; CLIPS=31; SIZE=1280x720; SEGS=10; FIRST=0; MODES=default
while [ $# -gt 0 ]; do
  case $1 in
    --workers) WORKERS=$2; shift 2 ;;
    --cores-per-worker) CPW=$2; shift 2 ;;
    --rounds) ROUNDS=$2; shift 2 ;;
    --clips) CLIPS=$2; shift 2 ;;
    --size) SIZE=$2; shift 2 ;;
    --segment-seconds) SEGS=$2; shift 2 ;;
    --first-core) FIRST=$2; shift 2 ;;
    --stitch) MODES=$2; shift 2 ;;
    *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
SHARED_BENCH=${SHARED_BENCH:-$(ls -d "$ROOT/../shared/bench" /work/shared/bench 2>/dev/null | head -n 1)}
MEDIA=${MEDIA:-/tmp/bench_media/long}
RES=$ROOT/bench/results; mkdir -p "$RES"
WORK=$(mktemp -d /tmp/reel-scale.XXXXXX); chmod 755 "$WORK"
SESSION=$(date -u +%Y%m%dT%H%M%S)
TSV=$RES/scale.tsv
HZ=$(getconf CLK_TCK)
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8}' /proc/stat; }
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$WORK"; }
trap cleanup EXIT

if [ -z "${REEL:-}" ]; then
  swift build -c release --product reel >&2
  REEL=$ROOT/.build/release/reel
fi
[ -f "$MEDIA/clip$(printf %02d "$CLIPS").mp4" ] || "$SHARED_BENCH/make_media.sh" "$MEDIA" 40 >&2
bench/render/make-composition.sh "$MEDIA" "$CLIPS" "$SIZE" > "$WORK/comp.json"
eval "$(scripts/test-postgres.sh)"
DB=$REEL_TEST_DATABASE_URL
[ -s "$TSV" ] || printf 'session\ttime\tworkers\tcores_per_worker\tround\twall_s\tstitch_tail_s\tstitch_s\tsegments\tframes\tclean\tload\tforeign_cpu_s\tcpu_s\tstitch\n' > "$TSV"

# run_once W ROUND MODE: one job on W fresh pinned workers; appends a row to $TSV.
run_once() {
  local w=$1 round=$2 mode=$3 schema="reel_scale_${SESSION,,}_w${1}_r${2}_$3" dir="$WORK/w$1r$2$3" i stitch=()
  [ "$mode" = default ] || stitch=(--stitch "$mode")
  mkdir -p "$dir/store"; chmod -R 777 "$dir"
  "$REEL" db migrate --db "$DB" --schema "$schema" >/dev/null
  PIDS=()
  for ((i = 0; i < w; i++)); do
    local lo=$((FIRST + i * CPW)) hi=$((FIRST + (i + 1) * CPW - 1))
    taskset -c "$lo-$hi" "$REEL" worker --concurrency 1 --name "w$i" --storage "$dir/store" --db "$DB" \
      --schema "$schema" --media-root "$MEDIA" --output-root "$dir" --retry-base-ms 200 "${stitch[@]}" \
      2>"$dir/worker$i.log" &
    PIDS+=($!)
  done
  until [ "$("$REEL" workers --json --db "$DB" --schema "$schema" | grep -o '"id"' | wc -l)" -ge "$w" ]; do sleep 0.2; done
  sync; local load b0 t0 job t1 b1
  load=$(cut -d' ' -f1 /proc/loadavg); b0=$(busy); t0=$(date +%s.%N)
  job=$("$REEL" submit "$WORK/comp.json" -o "$dir/out.mp4" --overwrite --storage "$dir/store" --segment-seconds "$SEGS" \
        --db "$DB" --schema "$schema")
  "$REEL" watch "$job" --db "$DB" --schema "$schema" >/dev/null
  t1=$(date +%s.%N); b1=$(busy)
  local own=0 p
  for p in "${PIDS[@]}"; do own=$(awk -v o="$own" '{print o + ($14 + $15)}' "/proc/$p/stat"); done
  kill -TERM "${PIDS[@]}"; wait "${PIDS[@]}" 2>/dev/null || true; PIDS=()
  "$REEL" status "$job" --json --db "$DB" --schema "$schema" > "$dir/status.json"
  row "$w" "$round" "$dir" "$t0" "$t1" "$b0" "$b1" "$own" "$load" "$mode"
}

# row W ROUND DIR T0 T1 B0 B1 OWN_TICKS LOAD MODE: checks the output and appends the run's row and its segments.
row() {
  local dir=$3 frames errs clean
  frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$dir/out.mp4" || echo NA)
  errs=$(ffmpeg -nostdin -v error -i "$dir/out.mp4" -f null - 2>&1 | wc -l)
  clean=$([ -s "$dir/out.mp4" ] && [ "$errs" = 0 ] && echo yes || echo no)
  python3 - "$dir/status.json" "$@" "$frames" "$clean" "$SESSION" "$CPW" "$HZ" >> "$TSV" <<'PY'
import json, sys, datetime
st, w, rnd, d, t0, t1, b0, b1, own, load, mode, frames, clean, session, cpw, hz = sys.argv[1:]
s = json.load(open(st)); hz = float(hz)
cpu = float(own) / hz   # the workers' own CPU is read before they exit; foreign = machine busy minus theirs
foreign = max(0.0, (float(b1) - float(b0)) / hz - cpu)
n = sum(s["segments_by_state"].values())
print(session, datetime.datetime.utcnow().isoformat(timespec="seconds"), w, cpw, rnd, "%.2f" % (float(t1) - float(t0)),
      s["stitch_tail_seconds"], s["job"]["stitch_seconds"], n, frames, clean, load, "%.1f" % foreign, "%.1f" % cpu, mode, sep="\t")
PY
  find "$dir/store" -name '*.json' -print0 | xargs -0 -r python3 -c '
import json, sys
for f in sys.argv[1:]:
    m = json.load(open(f))
    if "renderSeconds" in m: print(m["frames"], round(m["renderSeconds"], 3), sep="\t")' \
    | sed "s/^/$SESSION\tscale-w$1\t$SIZE-$CLIPS-${10}\t$2\t/" >> "$RES/segments.tsv"
  tail -n 1 "$TSV" >&2
}

# predict: bench-sim for this very job, fed with the first worker count's part costs, the job's segment count and
# the measured stitch speed (its copy and finish included, hence 0 for theirs); compare its walls with the table.
predict() {
  local first=${WORKERS%% *} dur segs speed
  dur=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$WORK/w${first}r1${MODES%% *}/out.mp4")
  segs=$(awk -F'\t' -v s="$SESSION" '$1 == s {print $9; exit}' "$TSV")
  speed=$(awk -F'\t' -v s="$SESSION" -v d="$dur" '$1 == s && $8 > 0 && $15 == "end" {t += $8; n++}
                END {printf "%.1f", n ? d / (t / n) : 50}' "$TSV")
  swift build -c release --product bench-sim >&2
  echo; echo "bench-sim's prediction for this job (part costs of the ${first}-worker runs, stitch ${speed}× real time):"
  "$ROOT/.build/release/bench-sim" --costs "$RES/segments.tsv" --costs-filter "$SESSION"$'\t'"scale-w$first"$'\t' \
    --output-seconds "$dur" --segment-seconds "$(awk -v d="$dur" -v n="$segs" 'BEGIN {printf "%.9f", d / n + 1e-6}')" \
    --stitch-speed "$speed" --copy-per-hour 0 --finish-seconds 0 --workers "$(echo $WORKERS | tr ' ' ,)" \
    | sed '/adaptive/,$d'
}

for ((r = 1; r <= ROUNDS; r++)); do
  for w in $WORKERS; do for m in $MODES; do run_once "$w" "$r" "$m"; done; done
done
{ python3 "$ROOT/bench/scale/summarize.py" "$TSV" "$SESSION"; predict; } | tee "$RES/scale-$SESSION.md"
