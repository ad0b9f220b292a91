//! `div`, `rcp` and `sqrt` without a modifier, as PTX ISA 1.0 to 1.3 wrote
//! them (9.7.3.8, 9.7.3.13, 9.7.3.15 PTX ISA Notes): "`div.f32` defaults to
//! `div.approx.ftz.f32`, and `div.f64` defaults to `div.rn.f64`"; "For PTX
//! ISA version 1.4 and later, one of `.approx`, `.full`, or `.rnd` is
//! required". The `.f64` forms' bits are checked against the independent
//! reference in tests/oracle.rs (testdata/vectors/legacy_f64_sm13.txt).

use ptxfp::prelude::*;
use ptxfp::{Exec, Form, HwProfile, PtxVersion, Target};

fn sm13() -> Exec {
    Exec {
        code_target: Target::sm(13),
        device: Target::sm(13),
        ptx: PtxVersion::new(1, 3),
        hw: HwProfile::NVIDIA,
    }
}

#[test]
fn legal_up_to_ptx_1_3_and_refused_after() {
    for (op, ty) in [
        ("div", "f32"),
        ("div", "f64"),
        ("rcp", "f32"),
        ("rcp", "f64"),
        ("sqrt", "f32"),
        ("sqrt", "f64"),
    ] {
        let f = Form::parse(&format!("{op}.{ty}")).unwrap();
        let sm = if ty == "f64" { 13 } else { 10 };
        assert!(
            f.validate(PtxVersion::new(1, 3), Target::sm(sm)).is_empty(),
            "{f}"
        );
        let d = f.validate(PtxVersion::new(1, 4), Target::sm(20));
        assert_eq!(d.len(), 1, "{f}: {d:?}");
        assert!(d[0].is_error());
        assert!(
            d[0].message.contains("from PTX ISA 1.4"),
            "{}",
            d[0].message
        );
        let help = d[0].help.as_deref().unwrap_or("");
        let legacy = if ty == "f32" { ".approx.ftz" } else { ".rn" };
        assert!(
            help.contains(&format!("legacy {op}.{ty} means {op}{legacy}.{ty}")),
            "{help}"
        );
        assert_eq!(f.is_approx(), ty == "f32", "{f}");
    }
}

/// The `.f32` forms are the `.approx.ftz` forms: the same bits, subnormal
/// inputs and results flushed, flagged approximate.
#[test]
fn f32_forms_are_the_approx_ftz_forms() {
    let exec = sm13();
    let edges: [u64; 12] = [
        0,
        0x8000_0000,
        1,
        0x8000_0001,
        0x007f_ffff,
        0x0080_0000,
        0x3f80_0000,
        0x4040_0000,
        0x7f7f_ffff,
        0x7f80_0000,
        0x7fc0_0000,
        0xbf80_0001,
    ];
    for op in ["div", "rcp", "sqrt"] {
        let legacy = Form::parse(&format!("{op}.f32")).unwrap();
        let meant = Form::parse(&format!("{op}.approx.ftz.f32")).unwrap();
        for &a in &edges {
            for &b in &edges {
                let s = [a, b];
                let n = legacy.op().arity();
                assert_eq!(
                    legacy.eval(&s[..n], &exec),
                    meant.eval(&s[..n], &exec),
                    "{legacy} {s:x?}"
                );
                // Also where the device is not sm_1x: the meaning stays.
                let on90 = Exec {
                    device: Target::sm(90),
                    ..exec
                };
                assert_eq!(
                    legacy.eval(&s[..n], &on90),
                    meant.eval(&s[..n], &on90),
                    "{legacy} {s:x?} on sm_90"
                );
            }
        }
        // A subnormal result flushes: 2^-126 / 2 (div) is 2^-127.
        if op == "div" {
            assert_eq!(legacy.eval(&[0x0080_0000, 0x4000_0000], &exec), 0);
        }
    }
}

/// `rsqrt`, `sin`, `cos`, `lg2`, `ex2` without `.approx` (9.7.3.16-21 PTX
/// ISA Notes): "For PTX ISA versions 1.0 through 1.3, `sin.f32` defaults to
/// `sin.approx.ftz.f32`"; "`rsqrt.f64` defaults to `rsqrt.approx.f64`";
/// from 1.4 on `.approx` is required.
#[test]
fn approx_only_forms_default_to_approx() {
    let exec = sm13();
    let pairs = [
        ("rsqrt.f32", "rsqrt.approx.ftz.f32"),
        ("rsqrt.f64", "rsqrt.approx.f64"),
        ("sin.f32", "sin.approx.ftz.f32"),
        ("cos.f32", "cos.approx.ftz.f32"),
        ("lg2.f32", "lg2.approx.ftz.f32"),
        ("ex2.f32", "ex2.approx.ftz.f32"),
    ];
    for (legacy, meant) in pairs {
        let (l, m) = (Form::parse(legacy).unwrap(), Form::parse(meant).unwrap());
        assert!(l.is_approx(), "{l}");
        let sm = if legacy.ends_with("f64") { 13 } else { 10 };
        assert!(
            l.validate(PtxVersion::new(1, 3), Target::sm(sm)).is_empty(),
            "{l}"
        );
        let d = l.validate(PtxVersion::new(1, 4), Target::sm(sm));
        assert!(
            d.iter()
                .any(|d| d.is_error() && d.message.contains("requires .approx from PTX ISA 1.4")),
            "{l}: {d:?}"
        );
        let xs: [u64; 8] = if legacy.ends_with("f64") {
            [
                0,
                1,
                0x0010_0000_0000_0000,
                0x3fe0_0000_0000_0000,
                0x4000_0000_0000_0000,
                0x7ff0_0000_0000_0000,
                0x8000_0000_0000_0001,
                0x7ff8_0000_0000_0000,
            ]
        } else {
            [
                0,
                1,
                0x0080_0000,
                0x3f00_0000,
                0x4000_0000,
                0x7f80_0000,
                0x8000_0001,
                0xc2f0_0000,
            ]
        };
        for x in xs {
            assert_eq!(l.eval(&[x], &exec), m.eval(&[x], &exec), "{l} {x:#x}");
        }
    }
    // tanh came with .approx (PTX ISA 7.0): no legacy spelling.
    assert!(Form::parse("tanh.f32").is_err());
}
