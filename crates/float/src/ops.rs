//! The operations: add, sub, mul, fma and conversions, each written once,
//! generic over formats, each ending in [`round`].

use crate::format::{is_nan, is_signaling, Format};
use crate::round::{round, round_u128, round_u64, round_u64_b, Exact, Flags, Round, Rounded};

/// A decoded operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// A NaN (the bits are kept by the caller).
    Nan,
    /// ±∞, negative if `true`.
    Inf(bool),
    /// A finite value, zeros included.
    Finite(Exact),
}

/// Decodes the bits of a format-`F` value.
#[inline]
pub fn decode<F: Format>(bits: u64) -> Value {
    let neg = bits & F::SIGN != 0;
    let biased = ((bits & F::EXP_MASK) >> F::FRAC_BITS) as i32;
    let frac = bits & F::FRAC_MASK;
    if bits & F::EXP_MASK == F::EXP_MASK {
        return if frac == 0 {
            Value::Inf(neg)
        } else {
            Value::Nan
        };
    }
    let frac_bits = F::FRAC_BITS as i32;
    let (exp, sig) = if biased == 0 {
        // Subnormal or zero: 0.frac × 2^emin.
        (F::EMIN - frac_bits, frac)
    } else {
        (biased - F::BIAS - frac_bits, frac | 1 << F::FRAC_BITS)
    };
    Value::Finite(Exact {
        neg,
        exp,
        sig: sig as u128,
    })
}

/// The NaN result for NaN operands (IEEE 754 §6.2.3): the first NaN operand,
/// quieted, with its payload; invalid if any operand is a signaling NaN.
/// Returns `None` if no operand is a NaN.
#[inline]
pub fn propagate_nan<F: Format>(ops: &[u64]) -> Option<Rounded> {
    let first = ops.iter().copied().find(|&x| is_nan::<F>(x))?;
    let flags = if ops.iter().any(|&x| is_signaling::<F>(x)) {
        Flags::INVALID
    } else {
        Flags::NONE
    };
    Some(Rounded {
        bits: (first & F::ALL) | F::QUIET,
        flags,
    })
}

const INVALID: Flags = Flags::INVALID;

/// The result of an invalid operation: the default NaN.
#[inline]
fn invalid<F: Format>() -> Rounded {
    Rounded {
        bits: F::DEFAULT_NAN,
        flags: INVALID,
    }
}

#[inline]
fn inf<F: Format>(neg: bool) -> Rounded {
    Rounded::exact(F::INF | if neg { F::SIGN } else { 0 })
}

/// Rounds the exact sum `x + y` to format `F`: the one addition that `add`,
/// `sub` and `fma` share. Both significands must be below 2^120.
///
/// IEEE 754 §6.3: "When the sum of two operands with opposite signs (or the
/// difference of two operands with like signs) is exactly zero, the sign of
/// that sum [...] shall be +0 in all rounding-direction attributes except
/// roundTowardNegative; under that attribute, the sign of an exact zero sum
/// [...] shall be −0. However, x + x = x − (−x) retains the same sign as x
/// even when x is zero."
#[inline]
pub fn sum<F: Format>(x: Exact, y: Exact, rm: Round) -> Rounded {
    debug_assert!(x.sig < 1 << 120 && y.sig < 1 << 120);
    if y.sig == 0 {
        if x.sig == 0 {
            let neg = if x.neg == y.neg {
                x.neg
            } else {
                rm == Round::TowardNegative
            };
            return round::<F>(neg, 0, 0, rm);
        }
        return round::<F>(x.neg, x.exp, x.sig, rm);
    }
    if x.sig == 0 {
        return round::<F>(y.neg, y.exp, y.sig, rm);
    }
    // Normalise both so their leading bit is bit 125: two bits of headroom
    // for the carry, and at least 19 zero bits below each significand, so a
    // jammed bit 0 never meets a real bit of the larger operand.
    let (xs, xe) = normalize(x);
    let (ys, ye) = normalize(y);
    let ((bs, be, bneg), (ss, se, sneg)) = if xe >= ye {
        ((xs, xe, x.neg), (ys, ye, y.neg))
    } else {
        ((ys, ye, y.neg), (xs, xe, x.neg))
    };
    // Align the smaller to the larger, folding the bits shifted out into bit
    // 0 (sticky). When they are folded (d > 0), the result's leading bit is
    // at 124 or above and the rounding position, at most 53 bits below it,
    // stays far above bit 0, so the sticky bit only breaks ties.
    let ss = shift_right_jam(ss, (be - se) as u32);
    if bneg == sneg {
        return round::<F>(bneg, be, bs + ss, rm);
    }
    let (mag, neg) = if bs >= ss {
        (bs - ss, bneg)
    } else {
        (ss - bs, sneg)
    };
    if mag == 0 {
        return round::<F>(rm == Round::TowardNegative, 0, 0, rm);
    }
    round::<F>(neg, be, mag, rm)
}

