//! The staged kernels ([`half_staged`], [`fma_f32_staged`],
//! [`mixed_staged`], [`fma_f64_staged`]) with every combination of stages,
//! on every available path, and their one-at-a-time forms ([`HalfOne`],
//! [`F32One`], [`F64One`]), against a reference written here from the
//! stages' documentation on top of the exact core. Lengths that are not a
//! multiple of any vector width, and slices that start off alignment,
//! exercise the kernels' first and last partial steps.

mod common;

use common::*;
use ptxfp_fast::{
    fma_f32_staged, fma_f64_staged, half_staged, mixed_staged, BinOp, Clamp, F32One, F32Stages,
    F64Nans, F64One, Half, HalfOne, HalfStages, Path, Round,
};
use ptxfp_float::{self as core, BF16, F16, F32, F64};

const RN: Round = Round::NearestEven;
const MODES: [Round; 4] = [
    Round::NearestEven,
    Round::TowardZero,
    Round::TowardNegative,
    Round::TowardPositive,
];

/// What a lane must hold: these bits, or any NaN (stages that leave NaNs
/// alone promise no payload).
#[derive(Clone, Copy, Debug)]
enum Want {
    Bits(u64),
    AnyNan,
}

fn agree(got: u64, want: Want, nan: impl Fn(u64) -> bool) -> bool {
    match want {
        Want::Bits(w) => got == w,
        Want::AnyNan => nan(got),
    }
}

/// The half format's exponent field, sign bit and 1.0.
fn half_consts(fmt: Half) -> (u64, u64) {
    match fmt {
        Half::F16 => (0x7c00, 0x3c00),
        Half::Bf16 => (0x7f80, 0x3f80),
    }
}

/// The stages after a rounded result `r` of a `w`-bit format with
/// exponent field `exp` and 1.0 = `one`, as documented at
/// `HalfStages` / `F32Stages`: flush a subnormal result (or, with
/// `tiny_after_rounding`, one tiny after rounding as IEEE 754 defines it:
/// `tiny`), clamp, NaN.
#[allow(clippy::too_many_arguments)]
fn post(
    w: u32,
    exp: u64,
    one: u64,
    ftz: bool,
    tiny: bool,
    clamp: Clamp,
    nan: Option<u64>,
    r: u64,
) -> Want {
    let sign = 1u64 << (w - 1);
    let mag = r & (sign - 1);
    let is_nan = mag > exp;
    let r = if ftz && (r & exp == 0 || tiny) {
        r & sign
    } else {
        r
    };
    match clamp {
        Clamp::Sat if is_nan || r & sign != 0 => return Want::Bits(0),
        Clamp::Sat if r > one => return Want::Bits(one),
        Clamp::Relu if !is_nan && r & sign != 0 => return Want::Bits(0),
        _ => {}
    }
    match (is_nan, nan) {
        (true, Some(p)) => Want::Bits(p),
        (true, None) => Want::AnyNan,
        _ => Want::Bits(r),
    }
}

/// IEEE 754 tininess after rounding ("a non-zero result computed as though
/// the exponent range were unbounded would lie strictly between ±b^emin")
/// of `op` (`None`: fma) on the `F` values `x`, `y`, `z` rounded in `rm`,
/// found by scaling: the operation on operands scaled so that its exact
/// value doubles (the smaller factor of a product, which cannot overflow
/// where the product is near the smallest normal, and the addends), which
/// makes a value in [2^emin / 2, 2^emin) normal, where rounding is rounding
/// with an unbounded exponent; compared with twice the smallest normal.
fn scaled_tiny<F: core::Format>(op: Option<BinOp>, x: u64, y: u64, z: u64, rm: Round) -> bool {
    let two = (F::BIAS as u64 + 1) << F::FRAC_BITS;
    let s = |v: u64| core::mul::<F>(v, two, rm).bits;
    let mag = |v: u64| v & (F::SIGN - 1);
    let (p, q) = if mag(x) <= mag(y) {
        (s(x), y)
    } else {
        (x, s(y))
    };
    // A sum below 2^emin is exact (a multiple of the smallest subnormal):
    // unscaled, tiny exactly when subnormal or zero.
    let r = match op {
        Some(BinOp::Add) => return mag(core::add::<F>(x, y, rm).bits) < 1 << F::FRAC_BITS,
        Some(BinOp::Sub) => return mag(core::sub::<F>(x, y, rm).bits) < 1 << F::FRAC_BITS,
        Some(BinOp::Mul) => core::mul::<F>(p, q, rm),
        None => core::fma::<F>(p, q, s(z), rm),
    }
    .bits;
    mag(r) < 2 << F::FRAC_BITS
}

