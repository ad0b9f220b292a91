//! `cvt.pack`, `cvt.rs` and the `.ue8m0x2` conversions through the real
//! binary: `eval`, `run` (a vector source `{a, b, e, f}`), `check` (their
//! targets) and `forms`. Expected values are derived by hand in the
//! comments, not copied from ptxfp's output.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn ptxfp(args: &[&str], stdin: Option<&str>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_ptxfp"));
    c.current_dir(format!("{}/../..", env!("CARGO_MANIFEST_DIR")))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().expect("spawn ptxfp");
    if let Some(s) = stdin {
        child.stdin.take().unwrap().write_all(s.as_bytes()).unwrap();
    } else {
        drop(child.stdin.take());
    }
    child.wait_with_output().unwrap()
}

/// The result bits `eval` prints first, for `form` on `operands`.
fn eval(form: &str, target: &str, ptx: &str, operands: &[&str]) -> String {
    let mut args = vec!["eval", "--target", target, "--ptx", ptx, form];
    args.extend_from_slice(operands);
    let o = ptxfp(&args, None);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{form}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    out.split_whitespace().next().unwrap_or("").to_string()
}

#[test]
fn eval_cvt_pack() {
    // .s4: a = 9 → MAX 7 = 0b0111, b = -9 → MIN -8 = 0b1000; td = 0x78;
    // the bits from 8 up are c's low 24 bits: 0xabcdef.
    assert_eq!(
        eval(
            "cvt.pack.sat.s4.s32.b32",
            "sm_75",
            "6.5",
            &["9", "-9", "0x00abcdef"]
        ),
        "0xabcdef78"
    );
    // .u16: a = -1 → 0, b = 70000 → 65535; no c.
    assert_eq!(
        eval("cvt.pack.sat.u16.s32", "sm_72", "6.5", &["-1", "70000"]),
        "0x0000ffff"
    );
    // .s2: a = 1 → 0b01, b = -5 → -2 = 0b10: td = 0b0110; c = 0xffffffff
    // fills bits 4..31.
    assert_eq!(
        eval(
            "cvt.pack.sat.s2.s32.b32",
            "sm_75",
            "6.5",
            &["1", "-5", "0xffffffff"]
        ),
        "0xfffffff6"
    );
}

#[test]
fn eval_cvt_rs() {
    // 1 + 2^-11 = 0x3f801000: `.f16` drops the low 13 bits, here 0x1000
    // (half an f16 ulp). a's random bits 0x1000: 0x1000 + 0x1000 carries
    // → 1 + 2^-10 = 0x3c01; b's 0x0fff: 0x1fff, no carry → 1.0 = 0x3c00.
    assert_eq!(
        eval(
            "cvt.rs.f16x2.f32",
            "sm_100a",
            "8.7",
            &["0x3f801000", "0x3f801000", "0x10000fff"]
        ),
        "0x3c013c00"
    );
    // `.bf16`: 0x3f80ffff + 1 carries into the kept bits → 0x3f81; the
    // largest .f32 plus 1 carries into the exponent → ∞ = 0x7f80.
    assert_eq!(
        eval(
            "cvt.rs.bf16x2.f32",
            "sm_100a",
            "8.7",
            &["0x3f80ffff", "0x7f7fffff", "0x00010001"]
        ),
        "0x3f817f80"
    );
    // ... and with .satfinite the largest .bf16, 0x7f7f.
    assert_eq!(
        eval(
            "cvt.rs.satfinite.bf16x2.f32",
            "sm_100a",
            "8.7",
            &["0x3f80ffff", "0x7f7fffff", "0x00010001"]
        ),
        "0x3f817f7f"
    );
    // E2M1 lanes (a, b, e, f) = (1.125, 1.125, 1.125, -7): 1.125 is a quarter
    // of the way from 1 (0x2) to 1.5 (0x3). a reads rbits 31..24 = 0xc0:
    // 0.25 × 256 + 0xc0 = 256 carries → 0x3; b reads bits 15..8 = 0xbf:
    // 255, no carry → 0x2; e reads bits 23..16 = 0x00 → 0x2; -7 is beyond
    // 6: -MAX_NORM = 0xf.
    assert_eq!(
        eval(
            "cvt.rs.satfinite.e2m1x4.f32",
            "sm_103a",
            "8.8",
            &["1.125", "1.125", "1.125", "-7", "0xc000bf00"]
        ),
        "0x322f"
    );
}

#[test]
fn eval_ue8m0() {
    // bf16 0x4040 = 3.0: down to 2^1 = code 128 = 0x80, up to 2^2 = 0x81;
    // 0x3e80 = 0.25 = 2^-2 = code 125 = 0x7d either way.
    assert_eq!(
        eval("cvt.rz.ue8m0x2.bf16x2", "sm_100a", "8.6", &["0x40403e80"]),
        "0x807d"
    );
    assert_eq!(
        eval("cvt.rp.ue8m0x2.bf16x2", "sm_100a", "8.6", &["0x40403e80"]),
        "0x817d"
    );
    // .f32 ∞: NaN (0xff), or with .satfinite 2^127 (0xfe).
    assert_eq!(
        eval("cvt.rz.ue8m0x2.f32", "sm_100a", "8.6", &["inf", "1.0"]),
        "0xff7f"
    );
    assert_eq!(
        eval(
            "cvt.rz.satfinite.ue8m0x2.f32",
            "sm_100a",
            "8.6",
            &["inf", "1.0"]
        ),
        "0xfe7f"
    );
    // Code 0x7f is 2^0 = bf16 0x3f80; code 0 is 2^-127, the bf16
    // subnormal 0x0040.
    assert_eq!(
        eval("cvt.rn.bf16x2.ue8m0x2", "sm_100a", "8.6", &["0x7f00"]),
        "0x3f800040"
    );
}

