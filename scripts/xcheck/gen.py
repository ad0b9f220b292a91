"""Seeded test vectors for `ptxfp verify`, with expected results from ptxmodel.py.

For every legal form, under each run setup where it is legal: the corner cross
(every combination of the corner table's values, or with --corners sample a
cover where each corner meets each operand position), the worked examples of
docs/NVIDIA.md, targeted cases (rounding boundaries and ties, double-rounding
traps, results near the smallest normal, overflow boundaries, cancellation,
results near 0 and ±1, NaNs of every kind in every position), and --per-form
edge-weighted random ones. x2 forms pair each lane case with a different case
in the other lane. --sweeps adds, for each 16-bit scalar form, every 16-bit
pattern in each operand position. min and max have their own setup file and
case families (minmax_corners, MinMaxCases): the cross of an edge table
(--corners sample: of its 16-value core, plus a cover of the rest), targeted
pairs and random pairs.

Writes one file per setup into --out: comment lines, `# run: FLAGS`, then
`FORM OPERAND... EXPECTED` in hex without 0x. The same options and seed give
the same files.
"""

import argparse
import itertools
import os
import random
import sys
from fractions import Fraction
from functools import lru_cache
from multiprocessing import Pool

import ptxmodel as m
from ptxmodel import FINITE, Value

ARITH, LEGACY, MINMAX, MINMAX3, FLOAT = "arith", "legacy", "minmax", "minmax3", "float"
SETUPS = [  # (file name, setup, description, which forms: ARITH, LEGACY or MINMAX)
    ("sm_100-ptx8.8", m.Setup("sm_100", "8.8"),
     "every legal form except mad without a rounding modifier", ARITH),
    ("sm_13-ptx1.3", m.Setup("sm_13", "1.3"),
     "mad.f32/mad.f64 without a rounding modifier, .target sm_13 run on sm_13", LEGACY),
    ("sm_13-on-sm_90-ptx1.3", m.Setup("sm_13", "1.3", "sm_90"),
     "the same run on sm_90: mad.f32 is fma.rn.ftz.f32", LEGACY),
    ("sm_20-ptx3.0", m.Setup("sm_20", "3.0"), "mad.f32 without a rounding modifier: .rn",
     LEGACY),
    ("sm_20-ptx3.1", m.Setup("sm_20", "3.1"),
     "mad.f32 without a rounding modifier: .rn (ptxas warns)", LEGACY),
    ("minmax-sm_100-ptx8.8", m.Setup("sm_100", "8.8"),
     "every legal min/max form (PTX ISA 9.7.3.11-12, 9.7.4.7-8)", MINMAX),
    ("minmax3-sm_100-ptx8.8", m.Setup("sm_100", "8.8"),
     "every three-input min/max form (PTX ISA 9.7.3.11-12: min{.ftz}{.NaN}{.abs}.f32 d, a, b, c)",
     MINMAX3),
    ("float-sm_100-ptx8.8", m.Setup("sm_100", "8.8"),
     "every exact form of the f32/f64 family (PTX ISA 9.7.3.2-15, 9.7.4.5-6)", FLOAT),
    ("float-sm_13-ptx1.3", m.Setup("sm_13", "1.3"),
     "the exact forms of the f32/f64 family PTX ISA 1.3 has for sm_13 (f32 flushed),"
     " div/rcp/sqrt.f64 without a modifier among them", FLOAT),
]
HEADER = """\
# Vectors from scripts/xcheck/ptxmodel.py, an independent Python model of PTX
# floating-point arithmetic written from the spec (docs/SPEC.md) and docs/NVIDIA.md only (by
# reviewers who did not read ptxfp's code), NOT from ptxfp itself.
# Where docs/NVIDIA.md marks a choice open, these vectors follow it; a GPU run may change them.
# Setup: {description}
# gen.py options: {options}
# run: {flags}
"""
MINMAX_HEADER = """\
# Vectors from scripts/xcheck/ptxmodel.py (minmax_lane), an independent Python
# model written from the PTX ISA sections 9.7.3.11-12 and 9.7.4.7-8 (min, max)
# alone, NOT from ptxfp itself. Where the spec leaves a choice open these
# vectors follow the model's choice (scripts/xcheck/README.md, "min and max"):
# both inputs NaN without .NaN gives the canonical NaN (f16/bf16 0x7fff, f32
# 0x7fffffff) but, for f64, the first input a with its quiet bit set; .xorsign
# sets the sign of every non-NaN result (also where one input was NaN);
# signalling NaNs are treated like quiet ones. A GPU run may change them.
# Setup: {description}
# gen.py options: {options}
# run: {flags}
"""
MINMAX3_HEADER = """\
# Vectors from scripts/xcheck/ptxmodel.py (minmax3_lane), an independent Python
# model written from the PTX ISA sections 9.7.3.11-12 (min, max with three
# inputs) alone, NOT from ptxfp itself: the spec's two_inputs_min applied to
# a, b and then to the result and c, on inputs flushed (.ftz) and made
# absolute (.abs). A NaN result is 0x7fffffff, as every f32 NaN result.
# A GPU run may change them (the H200 is sm_90; these forms need sm_100).
# Setup: {description}
# gen.py options: {options}
# run: {flags}
"""
FLOAT_HEADER = """\
# Vectors from scripts/xcheck/ptxmodel.py (float_forms, op_div, op_sqrt,
# sign_lane), an independent Python model written from the PTX ISA sections
# 9.7.3.2-9.7.3.15 and 9.7.4.5-9.7.4.6 alone, NOT from ptxfp itself: add, sub,
# mul on .f32/.f64, div/rcp/sqrt .rnd, abs, neg, copysign. The .approx and
# .full forms have no bit-level definition and no vectors. Where the spec
# leaves a choice open these vectors follow docs/NVIDIA.md: f32 NaN results
# 0x7fffffff; f64 the first NaN operand quieted, invalid 0xfff8000000000000;
# .ftz flushes results that are subnormal after rounding; abs/neg of a NaN:
# canonical NaN (f32, f16, bf16), unchanged (f64); copysign of NaNs: b's bits,
# a's sign. A GPU run may change them.
# Setup: {description}
# gen.py options: {options}
# run: {flags}
"""
SUM, PRODUCT, FUSED = "sum", "product", "fused"
SHAPES = {"add": SUM, "sub": SUM, "mul": PRODUCT, "fma": FUSED, "mad": FUSED}
NOTES_EXAMPLES = {("fma", "bf16"): [(0x3FE0, 0x3F14, 0x8D80)]}
# Double rounding traps: computing in binary32 (16-bit results), binary64 (binary32)
# or the x87 80-bit format (binary64), then rounding again.
WIDER_PRECISION = {"f16": 24, "bf16": 24, "f32": 53, "f64": 64}


