#!/usr/bin/env bash
# Fresh Debian 12 machine to a full test run: installs what is missing, builds,
# and runs every lit test (corpus tests too when ../shared/corpus is there).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/utils/install-deps.sh"
"$root/utils/build.sh"
"$root/utils/fetch-test-data.sh"
build=${GRADGEN_BUILD_DIR:-$root/build}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
cmake --build "$build" --target check 2>&1 | tee "$log" || status=$?
# One plain summary line, whatever lit's own wording.
count() { sed -n "s/^ *$1 *: *\([0-9]*\).*/\1/p" "$log" | tail -1; }
passed=$(( $(count Passed || true) + 0 ))
failed=$(( $(count Failed || true) + $(count 'Unresolved' || true) + 0 ))
skipped=$(( $(count Unsupported || true) + 0 ))
echo "tests: $passed passed, $failed failed, $skipped skipped"
exit $status
