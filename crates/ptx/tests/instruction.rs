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
