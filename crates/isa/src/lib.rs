//! The PTX instruction set as data: types and targets, diagnostics, the
//! instruction table and the opcode parser driven by it ([`syntax`]), the
//! literal grammars ([`literal`]), and [`op::decode`], which turns an
//! opcode into a typed [`op::Op`]. No semantics here: what an op computes
//! is `ptxfp-model`'s.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod alt;
pub mod atomic;
pub mod control;
pub mod cvt;
pub mod diag;
pub mod fence;
pub mod form;
pub mod hint;
pub mod int;
pub mod literal;
pub mod matrix;
pub mod mbarrier;
pub mod mixed;
pub mod op;
pub mod opcodes;
pub mod qualifiers;
pub mod setp;
pub mod space;
pub mod sreg;
pub mod surface;
pub mod syntax;
pub mod target;
pub mod tcgen05;
pub mod texture;
pub mod types;
pub mod video;
pub mod wgmma;

pub use diag::{Diagnostic, Severity, SourceMap};
pub use form::{Approx, Clamp, Form, FormType, Mods, Opcode};
pub use target::{PtxVersion, Target, Variant};
pub use types::PtxType;
