//! The semantics of the integer and bit instructions (PTX ISA 9.7.1, 9.7.2,
//! 9.7.8, 9.7.9.7 `prmt`): two's complement, on the low bits of each
//! operand, width-generic (one code path for 16, 32 and 64 bits, which the
//! tests also run at 8 bits). Where the spec leaves a result open (division
//! by zero), the choice is [`HwProfile`]'s (docs/NVIDIA.md "Integer
//! division by zero").

use crate::quirks::{ByZero, DivOverflow, HwProfile};
use ptxfp_isa::int::{BoolOp, Bound, IntOp, IntOpcode, Part, PrmtMode, ShfDir};
use ptxfp_isa::types::mask;

fn sext(v: u64, bits: u32) -> i128 {
    let s = 64 - bits;
    i128::from(((v << s) as i64) >> s)
}

/// How the low `bits` bits of a register read: width and signedness.
#[derive(Clone, Copy, Debug)]
struct W {
    bits: u32,
    signed: bool,
}

impl W {
    const fn new(bits: u32, signed: bool) -> W {
        W { bits, signed }
    }
    fn m(self) -> u64 {
        mask(self.bits)
    }
    /// The integer the low bits stand for.
    fn val(self, x: u64) -> i128 {
        let x = x & self.m();
        if self.signed && (x >> (self.bits - 1)) & 1 == 1 {
            i128::from(x) - (1i128 << self.bits)
        } else {
            i128::from(x)
        }
    }
    /// The low bits of `v` (two's complement).
    fn wrap(self, v: i128) -> u64 {
        (v as u64) & self.m()
    }
    fn min(self) -> i128 {
        if self.signed {
            -(1i128 << (self.bits - 1))
        } else {
            0
        }
    }
    fn max(self) -> i128 {
        if self.signed {
            (1i128 << (self.bits - 1)) - 1
        } else {
            (1i128 << self.bits) - 1
        }
    }
    /// `.sat`: "limits result to MININT..MAXINT (no overflow) for the size
    /// of the operation".
    fn sat(self, v: i128) -> u64 {
        self.wrap(v.clamp(self.min(), self.max()))
    }
}

/// The exact product of the low `w.bits` bits of `a` and `b`, as the
/// two's-complement pattern of a 128-bit integer (its low `2 * w.bits`
/// bits are the double-width product).
fn product(w: W, a: u64, b: u64) -> u128 {
    if w.signed {
        (w.val(a) * w.val(b)) as u128
    } else {
        u128::from(a & w.m()) * u128::from(b & w.m())
    }
}

/// The number of significant bits of `x` (0 for 0), by halving.
fn bit_length(mut x: u64) -> u32 {
    let mut n = 0;
    for shift in [32, 16, 8, 4, 2, 1] {
        if x >> shift != 0 {
            x >>= shift;
            n += shift;
        }
    }
    n + u32::from(x != 0)
}

