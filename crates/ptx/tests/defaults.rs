//! One default target for everything: `Exec::default()` is what the
//! commands assume without `--target` (eval, verify, gen, sweep, bench) and
//! for a module without `.target` (check, run). It is sm_100 because that is
//! the first target on which every form ptxfp models is legal, but for `mad`
//! without a rounding modifier, which only sm_1x targets take.

use ptxfp::{Exec, Form, PtxVersion, Target};

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
            .map(|f| f.to_string())
            .collect::<Vec<_>>()
    };
    let legacy = [
        "mad.f32",
        "mad.sat.f32",
        "mad.ftz.f32",
        "mad.ftz.sat.f32",
        "mad.f64",
    ];
    assert_eq!(errors(Target::DEFAULT), legacy);
    // sm_90 (check's old default) refuses the mixed-precision forms too.
    let on_sm90 = errors(Target::sm(90));
    assert!(on_sm90.iter().any(|f| f == "add.rn.f32.f16"), "{on_sm90:?}");
    assert!(
        on_sm90
            .iter()
            .all(|f| f.contains(".f32.") || legacy.contains(&f.as_str())),
        "{on_sm90:?}"
    );
}
