//! The interpreter's module handling: declarations, initializers, literals,
//! loads, directives and the diagnostics for malformed programs. Expected
//! values are derived in the comments from the PTX ISA rules they test.

// The closures return the interpreter's own `RunError` (128 bytes, a test
// keeps it so), as `run` does.
#![allow(clippy::result_large_err)]

use ptxfp::interp::{run, Inputs, Options, RunError};
use ptxfp::Target;
use std::collections::HashMap;

fn regs_with(src: &str, inputs: Inputs, opts: &Options) -> HashMap<String, u64> {
    run(src, &inputs, opts)
        .unwrap_or_else(|e| panic!("{src}\n{e}"))
        .regs
        .into_iter()
        .map(|r| (r.name, r.bits))
        .collect()
}

fn regs(src: &str) -> HashMap<String, u64> {
    regs_with(src, Inputs::default(), &Options::default())
}

/// The messages of a failed run, all of them.
fn errors(src: &str) -> Vec<String> {
    errors_with(src, &Options::default())
}

fn errors_with(src: &str, opts: &Options) -> Vec<String> {
    match run(src, &Inputs::default(), opts) {
        Ok(_) => panic!("ran without error:\n{src}"),
        Err(RunError::Program(d)) => vec![d.message],
        Err(RunError::Runtime { error, .. }) => vec![error.message],
        Err(RunError::Diagnostics(ds)) => ds.into_iter().map(|d| d.message).collect(),
        Err(RunError::Input(m)) => vec![m],
        Err(RunError::Unloadable { error, .. }) => vec![error.message],
    }
}

fn warnings(src: &str, opts: &Options) -> Vec<String> {
    run(src, &Inputs::default(), opts)
        .unwrap_or_else(|e| panic!("{src}\n{e}"))
        .warnings
        .into_iter()
        .map(|d| d.message)
        .collect()
}

#[test]
fn initializers_of_every_kind() {
    let src = ".global .align 4 .f32 g = 1.5;\n\
               .global .align 4 .f32 g2[2] = {0f3FC00000, -0.1};\n\
               .global .f64 g3 = 0.1;\n\
               .global .f16 h[2] = {1.5, 1.0};\n\
               .global .s32 si[3] = {5, -2};\n\
               .global .b8 bytes[] = {1, 2, 3};\n\
               .reg .b32 a, b, c, z;\n.reg .b64 e;\n.reg .b16 x, y;\n.reg .b8 t;\n\
               ld.global.b32 a, [g];\nld.global.b32 b, [g2+4];\nld.global.b64 e, [g3];\n\
               ld.global.b16 x, [h];\nld.global.b16 y, [h+2];\nld.global.b32 c, [si+4];\n\
               ld.global.b32 z, [si+8];\nld.global.b8 t, [bytes+2];\n";
    let r = regs(src);
    assert_eq!(r["a"], 0x3fc0_0000); // 1.5 = 1.1b × 2^0
                                     // -0.1 is a binary64 literal (0xbfb999999999999a), then rounded to f32.
    assert_eq!(r["b"], 0xbdcc_cccd);
    assert_eq!(r["e"], 0x3fb9_9999_9999_999a);
    assert_eq!((r["x"], r["y"]), (0x3e00, 0x3c00));
    assert_eq!(r["c"], 0xffff_fffe); // -2 in two's complement
    assert_eq!(r["z"], 0); // elements without an initializer are zero
    assert_eq!(r["t"], 3); // `[]` takes its length from the initializer
}

#[test]
fn bad_initializers_are_errors() {
    for (init, want) in [
        // `1+2` is a constant expression (PTX ISA §4.5.4); a sign with
        // nothing after it is not.
        (
            "{1+, 3}",
            "expected a constant in the constant expression, found `,`",
        ),
        (
            "{(1 << 4) / 0, 3}",
            "division by zero in a constant expression",
        ),
        ("{0xffffffffff}", "does not fit in `.b32`"),
        // An address (`abc`, `generic(abc)`, PTX ISA §5.4.4) names a
        // variable or function of the module.
        (
            "{abc}",
            "`abc` in the initializer of `g` is no variable or function",
        ),
        (
            "{generic(abc)+4, 1}",
            "`abc` in the initializer of `g` is no variable or function",
        ),
        ("{1 2}", "expected `,` or `}` in the initializer, found `2`"),
        ("{1, 2, 3}", "3 initializers for `g`, which has 2 value(s)"),
        (
            "{1,}",
            "expected a constant or an address in the initializer, found `}`",
        ),
        ("{1, 2", "expected `,` or `}` in the initializer, found `;`"),
    ] {
        let src = format!(".global .b32 g[2] = {init};\n.reg .b32 a;\nld.global.b32 a, [g];\n");
        let e = errors(&src);
        assert!(e.iter().any(|m| m.contains(want)), "{init}: {e:?}");
    }
}

#[test]
fn float_literals_follow_ptx() {
    let src = ".reg .f32 a, b, c, d;\n.reg .f16 h;\n\
               mov.f32 a, 1.0e-3;\nmov.f32 b, 1.0e+3;\n\
               mov.f32 c, 0d3FF8000000000000;\n\
               mov.f32 d, 1.000000059604644776257986737988403547205962240695953369140625;\n\
               mov.b16 h, 0x3c00;\n";
    let r = regs(src);
    // 1e-3 as binary64 is 0x3f50624dd2f1a9fc; rounded to binary32 0x3a83126f.
    assert_eq!(r["a"], 0x3a83_126f);
    assert_eq!(r["b"], 0x447a_0000); // 1000 = 1.953125 × 2^9
    assert_eq!(r["c"], 0x3fc0_0000); // the 0d literal 1.5, converted at its use
                                     // 1 + 2^-24 + 2^-60: binary64 first gives 1 + 2^-24, a binary32 tie → 1.0.
    assert_eq!(r["d"], 0x3f80_0000);
}

