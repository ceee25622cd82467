#!/usr/bin/python3
"""List the project's functions longer than a threshold, from Clang's AST.

The style rule is "no function over about 80 lines" (docs/developers-guide.md).
This walks every translation unit of lib/ and tools/ in build/compile_commands.json
with libclang (Debian package python3-clang-16, which lives in /usr/bin/python3's
path) and prints each function definition in lib/, include/ or tools/ whose extent
(from its first declarator token to its closing brace, lambdas inside included)
is longer than --threshold lines, longest first:

    utils/function-sizes.py [-p build] [--threshold 80] [FILE...]

A developer's aid, not a test: parsing every translation unit takes minutes.
"""

import argparse
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor

try:
    import clang.cindex as ci
except ImportError:
    sys.exit("function-sizes.py: needs libclang's Python bindings "
             "(apt-get install python3-clang-16; run with /usr/bin/python3)")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCANNED = tuple(os.path.join(ROOT, d) + os.sep
                for d in ("lib", "include", "tools"))
FUNCTION_KINDS = {
    ci.CursorKind.FUNCTION_DECL, ci.CursorKind.CXX_METHOD,
    ci.CursorKind.CONSTRUCTOR, ci.CursorKind.DESTRUCTOR,
    ci.CursorKind.FUNCTION_TEMPLATE, ci.CursorKind.CONVERSION_FUNCTION,
}
SCOPE_KINDS = {
    ci.CursorKind.NAMESPACE, ci.CursorKind.CLASS_DECL,
    ci.CursorKind.STRUCT_DECL, ci.CursorKind.CLASS_TEMPLATE,
    ci.CursorKind.UNEXPOSED_DECL,  # extern "C" and friends
}


def qualified_name(cursor):
    parts = [cursor.spelling]
    parent = cursor.semantic_parent
    while parent is not None and parent.kind != ci.CursorKind.TRANSLATION_UNIT:
        if parent.spelling:
            parts.append(parent.spelling)
        parent = parent.semantic_parent
    return "::".join(reversed(parts))


def walk(cursor, found):
    for child in cursor.get_children():
        loc = child.location
        if loc.file is None:
            continue
        path = os.path.realpath(loc.file.name)
        if not path.startswith(SCANNED):
            continue
        if child.kind in FUNCTION_KINDS and child.is_definition():
            extent = child.extent
            lines = extent.end.line - extent.start.line + 1
            found[(path, extent.start.line)] = (lines, qualified_name(child))
        elif child.kind in SCOPE_KINDS:
            walk(child, found)


def scan(command):
    args = command["arguments"] if "arguments" in command else \
        command["command"].split()
    # Drop the compiler, the output and the source; keep the flags.
    flags, skip = [], False
    for arg in args[1:]:
        if skip:
            skip = False
            continue
        if arg in ("-o", "-c"):
            skip = arg == "-o"
            continue
        if arg == command["file"] or arg.endswith((".cpp", ".cc")):
            continue
        flags.append(arg)
    os.chdir(command["directory"])
    tu = ci.Index.create().parse(command["file"], args=flags)
    for diag in tu.diagnostics:
        if diag.severity >= ci.Diagnostic.Error:
            print(f"function-sizes.py: {diag}", file=sys.stderr)
    found = {}
    walk(tu.cursor, found)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-p", default=os.path.join(ROOT, "build"),
                        help="build folder with compile_commands.json")
    parser.add_argument("--threshold", type=int, default=80)
    parser.add_argument("-j", type=int, default=2)
    parser.add_argument("files", nargs="*",
                        help="only these translation units (default: all)")
    opts = parser.parse_args()

    with open(os.path.join(opts.p, "compile_commands.json")) as f:
        commands = json.load(f)
    wanted = {os.path.realpath(f) for f in opts.files}
    units = []
    for command in commands:
        path = os.path.realpath(os.path.join(command["directory"],
                                             command["file"]))
        if not path.startswith(SCANNED):
            continue
        if wanted and path not in wanted:
            continue
        units.append(command)

    found = {}
    with ProcessPoolExecutor(max_workers=opts.j) as pool:
        for result in pool.map(scan, units):
            found.update(result)
    long_ones = sorted(((lines, os.path.relpath(path, ROOT), line, name)
                        for (path, line), (lines, name) in found.items()
                        if lines > opts.threshold),
                       key=lambda r: (-r[0], r[1], r[2]))
    for lines, path, line, name in long_ones:
        print(f"{lines:4d} {path}:{line} {name}")
    print(f"{len(long_ones)} functions over {opts.threshold} lines "
          f"({len(found)} definitions scanned)")


if __name__ == "__main__":
    main()
