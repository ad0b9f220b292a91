#!/usr/bin/env python3
"""An independent model of PTX's integer and bit instructions (family `int`).

Written from the PTX ISA text alone (PTX ISA 9.2 for 9.7.1, 9.7.2 and 9.7.8,
9.7.9.7 for `prmt`), never from ptxfp's sources or tests, plus the choices
docs/NVIDIA.md records where the ISA leaves the bits open (each one is named
where it is used, with a `PROFILE` field). Standard library only, Python 3.9+.

Sections (PTX ISA 9.2 numbering):
  9.7.1.1 add, 9.7.1.2 sub, 9.7.1.3 mul, 9.7.1.4 mad, 9.7.1.5 mul24,
  9.7.1.6 mad24, 9.7.1.7 sad, 9.7.1.8 div, 9.7.1.9 rem, 9.7.1.10 abs,
  9.7.1.11 neg, 9.7.1.12 min, 9.7.1.13 max, 9.7.1.14 popc, 9.7.1.15 clz,
  9.7.1.16 bfind, 9.7.1.17 fns, 9.7.1.18 brev, 9.7.1.19 bfe, 9.7.1.20 bfi,
  9.7.1.21 szext, 9.7.1.22 bmsk, 9.7.1.23 dp4a, 9.7.1.24 dp2a;
  9.7.2.1 add.cc, 9.7.2.2 addc, 9.7.2.3 sub.cc, 9.7.2.4 subc, 9.7.2.5 mad.cc,
  9.7.2.6 madc;
  9.7.8.1 and, 9.7.8.2 or, 9.7.8.3 xor, 9.7.8.4 not, 9.7.8.5 cnot,
  9.7.8.6 lop3, 9.7.8.7 shf, 9.7.8.8 shl, 9.7.8.9 shr;
  9.7.9.7 prmt;
  clmad (PTX ISA 9.3, 9.7.1.5 there): the 9.3 text could not be read here;
  the model uses the sentence docs/NVIDIA.md "clmad" quotes from it.

Operands and results are unsigned bit patterns of the register width
(predicates 0 or 1), in the order `ptxfp eval`/`verify` take them:
  add.cc/sub.cc   a b            -> d CF
  addc/subc       a b CF         -> d        (.cc: d CF)
  mad.cc          a b c          -> d CF
  madc            a b c CF       -> d        (.cc: d CF)
  lop3.BoolOp     a b c immLut q -> d p
  bfi             a b c d        -> f
Every other form: its sources in syntax order -> d.

Usage:
  python3 intmodel.py forms                 # form, PTX ISA version, target
  python3 intmodel.py eval FORM HEX...      # results in hex
  python3 intmodel.py selfcheck             # second formulations
"""

import random
import sys

# ---------------------------------------------------------------------------
# Choices docs/NVIDIA.md records where the ISA text leaves bits open or where
# a GPU was measured against the text. `ISA_LITERAL` holds the readings of the
# ISA text itself where the two differ (used by `selfcheck`/reports only).
# ---------------------------------------------------------------------------

PROFILE = {
    # docs/NVIDIA.md "Integer division by zero": div_by_zero / rem_by_zero
    # AllOnes (hw): "every bit set (-1 for the signed types)".
    "div_by_zero_all_ones": True,
    # div_overflow Wrap (hw): "div.sN of MIN by -1 is MIN ...; rem.sN is 0".
    "div_overflow_wrap": True,
    # "The carry flag after a subtraction" (sub_carry_not_borrow, hw):
    # "CC.CF after sub.cc/subc.cc is the carry of a + ~b + cin (1 when
    # nothing was borrowed), and subc adds it: d = a + ~b + CC.CF".
    # The ISA text (9.7.2.3/9.7.2.4) says borrow-out and d = a - (b + CC.CF).
    "sub_carry_not_borrow": True,
    # "bfe and bfi on 64-bit types" (bitfield64_whole_operands, hw): "On
    # 64-bit types the H200 reads the whole 32-bit position and length
    # instead: a value past 255 acts as 255". The ISA pseudocode: "& 0xff".
    "bitfield64_whole_operands": True,
    # "fns with offset -2^31" (fns_min_offset, hw): "The H200 returns 0 for
    # it, whatever the mask and base". The ISA pseudocode gives 0xffffffff.
    "fns_min_offset_zero": True,
}

ISA_LITERAL = dict(PROFILE, sub_carry_not_borrow=False,
                   bitfield64_whole_operands=False, fns_min_offset_zero=False)


def mask(w):
    return (1 << w) - 1


def signed(x, w):
    """The two's complement value of the w-bit pattern x."""
    x &= mask(w)
    return x - (1 << w) if x >> (w - 1) else x


def bits(v, w):
    """The w-bit two's complement pattern of the integer v (wraps)."""
    return v & mask(w)


def clamp(v, lo, hi):
    return lo if v < lo else hi if v > hi else v


def type_range(w, is_signed):
    """MININT..MAXINT of a w-bit type."""
    if is_signed:
        return -(1 << (w - 1)), (1 << (w - 1)) - 1
    return 0, mask(w)


def split_lanes(x, lw, n):
    return [(x >> (lw * i)) & mask(lw) for i in range(n)]


def join_lanes(ls, lw):
    v = 0
    for i, l in enumerate(ls):
        v |= (l & mask(lw)) << (lw * i)
    return v


# ---------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------

# type name -> (lane width, lanes, signed, kind)
TYPES = {
    "u16": (16, 1, False, "u"), "u32": (32, 1, False, "u"), "u64": (64, 1, False, "u"),
    "s16": (16, 1, True, "s"), "s32": (32, 1, True, "s"), "s64": (64, 1, True, "s"),
    "b16": (16, 1, False, "b"), "b32": (32, 1, False, "b"), "b64": (64, 1, False, "b"),
    "pred": (1, 1, False, "pred"),
    "u16x2": (16, 2, False, "u"), "s16x2": (16, 2, True, "s"),
    "u8x4": (8, 4, False, "u"), "s8x4": (8, 4, True, "s"),
}


class Form(object):
    """One instruction form, e.g. `mad.hi.sat.s32`, parsed into its parts."""

    def __init__(self, text):
        self.text = text
        parts = text.split(".")
        self.op = parts[0]
        self.types = [p for p in parts[1:] if p in TYPES]
        self.mods = [p for p in parts[1:] if p not in TYPES]
        self.type = self.types[-1] if self.types else None
        if self.op in ("dp4a", "dp2a"):
            self.atype, self.btype = self.types
        lw, n, sg, kind = TYPES[self.type]
        self.lw, self.lanes, self.sgn, self.kind = lw, n, sg, kind
        self.w = lw * n                     # register width of .type
        self.cc = "cc" in self.mods
        self.sat = "sat" in self.mods
        self.relu = "relu" in self.mods
        self.mode = next((m for m in self.mods if m in ("hi", "lo", "wide")), None)
        # The key of the instruction: `add.cc`, `mad.cc` are their own sections.
        if self.op in ("add", "sub", "mad") and self.cc:
            self.key = self.op + ".cc"
        else:
            self.key = self.op

    def __repr__(self):
        return "Form(%r)" % self.text

    # -- operand widths, in the order ptxfp eval/verify take them -----------
    def source_widths(self):
        w, op = self.w, self.key
        if op in ("add", "sub", "min", "max", "div", "rem", "and", "or", "xor",
                  "mul", "mul24"):
            return [w, w]
        if op in ("mad", "sad", "mad24"):
            c = 2 * w if self.mode == "wide" else w
            return [w, w, c]
        if op in ("abs", "neg", "not", "cnot", "popc", "clz", "bfind", "brev"):
            return [w]
        if op == "fns":
            return [32, 32, 32]
        if op == "bfe":
            return [w, 32, 32]
        if op == "bfi":
            return [w, w, 32, 32]
        if op in ("szext", "bmsk"):
            return [32, 32]
        if op in ("dp4a", "dp2a", "prmt", "shf"):
            return [32, 32, 32]
        if op == "clmad":
            return [64, 64, 64]
        if op in ("add.cc", "sub.cc"):
            return [w, w]
        if op in ("addc", "subc"):
            return [w, w, 1]
        if op == "mad.cc":
            return [w, w, w]
        if op == "madc":
            return [w, w, w, 1]
        if op == "lop3":
            return [32, 32, 32, 32, 1] if self.boolop() else [32, 32, 32, 32]
        if op in ("shl", "shr"):
            return [w, 32]
        raise ValueError("no operands for " + self.text)

    def result_widths(self):
        w, op = self.w, self.key
        if op in ("mul", "mad") and self.mode == "wide":
            return [2 * w]
        if op in ("popc", "clz", "bfind", "fns", "szext", "bmsk", "dp4a",
                  "dp2a", "prmt", "shf", "mul24", "mad24"):
            return [32]
        if op == "clmad":
            return [64]
        if op in ("add.cc", "sub.cc", "mad.cc"):
            return [w, 1]
        if op in ("addc", "subc", "madc"):
            return [w, 1] if self.cc else [w]
        if op == "lop3":
            return [32, 1] if self.boolop() else [32]
        return [w]

    def boolop(self):
        return next((m for m in self.mods if m in ("or", "and")), None)

    def eval(self, *ops, profile=None):
        """The results (a tuple of bit patterns) for the source bit patterns."""
        prof = PROFILE if profile is None else profile
        ws = self.source_widths()
        if len(ops) != len(ws):
            raise ValueError("%s takes %d operands" % (self.text, len(ws)))
        ops = [o & mask(wi) for o, wi in zip(ops, ws)]
        r = OPS[self.key](self, prof, *ops)
        if not isinstance(r, tuple):
            r = (r,)
        return tuple(v & mask(wi) for v, wi in zip(r, self.result_widths()))


