"""Compiling generated Python binding files and linking them into the
_gradgen_bindings extension module (python_bindings_check.py).

The module's isolation: the generated files define symbols libtorch_python
also exports (gatherTorchFunctions_0, variable_methods, get_namedtuple,
initNNFunctions...). The module is linked with a version script that keeps
only PyInit__gradgen_bindings global and makes every other symbol local, so
the linker binds each reference inside the module to the module's own
definition; no dynamic symbol lookup can reach libtorch_python's. That
includes the module's copies of inline functions, templates and their static
locals, as -fvisibility=hidden would (the way pybind11 modules are built):
leaving them global would let the guard of a static local bind to
libtorch_python's, already set, while the variable itself stays the
module's, never initialized (pybind11's types are hidden, so a static
py::type is local but its guard is not: torch::is_symint_node crashed so).
"""
import concurrent.futures
import os
import subprocess

import toolchain
from libtorch_info import CheckError

HERE = os.path.dirname(os.path.abspath(__file__))
MODULE_SOURCE = os.path.join(HERE, "python_bindings", "module.cpp")
MODULE_NAME = "_gradgen_bindings"
PYTHON_INCLUDE = "/usr/include/python3.11"
LIBTORCH_PYTHON = "/usr/lib/x86_64-linux-gnu/libtorch_python.so.1.13"
GENERATED = "torch/csrc/autograd/generated"

SHARDS = ["python_torch_functions_%d.cpp" % i for i in range(3)]
NAMESPACES = ["python_%s_functions.cpp" % n for n in (
    "nn", "fft", "linalg", "nested", "sparse", "special")]
# The files linked into the module, in link order.
MODULE_FILES = SHARDS + ["python_variable_methods.cpp"] + NAMESPACES + [
    "python_return_types.cpp"]
COMMON = ["python_torch_functionsEverything.cpp", "python_enum_tag.cpp"]
FILES = {
    "1.13.1": MODULE_FILES + COMMON,
    "2.14.1": MODULE_FILES + COMMON + ["python_return_types.h"],
}
# As torch/CMakeLists.txt compiles libtorch_python's sources: the per-operator
# ATen headers (ATEN_CPU_FILES_GEN_LIB's interface), the library's own
# export macro, and its GCC options.
TORCH_PYTHON_FLAGS = ["-DAT_PER_OPERATOR_HEADERS", "-DTHP_BUILD_MAIN_LIB",
                      "-fno-strict-aliasing", "-Wno-write-strings"]


def package_version(name):
    result = subprocess.run(["dpkg-query", "-W", "-f=${Version}", name],
                            capture_output=True, text=True)
    return result.stdout.strip() or "none"


def require_python_torch():
    if not os.path.exists(LIBTORCH_PYTHON):
        raise CheckError("python3-torch is not installed (no %s)"
                         % LIBTORCH_PYTHON)


class Config:
    """The files, flags and headers of one PyTorch version's check."""

    def __init__(self, version, out_dir, headers):
        self.version, self.out_dir = version, out_dir
        self.files = FILES[version]
        self.headers = headers or toolchain.LIBTORCH_INCLUDE
        if version == "2.14.1" and not headers:
            raise CheckError("2.14.1 needs --headers (2.14.1's include folder)")
        self.std = "-std=c++17" if version == "1.13.1" else "-std=c++20"
        # The key keeps -D flags, not -I paths: the versions of the headers
        # that are not libtorch-dev's enter it as macros.
        keys = ["-DGRADGEN_KEY_PYTHON_DEV=" + package_version("python3-dev"),
                "-DGRADGEN_KEY_PYBIND11=" + package_version("pybind11-dev")]
        if version == "1.13.1":
            self.flags = ["-O0", "-fPIC", "-DC10_MACROS_CMAKE_MACROS_H_",
                          "-DC10_BUILD_SHARED_LIBS"] + TORCH_PYTHON_FLAGS + keys
        else:
            keys += ["-DGRADGEN_KEY_HEADERS=" + os.path.realpath(self.headers),
                     "-DGRADGEN_KEY_FMT=" + package_version("libfmt-dev")]
            self.flags = [self.std] + TORCH_PYTHON_FLAGS + keys
        self.includes = [PYTHON_INCLUDE]
        if version != "1.13.1":
            self.includes += [self.headers,
                              os.path.join(self.headers,
                                           "torch/csrc/api/include")]
        self.overlay_headers = []

    def describe(self):
        if self.version == "1.13.1":
            return "libtorch-dev %s, python3-dev, pybind11-dev %s" % (
                toolchain.libtorch_version(), package_version("pybind11-dev"))
        return "PyTorch 2.14.1's headers, python3-dev, pybind11-dev %s" % (
            package_version("pybind11-dev"))

    def missing_files(self):
        return [name for name in self.files
                if not os.path.isfile(os.path.join(self.out_dir, name))]

    def path(self, name):
        return os.path.join(self.out_dir, name)

    def find_text(self, text, prefix):
        """The first linked file whose name starts with prefix that holds
        text."""
        for name in MODULE_FILES:
            if name.startswith(prefix):
                with open(self.path(name), encoding="utf-8") as f:
                    if text in f.read():
                        return self.path(name)
        return None

    def overlay(self, work_dir):
        """2.x: DIR's python_return_types.h in front of the installed one."""
        if self.version == "1.13.1":
            return []
        target = os.path.join(work_dir, "include", GENERATED)
        os.makedirs(target, exist_ok=True)
        with open(self.path("python_return_types.h"), "rb") as f:
            text = f.read()
        with open(os.path.join(target, "python_return_types.h"), "wb") as f:
            f.write(text)
        self.overlay_headers = [os.path.join(target, "python_return_types.h")]
        return [os.path.join(work_dir, "include")]


