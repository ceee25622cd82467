# Prints the names of the events of a --time-trace file, one a line.
import json
import sys

for event in json.load(open(sys.argv[1]))["traceEvents"]:
    print(event["name"])
