"""PyTorch's FunctionsManual.cpp for the installed libtorch, from Debian.

Generated Functions.cpp calls the helpers of
torch::autograd::generated::details, which libtorch_cpu.so defines but does
not export. The runtime check compiles them from PyTorch's own
torch/csrc/autograd/FunctionsManual.cpp, taken from the Debian source package
that built the installed libtorch-dev, with `apt-get source`.

apt runs with a private configuration under the cache folder: its own source
list (deb-src lines for the mirror and suites the machine's own apt sources
use), its own lists, cache and no dpkg status. The machine's apt settings are
only read. The extracted file is cached per Debian version; the download is
deleted once extracted. GRADGEN_PYTORCH_SOURCE=DIR (a PyTorch source tree)
skips apt, for machines without network.
"""
import fcntl
import glob
import os
import re
import shutil
import subprocess
import tarfile

MANUAL = "torch/csrc/autograd/FunctionsManual.cpp"
MANUAL_HEADER = "torch/csrc/autograd/FunctionsManual.h"
DEFAULT_KEYRING = "/usr/share/keyrings/debian-archive-keyring.gpg"


class SourceError(Exception):
    pass


def installed_source(binary_package="libtorch-dev"):
    """(source package, Debian version) of an installed binary package."""
    try:
        out = subprocess.run(
            ["dpkg-query", "-W", "-f=${source:Package} ${source:Version}",
             binary_package], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        raise SourceError("%s is not installed (dpkg-query)" % binary_package)
    name, version = out.split()
    return name, version


# ------------------------------------------------------------ apt sources
def _machine_source_files():
    """The machine's own apt source files, as apt itself locates them."""
    out = subprocess.run(
        ["apt-config", "shell", "LIST", "Dir::Etc::sourcelist/f",
         "PARTS", "Dir::Etc::sourceparts/d"],
        capture_output=True, text=True).stdout
    paths = dict(re.findall(r"^(LIST|PARTS)='(.*)'$", out, re.M))
    files = []
    if os.path.isfile(paths.get("LIST", "/etc/apt/sources.list")):
        files.append(paths.get("LIST", "/etc/apt/sources.list"))
    parts = paths.get("PARTS", "/etc/apt/sources.list.d/")
    files += sorted(glob.glob(os.path.join(parts, "*.list")))
    files += sorted(glob.glob(os.path.join(parts, "*.sources")))
    return files


def _parse_deb822(text):
    for paragraph in re.split(r"\n\s*\n", text):
        fields, key = {}, None
        for line in paragraph.splitlines():
            if line.startswith("#") or not line.strip():
                continue
            if line[0] in " \t" and key:
                fields[key] += "\n" + line.strip()
                continue
            key, _, value = line.partition(":")
            key = key.strip().lower()
            fields[key] = value.strip()
        if "deb" not in fields.get("types", "").split():
            continue
        if fields.get("enabled", "yes").lower() == "no":
            continue
        signed_by = fields.get("signed-by", "")
        for uri in fields.get("uris", "").split():
            yield {"uri": uri, "suites": fields.get("suites", "").split(),
                   "components": fields.get("components", "").split(),
                   "signed_by": signed_by if "\n" not in signed_by else ""}


def _parse_one_line(text):
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        match = re.match(r"deb\s+(\[[^\]]*\]\s+)?(\S+)\s+(\S+)\s*(.*)$", line)
        if not match:
            continue
        options = match.group(1) or ""
        signed = re.search(r"signed-by=(\S+?)\]?(\s|$)", options)
        yield {"uri": match.group(2), "suites": [match.group(3)],
               "components": match.group(4).split(),
               "signed_by": signed.group(1) if signed else ""}


def machine_deb_entries():
    entries = []
    for path in _machine_source_files():
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        parse = _parse_deb822 if path.endswith(".sources") else _parse_one_line
        entries += [e for e in parse(text) if e["suites"]]
    return entries


def _installed_origin(binary_package, version):
    """(uri, suite) apt reports the installed version came from, if any."""
    out = subprocess.run(["apt-cache", "policy", binary_package],
                         capture_output=True, text=True).stdout
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if re.match(r"\s*(\*\*\*\s+)?%s\s+\d+$" % re.escape(version), line):
            for origin in lines[i + 1:]:
                match = re.match(r"\s+\d+\s+(\S+://\S+)\s+(\S+?)/\S+", origin)
                if match:
                    return match.group(1), match.group(2)
                if not origin.startswith("        "):
                    break
    return None


def private_sources(binary_package, version):
    """deb-src entries reusing the mirror (and suite) of the machine's apt."""
    if os.environ.get("GRADGEN_DEBIAN_MIRROR"):
        suites = os.environ.get("GRADGEN_DEBIAN_SUITES", "bookworm").split()
        return [{"uri": os.environ["GRADGEN_DEBIAN_MIRROR"], "suites": suites,
                 "components": ["main"], "signed_by": ""}]
    entries = machine_deb_entries()
    if not entries:
        raise SourceError("the machine's apt sources list no deb entry; "
                          "set GRADGEN_DEBIAN_MIRROR")
    origin = _installed_origin(binary_package, version)
    if origin:
        uri, suite = origin
        chosen = [dict(e, suites=[suite]) for e in entries
                  if e["uri"].rstrip("/") == uri.rstrip("/")
                  and suite in e["suites"]]
        if chosen:
            return chosen[:1]
    return entries


def _write_sources(path, entries):
    with open(path, "w", encoding="utf-8") as f:
        for e in entries:
            keyring = e["signed_by"] or (
                DEFAULT_KEYRING if os.path.exists(DEFAULT_KEYRING) else "")
            f.write("Types: deb-src\nURIs: %s\nSuites: %s\nComponents: %s\n"
                    % (e["uri"], " ".join(e["suites"]),
                       " ".join(e["components"] or ["main"])))
            if keyring:
                f.write("Signed-By: %s\n" % keyring)
            f.write("\n")


class PrivateApt:
    """apt-get with every state and cache path inside `root`."""

    def __init__(self, root, log):
        self.root = root
        self.log = log
        self.parts = os.path.join(root, "sources.list.d")
        for d in (self.parts, os.path.join(root, "lists", "partial"),
                  os.path.join(root, "cache", "archives", "partial")):
            os.makedirs(d, exist_ok=True)

    def options(self):
        opts = ["-o", "Dir::Etc::SourceList=/dev/null",
                "-o", "Dir::Etc::SourceParts=" + self.parts,
                "-o", "Dir::State::Lists=" + os.path.join(self.root, "lists"),
                "-o", "Dir::State::status=/dev/null",
                "-o", "Dir::Cache=" + os.path.join(self.root, "cache"),
                "-o", "Acquire::Retries=3",
                "-o", "Acquire::http::Timeout=60"]
        if os.geteuid() == 0:  # _apt could not write into our folders
            opts += ["-o", "APT::Sandbox::User=root"]
        return opts

    def run(self, args, cwd=None):
        command = ["apt-get", "-q"] + self.options() + args
        result = subprocess.run(command, cwd=cwd, capture_output=True,
                                text=True)
        return result.returncode, result.stdout + result.stderr

    def configure(self, entries):
        _write_sources(os.path.join(self.parts, "gradgen-src.sources"), entries)

    def update(self):
        status, output = self.run(["update"])
        if status != 0:
            raise SourceError("private apt-get update failed:\n" + output)


# ------------------------------------------------------------ extraction
def _extract(tarball, members, dest):
    """Writes the files of `members` (paths below the top folder) to dest."""
    found = {}
    with tarfile.open(tarball) as archive:
        for info in archive:
            top, _, rest = info.name.partition("/")
            if rest in members and info.isfile():
                target = os.path.join(dest, rest)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with archive.extractfile(info) as src:
                    with open(target, "wb") as out:
                        shutil.copyfileobj(src, out)
                found[rest] = target
    missing = set(members) - set(found)
    if missing:
        raise SourceError("%s lacks %s" % (tarball, ", ".join(sorted(missing))))


def _debian_patches(debian_tarball, dest):
    """Applies the Debian patches that touch FunctionsManual.cpp."""
    applied = []
    with tarfile.open(debian_tarball) as archive:
        names = archive.getnames()
        if "debian/patches/series" not in names:
            return applied
        series = archive.extractfile("debian/patches/series").read().decode()
        for patch in series.split():
            if patch.startswith("#") or "debian/patches/" + patch not in names:
                continue
            text = archive.extractfile("debian/patches/" + patch).read().decode(
                "utf-8", "replace")
            if MANUAL not in text:
                continue
            # Keep only this file's part of the patch.
            parts = re.split(r"(?m)^(?=diff |--- )", text)
            own = "".join(p for p in parts if MANUAL in p.split("\n", 1)[0]
                          or (p.startswith("--- ") and MANUAL in p[:300]))
            result = subprocess.run(["patch", "-p1", "-s", "-d", dest],
                                    input=own, text=True, capture_output=True)
            if result.returncode != 0:
                raise SourceError(
                    "Debian patch %s does not apply to %s:\n%s"
                    % (patch, MANUAL, result.stdout + result.stderr))
            applied.append(patch)
    return applied


def _fetch(cache_dir, package, version, log):
    dest = os.path.join(cache_dir, "source", "%s-%s" % (package, version))
    override = os.environ.get("GRADGEN_PYTORCH_SOURCE")
    if override:
        path = os.path.join(override, MANUAL)
        if not os.path.isfile(path):
            raise SourceError("GRADGEN_PYTORCH_SOURCE=%s has no %s"
                              % (override, MANUAL))
        return path, "GRADGEN_PYTORCH_SOURCE=%s" % override
    manual = os.path.join(dest, MANUAL)
    provenance = os.path.join(dest, "PROVENANCE")
    if os.path.isfile(manual) and os.path.isfile(provenance):
        with open(provenance, encoding="utf-8") as f:
            return manual, f.read().strip() + " (cached)"

    apt = PrivateApt(os.path.join(cache_dir, "apt"), log)
    apt.configure(private_sources("libtorch-dev", version))
    downloads = os.path.join(cache_dir, "downloads")
    shutil.rmtree(downloads, ignore_errors=True)
    os.makedirs(downloads)
    upstream = version.rsplit("-", 1)[0].split(":")[-1]
    orig = lambda: glob.glob(os.path.join(
        downloads, "%s_%s.orig.tar.*" % (package, upstream)))
    log("apt-get source %s=%s (private apt in %s)"
        % (package, version, apt.root))
    status, output = 1, ""
    for attempt in range(2):
        if attempt or not glob.glob(os.path.join(apt.root, "lists",
                                                 "*Sources*")):
            apt.update()
        status, output = apt.run(["source", "--download-only",
                                  "%s=%s" % (package, version)], cwd=downloads)
        if orig():
            break
    if not orig():
        raise SourceError("apt-get source %s=%s did not deliver the orig "
                          "tarball:\n%s" % (package, version, output))
    if status != 0:
        # Mirrors without the .debian.tar.xz still deliver the orig tarball;
        # the helpers only need that.
        log("apt-get source reported an error (tolerated, orig tarball "
            "present): " + " | ".join(l for l in output.splitlines()
                                     if l.startswith(("E:", "Err"))))
    staging = dest + ".partial"
    shutil.rmtree(staging, ignore_errors=True)
    _extract(orig()[0], [MANUAL, MANUAL_HEADER], staging)
    notes = ["%s %s: %s from %s" % (package, version, MANUAL,
                                    os.path.basename(orig()[0]))]
    debian = glob.glob(os.path.join(downloads, "%s_%s.debian.tar.*"
                                    % (package, version.split(":")[-1])))
    if debian:
        applied = _debian_patches(debian[0], staging)
        notes.append("Debian patches applied to it: %s"
                     % (", ".join(applied) or "none touch it"))
    else:
        notes.append("Debian patches: not available from the mirror")
    header = "/usr/include/" + MANUAL_HEADER
    if os.path.isfile(header):
        with open(header, "rb") as a, open(os.path.join(staging, MANUAL_HEADER),
                                           "rb") as b:
            same = a.read() == b.read()
        notes.append("its FunctionsManual.h %s the installed one"
                     % ("equals" if same else "DIFFERS FROM"))
    with open(os.path.join(staging, "PROVENANCE"), "w", encoding="utf-8") as f:
        f.write("; ".join(notes) + "\n")
    shutil.rmtree(dest, ignore_errors=True)
    os.rename(staging, dest)
    shutil.rmtree(downloads, ignore_errors=True)
    # The package lists (about 20 MB) are only needed for a new version.
    for lists in glob.glob(os.path.join(apt.root, "lists", "*Sources*")):
        os.unlink(lists)
    return manual, "; ".join(notes)


def functions_manual(cache_dir, log=lambda message: None):
    """Path of FunctionsManual.cpp matching the installed libtorch-dev, and a
    one-line account of where it came from."""
    package, version = installed_source()
    os.makedirs(cache_dir, exist_ok=True)
    with open(os.path.join(cache_dir, ".source.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _fetch(cache_dir, package, version, log)
