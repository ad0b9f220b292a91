//! `setp.CmpOp{.ftz}.type p, a, b` on floating-point types (PTX ISA
//! §9.7.3.x "Floating Point Instructions: setp" / §9.7.4 half precision).

use crate::diag::Diagnostic;
use crate::types::PtxType;
use ptxfp_float::{self as fp, Format, Round, BF16, F16, F32, F64};

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Equ,
    Neu,
    Ltu,
    Leu,
    Gtu,
    Geu,
    Num,
    Nan,
}

/// A parsed float `setp` form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setp {
    /// The comparison.
    pub op: CmpOp,
    /// `.ftz`: subnormal `.f16`/`.f32` inputs compare as signed zeros.
    pub ftz: bool,
    /// The operand type.
    pub ty: PtxType,
}

impl Setp {
    /// Parses `setp.ltu.ftz.f32` (no operands); spans relative to `text`.
    pub fn parse(text: &str) -> Result<Setp, Diagnostic> {
        let parts: Vec<&str> = text.split('.').collect();
        let whole = 0..text.len();
        let op = match parts.get(1).copied() {
            Some("eq") => CmpOp::Eq,
            Some("ne") => CmpOp::Ne,
            Some("lt") => CmpOp::Lt,
            Some("le") => CmpOp::Le,
            Some("gt") => CmpOp::Gt,
            Some("ge") => CmpOp::Ge,
            Some("equ") => CmpOp::Equ,
            Some("neu") => CmpOp::Neu,
            Some("ltu") => CmpOp::Ltu,
            Some("leu") => CmpOp::Leu,
            Some("gtu") => CmpOp::Gtu,
            Some("geu") => CmpOp::Geu,
            Some("num") => CmpOp::Num,
            Some("nan") => CmpOp::Nan,
            _ => return Err(Diagnostic::error(whole, format!("`{text}`: expected a float comparison (eq ne lt le gt ge equ neu ltu leu gtu geu num nan)"))),
        };
        let (ftz, ty) = match parts[2..] {
            [t] => (false, t),
            ["ftz", t] => (true, t),
            _ => {
                return Err(Diagnostic::error(
                    whole,
                    format!(
                    "`{text}` is not supported: expected setp.CmpOp{{.ftz}}.{{f16,bf16,f32,f64}}"
                ),
                ))
            }
        };
        let ty = match PtxType::parse(ty) {
            Some(t @ (PtxType::F16 | PtxType::BF16 | PtxType::F32 | PtxType::F64)) => t,
            _ => {
                return Err(Diagnostic::error(
                    whole,
                    format!(
                        "`{text}` is not supported: only .f16, .bf16, .f32 and .f64 comparisons"
                    ),
                ))
            }
        };
        if ftz && !matches!(ty, PtxType::F16 | PtxType::F32) {
            return Err(Diagnostic::error(
                whole,
                format!("`.ftz` does not apply to `setp{ty}`"),
            ));
        }
        Ok(Setp { op, ftz, ty })
    }

    /// The minimum PTX ISA version and target (PTX ISA, `setp`): `.f16`
    /// needs 4.2 and sm_53, `.bf16` 7.8 and sm_90, `.f64` sm_13.
    pub fn requires(&self) -> (crate::target::PtxVersion, crate::target::Target) {
        let (v, sm) = match self.ty {
            PtxType::F16 => ((4, 2), 53),
            PtxType::BF16 => ((7, 8), 90),
            PtxType::F64 => ((1, 0), 13),
            _ => ((1, 0), 10),
        };
        (
            crate::target::PtxVersion::new(v.0, v.1),
            crate::target::Target::sm(sm),
        )
    }

    /// Compares `a` and `b`.
    pub fn eval(&self, a: u64, b: u64) -> bool {
        let (a, b) = match self.ty {
            PtxType::F16 => (self.wide::<F16>(a), self.wide::<F16>(b)),
            PtxType::BF16 => (self.wide::<BF16>(a), self.wide::<BF16>(b)),
            PtxType::F32 => (self.wide::<F32>(a), self.wide::<F32>(b)),
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

    fn wide<S: Format>(&self, x: u64) -> f64 {
        let mut x = x & S::ALL;
        if self.ftz && fp::is_subnormal::<S>(x) {
            x &= S::SIGN;
        }
        f64::from_bits(fp::convert::<S, F64>(x, Round::NearestEven).bits)
    }
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
