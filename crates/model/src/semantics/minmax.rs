//! `min` and `max` (PTX ISA 9.7.3.11/9.7.3.12 on `.f32`/`.f64`, 9.7.4.7/9.7.4.8
//! on `.f16`/`.f16x2`/`.bf16`/`.bf16x2`), composed of stages:
//! flush inputs (.ftz) → magnitudes (.xorsign.abs, .abs) → NaN selection
//! (.NaN) → signed-zero-aware choice → canonical NaN (→ the XOR sign). No
//! arithmetic, so no rounding: the result is one of the (flushed) inputs, a
//! canonical NaN, or an input's magnitude with the XOR of the signs. The
//! three-input `.f32` forms run the two-input choice twice, as the spec's
//! pseudo-code does. docs/NVIDIA.md "min and max" gives the reading of the
//! spec and the choices it leaves open.

use super::{flush, lanes};
use crate::quirks::Exec;
use crate::quirks::HwProfile;
use ptxfp_float::{is_nan, Format, BF16, F16, F32, F64};
use ptxfp_isa::form::{Form, FormType, Opcode};

/// Computes `min`/`max` of `a`, `b` (and, for the three-input forms, `c`)
/// as `form` says, for `exec`.
pub(super) fn eval(form: &Form, a: u64, b: u64, c: u64, exec: &Exec) -> u64 {
    let hw = &exec.hw;
    match form.ty() {
        FormType::F32x2 => unreachable!("min/max have no .f32x2 form"),
        FormType::F16 => lane::<F16>(form, a, b, hw.half_nan as u64, form.ftz(), hw),
        FormType::BF16 => lane::<BF16>(form, a, b, hw.half_nan as u64, false, hw),
        FormType::F16x2 => lanes(a, b, 0, |a, b, _| {
            lane::<F16>(form, a, b, hw.half_nan as u64, form.ftz(), hw)
        }),
        FormType::BF16x2 => lanes(a, b, 0, |a, b, _| {
            lane::<BF16>(form, a, b, hw.half_nan as u64, false, hw)
        }),
        // 9.7.3.11: "sm_1x: [...] min.f32 flushes subnormal inputs and
        // results to sign-preserving zero" (9.7.3: "for sm_1x targets").
        FormType::F32 => {
            let ftz = form.ftz() || exec.code_target.is_sm1x();
            if form.op().arity() == 3 {
                three::<F32>(form, [a, b, c], hw.f32_nan as u64, ftz)
            } else {
                lane::<F32>(form, a, b, hw.f32_nan as u64, ftz, hw)
            }
        }
        // 9.7.3: "Double-precision instructions support subnormal inputs and
        // results"; `min.f64` takes no modifier.
        FormType::F64 => lane::<F64>(form, a, b, 0, false, hw),
        // The table has no mixed-precision min/max.
        FormType::F32F16 | FormType::F32BF16 => unreachable!("min/max take no mixed types"),
    }
}

/// The position of a non-NaN value in the order `min`/`max` use: by value,
/// with -0.0 below +0.0 (9.7.3.11: "If values of both inputs are 0.0, then
/// +0.0 > -0.0"; 9.7.4.7 the same). For non-NaN bit patterns this is a
/// total order in which only equal bits are equal.
fn rank<F: Format>(x: u64) -> i64 {
    let mag = (x & !F::SIGN & F::ALL) as i64;
    if x & F::SIGN != 0 {
        -mag - 1
    } else {
        mag
    }
}

