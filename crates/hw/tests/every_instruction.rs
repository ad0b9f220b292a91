//! The kernel `ptxfp hw check` loads for EVERY instruction `ptxfp forms
//! --family all` lists for sm_90 (the H200's device), and the kernel of
//! every `ptxfp hw mma` case, is a module ptxfp's own checker accepts
//! without an error or a warning, runs its instruction exactly once, and
//! writes one result per thread (a carry-out form: a second kernel that
//! stores CC.CF); the instructions the buffer kernel cannot run are
//! exactly `lop3.BoolOp` (a second, predicate destination), refused with
//! its reason. Before the second H200 session the same
//! preflight by hand found nothing; the JIT then refused 801 forms that
//! ptxfp also accepted, which is why the checker's tables changed, not
//! this test (docs/NVIDIA.md "What the JIT refuses").

use ptxfp::check::{check, CheckOptions};
use ptxfp::forms::{list, Family};
use ptxfp::{PtxVersion, Target};
use ptxfp_hw::adapter::{accepts, instr_form};
use ptxfp_hw::kernel::{self, choose_header};
use ptxfp_hw::mma;

fn clean(what: &str, text: &str) {
    let r = check(text, CheckOptions::default());
    assert!(
        r.diagnostics.is_empty(),
        "{what}: {:?}\n{text}",
        r.diagnostics
            .iter()
            .map(|d| d.message.clone())
            .collect::<Vec<_>>()
    );
}

#[test]
fn every_instruction_has_a_clean_kernel_or_a_reason() {
    let device = Target::sm(90);
    let forms = list(Family::All, Some(device), Some(PtxVersion::new(8, 8)));
    assert!(forms.len() > 4000, "{}", forms.len());
    let (mut kernels, mut refused, mut carries) = (0, Vec::new(), 0);
    for f in &forms {
        let text = f.text.as_str();
        let form = match instr_form(text) {
            Ok(form) => form,
            Err(e) => {
                let e = e.to_string();
                assert!(
                    text.starts_with("lop3.") && e.contains("predicate"),
                    "{text}: {e}"
                );
                refused.push(text.to_string());
                continue;
            }
        };
        let h = choose_header(&form, device, |v, t| accepts(&form, v, t))
            .unwrap_or_else(|| panic!("{text}: no header for sm_90"));
        let k = kernel::buffer_kernel(&form, h);
        clean(text, &k);
        // The instruction runs once, on the kernel's operand registers.
        let lines = k
            .lines()
            .filter(|l| {
                let l = l.trim_start();
                (l.starts_with(&format!("{text} ")) || l.starts_with(&format!("{text}\t")))
                    && (l.contains("%vd") || l.contains("%qd0"))
            })
            .count();
        assert_eq!(lines, 1, "{text}\n{k}");
        assert_eq!(k.matches("st.global").count(), 1, "{text}");
        if form.carry.writes {
            let kc = kernel::buffer_kernel_part(&form, h, kernel::Part::Carry);
            clean(&format!("{text} (carry)"), &kc);
            assert!(kc.contains("addc.u32 \t%vd, 0, 0;"), "{text}");
            carries += 1;
        }
        kernels += 1;
    }
    // lop3.BoolOp's two (lop3.b32 runs, one kernel per immLut); the
    // carry-out forms have a second kernel each.
    assert_eq!(refused.len(), 2, "{refused:?}");
    assert_eq!(carries, 32);
    assert_eq!(kernels + refused.len(), forms.len());
}

#[test]
fn every_mma_case_has_a_clean_kernel() {
    for sm in [80, 89, 90, 100] {
        for case in mma::cases(sm) {
            let k = case.kernel(Target::sm(sm));
            clean(&case.name(), &k);
            assert_eq!(k.matches(&case.opcode()).count(), 2, "{}", case.name());
        }
    }
}

/// Every `hw mma` case runs through ptxfp's engine on a few warps of its
/// own operands, on the devices a session would use, and gives D's bytes
/// for every thread: a new case cannot reach a GPU session with a kernel
/// the engine refuses or an input layout that does not fit it.
#[test]
fn every_mma_case_runs_in_the_engine() {
    let warps = mma::WARPS_PER_BLOCK;
    for sm in [80, 90] {
        let device = Target::sm(sm);
        for case in mma::cases(sm) {
            let gpu_inputs = case.inputs(7, warps);
            let inputs = case.ptxfp_inputs(&gpu_inputs);
            let d = case
                .ptxfp(&inputs, warps, case.code_target(device), device)
                .unwrap_or_else(|e| panic!("{} on sm_{sm}: {e}", case.name()));
            assert_eq!(
                d.len(),
                case.bytes()[2] * 32 * warps,
                "{} on sm_{sm}",
                case.name()
            );
        }
    }
}
