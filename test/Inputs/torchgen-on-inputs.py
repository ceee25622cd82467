"""torchgen-on-inputs.py TREE OUT --native-functions F --tags F --derivatives F
[--templates DIR] [--python-bindings DEPRECATED]: torchgen's gen_autograd
(the C++ files of the autograd step), or with --python-bindings its
gen_python_functions (the Python bindings, with the deprecated.yaml
DEPRECATED), on small inputs, in a copy of the generator tree TREE whose inputs (and
templates, given DIR) are replaced, with PYTHONHASHSEED=0 as the reference
set-up runs it. Writes torchgen's files to OUT. Nothing of torchgen is
copied: the tree's code runs."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("tree")
    p.add_argument("out")
    p.add_argument("--native-functions", required=True)
    p.add_argument("--tags", required=True)
    p.add_argument("--derivatives", required=True)
    p.add_argument("--templates")
    p.add_argument("--python-bindings", metavar="DEPRECATED")
    a = p.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        tree = os.path.join(scratch, "tree")
        shutil.copytree(a.tree, tree)
        native = os.path.join(tree, "aten", "src", "ATen", "native")
        autograd = os.path.join(tree, "tools", "autograd")
        shutil.copyfile(a.native_functions, os.path.join(native, "native_functions.yaml"))
        shutil.copyfile(a.tags, os.path.join(native, "tags.yaml"))
        shutil.copyfile(a.derivatives, os.path.join(autograd, "derivatives.yaml"))
        if a.templates:
            shutil.rmtree(os.path.join(autograd, "templates"))
            shutil.copytree(a.templates, os.path.join(autograd, "templates"))
        env = dict(os.environ, PYTHONHASHSEED="0")
        os.makedirs(a.out, exist_ok=True)
        if a.python_bindings:
            shutil.copyfile(a.python_bindings, os.path.join(autograd, "deprecated.yaml"))
            subprocess.run([sys.executable, "-B", "-c", (
                "import sys; sys.path.insert(0, '.')\n"
                "from tools.autograd.gen_python_functions import gen\n"
                "gen(%r, 'aten/src/ATen/native/native_functions.yaml',"
                " 'aten/src/ATen/native/tags.yaml',"
                " 'tools/autograd/deprecated.yaml', 'tools/autograd/templates')\n")
                % os.path.abspath(a.out)],
                check=True, env=env, cwd=tree)
            os.remove(os.path.join(a.out, "python_enum_tag.cpp"))
            return
        subprocess.run([sys.executable, "-B", "-c", (
            "import sys; sys.path.insert(0, '.')\n"
            "from tools.autograd.gen_autograd import gen_autograd\n"
            "from torchgen.selective_build.selector import SelectiveBuilder\n"
            "gen_autograd('aten/src/ATen/native/native_functions.yaml',"
            " 'aten/src/ATen/native/tags.yaml', %r, 'tools/autograd',"
            " SelectiveBuilder.get_nop_selector())\n") % os.path.abspath(a.out)],
            check=True, env=env, cwd=tree)
        shutil.rmtree(os.path.join(a.out, "templates"), ignore_errors=True)


if __name__ == "__main__":
    main()