/// [`scaled_tiny`] on a half format, rounded to nearest even.
fn half_tiny(fmt: Half, op: Option<BinOp>, x: u64, y: u64, z: u64) -> bool {
    match fmt {
        Half::F16 => scaled_tiny::<F16>(op, x, y, z, RN),
        Half::Bf16 => scaled_tiny::<BF16>(op, x, y, z, RN),
    }
}

fn flush(w: u32, exp: u64, ftz: bool, x: u64) -> u64 {
    if ftz && x & exp == 0 {
        x & (1 << (w - 1))
    } else {
        x
    }
}

fn half_core(fmt: Half, op: Option<BinOp>, a: u64, b: u64, c: u64) -> u64 {
    let rm = RN;
    match (fmt, op) {
        (Half::F16, Some(BinOp::Add)) => core::add::<F16>(a, b, rm).bits,
        (Half::F16, Some(BinOp::Sub)) => core::sub::<F16>(a, b, rm).bits,
        (Half::F16, Some(BinOp::Mul)) => core::mul::<F16>(a, b, rm).bits,
        (Half::F16, None) => core::fma::<F16>(a, b, c, rm).bits,
        (Half::Bf16, Some(BinOp::Add)) => core::add::<BF16>(a, b, rm).bits,
        (Half::Bf16, Some(BinOp::Sub)) => core::sub::<BF16>(a, b, rm).bits,
        (Half::Bf16, Some(BinOp::Mul)) => core::mul::<BF16>(a, b, rm).bits,
        (Half::Bf16, None) => core::fma::<BF16>(a, b, c, rm).bits,
    }
}

fn half_stage_sets(fmt: Half) -> Vec<HalfStages> {
    let canonical = match fmt {
        Half::F16 => 0x7fff,
        Half::Bf16 => 0x7fff,
    };
    let mut v = vec![];
    for (ftz, tiny_after_rounding) in [(false, false), (true, false), (true, true)] {
        for clamp in [Clamp::None, Clamp::Sat, Clamp::Relu] {
            for nan in [None, Some(canonical), Some(0xffc1)] {
                for oob in [None, Some((0xffff, 0x7fff)), Some((0x7f00, 0x7f00))] {
                    v.push(HalfStages {
                        ftz,
                        tiny_after_rounding,
                        clamp,
                        nan,
                        oob,
                    });
                }
            }
        }
    }
    v
}

