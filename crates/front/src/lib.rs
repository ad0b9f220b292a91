//! PTX module text: the lexer and parser ([`module`]) and `ptxfp check`
//! ([`check`]), which decodes every instruction with `ptxfp-isa`.
//! A parser never calls an interpreter: this crate depends on the
//! instruction set only.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod check;
pub mod module;
