"""Writes the inputs of hostile-inputs.test into the folder argv[1]."""
import os
import sys

out = sys.argv[1]
entry = "- name: abs(Tensor self) -> Tensor\n"


def write(name, text):
    with open(os.path.join(out, name), "w", encoding="utf-8", newline="") as f:
        f.write(text)


write("bom.yaml", "\ufeff" + entry + "  self: grad * self.sgn()\n")
write("deep.yaml", entry + "  self: " + "[" * 100000 + "]" * 100000 + "\n")
laughs = entry + "  x0: &a [1,1,1,1,1,1,1,1,1,1]\n"
for i in range(1, 12):
    laughs += "  x%d: &%s [%s]\n" % (i, chr(97 + i), ",".join(["*" + chr(96 + i)] * 10))
write("laughs.yaml", laughs + "  self: grad\n")
write("long-name.yaml", entry + "  self: grad * " + "x" * 10000 + "\n")
write("long-schema.yaml", "- name: " + "abs" * 100000 + "(Tensor self) -> Tensor\n  self: grad\n")
write("blank-lines.yaml", entry + '  self: "grad' + "\n\n" * 131072 + '"\n')
write("many-errors.yaml", "".join("- name: nosuch%d(Tensor self) -> Tensor\n  self: grad\n" % i
                                  for i in range(500)))
write("unary.yaml", entry + "  self: \"" + "- " * 2000 + "grad\"\n")
