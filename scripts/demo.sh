#!/usr/bin/env bash
# Renders the demo composition on this machine: installs what is missing, builds reel,
# generates the demo media with the ffmpeg CLI and renders examples/demo.json to out/demo.mp4.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build -c release --product reel
examples/make-media.sh examples/media
mkdir -p out
.build/release/reel render examples/demo.json -o out/demo.mp4 --overwrite "$@"