#[test]
fn integer_constants_are_not_float_operands() {
    // PTX ISA §4.5.1: `010` is octal (8), and §4.5/§6.1: an integer
    // constant does not type-check as a float operand. It used to read as 10.0.
    let e = errors(".reg .f32 f;\nmov.f32 f, 010;\n");
    assert_eq!(
        e,
        ["`010` is an integer constant (octal = 8), but a `.f32` operand takes a floating-point constant (PTX ISA §4.5: constants are type-checked; §6.1: no automatic conversion): write 8.0"]
    );
    for src in [
        ".reg .f64 d;\nmov.f64 d, 1;\n",
        ".reg .f32 a, d;\nmov.f32 a, 1.0;\nfma.rn.f32 d, a, a, 0x3f800000;\n",
        ".reg .b16 a;\n.reg .pred p;\nmov.b16 a, 0x3c00;\nsetp.lt.f16 p, a, 1;\n",
        ".global .f32 g = 2;\n",
    ] {
        let e = errors_with(
            src,
            &Options {
                lenient: true,
                ..Options::default()
            },
        );
        assert!(
            e.iter().any(|m| m.contains("is an integer constant")),
            "{src}: {e:?}"
        );
    }
    // Float constants and integer operands are unchanged: 8.0 = 0x41000000,
    // octal 010 = 8 for a .u32, and a bit-type mov takes the integer's bits.
    let r = regs(".reg .f32 f;\n.reg .u32 u;\n.reg .b32 b;\nmov.f32 f, 8.0;\nmov.u32 u, 010;\nmov.b32 b, 0x3f800000;\n");
    assert_eq!((r["f"], r["u"], r["b"]), (0x4100_0000, 8, 0x3f80_0000));
}

#[test]
fn signed_loads_sign_extend() {
    let src = ".global .b8 buf[16];\n.reg .s32 x, y;\n.reg .s64 w;\n.reg .u32 u;\n\
               ld.global.s8 x, [buf+15];\nld.global.s16 y, [buf+14];\n\
               ld.global.s32 w, [buf+12];\nld.global.u8 u, [buf+15];\n";
    let mut bytes = vec![0u8; 16];
    bytes[12..16].copy_from_slice(&[0x00, 0x80, 0x00, 0xff]);
    let inputs = Inputs {
        mems: vec![("buf".into(), bytes)],
        ..Inputs::default()
    };
    let r = regs_with(src, inputs, &Options::default());
    assert_eq!(r["x"], 0xffff_ffff); // s8 0xff = -1
    assert_eq!(r["y"], 0xffff_ff00); // s16 0xff00 = -256
    assert_eq!(r["w"], 0xffff_ffff_ff00_8000); // s32 0xff008000 < 0
    assert_eq!(r["u"], 0xff); // unsigned: zero-extended
}

#[test]
fn reg_declarations_are_strict() {
    // A missing `;` no longer swallows the next line.
    let e = errors(".reg .b16 a, d\nmov.b16 a, 0x3c00;\nadd.f16 d, a, a;\n");
    assert!(
        e.iter()
            .any(|m| m.contains("expected `,` or `;` after register `d`")),
        "{e:?}"
    );
    let e = errors(".reg .b32 x\nmov.b32 y, 1;\n");
    assert!(
        e.iter()
            .any(|m| m.contains("expected `,` or `;` after register `x`")),
        "{e:?}"
    );
    let e = errors(".reg .b32 x, 1bad;\n");
    assert!(
        e.iter().any(|m| m.contains("expected a register name")),
        "{e:?}"
    );
    let e = errors(".reg .b32 x;\n.reg .b32 x;\nmov.b32 x, 1;\n");
    assert!(
        e.iter().any(|m| m.contains("`x` is declared twice")),
        "{e:?}"
    );
}

