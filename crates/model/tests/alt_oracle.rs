//! The alternate floating-point instructions (PTX ISA 9.4, 9.7.6: `add`,
//! `sub`, `mul`, `fma` on packed FP8/FP6/FP4/UE8M0 lanes) against an
//! independent oracle: each lane's code decoded here from the formats'
//! definitions (rustc_apfloat's `Float8E5M2` and `Float8E4M3FN` for FP8; the
//! OCP Microscaling formulas for FP6, FP4 and UE8M0), the operation in
//! rustc_apfloat's IEEE binary128 (`+`, `-`, `*`, `mul_add`), and the one
//! rounding to FP8 by rustc_apfloat's `convert` (ties to even); then the
//! ISA's `.satfinite` sentence and NVIDIA's FP8 NaN (`f8_nan`, docs/NVIDIA.md
//! "Alternate floating-point instructions").
//!
//! binary128 is exact for every product (at most 8 significant bits,
//! exponents within ±260) and rounds a sum only when the operands' exponents
//! lie more than 112 apart. Then the smaller is below 2^-96 of the larger,
//! and the larger is an FP8 value (`c`, which is of the destination's type)
//! or a UE8M0/FP8 operand or product of at least 2^97 (beyond FP8's range
//! either way); the rounding to FP8 cannot meet a tie the binary128 step
//! made, so one rounding and two give the same bits.
//!
//! Coverage: every lane pair of every `add`, `sub` and `mul` form
//! (`.satfinite` or not, 420 forms); for `fma`, every `a`×`b` lane pair of
//! every type combination with `c` a signed smallest subnormal (which
//! breaks the ties of exact products) and an edge-weighted value, and every
//! lane triple of `fma{.satfinite}.{e5m2x4,e4m3x4}.e2m1x4.e4m3x4`. Lanes
//! are packed four at a time, with the bits the semantics do not read set
//! at random.

mod common;
use common::Rng;
use ptxfp_isa::alt::{Alt, AltOpcode, Lane};
use ptxfp_model::{EvalAlt, HwProfile};
use rustc_apfloat::ieee::{Double, Float8E4M3FN, Float8E5M2, Quad};
use rustc_apfloat::{Float, FloatConvert, Round};

const HW: HwProfile = HwProfile::NVIDIA;

fn quad_of_f64(x: f64) -> Quad {
    let mut lost = false;
    let q: Quad = Double::from_bits(x.to_bits() as u128)
        .convert(&mut lost)
        .value;
    assert!(!lost);
    q
}

/// The value of a lane's code (its low `width` bits), written from the
/// formats' definitions: OCP OFP8 through rustc_apfloat; FP6 E3M2 (bias 3)
/// and E2M3 (bias 1), FP4 E2M1 (bias 1): `(-1)^s × 2^(1-bias) × 0.m` for a
/// zero exponent field, `(-1)^s × 2^(e-bias) × 1.m` otherwise, no ∞ or NaN;
/// UE8M0: `2^(code-127)`, `0xff` NaN.
fn oracle_value(l: Lane, code: u64) -> Quad {
    let mut lost = false;
    let minifloat = |e_bits: u32, m_bits: u32| {
        let w = 1 + e_bits + m_bits;
        let s = code >> (w - 1) & 1;
        let e = (code >> m_bits & ((1 << e_bits) - 1)) as i32;
        let m = (code & ((1 << m_bits) - 1)) as f64;
        let bias = (1 << (e_bits - 1)) - 1;
        let one = (1u64 << m_bits) as f64;
        let mag = if e == 0 {
            m / one * 2f64.powi(1 - bias)
        } else {
            (1.0 + m / one) * 2f64.powi(e - bias)
        };
        quad_of_f64(if s == 1 { -mag } else { mag })
    };
    match l {
        Lane::E5m2 => Float8E5M2::from_bits(code as u128).convert(&mut lost).value,
        Lane::E4m3 => {
            Float8E4M3FN::from_bits(code as u128)
                .convert(&mut lost)
                .value
        }
        Lane::E3m2 => minifloat(3, 2),
        Lane::E2m3 => minifloat(2, 3),
        Lane::E2m1 | Lane::E2m1p4 => {
            // The E2M1 magnitudes, as the OCP MX specification lists them.
            const MAG: [f64; 8] = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0];
            let m = MAG[(code & 7) as usize];
            quad_of_f64(if code & 8 != 0 { -m } else { m })
        }
        Lane::Ue8m0 if code == 0xff => Quad::NAN,
        Lane::Ue8m0 => quad_of_f64(f64::from_bits((code + 1023 - 127) << 52)),
    }
}

