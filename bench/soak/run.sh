#!/usr/bin/env bash
# run.sh [--minutes M] [--preset P] [--workdir DIR] [--skip-floor] [--skip-farm]
#
# The long-project soak (issue 13 §3), in one command. It
#   1. makes the source media once (make-media.sh) under WORKDIR/media (default /tmp/reel-soak),
#   2. writes an M-minute composition (make-composition.py; default 60) and checks it (reel validate),
#   3. renders it with `reel render` (release build), timed with /usr/bin/time -v, its RSS sampled every
#      second into rss-local.tsv, and its `--json` done event kept (stitch_tail_seconds),
#   4. renders it on a farm: PostgreSQL (REEL_SOAK_DATABASE_URL, else scripts/test-postgres.sh), a fresh
#      schema, `reel db migrate`, two `reel worker --concurrency 1`, each timed and RSS-sampled, `reel submit`,
#      waits for done and keeps `reel status --json` (stitch_tail_seconds),
#   5. times the floor: one plain ffmpeg decode + encode of the same source ranges, same duration and
#      encoder settings (x264 PRESET crf 23 yuv420p 1280x720 30000/1001 fps, AAC 128k 48 kHz stereo),
#   6. checks both outputs: packets (ffprobe -count_packets), decoded video frames and audio samples and a
#      clean decode (one `ffmpeg -v error -f framemd5` pass each), against `reel plan --json`'s totals, and
#      that the local and farm framemd5 are identical,
#   7. measures the parts' disk use and what `reel gc --older-than 1s` reclaims, for each store,
#   8. prints a markdown summary and writes bench/results/soak-STAMP.{tsv,md} and the RSS TSVs.
# --preset applies to reel (local and farm) and the floor alike (default veryfast).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd -P)
MINUTES=60 PRESET=veryfast WORK=/tmp/reel-soak FLOOR=1 FARM=1
usage() { sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --minutes) MINUTES=${2:?--minutes needs a value}; shift 2 ;;
    --preset) PRESET=${2:?--preset needs a value}; shift 2 ;;
    --workdir) WORK=${2:?--workdir needs a value}; shift 2 ;;
    --skip-floor) FLOOR=0; shift ;;
    --skip-farm) FARM=0; shift ;;
    -h|--help) usage ;;
    *) echo "soak: unknown option $1" >&2; usage ;;
  esac
done
[[ $MINUTES =~ ^[0-9]+$ ]] && [ "$MINUTES" -ge 1 ] || { echo "soak: --minutes must be a whole number ≥ 1" >&2; exit 2; }
# The project's Debian packages (ffmpeg, PostgreSQL, jq, GNU time, …), installed where missing.
source "$REPO/scripts/setup.sh" >/dev/null
for tool in ffmpeg ffprobe python3 jq /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "soak: $tool is needed" >&2; exit 1; }
done
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd -P)
STAMP=$(date -u +%Y%m%dT%H%M%SZ)
RES=${RES:-$REPO/bench/results}
RUN=$WORK/run-$STAMP
mkdir -p "$RES" "$RUN" "$WORK/out"
TSV=$RES/soak-$STAMP.tsv
printf 'key\tvalue\n' > "$TSV"
put() { printf '%s\t%s\n' "$1" "$2" >> "$TSV"; }
log() { echo "soak: $*" >&2; }

