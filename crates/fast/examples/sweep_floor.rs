//! The floor of an exhaustive `add.rn.f16` sweep: a bare native loop over
//! the same 2^32 pairs as `ptxfp sweep add.rn.f16 --exhaustive` (result
//! `i = (a << 16) | b`), its operands made in registers and its results
//! folded (added lane-wise), on all cores. AVX-512 FP16 `vaddph` where the
//! CPU has it, else F16C + `vaddps` + `vcvtps2ph` (binary32 holds every
//! binary16 sum exactly rounded once: 24 ≥ 2·11 + 2 bits). No NaN
//! canonicalization, no digest: what a sweep cannot beat.
//!
//! `cargo run --release -p ptxfp-fast --example sweep_floor [-- f16c]`

#[cfg(target_arch = "x86_64")]
fn main() {
    use std::time::Instant;
    let force_f16c = std::env::args().nth(1).is_some_and(|a| a == "f16c");
    let fp16 = !force_f16c && std::is_x86_feature_detected!("avx512fp16");
    if !fp16 && !std::is_x86_feature_detected!("f16c") {
        eprintln!("sweep_floor: this CPU has neither AVX-512 FP16 nor F16C");
        std::process::exit(2);
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let t = Instant::now();
    let rows_per = 65536usize.div_ceil(threads);
    let fold = std::thread::scope(|s| {
        let hs: Vec<_> = (0..threads)
            .map(|k| {
                let rows = (k * rows_per).min(65536)..((k + 1) * rows_per).min(65536);
                // SAFETY: the features were checked above.
                s.spawn(move || unsafe {
                    if fp16 {
                        x86::rows_fp16(rows)
                    } else {
                        x86::rows_f16c(rows)
                    }
                })
            })
            .collect();
        hs.into_iter()
            .map(|h| h.join().unwrap_or(0))
            .fold(0u64, u64::wrapping_add)
    });
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{}: 2^32 add.rn.f16 pairs in {secs:.3} s ({:.1} G results/s, {threads} threads), fold {fold:#018x}",
        if fp16 { "vaddph" } else { "f16c+vaddps" },
        4294967296.0 / secs / 1e9
    );
}

#[cfg(not(target_arch = "x86_64"))]
fn main() {
    eprintln!("sweep_floor: x86-64 only");
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::asm;
    use core::arch::x86_64::*;

    /// Rows `a` of the pairs: `a` broadcast, `b` thirty-two at a time.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub unsafe fn rows_fp16(rows: std::ops::Range<usize>) -> u64 {
        let lanes: [u16; 32] = core::array::from_fn(|j| j as u16);
        let iota = unsafe { _mm512_loadu_si512(lanes.as_ptr().cast()) };
        let step = _mm512_set1_epi16(32);
        let mut acc = _mm512_setzero_si512();
        for a in rows {
            let x = _mm512_set1_epi16(a as i16);
            let mut y = iota;
            for _ in 0..2048 {
                let r: __m512i;
                // SAFETY: a register-only instruction; the caller checked FP16.
                unsafe {
                    asm!("vaddph {r}, {x}, {y}, {{rn-sae}}", r = lateout(zmm_reg) r,
                         x = in(zmm_reg) x, y = in(zmm_reg) y,
                         options(pure, nomem, nostack, preserves_flags));
                }
                acc = _mm512_add_epi16(acc, r);
                y = _mm512_add_epi16(y, step);
            }
        }
        let mut out = [0u16; 32];
        unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), acc) };
        out.iter()
            .fold(0u64, |s, &v| s.wrapping_mul(31).wrapping_add(u64::from(v)))
    }

    /// The same with F16C: eight lanes widened, added in binary32, rounded
    /// to binary16 (nearest even).
    #[target_feature(enable = "avx2,f16c")]
    pub unsafe fn rows_f16c(rows: std::ops::Range<usize>) -> u64 {
        let lanes: [u16; 8] = core::array::from_fn(|j| j as u16);
        let iota = unsafe { _mm_loadu_si128(lanes.as_ptr().cast()) };
        let step = _mm_set1_epi16(8);
        let mut acc = _mm_setzero_si128();
        for a in rows {
            let x = _mm256_cvtph_ps(_mm_set1_epi16(a as i16));
            let mut y = iota;
            for _ in 0..8192 {
                let s = _mm256_add_ps(x, _mm256_cvtph_ps(y));
                acc = _mm_add_epi16(acc, _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(s));
                y = _mm_add_epi16(y, step);
            }
        }
        let mut out = [0u16; 8];
        unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), acc) };
        out.iter()
            .fold(0u64, |s, &v| s.wrapping_mul(31).wrapping_add(u64::from(v)))
    }
}
