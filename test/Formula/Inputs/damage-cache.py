"""Damages a formula results cache (results-*.bin) as a crash, a full disk or
another program could: `huge-count` sets the edit count of the first formula
to 0xFFFFFFF0, `truncate` cuts the file in half, `garbage` overwrites the
records with bytes that are no records.

usage: damage-cache.py CACHE_DIR huge-count|truncate|garbage
"""
import glob
import struct
import sys

MAGIC = b"gradgen-formula-cache-1\n"


def skip_string(data, pos):
    (length,) = struct.unpack_from("<I", data, pos)
    return pos + 4 + length


def main():
    cache_dir, how = sys.argv[1], sys.argv[2]
    (path,) = glob.glob(cache_dir + "/results-*.bin")
    data = bytearray(open(path, "rb").read())
    assert data.startswith(MAGIC), "not a results cache"
    if how == "huge-count":
        pos = len(MAGIC)
        while True:
            tag_end = skip_string(data, pos)
            tag = bytes(data[pos + 4:tag_end])
            pos = skip_string(data, tag_end)  # the key
            if tag == b"f":
                break
            assert tag == b"n", "unexpected record"
        pos = skip_string(data, pos)  # the rewritten formula
        struct.pack_into("<I", data, pos, 0xFFFFFFF0)
    elif how == "truncate":
        del data[len(data) // 2:]
    elif how == "garbage":
        data[len(MAGIC):] = b"\xff" * (len(data) - len(MAGIC))
    else:
        sys.exit("unknown damage " + how)
    open(path, "wb").write(data)


if __name__ == "__main__":
    main()