#[test]
fn half_staged_every_stage_set() {
    let n = 3 * 1024 + 37;
    for fmt in [Half::F16, Half::Bf16] {
        let (exp, one) = half_consts(fmt);
        let v = edge16(fmt);
        let mut rng = Rng(0x5eed ^ exp);
        let mut pick = || v[rng.below(v.len() as u64) as usize];
        // Three extra leading elements: the kernels see slices that start
        // off their alignment.
        let a: Vec<u16> = (0..n + 3).map(|_| pick()).collect();
        let b: Vec<u16> = (0..n + 3).map(|_| pick()).collect();
        let c: Vec<u16> = (0..n + 3).map(|_| pick()).collect();
        let (a, b, c) = (&a[3..], &b[3..], &c[3..]);
        for op in [Some(BinOp::Add), Some(BinOp::Sub), Some(BinOp::Mul), None] {
            for st in half_stage_sets(fmt) {
                let want: Vec<Want> = (0..n)
                    .map(|i| {
                        let (x, y, z) = (a[i] as u64, b[i] as u64, c[i] as u64);
                        let oob = st.oob.is_some_and(|(m, val)| {
                            x & m as u64 == val as u64 || y & m as u64 == val as u64
                        });
                        if oob {
                            return Want::Bits(0);
                        }
                        let f = |x| flush(16, exp, st.ftz, x);
                        let r = half_core(fmt, op, f(x), f(y), f(z));
                        let t = st.tiny_after_rounding && half_tiny(fmt, op, f(x), f(y), f(z));
                        post(16, exp, one, st.ftz, t, st.clamp, st.nan.map(u64::from), r)
                    })
                    .collect();
                for path in Path::all_available() {
                    let one = HalfOne::on(path, fmt, op, &st);
                    let kernel = one.kernel();
                    for i in 0..n {
                        let got = one.eval(a[i], b[i], c[i]);
                        let k = kernel(&one, a[i], b[i], c[i]);
                        // Without a NaN stage the payload is the compiler's
                        // (HalfStages::nan: "left as it is").
                        let nan = |x: u16| x & 0x7fff > exp as u16;
                        assert!(
                            k == got || (st.nan.is_none() && nan(k) && nan(got)),
                            "{fmt:?} {op:?} {st:?} kernel {path:?} [{:#x}, {:#x}, {:#x}]: {k:#x} {got:#x}",
                            a[i], b[i], c[i]
                        );
                        assert!(
                            agree(got as u64, want[i], |g| g & 0x7fff > exp),
                            "{fmt:?} {op:?} {st:?} one {path:?} [{:#x}, {:#x}, {:#x}]: got {got:#x}, want {:x?}",
                            a[i],
                            b[i],
                            c[i],
                            want[i]
                        );
                    }
                }
                for path in Path::all_available() {
                    let mut out = vec![0u16; n + 1];
                    let o = &mut out[1..];
                    let cc = if op.is_none() { Some(c) } else { None };
                    half_staged(path, fmt, op, &st, a, b, cc, o);
                    for i in 0..n {
                        assert!(
                            agree(o[i] as u64, want[i], |g| g & 0x7fff > exp),
                            "{fmt:?} {op:?} {st:?} {path:?} [{:#x}, {:#x}, {:#x}]: got {:#x}, want {:x?}",
                            a[i],
                            b[i],
                            c[i],
                            o[i],
                            want[i]
                        );
                    }
                }
            }
        }
    }
}

fn f32_stage_sets() -> Vec<F32Stages> {
    let mut v = vec![];
    for (ftz, tiny_after_rounding) in [(false, false), (true, false), (true, true)] {
        for sat in [false, true] {
            for nan in [None, Some(0x7fff_ffff)] {
                v.push(F32Stages {
                    ftz,
                    tiny_after_rounding,
                    sat,
                    nan,
                });
            }
        }
    }
    v
}

const F32_EXP: u64 = 0x7f80_0000;
const F32_ONE: u64 = 0x3f80_0000;

