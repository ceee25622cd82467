#!/usr/bin/env python3
"""Time gradgen-lsp-server on PyTorch's derivatives.yaml.

usage: benchmark-lsp.py [--build DIR] [--corpus DIR] [--edits N]
       benchmark-lsp.py --responsiveness [--rounds K] [--pipelined]
                        [--burst B] [--burst-gap MS] [--bursts R]
       benchmark-lsp.py --memory [--edits N] [--replace-every M] [--no-cache]
   all modes: [--helpers FILE | --no-helpers] [--server-log FILE]

Without a mode: opens the corpus's derivatives.yaml and reports the time to
its first diagnostics with a cold formula cache and a warm one; then changes
one formula N times (default 20, waiting for each check) and reports the
median time from didChange to the publishDiagnostics of that version.
`gradgen check` on the same inputs is timed alongside, as the ratio to
compare against: timings on a shared machine are noisy, ratios of
alternating runs less so. The server's CPU time per edit (all its threads,
from /proc) and the load average are reported too: on a loaded machine the
wall time of an edit is mostly time spent waiting for a core, which the CPU
time leaves out. Last, completion after `self.` in the edited formula: the
first request builds the header that declares every operator, the next ones
reuse it.

--responsiveness measures the first goal of issue 31: hover, definition and
completion are answered within 100 ms (median) while a cold analysis runs,
and a new edit cancels the stale analysis. The server gets cacheDir ""
(no cache at all: no precompiled header or formula results are kept, so
every analysis checks every formula, as on a first open). After the first
diagnostics and one untimed request of each kind (the first completion
builds the header of every operator), K rounds (--rounds, default 30): for
each place, "other entry" (mul.Tensor's: hover on `mul_tensor_backward`,
definition on its `name:`, completion after `self.`) and "edited entry"
(sin's: hover on `cos`, definition on its `name:`, completion after
`self.`), and each method, an edit of sin's formula and right after it the
request. Reported per place and method: median and p90 from sending the
request to its reply, how many replies came before the publishDiagnostics
of the edit's version (answered while that analysis was still running; a
server that waits for the analysis answers after it), and how many were
null or errors. With --pipelined the three requests of a place follow one
edit together, as an editor may send them; the server reads its messages
in order, so one request that waits delays the ones behind it.
Then R bursts (--bursts, default 10), each after one lone edit: the lone
edit's time to its diagnostics is one analysis; then B edits (--burst,
default 5) typed --burst-gap ms apart (default 100, a typist's pace, so that
each edit arrives while the analysis of an earlier one runs; with 0 the
server usually reads the whole burst before its worker starts, and no stale
version is analysed at all): the time from the last edit to its
diagnostics, to compare with one analysis (a server that finishes the
stale analysis before starting the last takes up to twice as long), and the
publishDiagnostics of the B-1 stale versions (0 when stale analyses are
dropped). The server's log (--log=info, kept in --server-log) tells which
stale versions were analysed anyway and for how long.

--memory measures the second goal: N edits (--edits, default 10,000) of
derivatives.yaml in one session grow the server's resident memory by at most
10% after the first 100. The edits: typing " + grad.sin() * 2" character by
character at the end of a formula, then deleting it character by character
(an undo), a different formula each time; between two of those, once at
least M edits (--replace-every, default 500) went by, the whole text is
replaced (a change without a range, as on a reload or a branch switch),
alternately by a variant where every "grad * " is "grad*" and by the
original. Typing and deleting are incremental changes (ranges in UTF-16
units; the file is ASCII). The client waits for the diagnostics every 10
edits, so analyses really run. The formula cache is on (a fresh temporary
folder, as an editor's session has one; --no-cache gives cacheDir "").
VmRSS is read from /proc after edit 100, every 1000 edits and at the end,
each time once the server logged the end of that version's check (the
previous analysis is freed by then); the growth is relative to edit 100.

The two new modes pass the 2.14.1 FunctionsManual.h as the helpers header
by default (from the reference set up by ../shared/tools/reference, as
utils/benchmark.py finds it): in a PyTorch checkout the server finds it, and
an analysis with it is what an editor waits for. The default mode keeps the
setup of the timings in docs/editors.md (no helpers) unless --helpers is
given.
"""

