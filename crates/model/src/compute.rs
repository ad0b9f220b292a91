//! One evaluation for every op that computes: read the sources the op's
//! [`Signature`] names, compute, write its destinations. `ptxfp eval`,
//! `verify`, `gen` and the kernel engine all go through [`compute`], so an
//! instruction added to the decoder and here is evaluated, verified,
//! generated and run without further wiring.

use crate::eval::{
    lop3_predicate, select, select_in, set_simd, setp_in, setp_results, testp, EvalAlt, EvalMixed,
};
use crate::quirks::Exec;
use crate::{Eval, EvalCvt, EvalInt};
use ptxfp_isa::op::{Op, Signature};
use ptxfp_isa::types::PtxType;

/// What one op computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Computed {
    /// The destinations' bits, in the order of [`Signature::dsts`]
    /// (then [`Signature::complement`]'s, where the op has one).
    pub dst: [u64; 2],
    /// The carry-out, for the ops whose [`Signature::carry`] writes it.
    pub carry: bool,
    /// True when the result comes from an `.approx` instruction, whose
    /// bits NVIDIA does not publish: ptxfp's value is within the PTX ISA's
    /// stated error bound, not the GPU's bits (docs/NVIDIA.md).
    pub approx: bool,
}

/// Computes `op` on source bits `srcs` (the low bits of each, in the order
/// of the op's [`Signature::srcs`]) with carry-in `carry`, for the device
/// `exec` models. `None` for an op that does not compute
/// ([`Op::signature`] is `None`) or a wrong source count.
pub fn compute(op: &Op, srcs: &[u64], carry: bool, exec: &Exec) -> Option<Computed> {
    let sig = op.signature()?;
    if srcs.len() != sig.srcs.len() {
        return None;
    }
    let one = |d: u64| Computed {
        dst: [d, 0],
        ..Computed::default()
    };
    let pred = |p: bool| Computed {
        dst: [u64::from(p), u64::from(!p)],
        ..Computed::default()
    };
    Some(match op {
        Op::Form(f) => Computed {
            approx: f.is_approx(),
            ..one(f.eval(srcs, exec))
        },
        Op::Int(i) => {
            let (d, carry) = i.compute(srcs, carry, &exec.hw);
            match i.bool_op() {
                // `lop3.BoolOp.b32 d|p, a, b, c, immLut, q`: `d`, then `p`.
                Some(b) => Computed {
                    dst: [d, u64::from(lop3_predicate(b, d, srcs[4]))],
                    ..Computed::default()
                },
                None => Computed { carry, ..one(d) },
            }
        }
        Op::Cvt(c) => one(c.eval_in(srcs, exec)),
        Op::Alt(a) => one(a.eval_on(srcs, &exec.hw)),
        Op::Mixed(m) => one(m.eval_in(srcs, exec)),
        Op::Setp(c) => Computed {
            dst: setp_results(
                &setp_in(c, exec.code_target),
                srcs[0],
                srcs[1],
                srcs.get(2).map(|c| c & 1 == 1),
            ),
            ..Computed::default()
        },
        Op::SetSimd(s) => one(set_simd(s, srcs[0], srcs[1])),
        Op::Select(c) => one(select(
            &select_in(c, exec.code_target),
            srcs[0],
            srcs[1],
            srcs[2],
        )),
        Op::Testp(t) => pred(testp(t, srcs[0], &exec.hw)),
        _ => return None,
    })
}

/// The signature of `op`, for callers that hold only the model crate.
pub fn signature(op: &Op) -> Option<Signature> {
    op.signature()
}

/// The operands of `op` as the command line and vector files write them
/// (`ptxfp eval`, `verify`, `gen`): the signature's sources, then the
/// carry-in as a `.pred` (0 or 1) where the op reads it; the destinations
/// (not [`Signature::complement`], which follows from the first), then the
/// carry-out where the op writes it.
pub fn explicit_operands(sig: &Signature) -> (Vec<PtxType>, Vec<PtxType>) {
    let mut srcs = sig.srcs.clone();
    let mut dsts = sig.dsts.clone();
    if sig.carry.reads {
        srcs.push(PtxType::Pred);
    }
    if sig.carry.writes {
        dsts.push(PtxType::Pred);
    }
    (srcs, dsts)
}

/// [`compute`] on the operands [`explicit_operands`] lists: the
/// destinations' bits in its order. `None` where `op` does not compute or
/// `srcs` has the wrong count.
pub fn compute_explicit(op: &Op, srcs: &[u64], exec: &Exec) -> Option<(Vec<u64>, bool)> {
    let sig = op.signature()?;
    let n = sig.srcs.len();
    let carry = sig.carry.reads && srcs.get(n).is_some_and(|c| c & 1 == 1);
    if srcs.len() != n + usize::from(sig.carry.reads) {
        return None;
    }
    let r = compute(op, &srcs[..n], carry, exec)?;
    let mut dsts: Vec<u64> = r.dst[..sig.dsts.len()].to_vec();
    if sig.carry.writes {
        dsts.push(u64::from(r.carry));
    }
    Some((dsts, r.approx))
}
