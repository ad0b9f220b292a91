//! x86-64 AVX2 kernels (with FMA and F16C) with the stages of
//! [`crate::stages`] fused into one pass, for CPUs without AVX-512: the
//! binary16 / bfloat16 operations on sixteen 16-bit lanes with intrinsics
//! (round to nearest even, the host's default mode), and the binary32 /
//! binary64 fma as one `asm!` loop that sets the MXCSR rounding control
//! for the loop and restores it (AVX2 has no embedded rounding, and no
//! Rust code may run in a changed mode). The last partial step runs on
//! zero-padded copies of the operands, so the loops have no scalar tail.
//! Callers check the features first ([`crate::x86::available`]).
//!
//! Round to odd without embedded rounding. Where the product is exact in
//! binary32 (always for binary16: 22 ≤ 24 bits, between 2^-48 and 2^32;
//! for bfloat16 when it is a binary32 normal), TwoSum gives the rounded
//! sum `s` and its exact error, and the odd step on the bits of `s` (one
//! step toward zero when the error points there, last bit set when the
//! error is nonzero) is the exact value rounded to odd at binary32. Sixteen
//! bfloat16 lanes with a product that under- or overflows binary32 (it
//! shares bfloat16's exponent range) go to binary64 instead: the product
//! is exact there, TwoSum in binary64, then the rounding to odd at
//! binary32 precision from `r = RN24(s)`, whose side is the sign of
//! `(s - r) + err` (see [`bf16_products_exact`], [`fma_odd_bf16_wide`]). In both, rounding to odd at 24
//! bits and then to nearest in the half format is one correct rounding
//! (Boldo and Melquiond, IEEE TC 57(4), 2008, Theorem 1: 24 ≥ p + 2).

use core::arch::asm;
use core::arch::x86_64::*;

use crate::stages::{F64Nans, HalfK, F32K};

/// `OP` of [`half`]: add, sub, mul, fma (the same values as in `x512`).
pub(crate) use crate::x512::{ADD, FMA, MUL, SUB};

/// The stages a step of [`half16`] runs ([`HalfK::stages`]).
pub(crate) use crate::stages::{STAGES_ALL, STAGES_NAN, STAGES_NONE};

/// [`HalfK`] as vectors of sixteen 16-bit lanes.
#[derive(Clone, Copy)]
pub(crate) struct HalfV {
    /// Whether the flush, the clamp and the OOB test do anything: uniform
    /// branches, hoisted out of the loop by the compiler.
    flush: bool,
    clamp: bool,
    oob: bool,
    /// Whether NaN results are replaced (a uniform branch, as `clamp`).
    replace_nan: bool,
    exp: __m256i,
    ftz: __m256i,
    lo: __m256i,
    hi: __m256i,
    nan: __m256i,
    oob_on: __m256i,
    oob_mask: __m256i,
    oob_value: __m256i,
}

impl HalfV {
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    pub(crate) fn new(k: &HalfK) -> HalfV {
        let v = |x: u16| _mm256_set1_epi16(x as i16);
        HalfV {
            flush: k.ftz != 0,
            clamp: (k.lo, k.hi) != (i16::MIN, i16::MAX),
            oob: k.oob_on != 0,
            replace_nan: k.nan_on != 0,
            exp: v(k.exp),
            ftz: v(k.ftz),
            lo: v(k.lo as u16),
            hi: v(k.hi as u16),
            nan: v(k.nan),
            oob_on: v(k.oob_on),
            oob_mask: v(k.oob_mask),
            oob_value: v(k.oob_value),
        }
    }

    /// [`HalfK::flush`] on sixteen lanes.
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    pub(crate) fn flush(&self, x: __m256i) -> __m256i {
        if !self.flush {
            return x;
        }
        let sub = _mm256_cmpeq_epi16(_mm256_and_si256(x, self.exp), _mm256_setzero_si256());
        _mm256_andnot_si256(_mm256_and_si256(sub, self.ftz), x)
    }

    /// [`HalfK::post`] on sixteen lanes.
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    pub(crate) fn post(&self, x: __m256i, a: __m256i, b: __m256i) -> __m256i {
        let mag = _mm256_and_si256(x, _mm256_set1_epi16(0x7fff));
        let nan = _mm256_cmpgt_epi16(mag, self.exp);
        let x = self.flush(x);
        let y = if self.clamp {
            _mm256_min_epi16(_mm256_max_epi16(x, self.lo), self.hi)
        } else {
            x
        };
        // A NaN is replaced, or kept as it is: the clamp must not turn a
        // NaN with the sign bit set into +0 under ReLU.
        let y = if self.replace_nan {
            _mm256_blendv_epi8(y, self.nan, nan)
        } else if self.clamp {
            _mm256_blendv_epi8(y, x, nan)
        } else {
            y
        };
        if !self.oob {
            return y;
        }
        let oa = _mm256_cmpeq_epi16(_mm256_and_si256(a, self.oob_mask), self.oob_value);
        let ob = _mm256_cmpeq_epi16(_mm256_and_si256(b, self.oob_mask), self.oob_value);
        let oob = _mm256_and_si256(_mm256_or_si256(oa, ob), self.oob_on);
        _mm256_andnot_si256(oob, y)
    }
}