/// The number of one bits of `x`, by summing fields in parallel.
fn popcount(x: u64) -> u32 {
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    let x = (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// The low `bits` bits of `x` in reverse order, by swapping halves.
fn reverse(x: u64, bits: u32) -> u64 {
    let mut x = x;
    x = x.rotate_left(32);
    x = ((x >> 16) & 0x0000_ffff_0000_ffff) | ((x & 0x0000_ffff_0000_ffff) << 16);
    x = ((x >> 8) & 0x00ff_00ff_00ff_00ff) | ((x & 0x00ff_00ff_00ff_00ff) << 8);
    x = ((x >> 4) & 0x0f0f_0f0f_0f0f_0f0f) | ((x & 0x0f0f_0f0f_0f0f_0f0f) << 4);
    x = ((x >> 2) & 0x3333_3333_3333_3333) | ((x & 0x3333_3333_3333_3333) << 2);
    x = ((x >> 1) & 0x5555_5555_5555_5555) | ((x & 0x5555_5555_5555_5555) << 1);
    x >> (64 - bits)
}

/// `prmt`'s specialised modes: for each value of `c[1:0]`, the source byte
/// of `d.b0`, `d.b1`, `d.b2`, `d.b3` (9.7.9.7, the table of modes, whose
/// columns run `d.b3 .. d.b0`).
fn prmt_table(mode: PrmtMode) -> [[u8; 4]; 4] {
    match mode {
        // "f4e (forward 4 extract)": 3 2 1 0 / 4 3 2 1 / 5 4 3 2 / 6 5 4 3.
        PrmtMode::F4e => [[0, 1, 2, 3], [1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6]],
        // "b4e (backward 4 extract)": 5 6 7 0 / 6 7 0 1 / 7 0 1 2 / 0 1 2 3.
        PrmtMode::B4e => [[0, 7, 6, 5], [1, 0, 7, 6], [2, 1, 0, 7], [3, 2, 1, 0]],
        // "rc8 (replicate 8)": 0 0 0 0 / 1 1 1 1 / 2 2 2 2 / 3 3 3 3.
        PrmtMode::Rc8 => [[0; 4], [1; 4], [2; 4], [3; 4]],
        // "ecl (edge clamp left)": 3 2 1 0 / 3 2 1 1 / 3 2 2 2 / 3 3 3 3.
        PrmtMode::Ecl => [[0, 1, 2, 3], [1, 1, 2, 3], [2, 2, 2, 3], [3, 3, 3, 3]],
        // "ecr (edge clamp right)": 0 0 0 0 / 1 1 1 0 / 2 2 1 0 / 3 2 1 0.
        PrmtMode::Ecr => [[0, 0, 0, 0], [0, 1, 1, 1], [0, 1, 2, 2], [0, 1, 2, 3]],
        // "rc16 (replicate 16)": 1 0 1 0 / 3 2 3 2 / 1 0 1 0 / 3 2 3 2.
        PrmtMode::Rc16 => [[0, 1, 0, 1], [2, 3, 2, 3], [0, 1, 0, 1], [2, 3, 2, 3]],
    }
}

fn prmt(mode: Option<PrmtMode>, a: u64, b: u64, c: u64) -> u64 {
    // "tmp64 = (b<<32) | a; // create 8 byte source"
    let tmp = ((b & 0xffff_ffff) << 32) | (a & 0xffff_ffff);
    let byte = |k: u64| (tmp >> (8 * (k & 7))) & 0xff;
    let mut d = 0;
    for i in 0..4 {
        let v = match mode {
            None => {
                // "The 3 lsbs of the selection value specify which of the 8
                // source bytes should be moved into the target position. The
                // msb defines if the byte value should be copied, or if the
                // sign (msb of the byte) should be replicated over all 8 bits".
                let sel = (c >> (4 * i)) & 0xf;
                let v = byte(sel);
                if sel & 8 == 0 {
                    v
                } else if v & 0x80 != 0 {
                    0xff
                } else {
                    0
                }
            }
            // "the two lsb's of operand c [...] control the byte extraction".
            Some(m) => byte(u64::from(prmt_table(m)[(c & 3) as usize][i])),
        };
        d |= v << (8 * i);
    }
    d
}

/// `fns`: the position of the `offset`-th set bit of `mask` counting from
/// `base` (upwards for a positive offset, downwards for a negative one,
/// `base` itself for 0), or all ones.
fn fns(mask_: u32, base: u32, offset: i32) -> u64 {
    const NONE: u64 = 0xffff_ffff;
    if base > 31 {
        // NOTE(hw): "Operand base must be <= 31, otherwise behavior is undefined":
        // ptxfp gives "not found", what the spec's loop gives for a nonzero
        // offset (docs/NVIDIA.md "Integer instructions: the other choices").
        return NONE;
    }
    if offset == 0 {
        // "if (offset == 0) { if (mask[base] == 1) { d = base; } }"
        return if (mask_ >> base) & 1 == 1 {
            u64::from(base)
        } else {
            NONE
        };
    }
    // Skip |offset| - 1 set bits in the direction of the search.
    let mut skip = i64::from(offset).abs() - 1;
    let mut m = if offset > 0 {
        mask_ & (u32::MAX << base)
    } else {
        mask_ & (u32::MAX >> (31 - base))
    };
    while m != 0 {
        let pos = if offset > 0 {
            m.trailing_zeros()
        } else {
            31 - m.leading_zeros()
        };
        if skip == 0 {
            return u64::from(pos);
        }
        m &= !(1u32 << pos);
        skip -= 1;
    }
    NONE
}

/// The predicate destination `p` of `lop3.BoolOp.b32 d|p, a, b, c, immLut,
/// q` from `d` (the bits [`EvalInt::compute`] gives) and the predicate `q`
/// (bit 0). 9.7.8.6: "Optionally, .BoolOp can be specified to compute the
/// predicate result p by performing a Boolean operation on the destination
/// operand d with the predicate q in the following manner: p = (d != 0)
/// BoolOp q;".
pub fn lop3_predicate(bool_op: BoolOp, d: u64, q: u64) -> bool {
    bool_op.apply(d & 0xffff_ffff != 0, q & 1 == 1)
}

/// Evaluation of an [`IntOp`].
pub trait EvalInt {
    /// The destination bits from the sources (in the order of the op's
    /// source types), carry-in clear, for NVIDIA's profile.
    fn eval(&self, s: &[u64]) -> u64;

    /// The destination bits and the carry-out (false unless the op writes
    /// it, `.cc`) from the sources and the carry-in `CC.CF` (read by
    /// `addc`, `subc`, `madc`), with `hw`'s choices where the spec leaves
    /// the result open.
    fn compute(&self, s: &[u64], carry: bool, hw: &HwProfile) -> (u64, bool);

    /// [`EvalInt::compute`] as if the instruction type were `bits` wide
    /// (8 ..= 64; the ops whose width the spec fixes at 32, such as `prmt`
    /// or `mul24`, ignore it): the width-generic path the tests run
    /// exhaustively at 8 bits. Not for the packed types.
    #[doc(hidden)]
    fn compute_width(&self, bits: u32, s: &[u64], carry: bool, hw: &HwProfile) -> (u64, bool);
}

impl EvalInt for IntOp {
    fn eval(&self, s: &[u64]) -> u64 {
        self.compute(s, false, &HwProfile::NVIDIA).0
    }

    fn compute(&self, s: &[u64], carry: bool, hw: &HwProfile) -> (u64, bool) {
        let ty = self.ty();
        if ty.lanes() == 1 {
            return self.compute_width(ty.lane_bits(), s, carry, hw);
        }
        // 9.7.1.1/9.7.1.12: "For .u16x2, .s16x2 instruction types, forms
        // input vectors by half word values from source operands. Half-word
        // operands are then [processed] in parallel"; "For .u8x4, .s8x4
        // instruction types, forms input vectors by quarter word values".
        let bits = ty.lane_bits();
        let lane = W::new(bits, ty.is_signed());
        let mut d = 0;
        for i in 0..ty.lanes() {
            let ls: Vec<u64> = s.iter().map(|&x| (x >> (bits * i)) & mask(bits)).collect();
            let (r, _) = scalar(self, lane, &ls, false, hw);
            d |= r << (bits * i);
        }
        (d, false)
    }

    fn compute_width(&self, bits: u32, s: &[u64], carry: bool, hw: &HwProfile) -> (u64, bool) {
        let (d, c) = scalar(self, W::new(bits, self.ty().is_signed()), s, carry, hw);
        (d, c && self.cc())
    }
}

/// The position or length operand of `bfe`/`bfi` at width `n`: the
/// pseudo-code's low byte, or on 64-bit types NVIDIA's whole 32-bit value
/// (hw.bitfield64_whole_operands, docs/NVIDIA.md "bfe and bfi on 64-bit
/// types"), where any value past 255 acts as 255 would, so it is clamped
/// there.
fn bitfield_byte(n: u32, v: u64, hw: &HwProfile) -> u32 {
    if n == 64 && hw.bitfield64_whole_operands {
        (v & 0xffff_ffff).min(0xff) as u32
    } else {
        (v & 0xff) as u32
    }
}

/// One lane of `op` at width `w`; the carry-out is computed for the
/// The carry-less (GF(2)[x]) product of `a` and `b`: `b << i` XORed in for
/// every set bit `i` of `a`. Branch-free: each step masks the shifted `b`
/// by the bit.
fn carryless(a: u64, b: u64) -> u128 {
    let mut t = 0u128;
    for i in 0..64 {
        let bit = u128::from((a >> i) & 1);
        t ^= (u128::from(b) << i) & bit.wrapping_neg();
    }
    t
}

/// carry-chain ops (and ignored by the caller unless `.cc`).
fn scalar(op: &IntOp, w: W, s: &[u64], carry: bool, hw: &HwProfile) -> (u64, bool) {
    use IntOpcode::*;
    let x = |i: usize| s.get(i).copied().unwrap_or(0);
    let (a, b, c) = (x(0), x(1), x(2));
    let m = w.m();
    let n = w.bits;
    let u32w = W::new(32, false);
    let one = |d: u64| (d, false);
    match op.op() {
        Add | Addc => {
            if op.sat() {
                // 9.7.1.1: ".sat limits result to MININT..MAXINT (no
                // overflow) for the size of the operation."
                return one(w.sat(w.val(a) + w.val(b)));
            }
            // "d = a + b + CC.CF" (addc); "carry-out written to CC.CF".
            // "Behavior is the same for unsigned and signed integers."
            let cin = u128::from(op.op() == Addc && carry);
            let sum = u128::from(a & m) + u128::from(b & m) + cin;
            ((sum as u64) & m, (sum >> n) & 1 == 1)
        }
        Sub | Subc => {
            if op.sat() {
                return one(w.sat(w.val(a) - w.val(b)));
            }
            // "d = a - (b + CC.CF)" (subc); "borrow-out written to CC.CF".
            // NVIDIA's flag is the carry of a + ~b + 1 instead, the borrow's
            // complement, in both directions (hw.sub_carry_not_borrow,
            // docs/NVIDIA.md "The carry flag after a subtraction").
            let flip = |f: bool| f != hw.sub_carry_not_borrow;
            let bin = i128::from(op.op() == Subc && flip(carry));
            let diff = i128::from(a & m) - i128::from(b & m) - bin;
            (w.wrap(diff), flip(diff < 0))
        }
        Mul => {
            // "t = a * b; n = bitwidth of type; d = t; // for .wide,
            // d = t<2n-1..n>; // for .hi, d = t<n-1..0>; // for .lo"
            let t = product(w, a, b);
            one(match op.part() {
                Some(Part::Hi) => ((t >> n) as u64) & m,
                Some(Part::Wide) => (t as u64) & mask(2 * n),
                _ => (t as u64) & m,
            })
        }
        Mad | Madc => {
            // "d = t + c; // for .wide", "d = t<2n-1..n> + c; // for .hi",
            // "d = t<n-1..0> + c; // for .lo"; madc: "+ CC.CF".
            let t = product(w, a, b);
            let (part, cw) = match op.part() {
                Some(Part::Hi) => (((t >> n) as u64) & m, w),
                Some(Part::Wide) => ((t as u64) & mask(2 * n), W::new(2 * n, w.signed)),
                _ => ((t as u64) & m, w),
            };
            if op.sat() {
                // "mad.hi.sat.s32": ".sat limits result to MININT..MAXINT".
                return one(w.sat(w.val(part) + w.val(c)));
            }
            let cin = u128::from(op.op() == Madc && carry);
            // "carry-out from addition is written to CC.CF".
            let sum = u128::from(part) + u128::from(c & cw.m()) + cin;
            ((sum as u64) & cw.m(), (sum >> cw.bits) & 1 == 1)
        }
        Clmad => {
            // 9.7.1.5 (PTX ISA 9.3): "performs a carryless multiplication
            // of a and b, followed by a carryless addition of c": the
            // 128-bit product over GF(2) (every partial product XORed), its
            // `.lo` or `.hi` 64 bits, XOR c.
            let t = carryless(a, b);
            let half = match op.part() {
                Some(Part::Hi) => (t >> 64) as u64,
                _ => t as u64,
            };
            one(half ^ c)
        }
        Mul24 | Mad24 => {
            // "Compute the product of two 24-bit integer values held in
            // 32-bit source registers": the low 24 bits of each (docs/NVIDIA.md
            // "Integer instructions: the other choices").
            let w24 = W::new(24, w.signed);
            let t = w24.val(a) * w24.val(b);
            // "d = t<47..16>; // for .hi variant", "d = t<31..0>; // for .lo".
            let part = match op.part() {
                Some(Part::Hi) => t >> 16,
                _ => t,
            };
            let w32 = W::new(32, w.signed);
            if op.op() == Mul24 {
                return one(w32.wrap(part));
            }
            if op.sat() {
                // "limits result of 32-bit signed addition to MININT..MAXINT".
                return one(w32.sat(w32.val(w32.wrap(part)) + w32.val(c)));
            }
            one(w32.wrap(part + w32.val(c)))
        }
        // "d = c + ((a<b) ? b-a : a-b);"
        Sad => one(w.wrap(w.val(c) + (w.val(a) - w.val(b)).abs())),
        Div | Rem => {
            let (p, q) = (w.val(a), w.val(b));
            let div = op.op() == Div;
            if q == 0 {
                // "Division by zero yields an unspecified, machine-specific value."
                let rule = if div { hw.div_by_zero } else { hw.rem_by_zero };
                return one(match rule {
                    ByZero::AllOnes => m,
                    ByZero::Dividend => a & m,
                    ByZero::Zero => 0,
                });
            }
            if w.signed && p == w.min() && q == -1 {
                // The quotient 2^(n-1) does not fit: the profile's choice.
                return one(match (div, hw.div_overflow) {
                    (false, _) => 0,
                    (true, DivOverflow::Wrap) => w.wrap(p),
                    (true, DivOverflow::Saturate) => w.wrap(w.max()),
                });
            }
            // "d = a / b", "d = a % b": the quotient truncated toward zero,
            // the remainder with the sign of the dividend, as C's (which
            // nvcc compiles to these instructions).
            one(w.wrap(if div { p / q } else { p % q }))
        }
        // "d = |a|" (abs of the most negative value wraps to itself).
        Abs => one(w.wrap(w.val(a).abs())),
        // "d = -a"
        Neg => one(w.wrap(-w.val(a))),
        Min | Max => {
            // "d = (a < b) ? a : b; // Integer (signed and unsigned)"
            let (p, q) = (w.val(a), w.val(b));
            let r = if op.op() == Min { p.min(q) } else { p.max(q) };
            // "min.relu.{s16x2, s32} clamps the result to 0 if negative."
            one(w.wrap(if op.relu() { r.max(0) } else { r }))
        }
        // "Count the number of one bits in a".
        Popc => one(u64::from(popcount(a & m))),
        // "Count the number of leading zeros in a starting with the
        // most-significant bit"; 32 (64) for zero.
        Clz => one(u64::from(n - bit_length(a & m))),
        Bfind => {
            // "negate negative signed inputs": "the bit position of the most
            // significant 0 for negative inputs".
            let mut v = a & m;
            if w.signed && (v >> (n - 1)) & 1 == 1 {
                v = !v & m;
            }
            // "bfind returns 0xffffffff if no non-sign bit is found."
            if v == 0 {
                return one(0xffff_ffff);
            }
            let pos = bit_length(v) - 1;
            // ".shiftamt [...] returns the shift amount needed to left-shift
            // the found bit into the most-significant bit position."
            one(u64::from(if op.shiftamt() { n - 1 - pos } else { pos }))
        }
        Fns if c as u32 == 0x8000_0000 => one(u64::from(hw.fns_min_offset)),
        Fns => one(fns(a as u32, b as u32, c as u32 as i32)),
        // "d[i] = a[msb-i]"
        Brev => one(reverse(a & m, n)),
        Bfe => {
            // "pos = b & 0xff; len = c & 0xff;" (on 64-bit types, NVIDIA's
            // whole values: bitfield_byte).
            let (pos, len) = (bitfield_byte(n, b, hw), bitfield_byte(n, c, hw));
            // The bits of the field inside a: "d[i] = (i<len && pos+i<=msb) ? a[pos+i] : sbit".
            let inside = if pos >= n { 0 } else { len.min(n - pos) };
            let field = if inside == 0 {
                0
            } else {
                ((a & m) >> pos) & mask(inside)
            };
            // "if (.type==.u32 || .type==.u64 || len==0) sbit = 0; else
            // sbit = a[min(pos+len-1,msb)];"
            let sbit = w.signed && len != 0 && (a >> (pos + len - 1).min(n - 1)) & 1 == 1;
            one(if sbit {
                field | (m & !mask(inside))
            } else {
                field
            })
        }
        Bfi => {
            // "pos = c & 0xff; len = d & 0xff; f = b; for (i=0; i<len &&
            // pos+i<=msb; i++) f[pos+i] = a[i];" On 64-bit types the whole
            // 32-bit values, as for bfe (hw.bitfield64_whole_operands).
            let (pos, len) = (bitfield_byte(n, c, hw), bitfield_byte(n, x(3), hw));
            if pos >= n || len == 0 {
                return one(b & m);
            }
            let field = mask(len.min(n - pos)) << pos;
            one(((b & !field) | ((a << pos) & field)) & m)
        }
        Szext => {
            // "If the value of N is 0, then the result of szext is 0. If the
            // value of N is 32 or higher, [...] If .mode is .clamp, then the
            // result is the same as the source operand a. If .mode is .wrap,
            // then the result is computed using the wrapped value of N."
            let b32 = b & 0xffff_ffff;
            let width = match op.bound() {
                Some(Bound::Clamp) => b32.min(32) as u32,
                _ => (b32 & 31) as u32,
            };
            one(match width {
                0 => 0,
                32 => a & 0xffff_ffff,
                k if w.signed => W::new(32, false).wrap(sext(a & mask(k), k)),
                k => a & mask(k),
            })
        }
        Bmsk => {
            // "Generates a 32-bit mask starting from the bit position
            // specified in operand a, and of the width specified in operand
            // b"; ".clamp": 0 for a >= 32, width limited to 0..32; ".wrap":
            // both modulo 32.
            let (a32, b32) = (a & 0xffff_ffff, b & 0xffff_ffff);
            let (pos, width) = match op.bound() {
                Some(Bound::Clamp) if a32 >= 32 => return one(0),
                Some(Bound::Clamp) => (a32 as u32, b32.min(32) as u32),
                _ => ((a32 & 31) as u32, (b32 & 31) as u32),
            };
            one((mask(width) << pos) & 0xffff_ffff)
        }
        Dp4a | Dp2a => {
            // "Extract 4 bytes from a 32bit input and sign or zero extend
            // based on input type." (dp2a: two 16-bit values from a.)
            let sa = op.ty().is_signed();
            let sb = op.ty2().is_some_and(|t| t.is_signed());
            let acc_signed = sa || sb;
            let byte = |v: u64, i: u32, s: bool| W::new(8, s).val(v >> (8 * i));
            let half = |v: u64, i: u32, s: bool| W::new(16, s).val(v >> (16 * i));
            let mut d = W::new(32, acc_signed).val(c);
            if op.op() == Dp4a {
                for i in 0..4 {
                    d += byte(a, i, sa) * byte(b, i, sb);
                }
            } else {
                // "b_select = (.mode == .lo) ? 0 : 2;"
                let sel = if op.part() == Some(Part::Hi) { 2 } else { 0 };
                for i in 0..2 {
                    d += half(a, i, sa) * byte(b, sel + i, sb);
                }
            }
            one(u32w.wrap(d))
        }
        // "d = a & b", "d = a | b", "d = a ^ b", "d = ~a".
        And => one(a & b & m),
        Or => one((a | b) & m),
        Xor => one((a ^ b) & m),
        Not => one(!a & m),
        // "d = (a==0) ? 1 : 0;"
        Cnot => one(u64::from(a & m == 0)),
        Lop3 => {
            // "immLut = F(ta, tb, tc)" with ta = 0xF0, tb = 0xCC, tc = 0xAA:
            // bit i of immLut is F at a = i>>2 & 1, b = i>>1 & 1, c = i & 1.
            // F is the OR of the minterms whose bit is set.
            let lut = x(3);
            let lit = |v: u64, on: bool| if on { v } else { !v };
            let mut d = 0;
            for i in 0..8 {
                if (lut >> i) & 1 == 1 {
                    d |= lit(a, i & 4 != 0) & lit(b, i & 2 != 0) & lit(c, i & 1 != 0);
                }
            }
            one(d & 0xffff_ffff)
        }
        Shf => {
            // "u32 n = (.mode == .clamp) ? min(c, 32) : c & 0x1f;"
            let c32 = c & 0xffff_ffff;
            let k = match op.bound() {
                Some(Bound::Clamp) => c32.min(32) as u32,
                _ => (c32 & 31) as u32,
            };
            // "Operand b holds bits 63:32 and operand a holds bits 31:0".
            let pair = ((b & 0xffff_ffff) << 32) | (a & 0xffff_ffff);
            one(match op.dir() {
                // "For shf.l, the most-significant 32-bits of the result".
                Some(ShfDir::L) => ((pair << k) >> 32) & 0xffff_ffff,
                // "for shf.r, the least-significant 32-bits of the result".
                _ => (pair >> k) & 0xffff_ffff,
            })
        }
        Shl => {
            // "Shift amounts greater than the register width N are clamped to N."
            let k = b & 0xffff_ffff;
            one(if k >= u64::from(n) { 0 } else { (a << k) & m })
        }
        Shr => {
            // "Signed shifts fill with the sign bit, unsigned and untyped
            // shifts fill with 0."
            let k = (b & 0xffff_ffff).min(u64::from(n)) as u32;
            one(if w.signed {
                w.wrap(w.val(a) >> k)
            } else if k >= n {
                0
            } else {
                (a & m) >> k
            })
        }
        Prmt => one(prmt(op.prmt_mode(), a, b, c)),
    }
}

/// The integer ops whose column loop is plain wrapping arithmetic on one
/// lane of 16, 32 or 64 bits (no `.sat`, `.relu`, `.cc`, carry-in, `.hi`,
/// `.wide` or packed lanes): `out[i]` from `srcs[k][i]`, the same bits as
/// [`EvalInt::compute`] (the kernel engine runs a warp's instruction, the
/// Python package an array, through it). False, with nothing written,
/// for the other ops, which take the general path. Tested equal to the
/// semantics in `tests/int_oracle.rs`.
pub fn int_columns(op: &IntOp, srcs: &[&[u64]], out: &mut [u64]) -> bool {
    use IntOpcode::*;
    let ty = op.ty();
    if ty.lanes() != 1
        || op.sat()
        || op.relu()
        || op.cc()
        || matches!(op.part(), Some(Part::Hi | Part::Wide))
        || srcs.iter().any(|s| s.len() != out.len())
    {
        return false;
    }
    let n = ty.lane_bits();
    if !matches!(n, 16 | 32 | 64) {
        return false;
    }
    let m = mask(n);
    let signed = ty.is_signed();
    // The value of a register's low `n` bits, sign-extended where signed,
    // as an i64 (every width here fits).
    let s = 64 - n;
    let val = move |x: u64| -> i64 {
        if signed {
            ((x << s) as i64) >> s
        } else {
            (x & m) as i64
        }
    };
    macro_rules! cols {
        (1, |$a:ident| $e:expr) => {{
            let [x] = srcs else { return false };
            for (d, &$a) in out.iter_mut().zip(x.iter()) {
                *d = $e;
            }
        }};
        (2, |$a:ident, $b:ident| $e:expr) => {{
            let [x, y] = srcs else { return false };
            for ((d, &$a), &$b) in out.iter_mut().zip(x.iter()).zip(y.iter()) {
                *d = $e;
            }
        }};
        (3, |$a:ident, $b:ident, $c:ident| $e:expr) => {{
            let [x, y, z] = srcs else { return false };
            for (((d, &$a), &$b), &$c) in out.iter_mut().zip(x.iter()).zip(y.iter()).zip(z.iter()) {
                *d = $e;
            }
        }};
    }
    match op.op() {
        // "Behavior is the same for unsigned and signed integers."
        Add => cols!(2, |a, b| a.wrapping_add(b) & m),
        Sub => cols!(2, |a, b| a.wrapping_sub(b) & m),
        // ".lo": "d = t<n-1..0>"; the low half of the product does not depend
        // on signedness.
        Mul => cols!(2, |a, b| a.wrapping_mul(b) & m),
        Mad => cols!(3, |a, b, c| a.wrapping_mul(b).wrapping_add(c) & m),
        And => cols!(2, |a, b| a & b & m),
        Or => cols!(2, |a, b| (a | b) & m),
        Xor => cols!(2, |a, b| (a ^ b) & m),
        Not => cols!(1, |a| !a & m),
        Neg => cols!(1, |a| a.wrapping_neg() & m),
        Min if signed => cols!(2, |a, b| (val(a).min(val(b)) as u64) & m),
        Max if signed => cols!(2, |a, b| (val(a).max(val(b)) as u64) & m),
        Min => cols!(2, |a, b| (a & m).min(b & m)),
        Max => cols!(2, |a, b| (a & m).max(b & m)),
        // "Shift amounts greater than the register width N are clamped to N."
        Shl => cols!(2, |a, b| {
            let k = b & 0xffff_ffff;
            if k >= u64::from(n) {
                0
            } else {
                (a << k) & m
            }
        }),
        // "Signed shifts fill with the sign bit, unsigned and untyped shifts
        // fill with 0."
        Shr => cols!(2, |a, b| {
            let k = (b & 0xffff_ffff).min(u64::from(n) - 1) as u32;
            if signed {
                ((val(a) >> k) as u64) & m
            } else if b & 0xffff_ffff >= u64::from(n) {
                0
            } else {
                (a & m) >> k
            }
        }),
        _ => return false,
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptxfp_isa::int::IntOp;

    #[test]
    fn index_arithmetic() {
        let e = |op: &str, s: &[u64]| IntOp::parse(op).unwrap().eval(s);
        assert_eq!(e("mul.wide.s32", &[0xffff_fffe, 2]), (-4i64) as u64);
        assert_eq!(e("mul.wide.u32", &[0xffff_ffff, 2]), 0x1_ffff_fffe);
        assert_eq!(e("mad.lo.s32", &[3, 4, 5]), 17);
        assert_eq!(e("add.s64", &[u64::MAX, 2]), 1);
        assert_eq!(e("mul.hi.u32", &[0x8000_0000, 4]), 2);
        assert_eq!(e("shl.b32", &[1, 31]), 0x8000_0000);
        assert_eq!(e("shr.s32", &[0x8000_0000, 31]), 0xffff_ffff);
        assert!(IntOp::parse("add.f16").is_err());
        assert!(IntOp::parse("mul.wide.s64").is_err());
    }

    #[test]
    fn the_helpers_agree_with_the_standard_library() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for v in [x, x >> 17, x >> 40, x & 0xff, 0, 1, u64::MAX] {
                assert_eq!(bit_length(v), 64 - v.leading_zeros());
                assert_eq!(popcount(v), v.count_ones());
                assert_eq!(reverse(v, 64), v.reverse_bits());
                assert_eq!(
                    reverse(v & 0xffff_ffff, 32),
                    u64::from((v as u32).reverse_bits())
                );
            }
        }
    }
}
