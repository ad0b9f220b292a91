//! The integer table's parser: every form of every row parses, prints back
//! canonically and reports its row's requirement; malformed spellings give
//! a precise error at the right place; `decode` routes integer opcodes to
//! [`Op::Int`] with the carry flags in the signature, and float ones
//! elsewhere.

use ptxfp_isa::int::{IntOp, IntOpcode, IntType, INT_SYNTAX};
use ptxfp_isa::op::{decode, Carry, Op};
use ptxfp_isa::target::{PtxVersion, Target};
use ptxfp_isa::types::PtxType;

fn parse(s: &str) -> IntOp {
    IntOp::parse(s).unwrap_or_else(|d| panic!("{s}: {}", d.message))
}

#[test]
fn every_form_round_trips_and_falls_under_one_row() {
    let all = IntOp::all();
    for f in &all {
        let text = f.to_string();
        assert_eq!(parse(&text), *f, "{text}");
        let rows: Vec<_> = INT_SYNTAX
            .iter()
            .filter(|r| r.admits_form(f.op(), &f.mods(), f.ty(), f.ty2()))
            .collect();
        assert_eq!(rows.len(), 1, "{text} falls under {} rows", rows.len());
        let r = rows[0];
        assert_eq!(f.requires(), (r.ptx, Target::sm(r.sm)), "{text}");
        // decode agrees and validates against the row's own requirement.
        let d = decode(&text, false);
        assert_eq!(d.op, Op::Int(*f), "{text}");
        assert!(d.diags.is_empty(), "{text}");
        let sig = d.op.signature().unwrap();
        // lop3.BoolOp also writes its predicate `p` (9.7.8.6: "d|p").
        let mut dsts = vec![f.dest_type()];
        if f.bool_op().is_some() {
            dsts.push(PtxType::Pred);
        }
        assert_eq!(sig.dsts, dsts, "{text}");
        assert_eq!(sig.srcs, f.source_types(), "{text}");
        // The family-specific rows (PTX ISA 9.2's packed bytes) validate
        // on their family target, and not on the plain one.
        let t = if r.family {
            let fam: Target = format!("sm_{}f", r.sm).parse().unwrap();
            assert!(
                !d.op.validate(&text, r.ptx, Target::sm(r.sm)).is_empty(),
                "{text}"
            );
            fam
        } else {
            Target::sm(r.sm)
        };
        assert!(d.op.validate(&text, r.ptx, t).is_empty(), "{text}");
    }
    // Every opcode has forms, and no two forms print alike.
    for o in IntOpcode::ALL {
        assert!(all.iter().any(|f| f.op() == o), "{o}");
    }
    let mut texts: Vec<String> = all.iter().map(|f| f.to_string()).collect();
    texts.sort();
    texts.dedup();
    assert_eq!(texts.len(), all.len());
}

#[test]
fn spec_spellings_parse() {
    // The spec's examples and what nvcc and LLVM emit.
    for s in [
        "add.u32",
        "add.sat.s32",
        "add.u16x2",
        "add.s16x2",
        "sub.s64",
        "sub.sat.s32",
        "mul.wide.s16",
        "mul.lo.s16",
        "mul.wide.s32",
        "mul.hi.u64",
        "mad.lo.s32",
        "mad.hi.sat.s32",
        "mad.wide.u32",
        "mul24.lo.s32",
        "mul24.hi.u32",
        "mad24.lo.s32",
        "mad24.hi.sat.s32",
        "sad.s32",
        "sad.u32",
        "div.s32",
        "rem.u64",
        "abs.s32",
        "neg.s16",
        "min.s32",
        "min.u16",
        "max.u32",
        "max.relu.s16x2",
        "min.relu.s32",
        "min.u16x2",
        "popc.b64",
        "clz.b32",
        "bfind.u32",
        "bfind.shiftamt.s64",
        "fns.b32",
        "brev.b32",
        "bfe.s32",
        "bfi.b64",
        "szext.clamp.s32",
        "szext.wrap.u32",
        "bmsk.wrap.b32",
        "dp4a.u32.s32",
        "dp2a.lo.s32.u32",
        "dp2a.hi.u32.u32",
        "add.cc.u32",
        "add.cc.s64",
        "addc.cc.u32",
        "addc.u64",
        "sub.cc.s32",
        "subc.cc.u64",
        "subc.u32",
        "mad.lo.cc.u32",
        "mad.hi.cc.s64",
        "madc.hi.u32",
        "madc.hi.cc.u32",
        "madc.lo.cc.u64",
        "and.pred",
        "or.b32",
        "xor.b16",
        "not.pred",
        "not.b64",
        "cnot.b32",
        "lop3.b32",
        "lop3.or.b32",
        "lop3.and.b32",
        "shf.l.clamp.b32",
        "shf.r.wrap.b32",
        "shl.b32",
        "shr.u16",
        "shr.s32",
        "shr.b16",
        "prmt.b32",
        "prmt.b32.f4e",
        "prmt.b32.b4e",
        "prmt.b32.rc8",
        "prmt.b32.ecl",
        "prmt.b32.ecr",
        "prmt.b32.rc16",
    ] {
        assert_eq!(parse(s).to_string(), s);
    }
}

