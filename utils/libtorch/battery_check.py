"""What the kernel batteries' checks share (variable_type_check.py,
trace_check.py): `FAIL:` lines, compiling the objects in parallel, linking
the builds, the registrations the shards write, timings and the verdict."""
import concurrent.futures
import os
import re
import resource
import shutil
import time

import toolchain
from libtorch_info import CheckError

# Objects whose names start so are the code under test: that one does not
# compile is a failure of the check, not a reason it cannot run.
UNDER_TEST = ("candidate ", "mutant")


def count_registrations(paths):
    """The `m.impl(` registrations the shards write."""
    count = 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            count += len(re.findall(r"^\s*m\.impl\(", f.read(), re.M))
    return count


class BatteryCheck:
    NAME = "battery"  # the verdict line: "NAME check: PASS"

    def __init__(self, args):
        self.args = args
        self.failures, self.timings = [], []

    def fail(self, message):
        self.failures.append(message)
        print("FAIL: " + message, flush=True)

    def compile_all(self, jobs):
        """Runs the jobs (name -> callable returning toolchain's (path,
        seconds, cached)) in parallel; returns name -> object path."""
        objects = {}
        with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
            futures = [(name, pool.submit(job)) for name, job in jobs.items()]
            for name, future in futures:
                try:
                    path, seconds, cached = future.result()
                except toolchain.BuildError as error:
                    if not name.startswith(UNDER_TEST):
                        raise CheckError("cannot build %s: %s" % (name, error))
                    self.fail("%s does not compile:\n%s" % (
                        name.split(" ", 1)[-1], str(error)[:20000]))
                    continue
                objects[name] = path
                self.timings.append(("compile " + name, seconds, cached))
        return objects

    def link_all(self, tools, parts):
        """Links each build (name -> objects); returns name -> executable.
        Only plain (libtorch's own kernels) failing stops the check."""
        executables = {}
        for build, objects in parts.items():
            try:
                path, seconds, cached = tools.link(objects)
            except toolchain.BuildError as error:
                if build == "plain":
                    raise CheckError("cannot link the battery: %s" % error)
                self.fail("the %s battery does not link:\n%s"
                          % (build, str(error)[:4000]))
                continue
            executables[build] = path
            self.timings.append(("link " + build, seconds, cached))
        return executables

    def finish(self, start, work):
        """Prints the timings and the verdict; returns the exit status."""
        self.timings.append(("total", time.monotonic() - start))
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.timings.append(("CPU of compilers, linker and battery",
                             children.ru_utime + children.ru_stime))
        print("time: " + ", ".join(
            "%s %.1fs%s" % (t[0], t[1], " (cached)" if len(t) > 2 and t[2]
                             else "") for t in self.timings))
        if not self.args.work_dir:
            shutil.rmtree(work, ignore_errors=True)
        print("%s check: %s" % (self.NAME, "FAILED (%d failures)" % len(
            self.failures) if self.failures else "PASS"))
        return 1 if self.failures else 0


def work_dir(args, name):
    """args.work_dir, or a fresh folder in the cache; emptied."""
    work = args.work_dir or os.path.join(args.cache_dir, "work",
                                         "%s-%d" % (name, os.getpid()))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    return work
