"""make-checkout.py TREE EXAMPLE DIR [VERSION]: copies TREE (tools/autograd)
to DIR and adds EXAMPLE's native_functions.yaml, tags.yaml, helpers.h and
file templates where a PyTorch checkout keeps them, and a version.txt that
says VERSION if one is given."""
import os
import shutil
import sys

tree, example, dest = sys.argv[1:4]
shutil.copytree(tree, dest)
shutil.copytree(os.path.join(example, "tools", "autograd", "templates"),
                os.path.join(dest, "tools", "autograd", "templates"))
if len(sys.argv) > 4:
    with open(os.path.join(dest, "version.txt"), "w") as f:
        f.write(sys.argv[4] + "\n")
for name, where in (("native_functions.yaml", "aten/src/ATen/native"),
                    ("tags.yaml", "aten/src/ATen/native"),
                    ("helpers.h", "torch/csrc/autograd/FunctionsManual.h")):
    target = os.path.join(dest, where)
    if not target.endswith(".h"):
        target = os.path.join(target, name)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.copyfile(os.path.join(example, name), target)
