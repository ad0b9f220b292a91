//! `cvt` against an independent oracle: rustc_apfloat (LLVM's APFloat,
//! a different algorithm from ptxfp-float's exact core) for every rounding
//! (`to_i128_r`/`to_u128_r`, `from_i128_r`/`from_u128_r`, `convert_r`,
//! `round_to_integral`), Rust's own integer casts for integer to integer,
//! and the PTX ISA's clamps (9.7.9.21) written again here from the spec's
//! sentences, with NVIDIA's NaN results from the quirk table.
//!
//! Exhaustive from every 8- and 16-bit source (every f16 and bf16 pattern
//! to every integer type with every rounding; every s8/u8/s16/u16 to every
//! float type with every rounding; every e4m3x2/e5m2x2 pattern, both
//! lanes); dense edge-weighted random for the 32- and 64-bit sources.
//! Results are compared as bits, NaNs included.

mod common;
use common::Rng;
use ptxfp_isa::cvt::Cvt;
use ptxfp_model::{EvalCvt, HwProfile};
use rustc_apfloat::ieee::{
    BFloat, Double, Float8E4M3FN, Float8E5M2, Half, IeeeFloat, Semantics, Single,
};
use rustc_apfloat::{Float, FloatConvert, Round};

const HW: HwProfile = HwProfile::NVIDIA;
const IRND: [(&str, Round); 4] = [
    ("rni", Round::NearestTiesToEven),
    ("rzi", Round::TowardZero),
    ("rmi", Round::TowardNegative),
    ("rpi", Round::TowardPositive),
];
const FRND: [(&str, Round); 4] = [
    ("rn", Round::NearestTiesToEven),
    ("rz", Round::TowardZero),
    ("rm", Round::TowardNegative),
    ("rp", Round::TowardPositive),
];
/// (name, width, signed)
const INTS: [(&str, u32, bool); 8] = [
    ("u8", 8, false),
    ("u16", 16, false),
    ("u32", 32, false),
    ("u64", 64, false),
    ("s8", 8, true),
    ("s16", 16, true),
    ("s32", 32, true),
    ("s64", 64, true),
];

fn form(text: &str) -> Cvt {
    Cvt::parse(text).unwrap_or_else(|e| panic!("{text}: {}", e.message))
}

fn mask(w: u32) -> u64 {
    if w == 64 {
        u64::MAX
    } else {
        (1 << w) - 1
    }
}

/// A float type of PTX and its apfloat twin.
trait Fp: Float + Copy {
    const NAME: &'static str;
    const WIDTH: u32;
}
impl Fp for Half {
    const NAME: &'static str = "f16";
    const WIDTH: u32 = 16;
}
impl Fp for BFloat {
    const NAME: &'static str = "bf16";
    const WIDTH: u32 = 16;
}
impl Fp for Single {
    const NAME: &'static str = "f32";
    const WIDTH: u32 = 32;
}
impl Fp for Double {
    const NAME: &'static str = "f64";
    const WIDTH: u32 = 64;
}

/// The source as the instruction reads it: 9.7.9.21 `.ftz` "applies only
/// to single precision (`.f32`) inputs and results": a subnormal `.f32`
/// input becomes a zero of its sign.
fn read<F: Fp>(bits: u64, ftz: bool) -> F {
    let x = F::from_bits(u128::from(bits & mask(F::WIDTH)));
    if ftz && F::WIDTH == 32 && x.is_denormal() {
        if x.is_negative() {
            -F::ZERO
        } else {
            F::ZERO
        }
    } else {
        x
    }
}

/// The source of a float-to-float `cvt` to `D` as the H200 reads it
/// (docs/NVIDIA.md "cvt: NaNs, moves and .ftz"): [`read`], except that
/// `.ftz` reads a NaN `.f32` as `f32_nan` (`cvt_ftz_f32_nan_canonical`)
/// and leaves a subnormal `.f32` source of a `.f16` result alone
/// (`cvt_f16_ftz_flushes_source`).
fn read_for<F: Fp, D: Fp>(bits: u64, ftz: bool) -> F {
    let x = F::from_bits(u128::from(bits & mask(F::WIDTH)));
    if ftz && F::WIDTH == 32 && x.is_nan() && HW.cvt_ftz_f32_nan_canonical {
        return F::from_bits(HW.f32_nan.into());
    }
    let flushes = D::NAME != "f16" || HW.cvt_f16_ftz_flushes_source;
    read(bits, ftz && flushes)
}

/// A NaN `.f64` narrowed to `D` as IEEE 754 §6.2.3 recommends, written
/// out in bits: its sign, the leading bits of its payload, the quiet bit
/// set (`cvt_f64_narrowing_keeps_nan`).
fn narrowed_nan<D: Fp>(x: u64) -> u64 {
    let frac = match (D::WIDTH, D::NAME) {
        (32, _) => 23,
        (_, "f16") => 10,
        _ => 7,
    };
    let sign = x >> 63 << (D::WIDTH - 1);
    let exp = mask(D::WIDTH - 1) & !mask(frac);
    sign | exp | 1 << (frac - 1) | (x & mask(52)) >> (52 - frac)
}

/// NVIDIA's NaN of a float result of `F` (docs/NVIDIA.md "NaN results").
fn nan_of<F: Fp>(quieted: F) -> u64 {
    match F::WIDTH {
        16 => u64::from(HW.half_nan),
        32 => u64::from(HW.f32_nan),
        _ => quieted.to_bits() as u64,
    }
}

/// The float result's clamps, from the spec's sentences: `.ftz` on an
/// `.f32` result, then `.sat` ("limits the result to the range [0.0, 1.0].
/// NaN results are flushed to positive zero"; NVIDIA: -0.0 too) and
/// NVIDIA's NaN.
fn float_result<F: Fp>(r: F, ftz: bool, sat: bool) -> u64 {
    let mut r = r;
    if r.is_nan() {
        return if sat { 0 } else { nan_of(r) };
    }
    if ftz && F::WIDTH == 32 && r.is_denormal() {
        r = if r.is_negative() { -F::ZERO } else { F::ZERO };
    }
    if sat {
        let one: F = F::from_u128(1).value;
        if r.is_negative() {
            r = F::ZERO;
        } else if r > one {
            r = one;
        }
    }
    r.to_bits() as u64
}

/// An edge-weighted float of `e` exponent and `m` fraction bits: random
/// bits; integers, ties and near-ties of every scale where a fraction
/// exists; the neighbours of powers of two up to 2^70 (the integer
/// ranges' ends); subnormals; zeros, infinities, NaNs, the largest value.
fn edge_float(rng: &mut Rng, e: u32, m: u32) -> u64 {
    let bias = (1i64 << (e - 1)) - 1;
    let sign = (rng.next() & 1) << (e + m);
    let frac = rng.next() & mask(m);
    let pack = |exp: i64, frac: u64| sign | (exp as u64) << m | frac;
    match rng.below(10) {
        0 | 1 => rng.next() & mask(1 + e + m),
        2..=4 => {
            // unbiased exponent k: the 0.5 bit is fraction bit m - k - 1
            let k = rng.range(-2, (m as i64 + 1).min(bias));
            let half = m as i64 - k - 1;
            let f = if (0..m as i64).contains(&half) {
                let below = mask(half as u32 + 1);
                match rng.below(4) {
                    0 => (frac & !below) | 1 << half,    // a tie
                    1 => frac & !below,                  // an integer
                    2 => (frac & !below) | (below >> 1), // just below a tie
                    _ => frac,
                }
            } else {
                frac
            };
            pack(k + bias, f)
        }
        5 | 6 => {
            let k = rng.range(0, 70.min(bias));
            let base = ((k + bias) as u64) << m;
            let d = rng.range(-3, 3);
            sign | base.wrapping_add(d as u64) & mask(e + m)
        }
        7 => sign | frac,
        8 => {
            [
                0,
                mask(e) << m,
                mask(e) << m | 1,
                mask(e) << m | 1 << (m - 1),
                (mask(e) << m) - 1,
                1 << m,
            ][rng.below(6) as usize]
                | sign
        }
        _ => pack(rng.range(bias - 30, bias + 70).clamp(1, (1 << e) - 2), frac),
    }
}

/// An edge-weighted integer of width `w`: random bits, 2^k + small,
/// small values of either sign, random magnitudes of every width.
fn edge_int(rng: &mut Rng, w: u32) -> u64 {
    let v = match rng.below(4) {
        0 => rng.next(),
        1 => (1u64 << rng.below(u64::from(w))).wrapping_add(rng.range(-3, 3) as u64),
        2 => rng.range(-300, 300) as u64,
        _ => {
            let k = rng.below(u64::from(w)) as u32 + 1;
            let x = rng.next() & mask(k);
            if rng.next() & 1 == 1 {
                x.wrapping_neg()
            } else {
                x
            }
        }
    };
    v & mask(w)
}

