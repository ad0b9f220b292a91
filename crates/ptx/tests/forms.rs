//! The set of forms, printing and parsing, and the accept/reject tables of
//! the syntax, the errata and the version/target rules.

use ptxfp::{Clamp, Form, FormType, Opcode, PtxType, PtxVersion, Severity, Target};

fn count(pred: impl Fn(&Form) -> bool) -> usize {
    Form::all().iter().filter(|f| pred(f)).count()
}

#[test]
fn there_are_164_syntax_line_spellings_plus_legacy_mad_f64() {
    use FormType::*;
    // The seed family (min and max are counted below).
    let count = |pred: &dyn Fn(&Form) -> bool| count(|f: &Form| seed(f) && pred(f));
    let half16 = |f: &Form| matches!(f.ty(), F16 | F16x2);
    let not_fma = |f: &Form| matches!(f.op(), Opcode::Add | Opcode::Sub | Opcode::Mul);
    // add/sub/mul{.rn}{.ftz}{.sat}.{f16,f16x2}: 3 ops × 2 (.rn or not) × 2 × 2 × 2 types.
    assert_eq!(count(&|f| half16(f) && not_fma(f)), 48);
    // add/sub/mul{.rn}.{bf16,bf16x2}
    assert_eq!(count(&|f| f.ty().is_bf16() && not_fma(f)), 12);
    let fma = |f: &Form| f.op() == Opcode::Fma && f.ty().is_half();
    // fma.rn{.ftz}{.sat}.{f16,f16x2}
    assert_eq!(
        count(&|f| fma(f) && half16(f) && !f.oob() && f.clamp() != Clamp::Relu),
        8
    );
    // fma.rn{.ftz}.relu.{f16,f16x2}
    assert_eq!(
        count(&|f| fma(f) && half16(f) && !f.oob() && f.clamp() == Clamp::Relu),
        4
    );
    // fma.rn{.relu}.{bf16,bf16x2}
    assert_eq!(count(&|f| fma(f) && f.ty().is_bf16() && !f.oob()), 4);
    // fma.rn.oob{.relu}.{f16,f16x2,bf16,bf16x2}
    assert_eq!(count(&|f| fma(f) && f.oob()), 8);
    // mad{.ftz}{.sat}.f32 (sm_1x line)
    assert_eq!(
        count(&|f| f.op() == Opcode::Mad && f.ty() == F32 && f.rnd().is_none()),
        4
    );
    // mad.rnd{.ftz}{.sat}.f32
    assert_eq!(
        count(&|f| f.op() == Opcode::Mad && f.ty() == F32 && f.rnd().is_some()),
        16
    );
    // mad.rnd.f64
    assert_eq!(count(&|f| f.ty() == F64 && f.rnd().is_some()), 4);
    // add/sub{.rnd}{.sat}.f32.{f16,bf16}: 2 ops × 5 × 2 × 2.
    assert_eq!(count(&|f| f.ty().is_mixed() && f.op() != Opcode::Fma), 40);
    // fma.rnd{.sat}.f32.{f16,bf16}
    assert_eq!(count(&|f| f.ty().is_mixed() && f.op() == Opcode::Fma), 16);
    // legacy mad.f64
    assert_eq!(count(&|f| f.ty() == F64 && f.rnd().is_none()), 1);
    assert_eq!(48 + 12 + 8 + 4 + 4 + 8 + 4 + 16 + 4 + 40 + 16, 164);
    assert_eq!(count(&|_| true), 164 + 1);
    // The reading without optional-.rn spellings gives 126, not 164.
    assert_eq!(
        count(&|f| f.rnd().is_some() || f.op() == Opcode::Mad),
        126 + 1
    );
}

/// The forms of the five seed sections (not min/max, not 9.7.3.6's fma on
/// .f32/.f64).
fn seed(f: &Form) -> bool {
    matches!(
        f.op(),
        Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Fma | Opcode::Mad
    ) && !wide_fma(f)
        && !plain_f32_f64(f)
        && f.ty() != FormType::F32x2
}

