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
