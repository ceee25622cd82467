#!/usr/bin/env python3
"""Checks gradgen's templates/<profile>/ against PyTorch's own generator.

usage: check-profile-templates.py TREE PROFILE_DIR OUT [--reference DIR]
                                  [--dump-cases FILE --profile NAME]

TREE is a torchgen generator tree (torchgen/, tools/autograd/, aten/...; the
reference setup builds them under $ORACLE_DIR/work/<version>). The generator
runs exactly as PyTorch's build runs it (python_functions first, then the
derived foreach infos, then Functions.h/.cpp), except that every template it
substitutes that torchgen keeps in its Python code comes from PROFILE_DIR:
each per-node template and getter body from node/ (from the profile it
inherits from, where PROFILE_DIR's profile.yaml says `inherits:`). The outer
files are the tree's own tools/autograd/templates, as gradgen reads them. So
the output equals the reference output exactly when our templates carry the
same text and placeholders as torchgen's.

With --reference, OUT is compared file by file with DIR. With --dump-cases,
every substitution torchgen performs (outer files and nodes, its environment
and its result) is written as a `gradgen-test-driver template-test --cases` file, keyed by
--profile, which checks gradgen's C++ CodeTemplate on the real workload.

Nothing of PyTorch is copied: the tree's code is imported and run.
"""
import argparse
import json
import os
import sys

# torchgen's module-level templates and getter bodies -> our files (node/...).
NODE_TEMPLATES = {
    "FUNCTION_DECLARATION": "declaration.h.tmpl",
    "WILL_RELEASE_VARIABLES": "will_release_variables.tmpl",
    "FUNCTION_DEFINITION": "definition.cpp.tmpl",
    "GRAD_INPUT_MASK": "grad_input_mask.tmpl",
    "COMPUTE_NEEDS_INPUT_GRAD": "compute_needs_input_grad.tmpl",
    "DERIVATIVE_SINGLE": "derivative_single.tmpl",
    "DERIVATIVE_SINGLE_FOREACH": "derivative_single_foreach.tmpl",
    "DERIVATIVE_MULTI_COPY_RANGE": "derivative_multi_copy_range.tmpl",
    "DERIVATIVE_MULTI": "derivative_multi.tmpl",
    "PY_FUNCTION_DEFINITION": "py_function_definition.tmpl",
    "PY_FUNCTION_PROPS_AND_GETTERS": "py_function_props_and_getters.tmpl",
    "PY_GETSETDEF_STRUCT": "py_getsetdef.tmpl",
    "PY_RAW_GETSETDEF_STRUCT": "py_raw_getsetdef.tmpl",
    "GETTER_DEFINITION": "getter.tmpl",
    "GETTER_DEFINITION_SAVEDVAR": "getter_savedvar.tmpl",
    "GETTER_DEFINITION_RAW_SAVEDVAR": "getter_raw_savedvar.tmpl",
    "GETTER_DEFINITION_VEC_SAVEDVAR": "getter_vec_savedvar.tmpl",
    "GETTER_DEFINITION_RAW_VEC_SAVEDVAR": "getter_raw_vec_savedvar.tmpl",
    "GETTER_DEFINITION_OPT": "getter_opt.tmpl",
    "GETTER_DEFINITION_OPT_ARRAYREF": "getter_opt_arrayref.tmpl",
}
GETTER_BODIES = {
    "GETTER_BODY_SAVEDVAR": "savedvar.tmpl",
    "GETTER_BODY_RAW_SAVEDVAR": "raw_savedvar.tmpl",
    "GETTER_BODY_VEC_SAVEDVAR": "vec_savedvar.tmpl",
    "GETTER_BODY_RAW_VEC_SAVEDVAR": "raw_vec_savedvar.tmpl",
    "GETTER_BODY_ARRAYREF_LONG": "arrayref_long.tmpl",
    "GETTER_BODY_ARRAYREF_SYMINT": "arrayref_symint.tmpl",
    "GETTER_BODY_ARRAYREF_DOUBLE": "arrayref_double.tmpl",
    "GETTER_BODY_INT64_T": "int64_t.tmpl",
    "GETTER_BODY_SYMINT": "symint.tmpl",
    "GETTER_BODY_DOUBLE": "double.tmpl",
    "GETTER_BODY_BOOL": "bool.tmpl",
    "GETTER_BODY_STRING": "string.tmpl",
    "GETTER_BODY_SCALAR": "scalar.tmpl",
    "GETTER_BODY_VEC_SCALAR": "vec_scalar.tmpl",
}
# The one getter torchgen builds inline, recognised by its distinctive line.
INLINE_GETTERS = {"const auto& prop = node->${name};": "getter_vec_scalar.tmpl"}


def profile_chain(folder):
    """FOLDER and the folders of the profiles it inherits from, nearest
    first (`inherits: NAME` names a sibling folder)."""
    chain = [folder]
    while len(chain) < 16:
        parent = None
        with open(os.path.join(chain[-1], "profile.yaml"), encoding="utf-8") as f:
            for line in f:
                if line.startswith("inherits:"):
                    parent = line.split(":", 1)[1].split("#")[0].strip()
        if not parent:
            break
        # A name is a sibling profile; a path is relative to the profile.
        base = chain[-1] if "/" in parent else os.path.dirname(chain[-1])
        chain.append(os.path.normpath(os.path.join(base, parent)))
    return chain


