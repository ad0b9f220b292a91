#!/usr/bin/env python3
"""cmpmodel: an independent model of PTX's comparison and selection family.

`set`, `setp`, `selp`, `slct` and `testp` (ptxfp's family `compare`), written
from the PTX ISA text alone, never from ptxfp's sources or tests. Python 3.9+,
standard library only.

Sources (PTX ISA 9.1 as published at docs.nvidia.com/cuda/parallel-thread-execution;
section numbers are 9.1's):

- 9.3.1.1 "Integer and Bit-Size Comparisons" and its table "Operators for
  Signed Integer, Unsigned Integer, and Bit-Size Types";
- 9.3.1.2 "Floating Point Comparisons" and its tables "Floating-Point
  Comparison Operators", "... Accepting NaN", "... Testing for NaN";
- 9.7.6 "Comparison and Selection Instructions" (overview), 9.7.6.1 `set`,
  9.7.6.2 `setp`, 9.7.6.3 `selp`, 9.7.6.4 `slct`;
- 9.7.7 "Half Precision Comparison Instructions": 9.7.7.1 `set`, 9.7.7.2 `setp`;
- 9.7.3.1 `testp`.

(The task brief numbers the half-precision comparisons 9.7.4; in PTX ISA 9.1 they are 9.7.7.)

Where the model follows docs/NVIDIA.md rather than the ISA text, the place says so:

- the form list leaves out what the JIT refuses (docs/NVIDIA.md "What the JIT
  refuses"): ordering comparisons on `.bN`, `lo ls hi hs` on signed types,
  `set.*.f32.{f16,bf16}`, `set.*.f16.bf16`; `lt le gt ge` on unsigned types stay
  and compare unsigned (9.7.6.1 Integer Notes: "For unsigned values, the
  comparison operators lo, ls, hi, and hs ... may be used instead of lt, le,
  gt, ge, respectively", so the two spellings mean the same);
- `testp.normal` of +-0 is true: the ISA 9.1 text says so itself (9.7.3.1: "As
  a special case, positive and negative zero are considered normal numbers."),
  and docs/NVIDIA.md `testp_zero_is_normal` records the same from an H200;
- `set.CmpOp.{u8x4,s8x4,u16x2,s16x2}` (PTX ISA 9.4, sm_107f): I had no text of
  PTX ISA 9.4 to read. The lane rule is taken from 9.7.7.1's packed semantics
  ("d[i] = BoolOp(t[i], c) ? 0xffff : 0", each lane compared on its own) with a
  lane's all-ones mask (0xff for 8-bit lanes), the signedness from the type
  name, and the comparison spellings of 9.3.1.1; docs/INSTRUCTIONS.md
  describes the same ("lanes compared, 0xff/0xffff masks").

Run: `python3 cmpmodel.py selfcheck`, `python3 cmpmodel.py eval [--target sm_XY] FORM OPS...`,
`python3 cmpmodel.py forms` (FORM PTX TARGET, like `ptxfp forms --family compare`).
"""

import sys
from fractions import Fraction

# ----------------------------------------------------------------------------
# Types

# Floating formats: (exponent bits, fraction bits).
FLOAT_FMT = {
    "f16": (5, 10),
    "bf16": (8, 7),
    "f32": (8, 23),
    "f64": (11, 52),
}
INT_TYPES = {
    "b16": ("b", 16), "b32": ("b", 32), "b64": ("b", 64),
    "u16": ("u", 16), "u32": ("u", 32), "u64": ("u", 64),
    "s16": ("s", 16), "s32": ("s", 32), "s64": ("s", 64),
}
# Packed types: (lane type, lanes).
PACKED = {
    "f16x2": ("f16", 2), "bf16x2": ("bf16", 2),
    "u8x4": ("u8", 4), "s8x4": ("s8", 4), "u16x2": ("u16", 2), "s16x2": ("s16", 2),
}
SCALAR_11 = ["b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64", "f32", "f64"]


def width(t):
    """Register width in bits of a type."""
    if t in FLOAT_FMT:
        e, m = FLOAT_FMT[t]
        return 1 + e + m
    if t in INT_TYPES:
        return INT_TYPES[t][1]
    if t in PACKED:
        return 32
    if t in ("u8", "s8"):
        return 8
    if t == "pred":
        return 1
    raise ValueError(t)


def kind(t):
    """'f' for floating, 'u'/'s'/'b' for integer and bit-size types."""
    if t in FLOAT_FMT:
        return "f"
    if t in INT_TYPES:
        return INT_TYPES[t][0]
    if t in ("u8", "s8"):
        return t[0]
    raise ValueError(t)


# ----------------------------------------------------------------------------
# Floating-point values, from the bit layout (IEEE 754 binary formats).

def fclass(bits, t):
    """Classify a floating bit pattern: (cls, sign) with cls in
    'zero', 'subnormal', 'normal', 'inf', 'nan'."""
    e, m = FLOAT_FMT[t]
    sign = (bits >> (e + m)) & 1
    exp = (bits >> m) & ((1 << e) - 1)
    frac = bits & ((1 << m) - 1)
    if exp == (1 << e) - 1:
        return ("nan" if frac else "inf"), sign
    if exp == 0:
        return ("subnormal" if frac else "zero"), sign
    return "normal", sign


