#!/usr/bin/env python3
"""Time gradgen against PyTorch's own generator on the same corpus.

usage: benchmark.py [--runs N] [--profile pytorch-2.14] [--corpus DIR]
                    [--gradgen PATH] [--helpers FILE | --no-helpers]
                    [-I DIR [--std c++20] [-D NAME]]
                    [--cold | --cache warm|cold|both] [--families a,b]
                    [--no-check] [--reference-tree DIR] [--no-reference]
                    [--json FILE]

Each round runs, one after the other,
  gradgen generate  (load, type-check every formula, emit every file of
                     every family the profile names, or of --families, into
                     an empty directory so that every file is written),
                     with a warm cache, a cold one, or both (--cache),
  gradgen check     (load and type-check only; not with --no-check),
  the reference     (the generator tree's own Python functions writing the
                     same files, the whole process: for every family the
                     complete autograd step that tools/autograd/gen_autograd.py
                     writes (Functions, VariableType, ADInplaceOrViewType,
                     TraceType, ViewFuncs, variable_factories.h),
                     python_functions* and, when gradgen writes them, the
                     Python bindings (gen_python_functions), as
                     tools/setup_helpers/generate_code.py calls them; for --families functions,python-functions
                     (and variable-type) only those, through
                     ../shared/tools/reference/run_gen.py), when the reference
                     has been set up (../shared/tools/reference/setup.sh),
and prints each command's median wall and CPU time (user + system of the
process, its threads and its children: what load from other work on the
machine disturbs least) and peak resident memory, and the ratios of the
medians. gradgen keeps its caches (the precompiled formula header, the
results of formulas) in a folder of its own, warmed by one run first; a cold
run starts from an empty one. -I checks the formulas against real PyTorch
headers. Nothing here asserts a time: the tests never do.
"""
import argparse
import json
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
# The families run_gen.py writes without and with --with-variable-type.
RUN_GEN_FAMILIES = {"functions", "python-functions"}
RUN_GEN_VT_FAMILIES = RUN_GEN_FAMILIES | {"variable-type"}

# The reference's complete autograd step, run with the generator tree as the
# working directory: python_functions* first, from the infos before
# match_differentiability_info() extends them, then gen_autograd() (its
# load_derivatives and parse_native_yaml calls hit the tree's own caches),
# as tools/setup_helpers/generate_code.py does, then the Python bindings
# (gen_python_functions.gen, the rest of gen_autograd_python) when gradgen's
# files include them (argv[2] == "bindings"). No generator logic: only the
# tree's own entry points.
AUTOGRAD_STEP = """\
import sys
sys.path.insert(0, '.')
from tools.autograd.gen_autograd import gen_autograd
from tools.autograd.gen_autograd_functions import gen_autograd_functions_python
from tools.autograd.load_derivatives import load_derivatives
from torchgen.selective_build.selector import SelectiveBuilder
nf = 'aten/src/ATen/native/native_functions.yaml'
tags = 'aten/src/ATen/native/tags.yaml'
out = sys.argv[1]
infos, _ = load_derivatives('tools/autograd/derivatives.yaml', nf, tags)
gen_autograd_functions_python(out, infos, 'tools/autograd/templates')
gen_autograd(nf, tags, out, 'tools/autograd', SelectiveBuilder.get_nop_selector())
if sys.argv[2:] == ['bindings']:
    from tools.autograd import gen_python_functions
    gen_python_functions.gen(out, nf, tags, 'tools/autograd/deprecated.yaml',
                             'tools/autograd/templates')
"""


