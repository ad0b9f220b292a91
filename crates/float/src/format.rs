//! Binary interchange formats as marker types.
//!
//! A value is its bits, held in the low `BITS` bits of a `u64`. Everything a
//! format needs is derived from two constants, as in rustc_apfloat's
//! `Semantics`: the width of the exponent field and of the fraction field.

/// An IEEE 754 binary format: 1 sign bit, `EXP_BITS` exponent bits,
/// `FRAC_BITS` trailing significand bits, with subnormals, infinities and
/// NaNs (quiet NaNs have the top fraction bit set, IEEE 754 §6.2.1).
pub trait Format: Copy + Eq + core::fmt::Debug + Send + Sync + 'static {
    /// A short name for messages (`"f16"`).
    const NAME: &'static str;
    /// Width of the biased exponent field.
    const EXP_BITS: u32;
    /// Width of the trailing significand field (precision minus one).
    const FRAC_BITS: u32;

    /// Total width in bits.
    const BITS: u32 = 1 + Self::EXP_BITS + Self::FRAC_BITS;
    /// Precision `p` in bits, hidden bit included.
    const PRECISION: u32 = Self::FRAC_BITS + 1;
    /// Exponent bias.
    const BIAS: i32 = (1 << (Self::EXP_BITS - 1)) - 1;
    /// Largest unbiased exponent of a finite value.
    const EMAX: i32 = Self::BIAS;
    /// Smallest unbiased exponent of a normal value.
    const EMIN: i32 = 1 - Self::BIAS;
    /// Mask of all bits of the format.
    const ALL: u64 = if Self::BITS == 64 {
        u64::MAX
    } else {
        (1 << Self::BITS) - 1
    };
    /// The sign bit.
    const SIGN: u64 = 1 << (Self::BITS - 1);
    /// The exponent field, all ones.
    const EXP_MASK: u64 = ((1 << Self::EXP_BITS) - 1) << Self::FRAC_BITS;
    /// The trailing significand field.
    const FRAC_MASK: u64 = (1 << Self::FRAC_BITS) - 1;
    /// The quiet bit of a NaN (IEEE 754 §6.2.1: the first bit of the trailing significand).
    const QUIET: u64 = 1 << (Self::FRAC_BITS - 1);
    /// Positive infinity.
    const INF: u64 = Self::EXP_MASK;
    /// Largest finite value, positive.
    const MAX: u64 = Self::EXP_MASK - 1;
    /// Smallest positive normal value.
    const MIN_NORMAL: u64 = 1 << Self::FRAC_BITS;
    /// The NaN this crate returns for an invalid operation: positive, quiet,
    /// no payload. NVIDIA's patterns are applied by the PTX layer.
    const DEFAULT_NAN: u64 = Self::EXP_MASK | Self::QUIET;
}

