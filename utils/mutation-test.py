#!/usr/bin/env python3
"""The differential mutation battery (docs/reliability.md).

Makes N one-line mutations of a real derivatives.yaml -- lines deleted or
swapped, typos in operator names, argument names, types and formulas,
characters that break the formula's framing or the YAML -- and runs
`gradgen check` on each. Every mutant must end with exit status 0 or 1 (no
signal, no hang), every error must be located in derivatives.yaml or
native_functions.yaml (never in gradgen's own files), and, with --compile,
a mutant gradgen accepts must generate a Functions.cpp that compiles
against the installed libtorch (1.13.1 only: utils/libtorch).

  utils/mutation-test.py --gradgen build/bin/gradgen --version 2.14.1
  utils/mutation-test.py --gradgen build/bin/gradgen --version 1.13.1 --compile

Exit status: 0 if every mutant passed, 1 otherwise (each failure printed)."""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DIAG = re.compile(r"^(.*?):(\d+):(\d+): (error|warning|note): ")
UNLOCATED = re.compile(r"^(?:gradgen: )?error: ")

FORMULA_EDITS = [
    ("drop a character", lambda f, r: (lambda i: f[:i] + f[i + 1:])(r.randrange(len(f)))),
    ("extra '('", lambda f, r: f.replace("(", "((", 1)),
    ("missing ')'", lambda f, r: f[::-1].replace(")", "", 1)[::-1]),
    ("'grad' misspelt", lambda f, r: f.replace("grad", "grda", 1)),
    ("a ';'", lambda f, r: f + "; 0"),
    ("a top-level comma", lambda f, r: f + ", grad"),
    ("'.' to '->'", lambda f, r: f.replace(".", "->", 1)),
    ("a directive", lambda f, r: "#include \"/etc/passwd\" " + f),
    ("a line comment", lambda f, r: f + " // x"),
    ("an identifier doubled", lambda f, r: re.sub(r"\b([a-z_]+)\b", r"\1\1", f, count=1)),
    ("an unknown member", lambda f, r: f.replace(".", ".no_such_member().", 1)),
    ("a number for a tensor", lambda f, r: re.sub(r"\bgrad\b", "1", f, count=1)),
    ("an unterminated string", lambda f, r: f + ' "x'),
    ("a trailing backslash", lambda f, r: f + " \\\\"),
    ("a lambda body", lambda f, r: "[&]{ return " + f + "; }()"),
    ("a statement expression", lambda f, r: "({ " + f + "; })"),
]
TYPE_EDITS = [("Tensor", "Tensr"), ("int", "itn"), ("SymInt[]", "SymInt["),
              ("Scalar", "Scalr"), ("bool", "boool"), ("?", "??"),
              ("Tensor(a)", "Tensor(a"), ("float", "double")]


def typo(word, r):
    if len(word) < 2:
        return word + "x"
    i = r.randrange(len(word) - 1)
    kind = r.randrange(3)
    if kind == 0:
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if kind == 1:
        return word[:i] + word[i + 1:]
    return word[:i] + r.choice("abcdefghijklmnopqrstuvwxyz_") + word[i:]


def mutate(lines, r):
    """One mutation: (description, new lines)."""
    names = [i for i, l in enumerate(lines) if l.startswith("- name: ")]
    keys = [i for i, l in enumerate(lines) if re.match(r"^ +[A-Za-z_][A-Za-z0-9_, ]*: \S", l)
            and not l.strip().startswith(("name:", "output_differentiability:", "dispatch:"))]
    code = [i for i, l in enumerate(lines) if l.strip() and not l.lstrip().startswith("#")]
    kind = r.choice(["delete", "swap", "op-name", "arg-name", "type", "formula",
                     "formula", "formula", "indent", "quote"])
    out = list(lines)
    if kind == "delete":
        i = r.choice(code)
        del out[i]
        return "line %d deleted" % (i + 1), out
    if kind == "swap":
        i = r.choice(code[:-1])
        out[i], out[i + 1] = out[i + 1], out[i]
        return "lines %d and %d swapped" % (i + 1, i + 2), out
    if kind == "op-name":
        i = r.choice(names)
        m = re.match(r"- name: ([A-Za-z0-9_]+)", out[i])
        out[i] = out[i].replace(m.group(1), typo(m.group(1), r), 1)
        return "operator name misspelt on line %d" % (i + 1), out
    if kind == "arg-name":
        i = r.choice(keys)
        key, value = out[i].split(":", 1)
        words = re.findall(r"[A-Za-z_][A-Za-z0-9_]*", key)
        w = r.choice(words)
        out[i] = key.replace(w, typo(w, r), 1) + ":" + value
        return "key name misspelt on line %d" % (i + 1), out
    if kind == "type":
        i = r.choice(names)
        edits = [e for e in TYPE_EDITS if e[0] in out[i]]
        if not edits:
            return mutate(lines, r)
        a, b = r.choice(edits)
        out[i] = out[i].replace(a, b, 1)
        return "type %r to %r on line %d" % (a, b, i + 1), out
    if kind == "formula":
        i = r.choice(keys)
        key, value = out[i].split(":", 1)
        formula = value.strip()
        quoted = formula[:1] in "\"'" and formula[-1:] == formula[:1]
        body = formula[1:-1] if quoted else formula
        if not body:
            return mutate(lines, r)
        what, edit = r.choice(FORMULA_EDITS)
        body = edit(body, r)
        if quoted or any(c in body for c in "#:{}[],&*!|>'\"%@`"):
            body = '"' + body.replace("\\", "\\\\").replace('"', '\\"') + '"'
        out[i] = key + ": " + body
        return "formula on line %d: %s" % (i + 1, what), out
    if kind == "indent":
        i = r.choice(code)
        out[i] = (" " if r.randrange(2) else "") + out[i][1 if out[i].startswith(" ") else 0:]
        return "indentation of line %d" % (i + 1), out
    i = r.choice(code)
    out[i] = out[i] + ' "'
    return "unmatched quote on line %d" % (i + 1), out


