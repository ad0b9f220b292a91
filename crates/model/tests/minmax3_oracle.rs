//! The three-input `min{.ftz}{.NaN}{.abs}.f32 d, a, b, c` and `max` (PTX
//! ISA 9.7.3.11/9.7.3.12, 8.8, sm_100) against a reference written another
//! way: instead of the spec's two steps (`d = two_inputs_min(a, b); d =
//! two_inputs_min(d, c)`), the extreme of the set of non-NaN inputs under
//! Rust's own `f32` comparison, with "+0.0 > -0.0" added by hand; NaN when
//! every input is NaN (or, with `.NaN`, any is). A NaN result is the
//! `.f32` canonical NaN `0x7fffffff` (docs/NVIDIA.md "NaN results").
//!
//! Exhaustive over every triple of a dense edge set (zeros, subnormals,
//! the smallest normals, ±1, the largest finite values, infinities, quiet
//! and signalling NaNs with payloads, both signs) for every combination of
//! `.ftz`, `.NaN` and `.abs`, for `min` and `max`.

use ptxfp_isa::form::{Form, Opcode};
use ptxfp_isa::op::{decode, Op};
use ptxfp_isa::target::{PtxVersion, Target};
use ptxfp_model::{Eval, Exec};

const CANONICAL_NAN: u32 = 0x7fff_ffff;

const EDGES: [u32; 28] = [
    0x0000_0000, // +0
    0x8000_0000, // -0
    0x0000_0001, // smallest subnormal
    0x8000_0001,
    0x007f_ffff, // largest subnormal
    0x807f_ffff,
    0x0040_0000,
    0x0080_0000, // smallest normal
    0x8080_0000,
    0x3f80_0000, // 1
    0xbf80_0000, // -1
    0x3fc0_0000, // 1.5
    0xc020_0000, // -2.5
    0x3f80_0001, // 1 + ulp
    0x7f7f_ffff, // largest finite
    0xff7f_ffff,
    0x7f80_0000, // +inf
    0xff80_0000, // -inf
    0x7fc0_0000, // quiet NaN
    0xffc0_0000, // negative quiet NaN
    0x7fc1_2345, // quiet NaN, payload
    0xffff_ffff, // negative quiet NaN, all payload bits
    0x7f80_0001, // signalling NaN
    0xff81_2345, // negative signalling NaN, payload
    0x7fbf_ffff, // signalling NaN, largest payload
    0x4b00_0000, // 2^23
    0xcb00_0000,
    0x0000_8000, // a mid subnormal
];

/// The reference: the operands prepared as the description says ("flushes
/// subnormal inputs [...] to sign-preserving zero", "If .abs modifier is
/// specified, the magnitude of destination operand d is the minimum of
/// absolute values"), then the least (greatest) non-NaN of the three.
fn reference(is_min: bool, ftz: bool, nan: bool, abs: bool, srcs: [u32; 3]) -> u32 {
    let prep = |x: u32| {
        let mut f = f32::from_bits(x);
        if ftz && f.is_subnormal() {
            f = if f.is_sign_negative() { -0.0 } else { 0.0 };
        }
        if abs {
            f = f.abs();
        }
        f
    };
    let v = srcs.map(prep);
    if nan && v.iter().any(|x| x.is_nan()) {
        return CANONICAL_NAN;
    }
    // "If values of both inputs are 0.0, then +0.0 > -0.0."
    let below = |x: f32, y: f32| {
        x < y || (x == 0.0 && y == 0.0 && x.is_sign_negative() && y.is_sign_positive())
    };
    let mut best: Option<f32> = None;
    for x in v.into_iter().filter(|x| !x.is_nan()) {
        best = Some(match best {
            None => x,
            Some(b) if is_min && below(x, b) => x,
            Some(b) if !is_min && below(b, x) => x,
            Some(b) => b,
        });
    }
    best.map_or(CANONICAL_NAN, f32::to_bits)
}

/// The form `text` with three sources.
fn three(text: &str) -> Form {
    let f = Form::parse(text).unwrap_or_else(|d| panic!("{text}: {}", d.message));
    f.with_sources(3)
        .unwrap_or_else(|| panic!("{text} has a three-input form"))
}

