//! The semantics of the ops beside the forms: conversions, comparisons,
//! the alternate floating-point instructions and the integer instructions, one trait each (the types are `ptxfp-isa`'s).

mod alt;
mod cvt;
mod int;
mod mixed;
mod redux;
pub mod setp;
pub mod video;

pub use alt::EvalAlt;
pub use cvt::{cvt_columns, cvt_lookup, cvt_table, EvalCvt, TABLE_MIN};
pub use int::{int_columns, lop3_predicate, EvalInt};
pub use mixed::EvalMixed;
pub use redux::redux_f32;
pub use setp::{select, select_in, set_simd, setp_columns, setp_in, setp_results, testp, EvalSetp};
