//! The semantics of `cvt` (PTX ISA 9.7.9.21): every form of
//! `ptxfp_isa::cvt::ROWS`, composed of stages: read the source (masked to
//! its type, `.ftz` on `.f32`) → the exact value rounded once (to a float
//! format, to an integer, or to an integral value) → clamp (integer range,
//! `.satfinite`, `.relu`, `.sat`) → NVIDIA's NaN results (docs/NVIDIA.md
//! "NaN results", "cvt: NaNs, moves and .ftz" and "cvt: integers, integral
//! values, tf32 and fp8") → pack
//! lanes. `cvt.pack` (9.7.9.22) clamps and packs two integers; `.rs`
//! (stochastic rounding) and the `.ue8m0x2` scale factors have their own
//! rounding stages below.

use crate::quirks::{Exec, FtzTiming, HwProfile};
use ptxfp_float::{
    self as fp, Exact, Format, Round, Value, BF16, E2M1X, E2M3X, E3M2X, E4M3X, E5M2, E5M3X, F16,
    F32, F64, TF32,
};
use ptxfp_isa::cvt::{Cvt, CvtRound, PackTo};
use ptxfp_isa::target::PtxVersion;
use ptxfp_isa::types::PtxType;

/// Evaluation of a [`Cvt`].
pub trait EvalCvt {
    /// Converts, with [`HwProfile::NVIDIA`]'s choices. For the packed forms
    /// `srcs = [a, b]` and `a` goes in the UPPER half (docs/NVIDIA.md
    /// "Registers and lanes").
    fn eval(&self, srcs: &[u64]) -> u64 {
        self.eval_on(srcs, &HwProfile::NVIDIA)
    }
    /// Converts with `hw`'s choices (its NaN results, its `.sat`/`.relu` of
    /// `-0.0`). The result is the destination type's bits (an integer
    /// result in the low bits, two's complement; sign-extending it to a
    /// wider register is the register write's business).
    fn eval_on(&self, srcs: &[u64], hw: &HwProfile) -> u64;
    /// Converts as `exec` models: its profile, and for code that targets
    /// sm_1x 9.7.9.21's "sm_1x: Single-precision subnormal inputs and
    /// results are flushed to sign-preserving zero" (`.ftz` implied
    /// wherever an `.f32` is involved, but for PTX ISA 1.4 and earlier
    /// next to a 64-bit type: [`sm1x_flushes`]).
    fn eval_in(&self, srcs: &[u64], exec: &Exec) -> u64;
}

/// Whether sm_1x code flushes `c`'s single-precision subnormals without
/// `.ftz`. 9.7.9.21, Floating Point Notes: "sm_1x: Single-precision
/// subnormal inputs and results are flushed to sign-preserving zero";
/// "Note: In PTX ISA versions 1.4 and earlier, the cvt instruction did not
/// flush single-precision subnormal inputs or results to zero if either
/// source or destination type was .f64"; Integer Notes: "[...] did not
/// flush single-precision subnormal inputs or results to zero if the
/// destination type size was 64-bits" (`cvt.rpi.u64.f32 d, 2^-149` is 1
/// there). Found by an independent model of `cvt`, 2026-11-29.
pub fn sm1x_flushes(c: &Cvt, ptx: PtxVersion) -> bool {
    let f32_involved = c.src == PtxType::F32 || c.dst == PtxType::F32;
    let wide = c.src == PtxType::F64 || c.dst.bits() == 64;
    f32_involved && !(ptx <= PtxVersion::new(1, 4) && wide)
}

impl EvalCvt for Cvt {
    fn eval_in(&self, srcs: &[u64], exec: &Exec) -> u64 {
        if exec.code_target.is_sm1x() && sm1x_flushes(self, exec.ptx) && !self.ftz {
            Cvt { ftz: true, ..*self }.eval_on(srcs, &exec.device_profile())
        } else {
            self.eval_on(srcs, &exec.device_profile())
        }
    }

    fn eval_on(&self, srcs: &[u64], hw: &HwProfile) -> u64 {
        let r = convert(self, srcs, hw);
        if self.pzo {
            positive_zeros(self.dst, r)
        } else {
            r
        }
    }
}

/// `.pzo` (PTX ISA 9.4): "if the result of the conversion produces `-0.0`,
/// it will be forced to `+0.0`" in each lane of `r`, a result of type
/// `dst`: the f16/bf16 halves, the `.tf32` word, the 8-bit fp8 codes, the
/// 6-bit fp6 codes in their bytes and the 4-bit fp4 codes.
fn positive_zeros(dst: PtxType, r: u64) -> u64 {
    use PtxType as T;
    // (lane width, lanes, the lane's -0.0)
    let (w, n, neg_zero): (u32, u32, u64) = match dst {
        T::F16 | T::BF16 => (16, 1, 0x8000),
        T::F16x2 | T::BF16x2 => (16, 2, 0x8000),
        T::Tf32 | T::F32 => (32, 1, 0x8000_0000),
        T::E4m3x2 | T::E5m2x2 => (8, 2, 0x80),
        T::E2m3x2 | T::E3m2x2 => (8, 2, 0x20),
        T::E2m1x2 => (4, 2, 0x8),
        _ => return r,
    };
    let mask = (1u64 << w) - 1;
    (0..n).fold(r, |r, i| {
        if (r >> (w * i)) & mask == neg_zero {
            r & !(mask << (w * i))
        } else {
            r
        }
    })
}

/// The conversion itself, before `.pzo`.
fn convert(c: &Cvt, srcs: &[u64], hw: &HwProfile) -> u64 {
    use PtxType as T;
    let s = |i: usize| srcs.get(i).copied().unwrap_or(0);
    if let Some(p) = c.pack {
        return pack(p, s(0), s(1), s(2));
    }
    if c.rnd == CvtRound::Stochastic {
        return stochastic(c, srcs, hw);
    }
    match (c.dst, c.src) {
        // "When converting two `.f32` or two packed `.bf16` inputs to
        // `.ue8m0x2`, [...] the value converted from input `a` is stored
        // in the upper 8 bits of `d` and the value converted from input
        // `b` is stored in the lower 8 bits of `d`" (for `.bf16x2`: the
        // upper and lower 16 bits of `a`, as the semantics block says).
        (T::Ue8m0x2, T::F32) => to_ue8m0::<F32>(c, s(0)) << 8 | to_ue8m0::<F32>(c, s(1)),
        (T::Ue8m0x2, _) => {
            to_ue8m0::<BF16>(c, s(0) >> 16 & 0xffff) << 8 | to_ue8m0::<BF16>(c, s(0) & 0xffff)
        }
        // `.ue5m3x2` (PTX ISA 9.4): "the value converted from input `a` is
        // stored in the upper 8 bits of `d`" (from `.f16x2`/`.bf16x2`: "the
        // value converted from the upper 16 bits of input `a`"), with
        // `.scaled::n1::ue8m0`'s one scale for both.
        (T::Ue5m3x2, T::F32) => {
            let k = c.scaled_n1.then(|| s(2) & 0xff);
            to_ue5m3::<F32>(c, s(0), k) << 8 | to_ue5m3::<F32>(c, s(1), k)
        }
        (T::Ue5m3x2, half) => {
            let k = c.scaled_n1.then(|| s(1) & 0xff);
            let lane = |x: u64| match half {
                T::BF16x2 => to_ue5m3::<BF16>(c, x, k),
                _ => to_ue5m3::<F16>(c, x, k),
            };
            lane(s(0) >> 16 & 0xffff) << 8 | lane(s(0) & 0xffff)
        }
        // "When converting from `.e4m3x2`/`.e5m2x2`/`.ue5m3x2` to
        // `.f16x2`/`.bf16x2` [...] the value converted from the upper 8
        // bits of `a` is stored in the upper 16 bits of `d`".
        (T::F16x2, T::Ue5m3x2) => {
            from_ue5m3_f16(s(0) >> 8 & 0xff, hw) << 16 | from_ue5m3_f16(s(0) & 0xff, hw)
        }
        (T::BF16x2, T::Ue5m3x2) => {
            let sf = scale_factor(c, s(1));
            let lane = |x: u64, k: u64| scaled_bf16(c, ue5m3_f32(x), k, hw);
            lane(s(0) >> 8 & 0xff, sf >> 8) << 16 | lane(s(0) & 0xff, sf & 0xff)
        }
        // "Each 8-bit input value in operand `a` is converted to `.bf16`
        // type [...] the value converted from the upper 8 bits of `a` is
        // stored in the upper 16 bits of `d`".
        (T::BF16x2, T::Ue8m0x2) => {
            from_ue8m0(s(0) >> 8 & 0xff, hw) << 16 | from_ue8m0(s(0) & 0xff, hw)
        }
        // "When converting two `.f32` inputs to `.s2f6x2`, each input is
        // converted to the `.s2f6` value, and the converted values are
        // packed in the destination operand `d` such that the value
        // converted from input `a` is stored in the upper 8 bits of `d`";
        // "When converting from `.bf16x2`, each input packed in operand
        // `a` is converted [...]" (the `.bf16` in the upper 16 bits of
        // `a` to the upper 8 bits of `d`: docs/NVIDIA.md "cvt: s2f6x2").
        (T::S2f6x2, T::F32) => {
            let sf = scale_factor(c, s(2));
            to_s2f6::<F32>(c, s(0), sf >> 8, hw) << 8 | to_s2f6::<F32>(c, s(1), sf & 0xff, hw)
        }
        (T::S2f6x2, _) => {
            let sf = scale_factor(c, s(1));
            let hi = to_s2f6::<BF16>(c, s(0) >> 16 & 0xffff, sf >> 8, hw);
            hi << 8 | to_s2f6::<BF16>(c, s(0) & 0xffff, sf & 0xff, hw)
        }
        // "When converting from `.s2f6x2` to `.bf16x2` [...] the value
        // converted from the upper 8 bits of `a` is stored in the upper
        // 16 bits of `d`"; "d[31:16] = convert(a[15:8]) * scale-factor[15:8]".
        (T::BF16x2, T::S2f6x2) => {
            let sf = scale_factor(c, s(1));
            let hi = from_s2f6(c, s(0) >> 8 & 0xff, sf >> 8, hw);
            hi << 16 | from_s2f6(c, s(0) & 0xff, sf & 0xff, hw)
        }
        // PTX ISA 9.2, the fp8/fp6/fp4 pairs up to `.bf16x2`: as to
        // `.f16x2`, "the value converted from the upper 8 bits of `a` is
        // stored in the upper 16 bits of `d`" (the upper 4 bits for
        // `.e2m1x2`), each lane with its own byte of `scale-factor`, as
        // "d[31:16] = convert(a[15:8]) * scale-factor[15:8]" of the
        // `.s2f6x2` line.
        (T::BF16x2, src) if narrow(src).is_some() => {
            let w = if src == T::E2m1x2 { 4 } else { 8 };
            let m = (1 << w) - 1;
            let sf = scale_factor(c, s(1));
            let hi = from_narrow_scaled(c, s(0) >> w & m, sf >> 8, hw);
            hi << 16 | from_narrow_scaled(c, s(0) & m, sf & 0xff, hw)
        }
        // 9.7.9.21: "two inputs `a` and `b` of `.f32` type are converted
        // into `.f16` or `.bf16` type and the converted values are packed
        // in the destination register `d`, such that the value converted
        // from input `a` is stored in the upper half of `d`".
        (T::F16x2, T::F32) => float::<F32, F16>(c, s(0), hw) << 16 | float::<F32, F16>(c, s(1), hw),
        (T::BF16x2, T::F32) => {
            float::<F32, BF16>(c, s(0), hw) << 16 | float::<F32, BF16>(c, s(1), hw)
        }
        // "the value converted from input `a` is stored in the upper 8
        // bits of `d` and the value converted from input `b` is stored
        // in the lower 8 bits of `d`" (`.e2m1x2`: 4 bits each; `.e2m3x2`,
        // `.e3m2x2`: "with 2 MSB bits padded with zeros").
        (d, T::F32) if narrow(d).is_some() => {
            let w = if d == T::E2m1x2 { 4 } else { 8 };
            // `.scaled::n1::ue8m0`: "d[15:8] = convert(a / scale-factor[7:0])".
            if c.scaled_n1 {
                let k = s(2) & 0xff;
                return to_narrow_scaled::<F32>(c, s(0), k, hw) << w
                    | to_narrow_scaled::<F32>(c, s(1), k, hw);
            }
            to_narrow::<F32>(c, s(0), hw) << w | to_narrow::<F32>(c, s(1), hw)
        }
        // "the value converted from the upper 16 bits of input `a` is
        // stored in the upper 8 bits of `d`" (4 bits for `.e2m1x2`).
        (d, half) if narrow(d).is_some() => {
            let w = if d == T::E2m1x2 { 4 } else { 8 };
            let k = s(1) & 0xff;
            let lane = |x: u64| match (half, c.scaled_n1) {
                (T::BF16x2, false) => to_narrow::<BF16>(c, x, hw),
                (_, false) => to_narrow::<F16>(c, x, hw),
                (T::BF16x2, true) => to_narrow_scaled::<BF16>(c, x, k, hw),
                (_, true) => to_narrow_scaled::<F16>(c, x, k, hw),
            };
            lane(s(0) >> 16 & 0xffff) << w | lane(s(0) & 0xffff)
        }
        // "the value converted from the upper 8 bits of `a` is stored in
        // the upper 16 bits of `d`" (the upper 4 bits for `.e2m1x2`).
        (T::F16x2, src) => {
            let w = if src == T::E2m1x2 { 4 } else { 8 };
            let m = (1 << w) - 1;
            from_narrow(c, s(0) >> w & m, hw) << 16 | from_narrow(c, s(0) & m, hw)
        }
        (T::Tf32, _) => tf32(c, s(0), hw),
        (d, s0) if d.is_int() && s0.is_int() => int_to_int(c, s(0)),
        (d, _) if d.is_int() => match c.src {
            T::F16 => float_to_int::<F16>(c, s(0), hw),
            T::BF16 => float_to_int::<BF16>(c, s(0), hw),
            T::F32 => float_to_int::<F32>(c, s(0), hw),
            _ => float_to_int::<F64>(c, s(0), hw),
        },
        (_, s0) if s0.is_int() => match c.dst {
            T::F16 => int_to_float::<F16>(c, s(0), hw),
            T::BF16 => int_to_float::<BF16>(c, s(0), hw),
            T::F32 => int_to_float::<F32>(c, s(0), hw),
            _ => int_to_float::<F64>(c, s(0), hw),
        },
        _ => match c.src {
            T::F16 => from::<F16>(c, s(0), hw),
            T::BF16 => from::<BF16>(c, s(0), hw),
            T::F32 => from::<F32>(c, s(0), hw),
            _ => from::<F64>(c, s(0), hw),
        },
    }
}

