#!/usr/bin/env python3
"""Dump torchgen's DifferentiabilityInfos in the JSON shape of `gradgen infos`.

usage: dump-torchgen-infos.py TREE [--match] > infos.json

TREE is a PyTorch generator tree as ../shared/tools/reference/setup.sh builds
them (e.g. /tmp/gradgen-reference/work/pytorch-2.14.1). With --match, runs
match_differentiability_info first, as the Functions.h generator does, so the
generated _foreach_ infos are included. The script imports the reference
generator; it contains none of its logic. Compare with
`gradgen infos --format=json` using utils/compare-infos.py.
"""
import json
import os
import sys


def saved(attrs):
    return [{"name": str(a.nctype.name), "type": a.nctype.type.cpp_type(), "expr": a.expr}
            for a in attrs]


def main():
    tree = os.path.abspath(sys.argv[1])
    match = "--match" in sys.argv
    os.chdir(tree)
    sys.path.insert(0, tree)
    from tools.autograd.load_derivatives import load_derivatives
    from torchgen.api import cpp
    from torchgen.api.autograd import match_differentiability_info
    from torchgen.gen import parse_native_yaml
    nf = "aten/src/ATen/native/native_functions.yaml"
    tags = "aten/src/ATen/native/tags.yaml"
    infos, used_keys = load_derivatives("tools/autograd/derivatives.yaml", nf, tags)
    if match:
        fns = sorted(parse_native_yaml(nf, tags).native_functions, key=lambda f: cpp.name(f.func))
        match_differentiability_info(fns, infos)
    out = []
    for schema, by_key in infos.items():
        for key, info in by_key.items():
            out.append({
                "name": info.name,
                "func": str(info.func.func),
                "op": info.op,
                "dispatch_key": key,
                "derivatives": [{
                    "var_names": list(d.var_names),
                    "formula": d.formula,
                    "original_formula": d.original_formula,
                    "saved_inputs": saved(d.saved_inputs),
                    "saved_outputs": saved(d.saved_outputs),
                    "named_gradients": sorted(d.named_gradients),
                } for d in info.derivatives],
                "forward_derivatives": [{
                    "var_names": list(f.var_names),
                    "var_types": [str(t) for t in f.var_types],
                    "formula": f.formula,
                    "required_inputs_fw_grad": None if f.required_inputs_fw_grad is None
                    else sorted(f.required_inputs_fw_grad),
                    "required_inputs_primal": None if f.required_inputs_primal is None
                    else sorted(f.required_inputs_primal),
                } for f in info.forward_derivatives],
                "all_saved_inputs": saved(info.all_saved_inputs),
                "all_saved_outputs": saved(info.all_saved_outputs),
                "available_named_gradients": list(info.available_named_gradients),
                "used_named_gradients": sorted(info.used_named_gradients),
                "args_with_derivatives": [{"name": a.name, "type": a.type}
                                          for a in info.args_with_derivatives],
                "non_differentiable_arg_names": list(info.non_differentiable_arg_names),
                "output_differentiability": info.output_differentiability,
                "output_differentiability_conditions": info.output_differentiability_conditions,
            })
    json.dump({"used_dispatch_keys": sorted(used_keys), "infos": out}, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
