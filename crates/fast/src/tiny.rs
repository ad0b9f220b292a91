//! `.ftz` with tininess detected after rounding, as IEEE 754 §7.5 defines
//! it ([`HalfStages::tiny_after_rounding`], [`F32Stages::tiny_after_rounding`]):
//! a result is flushed when, rounded to the format's precision as though
//! the exponent range were unbounded, it lies below the smallest normal.
//! This is what an H200 does (docs/NVIDIA.md ".ftz").
//!
//! The kernels round into the format, subnormals included, and flush a
//! result that is subnormal after that rounding. The two rules differ only
//! where a value below the smallest normal rounds up to it in the format
//! but not with the format's full precision (`mul.ftz.f16 0x3bff 0x0400`,
//! exactly `2^-14 (1 - 2^-11)`, has 11 bits: flushed; `0x3bfe × 0x0401`,
//! `2^-14 (1 - 2^-20)`, rounds to `2^-14`: kept): a result whose magnitude
//! is exactly the smallest normal. So a pass over the kernel's output
//! looks for that one pattern (a few vector compares per block, no branch
//! per element) and, for the rare element that has it, decides with the
//! exact core in [`Wide`], the format's precision with binary64's exponent
//! range, in the operation's own rounding.
//!
//! Sums and differences never need it: a sum below the smallest normal is
//! a multiple of the smallest subnormal, so it is exact in the format and
//! rounds to itself either way.
//!
//! [`HalfStages::tiny_after_rounding`]: crate::HalfStages::tiny_after_rounding
//! [`F32Stages::tiny_after_rounding`]: crate::F32Stages::tiny_after_rounding

use ptxfp_float::{self as float, Format, Round, Wide, BF16, F16, F32};

use crate::{BinOp, IeeeOp};

/// Elements the kernels compute before their results are checked, so
/// that the check reads them from the L1 cache.
pub(crate) const BLOCK: usize = 2048;

/// Elements scanned per step: the compare of a block folds into one flag,
/// which vectorizes; the element loop runs only for a block that has the
/// pattern.
const SCAN: usize = 64;

/// An operation whose result may round up to the smallest normal.
#[derive(Clone, Copy)]
enum Op {
    Add,
    Sub,
    Mul,
    Fma,
    Div,
    Rcp,
    Sqrt,
}

/// Whether `op` on the `F` values `a`, `b`, `c` (flushed already where
/// `.ftz` flushes operands), rounded in `rm` to `F`'s precision with an
/// unbounded exponent, is below `F`'s smallest normal in magnitude.
fn tiny<F: Format>(op: Op, a: u64, b: u64, c: u64, rm: Round) -> bool {
    // Exact: the same precision, a wider range.
    let w = |x: u64| float::convert::<F, Wide<F>>(x, rm).bits;
    let (a, b, c) = (w(a), w(b), w(c));
    // 1.0 in F.
    let one = w((F::BIAS as u64) << F::FRAC_BITS);
    let r = match op {
        Op::Add => float::add::<Wide<F>>(a, b, rm),
        Op::Sub => float::sub::<Wide<F>>(a, b, rm),
        Op::Mul => float::mul::<Wide<F>>(a, b, rm),
        Op::Fma => float::fma::<Wide<F>>(a, b, c, rm),
        Op::Div => float::div::<Wide<F>>(a, b, rm),
        Op::Rcp => float::div::<Wide<F>>(one, a, rm),
        Op::Sqrt => float::sqrt::<Wide<F>>(a, rm),
    }
    .bits
        & Wide::<F>::ALL;
    let min = w(F::MIN_NORMAL);
    !float::is_nan::<Wide<F>>(r) && r & !Wide::<F>::SIGN < min
}

/// Whether `op` (`None`: fma) on the (already flushed) 16-bit operands,
/// rounded to nearest even, is tiny (see the module documentation).
pub(crate) fn half_tiny(bf16: bool, op: Option<BinOp>, a: u16, b: u16, c: u16) -> bool {
    let op = match op {
        Some(BinOp::Add) => Op::Add,
        Some(BinOp::Sub) => Op::Sub,
        Some(BinOp::Mul) => Op::Mul,
        None => Op::Fma,
    };
    let (a, b, c, rn) = (u64::from(a), u64::from(b), u64::from(c), Round::NearestEven);
    if bf16 {
        tiny::<BF16>(op, a, b, c, rn)
    } else {
        tiny::<F16>(op, a, b, c, rn)
    }
}

/// Whether binary32 `a × b + c` (flushed operands) rounded in `rm` is tiny.
pub(crate) fn fma32_tiny(a: u32, b: u32, c: u32, rm: Round) -> bool {
    let w = u64::from;
    tiny::<F32>(Op::Fma, w(a), w(b), w(c), rm)
}

/// Whether binary32 `op(a, b)` (flushed operands) rounded in `rm` is tiny.
pub(crate) fn ieee32_tiny(op: IeeeOp, a: u32, b: u32, rm: Round) -> bool {
    let op = match op {
        IeeeOp::Add => Op::Add,
        IeeeOp::Sub => Op::Sub,
        IeeeOp::Mul => Op::Mul,
        IeeeOp::Div => Op::Div,
        IeeeOp::Rcp => Op::Rcp,
        IeeeOp::Sqrt => Op::Sqrt,
    };
    tiny::<F32>(op, u64::from(a), u64::from(b), 0, rm)
}

/// Replaces each `out[i]` of magnitude `min` by its sign's zero where
/// `tiny(i)` (called only for those): the pass described in the module
/// documentation, over 16-bit values. The result stages leave a
/// `±MIN_NORMAL` result as it is (`.sat`/`.relu` turn `-MIN_NORMAL` into
/// `+0` under either rule, so it never reaches here); a tiny one becomes
/// the zero those stages give a flushed result: `-0` without a clamp, `+0`
/// for the positive results a clamp lets through.
pub(crate) fn fix16(min: u16, out: &mut [u16], tiny: impl Fn(usize) -> bool) {
    for (j, o) in out.chunks_mut(SCAN).enumerate() {
        if !o.iter().fold(false, |any, &x| any | (x & 0x7fff == min)) {
            continue;
        }
        for (i, x) in o.iter_mut().enumerate() {
            if *x & 0x7fff == min && tiny(j * SCAN + i) {
                *x &= 0x8000;
            }
        }
    }
}

/// [`fix16`] over binary32 values (the smallest normal `0x00800000`).
pub(crate) fn fix32(out: &mut [u32], tiny: impl Fn(usize) -> bool) {
    const MIN: u32 = 0x0080_0000;
    for (j, o) in out.chunks_mut(SCAN).enumerate() {
        if !o
            .iter()
            .fold(false, |any, &x| any | (x & 0x7fff_ffff == MIN))
        {
            continue;
        }
        for (i, x) in o.iter_mut().enumerate() {
            if *x & 0x7fff_ffff == MIN && tiny(j * SCAN + i) {
                *x &= 0x8000_0000;
            }
        }
    }
}

/// The smallest normal of a 16-bit format.
pub(crate) fn half_min(bf16: bool) -> u16 {
    if bf16 {
        0x0080
    } else {
        0x0400
    }
}
