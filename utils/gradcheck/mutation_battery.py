#!/usr/bin/env python3
"""The gradcheck mutation battery (docs/gradcheck.md).

Makes one-line mutants of the formulas of the operators `gradgen gradcheck`
checks on the unmodified derivatives.yaml (a seeded program: operand swaps,
dropped terms, sign flips, a wrong argument, `result` for `self`, a removed
`.conj()`), keeps those that `gradgen check` still accepts, and runs
`gradgen gradcheck --op OP` on each. A mutant is caught when gradcheck exits
1 with a diagnostic on the mutated line. A mutant listed in
equivalent-mutants.txt (beside this script; --equivalents FILE), with the
reason no input can tell it from the original, is reported as equivalent and
left out of the percentage.

  utils/gradcheck/mutation_battery.py --gradgen build/bin/gradgen \\
      --corpus ../shared/corpus/pytorch-1.13.1 \\
      --torch-root /tmp/gradgen-reference/ref/pytorch-1.13.1 --count 150

--sample N runs N of the mutants (CI); --report FILE reuses a gradcheck
report of the unmodified file (else one is made); --ops A,B mutates only
those operators. Prints one line a mutant
and `caught C/T (P%), E equivalent`; exit status 0 if at least --floor percent are caught.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

SKIP_VALUES = ("non_differentiable", "auto_element_wise", "auto_linear",
               "not_implemented")
KEY_LINE = re.compile(r"^(  )([A-Za-z_0-9, ]+): (.+)$")
IDENT = re.compile(r"\b[A-Za-z_][A-Za-z_0-9]*\b")


def entries(lines, ops):
    """(op, [(line index, key, formula)]) for each entry of ops."""
    current, found = None, {}
    for i, line in enumerate(lines):
        if line.startswith("- name: "):
            name = line[len("- name: "):].split("(", 1)[0].strip()
            current = name if name in ops else None
            continue
        match = KEY_LINE.match(line)
        if current and match:
            key, formula = match.group(2), match.group(3)
            if key in ("output_differentiability", "dispatch", "name") or \
                    formula.startswith(SKIP_VALUES):
                continue
            found.setdefault(current, []).append((i, key, formula))
    return found


def call_args(formula):
    """(start, end) of each top-level argument of the first call."""
    open_paren = formula.find("(")
    if open_paren < 0:
        return []
    depth, start, spans = 0, open_paren + 1, []
    for i in range(open_paren, len(formula)):
        c = formula[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                spans.append((start, i))
                return spans
        elif c == "," and depth == 1:
            spans.append((start, i))
            start = i + 1
    return []


def top_level_terms(formula):
    """Indices of the top-level ' + ' and ' - ' operators."""
    depth, found = 0, []
    for i, c in enumerate(formula):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0 and formula[i:i + 3] in (" + ", " - "):
            found.append(i)
    return found


def mutants_of(formula, key, names, rng):
    """Every (kind, mutated formula) the operators make of formula."""
    out = []
    spans = call_args(formula)
    plain = [s for s in spans if IDENT.fullmatch(formula[s[0]:s[1]].strip())]
    if len(plain) >= 2:
        a, b = rng.sample(plain, 2)
        a, b = sorted((a, b))
        swapped = (formula[:a[0]] + formula[b[0]:b[1]] + formula[a[1]:b[0]]
                   + formula[a[0]:a[1]] + formula[b[1]:])
        out.append(("swap", swapped))
    for i in top_level_terms(formula):
        out.append(("drop", formula[:i].rstrip()))
        out.append(("drop", formula[i + 3:].lstrip()))
        flipped = " - " if formula[i:i + 3] == " + " else " + "
        out.append(("sign", formula[:i] + flipped + formula[i + 3:]))
    out.append(("sign", "-(" + formula + ")"))
    used = [m for m in IDENT.finditer(formula) if m.group(0) in names]
    for m in used:
        for other in names:
            if other != m.group(0):
                out.append(("argument", formula[:m.start()] + other +
                            formula[m.end():]))
    for m in re.finditer(r"\bself\b", formula):
        if key != "result":
            out.append(("result", formula[:m.start()] + "result" +
                        formula[m.end():]))
    for m in re.finditer(r"\.conj\(\)", formula):
        out.append(("conj", formula[:m.start()] + formula[m.end():]))
    return [(k, f) for k, f in out if f and f != formula]


def schema_names(lines, line_index):
    """The tensor argument names of the entry holding line_index."""
    for i in range(line_index, -1, -1):
        if lines[i].startswith("- name: "):
            args = lines[i].split("(", 1)[1].rsplit(")", 1)[0]
            return [a.split()[-1].split("=")[0] for a in args.split(",")
                    if a.strip().startswith("Tensor")]
    return []


def read_equivalents(path):
    """{(line, mutated formula): reason} from equivalent-mutants.txt."""
    found, key = {}, None
    with open(path) as f:
        for text in f:
            text = text.rstrip("\n")
            match = re.match(r"^line (\d+): (.+)$", text)
            if match:
                key = (int(match.group(1)), match.group(2))
                found[key] = ""
            elif key and text.startswith("  "):
                found[key] = (found[key] + " " + text.strip()).strip()
            elif not text.strip():
                key = None
    return found


def gradgen_args(args, derivatives):
    corpus, root = args.corpus, args.torch_root
    return ["--profile", "pytorch-1.13", "--torch-root", root, "--helpers",
            os.path.join(root, "torch/csrc/autograd/FunctionsManual.h"),
            "--native-functions", os.path.join(corpus, "native_functions.yaml"),
            "--tags", os.path.join(corpus, "tags.yaml"), derivatives]


def run(command, timeout):
    return subprocess.run(command, capture_output=True, text=True,
                          timeout=timeout)


def checked_operators(args, derivatives, work):
    report = args.report or os.path.join(work, "report.json")
    if not args.report:
        run([args.gradgen, "gradcheck", "--report", report] +
            gradgen_args(args, derivatives), None)
    with open(report) as f:
        return {r["op"] for r in json.load(f) if r["status"] == "checked"}


def make_battery(lines, ops, count, seed):
    rng = random.Random(seed)
    candidates = []
    for op, formulas in sorted(entries(lines, ops).items()):
        for index, key, formula in formulas:
            names = schema_names(lines, index) + ["grad", "result"]
            for kind, mutated in mutants_of(formula, key, names, rng):
                candidates.append((index, key, kind, formula, mutated))
    rng.shuffle(candidates)
    return candidates[:count] if count else candidates


def entry_operator(lines, index, ops):
    for i in range(index, -1, -1):
        if lines[i].startswith("- name: "):
            name = lines[i][len("- name: "):].split("(", 1)[0].strip()
            return name if name in ops else None
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gradgen", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--torch-root", required=True)
    parser.add_argument("--count", type=int, default=200,
                        help="mutants to make before `gradgen check` drops any")
    parser.add_argument("--sample", type=int, default=0,
                        help="run only this many of the kept mutants")
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--report", help="a gradcheck --report of the file")
    parser.add_argument("--ops", help="mutate only these operators "
                        "(name.overload, comma-separated; no report needed)")
    parser.add_argument("--floor", type=float, default=95.0)
    parser.add_argument("--equivalents", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "equivalent-mutants.txt"),
        help="the mutants no input can tell apart, with their reasons")
    args = parser.parse_args()
    derivatives = os.path.join(args.corpus, "derivatives.yaml")
    with open(derivatives) as f:
        lines = f.read().split("\n")
    work = tempfile.mkdtemp(prefix="gradcheck-battery-")
    ops = set(args.ops.split(",")) if args.ops else \
        checked_operators(args, derivatives, work)
    mutants = make_battery(lines, ops, args.count, args.seed)
    mutant_path = os.path.join(work, "derivatives.yaml")
    equivalents = read_equivalents(args.equivalents)
    kept = caught = equivalent = 0
    for index, key, kind, formula, mutated in mutants:
        if args.sample and kept >= args.sample:
            break
        op = entry_operator(lines, index, ops)
        changed = list(lines)
        changed[index] = lines[index].replace(formula, mutated, 1)
        with open(mutant_path, "w") as f:
            f.write("\n".join(changed))
        common = gradgen_args(args, mutant_path)
        if run([args.gradgen, "check"] + common, 300).returncode != 0:
            continue
        kept += 1
        reason = equivalents.get((index + 1, mutated))
        if reason is not None:
            equivalent += 1
            print("equivalent line %d %s %s: %s -> %s (%s)" % (
                index + 1, op, kind, formula, mutated, reason), flush=True)
            continue
        result = run([args.gradgen, "gradcheck", "--op", op] + common, 1800)
        located = re.search(r"derivatives\.yaml:%d:\d+: error: " % (index + 1),
                            result.stderr)
        hit = result.returncode == 1 and located
        caught += bool(hit)
        print("%s line %d %s %s: %s -> %s" % (
            "caught" if hit else "MISSED", index + 1, op, kind, formula,
            mutated), flush=True)
    judged = kept - equivalent
    percent = 100.0 * caught / judged if judged else 0.0
    print("caught %d/%d (%.1f%%), %d equivalent" % (caught, judged, percent,
                                                     equivalent))
    return 0 if judged and percent >= args.floor else 1


if __name__ == "__main__":
    sys.exit(main())
