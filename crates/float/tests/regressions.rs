//! Named regression tests: double-rounding traps, each with the exact
//! arithmetic that decides it, checked against the core and against
//! rustc_apfloat (the oracle the expected bits were taken from).
//!
//! Run: `cargo test -p ptxfp-float --test regressions`.

use ptxfp_float::{add, convert, fma, Flags, Round, Rounded, BF16, F16, F32};
use rustc_apfloat::ieee::{BFloat, Half};
use rustc_apfloat::{Float, Round as ARound};

const RN: Round = Round::NearestEven;

/// bf16 fma: 0x3fe0 (1.75) × 0x3f14 (0.578125) = 1.01171875 = 1 + 1.5·2^-7,
/// exactly the midpoint between 0x3f81 (1 + 2^-7) and 0x3f82 (1 + 2^-6);
/// c = 0x8d80 = -2^-100 puts the exact value just below it, so the single
/// rounding gives 0x3f81. Computing in f32 first rounds the tiny c away
/// (landing on the midpoint), and the second rounding's tie-to-even then
/// gives 0x3f82: wrong.
#[test]
fn bf16_fma_midpoint_minus_tiny() {
    let r = fma::<BF16>(0x3fe0, 0x3f14, 0x8d80, RN);
    assert_eq!(
        r,
        Rounded {
            bits: 0x3f81,
            flags: Flags::INEXACT
        }
    );
    let ap = BFloat::from_bits(0x3fe0).mul_add_r(
        BFloat::from_bits(0x3f14),
        BFloat::from_bits(0x8d80),
        ARound::NearestTiesToEven,
    );
    assert_eq!(ap.value.to_bits(), 0x3f81);
    // The wrong route, for the record: fma in f32, then narrow.
    let f32_fma = fma::<F32>(0x3fe0_0000, 0x3f14_0000, 0x8d80_0000, RN).bits;
    assert_eq!(convert::<F32, BF16>(f32_fma, RN).bits, 0x3f82);
}

/// bf16 add: 0x3f80 (1) + 0x3bc0 (1.5·2^-8 = 3·2^-9) = 1 + 0.75·2^-7: three
/// quarters of an ulp above 1, so to nearest it is 0x3f81 (1 + 2^-7).
#[test]
fn bf16_add_three_quarters_ulp() {
    assert_eq!(
        add::<BF16>(0x3f80, 0x3bc0, RN),
        Rounded {
            bits: 0x3f81,
            flags: Flags::INEXACT
        }
    );
    let ap = BFloat::from_bits(0x3f80).add_r(BFloat::from_bits(0x3bc0), ARound::NearestTiesToEven);
    assert_eq!(ap.value.to_bits(), 0x3f81);
}

/// f16 fma where "fma in f32, then narrow to f16" is wrong (found by a seeded
/// search comparing apfloat's f16 fma with apfloat's f32 fma + conversion):
/// 0x3d07 = 1287·2^-10, 0x3d1a = 1306·2^-10, 0x049f = 1183·2^-24, so
/// a·b + c = (1287·1306·16 + 1183)·2^-24 = 26894335·2^-24
///         = (1641·2^14 + 8191)·2^-24:
/// one unit of 2^-24 *below* the midpoint 1641.5·2^-10 between the f16 values
/// 0x3e69 (1641·2^-10) and 0x3e6a. Rounded once: 0x3e69. In f32 (quantum
/// 2^-23 here) 26894335 is odd, a tie that goes to the even 26894336 = the
/// f16 midpoint exactly; narrowing then ties to even: 0x3e6a. Wrong.
#[test]
fn f16_fma_not_via_f32() {
    let r = fma::<F16>(0x3d07, 0x3d1a, 0x049f, RN);
    assert_eq!(
        r,
        Rounded {
            bits: 0x3e69,
            flags: Flags::INEXACT
        }
    );
    let ap = Half::from_bits(0x3d07).mul_add_r(
        Half::from_bits(0x3d1a),
        Half::from_bits(0x049f),
        ARound::NearestTiesToEven,
    );
    assert_eq!(ap.value.to_bits(), 0x3e69);
    let f32_fma = fma::<F32>(0x3fa0_e000, 0x3fa3_4000, 0x3893_e000, RN).bits;
    assert_eq!(convert::<F16, F32>(0x3d07, RN).bits, 0x3fa0_e000);
    assert_eq!(convert::<F16, F32>(0x3d1a, RN).bits, 0x3fa3_4000);
    assert_eq!(convert::<F16, F32>(0x049f, RN).bits, 0x3893_e000);
    assert_eq!(convert::<F32, F16>(f32_fma, RN).bits, 0x3e6a);
}

/// An f16 sum that binary32 cannot hold: 0x7bff (65504 = MAX) + 0x0001
/// (2^-24) needs 41 bits. Rounded once toward +∞ the exact value exceeds
/// MAX, so it overflows to +∞ (IEEE 754 §7.4); an f32 sum rounded to nearest
/// (65504 exactly) and then narrowed toward +∞ would wrongly give MAX.
/// To nearest it is MAX, inexact.
#[test]
fn f16_add_max_plus_least_subnormal() {
    assert_eq!(
        add::<F16>(0x7bff, 0x0001, RN),
        Rounded {
            bits: 0x7bff,
            flags: Flags::INEXACT
        }
    );
    assert_eq!(
        add::<F16>(0x7bff, 0x0001, Round::TowardPositive),
        Rounded {
            bits: 0x7c00,
            flags: Flags::OVERFLOW | Flags::INEXACT
        }
    );
}
