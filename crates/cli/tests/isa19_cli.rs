//! The three-input `min`/`max` (PTX ISA 9.7.3.11/9.7.3.12, 8.8, sm_100),
//! `lop3.BoolOp` (9.7.8.6, 8.2, sm_70), and `setp`/`set` with both
//! destinations, a negated predicate and the half destinations of 9.7.9.1,
//! through the real binary: `eval`, `gen` → `verify`, `check` and `run`. Expected values are derived by hand
//! in the comments from the spec sentences, not copied from ptxfp's output.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn ptxfp(args: &[&str], stdin: Option<&str>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_ptxfp"));
    c.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().expect("spawn ptxfp");
    let input = child.stdin.take().unwrap();
    if let Some(s) = stdin {
        let mut input = input;
        input.write_all(s.as_bytes()).unwrap();
    }
    child.wait_with_output().unwrap()
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn eval_min_max_three_inputs() {
    // min(1, -2.5, 1.5) = -2.5 (0xc0200000).
    let o = ptxfp(&["eval", "min.f32", "1", "-2.5", "1.5"], None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).starts_with("0xc0200000 = -2.5\n"), "{}", out(&o));
    // .abs: "a = |a|; b = |b|; c = |c|": max(1, 2.5, 1.5) = 2.5.
    let o = ptxfp(&["eval", "max.abs.f32", "1", "-2.5", "1.5"], None);
    assert!(out(&o).starts_with("0x40200000 = 2.5\n"), "{}", out(&o));
    // Two NaNs drop out step by step: max(NaN, sNaN, -1) = -1.
    let o = ptxfp(&["eval", "max.f32", "0x7fc00000", "0xff800001", "-1"], None);
    assert!(out(&o).starts_with("0xbf800000 = -1\n"), "{}", out(&o));
    // .NaN: a NaN anywhere gives the canonical f32 NaN.
    let o = ptxfp(&["eval", "min.NaN.f32", "1", "2", "0x7f800001"], None);
    assert!(out(&o).starts_with("0x7fffffff = "), "{}", out(&o));
    // The same text with two operands is the two-input form, whose rules
    // are older: min.f32 is legal everywhere, the three-input one not.
    let o = ptxfp(
        &[
            "eval", "--target", "sm_90", "--ptx", "8.7", "min.f32", "1", "2",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let o = ptxfp(
        &[
            "eval", "--target", "sm_90", "--ptx", "8.7", "min.f32", "1", "2", "3",
        ],
        None,
    );
    assert_ne!(o.status.code(), Some(0));
    assert!(
        err(&o).contains("min.f32 with three inputs requires PTX ISA 8.8"),
        "{}",
        err(&o)
    );
    assert!(err(&o).contains("requires sm_100"), "{}", err(&o));
    // "The .xorsign qualifier cannot be specified for three inputs operation."
    let o = ptxfp(&["eval", "min.xorsign.abs.f32", "1", "2", "3"], None);
    assert_ne!(o.status.code(), Some(0));
    assert!(
        err(&o).contains("takes 2 source operands, got 3"),
        "{}",
        err(&o)
    );
    assert!(
        err(&o).contains("cannot be specified for three inputs"),
        "{}",
        err(&o)
    );
    let src = ".version 8.8\n.target sm_100\n.reg .f32 a;\nmin.xorsign.abs.f32 a, a, a, a;\n";
    let o = ptxfp(&["check", "-"], Some(src));
    assert_ne!(o.status.code(), Some(0));
    let e = format!("{}{}", out(&o), err(&o));
    assert!(e.contains("takes 3 operands (d, a, b); 4 given"), "{e}");
    assert!(
        e.contains("help: the three-input min/max take .abs, not .xorsign.abs"),
        "{e}"
    );
    // `.abs` alone is the three-input line's.
    let o = ptxfp(&["eval", "min.abs.f32", "1", "2"], None);
    assert!(
        err(&o).contains("takes 3 source operands, got 2"),
        "{}",
        err(&o)
    );
}

#[test]
fn gen_then_verify_three_inputs() {
    // `forms` lists the three-input forms with their operands; `gen` takes
    // that spelling and writes `min.f32 A B C R` lines; `verify` reads them
    // back by their field count.
    let forms = out(&ptxfp(&["forms", "--family", "float"], None));
    assert!(
        forms.contains("max.ftz.abs.f32 d, a, b, c 8.8 sm_100"),
        "{forms}"
    );
    let g = ptxfp(
        &["gen", "max.ftz.abs.f32 d, a, b, c", "--count", "200"],
        None,
    );
    assert_eq!(g.status.code(), Some(0), "{}", err(&g));
    let text = out(&g);
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    assert_eq!(line.split(' ').count(), 5, "{line}");
    assert!(line.starts_with("max.ftz.abs.f32 "), "{line}");
    // Beside two-input lines of the same text, in one file.
    let two = out(&ptxfp(&["gen", "max.ftz.f32", "--count", "50"], None));
    let all: String = format!(
        "{text}{}",
        two.lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    );
    let v = ptxfp(&["verify", "-"], Some(&all));
    assert_eq!(v.status.code(), Some(0), "{}{}", out(&v), err(&v));
    assert!(out(&v).ends_with("250 passed, 0 failed\n"), "{}", out(&v));
    // A wrong result is found: max(|-0|, |-1|, |2^-149|) = 1 with .ftz, not 2^-149.
    let bad = "max.ftz.abs.f32 80000000 bf800000 00000001 00000001\n";
    let v = ptxfp(&["verify", "-"], Some(bad));
    assert_eq!(v.status.code(), Some(1), "{}{}", out(&v), err(&v));
    let good = "max.ftz.abs.f32 80000000 bf800000 00000001 3f800000\n";
    let v = ptxfp(&["verify", "-"], Some(good));
    assert_eq!(v.status.code(), Some(0), "{}{}", out(&v), err(&v));
}

const MINMAX3: &str = ".version 8.8
.target sm_100
.reg .f32 a, b, c, d, e, f;
mov.f32 a, 0f3F800000;
mov.f32 b, 0fC0200000;
mov.f32 c, 0f3FC00000;
min.f32 d, a, b, c;
max.abs.f32 e, a, b, c;
min.f32 f, a, c;
";

#[test]
fn run_and_check_three_inputs() {
    // d = min(1, -2.5, 1.5) = -2.5; e = max(1, 2.5, 1.5) = 2.5; f = min(1,
    // 1.5) = 1 (the two-input form, same opcode text).
    let o = ptxfp(&["run", "-"], Some(MINMAX3));
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let s = out(&o);
    assert!(s.contains("d = 0xc0200000  f32 -2.5\n"), "{s}");
    assert!(s.contains("e = 0x40200000  f32 2.5\n"), "{s}");
    assert!(s.contains("f = 0x3f800000  f32 1\n"), "{s}");
    let o = ptxfp(&["check", "-"], Some(MINMAX3));
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), err(&o));
    // PTX ISA 8.7 / sm_90: the three-input lines are refused, the
    // two-input one is not.
    let old = MINMAX3.replace("8.8", "8.7").replace("sm_100", "sm_90");
    let o = ptxfp(&["check", "-"], Some(&old));
    assert_ne!(o.status.code(), Some(0));
    let e = format!("{}{}", out(&o), err(&o));
    assert!(
        e.contains(":7:1: error: min.f32 with three inputs requires PTX ISA 8.8"),
        "{e}"
    );
    assert!(
        e.contains(":8:1: error: max.f32 with three inputs requires sm_100"),
        "{e}"
    );
    assert!(!e.contains(":9:"), "{e}");
    let o = ptxfp(&["run", "-"], Some(&old));
    assert_ne!(o.status.code(), Some(0));
}

