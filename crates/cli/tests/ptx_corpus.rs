//! The forms corpus (testdata/ptx-corpus/README.md): every instruction
//! string of NVIDIA/cccl's `cuda::ptx` bindings passes `ptxfp check`, and
//! `ptxfp run` decodes every one to what it runs or to a refusal that says
//! why.

mod common;
use common::{ptxfp, run_src, text};

const CCCL: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../testdata/ptx-corpus/cccl-ptx-forms.ptx"
);

/// All 896 forms pass `check`, the 45 that declare `.b128` registers too
/// (they failed with "unknown register type `.b128`" before the engine had
/// `.b128` registers, docs/ENGINE.md "`.b128` registers").
#[test]
fn cccl_forms_pass_check() {
    let o = ptxfp(&["check", CCCL]);
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        !stdout.contains(": error: ") && !stderr.contains(": error: "),
        "{stdout}{stderr}"
    );
    assert!(stdout.contains(" 0 error(s), 0 warning(s)"), "{stdout}");
    assert!(!stderr.contains(": warning: "), "{stderr}");
}

/// Every block: `run` starts (the kernel returns at once) and warns only
/// about the instructions refused with a reason.
#[test]
fn cccl_forms_decode_for_run() {
    let src = std::fs::read_to_string(CCCL).unwrap();
    let o = run_src("cccl.ptx", &src, &[]);
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stdout}{stderr}");
    let mut warned = 0;
    for l in stderr.lines().filter(|l| l.contains(": warning: ")) {
        warned += 1;
        assert!(
            [
                "several GPUs",
                "CUtensorMap",
                "a .min/.max reduction of .f16/.bf16",
                "modes are not run yet",
            ]
            .iter()
            .any(|why| l.contains(why)),
            "{l}"
        );
    }
    assert!(warned > 300, "{stderr}");
}
