//! The `.f32`/`.f64` arithmetic of PTX ISA 9.7.3 beside `fma`/`mad`/`min`/
//! `max` (`add`, `sub`, `mul`, `div`, `rcp`, `sqrt` with every rounding,
//! `.ftz`, `.sat`), the sign operations (`abs`, `neg`, `copysign`, also on
//! the half types, 9.7.4.5/9.7.4.6), and the `.approx` instructions
//! (`rsqrt`, `ex2`, `lg2`, `sin`, `cos`, `tanh`, and `.approx`/`.full`
//! forms of `div`, `rcp`, `sqrt`), composed of stages:
//! flush inputs (.ftz) → exact op rounded once (ptxfp_float) → flush result
//! (.ftz) → .sat → NaN result.
//!
//! The `.approx` instructions have no published bit-level definition: the
//! PTX ISA gives an error bound. ptxfp returns the correctly rounded value
//! of the exact function (within every bound the ISA states), computed
//! through the host's f64 functions for the transcendental ones, and flags
//! it approximate (`Form::is_approx`); docs/NVIDIA.md ".approx". The
//! 16-bit `ex2.approx`/`tanh.approx` forms give an H200's measured bits
//! instead (`HwProfile::half_approx_measured`, crate::measured). Where the
//! ISA does state bits (`div.approx.f32` beyond 2^126, the upper-word
//! `rcp`/`rsqrt.approx.ftz.f64`), ptxfp gives those;
//! `crates/model/tests/approx_bounds.rs` checks the bounds and the bits.

use super::{clamp, exact_op, flush, lanes};
use crate::quirks::{Exec, HwProfile};
use ptxfp_float::{convert, is_nan, is_subnormal, Format, Round, BF16, F16, F32, F64};
use ptxfp_isa::form::{Approx, Form, FormType, Opcode};

/// Computes one of this module's forms.
pub(super) fn eval(form: &Form, s: &[u64], exec: &Exec) -> u64 {
    let hw = &exec.hw;
    let a = |i: usize| s.get(i).copied().unwrap_or(0);
    match form.ty() {
        FormType::F32 => f32_op(form, a(0), a(1), exec.code_target.is_sm1x(), hw),
        FormType::F64 => f64_op(form, a(0), a(1), hw),
        FormType::F16 => half::<F16>(form, a(0), hw),
        FormType::BF16 => half::<BF16>(form, a(0), hw),
        FormType::F16x2 => lanes(a(0), 0, 0, |x, _, _| half::<F16>(form, x, hw)),
        FormType::BF16x2 => lanes(a(0), 0, 0, |x, _, _| half::<BF16>(form, x, hw)),
        FormType::F32F16 | FormType::F32BF16 | FormType::F32x2 => {
            unreachable!("no mixed-precision rows here; .f32x2 computes per lane")
        }
    }
}

/// True for the forms this module computes.
pub(super) fn handles(form: &Form) -> bool {
    match form.op() {
        Opcode::Fma | Opcode::Mad => false,
        o if o.is_minmax() => false,
        Opcode::Add | Opcode::Sub | Opcode::Mul => {
            matches!(form.ty(), FormType::F32 | FormType::F64)
        }
        _ => true,
    }
}

/// The value of `x`'s format as an f64 (exact: every f16, bf16, f32 value
/// is an f64 value).
fn to_f64<F: Format>(x: u64) -> f64 {
    f64::from_bits(convert::<F, F64>(x & F::ALL, Round::NearestEven).bits)
}

/// `v` rounded once to `F`, to nearest.
fn from_f64<F: Format>(v: f64) -> u64 {
    convert::<F64, F>(v.to_bits(), Round::NearestEven).bits & F::ALL
}

/// The exact function of an `.approx`-only opcode, through the host's f64
/// (9.7.3.16 rsqrt "d = 1/sqrt(a)", 9.7.3.18 sin, 9.7.3.19 cos, 9.7.3.20 lg2
/// "d = log(a) / log(2)", 9.7.3.21 ex2 "d = 2 ^ a", 9.7.3.22 tanh). The
/// specials the ISA lists follow from IEEE's: "sin(±Inf) = NaN", "lg2(+0) =
/// -Inf", "ex2(-Inf) = +0", "tanh(±Inf) = ±1.0".
fn transcendental(op: Opcode, x: f64) -> f64 {
    match op {
        Opcode::Rsqrt => 1.0 / x.sqrt(),
        Opcode::Sin => x.sin(),
        Opcode::Cos => x.cos(),
        Opcode::Lg2 => x.log2(),
        Opcode::Ex2 => x.exp2(),
        Opcode::Tanh => x.tanh(),
        _ => unreachable!("not an approx-only opcode"),
    }
}