// ---------------------------------------------------------------- float -> int

/// The oracle of `cvt.irnd{.ftz}{.sat}.int.float`: apfloat's saturating
/// conversion (NaN aside), and the spec's NaN rule: "Zero if source is not
/// .f64 and destination is not .s64, .u64. Otherwise 1 << (BitWidth(dst) - 1)".
fn f2i_oracle<F: Fp>(x: u64, ftz: bool, (w, signed): (u32, bool), rm: Round) -> u64 {
    let v: F = read(x, ftz);
    if v.is_nan() {
        return if F::WIDTH == 64 || w == 64 {
            1 << (w - 1)
        } else {
            0
        };
    }
    let mut exact = false;
    if signed {
        v.to_i128_r(w as usize, rm, &mut exact).value as u64 & mask(w)
    } else {
        v.to_u128_r(w as usize, rm, &mut exact).value as u64
    }
}

fn check_f2i<F: Fp>(xs: &mut dyn Iterator<Item = u64>) {
    let xs: Vec<u64> = xs.collect();
    for (dst, w, signed) in INTS {
        for (rn, rm) in IRND {
            for ftz in if F::WIDTH == 32 {
                &[false, true][..]
            } else {
                &[false][..]
            } {
                // No `.sat` with a `.bf16` source (the H200's JIT refuses it).
                for sat in [false, F::NAME != "bf16"] {
                    let text = format!(
                        "cvt.{rn}{}{}.{dst}.{}",
                        if *ftz { ".ftz" } else { "" },
                        if sat { ".sat" } else { "" },
                        F::NAME
                    );
                    let c = form(&text);
                    for &x in &xs {
                        let want = f2i_oracle::<F>(x, *ftz, (w, signed), rm);
                        assert_eq!(c.eval(&[x]), want, "{text} {x:#x}");
                    }
                }
            }
        }
    }
}

#[test]
fn every_f16_and_bf16_to_every_integer() {
    check_f2i::<Half>(&mut (0..=0xffff));
    check_f2i::<BFloat>(&mut (0..=0xffff));
}

#[test]
fn f32_and_f64_to_every_integer() {
    let mut rng = Rng(1);
    check_f2i::<Single>(&mut (0..20_000).map(|_| edge_float(&mut rng, 8, 23)));
    let mut rng = Rng(2);
    check_f2i::<Double>(&mut (0..20_000).map(|_| edge_float(&mut rng, 11, 52)));
}

// ---------------------------------------------------------------- int -> float

fn i2f_oracle<F: Fp>(x: u64, (w, signed): (u32, bool), rm: Round, ftz: bool, sat: bool) -> u64 {
    let x = x & mask(w);
    let r: F = if signed {
        let v = ((x << (64 - w)) as i64 >> (64 - w)) as i128;
        F::from_i128_r(v, rm).value
    } else {
        F::from_u128_r(u128::from(x), rm).value
    };
    float_result(r, ftz, sat)
}

fn check_i2f<F: Fp>(ints: &[(&str, u32, bool)], xs: &mut dyn FnMut(u32) -> Vec<u64>) {
    for &(src, w, signed) in ints {
        let values = xs(w);
        for (rn, rm) in FRND {
            for ftz in if F::WIDTH == 32 {
                &[false, true][..]
            } else {
                &[false][..]
            } {
                // ".sat [...] Applies to .f16, .f32, and .f64 types".
                for sat in if F::NAME == "bf16" {
                    &[false][..]
                } else {
                    &[false, true][..]
                } {
                    let text = format!(
                        "cvt.{rn}{}{}.{}.{src}",
                        if *ftz { ".ftz" } else { "" },
                        if *sat { ".sat" } else { "" },
                        F::NAME
                    );
                    let c = form(&text);
                    for &x in &values {
                        let want = i2f_oracle::<F>(x, (w, signed), rm, *ftz, *sat);
                        assert_eq!(c.eval(&[x]), want, "{text} {x:#x}");
                    }
                }
            }
        }
    }
}

#[test]
fn every_8_and_16_bit_integer_to_every_float() {
    let small = &INTS
        .iter()
        .copied()
        .filter(|t| t.1 <= 16)
        .collect::<Vec<_>>()[..];
    let mut all = |w: u32| (0..=mask(w)).collect::<Vec<u64>>();
    check_i2f::<Half>(small, &mut all);
    check_i2f::<BFloat>(small, &mut all);
    check_i2f::<Single>(small, &mut all);
    check_i2f::<Double>(small, &mut all);
}

#[test]
fn wide_integers_to_every_float() {
    let wide = &INTS
        .iter()
        .copied()
        .filter(|t| t.1 >= 32)
        .collect::<Vec<_>>()[..];
    let mut rng = Rng(3);
    let mut some = |w: u32| {
        (0..20_000)
            .map(|_| edge_int(&mut rng, w))
            .collect::<Vec<u64>>()
    };
    check_i2f::<Half>(wide, &mut some);
    check_i2f::<BFloat>(wide, &mut some);
    check_i2f::<Single>(wide, &mut some);
    check_i2f::<Double>(wide, &mut some);
}

// ---------------------------------------------------------------- int -> int

/// Rust's own casts: `as` truncates to the destination width after
/// sign- or zero-extending by the source's signedness; the saturating
/// form is `try_from` with the bound on failure.
fn i2i_oracle(x: u64, (sw, ss): (u32, bool), (dw, ds): (u32, bool), sat: bool) -> u64 {
    let v: i128 = if ss {
        (((x << (64 - sw)) as i64) >> (64 - sw)).into()
    } else {
        (x & mask(sw)).into()
    };
    macro_rules! to {
        ($t:ty) => {{
            let r: $t = if sat {
                <$t>::try_from(v).unwrap_or(if v < 0 { <$t>::MIN } else { <$t>::MAX })
            } else {
                v as $t
            };
            r as u64 & mask(dw)
        }};
    }
    match (dw, ds) {
        (8, false) => to!(u8),
        (16, false) => to!(u16),
        (32, false) => to!(u32),
        (64, false) => to!(u64),
        (8, true) => to!(i8),
        (16, true) => to!(i16),
        (32, true) => to!(i32),
        _ => to!(i64),
    }
}

#[test]
fn every_integer_pair_with_and_without_sat() {
    let mut rng = Rng(4);
    for (src, sw, ss) in INTS {
        let xs: Vec<u64> = if sw <= 16 {
            (0..=mask(sw)).collect()
        } else {
            (0..20_000).map(|_| edge_int(&mut rng, sw)).collect()
        };
        for (dst, dw, ds) in INTS {
            for sat in [false, true] {
                let text = format!("cvt{}.{dst}.{src}", if sat { ".sat" } else { "" });
                // "the .sat modifier is illegal in cases where saturation is
                // not possible based on the source and destination types".
                let possible = (ss && !ds) || dw < sw || (dw == sw && ss != ds);
                match Cvt::parse(&text) {
                    Ok(c) => {
                        assert!(!sat || possible, "{text} should be rejected");
                        for &x in &xs {
                            let want = i2i_oracle(x, (sw, ss), (dw, ds), sat);
                            assert_eq!(c.eval(&[x]), want, "{text} {x:#x}");
                        }
                    }
                    Err(e) => assert!(sat && !possible, "{text}: {}", e.message),
                }
            }
        }
    }
}

// ------------------------------------------------------- float -> float

/// `cvt.irnd{.ftz}{.sat}.F.F`: apfloat's `round_to_integral`.
fn check_integral<F: Fp>(xs: &[u64]) {
    for (rn, rm) in IRND {
        for ftz in if F::WIDTH == 32 {
            &[false, true][..]
        } else {
            &[false][..]
        } {
            for sat in if F::NAME == "bf16" {
                &[false][..]
            } else {
                &[false, true][..]
            } {
                let text = format!(
                    "cvt.{rn}{}{}.{}.{}",
                    if *ftz { ".ftz" } else { "" },
                    if *sat { ".sat" } else { "" },
                    F::NAME,
                    F::NAME
                );
                let c = form(&text);
                for &x in xs {
                    let v: F = read(x, *ftz);
                    let r = if v.is_nan() {
                        // quieted, payload kept (the f64 rule)
                        F::from_bits(v.to_bits() | 1 << (F::PRECISION - 2))
                    } else {
                        v.round_to_integral(rm).value
                    };
                    let want = float_result(r, *ftz, *sat);
                    assert_eq!(c.eval(&[x]), want, "{text} {x:#x}");
                }
            }
        }
    }
}

