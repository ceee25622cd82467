#!/usr/bin/env python3
"""Time gradgen-lsp-server on PyTorch's derivatives.yaml.

usage: benchmark-lsp.py [--build DIR] [--corpus DIR] [--edits N]

Opens the corpus's derivatives.yaml and reports the time to its first
diagnostics with a cold formula cache and a warm one; then changes one
formula N times (waiting for each check) and reports the median time from
didChange to the publishDiagnostics of that version. `gradgen check` on the
same inputs is timed alongside, as the ratio to compare against: timings on
a shared machine are noisy, ratios of alternating runs less so. The server's
CPU time per edit (all its threads, from /proc) and the load average are
reported too: on a loaded machine the wall time of an edit is mostly time
spent waiting for a core, which the CPU time leaves out. Last, completion
after `self.` in the edited formula: the first request builds the header
that declares every operator, the next ones reuse it.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from lsp_client import LSPClient, path_to_uri  # noqa: E402

SHARED = os.path.join(HERE, "..", "..", "shared")

# The entry and formula edited: sin's gradient, alternately with and without
# an extra factor, so that every edit is a formula the cache has not seen in
# this form right before.
ENTRY = "- name: sin(Tensor self) -> Tensor\n  self: "


def start(server, cache):
    # The cache folder is passed as an option, not through the environment,
    # so that the benchmark does not depend on how the server was started.
    return LSPClient([server], stderr=subprocess.DEVNULL), {"cacheDir": cache}


def first_diagnostics(server, corpus, cache, text):
    client, options = start(server, cache)
    options.update(nativeFunctions=os.path.join(corpus, "native_functions.yaml"),
                   tags=os.path.join(corpus, "tags.yaml"))
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


def edit_latencies(client, uri, text, edits):
    at = text.index(ENTRY) + len(ENTRY)
    end = text.index("\n", at)
    original = text[at:end]
    line = text.count("\n", 0, at)
    column = at - text.rfind("\n", 0, at) - 1
    latencies = []
    current = original
    for version in range(2, edits + 2):
        new = original + (" * 2" if version % 2 == 0 else "")
        change = {"range": {"start": {"line": line, "character": column},
                            "end": {"line": line, "character": column + len(current)}},
                  "text": new}
        sent = client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [change]})
        received, _ = client.wait_for_diagnostics(uri, version, timeout=600)
        latencies.append(received - sent)
        current = new
    return latencies


def completion_latencies(client, uri, text, count):
    """Completions after `self.` in the edited formula: the first builds
    the header that declares every operator."""
    at = text.index(ENTRY) + len(ENTRY)
    at = text.index("self.", at) + len("self.")
    line = text.count("\n", 0, at)
    column = at - text.rfind("\n", 0, at) - 1
    latencies = []
    for _ in range(count):
        begin = time.monotonic()
        items = client.call("textDocument/completion", {
            "textDocument": {"uri": uri},
            "position": {"line": line, "character": column}}, timeout=600)
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    parser.add_argument("--corpus", default=os.path.join(SHARED, "corpus", "pytorch-2.14.1"))
    parser.add_argument("--edits", type=int, default=20)
    args = parser.parse_args()
    server = os.path.join(args.build, "bin", "gradgen-lsp-server")
    gradgen = os.path.join(args.build, "bin", "gradgen")
    with open(os.path.join(args.corpus, "derivatives.yaml")) as f:
        text = f.read()
    if ENTRY not in text:
        sys.exit("benchmark-lsp: no sin entry in the corpus")

    cache = tempfile.mkdtemp(prefix="gradgen-lsp-bench-")
    try:
        client, uri, cold, params = first_diagnostics(server, args.corpus, cache, text)
        client.shutdown()
        client, uri, warm, params = first_diagnostics(server, args.corpus, cache, text)
        cpu_before = cpu_seconds(client.process)
        load_before = os.getloadavg()[0]
        latencies = edit_latencies(client, uri, text, args.edits)
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
          % (cold * 1000, check_cold * 1000))
    print("first diagnostics after open, warm cache: %6.0f ms   (gradgen check: %6.0f ms)"
          % (warm * 1000, check_warm * 1000))
    print("one-formula edit to diagnostics, median of %d: %6.0f ms (min %.0f, max %.0f)"
          % (len(latencies), statistics.median(latencies) * 1000,
             min(latencies) * 1000, max(latencies) * 1000))
    if cpu_before is not None and cpu_after is not None:
        print("server CPU time per edit (all threads), mean:  %6.1f ms"
              % ((cpu_after - cpu_before) / len(latencies) * 1000))
    print("load average during the edits: %.1f to %.1f on %d cores"
          % (load_before, load_after, os.cpu_count()))
    print("completion after self. (%d items): first %6.0f ms (builds the header), "
          "then median %6.0f ms" % (items, completions[0] * 1000,
                                    statistics.median(completions[1:]) * 1000))


if __name__ == "__main__":
    main()
