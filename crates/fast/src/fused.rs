//! Helpers of the fused sweep loop (`ptxfp::sweep`): the pieces around a
//! batch kernel that make its operands and fold its results, compiled for
//! each path's vector width and chosen at run time. They hold no
//! floating-point semantics: integer sequences and a keyed multiply-add
//! sum, bit for bit the same on every path (each has one generic body,
//! instantiated per target feature set, and a test against plain code).

use crate::Path;

/// `out[j] = base + j × step` (wrapping), the operands of one block of an
/// exhaustive sweep.
pub fn fill_linear_u16(path: Path, out: &mut [u16], base: u16, step: u16) {
    #[cfg(target_arch = "x86_64")]
    match path.kernels() {
        // SAFETY: `kernels` checked the CPU features.
        Path::X86Avx512 => return unsafe { x86::fill16_512(out, base, step) },
        Path::X86Avx2 => return unsafe { x86::fill16_256(out, base, step) },
        _ => {}
    }
    let _ = path;
    fill16(out, base, step);
}

/// [`fill_linear_u16`] for 32-bit registers.
pub fn fill_linear_u32(path: Path, out: &mut [u32], base: u32, step: u32) {
    #[cfg(target_arch = "x86_64")]
    match path.kernels() {
        // SAFETY: `kernels` checked the CPU features.
        Path::X86Avx512 => return unsafe { x86::fill32_512(out, base, step) },
        Path::X86Avx2 => return unsafe { x86::fill32_256(out, base, step) },
        _ => {}
    }
    let _ = path;
    fill32(out, base, step);
}

/// `Σ_j nh(words[j] XOR (key + j × step))` (wrapping), with
/// `nh(x) = ((x mod 2^32) + lo mod 2^32) × ((x >> 32) + hi mod 2^32)`, the
/// two 32-bit factors multiplied to 64 bits: the keyed NH sum of the sweep
/// digest, its constants given by the caller.
pub fn nh_sum(path: Path, words: &[u64], key: u64, step: u64, lo: u32, hi: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    match path.kernels() {
        // SAFETY: `kernels` checked the CPU features.
        Path::X86Avx512 => return unsafe { x86::nh_512(words, key, step, lo, hi) },
        Path::X86Avx2 => return unsafe { x86::nh_256(words, key, step, lo, hi) },
        _ => {}
    }
    let _ = path;
    nh(words, key, step, lo, hi)
}

/// [`crate::half_staged`] over `a`, `b` (`c` for fma) fused with
/// [`nh_sum`] of its results, without storing them: the sum
/// `nh_sum(path, words of the results, key, step, lo, hi)` on the AVX-512
/// paths, for whole vectors (`a.len()` a multiple of 32); `None` where
/// this path or length has no fused kernel (the caller runs the two).
///
/// # Panics
/// If the slices' lengths differ, or `op` is `None` and `c` is `None`.
#[allow(clippy::too_many_arguments)]
pub fn half_nh_sum(
    path: Path,
    fmt: crate::Half,
    op: Option<crate::BinOp>,
    st: &crate::HalfStages,
    a: &[u16],
    b: &[u16],
    c: Option<&[u16]>,
    nh: (u64, u64, u32, u32),
) -> Option<u64> {
    let n = a.len();
    assert!(b.len() == n, "operand lengths differ");
    assert!(
        op.is_some() || c.is_some_and(|c| c.len() == n),
        "fma needs c of the same length"
    );
    // `.ftz` with IEEE tininess after rounding corrects some products after
    // the kernel (crate::tiny), which this fused kernel does not: the
    // caller's two passes do.
    let products = !matches!(op, Some(crate::BinOp::Add | crate::BinOp::Sub));
    if st.ftz && st.tiny_after_rounding && products {
        return None;
    }
    #[cfg(target_arch = "x86_64")]
    if path.kernels() == Path::X86Avx512 && n.is_multiple_of(32) {
        let k = crate::stages::HalfK::new(fmt == crate::Half::Bf16, st);
        let fp16 = path.usable() == Path::X86Avx512Fp16;
        let c = c.unwrap_or(&[]);
        // SAFETY: `usable` checked the CPU features, FP16 included.
        return Some(unsafe { crate::x512h::half_nh_dyn(fmt, op, fp16, &k, a, b, c, nh) });
    }
    let _ = (path, fmt, st, nh);
    None
}

