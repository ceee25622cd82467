"""The VariableType runtime check: libtorch runs generated autograd kernels.

The kernel battery (utils/libtorch/variable_type, with the cases of
utils/libtorch/battery) is linked three ways:
  plain      libtorch's own VariableType kernels
  candidate  + objects of DIR/VariableType_N.cpp, compiled with Deferred.h
             force-included, + Registry.cpp, Shims.cpp and PyTorch's
             FunctionsManual.cpp: the battery registers the shards' kernels
             from main, each under try/catch, in front of libtorch's
  mutant     the candidate with one save and one forward formula changed
and passes only if
  (a) the candidate registers every kernel of DIR without an error;
  (b) for every operator the battery dispatches, dumpState() names a
      candidate shard as the active Autograd kernel wherever plain names one
      of libtorch's generated VariableType_N.cpp (provenance);
  (c) every forward value, gradient, double-backward gradient, tangent and
      error message of the candidate equals plain's, bit for bit, and plain
      equals a second plain run; every case meant to raise raised;
  (d) the mutant differs from plain, only in cases that dispatch a mutated
      operator, with the predicted gradient and tangent changed.
"""
import floors
import collections
import concurrent.futures
import difflib
import glob
import os
import re
import shutil
import subprocess
import time

import mutate_variable_type
import pytorch_source
import toolchain
from libtorch_info import CheckError, log, require_libtorch
from shard_check import ShardCheck, differing

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "variable_type")
BATTERY = os.path.join(HERE, "battery")
# What every shard is compiled with, besides -std=c++17 -c: the flags the
# installed headers need, Deferred.h, and a __FILE__ that names the build.
SHARD_FLAGS = ["-O0", "-DC10_MACROS_CMAKE_MACROS_H_", "-DC10_BUILD_SHARED_LIBS",
               "-include", "Deferred.h"]
CANDIDATE, MUTANT = "vt-candidate", "vt-mutant"
# The default mutants: (kernel spec, the operator it belongs to, the mode in
# which it shows, the record that must differ, the record that must not).
# A changed save shows in backward mode only, a changed forward formula in
# forward AD only.
MUTANTS = {
    "save": ("mul_Tensor:other_:self", "aten::mul.Tensor", "b",
             ("grad", "mul.Tensor", "self", "d1"),
             ("grad", "mul.Tensor", "other", "d1")),
    "forward": ("sin:2", "aten::sin", "f", ("tangent", "sin", "0"),
                ("grad", "sin", "self", "d1")),
}
# A forward mutant generated from a changed derivatives.yaml
# (--forward-mutant-from) changes sin's formula in every kernel that uses it.
DERIVATIVES_FORWARD_OPS = {"aten::sin", "aten::sin_", "aten::sin.out"}
MAX_RESTARTS = 20


def shard_paths(directory):
    return mutate_variable_type.shard_paths(directory)


class Run:
    """The records of one battery execution (several processes when a case
    crashed and the run resumed after it)."""

    COMPARED = {"value": 4, "grad": 4, "tangent": 3, "error": 3}

    def __init__(self, name):
        self.name = name
        self.records = collections.OrderedDict()
        self.expect_errors, self.crashes = [], []
        self.ops = collections.defaultdict(set)   # case -> operators
        self.mode_ops = collections.defaultdict(set)  # (case, mode) -> ...
        self.kernels = {}                         # op -> (origin, kind, where)
        self.registered = collections.Counter()   # key -> count
        self.registration_errors = []
        self.cases, self.summary = [], {}

    def parse(self, stdout, first=True):
        """Records of one process; a resumed process registers the kernels
        again, which `first` keeps from being counted twice."""
        for line in stdout.splitlines():
            kind, _, rest = line.partition(" ")
            if kind in self.COMPARED:
                fields = rest.split(" ", self.COMPARED[kind] - 1)
                key = (kind,) + tuple(fields[:-1])
                self.records[key] = fields[-1]
            elif kind == "case":
                self.cases.append(rest)
            elif kind == "expect-error":
                self.expect_errors.append(tuple(rest.split(" ")))
            elif kind == "ops":
                fields = rest.split(" ")
                self.ops[fields[0]].update(fields[2:])
                self.mode_ops[tuple(fields[:2])].update(fields[2:])
            elif kind == "kernel":
                op, origin, kind_, where = rest.split(" ", 3)
                self.kernels[op] = (origin, kind_, where)
            elif kind == "registered" and first:
                _, key, count = rest.split(" ")
                self.registered[key] += int(count)
            elif kind == "registration-error" and first:
                self.registration_errors.append(rest)
            elif kind == "summary":
                self.summary = dict(f.split("=") for f in rest.split(" "))