#[test]
fn requirements_follow_the_spec_notes() {
    let req = |s: &str| {
        let (v, t) = parse(s).requires();
        (v.to_string(), t.sm)
    };
    let v = |s: &str| s.to_string();
    assert_eq!(req("add.s32"), (v("1.0"), 10));
    // "add.u16x2 and add.s16x2 introduced in PTX ISA version 8.0", "sm_90".
    assert_eq!(req("add.s16x2"), (v("8.0"), 90));
    // "min.u16x2, min{.relu}.s16x2 and min.relu.s32 [...] 8.0", "sm_90".
    assert_eq!(req("min.relu.s32"), (v("8.0"), 90));
    assert_eq!(req("min.s16x2"), (v("8.0"), 90));
    assert_eq!(req("min.s32"), (v("1.0"), 10));
    // "32-bit add.cc introduced in PTX ISA version 1.2"; "64-bit add.cc
    // introduced in PTX ISA version 4.3", "requires sm_20 or higher".
    assert_eq!(req("add.cc.u32"), (v("1.2"), 10));
    assert_eq!(req("addc.cc.s64"), (v("4.3"), 20));
    // "32-bit mad.cc introduced in PTX ISA version 3.0", "sm_20".
    assert_eq!(req("mad.lo.cc.u32"), (v("3.0"), 20));
    assert_eq!(req("madc.hi.u64"), (v("4.3"), 20));
    assert_eq!(req("popc.b32"), (v("2.0"), 20));
    assert_eq!(req("fns.b32"), (v("6.0"), 30));
    assert_eq!(req("szext.wrap.s32"), (v("7.6"), 70));
    assert_eq!(req("dp4a.s32.s32"), (v("5.0"), 61));
    assert_eq!(req("lop3.b32"), (v("4.3"), 50));
    // "Support for .BoolOp qualifier introduced in PTX ISA version 8.2",
    // "Qualifier .BoolOp requires sm_70 or higher".
    assert_eq!(req("lop3.or.b32"), (v("8.2"), 70));
    assert_eq!(req("lop3.and.b32"), (v("8.2"), 70));
    assert_eq!(req("shf.r.clamp.b32"), (v("3.1"), 32));
    assert_eq!(req("prmt.b32.rc16"), (v("2.0"), 20));
    // Validation against a module names the rule and the fix.
    let op = decode("add.u16x2", false).op;
    let d = op.validate("add.u16x2", PtxVersion::new(7, 8), Target::sm(80));
    assert_eq!(d.len(), 2);
    assert!(
        d[0].message.contains("requires PTX ISA 8.0"),
        "{}",
        d[0].message
    );
    assert!(d[1].message.contains("requires sm_90"), "{}", d[1].message);
}

