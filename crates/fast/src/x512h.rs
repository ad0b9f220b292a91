//! x86-64 AVX-512 kernels for binary16 and bfloat16 add, sub, mul and
//! fma: thirty-two 16-bit lanes per step, the stages of [`crate::stages`]
//! fused into the same pass as 16-bit integer selects on masks, masked
//! loads and stores for the partial steps. The arithmetic is one of two:
//!
//! - **AVX-512 FP16** (binary16 only, [`crate::Path::X86Avx512Fp16`]):
//!   the CPU's own binary16 instructions (`vaddph`, `vsubph`, `vmulph`,
//!   `vfmadd213ph`), rounding to nearest even embedded in each
//!   (`{rn-sae}`). Intel specifies each as the IEEE 754 binary16
//!   operation rounded once (the fma's product unrounded), subnormal
//!   operands and results exact while MXCSR's DAZ and FTZ are clear, as
//!   they are in Rust (the crate's environment requirement). Only NaN
//!   payloads can differ from the exact core's, and the kernels promise
//!   none.
//! - **binary32** (every AVX-512 CPU, [`crate::Path::X86Avx512`]): each
//!   half of the step widened exactly to sixteen binary32 lanes, the
//!   binary32 operation (add, sub, mul) or the fma rounded to odd
//!   ([`fma_odd`]), then one rounding to the half format ([`narrow`]):
//!   a correct rounding by the arguments at [`crate::half_binop`] and
//!   [`crate::half_fma`] (Figueroa's double rounding condition; Boldo and
//!   Melquiond's round to odd).
//!
//! The kernel is written once, with the arithmetic as a const parameter,
//! so everything but the four instructions (loads, masks, stages, partial
//! steps) is tested bit for bit on every AVX-512 CPU, with or without
//! FP16. The FP16 arithmetic itself is compared with the binary32 one on
//! an edge set of operands before the FP16 path is ever chosen
//! ([`fp16_available`]), and the test suite runs both against the exact
//! core wherever the CPU has FP16: on real silicon, or on Bochs 3's
//! emulated Sapphire Rapids by `scripts/test-fp16-bochs`, which also
//! compares FP16-path sweep digests with the other paths'.
//!
//! The FP16 instructions are written with `asm!`: their intrinsics became
//! stable after the crate's minimum Rust version. No function here enables
//! the `avx512fp16` target feature, so the compiler never emits an FP16
//! instruction of its own; only the `asm!` blocks do, in the kernels
//! called only after the CPU was found to have them.

use core::arch::asm;
use core::arch::x86_64::*;

use crate::stages::HalfK;
use crate::stages::{STAGES_ALL, STAGES_NAN, STAGES_NONE};
use crate::x512::{fma_odd, head_to_align, narrow, steps, widen, ADD, FMA, MUL, SUB};
use crate::{BinOp, Half};

/// Whether this CPU has AVX-512 FP16 (besides what `x512` needs) and its
/// binary16 instructions give the binary32 arithmetic's bits on every
/// operand of [`self_check`]. Called once per process, by
/// [`crate::Path::best_available`], which keeps the answer.
pub(crate) fn fp16_available() -> bool {
    crate::x512::available() && std::is_x86_feature_detected!("avx512fp16") && self_check()
}

/// `OP`'s binary16 operation on thirty-two lanes, rounded to nearest even,
/// by the CPU's FP16 instruction (`z` is read for [`FMA`] only).
///
/// # Safety
/// The CPU must have AVX-512 FP16.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
unsafe fn fp16<const OP: u8>(x: __m512i, y: __m512i, z: __m512i) -> __m512i {
    let r: __m512i;
    // `r = x op y`, rounded to nearest even.
    macro_rules! binop {
        ($ins:literal) => {
            asm!(
                concat!($ins, " {r}, {x}, {y}, {{rn-sae}}"),
                r = lateout(zmm_reg) r, x = in(zmm_reg) x, y = in(zmm_reg) y,
                options(pure, nomem, nostack, preserves_flags)
            )
        };
    }
    // SAFETY: register-only instructions; the caller checked the feature.
    unsafe {
        match OP {
            ADD => binop!("vaddph"),
            SUB => binop!("vsubph"),
            MUL => binop!("vmulph"),
            // vfmadd213ph r, y, z: r = y × r + z, with r = x on entry.
            _ => asm!(
                "vfmadd213ph {r}, {y}, {z}, {{rn-sae}}",
                r = inout(zmm_reg) x => r, y = in(zmm_reg) y, z = in(zmm_reg) z,
                options(pure, nomem, nostack, preserves_flags)
            ),
        }
    }
    r
}

