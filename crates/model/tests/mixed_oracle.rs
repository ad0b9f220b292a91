//! The packed mixed-precision lines of PTX ISA 9.4 (9.7.5: `.f32x2` with
//! `.f16x2`/`.bf16x2`, 36 forms) against rustc_apfloat, with the
//! semantics blocks written again here:
//!
//! - upconvert `add`/`sub`: `convert(a)` to `Single` (exact), then apfloat's
//!   `add_r`/`sub_r` in the form's rounding; `fma`: `mul_add_r` on
//!   `convert(a)`, `b`, `c`;
//! - downconvert: the two `Single` lanes widened to `Quad` (exact), the
//!   operation in `Quad` rounded toward zero (a product is exact there),
//!   then `convert_r` toward zero into `Half`/`BFloat` ("Apply rz for
//!   output"): truncating twice truncates once, as `Half` and `BFloat`
//!   values are `Quad` values; `.ftz` flushes subnormal `.f32` inputs and
//!   subnormal results to sign-preserving zero;
//! - `mul.{h}x2.{h}x2.{other}x2`: `c` converted to `a`'s format (ties to
//!   even), then `mul` ties to even;
//!
//! NaN results are NVIDIA's canonical NaNs (`f32_nan`, `half_nan`:
//! docs/NVIDIA.md "NaN results"). Every 16-bit `a` lane, and dense
//! edge-weighted random `.f32` lanes, compared as bits.

mod common;
use common::Rng;
use ptxfp_isa::mixed::{Half as H, Mixed, MixedOp, Shape};
use ptxfp_model::{EvalMixed, Exec, HwProfile};
use rustc_apfloat::ieee::{BFloat, Half, Quad, Single};
use rustc_apfloat::{Float, FloatConvert, Round};

const HW: HwProfile = HwProfile::NVIDIA;

/// `.f32` edge values: zeros, subnormals, the normal boundary, values at
/// the f16 and bf16 ranges' edges (65504, 65520, 2^-14, 2^-24, 2^-25, ...),
/// ones, the largest, ∞, quiet and signalling NaNs, each with both signs.
fn f32_edges() -> Vec<u32> {
    let pos = [
        0u32,
        1,
        0x007f_ffff,
        0x0080_0000,
        0x3f80_0000,
        0x3f80_0001,
        0x3fff_ffff,
        0x477f_e000,
        0x477f_f000,
        0x477f_f001,
        0x4780_0000,
        0x3880_0000,
        0x387f_ffff,
        0x3380_0000,
        0x3300_0000,
        0x3280_0000,
        0x0040_0000,
        0x7f7f_ffff,
        0x7f80_0000,
        0x7fc0_0000,
        0x7f80_0001,
        0x7fff_ffff,
        0x3400_0000,
        0x3a80_0000,
        0x4b80_0000,
        0x0100_0000,
        0x7f00_0000,
    ];
    pos.iter().flat_map(|&p| [p, p | 0x8000_0000]).collect()
}

/// A random `.f32`: an edge, random bits, or a value near another (the
/// same exponent give or take a few, so that sums cancel and round).
fn f32_at(rng: &mut Rng, edges: &[u32], near: u32) -> u32 {
    match rng.next() % 4 {
        0 => edges[(rng.next() % edges.len() as u64) as usize],
        1 => rng.next() as u32,
        2 => {
            (near & 0xff80_0000)
                .wrapping_add((rng.next() % 0x0300_0000) as u32)
                .wrapping_sub(0x0100_0000)
                ^ (rng.next() as u32 & 0x807f_ffff)
        }
        _ => {
            // Exponents where f16 and bf16 results are subnormal or large.
            let e = [103u32, 110, 113, 127, 141, 142, 143, 200][(rng.next() % 8) as usize];
            (rng.next() as u32 & 0x807f_ffff) | e << 23
        }
    }
}

fn single(x: u32) -> Single {
    Single::from_bits(x as u128)
}

fn quad(x: u32) -> Quad {
    let mut lost = false;
    single(x).convert(&mut lost).value
}

fn f32_bits(r: Single) -> u64 {
    if r.is_nan() {
        u64::from(HW.f32_nan)
    } else {
        r.to_bits() as u64
    }
}

