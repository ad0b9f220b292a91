#!/usr/bin/env python3
"""An independent reference model of PTX `cvt` (every form of
`ptxfp forms --family cvt` except `cvt.pack.*`, `cvt.rs.*` and anything
with `.ue8m0x2` or `.s2f6x2`, which `ptxmodel.CvtForm` already models).

Written from the PTX ISA text alone (standard library only, Python 3.9+):
the `cvt` section (PTX ISA 9.1: section 9.7.9.21; PTX ISA 9.4:
section 9.7.10.24, the same text plus `.pzo`, `.scaled::n1::ue8m0`, `.rz`
into the narrow formats and `.ue5m3x2`) and section 5.2.3 "Alternate
Floating-Point Data Formats" (numbered 5.2 in the brief).  Section numbers
below are written "cvt" for the conversion section and "5.2.3" for the
formats.  Where the ISA leaves a result open this model follows
docs/NVIDIA.md, and each such place says "NVIDIA.md" and names the entry.

Every value is decoded to an exact `fractions.Fraction` (with its sign kept
apart, so -0 survives) and rounded once, by `round_to_format`, into the
destination format.  No host float computes a result.

Usage:
    python3 cvtmodel.py eval [--target sm_13 --ptx 1.4] [--isa-strict] FORM OPERAND...
                                                    (hex bits; prints the result)
    python3 cvtmodel.py forms                       (the forms this model covers)
    python3 cvtmodel.py selfcheck                   (checks against struct/float)
"""

import math
import struct
import sys
from fractions import Fraction

# ---------------------------------------------------------------------------
# Formats
# ---------------------------------------------------------------------------


class Fmt:
    """A binary floating-point format: `ebits` exponent bits, `mbits` stored
    mantissa bits, `bias`, and how the all-ones exponent is used.

    special:
      'ieee'  : all-ones exponent is infinity (mantissa 0) or NaN (IEEE 754);
      'e4m3'  : 5.2.3 "The `e4m3` encoding does not support infinity and `NaN`
                values are limited to `0x7f` and `0xff`": only S.1111.111 is
                NaN, so the largest finite is S.1111.110 = 448;
      'none'  : 5.2.3 "The `e2m1` [`e2m3`, `e3m2`] encoding does not support
                infinity and `NaN`": every code is a number;
      'ue'    : unsigned, 5.2.3 "`ue5m3` [...] does not support infinity.
                `NaN` value is limited to `0xff`".
    The exponent biases are the OCP / IEEE ones (2^(ebits-1) - 1); the ISA
    gives none (for `ue5m3` NVIDIA.md "cvt: ue5m3x2" records bias 15, open).
    """

    def __init__(self, name, ebits, mbits, special, signed=True, shift=0):
        self.name = name
        self.ebits = ebits
        self.mbits = mbits
        self.bias = (1 << (ebits - 1)) - 1
        self.special = special
        self.signed = signed
        self.shift = shift  # tf32: the value sits in bits 31..13 of a .b32
        self.width = (1 if signed else 0) + ebits + mbits
        self.emin = 1 - self.bias  # exponent of the smallest normal
        emask = (1 << ebits) - 1
        mmask = (1 << mbits) - 1
        if special == 'ieee':
            self.max_code = ((emask - 1) << mbits) | mmask
        elif special == 'e4m3':
            self.max_code = (emask << mbits) | (mmask - 1)
        elif special == 'none':
            self.max_code = (emask << mbits) | mmask
        else:  # 'ue'
            self.max_code = ((emask << mbits) | mmask) - 1
        self.max_value = self.code_value(self.max_code)
        self.min_normal = Fraction(2) ** self.emin
        self.sign_bit = (1 << (self.width - 1)) if signed else 0

    def code_value(self, code):
        """The magnitude of a finite code (sign bit ignored)."""
        e = (code >> self.mbits) & ((1 << self.ebits) - 1)
        m = code & ((1 << self.mbits) - 1)
        if e == 0:
            return Fraction(m) * Fraction(2) ** (self.emin - self.mbits)
        return Fraction((1 << self.mbits) + m) * Fraction(2) ** (e - self.bias - self.mbits)

    def decode(self, bits):
        """('num', sign, Fraction) / ('inf', sign, None) / ('nan', sign, bits)."""
        bits >>= self.shift
        bits &= (1 << self.width) - 1
        sign = 1 if (self.signed and bits & self.sign_bit) else 0
        mag = bits & ~self.sign_bit
        e = mag >> self.mbits
        m = mag & ((1 << self.mbits) - 1)
        emax = (1 << self.ebits) - 1
        if self.special == 'ieee' and e == emax:
            return ('inf', sign, None) if m == 0 else ('nan', sign, bits)
        if self.special == 'e4m3' and e == emax and m == (1 << self.mbits) - 1:
            return ('nan', sign, bits)
        if self.special == 'ue' and mag == (1 << self.width) - 1:
            return ('nan', 0, bits)
        return ('num', sign, self.code_value(mag))

    def encode(self, sign, code):
        return ((self.sign_bit if sign else 0) | code) << self.shift

    def inf_code(self):
        return ((1 << self.ebits) - 1) << self.mbits


FMT = {
    'f16': Fmt('f16', 5, 10, 'ieee'),
    'bf16': Fmt('bf16', 8, 7, 'ieee'),
    # 5.2.3: "`tf32` [...] with the same range as `.f32` and reduced precision
    # (>=10 bits)"; cvt: "For `.tf32` instruction type, operand `d` has `.b32`
    # type".  Modelled as E8M10 in bits 31..13, low 13 bits zero
    # (NVIDIA.md "cvt: integers, integral values, tf32 and fp8").
    'tf32': Fmt('tf32', 8, 10, 'ieee', shift=13),
    'f32': Fmt('f32', 8, 23, 'ieee'),
    'f64': Fmt('f64', 11, 52, 'ieee'),
    'e4m3': Fmt('e4m3', 4, 3, 'e4m3'),
    'e5m2': Fmt('e5m2', 5, 2, 'ieee'),  # 5.2.3 gives no exceptions: IEEE-like
    'e2m3': Fmt('e2m3', 2, 3, 'none'),
    'e3m2': Fmt('e3m2', 3, 2, 'none'),
    'e2m1': Fmt('e2m1', 2, 1, 'none'),
    'ue5m3': Fmt('ue5m3', 5, 3, 'ue', signed=False),
}

INT_TYPES = {'u8': (8, False), 'u16': (16, False), 'u32': (32, False), 'u64': (64, False),
             's8': (8, True), 's16': (16, True), 's32': (32, True), 's64': (64, True)}
FLOAT_TYPES = ('f16', 'bf16', 'tf32', 'f32', 'f64')
# packed types: (lane format, lanes, register bits, lane slot bits)
PACKED = {'f16x2': ('f16', 32, 16), 'bf16x2': ('bf16', 32, 16),
          'e4m3x2': ('e4m3', 16, 8), 'e5m2x2': ('e5m2', 16, 8),
          'e2m3x2': ('e2m3', 16, 8), 'e3m2x2': ('e3m2', 16, 8),
          'e2m1x2': ('e2m1', 8, 4), 'ue5m3x2': ('ue5m3', 16, 8)}

# Register width (bits) of each type as it appears in a vector line.
def reg_bits(t):
    if t in INT_TYPES:
        return INT_TYPES[t][0]
    if t in PACKED:
        return PACKED[t][1]
    return {'f16': 16, 'bf16': 16, 'tf32': 32, 'f32': 32, 'f64': 64, 'b8': 8, 'b16': 16}[t]


