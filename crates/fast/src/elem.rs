//! One-element building blocks: exact widenings, integer narrowings, and the
//! round-to-odd sum. Everything here is branch-free (selects only) and
//! `#[inline(always)]`, so that the slice loops built from it vectorize.
//!
//! Host floating point is used only where the result is exact or where a
//! proof (given at the function) shows it yields the correctly rounded bits.
//! The host must run with the IEEE default environment: round to nearest
//! even, subnormals neither flushed (FTZ) nor treated as zero (DAZ), which is
//! Rust's default on every target this crate supports.

/// Rounding direction as a const-generic parameter: [`RN`], [`RZ`], [`RM`], [`RP`].
pub(crate) type Rm = u8;
/// roundTiesToEven.
pub(crate) const RN: Rm = 0;
/// roundTowardZero.
pub(crate) const RZ: Rm = 1;
/// roundTowardNegative.
pub(crate) const RM: Rm = 2;
/// roundTowardPositive.
pub(crate) const RP: Rm = 3;

/// binary16 → binary32, exact (every binary16 value is a binary32 value).
///
/// The binary16 magnitude bits shifted left by 13 are, read as a binary32,
/// the value times 2^-112 (the bias difference 127 - 15), subnormals
/// included; multiplying by 2^112 is exact (the product is a normal
/// binary32). Infinity and NaN (exponent field 31) land at 2^16 and above,
/// where the exponent field is then forced to all ones (payload kept).
#[inline(always)]
pub(crate) fn f16_to_f32(h: u16) -> f32 {
    let h = h as u32;
    let scaled = f32::from_bits((h & 0x7fff) << 13) * f32::from_bits(0x7780_0000);
    let special = if h & 0x7c00 == 0x7c00 { 0x7f80_0000 } else { 0 };
    f32::from_bits(scaled.to_bits() | special | ((h & 0x8000) << 16))
}

/// bfloat16 → binary32, exact: a bfloat16 is the upper half of a binary32.
#[inline(always)]
pub(crate) fn bf16_to_f32(h: u16) -> f32 {
    f32::from_bits((h as u32) << 16)
}

/// A binary16 (`bf` false) or bfloat16 value widened exactly to binary32.
#[inline(always)]
pub(crate) fn half_to_f32(bf: bool, h: u16) -> f32 {
    if bf {
        bf16_to_f32(h)
    } else {
        f16_to_f32(h)
    }
}

/// binary32 → binary16 rounded to nearest even, with integer operations.
///
/// Subnormal results, overflow to infinity and signed zeros are handled;
/// a NaN gives the quiet NaN `0x7e00` with the input's sign.
#[inline(always)]
pub(crate) fn f32_to_f16(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = (b >> 16) & 0x8000;
    let mag = b & 0x7fff_ffff;
    let e = (mag >> 23) as i32;
    let m = (mag & 0x7f_ffff) | if e != 0 { 0x80_0000 } else { 0 };
    // Exponent field the result would have, were it normal.
    let te = e.max(1) - 127 + 15;
    // 13 bits go for a normal result, one more per binade below 2^-14.
    let shift = (13 + (1 - te).max(0)).min(31) as u32;
    let r = m >> shift;
    let rem = m & ((1u32 << shift) - 1);
    let half = 1u32 << (shift - 1);
    let up = (rem > half) | ((rem == half) & (r & 1 == 1));
    // The significand's leading bit adds 1 to the exponent field; a carry
    // out of the significand moves to the next binade (or to infinity).
    let res = (((te.max(1) - 1) as u32) << 10) + r + up as u32;
    let res = if res >= 0x7c00 { 0x7c00 } else { res };
    let res = if mag > 0x7f80_0000 { 0x7e00 } else { res };
    (res | sign) as u16
}

