#!/usr/bin/env python3
"""An independent model of PTX operand/instruction type agreement and of
operands wider than the instruction type (reviewer "opsize").

Written from the PTX ISA text alone (the public copy of PTX ISA 9.x:
sections 5.1.1, 5.2.1, 5.2.2, 6.1, 6.5.1, 9.4, 9.4.1, 9.7.10.3/4 `mov`,
9.7.10.8 `ld`, 9.7.10.11 `st`, 9.7.10.24 `cvt`, 4.5.1/4.5.2 constants),
never from ptxfp's sources or tests. Standard library only, Python 3.9+.

What it answers:

  * `allowed(op, itype, rtype, role)`: may a register of type `rtype` be
    the operand (role "src" or "dst") of instruction `op` typed `itype`?
    - ld, st, cvt: Tables 27 and 28 of 9.4.1 ("For convenience, ld, st,
      and cvt instructions permit source and destination data operands to
      be wider than the instruction-type size"), plus cvt's own exceptions
      (9.7.10.24: "A source register wider than the specified type may be
      used, except when the source operand has .bf16 or .bf16x2 format";
      "A destination register wider than the specified type may be used,
      except when the destination operand has .bf16, .bf16x2 or .tf32
      format"; "For .bf16 instruction type, operand d has .b16 type").
    - every other instruction: Table 26 of 9.4 ("Bit-size types agree with
      any type of the same size"; "Signed and unsigned integer types agree
      provided they have the same size"; "Floating-point types agree only
      if they have the same size; i.e., they must match exactly"), with
      6.2 "For most operations, the sizes of the operands must be
      consistent" and, e.g., 9.7.1.1 "Operands d, a and b have the same
      type as the instruction type".
  * `read_src(bits, rtype, itype)`: 9.4.1 "When a source operand has a size
    that exceeds the instruction-type size, the source data is truncated
    (chopped) to the appropriate number of bits specified by the
    instruction type-size" (Table 27 "chop = keep only low bits that fit").
  * `write_dst(bits, itype, rtype)`: 9.4.1 "When a destination operand has
    a size that exceeds the instruction-type size, the destination data is
    zero- or sign-extended to the size of the destination register. If the
    corresponding instruction type is signed integer, the data is
    sign-extended; otherwise, the data is zero-extended." (Table 28.)
  * `ld`, `st`, `cvt_int`, `cvt_float` and the same-size operations of
    Table 26 (`intop`, `setp`, `selp`, `mov`, `fop`), each on bit patterns.

Where the ISA leaves bits open the model has no answer and the generator
does not ask: 9.6.1 "the semantics of 16-bit instructions in PTX is
machine-specific" (no chained 16-bit operations whose promoted upper bits
could show), division by zero and MIN / -1, float rounding of inexact
values (every float value used is exact in every format it passes).

All values are unsigned Python ints holding the bit pattern of the width
named; predicates are 0 or 1.
"""

import math
import struct
import sys

# --------------------------------------------------------------------------
# Types (5.2.1 Table 8: "Signed integer .s8 .s16 .s32 .s64; Unsigned integer
# .u8 ...; Floating-point .f16 .f16x2 .f32 .f64; Bits (untyped) .b8 .b16
# .b32 .b64 .b128; Predicate .pred").
# --------------------------------------------------------------------------

KIND = {}
WIDTH = {}
for _k in "bsu":
    for _w in (8, 16, 32, 64):
        KIND[f"{_k}{_w}"] = _k
        WIDTH[f"{_k}{_w}"] = _w
KIND["b128"] = "b"
WIDTH["b128"] = 128
for _w in (16, 32, 64):
    KIND[f"f{_w}"] = "f"
    WIDTH[f"f{_w}"] = _w
# `.bf16`/`.tf32` are instruction types of cvt only; their registers are
# `.b16`/`.b32` (9.7.10.24 "For .bf16 instruction type, operand d has .b16
# type ... For .tf32 instruction type, operand d has .b32 type").
KIND["bf16"] = "x"
WIDTH["bf16"] = 16
KIND["tf32"] = "x"
WIDTH["tf32"] = 32
KIND["pred"] = "p"
WIDTH["pred"] = 1

