"""An independent reference model of the PTX floating-point forms that ptxfp implements.

Written from the PTX ISA sections (docs/SPEC.md) and docs/NVIDIA.md only, never from ptxfp's
Rust code, by merging three reviewers' models (add/sub/mul on 16-bit types;
fma on 16-bit types; mad.f32/.f64 and the mixed-precision forms). min/max
were added later, from the PTX ISA 9.1 sections 9.7.3.11-12 and 9.7.4.7-8
alone (see minmax_lane()). The f32/f64 family (add/sub/mul on .f32/.f64,
div, rcp, sqrt, abs, neg, copysign, and the .approx/.full forms, listed but
not computed) was added from the PTX ISA sections 9.7.3.2-9.7.3.22 and
9.7.4.5-9.7.4.10 alone (see float_forms(), op_div(), op_sqrt(), sign_lane()).
Standard library only. All arithmetic is exact on Python integers and
Fractions: a finite value is sig * 2**exp (a quotient or root: its leading
bits plus a sticky bit), and every result is rounded once, by round_value().

    >>> Form("fma.rn.bf16").evaluate([0x3FE0, 0x3F14, 0x8D80]) == 0x3F81
    True

The cvt forms of cvt_forms() (cvt.pack, cvt.rs, .ue8m0x2) are CvtForm, added
from the PTX ISA 9.7.9.21-22 sentences quoted there.

Command line: `ptxmodel.py forms` lists the legal forms as `FORM PTX TARGET`
(`cvt-forms`: the cvt forms);
`ptxmodel.py eval [--target T] [--device D] [--ptx V] FORM HEX...` prints a result.
"""

import argparse
import math
import sys
from fractions import Fraction
from typing import NamedTuple, Optional

ZERO, FINITE, INF, NAN = "zero", "finite", "inf", "nan"
ROUNDINGS = ("rn", "rz", "rm", "rp")


class Value(NamedTuple):
    """An exact operand or result: (-1)**sign * sig * 2**exp when kind is FINITE."""

    kind: str
    sign: int
    sig: int = 0
    exp: int = 0


NAN_VALUE = Value(NAN, 0)


class Format:
    """A binary interchange format: a sign bit, `ebits` exponent bits, `mbits` fraction bits.

    docs/NVIDIA.md "Rounding": binary16 p=11, bfloat16 p=8, binary32 p=24, binary64 p=53.
    `default_nan` is the pattern of a NaN result (docs/NVIDIA.md "NaN results", below).
    """

    def __init__(self, name, ebits, mbits, default_nan):
        self.name, self.ebits, self.mbits = name, ebits, mbits
        self.width = 1 + ebits + mbits
        self.p = mbits + 1
        self.bias = (1 << (ebits - 1)) - 1
        self.emin, self.emax = 1 - self.bias, self.bias
        self.qmin = self.emin - mbits  # exponent of the smallest subnormal
        self.hidden = 1 << mbits
        self.sign_bit = 1 << (self.width - 1)
        self.exp_mask = ((1 << ebits) - 1) << mbits
        self.inf = self.exp_mask
        self.max_finite = self.exp_mask - 1
        self.quiet_bit = 1 << (mbits - 1)
        self.one = self.bias << mbits
        self.default_nan = default_nan

    def __repr__(self):
        return self.name

    def is_nan(self, bits):
        return bits & self.exp_mask == self.exp_mask and bits & (self.hidden - 1) != 0

    def is_subnormal(self, bits):
        return bits & self.exp_mask == 0 and bits & (self.hidden - 1) != 0

    def flush(self, bits):
        """docs/NVIDIA.md ".ftz": a subnormal becomes zero of its own sign."""
        return bits & self.sign_bit if self.is_subnormal(bits) else bits

    def decode(self, bits):
        """The exact Value of a bit pattern."""
        sign = bits >> (self.width - 1)
        field = (bits & self.exp_mask) >> self.mbits
        frac = bits & (self.hidden - 1)
        if field == self.exp_mask >> self.mbits:
            return Value(NAN if frac else INF, sign)
        if field == 0:
            return Value(FINITE, sign, frac, self.qmin) if frac else Value(ZERO, sign)
        return Value(FINITE, sign, frac | self.hidden, field - self.bias - self.mbits)

    def encode(self, v):
        """The bits of a Value that round_value() returned for this format (NaN: default_nan)."""
        if v.kind == NAN:
            return self.default_nan
        sign = v.sign << (self.width - 1)
        if v.kind == ZERO:
            return sign
        if v.kind == INF:
            return sign | self.inf
        if v.sig < self.hidden:  # subnormal: v.exp == qmin
            return sign | v.sig
        field = v.exp + self.mbits + self.bias
        return sign | field << self.mbits | (v.sig - self.hidden)


# docs/NVIDIA.md "NaN results": every f16 and bf16 NaN result is 0x7fff; every
# f32 NaN result is 0x7fffffff, whatever the inputs' sign or payload; an f64
# invalid operation (inf - inf, 0 × inf) gives 0xfff8000000000000 (CUDART_NAN).
F16 = Format("f16", 5, 10, 0x7FFF)
BF16 = Format("bf16", 8, 7, 0x7FFF)
F32 = Format("f32", 8, 23, 0x7FFFFFFF)
F64 = Format("f64", 11, 52, 0xFFF8000000000000)
FORMATS = {f.name: f for f in (F16, BF16, F32, F64)}

# docs/NVIDIA.md "mad.f32 without a rounding modifier" (sm_1x): the exact product
# truncated toward zero to a 24-bit significand, exponent unbounded. Flushed f32 operands give products
# in [2**-252, 2**256), far inside this format's range, so rounding to it with
# .rz is exactly that truncation.
F32_SIG_WIDE_EXP = Format("f32 significand, wide exponent", 12, 23, None)


# ---------------------------------------------------------------------------
# The one rounding routine


def round_value(fmt, v, mode):
    """Round an exact Value once to `fmt` under `mode` (rn, rz, rm, rp).

    docs/NVIDIA.md "Rounding": a result is the exact value rounded once to the
    destination format (binary16 p=11, bfloat16 p=8, binary32 p=24, binary64
    p=53), subnormals included; .rn ties to even; .rz, .rm, .rp as IEEE 754.
    A result that rounds to zero keeps the sign of the exact value.
    """
    if v.kind != FINITE:
        return v
    quantum = max(v.sig.bit_length() - 1 + v.exp, fmt.emin) - fmt.mbits
    sig = shift_round(v.sig, quantum - v.exp, mode, v.sign)
    if sig == 0:
        return Value(ZERO, v.sign)
    if sig >> fmt.p:  # rounded up into the next binade
        sig, quantum = sig >> 1, quantum + 1
    if quantum + fmt.mbits > fmt.emax:
        return overflow(fmt, v.sign, mode)
    return Value(FINITE, v.sign, sig, quantum)


def shift_round(sig, shift, mode, sign):
    """sig / 2**shift rounded to an integer under `mode`, sig the magnitude of a
    number of sign `sign`."""
    if shift <= 0:
        return sig << -shift
    kept, rest = sig >> shift, sig & ((1 << shift) - 1)
    if rest == 0 or mode == "rz":
        return kept
    if mode == "rn":
        half = 1 << (shift - 1)
        return kept + (rest > half or (rest == half and kept & 1))
    return kept + (sign == (mode == "rm"))  # .rp rounds positives away from zero, .rm negatives


def overflow(fmt, sign, mode):
    """docs/NVIDIA.md "Rounding", overflow: .rn gives ±inf; .rz ±max-finite;
    .rm +max / -inf; .rp +inf / -max."""
    if mode == "rn" or (mode == "rp" and not sign) or (mode == "rm" and sign):
        return Value(INF, sign)
    return Value(FINITE, sign, (1 << fmt.p) - 1, fmt.emax - fmt.mbits)


# ---------------------------------------------------------------------------
# Exact arithmetic (no rounding)


def negate(v):
    return v._replace(sign=v.sign ^ 1)


