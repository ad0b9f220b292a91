//! `Eval::eval` takes exactly a form's sources: it never reads a missing
//! one as 0 unnoticed (a debug build panics; `try_eval` returns the error
//! `ptxfp eval` gives), and what ptxfp itself hands it has the right count.

use ptxfp::{Eval, Exec, Form};

#[test]
fn try_eval_checks_the_count_for_every_form() {
    let exec = Exec::default();
    let srcs = [0x3c00_3c00u64, 0x4000_4000, 0xbc00_bc00, 0x3800_3800];
    for f in Form::all() {
        let n = f.op().arity();
        assert_eq!(n, f.source_types().len(), "{f}");
        assert_eq!(f.try_eval(&srcs[..n], &exec), Ok(f.eval(&srcs[..n], &exec)));
        for m in [0, n - 1, n + 1] {
            assert_eq!(
                f.try_eval(&srcs[..m], &exec),
                Err(format!("{f} takes {n} source operands, got {m}")),
            );
        }
    }
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "fma.rn.f16 takes 3 source operands, got 2")]
fn eval_with_a_missing_source_panics_in_a_debug_build() {
    let f = Form::parse("fma.rn.f16").unwrap();
    let _ = f.eval(&[0x3c00, 0x3c00], &Exec::default());
}

/// `ptxfp::gen` drew three values for min/max on .f32/.f64 and handed all
/// three to eval (and to its users) for a two-operand form.
#[test]
fn generated_vectors_have_the_forms_sources() {
    for (k, f) in Form::all().iter().enumerate() {
        for v in ptxfp::gen::generate(f, 20, k as u64, &Exec::default()) {
            assert_eq!(v.srcs.len(), f.op().arity(), "{f}");
        }
    }
}
