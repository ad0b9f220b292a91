//! Bit-exact semantics of every form, composed of stages:
//! oob check → flush inputs (.ftz) → exact op (ptxfp_float) → flush result
//! (.ftz) → .sat/.relu → NaN canonicalization → pack lanes.
//!
//! Every NVIDIA-specific choice comes from [`HwProfile`]; nothing here uses a
//! host float.

use crate::quirks::Exec;
use crate::quirks::{FtzTiming, HwProfile};
use ptxfp_isa::form::{Clamp, Form, FormType, Opcode};

mod ieee;
mod minmax;
use ptxfp_float::{
    self as float, convert, decode, is_nan, is_subnormal, product, sum, Format, Round, Value, BF16,
    F16, F32, F64,
};

/// The semantics of a [`Form`].
///
/// ```
/// use ptxfp_isa::Form;
/// use ptxfp_model::{Eval, Exec};
/// let f = Form::parse("fma.rn.relu.bf16x2").unwrap();
/// // Lane 0: 1 * 1 + (-2) = -1 -> .relu -> +0; lane 1: 1 * 1 + 1 = 2.
/// assert_eq!(f.eval(&[0x3f80_3f80, 0x3f80_3f80, 0x3f80_c000], &Exec::default()), 0x4000_0000);
/// // The operand count is checked by try_eval (and asserted by eval in
/// // debug builds): fma takes three.
/// assert_eq!(
///     f.try_eval(&[0x3f80_3f80, 0x3f80_3f80], &Exec::default()),
///     Err("fma.rn.relu.bf16x2 takes 3 source operands, got 2".to_string())
/// );
/// ```
pub trait Eval {
    /// Computes the destination bits from the source bits (the low bits of
    /// each `u64`, in operand order: `a, b[, c]`; mixed `add`/`sub`: `a, c`),
    /// per docs/NVIDIA.md, for the device `exec` models; bits above a
    /// source's width are ignored.
    ///
    /// `srcs` holds exactly the form's sources (`Form::source_types`, as
    /// many as `Opcode::arity`). A wrong count is the caller's bug: a debug
    /// build panics on it (`debug_assert`); a release build, which does
    /// not check on this hot path, reads a missing source as 0 and ignores
    /// an extra one. Where the count comes from input, use
    /// [`Eval::try_eval`].
    fn eval(&self, srcs: &[u64], exec: &Exec) -> u64;

    /// [`Eval::eval`] with the operand count checked, as `ptxfp eval`
    /// checks it: an error (`add.rn.f16 takes 2 source operands, got 3`)
    /// where `srcs` does not hold exactly the form's sources.
    ///
    /// # Errors
    /// The message above, for a wrong count.
    fn try_eval(&self, srcs: &[u64], exec: &Exec) -> Result<u64, String>;
}

