//! Batch evaluation: one form over slices of operands, with the kernel
//! chosen once per call.
//!
//! A form's semantics are composed of stages (docs/NVIDIA.md; docs/ARCHITECTURE.md):
//! oob check → flush inputs → exact operation → flush result → sat/relu →
//! NaN canonicalization → pack lanes. [`Plan`] is that pipeline for one
//! form, built from the typed [`Form`]. The stages' choices come
//! from the hardware table ([`half_stages`], [`f32_stages`], with their
//! docs/NVIDIA.md citations) and run inside a [`ptxfp_fast`] staged kernel: fused
//! into one SIMD pass on AVX-512, as branch-free passes over blocks
//! elsewhere; the exact operation is a kernel proved equal to the exact
//! core. A form without a plan (`mad.f32` with no rounding modifier, whose
//! meaning depends on the target, see docs/NVIDIA.md "mad.f32 without a rounding modifier") is evaluated element by
//! element by its scalar semantics. Large inputs are split across cores.

use crate::{Eval, EvalAlt, EvalMixed};
pub use ptxfp_fast::IeeeOp;
use ptxfp_fast::{BinOp, F32Stages, F64Nans, Half, HalfStages, Round};
use rayon::prelude::*;

use crate::quirks::Exec;
use crate::quirks::{FtzTiming, HwProfile};
use ptxfp_isa::form::{self, Form, FormType, Opcode};
use ptxfp_isa::types::PtxType;

/// Values per parallel task.
const TASK: usize = 1 << 16;

/// Operands or results of one register width.
#[derive(Clone, Copy, Debug)]
pub enum Slice<'a> {
    /// `.f16`, `.bf16` registers.
    B16(&'a [u16]),
    /// `.f16x2`, `.bf16x2`, `.f32` registers.
    B32(&'a [u32]),
    /// `.f64` registers.
    B64(&'a [u64]),
}

/// Results of one register width.
#[derive(Debug)]
pub enum SliceMut<'a> {
    /// `.f16`, `.bf16` registers.
    B16(&'a mut [u16]),
    /// `.f16x2`, `.bf16x2`, `.f32` registers.
    B32(&'a mut [u32]),
    /// `.f64` registers.
    B64(&'a mut [u64]),
}

impl Slice<'_> {
    /// Number of values.
    pub fn len(&self) -> usize {
        match self {
            Slice::B16(s) => s.len(),
            Slice::B32(s) => s.len(),
            Slice::B64(s) => s.len(),
        }
    }
    /// Whether there are no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Register width in bits.
    pub fn bits(&self) -> u32 {
        match self {
            Slice::B16(_) => 16,
            Slice::B32(_) => 32,
            Slice::B64(_) => 64,
        }
    }
}

impl SliceMut<'_> {
    /// Number of values.
    pub fn len(&self) -> usize {
        match self {
            SliceMut::B16(s) => s.len(),
            SliceMut::B32(s) => s.len(),
            SliceMut::B64(s) => s.len(),
        }
    }
    /// Whether there are no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Register width in bits.
    pub fn bits(&self) -> u32 {
        match self {
            SliceMut::B16(_) => 16,
            SliceMut::B32(_) => 32,
            SliceMut::B64(_) => 64,
        }
    }
}

/// `.sat` or `.relu` (never both: docs/ARCHITECTURE.md, unrepresentable); the
/// semantics are [`HalfStages`]' (set from the hardware table, see
/// [`half_stages`]).
pub use ptxfp_fast::Clamp;

/// Which kernel implementation runs a plan (see [`ptxfp_fast::Path`]).
pub use ptxfp_fast::Path;

/// The stage pipeline of a form that has a fast kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// `add/sub/mul/fma` on `.f16`, `.bf16` and their x2 forms (`.rn`).
    Half {
        /// The lane format.
        fmt: Half,
        /// Two lanes in a 32-bit register.
        x2: bool,
        /// `None` for fma.
        op: Option<BinOp>,
        /// `.ftz`, `.sat`/`.relu`, `.oob` and the NaN result, with the
        /// hardware profile's values ([`half_stages`]).
        stages: HalfStages,
    },
    /// `mad.{rn,rz,rm,rp}{.ftz}{.sat}.f32`.
    MadF32 {
        /// Rounding.
        rm: Round,
        /// `.ftz`, `.sat` and the NaN result ([`f32_stages`]).
        stages: F32Stages,
    },
    /// `mad.{rn,rz,rm,rp}.f64`.
    MadF64 {
        /// Rounding.
        rm: Round,
        /// Which NaN a NaN result is ([`f64_nans`]).
        nans: F64Nans,
    },
    /// `add`/`sub`/`mul`/`div`/`rcp`/`sqrt` `{.rnd}{.ftz}{.sat}.f32`.
    Ieee32 {
        /// The operation.
        op: IeeeOp,
        /// Rounding.
        rm: Round,
        /// `.ftz`, `.sat` and the NaN result ([`f32_stages`]).
        stages: F32Stages,
    },
    /// `add`/`sub`/`mul`/`div`/`rcp`/`sqrt` `{.rnd}.f64`.
    Ieee64 {
        /// The operation.
        op: IeeeOp,
        /// Rounding.
        rm: Round,
        /// Which NaN a NaN result is ([`f64_nans`]).
        nans: F64Nans,
    },
    /// `add`/`sub`/`mul{.rnd}{.ftz}.f32x2` and `fma.rnd{.ftz}.f32x2`
    /// (9.7.3.3-9.7.3.6): the `.f32` kernel of the lane form
    /// ([`Form::f32x2_lane`]) over both lanes of each `.b64` register.
    F32x2 {
        /// The operation (`None`: fma).
        op: Option<IeeeOp>,
        /// Rounding.
        rm: Round,
        /// `.ftz` and the NaN result ([`f32_stages`]).
        stages: F32Stages,
    },
    /// Mixed precision `add/sub/fma.rnd{.sat}.f32.{f16,bf16}`.
    Mixed {
        /// The format of `a` (and `b`).
        fmt: Half,
        /// The operation (there is no mixed-precision mul).
        op: MixedOp,
        /// Rounding.
        rm: Round,
        /// `.sat` and the NaN result ([`f32_stages`]).
        stages: F32Stages,
    },
}

/// The operation of a mixed-precision plan: 9.7.5 has `add`, `sub` and
/// `fma` only, so a mul is not representable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MixedOp {
    /// `add.rnd{.sat}.f32.{f16,bf16} d, a, c`
    Add,
    /// `sub.rnd{.sat}.f32.{f16,bf16} d, a, c`
    Sub,
    /// `fma.rnd{.sat}.f32.{f16,bf16} d, a, b, c`
    Fma,
}

impl MixedOp {
    /// The fast crate's spelling: `Some(Add/Sub)`, or `None` for fma.
    pub fn bin_op(self) -> Option<BinOp> {
        match self {
            MixedOp::Add => Some(BinOp::Add),
            MixedOp::Sub => Some(BinOp::Sub),
            MixedOp::Fma => None,
        }
    }
}

