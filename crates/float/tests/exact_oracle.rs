//! Exhaustive proof of the core on the 8-bit test format `F8` (1-4-3, bias 7)
//! against an exact-integer reference that shares no code with the core.
//!
//! The reference is a different algorithm: every finite F8 value is a
//! multiple of 2^-9 of magnitude at most 240, so it is held exactly as an
//! integer count of 2^-s units (s = 18 for arithmetic: a product of two
//! multiples of 2^-9 is a multiple of 2^-18, and |a·b + c| < 2^17, so every
//! exact result fits easily in an i128). It is then rounded once by *search*:
//! the positive F8 values (plus 2^8, the next value of an unbounded
//! exponent) form a sorted table; the exact magnitude is placed between its
//! two neighbours in that table and the mode picks one. No bit splitting,
//! no shifting, no sticky bits: nothing in common with `round`.
//!
//! Tininess (IEEE 754 §7.5, after rounding, unbounded exponent) is decided
//! the same way on the grid of 4-bit-precision values in [2^-7, 2^-6].
//!
//! Run: `cargo test -p ptxfp-float --test exact_oracle` (all pairs, all
//! triples, all four modes; a few seconds in the optimised test profile).

use ptxfp_float::{
    add, convert, fma, mul, sub, Flags, Format, Round, Rounded, BF16, F16, F32, F64, F8,
};
use rayon::prelude::*;

const MODES: [Round; 4] = Round::ALL;

/// An F8 operand as the reference sees it.
#[derive(Clone, Copy, Debug)]
enum V {
    /// NaN; `true` if signaling.
    Nan(bool),
    /// ±∞, negative if `true`.
    Inf(bool),
    /// A finite value: sign and magnitude in units of 2^-9.
    Fin(bool, i128),
}

/// Decodes F8 by the textbook formula (not the core's `decode`).
fn dec8(bits: u8) -> V {
    let neg = bits & 0x80 != 0;
    let e = (bits >> 3) & 0xf;
    let f = (bits & 7) as i128;
    match e {
        15 if f == 0 => V::Inf(neg),
        15 => V::Nan(f & 4 == 0),
        // Subnormal: 0.fff × 2^-6 = f × 2^-9.
        0 => V::Fin(neg, f),
        // Normal: 1.fff × 2^(e-7) = (8 + f) × 2^(e-10) = (8 + f) << (e - 1) units of 2^-9.
        _ => V::Fin(neg, (8 + f) << (e - 1)),
    }
}

/// The sorted table of positive F8 magnitudes in units of 2^-9: index =
/// bit pattern 0x00..=0x77, then index 0x78 = 256, the first value past
/// MAX = 240 when the exponent is unbounded.
fn table() -> Vec<i128> {
    let mut t: Vec<i128> = (0u8..=0x77)
        .map(|b| match dec8(b) {
            V::Fin(_, m) => m,
            _ => unreachable!(),
        })
        .collect();
    t.push(256 << 9);
    assert!(t.windows(2).all(|w| w[0] < w[1]), "table sorted");
    t
}

/// Picks between neighbours `lo < x < hi` (indices into a grid whose even
/// index has the even significand) by mode, for a value of sign `neg`.
fn pick(rm: Round, neg: bool, x: i128, lo: (usize, i128), hi: (usize, i128)) -> usize {
    match rm {
        Round::NearestEven => {
            let (d_lo, d_hi) = (x - lo.1, hi.1 - x);
            if d_lo < d_hi {
                lo.0
            } else if d_hi < d_lo {
                hi.0
            } else if lo.0.is_multiple_of(2) {
                lo.0
            } else {
                hi.0
            }
        }
        Round::TowardZero => lo.0,
        Round::TowardPositive => {
            if neg {
                lo.0
            } else {
                hi.0
            }
        }
        Round::TowardNegative => {
            if neg {
                hi.0
            } else {
                lo.0
            }
        }
    }
}

/// The reference rounding: an exact value `(-1)^neg × mag × 2^-s` (mag > 0)
/// rounded once to F8.
struct Ref {
    s: u32,
    grid: Vec<i128>,
}