/// 9.7.3.3-6 on `.f32x2` (PTX ISA 8.6, sm_100): "add{.rnd}{.ftz}.f32x2 d, a,
/// b;" (sub, mul alike): 5 roundings (none included) × 2; "fma.rnd{.ftz}.f32x2
/// d, a, b, c;": 4 × 2. No `.sat`.
#[test]
fn the_f32x2_family_has_38_spellings() {
    let x2 = |op: Opcode| count(|f| f.ty() == FormType::F32x2 && f.op() == op);
    for op in [Opcode::Add, Opcode::Sub, Opcode::Mul] {
        assert_eq!(x2(op), 10);
    }
    assert_eq!(x2(Opcode::Fma), 8);
    assert_eq!(count(|f| f.ty() == FormType::F32x2), 38);
    assert_eq!(
        count(|f| f.ty() == FormType::F32x2 && f.clamp() != Clamp::None),
        0
    );
    for f in Form::all().iter().filter(|f| f.ty() == FormType::F32x2) {
        // "add.f32x2 introduced in PTX ISA version 8.6", "requires sm_100".
        assert!(
            f.validate(PtxVersion::new(8, 5), Target::sm(100))
                .iter()
                .any(|d| d.is_error()),
            "{f}"
        );
        assert!(
            f.validate(PtxVersion::new(8, 6), Target::sm(90))
                .iter()
                .any(|d| d.is_error()),
            "{f}"
        );
        assert!(
            !f.validate(PtxVersion::new(8, 6), Target::sm(100))
                .iter()
                .any(|d| d.is_error()),
            "{f}"
        );
        assert_eq!(f.dest_type(), PtxType::F32x2);
    }
    assert!(Form::parse("add.rn.sat.f32x2").is_err());
    assert!(Form::parse("fma.f32x2").is_err());
}

/// 9.7.3.3-9.7.3.5: `add`/`sub`/`mul` on `.f32`/`.f64`.
fn plain_f32_f64(f: &Form) -> bool {
    matches!(f.op(), Opcode::Add | Opcode::Sub | Opcode::Mul)
        && matches!(f.ty(), FormType::F32 | FormType::F64)
}

/// The floating-point family beyond the seeds, min/max and wide fma
/// (issue: the whole f32/f64/f16/bf16 family), each syntax line with every
/// optional modifier present and absent, counted by hand from the spec.
/// div, rcp, sqrt, rsqrt, sin, cos, lg2, ex2 with neither a rounding
/// modifier nor `.approx`/`.full` (PTX ISA 1.0-1.3 only).
fn legacy(f: &Form) -> bool {
    use ptxfp::Approx;
    matches!(
        f.op(),
        Opcode::Div
            | Opcode::Rcp
            | Opcode::Sqrt
            | Opcode::Rsqrt
            | Opcode::Sin
            | Opcode::Cos
            | Opcode::Lg2
            | Opcode::Ex2
    ) && f.rnd().is_none()
        && f.approx() == Approx::None
}

