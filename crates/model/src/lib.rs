//! NVIDIA semantics: the hardware-quirk table ([`quirks`]), the bit-exact
//! evaluation of every form ([`Eval`]) and of the other ops ([`eval`]),
//! batch plans over slices ([`batch`]), the edge-weighted operand
//! generator ([`gen`]) and digest sweeps ([`sweep`]).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod batch;
mod compute;
pub mod eval;
pub mod gen;
pub mod measured;
pub mod quirks;
mod semantics;
pub mod sweep;

pub use compute::{compute, compute_explicit, explicit_operands, signature, Computed};
pub use eval::{EvalAlt, EvalCvt, EvalInt, EvalMixed, EvalSetp};
pub use quirks::{ByZero, DivOverflow, Exec, FtzTiming, HwProfile};
pub use semantics::Eval;
