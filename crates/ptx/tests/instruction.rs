//! The front ends' entry (`ptxfp::Instruction`): parse, check, eval on
//! scalars and columns. The columns are compared with the scalar path,
//! whose semantics the oracle tests prove.

use ptxfp::batch::{Slice, SliceMut};
use ptxfp::{Finding, Instruction, Setup, Target};

#[test]
fn parse_errors_point_into_the_trimmed_text() {
    let e = Instruction::parse("  fma.rx.f16 ").unwrap_err();
    assert!(e.is_error());
    assert_eq!(&"fma.rx.f16"[e.span.clone()], ".rx", "{e:?}");
    let e = Instruction::parse("ld.global.f32").unwrap_err();
    assert!(e.message.contains("does not compute"), "{}", e.message);
    let e = Instruction::parse("fam.rn.f16").unwrap_err();
    assert!(e.message.contains("did you mean `fma`"), "{}", e.message);
}

#[test]
fn every_listed_instruction_parses() {
    // `ptxfp forms --family all`: each one is what `eval`, the Python
    // package and the C library take (the packed `add.u16x2`/`min.s16x2`
    // were once read as malformed float forms).
    for l in ptxfp::forms::list(ptxfp::forms::Family::All, None, None) {
        let i = Instruction::parse(&l.text).unwrap_or_else(|e| panic!("{}: {}", l.text, e.message));
        assert_eq!(i.op, l.op, "{}", l.text);
    }
}

/// Each listed form is legal at the minimum version and target it is
/// listed with, suffix included: `add.u8x4` needs `sm_120f`, as its error
/// says, and was listed as `sm_120`, on which it is refused (an
/// independent model of the integer family, 2026-11-29, read the list).
/// Where the listed target has a suffix, the plain one is refused.
#[test]
fn each_form_is_legal_at_its_listed_minimum() {
    use ptxfp::target::Variant;
    let mut suffixed = 0;
    for l in ptxfp::forms::list(ptxfp::forms::Family::All, None, None) {
        let errors = |t| {
            l.op.validate(&l.text, l.min_ptx, t)
                .into_iter()
                .filter(|d| d.is_error())
                .map(|d| d.message)
                .collect::<Vec<_>>()
        };
        let at = errors(l.min_target);
        assert!(
            at.is_empty(),
            "{} at {} {}: {at:?}",
            l.text,
            l.min_ptx,
            l.min_target
        );
        if l.min_target.variant != Variant::Plain {
            suffixed += 1;
            let plain = Target {
                variant: Variant::Plain,
                ..l.min_target
            };
            assert!(!errors(plain).is_empty(), "{} is legal on {plain}", l.text);
        }
    }
    // The sm_120f integer forms, the sm_107f conversions, the sm_100a
    // alternate-format forms (a count, so that a listing that lost its
    // suffixes fails).
    assert!(
        suffixed > 100,
        "{suffixed} forms listed with a suffixed target"
    );
}

