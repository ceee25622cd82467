"""Compares expected LINE:COLUMN error locations with gradgen's JSON output.

    compare_locations.py EXPECTED DIAGNOSTICS.json
"""
import json
import sys


def main():
    expected = [l.strip() for l in open(sys.argv[1]) if l.strip()]
    document = json.load(open(sys.argv[2]))
    seen = set()
    for diag in document["diagnostics"]:
        if diag["severity"] == "error" and diag["line"] is not None:
            seen.add("%d:%d" % (diag["line"], diag["column"]))
    found = [loc for loc in expected if loc in seen]
    for loc in expected:
        if loc not in seen:
            print("missing: no error at %s" % loc)
    print("%d of %d injected mistakes reported at their line and column"
          % (len(found), len(expected)))
    print("%d errors in all" % len([d for d in document["diagnostics"]
                                     if d["severity"] == "error"]))


if __name__ == "__main__":
    main()
