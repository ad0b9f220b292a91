//! The generated PTX text, pinned per representative form (golden files
//! under tests/golden/). Regenerate with `UPDATE_GOLDEN=1 cargo test -p
//! ptxfp-hw --test golden` and review the diff: these files are what the
//! driver JIT will see on the GPU.

use ptxfp::{PtxVersion, Target};
use ptxfp_hw::adapter::{accepts, instr_form};
use ptxfp_hw::kernel::{self, choose_header, Lanes};

fn golden(name: &str, text: &str) {
    let path = format!("{}/tests/golden/{name}.ptx", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e} (set UPDATE_GOLDEN=1)"));
    assert_eq!(text, want, "{path} differs from the generated kernel");
}

fn buffer(form: &str) -> String {
    let f = instr_form(form).unwrap();
    let h = choose_header(&f, Target::sm(90), |v, t| accepts(&f, v, t)).unwrap();
    kernel::buffer_kernel(&f, h)
}

#[test]
fn half() {
    golden("fma.rn.ftz.sat.f16", &buffer("fma.rn.ftz.sat.f16"));
}

#[test]
fn packed() {
    golden("add.rn.bf16x2", &buffer("add.rn.bf16x2"));
}

#[test]
fn oob() {
    golden("fma.rn.oob.relu.bf16x2", &buffer("fma.rn.oob.relu.bf16x2"));
}

#[test]
fn mad_f32_without_rounding_runs_as_ptx_3_0() {
    let text = buffer("mad.f32");
    assert!(text.contains(".version 3.0\n.target sm_30\n"));
    golden("mad.f32", &text);
}

#[test]
fn mad_f32_with_rounding() {
    golden("mad.rm.ftz.sat.f32", &buffer("mad.rm.ftz.sat.f32"));
}

#[test]
fn mad_f64() {
    golden("mad.rn.f64", &buffer("mad.rn.f64"));
}

#[test]
fn mixed_equivalence() {
    let f = instr_form("fma.rz.sat.f32.f16").unwrap();
    let h = kernel::Header {
        version: PtxVersion::new(7, 8),
        target: Target::sm(90),
    };
    golden(
        "fma.rz.sat.f32.f16.equiv",
        &kernel::mixed_equivalence_kernel(&f, h).unwrap(),
    );
    let f = instr_form("sub.f32.bf16").unwrap();
    golden(
        "sub.f32.bf16.equiv",
        &kernel::mixed_equivalence_kernel(&f, h).unwrap(),
    );
}

#[test]
fn mixed_native_on_sm_100() {
    golden("add.rn.sat.f32.bf16", &{
        let f = instr_form("add.rn.sat.f32.bf16").unwrap();
        let h = choose_header(&f, Target::sm(100), |v, t| accepts(&f, v, t)).unwrap();
        kernel::buffer_kernel(&f, h)
    });
}

#[test]
fn index_sweeps() {
    let f = instr_form("mul.rn.bf16").unwrap();
    let h = choose_header(&f, Target::sm(90), |v, t| accepts(&f, v, t)).unwrap();
    golden(
        "mul.rn.bf16.index",
        &kernel::index_kernel(&f, h, Lanes::Scalar),
    );
    let f = instr_form("add.rn.ftz.f16x2").unwrap();
    let h = choose_header(&f, Target::sm(90), |v, t| accepts(&f, v, t)).unwrap();
    golden(
        "add.rn.ftz.f16x2.index",
        &kernel::index_kernel(&f, h, Lanes::Swapped),
    );
}

/// PTX ISA 1.0-1.3 forms (the modifier-less `div.f32`, `mad.f64`): no
/// kernel parameter list before PTX 1.4 (the H200's JIT refused one:
/// "Feature 'kernel parameter list' requires PTX ISA .version 1.4 or
/// later"), so the parameters are declared in the body; no `.visible`.
#[test]
fn legacy_forms_declare_parameters_in_the_body() {
    for form in ["div.f32", "mad.f64"] {
        let text = buffer(form);
        assert!(
            text.contains(".entry ptxfp_kernel\n{\n\t.param .u64 param_d;\n"),
            "{text}"
        );
        assert!(
            !text.contains(".visible") && !text.contains("ptxfp_kernel("),
            "{text}"
        );
    }
    golden("div.f32", &buffer("div.f32"));
}