impl Ref {
    fn new(s: u32) -> Ref {
        Ref {
            s,
            grid: table().into_iter().map(|m| m << (s - 9)).collect(),
        }
    }

    fn round(&self, neg: bool, mag: i128, rm: Round) -> Rounded {
        assert!(mag > 0);
        let sign = if neg { 0x80 } else { 0 };
        let g = &self.grid;
        // Index of the largest table value <= mag.
        let i = g.partition_point(|&v| v <= mag) - 1;
        let (idx, inexact) = if g[i] == mag {
            (i, false)
        } else if i == g.len() - 1 {
            (i, true)
        } else {
            (pick(rm, neg, mag, (i, g[i]), (i + 1, g[i + 1])), true)
        };
        if idx == 0x78 {
            // IEEE 754 §7.4: the rounded value (unbounded exponent) exceeds MAX.
            let to_inf = match rm {
                Round::NearestEven => true,
                Round::TowardZero => false,
                Round::TowardPositive => !neg,
                Round::TowardNegative => neg,
            };
            let bits = sign | if to_inf { 0x78 } else { 0x77 };
            return Rounded {
                bits,
                flags: Flags::OVERFLOW | Flags::INEXACT,
            };
        }
        let mut flags = Flags::NONE;
        if inexact {
            flags |= Flags::INEXACT;
            if self.tiny(neg, mag, rm) {
                flags |= Flags::UNDERFLOW;
            }
        }
        Rounded {
            bits: sign | idx as u64,
            flags,
        }
    }

    /// IEEE 754 §7.5 tininess after rounding: rounded to 4 bits of precision
    /// with an unbounded exponent, |x| < 2^-6 = 2^emin.
    fn tiny(&self, neg: bool, mag: i128, rm: Round) -> bool {
        let emin = 1i128 << (self.s - 6);
        let binade = 1i128 << (self.s - 7);
        if mag >= emin {
            return false;
        }
        if mag < binade {
            return true;
        }
        // In [2^-7, 2^-6) the 4-bit values are spaced 2^-10 apart; the
        // multiple k × 2^-10 has an even significand iff k is even.
        let step = 1i128 << (self.s - 10);
        let k = mag / step;
        if k * step == mag {
            return true;
        }
        let chosen = pick(
            rm,
            neg,
            mag,
            (k as usize, k * step),
            (k as usize + 1, (k + 1) * step),
        );
        (chosen as i128) * step < emin
    }
}

/// The reference result of an operation whose exact value is `neg × mag`
/// (mag ≥ 0), with the zero sign to use if mag is exactly zero.
fn finish(r: &Ref, neg: bool, mag: i128, zero_neg: bool, rm: Round) -> Rounded {
    if mag == 0 {
        Rounded::exact(if zero_neg { 0x80 } else { 0 })
    } else {
        r.round(neg, mag, rm)
    }
}

fn signed(neg: bool, m: i128) -> i128 {
    if neg {
        -m
    } else {
        m
    }
}

/// IEEE 754 §6.3 sign of an exact zero sum x + y: like-signed zeros keep
/// their sign; otherwise +0, or -0 toward negative.
fn zero_sum_sign(x_neg: bool, x_zero: bool, y_neg: bool, y_zero: bool, rm: Round) -> bool {
    if x_zero && y_zero && x_neg == y_neg {
        x_neg
    } else {
        rm == Round::TowardNegative
    }
}

const NAN: Option<Rounded> = None;

/// Reference add; `None` means "some NaN" (flags checked separately).
fn ref_add(r: &Ref, a: u8, b: u8, rm: Round) -> (Option<Rounded>, bool) {
    match (dec8(a), dec8(b)) {
        (V::Nan(sa), V::Nan(sb)) => (NAN, sa || sb),
        (V::Nan(s), _) | (_, V::Nan(s)) => (NAN, s),
        (V::Inf(x), V::Inf(y)) if x != y => (NAN, true),
        (V::Inf(x), _) | (_, V::Inf(x)) => {
            (Some(Rounded::exact(if x { 0xf8 } else { 0x78 })), false)
        }
        (V::Fin(xn, xm), V::Fin(yn, ym)) => {
            let sh = r.s - 9;
            let v = signed(xn, xm << sh) + signed(yn, ym << sh);
            let z = zero_sum_sign(xn, xm == 0, yn, ym == 0, rm);
            (Some(finish(r, v < 0, v.abs(), z, rm)), false)
        }
    }
}

