//! `ptxfp::Instruction` seen from the harness: the operand types and PTX
//! requirements the kernel generator needs ([`InstrForm`]), the header rule
//! (`Op::validate`), and ptxfp's results: the batch plans
//! (`ptxfp::batch::Plan`) where a form of the float table has one,
//! `Form::eval` for the other forms (`mad.f32` without rounding, whose
//! result depends on the code's target and the device), and
//! `Instruction::eval_u64_columns` for every other instruction (`cvt`,
//! compare and select, integer and bit).

use ptxfp::batch::{Plan, Slice, SliceMut};
use ptxfp::{Eval, Exec, Form, Instruction, PtxType, PtxVersion, Target};
use rayon::prelude::*;

use crate::kernel::InstrForm;

/// Why a form cannot be run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormError {
    /// The text is not a form ptxfp knows.
    #[error("`{text}`: {message}")]
    Parse {
        /// What was given.
        text: String,
        /// The parser's diagnostic.
        message: String,
    },
    /// ptxfp's evaluation failed.
    #[error("ptxfp could not evaluate `{form}`: {message}")]
    Eval {
        /// The form.
        form: String,
        /// Why.
        message: String,
    },
}

/// Parses `text` with `Instruction::parse`: a form of the table, or any
/// instruction ptxfp computes.
pub fn parse(text: &str) -> Result<Instruction, FormError> {
    Instruction::parse(text).map_err(|d| FormError::Parse {
        text: text.to_string(),
        message: d.to_string(),
    })
}

/// The generator's view of `form`: canonical text, operand types,
/// requirements.
pub fn from_form(form: &Form) -> InstrForm {
    InstrForm {
        imm: None,
        carry: Default::default(),
        ins: Instruction::of(ptxfp::Op::Form(*form), form.to_string())
            .expect("every form of the table computes"),
        dest: form.dest_type(),
        srcs: form.source_types(),
        requires: form.requires(),
    }
}

/// The generator's view of any instruction with one destination (or
/// predicate destinations only) and no carry flag: what one buffer kernel
/// can run and store.
///
/// # Errors
/// `lop3` (its immLut is an immediate), an instruction with a carry, or
/// with several destinations not all predicates.
pub fn from_instruction(ins: Instruction) -> Result<InstrForm, FormError> {
    if let Some(f) = ins.form() {
        return Ok(from_form(&f));
    }
    // 9.7.8.6: "immLut ... an integer constant": a kernel per value
    // (`imm`). lop3.BoolOp has a predicate destination beside `d`, which
    // the buffer kernel does not store.
    let lop3 = ins.text.split('.').next() == Some("lop3");
    if lop3 && ins.dsts.len() > 1 {
        return Err(FormError::Parse {
            text: ins.text.clone(),
            message: "lop3.BoolOp writes d and a predicate, which the buffer kernel does not \
                      store both of (not run yet)"
                .into(),
        });
    }
    let carry = ins.op.signature().map(|s| s.carry).unwrap_or_default();
    let preds = ins.dsts.iter().all(|t| *t == PtxType::Pred);
    // A carry out is the second destination, stored by its own kernel.
    let values = ins.dsts.len() - usize::from(carry.writes);
    if ins.dsts.is_empty() || (values > 1 && !preds) {
        return Err(FormError::Parse {
            text: ins.text.clone(),
            message: "the harness runs instructions of one destination (and a carry out), or \
                      of predicate destinations only"
                .into(),
        });
    }
    let requires = ins
        .op
        .requires()
        .unwrap_or((PtxVersion::new(1, 0), Target::sm(10)));
    Ok(InstrForm {
        // Several predicates (`setp.f16x2 p|q`) travel packed in one word.
        dest: if ins.dsts.len() > 1 && !carry.writes {
            PtxType::B32
        } else {
            ins.dsts[0]
        },
        srcs: ins.srcs.clone(),
        requires,
        imm: lop3.then_some(3),
        carry,
        ins,
    })
}