/// One binary16 operation (`OP`: 0 fma `a × b + c`, 1 add, 2 sub, 3 mul)
/// by the CPU's scalar FP16 instruction (`vfmadd213sh`, `vaddsh`,
/// `vsubsh`, `vmulsh`), rounded to nearest even (`{rn-sae}`): the same
/// IEEE binary16 operation as [`fp16`]'s lanes, for one call at a time.
///
/// # Safety
/// The CPU must have AVX-512 FP16.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
pub(crate) unsafe fn f16_scalar<const OP: u8>(a: u16, b: u16, c: u16) -> u16 {
    let x = _mm_cvtsi32_si128(i32::from(a));
    let y = _mm_cvtsi32_si128(i32::from(b));
    let z = _mm_cvtsi32_si128(i32::from(c));
    let r: __m128i;
    macro_rules! binop {
        ($ins:literal) => {
            asm!(
                concat!($ins, " {r}, {x}, {y}, {{rn-sae}}"),
                r = lateout(xmm_reg) r, x = in(xmm_reg) x, y = in(xmm_reg) y,
                options(pure, nomem, nostack, preserves_flags)
            )
        };
    }
    // SAFETY: register-only instructions; the caller checked the feature.
    unsafe {
        match OP {
            1 => binop!("vaddsh"),
            2 => binop!("vsubsh"),
            3 => binop!("vmulsh"),
            // `r = x × y + z`, the product unrounded.
            _ => asm!(
                "vfmadd213sh {r}, {y}, {z}, {{rn-sae}}",
                r = inout(xmm_reg) x => r, y = in(xmm_reg) y, z = in(xmm_reg) z,
                options(pure, nomem, nostack, preserves_flags)
            ),
        }
    }
    _mm_cvtsi128_si32(r) as u16
}

/// `OP` on sixteen half lanes in binary32 (module doc).
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
fn f32_16<const BF: bool, const OP: u8>(x: __m256i, y: __m256i, z: __m256i) -> __m256i {
    let z = if OP == FMA {
        widen::<BF>(z)
    } else {
        _mm512_setzero_ps()
    };
    narrow::<BF>(op_wide::<OP>(widen::<BF>(x), widen::<BF>(y), z))
}

/// `OP` on sixteen binary32 lanes: the operation, or for [`FMA`] the
/// exact `x × y + z` rounded to odd ([`fma_odd`]; `z` is read for it only).
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
fn op_wide<const OP: u8>(x: __m512, y: __m512, z: __m512) -> __m512 {
    match OP {
        ADD => _mm512_add_ps(x, y),
        SUB => _mm512_sub_ps(x, y),
        MUL => _mm512_mul_ps(x, y),
        _ => fma_odd(x, y, z),
    }
}

/// `OP` on thirty-two half lanes in binary32: [`f32_16`] on each half.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
fn f32_32<const BF: bool, const OP: u8>(x: __m512i, y: __m512i, z: __m512i) -> __m512i {
    let lo = |v: __m512i| _mm512_castsi512_si256(v);
    let hi = |v: __m512i| _mm512_extracti64x4_epi64::<1>(v);
    let l = f32_16::<BF, OP>(lo(x), lo(y), lo(z));
    let h = f32_16::<BF, OP>(hi(x), hi(y), hi(z));
    _mm512_inserti64x4::<1>(_mm512_castsi256_si512(l), h)
}