# NaN patterns: the ISA leaves them open ("NaN results are converted to
# canonical NaN", "the result is NaN in the specified destination format").
# NVIDIA.md "The hardware table": half_nan, f32_nan, f8_nan, tf32_nan.
HALF_NAN = 0x7fff
F32_NAN = 0x7fffffff
F8_NAN = 0x7f
TF32_NAN = 0x7fffe000
UE5M3_NAN = 0xff

# ---------------------------------------------------------------------------
# Rounding (exact)
# ---------------------------------------------------------------------------

OVERFLOW = 'overflow'


def _round_int(n, mode, sign):
    """Round the Fraction n >= 0 (a magnitude) to an integer.
    mode: rn (ties to even), rna (ties away), rz, rm, rp (directions refer
    to the signed value, so rm rounds a negative magnitude up)."""
    fl = n.numerator // n.denominator
    rem = n - fl
    if rem == 0:
        return fl
    if mode == 'rz':
        return fl
    if mode == 'rm':
        return fl + 1 if sign else fl
    if mode == 'rp':
        return fl if sign else fl + 1
    half = Fraction(1, 2)
    if rem > half:
        return fl + 1
    if rem < half:
        return fl
    if mode == 'rna':
        return fl + 1
    return fl + (fl & 1)  # rn: ties to even


def round_to_format(sign, mag, fmt, mode):
    """Round sign*mag (mag a Fraction >= 0) once into `fmt` (gradual underflow
    included, exponent unbounded above).  Returns the magnitude code, or
    OVERFLOW when the rounded value exceeds the largest finite value.
    cvt "Floating Point Notes": ".rn rounding to nearest, with ties to even;
    .rna rounding to nearest, with ties away from zero; .rz rounding toward
    zero; .rm rounding toward negative infinity; .rp rounding toward positive
    infinity"."""
    if mag == 0:
        return 0
    e = mag.numerator.bit_length() - mag.denominator.bit_length()
    if Fraction(2) ** e > mag:
        e -= 1
    e = max(e, fmt.emin)
    q = Fraction(2) ** (e - fmt.mbits)  # quantum at this exponent
    n = _round_int(mag / q, mode, sign)
    value = n * q
    if value > fmt.max_value:
        return OVERFLOW
    if n < (1 << fmt.mbits):  # subnormal (only possible when e == emin)
        return n
    if n == (1 << (fmt.mbits + 1)):
        n >>= 1
        e += 1
    return ((e + fmt.bias) << fmt.mbits) | (n - (1 << fmt.mbits))


def ieee_overflow_code(fmt, sign, mode):
    """IEEE 754 overflow for formats with infinities: .rn/.rna give infinity,
    .rz the largest finite value, .rm/.rp infinity toward their side and the
    largest finite value on the other."""
    to_inf = {'rn': True, 'rna': True, 'rz': False,
              'rm': bool(sign), 'rp': not sign}[mode]
    return fmt.inf_code() if to_inf else fmt.max_code


def tiny_after_rounding(mag, fmt, mode, sign):
    """IEEE 754 7.5 tininess after rounding: the value rounded to fmt's
    precision with an unbounded exponent range lies below the smallest
    normal.  NVIDIA.md ".ftz" (ftz_timing = IeeeAfterRounding), which it
    applies to `cvt.rnd.ftz.f32.f64` too."""
    if mag == 0 or mag >= fmt.min_normal:
        return False
    e = mag.numerator.bit_length() - mag.denominator.bit_length()
    if Fraction(2) ** e > mag:
        e -= 1
    q = Fraction(2) ** (e - fmt.mbits)
    return _round_int(mag / q, mode, sign) * q < fmt.min_normal


def round_to_integral(mag, mode, sign):
    """cvt "Integer Notes": ".rni round to nearest integer, choosing even
    integer if source is equidistant between two integers; .rzi [...] in the
    direction of zero; .rmi [...] in direction of negative infinity; .rpi
    [...] in direction of positive infinity"."""
    return _round_int(mag, {'rni': 'rn', 'rzi': 'rz', 'rmi': 'rm', 'rpi': 'rp'}[mode], sign)


# ---------------------------------------------------------------------------
# Setup
# ---------------------------------------------------------------------------


class Env:
    """The code's target and PTX ISA version, and which reading to take where
    NVIDIA.md's hardware records contradict explicit ISA text.

    sm (int, 10 for sm_10 ... 107 for sm_107a) and ptx ((major, minor)) select
    the sm_1x rules of the cvt section:
      Floating Point Notes, sm_1x: "Single-precision subnormal inputs and
      results are flushed to sign-preserving zero. The optional .ftz modifier
      may be specified in these cases for clarity."  "Note: In PTX ISA
      versions 1.4 and earlier, the cvt instruction did not flush
      single-precision subnormal inputs or results to zero if either source
      or destination type was .f64. [...] Specifically, if the PTX ISA
      version is 1.4 or earlier, single-precision subnormal inputs and
      results are flushed to sign-preserving zero only for cvt.f32.f16,
      cvt.f16.f32, and cvt.f32.f32 instructions."
      Integer Notes, sm_1x: "For cvt.ftz.dtype.f32 float-to-integer
      conversions [...] subnormal inputs are flushed to sign-preserving zero.
      The optional .ftz modifier may be specified in these cases for
      clarity."  "Note: In PTX ISA versions 1.4 and earlier, the cvt
      instruction did not flush single-precision subnormal inputs or results
      to zero if the destination type size was 64-bits."
    hw (default True): take NVIDIA.md's H200 records where they contradict
    the ISA text (cvt_f16_ftz_flushes_source = false on sm_20+ targets;
    tf32_rna_nan_truncated / tf32_rna_satfinite_steps_down turning some NaNs
    into +-inf or +-MAX_NORM).  False: the ISA sentences.
    sm1x_notes (default True): apply the sm_1x sentences above as written;
    False: the other reading (every f32 conversion flushed as with .ftz on
    sm_1x, whatever the version, the .f16.f32 source kept as on the H200).
    """

    def __init__(self, sm=107, ptx=(9, 4), hw=True, sm1x_notes=True):
        self.sm, self.ptx, self.hw, self.sm1x_notes = sm, ptx, hw, sm1x_notes

    @property
    def sm1x(self):
        return self.sm < 20

    @property
    def legacy14(self):
        return self.sm1x and self.ptx <= (1, 4) and self.sm1x_notes


DEFAULT_ENV = Env()


def parse_setup(target, ptx):
    num = int(''.join(ch for ch in target.split('_')[1] if ch.isdigit()))
    major, minor = ptx.split('.')
    return num, (int(major), int(minor))


# ---------------------------------------------------------------------------
# Forms
# ---------------------------------------------------------------------------

TYPES = set(INT_TYPES) | set(FLOAT_TYPES) | set(PACKED)
FRND = ('rn', 'rna', 'rz', 'rm', 'rp')
IRND = ('rni', 'rzi', 'rmi', 'rpi')
EXCLUDED_MARKS = ('ue8m0x2', 's2f6x2')