impl Eval for Form {
    /// Computes the destination bits from the source bits (the low bits of
    /// each `u64`, in operand order: `a, b[, c]`; mixed `add`/`sub`: `a, c`),
    /// per docs/NVIDIA.md, for the device `exec` models; bits above a
    /// source's width are ignored. A wrong number of sources panics in a
    /// debug build ([`Eval::eval`]).
    fn eval(&self, srcs: &[u64], exec: &Exec) -> u64 {
        debug_assert!(
            srcs.len() == self.op().arity(),
            "{self} takes {} source operands, got {} (Eval::try_eval checks the count)",
            self.op().arity(),
            srcs.len()
        );
        let s = |i: usize| srcs.get(i).copied().unwrap_or(0);
        let exec = &Exec {
            hw: exec.device_profile(),
            ..*exec
        };
        let hw = &exec.hw;
        // 9.7.3.3-6: "fA[0] = a[0:31]; fA[1] = a[32:63]; [...] for (i = 0; i <
        // 2; i++) d[i] = fA[i] + fB[i];": each lane the `.f32` form.
        if let Some(lane) = self.f32x2_lane() {
            let half = |k: u32| -> Vec<u64> { srcs.iter().map(|v| v >> k & 0xffff_ffff).collect() };
            let (lo, hi) = (lane.eval(&half(0), exec), lane.eval(&half(32), exec));
            return (hi & 0xffff_ffff) << 32 | (lo & 0xffff_ffff);
        }
        if self.op().is_minmax() {
            return minmax::eval(self, s(0), s(1), s(2), exec);
        }
        if ieee::handles(self) {
            return ieee::eval(self, srcs, exec);
        }
        match self.ty() {
            FormType::F16 => half_lane::<F16>(self, s(0), s(1), s(2), hw),
            FormType::BF16 => half_lane::<BF16>(self, s(0), s(1), s(2), hw),
            FormType::F16x2 => lanes(s(0), s(1), s(2), |a, b, c| {
                half_lane::<F16>(self, a, b, c, hw)
            }),
            FormType::BF16x2 => lanes(s(0), s(1), s(2), |a, b, c| {
                half_lane::<BF16>(self, a, b, c, hw)
            }),
            FormType::F32F16 => mixed::<F16>(self, s(0), s(1), s(2), hw),
            FormType::F32BF16 => mixed::<BF16>(self, s(0), s(1), s(2), hw),
            FormType::F32 => mad_f32(self, s(0), s(1), s(2), exec),
            FormType::F64 => mad_f64(self, s(0), s(1), s(2), hw),
            FormType::F32x2 => unreachable!("computed per lane above"),
        }
    }

    fn try_eval(&self, srcs: &[u64], exec: &Exec) -> Result<u64, String> {
        let n = self.op().arity();
        if srcs.len() != n {
            return Err(format!(
                "{self} takes {n} source operands, got {}",
                srcs.len()
            ));
        }
        Ok(self.eval(srcs, exec))
    }
}

/// 9.7.4.1: "fA[0] = a[0:15]; fA[1] = a[16:31]; [...] for (i = 0; i < 2; i++)
/// d[i] = fA[i] + fB[i];" — lanes computed independently, lane 0 in bits 0..15.
pub(super) fn lanes(a: u64, b: u64, c: u64, f: impl Fn(u64, u64, u64) -> u64) -> u64 {
    let lo = f(a & 0xffff, b & 0xffff, c & 0xffff);
    let hi = f((a >> 16) & 0xffff, (b >> 16) & 0xffff, (c >> 16) & 0xffff);
    (hi & 0xffff) << 16 | (lo & 0xffff)
}

/// 9.7.4.1: "`add.ftz.{f16, f16x2}` flushes subnormal inputs [...] to
/// sign-preserving zero."
pub(super) fn flush<F: Format>(x: u64) -> u64 {
    if is_subnormal::<F>(x) {
        x & F::SIGN
    } else {
        x
    }
}

/// The exact operation rounded once (docs/NVIDIA.md "Rounding"), with the result
/// flushed under `.ftz` (9.7.4.1: "flushes [...] results to sign-preserving
/// zero"; timing: [`HwProfile::ftz_timing`], NOTE(hw)).
fn exact_op<F: Format>(
    op: Opcode,
    a: u64,
    b: u64,
    c: u64,
    rm: Round,
    ftz: bool,
    hw: &HwProfile,
) -> u64 {
    let run = |rm| match op {
        Opcode::Add => float::add::<F>(a, b, rm),
        Opcode::Sub => float::sub::<F>(a, b, rm),
        Opcode::Mul => float::mul::<F>(a, b, rm),
        Opcode::Fma | Opcode::Mad => float::fma::<F>(a, b, c, rm),
        // 9.7.3.8: "div.rnd [...] IEEE 754 compliant rounding"; 9.7.3.13
        // rcp "d = 1 / a"; 9.7.3.15 sqrt "d = sqrt(a)".
        Opcode::Div => float::div::<F>(a, b, rm),
        Opcode::Rcp => float::div::<F>(one::<F>(), a, rm),
        Opcode::Sqrt => float::sqrt::<F>(a, rm),
        _ => unreachable!("{op:?} is not an exact rounded operation"),
    };
    let r = run(rm).bits & F::ALL;
    if !ftz {
        return r;
    }
    let tiny = match hw.ftz_timing {
        FtzTiming::AfterRounding => is_subnormal::<F>(r),
        FtzTiming::BeforeRounding => {
            // |exact| < MIN_NORMAL exactly when its truncation toward zero is
            // (MIN_NORMAL is representable).
            let t = run(Round::TowardZero).bits & F::ALL;
            !is_nan::<F>(t) && t & !F::SIGN < F::MIN_NORMAL
        }
        // IEEE 754 §7.5: "tininess [...] after rounding — when a non-zero
        // result computed as though the exponent range were unbounded would
        // lie strictly between ±b^emin": the same operation in F's precision
        // with binary64's exponent range.
        FtzTiming::IeeeAfterRounding => unbounded_tiny::<F>(op, a, b, c, rm),
    };
    if tiny {
        r & F::SIGN
    } else {
        r
    }
}