def main() -> int:
    # 1.13.1 orders some gradient aliases by iterating a set; the reference
    # output was made with hash seed 0.
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.execve(sys.executable, [sys.executable] + sys.argv,
                  {**os.environ, "PYTHONHASHSEED": "0"})
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tree")
    parser.add_argument("profile_dir")
    parser.add_argument("out")
    parser.add_argument("--reference")
    parser.add_argument("--dump-cases")
    parser.add_argument("--profile")
    args = parser.parse_args()
    if args.dump_cases and not args.profile:
        parser.error("--dump-cases needs --profile")

    tree = os.path.abspath(args.tree)
    profile_dir = os.path.abspath(args.profile_dir)
    profile_dirs = profile_chain(profile_dir)
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    os.chdir(tree)
    sys.path.insert(0, tree)

    import torchgen.utils as utils
    from torchgen.code_template import CodeTemplate
    import tools.autograd.gen_autograd_functions as gaf
    from tools.autograd.load_derivatives import load_derivatives
    from torchgen.api import cpp
    from torchgen.api.autograd import match_differentiability_info
    from torchgen.gen import parse_native_yaml
    from torchgen.selective_build.selector import SelectiveBuilder

    cases = []

    def as_text(value):
        if isinstance(value, list):
            return [str(item) for item in value]
        return str(value)

    class Recorded(CodeTemplate):
        """A template read from our files that records what it substitutes."""

        def substitute(self, env=None, **kwargs):
            result = super().substitute(env, **kwargs)
            if args.dump_cases:
                merged = dict(env or {})
                merged.update(kwargs)
                cases.append({
                    "name": f"{os.path.relpath(self.filename, profile_dir)}#{len(cases)}",
                    "template-file": self.filename,
                    "env": {k: as_text(v) for k, v in merged.items()},
                    "expected": {args.profile: result},
                })
            return result

    def node_file(name):
        """The nearest profile's node/NAME, or None."""
        for folder in profile_dirs:
            path = os.path.join(folder, "node", name)
            if os.path.exists(path):
                return path
        return None

    def ours(name):
        return Recorded.from_file(node_file(name))

    Recorded.from_file = staticmethod(
        lambda filename: Recorded(open(filename).read(), filename))
    missing = []
    replaced = {}
    for attr, name in NODE_TEMPLATES.items():
        if hasattr(gaf, attr):
            if not node_file(name):
                missing.append(name)
                continue
            replaced[id(getattr(gaf, attr))] = ours(name)
            setattr(gaf, attr, replaced[id(getattr(gaf, attr))])
    for attr, name in GETTER_BODIES.items():
        if hasattr(gaf, attr):
            path = node_file(os.path.join("getter_body", name))
            if not path:
                missing.append("getter_body/" + name)
                continue
            old = getattr(gaf, attr)
            setattr(gaf, attr, open(path).read())
            replaced[id(old)] = getattr(gaf, attr)
    # MISC_GETTER_DEFS holds the original objects; point it at ours.
    gaf.MISC_GETTER_DEFS = {
        key: tuple(replaced.get(id(part), part) for part in value)
        for key, value in gaf.MISC_GETTER_DEFS.items()
    }

    def code_template(pattern, filename=""):
        for marker, name in INLINE_GETTERS.items():
            if marker in pattern:
                return ours(name)
        return CodeTemplate(pattern, filename)

    gaf.CodeTemplate = code_template
    # Outer files: torchgen reads them with CodeTemplate.from_file.
    utils._read_template = lambda path: Recorded.from_file(str(path))
    utils.FileManager.template_dir_for_comments = lambda self: "../tools/autograd/templates"

    if missing:
        print("missing templates: " + ", ".join(missing))

    nf = "aten/src/ATen/native/native_functions.yaml"
    tags = "aten/src/ATen/native/tags.yaml"
    infos, _ = load_derivatives("tools/autograd/derivatives.yaml", nf, tags)
    outer = os.path.join(tree, "tools", "autograd", "templates")
    gaf.gen_autograd_functions_python(out, infos, outer)
    fns = sorted(
        filter(SelectiveBuilder.get_nop_selector().is_native_function_selected_for_training,
               parse_native_yaml(nf, tags).native_functions),
        key=lambda f: cpp.name(f.func),
    )
    match_differentiability_info(fns, infos)
    gaf.gen_autograd_functions_lib(out, infos, outer)

    if args.dump_cases:
        with open(args.dump_cases, "w", encoding="utf-8") as f:
            json.dump({"cases": cases}, f)
        print(f"{len(cases)} substitutions dumped")

    status = 1 if missing else 0
    if args.reference:
        for name in sorted(os.listdir(out)):
            reference = os.path.join(args.reference, name)
            if not os.path.exists(reference):
                continue
            same = open(os.path.join(out, name), "rb").read() == open(reference, "rb").read()
            print(f"{'identical' if same else 'DIFFERENT'} {name}")
            status |= 0 if same else 1
    return status


if __name__ == "__main__":
    sys.exit(main())
