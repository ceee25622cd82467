#!/usr/bin/env python3
"""Time `gradgen check` side by side with PyTorch's own generator.

usage: benchmark-check.py [--runs N] [--version 2.14.1] [--gradgen PATH]
                          [--real-headers DIR --helpers FILE --std c++20]
                          [--cold]

Runs, N times (default 5) and alternating, the reference generator on its
tree (/tmp/gradgen-reference/work/pytorch-<version>, through
../shared/tools/reference/run_gen.py) and `gradgen check` on the same
inputs, each as its own process, and prints the median wall time and peak
memory (max RSS) of each, and their ratio. With --real-headers, gradgen
checks the formulas against those headers (-I); with --cold, every gradgen
run starts from an empty cache (a fresh --cache-dir). A warm-up run of
gradgen comes first unless --cold.

This is a benchmark, not a test: the machine's load moves the numbers.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def run(argv, cwd=None):
    """Wall time in seconds and peak RSS in MB of one child process."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("failed: " + " ".join(argv))
    return wall, usage.ru_maxrss / 1024.0


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--version", default="2.14.1")
    ap.add_argument("--gradgen", default=os.path.join(here, "..", "build", "bin", "gradgen"))
    ap.add_argument("--reference-dir", default=os.environ.get(
        "ORACLE_DIR", os.path.join(os.environ.get("TMPDIR", "/tmp"), "gradgen-reference")))
    ap.add_argument("--run-gen", default=os.path.join(
        here, "..", "..", "shared", "tools", "reference", "run_gen.py"))
    ap.add_argument("--corpus", help="folder with derivatives.yaml, native_functions.yaml, tags.yaml")
    ap.add_argument("--real-headers", metavar="DIR")
    ap.add_argument("--helpers", action="append", default=[])
    ap.add_argument("--std")
    ap.add_argument("--profile")
    ap.add_argument("--cold", action="store_true")
    args = ap.parse_args()

    tree = os.path.join(args.reference_dir, "work", "pytorch-" + args.version)
    if not os.path.isdir(tree):
        sys.exit("no reference tree at " + tree)
    if args.corpus:
        inputs = {"derivatives": os.path.join(args.corpus, "derivatives.yaml"),
                  "native-functions": os.path.join(args.corpus, "native_functions.yaml"),
                  "tags": os.path.join(args.corpus, "tags.yaml")}
    else:
        inputs = {"derivatives": os.path.join(tree, "tools/autograd/derivatives.yaml"),
                  "native-functions": os.path.join(tree, "aten/src/ATen/native/native_functions.yaml"),
                  "tags": os.path.join(tree, "aten/src/ATen/native/tags.yaml")}
    profile = args.profile or ("pytorch-1.13" if args.version.startswith("1.") else "pytorch-2.14")
    gradgen = [args.gradgen, "check", "--profile", profile]
    for key, path in inputs.items():
        gradgen += ["--" + key, path]
    if args.real_headers:
        gradgen += ["-I", args.real_headers]
    for helper in args.helpers:
        gradgen += ["--helpers", helper]
    if args.std:
        gradgen += ["--std=" + args.std]

    scratch = tempfile.mkdtemp(prefix="gradgen-bench-")
    cache = os.path.join(scratch, "cache")
    reference = [sys.executable, args.run_gen, tree, os.path.join(scratch, "out")]

    def gradgen_run():
        if args.cold:
            shutil.rmtree(cache, ignore_errors=True)
        return run(gradgen + ["--cache-dir", cache])

    try:
        if not args.cold:
            gradgen_run()
        ref, ours = [], []
        for i in range(args.runs):
            ref.append(run(reference))
            ours.append(gradgen_run())
            print(f"run {i + 1}: reference {ref[-1][0]:.3f} s {ref[-1][1]:.0f} MB, "
                  f"gradgen {ours[-1][0]:.3f} s {ours[-1][1]:.0f} MB", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    ref_wall = statistics.median(w for w, _ in ref)
    our_wall = statistics.median(w for w, _ in ours)
    print(f"median: reference {ref_wall:.3f} s (peak {max(m for _, m in ref):.0f} MB), "
          f"gradgen check {our_wall:.3f} s (peak {max(m for _, m in ours):.0f} MB), "
          f"ratio {our_wall / ref_wall:.3f} ({'cold' if args.cold else 'warm'} cache"
          f"{', real headers' if args.real_headers else ', built-in prelude'})")


if __name__ == "__main__":
    main()