/// The sign operations (9.7.3.9 abs "d = |a|", 9.7.3.10 neg "d = -a",
/// 9.7.3.2 copysign "Copy sign of a into value of b"), for a non-NaN
/// or NaN `x` of format `F` (the caller decides NaNs' fate).
fn sign_op<F: Format>(op: Opcode, x: u64, sign_from: u64) -> u64 {
    match op {
        Opcode::Abs => x & !F::SIGN,
        Opcode::Neg => x ^ F::SIGN,
        Opcode::Copysign => (x & !F::SIGN) | (sign_from & F::SIGN),
        _ => unreachable!("not a sign operation"),
    }
}

/// A `.f32` form; `sm1x`: the code targets sm_1x.
fn f32_op(form: &Form, a: u64, b: u64, sm1x: bool, hw: &HwProfile) -> u64 {
    let (a, b) = (a & F32::ALL, b & F32::ALL);
    let canonical = u64::from(hw.f32_nan);
    let op = form.op();
    // 9.7.3.3 (and 9.7.3.4/5, 9.7.3.9/10): "sm_1x: add.f32 flushes subnormal
    // inputs and results to sign-preserving zero" (9.7.3: single precision
    // "for sm_1x targets"), as `min.f32` there.
    // 9.7.3.8: "`div.f32` defaults to `div.approx.ftz.f32`" up to PTX ISA
    // 1.3 (rcp, sqrt alike): those forms flush wherever they run.
    let ftz = form.ftz() || (sm1x && op != Opcode::Copysign) || form.is_legacy_approx();
    // 9.7.3.3: "add.ftz.f32 flushes subnormal inputs and results to
    // sign-preserving zero" (every .ftz of 9.7.3 alike).
    let (a, b) = if ftz {
        (flush::<F32>(a), flush::<F32>(b))
    } else {
        (a, b)
    };
    let op = form.op();
    let r = match op {
        // 9.7.3.9: "NaN inputs yield an unspecified NaN" (docs/NVIDIA.md
        // "abs, neg and copysign", NOTE(hw)).
        Opcode::Abs | Opcode::Neg if is_nan::<F32>(a) && hw.sign_ops_canonical_nan => canonical,
        Opcode::Abs | Opcode::Neg => sign_op::<F32>(op, a, 0),
        // copysign: d takes b's magnitude and a's sign.
        Opcode::Copysign => sign_op::<F32>(op, b, a),
        // 9.7.3.8: "`div.approx.f32` implements a fast approximation to
        // divide, computed as `d = a * (1/b)`. For |b| in [2^-126, 2^126],
        // the maximum ulp error is 2. For 2^126 < |b| < 2^128, if a is
        // infinity, `div.approx.f32` returns NaN, otherwise it returns a
        // sign-preserving zero" (1/b is then below the normal range and
        // flushed: a NaN `a` gives a NaN as the formula does).
        // docs/NVIDIA.md ".approx".
        Opcode::Div
            if form.approx() != Approx::Full
                && form.is_approx()
                && (0x7e80_0001..0x7f80_0000).contains(&(b & !F32::SIGN)) =>
        {
            if a & !F32::SIGN >= 0x7f80_0000 {
                canonical
            } else {
                (a ^ b) & F32::SIGN
            }
        }
        Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Div | Opcode::Rcp | Opcode::Sqrt => {
            // "mantissa LSB rounds to nearest even" unless another `.rnd`;
            // `.approx`/`.full` forms: the correctly rounded value (within
            // their bounds: 9.7.3.8 "maximum ulp error is 2").
            exact_op::<F32>(op, a, b, 0, form.rounding(), ftz, hw)
        }
        _ => {
            let r = from_f64::<F32>(transcendental(op, to_f64::<F32>(a)));
            if ftz && is_subnormal::<F32>(r) {
                r & F32::SIGN
            } else {
                r
            }
        }
    };
    // 9.7.3.3: "add.sat.f32 clamps the result to [0.0, 1.0]. NaN results
    // are flushed to +0.0f."
    let r = clamp::<F32>(form.clamp(), r, hw);
    // docs/NVIDIA.md "NaN results": f32 NaN results are 0x7fffffff (doc);
    // the sign operations decided their NaN above.
    if is_nan::<F32>(r) && !matches!(op, Opcode::Abs | Opcode::Neg | Opcode::Copysign) {
        canonical
    } else {
        r
    }
}

