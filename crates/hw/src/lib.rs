//! The GPU differential harness of ptxfp (`ptxfp hw check|sweep|probe`).
//!
//! ptxfp promises "bit for bit as the GPU". This crate makes the PTX that
//! runs one instruction form on a GPU ([`kernel`]), runs it through the CUDA
//! driver's JIT ([`gpu`], driver loaded at run time: building needs no CUDA),
//! chooses operands ([`gen`], [`probe`]) and records what the GPU did as JSON
//! ([`record`]). ptxfp's side comes from `ptxfp` itself ([`adapter`]: batch
//! plans, `Form::eval`); this crate holds no semantics of its own.
//! [`model`] is a stand-in device (ptxfp posing as a GPU) for testing the
//! plumbing without one.
#![warn(missing_docs)]

pub mod adapter;
/// The operand stream of GPU records (`ptxfp::gen::stream`).
pub use ptxfp::gen::stream as gen;
pub mod gpu;
pub mod kernel;
pub mod launch;
pub mod mma;
pub mod model;
pub mod probe;
pub mod record;

pub use kernel::InstrForm;
