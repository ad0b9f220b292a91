#!/usr/bin/env python3
"""Random inner products for cross-checking ptxfp-tc against the MATLAB
tensor-core models run in GNU Octave (see run.sh).

Writes <out>/<GPU>/<fmt>/a_<GPU>_<fmt>.txt, b_..., c_<GPU>_<acc>.txt in the
layout of the published measurements (a/b: K hex f32 patterns per line;
c: one 32-bit binary pattern per line). Inputs are the format's own bit
patterns: half of them with exponents near the bias, the others anywhere
from zero and subnormals up to a cap that keeps sums in range.
"""
import random
import struct
import sys


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def f16_to_f32(h):
    return f32_bits(struct.unpack("<e", struct.pack("<H", h))[0])


FMT = {  # width, exponent bits
    "fp16": (16, 5),
    "bf16": (16, 8),
    "tf32": (19, 8),
    "e4m3": (8, 4),
    "e5m2": (8, 5),
}


def value(fmt, rng, cap):
    width, eb = FMT[fmt]
    fb = width - 1 - eb
    bias = (1 << (eb - 1)) - 1
    r = rng.random()
    if r < 0.05:
        e = 0  # zero or subnormal
    elif r < 0.55:
        e = bias + rng.randint(-3, 2)
    else:
        e = rng.randint(1, min(bias + cap, (1 << eb) - 2))
    frac = rng.getrandbits(fb)
    if rng.random() < 0.03:
        frac = 0
    if fmt == "e4m3" and e == 15 and frac == 7:
        frac = 6  # 0x7f is E4M3's NaN
    v = (rng.getrandbits(1) << (width - 1)) | (e << fb) | frac
    if fmt == "fp16":
        return f16_to_f32(v)
    if fmt == "bf16":
        return v << 16
    if fmt == "tf32":
        return v << 13
    if fmt == "e5m2":
        return f16_to_f32(v << 8)
    sign = -1.0 if v >> 7 else 1.0
    e, m = (v >> 3) & 15, v & 7
    x = m * 2.0 ** -9 if e == 0 else (8 + m) * 2.0 ** (e - 10)
    return f32_bits(sign * x)


def acc_value(acc, rng):
    r = rng.random()
    if r < 0.1:
        return rng.getrandbits(1) << 31  # signed zero
    if acc == "fp16":
        e = rng.randint(0, 20)  # subnormal to 2^5
        return f16_to_f32((rng.getrandbits(1) << 15) | (e << 10) | rng.getrandbits(10))
    if r < 0.15:
        return (rng.getrandbits(1) << 31) | rng.getrandbits(23)  # f32 subnormal
    e = 127 + rng.randint(-6, 3) if r < 0.8 else rng.randint(1, 140)
    return (rng.getrandbits(1) << 31) | (e << 23) | rng.getrandbits(23)


def main():
    out, gpu, fmt, acc, k, rows, seed = sys.argv[1:8]
    k, rows = int(k), int(rows)
    rng = random.Random(f"{gpu}/{fmt}/{acc}/{seed}")
    # Cap the exponent field above the bias so that sums stay finite in the
    # accumulator (the MATLAB models do not round an overflow to infinity
    # for fp16).
    cap = 3 if acc == "fp16" else 40
    import os

    d = os.path.join(out, gpu, fmt)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, f"a_{gpu}_{fmt}_{acc}.txt"), "w") as fa, open(
        os.path.join(d, f"b_{gpu}_{fmt}_{acc}.txt"), "w"
    ) as fb, open(os.path.join(d, f"c_{gpu}_{acc}.txt"), "w") as fc:
        for _ in range(rows):
            fa.write(" ".join("%08x" % value(fmt, rng, cap) for _ in range(k)) + "\n")
            fb.write(" ".join("%08x" % value(fmt, rng, cap) for _ in range(k)) + "\n")
            fc.write("{:032b}\n".format(acc_value(acc, rng)))


main()
