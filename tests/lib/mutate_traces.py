#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""mutate_traces.py - 300 randomly mutated copies of two traces.

    mutate_traces.py A.qtr B.qtr DIR

writes DIR/m000.qtr ... DIR/m299.qtr, each a copy of A or B with one to
four mutations (bytes cut, junk put in, a byte changed, two lines swapped).
Seeded: the same inputs give the same files. 30-replay-refused requires
qdk-replay verify to answer each (0, 1, or 2 with file:line), never crash;
30-replay-formats requires the binary twin of each to answer alike.
tools/test_records.py makes its mutants with mutate() too.
"""
import random
import sys

JUNK = [b" ", b"\n", b"0", b"9", b"x", b"-", b"?", b"=", b":", b"+", b"#", b"\x00", b"\xff",
        b"18446744073709551616", b"0x", b"99999999999999999999999"]


def mutate(rng: random.Random, src: bytes, most: int = 4, junk: list[bytes] = JUNK) -> bytes:
    """src with one to `most` mutations drawn from rng, junk being what is put in"""
    t = bytearray(src)
    for _ in range(rng.randint(1, most)):
        pos = rng.randrange(len(t))
        op = rng.randrange(4)
        if op == 0:
            del t[pos:pos + rng.randint(1, 8)]
        elif op == 1:
            t[pos:pos] = rng.choice(junk)
        elif op == 2:
            t[pos] = rng.randrange(256)
        else:
            lines = t.split(b"\n")
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            t = bytearray(b"\n".join(lines))
    return bytes(t)


def main(argv: list[str]) -> int:
    if len(argv) != 4:
        print("usage: mutate_traces.py A.qtr B.qtr DIR", file=sys.stderr)
        return 2
    rng = random.Random(30)
    srcs = [open(p, "rb").read() for p in argv[1:3]]
    for i in range(300):
        with open(f"{argv[3]}/m{i:03d}.qtr", "wb") as f:
            f.write(mutate(rng, rng.choice(srcs)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