def fvalue(bits, t):
    """Exact value of a non-NaN pattern: a Fraction, or +-inf as the strings
    '+inf'/'-inf'. NaN gives None."""
    e, m = FLOAT_FMT[t]
    cls, sign = fclass(bits, t)
    if cls == "nan":
        return None
    if cls == "inf":
        return "-inf" if sign else "+inf"
    exp = (bits >> m) & ((1 << e) - 1)
    frac = bits & ((1 << m) - 1)
    bias = (1 << (e - 1)) - 1
    if exp == 0:
        v = Fraction(frac, 1 << m) * Fraction(2) ** (1 - bias)
    else:
        v = (1 + Fraction(frac, 1 << m)) * Fraction(2) ** (exp - bias)
    return -v if sign else v


def flush(bits, t):
    """`.ftz`: "flushes subnormal inputs to sign-preserving zero"
    (9.7.6.1/9.7.6.2 Subnormal numbers, 9.7.7.1, 9.7.7.2)."""
    cls, sign = fclass(bits, t)
    if cls == "subnormal":
        return sign << (width(t) - 1)
    return bits


def _order_key(v):
    """Total order on non-NaN values (Fractions and '+inf'/'-inf'); -0 and +0
    are one value (Fraction(0)), as IEEE 754 compares them equal."""
    if v == "-inf":
        return (0, 0)
    if v == "+inf":
        return (2, 0)
    return (1, v)


# ----------------------------------------------------------------------------
# Comparison operators.

CMP_SIGNED = ["eq", "ne", "lt", "le", "gt", "ge"]
CMP_UNSIGNED = ["eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs"]
CMP_BIT = ["eq", "ne"]
CMP_FLOAT = ["eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"]


def cmp_ints(op, a, b):
    """9.3.1.1, Table "Operators for Signed Integer, Unsigned Integer, and
    Bit-Size Types":

        a == b : eq eq eq;  a != b : ne ne ne;  a < b : lt lo n/a;
        a <= b : le ls n/a;  a > b : gt hi n/a;  a >= b : ge hs n/a

    `a`, `b` are Python ints already read as signed or unsigned."""
    return {
        "eq": a == b, "ne": a != b,
        "lt": a < b, "lo": a < b,
        "le": a <= b, "ls": a <= b,
        "gt": a > b, "hi": a > b,
        "ge": a >= b, "hs": a >= b,
    }[op]


def int_value(bits, t):
    """An integer operand read as its type: `.sN` two's complement, `.uN` and
    `.bN` unsigned (bit-size types only take eq/ne, where either reading gives
    the same answer)."""
    w = width(t)
    bits &= (1 << w) - 1
    if kind(t) == "s" and bits >> (w - 1):
        return bits - (1 << w)
    return bits


def cmp_floats(op, a, b, t):
    """9.3.1.2, Table "Floating-Point Comparison Operators":
        "a == b && !isNaN(a) && !isNaN(b)"  eq  (likewise ne lt le gt ge);
    "If either operand is NaN, the result is False."
    Table "Floating-Point Comparison Operators Accepting NaN":
        "a == b || isNaN(a) || isNaN(b)"  equ  (likewise neu ltu leu gtu geu);
    Table "... Testing for NaN":
        "!isNaN(a) && !isNaN(b)" num;  "isNaN(a) || isNaN(b)" nan.
    `a`, `b` are bit patterns of type `t` (after any flushing)."""
    va, vb = fvalue(a, t), fvalue(b, t)
    unordered = va is None or vb is None
    if op == "num":
        return not unordered
    if op == "nan":
        return unordered
    unordered_op = op in ("equ", "neu", "ltu", "leu", "gtu", "geu")
    base = op[:-1] if unordered_op else op
    if unordered:
        # ordered ops: False; unordered (equ ... geu): True
        return unordered_op
    ka, kb = _order_key(va), _order_key(vb)
    return {
        "eq": ka == kb, "ne": ka != kb, "lt": ka < kb,
        "le": ka <= kb, "gt": ka > kb, "ge": ka >= kb,
    }[base]


def compare(op, a, b, t, ftz=False):
    """`t = (a CmpOp b) ? 1 : 0` on operands of type `t`, with `.ftz` flushing
    floating inputs first."""
    if kind(t) == "f":
        if ftz:
            a, b = flush(a, t), flush(b, t)
        return cmp_floats(op, a, b, t)
    return cmp_ints(op, int_value(a, t), int_value(b, t))


def boolop(op, t, c):
    """`BoolOp(t, c)` with `.BoolOp = { and, or, xor }`; without a BoolOp the
    result is `t` itself. `c` arrives with any `!` already applied (the
    operand `{!}c`)."""
    if op is None:
        return t
    return {"and": t and c, "or": t or c, "xor": t != c}[op]


# ----------------------------------------------------------------------------
# Forms

