//! Hostile spellings: every root of the families ptxfp decodes (integer,
//! cvt, comparison, selection, the float table) with every sequence of up
//! to two modifier words and one or two type words decodes without a
//! panic, into an op or a refusal with a message; and every op that
//! decodes computes on edge-weighted and random register bits without a
//! panic, its destinations within their types' widths.

use ptxfp_isa::op::{decode, Op};
use ptxfp_isa::types::PtxType;
use ptxfp_model::{compute_explicit, explicit_operands, Exec};

const ROOTS: [&str; 24] = [
    "add", "sub", "mul", "mad", "fma", "div", "rem", "min", "max", "abs", "neg", "cvt", "setp",
    "set", "selp", "slct", "testp", "shl", "shr", "prmt", "lop3", "bfe", "sqrt", "addc",
];
const MODS: [&str; 34] = [
    "rn",
    "rz",
    "rm",
    "rp",
    "rni",
    "rzi",
    "rmi",
    "rpi",
    "rna",
    "ftz",
    "sat",
    "relu",
    "satfinite",
    "approx",
    "full",
    "lo",
    "hi",
    "wide",
    "cc",
    "lt",
    "ge",
    "ltu",
    "nan",
    "hs",
    "and",
    "xor",
    "finite",
    "f4e",
    "rc16",
    "clamp",
    "wrap",
    "l",
    "NaN",
    "oob",
];
const TYPES: [&str; 16] = [
    "u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64", "b32", "pred", "f16", "f16x2", "bf16",
    "f32", "f64", "e4m3x2",
];

fn rng(s: &mut u64) -> u64 {
    *s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[test]
fn every_short_spelling_decodes_or_is_refused() {
    let exec = Exec::default();
    let mut seen_ops = 0usize;
    let mut s = 5u64;
    let mut seqs: Vec<Vec<&str>> = vec![vec![]];
    for m in MODS {
        seqs.push(vec![m]);
        for n in MODS {
            seqs.push(vec![m, n]);
        }
    }
    let mut tys: Vec<String> = TYPES.iter().map(|t| t.to_string()).collect();
    for a in ["u32", "s32", "f32", "f16x2"] {
        for b in TYPES {
            tys.push(format!("{a}.{b}"));
        }
    }
    for root in ROOTS {
        for seq in &seqs {
            for ty in &tys {
                let mut text = root.to_string();
                for m in seq {
                    text.push('.');
                    text.push_str(m);
                }
                text.push('.');
                text.push_str(ty);
                let d = decode(&text, false);
                for diag in &d.diags {
                    assert!(!diag.message.is_empty(), "{text}");
                    assert!(diag.span.end <= text.len(), "{text}: {:?}", diag.span);
                }
                let Some(sig) = d.op.signature() else {
                    // Refused (with its diagnostics, checked above) or not
                    // a computing op.
                    assert!(
                        !matches!(d.op, Op::Form(_) | Op::Int(_) | Op::Cvt(_)),
                        "{text}"
                    );
                    continue;
                };
                seen_ops += 1;
                let (srcs_t, dsts_t) = explicit_operands(&sig);
                for k in 0..3 {
                    let srcs: Vec<u64> = srcs_t
                        .iter()
                        .map(|t| match k {
                            0 => 0,
                            1 => t.mask(),
                            _ => rng(&mut s) & t.mask(),
                        })
                        .collect();
                    let (dsts, _) = compute_explicit(&d.op, &srcs, &exec)
                        .unwrap_or_else(|| panic!("{text} decoded but did not compute"));
                    for (v, t) in dsts.iter().zip(&dsts_t) {
                        let width = if *t == PtxType::Pred { 1 } else { t.bits() };
                        assert!(
                            width == 64 || v >> width == 0,
                            "{text} {srcs:x?}: {v:#x} wider than {t}"
                        );
                    }
                }
            }
        }
    }
    assert!(seen_ops > 1_500, "{seen_ops} ops decoded");
}