/// A `.f64` form: "Double-precision instructions support subnormal
/// inputs and results" (9.7.3); `rcp.approx.ftz.f64` and
/// `rsqrt.approx.ftz.f64` flush.
fn f64_op(form: &Form, a: u64, b: u64, hw: &HwProfile) -> u64 {
    let op = form.op();
    let ftz = form.ftz();
    if ftz && matches!(op, Opcode::Rcp | Opcode::Rsqrt) {
        return upper_word_approx(op, a);
    }
    let a = if ftz { flush::<F64>(a) } else { a };
    match op {
        // CUDA C++ Programming Guide: "double-precision floating-point
        // absolute value and negation are not compliant with IEEE-754 with
        // respect to NaNs; these are passed through unchanged": sign and
        // payload are; a signalling NaN comes back quiet on the H200
        // (HwProfile::f64_sign_ops_quiet, docs/NVIDIA.md, hw).
        Opcode::Abs | Opcode::Neg if is_nan::<F64>(a) && hw.f64_sign_ops_quiet => {
            return a | F64::QUIET
        }
        Opcode::Abs | Opcode::Neg if is_nan::<F64>(a) => return a,
        Opcode::Abs | Opcode::Neg => return sign_op::<F64>(op, a, 0),
        Opcode::Copysign => return sign_op::<F64>(op, b, a),
        _ => {}
    }
    // docs/NVIDIA.md "NaN results" f64: the first NaN input in
    // hw.f64_nan_priority order (div: hw.f64_div_nan_priority), quieted (hw).
    let ops = [a, b];
    let priority = if op == Opcode::Div {
        hw.f64_div_nan_priority
    } else {
        hw.f64_nan_priority
    };
    for i in priority {
        let i = i as usize;
        if i < op.arity() && is_nan::<F64>(ops[i]) {
            return ops[i] | F64::QUIET;
        }
    }
    let r = match op {
        Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Div | Opcode::Rcp | Opcode::Sqrt => {
            exact_op::<F64>(op, a, b, 0, form.rounding(), ftz, hw)
        }
        _ => {
            let r = transcendental(op, f64::from_bits(a)).to_bits();
            if ftz && is_subnormal::<F64>(r) {
                r & F64::SIGN
            } else {
                r
            }
        }
    };
    // An invalid operation: CUDART_NAN (doc).
    if is_nan::<F64>(r) {
        hw.f64_invalid_nan
    } else {
        r
    }
}

/// The canonical NaN of `rcp.approx.ftz.f64` and `rsqrt.approx.ftz.f64`
/// (9.7.3.14, 9.7.3.17): "Input NaNs map to a canonical NaN with encoding
/// `0x7fffffff00000000`".
const UPPER_WORD_NAN: u64 = 0x7fff_ffff_0000_0000;

