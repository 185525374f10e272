#!/usr/bin/env bash
# The whole test suite, from a fresh Debian 12 machine: installs what is missing, starts a
# throwaway PostgreSQL (stopped again however this script ends), builds, replays the fuzz corpora and
# every past fuzz crash through the instrumented fuzz binaries (docs/fuzzing.md), and runs every test
# (XCTest and Swift Testing). A failing run ends with a short list of the failed tests and their
# messages, and a non-zero exit status; the full logs are .build/test.log and .build/fuzz-replay.log.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
trap 'scripts/test-postgres.sh stop' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP
pg_env=$(scripts/test-postgres.sh)
eval "$pg_env"
swift build --build-tests
# Fuzz regressions first, so that swift test's own summary stays the last line of a passing run.
replay=.build/fuzz-replay.log
replay_status=0
scripts/fuzz.sh replay >"$replay" 2>&1 || replay_status=$?
echo "fuzz replay: $(tail -n 1 "$replay")"
log=.build/test.log
status=0
swift test --skip-build "$@" 2>&1 | tee "$log" || status=$?
if [ "$status" -ne 0 ]; then scripts/test-failures.sh "$log" "$status" >&2; fi
if [ "$replay_status" -ne 0 ]; then
  echo "fuzz replay failed (exit $replay_status); the inputs that failed:" >&2
  grep -E "^fuzz: |ERROR|SUMMARY" "$replay" | head -40 >&2
  status=1
fi
exit "$status"