# ---------------------------------------------------------------------------
# 9.7.1 Integer arithmetic
# ---------------------------------------------------------------------------

def lanewise(f, a, b, fn):
    """Apply fn(x, y) (values by the lane type's signedness) to each lane.

    9.7.1.1: "For .u16x2, .s16x2 instruction types, forms input vectors by
    half word values from source operands. Half-word operands are then added
    in parallel"; "For .u8x4, .s8x4 instruction types, forms input vectors by
    quarter word values from source operands." Semantics: iA[0] = a[0:7];
    iA[1] = a[8:15]; ... (lane 0 in the low bits).
    """
    la = split_lanes(a, f.lw, f.lanes)
    lb = split_lanes(b, f.lw, f.lanes)
    conv = (lambda x: signed(x, f.lw)) if f.sgn else (lambda x: x)
    out = [bits(fn(conv(x), conv(y)), f.lw) for x, y in zip(la, lb)]
    return join_lanes(out, f.lw)


def saturate_lane(f, v):
    """9.7.1.1 Notes: "`.sat` limits result to MININT..MAXINT (no overflow)
    for the size and signedness of the operation." (per lane for x2/x4)."""
    lo, hi = type_range(f.lw, f.sgn)
    return clamp(v, lo, hi)


def op_add(f, prof, a, b):
    """9.7.1.1 add: "d = a + b;" (per lane: "d[i] = iA[i] + iB[i];").

    Without .sat the sum wraps to the lane width. ".sat limits result to
    MININT..MAXINT (no overflow) for the size and signedness of the
    operation. Applies only to .u32, .s32, .u16x2, .s16x2, .u8x4, .s8x4".
    """
    if f.sat:
        return lanewise(f, a, b, lambda x, y: saturate_lane(f, x + y))
    return lanewise(f, a, b, lambda x, y: x + y)


def op_sub(f, prof, a, b):
    """9.7.1.2 sub: "d = a - b;" (per lane: "d[i] = iA[i] - iB[i];").

    ".sat limits result to MININT..MAXINT (no overflow) for the size and
    signedness of the operation. Applies only to .s32, .u8x4, .s8x4 types."
    """
    if f.sat:
        return lanewise(f, a, b, lambda x, y: saturate_lane(f, x - y))
    return lanewise(f, a, b, lambda x, y: x - y)


def product(f, a, b):
    """The exact product t = a * b of the operands read by .type."""
    n = f.w
    if f.sgn:
        return signed(a, n) * signed(b, n)
    return a * b


def mul_part(f, t):
    """9.7.1.3: "n = bitwidth of type; d = t; // for .wide
    d = t<2n-1..n>; // for .hi variant  d = t<n-1..0>; // for .lo variant"
    (bits of the two's complement double-width product)."""
    n = f.w
    if f.mode == "wide":
        return bits(t, 2 * n)
    if f.mode == "hi":
        return bits(t >> n, n)
    return bits(t, n)


def op_mul(f, prof, a, b):
    """9.7.1.3 mul: "t = a * b;" then the .wide/.hi/.lo part. "If .wide is
    specified, then d is twice as wide as a and b to receive the full result
    of the multiplication." """
    return mul_part(f, product(f, a, b))


def op_mad(f, prof, a, b, c):
    """9.7.1.4 mad: "t = a * b; n = bitwidth of type; d = t + c; // for .wide
    d = t<2n-1..n> + c; // for .hi variant  d = t<n-1..0> + c; // for .lo".

    "If .wide is specified, then d and c are twice as wide as a and b".
    ".sat limits result to MININT..MAXINT (no overflow) for the size of the
    operation. Applies only to .s32 type in .hi mode." (the sum of the signed
    high half and signed c, clamped to the s32 range).
    """
    n = f.w
    part = mul_part(f, product(f, a, b))
    if f.sat:
        v = signed(part, n) + signed(c, n)
        return bits(clamp(v, *type_range(n, True)), n)
    return part + c


def mul24_product(f, a, b):
    """9.7.1.5: "Compute the product of two 24-bit integer values held in
    32-bit source registers"; "Integer multiplication yields a result that is
    twice the size of the input operands, i.e., 48-bits."

    Which 24 bits, for values wider than 24 bits, the ISA does not say;
    docs/NVIDIA.md "Integer instructions: the other choices": "the low 24
    bits of each source are used, sign-extended for .s32" (doc: libdevice).
    """
    if f.sgn:
        return signed(a, 24) * signed(b, 24)
    return (a & mask(24)) * (b & mask(24))


def op_mul24(f, prof, a, b):
    """9.7.1.5 mul24: "t = a * b; d = t<47..16>; // for .hi variant
    d = t<31..0>; // for .lo variant"."""
    t = mul24_product(f, a, b)
    return bits(t >> 16, 32) if f.mode == "hi" else bits(t, 32)


def op_mad24(f, prof, a, b, c):
    """9.7.1.6 mad24: "t = a * b; d = t<47..16> + c; // for .hi variant
    d = t<31..0> + c; // for .lo variant".

    ".sat limits result of 32-bit signed addition to MININT..MAXINT (no
    overflow). Applies only to .s32 type in .hi mode."
    """
    t = mul24_product(f, a, b)
    part = bits(t >> 16, 32) if f.mode == "hi" else bits(t, 32)
    if f.sat:
        v = signed(part, 32) + signed(c, 32)
        return bits(clamp(v, *type_range(32, True)), 32)
    return part + c


def op_sad(f, prof, a, b, c):
    """9.7.1.7 sad: "d = c + ((a<b) ? b-a : a-b);" (a < b compared by the
    type's signedness; the sum wraps to the type's width)."""
    n = f.w
    x, y = (signed(a, n), signed(b, n)) if f.sgn else (a, b)
    return c + (y - x if x < y else x - y)


def trunc_div(x, y):
    """Quotient rounded toward zero, remainder with the dividend's sign."""
    q = abs(x) // abs(y)
    if (x < 0) != (y < 0):
        q = -q
    return q, x - q * y


def op_div(f, prof, a, b):
    """9.7.1.8 div: "d = a / b;" "Division by zero yields an unspecified,
    machine-specific value."

    The quotient truncates toward zero, as in C and C++ (docs/NVIDIA.md
    "Integer division by zero": "a truncating division of the magnitudes").
    Division by zero: docs/NVIDIA.md `div_by_zero` AllOnes (hw). MIN / -1 of
    the signed types: `div_overflow` Wrap (hw): "MIN (two's complement of
    2^(n-1))" -- the wrapped quotient.
    """
    n = f.w
    if b == 0:
        assert prof["div_by_zero_all_ones"]
        return mask(n)
    x, y = (signed(a, n), signed(b, n)) if f.sgn else (a, b)
    q, _ = trunc_div(x, y)
    return bits(q, n)


def op_rem(f, prof, a, b):
    """9.7.1.9 rem: "d = a % b;" "The behavior for negative numbers is
    machine-dependent and depends on whether divide rounds towards zero or
    negative infinity." "Division by zero yields an unspecified,
    machine-specific value."

    The quotient truncates toward zero (docs/NVIDIA.md "Integer division by
    zero"), so the remainder has the dividend's sign; `rem_by_zero` AllOnes (hw); `rem.sN` of MIN by -1
    is 0 (`div_overflow`, hw).
    """
    n = f.w
    if b == 0:
        assert prof["div_by_zero_all_ones"]
        return mask(n)
    x, y = (signed(a, n), signed(b, n)) if f.sgn else (a, b)
    _, r = trunc_div(x, y)
    return bits(r, n)


def op_abs(f, prof, a):
    """9.7.1.10 abs: "d = |a|;" "Only for signed integers." |MIN| does not
    fit: docs/NVIDIA.md "abs and neg of the most negative value": "MIN, the
    two's complement wrap" (hw)."""
    return abs(signed(a, f.w))


def op_neg(f, prof, a):
    """9.7.1.11 neg: "d = -a;"; for .s8x4: "iA[0] = a[0:7]; ... d[i] =
    -iA[i];". -MIN wraps to MIN (docs/NVIDIA.md, hw)."""
    return lanewise(f, a, 0, lambda x, _y: -x)


