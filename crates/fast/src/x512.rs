//! x86-64 AVX-512 kernels (F, BW, VL, DQ, with F16C and FMA): sixteen
//! binary32 lanes per step, the rounding direction embedded in each
//! instruction (no MXCSR change), the stages of [`crate::stages`] fused
//! into the same pass, and masked loads and stores for the last partial
//! step (no scalar tail); and the binary32 pieces of the half kernels of
//! `x512h` (widening, rounding to the half format, fma rounded to odd).
//! Callers check the features first ([`available`]); every kernel is
//! tested against the exact core like the other paths.
//!
//! Round to odd by embedded rounding: for any exact real `x` computed by
//! one fused multiply-add, `RD(x) ≠ RU(x)` exactly when `x` is not a
//! binary32 value, and then `RZ(x)` with its last significand bit forced
//! to 1 is the odd one of the two neighbours (the neighbour of an even
//! `RZ(x)` away from zero is its bit pattern plus one, which never carries
//! out of an even pattern). Three roundings of one exact value, so no
//! TwoSum and no range condition: the product inside the instruction is
//! never rounded. `RZ` of an overflowing `x` is `±MAX`, odd, which still
//! rounds to infinity in both half formats; an exact zero sum is `+0` in
//! `RZ`, as in `RN`.

use core::arch::x86_64::*;

use crate::stages::{F64Nans, F32K};

/// Whether this CPU has what every function of this module needs.
pub(crate) fn available() -> bool {
    std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("avx512vl")
        && std::is_x86_feature_detected!("avx512dq")
        && crate::x86::available()
}

/// `OP` of the half kernels (here, `x512h` and `x256`): add.
pub(crate) const ADD: u8 = 0;
/// `OP` of the half kernels: sub.
pub(crate) const SUB: u8 = 1;
/// `OP` of the half kernels: mul.
pub(crate) const MUL: u8 = 2;
/// `OP` of the half kernels: fma.
pub(crate) const FMA: u8 = 3;

pub(crate) const RZ: i32 = _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC;
pub(crate) const RU: i32 = _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC;
pub(crate) const RD: i32 = _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC;
pub(crate) const RN: i32 = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;

/// How many elements of type `T` to process before `p` is aligned to a
/// whole step (`lanes` elements), so that no full-width access of the
/// stores crosses a cache line (one that does costs two).
#[inline(always)]
pub(crate) fn head_to_align<T>(p: *const T, lanes: usize) -> usize {
    let size = core::mem::size_of::<T>();
    let off = p as usize % (lanes * size);
    if !off.is_multiple_of(size) || off == 0 {
        0
    } else {
        lanes - off / size
    }
}

/// Runs `step(i, mask)` over `0..n` in steps of `lanes`: a first partial
/// step of `head` elements (aligning the stores), full steps with the
/// all-lanes mask (constant, so the masked accesses become plain ones),
/// and a last partial step for the rest.
#[inline(always)]
pub(crate) fn steps<M>(
    n: usize,
    lanes: usize,
    head: usize,
    mask: fn(usize) -> M,
    mut step: impl FnMut(usize, M),
) {
    let mut i = 0;
    if head > 0 {
        step(0, mask(head));
        i = head;
    }
    while i + lanes <= n {
        step(i, mask(lanes));
        i += lanes;
    }
    if i < n {
        step(i, mask(n - i));
    }
}

/// The mask of the first `min(n, 16)` lanes.
#[inline(always)]
fn lanes16(n: usize) -> __mmask16 {
    if n >= 16 {
        0xffff
    } else {
        ((1u32 << n) - 1) as __mmask16
    }
}

/// The mask of the first `min(n, 8)` lanes.
#[inline(always)]
fn lanes8(n: usize) -> __mmask8 {
    if n >= 8 {
        0xff
    } else {
        ((1u32 << n) - 1) as __mmask8
    }
}

