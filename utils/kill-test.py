#!/usr/bin/env python3
"""Concurrent `gradgen generate` runs killed with SIGKILL (docs/reliability.md).

Each round starts JOBS (8) `gradgen generate` runs of examples/basic at once
on one cache folder, first cold (an empty folder), then warm (the folder the
cold batch filled), and kills some of them with SIGKILL: at a random time,
or when it is seen to hold a temporary file. The first half of the runs
write into an output folder each, the second half into one shared folder:
there their renames interleave, and the sweep of a run that succeeds must
spare the temporary files of the runs still writing. After each batch comes
a normal run into every folder. The checks:

* every run that was not killed succeeded;
* after the kills, every output file is whole (byte for byte the
  reference's: a run without cache and kills), and every other file in an
  output or the cache folder is a temporary file of a killed run;
* after the normal runs, every output folder holds exactly the reference's
  files, and no folder (outputs, cache) a temporary file;
* a later run on the cache folder, into a new folder, writes the
  reference's files;
* nothing is left in TMPDIR.

--seed fixes the schedule: which runs are killed, when, or at which of
their temporary files. How far a run has got when its kill arrives depends
on the machine's load, so two runs of the script differ, but every check
holds for every outcome.

  utils/kill-test.py --gradgen build/bin/gradgen --rounds 50

Exit status: 0 if every check held, 1 otherwise (each failure printed)."""
import argparse
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLE = os.path.join(HERE, "..", "examples", "basic")
# TemporaryFiles.h: `<name>.tmp-<pid>-<8 hex digits>`.
TEMPORARY = re.compile(r"^(.+)\.tmp-(\d+)-[0-9a-f]{8}$")
POLL_SECONDS = 0.002


def generate_command(gradgen, output_dir, cache_dir):
    return [gradgen, "generate",
            "--derivatives", os.path.join(EXAMPLE, "derivatives.yaml"),
            "--native-functions", os.path.join(EXAMPLE, "native_functions.yaml"),
            "--tags", os.path.join(EXAMPLE, "tags.yaml"),
            "--helpers", os.path.join(EXAMPLE, "helpers.h"),
            "--torch-root", EXAMPLE,
            "--output-dir", output_dir, "--cache-dir=" + cache_dir]


def read_folder(path):
    """{name: bytes} of the files in path."""
    files = {}
    for name in sorted(os.listdir(path)):
        with open(os.path.join(path, name), "rb") as f:
            files[name] = f.read()
    return files


class Run:
    """One `gradgen generate` process of a batch and its kill plan."""

    def __init__(self, index, output_dir, plan):
        self.index = index
        self.output_dir = output_dir
        # ("none",), ("time", seconds) or ("temporary", nth one seen).
        self.plan = plan
        self.process = None
        self.log = None
        self.started = 0.0
        self.duration = None
        self.seen = set()
        self.killed_while_writing = False

    @property
    def killed(self):
        return self.process.returncode == -9


