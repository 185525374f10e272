#!/usr/bin/env bash
# libFuzzer for Reel (see docs/fuzzing.md).
#
#   scripts/fuzz.sh build                 build the three fuzz binaries (cached) into .build/fuzz/bin
#   scripts/fuzz.sh TARGET SECONDS [ARGS] fuzz one target (composition, otio, media) for SECONDS;
#                                         ARGS go to libFuzzer (e.g. -jobs=2)
#   scripts/fuzz.sh merge TARGET          minimise Tests/Fuzz/TARGET/corpus (-merge=1, edges only) before a commit
#   scripts/fuzz.sh replay [TARGET...]    run every corpus and crash file once; fails if any crashes
#   scripts/fuzz.sh triage TARGET [DIR]   rerun each file in DIR (default crashes/) and print its first
#                                         frame in Sources/ (dedups findings)
#
# The code under test (ReelModel, ReelOTIO, ReelMedia) is built by SwiftPM as instrumented release
# libraries in .build/fuzz (-sanitize=fuzzer,address); each entry point, Tests/Fuzz/TARGET/main.swift,
# is linked against their object files by swiftc, because SwiftPM cannot link an executable target
# with -sanitize=fuzzer (it renames `main`). Seeds are generated into .build/fuzz/seeds/TARGET.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1; then
  for d in /opt/swift/usr/bin /usr/share/swift/usr/bin; do [ -x "$d/swift" ] && export PATH="$d:$PATH"; done
fi

SCRATCH=${REEL_FUZZ_SCRATCH:-.build/fuzz}   # separate from the normal build
REL=$SCRATCH/release
BIN=$SCRATCH/bin
SEEDS=$SCRATCH/seeds
TARGETS=(composition otio media)
FFMPEG_LIBS=(libavformat libavcodec libavutil libswscale libswresample)
# Per-input limits: a slower or larger input is a finding (timeout-*, oom-* in crashes/).
LIMITS=(-timeout=10 -rss_limit_mb=2048)

die() { echo "fuzz: $*" >&2; exit 2; }
known() { local t; for t in "${TARGETS[@]}"; do [ "$t" = "$1" ] && return 0; done; return 1; }

# The modules each entry point links, in dependency order.
modules() {
  case "$1" in
    composition) echo ReelModel ;;
    otio) echo ReelModel ReelOTIO ;;
    media) echo ReelModel ReelMedia ;;
  esac
}

build_libraries() {
  local flags=(-c release --scratch-path "$SCRATCH" -Xswiftc -sanitize=fuzzer,address)
  swift build "${flags[@]}" --target ReelMedia 2>&1 | grep -v '^\[' || true
  swift build "${flags[@]}" --target ReelOTIO 2>&1 | grep -v '^\[' || true
  [ -f "$REL/Modules/ReelMedia.swiftmodule" ] && [ -f "$REL/Modules/ReelOTIO.swiftmodule" ] \
    || die "swift build of the instrumented libraries failed"
}