/// Runs `step` over `0..n`, `L` elements at a time: on the slices
/// themselves for the full steps, on zero-padded copies for the last
/// partial one ([`padded_tail`]). `step` gets the step's first element of
/// each operand and of `out`; `b` or `c` may be empty when `step` does not
/// read it (their pointers are then never dereferenced).
#[inline(always)]
fn padded_steps<A, B, C, O, const L: usize>(
    a: &[A],
    b: &[B],
    c: &[C],
    out: &mut [O],
    mut step: impl FnMut(*const A, *const B, *const C, *mut O),
) where
    A: Copy + Default,
    B: Copy + Default,
    C: Copy + Default,
    O: Copy + Default,
{
    let n = out.len();
    let full = n - n % L;
    let mut i = 0;
    while i < full {
        step(
            a[i..].as_ptr(),
            b.as_ptr().wrapping_add(i),
            c.as_ptr().wrapping_add(i),
            out[i..].as_mut_ptr(),
        );
        i += L;
    }
    padded_tail::<A, B, C, O, L>(a, b, c, out, step);
}

/// The last `out.len() % L` elements as one step of `L` on zero-padded
/// copies of the operands (nothing if there are none); `b` or `c` may be
/// empty when `step` does not read it.
#[inline(always)]
fn padded_tail<A, B, C, O, const L: usize>(
    a: &[A],
    b: &[B],
    c: &[C],
    out: &mut [O],
    mut step: impl FnMut(*const A, *const B, *const C, *mut O),
) where
    A: Copy + Default,
    B: Copy + Default,
    C: Copy + Default,
    O: Copy + Default,
{
    let n = out.len();
    let full = n - n % L;
    if full < n {
        let m = n - full;
        let (mut ta, mut tb, mut tc) = ([A::default(); L], [B::default(); L], [C::default(); L]);
        let mut to = [O::default(); L];
        ta[..m].copy_from_slice(&a[full..]);
        if !b.is_empty() {
            tb[..m].copy_from_slice(&b[full..]);
        }
        if !c.is_empty() {
            tc[..m].copy_from_slice(&c[full..]);
        }
        step(ta.as_ptr(), tb.as_ptr(), tc.as_ptr(), to.as_mut_ptr());
        out[full..].copy_from_slice(&to[..m]);
    }
}

/// Eight half values (the low or high 128 bits of `x`, `HI`) widened
/// exactly to binary32: `vcvtph2ps` for binary16, a 16-bit shift for
/// bfloat16 (the upper half of a binary32).
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn widen<const BF: bool, const HI: bool>(x: __m256i) -> __m256 {
    let h = if HI {
        _mm256_extracti128_si256::<1>(x)
    } else {
        _mm256_castsi256_si128(x)
    };
    if BF {
        _mm256_castsi256_ps(_mm256_slli_epi32::<16>(_mm256_cvtepu16_epi32(h)))
    } else {
        _mm256_cvtph_ps(h)
    }
}

/// Eight binary32 values rounded to nearest even in bfloat16, as the low
/// 16 bits of eight 32-bit lanes: the integer rounding of
/// [`crate::elem::f32_to_bf16`] (upper half of `bits + 0x7fff + lsb`), a
/// NaN kept as a quiet NaN of its sign.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn round_bf16(r: __m256) -> __m256i {
    let b = _mm256_castps_si256(r);
    let hi = _mm256_srli_epi32::<16>(b);
    let lsb = _mm256_and_si256(hi, _mm256_set1_epi32(1));
    let bias = _mm256_add_epi32(lsb, _mm256_set1_epi32(0x7fff));
    let t = _mm256_srli_epi32::<16>(_mm256_add_epi32(b, bias));
    let nan = _mm256_castps_si256(_mm256_cmp_ps::<_CMP_UNORD_Q>(r, r));
    let quiet = _mm256_or_si256(hi, _mm256_set1_epi32(0x40));
    _mm256_blendv_epi8(t, quiet, nan)
}

/// Sixteen binary32 values (`lo` the first eight) rounded to nearest even
/// in the half format: `vcvtps2ph` for binary16 (subnormal results and
/// overflow included), [`round_bf16`] for bfloat16.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn narrow<const BF: bool>(lo: __m256, hi: __m256) -> __m256i {
    if BF {
        // packus interleaves the 128-bit halves; the permute restores
        // lane order. The values fit in 16 bits, so nothing saturates.
        let p = _mm256_packus_epi32(round_bf16(lo), round_bf16(hi));
        _mm256_permute4x64_epi64::<0b11_01_10_00>(p)
    } else {
        _mm256_set_m128i(
            _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(hi),
            _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(lo),
        )
    }
}