#[test]
fn inner_blocks_shadow_registers() {
    // PTX blocks scope declarations: the inner `t` is a register of its own,
    // and after the block the outer one, with its old value, is back.
    let src = ".reg .b16 t, u;\nmov.b16 t, 1;\n{\n.reg .b16 t;\nmov.b16 t, 2;\n}\nmov.b16 u, t;\n";
    let out = run(src, &Inputs::default(), &Options::default()).unwrap();
    let r: Vec<(&str, u64, usize)> = out
        .regs
        .iter()
        .map(|r| {
            (
                r.name.as_str(),
                r.bits,
                r.declared_at.clone().unwrap().start,
            )
        })
        .collect();
    // Declaration order: the outer t (byte 10), u (13), then the inner t
    // (byte 42: 16 + 14 bytes of lines, 2 of "{\n", 10 of ".reg .b16 ").
    assert_eq!(r, [("t", 1, 10), ("u", 1, 13), ("t", 2, 42)]);
    // Another type inside is legal too, and does not change the outer one.
    let src =
        ".reg .b16 t, u;\nmov.b16 t, 1;\n{\n.reg .f32 t;\nmov.f32 t, 2.0;\n}\nmov.b16 u, t;\n";
    let out = run(src, &Inputs::default(), &Options::default()).unwrap();
    let r: Vec<(&str, u64)> = out.regs.iter().map(|r| (r.name.as_str(), r.bits)).collect();
    assert_eq!(r, [("t", 1), ("u", 1), ("t", 0x4000_0000)]);
    // Blocks nest: the innermost declaration wins, each level gets its own back.
    let src = ".reg .b32 t, a, b;\nmov.b32 t, 1;\n{\n.reg .b32 t;\nmov.b32 t, 2;\n\
               {\n.reg .b32 t;\nmov.b32 t, 3;\n}\nmov.b32 a, t;\n}\nmov.b32 b, t;\n";
    let r = regs(src);
    assert_eq!((r["a"], r["b"]), (2, 1));
    // An inner register is gone after its block.
    let e = errors("{\n.reg .b32 x;\nmov.b32 x, 1;\n}\nmov.b32 x, 2;\n");
    assert!(e.iter().all(|m| m.contains("`x` is not declared")), "{e:?}");
    // Two registers `t`: a bare --set t is an error naming both places (it
    // used to set the outer one silently); t@LINE[:COL] says which. The
    // outer t is declared at 1:11 (".reg .b32 " is 10 characters), the
    // inner one at 3:11.
    let set = |name: &str| Inputs {
        sets: vec![(name.into(), "0x7".into())],
        ..Inputs::default()
    };
    let src = ".reg .b32 t, a;\n{\n.reg .b32 t;\nmov.b32 t, 2;\n}\nmov.b32 a, t;\n";
    match run(src, &set("t"), &Options::default()) {
        Err(RunError::Input(m)) => assert_eq!(
            m,
            "--set t: 2 registers are named `t`, declared at 1:11 and 3:11 (a `{ }` block's declaration shadows the name inside that block); say which with --set t@1:11=VALUE or --set t@3:11=VALUE"
        ),
        other => panic!("{other:?}"),
    }
    assert_eq!(regs_with(src, set("t@1"), &Options::default())["a"], 7);
    assert_eq!(regs_with(src, set("t@1:11"), &Options::default())["a"], 7);
    // The inner t is given 7, then overwritten with 2; the outer one is
    // never given, so `a` reads a register never written.
    match run(src, &set("t@3"), &Options::default()) {
        Err(RunError::Runtime { error, .. }) => assert_eq!(
            (error.message.as_str(), error.help.as_deref()),
            (
                "register `t` is read before it is written",
                Some("give it a value with --set t@1:11=VALUE, or run with --lenient")
            )
        ),
        other => panic!("{other:?}"),
    }
    match run(src, &set("t@2"), &Options::default()) {
        Err(RunError::Input(m)) => assert_eq!(
            m,
            "--set t@2: no register `t` is declared at 2; it is declared at 1:11, 3:11"
        ),
        other => panic!("{other:?}"),
    }
    // Two blocks side by side, no outer one: the same.
    let src = "{\n.reg .b32 t;\nmov.b32 t, t;\n}\n{\n.reg .b32 t;\nmov.b32 t, 2;\n}\n";
    match run(src, &set("t"), &Options::default()) {
        Err(RunError::Input(m)) => assert_eq!(
            m,
            "--set t: 2 registers are named `t`, declared at 2:11 and 6:11 (a `{ }` block's declaration shadows the name inside that block); say which with --set t@2:11=VALUE or --set t@6:11=VALUE"
        ),
        other => panic!("{other:?}"),
    }
    // The first block's t is given 7 and copies it; the second's is 2.
    let out = run(src, &set("t@2"), &Options::default()).unwrap();
    let r: Vec<(&str, u64)> = out.regs.iter().map(|r| (r.name.as_str(), r.bits)).collect();
    assert_eq!(r, [("t", 7), ("t", 2)]);
}

#[test]
fn setp_two_destinations_and_integer_compatibility() {
    let src = ".reg .pred p, q;\n.reg .f32 a, b;\n.reg .s32 i;\n.reg .pred r;\n\
               mov.f32 a, 1.0;\nmov.f32 b, 2.0;\nmov.s32 i, -1;\n\
               setp.lt.f32 p|q, a, b;\nsetp.lt.u32 r, i, 1;\n";
    let r = regs(src);
    assert_eq!((r["p"], r["q"]), (1, 0)); // q is the complement of p
    assert_eq!(r["r"], 0); // as .u32, -1 is 0xffffffff, not below 1
}

#[test]
fn set_takes_the_declared_type() {
    let src =
        ".entry k(.param .f32 pf, .param .b32 ph)\n{\n.reg .f32 f;\n.reg .b32 h;\n.reg .f16x2 v;\n\
               ld.param.f32 f, [pf];\nld.param.b32 h, [ph];\nadd.rn.f16x2 v, h, h;\n}\n";
    let inputs = Inputs {
        sets: vec![
            ("pf".into(), "1.5".into()),
            ("ph".into(), "0x3c004000".into()),
        ],
        ..Inputs::default()
    };
    let r = regs_with(src, inputs, &Options::default());
    assert_eq!(r["f"], 0x3fc0_0000);
    assert_eq!(r["v"], 0x4000_4400); // lanes 2+2 = 4 (0x4400), 1+1 = 2 (0x4000)
    let src = ".reg .f16x2 q;\n.reg .f16x2 d;\nadd.rn.f16x2 d, q, q;\n";
    let inputs = Inputs {
        sets: vec![("q".into(), "1.5,2".into())],
        ..Inputs::default()
    };
    let r = regs_with(src, inputs, &Options::default());
    assert_eq!(r["d"], 0x4400_4200); // lane 0: 3.0 = 0x4200, lane 1: 4.0 = 0x4400
}

