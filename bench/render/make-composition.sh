#!/usr/bin/env bash
# make-composition.sh MEDIA_DIR [N] [PRESET] > composition.json
#
# Writes the Reel composition equivalent to ../shared/bench/ref_ffmpeg.sh for N clips
# (default: every MEDIA_DIR/clipNN.mp4):
#   clip k  : source [0.5 s, 5.5 s), 1 s transitions cycling dissolve, push, wipe, dissolve
#   music   : from 0 under everything; gain 1 -> 0.3 over [4,5) s, 0.3 until 13 s, 0.3 -> 1 over [13,14) s
#   voice   : voiceover.wav [0, 8) at 5 s, gain 1
#   output  : PRESET (default 1280x720) 30 fps, libx264 veryfast crf 23, AAC 128k 48 kHz stereo, MP4
# Asset paths are absolute, so the JSON can live anywhere.
set -euo pipefail
MEDIA=$(cd "${1:?usage: make-composition.sh MEDIA_DIR [N] [PRESET]}" && pwd)
mapfile -t CLIPS < <(ls "$MEDIA"/clip[0-9][0-9].mp4 | sort)
N=${2:-${#CLIPS[@]}}
PRESET=${3:-1280x720}
[ "$N" -ge 2 ] && [ "$N" -le "${#CLIPS[@]}" ] || { echo "need 2..${#CLIPS[@]} clips, got N=$N" >&2; exit 1; }
TOTAL=$((5 * N - (N - 1)))
TYPES=(dissolve push wipe dissolve)

echo '{'
echo '  "assets": {'
for ((i = 0; i < N; i++)); do printf '    "c%d": "%s",\n' $((i + 1)) "${CLIPS[$i]}"; done
printf '    "vo": "%s",\n    "music": "%s"\n  },\n' "$MEDIA/voiceover.wav" "$MEDIA/music.wav"
echo '  "videos": ['
for ((i = 1; i <= N; i++)); do
  sep=','; [ $i = "$N" ] && sep=''
  printf '    { "asset": "c%d", "sourceRange": { "start": "0.5", "duration": "5" } }%s\n' $i "$sep"
done
echo '  ],'
echo '  "transitions": ['
for ((k = 1; k < N; k++)); do
  sep=','; [ $k = $((N - 1)) ] && sep=''
  printf '    { "type": "%s", "duration": "1" }%s\n' "${TYPES[$(((k - 1) % 4))]}" "$sep"
done
echo '  ],'
echo '  "voiceOvers": [ { "asset": "vo", "sourceRange": { "start": "0", "duration": "8" }, "at": "5" } ],'
cat <<JSON
  "music": {
    "asset": "music",
    "sourceRange": { "start": "0", "duration": "$TOTAL" },
    "volumeAutomation": [
      { "from": "1", "to": "0.3", "timeRange": { "start": "4", "duration": "1" } },
      { "from": "0.3", "to": "1", "timeRange": { "start": "13", "duration": "1" } }
    ]
  },
  "output": {
    "preset": "$PRESET",
    "frameRate": "30",
    "video": { "codec": "h264", "crf": 23, "preset": "veryfast" },
    "audio": { "codec": "aac", "sampleRate": 48000, "channels": 2, "bitrate": 128 },
    "container": "mp4"
  }
}
JSON
