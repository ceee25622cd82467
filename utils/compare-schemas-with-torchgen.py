#!/usr/bin/env python3
"""Compares `gradgen schemas --format=json` with PyTorch's own torchgen.

usage: compare-schemas-with-torchgen.py GRADGEN TORCHGEN_ROOT NATIVE_YAML TAGS_YAML
           [--profile NAME] [--show N]

TORCHGEN_ROOT is a directory that contains the reference `torchgen` package
(e.g. /tmp/gradgen-reference/work/pytorch-2.14.1). The script imports it at run
time only; nothing of torchgen is part of gradgen. For every native function,
generated ones included, it compares the printed schema, kind, variants, tags,
dispatch table, is_abstract, is_view_op, signature(), the C++ name, the C++
bindings of the plain and SymInt signatures, the return types and the return
names. Prints the mismatches and a summary line; exits 1 if any.
"""
import argparse
import json
import subprocess
import sys


def torchgen_dump(root, native, tags):
    sys.path.insert(0, root)
    from torchgen import local
    from torchgen.api import cpp
    from torchgen.api.types import CppSignatureGroup
    from torchgen.gen import parse_native_yaml

    parsed = parse_native_yaml(native, tags)
    result = []
    for f in parsed.native_functions:
        dispatch = sorted(
            (str(k), index.index[f.func.name].kernel)
            for k, index in parsed.backend_indices.items()
            if f.func.name in index.index
        )
        with local.parametrize(
            use_const_ref_for_mutable_tensors=f.use_const_ref_for_mutable_tensors,
            use_ilistref_for_tensor_lists=f.part_of_structured_group,
        ):
            sigs = CppSignatureGroup.from_native_function(f, method=False)

            def bindings(sig):
                # gradgen reports null where torchgen raises.
                try:
                    return [
                        {"name": b.name, "type": b.type,
                         **({"default": b.default} if b.default is not None else {})}
                        for b in sig.arguments()
                    ]
                except Exception:
                    return None

            def returns(symint):
                try:
                    return cpp.returns_type(f.func.returns, symint=symint).cpp_type()
                except Exception:
                    return None

            entry = {
                "schema": str(f.func),
                "kind": f.func.kind().name,
                "generated": "generated" in f.tags,
                "variants": sorted(v.name for v in f.variants),
                "tags": sorted(f.tags),
                "dispatch": dispatch,
                "is_abstract": f.is_abstract,
                "is_view_op": f.is_view_op,
                "structured": f.structured,
                "signature": str(f.func.signature()),
                "cpp_name": cpp.name(f.func),
                "cpp_arguments": bindings(sigs.signature),
                "cpp_returns": returns(False),
                "cpp_return_names": list(cpp.return_names(f)),
            }
            if sigs.symint_signature is not None:
                entry["cpp_symint_arguments"] = bindings(sigs.symint_signature)
                entry["cpp_symint_returns"] = returns(True)
        result.append(entry)
    return result


def gradgen_dump(gradgen, native, tags, profile):
    out = subprocess.run(
        [gradgen, "schemas", "--format=json", "--profile", profile,
         "--native-functions", native, "--tags", tags],
        check=True, capture_output=True, text=True).stdout
    result = []
    for f in json.loads(out):
        f["variants"] = sorted(f["variants"])
        f["tags"] = sorted(f["tags"])
        f["dispatch"] = sorted((d["key"], d["kernel"]) for d in f["dispatch"])
        for key in ("name", "namespace", "structured_delegate"):
            f.pop(key, None)
        result.append(f)
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("gradgen")
    parser.add_argument("torchgen_root")
    parser.add_argument("native")
    parser.add_argument("tags")
    parser.add_argument("--profile", default="pytorch-2.14",
                        help="gradgen's profile: pytorch-2.14 or pytorch-1.13")
    parser.add_argument("--show", type=int, default=10)
    args = parser.parse_args()

    theirs = torchgen_dump(args.torchgen_root, args.native, args.tags)
    ours = gradgen_dump(args.gradgen, args.native, args.tags, args.profile)
    mismatches = 0
    if len(theirs) != len(ours):
        print(f"function counts differ: torchgen {len(theirs)}, gradgen {len(ours)}")
        mismatches += 1
    fields = {}
    for t, o in zip(theirs, ours):
        for key in sorted(set(t) | set(o)):
            if t.get(key) != o.get(key):
                mismatches += 1
                fields[key] = fields.get(key, 0) + 1
                if mismatches <= args.show:
                    print(f"{t['schema']}\n  {key}: torchgen {t.get(key)!r}\n  {key}: gradgen  {o.get(key)!r}")
    print(f"functions={len(theirs)} mismatches={mismatches} by_field={fields}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