/// Whether `op` on `a`, `b`, `c`, rounded in `rm` to `F`'s precision with
/// an unbounded exponent range (`float::Wide<F>`), is below `F`'s smallest
/// normal in magnitude (a zero result included, which flushes to itself).
fn unbounded_tiny<F: Format>(op: Opcode, a: u64, b: u64, c: u64, rm: Round) -> bool {
    type W<F> = float::Wide<F>;
    // Every F value is exact in W<F>.
    let w = |x: u64| float::convert::<F, W<F>>(x, rm).bits;
    let (a, b, c) = (w(a), w(b), w(c));
    let r = match op {
        Opcode::Add => float::add::<W<F>>(a, b, rm),
        Opcode::Sub => float::sub::<W<F>>(a, b, rm),
        Opcode::Mul => float::mul::<W<F>>(a, b, rm),
        Opcode::Fma | Opcode::Mad => float::fma::<W<F>>(a, b, c, rm),
        Opcode::Div => float::div::<W<F>>(a, b, rm),
        Opcode::Rcp => float::div::<W<F>>(w(one::<F>()), a, rm),
        Opcode::Sqrt => float::sqrt::<W<F>>(a, rm),
        _ => unreachable!("{op:?} is not an exact rounded operation"),
    }
    .bits
        & W::<F>::ALL;
    !is_nan::<W<F>>(r) && r & !W::<F>::SIGN < w(F::MIN_NORMAL)
}

/// The value 1.0 in format `F`.
fn one<F: Format>() -> u64 {
    (F::BIAS as u64) << F::FRAC_BITS
}

/// 9.7.4.1: "`add.sat.{f16, f16x2}` clamps the result to [0.0, 1.0]. `NaN`
/// results are flushed to `+0.0f`." 9.7.4.4: "`fma.relu` clamps the result
/// to 0 if negative. `NaN` result is converted to canonical `NaN`."
fn clamp<F: Format>(clamp: Clamp, x: u64, hw: &HwProfile) -> u64 {
    let neg_zero = x == F::SIGN;
    match clamp {
        Clamp::None => x,
        Clamp::Sat if is_nan::<F>(x) => 0,
        // NOTE(hw): -0.0 under .sat, docs/NVIDIA.md ".sat".
        Clamp::Sat if neg_zero => {
            if hw.sat_clears_neg_zero {
                0
            } else {
                x
            }
        }
        Clamp::Sat if x & F::SIGN != 0 => 0,
        Clamp::Sat if x > one::<F>() => one::<F>(),
        Clamp::Sat => x,
        // The NaN is made canonical by the next stage.
        Clamp::Relu if is_nan::<F>(x) => x,
        // NOTE(hw): -0.0 under .relu, docs/NVIDIA.md ".relu".
        Clamp::Relu if neg_zero => {
            if hw.relu_clears_neg_zero {
                0
            } else {
                x
            }
        }
        Clamp::Relu if x & F::SIGN != 0 => 0,
        Clamp::Relu => x,
    }
}

