#!/usr/bin/env python3
"""Checks that generated Python binding files (gen_autograd_python's
python_torch_functions_N.cpp, python_variable_methods.cpp,
python_<namespace>_functions.cpp, python_return_types.cpp/.h,
python_enum_tag.cpp) are real: they compile against a PyTorch's headers, and
for 1.13.1 Python calls them and gets what torch's own bindings give.

usage: python_bindings_check.py [--cache-dir DIR] [-j N] COMMAND [ARGS]

  compile DIR --version 1.13.1 [--cxx C]
                   every binding file of DIR compiles with -std=c++17
                   against libtorch-dev's and python3-dev's headers: to an
                   object (-O0 -fPIC), the run's, except
                   python_torch_functionsEverything.cpp (-fsyntax-only: the
                   shards' code again)
  compile DIR --version 2.14.1 --headers H [--cxx C]
                   every binding file of DIR compiles (-fsyntax-only,
                   -std=c++20) against 2.14.1's headers in H, with DIR's
                   python_return_types.h in front of them
  run DIR --work-dir W [--mutants NAME,...|all|none]
                   builds the _gradgen_bindings extension module from DIR's
                   files (1.13.1) against python3-torch's libtorch_python,
                   runs the call battery (python_bindings/calls.py) with
                   /usr/bin/python3, then builds and runs each mutant: a
                   changed default, signature string, named tuple and
                   dispatch must each make the battery fail
  self-test [--broken]
                   the battery with torch's own bindings on both sides
                   (--broken: torch.sub in the place of torch.add)

Objects and passed syntax checks are cached by content (toolchain.py) in
the cache folder. Exit code 0 on success, 1 when a check fails, 2 when it
cannot run. Every failure line starts with `FAIL:`. See
docs/python-bindings.md.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # keep the source tree clean
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import floors  # noqa: E402
import python_bindings_build as build  # noqa: E402
import toolchain  # noqa: E402
from libtorch_info import CheckError  # noqa: E402

BATTERY = os.path.join(HERE, "python_bindings", "calls.py")
SYSTEM_PYTHON = "/usr/bin/python3"

# What each mutant changes in the generated text, in the first linked file
# whose name starts with the prefix that holds it, and the binding whose
# calls must then fail.
MUTANTS = {
    "default": ("python_torch_functions_",
                "add(Tensor input, Tensor other, *, Scalar alpha=1, "
                "Tensor out=None)",
                "add(Tensor input, Tensor other, *, Scalar alpha=2, "
                "Tensor out=None)", "torch.add"),
    "signature": ("python_torch_functions_",
                  "\"clamp(Tensor input, Scalar? min=None, Scalar? max=None, "
                  "*, Tensor out=None)\"",
                  "\"clamp(Tensor input, Scalar? min=None, Scalar? maximum="
                  "None, *, Tensor out=None)\"", "torch.clamp"),
    "namedtuple": ("python_return_types",
                   "{\"values\", \"\"}, {\"indices\", \"\"},  {nullptr} };\n"
                   "    static PyTypeObject maxNamedTuple;",
                   "{\"indices\", \"\"}, {\"values\", \"\"},  {nullptr} };\n"
                   "    static PyTypeObject maxNamedTuple;", "torch.max"),
    "dispatch": ("python_variable_methods",
                 "return self.sort(stable, dim, descending);",
                 "return self.sort(stable, dim, !descending);",
                 "Tensor.sort"),
}


def log(message):
    print("python_bindings_check: " + message, file=sys.stderr, flush=True)


def compile_files(args):
    tools = toolchain.Toolchain(args.cxx, args.cache_dir, log)
    config = build.Config(args.version, args.dir, args.headers)
    missing = config.missing_files()
    for name in missing:
        print("FAIL: %s: not in %s" % (name, args.dir))
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="python-bindings-") as scratch:
        results = build.compile_all(tools, config, args.work_dir or scratch,
                                    args.jobs)
    failed = bool(missing)
    for name, (kind, seconds, cached, error) in sorted(results.items()):
        if error:
            failed = True
            print("FAIL: %s\n%s" % (name, error))
        else:
            print("%s: compiles (%s)" % (name, kind))
    fresh = sum(1 for r in results.values() if not r[2])
    print("compiled: %d of %d binding files with %s %s against %s" % (
        sum(1 for r in results.values() if not r[3]), len(config.files),
        os.path.basename(args.cxx), config.std, config.describe()))
    print("time: %.1f s, %d of %d compiled now, the rest cached"
          % (time.monotonic() - start, fresh, len(results)), file=sys.stderr)
    return 1 if failed else 0


def run_battery(module_dir, work_dir, name):
    """(stdout lines, exit code, stderr) of the battery run on the module
    in module_dir; work_dir/NAME.out keeps its whole output."""
    result = subprocess.run([SYSTEM_PYTHON, BATTERY,
                             os.path.abspath(module_dir)],
                            capture_output=True, text=True, cwd=work_dir,
                            env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))
    with open(os.path.join(work_dir, name + ".out"), "w") as f:
        f.write(result.stdout + result.stderr)
    return result.stdout.splitlines(), result.returncode, result.stderr


def crash_report(stderr):
    """The case a crashed battery was running, and what it printed."""
    cases = [line for line in stderr.splitlines() if line.startswith("case: ")]
    other = [line for line in stderr.splitlines()
             if not line.startswith("case: ")]
    return "%s\n%s" % (" in " + cases[-1][len("case: "):] if cases else "",
                        "\n".join(other[-30:]))


def battery_counts(lines):
    counts = {}
    for line in lines:
        if line.startswith("calls: "):
            words = line.split()
            counts["calls"], counts["bindings"] = words[1], words[4]
        elif line.startswith("category: "):
            category, value = line[len("category: "):].split(":")
            counts[category] = value.split()[0]
    return counts


def check_mutant(name, config, tools, work_dir, module_objects):
    """Builds the module with one mutated file and requires the battery to
    fail on the mutant's binding. Returns failure lines."""
    prefix, old, new, target = MUTANTS[name]
    source = config.find_text(old, prefix)
    if not source:
        return ["FAIL: mutant %s: no binding file holds %r" % (name, old)]
    mutant_dir = os.path.join(work_dir, "mutant-" + name)
    os.makedirs(mutant_dir, exist_ok=True)
    with open(source, encoding="utf-8") as f:
        text = f.read()
    mutated = os.path.join(mutant_dir, os.path.basename(source))
    with open(mutated, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new, 1))
    start = time.monotonic()
    objects = dict(module_objects)
    objects[os.path.basename(source)] = build.compile_object(
        tools, config, mutated)[0]
    build.link_module(tools, config, objects, mutant_dir)
    lines, code, stderr = run_battery(mutant_dir, mutant_dir, "battery")
    failures = [line for line in lines if line.startswith("FAIL: ")]
    on_target = [line for line in failures
                 if line.startswith("FAIL: %s(" % target)]
    log("mutant %s: %.1f s" % (name, time.monotonic() - start))
    if code == 0 or not on_target:
        return ["FAIL: mutant %s (%s in %s) not caught: %d failures, %d of "
                "%s (exit code %d)%s" % (
                    name, new, os.path.basename(source), len(failures),
                    len(on_target), target, code,
                    crash_report(stderr) if not lines else "")]
    print("mutant: %s: %s in %s: caught by %d calls of %s (%d failures)" % (
        name, new.splitlines()[0].strip('"'), os.path.basename(source),
        len(on_target),
        target, len(failures)))
    return []


