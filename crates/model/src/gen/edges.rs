//! What the operand generators know about formats: the format of each PTX
//! float type's lanes, and the edges of a format (the exponent and fraction
//! fields where arithmetic changes behaviour, and the values built from
//! them). There are two generators and both draw from here: this crate's
//! [`super::vectors`] (the `ptxfp gen` command) and `ptxfp_hw::gen::EdgeRng`
//! (the GPU records' operands). Nothing here restates a width: every
//! number comes from [`ptxfp_float::Format`].
//!
//! The order of each list is part of both generators' streams (they draw an
//! index into it): appending to a list, or reordering it, changes the
//! operands of every seed, which breaks the `gen` command's reproducibility
//! and, for [`exponents`] and [`fractions`], every GPU record with random
//! inputs. The pins in `crates/model/tests/gen_pins.rs` and
//! `crates/hw/tests/gen_stream.rs` catch that.

use crate::quirks::HwProfile;
use ptxfp_float::{Format, BF16, F16, F32, F64};
use ptxfp_isa::types::PtxType;

/// The IEEE format of the lanes of a PTX float type. A generator matches on
/// it to call its code generic over [`Format`] (`F16` calls `f::<F16>()`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LaneFormat {
    /// [`F16`]: the lanes of `.f16` and `.f16x2`.
    F16,
    /// [`BF16`]: the lanes of `.bf16` and `.bf16x2`.
    BF16,
    /// [`F32`]: `.f32`.
    F32,
    /// [`F64`]: `.f64`.
    F64,
}

impl LaneFormat {
    /// The lanes of `t`: their format and how many (2 for the packed
    /// types). `None` for a type that is not a float type.
    pub fn of(t: PtxType) -> Option<(LaneFormat, u32)> {
        Some(match t {
            PtxType::F16 => (LaneFormat::F16, 1),
            PtxType::F16x2 => (LaneFormat::F16, 2),
            PtxType::BF16 => (LaneFormat::BF16, 1),
            PtxType::BF16x2 => (LaneFormat::BF16, 2),
            PtxType::F32 => (LaneFormat::F32, 1),
            PtxType::F64 => (LaneFormat::F64, 1),
            _ => return None,
        })
    }

    /// Width of a lane in bits ([`Format::BITS`]).
    pub fn bits(self) -> u32 {
        match self {
            LaneFormat::F16 => F16::BITS,
            LaneFormat::BF16 => BF16::BITS,
            LaneFormat::F32 => F32::BITS,
            LaneFormat::F64 => F64::BITS,
        }
    }
}

/// The biased exponent of infinities and NaNs (all ones).
pub fn special_exp<F: Format>() -> u64 {
    F::EXP_MASK >> F::FRAC_BITS
}

/// The biased exponent of 1.0 (the bias).
pub fn one_exp<F: Format>() -> u64 {
    F::BIAS as u64
}

/// The bits of a value of `F` from its fields: sign, biased exponent,
/// trailing significand. The fields must fit.
pub fn pack<F: Format>(negative: bool, exp: u64, frac: u64) -> u64 {
    debug_assert!(exp <= special_exp::<F>() && frac <= F::FRAC_MASK);
    (if negative { F::SIGN } else { 0 }) | exp << F::FRAC_BITS | frac
}

/// 1.0 in `F`.
pub fn one<F: Format>() -> u64 {
    pack::<F>(false, one_exp::<F>(), 0)
}

/// Biased exponents at the edges of `F`: zeros and subnormals (0), the two
/// smallest normal binades (1, 2), infinities and NaNs (all ones), the
/// largest finite binade, and the binades of 1.0, 0.5 and 2.0.
pub fn exponents<F: Format>() -> [u64; 8] {
    let (special, one) = (special_exp::<F>(), one_exp::<F>());
    [0, 1, 2, special, special - 1, one, one - 1, one + 1]
}

/// Trailing significands at the edges of `F`: zero (powers of two,
/// infinities), the last bit (the smallest subnormal, a signaling NaN),
/// all ones (the largest subnormal and finite values, a full payload), the
/// first bit (a half: ties; the quiet bit of a NaN), and the first and last.
pub fn fractions<F: Format>() -> [u64; 5] {
    [0, 1, F::FRAC_MASK, F::QUIET, F::QUIET | 1]
}

