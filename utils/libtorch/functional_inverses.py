#!/usr/bin/env python3
"""Writes ATen/FunctionalInverses.h with a PyTorch version's own torchgen.

usage: functional_inverses.py TREE INCLUDE_DIR

PyTorch's build generates ATen/FunctionalInverses.h (torchgen/gen.py, from
native_functions.yaml) and Debian's libtorch-dev 2.14.1 does not install it,
yet the ADInplaceOrViewType_N.cpp files of 2.14 include it. TREE is a
generator tree as the reference setup builds it
($ORACLE_DIR/work/pytorch-2.14.1: torchgen/ and aten/src/ATen/native/ with
native_functions.yaml and tags.yaml); this runs the part of its gen.py that
writes the header, into INCLUDE_DIR/ATen/. Nothing of the header is kept in
the project: the syntax checks make it at test time.
"""
import os
import sys

sys.dont_write_bytecode = True  # keep the reference tree as it is


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.splitlines()[2])
    tree, include = sys.argv[1:]
    sys.path.insert(0, os.path.abspath(tree))
    from torchgen.gen import (get_grouped_by_view_native_functions,
                              parse_native_yaml)
    from torchgen.gen_functionalization_type import (
        gen_functionalization_view_inverse_declaration)
    from torchgen.model import NativeFunctionsViewGroup
    from torchgen.selective_build.selector import SelectiveBuilder
    from torchgen.utils import FileManager, mapMaybe

    native = os.path.join(tree, "aten", "src", "ATen", "native")
    parsed = parse_native_yaml(os.path.join(native, "native_functions.yaml"),
                               os.path.join(native, "tags.yaml"))
    view_groups = [g for g in get_grouped_by_view_native_functions(
        parsed.native_functions) if isinstance(g, NativeFunctionsViewGroup)]
    selector = SelectiveBuilder.get_nop_selector()
    manager = FileManager(
        install_dir=os.path.join(include, "ATen"),
        template_dir=os.path.join(tree, "torchgen", "packaged", "ATen",
                                  "templates"), dry_run=False)
    manager.write("FunctionalInverses.h", lambda: {
        "view_inverse_declarations": list(mapMaybe(
            lambda g: gen_functionalization_view_inverse_declaration(
                selector, g), view_groups))})


if __name__ == "__main__":
    main()
