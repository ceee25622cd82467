"""pre-commit-config.py REPO: prints a .pre-commit-config.yaml that names the
git checkout REPO by path, at its HEAD, and its hook `gradgen`, as a project
names clang-format's mirror."""
import subprocess
import sys

repo = sys.argv[1]
rev = subprocess.run(["git", "-C", repo, "rev-parse", "HEAD"], check=True,
                     capture_output=True, text=True).stdout.strip()
print("repos:\n- repo: %s\n  rev: %s\n  hooks:\n  - id: gradgen" % (repo, rev))
