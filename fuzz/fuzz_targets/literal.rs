//! `cargo +nightly fuzz run literal`: every literal grammar (the command
//! line's operands, PTX immediates, hex bit patterns) on every type never
//! panics, and what `ptxfp` prints reads back to the same bits: the shortest
//! decimal, the exact decimal and the hex float of any float pattern.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ptxfp::literal::{self, Style};
use ptxfp::PtxType;

const TYPES: [PtxType; 12] = [
    PtxType::F16,
    PtxType::BF16,
    PtxType::F16x2,
    PtxType::BF16x2,
    PtxType::F32,
    PtxType::F64,
    PtxType::U16,
    PtxType::S32,
    PtxType::U64,
    PtxType::B32,
    PtxType::Pred,
    PtxType::S8,
];

fuzz_target!(|data: &[u8]| {
    if data.len() >= 9 && data[0] == 0xff {
        // Print-and-read-back of a bit pattern.
        let bits = u64::from_le_bytes(data[1..9].try_into().unwrap());
        for ty in [PtxType::F16, PtxType::BF16, PtxType::F32, PtxType::F64] {
            let b = bits & ptxfp::types::mask(ty.bits());
            for style in [Style::Shortest, Style::Exact, Style::Hex] {
                let s = literal::decode_as(b, ty, style);
                if s.starts_with("NaN") {
                    continue;
                }
                let back = literal::parse_operand(&s, ty);
                assert_eq!(back, Ok(b), "{ty} {b:#x} printed {s:?}");
            }
        }
        return;
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for ty in TYPES {
        let _ = literal::parse_operand(text, ty);
        let _ = literal::parse_imm(text, ty);
        let _ = literal::parse_value(text, ty);
        let _ = literal::parse_bits(text, ty);
        if let Ok(b) = literal::parse_operand(text, ty) {
            let _ = literal::decode(b, ty);
            assert_eq!(b & !ptxfp::types::mask(ty.bits()), 0, "{ty} {text:?}: bits past the width");
        }
    }
    let _ = literal::shown(text);
});