/// Sixteen half values widened exactly to binary32: `vcvtph2ps` for
/// binary16, a 16-bit shift for bfloat16 (the upper half of a binary32).
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
pub(crate) fn widen<const BF: bool>(x: __m256i) -> __m512 {
    if BF {
        _mm512_castsi512_ps(_mm512_slli_epi32::<16>(_mm512_cvtepu16_epi32(x)))
    } else {
        _mm512_cvtph_ps(x)
    }
}

/// Sixteen binary32 values rounded to nearest even in the half format:
/// `vcvtps2ph` for binary16 (subnormal results and overflow included); for
/// bfloat16 the integer rounding of [`crate::elem::f32_to_bf16`] (upper half
/// of `bits + 0x7fff + lsb`), a NaN kept as a quiet NaN of its sign.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
pub(crate) fn narrow<const BF: bool>(r: __m512) -> __m256i {
    if BF {
        let b = _mm512_castps_si512(r);
        let hi = _mm512_srli_epi32::<16>(b);
        let lsb = _mm512_and_si512(hi, _mm512_set1_epi32(1));
        let bias = _mm512_add_epi32(lsb, _mm512_set1_epi32(0x7fff));
        let t = _mm512_srli_epi32::<16>(_mm512_add_epi32(b, bias));
        let nan = _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(r, r);
        let t = _mm512_mask_or_epi32(t, nan, hi, _mm512_set1_epi32(0x40));
        _mm512_cvtepi32_epi16(t)
    } else {
        _mm512_cvtps_ph::<RN>(r)
    }
}

/// The exact `x × y + z` rounded to odd at binary32 precision (module doc).
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
pub(crate) fn fma_odd(x: __m512, y: __m512, z: __m512) -> __m512 {
    let rz = _mm512_castps_si512(_mm512_fmadd_round_ps::<RZ>(x, y, z));
    let ru = _mm512_fmadd_round_ps::<RU>(x, y, z);
    let rd = _mm512_fmadd_round_ps::<RD>(x, y, z);
    let inexact = _mm512_cmp_ps_mask::<_CMP_NEQ_OQ>(ru, rd);
    _mm512_castsi512_ps(_mm512_mask_or_epi32(rz, inexact, rz, _mm512_set1_epi32(1)))
}

/// [`F32K`] as vectors.
#[derive(Clone, Copy)]
struct F32V {
    /// Whether the flush and the clamp (`lo`, `hi`) do anything: uniform
    /// branches, hoisted out of the loop by the compiler (`nan_on` is a
    /// mask).
    ftz: bool,
    sat: bool,
    lo: __m512i,
    hi: __m512i,
    nan_on: __mmask16,
    nan: __m512i,
}

impl F32V {
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
    fn new(k: &F32K) -> F32V {
        F32V {
            sat: (k.lo, k.hi) != (i32::MIN, i32::MAX),
            ftz: k.ftz != 0,
            lo: _mm512_set1_epi32(k.lo),
            hi: _mm512_set1_epi32(k.hi),
            nan_on: if k.nan_on != 0 { 0xffff } else { 0 },
            nan: _mm512_set1_epi32(k.nan as i32),
        }
    }

    /// [`F32K::flush`] on sixteen lanes.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
    fn flush(&self, x: __m512i) -> __m512i {
        if !self.ftz {
            return x;
        }
        let sub = _mm512_testn_epi32_mask(x, _mm512_set1_epi32(0x7f80_0000));
        _mm512_mask_and_epi32(x, sub, x, _mm512_set1_epi32(i32::MIN))
    }

    /// [`F32K::post`] on sixteen lanes.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
    fn post(&self, r: __m512) -> __m512i {
        let nan = _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(r, r) & self.nan_on;
        let x = self.flush(_mm512_castps_si512(r));
        let y = if self.sat {
            _mm512_min_epi32(_mm512_max_epi32(x, self.lo), self.hi)
        } else {
            x
        };
        _mm512_mask_mov_epi32(y, nan, self.nan)
    }
}

