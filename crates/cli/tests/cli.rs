//! Runs the real `ptxfp` binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn ptxfp(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .args(args)
        .output()
        .expect("run ptxfp")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn vectors() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/vectors")
}

fn tmp(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ptxfp-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn eval_prints_hex_then_lanes() {
    let o = ptxfp(&["eval", "fma.rn.bf16", "0x3fe0", "0x3f14", "0x8d80"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("0x3f81 = 1.01\n"), "{}", stdout(&o));
    let o = ptxfp(&["eval", "add.f16x2", "1,2", "0.5,-inf"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).starts_with("0xfc003e00 = 1.5,-Inf\n"),
        "{}",
        stdout(&o)
    );
    // Mixed precision: the destination is 32 bits wide.
    let o = ptxfp(&["eval", "add.rz.f32.f16", "-0.0", "1e-7"]);
    assert!(stdout(&o).starts_with("0x33d6bf95 = "), "{}", stdout(&o));
    // mad.f64 legacy at PTX 1.3, sm_13.
    let o = ptxfp(&[
        "eval", "mad.f64", "1", "2", "3", "--ptx", "1.3", "--target", "sm_13",
    ]);
    assert!(
        stdout(&o).starts_with("0x4014000000000000 = 5"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn eval_errors_exit_2() {
    // Erratum: the exact help.
    let o = ptxfp(&["eval", "add.rz.f32.bf16.sat", "1", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains(".sat must come before the types"));
    assert!(stderr(&o).contains("help: write add.rz.sat.f32.bf16"));
    // Version/target rule.
    let o = ptxfp(&[
        "eval", "mul.bf16", "1", "2", "--target", "sm_80", "--ptx", "7.0",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("mul.bf16 requires sm_90 or higher; the target is sm_80"));
    // Bad operands.
    for (args, msg) in [
        (vec!["eval", "add.f16", "0x10000", "1"], "too wide"),
        (
            vec!["eval", "add.f16", "0x0003c00", "1"],
            "`0x0003c00` is too wide for .f16: 7 hex digits, at most 4",
        ),
        // A lane of an x2 operand, too.
        (
            vec!["eval", "add.f16x2", "0x03c00,1", "1,1"],
            "`0x03c00` is too wide for .f16: 5 hex digits, at most 4",
        ),
        (vec!["eval", "add.f16", "one", "1"], "is not a number"),
        // Bits as a verify file writes them get the eval spelling.
        (
            vec!["eval", "add.f16", "3c00", "1"],
            "for the bit pattern write 0x3c00",
        ),
        (
            vec!["eval", "add.f16", "-0x3c00", "1"],
            "a bit pattern takes no sign",
        ),
        (vec!["eval", "add.f16", "1"], "takes 2 source operands"),
        (
            vec!["eval", "fma.rn.f16", "1", "2"],
            "takes 3 source operands",
        ),
        (vec!["eval", "add.f16x2", "1", "2"], "two lanes"),
    ] {
        let o = ptxfp(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(msg), "{args:?}: {}", stderr(&o));
    }
    // clap usage errors are exit 2 too.
    assert_eq!(ptxfp(&["eval"]).status.code(), Some(2));
    assert_eq!(ptxfp(&["nonsense"]).status.code(), Some(2));
}

/// Runs `verify` on every file of `dir` with the flags of its `# run:`
/// line; each must pass every vector line. The forms seen, and the total.
fn verify_dir(dir: &Path) -> (std::collections::BTreeSet<String>, usize) {
    let (mut forms, mut total) = (std::collections::BTreeSet::new(), 0);
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        let text = std::fs::read_to_string(&p).unwrap();
        let run = text
            .lines()
            .find_map(|l| l.strip_prefix("# run: "))
            .unwrap();
        let vectors: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .collect();
        forms.extend(
            vectors
                .iter()
                .map(|l| l.split(' ').next().unwrap().to_string()),
        );
        let mut args = vec!["verify"];
        args.extend(run.split_whitespace());
        let ps = p.to_str().unwrap().to_string();
        args.push(&ps);
        let o = ptxfp(&args);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}: {}{}",
            p.display(),
            stdout(&o),
            stderr(&o)
        );
        let last = stdout(&o).lines().last().unwrap().to_string();
        assert_eq!(last, format!("{} passed, 0 failed", vectors.len()));
        total += vectors.len();
    }
    (forms, total)
}

#[test]
fn verify_passes_every_vector_file() {
    let (_, total) = verify_dir(&vectors());
    // + the 3 legacy div/rcp/sqrt.f64 of PTX 1.0-1.3, + the 38 .f32x2 forms,
    // + the 16 three-input min/max.
    assert_eq!(total, 80 * (173 + 66 + 6 + 20 + 131 + 3 + 38 + 16));
}

/// The vectors of the second independent oracle, `scripts/xcheck` (a
/// Python model written from the spec sections (docs/SPEC.md) and docs/NVIDIA.md alone): every legal
/// form is there.
#[test]
fn verify_passes_the_python_model_vectors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/vectors-python");
    let (forms, total) = verify_dir(&dir);
    let o = ptxfp(&["forms"]);
    // Every form but the approximate ones, which have no bits to check.
    let legal: std::collections::BTreeSet<String> = stdout(&o)
        .lines()
        .filter(|l| !l.contains("(approximate:"))
        .map(|l| l.split(' ').next().unwrap().to_string())
        .collect();
    let missing: Vec<_> = legal.difference(&forms).collect();
    assert!(missing.is_empty(), "forms without vectors: {missing:?}");
    assert!(total >= 60 * legal.len(), "{total} vectors");
}

#[test]
fn verify_reports_mismatches_exit_1() {
    let p = tmp(
        "bad.txt",
        "# one right, one wrong\nadd.f16 3c00 3c00 4000\nadd.f16 3c00 3c00 3c00  # wrong\n\n",
    );
    let o = ptxfp(&["verify", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("bad.txt:3: MISMATCH add.f16"), "{out}");
    assert!(out.contains("expected 0x3c00 = 1"), "{out}");
    assert!(out.contains("got      0x4000 = 2"), "{out}");
    assert!(out.contains("src0     0x3c00 = 1"), "{out}");
    assert!(out.ends_with("1 passed, 1 failed\n"), "{out}");
}

/// A scalar `setp`'s second predicate `q` may follow `p`: "p = BoolOp(t,
/// c); q = BoolOp(!t, c)" (9.7.8.2), worked out here for 1 < 2 (t true).
/// A wrong `q` is a mismatch that names it; a field more is malformed,
/// with the `q` rule in the message.
#[test]
fn verify_reads_setp_q_after_p() {
    let p = tmp(
        "setp_q.txt",
        "setp.lt.f32 3f800000 40000000 1 0
         setp.lt.and.f32 3f800000 40000000 1 1 0
         setp.lt.and.f32 3f800000 40000000 0 0 0
         setp.lt.or.f32 3f800000 40000000 1 1 1
         setp.lt.xor.f32 3f800000 40000000 1 0 1
         setp.lt.f32 3f800000 40000000 1
         setp.lt.or.f32 3f800000 40000000 1 1 0
",
    );
    let o = ptxfp(&["verify", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("setp_q.txt:7: MISMATCH setp.lt.or.f32"),
        "{out}"
    );
    assert!(
        out.contains("expected d1 0x0 = false") && out.contains("got      d1 0x1 = true"),
        "{out}"
    );
    assert!(
        out.ends_with(
            "6 passed, 1 failed
"
        ),
        "{out}"
    );
    let p = tmp(
        "setp_q_extra.txt",
        "setp.lt.f32 3f800000 40000000 1 0 0
",
    );
    let o = ptxfp(&["verify", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("(and optionally `q`"), "{}", stderr(&o));
}

/// `lop3`'s `immLut` "is an integer constant that can take values from 0
/// to 255" (9.7.8.6): a wider value is an error in `eval` and a malformed
/// line in `verify` (its upper bits were ignored). 1 ^ 2 ^ 3 = 0 under 0x96.
#[test]
fn lop3_immlut_is_eight_bits() {
    let o = ptxfp(&["eval", "lop3.b32", "1", "2", "3", "0x1ff"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("`immLut` is an integer constant from 0 to 255"),
        "{}",
        stderr(&o)
    );
    let p = tmp("lop3.txt", "lop3.b32 1 2 3 96 0\nlop3.b32 1 2 3 196 0\n");
    let o = ptxfp(&["verify", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stdout(&o).ends_with("1 passed, 0 failed, 1 malformed\n"),
        "{}",
        stdout(&o)
    );
    assert!(
        stderr(&o).contains("lop3.txt:2:16: `immLut`"),
        "{}",
        stderr(&o)
    );
}

/// Vectors written as other tools write them: bits with `0x` or `0X` (as
/// `eval` prints them), upper-case digits, tabs, CRLF line ends, `//`
/// comments. Each line's expected value is right, so all pass; the last is
/// wrong, so the count shows that each line was read.
#[test]
fn verify_takes_the_usual_spellings_of_bits() {
    let p = tmp(
        "spellings.txt",
        "// from another tool\r\n\
         add.rn.f16 0x3C00 0x3c00 0x4000\r\n\
         add.rn.f16\t3C00\t0X3C00\t4000  // 1 + 1\n\
         mul.rn.f32 0x3f800000 0x40000000 40000000 # 1 * 2\n\
         fma.rn.f64 0x3ff0000000000000 0x3ff0000000000000 0x0000000000000000 0x3ff0000000000000\n\
         add.rn.f16x2 0x3c003c00 0x3c000000 0x40003c00\n\
         add.rn.f16 0x3c00 0x3c00 0x3c00\n",
    );
    let o = ptxfp(&["verify", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("spellings.txt:7: MISMATCH add.rn.f16"),
        "{out}"
    );
    assert!(out.ends_with("5 passed, 1 failed\n"), "{out}");
}

/// Other tools' vector files: fields apart by commas (CSV) and `->` or
/// `=>` before the expected results (`setp`'s `p` and `q` both after it,
/// the three-input `min` told by its count). An arrow elsewhere is an
/// error at the arrow. The last line's value is wrong, so the count shows
/// each line was read; before, each of these lines was malformed.
#[test]
fn verify_reads_commas_and_arrows() {
    let p = tmp(
        "arrows.csv",
        "add.rn.f16,3c00,3c00,4000\n\
         add.rn.f16, 0x3c00, 0x3c00 -> 0x4000\n\
         mul.rn.f32 3f800000 40000000 => 40000000\n\
         setp.lt.f32 3f800000 40000000 -> 1 0\n\
         min.f32 3f800000 40000000 c0000000 -> c0000000\n\
         add.rn.f16 3c00 3c00 -> 3c00\n",
    );
    let o = ptxfp(&["verify", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("arrows.csv:6: MISMATCH add.rn.f16"), "{out}");
    assert!(out.ends_with("5 passed, 1 failed\n"), "{out}");
    let p = tmp("arrow-early.txt", "add.rn.f16 3c00 -> 3c00 4000\n");
    let o = ptxfp(&["verify", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("arrow-early.txt:1:17: `->` must stand after the 2 operand(s) of add.rn.f16, before the expected results"),
        "{}",
        stderr(&o)
    );
    // An empty field between commas is a value left out: malformed, at
    // the gap (a trailing comma is not one).
    let p = tmp(
        "gap.csv",
        "add.rn.f16,3c00,,3c00,4000\nadd.rn.f16,3c00,3c00,4000,\n",
    );
    let o = ptxfp(&["verify", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("gap.csv:1:17: an empty field between commas: a value is missing"),
        "{}",
        stderr(&o)
    );
    assert!(
        stdout(&o).contains("1 passed, 0 failed, 1 malformed"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn verify_malformed_lines_exit_2() {
    for (text, msg) in [
        (
            "add.f16 3c00 4000\n",
            "needs 2 operands and the expected result",
        ),
        ("add.f16 3c00 zz 4000\n", "not a hex bit pattern"),
        ("add.f16 3c00 13c00 4000\n", "too wide"),
        // Leading zeros count: seven digits are not an f16.
        (
            "add.f16 3c00 0003c00 4000\n",
            "`0003c00` is too wide for .f16: 7 hex digits, at most 4",
        ),
        // `0x` then seven digits: still too wide.
        (
            "add.f16 3c00 0x0003c00 4000\n",
            "`0x0003c00` is too wide for .f16: 7 hex digits, at most 4",
        ),
        ("add.f16 3c00 0x 4000\n", "`0x` is not a hex bit pattern"),
        ("add.f16 3c00 0x0x3c00 4000\n", "`0x0x3c00` is not a hex bit pattern"),
        // A value where bits belong.
        (
            "add.f16 3c00 1.5 4000\n",
            "`1.5` is not a hex bit pattern (vector files hold bit patterns: as .f16, `1.5` is 0x3e00)",
        ),
        // PTX's spelling of an .f32's bits: the hint gives them.
        (
            "add.f32 3f800000 0f3F800000 40000000\n",
            "`0f3F800000` is too wide for .f32: 10 hex digits, at most 8 (vector files hold bit patterns: as .f32, `0f3F800000` is 0x3f800000)",
        ),
        (
            "add.f16.sat 3c00 3c00 3c00\n",
            ".sat must come before the types",
        ),
        ("fma.rn.oob.f16 3c00 3c00 3c00 3c00\n", ""),
    ] {
        let p = tmp("malformed.txt", &format!("# x\n{text}"));
        let o = ptxfp(&[
            "verify",
            "--target",
            "sm_80",
            "--ptx",
            "8.1",
            p.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(2), "{text}");
        assert!(
            stderr(&o).contains("malformed.txt:2:"),
            "{text}: {}",
            stderr(&o)
        );
        assert!(stderr(&o).contains(msg), "{text}: {}", stderr(&o));
    }
    let o = ptxfp(&["verify", "/nonexistent/file.txt"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn gen_output_verifies() {
    for form in [
        "fma.rn.oob.relu.bf16x2",
        "mad.rz.ftz.sat.f32",
        "fma.rp.sat.f32.f16",
        "add.rn.ftz.sat.f16x2",
        "mad.rm.f64",
    ] {
        let o = ptxfp(&["gen", form, "--count", "200", "--seed", "7"]);
        assert_eq!(o.status.code(), Some(0));
        let text = stdout(&o);
        assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 200);
        // Same seed, same vectors.
        assert_eq!(
            stdout(&ptxfp(&["gen", form, "--count", "200", "--seed", "7"])),
            text
        );
        let p = tmp(&format!("gen-{form}.txt"), &text);
        let o = ptxfp(&["verify", p.to_str().unwrap()]);
        assert_eq!(stdout(&o).lines().last(), Some("200 passed, 0 failed"));
    }
    // OOB-NaN operands appear for .oob forms.
    let o = ptxfp(&["gen", "fma.rn.oob.f16", "--count", "300"]);
    assert!(stdout(&o).contains("7ff7"));
}

/// `--family`: the integer table (254 forms), the conversions (1095: 874,
/// the 35 of `cvt.pack`, `cvt.rs` and `.ue8m0x2`, the 16 of `.s2f6x2`,
/// the 40 of PTX ISA 9.2's `.bf16x2` from the fp8/fp6/fp4 pairs, the 30
/// of PTX ISA 9.4's `.rz` into them, 5 types x `.relu` x 3 sources, and
/// the 100 of its `.pzo`: 16 to `.f16`/`.bf16`, 16 to their x2, 8 to
/// `.tf32`, 20 and 40 to the fp8/fp6/fp4 pairs from `.f32` and the halves;
/// no `.sat` with a `.bf16` source, 39 forms the H200's JIT refuses), all.
#[test]
fn forms_lists_every_family() {
    let n = |fam: &str| stdout(&ptxfp(&["forms", "--family", fam])).lines().count();
    assert_eq!(n("int"), 254);
    // 1,095, and PTX ISA 9.4's .scaled::n1::ue8m0 into the five fp8/fp6/fp4
    // pairs from .f32, .f16x2, .bf16x2 with .rn/.rz, {.relu}, {.pzo}: 120;
    // and its .ue5m3x2: from .f32 with .rn/.rz/.rp {.satfinite} (6) or
    // scaled with .rn/.rz (4), from .f16x2/.bf16x2 likewise (12 + 8), to
    // .f16x2 (1), to .bf16x2 {.satfinite}{.scaled::n2::ue8m0} (4): 35.
    assert_eq!(n("cvt"), 1095 + 120 + 35);
    // setp: integer types (9.3.1.1: .bN eq/ne, .sN eq ne lt le gt ge, .uN
    // those and lo ls hi hs: 3 x 2 + 3 x 6 + 3 x 10 = 54) + .f32 14 x 2
    // (.ftz) + .f64 14 + .f16/.f16x2 2 x 14 x 2 + .bf16/.bf16x2 2 x 14 =
    // 180, x 4 (no BoolOp, and, or, xor) = 720; set: the same with each
    // destination type (3 each; 5 for .f16/.bf16 sources: .u16 .s16 .u32
    // .s32 and the source's own) = 624 x 4 = 2496, and the half
    // destinations of 9.7.9.1 "set.CmpOp{.ftz}.f16.stype" and
    // "set.CmpOp.bf16.stype" from the other scalar sources, with the
    // floating-point comparisons only and .ftz only into .f16: .bN 3 x 2,
    // .uN and .sN 6 x 6, .f32 14 x 3, .f64 14, .f16 -> .bf16 14, each into
    // .f16 and .bf16 = 168 x 4 = 672 (not .bf16 -> .f16, 14 x 4, which
    // NVIDIA's JIT refuses); selp/slct 11 x 4; testp 6 x 2.
    // And set on packed integers (PTX ISA 9.4): .u8x4 and .u16x2 with the
    // ten unsigned comparisons, .s8x4 and .s16x2 with the six signed ones.
    assert_eq!(n("compare"), 720 + 2496 + 672 + 44 + 12 + 32);
    // alt (PTX ISA 9.7.6): add/sub 2 destinations x 7 atypes, mul/fma 2 x
    // 7 x 7, each with and without .rn and .satfinite: (14 x 2 + 98 x 2) x 4.
    assert_eq!(n("alt"), (14 * 2 + 98 * 2) * 4);
    // mixed (PTX ISA 9.4's packed lines of 9.7.5): add/sub .f32x2.{f16x2,
    // bf16x2}.f32x2 with no or one of four roundings (2 x 2 x 5), fma with
    // one of four (2 x 4), the .rz downconverting add/sub/mul (3 x 2), and
    // mul.bf16x2.bf16x2.f16x2, mul.f16x2.f16x2.bf16x2.
    assert_eq!(n("mixed"), 20 + 8 + 6 + 2);
    assert_eq!(n("all"), 478 + 254 + 1250 + 3944 + 32 + 896 + 36);
    let int = stdout(&ptxfp(&["forms", "--family", "int"]));
    assert!(
        int.contains("addc.cc.u32 1.2 sm_10\n") || int.contains("addc.cc.u32 "),
        "{int}"
    );
    let cvt = stdout(&ptxfp(&[
        "forms", "--family", "cvt", "--target", "sm_80", "--ptx", "7.0",
    ]));
    assert!(
        cvt.lines().all(|l| !l.contains("e4m3")),
        "fp8 needs sm_89: {cvt}"
    );
    assert!(cvt.contains("cvt.rzi.s32.f32 "), "{cvt}");
}

#[test]
fn forms_lists_every_form() {
    let o = ptxfp(&["forms"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    // The float family: 161 forms, and the 12 modifier-less div, rcp, sqrt,
    // rsqrt, sin, cos, lg2, ex2 of PTX ISA 1.0 to 1.3; 38 on .f32x2; the
    // 16 three-input min/max, listed with their operands.
    assert_eq!(out.lines().count(), 165 + 66 + 20 + 161 + 12 + 38 + 16);
    assert!(
        out.contains("min.ftz.NaN.abs.f32 d, a, b, c 8.8 sm_100 (three inputs)\n"),
        "{out}"
    );
    assert!(out.contains("div.f32 1.0 sm_10 (approximate: up to PTX ISA 1.3, the .approx.ftz form; within the ISA's error bound, not the GPU's bits)\n"), "{out}");
    assert!(out.contains("div.rm.ftz.f32 2.0 sm_20\n"), "{out}");
    assert!(out.contains("sin.approx.f32 1.4 sm_10 (approximate: within the ISA's error bound, not the GPU's bits)\n"), "{out}");
    assert!(out.contains("fma.rn.oob.relu.bf16x2 8.1 sm_90\n"));
    assert!(out.contains("add.rz.sat.f32.bf16 8.6 sm_100\n"));
    assert!(out.contains("mad.f64 1.0 sm_13 (up to PTX ISA 1.3)\n"));
    assert!(out.contains(
        "mad.ftz.f32 1.0 sm_10 (sm_1x: truncated product; sm_20 and up: PTX ISA 3.1 and earlier, as .rn)\n"
    ));
    let o = ptxfp(&["forms", "--target", "sm_80", "--ptx", "7.0"]);
    let out = stdout(&o);
    assert!(out.contains("fma.rn.relu.bf16 7.0 sm_80\n"));
    assert!(!out.contains("mul.bf16 "));
    assert!(!out.contains(".oob"));
}

#[test]
fn verify_points_at_the_field_and_keeps_the_report() {
    // Line 2 mismatches; line 3 is malformed at column 14: the mismatch
    // report still comes out before the error.
    let p = tmp(
        "mixed.txt",
        "add.f16 3c00 3c00 4000\nadd.f16 3c00 3c00 3c00\nadd.f16 3c00 +3c00 4000\n",
    );
    let o = ptxfp(&["verify", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stdout(&o).contains("mixed.txt:2: MISMATCH add.f16"),
        "{}",
        stdout(&o)
    );
    let err = stderr(&o);
    assert!(
        err.contains("mixed.txt:3:14: `+3c00` is not a hex bit pattern"),
        "{err}"
    );
    let p = tmp("latin1.txt", "add.f16 3c00 3c00 4000\n# caf\u{e9}\n");
    std::fs::write(&p, b"add.f16 3c00 3c00 4000\n# caf\xe9\n").unwrap();
    let o = ptxfp(&["verify", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("latin1.txt:2:6: not UTF-8 text"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn verify_warns_once_per_form() {
    // PTX ISA 3.1 on sm_20: mad.f32 without rounding warns and means
    // mad.rn.f32 (1 × 1 + 1 = 2, 1.5 × 2 + 0.25 = 3.25). The warning is
    // shown for the first line of each form, then counted.
    let p = tmp(
        "warn.txt",
        "mad.f32 3f800000 3f800000 3f800000 40000000\n\
         mad.f32 3fc00000 40000000 3e800000 40500000\n\
         mad.rn.f32 3f800000 3f800000 3f800000 40000000\n\
         mad.f32 3f800000 3f800000 3f800000 40000000\n",
    );
    let o = ptxfp(&[
        "verify",
        p.to_str().unwrap(),
        "--target",
        "sm_20",
        "--ptx",
        "3.1",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("4 passed, 0 failed"), "{}", stdout(&o));
    let err = stderr(&o);
    assert_eq!(
        err.matches("warning: mad.f32 requires a rounding modifier")
            .count(),
        1,
        "{err}"
    );
    assert!(err.contains("warn.txt:1:1: warning:"), "{err}");
    assert!(
        err.contains("warn.txt:1:1: note: the same warning applies to 2 more line(s) of mad.f32"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 2, "{err}");
}

/// A form the setup refuses is reported once, with the count of the other
/// lines that write it; a setup no module can have (a version older than
/// the target) is one error for the file, not one per line.
#[test]
fn verify_reports_a_refused_form_and_a_bad_setup_once() {
    let p = tmp(
        "refused.txt",
        "mul.rn.bf16 3f80 3f80 3f80\nmul.rn.bf16 4000 3f80 4000\nmul.rn.bf16 4000 4000 4080\n",
    );
    let f = p.to_str().unwrap();
    let o = ptxfp(&["verify", "--target", "sm_80", f]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "0 passed, 0 failed, 3 malformed\n");
    assert_eq!(
        stderr(&o),
        format!(
            "ptxfp: {f}:1:1: error: mul.bf16 requires sm_90 or higher; the target is sm_80 (help: use --target sm_90 or higher)\n\
             ptxfp: {f}:1:1: note: the same error applies to 2 more line(s) of mul.rn.bf16 (each counted malformed)\n"
        )
    );
    let q = tmp(
        "old.txt",
        "# run: --target sm_90 --ptx 7.0\nmul.rn.bf16 3f80 3f80 3f80\nmul.rn.bf16 4000 3f80 4000\n",
    );
    let g = q.to_str().unwrap();
    let o = ptxfp(&["verify", g, f, "--target", "sm_90"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "3 passed, 0 failed, 1 file not verified\n");
    assert_eq!(
        stderr(&o),
        format!("ptxfp: {g}:1: the setup of the `# run:` line and the command line: --target sm_90 --ptx 7.0: error: `.target sm_90` needs PTX ISA 7.8 or later, but the module is 7.0: ptxas rejects this module (help: use --ptx 7.8 or later)\n")
    );
}

#[test]
fn eval_checks_the_device() {
    let o = ptxfp(&[
        "eval", "add.f16", "1", "1", "--target", "sm_90", "--device", "sm_13",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("add.f16 requires sm_53 or higher; the device is sm_13"),
        "{}",
        stderr(&o)
    );
    // sm_1x code on an sm_1x device is what --device is for.
    let o = ptxfp(&[
        "eval", "mad.f32", "1", "1", "1", "--target", "sm_13", "--device", "sm_13",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // A device cannot load code for a newer target, or sm_90a code at all
    // unless it is an sm_90 (CUDA's compatibility rules).
    for (target, device, why) in [
        (
            "sm_90",
            "sm_53",
            "code for sm_90 cannot run on an sm_53 device",
        ),
        (
            "sm_90a",
            "sm_100",
            "code for sm_90a (architecture-specific) runs only on sm_90 devices, not on sm_100",
        ),
    ] {
        let o = ptxfp(&[
            "eval", "add.f16", "1", "1", "--target", target, "--device", device,
        ]);
        assert_eq!(o.status.code(), Some(2), "{target} {device}");
        assert!(stderr(&o).contains(why), "{}", stderr(&o));
    }
}

/// A target newer than the PTX version is refused as ptxas refuses the
/// module (sm_100 arrived in PTX ISA 8.6); a file with no vectors does not
/// pass.
#[test]
fn impossible_setups_and_empty_inputs_fail() {
    let o = ptxfp(&[
        "eval",
        "add.rn.f16",
        "1",
        "1",
        "--target",
        "sm_100",
        "--ptx",
        "7.0",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("`.target sm_100` needs PTX ISA 8.6 or later, but the module is 7.0: ptxas rejects this module (help: use --ptx 8.6 or later)"),
        "{}",
        stderr(&o)
    );
    let p = tmp("empty.txt", "# only a comment\n\n");
    let o = ptxfp(&["verify", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no vector lines in the input: nothing was checked"));
}

/// `gen` writes the setup its values hold for as a `# run:` line, and
/// `verify` takes it from there: vectors of sm_1x `mad.f32` (truncating
/// multiply, then add) verify without flags. A flag overrides the line,
/// with a note; a malformed line is an error with its place.
#[test]
fn verify_takes_the_setup_from_the_run_line() {
    let o = ptxfp(&["gen", "mad.f32", "--target", "sm_13", "--count", "300"]);
    let text = stdout(&o);
    assert_eq!(
        text.lines().nth(1),
        Some(
            format!(
                "# run: --target sm_13 --device sm_13 --ptx {}",
                ptxfp::PtxVersion::LATEST
            )
            .as_str()
        )
    );
    let p = tmp("gen-sm13.txt", &text);
    let o = ptxfp(&["verify", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("300 passed, 0 failed"));
    // The same vectors under sm_20 semantics (fused, .rn) mostly differ.
    let o = ptxfp(&[
        "verify",
        p.to_str().unwrap(),
        "--target",
        "sm_20",
        "--device",
        "sm_20",
        "--ptx",
        "3.0",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "its `# run:` line says --target sm_13; --target sm_20 from the command line is used"
        ),
        "{}",
        stderr(&o)
    );
    for (text, want) in [
        ("# run: --target\n", "bad.txt:1: in the `# run:` line: a value is required for '--target <TARGET>'"),
        ("# run: --seed 1\n", "bad.txt:1: in the `# run:` line: unexpected argument '--seed' found (it takes --target, --device and --ptx)"),
        ("# run: --ptx 9.99\n", "bad.txt:1: in the `# run:` line: invalid value '9.99' for '--ptx <PTX>'"),
        ("# run: --ptx 8.0 --ptx 8.1\n", "cannot be used multiple times"),
        ("# RUN: --ptx 8.0\n", "bad.txt:1: `# RUN: --ptx 8.0`: write `# run:` in lower case"),
        ("# run --ptx 8.0\n", "bad.txt:1: `# run --ptx 8.0` looks like a `# run:` line but is not one"),
        ("add.f16 3c00 3c00 4000\n# run: --ptx 8.0\n", "bad.txt:2: a `# run:` line after the first vector"),
        ("# run: --ptx 8.0\n# run: --ptx 8.1\n", "bad.txt:2: a second `# run:` line (the first is line 1)"),
    ] {
        let p = tmp("bad.txt", text);
        let o = ptxfp(&["verify", p.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{text}");
        assert!(stderr(&o).contains(want), "{text}: {}", stderr(&o));
    }
    // `=` spelling and a trailing comment, as on the command line.
    let p = tmp(
        "eq.txt",
        "# run: --target=sm_90 --ptx=8.0  # a note\nadd.rn.f16 3c00 3c00 4000\n",
    );
    let o = ptxfp(&["verify", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn sizes_are_bounded_with_clear_errors() {
    for args in [
        &["gen", "add.rn.f16", "--count", "10000000000"][..],
        &["sweep", "add.rn.f16", "--random", "1000000000000000"],
        &[
            "sweep",
            "add.rn.f16",
            "--random",
            "10",
            "--threads",
            "20000",
        ],
        &["sweep", "add.rn.f16", "--random", "10", "--chunks", "0"],
        &["bench", "--n", "18446744073709551615", "add.rn.f16"],
        &["bench", "--reps", "0", "add.rn.f16"],
        &["eval", "add.f16", "1", "1", "--ptx", "8.06"],
        &["eval", "add.f16", "1", "1", "--target", "sm_053"],
    ] {
        let o = ptxfp(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{args:?}");
    }
}

#[test]
fn literal_errors_say_what_is_wrong() {
    let long = "1".repeat(900);
    for (args, want) in [
        (
            vec!["eval", "add.f16", "1e1000000", "1"],
            "the exponent is too long",
        ),
        (vec!["eval", "add.f16x2", "1,", "1,1"], "a lane is empty"),
        (
            vec!["eval", "mad.rn.f64", "0x12345678901234567", "1", "1"],
            "too wide for .f64",
        ),
        (vec!["eval", "add.f16", &long, "1"], "is too long"),
        (
            vec!["eval", "add.f16", "1\u{1}", "1"],
            "`1\\u{1}` contains the control character '\\u{1}'",
        ),
        (
            vec!["eval", "add.f16", "1", "1", "--ptx", "-1.0"],
            "invalid value '-1.0' for '--ptx <PTX>'",
        ),
        (
            vec!["sweep", "add.rn.f16", "--random", "10", "--chunks", "0"],
            "0 chunks prints nothing: give 1 or more, or `--chunks` alone for all",
        ),
    ] {
        let o = ptxfp(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(want), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn literals_that_overflow_or_underflow_are_noted() {
    // 65520 is the f16 rounding boundary to infinity (max 65504 + half an ulp).
    let o = ptxfp(&["eval", "add.f16", "65520", "1e-8"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("0x7c00 = +Inf"), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(
        err.contains("operand a: `65520` overflows .f16 and is +Inf"),
        "{err}"
    );
    assert!(
        err.contains("operand b: `1e-8` underflows .f16 and is 0"),
        "{err}"
    );
    let o = ptxfp(&["eval", "add.f16", "65504", "inf"]);
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}

/// eval reads what `run` and `check` read for a float (PTX's `0f`/`0d`
/// bits), hex floats (values; `0x` alone stays the bits) and NaNs with a
/// payload, and refuses a bit literal of the wrong width as PTX does.
#[test]
fn eval_reads_ptx_bit_literals_hex_floats_and_nan_payloads() {
    let first = |args: &[&str]| {
        let o = ptxfp(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        stdout(&o)
    };
    // 1 * 2 + 3: the example, refused before.
    assert!(first(&["eval", "mad.rn.f32", "0f3F800000", "2", "3"]).starts_with("0x40a00000 = 5\n"));
    // 0f for an .f64 is widened exactly; 0d is the .f64's bits; 1 * 2 - 3.
    let out = first(&[
        "eval",
        "mad.rn.f64",
        "0f3F800000",
        "0d4000000000000000",
        "-0x1.8p+1",
    ]);
    assert!(out.starts_with("0xbff0000000000000 = -1\n"), "{out}");
    assert!(out.contains("  src2 0xc008000000000000 = -3\n"), "{out}");
    // 0x1.8p-3 = 0.1875 as a value; 0x3c00 as the bits of 1.
    assert!(first(&["eval", "add.rn.f16", "0x1.8p-3", "0x3c00"]).starts_with("0x3cc0 = 1.1875\n"));
    // NaN payloads: the fraction bits below the quiet bit.
    let out = first(&["eval", "add.rn.f16", "nan:0x123", "snan"]);
    assert!(
        out.contains("  src0 0x7f23 = NaN(0x7f23)\n  src1 0x7c01 = NaN(0x7c01)\n"),
        "{out}"
    );
    for (args, msg) in [
        (
            vec!["eval", "min.f32", "0f3F80", "1"],
            "operand a: `0f3F80`: a `0f` literal has exactly 8 hex digits (the bits of an .f32); this one has 4",
        ),
        (
            vec!["eval", "mad.rn.f64", "1", "0d3FF8", "1"],
            "operand b: `0d3FF8`: a `0d` literal has exactly 16 hex digits (the bits of an .f64); this one has 4",
        ),
        (
            vec!["eval", "add.f16", "0f3F800000", "1"],
            "operand a: `0f3F800000` is an .f32 bit literal (PTX ISA §4.5.2), for .f32 and .f64 operands; a .f16 operand takes a value (1.5) or its bits (0x0000)",
        ),
        (
            vec!["eval", "add.f16", "0x1.8", "1"],
            "operand a: `0x1.8`: a hex float needs a binary exponent, e.g. 0x1.8p+0 (a bit pattern has no point)",
        ),
        (
            vec!["eval", "add.f16", "snan:0x0", "1"],
            "a signalling NaN needs a nonzero payload",
        ),
        (
            vec!["eval", "add.f16", "nan:0x200", "1"],
            "the payload of a .f16 NaN is at most 0x1ff",
        ),
    ] {
        let o = ptxfp(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(msg), "{args:?}: {}", stderr(&o));
    }
    // A lane and a hex float warn as a decimal does.
    let o = ptxfp(&["eval", "add.bf16x2", "1e39,1", "0x1p-140,1"]);
    let err = stderr(&o);
    assert!(
        err.contains("warning: operand a: `1e39` overflows .bf16 and is +Inf"),
        "{err}"
    );
    assert!(
        err.contains("warning: operand b: `0x1p-140` underflows .bf16 and is 0"),
        "{err}"
    );
}

/// Values print as the shortest decimal that reads back as the same bits
/// (f64 0.32, not 0.32000000000000001; bf16 0x3dcd 0.1, not 0.1001);
/// `--exact` gives every digit, `--hex` a hex float, and each output reads
/// back as an operand to the same bits.
#[test]
fn eval_prints_shortest_exact_or_hex() {
    let run = |args: &[&str]| {
        let o = ptxfp(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        stdout(&o)
    };
    assert_eq!(
        run(&["eval", "mad.rn.f64", "0.32", "1", "-0.0"]),
        "0x3fd47ae147ae147b = 0.32\n  src0 0x3fd47ae147ae147b = 0.32\n  src1 0x3ff0000000000000 = 1\n  src2 0x8000000000000000 = -0\n"
    );
    assert_eq!(
        run(&["eval", "add.rn.bf16", "0x3dcd", "-0.0"]),
        "0x3dcd = 0.1\n  src0 0x3dcd = 0.1\n  src1 0x8000 = -0\n"
    );
    assert_eq!(
        run(&["eval", "--exact", "add.rn.bf16", "0x3dcd", "-0.0"]),
        "0x3dcd = 0.10009765625\n  src0 0x3dcd = 0.10009765625\n  src1 0x8000 = -0\n"
    );
    assert_eq!(
        run(&["eval", "--hex", "add.rn.f16x2", "1.5,0x0001", "-0.0,-inf"]),
        "0xfc003e00 = 0x1.8p+0,-Inf\n  src0 0x00013e00 = 0x1.8p+0,0x1p-24\n  src1 0xfc008000 = -0x0p+0,-Inf\n"
    );
    assert_eq!(
        run(&["eval", "--exact", "mad.rn.f64", "0.32", "1", "-0.0"])
            .lines()
            .next(),
        Some("0x3fd47ae147ae147b = 0.320000000000000006661338147750939242541790008544921875")
    );
    let o = ptxfp(&["eval", "--exact", "--hex", "add.f16", "1", "1"]);
    assert_eq!(o.status.code(), Some(2));
    // What --exact and --hex print reads back.
    for style in ["--exact", "--hex"] {
        let out = run(&[
            "eval",
            style,
            "mad.rn.f32",
            "0f3DCCCCCD",
            "0x1.8p-140",
            "1e-3",
        ]);
        let value = |line: &str| line.split(" = ").nth(1).unwrap().to_string();
        let lines: Vec<&str> = out.lines().collect();
        let again = run(&[
            "eval",
            style,
            "mad.rn.f32",
            &value(lines[1]),
            &value(lines[2]),
            &value(lines[3]),
        ]);
        assert_eq!(again, out, "{style}");
    }
    let v: serde_json::Value = serde_json::from_slice(
        &ptxfp(&["eval", "--json", "--hex", "add.rn.f16", "1", "0.5"]).stdout,
    )
    .unwrap();
    assert_eq!(v["result"]["value"], "0x1.8p+0");
}

/// `ptxfp ... | head -1`: the reader goes away, and the command ends
/// quietly (exit 0) instead of panicking on the closed pipe, on stdout
/// (sweep's per-chunk digests) and on stderr (check's diagnostics).
#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    use std::io::Read as _;
    use std::process::Stdio;
    let bad = tmp("many-errors.ptx", &"add.rn.f16 a, b;\n".repeat(20_000));
    let cases: [(&[&str], bool); 2] = [
        (
            &[
                "sweep",
                "add.rn.f16",
                "--random",
                "400000",
                "--chunks",
                "200000",
            ],
            false,
        ),
        (
            &["check", "--max-diagnostics", "0", bad.to_str().unwrap()],
            true,
        ),
    ];
    for (args, on_stderr) in cases {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_ptxfp"));
        cmd.args(args);
        if on_stderr {
            cmd.stdout(Stdio::null()).stderr(Stdio::piped());
        } else {
            cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        }
        let mut child = cmd.spawn().expect("run ptxfp");
        let mut first = [0u8; 16];
        if on_stderr {
            let mut pipe = child.stderr.take().unwrap();
            pipe.read_exact(&mut first).unwrap();
            drop(pipe);
        } else {
            let mut pipe = child.stdout.take().unwrap();
            pipe.read_exact(&mut first).unwrap();
            drop(pipe);
        }
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{args:?}: {}", stderr(&o));
    }
}

/// Output that cannot be written is an error (exit 2), not a success with
/// the output lost: `gen > file` on a full disk must not leave a short
/// vector file behind a 0.
#[cfg(target_os = "linux")]
#[test]
fn a_failed_write_is_an_error() {
    for args in [
        &["gen", "add.rn.f16", "--count", "1000"][..],
        &["eval", "add.rn.f16", "1", "1"],
        &["forms"],
        &["sweep", "add.rn.f16", "--random", "10"],
    ] {
        let full = std::fs::File::create("/dev/full").unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
            .args(args)
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&o).contains("ptxfp: cannot write output: No space left on device"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
}

/// bench checks its forms (under --target/--ptx) before printing anything;
/// sweep says under which setup its digest holds and refuses a --seed that
/// would change nothing.
#[test]
fn bench_and_sweep_say_what_they_measure() {
    for (form, want) in [
        ("foo", "unknown opcode `foo`"),
        (
            "mad.f64",
            "mad.f64 requires a rounding modifier from PTX ISA 1.4",
        ),
    ] {
        let o = ptxfp(&["bench", "--n", "10", "--reps", "1", form]);
        assert_eq!(o.status.code(), Some(2), "{form}");
        assert_eq!(stdout(&o), "", "{form}");
        assert!(stderr(&o).contains(want), "{form}: {}", stderr(&o));
    }
    let o = ptxfp(&[
        "sweep", "mad.f32", "--target", "sm_13", "--ptx", "1.3", "--device", "sm_20", "--random",
        "10",
    ]);
    assert!(
        stdout(&o).contains("\nsetup     --target sm_13 --device sm_20 --ptx 1.3\n"),
        "{}",
        stdout(&o)
    );
    let o = ptxfp(&["sweep", "add.rn.f16", "--exhaustive", "--seed", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--seed applies to --random"));
}

/// A malformed line does not stop verify: every problem is reported, the
/// other lines (and files) are still verified, and the summary counts it.
/// A file that cannot be read is an error of its own, not a malformed
/// line: the summary says it was not verified.
#[test]
fn verify_reports_every_problem_and_goes_on() {
    let p = tmp(
        "mix.txt",
        "add.rn.f16 3c00 3c00 4000\nmul.bf16 3f80 3f80 3f80\nadd.rn.f16 3c00 3c00 3c00\nadd.rn.f16 3c00 zz 3c00\nadd.rn.f16 3c00 3c00 4000\n",
    );
    let o = ptxfp(&[
        "verify",
        p.to_str().unwrap(),
        "/nonexistent/x.txt",
        "--target",
        "sm_80",
        "--ptx",
        "8.0",
    ]);
    assert_eq!(o.status.code(), Some(2));
    // 1 + 1 = 2 (0x4000) passes twice; line 3 expects 1; line 2 is illegal on sm_80.
    assert!(
        stdout(&o).contains("mix.txt:3: MISMATCH add.rn.f16"),
        "{}",
        stdout(&o)
    );
    assert_eq!(
        stdout(&o).lines().last(),
        Some("2 passed, 1 failed, 2 malformed, 1 file not verified")
    );
    let err = stderr(&o);
    assert!(
        err.contains("mix.txt:2:1: error: mul.bf16 requires sm_90 or higher"),
        "{err}"
    );
    assert!(
        err.contains("mix.txt:4:17: `zz` is not a hex bit pattern"),
        "{err}"
    );
    assert!(
        err.contains(
            "\nptxfp: cannot read `/nonexistent/x.txt`: No such file or directory (os error 2)\n"
        ),
        "{err}"
    );
}

/// A file verify cannot verify as a whole is a plain error (exit 2) with
/// the wording of the other commands, not "1 malformed": a missing file, a
/// directory, a `# run:` line after the first vector (it sets up the whole
/// file, so it must come first). With no file verified there is no
/// summary; the other files are still verified.
#[test]
fn verify_refuses_a_file_it_cannot_verify() {
    let dir = std::env::temp_dir();
    let d = dir.to_str().unwrap();
    let late = tmp(
        "late-run.txt",
        "# vectors\nadd.rn.f16 3c00 3c00 4000\n\n# run: --ptx 8.0\nadd.rn.f16 3c00 3c00 4000\n",
    );
    let late = late.to_str().unwrap();
    for (file, want) in [
        (
            "/nonexistent/v.txt",
            "ptxfp: cannot read `/nonexistent/v.txt`: No such file or directory (os error 2)\n"
                .to_string(),
        ),
        (d, format!("ptxfp: cannot read `{d}`: Is a directory (os error 21)\n")),
        (
            late,
            format!("ptxfp: {late}:4: a `# run:` line after the first vector (line 2): the `# run:` line sets up the whole file and must come before its vectors; move it to the top\n"),
        ),
    ] {
        let o = ptxfp(&["verify", file]);
        assert_eq!(o.status.code(), Some(2), "{file}");
        assert_eq!(stdout(&o), "", "{file}");
        assert_eq!(stderr(&o), want, "{file}");
    }
    let good = tmp("good.txt", "add.rn.f16 3c00 3c00 4000\n");
    let o = ptxfp(&["verify", late, good.to_str().unwrap(), d]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "1 passed, 0 failed, 2 files not verified\n");
    assert_eq!(stderr(&o).lines().count(), 2, "{}", stderr(&o));
    // The help says where the line goes.
    let o = ptxfp(&["verify", "--help"]);
    assert!(
        stdout(&o).contains("it must come before the first vector, and one after it is an error"),
        "{}",
        stdout(&o)
    );
}

/// The kernel path sweep names is the one that ran the form: the AVX-512
/// FP16 path computes binary16 arithmetic only, so a mad.f64, bf16 or
/// mixed-precision form asked on it runs (and is labelled) avx512; a form
/// without a batch kernel says so instead of naming a path.
#[test]
fn sweep_names_the_path_that_served_the_form() {
    let time_line = |args: &[&str]| {
        let mut all = vec!["sweep", "--random", "1000"];
        all.extend_from_slice(args);
        let o = ptxfp(&all);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        let out = stdout(&o);
        let line = out.lines().find(|l| l.starts_with("time ")).unwrap();
        line.split(" threads, ").nth(1).unwrap().to_string()
    };
    assert_eq!(
        time_line(&["mad.rn.f64", "--path", "portable"]),
        "path portable)"
    );
    assert_eq!(
        time_line(&["mad.f32", "--target", "sm_13", "--ptx", "1.3"]),
        "no batch kernel: Form::eval per result)"
    );
    let fp16 = ptxfp(&[
        "sweep",
        "add.rn.f16",
        "--random",
        "10",
        "--path",
        "avx512-fp16",
    ]);
    if fp16.status.code() != Some(0) {
        assert!(
            stderr(&fp16).contains("this CPU cannot run it"),
            "{}",
            stderr(&fp16)
        );
        eprintln!("no AVX-512 FP16 on this CPU: the FP16 labels are not tested");
        return;
    }
    for (form, want) in [
        ("add.rn.f16", "path avx512-fp16)"),
        ("fma.rn.relu.f16x2", "path avx512-fp16)"),
        ("mad.rn.f64", "path avx512)"),
        ("mad.rz.f32", "path avx512)"),
        ("fma.rn.bf16", "path avx512)"),
        ("fma.rn.f32.f16", "path avx512)"),
    ] {
        assert_eq!(time_line(&[form, "--path", "avx512-fp16"]), want, "{form}");
    }
}

/// Every error line starts with `ptxfp: `, the second error of one vector
/// line (or of one form on the command line) too; only a `help:` line
/// that continues an error is indented instead.
#[test]
fn every_error_line_carries_the_prefix() {
    let p = tmp("two-errors.txt", "mul.bf16 3f80 3f80 3f80\n");
    let o = ptxfp(&[
        "verify",
        "--target",
        "sm_80",
        "--ptx",
        "7.0",
        p.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let f = p.to_str().unwrap();
    assert_eq!(
        stderr(&o),
        format!(
            "ptxfp: {f}:1:1: error: mul.bf16 requires PTX ISA 7.8 or later; the module is 7.0 (help: use --ptx 7.8 or later)\n\
             ptxfp: {f}:1:1: error: mul.bf16 requires sm_90 or higher; the target is sm_80 (help: use --target sm_90 or higher)\n"
        )
    );
    let p = tmp("device.txt", "mul.rn.bf16 3f80 3f80 3f80\n");
    let o = ptxfp(&[
        "verify",
        "--target",
        "sm_90",
        "--device",
        "sm_53",
        "--ptx",
        "8.0",
        p.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    // The setup's own error, once for the file (not once per line).
    assert_eq!(err.lines().count(), 2, "{err}");
    for line in err.lines() {
        assert!(
            line.starts_with("ptxfp: ") || line.starts_with("  help: "),
            "{err}"
        );
    }
    let f = p.to_str().unwrap();
    assert!(
        err.starts_with(&format!(
            "ptxfp: {f}: --target sm_90 --device sm_53: code for sm_90 cannot run on an sm_53 device"
        )),
        "{err}"
    );
    let o = ptxfp(&[
        "eval", "mul.bf16", "1", "2", "--target", "sm_80", "--ptx", "7.0",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "ptxfp: <form>:1:1: error: mul.bf16 requires PTX ISA 7.8 or later; the module is 7.0\n  |\n1 | mul.bf16\n  | ^^^^^^^^\n  = help: use --ptx 7.8 or later\n\
         ptxfp: <form>:1:1: error: mul.bf16 requires sm_90 or higher; the target is sm_80\n  |\n1 | mul.bf16\n  | ^^^^^^^^\n  = help: use --target sm_90 or higher\n"
    );
}

/// The commands `ptxfp --help` lists, but `help`.
fn commands() -> Vec<String> {
    let help = stdout(&ptxfp(&["--help"]));
    help.split("Commands:\n")
        .nth(1)
        .unwrap()
        .lines()
        .take_while(|l| l.starts_with("  "))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .filter(|c| c != "help")
        .collect()
}

/// `ptxfp completions SHELL` and `ptxfp man` come from the parser's own
/// definition: the bash script completes every command (sourced in a real
/// bash), each shell's script names them, and the man page is roff that
/// lists them, with a page per command.
#[test]
fn completions_and_man_page_cover_every_command() {
    let cmds = commands();
    assert_eq!(
        cmds,
        [
            "eval",
            "verify",
            "gen",
            "forms",
            "check",
            "run",
            "hw",
            "sweep",
            "bench",
            "mma",
            "completions",
            "man"
        ]
    );
    let bash = ptxfp(&["completions", "bash"]);
    assert_eq!(bash.status.code(), Some(0));
    let script = stdout(&bash);
    for c in &cmds {
        assert!(script.contains(&format!("ptxfp,{c})")), "bash: {c}");
    }
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let o = ptxfp(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}");
        for c in &cmds {
            assert!(stdout(&o).contains(c.as_str()), "{shell}: {c}");
        }
    }
    let o = ptxfp(&["completions", "tcsh"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("invalid value 'tcsh' for '<SHELL>'"),
        "{}",
        stderr(&o)
    );
    // The script works: `ptxfp ev<TAB>` completes to eval, `sweep --pa<TAB>` to --path.
    if Path::new("/bin/bash").exists() {
        let f = tmp("ptxfp.bash", &script);
        let o = Command::new("/bin/bash")
            .arg("-c")
            .arg(format!(
                "source {}; COMP_WORDS=(ptxfp ev); COMP_CWORD=1; _ptxfp ptxfp ev ptxfp; echo \"${{COMPREPLY[@]}}\"; \
                 COMP_WORDS=(ptxfp sweep --pa); COMP_CWORD=2; _ptxfp ptxfp --pa sweep; echo \"${{COMPREPLY[@]}}\"",
                f.display()
            ))
            .output()
            .unwrap();
        assert_eq!(stdout(&o), "eval\n--path\n", "{}", stderr(&o));
    }
    let o = ptxfp(&["man"]);
    assert_eq!(o.status.code(), Some(0));
    let page = stdout(&o);
    assert!(
        page.starts_with(".ie \\n(.g .ds Aq \\(aq\n.el .ds Aq '\n.TH ptxfp 1 "),
        "{page}"
    );
    assert!(page.contains("\n.SH SUBCOMMANDS\n"), "{page}");
    for c in &cmds {
        assert!(page.contains(&format!("\nptxfp\\-{c}(1)\n")), "man: {c}");
        let o = ptxfp(&["man", c]);
        assert_eq!(o.status.code(), Some(0), "{c}");
        assert!(
            stdout(&o).contains(&format!("\n.TH ptxfp-{c} 1 ")),
            "{c}: {}",
            stdout(&o)
        );
    }
    assert!(stdout(&ptxfp(&["man", "sweep"])).contains("\\fB\\-\\-exhaustive\\fR"));
    assert!(stdout(&ptxfp(&["man", "hw", "probe"])).contains("\n.TH ptxfp-hw-probe 1 "));
    let o = ptxfp(&["man", "evil"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("ptxfp: no command `evil` in `ptxfp` (it has: eval, verify,"),
        "{}",
        stderr(&o)
    );
}

/// Long work (sweep, bench, verify of a big file) shows progress on stderr
/// only where stderr is a terminal, and never with --json: a pipe (a
/// script, CI, this test) gets no progress text at all.
#[test]
fn progress_only_on_a_terminal() {
    let big = tmp(
        "big.txt",
        &stdout(&ptxfp(&["gen", "mad.rn.f64", "--count", "40000"])),
    );
    assert!(std::fs::metadata(&big).unwrap().len() > 1 << 20);
    let big = big.to_str().unwrap().to_string();
    let cases: [&[&str]; 3] = [
        &["sweep", "mad.rn.f64", "--random", "20000000"],
        &["verify", &big],
        &[
            "bench",
            "--n",
            "20000",
            "--reps",
            "1",
            "add.rn.f16",
            "mad.rn.f64",
        ],
    ];
    for args in cases {
        for json in [false, true] {
            let mut args = args.to_vec();
            if json {
                args.push("--json");
            }
            let o = ptxfp(&args);
            assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
            assert_eq!(stderr(&o), "", "{args:?}");
        }
    }
    // On a terminal (a pseudo-terminal from util-linux `script`) the bar
    // is drawn, but not with --json. stdout goes to /dev/null: what comes
    // back is stderr alone.
    if !Path::new("/usr/bin/script").exists() {
        eprintln!("no /usr/bin/script: the terminal half is not tested");
        return;
    }
    for args in cases {
        for json in [false, true] {
            let cmd = format!(
                "{} {}{} > /dev/null",
                env!("CARGO_BIN_EXE_ptxfp"),
                args.join(" "),
                if json { " --json" } else { "" }
            );
            let o = Command::new("/usr/bin/script")
                .args(["-qec", &cmd, "/dev/null"])
                .stdin(std::process::Stdio::null())
                .output()
                .unwrap();
            assert_eq!(o.status.code(), Some(0), "{cmd}: {}", stderr(&o));
            let tty = stdout(&o);
            if json {
                assert_eq!(tty, "", "{cmd}");
            } else {
                assert!(tty.contains("\x1b[2K"), "{cmd}: {tty:?}");
                assert!(
                    tty.contains('%') || tty.contains(" forms, now "),
                    "{cmd}: {tty:?}"
                );
            }
        }
    }
}

/// What `ptxfp run` executes, with a snippet that uses it and the
/// registers (and memory) it prints.
const RUN_SNIPPETS: &[(&str, &str, &str)] = &[
    // ldu reads what st wrote; elect.sync of one thread elects lane 0.
    ("ldu", ".reg .b32 d;\nst.global.b32 [0x100], 5;\nldu.global.b32 d, [0x100];\n", "d = 0x00000005  b32\nmem[0x100..0x104] = 05 00 00 00\n"),
    ("elect", ".reg .b32 d;\n.reg .pred p;\nelect.sync d|p, 0xffffffff;\n", "d = 0x00000000  b32\np = 0x1  pred true\n"),
    // A guarded-off trap does not stop the run.
    ("trap", ".reg .pred p;\nsetp.eq.u32 p, 1, 2;\n@p trap;\n", "p = 0x0  pred false\n"),
    ("createpolicy", ".reg .b64 d;\ncreatepolicy.fractional.L2::evict_last.b64 d, 1.0;\n", "d = 0x0000000000000000  b64\n"),
    ("prefetch", ".reg .b32 d;\nmov.b32 d, 1;\nprefetch.global.L2 [0x100];\n", "d = 0x00000001  b32\n"),
    ("prefetchu", ".reg .b32 d;\nmov.b32 d, 1;\nprefetchu.L1 [0x100];\n", "d = 0x00000001  b32\n"),
    ("applypriority", ".reg .b32 d;\nmov.b32 d, 1;\napplypriority.global.L2::evict_normal [0x100], 128;\n", "d = 0x00000001  b32\n"),
    ("discard", ".reg .b32 d;\nmov.b32 d, 1;\ndiscard.global.L2 [0x100], 128;\n", "d = 0x00000001  b32\n"),
    ("nanosleep", ".reg .b32 d;\nmov.b32 d, 1;\nnanosleep.u32 100;\n", "d = 0x00000001  b32\n"),
    ("pmevent", ".reg .b32 d;\nmov.b32 d, 1;\npmevent 1;\n", "d = 0x00000001  b32\n"),
    ("griddepcontrol", ".reg .b32 d;\nmov.b32 d, 1;\ngriddepcontrol.wait;\n", "d = 0x00000001  b32\n"),
    ("brkpt", ".reg .b32 d;\nmov.b32 d, 1;\nbrkpt;\n", "d = 0x00000001  b32\n"),
    ("add", ".reg .b16 a, d;\nmov.b16 a, 0x3c00;\nadd.rn.f16 d, a, a;\n", "a = 0x3c00  b16\nd = 0x4000  f16 2\n"),
    ("sub", ".reg .s32 a, d;\nmov.s32 a, 7;\nsub.s32 d, a, 9;\n", "a = 0x00000007  s32 7\nd = 0xfffffffe  s32 -2\n"),
    ("mul", ".reg .b32 a, d;\nmov.b32 a, 0x3fc03fc0;\nmul.rn.bf16x2 d, a, a;\n", "a = 0x3fc03fc0  b32\nd = 0x40104010  bf16x2 {2.25, 2.25}\n"),
    ("fma", ".reg .b16 a, d;\nmov.b16 a, 0x3c00;\nfma.rn.f16 d, a, a, a;\n", "a = 0x3c00  b16\nd = 0x4000  f16 2\n"),
    ("mad", ".reg .f32 a, d;\nmov.f32 a, 1.5;\nmad.rn.f32 d, a, a, a;\n", "a = 0x3fc00000  f32 1.5\nd = 0x40700000  f32 3.75\n"),
    // min(+0, -0) = -0 (9.7.3.11: "+0.0 > -0.0").
    ("min", ".reg .f32 a, d;\nmov.f32 a, -0.0;\nmin.f32 d, 0.0, a;\n", "a = 0x80000000  f32 -0\nd = 0x80000000  f32 -0\n"),
    // |-2| with sign (-) xor (-) = +2.
    ("max", ".reg .b16 a, d;\nmov.b16 a, 0xc000;\nmax.xorsign.abs.f16 d, a, a;\n", "a = 0xc000  b16\nd = 0x4000  f16 2\n"),
    // 1.5 / 4 = 0.375, 1 / 4 = 0.25, √2.25 = 1.5: exact, so every rounding agrees.
    ("div", ".reg .f32 a, d;\nmov.f32 a, 1.5;\ndiv.rn.f32 d, a, 4.0;\n", "a = 0x3fc00000  f32 1.5\nd = 0x3ec00000  f32 0.375\n"),
    ("rcp", ".reg .f32 a, d;\nmov.f32 a, 4.0;\nrcp.rz.f32 d, a;\n", "a = 0x40800000  f32 4\nd = 0x3e800000  f32 0.25\n"),
    ("sqrt", ".reg .f64 a, d;\nmov.f64 a, 2.25;\nsqrt.rn.f64 d, a;\n", "a = 0x4002000000000000  f64 2.25\nd = 0x3ff8000000000000  f64 1.5\n"),
    ("abs", ".reg .f32 a, d;\nmov.f32 a, -1.5;\nabs.f32 d, a;\n", "a = 0xbfc00000  f32 -1.5\nd = 0x3fc00000  f32 1.5\n"),
    ("neg", ".reg .f64 a, d;\nmov.f64 a, 1.5;\nneg.f64 d, a;\n", "a = 0x3ff8000000000000  f64 1.5\nd = 0xbff8000000000000  f64 -1.5\n"),
    // The sign of a (-1.5) on the magnitude of b (2).
    ("copysign", ".reg .f32 a, d;\nmov.f32 a, -1.5;\ncopysign.f32 d, a, 2.0;\n", "a = 0xbfc00000  f32 -1.5\nd = 0xc0000000  f32 -2\n"),
    // Values whose exact result is representable: 1/√4 = 0.5, sin 0 = 0,
    // cos 0 = 1, log2 8 = 3, 2^3 = 8, tanh 0 = 0.
    ("rsqrt", ".reg .f32 a, d;\nmov.f32 a, 4.0;\nrsqrt.approx.f32 d, a;\n", "a = 0x40800000  f32 4\nd = 0x3f000000  f32 0.5\n"),
    ("sin", ".reg .f32 a, d;\nmov.f32 a, 0.0;\nsin.approx.f32 d, a;\n", "a = 0x00000000  f32 0\nd = 0x00000000  f32 0\n"),
    ("cos", ".reg .f32 a, d;\nmov.f32 a, 0.0;\ncos.approx.f32 d, a;\n", "a = 0x00000000  f32 0\nd = 0x3f800000  f32 1\n"),
    ("lg2", ".reg .f32 a, d;\nmov.f32 a, 8.0;\nlg2.approx.f32 d, a;\n", "a = 0x41000000  f32 8\nd = 0x40400000  f32 3\n"),
    ("ex2", ".reg .f32 a, d;\nmov.f32 a, 3.0;\nex2.approx.f32 d, a;\n", "a = 0x40400000  f32 3\nd = 0x41000000  f32 8\n"),
    ("tanh", ".reg .f32 a, d;\nmov.f32 a, 0.0;\ntanh.approx.f32 d, a;\n", "a = 0x00000000  f32 0\nd = 0x00000000  f32 0\n"),
    ("shl", ".reg .s32 a, d;\nmov.s32 a, 7;\nshl.b32 d, a, 2;\n", "a = 0x00000007  s32 7\nd = 0x0000001c  s32 28\n"),
    ("shr", ".reg .u32 a, d;\nmov.u32 a, 7;\nshr.u32 d, a, 1;\n", "a = 0x00000007  u32 7\nd = 0x00000003  u32 3\n"),
    ("and", ".reg .b32 a, d;\nmov.b32 a, 6;\nand.b32 d, a, 3;\n", "a = 0x00000006  b32\nd = 0x00000002  b32\n"),
    ("or", ".reg .b32 a, d;\nmov.b32 a, 6;\nor.b32 d, a, 3;\n", "a = 0x00000006  b32\nd = 0x00000007  b32\n"),
    ("xor", ".reg .b32 a, d;\nmov.b32 a, 6;\nxor.b32 d, a, 3;\n", "a = 0x00000006  b32\nd = 0x00000005  b32\n"),
    ("setp", ".reg .f32 a;\n.reg .pred p;\nmov.f32 a, 1.5;\nsetp.lt.f32 p, a, 2.0;\n", "a = 0x3fc00000  f32 1.5\np = 0x1  pred true\n"),
    // 1 < 2, so selp takes a (7); slct's c = -1 < 0 takes b (2.5); 2 > 1
    // sets all ones; +inf is infinite.
    ("selp", ".reg .u32 d;\n.reg .pred p;\nsetp.lt.u32 p, 1, 2;\nselp.u32 d, 7, 9, p;\n", "d = 0x00000007  u32 7\np = 0x1  pred true\n"),
    ("slct", ".reg .f32 d;\nslct.f32.s32 d, 1.5, 2.5, -1;\n", "d = 0x40200000  f32 2.5\n"),
    ("set", ".reg .u32 d;\nset.gt.u32.f32 d, 2.0, 1.0;\n", "d = 0xffffffff  u32 4294967295\n"),
    ("testp", ".reg .pred p;\ntestp.infinite.f64 p, 0d7FF0000000000000;\n", "p = 0x1  pred true\n"),
    ("cvt", ".reg .f32 a;\n.reg .f64 d;\nmov.f32 a, 1.5;\ncvt.f64.f32 d, a;\n", "a = 0x3fc00000  f32 1.5\nd = 0x3ff8000000000000  f64 1.5\n"),
    ("mov", ".reg .b32 d;\nmov.b32 d, 0x12345678;\n", "d = 0x12345678  b32\n"),
    ("cvta", ".reg .u64 a, d;\nmov.u64 a, 4096;\ncvta.to.global.u64 d, a;\n", "a = 0x0000000000001000  u64 4096\nd = 0x0000000000001000  u64 4096\n"),
    ("st", ".reg .b32 d;\n.reg .u64 a;\nmov.u64 a, 0x1000;\nmov.b32 d, 5;\nst.global.b32 [a], d;\n", "d = 0x00000005  b32\na = 0x0000000000001000  u64 4096\nmem[0x1000..0x1004] = 05 00 00 00\n"),
    ("ld", ".reg .b32 d, e;\n.reg .u64 a;\nmov.u64 a, 0x1000;\nmov.b32 d, 5;\nst.global.b32 [a], d;\nld.global.b32 e, [a];\n", "d = 0x00000005  b32\ne = 0x00000005  b32\na = 0x0000000000001000  u64 4096\nmem[0x1000..0x1004] = 05 00 00 00\n"),
    ("bra", ".reg .b32 d;\nmov.b32 d, 1;\nbra L;\nmov.b32 d, 2;\nL:\nret;\n", "d = 0x00000001  b32\n"),
    ("ret", ".reg .b32 d;\nmov.b32 d, 1;\nret;\nmov.b32 d, 2;\n", "d = 0x00000001  b32\n"),
    ("exit", ".reg .b32 d;\nmov.b32 d, 1;\nexit;\nmov.b32 d, 2;\n", "d = 0x00000001  b32\n"),
    // Index 1 of the list: L1.
    ("brx", ".reg .u32 i, v;\nmov.u32 i, 1;\nts: .branchtargets L0, L1;\nbrx.idx i, ts;\nL0:\nmov.u32 v, 10;\nret;\nL1:\nmov.u32 v, 20;\n", "i = 0x00000001  u32 1\nv = 0x00000014  u32 20\n"),
    // f(41) = 41 + 1.
    // A `.func` of the module, then the CUDA runtime's `vprintf` (no
    // arguments: it prints "hi\n" and returns 0) and `malloc` (the heap's
    // first block, at its start: 0x2000000000000000).
    ("call", ".extern .func (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);\n.extern .func (.param .b64 func_retval0) malloc(.param .b64 malloc_param_0);\n.global .b8 s[4] = {104, 105, 10, 0};\n.func (.reg .b32 r) f(.reg .b32 a)\n{\nadd.s32 r, a, 1;\nret;\n}\n.entry k()\n{\n.reg .b32 d, n;\n.reg .b64 p;\ncall (d), f, (41);\nmov.u64 p, s;\n{\n.param .b64 p0;\n.param .b64 p1;\n.param .b32 r0;\nst.param.b64 [p0], p;\nst.param.b64 [p1], 0;\ncall.uni (r0), vprintf, (p0, p1);\nld.param.b32 n, [r0];\n}\n{\n.param .b64 q0;\n.param .b64 q1;\nst.param.b64 [q0], 16;\ncall.uni (q1), malloc, (q0);\nld.param.b64 p, [q1];\n}\n}\n", "hi\nd = 0x0000002a  b32\nn = 0x00000000  b32\np = 0x2000000000000000  b64\n"),
    // One thread: the barrier opens at once.
    ("bar", ".reg .b32 d;\nmov.b32 d, 1;\nbar.sync 0;\nmov.b32 d, 2;\n", "d = 0x00000002  b32\n"),
    ("barrier", ".reg .b32 d;\nmov.b32 d, 1;\nbarrier.sync 0;\nmov.b32 d, 2;\n", "d = 0x00000002  b32\n"),
    ("membar", ".reg .b32 d;\nmov.b32 d, 1;\nmembar.gl;\nmov.b32 d, 2;\n", "d = 0x00000002  b32\n"),
    ("fence", ".reg .b32 d;\nmov.b32 d, 1;\nfence.sc.cta;\nmov.b32 d, 2;\n", "d = 0x00000002  b32\n"),
    // One thread: lane 0 alone is active.
    ("activemask", ".reg .b32 d;\nactivemask.b32 d;\n", "d = 0x00000001  b32\n"),
    ("vote", ".reg .pred p;\n.reg .b32 a, d;\nmov.b32 a, 1;\nsetp.eq.u32 p, a, 1;\nvote.sync.ballot.b32 d, p, 1;\n", "p = 0x1  pred true\na = 0x00000001  b32\nd = 0x00000001  b32\n"),
    // 2 + 5 = 7, the old value 2 returned.
    ("atom", ".reg .u64 a;\n.reg .u32 d, e;\nmov.u64 a, 0x1000;\nmov.u32 e, 2;\nst.global.u32 [a], e;\natom.global.add.u32 d, [a], 5;\n", "a = 0x0000000000001000  u64 4096\nd = 0x00000002  u32 2\ne = 0x00000002  u32 2\nmem[0x1000..0x1004] = 07 00 00 00\n"),
    // max(2, 9) = 9.
    ("red", ".reg .u64 a;\n.reg .u32 e;\nmov.u64 a, 0x1000;\nmov.u32 e, 2;\nst.global.u32 [a], e;\nred.global.max.u32 [a], 9;\n", "a = 0x0000000000001000  u64 4096\ne = 0x00000002  u32 2\nmem[0x1000..0x1004] = 09 00 00 00\n"),
    ("redux", ".reg .u32 a, d;\nmov.u32 a, 5;\nredux.sync.add.u32 d, a, 1;\n", "a = 0x00000005  u32 5\nd = 0x00000005  u32 5\n"),
    // The video instructions on a = 0x10203040, b = 0x01020304, c = 10,
    // by hand: halves [0x3040, 0x1020] and [0x0304, 0x0102], bytes
    // [0x40, 0x30, 0x20, 0x10] and [4, 3, 2, 1]; vavrg rounds up,
    // (0x3040 + 0x0304 + 1) >> 1 = 0x19a2; vshl by 10, vshr by 10;
    // vmad 0x3040 * 0x0304 + 10 = 0x91810a.
    ("vadd", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvadd.u32.u32.u32 d, a, b;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x11223344  b32\n"),
    ("vsub", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvsub.u32.u32.u32 d, a, b;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x0f1e2d3c  b32\n"),
    ("vabsdiff", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvabsdiff.u32.u32.u32 d, b, a;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x0f1e2d3c  b32\n"),
    ("vmin", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvmin.u32.u32.u32 d, a, b;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x01020304  b32\n"),
    ("vmax", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvmax.u32.u32.u32 d, a, b;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x10203040  b32\n"),
    ("vshl", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvshl.u32.u32.u32.clamp d, b, c;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x080c1000  b32\n"),
    ("vshr", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvshr.u32.u32.u32.wrap d, a, c;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x0004080c  b32\n"),
    ("vmad", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvmad.u32.u32.u32 d, a.h0, b.h0, c;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x0091810a  b32\n"),
    ("vset", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvset.u32.u32.gt d, a, b;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x00000001  b32\n"),
    ("vadd2", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvadd2.u32.u32.u32 d, a, b, c;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x11223344  b32\n"),
    ("vsub2", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvsub2.u32.u32.u32 d, a, b, c;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x0f1e2d3c  b32\n"),
    ("vavrg2", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvavrg2.u32.u32.u32 d, a, b, c;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x089119a2  b32\n"),
    ("vabsdiff2", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvabsdiff2.u32.u32.u32 d, b, a, c;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x0f1e2d3c  b32\n"),
    ("vmin2", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvmin2.u32.u32.u32 d, a, b, c;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x01020304  b32\n"),
    ("vmax2", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvmax2.u32.u32.u32 d, a, b, c;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x10203040  b32\n"),
    ("vset2", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvset2.u32.u32.gt d, a, b, c;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x00010001  b32\n"),
    ("vadd4", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvadd4.u32.u32.u32 d, a, b, c;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x11223344  b32\n"),
    ("vsub4", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvsub4.u32.u32.u32 d, a, b, c;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x0f1e2d3c  b32\n"),
    ("vavrg4", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvavrg4.u32.u32.u32 d, a, b, c;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x09111a22  b32\n"),
    ("vabsdiff4", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvabsdiff4.u32.u32.u32 d, b, a, c;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x0f1e2d3c  b32\n"),
    ("vmin4", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvmin4.u32.u32.u32 d, a, b, c;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x01020304  b32\n"),
    ("vmax4", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvmax4.u32.u32.u32 d, a, b, c;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x10203040  b32\n"),
    ("vset4", ".reg .b32 a, b, c, d;\nmov.b32 a, 0x10203040;\nmov.b32 b, 0x01020304;\nmov.b32 c, 10;\nvset4.u32.u32.gt d, a, b, c;\n", "a = 0x10203040  b32\nb = 0x01020304  b32\nc = 0x0000000a  b32\nd = 0x01010101  b32\n"),
    // `t` is a .texref: its address points to one, not to a .samplerref.
    ("istypep", ".global .texref t;\n.global .samplerref u;\n.reg .b64 a;\n.reg .pred p, q;\nmov.u64 a, t;\nistypep.texref p, a;\nistypep.samplerref q, a;\n", "a = 0x0000000010000000  u64 268435456\np = 0x1  pred true\nq = 0x0  pred false\n"),
    ("match", ".reg .b32 a, d;\nmov.b32 a, 5;\nmatch.any.sync.b32 d, a, 1;\n", "a = 0x00000005  b32\nd = 0x00000001  b32\n"),
    // The address of a .shared variable is in the shared window.
    ("isspacep", ".shared .b32 s;\n.reg .pred p;\n.reg .u64 a;\nmov.u64 a, s;\nisspacep.shared p, a;\n", "p = 0x1  pred true\na = 0x0000000010000000  u64 268435456\n"),
    ("shfl", ".reg .b32 a, d;\nmov.b32 a, 7;\nshfl.sync.idx.b32 d, a, 0, 31, 1;\n", "a = 0x00000007  b32\nd = 0x00000007  b32\n"),
    // 4 bytes of global memory (7) copied to the shared variable and read back.
    ("cp", ".shared .align 4 .b32 s;\n.reg .u64 g;\n.reg .u32 a, d;\nmov.u64 g, 0x1000;\nmov.u32 a, 7;\nst.global.u32 [g], a;\ncp.async.ca.shared.global [s], [g], 4;\ncp.async.wait_all;\nld.shared.u32 d, [s];\n", "g = 0x0000000000001000  u64 4096\na = 0x00000007  u32 7\nd = 0x00000007  u32 7\nmem[0x1000..0x1004] = 07 00 00 00\nmem[0x10000000..0x10000004] = 07 00 00 00\n"),
    // init(1), arrive: the phase completes. The state token (docs/ENGINE.md
    // "mbarrier": bit 63 the parity before, bits 0-19 pending after, 20-39
    // expected) is 1 << 20; the object, phase 1: pending 1, expected 1 << 20,
    // bit 62, parity bit 63: 0xc000000000100001.
    ("mbarrier", ".shared .align 8 .b64 b;\n.reg .b64 s;\n.reg .pred p;\nmbarrier.init.shared.b64 [b], 1;\nmbarrier.arrive.shared.b64 s, [b];\nmbarrier.test_wait.shared.b64 p, [b], s;\n", "s = 0x0000000000100000  b64\np = 0x1  pred true\nmem[0x10000000..0x10000008] = 01 00 10 00 00 00 00 c0\n"),
    // A cluster of one CTA: rank 0, the same address.
    ("mapa", ".shared .b32 x;\n.reg .u32 a, d;\nmov.u32 a, x;\nmapa.shared::cluster.u32 d, a, 0;\n", "a = 0x10000000  u32 268435456\nd = 0x10000000  u32 268435456\n"),
    ("getctarank", ".shared .b32 x;\n.reg .u32 a, d;\nmov.u32 a, x;\nmov.u32 d, 7;\ngetctarank.shared::cluster.u32 d, a;\n", "a = 0x10000000  u32 268435456\nd = 0x00000000  u32 0\n"),    // The stack starts at 0x7000_0000 (docs/ENGINE.md "The stack"): 12
    // bytes aligned to 8 below it; a restore brings the pointer back.
    ("alloca", ".reg .u32 p;\nalloca.u32 p, 12;\n", "p = 0x6ffffff0  u32 1879048176\n"),
    ("stacksave", ".reg .u64 s;\nstacksave.u64 s;\n", "s = 0x0000000070000000  u64 1879048192\n"),
    ("stackrestore", ".reg .u64 s, p;\nstacksave.u64 s;\nalloca.u64 p, 8;\nstackrestore.u64 s;\nstacksave.u64 p;\n", "s = 0x0000000070000000  u64 1879048192\np = 0x0000000070000000  u64 1879048192\n"),
    // A failed request: 16 zero bytes; the mbarrier (engine encoding,
    // docs/ENGINE.md "mbarrier") with 1 of 1 arrivals pending and
    // tx-count -16: 0x5ffff00000100001.
    // tensormap.replace writes the field into ptxfp's layout of a map
    // (docs/ENGINE.md "Tensor copies"): the mark "PTXT", version 1, then
    // the rank at byte 5, "new_val ... ones less than the desired tensor
    // rank": 1 + 1.
    ("tensormap", ".shared .align 128 .b8 t[128];\ntensormap.replace.tile.rank.shared::cta.b1024.b32 [t], 1;\n", "mem[0x10000000..0x10000006] = 50 54 58 54 01 02\n"),
    ("clusterlaunchcontrol", ".shared .align 16 .b8 r[16];\n.shared .align 8 .b64 m;\nmbarrier.init.shared.b64 [m], 1;\nclusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128 [r], [m];\n", "mem[0x10000000..0x10000010] = 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\nmem[0x10000100..0x10000108] = 01 00 10 00 00 f0 ff 5f\n"),
];

/// What `ptxfp run` executes on an image the host binds: the snippet, its
/// options (`--surface`, `--texture`, `--mem`), and what it prints. The
/// 4-word surface holds 1, 2, 3, 4; the 2-texel `f32` texture 1.5, 2.5
/// (docs/ENGINE.md "Surfaces", "Textures").
const RUN_SNIPPETS_BOUND: &[(&str, &str, &str, &[&str])] = &[
    // "Supported on following architectures: sm_90a, sm_100a, ...": the
    // default target, sm_100, is not one.
    (
        "setmaxnreg",
        ".reg .b32 d;\nmov.b32 d, 1;\nsetmaxnreg.inc.sync.aligned.u32 232;\n",
        "d = 0x00000001  b32\n",
        &["--target", "sm_100a"],
    ),
    (
        "suld",
        ".global .surfref s;\n.reg .b32 r;\nsuld.b.1d.b32.trap r, [s, {4}];\n",
        "r = 0x00000002  b32\n",
        SURFACE_ARGS,
    ),
    (
        "sust",
        ".global .surfref s;\nsust.b.1d.b32.trap [s, {4}], 7;\n",
        "mem[0x100004..0x100008] = 07 00 00 00\n",
        SURFACE_ARGS,
    ),
    (
        "sured",
        ".global .surfref s;\nsured.b.add.1d.u32.trap [s, {8}], 5;\n",
        "mem[0x100008..0x10000c] = 08 00 00 00\n",
        SURFACE_ARGS,
    ),
    (
        "suq",
        ".global .surfref s;\n.reg .b32 r;\nsuq.width.b32 r, [s];\n",
        "r = 0x00000004  b32\n",
        SURFACE_ARGS,
    ),
    ("tex", ".global .texref t;\n.reg .f32 a, b, c, d;\ntex.1d.v4.f32.s32 {a, b, c, d}, [t, {1}];\n", "a = 0x40200000  f32 2.5\nb = 0x00000000  f32 0\nc = 0x00000000  f32 0\nd = 0x3f800000  f32 1\n", TEXTURE_ARGS),
    ("txq", ".global .texref t;\n.reg .b32 r;\ntxq.width.b32 r, [t];\n", "r = 0x00000002  b32\n", TEXTURE_ARGS),
    ("tld4", ".global .texref t;\n.reg .f32 a, b, c, d, x, y;\nmov.f32 x, 0f3F800000;\nmov.f32 y, 0f3F000000;\ntld4.r.2d.v4.f32.f32 {a, b, c, d}, [t, {x, y}];\n", "a = 0x3fc00000  f32 1.5\nb = 0x40200000  f32 2.5\nc = 0x40200000  f32 2.5\nd = 0x3fc00000  f32 1.5\nx = 0x3f800000  f32 1\ny = 0x3f000000  f32 0.5\n", TEXTURE_TLD4_ARGS),
];

/// The options of the surface snippets of [`RUN_SNIPPETS_BOUND`].
const SURFACE_ARGS: &[&str] = &[
    "--surface",
    "s=4:u32@0x100000",
    "--mem",
    "0x100000=01000000020000000300000004000000",
];

/// The options of its `tld4` snippet: a 2x1 texture of 1.5, 2.5.
const TEXTURE_TLD4_ARGS: &[&str] = &[
    "--texture",
    "t=2x1:f32@0x200000",
    "--mem",
    "0x200000=0000c03f00002040",
];

/// The options of its texture snippets.
const TEXTURE_ARGS: &[&str] = &[
    "--texture",
    "t=2:f32@0x200000",
    "--mem",
    "0x200000=0000c03f00002040",
];

/// `ptxfp run` on standard input.
fn run_stdin(src: &str) -> Output {
    run_stdin_with(src, &[])
}

/// `ptxfp run - ARGS` on standard input.
fn run_stdin_with(src: &str, args: &[&str]) -> Output {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .args(["run", "-"])
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(src.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// The README's list of what `ptxfp run` executes is the binary's: each
/// listed instruction runs (a snippet, its exact output, no warning), and
/// every other PTX instruction draws the "not supported" warning.
#[test]
fn readme_lists_what_run_executes() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md"))
            .unwrap();
    let list = readme
        .split("<!-- run-instructions")
        .nth(1)
        .and_then(|s| s.split("<!-- /run-instructions -->").next())
        .expect("README: the run-instructions list");
    // `- `a`, `b`: what...`: the instruction names before the colon.
    let mut listed: Vec<String> = Vec::new();
    for line in list.lines().filter_map(|l| l.strip_prefix("- ")) {
        let names = line.split(": ").next().unwrap();
        for n in names.split(", ") {
            let n = n.trim().strip_prefix('`').and_then(|n| n.strip_suffix('`'));
            listed.push(n.unwrap_or_else(|| panic!("README: `{line}`")).to_string());
        }
    }
    listed.sort();
    let mut snippets: Vec<String> = RUN_SNIPPETS
        .iter()
        .map(|s| s.0)
        .chain(RUN_SNIPPETS_BOUND.iter().map(|s| s.0))
        .map(str::to_string)
        .collect();
    snippets.sort();
    assert_eq!(listed, snippets, "README list vs the snippets of this test");
    let plain = RUN_SNIPPETS.iter().map(|&(n, s, w)| (n, s, w, &[][..]));
    for (name, src, want, args) in plain.chain(RUN_SNIPPETS_BOUND.iter().copied()) {
        let o = run_stdin_with(src, args);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
        assert_eq!(stdout(&o), *want, "{name}");
        assert_eq!(stderr(&o), "", "{name}");
    }
    // Every other PTX instruction, after `ret`, is warned about (an
    // executable one left off the list would not be), and the run still
    // ends well.
    for name in ptxfp::opcodes::PTX_INSTRUCTIONS {
        if listed.iter().any(|l| l == name) {
            continue;
        }
        let o = run_stdin(&format!(".reg .b32 r;\nmov.b32 r, 1;\nret;\n{name};\n"));
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
        assert!(
            stderr(&o).starts_with(&format!(
                "<stdin>:4:1: warning: `{name}` is not supported by the interpreter"
            )),
            "{name}: {}",
            stderr(&o)
        );
    }
}

/// A form without a batch kernel is refused before anything is printed
/// (no table header above the error).
#[test]
fn bench_refuses_a_form_without_a_kernel_before_any_output() {
    let o = ptxfp(&[
        "bench",
        "add.rn.f16",
        "min.f32",
        "--n",
        "1024",
        "--reps",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert!(
        stderr(&o).contains("`min.f32` has no batch kernel"),
        "{}",
        stderr(&o)
    );
}
