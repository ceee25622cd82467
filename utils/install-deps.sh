#!/usr/bin/env bash
# Installs, by Debian package name, whatever gradgen's build and tests need and
# the machine lacks. Idempotent: with everything present it touches nothing.
#   utils/install-deps.sh            build and test dependencies
#   GRADGEN_WITH_LIBTORCH=0 ...      skip libtorch-dev and python3-torch (the
#                                    compile/run tests)
set -euo pipefail

packages=(llvm-16-dev libclang-16-dev clang-16 llvm-16-tools
          cmake ninja-build python3
          # Unit tests (test/Unit) and SARIF schema validation (test/Support).
          libgtest-dev googletest python3-jsonschema python3-rfc3987
          # The editor end-to-end test of gradgen-lsp-server (test/LSP).
          neovim
          # test/Integration: downstream builds with Unix Makefiles, cpack -G
          # DEB (dpkg-shlibdeps), compiled objects cached by content.
          make dpkg-dev ccache
          # utils/function-sizes.py: libclang's Python bindings.
          python3-clang-16
          # test/Lint: the pre-commit hook, run by Debian's pre-commit.
          pre-commit
          # test/Wheel: the wheel (python3 -m build --no-isolation), installed
          # with pip into a venv; libzstd-dev and libtinfo-dev for the static
          # libraries it links; bubblewrap hides /usr/lib/llvm-16 from it.
          python3-build python3-wheel python3-setuptools python3-venv
          libzstd-dev zlib1g-dev libtinfo-dev bubblewrap)
# The sanitizer runtimes and libFuzzer (-DGRADGEN_SANITIZE, utils/fuzz.sh).
if [[ "${GRADGEN_WITH_SANITIZERS:-1}" != 0 ]]; then
  packages+=(libclang-rt-16-dev)
fi
if [[ "${GRADGEN_WITH_LIBTORCH:-1}" != 0 ]]; then
  packages+=(libtorch-dev
             # The generated Python bindings, compiled and called
             # (docs/python-bindings.md): PyTorch 1.13.1's Python package and
             # libtorch_python, Python's and pybind11's headers, and fmt's,
             # which PyTorch 2.14.1's python_arg_parser.h includes.
             python3-torch python3-dev pybind11-dev libfmt-dev)
fi

missing=()
for pkg in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

sudo=()
if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
echo "gradgen: installing ${missing[*]}" >&2
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