fn from<S: Format>(c: &Cvt, a: u64, hw: &HwProfile) -> u64 {
    match c.dst {
        PtxType::F16 => float::<S, F16>(c, a, hw),
        PtxType::BF16 => float::<S, BF16>(c, a, hw),
        PtxType::F32 => float::<S, F32>(c, a, hw),
        _ => float::<S, F64>(c, a, hw),
    }
}

/// The source, masked to its format; 9.7.9.21 "Modifier `.ftz` may be
/// specified to flush single-precision subnormal inputs and results to
/// sign-preserving zero" (`.f32` only: "applies only to single precision
/// (`.f32`) inputs and results"). NOTE(hw): the `.ftz` read of a NaN is
/// `hw.cvt_ftz_f32_nan_canonical`, and `cvt.frnd.ftz.f16.f32` flushes its
/// source only if `hw.cvt_f16_ftz_flushes_source` (docs/NVIDIA.md "cvt:
/// NaNs, moves and .ftz").
fn input<S: Format>(c: &Cvt, a: u64, hw: &HwProfile) -> u64 {
    let a = a & S::ALL;
    if !c.ftz || S::BITS != 32 {
        return a;
    }
    if fp::is_nan::<S>(a) && hw.cvt_ftz_f32_nan_canonical {
        return u64::from(hw.f32_nan);
    }
    let flushes = c.dst != PtxType::F16 || hw.cvt_f16_ftz_flushes_source;
    if flushes && fp::is_subnormal::<S>(a) {
        a & S::SIGN
    } else {
        a
    }
}

/// The conversions the GPU performs as a register move, NaNs unchanged
/// (NOTE(hw): docs/NVIDIA.md "cvt: NaNs, moves and .ftz"): `cvt.f32.f32`
/// and `cvt.f64.f64` (`hw.cvt_same_type_moves`), and `cvt.f32.bf16`, whose
/// `.bf16` source is the upper half of the `.f32` ("For `cvt.f32.bf16`,
/// `NaN` input yields unspecified `NaN`"; `hw.cvt_f32_bf16_moves`), each
/// without `.ftz` and `.sat`. Every other value converts exactly to the
/// same bits.
fn moved(c: &Cvt, a: u64, hw: &HwProfile) -> Option<u64> {
    use PtxType as T;
    if c.ftz || c.sat || c.rnd != CvtRound::None {
        return None;
    }
    match (c.dst, c.src) {
        (T::F32, T::F32) | (T::F64, T::F64) if hw.cvt_same_type_moves => Some(a & c.dst.mask()),
        (T::F32, T::BF16) if hw.cvt_f32_bf16_moves => Some((a & BF16::ALL) << 16),
        _ => None,
    }
}

/// Float to float: the exact value rounded once, or, with an integer
/// rounding, rounded to an integral value in the same format ("A
/// floating-point value may be rounded to an integral value using the
/// integer rounding modifiers [...] The result is an integral value,
/// stored in floating-point format").
fn float<S: Format, D: Format>(c: &Cvt, a: u64, hw: &HwProfile) -> u64 {
    if let Some(r) = moved(c, a, hw) {
        return r;
    }
    let a = input::<S>(c, a, hw);
    let r = match c.rnd {
        CvtRound::Int(rm) => match fp::decode::<S>(a) {
            Value::Finite(x) => integral::<D>(x, rm),
            _ => fp::convert::<S, D>(a, Round::NearestEven).bits,
        },
        CvtRound::Float(rm) => {
            let r = fp::convert::<S, D>(a, rm).bits;
            // `.ftz` on a rounded `.f32` result (`cvt.rnd.ftz.f32.f64`): the
            // profile's timing, as for the arithmetic (docs/NVIDIA.md ".ftz";
            // not measured for cvt). finish() flushes what is subnormal after
            // rounding; the other timings can also flush a result of exactly
            // the smallest normal.
            if c.ftz && D::BITS == 32 && r & !D::SIGN == D::MIN_NORMAL && tiny::<S, D>(a, rm, hw) {
                r & D::SIGN
            } else {
                r
            }
        }
        // An exact conversion: no rounding happens.
        _ => fp::convert::<S, D>(a, Round::NearestEven).bits,
    };
    // NOTE(hw): a NaN `.f64` source narrowed keeps its sign and payload's
    // leading bits, quieted (fp::convert's NaN), when
    // `hw.cvt_f64_narrowing_keeps_nan` (docs/NVIDIA.md "cvt: NaNs, moves
    // and .ftz"); `.sat` still gives +0.0 (".sat: [...] NaN results are
    // flushed to positive zero").
    let narrowed = S::BITS == 64 && D::BITS < 64;
    if narrowed && hw.cvt_f64_narrowing_keeps_nan && !c.sat && fp::is_nan::<D>(r) {
        return r;
    }
    finish::<D>(c, r, hw)
}

/// Whether `a` converted to `D` in `rm` is tiny under `hw.ftz_timing`
/// (for a result that rounded to `D`'s smallest normal).
fn tiny<S: Format, D: Format>(a: u64, rm: Round, hw: &HwProfile) -> bool {
    let min = |r: u64| r & !D::SIGN < D::MIN_NORMAL;
    match hw.ftz_timing {
        FtzTiming::AfterRounding => false,
        FtzTiming::BeforeRounding => min(fp::convert::<S, D>(a, Round::TowardZero).bits),
        FtzTiming::IeeeAfterRounding => {
            type W<D> = fp::Wide<D>;
            let r = fp::convert::<S, W<D>>(a, rm).bits;
            let m = fp::convert::<D, W<D>>(D::MIN_NORMAL, Round::NearestEven).bits;
            r & !W::<D>::SIGN < m
        }
    }
}

/// The integral value of `x` in the rounding direction `rm`, in format `F`
/// (exact: an integer no larger in magnitude than a value of `F`, or the
/// next power of two, is a value of `F`).
fn integral<F: Format>(x: Exact, rm: Round) -> u64 {
    if x.exp >= 0 {
        // Already an integer (its last significand bit weighs 2^exp ≥ 1).
        return fp::round::<F>(x.neg, x.exp, x.sig, rm).bits;
    }
    let n = round_to_integer(x, rm);
    fp::round::<F>(x.neg, 0, n, rm).bits
}

/// |x| rounded to an integer in direction `rm` (`x`'s sign decides the
/// directed roundings); 2^127 for every |x| from 2^127 on (a saturating
/// bound for the integer conversions, which clamp far below it).
fn round_to_integer(x: Exact, rm: Round) -> u128 {
    const HUGE: u128 = 1 << 127;
    if x.sig == 0 {
        return 0;
    }
    if x.exp >= 0 {
        return if x.exp as u32 >= x.sig.leading_zeros() {
            HUGE
        } else {
            x.sig << x.exp
        };
    }
    let sh = x.exp.unsigned_abs();
    let (m, half, sticky) = if sh > 127 {
        (0, false, true)
    } else {
        let m = x.sig >> sh;
        let half = x.sig >> (sh - 1) & 1 == 1;
        let sticky = x.sig & ((1u128 << (sh - 1)) - 1) != 0;
        (m, half, sticky)
    };
    let up = match rm {
        // ".rni: round to nearest integer, choosing even integer if source
        // is equidistant between two integers"
        Round::NearestEven => half && (sticky || m & 1 == 1),
        // ".rzi: round to nearest integer in the direction of zero"
        Round::TowardZero => false,
        // ".rmi: ... in direction of negative infinity"
        Round::TowardNegative => x.neg && (half || sticky),
        // ".rpi: ... in direction of positive infinity"
        Round::TowardPositive => !x.neg && (half || sticky),
    };
    m + u128::from(up)
}

