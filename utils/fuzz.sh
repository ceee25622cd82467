#!/usr/bin/env bash
# Builds one libFuzzer target of tools/fuzz and runs it.
#   utils/fuzz.sh TARGET SECONDS [libFuzzer flags...]
#   utils/fuzz.sh --keep TARGET
# --keep minimizes what the runs of TARGET reached (libFuzzer's -merge=1)
# into tools/fuzz/corpus/TARGET, the small corpus kept in the repository.
# TARGET: schema, yaml, derivatives, formula, cache or server. The build is in
# build-fuzz/ (clang-16, -fsanitize=fuzzer,address,undefined; install
# libclang-rt-16-dev with utils/install-deps.sh). Seeds are made from the
# real inputs in ../shared/corpus at the first run (never committed); the
# corpus grows in build-fuzz/fuzz/corpus-TARGET, crashes land in
# build-fuzz/fuzz/artifacts-TARGET/. Exit status: libFuzzer's (0: nothing
# found).
set -euo pipefail
if [[ ${1:-} == --keep && $# -eq 2 ]]; then
  src=$(cd "$(dirname "$0")/.." && pwd)
  out=${GRADGEN_FUZZ_BUILD:-$src/build-fuzz}/fuzz
  kept=$src/tools/fuzz/corpus/$2
  rm -rf "$kept.tmp" && mkdir -p "$kept.tmp"
  dirs=("$out/corpus-$2" "$out/seeds-$2")
  [[ -d $kept ]] && dirs+=("$kept")
  "$out/fuzz-$2" -merge=1 -max_len=65536 -close_fd_mask=2 "$kept.tmp" "${dirs[@]}" >&2
  rm -rf "$kept" && mv "$kept.tmp" "$kept"
  echo "fuzz.sh: $(ls "$kept" | wc -l) inputs, $(du -sh "$kept" | cut -f1) in $kept" >&2
  exit 0
fi
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
# The corpus kept in the repository (utils/fuzz.sh --keep writes it): what
# the last long run reached, minimized; read, never written, by a run.
kept=()
[[ -d $src/tools/fuzz/corpus/$target ]] && kept=("$src/tools/fuzz/corpus/$target")
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
  "$out/corpus-$target" "$seeds" "${kept[@]}"