#[inline]
fn normalize(x: Exact) -> (u128, i32) {
    let s = x.sig.leading_zeros() as i32 - 2;
    (x.sig << s, x.exp - s)
}

/// Shifts right by `d`, ORing every bit shifted out into bit 0.
#[inline]
pub fn shift_right_jam(x: u128, d: u32) -> u128 {
    if d == 0 {
        x
    } else if d < 128 {
        (x >> d) | (x << (128 - d) != 0) as u128
    } else {
        (x != 0) as u128
    }
}

/// The exact product of two finite values.
#[inline]
pub fn product(a: Exact, b: Exact) -> Exact {
    Exact {
        neg: a.neg != b.neg,
        exp: a.exp + b.exp,
        sig: a.sig * b.sig,
    }
}

/// `a + b` rounded once to `F` (IEEE 754 §5.4.1 addition).
#[inline]
pub fn add<F: Format>(a: u64, b: u64, rm: Round) -> Rounded {
    if a & F::EXP_MASK != F::EXP_MASK && b & F::EXP_MASK != F::EXP_MASK {
        // Both finite: a + b is a × 1 + b exactly (the product a × 1 is a,
        // sign included), so the fma fast path computes it; zeros fall
        // through to `sum` and its signed-zero rules.
        let one = (F::BIAS as u64) << F::FRAC_BITS;
        let fast = if F::PRECISION <= 30 {
            add_narrow::<F>(a, one, b, rm)
        } else if F::PRECISION <= 62 {
            add_wide::<F>(a, one, b, rm)
        } else {
            None
        };
        if let Some(r) = fast {
            return r;
        }
    }
    if let Some(nan) = propagate_nan::<F>(&[a, b]) {
        return nan;
    }
    match (decode::<F>(a), decode::<F>(b)) {
        // §7.2(b): "addition or subtraction [...] of infinities, such as
        // (+∞) + (−∞)" is invalid.
        (Value::Inf(x), Value::Inf(y)) if x != y => invalid::<F>(),
        (Value::Inf(x), _) | (_, Value::Inf(x)) => inf::<F>(x),
        (Value::Finite(x), Value::Finite(y)) => sum::<F>(x, y, rm),
        _ => unreachable!("NaNs were handled above"),
    }
}

/// `a - b` rounded once to `F` (IEEE 754 §5.4.1 subtraction): `a + (-b)`,
/// except that a NaN operand propagates with its own sign.
#[inline]
pub fn sub<F: Format>(a: u64, b: u64, rm: Round) -> Rounded {
    if let Some(nan) = propagate_nan::<F>(&[a, b]) {
        return nan;
    }
    add::<F>(a, b ^ F::SIGN, rm)
}

