"""make-checkout.py TREE EXAMPLE DIR: copies TREE (tools/autograd) to DIR and
adds EXAMPLE's native_functions.yaml, tags.yaml and helpers.h where a PyTorch
checkout keeps them."""
import os
import shutil
import sys

tree, example, dest = sys.argv[1:4]
shutil.copytree(tree, dest)
for name, where in (("native_functions.yaml", "aten/src/ATen/native"),
                    ("tags.yaml", "aten/src/ATen/native"),
                    ("helpers.h", "torch/csrc/autograd/FunctionsManual.h")):
    target = os.path.join(dest, where)
    if not target.endswith(".h"):
        target = os.path.join(target, name)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.copyfile(os.path.join(example, name), target)
