//! `ptxfp hw` on a machine without the CUDA driver (this CI): exit 2 and a
//! message that names libcuda.so. Skipped where a driver is present.

use std::process::Command;

fn ptxfp(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .args(args)
        .output()
        .unwrap()
}

fn driver_present() -> bool {
    ptxfp_hw::gpu::driver_present()
}

#[test]
fn probe_without_driver_exits_2_naming_libcuda() {
    if driver_present() {
        eprintln!("skipped: a CUDA driver is present here");
        return;
    }
    for args in [
        &["hw", "probe"][..],
        &["hw", "check", "fma.rn.bf16"],
        &["hw", "sweep", "mul.rn.f16"],
    ] {
        let out = ptxfp(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("libcuda.so"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn bad_form_is_a_usage_error_before_the_driver() {
    let out = ptxfp(&["hw", "check", "div.rn.bf16"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`div.rn.bf16`"));
    // A three-operand form has 2^48 triples: in shards only, said before
    // the driver is looked for.
    let out = ptxfp(&["hw", "sweep", "fma.rn.f16"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("2^48") && err.contains("--shard K/N"), "{err}");
    // A form with no exhaustive layout.
    let out = ptxfp(&["hw", "sweep", "add.rn.f32"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("two- and three-operand"), "{err}");
}

#[test]
fn kernel_prints_without_a_gpu() {
    let out = ptxfp(&["hw", "kernel", "fma.rn.oob.relu.bf16x2"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(".version 8.1\n.target sm_90\n"));
    assert!(text.contains("\tfma.rn.oob.relu.bf16x2 \t%vd, %va, %vb, %vc;\n"));
}

/// `hw run`: without a driver exit 2 naming libcuda.so; with `--model`
/// (ptxfp's engine as the device) the examples' kernel agrees, exit 0;
/// a bad `--mem` is a usage error.
#[test]
fn hw_run_compares_on_the_model_device() {
    let ex = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/kernels/thread-ids.ptx"
    );
    let zeros = format!("0x1000={}", "00".repeat(64));
    let args = [
        "hw",
        "run",
        ex,
        "--block",
        "4",
        "--set",
        "out=0x1000",
        "--mem",
        &zeros,
    ];
    if !driver_present() {
        let out = ptxfp(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("libcuda.so"), "{err}");
    }
    let mut model = args.to_vec();
    model.push("--model");
    let out = ptxfp(&model);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("SYNTHETIC"), "{text}");
    assert!(
        text.contains("agree thread_ids: 1 region(s), 64 bytes compared, 0 differ"),
        "{text}"
    );
    let out = ptxfp(&["hw", "run", ex, "--model", "--mem", "0x1000=abc"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("even number of hex digits"));
}
