//! One operation at a time, with the stages: for callers that evaluate
//! one instruction per call (simulators, interpreters). Built once per
//! decoded instruction ([`HalfOne::new`], [`F32One::fma`],
//! [`F32One::mixed`], [`F64One::new`]), then called per execution with no
//! allocation and no dispatch beyond a few predictable branches. Same
//! semantics as the slice kernels ([`crate::half_staged`],
//! [`crate::fma_f32_staged`], [`crate::mixed_staged`],
//! [`crate::fma_f64_staged`]), computed by their portable element code
//! (binary16 conversions with F16C, and directed binary64 fma with the
//! native instruction, on x86-64 unless `PTXFP_FORCE_PORTABLE=1`), and
//! tested against the exact core like them.

use crate::stages::{HalfK, F32K};
use crate::{elem, scalar, BinOp, F32Stages, F64Nans, Half, HalfStages, Path, Round};

/// A binary16 / bfloat16 operation with its stages (see
/// [`crate::half_staged`]).
#[derive(Clone, Copy, Debug)]
pub struct HalfOne {
    fmt: Half,
    op: Option<BinOp>,
    k: HalfK,
    /// binary16 with F16C conversions (x86-64 paths).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    f16c: bool,
    /// binary16 on the CPU's scalar FP16 instructions
    /// ([`Path::X86Avx512Fp16`], once its self-check passed).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    fp16: bool,
}

impl HalfOne {
    /// `op` (`None`: fma) on `fmt`, rounded to nearest even, with the
    /// stages `st`, on the detected path ([`Path::detect`]).
    pub fn new(fmt: Half, op: Option<BinOp>, st: &HalfStages) -> HalfOne {
        HalfOne::on(Path::detect(), fmt, op, st)
    }

    /// As [`HalfOne::new`], on `path` (portable if this CPU cannot run it).
    pub fn on(path: Path, fmt: Half, op: Option<BinOp>, st: &HalfStages) -> HalfOne {
        HalfOne {
            fmt,
            op,
            k: HalfK::new(fmt == Half::Bf16, st),
            f16c: fmt == Half::F16 && path.usable() != Path::Portable,
            fp16: fmt == Half::F16 && path.usable() == Path::X86Avx512Fp16,
        }
    }

    /// `post(op(flush(a), flush(b)[, flush(c)]))`; `c` is read by fma
    /// only.
    #[inline]
    pub fn eval(&self, a: u16, b: u16, c: u16) -> u16 {
        use elem::{bf16_to_f32 as wb, f16_to_f32 as wh, f32_to_bf16 as nb, f32_to_f16 as nh};
        let k = &self.k;
        let (x, y) = (k.flush(a), k.flush(b));
        // One binary32 operation: a correct rounding (crate::half_binop).
        let bin = |op: BinOp, x: f32, y: f32| match op {
            BinOp::Add => x + y,
            BinOp::Sub => x - y,
            BinOp::Mul => x * y,
        };
        let z = k.flush(c);
        let r = 'r: {
            #[cfg(target_arch = "x86_64")]
            if self.f16c {
                // SAFETY: `f16c` is set only where a non-portable path, and
                // with it F16C, was detected.
                break 'r unsafe { crate::x86::f16_one(self.op, x, y, z) };
            }
            match (self.fmt, self.op) {
                (Half::F16, Some(op)) => nh(bin(op, wh(x), wh(y))),
                (Half::Bf16, Some(op)) => nb(bin(op, wb(x), wb(y))),
                (Half::F16, None) => scalar::fma_f16_inline(x, y, z),
                (Half::Bf16, None) => scalar::fma_bf16_inline(x, y, z),
            }
        };
        let r = k.post(r, a, b);
        // IEEE tininess after rounding (crate::tiny).
        let bf = self.fmt == Half::Bf16;
        if k.tiny
            && r & 0x7fff == crate::tiny::half_min(bf)
            && crate::tiny::half_tiny(bf, self.op, x, y, z)
        {
            r & 0x8000
        } else {
            r
        }
    }
}

/// A function that computes [`HalfOne::eval`] for one `HalfOne` (the
/// one [`HalfOne::kernel`] was asked of): chosen once, when a simulator
/// decodes an instruction, so that each evaluation runs only the stages
/// the form has.
pub type HalfFn = fn(&HalfOne, u16, u16, u16) -> u16;

/// A function that computes [`F32One::eval`] for one `F32One` (see
/// [`HalfFn`]).
pub type F32Fn = fn(&F32One, u32, u32, u32) -> u32;

impl HalfOne {
    /// Whether the only result stage is the NaN replacement: no `.ftz`, no
    /// clamp, no `.oob` (`fma.rn.f16`, `add.rn.bf16`, ...).
    fn plain(&self) -> bool {
        let k = &self.k;
        k.ftz == 0 && k.lo == i16::MIN && k.hi == i16::MAX && k.oob_on == 0
    }

