//! No input makes the parser, the validator, the evaluator or the operand
//! parser panic.

use proptest::prelude::*;
use ptxfp::{literal, Eval, Exec, Form, PtxType, PtxVersion, Target};

fn pieces() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "add", "sub", "mul", "fma", "mad", "rn", "rz", "rm", "rp", "ftz", "sat", "relu", "oob",
        "f16", "f16x2", "bf16", "bf16x2", "f32", "f64", "type", "", "s32", "x",
    ])
    .prop_map(str::to_string)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn random_text_never_panics(s in "\\PC{0,40}") {
        let _ = Form::parse(&s);
        for ty in [PtxType::F16, PtxType::BF16x2, PtxType::F32, PtxType::F64, PtxType::B32] {
            let _ = literal::parse_operand(&s, ty);
        }
    }

    #[test]
    fn random_dot_sequences_never_panic(p in prop::collection::vec(pieces(), 0..8)) {
        let s = p.join(".");
        if let Ok(f) = Form::parse(&s) {
            prop_assert_eq!(f.to_string(), s);
        }
    }

    #[test]
    fn mutated_forms_never_panic(
        i in 0usize..165, pos in 0usize..40, c in prop::char::range('!', '~'), del in any::<bool>()
    ) {
        let all = Form::all();
        let mut s: Vec<char> = all[i].to_string().chars().collect();
        let pos = pos % (s.len() + 1);
        if del && pos < s.len() { s.remove(pos); } else { s.insert(pos, c); }
        let s: String = s.into_iter().collect();
        if let Err(d) = Form::parse(&s) {
            prop_assert!(d.span.end <= s.len() && d.span.start <= d.span.end);
            let _ = d.render("x", &s);
        }
    }

    #[test]
    fn eval_and_validate_never_panic(
        i in 0usize..165, srcs in prop::collection::vec(any::<u64>(), 0..4),
        sm in 0u16..200, major in 0u8..10, minor in 0u8..10, dev in 0u16..200,
    ) {
        let f = Form::all()[i];
        let _ = f.validate(PtxVersion::new(major, minor), Target::sm(sm));
        let exec = Exec { code_target: Target::sm(sm), device: Target::sm(dev), ..Exec::default() };
        // A wrong operand count is an error from try_eval, never a panic
        // or a silent 0; the right count evaluates.
        let n = f.op().arity();
        let r = f.try_eval(&srcs, &exec);
        prop_assert_eq!(r.is_ok(), srcs.len() == n, "{}: {:?}", f, r);
        let mut exact = srcs.clone();
        exact.resize(n, 0x3c00_3c00);
        let d = f.eval(&exact, &exec);
        prop_assert!(r.is_err() || r == Ok(d));
        prop_assert!(f.dest_type().bits() == 64 || d >> f.dest_type().bits() == 0);
        let _ = literal::decode(d, f.dest_type());
    }

    #[test]
    fn literals_never_panic(s in "[-+]?[0-9]{0,30}(\\.[0-9]{0,30})?([eE][-+]?[0-9]{0,8})?(,[-+]?[0-9.eE]{0,10})?") {
        for ty in [PtxType::F16, PtxType::F16x2, PtxType::BF16, PtxType::F32, PtxType::F64] {
            let _ = literal::parse_operand(&s, ty);
        }
    }
}
