//! Every NVIDIA-specific choice the spec leaves open, in ONE table, and
//! [`Exec`]: what a computation models (code target, device, profile).
//!
//! Each entry cites docs/NVIDIA.md with its status (doc / hw / open). Entries
//! marked `NOTE(hw)` are not yet confirmed on a current GPU: a measurement
//! changes one line here (see docs/NVIDIA.md "Probes to run on a GPU").

use ptxfp_isa::target::Target;

/// When `.ftz` flushes a tiny result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FtzTiming {
    /// A result is flushed when it is subnormal after rounding (a result that
    /// rounds up to the smallest normal is kept).
    AfterRounding,
    /// A result is flushed when the exact value is below the smallest normal.
    BeforeRounding,
}

/// The hardware's choices, as data (SoftFloat's list of platform decisions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HwProfile {
    /// The NaN every `.f16`/`.bf16` result NaN becomes.
    pub half_nan: u16,
    /// The NaN every `.f32` result NaN becomes (also mixed precision).
    pub f32_nan: u32,
    /// The `.f64` NaN of an invalid operation with no NaN input.
    pub f64_invalid_nan: u64,
    /// Which `.f64` NaN input wins: operand indices in priority order (the
    /// winner is returned with its quiet bit set).
    pub f64_nan_priority: [u8; 3],
    /// When `.ftz` flushes results.
    pub ftz_timing: FtzTiming,
    /// Whether `.sat` turns a `-0.0` result into `+0.0`.
    pub sat_clears_neg_zero: bool,
    /// Whether `.relu` turns a `-0.0` result into `+0.0`.
    pub relu_clears_neg_zero: bool,
    /// OOB-NaN test: a 16-bit value `x` is the OOB-NaN when
    /// `x & oob_mask == oob_value`.
    pub oob_mask: u16,
    /// See [`HwProfile::oob_mask`].
    pub oob_value: u16,
    /// The NaN every `.e4m3`/`.e5m2` result NaN becomes (`cvt` to
    /// `.e4m3x2`/`.e5m2x2`, per 8-bit lane).
    pub f8_nan: u8,
    /// The `.b32` a `cvt` to `.tf32` writes for a NaN result.
    pub tf32_nan: u32,
    /// Whether `abs`/`neg` on `.f32`, `.f16` and `.bf16` turn a NaN input
    /// into the canonical NaN (`f32_nan`/`half_nan`) rather than changing
    /// its sign bit only. (`.f64`: passed through unchanged, doc.)
    pub sign_ops_canonical_nan: bool,
    /// What integer `div` by zero gives (PTX: "an unspecified,
    /// machine-specific value").
    pub div_by_zero: ByZero,
    /// What integer `rem` by zero gives.
    pub rem_by_zero: ByZero,
    /// What signed `div`/`rem` of the most negative value by -1 give (the
    /// quotient does not fit).
    pub div_overflow: DivOverflow,
}

/// The result of an integer `div` or `rem` by zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ByZero {
    /// Every bit of the destination set (`-1` for the signed types).
    AllOnes,
    /// The dividend, unchanged.
    Dividend,
    /// Zero.
    Zero,
}

/// The results of signed `div`/`rem` of the most negative value by -1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DivOverflow {
    /// The quotient wraps to the most negative value (two's complement of
    /// the true quotient); the remainder is 0.
    Wrap,
    /// The quotient saturates to the most positive value; the remainder is 0.
    Saturate,
}

