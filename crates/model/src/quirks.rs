//! Every NVIDIA-specific choice the spec leaves open, in ONE table, and
//! [`Exec`]: what a computation models (code target, device, profile).
//!
//! Each entry cites docs/NVIDIA.md with its status (doc / hw / open). Entries
//! marked `NOTE(hw)` are not yet confirmed on a current GPU: a measurement
//! changes one line here (see docs/NVIDIA.md "Probes to run on a GPU").
//! Entries marked **hw** were measured on an H200 (sm_90, driver 580.159.04,
//! 2026-11-25; the `cvt` entries in a second session, driver 13.0); the
//! records are under testdata/hw/nvidia-h200/.

use ptxfp_isa::target::{PtxVersion, Target};

/// When `.ftz` flushes a tiny result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FtzTiming {
    /// A result is flushed when it is subnormal after rounding (a result that
    /// rounds up to the smallest normal is kept).
    AfterRounding,
    /// A result is flushed when the exact value is below the smallest normal.
    BeforeRounding,
    /// A result is flushed when, rounded to the format's precision as
    /// though the exponent range were unbounded, it is below the smallest
    /// normal: IEEE 754 §7.5 tininess "after rounding". It differs from
    /// [`FtzTiming::AfterRounding`] where a value rounds up to the smallest
    /// normal in the format but not with the format's full precision
    /// (`mul.ftz.f16 0x3bff 0x0400` = 2^-14 (1 - 2^-11) is flushed), and from
    /// [`FtzTiming::BeforeRounding`] where it rounds up to it with that
    /// precision too (`mul.ftz.f16 0x3bfe 0x0401` = 2^-14 (1 - 2^-20) gives
    /// 2^-14).
    IeeeAfterRounding,
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
    /// The same for `div.f64`, which the GPU computes with a sequence of
    /// instructions of its own rather than one unit.
    pub f64_div_nan_priority: [u8; 3],
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
    /// `.e4m3x2`/`.e5m2x2`, per 8-bit lane; the alternate floating-point
    /// instructions' lanes).
    pub f8_nan: u8,
    /// The `.b32` a `cvt.{rn,rz}{.relu}.tf32.f32` writes for a NaN result
    /// (`.rna`: [`HwProfile::tf32_rna_nan_truncated`]).
    pub tf32_nan: u32,
    /// Whether `cvt.rna{.satfinite}.tf32.f32` of a NaN writes the source
    /// with its 13 low bits cleared (sign and payload kept, not quieted; a
    /// payload held only in those bits leaves ±∞), rather than `tf32_nan`.
    pub tf32_rna_nan_truncated: bool,
    /// Whether `cvt.rna.satfinite.tf32.f32` subtracts one tf32 ulp
    /// (`0x2000`) from every result whose exponent field is all ones (±∞
    /// becomes ±MAX_NORM, as the ISA says, and a NaN's payload drops by
    /// one), rather than replacing ±∞ alone by ±MAX_NORM.
    pub tf32_rna_satfinite_steps_down: bool,
    /// Whether `cvt.f32.f32` and `cvt.f64.f64` without `.ftz` and `.sat` are
    /// a move: the source unchanged, a NaN's payload and signalling bit
    /// included (rather than `f32_nan` / the quieted `.f64` NaN).
    pub cvt_same_type_moves: bool,
    /// Whether `cvt.f32.bf16` without `.ftz` and `.sat` writes the source
    /// as the upper half of the `.f32` (a NaN unchanged, not quieted),
    /// rather than `f32_nan` for a NaN.
    pub cvt_f32_bf16_moves: bool,
    /// Whether `cvt` with `.ftz` reads a NaN `.f32` source as `f32_nan`
    /// (`cvt.ftz.f64.f32` of any NaN: `f32_nan` widened), rather than
    /// converting the NaN itself.
    pub cvt_ftz_f32_nan_canonical: bool,
    /// Whether a NaN `.f64` source converted to `.f32`, `.f16` or `.bf16`
    /// keeps its sign and the leading bits of its payload, quiet bit set
    /// (IEEE 754 §6.2.3), rather than becoming `f32_nan`/`half_nan`.
    pub cvt_f64_narrowing_keeps_nan: bool,
    /// Whether `.ftz` flushes a subnormal `.f32` source of
    /// `cvt.frnd.ftz{.sat}.f16.f32` (the only `.f32` of those forms).
    pub cvt_f16_ftz_flushes_source: bool,
    /// Whether `abs`/`neg` on `.f32`, `.f16` and `.bf16` turn a NaN input
    /// into the canonical NaN (`f32_nan`/`half_nan`) rather than changing
    /// its sign bit only.
    pub sign_ops_canonical_nan: bool,
    /// Whether `abs`/`neg` on `.f64` return a NaN input with its quiet bit
    /// set (sign and payload kept), rather than unchanged.
    pub f64_sign_ops_quiet: bool,
    /// What integer `div` by zero gives (PTX: "an unspecified,
    /// machine-specific value").
    pub div_by_zero: ByZero,
    /// What integer `rem` by zero gives.
    pub rem_by_zero: ByZero,
    /// What signed `div`/`rem` of the most negative value by -1 give (the
    /// quotient does not fit).
    pub div_overflow: DivOverflow,
    /// Whether `testp.normal` is true for ±0 as well as for the normal
    /// numbers.
    pub testp_zero_is_normal: bool,
    /// What `fns.b32` gives for the offset -2^31, whose magnitude does not
    /// fit an `.s32`.
    pub fns_min_offset: u32,
    /// Whether `bfe` and `bfi` on 64-bit types take the position and
    /// length as whole 32-bit values rather than their low bytes
    /// (`pos = b & 0xff; len = c & 0xff` in both pseudo-codes).
    pub bitfield64_whole_operands: bool,
    /// Whether `CC.CF` after `sub.cc`/`subc.cc` holds the carry of
    /// `a + ~b + cin` (1 when nothing was borrowed), and `subc` reads it so
    /// (`d = a + ~b + CC.CF`), rather than the borrow of 9.7.2.3/9.7.2.4's
    /// "d = a - (b + CC.CF)".
    pub sub_carry_not_borrow: bool,
    /// The most negative result of a conversion to `.s2f6` (as an 8-bit
    /// two's complement integer, the value times 2^6): `-128` (-2.0, the
    /// ISA's "Negative max representation") or `-127` (-1.984375, the
    /// "sign-preserved MAX_NORM" of `.satfinite`).
    pub s2f6_min: i8,
    /// Whether `cvt{.scaled::n2::ue8m0}.bf16x2` from the fp8/fp6/fp4 pairs
    /// (PTX ISA 9.2) rounds a product below 2^-126 into `.bf16`'s
    /// subnormals (`.rn`, once, the exact product) rather than flushing it
    /// to a zero of its sign.
    pub cvt_scaled_bf16_subnormals: bool,
    /// Whether a surface access (`suld.b`, `sust.b`, `sured.b`) whose
    /// address is not a multiple of its size faults, rather than going on
    /// with the low address bits masked off: the ISA allows both.
    pub surface_misaligned_faults: bool,
    /// Whether `tex` reads the alpha channel a texture's format lacks as 1
    /// (1.0 for `.f32`), rather than 0; the other absent channels read 0.
    pub tex_absent_alpha_one: bool,
    /// Whether `ex2.approx` and `tanh.approx` on `.f16`/`.bf16` lanes give
    /// a GPU's measured result for each source value (crate::measured)
    /// rather than the correctly rounded value of the exact function.
    pub half_approx_measured: bool,
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
        // docs/NVIDIA.md "NaN results": f16/bf16 -> 0x7fff, **hw** (H200: probe
        // nan, 1,260 NaN cases of add/sub/mul/fma.rn.{f16,bf16}, all 0x7fff).
        half_nan: 0x7fff,
        // docs/NVIDIA.md "NaN results": f32 -> 0x7fffffff, status **doc** (CUDA
        // Programming Guide; CUDART_NAN_F).
        f32_nan: 0x7fff_ffff,
        // docs/NVIDIA.md "NaN results": invalid -> 0xfff8000000000000 (CUDART_NAN), doc.
        f64_invalid_nan: 0xfff8_0000_0000_0000,
        // docs/NVIDIA.md "NaN results": the first NaN in the order b, c, a,
        // quieted, **hw** (H200, driver 580.159.04: probe nan-f64, and 10^6
        // edge-weighted tuples of every add/sub/mul/fma/mad/min/max .f64
        // form; testdata/hw/nvidia-h200/).
        f64_nan_priority: [1, 2, 0],
        // docs/NVIDIA.md "NaN results": div.rnd.f64 gives the first NaN of a, b,
        // quieted, **hw** (H200: 10^6 tuples of each div.{rn,rz,rm,rp}.f64, all
        // equal to a-first, against 3,639 two-NaN differences for add.f64).
        f64_div_nan_priority: [0, 1, 2],
        // docs/NVIDIA.md ".ftz": IEEE 754 tininess after rounding (the result
        // rounded with an unbounded exponent is below the smallest normal),
        // **hw** (H200: probe ftz; 10^6 tuples of every mul/fma/mad/div/rcp
        // .ftz form on f16, f16x2 and f32; testdata/hw/nvidia-h200/).
        ftz_timing: FtzTiming::IeeeAfterRounding,
        // docs/NVIDIA.md ".sat": -0.0 -> +0.0, **hw** (H200: probe sat-relu).
        sat_clears_neg_zero: true,
        // docs/NVIDIA.md ".relu": sign set -> +0.0, so -0.0 -> +0.0, **hw** (H200:
        // probe sat-relu).
        relu_clears_neg_zero: true,
        // docs/NVIDIA.md ".oob": low 15 bits 0x7ff7, either sign, f16 and bf16
        // alike, **hw** (H200: probe oob, all 65,536 values in each of a, b, c
        // of fma.rn.oob{.relu}.{f16,bf16}, 786,432 cases).
        oob_mask: 0x7fff,
        oob_value: 0x7ff7,
        // NOTE(hw): docs/NVIDIA.md "cvt: integers, integral values, tf32 and
        // fp8": 0x7f for both formats (E4M3's S.1111.111; for E5M2 the
        // all-ones payload), as CUDA's cuda_fp8.hpp software conversion
        // gives; awaiting GPU data.
        f8_nan: 0x7f,
        // docs/NVIDIA.md "cvt: NaNs, moves and .ftz": the f32 NaN with the 13
        // bits tf32 does not have cleared, **hw** (H200, driver 13.0: every
        // NaN of 10^6 operands, records testdata/hw/nvidia-h200/
        // cvt.{rn,rz}{.relu}.tf32.f32.check.json).
        tf32_nan: 0x7fff_e000,
        // docs/NVIDIA.md "cvt: NaNs, moves and .ftz": **hw** (H200, driver
        // 13.0, record testdata/hw/nvidia-h200/cvt.rna.tf32.f32.check.json:
        // 0x7fa7af0c -> 0x7fa7a000, 0xffc00001 -> 0xffc00000; the digest
        // re-derives, 0x7f800001 -> 0x7f800000 included).
        tf32_rna_nan_truncated: true,
        // docs/NVIDIA.md "cvt: NaNs, moves and .ftz": **hw** (H200, driver
        // 13.0, record testdata/hw/nvidia-h200/
        // cvt.rna.satfinite.tf32.f32.check.json: 0x7fe00000 -> 0x7fdfe000,
        // 0x7fffffff -> 0x7fffc000; the digest re-derives).
        tf32_rna_satfinite_steps_down: true,
        // docs/NVIDIA.md "cvt: NaNs, moves and .ftz": **hw** (H200, driver
        // 13.0, records testdata/hw/nvidia-h200/cvt.f32.f32.check.json and
        // cvt.f64.f64.check.json: 0x7fa7af0c -> 0x7fa7af0c,
        // 0x7ff4000000000000 -> 0x7ff4000000000000).
        cvt_same_type_moves: true,
        // docs/NVIDIA.md "cvt: NaNs, moves and .ftz": **hw** (H200, driver
        // 13.0, record testdata/hw/nvidia-h200/cvt.f32.bf16.check.json:
        // 0x7fa0 -> 0x7fa00000, 0x7fff -> 0x7fff0000).
        cvt_f32_bf16_moves: true,
        // docs/NVIDIA.md "cvt: NaNs, moves and .ftz": **hw** (H200, driver
        // 13.0, record testdata/hw/nvidia-h200/cvt.ftz.f64.f32.check.json:
        // every NaN -> 0x7fffffffe0000000).
        cvt_ftz_f32_nan_canonical: true,
        // docs/NVIDIA.md "cvt: NaNs, moves and .ftz": **hw** (H200, driver
        // 13.0, records testdata/hw/nvidia-h200/cvt.{rn,rz,rm,rp}{.ftz}
        // .f32.f64, cvt.{rn,rz,rm,rp}.{f16,bf16}.f64: 0x7ff4000000000000 ->
        // 0x7fe00000, f16 0x7f00).
        cvt_f64_narrowing_keeps_nan: true,
        // docs/NVIDIA.md "cvt: NaNs, moves and .ftz": **hw** (H200, driver
        // 13.0, records testdata/hw/nvidia-h200/cvt.rm.ftz.f16.f32,
        // cvt.rp.ftz{.sat}.f16.f32: 0x80000001 -> 0x8001 under .rm).
        cvt_f16_ftz_flushes_source: false,
        // NOTE(hw): docs/NVIDIA.md "The f32/f64 family": the spec says
        // "NaN inputs yield an unspecified NaN"; ptxas lowers them to an FADD
        // with operand modifiers, whose NaN result is canonical. **open**
        // (awaiting GPU data). Probe 7.
        sign_ops_canonical_nan: true,
        // docs/NVIDIA.md "The f32/f64 family": abs.f64 and neg.f64 of a NaN
        // return it quieted, sign and payload unchanged, **hw** (H200: 10^6
        // tuples; every signalling NaN came back with its quiet bit set,
        // against the CUDA guide's "passed through unchanged").
        f64_sign_ops_quiet: true,
        // docs/NVIDIA.md "Integer division by zero": all ones for div and
        // rem, **hw** (H200, driver 13.0: 10^6 edge-weighted pairs of each
        // div/rem .u16/.u32/.u64/.s16/.s32/.s64, about 64,000 zero
        // divisors each; testdata/hw/nvidia-h200/div.*, rem.*).
        div_by_zero: ByZero::AllOnes,
        rem_by_zero: ByZero::AllOnes,
        // docs/NVIDIA.md "Integer division by zero": MIN / -1 wraps to MIN,
        // MIN % -1 is 0, **hw** (the same records: about 4,100 MIN / -1
        // pairs in each signed form).
        div_overflow: DivOverflow::Wrap,
        // docs/NVIDIA.md "testp.normal": ±0 is normal, **hw** (H200, driver
        // 13.0: testp.normal.{f32,f64}, 10^6 operands each, every other
        // class as the spec says; testdata/hw/nvidia-h200/testp.*).
        testp_zero_is_normal: true,
        // docs/NVIDIA.md "fns with offset -2^31": 0, **hw** (H200, driver
        // 13.0: fns.b32, 10^6 triples of which 65,109 have that offset;
        // testdata/hw/nvidia-h200/fns.b32.check.json).
        fns_min_offset: 0,
        // docs/NVIDIA.md "bfe and bfi on 64-bit types": whole 32-bit
        // position and length, **hw** (H200, driver 13.0, 10^6 tuples each:
        // bfe.u64, 209,518 of them differing from `& 0xff`; bfe.s64; and
        // bfi.b64, 242,568 differing; testdata/hw/nvidia-h200/
        // bfe.u64.check.json, bfe.s64.check.json, bfi.b64.check.json).
        bitfield64_whole_operands: true,
        // docs/NVIDIA.md "The carry flag after a subtraction": the carry,
        // not the borrow, **hw** (H200, driver 13.0: sub.cc and subc{.cc}
        // .u32/.s32/.u64/.s64, 10^6 tuples each with the carry in set by
        // add.cc; every borrow-reading result differs, every carry-reading
        // one agrees; testdata/hw/nvidia-h200/sub.cc.*.check.json, subc.*).
        sub_carry_not_borrow: true,
        // docs/NVIDIA.md "cvt: s2f6x2": -128, the two's complement range's
        // end; **open** (NOTE(hw): sm_100a or later, awaiting GPU data).
        s2f6_min: -128,
        // docs/NVIDIA.md "cvt: scaled bf16x2 from fp8/fp6/fp4": rounded, as
        // `.rn` reads; **open** (NOTE(hw): sm_100f or later, awaiting GPU
        // data).
        cvt_scaled_bf16_subnormals: true,
        // docs/NVIDIA.md "Surfaces": `suld`/`sust`/`sured`: "the access may
        // proceed by silently masking off low-order address bits to achieve
        // proper rounding, or the instruction may fault"; ptxfp faults (an
        // error, or a --check-memory warning), as `ld`/`st` do; **open**
        // (NOTE(hw): awaiting GPU data).
        surface_misaligned_faults: true,
        // docs/NVIDIA.md "Textures": PTX does not say what the channels a
        // format lacks read; ptxfp reads (0, 0, 1) for G, B, A, as the
        // graphics APIs define; **open** (NOTE(hw): awaiting GPU data).
        tex_absent_alpha_one: true,
        // docs/NVIDIA.md ".approx": the GPU's bits, **hw** (H200, driver
        // 13.0: every one of the 65,536 sources of ex2.approx.f16,
        // ex2.approx.ftz.bf16, tanh.approx.f16 and tanh.approx.bf16;
        // testdata/hw/nvidia-h200/<form>.check.exhaustive.json, whose
        // tables crate::measured reads; 19,417, 3,496, 14,736 and 2,086 of
        // them differ from the correctly rounded value). Other GPUs are
        // not measured; the results stay flagged approximate.
        half_approx_measured: true,
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
    /// The module's `.version`: a few rules depend on it (`cvt` on sm_1x
    /// under PTX ISA 1.4 and earlier, 9.7.9.21's notes).
    pub ptx: PtxVersion,
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
    /// The profile the device follows: [`Exec::hw`], except that an sm_1x
    /// device flushes `.ftz` results that are subnormal after rounding
    /// into the format (docs/NVIDIA.md ".ftz": envytools' model of the G80's
    /// f32 unit; the profile's timing is what an H200 does), and flushes
    /// the `.f32` source of `cvt.ftz.f16.f32` as 9.7.9.21 says ("sm_1x:
    /// Single-precision subnormal inputs and results are flushed to
    /// sign-preserving zero", `cvt.f16.f32` named among them; the H200's
    /// `cvt_f16_ftz_flushes_source: false` is a measurement of sm_90).
    pub fn device_profile(&self) -> HwProfile {
        if self.device.is_sm1x() {
            HwProfile {
                ftz_timing: FtzTiming::AfterRounding,
                cvt_f16_ftz_flushes_source: true,
                ..self.hw
            }
        } else {
            self.hw
        }
    }

    /// The same target for code and device, the latest PTX ISA version,
    /// NVIDIA's profile.
    pub fn on(target: Target) -> Exec {
        Exec {
            code_target: target,
            device: target,
            ptx: PtxVersion::LATEST,
            hw: HwProfile::NVIDIA,
        }
    }
}
