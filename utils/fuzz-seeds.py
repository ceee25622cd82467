#!/usr/bin/env python3
"""Makes the seed corpus of one fuzz target (utils/fuzz.sh) from the real
inputs: schemas, YAML files and entries, formulas, a results cache. The
seeds are made at run time and never committed."""
import argparse
import hashlib
import os
import re
import subprocess
import sys
import tempfile


def write(out, data):
    if isinstance(data, str):
        data = data.encode()
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)


def entries(text):
    """The `- name:` / `- func:` entries of a YAML list, as text."""
    parts = re.split(r"(?m)^(?=- )", text)
    return [p for p in parts if p.startswith("- ")]


def server_seeds(out, lsp_tests):
    """The lit transcripts of test/LSP, as the server reads them under
    --lit-test and framed with Content-Length headers. Their folder names are
    made to name nothing on disk: the server then checks only the YAML."""
    count = 0
    for name in sorted(os.listdir(lsp_tests)):
        if not name.endswith(".test"):
            continue
        text = open(os.path.join(lsp_tests, name), encoding="utf-8").read()
        text = text.replace("@EXAMPLES@", "/nonexistent/examples")
        messages = [m.strip() for m in re.split(r"(?m)^// -----$", text)]
        messages = ["\n".join(l for l in m.splitlines() if not l.startswith("//"))
                    for m in messages]
        messages = [m for m in messages if m.startswith("{")]
        if not messages:
            continue
        write(out, "\n// -----\n".join(messages) + "\n")
        framed = b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(m.encode()), m.encode())
                          for m in messages)
        write(out, framed)
        count += 2
    return count


def main():
    p = argparse.ArgumentParser()
    p.add_argument("target")
    p.add_argument("corpus")
    p.add_argument("out")
    p.add_argument("--gradgen")
    p.add_argument("--inputs")
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    versions = sorted(d for d in os.listdir(a.corpus) if d.startswith("pytorch-"))
    read = lambda v, f: open(os.path.join(a.corpus, v, f), encoding="utf-8").read()
    count = 0
    for v in versions:
        natives = read(v, "native_functions.yaml")
        derivs = read(v, "derivatives.yaml")
        if a.target == "schema":
            for m in re.finditer(r"(?m)^- func: (.*)$", natives):
                write(a.out, m.group(1)); count += 1
        elif a.target == "yaml":
            write(a.out, read(v, "tags.yaml")); count += 1
            for text in (natives, derivs):
                es = entries(text)
                for i in range(0, len(es), 8):
                    write(a.out, "".join(es[i:i + 8])); count += 1
        elif a.target == "derivatives":
            own = open(os.path.join(a.inputs, "native_functions.yaml")).read()
            names = set(re.findall(r"(?m)^- func: ([^(]*)\(", own))
            for e in entries(derivs):
                m = re.match(r"- name: ([^(]*)\(", e)
                if m and m.group(1) in names:
                    write(a.out, e); count += 1
            es = entries(derivs)
            for i in range(0, len(es), 16):
                write(a.out, "".join(es[i:i + 16])); count += 1
        elif a.target == "deprecated":
            # The whole file, and each entry alone.
            text = read(v, "deprecated.yaml")
            write(a.out, text); count += 1
            for e in entries(text):
                write(a.out, e); count += 1
        elif a.target == "formula":
            for m in re.finditer(r"(?m)^  (self|other|result): (.*)$", derivs):
                value = m.group(2).strip()
                if value.startswith('"') and value.endswith('"'):
                    value = value[1:-1]
                prefix = "result:\n" if m.group(1) == "result" else ""
                write(a.out, prefix + value); count += 1
    if a.target == "server":
        count += server_seeds(a.out, os.path.join(os.path.dirname(a.inputs),
                                                  "..", "LSP"))
    if a.target == "cache":
        # Results cache files as gradgen writes them for the tests' formulas
        # (the last run's file holds them all).
        with tempfile.TemporaryDirectory() as cache:
            tests = os.path.join(os.path.dirname(a.inputs))
            for name in ("exactness.yaml", "generated-code.yaml", "rule-types.yaml"):
                subprocess.call(
                    [a.gradgen, "check", "--cache-dir=" + cache,
                     "--native-functions", os.path.join(a.inputs, "native_functions.yaml"),
                     "--tags", os.path.join(a.inputs, "tags.yaml"),
                     "--derivatives", os.path.join(tests, name)],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            # And a native function set and the entries of the families that
            # read only the schemas (the second run writes these).
            generate = os.path.join(os.path.dirname(tests), "Generate", "Inputs")
            for _ in range(2):
                subprocess.call(
                    [a.gradgen, "generate", "--cache-dir=" + cache,
                     "--families", "trace-type,variable-factories",
                     "--native-functions", os.path.join(generate, "native_functions.yaml"),
                     "--tags", os.path.join(generate, "tags.yaml"),
                     "--derivatives", os.path.join(generate, "derivatives.yaml"),
                     "--helpers", os.path.join(generate, "helpers.h"),
                     "--torch-root", os.path.join(os.path.dirname(tests), "..",
                                                  "examples", "basic"),
                     "--output-dir", os.path.join(cache, "out")],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for f in os.listdir(cache):
                if f.endswith(".bin"):
                    data = open(os.path.join(cache, f), "rb").read()
                    write(a.out, data); count += 1
                    write(a.out, data[: len(data) // 2]); count += 1
    # Clang checks about 5 formulas a second: a sample of the corpus's is
    # what a 10-minute run can read.
    if a.target == "formula":
        names = sorted(os.listdir(a.out))
        for name in names[300:]:
            os.remove(os.path.join(a.out, name))
        count = min(count, 300)
    print("fuzz-seeds: %d seeds for %s" % (count, a.target), file=sys.stderr)


if __name__ == "__main__":
    main()
