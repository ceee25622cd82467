"""Injects one mistake into each multi-line double-quoted formula.

    inject_mistakes.py DERIVATIVES OUT EXPECTED

Copies DERIVATIVES to OUT with `gradgen_bad_var + ` written at the first
non-blank character of the second line of every multi-line double-quoted
formula, and writes to EXPECTED one `LINE:COLUMN` (1-based) per mistake:
where a person would point, found from the text alone, not from a YAML
parser.
"""
import sys

MISTAKE = "gradgen_bad_var + "


def main():
    source, out, expected = sys.argv[1:4]
    lines = open(source, encoding="utf-8").read().split("\n")
    locations = []
    i = 0
    while i < len(lines):
        line = lines[i]
        key, sep, value = line.partition(": ")
        stripped = value.strip()
        # A double-quoted formula that does not close on its own line.
        if (sep and key.strip() and not key.strip().startswith(("#", "-"))
                and stripped.startswith('"') and stripped.count('"') == 1):
            continuation = i + 1
            text = lines[continuation]
            column = len(text) - len(text.lstrip())
            lines[continuation] = text[:column] + MISTAKE + text[column:]
            locations.append("%d:%d" % (continuation + 1, column + 1))
            i = continuation
        i += 1
    open(out, "w", encoding="utf-8").write("\n".join(lines))
    open(expected, "w").write("\n".join(locations) + "\n")


if __name__ == "__main__":
    main()
