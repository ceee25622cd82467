"""hostile-frames.py CASE: writes a JSON-RPC stream (Content-Length framing)
that starts the server, sends the hostile frames of CASE, then asks for
shutdown (id 2) and exits, unless CASE ends the input early.
  nested    a message of 200,000 nested arrays
  big       a frame of 70 MB, over the server's limit of 64 MiB
  huge      a frame that claims 10^12 bytes, then the end of the input
  headers   a header line of 100 KB, and a header without Content-Length
  utf8      a request whose JSON string holds invalid UTF-8"""
import json
import sys


def frame(body):
    data = body.encode() if isinstance(body, str) else body
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


def message(**fields):
    return frame(json.dumps(dict(jsonrpc="2.0", **fields)))


case = sys.argv[1]
out = sys.stdout.buffer
out.write(message(id=0, method="initialize", params={}))
if case == "nested":
    out.write(frame("[" * 200000 + "]" * 200000))
elif case == "big":
    size = 70 << 20
    out.write(b"Content-Length: %d\r\n\r\n" % size)
    chunk = b"x" * (1 << 20)
    for _ in range(size >> 20):
        out.write(chunk)
elif case == "huge":
    out.write(b"Content-Length: 1000000000000\r\n\r\n{}")
    sys.exit(0)
elif case == "utf8":
    out.write(frame(b'{"jsonrpc":"2.0","id":7,"method":"\xff\xfe"}'))
elif case == "headers":
    out.write(b"X" * 100000 + b"\r\n")
    out.write(b"Content-Type: application/json\r\n\r\n")
out.write(message(id=1, method="textDocument/frobnicate", params={}))
out.write(message(id=2, method="shutdown"))
out.write(message(method="exit"))