/// `x × y + z` rounded to odd at binary32 precision, for binary32 `x`,
/// `y` whose product `x × y` is exact in binary32 (or is a zero, infinity
/// or NaN of IEEE's product rules): TwoSum gives the rounded sum `s` and
/// its exact error `err` (TwoSum is exact whenever `s` does not overflow;
/// subnormal sums are exact). A nonzero `err` means `s` was rounded, away
/// from zero exactly when `err` and `s` differ in sign; then the odd
/// neighbour toward zero is `s`'s pattern (minus one if away) with its
/// last bit set. An infinite or NaN `s` has a NaN `err`, which is not
/// "nonzero" (ordered compare) and leaves `s` as it is: an infinite `s`
/// from finite operands means an exact sum at or beyond binary32's
/// overflow threshold, far above both half formats' thresholds.
///
/// binary16: every product qualifies (22 bits, between 2^-48 and 2^32).
/// bfloat16: see [`bf16_products_exact`] and [`fma_odd_bf16_wide`].
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn fma_odd_exact_product(x: __m256, y: __m256, z: __m256) -> __m256 {
    let p = _mm256_mul_ps(x, y);
    let s = _mm256_add_ps(p, z);
    let bb = _mm256_sub_ps(s, p);
    let err = _mm256_add_ps(_mm256_sub_ps(p, _mm256_sub_ps(s, bb)), _mm256_sub_ps(z, bb));
    let inexact = _mm256_castps_si256(_mm256_cmp_ps::<_CMP_NEQ_OQ>(err, _mm256_setzero_ps()));
    let (sb, eb) = (_mm256_castps_si256(s), _mm256_castps_si256(err));
    _mm256_castsi256_ps(odd_step(sb, _mm256_xor_si256(eb, sb), inexact))
}

/// The odd step on the bits `rb` of a rounded value: where `inexact`
/// (all ones), one step toward zero if the sign bit of `away` is set (the
/// exact value lies on the zero side of it), and the last bit set.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn odd_step(rb: __m256i, away: __m256i, inexact: __m256i) -> __m256i {
    let down = _mm256_and_si256(_mm256_srai_epi32::<31>(away), inexact);
    let one = _mm256_and_si256(inexact, _mm256_set1_epi32(1));
    _mm256_or_si256(_mm256_add_epi32(rb, down), one)
}

/// Four binary64 sums `x × y + z` of bfloat16 widenings: the rounded sum
/// `r = RN24(s)` as binary32, and `d`, a binary64 with the sign of the
/// exact `x × y + z - r` that is zero exactly when that is zero.
///
/// The product is exact (16 bits, exponents far inside binary64's range)
/// and TwoSum's `s + err` is the exact sum. `s - rd` (`rd` = `r` widened)
/// is exact: `r` is within a factor 2 of `s` (Sterbenz), or zero, or
/// subnormal with `|s - rd|` below 2^-149 and `s` a multiple of 2^-290,
/// or infinite while `s` is finite (then the difference is `-∞` in
/// `r`'s sign, the right side). If `s ≠ rd`, `|s - rd|` is at least one binary64 ulp of `s` and
/// `|err|` at most half of one, so `(s - rd) + err` has the sign of
/// `s - rd`; if `s = rd` it is `err`. Every nonzero value here is at least
/// 2^-320 in magnitude, a binary64 normal, so the upper 32 bits of `d`
/// are zero exactly when `d` is.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn sum_side_f64(x: __m256d, y: __m256d, z: __m256d) -> (__m128, __m256d) {
    let p = _mm256_mul_pd(x, y);
    let s = _mm256_add_pd(p, z);
    let bb = _mm256_sub_pd(s, p);
    let err = _mm256_add_pd(_mm256_sub_pd(p, _mm256_sub_pd(s, bb)), _mm256_sub_pd(z, bb));
    let r = _mm256_cvtpd_ps(s);
    let d = _mm256_add_pd(_mm256_sub_pd(s, _mm256_cvtps_pd(r)), err);
    // A NaN `d` comes from an infinite or NaN `s`, which `r` holds
    // exactly: zero.
    (r, _mm256_and_pd(d, _mm256_cmp_pd::<_CMP_ORD_Q>(d, d)))
}

/// Whether the product of every lane pair of sixteen bfloat16 values is
/// exact in binary32, so that [`fma_odd_exact_product`] applies.
///
/// A bfloat16 value is `M × 2^(e' - 134)` with an integer `M < 2^8` and
/// `e'` its exponent field, 1 for subnormals (bfloat16 shares binary32's
/// exponent range), and it is below `2^(e' - 126)`. So the product is
/// `Mx My × 2^(ex' + ey' - 268)` with at most 16 significant bits, a
/// multiple of binary32's smallest subnormal 2^-149 when
/// `ex' + ey' ≥ 119`, and below 2^128 when `ex' + ey' ≤ 380`: then it is
/// a binary32 value. Zero, infinite and NaN operands give the exact
/// results of IEEE's product rules.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn bf16_products_exact(x: __m256i, y: __m256i) -> bool {
    let e = _mm256_set1_epi16(0x7f80);
    let field = |v: __m256i| {
        let f = _mm256_srli_epi16::<7>(_mm256_and_si256(v, e));
        _mm256_max_epi16(f, _mm256_set1_epi16(1))
    };
    let sum = _mm256_add_epi16(field(x), field(y));
    let in_range = _mm256_and_si256(
        _mm256_cmpgt_epi16(sum, _mm256_set1_epi16(118)),
        _mm256_cmpgt_epi16(_mm256_set1_epi16(381), sum),
    );
    let special = |v: __m256i| {
        let zero = _mm256_cmpeq_epi16(
            _mm256_and_si256(v, _mm256_set1_epi16(0x7fff)),
            _mm256_setzero_si256(),
        );
        _mm256_or_si256(zero, _mm256_cmpeq_epi16(_mm256_and_si256(v, e), e))
    };
    let ok = _mm256_or_si256(in_range, _mm256_or_si256(special(x), special(y)));
    _mm256_movemask_epi8(ok) == -1
}