def torch_root(args):
    """The PyTorch tree whose templates generated files are rendered from."""
    if args.torch_root:
        return args.torch_root
    oracle = os.environ.get("ORACLE_DIR") or os.path.join(
        os.environ.get("TMPDIR", "/tmp"), "gradgen-reference")
    if args.version.startswith("1."):
        return os.path.join(oracle, "ref", "pytorch-" + args.version)
    return os.path.join(oracle, "work", "pytorch-" + args.version)


def check_one(args, corpus, work, description, text):
    path = os.path.join(work, "derivatives.yaml")
    with open(path, "w") as f:
        f.write(text)
    common = ["--native-functions", os.path.join(corpus, "native_functions.yaml"),
              "--tags", os.path.join(corpus, "tags.yaml"), "--derivatives", path]
    profile = ["--profile", "pytorch-1.13"] if args.version.startswith("1.") else []
    try:
        p = subprocess.run([args.gradgen, "check"] + profile + common,
                           capture_output=True, text=True, timeout=args.timeout,
                           errors="replace")
    except subprocess.TimeoutExpired:
        return ["hang: no exit after %d s" % args.timeout], None
    problems = []
    if p.returncode not in (0, 1):
        problems.append("exit status %d%s" % (p.returncode,
                        " (signal %d)" % -p.returncode if p.returncode < 0 else ""))
    for line in p.stderr.splitlines():
        m = DIAG.match(line)
        if m:
            name = os.path.basename(m.group(1))
            if m.group(4) == "error" and name not in ("derivatives.yaml", "native_functions.yaml"):
                problems.append("error outside the user's files: " + line)
            if "__gradgen" in m.group(1):
                problems.append("diagnostic in gradgen's own file: " + line)
        elif UNLOCATED.match(line):
            problems.append("error without a location: " + line)
    if p.returncode == 0 and any(DIAG.match(l) and DIAG.match(l).group(4) == "error"
                                 for l in p.stderr.splitlines()):
        problems.append("exit 0 after an error")
    if p.returncode == 1 and " error: " not in p.stderr and not p.stderr.startswith("error"):
        if not any(DIAG.match(l) and DIAG.match(l).group(4) == "error" for l in p.stderr.splitlines()):
            problems.append("exit 1 without any error")
    if p.returncode == 0 and args.compile:
        out = os.path.join(work, "out")
        shutil.rmtree(out, ignore_errors=True)
        g = subprocess.run([args.gradgen, "generate", "--output-dir", out,
                            "--torch-root", torch_root(args)] + profile + common
                           + ["--deprecated", os.path.join(corpus, "deprecated.yaml")],
                           capture_output=True, text=True, timeout=args.timeout)
        if g.returncode != 0:
            problems.append("check accepted it, generate failed:\n" + g.stderr[-2000:])
        else:
            c = subprocess.run([sys.executable, os.path.join(HERE, "libtorch", "libtorch_check.py"),
                                "--cache-dir", args.compile_cache, "compile", out],
                               capture_output=True, text=True)
            if c.returncode != 0:
                problems.append("Functions.cpp does not compile:\n" + (c.stdout + c.stderr)[-3000:])
    return problems, p.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gradgen", required=True)
    ap.add_argument("--version", default="2.14.1")
    ap.add_argument("--corpus", default=os.path.join(HERE, "..", "..", "shared", "corpus"))
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--compile", action="store_true",
                    help="compile Functions.cpp of accepted mutants (libtorch 1.13.1)")
    ap.add_argument("--compile-limit", type=int, default=0,
                    help="compile at most this many accepted mutants (0: all)")
    ap.add_argument("--compile-cache", default=os.path.join(tempfile.gettempdir(),
                                                             "gradgen-mutation-compile"))
    ap.add_argument("--torch-root", help="PyTorch tree whose "
                    "tools/autograd/templates --compile renders (default: the "
                    "reference set-up's tree of --version)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    corpus = os.path.join(args.corpus, "pytorch-" + args.version)
    lines = open(os.path.join(corpus, "derivatives.yaml"), encoding="utf-8").read().split("\n")
    r = random.Random(args.seed)
    failures = accepted = compiled = 0
    with tempfile.TemporaryDirectory() as work:
        for n in range(args.count):
            description, mutated = mutate(lines, r)
            compile_this = args.compile and (not args.compile_limit or compiled < args.compile_limit)
            saved, args.compile = args.compile, compile_this
            problems, status = check_one(args, corpus, work, description, "\n".join(mutated))
            args.compile = saved
            if status == 0:
                accepted += 1
                compiled += compile_this
            if problems:
                failures += 1
                print("FAIL %d: %s" % (n, description))
                for p in problems:
                    print("  " + p)
                sys.stdout.flush()
            elif args.verbose:
                print("ok %d: %s: %s" % (n, description,
                                         "accepted" if status == 0 else "rejected"))
    print("mutation-test: %d mutants of %s, %d accepted (%d compiled), %d failed"
          % (args.count, args.version, accepted, compiled, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