#[test]
fn every_half_and_random_wide_floats_to_integral_values() {
    let all: Vec<u64> = (0..=0xffff).collect();
    check_integral::<Half>(&all);
    check_integral::<BFloat>(&all);
    let mut rng = Rng(5);
    check_integral::<Single>(
        &(0..50_000)
            .map(|_| edge_float(&mut rng, 8, 23))
            .collect::<Vec<_>>(),
    );
    check_integral::<Double>(
        &(0..50_000)
            .map(|_| edge_float(&mut rng, 11, 52))
            .collect::<Vec<_>>(),
    );
}

/// `cvt{.frnd}{.ftz}{.sat}.D.S`: apfloat's `convert_r`.
fn check_convert<S: Fp + FloatConvert<D>, D: Fp>(xs: &[u64], rounds: bool) {
    let rnds: &[(&str, Round)] = if rounds {
        &FRND
    } else {
        &[("", Round::NearestTiesToEven)]
    };
    let f32_involved = S::WIDTH == 32 || D::WIDTH == 32;
    for &(rn, rm) in rnds {
        for ftz in if f32_involved {
            &[false, true][..]
        } else {
            &[false][..]
        } {
            for sat in [false, true] {
                let rnd = if rn.is_empty() {
                    String::new()
                } else {
                    format!(".{rn}")
                };
                let text = format!(
                    "cvt{rnd}{}{}.{}.{}",
                    if *ftz { ".ftz" } else { "" },
                    if sat { ".sat" } else { "" },
                    D::NAME,
                    S::NAME
                );
                let Ok(c) = Cvt::parse(&text) else {
                    // `.sat` on a .bf16 result and `.ftz` on bf16.f32 forms
                    // are rows of their own or absent: the rows' test holds them.
                    continue;
                };
                // docs/NVIDIA.md "cvt: NaNs, moves and .ftz": without .ftz,
                // .sat or a rounding, cvt.f32.f32, cvt.f64.f64 and
                // cvt.f32.bf16 copy the bits (bf16: into the upper half).
                let moves = !*ftz && !sat && rn.is_empty();
                let same = S::NAME == D::NAME && S::WIDTH >= 32 && HW.cvt_same_type_moves;
                let bf16 = (S::NAME, D::NAME) == ("bf16", "f32") && HW.cvt_f32_bf16_moves;
                for &x in xs {
                    let v: S = read_for::<S, D>(x, *ftz);
                    let mut lost = false;
                    let r: D = v.convert_r(rm, &mut lost).value;
                    let want = if moves && same {
                        x & mask(S::WIDTH)
                    } else if moves && bf16 {
                        (x & 0xffff) << 16
                    } else if S::WIDTH == 64
                        && D::WIDTH < 64
                        && v.is_nan()
                        && !sat
                        && HW.cvt_f64_narrowing_keeps_nan
                    {
                        narrowed_nan::<D>(x)
                    } else {
                        float_result(r, *ftz, sat)
                    };
                    assert_eq!(c.eval(&[x]), want, "{text} {x:#x}");
                }
            }
        }
    }
}

#[test]
fn every_half_to_every_float() {
    let all: Vec<u64> = (0..=0xffff).collect();
    check_convert::<Half, Single>(&all, false);
    check_convert::<Half, Double>(&all, false);
    check_convert::<BFloat, Single>(&all, false);
    check_convert::<BFloat, Double>(&all, false);
    check_convert::<Half, BFloat>(&all, true);
    check_convert::<BFloat, Half>(&all, true);
    check_convert::<Half, Half>(&all, false);
}

#[test]
fn random_wide_floats_to_every_float() {
    let mut rng = Rng(6);
    let f32s: Vec<u64> = (0..30_000).map(|_| edge_float(&mut rng, 8, 23)).collect();
    let f64s: Vec<u64> = (0..30_000).map(|_| edge_float(&mut rng, 11, 52)).collect();
    check_convert::<Single, Half>(&f32s, true);
    check_convert::<Single, BFloat>(&f32s, true);
    check_convert::<Single, Double>(&f32s, false);
    check_convert::<Single, Single>(&f32s, false);
    check_convert::<Double, Single>(&f64s, true);
    check_convert::<Double, Half>(&f64s, true);
    check_convert::<Double, BFloat>(&f64s, true);
    check_convert::<Double, Double>(&f64s, false);
}

// ---------------------------------------------------------------- tf32

/// TF32 for apfloat: 19 bits, binary32's exponent.
struct Tf32S;
impl Semantics for Tf32S {
    const BITS: usize = 19;
    const EXP_BITS: usize = 8;
}
type Tf32 = IeeeFloat<Tf32S>;

#[test]
fn random_f32_to_tf32() {
    let mut rng = Rng(7);
    let mut xs: Vec<u64> = (0..50_000).map(|_| edge_float(&mut rng, 8, 23)).collect();
    // every tie and near-tie of the 13 dropped bits around a few values
    for base in [
        0x3f80_0000u64,
        0x7f7f_e000,
        0x0000_2000,
        0x8000_0000,
        0xff7f_e000,
    ] {
        for low in [0x0fff, 0x1000, 0x1001, 0x1fff, 0x0001] {
            xs.push(base | low);
        }
    }
    let rnds = [
        ("rna", Round::NearestTiesToAway),
        ("rn", Round::NearestTiesToEven),
        ("rz", Round::TowardZero),
    ];
    for (rn, rm) in rnds {
        for satfinite in [false, true] {
            for relu in [false, true] {
                let text = format!(
                    "cvt.{rn}{}{}.tf32.f32",
                    if satfinite { ".satfinite" } else { "" },
                    if relu { ".relu" } else { "" }
                );
                let Ok(c) = Cvt::parse(&text) else {
                    assert!(rn == "rna" && relu, "{text}");
                    continue;
                };
                // docs/NVIDIA.md "cvt: NaNs, moves and .ftz": .rna keeps a
                // NaN's upper 19 bits; its .satfinite takes one tf32 ulp
                // off every result with an all-ones exponent field.
                let rna = rn == "rna";
                let step = rna && satfinite && HW.tf32_rna_satfinite_steps_down;
                let all_ones = |b: u64| b & 0x7f80_0000 == 0x7f80_0000;
                for &x in &xs {
                    let v = Single::from_bits(x.into());
                    let want = if v.is_nan() && rna && HW.tf32_rna_nan_truncated {
                        let t = x & 0xffff_e000;
                        if step && all_ones(t) {
                            t - 0x2000
                        } else {
                            t
                        }
                    } else if v.is_nan() {
                        u64::from(HW.tf32_nan)
                    } else {
                        let mut lost = false;
                        let mut r: Tf32 = v.convert_r(rm, &mut lost).value;
                        // ".satfinite: [...] if the absolute value of input
                        // [...] is greater than MAX_NORM [...] sign-preserved MAX_NORM"
                        if satfinite && r.is_infinite() {
                            r = if r.is_negative() {
                                -Tf32::largest()
                            } else {
                                Tf32::largest()
                            };
                        }
                        // ".relu clamps the result to 0 if negative"
                        if relu && r.is_negative() {
                            r = Tf32::ZERO;
                        }
                        (r.to_bits() as u64) << 13
                    };
                    assert_eq!(c.eval(&[x]), want, "{text} {x:#x}");
                }
            }
        }
    }
}

// ---------------------------------------------------------------- fp8

/// One lane to E4M3/E5M2, `.rn.satfinite{.relu}`, from apfloat value `v`
/// (an f16 lane is widened to f32 first, exactly).
fn f8_oracle(v: Single, e4m3: bool, relu: bool) -> u64 {
    f8_oracle_by(v, e4m3, relu, Round::NearestTiesToEven)
}

