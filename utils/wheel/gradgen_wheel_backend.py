"""The PEP 517 build backend of gradgen's wheel (docs/packaging.md).

`python3 -m build --wheel --no-isolation` calls build_wheel(), which
  1. builds gradgen with CMake in build-wheel/, or takes the build folder
     named by the config setting `build-dir` (`-C build-dir=DIR`) or by
     $GRADGEN_WHEEL_BUILD_DIR as built (CI packages the build it tested);
  2. installs it with `cmake --install` into a staging prefix, which becomes
     the package folder gradgen/ (bin/, share/gradgen/ with the profiles,
     the prelude and Clang's builtin headers, share/doc/gradgen/);
  3. checks that the executables need only libraries a manylinux policy
     allows, and takes the platform tag's glibc version from the newest
     GLIBC_ symbol version they need (auditwheel's rule; auditwheel itself
     is not in Debian 12);
  4. writes the wheel with python3-wheel's WheelFile, which records every
     file's hash in RECORD.

Only Debian's python3-build, python3-wheel and CMake are needed: no package
index is reached.
"""
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from wheel.wheelfile import WheelFile

ROOT = Path(__file__).resolve().parents[2]
EXECUTABLES = ("gradgen", "gradgen-lsp-server")
# The libraries of PEP 599's and PEP 600's policies gradgen may link
# dynamically: glibc's own. libstdc++ and libgcc_s are allowed too, but
# their symbol versions would then bound the tag as well; gradgen links
# them statically instead (tools/gradgen/CMakeLists.txt).
ALLOWED_LIBRARIES = {"libc.so.6", "libm.so.6", "libdl.so.2", "librt.so.1",
                     "libpthread.so.0", "ld-linux-x86-64.so.2",
                     "ld-linux-aarch64.so.1"}
LICENSES = (("LICENSE", "LICENSE"),
            ("cmake/NOTICE-clang-headers.txt", "NOTICE-clang-headers.txt"))


def _log(message):
    print("gradgen wheel: " + message, file=sys.stderr, flush=True)


def _run(command):
    _log("$ " + " ".join(str(c) for c in command))
    subprocess.run([str(c) for c in command], check=True)


def _version():
    text = (ROOT / "CMakeLists.txt").read_text()
    return re.search(r"project\(gradgen VERSION ([0-9.]+)", text).group(1)


def _built_tree(config_settings):
    """The build folder to package, built if gradgen's backend owns it."""
    named = (config_settings or {}).get("build-dir") or \
        os.environ.get("GRADGEN_WHEEL_BUILD_DIR")
    if named:
        build = Path(named).resolve()
        missing = [e for e in EXECUTABLES if not (build / "bin" / e).is_file()]
        if missing:
            raise RuntimeError("%s is no gradgen build: no bin/%s" %
                               (build, missing[0]))
        return build
    build = ROOT / "build-wheel"
    if not (build / "CMakeCache.txt").is_file():
        _run(["cmake", "-S", ROOT, "-B", build, "-G", "Ninja",
              "-DCMAKE_BUILD_TYPE=Release", "-DGRADGEN_INCLUDE_TESTS=OFF"])
    _run(["cmake", "--build", build])
    return build


def _readelf(flag, path):
    return subprocess.run(["readelf", flag, "--wide", str(path)], check=True,
                          capture_output=True, text=True).stdout


def platform_tag(executables):
    """manylinux_2_<N>_<arch>: N from the newest GLIBC_2.N any of them
    needs. Raises if one needs a library outside ALLOWED_LIBRARIES or a
    symbol version of another library than glibc."""
    newest = (2, 17)
    for path in executables:
        needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]",
                            _readelf("-d", path))
        for library in needed:
            if library not in ALLOWED_LIBRARIES:
                raise RuntimeError("%s needs %s, which no manylinux policy "
                                   "allows here" % (path.name, library))
        for version in re.findall(r"Name: (\S+)\s+Flags",
                                  _readelf("-V", path)):
            match = re.fullmatch(r"GLIBC_2\.([0-9]+)(?:\.[0-9]+)?", version)
            if not match:
                raise RuntimeError("%s needs the symbol version %s, which the "
                                   "tag cannot account for" %
                                   (path.name, version))
            newest = max(newest, (2, int(match.group(1))))
    return "manylinux_%d_%d_%s" % (newest[0], newest[1], platform.machine())


def _metadata(version):
    return "\n".join([
        "Metadata-Version: 2.1",
        "Name: gradgen",
        "Version: " + version,
        "Summary: PyTorch's autograd code generator on Clang LibTooling, "
        "with every derivative formula type-checked",
        "License: Apache-2.0 WITH LLVM-exception",
        "Requires-Python: >=3.7",
    ] + ["License-File: " + name for _, name in LICENSES]) + "\n"


def _wheel_info(tag):
    return ("Wheel-Version: 1.0\nGenerator: gradgen_wheel_backend\n"
            "Root-Is-Purelib: false\nTag: %s\n" % tag)


ENTRY_POINTS = """[console_scripts]
gradgen = gradgen:gradgen
gradgen-lsp-server = gradgen:lsp_server
"""


def _write_wheel(path, prefix, version, tag):
    dist_info = "gradgen-%s.dist-info" % version
    with WheelFile(path, "w") as wheel:
        wheel.write(str(ROOT / "utils/wheel/gradgen/__init__.py"),
                    "gradgen/__init__.py")
        for folder, _, files in sorted(os.walk(prefix)):
            for name in sorted(files):
                file = Path(folder) / name
                wheel.write(str(file),
                            "gradgen/" + file.relative_to(prefix).as_posix())
        for source, name in LICENSES:
            wheel.write(str(ROOT / source), "%s/licenses/%s" % (dist_info, name))
        wheel.writestr(dist_info + "/METADATA", _metadata(version))
        wheel.writestr(dist_info + "/WHEEL", _wheel_info(tag))
        wheel.writestr(dist_info + "/entry_points.txt", ENTRY_POINTS)


def get_requires_for_build_wheel(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    build = _built_tree(config_settings)
    version = _version()
    with tempfile.TemporaryDirectory(prefix="gradgen-wheel-") as staging:
        prefix = Path(staging) / "prefix"
        _run(["cmake", "--install", build, "--prefix", prefix])
        # The CMake package names the installed executable: of no use to
        # a Python environment, whose gradgen is the console command.
        shutil.rmtree(prefix / "lib" / "cmake", ignore_errors=True)
        tag = "py3-none-" + platform_tag(
            [prefix / "bin" / e for e in EXECUTABLES])
        name = "gradgen-%s-%s.whl" % (version, tag)
        _write_wheel(Path(wheel_directory) / name, prefix, version, tag)
    size = (Path(wheel_directory) / name).stat().st_size
    _log("%s: %.1f MB" % (name, size / 1e6))
    return name