#[test]
fn fma_f32_staged_every_stage_set() {
    let n = 4096 + 13;
    let mut rng = Rng(0xf32);
    let (a, b, c) = fma_triples_f32(&mut rng, n + 1);
    let (a, b, c) = (&a[1..], &b[1..], &c[1..]);
    for rm in MODES {
        for st in f32_stage_sets() {
            let want: Vec<Want> = (0..n)
                .map(|i| {
                    let f = |x: u32| flush(32, F32_EXP, st.ftz, x as u64);
                    let r = core::fma::<F32>(f(a[i]), f(b[i]), f(c[i]), rm).bits;
                    let clamp = if st.sat { Clamp::Sat } else { Clamp::None };
                    post(
                        32,
                        F32_EXP,
                        F32_ONE,
                        st.ftz,
                        st.tiny_after_rounding
                            && scaled_tiny::<F32>(None, f(a[i]), f(b[i]), f(c[i]), rm),
                        clamp,
                        st.nan.map(u64::from),
                        r,
                    )
                })
                .collect();
            let one = F32One::fma(rm, &st);
            let kernel = one.kernel();
            for i in 0..n {
                let got = one.eval(a[i], b[i], c[i]);
                let k = kernel(&one, a[i], b[i], c[i]);
                // Without a NaN stage the payload is the compiler's
                // (F32Stages::nan: "left as it is"): the FMA instruction's
                // form, chosen per call site, decides which NaN operand
                // propagates (0x7fc00002 or 0x7fffffff for a and c both NaN).
                let nan = |x: u32| u64::from(x & 0x7fff_ffff) > F32_EXP;
                assert!(
                    k == got || (st.nan.is_none() && nan(k) && nan(got)),
                    "{rm:?} {st:?} kernel [{:#x}, {:#x}, {:#x}]: {k:#x} {got:#x}",
                    a[i],
                    b[i],
                    c[i]
                );
                assert!(
                    agree(got as u64, want[i], |g| g & 0x7fff_ffff > F32_EXP),
                    "{rm:?} {st:?} one [{:#x}, {:#x}, {:#x}]: got {got:#x}, want {:x?}",
                    a[i],
                    b[i],
                    c[i],
                    want[i]
                );
            }
            for path in Path::all_available() {
                let mut out = vec![0u32; n];
                fma_f32_staged(path, rm, &st, a, b, c, &mut out);
                for i in 0..n {
                    assert!(
                        agree(out[i] as u64, want[i], |g| g & 0x7fff_ffff > F32_EXP),
                        "{rm:?} {st:?} {path:?} [{:#x}, {:#x}, {:#x}]: got {:#x}, want {:x?}",
                        a[i],
                        b[i],
                        c[i],
                        out[i],
                        want[i]
                    );
                }
            }
        }
    }
}

