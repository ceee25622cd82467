#!/usr/bin/env python3
"""Time gradgen against PyTorch's own generator on the same corpus.

usage: benchmark.py [--runs N] [--profile pytorch-2.14] [--corpus DIR]
                    [--gradgen PATH] [--helpers FILE | --no-helpers]
                    [-I DIR [--std c++20] [-D NAME]] [--cold]
                    [--reference-tree DIR] [--no-reference]

Each round runs, one after the other,
  gradgen generate  (load, type-check every formula, emit every file of
                     every family the profile names, VariableType too, into
                     an empty directory so that every file is written),
  gradgen check     (load and type-check only),
  the reference     (python3 ../shared/tools/reference/run_gen.py TREE OUT
                     --with-variable-type: gen_autograd_functions,
                     python_functions and gen_variable_type, the whole
                     process), when the reference has been set up
                     (../shared/tools/reference/setup.sh),
and prints each command's median wall and CPU time (user + system, the
process and its threads: what load from other work on the machine disturbs
least) and peak resident memory, and the ratios of the medians. gradgen keeps its caches (the precompiled formula
header, the results of formulas) in a folder of its own, warmed by one run
first; with --cold, every run starts from an empty one. -I checks the
formulas against real PyTorch headers. Nothing here asserts a time: the
tests never do.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
ORACLE_DIR = os.environ.get("ORACLE_DIR") or os.path.join(
    os.environ.get("TMPDIR", "/tmp"), "gradgen-reference")
# The PyTorch release each profile reproduces.
VERSIONS = {"pytorch-2.14": "2.14.1", "pytorch-1.13": "1.13.1"}


def run(cmd):
    """Runs cmd; returns (wall seconds, CPU seconds, peak RSS in MiB). Fails
    loudly."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    # wait4 gives this child's own rusage, unlike getrusage(RUSAGE_CHILDREN).
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    stderr = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("benchmark: failed: %s\n%s" % (" ".join(cmd), stderr[-2000:]))
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profile", default="pytorch-2.14",
                        choices=sorted(VERSIONS))
    parser.add_argument("--corpus", help="folder with derivatives.yaml, "
                        "native_functions.yaml, tags.yaml (default: "
                        "../shared/corpus/pytorch-<version>)")
    parser.add_argument("--gradgen", default=os.path.join(ROOT, "build", "bin",
                                                          "gradgen"))
    parser.add_argument("--helpers", help="FunctionsManual.h for the formula "
                        "checks (default: the reference's 2.14.1 headers, if "
                        "set up, for pytorch-2.14)")
    parser.add_argument("--no-helpers", action="store_true")
    parser.add_argument("--reference-tree", help="PyTorch generator tree "
                        "(default: $ORACLE_DIR/work/pytorch-<version>)")
    parser.add_argument("--no-reference", action="store_true")
    parser.add_argument("-I", dest="include_dirs", action="append", default=[],
                        help="real-header mode: PyTorch's headers")
    parser.add_argument("--std", help="C++ standard of the formula checks")
    parser.add_argument("-D", dest="defines", action="append", default=[])
    parser.add_argument("--cold", action="store_true",
                        help="start every gradgen run from an empty cache")
    args = parser.parse_args()

    version = VERSIONS[args.profile]
    corpus = args.corpus or os.path.join(SHARED, "corpus", "pytorch-" + version)
    for name in ("derivatives.yaml", "native_functions.yaml", "tags.yaml"):
        if not os.path.isfile(os.path.join(corpus, name)):
            sys.exit("benchmark: no %s in %s" % (name, corpus))
    if not os.access(args.gradgen, os.X_OK):
        sys.exit("benchmark: no gradgen at %s (build it first)" % args.gradgen)

    helpers = args.helpers
    if helpers is None and not args.no_helpers and version == "2.14.1":
        candidate = os.path.join(ORACLE_DIR, "ref", "torch-2.14.1", "hdr",
                                 "usr", "include", "torch", "csrc",
                                 "autograd", "FunctionsManual.h")
        if os.path.isfile(candidate):
            helpers = candidate

    run_gen = os.path.join(SHARED, "tools", "reference", "run_gen.py")
    tree = args.reference_tree or os.path.join(ORACLE_DIR, "work",
                                               "pytorch-" + version)
    with_reference = (not args.no_reference and os.path.isfile(run_gen) and
                      os.path.isdir(os.path.join(tree, "torchgen")))

    scratch = tempfile.mkdtemp(prefix="gradgen-benchmark-")
    inputs = ["--derivatives", os.path.join(corpus, "derivatives.yaml"),
              "--native-functions", os.path.join(corpus, "native_functions.yaml"),
              "--tags", os.path.join(corpus, "tags.yaml"),
              "--profile", args.profile]
    if helpers:
        inputs += ["--helpers", helpers]
    inputs += ["-I" + d for d in args.include_dirs]
    inputs += ["-D" + d for d in args.defines]
    if args.std:
        inputs += ["--std=" + args.std]
    cache = os.path.join(scratch, "cache")
    inputs += ["--cache-dir", cache]
    commands = {
        "gradgen generate": lambda out: [args.gradgen, "generate", *inputs,
                                         "--output-dir", out],
        "gradgen check": lambda out: [args.gradgen, "check", *inputs],
    }
    if with_reference:
        commands["reference"] = lambda out: [sys.executable, run_gen, tree, out,
                                             "--with-variable-type"]

    results = {name: [] for name in commands}
    try:
        if not args.cold:
            run(commands["gradgen check"](os.path.join(scratch, "warm-up")))
        for round_ in range(args.runs):
            # Alternate, so that load on the machine hits every command alike.
            for name, make in commands.items():
                out = os.path.join(scratch, "%s-%d" % (name.replace(" ", "-"),
                                                       round_))
                if args.cold and name != "reference":
                    shutil.rmtree(cache, ignore_errors=True)
                results[name].append(run(make(out)))
                shutil.rmtree(out, ignore_errors=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    print("corpus: %s (%s), %d runs, helpers: %s, %s, %s cache" %
          (corpus, args.profile, args.runs, helpers or "none",
           "real headers " + " ".join(args.include_dirs)
           if args.include_dirs else "built-in prelude",
           "cold" if args.cold else "warm"))
    medians, cpus = {}, {}
    for name, samples in results.items():
        walls = [w for w, _, _ in samples]
        medians[name] = statistics.median(walls)
        cpus[name] = statistics.median(c for _, c, _ in samples)
        print("%-17s median %6.3f s  (min %6.3f, max %6.3f)  CPU %6.3f s  "
              "peak RSS %6.1f MiB" % (name, medians[name], min(walls),
                                      max(walls), cpus[name],
                                      max(r for _, _, r in samples)))
    if with_reference:
        for kind, values in (("wall", medians), ("CPU", cpus)):
            print("ratio %s gradgen generate / reference: %.3f (1/%.1f)" % (
                kind, values["gradgen generate"] / values["reference"],
                values["reference"] / values["gradgen generate"]))
        print("ratio wall gradgen check / reference: %.3f" %
              (medians["gradgen check"] / medians["reference"]))
    else:
        print("reference: not set up (../shared/tools/reference/setup.sh)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