def compile_object(tools, config, source, depends=()):
    """(object path, seconds, cached) of a 1.13.1 file, -O0 -fPIC."""
    return tools.compile(source, config.flags, config.includes, depends)


def syntax(tools, config, source, overlay):
    flags = config.flags + ["-fsyntax-only"] + [
        "-I" + folder for folder in overlay + config.includes]
    key = tools._key("syntax", flags, [source] + config.overlay_headers)
    return tools._cached(key, ".syntax-ok", lambda stamp: open(
        stamp, "w").write(tools._run([tools.cxx] + flags + [source])))


def compile_one(tools, config, name, work_dir, overlay):
    """(kind, seconds, cached, error) of one binding file."""
    source = config.path(name)
    try:
        if name.endswith(".h"):
            source = os.path.join(work_dir, name + ".cpp")
            with open(source, "w") as f:
                f.write("#include <Python.h>\n#include <%s/%s>\n"
                        % (GENERATED, name))
        if config.version == "1.13.1" and name in MODULE_FILES:
            _, seconds, cached = compile_object(tools, config, source)
            return "object, -O0", seconds, cached, None
        _, seconds, cached = syntax(tools, config, source, overlay)
        return "-fsyntax-only", seconds, cached, None
    except toolchain.BuildError as error:
        return "", 0.0, False, str(error)


def compile_all(tools, config, work_dir, jobs):
    overlay = config.overlay(work_dir)
    names = [n for n in config.files
             if os.path.isfile(config.path(n))]
    with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
        futures = {name: pool.submit(compile_one, tools, config, name,
                                     work_dir, overlay) for name in names}
        return {name: future.result() for name, future in futures.items()}


def module_objects(tools, config, jobs):
    """{file name: object} of the module: the linked binding files and the
    module's own source."""
    sources = {name: config.path(name) for name in MODULE_FILES}
    sources["module.cpp"] = MODULE_SOURCE
    with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
        futures = {name: pool.submit(compile_object, tools, config, source)
                   for name, source in sources.items()}
        return {name: future.result()[0] for name, future in futures.items()}


def defined_symbols(path, dynamic=False):
    """Names of the global strong definitions of an object (or, dynamic,
    of a shared library's exported ones)."""
    command = ["nm", "-P", "--defined-only"] + (["-D"] if dynamic else [])
    output = subprocess.run(command + [path], capture_output=True, text=True,
                            check=True).stdout
    names = set()
    for line in output.splitlines():
        fields = line.split()
        if len(fields) >= 2 and fields[1] in ("T", "D", "B", "R") + (
                ("W", "V", "u", "i") if dynamic else ()):
            names.add(fields[0])
    return names


def generated_symbols(objects):
    names = set()
    for name, path in objects.items():
        if name != "module.cpp":
            names |= defined_symbols(path)
    return names


def link_module(tools, config, objects, out_dir):
    """Links the objects into out_dir/_gradgen_bindings.so (cached)."""
    script = os.path.join(out_dir, "bindings.version")
    with open(script, "w") as f:
        f.write("{\n  global: PyInit_%s;\n  local: *;\n};\n" % MODULE_NAME)
    paths = [objects[n] for n in MODULE_FILES + ["module.cpp"]]
    libraries = ["-ltorch_python", "-ltorch", "-ltorch_cpu", "-lc10"]
    key = tools._key("module", libraries, paths + [script])
    library, _, _ = tools._cached(key, ".so", lambda out: tools._run(
        [tools.cxx, "-shared", "-o", out] + paths +
        ["-Wl,--version-script=" + script] + libraries))
    target = os.path.join(out_dir, MODULE_NAME + ".so")
    if os.path.lexists(target):
        os.unlink(target)
    os.symlink(library, target)
    return target


def check_isolation(config, objects, module):
    """The module exports none of the generated definitions. Returns
    failure lines; prints the counts."""
    generated = generated_symbols(objects)
    exported = defined_symbols(module, dynamic=True)
    theirs = defined_symbols(os.path.realpath(LIBTORCH_PYTHON), dynamic=True)
    leaked = sorted(generated & exported)
    print("isolation: %d symbols defined by the generated objects (%d of "
          "them also libtorch_python's) are local to %s.so; it exports %s" % (
              len(generated), len(generated & theirs), MODULE_NAME,
              ", ".join(sorted(exported))))
    failures = ["FAIL: isolation: %s.so exports the generated %s" % (
        MODULE_NAME, name) for name in leaked[:20]]
    if exported != {"PyInit_" + MODULE_NAME}:
        failures.append("FAIL: isolation: %s.so exports %d symbols, not "
                        "only PyInit_%s" % (MODULE_NAME, len(exported),
                                            MODULE_NAME))
    return failures
