#!/usr/bin/env bash
# run.sh [--rounds N] [--cases "A B C D"] [--profile] REEL [BASE_REEL]
#
# The high-precision ("deep") path against the 8-bit path at 1920x1080 (issue 21, "Speed, in bench/"): one
# composition (two 2 s clips with a 1 s dissolve and a title, 90 frames at 30 fps) rendered by `reel render`
# of a release build with --workers 1 and a fresh --storage each time (nothing reused), in interleaved rounds
# (round r of every case before round r+1, even rounds in reverse order), so a change in the machine's load
# falls on every case alike:
#   A   8-bit BT.709 H.264 sources into 8-bit H.264 (the 8-bit path)
#   B   10-bit HLG HEVC Main10 sources (zscale of the same SDR pictures) into SDR 8-bit H.264 (tone-mapped)
#   C   the HLG sources into HEVC Main10 HLG
#   D   the 8-bit sources into 10-bit H.264 (High 10, SDR: the deep path with no colour conversion)
#   A0  case A rendered by BASE_REEL (given only with a second binary): today's 8-bit path against a baseline
# Every render is timed by GNU time: CPU = user + sys of the process and its children (not wall: the machine is
# shared), divided by the output's frame count (ffprobe -count_frames). The summary gives per-frame CPU per case
# (median, min, max over rounds) and the ratios B/A, C/A, D/A, A/A0, each taken within a round, with their spread.
#
# --profile: after the rounds, one more render of each case under `perf record` (user-space cycles, no call
# graph), bucketed by bench/deep/stages.py into decode, scale (swscale, or the deep path's Swift chroma resampling),
# colour, composite, dither, encode, copies.
#
# Environment: MEDIA (default /tmp/reel_bench_deep/media; made by ffmpeg once and reused), OUTD
# (/tmp/reel_bench_deep/out), RES (bench/results).
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
ROUNDS=3 CASES="A B C D" PROFILE=0
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) ROUNDS=$2; shift 2 ;;
    --cases) CASES=$2; shift 2 ;;
    --profile) PROFILE=1; shift ;;
    *) break ;;
  esac
done
REEL=$(readlink -f "${1:?usage: run.sh [--rounds N] [--cases \"A B C D\"] [--profile] REEL [BASE_REEL]}")
BASE=${2:+$(readlink -f "$2")}
[ -n "$BASE" ] && CASES="$CASES A0"
MEDIA=${MEDIA:-/tmp/reel_bench_deep/media}
OUTD=${OUTD:-/tmp/reel_bench_deep/out}
RES=${RES:-$REPO/bench/results}
mkdir -p "$MEDIA" "$OUTD" "$RES"

# The SDR pictures: testsrc2 and a hue-turned, grain-covered testsrc2 (so the encoder has texture to code).
sdr_picture() {
  case $1 in
    1) echo "testsrc2=size=1920x1080:rate=30:duration=2" ;;
    2) echo "testsrc2=size=1920x1080:rate=30:duration=2,hue=h=140,noise=alls=3:allf=t" ;;
  esac
}
make_media() {
  local k
  for k in 1 2; do
    [ -s "$MEDIA/sdr$k.mp4" ] || ffmpeg -v error -y -f lavfi -i "$(sdr_picture $k)" \
      -vf "format=yuv420p" -c:v libx264 -preset veryfast -crf 18 -color_primaries bt709 -color_trc bt709 \
      -colorspace bt709 "$MEDIA/sdr$k.mp4" || return 1
    [ -s "$MEDIA/hlg$k.mp4" ] || ffmpeg -v error -y -f lavfi -i "$(sdr_picture $k)" \
      -vf "zscale=tin=709:min=709:pin=709:rin=tv:t=arib-std-b67:m=2020_ncl:p=2020:r=tv:npl=203,format=yuv420p10le" \
      -c:v libx265 -preset veryfast -crf 18 -tag:v hvc1 \
      -x265-params "log-level=error:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc" \
      "$MEDIA/hlg$k.mp4" || return 1
  done
}