/// `a × b` rounded once to `F` (IEEE 754 §5.4.1 multiplication).
#[inline]
pub fn mul<F: Format>(a: u64, b: u64, rm: Round) -> Rounded {
    if F::PRECISION <= 32 && a & F::EXP_MASK != F::EXP_MASK && b & F::EXP_MASK != F::EXP_MASK {
        // Both finite and the exact product fits in 64 bits.
        let (na, ea, sa) = parts::<F>(a);
        let (nb, eb, sb) = parts::<F>(b);
        return round_u64_b::<F>(na != nb, ea + eb, sa * sb, rm);
    }
    if let Some(nan) = propagate_nan::<F>(&[a, b]) {
        return nan;
    }
    match (decode::<F>(a), decode::<F>(b)) {
        (Value::Inf(x), Value::Inf(y)) => inf::<F>(x != y),
        // §7.2(a): "multiplication(0, ∞) or multiplication(∞, 0)" is invalid.
        (Value::Inf(x), Value::Finite(y)) | (Value::Finite(y), Value::Inf(x)) => {
            if y.sig == 0 {
                invalid::<F>()
            } else {
                inf::<F>(x != y.neg)
            }
        }
        (Value::Finite(x), Value::Finite(y)) => {
            let p = product(x, y);
            round::<F>(p.neg, p.exp, p.sig, rm)
        }
        _ => unreachable!("NaNs were handled above"),
    }
}

/// `a × b + c` computed exactly and rounded once to `F` (IEEE 754 §5.4.1
/// fusedMultiplyAdd). The product's sign is the xor of the signs of `a` and
/// `b`, also when it is zero.
///
/// §7.2(c): fusedMultiplyAdd(0, ∞, c) is invalid; this crate raises invalid
/// for it even when `c` is a quiet NaN (as x86 does) and returns `c`'s NaN.
#[inline]
pub fn fma<F: Format>(a: u64, b: u64, c: u64, rm: Round) -> Rounded {
    if a & F::EXP_MASK != F::EXP_MASK
        && b & F::EXP_MASK != F::EXP_MASK
        && c & F::EXP_MASK != F::EXP_MASK
    {
        // All three finite: the fast paths (64-bit arithmetic when the
        // format is narrow enough), unless an addend is zero.
        let fast = if F::PRECISION <= 30 {
            fma_narrow::<F>(a, b, c, rm)
        } else if F::PRECISION <= 62 {
            fma_wide::<F>(a, b, c, rm)
        } else {
            None
        };
        if let Some(r) = fast {
            return r;
        }
    }
    let (da, db, dc) = (decode::<F>(a), decode::<F>(b), decode::<F>(c));
    let zero_times_inf = matches!(
        (da, db),
        (Value::Inf(_), Value::Finite(Exact { sig: 0, .. }))
            | (Value::Finite(Exact { sig: 0, .. }), Value::Inf(_))
    );
    if let Some(mut nan) = propagate_nan::<F>(&[a, b, c]) {
        if zero_times_inf {
            nan.flags |= INVALID;
        }
        return nan;
    }
    if zero_times_inf {
        return invalid::<F>();
    }
    // The product is ±∞ if either factor is (the other being nonzero here).
    let prod_inf = match (da, db) {
        (Value::Inf(x), Value::Inf(y)) => Some(x != y),
        (Value::Inf(x), Value::Finite(y)) | (Value::Finite(y), Value::Inf(x)) => Some(x != y.neg),
        _ => None,
    };
    match (prod_inf, dc) {
        (Some(p), Value::Inf(q)) if p != q => invalid::<F>(),
        (Some(p), _) => inf::<F>(p),
        (None, Value::Inf(q)) => inf::<F>(q),
        (None, Value::Finite(z)) => {
            let (Value::Finite(x), Value::Finite(y)) = (da, db) else {
                unreachable!("finite factors")
            };
            sum::<F>(product(x, y), z, rm)
        }
        (None, Value::Nan) => unreachable!("NaNs were handled above"),
    }
}

/// The sign, exponent of the least significant bit, and integer
/// significand of a finite value (the 64-bit twin of [`decode`]).
#[inline]
fn parts<F: Format>(x: u64) -> (bool, i32, u64) {
    let neg = x & F::SIGN != 0;
    let biased = ((x & F::EXP_MASK) >> F::FRAC_BITS) as i32;
    let frac = x & F::FRAC_MASK;
    let fb = F::FRAC_BITS as i32;
    if biased == 0 {
        (neg, F::EMIN - fb, frac)
    } else {
        (neg, biased - F::BIAS - fb, frac | 1 << F::FRAC_BITS)
    }
}

