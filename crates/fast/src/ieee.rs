//! The binary32 and binary64 operations of PTX's `.f32`/`.f64` family
//! beside fma (`add`, `sub`, `mul`, `div`, `rcp`, `sqrt`), over slices
//! with the stages of [`F32Stages`] / the NaN rules of [`F64Nans`]: the
//! CPU's own instruction with embedded rounding on AVX-512, the exact core
//! elsewhere (the host's own operation for round-to-nearest, which IEEE 754
//! makes the same correctly rounded value).

use crate::stages::{F32Stages, F64Nans, F32K};
use crate::{Path, Round};
use ptxfp_float::{F32, F64};

/// One of the operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IeeeOp {
    /// `a + b`.
    Add,
    /// `a - b`.
    Sub,
    /// `a × b`.
    Mul,
    /// `a / b`.
    Div,
    /// `1 / a`.
    Rcp,
    /// `√a`.
    Sqrt,
}

impl IeeeOp {
    /// Operand count.
    pub fn arity(self) -> usize {
        match self {
            IeeeOp::Rcp | IeeeOp::Sqrt => 1,
            _ => 2,
        }
    }
}

/// One operation in the exact core, in format `F` (`one`: 1.0's bits).
fn core<F: ptxfp_float::Format>(op: IeeeOp, rm: Round, a: u64, b: u64, one: u64) -> u64 {
    (match op {
        IeeeOp::Add => ptxfp_float::add::<F>(a, b, rm),
        IeeeOp::Sub => ptxfp_float::sub::<F>(a, b, rm),
        IeeeOp::Mul => ptxfp_float::mul::<F>(a, b, rm),
        IeeeOp::Div => ptxfp_float::div::<F>(a, b, rm),
        IeeeOp::Rcp => ptxfp_float::div::<F>(one, a, rm),
        IeeeOp::Sqrt => ptxfp_float::sqrt::<F>(a, rm),
    })
    .bits
}

/// One binary32 operation in the exact core.
fn core32(op: IeeeOp, rm: Round, a: u32, b: u32) -> u32 {
    core::<F32>(op, rm, u64::from(a), u64::from(b), 0x3f80_0000) as u32
}

/// One binary64 operation in the exact core.
fn core64(op: IeeeOp, rm: Round, a: u64, b: u64) -> u64 {
    core::<F64>(op, rm, a, b, 0x3ff0_0000_0000_0000)
}

/// The host's round-to-nearest operation on `$t` (IEEE 754 §5.4.1:
/// correctly rounded, so the exact core's value; NaN payloads may differ,
/// and the stages or NaN rules replace every NaN result).
macro_rules! host {
    ($name:ident, $t:ty, $bits:ty) => {
        fn $name(op: IeeeOp, a: $bits, b: $bits) -> $bits {
            let (x, y) = (<$t>::from_bits(a), <$t>::from_bits(b));
            (match op {
                IeeeOp::Add => x + y,
                IeeeOp::Sub => x - y,
                IeeeOp::Mul => x * y,
                IeeeOp::Div => x / y,
                IeeeOp::Rcp => 1.0 / x,
                IeeeOp::Sqrt => x.sqrt(),
            })
            .to_bits()
        }
    };
}
host!(host32, f32, u32);
host!(host64, f64, u64);

/// `out[i] = op(a[i], b[i])` in binary32 rounded once in `rm`, with the
/// stages `st` (flush inputs, flush the result after rounding, `.sat`,
/// the NaN result). `b` is read for the two-operand ops only (pass `a`
/// for the others).
///
/// # Panics
/// If the slices' lengths differ.
pub fn ieee_f32_staged(
    path: Path,
    op: IeeeOp,
    rm: Round,
    st: &F32Stages,
    a: &[u32],
    b: &[u32],
    out: &mut [u32],
) {
    // IEEE tininess after rounding (crate::tiny), block by block; sums
    // never round up to the smallest normal.
    if !(st.ftz && st.tiny_after_rounding && !matches!(op, IeeeOp::Add | IeeeOp::Sub)) {
        return ieee_f32_staged_rounded(path, op, rm, st, a, b, out);
    }
    let k = F32K::new(st);
    let block = crate::tiny::BLOCK;
    for (j, o) in out.chunks_mut(block).enumerate() {
        let r = j * block..j * block + o.len();
        let (a, b) = (&a[r.clone()], &b[r]);
        ieee_f32_staged_rounded(path, op, rm, st, a, b, o);
        crate::tiny::fix32(o, |i| {
            crate::tiny::ieee32_tiny(op, k.flush(a[i]), k.flush(b[i]), rm)
        });
    }
}

