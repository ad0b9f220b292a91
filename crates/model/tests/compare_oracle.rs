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

/// The value `set` writes for true into `dtype`, worked out independently of
/// the model: 9.7.8.1 "0xffffffff" for an integer destination, "1.0f" for
/// `.f32`; 9.7.9.1 "0xffff is written for destination types .u16/.s16", "1.0
/// in target precision floating point format [...] for destination type
/// .f16, .bf16" (apfloat's 1.0 in each format); a packed destination holds
/// one such 16-bit value per lane.
fn set_true(dtype: &str) -> u64 {
    let one = |x: u128| x as u64;
    match dtype {
        "u16" | "s16" => 0xffff,
        "u32" | "s32" => 0xffff_ffff,
        "f32" => one(Single::from_u128(1).value.to_bits()),
        "f16" | "f16x2" => one(Half::from_u128(1).value.to_bits()),
        _ => one(BFloat::from_u128(1).value.to_bits()),
    }
}

/// `set`'s destination types for a source (9.7.8.1, 9.7.9.1), written out.
fn set_dests(src: &str) -> &'static [&'static str] {
    match src {
        "f16" => &["u16", "s16", "u32", "s32", "f16", "bf16"],
        // Not `.f16` from `.bf16`: NVIDIA's JIT refuses it (docs/NVIDIA.md
        // "What the JIT refuses"), and so does ptxfp.
        "bf16" => &["u16", "s16", "u32", "s32", "bf16"],
        "f16x2" => &["f16x2", "u32", "s32"],
        "bf16x2" => &["bf16x2", "u32", "s32"],
        _ => &["u32", "s32", "f32", "f16", "bf16"],
    }
}

/// The comparison of two lane values of a float type, through apfloat.
fn float_lane(ty: &str, cmp: &str, ftz: bool, a: u64, b: u64) -> bool {
    fn go<T: Float>(cmp: &str, ftz: bool, a: u64, b: u64) -> bool {
        let (x, y) = (
            flushed(T::from_bits(a.into()), ftz),
            flushed(T::from_bits(b.into()), ftz),
        );
        float_truth(cmp, x.partial_cmp(&y))
    }
    match ty {
        "f16" | "f16x2" => go::<Half>(cmp, ftz, a & 0xffff, b & 0xffff),
        "bf16" | "bf16x2" => go::<BFloat>(cmp, ftz, a & 0xffff, b & 0xffff),
        "f32" => go::<Single>(cmp, ftz, a & 0xffff_ffff, b & 0xffff_ffff),
        _ => go::<Double>(cmp, ftz, a, b),
    }
}