#[test]
fn lenient_runs_the_spec_blocks_verbatim() {
    // The spec's 9.7.4.4 block uses one undeclared register as .f16 and .bf16.
    let src = "fma.rn.f16 d0, a0, b0, c0;\nfma.rn.bf16 d1, d0, b0, c0;\n";
    let opts = Options {
        lenient: true,
        ..Options::default()
    };
    let r = regs_with(src, Inputs::default(), &opts);
    assert_eq!((r["d0"], r["d1"]), (0, 0)); // 0·0 + 0 = +0 in both formats
                                            // 9.7.4.4's block: `f0` is first a `.f32` cvt source, then loaded as
                                            // `.b32` and used as `.bf16x2`. Lanes: 0x3c00 as bf16 is 2^-7, so
                                            // 2^-7·2^-7 + 2^-7 = 2^-7 + 2^-14 = 0x3c01; 0x4000 = 2: 2·2 + 2 = 6 = 0x40c0.
    let src = "cvt.rn.f16.f32 h0, f0;\nld.global.b32 f0, [addr];\nfma.rn.bf16x2 f2, f0, f0, f0;\n";
    let inputs = Inputs {
        mems: vec![("0".into(), vec![0x00, 0x3c, 0x00, 0x40])],
        ..Inputs::default()
    };
    let r = regs_with(src, inputs, &opts);
    assert_eq!(r["f2"], 0x40c0_3c01);
    // Strict mode still rejects a `.f32` register as a `.bf16x2` operand.
    let e = errors(".reg .f32 f;\n.reg .b32 d;\nmov.f32 f, 1.0;\nfma.rn.bf16x2 d, f, f, f;\n");
    assert!(e.iter().any(|m| m.contains("`f`")), "{e:?}");
}

#[test]
fn version_and_target_checks_cover_cvt_and_setp() {
    let e = errors(
        ".version 6.5\n.target sm_80\n.reg .f32 a, b;\n.reg .b32 x;\ncvt.rn.bf16x2.f32 x, a, b;\n",
    );
    assert!(
        e.iter()
            .any(|m| m.contains("requires PTX ISA 7.0 or later; the module is 6.5")),
        "{e:?}"
    );
    let e = errors(
        ".version 7.8\n.target sm_80\n.reg .b16 a, b;\n.reg .pred p;\nsetp.lt.bf16 p, a, b;\n",
    );
    assert!(
        e.iter()
            .any(|m| m.contains("requires sm_90 or higher; the target is sm_80")),
        "{e:?}"
    );
    let e = errors(
        ".version 4.0\n.target sm_50\n.reg .b16 a, b;\n.reg .pred p;\nsetp.lt.f16 p, a, b;\n",
    );
    assert!(
        e.iter().any(|m| m.contains("requires PTX ISA 4.2")),
        "{e:?}"
    );
    // The module header itself: ptxas rejects a target newer than the
    // version (PTX ISA 7.8 introduced sm_90), so the run does too.
    let e = errors(".version 7.0\n.target sm_90\n.reg .b16 a;\nmov.b16 a, 1;\n");
    assert!(
        e.iter().any(
            |m| m.contains("`.target sm_90` needs PTX ISA 7.8 or later, but the module is 7.0")
        ),
        "{e:?}"
    );
}

#[test]
fn the_device_defaults_to_the_code_target() {
    // With no --device, code for sm_100 runs on an sm_100 device: the
    // mixed-precision add (sm_100) runs. 1.0 (bf16 0x3f80) + 0.5 = 1.5.
    let src = ".version 8.6\n.target sm_100\n.reg .b16 a;\n.reg .f32 c, d;\n\
               mov.b16 a, 0x3f80;\nmov.f32 c, 0.5;\nadd.rn.f32.bf16 d, a, c;\n";
    let out = run(src, &Inputs::default(), &Options::default()).unwrap();
    assert_eq!(out.device, Target::sm(100));
    assert_eq!(regs(src)["d"], 0x3fc0_0000);
    // --target sets it too, and a snippet with neither gets the one default
    // target, sm_100 (Target::DEFAULT), for both.
    let snippet = ".reg .b16 a;\nmov.b16 a, 1;\n";
    let opts = Options {
        target: Some(Target::sm(80)),
        ..Options::default()
    };
    let out = run(snippet, &Inputs::default(), &opts).unwrap();
    assert_eq!(
        (out.code_target, out.device),
        (Target::sm(80), Target::sm(80))
    );
    let out = run(snippet, &Inputs::default(), &Options::default()).unwrap();
    assert_eq!(
        (out.code_target, out.device),
        (Target::sm(100), Target::sm(100))
    );
    // A device older than the code's target could not load it: an error.
    let e = errors_with(
        src,
        &Options {
            device: Some(Target::sm(90)),
            ..Options::default()
        },
    );
    assert_eq!(
        e,
        ["--device sm_90 cannot run this code: code for sm_100 cannot run on an sm_90 device (a device runs code for its own target and older ones)"]
    );
    // Also when the target comes from --target (no place in the file to point at).
    let e = errors_with(
        snippet,
        &Options {
            target: Some(Target::sm(90)),
            device: Some(Target::sm(80)),
            ..Options::default()
        },
    );
    assert_eq!(e.len(), 1);
    assert!(
        e[0].starts_with(
            "--device sm_80 cannot run this code: code for sm_90 cannot run on an sm_80 device"
        ),
        "{e:?}"
    );
    // The error is its own kind (the C API's PTXFP_ERR_DEVICE), placed at
    // `.target` where that named the target.
    let on = |src: &str, target: Option<Target>, device: Target| {
        let opts = Options {
            target,
            device: Some(device),
            ..Options::default()
        };
        run(src, &Inputs::default(), &opts).unwrap_err()
    };
    let placed = on(src, None, Target::sm(90));
    assert!(placed.is_unloadable());
    let RunError::Unloadable { error, at_target } = &placed else {
        panic!("{placed:?}")
    };
    assert!(*at_target);
    assert_eq!(&src[error.span.clone()], "sm_100");
    let flag = on(snippet, Some(Target::sm(90)), Target::sm(80));
    assert!(matches!(
        flag,
        RunError::Unloadable {
            at_target: false,
            ..
        }
    ));
    assert!(
        flag.to_string().ends_with(
            "(the target is --target sm_90)\n  help: leave out --device (it defaults to the code's target, sm_90), or give one that runs sm_90 code"
        ),
        "{flag}"
    );
}