#[test]
fn the_float_family_has_161_more_spellings() {
    use FormType::*;
    // add/sub/mul{.rnd}{.ftz}{.sat}.f32: 5 × 2 × 2; {.rnd}.f64: 5.
    for op in [Opcode::Add, Opcode::Sub, Opcode::Mul] {
        assert_eq!(
            count(|f| plain_f32_f64(f) && f.op() == op && f.ty() == F32),
            20
        );
        assert_eq!(
            count(|f| plain_f32_f64(f) && f.op() == op && f.ty() == F64),
            5
        );
    }
    // The modifier-less spellings of PTX ISA 1.0-1.3 (div.f32, rcp.f64,
    // sin.f32, ...) are counted apart, below.
    let n =
        |op: Opcode, ty: &[FormType]| count(|f| f.op() == op && ty.contains(&f.ty()) && !legacy(f));
    // div.approx{.ftz}, div.full{.ftz}, div.rnd{.ftz}.f32; div.rnd.f64.
    assert_eq!(n(Opcode::Div, &[F32]), 2 + 2 + 8);
    assert_eq!(n(Opcode::Div, &[F64]), 4);
    // rcp.approx{.ftz}.f32, rcp.rnd{.ftz}.f32; rcp.rnd.f64, rcp.approx.ftz.f64.
    assert_eq!(n(Opcode::Rcp, &[F32, F64]), 2 + 8 + 4 + 1);
    // sqrt.approx{.ftz}.f32, sqrt.rnd{.ftz}.f32, sqrt.rnd.f64.
    assert_eq!(n(Opcode::Sqrt, &[F32, F64]), 2 + 8 + 4);
    // rsqrt.approx{.ftz}.f32, rsqrt.approx.f64, rsqrt.approx.ftz.f64.
    assert_eq!(n(Opcode::Rsqrt, &[F32, F64]), 4);
    for op in [Opcode::Sin, Opcode::Cos, Opcode::Lg2] {
        assert_eq!(n(op, &FormType::ALL), 2);
    }
    // ex2.approx{.ftz}.f32, ex2.approx.{f16,f16x2}, ex2.approx.ftz.{bf16,bf16x2}.
    assert_eq!(n(Opcode::Ex2, &FormType::ALL), 2 + 2 + 2);
    // tanh.approx.{f32,f16,f16x2,bf16,bf16x2}.
    assert_eq!(n(Opcode::Tanh, &FormType::ALL), 5);
    // abs/neg{.ftz}.f32, .f64, {.ftz}.{f16,f16x2}, .{bf16,bf16x2}.
    for op in [Opcode::Abs, Opcode::Neg] {
        assert_eq!(n(op, &FormType::ALL), 2 + 1 + 4 + 2);
    }
    assert_eq!(n(Opcode::Copysign, &[F32, F64]), 2);
    assert_eq!(75 + 16 + 15 + 14 + 4 + 6 + 6 + 5 + 18 + 2, 161);
    // 9.7.3.8/13/15/16/18-21 PTX ISA Notes: div, rcp, sqrt on .f32 and
    // .f64, rsqrt on .f32 and .f64, sin, cos, lg2, ex2 on .f32, without a
    // modifier, up to PTX ISA 1.3.
    assert_eq!(count(legacy), 6 + 2 + 4);
    assert_eq!(Form::all().len(), 165 + 66 + 20 + 161 + 12 + 38 + 16);
    // Every approximate form says so (the legacy .f32 ones and rsqrt.f64
    // are the .approx forms); no other does.
    for f in Form::all() {
        let approx_word = f.to_string().contains(".approx") || f.to_string().contains(".full");
        let legacy_approx = legacy(&f) && (f.ty() == F32 || f.op() == Opcode::Rsqrt);
        assert_eq!(f.is_approx(), approx_word || legacy_approx, "{f}");
    }
    // Requirements: the targets the rounding modifiers need.
    let req = |t: &str| {
        let (v, s) = Form::parse(t).unwrap().requires();
        (v.to_string(), s.to_string())
    };
    assert_eq!(req("add.rz.f32"), ("1.0".into(), "sm_10".into()));
    assert_eq!(req("add.rm.ftz.sat.f32"), ("2.0".into(), "sm_20".into()));
    assert_eq!(req("mul.rp.f64"), ("1.0".into(), "sm_13".into()));
    assert_eq!(req("div.rn.f64"), ("1.4".into(), "sm_13".into()));
    assert_eq!(req("div.rz.f64"), ("2.0".into(), "sm_20".into()));
    assert_eq!(req("div.full.ftz.f32"), ("1.4".into(), "sm_10".into()));
    assert_eq!(req("rcp.approx.ftz.f64"), ("2.1".into(), "sm_20".into()));
    assert_eq!(req("copysign.f64"), ("2.0".into(), "sm_20".into()));
    assert_eq!(req("abs.ftz.f16x2"), ("6.5".into(), "sm_53".into()));
    assert_eq!(req("tanh.approx.bf16x2"), ("7.8".into(), "sm_90".into()));
    assert_eq!(req("neg.ftz.f16x2"), ("6.0".into(), "sm_53".into()));
    // What is missing is named.
    let err = |t: &str| Form::parse(t).unwrap_err().message;
    // The modifier-less forms parse (PTX ISA 1.0-1.3 has them); from 1.4 on
    // validation names the rule.
    let from_1_4 = |t: &str| {
        Form::parse(t)
            .unwrap()
            .validate(PtxVersion::new(1, 4), Target::sm(20))
            .into_iter()
            .find(|d| d.is_error())
            .map(|d| d.message)
            .unwrap_or_default()
    };
    assert!(
        from_1_4("div.f32")
            .contains("requires a rounding modifier or .approx or .full from PTX ISA 1.4"),
        "{}",
        from_1_4("div.f32")
    );
    assert!(
        from_1_4("sin.f32").contains("requires .approx from PTX ISA 1.4"),
        "{}",
        from_1_4("sin.f32")
    );
    assert!(
        err("tanh.f32").contains("requires .approx"),
        "{}",
        err("tanh.f32")
    );
    assert!(
        err("div.rn.f16").contains("div does not take .f16"),
        "{}",
        err("div.rn.f16")
    );
    assert!(
        err("sqrt.approx.f64").contains(".approx"),
        "{}",
        err("sqrt.approx.f64")
    );
    // A modifier every remaining line requires is named, and the help is a
    // form that parses (9.7.3.14: only `rcp.approx.ftz.f64`).
    for (t, fix) in [
        ("rcp.approx.f64", "rcp.approx.ftz.f64"),
        ("ex2.approx.bf16", "ex2.approx.ftz.bf16"),
    ] {
        let d = Form::parse(t).unwrap_err();
        assert!(
            d.message.starts_with(&format!("{t} requires .ftz")),
            "{}",
            d.message
        );
        assert_eq!(d.help.as_deref(), Some(format!("write {fix}").as_str()));
        assert!(Form::parse(fix).is_ok(), "{fix}");
    }
    let d = Form::parse("rcp.ftz.f64").unwrap_err();
    assert_eq!(
        d.message,
        ".ftz of rcp.f64 needs .approx (9.7.3.14: rcp.approx.ftz.f64)"
    );
    let d = Form::parse("div.f64")
        .unwrap()
        .validate(PtxVersion::new(1, 4), Target::sm(20))
        .into_iter()
        .find(|d| d.is_error())
        .unwrap();
    let help = d.help.unwrap_or_default();
    assert!(help.contains("div.rn.f64"), "{help}");
}

