"""The runtime check: libtorch's autograd engine runs generated node code.

The autograd battery (utils/libtorch/battery) is linked three times:
  plain      libtorch's own nodes
  generated  + an object of the generated Functions.cpp and of PyTorch's
             FunctionsManual.cpp: the executable's definitions of the node
             vtables interpose libtorch's (ELF symbol interposition)
  mutant     the same with one formula of the generated code changed
and passes only if (a) generated prints every gradient bit-identical to plain,
(b) the mutant differs, and only in operators that run the mutated node, and
(c) each run confirms from the address of every node's vtable and `apply`
that generated nodes ran the executable's code (generated, mutant) or
libtorch's (plain).
"""
import floors
import collections
import concurrent.futures
import glob
import os
import shutil
import subprocess
import time

import mutate_functions
import pytorch_source
import toolchain
from libtorch_info import (INSTALLED_GENERATED, CheckError,
                           cached_symbol_evidence, generated_nodes,
                           libtorch_library, log, require_generated,
                           require_libtorch)
from shard_check import link_builds

HERE = os.path.dirname(os.path.abspath(__file__))
BATTERY = os.path.join(HERE, "battery")
# The operator whose gradient the default mutant must change, and the input
# whose gradient it must leave alone (MulBackward0's other formula).
WITNESS = {"MulBackward0:self": ("mul.Tensor", "self", "other")}


class Run:
    """One execution of the battery, parsed."""

    def __init__(self, name, status, stdout, stderr):
        self.name, self.status, self.stderr = name, status, stderr
        self.gradients = collections.OrderedDict()
        self.nodes = collections.defaultdict(list)  # case -> [(class, vt, ap)]
        self.errors, self.provenance_errors, self.summary = {}, [], {}
        for line in stdout.splitlines():
            kind, _, rest = line.partition(" ")
            fields = rest.split(" ")
            if kind == "grad":
                self.gradients[tuple(fields[:3])] = fields[3:]
            elif kind == "node":
                self.nodes[fields[0]].append(tuple(fields[1:4]))
            elif kind == "error":
                self.errors[fields[0]] = " ".join(fields[1:])
            elif kind == "provenance-error":
                self.provenance_errors.append(rest)
            elif kind == "summary":
                self.summary = dict(f.split("=") for f in fields)

    def classes(self):
        return {c for entries in self.nodes.values() for c, _, _ in entries}


def describe(key):
    case, name, order = key
    return "gradient of %s with respect to %s (%s)" % (
        case, name, "first order" if order == "d1" else "second order")


def first_difference(a, b):
    """How two printed gradients (dtype, shape, hex values) differ."""
    if a is None or b is None:
        return "printed by one run only (%s)" % ("second" if a is None
                                                 else "first")
    if a[:2] != b[:2] or len(a) != len(b):
        return "dtype/shape %s vs %s" % (" ".join(a[:2]), " ".join(b[:2]))
    diffs = [i for i in range(2, len(a)) if a[i] != b[i]]
    if not diffs:
        return "identical"
    i = diffs[0]
    return "%d of %d elements differ, first [%d]: %s vs %s" % (
        len(diffs), len(a) - 2, i - 2, a[i], b[i])


def compare(reference, other):
    """Keys whose gradients differ (or exist in one run only)."""
    keys = list(reference.gradients) + [k for k in other.gradients
                                        if k not in reference.gradients]
    return [k for k in keys if reference.gradients.get(k) !=
            other.gradients.get(k)]