/// The clamps and NaN results of a float result `r` of format `D`.
fn finish<D: Format>(c: &Cvt, mut r: u64, hw: &HwProfile) -> u64 {
    if fp::is_nan::<D>(r) {
        // ".sat: [...] NaN results are flushed to positive zero."
        if c.sat {
            return 0;
        }
        // NOTE(hw): docs/NVIDIA.md "NaN results": every f16/bf16 NaN result is
        // hw.half_nan, every f32 one hw.f32_nan; f64 keeps the payload
        // (quieted). The exceptions (moves, a narrowed .f64 NaN) are
        // docs/NVIDIA.md "cvt: NaNs, moves and .ftz", decided before this.
        // ".relu: [...] NaN results are converted to canonical NaN" agrees.
        return match D::BITS {
            16 => u64::from(hw.half_nan),
            32 => u64::from(hw.f32_nan),
            _ => r,
        };
    }
    if c.ftz && D::BITS == 32 && fp::is_subnormal::<D>(r) {
        r &= D::SIGN;
    }
    // ".satfinite: [...] If the absolute value of input (ignoring sign) is
    // greater than MAX_NORM of the specified destination format, then the
    // result is sign-preserved MAX_NORM".
    if c.satfinite && r & !D::SIGN == D::INF {
        r = (r & D::SIGN) | D::MAX;
    }
    if c.relu {
        r = relu(r, D::SIGN, hw);
    }
    // ".sat: limits the result to the range [0.0, 1.0]". NOTE(hw): -0.0 →
    // +0.0 (docs/NVIDIA.md ".sat").
    if c.sat {
        let one = fp::convert::<F32, D>(0x3f80_0000, Round::NearestEven).bits;
        if fp::is_negative::<D>(r) && (r != D::SIGN || hw.sat_clears_neg_zero) {
            r = 0;
        } else if r > one && !fp::is_negative::<D>(r) {
            r = one;
        }
    }
    r
}

/// 9.7.9.21 ".relu: clamps the result to 0 if negative", for a result
/// `r` whose sign bit is `sign`. NOTE(hw): `-0.0` → `+0.0` as
/// `hw.relu_clears_neg_zero` says (docs/NVIDIA.md ".relu").
fn relu(r: u64, sign: u64, hw: &HwProfile) -> u64 {
    if r & sign != 0 && (r != sign || hw.relu_clears_neg_zero) {
        0
    } else {
        r
    }
}

/// The value of integer type `t` held in the low bits of `a`.
fn int_value(t: PtxType, a: u64) -> i128 {
    let w = t.bits();
    let a = a & t.mask();
    if t.is_signed() && a >> (w - 1) & 1 == 1 {
        i128::from(a) - (1i128 << w)
    } else {
        i128::from(a)
    }
}

/// `v` as the bits of integer type `t` (two's complement, low bits).
fn int_bits(t: PtxType, v: i128) -> u64 {
    (v as u64) & t.mask()
}

/// Integer to integer: the source's value (sign-extended when signed),
/// then ".sat limits the result to MININT..MAXINT for the size of the
/// operation"; without `.sat`, the low bits of the destination's width.
fn int_to_int(c: &Cvt, a: u64) -> u64 {
    let v = int_value(c.src, a);
    let v = if c.sat {
        let (lo, hi) = c.dst.int_range();
        v.clamp(lo, hi)
    } else {
        v
    };
    int_bits(c.dst, v)
}

/// Float to integer: rounded with the integer rounding, clamped.
fn float_to_int<S: Format>(c: &Cvt, a: u64, hw: &HwProfile) -> u64 {
    let a = input::<S>(c, a, hw);
    let (lo, hi) = c.dst.int_range();
    let v = match fp::decode::<S>(a) {
        // "In float-to-integer conversions, depending upon conversion types,
        // NaN input results in following value: 1. Zero if source is not
        // .f64 and destination is not .s64, .u64. 2. Otherwise
        // 1 << (BitWidth(dst) - 1) corresponding to the value of
        // (MAXINT >> 1) + 1 for unsigned type or MININT for signed type."
        Value::Nan => {
            return if S::BITS == 64 || c.dst.bits() == 64 {
                1 << (c.dst.bits() - 1)
            } else {
                0
            };
        }
        Value::Inf(neg) => {
            if neg {
                lo
            } else {
                hi
            }
        }
        Value::Finite(x) => {
            let rm = match c.rnd {
                CvtRound::Int(rm) => rm,
                _ => Round::TowardZero,
            };
            // The magnitude, saturated at 2^127, fits i128 once below it.
            let n = round_to_integer(x, rm).min(1 << 100) as i128;
            if x.neg {
                -n
            } else {
                n
            }
        }
    };
    // "For float-to-integer conversions, the result is clamped to the
    // destination range by default; i.e, .sat is redundant."
    int_bits(c.dst, v.clamp(lo, hi))
}

/// Integer to float: the integer's exact value rounded once.
fn int_to_float<D: Format>(c: &Cvt, a: u64, hw: &HwProfile) -> u64 {
    let v = int_value(c.src, a);
    let rm = match c.rnd {
        CvtRound::Float(rm) => rm,
        _ => Round::NearestEven,
    };
    let r = fp::round::<D>(v < 0, 0, v.unsigned_abs(), rm).bits;
    finish::<D>(c, r, hw)
}

/// `.f32` to `.tf32`, in the upper 19 bits of the `.b32` result.
fn tf32(c: &Cvt, a: u64, hw: &HwProfile) -> u64 {
    const LOW: u64 = (1 << 13) - 1;
    let a = input::<F32>(c, a, hw);
    let rna = c.rnd == CvtRound::NearestAway;
    let sign = a & F32::SIGN;
    let mut r = if fp::is_nan::<F32>(a) {
        // NOTE(hw): docs/NVIDIA.md "cvt: NaNs, moves and .ftz": `.rna` keeps
        // the NaN's upper 19 bits when `hw.tf32_rna_nan_truncated`; the
        // other roundings write `hw.tf32_nan`.
        if rna && hw.tf32_rna_nan_truncated {
            a & !LOW
        } else {
            return u64::from(hw.tf32_nan);
        }
    } else {
        match c.rnd {
            // ".rna: rounding to nearest, with ties away from zero". TF32 is
            // binary32 with the low 13 fraction bits gone, at every exponent
            // (subnormals included), so the magnitude's bits are its position
            // on a grid of equal steps within each binade; adding half a step
            // and truncating rounds to nearest with ties away from zero, a
            // carry into the exponent field being the next binade's first
            // value (or, from the largest binade, +inf: overflow to nearest).
            CvtRound::NearestAway if a & !F32::SIGN != F32::INF => {
                sign | ((a & !F32::SIGN) + (1 << 12)) & !LOW
            }
            CvtRound::Float(rm) => fp::convert::<F32, TF32>(a, rm).bits << 13,
            _ => a,
        }
    };
    if c.satfinite {
        if rna && hw.tf32_rna_satfinite_steps_down {
            // NOTE(hw): docs/NVIDIA.md "cvt: NaNs, moves and .ftz": one tf32
            // ulp off every result whose exponent field is all ones: ±∞ →
            // ±MAX_NORM, a NaN's payload one lower.
            if r & F32::EXP_MASK == F32::EXP_MASK {
                r -= 1 << 13;
            }
        } else if r & !F32::SIGN == F32::INF {
            // ".satfinite: [...] sign-preserved MAX_NORM of the destination
            // format".
            r = sign | TF32::MAX << 13;
        }
    }
    if c.relu {
        relu(r, F32::SIGN, hw)
    } else {
        r
    }
}

/// The narrow formats of the packed `cvt` types: the lane's width, its
/// largest magnitude (as the low bits of a lane), and whether the format
/// has a NaN.
struct Narrow {
    width: u32,
    max: u64,
    has_nan: bool,
}

fn narrow(t: PtxType) -> Option<Narrow> {
    let n = |width, max, has_nan| {
        Some(Narrow {
            width,
            max,
            has_nan,
        })
    };
    match pair_of(t) {
        // E4M3: S.1111.110 = 448; S.1111.111 is NaN.
        PtxType::E4m3x2 => n(8, 0x7e, true),
        // E5M2: S.11110.11 = 57344; exponent all ones is ∞/NaN.
        PtxType::E5m2x2 => n(8, 0x7b, true),
        // E2M3: S.11.111 = 7.5; E3M2: S.111.11 = 28; E2M1: S.11.1 = 6.
        PtxType::E2m3x2 | PtxType::E3m2x2 => n(6, 0x1f, false),
        PtxType::E2m1x2 => n(4, 0x7, false),
        _ => None,
    }
}

/// The pair type of the same element format as a quad type (`.e4m3x4` →
/// `.e4m3x2`); any other type itself.
fn pair_of(t: PtxType) -> PtxType {
    match t {
        PtxType::E4m3x4 => PtxType::E4m3x2,
        PtxType::E5m2x4 => PtxType::E5m2x2,
        PtxType::E2m3x4 => PtxType::E2m3x2,
        PtxType::E3m2x4 => PtxType::E3m2x2,
        PtxType::E2m1x4 => PtxType::E2m1x2,
        t => t,
    }
}

/// The exact value of finite `x`, rounded by `rn` (`.rn`, or `.rz` from
/// PTX ISA 9.4: "`.rz` rounding mode on `cvt.{e4m3x2, e5m2x2, e2m3x2,
/// e3m2x2, e2m1x2}.{f32/f16x2/bf16x2}`", "rounding toward zero") into the
/// format of `t` with an unbounded exponent range above (its `X`
/// extension, or E5M2 itself): a magnitude in the narrow format's low bits
/// when it is at most the narrow format's largest, larger otherwise.
fn round_narrow(t: PtxType, x: Exact, rn: Round) -> u64 {
    let r = |bits: u64, sign: u64| bits & !sign;
    match pair_of(t) {
        PtxType::E4m3x2 => r(
            fp::round::<E4M3X>(x.neg, x.exp, x.sig, rn).bits,
            E4M3X::SIGN,
        ),
        PtxType::E5m2x2 => r(fp::round::<E5M2>(x.neg, x.exp, x.sig, rn).bits, E5M2::SIGN),
        PtxType::E2m3x2 => r(
            fp::round::<E2M3X>(x.neg, x.exp, x.sig, rn).bits,
            E2M3X::SIGN,
        ),
        PtxType::E3m2x2 => r(
            fp::round::<E3M2X>(x.neg, x.exp, x.sig, rn).bits,
            E3M2X::SIGN,
        ),
        _ => r(
            fp::round::<E2M1X>(x.neg, x.exp, x.sig, rn).bits,
            E2M1X::SIGN,
        ),
    }
}

