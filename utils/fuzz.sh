#!/usr/bin/env bash
# Builds one libFuzzer target of tools/fuzz and runs it.
#   utils/fuzz.sh TARGET SECONDS [libFuzzer flags...]
# TARGET: schema, yaml, derivatives, formula, cache or server. The build is in
# build-fuzz/ (clang-16, -fsanitize=fuzzer,address,undefined; install
# libclang-rt-16-dev with utils/install-deps.sh). Seeds are made from the
# real inputs in ../shared/corpus at the first run (never committed); the
# corpus grows in build-fuzz/fuzz/corpus-TARGET, crashes land in
# build-fuzz/fuzz/artifacts-TARGET/. Exit status: libFuzzer's (0: nothing
# found).
set -euo pipefail
if [[ $# -lt 2 ]]; then
  echo "usage: $0 TARGET SECONDS [libFuzzer flags...]" >&2
  exit 2
fi
target=$1 seconds=$2
shift 2
case $target in
  schema|yaml|derivatives|formula|cache|server) ;;
  *) echo "fuzz.sh: unknown target '$target'" >&2; exit 2 ;;
esac
src=$(cd "$(dirname "$0")/.." && pwd)
build=${GRADGEN_FUZZ_BUILD:-$src/build-fuzz}
corpus_root=${GRADGEN_CORPUS:-$src/../shared/corpus}

# GRADGEN_FUZZ_NO_BUILD=1 runs the target as it was last built.
if [[ -z ${GRADGEN_FUZZ_NO_BUILD:-} && ! -f $build/build.ninja ]]; then
  cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang-16 -DCMAKE_CXX_COMPILER=clang++-16 \
    -DGRADGEN_FUZZ=ON ${CMAKE_CXX_COMPILER_LAUNCHER:+-DCMAKE_CXX_COMPILER_LAUNCHER=$CMAKE_CXX_COMPILER_LAUNCHER} >&2
fi
# The cache target's seeds are results caches that the build's own gradgen
# writes.
targets=("fuzz-$target")
[[ $target == cache && -z ${GRADGEN:-} ]] && targets+=(gradgen)
[[ -n ${GRADGEN_FUZZ_NO_BUILD:-} ]] || ninja -C "$build" "${targets[@]}" >&2

out=$build/fuzz
seeds=$out/seeds-$target
if [[ ! -d $seeds ]]; then
  python3 "$src/utils/fuzz-seeds.py" "$target" "$corpus_root" "$seeds.tmp" \
    --gradgen "${GRADGEN:-$build/bin/gradgen}" --inputs "$src/test/Formula/Inputs"
  mv "$seeds.tmp" "$seeds"
fi
mkdir -p "$out/corpus-$target" "$out/artifacts-$target"
dict=()
[[ -f $src/tools/fuzz/$target.dict ]] && dict=(-dict="$src/tools/fuzz/$target.dict")
max_len=65536
extra=()
# The server logs every malformed message on stderr: libFuzzer keeps its own
# reports (and the sanitizers') when it closes the target's stderr.
[[ $target == server ]] && extra=(-close_fd_mask=2)
[[ $target == schema || $target == formula ]] && max_len=4096
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
exec "$out/fuzz-$target" -max_total_time="$seconds" -max_len=$max_len \
  -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 "${dict[@]}" \
  -artifact_prefix="$out/artifacts-$target/" "${extra[@]}" "$@" \
  "$out/corpus-$target" "$seeds"
