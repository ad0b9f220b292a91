"""Checks ptxmodel.py against routes that share none of its arithmetic.

- decoding: every format's values against Python's struct ('e', 'f', 'd');
- f16: add/sub/mul/fma .rn (scalar and x2) computed in binary64 where that is
  exact, then rounded once by struct's 'e' packing;
- bf16: the same where the exact result is a binary32 value, rounded by the
  integer idiom (u + 0x7fff + ((u >> 16) & 1)) >> 16 on its f32 bits;
- math.fma (Python 3.13 and later): mad.rn.f64, and mad.rn.f32 / fma.rn.f32.f16
  where binary64 holds the exact result;
- a second rounding routine on Fractions, by bisection over bit patterns, for
  all four rounding modes, overflow and the sign of exact zeros;
- the sm_1x mad.f32 truncation computed on Fractions;
- the worked examples of docs/NVIDIA.md;
- the f32/f64 family: every .rn (and rounding-less) add/sub/mul/div/rcp/sqrt
  .f32/.f64 form against Python's binary64 arithmetic and math.sqrt (f32
  through struct's 'f' packing: rounding twice is innocuous for these
  operations), with .ftz, .sat and the NaN rules written again on floats;
  every mode of each on Fractions by bisection over bit patterns (sqrt:
  comparing squares, no integer square root); abs/neg/copysign against
  Python's abs, unary minus and math.copysign; hand-derived cases for
  division by zero, 0/0, inf/inf, sqrt(-0), sqrt(-1), f64 NaN operands,
  abs/neg/copysign of NaNs, .ftz and .sat corners, overflow and the
  directed rounding of 1/3 and sqrt(2);
- min/max: every form against Python float comparisons of struct-decoded
  values (bf16 through binary32), with .ftz, .xorsign.abs and the NaN rules
  written again on floats; ordering against sign-magnitude integer keys of
  the bit patterns; hand-derived cases for ±0, NaNs, .xorsign.abs and .ftz.
Exit status 1 on any difference. Runs in well under a minute.
"""

import math
import random
import struct
import sys
from fractions import Fraction

import ptxmodel as m
from ptxmodel import BF16, F16, F32, F64

PACK = {"f16": ("<H", "<e"), "f32": ("<I", "<f"), "f64": ("<Q", "<d")}
MODES = m.ROUNDINGS


class Tally:
    """Counts checks and prints the first differences of each route."""

    def __init__(self):
        self.checks, self.failures, self.shown = 0, 0, 0

    def same(self, what, got, want):
        self.checks += 1
        if got != want:
            self.failures += 1
            if self.shown < 20:
                self.shown += 1
                print(f"  DIFF {what}: model {show(got)}, reference {show(want)}")


def show(x):
    return f"{x:#x}" if isinstance(x, int) else str(x)


def to_float(fmt, bits):
    """The Python float of a bit pattern, by struct (bf16: the upper half of an f32)."""
    if fmt is BF16:
        return struct.unpack("<f", struct.pack("<I", bits << 16))[0]
    raw, real = PACK[fmt.name]
    return struct.unpack(real, struct.pack(raw, bits))[0]


def value(fmt, bits):
    return Fraction(to_float(fmt, bits))


def is_finite(fmt, bits):
    return bits & fmt.exp_mask != fmt.exp_mask


def random_finite(fmt, rng):
    """A finite operand: uniform bits, or edge exponents and significands."""
    while True:
        if rng.random() < 0.5:
            bits = rng.getrandbits(fmt.width)
        else:
            top = fmt.exp_mask >> fmt.mbits
            fields = [0, 1, 2, top - 1, top - 2, fmt.bias, fmt.bias - 1, rng.randrange(top)]
            field = rng.choice(fields)
            frac = rng.choice([0, 1, fmt.hidden - 1, fmt.hidden - 2, rng.getrandbits(fmt.mbits)])
            bits = rng.getrandbits(1) << (fmt.width - 1) | field << fmt.mbits | frac
        if is_finite(fmt, bits):
            return bits


def check_decode(tally, rng):
    for fmt in (F16, BF16, F32, F64):
        for _ in range(20000):
            bits = random_finite(fmt, rng)
            v = fmt.decode(bits)
            exact = Fraction(v.sig) * Fraction(2) ** v.exp * (-1) ** v.sign
            tally.same(f"decode {fmt} {bits:#x}", exact, value(fmt, bits))


def pack_f16(x):
    """binary64 to binary16 by struct: one rounding to nearest even."""
    if math.isnan(x):
        return F16.default_nan
    try:
        return struct.unpack("<H", struct.pack("<e", x))[0]
    except OverflowError:
        return 0xFC00 if x < 0 else 0x7C00


ARITH = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
         "fma": lambda a, b, c: a * b + c}


def float_op(op, xs):
    """The binary64 result of op (16-bit products are exact in binary64), or None where
    binary64 rounds the sum."""
    r = ARITH[op](*xs)
    if not all(math.isfinite(x) for x in xs) or math.isnan(r):
        return r
    return r if Fraction(r) == ARITH[op](*map(Fraction, xs)) else None


def check_f16_struct(tally, rng):
    for op, arity in (("add", 2), ("sub", 2), ("mul", 2), ("fma", 3)):
        form = f"{op}.rn.f16"
        for _ in range(30000):
            ops = [rng.getrandbits(16) for _ in range(arity)]
            r = float_op(op, [to_float(F16, x) for x in ops])
            if r is not None:
                tally.same(f"{form} {ops}", m.evaluate(form, ops), pack_f16(r))
        check_x2(tally, rng, form, arity)


def check_x2(tally, rng, form, arity):
    """Each lane of the x2 form is the scalar form on that lane's halves."""
    for _ in range(5000):
        ops = [rng.getrandbits(32) for _ in range(arity)]
        lanes = [m.evaluate(form, [x >> shift & 0xFFFF for x in ops]) for shift in (0, 16)]
        tally.same(f"{form}x2 {ops}", m.evaluate(form + "x2", ops), lanes[1] << 16 | lanes[0])


def bf16_of_exact_f32(x):
    """A binary64 that is exactly a binary32 value, rounded to bfloat16 by the f32 bit idiom."""
    if math.isnan(x):
        return BF16.default_nan
    u = struct.unpack("<I", struct.pack("<f", x))[0]
    return (u + 0x7FFF + ((u >> 16) & 1)) >> 16