/// Binary32 `a × b + c` rounded once in `R` (an `_MM_FROUND_*` direction
/// with `_MM_FROUND_NO_EXC`), with the stages of `k`: the native
/// instruction with embedded rounding, which rounds subnormal results
/// exactly (MXCSR's FTZ and DAZ are off in Rust), flushing done here.
///
/// # Safety
/// The CPU must have the features of [`available`].
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
pub(crate) unsafe fn fma32<const R: i32>(
    k: &F32K,
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
    let v = F32V::new(k);
    // A first partial step aligns the stores to the step's width.
    let head = head_to_align(out.as_ptr(), 16).min(n);
    let step = |i: usize, m: __mmask16| {
        // SAFETY: i < n, so the pointers are in bounds; the masked loads
        // and store touch only lanes i..min(i + 16, n).
        unsafe {
            let x = v.flush(_mm512_maskz_loadu_epi32(m, a.as_ptr().add(i).cast()));
            let y = v.flush(_mm512_maskz_loadu_epi32(m, b.as_ptr().add(i).cast()));
            let z = v.flush(_mm512_maskz_loadu_epi32(m, c.as_ptr().add(i).cast()));
            let r = _mm512_fmadd_round_ps::<R>(
                _mm512_castsi512_ps(x),
                _mm512_castsi512_ps(y),
                _mm512_castsi512_ps(z),
            );
            _mm512_mask_storeu_epi32(out.as_mut_ptr().add(i).cast(), m, v.post(r));
        }
    };
    steps(n, 16, head, lanes16, step);
}

/// `OP` of [`mixed`]: `a + c`, `a - c` or `a × b + c`.
pub(crate) const MIXED_ADD: u8 = 0;
/// See [`MIXED_ADD`].
pub(crate) const MIXED_SUB: u8 = 1;
/// See [`MIXED_ADD`].
pub(crate) const MIXED_FMA: u8 = 3;

/// Mixed precision: half `a` (and `b` for [`MIXED_FMA`]) widened exactly,
/// binary32 `c`, one fma rounded in `R` with the stages of `k` (`ftz`
/// flushes `c` and the result, never the half operands). Addition is the fma `a × 1 + c`, whose
/// product is exact, so it is the sum rounded once (signed zeros
/// included: `a × 1` keeps `a`'s sign); subtraction adds `-c` (IEEE 754
/// §5.4.1: `a - c` is `a + (-c)`).
///
/// # Safety
/// The CPU must have the features of [`available`].
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
pub(crate) unsafe fn mixed<const BF: bool, const OP: u8, const R: i32>(
    k: &F32K,
    a: &[u16],
    b: &[u16],
    c: &[u32],
    out: &mut [u32],
) {
    let n = out.len();
    assert!(a.len() == n && c.len() == n, "operand lengths differ");
    assert!(OP != MIXED_FMA || b.len() == n, "operand lengths differ");
    let v = F32V::new(k);
    let flip = _mm512_set1_epi32(if OP == MIXED_SUB { i32::MIN } else { 0 });
    // A first partial step aligns the stores to the step's width.
    let head = head_to_align(out.as_ptr(), 16).min(n);
    let step = |i: usize, m: __mmask16| {
        // SAFETY: as in `fma32`.
        unsafe {
            let x = widen::<BF>(_mm256_maskz_loadu_epi16(m, a.as_ptr().add(i).cast()));
            let y = if OP == MIXED_FMA {
                widen::<BF>(_mm256_maskz_loadu_epi16(m, b.as_ptr().add(i).cast()))
            } else {
                _mm512_set1_ps(1.0)
            };
            let z = v.flush(_mm512_maskz_loadu_epi32(m, c.as_ptr().add(i).cast()));
            let z = _mm512_castsi512_ps(_mm512_xor_si512(z, flip));
            let r = _mm512_fmadd_round_ps::<R>(x, y, z);
            _mm512_mask_storeu_epi32(out.as_mut_ptr().add(i).cast(), m, v.post(r));
        }
    };
    steps(n, 16, head, lanes16, step);
}

