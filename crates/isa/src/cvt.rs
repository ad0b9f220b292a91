//! `cvt` between floating-point types (PTX ISA §9.7.9.21): f16, bf16, f32,
//! f64, and the packed `cvt.frnd2{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b`.
//!
//! Every conversion is the exact value rounded once by `ptxfp_float::convert`.

use crate::diag::Diagnostic;
use crate::types::PtxType;
use ptxfp_float::Round;

/// A parsed float-to-float `cvt` form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cvt {
    /// `.rn .rz .rm .rp`, when given.
    pub rnd: Option<Round>,
    /// `.ftz`: f32 subnormal inputs and results become signed zeros.
    pub ftz: bool,
    /// `.sat`: clamp to [0.0, 1.0], NaN to +0.0.
    pub sat: bool,
    /// `.relu`: negative results become +0.0, NaN the canonical NaN.
    pub relu: bool,
    /// `.satfinite`: an infinite result becomes the largest finite value of its sign.
    pub satfinite: bool,
    /// Destination type.
    pub dst: PtxType,
    /// Source type.
    pub src: PtxType,
}

/// True when every value of `src` is exactly representable in `dst`.
fn exact_widening(src: PtxType, dst: PtxType) -> bool {
    use PtxType::*;
    src == dst || matches!((src, dst), (F16 | BF16, F32 | F64) | (F32, F64))
}

impl Cvt {
    /// Parses the opcode text `cvt.rn.relu.f16x2.f32`. The span of an error
    /// is relative to `text`.
    pub fn parse(text: &str) -> Result<Cvt, Diagnostic> {
        let mut c = Cvt {
            rnd: None,
            ftz: false,
            sat: false,
            relu: false,
            satfinite: false,
            dst: PtxType::B8,
            src: PtxType::B8,
        };
        let mut types = Vec::new();
        let mut off = 0;
        for part in text.split('.') {
            let span = off..off + part.len();
            off += part.len() + 1;
            if span.start == 0 {
                continue; // "cvt"
            }
            let dup = |set: bool| {
                if set {
                    Err(Diagnostic::error(
                        span.clone(),
                        format!("`.{part}` given twice"),
                    ))
                } else {
                    Ok(true)
                }
            };
            let after_types = !types.is_empty();
            if after_types && PtxType::parse(part).is_none() {
                return Err(Diagnostic::error(
                    span,
                    format!("`.{part}` after the types: modifiers come before `.dtype.atype`"),
                ));
            }
            match part {
                "rn" | "rz" | "rm" | "rp" => {
                    if c.rnd.is_some() {
                        return Err(Diagnostic::error(span, "two rounding modifiers"));
                    }
                    c.rnd = Some(match part {
                        "rn" => Round::NearestEven,
                        "rz" => Round::TowardZero,
                        "rm" => Round::TowardNegative,
                        _ => Round::TowardPositive,
                    });
                }
                "rni" | "rzi" | "rmi" | "rpi" | "rna" | "rs" => {
                    return Err(Diagnostic::error(
                        span,
                        format!("`cvt.{part}` is not supported by this interpreter"),
                    ))
                }
                "ftz" => c.ftz = dup(c.ftz)?,
                "sat" => c.sat = dup(c.sat)?,
                "relu" => c.relu = dup(c.relu)?,
                "satfinite" => c.satfinite = dup(c.satfinite)?,
                _ => match PtxType::parse(part) {
                    Some(t) => types.push((t, span)),
                    None => {
                        return Err(Diagnostic::error(
                            span,
                            format!("unknown `cvt` modifier `.{part}`"),
                        ))
                    }
                },
            }
        }
        let whole = 0..text.len();
        let [(dst, dspan), (src, sspan)] =
            <[(PtxType, core::ops::Range<usize>); 2]>::try_from(types).map_err(|_| {
                Diagnostic::error(
                    whole.clone(),
                    "`cvt` needs exactly two types, `.dtype.atype`",
                )
            })?;
        c.dst = dst;
        c.src = src;
        let packed = matches!(dst, PtxType::F16x2 | PtxType::BF16x2);
        if packed {
            if src != PtxType::F32 {
                return Err(Diagnostic::error(
                    sspan,
                    format!("`cvt{dst}` converts from `.f32` only"),
                ));
            }
            if !matches!(c.rnd, Some(Round::NearestEven | Round::TowardZero)) {
                return Err(Diagnostic::error(
                    whole,
                    format!("`cvt{dst}.f32` requires `.rn` or `.rz`"),
                ));
            }
            if c.ftz || c.sat {
                return Err(Diagnostic::error(
                    whole,
                    format!("`cvt{dst}.f32` takes no `.ftz` or `.sat`"),
                ));
            }
            return Ok(c);
        }
        if !dst.is_float() {
            return Err(Diagnostic::error(
                dspan,
                format!("`cvt` to `{dst}` is not supported (floating-point types only)"),
            ));
        }
        if !src.is_float() {
            return Err(Diagnostic::error(
                sspan,
                format!("`cvt` from `{src}` is not supported (floating-point types only)"),
            ));
        }
        if exact_widening(src, dst) {
            if c.rnd.is_some() {
                return Err(Diagnostic::error(
                    whole,
                    format!("`cvt{dst}{src}` is exact and takes no rounding modifier"),
                ));
            }
        } else if c.rnd.is_none() {
            return Err(Diagnostic::error(
                whole,
                format!("`cvt{dst}{src}` rounds and requires a rounding modifier (.rn, .rz, .rm or .rp)"),
            ));
        }
        if (c.relu || c.satfinite)
            && !matches!((dst, src), (PtxType::F16 | PtxType::BF16, PtxType::F32))
        {
            return Err(Diagnostic::error(
                whole,
                "`.relu` and `.satfinite` apply to `.f16`/`.bf16` results from `.f32` only",
            ));
        }
        if c.ftz && src != PtxType::F32 && dst != PtxType::F32 {
            return Err(Diagnostic::error(
                whole,
                "`.ftz` applies only when the source or the result is `.f32`",
            ));
        }
        if c.relu && c.sat {
            return Err(Diagnostic::error(
                whole,
                "`.relu` and `.sat` exclude each other",
            ));
        }
        Ok(c)
    }

