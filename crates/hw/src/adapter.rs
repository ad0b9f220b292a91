//! Stopgap until `ptxfp::Form` is merged: a form's operand types and PTX
//! requirements read from its canonical text, and ptxfp's results from the
//! batch plans (`ptxfp::batch::Plan`). When `Form` lands, `InstrForm` comes
//! from `Form`'s `Display`, `dest_type`, `source_types`, `requires`, the
//! header check from `Form::validate`, and results from `Form::eval` for the
//! forms without a batch plan (`mad.f32` without rounding).

use ptxfp::batch::{Plan, Slice, SliceMut};
use ptxfp::{PtxType, PtxVersion, Target};

use crate::kernel::InstrForm;

/// Why a form cannot be run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormError {
    /// The text names no form ptxfp knows.
    #[error("`{0}` is not a form ptxfp evaluates in bulk (expected canonical text such as `fma.rn.bf16` or `mad.rn.ftz.f32`)")]
    Unknown(String),
    /// ptxfp's evaluation failed.
    #[error("ptxfp could not evaluate `{form}`: {message}")]
    Eval {
        /// The form.
        form: String,
        /// Why.
        message: String,
    },
}

/// The form's operand types and its (version, target) requirements, from
/// the spec/NOTES.md table "Forms, PTX ISA versions and targets".
pub fn instr_form(text: &str) -> Result<InstrForm, FormError> {
    let unknown = || FormError::Unknown(text.to_string());
    let toks: Vec<&str> = text.split('.').collect();
    let op = *toks.first().ok_or_else(unknown)?;
    let types: Vec<PtxType> = toks.iter().filter_map(|t| PtxType::parse(t)).collect();
    let has = |m: &str| toks[1..].contains(&m);
    let rounding = ["rn", "rz", "rm", "rp"].iter().any(|r| has(r));
    let arity = match op {
        "add" | "sub" | "mul" => 2,
        "fma" | "mad" => 3,
        _ => return Err(unknown()),
    };
    let (dest, srcs) = match types.as_slice() {
        [t] => (*t, vec![*t; arity]),
        [PtxType::F32, small @ (PtxType::F16 | PtxType::BF16)] if op != "mul" && op != "mad" => {
            let mut s = vec![*small; arity - 1];
            s.push(PtxType::F32);
            (PtxType::F32, s)
        }
        _ => return Err(unknown()),
    };
    let v = PtxVersion::new;
    let requires = match (op, dest, srcs[0]) {
        (_, PtxType::F32, PtxType::F16 | PtxType::BF16) => (v(8, 6), 100),
        ("mad", PtxType::F32, _) if !rounding => (v(1, 0), 10),
        ("mad", PtxType::F32, _) => (v(2, 0), 20),
        ("mad", PtxType::F64, _) => (v(1, 0), 13),
        (_, _, PtxType::F16 | PtxType::F16x2) if has("oob") => (v(8, 1), 90),
        (_, _, PtxType::BF16 | PtxType::BF16x2) if has("oob") => (v(8, 1), 90),
        ("fma", _, PtxType::F16 | PtxType::F16x2) if has("relu") => (v(7, 0), 80),
        (_, _, PtxType::F16 | PtxType::F16x2) => (v(4, 2), 53),
        ("fma", _, PtxType::BF16 | PtxType::BF16x2) => (v(7, 0), 80),
        (_, _, PtxType::BF16 | PtxType::BF16x2) => (v(7, 8), 90),
        _ => return Err(unknown()),
    };
    Ok(InstrForm {
        text: text.to_string(),
        dest,
        srcs,
        requires: (requires.0, Target::sm(requires.1)),
    })
}