#[test]
fn operand_types_come_from_the_instruction() {
    let sig = |s: &str| decode(s, false).op.signature().unwrap();
    use PtxType::*;
    assert_eq!(sig("mul.wide.s16").dsts, vec![S32]);
    assert_eq!(sig("mad.wide.u32").srcs, vec![U32, U32, U64]);
    assert_eq!(sig("popc.b64").dsts, vec![U32]);
    assert_eq!(sig("bfe.s64").srcs, vec![S64, U32, U32]);
    assert_eq!(sig("bfi.b32").srcs, vec![B32, B32, U32, U32]);
    assert_eq!(sig("fns.b32").srcs, vec![B32, U32, S32]);
    assert_eq!(sig("lop3.b32").srcs, vec![B32; 4]);
    // "lop3.BoolOp.b32 d|p, a, b, c, immLut, q;".
    assert_eq!(sig("lop3.or.b32").srcs, vec![B32, B32, B32, B32, Pred]);
    assert_eq!(sig("lop3.and.b32").dsts, vec![B32, Pred]);
    assert_eq!(sig("prmt.b32.f4e").srcs, vec![B32; 3]);
    assert_eq!(sig("shl.b64").srcs, vec![B64, U32]);
    assert_eq!(sig("shf.l.wrap.b32").srcs, vec![B32, B32, U32]);
    assert_eq!(sig("and.pred").srcs, vec![Pred, Pred]);
    assert_eq!(sig("not.pred").dsts, vec![Pred]);
    assert_eq!(sig("add.s16x2").srcs, vec![B32, B32]);
    // "Operand c has type .u32 if both .atype and .btype are .u32 else .s32."
    assert_eq!(sig("dp4a.u32.u32").srcs, vec![U32, U32, U32]);
    assert_eq!(sig("dp4a.u32.s32").srcs, vec![U32, S32, S32]);
    assert_eq!(sig("dp2a.hi.s32.u32").dsts, vec![S32]);
    // The carry flag.
    let carry = |s: &str| sig(s).carry;
    let c = |reads, writes| Carry { reads, writes };
    assert_eq!(carry("add.u32"), c(false, false));
    assert_eq!(carry("add.cc.u32"), c(false, true));
    assert_eq!(carry("addc.u32"), c(true, false));
    assert_eq!(carry("subc.cc.s64"), c(true, true));
    assert_eq!(carry("mad.lo.cc.u32"), c(false, true));
    assert_eq!(carry("madc.hi.cc.u64"), c(true, true));
    assert_eq!(
        decode("mad.lo.cc.u32", false).op.operand_types(),
        Some(vec![U32, U32, U32, U32])
    );
}

#[test]
fn float_opcodes_stay_with_the_float_table() {
    for s in [
        "add.f32",
        "add.rn.f16",
        "min.f64",
        "mad.rn.f32",
        "abs.f32",
        "neg.f64",
        "div.rn.f32",
    ] {
        assert!(!matches!(decode(s, false).op, Op::Int(_)), "{s}");
        assert!(!IntOp::claims(s), "{s}");
    }
    for s in [
        "add.s32",
        "add.cc.u32",
        "mul.lo.u32",
        "rem.u32",
        "popc.b32",
        "not.pred",
    ] {
        assert!(IntOp::claims(s), "{s}");
    }
    // lop3's .BoolOp (9.7.8.6: ".BoolOp = { .or , .and }"): `.xor` is no
    // BoolOp of lop3, and the BoolOp precedes the type.
    assert!(matches!(decode("lop3.or.b32", false).op, Op::Int(_)));
    let bad = decode("lop3.xor.b32", false);
    assert!(bad.diags.iter().any(|d| d.is_error()), "{bad:?}");
    // After the type: a warning and the form (docs/NVIDIA.md "Modifier
    // order"); `IntOp::parse`, for a form's name, refuses it.
    let late = decode("lop3.b32.and", false);
    assert!(matches!(late.op, Op::Int(_)), "{late:?}");
    assert!(
        late.diags
            .iter()
            .all(|d| !d.is_error() && d.help.as_deref() == Some("write lop3.and.b32")),
        "{late:?}"
    );
    assert!(IntOp::parse("lop3.b32.and").is_err());
    let v = PtxVersion::new(8, 1);
    let d = decode("lop3.and.b32", false)
        .op
        .validate("lop3.and.b32", v, Target::sm(70));
    assert!(
        d.iter().any(|d| d.message.contains("requires PTX ISA 8.2")),
        "{d:?}"
    );
    let d = decode("lop3.and.b32", false).op.validate(
        "lop3.and.b32",
        PtxVersion::new(8, 2),
        Target::sm(61),
    );
    assert!(
        d.iter().any(|d| d.message.contains("requires sm_70")),
        "{d:?}"
    );
    assert_eq!(IntType::parse("u16x2"), Some(IntType::U16x2));
    // A bare root is not claimed (the interpreter warns about it as an
    // instruction it does not run).
    assert!(!IntOp::claims("popc"));
    assert_eq!(decode("popc", false).op, Op::Unsupported(None));
}