# The column order of Tables 27 and 28 (9.4.1).
COLS = ["b8", "b16", "b32", "b64", "b128", "s8", "s16", "s32", "s64",
        "u8", "u16", "u32", "u64", "f16", "f32", "f64"]
REG_TYPES = list(COLS)

# Table 27 "Relaxed Type-checking Rules for Source Operands" (9.4.1),
# transcribed row by row ("chop = keep only low bits that fit; '-' =
# allowed, but no conversion needed; inv = invalid, parse error").
TABLE27 = """
b8   -   chop chop chop chop -   chop chop chop -   chop chop chop chop chop chop
b16  inv -    chop chop chop inv -    chop chop inv -    chop chop -    chop chop
b32  inv inv  -    chop chop inv inv  -    chop inv inv  -    chop inv  -    chop
b64  inv inv  inv  -    chop inv inv  inv  -    inv inv  inv  -    inv  inv  -
b128 inv inv  inv  inv  -    inv inv  inv  inv  inv inv  inv  inv  inv  inv  inv
s8   -   chop chop chop chop -   chop chop chop -   chop chop chop inv  inv  inv
s16  inv -    chop chop chop inv -    chop chop inv -    chop chop inv  inv  inv
s32  inv inv  -    chop chop inv inv  -    chop inv inv  -    chop inv  inv  inv
s64  inv inv  inv  -    chop inv inv  inv  -    inv inv  inv  -    inv  inv  inv
u8   -   chop chop chop chop -   chop chop chop -   chop chop chop inv  inv  inv
u16  inv -    chop chop chop inv -    chop chop inv -    chop chop inv  inv  inv
u32  inv inv  -    chop chop inv inv  -    chop inv inv  -    chop inv  inv  inv
u64  inv inv  inv  -    chop inv inv  inv  -    inv inv  inv  -    inv  inv  inv
f16  inv -    chop chop chop inv inv  inv  inv  inv inv  inv  inv  -    inv  inv
f32  inv inv  -    chop chop inv inv  inv  inv  inv inv  inv  inv  inv  -    inv
f64  inv inv  inv  -    chop inv inv  inv  inv  inv inv  inv  inv  inv  inv  -
"""

# Table 28 "Relaxed Type-checking Rules for Destination Operands" (9.4.1)
# ("sext = sign-extend; zext = zero-extend; '-' = allowed, but no
# conversion needed; inv = invalid, parse error").
TABLE28 = """
b8   -   zext zext zext zext -   zext zext zext -   zext zext zext zext zext zext
b16  inv -    zext zext zext inv -    zext zext inv -    zext zext -    zext zext
b32  inv inv  -    zext zext inv inv  -    zext inv inv  -    zext inv  -    zext
b64  inv inv  inv  -    zext inv inv  inv  -    inv inv  inv  -    inv  inv  -
b128 inv inv  inv  inv  -    inv inv  inv  inv  inv inv  inv  inv  inv  inv  inv
s8   -   sext sext sext sext -   sext sext sext -   sext sext sext inv  inv  inv
s16  inv -    sext sext sext inv -    sext sext inv -    sext sext inv  inv  inv
s32  inv inv  -    sext sext inv inv  -    sext inv inv  -    sext inv  inv  inv
s64  inv inv  inv  -    sext inv inv  inv  -    inv inv  inv  -    inv  inv  inv
u8   -   zext zext zext zext -   zext zext zext -   zext zext zext inv  inv  inv
u16  inv -    zext zext zext inv -    zext zext inv -    zext zext inv  inv  inv
u32  inv inv  -    zext zext inv inv  -    zext inv inv  -    zext inv  inv  inv
u64  inv inv  inv  -    zext inv inv  inv  -    inv inv  inv  -    inv  inv  inv
f16  inv -    zext zext zext inv inv  inv  inv  inv inv  inv  inv  -    inv  inv
f32  inv inv  -    zext zext inv inv  inv  inv  inv inv  inv  inv  inv  -    inv
f64  inv inv  inv  -    zext inv inv  inv  inv  inv inv  inv  inv  inv  inv  -
"""


