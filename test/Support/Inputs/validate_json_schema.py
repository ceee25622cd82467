"""Validates a JSON document against a JSON Schema (the draft its $schema names).

    validate_json_schema.py SCHEMA DOCUMENT

Prints each violation with its path and exits 1 if there is any. Formats
("uri", "uri-reference", ...) are checked where jsonschema can: "uri" needs
python3-rfc3987, which utils/install-deps.sh installs.
"""
import json
import sys

import jsonschema


def main():
    schema_path, document_path = sys.argv[1:3]
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    with open(document_path, encoding="utf-8") as f:
        document = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    checker = jsonschema.FormatChecker()
    validator = validator_class(schema, format_checker=checker)
    errors = sorted(validator.iter_errors(document),
                    key=lambda e: [str(p) for p in e.absolute_path])
    for error in errors:
        path = "/".join(str(p) for p in error.absolute_path)
        print("%s: %s: %s" % (document_path, path or "<root>", error.message))
    if "uri" not in checker.checkers:
        print("note: URI formats not checked (python3-rfc3987 is missing)")
    if errors:
        return 1
    print("%s: valid" % document_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