/// [`f8_oracle`] with the rounding `rm` (`.rz` from PTX ISA 9.4).
fn f8_oracle_by(v: Single, e4m3: bool, relu: bool, rm: Round) -> u64 {
    if v.is_nan() {
        return u64::from(HW.f8_nan);
    }
    let mut lost = false;
    let r = if e4m3 {
        let max = Float8E4M3FN::largest();
        let m: Single = max.convert(&mut lost).value;
        // "If the absolute value of input (ignoring sign) is greater than
        // MAX_NORM [...] sign-preserved MAX_NORM"
        if v.abs() > m {
            (if v.is_negative() { -max } else { max }).to_bits() as u64
        } else {
            FloatConvert::<Float8E4M3FN>::convert_r(v, rm, &mut lost)
                .value
                .to_bits() as u64
        }
    } else {
        let max = Float8E5M2::largest();
        let m: Single = max.convert(&mut lost).value;
        if v.abs() > m {
            (if v.is_negative() { -max } else { max }).to_bits() as u64
        } else {
            FloatConvert::<Float8E5M2>::convert_r(v, rm, &mut lost)
                .value
                .to_bits() as u64
        }
    };
    if relu && r & 0x80 != 0 {
        0
    } else {
        r
    }
}

#[test]
fn every_f8_pair_to_f16x2() {
    for (ty, e4m3) in [("e4m3x2", true), ("e5m2x2", false)] {
        for relu in [false, true] {
            let text = format!("cvt.rn{}.f16x2.{ty}", if relu { ".relu" } else { "" });
            let c = form(&text);
            for x in 0..=0xffffu64 {
                let lane = |b: u64| -> u64 {
                    let mut lost = false;
                    let h: Half = if e4m3 {
                        Float8E4M3FN::from_bits(b.into()).convert(&mut lost).value
                    } else {
                        Float8E5M2::from_bits(b.into()).convert(&mut lost).value
                    };
                    assert!(!lost);
                    if h.is_nan() {
                        u64::from(HW.half_nan)
                    } else if relu && h.is_negative() {
                        0
                    } else {
                        h.to_bits() as u64
                    }
                };
                let want = lane(x >> 8) << 16 | lane(x & 0xff);
                assert_eq!(c.eval(&[x]), want, "{text} {x:#x}");
            }
        }
    }
}

#[test]
fn every_f16_and_random_f32_to_f8() {
    let mut rng = Rng(8);
    let mut f32s: Vec<u64> = (0..50_000).map(|_| edge_float(&mut rng, 8, 23)).collect();
    // around E4M3's 448/464/480 and E5M2's 57344/61440
    for v in [
        448.0f32,
        464.0,
        480.0,
        57344.0,
        61440.0,
        0.001953125,
        0.0009765625,
        f32::from_bits(0x3780_0000), // 2^-16, E5M2's smallest subnormal
    ] {
        for d in -2i64..=2 {
            let b = u64::from(v.to_bits()).wrapping_add(d as u64);
            f32s.push(b);
            f32s.push(b | 0x8000_0000);
        }
    }
    for (ty, e4m3) in [("e4m3x2", true), ("e5m2x2", false)] {
        for relu in [false, true] {
            let r = if relu { ".relu" } else { "" };
            let from_f32 = form(&format!("cvt.rn.satfinite{r}.{ty}.f32"));
            for pair in f32s.chunks(2) {
                let (a, b) = (pair[0], pair[pair.len() - 1]);
                let want = f8_oracle(Single::from_bits(a.into()), e4m3, relu) << 8
                    | f8_oracle(Single::from_bits(b.into()), e4m3, relu);
                assert_eq!(from_f32.eval(&[a, b]), want, "{from_f32} {a:#x} {b:#x}");
            }
            let from_f16 = form(&format!("cvt.rn.satfinite{r}.{ty}.f16x2"));
            for x in 0..=0xffffu64 {
                let word = x << 16 | (x ^ 0x8000);
                let wide =
                    |h: u64| -> Single { Half::from_bits(h.into()).convert(&mut false).value };
                let want =
                    f8_oracle(wide(x), e4m3, relu) << 8 | f8_oracle(wide(x ^ 0x8000), e4m3, relu);
                assert_eq!(from_f16.eval(&[word]), want, "{from_f16} {word:#x}");
            }
        }
    }
}

/// The test's generators reach what they claim (a generator that never
/// makes a tie would make the oracle tests weaker than they read).
#[test]
fn the_generators_reach_the_edges() {
    let mut rng = Rng(9);
    let xs: Vec<u64> = (0..20_000).map(|_| edge_float(&mut rng, 8, 23)).collect();
    let has = |p: &dyn Fn(f32) -> bool| xs.iter().any(|&x| p(f32::from_bits(x as u32)));
    assert!(has(&|v| v.is_finite()
        && v.abs() > 1.0
        && v.fract().abs() == 0.5)); // ties
    assert!(has(&|v| v == 2_147_483_648.0)); // 2^31
    assert!(has(&|v| v.is_subnormal()));
    assert!(has(&|v| v.is_nan()));
    assert!(has(&|v| v.is_infinite()));
}

// ---------------------------------------------------------------- fp4, fp6

/// The formats: (type, exponent bits, fraction bits). Bias 2^(e-1) - 1,
/// no infinity, no NaN (OCP MX: E2M1, E2M3, E3M2).
const SMALL: [(&str, u32, u32); 3] = [("e2m1x2", 2, 1), ("e2m3x2", 2, 3), ("e3m2x2", 3, 2)];

/// The value of `code`, from the definition: subnormal `0.f × 2^(1-bias)`,
/// normal `1.f × 2^(e-bias)`. Exact in f64 (at most 4 significant bits).
fn small_value(code: u64, e: u32, m: u32) -> f64 {
    let bias = (1i32 << (e - 1)) - 1;
    let ef = ((code >> m) & mask(e)) as i32;
    let f = (code & mask(m)) as f64;
    let mag = if ef == 0 {
        f * 2f64.powi(1 - bias - m as i32)
    } else {
        (f + f64::from(1u32 << m)) * 2f64.powi(ef - bias - m as i32)
    };
    if code >> (e + m) & 1 == 1 {
        -mag
    } else {
        mag
    }
}

/// The code nearest to `v` (finite), ties to the even code, magnitudes
/// above the largest saturated to it: a scan of the codes, comparing `v`
/// with the midpoints (exact in f64: the codes' values have few bits).
fn nearest_small(v: f64, e: u32, m: u32) -> u64 {
    let n = 1u64 << (e + m);
    let a = v.abs();
    let mut code = n - 1;
    for c in 0..n - 1 {
        let (lo, hi) = (small_value(c, e, m), small_value(c + 1, e, m));
        if a < hi {
            let mid = (lo + hi) / 2.0;
            code = if a < mid || (a == mid && c % 2 == 0) {
                c
            } else {
                c + 1
            };
            break;
        }
    }
    if v.is_sign_negative() {
        code | n
    } else {
        code
    }
}

/// One lane to E2M1/E2M3/E3M2, `.rn.satfinite{.relu}`, from `v` (exact in
/// f64; `None` for a NaN): "NaN results are converted to positive
/// MAX_NORM"; "If the absolute value of input [...] is greater than
/// MAX_NORM [...] sign-preserved MAX_NORM"; ".relu clamps the result to 0
/// if negative".
fn small_oracle(v: Option<f64>, e: u32, m: u32, relu: bool) -> u64 {
    let n = 1u64 << (e + m);
    match v {
        None => n - 1,
        Some(v) => {
            let v = if v.is_infinite() { v.signum() * 1e9 } else { v };
            let r = nearest_small(v, e, m);
            if relu && r & n != 0 {
                0
            } else {
                r
            }
        }
    }
}

fn f64_of<F: Fp + FloatConvert<Double>>(x: F) -> Option<f64> {
    if x.is_nan() {
        return None;
    }
    let d: Double = x.convert(&mut false).value;
    Some(f64::from_bits(d.to_bits() as u64))
}

#[test]
fn every_half_and_random_f32_to_fp4_and_fp6() {
    let mut rng = Rng(10);
    let f32s: Vec<u64> = (0..40_000).map(|_| edge_float(&mut rng, 8, 23)).collect();
    for (ty, e, m) in SMALL {
        let w = if e + m == 3 { 4 } else { 8 };
        for relu in [false, true] {
            let r = if relu { ".relu" } else { "" };
            let from_f32 = form(&format!("cvt.rn.satfinite{r}.{ty}.f32"));
            for pair in f32s.chunks(2) {
                let (a, b) = (pair[0], pair[pair.len() - 1]);
                // f32 to f64 is exact
                let v = |x: u64| f64_of(Single::from_bits(x.into()));
                let want = small_oracle(v(a), e, m, relu) << w | small_oracle(v(b), e, m, relu);
                assert_eq!(from_f32.eval(&[a, b]), want, "{from_f32} {a:#x} {b:#x}");
            }
            for half in ["f16x2", "bf16x2"] {
                let c = form(&format!("cvt.rn.satfinite{r}.{ty}.{half}"));
                for x in 0..=0xffffu64 {
                    let word = x << 16 | (x ^ 0x8000);
                    let v = |h: u64| {
                        if half == "f16x2" {
                            f64_of(Half::from_bits(h.into()))
                        } else {
                            f64_of(BFloat::from_bits(h.into()))
                        }
                    };
                    let want = small_oracle(v(x), e, m, relu) << w
                        | small_oracle(v(x ^ 0x8000), e, m, relu);
                    assert_eq!(c.eval(&[word]), want, "{c} {word:#x}");
                }
            }
        }
    }
}

