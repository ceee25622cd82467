#!/usr/bin/env bash
# Fresh Debian 12 machine to a full test run: installs what is missing, builds,
# and runs every lit test (corpus tests too when ../shared/corpus is there).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/utils/install-deps.sh"

# PyTorch's own generator (../shared/tools/reference), which the reference
# tests compare the output with byte for byte, is set up while gradgen
# builds. It is cached under $ORACLE_DIR (set-up is fast once done). If it
# cannot be set up, those tests are UNSUPPORTED, this says so, and the run
# goes on.
reference_tools="$root/../shared/tools/reference"
export ORACLE_DIR=${ORACLE_DIR:-${TMPDIR:-/tmp}/gradgen-reference}
reference_log="$ORACLE_DIR.setup.log"
reference_pid=
if [[ -f "$reference_tools/setup.sh" ]]; then
  echo "reference: setting up in $ORACLE_DIR (log: $reference_log)"
  bash "$reference_tools/setup.sh" > "$reference_log" 2>&1 &
  reference_pid=$!
fi

"$root/utils/build.sh"
"$root/utils/fetch-test-data.sh"

if [[ -n "$reference_pid" ]]; then
  if wait "$reference_pid"; then
    echo "reference: ready"
  else
    echo "warning: the reference generator could not be set up (see" \
         "$reference_log); the tests that compare with it are UNSUPPORTED" >&2
    tail -5 "$reference_log" >&2 || true
    export GRADGEN_NO_REFERENCE=1
  fi
else
  echo "note: no $reference_tools; the tests that compare with the" \
       "reference generator are UNSUPPORTED"
fi

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
# CI (.ci/run) requires every feature: a skipped test there is a failure.
if [[ -n ${GRADGEN_REQUIRED_FEATURES:-} && $skipped -gt 0 ]]; then
  echo "error: $skipped tests UNSUPPORTED in a run that requires every" \
       "feature (GRADGEN_REQUIRED_FEATURES):" >&2
  grep '^UNSUPPORTED:' "$log" >&2 || true
  status=1
fi

# The sanitizer build (clang-16, ASan and UBSan) and the part of the suite
# that runs gradgen's own code under it (docs/reliability.md; about 6 minutes
# on two cores, most of it the build). GRADGEN_CI_SANITIZE=0 leaves it out.
if [[ ${GRADGEN_CI_SANITIZE:-1} != 0 && ${GRADGEN_WITH_SANITIZERS:-1} != 0 ]]; then
  "$root/utils/sanitize.sh" --reduced 2>&1 | tee "$log" || status=1
  echo "sanitizer tests: $(( $(count Passed || true) + 0 )) passed," \
       "$(( $(count Failed || true) + $(count Unresolved || true) + 0 )) failed," \
       "$(( $(count Unsupported || true) + 0 )) skipped"
fi
exit $status