#[inline(always)]
fn fill16(out: &mut [u16], base: u16, step: u16) {
    // Thirty-two values at a time from a vector of them advanced by
    // 32 steps (an induction the compiler keeps in one register).
    let mut v = [0u16; 32];
    for (j, x) in v.iter_mut().enumerate() {
        *x = base.wrapping_add((j as u16).wrapping_mul(step));
    }
    let step32 = step.wrapping_mul(32);
    let mut it = out.chunks_exact_mut(32);
    for d in &mut it {
        d.copy_from_slice(&v);
        for x in &mut v {
            *x = x.wrapping_add(step32);
        }
    }
    let rest = it.into_remainder();
    let n = rest.len();
    rest.copy_from_slice(&v[..n]);
}

#[inline(always)]
fn fill32(out: &mut [u32], base: u32, step: u32) {
    let mut v = [0u32; 16];
    for (j, x) in v.iter_mut().enumerate() {
        *x = base.wrapping_add((j as u32).wrapping_mul(step));
    }
    let step16 = step.wrapping_mul(16);
    let mut it = out.chunks_exact_mut(16);
    for d in &mut it {
        d.copy_from_slice(&v);
        for x in &mut v {
            *x = x.wrapping_add(step16);
        }
    }
    let rest = it.into_remainder();
    let n = rest.len();
    rest.copy_from_slice(&v[..n]);
}