def check_bf16_idiom(tally, rng):
    for op, arity in (("add", 2), ("sub", 2), ("mul", 2), ("fma", 3)):
        form = f"{op}.rn.bf16"
        done = 0
        while done < 20000:
            ops = [rng.getrandbits(16) for _ in range(arity)]
            if op in ("add", "sub", "fma"):  # bring exponents together: more rounding
                ops[-1] = ops[-1] & 0x807F | (ops[0] + (rng.randint(-12, 12) << 7)) & 0x7F80
            r = float_op(op, [to_float(BF16, x) for x in ops])
            if r is None or (math.isfinite(r) and not exact_in_f32(r)):
                continue
            done += 1
            tally.same(f"{form} {ops}", m.evaluate(form, ops), bf16_of_exact_f32(r))
        check_x2(tally, rng, form, arity)


def exact_in_f32(x):
    try:
        return struct.unpack("<f", struct.pack("<f", x))[0] == x
    except OverflowError:
        return False


def check_math_fma(tally, rng):
    """mad.rn.f64 against math.fma; mad.rn.f32 and fma.rn.f32.f16 where binary64 is exact."""
    infinities = [F64.inf, F64.inf | F64.sign_bit]
    for _ in range(50000):
        ops = [random_finite(F64, rng) if rng.random() < 0.95 else rng.choice(infinities)
               for _ in range(3)]
        tally.same(f"mad.rn.f64 {ops}", m.evaluate("mad.rn.f64", ops), fma_f64_bits(ops))
    for form, fmts in (("mad.rn.f32", (F32, F32, F32)), ("fma.rn.f32.f16", (F16, F16, F32))):
        for _ in range(50000):
            ops = [random_finite(f, rng) for f in fmts]
            xs = [to_float(f, x) for f, x in zip(fmts, ops)]
            r = math.fma(*xs)
            exact = Fraction(xs[0]) * Fraction(xs[1]) + Fraction(xs[2])
            if math.isfinite(r) and Fraction(r) == exact:
                tally.same(f"{form} {ops}", m.evaluate(form, ops), pack_f32(r))


def fma_f64_bits(ops):
    """math.fma's bits; its ValueError (an invalid operation) is the f64 invalid NaN (docs/NVIDIA.md "NaN results")."""
    try:
        r = math.fma(*[to_float(F64, x) for x in ops])
    except ValueError:
        return F64.default_nan
    except OverflowError:
        exact = sum_of_product(F64, ops)
        return 0xFFF0000000000000 if exact < 0 else 0x7FF0000000000000
    return struct.unpack("<Q", struct.pack("<d", r))[0]


def sum_of_product(fmt, ops):
    return value(fmt, ops[0]) * value(fmt, ops[1]) + value(fmt, ops[2])


def pack_f32(x):
    try:
        return struct.unpack("<I", struct.pack("<f", x))[0]
    except OverflowError:
        return 0xFF800000 if x < 0 else 0x7F800000


def bisect_round(fmt, x, mode):
    """The second rounding routine: x (a nonzero Fraction) to fmt by bisection over bit patterns."""
    below = largest_not_above(fmt, abs(x))
    lo = value(fmt, below)
    if lo == abs(x):
        return sign_bits(fmt, x) | below
    hi = value(fmt, below + 1) if below < fmt.max_finite else Fraction(2) ** (fmt.emax + 1)
    positive = x > 0
    if mode == "rz" or (mode == "rp" and not positive) or (mode == "rm" and positive):
        pick = below
    elif mode in ("rp", "rm") or abs(x) - lo > hi - abs(x):
        pick = below + 1
    elif abs(x) - lo < hi - abs(x):
        pick = below
    else:
        pick = below + (below & 1)
    return sign_bits(fmt, x) | pick


def largest_not_above(fmt, ax):
    lo, hi = 0, fmt.max_finite
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if value(fmt, mid) <= ax:
            lo = mid
        else:
            hi = mid - 1
    return lo


def sign_bits(fmt, x):
    return fmt.sign_bit if x < 0 else 0


def reference_fma(fmt_ab, fmt_c, ops, mode):
    """Round a*b + c once (Fractions, bisection); IEEE 754 §6.3 for the sign of an exact zero."""
    a, b, c = (value(f, x) for f, x in zip((fmt_ab, fmt_ab, fmt_c), ops))
    x = a * b + c
    if x != 0:
        return bisect_round(fmt_c, x, mode)
    product_negative = (ops[0] >> (fmt_ab.width - 1)) ^ (ops[1] >> (fmt_ab.width - 1))
    c_negative = ops[2] >> (fmt_c.width - 1)
    if a * b == 0 and c == 0 and product_negative == c_negative:
        return fmt_c.sign_bit if c_negative else 0
    return fmt_c.sign_bit if mode == "rm" else 0


def cancelling(fmt_ab, fmt_c, ops, rng):
    """Replace c by a pattern near -(a*b), for exact and near cancellation."""
    p = value(fmt_ab, ops[0]) * value(fmt_ab, ops[1])
    if p == 0 or abs(p) >= Fraction(2) ** (fmt_c.emax + 1):
        return ops
    c = bisect_round(fmt_c, -p, rng.choice(MODES)) + rng.choice([-1, 0, 0, 1])
    return ops[:2] + [c] if 0 <= c and is_finite(fmt_c, c) else ops


def check_bisection(tally, rng):
    cases = [("mad.{}.f32", F32, F32, 6000), ("mad.{}.f64", F64, F64, 2000),
             ("fma.{}.f32.f16", F16, F32, 3000), ("fma.{}.f32.bf16", BF16, F32, 3000)]
    for mode in MODES:
        for pattern, fab, fc, n in cases:
            form = pattern.format(mode)
            for _ in range(n):
                ops = [random_finite(f, rng) for f in (fab, fab, fc)]
                if rng.random() < 0.3:
                    ops = cancelling(fab, fc, ops, rng)
                want = reference_fma(fab, fc, ops, mode)
                tally.same(f"{form} {ops}", m.evaluate(form, ops), want)
        check_bisection_add(tally, rng, mode)
    for form, fmt in (("fma.rn.f16", F16), ("fma.rn.bf16", BF16)):
        for _ in range(6000):
            ops = cancelling(fmt, fmt, [random_finite(fmt, rng) for _ in range(3)], rng)
            tally.same(f"{form} {ops}", m.evaluate(form, ops), reference_fma(fmt, fmt, ops, "rn"))