/// The ISA's per-lane result from the exact-enough binary128 value `q`.
fn oracle_round(dst: Lane, satfinite: bool, q: Quad) -> u64 {
    if q.is_nan() {
        return u64::from(HW.f8_nan);
    }
    let mut lost = false;
    let rn = Round::NearestTiesToEven;
    let sign = if q.is_negative() { 0x80 } else { 0 };
    match dst {
        Lane::E4m3 => {
            let r: Float8E4M3FN = q.convert_r(rn, &mut lost).value;
            // E4M3 has no ∞: what rounds beyond 448 is NaN in apfloat.
            if r.is_nan() {
                if satfinite {
                    sign | 0x7e
                } else {
                    u64::from(HW.f8_nan)
                }
            } else {
                r.to_bits() as u64
            }
        }
        _ => {
            let r: Float8E5M2 = q.convert_r(rn, &mut lost).value;
            if r.is_infinite() && satfinite {
                sign | 0x7b
            } else {
                r.to_bits() as u64
            }
        }
    }
}

fn oracle_lane(f: &Alt, codes: &[u64]) -> u64 {
    let v: Vec<Quad> = f
        .source_lanes()
        .iter()
        .zip(codes)
        .map(|(&l, &c)| oracle_value(l, c))
        .collect();
    let q = match f.op {
        AltOpcode::Add => (v[0] + v[1]).value,
        AltOpcode::Sub => (v[0] - v[1]).value,
        AltOpcode::Mul => (v[0] * v[1]).value,
        AltOpcode::Fma => v[0].mul_add(v[1], v[2]).value,
    };
    oracle_round(f.dst, f.satfinite, q)
}

/// Packs lane codes as the semantics extract them, with the bits they do
/// not read (FP6's top two, `.e2m1p4x4`'s top four of each byte) random.
fn pack(l: Lane, codes: &[u64], rng: &mut Rng) -> u64 {
    let step = if l == Lane::E2m1 { 4 } else { 8 };
    let noise = match l {
        Lane::E3m2 | Lane::E2m3 => rng.next() & 0xc0c0_c0c0,
        Lane::E2m1p4 => rng.next() & 0xf0f0_f0f0,
        _ => 0,
    };
    codes
        .iter()
        .enumerate()
        .fold(noise, |x, (i, &c)| x | c << (step * i))
}

/// Checks `f` on lane tuples (one code per source each), four per
/// evaluation.
fn check(f: &Alt, tuples: &[Vec<u64>], rng: &mut Rng) {
    let lanes = f.source_lanes();
    for group in tuples.chunks(4) {
        let srcs: Vec<u64> = (0..lanes.len())
            .map(|k| {
                let codes: Vec<u64> = group.iter().map(|t| t[k]).collect();
                pack(lanes[k], &codes, rng)
            })
            .collect();
        let got = f.eval_on(&srcs, &HW);
        for (i, t) in group.iter().enumerate() {
            let want = oracle_lane(f, t);
            let lane = got >> (8 * i) & 0xff;
            assert_eq!(
                lane, want,
                "{f} lane {i}: codes {t:#x?} (registers {srcs:#x?}) gave {lane:#04x}, the oracle {want:#04x}"
            );
        }
        // The unused lanes of a short group read code 0; bits above lane 3
        // are never written.
        assert_eq!(got >> 32, 0, "{f}");
    }
}

fn codes(l: Lane) -> std::ops::Range<u64> {
    0..1 << l.width()
}

fn forms(op: AltOpcode) -> impl Iterator<Item = Alt> {
    Alt::all().into_iter().filter(move |f| f.op == op && f.rn)
}

#[test]
fn every_lane_pair_of_add_and_sub() {
    let mut rng = Rng(9_7_6_1);
    for f in forms(AltOpcode::Add).chain(forms(AltOpcode::Sub)) {
        let tuples: Vec<Vec<u64>> = codes(f.a)
            .flat_map(|a| codes(f.dst).map(move |c| vec![a, c]))
            .collect();
        check(&f, &tuples, &mut rng);
    }
}