/// [`HalfK`] as vectors of thirty-two 16-bit lanes, the selects as masks:
/// the stages of [`HalfK::flush`] and [`HalfK::post`].
#[derive(Clone, Copy)]
struct HalfW {
    /// Whether the flush, the clamp and the OOB test do anything, and
    /// whether NaN results are replaced: uniform branches, hoisted out of
    /// the loop.
    ftz: bool,
    clamp: bool,
    oob: bool,
    replace_nan: bool,
    exp: __m512i,
    lo: __m512i,
    hi: __m512i,
    nan: __m512i,
    oob_mask: __m512i,
    oob_value: __m512i,
}

impl HalfW {
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
    fn new(k: &HalfK) -> HalfW {
        let v = |x: u16| _mm512_set1_epi16(x as i16);
        HalfW {
            clamp: (k.lo, k.hi) != (i16::MIN, i16::MAX),
            oob: k.oob_on != 0,
            replace_nan: k.nan_on != 0,
            ftz: k.ftz != 0,
            exp: v(k.exp),
            lo: v(k.lo as u16),
            hi: v(k.hi as u16),
            nan: v(k.nan),
            oob_mask: v(k.oob_mask),
            oob_value: v(k.oob_value),
        }
    }

    /// [`HalfK::flush`] on thirty-two lanes: under `ftz`, a lane with a
    /// zero exponent field keeps only its sign.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
    fn flush(&self, x: __m512i) -> __m512i {
        if !self.ftz {
            return x;
        }
        let sub = _mm512_testn_epi16_mask(x, self.exp);
        let sign = _mm512_and_si512(x, _mm512_set1_epi16(i16::MIN));
        _mm512_mask_mov_epi16(x, sub, sign)
    }

    /// The lanes of `x` that are NaNs.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
    fn nans(&self, x: __m512i) -> __mmask32 {
        let mag = _mm512_and_si512(x, _mm512_set1_epi16(0x7fff));
        _mm512_cmpgt_epi16_mask(mag, self.exp)
    }

    /// [`HalfK::post`] on thirty-two lanes: flush, clamp, NaN, OOB.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
    fn post(&self, x: __m512i, a: __m512i, b: __m512i) -> __m512i {
        let nan = self.nans(x);
        let x = self.flush(x);
        let y = if self.clamp {
            _mm512_min_epi16(_mm512_max_epi16(x, self.lo), self.hi)
        } else {
            x
        };
        // A NaN is replaced, or kept as it is: the clamp must not turn a
        // NaN with the sign bit set into +0 under ReLU.
        let y = if self.replace_nan {
            _mm512_mask_mov_epi16(y, nan, self.nan)
        } else if self.clamp {
            _mm512_mask_mov_epi16(y, nan, x)
        } else {
            y
        };
        if !self.oob {
            return y;
        }
        let oa = _mm512_cmpeq_epi16_mask(_mm512_and_si512(a, self.oob_mask), self.oob_value);
        let ob = _mm512_cmpeq_epi16_mask(_mm512_and_si512(b, self.oob_mask), self.oob_value);
        _mm512_maskz_mov_epi16(!(oa | ob), y)
    }
}

/// The mask of the first `min(n, 32)` lanes.
#[inline(always)]
fn lanes32(n: usize) -> __mmask32 {
    if n >= 32 {
        !0
    } else {
        ((1u64 << n) - 1) as __mmask32
    }
}