/// 9.7.8.2: "p = BoolOp(t, c); q = BoolOp(!t, c)"; 9.7.9.2 for the packed
/// types: "p = BoolOp(fA[0] CmpOp fB[0], c); q = BoolOp(fA[1] CmpOp fB[1],
/// c)". `set` (9.7.8.1, 9.7.9.1): "d = BoolOp(t, c) ? 1.0f : 0x00000000"
/// and its kin, per lane for the packed types. Every float source type,
/// every comparison, `.ftz` where it applies, no BoolOp and each of
/// `.and`/`.or`/`.xor` with `c` false and true, both `setp` destinations and
/// every `set` destination, on edge pairs whose two lanes differ.
#[test]
fn every_float_type_every_bool_op_both_destinations_and_every_set_destination() {
    let edges = |ty: &str| -> Vec<u64> {
        match ty {
            "f16" | "f16x2" => edges16(false),
            "bf16" | "bf16x2" => edges16(true),
            "f32" => vec![
                0,
                0x8000_0000,
                1,
                0x8000_0001,
                0x007f_ffff,
                0x0080_0000,
                0x3f80_0000,
                0xbf80_0000,
                0x3f80_0001,
                0x7f7f_ffff,
                0x7f80_0000,
                0xff80_0000,
                0x7fc0_0000,
                0xffc0_0001,
                0x7f80_0001,
            ],
            _ => vec![
                0,
                1 << 63,
                1,
                (1 << 63) | 1,
                0x000f_ffff_ffff_ffff,
                0x0010_0000_0000_0000,
                0x3ff0_0000_0000_0000,
                0xbff0_0000_0000_0000,
                0x3ff0_0000_0000_0001,
                0x7ff0_0000_0000_0000,
                0xfff0_0000_0000_0000,
                0x7ff8_0000_0000_0000,
                0x7ff0_0000_0000_0001,
            ],
        }
    };
    let mut checked = 0u64;
    for (ty, ftzs, packed) in [
        ("f16", &[false, true][..], false),
        ("bf16", &[false][..], false),
        ("f16x2", &[false, true][..], true),
        ("bf16x2", &[false][..], true),
        ("f32", &[false, true][..], false),
        ("f64", &[false][..], false),
    ] {
        let e = edges(ty);
        // Packed sources: the upper lanes walk the edges in another order,
        // so p and q (or the two halves of d) see different comparisons.
        let pairs: Vec<(u64, u64)> = e
            .iter()
            .flat_map(|&a| e.iter().map(move |&b| (a, b)))
            .enumerate()
            .map(|(i, (a, b))| {
                if packed {
                    let (ha, hb) = (e[(i * 7 + 3) % e.len()], e[(i * 5 + 1) % e.len()]);
                    (ha << 16 | a, hb << 16 | b)
                } else {
                    (a, b)
                }
            })
            .collect();
        for cmp in FLOAT_CMPS {
            for &ftz in ftzs {
                for bop in ["", "and", "or", "xor"] {
                    let combine = |t: bool, c: bool| match bop {
                        "and" => t && c,
                        "or" => t || c,
                        "xor" => t ^ c,
                        _ => t,
                    };
                    let mods = format!(
                        "{cmp}{}{}",
                        if bop.is_empty() {
                            String::new()
                        } else {
                            format!(".{bop}")
                        },
                        if ftz { ".ftz" } else { "" }
                    );
                    let cs: &[bool] = if bop.is_empty() {
                        &[false]
                    } else {
                        &[false, true]
                    };
                    let setp_op = Op::Setp(Setp::parse(&format!("setp.{mods}.{ty}")).unwrap());
                    for &(a, b) in &pairs {
                        let lo = float_lane(ty, cmp, ftz, a, b);
                        let hi = packed && float_lane(ty, cmp, ftz, a >> 16, b >> 16);
                        for &c in cs {
                            let srcs = [a, b, u64::from(c)];
                            let srcs = &srcs[..if bop.is_empty() { 2 } else { 3 }];
                            let got = compute(&setp_op, srcs, false, &Exec::default())
                                .unwrap()
                                .dst;
                            let want = if packed {
                                [combine(lo, c), combine(hi, c)]
                            } else {
                                [combine(lo, c), combine(!lo, c)]
                            };
                            assert_eq!(
                                got,
                                want.map(u64::from),
                                "setp.{mods}.{ty} {a:#x} {b:#x} c={c}"
                            );
                            for &d in set_dests(ty) {
                                if ftz && d == "bf16" {
                                    continue;
                                }
                                let text = format!("set.{mods}.{d}.{ty}");
                                let op = Op::Setp(
                                    Setp::parse(&text)
                                        .unwrap_or_else(|e| panic!("{text}: {}", e.message)),
                                );
                                let got =
                                    compute(&op, srcs, false, &Exec::default()).unwrap().dst[0];
                                let v = |t: bool| if t { set_true(d) } else { 0 };
                                // "result of individual operations are packed in
                                // the 32-bit destination operand": 16 bits a lane.
                                let lane = |t: bool| v(t) & 0xffff;
                                let want = if packed {
                                    lane(want[1]) << 16 | lane(want[0])
                                } else {
                                    v(want[0])
                                };
                                assert_eq!(got, want, "{text} {a:#x} {b:#x} c={c}");
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 100_000, "{checked}");
}

/// 9.7.9.1's half destinations from the integer and bit-size sources
/// ("set.CmpOp{.ftz}.f16.stype", "set.CmpOp.bf16.stype"): the comparison is
/// the source type's (Rust's integer comparisons), the value 1.0 or 0.0 in
/// the destination's format; only the floating-point comparison names.
#[test]
fn half_destinations_from_integer_sources() {
    let mut s = 19u64;
    for (ty, bits) in [
        ("b16", 16),
        ("u16", 16),
        ("s16", 16),
        ("b32", 32),
        ("u32", 32),
        ("s32", 32),
        ("b64", 64),
        ("u64", 64),
        ("s64", 64),
    ] {
        for cmp in INT_CMPS {
            for d in ["f16", "bf16"] {
                let text = format!("set.{cmp}.{d}.{ty}");
                let legal = legal(cmp, ty) && !matches!(cmp, "lo" | "ls" | "hi" | "hs");
                let parsed = Setp::parse(&text);
                assert_eq!(parsed.is_ok(), legal, "{text}");
                let Ok(f) = parsed else { continue };
                let op = Op::Setp(f);
                for i in 0..4_000 {
                    let a = rng(&mut s);
                    let b = if i % 3 == 0 {
                        a ^ (rng(&mut s) & 1)
                    } else {
                        rng(&mut s)
                    };
                    let want = int_truth(cmp, ty.starts_with('s'), bits, a, b);
                    let got = compute(&op, &[a, b], false, &Exec::default()).unwrap().dst[0];
                    assert_eq!(
                        got,
                        if want { set_true(d) } else { 0 },
                        "{text} {a:#x} {b:#x}"
                    );
                }
            }
        }
    }
    // By hand: 1 < 2 as .u32 gives 1.0 in .f16 (0x3c00) and .bf16 (0x3f80);
    // -1 < 0 as .s32 is true, as .u32 (0xffffffff < 0) false.
    let set = |t: &str, a: u64, b: u64| {
        compute(
            &Op::Setp(Setp::parse(t).unwrap()),
            &[a, b],
            false,
            &Exec::default(),
        )
        .unwrap()
        .dst[0]
    };
    assert_eq!(set("set.lt.f16.u32", 1, 2), 0x3c00);
    assert_eq!(set("set.lt.bf16.u32", 1, 2), 0x3f80);
    assert_eq!(set("set.lt.f16.s32", 0xffff_ffff, 0), 0x3c00);
    assert_eq!(set("set.lt.f16.u32", 0xffff_ffff, 0), 0);
    // .ftz into .f16 from .f32: the subnormal -2^-149 is -0.0, not below 0.
    assert_eq!(set("set.lt.f16.f32", 0x8000_0001, 0), 0x3c00);
    assert_eq!(set("set.lt.ftz.f16.f32", 0x8000_0001, 0), 0);
}

/// `testp` on `.f64` with every class (9.7.3.1), against apfloat's
/// category, on edges and random patterns of every kind.
#[test]
fn testp_every_class_on_f64() {
    let run = |op: Op, s: &[u64]| compute(&op, s, false, &Exec::default()).unwrap().dst[0];
    let mut s = 23u64;
    let mut inputs: Vec<u64> = vec![
        0,
        1 << 63,
        1,
        (1 << 63) | 1,
        0x000f_ffff_ffff_ffff,
        0x0010_0000_0000_0000,
        0x7fef_ffff_ffff_ffff,
        0x7ff0_0000_0000_0000,
        0xfff0_0000_0000_0000,
        0x7ff8_0000_0000_0000,
        0x7ff0_0000_0000_0001,
        0xfff4_0000_0000_0000,
    ];
    for i in 0..40_000u64 {
        let r = rng(&mut s);
        inputs.push(match i % 4 {
            0 => r & 0x800f_ffff_ffff_ffff,
            1 => 0x7ff0_0000_0000_0000 | (r & 0x8000_0000_0000_0003),
            _ => r,
        });
    }
    let mut seen = [0usize; 6];
    for &a in &inputs {
        let x = Double::from_bits(a.into());
        let c = x.category();
        for (k, (class, want)) in [
            ("finite", matches!(c, Category::Normal | Category::Zero)),
            ("infinite", c == Category::Infinity),
            ("number", c != Category::NaN),
            ("notanumber", c == Category::NaN),
            // ±0 is normal, as for .f32 (docs/NVIDIA.md "testp.normal").
            (
                "normal",
                (c == Category::Normal && !x.is_denormal()) || c == Category::Zero,
            ),
            ("subnormal", x.is_denormal()),
        ]
        .into_iter()
        .enumerate()
        {
            let op = Op::Testp(Testp::parse(&format!("testp.{class}.f64")).unwrap());
            assert_eq!(run(op, &[a]), u64::from(want), "testp.{class}.f64 {a:#x}");
            seen[k] += usize::from(want);
        }
    }
    assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
}

/// `set.CmpOp.{u8x4,s8x4,u16x2,s16x2}` (PTX ISA 9.4): every byte pair of
/// the x4 types (each in one lane, the four positions in turn, random
/// bytes beside it), 2^16 random half-word pairs and the half-word edges
/// of the x2 types, each lane against Rust's own
/// comparison of `u8`/`i8`/`u16`/`i16`, through `compute` as `run` and
/// `eval` do.
#[test]
fn set_on_packed_integers_every_byte_pair() {
    let exec = Exec::default();
    fn truth<T: PartialOrd>(cmp: &str, a: T, b: T) -> bool {
        match cmp {
            "eq" => a == b,
            "ne" => a != b,
            "lt" | "lo" => a < b,
            "le" | "ls" => a <= b,
            "gt" | "hi" => a > b,
            _ => a >= b,
        }
    }
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut rnd = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for ty in ["u8x4", "s8x4", "u16x2", "s16x2"] {
        let signed = ty.starts_with('s');
        for cmp in INT_CMPS {
            if signed && matches!(cmp, "lo" | "ls" | "hi" | "hs") {
                let d = ptxfp_isa::op::decode(&format!("set.{cmp}.{ty}"), false);
                assert!(matches!(d.op, Op::Unsupported(_)), "set.{cmp}.{ty}");
                continue;
            }
            let text = format!("set.{cmp}.{ty}");
            let op = ptxfp_isa::op::decode(&text, false).op;
            assert!(matches!(op, Op::SetSimd(_)), "{text}");
            let lane = |a: u64, b: u64, w: u32| -> bool {
                match (w, signed) {
                    (8, false) => truth(cmp, a as u8, b as u8),
                    (8, true) => truth(cmp, a as u8 as i8, b as u8 as i8),
                    (_, false) => truth(cmp, a as u16, b as u16),
                    (_, true) => truth(cmp, a as u16 as i16, b as u16 as i16),
                }
            };
            let check = |a: u64, b: u64| {
                let w = if ty.ends_with("x4") { 8 } else { 16 };
                let want = (0..32 / w).fold(0u64, |d, i| {
                    let m = (1u64 << w) - 1;
                    if lane(a >> (w * i) & m, b >> (w * i) & m, w) {
                        d | m << (w * i)
                    } else {
                        d
                    }
                });
                let got = compute(&op, &[a, b], false, &exec).unwrap().dst[0];
                assert_eq!(got, want, "{text} {a:#010x} {b:#010x}");
            };
            if ty.ends_with("x4") {
                for a in 0..256u64 {
                    for b in 0..256u64 {
                        // The pair in lane (a + b) % 4, random bytes elsewhere.
                        let k = (a + b) % 4;
                        let r = rnd() & 0xffff_ffff;
                        let m = !(0xffu64 << (8 * k)) & 0xffff_ffff;
                        check(r & m | a << (8 * k), (r >> 3) & m | b << (8 * k));
                    }
                }
            } else {
                let edges = [0u64, 1, 0x7fff, 0x8000, 0x8001, 0xffff, 0x7ffe];
                for &a in &edges {
                    for &b in &edges {
                        check(a | b << 16, b | a << 16);
                    }
                }
                for _ in 0..1 << 16 {
                    let r = rnd();
                    check(r & 0xffff_ffff, r >> 32);
                }
            }
        }
    }
}
