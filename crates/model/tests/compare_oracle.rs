//! `setp`, `set`, `selp`, `slct` and `testp` against oracles written
//! differently: rustc_apfloat's `partial_cmp` (IEEE ordering, `None` when
//! unordered) and `category` for the floating-point types, Rust's own
//! integer comparisons for the integer and bit-size types. Every comparison
//! on every type; every f16 and bf16 `a` against edge `b`s (with and
//! without `.ftz`), every 16-bit integer `a` against edge `b`s, random
//! f32/f64/32/64-bit pairs.

use core::cmp::Ordering;
use ptxfp_isa::op::Op;
use ptxfp_isa::setp::{Select, Setp, Testp};
use ptxfp_model::{compute, Exec};
use rustc_apfloat::ieee::{BFloat, Double, Half, Single};
use rustc_apfloat::{Category, Float};

const FLOAT_CMPS: [&str; 14] = [
    "eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan",
];
const INT_CMPS: [&str; 10] = ["eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs"];

/// The spec's table of float comparisons on an ordering (`None`: a NaN).
fn float_truth(cmp: &str, o: Option<Ordering>) -> bool {
    use Ordering::*;
    let u = o.is_none();
    match cmp {
        "eq" => o == Some(Equal),
        "ne" => matches!(o, Some(Less | Greater)),
        "lt" => o == Some(Less),
        "le" => matches!(o, Some(Less | Equal)),
        "gt" => o == Some(Greater),
        "ge" => matches!(o, Some(Greater | Equal)),
        "equ" => u || o == Some(Equal),
        "neu" => u || matches!(o, Some(Less | Greater)),
        "ltu" => u || o == Some(Less),
        "leu" => u || matches!(o, Some(Less | Equal)),
        "gtu" => u || o == Some(Greater),
        "geu" => u || matches!(o, Some(Greater | Equal)),
        "num" => !u,
        _ => u,
    }
}

fn setp(text: &str, srcs: &[u64]) -> [u64; 2] {
    let op = Op::Setp(Setp::parse(text).unwrap());
    compute(&op, srcs, false, &Exec::default()).unwrap().dst
}

/// The value a `.ftz` comparison sees: a subnormal is its signed zero.
fn flushed<T: Float>(x: T, ftz: bool) -> T {
    if ftz && x.is_denormal() {
        T::ZERO.copy_sign(x)
    } else {
        x
    }
}

fn edges16(bf: bool) -> Vec<u64> {
    let mut v = vec![0, 0x8000, 1, 0x8001, 0x3c00, 0xbc00, 0x7bff, 0xfbff];
    if bf {
        v.extend([
            0x7f80, 0xff80, 0x7fc0, 0xffc1, 0x7f81, 0x0080, 0x007f, 0x3f80, 0x3f81,
        ]);
    } else {
        v.extend([
            0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x7c01, 0x0400, 0x03ff, 0x3c01, 0x4000,
        ]);
    }
    v
}