/// Parses `text`, expecting an error whose message contains `message`,
/// whose span covers `at`, and whose help contains `help`.
fn bad(text: &str, message: &str, at: &str, help: &str) {
    let d = IntOp::parse(text).expect_err(text);
    assert!(
        d.message.contains(message),
        "{text}: message {:?} lacks {message:?}",
        d.message
    );
    assert_eq!(&text[d.span.clone()], at, "{text}: span of {:?}", d.message);
    let h = d.help.clone().unwrap_or_default();
    assert!(h.contains(help), "{text}: help {h:?} lacks {help:?}");
    // decode reports the same message: an error and no op, or, where
    // only the order is wrong, a warning and the form (docs/NVIDIA.md
    // "Modifier order").
    let dec = decode(text, false);
    match IntOp::parse_lenient(text) {
        Ok((op, _)) => {
            assert_eq!(dec.op, Op::Int(op), "{text}");
            assert!(dec.diags.iter().all(|d| !d.is_error()), "{text}");
        }
        Err(_) => assert_eq!(dec.op, Op::Unsupported(None), "{text}"),
    }
    assert_eq!(
        dec.diags.first().map(|d| &d.message),
        Some(&d.message),
        "{text}"
    );
}

#[test]
fn malformed_spellings_say_what_is_wrong() {
    bad(
        "mul.u32",
        "mul.u32 requires a mode (.hi, .lo or .wide)",
        "mul",
        "write mul.hi.u32",
    );
    bad(
        "mul.wide.u64",
        ".wide is not allowed for mul.u64: mul.wide takes .u16, .u32, .s16 or .s32 (mul.wide.type (9.7.1.3))",
        ".wide",
        "write mul.wide.u32, or remove .wide",
    );
    bad(
        "mad.wide.s64",
        ".wide is not allowed for mad.s64",
        ".wide",
        "write mad.wide.s32, or remove .wide",
    );
    bad(
        "add.sat.u64",
        ".sat is not allowed for add.u64",
        ".sat",
        "remove .sat",
    );
    // PTX ISA 9.2's `.sat` rows are for add, not sub, on `.u32`.
    bad(
        "sub.sat.u32",
        ".sat is not allowed for sub.u32",
        ".sat",
        "remove .sat",
    );
    bad(
        "mad.lo.sat.s32",
        ".sat cannot be combined with .lo (9.7.1.4: mad.hi.sat.s32)",
        ".sat",
        "remove .sat",
    );
    bad(
        "add.cc.sat.s32",
        ".sat cannot be combined with .cc",
        ".sat",
        "remove .sat",
    );
    bad(
        "add.relu.s32",
        "add takes no .relu",
        ".relu",
        "remove .relu",
    );
    bad(
        "min.relu.u32",
        ".relu is not allowed for min.u32: min.relu takes .s32, .s16x2 or .s8x4 (min{.relu}.s8x4 (9.7.1.12) or min.relu.{s16x2,s32} (9.7.1.12))",
        ".relu",
        "",
    );
    bad(
        "add.cc.s16",
        ".cc is not allowed for add.s16: add.cc takes .u32, .u64, .s32 or .s64 (add.cc.type (9.7.2.1))",
        ".cc",
        "write add.cc.s32, or remove .cc",
    );
    bad(
        "shl.u32",
        "shl does not take .u32: shl takes .b16, .b32 or .b64",
        ".u32",
        "use .b16, .b32 or .b64",
    );
    bad(
        "abs.u32",
        "abs does not take .u32: abs takes .s16, .s32 or .s64",
        ".u32",
        "",
    );
    bad("sub.u16x2", "sub does not take .u16x2", ".u16x2", "");
    bad("bfind.shiftamt.b32", "bfind does not take .b32", ".b32", "");
    bad(
        "shf.l.b32",
        "shf.l.b32 requires a mode (.clamp or .wrap)",
        "shf",
        "write shf.l.clamp.b32",
    );
    bad(
        "shf.clamp.b32",
        "requires a direction (.l or .r)",
        "shf",
        "write shf.l.clamp.b32",
    );
    bad(
        "szext.s32",
        "requires a mode (.clamp or .wrap)",
        "szext",
        "write szext.clamp.s32",
    );
    bad(
        "madc.cc.u32",
        "requires a mode (.hi or .lo)",
        "madc",
        "write madc.hi.cc.u32",
    );
    bad(
        "prmt.f4e.b32",
        ".f4e is out of order",
        ".f4e",
        "write prmt.b32.f4e",
    );
    bad(
        "mad.sat.hi.s32",
        ".hi is out of order",
        ".hi",
        "write mad.hi.sat.s32",
    );
    bad(
        "min.s16x2.relu",
        ".relu is out of order",
        ".relu",
        "write min.relu.s16x2",
    );
    bad("add.cc.cc.u32", "duplicate .cc", ".cc", "write .cc once");
    bad(
        "mul.lo.hi.u32",
        ".hi after .lo: mul takes one of them",
        ".hi",
        "remove .lo or .hi",
    );
    bad(
        "popc.b32.b64",
        "too many types: popc takes one",
        ".b64",
        "remove the extra type",
    );
    bad("dp4a.u32", "dp4a takes two types", "", "dp4a.u32.u32");
    bad(
        "dp4a.u32.b32",
        "dp4a takes two types, .atype.btype, each .u32 or .s32; not .u32.b32",
        ".u32.b32",
        "",
    );
    bad(
        "add.foo.u32",
        "unknown modifier or type `.foo`: add takes the modifiers .cc .sat",
        ".foo",
        "",
    );
    bad(
        "add.cc.u3",
        "unknown modifier or type `.u3`",
        ".u3",
        "did you mean `.u32`?",
    );
    bad(
        "mul.lo.f32",
        "`.f32` is not a type of the integer instruction mul",
        ".f32",
        "",
    );
    bad(
        "popc.cc",
        "popc takes no .cc: popc takes a type (.b32 .b64)",
        ".cc",
        "remove .cc",
    );
    bad("bfind.shiftamt", "missing type after `bfind.shiftamt`: bfind takes the modifiers .shiftamt and a type (.u32 .u64 .s32 .s64)", "", "");
    bad("add..u32", "empty modifier", ".", "");
}