#[test]
fn every_edge_triple_every_modifier() {
    let exec = Exec::default();
    let mut checked = 0u64;
    for (root, is_min) in [("min", true), ("max", false)] {
        for ftz in [false, true] {
            for nan in [false, true] {
                for abs in [false, true] {
                    let text = format!(
                        "{root}{}{}{}.f32",
                        if ftz { ".ftz" } else { "" },
                        if nan { ".NaN" } else { "" },
                        if abs { ".abs" } else { "" }
                    );
                    let f = three(&text);
                    assert_eq!(f.to_string(), text);
                    assert!(matches!(f.op(), Opcode::Min3 | Opcode::Max3));
                    for &a in &EDGES {
                        for &b in &EDGES {
                            for &c in &EDGES {
                                let want = reference(is_min, ftz, nan, abs, [a, b, c]);
                                let got = f.eval(&[a.into(), b.into(), c.into()], &exec);
                                assert_eq!(
                                    got,
                                    u64::from(want),
                                    "{text} {a:#010x} {b:#010x} {c:#010x}: got {got:#010x}, want {want:#010x}"
                                );
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    assert_eq!(checked, 16 * 28 * 28 * 28);
}

#[test]
fn the_operand_count_chooses_the_form() {
    // "min{.ftz}{.NaN}{.xorsign.abs}.f32 d, a, b;" and
    // "min{.ftz}{.NaN}{.abs}.f32 d, a, b, c;": the same text for two forms.
    let two = Form::parse("min.NaN.f32").unwrap();
    assert_eq!(two.op(), Opcode::Min);
    let t = two.with_sources(3).unwrap();
    assert_eq!(t.op(), Opcode::Min3);
    assert_eq!(t.to_string(), "min.NaN.f32");
    assert_eq!(t.with_sources(2), Some(two));
    // `.abs` alone is only on the three-input line.
    let abs = Form::parse("max.ftz.abs.f32").unwrap();
    assert_eq!(abs.op(), Opcode::Max3);
    assert_eq!(abs.with_sources(2), None);
    // "The .xorsign qualifier cannot be specified for three inputs operation."
    let x = Form::parse("min.xorsign.abs.f32").unwrap();
    assert_eq!(x.with_sources(3), None);
    // No three-input form on other types.
    assert_eq!(Form::parse("min.f64").unwrap().with_sources(3), None);
    assert_eq!(Form::parse("max.f16").unwrap().with_sources(3), None);
    assert!(Form::parse("min.abs.f64").is_err());
    assert!(Form::parse("min.abs.f16").is_err());
    assert!(Form::parse("min.abs.NaN.f32").is_err(), "out of order");
    // --lenient repairs the order, into the three-input form.
    let (f, warnings) = Form::parse_lenient("min.abs.NaN.f32").unwrap();
    assert_eq!(
        (f.op(), f.to_string().as_str()),
        (Opcode::Min3, "min.NaN.abs.f32")
    );
    assert_eq!(warnings.len(), 1);
    // Op-level: the same, for check and run.
    let op = decode("max.f32", false).op;
    match op.with_sources(3) {
        Op::Form(f) => assert_eq!(f.op(), Opcode::Max3),
        other => panic!("{other:?}"),
    }
}

#[test]
fn three_inputs_need_ptx_8_8_and_sm_100() {
    // "`min` with three input arguments introduced in PTX ISA version 8.8",
    // "`min` with three input arguments requires `sm_100` or higher".
    let f = three("min.f32");
    assert_eq!(f.requires(), (PtxVersion::new(8, 8), Target::sm(100)));
    assert!(f
        .validate(PtxVersion::new(8, 8), Target::sm(100))
        .is_empty());
    let d = f.validate(PtxVersion::new(8, 7), Target::sm(100));
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(
        d[0].message.contains("three inputs requires PTX ISA 8.8"),
        "{}",
        d[0].message
    );
    let d = f.validate(PtxVersion::new(8, 8), Target::sm(90));
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(d[0].message.contains("requires sm_100"), "{}", d[0].message);
    // The two-input form keeps its own rule.
    assert!(Form::parse("min.f32")
        .unwrap()
        .validate(PtxVersion::new(1, 0), Target::sm(10))
        .is_empty());
}

#[test]
fn spec_examples_by_hand() {
    let exec = Exec::default();
    let e = |t: &str, s: [u32; 3]| three(t).eval(&s.map(u64::from), &exec);
    // min(1, -2.5, 1.5) = -2.5; with .abs: min(1, 2.5, 1.5) = 1.
    assert_eq!(
        e("min.f32", [0x3f80_0000, 0xc020_0000, 0x3fc0_0000]),
        0xc020_0000
    );
    assert_eq!(
        e("min.abs.f32", [0x3f80_0000, 0xc020_0000, 0x3fc0_0000]),
        0x3f80_0000
    );
    // max(NaN, NaN, -1): the first step gives NaN, the second -1.
    assert_eq!(
        e("max.f32", [0x7fc0_0000, 0xff80_0001, 0xbf80_0000]),
        0xbf80_0000
    );
    // .NaN: a NaN anywhere gives the canonical NaN.
    assert_eq!(
        e("max.NaN.f32", [0x3f80_0000, 0x3f80_0000, 0x7f80_0001]),
        0x7fff_ffff
    );
    // -0 < +0 < 2^-149; .ftz flushes 2^-149 to +0.
    assert_eq!(
        e("max.f32", [0x8000_0000, 0x0000_0000, 0x0000_0001]),
        0x0000_0001
    );
    assert_eq!(
        e("max.ftz.f32", [0x8000_0000, 0x0000_0001, 0x0000_0000]),
        0x0000_0000
    );
    assert_eq!(
        e("min.ftz.f32", [0x0000_0000, 0x0000_0001, 0x8000_0001]),
        0x8000_0000
    );
}
