"""The ADInplaceOrView runtime check: libtorch runs generated view and
version-counter kernels.

The battery (utils/libtorch/inplace_or_view, with the tensor helpers of
utils/libtorch/battery) is linked three ways:
  plain      libtorch's own ADInplaceOrView kernels
  candidate  + objects of DIR/ADInplaceOrViewType_N.cpp, compiled with
             ../variable_type/Deferred.h force-included, + Registry.cpp: the
             battery registers the shards' kernels from main, each under
             try/catch, in front of libtorch's
  mutant     the candidate with a version bump deleted and a multi-output
             view's creation meta changed
and passes only if
  (a) the candidate registers every kernel of DIR without an error;
  (b) for every operator the battery dispatches, dumpState() names a
      candidate shard as the active ADInplaceOrView kernel wherever plain
      names one of libtorch's generated ADInplaceOrViewType_N.cpp
      (provenance);
  (c) every record of the candidate (view metadata, versions, values,
      gradients, errors) equals plain's, plain equals a second plain run, and
      in plain every saved tensor modified in place was detected at backward;
  (d) the mutant differs from plain, only in cases that dispatch a mutated
      operator, and there in the predicted records: the version and the
      detection; the creation meta and the in-place error.
"""
import floors
import collections
import concurrent.futures
import glob
import os
import re
import subprocess
import time

import toolchain
from libtorch_info import CheckError, log, require_libtorch
from shard_check import ShardCheck, differing
from variable_type_check import SHARD_FLAGS, first_difference

HERE = os.path.dirname(os.path.abspath(__file__))
BATTERY = os.path.join(HERE, "inplace_or_view")
VALUES = os.path.join(HERE, "battery")
DEFERRED = os.path.join(HERE, "variable_type")
CANDIDATE, MUTANT = "iv-candidate", "iv-mutant"
# The mutant: (kernel, text, replacement, its operator, records that must
# change). A missing version bump leaves a stale version and an undetected
# modification of a saved tensor; a multi-output view with the default
# creation meta may be modified in place.
MUTATIONS = [
    ("mul__Tensor", "\n  increment_version(self);", "", "mul_.Tensor",
     ["plain.version", "saved.saved"]),
    ("split_Tensor", "CreationMeta::MULTI_OUTPUT_NODE",
     "CreationMeta::DEFAULT", "split.Tensor",
     ["leaf.meta.0", "nonleaf.inplace"]),
]
DETECTED = ("error: one of the variables needed for gradient computation has "
            "been modified by an inplace operation")
SHARD_NAME = re.compile(r"ADInplaceOrViewType_(\d+)\.cpp$")


class MutationError(Exception):
    pass


def shard_paths(directory):
    paths = [p for p in glob.glob(os.path.join(directory,
                                               "ADInplaceOrViewType_*.cpp"))
             if SHARD_NAME.search(p)]
    return sorted(paths, key=lambda p: int(SHARD_NAME.search(p).group(1)))


def mutate(directory, output):
    """Writes the shards holding the MUTATIONS' kernels, mutated, to
    `output`; returns (paths, notes)."""
    texts, notes = {}, []
    for kernel, text, replacement, _, _ in MUTATIONS:
        definition = re.compile(r"^\S.*[ &]%s\(c10::DispatchKeySet ks"
                                % kernel, re.M)
        found = []
        for path in shard_paths(directory):
            if path not in texts:
                with open(path, encoding="utf-8") as f:
                    texts[path] = f.read()
            found += [(path, m.start())
                      for m in definition.finditer(texts[path])]
        if len(found) != 1:
            raise MutationError("kernel %s is defined %d times in %s, "
                                "expected once" % (kernel, len(found),
                                                   directory))
        path, start = found[0]
        end = texts[path].index("\n}\n", start)
        body = texts[path][start:end]
        if body.count(text) != 1:
            raise MutationError("%s in %s: %d times %r, expected 1" % (
                kernel, os.path.basename(path), body.count(text),
                text.strip()))
        texts[path] = (texts[path][:start] + body.replace(text, replacement)
                       + texts[path][end:])
        notes.append("%s (%s): %s" % (
            kernel, os.path.basename(path),
            "%s replaced by %s" % (text.strip(), replacement)
            if replacement else "%s deleted" % text.strip()))
    os.makedirs(output, exist_ok=True)
    written = []
    for path, text in texts.items():
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                continue
        written.append(os.path.join(output, os.path.basename(path)))
        with open(written[-1], "w", encoding="utf-8") as f:
            f.write(text)
    return written, notes