class Form:
    def __init__(self, text):
        self.text = text
        parts = text.split('.')
        if parts[0] != 'cvt':
            raise ValueError('not a cvt form: ' + text)
        self.dst, self.src = parts[-2], parts[-1]
        self.mods = parts[1:-2]
        if self.dst not in TYPES or self.src not in TYPES:
            raise ValueError('types not modelled: ' + text)
        if 'pack' in self.mods or 'rs' in self.mods:
            raise ValueError('left to ptxmodel.CvtForm: ' + text)
        known = set(FRND) | set(IRND) | {'ftz', 'sat', 'relu', 'satfinite', 'pzo',
                                          'scaled::n1::ue8m0', 'scaled::n2::ue8m0'}
        for m in self.mods:
            if m not in known:
                raise ValueError('modifier not modelled: .' + m)
        rnds = [m for m in self.mods if m in FRND or m in IRND]
        self.rnd = rnds[0] if rnds else None
        self.ftz = 'ftz' in self.mods
        self.sat = 'sat' in self.mods
        self.relu = 'relu' in self.mods
        self.satfinite = 'satfinite' in self.mods
        self.pzo = 'pzo' in self.mods
        self.n1 = 'scaled::n1::ue8m0' in self.mods
        self.n2 = 'scaled::n2::ue8m0' in self.mods

    # -- operands ---------------------------------------------------------
    def operand_types(self):
        """The source operands as `ptxfp verify` reads them, in order."""
        if self.dst in PACKED and self.src == 'f32':
            ops = ['f32', 'f32']  # cvt.frnd2....f16x2.f32 d, a, b
        else:
            ops = [self.src]
        if self.n1:
            ops.append('b8')   # "has type .b8 when used with qualifier .scaled::n1::ue8m0"
        if self.n2:
            ops.append('b16')  # "has type .b16 when used with [...] .scaled::n2::ue8m0"
        return ops

    def result_type(self):
        return self.dst

    # -- evaluation -------------------------------------------------------
    def eval(self, *ops, env=DEFAULT_ENV):
        self.env = env
        ops = [o & ((1 << reg_bits(t)) - 1) for o, t in zip(ops, self.operand_types())]
        if self.dst in INT_TYPES and self.src in INT_TYPES:
            return cvt_int_int(self, ops[0])
        if self.dst in INT_TYPES:
            return cvt_float_int(self, ops[0])
        if self.src in INT_TYPES:
            return cvt_int_float(self, ops[0])
        if self.dst in PACKED or self.src in PACKED:
            return cvt_packed(self, ops)
        return cvt_float_float(self, ops[0])


# ---------------------------------------------------------------------------
# Integer destinations and sources
# ---------------------------------------------------------------------------

def int_range(t):
    bits, signed = INT_TYPES[t]
    return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)


def int_value(t, bits):
    w, signed = INT_TYPES[t]
    bits &= (1 << w) - 1
    return bits - (1 << w) if signed and bits >> (w - 1) else bits


def cvt_int_int(form, a):
    """cvt{.sat}.dtype.atype between integer types.  The source's value (its
    type says signed or unsigned) is kept when it fits.  cvt ".sat: For
    integer destination types, .sat limits the result to MININT..MAXINT for
    the size of the operation."  Without .sat the destination keeps the low
    bits (the result "is sign-extended [...] for signed integers, and is
    zero-extended [...] for unsigned" when the register is wider; narrowing
    keeps the low bits: NVIDIA.md "cvt: integers, integral values, tf32 and fp8")."""
    v = int_value(form.src, a)
    lo, hi = int_range(form.dst)
    if form.sat:
        v = min(max(v, lo), hi)
    return v & ((1 << INT_TYPES[form.dst][0]) - 1)


def cvt_float_int(form, a):
    """Float to integer, cvt.irnd{.ftz}{.sat}.dtype.atype.  cvt "Integer
    Notes": "Integer rounding is required for float-to-integer conversions";
    "Saturation modifier: [...] For float-to-integer conversions, the result
    is clamped to the destination range by default; i.e, .sat is redundant."
    "In float-to-integer conversions, depending upon conversion types, NaN
    input results in following value: 1. Zero if source is not .f64 and
    destination is not .s64, .u64.  2. Otherwise 1 << (BitWidth(dst) - 1)".
    ".ftz": "For cvt.ftz.dtype.f32 float-to-integer conversions [...],
    subnormal inputs are flushed to sign-preserving zero."
    """
    fmt = FMT[form.src]
    w = INT_TYPES[form.dst][0]
    kind, sign, mag = fmt.decode(a)
    if kind == 'nan':
        if form.src != 'f64' and form.dst not in ('s64', 'u64'):
            return 0
        return 1 << (w - 1)
    lo, hi = int_range(form.dst)
    if kind == 'inf':
        v = lo if sign else hi
    else:
        env = getattr(form, 'env', DEFAULT_ENV)
        flush = form.ftz or (env.sm1x and not (env.legacy14 and w == 64))
        if flush and form.src == 'f32' and mag < fmt.min_normal:
            mag = Fraction(0)
        n = round_to_integral(mag, form.rnd, sign)
        v = -n if sign else n
        v = min(max(v, lo), hi)
    return v & ((1 << w) - 1)


def cvt_int_float(form, a):
    """Integer to float, cvt.frnd{.ftz}{.sat}.dtype.atype.  cvt: "Rounding
    modifier is mandatory in all of the following cases: [...] All
    int-to-float conversions"; the integer's exact value is rounded once by
    the modifier.  ".sat: For floating-point destination types, .sat limits
    the result to the range [0.0, 1.0]."  ".ftz" flushes single-precision
    results: no nonzero integer is subnormal, so it changes nothing."""
    v = int_value(form.src, a)
    fmt = FMT[form.dst]
    sign = 1 if v < 0 else 0
    bits = round_finite(fmt, sign, Fraction(abs(v)), form.rnd)
    if form.sat:
        bits = saturate(fmt, bits)
    return bits


def round_finite(fmt, sign, mag, mode):
    """Round a finite value into an IEEE-like format; overflow as IEEE 754."""
    code = round_to_format(sign, mag, fmt, mode)
    if code == OVERFLOW:
        code = ieee_overflow_code(fmt, sign, mode)
    return fmt.encode(sign, code)


def saturate(fmt, bits):
    """cvt ".sat: For floating-point destination types, .sat limits the result
    to the range [0.0, 1.0]. NaN results are flushed to positive zero."
    -0.0 becomes +0.0 (NVIDIA.md ".sat": sat_clears_neg_zero)."""
    kind, sign, mag = fmt.decode(bits)
    if kind == 'nan' or sign:
        return 0
    if kind == 'inf' or mag > 1:
        return fmt.encode(0, round_to_format(0, Fraction(1), fmt, 'rn'))
    return bits


def relu(fmt, bits, nan_bits):
    """cvt ".relu: [...] clamps the result to 0 if negative. NaN results are
    converted to canonical NaN."  -0.0 becomes +0.0 (NVIDIA.md ".relu":
    relu_clears_neg_zero); the canonical NaN is the format's NaN pattern
    (NVIDIA.md: half_nan, tf32_nan, f8_nan; +MAX_NORM for fp6/fp4)."""
    kind, sign, mag = fmt.decode(bits)
    if kind == 'nan':
        return nan_bits
    if sign:
        return 0
    return bits


# ---------------------------------------------------------------------------
# Float to float (scalar)
# ---------------------------------------------------------------------------

