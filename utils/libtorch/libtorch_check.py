#!/usr/bin/env python3
"""Checks that generated autograd code is real C++ for the installed libtorch.

usage: libtorch_check.py [--cache-dir DIR] [-j N] COMMAND [ARGS]

  headers DIR             DIR/Functions.h and python_functions.h equal the
                          headers libtorch-dev installed
  compile DIR [--cxx C]   DIR/Functions.cpp compiles (-fsyntax-only) against
                          the installed headers, with DIR/Functions.h
  symbols [DIR]           libtorch_cpu.so exports every node's vtable and
                          apply, and binds them at load time (no -Bsymbolic)
  runtime DIR             libtorch's autograd engine runs DIR's node code
                          with gradients bitwise equal to its own
  variable-type DIR       libtorch runs the autograd kernels of DIR's
                          VariableType_N.cpp shards instead of its own, with
                          values, gradients, tangents and errors bitwise
                          equal to its own
  inplace-or-view DIR     libtorch runs the view and version-counter kernels
                          of DIR's ADInplaceOrViewType_N.cpp shards instead
                          of its own, with the same view metadata, versions
                          and detected in-place modifications
  trace-type DIR          torch::jit::tracer traces a battery of functions
                          with the Tracer kernels of DIR's TraceType_N.cpp
                          shards to the graphs libtorch's own kernels trace
  syntax DIR -I HEADERS [--std S] [--cxx C]
                          every DIR/VariableType_N.cpp compiles
                          (-fsyntax-only) against the PyTorch headers in
                          HEADERS (e.g. 2.14.1's), with DIR's Functions.h
                          and VariableType.h in front of them
  functions-manual        fetches PyTorch's FunctionsManual.cpp (cached)
  compare A B             compares two saved battery outputs (the .out
                          files `runtime --work-dir` leaves), naming every
                          gradient that differs

DIR holds generated pytorch-1.13 output (`gradgen generate --profile
pytorch-1.13 --output-dir DIR`). Exit code 0 on success, 1 when a check
fails, 2 when the check cannot run (no libtorch-dev, no network, ...).
Every failure line starts with `FAIL:`. See docs/libtorch-checks.md.
"""
import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # keep the source tree clean
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import inplace_check  # noqa: E402
import pytorch_source  # noqa: E402
import toolchain  # noqa: E402
import trace_check  # noqa: E402
import variable_type_check  # noqa: E402
from libtorch_info import (INSTALLED_GENERATED, CheckError,  # noqa: E402
                           cached_symbol_evidence, generated_nodes,
                           libtorch_library, log, require_generated,
                           require_libtorch)

# ------------------------------------------------------------ headers
def check_headers(args):
    require_libtorch()
    require_generated(args.dir, "Functions.h")
    failed = False
    for name in ("Functions.h", "python_functions.h"):
        mine = os.path.join(args.dir, name)
        theirs = os.path.join(INSTALLED_GENERATED, name)
        with open(mine, "rb") as a, open(theirs, "rb") as b:
            mine_text, their_text = a.read(), b.read()
        if mine_text == their_text:
            print("%s: byte-identical to %s (%d bytes)"
                  % (name, theirs, len(mine_text)))
            continue
        failed = True
        mine_lines = mine_text.decode("utf-8", "replace").splitlines()
        their_lines = their_text.decode("utf-8", "replace").splitlines()
        line = next((i for i, (x, y) in enumerate(zip(mine_lines, their_lines))
                     if x != y), min(len(mine_lines), len(their_lines)))
        print("FAIL: %s differs from %s, first at line %d:\n  generated: %s\n"
              "  installed: %s" % (name, theirs, line + 1,
                                   (mine_lines + ["<end of file>"])[line],
                                   (their_lines + ["<end of file>"])[line]))
    return 1 if failed else 0


# ------------------------------------------------------------ compile
def check_compile(args):
    require_libtorch()
    require_generated(args.dir, "Functions.h", "Functions.cpp")
    work = os.path.join(args.cache_dir, "work", "compile-%d" % os.getpid())
    overlay = toolchain.header_overlay(args.dir, work)
    failed = False
    for cxx in args.cxx or ["g++"]:
        try:
            tools = toolchain.Toolchain(cxx, args.cache_dir, log)
        except toolchain.BuildError as error:
            raise CheckError(str(error))
        try:
            seconds, cached, warnings = tools.syntax_check(
                os.path.join(args.dir, "Functions.cpp"), [overlay],
                [os.path.join(overlay, toolchain.GENERATED_HEADER_DIR,
                              "Functions.h")])
        except toolchain.BuildError as error:
            failed = True
            print("FAIL: Functions.cpp does not compile with %s:\n%s"
                  % (cxx, str(error)[:20000]))
            continue
        print("Functions.cpp: no errors with %s -std=c++17 -fsyntax-only, "
              "%d warnings%s" % (cxx, warnings,
                                 " (cached)" if cached else ""))
        print("time: compile %s %.1fs" % (cxx, seconds))
    subprocess.run(["rm", "-rf", work])
    return 1 if failed else 0


