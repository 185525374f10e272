#!/usr/bin/env bash
# bench.sh [RUNS] [VARIANTS]
#   RUNS      default 1
#   VARIANTS  default "short long" (5 and 40 clips: the compositions of ../shared/bench/ref_ffmpeg.sh)
#
# Times, interleaved in one invocation (round r of every renderer and variant before round r+1; with ROTATE=1, the
# default, round r starts at the r-th renderer, so that each takes each place in the order in turn):
#   floor   ../shared/bench/ref_floor.sh   plain concat decode + encode of the same duration
#   ffmpeg  ../shared/bench/ref_ffmpeg.sh  one ffmpeg -filter_complex of the composition
#   reel    reel render (default workers) of make-composition.sh's equivalent composition
#   reel1080w1  reel render --workers 1 of the same composition at 1920x1080 (peak RSS of one worker)
#   reelfixed   reel render --segment-seconds $REEL_FIXED_SEGMENT_SECONDS (default 10): the plan before
#               the short-job balance, for a before/after in the same invocation (not in the default list)
#   floorsame   bench/render/floor_same.sh: the floor of the same frames, decoding every source range the
#               composition uses and encoding reel's own output pictures (after reel in the round; CPU is the
#               sum of its two timed halves, wall their sum, so compare its CPU only)
#   floorpar    the same two halves run at once (floor_same.sh with PARALLEL=1, the encode reading Reel's output
#               decoded beforehand to raw frames in /dev/shm): the floor's wall for the same frames
# All with /usr/bin/time -v (wall, user+sys, max RSS). Each reel run gets a fresh --storage dir, so
# no part is reused. Every output is checked: frame count (ffprobe -count_frames) and a clean decode.
# Also records "foreign" CPU: the machine's busy CPU time during the run minus the run's own
# (other processes on the box; above ~2 s the run was disturbed) and the 1-minute load average.
# Rows -> $RES/timings.tsv (appended), per-segment render seconds of reel runs -> $RES/segments.tsv
# (session renderer variant run frames seconds), summary with per-round ratios -> $RES/summary.md.
#
# Environment: SHARED_BENCH (default: ../shared/bench next to the repository or the main checkout),
# MEDIA_ROOT (/tmp/bench_media), OUTD (/tmp/reel_bench_out), RES (bench/results),
# RENDERERS ("floor ffmpeg reel reel1080w1"; add reelfixed for a before/after), REEL_ARGS (extra `reel render`
# arguments), REEL_FIXED_SEGMENT_SECONDS (10).
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
RUNS=${1:-1}
VARIANTS=${2:-short long}
RENDERERS=${RENDERERS:-floor ffmpeg reel reel1080w1}
MEDIA_ROOT=${MEDIA_ROOT:-/tmp/bench_media}
OUTD=${OUTD:-/tmp/reel_bench_out}
RES=${RES:-$REPO/bench/results}
if [ -z "${SHARED_BENCH:-}" ]; then
  for d in "$REPO/../shared/bench" "$REPO/../../shared/bench" /work/shared/bench; do
    [ -x "$d/ref_ffmpeg.sh" ] && { SHARED_BENCH=$(cd "$d" && pwd); break; }
  done
fi
[ -x "${SHARED_BENCH:-}/ref_ffmpeg.sh" ] || { echo "set SHARED_BENCH to the folder with ref_ffmpeg.sh" >&2; exit 2; }
mkdir -p "$RES" "$OUTD"

clips_of() { case $1 in short) echo 5 ;; long) echo 40 ;; *) echo "unknown variant $1" >&2; exit 2 ;; esac; }
for v in $VARIANTS; do
  n=$(clips_of "$v")
  [ -s "$MEDIA_ROOT/$v/$(printf 'clip%02d.mp4' "$n")" ] || "$SHARED_BENCH/make_media.sh" "$MEDIA_ROOT/$v" "$n"
  "$HERE/make-composition.sh" "$MEDIA_ROOT/$v" "$n" 1280x720 > "$OUTD/comp_$v.json"
  "$HERE/make-composition.sh" "$MEDIA_ROOT/$v" "$n" 1920x1080 > "$OUTD/comp1080_$v.json"
done

echo "building reel (release)…" >&2
(cd "$REPO" && swift build -c release --product reel >&2) || exit 1
REEL=$(cd "$REPO" && swift build -c release --show-bin-path)/reel

busy() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9}' /proc/stat; }   # user nice system irq softirq steal
HZ=$(getconf CLK_TCK)
TSV=$RES/timings.tsv
[ -s "$TSV" ] || printf 'session\tdate\trenderer\tvariant\trun\twall_s\tuser_s\tsys_s\tcpu_s\tmaxrss_mb\tforeign_cpu_s\tload1\tframes\tdecode_clean\trc\n' > "$TSV"
SESSION=$(date +%Y%m%dT%H%M%S)
T=$(mktemp -d /tmp/reel_bench.XXXXXX)
trap 'rm -rf "$T"' EXIT

