#!/usr/bin/env bash
# Regenerates the expected files of test/Generate/golden.test from the small
# inputs of test/Generate/Inputs, after an intended change of the output.
# Review the diff before committing it. Usage: utils/update-golden-tests.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
gradgen=${1:-$root/build}/bin/gradgen
inputs=$root/test/Generate/Inputs
for case in derivatives:pytorch-2.14 derivatives:pytorch-1.13 foreach:pytorch-2.14; do
  name=${case%%:*}
  profile=${case##*:}
  out=$inputs/golden/$name-${profile#pytorch-}
  rm -rf "$out"
  "$gradgen" generate --native-functions "$inputs/native_functions.yaml" \
    --tags "$inputs/tags.yaml" --helpers "$inputs/helpers.h" \
    --torch-root "$root/examples/basic" --derivatives "$inputs/$name.yaml" --profile "$profile" --output-dir "$out"
done
git -C "$root" status --short -- test/Generate/Inputs/golden