    /// The fastest function that computes [`HalfOne::eval`] for `self`:
    /// for a form whose only stage is the NaN replacement, the operation
    /// and that replacement alone (no flushes, clamps or `.oob` selects);
    /// else `eval` itself. Same bits (crates/fast/tests/staged.rs).
    pub fn kernel(&self) -> HalfFn {
        use crate::BinOp::*;
        if !self.plain() {
            return |h, a, b, c| h.eval(a, b, c);
        }
        // The FP16 instructions' NaN payloads are the CPU's: only where
        // every NaN result is replaced (NVIDIA's canonical NaN) are its
        // bits the exact core's.
        #[cfg(target_arch = "x86_64")]
        if self.fp16 && self.k.nan_on != 0 {
            return match self.op {
                None => fp16_plain::<0>,
                Some(Add) => fp16_plain::<1>,
                Some(Sub) => fp16_plain::<2>,
                Some(Mul) => fp16_plain::<3>,
            };
        }
        #[cfg(target_arch = "x86_64")]
        if self.f16c {
            return match self.op {
                None => f16c_plain::<0>,
                Some(Add) => f16c_plain::<1>,
                Some(Sub) => f16c_plain::<2>,
                Some(Mul) => f16c_plain::<3>,
            };
        }
        match (self.fmt, self.op) {
            (Half::Bf16, None) => |h, a, b, c| h.k.post_nan(scalar::fma_bf16_inline(a, b, c)),
            (Half::F16, None) => |h, a, b, c| h.k.post_nan(scalar::fma_f16_inline(a, b, c)),
            _ => |h, a, b, c| h.eval(a, b, c),
        }
    }
}

/// A plain binary16 operation (`OP`: 0 fma, 1 add, 2 sub, 3 mul) on F16C.
#[cfg(target_arch = "x86_64")]
fn f16c_plain<const OP: u8>(h: &HalfOne, a: u16, b: u16, c: u16) -> u16 {
    use crate::BinOp::*;
    let op = [None, Some(Add), Some(Sub), Some(Mul)][OP as usize];
    // SAFETY: `kernel` picks this only where `f16c` is set, which
    // `HalfOne::on` sets only where a non-portable path, and with it F16C,
    // was detected.
    h.k.post_nan(unsafe { crate::x86::f16_one(op, a, b, c) })
}

/// A plain binary16 operation (`OP`: 0 fma, 1 add, 2 sub, 3 mul) on the
/// CPU's scalar FP16 instruction (`vfmadd213sh`, `vaddsh`, ... rounding to
/// nearest even), then the NaN replacement.
#[cfg(target_arch = "x86_64")]
fn fp16_plain<const OP: u8>(h: &HalfOne, a: u16, b: u16, c: u16) -> u16 {
    // SAFETY: `kernel` picks this only where `fp16` is set, which
    // `HalfOne::on` sets only on the FP16 path, detected and self-checked.
    h.k.post_nan(unsafe { crate::x512h::f16_scalar::<OP>(a, b, c) })
}

impl F32One {
    /// The fastest function that computes [`F32One::eval`] for `self`: for
    /// a binary32 fma rounded to nearest with no `.ftz` and no `.sat`
    /// (`mad.rn.f32`, `fma.rn.f32`), the sum and the NaN replacement alone;
    /// else `eval` itself. Same bits (crates/fast/tests/staged.rs).
    pub fn kernel(&self) -> F32Fn {
        let k = &self.k;
        let plain = k.ftz == 0 && k.lo == i32::MIN && k.hi == i32::MAX;
        match (self.op, self.rm, plain) {
            (F32Op::Fma, Round::NearestEven, true) => |h, a, b, c| {
                let f = |v: u32| f32::from_bits(v) as f64;
                h.k.post_nan(crate::sum_to_f32::<{ elem::RN }>(f(a) * f(b), f(c)))
            },
            _ => |h, a, b, c| h.eval(a, b, c),
        }
    }
}

/// What an [`F32One`] computes.
#[derive(Clone, Copy, Debug)]
enum F32Op {
    /// `a × b + c`, all binary32.
    Fma,
    /// Half `a` (and `b`), binary32 `c`: `a + c`, `a - c` or `a × b + c`.
    Mixed { bf: bool, op: Option<BinOp> },
}

/// A binary32 fma or a mixed-precision operation with its stages, in one
/// rounding direction (see [`crate::fma_f32_staged`],
/// [`crate::mixed_staged`]).
#[derive(Clone, Copy, Debug)]
pub struct F32One {
    rm: Round,
    op: F32Op,
    k: F32K,
}

impl F32One {
    /// Binary32 `a × b + c` rounded in `rm`, with the stages `st`.
    pub fn fma(rm: Round, st: &F32Stages) -> F32One {
        F32One {
            rm,
            op: F32Op::Fma,
            k: F32K::new(st),
        }
    }