# Relinks BIN/fuzz-TARGET when its entry point or any object it links is newer.
link() {
  local target=$1 out=$BIN/fuzz-$1 objects=() m
  # Only the objects of sources that still exist: a renamed or deleted file's old object stays in the scratch
  # folder and would be linked with stale symbols.
  local o sources; for m in $(modules "$target"); do
    sources=" $(find "Sources/$m" -name '*.swift' -printf '%f ') "
    for o in "$REL/$m.build"/*.swift.o; do [[ "$sources" == *" $(basename "$o" .o) "* ]] && objects+=("$o"); done
  done
  local src=Tests/Fuzz/$target/main.swift
  if [ -x "$out" ] && [ -z "$(find "$src" "${objects[@]}" -newer "$out" 2>/dev/null | head -1)" ]; then return; fi
  local extra=()
  [ "$target" = media ] && extra=(-I Sources/CFFmpeg $(pkg-config --libs "${FFMPEG_LIBS[@]}"))
  mkdir -p "$BIN"
  # ld.gold warns once per ASan helper symbol ("Cannot export local symbol"); that is noise.
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name "Fuzz_$target" -I "$REL/Modules" \
    "$src" "${objects[@]}" "${extra[@]}" -o "$out" 2>&1 | grep -v 'Cannot export local symbol' || true
  [ -x "$out" ] && [ "$out" -nt "$src" ] || die "linking $out failed"
  echo "fuzz: linked $out" >&2
}

build() {
  build_libraries
  local t; for t in "${TARGETS[@]}"; do link "$t"; done
}

# Seeds: the composition examples in the docs, OTIO's sample files, and tiny media files made by
# the ffmpeg CLI (64x48, 0.5 s): MP4, MOV (rotated), MPEG-TS, M4A and WAV. Also a JSON dictionary.
seeds() {
  local d=$SEEDS/composition
  if [ ! -d "$d" ]; then
    mkdir -p "$d.tmp"
    cp examples/demo.json "$d.tmp/demo.json"
    awk -v dir="$d.tmp" '/^```json/ {n++; f=sprintf("%s/doc-%03d.json", dir, n); on=1; next}
                         /^```/ {on=0} on {print > f}' README.md docs/composition.md
    mv "$d.tmp" "$d"
  fi
  d=$SEEDS/otio
  [ -d "$d" ] || { mkdir -p "$d.tmp" && cp Tests/ReelOTIOTests/Fixtures/*.otio "$d.tmp/" && mv "$d.tmp" "$d"; }
  d=$SEEDS/media
  if [ ! -d "$d" ]; then
    mkdir -p "$d.tmp"
    local v=(-f lavfi -i "testsrc2=size=64x48:rate=24:duration=0.5") ff=(ffmpeg -nostdin -v error -y)
    local a=(-f lavfi -i "sine=frequency=440:sample_rate=48000:duration=0.5")
    "${ff[@]}" "${v[@]}" "${a[@]}" -c:v libx264 -preset ultrafast -g 6 -pix_fmt yuv420p -c:a aac -b:a 32k \
      -shortest "$d.tmp/clip.mp4"
    "${ff[@]}" "${v[@]}" "${a[@]}" -c:v mpeg4 -g 6 -c:a pcm_s16le -ar 16000 -metadata:s:v:0 rotate=90 \
      -shortest "$d.tmp/rotated.mov"
    "${ff[@]}" "${v[@]}" "${a[@]}" -c:v libx264 -preset ultrafast -g 6 -pix_fmt yuv420p -c:a mp2 -b:a 64k \
      -shortest -f mpegts "$d.tmp/clip.ts"
    "${ff[@]}" "${a[@]}" -c:a aac -b:a 32k "$d.tmp/tone.m4a"
    "${ff[@]}" -f lavfi -i "sine=frequency=300:sample_rate=8000:duration=0.5" -c:a pcm_s16le "$d.tmp/tone.wav"
    mv "$d.tmp" "$d"
  fi
  [ -f "$SEEDS/json.dict" ] || {
    grep -oh '"[A-Za-z_$][A-Za-z0-9_.$]*"' schema/composition.schema.json docs/composition.md \
      Tests/ReelOTIOTests/Fixtures/*.otio | sort -u > "$SEEDS/json.dict"
  }
}

fuzz() {
  local target=$1 seconds=$2; shift 2
  local dir=Tests/Fuzz/$target
  mkdir -p "$dir/corpus" "$dir/crashes"
  local dict=(); [ "$target" = media ] || dict=(-dict="$SEEDS/json.dict")
  local maxlen=-max_len=65536; [ "$target" = composition ] && maxlen=-max_len=16384
  "$BIN/fuzz-$target" -max_total_time="$seconds" "${LIMITS[@]}" "$maxlen" "${dict[@]}" -print_final_stats=1 \
    -artifact_prefix="$dir/crashes/" "$@" "$dir/corpus" "$SEEDS/$target"
}

merge() {
  local target=$1 dir=Tests/Fuzz/$1 tmp
  tmp=$(mktemp -d)
  "$BIN/fuzz-$target" -merge=1 -use_counters=0 "${LIMITS[@]}" "$tmp" "$dir/corpus" "$SEEDS/$target" 2>&1 | grep -E 'MERGE-OUTER' || true
  rm -rf "$dir/corpus" && mkdir -p "$dir/corpus" && cp "$tmp"/* "$dir/corpus/" && rm -rf "$tmp"
  echo "fuzz: $dir/corpus: $(ls "$dir/corpus" | wc -l) files, $(du -sb "$dir/corpus" | cut -f1) bytes" >&2
}

# Every corpus file and every past crash, each run once by the instrumented binary.
replay() {
  local targets=("$@") t failed=0
  [ ${#targets[@]} -gt 0 ] || targets=("${TARGETS[@]}")
  for t in "${targets[@]}"; do
    known "$t" || die "unknown target $t"
    local files=()
    shopt -s nullglob
    files=(Tests/Fuzz/"$t"/corpus/* Tests/Fuzz/"$t"/crashes/*)
    shopt -u nullglob
    [ ${#files[@]} -gt 0 ] || continue
    local start=$SECONDS
    if "$BIN/fuzz-$t" "${LIMITS[@]}" "${files[@]}" > "$SCRATCH/replay-$t.log" 2>&1; then
      echo "fuzz: replay $t: ${#files[@]} inputs ok ($((SECONDS - start)) s)" >&2
    else
      failed=1
      echo "fuzz: replay $t FAILED; last lines of $SCRATCH/replay-$t.log:" >&2
      tail -40 "$SCRATCH/replay-$t.log" >&2
    fi
  done
  return $failed
}

# One line per file: the kind of failure and the first stack frame in Sources/.
triage() {
  local target=$1 dir=${2:-Tests/Fuzz/$1/crashes} f out
  for f in "$dir"/*; do
    [ -f "$f" ] || continue
    out=$("$BIN/fuzz-$target" "${LIMITS[@]}" "$f" 2>&1 || true)
    printf '%s\t%s\t%s\n' "$(basename "$f")" \
      "$(grep -m1 -oE 'ERROR: [A-Za-z]+: [a-z-]+|Fatal error: .*|SUMMARY: .*' <<< "$out" || echo ok)" \
      "$(grep -m1 -oE 'Sources/[A-Za-z+/]+\.swift:[0-9]+' <<< "$out" || echo -)"
  done
}

[ $# -ge 1 ] || die "usage: scripts/fuzz.sh build | TARGET SECONDS [ARGS] | merge TARGET | replay [TARGET...] | triage TARGET [DIR]"
case "$1" in
  build) build; seeds ;;
  merge) [ $# -eq 2 ] && known "$2" || die "usage: scripts/fuzz.sh merge TARGET"; build; seeds; merge "$2" ;;
  replay) shift; build; replay "$@" ;;
  triage) [ $# -ge 2 ] && known "$2" || die "usage: scripts/fuzz.sh triage TARGET [DIR]"; build; triage "${@:2}" ;;
  *) known "$1" && [ $# -ge 2 ] || die "usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer args]"
     t=$1 s=$2; shift 2; build; seeds; fuzz "$t" "$s" "$@" ;;
esac
