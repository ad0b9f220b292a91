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

/// How many lanes of a fixed operand ([`Hints::fixed`]) [`half_nh_sum`]
/// reads on `path` for `op` with the stages `st`: `Some(16)` where its
/// kernel reads a fixed operand's first sixteen lanes once (the caller
/// may then pass just those), `None` where it reads them all or has no
/// fused kernel.
pub fn half_nh_fixed_lanes(
    path: Path,
    op: Option<crate::BinOp>,
    st: &crate::HalfStages,
) -> Option<usize> {
    let products = !matches!(op, Some(crate::BinOp::Add | crate::BinOp::Sub));
    let fused = !(st.ftz && st.tiny_after_rounding && products);
    let kernel = matches!(path.kernels(), Path::X86Avx2 | Path::X86Avx512);
    (cfg!(target_arch = "x86_64") && fused && kernel).then_some(16)
}

/// [`crate::half_staged`] over `a`, `b` (`c` for fma) fused with
/// [`nh_sum`] of its results, without storing them: the sum
/// `nh_sum(path, words of the results, key, step, lo, hi)` on the AVX-512
/// paths for whole vectors (`a.len()` a multiple of 32) and on the AVX2
/// path for `a.len()` a multiple of 16; `None` where this path or length
/// has no fused kernel (the caller runs the two).
///
/// `hints` say what the caller knows of the operands ([`Hints`]). The
/// results are as many as the longest operand; a fixed one may be
/// shorter, its first [`half_nh_fixed_lanes`] lanes, where that says so.
///
/// # Panics
/// If an operand is shorter than the longest without leave, or `op` is
/// `None` and `c` is `None`.
#[allow(clippy::too_many_arguments)]
pub fn half_nh_sum(
    path: Path,
    fmt: crate::Half,
    op: Option<crate::BinOp>,
    st: &crate::HalfStages,
    a: &[u16],
    b: &[u16],
    c: Option<&[u16]>,
    hints: Hints,
    nh: (u64, u64, u32, u32),
) -> Option<u64> {
    assert!(op.is_some() || c.is_some(), "fma needs c");
    let n = a.len().max(b.len()).max(c.map_or(0, <[u16]>::len));
    let short = half_nh_fixed_lanes(path, op, st);
    // The kernels read fixed lanes once for `a`, or `a` and `b`: a fixed
    // `b` alone is read whole (and must be given whole).
    let hints = Hints {
        fixed: match hints.fixed & 3 {
            3 => 3,
            f => f & 1,
        },
        ..hints
    };
    for (bit, x) in [(1u8, Some(a)), (2, Some(b)), (4, c)] {
        let Some(x) = x else { continue };
        assert!(
            x.len() == n || hints.fixed & bit != 0 && short.is_some_and(|l| x.len() >= l),
            "operand lengths differ"
        );
    }
    debug_assert!(
        [(1u8, a), (2, b)]
            .iter()
            .all(|&(bit, x)| hints.fixed & bit == 0 || x.chunks(16).all(|v| *v == x[..v.len()])),
        "an operand called fixed does not repeat its first sixteen lanes"
    );
    debug_assert!(
        !hints.nan_free || {
            let exp = if fmt == crate::Half::Bf16 {
                0x7f80
            } else {
                0x7c00
            };
            let c = c.unwrap_or(&[]);
            a.iter().chain(b).chain(c).all(|&x| x & 0x7fff <= exp)
        },
        "a NaN operand in a block called NaN-free"
    );
    // `.ftz` with IEEE tininess after rounding corrects some products after
    // the kernel (crate::tiny), which this fused kernel does not: the
    // caller's two passes do.
    let products = !matches!(op, Some(crate::BinOp::Add | crate::BinOp::Sub));
    if st.ftz && st.tiny_after_rounding && products {
        return None;
    }
    let c = c.unwrap_or(&[]);
    #[cfg(target_arch = "x86_64")]
    {
        let k = crate::stages::HalfK::new(fmt == crate::Half::Bf16, st);
        if path.kernels() == Path::X86Avx512 && n.is_multiple_of(32) {
            let fp16 = path.usable() == Path::X86Avx512Fp16;
            let stages = stages(&k, hints);
            // SAFETY: `usable` checked the CPU features, FP16 included.
            return Some(unsafe {
                crate::x512h::half_nh_dyn(fmt, op, fp16, hints.fixed, stages, &k, (a, b, c, n), nh)
            });
        }
        if path.kernels() == Path::X86Avx2 && n.is_multiple_of(16) {
            // SAFETY: `kernels` checked the CPU features.
            return Some(unsafe { x256_nh(fmt, op, hints, &k, (a, b, c, n), nh) });
        }
    }
    let _ = (path, fmt, st, nh, hints, c);
    None
}

