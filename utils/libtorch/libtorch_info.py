"""What the installed libtorch is: headers, library, node symbols."""
import hashlib
import json
import os
import re
import subprocess
import sys

import toolchain

INSTALLED_GENERATED = os.path.join(toolchain.LIBTORCH_INCLUDE,
                                   toolchain.GENERATED_HEADER_DIR)
NODE_PATTERN = re.compile(
    r"^struct TORCH_API (\w+) : public (?:TraceableFunction|Node) \{", re.M)


class CheckError(Exception):
    """The check could not run (exit code 2)."""


def log(message):
    print("libtorch_check: " + message, file=sys.stderr, flush=True)


def generated_nodes(functions_h):
    with open(functions_h, encoding="utf-8") as f:
        return NODE_PATTERN.findall(f.read())


def mangled(node):
    scope = "N5torch8autograd9generated%d%s" % (len(node), node)
    return ("_ZTV" + scope + "E",
            "_Z" + scope + "5applyEOSt6vectorIN2at6TensorESaIS5_EE")


def require_libtorch():
    version = toolchain.libtorch_version()
    if not version:
        raise CheckError("libtorch-dev is not installed (no %s/Functions.h)"
                         % INSTALLED_GENERATED)
    return version


def require_generated(directory, *names):
    for name in names:
        if not os.path.isfile(os.path.join(directory, name)):
            raise CheckError("%s has no %s" % (directory, name))


def libtorch_library():
    path = subprocess.run(["g++", "-print-file-name=libtorch_cpu.so"],
                          capture_output=True, text=True).stdout.strip()
    if not os.path.isfile(path):
        raise CheckError("libtorch_cpu.so not found")
    return os.path.realpath(path)


def symbol_evidence(library, nodes):
    """Failures and report lines about how libtorch binds the node symbols."""
    exported = {}
    nm = subprocess.run(["nm", "-D", "--defined-only", library],
                        capture_output=True, text=True, check=True).stdout
    for line in nm.splitlines():
        parts = line.split()
        if len(parts) == 3:
            exported[parts[2]] = parts[1]
    dynamic = subprocess.run(["readelf", "-dW", library], capture_output=True,
                             text=True, check=True).stdout
    symbolic = [l.strip() for l in dynamic.splitlines()
                if "SYMBOLIC" in l]
    relocated = {}
    relocs = subprocess.run(["readelf", "-rW", library], capture_output=True,
                            text=True, check=True).stdout
    for line in relocs.splitlines():
        parts = line.split()
        if len(parts) >= 5 and "9generated" in parts[4]:
            relocated.setdefault(parts[4], set()).add(parts[2])

    failures, vtables, applies, via_got, via_vtable = [], 0, 0, 0, 0
    kinds = set()
    for node in nodes:
        vtable, apply = mangled(node)
        if exported.get(vtable, "") in ("V", "D", "R", "d"):
            vtables += 1
        else:
            failures.append("%s: vtable %s is not exported" % (node, vtable))
        if exported.get(apply, "") in ("T", "W"):
            applies += 1
        else:
            failures.append("%s: %s is not exported" % (node, apply))
        if relocated.get(vtable):
            via_got += 1
            kinds |= relocated[vtable]
        else:
            failures.append("%s: no symbolic relocation refers to its vtable "
                            "(libtorch would use its own)" % node)
        if relocated.get(apply):
            via_vtable += 1
    if symbolic:
        failures.append("%s is linked with -Bsymbolic: %s"
                        % (library, "; ".join(symbolic)))
    report = [
        "%d/%d node vtables exported (nm -D: V) and %d/%d %s::apply exported "
        "(nm -D: T)" % (vtables, len(nodes), applies, len(nodes), "NODE"),
        "%d/%d vtables reached through symbolic relocations (%s), so the "
        "dynamic linker may interpose them" % (via_got, len(nodes),
                                               ", ".join(sorted(kinds))),
        "%d/%d apply slots of libtorch's own vtables are symbolic relocations "
        "too (not bound at link time: no -Bsymbolic-functions)"
        % (via_vtable, len(nodes)),
        "dynamic section: %s" % ("; ".join(symbolic) if symbolic else
                                 "no DT_SYMBOLIC, no DF_SYMBOLIC flag"),
    ]
    return failures, report


def cached_symbol_evidence(cache_dir, library, nodes):
    """symbol_evidence, remembered per library file and node list: reading
    the relocations of libtorch_cpu.so takes seconds."""
    stat = os.stat(library)
    key = hashlib.sha256(json.dumps(
        [library, stat.st_size, stat.st_mtime_ns, sorted(nodes)]).encode())
    path = os.path.join(cache_dir, "objects",
                        key.hexdigest()[:24] + ".symbols.json")
    if os.path.isfile(path):
        with open(path) as f:
            return tuple(json.load(f))
    failures, report = symbol_evidence(library, nodes)
    if not failures:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path + ".tmp%d" % os.getpid(), "w") as f:
            json.dump([failures, report], f)
        os.replace(path + ".tmp%d" % os.getpid(), path)
    return failures, report