def describe(key):
    kind = key[0]
    if kind == "grad":
        return "gradient of %s with respect to %s (%s)" % (
            key[1], key[2], "first order" if key[3] == "d1" else
            "second order")
    if kind == "tangent":
        return "tangent of output %s of %s (forward AD)" % (key[2], key[1])
    if kind == "value":
        return "output %s of %s (%s)" % (key[3], key[1], "backward mode"
                                         if key[2] == "b" else "forward AD")
    return "error of %s (%s)" % (key[1], "backward mode" if key[2] == "b"
                                 else "forward AD")


def first_difference(a, b):
    if a is None or b is None:
        return "printed by one run only (%s)" % ("second" if a is None
                                                 else "first")
    if a.startswith(("0x", "-0x")) or " 0x" in a or " -0x" in a:
        x, y = a.split(" "), b.split(" ")
        if x[:2] != y[:2] or len(x) != len(y):
            return "dtype/shape %s vs %s" % (" ".join(x[:2]), " ".join(y[:2]))
        diffs = [i for i in range(2, len(x)) if x[i] != y[i]]
        if diffs:
            return "%d of %d elements differ, first [%d]: %s vs %s" % (
                len(diffs), len(x) - 2, diffs[0] - 2, x[diffs[0]], y[diffs[0]])
    return "%r vs %r" % (a[:300], b[:300])


