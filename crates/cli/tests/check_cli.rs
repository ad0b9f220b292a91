//! `ptxfp check`, through the real binary.

use std::process::Command;

fn check(args: &[&str]) -> (Option<i32>, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .current_dir(format!("{}/../..", env!("CARGO_MANIFEST_DIR")))
        .arg("check")
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn spec_examples_are_clean() {
    for f in [
        "examples/spec-9.7.4.1-add.ptx",
        "examples/spec-9.7.4.3-mul.ptx",
        "examples/spec-9.7.4.4-fma.ptx",
        "examples/spec-9.7.3.7-mad.ptx",
        "examples/spec-9.7.5.1-add.ptx",
        "examples/spec-9.7.5.2-sub.ptx",
        "examples/spec-9.7.5.3-fma.ptx",
        "examples/contract.ptx",
    ] {
        let (code, out, err) = check(&[f]);
        assert_eq!(code, Some(0), "{f}: {err}");
        assert!(out.contains("0 error(s)"), "{out}");
    }
}

#[test]
fn errata_point_at_the_modifier() {
    let (code, _, err) = check(&["examples/errata-9.7.5.1-add.ptx"]);
    assert_eq!(code, Some(1));
    // `.sat` after the types, column 16 of line 10, and `fa` undeclared at 27.
    assert!(
        err.contains("examples/errata-9.7.5.1-add.ptx:10:16: error:"),
        "{err}"
    );
    assert!(
        err.contains("examples/errata-9.7.5.1-add.ptx:10:27: error: register `fa` is not declared"),
        "{err}"
    );
    assert!(
        err.contains("10 | add.rz.f32.bf16.sat   fd, fa, fc;"),
        "{err}"
    );
    let (code, _, err) = check(&["examples/errata-9.7.5.3-fma.ptx"]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("examples/errata-9.7.5.3-fma.ptx:9:19: error:"),
        "{err}"
    );
    let (code, _, _) = check(&["examples/errata-9.7.5.2-sub.ptx"]);
    assert_eq!(code, Some(1));
}

#[test]
fn targets_versions_and_defaults() {
    // bf16 add needs sm_90: the file says sm_90, the flag overrides it.
    let (code, _, err) = check(&["--target", "sm_80", "examples/spec-9.7.4.1-add.ptx"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("sm_90"), "{err}");
    // Mixed precision on sm_90.
    let (code, _, _) = check(&["--target", "sm_90", "examples/spec-9.7.5.2-sub.ptx"]);
    assert_eq!(code, Some(1));
    let dir = std::env::temp_dir().join(format!("ptxfp-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("plain.ptx");
    std::fs::write(&p, ".reg .b16 a, b;\nadd.f16 a, b, b;\nadd.s32 x, y, 1;\n").unwrap();
    let (code, out, err) = check(&[p.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("PTX 8.8 (default"), "{out}");
    assert!(out.contains("sm_90 (default"), "{out}");
    assert!(
        out.contains("1 other instruction(s) skipped (add 1)"),
        "{out}"
    );
    let (code, _, err) = check(&["no/such.ptx"]);
    assert_eq!(code, Some(2), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}