/// `x × y + z` for binary32 widenings of bfloat16 values, rounded to odd
/// at binary32 precision, for every input (used for the sixteen lanes of
/// a step when [`bf16_products_exact`] fails) (subnormal binary32 results on
/// its fixed-point grid, 2^16 times finer than bfloat16's; overflow to
/// `±MAX`, odd, which rounds to infinity in bfloat16): [`sum_side_f64`]
/// on each half, then the odd step of [`fma_odd_exact_product`] with
/// `d`'s sign as the side. A NaN `r` stays a NaN under the step (it is
/// quiet, so its fraction is not 1).
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn fma_odd_bf16_wide(x: __m256, y: __m256, z: __m256) -> __m256 {
    let lo = |v: __m256| _mm256_cvtps_pd(_mm256_castps256_ps128(v));
    let hi = |v: __m256| _mm256_cvtps_pd(_mm256_extractf128_ps::<1>(v));
    let (r0, d0) = sum_side_f64(lo(x), lo(y), lo(z));
    let (r1, d1) = sum_side_f64(hi(x), hi(y), hi(z));
    let rb = _mm256_castps_si256(_mm256_set_m128(r1, r0));
    // The upper 32 bits of each binary64 lane, in lane order.
    let w = _mm256_shuffle_ps::<0b11_01_11_01>(_mm256_castpd_ps(d0), _mm256_castpd_ps(d1));
    let dh = _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_castps_si256(w));
    let mag = _mm256_and_si256(dh, _mm256_set1_epi32(i32::MAX));
    let exact = _mm256_cmpeq_epi32(mag, _mm256_setzero_si256());
    let inexact = _mm256_xor_si256(exact, _mm256_set1_epi32(-1));
    _mm256_castsi256_ps(odd_step(rb, _mm256_xor_si256(dh, rb), inexact))
}

/// Eight lanes of the operation `OP` on binary32 widenings, rounded so
/// that the half format's rounding to nearest of the result is the
/// correctly rounded operation: add, sub and mul once in binary32 (the
/// double-rounding argument at [`crate::half_binop`]); fma to odd, for
/// products exact in binary32 (every binary16 one; bfloat16 ones as
/// [`bf16_products_exact`] says).
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn op8<const OP: u8>(x: __m256, y: __m256, z: __m256) -> __m256 {
    match OP {
        ADD => _mm256_add_ps(x, y),
        SUB => _mm256_sub_ps(x, y),
        MUL => _mm256_mul_ps(x, y),
        _ => fma_odd_exact_product(x, y, z),
    }
}

/// One operand of sixteen lanes on its way into [`half16`]: the raw
/// lanes (for `.oob`), flushed, and widened to binary32 in two halves.
#[derive(Clone, Copy)]
struct In {
    raw: __m256i,
    flushed: __m256i,
    lo: __m256,
    hi: __m256,
}

/// [`In`] of the lanes `x`; `S` as [`half16`].
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn input<const BF: bool, const S: u8>(v: &HalfV, x: __m256i) -> In {
    let f = if S == STAGES_ALL { v.flush(x) } else { x };
    In {
        raw: x,
        flushed: f,
        lo: widen::<BF, false>(f),
        hi: widen::<BF, true>(f),
    }
}

/// Sixteen results of a binary16 (`BF` false) or bfloat16 operation `OP`
/// with the stages of `v`, rounded to nearest even, from the operands `a`,
/// `b` (`c` for [`FMA`]): one step of [`half`] and of [`half_nh`].
/// `S`: which of `v`'s stages run ([`HalfV::stages`]): all of them
/// ([`STAGES_ALL`]), the NaN replacement alone ([`STAGES_NAN`]: the
/// others' uniform branches leave the loop), or none ([`STAGES_NONE`]).
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn half16<const BF: bool, const OP: u8, const S: u8>(v: &HalfV, a: &In, b: &In, c: &In) -> __m256i {
    // One uniform branch per step, taken only for bfloat16 products
    // beyond binary32's range.
    let (lo, hi) = if OP == FMA && BF && !bf16_products_exact(a.flushed, b.flushed) {
        (
            fma_odd_bf16_wide(a.lo, b.lo, c.lo),
            fma_odd_bf16_wide(a.hi, b.hi, c.hi),
        )
    } else {
        (op8::<OP>(a.lo, b.lo, c.lo), op8::<OP>(a.hi, b.hi, c.hi))
    };
    let r = narrow::<BF>(lo, hi);
    match S {
        STAGES_ALL => v.post(r, a.raw, b.raw),
        STAGES_NAN => {
            let nan = _mm256_cmpgt_epi16(_mm256_and_si256(r, _mm256_set1_epi16(0x7fff)), v.exp);
            _mm256_blendv_epi8(r, v.nan, nan)
        }
        _ => r,
    }
}