def run(args):
    if args.version != "1.13.1":
        raise CheckError("the run check builds against python3-torch 1.13.1")
    build.require_python_torch()
    tools = toolchain.Toolchain(args.cxx, args.cache_dir, log)
    config = build.Config(args.version, args.dir, None)
    missing = config.missing_files()
    if missing:
        print("FAIL: not in %s: %s" % (args.dir, ", ".join(missing)))
        return 1
    os.makedirs(args.work_dir, exist_ok=True)
    start = time.monotonic()
    objects = build.module_objects(tools, config, args.jobs)
    module = build.link_module(tools, config, objects, args.work_dir)
    log("module built in %.1f s" % (time.monotonic() - start))
    failures = build.check_isolation(config, objects, module)
    lines, code, stderr = run_battery(args.work_dir, args.work_dir, "battery")
    for line in lines:
        print(line)
    if code != 0 and not any(line.startswith("FAIL:") for line in lines):
        failures.append("FAIL: the battery exited with %d%s" % (
            code, crash_report(stderr)))
    floors.check("python-bindings", battery_counts(lines), failures.append)
    names = list(MUTANTS) if args.mutants == "all" else [
        m for m in args.mutants.split(",") if m and m != "none"]
    for name in names:
        if name not in MUTANTS:
            raise CheckError("no mutant %s (%s)" % (name, ", ".join(MUTANTS)))
        failures += check_mutant(name, config, tools, args.work_dir, objects)
    for line in failures:
        print(line)
    failed = failures or code != 0
    print("python bindings check: %s" % ("FAIL" if failed else "PASS"))
    return 1 if failed else 0


def self_test(args):
    result = subprocess.run([SYSTEM_PYTHON, BATTERY, "--self-test-broken"
                             if args.broken else "--self-test"])
    return result.returncode


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cache-dir", default=os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"),
        "gradgen", "libtorch"))
    parser.add_argument("-j", "--jobs", type=int, default=2)
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("compile", "run"):
        command = commands.add_parser(name)
        command.add_argument("dir")
        command.add_argument("--version", default="1.13.1",
                             choices=sorted(build.FILES))
        command.add_argument("--headers")
        command.add_argument("--cxx", default="g++")
        command.add_argument("--work-dir")
        if name == "run":
            command.add_argument("--mutants", default="all")
    commands.add_parser("self-test").add_argument("--broken",
                                                  action="store_true")
    args = parser.parse_args()
    try:
        if args.command == "compile":
            return compile_files(args)
        if args.command == "run":
            if not args.work_dir:
                raise CheckError("run needs --work-dir")
            return run(args)
        return self_test(args)
    except (CheckError, toolchain.BuildError) as error:
        print("FAIL: cannot check: %s" % error)
        return 2


if __name__ == "__main__":
    sys.exit(main())
