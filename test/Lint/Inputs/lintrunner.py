"""lintrunner.py CONFIG ROOT [-a] FILE...: runs the [[linter]] entries of
CONFIG on FILEs of the repository ROOT as lintrunner 0.13 does, since
lintrunner itself cannot be installed here (github.com/suo/lintrunner):

- a linter takes the FILEs its include_patterns match, relative to ROOT
  (lintrunner's glob options: `*` stops at `/`), as canonical absolute
  paths, one a line, in the file {{PATHSFILE}} names (src/linter.rs,
  run_command);
- its command runs in ROOT, the folder of the configuration; a non-zero exit
  is the linter's failure ("Linter failed");
- every non-empty line of its standard output is one LintMessage
  (src/lint_message.rs), here also held to exactly the fields of PyTorch's
  adapters (tools/linter/adapters/*.py), original and replacement both
  present or both null, and original equal to the file;
- -a writes each replacement over its file and refuses two replacements of
  one file (src/lib.rs, apply_patches).

Prints each message as lintrunner's --output=oneline does (src/render.rs),
paths relative to ROOT, then `applied N` with -a. Exits 1 on any breach."""
import json
import os
import re
import subprocess
import sys
import tempfile
import tomllib

FIELDS = ["path", "line", "char", "code", "severity", "name", "original",
          "replacement", "description"]
SEVERITIES = {"error": "Error", "warning": "Warning", "advice": "Advice",
              "disabled": "Disabled"}


def fail(message):
    print("lintrunner.py: " + message, file=sys.stderr)
    sys.exit(1)


def glob_regex(pattern):
    out = ""
    i = 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out, i = out + "(?:.*/)?", i + 3
        elif pattern.startswith("**", i):
            out, i = out + ".*", i + 2
        elif pattern[i] == "*":
            out, i = out + "[^/]*", i + 1
        elif pattern[i] == "?":
            out, i = out + "[^/]", i + 1
        else:
            out, i = out + re.escape(pattern[i]), i + 1
    return re.compile(out + r"\Z")


def check_message(message, code, root):
    if not isinstance(message, dict) or list(message) != FIELDS:
        fail("fields are not %s: %s" % (FIELDS, list(message)))
    kinds = {"path": str, "line": int, "char": int, "code": str,
             "severity": str, "name": str, "original": str,
             "replacement": str, "description": str}
    for field, kind in kinds.items():
        value = message[field]
        if field not in ("code", "severity", "name") and value is None:
            continue
        if not isinstance(value, kind) or isinstance(value, bool):
            fail("%s is no %s: %r" % (field, kind.__name__, value))
    if message["code"] != code:
        fail("code %r is not the entry's %r" % (message["code"], code))
    if message["severity"] not in SEVERITIES:
        fail("unknown severity %r" % message["severity"])
    if (message["original"] is None) != (message["replacement"] is None):
        fail("original and replacement must come together")
    if message["original"] is not None:
        path = os.path.join(root, message["path"])
        with open(path, encoding="utf-8", newline="") as f:
            if f.read() != message["original"]:
                fail("original is not the text of " + message["path"])


def run_linter(linter, root, files):
    patterns = [glob_regex(p) for p in linter["include_patterns"]]
    matched = [f for f in files if any(p.match(f) for p in patterns)]
    if not matched:
        return []
    with tempfile.NamedTemporaryFile("w", delete=False) as paths_file:
        for name in matched:
            paths_file.write(os.path.realpath(os.path.join(root, name)) + "\n")
    command = [arg.replace("{{PATHSFILE}}", paths_file.name)
               for arg in linter["command"]]
    result = subprocess.run(command, cwd=root, capture_output=True, text=True)
    os.unlink(paths_file.name)
    if result.returncode != 0:
        fail("Linter failed: exit %d\nSTDERR:\n%s\nSTDOUT:\n%s" % (
            result.returncode, result.stderr, result.stdout))
    messages = []
    for line in result.stdout.splitlines():
        if line:
            message = json.loads(line)
            check_message(message, linter["code"], root)
            messages.append(message)
    return messages


def display_path(path, root):
    if path is None:
        return "[General linter failure]"
    return os.path.relpath(os.path.realpath(path), os.path.realpath(root))


def main():
    config, root = sys.argv[1:3]
    args = sys.argv[3:]
    apply = "-a" in args
    files = [f for f in args if f != "-a"]
    with open(config, "rb") as f:
        linters = tomllib.load(f)["linter"]
    messages = []
    for linter in linters:
        messages += run_linter(linter, root, files)
    for m in messages:
        print("%s:%s:%s :%s %s [%s/%s]" % (
            display_path(m["path"], root),
            "" if m["line"] is None else m["line"],
            "" if m["char"] is None else m["char"],
            SEVERITIES[m["severity"]],
            " ".join((m["description"] or "").splitlines()),
            m["code"], m["name"]))
    if not apply:
        return
    patched = set()
    for m in messages:
        if m["replacement"] is None or m["path"] is None:
            continue
        path = os.path.realpath(os.path.join(root, m["path"]))
        if path in patched:
            fail("Two different linters proposed changes for the same file: "
                 + path)
        patched.add(path)
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(m["replacement"])
    print("applied %d" % len(patched))


main()