/// `rcp.approx.ftz.f64` (9.7.3.14) and `rsqrt.approx.ftz.f64` (9.7.3.17):
/// "tmp = a[63:32]; // upper word of a, 1.11.20 format", "d[63:32] = 1.0 /
/// tmp;" (`1.0 / sqrt(tmp)`), "d[31:0] = 0x00000000;". "Subnormal inputs
/// and results are flushed to sign-preserving zero." The ISA calls the
/// upper word a "gross approximation" and states no bound; ptxfp gives the
/// exact `1/tmp` (`1/sqrt(tmp)`) truncated to that 1.11.20 format, which is
/// what the H200 gave in every recorded case (docs/NVIDIA.md ".approx").
fn upper_word_approx(op: Opcode, a: u64) -> u64 {
    let tmp = a & 0xffff_ffff_0000_0000;
    if is_nan::<F64>(tmp) {
        return UPPER_WORD_NAN;
    }
    // Flushed input (the tables: "-subnormal → -Inf", "+subnormal → +Inf").
    let tmp = if tmp & 0x7ff0_0000_0000_0000 == 0 {
        tmp & F64::SIGN
    } else {
        tmp
    };
    let neg = tmp & F64::SIGN != 0;
    let mag = tmp & !F64::SIGN;
    // The tables' rows: ±0 → ±Inf; +Inf → +0.0; rcp(-Inf) = -0.0;
    // rsqrt of -Inf or a negative normal: NaN.
    if mag == 0 {
        return tmp | 0x7ff0_0000_0000_0000;
    }
    if op == Opcode::Rsqrt && neg {
        return UPPER_WORD_NAN;
    }
    if mag == 0x7ff0_0000_0000_0000 {
        return tmp & F64::SIGN;
    }
    // tmp = m × 2^e with m the 21-bit significand (1.20).
    let m = u128::from((mag >> 32) & 0xf_ffff | 0x10_0000);
    let e = ((mag >> 52) as i32) - 1023 - 20;
    // The exact result's magnitude as q × 2^k plus less than 2^k: q its
    // leading bits (at least 21 of them), truncated.
    let (q, k) = match op {
        // 1/tmp = (2^41 / m) × 2^(-41 - e), 2^41 / m in (2^20, 2^21].
        Opcode::Rcp => ((1u128 << 41) / m, -41 - e),
        // 1/sqrt(tmp) with e even = sqrt(2^84 / m) × 2^(-42 - e/2), the root
        // in (2^31, 2^32]; ⌊√⌊x⌋⌋ = ⌊√x⌋.
        _ => {
            let (m, e) = if e % 2 != 0 { (m << 1, e - 1) } else { (m, e) };
            (isqrt((1u128 << 84) / m), -42 - e / 2)
        }
    };
    // Keep 21 significant bits (truncating) so that the result fits the
    // upper word.
    let drop = (128 - q.leading_zeros()).saturating_sub(21);
    let r = ptxfp_float::round::<F64>(neg, k + drop as i32, q >> drop, Round::TowardZero).bits;
    // Results below the normal range are flushed.
    if r & 0x7ff0_0000_0000_0000 == 0 {
        r & F64::SIGN
    } else {
        r
    }
}

/// ⌊√n⌋.
fn isqrt(n: u128) -> u128 {
    if n == 0 {
        return 0;
    }
    let mut x = (n as f64).sqrt() as u128;
    while x * x > n {
        x -= 1;
    }
    while (x + 1) * (x + 1) <= n {
        x += 1;
    }
    x
}

/// One `.f16`/`.bf16` lane of `abs`, `neg` (9.7.4.5/9.7.4.6), `tanh.approx`
/// (9.7.4.9) or `ex2.approx` (9.7.4.10).
fn half<F: Format>(form: &Form, x: u64, hw: &HwProfile) -> u64 {
    let x = x & F::ALL;
    // `tanh.approx`/`ex2.approx`: the GPU's own result for this source,
    // measured over every input (crate::measured), where the profile
    // takes them; the ISA bounds the error only.
    if hw.half_approx_measured {
        if let Some(r) = crate::measured::half_lane(form, x) {
            return r;
        }
    }
    // 9.7.4.5: "neg.ftz.{f16,f16x2} flushes subnormal inputs and results to
    // sign-preserving zero"; 9.7.4.10 "ex2.approx.ftz.bf16" alike.
    let x = if form.ftz() { flush::<F>(x) } else { x };
    let canonical = u64::from(hw.half_nan);
    let op = form.op();
    let r = match op {
        // 9.7.4.5: "NaN inputs yield an unspecified NaN" (NOTE(hw), as f32).
        Opcode::Abs | Opcode::Neg if is_nan::<F>(x) && hw.sign_ops_canonical_nan => canonical,
        Opcode::Abs | Opcode::Neg => sign_op::<F>(op, x, 0),
        _ => {
            let r = from_f64::<F>(transcendental(op, to_f64::<F>(x)));
            if form.ftz() && is_subnormal::<F>(r) {
                r & F::SIGN
            } else {
                r
            }
        }
    };
    // docs/NVIDIA.md "NaN results": every f16/bf16 NaN result is half_nan.
    if is_nan::<F>(r) && !matches!(op, Opcode::Abs | Opcode::Neg) {
        canonical
    } else {
        r
    }
}