def quiet_payload(src_fmt, dst_fmt, bits):
    """A NaN carried from one IEEE format to another: its sign, the top of its
    payload (or the payload shifted up), the quiet bit set (IEEE 754 6.2.3).
    NVIDIA.md "cvt: NaNs, moves and .ftz" (cvt_f64_narrowing_keeps_nan for
    narrowing from .f64; the .f64 results of widening keep the payload)."""
    sign = bits >> (src_fmt.width - 1) & 1
    frac = bits & ((1 << src_fmt.mbits) - 1)
    d = dst_fmt.mbits - src_fmt.mbits
    frac = frac << d if d >= 0 else frac >> -d
    frac |= 1 << (dst_fmt.mbits - 1)
    return (sign << (dst_fmt.width - 1)) | (dst_fmt.inf_code()) | frac


def cvt_float_float(form, a):
    """Float to float between .f16, .bf16, .tf32, .f32, .f64.

    cvt "Floating Point Notes": "Floating-point rounding is required for
    float-to-float conversions that result in loss of precision [...]. A
    floating-point value may be rounded to an integral value using the
    integer rounding modifiers (see Integer Notes). The operands must be of
    the same size. The result is an integral value, stored in floating-point
    format."  "Modifier .ftz may be specified to flush single-precision
    subnormal inputs and results to sign-preserving zero."  ".sat", ".relu",
    ".satfinite" as quoted at their functions; ".pzo": "if the result of the
    conversion produces -0.0, it will be forced to +0.0".

    Choices from NVIDIA.md "cvt: NaNs, moves and .ftz" (hw, H200):
      - cvt.f32.f32 and cvt.f64.f64 without .ftz/.sat are moves, cvt.f32.bf16
        without .ftz puts the bits in the upper half (cvt_same_type_moves,
        cvt_f32_bf16_moves): NaNs unchanged;
      - .ftz reads a NaN .f32 source as 0x7fffffff (cvt_ftz_f32_nan_canonical);
      - a NaN .f64 narrowed keeps sign and payload top, quieted;
      - cvt.frnd.ftz.f16.f32 does not flush its source, and an .f16 result is
        never flushed (cvt_f16_ftz_flushes_source = false) -- against the
        ISA's "flush single-precision subnormal inputs";
      - result flushing is IEEE tininess after rounding (NVIDIA.md ".ftz"); it
        also flushes the subnormal .bf16 values of cvt.ftz.f32.bf16, whose
        .f32 results are subnormal;
      - other NaN results: .f16/.bf16 0x7fff, .f32 0x7fffffff, .f64 the input
        NaN quieted; .tf32 under .rn/.rz 0x7fffe000; under .rna the NaN with
        its 13 low bits cleared, and .rna.satfinite then subtracts 0x2000
        wherever the exponent is all ones (tf32_rna_nan_truncated,
        tf32_rna_satfinite_steps_down).
    """
    sf, df = FMT[form.src], FMT[form.dst]
    env = getattr(form, 'env', DEFAULT_ENV)
    ftz = form.ftz
    if env.sm1x and 'f32' in (form.src, form.dst):
        if not env.legacy14 or (form.src, form.dst) in (('f32', 'f16'), ('f16', 'f32'), ('f32', 'f32')):
            ftz = True  # sm_1x: flushed as if .ftz were written
    mods_plain = not ftz and not form.sat and form.rnd is None
    # Moves.
    if mods_plain and form.src == form.dst and form.src in ('f32', 'f64'):
        return a
    if form.src == 'bf16' and form.dst == 'f32' and not form.ftz:
        return a << 16
    if form.dst == 'tf32' and form.rnd == 'rna':
        return cvt_tf32_rna(form, a, env)
    kind, sign, mag = sf.decode(a)
    # .ftz on an .f32 source (not for an .f16 destination, NVIDIA.md).
    keep_f16_source = form.dst == 'f16' and (
        (env.hw and not env.sm1x) or (env.sm1x and not env.sm1x_notes))
    if ftz and form.src == 'f32' and not keep_f16_source:
        if kind == 'nan':
            a = F32_NAN
            kind, sign, mag = sf.decode(a)
        elif kind == 'num' and mag < sf.min_normal:
            mag = Fraction(0)
    if kind == 'nan':
        bits = nan_result(form, sf, df, a)
    elif form.rnd in IRND:
        if kind == 'inf':
            bits = df.encode(sign, df.inf_code())
        else:
            n = round_to_integral(mag, form.rnd, sign)
            bits = df.encode(sign, round_to_format(sign, Fraction(n), df, 'rn'))
    elif kind == 'inf':
        bits = df.encode(sign, df.inf_code())
    else:
        mode = form.rnd or 'rn'  # widening: exact, the mode is never used
        if form.satfinite and mag > df.max_value:
            bits = df.encode(sign, df.max_code)
        else:
            bits = round_finite(df, sign, mag, mode)
            if ftz and form.dst == 'f32' and bits & 0x7fffffff:
                # NVIDIA.md ".ftz": IEEE tininess after rounding; but "On an
                # sm_1x device, every .ftz result is flushed when it is
                # subnormal after rounding into the format".
                tiny = (bits & 0x7f800000 == 0 if env.sm1x
                        else tiny_after_rounding(mag, df, mode, sign))
                if tiny:
                    bits = df.encode(sign, 0)
    return finish_scalar(form, df, bits)


def nan_result(form, sf, df, a):
    """The NaN a float-to-float cvt gives (NVIDIA.md "cvt: NaNs, moves and
    .ftz", "NaN results"); `.sat` later turns it into +0.0."""
    if form.dst == 'tf32':
        return TF32_NAN
    if form.src == 'f64' and form.dst in ('f32', 'f16', 'bf16'):
        return quiet_payload(sf, df, a)
    if form.dst in ('f16', 'bf16'):
        return HALF_NAN
    if form.dst == 'f32':
        return F32_NAN
    # .f64 destination: the source NaN with its quiet bit set.
    if form.src == 'f64':
        return a | (1 << 51)
    return quiet_payload(sf, df, a)


def finish_scalar(form, df, bits):
    """.sat, .relu, .satfinite (for infinities and NaNs), .pzo, in that
    order; each quoted at its function."""
    kind, sign, mag = df.decode(bits)
    if form.satfinite and kind == 'inf':
        # ".satfinite: [...] If the absolute value of input (ignoring sign) is
        # greater than MAX_NORM [...] the result is sign-preserved MAX_NORM"
        bits = df.encode(sign, df.max_code)
    if form.sat:
        bits = saturate(df, bits)
    if form.relu:
        bits = relu(df, bits, TF32_NAN if form.dst == 'tf32' else HALF_NAN)
    if form.pzo and bits == df.encode(1, 0):
        bits = 0
    return bits


def cvt_tf32_rna(form, a, env=DEFAULT_ENV):
    """cvt.rna{.satfinite}.tf32.f32: ".rna rounding to nearest, with ties away
    from zero".  NaN (open in the ISA): NVIDIA.md "cvt: NaNs, moves and .ftz"
    -- the source with its 13 low bits cleared (tf32_rna_nan_truncated), and
    with .satfinite one tf32 ulp (0x2000) subtracted from every result whose
    exponent field is all ones (tf32_rna_satfinite_steps_down): +-inf becomes
    +-MAX_NORM as the ISA says, a NaN its payload one lower."""
    f32 = FMT['f32']
    tf = FMT['tf32']
    kind, sign, mag = f32.decode(a)
    if kind == 'nan' and not env.hw:
        # The ISA: ".satfinite: For [...] .tf32 destination formats, if the
        # input value is NaN, then the result is NaN"; the pattern is open.
        t = a & ~0x1fff & 0xffffffff
        return t if t & 0x7fffe000 != 0x7f800000 else TF32_NAN
    if kind == 'nan' or kind == 'inf':
        bits = a & ~0x1fff & 0xffffffff
    else:
        bits = round_finite(tf, sign, mag, 'rna')
    if form.satfinite and (bits >> 23) & 0xff == 0xff:
        bits -= 0x2000
    return bits