fn ref_mul(r: &Ref, a: u8, b: u8, rm: Round) -> (Option<Rounded>, bool) {
    match (dec8(a), dec8(b)) {
        (V::Nan(sa), V::Nan(sb)) => (NAN, sa || sb),
        (V::Nan(s), _) | (_, V::Nan(s)) => (NAN, s),
        (V::Inf(x), V::Inf(y)) => (
            Some(Rounded::exact(if x != y { 0xf8 } else { 0x78 })),
            false,
        ),
        (V::Inf(x), V::Fin(yn, ym)) | (V::Fin(yn, ym), V::Inf(x)) => {
            if ym == 0 {
                (NAN, true)
            } else {
                (
                    Some(Rounded::exact(if x != yn { 0xf8 } else { 0x78 })),
                    false,
                )
            }
        }
        (V::Fin(xn, xm), V::Fin(yn, ym)) => {
            // Units of 2^-18 = r.s.
            assert_eq!(r.s, 18);
            let neg = xn != yn;
            (Some(finish(r, neg, xm * ym, neg, rm)), false)
        }
    }
}

fn ref_fma(r: &Ref, a: u8, b: u8, c: u8, rm: Round) -> (Option<Rounded>, bool) {
    let (da, db, dc) = (dec8(a), dec8(b), dec8(c));
    let zero_inf = matches!(
        (da, db),
        (V::Inf(_), V::Fin(_, 0)) | (V::Fin(_, 0), V::Inf(_))
    );
    let snan = [da, db, dc].iter().any(|v| matches!(v, V::Nan(true)));
    let any_nan = [da, db, dc].iter().any(|v| matches!(v, V::Nan(_)));
    if any_nan {
        // §7.2(c): fma(0, ∞, c) is invalid, here also for a quiet NaN c.
        return (NAN, snan || zero_inf);
    }
    if zero_inf {
        return (NAN, true);
    }
    let prod_inf = match (da, db) {
        (V::Inf(x), V::Inf(y)) => Some(x != y),
        (V::Inf(x), V::Fin(n, _)) | (V::Fin(n, _), V::Inf(x)) => Some(x != n),
        _ => None,
    };
    let inf = |n: bool| Some(Rounded::exact(if n { 0xf8 } else { 0x78 }));
    match (prod_inf, dc) {
        (Some(p), V::Inf(q)) if p != q => (NAN, true),
        (Some(p), _) => (inf(p), false),
        (None, V::Inf(q)) => (inf(q), false),
        (None, V::Fin(cn, cm)) => {
            let (V::Fin(an, am), V::Fin(bn, bm)) = (da, db) else {
                unreachable!()
            };
            let pn = an != bn;
            let pm = am * bm;
            let v = signed(pn, pm) + signed(cn, cm << 9);
            let z = zero_sum_sign(pn, pm == 0, cn, cm == 0, rm);
            (Some(finish(r, v < 0, v.abs(), z, rm)), false)
        }
        (None, V::Nan(_)) => unreachable!(),
    }
}

fn is_nan8(bits: u64) -> bool {
    bits & 0x7f > 0x78
}