class VariableTypeCheck(ShardCheck):
    KEY, NAME = "Autograd", "variable-type"

    # ---------------------------------------------------------------- build
    def overlay(self, work):
        """Headers the shards include from the candidate's folder, when it
        has them (gradgen writes Functions.h and VariableType.h beside the
        shards), before the installed ones."""
        overlay = os.path.join(work, "include")
        target = os.path.join(overlay, toolchain.GENERATED_HEADER_DIR)
        os.makedirs(target, exist_ok=True)
        headers = []
        for name in ("Functions.h", "VariableType.h"):
            mine = os.path.join(self.args.dir, name)
            if os.path.isfile(mine):
                shutil.copyfile(mine, os.path.join(target, name))
                headers.append(os.path.join(target, name))
        return overlay, headers

    def jobs(self, tools, work, mutants):
        overlay, headers = self.overlay(work)
        deferred = [os.path.join(KERNELS, "Deferred.h")]
        include = [overlay, KERNELS]

        def shard(path, tag):
            return self.shard_job(tools, path, tag, SHARD_FLAGS, include,
                                  headers + deferred)

        def manual():
            path, provenance = pytorch_source.functions_manual(
                self.args.cache_dir, log)
            print("FunctionsManual.cpp: " + provenance)
            # The node battery compiles it the same way: one cached object.
            return tools.compile(path, ["-O0"])

        jobs = collections.OrderedDict()
        for path in self.shards:
            jobs["candidate " + os.path.basename(path)] = shard(path, CANDIDATE)
        for path in mutants:
            jobs["mutant " + os.path.basename(path)] = shard(path, MUTANT)
        jobs["FunctionsManual.o"] = manual
        battery_headers = sorted(glob.glob(os.path.join(BATTERY, "*.h")))
        # The node battery's cases and tensor helpers (not its main or its
        # vtable inspection), compiled as it compiles them: shared objects.
        for name in ("Cases.cpp", "Values.cpp"):
            jobs["battery " + name] = (
                lambda source=os.path.join(BATTERY, name): tools.compile(
                    source, ["-O0"], [BATTERY], battery_headers))
        kernel_headers = sorted(glob.glob(os.path.join(KERNELS, "*.h")))
        for source in sorted(glob.glob(os.path.join(KERNELS, "*.cpp"))):
            jobs["kernels " + os.path.basename(source)] = (
                lambda source=source: tools.compile(
                    source, ["-O0", "-DC10_MACROS_CMAKE_MACROS_H_",
                             "-DC10_BUILD_SHARED_LIBS"], [overlay, KERNELS],
                    headers + kernel_headers + battery_headers))
        return jobs

    def link(self, tools, objects, mutant_names):
        def pick(prefix):
            return [objects[n] for n in objects if n.startswith(prefix)]

        battery = pick("battery ") + [objects["kernels Checks.cpp"],
                                      objects["kernels Runner.cpp"]]
        support = [objects["kernels Registry.cpp"], objects["kernels Shims.cpp"],
                   objects["FunctionsManual.o"]]
        candidate = [objects[n] for n in objects if n.startswith("candidate ")]
        parts = {"plain": battery}
        if len(candidate) == len(self.shards):
            # The shards go directly on the link line: in an archive, nothing
            # would reference them and the linker would drop them.
            parts["candidate"] = battery + support + candidate
            if mutant_names:
                parts["mutant"] = battery + support + [
                    objects["mutant " + n] if "mutant " + n in objects else
                    objects["candidate " + n]
                    for n in map(os.path.basename, self.shards)]
        return self.link_builds(tools, parts)

    # ---------------------------------------------------------------- run
    def execute(self, executable, name, work):
        """Runs the battery; a case that kills the process is recorded and
        the run resumes after it."""
        run = Run(name)
        env = dict(os.environ, GLOG_minloglevel="2")
        after, outputs = None, []
        start = time.monotonic()
        for _ in range(MAX_RESTARTS):
            command = [executable] + (["--after=" + after] if after else [])
            result = subprocess.run(command, capture_output=True, text=True,
                                    env=env)
            run.parse(result.stdout, first=not outputs)
            outputs.append(result.stdout)
            if result.returncode == 0 and run.summary:
                break
            started = re.findall(r"^case (\S+)$", result.stdout, re.M)
            run.crashes.append((started[-1] if started else None,
                                result.returncode,
                                result.stderr.strip()[-1500:]))
            if not started:
                break
            after = started[-1]
        seen = set().union(*run.ops.values()) if run.ops else set()
        missing = sorted(seen - set(run.kernels))
        if missing:  # the operators of cases before a crash
            result = subprocess.run(
                [executable, "--kernels=" + ",".join(missing)],
                capture_output=True, text=True, env=env)
            run.parse(result.stdout, first=False)
            outputs.append(result.stdout)
        with open(os.path.join(work, name + ".out"), "w") as f:
            f.write("".join(outputs))
        self.timings.append(("run " + name, time.monotonic() - start))
        return run

    def run_all(self, executables, work):
        names = ["plain", "plain-again"] + [n for n in ("candidate", "mutant")
                                            if n in executables]
        with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
            runs = pool.map(lambda n: self.execute(
                executables["plain" if n == "plain-again" else n], n, work),
                names)
            return dict(zip(names, runs))

    # ---------------------------------------------------------------- verdict
    def check_health(self, run):
        for case, status, stderr in run.crashes:
            self.fail("%s: %s (exit %d): %s" % (
                run.name, "case %s crashed the battery" % case if case else
                "the battery crashed before its first case", status, stderr))
        self.check_registration_errors(run)

    def check_identical(self, plain, other, label):
        """(c)"""
        keys = differing(plain, other)
        for key in keys[:200]:
            self.fail("%s: %s differs from libtorch's: %s" % (
                label, describe(key), first_difference(
                    plain.records.get(key), other.records.get(key))))
        if len(keys) > 200:
            self.fail("%s: %d more differences" % (label, len(keys) - 200))
        return keys

    def check_errors(self, plain):
        raised = {(k[1], k[2]) for k in plain.records if k[0] == "error"}
        for case, mode in plain.expect_errors:
            if (case, mode) not in raised:
                self.fail("plain: %s raised no error (%s)" % (
                    case, "backward mode" if mode == "b" else "forward AD"))
        return len(plain.expect_errors)

    def mutant_ops(self, mutation):
        """The operators whose kernels the mutation changed."""
        if mutation == "forward" and self.args.forward_mutant_from:
            return DERIVATIVES_FORWARD_OPS
        return {MUTANTS[mutation][1]}

    def check_mutant(self, plain, mutant):
        """(d): each difference is explained by a mutant whose operator the
        case dispatched in the mode the mutant shows in."""
        keys = differing(plain, mutant)
        explained = collections.defaultdict(list)
        for key in keys:
            mode = "b" if key[0] == "grad" else "f" if key[0] == "tangent" \
                else key[2]
            for mutation in self.mutations:
                shows = MUTANTS[mutation][2]
                if mode == shows and self.mutant_ops(mutation) & \
                        mutant.mode_ops[(key[1], mode)]:
                    explained[mutation].append(key)
                    break
            else:
                self.fail("mutant: %s changed, but no mutant explains it: %s"
                          % (describe(key), first_difference(
                              plain.records.get(key),
                              mutant.records.get(key))))
        for mutation in self.mutations:
            _, op, shows, changed, unchanged = MUTANTS[mutation]
            if changed not in keys:
                self.fail("mutant: %s is unchanged: the %s mutant of %s was "
                          "not detected" % (describe(changed), mutation, op))
            if unchanged in keys:
                self.fail("mutant: %s changed, but the %s mutant should not "
                          "change it" % (describe(unchanged), mutation))
            found = explained[mutation]
            kinds = collections.Counter(k[0] for k in found)
            print("mutant: %s of %s: %d records of %d cases differ from plain "
                  "(%s), all in cases that dispatch %s in %s" % (
                      mutation, op, len(found), len({k[1] for k in found}),
                      ", ".join("%d %s" % (n, k) for k, n in
                                sorted(kinds.items())),
                      " or ".join(sorted(self.mutant_ops(mutation))),
                      "backward mode" if shows == "b" else "forward AD"))

    def report_battery(self, plain, generated):
        kinds = collections.Counter(plain.kernels[op][1] for op in generated)
        forward_cases = {k[1] for k, v in plain.records.items()
                         if k[0] == "tangent" and v != "undefined"}
        forward_ops = set()
        for case in forward_cases:
            forward_ops |= plain.mode_ops.get((case, "f"), set())
        print("battery: %d cases, %s operators with generated Autograd "
              "kernels (%s), %d other operators" % (
                  len(plain.cases), len(generated), ", ".join(
                      "%d %s" % (n, k) for k, n in sorted(kinds.items())),
                  len(plain.kernels) - len(generated)))
        print("battery: %s gradients (%d second order), %s tangents in %d "
              "cases, %d expected errors" % (
                  plain.summary.get("gradients"),
                  sum(1 for k in plain.records if k[0] == "grad" and
                      k[3] == "d2"), plain.summary.get("tangents"),
                  len(forward_cases), len(plain.expect_errors)))
        print("battery: forward AD ran %d operators with generated kernels"
              % len(forward_ops & generated))
        floors.check("variable-type", {
            "cases": len(plain.cases), "operators": len(generated),
            "gradients": plain.summary.get("gradients"),
            "second-order gradients": sum(
                1 for k in plain.records if k[0] == "grad" and k[3] == "d2"),
            "expected errors": len(plain.expect_errors),
            "tangents": plain.summary.get("tangents"),
            "forward AD operators": len(forward_ops & generated)}, self.fail)

    def mutate(self, output):
        """The mutant's shards that differ from the candidate's: the save
        mutant always made on the text; the forward mutant on the text too,
        or, with --forward-mutant-from, the shards gradgen generated from a
        derivatives.yaml whose forward formula of sin was changed."""
        base = self.args.forward_mutant_from
        if not base:
            return mutate_variable_type.mutate_directory(
                self.args.dir, output, [MUTANTS["save"][0]],
                [MUTANTS["forward"][0]])
        for name in ("Functions.h", "VariableType.h"):
            mine, theirs = (os.path.join(d, name) for d in (self.args.dir, base))
            if os.path.isfile(theirs) and read_text(mine) != read_text(theirs):
                raise mutate_variable_type.MutationError(
                    "%s of the derivatives.yaml mutant differs from the "
                    "candidate's: the shards would not fit libtorch" % name)
        written, notes = mutate_variable_type.mutate_directory(
            base, output, [MUTANTS["save"][0]], [])
        for path in shard_paths(base):
            name = os.path.basename(path)
            changed = [line.strip() for line in difflib.unified_diff(
                read_text(os.path.join(self.args.dir, name)).splitlines(),
                read_text(path).splitlines(), n=0, lineterm="")
                if line.startswith("+") and not line.startswith("+++")]
            if not changed:
                continue
            notes += ["forward from derivatives.yaml (%s): %s" % (name, line[1:])
                      for line in changed]
            target = os.path.join(output, name)
            if target not in written:
                shutil.copyfile(path, target)
                written.append(target)
        if not any(n.startswith("forward ") for n in notes):
            raise mutate_variable_type.MutationError(
                "the shards of %s equal the candidate's" % base)
        return written, notes

    def run(self):
        args = self.args
        start = time.monotonic()
        self.find_shards(shard_paths(args.dir), "VariableType_N.cpp")
        work = self.work_dir("variable-type")
        self.mutations = [] if args.no_mutant else list(MUTANTS)
        mutants = []
        if self.mutations:
            try:
                mutants, notes = self.mutate(os.path.join(work, "mutant"))
            except mutate_variable_type.MutationError as error:
                raise CheckError("cannot build the mutant: %s" % error)
            for note in notes:
                print("mutant: " + note)
        tools = toolchain.Toolchain(args.cxx, args.cache_dir, log)
        objects = self.build(tools, work, mutants)
        executables = self.link(tools, objects, mutants)
        runs = self.run_all(executables, work)
        plain = runs["plain"]
        for run in runs.values():
            self.check_health(run)
        self.check_deterministic(runs)
        generated = self.check_provenance(plain, plain)
        self.report_battery(plain, generated)
        self.check_errors(plain)
        if "candidate" in runs:
            candidate = runs["candidate"]
            print("candidate: registered %s" % ", ".join(
                "%d %s" % (n, k) for k, n in sorted(
                    candidate.registered.items())))
            self.check_registration_count(candidate)
            self.check_provenance(plain, candidate)
            if not self.check_identical(plain, candidate, "candidate"):
                print("candidate: all %d records (values, gradients, tangents, "
                      "errors) bitwise identical to plain"
                      % len(plain.records))
        if "mutant" in runs:
            self.check_provenance(plain, runs["mutant"])
            self.check_mutant(plain, runs["mutant"])
        return self.finish(start, work)


def read_text(path):
    if not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as f:
        return f.read()


def check_variable_type(args):
    require_libtorch()
    return VariableTypeCheck(args).run()
