//! Division and square root, each written once, generic over formats, each
//! ending in [`round`]: the exact quotient (or root) is computed to more
//! bits than the format holds plus a sticky bit, then rounded once.

use crate::format::Format;
use crate::ops::{decode, propagate_nan, Value};
use crate::round::{round, Exact, Flags, Round, Rounded};

fn invalid<F: Format>() -> Rounded {
    Rounded {
        bits: F::DEFAULT_NAN,
        flags: Flags::INVALID,
    }
}

fn signed<F: Format>(neg: bool, magnitude: u64, flags: Flags) -> Rounded {
    Rounded {
        bits: magnitude | if neg { F::SIGN } else { 0 },
        flags,
    }
}

/// Bit width of `x` (0 for 0).
fn width(x: u128) -> i32 {
    128 - x.leading_zeros() as i32
}

/// `a / b` rounded once to `F` (IEEE 754 §5.4.1 division).
///
/// §7.2(d): "division(0, 0) or division(∞, ∞)" is invalid; §7.3: a finite
/// nonzero dividend over a zero divisor is "the correctly signed ∞" with
/// the divideByZero flag.
pub fn div<F: Format>(a: u64, b: u64, rm: Round) -> Rounded {
    if let Some(nan) = propagate_nan::<F>(&[a, b]) {
        return nan;
    }
    let neg = (a ^ b) & F::SIGN != 0;
    match (decode::<F>(a), decode::<F>(b)) {
        (Value::Inf(_), Value::Inf(_)) => invalid::<F>(),
        (Value::Inf(_), Value::Finite(_)) => signed::<F>(neg, F::INF, Flags::NONE),
        (Value::Finite(_), Value::Inf(_)) => signed::<F>(neg, 0, Flags::NONE),
        (Value::Finite(x), Value::Finite(y)) => match (x.sig == 0, y.sig == 0) {
            (true, true) => invalid::<F>(),
            (false, true) => signed::<F>(neg, F::INF, Flags::DIV_BY_ZERO),
            (true, false) => signed::<F>(neg, 0, Flags::NONE),
            (false, false) => quotient::<F>(neg, x, y, rm),
        },
        _ => unreachable!("NaNs were handled above"),
    }
}

/// The quotient of two finite nonzero values, rounded once.
fn quotient<F: Format>(neg: bool, x: Exact, y: Exact, rm: Round) -> Rounded {
    // Shift the dividend so that the integer quotient has at least
    // PRECISION + 2 bits: then the rounding position lies at least two bits
    // above the sticky bit appended below it (the contract of `round`).
    let want = width(y.sig) + F::PRECISION as i32 + 2;
    let shift = (want - width(x.sig)).max(0);
    let n = x.sig << shift;
    let (q, r) = (n / y.sig, n % y.sig);
    let sig = q << 1 | u128::from(r != 0);
    round::<F>(neg, x.exp - shift - y.exp - 1, sig, rm)
}

/// `√a` rounded once to `F` (IEEE 754 §5.4.1 squareRoot): "squareRoot(−0)
/// shall be −0" (§6.3); §7.2(g): the square root of a value below zero is
/// invalid.
pub fn sqrt<F: Format>(a: u64, rm: Round) -> Rounded {
    if let Some(nan) = propagate_nan::<F>(&[a]) {
        return nan;
    }
    match decode::<F>(a) {
        Value::Inf(false) => signed::<F>(false, F::INF, Flags::NONE),
        Value::Inf(true) => invalid::<F>(),
        Value::Finite(x) if x.sig == 0 => signed::<F>(x.neg, 0, Flags::NONE),
        Value::Finite(x) if x.neg => invalid::<F>(),
        Value::Finite(x) => root::<F>(x, rm),
        Value::Nan => unreachable!("NaNs were handled above"),
    }
}

/// The square root of a finite positive value, rounded once.
fn root<F: Format>(x: Exact, rm: Round) -> Rounded {
    // √(m × 2^e) = √m × 2^(e/2) with e even: scale m by 4^k (and by 2 for an
    // odd e) so that ⌊√m⌋ has at least PRECISION + 2 bits.
    let odd = x.exp & 1 != 0;
    let (m, e) = if odd {
        (x.sig << 1, x.exp - 1)
    } else {
        (x.sig, x.exp)
    };
    let want = 2 * (F::PRECISION as i32 + 2);
    let k = ((want - width(m)).max(0) + 1) / 2;
    let m = m << (2 * k);
    let r = m.isqrt();
    let sticky = m != r * r;
    let sig = r << 1 | u128::from(sticky);
    round::<F>(false, (e - 2 * k) / 2 - 1, sig, rm)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{F32, F64};

    #[test]
    fn agrees_with_the_host_on_simple_values() {
        let d = |a: f64, b: f64| {
            f64::from_bits(div::<F64>(a.to_bits(), b.to_bits(), Round::NearestEven).bits)
        };
        assert_eq!(d(1.0, 3.0), 1.0 / 3.0);
        assert_eq!(d(-7.5, 0.1), -7.5 / 0.1);
        assert_eq!(d(1.0, 0.0), f64::INFINITY);
        assert!(d(0.0, 0.0).is_nan());
        let s = |a: f32| {
            f32::from_bits(sqrt::<F32>(u64::from(a.to_bits()), Round::NearestEven).bits as u32)
        };
        assert_eq!(s(2.0), 2f32.sqrt());
        assert_eq!(s(1e-45), 1e-45f32.sqrt());
        assert_eq!(s(-0.0).to_bits(), (-0.0f32).to_bits());
        assert!(s(-1.0).is_nan());
    }
}
