//! Form::parse and the module parser must never panic, whatever the text.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = ptxfp::form::Form::parse(s);
        let _ = ptxfp::module::parse(s);
    }
});