command_for() { # renderer variant out -> the command line in CMD
  case $1 in
    floor) CMD=("$SHARED_BENCH/ref_floor.sh" "$MEDIA_ROOT/$2" "$3") ;;
    ffmpeg) CMD=("$SHARED_BENCH/ref_ffmpeg.sh" "$MEDIA_ROOT/$2" "$3") ;;
    reel) CMD=("$REEL" render "$OUTD/comp_$2.json" -o "$3" --overwrite --storage "$T/store" ${REEL_ARGS:-}) ;;
    reel1080w1) CMD=("$REEL" render "$OUTD/comp1080_$2.json" -o "$3" --overwrite --storage "$T/store" --workers 1 ${REEL_ARGS:-}) ;;
    reelfixed) CMD=("$REEL" render "$OUTD/comp_$2.json" -o "$3" --overwrite --storage "$T/store"
                    --segment-seconds "${REEL_FIXED_SEGMENT_SECONDS:-10}" ${REEL_ARGS:-}) ;;
    floorsame) CMD=("$HERE/floor_same.sh" "$OUTD/comp_$2.json" "$OUTD/reel_$2.mp4" "$3" "$T/halves") ;;
    floorpar) CMD=(env PARALLEL=1 "$HERE/floor_same.sh" "$OUTD/comp_$2.json" "$OUTD/reel_$2.mp4" "$3" "$T/halves") ;;
    *) echo "unknown renderer $1" >&2; exit 2 ;;
  esac
}

read -ra ORDER <<< "$RENDERERS"
for ((r = 1; r <= RUNS; r++)); do
  # ROTATE=1 (the default): round r runs the renderers rotated left by r − 1, so each takes each place in turn. The run
  # right after a memory-heavy one pays for it: `reel render` of the short job 3.67–3.77 s alone, 3.99–4.34 s (and
  # half again as much system time) right after ffmpeg's long job (1.4 GB), even after a 10 s pause (2026-12-06).
  # A fixed order charges that to whoever follows. floorpar reads the round's reel output; placed before reel it
  # reads the previous round's, the same bytes (reel's output does not depend on the run), so round 1 is unrotated.
  ROUND=("${ORDER[@]}")
  if [ "${ROTATE:-1}" = 1 ] && [ "${#ORDER[@]}" -gt 1 ]; then
    k=$(( (r - 1) % ${#ORDER[@]} ))
    ROUND=("${ORDER[@]:k}" "${ORDER[@]:0:k}")
  fi
  for v in $VARIANTS; do
    for R in "${ROUND[@]}"; do
      out=$OUTD/${R}_${v}.mp4
      rm -rf "$T/store" "$out"
      command_for "$R" "$v" "$out"
      load=$(cut -d' ' -f1 /proc/loadavg)
      sync; b0=$(busy)
      /usr/bin/time -v -o "$T/time" "${CMD[@]}" >"$T/log" 2>&1
      rc=$?
      b1=$(busy)
      wall=$(awk -F': ' '/Elapsed \(wall clock\)/{n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$T/time")
      usr=$(awk -F': ' '/User time/{print $2}' "$T/time")
      sys=$(awk -F': ' '/System time/{print $2}' "$T/time")
      if [ "$R" = floorsame ] || [ "$R" = floorpar ]; then   # only the timed halves, not the untimed decoder
        read -r usr sys wall < <(awk '{u += $1; s += $2; w += $3} END {printf "%.2f %.2f %.2f\n", u, s, w}' "$T/halves")
      fi
      rss=$(awk -F': ' '/Maximum resident/{printf "%.0f", $2/1024}' "$T/time")
      foreign=$(awk -v b0="$b0" -v b1="$b1" -v hz="$HZ" -v u="$usr" -v s="$sys" 'BEGIN{f=(b1-b0)/hz-u-s; if (f<0) f=0; printf "%.1f", f}')
      cpu=$(awk -v u="$usr" -v s="$sys" 'BEGIN{printf "%.2f", u+s}')
      frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$out" 2>/dev/null || echo NA)
      errs=$(ffmpeg -nostdin -v error -i "$out" -f null - 2>&1 | wc -l)
      clean=$([ -s "$out" ] && [ "$errs" = 0 ] && echo yes || echo no)
      printf '%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$SESSION" "$(date -Is)" "$R" "$v" "$r" "$wall" "$usr" "$sys" \
        "$cpu" "$rss" "$foreign" "$load" "$frames" "$clean" "$rc" | tee -a "$TSV"
      [ $rc = 0 ] || { echo "--- $R $v failed:"; tail -5 "$T/log"; }
      if [ -d "$T/store" ]; then   # per-segment render seconds, for bench/sim
        find "$T/store" -name '*.json' -print0 | xargs -0 -r python3 -c '
import json, sys
for f in sys.argv[1:]:
    m = json.load(open(f))
    print(m["frames"], round(m["renderSeconds"], 3), sep="\t")' \
          | sed "s/^/$SESSION\t$R\t$v\t$r\t/" >> "$RES/segments.tsv"
      fi
    done
  done
done

python3 "$HERE/summarize.py" "$TSV" > "$RES/summary.md"
cat "$RES/summary.md"