#[test]
fn eval_lop3_boolop() {
    // "If F = (a & b & c); immLut = 0xF0 & 0xCC & 0xAA = 0x80": d = 0x80;
    // p = (d != 0) .and q = q.
    let o = ptxfp(
        &["eval", "lop3.and.b32", "0xf0", "0xcc", "0xaa", "0x80", "1"],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(
        out(&o).starts_with("0x00000080 = 0x00000080\n0x1 = true\n"),
        "{}",
        out(&o)
    );
    let o = ptxfp(
        &["eval", "lop3.and.b32", "0xf0", "0xcc", "0xaa", "0x80", "0"],
        None,
    );
    assert!(
        out(&o).starts_with("0x00000080 = 0x00000080\n0x0 = false\n"),
        "{}",
        out(&o)
    );
    // immLut 0 gives d = 0: `.or` gives q.
    let o = ptxfp(&["eval", "lop3.or.b32", "1", "2", "3", "0", "1"], None);
    assert!(
        out(&o).starts_with("0x00000000 = 0x00000000\n0x1 = true\n"),
        "{}",
        out(&o)
    );
    // PTX ISA 8.2 and sm_70.
    let o = ptxfp(
        &[
            "eval",
            "--ptx",
            "8.1",
            "lop3.or.b32",
            "1",
            "2",
            "3",
            "0",
            "1",
        ],
        None,
    );
    assert_ne!(o.status.code(), Some(0));
    assert!(err(&o).contains("requires PTX ISA 8.2"), "{}", err(&o));
    // gen → verify: the sources a, b, c, immLut, q, then d and p.
    let g = ptxfp(&["gen", "lop3.or.b32", "--count", "100"], None);
    let text = out(&g);
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    assert_eq!(line.split(' ').count(), 8, "{line}");
    let v = ptxfp(&["verify", "-"], Some(&text));
    assert!(
        out(&v).ends_with("100 passed, 0 failed\n"),
        "{}{}",
        out(&v),
        err(&v)
    );
    // A hand vector: a = 0xf0, b = 0xcc, c = 0xaa, immLut = 0xfe (a | b | c)
    // = 0xfe; q = 0: p = (0xfe != 0) or 0 = 1.
    let v = ptxfp(
        &["verify", "-"],
        Some("lop3.or.b32 000000f0 000000cc 000000aa 000000fe 0 000000fe 1\n"),
    );
    assert_eq!(v.status.code(), Some(0), "{}{}", out(&v), err(&v));
}

const LOP3: &str = ".version 8.2
.target sm_70
.reg .b32 a, b, c, d;
.reg .pred p, q, r;
mov.b32 a, 0xf0;
mov.b32 b, 0xcc;
mov.b32 c, 0xaa;
setp.eq.u32 q, a, a;
lop3.and.b32 d|p, a, b, c, 0x80, q;
lop3.or.b32 _|r, a, b, c, 0x00, !q;
";

#[test]
fn run_and_check_lop3_boolop() {
    // d = a & b & c = 0x80, p = (0x80 != 0) and true = true; the sink `_`
    // for d ("The sink symbol `_` may be used in place of the destination
    // operand d"), r = (0 != 0) or !true = false.
    let o = ptxfp(&["run", "-"], Some(LOP3));
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let s = out(&o);
    assert!(s.contains("d = 0x00000080  b32\n"), "{s}");
    assert!(s.contains("p = 0x1  pred true\n"), "{s}");
    assert!(s.contains("r = 0x0  pred false\n"), "{s}");
    let o = ptxfp(&["check", "-"], Some(LOP3));
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), err(&o));
    // Before PTX ISA 8.2, and with a plain destination, refused.
    let o = ptxfp(&["check", "-"], Some(&LOP3.replace("8.2", "8.1")));
    assert_ne!(o.status.code(), Some(0));
    assert!(format!("{}{}", out(&o), err(&o)).contains("requires PTX ISA 8.2"));
    let plain = LOP3.replace("d|p,", "d,");
    let o = ptxfp(&["check", "-"], Some(&plain));
    assert_ne!(o.status.code(), Some(0));
    assert!(format!("{}{}", out(&o), err(&o)).contains("`d|p`"));
}