fn half_family<T: Float>(ty: &str, bf: bool) {
    for cmp in FLOAT_CMPS {
        for ftz in [false, true] {
            if ftz && bf {
                continue;
            }
            let text = format!("setp.{cmp}{}.{ty}", if ftz { ".ftz" } else { "" });
            for a in 0..=0xffffu64 {
                for &b in &edges16(bf) {
                    let (x, y) = (
                        flushed(T::from_bits(a.into()), ftz),
                        flushed(T::from_bits(b.into()), ftz),
                    );
                    let want = float_truth(cmp, x.partial_cmp(&y));
                    let [p, q] = setp(&text, &[a, b]);
                    assert_eq!(
                        (p, q),
                        (u64::from(want), u64::from(!want)),
                        "{text} {a:#x} {b:#x}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_f16_and_bf16() {
    half_family::<Half>("f16", false);
    half_family::<BFloat>("bf16", true);
}

#[test]
fn packed_lanes_and_bool_ops() {
    // f16x2: p is the lower lane's comparison, q the upper's, each combined
    // with c (9.7.9.2).
    let (a, b) = (0x7e00_3c00u64, 0x4000_4000u64); // lanes (1, NaN) vs (2, 2)
    assert_eq!(setp("setp.lt.f16x2", &[a, b]), [1, 0]);
    assert_eq!(setp("setp.ltu.f16x2", &[a, b]), [1, 1]);
    assert_eq!(setp("setp.lt.and.f16x2", &[a, b, 0]), [0, 0]);
    assert_eq!(
        setp("setp.lt.or.bf16x2", &[0x7fc0_3f80, 0x4000_4000, 1]),
        [1, 1]
    );
    // p = t BoolOp c, q = !t BoolOp c.
    for (bop, c, t, p, q) in [
        ("and", 1, true, 1, 0),
        ("and", 0, true, 0, 0),
        ("or", 0, false, 0, 1),
        ("xor", 1, true, 0, 1),
        ("xor", 1, false, 1, 0),
    ] {
        let (x, y) = if t { (1u64, 2u64) } else { (2, 1) };
        assert_eq!(
            setp(&format!("setp.lt.{bop}.s32"), &[x, y, c]),
            [p, q],
            "{bop} {c} {t}"
        );
    }
}

fn rng(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[test]
fn random_f32_and_f64() {
    let mut s = 7u64;
    for _ in 0..20_000 {
        let pick32 = |s: &mut u64| {
            let r = rng(s);
            [
                r & 0xffff_ffff,
                r & 0x807f_ffff,
                0x7f80_0000 | (r & 0x8000_0001),
                r & 0x8000_0000,
            ][(r >> 60) as usize % 4]
        };
        let (a, b) = (pick32(&mut s), pick32(&mut s));
        for cmp in FLOAT_CMPS {
            for ftz in [false, true] {
                let text = format!("setp.{cmp}{}.f32", if ftz { ".ftz" } else { "" });
                let (x, y) = (
                    flushed(Single::from_bits(a.into()), ftz),
                    flushed(Single::from_bits(b.into()), ftz),
                );
                let want = float_truth(cmp, x.partial_cmp(&y));
                assert_eq!(
                    setp(&text, &[a, b])[0],
                    u64::from(want),
                    "{text} {a:#x} {b:#x}"
                );
            }
            let (a, b) = (rng(&mut s) >> (rng(&mut s) % 3), rng(&mut s));
            let want = float_truth(
                cmp,
                Double::from_bits(a.into()).partial_cmp(&Double::from_bits(b.into())),
            );
            assert_eq!(
                setp(&format!("setp.{cmp}.f64"), &[a, b])[0],
                u64::from(want),
                "f64 {a:#x} {b:#x}"
            );
        }
    }
}

/// Rust's comparison of `a` and `b` read as `bits`-bit values, signed or not.
fn int_truth(cmp: &str, signed: bool, bits: u32, a: u64, b: u64) -> bool {
    let m = if bits == 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    };
    let (ua, ub) = (a & m, b & m);
    let s = |v: u64| ((v << (64 - bits)) as i64) >> (64 - bits);
    let o_signed = s(ua).cmp(&s(ub));
    let o_unsigned = ua.cmp(&ub);
    let o = match cmp {
        "lt" | "le" | "gt" | "ge" if signed => o_signed,
        _ => o_unsigned,
    };
    match cmp {
        "eq" => ua == ub,
        "ne" => ua != ub,
        "lt" | "lo" => o == Ordering::Less,
        "le" | "ls" => o != Ordering::Greater,
        "gt" | "hi" => o == Ordering::Greater,
        _ => o != Ordering::Less,
    }
}

/// 9.3.1.1: signed types take "eq, ne, lt, le, gt, ge", unsigned ones "eq,
/// ne, lo, ls, hi, hs" (and, as ptxas and the H200's JIT accept,
/// lt/le/gt/ge), bit-size types "eq and ne; ordering comparisons are not
/// defined for bit-size types".
fn legal(cmp: &str, ty: &str) -> bool {
    match &ty[..1] {
        "b" => matches!(cmp, "eq" | "ne"),
        "s" => !matches!(cmp, "lo" | "ls" | "hi" | "hs"),
        _ => true,
    }
}

#[test]
fn integer_comparisons() {
    let edges = [0u64, 1, 2, 0x7fff, 0x8000, 0x8001, 0xffff, 0xfffe];
    for ty in [
        "s16", "u16", "b16", "s32", "u32", "b32", "s64", "u64", "b64",
    ] {
        for cmp in INT_CMPS {
            let text = format!("setp.{cmp}.{ty}");
            assert_eq!(Setp::parse(&text).is_ok(), legal(cmp, ty), "{text}");
        }
    }
    for ty in ["s16", "u16", "b16"] {
        for cmp in INT_CMPS.into_iter().filter(|c| legal(c, ty)) {
            let text = format!("setp.{cmp}.{ty}");
            for a in 0..=0xffffu64 {
                for &b in &edges {
                    let want = int_truth(cmp, ty == "s16", 16, a, b);
                    assert_eq!(
                        setp(&text, &[a, b])[0],
                        u64::from(want),
                        "{text} {a:#x} {b:#x}"
                    );
                }
            }
        }
    }
    let mut s = 3u64;
    for _ in 0..50_000 {
        let (a, b) = (
            rng(&mut s),
            if rng(&mut s) & 1 == 0 { rng(&mut s) } else { 0 },
        );
        for (ty, bits) in [
            ("s32", 32),
            ("u32", 32),
            ("b32", 32),
            ("s64", 64),
            ("u64", 64),
            ("b64", 64),
        ] {
            for cmp in INT_CMPS.into_iter().filter(|c| legal(c, ty)) {
                let want = int_truth(cmp, ty.starts_with('s'), bits, a, b);
                assert_eq!(
                    setp(&format!("setp.{cmp}.{ty}"), &[a, b])[0],
                    u64::from(want),
                    "{cmp}.{ty} {a:#x} {b:#x}"
                );
            }
        }
    }
}

#[test]
fn set_values() {
    let set = |t: &str, s: &[u64]| {
        let op = Op::Setp(Setp::parse(t).unwrap());
        compute(&op, s, false, &Exec::default()).unwrap().dst[0]
    };
    // 9.7.8.1: 0xffffffff (integer) or 1.0f (float) for true, 0 for false.
    assert_eq!(set("set.lt.u32.s32", &[0xffff_ffff, 0]), 0xffff_ffff);
    assert_eq!(set("set.lt.f32.s32", &[0xffff_ffff, 0]), 0x3f80_0000);
    assert_eq!(set("set.gt.s32.f64", &[0, 0]), 0);
    assert_eq!(set("set.nan.u32.f32", &[0x7fc0_0000, 0]), 0xffff_ffff);
    assert_eq!(set("set.lt.and.u32.u16", &[1, 2, 0]), 0);
    // Half sources: 16-bit lanes.
    assert_eq!(
        set("set.lt.f16x2.f16x2", &[0x3c00_4000, 0x4000_3c00]),
        0x3c00_0000
    );
    assert_eq!(
        set("set.lt.u32.f16x2", &[0x3c00_4000, 0x4000_3c00]),
        0xffff_0000
    );
    assert_eq!(set("set.le.u16.f16", &[0x3c00, 0x3c00]), 0xffff);
    assert_eq!(set("set.le.bf16.bf16", &[0x3f80, 0x3f80]), 0x3f80);
}

#[test]
fn selection_and_class_tests() {
    let run = |op: Op, s: &[u64]| compute(&op, s, false, &Exec::default()).unwrap().dst[0];
    let selp = |t: &str| Op::Select(Select::parse(t).unwrap());
    assert_eq!(run(selp("selp.b64"), &[5, 6, 1]), 5);
    assert_eq!(run(selp("selp.f32"), &[5, 6, 0]), 6);
    // slct: "d = (c >= 0) ? a : b"; -0.0 >= 0; NaN is not.
    assert_eq!(run(selp("slct.u32.s32"), &[5, 6, 0]), 5);
    assert_eq!(run(selp("slct.u32.s32"), &[5, 6, 0x8000_0000]), 6);
    assert_eq!(run(selp("slct.u32.f32"), &[5, 6, 0x8000_0000]), 5);
    assert_eq!(run(selp("slct.u32.f32"), &[5, 6, 0x7fc0_0000]), 6);
    assert_eq!(run(selp("slct.u32.f32"), &[5, 6, 0x8000_0001]), 6);
    assert_eq!(run(selp("slct.ftz.u32.f32"), &[5, 6, 0x8000_0001]), 5);
    // testp against apfloat's category, every f16-widened... f32 edges and random.
    let mut s = 11u64;
    for i in 0..40_000u64 {
        let r = rng(&mut s);
        let a = match i % 4 {
            0 if i % 64 == 0 => r & 0x8000_0000,
            0 => r & 0x807f_ffff,
            1 => 0x7f80_0000 | (r & 0x8000_0003),
            _ => r & 0xffff_ffff,
        };
        let x = Single::from_bits(a.into());
        let c = x.category();
        for (class, want) in [
            ("finite", matches!(c, Category::Normal | Category::Zero)),
            ("infinite", c == Category::Infinity),
            ("number", c != Category::NaN),
            ("notanumber", c == Category::NaN),
            // ±0 is normal on NVIDIA's GPUs (H200, driver 13.0: record
            // testdata/hw/nvidia-h200/testp.normal.f32.check.json;
            // docs/NVIDIA.md "testp.normal").
            (
                "normal",
                (c == Category::Normal && !x.is_denormal()) || c == Category::Zero,
            ),
            ("subnormal", x.is_denormal()),
        ] {
            let op = Op::Testp(Testp::parse(&format!("testp.{class}.f32")).unwrap());
            assert_eq!(run(op, &[a]), u64::from(want), "testp.{class}.f32 {a:#x}");
        }
    }
}