/// binary32 → bfloat16 rounded to nearest even, with integer operations.
///
/// bfloat16 has binary32's exponent range, so the rounding is the upper half
/// of `bits + 0x7fff + lsb`: the carry handles ties to even, binade changes
/// and overflow to infinity alike. A NaN keeps its sign and leading payload
/// and is quieted.
#[inline(always)]
pub(crate) fn f32_to_bf16(x: f32) -> u16 {
    let b = x.to_bits();
    let r = b.wrapping_add(0x7fff + ((b >> 16) & 1)) >> 16;
    let nan = (b >> 16) | 0x40;
    (if b & 0x7fff_ffff > 0x7f80_0000 {
        nan
    } else {
        r
    }) as u16
}

/// `p + c` rounded to odd in binary64: the exact sum if it is a binary64
/// value, otherwise the neighbour toward zero with its last bit forced to 1.
///
/// TwoSum (Knuth; Møller) gives the exact error `err = (p + c) - s` of the
/// rounded sum `s` with six operations and no branch, valid whenever no
/// operation overflows (our operands are products and widenings of narrower
/// formats, far from binary64's limits). If `err` is nonzero, `s` was
/// rounded; when `err` and `s` have opposite signs `s` was rounded away from
/// zero and the neighbour toward zero is `s`'s bit pattern minus one. A NaN
/// `err` (an infinite or NaN `s`) compares unequal to both sides of zero and
/// leaves `s` as it is.
#[inline(always)]
pub(crate) fn sum_odd(p: f64, c: f64) -> f64 {
    let s = p + c;
    let bb = s - p;
    let err = (p - (s - bb)) + (c - bb);
    let sb = s.to_bits();
    let inexact = (err < 0.0) | (err > 0.0);
    let away = inexact & ((err.to_bits() ^ sb) >> 63 != 0);
    let t = sb - away as u64;
    f64::from_bits(if inexact { t | 1 } else { sb })
}

/// `p + c` rounded to odd in binary32, for binary32 operands whose sum
/// cannot overflow: [`sum_odd`]'s TwoSum and odd step, one format down.
/// A NaN or infinite `s` has a NaN `err`, which is neither below nor above
/// zero, and is returned as it is.
#[inline(always)]
pub(crate) fn sum_odd_in_f32(p: f32, c: f32) -> f32 {
    let s = p + c;
    let bb = s - p;
    let err = (p - (s - bb)) + (c - bb);
    let sb = s.to_bits();
    let inexact = (err < 0.0) | (err > 0.0);
    let away = inexact & ((err.to_bits() ^ sb) >> 31 != 0);
    let t = sb - away as u32;
    f32::from_bits(if inexact { t | 1 } else { sb })
}

/// The exact sum `p + c` (binary64 operands, no overflow) rounded to
/// binary32 in direction `R`, without an integer narrowing: `RN(RN53(x))`
/// is corrected by one step in the direction of the exact value.
///
/// Let `x = p + c`, `s = RN53(x)`, `err = x - s` (TwoSum, exact), and
/// `r = RN24(s)` (the host conversion). The two binary32 neighbours
/// `lo ≤ x ≤ hi` are binary64 values and RN53 is monotone, so
/// `lo ≤ s ≤ hi` and `r ∈ {lo, hi}`: the directed rounding of `x` is `r` or
/// its neighbour on `x`'s side. Which side: if `r ≠ s` then `|r - s|` is at
/// least one binary64 ulp of `s` while `|x - s|` is at most half of one, so
/// `x - r` has the sign of `s - r`; if `r = s` it has the sign of `err`.
/// Overflow needs nothing more: `r = ±∞` with `x` finite is one step from
/// `±MAX`; a tiny `x` gives `r = ±0` with `x`'s sign, one step from the
/// smallest subnormal.
///
/// Exact zero sums: the host's `+0` is right except under `RM`.
///
/// Only for the directed modes `R` ∈ {RZ, RM, RP}; `RN` needs round-to-odd.
#[inline(always)]
pub(crate) fn sum_directed_f32<const R: Rm>(p: f64, c: f64) -> u32 {
    let s = p + c;
    let bb = s - p;
    let err = (p - (s - bb)) + (c - bb);
    let r = s as f32;
    let rd = r as f64;
    let rb = r.to_bits();
    // The sign of x - r: +1, -1 or 0. NaN compares false everywhere: 0.
    let above = (rd < s) | ((rd == s) & (err > 0.0));
    let below = (rd > s) | ((rd == s) & (err < 0.0));
    let neg = rb >> 31 != 0;
    // One step up (toward +∞) or down on the bit pattern.
    let (step_up, step_down) = if neg {
        (rb.wrapping_sub(1), rb.wrapping_add(1))
    } else {
        (rb.wrapping_add(1), rb.wrapping_sub(1))
    };
    match R {
        RZ => {
            if (above & neg) | (below & !neg) {
                rb.wrapping_sub(1)
            } else {
                rb
            }
        }
        RM => {
            // IEEE 754 §6.3: an exact zero sum of operands of opposite signs
            // is -0 under roundTowardNegative (the host, rounding to
            // nearest, gives +0); zeros of the same sign keep it.
            let zero = ((p.to_bits() | c.to_bits()) >> 32) as u32 & 0x8000_0000;
            if below {
                step_down
            } else if s == 0.0 {
                zero
            } else {
                rb
            }
        }
        _ => {
            if above {
                step_up
            } else {
                rb
            }
        }
    }
}

