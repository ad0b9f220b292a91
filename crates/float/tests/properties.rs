//! Algebraic invariants that must hold bit for bit (flags included), by
//! proptest over raw bit patterns of every format and every mode.
//!
//! Run: `cargo test -p ptxfp-float --test properties`
//! (`PROPTEST_CASES` raises the 10,000 cases per property).

use proptest::prelude::*;
use ptxfp_float::{add, convert, fma, is_nan, mul, sub, Format, Round, BF16, F16, F32, F64, F8};

fn mode() -> impl Strategy<Value = Round> {
    prop::sample::select(Round::ALL.to_vec())
}

/// Bit patterns of `F`, with a quarter drawn from the edges (zeros,
/// subnormal, normal and overflow boundaries, infinities, NaNs).
fn bits<F: Format>() -> impl Strategy<Value = u64> {
    let edges = vec![
        0,
        1,
        F::MIN_NORMAL - 1,
        F::MIN_NORMAL,
        F::MAX,
        F::INF,
        F::INF | F::QUIET,
        F::INF | 1,
        (F::BIAS as u64) << F::FRAC_BITS,
    ];
    prop_oneof![
        3 => any::<u64>().prop_map(|x| x & F::ALL),
        1 => (prop::sample::select(edges), any::<bool>()).prop_map(|(m, s)| m | if s { F::SIGN } else { 0 }),
    ]
}

fn props<F: Format>(a: u64, b: u64, c: u64, rm: Round) -> Result<(), TestCaseError> {
    let one = (F::BIAS as u64) << F::FRAC_BITS;
    let both_nan = is_nan::<F>(a) && is_nan::<F>(b);
    // Commutativity (IEEE 754 §6.2.3 picks the *first* NaN, so not for two NaNs).
    if !both_nan {
        prop_assert_eq!(add::<F>(a, b, rm), add::<F>(b, a, rm));
        prop_assert_eq!(mul::<F>(a, b, rm), mul::<F>(b, a, rm));
        prop_assert_eq!(fma::<F>(a, b, c, rm), fma::<F>(b, a, c, rm));
    }
    // a - b = a + (-b) (a NaN b keeps its own sign in sub).
    if !is_nan::<F>(b) {
        prop_assert_eq!(sub::<F>(a, b, rm), add::<F>(a, b ^ F::SIGN, rm));
    }
    // a × 1 + c is a + c rounded once; a × b + z is a × b rounded once when
    // z is the zero that leaves a zero product's sign alone (IEEE 754 §6.3:
    // -0 in every mode but toward negative, where +0 + -0 = -0, so +0 there).
    prop_assert_eq!(fma::<F>(a, one, c, rm), add::<F>(a, c, rm));
    let neutral = if rm == Round::TowardNegative {
        0
    } else {
        F::SIGN
    };
    prop_assert_eq!(fma::<F>(a, b, neutral, rm), mul::<F>(a, b, rm));
    // Multiplying by ±1 is exact (flags only for a signaling NaN).
    if !is_nan::<F>(a) {
        prop_assert_eq!(mul::<F>(a, one | F::SIGN, rm).bits, a ^ F::SIGN);
    }
    // Widening to f64 and back is the identity for non-NaN values.
    if !is_nan::<F>(a) {
        let w = convert::<F, F64>(a, rm);
        prop_assert!(w.flags.is_empty());
        prop_assert_eq!(convert::<F64, F>(w.bits, rm).bits, a);
    }
    Ok(())
}

macro_rules! prop_tests {
    ($($name:ident: $f:ty;)*) => {$(
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(10_000))]
            #[test]
            fn $name(a in bits::<$f>(), b in bits::<$f>(), c in bits::<$f>(), rm in mode()) {
                props::<$f>(a, b, c, rm)?;
            }
        }
    )*};
}

prop_tests! {
    invariants_f8: F8;
    invariants_f16: F16;
    invariants_bf16: BF16;
    invariants_f32: F32;
    invariants_f64: F64;
}
