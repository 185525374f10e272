#!/usr/bin/env bash
# Runs tests under a sanitizer, in a build folder of its own (.build/asan or .build/tsan).
# Usage: scripts/sanitize.sh address [FILTER]   default FILTER: the media and render tests
#        scripts/sanitize.sh thread  [FILTER]   default FILTER: the queue and worker (farm) tests
# Reports land in .build/<kind>-test.log; the exit status is swift test's.
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:?usage: scripts/sanitize.sh address|thread [FILTER]}
case "$kind" in
  address) dir=.build/asan; filter=${2:-'ReelMediaTests|ReelRenderTests'}
           export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0 halt_on_error=1} ;;
  thread)  dir=.build/tsan; filter=${2:-'ReelQueueTests|ReelFarmTests|ReelFarmProcessTests'}
           export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=0 second_deadlock_stack=1 suppressions=$PWD/scripts/tsan-suppressions.txt} ;;
  *) echo "sanitize: address or thread, not $kind" >&2; exit 2 ;;
esac
source scripts/setup.sh
eval "$(scripts/test-postgres.sh)"
swift build --build-tests --scratch-path "$dir" -Xswiftc "-sanitize=$kind"
set +e
swift test --skip-build --scratch-path "$dir" --filter "$filter" 2>&1 | tee "$dir-test.log"
status=${PIPESTATUS[0]}
set -e
echo "sanitize: $(grep -c 'ERROR: AddressSanitizer\|WARNING: ThreadSanitizer' "$dir-test.log" || true) sanitizer reports; log in $dir-test.log"
exit "$status"
