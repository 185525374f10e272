#!/usr/bin/env bash
# bench/encoders/run.sh [WIDTH HEIGHT FRAMES RUNS]: frames per second of each Reel encoder (VideoPartWriter through
# bench-encode) against the ffmpeg CLI encoding the same frames (bench-encode's 30 distinct frames, looped) with the
# same settings, interleaved Reel/CLI in one invocation. Release build; results to bench/results/encoders-*.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."
W=${1:-1920} H=${2:-1080} N=${3:-300} RUNS=${4:-3} T=4
swift build -c release --product bench-encode >/dev/null
BIN=$(swift build -c release --show-bin-path)/bench-encode
WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
mkdir -p bench/results; OUT=bench/results/encoders-$(date -u +%Y%m%dT%H%M%S).txt
"$BIN" "$W" "$H" 1 "$T" veryfast h264 "$WORK/frames.yuv" >/dev/null
IN=(-f rawvideo -pix_fmt yuv420p -s "${W}x$H" -framerate 30000/1001 -stream_loop -1 -i "$WORK/frames.yuv" -frames:v "$N")
TAGS=(-sws_flags bicubic+accurate_rnd+bitexact -color_primaries bt709 -color_trc bt709 -colorspace bt709 -g 300)
X264=(-c:v libx264 -preset veryfast -crf 23 -forced-idr 1 -x264-params open-gop=0 -threads $T)
X265=(-c:v libx265 -preset veryfast -crf 23 -forced-idr 1 -x265-params "open-gop=0:repeat-headers=0:info=0:pools=$T:frame-threads=$T:log-level=error")
cli() { # SPEC → the ffmpeg CLI's encoder options for bench-encode's settings
  case $1 in
    h264) echo "${X264[@]} -profile:v high -pix_fmt yuv420p" ;;
    h264:10) echo "${X264[@]} -profile:v high10 -pix_fmt yuv420p10le" ;;
    hevc) echo "${X265[@]} -pix_fmt yuv420p" ;;
    hevc:10) echo "${X265[@]} -pix_fmt yuv420p10le" ;;
    prores:hq) echo "-c:v prores_ks -profile:v hq -pix_fmt yuv422p10le -threads $T" ;;
    dnxhr:hq) echo "-c:v dnxhd -profile:v dnxhr_hq -pix_fmt yuv422p -threads $T" ;;
    av1) echo "-c:v libsvtav1 -preset 8 -crf 23 -svtav1-params irefresh-type=2 -pix_fmt yuv420p" ;;
  esac
}
seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); echo "$e - $s" | bc -l; }
for spec in h264 h264:10 hevc hevc:10 prores:hq dnxhr:hq av1; do
  preset=veryfast; [ "$spec" = av1 ] && preset=8
  ext=mp4; case $spec in prores*|dnxhr*) ext=mov ;; esac
  for run in $(seq "$RUNS"); do
    reel=$("$BIN" "$W" "$H" "$N" "$T" "$preset" "$spec" | sed -E 's/.* = ([0-9.]+) fps.*/\1/')
    # shellcheck disable=SC2046
    s=$(seconds ffmpeg -nostdin -y -loglevel error "${IN[@]}" "${TAGS[@]}" $(cli "$spec") "$WORK/cli.$ext")
    ffmpeg_fps=$(echo "$N / $s" | bc -l)
    printf '%-10s run %d: reel %6.1f fps, ffmpeg %6.1f fps, ratio %.2f\n' "$spec" "$run" "$reel" "$ffmpeg_fps" \
      "$(echo "$reel / $ffmpeg_fps" | bc -l)" | tee -a "$OUT"
  done
done