def exact_product(x, y):
    """x * y exactly. NaN operands and 0 * inf give NaN.

    docs/NVIDIA.md "Rounding": in fma the product's sign is the xor of the signs
    of a and b.
    """
    sign = x.sign ^ y.sign
    kinds = (x.kind, y.kind)
    if NAN in kinds or (INF in kinds and ZERO in kinds):
        return NAN_VALUE
    if INF in kinds:
        return Value(INF, sign)
    if ZERO in kinds:
        return Value(ZERO, sign)
    return Value(FINITE, sign, x.sig * y.sig, x.exp + y.exp)


def exact_sum(x, y, mode):
    """x + y exactly; `mode` only decides the sign of an exact zero.

    docs/NVIDIA.md "Rounding": an exact zero sum is +0, or -0 under .rm; a sum of
    zeros of the same sign keeps it (IEEE 754 §6.3). inf - inf is NaN.
    """
    if NAN in (x.kind, y.kind):
        return NAN_VALUE
    if INF in (x.kind, y.kind):
        if x.kind == y.kind and x.sign != y.sign:
            return NAN_VALUE
        return x if x.kind == INF else y
    if x.kind == ZERO and y.kind == ZERO:
        return x if x.sign == y.sign else Value(ZERO, int(mode == "rm"))
    if x.kind == ZERO:
        return y
    if y.kind == ZERO:
        return x
    exp = min(x.exp, y.exp)
    total = signed_sig(x) << (x.exp - exp)
    total += signed_sig(y) << (y.exp - exp)
    if total == 0:
        return Value(ZERO, int(mode == "rm"))
    return Value(FINITE, int(total < 0), abs(total), exp)


def signed_sig(v):
    return -v.sig if v.sign else v.sig


# ---------------------------------------------------------------------------
# Operations: the exact result of one lane, before rounding


def op_add(a, b, mode):
    return exact_sum(a, b, mode)


def op_sub(a, b, mode):
    """Spec: `d = a - b` (9.7.4.2) and `d = convert(a) - c` (9.7.5.2)."""
    return exact_sum(a, negate(b), mode)


def op_mul(a, b, mode):
    return exact_product(a, b)


def op_fma(a, b, c, mode):
    """Spec: "computes the product of a and b to infinite precision and then
    adds c to this product, again in infinite precision"."""
    return exact_sum(exact_product(a, b), c, mode)


def op_mad_sm1x(a, b, c, mode):
    """mad.f32 with no rounding modifier, .target sm_1x run on sm_1x.

    docs/NVIDIA.md "mad.f32 without a rounding modifier": subnormal inputs and
    results flushed; any NaN input or invalid operation gives 0x7fffffff; if a,
    b or c is zero: add.rn.ftz(mul.rn.ftz(a, b), c); otherwise the exact product
    truncated toward zero to a 24-bit significand (exponent unbounded), then
    added to c and rounded to nearest even, then flushed.
    The operands come here flushed; the caller rounds (.rn), flushes and
    applies .sat (docs/NVIDIA.md ".sat").
    """
    product = exact_product(a, b)
    if ZERO in (a.kind, b.kind, c.kind):
        product = F32.decode(F32.flush(F32.encode(round_value(F32, product, "rn"))))
    else:
        product = round_value(F32_SIG_WIDE_EXP, product, "rz")
    return exact_sum(product, c, "rn")


def op_div(a, b, mode):
    """9.7.3.8: "d = a / b"; `div.rnd`: "IEEE 754 compliant rounding".

    IEEE 754 §6.1, §7.2, §7.3: NaN operands give NaN; 0/0 and inf/inf are
    invalid (NaN); a nonzero finite or infinite a over a zero b is an infinity
    (division by zero); the sign of every non-NaN result, zeros and infinities
    included, is the xor of the operand signs.
    """
    sign = a.sign ^ b.sign
    kinds = (a.kind, b.kind)
    if NAN in kinds or kinds in ((ZERO, ZERO), (INF, INF)):
        return NAN_VALUE
    if a.kind == INF or b.kind == ZERO:
        return Value(INF, sign)
    if a.kind == ZERO or b.kind == INF:
        return Value(ZERO, sign)
    return value_with_sticky(sign, Fraction(a.sig, b.sig), a.exp - b.exp)


def op_rcp(a, mode):
    """9.7.3.13: "d = 1 / a", the quotient of div with a = 1."""
    return op_div(Value(FINITE, 0, 1, 0), a, mode)