# --- cleanup: every background process this script started, by id -------------------------------
PIDS=() CHILDREN=()
SCHEMA= DB= PG_STARTED=0
cleanup() {
  local p
  # A worker's first SIGTERM drains (finishes its segment), the second stops it at the next frame.
  for p in "${CHILDREN[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  sleep 0.5
  for p in "${CHILDREN[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
  if [ -n "$SCHEMA" ] && [ -n "$DB" ] && command -v psql >/dev/null; then
    psql -q "$DB" -c "DROP SCHEMA IF EXISTS $SCHEMA CASCADE" >/dev/null 2>&1 || true
  fi
  [ "$PG_STARTED" = 1 ] && "$REPO/scripts/test-postgres.sh" stop || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM

source "$HERE/measure.sh"
source "$HERE/farm.sh"

# --- 1, 2: media, composition, build ------------------------------------------------------------
"$HERE/make-media.sh" "$WORK/media"
COMP=$RUN/soak-${MINUTES}m.json
python3 "$HERE/make-composition.py" "$WORK/media" --minutes "$MINUTES" --preset "$PRESET" > "$COMP"
log "building reel (release)…"
(cd "$REPO" && swift build -c release --product reel >&2)
REEL=$(cd "$REPO" && swift build -c release --show-bin-path)/reel
"$REEL" validate "$COMP" >&2 || { echo "soak: $COMP does not validate" >&2; exit 1; }
"$REEL" plan "$COMP" --json > "$RUN/plan.json"
EXP_FRAMES=$(jq .total_frames "$RUN/plan.json")
EXP_SAMPLES=$(jq .total_samples "$RUN/plan.json")
put minutes "$MINUTES"; put preset "$PRESET"; put composition "$COMP"
put clips "$(jq '.videos | length' "$COMP")"
put transitions "$(jq '[.transitions[] | select(.type != "cut")] | length' "$COMP")"
put titles "$(jq '.titles | length' "$COMP")"; put voice_overs "$(jq '.voiceOvers | length' "$COMP")"
put segments "$(jq '.segments | length' "$RUN/plan.json")"
put expected_frames "$EXP_FRAMES"; put expected_samples "$EXP_SAMPLES"
setup_db   # also when --skip-farm: reel gc asks the queue which parts active jobs still need
log "$(jq -r '"composition: \(.duration) s, \(.total_frames) frames, \(.total_samples) samples, \(.segments | length) segments"' "$RUN/plan.json")"

# --- 3: reel render ------------------------------------------------------------------------------
LOCAL_OUT=$WORK/out/local.mp4 LOCAL_STORE=$RUN/local-store
rm -f "$LOCAL_OUT"
log "reel render…"
timed local "$RUN/local-events.jsonl" "$REEL" render "$COMP" -o "$LOCAL_OUT" --overwrite --storage "$LOCAL_STORE" \
  --preset "$PRESET" --json
jq -c 'select(.event == "done")' "$RUN/local-events.jsonl" > "$RUN/local-done.json"
put local_stitch_tail_s "$(jq -r '.stitch_tail_seconds // "NA"' "$RUN/local-done.json")"
put local_done_seconds "$(jq -r '.seconds // "NA"' "$RUN/local-done.json")"
check_output local "$LOCAL_OUT"
parts_disk local "$LOCAL_STORE"

# --- 5: the floor --------------------------------------------------------------------------------
if [ "$FLOOR" = 1 ]; then
  log "floor (plain decode + encode)…"
  python3 "$HERE/floor-list.py" "$COMP" > "$RUN/floor.ffconcat"
  DURATION=$(jq -r .duration "$RUN/plan.json")
  # The sources differ in time base, size and audio, which the concat demuxer's timestamps do not
  # survive (gaps that an fps filter fills with cheap duplicate frames). So every decoded frame is
  # numbered afresh at the output rate, and the filter graph is not rebuilt at each size change (the
  # scale filter follows the size itself): each output frame is a distinct decoded source frame.
  timed floor "$RUN/floor.log" ffmpeg -nostdin -hide_banner -loglevel error -y \
    -reinit_filter 0 -f concat -safe 0 -i "$RUN/floor.ffconcat" \
    -vf "setpts=N/(30000/1001)/TB,scale=1280:720,setsar=1,format=yuv420p" -r 30000/1001 \
    -af "asetpts=N/SR/TB,aresample=48000,aformat=channel_layouts=stereo,apad" \
    -c:v libx264 -preset "$PRESET" -crf 23 -c:a aac -b:a 128k -t "$DURATION" -movflags +faststart "$WORK/out/floor.mp4"
fi

# --- 4: the farm ---------------------------------------------------------------------------------
if [ "$FARM" = 1 ]; then farm_run; fi

# --- 7, 8: gc and the summary --------------------------------------------------------------------
gc_store local "$LOCAL_STORE"
if [ "$FARM" = 1 ]; then gc_store farm "$FARM_STORE"; fi
python3 "$HERE/summarize.py" "$TSV" > "$RES/soak-$STAMP.md"
for f in "$RUN"/rss-*.tsv; do cp "$f" "$RES/soak-$STAMP-$(basename "$f")"; done
cat "$RES/soak-$STAMP.md"
log "results: $TSV, $RES/soak-$STAMP.md; run folder $RUN"