/// A binary16 (`BF` false) or bfloat16 operation `OP` (`ADD`, `SUB`,
/// `MUL`, `FMA` of `x512`; `c` is read for `FMA` only) with the stages of
/// `k` (`None`: none at all, the bare instruction loop of the benchmarks),
/// rounded to nearest even by the CPU's FP16 instruction if `FP16`
/// (binary16 only), else in binary32 (module doc).
///
/// # Safety
/// The CPU must have the features of `x512::available`, and AVX-512 FP16
/// if `FP16`.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
unsafe fn half<const BF: bool, const OP: u8, const FP16: bool>(
    k: Option<&HalfK>,
    a: &[u16],
    b: &[u16],
    c: &[u16],
    out: &mut [u16],
) {
    let n = out.len();
    assert!(a.len() == n && b.len() == n, "operand lengths differ");
    assert!(OP != FMA || c.len() == n, "operand lengths differ");
    let v = k.map(|k| HalfW::new(k));
    // A first partial step aligns the stores to the step's width.
    let head = head_to_align(out.as_ptr(), 32).min(n);
    let step = |i: usize, m: __mmask32| {
        // SAFETY: i < n, so the pointers are in bounds; the masked loads
        // and store touch only lanes i..min(i + 32, n). The caller checked
        // the features.
        unsafe {
            let xa = _mm512_maskz_loadu_epi16(m, a.as_ptr().add(i).cast());
            let xb = _mm512_maskz_loadu_epi16(m, b.as_ptr().add(i).cast());
            let xc = if OP == FMA {
                _mm512_maskz_loadu_epi16(m, c.as_ptr().add(i).cast())
            } else {
                _mm512_setzero_si512()
            };
            let flush = |x| v.map_or(x, |v| v.flush(x));
            let (x, y, z) = (flush(xa), flush(xb), flush(xc));
            let r = if FP16 && !BF {
                fp16::<OP>(x, y, z)
            } else {
                f32_32::<BF, OP>(x, y, z)
            };
            let d = v.map_or(r, |v| v.post(r, xa, xb));
            _mm512_mask_storeu_epi16(out.as_mut_ptr().add(i).cast(), m, d);
        }
    };
    steps(n, 32, head, lanes32, step);
}

/// One operand of [`half_nh`]'s step: its thirty-two lanes as given, as
/// flushed, and (for the binary32 arithmetic) each half widened to
/// sixteen binary32 lanes.
#[derive(Clone, Copy)]
struct Wide {
    raw: __m512i,
    flushed: __m512i,
    lo: __m512,
    hi: __m512,
}

/// [`Wide`] of the lanes `x`. `S` as [`half_nh`]'s; `ARITH32`: widen
/// (the binary32 arithmetic reads the halves, the FP16 one the lanes).
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
fn wide<const BF: bool, const S: u8, const ARITH32: bool>(v: &HalfW, x: __m512i) -> Wide {
    let f = if S == STAGES_ALL { v.flush(x) } else { x };
    let (lo, hi) = if ARITH32 {
        (
            widen::<BF>(_mm512_castsi512_si256(f)),
            widen::<BF>(_mm512_extracti64x4_epi64::<1>(f)),
        )
    } else {
        (_mm512_setzero_ps(), _mm512_setzero_ps())
    };
    Wide {
        raw: x,
        flushed: f,
        lo,
        hi,
    }
}

