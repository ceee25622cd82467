"""Checks one tree with `gradgen check` and with gradgen-lsp-server (as an
editor opens its derivatives.yaml, with no initializationOptions) and prints
the errors and warnings of each, then whether they agree. Every setting
comes from the tree's .gradgen.yaml: the two must resolve it alike.

usage: editor_parity.py GRADGEN SERVER EXAMPLES INPUTS WORK VARIANT [CORPUS]
VARIANT: settings  (.gradgen.yaml names the schemas, a helper header,
                    defines and std)
         database  (.gradgen.yaml names the profile pytorch-1.13 and
                    the schemas of CORPUS (the 1.13.1 corpus), and
                    compile-commands: a build folder whose
                    compile_commands.json gives -I/usr/include (libtorch-dev's
                    headers: real-header mode), -D and -std)
Columns are left out of the comparison: the command line's is Clang's caret,
the editor's range starts where Clang's highlighted range starts.
"""

import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "utils"))
from lsp_client import LSPClient, path_to_uri  # noqa: E402

LINE = re.compile(r"^(.*?):(\d+):(\d+): (error|warning): (.*)$")
SEVERITY = {1: "error", 2: "warning"}


def make_tree(examples, inputs, work, variant, corpus):
    tree = os.path.join(work, variant)
    shutil.rmtree(tree, ignore_errors=True)
    shutil.copytree(inputs, tree, ignore=shutil.ignore_patterns("*.in"))
    config = open(os.path.join(inputs, "gradgen.yaml.in")).read()
    config = config.replace("@EXAMPLES@", examples)
    if variant == "database":
        config = config.replace(examples, corpus)
        config = "\n".join(line for line in config.splitlines()
                           if not line.startswith(("defines", "std")))
        config += "\nprofile: pytorch-1.13\ncompile-commands: build\n"
        entry = os.path.join(tree, "torch", "csrc", "autograd", "FunctionsManual.cpp")
        os.makedirs(os.path.join(tree, "build"))
        with open(os.path.join(tree, "build", "compile_commands.json"), "w") as f:
            json.dump([{"directory": tree, "file": entry,
                        "arguments": ["c++", "-I/usr/include", "-DGRADGEN_PARITY_HELPER=1",
                                      "-std=gnu++17", "-c", entry]}], f)
    with open(os.path.join(tree, ".gradgen.yaml"), "w") as f:
        f.write(config)
    return tree


def command_line(gradgen, tree, cache):
    run = subprocess.run([gradgen, "check", "derivatives.yaml", "--cache-dir=" + cache],
                         cwd=tree, capture_output=True, text=True)
    found = set()
    for line in run.stderr.splitlines():
        match = LINE.match(line)
        if match:
            path, line_no, column, severity, message = match.groups()
            found.add("%s:%s: %s: %s" % (os.path.basename(path), line_no,
                                         severity, message))
    return found


def server(command, tree, cache):
    client = LSPClient([command], stderr=subprocess.DEVNULL)
    client.initialize({"cacheDir": cache}, root=tree)
    path = os.path.join(tree, "derivatives.yaml")
    uri = path_to_uri(path)
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "yaml", "version": 1, "text": open(path).read()}})
    seen = []
    # documentSymbol waits for the check: its reply comes after every
    # publishDiagnostics of it, those of the helper headers included.
    id = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    client.wait_for(lambda m: m.get("id") == id, timeout=120, seen=seen)
    client.call("shutdown", None)
    client.notify("exit", None)
    found = set()
    for _, message in seen:
        if message.get("method") != "textDocument/publishDiagnostics":
            continue
        name = os.path.basename(message["params"]["uri"])
        for d in message["params"]["diagnostics"]:
            if d.get("severity") in SEVERITY:
                start = d["range"]["start"]
                found.add("%s:%d: %s: %s" % (name, start["line"] + 1,
                                             SEVERITY[d["severity"]], d["message"]))
    return found


def main():
    gradgen, lsp, examples, inputs, work, variant = sys.argv[1:7]
    corpus = sys.argv[7] if len(sys.argv) > 7 else None
    tree = make_tree(examples, inputs, work, variant, corpus)
    # One cache for both: real-header mode precompiles libtorch's headers
    # once.
    cache = os.path.join(work, "cache")
    cli, editor = command_line(gradgen, tree, cache), server(lsp, tree, cache)
    for line in sorted(cli):
        print("cli: " + line)
    for line in sorted(editor):
        print("lsp: " + line)
    if cli == editor:
        print("agree: %d diagnostics" % len(cli))
        return 0
    print("differ")
    return 1


if __name__ == "__main__":
    sys.exit(main())
