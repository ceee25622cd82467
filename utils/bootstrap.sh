#!/usr/bin/env bash
# Fresh Debian 12 machine to a working gradgen: installs what is missing,
# builds, and runs gradgen on the bundled example.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
GRADGEN_WITH_LIBTORCH=${GRADGEN_WITH_LIBTORCH:-0} "$root/utils/install-deps.sh"
"$root/utils/build.sh"
build=${GRADGEN_BUILD_DIR:-$root/build}
example=$root/examples/basic
echo "gradgen: the operator schemas of examples/basic:" >&2
"$build/bin/gradgen" schemas \
  --native-functions "$example/native_functions.yaml" \
  --tags "$example/tags.yaml"
echo "gradgen: checking examples/basic/derivatives.yaml (every formula type-checked by Clang)" >&2
"$build/bin/gradgen" check \
  --derivatives "$example/derivatives.yaml" \
  --native-functions "$example/native_functions.yaml" \
  --tags "$example/tags.yaml" --helpers "$example/helpers.h"
out=$build/examples/basic
echo "gradgen: generating the autograd functions of examples/basic into $out" >&2
"$build/bin/gradgen" generate \
  --derivatives "$example/derivatives.yaml" \
  --native-functions "$example/native_functions.yaml" \
  --tags "$example/tags.yaml" --helpers "$example/helpers.h" \
  --torch-root "$example" --output-dir "$out" --depfile "$out.d"
ls -l "$out"