def run(cmd, cwd=None, env=None):
    """Runs cmd; returns (wall seconds, CPU seconds, peak RSS in MiB, system
    CPU seconds). Fails loudly."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, cwd=cwd, env=env)
    # wait4 gives this child's own rusage (with the children it waited for),
    # unlike getrusage(RUSAGE_CHILDREN), which sums every child so far.
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    stderr = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("benchmark: failed: %s\n%s" % (" ".join(cmd), stderr[-2000:]))
    return (wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0,
            usage.ru_stime)


def parse_args():
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
    parser.add_argument("--torch-root", help="PyTorch tree whose "
                        "tools/autograd/templates gradgen renders (default: "
                        "the reference tree)")
    parser.add_argument("-I", dest="include_dirs", action="append", default=[],
                        help="real-header mode: PyTorch's headers")
    parser.add_argument("--std", help="C++ standard of the formula checks")
    parser.add_argument("-D", dest="defines", action="append", default=[])
    parser.add_argument("--cache", choices=("warm", "cold", "both"),
                        default="warm", help="gradgen generate with a warm "
                        "cache, an empty one, or both in every round")
    parser.add_argument("--cold", action="store_const", dest="cache",
                        const="cold", help="the same as --cache cold")
    parser.add_argument("--families", help="gradgen generate --families; "
                        "the reference writes the same files")
    parser.add_argument("--no-check", action="store_true",
                        help="do not time gradgen check")
    parser.add_argument("--json", help="also write the samples and medians "
                        "to this file")
    return parser.parse_args()


def reference_command(args, version):
    """A function of the output folder giving the reference's command line
    and working directory for the files of args.families, or None when the
    reference is not set up."""
    if args.no_reference:
        return None
    tree = args.reference_tree or os.path.join(ORACLE_DIR, "work",
                                               "pytorch-" + version)
    if not os.path.isdir(os.path.join(tree, "torchgen")):
        return None
    families = set(args.families.split(",")) if args.families else None
    run_gen = os.path.join(SHARED, "tools", "reference", "run_gen.py")
    if families is not None and families <= RUN_GEN_VT_FAMILIES:
        flags = [] if families <= RUN_GEN_FAMILIES else ["--with-variable-type"]
        return lambda out: ([sys.executable, "-B", run_gen, tree, out, *flags],
                            None)
    bindings = ["bindings"] if writes_bindings(args) else []
    return lambda out: ([sys.executable, "-B", "-c", AUTOGRAD_STEP, out,
                         *bindings], tree)


def writes_bindings(args):
    """Whether gradgen generate writes any of gen_python_functions' files
    (python_*.cpp other than the Nodes' python_functions*), as its own
    `outputs` command lists them."""
    families = ["--families", args.families] if args.families else []
    names = subprocess.run([args.gradgen, "outputs", "--profile", args.profile,
                            *families], check=True, capture_output=True,
                           text=True).stdout.split()
    return any(name.startswith("python_") and
               not name.startswith("python_functions") for name in names)


def main():
    args = parse_args()
    version = VERSIONS[args.profile]
    corpus = os.path.abspath(args.corpus or os.path.join(
        SHARED, "corpus", "pytorch-" + version))
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
    reference = reference_command(args, version)

    scratch = tempfile.mkdtemp(prefix="gradgen-benchmark-")
    inputs = ["--derivatives", os.path.join(corpus, "derivatives.yaml"),
              "--native-functions", os.path.join(corpus, "native_functions.yaml"),
              "--tags", os.path.join(corpus, "tags.yaml"),
              "--profile", args.profile,
              "--torch-root", args.torch_root or args.reference_tree or
              os.path.join(ORACLE_DIR, "work", "pytorch-" + version)]
    if helpers:
        inputs += ["--helpers", helpers]
    inputs += ["-I" + d for d in args.include_dirs]
    inputs += ["-D" + d for d in args.defines]
    if args.std:
        inputs += ["--std=" + args.std]
    warm_cache = os.path.join(scratch, "cache")
    cold_cache = os.path.join(scratch, "cold-cache")
    families = ["--families", args.families] if args.families else []

    def generate(cache):
        return lambda out: ([args.gradgen, "generate", *inputs, *families,
                             "--cache-dir", cache, "--output-dir", out], None)

    # name -> (command maker, whether it starts from an empty cache)
    commands = {}
    if args.cache in ("warm", "both"):
        commands["generate warm"] = (generate(warm_cache), False)
    if args.cache in ("cold", "both"):
        commands["generate cold"] = (generate(cold_cache), True)
    if not args.no_check:
        cache = warm_cache if args.cache != "cold" else cold_cache
        commands["check"] = (lambda out: ([args.gradgen, "check", *inputs,
                                           "--cache-dir", cache], None),
                             args.cache == "cold")
    if reference:
        commands["reference"] = (reference, False)

    env = dict(os.environ, PYTHONHASHSEED="0")
    results = {name: [] for name in commands}
    try:
        if args.cache != "cold":
            run(generate(warm_cache)(os.path.join(scratch, "warm-up"))[0])
        for round_ in range(args.runs):
            # Alternate, so that load on the machine hits every command alike.
            for name, (make, cold) in commands.items():
                out = os.path.join(scratch, "%s-%d" % (name.replace(" ", "-"),
                                                       round_))
                os.makedirs(out)
                if cold:
                    shutil.rmtree(cold_cache, ignore_errors=True)
                cmd, cwd = make(out)
                results[name].append(run(cmd, cwd=cwd, env=env))
                shutil.rmtree(out, ignore_errors=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    report(args, corpus, helpers, results, reference is not None)
    return 0


def report(args, corpus, helpers, results, with_reference):
    try:
        load = "%.1f %.1f %.1f" % os.getloadavg()
    except OSError:
        load = "unknown"
    print("corpus: %s (%s), %d runs, helpers: %s, %s, families: %s, "
          "load average now: %s" %
          (corpus, args.profile, args.runs, helpers or "none",
           "real headers " + " ".join(args.include_dirs)
           if args.include_dirs else "built-in prelude",
           args.families or "all of the profile's", load))
    summary = {}
    for name, samples in results.items():
        walls = [sample[0] for sample in samples]
        cpus = [sample[1] for sample in samples]
        summary[name] = {
            "wall": statistics.median(walls), "cpu": statistics.median(cpus),
            "system": statistics.median(sample[3] for sample in samples),
            "rss": max(sample[2] for sample in samples), "samples": samples}
        print("%-14s wall %6.3f s (min %6.3f, max %6.3f)  CPU %6.3f s "
              "(min %6.3f, max %6.3f; system %5.3f)  peak RSS %6.1f MiB" % (
                  name, summary[name]["wall"], min(walls), max(walls),
                  summary[name]["cpu"], min(cpus), max(cpus),
                  summary[name]["system"], summary[name]["rss"]))
    if with_reference:
        ref = summary["reference"]
        for name in results:
            if name == "reference":
                continue
            for kind in ("cpu", "wall"):
                print("ratio %-4s %-13s / reference: %.3f (1/%.1f)" % (
                    kind.upper() if kind == "cpu" else kind, name,
                    summary[name][kind] / ref[kind],
                    ref[kind] / summary[name][kind]))
    else:
        print("reference: not set up (../shared/tools/reference/setup.sh)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"profile": args.profile, "corpus": corpus,
                       "families": args.families, "load": load,
                       "results": summary}, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