# ---------------------------------------------------------------------------
# Values and bit patterns


def bits_of(fmt, q, mode="rn"):
    """The bits of the Fraction q rounded to fmt (a sticky bit keeps the one rounding exact)."""
    if q == 0:
        return 0
    sign, q = int(q < 0), abs(q)
    shift = fmt.p + 2 - (q.numerator.bit_length() - q.denominator.bit_length())
    num, den = q.numerator << max(shift, 0), q.denominator << max(-shift, 0)
    sig, rest = divmod(num, den)
    exact = Value(FINITE, sign, sig << 1 | (rest != 0), -shift - 1)
    return fmt.encode(m.round_value(fmt, exact, mode))


def fraction(fmt, bits):
    """The exact value of finite bits as a Fraction (None for inf and NaN)."""
    v = fmt.decode(bits)
    if v.kind not in (FINITE, m.ZERO):
        return None
    return Fraction(-v.sig if v.sign else v.sig) * Fraction(2) ** v.exp


def step(fmt, bits, ulps):
    """bits moved `ulps` units in the last place away from zero, if it stays finite
    and keeps its sign."""
    magnitude = (bits & ~fmt.sign_bit) + ulps
    if 0 <= magnitude <= fmt.max_finite:
        return bits & fmt.sign_bit | magnitude
    return bits


def top_exp(q):
    """floor(log2(|q|)) for a nonzero Fraction q."""
    q = abs(q)
    e = q.numerator.bit_length() - q.denominator.bit_length()
    return e - 1 if q < Fraction(2) ** e else e


def ulp_exp(fmt, q):
    """The exponent of the unit in the last place of fmt at |q| (q nonzero)."""
    return max(top_exp(q), fmt.emin) - fmt.mbits