/// The exact sum `p + c` (binary64 operands, no overflow) rounded to odd at
/// binary32 precision, as binary32 bits (see [`sum_directed_f32`] for why
/// `r = RN24(RN53(x))` is one of `x`'s two binary32 neighbours and how the
/// side of `x` is known). Round to odd keeps the truncation toward zero
/// and forces the last bit to 1 when `x` is not a binary32 value.
///
/// Boldo and Melquiond (IEEE TC 57(4), 2008, Theorem 1): rounding to odd at
/// precision p + k, k ≥ 2, then to nearest at precision p, equals rounding
/// `x` to nearest at precision p. Here 24 ≥ 11 + 2 (binary16) and
/// 24 ≥ 8 + 2 (bfloat16). In the subnormal ranges the grids are fixed-point
/// and binary32's is 2^16 times finer than bfloat16's and binary16's is
/// above binary32's normal range, so the same argument holds; overflow to
/// binary32 infinity becomes `MAX` (odd), which still rounds to infinity in
/// bfloat16.
#[inline(always)]
pub(crate) fn sum_odd_f32(p: f64, c: f64) -> f32 {
    let s = p + c;
    let bb = s - p;
    let err = (p - (s - bb)) + (c - bb);
    let r = s as f32;
    let rd = r as f64;
    let rb = r.to_bits();
    let inexact = (rd != s) | (err < 0.0) | (err > 0.0);
    // |x| < |r|: r was rounded away from zero.
    let r_neg = rb >> 31 != 0;
    let above = (rd < s) | ((rd == s) & (err > 0.0));
    let below = (rd > s) | ((rd == s) & (err < 0.0));
    let away = (above & r_neg) | (below & !r_neg);
    // NaN (rd != s) stays NaN: its bit pattern minus one, or with its low
    // bit set, is still a NaN (r is quiet, so its fraction is not just 1).
    let t = rb.wrapping_sub(away as u32);
    f32::from_bits(if inexact & !rd.is_nan() { t | 1 } else { rb })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f16_widening_is_exact_for_all_values() {
        use ptxfp_float::{convert, Round, F16, F32};
        for h in 0..=u16::MAX {
            let want = convert::<F16, F32>(h as u64, Round::NearestEven).bits as u32;
            let got = f16_to_f32(h).to_bits();
            if want & 0x7fff_ffff > 0x7f80_0000 {
                assert!(got & 0x7fff_ffff > 0x7f80_0000, "{h:#06x}");
            } else {
                assert_eq!(got, want, "{h:#06x}");
            }
        }
    }
}
