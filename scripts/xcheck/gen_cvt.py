"""Vectors for the cvt forms of ptxmodel.cvt_forms() (cvt.pack, cvt.rs and the
.ue8m0x2 conversions), computed by ptxmodel.CvtForm: one file for
`ptxfp verify`, `# run: --target sm_100a --ptx 8.8`.

    python3 scripts/xcheck/gen_cvt.py --seed 1 --per-form 120 --out testdata/vectors-cvt

Deterministic for a seed. Cases: the edges of each destination (every code's
value, the points where the random bits decide, one .f32 ulp either side of
them, halfway points, the largest value and beyond, subnormals, zeros,
infinities, NaNs), random bits 0, all ones and random; for cvt.pack the
bounds of every convertType; for .ue8m0x2 powers of two and their neighbours.
Standard library only.
"""

import argparse
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ptxmodel  # noqa: E402


def f32_bits(x):
    """The .f32 nearest to a Python float (struct's rounding), as bits; the
    largest finite .f32 for what is beyond it."""
    try:
        return struct.unpack("<I", struct.pack("<f", x))[0]
    except OverflowError:
        return 0x7F7FFFFF


SPECIAL_F32 = [0, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001, 0x7F800001,
               0x7F7FFFFF, 0xFF7FFFFF, 1, 0x80000001, 0x00800000]