    /// Mixed precision: `a + c`, `a - c` (`op` `Some(Add)`, `Some(Sub)`)
    /// or `a × b + c` (`None`) with `fmt` operands `a`, `b`, rounded in
    /// `rm`, with the stages `st` (`ftz` flushes `c` and the result).
    ///
    /// # Panics
    /// If `op` is `Some(Mul)` (there is no mixed-precision mul).
    pub fn mixed(fmt: Half, op: Option<BinOp>, rm: Round, st: &F32Stages) -> F32One {
        assert!(op != Some(BinOp::Mul), "no mixed precision mul");
        F32One {
            rm,
            op: F32Op::Mixed {
                bf: fmt == Half::Bf16,
                op,
            },
            k: F32K::new(st),
        }
    }

    /// The operation on binary32 bits `a`, `b`, `c` (mixed: the half
    /// operands in the low 16 bits of `a` and `b`; `b` is not read by add
    /// and sub).
    ///
    /// The exact sum of a product exact in binary64 (binary32 × binary32,
    /// or half widenings) and a binary32 `c`, rounded to binary32 by
    /// TwoSum (see [`crate::fma_f32`]).
    #[inline]
    pub fn eval(&self, a: u32, b: u32, c: u32) -> u32 {
        let k = &self.k;
        let (p, z) = match self.op {
            F32Op::Fma => {
                let f = |v: u32| f32::from_bits(k.flush(v)) as f64;
                (f(a) * f(b), f(c))
            }
            F32Op::Mixed { bf, op } => {
                let w = |h: u32| elem::half_to_f32(bf, h as u16) as f64;
                let z = f32::from_bits(k.flush(c)) as f64;
                match op {
                    None => (w(a) * w(b), z),
                    // IEEE 754 §5.4.1: a - c is a + (-c).
                    Some(BinOp::Sub) => (w(a), -z),
                    Some(_) => (w(a), z),
                }
            }
        };
        let r = match self.rm {
            Round::NearestEven => crate::sum_to_f32::<{ elem::RN }>(p, z),
            Round::TowardZero => crate::sum_to_f32::<{ elem::RZ }>(p, z),
            Round::TowardNegative => crate::sum_to_f32::<{ elem::RM }>(p, z),
            Round::TowardPositive => crate::sum_to_f32::<{ elem::RP }>(p, z),
        };
        let r = k.post(r);
        // IEEE tininess after rounding (crate::tiny): products only.
        if k.tiny && r & 0x7fff_ffff == 0x0080_0000 {
            let tiny = match self.op {
                F32Op::Fma => crate::tiny::fma32_tiny(k.flush(a), k.flush(b), k.flush(c), self.rm),
                F32Op::Mixed { bf, op: None } => {
                    let w = |h: u32| elem::half_to_f32(bf, h as u16).to_bits();
                    crate::tiny::fma32_tiny(w(a), w(b), k.flush(c), self.rm)
                }
                F32Op::Mixed { .. } => false,
            };
            if tiny {
                return r & 0x8000_0000;
            }
        }
        r
    }
}

/// A binary64 fma in one rounding direction, NaN results replaced as
/// `nans` says (see [`crate::fma_f64_staged`]).
#[derive(Clone, Copy, Debug)]
pub struct F64One {
    rm: Round,
    nans: Option<F64Nans>,
    /// The native FMA instruction (x86-64 paths).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    native: bool,
}

impl F64One {
    /// `a × b + c` rounded in `rm`; NaN results replaced as `nans` says
    /// (`None`: left as they are); on the detected path ([`Path::detect`]).
    pub fn new(rm: Round, nans: Option<F64Nans>) -> F64One {
        F64One::on(Path::detect(), rm, nans)
    }

    /// As [`F64One::new`], on `path` (portable if this CPU cannot run it).
    pub fn on(path: Path, rm: Round, nans: Option<F64Nans>) -> F64One {
        F64One {
            rm,
            nans,
            native: path.usable() != Path::Portable,
        }
    }

    /// The operation on binary64 bits. `.rn`: `f64::mul_add` (correctly
    /// rounded by Rust's contract). Directed modes: on x86-64 with FMA the
    /// native instruction under MXCSR rounding set and restored inside one
    /// `asm!` block; elsewhere the exact core.
    #[inline]
    pub fn eval(&self, a: u64, b: u64, c: u64) -> u64 {
        let r = if self.rm == Round::NearestEven {
            f64::from_bits(a)
                .mul_add(f64::from_bits(b), f64::from_bits(c))
                .to_bits()
        } else {
            self.directed(a, b, c)
        };
        match self.nans {
            Some(f) if f64::from_bits(r).is_nan() => f.pick([a, b, c]),
            _ => r,
        }
    }

    fn directed(&self, a: u64, b: u64, c: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if self.native {
            // SAFETY: `native` is set only where a non-portable path, and
            // with it FMA, was detected.
            return unsafe { crate::x86::fma_f64_one_mxcsr(self.rm, a, b, c) };
        }
        ptxfp_float::fma::<ptxfp_float::F64>(a, b, c, self.rm).bits
    }
}
