#!/usr/bin/env bash
# Builds gradgen with AddressSanitizer and UndefinedBehaviorSanitizer
# (clang-16, -DGRADGEN_SANITIZE="address;undefined"; libclang-rt-16-dev from
# utils/install-deps.sh) in build-sanitize/ and runs the whole lit suite
# with it. Any sanitizer report fails the test that caused it.
#   utils/sanitize.sh [lit arguments, e.g. a test folder]
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=${GRADGEN_SANITIZE_BUILD:-$src/build-sanitize}
if [[ ! -f $build/build.ninja ]]; then
  cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang-16 -DCMAKE_CXX_COMPILER=clang++-16 \
    "-DGRADGEN_SANITIZE=address;undefined" \
    ${CMAKE_CXX_COMPILER_LAUNCHER:+-DCMAKE_CXX_COMPILER_LAUNCHER=$CMAKE_CXX_COMPILER_LAUNCHER} >&2
fi
ninja -C "$build" >&2
# Leaks at exit are reported too: gradgen frees what it allocates.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:halt_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
lit=${LIT:-/usr/lib/llvm-16/build/utils/lit/lit.py}
if [[ $# -eq 0 ]]; then
  set -- "$build/test"
fi
exec python3 "$lit" -sv "$@"