@lru_cache(maxsize=None)
def corners(fmt):
    """The corner table, merged from the three reviewers' tables.

    Both signs: zeros, the smallest and largest subnormals, the smallest normal,
    the largest finite value, infinities, quiet NaNs, 1, 2, 0.5.
    Positive: more subnormals, the top of the first binade, 2**emax, signalling
    NaNs and payloads, the neighbours of 1, 1.5, 3, 1/3, half an ulp of 1 and of
    the largest finite value, values whose square is near the smallest normal,
    underflows or overflows; for 16-bit formats the OOB-NaN patterns
    0x7ff7/0xfff7, 0x7ff6 and the finite 0x7ff7 with its lowest exponent bit cleared.
    """
    def pow2(k):
        return bits_of(fmt, Fraction(2) ** k)
    one, hidden, nan = fmt.one, fmt.hidden, fmt.inf
    signed = [0, 1, hidden - 1, hidden, fmt.max_finite, fmt.inf, nan | fmt.quiet_bit,
              one, pow2(1), pow2(-1)]
    positive = [2, hidden >> 1, hidden + 1, 2 * hidden - 1,
                fmt.max_finite - 1, pow2(fmt.emax), nan | 1, nan | (fmt.quiet_bit - 1),
                nan | (hidden - 1), fmt.sign_bit | nan | (hidden - 1), one - 1, one + 1,
                one | fmt.quiet_bit, pow2(1) | fmt.quiet_bit, bits_of(fmt, Fraction(1, 3)),
                pow2(-fmt.p), pow2(fmt.emax - fmt.p), pow2(fmt.emax - fmt.p) + 1,
                pow2(fmt.emin // 2), pow2((fmt.emin - fmt.p) // 2), pow2((fmt.emax + 1) // 2)]
    oob = [0x7FF7, 0xFFF7, 0x7FF6, 0x7FF7 ^ hidden] if fmt.width == 16 else []
    table = signed + [x | fmt.sign_bit for x in signed] + positive + oob
    return sorted(set(table))


def edge(fmt, rng):
    """An edge-weighted operand: a corner, uniform bits, or an exponent near 0, the
    smallest normal, 1 or the largest finite value (or inf/NaN) with a special or
    random significand."""
    r = rng.random()
    if r < 0.15:
        return rng.choice(corners(fmt))
    if r < 0.3:
        return rng.getrandbits(fmt.width)
    top, bias = fmt.exp_mask >> fmt.mbits, fmt.bias
    fields = [0, 0, 0, 1, 2, top - 1, top - 2, bias - 1, bias, bias, bias + 1, top]
    field = rng.choice(fields) if rng.random() < 0.6 else rng.randint(0, top)
    half = fmt.hidden >> 1
    fracs = [0, 1, 2, 3, fmt.hidden - 1, fmt.hidden - 2, half, half + 1, half - 1]
    frac = rng.choice(fracs) if rng.random() < 0.5 else rng.getrandbits(fmt.mbits)
    return rng.getrandbits(1) << (fmt.width - 1) | field << fmt.mbits | frac


def finite_edge(fmt, rng):
    """A finite nonzero edge-weighted operand."""
    while True:
        bits = edge(fmt, rng)
        if bits & fmt.exp_mask != fmt.exp_mask and bits & ~fmt.sign_bit:
            return bits


def nan_pattern(fmt, rng):
    """A NaN of any kind: OOB (16-bit), quiet, signalling, all-ones, random payload; either sign."""
    choices = [fmt.inf | fmt.quiet_bit, fmt.inf | 1, fmt.inf | (fmt.hidden - 1),
               fmt.inf | (rng.getrandbits(fmt.mbits) or 1)]
    if fmt.width == 16:
        choices.append(0x7FF7)
    return rng.choice(choices) | rng.getrandbits(1) << (fmt.width - 1)


# ---------------------------------------------------------------------------
# Cases for one form (one lane): tuples of operand bits


class Cases:
    """Case families for one form. Targeted families build a + b (SUM), a * b
    (PRODUCT) or a * b + c (FUSED); for sub the last operand's sign is flipped
    afterwards, so that a - b meets the same boundaries."""

    def __init__(self, form, rng):
        self.form, self.rng = form, rng
        self.ins, self.out = form.ins, form.out
        self.shape = SHAPES[form.op]

    def corner_cross(self):
        return list(itertools.product(*[corners(f) for f in self.ins]))

    def corner_cover(self):
        """Each corner in each position at least once, with shuffled partners."""
        tables = [corners(f) for f in self.ins]
        size = max(len(t) for t in tables)
        columns = [t + self.rng.choices(t, k=size - len(t)) for t in tables]
        for column in columns:
            self.rng.shuffle(column)
        return list(zip(*columns))

    def examples(self):
        return NOTES_EXAMPLES.get((self.form.op, self.out.name), [])

    def random_case(self):
        if self.rng.random() < 0.25:
            return tuple(self.rng.getrandbits(f.width) for f in self.ins)
        return tuple(edge(f, self.rng) for f in self.ins)

    def targeted(self):
        """One case from each targeted family that applies to the shape."""
        families = [self.min_normal, self.overflow, self.unit, self.nans]
        if self.shape != PRODUCT:
            families += [self.near_tie, self.cancel]
        if self.shape != SUM:
            families.append(self.tie_products)
        cases = [family() for family in families]
        if self.form.op == "sub":
            cases = [c[:-1] + (c[-1] ^ self.ins[-1].sign_bit,) for c in cases]
        return cases

    def sweep(self):
        """Every 16-bit pattern in each 16-bit operand position; the others walk
        the corner table."""
        cases, others = [], [corners(f) for f in self.ins]
        for pos, fmt in enumerate(self.ins):
            if fmt.width != 16:
                continue
            for v in range(1 << 16):
                case = [t[(v + 7 * k) % len(t)] for k, t in enumerate(others)]
                case[pos] = v
                cases.append(tuple(case))
        return cases

    # --- building blocks ---------------------------------------------------

    def mode(self):
        return self.rng.choice(m.ROUNDINGS)

    def product_near(self, target):
        """(a, b) with a * b close to the Fraction target (a random significand, b = target / a)."""
        fa, fb = self.ins[0], self.ins[1]
        e_t = top_exp(target)
        lo, hi = max(fa.qmin, e_t - fb.emax), min(fa.emax, e_t - fb.qmin)
        if lo > hi:
            return finite_edge(fa, self.rng), finite_edge(fb, self.rng)
        scale = Fraction(2) ** self.rng.randint(lo, hi)
        a = bits_of(fa, scale * (1 + Fraction(self.rng.getrandbits(fa.mbits), fa.hidden)))
        b = bits_of(fb, target / fraction(fa, a), self.mode())
        return a, step(fb, b, self.rng.choice([-1, 0, 0, 1]))

    def sum_near(self, target):
        """(x, y) with x + y close to target: one operand a share of it, the other the rest."""
        i = self.rng.randrange(2)
        tiny = Fraction(2) ** -self.rng.randint(1, 30)
        share = self.rng.choice([Fraction(1, 2), Fraction(1, 3), tiny, -tiny])
        part = bits_of(self.ins[1 - i], target * share, self.mode())
        if fraction(self.ins[1 - i], part) is None:  # out of that format's range
            part = 0
        rest = bits_of(self.ins[i], target - fraction(self.ins[1 - i], part), self.mode())
        return (rest, part) if i == 0 else (part, rest)

    def near(self, target):
        """A case whose exact result is close to the Fraction target."""
        if self.shape == SUM:
            return self.sum_near(target)
        if self.shape == PRODUCT:
            return self.product_near(target)
        if self.rng.random() < 0.5:  # the product near the target, c small
            return self.product_near(target) + (self.small_addend(target),)
        c = bits_of(self.ins[2], target, self.mode())
        tiny = Fraction(2) ** (ulp_exp(self.out, target) + self.rng.randint(-3, 2))
        return self.product_near(tiny * self.rng.choice([1, -1])) + (c,)

    def small_addend(self, target):
        """c for a fused case: zero, tiny, around half an ulp of the target, or a corner."""
        fc = self.ins[2]
        half_ulp = Fraction(2) ** (ulp_exp(self.out, target) - 1)
        near_half = half_ulp * self.rng.choice([1, -1, Fraction(3, 4), Fraction(-5, 4)])
        choices = [0, fc.sign_bit, self.rng.choice(corners(fc)), bits_of(fc, near_half)]
        return self.rng.choice(choices)

    def around(self, value, quantum, lo, hi):
        """value + j * quantum for a random j in [lo, hi], with a random sign."""
        return (value + self.rng.randint(lo, hi) * quantum) * self.rng.choice([1, -1])

    # --- families -------------------------------------------------------------

    def near_tie(self):
        """Rounding boundaries of a sum: x + y (or x * 1 + y) with y's leading bit
        0..p+3 places below x's and a significand of 1, 1 + ulp, all ones or random
        (exact ties, their neighbours, sticky bits)."""
        out, i = self.out, self.rng.randrange(2) if self.shape == SUM else 0
        x = finite_edge(self.ins[i], self.rng)
        gap = self.rng.randint(0, out.p + 3)
        pattern = self.rng.choice([out.hidden, out.hidden + 1, 2 * out.hidden - 1,
                                   out.hidden | self.rng.getrandbits(out.mbits)])
        scale = Fraction(2) ** (top_exp(fraction(self.ins[i], x)) - gap - out.mbits)
        y = bits_of(self.ins[-1 - i], pattern * scale * self.rng.choice([1, -1]))
        if self.shape == SUM:
            return (x, y) if i == 0 else (y, x)
        return x, self.ins[1].one, y

    def tie_products(self):
        """Products exactly halfway between two neighbours of the result format, or
        a few last bits off; fused: plus a c that cancels all but a sliver of that
        residue, or a tie plus a tiny c (mostly toward the odd neighbour) below half
        an ulp of the next wider format: the double-rounding traps. (Mixed-precision
        products are exact in binary32: there the family falls back to near_tie.)"""
        found = self.tie_product()
        if found is None:
            return self.near_tie()
        a, b, lsb, rho = found
        if self.shape == PRODUCT:
            return a, b
        if rho == 0:
            return a, b, self.trap_addend(fraction(self.ins[0], a) * fraction(self.ins[1], b))
        k_max = max(1, self.ins[2].p - rho.bit_length())
        k = self.rng.randint(max(1, k_max // 2), k_max)
        return a, b, bits_of(self.ins[2], -rho * lsb * (1 - Fraction(1, 2 ** k)))

    def trap_addend(self, tie):
        """c for tie + c: below half an ulp of the wider format, representable, and
        mostly pushing toward the odd neighbour (that rounding twice misses)."""
        fc, rng, ulp = self.ins[2], self.rng, ulp_exp(self.out, tie)
        k_min = WIDER_PRECISION[self.out.name] - self.out.p + 2
        k = rng.randint(k_min, max(k_min, min(k_min + 24, ulp - fc.qmin)))
        even = fraction(self.out, bits_of(self.out, tie))
        toward_odd = 1 if even < tie else -1
        return bits_of(fc, Fraction(2) ** (ulp - k) * toward_odd * rng.choice([1, 1, 1, -1]))

    def tie_product(self):
        """(a, b, lsb, rho): a * b = (a midpoint of the result format) + rho * lsb,
        lsb the product's last bit, rho 0 or a small odd number. From odd integers
        x, y whose product has p + d bits, the low d of them 2**(d-1) + rho."""
        fa, fb, p, rng = self.ins[0], self.ins[1], self.out.p, self.rng
        d_max = fa.p + fb.p - p
        for _ in range(20 if d_max >= 3 else 0):
            d = rng.randint(max(3, d_max // 2), d_max)
            rho = rng.choice([0, 0, 0, 1, 3, rng.randrange(1 << min(4, d - 2)) | 1])
            rho *= rng.choice([1, -1])
            kx = rng.randint(max(1, p + d - fb.p), fa.p)
            x = rng.getrandbits(kx - 1) | 1 << (kx - 1) | 1
            low = ((1 << (d - 1)) + rho) % (1 << d)
            y0 = low * pow(x, -1, 1 << d) % (1 << d)
            lo = -(-(1 << (p + d - 1)) // x)
            hi = min(((1 << (p + d)) - 1) // x, (1 << fb.p) - 1)
            t_lo, t_hi = -(-(lo - y0) >> d), (hi - y0) >> d
            if t_lo <= t_hi:
                y = y0 + (rng.randint(t_lo, t_hi) << d)
                return self.scaled_tie(x, y, rho)
        return None

    def scaled_tie(self, x, y, rho):
        """a = ±x and b = y scaled so that the product is normal in the result format,
        often near its top (room below for a tiny c)."""
        fa, fb, out, rng = self.ins[0], self.ins[1], self.out, self.rng
        e_lo = (out.emin + out.emax) // 2 if rng.random() < 0.5 else out.emin + 2
        e_p = rng.randint(e_lo, out.emax - 1)
        ea = rng.randint(max(fa.emin + 1, e_p - fb.emax), min(fa.emax, e_p - fb.emin - 1))
        lsb = Fraction(2) ** (e_p - x.bit_length() - y.bit_length())
        a = bits_of(fa, x * Fraction(2) ** (ea - x.bit_length()))
        a ^= rng.getrandbits(1) << (fa.width - 1)
        b = bits_of(fb, y * Fraction(2) ** (e_p - ea - y.bit_length()))
        if a & fa.sign_bit:
            lsb = -lsb
        return a, b, lsb, rho

    def min_normal(self):
        """Results near the smallest normal: subnormal, rounding up to it (the .ftz
        boundary), or normal."""
        out = self.out
        target = self.around(Fraction(2) ** out.emin, Fraction(2) ** (out.qmin - 2), -8, 4)
        return self.near(target)

    def overflow(self):
        """Results near the largest finite value and the overflow threshold, both signs."""
        out = self.out
        quarter_ulp = Fraction(2) ** (out.emax - out.p - 1)
        target = self.around(Fraction(2) ** (out.emax + 1), quarter_ulp, -8, 4)
        return self.near(target)

    def unit(self):
        """Results near ±1 and near ±0 (.sat and .relu boundaries)."""
        out = self.out
        if self.rng.random() < 0.6:
            return self.near(self.around(Fraction(1), Fraction(2) ** (-out.p - 1), -6, 6))
        return self.near(self.around(0, Fraction(2) ** -self.rng.randint(1, 40), 1, 4))

    def cancel(self):
        """Exact and near cancellation (exact zeros take their sign from the rounding mode)."""
        rng, ins = self.rng, self.ins
        if self.shape == SUM:
            x = finite_edge(ins[0], rng)
            target = -fraction(ins[0], x)
            head = (x,)
        else:
            head = (finite_edge(ins[0], rng), finite_edge(ins[1], rng))
            target = -fraction(ins[0], head[0]) * fraction(ins[1], head[1])
        last = bits_of(ins[-1], target, self.mode())
        return head + (step(ins[-1], last, rng.choice([0, 0, 0, -1, 1, -2, 2])),)

    def nans(self):
        """NaNs in one position (sometimes two), the other operands edge-weighted."""
        case = [edge(f, self.rng) for f in self.ins]
        for pos in self.rng.sample(range(len(case)), 2 if self.rng.random() < 0.3 else 1):
            case[pos] = nan_pattern(self.ins[pos], self.rng)
        return tuple(case)


def lane_cases(form, rng, options):
    if form.minmax and form.three:
        return minmax3_cases(form, rng, options)
    if form.minmax:
        return minmax_lane_cases(form, rng, options)
    cases_of = FloatCases(form, rng) if form.op in FLOAT_OPS else Cases(form, rng)
    cases = cases_of.corner_cross() if options.corners == "all" else cases_of.corner_cover()
    cases += cases_of.examples()
    for _ in range(max(1, options.per_form // 8)):
        cases += cases_of.targeted()
    cases += [cases_of.random_case() for _ in range(options.per_form)]
    if options.sweeps and form.lanes == 1 and form.out.width == 16:
        cases += cases_of.sweep()
    return cases


# ---------------------------------------------------------------------------
# div, rcp, sqrt, abs, neg, copysign

FLOAT_OPS = ("div", "rcp", "sqrt", "abs", "neg", "copysign")


class FloatCases(Cases):
    """Case families for div, rcp, sqrt and the sign operations (add/sub/mul on
    .f32/.f64 use Cases, SUM and PRODUCT). The corner cross or cover, the
    random cases and the sweeps are those of Cases."""

    def __init__(self, form, rng):
        self.form, self.rng = form, rng
        self.ins, self.out = form.ins, form.out
        self.shape = None

    def targeted(self):
        families = {
            "div": [self.div_exact, self.div_min_normal, self.div_overflow,
                    self.div_midpoint, self.div_near_one, self.specials],
            "rcp": [self.rcp_exact, self.rcp_min_normal, self.rcp_overflow,
                    self.rcp_midpoint, self.specials],
            "sqrt": [self.sqrt_square, self.sqrt_square, self.sqrt_midpoint,
                     self.sqrt_negative, self.specials],
        }.get(self.form.op, [self.specials, self.sign_case, self.sign_case])
        return [family() for family in families]

    # --- building blocks ---------------------------------------------------

    def significand(self, bits):
        """A random odd integer of 1 to `bits` bits."""
        k = self.rng.randint(1, max(1, bits))
        return self.rng.getrandbits(k - 1) << 1 | 1 if k > 1 else 1

    def normal(self, e):
        """A normal value of the output format with exponent e and a random significand."""
        fmt = self.out
        return bits_of(fmt, Fraction(2) ** e * (1 + Fraction(self.rng.getrandbits(fmt.mbits),
                                                              fmt.hidden)))

    def finite_or(self, bits, fallback):
        fmt = self.out
        return bits if bits & fmt.exp_mask != fmt.exp_mask else fallback

    def midpoint(self):
        """Halfway between a random finite output value and its successor (normal
        or subnormal): a rounding boundary that a quotient or a root can only
        approach."""
        fmt = self.out
        r = finite_edge(fmt, self.rng) & ~fmt.sign_bit
        if r >= fmt.max_finite:
            r = fmt.max_finite - 1
        return (fraction(fmt, r) + fraction(fmt, r + 1)) / 2

    def jiggle(self, bits):
        return step(self.out, bits, self.rng.choice([-2, -1, 0, 0, 0, 1, 2]))

    def signs(self, case):
        """Random signs on the operands (sqrt keeps its operand positive)."""
        fmt = self.out
        return tuple(x ^ (self.rng.getrandbits(1) << (fmt.width - 1)) for x in case)

    def quotient_near(self, target):
        """(a, b) with a / b within an ulp or two of the positive Fraction target:
        b normal with a random significand, a = target * b rounded, then moved a
        few ulps."""
        fmt, e_t = self.out, top_exp(target)
        lo, hi = max(fmt.emin, fmt.emin - e_t), min(fmt.emax, fmt.emax - e_t - 1)
        if lo > hi:
            return finite_edge(fmt, self.rng), finite_edge(fmt, self.rng)
        b = self.normal(self.rng.randint(lo, hi))
        a = bits_of(fmt, target * fraction(fmt, b), self.mode())
        return self.signs((self.finite_or(self.jiggle(a), fmt.max_finite), b))

    def reciprocal_near(self, target):
        """a with 1 / a within an ulp or two of the positive Fraction target."""
        fmt = self.out
        a = bits_of(fmt, 1 / target, self.mode())
        a = self.finite_or(a, fmt.max_finite)
        return self.signs((self.jiggle(a or 1),))

    def near_min_normal(self):
        """Around the smallest normal: subnormal results, results that round up
        to it (kept by .ftz) or stay below (flushed)."""
        fmt = self.out
        return Fraction(2) ** fmt.emin + self.rng.randint(-8, 4) * Fraction(2) ** (fmt.qmin - 2)

    def near_overflow(self):
        """Around the overflow threshold (max finite + half an ulp) in quarter ulps."""
        fmt = self.out
        quarter = Fraction(2) ** (fmt.emax - fmt.p - 1)
        return Fraction(2) ** (fmt.emax + 1) + self.rng.randint(-8, 4) * quarter

    # --- div ---------------------------------------------------------------------

    def div_exact(self):
        """An exact quotient: a = x * y * 2**ea, b = y * 2**eb with x, y of at most
        p/2 bits, so a / b = x * 2**(ea - eb); the quotient normal, subnormal or
        near the ends of the range."""
        fmt, rng = self.out, self.rng
        x, y = self.significand(fmt.p // 2), self.significand(fmt.p // 2)
        e_q = rng.choice([rng.randint(fmt.emin, fmt.emax - fmt.p), rng.randint(fmt.qmin, fmt.emin),
                          rng.randint(-4, 4), fmt.emax - x.bit_length() + 1])
        e_b = rng.randint(max(fmt.emin, fmt.emin - e_q), min(fmt.emax, fmt.emax - e_q) - fmt.p)
        b = bits_of(fmt, y * Fraction(2) ** (e_b - y.bit_length() + 1))
        a = bits_of(fmt, x * y * Fraction(2) ** (e_q + e_b - y.bit_length() + 1))
        return self.signs((self.finite_or(a, fmt.max_finite), b))

    def div_min_normal(self):
        return self.quotient_near(self.near_min_normal())

    def div_overflow(self):
        return self.quotient_near(self.near_overflow())

    def div_midpoint(self):
        return self.quotient_near(self.midpoint())

    def div_near_one(self):
        """1 and its neighbours (a few ulps, or all significand bits set) over each
        other: quotients a few ulps from 1, 1/3-like repeating patterns."""
        fmt, rng = self.out, self.rng
        def pick():
            return rng.choice([fmt.one + rng.randint(-3, 3), fmt.one | (fmt.hidden - 1),
                               fmt.one | rng.getrandbits(fmt.mbits),
                               bits_of(fmt, Fraction(3)), bits_of(fmt, Fraction(1, 3))])
        return self.signs((pick(), pick()))

    # --- rcp ---------------------------------------------------------------------

    def rcp_exact(self):
        """Powers of two (exact reciprocals, also subnormal ones) and 1/3-like values."""
        fmt, rng = self.out, self.rng
        e = rng.randint(-fmt.emax, fmt.emax) if rng.random() < 0.7 else rng.randint(fmt.qmin, fmt.emin)
        a = bits_of(fmt, Fraction(2) ** e)
        return self.signs((self.finite_or(a, fmt.max_finite) or 1,))

    def rcp_min_normal(self):
        return self.reciprocal_near(self.near_min_normal())

    def rcp_overflow(self):
        return self.reciprocal_near(self.near_overflow())

    def rcp_midpoint(self):
        return self.reciprocal_near(self.midpoint())

    # --- sqrt --------------------------------------------------------------------

    def sqrt_square(self):
        """A perfect square r * r * 4**e (r of at most (p+1)/2 bits: its square is
        exact) or a neighbour a few ulps away; subnormal squares included."""
        fmt, rng = self.out, self.rng
        r = self.significand((fmt.p + 1) // 2)
        lo, hi = (fmt.qmin + 1) // 2, (fmt.emax - 2 * r.bit_length()) // 2
        e = rng.randint(lo, hi) if rng.random() < 0.8 else rng.randint(lo, (fmt.emin + 2) // 2)
        a = bits_of(fmt, r * r * Fraction(4) ** e)
        return (self.finite_or(self.jiggle(a) if rng.random() < 0.5 else a, fmt.max_finite),)

    def sqrt_midpoint(self):
        """The square of a midpoint, rounded, and its neighbours: roots close to a
        rounding boundary."""
        fmt = self.out
        a = bits_of(fmt, self.midpoint() ** 2, self.mode())
        return (self.finite_or(self.jiggle(a), fmt.max_finite),)

    def sqrt_negative(self):
        """Negative numbers (NaN), negative subnormals (NaN; -0 under .ftz), -0, -inf."""
        fmt, rng = self.out, self.rng
        a = rng.choice([finite_edge(fmt, rng), rng.randrange(1, fmt.hidden), 0, fmt.inf])
        return (a | fmt.sign_bit,)

    # --- every op -------------------------------------------------------------

    def specials(self):
        """Zeros, infinities, NaNs (either sign, any payload) and subnormals in
        one position or all, the other operands edge-weighted."""
        fmt, rng = self.out, self.rng
        def special():
            return rng.choice([0, fmt.inf, nan_pattern(fmt, rng), rng.randrange(1, fmt.hidden),
                               fmt.hidden]) | rng.getrandbits(1) << (fmt.width - 1)
        case = [edge(f, rng) for f in self.ins]
        for pos in rng.sample(range(len(case)), rng.randint(1, len(case))):
            case[pos] = special()
        return tuple(case)

    def sign_case(self):
        """abs/neg/copysign: NaNs of every kind, subnormals (.ftz), zeros."""
        fmt, rng = self.out, self.rng
        return tuple(rng.choice([nan_pattern(fmt, rng), rng.randrange(1, fmt.hidden),
                                 edge(fmt, rng)]) | rng.getrandbits(1) << (fmt.width - 1)
                     for _ in self.ins)


# ---------------------------------------------------------------------------
# min and max


@lru_cache(maxsize=None)
def minmax_corners(fmt):
    """The dense min/max edge table, both signs of each: 0; the smallest
    subnormal and the next one (they differ in the last bit); the largest
    subnormal; the smallest normal and its successor; 1 and its successor; the
    largest finite value and its predecessor; inf; quiet NaNs (quiet bit only,
    quiet bit + 1, all ones) and signalling NaNs (payload 1, all payload bits)."""
    q, h = fmt.quiet_bit, fmt.hidden
    magnitudes = [0, 1, 2, h - 1, h, h + 1, fmt.one, fmt.one + 1,
                  fmt.max_finite - 1, fmt.max_finite, fmt.inf,
                  fmt.inf | q, fmt.inf | q | 1, fmt.inf | (h - 1), fmt.inf | 1, fmt.inf | (q - 1)]
    return [x | sign for x in magnitudes for sign in (0, fmt.sign_bit)]


@lru_cache(maxsize=None)
def minmax_core(fmt):
    """A 16-value subset of minmax_corners whose full cross goes into the
    committed sample: ±0, ±smallest subnormal, -largest subnormal, +smallest
    normal, ±1, 1 + ulp, -largest finite, ±inf, +quiet NaN, -quiet NaN with a
    payload, +signalling NaN."""
    q, h, s = fmt.quiet_bit, fmt.hidden, fmt.sign_bit
    return [0, s, 1, s | 1, s | (h - 1), h, fmt.one, s | fmt.one, fmt.one + 1,
            s | fmt.max_finite, fmt.inf, s | fmt.inf, fmt.inf | q, s | fmt.inf | q | 1,
            fmt.inf | 1, s | fmt.inf | (q - 1)]


class MinMaxCases:
    """Case families for a min/max form: pairs (a, b) of one lane."""

    def __init__(self, form, rng):
        self.fmt, self.rng = form.out, rng

    def cross(self, table):
        return list(itertools.product(table, table))

    def cover(self):
        """Each dense corner in each position at least once, with shuffled partners."""
        table = minmax_corners(self.fmt)
        a, b = table[:], table[:]
        self.rng.shuffle(a)
        self.rng.shuffle(b)
        return list(zip(a, b))

    def value(self):
        """Any edge-weighted operand (NaNs included)."""
        return edge(self.fmt, self.rng)

    def targeted(self):
        """One case of each family: equal magnitudes of opposite signs, values a
        few last bits apart (either sign), equal bits, subnormals against zeros
        and each other (.ftz), one or two NaNs of any kind against anything."""
        fmt, rng = self.fmt, self.rng
        x = finite_edge(fmt, rng)
        near = step(fmt, x, rng.choice([-2, -1, 1, 2]))
        if rng.random() < 0.3:
            near ^= fmt.sign_bit
        sub = [rng.randrange(1, fmt.hidden) | rng.getrandbits(1) << (fmt.width - 1)
               for _ in range(2)]
        cases = [(x, x ^ fmt.sign_bit), (x, near), (x, x),
                 (sub[0], rng.choice([sub[1], 0, fmt.sign_bit])),
                 (nan_pattern(fmt, rng), self.value()),
                 (nan_pattern(fmt, rng), nan_pattern(fmt, rng))]
        return [c if rng.random() < 0.5 else c[::-1] for c in cases]

    def random_case(self):
        if self.rng.random() < 0.25:
            return self.rng.getrandbits(self.fmt.width), self.rng.getrandbits(self.fmt.width)
        return self.value(), self.value()


@lru_cache(maxsize=None)
def minmax3_core(fmt):
    """The 8 values whose every triple goes into the three-input sample: ±0,
    the smallest subnormal, -1, 1, -inf, a quiet NaN and a signalling one."""
    q, s = fmt.quiet_bit, fmt.sign_bit
    return [0, s, 1, s | fmt.one, fmt.one, s | fmt.inf, fmt.inf | q, s | fmt.inf | 1]


def minmax3_cases(form, rng, options):
    """Triples (a, b, c) for the three-input forms: --corners all: every
    triple of the dense table; sample: every triple of minmax3_core and a
    cover of the dense table in each position. Then targeted pairs with a
    third operand of any kind, and random triples."""
    table = minmax_corners(form.out)
    if options.corners == "all":
        cases = list(itertools.product(table, table, table))
    else:
        cases = list(itertools.product(*[minmax3_core(form.out)] * 3))
        cols = [table[:] for _ in range(3)]
        for col in cols:
            rng.shuffle(col)
        cases += list(zip(*cols))
    cases_of = MinMaxCases(form, rng)
    for _ in range(max(1, options.per_form // 8)):
        for a, b in cases_of.targeted():
            c = cases_of.value()
            cases += [rng.choice([(a, b, c), (c, a, b), (a, c, b)])]
    for _ in range(options.per_form):
        a, b = cases_of.random_case()
        cases.append((a, b, cases_of.value()))
    return cases


def minmax_lane_cases(form, rng, options):
    """--corners all: the cross of the dense table; sample: the cross of its core
    and a cover of the rest. Then targeted families and random pairs."""
    cases_of = MinMaxCases(form, rng)
    if options.corners == "all":
        cases = cases_of.cross(minmax_corners(form.out))
    else:
        cases = cases_of.cross(minmax_core(form.out)) + cases_of.cover()
    for _ in range(max(1, options.per_form // 8)):
        cases += cases_of.targeted()
    cases += [cases_of.random_case() for _ in range(options.per_form)]
    if options.sweeps and form.lanes == 1 and form.out.width == 16:
        others = minmax_corners(form.out)
        cases += [(v, others[v % len(others)]) for v in range(1 << 16)]
        cases += [(others[v % len(others)], v) for v in range(1 << 16)]
    return cases


def pack_lanes(cases, rng, width):
    """x2 operands: lane 0 takes each case, lane 1 a shuffled copy (every case in both
    lanes); a few vectors carry the same case in both lanes. `width`: the lane's bits
    (16 for .f16x2/.bf16x2, 32 for .f32x2)."""
    partner = cases[:]
    rng.shuffle(partner)
    same = cases[: len(cases) // 16]
    return [tuple(hi << width | lo for lo, hi in zip(low, high))
            for low, high in zip(cases + same, partner + same)]


def form_lines(task):
    """The verify lines of one form under one setup (a worker task)."""
    setup_name, setup, text, options = task
    rng = random.Random(f"{options.seed}/{setup_name}/{text}")
    form = m.Form(text, setup)
    cases = lane_cases(form, rng, options)
    if form.lanes == 2:
        cases = pack_lanes(cases, rng, form.out.width)
    widths = form.hex_widths()
    lines = []
    for ops in cases:
        fields = [f"{x:0{w}x}" for x, w in zip(ops, widths)]
        lines.append(f"{form.name} {' '.join(fields)} {form.evaluate(ops):0{widths[-1]}x}\n")
    return setup_name, "".join(lines), len(lines)


def setup_forms(setup, kind):
    """The legal forms of a setup: the LEGACY setups take only mad without
    rounding, the MINMAX setup only min and max, the ARITH setup the rest."""
    def kind_of(text):
        parts = text.split(".")
        if m.is_approx(text):
            return None  # no bit-level definition, no vectors
        if parts[0] in ("min", "max"):
            return MINMAX3 if text.endswith(m.THREE_INPUTS) else MINMAX
        if parts[0] in FLOAT_OPS or parts[0] in ("add", "sub", "mul") and parts[-1] in ("f32", "f64"):
            return FLOAT
        return LEGACY if m.is_mad_without_rounding(text) else ARITH
    return [row[0] for row in m.legal_forms()
            if m.is_legal(row[0], setup) and kind_of(row[0]) == kind]


def option_text(options):
    text = f"--seed {options.seed} --per-form {options.per_form} --corners {options.corners}"
    return text + (" --sweeps" if options.sweeps else "")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per-form", type=int, default=3000,
                        help="random cases per form; each targeted family gets an eighth as many")
    parser.add_argument("--corners", choices=("all", "sample"), default="all")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--sweeps", action="store_true", help="add single-operand sweeps")
    parser.add_argument("--out", required=True, help="directory for the files")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    options = parser.parse_args(argv)
    os.makedirs(options.out, exist_ok=True)
    tasks = [(name, setup, text, options) for name, setup, _, kind in SETUPS
             for text in setup_forms(setup, kind)]
    files, total = {}, 0
    for name, setup, description, kind in SETUPS:
        header = {MINMAX: MINMAX_HEADER, MINMAX3: MINMAX3_HEADER,
                  FLOAT: FLOAT_HEADER}.get(kind, HEADER)
        files[name] = open(os.path.join(options.out, name + ".txt"), "w")
        files[name].write(header.format(description=description, options=option_text(options),
                                        flags=setup.flags()))
    with Pool(options.jobs) as pool:
        for name, text, count in pool.imap(form_lines, tasks):
            files[name].write(text)
            total += count
    for f in files.values():
        f.close()
    print(f"{total} vectors, {len(tasks)} forms in {len(SETUPS)} setups, in {options.out}")


if __name__ == "__main__":
    sys.exit(main())
