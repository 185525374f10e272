#!/usr/bin/env bash
# rss.sh COMMAND [ARG…]: runs COMMAND, samples its VmRSS (kB) every 2 s as "SECONDS KB" lines on stderr's side file
# (RSS_OUT, default /tmp/rss.txt), and prints COMMAND's own output. What the stitcher's index costs over a long output
# (bench/README.md, "The stitcher's index on disk").
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
OUT=${RSS_OUT:-/tmp/rss.txt}
"$@" &
pid=$!
start=$(date +%s)
: > "$OUT"
while kill -0 "$pid" 2>/dev/null; do
  kb=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
  [ -n "$kb" ] && echo "$(( $(date +%s) - start )) $kb" >> "$OUT"
  sleep 2
done
wait "$pid"