def rs_edges(dst, rng):
    """Edge .f32 inputs for a .rs destination element format."""
    fmt, _ = ptxmodel.RS_FORMATS[dst]
    codes = range(fmt.max_code + 1) if fmt.ebits + fmt.mbits <= 8 else \
        sorted({rng.randrange(fmt.max_code + 1) for _ in range(40)} | {0, 1, 2, fmt.max_code - 1, fmt.max_code})
    codes = [c for c in codes if c != fmt.nan and c != fmt.inf]
    xs = list(SPECIAL_F32)
    for c in codes:
        v = float(fmt.value(c))
        nxt = float(fmt.value(c + 1)) if c < fmt.max_code else v * 1.0625
        for point in (v, (v + nxt) / 2, v + (nxt - v) * rng.random()):
            b = f32_bits(point)
            xs += [b, b + 1, max(b - 1, 0)]
    xs += [rng.getrandbits(32) for _ in range(len(xs) // 4)]
    return [x ^ (rng.getrandbits(1) << 31) for x in xs]


def random_bits(rng):
    return rng.choice([0, 0xFFFFFFFF, 0x80008000, 0x7FFF7FFF, 0x10000FFF, rng.getrandbits(32),
                       rng.getrandbits(32)])


def cases(form, per_form, rng):
    """`per_form` operand lists for `form`."""
    words = form.split(".")
    if words[1] == "pack":
        size, _ = ptxmodel.PACK_TYPES[words[3]]
        edges = [0x80000000, 0x7FFFFFFF, 0, 1, 0xFFFFFFFF]
        for w in (2, 4, 8, 16):
            for bound in (1 << w, 1 << (w - 1), -(1 << (w - 1))):
                for d in (-1, 0, 1):
                    edges.append((bound + d) % (1 << 32))
        n = 2 if size == 16 else 3
        out = []
        for _ in range(per_form):
            ops = [rng.choice(edges) if rng.random() < 0.8 else rng.getrandbits(32) for _ in range(2)]
            if n == 3:
                ops.append(rng.getrandbits(32))
            out.append(ops)
        return out
    if words[1] == "rs":
        dst = words[-2]
        lanes = 2 if dst in ("f16x2", "bf16x2") else 4
        xs = rs_edges(dst, rng)
        return [[rng.choice(xs) for _ in range(lanes)] + [random_bits(rng)] for _ in range(per_form)]
    if words[-1] == "ue8m0x2":
        return [[rng.getrandbits(16) if i % 4 else rng.choice([0x7F00, 0x00FF, 0xFF00, 0xFE01, 0x0000])]
                for i in range(per_form)]
    # to .ue8m0x2: powers of two and their neighbours, zeros, infinities, NaNs.
    if words[-1] == "f32":
        pool = list(SPECIAL_F32)
        for e in range(256):
            for m in (0, 1, 0x400000, 0x7FFFFF):
                pool.append(e << 23 | m)
        return [[rng.choice(pool) ^ (rng.getrandbits(1) << 31) for _ in range(2)] for _ in range(per_form)]
    pool = [0, 0x7F80, 0x7FC0, 0x7F81, 0x7F7F, 0x0001, 0x0040, 0x0041, 0x0080]
    for e in range(255):
        for m in (0, 1, 0x7F):
            pool.append(e << 7 | m)
    return [[(rng.choice(pool) | rng.getrandbits(1) << 15) << 16 | rng.choice(pool)] for _ in range(per_form)]


def s2f6_scale(rng):
    """A UE8M0 scale code: 1.0 (0x7f) and its neighbours, the ends, NaN, random."""
    return rng.choice([0x7F, 0x7F, 0x7E, 0x80, 0x85, 0x79, 0x00, 0x01, 0xFE, 0xFF, rng.randrange(256)])


def s2f6_value(rng, scale):
    """An .f32 near the .s2f6 grid scaled by 2^(scale - 127): grid points, halfway
    points and quarter points of every code and a little beyond the range, one
    .f32 ulp either side; the specials; random bits."""
    r = rng.random()
    if r < 0.1:
        return rng.choice(SPECIAL_F32)
    if r < 0.2:
        return rng.getrandbits(32)
    k = rng.randrange(-140, 141) + rng.choice([0, 0, 0.5, 0.25, 0.75])
    x = k / 64 * 2.0 ** (min(scale, 0xFE) - 127)
    b = f32_bits(x)
    return (b + rng.choice([0, 0, 0, 1, -1])) % (1 << 32)


def s2f6_cases(form, per_form, rng):
    """`per_form` operand lists for an .s2f6x2 form."""
    words = form.split(".")
    scaled = ptxmodel.SCALED in words
    out = []
    for _ in range(per_form):
        hi, lo = s2f6_scale(rng), s2f6_scale(rng)
        sf = [hi << 8 | lo] if scaled else []
        if not scaled:
            hi = lo = 0x7F
        if words[-2] == "bf16x2":
            a = rng.choice([rng.getrandbits(16), 0x7F80, 0x807F, 0x8080, 0x0000, 0x0180, 0xFF01])
            out.append([a] + sf)
        elif words[-1] == "f32":
            out.append([s2f6_value(rng, hi), s2f6_value(rng, lo)] + sf)
        else:
            # .bf16 lanes: the upper halves of such .f32 values.
            a = s2f6_value(rng, hi) >> 16
            b = s2f6_value(rng, lo) >> 16
            out.append([a << 16 | b] + sf)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-form", type=int, default=120)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    lines = [
        "# Expected values from scripts/xcheck/ptxmodel.py (CvtForm), a Python model written from",
        "# the PTX ISA 9.7.9.21-22 sentences it quotes and the readings docs/NVIDIA.md records",
        '# ("cvt.rs: the random bits", "cvt: ue8m0x2", "cvt.pack"), NOT ptxfp\'s own code.',
        "# Where docs/NVIDIA.md marks a choice open, these vectors follow it; a GPU run may change them.",
        f"# Regenerate: python3 scripts/xcheck/gen_cvt.py --seed {args.seed} --per-form {args.per_form} --out DIR",
        "# run: --target sm_100a --ptx 8.8",
    ]
    for form, _, _ in ptxmodel.cvt_forms():
        model = ptxmodel.CvtForm(form)
        widths = model.hex_widths()
        for ops in cases(form, args.per_form, rng):
            result = model.evaluate(ops)
            fields = [f"{x:0{w}x}" for x, w in zip(ops, widths)] + [f"{result:0{widths[-1]}x}"]
            lines.append(" ".join([form] + fields))
    with open(os.path.join(args.out, "cvt-sm_100a-ptx8.8.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    # The .s2f6x2 forms (PTX ISA 9.1) in a file of their own, from their own
    # generator state: the file above stays as it was.
    rng = random.Random(args.seed + 1)
    lines = [
        "# Expected values from scripts/xcheck/ptxmodel.py (CvtForm), a Python model written from",
        "# the PTX ISA 5.2.4 (s2f6) and 9.7.9.22 (cvt, .s2f6x2) sentences it quotes and the readings",
        '# docs/NVIDIA.md "cvt: s2f6x2" records, NOT ptxfp\'s own code. Open choices (the negative',
        "# end of the range, scale 0xff) follow docs/NVIDIA.md; a GPU run may change them.",
        f"# Regenerate: python3 scripts/xcheck/gen_cvt.py --seed {args.seed} --per-form {args.per_form} --out DIR",
        "# run: --target sm_100a --ptx 9.1",
    ]
    for form, _, _ in ptxmodel.s2f6_forms():
        model = ptxmodel.CvtForm(form)
        widths = model.hex_widths()
        for ops in s2f6_cases(form, args.per_form, rng):
            result = model.evaluate(ops)
            fields = [f"{x:0{w}x}" for x, w in zip(ops, widths)] + [f"{result:0{widths[-1]}x}"]
            lines.append(" ".join([form] + fields))
    with open(os.path.join(args.out, "cvt-s2f6-sm_100a-ptx9.1.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