/// Every listed instruction written with its operands (names, immediates,
/// a `;`) is the same instruction; an empty operand, an address, a sum,
/// text after the `;`, a comment left open or a guard is an error at its
/// place (they were counted and never read, and `min.f32 d, a, b,` chose
/// the three-input `min`: the C API survey of 2026-11-28, finding 10).
#[test]
fn operands_are_read_and_refused_where_they_are_no_operands() {
    for l in ptxfp::forms::list(ptxfp::forms::Family::All, None, None) {
        let n = l.op.signature().map_or(0, |s| s.srcs.len());
        let names: Vec<String> = (0..n).map(|k| format!("%r{k}")).collect();
        let imms: Vec<String> = (0..n)
            .map(|k| ["1", "0f3F800000", "-2", "0x10"][k % 4].into())
            .collect();
        for (dst, srcs, end) in [
            ("d", &names, ""),
            ("%rd_1", &imms, " ;"),
            ("p|q", &names, ";"),
        ] {
            let opcode = l.text.split_whitespace().next().unwrap();
            let mut text = format!("{opcode} {dst}");
            for s in srcs.iter() {
                text += &format!(", {s}");
            }
            text += end;
            let i = Instruction::parse(&text).unwrap_or_else(|e| panic!("{text}: {}", e.message));
            assert_eq!(i.op, l.op, "{text}");
        }
    }
    for ok in [
        "fma.rn.f32 d, a, b, c // a comment",
        "fma.rn.f32 d, a, b, c; // a comment",
        "fma.rn.f32 d, a, /* b */ b, c /* c */",
        "fma.rn.f32 d, a, b, c;;",
        "fma.rn.f32 d, a, b, c // done;",
    ] {
        assert!(Instruction::parse(ok).is_ok(), "{ok}");
    }
    let min3 = Instruction::parse("min.f32 d, a, b, c").unwrap();
    assert_eq!(min3.srcs.len(), 3);
    assert_eq!(Instruction::parse("min.f32 d, a, b").unwrap().srcs.len(), 2);
    for (text, at, says) in [
        ("fma.rn.f32 ,,,", ",", "expected an operand"),
        ("fma.rn.f32 d,,b,c", ",", "expected an operand"),
        ("min.f32 d, a, b,", "", "missing after the last `,`"),
        ("fma.rn.f32 [d], a, b, c", "[d]", "an address"),
        ("add.f32 d, a+1, b", "a+1", "a sum"),
        (
            "fma.rn.f32 d, a, b, c; garbage",
            "; garbage",
            "after the instruction's `;`",
        ),
        (
            "fma.rn.f32 d, a, b, c; add.f32 d, a, b",
            "; add.f32 d, a, b",
            "after the instruction's `;`",
        ),
        ("fma.rn.f32 d, a, b, c /* open", "/*", "unterminated"),
        (
            "fma.rn.f32 d, a, b, c; .entry k() { }",
            "; .entry k() { }",
            "after the instruction's `;`",
        ),
        (
            "fma.rn.f32 d, a, b, c; .reg .b32 r;",
            "; .reg .b32 r;",
            "after the instruction's `;`",
        ),
        (
            "fma.rn.f32 d, a, b, c; .version 8.0",
            "; .version 8.0",
            "after the instruction's `;`",
        ),
        (
            "fma.rn.f32 d, a, b, c; L:",
            "; L:",
            "after the instruction's `;`",
        ),
        ("min.f32 d, a, b, ))))", ")", "unexpected `)`"),
        ("@p fma.rn.f32 d, a, b, c", "@p", "a guard"),
        ("fma.rn.f32 d, a, b", "", "takes 4 operands"),
    ] {
        let e = Instruction::parse(text).expect_err(text);
        assert!(e.message.contains(says), "{text}: {}", e.message);
        if !at.is_empty() {
            assert_eq!(&text[e.span.clone()], at, "{text}: {}", e.message);
        }
    }
    // A megabyte of brackets is one error, not a crash.
    let deep = format!("fma.rn.f32 d, a, b, {}", "{".repeat(1 << 20));
    assert!(Instruction::parse(&deep).is_err());
}

#[test]
fn check_names_target_device_and_header() {
    let ins = Instruction::parse("mul.bf16").unwrap();
    let setup = Setup {
        target: "sm_80".parse().unwrap(),
        ..Setup::default()
    };
    let f = ins.check(&setup);
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(f[0].is_error());
    assert_eq!(
        f[0].message(&ins.text),
        "mul.bf16 requires sm_90 or higher; the target is sm_80"
    );
    let dev = Setup {
        device: Some("sm_80".parse::<Target>().unwrap()),
        ..Setup::default()
    };
    let f = ins.check(&dev);
    assert!(
        f.iter().any(|f| matches!(f, Finding::Device { .. })),
        "{f:?}"
    );
    assert!(
        f.iter().any(|f| matches!(f, Finding::Unloadable { .. })),
        "{f:?}"
    );
    let old = Setup {
        ptx: "6.0".parse().unwrap(),
        ..Setup::default()
    };
    assert!(ins
        .check(&old)
        .iter()
        .any(|f| matches!(f, Finding::Header(_))));
    assert!(ins.check(&Setup::default()).is_empty());
}

