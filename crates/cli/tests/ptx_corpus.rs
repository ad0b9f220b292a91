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

/// The real modules of testdata/ptx-corpus/survey (README there: ISPC's
/// LLVM output, miners, LibreCuda's tests, an OptiX program, ByteIR's MLIR
/// output, CUDA.jl's test modules, XLA's redzone checker; PTX 3.1 to 9.1,
/// sm_20 to sm_90): each passes `check`, and `run` decodes it and starts its first
/// entry, which stops at its first parameter read (none is given), at the
/// one step it may take, or returns.
#[test]
fn survey_modules_pass_check_and_start() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/ptx-corpus/survey"
    );
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ptx"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 26, "{files:?}");
    for f in &files {
        let path = f.to_str().unwrap();
        let o = ptxfp(&["check", path]);
        let (stdout, stderr) = text(&o);
        assert_eq!(o.status.code(), Some(0), "{path}\n{stdout}{stderr}");
        assert!(stdout.contains(" 0 error(s)"), "{path}\n{stdout}");
        let o = ptxfp(&["run", path, "--max-steps", "1"]);
        let (_, stderr) = text(&o);
        for l in stderr.lines().filter(|l| l.contains(": error: ")) {
            assert!(
                l.contains("was never given or written") || l.contains("--max-steps 1"),
                "{path}: {l}"
            );
        }
        assert!(matches!(o.status.code(), Some(0 | 2)), "{path}: {stderr}");
    }
}
