//! `sqrt` against the host's square root, an independent algorithm (the
//! CPU's `sqrtsd`, IEEE 754 correctly rounded to nearest), in all four
//! modes: every f16 and bf16 input, edge-weighted random f32 and f64 inputs.
//!
//! How the host's f64 result `r = RN64(√x)` gives the correctly rounded
//! result in another format and mode: the exact residual `r² − x` (one
//! `mul_add`, exact in sign: x is scaled into a range where the residual
//! cannot underflow) says on which side of `r` the true root lies. For a
//! narrower format, `r` is nudged one f64 ulp towards the true root when it
//! is not exact, so that it lies strictly on the same side of every
//! narrower-format boundary as the root (the root of a p-bit value is never
//! within an f64 ulp of a narrower boundary unless equal to `r`), and
//! rustc_apfloat converts it with the mode. For f64 itself the directed
//! result is `r` or its neighbour on the root's side.

use ptxfp_float::{sqrt, Format, Round, BF16, F16, F32, F64};
use rustc_apfloat::ieee::{BFloat, Double, Half, Single};
use rustc_apfloat::{Float, FloatConvert, Round as ARound};

fn amode(rm: Round) -> ARound {
    match rm {
        Round::NearestEven => ARound::NearestTiesToEven,
        Round::TowardZero => ARound::TowardZero,
        Round::TowardNegative => ARound::TowardNegative,
        Round::TowardPositive => ARound::TowardPositive,
    }
}

/// √x for a finite positive f64 `x`: the host's RN result and the sign of
/// `r² − x` (−1: the root is above r; 0: exact; 1: below).
fn host_root(x: f64) -> (f64, i32) {
    // Scale tiny inputs by 2^200 (root by 2^100): exact, and keeps the
    // residual clear of underflow.
    let (xs, unscale) = if x < 1e-200 {
        (x * 2f64.powi(200), 2f64.powi(-100))
    } else {
        (x, 1.0)
    };
    let r = xs.sqrt();
    let res = r.mul_add(r, -xs);
    let side = if res > 0.0 {
        1
    } else if res < 0.0 {
        -1
    } else {
        0
    };
    (r * unscale, side)
}

/// The oracle for formats narrower than f64 (`A` the apfloat type of `F`).
fn oracle_narrow<F: Format, A: Float + FloatConvert<Double>>(x: u64, rm: Round) -> u64
where
    Double: FloatConvert<A>,
{
    let mut loses = false;
    let xd: Double = A::from_bits(x as u128).convert(&mut loses).value;
    let xf = f64::from_bits(xd.to_bits() as u64);
    if xf.is_nan() || xf < 0.0 || xf == 0.0 || xf.is_infinite() {
        // Special cases: not what this oracle checks (see `specials`).
        return sqrt::<F>(x, rm).bits;
    }
    let (r, side) = host_root(xf);
    let nudged = match side {
        1 => f64::from_bits(r.to_bits() - 1),
        -1 => f64::from_bits(r.to_bits() + 1),
        _ => r,
    };
    let rd = Double::from_bits(nudged.to_bits() as u128);
    let out: A = rd.convert_r(amode(rm), &mut loses).value;
    out.to_bits() as u64
}

fn oracle_f64(x: u64, rm: Round) -> u64 {
    let xf = f64::from_bits(x);
    if xf.is_nan() || xf <= 0.0 || xf.is_infinite() {
        return sqrt::<F64>(x, rm).bits;
    }
    let (r, side) = host_root(xf);
    let bits = r.to_bits();
    match (rm, side) {
        (Round::NearestEven, _) | (_, 0) => bits,
        (Round::TowardZero | Round::TowardNegative, 1) => bits - 1,
        (Round::TowardPositive, -1) => bits + 1,
        _ => bits,
    }
}

#[test]
fn specials() {
    for rm in Round::ALL {
        let s = |x: f64| sqrt::<F64>(x.to_bits(), rm).bits;
        assert_eq!(s(0.0), 0);
        assert_eq!(s(-0.0), F64::SIGN);
        assert_eq!(s(f64::INFINITY), F64::INF);
        assert_eq!(s(f64::NEG_INFINITY), F64::DEFAULT_NAN);
        assert_eq!(s(-1.0), F64::DEFAULT_NAN);
        assert_eq!(s(-f64::from_bits(1)), F64::DEFAULT_NAN);
        // A NaN operand: itself, quieted, payload kept.
        assert_eq!(
            sqrt::<F64>(0x7ff0_0000_0000_0123, rm).bits,
            0x7ff8_0000_0000_0123
        );
        assert_eq!(sqrt::<F16>(0xfd01, rm).bits, 0xff01);
    }
}

fn exhaustive16<F: Format, A: Float + FloatConvert<Double>>()
where
    Double: FloatConvert<A>,
{
    let mut bad = Vec::new();
    for rm in Round::ALL {
        for x in 0..=0x7fffu64 {
            let (ours, theirs) = (sqrt::<F>(x, rm).bits, oracle_narrow::<F, A>(x, rm));
            if ours != theirs {
                bad.push(format!(
                    "sqrt::<{}>({x:#06x}, {rm:?}): ours {ours:#x}, oracle {theirs:#x}",
                    F::NAME
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
}

#[test]
fn every_f16() {
    exhaustive16::<F16, Half>();
}

#[test]
fn every_bf16() {
    exhaustive16::<BF16, BFloat>();
}

/// splitmix64.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Positive operands: random bits, subnormals, perfect squares and their
/// neighbours (exact roots and the values right next to them).
fn operand<F: Format>(i: u64) -> u64 {
    let r = mix(i ^ F::BITS as u64);
    let mag = r & (F::ALL >> 1);
    match i % 5 {
        0 => mag & F::FRAC_MASK, // subnormal
        1 | 2 => {
            // s² for an s of half the precision, ± 1 ulp.
            let s = (mix(r) >> 40) | 1;
            let sq = (s * s) as f64 * 2f64.powi((mix(r ^ 7) % 60) as i32 - 30);
            let bits = if F::BITS == 64 {
                sq.to_bits()
            } else {
                u64::from((sq as f32).to_bits())
            };
            (bits + (i % 3)).saturating_sub(1) & (F::ALL >> 1)
        }
        _ => mag.min(F::INF - 1),
    }
}

#[test]
fn random_f32() {
    let mut bad = Vec::new();
    for rm in Round::ALL {
        for i in 0..400_000u64 {
            let x = operand::<F32>(i);
            let (ours, theirs) = (sqrt::<F32>(x, rm).bits, oracle_narrow::<F32, Single>(x, rm));
            if ours != theirs {
                bad.push(format!(
                    "sqrt::<f32>({x:#x}, {rm:?}): ours {ours:#x}, oracle {theirs:#x}"
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
}

#[test]
fn random_f64() {
    let mut bad = Vec::new();
    for rm in Round::ALL {
        for i in 0..400_000u64 {
            let x = operand::<F64>(i);
            let (ours, theirs) = (sqrt::<F64>(x, rm).bits, oracle_f64(x, rm));
            if ours != theirs {
                bad.push(format!(
                    "sqrt::<f64>({x:#x}, {rm:?}): ours {ours:#x}, oracle {theirs:#x}"
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
}