impl HwProfile {
    /// What ptxfp models for NVIDIA GPUs (docs/NVIDIA.md).
    pub const NVIDIA: HwProfile = HwProfile {
        // NOTE(hw): docs/NVIDIA.md "NaN results": f16/bf16 -> 0x7fff, status **open**
        // (indirect evidence: NVIDIA's f32->f16/bf16 conversion canonicalizes to
        // 0x7fff; .relu documented to give "canonical NaN"). Probe 1.
        half_nan: 0x7fff,
        // docs/NVIDIA.md "NaN results": f32 -> 0x7fffffff, status **doc** (CUDA
        // Programming Guide; CUDART_NAN_F).
        f32_nan: 0x7fff_ffff,
        // docs/NVIDIA.md "NaN results": invalid -> 0xfff8000000000000 (CUDART_NAN), doc.
        f64_invalid_nan: 0xfff8_0000_0000_0000,
        // NOTE(hw): docs/NVIDIA.md "NaN results": first NaN among a, b, c, quieted;
        // operand priority **open**. Probe 2.
        f64_nan_priority: [0, 1, 2],
        // NOTE(hw): docs/NVIDIA.md ".ftz": subnormal AFTER rounding, **open** (only
        // hardware evidence: envytools, G80 f32). Probe 3.
        ftz_timing: FtzTiming::AfterRounding,
        // NOTE(hw): docs/NVIDIA.md ".sat": -0.0 -> +0.0, **open** (hw on G80;
        // "[+0.0, 1.0]" in libdevice's __nv_saturatef). Probe 4.
        sat_clears_neg_zero: true,
        // NOTE(hw): docs/NVIDIA.md ".relu": sign set -> +0.0, so -0.0 -> +0.0, **open**. Probe 4.
        relu_clears_neg_zero: true,
        // NOTE(hw): docs/NVIDIA.md ".oob": low 15 bits 0x7ff7, either sign, f16 and
        // bf16 alike, **open** (claimed measured by one unpublished source). Probe 5.
        oob_mask: 0x7fff,
        oob_value: 0x7ff7,
        // NOTE(hw): docs/NVIDIA.md "cvt: integers, integral values, tf32 and
        // fp8": 0x7f for both formats (E4M3's S.1111.111; for E5M2 the
        // all-ones payload), as CUDA's cuda_fp8.hpp software conversion
        // gives; awaiting GPU data.
        f8_nan: 0x7f,
        // NOTE(hw): docs/NVIDIA.md "cvt: integers, integral values, tf32 and
        // fp8": the f32 NaN with the 13 bits tf32 does not have cleared;
        // awaiting GPU data.
        tf32_nan: 0x7fff_e000,
        // NOTE(hw): docs/NVIDIA.md "abs, neg and copysign": the spec says
        // "NaN inputs yield an unspecified NaN"; ptxas lowers them to an FADD
        // with operand modifiers, whose NaN result is canonical. **open**
        // (awaiting GPU data). Probe 7.
        sign_ops_canonical_nan: true,
        // NOTE(hw): docs/NVIDIA.md "Integer division by zero": all ones for
        // div and rem, **open** (reported second-hand on Stack Overflow,
        // question 12960005; not measured). Awaiting GPU data. Probe 7.
        div_by_zero: ByZero::AllOnes,
        rem_by_zero: ByZero::AllOnes,
        // NOTE(hw): docs/NVIDIA.md "Integer division by zero": MIN / -1 wraps
        // to MIN, MIN % -1 is 0, **open**. Awaiting GPU data. Probe 7.
        div_overflow: DivOverflow::Wrap,
    };

    /// True if the 16-bit lane value `x` is the OOB-NaN.
    pub fn is_oob_nan(&self, x: u64) -> bool {
        (x as u16) & self.oob_mask == self.oob_value
    }
}

impl Default for HwProfile {
    fn default() -> HwProfile {
        HwProfile::NVIDIA
    }
}

/// What is being modelled: the code's `.target` and the device that runs it
/// (`mad.f32` without rounding has sm_1x semantics when the code targets
/// sm_1x AND the device is sm_1x; on sm_20+ devices it is `fma.rn.ftz.f32`),
/// plus the hardware profile of NVIDIA-specific choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exec {
    /// The `.target` the code was written for.
    pub code_target: Target,
    /// The device that runs it.
    pub device: Target,
    /// NaN patterns, flush timing and the other choices the spec leaves open.
    pub hw: HwProfile,
}

impl Default for Exec {
    /// [`Target::DEFAULT`] (sm_100) code on an sm_100 device,
    /// [`HwProfile::NVIDIA`]: what every `ptxfp` command models when it is
    /// given no target.
    fn default() -> Exec {
        Exec::on(Target::DEFAULT)
    }
}

impl Exec {
    /// The same target for code and device, NVIDIA's profile.
    pub fn on(target: Target) -> Exec {
        Exec {
            code_target: target,
            device: target,
            hw: HwProfile::NVIDIA,
        }
    }
}