/// [`half`] fused with the sweep digest's keyed NH sum
/// ([`crate::fused::nh_sum`]) of `n` results: each step's thirty-two
/// results, eight 64-bit words, are hashed in registers instead of
/// stored. Whole steps only: `n` a multiple of 32. `FIXED` as
/// `x256::FIXED_A` says (0: none): a fixed operand repeats its first
/// sixteen lanes, which are all it needs (the others need `n`), and is
/// read, flushed and widened once. `S`: which of the stages run, as
/// `x256::half16`'s (all, the NaN replacement alone, none). Returns the
/// sum.
///
/// # Safety
/// As [`half`]; with `FP16`, the CPU must have AVX-512 FP16.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
unsafe fn half_nh<const BF: bool, const OP: u8, const FP16: bool, const FIXED: u8, const S: u8>(
    k: &HalfK,
    a: &[u16],
    b: &[u16],
    c: &[u16],
    n: usize,
    nh: (u64, u64, u32, u32),
) -> u64 {
    let len = |x: &[u16], bit: u8| x.len() >= if FIXED & bit != 0 { 16.min(n) } else { n };
    assert!(
        len(a, 1) && len(b, 2) && n.is_multiple_of(32),
        "operand lengths"
    );
    assert!(OP != FMA || c.len() >= n, "operand lengths differ");
    let arith32 = !FP16 || BF;
    let (key, kstep, lo, hi) = nh;
    let v = HalfW::new(k);
    let mut keys = [0u64; 8];
    for (i, x) in keys.iter_mut().enumerate() {
        *x = key.wrapping_add((i as u64).wrapping_mul(kstep));
    }
    // SAFETY: a stack array of eight words.
    let mut kv = unsafe { _mm512_loadu_si512(keys.as_ptr().cast()) };
    let inc = _mm512_set1_epi64(kstep.wrapping_mul(8) as i64);
    // Both offsets in one 32-bit add per lane: NH's factors are the two
    // 32-bit halves, each offset modulo 2^32.
    let off = _mm512_set1_epi64(((u64::from(hi) << 32) | u64::from(lo)) as i64);
    let mut acc = _mm512_setzero_si512();
    // Only for the operands the asserts above hold to `n` lanes, at
    // i < n, i a multiple of 32.
    let load = |p: &[u16], i: usize| {
        debug_assert!(i + 32 <= p.len(), "operand lengths");
        // SAFETY: i + 32 <= n <= p.len() (the asserts above).
        unsafe { _mm512_loadu_si512(p.as_ptr().add(i).cast()) }
    };
    let input = |x: __m512i| {
        if arith32 {
            wide::<BF, S, true>(&v, x)
        } else {
            wide::<BF, S, false>(&v, x)
        }
    };
    // A fixed operand's sixteen lanes, twice, flushed and widened once.
    let fixed = |p: &[u16], bit: u8| {
        if FIXED & bit != 0 && n >= 32 {
            // SAFETY: a fixed operand has at least sixteen lanes when n > 0.
            input(_mm512_broadcast_i64x4(unsafe {
                _mm256_loadu_si256(p.as_ptr().cast())
            }))
        } else {
            input(_mm512_setzero_si512())
        }
    };
    let (fa, fb) = (fixed(a, 1), fixed(b, 2));
    let mut i = 0;
    while i < n {
        let xa = if FIXED & 1 != 0 {
            fa
        } else {
            input(load(a, i))
        };
        let xb = if FIXED & 2 != 0 {
            fb
        } else {
            input(load(b, i))
        };
        let xc = if OP == FMA { input(load(c, i)) } else { xa };
        let r = if arith32 {
            let l = narrow::<BF>(op_wide::<OP>(xa.lo, xb.lo, xc.lo));
            let h = narrow::<BF>(op_wide::<OP>(xa.hi, xb.hi, xc.hi));
            _mm512_inserti64x4::<1>(_mm512_castsi256_si512(l), h)
        } else {
            // SAFETY: FP16 is only set where the CPU has it (the caller).
            unsafe { fp16::<OP>(xa.flushed, xb.flushed, xc.flushed) }
        };
        let d = match S {
            STAGES_ALL => v.post(r, xa.raw, xb.raw),
            STAGES_NAN => _mm512_mask_mov_epi16(r, v.nans(r), v.nan),
            _ => r,
        };
        // Little-endian: lanes 4w .. 4w + 3 are the stream's word w.
        let y = _mm512_add_epi32(_mm512_xor_si512(d, kv), off);
        acc = _mm512_add_epi64(acc, _mm512_mul_epu32(y, _mm512_srli_epi64::<32>(y)));
        kv = _mm512_add_epi64(kv, inc);
        i += 32;
    }
    _mm512_reduce_add_epi64(acc) as u64
}

