//! Exact IEEE 754 arithmetic, generic over binary formats.
//!
//! `add`, `sub`, `mul`, `fma` and conversions between binary16, bfloat16,
//! binary32, binary64 and a tiny 8-bit test format, each correctly rounded
//! in all four rounding directions, subnormals included, with the IEEE 754
//! exception flags. A value is its bits (in the low bits of a `u64`); the
//! rounding mode is always an argument; there is no global state.
//!
//! Every operation is written once, generic over [`Format`], computes its
//! exact result and ends in the one round-and-pack, [`round`]. No host
//! floating point is used anywhere in this crate.
//!
//! NaN results follow IEEE 754 §6.2.3 (the first NaN operand, quieted;
//! [`Format::DEFAULT_NAN`] for an invalid operation). NVIDIA's NaN patterns
//! are not decided here: the PTX layer applies them.
//!
//! ```
//! use ptxfp_float::{fma, Round, BF16};
//! // bfloat16 fma to nearest: the exact value is rounded once.
//! assert_eq!(fma::<BF16>(0x3fe0, 0x3f14, 0x8d80, Round::NearestEven).bits, 0x3f81);
//! ```
#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod divsqrt;
mod format;
mod ops;
mod round;

pub use divsqrt::{div, sqrt};
pub use format::{
    classify, is_nan, is_negative, is_signaling, is_subnormal, Class, Format, Wide, BF16, E2M1X,
    E2M3X, E3M2X, E4M3X, E5M2, E5M3X, F16, F32, F64, F8, TF32,
};
pub use ops::{
    add, convert, decode, fma, mul, product, propagate_nan, shift_right_jam, sub, sum, Value,
};
pub use round::{round, Exact, Flags, Round, Rounded};

#[cfg(test)]
mod tests {
    use super::*;
    const RN: Round = Round::NearestEven;

    #[test]
    fn double_rounding_traps() {
        // Computing these in f32 and narrowing rounds twice and is wrong.
        assert_eq!(fma::<BF16>(0x3fe0, 0x3f14, 0x8d80, RN).bits, 0x3f81);
        assert_eq!(add::<BF16>(0x3f80, 0x3bc0, RN).bits, 0x3f81);
    }

    #[test]
    fn signed_zero_sums() {
        // IEEE 754 §6.3.
        assert_eq!(add::<F16>(0x3c00, 0xbc00, RN).bits, 0x0000);
        assert_eq!(
            add::<F16>(0x3c00, 0xbc00, Round::TowardNegative).bits,
            0x8000
        );
        assert_eq!(add::<F16>(0x8000, 0x8000, RN).bits, 0x8000);
        assert_eq!(add::<F16>(0x8000, 0x0000, RN).bits, 0x0000);
        assert_eq!(
            add::<F16>(0x8000, 0x0000, Round::TowardNegative).bits,
            0x8000
        );
        // fma: the product's sign is the xor of the factors' signs.
        assert_eq!(fma::<F16>(0x8000, 0x3c00, 0x8000, RN).bits, 0x8000);
        assert_eq!(fma::<F16>(0x8000, 0xbc00, 0x8000, RN).bits, 0x0000);
    }

    #[test]
    fn overflow_by_mode() {
        let max = 0x7bff;
        let expect = [
            (RN, 0x7c00, 0xfc00),
            (Round::TowardZero, 0x7bff, 0xfbff),
            (Round::TowardNegative, 0x7bff, 0xfc00),
            (Round::TowardPositive, 0x7c00, 0xfbff),
        ];
        for (rm, pos, neg) in expect {
            let r = add::<F16>(max, max, rm);
            assert_eq!(
                (r.bits, r.flags),
                (pos, Flags::OVERFLOW | Flags::INEXACT),
                "{rm:?}"
            );
            assert_eq!(
                add::<F16>(max | 0x8000, max | 0x8000, rm).bits,
                neg,
                "{rm:?}"
            );
        }
    }

    #[test]
    fn invalid_operations() {
        assert_eq!(
            add::<F32>(0x7f80_0000, 0xff80_0000, RN),
            Rounded {
                bits: 0x7fc0_0000,
                flags: Flags::INVALID
            }
        );
        assert_eq!(mul::<F32>(0, 0x7f80_0000, RN).flags, Flags::INVALID);
        assert_eq!(
            fma::<F32>(0, 0x7f80_0000, 0x3f80_0000, RN).flags,
            Flags::INVALID
        );
        assert_eq!(
            fma::<F32>(0x7f80_0000, 0x3f80_0000, 0xff80_0000, RN).flags,
            Flags::INVALID
        );
    }

    #[test]
    fn subnormals_and_underflow() {
        // Smallest f16 subnormal halved: a tie between 0 and 2^-24 rounds to 0.
        let r = mul::<F16>(0x0001, 0x3800, RN);
        assert_eq!((r.bits, r.flags), (0, Flags::UNDERFLOW | Flags::INEXACT));
        // Exact subnormal result: no flag.
        assert_eq!(mul::<F16>(0x0002, 0x3800, RN), Rounded::exact(0x0001));
        // Toward +inf, a positive tiny result becomes the smallest subnormal.
        assert_eq!(
            mul::<F16>(0x0001, 0x0001, Round::TowardPositive).bits,
            0x0001
        );
    }

    #[test]
    fn conversions() {
        assert_eq!(convert::<F32, F16>(0x3f80_0000, RN).bits, 0x3c00);
        assert_eq!(convert::<F16, F32>(0x0001, RN), Rounded::exact(0x3380_0000));
        assert_eq!(convert::<F32, BF16>(0x3f80_8000, RN).bits, 0x3f80);
        assert_eq!(convert::<F32, BF16>(0x3f81_8000, RN).bits, 0x3f82);
        assert_eq!(
            convert::<F64, F32>(0x7ff0_0000_0000_0001, RN).bits,
            0x7fc0_0000
        );
        assert_eq!(convert::<F32, F8>(0x3f80_0000, RN).bits, 0x38);
    }
}