/// Which stages of `k` a fused kernel runs (`STAGES_ALL`, `STAGES_NAN`,
/// `STAGES_NONE` of crate::stages), given what `hints` say of the block.
#[cfg(target_arch = "x86_64")]
fn stages(k: &crate::stages::HalfK, hints: Hints) -> u8 {
    use crate::stages::{STAGES_NAN, STAGES_NONE};
    match k.stages() {
        // Without flush, clamp or `.oob`, a NaN-free block has nothing
        // for the NaN replacement to do.
        STAGES_NAN if hints.nan_free => STAGES_NONE,
        s => s,
    }
}

/// Runs `x256::half_nh` for `fmt`, `op` (`None`: fma) and `fixed`.
///
/// # Safety
/// The CPU must have AVX2, FMA and F16C.
#[cfg(target_arch = "x86_64")]
#[allow(clippy::too_many_arguments)]
unsafe fn x256_nh(
    fmt: crate::Half,
    op: Option<crate::BinOp>,
    hints: Hints,
    k: &crate::stages::HalfK,
    (a, b, c, n): (&[u16], &[u16], &[u16], usize),
    nh: (u64, u64, u32, u32),
) -> u64 {
    use crate::x256::{half_nh, ADD, FIXED_A, FIXED_AB, FMA, MUL, SUB};
    use crate::x256::{STAGES_ALL, STAGES_NAN, STAGES_NONE};
    use crate::BinOp;
    let bf = fmt == crate::Half::Bf16;
    let stages = stages(k, hints);
    macro_rules! go {
        ($bf:expr, $fx:expr, $s:expr) => {
            match op {
                Some(BinOp::Add) => half_nh::<$bf, ADD, $fx, $s>(k, a, b, c, n, nh),
                Some(BinOp::Sub) => half_nh::<$bf, SUB, $fx, $s>(k, a, b, c, n, nh),
                Some(BinOp::Mul) => half_nh::<$bf, MUL, $fx, $s>(k, a, b, c, n, nh),
                None => half_nh::<$bf, FMA, $fx, $s>(k, a, b, c, n, nh),
            }
        };
        ($bf:expr, $fx:expr) => {
            match stages {
                STAGES_ALL => go!($bf, $fx, STAGES_ALL),
                STAGES_NAN => go!($bf, $fx, STAGES_NAN),
                _ => go!($bf, $fx, STAGES_NONE),
            }
        };
    }
    // SAFETY: passed on to the caller.
    unsafe {
        match (bf, hints.fixed & FIXED_AB) {
            (false, FIXED_AB) => go!(false, FIXED_AB),
            (false, FIXED_A) => go!(false, FIXED_A),
            (false, _) => go!(false, 0),
            (true, FIXED_AB) => go!(true, FIXED_AB),
            (true, FIXED_A) => go!(true, FIXED_A),
            (true, _) => go!(true, 0),
        }
    }
}

/// What the caller of [`half_nh_sum`] knows of a block's operands, which
/// lets a fused kernel do less for the same sum. Each must be true of the
/// operands (the debug builds check what they can).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hints {
    /// Which operands repeat their first sixteen lanes over the whole
    /// slice (bit 0: `a`, bit 1: `b`; the fixed operands of an exhaustive
    /// sweep): a kernel may read those lanes once. `b` alone (without `a`)
    /// is read whole.
    pub fixed: u8,
    /// No result is a NaN: no operand lane is one, and no operation is
    /// invalid (`∞ − ∞`, `0 × ∞`). Without flush, clamp or `.oob`, the
    /// kernel then skips the NaN replacement.
    pub nan_free: bool,
}

#[inline(always)]
fn fill16(out: &mut [u16], base: u16, step: u16) {
    // A plain induction, which the compiler keeps in vector registers (an
    // array of lanes on the stack, added to and copied out, was stored and
    // reloaded across overlapping halves: 74% of an x2 sweep's time).
    for (j, d) in out.iter_mut().enumerate() {
        *d = base.wrapping_add((j as u16).wrapping_mul(step));
    }
}

