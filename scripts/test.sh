#!/usr/bin/env bash
# The whole test suite, from a fresh Debian 12 machine: installs what is missing, starts a
# throwaway PostgreSQL (stopped again however this script ends), builds, and runs every test
# (XCTest and Swift Testing). A failing run ends with a short list of the failed tests and their
# messages, and a non-zero exit status; the full log is .build/test.log.
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
log=.build/test.log
status=0
swift test --skip-build "$@" 2>&1 | tee "$log" || status=$?
if [ "$status" -ne 0 ]; then scripts/test-failures.sh "$log" "$status" >&2; fi
exit "$status"