#[test]
fn columns_agree_with_the_scalar_path() {
    let exec = Setup::default().exec();
    let a: Vec<u16> = (0..5000u32)
        .map(|i| (i.wrapping_mul(40503) >> 3) as u16)
        .collect();
    let b: Vec<u16> = a.iter().map(|x| x.rotate_left(5)).collect();
    let c: Vec<u16> = a.iter().map(|x| !x).collect();
    let fma = Instruction::parse("fma.rn.bf16").unwrap();
    let mut out = vec![0u16; a.len()];
    fma.eval_columns(
        &exec,
        &[Slice::B16(&a), Slice::B16(&b), Slice::B16(&c)],
        SliceMut::B16(&mut out),
    )
    .unwrap();
    let one = fma.plan(&exec).unwrap().one();
    for i in 0..a.len() {
        let ops = [a[i] as u64, b[i] as u64, c[i] as u64];
        assert_eq!(out[i] as u64, fma.eval(&ops, &exec).0[0], "{i}");
        assert_eq!(out[i] as u64, one.eval(ops), "{i}");
    }
    // Not a form: the u64 columns.
    let ins = Instruction::parse("mul.hi.s32").unwrap();
    assert!(ins
        .eval_columns(&exec, &[], SliceMut::B32(&mut []))
        .is_err());
    let x: Vec<u64> = (0..70000u64)
        .map(|i| i.wrapping_mul(0x9e37_79b9) & 0xffff_ffff)
        .collect();
    let y: Vec<u64> = x.iter().map(|v| v.rotate_left(7) & 0xffff_ffff).collect();
    let mut out = vec![0u64; x.len()];
    assert!(ins.eval_u64_columns(&exec, &[&x, &y], &mut out));
    for i in 0..x.len() {
        let want = ((x[i] as u32 as i32 as i64 * y[i] as u32 as i32 as i64) >> 32) as u32 as u64;
        assert_eq!(out[i], want, "{i}");
        assert_eq!(out[i], ins.eval(&[x[i], y[i]], &exec).0[0]);
    }
    // A carry: refused, nothing written.
    let cc = Instruction::parse("add.cc.u32").unwrap();
    assert!(!cc.eval_u64_columns(&exec, &[&x, &y], &mut out));
}

/// A column of 2^20 or more narrow sources of a conversion goes through the
/// form's table: every element equals `eval` of its value (an independent
/// check of `cvt.f32.f16` through the host's exact f16 -> f32 widening of
/// the bits, the rest through the stages), and a value above the source's
/// width sends the whole column back to the per-element path.
#[test]
fn long_conversion_columns_use_the_table_and_keep_the_bits() {
    let exec = Setup::default().exec();
    let n = 1 << 20;
    let x: Vec<u64> = (0..n as u64)
        .map(|i| (i * 0x9e37_79b9) >> 11 & 0xffff)
        .collect();
    let mut out = vec![0u64; n];
    // f16 -> f32 by hand: sign, exponent rebias, subnormals normalised;
    // NaNs through the model's own rule (a quirk-table matter).
    let widen = |h: u64| -> Option<u64> {
        let (s, e, m) = ((h >> 15) & 1, (h >> 10) & 0x1f, h & 0x3ff);
        let v = match (e, m) {
            (0, 0) => 0.0f64,
            (0, m) => m as f64 * 2f64.powi(-24),
            (0x1f, 0) => f64::INFINITY,
            (0x1f, _) => return None,
            (e, m) => (1024 + m) as f64 * 2f64.powi(e as i32 - 25),
        };
        let v = if s == 1 { -v } else { v };
        Some(u64::from((v as f32).to_bits()))
    };
    let ins = Instruction::parse("cvt.f32.f16").unwrap();
    assert!(ins.eval_u64_columns(&exec, &[&x], &mut out));
    for i in (0..n).step_by(13) {
        assert_eq!(out[i], ins.eval(&[x[i]], &exec).0[0], "{:#x}", x[i]);
        if let Some(w) = widen(x[i]) {
            assert_eq!(out[i], w, "{:#x}", x[i]);
        }
    }
    for t in [
        "cvt.rni.s32.bf16",
        "cvt.rn.relu.f16x2.e4m3x2",
        "cvt.rn.satfinite.e4m3x2.f16x2",
    ] {
        let ins = Instruction::parse(t).unwrap();
        assert!(ins.eval_u64_columns(&exec, &[&x], &mut out), "{t}");
        for i in (0..n).step_by(29) {
            assert_eq!(out[i], ins.eval(&[x[i]], &exec).0[0], "{t} {:#x}", x[i]);
        }
    }
    // A bit above the source's width: per element, the same as `eval`.
    let mut y = x.clone();
    y[n - 1] |= 1 << 20;
    let ins = Instruction::parse("cvt.f32.f16").unwrap();
    assert!(ins.eval_u64_columns(&exec, &[&y], &mut out));
    assert_eq!(out[n - 1], ins.eval(&[y[n - 1]], &exec).0[0]);
    assert_eq!(out[0], ins.eval(&[y[0]], &exec).0[0]);
}