impl Plan {
    /// The plan of `form` executed as `exec` describes, its stages built
    /// from `exec.hw`; or `None` where the batch evaluator calls
    /// [`Form::eval`] per element instead: a hardware profile whose choices
    /// the fast kernels' stages cannot express ([`kernels_express`]),
    /// `mad.f32` without a rounding modifier (its meaning depends on the
    /// code's target and the device, docs/NVIDIA.md), `min` and `max` (no
    /// fast kernel yet).
    pub fn of(form: &Form, exec: &Exec) -> Option<Plan> {
        let hw = &exec.device_profile();
        if !kernels_express(hw) {
            return None;
        }
        // 9.7.3.3-6: "fA[0] = a[0:31]; fA[1] = a[32:63]; [...] for (i = 0;
        // i < 2; i++) d[i] = fA[i] + fB[i];": each lane is the `.f32` form
        // with the same modifiers, so the lanes run the `.f32` form's
        // kernel, with its stages (semantics/mod.rs evaluates them so too).
        if let Some(lane) = form.f32x2_lane() {
            return match Plan::of(&lane, exec)? {
                Plan::Ieee32 { op, rm, stages } => Some(Plan::F32x2 {
                    op: Some(op),
                    rm,
                    stages,
                }),
                Plan::MadF32 { rm, stages } => Some(Plan::F32x2 {
                    op: None,
                    rm,
                    stages,
                }),
                _ => None,
            };
        }
        // 9.7.3's add/sub/mul/div/rcp/sqrt on .f32/.f64 (not the .approx
        // forms): the IEEE kernels.
        if matches!(form.ty(), FormType::F32 | FormType::F64) && !form.is_approx() {
            let ieee = match form.op() {
                Opcode::Add => Some(IeeeOp::Add),
                Opcode::Sub => Some(IeeeOp::Sub),
                Opcode::Mul => Some(IeeeOp::Mul),
                Opcode::Div => Some(IeeeOp::Div),
                Opcode::Rcp => Some(IeeeOp::Rcp),
                Opcode::Sqrt => Some(IeeeOp::Sqrt),
                _ => None,
            };
            if let Some(op) = ieee {
                let rm = form.rounding();
                return Some(if form.ty() == FormType::F32 {
                    // 9.7.3.3: "sm_1x: add.f32 flushes subnormal inputs and
                    // results" (the semantics' rule, semantics/ieee.rs).
                    let ftz = form.ftz() || exec.code_target.is_sm1x();
                    let sat = form.clamp() == form::Clamp::Sat;
                    Plan::Ieee32 {
                        op,
                        rm,
                        stages: f32_stages(hw, ftz, sat),
                    }
                } else {
                    let mut nans = f64_nans(hw);
                    if op == IeeeOp::Div {
                        nans.priority = hw.f64_div_nan_priority;
                    }
                    Plan::Ieee64 { op, rm, nans }
                });
            }
        }
        let op = match form.op() {
            Opcode::Add => Some(BinOp::Add),
            Opcode::Sub => Some(BinOp::Sub),
            Opcode::Mul => Some(BinOp::Mul),
            Opcode::Fma | Opcode::Mad => None,
            // No fast kernel yet: the scalar evaluator serves them.
            _ => return None,
        };
        // The other `.f32`/`.f64` kernels are fma/mad (Plan::MadF32/MadF64).
        if matches!(form.ty(), FormType::F32 | FormType::F64) && op.is_some() {
            return None;
        }
        let clamp = match form.clamp() {
            form::Clamp::None => Clamp::None,
            form::Clamp::Sat => Clamp::Sat,
            form::Clamp::Relu => Clamp::Relu,
        };
        let half = |fmt, x2| Plan::Half {
            fmt,
            x2,
            op,
            stages: half_stages(hw, form.ftz(), clamp, form.oob()),
        };
        let mixed = |fmt| {
            Some(Plan::Mixed {
                fmt,
                op: match form.op() {
                    Opcode::Add => MixedOp::Add,
                    Opcode::Sub => MixedOp::Sub,
                    Opcode::Fma => MixedOp::Fma,
                    _ => return None,
                },
                rm: form.rounding(),
                stages: f32_stages(hw, false, clamp == Clamp::Sat),
            })
        };
        Some(match form.ty() {
            FormType::F16 => half(Half::F16, false),
            FormType::F16x2 => half(Half::F16, true),
            FormType::BF16 => half(Half::Bf16, false),
            FormType::BF16x2 => half(Half::Bf16, true),
            FormType::F32 => {
                // `mad.f32` without a rounding modifier, as
                // semantics/mod.rs `mad_f32` reads 9.7.3.7: sm_20 and
                // later code "silently defaults to mad.rn.f32"; sm_1x code
                // "JIT-compiled for SM 2.0 devices" is fma.rn.ftz.f32; on
                // an sm_1x device it keeps the truncating sm_1x mad, which
                // has no kernel.
                let (rm, ftz) = match form.rnd() {
                    Some(rm) => (rm, form.ftz()),
                    None if !exec.code_target.is_sm1x() => (Round::NearestEven, form.ftz()),
                    None if !exec.device.is_sm1x() => (Round::NearestEven, true),
                    None => return None,
                };
                Plan::MadF32 {
                    rm,
                    stages: f32_stages(hw, ftz, clamp == Clamp::Sat),
                }
            }
            // 9.7.3.7: legacy `mad.f64` (PTX 1.0-1.3) is `mad.rn.f64`.
            FormType::F64 => Plan::MadF64 {
                rm: form.rounding(),
                nans: f64_nans(hw),
            },
            FormType::F32F16 => mixed(Half::F16)?,
            FormType::F32BF16 => mixed(Half::Bf16)?,
            // Planned above, from the lane form.
            FormType::F32x2 => return None,
        })
    }

    /// Operand count.
    pub fn arity(&self) -> usize {
        match self {
            Plan::Ieee32 { op, .. } | Plan::Ieee64 { op, .. } => op.arity(),
            Plan::F32x2 { op: Some(op), .. } => op.arity(),
            Plan::Half { op: Some(_), .. }
            | Plan::Mixed {
                op: MixedOp::Add | MixedOp::Sub,
                ..
            } => 2,
            _ => 3,
        }
    }

    /// Register widths of the sources and of the destination, in bits.
    pub fn widths(&self) -> (Vec<u32>, u32) {
        let n = self.arity();
        match *self {
            Plan::Half { x2, .. } => {
                let w = if x2 { 32 } else { 16 };
                (vec![w; n], w)
            }
            Plan::MadF32 { .. } => (vec![32; 3], 32),
            Plan::MadF64 { .. } => (vec![64; 3], 64),
            Plan::Ieee32 { .. } => (vec![32; n], 32),
            Plan::Ieee64 { .. } | Plan::F32x2 { .. } => (vec![64; n], 64),
            Plan::Mixed { .. } => {
                let mut v = vec![16; n - 1];
                v.push(32);
                (v, 32)
            }
        }
    }

    /// Evaluates the plan over `srcs` into `out` on `path`, split across
    /// rayon's threads when large.
    ///
    /// # Errors
    /// If the number of sources, a width or a length does not fit the plan.
    pub fn run(&self, path: Path, srcs: &[Slice], mut out: SliceMut) -> Result<(), BatchError> {
        let (ws, wd) = self.widths();
        check(srcs, &out, &ws, wd)?;
        let n = out.len();
        let plan = *self;
        // Split into tasks; each task runs blocks.
        macro_rules! par {
            ($o:expr) => {
                $o.par_chunks_mut(TASK).enumerate().for_each(|(t, o)| {
                    let lo = t * TASK;
                    let s: Vec<Slice> = srcs.iter().map(|s| sub(*s, lo, lo + o.len())).collect();
                    plan.run_task(path, &s, o.into());
                })
            };
        }
        if n <= TASK {
            self.run_task(path, srcs, out);
            return Ok(());
        }
        match &mut out {
            SliceMut::B16(o) => par!(o),
            SliceMut::B32(o) => par!(o),
            SliceMut::B64(o) => par!(o),
        }
        Ok(())
    }

    /// As [`Plan::run`], all on the calling thread (for callers that run
    /// their own threads, and for single-thread measurements).
    ///
    /// # Errors
    /// If the number of sources, a width or a length does not fit the plan.
    pub fn run_here(&self, path: Path, srcs: &[Slice], out: SliceMut) -> Result<(), BatchError> {
        let (ws, wd) = self.widths();
        check(srcs, &out, &ws, wd)?;
        self.run_task(path, srcs, out);
        Ok(())
    }

