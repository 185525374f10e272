#!/usr/bin/env bash
# Prints a short list of the failed tests in a `swift test` log, with their messages:
# Swift Testing's ✘ lines (each issue with its ↳ details) and XCTest's `error:` and `failed` lines.
# Usage: scripts/test-failures.sh LOG [EXIT_STATUS]
set -euo pipefail
log=$1
status=${2:-1}
limit=60
echo
echo "==== FAILED (swift test exited $status; full log: $log) ===="
issues=$(awk '
  /✘ Test run with / || /✘ Suite / { issue = 0; next }
  /✘ Test .* recorded an issue/ { issue = 1; print; next }
  issue && /^[[:space:]]*↳/ { print; next }
  { issue = 0 }
  /: error: / || /^Fatal error/ || /error: Exited with/ { print }
' "$log" | awk '!seen[$0]++' | cut -c1-400)
if [ -n "$issues" ]; then
  printf '%s\n' "$issues" | head -n "$limit"
  more=$(printf '%s\n' "$issues" | wc -l)
  [ "$more" -gt "$limit" ] && echo "… $((more - limit)) more lines in $log"
  echo "----"
fi
grep -E '✘ Test .* failed after|Test Case .* failed' "$log" | grep -v '✘ Test run with' | awk '!seen[$0]++' || true
if ! grep -qE '✘|: error: |Test Case .* failed|Fatal error|Exited with' "$log"; then
  echo "no failed test named in the log (a crash, or a set-up error?); its last lines:"
  tail -n 20 "$log"
fi
grep -E '✘ Test run with|Executed [0-9]+ tests?, with [1-9]' "$log" | awk '!seen[$0]++' | tail -n 2 || true