def check_bisection_add(tally, rng, mode):
    """add/sub.f32.{f16,bf16}: a + c is a * 1 + c, a - c is a * 1 + (-c)."""
    for fmt in (F16, BF16):
        for op in ("add", "sub"):
            form = f"{op}.{mode}.f32.{fmt}"
            for _ in range(2000):
                a, c = random_finite(fmt, rng), random_finite(F32, rng)
                c_ref = c ^ F32.sign_bit if op == "sub" else c
                want = reference_fma(fmt, F32, [a, fmt.one, c_ref], mode)
                tally.same(f"{form} {a:#x} {c:#x}", m.evaluate(form, [a, c]), want)


def truncate_24(x):
    """x (nonzero Fraction) truncated toward zero to a 24-bit significand, any exponent."""
    e = abs(x).numerator.bit_length() - abs(x).denominator.bit_length()
    if abs(x) < Fraction(2) ** e:
        e -= 1
    ulp = Fraction(2) ** (e - 23)
    return math.trunc(x / ulp) * ulp


def check_sm1x(tally, rng):
    """mad.f32 on sm_13, normal operands: the product truncated, one .rn rounding, flushed;
    with c = ±0, the spec's "identical to the result computed using separate mul and add"."""
    setup = m.Setup("sm_13", "1.3")
    done = 0
    while done < 20000:
        ops = [random_finite(F32, rng) for _ in range(3)]
        if any(x & F32.exp_mask == 0 for x in ops):
            continue
        done += 1
        if rng.random() < 0.3:
            ops[2] = rng.choice([0, F32.sign_bit])
            want = mul_then_add_zero(ops)
        else:
            x = truncate_24(value(F32, ops[0]) * value(F32, ops[1])) + value(F32, ops[2])
            want = F32.flush(bisect_round(F32, x, "rn") if x != 0 else 0)
        tally.same(f"mad.f32 sm_13 {ops}", m.evaluate("mad.f32", ops, setup), want)


def mul_then_add_zero(ops):
    """mul.rn.ftz then add of a zero c: the flushed product, or a zero whose sign IEEE 754 gives."""
    product = F32.flush(bisect_round(F32, value(F32, ops[0]) * value(F32, ops[1]), "rn"))
    if product & ~F32.sign_bit:
        return product
    return product if product == ops[2] else 0


def check_notes_examples(tally, rng):
    """docs/NVIDIA.md "Rounding": fma.rn.bf16 of 0x3fe0, 0x3f14, 0x8d80 is 0x3f81."""
    tally.same("docs/NVIDIA.md fma.rn.bf16", m.evaluate("fma.rn.bf16", [0x3FE0, 0x3F14, 0x8D80]), 0x3F81)


# ---------------------------------------------------------------------------
# min and max

# The NaN a min/max gives when both inputs are NaN or .NaN meets a NaN (the
# model's documented choice; f64: None, the second input, b, quieted instead,
# as an H200 does).
MINMAX_NAN = {"f16": 0x7FFF, "bf16": 0x7FFF, "f32": 0x7FFFFFFF, "f64": None}


def minmax_forms(fmt):
    return [row[0] for row in m.legal_forms() if row[0].split(".")[0] in ("min", "max")
            and row[0].split(".")[-1] == fmt.name]


def float_bits(fmt, x):
    """The bits of a Python float that is exactly a value of fmt (bf16: through binary32)."""
    if fmt is BF16:
        return struct.unpack("<I", struct.pack("<f", x))[0] >> 16
    raw, real = PACK[fmt.name]
    return struct.unpack(raw, struct.pack(real, x))[0]


def float_minmax(form, fmt, a, b):
    """min/max on Python floats: comparisons with <, math.copysign for signs."""
    mods = form.split(".")[1:-1]
    x, y = to_float(fmt, a), to_float(fmt, b)
    if "ftz" in mods:  # subnormal: below 2**emin in magnitude
        x, y = [math.copysign(0.0, v) if abs(v) < 2.0 ** fmt.emin else v for v in (x, y)]
    negative = math.copysign(1.0, x) * math.copysign(1.0, y) < 0
    if "xorsign" in mods:
        x, y = abs(x), abs(y)
    if math.isnan(x) and math.isnan(y) or "NaN" in mods and (math.isnan(x) or math.isnan(y)):
        nan = MINMAX_NAN[fmt.name]
        return b | fmt.quiet_bit if nan is None else nan
    if math.isnan(x) or math.isnan(y):
        r = y if math.isnan(x) else x
    elif x == y:  # equal values: ±0 or the same number; -0 < +0
        negative_x = math.copysign(1.0, x) < 0
        r = x if negative_x == (form.startswith("min")) else y
    else:
        r = min(x, y) if form.startswith("min") else max(x, y)
    if "xorsign" in mods:
        r = math.copysign(r, -1.0 if negative else 1.0)
    return float_bits(fmt, r)


def minmax_operand(fmt, rng):
    """Uniform bits, a finite edge value, or a NaN of either sign and any payload."""
    r = rng.random()
    if r < 0.4:
        return rng.getrandbits(fmt.width)
    if r < 0.9:
        return random_finite(fmt, rng)
    return rng.getrandbits(1) << (fmt.width - 1) | fmt.inf | (rng.getrandbits(fmt.mbits) or 1)


def check_minmax_floats(tally, rng):
    for fmt in (F16, BF16, F32, F64):
        for form in minmax_forms(fmt):
            for _ in range(3000):
                a, b = minmax_operand(fmt, rng), minmax_operand(fmt, rng)
                if rng.random() < 0.2:  # equal magnitudes, or last-bit neighbours
                    b = a ^ fmt.sign_bit if rng.random() < 0.5 else a ^ 1
                tally.same(f"{form} {a:#x} {b:#x}", m.evaluate(form, [a, b]),
                           float_minmax(form, fmt, a, b))
            if fmt.width == 16:
                check_x2(tally, rng, form, 2)


