#!/usr/bin/env bash
# Fetches third-party data the tests use but the repository does not hold,
# into $GRADGEN_BUILD_DIR/test-data (default build/test-data), once:
#   - the SARIF 2.1.0 JSON schema (2.1.0-rtm.5, the OASIS release candidate
#     that became 2.1.0), from the MIT-licensed npm package
#     @microsoft/jest-sarif.
# Tests that need a file that could not be fetched are UNSUPPORTED.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
data=${GRADGEN_BUILD_DIR:-$root/build}/test-data
mkdir -p "$data"

schema=$data/sarif-schema-2.1.0.json
if [[ ! -s $schema ]] && command -v npm >/dev/null; then
  tmp=$(mktemp -d)
  if (cd "$tmp" && timeout 120 npm pack --silent @microsoft/jest-sarif@1.0.0-beta.0 >/dev/null 2>&1); then
    tar -xzf "$tmp"/microsoft-jest-sarif-*.tgz -C "$tmp" package/lib/schemas/sarif-2.1.0-rtm.5.json &&
      mv "$tmp/package/lib/schemas/sarif-2.1.0-rtm.5.json" "$schema"
  fi
  rm -rf "$tmp"
  [[ -s $schema ]] || echo "gradgen: could not fetch the SARIF schema; its test is skipped" >&2
fi
exit 0