/// A binary16 (`BF` false) or bfloat16 operation `OP` with its stages,
/// rounded to nearest even, sixteen lanes per step (`c` is read for
/// [`FMA`] only): the AVX2 counterpart of `x512h::half`.
///
/// # Safety
/// The CPU must have AVX2, FMA and F16C.
#[target_feature(enable = "avx2,fma,f16c")]
pub(crate) unsafe fn half<const BF: bool, const OP: u8>(
    k: &HalfK,
    a: &[u16],
    b: &[u16],
    c: &[u16],
    out: &mut [u16],
) {
    let n = out.len();
    assert!(a.len() == n && b.len() == n, "operand lengths differ");
    assert!(OP != FMA || c.len() == n, "operand lengths differ");
    let v = HalfV::new(k);
    let step = |pa: *const u16, pb: *const u16, pc: *const u16, po: *mut u16| {
        // SAFETY: `padded_steps` passes pointers to 16 readable elements
        // of a and b (and of c, which is read for FMA only, when it has
        // n elements) and 16 writable ones of out.
        unsafe {
            let xa = _mm256_loadu_si256(pa.cast());
            let xb = _mm256_loadu_si256(pb.cast());
            let xc = if OP == FMA {
                _mm256_loadu_si256(pc.cast())
            } else {
                _mm256_setzero_si256()
            };
            let d = half16::<BF, OP, STAGES_ALL>(
                &v,
                &input::<BF, STAGES_ALL>(&v, xa),
                &input::<BF, STAGES_ALL>(&v, xb),
                &input::<BF, STAGES_ALL>(&v, xc),
            );
            _mm256_storeu_si256(po.cast(), d);
        }
    };
    padded_steps::<_, _, _, _, 16>(a, b, c, out, step);
}

/// Which operands of [`half_nh`] repeat their first sixteen lanes over
/// the whole block (bit 0: `a`, bit 1: `b`): the fixed operands of an
/// exhaustive sweep, read once, so that everything computed from them
/// alone (the flush, the widening) leaves the loop.
pub(crate) const FIXED_A: u8 = 1;
/// See [`FIXED_A`].
pub(crate) const FIXED_AB: u8 = 3;

/// [`half`] fused with the sweep digest's keyed NH sum
/// ([`crate::fused::nh_sum`]) of `n` results: each step's sixteen
/// results, four 64-bit words, are hashed in registers instead of stored.
/// Whole steps only: `n` a multiple of 16. `FIXED` as [`FIXED_A`] says
/// (0: none); a fixed operand needs only its first sixteen lanes, the
/// others `n`. Returns the sum.
///
/// # Safety
/// As [`half`].
#[target_feature(enable = "avx2,fma,f16c")]
pub(crate) unsafe fn half_nh<const BF: bool, const OP: u8, const FIXED: u8, const S: u8>(
    k: &HalfK,
    a: &[u16],
    b: &[u16],
    c: &[u16],
    n: usize,
    nh: (u64, u64, u32, u32),
) -> u64 {
    let len = |x: &[u16], bit: u8| x.len() >= if FIXED & bit != 0 { 16.min(n) } else { n };
    assert!(
        len(a, 1) && len(b, 2) && n.is_multiple_of(16),
        "operand lengths"
    );
    assert!(OP != FMA || c.len() >= n, "operand lengths differ");
    let (key, kstep, lo, hi) = nh;
    let v = HalfV::new(k);
    let mut kv = _mm256_setr_epi64x(
        key as i64,
        key.wrapping_add(kstep) as i64,
        key.wrapping_add(kstep.wrapping_mul(2)) as i64,
        key.wrapping_add(kstep.wrapping_mul(3)) as i64,
    );
    let inc = _mm256_set1_epi64x(kstep.wrapping_mul(4) as i64);
    // Both offsets in one 32-bit add per lane: NH's factors are the two
    // 32-bit halves, each offset modulo 2^32, the low one multiplied as
    // it is (`vpmuludq` reads the low half), the high one after a shift.
    let off = _mm256_set1_epi64x(((u64::from(hi) << 32) | u64::from(lo)) as i64);
    let mut acc = _mm256_setzero_si256();
    // SAFETY (the loads): i + 16 <= n for every slice read, n >= 16 when
    // a fixed operand's first lanes are read (else the loop is empty and
    // they are not used: n = 0 reads nothing, as `fixed` checks).
    let fixed = |p: &[u16], bit: u8| {
        if FIXED & bit != 0 && n >= 16 {
            unsafe { _mm256_loadu_si256(p.as_ptr().cast()) }
        } else {
            _mm256_setzero_si256()
        }
    };
    // A fixed operand is flushed and widened once, here.
    let (fa, fb) = (
        input::<BF, S>(&v, fixed(a, 1)),
        input::<BF, S>(&v, fixed(b, 2)),
    );
    let mut i = 0;
    while i < n {
        unsafe {
            let ia = if FIXED & 1 != 0 {
                fa
            } else {
                input::<BF, S>(&v, _mm256_loadu_si256(a.as_ptr().add(i).cast()))
            };
            let ib = if FIXED & 2 != 0 {
                fb
            } else {
                input::<BF, S>(&v, _mm256_loadu_si256(b.as_ptr().add(i).cast()))
            };
            let ic = if OP == FMA {
                input::<BF, S>(&v, _mm256_loadu_si256(c.as_ptr().add(i).cast()))
            } else {
                fa
            };
            let d = half16::<BF, OP, S>(&v, &ia, &ib, &ic);
            // Little-endian: lanes 4w .. 4w + 3 are the stream's word w.
            let y = _mm256_add_epi32(_mm256_xor_si256(d, kv), off);
            acc = _mm256_add_epi64(acc, _mm256_mul_epu32(y, _mm256_srli_epi64::<32>(y)));
            kv = _mm256_add_epi64(kv, inc);
        }
        i += 16;
    }
    let mut l = [0u64; 4];
    // SAFETY: a stack array of four words.
    unsafe { _mm256_storeu_si256(l.as_mut_ptr().cast(), acc) };
    l.iter().fold(0u64, |s, &x| s.wrapping_add(x))
}