#[test]
fn every_instruction_is_validated_before_any_runs() {
    let lenient = Options {
        lenient: true,
        ..Options::default()
    };
    // Predicated off (p is false): fma.rn.bf16 needs PTX ISA 7.0 and sm_80.
    let off = ".version 4.2\n.target sm_53\n.reg .b16 a, d;\n.reg .pred p;\n\
               setp.eq.u32 p, 1, 0;\n@p fma.rn.bf16 d, a, a, a;\n";
    let want = [
        "fma.bf16 requires PTX ISA 7.0 or later; the module is 4.2",
        "fma.bf16 requires sm_80 or higher; the target is sm_53",
    ];
    assert_eq!(errors_with(off, &lenient), want);
    assert_eq!(errors(off), want);
    // Jumped over: a cvt and an fma.f64 that `ptxfp check` does not cover.
    let over = ".version 1.3\n.target sm_13\n.reg .f64 x;\n.reg .b32 d;\n.reg .f32 a;\n\
                bra L;\ncvt.rn.bf16x2.f32 d, a, a;\nfma.rn.f64 x, x, x, x;\nL:\nret;\n";
    let want = [
        "`cvt.rn.bf16x2.f32` requires PTX ISA 7.0 or later; the module is 1.3",
        "`cvt.rn.bf16x2.f32` requires sm_80 or higher; the target is sm_13",
        "fma.f64 requires PTX ISA 1.4 or later; the module is 1.3",
    ];
    assert_eq!(errors_with(over, &lenient), want);
    assert_eq!(errors(over), want);
    // A malformed form that never runs is an error too.
    let e = errors_with("bra L;\nadd.rz.f16 d, a, b;\nL:\nret;\n", &lenient);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].contains(".rz is not allowed for add.f16"), "{e:?}");
}

#[test]
fn entry_chooses_the_function_to_run() {
    // Two kernels with the same parameter name: each has its own.
    let src = ".version 8.6\n.target sm_90\n\
               .visible .entry first(.param .u32 p)\n{\n.reg .u32 x;\nld.param.u32 x, [p];\nret;\n}\n\
               .visible .entry second(.param .u32 p)\n{\n.reg .u32 y;\nld.param.u32 y, [p];\nadd.u32 y, y, 1;\nret;\n}\n\
               .func helper()\n{\nret;\n}\n";
    let with = |entry: Option<&str>| Options {
        entry: entry.map(String::from),
        ..Options::default()
    };
    let inputs = Inputs {
        sets: vec![("p".into(), "41".into())],
        ..Inputs::default()
    };
    let out = run(src, &inputs, &with(Some("second"))).unwrap();
    assert_eq!(out.entry.as_deref(), Some("second"));
    let r: Vec<(String, u64)> = out.regs.into_iter().map(|r| (r.name, r.bits)).collect();
    assert_eq!(r, [("y".to_string(), 42)]);
    let out = run(src, &inputs, &with(Some("first"))).unwrap();
    let r: Vec<(String, u64)> = out.regs.into_iter().map(|r| (r.name, r.bits)).collect();
    assert_eq!(r, [("x".to_string(), 41)]);
    // Several entries and no --entry: say which there are and how to choose.
    assert_eq!(
        errors_with(src, &with(None)),
        ["the module has 2 entry functions (first, second); choose the one to run with --entry NAME, e.g. --entry first"]
    );
    assert_eq!(
        errors_with(src, &with(Some("secnd"))),
        ["--entry secnd: no .entry `secnd`; the module's entry functions are first, second (did you mean --entry second?)"]
    );
    assert_eq!(
        errors_with(src, &with(Some("helper"))),
        ["--entry helper: `helper` is a .func, not an .entry; the module's entry functions are first, second (did you mean --entry second?)"]
    );
    // A snippet has no entry to choose.
    assert_eq!(
        errors_with(".reg .b32 x;\nmov.b32 x, 1;\n", &with(Some("k"))),
        ["--entry k: no .entry `k`, and the module has no .entry function: leave out --entry to run it as a snippet"]
    );
    // One entry runs without --entry, as before.
    let one = ".entry k(.param .u32 p)\n{\n.reg .u32 x;\nld.param.u32 x, [p];\n}\n";
    let out = run(one, &inputs, &Options::default()).unwrap();
    assert_eq!(out.entry.as_deref(), Some("k"));
    assert_eq!(out.regs[0].bits, 41);
}