/// One lane. `canonical` is the NaN a NaN result becomes (f16/bf16/f32);
/// `.f64` keeps an input NaN.
fn lane<F: Format>(form: &Form, a: u64, b: u64, canonical: u64, ftz: bool, hw: &HwProfile) -> u64 {
    let (a, b) = (a & F::ALL, b & F::ALL);
    // 9.7.4.7: "min.ftz.{f16, f16x2} flushes subnormal inputs and results to
    // sign-preserving zero" (the result is an input, flushed already).
    let (a, b) = if ftz {
        (flush::<F>(a), flush::<F>(b))
    } else {
        (a, b)
    };
    // 9.7.4.7: "`.xorsign` considers the sign bit of both inputs before
    // applying `.abs` operation"; "the magnitude of destination operand d is
    // the minimum of absolute values of both the input arguments".
    let xorsign = (a ^ b) & F::SIGN;
    let (a, b) = if form.xorsign_abs() {
        (a & !F::SIGN, b & !F::SIGN)
    } else {
        (a, b)
    };
    let (a_nan, b_nan) = (is_nan::<F>(a), is_nan::<F>(b));
    let d = if a_nan && b_nan || (form.nan() && (a_nan || b_nan)) {
        // 9.7.3.11 min_num: "if (isNaN(x) && isNaN(y)) z = NaN"; min_nan:
        // "if (isNaN(x) || isNaN(y)) z = NaN" ("the result is canonical NaN
        // if any of the inputs is NaN"). Which NaN: NOTE(hw) docs/NVIDIA.md
        // "min and max": the canonical NaN of the type (.f16/.bf16/.f32, as
        // every NaN result, "NaN results"); `.f64` keeps payloads (9.7.3:
        // "NaN payloads are supported for double-precision instructions"):
        // the first NaN in `f64_nan_priority` order, quieted, as mad.f64.
        return if F::BITS == 64 {
            let ops = [a, b];
            let first = hw
                .f64_nan_priority
                .iter()
                .map(|&i| ops[(i as usize).min(1)])
                .find(|&x| is_nan::<F>(x))
                .unwrap_or(a);
            first | F::QUIET
        } else {
            canonical
        };
    } else {
        choose::<F>(form, a, b)
    };
    // "if (.xorsign && !isNaN(d)) setSignBit(d, xorsign);"
    if form.xorsign_abs() {
        (d & !F::SIGN) | xorsign
    } else {
        d
    }
}

/// The choice between two values at least one of which is not NaN (9.7.3.11
/// `min_num`): "else if (isNaN(x)) z = y; else if (isNaN(y)) z = x; else
/// z = (x < y) ? x : y;" (a signalling NaN is no different), `max` alike
/// with `>`.
fn choose<F: Format>(form: &Form, a: u64, b: u64) -> u64 {
    if is_nan::<F>(a) {
        return b;
    }
    if is_nan::<F>(b) {
        return a;
    }
    let a_first = if matches!(form.op(), Opcode::Min | Opcode::Min3) {
        rank::<F>(a) <= rank::<F>(b)
    } else {
        rank::<F>(a) >= rank::<F>(b)
    };
    if a_first {
        a
    } else {
        b
    }
}

/// The three-input forms, `min{.ftz}{.NaN}{.abs}.f32 d, a, b, c` (9.7.3.11;
/// `max` 9.7.3.12), on `.f32` only: `canonical` is the NaN a NaN result
/// becomes (`f32_nan`, as the two-input `.f32` forms; NOTE(hw)
/// docs/NVIDIA.md "min and max").
fn three<F: Format>(form: &Form, srcs: [u64; 3], canonical: u64, ftz: bool) -> u64 {
    // "min.ftz.f32 flushes subnormal inputs and results to sign-preserving
    // zero" (the result is an input, flushed already).
    // "if (.abs) { a = |a|; b = |b|; if (isPresent(c)) { c = |c|; } }"
    let [a, b, c] = srcs.map(|x| {
        let x = x & F::ALL;
        let x = if ftz { flush::<F>(x) } else { x };
        if form.abs() {
            x & !F::SIGN
        } else {
            x
        }
    });
    // "def two_inputs_min (z, x, y) { if (.NaN) z = min_nan(z, x, y); else
    // z = min_num(z, x, y); }": min_nan "if (isNaN(x) || isNaN(y)) z =
    // NaN", min_num "if (isNaN(x) && isNaN(y)) z = NaN" ("the result is
    // canonical NaN if any of the inputs is NaN").
    let two = |x: u64, y: u64| {
        let (x_nan, y_nan) = (is_nan::<F>(x), is_nan::<F>(y));
        if x_nan && y_nan || (form.nan() && (x_nan || y_nan)) {
            canonical
        } else {
            choose::<F>(form, x, y)
        }
    };
    // "d = two_inputs_min(d, a, b); if (isPresent(c)) { d =
    // two_inputs_min(d, d, c) }". ("If the result of min is NaN then the
    // .xorsign and .abs modifiers will be ignored": a NaN result is the
    // canonical NaN either way.)
    two(two(a, b), c)
}