const SETP: &str = ".version 7.8
.target sm_90
.reg .b32 a, b;
.reg .f32 x, y;
.reg .b16 h, k;
.reg .pred c, p, q, r, s;
mov.b32 a, 0x7e003c00;
mov.b32 b, 0x40004000;
setp.eq.u32 c, a, a;
setp.lt.xor.f16x2 p|q, a, b, !c;
setp.lt.xor.f16x2 r|s, a, b, c;
mov.f32 x, 0f3F800000;
mov.f32 y, 0f40000000;
set.lt.f16.f32 h, x, y;
set.gt.xor.bf16.f32 k, x, y, c;
";

#[test]
fn setp_both_destinations_negated_predicate_and_half_destinations() {
    // a's lanes: (lower 1.0, upper NaN); b's (2.0, 2.0); c = true.
    // 9.7.9.2: "p = BoolOp(fA[0] CmpOp fB[0], c); q = BoolOp(fA[1] CmpOp
    // fB[1], c)": lt gives (true, false); xor with !c = false keeps them,
    // xor with c = true flips them.
    // 9.7.9.1 "set.CmpOp{.ftz}.f16.stype": 1 < 2 writes 1.0 in .f16
    // (0x3c00); "set.CmpOp.bf16.stype": (1 > 2) xor true writes 1.0 in
    // .bf16 (0x3f80).
    let o = ptxfp(&["run", "-"], Some(SETP));
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let s = out(&o);
    for line in [
        "p = 0x1  pred true\n",
        "q = 0x0  pred false\n",
        "r = 0x0  pred false\n",
        "s = 0x1  pred true\n",
        "h = 0x3c00 ",
        "k = 0x3f80 ",
    ] {
        assert!(s.contains(line), "{line}: {s}");
    }
    let o = ptxfp(&["check", "-"], Some(SETP));
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), err(&o));
    // The .bf16 destination needs PTX ISA 7.8 and sm_90; the .f16 one 4.2
    // and sm_53.
    let o = ptxfp(
        &["eval", "--target", "sm_80", "set.gt.bf16.f32", "1", "2"],
        None,
    );
    assert_ne!(o.status.code(), Some(0));
    assert!(err(&o).contains("sm_90"), "{}", err(&o));
    let o = ptxfp(
        &[
            "eval",
            "--target",
            "sm_80",
            "--ptx",
            "7.0",
            "set.gt.f16.f64",
            "2",
            "1",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).starts_with("0x3c00 = 1\n"), "{}", out(&o));
    // Only the floating-point comparisons, and .ftz only into .f16.
    for bad in ["set.lo.f16.u32", "set.lt.f16.b32", "set.lt.ftz.bf16.f32"] {
        let o = ptxfp(&["eval", bad, "1", "2"], None);
        assert_eq!(o.status.code(), Some(2), "{bad}: {}", out(&o));
    }
    // gen -> verify for the new forms and the packed BoolOp forms.
    for form in [
        "set.ltu.ftz.f16.f32",
        "set.ne.or.bf16.s64",
        "setp.gtu.and.ftz.f16x2",
        "set.le.xor.f16x2.f16x2",
    ] {
        let g = ptxfp(&["gen", form, "--count", "100"], None);
        assert_eq!(g.status.code(), Some(0), "{form}: {}", err(&g));
        let v = ptxfp(&["verify", "-"], Some(&out(&g)));
        assert!(
            out(&v).ends_with("100 passed, 0 failed\n"),
            "{form}: {}{}",
            out(&v),
            err(&v)
        );
    }
    // Hand vectors: -2^-149 < 0 is true, but not under .ftz (-0.0 < 0.0 is
    // false); NaN >= 1 as .geu is true.
    let v = ptxfp(
        &["verify", "-"],
        Some(
            "set.lt.f16.f32 80000001 00000000 3c00\n\
             set.lt.ftz.f16.f32 80000001 00000000 0000\n\
             set.geu.bf16.f64 7ff8000000000000 3ff0000000000000 3f80\n",
        ),
    );
    assert_eq!(v.status.code(), Some(0), "{}{}", out(&v), err(&v));
}
