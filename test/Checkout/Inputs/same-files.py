"""same-files.py OUT REFERENCE [--except NAME]...: compares every file of OUT
with the file of the same name in REFERENCE, byte for byte. Prints a line
per file that differs or that REFERENCE lacks, then `N identical, M
different`; exits 1 if any differs."""
import os
import sys

out, reference = sys.argv[1:3]
skipped = set()
args = sys.argv[3:]
while args:
    if args[0] != "--except" or len(args) < 2:
        sys.exit(__doc__)
    skipped.add(args[1])
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
        if a.read() == b.read():
            same += 1
        else:
            print("different: " + name)
            different += 1
print("%d identical, %d different" % (same, different))
sys.exit(1 if different else 0)
