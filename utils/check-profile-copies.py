#!/usr/bin/env python3
"""Lists every file of a profile that repeats the file of the profile it
inherits from (docs/profiles.md): equal once white space is collapsed and,
in .yaml and .txt files, comments are dropped. Such a file says nothing the
parent does not, so it must go.

usage: check-profile-copies.py TEMPLATES_DIR
Exit status 1 when there is a copy.
"""
import os
import re
import sys


def parent_of(folder):
    """The folder of the profile FOLDER inherits from, or None."""
    with open(os.path.join(folder, "profile.yaml"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("inherits:"):
                name = line.split(":", 1)[1].split("#")[0].strip()
                base = folder if "/" in name else os.path.dirname(folder)
                return os.path.normpath(os.path.join(base, name))
    return None


def meaning(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    if path.endswith((".yaml", ".txt")):
        text = re.sub(r"(?m)#.*$", "", text)
    return " ".join(text.split())


def main():
    root = sys.argv[1]
    copies = 0
    for name in sorted(os.listdir(root)):
        folder = os.path.join(root, name)
        if not os.path.isfile(os.path.join(folder, "profile.yaml")):
            continue
        chain = []
        parent = parent_of(folder)
        while parent and len(chain) < 16:
            chain.append(parent)
            parent = parent_of(parent)
        files = 0
        for dirpath, _, names in os.walk(folder):
            for file in names:
                files += 1
                rel = os.path.relpath(os.path.join(dirpath, file), folder)
                # The nearest ancestor's file is what this one replaces.
                for ancestor in chain:
                    candidate = os.path.join(ancestor, rel)
                    if os.path.isfile(candidate):
                        if meaning(candidate) == meaning(os.path.join(folder, rel)):
                            print("copy: %s/%s repeats %s" % (
                                name, rel, os.path.relpath(candidate, root)))
                            copies += 1
                        break
        inherits = (" (inherits %s)" % os.path.basename(chain[0])) if chain else ""
        print("%s: %d files%s" % (name, files, inherits))
    print("%d copies" % copies)
    return 1 if copies else 0


if __name__ == "__main__":
    sys.exit(main())
