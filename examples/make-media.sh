#!/usr/bin/env bash
# make-media.sh OUTDIR — generates the demo composition's media with the ffmpeg CLI.
#   clip1..clip5.mp4  960x540 30 fps H.264 + AAC 48 kHz stereo, 6 s each; each a different test pattern,
#                     a burnt-in "CLIP n" label where drawtext exists, and its own sine tone (220·n Hz)
#   clip6.mp4         640x480 (4:3) 25 fps, to show aspect-fit and frame-rate conversion
#   music.wav         C-major chord with a slow tremolo, 48 kHz stereo, 40 s
#   voiceover.wav     espeak-ng speech when installed, else 440 Hz pulses; 48 kHz stereo, 6 s
#   logo.png          a 256x96 image for the title
# Outputs are deterministic (bitexact flags) and reused when present.
set -euo pipefail
OUT=${1:?usage: make-media.sh OUTDIR}
mkdir -p "$OUT"
FF=(ffmpeg -nostdin -hide_banner -loglevel error -y)
BITEXACT=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact)
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
filters=$(ffmpeg -hide_banner -filters 2>/dev/null || true)
label() {
  if [[ $filters == *" drawtext "* ]] && [ -f "$FONT" ]; then
    printf ",drawtext=fontfile=%s:text='CLIP %d':fontsize=56:fontcolor=white:box=1:boxcolor=black@0.6:x=30:y=30" "$FONT" "$1"
  fi
}
sources=("testsrc2=s=960x540:r=30" "smptebars=s=960x540:r=30" "rgbtestsrc=s=960x540:r=30"
         "mandelbrot=s=480x270:r=30:maxiter=128,scale=960:540" "color=c=0x2a4d8f:s=960x540:r=30")
for i in 1 2 3 4 5; do
  f="$OUT/clip$i.mp4"
  [ -s "$f" ] && continue
  "${FF[@]}" -f lavfi -i "${sources[$((i - 1))]}$(label "$i"),trim=duration=6,format=yuv420p" \
    -f lavfi -i "sine=frequency=$((220 * i)):sample_rate=48000:duration=6" -map 0:v -map 1:a \
    -c:v libx264 -preset veryfast -crf 24 -g 30 -pix_fmt yuv420p -c:a aac -b:a 96k -ac 2 -t 6 \
    "${BITEXACT[@]}" -movflags +faststart "$f"
done
if [ ! -s "$OUT/clip6.mp4" ]; then
  "${FF[@]}" -f lavfi -i "testsrc=s=640x480:r=25$(label 6),trim=duration=6,format=yuv420p" \
    -f lavfi -i "sine=frequency=330:sample_rate=44100:duration=6" -map 0:v -map 1:a \
    -c:v libx264 -preset veryfast -crf 24 -g 25 -pix_fmt yuv420p -c:a aac -b:a 96k -ac 2 -t 6 \
    "${BITEXACT[@]}" -movflags +faststart "$OUT/clip6.mp4"
fi
if [ ! -s "$OUT/music.wav" ]; then
  "${FF[@]}" -f lavfi -i "aevalsrc=exprs='(0.1*sin(2*PI*261.63*t)+0.1*sin(2*PI*329.63*t)+0.1*sin(2*PI*392*t))*(0.85+0.15*sin(2*PI*0.5*t))':s=48000:d=40:c=stereo" \
    -c:a pcm_s16le "${BITEXACT[@]}" "$OUT/music.wav"
fi
if [ ! -s "$OUT/voiceover.wav" ]; then
  if command -v espeak-ng >/dev/null 2>&1; then
    espeak-ng -v en-us -s 150 -w "$OUT/vo_raw.wav" "This is Reel. The music ducks under this voice, and comes back when it ends."
    "${FF[@]}" -i "$OUT/vo_raw.wav" -af "aresample=48000,pan=stereo|c0=c0|c1=c0,apad,atrim=duration=6" \
      -c:a pcm_s16le -ar 48000 -ac 2 "${BITEXACT[@]}" "$OUT/voiceover.wav"
    rm -f "$OUT/vo_raw.wav"
  else
    "${FF[@]}" -f lavfi -i "aevalsrc=exprs='0.4*sin(2*PI*440*t)*lt(mod(t\,0.5)\,0.3)':s=48000:d=6:c=stereo" \
      -c:a pcm_s16le "${BITEXACT[@]}" "$OUT/voiceover.wav"
  fi
fi
if [ ! -s "$OUT/logo.png" ]; then
  "${FF[@]}" -f lavfi -i "color=c=0xd04020@0.85:s=256x96,format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='if(lt(abs(X-128)+abs(Y-48)*2,120),220,0)'" \
    -frames:v 1 "$OUT/logo.png"
fi
echo "make-media: demo media ready in $OUT"