/// Runs [`half_nh`] for `fmt`, `op` (`None`: fma), the fixed operands
/// `fixed` (`x256::FIXED_A` or `FIXED_AB`, else none) and the stages
/// `stages`, with the FP16 arithmetic if `fp16` (binary16 only).
///
/// # Safety
/// As [`half_nh`].
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn half_nh_dyn(
    fmt: Half,
    op: Option<BinOp>,
    fp16: bool,
    fixed: u8,
    stages: u8,
    k: &HalfK,
    (a, b, c, n): (&[u16], &[u16], &[u16], usize),
    nh: (u64, u64, u32, u32),
) -> u64 {
    use crate::x256::{FIXED_A, FIXED_AB};
    macro_rules! go {
        ($bf:expr, $fp16:expr, $fx:expr, $s:expr) => {
            match op {
                Some(BinOp::Add) => half_nh::<$bf, ADD, $fp16, $fx, $s>(k, a, b, c, n, nh),
                Some(BinOp::Sub) => half_nh::<$bf, SUB, $fp16, $fx, $s>(k, a, b, c, n, nh),
                Some(BinOp::Mul) => half_nh::<$bf, MUL, $fp16, $fx, $s>(k, a, b, c, n, nh),
                None => half_nh::<$bf, FMA, $fp16, $fx, $s>(k, a, b, c, n, nh),
            }
        };
        ($bf:expr, $fp16:expr, $fx:expr) => {
            match stages {
                STAGES_ALL => go!($bf, $fp16, $fx, STAGES_ALL),
                STAGES_NAN => go!($bf, $fp16, $fx, STAGES_NAN),
                _ => go!($bf, $fp16, $fx, STAGES_NONE),
            }
        };
        ($bf:expr, $fp16:expr) => {
            match fixed & FIXED_AB {
                FIXED_AB => go!($bf, $fp16, FIXED_AB),
                FIXED_A => go!($bf, $fp16, FIXED_A),
                _ => go!($bf, $fp16, 0),
            }
        };
    }
    // SAFETY: passed on to the caller.
    unsafe {
        match (fmt, fp16) {
            (Half::F16, true) => go!(false, true),
            (Half::F16, false) => go!(false, false),
            (Half::Bf16, _) => go!(true, false),
        }
    }
}

/// Runs [`half`] for `fmt` and `op` (`None`: fma), with the FP16
/// instructions if `fp16` (binary16 only; bfloat16 ignores it).
///
/// # Safety
/// As [`half`].
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn half_dyn(
    fmt: Half,
    op: Option<BinOp>,
    fp16: bool,
    k: Option<&HalfK>,
    a: &[u16],
    b: &[u16],
    c: &[u16],
    out: &mut [u16],
) {
    macro_rules! go {
        ($bf:expr, $fp16:expr) => {
            match op {
                Some(BinOp::Add) => half::<$bf, ADD, $fp16>(k, a, b, c, out),
                Some(BinOp::Sub) => half::<$bf, SUB, $fp16>(k, a, b, c, out),
                Some(BinOp::Mul) => half::<$bf, MUL, $fp16>(k, a, b, c, out),
                None => half::<$bf, FMA, $fp16>(k, a, b, c, out),
            }
        };
    }
    // SAFETY: passed on to the caller.
    unsafe {
        match (fmt, fp16) {
            (Half::F16, true) => go!(false, true),
            (Half::F16, false) => go!(false, false),
            (Half::Bf16, _) => go!(true, false),
        }
    }
}

/// The binary16 values of the self-check: both signs of five significands
/// (smallest, next, two middle, largest) in thirteen exponent fields (the
/// zeros and subnormals, the lowest normals, around 1, the largest), the
/// infinities and three NaNs: every class, the overflow and underflow
/// boundaries, exact and inexact results, ties.
fn check_values() -> Vec<u16> {
    let mut v = vec![];
    for sign in [0u16, 0x8000] {
        for e in [0u16, 1, 2, 7, 13, 14, 15, 16, 17, 22, 28, 29, 30] {
            for f in [0u16, 1, 0x155, 0x200, 0x3ff] {
                v.push(sign | e << 10 | f);
            }
        }
        v.extend([sign | 0x7c00, sign | 0x7e00, sign | 0x7c01]);
    }
    v
}

