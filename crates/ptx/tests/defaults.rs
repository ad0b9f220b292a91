//! One default target for everything: `Exec::default()` is what the
//! commands assume without `--target` (eval, verify, gen, sweep, bench) and
//! for a module without `.target` (check, run). It is sm_100 because that is
//! the first target on which every form ptxfp models is legal, but for `mad`
//! without a rounding modifier, which only sm_1x targets take.

use ptxfp::{Exec, Form, Opcode, PtxVersion, Target};

#[test]
fn the_default_exec_is_the_default_target() {
    let e = Exec::default();
    assert_eq!(Target::DEFAULT, Target::sm(100));
    assert_eq!(e, Exec::on(Target::DEFAULT));
    assert_eq!(
        (e.code_target, e.device),
        (Target::sm(100), Target::sm(100))
    );
}

#[test]
fn every_form_is_legal_on_the_default_target() {
    let errors = |t: Target| {
        Form::all()
            .iter()
            .filter(|f| {
                f.validate(PtxVersion::LATEST, t)
                    .iter()
                    .any(|d| d.is_error())
            })
            .map(|f| {
                // The three-input min/max print as the two-input ones.
                let three = matches!(f.op(), Opcode::Min3 | Opcode::Max3);
                format!("{f}{}", if three { " with three inputs" } else { "" })
            })
            .collect::<Vec<_>>()
    };
    // The forms only PTX ISA 1.0-1.3 (mad.f64, div/rcp/sqrt/rsqrt/sin/cos/
    // lg2/ex2 without a modifier) or 3.1 (mad.f32 for sm_20 and up) allow.
    let mut legacy = vec![
        "mad.f32",
        "mad.sat.f32",
        "mad.ftz.f32",
        "mad.ftz.sat.f32",
        "mad.f64",
        "div.f32",
        "div.f64",
        "rcp.f32",
        "rcp.f64",
        "sqrt.f32",
        "sqrt.f64",
        "rsqrt.f32",
        "rsqrt.f64",
        "sin.f32",
        "cos.f32",
        "lg2.f32",
        "ex2.f32",
    ];
    let mut got = errors(Target::DEFAULT);
    legacy.sort_unstable();
    got.sort_unstable();
    assert_eq!(got, legacy);
    // sm_90 (check's old default) refuses the mixed-precision, .f32x2 and
    // three-input min/max forms too.
    let on_sm90 = errors(Target::sm(90));
    assert!(on_sm90.iter().any(|f| f == "add.rn.f32.f16"), "{on_sm90:?}");
    assert!(
        on_sm90.iter().all(|f| f.contains(".f32.")
            || f.ends_with(".f32x2")
            || f.ends_with(" with three inputs")
            || legacy.contains(&f.as_str())),
        "{on_sm90:?}"
    );
}