def check_syntax(args):
    """Every shard of args.dir, -fsyntax-only against args.include; the
    result is cached by the bytes of the shard, DIR's headers, the headers'
    torch/version.h, the flags and the compiler."""
    shards = variable_type_check.shard_paths(args.dir)
    if not shards:
        raise CheckError("%s has no VariableType_N.cpp" % args.dir)
    version = os.path.join(args.include, "torch", "csrc", "api", "include",
                           "torch", "version.h")
    if not os.path.isfile(version):
        raise CheckError("no PyTorch headers in %s" % args.include)
    work = os.path.join(args.cache_dir, "work", "syntax-%d" % os.getpid())
    overlay = os.path.join(work, "include")
    target = os.path.join(overlay, toolchain.GENERATED_HEADER_DIR)
    os.makedirs(target, exist_ok=True)
    depends = [version]
    for name in ("Functions.h", "VariableType.h"):
        if os.path.isfile(os.path.join(args.dir, name)):
            shutil.copyfile(os.path.join(args.dir, name),
                            os.path.join(target, name))
            depends.append(os.path.join(target, name))
    tools = toolchain.Toolchain(args.cxx, args.cache_dir, log)
    failed, cpu = False, 0.0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [(shard, pool.submit(tools.syntax_check, shard,
                                       [overlay, args.include], depends,
                                       args.std)) for shard in shards]
        for shard, future in futures:
            name = os.path.basename(shard)
            try:
                seconds, cached, warnings = future.result()
            except toolchain.BuildError as error:
                failed = True
                print("FAIL: %s does not compile with %s -std=%s:\n%s" % (
                    name, args.cxx, args.std, str(error)[:20000]))
                continue
            cpu += seconds
            print("%s: no errors with %s -std=%s -fsyntax-only, %d warnings%s"
                  % (name, os.path.basename(args.cxx), args.std, warnings,
                     " (cached)" if cached else ""))
    shutil.rmtree(work, ignore_errors=True)
    print("time: syntax %d shards %.1fs" % (len(shards), cpu))
    return 1 if failed else 0


def check_symbols(args):
    require_libtorch()
    header = os.path.join(args.dir or INSTALLED_GENERATED, "Functions.h")
    if not os.path.isfile(header):
        raise CheckError("no %s" % header)
    nodes = generated_nodes(header)
    library = libtorch_library()
    failures, report = cached_symbol_evidence(args.cache_dir, library, nodes)
    print("library: %s; nodes: %d from %s" % (library, len(nodes), header))
    for line in report:
        print("symbols: " + line)
    for failure in failures[:50]:
        print("FAIL: " + failure)
    return 1 if failures else 0


def fetch_manual(args):
    require_libtorch()
    path, provenance = pytorch_source.functions_manual(args.cache_dir, log)
    print(path)
    print(provenance)
    return 0


def default_cache_dir():
    if os.environ.get("GRADGEN_LIBTORCH_CACHE"):
        return os.environ["GRADGEN_LIBTORCH_CACHE"]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return os.path.join(base, "gradgen", "libtorch")


def add_shard_command(commands, name):
    """A check of kernel shards (variable-type, inplace-or-view,
    trace-type): DIR of shards, the compiler, a kept work folder."""
    command = commands.add_parser(name)
    command.add_argument("dir")
    command.add_argument("--cxx", default="g++")
    command.add_argument("--work-dir")
    command.add_argument("--no-mutant", action="store_true",
                         help="skip the mutant build and run")
    return command


def main(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n".join(__doc__.splitlines()[2:]))
    parser.add_argument("--cache-dir", default=default_cache_dir())
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    commands = parser.add_subparsers(dest="command", required=True)
    headers = commands.add_parser("headers")
    headers.add_argument("dir")
    compile_ = commands.add_parser("compile")
    compile_.add_argument("dir")
    compile_.add_argument("--cxx", action="append")
    symbols = commands.add_parser("symbols")
    symbols.add_argument("dir", nargs="?")
    runtime = commands.add_parser("runtime")
    runtime.add_argument("dir")
    runtime.add_argument("--cxx", default="g++")
    runtime.add_argument("--work-dir")
    runtime.add_argument("--mutate", default="MulBackward0:self",
                         help="NODE:INPUT whose formula the mutant doubles")
    variable_type = add_shard_command(commands, "variable-type")
    variable_type.add_argument(
        "--forward-mutant-from", metavar="DIR",
        help="the forward mutant: shards generated from a derivatives.yaml "
        "whose forward formula of sin is changed (else made on the text)")
    add_shard_command(commands, "trace-type")
    add_shard_command(commands, "inplace-or-view")
    syntax = commands.add_parser("syntax")
    syntax.add_argument("dir")
    syntax.add_argument("-I", dest="include", required=True)
    syntax.add_argument("--std", default="c++20")
    syntax.add_argument("--cxx", default="clang++")
    commands.add_parser("functions-manual")
    compare = commands.add_parser("compare")
    compare.add_argument("reference")
    compare.add_argument("other")
    args = parser.parse_args(argv)
    if getattr(args, "dir", None):
        args.dir = os.path.abspath(args.dir)
    if getattr(args, "forward_mutant_from", None):
        args.forward_mutant_from = os.path.abspath(args.forward_mutant_from)
    args.cache_dir = os.path.abspath(args.cache_dir)

    import runtime_check
    run = {"headers": check_headers, "compile": check_compile,
           "symbols": check_symbols, "syntax": check_syntax,
           "runtime": runtime_check.check_runtime,
           "variable-type": variable_type_check.check_variable_type,
           "inplace-or-view": inplace_check.check_inplace_or_view,
           "trace-type": trace_check.check_trace_type,
           "functions-manual": fetch_manual,
           "compare": runtime_check.compare_outputs}[args.command]
    start = time.monotonic()
    try:
        status = run(args)
    except (CheckError, pytorch_source.SourceError,
            toolchain.BuildError) as error:
        print("libtorch_check: cannot check: %s" % error, file=sys.stderr)
        return 2
    log("%s: %s in %.1fs" % (args.command, "passed" if status == 0 else
                             "FAILED", time.monotonic() - start))
    return status


if __name__ == "__main__":
    sys.exit(main())
