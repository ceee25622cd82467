#!/usr/bin/env python3
"""Write a deliberately wrong copy of generated VariableType shards (test only).

usage: mutate_variable_type.py [--save KERNEL:FIELD:VARIABLE]
                               [--forward KERNEL[:FACTOR]] IN_DIR OUT_DIR

Two kinds of mutants, each in the kernel function KERNEL (its C++ name in
VariableType_N.cpp, e.g. mul_Tensor), in whichever shard of IN_DIR defines it:
  --save mul_Tensor:other_:self   the save `grad_fn->other_ = SavedVariable(
                                  other, ...)` saves `self` instead: the
                                  backward formula that reads other_ gets the
                                  wrong tensor
  --forward sin:2                 the forward-derivative formula
                                  `X_new_fw_grad_opt = F;` becomes
                                  `X_new_fw_grad_opt = (F) * 2;`
Writes the changed shards (only those) to OUT_DIR under their own names and
prints one line per mutation. The kernel battery expects exactly the
gradients (save) and tangents (forward) of the cases that run the mutated
operators to change; a battery that did not see it would prove nothing.
Exit code 1, with a message, when a kernel or its line is not found exactly
once.
"""
import argparse
import glob
import os
import re
import sys



class MutationError(Exception):
    pass


def shard_paths(directory, family="VariableType"):
    """DIR/<family>_N.cpp in the order of N (not the Everything file)."""
    shard = re.compile(r"%s_\d+\.cpp$" % family)
    paths = [p for p in glob.glob(os.path.join(directory, family + "_*.cpp"))
             if shard.search(p)]
    return sorted(paths, key=lambda p: int(re.findall(r"\d+", os.path.basename(
        p))[0]))


def kernel_span(text, kernel):
    """(start, end) of the definition of KERNEL(c10::DispatchKeySet ks, ...)
    at the start of a line, through its closing brace, or None."""
    pattern = re.compile(r"^[^\s/#].*\b%s\(c10::DispatchKeySet ks\b"
                         % re.escape(kernel), re.M)
    matches = list(pattern.finditer(text))
    if len(matches) > 1:
        raise MutationError("kernel %s is defined %d times"
                            % (kernel, len(matches)))
    if not matches:
        return None
    start = matches[0].start()
    end = text.find("\n}\n", start)
    if end < 0:
        raise MutationError("kernel %s has no closing brace" % kernel)
    return start, end


def mutate_save(body, field, variable):
    pattern = re.compile(r"(grad_fn->%s = SavedVariable\()([^,()]+)(, )"
                         % re.escape(field))
    matches = list(pattern.finditer(body))
    if len(matches) != 1:
        raise MutationError("%d saves of %s, expected 1"
                            % (len(matches), field))
    match = matches[0]
    what = "saves %s instead of %s in %s" % (variable, match.group(2), field)
    return (body[:match.start()] + match.group(1) + variable + match.group(3)
            + body[match.end():], what)


def mutate_forward(body, factor):
    pattern = re.compile(r"^(\s*\w+_new_fw_grad_opt = )(.+);$", re.M)
    matches = list(pattern.finditer(body))
    if len(matches) != 1:
        raise MutationError("%d forward-derivative formulas, expected 1"
                            % len(matches))
    match = matches[0]
    what = "forward derivative (%s) * %s" % (match.group(2), factor)
    return (body[:match.start()] + "%s(%s) * %s;" % (
        match.group(1), match.group(2), factor) + body[match.end():], what)


def mutate(texts, kernel, change):
    """Applies change(body) -> (body, what) to KERNEL in the one shard of
    texts ({path: text}) that defines it; returns (path, description)."""
    found = [(path, span) for path, text in texts.items()
             for span in [kernel_span(text, kernel)] if span]
    if len(found) != 1:
        raise MutationError("kernel %s is defined in %d shards, expected 1"
                            % (kernel, len(found)))
    path, (start, end) = found[0]
    text = texts[path]
    try:
        body, what = change(text[start:end])
    except MutationError as error:
        raise MutationError("%s in %s: %s" % (kernel, os.path.basename(path),
                                              error))
    texts[path] = text[:start] + body + text[end:]
    return path, "%s (%s): %s" % (kernel, os.path.basename(path), what)


def mutate_directory(source, output, saves=(), forwards=()):
    """Writes the mutated shards of SOURCE into OUTPUT; returns
    ([paths written], [descriptions])."""
    texts = {}
    for path in shard_paths(source):
        with open(path, encoding="utf-8") as f:
            texts[path] = f.read()
    if not texts:
        raise MutationError("%s has no VariableType_N.cpp" % source)
    changed, notes = set(), []
    for spec in saves:
        parts = spec.split(":")
        if len(parts) != 3:
            raise MutationError("--save wants KERNEL:FIELD:VARIABLE, not %s"
                                % spec)
        kernel, field, variable = parts
        path, note = mutate(texts, kernel,
                            lambda b: mutate_save(b, field, variable))
        changed.add(path)
        notes.append("save " + note)
    for spec in forwards:
        kernel, _, factor = spec.partition(":")
        path, note = mutate(texts, kernel,
                            lambda b: mutate_forward(b, factor or "2"))
        changed.add(path)
        notes.append("forward " + note)
    os.makedirs(output, exist_ok=True)
    written = []
    for path in sorted(changed):
        target = os.path.join(output, os.path.basename(path))
        with open(target, "w", encoding="utf-8") as f:
            f.write(texts[path])
        written.append(target)
    return written, notes


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--save", action="append", default=[])
    parser.add_argument("--forward", action="append", default=[])
    parser.add_argument("source")
    parser.add_argument("output")
    args = parser.parse_args(argv)
    try:
        _, notes = mutate_directory(args.source, args.output, args.save,
                                    args.forward)
    except MutationError as error:
        print("mutate_variable_type.py: error: %s: %s" % (args.source, error),
              file=sys.stderr)
        return 1
    for note in notes:
        print("mutated " + note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