fn wide_fma(f: &Form) -> bool {
    f.op() == Opcode::Fma && matches!(f.ty(), FormType::F32 | FormType::F64)
}

/// 9.7.3.6: `fma.rnd{.ftz}{.sat}.f32` (4 × 2 × 2) and `fma.rnd.f64` (4),
/// rounding required.
#[test]
fn fma_f32_f64_have_20_spellings() {
    assert_eq!(count(|f| wide_fma(f) && f.ty() == FormType::F32), 16);
    assert_eq!(count(|f| wide_fma(f) && f.ty() == FormType::F64), 4);
    assert!(Form::all()
        .iter()
        .filter(|f| wide_fma(f))
        .all(|f| f.rnd().is_some()));
    let (v, t) = Form::parse("fma.rz.ftz.sat.f32").unwrap().requires();
    assert_eq!(
        (v.to_string(), t.to_string()),
        ("2.0".into(), "sm_20".into())
    );
    let (v, t) = Form::parse("fma.rm.f64").unwrap().requires();
    assert_eq!(
        (v.to_string(), t.to_string()),
        ("1.4".into(), "sm_13".into())
    );
}

/// 9.7.4.7/9.7.4.8 and 9.7.3.11/9.7.3.12, each syntax line with every
/// optional modifier present and absent.
#[test]
fn min_and_max_have_66_spellings() {
    use FormType::*;
    let mm = |f: &Form| matches!(f.op(), Opcode::Min | Opcode::Max);
    // {min,max}{.ftz}{.NaN}{.xorsign.abs}.{f16,f16x2}: 2 × 2 × 2 × 2 × 2.
    assert_eq!(count(|f| mm(f) && matches!(f.ty(), F16 | F16x2)), 32);
    // {min,max}{.NaN}{.xorsign.abs}.{bf16,bf16x2}
    assert_eq!(count(|f| mm(f) && f.ty().is_bf16()), 16);
    // {min,max}{.ftz}{.NaN}{.xorsign.abs}.f32
    assert_eq!(count(|f| mm(f) && f.ty() == F32), 16);
    // {min,max}.f64
    assert_eq!(count(|f| mm(f) && f.ty() == F64), 2);
    assert_eq!(count(mm), 66);
    // 9.7.3.11/9.7.3.12 "{min,max}{.ftz}{.NaN}{.abs}.f32 d, a, b, c" (the
    // three-input line: no .xorsign): 2 × 2 × 2 × 2.
    let mm3 = |f: &Form| matches!(f.op(), Opcode::Min3 | Opcode::Max3);
    assert_eq!(count(|f| mm3(f) && f.ty() == F32), 16);
    assert_eq!(count(mm3), 16);
    assert!(Form::all()
        .iter()
        .filter(|f| mm3(f))
        .all(|f| !f.xorsign_abs()));
    // No rounding, no clamp, no .oob, no mixed types.
    assert!(Form::all()
        .iter()
        .filter(|f| mm(f))
        .all(|f| f.rnd().is_none() && f.clamp() == Clamp::None && !f.oob() && !f.ty().is_mixed()));
}

/// Every form falls under exactly one row of the table, and a row's forms
/// are exactly those it admits.
#[test]
fn rows_do_not_overlap() {
    for f in Form::all() {
        let rows = ptxfp::syntax::SYNTAX
            .iter()
            .filter(|r| r.admits_form(f.op(), &f.mods(), f.ty()))
            .count();
        assert_eq!(rows, 1, "{f}");
    }
}

#[test]
fn print_parse_round_trip_over_all_forms() {
    let all = Form::all();
    let mut seen = std::collections::HashSet::new();
    for f in &all {
        let s = f.to_string();
        // The two- and three-input min/max.f32 print alike; the operand
        // count tells them apart (9.7.3.11).
        let n = f.op().arity();
        assert_eq!(
            Form::parse(&s).map(|g| g.with_sources(n)),
            Ok(Some(*f)),
            "{s}"
        );
        assert!(seen.insert((s.clone(), n)), "two forms print as {s}");
        // Every form constructed by new() from its own fields.
        assert_eq!(Form::new(f.op(), f.mods(), f.ty()), Ok(*f));
    }
}

#[test]
fn spec_spellings_accepted() {
    for s in [
        "add.rn.ftz.sat.f16x2",
        "fma.rn.oob.relu.bf16x2",
        "mad.rz.ftz.sat.f32",
        "sub.rm.sat.f32.bf16",
        "fma.rp.f32.f16",
        "add.f16",
        "add.rn.bf16",
        "mul.bf16x2",
        "fma.rn.relu.f16",
        "fma.rn.ftz.relu.f16x2",
        "fma.rn.oob.f16",
        "mad.f32",
        "mad.ftz.sat.f32",
        "mad.f64",
        "mad.rp.f64",
        "add.rz.sat.f32.bf16",
        "sub.rz.sat.f32.f16",
        "fma.rz.sat.f32.f16",
        "add.f32.f16",
    ] {
        let f = Form::parse(s).unwrap_or_else(|d| panic!("{s}: {d}"));
        assert_eq!(f.to_string(), s);
    }
}

