#!/usr/bin/env python3
"""Vectors for ptxfp's `alt` and `mixed` families from scripts/xcheck/altmodel.py
(an independent model of PTX ISA 9.4 §9.7.6 and the 9.4 lines of §9.7.5;
see its docstring for the ISA sentences and the docs/NVIDIA.md decisions it
follows).

    python3 scripts/xcheck/gen_alt.py --seed 1 --per-form 3 --mixed-per-form 40 --out DIR
    target/release/ptxfp verify DIR/*.txt

Writes alt-sm_100a-ptx9.4.txt (the 896 alternate forms) and
mixed-sm_107a-ptx9.4.txt (the 36 packed mixed-precision forms), each with a
`# run:` line, lines `FORM OPERAND... EXPECTED` in hex. Deterministic for a
given seed and options. Lanes are edge-weighted (zeros of both signs,
smallest and largest subnormals, smallest normal, 1, -1, MAX_NORM and its
neighbour, infinities and every NaN code where the format has them,
powers of two) or seeded random; `fma` lanes include products that are
inexact in the destination with addends that cancel them or nudge them
across a tie. Options:

  --exhaustive   add every lane pair of the add/sub/mul forms without .rn
                 (.rn is the default, so those forms are the same
                 instructions; random vectors cover them), and every 16-bit
                 a of the mixed forms with a 16-bit a
                 (large: for a full check, not for committing)
  --junk         add vectors whose FP6/.e2m1p4x4 padding bits are set (the
                 semantics blocks read a[0:5], a[0:3] only; Table 9 says
                 the padding is zero)
"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import altmodel as M  # noqa: E402
from fractions import Fraction  # noqa: E402

# ---------------------------------------------------------------------------
# Edge codes
# ---------------------------------------------------------------------------

EDGE = {
    'e5m2': [0x00, 0x80, 0x01, 0x81, 0x02, 0x03, 0x83, 0x04, 0x84, 0x05, 0x3c, 0xbc,
             0x3b, 0x3d, 0x3e, 0x40, 0xc0, 0x38, 0x44, 0x7a, 0x7b, 0xfb, 0x78, 0x7c, 0xfc,
             0x7d, 0x7e, 0x7f, 0xfd, 0xfe, 0xff, 0x10, 0x20, 0x30, 0x50, 0x60, 0x70],
    'e4m3': [0x00, 0x80, 0x01, 0x81, 0x02, 0x04, 0x06, 0x07, 0x87, 0x08, 0x88, 0x09,
             0x38, 0xb8, 0x37, 0x39, 0x3c, 0x40, 0xc0, 0x30, 0x76, 0x77, 0x78, 0x7c, 0x7d,
             0x7e, 0xfe, 0x7f, 0xff, 0x10, 0x20, 0x50, 0x60, 0x70],
    'e3m2': [0x00, 0x20, 0x01, 0x21, 0x02, 0x03, 0x04, 0x24, 0x0c, 0x2c, 0x0b, 0x0d,
             0x10, 0x1e, 0x1f, 0x3f, 0x1c, 0x08, 0x14],
    'e2m3': [0x00, 0x20, 0x01, 0x21, 0x04, 0x07, 0x27, 0x08, 0x28, 0x09, 0x0c, 0x10,
             0x18, 0x1e, 0x1f, 0x3f, 0x0f],
    'e2m1': list(range(16)),
    'ue8m0': [0x00, 0x01, 0x02, 0x70, 0x76, 0x77, 0x78, 0x7c, 0x7e, 0x7f, 0x80, 0x81,
              0x84, 0x86, 0x88, 0x8e, 0x8f, 0x90, 0xfd, 0xfe, 0xff, 0x60, 0x9f, 0x5f],
}

F16_EDGE = [0x0000, 0x8000, 0x0001, 0x8001, 0x0002, 0x03ff, 0x83ff, 0x0400, 0x8400, 0x0401,
            0x3c00, 0xbc00, 0x3bff, 0x3c01, 0x4000, 0x3800, 0x7bff, 0xfbff, 0x7bfe, 0x7c00,
            0xfc00, 0x7e00, 0xfe00, 0x7c01, 0x7dff, 0xfc01, 0x5bff, 0x1400, 0x2400, 0x6400]
BF16_EDGE = [0x0000, 0x8000, 0x0001, 0x8001, 0x007f, 0x807f, 0x0080, 0x8080, 0x0081,
             0x3f80, 0xbf80, 0x3f7f, 0x3f81, 0x4000, 0x7f7f, 0xff7f, 0x7f7e, 0x7f80, 0xff80,
             0x7fc0, 0xffc0, 0x7f81, 0xff81, 0x477f, 0x4780, 0x3880, 0x387f, 0x3380, 0x3300,
             0x3400, 0x0100, 0x1f80]
F32_EDGE = [0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff,
            0x00800000, 0x80800000, 0x00800001, 0x3f800000, 0xbf800000, 0x3f7fffff,
            0x3f800001, 0x40000000, 0x7f7fffff, 0xff7fffff, 0x7f7ffffe, 0x7f800000,
            0xff800000, 0x7fc00000, 0xffc00000, 0x7f800001, 0xffc00001, 0x7fbfffff,
            0x477fe000, 0x477fefff, 0x477ff000, 0x477fffff, 0x47800000, 0xc77ff000,
            0x38800000, 0x387fffff, 0x38800001, 0xb8800000, 0x33800000, 0x33000000,
            0x33000001, 0x32ffffff, 0x337fffff, 0x7f7f8000, 0x7f7f7fff, 0x7f7fc000,
            0x00010000, 0x00008000, 0x00018000, 0x00ff0000, 0x3f808000, 0x3f818000,
            0x3f808001, 0x3f807fff, 0x3a800000, 0x3a801000, 0x3a802000, 0x3a803000]


# ---------------------------------------------------------------------------
# Lane generation for the alternate instructions
# ---------------------------------------------------------------------------


def lane_code(rng, ty, junk=False):
    fmt, _, _, lw = M.ALT_TYPES[ty]
    if rng.random() < 0.55:
        c = rng.choice(EDGE[fmt.name])
    else:
        c = rng.getrandbits(lw)
    if junk and M.ALT_TYPES[ty][2] == 8 and lw < 8:
        c |= rng.getrandbits(8 - lw) << lw
    return c


def pack(ty, codes):
    _, _, stride, _ = M.ALT_TYPES[ty]
    r = 0
    for i, c in enumerate(codes):
        r |= c << (stride * i)
    return r


def fma_lane(rng, dt, at, bt):
    """Codes (a, b, c) of one fma lane: often a product inexact in the
    destination, with an addend that cancels it, is tiny, or is zero."""
    dfmt = M.ALT_TYPES[dt][0]
    afmt, bfmt = M.ALT_TYPES[at][0], M.ALT_TYPES[bt][0]
    if rng.random() < 0.4:
        for _ in range(30):
            ca, cb = lane_code(rng, at), lane_code(rng, bt)
            x, y = afmt.decode(ca), bfmt.decode(cb)
            if x[0] != 'fin' or y[0] != 'fin':
                continue
            p = x[2] * y[2]
            if p == 0 or p > dfmt.maxnorm * 2:
                continue
            r = M.round_mag(dfmt, p, 'ne')
            if r == p:
                continue
            s = x[1] ^ y[1]
            choice = rng.randrange(6)
            if choice == 0:
                cc = 0x80 if rng.random() < 0.5 else 0x00
            elif choice == 1:
                cc = 0x01 | (rng.getrandbits(1) << 7)       # +- smallest subnormal
            elif choice == 2 and r <= dfmt.maxnorm:
                cc = dfmt.encode(s ^ 1, r)                   # cancels the rounded product
            elif choice == 3:
                lo = M.round_mag(dfmt, p, 'dn')
                cc = dfmt.encode(s ^ 1, lo) if lo <= dfmt.maxnorm else 0
            else:
                cc = lane_code(rng, dt)
            return ca, cb, cc
    return lane_code(rng, at), lane_code(rng, bt), lane_code(rng, dt)


_TABLES = {}


def value_table(fmt):
    """Signed finite value -> codes, for solving for an operand."""
    if fmt.name not in _TABLES:
        t = {}
        for code in range(1 << fmt.width):
            v = fmt.decode(code)
            if v[0] == 'fin':
                t.setdefault(-v[2] if v[1] else v[2], []).append(code)
        _TABLES[fmt.name] = t
    return _TABLES[fmt.name]


def targets(dfmt):
    """Exact results where the rounding into dfmt decides something: the
    overflow tie (E4M3 464, E5M2 61440) and beyond, MAX_NORM, ties to even
    at 1 and in the subnormals (to zero, and from the largest subnormal to
    the smallest normal), and an exact zero."""
    mx = dfmt.maxnorm
    ulp = mx - dfmt.decode_mag(dfmt.max_code - 1)
    one_ulp = Fraction(1, 1 << dfmt.mbits)
    sub = dfmt.decode_mag(1)
    minnorm = Fraction(2) ** dfmt.emin
    mags = [mx + ulp / 2, mx + ulp, mx, 1 + one_ulp / 2, 1 + 3 * one_ulp / 2,
            sub / 2, 3 * sub / 2, minnorm - sub / 2, Fraction(0)]
    out = []
    for m in mags:
        out.append(m)
        if m:
            out.append(-m)
    return out


def corner_lanes(rng, form):
    """Lanes whose exact result is each target of targets(), solved for
    the last operand, and lanes with a NaN or an infinity in each position
    (where the type has them) and inf - inf, 0 * inf."""
    op, mods, types = M.parse(form)
    dt = types[0]
    dfmt = M.ALT_TYPES[dt][0]
    if op in ('add', 'sub'):
        srcs = [types[1], dt]
    elif op == 'mul':
        srcs = [types[1], types[2]]
    else:
        srcs = [types[1], types[2], dt]
    fmts = [M.ALT_TYPES[t][0] for t in srcs]
    lanes = []

    def finite_codes(fmt):
        cs = [c for c in range(1 << fmt.width) if fmt.decode(c)[0] == 'fin']
        rng.shuffle(cs)
        return cs

    def val(fmt, c):
        v = fmt.decode(c)
        return -v[2] if v[1] else v[2]

    for t in targets(dfmt):
        found = None
        if op in ('add', 'sub'):
            tab = value_table(fmts[1])
            for ca in finite_codes(fmts[0]):
                need = t - val(fmts[0], ca) if op == 'add' else val(fmts[0], ca) - t
                if need in tab:
                    found = (ca, rng.choice(tab[need]))
                    break
        elif op == 'mul':
            tab = value_table(fmts[1])
            for ca in finite_codes(fmts[0]):
                x = val(fmts[0], ca)
                if x == 0:
                    continue
                if t / x in tab:
                    found = (ca, rng.choice(tab[t / x]))
                    break
        else:
            tab = value_table(fmts[2])
            cas, cbs = finite_codes(fmts[0]), finite_codes(fmts[1])
            for _ in range(600):
                ca, cb = rng.choice(cas), rng.choice(cbs)
                need = t - val(fmts[0], ca) * val(fmts[1], cb)
                if need in tab and (t != 0 or need != 0 or rng.random() < 0.3):
                    found = (ca, cb, rng.choice(tab[need]))
                    break
        if found:
            lanes.append(found)
    # NaN and infinity in each position, inf - inf, 0 * inf
    for k, fmt in enumerate(fmts):
        specials = [c for c in range(1 << fmt.width) if fmt.decode(c)[0] != 'fin']
        for c in specials[:2] + specials[-1:]:
            lane = [rng.choice(finite_codes(f)) for f in fmts]
            lane[k] = c
            lanes.append(tuple(lane))
    if op == 'fma' or op == 'mul':
        for k in (0, 1):
            infs = [c for c in range(1 << fmts[k].width) if fmts[k].decode(c)[0] == 'inf']
            zeros = [c for c in range(1 << fmts[1 - k].width) if fmts[1 - k].decode(c) [0] == 'fin'
                     and fmts[1 - k].decode(c)[2] == 0]
            if infs and zeros:
                lane = [rng.choice(finite_codes(f)) for f in fmts]
                lane[k], lane[1 - k] = infs[0], zeros[-1]
                lanes.append(tuple(lane))
    infs_last = [c for c in range(1 << fmts[-1].width) if fmts[-1].decode(c)[0] == 'inf']
    infs_a = [c for c in range(1 << fmts[0].width) if fmts[0].decode(c)[0] == 'inf']
    if op in ('add', 'sub', 'fma') and infs_last and infs_a:
        lane = [rng.choice(finite_codes(f)) for f in fmts]
        if op == 'fma':
            ones = value_table(fmts[1]).get(Fraction(1))
            if not ones:
                return lanes
            lane[1] = ones[0]
        lane[0] = infs_a[0]
        lane[-1] = infs_last[0] ^ (0 if op == 'sub' else 0x80)
        lanes.append(tuple(lane))
    return lanes


def pack_lanes(form, lanes):
    op, mods, types = M.parse(form)
    if op in ('add', 'sub'):
        tys = [types[1], types[0]]
    elif op == 'mul':
        tys = [types[1], types[2]]
    else:
        tys = [types[1], types[2], types[0]]
    out = []
    for i in range(0, len(lanes), 4):
        chunk = list(lanes[i:i + 4])
        while len(chunk) < 4:
            chunk.append(chunk[len(chunk) % len(lanes[i:i + 4])])
        out.append(tuple(pack(t, [l[k] for l in chunk]) for k, t in enumerate(tys)))
    return out


def alt_vectors(rng, form, n, junk=False):
    op, mods, types = M.parse(form)
    out = []
    for _ in range(n):
        if op in ('add', 'sub'):
            dt, at = types
            a = pack(at, [lane_code(rng, at, junk) for _ in range(4)])
            c = pack(dt, [lane_code(rng, dt) for _ in range(4)])
            out.append((a, c))
        elif op == 'mul':
            dt, at, ct = types
            a = pack(at, [lane_code(rng, at, junk) for _ in range(4)])
            c = pack(ct, [lane_code(rng, ct, junk) for _ in range(4)])
            out.append((a, c))
        else:
            dt, at, bt = types
            lanes = [fma_lane(rng, dt, at, bt) for _ in range(4)]
            if junk:
                lanes = [(x | (lane_code(rng, at, True) & ~((1 << M.ALT_TYPES[at][3]) - 1)),
                          y | (lane_code(rng, bt, True) & ~((1 << M.ALT_TYPES[bt][3]) - 1)), z)
                         for x, y, z in lanes]
            out.append((pack(at, [l[0] for l in lanes]), pack(bt, [l[1] for l in lanes]),
                        pack(dt, [l[2] for l in lanes])))
    return out


def alt_pairs(form):
    """Every (a lane, c lane) pair of an add/sub/mul form, four to a vector."""
    op, mods, types = M.parse(form)
    if op in ('add', 'sub'):
        at, ct = types[1], types[0]
    else:
        at, ct = types[1], types[2]
    la, lc = M.ALT_TYPES[at][3], M.ALT_TYPES[ct][3]
    pairs = [(x, y) for x in range(1 << la) for y in range(1 << lc)]
    out = []
    for i in range(0, len(pairs), 4):
        chunk = pairs[i:i + 4]
        while len(chunk) < 4:
            chunk.append(chunk[0])
        out.append((pack(at, [p[0] for p in chunk]), pack(ct, [p[1] for p in chunk])))
    return out


# ---------------------------------------------------------------------------
# Lanes for the mixed-precision forms
# ---------------------------------------------------------------------------


def f32_random(rng):
    r = rng.random()
    if r < 0.4:
        return rng.choice(F32_EDGE) ^ (rng.getrandbits(1) << 31)
    if r < 0.8:
        # exponents where .f16/.bf16 results change shape, and anywhere
        e = rng.choice([rng.randrange(100, 145), rng.randrange(0, 256), rng.randrange(0, 30),
                        rng.randrange(225, 255), 127 - 14, 127 - 24, 127 + 15, 127 - 126])
        return (rng.getrandbits(1) << 31) | (e << 23) | rng.getrandbits(23)
    return rng.getrandbits(32)


def half_random(rng, ty):
    edges = F16_EDGE if ty == 'f16x2' else BF16_EDGE
    if rng.random() < 0.5:
        return rng.choice(edges) ^ (rng.getrandbits(1) << 15)
    return rng.getrandbits(16)


def f32_of(v):
    """.f32 bits of an exact finite value (rounded to nearest, for making
    near-cancelling operands)."""
    return M.round_ieee(M.F32, v, 'rn', M.F32_NAN)


def nudge(rng, bits):
    """bits, or a neighbour a few units in the last place away."""
    if bits & 0x7f800000 == 0x7f800000:
        return bits
    d = rng.choice([0, 0, 1, -1, 2, -2, 7])
    b = (bits & 0x7fffffff) + d
    if b < 0 or b >= 0x7f800000:
        return bits
    return (bits & 0x80000000) | b


def mixed_lane(rng, form):
    """One lane's operands (16- or 32-bit each)."""
    op, mods, types = M.parse(form)
    if types[0] == 'f32x2':
        at = types[1]
        fmt = M.HALF[at]
        a = half_random(rng, at)
        av = fmt.decode(a)
        if op == 'fma':
            b = f32_random(rng)
            c = f32_random(rng)
            bv = M.F32.decode(b)
            if rng.random() < 0.35 and av[0] == 'fin' and bv[0] == 'fin':
                p = M.exact_mul(av, bv)
                c = nudge(rng, f32_of(M.neg(p)))
            elif rng.random() < 0.15:
                c = rng.choice([0, 0x80000000, 1, 0x80000001])
            return a, b, c
        c = f32_random(rng)
        if rng.random() < 0.35 and av[0] == 'fin':
            c = nudge(rng, f32_of(av if op == 'sub' else M.neg(av)))
        elif rng.random() < 0.1:
            c = rng.choice([1, 0x80000001, 0x00800000, 0x80800000])
        return a, c
    if types[1] == 'f32x2':
        a, c = f32_random(rng), f32_random(rng)
        r = rng.random()
        if op in ('add', 'sub') and r < 0.3:
            c = nudge(rng, a ^ (0x80000000 if op == 'add' else 0))
        elif op in ('add', 'sub') and r < 0.5:
            # the sum near the .f16/.bf16 overflow or underflow boundaries
            tgt = rng.choice([0x477fe000, 0x477ff000, 0x47800000, 0x38800000, 0x33800000,
                              0x7f7f8000, 0x00800000, 0x00010000])
            half = M.F32.decode(tgt)[2] / rng.choice([2, 3, 1])
            a = nudge(rng, f32_of(('fin', 0, half)))
            rest = M.F32.decode(tgt)[2] - M.F32.decode(a)[2]
            c = nudge(rng, f32_of(('fin', 1 if rest < 0 else 0, abs(rest))))
            s = rng.getrandbits(1) << 31
            a, c = a ^ s, c ^ (s if op == 'add' else s ^ 0x80000000)
        elif op == 'mul' and r < 0.4:
            tgt = rng.choice([0x477fe000, 0x477ff000, 0x47800000, 0x38800000, 0x33800000,
                              0x33000000, 0x7f7f8000, 0x00800000, 0x00010000])
            av = M.F32.decode(a)
            if av[0] == 'fin' and av[2] != 0:
                c = nudge(rng, f32_of(('fin', rng.getrandbits(1), M.F32.decode(tgt)[2] / av[2])))
        return a, c
    # mul.bf16x2.bf16x2.f16x2, mul.f16x2.f16x2.bf16x2
    return half_random(rng, types[0]), half_random(rng, types[2])