#[test]
fn mixed_staged_every_stage_set() {
    let n = 2048 + 21;
    for fmt in [Half::F16, Half::Bf16] {
        let v = edge16(fmt);
        let mut rng = Rng(0x313 ^ v.len() as u64);
        let a: Vec<u16> = (0..n).map(|_| v[rng.below(4096) as usize]).collect();
        let b: Vec<u16> = (0..n).map(|_| v[rng.below(4096) as usize]).collect();
        let c: Vec<u32> = (0..n)
            .map(|i| match i % 3 {
                // Near -a, so that sums cancel.
                0 => {
                    let w = match fmt {
                        Half::F16 => core::convert::<F16, F32>(a[i] as u64, RN).bits,
                        Half::Bf16 => (a[i] as u64) << 16,
                    };
                    (w as u32 ^ 0x8000_0000) ^ rng.below(4) as u32
                }
                _ => edge_bits(&mut rng, 8, 23, None) as u32,
            })
            .collect();
        for op in [Some(BinOp::Add), Some(BinOp::Sub), None] {
            for rm in MODES {
                for st in f32_stage_sets() {
                    let want: Vec<Want> = (0..n)
                        .map(|i| {
                            let w = |h: u16| match fmt {
                                Half::F16 => core::convert::<F16, F32>(h as u64, RN).bits,
                                Half::Bf16 => core::convert::<BF16, F32>(h as u64, RN).bits,
                            };
                            let z = flush(32, F32_EXP, st.ftz, c[i] as u64);
                            let r = match op {
                                Some(BinOp::Add) => core::add::<F32>(w(a[i]), z, rm).bits,
                                Some(_) => core::sub::<F32>(w(a[i]), z, rm).bits,
                                None => core::fma::<F32>(w(a[i]), w(b[i]), z, rm).bits,
                            };
                            let t = match op {
                                Some(op) => scaled_tiny::<F32>(Some(op), w(a[i]), z, 0, rm),
                                None => scaled_tiny::<F32>(None, w(a[i]), w(b[i]), z, rm),
                            };
                            let clamp = if st.sat { Clamp::Sat } else { Clamp::None };
                            post(
                                32,
                                F32_EXP,
                                F32_ONE,
                                st.ftz,
                                st.tiny_after_rounding && t,
                                clamp,
                                st.nan.map(u64::from),
                                r,
                            )
                        })
                        .collect();
                    let one = F32One::mixed(fmt, op, rm, &st);
                    for i in 0..n {
                        // b is not read by add and sub: pass garbage.
                        let bi = if op.is_none() {
                            b[i] as u32
                        } else {
                            0xdead_beef
                        };
                        let got = one.eval(a[i] as u32, bi, c[i]);
                        assert!(
                            agree(got as u64, want[i], |g| g & 0x7fff_ffff > F32_EXP),
                            "{fmt:?} {op:?} {rm:?} {st:?} one [{:#x}, {:#x}, {:#x}]: got {got:#x}, want {:x?}",
                            a[i],
                            b[i],
                            c[i],
                            want[i]
                        );
                    }
                    for path in Path::all_available() {
                        let mut out = vec![0u32; n];
                        let bb = if op.is_none() { Some(&b[..]) } else { None };
                        mixed_staged(path, fmt, op, rm, &st, &a, bb, &c, &mut out);
                        for i in 0..n {
                            assert!(
                                agree(out[i] as u64, want[i], |g| g & 0x7fff_ffff > F32_EXP),
                                "{fmt:?} {op:?} {rm:?} {st:?} {path:?} [{:#x}, {:#x}, {:#x}]: got {:#x}, want {:x?}",
                                a[i],
                                b[i],
                                c[i],
                                out[i],
                                want[i]
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn fma_f64_staged_nan_priorities() {
    let n = 4096 + 5;
    let mut rng = Rng(0xf64);
    let (mut a, mut b, mut c) = fma_triples_f64(&mut rng, n);
    // NaNs with distinct payloads, signalling and quiet, in every operand.
    for i in 0..n {
        let nan = |r: &mut Rng| 0x7ff0_0000_0000_0000 | (r.next() >> 13) | 1 | (r.next() & 1) << 63;
        match rng.below(8) {
            0 => a[i] = nan(&mut rng),
            1 => b[i] = nan(&mut rng),
            2 => c[i] = nan(&mut rng),
            3 => (a[i], c[i]) = (nan(&mut rng), nan(&mut rng)),
            _ => {}
        }
    }
    let is_nan = |x: u64| x & 0x7fff_ffff_ffff_ffff > 0x7ff0_0000_0000_0000;
    let sets = [
        None,
        Some(F64Nans {
            priority: [0, 1, 2],
            invalid: 0x7fff_ffff_ffff_ffff,
        }),
        Some(F64Nans {
            priority: [2, 0, 1],
            invalid: 0xfff8_0000_0000_0000,
        }),
    ];
    for rm in MODES {
        for nans in &sets {
            let want: Vec<Want> = (0..n)
                .map(|i| {
                    let r = core::fma::<F64>(a[i], b[i], c[i], rm).bits;
                    match (is_nan(r), nans) {
                        (false, _) => Want::Bits(r),
                        (true, None) => Want::AnyNan,
                        (true, Some(f)) => {
                            let ops = [a[i], b[i], c[i]];
                            Want::Bits(
                                f.priority
                                    .iter()
                                    .map(|&j| ops[j as usize])
                                    .find(|&x| is_nan(x))
                                    .map_or(f.invalid, |x| x | 1 << 51),
                            )
                        }
                    }
                })
                .collect();
            for path in Path::all_available() {
                let one = F64One::on(path, rm, *nans);
                for i in 0..n {
                    let got = one.eval(a[i], b[i], c[i]);
                    assert!(
                        agree(got, want[i], is_nan),
                        "{rm:?} {nans:?} one {path:?} [{:#x}, {:#x}, {:#x}]: got {got:#x}, want {:x?}",
                        a[i],
                        b[i],
                        c[i],
                        want[i]
                    );
                }
            }
            for path in Path::all_available() {
                let mut out = vec![0u64; n];
                fma_f64_staged(path, rm, nans.as_ref(), &a, &b, &c, &mut out);
                for i in 0..n {
                    assert!(
                        agree(out[i], want[i], is_nan),
                        "{rm:?} {nans:?} {path:?} [{:#x}, {:#x}, {:#x}]: got {:#x}, want {:x?}",
                        a[i],
                        b[i],
                        c[i],
                        out[i],
                        want[i]
                    );
                }
            }
        }
    }
}

/// The one-register kernels of the plain f16 forms under NVIDIA's NaN rule
/// (`fma.rn.f16`, `add.rn.f16`, ...: on the FP16 path the CPU's scalar
/// instructions, elsewhere F16C) on every 16-bit `a` against edge `b`/`c`,
/// on every path this CPU has, equal to the exact core with the canonical
/// NaN: the per-call path of `ptxfp_op_eval` and the engine.
#[test]
fn plain_f16_kernels_on_every_a() {
    let st = HalfStages {
        ftz: false,
        tiny_after_rounding: false,
        clamp: Clamp::None,
        nan: Some(0x7fff),
        oob: None,
    };
    let edges = edge16(Half::F16);
    let mut rng = Rng(0xf16);
    let bc: Vec<(u16, u16)> = (0..24)
        .map(|_| {
            let mut p = || edges[rng.below(edges.len() as u64) as usize];
            (p(), p())
        })
        .collect();
    for op in [Some(BinOp::Add), Some(BinOp::Sub), Some(BinOp::Mul), None] {
        for path in Path::all_available() {
            let one = HalfOne::on(path, Half::F16, op, &st);
            let kernel = one.kernel();
            for a in 0..=u16::MAX {
                for &(b, c) in &bc {
                    let r = half_core(Half::F16, op, a as u64, b as u64, c as u64) as u16;
                    let want = if r & 0x7fff > 0x7c00 { 0x7fff } else { r };
                    assert_eq!(
                        kernel(&one, a, b, c),
                        want,
                        "{op:?} {path:?} [{a:#x}, {b:#x}, {c:#x}]"
                    );
                }
            }
        }
    }
}

/// `.ftz` with IEEE tininess after rounding where it matters: products
/// whose exact value lies just below the smallest normal and rounds up to
/// it in the format (an H200 flushed `mul.rn.ftz.f16 0x3bff 0x0400` and
/// `mad.rn.ftz.f32 0x3f7fffff 0x00800000 0`, and kept `mul.rn.ftz.f16
/// 0x3bfe 0x0401 -> 0x0400`), densely: every 16-bit
/// `a` against `b` near the smallest normal, and binary32 `a` just below
/// 1 against `b` just above the smallest normal in every rounding, on
/// every path and one at a time, against the reference.
#[test]
fn ieee_tininess_at_the_smallest_normal() {
    for fmt in [Half::F16, Half::Bf16] {
        let (exp, one) = half_consts(fmt);
        let min = (exp & exp.wrapping_neg()) as u16;
        let bs = [min, min + 1, min + 3, 2 * min - 1, 2 * min, 4 * min + 5];
        let n = 65536 * bs.len();
        let a: Vec<u16> = (0..n).map(|i| (i / bs.len()) as u16).collect();
        let b: Vec<u16> = (0..n)
            .map(|i| bs[i % bs.len()] ^ (i as u16 & 0x8000))
            .collect();
        let c: Vec<u16> = (0..n).map(|i| [0, 0x8000, 1, 0x8001][i % 4]).collect();
        for op in [Some(BinOp::Mul), None] {
            for clamp in [Clamp::None, Clamp::Sat, Clamp::Relu] {
                let st = HalfStages {
                    ftz: true,
                    tiny_after_rounding: true,
                    clamp,
                    nan: Some(0x7fff),
                    oob: None,
                };
                let mut flushed = 0;
                let want: Vec<Want> = (0..n)
                    .map(|i| {
                        let f = |x: u16| flush(16, exp, true, x as u64);
                        let (x, y, z) = (f(a[i]), f(b[i]), f(c[i]));
                        let r = half_core(fmt, op, x, y, z);
                        let t = half_tiny(fmt, op, x, y, z);
                        flushed += usize::from(t && r & 0x7fff == min as u64);
                        post(16, exp, one, true, t, clamp, Some(0x7fff), r)
                    })
                    .collect();
                assert!(
                    flushed >= 4,
                    "{fmt:?} {op:?}: only {flushed} cases differ by timing"
                );
                for path in Path::all_available() {
                    let mut o = vec![0u16; n];
                    let cc = if op.is_none() { Some(&c[..]) } else { None };
                    half_staged(path, fmt, op, &st, &a, &b, cc, &mut o);
                    let h = HalfOne::on(path, fmt, op, &st);
                    for i in 0..n {
                        let w = |g: u16| agree(g as u64, want[i], |g| g & 0x7fff > exp);
                        let args = (a[i], b[i], c[i]);
                        assert!(
                            w(o[i]),
                            "{fmt:?} {op:?} {clamp:?} {path:?} {args:x?}: {:#x}",
                            o[i]
                        );
                        let g = h.eval(a[i], b[i], c[i]);
                        assert!(
                            w(g),
                            "{fmt:?} {op:?} {clamp:?} one {path:?} {args:x?}: {g:#x}"
                        );
                    }
                }
            }
        }
    }
    let n = 1 << 16;
    // a = (1 - (k+1)·2^-24)·(-1)^(k+j), b = (1 + j·2^-23)·2^-126: the
    // product is 2^-126 (1 - δ) with δ = (k + 1 - 2j)·2^-24 + j(k+1)·2^-47;
    // k near 2j - 1 and j near 2^11 put δ around 2^-25..2^-24, where the
    // rules part.
    let j = |i: usize| 1024 + (i >> 5) as u32;
    let k = |i: usize| (2 * j(i) - 1 + (i & 31) as u32).saturating_sub(16);
    let a: Vec<u32> = (0..n)
        .map(|i| (0x3f7f_ffff - k(i)) | ((k(i) + j(i)) & 1) << 31)
        .collect();
    let b: Vec<u32> = (0..n).map(|i| 0x0080_0000 + j(i)).collect();
    let c: Vec<u32> = (0..n)
        .map(|i| [0, 0x8000_0000, 1, 0x8000_0001][i % 4])
        .collect();
    for rm in MODES {
        for sat in [false, true] {
            let st = F32Stages {
                ftz: true,
                tiny_after_rounding: true,
                sat,
                nan: Some(0x7fff_ffff),
            };
            let mut flushed = 0;
            let want: Vec<Want> = (0..n)
                .map(|i| {
                    let f = |x: u32| flush(32, F32_EXP, true, x as u64);
                    let (x, y, z) = (f(a[i]), f(b[i]), f(c[i]));
                    let r = core::fma::<F32>(x, y, z, rm).bits;
                    let t = scaled_tiny::<F32>(None, x, y, z, rm);
                    flushed += usize::from(t && r & 0x7fff_ffff == 0x0080_0000);
                    let clamp = if sat { Clamp::Sat } else { Clamp::None };
                    post(32, F32_EXP, F32_ONE, true, t, clamp, Some(0x7fff_ffff), r)
                })
                .collect();
            if rm != Round::TowardZero {
                assert!(
                    flushed >= 4,
                    "{rm:?}: only {flushed} cases differ by timing"
                );
            }
            let h = F32One::fma(rm, &st);
            for path in Path::all_available() {
                let mut o = vec![0u32; n];
                fma_f32_staged(path, rm, &st, &a, &b, &c, &mut o);
                for i in 0..n {
                    let w = |g: u32| agree(g as u64, want[i], |g| g & 0x7fff_ffff > F32_EXP);
                    let args = (a[i], b[i], c[i]);
                    assert!(w(o[i]), "{rm:?} sat {sat} {path:?} {args:x?}: {:#x}", o[i]);
                    let g = h.eval(a[i], b[i], c[i]);
                    assert!(w(g), "{rm:?} sat {sat} one {args:x?}: {g:#x}");
                }
            }
        }
    }
}
