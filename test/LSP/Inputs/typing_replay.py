"""Replays a typing session against gradgen-lsp-server: a formula typed
character by character and deleted again, then random edits anywhere in the
file, sent without waiting, with hovers and code actions in between. Checks
that the server answers every request, publishes versions in increasing
order only, and that its final diagnostics are those `gradgen check` reports
on the final text.

usage: typing_replay.py SERVER GRADGEN DIR EDITS SEED
DIR holds derivatives.yaml, native_functions.yaml, tags.yaml, helpers.h.
"""

import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "utils"))
from lsp_client import LSPClient, path_to_uri  # noqa: E402


def offset_to_position(text, offset):
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    return {"line": line, "character": offset - start}


class Session:
    def __init__(self, client, uri, text):
        self.client, self.uri, self.text, self.version = client, uri, text, 1
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": 1, "text": text}})

    def edit(self, begin, end, new_text):
        """Replaces text[begin:end] by new_text with an incremental change."""
        change = {"range": {"start": offset_to_position(self.text, begin),
                            "end": offset_to_position(self.text, end)},
                  "text": new_text}
        self.text = self.text[:begin] + new_text + self.text[end:]
        self.version += 1
        self.client.notify("textDocument/didChange", {
            "textDocument": {"uri": self.uri, "version": self.version},
            "contentChanges": [change]})


def type_formula(session, edits):
    """Types a new formula line char by char after the first entry's name
    line, then deletes it char by char, again until `edits` changes were
    made."""
    formula = "  result: at::mm(self_t, other_p) + self.sym_sizes()[0] * grad\n"
    at = session.text.index("\n") + 1
    while session.version - 1 < edits:
        left = edits - (session.version - 1)
        typed = 0
        for ch in formula[: left // 2]:
            session.edit(at + typed, at + typed, ch)
            typed += 1
        while typed:
            session.edit(at + typed - 1, at + typed, "")
            typed -= 1


def formula_offset(text, rng):
    """An offset inside some formula value (after `  key: `), or None."""
    starts = [i + len(": ") for i in range(len(text))
              if text.startswith(": ", i) and text.rfind("\n", 0, i) + 3 <= i
              and text[text.rfind("\n", 0, i) + 1:i].startswith("  ")]
    if not starts:
        return None
    begin = rng.choice(starts)
    end = text.find("\n", begin)
    return rng.randrange(begin, (end if end >= 0 else len(text)) + 1)


def random_edits(session, rng, count):
    """Edits at random: most inside formulas (with C++ characters), the rest
    anywhere (with YAML's too)."""
    for _ in range(count):
        alphabet = "abcdefghijklmnopqrstuvwxyz_()[]{},.:*+-'\" \n#0123456789"
        limit = len(session.text)
        begin = formula_offset(session.text, rng) if rng.random() < 0.8 else None
        if begin is not None:
            alphabet = "abcdefghijklmnopqrstuvwxyz_(),.*+-0123456789"
            limit = session.text.find("\n", begin) % (len(session.text) + 1)
        else:
            begin = rng.randrange(len(session.text) + 1)
        end = min(limit, begin + rng.choice([0, 0, 1, 2, 5]))
        insert = "".join(rng.choice(alphabet) for _ in range(rng.choice([0, 1, 1, 3])))
        session.edit(begin, end, insert)
        if rng.random() < 0.1:
            pos = offset_to_position(session.text, rng.randrange(len(session.text) + 1))
            session.client.request("textDocument/hover", {
                "textDocument": {"uri": session.uri}, "position": pos})
            session.client.request("textDocument/codeAction", {
                "textDocument": {"uri": session.uri},
                "range": {"start": pos, "end": pos}, "context": {"diagnostics": []}})


def check_diagnostics(gradgen, directory, path):
    result = subprocess.run(
        [gradgen, "check", "--diagnostics-format=json", "--derivatives", path,
         "--native-functions", os.path.join(directory, "native_functions.yaml"),
         "--tags", os.path.join(directory, "tags.yaml"),
         "--helpers", os.path.join(directory, "helpers.h")],
        capture_output=True, text=True, timeout=300)
    document = json.loads(result.stdout or result.stderr)
    return sorted((d["rule"], d["line"] - 1, d["message"])
                  for d in document["diagnostics"]
                  if os.path.abspath(d["file"]) == os.path.abspath(path))


def main():
    server, gradgen, directory, edits, seed = sys.argv[1:6]
    path = os.path.join(directory, "derivatives.yaml")
    with open(path) as f:
        text = f.read()
    client = LSPClient([server])
    client.initialize()
    uri = path_to_uri(path)
    session = Session(client, uri, text)
    type_formula(session, int(edits))
    print("typed and deleted: version", session.version)
    random_edits(session, random.Random(int(seed)), int(edits) // 3)
    final = session.version
    requests = client.next_id
    seen = []
    _, params = client.wait_for_diagnostics(uri, final, timeout=300, seen=seen)
    # Every request was answered, each version published at most once and
    # in order.
    answered = {m["id"] for _, m in seen if "id" in m and "method" not in m}
    versions = [m["params"].get("version") for _, m in seen
                if m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["uri"] == uri] + [final]
    missing = set(range(2, requests + 1)) - answered
    # Replies to the last requests may follow the final diagnostics.
    for _ in range(len(missing)):
        _, m = client.wait_for(lambda m: "id" in m and "method" not in m)
        missing.discard(m["id"])
    print("published versions:", len(versions), "requests answered:",
          requests - 1 - len(missing), "of", requests - 1)
    if missing or versions != sorted(set(versions)):
        print("FAIL: missing replies %s or versions out of order %s"
              % (sorted(missing), versions))
        return 1
    got = sorted((d.get("code", ""), d["range"]["start"]["line"], d["message"])
                 for d in params["diagnostics"])
    with open(path, "w") as f:
        f.write(session.text)
    expected = check_diagnostics(gradgen, directory, path)
    print("final diagnostics:", len(got))
    for d in got:
        print("  %s %d %s" % d)
    if got != expected:
        print("FAIL: gradgen check reports")
        for d in expected:
            print("  %s %d %s" % d)
        return 1
    code = client.shutdown()
    print("exit code", code)
    return code


if __name__ == "__main__":
    sys.exit(main())
