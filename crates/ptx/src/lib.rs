//! ptxfp: a bit-exact model of NVIDIA PTX arithmetic. This crate is the one
//! facade over the workspace's layers, which Cargo keeps in one direction:
//!
//! ```text
//! ptxfp-float   exact IEEE arithmetic, generic over formats
//! ptxfp-isa     the instruction set as data: syntax table, parsers, Op + decode
//! ptxfp-model   NVIDIA semantics: quirk table, Eval, batch plans, gen, sweep
//! ptxfp-front   PTX module text: parser, AST, check       (isa only)
//! ptxfp-interp  decode once, then run                      (front + model)
//! instruction   one instruction parsed, checked, evaluated (the front ends' entry)
//! forms         the legal instructions by family (`ptxfp forms`)
//! ```
//!
//! Data flows one way: text → decoded op → semantics → bits. The module
//! paths of earlier versions (`ptxfp::form`, `ptxfp::batch`, `ptxfp::hw`,
//! `ptxfp::interp`, ...) stay; the evaluation methods are traits now, in
//! [`prelude`] (`use ptxfp::prelude::*;` for `form.eval(..)`).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod forms;
pub mod instruction;

pub use instruction::{Finding, Instruction, Setup};
pub use ptxfp_float as float;
pub use ptxfp_front::{check, module};
pub use ptxfp_interp as interp;
pub use ptxfp_isa::{
    alt, cvt, diag, form, int, literal, mixed, op, opcodes, setp, syntax, target, types,
};
pub use ptxfp_model::quirks as hw;
pub use ptxfp_model::{batch, eval, gen, measured, quirks, sweep};

pub use ptxfp_isa::diag::{clip_long, Diagnostic, Severity, SourceMap};
pub use ptxfp_isa::form::{Approx, Clamp, Form, FormType, Mods, Opcode};
pub use ptxfp_isa::op::{Carry, Op, Signature};
pub use ptxfp_isa::syntax::{header_error, help_for_flags, in_family};
pub use ptxfp_isa::target::{PtxVersion, Target, Variant};
pub use ptxfp_isa::types::PtxType;
pub use ptxfp_model::{compute, compute_explicit, explicit_operands, Computed};
pub use ptxfp_model::{
    Eval, EvalAlt, EvalCvt, EvalInt, EvalMixed, EvalSetp, Exec, FtzTiming, HwProfile,
};

/// The evaluation traits, for `form.eval(&srcs, &exec)`, `cvt.eval(&srcs)`,
/// `setp.eval(a, b)` and the integer ops.
pub mod prelude {
    pub use ptxfp_model::{Eval, EvalAlt, EvalCvt, EvalInt, EvalMixed, EvalSetp};
}
