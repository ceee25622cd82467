"""What the checks that run generated kernel shards inside libtorch share
(variable_type_check.py, inplace_check.py, trace_check.py): the objects
built in parallel, the builds linked (runtime_check.py links through
link_builds too), the determinism of libtorch's own runs, the verdicts on
registration and provenance, and the closing report.

A check derives from ShardCheck, sets KEY (the dispatch key its kernels
register for, as its messages name it) and NAME, defines jobs(), and its
runs have `name`, `kernels` ({operator: (origin, kind, where)} with origin
candidate, libtorch-generated, libtorch-manual or none), `registered`
({key: count}) and `registration_errors`.
"""
import collections
import concurrent.futures
import os
import re
import resource
import shutil
import time

import toolchain
from libtorch_info import CheckError


def generated(run, origin):
    return {op for op, k in run.kernels.items() if k[0] == origin}


def differing(reference, other):
    """The keys of the records in which two runs differ."""
    keys = list(reference.records) + [k for k in other.records
                                      if k not in reference.records]
    return [k for k in keys if reference.records.get(k) !=
            other.records.get(k)]


def link_builds(tools, parts, timings, fail):
    """{build: objects} -> {build: executable}, each link's time added to
    timings; plain must link, another build that does not is a fail()."""
    executables = {}
    for build, objects in parts.items():
        try:
            path, seconds, cached = tools.link(objects)
            executables[build] = path
            timings.append(("link " + build, seconds, cached))
        except toolchain.BuildError as error:
            if build == "plain":
                raise CheckError("cannot link the battery: %s" % error)
            fail("the %s battery does not link:\n%s"
                 % (build, str(error)[:4000]))
    return executables


class ShardCheck:
    KEY = None
    NAME = None

    def __init__(self, args):
        self.args = args
        self.failures, self.timings = [], []
        self.shards = []

    @staticmethod
    def shard_job(tools, path, tag, flags, include, headers):
        """A job compiling the shard \p path with its __FILE__ read as
        TAG/NAME, so that the dispatcher names which build a kernel is of."""
        prefix = "-fmacro-prefix-map=%s=%s" % (os.path.dirname(path), tag)
        return lambda: tools.compile(path, flags + [prefix], include, headers)

    def fail(self, message):
        self.failures.append(message)
        print("FAIL: " + message, flush=True)

    def build(self, tools, *job_args):
        """Compiles every job of self.jobs(tools, *job_args) (name ->
        function returning toolchain's (path, seconds, cached)); a shard
        that does not compile is a failure, anything else cannot run."""
        objects, errors = {}, {}
        with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
            futures = collections.OrderedDict(
                (name, pool.submit(job)) for name, job in
                self.jobs(tools, *job_args).items())
            for name, future in futures.items():
                try:
                    path, seconds, cached = future.result()
                    objects[name] = path
                    self.timings.append(("compile " + name, seconds, cached))
                except toolchain.BuildError as error:
                    errors[name] = error
        for name, error in errors.items():
            if name.startswith(("candidate ", "mutant ")):
                self.fail("%s does not compile:\n%s"
                          % (name.split(" ", 1)[1], str(error)[:20000]))
            else:
                raise CheckError("cannot build %s: %s" % (name, error))
        return objects

    def link_builds(self, tools, parts):
        return link_builds(tools, parts, self.timings, self.fail)

    def check_deterministic(self, runs):
        """Two runs of libtorch's own kernels must record the same."""
        if differing(runs["plain"], runs["plain-again"]):
            self.fail("plain: two runs of libtorch's own kernels differ: the "
                      "battery is not deterministic")

    def check_registration_errors(self, run):
        for line in run.registration_errors:
            file, op, message = line.split(" ", 2)
            self.fail("%s: the kernel of %s in %s does not register: %s"
                      % (run.name, op, file, message.replace("\\n", "\n")))

    def check_registration_count(self, run):
        """Every `m.impl` of the shards ran: none was left out by the
        linker (an archive drops objects that nothing references) or by a
        block that never registered. Returns how many the shards write."""
        written = 0
        for path in self.shards:
            with open(path, encoding="utf-8") as f:
                written += len(re.findall(r"^\s*m\.impl\(", f.read(), re.M))
        attempted = (sum(run.registered.values())
                     + len(run.registration_errors))
        if attempted != written:
            self.fail("%s: the shards write %d registrations, the battery "
                      "made %d" % (run.name, written, attempted))
        return written

    def check_provenance(self, plain, run):
        """Wherever plain runs a kernel of libtorch's generated files, `run`
        runs the shards' (and nowhere else); returns those operators."""
        expected = generated(plain, "libtorch-generated")
        if generated(plain, "candidate"):
            self.fail("plain: a candidate kernel is registered")
        if run.name == "plain":
            return expected
        mine = generated(run, "candidate")
        for op in sorted(generated(run, "libtorch-generated")):
            self.fail("%s: %s ran libtorch's own %s kernel (registered at "
                      "%s): the shards have no kernel for it"
                      % (run.name, op, self.KEY, run.kernels[op][2]))
        for op in sorted(mine - expected):
            self.fail("%s: the shards register an %s kernel for %s, "
                      "libtorch's generated code does not (%s)"
                      % (run.name, self.KEY, op,
                         plain.kernels.get(op, ("none",))[-1]))
        files = sorted({k[2].rsplit(":", 1)[0] for op, k in run.kernels.items()
                        if op in mine})
        print("%s: %d/%d operators with generated %s kernels ran the "
              "shards' kernel (dumpState: %s)" % (
                  run.name, len(mine & expected), len(expected), self.KEY,
                  ", ".join(files)))
        return expected

    def finish(self, start, work):
        """Prints the times and the verdict; returns the exit code."""
        self.timings.append(("total", time.monotonic() - start))
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.timings.append(("CPU of compilers, linker and battery",
                             children.ru_utime + children.ru_stime))
        print("time: " + ", ".join(
            "%s %.1fs%s" % (t[0], t[1], " (cached)" if len(t) > 2 and t[2]
                             else "") for t in self.timings))
        if not self.args.work_dir:
            shutil.rmtree(work, ignore_errors=True)
        print("%s check: %s" % (self.NAME, "FAILED (%d failures)"
                                % len(self.failures) if self.failures
                                else "PASS"))
        return 1 if self.failures else 0

    def find_shards(self, paths, what):
        """The shards of args.dir, listed; none is an error."""
        self.shards = paths
        if not paths:
            raise CheckError("%s has no %s" % (self.args.dir, what))
        print("shards: %d (%s)" % (len(paths), ", ".join(
            os.path.basename(p) for p in paths)))

    def work_dir(self, tag):
        work = self.args.work_dir or os.path.join(
            self.args.cache_dir, "work", "%s-%d" % (tag, os.getpid()))
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        return work
