#!/usr/bin/env bash
# The whole test suite, from a fresh Debian 12 machine: installs what is missing, starts a
# throwaway PostgreSQL, builds, runs every test (XCTest and Swift Testing), then replays the fuzz
# corpora (docs/fuzzing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
eval "$(scripts/test-postgres.sh)"
swift build --build-tests
swift test --skip-build "$@" 2>&1 | tee /tmp/reel-test.log
# Fuzz regressions: every corpus input and every past crash, once each, through the instrumented
# (libFuzzer + ASan) binaries; fails if any input crashes, leaks, times out or runs out of memory.
scripts/fuzz.sh replay 2>&1 | tee /tmp/reel-fuzz-replay.log