class RuntimeCheck:
    def __init__(self, args):
        self.args = args
        self.failures = []
        self.timings = []
        self.mutate_node, _, self.mutate_input = args.mutate.partition(":")

    def fail(self, message):
        self.failures.append(message)
        print("FAIL: " + message, flush=True)

    def timed(self, label, function, *arguments):
        start = time.monotonic()
        result = function(*arguments)
        self.timings.append((label, time.monotonic() - start))
        return result

    # ---------------------------------------------------------------- build
    def build(self, tools, work):
        """Objects for every part; returns {part: path or BuildError}."""
        overlay = toolchain.header_overlay(self.args.dir, work)
        header = os.path.join(overlay, toolchain.GENERATED_HEADER_DIR,
                              "Functions.h")
        mutant = os.path.join(work, "mutant", "Functions.cpp")
        os.makedirs(os.path.dirname(mutant), exist_ok=True)
        with open(os.path.join(self.args.dir, "Functions.cpp"),
                  encoding="utf-8") as f:
            try:
                text, formula = mutate_functions.mutate(
                    f.read(), self.mutate_node, self.mutate_input, "2")
            except mutate_functions.MutationError as error:
                raise CheckError("cannot build the mutant: %s" % error)
        with open(mutant, "w", encoding="utf-8") as f:
            f.write(text)
        print("mutant: %s, derivative for %s: (%s) * 2"
              % (self.mutate_node, self.mutate_input, formula))

        battery_headers = sorted(glob.glob(os.path.join(BATTERY, "*.h")))

        def manual():
            path, provenance = self.timed(
                "obtain FunctionsManual.cpp", pytorch_source.functions_manual,
                self.args.cache_dir, log)
            print("FunctionsManual.cpp: " + provenance)
            return tools.compile(path, ["-O0"])

        jobs = {
            "FunctionsManual.o": manual,
            "Functions.o (generated)": lambda: tools.compile(
                os.path.join(self.args.dir, "Functions.cpp"), ["-O0"],
                [overlay], [header]),
            "Functions.o (mutant)": lambda: tools.compile(
                mutant, ["-O0"], [overlay], [header]),
        }
        for source in sorted(glob.glob(os.path.join(BATTERY, "*.cpp"))):
            jobs[os.path.basename(source)[:-4] + ".o"] = (
                lambda source=source: tools.compile(
                    source, ["-O0"], [BATTERY], battery_headers))
        results = {}
        with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
            futures = {name: pool.submit(job) for name, job in jobs.items()}
            for name, future in futures.items():
                try:
                    path, seconds, cached = future.result()
                    results[name] = path
                    self.timings.append(("compile " + name, seconds, cached))
                except toolchain.BuildError as error:
                    results[name] = error
        return results

    def link(self, tools, objects):
        battery = [objects[n] for n in sorted(objects) if not
                   n.startswith(("Functions.o", "FunctionsManual.o"))]
        for name in list(objects):
            if isinstance(objects[name], toolchain.BuildError):
                generated = name.startswith("Functions.o")
                if not generated:
                    raise CheckError("cannot build %s: %s"
                                     % (name, objects[name]))
                self.fail("%s does not compile:\n%s" % (name, objects[name]))
        extras = {"plain": [],
                  "generated": ["Functions.o (generated)", "FunctionsManual.o"],
                  "mutant": ["Functions.o (mutant)", "FunctionsManual.o"]}
        # A build whose own objects did not compile was reported above.
        parts = {build: battery + [objects[e] for e in extra]
                 for build, extra in extras.items()
                 if not any(isinstance(objects[e], Exception) for e in extra)}
        return link_builds(tools, parts, self.timings, self.fail)

    def run_all(self, executables, work):
        expect = {"plain": "libtorch", "plain-again": "libtorch",
                  "generated": "generated", "mutant": "generated"}

        def run(name):
            exe = executables["plain" if name == "plain-again" else name]
            start = time.monotonic()
            result = subprocess.run([exe, "--expect=" + expect[name]],
                                    capture_output=True, text=True)
            with open(os.path.join(work, name + ".out"), "w") as f:
                f.write(result.stdout)
            self.timings.append(("run " + name, time.monotonic() - start))
            return Run(name, result.returncode, result.stdout, result.stderr)

        names = [n for n in expect if
                 (n if n != "plain-again" else "plain") in executables]
        with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
            return dict(zip(names, pool.map(run, names)))

    # ---------------------------------------------------------------- verdict
    def check_run(self, run, nodes):
        """(c): the run itself reported no error and every generated node it
        met ran the expected binary's code."""
        if run.status not in (0, 1) or not run.summary:
            self.fail("the %s battery crashed (exit %d): %s"
                      % (run.name, run.status, run.stderr.strip()[-2000:]))
            return
        for case, message in run.errors.items():
            self.fail("%s: operator %s raised: %s" % (run.name, case, message))
        reported = collections.OrderedDict()
        for line in run.provenance_errors:
            case, node, message = line.split(" ", 2)
            reported.setdefault((node, message), []).append(case)
        for (node, message), cases in reported.items():
            self.fail("%s: node %s (met in %s): %s" % (
                run.name, node, ", ".join(cases), message))
        want = "libtorch" if run.name.startswith("plain") else "executable"
        met = {}
        for case, entries in run.nodes.items():
            for node, vtable, apply in entries:
                if node in nodes:
                    met.setdefault(node, set()).add((vtable, apply))
        wrong = sorted(n for n, origins in met.items()
                       if origins != {(want, want)})
        for node in wrong:
            if not any(n == node for n, _ in reported):
                self.fail("%s: node %s ran code from %s, expected the %s"
                          % (run.name, node, sorted(met[node]), want))
        if run.status == 1 and not run.provenance_errors:
            self.fail("%s: the battery exited with 1" % run.name)
        print("%s: %d/%d generated node classes met ran %s's vtable and "
              "apply" % (run.name, len(met) - len(wrong), len(met),
                         "libtorch_cpu.so" if want == "libtorch" else
                         "the executable"))

    def check_identical(self, plain, generated):
        """(a)"""
        differing = compare(plain, generated)
        for key in differing:
            self.fail("generated: %s differs from libtorch's: %s" % (
                describe(key), first_difference(
                    plain.gradients.get(key),
                    generated.gradients.get(key))))
        if not differing:
            print("generated: all %d gradients bitwise identical to plain"
                  % len(plain.gradients))

    def check_mutant(self, plain, mutant):
        """(b)"""
        differing = compare(plain, mutant)
        running = {case for case, entries in mutant.nodes.items()
                   if any(e[0] == self.mutate_node for e in entries)}
        unexpected = [k for k in differing if k[0] not in running]
        for key in unexpected:
            self.fail("mutant: %s changed although %s does not run: %s"
                      % (describe(key), self.mutate_node, first_difference(
                          plain.gradients.get(key),
                          mutant.gradients.get(key))))
        witness = WITNESS.get(self.args.mutate)
        if witness:
            case, changed, unchanged = witness
            if (case, changed, "d1") not in differing:
                self.fail("mutant: %s is unchanged: the mutated code did not "
                          "run" % describe((case, changed, "d1")))
            if (case, unchanged, "d1") in differing:
                self.fail("mutant: %s changed, but only the %s formula was "
                          "mutated" % (describe((case, unchanged, "d1")),
                                       changed))
        elif not differing:
            self.fail("mutant: no gradient changed: the mutated code did not "
                      "run")
        cases = sorted({k[0] for k in differing})
        print("mutant: %d gradients of %d operators differ from plain (%s), "
              "all among the %d operators that run %s"
              % (len(differing), len(cases), ", ".join(cases), len(running),
                 self.mutate_node) if not unexpected else
              "mutant: %d gradients differ, %d of them unexpectedly"
              % (len(differing), len(unexpected)))

    def run(self):
        args = self.args
        toolchain_start = time.monotonic()
        nodes = set(generated_nodes(os.path.join(args.dir, "Functions.h")))
        with open(os.path.join(args.dir, "Functions.h"), "rb") as mine, open(
                os.path.join(INSTALLED_GENERATED, "Functions.h"), "rb") as lib:
            if mine.read() != lib.read():
                self.fail("Functions.h differs from the installed one: the "
                          "generated nodes need not have libtorch's layout "
                          "(see `libtorch_check.py headers`)")
        library = libtorch_library()
        failures, report = self.timed("symbols", cached_symbol_evidence,
                                      args.cache_dir, library, sorted(nodes))
        print("library: %s" % library)
        for line in report:
            print("symbols: " + line)
        for failure in failures[:50]:
            self.fail("symbols: " + failure)
        work = args.work_dir or os.path.join(args.cache_dir, "work",
                                             "runtime-%d" % os.getpid())
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        tools = toolchain.Toolchain(args.cxx, args.cache_dir, log)
        objects = self.build(tools, work)
        executables = self.link(tools, objects)
        if "plain" not in executables:
            raise CheckError("no plain battery")
        runs = self.run_all(executables, work)

        plain = runs["plain"]
        self.check_run(plain, nodes)
        if compare(plain, runs["plain-again"]):
            self.fail("plain: two runs of libtorch's own code differ (%s): "
                      "the battery is not deterministic" % ", ".join(
                          describe(k) for k in compare(plain,
                                                       runs["plain-again"])))
        met = {c for c in plain.classes() if c in nodes}
        print("battery: %s operators, %s gradients, %d distinct generated "
              "node classes (of %d), %d other node classes"
              % (plain.summary.get("cases"), plain.summary.get("gradients"),
                 len(met), len(nodes), len(plain.classes() - nodes)))
        floors.check("runtime", {
            "operators": plain.summary.get("cases"),
            "gradients": plain.summary.get("gradients"),
            "generated node classes": len(met)}, self.fail)
        for name in ("generated", "mutant"):
            if name in runs:
                self.check_run(runs[name], nodes)
        if "generated" in runs:
            self.check_identical(plain, runs["generated"])
        if "mutant" in runs:
            self.check_mutant(plain, runs["mutant"])
        self.timings.append(("total", time.monotonic() - toolchain_start))
        print("time: " + ", ".join(
            "%s %.1fs%s" % (t[0], t[1], " (cached)" if len(t) > 2 and t[2]
                             else "") for t in self.timings))
        if not args.work_dir:
            shutil.rmtree(work, ignore_errors=True)
        print("runtime check: %s" % ("FAILED (%d failures)" % len(self.failures)
                                     if self.failures else "PASS"))
        return 1 if self.failures else 0


def check_runtime(args):
    require_libtorch()
    require_generated(args.dir, "Functions.h", "Functions.cpp")
    return RuntimeCheck(args).run()


def compare_outputs(args):
    """Check (a) on two saved battery outputs."""
    runs = []
    for path in (args.reference, args.other):
        with open(path, encoding="utf-8") as f:
            runs.append(Run(os.path.basename(path), 0, f.read(), ""))
    differing = compare(*runs)
    for key in differing:
        print("FAIL: %s differs: %s" % (describe(key), first_difference(
            runs[0].gradients.get(key),
            runs[1].gradients.get(key))))
    print("%d of %d gradients differ" % (len(differing), len(
        set(runs[0].gradients) | set(runs[1].gradients))))
    return 1 if differing else 0