/// PTX ISA §11.1.4: "subsequent .target directives can be used to change
/// the set of target features allowed during parsing. A program with
/// multiple .target directives will compile and run only on devices that
/// support all features of the highest-numbered architecture listed in the
/// program." `.target sm_10` then `.target sm_13` takes `.f64` (sm_13); a
/// later lower target or options alone leave the highest.
#[test]
fn later_target_directives_raise_the_target() {
    let f64s = ".version 1.4\n.target sm_10\n.target sm_13\n.reg .f64 a, b;\n\
                mov.f64 a, 0d3FF8000000000000;\nadd.f64 b, a, a;\n";
    assert_eq!(regs(f64s)["b"], 3.0f64.to_bits());
    let only_sm10 = ".version 1.4\n.target sm_10\n.reg .f64 a, b;\n\
                     mov.f64 a, 0d3FF8000000000000;\nadd.f64 b, a, a;\n";
    assert!(
        errors(only_sm10)
            .iter()
            .any(|m| m.contains("requires sm_13 or higher")),
        "{:?}",
        errors(only_sm10)
    );
    for (src, want) in [
        (".version 7.8\n.target sm_90\n.target sm_80\n", "sm_90"),
        (
            ".version 3.1\n.target sm_20\n.target texmode_independent\n",
            "sm_20",
        ),
        (".version 3.1\n.target sm_20\n.target sm_35\n", "sm_35"),
    ] {
        let src = format!("{src}.reg .b32 x;\nmov.b32 x, 1;\n");
        let out = run(&src, &Inputs::default(), &Options::default())
            .unwrap_or_else(|e| panic!("{src}\n{e}"));
        assert_eq!(out.code_target.to_string(), want, "{src}");
    }
}

#[test]
fn directives_labels_and_blocks() {
    for (src, want) in [
        (".target sm_90, bogus\n", "unknown `.target` entry `bogus`"),
        (
            ".target sm_90\n.target sm_80, sm_86\n",
            "`.target` names two sm targets",
        ),
        (
            ".version 8.0\n.version 8.1\n",
            "a second `.version` directive",
        ),
        ("{\n.reg .b32 x;\n", "`{` is never closed"),
        ("}\n", "`}` without a matching `{`"),
        ("L1:\nL1:\nret;\n", "label `L1` is defined twice"),
        ("bra NOWHERE;\n", "no label `NOWHERE` is defined"),
    ] {
        let e = errors(src);
        assert!(e.iter().any(|m| m.contains(want)), "{src}: {e:?}");
    }
}