/// The binary32 stages of [`F32K`] as the vectors the fma loop loads, in
/// the order of its offsets.
#[repr(C, align(32))]
pub(crate) struct F32Consts {
    exp: [u32; 8],
    ftz_in: [u32; 8],
    ftz_out: [u32; 8],
    lo: [i32; 8],
    hi: [i32; 8],
    nan_on: [u32; 8],
    nan: [u32; 8],
}

impl F32Consts {
    /// The stages of `k`; operands are flushed only if `flush_in` (the
    /// mixed forms flush `c` themselves and never the half operands).
    pub(crate) fn new(k: &F32K, flush_in: bool) -> F32Consts {
        F32Consts {
            exp: [0x7f80_0000; 8],
            ftz_in: [if flush_in { k.ftz } else { 0 }; 8],
            ftz_out: [k.ftz; 8],
            lo: [k.lo; 8],
            hi: [k.hi; 8],
            nan_on: [k.nan_on; 8],
            nan: [k.nan; 8],
        }
    }
}

/// Defines `$name(k, mode, a, b, c, d, steps)`: `steps` × 8 binary32
/// `a × b + c` with the stages of `k`, rounded as the MXCSR value `mode`
/// says, in one `asm!` block that sets MXCSR first and restores it last
/// (so no other floating-point operation runs in the changed mode). Per
/// step: the `$flush_in` lines (flush the operands by `ftz_in`), one
/// `vfmadd`, the NaN test, the `$post` lines (flush by `ftz_out`, signed
/// clamp), NaN replacement: [`F32K::post`]. The variants leave out the
/// lines whose stage is off, so the common forms run the shortest loop.
///
/// Safety of the defined function: the CPU must have AVX2 and FMA; `a`,
/// `b`, `c` must be readable and `d` writable for `8 × steps` elements.
macro_rules! fma32_loop {
    ($name:ident, $flush_in:ident, $post:ident) => {
        #[target_feature(enable = "avx2,fma")]
        unsafe fn $name(
            k: &F32Consts,
            mode: u32,
            a: *const u32,
            b: *const u32,
            c: *const u32,
            d: *mut u32,
            steps: usize,
        ) {
            let mut save: u32 = 0;
            // SAFETY: the caller's pointers cover `steps` steps; `k` is
            // aligned to 32 bytes with its fields at the offsets loaded.
            unsafe {
                asm!(
                    "vstmxcsr dword ptr [{save}]",
                    "vldmxcsr dword ptr [{mode}]",
                    "vmovdqa {e}, ymmword ptr [{k}]",
                    "vmovdqa {fi}, ymmword ptr [{k} + 32]",
                    "vmovdqa {fo}, ymmword ptr [{k} + 64]",
                    "vmovdqa {lo}, ymmword ptr [{k} + 96]",
                    "vmovdqa {hi}, ymmword ptr [{k} + 128]",
                    "vmovdqa {no}, ymmword ptr [{k} + 160]",
                    "vmovdqa {nv}, ymmword ptr [{k} + 192]",
                    "vpxor {z0}, {z0}, {z0}",
                    "/* scratch: {t} */",
                    "test {n}, {n}",
                    "jz 3f",
                    "2:",
                    "vmovdqu {x}, ymmword ptr [{a}]",
                    "vmovdqu {y}, ymmword ptr [{b}]",
                    "vmovdqu {z}, ymmword ptr [{c}]",
                    fma32_stage!(flush_in, $flush_in),
                    "vfmadd213ps {x}, {y}, {z}",
                    "vcmpunordps {m}, {x}, {x}",
                    "vpand {m}, {m}, {no}",
                    fma32_stage!(post, $post),
                    "vblendvps {x}, {x}, {nv}, {m}",
                    "vmovdqu ymmword ptr [{d}], {x}",
                    "add {a}, 32",
                    "add {b}, 32",
                    "add {c}, 32",
                    "add {d}, 32",
                    "dec {n}",
                    "jnz 2b",
                    "3:",
                    "vldmxcsr dword ptr [{save}]",
                    save = in(reg) &mut save as *mut u32,
                    mode = in(reg) &mode as *const u32,
                    k = in(reg) k as *const F32Consts,
                    n = inout(reg) steps => _,
                    a = inout(reg) a => _,
                    b = inout(reg) b => _,
                    c = inout(reg) c => _,
                    d = inout(reg) d => _,
                    e = out(ymm_reg) _,
                    fi = out(ymm_reg) _,
                    fo = out(ymm_reg) _,
                    lo = out(ymm_reg) _,
                    hi = out(ymm_reg) _,
                    no = out(ymm_reg) _,
                    nv = out(ymm_reg) _,
                    z0 = out(ymm_reg) _,
                    x = out(ymm_reg) _,
                    y = out(ymm_reg) _,
                    z = out(ymm_reg) _,
                    t = out(ymm_reg) _,
                    m = out(ymm_reg) _,
                    options(nostack),
                );
            }
        }
    };
}