def order_key(fmt, bits):
    """Sign-magnitude bits as an integer that orders values, -0 below +0."""
    magnitude = bits & ~fmt.sign_bit
    return -magnitude - 1 if bits & fmt.sign_bit else magnitude


def check_minmax_order(tally, rng):
    """min/max of non-NaN bits is the operand with the smaller (larger) integer key."""
    for fmt in (F16, BF16, F32, F64):
        done = 0
        while done < 20000:
            a, b = rng.getrandbits(fmt.width), rng.getrandbits(fmt.width)
            if rng.random() < 0.3:
                b = a ^ fmt.sign_bit if rng.random() < 0.5 else a + rng.choice([-1, 1])
                b %= 1 << fmt.width
            if fmt.is_nan(a) or fmt.is_nan(b):
                continue
            done += 1
            low, high = sorted((a, b), key=lambda x: order_key(fmt, x))
            tally.same(f"min.{fmt} {a:#x} {b:#x}", m.evaluate(f"min.{fmt}", [a, b]), low)
            tally.same(f"max.{fmt} {a:#x} {b:#x}", m.evaluate(f"max.{fmt}", [a, b]), high)


# (form, a, b, expected), worked out by hand from the spec sentences quoted in
# ptxmodel.Form.minmax_lane and the NaN choices in README.md.
MINMAX_HAND = [
    # "If values of both inputs are 0.0, then +0.0 > -0.0", in either order
    ("min.f16", 0x0000, 0x8000, 0x8000), ("min.f16", 0x8000, 0x0000, 0x8000),
    ("max.f16", 0x0000, 0x8000, 0x0000), ("max.f16", 0x8000, 0x0000, 0x0000),
    ("min.bf16", 0x0000, 0x8000, 0x8000), ("max.bf16x2", 0x80000000, 0x00008000, 0x00000000),
    ("min.f32", 0x00000000, 0x80000000, 0x80000000),
    ("max.f64", 0x8000000000000000, 0x0000000000000000, 0x0000000000000000),
    ("min.f64", 0x0000000000000000, 0x8000000000000000, 0x8000000000000000),
    # one NaN (quiet or signalling, either sign): the other operand, unchanged
    ("min.f16", 0x7E00, 0x3C00, 0x3C00), ("max.f16", 0x3C00, 0x7C01, 0x3C00),
    ("min.f16", 0xFE00, 0x8001, 0x8001), ("max.bf16", 0xFF81, 0xFF80, 0xFF80),
    ("max.f32", 0x7FC00000, 0xFF800000, 0xFF800000), ("min.f32", 0x00000001, 0xFF800001, 0x1),
    ("min.f64", 0x7FF0000000000001, 0x3FF0000000000000, 0x3FF0000000000000),
    # both NaN: canonical NaN (f64: b, quieted, as an H200); .NaN: canonical NaN if either is NaN
    ("min.f16", 0x7E00, 0xFE01, 0x7FFF), ("max.bf16", 0xFFC1, 0x7F81, 0x7FFF),
    ("min.f32", 0x7FC00001, 0xFFC00000, 0x7FFFFFFF),
    ("min.f64", 0x7FF4000000000000, 0xFFF8000000000000, 0xFFF8000000000000),
    ("max.f64", 0xFFF8000000000001, 0x7FF0000000000002, 0x7FF8000000000002),
    ("min.NaN.f16", 0x7E00, 0x3C00, 0x7FFF), ("max.NaN.f16", 0x3C00, 0xFC01, 0x7FFF),
    ("max.NaN.bf16", 0x3F80, 0x7F81, 0x7FFF), ("min.NaN.f32", 0x7F800001, 0x0, 0x7FFFFFFF),
    ("min.NaN.f32", 0x3F800000, 0x40000000, 0x3F800000),
    # .xorsign.abs: sign = xor of the input signs, magnitude = min/max of |a|, |b|
    ("min.xorsign.abs.f16", 0xBC00, 0xC000, 0x3C00), ("min.xorsign.abs.f16", 0x3C00, 0xC000, 0xBC00),
    ("max.xorsign.abs.f16", 0x3C00, 0xC000, 0xC000), ("max.xorsign.abs.f16", 0xC000, 0xC000, 0x4000),
    ("min.xorsign.abs.f16", 0x8000, 0x0000, 0x8000), ("min.xorsign.abs.f16", 0x8000, 0x8000, 0x0000),
    ("max.xorsign.abs.bf16", 0xFF80, 0x3F80, 0xFF80), ("min.xorsign.abs.bf16", 0xFF80, 0xBF80, 0x3F80),
    # ... and a NaN input: the non-NaN result still takes the xor of both signs;
    # a NaN result ignores .xorsign and .abs
    ("min.xorsign.abs.f16", 0xFE00, 0xC000, 0x4000), ("min.xorsign.abs.f16", 0x7E00, 0xC000, 0xC000),
    ("max.xorsign.abs.f16", 0x4000, 0xFC01, 0xC000), ("min.xorsign.abs.f16", 0xFE00, 0xFE00, 0x7FFF),
    ("min.NaN.xorsign.abs.f16", 0xFE00, 0xC000, 0x7FFF),
    # .ftz: subnormal inputs become zeros of their sign, then the ±0 rule
    ("min.ftz.f16", 0x8001, 0x0000, 0x8000), ("min.f16", 0x8001, 0x0000, 0x8001),
    ("max.ftz.f16", 0x0001, 0x8000, 0x0000), ("min.ftz.f16", 0x0001, 0x0002, 0x0000),
    ("max.ftz.f16", 0x83FF, 0x8001, 0x8000), ("max.ftz.xorsign.abs.f16", 0x0001, 0x8001, 0x8000),
    ("min.ftz.f32", 0x007FFFFF, 0x00800000, 0x00000000), ("min.f32", 0x007FFFFF, 0x00800000, 0x007FFFFF),
    ("min.ftz.NaN.f32", 0x80000001, 0x7FC00000, 0x7FFFFFFF),
    # lanes are independent
    ("min.f16x2", 0x7E003C00, 0x3C00BC00, 0x3C00BC00),
    ("max.NaN.xorsign.abs.bf16x2", 0xBF80FFC0, 0x40003F80, 0xC0007FFF),
]