/// Whether the FP16 kernels give the binary32 ones' bits (any NaN for a
/// NaN) on every pair of [`check_values`] for add, sub and mul, and on
/// every triple for fma (2.5 million results). Called only on a CPU with
/// AVX-512 FP16.
#[cold]
fn self_check() -> bool {
    agree_on_edges(|op, fp16, a, b, c, out| {
        // SAFETY: the caller (`fp16_available`) checked the features.
        unsafe { half_dyn(Half::F16, op, fp16, None, a, b, c, out) }
    })
}

/// The comparison of [`self_check`], with the kernels as `run(op, fp16,
/// a, b, c, out)`.
fn agree_on_edges(
    mut run: impl FnMut(Option<BinOp>, bool, &[u16], &[u16], &[u16], &mut [u16]),
) -> bool {
    let v = check_values();
    let m = v.len();
    let a: Vec<u16> = (0..m * m).map(|i| v[i / m]).collect();
    let b: Vec<u16> = (0..m * m).map(|i| v[i % m]).collect();
    let nan = |h: u16| h & 0x7fff > 0x7c00;
    let (mut x, mut y) = (vec![0u16; m * m], vec![0u16; m * m]);
    let mut agree = |op, c: &[u16]| {
        run(op, true, &a, &b, c, &mut x);
        run(op, false, &a, &b, c, &mut y);
        x.iter().zip(&y).all(|(&p, &q)| p == q || nan(p) && nan(q))
    };
    let mut c = vec![0u16; m * m];
    [Some(BinOp::Add), Some(BinOp::Sub), Some(BinOp::Mul)]
        .into_iter()
        .all(|op| agree(op, &[]))
        && v.iter().all(|&z| {
            c.fill(z);
            agree(None, &c)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The binary32 kernels as both arithmetics of [`agree_on_edges`],
    /// the FP16 one changed by `spoil`.
    fn edges_with(spoil: impl Fn(&mut [u16])) -> bool {
        agree_on_edges(|op, fp16, a, b, c, out| {
            // SAFETY: checked by the callers.
            unsafe { half_dyn(Half::F16, op, false, None, a, b, c, out) };
            if fp16 {
                spoil(out);
            }
        })
    }

    #[test]
    fn self_check_sees_one_wrong_bit_and_no_nan_payload() {
        if !crate::x512::available() {
            return;
        }
        assert!(edges_with(|_| {}));
        // One wrong last bit of one finite result: refused.
        assert!(!edges_with(|o| {
            let i = o
                .iter()
                .position(|&h| h & 0x7fff < 0x7c00 && h != 0)
                .unwrap();
            o[i] ^= 1;
        }));
        // A wrong sign of a zero: refused.
        assert!(!edges_with(|o| {
            let i = o.iter().position(|&h| h & 0x7fff == 0).unwrap();
            o[i] ^= 0x8000;
        }));
        // Another NaN payload and sign: accepted (none is promised).
        assert!(edges_with(|o| {
            for h in o.iter_mut().filter(|h| **h & 0x7fff > 0x7c00) {
                *h = 0xfe01;
            }
        }));
    }

    #[test]
    fn check_values_cover_every_class_and_boundary() {
        let v = check_values();
        for h in [
            0x0000, 0x8000, // zeros
            0x0001, 0x8001, 0x03ff, 0x83ff, // smallest and largest subnormals
            0x0400, 0x87ff, // smallest normal, largest of its binade negated
            0x3c00, 0xbc00, 0x3c01, 0x3bff, // 1, its neighbours
            0x7bff, 0xfbff, // largest finite
            0x7c00, 0xfc00, // infinities
            0x7e00, 0x7c01, 0xfe00, // NaNs, quiet and signalling
        ] {
            assert!(v.contains(&h), "{h:#06x} missing");
        }
    }
}