/// [`ieee_f32_staged`] with results flushed when subnormal after rounding.
fn ieee_f32_staged_rounded(
    path: Path,
    op: IeeeOp,
    rm: Round,
    st: &F32Stages,
    a: &[u32],
    b: &[u32],
    out: &mut [u32],
) {
    let n = out.len();
    assert!(a.len() == n && b.len() == n, "operand lengths differ");
    let k = F32K::new(st);
    #[cfg(target_arch = "x86_64")]
    if path.kernels() == Path::X86Avx512 {
        use crate::x512::{IEEE_ADD, IEEE_DIV, IEEE_MUL, IEEE_RCP, IEEE_SQRT, IEEE_SUB};
        // SAFETY: `kernels` checked the CPU features.
        crate::x512::with_round!(rm, R => unsafe {
            match op {
                IeeeOp::Add => crate::x512::ieee32::<R, IEEE_ADD>(&k, a, b, out),
                IeeeOp::Sub => crate::x512::ieee32::<R, IEEE_SUB>(&k, a, b, out),
                IeeeOp::Mul => crate::x512::ieee32::<R, IEEE_MUL>(&k, a, b, out),
                IeeeOp::Div => crate::x512::ieee32::<R, IEEE_DIV>(&k, a, b, out),
                IeeeOp::Rcp => crate::x512::ieee32::<R, IEEE_RCP>(&k, a, b, out),
                IeeeOp::Sqrt => crate::x512::ieee32::<R, IEEE_SQRT>(&k, a, b, out),
            }
        });
        return;
    }
    let _ = path;
    for ((d, &x), &y) in out.iter_mut().zip(a).zip(b) {
        let (x, y) = (k.flush(x), k.flush(y));
        let r = if rm == Round::NearestEven {
            host32(op, x, y)
        } else {
            core32(op, rm, x, y)
        };
        *d = k.post(r);
    }
}

/// `out[i] = op(a[i], b[i])` in binary64 rounded once in `rm`, NaN results
/// replaced as `nans` says (`None`: left as they are).
///
/// # Panics
/// If the slices' lengths differ.
pub fn ieee_f64_staged(
    path: Path,
    op: IeeeOp,
    rm: Round,
    nans: Option<&F64Nans>,
    a: &[u64],
    b: &[u64],
    out: &mut [u64],
) {
    let n = out.len();
    assert!(a.len() == n && b.len() == n, "operand lengths differ");
    #[cfg(target_arch = "x86_64")]
    if path.kernels() == Path::X86Avx512 {
        use crate::x512::{IEEE_ADD, IEEE_DIV, IEEE_MUL, IEEE_RCP, IEEE_SQRT, IEEE_SUB};
        // SAFETY: `kernels` checked the CPU features.
        crate::x512::with_round!(rm, R => unsafe {
            match op {
                IeeeOp::Add => crate::x512::ieee64::<R, IEEE_ADD>(nans, a, b, out),
                IeeeOp::Sub => crate::x512::ieee64::<R, IEEE_SUB>(nans, a, b, out),
                IeeeOp::Mul => crate::x512::ieee64::<R, IEEE_MUL>(nans, a, b, out),
                IeeeOp::Div => crate::x512::ieee64::<R, IEEE_DIV>(nans, a, b, out),
                IeeeOp::Rcp => crate::x512::ieee64::<R, IEEE_RCP>(nans, a, b, out),
                IeeeOp::Sqrt => crate::x512::ieee64::<R, IEEE_SQRT>(nans, a, b, out),
            }
        });
        return;
    }
    let _ = path;
    for ((d, &x), &y) in out.iter_mut().zip(a).zip(b) {
        let mut r = core64(op, rm, x, y);
        if let Some(f) = nans {
            if f64::from_bits(r).is_nan() {
                let y = if op.arity() == 2 { y } else { x };
                r = pick(f, op.arity(), [x, y]);
            }
        }
        *d = r;
    }
}

/// The NaN result of a one- or two-operand op (the first NaN operand in
/// priority order among the op's own, quieted; else the invalid NaN).
fn pick(f: &F64Nans, arity: usize, ops: [u64; 2]) -> u64 {
    let is_nan = |x: u64| x & 0x7fff_ffff_ffff_ffff > 0x7ff0_0000_0000_0000;
    f.priority
        .iter()
        .map(|&i| i as usize)
        .filter(|&i| i < arity)
        .map(|i| ops[i])
        .find(|&x| is_nan(x))
        .map_or(f.invalid, |x| x | 0x0008_0000_0000_0000)
}

/// One binary32 operation with its stages (for one register at a time).
pub fn ieee_f32_one(op: IeeeOp, rm: Round, st: &F32Stages, a: u32, b: u32) -> u32 {
    let k = F32K::new(st);
    let (a, b) = (k.flush(a), k.flush(b));
    let r = if rm == Round::NearestEven {
        host32(op, a, b)
    } else {
        core32(op, rm, a, b)
    };
    let r = k.post(r);
    // IEEE tininess after rounding (crate::tiny).
    if k.tiny && r & 0x7fff_ffff == 0x0080_0000 && crate::tiny::ieee32_tiny(op, a, b, rm) {
        r & 0x8000_0000
    } else {
        r
    }
}

/// One binary64 operation with its NaN rules (for one register at a time).
pub fn ieee_f64_one(op: IeeeOp, rm: Round, nans: Option<&F64Nans>, a: u64, b: u64) -> u64 {
    let r = if rm == Round::NearestEven {
        host64(op, a, b)
    } else {
        core64(op, rm, a, b)
    };
    match nans {
        Some(f) if f64::from_bits(r).is_nan() => pick(f, op.arity(), [a, b]),
        _ => r,
    }
}
