#!/usr/bin/python3
"""Calls the generated Python bindings of _gradgen_bindings and torch's own
(libtorch_python's) with the same arguments, and compares what they return,
what they leave in their arguments and what they raise.

usage: /usr/bin/python3 calls.py MODULE_DIR | --self-test | --self-test-broken

MODULE_DIR holds _gradgen_bindings.so (python_bindings_check.py builds it).
The cases are in cases.py. Prints one `FAIL:` line per difference, the
counts of distinct bindings per category, and the provenance of every
binding called: the generated ones must come from the module, torch's from
libtorch_python. Exit code 1 when anything failed. --self-test runs torch's
own bindings on both sides (no difference may be found), --self-test-broken
the same with torch.sub in the place of torch.add (its calls must fail).
"""
import faulthandler
import math
import os
import sys
import warnings

sys.dont_write_bytecode = True  # keep the source tree clean

import torch  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cases  # noqa: E402

CATEGORIES = ("keyword", "default", "out", "deprecated", "namedtuple",
              "error", "method")
NAMESPACES = {"nn": "_nn", "fft": "_fft", "linalg": "_linalg",
              "special": "_special", "sparse": "_sparse", "nested": "_nested"}


def resolve(module, target):
    """(generated, torch's) callables of a target such as "torch.add",
    "Tensor.add" or "nn.gelu"."""
    space, name = target.split(".", 1)
    if space == "torch":
        return (getattr(module.torch, name, None),
                getattr(torch._C._VariableFunctions, name))
    if space == "Tensor":
        return (module.methods.get(name),
                torch._C._TensorBase.__dict__[name])
    return (getattr(getattr(module, NAMESPACES[space]), name, None),
            getattr(getattr(torch._C, NAMESPACES[space]), name))


def describe(value):
    if isinstance(value, torch.Tensor):
        return "Tensor%s%s" % (list(value.shape), "" if value.dtype ==
                               torch.float64 else ":" + str(value.dtype)[6:])
    if isinstance(value, (list, tuple)):
        inner = ", ".join(describe(v) for v in value)
        return "[%s]" % inner if isinstance(value, list) else "(%s)" % inner
    return repr(value)


def call_text(case):
    parts = [describe(a) for a in case.args]
    parts += ["%s=%s" % (k, describe(v)) for k, v in case.kwargs.items()]
    return "%s(%s)" % (case.target, ", ".join(parts))


def is_named_tuple(value):
    return (isinstance(value, tuple) and hasattr(type(value), "n_fields")
            and type(value).__module__ == "torch.return_types")


def same_tensor(a, b):
    if a.is_nested or b.is_nested:
        if a.is_nested != b.is_nested:
            return "nested %s vs %s" % (a.is_nested, b.is_nested)
        return same(a.unbind(), b.unbind(), "components")
    for attribute in ("dtype", "shape", "layout", "device", "requires_grad"):
        if getattr(a, attribute) != getattr(b, attribute):
            return "%s %s vs %s" % (attribute, getattr(a, attribute),
                                    getattr(b, attribute))
    if a.layout != torch.strided:
        a, b = a.to_dense(), b.to_dense()
    elif a.stride() != b.stride():
        return "stride %s vs %s" % (a.stride(), b.stride())
    a = a.detach().resolve_conj().resolve_neg()
    b = b.detach().resolve_conj().resolve_neg()
    if a.is_floating_point() or a.is_complex():
        equal = (a == b) | (a.isnan() & b.isnan())
    else:
        equal = a == b
    if not bool(equal.all()):
        return "%d of %d elements differ" % (int((~equal).sum()), a.numel())
    return None


