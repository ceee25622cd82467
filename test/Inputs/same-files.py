"""same-files.py OUT REFERENCE [--except NAME]... [--nondeterminism FILE]:
compares every file of OUT with the file of the same name in REFERENCE, byte
for byte. FILE (the reference set-up's NONDETERMINISM: lines `FILE NODE`)
names the units whose line order the reference left to PYTHONHASHSEED: the
lines of each such node's definitions (from a line that starts a definition
of NODE:: or NODE_ to the next line `}`) are compared in any order, the rest
of the file byte for byte. Prints a line per file that differs or that
REFERENCE lacks, then `N identical, M different`; exits 1 if any differs."""
import os
import re
import sys


def unordered(text, nodes):
    """TEXT with the lines of each definition of NODES sorted."""
    lines = text.split("\n")
    start = re.compile(r"^\S.*\b(%s)(::|_[a-z])" % "|".join(
        re.escape(n) for n in nodes)) if nodes else None
    i = 0
    while start and i < len(lines):
        if start.match(lines[i]):
            end = i + 1
            while end < len(lines) and lines[end] != "}":
                end += 1
            lines[i:end] = sorted(lines[i:end])
            i = end
        i += 1
    return "\n".join(lines)


def main():
    out, reference = sys.argv[1:3]
    skipped = set()
    nodes = {}
    args = sys.argv[3:]
    while args:
        if len(args) < 2 or args[0] not in ("--except", "--nondeterminism"):
            sys.exit(__doc__)
        if args[0] == "--except":
            skipped.add(args[1])
        else:
            with open(args[1], encoding="utf-8") as f:
                for line in f:
                    fields = line.split("#")[0].split()
                    if len(fields) == 2:
                        nodes.setdefault(fields[0], []).append(fields[1])
        args = args[2:]
    same = different = 0
    for name in sorted(os.listdir(out)):
        if name in skipped:
            continue
        theirs = os.path.join(reference, name)
        if not os.path.isfile(theirs):
            print("not in the reference: " + name)
            different += 1
            continue
        with open(os.path.join(out, name), "rb") as a, open(theirs, "rb") as b:
            ours, expected = a.read(), b.read()
        if name in nodes:
            ours = unordered(ours.decode("utf-8"), nodes[name]).encode("utf-8")
            expected = unordered(expected.decode("utf-8"),
                                 nodes[name]).encode("utf-8")
        if ours == expected:
            same += 1
        else:
            print("different: " + name)
            different += 1
    print("%d identical, %d different" % (same, different))
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main())