def check_minmax_hand(tally, rng):
    for form, a, b, want in MINMAX_HAND:
        tally.same(f"{form} {a:#x} {b:#x}", m.evaluate(form, [a, b]), want)
    # 9.7.3.11, sm_1x: "`min.f32` flushes subnormal inputs and results to
    # sign-preserving zero."; "`min.f64` supports subnormal numbers."
    sm13 = m.Setup("sm_13", "1.3")
    tally.same("min.f32 sm_13", m.evaluate("min.f32", [0x80000001, 0], sm13), 0x80000000)
    tally.same("max.f64 sm_13", m.evaluate("max.f64", [1, 0], sm13), 1)
    # The three-input forms (9.7.3.11-12), derived by hand: min(1, -2.5, 1.5)
    # = -2.5; with .abs, min(1, 2.5, 1.5) = 1; max(NaN, NaN, -1): the first
    # two_inputs_max gives NaN, the second -1; .NaN: any NaN gives 0x7fffffff;
    # .ftz: max(-0, 2^-149, +0) flushes 2^-149 to +0, and +0 > -0.
    three = m.THREE_INPUTS
    for form, ops, want in [
        ("min.f32", [0x3F800000, 0xC0200000, 0x3FC00000], 0xC0200000),
        ("min.abs.f32", [0x3F800000, 0xC0200000, 0x3FC00000], 0x3F800000),
        ("max.f32", [0x7FC00000, 0xFF800001, 0xBF800000], 0xBF800000),
        ("max.NaN.f32", [0x3F800000, 0x3F800000, 0x7F800001], 0x7FFFFFFF),
        ("max.ftz.f32", [0x80000000, 0x00000001, 0x00000000], 0x00000000),
        ("max.f32", [0x80000000, 0x00000001, 0x00000000], 0x00000001),
        ("min.NaN.abs.f32", [0xFFC00000, 0x3F800000, 0xBF800000], 0x7FFFFFFF),
        ("min.abs.f32", [0xFFC00000, 0x80000000, 0xBF800000], 0x00000000),
    ]:
        tally.same(f"{form}{three} {ops}", m.evaluate(form + three, ops), want)


# ---------------------------------------------------------------------------
# The f32/f64 family: add, sub, mul, div, rcp, sqrt, abs, neg, copysign

FLOAT_OPS = {"add": 2, "sub": 2, "mul": 2, "div": 2, "rcp": 1, "sqrt": 1}


def float_operand(fmt, rng):
    """Mostly finite values; sometimes ±0, ±inf or a NaN of any sign and payload."""
    r = rng.random()
    if r < 0.9:
        return random_finite(fmt, rng)
    if r < 0.94:
        return rng.choice([0, fmt.sign_bit])
    if r < 0.97:
        return rng.choice([fmt.inf, fmt.inf | fmt.sign_bit])
    return rng.getrandbits(1) << (fmt.width - 1) | fmt.inf | (rng.getrandbits(fmt.mbits) or 1)


def host_op(op, xs):
    """op on Python floats (IEEE 754 binary64, round to nearest even): the
    result, or None for an invalid operation. Division by zero, which Python
    raises, is the infinity with the xor of the signs (IEEE 754 §7.3)."""
    try:
        if op == "add":
            r = xs[0] + xs[1]
        elif op == "sub":
            r = xs[0] - xs[1]
        elif op == "mul":
            r = xs[0] * xs[1]
        elif op == "div":
            r = xs[0] / xs[1]
        elif op == "rcp":
            r = 1.0 / xs[0]
        else:
            r = math.sqrt(xs[0])
    except ZeroDivisionError:
        top = xs[0] if op == "div" else 1.0
        if top == 0 or math.isnan(top):
            return None
        return math.copysign(math.inf, top) * math.copysign(1.0, xs[-1])
    except ValueError:  # math.sqrt of a negative number
        return None
    return None if math.isnan(r) else r


def host_float_form(form, fmt, ops):
    """The model's rules written again on Python floats: .ftz on inputs and
    results (subnormal after rounding), the NaN rules of docs/NVIDIA.md "NaN
    results" (f64: the first NaN operand quieted, invalid 0xfff8...; f32
    0x7fffffff), then .sat. f32 results: binary64, then struct's 'f' packing;
    rounding twice is innocuous here, as binary64 has p = 53 >= 2 * 24 + 2
    (Figueroa, "When is double rounding innocuous?", 1995) for +, -, *, /
    and sqrt; an exact binary64 result needs no such argument."""
    parts = form.split(".")
    op, ftz, sat = parts[0], "ftz" in parts, "sat" in parts
    if ftz:
        ops = [fmt.flush(x) for x in ops]
    if fmt is F64:
        for i in (0, 1) if op == "div" else (1, 2, 0):  # b, c, a; div: a, b (H200)
            if i < len(ops) and fmt.is_nan(ops[i]):
                return ops[i] | fmt.quiet_bit
    r = host_op(op, [to_float(fmt, x) for x in ops])
    if r is None or any(fmt.is_nan(x) for x in ops):
        bits = fmt.default_nan
    elif fmt is F64:
        bits = float_bits(F64, r)
    else:
        bits = pack_f32(r)
    if ftz:
        bits = fmt.flush(bits)
    # IEEE 754 tininess after rounding (H200): r rounded to 24 bits as though
    # the exponent were unbounded is below 2**-126. Scaled by 2**24 (exact in
    # binary64), the 'f' packing rounds it in binary32's normal range.
    if ftz and fmt is F32 and r is not None and not math.isnan(r) and abs(r) < 2.0 ** -100:
        if abs(to_float(F32, pack_f32(r * 2.0 ** 24))) < 2.0 ** -102:
            bits &= fmt.sign_bit
    if sat:
        if fmt.is_nan(bits) or bits & fmt.sign_bit:
            bits = 0
        elif to_float(fmt, bits) > 1.0:
            bits = fmt.one
    return bits


