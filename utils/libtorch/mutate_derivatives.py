#!/usr/bin/env python3
"""Write a copy of derivatives.yaml with one formula replaced (test only).

usage: mutate_derivatives.py --entry SCHEMA_PREFIX --key KEY --formula TEXT
                             IN_YAML OUT_YAML

In the one entry whose `- name:` starts with SCHEMA_PREFIX (e.g.
`sin(Tensor self)`), the one line `  KEY: ...` (e.g. `result`) gets TEXT as
its formula. gradgen then generates the mutant from the copy: the kernel
battery must see the changed tangents (variable-type --forward-mutant-from).
Exit code 1, with a message, when the entry or its key is not there exactly
once.
"""
import argparse
import re
import sys


def mutate(lines, entry, key, formula):
    starts = [i for i, line in enumerate(lines)
              if line.startswith("- name: " + entry)]
    if len(starts) != 1:
        raise ValueError("%d entries named %s..., expected 1"
                         % (len(starts), entry))
    end = next((i for i in range(starts[0] + 1, len(lines))
                if lines[i].startswith("- ")), len(lines))
    pattern = re.compile(r"^(\s+%s: )(.*)$" % re.escape(key))
    found = [i for i in range(starts[0] + 1, end) if pattern.match(lines[i])]
    if len(found) != 1:
        raise ValueError("%d keys %s in %s..., expected 1"
                         % (len(found), key, entry))
    match = pattern.match(lines[found[0]])
    lines[found[0]] = match.group(1) + formula + "\n"
    return found[0] + 1, match.group(2)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entry", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--formula", required=True)
    parser.add_argument("source")
    parser.add_argument("output")
    args = parser.parse_args(argv)
    with open(args.source, encoding="utf-8") as f:
        lines = f.readlines()
    try:
        line, old = mutate(lines, args.entry, args.key, args.formula)
    except ValueError as error:
        print("mutate_derivatives.py: error: %s: %s" % (args.source, error),
              file=sys.stderr)
        return 1
    with open(args.output, "w", encoding="utf-8") as f:
        f.writelines(lines)
    print("mutated %s:%d: %s of %s: %s -> %s" % (
        args.source, line, args.key, args.entry, old, args.formula))
    return 0


if __name__ == "__main__":
    sys.exit(main())