#[test]
fn every_fp4_and_fp6_pair_to_f16x2() {
    for (ty, e, m) in SMALL {
        let w = if e + m == 3 { 4 } else { 8 };
        for relu in [false, true] {
            let c = form(&format!(
                "cvt.rn{}.f16x2.{ty}",
                if relu { ".relu" } else { "" }
            ));
            for x in 0..(1u64 << (2 * w)) {
                let lane = |code: u64| -> u64 {
                    // "Each 8-bit input value with 2 MSB bits 0": ptxfp reads the low 6.
                    let v = small_value(code & mask(1 + e + m), e, m);
                    let h: Half = Double::from_bits(v.to_bits().into())
                        .convert(&mut false)
                        .value;
                    if relu && h.is_negative() {
                        0
                    } else {
                        h.to_bits() as u64
                    }
                };
                let want = lane(x >> w) << 16 | lane(x & mask(w));
                assert_eq!(c.eval(&[x]), want, "{c} {x:#x}");
            }
        }
    }
}

#[test]
fn every_bf16_to_f8() {
    for (ty, e4m3) in [("e4m3x2", true), ("e5m2x2", false)] {
        for relu in [false, true] {
            let c = form(&format!(
                "cvt.rn.satfinite{}.{ty}.bf16x2",
                if relu { ".relu" } else { "" }
            ));
            for x in 0..=0xffffu64 {
                let word = x << 16 | (x ^ 0x8000);
                let wide =
                    |h: u64| -> Single { BFloat::from_bits(h.into()).convert(&mut false).value };
                let want =
                    f8_oracle(wide(x), e4m3, relu) << 8 | f8_oracle(wide(x ^ 0x8000), e4m3, relu);
                assert_eq!(c.eval(&[word]), want, "{c} {word:#x}");
            }
        }
    }
}

/// One `.f32` to `.f16`/`.bf16` under `rm`: apfloat's `convert_r`, then
/// ".satfinite: [...] If the absolute value of input (ignoring sign) is
/// greater than MAX_NORM [...] sign-preserved MAX_NORM", ".relu clamps the
/// result to 0 if negative. NaN results are converted to canonical NaN"
/// (NVIDIA's `half_nan`; `-0.0` becomes `+0.0`).
fn half_lane<D: Fp>(x: u64, rm: Round, relu: bool, satfinite: bool) -> u64
where
    Single: FloatConvert<D>,
{
    let mut r: D = Single::from_bits(x.into()).convert_r(rm, &mut false).value;
    if r.is_nan() {
        return u64::from(HW.half_nan);
    }
    if satfinite && r.is_infinite() {
        r = if r.is_negative() {
            -D::largest()
        } else {
            D::largest()
        };
    }
    if relu && r.is_negative() {
        r = D::ZERO;
    }
    r.to_bits() as u64
}

/// `cvt.frnd2{.relu}{.satfinite}.{f16,bf16,f16x2,bf16x2}.f32`: [`half_lane`].
fn check_relu_satfinite<D: Fp>(xs: &[u64])
where
    Single: FloatConvert<D>,
{
    for (rn, rm) in &FRND[..2] {
        for relu in [false, true] {
            for satfinite in [false, true] {
                let mods = format!(
                    "cvt.{rn}{}{}",
                    if relu { ".relu" } else { "" },
                    if satfinite { ".satfinite" } else { "" }
                );
                let one = |x: u64| half_lane::<D>(x, *rm, relu, satfinite);
                let scalar = form(&format!("{mods}.{}.f32", D::NAME));
                let packed = form(&format!("{mods}.{}x2.f32", D::NAME));
                for pair in xs.chunks(2) {
                    let (a, b) = (pair[0], pair[pair.len() - 1]);
                    assert_eq!(scalar.eval(&[a]), one(a), "{scalar} {a:#x}");
                    // "the value converted from input `a` is stored in the upper half"
                    assert_eq!(
                        packed.eval(&[a, b]),
                        one(a) << 16 | one(b),
                        "{packed} {a:#x} {b:#x}"
                    );
                }
            }
        }
    }
}

#[test]
fn random_f32_to_halves_with_relu_and_satfinite() {
    let mut rng = Rng(11);
    let xs: Vec<u64> = (0..40_000).map(|_| edge_float(&mut rng, 8, 23)).collect();
    check_relu_satfinite::<Half>(&xs);
    check_relu_satfinite::<BFloat>(&xs);
}

// ------------------------------------------------------- column loops

/// The column loops of the bulk conversions (`ptxfp_model::eval::cvt_columns`,
/// the host's own casts) against the stage path (`EvalCvt::eval_in`) on
/// every form of the table, and, for the forms they take, against the
/// apfloat oracles above: edge-weighted columns with NaNs, infinities,
/// ties, the integer bounds and garbage above the source's width.
#[test]
fn column_loops_match_the_stages_and_the_oracle() {
    use ptxfp_isa::cvt::CvtRound;
    use ptxfp_isa::target::Target;
    use ptxfp_isa::types::PtxType;
    use ptxfp_model::eval::cvt_columns;
    use ptxfp_model::Exec;
    let exec = Exec::default();
    let mut rng = Rng(0xc01_c01);
    let mut taken = Vec::new();
    for c in Cvt::all() {
        let column = |rng: &mut Rng| -> Vec<u64> {
            (0..4_000)
                .map(|i| {
                    let v = match c.src {
                        PtxType::F32 => edge_float(rng, 8, 23),
                        PtxType::F64 => edge_float(rng, 11, 52),
                        t if t.bits() <= 64 => edge_int(rng, t.bits().min(64)),
                        _ => rng.next(),
                    };
                    // Bits above the source's width, as a wider register holds.
                    if i % 7 == 0 && c.src.bits() < 64 {
                        v | rng.next() << c.src.bits()
                    } else {
                        v
                    }
                })
                .chain([
                    0x7fc0_0000,
                    0xff80_0001,
                    0x7ff8_0000_0000_0000,
                    0xfff0_0000_0000_0001,
                ])
                .collect()
        };
        if c.sources() != 1 {
            continue;
        }
        let x = column(&mut rng);
        let mut out = vec![0u64; x.len()];
        if !cvt_columns(&c, &[&x], &exec, &mut out) {
            continue;
        }
        taken.push(c.to_string());
        let (dw, signed) = (c.dst.bits(), c.dst.is_signed());
        for (&a, &got) in x.iter().zip(&out) {
            assert_eq!(got, c.eval_in(&[a], &exec), "{c} {a:#x}: columns vs stages");
            use ptxfp_float::Round as R;
            let rm = match c.rnd {
                CvtRound::Int(r) | CvtRound::Float(r) => match r {
                    R::NearestEven => Round::NearestTiesToEven,
                    R::TowardZero => Round::TowardZero,
                    R::TowardNegative => Round::TowardNegative,
                    R::TowardPositive => Round::TowardPositive,
                },
                _ => Round::NearestTiesToEven,
            };
            let want = match (c.src, c.dst) {
                (PtxType::F32, PtxType::F64) | (PtxType::F64, PtxType::F32) => continue,
                (PtxType::F32, _) => f2i_oracle::<Single>(a & 0xffff_ffff, false, (dw, signed), rm),
                (PtxType::F64, _) => f2i_oracle::<Double>(a, false, (dw, signed), rm),
                (s, PtxType::F32) => {
                    i2f_oracle::<Single>(a, (s.bits(), s.is_signed()), rm, false, false)
                }
                (s, _) => i2f_oracle::<Double>(a, (s.bits(), s.is_signed()), rm, false, false),
            };
            assert_eq!(got, want, "{c} {a:#x}: columns vs apfloat");
        }
        // Code for sm_1x implies .ftz on .f32: the loops stand aside.
        let sm13 = Exec {
            code_target: Target::sm(13),
            ..Exec::default()
        };
        assert!(
            !cvt_columns(&c, &[&x], &sm13, &mut out)
                || c.src != PtxType::F32 && c.dst != PtxType::F32,
            "{c}"
        );
    }
    // i2f .rn into .f32/.f64 from the 32/64-bit integers (8), the four
    // integer roundings from .f32/.f64 into them (32), cvt.f64.f32 and
    // cvt.rn.f32.f64.
    assert_eq!(taken.len(), 42, "{taken:?}");
}

