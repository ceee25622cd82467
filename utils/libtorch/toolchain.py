"""Compiling and linking against the installed libtorch, with a result cache.

Objects, executables and passed syntax checks are cached under
CACHE/objects, keyed by a SHA-256 of everything that decides the result: the
compiler and its version, the flags, the installed libtorch-dev version and the
bytes of the sources and of the headers that are not the installed ones.
Failures are never cached. Writes are atomic (temporary file and rename), so
concurrent runs may share a cache.
"""
import hashlib
import os
import shutil
import subprocess
import tempfile
import time

LIBTORCH_INCLUDE = "/usr/include"
GENERATED_HEADER_DIR = "torch/csrc/autograd/generated"
LIBS = ["-ltorch_cpu", "-lc10"]


class BuildError(Exception):
    pass


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def libtorch_version():
    """The installed libtorch-dev version, or None without it."""
    if not os.path.isfile(os.path.join(LIBTORCH_INCLUDE, GENERATED_HEADER_DIR,
                                       "Functions.h")):
        return None
    result = subprocess.run(["dpkg-query", "-W", "-f=${Version}",
                             "libtorch-dev"], capture_output=True, text=True)
    return result.stdout.strip() or "unknown"


def header_overlay(generated_dir, work_dir):
    """An include folder in which torch/csrc/autograd/generated/Functions.h is
    the generated one; searched before the installed headers."""
    overlay = os.path.join(work_dir, "include")
    target = os.path.join(overlay, GENERATED_HEADER_DIR)
    os.makedirs(target, exist_ok=True)
    shutil.copyfile(os.path.join(generated_dir, "Functions.h"),
                    os.path.join(target, "Functions.h"))
    return overlay


class Toolchain:
    def __init__(self, cxx, cache_dir, log=lambda message: None):
        self.cxx = cxx
        self.log = log
        self.objects = os.path.join(cache_dir, "objects")
        os.makedirs(self.objects, exist_ok=True)
        path = shutil.which(cxx)
        if not path:
            raise BuildError("compiler %s not found" % cxx)
        version = subprocess.run([cxx, "--version"], capture_output=True,
                                 text=True).stdout.splitlines()
        self.identity = "%s|%s|%s" % (os.path.realpath(path),
                                      version[0] if version else "",
                                      libtorch_version())
        self.prune()

    def prune(self, days=14):
        """Drops entries unused for `days`: every changed Functions.cpp adds
        two objects of a few megabytes."""
        limit = time.time() - days * 86400
        for name in os.listdir(self.objects):
            path = os.path.join(self.objects, name)
            try:
                if os.path.getmtime(path) < limit:
                    os.unlink(path)
            except OSError:
                pass  # another run pruned or replaced it

    def _key(self, kind, flags, files):
        """Include folders enter the key by position only: their content
        that matters is in `files`, and work folders move between runs.
        So does the folder a -fmacro-prefix-map replaces: only what it
        becomes reaches the object."""
        flags = ["-I" if f.startswith("-I") else
                 "-fmacro-prefix-map=" + f.rsplit("=", 1)[1]
                 if f.startswith("-fmacro-prefix-map=") else f for f in flags]
        digest = hashlib.sha256()
        digest.update(("%s|%s|%s" % (kind, self.identity, " ".join(flags)))
                      .encode())
        for path in files:
            digest.update(b"\0" + sha256_of(path).encode())
        return digest.hexdigest()[:24]

    def _run(self, command):
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            output = (result.stdout + result.stderr).strip()
            raise BuildError("%s\n%s" % (" ".join(command), output))
        return result.stdout + result.stderr

    def _cached(self, key, suffix, build):
        """Returns (path, seconds, cached); build(tmp_path) writes the file."""
        path = os.path.join(self.objects, key + suffix)
        if os.path.exists(path):
            os.utime(path)  # recently used: kept by prune()
            return path, 0.0, True
        start = time.monotonic()
        fd, tmp = tempfile.mkstemp(dir=self.objects, suffix=suffix + ".tmp")
        os.close(fd)
        try:
            build(tmp)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        return path, time.monotonic() - start, False

    def syntax_check(self, source, includes=(), depends=(), std="c++17"):
        """Compiles with -fsyntax-only; returns (seconds, cached, warnings).
        `depends` are the headers whose bytes decide the result besides the
        installed libtorch's."""
        flags = ["-std=" + std, "-fsyntax-only"] + ["-I" + i for i in includes]
        key = self._key("syntax", flags, [source] + list(depends))
        output = []

        def build(stamp):
            output.append(self._run([self.cxx] + flags + [source]))
            with open(stamp, "w") as f:
                f.write(output[0])

        path, seconds, cached = self._cached(key, ".syntax-ok", build)
        with open(path) as f:
            warnings = f.read().count("warning:")
        return seconds, cached, warnings

    def compile(self, source, flags, includes=(), depends=()):
        """An object file for source; returns (path, seconds, cached)."""
        flags = (["-std=c++17", "-c"] + list(flags)
                 + ["-I" + i for i in includes])
        key = self._key("object", flags, [source] + list(depends))
        return self._cached(key, ".o", lambda out: self._run(
            [self.cxx] + flags + [source, "-o", out]))

    def link(self, objects):
        """An executable; the libraries follow the objects, as gcc links
        --as-needed. Returns (path, seconds, cached)."""
        key = self._key("link", LIBS, list(objects))
        return self._cached(key, ".exe", lambda out: self._run(
            [self.cxx] + list(objects) + ["-o", out] + LIBS))