def op_min(f, prof, a, b):
    """9.7.1.12 min: "d = (iA[i] < iB[i]) ? iA[i] : iB[i];" per lane;
    "d = (a < b) ? a : b; // Integer (signed and unsigned)"; "Signed and
    unsigned differ." "Saturation modifier: min.relu.{s8x4, s16x2, s32}
    clamps the result to 0 if negative."
    """
    if f.relu:
        return lanewise(f, a, b, lambda x, y: max(x if x < y else y, 0))
    return lanewise(f, a, b, lambda x, y: x if x < y else y)


def op_max(f, prof, a, b):
    """9.7.1.13 max: "d = (iA[i] > iB[i]) ? iA[i] : iB[i];" per lane;
    "d = (a > b) ? a : b;"; "max.relu.{s8x4, s16x2, s32} clamps the result
    to 0 if negative."
    """
    if f.relu:
        return lanewise(f, a, b, lambda x, y: max(x if x > y else y, 0))
    return lanewise(f, a, b, lambda x, y: x if x > y else y)


def op_popc(f, prof, a):
    """9.7.1.14 popc: ".u32 d = 0; while (a != 0) { if (a & 0x1) d++;
    a = a >> 1; }" -- "place the resulting population count in 32-bit
    destination register d"."""
    return bin(a).count("1")


def op_clz(f, prof, a):
    """9.7.1.15 clz: "Count the number of leading zeros in a starting with
    the most-significant bit"; "For .b32 type, the number of leading zeros is
    between 0 and 32, inclusively. For .b64 type, ... between 0 and 64"."""
    return f.w - a.bit_length()


def op_bfind(f, prof, a):
    """9.7.1.16 bfind: "msb = (.type==.u32 || .type==.s32) ? 31 : 63;
    // negate negative signed inputs  if ((.type==.s32 || .type==.s64) &&
    (a & (1<<msb))) { a = ~a; }  .u32 d = 0xffffffff;  for (.s32 i=msb;
    i>=0; i--) { if (a & (1<<i)) { d = i; break; } }
    if (.shiftamt && d != 0xffffffff) { d = msb - d; }"."""
    msb = f.w - 1
    if f.sgn and (a >> msb) & 1:
        a = ~a & mask(f.w)
    if a == 0:
        return 0xffffffff
    d = a.bit_length() - 1
    if "shiftamt" in f.mods:
        d = msb - d
    return d


def op_fns(f, prof, msk, base, offset):
    """9.7.1.17 fns: "find the n-th (given by offset) set bit in mask from
    the base bit, and store the bit position in d. If not found, store
    0xffffffff in d."  Pseudocode: "d = 0xffffffff; if (offset == 0) { if
    (mask[base] == 1) { d = base; } } else { pos = base; count = |offset| - 1;
    inc = (offset > 0) ? 1 : -1; while ((pos >= 0) && (pos < 32)) { if
    (mask[pos] == 1) { if (count == 0) { d = pos; break; } else { count =
    count - 1; } } pos = pos + inc; } }".

    "Operand base must be <= 31, otherwise behavior is undefined":
    docs/NVIDIA.md: 0xffffffff, "not found" (hw). Offset -2^31:
    docs/NVIDIA.md `fns_min_offset` (hw): 0, "whatever the mask and base"
    (the pseudocode would give 0xffffffff).
    """
    off = signed(offset, 32)
    if off == -(1 << 31) and prof["fns_min_offset_zero"]:
        return 0
    if base > 31:
        return 0xffffffff
    if off == 0:
        return base if (msk >> base) & 1 else 0xffffffff
    pos, count, inc = base, abs(off) - 1, (1 if off > 0 else -1)
    while 0 <= pos < 32:
        if (msk >> pos) & 1:
            if count == 0:
                return pos
            count -= 1
        pos += inc
    return 0xffffffff


def op_brev(f, prof, a):
    """9.7.1.18 brev: "for (i=0; i<=msb; i++) { d[i] = a[msb-i]; }"."""
    return int(format(a, "0%db" % f.w)[::-1], 2)


def bitfield_controls(f, prof, pos, ln):
    """9.7.1.19/20: "pos = b & 0xff; // pos restricted to 0..255 range
    len = c & 0xff; // len restricted to 0..255 range".

    On .u64/.s64/.b64, docs/NVIDIA.md `bitfield64_whole_operands` (hw): "the
    H200 reads the whole 32-bit position and length instead: a value past
    255 acts as 255".
    """
    if f.w == 64 and prof["bitfield64_whole_operands"]:
        return min(pos, 255), min(ln, 255)
    return pos & 0xff, ln & 0xff


def op_bfe(f, prof, a, b, c):
    """9.7.1.19 bfe: "msb = (.type==.u32 || .type==.s32) ? 31 : 63;
    pos = b & 0xff; len = c & 0xff;
    if (.type==.u32 || .type==.u64 || len==0) sbit = 0;
    else sbit = a[min(pos+len-1,msb)];
    d = 0; for (i=0; i<=msb; i++) { d[i] = (i<len && pos+i<=msb) ? a[pos+i]
    : sbit; }"."""
    msb = f.w - 1
    pos, ln = bitfield_controls(f, prof, b, c)
    if not f.sgn or ln == 0:
        sbit = 0
    else:
        sbit = (a >> min(pos + ln - 1, msb)) & 1
    d = 0
    for i in range(msb + 1):
        bit = (a >> (pos + i)) & 1 if (i < ln and pos + i <= msb) else sbit
        d |= bit << i
    return d


def op_bfi(f, prof, a, b, c, d):
    """9.7.1.20 bfi (f = result): "pos = c & 0xff; len = d & 0xff; f = b;
    for (i=0; i<len && pos+i<=msb; i++) { f[pos+i] = a[i]; }"."""
    msb = f.w - 1
    pos, ln = bitfield_controls(f, prof, c, d)
    r = b
    i = 0
    while i < ln and pos + i <= msb:
        r = (r & ~(1 << (pos + i))) | (((a >> i) & 1) << (pos + i))
        i += 1
    return r


def op_szext(f, prof, a, b):
    """9.7.1.21 szext: "b1 = b & 0x1f; too_large = (b >= 32 && .mode ==
    .clamp) ? true : false; mask = too_large ? 0 : (~0) << b1;
    sign_pos = (b1 - 1) & 0x1f; if (b1 == 0 || too_large || .type != .s32)
    { sign_bit = false; } else { sign_bit = (a >> sign_pos) & 1; }
    d = (a & ~mask) | (sign_bit ? mask | 0);"  (the last `|` read as `:`).
    "If the value of N is 0, then the result of szext is 0."
    """
    M = mask(32)
    b1 = b & 0x1F
    too_large = b >= 32 and "clamp" in f.mods
    m = 0 if too_large else (M << b1) & M
    sign_pos = (b1 - 1) & 0x1F
    if b1 == 0 or too_large or not f.sgn:
        sign_bit = 0
    else:
        sign_bit = (a >> sign_pos) & 1
    return (a & ~m & M) | (m if sign_bit else 0)


def op_bmsk(f, prof, a, b):
    """9.7.1.22 bmsk: "a1 = a & 0x1f; mask0 = (~0) << a1; b1 = b & 0x1f;
    sum = a1 + b1; mask1 = (~0) << sum; sum-overflow = sum >= 32;
    if (.mode == .clamp) { if (a >= 32) { bit-position-overflow = true;
    mask0 = 0; } if (b >= 32) { bit-width-overflow = true; } }
    if (sum-overflow || bit-position-overflow || bit-width-overflow)
    { mask1 = 0; } else if (b1 == 0) { mask1 = ~0; }  d = mask0 & ~mask1;"
    """
    M = mask(32)
    a1 = a & 0x1F
    mask0 = (M << a1) & M
    b1 = b & 0x1F
    s = a1 + b1
    mask1 = (M << s) & M
    sum_ov = s >= 32
    pos_ov = width_ov = False
    if "clamp" in f.mods:
        if a >= 32:
            pos_ov = True
            mask0 = 0
        if b >= 32:
            width_ov = True
    if sum_ov or pos_ov or width_ov:
        mask1 = 0
    elif b1 == 0:
        mask1 = M
    return mask0 & ~mask1 & M


def ext_lanes(x, lw, n, is_signed):
    """extractAndSignOrZeroExt_N: the N lanes of x, extended by the type."""
    ls = split_lanes(x, lw, n)
    return [signed(l, lw) if is_signed else l for l in ls]


def op_dp4a(f, prof, a, b, c):
    """9.7.1.23 dp4a: "d = c; Va = extractAndSignOrZeroExt_4(a, .atype);
    Vb = extractAndSignOrZeroExt_4(b, .btype); for (i = 0; i < 4; ++i)
    { d += Va[i] * Vb[i]; }" ("accumulated in 32-bit result": wraps)."""
    va = ext_lanes(a, 8, 4, f.atype == "s32")
    vb = ext_lanes(b, 8, 4, f.btype == "s32")
    return c + sum(x * y for x, y in zip(va, vb))