import argparse
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from lsp_client import LSPClient, ServerError, path_to_uri  # noqa: E402

SHARED = os.path.join(HERE, "..", "..", "shared")
ORACLE_DIR = os.environ.get("ORACLE_DIR") or os.path.join(
    os.environ.get("TMPDIR", "/tmp"), "gradgen-reference")
REFERENCE_HELPERS = os.path.join(ORACLE_DIR, "ref", "torch-2.14.1", "hdr", "usr",
                                 "include", "torch", "csrc", "autograd",
                                 "FunctionsManual.h")

# The entry and formula edited: sin's gradient, alternately with and without
# an extra factor, so that every edit is a formula the cache has not seen in
# this form right before.
ENTRY = "- name: sin(Tensor self) -> Tensor\n  self: "
# The entry the "other entry" requests are about: 320 lines before sin's.
OTHER = "- name: mul.Tensor(Tensor self, Tensor other) -> Tensor\n  self: "
METHODS = ("hover", "definition", "completion")
# What the memory run types at the end of a formula, then deletes.
TYPED = " + grad.sin() * 2"
# Formula lines: an entry's key other than name, dispatch and
# output_differentiability, not an auto_ formula, no comment to type into.
FORMULA_LINE = re.compile(r"^  (?!name:|dispatch:|output_differentiability:)"
                          r"[a-z_][a-z0-9_, ]*: (?!auto_)[^#]*$")


def start(server, cache, flags=(), log=subprocess.DEVNULL):
    # The cache folder is passed as an option, not through the environment,
    # so that the benchmark does not depend on how the server was started.
    return (LSPClient([server, *flags], stderr=log), {"cacheDir": cache})


def first_diagnostics(server, corpus, cache, text, helpers=None, flags=(),
                      log=subprocess.DEVNULL):
    client, options = start(server, cache, flags, log)
    options.update(nativeFunctions=os.path.join(corpus, "native_functions.yaml"),
                   tags=os.path.join(corpus, "tags.yaml"))
    if helpers:
        options["helpers"] = [helpers]
    client.initialize(options)
    uri = path_to_uri(os.path.join(corpus, "derivatives.yaml"))
    sent = client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "yaml", "version": 1, "text": text}})
    received, params = client.wait_for_diagnostics(uri, 1, timeout=600)
    return client, uri, received - sent, params


def cpu_seconds(process):
    """User and system time of a process and its finished threads; None
    where /proc is not there."""
    try:
        with open("/proc/%d/stat" % process.pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def position(text, offset):
    """The LSP position of offset in text: UTF-16 units are characters, as
    main() checks the file is ASCII."""
    return {"line": text.count("\n", 0, offset),
            "character": offset - text.rfind("\n", 0, offset) - 1}


class FormulaToggle:
    """The edits of sin's formula: alternately with and without ` * 2`."""

    def __init__(self, text):
        at = text.index(ENTRY) + len(ENTRY)
        self.original = text[at:text.index("\n", at)]
        self.start = position(text, at)
        self.current = self.original

    def next_change(self):
        new = self.original + (" * 2" if self.current == self.original else "")
        end = dict(self.start, character=self.start["character"] + len(self.current))
        self.current = new
        return {"range": {"start": self.start, "end": end}, "text": new}


def send_edit(client, uri, version, changes):
    """Sends a didChange of uri to version; the time it was sent."""
    return client.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": version},
        "contentChanges": changes})


def edit_latencies(client, uri, text, edits):
    toggle = FormulaToggle(text)
    latencies = []
    for version in range(2, edits + 2):
        sent = send_edit(client, uri, version, [toggle.next_change()])
        received, _ = client.wait_for_diagnostics(uri, version, timeout=600)
        latencies.append(received - sent)
    return latencies


def completion_latencies(client, uri, text, count):
    """Completions after `self.` in the edited formula: the first builds
    the header that declares every operator."""
    at = text.index(ENTRY) + len(ENTRY)
    at = text.index("self.", at) + len("self.")
    latencies = []
    for _ in range(count):
        begin = time.monotonic()
        items = client.call("textDocument/completion", {
            "textDocument": {"uri": uri}, "position": position(text, at)},
            timeout=600)
        latencies.append(time.monotonic() - begin)
    return latencies, len(items["items"])