def _parse(text):
    table = {}
    for line in text.strip().splitlines():
        cells = line.split()
        row, vals = cells[0], cells[1:]
        assert len(vals) == len(COLS), line
        for col, v in zip(COLS, vals):
            table[(row, col)] = v
    return table


T27 = _parse(TABLE27)
T28 = _parse(TABLE28)

# Instruction types of ld/st (9.7.10.8, 9.7.10.11: ".type = { .b8, .b16,
# .b32, .b64, .b128, .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f32,
# .f64 }") and of cvt (9.7.10.24 ".dtype = .atype = { .u8, .u16, .u32,
# .u64, .s8, .s16, .s32, .s64, .bf16, .f16, .f32, .f64 }").
LDST_TYPES = ["b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64",
              "s8", "s16", "s32", "s64", "f32", "f64"]
CVT_INT = ["u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64"]


def mask(w):
    return (1 << w) - 1


def sext(v, w):
    v &= mask(w)
    return v - (1 << w) if v >> (w - 1) & 1 else v


def extend(bits, from_w, to_w, signed):
    """Sign- or zero-extend `bits` (from_w wide) to to_w bits."""
    if signed:
        return sext(bits, from_w) & mask(to_w)
    return bits & mask(from_w)


# --------------------------------------------------------------------------
# Type agreement
# --------------------------------------------------------------------------

def table26(itype, rtype):
    """9.4 Table 26 and 5.2.1, for instructions without the relaxation.

    5.2.1: "Two fundamental types are compatible if they have the same basic
    type and are the same size. Signed and unsigned integer types are
    compatible if they have the same size. The bit-size type is compatible
    with any fundamental type having the same size."
    """
    if itype == "pred" or rtype == "pred":
        return itype == rtype
    if WIDTH[itype] != WIDTH[rtype]:
        return False
    ik, rk = KIND[itype], KIND[rtype]
    if ik == "b" or rk == "b":
        return True
    if ik in "su" and rk in "su":
        return True
    if ik == "f" and rk == "f":
        return True
    return False


def rule(itype, rtype, role):
    """The cell of Table 27 (role 'src') or Table 28 (role 'dst')."""
    table = T27 if role == "src" else T28
    return table.get((itype, rtype), "inv")


def allowed(op, itype, rtype, role):
    """May a register of type rtype be a data operand of `op.itype`?"""
    if op in ("ld", "st", "cvt"):
        if op == "cvt" and itype in ("bf16",):
            # "except when the source operand has .bf16 ... format",
            # "except when the destination operand has .bf16": exactly .b16.
            return rtype == "b16"
        if op == "cvt" and itype == "tf32":
            return role == "dst" and rtype == "b32"
        if op in ("ld", "st") and itype == "f16":
            return False  # not an ld/st type: ".f16 data may be loaded using ld.b16"
        return rule(itype, rtype, role) != "inv"
    return table26(itype, rtype)


def read_src(bits, rtype, itype):
    """Table 27: the low bits of the register that fit the instruction type."""
    c = rule(itype, rtype, "src")
    assert c != "inv", (itype, rtype)
    return bits & mask(WIDTH[itype])


def write_dst(bits, itype, rtype):
    """Table 28: the instruction-type result extended to the register."""
    c = rule(itype, rtype, "dst")
    assert c != "inv", (itype, rtype)
    wi, wr = WIDTH[itype], WIDTH[rtype]
    return extend(bits, wi, wr, c == "sext")


# --------------------------------------------------------------------------
# ld / st
# --------------------------------------------------------------------------