def op_dp2a(f, prof, a, b, c):
    """9.7.1.24 dp2a: "d = c; Va = extractAndSignOrZeroExt_2(a, .atype);
    Vb = extractAndSignOrZeroExt_4(b, .btype); b_select = (.mode == .lo) ?
    0 : 2; for (i = 0; i < 2; ++i) { d += Va[i] * Vb[b_select + i]; }"."""
    va = ext_lanes(a, 16, 2, f.atype == "s32")
    vb = ext_lanes(b, 8, 4, f.btype == "s32")
    sel = 0 if f.mode == "lo" else 2
    return c + va[0] * vb[sel] + va[1] * vb[sel + 1]


def carryless(a, b):
    """The carryless (GF(2)[x]) product of a and b."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        b >>= 1
    return r


def op_clmad(f, prof, a, b, c):
    """clmad (PTX ISA 9.3, 9.7.1.5 there): "performs a carryless
    multiplication of a and b, followed by a carryless addition of c"
    (quoted by docs/NVIDIA.md "clmad"; the 9.3 text itself was not
    available here). Read as: .lo the low 64 bits, .hi the high 64 bits of
    the 128-bit carryless product, XOR c (carryless addition)."""
    t = carryless(a, b)
    part = (t >> 64) if f.mode == "hi" else t
    return (part & mask(64)) ^ c


# ---------------------------------------------------------------------------
# 9.7.2 Extended-precision arithmetic
# ---------------------------------------------------------------------------

def op_add_cc(f, prof, a, b):
    """9.7.2.1 add.cc: "d = a + b;" "carry-out written to CC.CF"; "Behavior
    is the same for unsigned and signed integers." (CF: the carry out of the
    n-bit unsigned sum)."""
    s = a + b
    return s, s >> f.w


def op_addc(f, prof, a, b, cf):
    """9.7.2.2 addc: "d = a + b + CC.CF;" "if .cc specified, carry-out
    written to CC.CF"."""
    s = a + b + cf
    return s, s >> f.w


def op_sub_cc(f, prof, a, b):
    """9.7.2.3 sub.cc: "d = a - b;" "borrow-out written to CC.CF".

    docs/NVIDIA.md `sub_carry_not_borrow` (hw): CC.CF holds "the carry of
    a + ~b + 1 instead, the borrow's complement". With the profile field off,
    the ISA text: CF = 1 when a < b (unsigned).
    """
    n = f.w
    if prof["sub_carry_not_borrow"]:
        s = a + (~b & mask(n)) + 1
        return s, s >> n
    return a - b, 1 if a < b else 0


def op_subc(f, prof, a, b, cf):
    """9.7.2.4 subc: "d = a - (b + CC.CF);" "if .cc specified, borrow-out
    written to CC.CF".

    docs/NVIDIA.md `sub_carry_not_borrow` (hw): "subc reads it the same way:
    d = a + ~b + CC.CF, carry out the carry of that sum". With the profile
    field off, the ISA text: borrow in, borrow out.
    """
    n = f.w
    if prof["sub_carry_not_borrow"]:
        s = a + (~b & mask(n)) + cf
        return s, s >> n
    return a - (b + cf), 1 if a < b + cf else 0


def mad_cc_part(f, a, b):
    """9.7.2.5/9.7.2.6: "t = a * b; d = t<63..32> + c; // for .hi variant
    d = t<31..0> + c; // for .lo variant" -- written for 32 bits; on .u64/.s64
    read as t<127..64> and t<63..0> (the halves, as in 9.7.1.4's
    t<2n-1..n>). The product is of the operands read by .type."""
    n = f.w
    t = product(f, a, b)
    return bits(t >> n, n) if f.mode == "hi" else bits(t, n)


def op_mad_cc(f, prof, a, b, c):
    """9.7.2.5 mad.cc: "Writes the result to the destination register and
    the carry-out from the addition into the condition code register."
    (carry out of the n-bit unsigned addition of the half and c)."""
    s = mad_cc_part(f, a, b) + c
    return s, s >> f.w


def op_madc(f, prof, a, b, c, cf):
    """9.7.2.6 madc: "d = t<63..32> + c + CC.CF; // for .hi variant
    d = t<31..0> + c + CC.CF; // for .lo variant"; "if .cc specified,
    carry-out from addition is written to CC.CF"."""
    s = mad_cc_part(f, a, b) + c + cf
    return s, s >> f.w


# ---------------------------------------------------------------------------
# 9.7.8 Logic and shift
# ---------------------------------------------------------------------------

def op_and(f, prof, a, b):
    """9.7.8.1 and: "d = a & b;" ("Allowed types include predicate
    registers"; a predicate is 0 or 1)."""
    return a & b


def op_or(f, prof, a, b):
    """9.7.8.2 or: "d = a | b;"."""
    return a | b


def op_xor(f, prof, a, b):
    """9.7.8.3 xor: "d = a ^ b;"."""
    return a ^ b


def op_not(f, prof, a):
    """9.7.8.4 not: "d = ~a;" (of the type's width; a predicate flips)."""
    return ~a & mask(f.w)


def op_cnot(f, prof, a):
    """9.7.8.5 cnot: "d = (a==0) ? 1 : 0;"."""
    return 1 if a == 0 else 0


def lop3_word(a, b, c, lut):
    """9.7.8.6: "For a logical operation F(a, b, c) the value of immLut can be
    computed by applying the same operation to three predefined constant
    values as follows: ta = 0xF0; tb = 0xCC; tc = 0xAA; immLut = F(ta, tb,
    tc);" -- so bit k of immLut is F at the bits (ta[k], tb[k], tc[k]), and
    ta[k] = k>>2 & 1, tb[k] = k>>1 & 1, tc[k] = k & 1: each result bit is
    immLut[4*a_i + 2*b_i + c_i]."""
    d = 0
    for i in range(32):
        k = (((a >> i) & 1) << 2) | (((b >> i) & 1) << 1) | ((c >> i) & 1)
        d |= ((lut >> k) & 1) << i
    return d


def op_lop3(f, prof, a, b, c, lut, q=None):
    """9.7.8.6 lop3: "F = GetFunctionFromTable(immLut); d = F(a, b, c);
    if (BoolOp specified) { p = (d != 0) BoolOp q; }"; "immLut is an integer
    constant that can take values from 0 to 255". Operand order for the
    .BoolOp forms (docs/NVIDIA.md "lop3.BoolOp"): sources a b c immLut q,
    results d then p."""
    d = lop3_word(a, b, c, lut & 0xFF)
    bo = f.boolop()
    if bo is None:
        return d
    nz = 1 if d != 0 else 0
    return d, (nz | q) if bo == "or" else (nz & q)


def op_shf(f, prof, a, b, c):
    """9.7.8.7 shf: "Shift the 64-bit value formed by concatenating operands
    a and b left or right by the amount specified by the unsigned 32-bit value
    in c. Operand b holds bits 63:32 and operand a holds bits 31:0 ... For
    shf.l, the most-significant 32-bits of the result are written into d; for
    shf.r, the least-significant 32-bits". "u32 n = (.mode == .clamp) ?
    min(c, 32) : c & 0x1f;" (the pseudocode's `a >> (32-n)` at n = 0 read by
    the description: the 64-bit shift)."""
    n = min(c, 32) if "clamp" in f.mods else c & 0x1F
    v = (b << 32) | a
    if "l" in f.mods:
        return ((v << n) >> 32) & mask(32)
    return (v >> n) & mask(32)


def op_shl(f, prof, a, b):
    """9.7.8.8 shl: "d = a << b;" "Shift amounts greater than the register
    width N are clamped to N." (b: "unsigned 32-bit value")."""
    return (a << min(b, f.w)) & mask(f.w)


def op_shr(f, prof, a, b):
    """9.7.8.9 shr: "d = a >> b;" "Signed shifts fill with the sign bit,
    unsigned and untyped shifts fill with 0." "Shift amounts greater than the
    register width N are clamped to N."""
    n = min(b, f.w)
    if f.sgn:
        return signed(a, f.w) >> n
    return a >> n


# ---------------------------------------------------------------------------
# 9.7.9.7 prmt
# ---------------------------------------------------------------------------

# The mode table of 9.7.9.7: for each mode and selector c[1:0], the source
# byte of d.b3, d.b2, d.b1, d.b0 (transcribed row by row).
PRMT_TABLE = {
    "f4e": [(3, 2, 1, 0), (4, 3, 2, 1), (5, 4, 3, 2), (6, 5, 4, 3)],
    "b4e": [(5, 6, 7, 0), (6, 7, 0, 1), (7, 0, 1, 2), (0, 1, 2, 3)],
    "rc8": [(0, 0, 0, 0), (1, 1, 1, 1), (2, 2, 2, 2), (3, 3, 3, 3)],
    "ecl": [(3, 2, 1, 0), (3, 2, 1, 1), (3, 2, 2, 2), (3, 3, 3, 3)],
    "ecr": [(0, 0, 0, 0), (1, 1, 1, 0), (2, 2, 1, 0), (3, 2, 1, 0)],
    "rc16": [(1, 0, 1, 0), (3, 2, 3, 2), (1, 0, 1, 0), (3, 2, 3, 2)],
}


