//! The instruction families beside the float table against their own
//! independent models (scripts/xcheck/README.md "The instruction
//! families"): the committed samples of `intmodel.py`, `cmpmodel.py`,
//! `cvtmodel.py` and `altmodel.py`, each written from the PTX ISA text
//! alone, pass `verify` and cover every form of their family. Then the
//! rules those models found, each on a case worked out here by hand.

mod common;

use std::collections::BTreeSet;
use std::process::{Command, Output};

fn ptxfp(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .current_dir(format!("{}/../..", env!("CARGO_MANIFEST_DIR")))
        .args(args)
        .output()
        .expect("spawn ptxfp")
}

fn root() -> String {
    format!("{}/../..", env!("CARGO_MANIFEST_DIR"))
}

/// Verifies every file of `dir`; returns the forms its vectors name.
fn verified_forms(dir: &str) -> BTreeSet<String> {
    let mut forms = BTreeSet::new();
    let mut files: Vec<_> = std::fs::read_dir(format!("{}/{dir}", root()))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{dir} has no vector files");
    for path in files {
        let file = path.to_str().unwrap();
        let o = ptxfp(&["verify", file]);
        let out = String::from_utf8_lossy(&o.stdout);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{file}: {out}{}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(out.contains(" passed, 0 failed"), "{file}: {out}");
        let text = std::fs::read_to_string(&path).unwrap();
        let vectors = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
        forms.extend(vectors.map(|l| l.split(' ').next().unwrap().to_string()));
    }
    forms
}

fn listed(family: &str) -> BTreeSet<String> {
    let o = ptxfp(&["forms", "--family", family]);
    assert_eq!(o.status.code(), Some(0));
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| l.split(' ').next().unwrap().to_string())
        .collect()
}

#[test]
fn the_integer_model_covers_every_form() {
    let sample = verified_forms("testdata/vectors-int");
    let all = listed("int");
    assert_eq!(all.len(), 254);
    assert_eq!(
        all.difference(&sample).count(),
        0,
        "{:?}",
        all.difference(&sample)
    );
}

#[test]
fn the_comparison_model_covers_every_form() {
    let sample = verified_forms("testdata/vectors-compare");
    let all = listed("compare");
    assert_eq!(all.len(), 3976);
    assert_eq!(
        all.difference(&sample).count(),
        0,
        "{:?}",
        all.difference(&sample)
    );
}

#[test]
fn the_conversion_model_covers_every_form_but_the_older_models() {
    let sample = verified_forms("testdata/vectors-cvtall");
    // cvt.pack, cvt.rs, .ue8m0x2 and .s2f6x2: testdata/vectors-cvt, from
    // ptxmodel.py's CvtForm (cvt_pack_rs_ue8m0_cli.rs, cvt_s2f6_cli.rs).
    let older = verified_forms("testdata/vectors-cvt");
    let all = listed("cvt");
    assert_eq!(all.len(), 1250);
    let missing: Vec<_> = all
        .iter()
        .filter(|f| !sample.contains(*f) && !older.contains(*f))
        .collect();
    assert!(missing.is_empty(), "{missing:?}");
}

#[test]
fn the_alternate_and_mixed_model_covers_every_form() {
    let sample = verified_forms("testdata/vectors-alt");
    let all: BTreeSet<String> = listed("alt").union(&listed("mixed")).cloned().collect();
    assert_eq!(all.len(), 932);
    assert_eq!(
        all.difference(&sample).count(),
        0,
        "{:?}",
        all.difference(&sample)
    );
}

/// `verify` on one line under a setup: its summary.
fn verify_line(target: &str, ptx: &str, line: &str) -> String {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let file = common::test_file(&format!("{n}.txt"));
    std::fs::write(
        &file,
        format!("# run: --target {target} --ptx {ptx}\n{line}\n"),
    )
    .unwrap();
    let o = ptxfp(&["verify", file.to_str().unwrap()]);
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .last()
        .unwrap_or("")
        .to_string()
}

/// PTX ISA 9.7.8 (comparison and selection): "flush single-precision
/// subnormal inputs to sign-preserving zero for `sm_1x` targets", with or
/// without `.ftz`; 9.7.8.4: for `slct`, "flushes subnormal values of operand
/// `c` to sign-preserving zero, and operand `a` is selected". Found by
/// cmpmodel.py; ptxfp compared the subnormals as they are.
#[test]
fn sm_1x_comparisons_flush_single_precision_subnormals() {
    for (line, why) in [
        // -2^-149 flushes to -0, and -0 < +0 is false.
        ("setp.lt.f32 80000001 00000000 0", "-0 is not below 0"),
        // 0 == 2^-149 once flushed: all ones.
        (
            "set.eq.u32.f32 00000000 00000001 ffffffff",
            "0 equals a flushed 2^-149",
        ),
        // c = -2^-149 is -0, which "equals zero": a.
        (
            "slct.u32.f32 00000005 00000006 80000001 00000005",
            "a flushed -c selects a",
        ),
        // .f64 is never flushed: 2^-1074 > 0.
        (
            "setp.gt.f64 0000000000000001 0000000000000000 1",
            ".f64 keeps its subnormals",
        ),
    ] {
        assert_eq!(
            verify_line("sm_13", "1.3", line),
            "1 passed, 0 failed",
            "{line}: {why}"
        );
    }
    // On sm_20 and later the subnormal is compared as it is.
    assert_eq!(
        verify_line("sm_20", "2.0", "setp.lt.f32 80000001 00000000 1"),
        "1 passed, 0 failed"
    );
}