class KillTest:
    def __init__(self, args):
        self.args = args
        self.failures = 0
        self.stats = {"runs": 0, "killed": 0, "killed while writing": 0,
                      "temporary files left": 0}
        self.rng = random.Random(args.seed)
        self.work = args.work
        self.tmpdir = os.path.join(self.work, "tmp")
        os.makedirs(self.tmpdir, exist_ok=True)
        self.env = dict(os.environ, TMPDIR=self.tmpdir)
        self.env.pop("GRADGEN_CACHE_DIR", None)
        # The longest a run lasted in each phase's last batch: when the
        # kills by time fall.
        self.horizon = {}

    def fail(self, where, message):
        self.failures += 1
        print("FAIL %s: %s" % (where, message), flush=True)

    def run_once(self, output_dir, cache_dir, where, extra=()):
        """A normal run; its files, or None after a failure."""
        start = time.monotonic()
        result = subprocess.run(
            generate_command(self.args.gradgen, output_dir, cache_dir) +
            list(extra),
            env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True)
        elapsed = time.monotonic() - start
        if result.returncode != 0:
            self.fail(where, "a normal run into %s ended with %d:\n%s" % (
                output_dir, result.returncode, result.stdout))
            return None, elapsed
        return read_folder(output_dir), elapsed

    def plan_kill(self, phase):
        draw = self.rng.random()
        if draw < 0.25:
            return ("none",)
        if draw < 0.6:
            return ("time", self.rng.uniform(0, self.horizon[phase]))
        return ("temporary", self.rng.randint(1, 3))

    def temporary_files_of(self, run, cache_dir):
        """Names of the temporary files of run's process now in its folders."""
        marker = ".tmp-%d-" % run.process.pid
        names = set()
        for folder in (run.output_dir, cache_dir):
            try:
                names.update(os.path.join(folder, n) for n in os.listdir(folder)
                             if marker in n)
            except FileNotFoundError:
                pass
        return names

    def batch(self, where, phase, root, cache_dir):
        """Starts the runs, kills as planned, waits for all; the runs."""
        jobs = self.args.jobs
        shared = os.path.join(root, "shared")
        runs = []
        for i in range(jobs):
            own = i < jobs // 2
            runs.append(Run(i, os.path.join(root, "own-%d" % i) if own else shared,
                            self.plan_kill(phase)))
        for run in runs:
            run.log = open(os.path.join(root, "run-%d.log" % run.index), "w+")
            run.started = time.monotonic()
            run.process = subprocess.Popen(
                generate_command(self.args.gradgen, run.output_dir, cache_dir),
                env=self.env, stdout=run.log, stderr=subprocess.STDOUT)
        live = list(runs)
        while live:
            now = time.monotonic()
            for run in list(live):
                if run.process.poll() is not None:
                    run.duration = now - run.started
                    live.remove(run)
                    continue
                kind = run.plan[0]
                if kind == "time" and now - run.started >= run.plan[1]:
                    run.process.kill()
                elif kind == "temporary":
                    held = self.temporary_files_of(run, cache_dir)
                    run.seen |= held
                    if held and len(run.seen) >= run.plan[1]:
                        run.killed_while_writing = True
                        run.process.kill()
            time.sleep(POLL_SECONDS)
        for run in runs:
            run.process.wait()
            self.stats["runs"] += 1
            if run.killed:
                self.stats["killed"] += 1
                self.stats["killed while writing"] += run.killed_while_writing
            elif run.process.returncode != 0:
                run.log.seek(0)
                self.fail(where, "run %d (not killed) ended with %d:\n%s" % (
                    run.index, run.process.returncode, run.log.read()))
            run.log.close()
        finished = [r.duration for r in runs if not r.killed]
        if finished:
            self.horizon[phase] = max(finished)
        return runs

    def check_after_kills(self, where, runs, cache_dir):
        """Whole files, and only temporary files of killed runs beside them."""
        killed = {r.process.pid for r in runs if r.killed}
        folders = sorted({r.output_dir for r in runs} | {cache_dir})
        for folder in folders:
            if not os.path.isdir(folder):
                continue
            is_cache = folder == cache_dir
            for name in sorted(os.listdir(folder)):
                temporary = TEMPORARY.match(name)
                if temporary:
                    if int(temporary.group(2)) not in killed:
                        self.fail(where, "%s/%s: a temporary file of a "
                                        "run that was not killed" % (folder, name))
                    elif not is_cache and temporary.group(1) not in self.reference:
                        self.fail(where, "%s/%s: a temporary file of no "
                                        "output" % (folder, name))
                    self.stats["temporary files left"] += 1
                elif is_cache:
                    continue
                elif name not in self.reference:
                    self.fail(where, "%s/%s: not an output" % (folder, name))
                else:
                    with open(os.path.join(folder, name), "rb") as f:
                        if f.read() != self.reference[name]:
                            self.fail(where, "%s/%s: torn (differs from "
                                            "the reference)" % (folder, name))

    def check_after_normal_runs(self, where, runs, cache_dir):
        for folder in sorted({r.output_dir for r in runs}):
            files, _ = self.run_once(folder, cache_dir, where)
            if files is None:
                continue
            if sorted(files) != sorted(self.reference):
                extra = sorted(set(files) - set(self.reference))
                missing = sorted(set(self.reference) - set(files))
                self.fail(where, "%s after a normal run: extra %s, missing %s"
                                % (folder, extra, missing))
            for name, data in files.items():
                if name in self.reference and data != self.reference[name]:
                    self.fail(where, "%s/%s differs from the reference"
                                    % (folder, name))
        left = [n for n in os.listdir(cache_dir) if TEMPORARY.match(n)]
        if left:
            self.fail(where, "temporary files left in the cache folder "
                            "after the normal runs: %s" % left)

    def later_run(self, number, root, cache_dir):
        """A run into a new folder: the reference's files, every cache hit."""
        where = "round %d later" % number
        later = os.path.join(root, "later")
        trace = os.path.join(root, "later.json")
        files, _ = self.run_once(later, cache_dir, where,
                                 ["--time-trace", trace])
        if files is None:
            return
        if files != self.reference:
            self.fail(where, "a run on the cache wrote other files")
        with open(trace) as f:
            events = {e["name"] for e in json.load(f)["traceEvents"]}
        # What a warm run skips or does (test/Generate/family-cache.test,
        # test/Formula/cache.test): an entry the kills damaged would be a
        # miss, and show here.
        for name in ("Parse native_functions.yaml", "Precompiled header",
                     "Formula part"):
            if "Total " + name in events:
                self.fail(where, "%s: no cache hit" % name)
        for name in ("Copy cached trace-type", "Copy cached variable-factories"):
            if "Total " + name not in events:
                self.fail(where, "%s: missing, no cache hit" % name)

    def round(self, number):
        root = os.path.join(self.work, "round-%d" % number)
        cache_dir = os.path.join(root, "cache")
        os.makedirs(cache_dir)
        for phase in ("cold", "warm"):
            where = "round %d %s" % (number, phase)
            phase_root = os.path.join(root, phase)
            os.makedirs(phase_root)
            killed_before = self.stats["killed"]
            left_before = self.stats["temporary files left"]
            runs = self.batch(where, phase, phase_root, cache_dir)
            self.check_after_kills(where, runs, cache_dir)
            self.check_after_normal_runs(where, runs, cache_dir)
            if self.args.verbose:
                print("%s: %d of %d killed, %d temporary files left" % (
                    where, self.stats["killed"] - killed_before, len(runs),
                    self.stats["temporary files left"] - left_before),
                    flush=True)
        self.later_run(number, root, cache_dir)
        if not self.args.keep and not self.failures:
            shutil.rmtree(root)

    def main(self):
        reference_dir = os.path.join(self.work, "reference")
        files, elapsed = self.run_once(reference_dir, "", "reference")
        if files is None:
            return 1
        self.reference = files
        # Before the first batch of each phase: the runs share the cores.
        share = max(1.0, self.args.jobs / (os.cpu_count() or 1))
        self.horizon = {"cold": elapsed * share, "warm": elapsed * share / 2}
        for number in range(self.args.rounds):
            self.round(number)
        if not self.stats["temporary files left"]:
            self.fail("kills", "none left a temporary file: nothing was "
                      "removed, nothing tested")
        leftovers = os.listdir(self.tmpdir)
        if leftovers:
            self.fail("TMPDIR", "files left: %s" % sorted(leftovers))
        s = self.stats
        print("kill-test: %d rounds, %d runs, %d killed (%d while writing a "
              "temporary file), %d temporary files left by them, %d failures"
              % (self.args.rounds, s["runs"], s["killed"],
                 s["killed while writing"], s["temporary files left"],
                 self.failures))
        if self.args.verbose:
            me = resource.getrusage(resource.RUSAGE_SELF)
            runs = resource.getrusage(resource.RUSAGE_CHILDREN)
            print("kill-test: CPU %.1f s in gradgen, %.1f s in this script" % (
                runs.ru_utime + runs.ru_stime, me.ru_utime + me.ru_stime))
        return 1 if self.failures else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gradgen", required=True)
    ap.add_argument("--rounds", type=int, default=50)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--jobs", type=int, default=8,
                    help="concurrent runs of a batch (the first half into "
                         "folders of their own, the rest into one)")
    ap.add_argument("--work", help="folder for the runs (default: a new "
                    "temporary folder, removed after a success)")
    ap.add_argument("--keep", action="store_true",
                    help="keep every round's folders")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    args.gradgen = os.path.abspath(args.gradgen)
    made_work = not args.work
    if made_work:
        args.work = tempfile.mkdtemp(prefix="gradgen-kill-test-")
    os.makedirs(args.work, exist_ok=True)
    status = KillTest(args).main()
    if made_work and status == 0 and not args.keep:
        shutil.rmtree(args.work)
    elif status != 0:
        print("kill-test: the runs are in %s" % args.work)
    return status


if __name__ == "__main__":
    sys.exit(main())