/// (text, span of the error, part of the message, part of the help)
const REJECTS: &[(&str, (usize, usize), &str, &str)] = &[
    ("", (0, 0), "expected an instruction form", ""),
    ("divv.rn.f16", (0, 4), "unknown opcode `divv`", ""),
    (
        "add.rn.f16 d, a, b",
        (10, 11),
        "unexpected character",
        "no operands",
    ),
    ("add.xx.f16", (3, 6), "unknown modifier or type `.xx`", ""),
    ("add..f16", (3, 4), "empty modifier", ""),
    ("add.rn", (6, 6), "missing type", ""),
    ("add.s32", (3, 7), "add.s32 is not modelled", ""),
    (
        "tanh.approx.f64",
        (0, 4),
        "tanh does not take .f64; tanh takes .f16, .f16x2, .bf16, .bf16x2 or .f32",
        "",
    ),
    ("sin.approx.f16", (0, 3), "sin does not take .f16", ""),
    (
        "fma.rn.oob.relu.type",
        (15, 20),
        "placeholder",
        ".f16, .f16x2, .bf16, .bf16x2",
    ),
    (
        "add.ftz.rn.f16",
        (7, 10),
        ".rn is out of order",
        "write add.rn.ftz.f16",
    ),
    (
        "fma.rn.relu.ftz.f16",
        (11, 15),
        ".ftz is out of order",
        "write fma.rn.ftz.relu.f16",
    ),
    (
        "fma.rn.relu.oob.bf16",
        (11, 15),
        ".oob is out of order",
        "write fma.rn.oob.relu.bf16",
    ),
    (
        "add.sat.ftz.f16",
        (7, 11),
        ".ftz is out of order",
        "write add.ftz.sat.f16",
    ),
    ("add.rn.rn.f16", (6, 9), "duplicate .rn", "write add.rn.f16"),
    ("add.rn.rz.f32.f16", (6, 9), "second rounding modifier", ""),
    (
        "fma.rn.sat.relu.f16",
        (10, 15),
        ".sat and .relu exclude each other",
        ".sat or .relu",
    ),
    (
        "fma.rn.relu.sat.f16",
        (11, 15),
        ".relu and .sat exclude each other",
        "",
    ),
    // Errata (docs/NVIDIA.md "Errata"): the exact helpful errors.
    (
        "add.rz.f32.bf16.sat",
        (15, 19),
        ".sat must come before the types",
        "write add.rz.sat.f32.bf16",
    ),
    (
        "fma.rz.sat.f32.f16.sat",
        (18, 22),
        "duplicate .sat",
        "write fma.rz.sat.f32.f16",
    ),
    (
        "add.rn.f16.ftz",
        (10, 14),
        ".ftz must come before the types",
        "write add.rn.ftz.f16",
    ),
    // Modifiers a type does not take.
    (
        "add.ftz.bf16",
        (3, 7),
        ".ftz is not allowed for add.bf16",
        "remove .ftz",
    ),
    (
        "add.sat.bf16x2",
        (3, 7),
        ".sat is not allowed for add.bf16x2",
        "",
    ),
    (
        "fma.rn.sat.bf16",
        (6, 10),
        ".sat is not allowed for fma.bf16",
        ".relu",
    ),
    ("fma.rn.ftz.bf16", (6, 10), ".ftz is not allowed", ""),
    (
        "add.ftz.f32.f16",
        (3, 7),
        "mixed-precision forms take no .ftz",
        "",
    ),
    (
        "fma.rn.relu.f32.bf16",
        (6, 11),
        ".relu is not allowed for fma.f32.bf16",
        "",
    ),
    (
        "add.rn.relu.f16",
        (6, 11),
        ".relu is only defined for fma",
        "",
    ),
    (
        "mul.rn.oob.f16",
        (6, 10),
        ".oob is only defined for fma",
        "",
    ),
    (
        "fma.rn.ftz.oob.f16",
        (6, 10),
        ".ftz cannot be combined with .oob",
        "",
    ),
    (
        "fma.rn.oob.sat.f16",
        (10, 14),
        ".sat cannot be combined with .oob",
        "",
    ),
    ("add.rz.f16", (3, 6), ".rz is not allowed for add.f16", ""),
    (
        "fma.f16",
        (0, 3),
        "fma.f16 requires a rounding modifier",
        "write fma.rn.f16",
    ),
    (
        "fma.bf16x2",
        (0, 3),
        "requires a rounding modifier",
        "write fma.rn.bf16x2",
    ),
    (
        "fma.sat.f32.f16",
        (0, 3),
        "fma.f32.f16 requires a rounding modifier",
        "write fma.rn.f32.f16",
    ),
    (
        "mul.rn.f32.f16",
        (0, 3),
        "mixed precision has only add, sub and fma",
        "",
    ),
    ("mad.rn.f16", (0, 3), "mad does not take .f16", "fma.rn.f16"),
    (
        "mad.rn.ftz.f64",
        (6, 10),
        ".ftz is not allowed for mad.f64",
        "",
    ),
    (
        "mad.rn.sat.f64",
        (6, 10),
        ".sat is not allowed for mad.f64",
        "",
    ),
    (
        "mad.rn.relu.f32",
        (6, 11),
        ".relu is not allowed for mad.f32",
        "",
    ),
    ("add.f32.f64", (7, 11), "not .f32.f64", ""),
    ("add.f16.f32", (7, 11), "unexpected second type .f32", ""),
    ("add.f32.f16.f16", (11, 15), "too many types", ""),
];