def mixed_vectors(rng, form, n):
    op, mods, types = M.parse(form)
    widths = M.operand_widths(form)
    out = []
    for _ in range(n):
        l0, l1 = mixed_lane(rng, form), mixed_lane(rng, form)
        ops = []
        for k, w in enumerate(widths):
            lw = w // 2
            ops.append(l0[k] | (l1[k] << lw))
        out.append(tuple(ops))
    return out


def mixed_every_a(rng, form):
    """Every 16-bit a, two to a vector, with edge-weighted other lanes."""
    out = []
    for a0 in range(0, 0x10000, 2):
        l0, l1 = list(mixed_lane(rng, form)), list(mixed_lane(rng, form))
        l0[0], l1[0] = a0, a0 + 1
        widths = M.operand_widths(form)
        out.append(tuple(l0[k] | (l1[k] << (w // 2)) for k, w in enumerate(widths)))
    return out


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------


def line(form, ops):
    widths = M.operand_widths(form)
    r = M.evaluate(form, *ops)
    parts = [form] + ['%0*x' % (w // 4, o) for o, w in zip(ops, widths)]
    parts.append('%0*x' % (M.result_width(form) // 4, r))
    return ' '.join(parts)


HEADER = """# Expected values: scripts/xcheck/altmodel.py, an independent Python model
# (exact rational arithmetic, one rounding) written from the PTX ISA 9.4
# sections {sections}
# (their sentences as docs/NVIDIA.md quotes them) and, where the ISA is
# silent, the decisions of docs/NVIDIA.md {nvidia};
# not from ptxfp's code.
# Generated by: python3 scripts/xcheck/gen_alt.py {args}
"""


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--out', required=True)
    p.add_argument('--seed', type=int, default=1)
    p.add_argument('--per-form', type=int, default=3, help='vectors per alt form')
    p.add_argument('--mixed-per-form', type=int, default=40, help='vectors per mixed form')
    p.add_argument('--family', choices=['alt', 'mixed', 'all'], default='all')
    p.add_argument('--exhaustive', action='store_true')
    p.add_argument('--junk', action='store_true')
    p.add_argument('--corners', type=int, default=-1,
                   help='at most this many targeted corner lanes per alt form (default: all)')
    p.add_argument('--only', default='', help='only the forms that start with this text')
    args = p.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    shown = ' '.join(a for a in argv if not a.startswith('--out') and a != args.out)
    shown = (shown + ' --out DIR').strip()
    total = 0
    if args.family in ('alt', 'all'):
        path = os.path.join(args.out, 'alt-sm_100a-ptx9.4.txt')
        with open(path, 'w') as f:
            f.write(HEADER.format(
                sections='§9.7.6.1-4 (add, sub, mul, fma on packed\n'
                         '# FP8/FP6/FP4/UE8M0 lanes), §5.2.3 and §5.2.5.1 (formats, lanes)',
                nvidia='"Alternate floating-point\n# instructions" (UE8M0\'s value, '
                       'NaN 0x7f, IEEE zeros, .satfinite on the\n# rounded result)', args=shown))
            f.write('# run: --target sm_100a --ptx 9.4\n')
            for form in M.alt_forms():
                if not form.startswith(args.only):
                    continue
                rng = random.Random('%d:%s' % (args.seed, form))
                corners = corner_lanes(rng, form)
                rng.shuffle(corners)
                if args.corners >= 0:
                    corners = corners[:args.corners]
                vecs = pack_lanes(form, corners) if corners else []
                vecs += alt_vectors(rng, form, args.per_form)
                if args.junk:
                    vecs += alt_vectors(rng, form, max(1, args.per_form // 4), junk=True)
                if args.exhaustive:
                    op, mods, types = M.parse(form)
                    if op in ('add', 'sub', 'mul') and 'rn' not in mods:
                        vecs += alt_pairs(form)
                for v in vecs:
                    f.write(line(form, v) + '\n')
                    total += 1
    if args.family in ('mixed', 'all'):
        path = os.path.join(args.out, 'mixed-sm_107a-ptx9.4.txt')
        with open(path, 'w') as f:
            f.write(HEADER.format(
                sections='§9.7.5.1-4 (the packed .f32x2/.f16x2/.bf16x2\n'
                         '# lines of add, sub, fma and mul)',
                nvidia='"Packed mixed\n# precision" (fma\'s b as .f32x2, one truncation when '
                       'downconverting,\n# .ftz as §9.7.4\'s, c rounded to nearest into a\'s format '
                       'in\n# mul.bf16x2.bf16x2.f16x2 and mul.f16x2.f16x2.bf16x2, NaN '
                       '0x7fffffff/0x7fff)',
                args=shown))
            f.write('# run: --target sm_107a --ptx 9.4\n')
            for form in M.mixed_forms():
                if not form.startswith(args.only):
                    continue
                rng = random.Random('%d:%s' % (args.seed, form))
                vecs = mixed_vectors(rng, form, args.mixed_per_form)
                if args.exhaustive:
                    op, mods, types = M.parse(form)
                    if types[0] == 'f32x2' or types[1] != 'f32x2':
                        vecs += mixed_every_a(rng, form)
                for v in vecs:
                    f.write(line(form, v) + '\n')
                    total += 1
    print('%d vectors in %s' % (total, args.out), file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