#[test]
fn every_lane_pair_of_mul() {
    let mut rng = Rng(9_7_6_3);
    for f in forms(AltOpcode::Mul) {
        let tuples: Vec<Vec<u64>> = codes(f.a)
            .flat_map(|a| codes(f.b).map(move |c| vec![a, c]))
            .collect();
        check(&f, &tuples, &mut rng);
    }
}

/// The destination's edge codes: zeros, the smallest subnormals, 1, the
/// largest finite values, ∞ and NaN where the format has them, and the
/// codes just inside the largest.
fn edges(dst: Lane) -> Vec<u64> {
    let mut v = vec![0x00, 0x80, 0x01, 0x81, 0x38, 0xb8, 0x7f, 0xff];
    match dst {
        Lane::E4m3 => v.extend([0x7e, 0xfe, 0x7d, 0xfd, 0x08, 0x88]),
        _ => v.extend([0x7b, 0xfb, 0x7c, 0xfc, 0x7a, 0x3c, 0xbc, 0x04]),
    }
    v
}

#[test]
fn every_product_pair_of_fma_with_tie_breaking_and_edge_addends() {
    let mut rng = Rng(9_7_6_4);
    for f in forms(AltOpcode::Fma) {
        let e = edges(f.dst);
        let mut tuples = Vec::new();
        for (i, (a, b)) in codes(f.a)
            .flat_map(|a| codes(f.b).map(move |b| (a, b)))
            .enumerate()
        {
            // ± the smallest subnormal: an exact product at a tie of the
            // destination rounds by its sign.
            tuples.push(vec![a, b, if i % 2 == 0 { 0x01 } else { 0x81 }]);
            // An edge, or a random code.
            let c = if i % 3 == 0 {
                rng.next() & 0xff
            } else {
                e[i % e.len()]
            };
            tuples.push(vec![a, b, c]);
        }
        check(&f, &tuples, &mut rng);
    }
}

#[test]
fn every_lane_triple_of_an_nvfp4_fma() {
    let mut rng = Rng(9_7_6_5);
    for dst in ["e5m2x4", "e4m3x4"] {
        for sat in ["", ".satfinite"] {
            let text = format!("fma.rn{sat}.{dst}.e2m1x4.e4m3x4");
            let f = Alt::all()
                .into_iter()
                .find(|f| f.to_string() == text)
                .unwrap();
            let tuples: Vec<Vec<u64>> = (0..16)
                .flat_map(|a| (0..256).flat_map(move |b| (0..256).map(move |c| vec![a, b, c])))
                .collect();
            check(&f, &tuples, &mut rng);
        }
    }
}

/// The forms without `.rn` compute what the ones with it do ("The default
/// value of rounding modifier is `.rn`").
#[test]
fn rn_is_the_default() {
    let mut rng = Rng(9_7_6_6);
    for f in Alt::all().into_iter().filter(|f| !f.rn) {
        let with = Alt { rn: true, ..f };
        for _ in 0..64 {
            let srcs: Vec<u64> = (0..3).map(|_| rng.next() & 0xffff_ffff).collect();
            assert_eq!(f.eval_on(&srcs, &HW), with.eval_on(&srcs, &HW), "{f}");
        }
    }
}

/// The test sees the cases it means to: overflow to NaN, `.satfinite`'s
/// clamp, ∞, NaN inputs and signed zeros all occur in the checked lanes.
#[test]
fn the_corners_occur() {
    let f = |s: &str| Alt::all().into_iter().find(|f| f.to_string() == s).unwrap();
    let pairs = |f: &Alt| -> Vec<u64> {
        codes(f.a)
            .flat_map(|a| codes(f.dst).map(move |c| (a, c)))
            .map(|(a, c)| oracle_lane(f, &[a, c]))
            .collect()
    };
    let plain = pairs(&f("add.rn.e4m3x4.e4m3x4"));
    let sat = pairs(&f("add.rn.satfinite.e4m3x4.e4m3x4"));
    let nan = plain.iter().filter(|&&r| r == 0x7f).count();
    let nan_sat = sat.iter().filter(|&&r| r == 0x7f).count();
    // Overflow: NaN without .satfinite, ±448 with it.
    assert!(nan > nan_sat && nan_sat > 0);
    assert!(sat.contains(&0xfe) && sat.contains(&0x7e));
    let e5 = pairs(&f("add.rn.e5m2x4.e5m2x4"));
    assert!(e5.contains(&0x7c) && e5.contains(&0xfc) && e5.contains(&0x80));
}
