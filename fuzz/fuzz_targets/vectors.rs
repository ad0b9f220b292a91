//! `cargo +nightly fuzz run vectors`: vector-file text as `ptxfp verify`
//! reads it (`FORM OPERAND... EXPECTED` lines of hex bit patterns apart
//! by spaces or commas, `->` before the expected results, `#` comments):
//! each line's instruction through `ptxfp::Instruction`, each field
//! through the hex-pattern grammar, then the evaluation. Never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ptxfp::{literal, Instruction, Setup};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let exec = Setup::default().exec();
    for line in text.lines().take(64) {
        let line = line.split('#').next().unwrap_or("");
        // Fields apart by spaces or commas, `->`/`=>` dropped (as verify).
        let toks: Vec<&str> = line
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty() && *t != "->" && *t != "=>")
            .collect();
        let Some(first) = toks.first() else { continue };
        let Ok(ins) = Instruction::parse(first) else { continue };
        let _ = ins.check(&Setup::default());
        if toks.len() != 1 + ins.srcs.len() + ins.dsts.len() {
            continue;
        }
        let srcs: Result<Vec<u64>, String> = toks[1..]
            .iter()
            .zip(&ins.srcs)
            .map(|(t, ty)| literal::parse_bits(t, *ty))
            .collect();
        let want: Result<Vec<u64>, String> = toks[1 + ins.srcs.len()..]
            .iter()
            .zip(&ins.dsts)
            .map(|(t, ty)| literal::parse_bits(t, *ty))
            .collect();
        if let (Ok(srcs), Ok(want)) = (srcs, want) {
            let (got, _) = ins.eval(&srcs, &exec);
            let _ = got == want;
        }
    }
});