    /// Number of source operands (2 for the packed forms).
    pub fn sources(&self) -> usize {
        if matches!(self.dst, PtxType::F16x2 | PtxType::BF16x2) {
            2
        } else {
            1
        }
    }

    /// The minimum PTX ISA version and target of this form (PTX ISA, `cvt`,
    /// "PTX ISA Notes" and "Target ISA Notes"): `.f64` needs sm_13;
    /// `.relu` and `.bf16`, `.f16x2`, `.bf16x2` results need 7.0 and sm_80;
    /// `.satfinite` needs 8.1 and sm_80; a `.bf16` source needs 7.1 and
    /// sm_80 for `cvt.f32.bf16`, 7.8 and sm_90 otherwise.
    pub fn requires(&self) -> (crate::target::PtxVersion, crate::target::Target) {
        use crate::target::PtxVersion as V;
        use crate::target::Target as T;
        use PtxType::*;
        let mut need = (V::new(1, 0), 10);
        let mut at_least = |v: V, sm: u16| {
            need = (need.0.max(v), need.1.max(sm));
        };
        if self.dst == F64 || self.src == F64 {
            at_least(V::new(1, 0), 13);
        }
        if self.relu || matches!(self.dst, BF16 | F16x2 | BF16x2) {
            at_least(V::new(7, 0), 80);
        }
        if self.satfinite {
            at_least(V::new(8, 1), 80);
        }
        if self.src == BF16 {
            if self.dst == F32 && !self.ftz {
                at_least(V::new(7, 1), 80);
            } else {
                at_least(V::new(7, 8), 90);
            }
        }
        (need.0, T::sm(need.1))
    }
}