/// 9.7.9.21, Floating Point Notes: "In PTX ISA versions 1.4 and earlier,
/// the cvt instruction did not flush single-precision subnormal inputs or
/// results to zero if either source or destination type was .f64";
/// Integer Notes: the same "if the destination type size was 64-bits".
/// And on an sm_1x device `cvt.f16.f32` flushes its `.f32` source ("sm_1x:
/// Single-precision subnormal inputs and results are flushed"). Found by
/// cvtmodel.py.
#[test]
fn sm_1x_conversions_follow_the_ptx_1_4_notes() {
    for (ptx, line, why) in [
        // 2^-127 is an f32 subnormal (0x00400000); not flushed under 1.4.
        (
            "1.4",
            "cvt.rn.f32.f64 3800000000000000 00400000",
            "f64 source, 1.4",
        ),
        (
            "2.0",
            "cvt.rn.f32.f64 3800000000000000 00000000",
            "flushed from 2.0",
        ),
        // 2^-149 widened exactly: 2^-149 = 0x36a0000000000000.
        (
            "1.4",
            "cvt.f64.f32 00000001 36a0000000000000",
            "f64 destination, 1.4",
        ),
        (
            "2.0",
            "cvt.f64.f32 00000001 0000000000000000",
            "flushed from 2.0",
        ),
        // rounding 2^-149 up to an integer: 1 unflushed, 0 flushed.
        (
            "1.4",
            "cvt.rpi.u64.f32 00000001 0000000000000001",
            "64-bit destination, 1.4",
        ),
        (
            "1.4",
            "cvt.rpi.u32.f32 00000001 00000000",
            "32-bit destination flushed",
        ),
        // cvt.f16.f32 is named among the flushed ones: +0 rounds up to 0.
        (
            "1.4",
            "cvt.rp.f16.f32 00000001 0000",
            "f16 from a subnormal, 1.4",
        ),
        (
            "2.0",
            "cvt.rp.f16.f32 00000001 0000",
            "f16 from a subnormal, 2.0",
        ),
    ] {
        assert_eq!(
            verify_line("sm_13", ptx, line),
            "1 passed, 0 failed",
            "{ptx} {line}: {why}"
        );
    }
    // The same code run on an sm_90 device: its JIT's .ftz keeps the
    // source of cvt.f16.f32 (docs/NVIDIA.md, the H200's records), so
    // 2^-149 rounds up to the smallest f16 subnormal.
    let file = common::test_file("f16.txt");
    std::fs::write(
        &file,
        "# run: --target sm_13 --device sm_90 --ptx 2.0\ncvt.rp.f16.f32 00000001 0001\n",
    )
    .unwrap();
    let o = ptxfp(&["verify", file.to_str().unwrap()]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
}

/// 9.7.9.1, PTX ISA Notes: "`set.{u16, u32, s16, s32}.f16` and `set.{u32,
/// s32}.f16x2` are introduced in PTX ISA version 6.5" (listed and taken at
/// 4.2 before cmpmodel.py read it).
#[test]
fn integer_destinations_of_half_sources_need_ptx_6_5() {
    let eval = |ptx: &str, form: &str| {
        ptxfp(&[
            "eval", "--target", "sm_53", "--ptx", ptx, form, "0x3c00", "0x3c00",
        ])
    };
    for form in ["set.eq.u32.f16", "set.eq.s16.f16", "set.eq.u32.f16x2"] {
        let o = eval("6.4", form);
        assert_eq!(o.status.code(), Some(2), "{form}");
        assert!(String::from_utf8_lossy(&o.stderr).contains("6.5"), "{form}");
        assert_eq!(eval("6.5", form).status.code(), Some(0), "{form}");
    }
    // The half destination keeps its line's 4.2.
    assert_eq!(eval("4.2", "set.eq.f16.f16").status.code(), Some(0));
    let o = ptxfp(&["forms", "--family", "compare"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.lines().any(|l| l == "set.eq.u32.f16 6.5 sm_53"),
        "{text}"
    );
}