/// Binary64 `a × b + c` rounded once in `R`, the native instruction with
/// embedded rounding; NaN results replaced as `nans` says (left as they
/// are for `None`), with vector selects, the operands' tests skipped when
/// no lane of the step is a NaN.
///
/// # Safety
/// The CPU must have the features of [`available`].
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
pub(crate) unsafe fn fma64<const R: i32>(
    nans: Option<&F64Nans>,
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
    let quiet = _mm512_set1_epi64(0x0008_0000_0000_0000);
    // A first partial step aligns the stores to the step's width.
    let head = head_to_align(out.as_ptr(), 8).min(n);
    let step = |i: usize, m: __mmask8| {
        // SAFETY: as in `fma32`.
        unsafe {
            let x = _mm512_maskz_loadu_pd(m, a.as_ptr().add(i).cast());
            let y = _mm512_maskz_loadu_pd(m, b.as_ptr().add(i).cast());
            let z = _mm512_maskz_loadu_pd(m, c.as_ptr().add(i).cast());
            let rf = _mm512_fmadd_round_pd::<R>(x, y, z);
            let mut r = _mm512_castpd_si512(rf);
            if let Some(f) = nans {
                let nan = _mm512_cmp_pd_mask::<_CMP_UNORD_Q>(rf, rf);
                if nan != 0 {
                    r = _mm512_mask_mov_epi64(r, nan, _mm512_set1_epi64(f.invalid as i64));
                    let ops = [x, y, z];
                    // Lowest priority first, so that the first wins.
                    for &j in f.priority.iter().rev() {
                        let o = ops[j as usize];
                        let on = _mm512_cmp_pd_mask::<_CMP_UNORD_Q>(o, o) & nan;
                        let q = _mm512_or_si512(_mm512_castpd_si512(o), quiet);
                        r = _mm512_mask_mov_epi64(r, on, q);
                    }
                }
            }
            _mm512_mask_storeu_epi64(out.as_mut_ptr().add(i).cast(), m, r);
        }
    };
    steps(n, 8, head, lanes8, step);
}

/// The `_MM_FROUND_*` direction of `rm`, as the const argument of a call.
macro_rules! with_round {
    ($rm:expr, $r:ident => $body:expr) => {
        match $rm {
            $crate::Round::NearestEven => {
                const $r: i32 = $crate::x512::RN;
                $body
            }
            $crate::Round::TowardZero => {
                const $r: i32 = $crate::x512::RZ;
                $body
            }
            $crate::Round::TowardNegative => {
                const $r: i32 = $crate::x512::RD;
                $body
            }
            $crate::Round::TowardPositive => {
                const $r: i32 = $crate::x512::RU;
                $body
            }
        }
    };
}
pub(crate) use with_round;

/// `OP` of [`ieee32`]/[`ieee64`]: `a + b`.
pub(crate) const IEEE_ADD: u8 = 0;
/// `a - b`.
pub(crate) const IEEE_SUB: u8 = 1;
/// `a × b`.
pub(crate) const IEEE_MUL: u8 = 2;
/// `a / b`.
pub(crate) const IEEE_DIV: u8 = 3;
/// `1 / a`.
pub(crate) const IEEE_RCP: u8 = 4;
/// `√a`.
pub(crate) const IEEE_SQRT: u8 = 5;

