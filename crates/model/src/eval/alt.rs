//! The semantics of the alternate floating-point instructions (PTX ISA
//! 9.4, 9.7.6): `add`, `sub`, `mul`, `fma` on four packed FP8, FP6, FP4 or
//! UE8M0 lanes. Per lane: read the code as the semantics extract it → its
//! exact value → the operation "with an infinite precision" → "rounded to
//! the destination type using the rounding mode specified by `.rnd`" (only
//! `.rn`) → `.satfinite` or the format's overflow → NVIDIA's NaN
//! (docs/NVIDIA.md "Alternate floating-point instructions").

use crate::quirks::HwProfile;
use ptxfp_float::{self as fp, Exact, Format, Round, Value, E2M1X, E2M3X, E3M2X, E4M3X, E5M2};
use ptxfp_isa::alt::{Alt, AltOpcode, Lane};

/// Evaluation of an [`Alt`] form.
pub trait EvalAlt {
    /// The four result lanes, packed in the `.b32` `d` ("`d[i]`" in byte
    /// `i`), from the sources in operand order (`a, c` or `a, b, c`).
    fn eval_on(&self, srcs: &[u64], hw: &HwProfile) -> u64;
}

impl EvalAlt for Alt {
    fn eval_on(&self, srcs: &[u64], hw: &HwProfile) -> u64 {
        let lanes = self.source_lanes();
        (0..4).fold(0, |d, i| {
            let mut v = [Value::Nan; 3];
            for ((v, &l), &s) in v.iter_mut().zip(&lanes).zip(srcs) {
                *v = value(l, l.code(s, i));
            }
            d | lane(self, v, hw) << (8 * i)
        })
    }
}

/// The exact value of a lane's code. FP6 and FP4 have no ∞ and no NaN;
/// E4M3's only NaNs are `S.1111.111`; UE8M0 is "2^(code - 127)", code
/// `0xff` NaN (PTX ISA 5.2.5.1 "Packed Floating Point Data Types"; the OCP
/// Microscaling Formats specification). The narrow codes decode through
/// their `X` extensions (`ptxfp_float::E4M3X`): the low bits with the sign
/// moved one bit up are the same number there.
pub(crate) fn value(l: Lane, code: u64) -> Value {
    let x = |w: u32| (code & ((1 << (w - 1)) - 1)) | (code >> (w - 1) & 1) << w;
    match l {
        Lane::E5m2 => fp::decode::<E5M2>(code),
        Lane::E4m3 if code & 0x7f == 0x7f => Value::Nan,
        Lane::E4m3 => fp::decode::<E4M3X>(x(8)),
        Lane::E3m2 => fp::decode::<E3M2X>(x(6)),
        Lane::E2m3 => fp::decode::<E2M3X>(x(6)),
        Lane::E2m1 | Lane::E2m1p4 => fp::decode::<E2M1X>(x(4)),
        Lane::Ue8m0 if code == 0xff => Value::Nan,
        Lane::Ue8m0 => Value::Finite(Exact {
            neg: false,
            exp: code as i32 - 127,
            sig: 1,
        }),
    }
}

/// The exact result of one lane, before rounding.
enum Outcome {
    /// An operand is NaN, or the operation is invalid (∞ - ∞, 0 × ∞).
    Nan,
    /// ±∞, negative if `true`.
    Inf(bool),
    /// The exact sum of the two, still to be rounded.
    Sum(Exact, Exact),
    /// The exact product, still to be rounded.
    Product(Exact),
}

fn negate(v: Value) -> Value {
    match v {
        Value::Nan => Value::Nan,
        Value::Inf(n) => Value::Inf(!n),
        Value::Finite(x) => Value::Finite(Exact { neg: !x.neg, ..x }),
    }
}

/// IEEE 754 §7.2's invalid operations, ∞'s arithmetic, and otherwise the
/// exact sum or product.
fn sum(x: Value, y: Value) -> Outcome {
    match (x, y) {
        (Value::Nan, _) | (_, Value::Nan) => Outcome::Nan,
        (Value::Inf(p), Value::Inf(q)) if p != q => Outcome::Nan,
        (Value::Inf(p), _) | (_, Value::Inf(p)) => Outcome::Inf(p),
        (Value::Finite(x), Value::Finite(y)) => Outcome::Sum(x, y),
    }
}