/// The `asm!` lines of one optional stage of [`fma32_loop!`], or none.
macro_rules! fma32_stage {
    // The operands' flush: `t` = all ones where the exponent field is
    // zero and `ftz_in` is on; all but the sign cleared there.
    (flush_in, on) => {
        "vpand {t}, {x}, {e}
        vpcmpeqd {t}, {t}, {z0}
        vpand {t}, {t}, {fi}
        vpandn {x}, {t}, {x}
        vpand {t}, {y}, {e}
        vpcmpeqd {t}, {t}, {z0}
        vpand {t}, {t}, {fi}
        vpandn {y}, {t}, {y}
        vpand {t}, {z}, {e}
        vpcmpeqd {t}, {t}, {z0}
        vpand {t}, {t}, {fi}
        vpandn {z}, {t}, {z}"
    };
    // The result's flush by `ftz_out`, then the signed clamp to [lo, hi].
    (post, on) => {
        "vpand {t}, {x}, {e}
        vpcmpeqd {t}, {t}, {z0}
        vpand {t}, {t}, {fo}
        vpandn {x}, {t}, {x}
        vpmaxsd {x}, {x}, {lo}
        vpminsd {x}, {x}, {hi}"
    };
    ($stage:ident, off) => {
        ""
    };
}

fma32_loop!(fma32_nan, off, off);
fma32_loop!(fma32_in_nan, on, off);
fma32_loop!(fma32_post_nan, off, on);
fma32_loop!(fma32_in_post_nan, on, on);

/// Binary32 `a × b + c` rounded once in `rm` with the stages of `k`
/// (operands flushed if `flush_in`): the [`fma32_loop!`] variant for the
/// stages that are on, over the full steps and
/// over zero-padded copies of the last partial one.
///
/// # Safety
/// The CPU must have AVX2 and FMA.
#[target_feature(enable = "avx2,fma")]
pub(crate) unsafe fn fma32(
    k: &F32K,
    flush_in: bool,
    rm: crate::Round,
    a: &[u32],
    b: &[u32],
    c: &[u32],
    out: &mut [u32],
) {
    let n = out.len();
    assert!(
        a.len() == n && b.len() == n && c.len() == n,
        "operand lengths differ"
    );
    let consts = F32Consts::new(k, flush_in);
    let post = k.ftz != 0 || (k.lo, k.hi) != (i32::MIN, i32::MAX);
    let run = match (flush_in && k.ftz != 0, post) {
        (false, false) => fma32_nan,
        (true, false) => fma32_in_nan,
        (false, true) => fma32_post_nan,
        (true, true) => fma32_in_post_nan,
    };
    let mode = crate::x86::mxcsr_for(rm, crate::x86::mxcsr());
    let full = n / 8;
    // SAFETY: `full` steps of 8 lie inside every slice (lengths checked).
    unsafe {
        run(
            &consts,
            mode,
            a.as_ptr(),
            b.as_ptr(),
            c.as_ptr(),
            out.as_mut_ptr(),
            full,
        )
    };
    let tail = |pa: *const u32, pb: *const u32, pc: *const u32, po: *mut u32| {
        // SAFETY: one step over 8-element copies.
        unsafe { run(&consts, mode, pa, pb, pc, po, 1) }
    };
    padded_tail::<_, _, _, _, 8>(a, b, c, out, tail);
}

/// Block length of the mixed-precision widening pass.
const MIXED_BLOCK: usize = 512;

/// Mixed precision `a + c`, `a - c` (`OP` [`ADD`], [`SUB`]) or `a × b + c`
/// ([`FMA`]) with half `a`, `b`: per block, the half operands widened
/// exactly into binary32 (`b` is 1 for add and sub, so that the fma's
/// exact product is `a`: the sum rounded once, signed zeros included),
/// `c` flushed (`ftz`) and negated for sub (IEEE 754 §5.4.1: `a - c` is
/// `a + (-c)`), then [`fma32`] with the result stages only. The widening
/// loop is branch-free and vectorized by the compiler for AVX2.
///
/// # Safety
/// The CPU must have AVX2, FMA and F16C.
#[target_feature(enable = "avx2,fma,f16c")]
pub(crate) unsafe fn mixed<const BF: bool, const OP: u8>(
    k: &F32K,
    rm: crate::Round,
    a: &[u16],
    b: &[u16],
    c: &[u32],
    out: &mut [u32],
) {
    let n = out.len();
    assert!(a.len() == n && c.len() == n, "operand lengths differ");
    assert!(OP != FMA || b.len() == n, "operand lengths differ");
    let flip = if OP == SUB { 0x8000_0000 } else { 0 };
    let widen = |h: u16| crate::elem::half_to_f32(BF, h).to_bits();
    let mut wa = [0u32; MIXED_BLOCK];
    let mut wb = [1f32.to_bits(); MIXED_BLOCK];
    let mut wc = [0u32; MIXED_BLOCK];
    for (j, o) in out.chunks_mut(MIXED_BLOCK).enumerate() {
        let r = j * MIXED_BLOCK..j * MIXED_BLOCK + o.len();
        let m = o.len();
        for ((w, &x), (v, &z)) in wa
            .iter_mut()
            .zip(&a[r.clone()])
            .zip(wc.iter_mut().zip(&c[r.clone()]))
        {
            *w = widen(x);
            *v = k.flush(z) ^ flip;
        }
        if OP == FMA {
            for (w, &y) in wb.iter_mut().zip(&b[r]) {
                *w = widen(y);
            }
        }
        // SAFETY: the caller checked the features.
        unsafe { fma32(k, false, rm, &wa[..m], &wb[..m], &wc[..m], o) };
    }
}

