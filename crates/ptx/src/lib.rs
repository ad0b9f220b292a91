//! The PTX model of ptxfp: instruction forms, their parser and validator,
//! their bit-exact semantics, and an interpreter for PTX snippets.
//!
//! Data flows one way: text → instruction → semantics → bits.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use ptxfp_float as float;

pub mod batch;
pub mod check;
pub mod cvt;
pub mod diag;
pub mod form;
pub mod gen;
pub mod hw;
pub mod int;
pub mod interp;
pub mod literal;
pub mod memory;
pub mod module;
pub mod op;
pub mod opcodes;
mod semantics;
pub mod setp;
pub mod sweep;
pub mod syntax;
pub mod target;
pub mod types;
pub mod wide_fma;

pub use diag::{Diagnostic, Severity, SourceMap};
pub use form::{Clamp, Exec, Form, FormType, Mods, Opcode};
pub use hw::{FtzTiming, HwProfile};
pub use syntax::{header_error, help_for_flags, in_family};
pub use target::{PtxVersion, Target, Variant};
pub use types::PtxType;