def check_float_host(tally, rng):
    """Every .rn (or rounding-less) form of add/sub/mul/div/rcp/sqrt on .f32 and
    .f64 against Python's binary64 arithmetic and math.sqrt."""
    forms = [row[0] for row in m.legal_forms()
             if row[0].split(".")[0] in FLOAT_OPS and row[0].split(".")[-1] in ("f32", "f64")
             and row[0].split(".")[-2] not in ("f16", "bf16")
             and not m.is_approx(row[0]) and not set(row[0].split(".")) & {"rz", "rm", "rp"}
             and row[3] is None]  # the PTX 1.0-1.3 forms: under the default setup, illegal
    for form in forms:
        fmt = F64 if form.endswith(".f64") else F32
        arity = FLOAT_OPS[form.split(".")[0]]
        for _ in range(4000):
            ops = [float_operand(fmt, rng) for _ in range(arity)]
            if form.startswith("sqrt") and rng.random() < 0.7:
                ops[0] &= ~fmt.sign_bit
            tally.same(f"{form} {ops}", m.evaluate(form, ops), host_float_form(form, fmt, ops))


def exact_value(op, xs):
    """The exact result of op on Fractions (sqrt: None, see bisect_sqrt)."""
    if op == "add":
        return xs[0] + xs[1]
    if op == "sub":
        return xs[0] - xs[1]
    if op == "mul":
        return xs[0] * xs[1]
    if op == "div":
        return xs[0] / xs[1]
    return 1 / xs[0]


def bisect_sqrt(fmt, x, mode):
    """sqrt of a positive Fraction x rounded to fmt: r the largest bit pattern
    whose square is at most x (bisection over patterns, squares compared
    exactly), then the mode's choice between r and r + 1 (.rn: against the
    midpoint's square; a root is never exactly a midpoint)."""
    lo, hi = 0, fmt.max_finite
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if value(fmt, mid) ** 2 <= x:
            lo = mid
        else:
            hi = mid - 1
    r = lo
    if value(fmt, r) ** 2 == x or mode in ("rz", "rm"):
        return r
    if mode == "rp":
        return r + 1
    middle = (value(fmt, r) + value(fmt, r + 1)) / 2
    return r + 1 if x > middle ** 2 else r


def check_float_bisection(tally, rng):
    """The directed modes (and .rn) of add/sub/mul/div/rcp/sqrt .f32/.f64 on
    finite nonzero operands, against bisect_round on the exact Fraction
    (bisect_sqrt for sqrt); an exact zero sum is +0, -0 under .rm; .ftz
    flushes inputs, and the result when it is tiny after rounding (IEEE 754,
    as an H200)."""
    for op, arity in FLOAT_OPS.items():
        for fmt in (F32, F64):
            for mode in MODES:
                for ftz in (("", ".ftz") if fmt is F32 else ("",)):
                    form = f"{op}.{mode}{ftz}.{fmt}"
                    for _ in range(800 if fmt is F32 else 300):
                        ops = [random_finite(fmt, rng) for _ in range(arity)]
                        if op == "sqrt":
                            ops[0] &= ~fmt.sign_bit
                        if op in ("add", "sub") and rng.random() < 0.3:  # cancellation
                            other = ops[0] ^ (fmt.sign_bit if op == "add" else 0)
                            ops[1] = other ^ rng.choice([0, 0, 1, 2])
                        flushed = [fmt.flush(x) if ftz else x for x in ops]
                        xs = [value(fmt, x) for x in flushed]
                        if 0 in xs and op in ("div", "rcp", "sqrt"):
                            continue  # zeros: the host and hand routes
                        if op == "sqrt":
                            want = bisect_sqrt(fmt, xs[0], mode)
                        else:
                            x = exact_value(op, xs)
                            if x == 0:
                                want = reference_zero(op, flushed, fmt, mode)
                            else:
                                want = bisect_round(fmt, x, mode)
                        if ftz:
                            want = fmt.flush(want)
                        # .ftz by IEEE tininess after rounding (H200): the exact
                        # value scaled by 2**24 rounds in the normal range as it
                        # would with an unbounded exponent.
                        if ftz and op != "sqrt" and x != 0 and abs(x) < Fraction(2) ** -100:
                            scaled = bisect_round(fmt, x * 2 ** 24, mode)
                            if abs(value(fmt, scaled)) < Fraction(2) ** (fmt.emin + 24):
                                want &= fmt.sign_bit
                        tally.same(f"{form} {ops}", m.evaluate(form, ops), want)


def reference_zero(op, ops, fmt, mode):
    """IEEE 754 §6.3: a zero product has the xor of the signs; a zero sum of
    two zeros of the same sign keeps it; any other exact zero sum is +0, -0
    under .rm."""
    signs = [x >> (fmt.width - 1) for x in ops]
    if op == "mul":
        return fmt.sign_bit if signs[0] ^ signs[1] else 0
    if op == "sub":
        signs[1] ^= 1
    if signs[0] == signs[1] and all(x & ~fmt.sign_bit == 0 for x in ops):
        return fmt.sign_bit if signs[0] else 0
    return fmt.sign_bit if mode == "rm" else 0


def check_sign_ops(tally, rng):
    """abs/neg/copysign against Python floats (abs, unary minus, math.copysign)
    for non-NaN operands; .ftz flushes (|x| < 2**emin) to a zero of the
    input's sign first; NaNs by docs/NVIDIA.md: canonical for .f32/.f16/.bf16,
    quieted for .f64 abs/neg (H200); copysign keeps b's bits with a's sign bit."""
    forms = [row[0] for row in m.legal_forms() if row[0].split(".")[0] in ("abs", "neg", "copysign")]
    for form in forms:
        parts = form.split(".")
        lanes = parts[-1].endswith("x2")
        fmt = m.FORMATS[parts[-1][:-2] if lanes else parts[-1]]
        op, ftz = parts[0], "ftz" in parts
        if lanes:
            check_x2(tally, rng, form[:-2], 1)
            continue
        for _ in range(3000):
            a, b = (minmax_operand(fmt, rng) for _ in range(2))
            ops = [a, b] if op == "copysign" else [a]
            if op == "copysign":
                sign_of_a = math.copysign(1.0, to_float(fmt, a)) if not fmt.is_nan(a) else (
                    -1.0 if a & fmt.sign_bit else 1.0)
                if fmt.is_nan(b):
                    want = b & ~fmt.sign_bit | (fmt.sign_bit if sign_of_a < 0 else 0)
                else:
                    want = float_bits(fmt, math.copysign(to_float(fmt, b), sign_of_a))
            elif fmt.is_nan(a):
                want = a | fmt.quiet_bit if fmt is F64 else fmt.default_nan
            else:
                x = to_float(fmt, a)
                if ftz and abs(x) < 2.0 ** fmt.emin:
                    x = math.copysign(0.0, x)
                want = float_bits(fmt, abs(x) if op == "abs" else -x)
            tally.same(f"{form} {ops}", m.evaluate(form, ops), want)