#[test]
fn memory_rules() {
    let base = ".global .align 4 .b8 buf[8];\n.const .b32 c;\n.reg .b32 x;\n";
    let opts = Options::default();
    let run_mem = |body: &str| {
        run(
            &format!("{base}{body}"),
            &Inputs {
                mems: vec![("buf".into(), vec![0; 8])],
                ..Inputs::default()
            },
            &opts,
        )
    };
    let e = run_mem("ld.global.b32 x, [buf+2];\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("misaligned access"), "{e}");
    let e = run_mem("mov.b32 x, 1;\nst.const.b32 [c], x;\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("read-only"), "{e}");
    let e = run_mem("ld.local.b32 x, [buf];\n").unwrap_err().to_string();
    assert!(e.contains("`buf` is a `.global` variable"), "{e}");
    assert!(run_mem("ld.global.b32 x, [buf+4];\n").is_ok());
}

#[test]
fn every_static_error_is_reported() {
    // The 9.7.5.1 erratum's `fa`, never declared, with 9.7.5.3's `.sat`
    // written twice (`.sat` only after the types is a warning: docs/NVIDIA.md
    // "Modifier order").
    let src =
        ".version 8.6\n.target sm_100\n.reg .f32 fc, fd;\nadd.rz.sat.f32.bf16.sat fd, fa, fc;\n";
    let e = errors_with(
        src,
        &Options {
            device: Some(Target::sm(100)),
            ..Options::default()
        },
    );
    assert!(e.len() >= 2, "{e:?}");
    assert!(e.iter().any(|m| m.contains(".sat")), "{e:?}");
    assert!(
        e.iter().any(|m| m.contains("`fa` is not declared")),
        "{e:?}"
    );
}

#[test]
fn fma_f32_and_f64_run_as_mad() {
    // 9.7.3.7: "mad.{f32,f64} is the same as fma.{f32,f64}". a = b = 1 + 2^-12,
    // c = -1: a·b + c = 2^-11 + 2^-24 exactly, one rounding (0x3a000400);
    // under .rz the same (exact in binary32). In f64 it is exact as well.
    let src = ".reg .f32 a, b, c, d, e;\n.reg .f64 x, y, z, w;\n\
               mov.f32 a, 0f3F800800;\nmov.f32 b, 0f3F800800;\nmov.f32 c, 0fBF800000;\n\
               fma.rn.f32 d, a, b, c;\nfma.rz.ftz.sat.f32 e, a, b, c;\n\
               mov.f64 x, 0d3FF0010000000000;\nmov.f64 y, 0d3FF0010000000000;\nmov.f64 z, 0dBFF0000000000000;\n\
               fma.rn.f64 w, x, y, z;\n";
    let r = regs(src);
    assert_eq!(r["d"], 0x3a00_0400);
    assert_eq!(r["e"], 0x3a00_0400);
    // (1 + 2^-12)^2 - 1 = 2^-11 + 2^-24 = 2^-11 (1 + 2^-13): exponent -11 → 0x3f4,
    // fraction 2^-13 = bit 39 of 52.
    assert_eq!(r["w"], 0x3f40_0080_0000_0000);
    // 9.7.3.6: fma.f32 and fma.f64 take a rounding modifier, no default.
    let e = errors(".reg .f32 a;\nfma.f32 a, a, a, a;\n");
    assert_eq!(
        e,
        ["fma.f32 requires a rounding modifier (9.7.3.6: .rnd has no default)"]
    );
}

#[test]
fn fma_f32_and_f64_follow_fmas_own_rules() {
    // Messages name the fma rule, not the mad form that computes it.
    let e = errors(".version 2.0\n.target sm_13\n.reg .f32 a;\nfma.rn.f32 a, a, a, a;\n");
    assert_eq!(e, ["fma.f32 requires sm_20 or higher; the target is sm_13"]);
    // 9.7.3.6: "fma.f64 introduced in PTX ISA version 1.4"; mad.rn.f64 is
    // legal at 1.3 (9.7.3.7 gives mad no version), fma.rn.f64 is not.
    let src = |op: &str| format!(".version 1.3\n.target sm_13\n.reg .f64 a;\n{op} a, a, a, a;\n");
    let e = errors(&src("fma.rn.f64"));
    assert_eq!(
        e,
        ["fma.f64 requires PTX ISA 1.4 or later; the module is 1.3"]
    );
    let e = errors(&src("mad.rn.f64"));
    assert_eq!(e, ["register `a` is read before it is written"]);
    // fma.rnd.f64 has no .ftz and no .sat.
    let e = errors(".reg .f64 a;\nfma.rn.sat.f64 a, a, a, a;\n");
    assert_eq!(
        e,
        [".sat is not allowed for fma.f64: f64 forms take no .sat"]
    );
}

#[test]
fn sm1x_mad_on_a_later_device_says_so() {
    let src =
        ".version 1.4\n.target sm_13\n.reg .f32 d, a;\nmov.f32 a, 1.0;\nmad.f32 d, a, a, a;\n";
    // The device defaults to the code's target, sm_13: sm_1x semantics, no warning.
    let w = warnings(src, &Options::default());
    assert!(w.is_empty(), "{w:?}");
    let w = warnings(
        src,
        &Options {
            device: Some(Target::sm(90)),
            ..Options::default()
        },
    );
    assert!(
        w.iter()
            .any(|m| m.contains("runs as fma.rn.ftz.f32 on the sm_90 device")),
        "{w:?}"
    );
}

#[test]
fn a_module_of_funcs_runs_the_one_chosen() {
    // 0f40000000 = 2.0; 0f3F800000 = 1.0.
    let src = ".func f()\n{\n.reg .f32 x;\nmov.f32 x, 0f3F800000;\nret;\n}\n\
               .func g()\n{\n.reg .f32 y;\nmov.f32 y, 0f40000000;\nret;\n}\n";
    let opts = Options {
        entry: Some("g".into()),
        ..Options::default()
    };
    let out = run(src, &Inputs::default(), &opts).unwrap();
    assert_eq!(out.entry.as_deref(), Some("g"));
    let r: Vec<(String, u64)> = out.regs.into_iter().map(|r| (r.name, r.bits)).collect();
    assert_eq!(r, [("y".to_string(), 0x4000_0000)]);
    assert_eq!(
        errors(src),
        ["the module has no .entry function and 2 .func functions (f, g); choose the one to run with --entry NAME, e.g. --entry f"]
    );
    // With an .entry, a .func is not chosen (as before).
    let src = format!("{src}.entry k()\n{{\nret;\n}}\n");
    assert_eq!(
        run(&src, &Inputs::default(), &Options::default())
            .unwrap()
            .entry
            .as_deref(),
        Some("k")
    );
}

#[test]
fn static_errors_before_entry_selection() {
    let src = ".entry a()\n{\nret;\n}\n.entry a()\n{\nret;\n}\n";
    assert_eq!(
        errors(src),
        ["`a` is defined twice: a second function body with this name"]
    );
}

#[test]
fn fixes_name_the_flags_given() {
    // add.bf16 needs sm_90 and PTX 7.8: with --target sm_80 the one error
    // says --target (it came twice, once with `.target`).
    let src =
        ".version 8.6\n.target sm_90\n.reg .b16 a, d;\nmov.b16 a, 0x3f80;\nadd.bf16 d, a, a;\n";
    for lenient in [false, true] {
        let opts = Options {
            target: Some(Target::sm(80)),
            lenient,
            ..Options::default()
        };
        match run(src, &Inputs::default(), &opts) {
            Err(RunError::Program(d)) => assert_eq!(
                (d.message.as_str(), d.help.as_deref()),
                (
                    "add.bf16 requires sm_90 or higher; the target is sm_80",
                    Some("use --target sm_90 or higher")
                )
            ),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn mem_inputs_stay_in_their_variable() {
    let src = ".global .b8 buf[16];\n.reg .b32 x;\nld.global.b32 x, [buf];\n";
    let with = |at: &str, n: usize| {
        run(
            src,
            &Inputs {
                mems: vec![(at.into(), vec![0; n])],
                ..Inputs::default()
            },
            &Options::default(),
        )
    };
    assert!(with("buf", 16).is_ok());
    assert!(with("buf+12", 4).is_ok());
    for (at, n, want) in [
        ("buf+13", 4, "--mem buf+13: 4 bytes at offset 13 reach offset 17, past the end of `buf` (16 bytes: offsets 0 to 15); 3 fit there"),
        ("buf", 17, "--mem buf: 17 bytes at offset 0 reach offset 17, past the end of `buf` (16 bytes: offsets 0 to 15); 16 fit there"),
        ("buf", 0, "--mem buf=: no bytes given: write them in hex after `=`, e.g. buf=00"),
    ] {
        match with(at, n) {
            Err(RunError::Input(m)) => assert_eq!(m, want),
            other => panic!("{at} {n}: {other:?}"),
        }
    }
    // A numeric address is raw memory: no variable to stay in.
    assert!(with("0x10000000", 32).is_ok());
}

#[cfg(unix)]
#[test]
fn mem_files_are_read_no_further_than_they_fit() {
    let src = ".global .b8 buf[16];\n.reg .b32 x;\nld.global.b32 x, [buf];\n";
    let with = |at: &str| {
        run(
            src,
            &Inputs {
                mem_files: vec![(at.into(), "/dev/zero".into())],
                ..Inputs::default()
            },
            &Options::default(),
        )
    };
    match with("buf+8") {
        Err(RunError::Input(m)) => assert_eq!(m, "--mem-file buf+8=/dev/zero: the file has more than the 8 bytes that fit in `buf` from offset 8 (`buf` has 16 bytes)"),
        other => panic!("{other:?}"),
    }
    match with("0x100") {
        Err(RunError::Input(m)) => assert_eq!(m, "--mem-file 0x100=/dev/zero: the file is larger than 16 MiB, the most a --mem-file gives"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_run_time_error_keeps_the_trace() {
    let src = ".reg .b32 x, y;\nmov.b32 x, 7;\nld.global.b32 y, [0x100];\n";
    let opts = Options {
        trace: true,
        ..Options::default()
    };
    match run(src, &Inputs::default(), &opts) {
        Err(RunError::Runtime { error, before }) => {
            let trace = &before.trace;
            assert!(
                error.message.contains("never given or written"),
                "{error:?}"
            );
            let t: Vec<String> = trace.iter().map(|t| t.text()).collect();
            assert_eq!(t, ["mov.b32 x, 7  [0x00000007] -> 0x00000007  b32"]);
            assert_eq!(trace[0].inputs, [(7, ptxfp::PtxType::B32)]);
            assert_eq!(trace[0].result, Some((7, ptxfp::PtxType::B32)));
        }
        other => panic!("{other:?}"),
    }
}

/// PTX ISA §6.4.2, arrays as operands: "The expression within square
/// brackets is [...] a constant integer", and the examples `ld.global.u32
/// s, a[N-1];` and `mov.u32 s, a[1]; // move address of a[1] into s`: an
/// element is the array's address plus the index times the element's size,
/// read through by `ld`, taken as a value by `mov` (tinygrad writes
/// `mov.u64 %rd0, local0[0];`).
#[test]
fn array_elements_as_addresses_and_as_values() {
    let src = ".version 7.5\n.target sm_86\n.global .align 4 .u32 w[4] = {10, 11, 12, 13};\n\
               .global .align 8 .b8 bytes[16];\n.reg .u64 base, e0, e3, b5;\n.reg .u32 v1, v3, lo;\n\
               mov.u64 base, w;\nmov.u64 e0, w[0];\nmov.u64 e3, w[3];\nmov.u64 b5, bytes[5];\n\
               mov.u32 lo, w[2*1];\nld.global.u32 v1, w[1];\nld.global.u32 v3, w[4-1];\n";
    let r = regs(src);
    assert_eq!(r["e0"], r["base"]);
    assert_eq!(r["e3"], r["base"] + 12);
    assert_eq!(r["lo"], (r["base"] + 8) & 0xffff_ffff);
    assert_eq!((r["v1"], r["v3"]), (11, 13));
    let bytes = regs(".version 7.5\n.target sm_86\n.global .b8 bytes[16];\n.reg .u64 a, b;\nmov.u64 a, bytes;\nmov.u64 b, bytes[5];\n");
    assert_eq!(bytes["b"], bytes["a"] + 5);
    // The step is the element's size: a `.v4 .f32` element is 16 bytes.
    let v = regs(".version 7.5\n.target sm_86\n.global .align 16 .v4 .f32 q[3];\n.reg .u64 a, b;\nmov.u64 a, q;\nmov.u64 b, q[2];\n");
    assert_eq!(v["b"], v["a"] + 32);
    // A register index is the ISA's too, but not taken: the error says how
    // to compute the address instead. `[w]` stays an address, not a value.
    let e = errors(".version 7.5\n.target sm_86\n.global .u32 w[4];\n.reg .u32 i, v;\nmov.u32 i, 1;\nld.global.u32 v, w[i];\n");
    assert!(
        e[0].contains("an array element takes a constant integer index"),
        "{e:?}"
    );
    assert!(e[0].contains("mad.wide.u32"), "{e:?}");
    let e =
        errors(".version 7.5\n.target sm_86\n.global .u32 w[4];\n.reg .u64 a;\nmov.u64 a, [w];\n");
    assert!(
        e[0].contains("`mov.u64`: this operand must be a value, not an address"),
        "{e:?}"
    );
}