def same(a, b, where="result"):
    """None when a (generated) and b (torch's) are the same, else why not."""
    if type(a) is not type(b):
        if is_named_tuple(a) and is_named_tuple(b):
            # Each side's own torch.return_types type: same name and fields.
            if (type(a).__name__ != type(b).__name__ or
                    type(a).__match_args__ != type(b).__match_args__):
                return "%s: torch.return_types.%s%s vs %s%s" % (
                    where, type(a).__name__, type(a).__match_args__,
                    type(b).__name__, type(b).__match_args__)
            if repr(a) != repr(b):
                return "%s: repr %r vs %r" % (where, a, b)
        else:
            return "%s: type %s vs %s" % (where, type(a).__name__,
                                          type(b).__name__)
    if type(a).__module__ == "numpy":
        a, b = torch.from_numpy(a), torch.from_numpy(b)
    if isinstance(a, torch.Tensor):
        why = same_tensor(a, b)
        return "%s: %s" % (where, why) if why else None
    if isinstance(a, dict):
        a, b = list(a.items()), list(b.items())
    if isinstance(a, (tuple, list)):
        if len(a) != len(b):
            return "%s: length %d vs %d" % (where, len(a), len(b))
        for i, (x, y) in enumerate(zip(a, b)):
            why = same(x, y, "%s[%d]" % (where, i))
            if why:
                return why
        return None
    if isinstance(a, float) and math.isnan(a) and math.isnan(b):
        return None
    if a != b:
        return "%s: %r vs %r" % (where, a, b)
    return None


def aliases(result, args):
    """Which arguments (by position) the result or its items are."""
    ids = {}
    for i, arg in enumerate(cases.flatten(args)):
        ids.setdefault(id(arg), i)
    items = result if isinstance(result, (tuple, list)) else [result]
    return [ids.get(id(item)) for item in items]


def run_side(function, case, seed):
    """(result, exception, arguments after the call, which arguments the
    result is) of one side."""
    args, kwargs = cases.materialize(case, seed)
    torch.manual_seed(seed)
    try:
        result = function(*args, **kwargs)
        return result, None, (args, kwargs), aliases(result, (args, kwargs))
    except Exception as error:  # compared with torch's
        return None, error, (args, kwargs), None


class Battery:
    def __init__(self, module):
        self.module = module
        self.failures = []
        self.calls = 0
        self.bindings = {}  # target: (generated, torch's)
        self.categories = {c: set() for c in CATEGORIES}

    def fail(self, case, why):
        self.failures.append("FAIL: %s: %s" % (call_text(case), why))

    def run(self, index, case):
        generated, theirs = resolve(self.module, case.target)
        if generated is None:
            self.fail(case, "no such generated binding")
            return
        self.bindings[case.target] = (generated, theirs)
        self.calls += 1
        mine = run_side(generated, case, index)
        ref = run_side(theirs, case, index)
        if (mine[1] is None) != (ref[1] is None):
            self.fail(case, "generated %s, torch's %s" % tuple(
                "raised %s: %s" % (type(e).__name__, str(e).splitlines()[0])
                if e else "returned" for e in (mine[1], ref[1])))
            return
        if ref[1] is not None:
            if (type(mine[1]), str(mine[1])) != (type(ref[1]), str(ref[1])):
                self.fail(case, "error %s: %r vs torch's %s: %r" % (
                    type(mine[1]).__name__, str(mine[1]),
                    type(ref[1]).__name__, str(ref[1])))
                return
        else:
            why = (same(mine[0], ref[0]) or same(mine[2], ref[2], "arguments")
                   or (mine[3] != ref[3] and "result aliases arguments %s vs %s"
                       % (mine[3], ref[3])))
            if why:
                self.fail(case, why)
                return
        self.categorize(case, ref)

    def categorize(self, case, ref):
        """The categories a passed case counts in; a case that claims one
        it does not exercise is a failure."""
        result, error = ref[0], ref[1]
        if error is not None:
            found = {"error"} if isinstance(error, TypeError) else set()
        else:
            found = set(case.categories) - {"error"}
            if case.target.startswith("Tensor."):
                found.add("method")
            if set(case.kwargs) - {"out"}:
                found.add("keyword")
            if "out" in case.kwargs:
                found.add("out")
            if is_named_tuple(result):
                found.add("namedtuple")
        if "namedtuple" in case.categories and not is_named_tuple(result):
            self.fail(case, "torch's result is no named tuple")
        if "error" in case.categories and not isinstance(error, TypeError):
            self.fail(case, "torch's call raised no TypeError")
        if error is not None and "error" not in case.categories:
            self.fail(case, "torch's call raised %s: %s" % (
                type(error).__name__, str(error).splitlines()[0]))
        for category in found:
            self.categories[category].add(case.target)

    def provenance(self, library):
        """Every generated binding called is the module's code, every one of
        torch's libtorch_python's."""
        own = os.path.realpath(self.module.__file__)
        good = 0
        for target, (generated, theirs) in sorted(self.bindings.items()):
            mine = os.path.realpath(self.module.origin(generated) or "?")
            ref = os.path.realpath(self.module.origin(theirs) or "?")
            if mine != own:
                self.failures.append("FAIL: provenance: generated %s ran %s"
                                     % (target, mine))
            if ref != os.path.realpath(library):
                self.failures.append("FAIL: provenance: torch's %s ran %s"
                                     % (target, ref))
            good += mine == own and ref == os.path.realpath(library)
        print("provenance: %d/%d generated bindings ran from %s, their "
              "torch counterparts from %s" % (
                  good, len(self.bindings),
                  os.path.basename(self.module.__file__),
                  os.path.basename(os.path.realpath(library))))