    /// One task, on the current thread.
    pub(crate) fn run_task(&self, path: Path, srcs: &[Slice], out: SliceMut) {
        match (*self, out) {
            (Plan::Half { x2: false, .. }, SliceMut::B16(o)) => {
                let s = srcs.iter().map(|s| as16(*s)).collect::<Vec<_>>();
                half_run(self, path, &s, o);
            }
            // docs/NVIDIA.md "Registers and lanes": lane 0 is bits 0..15 of the register, lane 1
            // bits 16..31, and the lanes are computed independently. On a
            // little-endian host a slice of registers is, read as 16-bit
            // values, its lanes in order (lane 0 of register 0 first): the
            // x2 form is the one-lane pipeline over twice as many values,
            // with each lane's `.oob` test seeing that lane's operands.
            #[cfg(target_endian = "little")]
            (Plan::Half { x2: true, .. }, SliceMut::B32(o)) => {
                let s = srcs.iter().map(|s| lanes(as32(*s))).collect::<Vec<_>>();
                half_run(self, path, &s, lanes_mut(o));
            }
            // A big-endian host copies the lanes into temporaries.
            #[cfg(target_endian = "big")]
            (Plan::Half { x2: true, .. }, SliceMut::B32(o)) => {
                let split = |s: &[u32]| -> Vec<u16> {
                    s.iter()
                        .flat_map(|&v| [v as u16, (v >> 16) as u16])
                        .collect()
                };
                let s: Vec<Vec<u16>> = srcs.iter().map(|s| split(as32(*s))).collect();
                let s: Vec<&[u16]> = s.iter().map(|v| &v[..]).collect();
                let mut l = vec![0u16; 2 * o.len()];
                half_run(self, path, &s, &mut l);
                for (d, p) in o.iter_mut().zip(l.chunks(2)) {
                    *d = p[0] as u32 | (p[1] as u32) << 16;
                }
            }
            (Plan::MadF32 { rm, stages }, SliceMut::B32(o)) => {
                let (a, b, c) = (as32(srcs[0]), as32(srcs[1]), as32(srcs[2]));
                ptxfp_fast::fma_f32_staged(path, rm, &stages, a, b, c, o);
            }
            (Plan::MadF64 { rm, nans }, SliceMut::B64(o)) => {
                let (a, b, c) = (as64(srcs[0]), as64(srcs[1]), as64(srcs[2]));
                ptxfp_fast::fma_f64_staged(path, rm, Some(&nans), a, b, c, o);
            }
            (Plan::Ieee32 { op, rm, stages }, SliceMut::B32(o)) => {
                let a = as32(srcs[0]);
                let b = srcs.get(1).map_or(a, |s| as32(*s));
                ptxfp_fast::ieee_f32_staged(path, op, rm, &stages, a, b, o);
            }
            (Plan::Ieee64 { op, rm, nans }, SliceMut::B64(o)) => {
                let a = as64(srcs[0]);
                let b = srcs.get(1).map_or(a, |s| as64(*s));
                ptxfp_fast::ieee_f64_staged(path, op, rm, Some(&nans), a, b, o);
            }
            // 9.7.3.3: "fA[0] = a[0:31]; fA[1] = a[32:63]": on a
            // little-endian host a slice of `.b64` registers, read as 32-bit
            // values, is its lanes in order (lane 0 of register 0 first), so
            // the `.f32` kernel runs over twice as many values.
            #[cfg(target_endian = "little")]
            (Plan::F32x2 { op, rm, stages }, SliceMut::B64(o)) => {
                let s: Vec<&[u32]> = srcs.iter().map(|s| lanes64(as64(*s))).collect();
                f32x2_run(path, op, rm, &stages, &s, lanes64_mut(o));
            }
            // A big-endian host copies the lanes into temporaries.
            #[cfg(target_endian = "big")]
            (Plan::F32x2 { op, rm, stages }, SliceMut::B64(o)) => {
                let split = |s: &[u64]| -> Vec<u32> {
                    s.iter()
                        .flat_map(|&v| [v as u32, (v >> 32) as u32])
                        .collect()
                };
                let s: Vec<Vec<u32>> = srcs.iter().map(|s| split(as64(*s))).collect();
                let s: Vec<&[u32]> = s.iter().map(|v| &v[..]).collect();
                let mut l = vec![0u32; 2 * o.len()];
                f32x2_run(path, op, rm, &stages, &s, &mut l);
                for (d, p) in o.iter_mut().zip(l.chunks(2)) {
                    *d = u64::from(p[0]) | u64::from(p[1]) << 32;
                }
            }
            (
                Plan::Mixed {
                    fmt,
                    op,
                    rm,
                    stages: st,
                },
                SliceMut::B32(o),
            ) => {
                let a = as16(srcs[0]);
                match op.bin_op() {
                    Some(op) => {
                        let c = as32(srcs[1]);
                        ptxfp_fast::mixed_staged(path, fmt, Some(op), rm, &st, a, None, c, o)
                    }
                    None => {
                        let (b, c) = (as16(srcs[1]), as32(srcs[2]));
                        ptxfp_fast::mixed_staged(path, fmt, None, rm, &st, a, Some(b), c, o)
                    }
                }
            }
            _ => unreachable!("widths were checked against the plan"),
        }
    }
}

/// The lanes of an `.f32x2` plan, as `.f32` values: the lane form's
/// kernel (`ieee_f32_staged` for add/sub/mul, `fma_f32_staged` for fma).
fn f32x2_run(
    path: Path,
    op: Option<IeeeOp>,
    rm: Round,
    stages: &F32Stages,
    s: &[&[u32]],
    o: &mut [u32],
) {
    match op {
        Some(op) => ptxfp_fast::ieee_f32_staged(path, op, rm, stages, s[0], s[1], o),
        None => ptxfp_fast::fma_f32_staged(path, rm, stages, s[0], s[1], s[2], o),
    }
}

/// A half plan over 16-bit values.
fn half_run(plan: &Plan, path: Path, s: &[&[u16]], o: &mut [u16]) {
    let Plan::Half {
        fmt, op, stages, ..
    } = *plan
    else {
        unreachable!("a half plan")
    };
    ptxfp_fast::half_staged(path, fmt, op, &stages, s[0], s[1], s.get(2).copied(), o);
}

/// Whether the fast kernels' stages can express `hw`'s choices: they clear
/// `-0.0` under `.sat` and `.relu` (ptxfp_fast::Clamp) and flush results
/// subnormal after rounding, or tiny after rounding as IEEE 754 defines it;
/// the NaN patterns, the OOB-NaN and the f64 NaN priority are parameters.
/// A profile that chooses otherwise has no plan.
pub fn kernels_express(hw: &HwProfile) -> bool {
    hw.sat_clears_neg_zero
        && hw.relu_clears_neg_zero
        && !matches!(hw.ftz_timing, FtzTiming::BeforeRounding)
}

// NVIDIA's profile is the one every batch path serves.
const _: () = {
    let hw = HwProfile::NVIDIA;
    assert!(hw.sat_clears_neg_zero && hw.relu_clears_neg_zero);
};

/// Whether `.ftz` flushes by IEEE tininess after rounding
/// ([`FtzTiming::IeeeAfterRounding`]).
fn tiny_after_rounding(hw: &HwProfile) -> bool {
    matches!(hw.ftz_timing, FtzTiming::IeeeAfterRounding)
}

/// The stages of an `.f16`/`.bf16` form under `hw`.
pub fn half_stages(hw: &HwProfile, ftz: bool, clamp: Clamp, oob: bool) -> HalfStages {
    HalfStages {
        // docs/NVIDIA.md ".ftz": subnormal inputs become zeros of their sign
        // before the operation, and a result tiny after rounding (IEEE 754)
        // becomes a zero of its sign (hw: H200).
        // (.ftz exists for .f16 forms only.)
        ftz,
        tiny_after_rounding: tiny_after_rounding(hw),
        // docs/NVIDIA.md ".sat": NaN → +0.0; below 0 → +0.0 (-0.0 too, hw:
        // H200); above 1.0 → 1.0. (.relu): NaN → canonical NaN; sign bit
        // set → +0.0 (-0.0 too, hw: H200).
        clamp,
        // docs/NVIDIA.md "NaN results": every f16/bf16 NaN result is 0x7fff
        // (hw: H200).
        nan: Some(hw.half_nan),
        // docs/NVIDIA.md ".oob": if a or b is the OOB-NaN (low 15 bits 0x7ff7,
        // hw: H200), the lane's result is +0.0.
        oob: oob.then_some((hw.oob_mask, hw.oob_value)),
    }
}

/// The stages of a binary32 result (`mad.f32`, mixed precision) under `hw`.
pub fn f32_stages(hw: &HwProfile, ftz: bool, sat: bool) -> F32Stages {
    F32Stages {
        // docs/NVIDIA.md ".ftz": subnormal inputs become zeros of their sign;
        // a result tiny after rounding (IEEE 754) becomes a zero of its sign
        // (hw: H200).
        ftz,
        tiny_after_rounding: tiny_after_rounding(hw),
        // docs/NVIDIA.md ".sat": after rounding and flushing; NaN → +0, below 0
        // (and -0, hw: H200) → +0, above 1 → 1.
        sat,
        // docs/NVIDIA.md "NaN results": every f32 NaN result is 0x7fffffff, doc.
        nan: Some(hw.f32_nan),
    }
}

/// The NaN results of `mad.f64` under `hw`.
pub fn f64_nans(hw: &HwProfile) -> F64Nans {
    // docs/NVIDIA.md "NaN results" (f64): the first NaN in the profile's
    // operand order (b, c, a on the H200, hw), quieted; an invalid operation
    // gives 0xfff8000000000000.
    F64Nans {
        priority: hw.f64_nan_priority,
        invalid: hw.f64_invalid_nan,
    }
}