/// One lane of a half-precision form (9.7.4).
fn half_lane<F: Format>(form: &Form, a: u64, b: u64, c: u64, hw: &HwProfile) -> u64 {
    // 9.7.4.4: "`fma.oob` clamps the result to 0 if either of the operands is
    // `OOB NaN` [...] performed independently for each of the two SIMD
    // operations." NOTE(hw): the OOB-NaN pattern, docs/NVIDIA.md ".oob".
    if form.oob() && (hw.is_oob_nan(a) || hw.is_oob_nan(b)) {
        return 0;
    }
    let (a, b, c) = if form.ftz() {
        (flush::<F>(a), flush::<F>(b), flush::<F>(c))
    } else {
        (a, b, c)
    };
    // 9.7.4.1: ".rn: mantissa LSB rounds to nearest even" (the only mode).
    let r = exact_op::<F>(form.op(), a, b, c, form.rounding(), form.ftz(), hw);
    let r = clamp::<F>(form.clamp(), r, hw);
    // NOTE(hw): docs/NVIDIA.md "NaN results": every f16/bf16 NaN result is half_nan.
    if is_nan::<F>(r) {
        hw.half_nan as u64
    } else {
        r
    }
}

/// Mixed precision (9.7.5). Sources: `add`/`sub`: `a, c`; `fma`: `a, b, c`.
fn mixed<S: Format>(form: &Form, s0: u64, s1: u64, s2: u64, hw: &HwProfile) -> u64 {
    // 9.7.5.1: "Converts input operand a from .atype into .f32 type" — exact:
    // every f16 and bf16 value is an f32 value.
    let up = |x: u64| convert::<S, F32>(x & S::ALL, Round::NearestEven).bits;
    let rm = form.rounding();
    // 9.7.5.1: "d = convert(a) + c"; 9.7.5.3: "d = convert(a) * convert(b) + c",
    // "rounded to single precision using the rounding mode specified by .rnd".
    let r = match form.op() {
        Opcode::Fma => exact_op::<F32>(Opcode::Fma, up(s0), up(s1), s2 & F32::ALL, rm, false, hw),
        op => exact_op::<F32>(op, up(s0), s1 & F32::ALL, 0, rm, false, hw),
    };
    // 9.7.5: "support saturation of results to the range [0.0, 1.0], with NaN
    // being flushed to positive zero."
    let r = clamp::<F32>(form.clamp(), r, hw);
    // docs/NVIDIA.md "NaN results": a mixed-precision NaN result is the f32 one (f32_nan).
    if is_nan::<F32>(r) {
        hw.f32_nan as u64
    } else {
        r
    }
}

/// `mad.f32` (9.7.3.7).
fn mad_f32(form: &Form, a: u64, b: u64, c: u64, exec: &Exec) -> u64 {
    let hw = &exec.hw;
    let (a, b, c) = (a & F32::ALL, b & F32::ALL, c & F32::ALL);
    let r = match form.rnd() {
        // 9.7.3.7 "For .target sm_20 and higher: mad.f32 computes the product of a and
        // b to infinite precision and then adds c [...]. The resulting value is then
        // rounded to single precision using the rounding mode specified by .rnd."
        Some(rm) => fused_f32(a, b, c, rm, form.ftz(), hw),
        // docs/NVIDIA.md "mad.f32 without a rounding modifier": on an sm_1x device,
        // sm_1x code keeps its sm_1x semantics.
        None if exec.code_target.is_sm1x() && exec.device.is_sm1x() => mad_sm1x(a, b, c, hw),
        // 9.7.3.7: "When JIT-compiled for SM 2.0 devices, mad.f32 is implemented
        // as a fused multiply-add (i.e., fma.rn.ftz.f32)."
        None if exec.code_target.is_sm1x() => fused_f32(a, b, c, Round::NearestEven, true, hw),
        // 9.7.3.7 Errata: for sm_20+ targets "mad.f32 silently defaults to mad.rn.f32".
        None => fused_f32(a, b, c, Round::NearestEven, form.ftz(), hw),
    };
    // 9.7.3.7: "mad.sat.f32 clamps the result to [0.0, 1.0]. NaN results are
    // flushed to +0.0f."
    let r = clamp::<F32>(form.clamp(), r, hw);
    // docs/NVIDIA.md "NaN results": f32 NaN results are 0x7fffffff (doc).
    if is_nan::<F32>(r) {
        hw.f32_nan as u64
    } else {
        r
    }
}

