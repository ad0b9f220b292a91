//! The semantics of the ops beside the forms: conversions, comparisons and
//! the integer instructions, one trait each (the types are `ptxfp-isa`'s).

mod cvt;
mod int;
mod setp;

pub use cvt::EvalCvt;
pub use int::{EvalInt, EvalSetpInt};
pub use setp::EvalSetp;