/// A [`Plan`] prepared for evaluation one register at a time, for
/// simulators and interpreters that execute one instruction per call:
/// build it once per decoded instruction ([`Plan::one`]), then
/// [`OnePlan::eval`] per execution (no allocation, no per-call decoding).
/// Same bits as [`Plan::run`] and [`Form::eval`].
///
/// ```
/// use ptxfp_isa::Form;
/// use ptxfp_model::batch::Plan;
/// use ptxfp_model::Exec;
///
/// let form = Form::parse("fma.rn.relu.bf16x2").unwrap();
/// let one = Plan::of(&form, &Exec::default()).unwrap().one();
/// // bfloat16 lanes, lane 0 in bits 0..15. Lane 0: 1 × 2 + (-3) = -1,
/// // which ReLU makes +0; lane 1: 1 × 1 + 0.5 = 1.5 (0x3fc0).
/// assert_eq!(one.eval([0x3f80_3f80, 0x3f80_4000, 0x3f00_c040]), 0x3fc0_0000);
/// ```
#[derive(Clone, Copy, Debug)]
pub enum OnePlan {
    /// A half plan; x2 evaluates the two lanes of the registers.
    Half {
        /// The per-lane operation.
        one: ptxfp_fast::HalfOne,
        /// Two lanes per register.
        x2: bool,
    },
    /// `mad.f32`, or mixed precision (`c` is the second source of the
    /// mixed add and sub).
    F32 {
        /// The operation.
        one: ptxfp_fast::F32One,
        /// A mixed add or sub: sources `a`, `c`.
        two_sources: bool,
    },
    /// `mad.f64`.
    F64(ptxfp_fast::F64One),
    /// `add`/`sub`/`mul`/`div`/`rcp`/`sqrt` on `.f32`.
    Ieee32 {
        /// The operation.
        op: IeeeOp,
        /// Rounding.
        rm: Round,
        /// The stages.
        stages: F32Stages,
    },
    /// The same on `.f64`.
    Ieee64 {
        /// The operation.
        op: IeeeOp,
        /// Rounding.
        rm: Round,
        /// The NaN rules.
        nans: F64Nans,
    },
    /// `add`/`sub`/`mul` on `.f32x2`: the `.f32` operation per lane.
    Ieee32x2 {
        /// The operation.
        op: IeeeOp,
        /// Rounding.
        rm: Round,
        /// The stages.
        stages: F32Stages,
    },
    /// `fma` on `.f32x2`: the `.f32` fma per lane.
    Fma32x2(ptxfp_fast::F32One),
}

impl Plan {
    /// The kernel path that runs this plan when `path` is asked for (and
    /// available). The AVX-512 FP16 path is the AVX-512 kernels with
    /// binary16 add, sub, mul and fma done by the CPU's binary16
    /// instructions (`Path::X86Avx512Fp16`'s documentation): a plan
    /// without binary16 arithmetic (bf16, mad.f32, mad.f64, mixed
    /// precision, whose halves are only converted) runs the AVX-512
    /// kernels. `ptxfp sweep`, `ptxfp bench` and the Python package name
    /// the path that served a form with it.
    pub fn served_by(&self, path: Path) -> Path {
        match (self, path) {
            (Plan::Half { fmt: Half::F16, .. }, p) => p,
            (_, Path::X86Avx512Fp16) => Path::X86Avx512,
            (_, p) => p,
        }
    }
}

impl Plan {
    /// The plan prepared for one register at a time.
    pub fn one(&self) -> OnePlan {
        match *self {
            Plan::Half {
                fmt,
                x2,
                op,
                stages,
            } => OnePlan::Half {
                one: ptxfp_fast::HalfOne::new(fmt, op, &stages),
                x2,
            },
            Plan::MadF32 { rm, stages } => OnePlan::F32 {
                one: ptxfp_fast::F32One::fma(rm, &stages),
                two_sources: false,
            },
            Plan::MadF64 { rm, nans } => OnePlan::F64(ptxfp_fast::F64One::new(rm, Some(nans))),
            Plan::Ieee32 { op, rm, stages } => OnePlan::Ieee32 { op, rm, stages },
            Plan::Ieee64 { op, rm, nans } => OnePlan::Ieee64 { op, rm, nans },
            Plan::F32x2 {
                op: Some(op),
                rm,
                stages,
            } => OnePlan::Ieee32x2 { op, rm, stages },
            Plan::F32x2 {
                op: None,
                rm,
                stages,
            } => OnePlan::Fma32x2(ptxfp_fast::F32One::fma(rm, &stages)),
            Plan::Mixed {
                fmt,
                op,
                rm,
                stages,
            } => OnePlan::F32 {
                one: ptxfp_fast::F32One::mixed(fmt, op.bin_op(), rm, &stages),
                two_sources: op != MixedOp::Fma,
            },
        }
    }
}

impl OnePlan {
    /// The result register for the source registers `ops`, in the order
    /// and widths of [`Plan::widths`] (bits above a source's width and
    /// entries past the form's sources are ignored).
    #[inline]
    pub fn eval(&self, ops: [u64; 3]) -> u64 {
        match *self {
            OnePlan::Half { one, x2: false } => {
                one.eval(ops[0] as u16, ops[1] as u16, ops[2] as u16) as u64
            }
            // docs/NVIDIA.md "Registers and lanes": lane 0 is bits 0..15, lane 1 bits 16..31,
            // computed independently.
            OnePlan::Half { one, x2: true } => {
                let lane = |k: u32| {
                    let h = |v: u64| (v >> k) as u16;
                    (one.eval(h(ops[0]), h(ops[1]), h(ops[2])) as u64) << k
                };
                lane(0) | lane(16)
            }
            OnePlan::F32 {
                one,
                two_sources: true,
            } => one.eval(ops[0] as u32, 0, ops[1] as u32) as u64,
            OnePlan::F32 { one, .. } => {
                one.eval(ops[0] as u32, ops[1] as u32, ops[2] as u32) as u64
            }
            OnePlan::F64(one) => one.eval(ops[0], ops[1], ops[2]),
            OnePlan::Ieee32 { op, rm, stages } => u64::from(ptxfp_fast::ieee_f32_one(
                op,
                rm,
                &stages,
                ops[0] as u32,
                ops[1] as u32,
            )),
            OnePlan::Ieee64 { op, rm, nans } => {
                ptxfp_fast::ieee_f64_one(op, rm, Some(&nans), ops[0], ops[1])
            }
            // 9.7.3.3: "fA[0] = a[0:31]; fA[1] = a[32:63]", each lane on its own.
            OnePlan::Ieee32x2 { op, rm, stages } => {
                let lane = |k: u32| {
                    let f = ptxfp_fast::ieee_f32_one;
                    u64::from(f(
                        op,
                        rm,
                        &stages,
                        (ops[0] >> k) as u32,
                        (ops[1] >> k) as u32,
                    )) << k
                };
                lane(0) | lane(32)
            }
            OnePlan::Fma32x2(one) => {
                let lane = |k: u32| {
                    let h = |v: u64| (v >> k) as u32;
                    u64::from(one.eval(h(ops[0]), h(ops[1]), h(ops[2]))) << k
                };
                lane(0) | lane(32)
            }
        }
    }
}

/// [`crate::compute`] over columns: for each element `i`,
/// `out[i] = compute(op, &[srcs[0][i], srcs[1][i], ..], false, exec).dst[0]`,
/// bit for bit, with the op's signature checked once per call instead of
/// once per element (the signature allocates, and the kernel engine
/// evaluates a warp's instruction at a time: docs/ENGINE.md "Speed").
/// Sources are given masked to their widths, as [`crate::compute`] takes
/// them. False, with nothing written, where `op` does not compute, reads or
/// writes the carry flag (whose per-element state the caller keeps), or
/// the source count or a length does not fit.
pub fn compute_columns(
    op: &ptxfp_isa::op::Op,
    srcs: &[&[u64]],
    exec: &Exec,
    out: &mut [u64],
) -> bool {
    let Some(sig) = op.signature() else {
        return false;
    };
    let n = out.len();
    if sig.carry.reads
        || sig.carry.writes
        || srcs.len() != sig.srcs.len()
        || srcs.len() > 3
        || srcs.iter().any(|s| s.len() != n)
    {
        return false;
    }
    compute_columns_checked(op, srcs, exec, out)
}