/// The out-of-bounds NaN of the 16-bit `.oob` forms, as
/// [`HwProfile::NVIDIA`] has it (`0x7ff7`).
pub const OOB_NAN: u64 = HwProfile::NVIDIA.oob_value as u64;

/// Edge values of `F`, positive (a generator picks the sign): zero, the
/// subnormal and normal boundaries, the largest finite values, infinity,
/// NaNs (quiet, signaling, full payload) and values around 1.0, each a
/// pair of the fields of [`exponents`] and [`fractions`] (and `MAX - 1`).
/// With `oob` and a 16-bit `F`, also [`OOB_NAN`].
pub fn values<F: Format>(oob: bool) -> Vec<u64> {
    let e = |exp, frac| pack::<F>(false, exp, frac);
    let (special, one) = (special_exp::<F>(), one_exp::<F>());
    let all = F::FRAC_MASK;
    let mut v = vec![
        e(0, 0),
        e(0, 1),   // smallest subnormal
        e(0, all), // largest subnormal
        e(1, 0),   // smallest normal
        e(1, 1),
        e(special - 1, all), // largest finite
        e(special - 1, all - 1),
        e(special, 0),        // infinity
        e(special, F::QUIET), // quiet NaN
        e(special, 1),        // signaling NaN
        e(special, all),      // NaN, all payload bits
        e(one, 0),            // 1.0
        e(one - 1, all),      // just below 1
        e(one, 1),            // just above 1
        e(one, 0),            // 1.0 again (once written `one >> 1 << 1`): twice the weight
        e(one - 1, 0),        // 0.5
    ];
    if oob && F::BITS == 16 {
        v.push(OOB_NAN);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptxfp_float::F8;

    /// The edge values, as `gen` first wrote them with `Format`'s named
    /// constants: the field form above must be the same list.
    fn named<F: Format>() -> Vec<u64> {
        let one = (F::BIAS as u64) << F::FRAC_BITS;
        vec![
            0,
            1,
            F::MIN_NORMAL - 1,
            F::MIN_NORMAL,
            F::MIN_NORMAL + 1,
            F::MAX,
            F::MAX - 1,
            F::INF,
            F::INF | F::QUIET,
            F::INF | 1,
            F::INF | F::FRAC_MASK,
            one,
            one - 1,
            one + 1,
            one >> 1 << 1,
            ((F::BIAS as u64) - 1) << F::FRAC_BITS,
        ]
    }

    fn check<F: Format>() {
        assert_eq!(values::<F>(false), named::<F>(), "{}", F::NAME);
        let oob = values::<F>(true);
        if F::BITS == 16 {
            assert_eq!(oob[..oob.len() - 1], named::<F>()[..]);
            assert_eq!(oob.last(), Some(&0x7ff7));
        } else {
            assert_eq!(oob, named::<F>());
        }
        assert_eq!(one::<F>(), named::<F>()[11]);
        assert_eq!(pack::<F>(true, special_exp::<F>(), 0), F::SIGN | F::INF);
        for x in exponents::<F>() {
            assert!(x <= special_exp::<F>());
        }
        for x in fractions::<F>() {
            assert!(x <= F::FRAC_MASK);
        }
    }

    #[test]
    fn edge_values_are_the_named_constants() {
        check::<F8>();
        check::<F16>();
        check::<BF16>();
        check::<F32>();
        check::<F64>();
    }

    #[test]
    fn lane_formats_follow_the_float_formats() {
        assert_eq!(LaneFormat::of(PtxType::F16x2), Some((LaneFormat::F16, 2)));
        assert_eq!(LaneFormat::of(PtxType::BF16), Some((LaneFormat::BF16, 1)));
        assert_eq!(LaneFormat::of(PtxType::U32), None);
        for t in [
            PtxType::F16,
            PtxType::F16x2,
            PtxType::BF16,
            PtxType::BF16x2,
            PtxType::F32,
            PtxType::F64,
        ] {
            let (lane, n) = LaneFormat::of(t).unwrap();
            assert_eq!(lane.bits() * n, t.bits(), "{t:?}");
        }
    }
}