/// The operand tuples `first .. first + count` of `form`'s random records
/// for `seed` ([`crate::gen`], the stream every record names), as the
/// harness gives them: an immediate source ([`InstrForm::imm`], `lop3`'s
/// immLut) is the stream's value reduced to its low 8 bits (9.7.8.6:
/// immLut is an 8-bit table), the others as drawn. `None` where `first`
/// is not a multiple of the stream's block.
pub fn operands(form: &InstrForm, seed: u64, first: u64, count: u64) -> Option<Vec<Vec<u64>>> {
    let mut cols = crate::gen::stream(seed, &form.srcs, first, count)?;
    if let Some(c) = form.imm.and_then(|i| cols.get_mut(i)) {
        for v in c.iter_mut() {
            *v &= 0xff;
        }
    }
    Some(cols)
}

/// [`from_instruction`] of [`parse`].
pub fn instr_form(text: &str) -> Result<InstrForm, FormError> {
    parse(text).and_then(from_instruction)
}

/// Whether PTX `version` for `target` accepts `form` without any
/// diagnostic, warnings included (`Op::validate`): `mad.f32` without
/// rounding is warned about for sm_20 and up in PTX 3.1, so the harness
/// writes `.version 3.0` for it.
pub fn accepts(form: &InstrForm, version: PtxVersion, target: Target) -> bool {
    form.ins
        .op
        .validate(&form.ins.text, version, target)
        .is_empty()
}

/// ptxfp's results for operand columns (`cols[k][i]` is source `k` of
/// case `i`), for code written for `exec.code_target` running on
/// `exec.device`: through the form's batch plan when it has one, else
/// `Form::eval` case by case.
pub fn eval_on(form: &InstrForm, cols: &[Vec<u64>], exec: &Exec) -> Result<Vec<u64>, FormError> {
    let n = cols.first().map_or(0, Vec::len);
    let Some(parsed) = form.form() else {
        let srcs: Vec<&[u64]> = cols.iter().map(Vec::as_slice).collect();
        let mut out = vec![0u64; n];
        if form.ins.dsts.len() == 1 && form.ins.eval_u64_columns(exec, &srcs, &mut out) {
            return Ok(out);
        }
        if cols.len() != form.srcs.len() || cols.iter().any(|c| c.len() != n) {
            return Err(FormError::Eval {
                form: form.text(),
                message: "the operand columns do not fit the instruction".into(),
            });
        }
        // Element by element: an op without a column kernel (`lop3`), or
        // predicate destinations, packed (bit k is destination k).
        return Ok((0..n)
            .into_par_iter()
            .map(|i| {
                let srcs: Vec<u64> = cols.iter().map(|c| c[i]).collect();
                let (d, _) = form.ins.eval(&srcs, exec);
                if d.len() == 1 || form.carry.writes {
                    d[0]
                } else {
                    d.iter().enumerate().fold(0, |w, (k, v)| w | (v & 1) << k)
                }
            })
            .collect());
    };
    let Some(plan) = Plan::of(&parsed, exec) else {
        return Ok((0..n)
            .into_par_iter()
            .map(|i| {
                let srcs: Vec<u64> = cols.iter().map(|c| c[i]).collect();
                parsed.eval(&srcs, exec)
            })
            .collect());
    };
    let narrowed: Vec<Col> = form
        .srcs
        .iter()
        .zip(cols)
        .map(|(t, c)| Col::new(t.bits(), c))
        .collect();
    let slices: Vec<Slice> = narrowed.iter().map(Col::slice).collect();
    let err = |e: ptxfp::batch::BatchError| FormError::Eval {
        form: form.text(),
        message: e.to_string(),
    };
    let path = ptxfp_fast::Path::Portable;
    Ok(match form.dest.bits() {
        16 => {
            let mut out = vec![0u16; n];
            plan.run(path, &slices, SliceMut::B16(&mut out))
                .map_err(err)?;
            out.into_iter().map(u64::from).collect()
        }
        32 => {
            let mut out = vec![0u32; n];
            plan.run(path, &slices, SliceMut::B32(&mut out))
                .map_err(err)?;
            out.into_iter().map(u64::from).collect()
        }
        _ => {
            let mut out = vec![0u64; n];
            plan.run(path, &slices, SliceMut::B64(&mut out))
                .map_err(err)?;
            out
        }
    })
}