/// [`compute_columns`] for a caller that has checked `op`'s signature
/// once (no carry flag; one source column per signature source, each as
/// long as `out`): the per-call check allocates the signature, which cost
/// a run of one thread a sixth of its time (ptxfp-interp's fast path
/// checks it once per statement).
pub fn compute_columns_checked(
    op: &ptxfp_isa::op::Op,
    srcs: &[&[u64]],
    exec: &Exec,
    out: &mut [u64],
) -> bool {
    use crate::eval::{select, setp_results, testp};
    use crate::{EvalCvt, EvalInt};
    use ptxfp_isa::op::Op;
    let n = out.len();
    let k = srcs.len().min(3);
    // Element `i`'s sources, as `compute` receives them.
    let at = |i: usize| {
        let mut v = [0u64; 3];
        for (v, s) in v.iter_mut().zip(srcs) {
            *v = s[i];
        }
        v
    };
    // The arms are `compute`'s, one per op kind, hoisted out of the loop.
    match op {
        Op::Form(f) => (0..n).for_each(|i| out[i] = f.eval(&at(i)[..k], exec)),
        Op::Int(o) => {
            // The plain wrapping ops: a tight loop per op (eval/int.rs).
            if !crate::eval::int_columns(o, srcs, out) {
                (0..n).for_each(|i| out[i] = o.compute(&at(i)[..k], false, &exec.hw).0)
            }
        }
        Op::Cvt(c) => {
            // The bulk conversions: a tight loop each (eval/cvt.rs).
            if !crate::eval::cvt_columns(c, srcs, exec, out) {
                (0..n).for_each(|i| out[i] = c.eval_in(&at(i)[..k], exec))
            }
        }
        Op::Alt(a) => (0..n).for_each(|i| out[i] = a.eval_on(&at(i)[..k], &exec.hw)),
        Op::Mixed(m) => (0..n).for_each(|i| out[i] = m.eval_in(&at(i)[..k], exec)),
        Op::Setp(c) => {
            let c = &crate::eval::setp_in(c, exec.code_target);
            // The common comparisons: a tight loop each (eval/setp.rs).
            if crate::eval::setp_columns(c, srcs, out) {
                return true;
            }
            (0..n).for_each(|i| {
                let v = at(i);
                let c3 = (k > 2).then_some(v[2] & 1 == 1);
                out[i] = setp_results(c, v[0], v[1], c3)[0];
            })
        }
        Op::SetSimd(s) => (0..n).for_each(|i| {
            let v = at(i);
            out[i] = crate::eval::set_simd(s, v[0], v[1]);
        }),
        Op::Select(c) => {
            let c = &crate::eval::select_in(c, exec.code_target);
            (0..n).for_each(|i| {
                let v = at(i);
                out[i] = select(c, v[0], v[1], v[2]);
            })
        }
        Op::Testp(t) => (0..n).for_each(|i| out[i] = u64::from(testp(t, at(i)[0], &exec.hw))),
        _ => return false,
    }
    true
}

/// The 16-bit lanes of 32-bit registers, lane 0 of each first (the
/// registers' little-endian memory order).
#[cfg(target_endian = "little")]
fn lanes(s: &[u32]) -> &[u16] {
    bytemuck::cast_slice(s)
}

/// [`lanes`], mutable.
#[cfg(target_endian = "little")]
fn lanes_mut(s: &mut [u32]) -> &mut [u16] {
    bytemuck::cast_slice_mut(s)
}

/// The 32-bit lanes of `.f32x2` registers, in order (lane 0 of register 0
/// first), on a little-endian host.
#[cfg(target_endian = "little")]
fn lanes64(s: &[u64]) -> &[u32] {
    bytemuck::cast_slice(s)
}

/// [`lanes64`], mutable.
#[cfg(target_endian = "little")]
fn lanes64_mut(s: &mut [u64]) -> &mut [u32] {
    bytemuck::cast_slice_mut(s)
}

/// Register width in bits of an instruction type.
fn width(t: PtxType) -> u32 {
    match t {
        PtxType::F16 | PtxType::BF16 => 16,
        PtxType::F64 | PtxType::F32x2 => 64,
        _ => 32,
    }
}

/// Source and destination register widths of a form.
pub fn widths(form: &Form) -> (Vec<u32>, u32) {
    (
        form.source_types().into_iter().map(width).collect(),
        width(form.dest_type()),
    )
}

/// Evaluates `form` over slices: `out[i] = form.eval([srcs[0][i], ...], exec)`,
/// bit for bit, on the path [`Path::detect`] picks, on all of rayon's
/// threads. Sources in operand order (`a, b[, c]`; mixed `add`/`sub`:
/// `a, c`), each in its register width (`.f16`/`.bf16`: 16 bits;
/// `.f16x2`/`.bf16x2`/`.f32`: 32; `.f64`: 64).
///
/// # Errors
/// If the number of sources, a width or a length does not fit the form.
pub fn eval(form: &Form, exec: &Exec, srcs: &[Slice], out: SliceMut) -> Result<(), BatchError> {
    eval_on(Path::detect(), form, exec, srcs, out)
}

/// Operand columns given as one `u64` register per element, narrowed once to
/// each operand's width ([`widths`]) so that they can be handed to [`eval`]:
/// for callers that keep registers as `u64` (simulators, tests, benches).
#[derive(Clone, Debug, Default)]
pub struct Columns {
    cols: Vec<Col>,
}

#[derive(Clone, Debug)]
enum Col {
    B16(Vec<u16>),
    B32(Vec<u32>),
    B64(Vec<u64>),
}

impl Columns {
    /// Narrows `cols[k]` to `widths[k]` bits (16, 32 or 64; the low bits are kept).
    pub fn new(widths: &[u32], cols: &[Vec<u64>]) -> Columns {
        let cols = widths
            .iter()
            .zip(cols)
            .map(|(&w, c)| match w {
                16 => Col::B16(c.iter().map(|&x| x as u16).collect()),
                32 => Col::B32(c.iter().map(|&x| x as u32).collect()),
                _ => Col::B64(c.clone()),
            })
            .collect();
        Columns { cols }
    }

    /// The columns as batch sources.
    pub fn slices(&self) -> Vec<Slice<'_>> {
        self.cols
            .iter()
            .map(|c| match c {
                Col::B16(v) => Slice::B16(v),
                Col::B32(v) => Slice::B32(v),
                Col::B64(v) => Slice::B64(v),
            })
            .collect()
    }
}

/// Runs `run` into a fresh output of `n` elements of `width` bits (16, 32 or
/// 64) and returns the results as `u64`s.
///
/// # Errors
/// Whatever `run` returns.
pub fn collect_u64(
    width: u32,
    n: usize,
    run: impl FnOnce(SliceMut) -> Result<(), BatchError>,
) -> Result<Vec<u64>, BatchError> {
    Ok(match width {
        16 => {
            let mut o = vec![0u16; n];
            run(SliceMut::B16(&mut o))?;
            o.into_iter().map(u64::from).collect()
        }
        32 => {
            let mut o = vec![0u32; n];
            run(SliceMut::B32(&mut o))?;
            o.into_iter().map(u64::from).collect()
        }
        _ => {
            let mut o = vec![0u64; n];
            run(SliceMut::B64(&mut o))?;
            o
        }
    })
}

/// [`eval`] over `u64` registers: `out[i] = form.eval([srcs[0][i], ...], exec)`.
///
/// # Errors
/// As [`eval`].
pub fn eval_u64(form: &Form, exec: &Exec, srcs: &[Vec<u64>]) -> Result<Vec<u64>, BatchError> {
    let (ws, wd) = widths(form);
    if srcs.len() != ws.len() {
        return Err(BatchError::Arity {
            expected: ws.len(),
            got: srcs.len(),
        });
    }
    let cols = Columns::new(&ws, srcs);
    let n = srcs.first().map_or(0, Vec::len);
    collect_u64(wd, n, |out| eval(form, exec, &cols.slices(), out))
}

/// [`eval`] on an explicit kernel path (tests run every available one).
///
/// # Errors
/// As [`eval`].
pub fn eval_on(
    path: Path,
    form: &Form,
    exec: &Exec,
    srcs: &[Slice],
    mut out: SliceMut,
) -> Result<(), BatchError> {
    if let Some(plan) = Plan::of(form, exec) {
        return plan.run(path, srcs, out);
    }
    // The scalar semantics, element by element, split across cores.
    let (ws, wd) = widths(form);
    check(srcs, &out, &ws, wd)?;
    macro_rules! each {
        ($o:expr) => {
            $o.par_iter_mut().enumerate().for_each(|(i, d)| {
                let mut x = [0u64; 3];
                for (k, s) in srcs.iter().enumerate() {
                    x[k] = get(*s, i);
                }
                *d = form.eval(&x[..srcs.len()], exec) as _;
            })
        };
    }
    match &mut out {
        SliceMut::B16(o) => each!(o),
        SliceMut::B32(o) => each!(o),
        SliceMut::B64(o) => each!(o),
    }
    Ok(())
}