// `a × b + c` for finite operands, in one integer width `$t` of W bits: the
// same computation as [`sum`] of [`product`], with both addends normalised so
// their leading bit is bit W - 3. For a format of precision p with
// 2p ≤ W - 4 (p ≤ 30 in u64, p ≤ 62 in u128), the product has at most 2p
// bits, so bits 0 and 1 of both normalised addends are zero and a jammed
// bit 0 never meets a real bit; when bits are jammed (alignment distance
// d ≥ 2), the result's leading bit is at W - 4 or above, so the rounding
// position (at most p bits below it) stays far above bit 0 and the sticky
// bit only breaks ties, exactly as in `sum`. Returns `None` when an addend
// is zero (the signed-zero rules are left to `sum`).
macro_rules! fma_fast {
    ($name:ident, $t:ty, $round:ident) => {
        #[inline]
        fn $name<F: Format>(a: u64, b: u64, c: u64, rm: Round) -> Option<Rounded> {
            const TOP: i32 = <$t>::BITS as i32 - 3;
            let (na, ea, sa) = parts::<F>(a);
            let (nb, eb, sb) = parts::<F>(b);
            let (nc, ec, sc) = parts::<F>(c);
            let p = sa as $t * sb as $t;
            if p == 0 || sc == 0 {
                return None;
            }
            let sc = sc as $t;
            let (pneg, pe) = (na != nb, ea + eb);
            let sp = p.leading_zeros() as i32 - 2;
            let (ps, pe) = (p << sp, pe - sp);
            let sh = sc.leading_zeros() as i32 - 2;
            let (cs, ce) = (sc << sh, ec - sh);
            debug_assert!(ps >> TOP == 1 && cs >> TOP == 1);
            let ((bs, be, bneg), (ss, se, sneg)) = if pe >= ce {
                ((ps, pe, pneg), (cs, ce, nc))
            } else {
                ((cs, ce, nc), (ps, pe, pneg))
            };
            let d = (be - se) as u32;
            let ss = if d == 0 {
                ss
            } else if d < <$t>::BITS {
                (ss >> d) | (ss << (<$t>::BITS - d) != 0) as $t
            } else {
                1
            };
            if bneg == sneg {
                return Some($round::<F>(bneg, be, bs + ss, rm));
            }
            let (mag, neg) = if bs >= ss {
                (bs - ss, bneg)
            } else {
                (ss - bs, sneg)
            };
            // IEEE 754 §6.3: an exact zero sum of opposite signs is +0, or -0
            // toward negative (the rounding returns a zero with the sign given).
            let neg = if mag == 0 {
                rm == Round::TowardNegative
            } else {
                neg
            };
            Some($round::<F>(neg, be, mag, rm))
        }
    };
}

fma_fast!(fma_narrow, u64, round_u64);
fma_fast!(fma_wide, u128, round_u128);
// The same, instantiated for `add` (as a × 1 + b) with its own rounding
// instance, so that the fma's code stays as the compiler lays it out alone.
fma_fast!(add_narrow, u64, round_u64_b);
fma_fast!(add_wide, u128, round_u128);

/// Converts a format-`S` value to format `D`, rounding with `rm`
/// (IEEE 754 §5.4.2 formatOf-convertFormat). A NaN keeps its sign and the
/// leading bits of its payload, and is quieted.
#[inline]
pub fn convert<S: Format, D: Format>(a: u64, rm: Round) -> Rounded {
    match decode::<S>(a) {
        Value::Nan => {
            let neg = a & S::SIGN != 0;
            let payload = a & S::FRAC_MASK;
            let payload = if D::FRAC_BITS >= S::FRAC_BITS {
                payload << (D::FRAC_BITS - S::FRAC_BITS)
            } else {
                payload >> (S::FRAC_BITS - D::FRAC_BITS)
            };
            let flags = if is_signaling::<S>(a) {
                INVALID
            } else {
                Flags::NONE
            };
            Rounded {
                bits: if neg { D::SIGN } else { 0 } | D::EXP_MASK | D::QUIET | payload,
                flags,
            }
        }
        Value::Inf(neg) => inf::<D>(neg),
        Value::Finite(x) => round::<D>(x.neg, x.exp, x.sig, rm),
    }
}