class Form:
    """One instruction form, parsed from its text (e.g. `set.lt.and.ftz.u32.f16x2`)."""

    def __init__(self, text):
        self.text = text
        parts = text.split(".")
        self.op = parts[0]
        self.cmp = None
        self.bool = None
        self.ftz = False
        self.dtype = None
        self.stype = None
        self.test = None
        rest = parts[1:]
        if self.op in ("set", "setp"):
            self.cmp = rest.pop(0)
            if rest and rest[0] in ("and", "or", "xor"):
                self.bool = rest.pop(0)
            if rest and rest[0] == "ftz":
                self.ftz = True
                rest.pop(0)
            if self.op == "setp":
                (self.stype,) = rest
            elif len(rest) == 1:  # set.CmpOp.{u8x4,s8x4,u16x2,s16x2}
                (self.stype,) = rest
                self.dtype = self.stype
            else:
                self.dtype, self.stype = rest
        elif self.op == "selp":
            (self.dtype,) = rest
        elif self.op == "slct":
            if rest and rest[0] == "ftz":
                self.ftz = True
                rest.pop(0)
            self.dtype, self.stype = rest
        elif self.op == "testp":
            self.test, self.stype = rest
        else:
            raise ValueError("not a compare-family form: " + text)

    def operand_types(self):
        """Types of the source operands, in order."""
        if self.op in ("set", "setp"):
            src = [self.stype, self.stype]
            return src + (["pred"] if self.bool else [])
        if self.op == "selp":
            return [self.dtype, self.dtype, "pred"]
        if self.op == "slct":
            return [self.dtype, self.dtype, self.stype]
        if self.op == "testp":
            return [self.stype]
        raise AssertionError

    def result_types(self):
        """Types of the results `ptxfp verify` reads: setp writes p and q
        (on .f16x2/.bf16x2 the two lanes' results; scalar, `q = BoolOp(!t,
        c)`, which `verify` reads as an optional last field)."""
        if self.op == "setp":
            return ["pred", "pred"]
        if self.op == "testp":
            return ["pred"]
        if self.op == "set":
            return [self.dtype]
        return [self.dtype]


def is_sm1x(target):
    """sm_10 .. sm_13."""
    t = target.split("_")[1].rstrip("af")
    return int(t) < 20


def _sm1x_flush_f32(form, target):
    """9.7.6 overview: "the set, setp, and slct instructions support subnormal
    numbers for sm_20 and higher targets and flush single-precision subnormal
    inputs to sign-preserving zero for sm_1x targets." 9.7.6.1: "sm_1x:
    set.dtype.f64 supports subnormal numbers. set.dtype.f32 flushes subnormal
    inputs to sign-preserving zero." (setp and slct: the same words.)"""
    return target is not None and is_sm1x(target)


def op_setp(form, a, b, c=0, target=None):
    """9.7.6.2 `setp` (and 9.7.7.2 on the half types).

    "Compares two values and combines the result with another predicate value
    by applying a Boolean operator. This result is written to the first
    destination operand. A related value computed using the complement of the
    compare result is written to the second destination operand."

        t = (a CmpOp b) ? 1 : 0;
        p = BoolOp(t, c);
        q = BoolOp(!t, c);

    9.7.7.2 for `.f16x2`/`.bf16x2`:

        fA[0] = a[0:15]; fA[1] = a[16:31]; fB[0] = b[0:15]; fB[1] = b[16:31];
        t[0] = (fA[0] CmpOp fB[0]) ? 1 : 0;
        t[1] = (fA[1] CmpOp fB[1]) ? 1 : 0;
        p = BoolOp(t[0], c);
        q = BoolOp(t[1], c);

    "setp.ftz.{f16,f16x2} flushes subnormal inputs to sign-preserving zero";
    "setp.ftz.dtype.f32 flushes subnormal inputs to sign-preserving zero"
    (Modifier .ftz applies only to .f32 comparisons).

    Returns (p, q) as ints 0/1."""
    t = form.stype
    if t in ("f16x2", "bf16x2"):
        lane = PACKED[t][0]
        t0 = compare(form.cmp, a & 0xFFFF, b & 0xFFFF, lane, form.ftz)
        t1 = compare(form.cmp, a >> 16, b >> 16, lane, form.ftz)
        return int(boolop(form.bool, t0, bool(c))), int(boolop(form.bool, t1, bool(c)))
    ftz = form.ftz or (t == "f32" and _sm1x_flush_f32(form, target))
    r = compare(form.cmp, a, b, t, ftz)
    return int(boolop(form.bool, r, bool(c))), int(boolop(form.bool, not r, bool(c)))


ONE = {"f32": 0x3F800000, "f16": 0x3C00, "bf16": 0x3F80}


def true_value(dtype):
    """The value `set` writes for True.

    9.7.6.1: "If this result is True, 1.0f is written for floating-point
    destination types, and 0xffffffff is written for integer destination
    types. Otherwise, 0x00000000 is written."
    9.7.7.1: "0xffffffff is written for destination types .u32/.s32. 0xffff
    is written for destination types .u16/.s16. 1.0 in target precision
    floating point format is written for destination type .f16, .bf16." and
    "0x0 is written for all integer destination types. 0.0 in target
    precision floating point format ..." (0.0 is the all-zero pattern)."""
    if dtype in ONE:
        return ONE[dtype]
    return (1 << width(dtype)) - 1


