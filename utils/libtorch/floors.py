"""The least each runtime battery must run: the one place its floors are
raised. A count below its floor is a FAIL: line (the tests reject any), so
that a battery that quietly shrinks (a case file lost, a filter gone wrong)
cannot pass. Set at 90% of the counts of 2026-12-07 (in parentheses) and
raised with the batteries."""

FLOORS = {
    "runtime": {
        "operators": 171,            # (190)
        "gradients": 313,            # (348)
        "generated node classes": 172,  # (192)
    },
    "inplace-or-view": {
        "cases": 107,                # (119)
        "operators": 102,            # (114)
        "records": 1212,             # (1347)
        "saved tensors modified in place": 114,  # (127)
    },
    "trace-type": {
        "cases": 67,                 # (75)
        "graphs": 132,               # (147)
        "operators": 123,            # (137)
    },
    "python-bindings": {
        "calls": 592,                # (658)
        "bindings": 460,             # (511)
        "keyword": 199,              # (221)
        "default": 107,              # (119)
        "out": 63,                   # (70)
        "deprecated": 25,            # (28)
        "namedtuple": 48,            # (54)
        "error": 36,                 # (41)
        "method": 120,               # (134)
    },
    "variable-type": {
        "cases": 326,                # (363)
        "operators": 445,            # (495)
        "gradients": 514,            # (572)
        "second-order gradients": 98,  # (109)
        "expected errors": 15,       # (17)
        "tangents": 314,             # (349)
        "forward AD operators": 374,  # (416)
    },
}


def check(battery, counts, fail):
    """Prints the counts of BATTERY against its floors and calls FAIL with a
    message for each count below its floor, or missing."""
    floors = FLOORS[battery]
    parts = []
    for name, floor in floors.items():
        value = counts.get(name)
        try:
            value = int(value)
        except (TypeError, ValueError):
            fail("floors: %s: no count of %s" % (battery, name))
            continue
        parts.append("%s %d %s %d" % (name, value,
                                      ">=" if value >= floor else "<", floor))
        if value < floor:
            fail("floors: %s: %d %s, below the floor of %d "
                 "(utils/libtorch/floors.py)" % (battery, value, name, floor))
    print("floors: %s: %s" % (battery, ", ".join(parts)))
