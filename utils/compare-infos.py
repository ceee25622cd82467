#!/usr/bin/env python3
"""Compare `gradgen infos --format=json` with utils/dump-torchgen-infos.py.

usage: compare-infos.py GRADGEN.json TORCHGEN.json [--fields a,b] [--show N]

Infos are paired by (func, dispatch_key); the order of the lists is compared
too. Prints one line per differing field with a count, the first N examples,
and a last line `infos_exact=A/B missing=C extra=D order_ok=yes|no`.
"""
import argparse
import collections
import json

SET_LIKE = {"required_inputs_fw_grad", "required_inputs_primal"}


def normalize(info, fields):
    result = {}
    for field in fields:
        value = info.get(field)
        if field == "forward_derivatives" and value is not None:
            value = [{k: (sorted(v) if k in SET_LIKE and v is not None else v)
                      for k, v in fd.items() if k not in ("required_original_self_value",
                                                           "is_reusing_outplace_formula")}
                     for fd in value]
        if field in ("all_saved_inputs", "all_saved_outputs") and (info.get("op") or "").startswith("Foreach"):
            value = sorted(value, key=lambda a: a["name"])
        result[field] = value
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("gradgen")
    parser.add_argument("torchgen")
    parser.add_argument("--fields", default="")
    parser.add_argument("--show", type=int, default=3)
    args = parser.parse_args()
    ours = json.load(open(args.gradgen))["infos"]
    theirs = json.load(open(args.torchgen))["infos"]
    fields = args.fields.split(",") if args.fields else [
        k for k in theirs[0].keys() if k not in ("func", "dispatch_key")]
    key = lambda i: (i["func"], i["dispatch_key"])
    ours_by_key = {key(i): i for i in ours}
    theirs_by_key = {key(i): i for i in theirs}
    diffs = collections.defaultdict(list)
    exact = 0
    for k, theirs_info in theirs_by_key.items():
        ours_info = ours_by_key.get(k)
        if ours_info is None:
            continue
        a, b = normalize(ours_info, fields), normalize(theirs_info, fields)
        same = True
        for field in fields:
            if a[field] != b[field]:
                same = False
                diffs[field].append((k, a[field], b[field]))
        exact += same
    missing = [k for k in theirs_by_key if k not in ours_by_key]
    extra = [k for k in ours_by_key if k not in theirs_by_key]
    common_ours = [key(i) for i in ours if key(i) in theirs_by_key]
    common_theirs = [key(i) for i in theirs if key(i) in ours_by_key]
    for field, items in sorted(diffs.items()):
        print(f"{field}: {len(items)} differ")
        for k, a, b in items[:args.show]:
            print(f"  {k[0]} [{k[1]}]\n    gradgen:  {json.dumps(a)[:400]}\n    torchgen: {json.dumps(b)[:400]}")
    for k in missing[:args.show]:
        print(f"missing: {k}")
    for k in extra[:args.show]:
        print(f"extra: {k}")
    print(f"infos_exact={exact}/{len(theirs)} missing={len(missing)} extra={len(extra)} "
          f"order_ok={'yes' if common_ours == common_theirs else 'no'}")


if __name__ == "__main__":
    main()
