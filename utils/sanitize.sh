#!/usr/bin/env bash
# Builds gradgen with AddressSanitizer and UndefinedBehaviorSanitizer
# (clang-16, -DGRADGEN_SANITIZE="address;undefined"; libclang-rt-16-dev from
# utils/install-deps.sh) in build-sanitize/ and runs the whole lit suite
# (GoogleTest unit tests included) with it. Any sanitizer report fails the
# run (docs/reliability.md):
#   utils/sanitize.sh [lit arguments, e.g. a test folder]
#   utils/sanitize.sh --reduced    the part CI runs (utils/run-tests.sh)
#   GRADGEN_SANITIZE_BUILD=DIR     another build folder
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
# --reduced leaves out the tests whose time goes to other programs than
# gradgen: compiling libtorch code and downstream CMake projects (Libtorch/,
# Integration/, the real-header and compile tests), running torchgen and the
# byte comparisons with the reference generator (whose gradgen runs the corpus
# tests repeat).
reduced_out='Integration/|Libtorch/|real-headers|corpus-1\.13\.1-helpers|Config/compile-commands|torchgen|AutogradFamilies/compile-|/reference-'
# Never run: the wheel test packages the build folder, and a sanitized build
# needs the sanitizers' runtime libraries, which no manylinux policy allows
# (the wheel backend refuses them); utils/run-tests.sh runs it on the
# build CI tested.
never_out='Wheel/'
reduced=0
if [[ ${1:-} == --reduced ]]; then
  reduced=1
  shift
fi
build=${GRADGEN_SANITIZE_BUILD:-$src/build-sanitize}
if [[ ! -f $build/build.ninja ]]; then
  launcher=${CMAKE_CXX_COMPILER_LAUNCHER:-}
  if [[ -z $launcher ]] && command -v ccache > /dev/null; then
    launcher=ccache
  fi
  cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang-16 -DCMAKE_CXX_COMPILER=clang++-16 \
    "-DGRADGEN_SANITIZE=address;undefined" \
    ${launcher:+-DCMAKE_CXX_COMPILER_LAUNCHER=$launcher} >&2
fi
ninja -C "$build" >&2
GRADGEN_BUILD_DIR=$build "$src/utils/fetch-test-data.sh"

# Every report goes to a file of its own as well as failing the process:
# abort_on_error turns a report into SIGABRT, which fails a test even under
# `not` (which accepts any exit status but a signal), and a report in a test
# that tolerates a failing gradgen is still found in $reports.
reports=$build/sanitizer-reports
rm -rf "$reports"
mkdir -p "$reports"
# Leaks are checked: what gradgen leaves to the end of the process (the
# Compilation, as clang -disable-free does) stays reachable through
# llvm::BuryPointer, so LeakSanitizer reports only memory that was lost.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1:abort_on_error=1:check_initialization_order=1:strict_init_order=1:log_path=$reports/asan}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:abort_on_error=1:log_path=$reports/ubsan}
lit=${LIT:-/usr/lib/llvm-16/build/utils/lit/lit.py}
if [[ $# -eq 0 ]]; then
  set -- "$build/test"
fi
if [[ $reduced == 1 ]]; then
  set -- --filter-out "$reduced_out|$never_out" "$@"
else
  set -- --filter-out "$never_out" "$@"
fi
status=0
python3 "$lit" -sv "$@" || status=$?
found=$(find "$reports" -type f | sort)
if [[ -n $found ]]; then
  echo "sanitizer reports ($(wc -l <<< "$found")):" >&2
  for report in $found; do
    echo "== $report" >&2
    cat "$report" >&2
  done
  status=1
else
  echo "sanitizer reports: none" >&2
fi
exit $status
