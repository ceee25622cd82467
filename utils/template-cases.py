#!/usr/bin/env python3
"""Fills in or checks the expected texts of CodeTemplate test cases by running
torchgen's own CodeTemplate, so that the C++ engine is tested against the
real behaviour rather than against our reading of it.

usage: template-cases.py CASES.json PROFILE=TORCHGEN_TREE... [--update]

CASES.json is {"cases": [{"name", "template", "env", "expected"}]}; env maps
names to strings or lists of strings. For each PROFILE (e.g. pytorch-2.14) the
tree's torchgen (a directory that contains torchgen/) substitutes every case;
expected[PROFILE] is the text, or null when torchgen raises. Without --update
the file is only checked and the exit status says whether it agrees.
"""
import importlib.util
import json
import os
import sys


def load_code_template(tree):
    path = os.path.join(tree, "torchgen", "code_template.py")
    spec = importlib.util.spec_from_file_location("code_template_" + str(abs(hash(tree))), path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.CodeTemplate


def substitute(code_template, case):
    try:
        return code_template(case["template"]).substitute(case["env"])
    except KeyError:
        return None


def main(argv):
    update = "--update" in argv
    args = [a for a in argv if a != "--update"]
    if len(args) < 2 or any("=" not in a for a in args[1:]):
        print(__doc__, file=sys.stderr)
        return 2
    cases_path = args[0]
    with open(cases_path, encoding="utf-8") as f:
        document = json.load(f)
    mismatches = 0
    for spec in args[1:]:
        profile, tree = spec.split("=", 1)
        code_template = load_code_template(tree)
        for case in document["cases"]:
            got = substitute(code_template, case)
            expected = case.setdefault("expected", {})
            if profile in expected and expected[profile] == got:
                continue
            if not update:
                mismatches += 1
                print(f"MISMATCH {profile} {case['name']}: file has "
                      f"{json.dumps(expected.get(profile))}, torchgen gives {json.dumps(got)}")
            expected[profile] = got
    if update:
        with open(cases_path, "w", encoding="utf-8") as f:
            json.dump(document, f, indent=1, ensure_ascii=True)
            f.write("\n")
    print(f"{len(document['cases'])} cases, {mismatches} mismatches")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