def op_prmt(f, prof, a, b, c):
    """9.7.9.7 prmt: "tmp64 = (b<<32) | a; // create 8 byte source
    if ( ! mode ) { ctl[0] = (c >> 0) & 0xf; ctl[1] = (c >> 4) & 0xf;
    ctl[2] = (c >> 8) & 0xf; ctl[3] = (c >> 12) & 0xf; } else { ctl[0] =
    ctl[1] = ctl[2] = ctl[3] = (c >> 0) & 0x3; }  tmp[07:00] = ReadByte(mode,
    ctl[0], tmp64); ..."

    Generic form: "The 3 lsbs of the selection value specify which of the 8
    source bytes should be moved into the target position. The msb defines if
    the byte value should be copied, or if the sign (msb of the byte) should
    be replicated over all 8 bits of the target position"; "the sign
    extension is only performed as part of generic form." Modes: the table
    (PRMT_TABLE).
    """
    tmp64 = (b << 32) | a
    byte = lambda i: (tmp64 >> (8 * i)) & 0xFF
    mode = next((m for m in f.mods if m in PRMT_TABLE), None)
    out = []
    if mode is None:
        for k in range(4):
            ctl = (c >> (4 * k)) & 0xF
            v = byte(ctl & 7)
            if ctl & 8:
                v = 0xFF if v & 0x80 else 0
            out.append(v)
    else:
        row = PRMT_TABLE[mode][c & 3]       # (d.b3, d.b2, d.b1, d.b0)
        out = [byte(row[3 - k]) for k in range(4)]
    return join_lanes(out, 8)


OPS = {
    "add": op_add, "sub": op_sub, "mul": op_mul, "mad": op_mad,
    "mul24": op_mul24, "mad24": op_mad24, "sad": op_sad, "div": op_div,
    "rem": op_rem, "abs": op_abs, "neg": op_neg, "min": op_min,
    "max": op_max, "popc": op_popc, "clz": op_clz, "bfind": op_bfind,
    "fns": op_fns, "brev": op_brev, "bfe": op_bfe, "bfi": op_bfi,
    "szext": op_szext, "bmsk": op_bmsk, "dp4a": op_dp4a, "dp2a": op_dp2a,
    "clmad": op_clmad,
    "add.cc": op_add_cc, "addc": op_addc, "sub.cc": op_sub_cc,
    "subc": op_subc, "mad.cc": op_mad_cc, "madc": op_madc,
    "and": op_and, "or": op_or, "xor": op_xor, "not": op_not,
    "cnot": op_cnot, "lop3": op_lop3, "shf": op_shf, "shl": op_shl,
    "shr": op_shr, "prmt": op_prmt,
}


# ---------------------------------------------------------------------------
# The forms, from the syntax lines and the PTX ISA / Target ISA Notes
# ---------------------------------------------------------------------------

F120 = "sm_120f"   # "supported on following family-specific architectures:
                   # sm_120f or higher in the same family"


def all_forms():
    """[(form, min PTX ISA version, min target)] in the ISA's order."""
    out = []
    add = lambda f, v, t: out.append((f, v, t))
    scal = ["u16", "u32", "u64", "s16", "s32", "s64"]
    # 9.7.1.1 add: "add.type1 d, a, b; add{.sat}.type2 d, a, b;" ...
    # "add.u16x2 and add.s16x2 introduced in PTX ISA version 8.0" "require
    # sm_90"; "add{.sat}.u8x4, add{.sat}.s8x4, add.sat.u16x2, add.sat.s16x2
    # and add.sat.u32 introduced in PTX ISA version 9.2", sm_120f.
    for t in scal:
        add("add." + t, "1.0", "sm_10")
    add("add.sat.s32", "1.0", "sm_10")
    add("add.u16x2", "8.0", "sm_90")
    add("add.s16x2", "8.0", "sm_90")
    for f in ("add.u8x4", "add.s8x4", "add.sat.u8x4", "add.sat.s8x4",
              "add.sat.u16x2", "add.sat.s16x2", "add.sat.u32"):
        add(f, "9.2", F120)
    # 9.7.1.2 sub: ".type1 = { .u16, .u32, .u64, .s16, .s64 }; .type2 =
    # { .s32, .u8x4, .s8x4 }"; "sub.u8x4, sub.s8x4 introduced in 9.2".
    for t in scal:
        add("sub." + t, "1.0", "sm_10")
    add("sub.sat.s32", "1.0", "sm_10")
    for f in ("sub.u8x4", "sub.s8x4", "sub.sat.u8x4", "sub.sat.s8x4"):
        add(f, "9.2", F120)
    # 9.7.1.3/4 mul, mad: ".mode = { .hi, .lo, .wide }"; "The .wide suffix
    # is supported only for 16- and 32-bit integer types."; mad.hi.sat.s32.
    for op in ("mul", "mad"):
        for m in ("lo", "hi", "wide"):
            for t in scal:
                if m == "wide" and t.endswith("64"):
                    continue
                add("%s.%s.%s" % (op, m, t), "1.0", "sm_10")
    add("mad.hi.sat.s32", "1.0", "sm_10")
    # clmad (PTX ISA 9.3): ".mode = { .lo, .hi }"; target per docs/NVIDIA.md
    # "clmad": sm_80 (ptxas's message; the ISA text was not available).
    add("clmad.lo.u64", "9.3", "sm_80")
    add("clmad.hi.u64", "9.3", "sm_80")
    # 9.7.1.5/6 mul24, mad24: ".mode = { .hi, .lo }; .type = { .u32, .s32 }";
    # "mad24.hi.sat.s32 d, a, b, c;".
    for op in ("mul24", "mad24"):
        for m in ("lo", "hi"):
            for t in ("u32", "s32"):
                add("%s.%s.%s" % (op, m, t), "1.0", "sm_10")
    add("mad24.hi.sat.s32", "1.0", "sm_10")
    # 9.7.1.7-9 sad, div, rem: all six types, PTX ISA 1.0.
    for op in ("sad", "div", "rem"):
        for t in scal:
            add("%s.%s" % (op, t), "1.0", "sm_10")
    # 9.7.1.10/11 abs, neg: ".type = { .s16, .s32, .s64 }"; neg.s8x4 9.2.
    for op in ("abs", "neg"):
        for t in ("s16", "s32", "s64"):
            add("%s.%s" % (op, t), "1.0", "sm_10")
    add("neg.s8x4", "9.2", F120)
    # 9.7.1.12/13 min, max: ".type1 = { .u16, .u32, .u64, .u16x2, .u8x4,
    # .s16, .s64 }; .type2 = { .s16x2, .s32, .s8x4 }" with {.relu} on type2.
    for op in ("min", "max"):
        for t in scal:
            add("%s.%s" % (op, t), "1.0", "sm_10")
        add(op + ".u16x2", "8.0", "sm_90")
        add(op + ".s16x2", "8.0", "sm_90")
        add(op + ".u8x4", "9.2", F120)
        add(op + ".s8x4", "9.2", F120)
        add(op + ".relu.s8x4", "9.2", F120)
        add(op + ".relu.s16x2", "8.0", "sm_90")
        add(op + ".relu.s32", "8.0", "sm_90")
    # 9.7.1.14-20: PTX ISA 2.0, sm_20 (fns: 6.0, sm_30).
    for op in ("popc", "clz"):
        for t in ("b32", "b64"):
            add("%s.%s" % (op, t), "2.0", "sm_20")
    for sh in ("", "shiftamt."):
        for t in ("u32", "u64", "s32", "s64"):
            add("bfind.%s%s" % (sh, t), "2.0", "sm_20")
    add("fns.b32", "6.0", "sm_30")
    add("brev.b32", "2.0", "sm_20")
    add("brev.b64", "2.0", "sm_20")
    for t in ("u32", "u64", "s32", "s64"):
        add("bfe." + t, "2.0", "sm_20")
    add("bfi.b32", "2.0", "sm_20")
    add("bfi.b64", "2.0", "sm_20")
    # 9.7.1.21/22 szext, bmsk: PTX ISA 7.6, sm_70.
    for m in ("clamp", "wrap"):
        for t in ("u32", "s32"):
            add("szext.%s.%s" % (m, t), "7.6", "sm_70")
    add("bmsk.clamp.b32", "7.6", "sm_70")
    add("bmsk.wrap.b32", "7.6", "sm_70")
    # 9.7.1.23/24 dp4a, dp2a: PTX ISA 5.0, sm_61.
    ts = ("u32", "s32")
    for x in ts:
        for y in ts:
            add("dp4a.%s.%s" % (x, y), "5.0", "sm_61")
    for m in ("lo", "hi"):
        for x in ts:
            for y in ts:
                add("dp2a.%s.%s.%s" % (m, x, y), "5.0", "sm_61")
    # 9.7.2.1-4: "32-bit add.cc introduced in PTX ISA version 1.2. 64-bit
    # add.cc introduced in PTX ISA version 4.3." "64-bit add.cc requires
    # sm_20 or higher." (likewise addc, sub.cc, subc).
    ver = lambda t: ("1.2", "sm_10") if t.endswith("32") else ("4.3", "sm_20")
    for op in ("add", "sub"):
        for t in ("u32", "s32", "u64", "s64"):
            add("%s.cc.%s" % (op, t), *ver(t))
        for t in ("u32", "s32", "u64", "s64"):
            add("%sc.%s" % (op, t), *ver(t))
            add("%sc.cc.%s" % (op, t), *ver(t))
    # 9.7.2.5/6: "32-bit mad.cc introduced in PTX ISA version 3.0. 64-bit
    # mad.cc introduced in PTX ISA version 4.3." "Requires target sm_20".
    ver = lambda t: ("3.0", "sm_20") if t.endswith("32") else ("4.3", "sm_20")
    for t in ("u32", "s32", "u64", "s64"):
        for m in ("lo", "hi"):
            add("mad.%s.cc.%s" % (m, t), *ver(t))
    for t in ("u32", "s32", "u64", "s64"):
        for m in ("lo", "hi"):
            add("madc.%s.%s" % (m, t), *ver(t))
            add("madc.%s.cc.%s" % (m, t), *ver(t))
    # 9.7.8.1-5: ".type = { .pred, .b16, .b32, .b64 }" (cnot without .pred).
    for op in ("and", "or", "xor", "not"):
        for t in ("pred", "b16", "b32", "b64"):
            add("%s.%s" % (op, t), "1.0", "sm_10")
    for t in ("b16", "b32", "b64"):
        add("cnot." + t, "1.0", "sm_10")
    # 9.7.8.6 lop3: 4.3, sm_50; ".BoolOp" 8.2, sm_70.
    add("lop3.b32", "4.3", "sm_50")
    add("lop3.or.b32", "8.2", "sm_70")
    add("lop3.and.b32", "8.2", "sm_70")
    # 9.7.8.7 shf: "Introduced in PTX ISA version 3.1." "Requires sm_32".
    for d in ("l", "r"):
        for m in ("clamp", "wrap"):
            add("shf.%s.%s.b32" % (d, m), "3.1", "sm_32")
    # 9.7.8.8/9 shl, shr.
    for t in ("b16", "b32", "b64"):
        add("shl." + t, "1.0", "sm_10")
    for t in ("b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64"):
        add("shr." + t, "1.0", "sm_10")
    # 9.7.9.7 prmt: 2.0, sm_20.
    add("prmt.b32", "2.0", "sm_20")
    for m in ("f4e", "b4e", "rc8", "ecl", "ecr", "rc16"):
        add("prmt.b32." + m, "2.0", "sm_20")
    return out


