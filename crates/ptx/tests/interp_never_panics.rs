//! Random and mutated snippets never panic the parser, the checker or the
//! interpreter: every bad input is an error value.

use proptest::prelude::*;
use ptxfp::interp::{run, Inputs, Options};
use ptxfp::Target;

const SEEDS: &[&str] = &[
    include_str!("../../../examples/spec-9.7.4.1-add.ptx"),
    include_str!("../../../examples/spec-9.7.4.4-fma.ptx"),
    include_str!("../../../examples/spec-9.7.3.7-mad.ptx"),
    include_str!("../../../examples/spec-9.7.5.3-fma.ptx"),
    include_str!("../../../examples/contract.ptx"),
];

const TOKENS: &[&str] = &[
    "add",
    "sub",
    "mul",
    "fma",
    "mad",
    "mov",
    "cvt",
    "setp",
    "ld",
    "st",
    "cvta",
    "ret",
    "bra",
    ".rn",
    ".rz",
    ".rm",
    ".rp",
    ".ftz",
    ".sat",
    ".relu",
    ".oob",
    ".satfinite",
    ".f16",
    ".f16x2",
    ".bf16",
    ".bf16x2",
    ".f32",
    ".f64",
    ".b16",
    ".b32",
    ".b64",
    ".u64",
    ".pred",
    ".global",
    ".param",
    ".reg",
    ".version",
    "8.6",
    ".target",
    "sm_90",
    "sm_100",
    ".to",
    ".lt",
    ".nan",
    ".v2",
    "a",
    "b",
    "c",
    "d",
    "%r<3>",
    "%r1",
    "p",
    "@p",
    "@!p",
    "{",
    "}",
    "[",
    "]",
    "+",
    "-",
    ",",
    ";",
    ":",
    "\n",
    "0x3c00",
    "0f3F800000",
    "0d3FF0000000000000",
    "1.5",
    "-0.0",
    "inf",
    "nan",
    "65536",
    "<",
    ">",
    "//",
    "/*",
    "*/",
    "\"",
    "(",
    ")",
    "|",
    "!",
    "_",
    "data[4]",
    "=",
    "$L1",
];

fn all_ways(src: &str) {
    let _ = ptxfp::check::check(src, Default::default());
    for (lenient, sm) in [(false, 90), (true, 100), (true, 13)] {
        let opts = Options {
            device: Some(Target::sm(sm)),
            lenient,
            trace: true,
            contract: true,
            ..Options::default()
        };
        let inputs = Inputs {
            sets: vec![("a".into(), "1.5".into()), ("%r1".into(), "0x10".into())],
            mems: vec![("0x10000000".into(), vec![0; 16])],
            ..Inputs::default()
        };
        let _ = run(src, &inputs, &opts);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn token_soup(toks in prop::collection::vec(prop::sample::select(TOKENS), 0..60)) {
        all_ways(&toks.join(" "));
        all_ways(&toks.concat());
    }

    #[test]
    fn mutated_examples(
        seed in 0..SEEDS.len(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, prop::sample::select(TOKENS)), 1..6),
    ) {
        let mut s: Vec<char> = SEEDS[seed].chars().collect();
        for (at, kind, tok) in edits {
            if s.is_empty() { break; }
            let i = at.index(s.len());
            match kind {
                0 => { s.remove(i); }
                1 => { for (k, c) in tok.chars().enumerate() { s.insert(i + k, c); } }
                _ => { let end = (i + 8).min(s.len()); s.drain(i..end); }
            }
        }
        all_ways(&s.into_iter().collect::<String>());
    }

    #[test]
    fn arbitrary_text(s in "\\PC{0,200}") {
        all_ways(&s);
    }
}
