#!/usr/bin/env bash
# Renders every OTIO sample end to end with the reel CLI, twice:
#   1. with stand-in media of the right names and durations (each ExternalReference's file name,
#      available_range duration frames at its rate), found through --media-root;
#   2. with --offline slate (no media at all).
# Prints one line per sample and mode: "rendered N frames" or the first line of the error.
# Usage: bench/otio/render-samples.sh [samples-dir] [reel-binary]
set -u
samples=${1:-../shared/otio-samples}
reel=${2:-.build/debug/reel}
work=$(mktemp -d /tmp/reel-otio-samples.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/media" "$work/store"

# Stand-ins: name, frames, rate, video? (".wav" files are audio only).
python3 - "$samples" > "$work/standins.txt" <<'PY'
import json, re, sys, os, urllib.parse
lenient = lambda s: re.sub(r'(?<=[:\[,\s])(-?Inf(inity)?|NaN)(?=[,\s\]}])', 'null', s)
found = {}
def walk(v):
    if isinstance(v, dict):
        if v.get("OTIO_SCHEMA") == "ExternalReference.1":
            path = urllib.parse.unquote(re.sub(r'^file://[^/]*', '', v["target_url"]))
            name = path.replace("\\", "/").split("/")[-1]
            ar = v.get("available_range") or {}
            d = ar.get("duration") or {"value": 24, "rate": 24}
            frames, rate = int(round(d["value"])), d["rate"]
            if frames > found.get(name, (0, 0))[0]: found[name] = (frames, rate)
        for x in v.values(): walk(x)
    elif isinstance(v, list):
        for x in v: walk(x)
for f in sorted(os.listdir(sys.argv[1])):
    if f.endswith(".otio"): walk(json.loads(lenient(open(os.path.join(sys.argv[1], f)).read())))
for name, (frames, rate) in sorted(found.items()):
    print(name, max(frames, 1), rate)
PY
while read -r name frames rate; do
    # Audio runs 0.1 s past the video, as the right length must not be cut short by AAC framing.
    seconds=$(python3 -c "print($frames/$rate)")
    audio=$(python3 -c "print($frames/$rate + 0.1)")
    if [[ $name == *.wav ]]; then
        ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -i "sine=frequency=440:sample_rate=48000" -t "$audio" "$work/media/$name"
    else
        ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -t "$seconds" -i "testsrc2=size=320x180:rate=$rate" \
            -f lavfi -t "$audio" -i "sine=frequency=330:sample_rate=48000" \
            -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -f mp4 "$work/media/$name"
    fi
done < "$work/standins.txt"

for file in "$samples"/*.otio; do
    sample=$(basename "$file" .otio)
    for mode in standins slate; do
        extra=(); [[ $mode == slate ]] && extra=(--offline slate)
        out=$(REEL_MEDIA_ROOTS="$work/media" "$reel" render "$file" -o "$work/$sample-$mode.mp4" --overwrite --storage "$work/store" \
              --workers 2 "${extra[@]}" 2>&1)
        if [[ $? -eq 0 ]]; then
            echo "$sample [$mode]: $(grep -o 'wrote .*' <<<"$out" | sed -E 's/wrote [^:]*: //; s/, [0-9]+ samples.*//')"
        else
            echo "$sample [$mode]: FAILED: $(grep -v '^warning' <<<"$out" | sed -n 2p | sed 's/^ *//')"
        fi
    done
done
