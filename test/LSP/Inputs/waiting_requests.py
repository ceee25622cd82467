"""Requests sent while a check runs, against gradgen-lsp-server started with
--debug-check-delay (each check waits first, so that the requests below
surely arrive while it runs). Prints what the server sends, a line per
message in the order received, for FileCheck.

usage: waiting_requests.py SERVER... -- DIR
DIR holds derivatives.yaml (examples/basic's), native_functions.yaml,
tags.yaml and helpers.h.
"""

import json
import os
import subprocess
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "utils"))
from lsp_client import LSPClient, path_to_uri  # noqa: E402


def describe(message):
    if "method" in message:
        params = message["params"]
        return "%s version %s: %d diagnostics" % (
            message["method"], params.get("version"), len(params["diagnostics"]))
    if "error" in message:
        return "reply %s: error %d %s" % (message["id"], message["error"]["code"],
                                          message["error"]["message"])
    result = message["result"]
    if isinstance(result, dict) and "range" in result:
        summary = "range at line %d" % result["range"]["start"]["line"]
    elif isinstance(result, dict) and "items" in result:
        labels = [item["label"] for item in result["items"]]
        summary = "%s completions, cos among them: %s" % (
            "some" if labels else "no", "cos" in labels)
    elif isinstance(result, list):
        summary = ", ".join("%s:%d" % (os.path.basename(loc["uri"]),
                                       loc["range"]["start"]["line"])
                            for loc in result)
    else:
        summary = json.dumps(result)
    return "reply %s: %s" % (message["id"], summary)


class Log:
    """The server's stderr (--log=info), line by line."""

    def __init__(self, stream):
        self.lines, self.changed = [], threading.Condition()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream):
        for line in stream:
            with self.changed:
                self.lines.append(line.decode().rstrip())
                self.changed.notify_all()

    def wait_for(self, text):
        with self.changed:
            if not self.changed.wait_for(
                    lambda: any(text in line for line in self.lines), timeout=60):
                sys.exit("no log line with %r" % text)


def main():
    split = sys.argv.index("--")
    server, folder = sys.argv[1:split], sys.argv[split + 1]
    client = LSPClient(server + ["--log=info"], stderr=subprocess.PIPE)
    log = Log(client.process.stderr)
    client.initialize({"helpers": [os.path.join(folder, "helpers.h")]})
    path = os.path.join(folder, "derivatives.yaml")
    uri = path_to_uri(path)
    text = open(path).read()
    lines = text.split("\n")
    mul = lines.index("- name: mul.Tensor(Tensor self, Tensor other) -> Tensor")
    sin = lines.index("- name: sin(Tensor self) -> Tensor")
    doc = {"uri": uri}

    def at(line, character):
        return {"textDocument": doc, "position": {"line": line, "character": character}}

    def change(version, line, new_text):
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": line, "character": 0},
                                          "end": {"line": line + 1, "character": 0}},
                                "text": new_text}]})

    def show_until(done):
        while True:
            _, message = client.next_message(timeout=60)
            print(describe(message), flush=True)
            if done(message):
                return

    def diagnostics_of(version):
        return lambda m: (m.get("method") == "textDocument/publishDiagnostics"
                          and m["params"].get("version") == version)

    print("# opened; a request before the first check waits, and is cancelled")
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "yaml", "version": 1, "text": text}})
    first = client.request("textDocument/hover", at(mul, 10))
    client.notify("$/cancelRequest", {"id": first})
    show_until(lambda m: m.get("id") == first)
    log.wait_for("checking %s version 1" % uri)
    print("# an edit answers the waiting requests ContentModified and stops "
          "the check of the text before it")
    client.request("textDocument/hover", at(mul, 10))
    change(2, sin + 1, "  self: grad * self.cos()\n")
    definition = client.request("textDocument/definition", at(mul, 10))
    show_until(lambda m: m.get("id") == definition)
    print("# while the check of an edit of sin's entry runs: mul.Tensor's "
          "entry, one line lower now, is answered at once")
    change(3, sin + 1, "  self: grad * self.\n  # being typed\n")
    client.request("textDocument/hover", at(mul + 1, 10))
    client.request("textDocument/definition", at(mul + 1, 10))
    print("# completion reads the text being typed; a hover in the edited "
          "entry waits for its check")
    client.request("textDocument/completion", at(sin + 1, len("  self: grad * self.")))
    last = client.request("textDocument/hover", at(sin, 10))
    show_until(lambda m: m.get("id") == last)
    client.call("shutdown", None)
    client.notify("exit", None)
    code = client.process.wait(timeout=60)
    for line in log.lines:
        if "the check of" in line:
            print("log: " + line.replace(uri, "URI"))
    sys.exit(code)


if __name__ == "__main__":
    main()