macro_rules! format {
    ($(#[$doc:meta])* $name:ident, $label:literal, $exp:literal, $frac:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {}
        impl Format for $name {
            const NAME: &'static str = $label;
            const EXP_BITS: u32 = $exp;
            const FRAC_BITS: u32 = $frac;
        }
    };
}

format!(
    /// A tiny 8-bit IEEE-style format (1-4-3, bias 7, with subnormals, inf
    /// and NaN) that runs through the same generic code as the real formats,
    /// so that all pairs and all triples can be tested.
    F8, "f8", 4, 3
);
format!(
    /// IEEE 754 binary16 (`.f16`).
    F16, "f16", 5, 10
);
format!(
    /// bfloat16 (`.bf16`): binary32's exponent with 7 fraction bits.
    BF16, "bf16", 8, 7
);
format!(
    /// IEEE 754 binary32 (`.f32`).
    F32, "f32", 8, 23
);
format!(
    /// IEEE 754 binary64 (`.f64`).
    F64, "f64", 11, 52
);

format!(
    /// TensorFloat-32 (`.tf32`): binary32's exponent with 10 fraction bits,
    /// 19 bits in all (PTX keeps it in the upper 19 bits of a `.b32`).
    TF32, "tf32", 8, 10
);
format!(
    /// OFP8 E5M2 (`.e5m2`): 5 exponent bits, 2 fraction bits, bias 15, with
    /// infinities and NaNs as in IEEE 754.
    E5M2, "e5m2", 5, 2
);

/// A format with a finite range wider than IEEE's rule gives it: one
/// exponent bit more than `$exp` at the same bias, so that the biased
/// exponents of the narrow format, all ones included, are normal here.
/// The narrow formats whose largest exponent holds finite values (OFP8
/// E4M3, whose only non-finite values are S.1111.111, and the finite-only
/// E2M3, E3M2, E2M1) are rounded into one of these and then saturated: a
/// finite narrow value and the value of the same low `$exp + $frac` bits
/// here are the same number.
macro_rules! extended {
    ($(#[$doc:meta])* $name:ident, $label:literal, $exp:literal, $frac:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {}
        impl Format for $name {
            const NAME: &'static str = $label;
            const EXP_BITS: u32 = $exp + 1;
            const FRAC_BITS: u32 = $frac;
            // The narrow format's bias, not the wider field's.
            const BIAS: i32 = (1 << ($exp - 1)) - 1;
            const EMAX: i32 = (1 << ($exp + 1)) - 2 - Self::BIAS;
            const EMIN: i32 = 1 - Self::BIAS;
        }
    };
}

extended!(
    /// OFP8 E4M3 (`.e4m3`, bias 7) with a 5-bit exponent field: its values
    /// up to 0x7e (448) are E4M3's.
    E4M3X, "e4m3x", 4, 3
);
extended!(
    /// UE5M3 (`.ue5m3`, bias 15, unsigned: its code is this format's
    /// positive value of the same low 8 bits) with a 6-bit exponent field:
    /// its values up to 0xfe (114688) are UE5M3's.
    E5M3X, "e5m3x", 5, 3
);
extended!(
    /// E2M3 (`.e2m3`, FP6, bias 1) with a 3-bit exponent field.
    E2M3X, "e2m3x", 2, 3
);
extended!(
    /// E3M2 (`.e3m2`, FP6, bias 3) with a 4-bit exponent field.
    E3M2X, "e3m2x", 3, 2
);
extended!(
    /// E2M1 (`.e2m1`, FP4, bias 1) with a 3-bit exponent field.
    E2M1X, "e2m1x", 2, 1
);

/// `F`'s precision with an 11-bit exponent field (binary64's range): an
/// operation on `F` values rounded here is rounded to `F`'s precision as if
/// `F`'s exponent range were unbounded below, which is how IEEE 754 §7.5
/// detects tininess "after rounding" ("a non-zero result computed as
/// though the exponent range were unbounded would lie strictly between
/// ±b^emin"). Every finite `F` value converts here exactly. For formats
/// narrower than binary64 (binary64 itself gains nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wide<F>(core::marker::PhantomData<F>);

impl<F: Format> Format for Wide<F> {
    const NAME: &'static str = "wide";
    const EXP_BITS: u32 = if F::EXP_BITS < 11 { 11 } else { F::EXP_BITS };
    const FRAC_BITS: u32 = F::FRAC_BITS;
}

/// What kind of datum a bit pattern is (IEEE 754 §5.7.2 `class`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// ±0.
    Zero,
    /// Nonzero with the exponent field all zeros.
    Subnormal,
    /// Finite and neither zero nor subnormal.
    Normal,
    /// ±∞.
    Infinite,
    /// A NaN with the quiet bit set.
    QuietNan,
    /// A NaN with the quiet bit clear.
    SignalingNan,
}

/// Classifies `bits` (only the low `F::BITS` bits are read).
#[inline]
pub fn classify<F: Format>(bits: u64) -> Class {
    let exp = bits & F::EXP_MASK;
    let frac = bits & F::FRAC_MASK;
    if exp == F::EXP_MASK {
        if frac == 0 {
            Class::Infinite
        } else if frac & F::QUIET != 0 {
            Class::QuietNan
        } else {
            Class::SignalingNan
        }
    } else if exp == 0 {
        if frac == 0 {
            Class::Zero
        } else {
            Class::Subnormal
        }
    } else {
        Class::Normal
    }
}

/// True if `bits` is a NaN of format `F`.
#[inline]
pub fn is_nan<F: Format>(bits: u64) -> bool {
    bits & (F::ALL & !F::SIGN) > F::INF
}

/// True if `bits` is a signaling NaN of format `F`.
#[inline]
pub fn is_signaling<F: Format>(bits: u64) -> bool {
    is_nan::<F>(bits) && bits & F::QUIET == 0
}

/// True if `bits` is a nonzero subnormal of format `F`.
#[inline]
pub fn is_subnormal<F: Format>(bits: u64) -> bool {
    bits & F::EXP_MASK == 0 && bits & F::FRAC_MASK != 0
}

/// True if the sign bit of `bits` is set.
#[inline]
pub fn is_negative<F: Format>(bits: u64) -> bool {
    bits & F::SIGN != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{convert, Round};
    use rustc_apfloat::ieee::{Float8E4M3FN, Float8E5M2, Single};
    use rustc_apfloat::{Float, FloatConvert};

    /// Every finite E4M3 pattern is the same number as the E4M3X pattern
    /// of the same low 7 bits (sign moved up one bit): rustc_apfloat's
    /// Float8E4M3FN decodes the narrow one.
    #[test]
    fn e4m3x_holds_every_finite_e4m3() {
        for x in 0u64..0x100 {
            if x & 0x7f == 0x7f {
                continue; // S.1111.111: NaN
            }
            let wide = (x & 0x7f) | (x & 0x80) << 1;
            let ours = convert::<E4M3X, F32>(wide, Round::NearestEven);
            let mut lost = false;
            let want: Single = Float8E4M3FN::from_bits(x as u128).convert(&mut lost).value;
            assert_eq!(ours.bits, want.to_bits() as u64, "{x:#x}");
            assert!(ours.flags.is_empty() && !lost);
        }
    }

    /// E5M2 is IEEE-style: every pattern widens as rustc_apfloat's
    /// Float8E5M2 does (NaNs compared as NaNs: their payloads are the
    /// float crate's).
    #[test]
    fn e5m2_widens_like_apfloat() {
        for x in 0u64..0x100 {
            let ours = convert::<E5M2, F32>(x, Round::NearestEven).bits;
            let mut lost = false;
            let want: Single = Float8E5M2::from_bits(x as u128).convert(&mut lost).value;
            if want.is_nan() {
                assert!(is_nan::<F32>(ours), "{x:#x}");
            } else {
                assert_eq!(ours, want.to_bits() as u64, "{x:#x}");
            }
        }
        // The extended formats' largest narrow values.
        let f32_of = |w: u64, f: fn(u64) -> u64| f(w);
        assert_eq!(
            f32_of(0x1f, |w| convert::<E2M3X, F32>(w, Round::NearestEven).bits),
            0x40f0_0000
        ); // 7.5
        assert_eq!(
            f32_of(0x1f, |w| convert::<E3M2X, F32>(w, Round::NearestEven).bits),
            0x41e0_0000
        ); // 28
        assert_eq!(
            f32_of(0x7, |w| convert::<E2M1X, F32>(w, Round::NearestEven).bits),
            0x40c0_0000
        ); // 6
        assert_eq!(
            convert::<E2M1X, F32>(0x1, Round::NearestEven).bits,
            0x3f00_0000
        ); // 0.5
    }
}
