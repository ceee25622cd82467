# -*- Python -*-
# lit configuration for gradgen's tests.
import os
import shutil
import subprocess

import lit.formats
import lit.util

config.name = "gradgen"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test", ".yaml"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "tools"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.gradgen_obj_root, "test")

config.environment["PATH"] = os.pathsep.join(
    [config.gradgen_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
# Diagnostics must not depend on the terminal the suite runs in.
config.environment.pop("TERM", None)
# Precompiled formula headers stay in the build tree.
config.environment["GRADGEN_CACHE_DIR"] = os.path.join(config.test_exec_root, "formula-cache")

# The longer names first: lit substitutes in order.
config.substitutions.append(("%gradgen-src", config.gradgen_src_root))
config.substitutions.append(("%gradgen-obj", config.gradgen_obj_root))
config.substitutions.append(("%gradgen-test-driver", os.path.join(config.gradgen_tools_dir, "gradgen-test-driver")))
# The build tree's share/gradgen (profiles, the prelude's precompiled base).
config.substitutions.append(("%gradgen-data", os.path.join(config.gradgen_obj_root, "share", "gradgen")))
config.substitutions.append(("%gradgen-lsp-server", os.path.join(config.gradgen_tools_dir, "gradgen-lsp-server")))
config.substitutions.append(("%gradgen", os.path.join(config.gradgen_tools_dir, "gradgen")))
config.substitutions.append(("%python", config.python_executable))
# `%same-files OUT REFERENCE`: every file of OUT byte for byte as REFERENCE's
# (test/Inputs/same-files.py).
config.substitutions.append(("%same-files", "%s %s" % (
    config.python_executable, os.path.join(config.test_source_root, "Inputs", "same-files.py"))))
# `%torchgen-on-inputs TREE OUT --native-functions F --tags F --derivatives F`:
# torchgen's gen_autograd of a generator tree on small inputs.
config.substitutions.append(("%torchgen-on-inputs", "%s %s" % (
    config.python_executable, os.path.join(config.test_source_root, "Inputs", "torchgen-on-inputs.py"))))
config.substitutions.append(("%examples", os.path.join(config.gradgen_src_root, "examples")))
# The tests of small inputs render them through the bundled example's own
# small templates (a PyTorch-shaped tree of ours), not PyTorch's.
config.substitutions.append(("%example-torch-root", os.path.join(config.gradgen_src_root, "examples", "basic")))
config.substitutions.append(("%templates", os.path.join(config.gradgen_src_root, "templates")))

# Real PyTorch inputs, when present, enable the corpus tests.
for version in ("1.13.1", "2.14.1"):
    corpus = os.path.join(config.corpus_dir, "pytorch-" + version)
    if os.path.isfile(os.path.join(corpus, "derivatives.yaml")):
        config.available_features.add("corpus-" + version)
        config.substitutions.append(("%corpus-" + version, corpus))
    else:
        # Keep the substitution defined so that UNSUPPORTED tests still parse.
        config.substitutions.append(("%corpus-" + version, corpus))

# libtorch-dev (PyTorch 1.13.1) enables the tests that compile generated code.
if os.path.isfile("/usr/include/torch/csrc/autograd/generated/Functions.h"):
    config.available_features.add("libtorch")

# PyTorch's own generator trees, as the reference setup builds them, enable the
# tests that check templates and CodeTemplate against torchgen itself.
# utils/run-tests.sh sets GRADGEN_NO_REFERENCE=1 when the set-up failed, so
# that a half-built reference makes those tests UNSUPPORTED, not failed.
reference_dir = os.environ.get("ORACLE_DIR") or os.path.join(
    os.environ.get("TMPDIR", "/tmp"), "gradgen-reference")
use_reference = os.environ.get("GRADGEN_NO_REFERENCE", "") in ("", "0")
if not use_reference:
    lit_config.note("GRADGEN_NO_REFERENCE is set: the tests that compare "
                    "with the reference generator are UNSUPPORTED")
for version in ("1.13.1", "2.6.0", "2.14.1"):
    tree = os.path.join(reference_dir, "work", "pytorch-" + version)
    if use_reference and os.path.isfile(
            os.path.join(tree, "torchgen", "code_template.py")):
        config.available_features.add("torchgen-" + version)
    config.substitutions.append(("%torchgen-" + version, tree))
    config.substitutions.append(
        ("%reference-out-" + version, os.path.join(reference_dir, "out", "pytorch-" + version)))

# PyTorch trees whose tools/autograd/templates `generate` renders the files
# from (--torch-root): the reference set-up's real 1.13.1 and 2.6.0 source
# trees, and its 2.14.1 generator tree. A test that generates files of a
# profile REQUIRES its tree (torch-tree-<profile version>).
for version, tree in (("1.13", os.path.join("ref", "pytorch-1.13.1")),
                      ("2.6", os.path.join("ref", "pytorch-2.6.0")),
                      ("2.14", os.path.join("work", "pytorch-2.14.1"))):
    root = os.path.join(reference_dir, tree)
    if use_reference and os.path.isfile(os.path.join(
            root, "tools", "autograd", "templates", "Functions.h")):
        config.available_features.add("torch-tree-" + version)
    config.substitutions.append(("%torch-root-" + version, root))

# The node-by-node comparison with the reference output
# (../shared/tools/reference/compare.py next to the checkout, when present).
reference_compare = os.path.join(
    os.environ.get("GRADGEN_REFERENCE_TOOLS") or
    os.path.join(config.gradgen_src_root, "..", "shared", "tools", "reference"),
    "compare.py")
for version in ("1.13.1", "2.14.1"):
    if use_reference and os.path.isfile(reference_compare) and os.path.isfile(
            os.path.join(reference_dir, "out", "pytorch-" + version, "Functions.h")):
        config.available_features.add("reference-out-" + version)
# The unit-by-unit comparison of VariableType with the reference generator's
# complete autograd output ($ORACLE_DIR/full/pytorch-<version>).
reference_compare_vt = os.path.join(os.path.dirname(reference_compare),
                                    "compare_variable_type.py")
for version in ("1.13.1", "2.6.0", "2.14.1"):
    full = os.path.join(reference_dir, "full", "pytorch-" + version)
    if use_reference and os.path.isfile(reference_compare_vt) and os.path.isfile(
            os.path.join(full, "VariableTypeEverything.cpp")):
        config.available_features.add("reference-full-" + version)
    config.substitutions.append(("%reference-full-" + version, full))
config.substitutions.append(("%reference-compare-variable-type", "env ORACLE_DIR=%s %s %s" % (
    reference_dir, config.python_executable, reference_compare_vt)))
# The reference set-up's runner of a generator tree's torchgen
# (run_gen.py TREE OUT [--with-variable-type | --full]).
config.substitutions.append(("%reference-run-gen", os.path.join(
    os.path.dirname(reference_compare), "run_gen.py")))
# lit gives each test its own TMPDIR; tell compare.py where the outputs are.
config.substitutions.append(("%reference-compare", "env ORACLE_DIR=%s %s %s" % (
    reference_dir, config.python_executable, reference_compare)))

# A build with -DGRADGEN_SANITIZE (utils/sanitize.sh, docs/reliability.md):
# `sanitizer`, and one feature per sanitizer (`asan`, `ubsan`). The few checks
# that cannot hold for an instrumented binary are conditional on it.
sanitizers = [s for s in getattr(config, "gradgen_sanitize", "").split(";") if s]
if sanitizers:
    config.available_features.add("sanitizer")
    for name, feature in (("address", "asan"), ("undefined", "ubsan")):
        if name in sanitizers:
            config.available_features.add(feature)

# Debian's pre-commit runs the hook of .pre-commit-hooks.yaml (test/Lint).
if shutil.which("pre-commit"):
    config.available_features.add("pre-commit")

# The wheel (test/Wheel): Debian's python3-build, python3-wheel and
# python3-venv for Debian's interpreter, and bubblewrap to hide LLVM.
if subprocess.call(["/usr/bin/python3", "-c", "import build, wheel, venv, ensurepip"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) == 0:
    config.available_features.add("wheel")
if shutil.which("bwrap") and subprocess.call(
        ["bwrap", "--bind", "/", "/", "--dev", "/dev", "true"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) == 0:
    config.available_features.add("bwrap")

# Debian's python3-torch (PyTorch 1.13.1's Python package and
# libtorch_python), python3-dev and pybind11-dev enable the tests that compile
# generated Python bindings and call them from /usr/bin/python3
# (docs/python-bindings.md).
if (os.path.isfile("/usr/include/python3.11/Python.h")
        and os.path.isfile("/usr/include/pybind11/pybind11.h")
        and subprocess.call(["/usr/bin/python3", "-c", "import torch"],
                            stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL) == 0):
    config.available_features.add("python3-torch")

if shutil.which("ninja"):
    config.available_features.add("ninja")

# The SARIF output is validated against the official schema with Debian's
# python3-jsonschema, run by Debian's interpreter: the python3 first on PATH
# may be another one, without it.
system_python = "/usr/bin/python3"
config.substitutions.append(("%system-python", system_python))
if os.path.isfile(system_python) and subprocess.call(
        [system_python, "-c", "import jsonschema"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) == 0:
    config.available_features.add("jsonschema")

# Third-party data fetched by utils/fetch-test-data.sh, never committed.
sarif_schema = os.path.join(config.test_data_dir, "sarif-schema-2.1.0.json")
if os.path.isfile(sarif_schema):
    config.available_features.add("sarif-schema")
config.substitutions.append(("%sarif-schema", sarif_schema))

# `gradgen generate` (the emit stage) enables the tests that compile its
# output: the probe asks the files it would write, which only a gradgen that
# emits files can answer.
try:
    outputs = subprocess.run(
        [os.path.join(config.gradgen_tools_dir, "gradgen"), "outputs",
         "--families", "functions"],
        capture_output=True, text=True, timeout=60)
    if outputs.returncode == 0 and outputs.stdout.split() == [
            "Functions.h", "Functions.cpp"]:
        config.available_features.add("gradgen-generate")
except (OSError, subprocess.SubprocessError):
    pass
# PyTorch 2.14.1's installed headers, as the reference setup unpacks them,
# enable the -fsyntax-only checks of generated 2.14 files.
torch_headers = os.path.join(reference_dir, "ref", "torch-2.14.1", "hdr",
                             "usr", "include")
if os.path.isfile(os.path.join(torch_headers, "ATen", "core", "Tensor.h")):
    config.available_features.add("torch-headers-2.14.1")
config.substitutions.append(("%torch-headers-2.14.1", torch_headers))

# Features a run must have (GRADGEN_REQUIRED_FEATURES, space-separated; CI
# sets it, .ci/run): one missing stops the run instead of making its tests
# UNSUPPORTED. (utils/run-tests.sh then fails on any UNSUPPORTED test, for
# the features of a folder's lit.local.cfg.)
def why_missing(feature):
    """Where the feature comes from, for the message of a run without it."""
    origins = (
        ("corpus-", "PyTorch's inputs: ../shared/corpus or $GRADGEN_CORPUS_DIR"),
        ("torchgen-", "the reference set-up (../shared/tools/reference/setup.sh, "
                      "$ORACLE_DIR; its log is $ORACLE_DIR.setup.log)"),
        ("reference-", "the reference set-up's output in $ORACLE_DIR"),
        ("torch-", "the reference set-up's PyTorch trees and headers in $ORACLE_DIR"),
        ("libtorch", "Debian's libtorch-dev (utils/install-deps.sh)"),
        ("python3-torch", "Debian's python3-torch, python3-dev, pybind11-dev "
                          "(utils/install-deps.sh)"),
        ("jsonschema", "Debian's python3-jsonschema (utils/install-deps.sh)"),
        ("sarif-schema", "utils/fetch-test-data.sh"),
        ("gradgen-generate", "a gradgen whose `outputs` works"),
        ("pre-commit", "Debian's pre-commit (utils/install-deps.sh)"),
        ("wheel", "Debian's python3-build, python3-wheel, python3-venv (utils/install-deps.sh)"),
        ("bwrap", "Debian's bubblewrap, and user namespaces or root to run it"),
    )
    for prefix, origin in origins:
        if feature.startswith(prefix):
            return "%s (from %s)" % (feature, origin)
    return feature


required = os.environ.get("GRADGEN_REQUIRED_FEATURES", "").split()
missing = [f for f in required if f not in config.available_features]
if missing:
    lit_config.fatal("required features missing (GRADGEN_REQUIRED_FEATURES):\n  " +
                     "\n  ".join(why_missing(f) for f in missing))