/// ptxfp's carry out (0 or 1) of a form that writes one
/// ([`InstrForm::carry`]), case by case.
///
/// # Errors
/// A form without a carry out, or columns that do not fit it.
pub fn eval_carry_on(
    form: &InstrForm,
    cols: &[Vec<u64>],
    exec: &Exec,
) -> Result<Vec<u64>, FormError> {
    let n = cols.first().map_or(0, Vec::len);
    if !form.carry.writes || cols.len() != form.srcs.len() || cols.iter().any(|c| c.len() != n) {
        return Err(FormError::Eval {
            form: form.text(),
            message: "no carry out, or the operand columns do not fit the instruction".into(),
        });
    }
    Ok((0..n)
        .into_par_iter()
        .map(|i| {
            let srcs: Vec<u64> = cols.iter().map(|c| c[i]).collect();
            form.ins.eval(&srcs, exec).0.last().map_or(0, |c| c & 1)
        })
        .collect())
}

/// [`eval_on`] for code and device both sm_100 (`Exec::default()`).
pub fn eval(form: &InstrForm, cols: &[Vec<u64>]) -> Result<Vec<u64>, FormError> {
    eval_on(form, cols, &Exec::default())
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
    use ptxfp::PtxType;

    #[test]
    fn types_and_requirements() {
        let f = instr_form("fma.rn.oob.relu.bf16x2").unwrap();
        assert_eq!((f.dest, f.srcs.len()), (PtxType::BF16x2, 3));
        assert_eq!(f.requires, (PtxVersion::new(8, 1), Target::sm(90)));
        let m = instr_form("fma.rz.sat.f32.bf16").unwrap();
        assert_eq!(m.srcs, vec![PtxType::BF16, PtxType::BF16, PtxType::F32]);
        let a = instr_form("add.rn.f32.f16").unwrap();
        assert_eq!(a.srcs, vec![PtxType::F16, PtxType::F32]);
        assert!(instr_form("divv.rn.f32").is_err());
        assert_eq!(instr_form("div.rn.f32").unwrap().srcs.len(), 2);
        let mad = instr_form("mad.f32").unwrap();
        assert!(accepts(&mad, PtxVersion::new(3, 0), Target::sm(30)));
        assert!(!accepts(&mad, PtxVersion::new(3, 1), Target::sm(30)));
    }

    #[test]
    fn plan_and_scalar_paths_agree_on_random_operands() {
        // The harness compares the GPU with the plan where one exists; the
        // plan must say what Form::eval says.
        for form in Form::all()
            .into_iter()
            .filter(|f| Plan::of(f, &Exec::default()).is_some())
            .step_by(7)
        {
            let f = from_form(&form);
            let cols = crate::gen::EdgeRng::new(11).columns(&f.srcs, 2000).unwrap();
            let fast = eval(&f, &cols).unwrap();
            for (i, got) in fast.iter().enumerate() {
                let srcs: Vec<u64> = cols.iter().map(|c| c[i]).collect();
                assert_eq!(*got, form.eval(&srcs, &Exec::default()), "{form} {srcs:x?}");
            }
        }
    }

    #[test]
    fn another_hardware_profile_is_honoured() {
        // A profile with another f16 NaN has no batch plan: the scalar
        // semantics apply it (inf + -inf is invalid: the profile's NaN).
        let mut exec = Exec::default();
        exec.hw.half_nan = 0x7e00;
        let f = instr_form("add.rn.f16").unwrap();
        let got = eval_on(&f, &[vec![0x7c00], vec![0xfc00]], &exec).unwrap();
        assert_eq!(got, vec![0x7e00]);
        let got = eval_on(&f, &[vec![0x7c00], vec![0xfc00]], &Exec::default()).unwrap();
        assert_eq!(got, vec![0x7fff]);
    }
}