fn apfloat_round(rnd: Option<ptxfp_float::Round>) -> Round {
    match rnd.unwrap_or(ptxfp_float::Round::NearestEven) {
        ptxfp_float::Round::NearestEven => Round::NearestTiesToEven,
        ptxfp_float::Round::TowardZero => Round::TowardZero,
        ptxfp_float::Round::TowardNegative => Round::TowardNegative,
        ptxfp_float::Round::TowardPositive => Round::TowardPositive,
    }
}

/// `convert(a)` of a 16-bit lane to `.f32`, exact.
fn up(h: H, a: u64) -> Single {
    let mut lost = false;
    let r: Single = match h {
        H::F16 => Half::from_bits(a as u128).convert(&mut lost).value,
        H::BF16 => BFloat::from_bits(a as u128).convert(&mut lost).value,
    };
    assert!(!lost);
    r
}

fn oracle_up(m: &Mixed, a: u64, b: u32, c: u32) -> u64 {
    let rm = apfloat_round(m.rnd);
    let a = up(
        match m.shape {
            Shape::Up(h) => h,
            _ => unreachable!(),
        },
        a,
    );
    f32_bits(match m.op {
        MixedOp::Add => a.add_r(single(c), rm).value,
        MixedOp::Sub => a.sub_r(single(c), rm).value,
        _ => a.mul_add_r(single(b), single(c), rm).value,
    })
}

fn is_sub32(x: u32) -> bool {
    x & 0x7f80_0000 == 0 && x & 0x007f_ffff != 0
}

fn oracle_down(m: &Mixed, a: u32, c: u32) -> u64 {
    let flush = |x: u32| {
        if m.ftz && is_sub32(x) {
            x & 0x8000_0000
        } else {
            x
        }
    };
    let (a, c) = (quad(flush(a)), quad(flush(c)));
    let rz = Round::TowardZero;
    let r = match m.op {
        MixedOp::Add => a.add_r(c, rz).value,
        MixedOp::Sub => a.sub_r(c, rz).value,
        _ => a.mul_r(c, rz).value,
    };
    if r.is_nan() {
        return u64::from(HW.half_nan);
    }
    let mut lost = false;
    let (bits, frac_mask, exp_mask, sign) = match m.shape {
        Shape::Down(H::F16) => {
            let h: Half = r.convert_r(rz, &mut lost).value;
            (h.to_bits() as u64, 0x3ff, 0x7c00, 0x8000)
        }
        _ => {
            let h: BFloat = r.convert_r(rz, &mut lost).value;
            (h.to_bits() as u64, 0x7f, 0x7f80, 0x8000)
        }
    };
    // ".ftz": a subnormal result is a zero of its sign.
    if m.ftz && bits & exp_mask == 0 && bits & frac_mask != 0 {
        bits & sign
    } else {
        bits
    }
}

fn oracle_cross(m: &Mixed, a: u64, c: u64) -> u64 {
    let rn = Round::NearestTiesToEven;
    let mut lost = false;
    let nan = |r: bool, bits: u128| {
        if r {
            u64::from(HW.half_nan)
        } else {
            bits as u64
        }
    };
    match m.shape {
        Shape::Cross(H::F16) => {
            let c: Half = BFloat::from_bits(c as u128).convert_r(rn, &mut lost).value;
            let r = Half::from_bits(a as u128).mul_r(c, rn).value;
            nan(r.is_nan(), r.to_bits())
        }
        _ => {
            let c: BFloat = Half::from_bits(c as u128).convert_r(rn, &mut lost).value;
            let r = BFloat::from_bits(a as u128).mul_r(c, rn).value;
            nan(r.is_nan(), r.to_bits())
        }
    }
}

/// The oracle for the whole register.
fn oracle(m: &Mixed, s: &[u64]) -> u64 {
    let h = |x: u64, k: u32| x >> (16 * k) & 0xffff;
    let w = |x: u64, k: u32| (x >> (32 * k)) as u32;
    match m.shape {
        Shape::Up(_) => {
            let lane = |k| match m.op {
                MixedOp::Fma => oracle_up(m, h(s[0], k), w(s[1], k), w(s[2], k)),
                _ => oracle_up(m, h(s[0], k), 0, w(s[1], k)),
            };
            lane(1) << 32 | lane(0)
        }
        Shape::Down(_) => {
            oracle_down(m, w(s[0], 1), w(s[1], 1)) << 16 | oracle_down(m, w(s[0], 0), w(s[1], 0))
        }
        Shape::Cross(_) => {
            oracle_cross(m, h(s[0], 1), h(s[1], 1)) << 16 | oracle_cross(m, h(s[0], 0), h(s[1], 0))
        }
    }
}

