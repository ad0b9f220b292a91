//! The `.s2f6x2` conversions (PTX ISA 9.1) through the real binary:
//! `forms`, `eval`, `gen` → `verify`, `check` and `run`. Expected values are
//! worked by hand from the ISA's definition ("`s2f6` value = s8 value *
//! 2^(-6)", PTX ISA 5.2.4), not copied from ptxfp's output.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn ptxfp(args: &[&str], stdin: Option<&str>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_ptxfp"));
    c.args(args)
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

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const SETUP: [&str; 4] = ["--target", "sm_100a", "--ptx", "9.1"];

#[test]
fn forms_lists_the_sixteen() {
    let o = ptxfp(&["forms", "--family", "cvt"], None);
    let s2f6: Vec<String> = out(&o)
        .lines()
        .filter(|l| l.contains("s2f6x2"))
        .map(String::from)
        .collect();
    // To .s2f6x2 from .f32 and .bf16x2: {.relu} x {.scaled::n2::ue8m0};
    // back to .bf16x2: {.satfinite} x {.relu} x {.scaled::n2::ue8m0}.
    assert_eq!(s2f6.len(), 2 * 2 * 2 + 2 * 2 * 2, "{s2f6:?}");
    assert!(s2f6.iter().all(|l| l.contains(" 9.1 sm_100")), "{s2f6:?}");
}

#[test]
fn eval_by_hand() {
    // 64 / 2^(0x85 - 127) = 1.0 = 64 × 2^-6 (0x40); -3 / 2^(0x80 - 127) =
    // -1.5 = -96 × 2^-6 (0xa0). `a` goes in the upper byte.
    let mut args = vec!["eval"];
    args.extend(SETUP);
    args.extend([
        "cvt.rn.satfinite.scaled::n2::ue8m0.s2f6x2.f32",
        "64",
        "-3",
        "0x8580",
    ]);
    let o = ptxfp(&args, None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).starts_with("0x40a0"), "{}", out(&o));
    // Back: 0x7f = 127 × 2^-6, times 2^6 = 127.0 (bf16 0x42fe) upper;
    // 0x80 = -128 × 2^-6 × 2^6 = -128.0 (bf16 0xc300) lower.
    let mut args = vec!["eval"];
    args.extend(SETUP);
    args.extend(["cvt.rn.scaled::n2::ue8m0.bf16x2.s2f6x2", "0x7f80", "0x8585"]);
    let o = ptxfp(&args, None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).starts_with("0x42fec300"), "{}", out(&o));
    // The target rule: sm_100 (no `a`) is refused, with the list.
    let o = ptxfp(
        &["eval", "--ptx", "9.1", "cvt.rn.bf16x2.s2f6x2", "0x7f80"],
        None,
    );
    assert_ne!(o.status.code(), Some(0));
    assert!(
        err(&o).contains("sm_100a, sm_103a, sm_107a, sm_110a, sm_120a, sm_121a"),
        "{}",
        err(&o)
    );
}

#[test]
fn gen_then_verify() {
    for f in [
        "cvt.rn.satfinite.relu.scaled::n2::ue8m0.s2f6x2.f32",
        "cvt.rn.satfinite.s2f6x2.bf16x2",
        "cvt.rn.satfinite.scaled::n2::ue8m0.bf16x2.s2f6x2",
    ] {
        let mut args = vec!["gen", f, "--count", "200"];
        args.extend(SETUP);
        let g = ptxfp(&args, None);
        assert_eq!(g.status.code(), Some(0), "{}", err(&g));
        let v = ptxfp(&["verify", "-"], Some(&out(&g)));
        assert_eq!(v.status.code(), Some(0), "{}", out(&v));
        assert_eq!(out(&v).lines().last(), Some("200 passed, 0 failed"));
    }
}

#[test]
fn check_and_run_a_kernel() {
    let kernel = "\
.version 9.1
.target sm_100a
.address_size 64
.visible .entry k()
{
    .reg .f32 %a, %b;
    .reg .b16 %d, %sf, %u;
    .reg .b32 %w;
    mov.f32 %a, 0f3F800000;
    mov.f32 %b, 0fBF000000;
    cvt.rn.satfinite.s2f6x2.f32 %d, %a, %b;
    mov.b16 %sf, 0x8580;
    cvt.rn.satfinite.relu.scaled::n2::ue8m0.s2f6x2.f32 %u, %a, %b, %sf;
    cvt.rn.scaled::n2::ue8m0.bf16x2.s2f6x2 %w, %d, %sf;
    ret;
}
";
    let c = ptxfp(&["check", "-"], Some(kernel));
    assert_eq!(c.status.code(), Some(0), "{}{}", out(&c), err(&c));
    let r = ptxfp(&["run", "-"], Some(kernel));
    assert_eq!(r.status.code(), Some(0), "{}", err(&r));
    let o = out(&r);
    // 1.0 = 0x40, -0.5 = -32 × 2^-6 = 0xe0.
    assert!(o.contains("%d = 0x40e0"), "{o}");
    // With scale 2^6 (0x85) for a: 1/64 = 1 × 2^-6 (0x01); scale 2^1 (0x80)
    // for b: -0.25, negative: .relu gives 0.
    assert!(o.contains("%u = 0x0100"), "{o}");
    // Back with the same scales: 0x40 × 2^6 = 64.0 (0x4280); 0xe0 = -0.5 ×
    // 2^1 = -1.0 (0xbf80).
    assert!(o.contains("%w = 0x4280bf80"), "{o}");
    // On sm_100 (no `a`) `check` reports each of the three.
    let plain = kernel.replace("sm_100a", "sm_100");
    let c = ptxfp(&["check", "-"], Some(&plain));
    assert_ne!(c.status.code(), Some(0));
    assert_eq!(
        err(&c).matches("is supported only on").count()
            + out(&c).matches("is supported only on").count(),
        3,
        "{}{}",
        out(&c),
        err(&c)
    );
}

/// testdata/vectors-cvt/cvt-s2f6-sm_100a-ptx9.1.txt, from the Python model
/// `scripts/xcheck/ptxmodel.py` (`CvtForm`, exact on Fractions, written
/// from the ISA sentences it quotes): `verify` passes every line, and every
/// `.s2f6x2` form of `forms --family cvt` has at least 100 vectors.
#[test]
fn verify_passes_the_python_model_s2f6_vectors() {
    let root = format!("{}/../..", env!("CARGO_MANIFEST_DIR"));
    let file = format!("{root}/testdata/vectors-cvt/cvt-s2f6-sm_100a-ptx9.1.txt");
    let o = ptxfp(&["verify", &file], None);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    let text = std::fs::read_to_string(&file).unwrap();
    let mut count = std::collections::BTreeMap::<&str, usize>::new();
    for l in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        *count.entry(l.split(' ').next().unwrap()).or_default() += 1;
    }
    let forms = out(&ptxfp(&["forms", "--family", "cvt"], None));
    let s2f6: Vec<&str> = forms
        .lines()
        .map(|l| l.split(' ').next().unwrap())
        .filter(|f| f.contains("s2f6x2"))
        .collect();
    assert_eq!(s2f6.len(), 16);
    for f in s2f6 {
        assert!(count.get(f).copied().unwrap_or(0) >= 100, "{f}: {count:?}");
    }
}
