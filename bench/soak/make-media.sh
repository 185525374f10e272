#!/usr/bin/env bash
# make-media.sh DIR
#
# The soak's source media, deterministic (bit-exact muxing, fixed seeds), made once: a file that
# already exists is kept. Twelve camera-like sources that differ in every way Reel must handle:
#   size 1280x720 and 1920x1080, 30000/1001, 30 and 25 fps, 60…120 s, audio as a tone, noise or
#   none, 48 and 44.1 kHz, mono and stereo, an MP4 and a MOV, a phone clip (1920x1080 with a 90°
#   display matrix, full-range yuvj420p tagged BT.601) and a full-range 720p clip,
# plus two voice-overs (WAV, mono 44.1 kHz) and one music bed (AAC in M4A, stereo 48 kHz, 45 s).
# Video is testsrc2 (a running clock and frame counter, so seams are visible), hue-shifted per file.
set -euo pipefail
DIR=${1:?usage: make-media.sh DIR}
mkdir -p "$DIR"
FF=(ffmpeg -nostdin -hide_banner -loglevel error -y)
BITEXACT=(-fflags +bitexact -flags:v +bitexact -flags:a +bitexact -map_metadata -1)

# name size rate seconds audio(tone:F|pink|brown|white|none) audio_rate channels extra
SOURCES=(
  "s01 1280x720 30000/1001 90 tone:440 48000 2 -"
  "s02 1920x1080 30 75 pink 48000 2 -"
  "s03 1280x720 25 60 none - - -"
  "s04 1920x1080 30000/1001 120 tone:330 44100 1 -"
  "s05 1920x1080 30 80 tone:523 48000 2 phone"
  "s06 1280x720 30 100 tone:262 48000 2 noise"
  "s07 1920x1080 25 70 brown 48000 2 -"
  "s08 1280x720 30000/1001 110 none - - noise"
  "s09 1280x720 30 65 tone:392 48000 2 fullrange"
  "s10 1920x1080 30000/1001 95 tone:294 48000 2 mov"
  "s11 1280x720 25 85 tone:349 44100 2 -"
  "s12 1920x1080 30 105 white 48000 2 -"
)

audio_input() { # kind rate channels seconds -> lavfi source
  local layout=stereo; [ "$3" = 1 ] && layout=mono
  case $1 in
    tone:*) echo "sine=f=${1#tone:}:sample_rate=$2:duration=$4,volume=0.3,aformat=channel_layouts=$layout" ;;
    *) echo "anoisesrc=color=$1:sample_rate=$2:amplitude=0.1:seed=7:duration=$4,aformat=channel_layouts=$layout" ;;
  esac
}

make_source() { # one SOURCES row
  read -r name size rate secs audio arate ch extra <<<"$1"
  local i=$((10#${name#s})) ext=mp4 pix=yuv420p vargs=() ain=() aargs=()
  local vf="hue=h=$((i * 29))"
  [ "$extra" = mov ] && ext=mov
  local out=$DIR/$name.$ext
  [ -s "$out" ] && return 0
  [ "$extra" = noise ] && vf="$vf,noise=alls=12:allf=t:all_seed=$i"
  case $extra in
    phone) pix=yuvj420p; vargs=(-color_range pc -colorspace bt470bg -color_primaries bt470bg
                                -color_trc smpte170m -metadata:s:v:0 rotate=90) ;;
    fullrange) pix=yuvj420p; vargs=(-color_range pc) ;;
  esac
  if [ "$audio" != none ]; then
    ain=(-f lavfi -i "$(audio_input "$audio" "$arate" "$ch" "$secs")")
    aargs=(-c:a aac -b:a 128k)
  fi
  echo "make-media: $name.$ext ($size, $rate fps, $secs s, audio $audio${extra/#-/})" >&2
  "${FF[@]}" -f lavfi -i "testsrc2=size=$size:rate=$rate:duration=$secs" "${ain[@]}" \
    -vf "$vf" -c:v libx264 -preset ultrafast -crf 26 -g "$(awk -v r="$rate" 'BEGIN{split(r,a,"/"); printf "%d", 2*a[1]/(a[2]?a[2]:1)+0.5}')" \
    -pix_fmt "$pix" "${vargs[@]}" "${aargs[@]}" -t "$secs" "${BITEXACT[@]}" "$out"
}

for row in "${SOURCES[@]}"; do make_source "$row"; done

# Voice-overs: a buzzing "voice" with a speech-like 3–4 Hz tremolo; music: a chord with a beat.
[ -s "$DIR/vo1.wav" ] || "${FF[@]}" -f lavfi -i "sine=f=180:sample_rate=44100:duration=40,tremolo=f=3:d=0.8" \
  -ac 1 "${BITEXACT[@]}" "$DIR/vo1.wav"
[ -s "$DIR/vo2.wav" ] || "${FF[@]}" -f lavfi \
  -i "anoisesrc=color=pink:sample_rate=44100:amplitude=0.3:seed=11:duration=30,bandpass=f=900:width_type=o:w=1,tremolo=f=4:d=0.7" \
  -ac 1 "${BITEXACT[@]}" "$DIR/vo2.wav"
[ -s "$DIR/music.m4a" ] || "${FF[@]}" -f lavfi \
  -i "aevalsrc=0.15*sin(2*PI*220*t)+0.1*sin(2*PI*277*t)+0.1*sin(2*PI*330*t)*(1+sin(2*PI*2*t))/2|0.15*sin(2*PI*220*t)+0.1*sin(2*PI*330*t)+0.1*sin(2*PI*415*t)*(1+sin(2*PI*2*t))/2:s=48000:d=45" \
  -c:a aac -b:a 160k "${BITEXACT[@]}" "$DIR/music.m4a"