#[test]
fn run_a_vector_source_and_cvt_pack() {
    // e4m3: 1.0 = 0x38, 448 = 0x7e, 0.5 = 0x30; -2.0 with .relu → 0.
    // cvt.pack.sat.u8: a = 300 → 255, b = -4 → 0, c = 0x1234 → 0x1234ff00.
    let src = ".reg .f32 a, b, e, f;\n.reg .b32 r, d, p, c;\n.reg .s32 x, y;\n\
               cvt.rs.relu.satfinite.e4m3x4.f32 d, {a, b, e, f}, r;\n\
               cvt.pack.sat.u8.s32.b32 p, x, y, c;\n";
    let o = ptxfp(
        &[
            "run",
            "--target",
            "sm_100a",
            "--ptx",
            "8.7",
            "--set",
            "a=1.0",
            "--set",
            "b=-2.0",
            "--set",
            "e=448.0",
            "--set",
            "f=0.5",
            "--set",
            "r=0xffffffff",
            "--set",
            "x=300",
            "--set",
            "y=-4",
            "--set",
            "c=0x1234",
            "-",
        ],
        Some(src),
    );
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // Exact values do not round, whatever the random bits.
    assert!(out.contains("d = 0x38007e30"), "{out}");
    assert!(out.contains("p = 0x1234ff00"), "{out}");
}

#[test]
fn check_the_targets_and_the_operands() {
    let check = |target: &str, ptx: &str, src: &str| {
        let o = ptxfp(&["check", "--target", target, "--ptx", ptx, "-"], Some(src));
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let rs = ".reg .f32 a, b;\n.reg .b32 r, d;\ncvt.rs.f16x2.f32 d, a, b, r;\n";
    assert_eq!(check("sm_100a", "8.7", rs).0, Some(0));
    assert_eq!(check("sm_103a", "8.8", rs).0, Some(0));
    let (code, err) = check("sm_120a", "8.8", rs);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("is supported only on sm_100a, sm_103a"),
        "{err}"
    );
    let (code, err) = check("sm_100a", "8.6", rs);
    assert_eq!(code, Some(1));
    assert!(err.contains("8.7"), "{err}");
    // A quad needs all four lanes.
    let short =
        ".reg .f32 a, b, e;\n.reg .b32 r, d;\ncvt.rs.satfinite.e5m2x4.f32 d, {a, b, e}, r;\n";
    let (code, err) = check("sm_100a", "8.7", short);
    assert_eq!(code, Some(1));
    assert!(err.contains("takes 6 operands; 5 given"), "{err}");
    // Sub-byte cvt.pack needs sm_75; .u8 sm_72.
    let pack = |t: &str| format!(".reg .b32 d, a, b, c;\ncvt.pack.sat.{t}.s32.b32 d, a, b, c;\n");
    assert_eq!(check("sm_72", "6.5", &pack("u8")).0, Some(0));
    assert_eq!(check("sm_72", "6.5", &pack("u4")).0, Some(1));
    assert_eq!(check("sm_75", "6.5", &pack("u4")).0, Some(0));
}

#[test]
fn forms_lists_the_new_rows() {
    let o = ptxfp(&["forms", "--family", "cvt"], None);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(o.status.code(), Some(0));
    let has = |f: &str| out.lines().any(|l| l.split_whitespace().next() == Some(f));
    for f in [
        "cvt.pack.sat.u2.s32.b32",
        "cvt.pack.sat.s16.s32",
        "cvt.rs.relu.satfinite.f16x2.f32",
        "cvt.rs.bf16x2.f32",
        "cvt.rs.relu.satfinite.e2m1x4.f32",
        "cvt.rs.satfinite.e3m2x4.f32",
        "cvt.rp.satfinite.ue8m0x2.f32",
        "cvt.rz.ue8m0x2.bf16x2",
        "cvt.rn.bf16x2.ue8m0x2",
    ] {
        assert!(has(f), "{f} missing from `forms --family cvt`");
    }
}

/// testdata/vectors-cvt, from the Python model `scripts/xcheck/ptxmodel.py`
/// (`CvtForm`, written from the ISA sentences it quotes): `verify` passes
/// every line, and every `cvt.pack`, `cvt.rs` and `.ue8m0x2` form of
/// `forms --family cvt` has at least 100 vectors.
#[test]
fn verify_passes_the_python_model_cvt_vectors() {
    let file = "testdata/vectors-cvt/cvt-sm_100a-ptx8.8.txt";
    let o = ptxfp(&["verify", file], None);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(o.status.code(), Some(0), "{out}");
    let root = format!("{}/../..", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(format!("{root}/{file}")).unwrap();
    let mut count = std::collections::BTreeMap::<&str, usize>::new();
    for l in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        *count.entry(l.split(' ').next().unwrap()).or_default() += 1;
    }
    let o = ptxfp(&["forms", "--family", "cvt"], None);
    let forms = String::from_utf8_lossy(&o.stdout).into_owned();
    let new: Vec<&str> = forms
        .lines()
        .map(|l| l.split(' ').next().unwrap())
        .filter(|f| f.starts_with("cvt.pack") || f.starts_with("cvt.rs.") || f.contains("ue8m0x2"))
        .collect();
    assert_eq!(new.len(), 35);
    for f in new {
        assert!(count.get(f).copied().unwrap_or(0) >= 100, "{f}: {count:?}");
    }
}