#[test]
fn syntax_rejects() {
    for &(text, (a, b), msg, help) in REJECTS {
        let d = Form::parse(text).expect_err(text);
        assert_eq!(d.severity, Severity::Error);
        assert_eq!(d.span, a..b, "{text}: {d}");
        assert!(
            d.message.contains(msg),
            "{text}: {:?} lacks {msg:?}",
            d.message
        );
        if !help.is_empty() {
            let h = d.help.clone().unwrap_or_default();
            assert!(h.contains(help), "{text}: help {h:?} lacks {help:?}");
        }
    }
}

#[test]
fn errata_messages_exactly() {
    let d = Form::parse("add.rz.f32.bf16.sat").unwrap_err();
    assert_eq!(
        format!("{}: {}", d.message, d.help.unwrap()),
        ".sat must come before the types: write add.rz.sat.f32.bf16"
    );
    let d = Form::parse("fma.rz.sat.f32.f16.sat").unwrap_err();
    assert_eq!(d.message, "duplicate .sat");
    assert_eq!(d.help.as_deref(), Some("write fma.rz.sat.f32.f16"));
}

#[test]
fn lenient_mode_accepts_the_errata_with_a_warning() {
    for (text, canonical) in [
        ("add.rz.f32.bf16.sat", "add.rz.sat.f32.bf16"),
        ("fma.rz.sat.f32.f16.sat", "fma.rz.sat.f32.f16"),
        ("add.ftz.rn.f16", "add.rn.ftz.f16"),
    ] {
        let (f, ws) = Form::parse_lenient(text).unwrap();
        assert_eq!(f.to_string(), canonical);
        assert_eq!(ws.len(), 1);
        assert_eq!(ws[0].severity, Severity::Warning);
        assert_eq!(ws[0].help.as_deref(), Some(&*format!("write {canonical}")));
    }
    // Still errors: exclusive modifiers, illegal combinations, unknown words.
    for text in [
        "fma.rn.sat.relu.f16",
        "add.bf16.ftz",
        "add.rn.f16.xyz",
        "fma.f16",
    ] {
        assert!(Form::parse_lenient(text).is_err(), "{text}");
    }
    // A canonical form: no warning.
    assert_eq!(Form::parse_lenient("add.f16").unwrap().1, vec![]);
}

fn v(s: &str) -> PtxVersion {
    s.parse().unwrap()
}
fn t(s: &str) -> Target {
    s.parse().unwrap()
}

