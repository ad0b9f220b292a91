//! cvt, setp, mov and ld/st against independent oracles: rustc_apfloat for
//! conversions, the CPU's own f32/f64 comparisons for setp.

use proptest::prelude::*;
use ptxfp::cvt::Cvt;
use ptxfp::interp::{run, Inputs, Options};
use ptxfp::prelude::*;
use ptxfp::setp::Setp;
use rustc_apfloat::ieee::{BFloat, Double, Half, Single};
use rustc_apfloat::{Float, FloatConvert, Round};

const MODES: [(&str, Round); 4] = [
    ("rn", Round::NearestTiesToEven),
    ("rz", Round::TowardZero),
    ("rm", Round::TowardNegative),
    ("rp", Round::TowardPositive),
];

/// Interesting f32 inputs: near f16/bf16 ties, overflow, subnormals, NaNs.
fn f32_bits() -> impl Strategy<Value = u32> {
    prop_oneof![
        any::<u32>(),
        (0x3000_0000u32..0x4800_0000).prop_map(|x| x & !0xfff | 0x1000),
        (0u32..0x0100_0000),
        Just(0x7f80_0001),
        Just(0xff80_0000),
        Just(0x477f_f000),
        Just(0x477f_efff),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn cvt_narrowing_matches_apfloat(x in f32_bits()) {
        for (m, rm) in MODES {
            let mut li = false;
            let s = Single::from_bits(x.into());
            let h: Half = s.convert_r(rm, &mut li).value;
            // docs/NVIDIA.md "NaN results": NaN results of f32 → f16/bf16 are 0x7fff.
            let want = if h.is_nan() { 0x7fff } else { h.to_bits() as u64 };
            prop_assert_eq!(Cvt::parse(&format!("cvt.{m}.f16.f32")).unwrap().eval(&[x.into()]), want);
            let b: BFloat = s.convert_r(rm, &mut li).value;
            let want = if b.is_nan() { 0x7fff } else { b.to_bits() as u64 };
            prop_assert_eq!(Cvt::parse(&format!("cvt.{m}.bf16.f32")).unwrap().eval(&[x.into()]), want);
            let d = Double::from_bits(u128::from(x) << 29 | 0x1234);
            let f: Single = d.convert_r(rm, &mut li).value;
            // docs/NVIDIA.md "cvt: NaNs, moves and .ftz": a NaN f64 narrowed
            // keeps its sign and the payload's top 23 bits, quieted (H200,
            // testdata/hw/nvidia-h200/cvt.rn.f32.f64.check.json).
            let db = (u64::from(x) << 29) | 0x1234;
            let nan = (db >> 63) << 31 | 0x7fc0_0000 | (db & ((1 << 52) - 1)) >> 29;
            let want = if f.is_nan() { nan } else { f.to_bits() as u64 };
            prop_assert_eq!(Cvt::parse(&format!("cvt.{m}.f32.f64")).unwrap().eval(&[db]), want);
        }
    }

    #[test]
    fn cvt_widening_is_exact(x in any::<u16>()) {
        let mut li = false;
        let f: Single = Half::from_bits(x.into()).convert_r(Round::NearestTiesToEven, &mut li).value;
        let want = if f.is_nan() { 0x7fff_ffff } else { f.to_bits() as u64 };
        prop_assert_eq!(Cvt::parse("cvt.f32.f16").unwrap().eval(&[x.into()]), want);
        // bf16 → f32 is a shift: the oracle is the bit layout itself, NaNs
        // included (docs/NVIDIA.md "cvt: NaNs, moves and .ftz": H200,
        // testdata/hw/nvidia-h200/cvt.f32.bf16.check.json); with .ftz a NaN
        // is the canonical f32 NaN.
        prop_assert_eq!(Cvt::parse("cvt.f32.bf16").unwrap().eval(&[x.into()]), u64::from(x) << 16);
        let want = if x & 0x7fff > 0x7f80 { 0x7fff_ffff } else { u64::from(x) << 16 };
        let want = if x & 0x7f80 == 0 { want & 0x8000_0000 } else { want };
        prop_assert_eq!(Cvt::parse("cvt.ftz.f32.bf16").unwrap().eval(&[x.into()]), want);
    }

    #[test]
    fn setp_matches_the_cpu(a in any::<u32>(), b in any::<u32>(), pick in 0usize..3) {
        // Equal, sign-flipped and random pairs.
        let b = [b, a, a ^ 0x8000_0000][pick];
        let (x, y) = (f32::from_bits(a), f32::from_bits(b));
        let un = x.is_nan() || y.is_nan();
        for (op, want) in [
            ("eq", x == y), ("ne", !un && x != y), ("lt", x < y), ("le", x <= y), ("gt", x > y),
            ("ge", x >= y), ("equ", un || x == y), ("neu", x != y), ("ltu", un || x < y),
            ("leu", un || x <= y), ("gtu", un || x > y), ("geu", un || x >= y), ("num", !un), ("nan", un),
        ] {
            let s = Setp::parse(&format!("setp.{op}.f32")).unwrap();
            prop_assert_eq!(s.eval(a.into(), b.into()), want, "{} {:#x} {:#x}", op, a, b);
        }
    }
}

#[test]
fn cvt_modifiers() {
    let c = |t: &str, x: u64| Cvt::parse(t).unwrap().eval(&[x]);
    // -2^-149 rounds to -0 in f16 (.ftz or not).
    assert_eq!(c("cvt.rn.ftz.f16.f32", 0x8000_0001), 0x8000);
    // Without .ftz, -2^-149 rounds to -0 in f16 anyway; rm rounds it to -2^-24.
    assert_eq!(c("cvt.rm.f16.f32", 0x8000_0001), 0x8001);
    // .ftz does not flush the f32 source of a .f16 result (H200,
    // testdata/hw/nvidia-h200/cvt.rm.ftz.f16.f32.check.json: docs/NVIDIA.md
    // "cvt: NaNs, moves and .ftz"); a .bf16 result's source is flushed.
    assert_eq!(c("cvt.rm.ftz.f16.f32", 0x8000_0001), 0x8001);
    assert_eq!(c("cvt.rm.ftz.bf16.f32", 0x8000_0001), 0x8000);
    // .sat: 2.0 → 1.0; -0.5 → +0; NaN → +0.
    assert_eq!(c("cvt.rn.sat.f16.f32", 0x4000_0000), 0x3c00);
    assert_eq!(c("cvt.rn.sat.f16.f32", 0xbf00_0000), 0);
    assert_eq!(c("cvt.rn.sat.f16.f32", 0x7fc0_0000), 0);
    // .satfinite: +inf → max finite, sign kept: bf16 max 0x7f7f.
    assert_eq!(c("cvt.rn.satfinite.bf16.f32", 0xff80_0000), 0xff7f);
    // .relu: NaN → canonical NaN, -3 → +0.
    assert_eq!(c("cvt.rn.relu.f16.f32", 0xffc0_0000), 0x7fff);
    assert_eq!(c("cvt.rn.relu.f16.f32", 0xc040_0000), 0);
    // f32 result .ftz: f16 2^-24 is normal in f32, kept.
    assert_eq!(c("cvt.ftz.f32.f16", 1), 0x3380_0000);
    // f64 → f32 subnormal result flushed by .ftz: 2^-140.
    assert_eq!(c("cvt.rn.ftz.f32.f64", 0x3730_0000_0000_0000), 0);
    assert_eq!(c("cvt.rn.f32.f64", 0x3730_0000_0000_0000), 0x200);
}

fn regs(src: &str, inputs: Inputs) -> std::collections::HashMap<String, u64> {
    run(src, &inputs, &Options::default())
        .unwrap_or_else(|e| panic!("{e}"))
        .regs
        .into_iter()
        .map(|r| (r.name, r.bits))
        .collect()
}

#[test]
fn mov_unpack_and_vectors() {
    let src = ".reg .b32 w;\n.reg .b16 lo, hi;\n.reg .b64 q;\n.reg .b16 a, b, c, d;\n\
               mov.b32 w, 0x40003c00;\nmov.b32 {lo, hi}, w;\n\
               mov.b64 q, 0x0004000300020001;\nmov.b64 {a, b, c, d}, q;\n";
    let r = regs(src, Inputs::default());
    assert_eq!((r["lo"], r["hi"]), (0x3c00, 0x4000));
    assert_eq!((r["a"], r["b"], r["c"], r["d"]), (1, 2, 3, 4));
}

#[test]
fn memory_by_variable_name() {
    let src = ".global .align 8 .b8 buf[8];\n.shared .align 4 .b32 sh[2];\n.reg .b32 x, y;\n.reg .f32 f, g;\n\
               ld.global.v2.b32 {x, y}, [buf];\nst.shared.b32 [sh+4], y;\nld.shared.f32 f, [sh+4];\n";
    let inputs = Inputs {
        mems: vec![("buf".into(), vec![1, 0, 0, 0, 0, 0, 0x80, 0x3f])],
        ..Inputs::default()
    };
    let r = regs(src, inputs);
    assert_eq!((r["x"], r["y"]), (1, 0x3f80_0000));
    assert_eq!(r["f"], 0x3f80_0000);
    // .shared is not initialized: reading sh+0 is an error naming the address.
    let bad = format!("{src}ld.shared.f32 g, [sh];\n");
    let e = run(
        &bad,
        &Inputs {
            mems: vec![("buf".into(), vec![0; 8])],
            ..Inputs::default()
        },
        &Options::default(),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("never given or written"), "{e}");
}

#[test]
fn guards_and_setp() {
    let src = ".reg .pred p, q;\n.reg .f16 a, b, d, e;\n\
               setp.lt.f16 p, a, b;\nsetp.nan.f16 q, a, b;\n\
               @p add.f16 d, a, b;\n@!q mul.f16 e, a, b;\n@q mov.b16 e, 0x1234;\n";
    let inputs = Inputs {
        sets: vec![("a".into(), "0.5".into()), ("b".into(), "0x4000".into())],
        ..Inputs::default()
    };
    let r = regs(src, inputs);
    assert_eq!(r["p"], 1);
    assert_eq!(r["q"], 0);
    assert_eq!(r["d"], 0x4100); // 0.5 + 2 = 2.5 = 1.25 × 2^1
    assert_eq!(r["e"], 0x3c00); // 0.5 × 2 = 1.0; the @q mov did not run
}

#[test]
fn contraction_of_sub_in_both_positions() {
    // m = a·b with a = 1 + 2^-10, b = 1 + 3·2^-10: exact 1 + 2^-8 + 3·2^-20,
    // rounded to 1 + 2^-8. With c = 1: m - c = 2^-8 (0x1c00) as written;
    // fused a·b - c = 2^-8·(1 + 0.75·2^-10) → 2^-8·(1 + 2^-10) = 0x1c01.
    // c - m is the negation: 0x9c00 as written, 0x9c01 fused.
    let src = ".reg .f16 a, b, c, m, d, e;\nmul.f16 m, a, b;\nsub.f16 d, m, c;\nsub.f16 e, c, m;\n";
    let inputs = Inputs {
        sets: vec![
            ("a".into(), "0x3c01".into()),
            ("b".into(), "0x3c03".into()),
            ("c".into(), "1.0".into()),
        ],
        ..Inputs::default()
    };
    let opts = Options {
        contract: true,
        ..Options::default()
    };
    let out = run(src, &inputs, &opts).unwrap();
    // The oracle: rustc_apfloat's fused multiply-add, with the sign flips.
    let h = |x: u16| Half::from_bits(x.into());
    let fused1 = h(0x3c01).mul_add(h(0x3c03), -h(0x3c00)).value.to_bits() as u64;
    let fused2 = (-h(0x3c01)).mul_add(h(0x3c03), h(0x3c00)).value.to_bits() as u64;
    assert_eq!((fused1, fused2), (0x1c01, 0x9c01));
    let c: Vec<(u64, u64)> = out
        .contractions
        .iter()
        .map(|c| (c.unfused, c.fused))
        .collect();
    assert_eq!(c, vec![(0x1c00, fused1), (0x9c00, fused2)]);
    assert!(out
        .contractions
        .iter()
        .all(|c| c.fused_form == "fma.rn.f16"));
    // An explicit rounding modifier forbids the fusion (docs/NVIDIA.md "Contraction").
    let out = run(&src.replace("mul.f16", "mul.rn.f16"), &inputs, &opts).unwrap();
    assert!(out.contractions.is_empty());
}

#[test]
fn contraction_of_f32_and_f64_mul_add() {
    // The issue's "Without a rounding modifier, PTX allows mul+add to be
    // contracted; --contract reports that" on the f32/f64 family (9.7.3.3,
    // 9.7.3.5: "mul/add [...] without rounding modifiers may be optimized
    // aggressively by the code generator, e.g. mul/add sequences with no
    // rounding modifiers may be optimized to use fused-multiply-add").
    // a = 1 + 2^-p, b = 1 - 2^-(p+1), c = -1: a·b rounds to 1, so the sum
    // as written is 0; fused, a·b - 1 = 2^-(p+1) - 2^-(2p+1), exact.
    let src = ".reg .f32 a, b, c, m, d;\n.reg .f64 x, y, z, n, e;\n\
               mul.f32 m, a, b;\nadd.f32 d, m, c;\n\
               mul.f64 n, x, y;\nadd.f64 e, n, z;\n";
    let inputs = Inputs {
        sets: vec![
            ("a".into(), "0x3f800001".into()),
            ("b".into(), "0x3f7fffff".into()),
            ("c".into(), "-1.0".into()),
            ("x".into(), "0x3ff0000000000001".into()),
            ("y".into(), "0x3fefffffffffffff".into()),
            ("z".into(), "-1.0".into()),
        ],
        ..Inputs::default()
    };
    let opts = Options {
        contract: true,
        ..Options::default()
    };
    let out = run(src, &inputs, &opts).unwrap();
    // The oracle: rustc_apfloat's fused multiply-add.
    let s = |x: u32| Single::from_bits(x.into());
    let d = |x: u64| Double::from_bits(x.into());
    let f32_fused = s(0x3f80_0001)
        .mul_add(s(0x3f7f_ffff), -s(0x3f80_0000))
        .value
        .to_bits() as u64;
    let f64_fused = d(0x3ff0_0000_0000_0001)
        .mul_add(d(0x3fef_ffff_ffff_ffff), -d(0x3ff0_0000_0000_0000))
        .value
        .to_bits() as u64;
    // By hand: 2^-24 - 2^-47 and 2^-53 - 2^-105.
    assert_eq!((f32_fused, f64_fused), (0x337f_fffe, 0x3c9f_ffff_ffff_fffe));
    let c: Vec<(String, u64, u64)> = out
        .contractions
        .iter()
        .map(|c| (c.fused_form.to_string(), c.unfused, c.fused))
        .collect();
    assert_eq!(
        c,
        vec![
            ("fma.rn.f32".to_string(), 0, f32_fused),
            ("fma.rn.f64".to_string(), 0, f64_fused)
        ]
    );
    // .rn on the mul forbids it, as for the half forms.
    let out = run(
        &src.replace("mul.f32", "mul.rn.f32")
            .replace("mul.f64", "mul.rn.f64"),
        &inputs,
        &opts,
    )
    .unwrap();
    assert!(out.contractions.is_empty());
}

/// `min`/`max` run from PTX text; each expected value derived by hand from
/// 9.7.3.11/9.7.4.7/9.7.4.8 ("+0.0 > -0.0", ".NaN: canonical NaN",
/// ".xorsign: XOR of the sign bits, .abs: the magnitudes").
#[test]
fn min_and_max_run() {
    let src = ".version 8.1\n.target sm_90\n.reg .b16 %h<4>;\n.reg .f32 %f<3>;\n.reg .f64 %d<1>;\n.reg .b32 %r<3>;\n\
        mov.b16 %h0, 0x8000;\nmov.b16 %h1, 0x0000;\n\
        min.f16 %h2, %h1, %h0;\n\
        mov.b16 %h3, 0x7e00;\nmax.NaN.f16 %h3, %h1, %h3;\n\
        mov.b32 %r0, 0x3fc0bc00;\nmov.b32 %r1, 0xc0007e00;\n\
        max.xorsign.abs.f16x2 %r2, %r0, %r1;\n\
        min.ftz.f32 %f0, 0f00000001, 0f80000000;\n\
        max.f32 %f1, -0.0, 0.0;\n\
        min.f32 %f2, 0f7fc00001, 0f00000001;\n\
        min.f64 %d0, 0d7ff0000000000001, 0d7ff8000000000002;\n";
    let r = regs(src, Inputs::default());
    // -0 < +0, whichever operand it is.
    assert_eq!(r["%h2"], 0x8000);
    // One NaN under .NaN: the canonical f16 NaN.
    assert_eq!(r["%h3"], 0x7fff);
    // Lane 0: -1 vs NaN: the number's magnitude 1, sign 1 ^ 0 → -1 (0xbc00).
    // Lane 1: 1.9375 vs -2: larger magnitude 2, sign 0 ^ 1 → -2 (0xc000).
    assert_eq!(r["%r2"], 0xc000_bc00);
    // .ftz: the subnormal is +0, and -0 < +0.
    assert_eq!(r["%f0"], 0x8000_0000);
    assert_eq!(r["%f1"], 0x0000_0000);
    // One NaN without .NaN: the other operand, a subnormal kept (sm_20+).
    assert_eq!(r["%f2"], 0x0000_0001);
    // Two f64 NaNs: b, quieted (its payload kept), as an H200 does
    // (docs/NVIDIA.md "NaN results": b, c, a).
    assert_eq!(r["%d0"], 0x7ff8_0000_0000_0002);
    // sm_1x code: min.f32 flushes without .ftz (9.7.3.11 "sm_1x").
    let old =
        ".version 1.3\n.target sm_13\n.reg .f32 %f<1>;\nmin.f32 %f0, 0f80000001, 0f00000000;\n";
    assert_eq!(regs(old, Inputs::default())["%f0"], 0x8000_0000);
}

/// A float constant that overflows to Inf or underflows to 0 is run as the
/// PTX ISA says (binary64, then the type) and warned about, as check does.
#[test]
fn out_of_range_constants_are_warned_about() {
    let src = ".reg .f32 a, d;\nmov.f32 a, 1e999999;\nmad.rn.f32 d, a, 1.0, 1e-999999;\n";
    let out = run(src, &Inputs::default(), &Options::default()).unwrap();
    let w: Vec<&str> = out.warnings.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        w,
        [
            "`1e999999` overflows .f32 and is +Inf",
            "`1e-999999` underflows .f32 and is 0"
        ]
    );
    let r: std::collections::HashMap<String, u64> =
        out.regs.into_iter().map(|r| (r.name, r.bits)).collect();
    assert_eq!(r["d"], 0x7f80_0000);
}