/// Value `i` of a slice, widened.
fn get(s: Slice<'_>, i: usize) -> u64 {
    match s {
        Slice::B16(x) => x[i] as u64,
        Slice::B32(x) => x[i] as u64,
        Slice::B64(x) => x[i],
    }
}

/// Checks sources and destination against the register widths.
fn check(srcs: &[Slice], out: &SliceMut, ws: &[u32], wd: u32) -> Result<(), BatchError> {
    if srcs.len() != ws.len() {
        return Err(BatchError::Arity {
            expected: ws.len(),
            got: srcs.len(),
        });
    }
    for (i, (s, &w)) in srcs.iter().zip(ws).enumerate() {
        if s.bits() != w {
            return Err(BatchError::Width {
                operand: i,
                expected: w,
                got: s.bits(),
            });
        }
        if s.len() != out.len() {
            return Err(BatchError::Length {
                operand: i,
                expected: out.len(),
                got: s.len(),
            });
        }
    }
    if out.bits() != wd {
        return Err(BatchError::Width {
            operand: srcs.len(),
            expected: wd,
            got: out.bits(),
        });
    }
    Ok(())
}

/// A batch that does not fit its form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BatchError {
    /// Wrong number of source slices.
    #[error("the form takes {expected} source operands, {got} were given")]
    Arity {
        /// The form's operand count.
        expected: usize,
        /// Given.
        got: usize,
    },
    /// A slice of the wrong register width.
    #[error("operand {operand} must be {expected}-bit registers, got {got}-bit")]
    Width {
        /// Operand index (the destination is last).
        operand: usize,
        /// Required width.
        expected: u32,
        /// Given width.
        got: u32,
    },
    /// A source slice whose length differs from the destination's.
    #[error("operand {operand} has {got} values, the destination {expected}")]
    Length {
        /// Operand index.
        operand: usize,
        /// Destination length.
        expected: usize,
        /// Given length.
        got: usize,
    },
    /// The instruction is not a form of the table: it has no column kernel.
    #[error("`{0}` is not a form of the instruction table: it has no column kernel")]
    NotAForm(String),
}

fn sub(s: Slice<'_>, lo: usize, hi: usize) -> Slice<'_> {
    match s {
        Slice::B16(x) => Slice::B16(&x[lo..hi]),
        Slice::B32(x) => Slice::B32(&x[lo..hi]),
        Slice::B64(x) => Slice::B64(&x[lo..hi]),
    }
}

impl<'a> From<&'a mut [u16]> for SliceMut<'a> {
    fn from(s: &'a mut [u16]) -> Self {
        SliceMut::B16(s)
    }
}
impl<'a> From<&'a mut [u32]> for SliceMut<'a> {
    fn from(s: &'a mut [u32]) -> Self {
        SliceMut::B32(s)
    }
}
impl<'a> From<&'a mut [u64]> for SliceMut<'a> {
    fn from(s: &'a mut [u64]) -> Self {
        SliceMut::B64(s)
    }
}

fn as16(s: Slice<'_>) -> &[u16] {
    match s {
        Slice::B16(x) => x,
        _ => unreachable!("widths were checked against the plan"),
    }
}
fn as32(s: Slice<'_>) -> &[u32] {
    match s {
        Slice::B32(x) => x,
        _ => unreachable!("widths were checked against the plan"),
    }
}
fn as64(s: Slice<'_>) -> &[u64] {
    match s {
        Slice::B64(x) => x,
        _ => unreachable!("widths were checked against the plan"),
    }
}

#[cfg(test)]
mod tests {
    fn is_nan64(x: u64) -> bool {
        x & 0x7fff_ffff_ffff_ffff > 0x7ff0_0000_0000_0000
    }

    use super::*;

    /// The plan of form text for the default Exec (`None`: not a form, or no plan).
    fn plan_of(text: &str) -> Option<Plan> {
        Plan::of(&Form::parse(text).ok()?, &Exec::default())
    }

    #[test]
    fn plans_of_forms() {
        assert_eq!(
            plan_of("fma.rn.oob.relu.bf16x2"),
            Some(Plan::Half {
                fmt: Half::Bf16,
                x2: true,
                op: None,
                stages: half_stages(&HwProfile::NVIDIA, false, Clamp::Relu, true),
            })
        );
        // Without a rounding modifier, sm_20 code's `mad.f32` is
        // `mad.rn.f32`.
        assert_eq!(
            plan_of("mad.sat.f32"),
            Some(Plan::MadF32 {
                rm: Round::NearestEven,
                stages: f32_stages(&HwProfile::NVIDIA, false, true),
            })
        );
        assert_eq!(
            plan_of("mad.rz.ftz.sat.f32"),
            Some(Plan::MadF32 {
                rm: Round::TowardZero,
                stages: f32_stages(&HwProfile::NVIDIA, true, true),
            })
        );
        assert_eq!(
            plan_of("sub.rm.sat.f32.bf16"),
            Some(Plan::Mixed {
                fmt: Half::Bf16,
                op: MixedOp::Sub,
                rm: Round::TowardNegative,
                stages: f32_stages(&HwProfile::NVIDIA, false, true),
            })
        );
        assert_eq!(plan_of("add.rn.f16.what"), None);
        // Text that is not a form has no plan, even when its words are known.
        for t in [
            "mad.rn.relu.f32",
            "mad.rn.oob.f32",
            "fma.sat.f32.f16",
            "fma.f16",
            "fma.rn.ftz.bf16",
            "add.rn.sat.bf16",
            "add.rn.oob.f16",
            "mul.rn.relu.f16",
            "add.rz.rn.f16",
            "add.rn.rn.rn.f16",
            "add.bf16.rn",
            "mul.rn.f32.f16",
        ] {
            assert_eq!(plan_of(t), None, "{t}");
        }
        for f in Form::all() {
            assert_eq!(
                plan_of(&f.to_string()),
                Plan::of(&f, &Exec::default()),
                "{f}"
            );
        }
    }

    #[test]
    fn eval_u64_counts_its_columns() {
        let f = Form::parse("add.rn.f16").unwrap();
        let exec = Exec::default();
        let col = || vec![0x3c00u64];
        assert_eq!(eval_u64(&f, &exec, &[col(), col()]), Ok(vec![0x4000]));
        assert_eq!(
            eval_u64(&f, &exec, &[col(), col(), col()]),
            Err(BatchError::Arity {
                expected: 2,
                got: 3
            })
        );
        assert_eq!(
            eval_u64(&f, &exec, &[col()]),
            Err(BatchError::Arity {
                expected: 2,
                got: 1
            })
        );
    }

    #[test]
    fn errors_not_panics() {
        let p = plan_of("add.rn.f16").unwrap();
        let mut o = [0u16; 2];
        assert!(matches!(
            p.run(
                Path::Portable,
                &[Slice::B16(&[1, 2])],
                SliceMut::B16(&mut o)
            ),
            Err(BatchError::Arity { .. })
        ));
        assert!(matches!(
            p.run(
                Path::Portable,
                &[Slice::B16(&[1, 2]), Slice::B16(&[1])],
                SliceMut::B16(&mut o)
            ),
            Err(BatchError::Length { .. })
        ));
        let mut o32 = [0u32; 2];
        assert!(matches!(
            p.run(
                Path::Portable,
                &[Slice::B16(&[1, 2]), Slice::B16(&[1, 2])],
                SliceMut::B32(&mut o32)
            ),
            Err(BatchError::Width { .. })
        ));
    }