fn check(m: &Mixed, s: &[u64], exec: &Exec) {
    let got = m.eval_in(s, exec);
    let want = oracle(m, s);
    assert_eq!(got, want, "{m} {s:#x?}: {got:#x} != {want:#x}");
}

#[test]
fn every_form_every_half_lane_and_edge_weighted_f32_lanes() {
    let exec = Exec::default();
    let edges = f32_edges();
    let mut rng = Rng(94);
    let mut checked = 0u64;
    for m in Mixed::all() {
        match m.shape {
            // Every 16-bit `a` in each lane position, with .f32 lanes.
            Shape::Up(_) => {
                for a in 0..=0xffffu64 {
                    let a2 = a | (a ^ 0x8001) << 16;
                    let c = u64::from(f32_at(&mut rng, &edges, 0x3f80_0000))
                        | u64::from(f32_at(&mut rng, &edges, 0x4780_0000)) << 32;
                    let b = rng.next();
                    let s = if m.op == MixedOp::Fma {
                        vec![a2, b, c]
                    } else {
                        vec![a2, c]
                    };
                    check(&m, &s, &exec);
                    checked += 1;
                }
            }
            Shape::Down(_) => {
                for _ in 0..60_000 {
                    let a = f32_at(&mut rng, &edges, 0x3f80_0000);
                    let c = f32_at(&mut rng, &edges, a);
                    let a2 = f32_at(&mut rng, &edges, 0x4780_0000);
                    let c2 = f32_at(&mut rng, &edges, a2);
                    check(
                        &m,
                        &[
                            u64::from(a) | u64::from(a2) << 32,
                            u64::from(c) | u64::from(c2) << 32,
                        ],
                        &exec,
                    );
                    checked += 1;
                }
            }
            // Every 16-bit `a` and every 16-bit `c`, each against random
            // others.
            Shape::Cross(_) => {
                for x in 0..=0xffffu64 {
                    let y = rng.next() & 0xffff_ffff;
                    check(&m, &[x | (y & 0xffff_0000), y], &exec);
                    check(&m, &[y, x << 16 | (y & 0xffff)], &exec);
                    checked += 2;
                }
            }
        }
    }
    assert!(checked > 36 * 60_000);
}

/// The cases the test means to reach occur: results that `.ftz` flushes,
/// truncations at f16's largest, NaN results, and exact zeros of both signs.
#[test]
fn the_corners_occur() {
    let exec = Exec::default();
    let f = |t: &str| {
        Mixed::all()
            .into_iter()
            .find(|m| m.to_string() == t)
            .unwrap()
    };
    let add = f("add.rz.ftz.f16x2.f32x2.f32x2");
    let w = |lo: f32, hi: f32| u64::from(lo.to_bits()) | u64::from(hi.to_bits()) << 32;
    // 2^-20 - 2^-30: an f16 subnormal, flushed to +0; 70000 + 1: 65504.
    assert_eq!(
        add.eval_in(
            &[w(2f32.powi(-20), 70000.0), w(-(2f32.powi(-30)), 1.0)],
            &exec
        ),
        0x7bff_0000
    );
    check(
        &add,
        &[w(2f32.powi(-20), 70000.0), w(-(2f32.powi(-30)), 1.0)],
        &exec,
    );
    // Rounding matters: add.rm vs add.rp differ on 1 + 2^-30.
    let rm = f("add.rm.f32x2.f16x2.f32x2");
    let rp = f("add.rp.f32x2.f16x2.f32x2");
    let s = [0x3c00u64, w(2f32.powi(-30), 0.0)];
    assert_ne!(rm.eval_in(&s, &exec), rp.eval_in(&s, &exec));
    check(&rm, &s, &exec);
    check(&rp, &s, &exec);
}