/// One lane of a conversion to a narrow format, from format `S`: `.rn` or
/// `.rz`, with `.satfinite` (mandatory: "`.satfinite` modifier is
/// mandatory for such conversions").
fn to_narrow<S: Format>(c: &Cvt, a: u64, hw: &HwProfile) -> u64 {
    let rm = match c.rnd {
        CvtRound::Float(Round::TowardZero) => Round::TowardZero,
        _ => Round::NearestEven,
    };
    to_narrow_by::<S>(c, a, hw, &|x| round_narrow(c.dst, x, rm))
}

/// One lane of a conversion to a narrow format with `.scaled::n1::ue8m0`
/// (PTX ISA 9.4): "`d[15:8] = convert(a / scale-factor[7:0])`", the
/// scale factor `k` a UE8M0 code, 2^(k - 127); "When qualifier
/// `.scaled::n1::ue8m0` is specified, subnormal values for inputs `a` and
/// `b` are flushed to zero before conversion". The quotient is exact (a
/// power of two), so it is rounded once, by the row's `.rn` or `.rz`, with
/// `.satfinite`'s clamp as without a scale. NOTE(hw): the flushed zero's
/// sign and the NaN scale: docs/NVIDIA.md "cvt: scaled::n1 into fp8/fp6/fp4".
fn to_narrow_scaled<S: Format>(c: &Cvt, a: u64, k: u64, hw: &HwProfile) -> u64 {
    let a = a & S::ALL;
    // Flushed to a zero of the input's sign, as `.ftz` flushes.
    let a = if fp::is_subnormal::<S>(a) {
        a & S::SIGN
    } else {
        a
    };
    // Code 0xff is UE8M0's NaN: a / NaN is NaN.
    let a = if k == UE8M0_NAN { S::DEFAULT_NAN } else { a };
    let rm = match c.rnd {
        CvtRound::Float(Round::TowardZero) => Round::TowardZero,
        _ => Round::NearestEven,
    };
    let shift = k as i32 - 127;
    to_narrow_by::<S>(c, a, hw, &|x| {
        round_narrow(
            c.dst,
            Exact {
                exp: x.exp - shift,
                ..x
            },
            rm,
        )
    })
}

/// [`to_narrow`] with the finite input's magnitude rounded by `round` (the
/// narrow format's magnitude bits, larger than its largest when beyond).
fn to_narrow_by<S: Format>(c: &Cvt, a: u64, hw: &HwProfile, round: &dyn Fn(Exact) -> u64) -> u64 {
    let Some(n) = narrow(c.dst) else {
        return 0;
    };
    let a = a & S::ALL;
    let sign_bit = 1 << (n.width - 1);
    if fp::is_nan::<S>(a) {
        // ".satfinite: For [...] `.e4m3x2`, `.e5m2x2` [...] if the input
        // value is NaN, then the result is NaN in the specified destination
        // format. For `.e2m1x2`, `.e2m3x2`, `.e3m2x2` [...] destination
        // formats NaN results are converted to positive MAX_NORM."
        // NOTE(hw): which NaN: docs/NVIDIA.md "cvt: integers, integral values, tf32 and fp8".
        return if n.has_nan {
            u64::from(hw.f8_nan)
        } else {
            n.max
        };
    }
    let neg = a & S::SIGN != 0;
    // "If the absolute value of input (ignoring sign) is greater than
    // MAX_NORM of the specified destination format, then the result is
    // sign-preserved MAX_NORM": with rounding to nearest, exactly the
    // inputs that round beyond MAX_NORM (to a larger value or to ∞); with
    // rounding toward zero, those beyond MAX_NORM, which never round to
    // more than they are.
    let mag = match fp::decode::<S>(a) {
        Value::Finite(x) => round(x).min(n.max),
        _ => n.max,
    };
    let r = if neg { sign_bit } else { 0 } | mag;
    if c.relu {
        relu(r, sign_bit, hw)
    } else {
        r
    }
}

/// One lane of `cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2,e2m1x2,e2m3x2,e3m2x2}`:
/// exact (every value of these formats is an f16 value). An `.e2m3`/`.e3m2`
/// lane is the low 6 bits of its byte ("Each 8-bit input value with 2 MSB
/// bits 0").
fn from_narrow(c: &Cvt, x: u64, hw: &HwProfile) -> u64 {
    let Some(n) = narrow(c.src) else {
        return 0;
    };
    let x = x & ((1 << n.width) - 1);
    let nan = match c.src {
        PtxType::E5m2x2 => x & 0x7f > 0x7c,
        // E4M3's only NaNs: S.1111.111.
        PtxType::E4m3x2 => x & 0x7f == 0x7f,
        _ => false,
    };
    if nan {
        // NOTE(hw): docs/NVIDIA.md "NaN results": every f16 NaN result is hw.half_nan.
        return u64::from(hw.half_nan);
    }
    let r = narrow_to::<F16>(c.src, x, n.width);
    if c.relu {
        relu(r, F16::SIGN, hw)
    } else {
        r
    }
}

/// The narrow code `x` (`w` bits, of the packed type `src`) converted to
/// `D` with `.rn` (exact where `D` holds every narrow value). The low bits
/// with the sign moved one bit up are the same number in the `X`
/// extension (`ptxfp_float::E4M3X`).
fn narrow_to<D: Format>(src: PtxType, x: u64, w: u32) -> u64 {
    let wide = (x & ((1 << (w - 1)) - 1)) | (x >> (w - 1) & 1) << w;
    let rn = Round::NearestEven;
    match src {
        PtxType::E5m2x2 => fp::convert::<E5M2, D>(x, rn).bits,
        PtxType::E4m3x2 => fp::convert::<E4M3X, D>(wide, rn).bits,
        PtxType::E2m3x2 => fp::convert::<E2M3X, D>(wide, rn).bits,
        PtxType::E3m2x2 => fp::convert::<E3M2X, D>(wide, rn).bits,
        _ => fp::convert::<E2M1X, D>(wide, rn).bits,
    }
}

/// One lane of `cvt.rn{.relu}{.satfinite}{.scaled::n2::ue8m0}.bf16x2.
/// {e4m3x2,e5m2x2,e2m3x2,e3m2x2,e2m1x2}` (PTX ISA 9.2): "For up-conversion,
/// inputs are converted to destination type and then multiplied by
/// `scale-factor`". Every narrow value is a `.bf16` value, and times
/// 2^(k - 127) it is one too unless it leaves `.bf16`'s range: above it,
/// `.rn` gives ±∞ (then `.satfinite`: "sign-preserved MAX_NORM"); below
/// 2^-126 the product is rounded once, ".rn: rounding to nearest, with ties
/// to even", into `.bf16`'s subnormals (an E5M2 subnormal, 2^-16, times
/// 2^-127 is 2^-143, under `.bf16`'s 2^-133). NOTE(hw): that single rounding
/// is `hw.cvt_scaled_bf16_subnormals` (false: such products flushed to a
/// zero of their sign); it and the NaN result of scale code `0xff` are
/// docs/NVIDIA.md "cvt: scaled bf16x2 from fp8/fp6/fp4" (open). An `.e2m3`/`.e3m2` lane is the low 6
/// bits of its byte, as in [`from_narrow`].
fn from_narrow_scaled(c: &Cvt, x: u64, k: u64, hw: &HwProfile) -> u64 {
    let Some(n) = narrow(c.src) else {
        return 0;
    };
    let x = x & ((1 << n.width) - 1);
    let nan = match c.src {
        PtxType::E5m2x2 => x & 0x7f > 0x7c,
        PtxType::E4m3x2 => x & 0x7f == 0x7f,
        _ => false,
    };
    // The narrow value, exactly, as an `.f32` (every one is).
    let v = narrow_to::<F32>(c.src, x, n.width);
    scaled_bf16(c, (!nan).then_some(v), k, hw)
}

/// The `.f32` value `v` (bits; `None`: a NaN input) times the UE8M0 scale
/// 2^(k - 127), rounded once into `.bf16` (its subnormals as the profile
/// says), with `.satfinite`, `.relu` and the NaN result as every `.bf16`
/// result: the up-conversions of PTX ISA 9.2's fp8/fp6/fp4 pairs and 9.4's
/// `.ue5m3x2`.
fn scaled_bf16(c: &Cvt, v: Option<u64>, k: u64, hw: &HwProfile) -> u64 {
    let nan = v.is_none();
    let v = v.unwrap_or(0);
    let r = if nan || k == UE8M0_NAN {
        // A NaN input, or the UE8M0 NaN as the factor: a NaN result (which
        // `finish` makes `hw.half_nan`, as every `.bf16` NaN result).
        BF16::INF | 1
    } else {
        match fp::decode::<F32>(v) {
            Value::Inf(neg) => BF16::INF | if neg { BF16::SIGN } else { 0 },
            Value::Finite(x) => {
                let exp = x.exp + (k as i32 - 127);
                // The exponent of the exact product's leading bit.
                let lead = exp + 127 - x.sig.leading_zeros() as i32;
                if x.sig != 0 && lead < -126 && !hw.cvt_scaled_bf16_subnormals {
                    if x.neg {
                        BF16::SIGN
                    } else {
                        0
                    }
                } else {
                    fp::round::<BF16>(x.neg, exp, x.sig, Round::NearestEven).bits
                }
            }
            Value::Nan => BF16::INF | 1,
        }
    };
    // ".satfinite", ".relu" and the NaN result, as every `.bf16` result.
    finish::<BF16>(c, r, hw)
}

/// `cvt.pack.sat.convertType.s32{.b32} d, a, b{, c}` (9.7.9.22):
/// "`ta = a < MIN(convertType) ? MIN(convertType) : a; ta = a >
/// MAX(convertType) ? MAX(convertType) : a;`" (the same for `b`: the
/// second line clamps `ta`, as "`.sat` modifier limits the converted values
/// to MIN(convertType)..MAX(convertedType)" says; read literally it would
/// drop the first clamp), then "`td = tb; for (i = size; i <= 2 * size -
/// 1; i++) td[i] = ta[i - size];`" and, for every convertType but `.u16`
/// and `.s16`, "`d[i] = c[i - 2 * size]`" for the bits from `2 * size` up.
fn pack(p: PackTo, a: u64, b: u64, c: u64) -> u64 {
    let size = p.bits();
    let (lo, hi) = p.range();
    let sat = |x: u64| {
        let v = i64::from(x as u32 as i32).clamp(lo, hi);
        (v as u64) & ((1 << size) - 1)
    };
    let td = sat(a) << size | sat(b);
    if p.takes_c() {
        (td | c << (2 * size)) & 0xffff_ffff
    } else {
        td
    }
}

