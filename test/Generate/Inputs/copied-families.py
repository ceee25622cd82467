# Prints the families a --time-trace file says were copied from the cache.
import json
import sys

prefix = "Total Copy cached "
for event in json.load(open(sys.argv[1]))["traceEvents"]:
    if event["name"].startswith(prefix):
        print("copied", event["name"][len(prefix):])