#[inline(always)]
fn nh(words: &[u64], key: u64, step: u64, lo: u32, hi: u32) -> u64 {
    // Eight independent sums (the vector's lanes), the key of each
    // advancing by 8 steps: a shape every path vectorizes.
    let mut acc = [0u64; 8];
    let mut keys = [0u64; 8];
    for (i, k) in keys.iter_mut().enumerate() {
        *k = key.wrapping_add((i as u64).wrapping_mul(step));
    }
    let step8 = step.wrapping_mul(8);
    let mut it = words.chunks_exact(8);
    for w in &mut it {
        for i in 0..8 {
            let x = w[i] ^ keys[i];
            // The low 32 bits of a 64-bit sum are the 32-bit sum: masked
            // afterwards, the product is one 32×32→64 multiply per lane.
            let a = x.wrapping_add(u64::from(lo)) & 0xffff_ffff;
            let b = (x >> 32).wrapping_add(u64::from(hi)) & 0xffff_ffff;
            acc[i] = acc[i].wrapping_add(a.wrapping_mul(b));
            keys[i] = keys[i].wrapping_add(step8);
        }
    }
    let mut sum = acc.iter().fold(0u64, |s, &a| s.wrapping_add(a));
    for (i, &w) in it.remainder().iter().enumerate() {
        let x = w ^ keys[i];
        let a = (x as u32).wrapping_add(lo) as u64;
        let b = ((x >> 32) as u32).wrapping_add(hi) as u64;
        sum = sum.wrapping_add(a.wrapping_mul(b));
    }
    sum
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2")]
    pub(super) unsafe fn fill16_512(out: &mut [u16], base: u16, step: u16) {
        super::fill16(out, base, step);
    }
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn fill16_256(out: &mut [u16], base: u16, step: u16) {
        super::fill16(out, base, step);
    }
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2")]
    pub(super) unsafe fn fill32_512(out: &mut [u32], base: u32, step: u32) {
        super::fill32(out, base, step);
    }
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn fill32_256(out: &mut [u32], base: u32, step: u32) {
        super::fill32(out, base, step);
    }
    use core::arch::x86_64::*;

    /// [`super::nh`] in 512-bit vectors: eight words a step, two steps
    /// per iteration (two independent sums), `vpmuludq` multiplying the
    /// low 32 bits of each lane (the offsets are added in 64 bits; the
    /// low 32 bits of that sum are the 32-bit sum).
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2")]
    pub(super) unsafe fn nh_512(w: &[u64], key: u64, step: u64, lo: u32, hi: u32) -> u64 {
        let mut k = [0u64; 8];
        for (i, x) in k.iter_mut().enumerate() {
            *x = key.wrapping_add((i as u64).wrapping_mul(step));
        }
        let mut k0 = _mm512_loadu_si512(k.as_ptr().cast());
        let mut k1 = _mm512_add_epi64(k0, _mm512_set1_epi64(step.wrapping_mul(8) as i64));
        let inc = _mm512_set1_epi64(step.wrapping_mul(16) as i64);
        let (vlo, vhi) = (
            _mm512_set1_epi64(i64::from(lo)),
            _mm512_set1_epi64(i64::from(hi)),
        );
        let (mut s0, mut s1) = (_mm512_setzero_si512(), _mm512_setzero_si512());
        let mut it = w.chunks_exact(16);
        for c in &mut it {
            let x0 = _mm512_xor_si512(_mm512_loadu_si512(c.as_ptr().cast()), k0);
            let x1 = _mm512_xor_si512(_mm512_loadu_si512(c.as_ptr().add(8).cast()), k1);
            let a0 = _mm512_add_epi64(x0, vlo);
            let b0 = _mm512_add_epi64(_mm512_srli_epi64::<32>(x0), vhi);
            let a1 = _mm512_add_epi64(x1, vlo);
            let b1 = _mm512_add_epi64(_mm512_srli_epi64::<32>(x1), vhi);
            s0 = _mm512_add_epi64(s0, _mm512_mul_epu32(a0, b0));
            s1 = _mm512_add_epi64(s1, _mm512_mul_epu32(a1, b1));
            k0 = _mm512_add_epi64(k0, inc);
            k1 = _mm512_add_epi64(k1, inc);
        }
        let sum = _mm512_reduce_add_epi64(_mm512_add_epi64(s0, s1)) as u64;
        let done = w.len() - it.remainder().len();
        let key = key.wrapping_add((done as u64).wrapping_mul(step));
        sum.wrapping_add(super::nh(it.remainder(), key, step, lo, hi))
    }

    /// [`nh_512`] in 256-bit vectors.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn nh_256(w: &[u64], key: u64, step: u64, lo: u32, hi: u32) -> u64 {
        let mut k = [0u64; 4];
        for (i, x) in k.iter_mut().enumerate() {
            *x = key.wrapping_add((i as u64).wrapping_mul(step));
        }
        let mut k0 = _mm256_loadu_si256(k.as_ptr().cast());
        let mut k1 = _mm256_add_epi64(k0, _mm256_set1_epi64x(step.wrapping_mul(4) as i64));
        let inc = _mm256_set1_epi64x(step.wrapping_mul(8) as i64);
        let (vlo, vhi) = (
            _mm256_set1_epi64x(i64::from(lo)),
            _mm256_set1_epi64x(i64::from(hi)),
        );
        let (mut s0, mut s1) = (_mm256_setzero_si256(), _mm256_setzero_si256());
        let mut it = w.chunks_exact(8);
        for c in &mut it {
            let x0 = _mm256_xor_si256(_mm256_loadu_si256(c.as_ptr().cast()), k0);
            let x1 = _mm256_xor_si256(_mm256_loadu_si256(c.as_ptr().add(4).cast()), k1);
            let a0 = _mm256_add_epi64(x0, vlo);
            let b0 = _mm256_add_epi64(_mm256_srli_epi64::<32>(x0), vhi);
            let a1 = _mm256_add_epi64(x1, vlo);
            let b1 = _mm256_add_epi64(_mm256_srli_epi64::<32>(x1), vhi);
            s0 = _mm256_add_epi64(s0, _mm256_mul_epu32(a0, b0));
            s1 = _mm256_add_epi64(s1, _mm256_mul_epu32(a1, b1));
            k0 = _mm256_add_epi64(k0, inc);
            k1 = _mm256_add_epi64(k1, inc);
        }
        let mut l = [0u64; 4];
        _mm256_storeu_si256(l.as_mut_ptr().cast(), _mm256_add_epi64(s0, s1));
        let sum = l.iter().fold(0u64, |a, &b| a.wrapping_add(b));
        let done = w.len() - it.remainder().len();
        let key = key.wrapping_add((done as u64).wrapping_mul(step));
        sum.wrapping_add(super::nh(it.remainder(), key, step, lo, hi))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fused_half_kernels_equal_the_kernel_then_the_sum() {
        use crate::{BinOp, Clamp, Half, HalfStages};
        let n = 4096;
        let mut z = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            z = z
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (z >> 48) as u16
        };
        // Some lanes the special values: NaNs, the OOB-NaN, zeros, infinities.
        let special = [
            0x7fffu16, 0x7ff7, 0xfff7, 0x0000, 0x8000, 0x7c00, 0xfc00, 0x0001, 0x7f80, 0x3c00,
        ];
        let mut col = |i: usize| -> Vec<u16> {
            (0..n)
                .map(|j| {
                    if (j + i).is_multiple_of(7) {
                        special[(j / 7) % special.len()]
                    } else {
                        next()
                    }
                })
                .collect()
        };
        let (a, b, c) = (col(0), col(1), col(2));
        for p in Path::all_available() {
            for fmt in [Half::F16, Half::Bf16] {
                for op in [Some(BinOp::Add), Some(BinOp::Sub), Some(BinOp::Mul), None] {
                    for (ftz, tiny, clamp, oob) in [
                        (false, false, Clamp::None, false),
                        (true, false, Clamp::Sat, false),
                        (true, true, Clamp::None, false),
                        (false, false, Clamp::Relu, true),
                    ] {
                        let st = HalfStages {
                            ftz,
                            tiny_after_rounding: tiny,
                            clamp,
                            nan: Some(0x7fff),
                            oob: oob.then_some((0x7fff, 0x7ff7)),
                        };
                        let mut o = vec![0u16; n];
                        crate::half_staged(p, fmt, op, &st, &a, &b, Some(&c), &mut o);
                        let words: Vec<u64> = o
                            .chunks(4)
                            .map(|w| w.iter().rev().fold(0u64, |v, &x| v << 16 | u64::from(x)))
                            .collect();
                        let nh = (77u64, 0x9E37_79B9_7F4A_7C15, 0x6A09_E667, 0xBB67_AE85);
                        let want = nh_sum(Path::Portable, &words, nh.0, nh.1, nh.2, nh.3);
                        if let Some(got) = half_nh_sum(p, fmt, op, &st, &a, &b, Some(&c), nh) {
                            assert_eq!(got, want, "{p} {fmt:?} {op:?} {ftz} {clamp:?} {oob}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn every_path_equals_plain_code() {
        let words: Vec<u64> = (0..1037u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17))
            .collect();
        let plain = |n: usize, key: u64, step: u64| {
            words[..n].iter().enumerate().fold(0u64, |s, (j, &w)| {
                let x = w ^ key.wrapping_add((j as u64).wrapping_mul(step));
                let a = (x as u32).wrapping_add(0x6A09_E667) as u64;
                let b = ((x >> 32) as u32).wrapping_add(0xBB67_AE85) as u64;
                s.wrapping_add(a * b)
            })
        };
        for p in Path::all_available() {
            for n in [0, 1, 7, 8, 9, 15, 16, 17, 31, 64, 1037] {
                for (key, step) in [(0, 0x9E37_79B9_7F4A_7C15), (u64::MAX - 3, 5)] {
                    assert_eq!(
                        nh_sum(p, &words[..n], key, step, 0x6A09_E667, 0xBB67_AE85),
                        plain(n, key, step),
                        "{p} {n}"
                    );
                }
            }
            for (base, step) in [(0u16, 1u16), (0xfff0, 1), (7, 0), (3, 0x100)] {
                let mut o = vec![0u16; 300];
                fill_linear_u16(p, &mut o, base, step);
                for (j, &v) in o.iter().enumerate() {
                    assert_eq!(v, base.wrapping_add((j as u16).wrapping_mul(step)));
                }
            }
            for (base, step) in [(0u32, 1u32), (0xffff_0000, 0x1_0000), (5, 0)] {
                let mut o = vec![0u32; 300];
                fill_linear_u32(p, &mut o, base, step);
                for (j, &v) in o.iter().enumerate() {
                    assert_eq!(v, base.wrapping_add((j as u32).wrapping_mul(step)));
                }
            }
        }
    }
}