def op_sqrt(a, mode):
    """9.7.3.15: "d = sqrt(a)", with the spec's corner table: -Inf -> NaN,
    -normal -> NaN, -0.0 -> -0.0, +0.0 -> +0.0, +Inf -> +Inf, NaN -> NaN (a
    negative subnormal is a negative number, NaN, unless .ftz made it -0.0).

    The root of a finite positive sig * 2**exp: make exp even, scale sig by 4**k
    so that isqrt gives at least PRECISION bits, and keep a sticky bit for a
    nonzero remainder (math.isqrt on integers, exact).
    """
    if a.kind in (NAN, ZERO) or a.kind == INF and not a.sign:
        return a
    if a.sign:
        return NAN_VALUE
    sig, exp = (a.sig << 1, a.exp - 1) if a.exp & 1 else (a.sig, a.exp)
    k = max(0, PRECISION - sig.bit_length() // 2 + 1)
    scaled = sig << (2 * k)
    root = math.isqrt(scaled)
    sticky = int(root * root != scaled)
    return Value(FINITE, 0, root << 1 | sticky, exp // 2 - k - 1)


# Bits kept before the sticky bit by value_with_sticky and op_sqrt: more than
# binary64's p = 53 plus a guard bit, so that rounding to any format sees the
# exact value's guard bit and a sticky bit that is the OR of everything below.
PRECISION = 64


def value_with_sticky(sign, q, exp):
    """(-1)**sign * q * 2**exp for a positive Fraction q, as a Value with
    PRECISION exact leading bits and a sticky bit that is 1 when the rest is
    nonzero: round_value then rounds it as it would round the exact value."""
    shift = PRECISION - (q.numerator.bit_length() - q.denominator.bit_length())
    num = q.numerator << max(shift, 0)
    den = q.denominator << max(-shift, 0)
    sig, rest = divmod(num, den)
    return Value(FINITE, sign, sig << 1 | (rest != 0), exp - shift - 1)


UNARY = ("abs", "neg", "rcp", "sqrt", "rsqrt", "sin", "cos", "lg2", "ex2", "tanh")
OPS = {"add": op_add, "sub": op_sub, "mul": op_mul, "fma": op_fma, "mad": op_fma,
       "div": op_div, "rcp": op_rcp, "sqrt": op_sqrt}


# ---------------------------------------------------------------------------
# Forms, setups and legality


class Setup(NamedTuple):
    """The module's `.target`, its `.version` and the device that runs it (default: the target)."""

    target: str = "sm_100"
    ptx: str = "8.8"
    device: Optional[str] = None

    def flags(self):
        """The ptxfp verify flags of this setup."""
        device = f" --device {self.device}" if self.device else ""
        return f"--target {self.target}{device} --ptx {self.ptx}"


def sm_number(target):
    """docs/NVIDIA.md "Forms, PTX ISA versions and targets": "sm_XY or higher"
    includes the a/f variants (sm_90a, sm_100a, sm_100f)."""
    return int(target[3:].rstrip("af"))


def ptx_version(text):
    major, minor = text.split(".")
    return int(major), int(minor)


def legal_forms():
    """Every legal form as (form, minimum PTX ISA, minimum target, last PTX ISA or None).

    From the table in docs/NVIDIA.md "Forms, PTX ISA versions and targets";
    modifiers go in the order of the syntax lines; `sub` has the forms, versions
    and targets of `add`.
    """
    rows = []
    opt = ("", ".sat")
    ftz_sat = [f + s for f in ("", ".ftz") for s in opt]
    for t in ("f16", "f16x2"):
        rows += [(f"{op}{r}{m}.{t}", "4.2", "sm_53", None)
                 for op in ("add", "sub", "mul") for r in ("", ".rn") for m in ftz_sat]
        rows += [(f"fma.rn{m}.{t}", "4.2", "sm_53", None) for m in ftz_sat]
        rows += [(f"fma.rn{f}.relu.{t}", "7.0", "sm_80", None) for f in ("", ".ftz")]
    for t in ("bf16", "bf16x2"):
        rows += [(f"{op}{r}.{t}", "7.8", "sm_90", None)
                 for op in ("add", "sub", "mul") for r in ("", ".rn")]
        rows += [(f"fma.rn{r}.{t}", "7.0", "sm_80", None) for r in ("", ".relu")]
    rows += [(f"fma.rn.oob{r}.{t}", "8.1", "sm_90", None)
             for t in ("f16", "f16x2", "bf16", "bf16x2") for r in ("", ".relu")]
    rows += [(f"mad{m}.f32", "1.0", "sm_10", None) for m in ftz_sat]
    rows += [(f"mad.{r}{m}.f32", "2.0", "sm_20", None) for r in ROUNDINGS for m in ftz_sat]
    rows += [("mad.f64", "1.0", "sm_13", "1.3")]
    rows += [(f"mad.{r}.f64", "1.0", "sm_13", None) for r in ROUNDINGS]
    # 9.7.3.6: "fma.rnd{.ftz}{.sat}.f32", "fma.rnd.f64" (rounding required);
    # "fma.f32 introduced in PTX ISA version 2.0", "requires sm_20";
    # "fma.f64 introduced in PTX ISA version 1.4", "requires sm_13".
    rows += [(f"fma.{r}{m}.f32", "2.0", "sm_20", None) for r in ROUNDINGS for m in ftz_sat]
    rows += [(f"fma.{r}.f64", "1.4", "sm_13", None) for r in ROUNDINGS]
    for t in ("f16", "bf16"):
        rows += [(f"{op}{r}{s}.f32.{t}", "8.6", "sm_100", None)
                 for op in ("add", "sub") for r in ("",) + tuple("." + m for m in ROUNDINGS)
                 for s in opt]
        rows += [(f"fma.{r}{s}.f32.{t}", "8.6", "sm_100", None) for r in ROUNDINGS for s in opt]
    return rows + minmax_forms() + float_forms()


def float_forms():
    """The f32/f64 family, from the syntax lines and the PTX ISA / Target ISA
    notes of 9.7.3.2-9.7.3.22 and 9.7.4.5, 9.7.4.6, 9.7.4.9, 9.7.4.10 alone.

    A form's minimum PTX ISA version is the later of the version its notes
    name and the one that introduced its target (sm_20: PTX ISA 2.0, as the
    mad rows above; the sm_1x targets: 1.0). So "div.rnd.f32 requires sm_20"
    with rounding "introduced in PTX ISA version 1.4" is 2.0, sm_20.

    9.7.3.3-5 add/sub/mul: "add{.rnd}{.ftz}{.sat}.f32", "add{.rnd}.f64";
      "Introduced in PTX ISA version 1.0"; "add.f32 supported on all target
      architectures. add.f64 requires sm_13 or higher."; ".rn, .rz: available
      for all targets"; ".rm, .rp for add.f64: requires sm_13 or higher";
      ".rm, .rp for add.f32: requires sm_20 or higher" (sub, mul the same).
    9.7.3.8 div: "div.approx{.ftz}.f32", "div.full{.ftz}.f32",
      "div.rnd{.ftz}.f32", "div.rnd.f64"; "Explicit modifiers .approx, .full,
      .ftz, and rounding introduced in PTX ISA version 1.4"; "div.approx.f32
      and div.full.f32 supported on all target architectures. div.rnd.f32
      requires sm_20 or higher. div.rn.f64 requires sm_13 or higher [...].
      div.{rz,rm,rp}.f64 requires sm_20 or higher."
    9.7.3.13 rcp, 9.7.3.15 sqrt: "rcp.approx{.ftz}.f32", "rcp.rnd{.ftz}.f32",
      "rcp.rnd.f64"; "rcp.rn.f64 and explicit modifiers .approx and .ftz were
      introduced in PTX ISA version 1.4. General rounding modifiers were added
      in PTX ISA version 2.0."; targets as div. 9.7.3.14: rcp.approx.ftz.f64,
      PTX ISA 2.1, sm_20.
    9.7.3.16-17 rsqrt: "rsqrt.approx{.ftz}.f32", "rsqrt.approx.f64" (1.4;
      .f64 sm_13); "rsqrt.approx.ftz.f64 introduced in PTX ISA version 4.0",
      "requires sm_20 or higher".
    9.7.3.18-21 sin, cos, lg2, ex2: ".approx{.ftz}.f32"; ".approx and .ftz
      introduced in PTX ISA version 1.4"; "Supported on all target
      architectures". 9.7.3.22 tanh.approx.f32: 7.0, sm_75.
    9.7.3.9-10 abs/neg: "abs{.ftz}.f32", "abs.f64"; "Introduced in PTX ISA
      version 1.0"; ".f64 requires sm_13 or higher".
    9.7.3.2 copysign: "copysign.type d, a, b; .type = { .f32, .f64 }";
      "Introduced in PTX ISA version 2.0."; "Requires sm_20 or higher."
    9.7.4.5 neg: "neg{.ftz}.f16", "neg{.ftz}.f16x2", "neg.bf16", "neg.bf16x2";
      "Introduced in PTX ISA version 6.0. neg.bf16 and neg.bf16x2 introduced
      in PTX ISA 7.0."; "Requires sm_53 or higher. neg.bf16 and neg.bf16x2
      requires architecture sm_80 or higher."
    9.7.4.6 abs: the same lines, but "Introduced in PTX ISA version 6.5."
    9.7.4.9 tanh: "tanh.approx.type", .f16/.f16x2 7.0 sm_75, .bf16/.bf16x2
      7.8 sm_90. 9.7.4.10 ex2: "ex2.approx.atype" (.f16, .f16x2: 7.0, sm_75),
      "ex2.approx.ftz.btype" (.bf16, .bf16x2: 7.8, sm_90).

    9.7.3.8 (9.7.3.13, 9.7.3.15 alike) PTX ISA Notes: "For PTX ISA version
      1.4 and later, one of .approx, .full, or .rnd is required. For PTX ISA
      versions 1.0 through 1.3, div.f32 defaults to div.approx.ftz.f32, and
      div.f64 defaults to div.rn.f64": div/rcp/sqrt without a modifier, PTX
      ISA 1.0 to 1.3 (the .f32 ones approximate, is_approx).

    9.7.3.3-6 on .f32x2: "add{.rnd}{.ftz}.f32x2 d, a, b;" (sub, mul alike),
      "fma.rnd{.ftz}.f32x2 d, a, b, c;"; "add.f32x2 introduced in PTX ISA
      version 8.6", "add.f32x2 requires sm_100 or higher"; "For .f32x2
      instruction type, forms input vectors of single precision (.f32) values
      from source operands" (lane 0 bits 0..31), no .sat.

    Legal PTX left out (ptxfp does not plan it): .target map_f64_to_f32.
    """
    rows = []
    ftz = ("", ".ftz")
    for op in ("add", "sub", "mul"):
        for r in ("", ".rn", ".rz", ".rm", ".rp"):
            ptx, target = ("2.0", "sm_20") if r in (".rm", ".rp") else ("1.0", "sm_10")
            rows += [(f"{op}{r}{f}{s}.f32", ptx, target, None) for f in ftz for s in ("", ".sat")]
        rows += [(f"{op}{r}.f64", "1.0", "sm_13", None)
                 for r in ("", ".rn", ".rz", ".rm", ".rp")]
        rows += [(f"{op}{r}{f}.f32x2", "8.6", "sm_100", None)
                 for r in ("", ".rn", ".rz", ".rm", ".rp") for f in ftz]
    rows += [(f"fma.{r}{f}.f32x2", "8.6", "sm_100", None) for r in ROUNDINGS for f in ftz]
    for op in ("div", "rcp", "sqrt"):
        rows += [(f"{op}.f32", "1.0", "sm_10", "1.3"), (f"{op}.f64", "1.0", "sm_13", "1.3")]
        rows += [(f"{op}.{r}{f}.f32", "2.0", "sm_20", None) for r in ROUNDINGS for f in ftz]
        rows += [(f"{op}.rn.f64", "1.4", "sm_13", None)]
        rows += [(f"{op}.{r}.f64", "2.0", "sm_20", None) for r in ROUNDINGS[1:]]
    for op in ("div", "rcp", "sqrt", "rsqrt", "sin", "cos", "lg2", "ex2"):
        kinds = (".approx", ".full") if op == "div" else (".approx",)
        rows += [(f"{op}{k}{f}.f32", "1.4", "sm_10", None) for k in kinds for f in ftz]
    # 9.7.3.16-21: "For PTX ISA versions 1.0 through 1.3, rsqrt.f32 defaults to
    # rsqrt.approx.ftz.f32, and rsqrt.f64 defaults to rsqrt.approx.f64"; "sin.f32
    # defaults to sin.approx.ftz.f32" (cos, lg2, ex2 alike).
    rows += [(f"{op}.f32", "1.0", "sm_10", "1.3") for op in ("rsqrt", "sin", "cos", "lg2", "ex2")]
    rows += [("rsqrt.f64", "1.0", "sm_13", "1.3")]
    rows += [("rcp.approx.ftz.f64", "2.1", "sm_20", None),
             ("rsqrt.approx.f64", "1.4", "sm_13", None),
             ("rsqrt.approx.ftz.f64", "4.0", "sm_20", None),
             ("tanh.approx.f32", "7.0", "sm_75", None)]
    for op in ("abs", "neg"):
        rows += [(f"{op}{f}.f32", "1.0", "sm_10", None) for f in ftz]
        rows += [(f"{op}.f64", "1.0", "sm_13", None)]
        half_ptx = "6.5" if op == "abs" else "6.0"
        rows += [(f"{op}{f}.{t}", half_ptx, "sm_53", None) for t in ("f16", "f16x2") for f in ftz]
        rows += [(f"{op}.{t}", "7.0", "sm_80", None) for t in ("bf16", "bf16x2")]
    rows += [(f"copysign.{t}", "2.0", "sm_20", None) for t in ("f32", "f64")]
    for t in ("f16", "f16x2"):
        rows += [(f"ex2.approx.{t}", "7.0", "sm_75", None),
                 (f"tanh.approx.{t}", "7.0", "sm_75", None)]
    for t in ("bf16", "bf16x2"):
        rows += [(f"ex2.approx.ftz.{t}", "7.8", "sm_90", None),
                 (f"tanh.approx.{t}", "7.8", "sm_90", None)]
    return rows


def is_approx(text):
    """Forms with .approx or .full: the ISA gives error bounds, not bits (9.7.3.8:
    "div.full.f32 implements a relatively fast, full-range approximation";
    "rcp.approx.f32 implements a fast approximation to reciprocal", ...).
    The model lists them and computes nothing for them."""
    parts = text.split(".")
    # 9.7.3.8: PTX ISA 1.0-1.3 "div.f32 defaults to div.approx.ftz.f32" (rcp, sqrt alike).
    legacy = (parts[0] in ("div", "rcp", "sqrt") and parts[1:] == ["f32"]
              or parts[0] in ("rsqrt", "sin", "cos", "lg2", "ex2") and len(parts) == 2)
    return "approx" in parts or "full" in parts or legacy


def minmax_forms():
    """min/max rows, from the syntax lines and the PTX ISA / Target ISA notes.

    9.7.4.7/8: "min{.ftz}{.NaN}{.xorsign.abs}.f16", "... .f16x2",
    "min{.NaN}{.xorsign.abs}.bf16", "... .bf16x2"; "Introduced in PTX ISA
    version 7.0. `min.xorsign` introduced in PTX ISA version 7.2."; "Requires
    `sm_80` or higher. `min.xorsign.abs` support requires `sm_86` or higher."
    9.7.3.11/12: "min{.ftz}{.NaN}{.xorsign.abs}.f32  d, a, b;", "min.f64";
    "Introduced in PTX ISA version 1.0. `min.NaN` introduced in PTX ISA version
    7.0."; "`min.f32` supported on all target architectures. `min.f64`
    requires `sm_13` or higher. `min.NaN` requires `sm_80` or higher."
    `min{.ftz}{.NaN}{.xorsign.abs}.f32`: "`min.xorsign.abs` introduced in PTX
    ISA version 7.2", "requires `sm_86` or higher".
    The three-input line "min{.ftz}{.NaN}{.abs}.f32 d, a, b, c;": "`min` with
    three input arguments introduced in PTX ISA version 8.8", "requires
    `sm_100` or higher"; "The `.xorsign` qualifier cannot be specified for
    three inputs operation". Its forms are written with their operands
    (THREE_INPUTS), as `ptxfp forms` lists them: the opcode text alone is
    the two-input form's.
    """
    rows = []
    for op in ("min", "max"):
        for t in ("f16", "f16x2", "bf16", "bf16x2"):
            for f in (("", ".ftz") if t.startswith("f16") else ("",)):
                for n in ("", ".NaN"):
                    rows.append((f"{op}{f}{n}.{t}", "7.0", "sm_80", None))
                    rows.append((f"{op}{f}{n}.xorsign.abs.{t}", "7.2", "sm_86", None))
        rows += [(f"{op}{f}.f32", "1.0", "sm_10", None) for f in ("", ".ftz")]
        rows += [(f"{op}{f}.NaN.f32", "7.0", "sm_80", None) for f in ("", ".ftz")]
        rows += [(f"{op}{f}{n}.xorsign.abs.f32", "7.2", "sm_86", None)
                 for f in ("", ".ftz") for n in ("", ".NaN")]
        rows.append((f"{op}.f64", "1.0", "sm_13", None))
        rows += [(f"{op}{f}{n}{a}.f32{THREE_INPUTS}", "8.8", "sm_100", None)
                 for f in ("", ".ftz") for n in ("", ".NaN") for a in ("", ".abs")]
    return rows


# The operands that mark a three-input min/max form: "min{.ftz}{.NaN}{.abs}.f32 d, a, b, c;".
THREE_INPUTS = " d, a, b, c"


LEGAL = {row[0]: row[1:] for row in legal_forms()}
ACCEPTED = LEGAL


def check_legal(text, setup):
    """Raise ValueError unless `text` is a legal form under `setup`.

    docs/NVIDIA.md "mad.f32 without a rounding modifier": for .target sm_20 and
    up, mad.f32 needs a rounding modifier from PTX ISA 3.2; mad.f64 needs one
    from PTX ISA 1.4.
    """
    if text not in ACCEPTED:
        raise ValueError(f"{text}: not a legal form")
    min_ptx, min_target, last_ptx = ACCEPTED[text]
    ptx, target = ptx_version(setup.ptx), sm_number(setup.target)
    if ptx < ptx_version(min_ptx) or target < sm_number(min_target):
        raise ValueError(f"{text}: needs PTX ISA {min_ptx} and {min_target}")
    if last_ptx and ptx > ptx_version(last_ptx):
        raise ValueError(f"{text}: needs a rounding modifier from PTX ISA 1.4")
    if is_mad_without_rounding(text) and text.endswith(".f32") and target >= 20 and ptx >= (3, 2):
        raise ValueError(f"{text}: needs a rounding modifier for sm_20 from PTX ISA 3.2")


def is_mad_without_rounding(text):
    """mad.f32 or mad.f64 with no rounding modifier: forms whose meaning depends on the setup."""
    parts = text.split(".")
    return parts[0] == "mad" and not set(parts) & set(ROUNDINGS)


def is_legal(text, setup):
    try:
        check_legal(text, setup)
    except ValueError:
        return False
    return True


class Form:
    """A legal form, parsed, with the semantics it has under a setup.

    docs/NVIDIA.md "Registers and lanes": in mixed precision a (and b for fma)
    are .f16/.bf16 in 16-bit registers, c and d .f32. docs/NVIDIA.md "Rounding":
    a rounding modifier left out means .rn where the syntax allows leaving it out.
    """

    def __init__(self, text, setup=Setup()):
        check_legal(text, setup)
        # `name`: the form as a verify line writes it (the three-input
        # min/max without their operands; the field count tells them apart).
        self.name = text[:-len(THREE_INPUTS)] if text.endswith(THREE_INPUTS) else text
        self.three = self.name != text
        parts = self.name.split(".")
        self.text, self.op = text, parts[0]
        mixed = parts[-2] == "f32" and parts[-1] in ("f16", "bf16")
        mods = set(parts[1:-2] if mixed else parts[1:-1])
        self.lanes = 2 if parts[-1].endswith("x2") else 1
        lane_fmt = FORMATS[parts[-1][:-2] if self.lanes == 2 else parts[-1]]
        self.out = F32 if mixed else lane_fmt
        arity = {"fma": 3, "mad": 3}.get(self.op, 1 if self.op in UNARY else 2)
        if self.three:
            arity = 3
        self.ins = (lane_fmt,) * (arity - 1) + (self.out,)
        self.mode = next((r for r in ROUNDINGS if r in mods), "rn")
        self.ftz, self.sat = "ftz" in mods, "sat" in mods
        # docs/NVIDIA.md ".ftz": an sm_1x device flushes results subnormal after
        # rounding into the format (envytools' G80 model), not by IEEE tininess.
        self.g80 = sm_number(setup.device or setup.target) < 20
        self.relu, self.oob = "relu" in mods, "oob" in mods
        self.minmax = self.op in ("min", "max")
        if self.minmax:
            self.nan, self.xorsign_abs = "NaN" in mods, "xorsign" in mods
            self.abs = "abs" in mods and not self.xorsign_abs
            # 9.7.3.11 Notes, `sm_1x`: "`min.f32` flushes subnormal inputs and
            # results to sign-preserving zero." (9.7.3: "for `sm_1x` targets")
            if self.out is F32 and sm_number(setup.target) < 20:
                self.ftz = True
            return
        if is_approx(text):
            raise ValueError(f"{text}: an approximate form (.approx/.full) has error bounds,"
                             " no bit-level definition: the model computes nothing for it")
        self.sign_op = self.op in ("abs", "neg", "copysign")
        self.exact = OPS.get(self.op)
        if is_mad_without_rounding(text) and self.out is F32:
            self.legacy_mad_f32(setup)
        # 9.7.3 introduction: single-precision instructions "flush subnormal
        # inputs and results to sign-preserving zero for sm_1x targets"; 9.7.3.3
        # and the others: "sm_1x: [...] add.f32 flushes subnormal inputs and
        # results to sign-preserving zero". Of the f32 family only
        # add/sub/mul{.rn,.rz} and abs/neg are legal for sm_1x.
        if (self.op in ("add", "sub", "mul", "abs", "neg") and self.ins == (F32,) * arity
                and sm_number(setup.target) < 20):
            self.ftz = True

    def legacy_mad_f32(self, setup):
        """mad.f32 without a rounding modifier.

        docs/NVIDIA.md "mad.f32 without a rounding modifier": on sm_1x, the sm_1x
        semantics (op_mad_sm1x); the same PTX run on sm_20 or later is
        fma.rn.ftz.f32; for .target sm_20 and up, PTX 3.1 warns and uses .rn, PTX
        3.0 and earlier use .rn silently.
        """
        if sm_number(setup.target) >= 20:
            return
        self.ftz = True
        if sm_number(setup.device or setup.target) < 20:
            self.exact = op_mad_sm1x

    def hex_widths(self):
        """Hex digits of each operand and of the result, as ptxfp verify files write them."""
        return [self.lanes * f.width // 4 for f in self.ins + (self.out,)]

    def evaluate(self, operands):
        """The result bits for operand bits (x2 forms: two lanes per operand).

        docs/NVIDIA.md "Registers and lanes": in .f16x2/.bf16x2, lane 0 is bits
        0..15, lane 1 bits 16..31; in .f32x2 (9.7.3.3: "fA[0] = a[0:31]; fA[1] =
        a[32:63]") bits 0..31 and 32..63; lanes are computed independently.
        """
        if self.lanes == 1:
            return self.lane(operands)
        w = self.out.width
        low = self.lane([x & ((1 << w) - 1) for x in operands])
        high = self.lane([x >> w for x in operands])
        return high << w | low

    def lane(self, operands):
        """One lane: .oob, NaN propagation (f64), .ftz on inputs, the exact
        result rounded once, then finish().

        docs/NVIDIA.md ".oob": per lane, if a or b is the OOB-NaN, the lane's
        result is +0.0 (.relu then changes nothing); any other NaN, and any NaN
        in c, gives the canonical NaN as usual. ".ftz": subnormal inputs become
        zero of their own sign before the operation. A NaN result is the
        format's default_nan ("NaN results": mixed precision gives the f32 one,
        0x7fffffff).
        """
        if self.minmax and self.three:
            return self.minmax3_lane(*operands)
        if self.minmax:
            return self.minmax_lane(*operands)
        if self.sign_op:
            return self.sign_lane(*operands)
        if self.oob and any(is_oob_nan(x) for x in operands[:2]):
            return 0
        if self.out is F64:
            nan = first_nan(F64, operands, self.op)
            if nan is not None:
                return nan
        if self.ftz:
            operands = [f.flush(x) for f, x in zip(self.ins, operands)]
        values = [f.decode(x) for f, x in zip(self.ins, operands)]
        exact = self.exact(*values, self.mode)
        bits = self.out.encode(round_value(self.out, exact, self.mode))
        if self.ftz and not self.g80 and tiny_after_rounding(self.out, exact, self.mode):
            bits &= self.out.sign_bit
        return self.finish(bits)

    def minmax_lane(self, a, b):
        """min/max of one lane (the x2 forms: each lane alone, 9.7.4.7/8).

        Spec (9.7.3.11 and 9.7.4.7; max likewise with > for <):
          "If `.NaN` modifier is specified, then the result is canonical `NaN`
          if either of the inputs is `NaN`."
          "if (isNaN(a) && isNaN(b)) d = NaN; ... else if (isNaN(a)) d = b;
          else if (isNaN(b)) d = a; else d = (a < b) ? a : b;"
          "// note: -0.0 < +0.0 here"; "If values of both inputs are 0.0, then
          +0.0 > -0.0."
          ".xorsign considers the sign bit of both inputs before applying .abs
          operation."; "If the result of `min` is `NaN` then the `.xorsign`
          and `.abs` modifiers will be ignored."
          ".ftz" "flushes subnormal inputs and results to sign-preserving zero."
        isNaN is true for quiet and signalling NaNs alike. A NaN result is the
        format's default_nan (f16/bf16 0x7fff, f32 0x7fffffff), except that two
        NaN inputs to min.f64/max.f64 give the second one, b, quieted (H200; f64 keeps
        payloads, 9.7.3: "`NaN` payloads are supported for double-precision
        instructions"). Choices the spec leaves open: see scripts/xcheck/README.md.
        """
        fmt = self.out
        if self.ftz:
            a, b = fmt.flush(a), fmt.flush(b)
        xorsign = (a ^ b) & fmt.sign_bit
        if self.xorsign_abs:
            a, b = a & ~fmt.sign_bit, b & ~fmt.sign_bit
        a_nan, b_nan = fmt.is_nan(a), fmt.is_nan(b)
        if a_nan and b_nan or self.nan and (a_nan or b_nan):
            if fmt is F64 and not self.nan:
                # docs/NVIDIA.md "NaN results": b first (H200).
                return b | fmt.quiet_bit
            return fmt.default_nan
        if a_nan or b_nan:
            d = b if a_nan else a
        else:
            a_first = less(fmt.decode(a), fmt.decode(b)) == (self.op == "min")
            d = a if a_first else b
        if self.xorsign_abs:
            d = d & ~fmt.sign_bit | xorsign
        return fmt.flush(d) if self.ftz else d

    def minmax3_lane(self, a, b, c):
        """The three-input min/max (.f32 only), as the spec's pseudo-code:

          "if (.abs) { a = |a|; b = |b|; if (isPresent(c)) { c = |c|; } }"
          "d = two_inputs_min(d, a, b)"
          "if (isPresent(c)) { d = two_inputs_min(d, d, c) }"
          "def two_inputs_min (z, x, y) { if (.NaN) z = min_nan(z, x, y);
           else z = min_num(z, x, y); }"
          min_nan: "if (isNaN(x) || isNaN(y)) z = NaN"; min_num: "if
          (isNaN(x) && isNaN(y)) z = NaN; else if (isNaN(x)) z = y; else if
          (isNaN(y)) z = x; else z = (x < y) ? x : y;" ("-0.0 < +0.0 here")
          ".ftz" "flushes subnormal inputs and results to sign-preserving zero."
        A NaN result is the f32 default_nan, 0x7fffffff, as every f32 NaN
        result ("If the result of min is NaN then the .xorsign and .abs
        modifiers will be ignored").
        """
        fmt = self.out
        ops = [fmt.flush(x) if self.ftz else x for x in (a, b, c)]
        if self.abs:
            ops = [x & ~fmt.sign_bit for x in ops]

        def two(x, y):
            x_nan, y_nan = fmt.is_nan(x), fmt.is_nan(y)
            if x_nan and y_nan or self.nan and (x_nan or y_nan):
                return fmt.default_nan
            if x_nan:
                return y
            if y_nan:
                return x
            x_first = less(fmt.decode(x), fmt.decode(y)) == (self.op == "min")
            return x if x_first else y

        return two(two(ops[0], ops[1]), ops[2])

    def sign_lane(self, a, b=None):
        """abs, neg (9.7.3.9-10, 9.7.4.5-6) and copysign (9.7.3.2) of one lane.

        Spec: abs "d = |a|", neg "d = -a"; ".ftz flushes subnormal inputs and
        results to sign-preserving zero"; "For abs.f32, NaN input yields
        unspecified NaN. For abs.f64, NaN input is passed through unchanged."
        (neg, and the half types: "NaN inputs yield an unspecified NaN").
        copysign: "Copy sign bit of a into value of b, and return the result as d."
        docs/NVIDIA.md "The f32/f64 family": a NaN input to abs/neg on .f32,
        .f16, .bf16 gives the type's canonical NaN (0x7fffffff, 0x7fff); .f64
        passes it through with its quiet bit set (an H200 quiets a signalling
        NaN), sign included (so neg.f64 of a NaN is that NaN, its sign not
        flipped); copysign is b's bits with a's sign
        bit, NaNs in either operand included, no flushing (no .ftz).
        """
        fmt = self.out
        if self.op == "copysign":
            return b & ~fmt.sign_bit | a & fmt.sign_bit
        if fmt.is_nan(a):
            # .f64: the NaN quieted, sign and payload kept (H200).
            return a | fmt.quiet_bit if fmt is F64 else fmt.default_nan
        if self.ftz:
            a = fmt.flush(a)
        return a & ~fmt.sign_bit if self.op == "abs" else a ^ fmt.sign_bit

    def finish(self, bits):
        """.ftz on the result, then .sat, then .relu.

        docs/NVIDIA.md ".ftz": a result is flushed to zero of its sign when it is
        subnormal after rounding (and, in lane(), when it is tiny after rounding
        as IEEE 754 defines it: tiny_after_rounding). ".sat", after rounding and flushing: NaN → +0.0; results below
        0 → +0.0; above 1.0 → 1.0; -0.0 → +0.0. ".relu", after rounding: NaN →
        canonical NaN (0x7fff); a result whose sign bit is set → +0.0, so
        -0.0 → +0.0.
        """
        fmt = self.out
        if self.ftz:
            bits = fmt.flush(bits)
        if self.sat:
            bits = 0 if fmt.is_nan(bits) or bits & fmt.sign_bit else min(bits, fmt.one)
        if self.relu and fmt.is_nan(bits):
            bits = fmt.default_nan
        elif self.relu and bits & fmt.sign_bit:
            bits = 0
        return bits


def less(x, y):
    """x < y for two non-NaN Values, by their exact values, with -0 < +0 (the
    spec's "note: -0.0 < +0.0 here"). Equal values are never less."""
    if x.kind == ZERO and y.kind == ZERO:
        return x.sign > y.sign
    if INF in (x.kind, y.kind):
        return infinity_rank(x) < infinity_rank(y)
    return compare_finite(x, y) < 0


def infinity_rank(v):
    """-1 for -inf, 1 for +inf, 0 for every finite value or zero."""
    return (-1 if v.sign else 1) if v.kind == INF else 0


def compare_finite(x, y):
    """The sign of x - y for finite or zero Values, exactly (integers, no floats)."""
    sx = 0 if x.kind == ZERO else signed_sig(x)
    sy = 0 if y.kind == ZERO else signed_sig(y)
    e = min(x.exp, y.exp)
    diff = (sx << (x.exp - e)) - (sy << (y.exp - e))
    return (diff > 0) - (diff < 0)


def is_oob_nan(bits):
    """docs/NVIDIA.md ".oob": the OOB-NaN is any 16-bit value whose low 15 bits
    are 0x7ff7 (either sign), for f16 and bf16 alike."""
    return bits & 0x7FFF == 0x7FF7


def first_nan(fmt, operands, op):
    """docs/NVIDIA.md "NaN results" (f64, measured on an H200): if an input is
    NaN, the result is the first NaN in the order b, c, a (div: a, b), with
    its quiet bit set."""
    for i in (0, 1) if op == "div" else (1, 2, 0):
        if i < len(operands) and fmt.is_nan(operands[i]):
            return operands[i] | fmt.quiet_bit
    return None


def tiny_after_rounding(fmt, exact, mode):
    """docs/NVIDIA.md ".ftz" (measured on an H200): IEEE 754 §7.5 tininess
    after rounding, "a non-zero result computed as though the exponent range
    were unbounded would lie strictly between ±b^emin": the exact value
    rounded to the format's precision in a format with a 12-bit exponent
    field, compared with 2^emin. A zero result is "tiny" too (flushing it
    changes nothing)."""
    if exact.kind == ZERO:
        return True
    if exact.kind != FINITE:
        return False
    wide = Format("wide exponent", 12, fmt.mbits, None)
    r = round_value(wide, exact, mode)
    return r.kind == ZERO or (r.kind == FINITE and r.sig.bit_length() - 1 + r.exp < fmt.emin)


_FORMS = {}


def evaluate(text, operands, setup=Setup()):
    """The result bits of form `text` (e.g. "fma.rn.ftz.relu.f16x2") on operand bits."""
    key = (text, setup)
    if key not in _FORMS:
        _FORMS[key] = Form(text, setup)
    return _FORMS[key].evaluate(operands)


# ---------------------------------------------------------------------------
# cvt: cvt.pack (9.7.9.22), cvt.rs (stochastic rounding) and the .ue8m0x2
# scale factors (9.7.9.21), written from the ISA sentences quoted below and
# the readings docs/NVIDIA.md "cvt.rs: the random bits", "cvt: ue8m0x2" and
# "cvt.pack" record. Exact: Fractions throughout.

PACK_TYPES = {"u2": (2, False), "s2": (2, True), "u4": (4, False), "s4": (4, True),
              "u8": (8, False), "s8": (8, True), "u16": (16, False), "s16": (16, True)}


class Small(NamedTuple):
    """A destination element format of cvt: exponent and fraction bits, its
    largest finite magnitude code, and the code of its NaN (None: no NaN)."""

    ebits: int
    mbits: int
    max_code: int
    nan: Optional[int]
    inf: Optional[int]

    @property
    def bias(self):
        return (1 << (self.ebits - 1)) - 1

    def value(self, code):
        """The magnitude of a finite magnitude code, as a Fraction."""
        e, m = code >> self.mbits, code & ((1 << self.mbits) - 1)
        if e == 0:
            return Fraction(m, 1 << self.mbits) * Fraction(2) ** (1 - self.bias)
        return (1 + Fraction(m, 1 << self.mbits)) * Fraction(2) ** (e - self.bias)

    def code(self, v):
        """The magnitude code of a Fraction v on this format's grid, up to its largest."""
        if v == 0:
            return 0
        e = v.numerator.bit_length() - v.denominator.bit_length()
        if Fraction(2) ** e > v:
            e -= 1
        if e < 1 - self.bias:
            return int(v / Fraction(2) ** (1 - self.bias - self.mbits))
        return (e + self.bias) << self.mbits | int(v / Fraction(2) ** (e - self.mbits)) - (1 << self.mbits)


# (format, lane width, sign bit) of each .rs destination element.
RS_FORMATS = {
    "f16x2": (Small(5, 10, 0x7BFF, 0x7FFF, 0x7C00), 16),
    "bf16x2": (Small(8, 7, 0x7F7F, 0x7FFF, 0x7F80), 16),
    # E4M3: S.1111.110 = 448 the largest, S.1111.111 NaN, no infinity.
    "e4m3x4": (Small(4, 3, 0x7E, 0x7F, None), 8),
    # E5M2: exponent all ones is infinity or NaN.
    "e5m2x4": (Small(5, 2, 0x7B, 0x7F, 0x7C), 8),
    # FP6 and FP4: every code finite.
    "e2m3x4": (Small(2, 3, 0x1F, None, None), 8),
    "e3m2x4": (Small(3, 2, 0x1F, None, None), 8),
    "e2m1x4": (Small(2, 1, 0x7, None, None), 4),
}


def f32_fraction(bits):
    """A finite .f32 as a Fraction; None for infinity and NaN."""
    sign, e, m = bits >> 31, bits >> 23 & 0xFF, bits & 0x7FFFFF
    if e == 0xFF:
        return None
    v = Fraction(m, 1 << 23) * Fraction(2) ** -126 if e == 0 else (1 + Fraction(m, 1 << 23)) * Fraction(2) ** (e - 127)
    return -v if sign else v


def rs_random_bits(dst, rbits, lane):
    """9.7.9.21: ".f16x2 [...] 13 LSBs from upper 16-bits are used as random
    bits for operand a [...] 13 LSBs from lower 16-bits [...] for operand b";
    ".bf16x2 [...] upper 16-bits [...] for operand a and lower 16-bits [...]
    for operand b"; "e4m3x4/.e5m2x4/.e2m3x4/.e3m2x4 [...] lower 16-bits are
    used for operands e, f and upper 16 bits are used for operands a, b"
    (both of a pair read the same 16 bits: docs/NVIDIA.md); ".e2m1x4 [...]
    lower 8-bits from both 16-bits half [...] for operands e, f and upper
    8-bits from both 16-bits half [...] for operands a, b" (a: bits 31..24,
    b: 15..8, e: 23..16, f: 7..0). Returns (value, number of bits)."""
    hi, lo = rbits >> 16 & 0xFFFF, rbits & 0xFFFF
    if dst == "f16x2":
        return ((hi if lane == 0 else lo) & 0x1FFF, 13)
    if dst == "bf16x2":
        return (hi if lane == 0 else lo, 16)
    if dst == "e2m1x4":
        return ({0: hi >> 8, 1: lo >> 8, 2: hi & 0xFF, 3: lo & 0xFF}[lane], 8)
    return (hi if lane < 2 else lo, 16)


def rs_lane(dst, relu, satfinite, x, r, k):
    """One lane of cvt.rs: "rounded in the direction toward zero or away from
    zero based on the carry out of the integer addition of the supplied random
    bits (rbits) to the truncated off (discarded) bits of mantissa from the
    input". The discarded part is |x| modulo the destination's last place at
    |x| (the subnormal one below the normal range); the k random bits meet its
    top k bits. Then ".satfinite" (beyond MAX_NORM: sign-preserved MAX_NORM;
    NaN: the format's NaN, or +MAX_NORM for FP6/FP4), ".relu" (negative: 0)."""
    fmt, width = RS_FORMATS[dst]
    sign_bit = 1 << (fmt.ebits + fmt.mbits)
    v = f32_fraction(x)
    if v is None and x & 0x7FFFFF:  # NaN
        return fmt.nan if fmt.nan is not None else fmt.max_code
    negative = x >> 31 == 1
    if v is None:  # infinity
        mag = fmt.inf if fmt.inf is not None and not satfinite else fmt.max_code
    else:
        a = abs(v)
        e = a.numerator.bit_length() - a.denominator.bit_length() if a else 0
        if a and Fraction(2) ** e > a:
            e -= 1
        last = Fraction(2) ** (max(e, 1 - fmt.bias) - fmt.mbits)
        whole = a // last
        discarded = a / last - whole  # in [0, 1)
        carry = int(discarded * (1 << k)) + r >= 1 << k
        rounded = (whole + carry) * last
        if rounded > fmt.value(fmt.max_code):
            mag = fmt.inf if fmt.inf is not None and not satfinite else fmt.max_code
        else:
            mag = fmt.code(rounded)
    result = sign_bit | mag if negative else mag
    if relu and result & sign_bit:
        return 0
    return result


def ue8m0_lane(rnd, satfinite, v, nan):
    """UE8M0: code e is 2^(e - 127), 0xff is NaN. ".rz"/".rp": the magnitude
    down or up to a power of two; NaN: "NaN in the specified destination
    format"; beyond 2^127: with .satfinite "a positive MAX_NORM in .ue8m0x2"
    (0xfe), without it 0xff; zeros and values below 2^-127: code 0; the sign
    is dropped (docs/NVIDIA.md "cvt: ue8m0x2")."""
    over = 0xFE if satfinite else 0xFF
    if nan:
        return 0xFF
    if v is None:
        return over
    a = abs(v)
    if a == 0:
        return 0
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    if rnd == "rp" and Fraction(2) ** e != a:
        e += 1
    code = e + 127
    return 0 if code < 0 else over if code > 0xFE else code


def bf16_fraction(bits):
    """A finite .bf16 as a Fraction (the upper half of an .f32); None for inf/NaN."""
    return f32_fraction(bits << 16)


def cvt_forms():
    """The cvt forms this model covers: (form, PTX ISA, target)."""
    forms = []
    for relu in ("", ".relu"):
        for sat in ("", ".satfinite"):
            for t in ("f16x2", "bf16x2"):
                forms.append((f"cvt.rs{relu}{sat}.{t}.f32", "8.7", "sm_100a"))
        for t in ("e4m3x4", "e5m2x4", "e2m3x4", "e3m2x4", "e2m1x4"):
            forms.append((f"cvt.rs{relu}.satfinite.{t}.f32", "8.7", "sm_100a"))
    for rnd in ("rz", "rp"):
        for sat in ("", ".satfinite"):
            for src in ("f32", "bf16x2"):
                forms.append((f"cvt.{rnd}{sat}.ue8m0x2.{src}", "8.6", "sm_100a"))
    forms.append(("cvt.rn.bf16x2.ue8m0x2", "8.6", "sm_100a"))
    for name, (size, _) in PACK_TYPES.items():
        c = "" if size == 16 else ".b32"
        forms.append((f"cvt.pack.sat.{name}.s32{c}", "6.5", "sm_75" if size < 8 else "sm_72"))
    return sorted(forms)


# .s2f6x2 (PTX ISA 9.1). 5.2.4: "This data format is 8-bit signed 2's
# complement integer with 2 sign-integer bits and 6 fractional bits [...]
# s2f6 value = s8 value * 2^(-6) Positive max representation = 01.111111 =
# 127 * 2^(-6) = 1.984375 Negative max representation = 10.000000 = -128 *
# 2^(-6) = -2.0". Beyond the range: the sign-preserved end ("If the absolute
# value of input (ignoring sign) is greater than MAX_NORM [...] the result is
# sign-preserved MAX_NORM"); docs/NVIDIA.md "cvt: s2f6x2" reads the negative
# end as -2.0 (open, awaiting GPU data).
S2F6_MAX, S2F6_MIN = 127, -128
SCALED = "scaled::n2::ue8m0"


def s2f6_forms():
    """The .s2f6x2 forms: (form, PTX ISA, target). "cvt with .s2f6x2 instruction
    type introduced in PTX ISA version 9.1"; "supported on following
    architectures: sm_100a, sm_103a, sm_107a, sm_110a, sm_120a, sm_121a" (PTX
    ISA 9.4's list; sm_100a is the first of them)."""
    forms = []
    for relu in ("", ".relu"):
        for scaled in ("", "." + SCALED):
            for src in ("f32", "bf16x2"):
                forms.append((f"cvt.rn.satfinite{relu}{scaled}.s2f6x2.{src}", "9.1", "sm_100a"))
            for sat in ("", ".satfinite"):
                forms.append((f"cvt.rn{sat}{relu}{scaled}.bf16x2.s2f6x2", "9.1", "sm_100a"))
    return sorted(forms)


def nearest_even(q):
    """A Fraction rounded to an integer, ".rn: rounding to nearest, with ties to even"."""
    fl = q.numerator // q.denominator
    rest = q - fl
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and fl % 2 == 1):
        return fl + 1
    return fl


def s2f6_down(v, nan, scale, relu):
    """One lane to .s2f6: "For down conversion, inputs are divided by
    scale-factor and then conversion is performed". A NaN input, or the UE8M0
    NaN scale 0xff: "NaN results are converted to positive MAX_NORM"."""
    if nan or scale == 0xFF:
        return S2F6_MAX
    if v is None:  # an infinity of the sign in `nan`'s place: see the caller
        raise ValueError("infinity handled by the caller")
    n = nearest_even(v / Fraction(2) ** (scale - 127) * 64)
    n = min(max(n, S2F6_MIN), S2F6_MAX)
    # ".relu: [...] clamps the result to 0 if negative".
    if relu and n < 0:
        n = 0
    return n % 256


def bf16_bits_of(v, satfinite):
    """The .bf16 bits of a Fraction that .bf16 holds exactly, or beyond its
    range: +-Inf, or +-MAX_NORM (0x7f7f) with .satfinite."""
    sign = 0x8000 if v < 0 else 0
    a = abs(v)
    if a == 0:
        return sign
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    if e >= 128:
        return sign | (0x7F7F if satfinite else 0x7F80)
    if e < -126:
        m = a / Fraction(2) ** -133
        assert m.denominator == 1, v
        return sign | int(m)
    m = a / Fraction(2) ** (e - 7) - 128
    assert m.denominator == 1, v
    return sign | (e + 127) << 7 | int(m)


def s2f6_up(code, scale, satfinite, relu):
    """One lane from .s2f6 to .bf16: "For up-conversion, inputs are converted
    to destination type and then multiplied by scale-factor". Scale 0xff (NaN):
    NVIDIA's .bf16 NaN 0x7fff."""
    if scale == 0xFF:
        return 0x7FFF
    n = code - 256 if code & 0x80 else code
    v = Fraction(n, 64) * Fraction(2) ** (scale - 127)
    if relu and v < 0:
        return 0
    return bf16_bits_of(v, satfinite)


class CvtForm:
    """One form of cvt_forms() or s2f6_forms(): `hex_widths()` (operands, then
    result) and `evaluate()`."""

    def __init__(self, text):
        if text not in {f for f, _, _ in cvt_forms() + s2f6_forms()}:
            raise ValueError(f"{text} is not a cvt form of this model")
        self.text = text
        self.words = text.split(".")

    def hex_widths(self):
        w = self.words
        if "s2f6x2" in w:
            extra = [4] if SCALED in w else []
            if w[-1] == "f32":
                return [8, 8] + extra + [4]
            if w[-1] == "bf16x2":
                return [8] + extra + [4]
            return [4] + extra + [8]
        if w[1] == "pack":
            n = 2 if PACK_TYPES[w[3]][0] == 16 else 3
            return [8] * n + [8]
        if w[1] == "rs":
            dst = w[-2]
            lanes = 2 if dst in ("f16x2", "bf16x2") else 4
            return [8] * (lanes + 1) + [4 if dst == "e2m1x4" else 8]
        if w[-1] == "f32":
            return [8, 8, 4]
        if w[-1] == "bf16x2":
            return [8, 4]
        return [4, 8]  # cvt.rn.bf16x2.ue8m0x2

    def evaluate(self, ops):
        w = self.words
        if "s2f6x2" in w:
            # "If not specified explicitly, value of scale-factor will be
            # assumed to be 0x7f7f".
            sf = ops[-1] if SCALED in w else 0x7F7F
            relu, satfinite = "relu" in w, "satfinite" in w
            hi_scale, lo_scale = sf >> 8 & 0xFF, sf & 0xFF
            if w[-2] == "bf16x2":
                # "d[31:16] = convert(a[15:8]) * scale-factor[15:8]".
                return s2f6_up(ops[0] >> 8 & 0xFF, hi_scale, satfinite, relu) << 16 | \
                    s2f6_up(ops[0] & 0xFF, lo_scale, satfinite, relu)
            if w[-1] == "f32":
                xs = [(ops[0], 32), (ops[1], 32)]
            else:
                # "The scaling factor of [...] .bf16 input from upper 16 bits of
                # a is stored in the upper 8 bits of operand scale-factor".
                xs = [(ops[0] >> 16 & 0xFFFF, 16), (ops[0] & 0xFFFF, 16)]
            out = 0
            for (x, width), scale in zip(xs, (hi_scale, lo_scale)):
                bits = x if width == 32 else x << 16
                nan = bits & 0x7FFFFFFF > 0x7F800000
                if bits & 0x7FFFFFFF == 0x7F800000 and not (scale == 0xFF):
                    lane = (S2F6_MIN if bits >> 31 else S2F6_MAX)
                    lane = 0 if relu and lane < 0 else lane % 256
                else:
                    lane = s2f6_down(f32_fraction(bits), nan, scale, relu)
                out = out << 8 | lane
            return out
        if w[1] == "pack":
            # 9.7.9.22: "ta = a < MIN(convertType) ? MIN(convertType) : a;" and
            # the MAX clamp (".sat modifier limits the converted values to
            # MIN(convertType)..MAX(convertedType)"); "td = tb; td[i] = ta[i - size]"
            # for i in size..2*size-1; "d[i] = c[i - 2 * size]" above, but for .u16/.s16.
            size, signed = PACK_TYPES[w[3]]
            lo, hi = (-(1 << (size - 1)), (1 << (size - 1)) - 1) if signed else (0, (1 << size) - 1)

            def sat(x):
                x = x - (1 << 32) if x >> 31 else x
                return min(max(x, lo), hi) % (1 << size)

            d = sat(ops[0]) << size | sat(ops[1])
            if size < 16:
                d |= ops[2] << (2 * size)
            return d % (1 << 32)
        if w[1] == "rs":
            dst = w[-2]
            relu, satfinite = "relu" in w, "satfinite" in w
            lanes = ops[:-1]
            width = RS_FORMATS[dst][1]
            d = 0
            for i, x in enumerate(lanes):
                r, k = rs_random_bits(dst, ops[-1], i)
                d = d << width | rs_lane(dst, relu, satfinite, x, r, k)
            return d
        if w[-1] == "ue8m0x2":
            # "Each 8-bit input value in operand a is converted to .bf16": exact
            # (2^-127 is the bf16 subnormal 0x0040); NaN → NVIDIA's bf16 NaN.
            def lane(code):
                if code == 0xFF:
                    return 0x7FFF
                return 0x0040 if code == 0 else code << 7
            return lane(ops[0] >> 8 & 0xFF) << 16 | lane(ops[0] & 0xFF)
        rnd, satfinite = w[1], "satfinite" in w
        if w[-1] == "f32":
            xs = ops[:2]
            vals = [(f32_fraction(x), x & 0x7FFFFFFF > 0x7F800000) for x in xs]
        else:
            xs = [ops[0] >> 16 & 0xFFFF, ops[0] & 0xFFFF]
            vals = [(bf16_fraction(x), x & 0x7FFF > 0x7F80) for x in xs]
        a, b = (ue8m0_lane(rnd, satfinite, v, nan) for v, nan in vals)
        return a << 8 | b


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("forms", help="list the legal forms: FORM PTX TARGET")
    sub.add_parser("cvt-forms", help="list the cvt forms of the model: FORM PTX TARGET")
    ev = sub.add_parser("eval", help="evaluate a form on hex operands")
    ev.add_argument("--target", default="sm_100")
    ev.add_argument("--device")
    ev.add_argument("--ptx", default="8.8")
    ev.add_argument("form")
    ev.add_argument("operands", nargs="+")
    args = parser.parse_args(argv)
    if args.command == "forms":
        for form, ptx, target, _ in legal_forms():
            print(form, ptx, target)
        return
    if args.command == "cvt-forms":
        for form, ptx, target in cvt_forms() + s2f6_forms():
            print(form, ptx, target)
        return
    if args.form.startswith("cvt."):
        try:
            form = CvtForm(args.form)
        except ValueError as error:
            print(f"ptxmodel.py: {error}", file=sys.stderr)
            return 2
        result = form.evaluate([int(x, 16) for x in args.operands])
        print(f"{result:0{form.hex_widths()[-1]}x}")
        return
    try:
        form = Form(args.form, Setup(args.target, args.ptx, args.device))
    except ValueError as error:
        print(f"ptxmodel.py: {error}", file=sys.stderr)
        return 2
    result = form.evaluate([int(x, 16) for x in args.operands])
    print(f"{result:0{form.hex_widths()[-1]}x}")


if __name__ == "__main__":
    sys.exit(main())