class Run:
    """The records of one battery execution."""

    def __init__(self, name):
        self.name = name
        self.records = collections.OrderedDict()  # (case, key) -> text
        self.cases = []                           # (kind, name)
        self.ops = {}                             # case -> operators
        self.kernels = {}                         # op -> (origin, kind, where)
        self.registered = collections.Counter()
        self.registration_errors = []
        self.summary = {}
        self.status, self.stderr = 0, ""

    def parse(self, stdout):
        for line in stdout.splitlines():
            kind, _, rest = line.partition(" ")
            if kind == "rec":
                case, key, text = (rest.split(" ", 2) + [""])[:3]
                self.records[(case, key)] = text
            elif kind == "case":
                self.cases.append(tuple(rest.split(" ", 1)))
            elif kind == "ops":
                fields = rest.split(" ")
                self.ops[fields[0]] = set(fields[1:])
            elif kind == "kernel":
                op, origin, kind_, where = rest.split(" ", 3)
                self.kernels[op] = (origin, kind_, where)
            elif kind == "registered":
                _, key, count = rest.split(" ")
                self.registered[key] += int(count)
            elif kind == "registration-error":
                self.registration_errors.append(rest)
            elif kind == "summary":
                self.summary = dict(f.split("=") for f in rest.split(" "))