#[test]
fn lenient_takes_the_spec_example_out_of_order() {
    // 9.7.1.12's example `min.s16x2.relu u,v,w;` against its syntax line
    // `min{.relu}.btype`: an error, or with --lenient a warning.
    assert!(IntOp::parse("min.s16x2.relu").is_err());
    let (f, w) = IntOp::parse_lenient("min.s16x2.relu").unwrap();
    assert_eq!(f.to_string(), "min.relu.s16x2");
    assert_eq!(w.len(), 1);
    assert!(!w[0].is_error());
    assert_eq!(w[0].help.as_deref(), Some("write min.relu.s16x2"));
    let d = decode("min.s16x2.relu", true);
    assert_eq!(d.op, Op::Int(f));
    assert_eq!(d.diags.len(), 1);
    // Only order is forgiven.
    assert!(IntOp::parse_lenient("add.cc.cc.u32").is_err());
    assert!(IntOp::parse_lenient("mad.lo.sat.s32").is_err());
    assert!(decode("mul.wide.u64", true).op == Op::Unsupported(None));
}

#[test]
fn two_type_messages() {
    let d = IntOp::parse("dp2a.lo").unwrap_err();
    assert_eq!(
        d.message,
        "missing type after `dp2a.lo`: dp2a takes the modifiers .hi .lo and two types .atype.btype (.u32 .s32)"
    );
}