fn product(x: Value, y: Value) -> Result<Exact, Outcome> {
    match (x, y) {
        (Value::Nan, _) | (_, Value::Nan) => Err(Outcome::Nan),
        (Value::Inf(_), Value::Finite(z)) | (Value::Finite(z), Value::Inf(_)) if z.sig == 0 => {
            Err(Outcome::Nan)
        }
        (Value::Inf(p), Value::Inf(q)) => Err(Outcome::Inf(p != q)),
        (Value::Inf(p), Value::Finite(z)) | (Value::Finite(z), Value::Inf(p)) => {
            Err(Outcome::Inf(p != z.neg))
        }
        (Value::Finite(x), Value::Finite(y)) => Ok(fp::product(x, y)),
    }
}

/// The lane's exact outcome: "`d[i] = iA[i] + iC[i]`", "`iA[i] - iC[i]`",
/// "`iA[i] * iC[i]`", "`iA[i] * iB[i] + iC[i]`" ("`fma` [...] computes the
/// product of `a` and `b` to infinite precision and then adds `c` to this
/// product, again in infinite precision").
fn outcome(op: AltOpcode, v: [Value; 3]) -> Outcome {
    match op {
        AltOpcode::Add => sum(v[0], v[1]),
        AltOpcode::Sub => sum(v[0], negate(v[1])),
        AltOpcode::Mul => match product(v[0], v[1]) {
            Ok(p) => Outcome::Product(p),
            Err(o) => o,
        },
        AltOpcode::Fma => match (product(v[0], v[1]), v[2]) {
            (Err(Outcome::Nan), _) | (_, Value::Nan) => Outcome::Nan,
            (Err(Outcome::Inf(p)), c) => sum(Value::Inf(p), c),
            (Ok(p), c) => sum(Value::Finite(p), c),
            (Err(o), _) => o,
        },
    }
}

/// The outcome rounded once to `D` with `.rn` ("round to nearest with ties
/// to even"): `D`'s bits, ∞ for ±∞.
fn rounded<D: Format>(o: &Outcome) -> u64 {
    let rn = Round::NearestEven;
    match *o {
        Outcome::Nan => D::DEFAULT_NAN,
        Outcome::Inf(neg) => D::INF | if neg { D::SIGN } else { 0 },
        Outcome::Sum(x, y) => fp::sum::<D>(x, y, rn).bits,
        Outcome::Product(p) => fp::round::<D>(p.neg, p.exp, p.sig, rn).bits,
    }
}

/// E4M3's largest magnitude, `S.1111.110` = 448; E5M2's, `S.11110.11` =
/// 57344.
const E4M3_MAX: u64 = 0x7e;
const E5M2_MAX: u64 = 0x7b;