/// The random bits of lane `lane` (0 for `a`, 1 for `b`, 2 for `e`, 3 for
/// `f`) of a `.rs` conversion to `dst`, and how many there are. 9.7.9.21:
/// - `.f16x2`: "13 LSBs from upper 16-bits are used as random bits for
///   operand `a` with 3 MSBs are 0 and 13 LSBs from lower 16-bits are used
///   as random bits for operand `b` with 3 MSBs are 0" (the 3 MSBs are not
///   read);
/// - `.bf16x2`: "upper 16-bits are used as random bits for operand `a` and
///   lower 16-bits are used as random bits for operand `b`";
/// - `.e4m3x4`/`.e5m2x4`/`.e2m3x4`/`.e3m2x4`: "lower 16-bits are used for
///   operands `e`, `f` and upper 16 bits are used for operands `a`, `b`";
/// - `.e2m1x4`: "lower 8-bits from both 16-bits half of `rbits` are used
///   for operands `e`, `f` and upper 8-bits from both 16-bits half of
///   `rbits` are used for operands `a`, `b`".
///
/// NOTE(hw): the quads' sentences (and the figures they refer to, which
/// ptxfp has not seen) leave open which bits go to which of the two
/// operands that share a half; docs/NVIDIA.md "cvt.rs: the random bits"
/// records the reading taken here: both of `a`, `b` (`e`, `f`) read the
/// same 16 bits; for `.e2m1x4`, `a` bits 31..24, `b` bits 15..8, `e` bits
/// 23..16, `f` bits 7..0.
fn random_bits(dst: PtxType, rbits: u64, lane: usize) -> (u64, u32) {
    let half = |upper: bool| {
        if upper {
            rbits >> 16 & 0xffff
        } else {
            rbits & 0xffff
        }
    };
    match dst {
        PtxType::F16x2 => (half(lane == 0) & 0x1fff, 13),
        PtxType::BF16x2 => (half(lane == 0), 16),
        PtxType::E2m1x4 => {
            let h = half(lane == 0 || lane == 2);
            (if lane < 2 { h >> 8 } else { h & 0xff }, 8)
        }
        _ => (half(lane < 2), 16),
    }
}

/// `|x|` rounded stochastically to format `D`'s grid: the exact quotient
/// of `|x|` by the unit in the last place of `D` at `x`'s magnitude (the
/// subnormal one below `D`'s normal range, exponent unbounded above) is an
/// integer part `q` and discarded fraction bits `f`; the `k` random bits
/// `r` are added to the top `k` bits of `f` and "the carry out of the
/// integer addition" rounds `q` away from zero, no carry toward zero. When
/// `D`'s result is normal and `k` is the number of bits that `.f32` →
/// `D` drops (13 for `.f16`, 16 for `.bf16`), `f` has exactly `k` bits and
/// this is the sentence word for word; for a smaller result more bits are
/// discarded and `r` is aligned with the most significant of them (NOTE(hw):
/// docs/NVIDIA.md "cvt.rs: the random bits"). Returns `D`'s bits with `x`'s
/// sign: a magnitude beyond `D`'s largest is infinity, as with `.rn`.
fn stochastic_round<D: Format>(x: Exact, r: u64, k: u32) -> u64 {
    if x.sig == 0 {
        return fp::round::<D>(x.neg, 0, 0, Round::TowardZero).bits;
    }
    // floor(log2 |x|), and the exponent of D's last place there.
    let e = x.exp + (127 - x.sig.leading_zeros()) as i32;
    let ulp = e.max(D::EMIN) - (D::PRECISION as i32 - 1);
    // The top k discarded bits with the integer part above them:
    // floor(|x| / 2^ulp * 2^k).
    let sh = x.exp - ulp + k as i32;
    let t = if sh >= 0 {
        x.sig << sh
    } else if sh > -128 {
        x.sig >> -sh
    } else {
        0
    };
    let units = (t + u128::from(r)) >> k;
    // units × 2^ulp is a value of D with an unbounded exponent: rounding
    // to nearest is exact, or overflows to infinity.
    fp::round::<D>(x.neg, ulp, units, Round::NearestEven).bits
}

/// `cvt.rs{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b, rbits` and
/// `cvt.rs{.relu}.satfinite.{e4m3x4,...}.f32 d, {a, b, e, f}, rbits`:
/// each lane rounded with its random bits ([`random_bits`]), then the
/// clamps of the other conversions to the same format. "`d[31:16] =
/// convert(a); d[15:0] = convert(b);`"; quads: "the value converted from
/// inputs `a`, `b`, `e`, `f` are stored in each 8 bits starting from upper
/// bits of `d`" (4 bits for `.e2m1x4`; `.e2m3x4`/`.e3m2x4`: "each 8-bit
/// output will have 2 MSB bits padded with zeros").
fn stochastic(c: &Cvt, srcs: &[u64], hw: &HwProfile) -> u64 {
    let lanes = srcs.len().saturating_sub(1);
    let rbits = srcs.last().copied().unwrap_or(0);
    let lane = |i: usize| {
        let a = srcs.get(i).copied().unwrap_or(0) & F32::ALL;
        let (r, k) = random_bits(c.dst, rbits, i);
        match c.dst {
            PtxType::F16x2 => half_rs::<F16>(c, a, r, k, hw),
            PtxType::BF16x2 => half_rs::<BF16>(c, a, r, k, hw),
            d => to_narrow_by::<F32>(c, a, hw, &|x| narrow_rs(d, x, r, k)),
        }
    };
    let w = match c.dst {
        PtxType::F16x2 | PtxType::BF16x2 => 16,
        PtxType::E2m1x4 => 4,
        _ => 8,
    };
    (0..lanes).fold(0, |d, i| d << w | lane(i))
}

/// One `.f16`/`.bf16` lane of `.rs`: NaN and infinity as the other
/// conversions, a finite value [`stochastic_round`]ed, then `.satfinite`,
/// `.relu` and NVIDIA's NaN ([`finish`]).
fn half_rs<D: Format>(c: &Cvt, a: u64, r: u64, k: u32, hw: &HwProfile) -> u64 {
    let bits = match fp::decode::<F32>(a) {
        Value::Finite(x) => stochastic_round::<D>(x, r, k),
        _ => fp::convert::<F32, D>(a, Round::NearestEven).bits,
    };
    finish::<D>(c, bits, hw)
}

/// The magnitude bits of finite `x` [`stochastic_round`]ed into the narrow
/// format of `t` (its `X` extension, or E5M2 itself, as [`round_narrow`]).
fn narrow_rs(t: PtxType, x: Exact, r: u64, k: u32) -> u64 {
    let m = |bits: u64, sign: u64| bits & !sign;
    match pair_of(t) {
        PtxType::E4m3x2 => m(stochastic_round::<E4M3X>(x, r, k), E4M3X::SIGN),
        PtxType::E5m2x2 => m(stochastic_round::<E5M2>(x, r, k), E5M2::SIGN),
        PtxType::E2m3x2 => m(stochastic_round::<E2M3X>(x, r, k), E2M3X::SIGN),
        PtxType::E3m2x2 => m(stochastic_round::<E3M2X>(x, r, k), E3M2X::SIGN),
        _ => m(stochastic_round::<E2M1X>(x, r, k), E2M1X::SIGN),
    }
}

/// UE8M0, the scale factor of the MX formats: 8 exponent bits, bias 127,
/// no sign and no significand; code `e` is 2^(e - 127), `0xff` is NaN.
const UE8M0_NAN: u64 = 0xff;
/// Its largest finite value, 2^127.
const UE8M0_MAX: u64 = 0xfe;

/// One lane of `cvt.{rz,rp}{.satfinite}.ue8m0x2.{f32,bf16x2}`: the
/// magnitude rounded to a power of two (`.rz` down, `.rp` up). ".satfinite:
/// For [...] `.ue8m0x2` [...] destination formats, if the input value is
/// `NaN`, then the result is `NaN` in the specified destination format";
/// "If the absolute value of input (ignoring sign) is greater than MAX_NORM
/// of the specified destination format, then the result is [...] a
/// positive MAX_NORM in `.ue8m0x2` for which the destination sign is not
/// supported". NOTE(hw): what the text leaves open (the sign of other
/// inputs, zeros and values below 2^-127, overflow and infinity without
/// `.satfinite`) is docs/NVIDIA.md "cvt: ue8m0x2".
fn to_ue8m0<S: Format>(c: &Cvt, a: u64) -> u64 {
    let over = if c.satfinite { UE8M0_MAX } else { UE8M0_NAN };
    let x = match fp::decode::<S>(a & S::ALL) {
        Value::Nan => return UE8M0_NAN,
        Value::Inf(_) => return over,
        Value::Finite(x) => x,
    };
    if x.sig == 0 {
        return 0;
    }
    // |x| = sig × 2^exp; floor(log2 |x|), and whether |x| is a power of two.
    let e = x.exp + (127 - x.sig.leading_zeros()) as i32;
    let exact = x.sig.is_power_of_two();
    let k = match c.rnd {
        CvtRound::Float(Round::TowardPositive) if !exact => e + 1,
        _ => e,
    };
    match k + 127 {
        code if code < 0 => 0,
        code if code > UE8M0_MAX as i32 => over,
        code => code as u64,
    }
}

/// UE5M3's largest code, 0xfe = 1.75 × 2^16 = 114688, and its only NaN,
/// 0xff (PTX ISA 5.2.3: "The `ue5m3` encoding does not support infinity.
/// `NaN` value is limited to `0xff`").
const UE5M3_MAX: u64 = 0xfe;
const UE5M3_NAN: u64 = 0xff;

/// One lane of a conversion to `.ue5m3x2` (PTX ISA 9.4) from format `S`,
/// with `.rn`, `.rz` or `.rp` once, and with `.scaled::n1::ue8m0` (`k`)
/// "`convert(a / scale-factor[7:0])`" after "subnormal values [...] are
/// flushed to zero". ".satfinite: [...] if the input value is NaN, then
/// the result is NaN"; "If the absolute value of input (ignoring sign) is
/// greater than MAX_NORM [...] a positive MAX_NORM in `.ue8m0x2` and
/// `.ue5m3x2` for which the destination sign is not supported". NOTE(hw):
/// the sign, and overflow without `.satfinite`: docs/NVIDIA.md "cvt:
/// ue5m3x2".
fn to_ue5m3<S: Format>(c: &Cvt, a: u64, k: Option<u64>) -> u64 {
    let a = a & S::ALL;
    let a = if k.is_some() && fp::is_subnormal::<S>(a) {
        a & S::SIGN
    } else {
        a
    };
    let over = if c.satfinite { UE5M3_MAX } else { UE5M3_NAN };
    if k == Some(UE8M0_NAN) {
        return UE5M3_NAN;
    }
    let x = match fp::decode::<S>(a) {
        Value::Nan => return UE5M3_NAN,
        Value::Inf(_) => return over,
        Value::Finite(x) => x,
    };
    let rm = match c.rnd {
        CvtRound::Float(r) => r,
        _ => Round::NearestEven,
    };
    let shift = k.map_or(0, |k| k as i32 - 127);
    // The magnitude, rounded once: E5M3X's positive values are UE5M3's
    // codes up to 0xfe.
    match fp::round::<E5M3X>(false, x.exp - shift, x.sig, rm).bits {
        r if r > UE5M3_MAX => over,
        r => r,
    }
}

/// A UE5M3 code's value as `.f32` bits (exact), `None` for its NaN.
fn ue5m3_f32(code: u64) -> Option<u64> {
    (code != UE5M3_NAN).then(|| fp::convert::<E5M3X, F32>(code, Round::NearestEven).bits)
}

