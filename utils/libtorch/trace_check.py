"""The TraceType runtime check: libtorch's tracer runs generated Tracer kernels.

The tracer battery (utils/libtorch/trace_type) traces every case with
torch::jit::tracer::trace, as recorded and forcing out-of-place operators,
and prints the graphs. It is linked three ways:
  plain      libtorch's own Tracer kernels
  candidate  + objects of DIR/TraceType_N.cpp, compiled with
             variable_type/Deferred.h force-included, + Registry.cpp: the
             battery registers the shards' kernels from main, each under
             try/catch, in front of libtorch's
  mutant     the candidate with the traced inputs of one kernel swapped
and passes only if
  (a) the candidate registers every kernel of DIR without an error;
  (b) for every operator traced, dumpState() names a candidate shard as the
      active Tracer kernel wherever plain names one of libtorch's generated
      TraceType_N.cpp, and nowhere else (provenance);
  (c) every graph (and every error tracing raised) of the candidate equals
      plain's, character for character, and plain equals a second plain run;
  (d) the mutant's graphs differ from plain's exactly where the mutated
      operator was traced.
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
from mutate_variable_type import MutationError, kernel_span, shard_paths
from shard_check import ShardCheck, differing
from variable_type_check import SHARD_FLAGS

HERE = os.path.dirname(os.path.abspath(__file__))
TRACE = os.path.join(HERE, "trace_type")
DEFERRED = os.path.join(HERE, "variable_type")
CANDIDATE, MUTANT = "tt-candidate", "tt-mutant"
BUILD_FLAGS = ["-O0", "-DC10_MACROS_CMAKE_MACROS_H_", "-DC10_BUILD_SHARED_LIBS"]
# The mutant: the kernel whose traced inputs are swapped, the two inputs,
# and the operator whose graphs must change.
MUTANT_KERNEL, MUTANT_INPUTS, MUTANT_OP = ("add_Tensor", ("self", "other"),
                                           "aten::add.Tensor")


def swap_traced_inputs(text, kernel, first, second):
    """The shard text with `addInputs(node, "first", X)` and `addInputs(node,
    "second", Y)` of KERNEL recording Y and X; None without KERNEL."""
    span = kernel_span(text, kernel)
    if not span:
        return None
    body = text[span[0]:span[1]]
    values = {}
    for name in (first, second):
        found = re.findall(r'addInputs\(node, "%s", (\w+)\);' % name, body)
        if len(found) != 1:
            raise MutationError("%s traces input %s %d times, expected 1"
                                % (kernel, name, len(found)))
        values[name] = found[0]
    for name, other in ((first, second), (second, first)):
        body = body.replace('addInputs(node, "%s", %s);' % (name, values[name]),
                            'addInputs(node, "%s", @%s);' % (name, values[other]))
    return text[:span[0]] + body.replace(", @", ", ") + text[span[1]:]


class Run:
    def __init__(self, name, stdout):
        self.name = name
        self.records = collections.OrderedDict()  # (kind, case, mode) -> text
        self.ops = {}                             # (case, mode) -> operators
        self.kernels = {}                         # op -> (origin, kind, where)
        self.registered = collections.Counter()
        self.registration_errors, self.cases, self.summary = [], [], {}
        for line in stdout.splitlines():
            kind, _, rest = line.partition(" ")
            fields = rest.split(" ")
            if kind in ("graph", "error"):
                self.records[(kind, fields[0], fields[1])] = rest.split(" ", 2)[2]
            elif kind == "ops":
                self.ops[(fields[0], fields[1])] = set(fields[2:])
            elif kind == "kernel":
                op, origin, kind_, where = rest.split(" ", 3)
                self.kernels[op] = (origin, kind_, where)
            elif kind == "registered":
                self.registered[fields[1]] += int(fields[2])
            elif kind == "registration-error":
                self.registration_errors.append(rest)
            elif kind == "case":
                self.cases.append(rest)
            elif kind == "summary":
                self.summary = dict(f.split("=") for f in fields)

    def with_origin(self, origin):
        return {op for op, k in self.kernels.items() if k[0] == origin}

    def traced(self, op):
        """The (case, mode) pairs that traced op."""
        return {key for key, ops in self.ops.items() if op in ops}


def first_line_difference(a, b):
    if a is None or b is None:
        return "printed by one run only"
    x, y = a.split("\\n"), b.split("\\n")
    i = next((i for i, (p, q) in enumerate(zip(x, y)) if p != q),
             min(len(x), len(y)))
    return "line %d: %r vs %r" % (i + 1, (x + ["<end>"])[i],
                                  (y + ["<end>"])[i])


class TraceCheck(ShardCheck):
    KEY = "Tracer"
    NAME = "trace-type"

    def mutate(self, output):
        """The shard defining the mutant kernel, with its inputs swapped."""
        os.makedirs(output, exist_ok=True)
        for path in self.shards:
            with open(path, encoding="utf-8") as f:
                text = f.read()
            mutated = swap_traced_inputs(text, MUTANT_KERNEL, *MUTANT_INPUTS)
            if mutated is None:
                continue
            target = os.path.join(output, os.path.basename(path))
            with open(target, "w", encoding="utf-8") as f:
                f.write(mutated)
            print("mutant: %s (%s) traces %s as %s and %s as %s" % (
                MUTANT_KERNEL, os.path.basename(path), MUTANT_INPUTS[1],
                MUTANT_INPUTS[0], MUTANT_INPUTS[0], MUTANT_INPUTS[1]))
            return target
        raise MutationError("no shard defines %s" % MUTANT_KERNEL)

    def jobs(self, tools, mutant):
        deferred = [os.path.join(DEFERRED, "Deferred.h")]

        def shard(path, tag):
            return self.shard_job(tools, path, tag, SHARD_FLAGS, [DEFERRED],
                                  deferred)

        headers = sorted(glob.glob(os.path.join(TRACE, "*.h")) +
                         glob.glob(os.path.join(DEFERRED, "*.h")))
        jobs = collections.OrderedDict()
        for path in self.shards:
            jobs["candidate " + os.path.basename(path)] = shard(path, CANDIDATE)
        if mutant:
            jobs["mutant " + os.path.basename(mutant)] = shard(mutant, MUTANT)
        sources = sorted(glob.glob(os.path.join(TRACE, "*.cpp"))) + [
            os.path.join(DEFERRED, "Registry.cpp")]
        for source in sources:
            jobs[os.path.basename(source)] = (
                lambda source=source: tools.compile(
                    source, BUILD_FLAGS, [TRACE, DEFERRED], headers))
        return jobs

    def link(self, tools, objects, mutant):
        battery = [objects["Runner.cpp"], objects["Cases.cpp"]]
        candidate = [objects[n] for n in objects if n.startswith("candidate ")]
        parts = {"plain": battery}
        if len(candidate) == len(self.shards):
            # Directly on the link line: an archive would drop the shards.
            parts["candidate"] = battery + [objects["Registry.cpp"]] + candidate
            name = os.path.basename(mutant or "")
            if "mutant " + name in objects:
                parts["mutant"] = battery + [objects["Registry.cpp"]] + [
                    objects["mutant " + name] if n == "candidate " + name
                    else objects[n] for n in objects
                    if n.startswith("candidate ")]
        return self.link_builds(tools, parts)

    def execute(self, name, executable, work):
        start = time.monotonic()
        result = subprocess.run([executable], capture_output=True, text=True,
                                env=dict(os.environ, GLOG_minloglevel="2"))
        with open(os.path.join(work, name + ".out"), "w") as f:
            f.write(result.stdout)
        self.timings.append(("run " + name, time.monotonic() - start))
        run = Run(name, result.stdout)
        if result.returncode != 0 or not run.summary:
            self.fail("%s: the battery crashed in case %s (exit %d): %s" % (
                name, run.cases[-1] if run.cases else "<none>",
                result.returncode, result.stderr.strip()[-1500:]))
        self.check_registration_errors(run)
        return run

    def check_files(self, plain, run, tags):
        """Provenance, and the shards' kernels are the builds' named by tags
        (their __FILE__, from -fmacro-prefix-map)."""
        mine = self.check_provenance(plain, run) & run.with_origin("candidate")
        files = {run.kernels[op][2].rsplit(":", 1)[0] for op in mine}
        if {f.split("/", 1)[0] for f in files} != set(tags):
            self.fail("%s: kernels registered from %s, expected %s" % (
                run.name, ", ".join(sorted(files)), " and ".join(tags)))

    def check_registrations(self, run):
        print("%s: registered %s" % (run.name, ", ".join(
            "%d %s" % (n, k) for k, n in sorted(run.registered.items()))))
        self.check_registration_count(run)

    def check_identical(self, plain, run):
        keys = differing(plain, run)
        for key in keys[:100]:
            self.fail("%s: %s of case %s (%s) differs from libtorch's: %s" % (
                run.name, key[0], key[1], "out-of-place" if key[2] == "o"
                else "as recorded", first_line_difference(
                    plain.records.get(key), run.records.get(key))))
        if not keys:
            print("%s: all %d graphs and %d errors identical to plain" % (
                run.name, sum(k[0] == "graph" for k in plain.records),
                sum(k[0] == "error" for k in plain.records)))

    def check_mutant(self, plain, mutant):
        changed = {(k[1], k[2]) for k in differing(plain, mutant)}
        expected = plain.traced(MUTANT_OP)
        for case, mode in sorted(changed - expected):
            self.fail("mutant: the graph of %s (%s) changed, but it does not "
                      "trace %s" % (case, mode, MUTANT_OP))
        for case, mode in sorted(expected - changed):
            self.fail("mutant: the graph of %s (%s) traces %s and is "
                      "unchanged: the swapped inputs were not detected"
                      % (case, mode, MUTANT_OP))
        if not expected:
            self.fail("mutant: no case traces %s" % MUTANT_OP)
        print("mutant: %d graphs of %d cases differ from plain, exactly those "
              "that trace %s" % (len(changed), len({c for c, _ in changed}),
                                 MUTANT_OP))

    def report_battery(self, plain):
        generated = plain.with_origin("libtorch-generated")
        kinds = collections.Counter(plain.kernels[op][1] for op in generated)
        print("battery: %d cases, %d graphs, %d errors; %d operators traced "
              "with generated Tracer kernels (%s), %d other" % (
                  len(plain.cases), sum(k[0] == "graph" for k in plain.records),
                  sum(k[0] == "error" for k in plain.records), len(generated),
                  ", ".join("%d %s" % (n, k) for k, n in sorted(kinds.items())),
                  len(plain.kernels) - len(generated)))
        floors.check("trace-type", {
            "cases": len(plain.cases),
            "graphs": sum(k[0] == "graph" for k in plain.records),
            "operators": len(generated)}, self.fail)

    def run(self):
        args = self.args
        start = time.monotonic()
        self.find_shards(shard_paths(args.dir, "TraceType"),
                         "TraceType_N.cpp")
        work = self.work_dir("trace-type")
        mutant = None
        if not args.no_mutant:
            try:
                mutant = self.mutate(os.path.join(work, "mutant"))
            except MutationError as error:
                raise CheckError("cannot build the mutant: %s" % error)
        tools = toolchain.Toolchain(args.cxx, args.cache_dir, log)
        objects = self.build(tools, mutant)
        executables = self.link(tools, objects, mutant)
        names = ["plain", "plain-again"] + [n for n in ("candidate", "mutant")
                                            if n in executables]
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            runs = dict(zip(names, pool.map(lambda n: self.execute(
                n, executables["plain" if n == "plain-again" else n], work),
                names)))
        plain = runs["plain"]
        self.check_deterministic(runs)
        self.check_provenance(plain, plain)
        self.report_battery(plain)
        if "candidate" in runs:
            self.check_registrations(runs["candidate"])
            self.check_files(plain, runs["candidate"], [CANDIDATE])
            self.check_identical(plain, runs["candidate"])
        if "mutant" in runs:
            self.check_files(plain, runs["mutant"], [CANDIDATE, MUTANT])
            self.check_mutant(plain, runs["mutant"])
        return self.finish(start, work)


def check_trace_type(args):
    require_libtorch()
    return TraceCheck(args).run()