#[inline(always)]
fn fill32(out: &mut [u32], base: u32, step: u32) {
    for (j, d) in out.iter_mut().enumerate() {
        *d = base.wrapping_add((j as u32).wrapping_mul(step));
    }
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

    /// An operand column.
    type Col = Vec<u16>;

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
        // Fixed operands, as an exhaustive sweep has them: one value (a
        // 16-bit register) or two alternating (an x2 register), each
        // special value and a random one in turn.
        let repeat = |x: u16, y: u16| -> Vec<u16> { (0..n).map(|j| [x, y][j % 2]).collect() };
        let mut fixed_sets = vec![(0u8, a.clone(), b.clone())];
        for (i, &x) in special.iter().enumerate() {
            let y = special[(i + 3) % special.len()];
            fixed_sets.push((1, repeat(x, x), b.clone()));
            fixed_sets.push((1, repeat(x, y), b.clone()));
            fixed_sets.push((3, repeat(x, x), repeat(y, y)));
            fixed_sets.push((3, repeat(next(), next()), repeat(x, next())));
        }
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
                        // NaN-free blocks: a finite nonzero fixed `a` (and
                        // `b` for fma), no NaN lane in the counting operand.
                        let exp = if fmt == Half::Bf16 { 0x7f80u16 } else { 0x7c00 };
                        let no_nan = |v: &[u16]| -> Vec<u16> {
                            v.iter()
                                .map(|&x| if x & 0x7fff > exp { x & exp } else { x })
                                .collect()
                        };
                        let mut sets: Vec<(Hints, Col, Col, Col)> = fixed_sets
                            .iter()
                            .map(|(f, a, b)| {
                                (
                                    Hints {
                                        fixed: *f,
                                        nan_free: false,
                                    },
                                    a.clone(),
                                    b.clone(),
                                    c.clone(),
                                )
                            })
                            .collect();
                        let fin = [
                            0x3c00u16,
                            0x0001,
                            exp - 1,
                            0x8001,
                            (exp | 0x8000) - 1,
                            0x1234,
                        ];
                        // (Under `.ftz` a subnormal is a zero: 0 × ∞.)
                        for (i, &x) in fin.iter().enumerate().filter(|_| !ftz) {
                            let y = fin[(i + 1) % fin.len()];
                            let h = Hints {
                                fixed: if op.is_none() { 3 } else { 1 },
                                nan_free: true,
                            };
                            let b = if op.is_none() {
                                repeat(y, y)
                            } else {
                                no_nan(&b)
                            };
                            sets.push((h, repeat(x, x), b, no_nan(&c)));
                        }
                        for (hints, a, b, c) in &sets {
                            let mut o = vec![0u16; n];
                            crate::half_staged(p, fmt, op, &st, a, b, Some(c), &mut o);
                            let words: Vec<u64> = o
                                .chunks(4)
                                .map(|w| w.iter().rev().fold(0u64, |v, &x| v << 16 | u64::from(x)))
                                .collect();
                            let nh = (77u64, 0x9E37_79B9_7F4A_7C15, 0x6A09_E667, 0xBB67_AE85);
                            let want = nh_sum(Path::Portable, &words, nh.0, nh.1, nh.2, nh.3);
                            if hints.nan_free {
                                // What the hint promises, checked here.
                                assert!(o.iter().all(|&x| x & 0x7fff <= exp), "{op:?}");
                            }
                            let got = half_nh_sum(p, fmt, op, &st, a, b, Some(c), *hints, nh);
                            let why = format!("{p} {fmt:?} {op:?} {ftz} {clamp:?} {oob} {hints:?}");
                            // The paths with a fused kernel must use it
                            // (else this test would check nothing there).
                            let products = !matches!(op, Some(BinOp::Add | BinOp::Sub));
                            let fused = matches!(p.kernels(), Path::X86Avx512 | Path::X86Avx2)
                                && !(ftz && tiny && products);
                            assert_eq!(got.is_some(), fused, "{why}");
                            if let Some(got) = got {
                                assert_eq!(got, want, "{why}");
                            }
                            // Fixed operands given as their first lanes only.
                            if let Some(l) = half_nh_fixed_lanes(p, op, &st) {
                                let cut = |x: &Vec<u16>, bit: u8| {
                                    if hints.fixed & bit != 0 {
                                        x[..l].to_vec()
                                    } else {
                                        x.clone()
                                    }
                                };
                                let (sa, sb) = (cut(a, 1), cut(b, 2));
                                let short =
                                    half_nh_sum(p, fmt, op, &st, &sa, &sb, Some(c), *hints, nh);
                                assert_eq!(short, Some(want), "{why} short");
                            }
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