def libtorch_python():
    """The libtorch_python this process loaded."""
    with open("/proc/self/maps") as maps:
        for line in maps:
            path = line.split()[-1]
            if os.path.basename(path).startswith("libtorch_python.so"):
                return path
    return "libtorch_python.so"


class TorchItself:
    """torch's own bindings in the place of the module's (--self-test): the
    battery's own check, which must find no difference."""
    methods = dict(torch._C._TensorBase.__dict__)
    __file__ = torch._C.__file__
    torch = torch._C._VariableFunctions

    def __getattr__(self, name):
        return getattr(torch._C, name)


class SubForAdd:
    """torch's functions, but torch.sub for torch.add (--self-test-broken):
    the battery must catch it."""

    def __getattr__(self, name):
        return getattr(torch._C._VariableFunctions,
                       "sub" if name == "add" else name)


def main():
    faulthandler.enable()  # a crash names its Python line
    torch.set_num_threads(1)
    if sys.argv[1] in ("--self-test", "--self-test-broken"):
        module = TorchItself()
        if sys.argv[1] == "--self-test-broken":
            module.torch = SubForAdd()
    else:
        sys.path.insert(0, sys.argv[1])
        import _gradgen_bindings as module
    warnings.simplefilter("ignore")
    battery = Battery(module)
    for index, case in enumerate(cases.CASES):
        # The last of these names the case of a crash.
        print("case: " + call_text(case), file=sys.stderr, flush=True)
        try:
            battery.run(index, case)
        except Exception as error:  # of the comparison: a failure too
            battery.fail(case, "comparison raised %s: %s" % (
                type(error).__name__, error))
    spaces = {}
    for target in battery.bindings:
        spaces[target.split(".")[0]] = spaces.get(target.split(".")[0], 0) + 1
    print("calls: %d calls of %d distinct bindings (%s)" % (
        battery.calls, len(battery.bindings),
        ", ".join("%s %d" % item for item in sorted(spaces.items()))))
    for category in CATEGORIES:
        print("category: %s: %d bindings" % (
            category, len(battery.categories[category])))
    if not isinstance(module, TorchItself):
        battery.provenance(libtorch_python())
    for line in battery.failures:
        print(line)
    print("calls check: %s" % ("FAIL" if battery.failures else "PASS"))
    return 1 if battery.failures else 0


if __name__ == "__main__":
    sys.exit(main())
