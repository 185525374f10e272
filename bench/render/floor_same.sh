#!/usr/bin/env bash
# floor_same.sh COMPOSITION.json REEL_OUTPUT OUT.mp4 TIMES
#
# The floor of the same frames (issue 23 §1): ref_floor.sh decodes the sources and encodes the same number of
# frames, but not the same ones: it decodes 4 s of each clip where the composition uses 5 (a transition shows
# both clips for its second), and encodes other pictures (hard cuts, where Reel's output has dissolves, pushes
# and wipes), and x264 spends more on Reel's pictures: re-encoding Reel's long output cost 15 % more CPU than
# re-encoding the floor's (2026-12-06). This floor does the two halves of a render on the same frames and times
# only them:
#   1. decode: every clip's source range in the composition (the concat demuxer with in- and out-points, audio
#      too), into the null muxer;
#   2. encode: Reel's own output pictures and samples, decoded by an untimed ffmpeg and piped raw (rawvideo and
#      f32 PCM in NUT) into a timed one that encodes them with ref_floor.sh's settings (libx264 veryfast crf 23
#      yuv420p, AAC 128k 48 kHz stereo, faststart).
# Writes "user sys wall" of each half, one line each, to TIMES; the sum is the floor's CPU for these frames.
#
# PARALLEL=1: the floor's wall for the same frames. Reel's output is first decoded (untimed) to raw pictures and
# samples in NUT under /dev/shm (RAM: 1.4 MB a 720p frame, 6.7 GB for the long job), then both halves run at once,
# timed together as one line: the decode as above, and the encode reading the raw file, so it needs no decoder
# beside it. Like Reel, which decodes and encodes on every core at once, the pair keeps the machine's cores busy;
# its wall is the floor's for these frames. Reading the raw file is part of the timed encode (a demux and a copy:
# `ffmpeg -f nut -i RAW -c copy -f null -` took about 2 % of the encode's CPU).
set -euo pipefail
COMP=${1:?usage: floor_same.sh COMPOSITION.json REEL_OUTPUT OUT.mp4 TIMES}
REEL_OUT=${2:?usage: floor_same.sh COMPOSITION.json REEL_OUTPUT OUT.mp4 TIMES}
OUTF=${3:?usage: floor_same.sh COMPOSITION.json REEL_OUTPUT OUT.mp4 TIMES}
TIMES=${4:?usage: floor_same.sh COMPOSITION.json REEL_OUTPUT OUT.mp4 TIMES}
[ -s "$REEL_OUT" ] || { echo "floor_same.sh: no Reel output at $REEL_OUT (run reel first in the round)" >&2; exit 2; }
W=$(mktemp -d /tmp/floor_same.XXXXXX)
trap 'rm -rf "$W"' EXIT
python3 - "$COMP" > "$W/list.txt" <<'PY'
import json, sys
from fractions import Fraction
c = json.load(open(sys.argv[1]))
print("ffconcat version 1.0")
for v in c["videos"]:
    start = Fraction(v["sourceRange"]["start"]); end = start + Fraction(v["sourceRange"]["duration"])
    print(f"file '{c['assets'][v['asset']]}'\ninpoint {float(start)}\noutpoint {float(end)}")
PY
: > "$TIMES"

# The two halves, and the raw copy of Reel's output the encode reads; one definition each for both modes.
decode_sources() { ffmpeg -nostdin -hide_banner -loglevel fatal -f concat -safe 0 -i "$W/list.txt" -f null -; }
raw_of_reel() {   # $1: the raw file, or - for a pipe
  ffmpeg -nostdin -hide_banner -loglevel error -y -i "$REEL_OUT" -c:v rawvideo -pix_fmt yuv420p -c:a pcm_f32le \
    -ar 48000 -ac 2 -f nut "$1"
}
encode_floor() {  # $1: the raw input (- for a pipe); ref_floor.sh's encoders and settings
  ffmpeg -nostdin -hide_banner -loglevel error -y -f nut -i "$1" -c:v libx264 -preset veryfast -crf 23 \
    -pix_fmt yuv420p -c:a aac -b:a 128k -ar 48000 -ac 2 -movflags +faststart "$OUTF"
}
export W REEL_OUT OUTF
export -f decode_sources raw_of_reel encode_floor
timed() { /usr/bin/time -f "%U %S %e" -a -o "$TIMES" bash -c "$1"; }

if [ "${PARALLEL:-0}" = 1 ]; then
  RAW=$(mktemp /dev/shm/floor_same.XXXXXX.nut)
  trap 'rm -rf "$W" "$RAW"' EXIT
  export RAW
  raw_of_reel "$RAW"
  timed 'decode_sources & encode_floor "$RAW"; wait'
else
  timed decode_sources
  raw_of_reel - | timed 'encode_floor -'
fi