/// A long column of a source of at most 16 bits goes through a table of
/// the form's results (`cvt_columns`' `by_table`): every element equals the
/// stages' result for its value, for every one-source form of such a
/// source (every value checked for a sample of forms, a stride for the
/// rest); a column holding bits above the source's width stands aside.
#[test]
fn long_narrow_source_columns_equal_the_stages() {
    use ptxfp_model::eval::cvt_columns;
    use ptxfp_model::Exec;
    let exec = Exec::default();
    let n = 1 << 20;
    let mut forms = 0;
    for (k, c) in Cvt::all()
        .into_iter()
        .filter(|c| c.sources() == 1 && c.src.bits() <= 16)
        .enumerate()
        // Every form in release; every eighth in the test profile (each
        // builds a 2^16 table and checks 2^20 elements).
        .filter(|(k, _)| !cfg!(debug_assertions) || k % 8 == 0)
    {
        let bits = c.src.bits();
        let mask = (1u64 << bits) - 1;
        // Every value, in a scrambled order, 2^20 / 2^bits times over.
        let x: Vec<u64> = (0..n as u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9) >> 7 & mask)
            .collect();
        let mut out = vec![0u64; n];
        assert!(cvt_columns(&c, &[&x], &exec, &mut out), "{c}");
        let step = if k % 16 == 0 { 1 } else { 61 };
        for i in (0..n).step_by(step) {
            assert_eq!(out[i], c.eval_in(&[x[i]], &exec), "{c} {:#x}", x[i]);
        }
        let mut high = x.clone();
        high[n / 2] |= 1 << bits;
        let mut o2 = vec![0u64; n];
        let took = cvt_columns(&c, &[&high], &exec, &mut o2);
        // A garbage bit either keeps the table out, or the form's own loop
        // (none narrow yet) takes the column whole.
        assert!(
            !took || o2[n / 2] == c.eval_in(&[high[n / 2]], &exec),
            "{c}"
        );
        forms += 1;
    }
    assert!(
        forms > if cfg!(debug_assertions) { 20 } else { 200 },
        "{forms}"
    );
}

/// The code of the largest magnitude at most |v| (finite; rounding toward
/// zero), magnitudes above the largest saturated to it: a scan of the
/// codes' values.
fn toward_zero_small(v: f64, e: u32, m: u32) -> u64 {
    let n = 1u64 << (e + m);
    let a = v.abs();
    let code = (0..n)
        .rev()
        .find(|&c| small_value(c, e, m) <= a)
        .unwrap_or(0);
    if v.is_sign_negative() {
        code | n
    } else {
        code
    }
}

/// PTX ISA 9.4's `.rz` for the fp8/fp6/fp4 pairs, `cvt.rz.satfinite{.relu}
/// .{e4m3x2,e5m2x2,e2m3x2,e3m2x2,e2m1x2}.{f32,f16x2,bf16x2}` ("rounding
/// toward zero"; `.satfinite` as for `.rn`): every f16 and bf16 lane, and
/// edge-weighted random f32 pairs, against apfloat's `convert_r` toward
/// zero (fp8) and a scan of the codes for the largest magnitude not above
/// the input's (fp4/fp6). A value just below a code must differ from
/// `.rn` somewhere: checked, so the rounding is not silently `.rn`.
#[test]
fn every_half_and_random_f32_to_narrow_toward_zero() {
    let mut rng = Rng(11);
    let f32s: Vec<u64> = (0..40_000).map(|_| edge_float(&mut rng, 8, 23)).collect();
    let v32 = |x: u64| f64_of(Single::from_bits(x.into()));
    let f8 = [("e4m3x2", true), ("e5m2x2", false)];
    let mut differs_from_rn = 0;
    for (ty, w, lane) in f8
        .iter()
        .map(|&(ty, e4m3)| {
            let lane: Box<dyn Fn(Single, bool) -> u64> =
                Box::new(move |v, relu| f8_oracle_by(v, e4m3, relu, Round::TowardZero));
            (ty, 8, lane)
        })
        .chain(SMALL.iter().map(|&(ty, e, m)| {
            let lane: Box<dyn Fn(Single, bool) -> u64> = Box::new(move |v, relu| {
                let n = 1u64 << (e + m);
                match f64_of(v) {
                    None => n - 1,
                    Some(x) => {
                        let x = if x.is_infinite() { x.signum() * 1e9 } else { x };
                        let r = toward_zero_small(x, e, m);
                        if relu && r & n != 0 {
                            0
                        } else {
                            r
                        }
                    }
                }
            });
            (ty, if e + m == 3 { 4 } else { 8 }, lane)
        }))
    {
        for relu in [false, true] {
            let r = if relu { ".relu" } else { "" };
            let from_f32 = form(&format!("cvt.rz.satfinite{r}.{ty}.f32"));
            let rn = form(&format!("cvt.rn.satfinite{r}.{ty}.f32"));
            for pair in f32s.chunks(2) {
                let (a, b) = (pair[0], pair[pair.len() - 1]);
                let s = |x: u64| Single::from_bits(x.into());
                let want = lane(s(a), relu) << w | lane(s(b), relu);
                let got = from_f32.eval(&[a, b]);
                assert_eq!(got, want, "{from_f32} {a:#x} {b:#x} ({:?})", v32(a));
                differs_from_rn += usize::from(got != rn.eval(&[a, b]));
            }
            for half in ["f16x2", "bf16x2"] {
                let c = form(&format!("cvt.rz.satfinite{r}.{ty}.{half}"));
                for x in 0..=0xffffu64 {
                    let word = x << 16 | (x ^ 0x8000);
                    let wide = |h: u64| -> Single {
                        if half == "f16x2" {
                            Half::from_bits(h.into()).convert(&mut false).value
                        } else {
                            BFloat::from_bits(h.into()).convert(&mut false).value
                        }
                    };
                    let want = lane(wide(x), relu) << w | lane(wide(x ^ 0x8000), relu);
                    assert_eq!(c.eval(&[word]), want, "{c} {word:#x}");
                }
            }
        }
    }
    assert!(differs_from_rn > 1000, "{differs_from_rn}");
}

