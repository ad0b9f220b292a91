//! The module parser, the checker and the interpreter must never panic:
//! every bad input is an error with a location. Runs each input strictly
//! and leniently, on three devices.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ptxfp::interp::{run, Inputs, Options};
use ptxfp::Target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else { return };
    let _ = ptxfp::module::parse(src);
    let _ = ptxfp::check::check(src, Default::default());
    for (lenient, sm) in [(false, 90), (true, 100), (true, 13)] {
        let opts = Options {
            device: Some(Target::sm(sm)),
            lenient,
            contract: true,
            trace: true,
            ..Options::default()
        };
        let _ = run(src, &Inputs::default(), &opts);
    }
});