class InplaceCheck(ShardCheck):
    KEY, NAME = "ADInplaceOrView", "inplace-or-view"

    # ---------------------------------------------------------------- build
    def jobs(self, tools, mutants):
        deferred = [os.path.join(DEFERRED, "Deferred.h")]

        def shard(path, tag):
            return self.shard_job(tools, path, tag, SHARD_FLAGS, [DEFERRED],
                                  deferred)

        jobs = collections.OrderedDict()
        for path in self.shards:
            jobs["candidate " + os.path.basename(path)] = shard(path, CANDIDATE)
        for path in mutants:
            jobs["mutant " + os.path.basename(path)] = shard(path, MUTANT)
        flags = ["-O0", "-DC10_MACROS_CMAKE_MACROS_H_",
                 "-DC10_BUILD_SHARED_LIBS"]
        headers = sorted(glob.glob(os.path.join(BATTERY, "*.h")) +
                         glob.glob(os.path.join(VALUES, "*.h")) +
                         glob.glob(os.path.join(DEFERRED, "*.h")))
        # The tensor helpers compiled as the other batteries compile them:
        # one cached object for all.
        jobs["battery Values.cpp"] = lambda: tools.compile(
            os.path.join(VALUES, "Values.cpp"), ["-O0"], [VALUES],
            sorted(glob.glob(os.path.join(VALUES, "*.h"))))
        jobs["battery Registry.cpp"] = lambda: tools.compile(
            os.path.join(DEFERRED, "Registry.cpp"), flags, [DEFERRED],
            sorted(glob.glob(os.path.join(DEFERRED, "*.h"))))
        for source in sorted(glob.glob(os.path.join(BATTERY, "*.cpp"))):
            jobs["battery " + os.path.basename(source)] = (
                lambda source=source: tools.compile(source, flags, [],
                                                    headers))
        return jobs

    def link(self, tools, objects, mutants):
        battery = [objects[n] for n in ("battery Values.cpp",
                                        "battery Cases.cpp",
                                        "battery Runner.cpp")]
        registry = [objects["battery Registry.cpp"]]
        names = [os.path.basename(p) for p in self.shards]
        parts = {"plain": battery}
        if all("candidate " + n in objects for n in names):
            # Directly on the link line: in an archive, nothing would
            # reference the shards and the linker would drop them.
            parts["candidate"] = battery + registry + [
                objects["candidate " + n] for n in names]
            if mutants and all("mutant " + os.path.basename(p) in objects
                               for p in mutants):
                parts["mutant"] = battery + registry + [
                    objects.get("mutant " + n, objects["candidate " + n])
                    for n in names]
        return self.link_builds(tools, parts)

    def execute(self, executable, name, work):
        start = time.monotonic()
        result = subprocess.run([executable], capture_output=True, text=True,
                                env=dict(os.environ, GLOG_minloglevel="2"))
        run = Run(name)
        run.parse(result.stdout)
        run.status, run.stderr = result.returncode, result.stderr
        with open(os.path.join(work, name + ".out"), "w") as f:
            f.write(result.stdout)
        self.timings.append(("run " + name, time.monotonic() - start))
        return run

    # ---------------------------------------------------------------- verdict
    def check_health(self, run):
        if run.status != 0 or not run.summary:
            started = [c[1] for c in run.cases]
            self.fail("%s: the battery exited with %d%s: %s" % (
                run.name, run.status, " in case %s" % started[-1]
                if started else "", run.stderr.strip()[-1500:]))
        self.check_registration_errors(run)

    def check_detected(self, plain):
        """Every saved tensor the battery modifies is caught by libtorch's
        own kernels; otherwise the comparison would prove nothing there."""
        saved = [(k, v) for k, v in plain.records.items()
                 if k[1].endswith(".saved")]
        for (case, key), text in saved:
            if not text.startswith(DETECTED):
                self.fail("plain: %s %s: the modified saved tensor was not "
                          "detected: %s" % (case, key, text[:300]))
        return len(saved)

    def check_identical(self, plain, other):
        keys = differing(plain, other)
        for key in keys[:200]:
            self.fail("%s: %s %s differs from libtorch's: %s" % (
                other.name, key[0], key[1], first_difference(
                    plain.records.get(key), other.records.get(key))))
        if len(keys) > 200:
            self.fail("%s: %d more differences" % (other.name, len(keys) - 200))
        return keys

    def check_mutant(self, plain, mutant):
        """(d): each difference in a case that dispatches a mutated
        operator, each predicted record changed."""
        keys = differing(plain, mutant)
        ops = {"aten::" + m[3] for m in MUTATIONS}
        for key in keys:
            if not ops & mutant.ops.get(key[0], set()):
                self.fail("mutant: %s %s changed in a case that dispatches "
                          "no mutated operator: %s" % (
                              key[0], key[1], first_difference(
                                  plain.records.get(key),
                                  mutant.records.get(key))))
        for kernel, _, _, op, changed in MUTATIONS:
            for record in changed:
                if (op, record) not in keys:
                    self.fail("mutant: %s %s is unchanged: the mutant of %s "
                              "was not detected" % (op, record, kernel))
            found = [k for k in keys if k[0] == op]
            print("mutant: %s: %d records of %s differ from plain (%s)" % (
                kernel, len(found), op, ", ".join(k[1] for k in found)))
        saved = mutant.records.get((MUTATIONS[0][3], "saved.saved"), "")
        if saved.startswith(DETECTED):
            self.fail("mutant: the modification of a saved tensor by %s is "
                      "still detected" % MUTATIONS[0][3])
        print("mutant: %d records of %d cases differ from plain, all in cases "
              "that dispatch %s; %s's saved tensor modification: %s" % (
                  len(keys), len({k[0] for k in keys}),
                  " or ".join(sorted(ops)), MUTATIONS[0][3], saved[:60]))

    def report_battery(self, plain, generated):
        kinds = collections.Counter(c[0] for c in plain.cases)
        ops = collections.Counter(plain.kernels[op][1] for op in generated)
        what = collections.Counter(k[1].split(".")[1] for k in plain.records
                                   if "." in k[1])
        print("battery: %d cases (%s), %d operators with generated "
              "ADInplaceOrView kernels (%s), %d other operators" % (
                  len(plain.cases), ", ".join(
                      "%d %s" % (kinds[k], k)
                      for k in ("view", "inplace", "out")),
                  len(generated), ", ".join(
                      "%d %s" % (n, k) for k, n in sorted(ops.items())),
                  len(plain.kernels) - len(generated)))
        print("battery: %d records (%s)" % (len(plain.records), ", ".join(
            "%d %s" % (what[k], k) for k in ("meta", "version", "saved",
                                             "grad", "value", "error",
                                             "inplace", "tangent")
            if what[k])))

    def run(self):
        args = self.args
        start = time.monotonic()
        self.find_shards(shard_paths(args.dir), "ADInplaceOrViewType_N.cpp")
        work = self.work_dir("inplace")
        mutants = []
        if not args.no_mutant:
            try:
                mutants, notes = mutate(args.dir, os.path.join(work, "mutant"))
            except MutationError as error:
                raise CheckError("cannot build the mutant: %s" % error)
            for note in notes:
                print("mutant: " + note)
        tools = toolchain.Toolchain(args.cxx, args.cache_dir, log)
        objects = self.build(tools, mutants)
        executables = self.link(tools, objects, mutants)
        names = ["plain", "plain-again"] + [n for n in ("candidate", "mutant")
                                            if n in executables]
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            runs = dict(zip(names, pool.map(lambda n: self.execute(
                executables["plain" if n == "plain-again" else n], n, work),
                names)))
        plain = runs["plain"]
        for run in runs.values():
            self.check_health(run)
        self.check_deterministic(runs)
        generated = self.check_provenance(plain, plain)
        self.report_battery(plain, generated)
        detected = self.check_detected(plain)
        print("battery: %d saved tensors modified in place, all detected by "
              "libtorch's own kernels" % detected)
        floors.check("inplace-or-view", {
            "cases": len(plain.cases), "operators": len(generated),
            "records": len(plain.records),
            "saved tensors modified in place": detected}, self.fail)
        if "candidate" in runs:
            candidate = runs["candidate"]
            written = self.check_registration_count(candidate)
            print("candidate: registered %d of %d (%s)" % (
                sum(candidate.registered.values()), written, ", ".join(
                    "%d %s" % (n, k) for k, n in
                    sorted(candidate.registered.items()))))
            self.check_provenance(plain, candidate)
            if not self.check_identical(plain, candidate):
                print("candidate: all %d records bitwise identical to plain"
                      % len(plain.records))
        if "mutant" in runs:
            self.check_provenance(plain, runs["mutant"])
            self.check_mutant(plain, runs["mutant"])
        return self.finish(start, work)


def check_inplace_or_view(args):
    require_libtorch()
    return InplaceCheck(args).run()
