#!/usr/bin/env python3
"""Write a deliberately wrong copy of a generated Functions.cpp (test only).

usage: mutate_functions.py [--node MulBackward0] [--input self] [--factor 2]
                           IN_FUNCTIONS_CPP OUT_FUNCTIONS_CPP

Multiplies one derivative formula of one node by FACTOR: in NODE::apply, the
`grad_result` of the block that computes the gradient of INPUT. The runtime
check links this mutant into the autograd battery and expects its gradients
to differ exactly where the node runs; a harness that could not see this
difference would prove nothing.

Works on the pytorch-1.13 text of the node bodies:
  if (task_should_compute_output({ self_ix })) {
    auto grad_result = any_grad_defined ? (FORMULA) : Tensor();
Exit code 1, with a message, when the formula is not found exactly once.
"""
import argparse
import re
import sys


class MutationError(Exception):
    pass


def node_body(text, node):
    """The span of `variable_list NODE::apply(...) { ... }` in text."""
    start = text.find("variable_list %s::apply(" % node)
    if start < 0:
        raise MutationError("no definition of %s::apply" % node)
    if text.find("variable_list %s::apply(" % node, start + 1) >= 0:
        raise MutationError("%s::apply is defined twice" % node)
    end = text.find("\n}\n", start)
    if end < 0:
        raise MutationError("%s::apply has no closing brace" % node)
    return start, end


def mutate(text, node, input_name, factor):
    """Returns (mutated text, the formula that was changed)."""
    start, end = node_body(text, node)
    body = text[start:end]
    pattern = re.compile(
        r"(if \((?:task_)?should_compute_output\(\{ %s_ix \}\)\) \{\n"
        r"\s*auto grad_result = any_grad_defined \? )\((.*)\)( : Tensor\(\);)"
        % re.escape(input_name))
    matches = list(pattern.finditer(body))
    if len(matches) != 1:
        raise MutationError(
            "%d derivative blocks for %s in %s::apply, expected 1"
            % (len(matches), input_name, node))
    match = matches[0]
    formula = match.group(2)
    replacement = "%s((%s) * %s)%s" % (match.group(1), formula, factor,
                                        match.group(3))
    body = body[:match.start()] + replacement + body[match.end():]
    return text[:start] + body + text[end:], formula


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--node", default="MulBackward0")
    parser.add_argument("--input", default="self")
    parser.add_argument("--factor", default="2")
    parser.add_argument("source")
    parser.add_argument("output")
    args = parser.parse_args(argv)
    with open(args.source, encoding="utf-8") as f:
        text = f.read()
    try:
        mutated, formula = mutate(text, args.node, args.input, args.factor)
    except MutationError as error:
        print("mutate_functions.py: error: %s: %s" % (args.source, error),
              file=sys.stderr)
        return 1
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(mutated)
    print("mutated %s, derivative for %s: (%s) * %s"
          % (args.node, args.input, formula, args.factor))
    return 0


if __name__ == "__main__":
    sys.exit(main())