/// (form, ptx, target, expected errors (substrings; empty = accepted), expected warning)
type Rule = (
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
    Option<&'static str>,
);
const RULES: &[Rule] = &[
    // add/sub/mul f16: 4.2, sm_53
    ("add.f16", "4.2", "sm_53", &[], None),
    ("sub.rn.ftz.sat.f16x2", "4.2", "sm_53", &[], None),
    (
        "mul.f16",
        "4.1",
        "sm_53",
        &["mul.f16 requires PTX ISA 4.2 or later; the module is 4.1"],
        None,
    ),
    (
        "add.f16",
        "4.2",
        "sm_52",
        &["add.f16 requires sm_53 or higher; the target is sm_52"],
        None,
    ),
    // bf16 add/sub/mul: 7.8, sm_90
    ("mul.bf16", "7.8", "sm_90", &[], None),
    ("sub.rn.bf16x2", "7.8", "sm_90a", &[], None),
    (
        "mul.bf16",
        "7.0",
        "sm_80",
        &[
            "mul.bf16 requires PTX ISA 7.8 or later; the module is 7.0",
            "mul.bf16 requires sm_90 or higher; the target is sm_80",
        ],
        None,
    ),
    (
        "add.bf16",
        "7.7",
        "sm_90",
        &["add.bf16 requires PTX ISA 7.8"],
        None,
    ),
    // fma f16: 4.2, sm_53
    ("fma.rn.ftz.sat.f16", "4.2", "sm_53", &[], None),
    (
        "fma.rn.f16x2",
        "4.2",
        "sm_50",
        &["fma.f16x2 requires sm_53 or higher; the target is sm_50"],
        None,
    ),
    // fma relu f16, fma bf16: 7.0, sm_80
    ("fma.rn.relu.f16", "7.0", "sm_80", &[], None),
    (
        "fma.rn.ftz.relu.f16x2",
        "6.5",
        "sm_80",
        &["fma.relu.f16x2 requires PTX ISA 7.0 or later; the module is 6.5"],
        None,
    ),
    (
        "fma.rn.relu.f16",
        "7.0",
        "sm_75",
        &["fma.relu.f16 requires sm_80 or higher; the target is sm_75"],
        None,
    ),
    ("fma.rn.bf16", "7.0", "sm_80", &[], None),
    (
        "fma.rn.relu.bf16x2",
        "7.0",
        "sm_75",
        &["fma.relu.bf16x2 requires sm_80 or higher"],
        None,
    ),
    (
        "fma.rn.bf16x2",
        "6.5",
        "sm_80",
        &["fma.bf16x2 requires PTX ISA 7.0 or later"],
        None,
    ),
    // oob: 8.1, sm_90
    ("fma.rn.oob.f16", "8.1", "sm_90", &[], None),
    (
        "fma.rn.oob.relu.bf16x2",
        "8.0",
        "sm_90",
        &["fma.oob.relu.bf16x2 requires PTX ISA 8.1 or later; the module is 8.0"],
        None,
    ),
    (
        "fma.rn.oob.bf16",
        "8.1",
        "sm_89",
        &["fma.oob.bf16 requires sm_90 or higher; the target is sm_89"],
        None,
    ),
    // mad.f32 without rounding
    ("mad.f32", "1.0", "sm_10", &[], None),
    ("mad.ftz.sat.f32", "8.8", "sm_13", &[], None),
    ("mad.f32", "3.0", "sm_20", &[], None),
    (
        "mad.f32",
        "3.1",
        "sm_20",
        &[],
        Some("mad.f32 requires a rounding modifier for sm_20 and higher targets from PTX ISA 3.2"),
    ),
    (
        "mad.f32",
        "3.2",
        "sm_20",
        &["mad.f32 requires a rounding modifier for sm_20 and higher targets from PTX ISA 3.2"],
        None,
    ),
    (
        "mad.sat.f32",
        "8.6",
        "sm_90",
        &["requires a rounding modifier"],
        None,
    ),
    // mad.rnd.f32: 2.0, sm_20
    ("mad.rn.f32", "2.0", "sm_20", &[], None),
    (
        "mad.rz.ftz.sat.f32",
        "1.4",
        "sm_20",
        &["mad.rz.f32 requires PTX ISA 2.0 or later; the module is 1.4"],
        None,
    ),
    (
        "mad.rm.f32",
        "2.0",
        "sm_13",
        &["mad.rm.f32 requires sm_20 or higher; the target is sm_13"],
        None,
    ),
    // mad.rnd.f64: 1.0, sm_13
    ("mad.rn.f64", "1.0", "sm_13", &[], None),
    (
        "mad.rp.f64",
        "8.8",
        "sm_12",
        &["mad.rp.f64 requires sm_13 or higher; the target is sm_12"],
        None,
    ),
    // legacy mad.f64: up to 1.3
    ("mad.f64", "1.3", "sm_13", &[], None),
    (
        "mad.f64",
        "1.4",
        "sm_13",
        &["mad.f64 requires a rounding modifier from PTX ISA 1.4; the module is 1.4"],
        None,
    ),
    (
        "mad.f64",
        "1.0",
        "sm_12",
        &["mad.f64 requires sm_13 or higher"],
        None,
    ),
    // mixed: 8.6, sm_100
    ("add.rz.sat.f32.bf16", "8.6", "sm_100", &[], None),
    ("sub.f32.f16", "8.6", "sm_100f", &[], None),
    (
        "fma.rn.f32.f16",
        "8.5",
        "sm_100",
        &["fma.f32.f16 requires PTX ISA 8.6 or later; the module is 8.5"],
        None,
    ),
    (
        "add.f32.bf16",
        "8.6",
        "sm_90a",
        &["add.f32.bf16 requires sm_100 or higher; the target is sm_90a"],
        None,
    ),
];