/// One lane of `cvt.rn.f16x2.ue5m3x2`: the value rounded to nearest into
/// `.f16` (exact up to 65504; 65536 and more, up to UE5M3's 114688, give
/// ∞), code 0xff NVIDIA's half NaN.
fn from_ue5m3_f16(code: u64, hw: &HwProfile) -> u64 {
    if code == UE5M3_NAN {
        return u64::from(hw.half_nan);
    }
    fp::convert::<E5M3X, F16>(code, Round::NearestEven).bits
}

/// One lane of `cvt.rn.bf16x2.ue8m0x2`: 2^(code - 127) is a `.bf16` value
/// (2^-127 a subnormal), so the conversion is exact; code `0xff` is NaN,
/// NVIDIA's `.bf16` NaN (docs/NVIDIA.md "NaN results").
fn from_ue8m0(code: u64, hw: &HwProfile) -> u64 {
    match code {
        UE8M0_NAN => u64::from(hw.half_nan),
        0 => 1 << (BF16::FRAC_BITS - 1),
        e => e << BF16::FRAC_BITS,
    }
}

/// The `.b16` scale-factor of an `.s2f6x2` form: the operand with
/// `.scaled::n2::ue8m0`, else "If not specified explicitly, value of
/// `scale-factor` will be assumed to be `0x7f7f`, that is, assumed as
/// value `1` for both input scale factors."
fn scale_factor(c: &Cvt, sf: u64) -> u64 {
    if c.scaled {
        sf & 0xffff
    } else {
        0x7f7f
    }
}

/// `.s2f6`'s largest value, 1.984375, times 2^6: "Positive max
/// representation = 01.111111 = 127 * 2^(-6)" (PTX ISA 5.2.4).
const S2F6_MAX: i128 = 127;

/// One lane of `cvt.rn.satfinite{.relu}{.scaled::n2::ue8m0}.s2f6x2.{f32,bf16x2}`:
/// the 8-bit code of `a / 2^(k - 127)` (`k` the lane's UE8M0 scale code).
/// PTX ISA 5.2.4: "`s2f6` value = s8 value * 2^(-6)"; "The `s2f6` encoding
/// does not support infinity and `NaN`."
fn to_s2f6<S: Format>(c: &Cvt, a: u64, k: u64, hw: &HwProfile) -> u64 {
    let code = |n: i128| u64::from(n as i8 as u8);
    // ".satfinite: [...] For [...] `.s2f6x2` destination formats `NaN`
    // results are converted to positive MAX_NORM" (and ".relu: [...] `NaN`
    // results are converted to canonical `NaN`" has no NaN to give here). A
    // NaN input is a NaN result; so is the division by the UE8M0 NaN, code
    // 0xff (docs/NVIDIA.md "cvt: s2f6x2").
    let x = match fp::decode::<S>(a & S::ALL) {
        Value::Nan => return code(S2F6_MAX),
        _ if k == UE8M0_NAN => return code(S2F6_MAX),
        // Beyond every finite value: saturates below.
        Value::Inf(neg) => Exact {
            neg,
            exp: 1000,
            sig: 1,
        },
        Value::Finite(x) => x,
    };
    // "For down conversion, inputs are divided by `scale-factor` and then
    // conversion is performed": x / 2^(k - 127), exactly, times 2^6 (the
    // `.s2f6` step), then rounded once to an integer, ".rn: rounding to
    // nearest, with ties to even".
    let q = Exact {
        exp: x.exp.saturating_sub(k as i32 - 127).saturating_add(6),
        ..x
    };
    // (Capped far beyond the range, so that it fits an `i128`.)
    let m = round_to_integer(q, Round::NearestEven).min(1 << 20) as i128;
    let n = if x.neg { -m } else { m };
    // ".satfinite: [...] If the absolute value of input (ignoring sign) is
    // greater than MAX_NORM of the specified destination format, then the
    // result is sign-preserved MAX_NORM". NOTE(hw): the negative end is
    // hw.s2f6_min (docs/NVIDIA.md "cvt: s2f6x2").
    let n = n.clamp(i128::from(hw.s2f6_min), S2F6_MAX);
    // ".relu: [...] clamps the result to 0 if negative" (`.s2f6` has no -0).
    if c.relu && n < 0 {
        return 0;
    }
    code(n)
}

/// One lane of `cvt.rn{.satfinite}{.relu}{.scaled::n2::ue8m0}.bf16x2.s2f6x2`:
/// "For up-conversion, inputs are converted to destination type and then
/// multiplied by `scale-factor`": the `.s2f6` code `v` (as `.s8`) is
/// `v × 2^-6` (exact in `.bf16`), times 2^(k - 127), rounded once to
/// `.bf16` (exact unless it overflows: -2.0 × 2^127).
fn from_s2f6(c: &Cvt, v: u64, k: u64, hw: &HwProfile) -> u64 {
    let v = i128::from(v as u8 as i8);
    let r = if k == UE8M0_NAN {
        // NaN × anything: a NaN result (which `finish` makes `hw.half_nan`,
        // as every `.bf16` NaN result).
        BF16::INF | 1
    } else {
        let exp = k as i32 - 127 - 6;
        fp::round::<BF16>(v < 0, exp, v.unsigned_abs(), Round::NearestEven).bits
    };
    // ".satfinite", ".relu" and the NaN result, as every `.bf16` result.
    finish::<BF16>(c, r, hw)
}

/// Columns of at least this many sources of at most 16 bits go through a
/// table of the conversion's results ([`cvt_table`]): 16 times as many
/// elements as the table costs to build.
pub const TABLE_MIN: usize = 1 << 20;

/// The results of a one-source conversion of a source of at most 16 bits
/// (every conversion from `.f16`/`.bf16`/`.u16`/`.s16`/`.u8`/`.s8` and the
/// packed fp8/fp6/fp4 pairs, whatever its modifiers) for every source value
/// in order, built on all cores by the stages themselves, so a lookup gives
/// their bits; `None` for a wider source or more than one.
pub fn cvt_table(c: &Cvt, exec: &Exec) -> Option<Vec<u64>> {
    use rayon::prelude::*;
    let bits = c.src.bits();
    if bits > 16 || c.sources() != 1 || c.pack.is_some() || c.scaled {
        return None;
    }
    Some(
        (0..1u64 << bits)
            .into_par_iter()
            .map(|a| c.eval_in(&[a], exec))
            .collect(),
    )
}

/// `out[i] = table[x[i]]` when every source fits the table (a value above
/// the source's width, as a wider register can hold, is not an index:
/// false, nothing written).
pub fn cvt_lookup(table: &[u64], x: &[u64], out: &mut [u64]) -> bool {
    if x.len() != out.len() || x.iter().any(|&a| a >= table.len() as u64) {
        return false;
    }
    for (d, &a) in out.iter_mut().zip(x) {
        *d = table[a as usize];
    }
    true
}