/// Compares one core result with the reference; returns a message on mismatch.
fn check(
    got: Rounded,
    want: (Option<Rounded>, bool),
    what: &dyn Fn() -> String,
) -> Result<(), String> {
    match want {
        (Some(w), _) => {
            if got != w {
                return Err(format!(
                    "{}: got {:#04x} {:?}, want {:#04x} {:?}",
                    what(),
                    got.bits,
                    got.flags,
                    w.bits,
                    w.flags
                ));
            }
        }
        (None, invalid) => {
            let want_flags = if invalid { Flags::INVALID } else { Flags::NONE };
            if !is_nan8(got.bits) || got.bits & 0x04 == 0 || got.flags != want_flags {
                return Err(format!(
                    "{}: got {:#04x} {:?}, want a quiet NaN with {:?}",
                    what(),
                    got.bits,
                    got.flags,
                    want_flags
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn f8_all_pairs_add_sub_mul() {
    let r = Ref::new(18);
    let mut n = 0u64;
    for rm in MODES {
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                let (a64, b64) = (a as u64, b as u64);
                let ctx =
                    |op: &'static str| move || format!("{op}::<F8>({a:#04x}, {b:#04x}, {rm:?})");
                check(add::<F8>(a64, b64, rm), ref_add(&r, a, b, rm), &ctx("add")).unwrap();
                // a - b = a + (-b) for the value; NaN results are only
                // checked to be NaN here.
                check(
                    sub::<F8>(a64, b64, rm),
                    ref_add(&r, a, b ^ 0x80, rm),
                    &ctx("sub"),
                )
                .unwrap();
                check(mul::<F8>(a64, b64, rm), ref_mul(&r, a, b, rm), &ctx("mul")).unwrap();
                n += 3;
            }
        }
    }
    assert_eq!(n, 3 * 4 * 65536);
}

#[test]
fn f8_all_triples_fma() {
    let r = Ref::new(18);
    for rm in MODES {
        let failures: Vec<String> = (0..=255u8)
            .into_par_iter()
            .flat_map_iter(|a| {
                let r = &r;
                (0..=255u8).flat_map(move |b| {
                    (0..=255u8).filter_map(move |c| {
                        let got = fma::<F8>(a as u64, b as u64, c as u64, rm);
                        let ctx = || format!("fma::<F8>({a:#04x}, {b:#04x}, {c:#04x}, {rm:?})");
                        check(got, ref_fma(r, a, b, c, rm), &ctx).err()
                    })
                })
            })
            .collect();
        assert!(
            failures.is_empty(),
            "{} failures, first: {:#?}",
            failures.len(),
            &failures[..failures.len().min(10)]
        );
    }
}

/// The value of a `bits` of a format with the given field widths, by the
/// textbook formula (exact in f64 for every format up to binary64's
/// exponent range); `None` for NaN.
fn host_value(bits: u64, exp_bits: u32, frac_bits: u32) -> Option<f64> {
    let neg = bits >> (exp_bits + frac_bits) & 1 == 1;
    let e = (bits >> frac_bits) & ((1 << exp_bits) - 1);
    let f = bits & ((1 << frac_bits) - 1);
    let bias = (1i32 << (exp_bits - 1)) - 1;
    let mag = if e == (1 << exp_bits) - 1 {
        if f != 0 {
            return None;
        }
        f64::INFINITY
    } else if e == 0 {
        f as f64 * pow2(1 - bias - frac_bits as i32)
    } else {
        (f + (1 << frac_bits)) as f64 * pow2(e as i32 - bias - frac_bits as i32)
    };
    Some(if neg { -mag } else { mag })
}

/// 2^k exactly (k within f64's normal range, or f64's subnormal range).
fn pow2(k: i32) -> f64 {
    if k >= -1022 {
        f64::from_bits(((k + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (k + 1074))
    }
}

/// F8 → wider format: every F8 value is representable, so the result must be
/// exact, with no flag; NaNs stay NaN with their sign, quieted; sNaN → invalid.
fn widen<D: Format>() {
    for rm in MODES {
        for a in 0..=255u64 {
            let got = convert::<F8, D>(a, rm);
            let ctx = format!(
                "convert::<F8, {}>({a:#04x}, {rm:?}) = {:#x} {:?}",
                D::NAME,
                got.bits,
                got.flags
            );
            match host_value(a, 4, 3) {
                None => {
                    let signaling = a & 4 == 0;
                    assert!(
                        host_value(got.bits, D::EXP_BITS, D::FRAC_BITS).is_none(),
                        "{ctx}"
                    );
                    assert!(got.bits & D::QUIET != 0, "{ctx}");
                    assert_eq!(got.bits & D::SIGN != 0, a & 0x80 != 0, "{ctx}");
                    assert_eq!(
                        got.flags,
                        if signaling {
                            Flags::INVALID
                        } else {
                            Flags::NONE
                        },
                        "{ctx}"
                    );
                }
                Some(v) => {
                    let w = host_value(got.bits, D::EXP_BITS, D::FRAC_BITS).expect(&ctx);
                    assert_eq!(v.to_bits(), w.to_bits(), "{ctx}");
                    assert_eq!(got.flags, Flags::NONE, "{ctx}");
                }
            }
        }
    }
}

#[test]
fn f8_widens_exactly() {
    widen::<F16>();
    widen::<BF16>();
    widen::<F32>();
    widen::<F64>();
}

/// Narrowing to F8 through the reference: the source value (exact in f64)
/// becomes an integer count of 2^-80 units. Magnitudes ≥ 512 are replaced by
/// 512 and nonzero magnitudes < 2^-11 by 3·2^-13: every magnitude ≥ 256
/// overflows alike, and every magnitude in (0, 2^-10) (below half the least
/// subnormal 2^-9) rounds alike with the same flags, so the answer is
/// unchanged; in between, every f64 is a multiple of 2^-63 and below 2^10,
/// so the count is an exact integer below 2^90.
fn narrow_to_f8<S: Format>(r: &Ref, a: u64, rm: Round) -> Result<(), String> {
    let got = convert::<S, F8>(a, rm);
    let ctx = || format!("convert::<{}, F8>({a:#x}, {rm:?})", S::NAME);
    let want = match host_value(a, S::EXP_BITS, S::FRAC_BITS) {
        None => (NAN, a & S::QUIET == 0),
        Some(v) if v.is_infinite() => (
            Some(Rounded::exact(if v < 0.0 { 0xf8 } else { 0x78 })),
            false,
        ),
        Some(v) => {
            let neg = v.is_sign_negative();
            let m = v.abs();
            let m = if m >= 512.0 {
                512.0
            } else if m != 0.0 && m < pow2(-11) {
                3.0 * pow2(-13)
            } else {
                m
            };
            let units = m * pow2(80);
            assert_eq!(units.fract(), 0.0);
            (Some(finish(r, neg, units as i128, neg, rm)), false)
        }
    };
    check(got, want, &ctx)
}

#[test]
fn narrowing_to_f8() {
    let r = Ref::new(80);
    for rm in MODES {
        for a in 0..=0xffffu64 {
            narrow_to_f8::<F16>(&r, a, rm).unwrap();
            narrow_to_f8::<BF16>(&r, a, rm).unwrap();
        }
        // binary32: F8 keeps 3 of binary32's 23 fraction bits, and what
        // decides the rounding is the sign, the exponent, the top 5 fraction
        // bits (3 kept, the round bit, one more) and whether the remaining 18
        // are zero, one, half or all ones: every such pattern, plus a stride.
        let tails = [0u64, 1, 0x1_ffff, 0x2_0000, 0x2_0001, 0x3_ffff];
        let errs: Vec<String> = (0..1u64 << 14)
            .into_par_iter()
            .flat_map_iter(|top| tails.iter().map(move |&t| top << 18 | t))
            .chain((0..(1u64 << 32) / 4099).into_par_iter().map(|i| i * 4099))
            .filter_map(|a| narrow_to_f8::<F32>(&r, a, rm).err())
            .collect();
        assert!(errs.is_empty(), "{:#?}", &errs[..errs.len().min(10)]);
        // binary64: every F8 boundary region, by perturbing each F8 value and
        // each midpoint by a few ulps of f64, plus a stride.
        let mut cases = Vec::new();
        for b in 0..=0x77u64 {
            let v = host_value(b, 4, 3).unwrap();
            let next = host_value(b + 1, 4, 3).unwrap_or(256.0);
            for x in [v, (v + next) / 2.0, next] {
                let xb = x.to_bits();
                for d in 0..4u64 {
                    cases.push(xb.wrapping_add(d));
                    cases.push(xb.wrapping_sub(d));
                }
            }
        }
        for a in cases {
            narrow_to_f8::<F64>(&r, a, rm).unwrap();
            narrow_to_f8::<F64>(&r, a | 1 << 63, rm).unwrap();
        }
        let mut x = 0x1234_5678_9abc_def0u64;
        for _ in 0..1_000_000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            narrow_to_f8::<F64>(&r, x, rm).unwrap();
            // Mostly in the interesting exponent range.
            let y = (x & 0x800f_ffff_ffff_ffff) | ((1010 + (x >> 52) % 24) << 52);
            narrow_to_f8::<F64>(&r, y, rm).unwrap();
        }
    }
}

/// F16 and BF16 values are exact in F32, so F16 → F32 → F16 and
/// BF16 → F32 → BF16 are the identity, without flags, in every mode (the
/// F16 ↔ BF16 pairs, which lose bits both ways, are in `apfloat_oracle`).
#[test]
fn round_trips_through_f32() {
    for rm in MODES {
        for a in 0..=0xffffu64 {
            if host_value(a, 5, 10).is_some() {
                let w = convert::<F16, F32>(a, rm);
                assert_eq!(w.flags, Flags::NONE);
                assert_eq!(convert::<F32, F16>(w.bits, rm), Rounded::exact(a), "{a:#x}");
            }
            if host_value(a, 8, 7).is_some() {
                let w = convert::<BF16, F32>(a, rm);
                assert_eq!(
                    w,
                    Rounded::exact(a << 16),
                    "bf16 widening is a shift: {a:#x}"
                );
                assert_eq!(
                    convert::<F32, BF16>(w.bits, rm),
                    Rounded::exact(a),
                    "{a:#x}"
                );
            }
        }
    }
}

/// The core's documented NaN rule (IEEE 754 §6.2.3), checked bit for bit:
/// the first NaN operand, quieted, payload and sign kept; invalid if any
/// operand is signaling; the default NaN for an invalid operation;
/// fma(0, ∞, qNaN) returns the NaN and raises invalid.
#[test]
fn nan_propagation_rule() {
    const RN: Round = Round::NearestEven;
    let q1 = 0x7e01u64; // f16 quiet NaN, payload 1
    let q2 = 0xfe02u64; // negative quiet NaN, payload 2
    let s3 = 0x7c03u64; // signaling NaN, payload 3
    let one = 0x3c00u64;
    assert_eq!(add::<F16>(q1, q2, RN), Rounded::exact(q1));
    assert_eq!(add::<F16>(q2, q1, RN), Rounded::exact(q2));
    assert_eq!(add::<F16>(one, q2, RN), Rounded::exact(q2));
    assert_eq!(
        sub::<F16>(one, q2, RN),
        Rounded::exact(q2),
        "sub does not flip a NaN's sign"
    );
    assert_eq!(
        mul::<F16>(s3, q1, RN),
        Rounded {
            bits: 0x7e03,
            flags: Flags::INVALID
        }
    );
    assert_eq!(
        mul::<F16>(q1, s3, RN),
        Rounded {
            bits: q1,
            flags: Flags::INVALID
        }
    );
    assert_eq!(
        fma::<F16>(one, one, s3, RN),
        Rounded {
            bits: 0x7e03,
            flags: Flags::INVALID
        }
    );
    assert_eq!(
        fma::<F16>(0, 0x7c00, q2, RN),
        Rounded {
            bits: q2,
            flags: Flags::INVALID
        }
    );
    assert_eq!(
        fma::<F16>(0x7c00, 0x8000, q1, RN),
        Rounded {
            bits: q1,
            flags: Flags::INVALID
        }
    );
    assert_eq!(fma::<F16>(q1, 0x7c00, 0, RN), Rounded::exact(q1));
    assert_eq!(
        add::<F16>(0x7c00, 0xfc00, RN),
        Rounded {
            bits: F16::DEFAULT_NAN,
            flags: Flags::INVALID
        }
    );
    assert_eq!(
        mul::<F8>(0, 0xf8, RN),
        Rounded {
            bits: F8::DEFAULT_NAN,
            flags: Flags::INVALID
        }
    );
    assert_eq!(
        convert::<F16, F32>(s3 | 0x8000, RN),
        Rounded {
            bits: 0xffc0_6000,
            flags: Flags::INVALID
        }
    );
    assert_eq!(convert::<F32, F16>(0x7fc0_2000, RN), Rounded::exact(0x7e01));
}
