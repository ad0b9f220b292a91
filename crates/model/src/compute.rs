//! One evaluation for every op that computes: read the sources the op's
//! [`Signature`] names, compute, write its destinations. `ptxfp eval`,
//! `verify`, `gen` and the kernel engine all go through [`compute`], so an
//! instruction added to the decoder and here is evaluated, verified,
//! generated and run without further wiring.

use crate::quirks::Exec;
use crate::{Eval, EvalCvt, EvalInt, EvalSetp, EvalSetpInt};
use ptxfp_isa::op::{Op, Signature};

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
    let _ = carry;
    let one = |d: u64| Computed {
        dst: [d, 0],
        ..Computed::default()
    };
    let pred = |p: bool| Computed {
        dst: [u64::from(p), u64::from(!p)],
        ..Computed::default()
    };
    Some(match op {
        Op::Form(f) => one(f.eval(srcs, exec)),
        Op::Int(i) => one(i.eval(srcs)),
        Op::Cvt(c) => one(c.eval_in(srcs, exec)),
        Op::Setp { setp, .. } if srcs.len() == 2 => pred(setp.eval(srcs[0], srcs[1])),
        Op::SetpInt(s) => pred(s.eval(srcs[0], srcs[1])),
        _ => return None,
    })
}

/// The signature of `op`, for callers that hold only the model crate.
pub fn signature(op: &Op) -> Option<Signature> {
    op.signature()
}