def op_set(form, a, b, c=0, target=None):
    """9.7.6.1 `set` and 9.7.7.1 `set` on the half types.

    9.7.6.1:
        t = (a CmpOp b) ? 1 : 0;
        if (isFloat(dtype)) d = BoolOp(t, c) ? 1.0f : 0x00000000;
        else                d = BoolOp(t, c) ? 0xffffffff : 0x00000000;

    9.7.7.1 (packed sources):
        t[0] = (fA[0] CmpOp fB[0]) ? 1 : 0;  t[1] = (fA[1] CmpOp fB[1]) ? 1 : 0;
        if (dtype == .f16x2 || stype == .bf16x2) { d[i] = BoolOp(t[i], c) ? 1.0 : 0.0; }
        else { d[i] = BoolOp(t[i], c) ? 0xffff : 0; }
    (scalar half sources or destinations):
        } else if (dtype == .f16 || stype == .bf16) { d = BoolOp(t, c) ? 1.0 : 0.0; }
        else { trueVal = (isU16(dtype) || isS16(dtype)) ? 0xffff : 0xffffffff;
               d = BoolOp(t, c) ? trueVal : 0; }

    Read `stype == .bf16x2` and `stype == .bf16` in those two tests as
    `dtype == .bf16x2` / `dtype == .bf16`: read literally they would write
    "1.0" into `.u32`/`.s32` destinations of `.bf16x2`/`.bf16` sources, against
    the Description ("0xffffffff is written for destination types .u32/.s32.
    0xffff ... .u16/.s16") and the `.f16x2`/`.f16` branches they mirror. "If
    the source type is .f16x2 or .bf16x2 then result of individual operations
    are packed in the 32-bit destination operand": an integer destination of
    a packed source gets 0xffff per lane.

    `.ftz`: "When .ftz modifier is specified then subnormal inputs and results
    are flushed to sign preserving zero" (9.7.7.1); 9.7.6.1 "set.ftz.dtype.f32
    flushes subnormal inputs to sign-preserving zero", and on sm_1x
    "set.dtype.f32 flushes subnormal inputs to sign-preserving zero".

    The PTX ISA 9.4 packed-integer forms `set.CmpOp.{u8x4,s8x4,u16x2,s16x2}`
    (no text read, see the module docstring): lane i of d is all ones when
    lane i of a CmpOp lane i of b, else 0."""
    s = form.stype
    if s in PACKED:
        lane, n = PACKED[s]
        lw = width(lane)
        if s in ("f16x2", "bf16x2"):
            tv = ONE[lane] if form.dtype == s else 0xFFFF
        else:
            tv = (1 << lw) - 1
        d = 0
        for i in range(n):
            la = (a >> (i * lw)) & ((1 << lw) - 1)
            lb = (b >> (i * lw)) & ((1 << lw) - 1)
            ti = compare(form.cmp, la, lb, lane, form.ftz)
            if boolop(form.bool, ti, bool(c)):
                d |= tv << (i * lw)
        return d
    ftz = form.ftz or (s == "f32" and _sm1x_flush_f32(form, target))
    t = compare(form.cmp, a, b, s, ftz)
    return true_value(form.dtype) if boolop(form.bool, t, bool(c)) else 0


def op_selp(form, a, b, c, target=None):
    """9.7.6.3 `selp`: "Conditional selection. If c is True, a is stored in d,
    b otherwise."  `d = (c == 1) ? a : b;` Bits are copied unchanged."""
    return a if c else b


def op_slct(form, a, b, c, target=None):
    """9.7.6.4 `slct`: "Conditional selection. If c >= 0, a is stored in d,
    otherwise b is stored in d. Operands d, a, and b are treated as a bitsize
    type of the same width as the first instruction type; operand c must match
    the second instruction type (.s32 or .f32). The selected input is copied to
    the output without modification."  `d = (c >= 0) ? a : b;`

    Floating Point Notes: "For .f32 comparisons, negative zero equals zero."
    "slct.ftz.dtype.f32 flushes subnormal values of operand c to
    sign-preserving zero, and operand a is selected." (sm_1x: "slct.dtype.f32
    flushes subnormal values of operand c to sign-preserving zero, and operand
    a is selected.") "If operand c is NaN, the comparison is ordered and
    operand b is selected."  So with a flushed (or any) -0.0, c >= 0 holds."""
    if form.stype == "s32":
        return a if int_value(c, "s32") >= 0 else b
    ftz = form.ftz or _sm1x_flush_f32(form, target)
    if ftz:
        c = flush(c, "f32")
    # c >= 0 as an ordered comparison: NaN gives False.
    return a if cmp_floats("ge", c, 0, "f32") else b


