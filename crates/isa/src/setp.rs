//! `setp.CmpOp{.ftz}.type p, a, b` on floating-point types (PTX ISA
//! §9.7.3.x "Floating Point Instructions: setp" / §9.7.4 half precision).

use crate::diag::Diagnostic;
use crate::types::PtxType;

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
}
