//! The semantics of the packed mixed-precision instructions of PTX ISA 9.4
//! (9.7.5, the `.f32x2`/`.f16x2`/`.bf16x2` lines): two lanes, each as the
//! semantics block writes it.
//!
//! - "upconvert": `d[0:31] = convert(a[0:15]) + c[0:31]`: each lane is the
//!   scalar line's form (`add.rnd.f32.f16`, ...), so the two agree bit for
//!   bit; `fma`'s lane is `fma.rnd.f32` on `convert(a)` (exact), `b`, `c`.
//! - "downconvert": `d[0:15] = convert(a[0:31] + c[0:31]); // Apply rz for
//!   output`: the exact sum, difference or product of the `.f32` lanes
//!   rounded once toward zero into `.f16`/`.bf16`; `.ftz` flushes the
//!   `.f32` inputs and the `.f16` result.
//! - `mul.{h}x2.{h}x2.{other}x2`: `d[0:15] = a[0:15] * convert(c[0:15])`:
//!   `c` converted to `a`'s format (`.rn`), then `mul.rn` of that format.
//!
//! docs/NVIDIA.md "Packed mixed precision" lists what the text leaves open.

use crate::quirks::{Exec, HwProfile};
use crate::Eval;
use ptxfp_float::{self as fp, is_nan, is_subnormal, Format, Round, Value, BF16, F16, F32};
use ptxfp_isa::form::{Form, FormType, Mods, Opcode};
use ptxfp_isa::mixed::{Half, Mixed, MixedOp, Shape};

/// Evaluation of a [`Mixed`] form.
pub trait EvalMixed {
    /// The destination's bits from the sources, in operand order (`a, c`;
    /// `fma`: `a, b, c`), lane 0 in the low bits.
    fn eval_in(&self, srcs: &[u64], exec: &Exec) -> u64;
}

/// A form of the float table the lines are made of.
fn form(op: Opcode, rnd: Option<Round>, ty: FormType) -> Form {
    let mods = Mods {
        rnd,
        ..Mods::default()
    };
    Form::new(op, mods, ty).unwrap_or_else(|e| unreachable!("{e}"))
}

impl EvalMixed for Mixed {
    fn eval_in(&self, srcs: &[u64], exec: &Exec) -> u64 {
        let s = |i: usize| srcs.get(i).copied().unwrap_or(0);
        let hw = &exec.device_profile();
        let h16 = |x: u64, k: u32| x >> (16 * k) & 0xffff;
        let w32 = |x: u64, k: u32| x >> (32 * k) & 0xffff_ffff;
        match self.shape {
            Shape::Up(h) => {
                let ty = match h {
                    Half::F16 => FormType::F32F16,
                    Half::BF16 => FormType::F32BF16,
                };
                let lane = |k: u32| -> u64 {
                    let a = h16(s(0), k);
                    match self.op {
                        MixedOp::Add => {
                            form(Opcode::Add, self.rnd, ty).eval(&[a, w32(s(1), k)], exec)
                        }
                        MixedOp::Sub => {
                            form(Opcode::Sub, self.rnd, ty).eval(&[a, w32(s(1), k)], exec)
                        }
                        // "Converts input operands a, b and c to [...] .dtype
                        // type. The converted values are then used to perform
                        // fused multiply-add operation with no loss of
                        // precision": convert(a) is exact.
                        _ => {
                            let a = match h {
                                Half::F16 => fp::convert::<F16, F32>(a, Round::NearestEven).bits,
                                Half::BF16 => fp::convert::<BF16, F32>(a, Round::NearestEven).bits,
                            };
                            form(Opcode::Fma, self.rnd, FormType::F32)
                                .eval(&[a, w32(s(1), k), w32(s(2), k)], exec)
                        }
                    }
                };
                (lane(1) & 0xffff_ffff) << 32 | (lane(0) & 0xffff_ffff)
            }
            Shape::Down(h) => {
                let lane = |k: u32| -> u64 {
                    let (a, c) = (w32(s(0), k), w32(s(1), k));
                    match h {
                        Half::F16 => down::<F16>(self.op, self.ftz, a, c, hw),
                        Half::BF16 => down::<BF16>(self.op, self.ftz, a, c, hw),
                    }
                };
                (lane(1) & 0xffff) << 16 | (lane(0) & 0xffff)
            }
            Shape::Cross(h) => {
                let (ty, mul) = match h {
                    Half::F16 => (
                        FormType::F16,
                        form(Opcode::Mul, Some(Round::NearestEven), FormType::F16),
                    ),
                    Half::BF16 => (
                        FormType::BF16,
                        form(Opcode::Mul, Some(Round::NearestEven), FormType::BF16),
                    ),
                };
                let lane = |k: u32| -> u64 {
                    let c = h16(s(1), k);
                    // NOTE(hw): convert(c)'s rounding: docs/NVIDIA.md
                    // "Packed mixed precision".
                    let c = match ty {
                        FormType::F16 => fp::convert::<BF16, F16>(c, Round::NearestEven).bits,
                        _ => fp::convert::<F16, BF16>(c, Round::NearestEven).bits,
                    };
                    mul.eval(&[h16(s(0), k), c], exec)
                };
                (lane(1) & 0xffff) << 16 | (lane(0) & 0xffff)
            }
        }
    }
}

