//! The semantics of a floating-point `setp.CmpOp{.ftz}.type`.

use ptxfp_float::{self as fp, Format, Round, BF16, F16, F32, F64};
use ptxfp_isa::setp::{CmpOp, Setp};
use ptxfp_isa::types::PtxType;

/// Evaluation of a [`Setp`].
pub trait EvalSetp {
    /// Compares `a` and `b`.
    fn eval(&self, a: u64, b: u64) -> bool;
}

impl EvalSetp for Setp {
    fn eval(&self, a: u64, b: u64) -> bool {
        let (a, b) = match self.ty {
            PtxType::F16 => (wide::<F16>(self, a), wide::<F16>(self, b)),
            PtxType::BF16 => (wide::<BF16>(self, a), wide::<BF16>(self, b)),
            PtxType::F32 => (wide::<F32>(self, a), wide::<F32>(self, b)),
            _ => (f64::from_bits(a), f64::from_bits(b)),
        };
        // Host comparison is exact here: each value was widened to f64
        // without rounding (every f16/bf16/f32 value is an f64 value), and
        // IEEE comparison of the widened values orders them as the originals.
        let unordered = a.is_nan() || b.is_nan();
        match self.op {
            CmpOp::Eq => a == b,
            CmpOp::Ne => !unordered && a != b,
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
            CmpOp::Equ => unordered || a == b,
            CmpOp::Neu => a != b,
            CmpOp::Ltu => unordered || a < b,
            CmpOp::Leu => unordered || a <= b,
            CmpOp::Gtu => unordered || a > b,
            CmpOp::Geu => unordered || a >= b,
            CmpOp::Num => !unordered,
            CmpOp::Nan => unordered,
        }
    }
}

fn wide<S: Format>(s: &Setp, x: u64) -> f64 {
    let mut x = x & S::ALL;
    if s.ftz && fp::is_subnormal::<S>(x) {
        x &= S::SIGN;
    }
    f64::from_bits(fp::convert::<S, F64>(x, Round::NearestEven).bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compares() {
        let s = |t: &str, a, b| Setp::parse(t).unwrap().eval(a, b);
        assert!(s("setp.lt.f16", 0x3c00, 0x4000));
        assert!(!s("setp.lt.f16", 0x7e00, 0x4000));
        assert!(s("setp.ltu.f16", 0x7e00, 0x4000));
        assert!(s("setp.eq.f32", 0x8000_0000, 0));
        assert!(!s("setp.eq.f32", 1, 0));
        assert!(s("setp.eq.ftz.f32", 1, 0));
        assert!(s("setp.nan.bf16", 0x7fc1, 0));
        assert!(!s("setp.ne.f64", f64::NAN.to_bits(), 0));
        assert!(s("setp.neu.f64", f64::NAN.to_bits(), 0));
        assert!(Setp::parse("setp.lt.s32").is_err());
        assert!(Setp::parse("setp.lt.ftz.bf16").is_err());
    }
}