def time_check(gradgen, corpus, cache):
    env = dict(os.environ, GRADGEN_CACHE_DIR=cache)
    begin = time.monotonic()
    subprocess.run([gradgen, "check",
                    "--derivatives", os.path.join(corpus, "derivatives.yaml"),
                    "--native-functions", os.path.join(corpus, "native_functions.yaml"),
                    "--tags", os.path.join(corpus, "tags.yaml")],
                   env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - begin


def percentile(values, fraction):
    """The nearest-rank percentile: a value that was measured."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(len(ordered) * fraction) - 1)]


def ms(seconds):
    return seconds * 1000


# ---------------------------------------------------------------- timings


def timings(args, server, gradgen, text):
    """The default mode: open, edits and completion, beside gradgen check."""
    cache = tempfile.mkdtemp(prefix="gradgen-lsp-bench-")
    with open(args.server_log, "w") as log:
        try:
            client, uri, cold, params = first_diagnostics(
                server, args.corpus, cache, text, args.helpers, log=log)
            client.shutdown()
            client, uri, warm, params = first_diagnostics(
                server, args.corpus, cache, text, args.helpers, log=log)
            cpu_before = cpu_seconds(client.process)
            load_before = os.getloadavg()[0]
            latencies = edit_latencies(client, uri, text, args.edits or 20)
            cpu_after = cpu_seconds(client.process)
            load_after = os.getloadavg()[0]
            # The edits append to the formula: `self.` is where it was.
            completions, items = completion_latencies(client, uri, text, 6)
            client.shutdown()
            # gradgen's cache entries are keyed by the executable: its own
            # cold and warm runs.
            shutil.rmtree(cache)
            os.mkdir(cache)
            check_cold = time_check(gradgen, args.corpus, cache)
            check_warm = time_check(gradgen, args.corpus, cache)
        finally:
            shutil.rmtree(cache, ignore_errors=True)

    print("corpus: %s (%d diagnostics)" % (args.corpus, len(params["diagnostics"])))
    print("first diagnostics after open, cold cache: %6.0f ms   (gradgen check: %6.0f ms)"
          % (ms(cold), ms(check_cold)))
    print("first diagnostics after open, warm cache: %6.0f ms   (gradgen check: %6.0f ms)"
          % (ms(warm), ms(check_warm)))
    print("one-formula edit to diagnostics, median of %d: %6.0f ms (min %.0f, max %.0f)"
          % (len(latencies), ms(statistics.median(latencies)),
             ms(min(latencies)), ms(max(latencies))))
    if cpu_before is not None and cpu_after is not None:
        print("server CPU time per edit (all threads), mean:  %6.1f ms"
              % ms((cpu_after - cpu_before) / len(latencies)))
    print("load average during the edits: %.1f to %.1f on %d cores"
          % (load_before, load_after, os.cpu_count()))
    print("completion after self. (%d items): first %6.0f ms (builds the header), "
          "then median %6.0f ms" % (items, ms(completions[0]),
                                    ms(statistics.median(completions[1:]))))


# --------------------------------------------------------- responsiveness


def request_places(text):
    """The positions of each method's request, in an entry far from the
    edit and in the edited one."""
    other = text.index(OTHER)
    sin = text.index(ENTRY)
    name = len("- name: ")
    return {
        "other entry": {
            "hover": position(text, other + len(OTHER)),  # mul_tensor_backward
            "definition": position(text, other + name),
            "completion": position(text, text.index("self.", other + len(OTHER)) + 5)},
        "edited entry": {
            "hover": position(text, text.index("cos", sin + len(ENTRY))),
            "definition": position(text, sin + name),
            "completion": position(text, text.index("self.", sin + len(ENTRY)) + 5)},
    }


def follow(client, uri, version, ids, timeout=600):
    """Reads the server's messages until every request in ids is answered
    and the diagnostics of uri's version came. Returns the replies by id as
    (arrival time, rank, reply), the diagnostics' (arrival time, rank) and
    the versions of uri's other diagnostics meanwhile. Ranks order the
    messages as the server wrote them, even two read at the same instant."""
    replies, diagnostics, others = {}, None, []
    deadline = time.monotonic() + timeout
    rank = 0
    while len(replies) < len(ids) or diagnostics is None:
        left = deadline - time.monotonic()
        if left <= 0:
            raise ServerError("no diagnostics of version %d within %d s" % (version, timeout))
        arrival, message = client.next_message(left)
        rank += 1
        if message.get("id") in ids and "method" not in message:
            replies[message["id"]] = (arrival, rank, message)
        elif (message.get("method") == "textDocument/publishDiagnostics"
              and message["params"]["uri"] == uri):
            if message["params"].get("version") == version:
                diagnostics = (arrival, rank)
            else:
                others.append(message["params"].get("version"))
    return replies, diagnostics, others


def is_empty(reply):
    """Whether a reply is an error or has nothing: no hover, no location,
    no completion item."""
    result = reply.get("result")
    if isinstance(result, dict) and "items" in result:
        return not result["items"]
    return "error" in reply or not result


def ask(client, uri, method, where):
    """Sends a request about where; its id and the time it was sent."""
    id = client.request("textDocument/" + method,
                        {"textDocument": {"uri": uri}, "position": where})
    return id, time.monotonic()


def responsiveness_rounds(client, uri, toggle, version, places, args):
    """The rounds of edits with requests right behind them: samples by
    (place, method) of (seconds, answered before the diagnostics, empty
    or error); and the last version sent."""
    samples = {(place, method): [] for place in places for method in METHODS}
    groups = [METHODS] if args.pipelined else [(m,) for m in METHODS]
    for _ in range(args.rounds):
        for place, where in places.items():
            for group in groups:
                version += 1
                send_edit(client, uri, version, [toggle.next_change()])
                sent = {}
                for method in group:
                    id, at = ask(client, uri, method, where[method])
                    sent[id] = (method, at)
                replies, (_, diagnosed), _ = follow(client, uri, version, set(sent))
                for id, (method, at) in sent.items():
                    arrival, rank, reply = replies[id]
                    empty = is_empty(reply)
                    samples[(place, method)].append((arrival - at, rank < diagnosed, empty))
    return samples, version


def burst_rounds(client, uri, toggle, version, args):
    """Lone edits and bursts of edits: the lone edits' and the bursts'
    times to the diagnostics of their last version, the count of diagnostics
    published for stale versions, the stale versions, the last version."""
    lone, bursts, published, stale = [], [], 0, []
    for _ in range(args.bursts):
        version += 1
        sent = send_edit(client, uri, version, [toggle.next_change()])
        _, (diagnosed, _), _ = follow(client, uri, version, set())
        lone.append(diagnosed - sent)
        first = version + 1
        for edit in range(args.burst):
            if edit:
                time.sleep(args.burst_gap / 1000)
            version += 1
            sent = send_edit(client, uri, version, [toggle.next_change()])
        _, (diagnosed, _), others = follow(client, uri, version, set())
        bursts.append(diagnosed - sent)
        published += sum(1 for v in others if v is not None and first <= v < version)
        stale.extend(range(first, version))
    return lone, bursts, published, stale, version


def read_log(path):
    """What the server's --log=info says of each version: {version: {
    "checked": ms, "dropped": bool, "cancelled": bool}} (cancelled: stopped), and its lines
    other than info."""
    versions, errors = {}, []
    checked = re.compile(r" version (\d+): checked in (\d+) ms")
    mentioned = re.compile(r" version (\d+)\b")
    with open(path, errors="replace") as f:
        for line in f:
            # Errors, and anything else the server prints (a crash's stack).
            if not line.startswith(("I: ", "V: ")):
                errors.append(line.rstrip())
            match = mentioned.search(line)
            if not match:
                continue
            entry = versions.setdefault(int(match.group(1)), {})
            if checked.search(line):
                entry["checked"] = int(checked.search(line).group(2))
            entry["dropped"] = entry.get("dropped") or "dropped" in line
            # "stopped the check of ...": an edit stopped it midway.
            entry["cancelled"] = entry.get("cancelled") or "stopped" in line
    return versions, errors


def warm_requests(client, uri, places):
    """One untimed request of each kind at each place: the first completion
    and hover in a formula build the header of every operator (seconds),
    which the rounds must not count."""
    for where in places.values():
        for method in METHODS:
            client.call("textDocument/" + method,
                        {"textDocument": {"uri": uri}, "position": where[method]},
                        timeout=600)


def responsiveness(args, server, text):
    begin = time.monotonic()
    with open(args.server_log, "w") as log:
        client, uri, opened, params = first_diagnostics(
            server, args.corpus, "", text, args.helpers, ["--log=info"], log)
        places = request_places(text)
        warm_requests(client, uri, places)
        toggle = FormulaToggle(text)
        load_before = os.getloadavg()[0]
        samples, version = responsiveness_rounds(client, uri, toggle, 1, places, args)
        lone, bursts, published, stale, version = burst_rounds(
            client, uri, toggle, version, args)
        load_after = os.getloadavg()[0]
        client.shutdown()
    versions, errors = read_log(args.server_log)
    print("corpus: %s (%d diagnostics), helpers: %s, cacheDir \"\" (every analysis cold)"
          % (args.corpus, len(params["diagnostics"]), args.helpers or "none"))
    print("first diagnostics after open: %.0f ms" % ms(opened))
    report_requests(samples, versions, args)
    report_bursts(lone, bursts, published, stale, versions, args)
    print("load average: %.1f to %.1f on %d cores; %d versions; run time %.0f s"
          % (load_before, load_after, os.cpu_count(), version,
             time.monotonic() - begin))
    print("server log: %s (%d lines other than info)" % (args.server_log, len(errors)))
    for line in errors[:10]:
        print("  " + line)


def report_requests(samples, versions, args):
    checks = [v["checked"] for v in versions.values() if "checked" in v]
    print("analysis time of a check (server log), median of %d: %.0f ms"
          % (len(checks), statistics.median(checks)))
    print("requests sent right after an edit, %s, %d rounds:"
          % ("the three together" if args.pipelined else "one per edit", args.rounds))
    print("  %-13s %-11s %9s %9s %9s %22s %12s" % (
        "place", "method", "median ms", "p90 ms", "max ms",
        "before the diagnostics", "null/error"))
    for (place, method), values in samples.items():
        seconds = [s for s, _, _ in values]
        print("  %-13s %-11s %9.0f %9.0f %9.0f %15d of %-4d %12d" % (
            place, method, ms(statistics.median(seconds)),
            ms(percentile(seconds, 0.9)), ms(max(seconds)),
            sum(1 for _, before, _ in values if before), len(values),
            sum(1 for _, _, empty in values if empty)))


def report_bursts(lone, bursts, published, stale, versions, args):
    print("bursts of %d edits %d ms apart, %d times:" % (args.burst, args.burst_gap, args.bursts))
    print("  lone edit to its diagnostics (one analysis): median %.0f ms (min %.0f, max %.0f)"
          % (ms(statistics.median(lone)), ms(min(lone)), ms(max(lone))))
    print("  last edit of a burst to its diagnostics:     median %.0f ms (min %.0f, max %.0f),"
          " %.2f times the lone edit" % (
              ms(statistics.median(bursts)), ms(min(bursts)), ms(max(bursts)),
              statistics.median(bursts) / statistics.median(lone)))
    analysed = [versions[v] for v in stale if "checked" in versions.get(v, {})]
    print("  stale versions: %d; diagnostics published for them: %d" % (len(stale), published))
    print("  stale versions analysed anyway (server log): %d, %d of them logged as dropped, "
          "%d as cancelled; their analysis time: %s" % (
              len(analysed), sum(1 for v in analysed if v["dropped"]),
              sum(1 for v in stale if versions.get(v, {}).get("cancelled")),
              "median %.0f ms, total %.0f ms" % (
                  statistics.median(v["checked"] for v in analysed),
                  sum(v["checked"] for v in analysed)) if analysed else "-"))


# ----------------------------------------------------------------- memory


class Typist:
    """The edits of the memory run, applied to the client's copy of the
    text (a list of lines) so that every range is computed from the text
    the server has."""

    def __init__(self, text, replace_every):
        self.texts = [text.replace("grad * ", "grad*"), text]
        self.lines = text.split("\n")
        # Every 37th formula in turn: spread over the file, each one typed
        # into rarely enough that the formula cache keeps meeting new text.
        formulas = [i for i, line in enumerate(self.lines) if FORMULA_LINE.match(line)]
        self.formulas = [formulas[i * 37 % len(formulas)] for i in range(len(formulas))]
        self.replace_every = replace_every
        self.session = 0      # which typing session: picks the formula
        self.typed = 0        # characters of TYPED in the text now
        self.deleting = False
        self.since_replace = 0
        self.kinds = {"type": 0, "delete": 0, "replace": 0}

    def next_change(self):
        """The contentChanges of the next edit."""
        self.since_replace += 1
        idle = self.typed == 0 and not self.deleting
        if idle and self.since_replace > self.replace_every:
            text = self.texts[self.kinds["replace"] % 2]
            self.lines = text.split("\n")
            self.since_replace = 0
            self.kinds["replace"] += 1
            return [{"text": text}]
        line = self.formulas[self.session % len(self.formulas)]
        column = len(self.lines[line])
        if not self.deleting:
            char = TYPED[self.typed]
            self.typed += 1
            self.deleting = self.typed == len(TYPED)
            self.lines[line] += char
            self.kinds["type"] += 1
            return [{"range": {"start": {"line": line, "character": column},
                               "end": {"line": line, "character": column}},
                     "text": char}]
        self.typed -= 1
        if self.typed == 0:
            self.deleting = False
            self.session += 1
        self.lines[line] = self.lines[line][:-1]
        self.kinds["delete"] += 1
        return [{"range": {"start": {"line": line, "character": column - 1},
                           "end": {"line": line, "character": column}},
                 "text": ""}]


def memory_kib(pid):
    """VmRSS and VmHWM of a process, in KiB."""
    values = {}
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(value.split()[0])
    return values


def wait_for_log(path, needle, timeout=30):
    """Waits until the server's log holds needle: the server logs the end
    of a check after freeing the previous analysis, so memory read then
    does not count two analyses."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with open(path, errors="replace") as f:
            if needle in f.read():
                return True
        time.sleep(0.02)
    return False


