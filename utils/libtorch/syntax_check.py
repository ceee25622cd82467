#!/usr/bin/env python3
"""Checks that generated files of the autograd step are real C++ for a
PyTorch version's headers (-fsyntax-only), with passed checks cached by
content (toolchain.Toolchain).
usage: syntax_check.py --version {2.14.1,1.13.1} [--headers DIR] [--cxx C]
                       [--include DIR]... [--cache-dir DIR] OUTDIR FILE...
FILE names files of OUTDIR (`variable_factories.h`, `TraceType_0.cpp`); a
header is checked through a file that includes it, a .cpp file as it is. The
generated headers of OUTDIR come before the installed ones, then every
--include folder: headers a PyTorch build generates but the installed
headers lack (ATen/FunctionalInverses.h, made by functional_inverses.py). 2.14.1 compiles
with -std=c++20 against --headers (the reference's 2.14.1 headers), 1.13.1
with -std=c++17 against the installed libtorch-dev. Prints `NAME: ok` or
`FAIL: NAME` and the compiler's errors; exit code 1 if any failed.
"""
import argparse
import glob
import os
import shutil
import sys
import tempfile

sys.dont_write_bytecode = True  # keep the source tree clean
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import toolchain  # noqa: E402

FLAGS = {
    "2.14.1": ["-std=c++20"],
    "1.13.1": ["-std=c++17", "-DC10_MACROS_CMAKE_MACROS_H_",
               "-DC10_BUILD_SHARED_LIBS"],
}


def overlay_headers(out_dir, work_dir):
    """work_dir/include/torch/csrc/autograd/generated/ holds OUTDIR's headers."""
    target = os.path.join(work_dir, "include", toolchain.GENERATED_HEADER_DIR)
    os.makedirs(target, exist_ok=True)
    headers = sorted(glob.glob(os.path.join(out_dir, "*.h")))
    for header in headers:
        shutil.copyfile(header, os.path.join(target, os.path.basename(header)))
    return os.path.join(work_dir, "include"), headers


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--version", required=True, choices=sorted(FLAGS))
    parser.add_argument("--headers", default=toolchain.LIBTORCH_INCLUDE)
    parser.add_argument("--cxx", default="g++")
    parser.add_argument("--include", action="append", default=[])
    parser.add_argument("--cache-dir", default=os.path.expanduser(
        "~/.cache/gradgen/libtorch"))
    parser.add_argument("out_dir")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()

    tools = toolchain.Toolchain(args.cxx, args.cache_dir)
    failed = False
    with tempfile.TemporaryDirectory() as work_dir:
        overlay, headers = overlay_headers(args.out_dir, work_dir)
        # The key keeps -D flags, not -I paths: name the headers' folder.
        flags = FLAGS[args.version] + [
            "-fsyntax-only", "-DGRADGEN_CHECK_HEADERS=" + args.headers,
            "-I" + overlay] + ["-I" + extra for extra in args.include]
        for extra in args.include:  # their bytes enter the key
            headers += sorted(glob.glob(os.path.join(extra, "**", "*.h"),
                                        recursive=True))
        if os.path.realpath(args.headers) != toolchain.LIBTORCH_INCLUDE:
            flags.append("-I" + args.headers)
        flags.append("-I" + os.path.join(args.headers,
                                         "torch/csrc/api/include"))
        for name in args.files:
            source = os.path.join(args.out_dir, name)
            if name.endswith(".h"):
                source = os.path.join(work_dir, name + ".cpp")
                with open(source, "w") as f:
                    f.write("#include <%s/%s>\n"
                            % (toolchain.GENERATED_HEADER_DIR, name))
            key = tools._key("syntax", flags, [source] + headers)
            try:
                tools._cached(key, ".syntax-ok", lambda stamp: open(
                    stamp, "w").write(tools._run(
                        [args.cxx] + flags + [source])))
                print("%s: ok" % name)
            except toolchain.BuildError as error:
                print("FAIL: %s\n%s" % (name, error))
                failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