ONE_THIRD_F32 = {"rn": 0x3EAAAAAB, "rz": 0x3EAAAAAA, "rm": 0x3EAAAAAA, "rp": 0x3EAAAAAB}
ONE_THIRD_F64 = {"rn": 0x3FD5555555555555, "rz": 0x3FD5555555555555,
                 "rm": 0x3FD5555555555555, "rp": 0x3FD5555555555556}
# (form, operands, expected), worked out by hand from IEEE 754 and the
# docs/NVIDIA.md choices quoted in ptxmodel.op_div, op_sqrt, sign_lane.
FLOAT_HAND = [
    # division by zero: an infinity with the xor of the signs; 0/0, inf/inf invalid
    ("div.rn.f32", [0x3F800000, 0x00000000], 0x7F800000),
    ("div.rn.f32", [0x3F800000, 0x80000000], 0xFF800000),
    ("div.rz.f32", [0xBF800000, 0x80000000], 0x7F800000),
    ("div.rn.f32", [0x00000000, 0x80000000], 0x7FFFFFFF),
    ("div.rn.f32", [0x7F800000, 0xFF800000], 0x7FFFFFFF),
    ("div.rn.f64", [0x0000000000000000, 0x0000000000000000], 0xFFF8000000000000),
    ("div.rn.f64", [0xFFF0000000000000, 0x7FF0000000000000], 0xFFF8000000000000),
    ("div.rm.f64", [0x8000000000000000, 0x4000000000000000], 0x8000000000000000),
    ("div.rn.f64", [0x3FF0000000000000, 0xFFF0000000000000], 0x8000000000000000),
    ("div.rn.f64", [0x7FF0000000000000, 0x8000000000000001], 0xFFF0000000000000),
    ("rcp.rn.f32", [0x80000000], 0xFF800000), ("rcp.rn.f64", [0x7FF0000000000000], 0),
    # .ftz: a subnormal divisor is a zero (1 / +0 = +inf); subnormal over subnormal is 0/0
    ("div.rn.ftz.f32", [0x3F800000, 0x00000001], 0x7F800000),
    ("div.rn.f32", [0x3F800000, 0x00400000], 0x7F000000),
    ("div.rn.ftz.f32", [0x00000001, 0x80000001], 0x7FFFFFFF),
    ("rcp.rn.ftz.f32", [0x80000001], 0xFF800000),
    # f64 NaN operands, quieted (payload and sign kept; H200): div a's first,
    # the other operations b's first
    ("div.rn.f64", [0x3FF0000000000000, 0xFFF0000000000001], 0xFFF8000000000001),
    ("div.rn.f64", [0x7FF0000000000002, 0xFFF8000000000001], 0x7FF8000000000002),
    ("mul.rn.f64", [0x7FF0000000000002, 0xFFF8000000000001], 0xFFF8000000000001),
    ("sqrt.rn.f64", [0xFFF4000000000000], 0xFFFC000000000000),
    ("add.rn.f64", [0x7FF0000000000000, 0xFFF0000000000000], 0xFFF8000000000000),
    ("mul.rz.f64", [0x0000000000000000, 0xFFF0000000000000], 0xFFF8000000000000),
    ("add.f32", [0x7FC00001, 0x3F800000], 0x7FFFFFFF),
    # sqrt: the spec's table (-0.0 -> -0.0, -normal -> NaN, +inf -> +inf)
    ("sqrt.rn.f32", [0x80000000], 0x80000000), ("sqrt.rn.f32", [0xBF800000], 0x7FFFFFFF),
    ("sqrt.rn.f32", [0xFF800000], 0x7FFFFFFF), ("sqrt.rn.f32", [0x7F800000], 0x7F800000),
    ("sqrt.rn.f64", [0x8000000000000000], 0x8000000000000000),
    ("sqrt.rn.f64", [0xBFF0000000000000], 0xFFF8000000000000),
    ("sqrt.rz.f32", [0x80000001], 0x7FFFFFFF), ("sqrt.rz.ftz.f32", [0x80000001], 0x80000000),
    ("sqrt.rn.f32", [0x40800000], 0x40000000), ("sqrt.rn.f32", [0x00000001], 0x1A3504F3),
    ("sqrt.rn.ftz.f32", [0x00000001], 0x00000000),
    # sqrt(2): 1.0110101000001001111001100110011111110011101111... -> .rn/.rp up, .rz/.rm down
    ("sqrt.rn.f32", [0x40000000], 0x3FB504F3), ("sqrt.rz.f32", [0x40000000], 0x3FB504F3),
    ("sqrt.rp.f32", [0x40000000], 0x3FB504F4), ("sqrt.rm.f32", [0x40000000], 0x3FB504F3),
    ("sqrt.rn.f64", [0x4000000000000000], 0x3FF6A09E667F3BCD),
    ("sqrt.rz.f64", [0x4000000000000000], 0x3FF6A09E667F3BCC),
    # 1/3 = 0.010101...: binary32 1.01010101010101010101010|101... rounds up (.rn, .rp);
    # binary64 1.0101...0101|0101... rounds down (.rn); -1/3 mirrors it
    ("div.rm.f32", [0xBF800000, 0x40400000], 0xBEAAAAAB),
    ("div.rp.f32", [0xBF800000, 0x40400000], 0xBEAAAAAA),
    ("div.rn.f64", [0xBFF0000000000000, 0x4008000000000000], 0xBFD5555555555555),
    ("div.rm.f64", [0xBFF0000000000000, 0x4008000000000000], 0xBFD5555555555556),
    # .ftz by IEEE tininess after rounding (H200): the largest subnormal's neighbourhood
    ("div.rn.ftz.f32", [0x00FFFFFF, 0x40000000], 0x00000000),  # 2**-126 (1 - 2**-24): 24 bits, tiny
    ("div.rn.f32", [0x00FFFFFF, 0x40000000], 0x00800000),  # 0x7fffff.8 rounds up
    ("div.rz.ftz.f32", [0x00FFFFFF, 0x40000000], 0x00000000),  # 0x7fffff: flushed
    ("div.rz.f32", [0x00FFFFFF, 0x40000000], 0x007FFFFF),
    ("mul.rn.ftz.f32", [0x00800000, 0x3F000000], 0x00000000),
    ("mul.rn.ftz.f32", [0x80800001, 0x3F7FFFFF], 0x80800000),
    ("add.rm.f32", [0x3F800000, 0xBF800000], 0x80000000),
    ("sub.rn.f32", [0x3F800000, 0x3F800000], 0x00000000),
    ("add.rn.ftz.f32", [0x00000001, 0x80000000], 0x00000000),
    ("add.rn.f32", [0x00000001, 0x80000000], 0x00000001),
    # .sat: NaN -> +0, -0 -> +0, above 1 -> 1, -inf -> +0
    ("add.sat.f32", [0x7FC00000, 0x3F800000], 0), ("mul.sat.f32", [0x80000000, 0x3F800000], 0),
    ("add.rz.sat.f32", [0x3F800000, 0x3F800000], 0x3F800000),
    ("sub.rn.ftz.sat.f32", [0x3F800000, 0x7F800000], 0),
    ("mul.rp.sat.f32", [0x3F7FFFFF, 0x3F800001], 0x3F800000),
    ("mul.rz.sat.f32", [0x3F7FFFFF, 0x3F800001], 0x3F800000),  # 1 + 2**-24 - 2**-47
    ("mul.rz.sat.f32", [0x3F7FFFFF, 0x3F7FFFFF], 0x3F7FFFFE),  # 1 - 2**-23 + 2**-48
    ("mul.rp.sat.f32", [0x3F7FFFFF, 0x3F7FFFFF], 0x3F7FFFFF),
    ("add.ftz.sat.f32", [0x80000001, 0x80000000], 0),
    # overflow in each mode
    ("mul.rn.f32", [0x7F7FFFFF, 0x40000000], 0x7F800000),
    ("mul.rz.f32", [0x7F7FFFFF, 0x40000000], 0x7F7FFFFF),
    ("mul.rm.f32", [0x7F7FFFFF, 0xC0000000], 0xFF800000),
    ("div.rp.f64", [0xFFEFFFFFFFFFFFFF, 0x3FE0000000000000], 0xFFEFFFFFFFFFFFFF),
    # abs/neg/copysign of NaNs (docs/NVIDIA.md): canonical for f32/f16/bf16, f64 quieted
    # with sign and payload kept (H200)
    ("abs.f32", [0xFFC00001], 0x7FFFFFFF), ("neg.f32", [0x7F800001], 0x7FFFFFFF),
    ("abs.f64", [0xFFF0000000000001], 0xFFF8000000000001),
    ("neg.f64", [0x7FF4000000000000], 0x7FFC000000000000),
    ("neg.f64", [0x7FF8000000000000], 0x7FF8000000000000),
    ("neg.f64", [0x3FF0000000000000], 0xBFF0000000000000),
    ("abs.f16", [0xFE01], 0x7FFF), ("neg.bf16", [0x7F81], 0x7FFF),
    ("abs.bf16x2", [0xFFC0BF80], 0x7FFF3F80), ("neg.f16x2", [0x7C013C00], 0x7FFFBC00),
    ("abs.ftz.f16", [0x83FF], 0x0000), ("neg.ftz.f16", [0x0001], 0x8000),
    ("neg.f16", [0x0001], 0x8001), ("abs.ftz.f32", [0x807FFFFF], 0),
    ("neg.ftz.f32", [0x00000001], 0x80000000), ("neg.f32", [0x00000000], 0x80000000),
    ("copysign.f32", [0x80000000, 0x7FC00001], 0xFFC00001),
    ("copysign.f32", [0x7FFFFFFF, 0xBF800000], 0x3F800000),
    ("copysign.f32", [0xFF800001, 0x00000001], 0x80000001),
    ("copysign.f64", [0xFFF8000000000000, 0x7FF0000000000001], 0xFFF0000000000001),
    ("copysign.f64", [0x0000000000000000, 0xBFF0000000000000], 0x3FF0000000000000),
]