    /// Scalar reference for one element of a plan, written directly from
    /// docs/NVIDIA.md with the exact core (the oracle until Form::eval exists).
    fn reference(plan: &Plan, ops: &[u64]) -> u64 {
        use ptxfp_float::{self as core, BF16, F16, F32, F64};
        let rn = Round::NearestEven;
        match *plan {
            Plan::Half {
                fmt,
                x2,
                op,
                stages,
                ..
            } => {
                let (ftz, clamp, oob) = (stages.ftz, stages.clamp, stages.oob.is_some());
                let lanes = if x2 { 2 } else { 1 };
                let mut r = 0u64;
                for l in 0..lanes {
                    let v: Vec<u64> = ops.iter().map(|x| (x >> (16 * l)) & 0xffff).collect();
                    let (exp, one) = if fmt == Half::F16 {
                        (0x7c00, 0x3c00)
                    } else {
                        (0x7f80, 0x3f80)
                    };
                    let fl = |x: u64| if ftz && x & exp == 0 { x & 0x8000 } else { x };
                    let f: Vec<u64> = v.iter().map(|&x| fl(x)).collect();
                    let tiny = ftz
                        && stages.tiny_after_rounding
                        && match fmt {
                            Half::F16 => scaled_tiny::<F16>(op, f[0], f[1], *f.last().unwrap(), rn),
                            Half::Bf16 => {
                                scaled_tiny::<BF16>(op, f[0], f[1], *f.last().unwrap(), rn)
                            }
                        };
                    let mut x = match (fmt, op) {
                        (Half::F16, Some(BinOp::Add)) => core::add::<F16>(f[0], f[1], rn),
                        (Half::F16, Some(BinOp::Sub)) => core::sub::<F16>(f[0], f[1], rn),
                        (Half::F16, Some(BinOp::Mul)) => core::mul::<F16>(f[0], f[1], rn),
                        (Half::F16, None) => core::fma::<F16>(f[0], f[1], f[2], rn),
                        (Half::Bf16, Some(BinOp::Add)) => core::add::<BF16>(f[0], f[1], rn),
                        (Half::Bf16, Some(BinOp::Sub)) => core::sub::<BF16>(f[0], f[1], rn),
                        (Half::Bf16, Some(BinOp::Mul)) => core::mul::<BF16>(f[0], f[1], rn),
                        (Half::Bf16, None) => core::fma::<BF16>(f[0], f[1], f[2], rn),
                    }
                    .bits;
                    x = if tiny { x & 0x8000 } else { fl(x) };
                    let nan = x & 0x7fff > exp;
                    x = match clamp {
                        Clamp::Sat if nan || x & 0x8000 != 0 => 0,
                        Clamp::Sat if x > one => one,
                        Clamp::Relu if nan => 0x7fff,
                        Clamp::Relu if x & 0x8000 != 0 => 0,
                        _ if nan => 0x7fff,
                        _ => x,
                    };
                    if oob && (v[0] & 0x7fff == 0x7ff7 || v[1] & 0x7fff == 0x7ff7) {
                        x = 0;
                    }
                    r |= x << (16 * l);
                }
                r
            }
            Plan::MadF32 { rm, stages } => {
                let (ftz, sat) = (stages.ftz, stages.sat);
                let fl = |x: u64| {
                    if ftz && x & 0x7f80_0000 == 0 {
                        x & 0x8000_0000
                    } else {
                        x
                    }
                };
                let (a, b, c) = (fl(ops[0]), fl(ops[1]), fl(ops[2]));
                let x = fl(core::fma::<F32>(a, b, c, rm).bits);
                let tiny =
                    ftz && stages.tiny_after_rounding && scaled_tiny::<F32>(None, a, b, c, rm);
                sat32(if tiny { x & 0x8000_0000 } else { x }, sat)
            }
            Plan::Ieee32 { op, rm, stages } => {
                let fl = |x: u64| {
                    if stages.ftz && x & 0x7f80_0000 == 0 {
                        x & 0x8000_0000
                    } else {
                        x
                    }
                };
                let (a, b) = (fl(ops[0]), fl(ops.get(1).copied().unwrap_or(0)));
                let x = fl(ieee_core::<F32>(op, rm, a, b, 0x3f80_0000));
                // Products and quotients scale through one operand; sums,
                // exact when tiny, need no check.
                let tiny = stages.ftz
                    && stages.tiny_after_rounding
                    && match op {
                        IeeeOp::Mul => scaled_tiny::<F32>(Some(BinOp::Mul), a, b, 0, rm),
                        IeeeOp::Div => {
                            let two = (127 + 1) << 23;
                            let r =
                                ieee_core::<F32>(op, rm, core::mul::<F32>(a, two, rm).bits, b, 0);
                            r & 0x7fff_ffff < 0x0100_0000 && a & 0x7f80_0000 < 0x7f00_0000
                        }
                        IeeeOp::Rcp => {
                            let r = core::div::<F32>(0x4000_0000, a, rm).bits;
                            r & 0x7fff_ffff < 0x0100_0000
                        }
                        _ => false,
                    };
                sat32(if tiny { x & 0x8000_0000 } else { x }, stages.sat)
            }
            Plan::Ieee64 { op, rm, nans } => {
                let b = ops.get(1).copied().unwrap_or(0);
                let x = ieee_core::<F64>(op, rm, ops[0], b, 0x3ff0_0000_0000_0000);
                let first = nans
                    .priority
                    .iter()
                    .map(|&i| i as usize)
                    .filter(|&i| i < op.arity())
                    .map(|i| ops[i])
                    .find(|&o| is_nan64(o));
                if !is_nan64(x) {
                    x
                } else if let Some(n) = first {
                    n | 0x0008_0000_0000_0000
                } else {
                    0xfff8_0000_0000_0000
                }
            }
            // Each lane as the `.f32` plan.
            Plan::F32x2 { op, rm, stages } => {
                let lane_plan = match op {
                    Some(op) => Plan::Ieee32 { op, rm, stages },
                    None => Plan::MadF32 { rm, stages },
                };
                let lane = |k: u32| {
                    let v: Vec<u64> = ops.iter().map(|x| x >> k & 0xffff_ffff).collect();
                    reference(&lane_plan, &v) << k
                };
                lane(0) | lane(32)
            }
            Plan::MadF64 { rm, nans } => {
                let x = core::fma::<F64>(ops[0], ops[1], ops[2], rm).bits;
                let first = nans
                    .priority
                    .iter()
                    .map(|&i| ops[i as usize])
                    .find(|&o| is_nan64(o));
                if !is_nan64(x) {
                    x
                } else if let Some(n) = first {
                    n | 0x0008_0000_0000_0000
                } else {
                    0xfff8_0000_0000_0000
                }
            }
            Plan::Mixed {
                fmt,
                op,
                rm,
                stages,
                ..
            } => {
                let sat = stages.sat;
                let w = |h: u64| match fmt {
                    Half::F16 => core::convert::<F16, F32>(h, rn).bits,
                    Half::Bf16 => core::convert::<BF16, F32>(h, rn).bits,
                };
                let x = match op {
                    MixedOp::Sub => core::sub::<F32>(w(ops[0]), ops[1], rm),
                    MixedOp::Add => core::add::<F32>(w(ops[0]), ops[1], rm),
                    MixedOp::Fma => core::fma::<F32>(w(ops[0]), w(ops[1]), ops[2], rm),
                }
                .bits;
                sat32(x, sat)
            }
        }
    }

    /// IEEE 754 tininess after rounding of `op` (`None`: fma) in `rm`, by
    /// scaling: the smaller factor (and the addend) doubled, which makes a
    /// value in [2^emin / 2, 2^emin) normal, where rounding is rounding with
    /// an unbounded exponent; compared with twice the smallest normal. Only
    /// products: a tiny sum is exact.
    fn scaled_tiny<F: ptxfp_float::Format>(
        op: Option<BinOp>,
        x: u64,
        y: u64,
        z: u64,
        rm: Round,
    ) -> bool {
        use ptxfp_float as core;
        if matches!(op, Some(BinOp::Add | BinOp::Sub)) {
            return false;
        }
        let s = |v: u64| core::mul::<F>(v, (F::BIAS as u64 + 1) << F::FRAC_BITS, rm).bits;
        let mag = |v: u64| v & (F::SIGN - 1);
        let (p, q) = if mag(x) <= mag(y) {
            (s(x), y)
        } else {
            (x, s(y))
        };
        let r = match op {
            Some(_) => core::mul::<F>(p, q, rm),
            None => core::fma::<F>(p, q, s(z), rm),
        }
        .bits;
        mag(r) < 2 << F::FRAC_BITS
    }

    /// 9.7.3's add/sub/mul/div/rcp/sqrt on the exact core.
    fn ieee_core<F: ptxfp_float::Format>(op: IeeeOp, rm: Round, a: u64, b: u64, one: u64) -> u64 {
        use ptxfp_float as core;
        (match op {
            IeeeOp::Add => core::add::<F>(a, b, rm),
            IeeeOp::Sub => core::sub::<F>(a, b, rm),
            IeeeOp::Mul => core::mul::<F>(a, b, rm),
            IeeeOp::Div => core::div::<F>(a, b, rm),
            IeeeOp::Rcp => core::div::<F>(one, a, rm),
            IeeeOp::Sqrt => core::sqrt::<F>(a, rm),
        })
        .bits
    }