/// One lane of the result: the code of its destination format.
fn lane(f: &Alt, v: [Value; 3], hw: &HwProfile) -> u64 {
    let o = outcome(f.op, v);
    if let Outcome::Nan = o {
        // NOTE(hw): NaN results: docs/NVIDIA.md "Alternate floating-point
        // instructions" (as `cvt`'s FP8 NaN, `f8_nan`).
        return u64::from(hw.f8_nan);
    }
    // ".satfinite: If the absolute value of output (ignoring sign) is
    // greater than MAX_NORM of the specified destination format, then the
    // result is sign-preserved MAX_NORM of the destination format. In
    // absence of .satfinite for .e4m3x4 destination format, results beyond
    // the largest representable in the destination format are converted to
    // NaN." The output is the rounded one, as `cvt`'s `.satfinite` reads it:
    // what rounds to more than MAX_NORM, ∞ included.
    match f.dst {
        Lane::E4m3 => {
            // E4M3X: E4M3's precision, with values past 448.
            let r = rounded::<E4M3X>(&o);
            let sign = if r & E4M3X::SIGN != 0 { 0x80 } else { 0 };
            match r & !E4M3X::SIGN {
                m if m <= E4M3_MAX => sign | m,
                _ if f.satfinite => sign | E4M3_MAX,
                _ => u64::from(hw.f8_nan),
            }
        }
        _ => {
            // E5M2 is IEEE-style: beyond MAX_NORM, `.rn` gives ∞.
            let r = rounded::<E5M2>(&o);
            if f.satfinite && r & !E5M2::SIGN == E5M2::INF {
                (r & E5M2::SIGN) | E5M2_MAX
            } else {
                r
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptxfp_isa::op::{decode, Op};

    fn eval(form: &str, srcs: &[u64]) -> u64 {
        let Op::Alt(a) = decode(form, false).op else {
            panic!("{form}")
        };
        a.eval_on(srcs, &HwProfile::NVIDIA)
    }

    /// Values worked out by hand from the formats' definitions.
    #[test]
    fn worked_examples() {
        // E4M3 1.0 = 0x38, 1.5 = 0x3c; E2M1 1.0 = 0x2, 6.0 = 0x7, -0.5 = 0x9.
        // QMUL4: four E2M1 nibbles {1.0, 6.0, -0.5, 0} times E4M3 2.0 (0x40)
        // in every lane: {2.0, 12.0, -1.0, 0} = {0x40, 0x54, 0xb8, 0x00}.
        assert_eq!(
            eval(
                "mul.rn.satfinite.e4m3x4.e2m1x4.e4m3x4",
                &[0x0972, 0x4040_4040]
            ),
            0x00b8_5440
        );
        // 448 + 16 = 464 ties to 448 (even); 448 + 32 = 480 overflows: NaN,
        // or 448 with .satfinite. E4M3 448 = 0x7e, 16 = 0x58, 32 = 0x60, -32 = 0xe0.
        assert_eq!(eval("add.e4m3x4.e4m3x4", &[0x7e7e, 0x6058]), 0x7f7e);
        assert_eq!(
            eval("add.satfinite.e4m3x4.e4m3x4", &[0xfe7e, 0xe058]),
            0xfe7e
        );
        // E5M2: 57344 (0x7b) + 4096 (0x6c) = 61440, the tie between 57344
        // and 65536 (∞'s place), rounds to the even 65536: ∞ (0x7c), or
        // 57344 with .satfinite.
        assert_eq!(eval("add.e5m2x4.e5m2x4", &[0x7b, 0x6c]), 0x7c);
        assert_eq!(eval("add.satfinite.e5m2x4.e5m2x4", &[0x7b, 0x6c]), 0x7b);
        // UE8M0 2^-127 (code 0) times E5M2 2^15 (0x78) is 2^-112: zero;
        // code 0xff is NaN; 2^0 (0x7f) × -1.5 (0xbe) = -1.5.
        assert_eq!(
            eval("mul.e5m2x4.ue8m0x4.e5m2x4", &[0x7fff_0000, 0xbe3c_3c78]),
            0xbe7f_0000
        );
        // ∞ - ∞ is NaN; ∞ × 0 is NaN.
        assert_eq!(eval("sub.e5m2x4.e5m2x4", &[0x7c, 0x7c]), 0x7f);
        assert_eq!(eval("fma.e5m2x4.e5m2x4.e5m2x4", &[0x7c, 0x00, 0x3c]), 0x7f);
        // x + (-x) is +0 under .rn; -0 + -0 is -0.
        assert_eq!(eval("add.e4m3x4.e4m3x4", &[0x80b8, 0x8038]), 0x8000);
        // fma: E2M1P4 3.0 (0x5, high nibble ignored) × UE8M0 2^-9 (0x76)
        // + E4M3 0 = 3 × 2^-9, which E4M3 holds as the subnormal 0x03.
        assert_eq!(eval("fma.e4m3x4.e2m1p4x4.ue8m0x4", &[0xf5, 0x76, 0]), 0x03);
        // FP6 E3M2 28 (0x1f) and E2M3 7.5 (0x1f), bits 6-7 ignored.
        assert_eq!(eval("mul.e5m2x4.e3m2x4.e2m3x4", &[0xdf, 0xdf]), 0x5b); // 210 → 224
    }
}