def op_testp(form, a, target=None):
    """9.7.3.1 `testp`: "tests common properties of floating-point numbers and
    returns a predicate value of 1 if True and 0 if False."

    testp.finite: "True if the input is not infinite or NaN"
    testp.infinite: "True if the input is positive or negative infinity"
    testp.number: "True if the input is not NaN"
    testp.notanumber: "True if the input is NaN"
    testp.normal: "True if the input is a normal number (not NaN, not infinity)"
    testp.subnormal: "True if the input is a subnormal number (not NaN, not infinity)"
    "As a special case, positive and negative zero are considered normal numbers."
    No `.ftz` exists on testp: a subnormal is tested as it is."""
    cls, _ = fclass(a, form.stype)
    return int({
        "finite": cls not in ("inf", "nan"),
        "infinite": cls == "inf",
        "number": cls != "nan",
        "notanumber": cls == "nan",
        "normal": cls in ("normal", "zero"),
        "subnormal": cls == "subnormal",
    }[form.test])


def evaluate(form, ops, target="sm_90"):
    """Results (list of ints, in `ptxfp verify`'s order) of `form` on the source
    operand bit patterns `ops`."""
    if isinstance(form, str):
        form = Form(form)
    if form.op == "setp":
        p, q = op_setp(form, ops[0], ops[1], ops[2] if form.bool else 0, target)
        return [p, q]
    if form.op == "set":
        return [op_set(form, ops[0], ops[1], ops[2] if form.bool else 0, target)]
    if form.op == "selp":
        return [op_selp(form, *ops, target=target)]
    if form.op == "slct":
        return [op_slct(form, *ops, target=target)]
    if form.op == "testp":
        return [op_testp(form, ops[0], target)]
    raise AssertionError


def setp_pq(form, a, b, c=0, target="sm_90"):
    """Both destinations of a setp, including the scalar `q = BoolOp(!t, c)`
    (`ptxfp verify` reads it as an optional field after `p`)."""
    if isinstance(form, str):
        form = Form(form)
    return op_setp(form, a, b, c, target)


# ----------------------------------------------------------------------------
# The form list, from the syntax lines and PTX ISA / Target ISA notes.

def _cmps(t):
    k = kind(PACKED[t][0]) if t in PACKED else kind(t)
    return {"s": CMP_SIGNED, "u": CMP_UNSIGNED, "b": CMP_BIT, "f": CMP_FLOAT}[k]


def _later(*reqs):
    """The later PTX ISA version and the higher target of several requirements."""
    ptx = max((r[0] for r in reqs), key=lambda v: tuple(int(x) for x in v.split(".")))
    sm = max(int(r[1][3:]) for r in reqs)
    return (ptx, "sm_%d" % sm)