    fn sat32(x: u64, sat: bool) -> u64 {
        let nan = x & 0x7fff_ffff > 0x7f80_0000;
        if sat && (nan || x >> 31 != 0) {
            0
        } else if sat && x > 0x3f80_0000 {
            0x3f80_0000
        } else if nan {
            0x7fff_ffff
        } else {
            x
        }
    }

    /// Edge-heavy values of a register width.
    fn values(bits: u32, n: usize, seed: u64) -> Vec<u64> {
        let mut s = seed;
        let mut next = move || {
            s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let edge16 = [
            0u64, 0x8000, 1, 0x8001, 0x3ff, 0x400, 0x7bff, 0x7c00, 0xfc00, 0x7e00, 0x7ff7, 0xfff7,
            0x3c00, 0xbc00, 0x7f80, 0x3f80, 0x7f7f, 0x7f, 0x80,
        ];
        (0..n)
            .map(|_| {
                let r = next();
                let lane = |r: u64| {
                    if r.is_multiple_of(3) {
                        edge16[(r >> 8) as usize % edge16.len()]
                    } else {
                        (r >> 16) & 0xffff
                    }
                };
                match bits {
                    16 => lane(r),
                    32 if r % 5 == 0 => lane(r >> 2) | lane(r >> 20) << 16,
                    32 => match r % 4 {
                        0 => r & 0x807f_ffff,
                        1 => 0x3f80_0000 ^ (r >> 40),
                        _ => r >> 32,
                    },
                    _ => match r % 4 {
                        0 => r & 0x800f_ffff_ffff_ffff,
                        1 => 0x7ff0_0000_0000_0000 | (r & 0xf),
                        _ => r,
                    },
                }
            })
            .collect()
    }

    #[test]
    fn plans_match_the_scalar_reference() {
        let forms = [
            "add.rn.ftz.sat.f16",
            "sub.f16x2",
            "mul.rn.ftz.f16x2",
            "add.rn.bf16",
            "mul.rn.bf16x2",
            "fma.rn.ftz.sat.f16",
            "fma.rn.ftz.relu.f16x2",
            "fma.rn.relu.bf16",
            "fma.rn.oob.relu.bf16x2",
            "fma.rn.oob.f16",
            "mad.rn.ftz.sat.f32",
            "mad.rz.f32",
            "mad.rm.ftz.f32",
            "mad.rp.sat.f32",
            "mad.rn.f64",
            "mad.rz.f64",
            "mad.rp.f64",
            "add.rz.sat.f32.f16",
            "sub.rm.f32.bf16",
            "fma.rp.f32.f16",
            "fma.rn.sat.f32.bf16",
        ];
        let n = 3 * TASK + 77;
        for f in forms {
            let plan = plan_of(f).unwrap();
            let (ws, wd) = plan.widths();
            let src: Vec<Vec<u64>> = ws
                .iter()
                .enumerate()
                .map(|(i, &w)| values(w, n, i as u64 * 77 + f.len() as u64))
                .collect();
            let want: Vec<u64> = (0..n)
                .map(|i| {
                    reference(
                        &plan,
                        &[src[0][i], src[1][i], src.get(2).map_or(0, |c| c[i])][..ws.len()],
                    )
                })
                .collect();
            let cols = Columns::new(&ws, &src);
            for path in Path::all_available() {
                let got = collect_u64(wd, n, |out| plan.run(path, &cols.slices(), out)).unwrap();
                for i in 0..n {
                    assert_eq!(
                        got[i],
                        want[i],
                        "{f} {path:?} #{i} ops {:x?}",
                        src.iter().map(|s| s[i]).collect::<Vec<_>>()
                    );
                }
            }
        }
    }

    fn all_forms_against_form_eval(exec: &Exec, forms: &[Form], n: usize) {
        for form in forms {
            let (ws, wd) = widths(form);
            let name = form.to_string();
            let src: Vec<Vec<u64>> = ws
                .iter()
                .enumerate()
                .map(|(i, &w)| {
                    values(
                        w,
                        n,
                        i as u64 * 1000 + name.len() as u64 * 7 + name.as_bytes()[1] as u64,
                    )
                })
                .collect();
            let want: Vec<u64> = (0..n)
                .map(|i| {
                    let x: Vec<u64> = src.iter().map(|s| s[i]).collect();
                    form.eval(&x, exec)
                })
                .collect();
            if let Some(plan) = Plan::of(form, exec) {
                let one = plan.one();
                for i in 0..n {
                    let mut x = [0u64; 3];
                    for (k, s) in src.iter().enumerate() {
                        x[k] = s[i];
                    }
                    assert_eq!(one.eval(x), want[i], "{name} one #{i} ops {x:x?}");
                }
            }
            let cols = Columns::new(&ws, &src);
            for path in Path::all_available() {
                let got = collect_u64(wd, n, |out| eval_on(path, form, exec, &cols.slices(), out))
                    .unwrap();
                for i in 0..n {
                    assert_eq!(
                        got[i],
                        want[i],
                        "{name} {path:?} #{i} ops {:x?}",
                        src.iter().map(|s| s[i]).collect::<Vec<_>>()
                    );
                }
            }
        }
    }

    #[test]
    fn batch_equals_form_eval_for_every_form() {
        let forms = Form::all();
        assert!(forms.len() >= 160);
        let fast = forms
            .iter()
            .filter(|f| Plan::of(f, &Exec::default()).is_some())
            .count();
        // min, max, abs/neg/copysign and the .approx forms have no fast
        // kernel yet; 9.7.3's add/sub/mul/div/rcp/sqrt on .f32/.f64 and the
        // .f32x2 forms (the .f32 kernels per lane) do.
        let minmax = forms
            .iter()
            .filter(|f| {
                let ieee = matches!(
                    f.op(),
                    Opcode::Add
                        | Opcode::Sub
                        | Opcode::Mul
                        | Opcode::Div
                        | Opcode::Rcp
                        | Opcode::Sqrt
                ) && matches!(f.ty(), FormType::F32 | FormType::F64)
                    && !f.is_approx();
                !ieee
                    && !matches!(
                        f.op(),
                        Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Fma | Opcode::Mad
                    )
            })
            .count();
        assert!(
            fast >= forms.len() - minmax - 4,
            "{fast} of {} forms have a plan",
            forms.len()
        );
        all_forms_against_form_eval(&Exec::default(), &forms, TASK + 1000);
    }

    #[test]
    fn fallbacks_equal_form_eval() {
        use ptxfp_isa::target::Target;
        // sm_1x mad.f32 semantics, and a non-default hardware profile.
        let mad: Vec<Form> = Form::all()
            .into_iter()
            .filter(|f| f.ty() == FormType::F32)
            .collect();
        let sm1x = Exec::on(Target::sm(10));
        assert_eq!(Plan::of(&Form::parse("mad.f32").unwrap(), &sm1x), None);
        all_forms_against_form_eval(&sm1x, &mad, 5000);
        // sm_1x code on an sm_20 device: `mad.f32` is fma.rn.ftz.f32, on
        // the batch path.
        let mut jit = sm1x;
        jit.device = Target::sm(20);
        assert!(Plan::of(&Form::parse("mad.f32").unwrap(), &jit).is_some());
        all_forms_against_form_eval(&jit, &mad, 5000);
        // A profile the stages cannot express (-0.0 kept under .sat) has no
        // plan; Form::eval serves it.
        let mut exec = Exec::default();
        exec.hw.sat_clears_neg_zero = false;
        assert_eq!(Plan::of(&Form::all()[0], &exec), None);
        all_forms_against_form_eval(&exec, &Form::all()[..10], 3000);
    }

    /// The stages are built from the profile: another NaN pattern, another
    /// OOB-NaN, another f64 NaN priority and invalid NaN run on the batch
    /// path, and give Form::eval's bits for every form that has a plan.
    #[test]
    fn plans_serve_another_profile() {
        let mut exec = Exec::default();
        exec.hw.half_nan = 0x7e00;
        exec.hw.f32_nan = 0x7fc0_0000;
        exec.hw.f64_invalid_nan = 0x7ff8_0000_0000_0000;
        exec.hw.f64_nan_priority = [2, 1, 0];
        exec.hw.oob_mask = 0xffff;
        exec.hw.oob_value = 0x7ff7;
        let forms: Vec<Form> = Form::all()
            .into_iter()
            .filter(|f| Plan::of(f, &exec).is_some())
            .collect();
        assert!(forms.len() >= 160, "{} forms have a plan", forms.len());
        all_forms_against_form_eval(&exec, &forms, TASK + 1000);
    }
}
