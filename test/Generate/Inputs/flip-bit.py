# Flips one bit, 40 bytes before the end, of each file named.
import sys

assert len(sys.argv) > 1
for path in sys.argv[1:]:
    data = bytearray(open(path, "rb").read())
    data[-40] ^= 1
    open(path, "wb").write(bytes(data))
