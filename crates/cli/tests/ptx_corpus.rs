//! The forms corpus (testdata/ptx-corpus/README.md): every instruction
//! string of NVIDIA/cccl's `cuda::ptx` bindings passes `ptxfp check`, and
//! `ptxfp run` decodes every one to what it runs or to a refusal that says
//! why, except the `.b128` registers the engine has no type for (a known
//! gap this test pins: implementing them fails it until it is updated).

mod common;
use common::{ptxfp, run_src, text};

const CCCL: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../testdata/ptx-corpus/cccl-ptx-forms.ptx"
);

#[test]
fn cccl_forms_pass_check_but_for_b128_registers() {
    let o = ptxfp(&["check", CCCL]);
    let (stdout, stderr) = text(&o);
    let errors: Vec<&str> = stdout
        .lines()
        .chain(stderr.lines())
        .filter(|l| l.contains(": error: "))
        .collect();
    assert!(!errors.is_empty(), "{stdout}{stderr}");
    for e in &errors {
        assert!(e.ends_with("error: unknown register type `.b128`"), "{e}");
    }
    assert_eq!(errors.len(), 45, "{stdout}{stderr}");
    assert!(!stderr.contains(": warning: "), "{stderr}");
}

/// The blocks without `.b128` registers: `run` starts (the kernel returns
/// at once) and warns only about the instructions refused with a reason.
#[test]
fn cccl_forms_decode_for_run() {
    let src = std::fs::read_to_string(CCCL).unwrap();
    let (head, blocks) = src.split_once("ret;\n").unwrap();
    let kept: Vec<&str> = blocks
        .split("// ")
        .filter(|b| !b.contains("b128"))
        .collect();
    let src = format!("{head}ret;\n{}", kept.join("// "));
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
            ]
            .iter()
            .any(|why| l.contains(why)),
            "{l}"
        );
    }
    assert!(warned > 300, "{stderr}");
}