def ld(mem, itype, rtype):
    """9.7.10.8: "A destination register wider than the specified type may be
    used. The value loaded is sign-extended to the destination register
    width for signed integers, and is zero-extended to the destination
    register width for unsigned and bit-size types." `mem` is the bytes at
    the address (little-endian); returns the register's bits."""
    n = WIDTH[itype] // 8
    v = int.from_bytes(bytes(mem[:n]), "little")
    return write_dst(v, itype, rtype)


def st(regbits, rtype, itype):
    """9.7.10.11: "A source register wider than the specified type may be
    used. The lower n bits corresponding to the instruction-type width are
    stored to memory." Returns the bytes stored."""
    v = read_src(regbits, rtype, itype)
    return v.to_bytes(WIDTH[itype] // 8, "little")


# --------------------------------------------------------------------------
# cvt between integers (6.5.1 Table 15) and exact float conversions
# --------------------------------------------------------------------------

def cvt_int(dtype, atype, srcbits, srctype, dsttype, sat=False):
    """6.5.1 Table 15 on the chopped source, then Table 28.

    Table 15: sext from a narrower signed source, zext from a narrower
    unsigned one, chop to a narrower destination ("chop = keep only low
    bits that fit"), '-' for the same size. Footnote 1: "If the
    destination register is wider than the destination format, the result
    is extended to the destination register width after chopping. The type
    of extension (sign or zero) is based on the destination format. For
    example, cvt.s16.u32 targeting a 32-bit register first chops to
    16-bit, then sign-extends to 32-bit."
    .sat (9.7.10.24): "For integer destination types, .sat limits the result
    to MININT..MAXINT for the size of the operation."
    """
    a = read_src(srcbits, srctype, atype)
    wa, wd = WIDTH[atype], WIDTH[dtype]
    val = sext(a, wa) if KIND[atype] == "s" else a
    if sat:
        lo, hi = ((-(1 << (wd - 1)), (1 << (wd - 1)) - 1) if KIND[dtype] == "s"
                  else (0, (1 << wd) - 1))
        val = min(max(val, lo), hi)
    d = val & mask(wd)
    return write_dst(d, dtype, dsttype)


FMT = {"f16": (5, 10), "bf16": (8, 7), "f32": (8, 23), "f64": (11, 52)}


def fdecode(bits, t):
    """The exact value of a finite float (as a Python float; every format
    here fits a double exactly)."""
    e, m = FMT[t]
    sign = bits >> (e + m) & 1
    exp = bits >> m & mask(e)
    man = bits & mask(m)
    bias = (1 << (e - 1)) - 1
    assert exp != mask(e), "finite values only"
    if exp == 0:
        v = math.ldexp(man, 1 - bias - m)
    else:
        v = math.ldexp(man + (1 << m), exp - bias - m)
    return -v if sign else v


def fencode(v, t):
    """The bits of v in format t; v must be exactly representable."""
    e, m = FMT[t]
    bias = (1 << (e - 1)) - 1
    sign = 1 if math.copysign(1.0, v) < 0 else 0
    a = abs(v)
    if a == 0:
        return sign << (e + m)
    fr, ex = math.frexp(a)  # a = fr * 2**ex, 0.5 <= fr < 1
    exp = ex - 1 + bias
    if exp <= 0:  # subnormal
        man = a / math.ldexp(1.0, 1 - bias - m)
        exp = 0
    else:
        man = (a / math.ldexp(1.0, ex - 1) - 1.0) * (1 << m)
    assert man == int(man) and exp < mask(e), ("inexact", v, t)
    bits = (sign << (e + m)) | (exp << m) | int(man)
    assert fdecode(bits, t) == v
    return bits


def cvt_float(dtype, atype, srcbits, srctype, dsttype):
    """Conversions whose result is exact (no rounding asked): float to float,
    integer to float and float to integer of integral values in range.
    The source is chopped (Table 27) and the result extended (Table 28;
    9.7.10.24: "zero-extended to the destination register width for
    unsigned, bit-size, and floating-point types")."""
    a = read_src(srcbits, srctype, atype) if atype != "bf16" else srcbits & 0xffff
    if atype in FMT:
        val = fdecode(a, atype)
    elif KIND[atype] == "s":
        val = float(sext(a, WIDTH[atype]))
    else:
        val = float(a)
    if dtype in FMT:
        d = fencode(val, dtype)
    else:
        iv = int(val)
        assert iv == val
        d = iv & mask(WIDTH[dtype])
        if KIND[dtype] == "s":
            assert -(1 << (WIDTH[dtype] - 1)) <= iv < (1 << (WIDTH[dtype] - 1))
        else:
            assert 0 <= iv < (1 << WIDTH[dtype])
    if dtype == "bf16":
        assert dsttype == "b16"
        return d
    return write_dst(d, dtype, dsttype)


# --------------------------------------------------------------------------
# Same-size operations of Table 26 (types agree, no relaxation)
# --------------------------------------------------------------------------

def as_itype(bits, rtype, itype):
    """6.1: "Operands having type different from but compatible with the
    instruction type are silently cast to the instruction type." 9.4: "an
    unsigned integer operand used in a signed integer instruction will be
    treated as a signed integer by the instruction." The bits are kept;
    their meaning is the instruction's."""
    assert table26(itype, rtype), (itype, rtype)
    w = WIDTH[itype]
    b = bits & mask(w)
    return sext(b, w) if KIND[itype] == "s" else b


def intop(op, itype, vals):
    """Integer/bit results at the instruction width, vals already cast.

    add/sub (9.7.1.1-2) wrap; mul.lo/.hi (9.7.1.3: "t = a * b; d = t<2n-1..n>
    for .hi variant; d = t<n-1..0> for .lo variant"); mul.wide ("d =
    t<2n-1..0>"); div/rem truncating (asked only where exact: no zero
    divisor, no MIN / -1, same signs for rem); min/max; abs/neg; and/or/
    xor/not (9.7.8); popc/clz/brev (9.7.1); shl/shr (9.7.8.8/9: "Shift
    amounts greater than the register width N are clamped to N"; "shr.s
    ... sign-fills"; the amount b is .u32)."""
    w = WIDTH[itype]
    m = mask(w)
    if op == "mul.wide":
        a, b = vals
        return (a * b) & mask(2 * w)
    if op in ("shl", "shr"):
        a, n = vals
        n = min(n, w)
        if op == "shl":
            return (a << n) & m
        return (a >> n) & m  # a signed -> arithmetic (Python >> on negatives)
    if op == "not":
        return ~vals[0] & m
    if op == "popc":
        return bin(vals[0] & m).count("1")
    if op == "clz":
        v = vals[0] & m
        return w - v.bit_length()
    if op == "brev":
        v = vals[0] & m
        return int(format(v, f"0{w}b")[::-1], 2)
    if op == "abs":
        return abs(vals[0]) & m
    if op == "neg":
        return -vals[0] & m
    a, b = vals
    if op == "add":
        r = a + b
    elif op == "sub":
        r = a - b
    elif op == "mul.lo":
        r = a * b
    elif op == "mul.hi":
        r = (a * b) >> w
    elif op == "div":
        assert b != 0
        q = abs(a) // abs(b)
        r = q if (a < 0) == (b < 0) else -q
    elif op == "rem":
        assert b != 0
        q = abs(a) // abs(b)
        q = q if (a < 0) == (b < 0) else -q
        r = a - q * b
    elif op == "min":
        r = min(a, b)
    elif op == "max":
        r = max(a, b)
    elif op == "and":
        r = a & b
    elif op == "or":
        r = a | b
    elif op == "xor":
        r = a ^ b
    else:
        raise ValueError(op)
    return r & m


def setp(cmp, itype, a, b):
    """9.3.1.1 integer and bit-size comparisons on the cast values; .f
    comparisons (9.3.1.2) on finite exact values."""
    if KIND[itype] == "f":
        a, b = fdecode(a, itype), fdecode(b, itype)
    ops = {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b,
           "gt": a > b, "ge": a >= b, "lo": a < b, "ls": a <= b,
           "hi": a > b, "hs": a >= b}
    return 1 if ops[cmp] else 0


def fop(op, itype, vals):
    """Float add/sub/mul/abs/neg on values whose results are exact."""
    x = [fdecode(v, itype) for v in vals]
    if op == "add":
        r = x[0] + x[1]
    elif op == "sub":
        r = x[0] - x[1]
    elif op == "mul":
        r = x[0] * x[1]
    elif op == "abs":
        return vals[0] & mask(WIDTH[itype] - 1)
    elif op == "neg":
        return vals[0] ^ (1 << (WIDTH[itype] - 1))
    else:
        raise ValueError(op)
    return fencode(r, itype)


# --------------------------------------------------------------------------
# Self-check: a second formulation of the tables' cells
# --------------------------------------------------------------------------

def _second_source(itype, rtype):
    """9.4.1's notes restated: 1. "Source register size must be of equal or
    greater size than the instruction-type size." 2. "Bit-size source
    registers may be used with any appropriately-sized instruction type."
    3. "Integer source registers may be used with any appropriately-sized
    bit-size or integer instruction type." 4. "Floating-point source
    registers can only be used with bit-size or floating-point instruction
    types. When used with a narrower bit-size instruction type, the data
    are truncated. When used with a floating-point instruction type, the
    size must match exactly." (b128 instructions: only b128 registers.)"""
    wi, wr = WIDTH[itype], WIDTH[rtype]
    ik, rk = KIND[itype], KIND[rtype]
    if wr < wi:
        return "inv"
    if itype == "b128":
        return "-" if rtype == "b128" else "inv"
    if rk == "b":
        ok = True
    elif rk in "su":
        ok = ik in "bsu"
    else:
        ok = ik == "b" or (ik == "f" and wi == wr)
    if not ok:
        return "inv"
    return "-" if wi == wr else "chop"


def selfcheck():
    bad = 0
    for r in COLS:
        for c in COLS:
            s = _second_source(r, c)
            if s != T27[(r, c)]:
                print("T27", r, c, T27[(r, c)], "second:", s)
                bad += 1
            d = s if s != "chop" else ("sext" if KIND[r] == "s" else "zext")
            if d != T28[(r, c)]:
                print("T28", r, c, T28[(r, c)], "second:", d)
                bad += 1
    # float encode/decode round trips
    for t in ("f16", "bf16", "f32"):
        e, m = FMT[t]
        for bits in range(0, 1 << (e + m + 1), 97):
            if (bits >> m) & mask(e) == mask(e):
                continue
            assert fencode(fdecode(bits, t), t) == bits, (t, hex(bits))
    for v in (1.5, -2.0, 65504.0, 2.0 ** -24, -0.0):
        assert struct.unpack("<f", struct.pack("<I", fencode(v, "f32")))[0] == v
    # Table 15 footnote's example: cvt.s16.u32 to a 32-bit register.
    assert cvt_int("s16", "u32", 0x0001_8000, "u32", "b32") == 0xffff8000
    assert ld(b"\x80", "s8", "u64") == 0xffffffffffffff80
    assert ld(b"\x80", "u8", "s64") == 0x80
    assert st(0x1122334455667788, "b64", "u8") == b"\x88"
    print("selfcheck:", "ok" if bad == 0 else f"{bad} differences")
    return bad == 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "selfcheck":
        sys.exit(0 if selfcheck() else 1)
    if len(sys.argv) > 1 and sys.argv[1] == "tables":
        for name, t in (("Table 27", T27), ("Table 28", T28)):
            print(name)
            print("      " + " ".join(f"{c:>4}" for c in COLS))
            for r in COLS:
                print(f"{r:>5} " + " ".join(f"{t[(r, c)]:>4}" for c in COLS))
        sys.exit(0)
    print(__doc__)