# ---------------------------------------------------------------------------
# Packed and narrow formats
# ---------------------------------------------------------------------------

def narrow_nan(fname):
    """NaN result into a narrow format.  cvt ".satfinite: For [...] .e4m3x2,
    .e5m2x2, .ue5m3x2 [...] if the input value is NaN, then the result is NaN
    in the specified destination format. For .e2m1x2, .e2m3x2, .e3m2x2 [...]
    NaN results are converted to positive MAX_NORM."  The FP8 pattern is
    f8_nan = 0x7f (NVIDIA.md "cvt: integers, integral values, tf32 and fp8");
    ue5m3's only NaN is 0xff (5.2.3)."""
    f = FMT[fname]
    if fname in ('e4m3', 'e5m2'):
        return F8_NAN
    if fname == 'ue5m3':
        return UE5M3_NAN
    return f.max_code


def ue8m0_value(k):
    """A UE8M0 scale code: 2^(k-127); 0xff is NaN (5.2.3 "ue8m0 [...] 8 bits
    for exponent and 0 bits for mantissa [...] NaN value is limited to
    0xff"; bias 127 as for `.ue8m0x2`, NVIDIA.md "cvt: ue8m0x2")."""
    return None if k == 0xff else Fraction(2) ** (k - 127)


def to_narrow(form, df_name, lane_kind, sign, mag, scale):
    """One lane into .e4m3/.e5m2/.e2m3/.e3m2/.e2m1/.ue5m3.

    cvt semantics: "d[15:8] = convert(a / scale-factor[7:0]); // scale-factor
    if present".  ".scaled::n1::ue8m0: [...] subnormal values for inputs a and
    b are flushed to zero before conversion" (to a zero of the input's sign,
    and a NaN scale 0xff gives a NaN result: NVIDIA.md "cvt: scaled::n1 into
    fp8/fp6/fp4", open).  ".satfinite [...] If the absolute value of input
    (ignoring sign) is greater than MAX_NORM of the specified destination
    format, then the result is sign-preserved MAX_NORM of the destination
    format and a positive MAX_NORM in [...] .ue5m3x2 for which the
    destination sign is not supported."  .ue5m3: a negative input converts as
    its magnitude; without .satfinite a result past MAX_NORM (or infinity)
    is 0xff (NVIDIA.md "cvt: ue5m3x2", open).  ".relu [...] clamps the result
    to 0 if negative. NaN results are converted to canonical NaN"; ".pzo
    [...] if the result of the conversion produces -0.0, it will be forced to
    +0.0"."""
    df = FMT[df_name]
    if lane_kind == 'nan' or (scale is not None and scale[0] is None):
        return narrow_nan(df_name)
    if scale is not None and lane_kind == 'num':
        mag = mag / scale[0]
    if not df.signed:
        sign = 0  # "the destination sign is not supported"
    if lane_kind == 'inf' or (form.satfinite and mag > df.max_value):
        if form.satfinite:
            code = df.encode(sign, df.max_code)
        elif df.special == 'ieee':
            code = df.encode(sign, df.inf_code())
        else:
            code = narrow_nan(df_name)  # .ue5m3 without .satfinite: 0xff
    else:
        c = round_to_format(sign, mag, df, form.rnd)
        if c != OVERFLOW:
            code = df.encode(sign, c)
        elif df.special == 'ieee':
            code = df.encode(sign, ieee_overflow_code(df, sign, form.rnd))
        else:
            code = narrow_nan(df_name)  # .ue5m3 without .satfinite: 0xff
    if form.relu:
        k, s, _ = df.decode(code)
        if k == 'nan':
            code = narrow_nan(df_name)
        elif s:
            code = 0
    if form.pzo and df.signed and code == df.sign_bit:
        code = 0
    return code


def from_narrow(form, dst_half, sf_name, code, scale_code):
    """One lane from a narrow format into .f16 or .bf16.  cvt: "Each 8-bit
    [4-bit] input value in operand a is converted to .f16/.bf16 type";
    ".bf16x2 [...] Inputs are converted to destination type and then
    multiplied by scale-factor" ("d[31:16] = convert(a[15:8]) *
    scale-factor[15:8]").  The product is rounded once by .rn into .bf16
    (subnormal results kept: NVIDIA.md cvt_scaled_bf16_subnormals, open);
    ".satfinite" gives MAX_NORM for magnitudes beyond it; NaN codes (E4M3
    S.1111.111, E5M2 NaNs, UE5M3 0xff) and a NaN scale give 0x7fff (NVIDIA.md
    half_nan; the NaN scale open); ".relu" clears negatives (-0.0 too)."""
    sf, df = FMT[sf_name], FMT[dst_half]
    kind, sign, mag = sf.decode(code)
    scale = ue8m0_value(scale_code)
    if kind == 'nan' or scale is None:
        bits = HALF_NAN
    elif kind == 'inf':
        bits = df.encode(sign, df.max_code if form.satfinite else df.inf_code())
    else:
        v = mag * scale
        if form.satfinite and v > df.max_value:
            bits = df.encode(sign, df.max_code)
        else:
            bits = round_finite(df, sign, v, 'rn')
    if form.relu:
        bits = relu(df, bits, HALF_NAN)
    return bits


def lane(bits, i, slot):
    return (bits >> (i * slot)) & ((1 << slot) - 1)


def cvt_packed(form, ops):
    """Conversions with a packed type.

    cvt: "For .f16x2 and .bf16x2 instruction type, two inputs a and b of .f32
    type are converted into .f16 or .bf16 type and the converted values are
    packed in the destination register d, such that the value converted from
    input a is stored in the upper half of d and the value converted from
    input b is stored in the lower half of d".  The narrow formats likewise:
    "the value converted from input a is stored in the upper 8 bits of d",
    from an .f16x2/.bf16x2 source "the value converted from the upper 16 bits
    of input a is stored in the upper 8 bits of d"; .e2m1x2 "upper 4 bits";
    .e2m3x2/.e3m2x2 "with 2 MSB bits padded with zeros".  Back: "the value
    converted from the upper 8 bits of a is stored in the upper 16 bits of
    d"; from .e2m3x2/.e3m2x2 "Each 8-bit input value with 2 MSB bits 0"
    (the low 6 bits of each byte are read, NVIDIA.md)."""
    dst, src = form.dst, form.src
    if dst in ('f16x2', 'bf16x2') and src == 'f32':
        half = PACKED[dst][0]
        sub = Form('cvt.' + '.'.join(form.mods) + '.' + half + '.f32')
        sub.env = getattr(form, 'env', DEFAULT_ENV)
        hi = cvt_float_float(sub, ops[0])
        lo = cvt_float_float(sub, ops[1])
        return (hi << 16) | lo
    if dst in PACKED and src in ('f32', 'f16x2', 'bf16x2'):
        df_name, _, slot = PACKED[dst]
        if src == 'f32':
            lanes_in = [(FMT['f32'], ops[0]), (FMT['f32'], ops[1])]
        else:
            hf = FMT[PACKED[src][0]]
            lanes_in = [(hf, lane(ops[0], 1, 16)), (hf, lane(ops[0], 0, 16))]
        scale = None
        if form.n1:
            scale = (ue8m0_value(ops[-1] & 0xff),)
        out = []
        for sfmt, bits in lanes_in:
            kind, sign, mag = sfmt.decode(bits)
            if form.n1 and kind == 'num' and mag < sfmt.min_normal:
                mag = Fraction(0)
            out.append(to_narrow(form, df_name, kind, sign, mag, scale))
        return (out[0] << slot) | out[1]
    if src in PACKED and dst in ('f16x2', 'bf16x2'):
        sf_name, _, slot = PACKED[src]
        half = PACKED[dst][0]
        scales = ops[1] if form.n2 else 0x7f7f  # "assumed to be 0x7f7f"
        hi = from_narrow(form, half, sf_name, lane(ops[0], 1, slot) & 0x3f
                         if sf_name in ('e2m3', 'e3m2') else lane(ops[0], 1, slot),
                         (scales >> 8) & 0xff)
        lo = from_narrow(form, half, sf_name, lane(ops[0], 0, slot) & 0x3f
                         if sf_name in ('e2m3', 'e3m2') else lane(ops[0], 0, slot),
                         scales & 0xff)
        return (hi << 16) | lo
    raise ValueError('packed conversion not modelled: ' + form.text)