/// `steps` × 4 binary64 `a × b + c` rounded as the MXCSR value `mode`
/// says, in one `asm!` block that sets MXCSR first and restores it last;
/// returns nonzero if some result is a NaN (an OR of the unordered
/// compares, kept in a register).
///
/// # Safety
/// The CPU must have AVX2 and FMA; `a`, `b`, `c` must be readable and `d`
/// writable for `4 × steps` elements.
#[target_feature(enable = "avx2,fma")]
unsafe fn fma64_asm(
    mode: u32,
    a: *const u64,
    b: *const u64,
    c: *const u64,
    d: *mut u64,
    steps: usize,
) -> u32 {
    let mut save: u32 = 0;
    let any: u32;
    // SAFETY: the caller's pointers cover `steps` steps.
    unsafe {
        asm!(
            "vstmxcsr dword ptr [{save}]",
            "vldmxcsr dword ptr [{mode}]",
            "vxorpd {acc}, {acc}, {acc}",
            "test {n}, {n}",
            "jz 3f",
            "2:",
            "vmovupd {x}, ymmword ptr [{a}]",
            "vmovupd {y}, ymmword ptr [{b}]",
            "vfmadd213pd {x}, {y}, ymmword ptr [{c}]",
            "vmovupd ymmword ptr [{d}], {x}",
            "vcmpunordpd {x}, {x}, {x}",
            "vorpd {acc}, {acc}, {x}",
            "add {a}, 32",
            "add {b}, 32",
            "add {c}, 32",
            "add {d}, 32",
            "dec {n}",
            "jnz 2b",
            "3:",
            "vmovmskpd {any:e}, {acc}",
            "vldmxcsr dword ptr [{save}]",
            save = in(reg) &mut save as *mut u32,
            mode = in(reg) &mode as *const u32,
            n = inout(reg) steps => _,
            a = inout(reg) a => _,
            b = inout(reg) b => _,
            c = inout(reg) c => _,
            d = inout(reg) d => _,
            any = out(reg) any,
            acc = out(ymm_reg) _,
            x = out(ymm_reg) _,
            y = out(ymm_reg) _,
            options(nostack),
        );
    }
    any
}

/// Block length of [`fma64`]'s NaN fix-up.
const F64_BLOCK: usize = 2048;

/// Binary64 `a × b + c` rounded once in `rm` ([`fma64_asm`], the last
/// partial step on zero-padded copies), NaN results replaced as `nans`
/// says: a block whose loop saw a NaN is scanned again and its NaNs
/// replaced one by one (blocks without one, the usual case, are not).
///
/// # Safety
/// The CPU must have AVX2 and FMA.
#[target_feature(enable = "avx2,fma")]
pub(crate) unsafe fn fma64(
    nans: Option<&F64Nans>,
    rm: crate::Round,
    a: &[u64],
    b: &[u64],
    c: &[u64],
    out: &mut [u64],
) {
    let n = out.len();
    assert!(
        a.len() == n && b.len() == n && c.len() == n,
        "operand lengths differ"
    );
    let mode = crate::x86::mxcsr_for(rm, crate::x86::mxcsr());
    for (j, o) in out.chunks_mut(F64_BLOCK).enumerate() {
        let r = j * F64_BLOCK..j * F64_BLOCK + o.len();
        let (a, b, c) = (&a[r.clone()], &b[r.clone()], &c[r]);
        let m = o.len();
        let full = m / 4;
        // SAFETY: `full` steps of 4 lie inside the block of every slice.
        let mut any = unsafe {
            fma64_asm(
                mode,
                a.as_ptr(),
                b.as_ptr(),
                c.as_ptr(),
                o.as_mut_ptr(),
                full,
            )
        };
        let tail = |pa: *const u64, pb: *const u64, pc: *const u64, po: *mut u64| {
            // SAFETY: one step over 4-element copies.
            any |= unsafe { fma64_asm(mode, pa, pb, pc, po, 1) };
        };
        padded_tail::<_, _, _, _, 4>(a, b, c, o, tail);
        if let (Some(f), true) = (nans, any != 0) {
            f.fix(a, b, c, o);
        }
    }
}
