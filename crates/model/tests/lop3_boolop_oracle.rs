//! `lop3.BoolOp.b32 d|p, a, b, c, immLut, q` (PTX ISA 9.7.8.6, 8.2,
//! sm_70) against a direct truth-table evaluation written from the spec:
//! bit `i` of `d` is bit `4·a_i + 2·b_i + c_i` of immLut (the table's
//! rows, "ta = 0xF0; tb = 0xCC; tc = 0xAA"), and "p = (d != 0) BoolOp q"
//! with Rust's own `||`/`&&`. Exhaustive over all 256 immLut values, both
//! BoolOps and both values of `q`, on every triple of a set of edge words
//! (and the same words with garbage above bit 31, which must be ignored).

use ptxfp_isa::op::{decode, Op};
use ptxfp_model::{compute, compute_explicit, Exec};

/// The truth table, one bit position at a time (no minterm algebra).
fn table_d(lut: u64, a: u64, b: u64, c: u64) -> u64 {
    let mut d = 0;
    for i in 0..32 {
        let row = ((a >> i) & 1) * 4 + ((b >> i) & 1) * 2 + ((c >> i) & 1);
        if lut & (1 << row) != 0 {
            d |= 1 << i;
        }
    }
    d
}

const EDGES: [u64; 10] = [
    0,
    0xffff_ffff,
    0x8000_0000,
    1,
    0xf0f0_f0f0,
    0xcccc_cccc,
    0xaaaa_aaaa,
    0x1234_5678,
    0xdead_beef,
    // Bits above the `.b32` operand: read as the low 32 bits.
    0xffff_ffff_0000_0000,
];

fn op(text: &str) -> Op {
    let d = decode(text, false);
    assert!(d.diags.is_empty(), "{text}: {:?}", d.diags);
    d.op
}

#[test]
fn every_immlut_boolop_and_q_against_the_truth_table() {
    let exec = Exec::default();
    for (text, is_or) in [("lop3.or.b32", true), ("lop3.and.b32", false)] {
        let o = op(text);
        for lut in 0..256u64 {
            for &a in &EDGES {
                for &b in &EDGES {
                    for &c in &EDGES {
                        let d = table_d(lut, a, b, c);
                        for q in [0u64, 1] {
                            let qb = q == 1;
                            let p = if is_or { d != 0 || qb } else { d != 0 && qb };
                            let r = compute(&o, &[a, b, c, lut, q], false, &exec)
                                .unwrap_or_else(|| panic!("{text} computes"));
                            assert_eq!(
                                (r.dst[0], r.dst[1]),
                                (d, u64::from(p)),
                                "{text} a={a:#x} b={b:#x} c={c:#x} lut={lut:#04x} q={q}"
                            );
                        }
                    }
                }
            }
        }
        // The plain lop3 computes the same `d` (the BoolOp adds only `p`).
        let plain = op("lop3.b32");
        for lut in 0..256u64 {
            let r = compute(
                &plain,
                &[0x1234_5678, 0xdead_beef, 0xf0f0_f0f0, lut],
                false,
                &exec,
            );
            let rb = compute(
                &o,
                &[0x1234_5678, 0xdead_beef, 0xf0f0_f0f0, lut, 1],
                false,
                &exec,
            );
            assert_eq!(r.map(|r| r.dst[0]), rb.map(|r| r.dst[0]));
        }
    }
}

#[test]
fn eval_operands_are_d_then_p() {
    // `ptxfp eval`/`verify`: the sources a, b, c, immLut, q; the results
    // d then p. "If F = (a & b & c); immLut = 0xF0 & 0xCC & 0xAA = 0x80".
    let exec = Exec::default();
    let and = op("lop3.and.b32");
    let (d, _) = compute_explicit(&and, &[0xF0, 0xCC, 0xAA, 0x80, 1], &exec).unwrap();
    assert_eq!(d, vec![0x80, 1]);
    // d == 0: `.and` gives false whatever q, `.or` gives q.
    let (d, _) = compute_explicit(&and, &[0, 0, 0, 0xFE, 1], &exec).unwrap();
    assert_eq!(d, vec![0, 0]);
    let or = op("lop3.or.b32");
    let (d, _) = compute_explicit(&or, &[0, 0, 0, 0xFE, 1], &exec).unwrap();
    assert_eq!(d, vec![0, 1]);
    let (d, _) = compute_explicit(&or, &[0, 0, 0, 0xFE, 0], &exec).unwrap();
    assert_eq!(d, vec![0, 0]);
    // Five sources exactly.
    assert!(compute_explicit(&or, &[0, 0, 0, 0xFE], &exec).is_none());
}