def fmt(v, w):
    """Hex of a w-bit value (a predicate: 0 or 1)."""
    if w == 1:
        return str(v)
    return "%0*x" % ((w + 3) // 4, v)


# ---------------------------------------------------------------------------
# Self-check: second formulations
# ---------------------------------------------------------------------------

def _ctypes_check(rng, n):
    """Wrapping arithmetic against ctypes' fixed-width integers."""
    import ctypes
    C = {(16, False): ctypes.c_uint16, (16, True): ctypes.c_int16,
         (32, False): ctypes.c_uint32, (32, True): ctypes.c_int32,
         (64, False): ctypes.c_uint64, (64, True): ctypes.c_int64}
    bad = 0
    for t in ("u16", "u32", "u64", "s16", "s32", "s64"):
        lw, _, sg, _ = TYPES[t]
        ct = C[(lw, sg)]
        raw = lambda v: ct(v).value & mask(lw)
        for _ in range(n):
            a, b, c = (rng.getrandbits(lw) for _ in range(3))
            va, vb, vc = ct(a).value, ct(b).value, ct(c).value
            exp = {
                "add.": raw(va + vb), "sub.": raw(va - vb),
                "mul.lo.": raw(va * vb), "mad.lo.": raw(va * vb + vc),
            }
            for p, e in exp.items():
                got = Form(p + t).eval(*((a, b, c) if p == "mad.lo." else (a, b)))[0]
                if got != e:
                    bad += 1
    return bad


def _bfe_formula(w, sgn, a, pos, ln):
    """bfe by shifts and masks (a second formulation)."""
    if ln == 0:
        return 0
    if pos >= w:
        top = (a >> (w - 1)) & 1
        return mask(w) if (sgn and top) else 0
    n = min(ln, w - pos)                    # bits taken from a
    field = (a >> pos) & mask(n)
    if sgn:
        sb = (a >> min(pos + ln - 1, w - 1)) & 1
        if sb:
            field |= mask(w) & ~mask(n)
    return field


def _bfi_formula(w, a, b, pos, ln):
    if pos >= w or ln == 0:
        return b
    n = min(ln, w - pos)
    m = mask(n) << pos
    return (b & ~m) | ((a << pos) & m)


def _lop3_minterms(a, b, c, lut):
    """lop3 as the OR of the minterms the immLut bits select."""
    M = mask(32)
    d = 0
    for k in range(8):
        if (lut >> k) & 1:
            d |= ((a if k & 4 else ~a) & (b if k & 2 else ~b)
                  & (c if k & 1 else ~c)) & M
    return d


def _prmt_formula(mode, a, b, c):
    """The mode table of 9.7.9.7 by index formulas (d.bk for k = 0..3)."""
    s = c & 3
    idx = {
        "f4e": lambda k: (s + k) & 7,
        "b4e": lambda k: (s - k) & 7,
        "rc8": lambda k: s,
        "ecl": lambda k: max(k, s),
        "ecr": lambda k: min(k, s),
        "rc16": lambda k: (k & 1) + 2 * (s & 1),
    }[mode]
    src = (b << 32) | a
    return join_lanes([(src >> (8 * idx(k))) & 0xFF for k in range(4)], 8)


def _fns_scan(msk, base, off):
    """fns by listing the set bits (a second formulation)."""
    if off == -(1 << 31):
        return 0
    if base > 31:
        return 0xffffffff
    if off == 0:
        return base if (msk >> base) & 1 else 0xffffffff
    if off > 0:
        ones = [i for i in range(base, 32) if (msk >> i) & 1]
    else:
        ones = [i for i in range(base, -1, -1) if (msk >> i) & 1]
    k = abs(off) - 1
    return ones[k] if k < len(ones) else 0xffffffff


def _clmad_columns(a, b):
    """The carryless product by column parities."""
    r = 0
    for k in range(127):
        p = 0
        for i in range(max(0, k - 63), min(k, 63) + 1):
            p ^= ((a >> i) & 1) & ((b >> (k - i)) & 1)
        r |= p << k
    return r


def selfcheck(seed=12345, n=2000, verbose=True):
    """Check the model against second formulations; returns failures."""
    rng = random.Random(seed)
    fails = []

    def check(name, got, exp, args):
        if got != exp:
            fails.append((name, args, got, exp))

    # The forms list is well formed and every form evaluates.
    forms = [f for f, _, _ in all_forms()]
    assert len(forms) == len(set(forms)), "duplicate forms"
    for f in forms:
        fo = Form(f)
        ops = [rng.getrandbits(w) for w in fo.source_widths()]
        fo.eval(*ops)

    # Wrapping arithmetic against ctypes.
    b = _ctypes_check(rng, n // 4)
    check("ctypes", b, 0, ())

    # Every 8-bit-lane form on every byte pair in lane 0 (others random).
    for f in forms:
        fo = Form(f)
        if fo.lw != 8:
            continue
        for x in range(256):
            for y in range(0, 256, 3):
                ra, rb = rng.getrandbits(24) << 8, rng.getrandbits(24) << 8
                args = (x | ra, y | rb)[: len(fo.source_widths())]
                got = fo.eval(*args)[0] & 0xFF
                sx = signed(x, 8) if fo.sgn else x
                sy = signed(y, 8) if fo.sgn else y
                lo, hi = type_range(8, fo.sgn)
                e = {"add": sx + sy, "sub": sx - sy, "neg": -sx,
                     "min": min(sx, sy), "max": max(sx, sy)}[fo.op]
                if fo.sat:
                    e = clamp(e, lo, hi)
                if fo.relu:
                    e = max(e, 0)
                check(f, got, e & 0xFF, args)

    # div/rem: q*b + r == a, |r| < |b|, r has a's sign (or is 0).
    for t in ("u16", "u32", "u64", "s16", "s32", "s64"):
        lw, _, sg, _ = TYPES[t]
        for _ in range(n):
            a, bb = rng.getrandbits(lw), rng.getrandbits(rng.choice([3, lw // 2, lw]))
            if bb == 0:
                check("div0", Form("div." + t).eval(a, 0)[0], mask(lw), (a,))
                continue
            q = Form("div." + t).eval(a, bb)[0]
            r = Form("rem." + t).eval(a, bb)[0]
            va, vb = (signed(a, lw), signed(bb, lw)) if sg else (a, bb)
            vq, vr = (signed(q, lw), signed(r, lw)) if sg else (q, r)
            if sg and va == -(1 << (lw - 1)) and vb == -1:
                check("divmin", (vq, vr), (va, 0), (a, bb))
                continue
            ok = vq * vb + vr == va and abs(vr) < abs(vb) and (vr == 0 or (vr < 0) == (va < 0))
            check("divrem." + t, ok, True, (a, bb))

    # mul/mad .hi and .wide against each other: wide == hi:lo.
    for t in ("u16", "u32", "s16", "s32"):
        lw = TYPES[t][0]
        for _ in range(n):
            a, bb = rng.getrandbits(lw), rng.getrandbits(lw)
            wd = Form("mul.wide." + t).eval(a, bb)[0]
            hi = Form("mul.hi." + t).eval(a, bb)[0]
            lo = Form("mul.lo." + t).eval(a, bb)[0]
            check("wide=hi:lo " + t, wd, (hi << lw) | lo, (a, bb))

    # Multiword chains (the ISA's examples): 128-bit add and subtract with
    # add.cc/addc.cc/addc on 32-bit words; the 9.7.2.6 multiword multiply.
    def words(v, k):
        return [(v >> (32 * i)) & mask(32) for i in range(k)]
    for _ in range(n):
        x, y = rng.getrandbits(128), rng.getrandbits(128)
        X, Y = words(x, 4), words(y, 4)
        d0, cf = Form("add.cc.u32").eval(X[0], Y[0])
        d1, cf = Form("addc.cc.u32").eval(X[1], Y[1], cf)
        d2, cf = Form("addc.cc.u32").eval(X[2], Y[2], cf)
        d3, = Form("addc.u32").eval(X[3], Y[3], cf)
        check("add128", d0 | d1 << 32 | d2 << 64 | d3 << 96, (x + y) & mask(128), (x, y))
        for prof in (PROFILE, ISA_LITERAL):
            d0, cf = Form("sub.cc.u32").eval(X[0], Y[0], profile=prof)
            d1, cf = Form("subc.cc.u32").eval(X[1], Y[1], cf, profile=prof)
            d2, cf = Form("subc.cc.u32").eval(X[2], Y[2], cf, profile=prof)
            d3, = Form("subc.u32").eval(X[3], Y[3], cf, profile=prof)
            check("sub128", d0 | d1 << 32 | d2 << 64 | d3 << 96, (x - y) & mask(128), (x, y))
        # [r3,r2,r1,r0] = [r5,r4] * [r7,r6] (the madc example).
        p, q = rng.getrandbits(64), rng.getrandbits(64)
        r4, r5 = words(p, 2)
        r6, r7 = words(q, 2)
        F = Form
        r0, = F("mul.lo.u32").eval(r4, r6)
        r1, = F("mul.hi.u32").eval(r4, r6)
        r1, cf = F("mad.lo.cc.u32").eval(r5, r6, r1)
        r2, = F("madc.hi.u32").eval(r5, r6, 0, cf)
        r1, cf = F("mad.lo.cc.u32").eval(r4, r7, r1)
        r2, cf = F("madc.hi.cc.u32").eval(r4, r7, r2, cf)
        r3, = F("addc.u32").eval(0, 0, cf)
        r2, cf = F("mad.lo.cc.u32").eval(r5, r7, r2)
        r3, = F("madc.hi.u32").eval(r5, r7, r3, cf)
        check("madc example", r0 | r1 << 32 | r2 << 64 | r3 << 96, p * q, (p, q))
        # The same on 64-bit words: 128x128 -> 256 schoolbook with carries.
        A, B = rng.getrandbits(128), rng.getrandbits(128)
        a0, a1 = A & mask(64), A >> 64
        b0, b1 = B & mask(64), B >> 64
        z0, = F("mul.lo.u64").eval(a0, b0)
        z1, = F("mul.hi.u64").eval(a0, b0)
        z1, cf = F("mad.lo.cc.u64").eval(a1, b0, z1)
        z2, = F("madc.hi.u64").eval(a1, b0, 0, cf)
        z1, cf = F("mad.lo.cc.u64").eval(a0, b1, z1)
        z2, cf = F("madc.hi.cc.u64").eval(a0, b1, z2, cf)
        z3, = F("addc.u64").eval(0, 0, cf)
        z2, cf = F("mad.lo.cc.u64").eval(a1, b1, z2)
        z3, = F("madc.hi.u64").eval(a1, b1, z3, cf)
        check("madc u64", z0 | z1 << 64 | z2 << 128 | z3 << 192, A * B, (A, B))

    # The borrow reading and the carry reading give complementary flags.
    for _ in range(n):
        for t in ("u32", "u64"):
            lw = TYPES[t][0]
            a, bb, ci = rng.getrandbits(lw), rng.getrandbits(lw), rng.getrandbits(1)
            d1, c1 = Form("subc.cc." + t).eval(a, bb, ci)
            d2, c2 = Form("subc.cc." + t).eval(a, bb, 1 - ci, profile=ISA_LITERAL)
            check("borrow=~carry", (d1, c1), (d2, 1 - c2), (a, bb, ci))

    # bfe/bfi against shift-and-mask formulas; every pos/len up to 80.
    for t in ("u32", "s32", "u64", "s64"):
        lw, _, sg, _ = TYPES[t]
        fo = Form("bfe." + t)
        for pos in range(0, 80):
            for ln in range(0, 80, 3):
                a = rng.getrandbits(lw)
                check("bfe." + t, fo.eval(a, pos, ln)[0], _bfe_formula(lw, sg, a, pos, ln), (a, pos, ln))
    for t in ("b32", "b64"):
        lw = TYPES[t][0]
        fo = Form("bfi." + t)
        for pos in range(0, 80):
            for ln in range(0, 80, 3):
                a, bb = rng.getrandbits(lw), rng.getrandbits(lw)
                check("bfi." + t, fo.eval(a, bb, pos, ln)[0], _bfi_formula(lw, a, bb, pos, ln), (a, bb, pos, ln))

    # szext against sign/zero extension of the low N bits; bmsk against
    # ((1 << width) - 1) << pos.
    for t in ("u32", "s32"):
        for m in ("clamp", "wrap"):
            fo = Form("szext.%s.%s" % (m, t))
            for N in list(range(0, 70)) + [0xFFFFFFFF, 0x80000000, 0x100]:
                a = rng.getrandbits(32)
                if N >= 32 and m == "clamp":
                    e = a
                else:
                    nn = N & 31
                    if nn == 0:
                        e = 0
                    else:
                        e = bits(signed(a, nn) if t == "s32" else a & mask(nn), 32)
                check(fo.text, fo.eval(a, N)[0], e, (a, N))
    for m in ("clamp", "wrap"):
        fo = Form("bmsk.%s.b32" % m)
        for p in list(range(0, 40)) + [0xFFFFFFFF, 0x80000000]:
            for wd in list(range(0, 40)) + [0xFFFFFFFF, 0x80000000]:
                if m == "clamp":
                    if p >= 32:
                        e = 0
                    else:
                        e = (mask(min(wd, 32)) << p) & mask(32)
                else:
                    e = (mask(wd & 31) << (p & 31)) & mask(32)
                check(fo.text, fo.eval(p, wd)[0], e, (p, wd))

    # fns: every base and offset in -40..40 on random masks, and the examples
    # of 9.7.1.17.
    fo = Form("fns.b32")
    for msk in [0, 0xFFFFFFFF, 0xAAAAAAAA, 0x80000001] + [rng.getrandbits(32) for _ in range(6)]:
        for base in list(range(0, 34)) + [0xFFFFFFFF]:
            for off in list(range(-40, 41)) + [-(1 << 31), (1 << 31) - 1]:
                check("fns", fo.eval(msk, base, bits(off, 32))[0], _fns_scan(msk, base, off), (msk, base, off))
    for base, off, e in ((3, 1, 3), (3, -1, 3), (2, 1, 3), (2, -1, 1)):
        check("fns example", fo.eval(0xAAAAAAAA, base, bits(off, 32))[0], e, (base, off))

    # bmsk example: "bmsk.wrap.b32 rd, 1, 2; // Creates a bitmask of
    # 0x00000006."; szext example: "szext.wrap.u32 rd, 0xffffffff, 0; //
    # Result is 0."
    check("bmsk example", Form("bmsk.wrap.b32").eval(1, 2)[0], 6, ())
    check("szext example", Form("szext.wrap.u32").eval(0xFFFFFFFF, 0)[0], 0, ())

    # popc, clz, bfind, brev against string formulations.
    for t in ("32", "64"):
        w = int(t)
        for _ in range(n):
            a = rng.getrandbits(rng.randint(0, w))
            s = format(a, "0%db" % w)
            check("popc", Form("popc.b" + t).eval(a)[0], s.count("1"), (a,))
            check("clz", Form("clz.b" + t).eval(a)[0], len(s) - len(s.lstrip("0")), (a,))
            check("brev", Form("brev.b" + t).eval(a)[0], int(s[::-1], 2), (a,))
            e = s.find("1")
            check("bfind.u", Form("bfind.u" + t).eval(a)[0], 0xFFFFFFFF if e < 0 else w - 1 - e, (a,))
            check("bfind.shiftamt.u", Form("bfind.shiftamt.u" + t).eval(a)[0], 0xFFFFFFFF if e < 0 else e, (a,))
            na = a if s[0] == "0" else (~a & mask(w))
            ns = format(na, "0%db" % w)
            e = ns.find("1")
            check("bfind.s", Form("bfind.s" + t).eval(a)[0], 0xFFFFFFFF if e < 0 else w - 1 - e, (a,))

    # lop3: every immLut against the minterm formulation, and the ISA's
    # immLut examples (F = a & b & c -> 0x80, a | b | c -> 0xFE,
    # a & b & ~c -> 0x40, (a & b | c) ^ a -> 0x1A).
    fo = Form("lop3.b32")
    for lut in range(256):
        for _ in range(4):
            a, bb, c = (rng.getrandbits(32) for _ in range(3))
            check("lop3", fo.eval(a, bb, c, lut)[0], _lop3_minterms(a, bb, c, lut), (a, bb, c, lut))
    for lut, fn in ((0x80, lambda a, b, c: a & b & c), (0xFE, lambda a, b, c: a | b | c),
                    (0x40, lambda a, b, c: a & b & ~c), (0x1A, lambda a, b, c: (a & b | c) ^ a)):
        a, bb, c = (rng.getrandbits(32) for _ in range(3))
        check("lop3 example", fo.eval(a, bb, c, lut)[0], fn(a, bb, c) & mask(32), (lut,))
    for bo in ("or", "and"):
        fb = Form("lop3.%s.b32" % bo)
        for lut in (0, 0xFF, 0x80, 0x3F):
            for q in (0, 1):
                a, bb, c = (rng.getrandbits(32) for _ in range(3))
                d = fo.eval(a, bb, c, lut)[0]
                e = (d != 0) or q if bo == "or" else (d != 0) and q
                check("lop3." + bo, fb.eval(a, bb, c, lut, q), (d, int(bool(e))), (lut, q))

    # shf against rotate/shift identities; shl/shr against Python shifts.
    for _ in range(n):
        a, bb = rng.getrandbits(32), rng.getrandbits(32)
        nn = rng.randint(0, 31)
        rot_l = ((a << nn) | (a >> (32 - nn))) & mask(32) if nn else a
        rot_r = ((a >> nn) | (a << (32 - nn))) & mask(32) if nn else a
        check("shf.l rot", Form("shf.l.wrap.b32").eval(a, a, nn)[0], rot_l, (a, nn))
        check("shf.r rot", Form("shf.r.wrap.b32").eval(a, a, nn)[0], rot_r, (a, nn))
        c = rng.choice([nn, 32, 33, 0xFFFFFFFF, rng.getrandbits(32)])
        k = min(c, 32)
        check("shf.l.clamp", Form("shf.l.clamp.b32").eval(a, bb, c)[0],
              (((bb << 32 | a) << k) >> 32) & mask(32), (a, bb, c))
        check("shf.r.clamp", Form("shf.r.clamp.b32").eval(a, bb, c)[0],
              ((bb << 32 | a) >> k) & mask(32), (a, bb, c))
        for t in ("16", "32", "64"):
            w = int(t)
            x = rng.getrandbits(w)
            s = rng.choice([0, 1, w - 1, w, w + 1, 0xFFFFFFFF, rng.randint(0, 2 * w)])
            check("shl", Form("shl.b" + t).eval(x, s)[0], (x << s) & mask(w) if s < w else 0, (x, s))
            check("shr.u", Form("shr.u" + t).eval(x, s)[0], x >> s if s < w else 0, (x, s))
            sx = signed(x, w)
            check("shr.s", Form("shr.s" + t).eval(x, s)[0],
                  bits(sx >> s if s < w else (-1 if sx < 0 else 0), w), (x, s))

    # prmt: the table against index formulas for every mode and selector,
    # the generic form against a per-nibble formulation.
    for mode in PRMT_TABLE:
        fo = Form("prmt.b32." + mode)
        for c in range(16):
            a, bb = rng.getrandbits(32), rng.getrandbits(32)
            cc = c | (rng.getrandbits(28) << 4)
            check("prmt." + mode, fo.eval(a, bb, cc)[0], _prmt_formula(mode, a, bb, cc), (a, bb, cc))
    fo = Form("prmt.b32")
    for _ in range(n):
        a, bb, c = (rng.getrandbits(32) for _ in range(3))
        src = a.to_bytes(4, "little") + bb.to_bytes(4, "little")
        out = bytearray()
        for k in range(4):
            nib = (c >> (4 * k)) & 0xF
            v = src[nib & 7]
            out.append((0xFF if v >= 0x80 else 0) if nib >= 8 else v)
        check("prmt", fo.eval(a, bb, c)[0], int.from_bytes(bytes(out), "little"), (a, bb, c))

    # clmad against column parities.
    for _ in range(n // 10):
        a, bb, c = (rng.getrandbits(64) for _ in range(3))
        t = _clmad_columns(a, bb)
        check("clmad.lo", Form("clmad.lo.u64").eval(a, bb, c)[0], (t & mask(64)) ^ c, (a, bb, c))
        check("clmad.hi", Form("clmad.hi.u64").eval(a, bb, c)[0], (t >> 64) ^ c, (a, bb, c))
    check("clmad 3*5^7", Form("clmad.lo.u64").eval(3, 5, 7)[0], 8, ())

    # dp4a/dp2a against int.from_bytes with signedness.
    for _ in range(n):
        a, bb, c = (rng.getrandbits(32) for _ in range(3))
        for at in ("u32", "s32"):
            for bt in ("u32", "s32"):
                A = [int.from_bytes(a.to_bytes(4, "little")[i:i + 1], "little", signed=at == "s32") for i in range(4)]
                Bv = [int.from_bytes(bb.to_bytes(4, "little")[i:i + 1], "little", signed=bt == "s32") for i in range(4)]
                A2 = [int.from_bytes(a.to_bytes(4, "little")[i:i + 2], "little", signed=at == "s32") for i in (0, 2)]
                check("dp4a", Form("dp4a.%s.%s" % (at, bt)).eval(a, bb, c)[0],
                      bits(c + sum(x * y for x, y in zip(A, Bv)), 32), (a, bb, c))
                check("dp2a.lo", Form("dp2a.lo.%s.%s" % (at, bt)).eval(a, bb, c)[0],
                      bits(c + A2[0] * Bv[0] + A2[1] * Bv[1], 32), (a, bb, c))
                check("dp2a.hi", Form("dp2a.hi.%s.%s" % (at, bt)).eval(a, bb, c)[0],
                      bits(c + A2[0] * Bv[2] + A2[1] * Bv[3], 32), (a, bb, c))

    # mul24/mad24 by 48-bit products of the sign/zero-extended low 24 bits.
    for _ in range(n):
        a, bb, c = (rng.getrandbits(32) for _ in range(3))
        for t in ("u32", "s32"):
            x = int.from_bytes(a.to_bytes(4, "little")[:3], "little", signed=t == "s32")
            y = int.from_bytes(bb.to_bytes(4, "little")[:3], "little", signed=t == "s32")
            p48 = (x * y) & mask(48)
            check("mul24.lo", Form("mul24.lo." + t).eval(a, bb)[0], p48 & mask(32), (a, bb))
            check("mul24.hi", Form("mul24.hi." + t).eval(a, bb)[0], p48 >> 16, (a, bb))
            check("mad24.hi", Form("mad24.hi." + t).eval(a, bb, c)[0], ((p48 >> 16) + c) & mask(32), (a, bb, c))
        hi = signed(bits(signed(a, 24) * signed(bb, 24), 48) >> 16, 32)
        check("mad24.hi.sat", Form("mad24.hi.sat.s32").eval(a, bb, c)[0],
              bits(clamp(hi + signed(c, 32), -(1 << 31), (1 << 31) - 1), 32), (a, bb, c))

    if verbose:
        print("selfcheck: %d failures" % len(fails))
        for f in fails[:20]:
            print("  ", f)
    return fails


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    cmd = argv[0]
    if cmd == "forms":
        for f, v, t in all_forms():
            print(f, v, t)
        return 0
    if cmd == "eval":
        fo = Form(argv[1])
        ops = [int(x, 16) for x in argv[2:]]
        r = fo.eval(*ops)
        print(" ".join(fmt(v, w) for v, w in zip(r, fo.result_widths())))
        return 0
    if cmd == "selfcheck":
        return 1 if selfcheck() else 0
    print("unknown command " + cmd, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
