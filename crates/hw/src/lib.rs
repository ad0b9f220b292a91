//! The GPU differential harness of ptxfp (`ptxfp hw check|sweep|probe`).
//!
//! ptxfp promises "bit for bit as the GPU". This crate makes the PTX that
//! runs one instruction form on a GPU ([`kernel`]), runs it through the CUDA
//! driver's JIT ([`gpu`], driver loaded at run time: building needs no CUDA),
//! chooses operands ([`gen`], [`probe`]) and records what the GPU did as JSON
//! ([`record`]). Comparing with ptxfp's own results is the caller's: it passes
//! ptxfp's evaluation in, so this crate holds no semantics.
#![warn(missing_docs)]

pub mod adapter;
pub mod gen;
pub mod gpu;
pub mod kernel;
pub mod model;
pub mod probe;
pub mod record;

pub use kernel::InstrForm;