/// Binary32 `OP` rounded once in `R` with the stages of `k` (the CPU's own
/// instruction with embedded rounding; subnormal results exact, flushing
/// done here, as [`fma32`]). `b` is read for the two-operand ops only.
///
/// # Safety
/// The CPU must have the features of [`available`].
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
pub(crate) unsafe fn ieee32<const R: i32, const OP: u8>(
    k: &F32K,
    a: &[u32],
    b: &[u32],
    out: &mut [u32],
) {
    let n = out.len();
    assert!(a.len() == n && b.len() == n, "operand lengths differ");
    let v = F32V::new(k);
    let head = head_to_align(out.as_ptr(), 16).min(n);
    let step = |i: usize, m: __mmask16| {
        // SAFETY: i < n, so the pointers are in bounds; the masked loads
        // and store touch only lanes i..min(i + 16, n).
        unsafe {
            let x =
                _mm512_castsi512_ps(v.flush(_mm512_maskz_loadu_epi32(m, a.as_ptr().add(i).cast())));
            let y = if OP <= IEEE_DIV {
                _mm512_castsi512_ps(v.flush(_mm512_maskz_loadu_epi32(m, b.as_ptr().add(i).cast())))
            } else {
                x
            };
            let r = match OP {
                IEEE_ADD => _mm512_add_round_ps::<R>(x, y),
                IEEE_SUB => _mm512_sub_round_ps::<R>(x, y),
                IEEE_MUL => _mm512_mul_round_ps::<R>(x, y),
                IEEE_DIV => _mm512_div_round_ps::<R>(x, y),
                IEEE_RCP => _mm512_div_round_ps::<R>(_mm512_set1_ps(1.0), x),
                _ => _mm512_sqrt_round_ps::<R>(x),
            };
            _mm512_mask_storeu_epi32(out.as_mut_ptr().add(i).cast(), m, v.post(r));
        }
    };
    steps(n, 16, head, lanes16, step);
}

/// Binary64 `OP` rounded once in `R`, NaN results replaced as `nans` says
/// (the first NaN operand in priority order, quieted; else the invalid
/// NaN), as [`fma64`].
///
/// # Safety
/// The CPU must have the features of [`available`].
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
pub(crate) unsafe fn ieee64<const R: i32, const OP: u8>(
    nans: Option<&F64Nans>,
    a: &[u64],
    b: &[u64],
    out: &mut [u64],
) {
    let n = out.len();
    assert!(a.len() == n && b.len() == n, "operand lengths differ");
    let quiet = _mm512_set1_epi64(0x0008_0000_0000_0000);
    let two = OP <= IEEE_DIV;
    let head = head_to_align(out.as_ptr(), 8).min(n);
    let step = |i: usize, m: __mmask8| {
        // SAFETY: as in `ieee32`.
        unsafe {
            let x = _mm512_maskz_loadu_pd(m, a.as_ptr().add(i).cast());
            let y = if two {
                _mm512_maskz_loadu_pd(m, b.as_ptr().add(i).cast())
            } else {
                x
            };
            let rf = match OP {
                IEEE_ADD => _mm512_add_round_pd::<R>(x, y),
                IEEE_SUB => _mm512_sub_round_pd::<R>(x, y),
                IEEE_MUL => _mm512_mul_round_pd::<R>(x, y),
                IEEE_DIV => _mm512_div_round_pd::<R>(x, y),
                IEEE_RCP => _mm512_div_round_pd::<R>(_mm512_set1_pd(1.0), x),
                _ => _mm512_sqrt_round_pd::<R>(x),
            };
            let mut r = _mm512_castpd_si512(rf);
            if let Some(f) = nans {
                let nan = _mm512_cmp_pd_mask::<_CMP_UNORD_Q>(rf, rf);
                if nan != 0 {
                    r = _mm512_mask_mov_epi64(r, nan, _mm512_set1_epi64(f.invalid as i64));
                    let ops = [x, y];
                    // Lowest priority first, so that the first wins; only
                    // the op's own operands.
                    for &j in f.priority.iter().rev() {
                        let j = j as usize;
                        if j > usize::from(two) {
                            continue;
                        }
                        let o = ops[j];
                        let on = _mm512_cmp_pd_mask::<_CMP_UNORD_Q>(o, o) & nan;
                        let q = _mm512_or_si512(_mm512_castpd_si512(o), quiet);
                        r = _mm512_mask_mov_epi64(r, on, q);
                    }
                }
            }
            _mm512_mask_storeu_epi64(out.as_mut_ptr().add(i).cast(), m, r);
        }
    };
    steps(n, 8, head, lanes8, step);
}