# composition KIND(sdr|hlg) OUTPUT_FIELDS > json
composition() {
  cat <<JSON
{
  "assets": { "c1": "$MEDIA/${1}1.mp4", "c2": "$MEDIA/${1}2.mp4" },
  "videos": [
    { "asset": "c1", "sourceRange": { "start": "0", "duration": "2" } },
    { "asset": "c2", "sourceRange": { "start": "0", "duration": "2" } }
  ],
  "transitions": [ { "type": "dissolve", "duration": "1" } ],
  "titles": [ { "text": "Reel deep bench", "size": 72, "position": "center",
                "timeRange": { "start": "0.5", "duration": "2" } } ],
  "output": { "preset": "1920x1080", "frameRate": "30", $2, "container": "mp4" }
}
JSON
}
H264='"video": { "codec": "h264", "crf": 23, "preset": "veryfast" }'
write_compositions() {
  composition sdr "$H264" > "$OUTD/A.json"
  composition hlg "$H264" > "$OUTD/B.json"
  composition hlg '"colour": "hlg", "video": { "codec": "hevc", "bitDepth": 10, "crf": 23, "preset": "veryfast" }' > "$OUTD/C.json"
  composition sdr '"video": { "codec": "h264", "bitDepth": 10, "crf": 23, "preset": "veryfast" }' > "$OUTD/D.json"
  cp "$OUTD/A.json" "$OUTD/A0.json"
}

binary_of() { [ "$1" = A0 ] && echo "$BASE" || echo "$REEL"; }

# render CASE ROUND [PREFIX…]: one fresh render; prints "case round cpu_s frames wall_s"
render() {
  local c=$1 r=$2; shift 2
  local out="$OUTD/$c.mp4" store="$OUTD/store-$c" t="$OUTD/time-$c"
  rm -rf "$store" "$out"
  "$@" /usr/bin/time -f "%U %S %e" -o "$t" "$(binary_of "$c")" render "$OUTD/$c.json" -o "$out" \
    --storage "$store" --workers 1 --overwrite > "$OUTD/log-$c" 2>&1 || { echo "render $c failed:" >&2; tail -5 "$OUTD/log-$c" >&2; return 1; }
  local frames
  frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$out")
  read -r user sys wall < <(tail -1 "$t")
  echo "$c $r $(echo "$user + $sys" | bc) $frames $wall"
}

make_media || { echo "could not make the media with ffmpeg" >&2; exit 1; }
write_compositions
SESSION=$(date -u +%Y%m%dT%H%M%S)
ROWS="$RES/deep-$SESSION.tsv"
echo "# $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg); reel $REEL${BASE:+; base $BASE}" >&2
for ((r = 1; r <= ROUNDS; r++)); do
  # Even rounds run the cases in reverse, so no case always goes first (the first render of a round measured
  # up to 20 % slower when the same binary ran twice).
  ORDER=$CASES
  [ $((r % 2)) = 0 ] && ORDER=$(echo "$CASES" | tr ' ' '\n' | tac | tr '\n' ' ')
  for c in $ORDER; do
    row=$(render "$c" "$r") || exit 1
    echo "$row" | tee -a "$ROWS" >&2
  done
done
[ -s "$ROWS" ] && python3 "$HERE/summary.py" "$ROWS"
if [ "$PROFILE" = 1 ]; then
  echo; echo "| case | encode | decode | scale | colour | dither | composite | copies | other |"
  echo "|---|---|---|---|---|---|---|---|---|"
  for c in $CASES; do
    [ "$c" = A0 ] && continue
    render "$c" profile perf record -q -e cycles:u -o "$OUTD/perf-$c.data" -- > /dev/null || exit 1
    perf report -i "$OUTD/perf-$c.data" --stdio --no-children --sort dso,sym -F period,dso,sym 2>/dev/null \
      | python3 "$HERE/stages.py" "$c"
  done
fi
