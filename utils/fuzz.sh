#!/usr/bin/env bash
# Builds one libFuzzer target of tools/fuzz and runs it.
#   utils/fuzz.sh TARGET SECONDS [libFuzzer flags...]
#   utils/fuzz.sh --keep TARGET
# --keep minimizes what the runs of TARGET reached (libFuzzer's -merge=1)
# into an archive the next runs start from: tools/fuzz/corpus/TARGET.tar.xz
# (server, cache) or build-fuzz/fuzz/kept-TARGET.tar.xz (the others).
# TARGET: schema, yaml, derivatives, deprecated, formula, cache or server. The build is in
# build-fuzz/ (clang-16, -fsanitize=fuzzer,address,undefined; install
# libclang-rt-16-dev with utils/install-deps.sh). Seeds are made from the
# real inputs in ../shared/corpus at the first run (never committed); the
# corpus grows in build-fuzz/fuzz/corpus-TARGET, crashes land in
# build-fuzz/fuzz/artifacts-TARGET/. Exit status: libFuzzer's (0: nothing
# found).
set -euo pipefail
# Where a target's kept corpus is: in the repository for the targets whose
# seeds are gradgen's own files (test/LSP's transcripts, caches gradgen
# wrote for test/ inputs); in the build folder for those seeded from
# PyTorch's files, which the repository does not hold.
kept_archive() {
  case $1 in
    server|cache) echo "$src/tools/fuzz/corpus/$1.tar.xz" ;;
    *) echo "$out/kept-$1.tar.xz" ;;
  esac
}
if [[ ${1:-} == --keep && $# -eq 2 ]]; then
  src=$(cd "$(dirname "$0")/.." && pwd)
  out=${GRADGEN_FUZZ_BUILD:-$src/build-fuzz}/fuzz
  archive=$(kept_archive "$2")
  merged=$out/merged-$2
  rm -rf "$merged" && mkdir -p "$merged" "$(dirname "$archive")"
  dirs=("$out/corpus-$2" "$out/seeds-$2")
  [[ -d $out/kept-$2 ]] && dirs+=("$out/kept-$2")
  "$out/fuzz-$2" -merge=1 -max_len=65536 -close_fd_mask=2 "$merged" "${dirs[@]}" >&2
  # The same inputs make the same bytes: names sorted, no times or owners.
  tar -C "$merged" --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner \
    -cf - . | xz -9 > "$archive"
  echo "fuzz.sh: $(ls "$merged" | wc -l) inputs, $(cat "$merged"/* | wc -c) bytes, $(wc -c < "$archive") compressed in $archive" >&2
  rm -rf "$merged"
  exit 0
fi
if [[ $# -lt 2 ]]; then
  echo "usage: $0 TARGET SECONDS [libFuzzer flags...]" >&2
  exit 2
fi
target=$1 seconds=$2
shift 2
case $target in
  schema|yaml|derivatives|deprecated|formula|cache|server) ;;
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
# The kept corpus (utils/fuzz.sh --keep writes it): what the last long runs
# reached, minimized; unpacked afresh, read and never written by a run.
kept=()
archive=$(kept_archive "$target")
if [[ -f $archive ]]; then
  rm -rf "$out/kept-$target" && mkdir -p "$out/kept-$target"
  xz -dc "$archive" | tar -C "$out/kept-$target" -xf -
  kept=("$out/kept-$target")
fi
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