/// Tight column loops for the conversions kernels run in bulk, each the
/// host's own conversion where it gives the bits the stages above give:
///
/// - `cvt.rn.{f32,f64}.{s32,u32,s64,u64}`: Rust's `as` from an integer to a
///   float "will produce the closest possible float", ties to even (the
///   Reference, "Numeric cast"): 9.7.9.21's `.rn`, with no NaN and no
///   subnormal result to flush.
/// - `cvt.{rni,rzi,rmi,rpi}.{s32,u32,s64,u64}.{f32,f64}`: `round_ties_even`,
///   `trunc`, `floor`, `ceil` are IEEE 754's exact roundToIntegral, then `as`
///   to an integer "will round the float towards zero", saturating at the
///   type's bounds: 9.7.9.21's clamp to the destination's range. A NaN is
///   the ISA's "Zero if source is not `.f64` and destination is not `.s64`,
///   `.u64`. Otherwise 1 << (BitWidth(dst) - 1)", written here (`as` gives 0).
/// - `cvt.f64.f32` and `cvt.rn.f32.f64`: `as` between the float types is
///   exact (widening) or rounds to nearest, ties to even (narrowing), with
///   overflow to infinity and gradual underflow, as 9.7.9.21 without `.ftz`
///   rounds; a NaN source takes the stages above (the profile's NaN rules).
///
/// Not taken (false, and the caller evaluates element by element): `.ftz`,
/// `.sat`, `.relu`, `.satfinite`, code for sm_1x (`.ftz` implied), other
/// types and roundings. `crates/model/tests/cvt_oracle.rs` holds every loop
/// to [`EvalCvt::eval_in`] on edge and random columns.
pub fn cvt_columns(c: &Cvt, srcs: &[&[u64]], exec: &Exec, out: &mut [u64]) -> bool {
    use PtxType as T;
    let [x] = srcs else { return false };
    if x.len() >= TABLE_MIN {
        if let Some(t) = cvt_table(c, exec) {
            if cvt_lookup(&t, x, out) {
                return true;
            }
        }
    }
    if x.len() != out.len()
        || c.ftz
        || c.pzo
        || c.sat
        || c.relu
        || c.satfinite
        || c.pack.is_some()
        || c.scaled
        || exec.code_target.is_sm1x()
    {
        return false;
    }
    macro_rules! each {
        (|$a:ident| $e:expr) => {{
            for (d, &$a) in out.iter_mut().zip(x.iter()) {
                *d = $e;
            }
            true
        }};
    }
    // Each arm below is one monomorphic loop: the type and rounding
    // decisions are made here, outside it.
    macro_rules! to_int {
        ($read:expr, $round:expr, $nan:expr) => {
            match c.dst {
                T::S32 => each!(|a| {
                    let v = $read(a);
                    if v.is_nan() {
                        $nan
                    } else {
                        u64::from($round(v) as i32 as u32)
                    }
                }),
                T::U32 => each!(|a| {
                    let v = $read(a);
                    if v.is_nan() {
                        $nan
                    } else {
                        u64::from($round(v) as u32)
                    }
                }),
                T::S64 => each!(|a| {
                    let v = $read(a);
                    if v.is_nan() {
                        $nan
                    } else {
                        $round(v) as i64 as u64
                    }
                }),
                _ => each!(|a| {
                    let v = $read(a);
                    if v.is_nan() {
                        $nan
                    } else {
                        $round(v) as u64
                    }
                }),
            }
        };
    }
    macro_rules! rounded {
        ($read:expr, $rm:expr, $nan:expr) => {
            match $rm {
                // `as` itself rounds toward zero: no call.
                Round::TowardZero => to_int!($read, |v| v, $nan),
                Round::NearestEven => to_int!($read, |v: f64| v.round_ties_even(), $nan),
                Round::TowardNegative => to_int!($read, |v: f64| v.floor(), $nan),
                Round::TowardPositive => to_int!($read, |v: f64| v.ceil(), $nan),
            }
        };
    }
    match (c.rnd, c.src, c.dst) {
        (CvtRound::Float(Round::NearestEven), _, T::F32) => match c.src {
            T::S32 => each!(|a| u64::from(((a as u32 as i32) as f32).to_bits())),
            T::U32 => each!(|a| u64::from(((a as u32) as f32).to_bits())),
            T::S64 => each!(|a| u64::from(((a as i64) as f32).to_bits())),
            T::U64 => each!(|a| u64::from((a as f32).to_bits())),
            T::F64 => each!(|a| {
                let v = f64::from_bits(a);
                if v.is_nan() {
                    c.eval_in(&[a], exec)
                } else {
                    u64::from((v as f32).to_bits())
                }
            }),
            _ => false,
        },
        (CvtRound::Float(Round::NearestEven), _, T::F64) => match c.src {
            T::S32 => each!(|a| f64::from(a as u32 as i32).to_bits()),
            T::U32 => each!(|a| f64::from(a as u32).to_bits()),
            T::S64 => each!(|a| ((a as i64) as f64).to_bits()),
            T::U64 => each!(|a| (a as f64).to_bits()),
            _ => false,
        },
        (CvtRound::Int(rm), T::F32 | T::F64, T::S32 | T::U32 | T::S64 | T::U64) => {
            let nan = if c.src == T::F64 || c.dst.bits() == 64 {
                1u64 << (c.dst.bits() - 1)
            } else {
                0
            };
            if c.src == T::F32 && nan == 0 {
                // `as` gives 0 for a NaN, the ISA's result here: no test.
                macro_rules! f32_to {
                    ($round:expr) => {
                        if c.dst == T::S32 {
                            each!(|a| u64::from($round(f32::from_bits(a as u32)) as i32 as u32))
                        } else {
                            each!(|a| u64::from($round(f32::from_bits(a as u32)) as u32))
                        }
                    };
                }
                return match rm {
                    Round::TowardZero => f32_to!(|v: f32| v),
                    Round::NearestEven => f32_to!(|v: f32| v.round_ties_even()),
                    Round::TowardNegative => f32_to!(|v: f32| v.floor()),
                    Round::TowardPositive => f32_to!(|v: f32| v.ceil()),
                };
            }
            // Widening an .f32 to f64 is exact, and so is rounding it to an
            // integral value there: the same integer as in f32.
            if c.src == T::F64 {
                rounded!(|a: u64| f64::from_bits(a), rm, nan)
            } else {
                rounded!(|a: u64| f64::from(f32::from_bits(a as u32)), rm, nan)
            }
        }
        (CvtRound::None, T::F32, T::F64) => each!(|a| {
            let v = f32::from_bits(a as u32);
            if v.is_nan() {
                c.eval_in(&[a], exec)
            } else {
                f64::from(v).to_bits()
            }
        }),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptxfp_isa::cvt::Cvt;

    fn cvt(t: &str, srcs: &[u64]) -> u64 {
        Cvt::parse(t).unwrap().eval(srcs)
    }

    #[test]
    fn conversions() {
        // 1/3 in f32 is 0x3eaaaaab; in f16 to nearest 0x3555 (1.0101010101b × 2^-2).
        assert_eq!(cvt("cvt.rn.f16.f32", &[0x3eaa_aaab]), 0x3555);
        assert_eq!(cvt("cvt.rz.f16.f32", &[0x3eaa_aaab]), 0x3555);
        assert_eq!(cvt("cvt.rp.f16.f32", &[0x3eaa_aaab]), 0x3556);
        assert_eq!(cvt("cvt.rn.f16.f32", &[0xffc0_0001]), 0x7fff);
        assert_eq!(cvt("cvt.rn.satfinite.f16.f32", &[0x4780_0000]), 0x7bff); // 65536
        assert_eq!(cvt("cvt.rn.relu.bf16.f32", &[0xbf80_0000]), 0);
        assert_eq!(cvt("cvt.f32.f16", &[0x3c00]), 0x3f80_0000);
        // H200 (testdata/hw/nvidia-h200/cvt.f32.bf16.check.json): a move;
        // with .ftz the canonical NaN.
        assert_eq!(cvt("cvt.f32.bf16", &[0x7fa0]), 0x7fa0_0000);
        assert_eq!(cvt("cvt.ftz.f32.bf16", &[0xffc1]), 0x7fff_ffff);
        assert_eq!(cvt("cvt.ftz.f32.f16", &[0x0001]), 0x3380_0000); // 2^-24 is normal in f32
                                                                    // .ftz on a rounded f32 result, IEEE tininess after rounding: 2^-126
                                                                    // (1 - 2^-24) has 24 bits, so it is tiny though it rounds to 2^-126 in
                                                                    // f32 (.rn); 2^-126 (1 - 2^-30) rounds to 2^-126 with 24 bits: kept.
        assert_eq!(cvt("cvt.rn.ftz.f32.f64", &[0x380f_ffff_e000_0000]), 0);
        assert_eq!(cvt("cvt.rn.f32.f64", &[0x380f_ffff_e000_0000]), 0x0080_0000);
        assert_eq!(
            cvt("cvt.rn.ftz.f32.f64", &[0x380f_ffff_ff80_0000]),
            0x0080_0000
        );
        // Packed: a in the upper half.
        assert_eq!(
            cvt("cvt.rn.f16x2.f32", &[0x3f80_0000, 0x4000_0000]),
            0x3c00_4000
        );
        assert_eq!(
            cvt("cvt.rn.bf16x2.f32", &[0x3f80_0000, 0x4000_0000]),
            0x3f80_4000
        );
    }

    /// The examples and the spec's sentences, one each.
    #[test]
    fn integers_and_integral_values() {
        assert_eq!(cvt("cvt.rni.s32.f32", &[0x3fc0_0000]), 2); // 1.5 → 2
        assert_eq!(cvt("cvt.rni.s32.f32", &[0x4020_0000]), 2); // 2.5 → 2 (even)
        assert_eq!(cvt("cvt.rzi.s32.f32", &[0xbfc0_0000]), 0xffff_ffff); // -1.5 → -1
        assert_eq!(cvt("cvt.rmi.s32.f32", &[0xbfc0_0000]), 0xffff_fffe); // -1.5 → -2
        assert_eq!(cvt("cvt.rpi.u8.f32", &[0x4380_0000]), 0xff); // 256 → 255
        assert_eq!(cvt("cvt.rzi.u32.f32", &[0xbf80_0000]), 0); // -1 → 0
        assert_eq!(cvt("cvt.rzi.s32.f32", &[0x7fc0_0000]), 0); // NaN → 0
        assert_eq!(cvt("cvt.rzi.s64.f32", &[0x7fc0_0000]), 1 << 63);
        assert_eq!(cvt("cvt.rzi.u16.f64", &[0x7ff8 << 48]), 0x8000);
        assert_eq!(cvt("cvt.rzi.s32.f32", &[0xff80_0000]), 0x8000_0000); // -inf
        assert_eq!(cvt("cvt.rn.f32.s32", &[0xffff_ffff]), 0xbf80_0000);
        assert_eq!(cvt("cvt.rz.f32.u32", &[0xffff_ffff]), 0x4f7f_ffff);
        assert_eq!(cvt("cvt.rn.f32.u32", &[0xffff_ffff]), 0x4f80_0000);
        assert_eq!(cvt("cvt.rn.f16.u32", &[70000]), 0x7c00);
        assert_eq!(cvt("cvt.s32.s8", &[0x80]), 0xffff_ff80);
        assert_eq!(cvt("cvt.u32.s8", &[0x80]), 0xffff_ff80);
        assert_eq!(cvt("cvt.sat.u32.s8", &[0x80]), 0);
        assert_eq!(cvt("cvt.s8.s32", &[0x1ff]), 0xff);
        assert_eq!(cvt("cvt.sat.s8.s32", &[0x1ff]), 0x7f);
        assert_eq!(cvt("cvt.rmi.f32.f32", &[0xbfc0_0000]), 0xc000_0000); // floorf(-1.5)
        assert_eq!(
            cvt("cvt.rni.f64.f64", &[0x4004_0000_0000_0000]),
            0x4000_0000_0000_0000
        ); // 2.5 → 2
        assert_eq!(cvt("cvt.rpi.f32.f32", &[0x8000_0001]), 0x8000_0000); // -tiny → -0
        assert_eq!(cvt("cvt.rpi.ftz.f32.f32", &[0x0000_0001]), 0); // flushed first
        assert_eq!(cvt("cvt.rpi.f32.f32", &[0x0000_0001]), 0x3f80_0000);
    }

    #[test]
    fn tf32_and_fp8() {
        assert_eq!(cvt("cvt.rna.tf32.f32", &[0x3f80_1000]), 0x3f80_2000); // tie away
        assert_eq!(cvt("cvt.rn.tf32.f32", &[0x3f80_1000]), 0x3f80_0000); // tie to even
        assert_eq!(cvt("cvt.rn.tf32.f32", &[0x3f80_3000]), 0x3f80_4000);
        assert_eq!(cvt("cvt.rna.tf32.f32", &[0x7f7f_f000]), 0x7f80_0000);
        assert_eq!(
            cvt("cvt.rna.satfinite.tf32.f32", &[0x7f7f_f000]),
            0x7f7f_e000
        );
        assert_eq!(cvt("cvt.rna.tf32.f32", &[0xff80_0000]), 0xff80_0000);
        // 448 is E4M3's largest; 480 and ∞ saturate; 1.0 = 0x38; E5M2 1.0 = 0x3c.
        assert_eq!(
            cvt("cvt.rn.satfinite.e4m3x2.f32", &[0x43e0_0000, 0x3f80_0000]),
            0x7e38
        );
        assert_eq!(
            cvt("cvt.rn.satfinite.e4m3x2.f32", &[0x43f0_0000, 0xff80_0000]),
            0x7efe
        );
        assert_eq!(
            cvt("cvt.rn.satfinite.e5m2x2.f32", &[0x3f80_0000, 0x7f80_0000]),
            0x3c7b
        );
        assert_eq!(
            cvt("cvt.rn.satfinite.relu.e5m2x2.f16x2", &[0xbc00_3c00]),
            0x003c
        );
        assert_eq!(cvt("cvt.rn.f16x2.e4m3x2", &[0x7e38]), 0x5f00_3c00);
        assert_eq!(cvt("cvt.rn.f16x2.e5m2x2", &[0x3cff]), 0x3c00_7fff);
    }

    /// What the H200 gave (driver 13.0): the cases its records under
    /// testdata/hw/nvidia-h200/ keep, and for the forms that agreed the
    /// rule their digests confirm; one group per rule of docs/NVIDIA.md
    /// "cvt: NaNs, moves and .ftz".
    #[test]
    fn h200_nan_moves_and_ftz() {
        // cvt.f32.f32, cvt.f64.f64: moves; .ftz and the roundings are not.
        assert_eq!(cvt("cvt.f32.f32", &[0x7fa7_af0c]), 0x7fa7_af0c);
        assert_eq!(cvt("cvt.ftz.f32.f32", &[0x7fa7_af0c]), 0x7fff_ffff);
        assert_eq!(cvt("cvt.sat.f32.f32", &[0x7fa7_af0c]), 0);
        assert_eq!(
            cvt("cvt.f64.f64", &[0xfff5_af20_a84d_aa6d]),
            0xfff5_af20_a84d_aa6d
        );
        // cvt.f32.bf16: a move; cvt.f64.bf16 and cvt.f32.f16 convert.
        assert_eq!(cvt("cvt.f32.bf16", &[0x7fff]), 0x7fff_0000);
        assert_eq!(cvt("cvt.f32.f16", &[0x7e01]), 0x7fff_ffff);
        assert_eq!(cvt("cvt.f64.bf16", &[0x7fa0]), 0x7ffc_0000_0000_0000);
        // cvt.ftz.f64.f32: the canonical f32 NaN widened, any sign.
        assert_eq!(
            cvt("cvt.ftz.f64.f32", &[0xffc0_0001]),
            0x7fff_ffff_e000_0000
        );
        assert_eq!(cvt("cvt.f64.f32", &[0xffc0_0001]), 0xfff8_0000_2000_0000);
        // .f64 narrowed: sign and the payload's top, quieted.
        let nan = 0x7ff2_f672_a427_af0c;
        assert_eq!(cvt("cvt.rz.ftz.f32.f64", &[nan]), 0x7fd7_b395);
        assert_eq!(cvt("cvt.rn.f16.f64", &[nan]), 0x7ebd);
        assert_eq!(cvt("cvt.rm.bf16.f64", &[nan]), 0x7fd7);
        assert_eq!(cvt("cvt.rn.f16.f64", &[0xfff8_0000_0000_0001]), 0xfe00);
        assert_eq!(cvt("cvt.rn.sat.f16.f64", &[nan]), 0);
        // cvt.rna.tf32.f32: the NaN's upper 19 bits, not quieted; .satfinite
        // takes one ulp off an all-ones exponent; .rn keeps tf32_nan.
        assert_eq!(cvt("cvt.rna.tf32.f32", &[0x7fa7_af0c]), 0x7fa7_a000);
        assert_eq!(cvt("cvt.rna.tf32.f32", &[0xffc0_0001]), 0xffc0_0000);
        assert_eq!(cvt("cvt.rna.tf32.f32", &[0x7f80_0001]), 0x7f80_0000);
        assert_eq!(cvt("cvt.rn.tf32.f32", &[0x7fa7_af0c]), 0x7fff_e000);
        let sf = |x| cvt("cvt.rna.satfinite.tf32.f32", &[x]);
        assert_eq!(sf(0x7fe0_0000), 0x7fdf_e000);
        assert_eq!(sf(0x7fff_ffff), 0x7fff_c000);
        assert_eq!(sf(0x7fd5_1e4e), 0x7fd4_e000);
        assert_eq!(sf(0xff80_0000), 0xff7f_e000);
        // cvt.frnd.ftz.f16.f32 does not flush its source; .bf16 does.
        assert_eq!(cvt("cvt.rm.ftz.f16.f32", &[0x8060_0000]), 0x8001);
        assert_eq!(cvt("cvt.rp.ftz.sat.f16.f32", &[0x0040_0001]), 0x0001);
        assert_eq!(cvt("cvt.rm.ftz.bf16.f32", &[0x8060_0000]), 0x8000);
    }

    /// cvt.pack, cvt.rs and ue8m0x2, one sentence each (values by hand).
    #[test]
    fn pack_stochastic_and_ue8m0() {
        // "ta = a > MAX(convertType) ? MAX(convertType) : a": 300 → 255;
        // -1 → 0; c's low 16 bits above.
        assert_eq!(
            cvt("cvt.pack.sat.u8.s32.b32", &[300, 0xffff_ffff, 0xbeef]),
            0xbeef_ff00
        );
        assert_eq!(
            cvt("cvt.pack.sat.s16.s32", &[0x8000, 0xffff_0000]),
            0x7fff_8000
        );
        // .f16 drops 13 bits of 1 + 2^-11 (0x1000 of them): random bits
        // 0x1000 carry (0x2000), 0x0fff do not.
        assert_eq!(
            cvt("cvt.rs.f16x2.f32", &[0x3f80_1000, 0x3f80_1000, 0x1000_0fff]),
            0x3c01_3c00
        );
        // The 3 MSBs of each half are not read.
        assert_eq!(
            cvt("cvt.rs.f16x2.f32", &[0x3f80_1000, 0x3f80_1000, 0xf000_efff]),
            0x3c01_3c00
        );
        // A subnormal .f16 result: 2^-25 is half of the smallest subnormal;
        // the top discarded bit is set, so random bits from 0x1000 carry.
        assert_eq!(
            cvt("cvt.rs.f16x2.f32", &[0x3300_0000, 0x3300_0000, 0x1000_0fff]),
            0x0001_0000
        );
        // .bf16: beyond the largest finite value a carry gives ∞; .relu
        // clears a negative lane.
        assert_eq!(
            cvt(
                "cvt.rs.relu.bf16x2.f32",
                &[0x7f7f_ffff, 0xbf80_0000, 0x0001_0000]
            ),
            0x7f80_0000
        );
        // E4M3 quads: exact values whatever the random bits; NaN → 0x7f.
        assert_eq!(
            cvt(
                "cvt.rs.satfinite.e4m3x4.f32",
                &[
                    0x3f80_0000,
                    0xc000_0000,
                    0x43e0_0000,
                    0x7fc0_0000,
                    u64::from(u32::MAX)
                ]
            ),
            0x38c0_7e7f
        );
        // UE8M0: 3.0 → 2^1 (.rz) = 0x80, 2^2 (.rp) = 0x81; -0.5 → 2^-1 = 0x7e.
        assert_eq!(
            cvt("cvt.rz.ue8m0x2.f32", &[0x4040_0000, 0xbf00_0000]),
            0x807e
        );
        assert_eq!(
            cvt("cvt.rp.ue8m0x2.f32", &[0x4040_0000, 0xbf00_0000]),
            0x817e
        );
        // Above 2^127 up: NaN, or 2^127 with .satfinite; 0 → code 0.
        assert_eq!(cvt("cvt.rp.ue8m0x2.f32", &[0x7f00_0001, 0]), 0xff00);
        assert_eq!(
            cvt("cvt.rp.satfinite.ue8m0x2.f32", &[0x7f00_0001, 0]),
            0xfe00
        );
        assert_eq!(cvt("cvt.rn.bf16x2.ue8m0x2", &[0x80ff]), 0x4000_7fff);
    }

    /// Every form of every row evaluates, on any register bits (high bits
    /// beyond the source type included), to bits within its destination
    /// type, without a panic.
    #[test]
    fn every_form_stays_in_its_destination() {
        let inputs = [
            0,
            u64::MAX,
            1 << 63,
            0x7ff8_0000_0000_0001,
            0xffff_ffff_7fc0_0001,
            0x8000_0001,
            0x7f7f_ffff,
            0xdead_beef_cafe_f00d,
        ];
        let forms = Cvt::all();
        assert!(forms.len() > 600, "{}", forms.len());
        for c in forms {
            let srcs = vec![0; c.sources()];
            for x in inputs {
                for y in inputs {
                    let mut s = srcs.clone();
                    s[0] = x;
                    if let Some(b) = s.get_mut(1) {
                        *b = y;
                    }
                    let r = c.eval(&s);
                    assert_eq!(r & !c.dst.mask(), 0, "{c} {s:x?} -> {r:#x}");
                }
            }
        }
    }

    /// sm_1x code flushes `.f32` subnormals in every `cvt`.
    #[test]
    fn sm_1x_code_flushes() {
        let c = Cvt::parse("cvt.f64.f32").unwrap();
        let old = Exec::on(ptxfp_isa::target::Target::sm(13));
        assert_eq!(c.eval_in(&[0x8000_0001], &old), 0x8000_0000_0000_0000);
        assert_eq!(
            c.eval_in(&[0x8000_0001], &Exec::default()),
            0xb6a0_0000_0000_0000
        );
        let i = Cvt::parse("cvt.rpi.s32.f32").unwrap();
        assert_eq!(i.eval_in(&[1], &old), 0);
        assert_eq!(i.eval_in(&[1], &Exec::default()), 1);
    }

    /// The NaN results and the -0.0 rules are the profile's, not constants.
    #[test]
    fn the_profile_decides() {
        let hw = HwProfile {
            half_nan: 0x7e00,
            f32_nan: 0x7fc0_0000,
            sat_clears_neg_zero: false,
            relu_clears_neg_zero: false,
            ..HwProfile::NVIDIA
        };
        let c = |t: &str, x: u64| Cvt::parse(t).unwrap().eval_on(&[x], &hw);
        assert_eq!(c("cvt.rn.f16.f32", 0xffc0_0001), 0x7e00);
        assert_eq!(c("cvt.rn.bf16.f32", 0x7f80_0001), 0x7e00);
        assert_eq!(c("cvt.f32.f16", 0x7e01), 0x7fc0_0000);
        // -0.0 stays -0.0 under .sat and .relu when the profile says so;
        // other negatives still clamp to +0.
        assert_eq!(c("cvt.rn.sat.f16.f32", 0x8000_0000), 0x8000);
        assert_eq!(c("cvt.rn.relu.f16.f32", 0x8000_0000), 0x8000);
        assert_eq!(c("cvt.rn.sat.f16.f32", 0xbf80_0000), 0);
        assert_eq!(c("cvt.rn.sat.f16.f32", 0x4000_0000), 0x3c00);
        // The H200's cvt rules, each one field (docs/NVIDIA.md "cvt: NaNs,
        // moves and .ftz"): with them off, NaNs take the NaN of the result
        // type and .ftz flushes every .f32 source.
        let off = HwProfile {
            tf32_rna_nan_truncated: false,
            tf32_rna_satfinite_steps_down: false,
            cvt_same_type_moves: false,
            cvt_f32_bf16_moves: false,
            cvt_ftz_f32_nan_canonical: false,
            cvt_f64_narrowing_keeps_nan: false,
            cvt_f16_ftz_flushes_source: true,
            ..HwProfile::NVIDIA
        };
        let o = |t: &str, x: u64| Cvt::parse(t).unwrap().eval_on(&[x], &off);
        assert_eq!(o("cvt.f32.f32", 0x7fa7_af0c), 0x7fff_ffff);
        assert_eq!(o("cvt.f64.f64", 0x7ff4 << 48), 0x7ffc << 48);
        assert_eq!(o("cvt.f32.bf16", 0x7fa0), 0x7fff_ffff);
        assert_eq!(o("cvt.ftz.f64.f32", 0x7fc0_0000), 0x7ff8 << 48);
        assert_eq!(o("cvt.rn.f16.f64", 0x7ff4 << 48), 0x7fff);
        assert_eq!(o("cvt.rna.tf32.f32", 0x7fa7_af0c), 0x7fff_e000);
        assert_eq!(o("cvt.rna.satfinite.tf32.f32", 0x7fa7_af0c), 0x7fff_e000);
        assert_eq!(o("cvt.rna.satfinite.tf32.f32", 0x7f80_0000), 0x7f7f_e000);
        assert_eq!(o("cvt.rm.ftz.f16.f32", 0x8000_0001), 0x8000);
        // NVIDIA's profile: the documented constants.
        let n = |t: &str, x: u64| Cvt::parse(t).unwrap().eval(&[x]);
        assert_eq!(n("cvt.rn.sat.f16.f32", 0x8000_0000), 0);
        assert_eq!(n("cvt.rn.f16.f32", 0xffc0_0001), 0x7fff);
    }
}