/// fma on f32 with optional flushing of inputs and result.
fn fused_f32(a: u64, b: u64, c: u64, rm: Round, ftz: bool, hw: &HwProfile) -> u64 {
    let (a, b, c) = if ftz {
        (flush::<F32>(a), flush::<F32>(b), flush::<F32>(c))
    } else {
        (a, b, c)
    };
    exact_op::<F32>(Opcode::Fma, a, b, c, rm, ftz, hw)
}

/// 9.7.3.7 "For .target sm_1x: mad.f32 computes the product of a and b at
/// double precision, and then the mantissa is truncated to 23 bits, but the
/// exponent is preserved. [...] when c = +/-0.0, mad.f32 is identical to the
/// result computed using separate mul and add instructions." Details per
/// docs/NVIDIA.md "mad.f32 without a rounding modifier" (hw, envytools).
fn mad_sm1x(a: u64, b: u64, c: u64, hw: &HwProfile) -> u64 {
    let rn = Round::NearestEven;
    // "mad.f32 flushes subnormal inputs and results to sign-preserving zero."
    let (a, b, c) = (flush::<F32>(a), flush::<F32>(b), flush::<F32>(c));
    let fin = |x| match decode::<F32>(x) {
        Value::Finite(e) => Some(e),
        _ => None,
    };
    match (fin(a), fin(b), fin(c)) {
        (Some(x), Some(y), Some(z)) if x.sig != 0 && y.sig != 0 && z.sig != 0 => {
            // Exact product, significand truncated toward zero to 24 bits
            // (23 stored + hidden), exponent unbounded; then + c, rounded once.
            let p = product(x, y).truncate(F32::PRECISION);
            let r = sum::<F32>(p, z, rn).bits;
            flush::<F32>(r)
        }
        (Some(_), Some(_), Some(_)) => {
            // A zero operand: add.rn.ftz(mul.rn.ftz(a, b), c).
            let p = exact_op::<F32>(Opcode::Mul, a, b, 0, rn, true, hw);
            exact_op::<F32>(Opcode::Add, p, c, 0, rn, true, hw)
        }
        // Infinities and NaNs: no truncation can matter; NaN/invalid become
        // 0x7fffffff in the caller.
        _ => float::fma::<F32>(a, b, c, rn).bits,
    }
}

/// `mad.f64` (9.7.3.7): "computes the product of a and b to infinite
/// precision and then adds c [...] rounded to double precision using the
/// rounding mode specified by .rnd" (legacy `mad.f64`: `.rn`). "Unlike
/// mad.f32, the treatment of subnormal inputs and output follows IEEE 754."
fn mad_f64(form: &Form, a: u64, b: u64, c: u64, hw: &HwProfile) -> u64 {
    let ops = [a, b, c];
    // docs/NVIDIA.md "NaN results" f64: the first NaN in hw.f64_nan_priority
    // order (b, c, a: hw, H200), quieted.
    for i in hw.f64_nan_priority {
        let x = ops[(i as usize).min(2)];
        if is_nan::<F64>(x) {
            return x | F64::QUIET;
        }
    }
    let r = float::fma::<F64>(a, b, c, form.rounding()).bits;
    // An invalid operation: CUDART_NAN (doc).
    if is_nan::<F64>(r) {
        hw.f64_invalid_nan
    } else {
        r
    }
}