/// One downconverting lane: the exact `a + c`, `a - c` or `a * c` of two
/// `.f32` values rounded once toward zero into `F` ("Apply rz for
/// output"); `.ftz` flushes subnormal inputs and results to sign-preserving
/// zero; a NaN result is NVIDIA's half NaN (docs/NVIDIA.md "NaN results").
fn down<F: Format>(op: MixedOp, ftz: bool, a: u64, c: u64, hw: &HwProfile) -> u64 {
    let flush = |x: u64, sign: u64, sub: bool| if ftz && sub { x & sign } else { x };
    let a = flush(a, F32::SIGN, is_subnormal::<F32>(a));
    let c = flush(c, F32::SIGN, is_subnormal::<F32>(c));
    if is_nan::<F32>(a) || is_nan::<F32>(c) {
        return u64::from(hw.half_nan);
    }
    let rz = Round::TowardZero;
    let inf = |neg: bool| F::INF | if neg { F::SIGN } else { 0 };
    let c = if op == MixedOp::Sub { c ^ F32::SIGN } else { c };
    let r = match (op, fp::decode::<F32>(a), fp::decode::<F32>(c)) {
        // IEEE 754 §7.2: ∞ - ∞ and 0 × ∞ are invalid.
        (MixedOp::Mul, Value::Inf(_), Value::Finite(z))
        | (MixedOp::Mul, Value::Finite(z), Value::Inf(_))
            if z.sig == 0 =>
        {
            return u64::from(hw.half_nan)
        }
        (MixedOp::Mul, Value::Inf(p), Value::Inf(q)) => inf(p != q),
        (MixedOp::Mul, Value::Inf(p), Value::Finite(z))
        | (MixedOp::Mul, Value::Finite(z), Value::Inf(p)) => inf(p != z.neg),
        (MixedOp::Mul, Value::Finite(x), Value::Finite(y)) => {
            let p = fp::product(x, y);
            fp::round::<F>(p.neg, p.exp, p.sig, rz).bits
        }
        (_, Value::Inf(p), Value::Inf(q)) if p != q => return u64::from(hw.half_nan),
        (_, Value::Inf(p), _) | (_, _, Value::Inf(p)) => inf(p),
        (_, Value::Finite(x), Value::Finite(y)) => fp::sum::<F>(x, y, rz).bits,
        _ => unreachable!("NaNs were handled above"),
    };
    flush(r, F::SIGN, is_subnormal::<F>(r))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptxfp_isa::op::{decode, Op};

    fn eval(text: &str, srcs: &[u64]) -> u64 {
        let Op::Mixed(m) = decode(text, false).op else {
            panic!("{text}")
        };
        m.eval_in(srcs, &Exec::default())
    }

    /// A public test of all 36 forms (a = f16 {1, 2}, bf16 {1, 2}; wide a
    /// {4, 8}, b {3, 4}, c {0.5, 1}) expects these; each is also plain
    /// arithmetic: 1 + 0.5 = 1.5, 2 + 1 = 3; 1 × 3 + 0.5 = 3.5, 2 × 4 + 1 =
    /// 9; 4 + 0.5 = 4.5 (f16 0x4480), 8 + 1 = 9 (0x4880); 4 × 0.5 = 2, 8 ×
    /// 1 = 8; bf16 {1, 2} × {1, 2} = {1, 4}.
    #[test]
    fn the_worked_lanes() {
        let f32x2 = |lo: f32, hi: f32| u64::from(lo.to_bits()) | u64::from(hi.to_bits()) << 32;
        let (h, bh) = (0x4000_3c00, 0x4000_3f80);
        let (a, b, c) = (f32x2(4.0, 8.0), f32x2(3.0, 4.0), f32x2(0.5, 1.0));
        assert_eq!(eval("add.f32x2.f16x2.f32x2", &[h, c]), f32x2(1.5, 3.0));
        assert_eq!(eval("sub.rm.f32x2.bf16x2.f32x2", &[bh, c]), f32x2(0.5, 1.0));
        assert_eq!(
            eval("fma.rn.f32x2.f16x2.f32x2.f32x2", &[h, b, c]),
            f32x2(3.5, 9.0)
        );
        assert_eq!(eval("add.rz.ftz.f16x2.f32x2.f32x2", &[a, c]), 0x4880_4480);
        assert_eq!(eval("add.rz.bf16x2.f32x2.f32x2", &[a, c]), 0x4110_4090);
        assert_eq!(eval("sub.rz.ftz.f16x2.f32x2.f32x2", &[a, c]), 0x4700_4300);
        assert_eq!(eval("mul.ftz.rz.f16x2.f32x2.f32x2", &[a, c]), 0x4800_4000);
        assert_eq!(eval("mul.bf16x2.bf16x2.f16x2", &[bh, h]), 0x4080_3f80);
        assert_eq!(eval("mul.f16x2.f16x2.bf16x2", &[h, bh]), 0x4400_3c00);
    }

    /// Toward zero, once: 65520 (the f16 tie between 65504 and ∞) and more
    /// give 65504 (0x7bff); 1 + 2^-12 gives 1.0; -(1 + 2^-12) gives -1.0.
    /// `.ftz`: -2^-20 (an f16 subnormal) gives -0; without it (bf16) 2^-130
    /// is the bf16 subnormal 8 × 2^-133.
    #[test]
    fn rounding_toward_zero_once_and_ftz() {
        let w = |lo: f32, hi: f32| u64::from(lo.to_bits()) | u64::from(hi.to_bits()) << 32;
        assert_eq!(
            eval(
                "add.rz.ftz.f16x2.f32x2.f32x2",
                &[w(65000.0, 1.0), w(520.0, 2f32.powi(-12))]
            ),
            0x3c00_7bff
        );
        assert_eq!(
            eval(
                "sub.rz.ftz.f16x2.f32x2.f32x2",
                &[w(-1.0, 0.0), w(2f32.powi(-12), 2f32.powi(-20))]
            ),
            0x8000_bc00
        );
        assert_eq!(
            eval(
                "mul.rz.bf16x2.f32x2.f32x2",
                &[w(2f32.powi(-65), 1.0), w(2f32.powi(-65), 0.0)]
            ),
            0x0000_0008
        );
        // NaN and ∞ - ∞: the half NaN.
        assert_eq!(
            eval(
                "add.rz.bf16x2.f32x2.f32x2",
                &[w(f32::INFINITY, f32::NAN), w(f32::NEG_INFINITY, 0.0)]
            ),
            0x7fff_7fff
        );
    }
}