# ---------------------------------------------------------------------------
# Self-check: the model against Python's own conversions where they provably
# agree, and the rounding routine against a second one (a search over codes)
# ---------------------------------------------------------------------------

def _second_round(sign, mag, fmt, mode, codes):
    """A second rounding routine: `codes` lists (value, code) of every finite
    non-negative code of fmt, sorted; pick the neighbours of mag and choose by
    the mode.  Values past the largest finite give OVERFLOW when the mode
    (or the tie) would leave the finite range."""
    import bisect
    vals = [v for v, _ in codes]
    i = bisect.bisect_left(vals, mag)
    if i < len(vals) and vals[i] == mag:
        return codes[i][1]
    lo = codes[i - 1]
    if i == len(vals):
        # beyond the largest: the next grid step above max with the same quantum
        top = fmt.max_value
        step = top - vals[-2]
        if mag >= top + step:  # already beyond max on the unbounded grid
            return OVERFLOW
        hi = (top + step, OVERFLOW)
    else:
        hi = codes[i]
    toward_hi = {'rz': False, 'rm': bool(sign), 'rp': not sign}.get(mode)
    if toward_hi is None:
        d_lo, d_hi = mag - lo[0], hi[0] - mag
        if d_lo != d_hi:
            toward_hi = d_hi < d_lo
        elif mode == 'rna':
            toward_hi = True
        else:
            toward_hi = (lo[1] & 1) == 1 if hi[1] == OVERFLOW else (hi[1] & 1) == 0
    return hi[1] if toward_hi else lo[1]


def _bisect_round(sign, mag, fmt, mode):
    """Second routine for wide formats: binary search over the positive codes
    (value is monotone in the code) for the largest code not above mag."""
    lo, hi = 0, fmt.max_code
    if mag > fmt.max_value:
        below = fmt.max_code
    else:
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if fmt.code_value(mid) <= mag:
                lo = mid
            else:
                hi = mid - 1
        below = lo
    vb = fmt.code_value(below)
    if vb == mag:
        return below
    if below == fmt.max_code:
        va = vb + (vb - fmt.code_value(below - 1))
        if mag >= va:
            return OVERFLOW
        above = OVERFLOW
    else:
        above = below + 1
        va = fmt.code_value(above)
    toward_hi = {'rz': False, 'rm': bool(sign), 'rp': not sign}.get(mode)
    if toward_hi is None:
        if mag - vb != va - mag:
            toward_hi = va - mag < mag - vb
        elif mode == 'rna':
            toward_hi = True
        else:
            toward_hi = (below & 1) == 1
    return above if toward_hi else below


