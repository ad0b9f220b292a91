//! `cargo +nightly fuzz run parse_eval`: form text and operand text never
//! panic the parser, validator, evaluator or literal parser.
#![no_main]

use ptxfp::prelude::*;
use libfuzzer_sys::fuzz_target;
use ptxfp::{literal, Exec, Form, PtxVersion, Target};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut parts = text.split(' ');
    let form_text = parts.next().unwrap_or("");
    let Ok(form) = Form::parse(form_text) else {
        return;
    };
    let _ = form.validate(PtxVersion::new(1, 0), Target::sm(10));
    let mut srcs = Vec::new();
    for (p, ty) in parts.zip(form.source_types()) {
        match literal::parse_operand(p, ty) {
            Ok(v) => srcs.push(v),
            Err(_) => return,
        }
    }
    // Fewer operands than the form takes: try_eval refuses them (eval
    // would assert in a debug build).
    let Ok(d) = form.try_eval(&srcs, &Exec::default()) else {
        assert!(srcs.len() < form.op().arity());
        return;
    };
    let _ = literal::decode(d, form.dest_type());
});