def check_float_hand(tally, rng):
    for form, ops, want in FLOAT_HAND:
        tally.same(f"{form} {ops}", m.evaluate(form, ops), want)
    for mode in MODES:
        tally.same(f"div.{mode}.f32 1/3", m.evaluate(f"div.{mode}.f32", [0x3F800000, 0x40400000]),
                   ONE_THIRD_F32[mode])
        tally.same(f"rcp.{mode}.f64 1/3", m.evaluate(f"rcp.{mode}.f64", [0x4008000000000000]),
                   ONE_THIRD_F64[mode])
    # 9.7.3.3: "sm_1x: [...] add.f32 flushes subnormal inputs and results to
    # sign-preserving zero"; "add.f64 supports subnormal numbers".
    sm13 = m.Setup("sm_13", "1.3")
    tally.same("add.f32 sm_13", m.evaluate("add.f32", [0x00000001, 0], sm13), 0)
    tally.same("abs.f32 sm_13", m.evaluate("abs.f32", [0x80000001], sm13), 0)
    tally.same("add.f64 sm_13", m.evaluate("add.f64", [1, 0], sm13), 1)
    # the .approx/.full forms are listed but never computed
    for form in ("div.approx.f32", "div.full.ftz.f32", "sqrt.approx.f32", "tanh.approx.bf16"):
        tally.same(f"{form} listed", form in m.LEGAL, True)
        try:
            m.Form(form)
            refused = False
        except ValueError:
            refused = True
        tally.same(f"{form} refused", refused, True)


def main():
    rng = random.Random(20261123)
    routes = [check_decode, check_f16_struct, check_bf16_idiom, check_bisection, check_sm1x,
              check_notes_examples, check_minmax_floats, check_minmax_order, check_minmax_hand,
              check_float_host, check_float_bisection, check_sign_ops, check_float_hand]
    if hasattr(math, "fma"):
        routes.insert(3, check_math_fma)
    else:
        print(f"math.fma: skipped (Python {sys.version.split()[0]}; it needs 3.13)")
    failures = 0
    for route in routes:
        tally = Tally()
        route(tally, rng)
        print(f"{route.__name__}: {tally.checks} checks, {tally.failures} differences")
        failures += tally.failures
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