def selfcheck(n_random=4000, seed=5):
    import random
    rng = random.Random(seed)
    fails = []
    count = [0]

    def check(what, got, want):
        count[0] += 1
        if got != want:
            fails.append('%s: model %r, reference %r' % (what, got, want))

    def rand_f32():
        r = rng.random()
        if r < 0.3:
            return rng.getrandbits(32)
        e = rng.choice([0, 1, 2, 100, 112, 113, 126, 127, 128, 141, 142, 143, 150, 158, 190, 254])
        return (rng.getrandbits(1) << 31) | (e << 23) | rng.getrandbits(23)

    def rand_f64():
        if rng.random() < 0.3:
            return rng.getrandbits(64)
        e = rng.choice([0, 1, 896, 897, 880, 998, 999, 1000, 1022, 1023, 1024, 1038, 1039,
                        1040, 1075, 1086, 1150, 1151, 1152, 1200, 2046])
        return (rng.getrandbits(1) << 63) | (e << 52) | rng.getrandbits(52)

    def f32(bits):
        return struct.unpack('<f', struct.pack('<I', bits))[0]

    def f64(bits):
        return struct.unpack('<d', struct.pack('<Q', bits))[0]

    def pack(fmtc, x, w):
        try:
            return struct.unpack('<' + w, struct.pack('<' + fmtc, x))[0]
        except OverflowError:
            return None

    # 1. decode against struct for f16/f32/f64.
    for _ in range(n_random):
        b = rng.getrandbits(16)
        k, s, m = FMT['f16'].decode(b)
        x = struct.unpack('<e', struct.pack('<H', b))[0]
        if k == 'num':
            check('decode f16 %04x' % b, (-1) ** s * m, Fraction(x))
        b = rand_f32()
        k, s, m = FMT['f32'].decode(b)
        if k == 'num':
            check('decode f32 %08x' % b, (-1) ** s * m, Fraction(f32(b)))
    # 2. .rn narrowing against struct: f32->f16 and f64->f16 ('e' rounds a
    #    double to nearest even, once), f64->f32 ('f' is the C cast, rn).
    for _ in range(n_random):
        for src, gen in (('f32', rand_f32), ('f64', rand_f64)):
            b = gen()
            x = f32(b) if src == 'f32' else f64(b)
            if x != x:
                continue
            got = Form('cvt.rn.f16.' + src).eval(b)
            ref = pack('e', x, 'H')
            if ref is None:
                ref = 0xfc00 if x < 0 else 0x7c00
            check('cvt.rn.f16.%s %x' % (src, b), got, ref)
        b = rand_f64()
        x = f64(b)
        if x == x:
            ref = pack('f', x, 'I')
            if ref is None:
                ref = 0xff800000 if x < 0 else 0x7f800000
            check('cvt.rn.f32.f64 %x' % b, Form('cvt.rn.f32.f64').eval(b), ref)
    # 3. bf16 from f32 .rn against the binary32 bit idiom (finite results).
    for _ in range(n_random):
        u = rand_f32()
        if (u >> 23) & 0xff == 0xff:
            continue
        ref = (u + 0x7fff + ((u >> 16) & 1)) >> 16
        if (ref >> 7) & 0xff == 0xff:
            ref = (ref & 0x8000) | 0x7f80
        check('cvt.rn.bf16.f32 %08x' % u, Form('cvt.rn.bf16.f32').eval(u), ref & 0xffff)
    # 3b. Truncation and widening idioms: .rz into bf16 and tf32 is the
    #     binary32 pattern with its low bits cut, .rna into tf32 adds half a
    #     tf32 ulp first (finite results); f16 and f32 widen exactly (struct).
    for _ in range(n_random):
        u = rand_f32()
        if (u >> 23) & 0xff == 0xff:
            continue
        check('cvt.rz.bf16.f32 %08x' % u, Form('cvt.rz.bf16.f32').eval(u), u >> 16)
        check('cvt.rz.tf32.f32 %08x' % u, Form('cvt.rz.tf32.f32').eval(u), u & ~0x1fff)
        ref = (u + 0x1000) & ~0x1fff
        if (ref >> 23) & 0xff != 0xff:
            check('cvt.rna.tf32.f32 %08x' % u, Form('cvt.rna.tf32.f32').eval(u), ref)
        x = f32(u)
        check('cvt.f64.f32 %08x' % u, Form('cvt.f64.f32').eval(u),
              struct.unpack('<Q', struct.pack('<d', x))[0])
        for r, fn in (('rzi', math.trunc), ('rmi', math.floor), ('rpi', math.ceil), ('rni', round)):
            ref = struct.unpack('<I', struct.pack('<f', math.copysign(float(fn(x)), x)))[0]
            check('cvt.%s.f32.f32 %08x' % (r, u), Form('cvt.%s.f32.f32' % r).eval(u), ref)
        h = rng.getrandbits(16)
        y = struct.unpack('<e', struct.pack('<H', h))[0]
        if y == y:
            check('cvt.f32.f16 %04x' % h, Form('cvt.f32.f16').eval(h),
                  struct.unpack('<I', struct.pack('<f', y))[0])
    # 4. Integers to f64/f32/f16 .rn against Python's int -> float (correctly
    #    rounded, ties to even), and f32/f16 through struct when the int has at
    #    most 53 bits (then float(v) is exact and only one rounding happens).
    ints = [rng.getrandbits(rng.choice([8, 16, 24, 25, 32, 53, 54, 63, 64])) for _ in range(n_random)]
    for v in ints:
        for t in ('u64', 's64'):
            val = int_value(t, v)
            check('cvt.rn.f64.%s %x' % (t, v), Form('cvt.rn.f64.' + t).eval(v),
                  struct.unpack('<Q', struct.pack('<d', float(val)))[0])
            if abs(val) < (1 << 53):
                ref = pack('f', float(val), 'I')
                check('cvt.rn.f32.%s %x' % (t, v), Form('cvt.rn.f32.' + t).eval(v), ref)
                ref = pack('e', float(val), 'H')
                if ref is None:
                    ref = 0xfc00 if val < 0 else 0x7c00
                check('cvt.rn.f16.%s %x' % (t, v), Form('cvt.rn.f16.' + t).eval(v), ref)
    # 5. Float to integer against math.trunc/floor/ceil and round() (ties to
    #    even), clamped; integral values of .f64 likewise.
    fns = {'rzi': math.trunc, 'rmi': math.floor, 'rpi': math.ceil, 'rni': round}
    for _ in range(n_random):
        b = rand_f64()
        x = f64(b)
        for r, fn in fns.items():
            if x != x or math.isinf(x):
                continue
            n = fn(x)
            for t in ('s32', 'u64', 's8'):
                lo, hi = int_range(t)
                ref = min(max(n, lo), hi) & ((1 << INT_TYPES[t][0]) - 1)
                check('cvt.%s.%s.f64 %x' % (r, t, b), Form('cvt.%s.%s.f64' % (r, t)).eval(b), ref)
            ref = struct.unpack('<Q', struct.pack('<d', math.copysign(float(n), x)))[0]
            check('cvt.%s.f64.f64 %x' % (r, b), Form('cvt.%s.f64.f64' % r).eval(b), ref)
    # 6. Both rounding routines agree, every mode, on every small format (all
    #    codes listed) and on f16/bf16/tf32/f32 (search over codes).
    for name in ('e4m3', 'e5m2', 'e2m3', 'e3m2', 'e2m1', 'ue5m3', 'f16', 'bf16', 'tf32', 'f32'):
        fmt = FMT[name]
        small = fmt.width <= 8
        if small:
            codes = sorted((fmt.code_value(c), c) for c in range(fmt.max_code + 1))
        pool = [fmt.code_value(c) for c in range(min(fmt.max_code + 1, 300))]
        for _ in range(n_random // 4):
            c = rng.randrange(fmt.max_code + 1)
            v = fmt.code_value(c)
            w = fmt.code_value(c + 1) if c < fmt.max_code else v * 2
            pick = rng.random()
            if pick < 0.3:
                x = (v + w) / 2
            elif pick < 0.6:
                x = v + (w - v) * Fraction(rng.randrange(1, 1000), 1000)
            elif pick < 0.8:
                x = rng.choice(pool) + (w - v) * Fraction(rng.randrange(0, 3), 4)
            else:
                x = fmt.max_value * Fraction(rng.randrange(900, 1200), 1000)
            for mode in ('rn', 'rna', 'rz', 'rm', 'rp'):
                for sign in (0, 1):
                    a = round_to_format(sign, x, fmt, mode)
                    b2 = _second_round(sign, x, fmt, mode, codes) if small else _bisect_round(sign, x, fmt, mode)
                    check('round %s %s %s %s' % (name, mode, sign, x), a, b2)
    # 7. Hand cases: the ISA's words, and the readings NVIDIA.md records.
    hand = [
        ('cvt.rni.s32.f32', [0x3fc00000], 2),          # 1.5 -> 2 (ties to even)
        ('cvt.rni.s32.f32', [0x40200000], 2),          # 2.5 -> 2
        ('cvt.rzi.u16.f64', [0x7ff8000000000000], 0x8000),  # NaN, .f64 source
        ('cvt.rzi.u16.f32', [0x7fc00000], 0),          # NaN, not .f64, not 64-bit
        ('cvt.rzi.s64.f32', [0x7fc00000], 1 << 63),    # NaN, 64-bit destination
        ('cvt.rzi.u64.f16', [0x7e00], 1 << 63),
        ('cvt.rmi.s32.f32', [0x80000001], 0xffffffff),  # -tiny -> -1
        ('cvt.rmi.ftz.s32.f32', [0x80000001], 0),      # flushed first
        ('cvt.rpi.u8.f32', [0x7f800000], 0xff),        # +inf clamps
        ('cvt.rzi.s8.f32', [0xc3010000], 0x80),        # -129 clamps to -128
        ('cvt.rn.f32.f64', [0x7ff4000000000000], 0x7fe00000),  # NVIDIA.md
        ('cvt.rn.f16.f64', [0x7ff4000000000000], 0x7f00),
        ('cvt.rn.bf16.f64', [0x7ff4000000000000], 0x7fe0),
        ('cvt.rz.f32.f64', [0x7ff2f672a427af0c], 0x7fd7b395),
        ('cvt.rm.f16.f64', [0x7ff2f672a427af0c], 0x7ebd),
        ('cvt.rp.bf16.f64', [0x7ff2f672a427af0c], 0x7fd7),
        ('cvt.rn.ftz.f32.f64', [0xfff8000000000001], 0xffc00000),
        ('cvt.rn.f16.f64', [0xfff8000000000001], 0xfe00),
        ('cvt.f64.f32', [0xffc00001], 0xfff8000020000000),
        ('cvt.ftz.f64.f32', [0xffc00001], 0x7fffffffe0000000),
        ('cvt.f32.f32', [0x7fa7af0c], 0x7fa7af0c),
        ('cvt.f64.f64', [0xfff0000000000001], 0xfff0000000000001),
        ('cvt.f32.bf16', [0x7fa0], 0x7fa00000),
        ('cvt.ftz.f32.bf16', [0x7fa0], 0x7fffffff),
        ('cvt.ftz.f32.bf16', [0x8001], 0x80000000),
        ('cvt.rna.tf32.f32', [0x7fa7af0c], 0x7fa7a000),
        ('cvt.rna.tf32.f32', [0x7fd51e4e], 0x7fd50000),
        ('cvt.rna.tf32.f32', [0x7f800001], 0x7f800000),
        ('cvt.rna.satfinite.tf32.f32', [0x7fe00000], 0x7fdfe000),
        ('cvt.rna.satfinite.tf32.f32', [0x7fffffff], 0x7fffc000),
        ('cvt.rna.satfinite.tf32.f32', [0x7f800000], 0x7f7fe000),
        ('cvt.rna.tf32.f32', [0x3f801000], 0x3f802000),  # tie away
        ('cvt.rn.tf32.f32', [0x3f801000], 0x3f800000),   # tie to even
        ('cvt.rn.tf32.f32', [0x7fa7af0c], 0x7fffe000),
        ('cvt.rm.ftz.f16.f32', [0x80600000], 0x8001),  # source not flushed
        ('cvt.rm.ftz.f16.f32', [0x80000001], 0x8001),
        ('cvt.rp.ftz.f16.f32', [0x00400001], 0x0001),
        ('cvt.rm.ftz.bf16.f32', [0x80000001], 0x8000),  # source flushed
        ('cvt.rn.ftz.f32.f64', [0x380fffffe0000000], 0x00000000),  # 2^-126(1-2^-24): tiny
        ('cvt.rn.ftz.f32.f64', [0x380ffffff0000000], 0x00800000),  # rounds to 2^-126
        ('cvt.rn.f32.f64', [0x380fffffe0000000], 0x00800000),
        ('cvt.rn.satfinite.e4m3x2.f32', [0x43e80000, 0x43e80001], 0x7e7e),  # 464, just above
        ('cvt.rn.satfinite.e4m3x2.f32', [0x7fc00000, 0xff800000], 0x7ffe),
        ('cvt.rn.satfinite.e5m2x2.f32', [0x7f800000, 0x477fe000], 0x7b7b),
        ('cvt.rn.satfinite.e2m1x2.f32', [0x7fc00000, 0xc0c00000], 0x7f),    # NaN->+6, -6
        ('cvt.rn.satfinite.e2m3x2.f32', [0x3f800000, 0x40000000], 0x0810),
        ('cvt.rn.satfinite.relu.e4m3x2.f32', [0x80000000, 0xbf800000], 0x0000),
        ('cvt.rn.satfinite.e4m3x2.f32', [0x80000000, 0x3f800000], 0x8038),
        ('cvt.rn.satfinite.pzo.e4m3x2.f32', [0x80000001, 0x3f800000], 0x0038),
        ('cvt.rn.f16x2.e4m3x2', [0x7f38], 0x7fff3c00),
        ('cvt.rn.f16x2.e5m2x2', [0x7c3c], 0x7c003c00),
        ('cvt.rn.relu.f16x2.e2m1x2', [0xf2], 0x00003c00),  # -6 -> 0, 1
        ('cvt.rn.f16x2.f32', [0x3f800000, 0x40000000], 0x3c004000),  # a upper
        ('cvt.rn.ue5m3x2.f32', [0x3f800000, 0x40000000], 0x7880),
        ('cvt.rn.ue5m3x2.f32', [0xbf800000, 0x7fc00000], 0x78ff),
        ('cvt.rn.satfinite.ue5m3x2.f32', [0x47e80000, 0x7f800000], 0xfefe),
        ('cvt.rn.satfinite.scaled::n1::ue8m0.e4m3x2.f32', [0x41000000, 0x40800000, 0x82], 0x3830),
        ('cvt.rn.scaled::n2::ue8m0.bf16x2.e4m3x2', [0x3838, 0x7f80], 0x3f804000),  # upper x1, lower x2
        ('cvt.rn.f32.s32', [0x80000000], 0xcf000000),
        ('cvt.u16.u8', [0xff], 0x00ff),
        ('cvt.s16.s8', [0xff], 0xffff),
        ('cvt.sat.u8.s32', [0xffffff00], 0),
        ('cvt.sat.s8.u8', [0xff], 0x7f),
        ('cvt.u8.s32', [0x1234], 0x34),
        ('cvt.sat.f32.f32', [0xbf800000], 0),
        ('cvt.sat.f16.f16', [0x7e00], 0),
        ('cvt.sat.f16.f16', [0x8000], 0),
        ('cvt.rn.relu.f16.f32', [0x80000000], 0),
        ('cvt.rn.relu.f16.f32', [0xffc00000], 0x7fff),
        ('cvt.rn.pzo.bf16.f32', [0x80000001], 0x0000),
        ('cvt.rn.bf16.f32', [0x80000001], 0x8000),
        ('cvt.rn.satfinite.f16.f32', [0xff800000], 0xfbff),
        ('cvt.rz.f16.f32', [0x7f7fffff], 0x7bff),
        ('cvt.rm.f16.f32', [0x7f7fffff], 0x7bff),
        ('cvt.rm.f16.f32', [0xff7fffff], 0xfc00),
        ('cvt.rni.f32.f32', [0xbf000000], 0x80000000),  # -0.5 -> -0
        ('cvt.rpi.f32.f32', [0xbe800000], 0x80000000),  # -0.25 -> -0
        ('cvt.rni.f32.f32', [0x7fa00000], 0x7fffffff),
        ('cvt.rni.f64.f64', [0x7ff0000000000001], 0x7ff8000000000001),
    ]
    for form, ops, want in hand:
        check(form + ' ' + ' '.join('%x' % o for o in ops), Form(form).eval(*ops), want)
    return count[0], fails


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def in_scope(form_text):
    if form_text.startswith('cvt.pack.') or form_text.startswith('cvt.rs.'):
        return False
    return not any(m in form_text for m in EXCLUDED_MARKS)


def main(argv):
    if not argv or argv[0] in ('-h', '--help'):
        print(__doc__)
        return 0
    if argv[0] == 'eval':
        args = list(argv[1:])
        target, ptx, hw = 'sm_107a', '9.4', True
        while args and args[0].startswith('--'):
            opt = args.pop(0)
            if opt == '--target':
                target = args.pop(0)
            elif opt == '--ptx':
                ptx = args.pop(0)
            elif opt == '--isa-strict':
                hw = False
        sm, ver = parse_setup(target, ptx)
        f = Form(args[0])
        ops = [int(x, 16) for x in args[1:]]
        r = f.eval(*ops, env=Env(sm, ver, hw=hw))
        print('%0*x' % ((reg_bits(f.result_type()) + 3) // 4, r))
        return 0
    if argv[0] == 'selfcheck':
        n, fails = selfcheck()
        for f in fails[:40]:
            print('FAIL', f)
        print('%d checks, %d failed' % (n, len(fails)))
        return 1 if fails else 0
    if argv[0] == 'forms':
        import subprocess
        out = subprocess.run(argv[1:] or ['target/release/ptxfp', 'forms', '--family', 'cvt'],
                             capture_output=True, text=True).stdout
        for line in out.splitlines():
            f = line.split()[0]
            if in_scope(f):
                Form(f)
                print(f)
        return 0
    print('unknown command', file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