/// Whether PTX `version` for `target` accepts `form` without any
/// diagnostic (spec/NOTES.md): the requirements, and the upper bounds of
/// the forms without rounding (`mad.f32` for sm_20 and up: warned in PTX
/// 3.1, rejected from 3.2; `mad.f64`: PTX 1.3 and earlier only).
pub fn accepts(form: &InstrForm, version: PtxVersion, target: Target) -> bool {
    let (min_v, min_t) = form.requires;
    if version < min_v || !target.at_least(min_t.sm) {
        return false;
    }
    let rounding = form
        .text
        .split('.')
        .any(|t| matches!(t, "rn" | "rz" | "rm" | "rp"));
    match (form.text.starts_with("mad"), form.dest, rounding) {
        (true, PtxType::F32, false) => target.is_sm1x() || version <= PtxVersion::new(3, 0),
        (true, PtxType::F64, false) => version <= PtxVersion::new(1, 3),
        _ => true,
    }
}

/// ptxfp's results for operand columns (`cols[k][i]` is source `k` of
/// case `i`), through the form's batch plan.
pub fn eval(form: &InstrForm, cols: &[Vec<u64>]) -> Result<Vec<u64>, FormError> {
    let plan = Plan::from_canonical(&form.text).ok_or_else(|| FormError::Eval {
        form: form.text.clone(),
        message: "no batch plan for this form yet (it needs ptxfp::Form::eval)".into(),
    })?;
    let n = cols.first().map_or(0, Vec::len);
    let narrowed: Vec<Col> = form
        .srcs
        .iter()
        .zip(cols)
        .map(|(t, c)| Col::new(t.bits(), c))
        .collect();
    let slices: Vec<Slice> = narrowed.iter().map(Col::slice).collect();
    let err = |e: ptxfp::batch::BatchError| FormError::Eval {
        form: form.text.clone(),
        message: e.to_string(),
    };
    Ok(match form.dest.bits() {
        16 => {
            let mut out = vec![0u16; n];
            plan.run(ptxfp_fast::Path::Portable, &slices, SliceMut::B16(&mut out))
                .map_err(err)?;
            out.into_iter().map(u64::from).collect()
        }
        32 => {
            let mut out = vec![0u32; n];
            plan.run(ptxfp_fast::Path::Portable, &slices, SliceMut::B32(&mut out))
                .map_err(err)?;
            out.into_iter().map(u64::from).collect()
        }
        _ => {
            let mut out = vec![0u64; n];
            plan.run(ptxfp_fast::Path::Portable, &slices, SliceMut::B64(&mut out))
                .map_err(err)?;
            out
        }
    })
}

enum Col {
    B16(Vec<u16>),
    B32(Vec<u32>),
    B64(Vec<u64>),
}

impl Col {
    fn new(bits: u32, c: &[u64]) -> Col {
        match bits {
            16 => Col::B16(c.iter().map(|v| *v as u16).collect()),
            32 => Col::B32(c.iter().map(|v| *v as u32).collect()),
            _ => Col::B64(c.to_vec()),
        }
    }
    fn slice(&self) -> Slice<'_> {
        match self {
            Col::B16(v) => Slice::B16(v),
            Col::B32(v) => Slice::B32(v),
            Col::B64(v) => Slice::B64(v),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_and_requirements() {
        let f = instr_form("fma.rn.oob.relu.bf16x2").unwrap();
        assert_eq!((f.dest, f.srcs.len()), (PtxType::BF16x2, 3));
        assert_eq!(f.requires, (PtxVersion::new(8, 1), Target::sm(90)));
        let m = instr_form("fma.rz.sat.f32.bf16").unwrap();
        assert_eq!(m.srcs, vec![PtxType::BF16, PtxType::BF16, PtxType::F32]);
        let a = instr_form("add.rn.f32.f16").unwrap();
        assert_eq!(a.srcs, vec![PtxType::F16, PtxType::F32]);
        assert_eq!(
            instr_form("mul.rn.bf16").unwrap().requires.1,
            Target::sm(90)
        );
        assert!(instr_form("div.rn.f32").is_err());
        assert!(instr_form("fma.rn").is_err());
        let mad = instr_form("mad.f32").unwrap();
        assert!(accepts(&mad, PtxVersion::new(3, 0), Target::sm(30)));
        assert!(!accepts(&mad, PtxVersion::new(3, 1), Target::sm(30)));
    }
}