def memory_edits(client, uri, log, typist, edits):
    """Sends the edits, waiting for the diagnostics every 10 and at the end;
    samples of (edit, VmRSS, VmHWM, seconds since the first edit) after
    edit 100, every 1000 and at the end; the waits' durations."""
    samples, waits = [], []
    begin = time.monotonic()
    for version in range(2, edits + 2):
        done = version - 1
        send_edit(client, uri, version, typist.next_change())
        if done % 10 and done != edits:
            continue
        sent = time.monotonic()
        client.wait_for_diagnostics(uri, version, timeout=600)
        waits.append(time.monotonic() - sent)
        if done == 100 or done % 1000 == 0 or done == edits:
            wait_for_log(log, " version %d: checked in" % version)
            kib = memory_kib(client.process.pid)
            samples.append((done, kib["VmRSS"], kib["VmHWM"], time.monotonic() - begin))
    return samples, waits


def memory(args, server, text):
    edits = args.edits or 10000
    cache = "" if args.no_cache else tempfile.mkdtemp(prefix="gradgen-lsp-bench-")
    try:
        with open(args.server_log, "w") as log:
            client, uri, opened, _ = first_diagnostics(
                server, args.corpus, cache, text, args.helpers, ["--log=info"], log)
            typist = Typist(text, args.replace_every)
            samples, waits = memory_edits(client, uri, args.server_log, typist, edits)
            cpu = cpu_seconds(client.process)
            client.shutdown()
    finally:
        if cache:
            shutil.rmtree(cache, ignore_errors=True)
    versions, errors = read_log(args.server_log)
    print("corpus: %s, helpers: %s, formula cache: %s" % (
        args.corpus, args.helpers or "none",
        "off (cacheDir \"\")" if args.no_cache else "on (a fresh temporary folder)"))
    print("%d edits: %d typed characters, %d deletions, %d whole-file replacements; "
          "first diagnostics after open %.0f ms" % (
              edits, typist.kinds["type"], typist.kinds["delete"],
              typist.kinds["replace"], ms(opened)))
    print("waits for diagnostics: %d, median %.0f ms, max %.0f ms; checks run: %d, "
          "dropped: %d" % (len(waits), ms(statistics.median(waits)), ms(max(waits)),
                           sum(1 for v in versions.values() if "checked" in v),
                           sum(1 for v in versions.values() if v["dropped"])))
    base = next((rss for done, rss, _, _ in samples if done == 100), samples[0][1])
    print("  %7s %10s %8s %10s %8s" % ("edits", "VmRSS MiB", "growth", "VmHWM MiB", "time s"))
    for done, rss, hwm, seconds in samples:
        print("  %7d %10.1f %7.1f%% %10.1f %8.0f" % (
            done, rss / 1024, (rss - base) * 100 / base, hwm / 1024, seconds))
    print("largest growth after edit 100: %.1f%%; server CPU time %.0f s"
          % (max((rss - base) * 100 / base for _, rss, _, _ in samples), cpu or 0))
    # Edit 100's VmRSS moves by a few MiB from run to run (what malloc kept
    # of the analyses so far): the growth from edit 1000 on tells a leak
    # from that noise.
    later = [rss for done, rss, _, _ in samples if done >= 1000]
    if len(later) > 1:
        print("growth from edit 1000 to the end: %.1f%%"
              % ((later[-1] - later[0]) * 100 / later[0]))
    print("server log: %s (%d lines other than info)" % (args.server_log, len(errors)))
    for line in errors[:10]:
        print("  " + line)