#[test]
fn version_and_target_rules() {
    for &(text, ptx, target, errors, warning) in RULES {
        let f = Form::parse(text).unwrap();
        let ds = f.validate(v(ptx), t(target));
        let errs: Vec<_> = ds.iter().filter(|d| d.is_error()).collect();
        let warns: Vec<_> = ds.iter().filter(|d| !d.is_error()).collect();
        assert_eq!(errs.len(), errors.len(), "{text} {ptx} {target}: {ds:?}");
        for (d, want) in errs.iter().zip(errors) {
            assert!(
                d.message.contains(want),
                "{text}: {:?} lacks {want:?}",
                d.message
            );
            assert_eq!(d.span, 0..text.len());
            assert!(d.help.is_some());
        }
        match warning {
            None => assert!(warns.is_empty(), "{text}: {warns:?}"),
            Some(w) => {
                assert_eq!(warns.len(), 1, "{text}");
                assert!(warns[0].message.contains(w));
            }
        }
    }
}

#[test]
fn every_form_is_legal_at_its_minimum() {
    for f in Form::all() {
        let (ver, tgt) = f.requires();
        // mad.f32 without rounding is checked at its sm_1x minimum.
        let ds = f.validate(ver, tgt);
        assert!(ds.is_empty(), "{f} at {ver} {tgt}: {ds:?}");
        // One step below in version (where there is one) or target is an error.
        if tgt.sm > 10 {
            let below = Target::sm(tgt.sm - 1);
            assert!(
                f.validate(ver, below).iter().any(|d| d.is_error()),
                "{f} on {below}"
            );
        }
        if ver.minor > 0 {
            let below = PtxVersion::new(ver.major, ver.minor - 1);
            assert!(
                f.validate(below, tgt).iter().any(|d| d.is_error()),
                "{f} at {below}"
            );
        }
    }
}

#[test]
fn operand_types() {
    let f = Form::parse("fma.rn.f32.f16").unwrap();
    assert_eq!(f.dest_type(), PtxType::F32);
    assert_eq!(
        f.source_types(),
        vec![PtxType::F16, PtxType::F16, PtxType::F32]
    );
    let f = Form::parse("add.f32.bf16").unwrap();
    assert_eq!(f.source_types(), vec![PtxType::BF16, PtxType::F32]);
    let f = Form::parse("fma.rn.relu.bf16x2").unwrap();
    assert_eq!(f.dest_type(), PtxType::BF16x2);
    assert_eq!(f.source_types(), vec![PtxType::BF16x2; 3]);
    let f = Form::parse("mad.rn.f64").unwrap();
    assert_eq!(f.source_types(), vec![PtxType::F64; 3]);
}

/// Every opcode with every sequence of up to three modifier words (in any
/// order, repeats included) and one or two type words: the parser never
/// panics, an accepted text is a legal form that prints canonically and
/// reads back, and a refused one carries a message and a span inside the
/// text (the explanations are derived from the table, so each path of that
/// derivation runs here).
#[test]
fn every_short_spelling_parses_or_is_explained() {
    let ops = [
        "add", "sub", "mul", "fma", "mad", "min", "max", "madd", "div", "rcp", "sqrt", "rsqrt",
        "abs", "neg", "copysign", "ex2", "lg2", "sin", "cos", "tanh",
    ];
    let mods = [
        "approx",
        "full",
        "rn",
        "rz",
        "rm",
        "rp",
        "ftz",
        "oob",
        "sat",
        "relu",
        "NaN",
        "xorsign.abs",
        "xorsign",
        "abs",
    ];
    let types = ["f16", "f16x2", "bf16", "bf16x2", "f32", "f32x2", "f64"];
    let mut seqs: Vec<Vec<&str>> = vec![vec![]];
    for len in 1..=3 {
        let mut next = Vec::new();
        for s in seqs.iter().filter(|s| s.len() == len - 1) {
            for m in mods {
                let mut t = s.clone();
                t.push(m);
                next.push(t);
            }
        }
        seqs.extend(next);
    }
    let mut tys: Vec<String> = types.iter().map(|t| t.to_string()).collect();
    for a in types {
        for b in types {
            tys.push(format!("{a}.{b}"));
        }
    }
    let (mut accepted, mut refused) = (0usize, 0usize);
    for op in ops {
        for s in &seqs {
            for ty in &tys {
                let mut text = op.to_string();
                for m in s {
                    text.push('.');
                    text.push_str(m);
                }
                text.push('.');
                text.push_str(ty);
                match Form::parse(&text) {
                    Ok(f) => {
                        accepted += 1;
                        let shown = f.to_string();
                        assert_eq!(Form::parse(&shown), Ok(f), "{text} -> {shown}");
                        assert!(Form::all().contains(&f), "{text}");
                    }
                    Err(d) => {
                        refused += 1;
                        assert!(!d.message.is_empty(), "{text}");
                        assert!(d.span.end <= text.len(), "{text}: {:?}", d.span);
                    }
                }
            }
        }
    }
    // Every legal form has a spelling of at most three modifier words.
    assert!(accepted >= Form::all().len(), "{accepted} accepted");
    assert!(refused > 100_000, "{refused} refused");
}
