#!/usr/bin/env bash
# The whole test suite, from a fresh Debian 12 machine: installs what is missing, starts a
# throwaway PostgreSQL, builds, and runs every test (XCTest and Swift Testing).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
eval "$(scripts/test-postgres.sh)"
swift build --build-tests
swift test --skip-build "$@" 2>&1 | tee /tmp/reel-test.log
