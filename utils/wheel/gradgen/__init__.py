"""gradgen's console commands. Each runs the executable the wheel carries in
gradgen/bin, which finds its profiles, prelude and Clang's builtin headers in
gradgen/share relative to itself (docs/packaging.md)."""
import os
import sys


def _run(name):
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", name)
    os.execv(path, [path] + sys.argv[1:])


def gradgen():
    _run("gradgen")


def lsp_server():
    _run("gradgen-lsp-server")