/// PTX ISA 9.4's `.pzo`: "if the result of the conversion produces
/// `-0.0`, it will be forced to `+0.0`". Every `.pzo` form against the
/// oracles above with that rule applied lane by lane: apfloat's
/// `convert_r` for `.f16`/`.bf16` (scalar and x2), apfloat's toward-zero
/// or nearest conversion for fp8 and the code scans for fp4/fp6; `.tf32`
/// against its own form without `.pzo` (whose oracle is
/// `random_f32_to_tf32`) with `-0.0` made `+0.0`. The inputs include
/// negative values too small for any of the formats, so `-0.0` results
/// occur: counted, so the rule is exercised.
#[test]
fn pzo_forces_positive_zeros() {
    let mut rng = Rng(12);
    let mut xs: Vec<u64> = (0..20_000).map(|_| edge_float(&mut rng, 8, 23)).collect();
    xs.extend([
        0x8000_0000,
        0x8000_0001,
        0xb380_0000,
        0xa000_0000,
        0x0000_0000,
    ]);
    let pos = |r: u64, neg_zero: u64| if r == neg_zero { 0 } else { r };
    let mut flipped = 0;
    // .f16/.bf16 and their x2, both roundings, every .relu/.satfinite.
    for (rn, rm) in &FRND[..2] {
        for relu in [false, true] {
            for satfinite in [false, true] {
                let mods = format!(
                    "cvt.{rn}{}{}.pzo",
                    if relu { ".relu" } else { "" },
                    if satfinite { ".satfinite" } else { "" }
                );
                for (name, lane) in [
                    (
                        "f16",
                        half_lane::<Half> as fn(u64, Round, bool, bool) -> u64,
                    ),
                    ("bf16", half_lane::<BFloat>),
                ] {
                    let scalar = form(&format!("{mods}.{name}.f32"));
                    let packed = form(&format!("{mods}.{name}x2.f32"));
                    for pair in xs.chunks(2) {
                        let (a, b) = (pair[0], pair[pair.len() - 1]);
                        let one = |x| pos(lane(x, *rm, relu, satfinite), 0x8000);
                        flipped += usize::from(lane(a, *rm, relu, satfinite) == 0x8000);
                        assert_eq!(scalar.eval(&[a]), one(a), "{scalar} {a:#x}");
                        assert_eq!(packed.eval(&[a, b]), one(a) << 16 | one(b), "{packed}");
                    }
                }
                let tf = form(&format!("{mods}.tf32.f32"));
                let base = form(&format!("{}.tf32.f32", mods.trim_end_matches(".pzo")));
                for &a in &xs {
                    assert_eq!(
                        tf.eval(&[a]),
                        pos(base.eval(&[a]), 0x8000_0000),
                        "{tf} {a:#x}"
                    );
                }
            }
        }
    }
    // The fp8/fp6/fp4 pairs from .f32 and from the halves.
    for (rn, rm) in &FRND[..2] {
        for relu in [false, true] {
            let r = if relu { ".relu" } else { "" };
            for (ty, w, neg_zero) in [
                ("e4m3x2", 8, 0x80),
                ("e5m2x2", 8, 0x80),
                ("e2m3x2", 8, 0x20),
                ("e3m2x2", 8, 0x20),
                ("e2m1x2", 4, 0x8),
            ] {
                let lane = |v: Single| -> u64 {
                    match ty {
                        "e4m3x2" | "e5m2x2" => f8_oracle_by(v, ty == "e4m3x2", relu, *rm),
                        _ => {
                            let (e, m) = match ty {
                                "e2m3x2" => (2, 3),
                                "e3m2x2" => (3, 2),
                                _ => (2, 1),
                            };
                            let n = 1u64 << (e + m);
                            match f64_of(v) {
                                None => n - 1,
                                Some(x) => {
                                    let x = if x.is_infinite() { x.signum() * 1e9 } else { x };
                                    let c = if *rm == Round::TowardZero {
                                        toward_zero_small(x, e, m)
                                    } else {
                                        nearest_small(x, e, m)
                                    };
                                    if relu && c & n != 0 {
                                        0
                                    } else {
                                        c
                                    }
                                }
                            }
                        }
                    }
                };
                let from_f32 = form(&format!("cvt.{rn}.satfinite{r}.pzo.{ty}.f32"));
                for pair in xs.chunks(2) {
                    let (a, b) = (pair[0], pair[pair.len() - 1]);
                    let s = |x: u64| Single::from_bits(x.into());
                    flipped += usize::from(lane(s(a)) == neg_zero);
                    let want = pos(lane(s(a)), neg_zero) << w | pos(lane(s(b)), neg_zero);
                    assert_eq!(from_f32.eval(&[a, b]), want, "{from_f32} {a:#x} {b:#x}");
                }
                for half in ["f16x2", "bf16x2"] {
                    let c = form(&format!("cvt.{rn}.satfinite{r}.pzo.{ty}.{half}"));
                    for x in (0..=0xffffu64).step_by(7) {
                        let word = x << 16 | (x ^ 0x8000);
                        let wide = |h: u64| -> Single {
                            if half == "f16x2" {
                                Half::from_bits(h.into()).convert(&mut false).value
                            } else {
                                BFloat::from_bits(h.into()).convert(&mut false).value
                            }
                        };
                        let want = pos(lane(wide(x)), neg_zero) << w
                            | pos(lane(wide(x ^ 0x8000)), neg_zero);
                        assert_eq!(c.eval(&[word]), want, "{c} {word:#x}");
                    }
                }
            }
        }
    }
    assert!(flipped > 1000, "{flipped}");
}

/// PTX ISA 9.4's `.scaled::n1::ue8m0` into the fp8/fp6/fp4 pairs:
/// "`d[15:8] = convert(a / scale-factor[7:0])`", one `.b8` UE8M0 scale
/// 2^(k - 127) for both inputs, and "subnormal values for inputs `a` and
/// `b` are flushed to zero before conversion". The oracle widens the input
/// to binary64 (exact), flushes a subnormal to a zero of its sign, scales
/// it by 2^(127 - k) there (exact: the result stays within binary64's
/// range), then rounds once: apfloat's `convert_r` for fp8 with
/// `.satfinite`'s clamp, the code scans for fp4/fp6; `.relu` and `.pzo`
/// per lane; scale code 0xff (UE8M0's NaN) makes a NaN. Every f16 and bf16
/// lane with every scale code in turn, edge-weighted f32 pairs with edge
/// and random scales, every modifier combination of the 120 forms.
#[test]
fn scaled_n1_divides_by_the_scale_once() {
    let mut rng = Rng(13);
    let f32s: Vec<u64> = (0..8_000).map(|_| edge_float(&mut rng, 8, 23)).collect();
    const SCALES: [u64; 13] = [0, 1, 100, 120, 126, 127, 128, 130, 150, 200, 253, 254, 255];
    // A lane's value in binary64 (`None`: NaN), after the flush.
    let wide = |x: u64, src: &str| -> Option<f64> {
        let (e_bits, m_bits, w) = match src {
            "f32" => (8, 23, 32),
            "f16x2" => (5, 10, 16),
            _ => (8, 7, 16),
        };
        let exp = (x >> m_bits) & mask(e_bits);
        let frac = x & mask(m_bits);
        let x = if exp == 0 && frac != 0 {
            x & (1 << (w - 1))
        } else {
            x
        };
        let d: Double = match src {
            "f32" => Single::from_bits(x.into()).convert(&mut false).value,
            "f16x2" => Half::from_bits(x.into()).convert(&mut false).value,
            _ => BFloat::from_bits(x.into()).convert(&mut false).value,
        };
        (!d.is_nan()).then(|| f64::from_bits(d.to_bits() as u64))
    };
    let f8 = [("e4m3x2", 4u32, 3u32), ("e5m2x2", 5, 2)];
    let mut nonzero_scaled = 0usize;
    for (ty, e, m) in f8.iter().copied().chain(SMALL.iter().copied()) {
        let is_f8 = e + m == 7;
        let n = 1u64 << (e + m);
        let w = if e + m == 3 { 4 } else { 8 };
        for (rnd, rm) in [("rn", Round::NearestTiesToEven), ("rz", Round::TowardZero)] {
            for relu in [false, true] {
                for pzo in [false, true] {
                    // One lane: value `v` (binary64), scale code `k`.
                    let lane = |v: Option<f64>, k: u64| -> u64 {
                        let r = match v.filter(|_| k != 0xff) {
                            None if is_f8 => u64::from(HW.f8_nan),
                            None => n - 1,
                            Some(v) => {
                                let s = v * 2f64.powi(127 - k as i32);
                                if is_f8 {
                                    let d = Double::from_bits(s.to_bits().into());
                                    // "If the absolute value of input [...] is
                                    // greater than MAX_NORM [...] sign-preserved
                                    // MAX_NORM".
                                    let clamp = |big: Double, mx: u128, r: u128| {
                                        if d.abs() > big {
                                            mx | if d.is_negative() { 0x80 } else { 0 }
                                        } else {
                                            r
                                        }
                                    };
                                    let r = if ty == "e4m3x2" {
                                        let mx = Float8E4M3FN::largest();
                                        let r: Float8E4M3FN = d.convert_r(rm, &mut false).value;
                                        clamp(
                                            mx.convert(&mut false).value,
                                            mx.to_bits(),
                                            r.to_bits(),
                                        )
                                    } else {
                                        let mx = Float8E5M2::largest();
                                        let r: Float8E5M2 = d.convert_r(rm, &mut false).value;
                                        clamp(
                                            mx.convert(&mut false).value,
                                            mx.to_bits(),
                                            r.to_bits(),
                                        )
                                    };
                                    r as u64
                                } else {
                                    let s = if s.is_infinite() { s.signum() * 1e9 } else { s };
                                    if rm == Round::TowardZero {
                                        toward_zero_small(s, e, m)
                                    } else {
                                        nearest_small(s, e, m)
                                    }
                                }
                            }
                        };
                        let sign = if is_f8 { 0x80 } else { n };
                        let r = if relu && r & sign != 0 && !(is_f8 && r & 0x7f == 0x7f) {
                            0
                        } else {
                            r
                        };
                        if pzo && r == sign {
                            0
                        } else {
                            r
                        }
                    };
                    let mods = format!(
                        "{}{}",
                        if relu { ".relu" } else { "" },
                        if pzo { ".pzo" } else { "" }
                    );
                    let c = form(&format!(
                        "cvt.{rnd}.satfinite{mods}.scaled::n1::ue8m0.{ty}.f32"
                    ));
                    for (i, pair) in f32s.chunks(2).enumerate() {
                        let (a, b) = (pair[0], pair[1]);
                        let k = if i % 3 == 0 {
                            rng.below(256)
                        } else {
                            SCALES[i % SCALES.len()]
                        };
                        let want = lane(wide(a, "f32"), k) << w | lane(wide(b, "f32"), k);
                        let got = c.eval(&[a, b, k]);
                        assert_eq!(got, want, "{c} {a:#x} {b:#x} scale {k}");
                        nonzero_scaled += usize::from(k != 127 && got & mask(w) != 0);
                    }
                    for half in ["f16x2", "bf16x2"] {
                        let c = form(&format!(
                            "cvt.{rnd}.satfinite{mods}.scaled::n1::ue8m0.{ty}.{half}"
                        ));
                        for x in 0..=0xffffu64 {
                            let k = (x * 7 + 3) % 256;
                            let word = x << 16 | (x ^ 0x8001);
                            let want =
                                lane(wide(x, half), k) << w | lane(wide(x ^ 0x8001, half), k);
                            assert_eq!(c.eval(&[word, k]), want, "{c} {word:#x} scale {k}");
                        }
                    }
                }
            }
        }
    }
    assert!(nonzero_scaled > 10_000, "{nonzero_scaled}");
}