def forms():
    """Every form with (PTX ISA version, target), in no particular order.

    9.7.6.2 setp: `setp.CmpOp{.ftz}.type`, `setp.CmpOp.BoolOp{.ftz}.type`,
      .type = 11 scalar types; "Modifier .ftz applies only to .f32
      comparisons"; "Introduced in PTX ISA version 1.0"; "setp with .f64
      source type requires sm_13 or higher".
    9.7.7.2 setp: `.f16`, `.f16x2` ({.ftz}), `.bf16`, `.bf16x2`;
      "Introduced in PTX ISA version 4.2" / "Requires sm_53 or higher";
      "setp.{bf16/bf16x2} introduced in PTX ISA version 7.8" / "requires sm_90".
    9.7.6.1 set: .dtype = {.u32, .s32, .f32}, .stype = the 11; `.ftz` on
      .f32 sources; 1.0; .f64 source sm_13.
    9.7.7.1 set: `set.CmpOp{.ftz}.f16.stype`, `set.CmpOp.bf16.stype`,
      `set.CmpOp{.ftz}.dtype.f16` and `set.CmpOp.dtype.bf16` (.dtype = {.u16,
      .s16, .u32, .s32}), `set.CmpOp{.ftz}.dtype.f16x2` (.dtype = {.f16x2,
      .u32, .s32}), `set.CmpOp.dtype.bf16x2` (.dtype = {.bf16x2, .u32, .s32});
      .stype = {.b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64, .f16,
      .f32, .f64}; "Introduced in PTX ISA version 4.2." "set.{u16, u32, s16,
      s32}.f16 and set.{u32, s32}.f16x2 are introduced in PTX ISA version
      6.5." "set.{u16, u32, s16, s32}.bf16, set.{u32, s32, bf16x2}.bf16x2,
      set.bf16.{s16,u16,f16,b16,s32,u32,f32,b32,s64,u64,f64,b64} are
      introduced in PTX ISA version 7.8"; "Requires sm_53 or higher", those
      "require sm_90 or higher".
      `.ftz` is listed only where the source is .f16/.f16x2/.f32 (a flush of
      an integer source means nothing); `set.*.f16.bf16` is left out
      (docs/NVIDIA.md: refused by the JIT; 9.1's .stype has no .bf16 anyway).
    9.7.6.3 selp: 11 types, 1.0, "selp.f64 requires sm_13 or higher".
    9.7.6.4 slct: `slct.dtype.s32`, `slct{.ftz}.dtype.f32`, .dtype = the 11;
      1.0; "slct.f64 requires sm_13 or higher".
    9.7.3.1 testp: 6 ops x {.f32, .f64}; "Introduced in PTX ISA version 2.0",
      "Requires sm_20 or higher".
    PTX ISA 9.4 set on .u8x4/.s8x4/.u16x2/.s16x2: no BoolOp, 9.4, sm_107f
      (the version and target as docs/INSTRUCTIONS.md gives them).
    """
    out = {}
    bools = [None, "and", "or", "xor"]

    def name(op, cmp, b, ftz, *types):
        parts = [op, cmp] + ([b] if b else []) + (["ftz"] if ftz else []) + list(types)
        return ".".join(parts)

    base = ("1.0", "sm_10")
    # setp, scalar
    for t in SCALAR_11:
        req = ("1.0", "sm_13") if t == "f64" else base
        for cmp in _cmps(t):
            for b in bools:
                for ftz in ([False, True] if t == "f32" else [False]):
                    out[name("setp", cmp, b, ftz, t)] = req
    # setp, half
    for t, ftzs, req in (("f16", [False, True], ("4.2", "sm_53")),
                         ("f16x2", [False, True], ("4.2", "sm_53")),
                         ("bf16", [False], ("7.8", "sm_90")),
                         ("bf16x2", [False], ("7.8", "sm_90"))):
        for cmp in CMP_FLOAT:
            for b in bools:
                for ftz in ftzs:
                    out[name("setp", cmp, b, ftz, t)] = req
    # set, 9.7.6.1
    for d in ("u32", "s32", "f32"):
        for s in SCALAR_11:
            req = ("1.0", "sm_13") if s == "f64" else base
            for cmp in _cmps(s):
                for b in bools:
                    for ftz in ([False, True] if s == "f32" else [False]):
                        out[name("set", cmp, b, ftz, d, s)] = req
    # set, 9.7.7.1
    half_stypes = ["b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64", "f16", "f32", "f64"]
    rows = []
    for s in half_stypes:
        rows.append(("f16", s, s in ("f16", "f32"), ("4.2", "sm_53")))
        rows.append(("bf16", s, False, ("7.8", "sm_90")))
    # `set.CmpOp.bf16.bf16`: 9.1's .stype has no .bf16 and its PTX ISA Notes
    # list set.bf16.{s16,u16,f16,b16,s32,u32,f32,b32,s64,u64,f64,b64};
    # docs/NVIDIA.md "set with a half destination" quotes a .stype that has
    # .bf16 (a later text). Listed, with the .bf16 destination's 7.8/sm_90.
    rows.append(("bf16", "bf16", False, ("7.8", "sm_90")))
    for d in ("u16", "s16", "u32", "s32"):
        rows.append((d, "f16", True, ("6.5", "sm_53")))
        rows.append((d, "bf16", False, ("7.8", "sm_90")))
    rows.append(("f16x2", "f16x2", True, ("4.2", "sm_53")))
    for d in ("u32", "s32"):
        rows.append((d, "f16x2", True, ("6.5", "sm_53")))
    for d in ("bf16x2", "u32", "s32"):
        rows.append((d, "bf16x2", False, ("7.8", "sm_90")))
    for d, s, has_ftz, req in rows:
        if s in ("f16", "f16x2", "bf16", "bf16x2") or s in SCALAR_11:
            req = _later(req, ("1.0", "sm_13") if s == "f64" else base)
        # 9.7.7.1: ".CmpOp = { eq, ne, lt, le, gt, ge, equ, neu, ltu, leu,
        # gtu, geu, num, nan }" -- no lo/ls/hi/hs on these lines; of those,
        # the ones the source type takes (9.3.1.1).
        for cmp in [x for x in _cmps(s) if x in CMP_FLOAT]:
            for b in bools:
                for ftz in ([False, True] if has_ftz else [False]):
                    out[name("set", cmp, b, ftz, d, s)] = req
    # selp
    for t in SCALAR_11:
        out["selp." + t] = ("1.0", "sm_13") if t == "f64" else base
    # slct
    for d in SCALAR_11:
        req = ("1.0", "sm_13") if d == "f64" else base
        out["slct.%s.s32" % d] = req
        out["slct.%s.f32" % d] = req
        out["slct.ftz.%s.f32" % d] = req
    # testp
    for op in ("finite", "infinite", "number", "notanumber", "normal", "subnormal"):
        for t in ("f32", "f64"):
            out["testp.%s.%s" % (op, t)] = ("2.0", "sm_20")
    # set on packed integers (PTX ISA 9.4)
    for t in ("u8x4", "s8x4", "u16x2", "s16x2"):
        for cmp in _cmps(t):
            out["set.%s.%s" % (cmp, t)] = ("9.4", "sm_107f")
    return out


# ----------------------------------------------------------------------------
# Self-check: a second formulation of every rule.