# ------------------------------------------------------------------- main


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    parser.add_argument("--corpus", default=os.path.join(SHARED, "corpus", "pytorch-2.14.1"))
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--responsiveness", action="store_true",
                      help="requests while a cold analysis runs; bursts of edits")
    mode.add_argument("--memory", action="store_true",
                      help="resident memory over many edits")
    parser.add_argument("--edits", type=int,
                        help="edits (default 20; with --memory 10000)")
    parser.add_argument("--rounds", type=int, default=30,
                        help="--responsiveness: requests of each kind and place")
    parser.add_argument("--burst", type=int, default=5,
                        help="--responsiveness: edits per burst")
    parser.add_argument("--bursts", type=int, default=10,
                        help="--responsiveness: bursts")
    parser.add_argument("--burst-gap", type=int, default=100,
                        help="--responsiveness: ms between the edits of a burst")
    parser.add_argument("--pipelined", action="store_true",
                        help="--responsiveness: a place's three requests after one edit")
    parser.add_argument("--replace-every", type=int, default=500,
                        help="--memory: edits between whole-file replacements")
    parser.add_argument("--no-cache", action="store_true",
                        help="--memory: cacheDir \"\" (no formula cache)")
    parser.add_argument("--helpers", help="helpers header (default: the reference's "
                        "2.14.1 FunctionsManual.h with --responsiveness or --memory)")
    parser.add_argument("--no-helpers", action="store_true")
    parser.add_argument("--server-log", help="the server's stderr (default: a file "
                        "in the temporary folder, kept)")
    args = parser.parse_args()
    if (args.helpers is None and not args.no_helpers and
            (args.responsiveness or args.memory) and os.path.isfile(REFERENCE_HELPERS)):
        args.helpers = REFERENCE_HELPERS
    if args.no_helpers:
        args.helpers = None
    if args.server_log is None:
        handle, args.server_log = tempfile.mkstemp(prefix="gradgen-lsp-bench-", suffix=".log")
        os.close(handle)
    return args


def main():
    args = parse_args()
    server = os.path.join(args.build, "bin", "gradgen-lsp-server")
    gradgen = os.path.join(args.build, "bin", "gradgen")
    with open(os.path.join(args.corpus, "derivatives.yaml")) as f:
        text = f.read()
    if ENTRY not in text or OTHER not in text:
        sys.exit("benchmark-lsp: no sin or mul.Tensor entry in the corpus")
    if not text.isascii():
        sys.exit("benchmark-lsp: the positions sent assume an ASCII derivatives.yaml")
    if args.responsiveness:
        responsiveness(args, server, text)
    elif args.memory:
        memory(args, server, text)
    else:
        timings(args, server, gradgen, text)


if __name__ == "__main__":
    main()