/// UE5M3's code `c` (0..=0xfe) from the definition: 5 exponent bits, 3
/// fraction bits, bias 15, no sign: `0.f × 2^-14` for a zero exponent
/// field, `1.f × 2^(e-15)` otherwise; 0xff is NaN. Code 0x100 stands for
/// the value just past the largest, 1.875 × 2^16 (what an unbounded
/// exponent range would give next), so the scans see what rounds beyond.
fn ue5m3_value(c: u64) -> f64 {
    if c == 0x100 {
        return 1.875 * 65536.0;
    }
    let (e, f) = ((c >> 3) as i32, (c & 7) as f64);
    if e == 0 {
        f / 8.0 * 2f64.powi(-14)
    } else {
        (1.0 + f / 8.0) * 2f64.powi(e - 15)
    }
}

/// PTX ISA 9.4's `.ue5m3x2`: every conversion to it from every f16 and
/// bf16 lane and edge-weighted f32 pairs, with `.rn`/`.rz`/`.rp`,
/// `.satfinite` or not, and `.scaled::n1::ue8m0` with scale codes in turn;
/// and every code back to `.f16x2` and, scaled by every UE8M0 code, to
/// `.bf16x2`. The oracle: the input's magnitude in binary64 (the sign
/// dropped, as "the destination sign is not supported"), scaled exactly,
/// rounded by a scan of the codes (nearest with ties to the even code,
/// the largest not above, the smallest not below); past the largest code
/// +MAX_NORM with `.satfinite`, else 0xff, the only non-finite code;
/// NaN (or the NaN scale) 0xff. Back: the code's value through apfloat's
/// conversion, `.satfinite` as for every `.bf16` result.
#[test]
fn ue5m3_both_ways() {
    let mut rng = Rng(14);
    let f32s: Vec<u64> = (0..6_000).map(|_| edge_float(&mut rng, 8, 23)).collect();
    let lane = |v: Option<f64>, rnd: &str, sat: bool| -> u64 {
        let over = if sat { 0xfe } else { 0xff };
        let Some(v) = v else { return 0xff };
        let a = v.abs();
        // Past 1.875 × 2^16 every rounding lands past the largest code (and
        // binary64 differences there would not be exact).
        if a > ue5m3_value(0x100) {
            return over;
        }
        let code = match rnd {
            "rn" => (0..=0x100u64).min_by(|&x, &y| {
                let (dx, dy) = ((ue5m3_value(x) - a).abs(), (ue5m3_value(y) - a).abs());
                dx.partial_cmp(&dy).unwrap().then((x % 2).cmp(&(y % 2)))
            }),
            "rz" => (0..=0x100u64).rev().find(|&c| ue5m3_value(c) <= a),
            _ => (0..=0x100u64).find(|&c| ue5m3_value(c) >= a),
        };
        match code {
            Some(c) if c <= 0xfe && a.is_finite() => c,
            _ => over,
        }
    };
    let wide = |x: u64, src: &str, flush: bool| -> Option<f64> {
        let (e, m, w) = match src {
            "f32" => (8, 23, 32),
            "f16x2" => (5, 10, 16),
            _ => (8, 7, 16),
        };
        let sub = (x >> m) & mask(e) == 0 && x & mask(m) != 0;
        let x = if flush && sub { x & (1 << (w - 1)) } else { x };
        let d: Double = match src {
            "f32" => Single::from_bits(x.into()).convert(&mut false).value,
            "f16x2" => Half::from_bits(x.into()).convert(&mut false).value,
            _ => BFloat::from_bits(x.into()).convert(&mut false).value,
        };
        (!d.is_nan()).then(|| f64::from_bits(d.to_bits() as u64))
    };
    for sat in [false, true] {
        let sf = if sat { ".satfinite" } else { "" };
        for (rnd, scaled) in [
            ("rn", false),
            ("rz", false),
            ("rp", false),
            ("rn", true),
            ("rz", true),
        ] {
            let q = if scaled { ".scaled::n1::ue8m0" } else { "" };
            let scale = |v: Option<f64>, k: u64| -> Option<f64> {
                if !scaled {
                    return v;
                }
                if k == 0xff {
                    return None;
                }
                v.map(|v| v * 2f64.powi(127 - k as i32))
            };
            let c = form(&format!("cvt.{rnd}{sf}{q}.ue5m3x2.f32"));
            for (i, p) in f32s.chunks(2).enumerate() {
                let k = if i % 4 == 0 { 0xff } else { rng.below(256) };
                let mut srcs = vec![p[0], p[1]];
                if scaled {
                    srcs.push(k);
                }
                let want = lane(scale(wide(p[0], "f32", scaled), k), rnd, sat) << 8
                    | lane(scale(wide(p[1], "f32", scaled), k), rnd, sat);
                assert_eq!(c.eval(&srcs), want, "{c} {srcs:#x?}");
            }
            for half in ["f16x2", "bf16x2"] {
                let c = form(&format!("cvt.{rnd}{sf}{q}.ue5m3x2.{half}"));
                for x in 0..=0xffffu64 {
                    let k = (x * 13 + 5) % 256;
                    let word = x << 16 | (x ^ 0x8001);
                    let mut srcs = vec![word];
                    if scaled {
                        srcs.push(k);
                    }
                    let want = lane(scale(wide(x, half, scaled), k), rnd, sat) << 8
                        | lane(scale(wide(x ^ 0x8001, half, scaled), k), rnd, sat);
                    assert_eq!(c.eval(&srcs), want, "{c} {srcs:#x?}");
                }
            }
        }
    }
    // Back: every code pair.
    let to_f16 = form("cvt.rn.f16x2.ue5m3x2");
    let back = |code: u64, k: u64, sat: bool| -> u64 {
        if code == 0xff || k == 0xff {
            return u64::from(HW.half_nan);
        }
        let v = ue5m3_value(code) * 2f64.powi(k as i32 - 127);
        let b: BFloat = Double::from_bits(v.to_bits().into())
            .convert_r(Round::NearestTiesToEven, &mut false)
            .value;
        if sat && b.is_infinite() {
            0x7f7f
        } else {
            b.to_bits() as u64
        }
    };
    for x in 0..=0xffffu64 {
        let (hi, lo) = (x >> 8, x & 0xff);
        let h = |c: u64| -> u64 {
            if c == 0xff {
                return u64::from(HW.half_nan);
            }
            let d = Double::from_bits(ue5m3_value(c).to_bits().into());
            let r: Half = d.convert_r(Round::NearestTiesToEven, &mut false).value;
            r.to_bits() as u64
        };
        assert_eq!(to_f16.eval(&[x]), h(hi) << 16 | h(lo), "{to_f16} {x:#x}");
        for sat in [false, true] {
            let sf = if sat { ".satfinite" } else { "" };
            let plain = form(&format!("cvt.rn{sf}.bf16x2.ue5m3x2"));
            assert_eq!(
                plain.eval(&[x]),
                back(hi, 127, sat) << 16 | back(lo, 127, sat),
                "{plain} {x:#x}"
            );
            let scaled = form(&format!("cvt.rn{sf}.scaled::n2::ue8m0.bf16x2.ue5m3x2"));
            let k = (x * 31 + 7) & 0xffff;
            assert_eq!(
                scaled.eval(&[x, k]),
                back(hi, k >> 8, sat) << 16 | back(lo, k & 0xff, sat),
                "{scaled} {x:#x} scales {k:#x}"
            );
        }
    }
}