def _selfcheck():
    import random
    import struct
    import math
    rnd = random.Random(20261130)
    n = 0

    def to_float(bits, t):
        if t == "f32":
            return struct.unpack("<f", struct.pack("<I", bits))[0]
        if t == "f64":
            return struct.unpack("<d", struct.pack("<Q", bits))[0]
        if t == "f16":
            return struct.unpack("<e", struct.pack("<H", bits))[0]
        if t == "bf16":
            return struct.unpack("<f", struct.pack("<I", bits << 16))[0]

    def py_cmp(op, x, y):
        un = math.isnan(x) or math.isnan(y)
        f = {"eq": x == y, "ne": x != y and not un, "lt": x < y, "le": x <= y, "gt": x > y, "ge": x >= y}
        if op in f:
            return f[op]
        if op == "num":
            return not un
        if op == "nan":
            return un
        return un or f[op[:-1]]

    def edges(t):
        e, m = FLOAT_FMT[t]
        w = 1 + e + m
        s = 1 << (w - 1)
        inf = ((1 << e) - 1) << m
        one = ((1 << (e - 1)) - 1) << m
        v = [0, 1, (1 << m) - 1, 1 << m, one, one + 1, inf - 1, inf, inf | 1, inf | (1 << (m - 1)), (1 << w) - 1 - s]
        return v + [x | s for x in v]

    for t in FLOAT_FMT:
        w = width(t)
        pool = edges(t)
        vals = pool + [rnd.getrandbits(w) for _ in range(60)]
        for a in vals:
            for b in vals + [a, a ^ 1]:
                for op in CMP_FLOAT:
                    for ftz in (False, True):
                        x, y = to_float(a, t), to_float(b, t)
                        if ftz:
                            if fclass(a, t)[0] == "subnormal":
                                x = math.copysign(0.0, x)
                            if fclass(b, t)[0] == "subnormal":
                                y = math.copysign(0.0, y)
                        got = compare(op, a, b, t, ftz)
                        want = py_cmp(op, x, y)
                        assert got == want, (t, op, ftz, hex(a), hex(b), got, want)
                        n += 1
        # testp against Python's float classification
        for a in vals:
            x = to_float(a, t)
            sub = x != 0 and not math.isinf(x) and not math.isnan(x) and abs(x) < 2.0 ** (2 - (1 << (FLOAT_FMT[t][0] - 1)))
            want = {"finite": math.isfinite(x), "infinite": math.isinf(x), "number": not math.isnan(x),
                    "notanumber": math.isnan(x), "subnormal": sub,
                    "normal": math.isfinite(x) and not sub}
            if t in ("f32", "f64"):
                for k, v in want.items():
                    assert op_testp(Form("testp.%s.%s" % (k, t)), a) == int(v), (k, t, hex(a))
                    n += 1
    # integers against struct's signed/unsigned reading
    fmt = {16: "H", 32: "I", 64: "Q"}
    for t, (k, w) in INT_TYPES.items():
        vals = [0, 1, 2, (1 << w) - 1, 1 << (w - 1), (1 << (w - 1)) - 1, (1 << (w - 1)) + 1]
        vals += [rnd.getrandbits(w) for _ in range(40)]
        for a in vals:
            for b in vals:
                if k == "s":
                    x = struct.unpack("<" + fmt[w].lower(), struct.pack("<" + fmt[w], a))[0]
                    y = struct.unpack("<" + fmt[w].lower(), struct.pack("<" + fmt[w], b))[0]
                else:
                    x, y = a, b
                for op in _cmps(t):
                    py = {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y, "gt": x > y, "ge": x >= y,
                          "lo": x < y, "ls": x <= y, "hi": x > y, "hs": x >= y}[op]
                    assert compare(op, a, b, t) == py
                    n += 1
    # BoolOp truth tables, p and q
    for b in ("and", "or", "xor"):
        for tt in (0, 1):
            for c in (0, 1):
                p, q = op_setp(Form("setp.eq.%s.u32" % b), 5, 5 if tt else 6, c)
                want = {"and": (tt & c, (1 - tt) & c), "or": (tt | c, (1 - tt) | c), "xor": (tt ^ c, (1 - tt) ^ c)}[b]
                assert (p, q) == want
                n += 1
    # hand-derived cases
    hand = [
        ("setp.eq.f32", [0x80000000, 0x00000000], [1]),           # -0 == +0
        ("setp.lt.f32", [0x80000001, 0x00000000], [1]),           # -denorm < 0
        ("setp.lt.ftz.f32", [0x80000001, 0x00000000], [0]),       # flushed: -0 < 0 false
        ("setp.eq.ftz.f32", [0x80000001, 0x00000001], [1]),
        ("setp.eq.f32", [0x7FC00000, 0x7FC00000], [0]),           # NaN != NaN
        ("setp.equ.f32", [0x7FC00000, 0x3F800000], [1]),
        ("setp.neu.f32", [0x3F800000, 0x3F800000], [0]),
        ("setp.ne.f32", [0x7F800001, 0x3F800000], [0]),           # sNaN: ordered ne false
        ("setp.num.f64", [0x7FF0000000000000, 0xFFF0000000000000], [1]),
        ("setp.nan.f64", [0x7FF0000000000001, 0], [1]),
        ("setp.lt.s32", [0xFFFFFFFF, 0], [1]),
        ("setp.lt.u32", [0xFFFFFFFF, 0], [0]),
        ("setp.lo.u16", [0x7FFF, 0x8000], [1]),
        ("setp.lt.f16x2", [0x3C000000, 0x3C003C00], [1, 0]),
        ("setp.lt.xor.f16x2", [0x3C000000, 0x3C003C00, 1], [0, 1]),
        ("setp.lt.ftz.f16", [0x8001, 0x0000], [0]),
        ("setp.lt.f16", [0x8001, 0x0000], [1]),
        ("setp.gt.bf16", [0x3F80, 0xFF80], [1]),
        ("set.lt.f32.s32", [0xFFFFFFFF, 0], [0x3F800000]),
        ("set.lt.u32.s32", [0xFFFFFFFF, 0], [0xFFFFFFFF]),
        ("set.lt.and.u32.s32", [0xFFFFFFFF, 0, 0], [0]),
        ("set.eq.u16.f16", [0x3C00, 0x3C00], [0xFFFF]),
        ("set.eq.f16.u64", [5, 5], [0x3C00]),
        ("set.eq.bf16.f64", [0, 0x8000000000000000], [0x3F80]),
        ("set.lt.f16x2.f16x2", [0x3C000000, 0x3C003C00], [0x00003C00]),
        ("set.lt.bf16x2.bf16x2", [0x3F800000, 0x3F803F80], [0x00003F80]),
        ("set.lt.u32.bf16x2", [0x3F800000, 0x3F803F80], [0x0000FFFF]),
        ("set.lt.u8x4", [0x01020304, 0x04030201], [0xFFFF0000]),
        ("set.lt.s8x4", [0x80000000, 0x7F000000], [0xFF000000]),
        ("set.hi.u16x2", [0x80000001, 0x7FFF0000], [0xFFFFFFFF]),
        ("set.hi.u16x2", [0x80000001, 0x80010000], [0x0000FFFF]),
        ("selp.u16", [0x1234, 0x5678, 0], [0x5678]),
        ("selp.f32", [0x7F800001, 0, 1], [0x7F800001]),
        ("slct.u32.f32", [5, 6, 0x80000000], [5]),                # -0 >= 0
        ("slct.u32.f32", [5, 6, 0x80000001], [6]),                # -denorm < 0
        ("slct.ftz.u32.f32", [5, 6, 0x80000001], [5]),            # flushed: a
        ("slct.u32.f32", [5, 6, 0x7FC00000], [6]),                # NaN: b
        ("slct.u32.f32", [5, 6, 0xFF800000], [6]),
        ("slct.f32.s32", [0x00000001, 2, 0x80000000], [2]),
        ("slct.ftz.f32.f32", [0x00000001, 2, 0], [1]),            # a not flushed
        ("testp.normal.f32", [0x80000000], [1]),
        ("testp.subnormal.f32", [0x00000001], [1]),
        ("testp.normal.f64", [0x0000000000000001], [0]),
        ("testp.finite.f64", [0xFFF0000000000000], [0]),
    ]
    # Scalar setp: `q = BoolOp(!t, c)` beside `p` (9.7.6.2's semantics).
    hand += [
        ("setp.lt.f32", [0x3F800000, 0x40000000], [1, 0]),
        ("setp.lt.and.f32", [0x3F800000, 0x40000000, 1], [1, 0]),
        ("setp.lt.and.f32", [0x3F800000, 0x40000000, 0], [0, 0]),
        ("setp.lt.or.f32", [0x40000000, 0x3F800000, 1], [1, 1]),
        ("setp.lt.xor.f32", [0x40000000, 0x3F800000, 1], [1, 0]),
        ("setp.nan.or.f32", [0x7FC00000, 0, 0], [1, 0]),
    ]
    for f, ops, want in hand:
        got = evaluate(f, ops)
        if f.startswith("setp") and len(want) == 1:
            got = got[:1]  # the cases above that give `p` only
        assert got == want, (f, [hex(x) for x in ops], [hex(x) for x in got], [hex(x) for x in want])
        n += 1
    # sm_1x: .f32 set/setp/slct flush without .ftz; .f64 does not.
    assert evaluate("setp.lt.f32", [0x80000001, 0], "sm_13") == [0, 1]
    assert evaluate("setp.lt.f64", [0x8000000000000001, 0], "sm_13") == [1, 0]
    assert evaluate("set.ne.u32.f32", [0x00000001, 0], "sm_13") == [0]
    assert evaluate("slct.u32.f32", [5, 6, 0x80000001], "sm_13") == [5]
    assert evaluate("selp.f32", [1, 2, 1], "sm_13") == [1]
    n += 5
    return n


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv[0] == "selfcheck":
        print("cmpmodel selfcheck: %d checks passed" % _selfcheck())
        return 0
    if argv[0] == "forms":
        for f, (v, t) in sorted(forms().items()):
            print(f, v, t)
        return 0
    if argv[0] == "eval":
        args = argv[1:]
        target = "sm_90"
        if args[0] == "--target":
            target = args[1]
            args = args[2:]
        form = Form(args[0])
        ops = [int(x, 16) for x in args[1:]]
        print(" ".join(format(r, "x") for r in evaluate(form, ops, target)))
        return 0
    print("unknown command", argv[0], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
