//! x86-64 helpers: the portable loops recompiled for AVX2 + FMA + F16C,
//! the one-element binary16 fma with F16C conversions, and the bare
//! native FMA loops under a temporarily set MXCSR rounding mode (the
//! benchmarks' "native" column). Callers check the features first
//! ([`crate::Path::best_available`]).
//!
//! The fused AVX2 kernels are in `x256.rs`, the AVX-512 ones in `x512.rs`.

use core::arch::asm;
use core::arch::x86_64::*;

use crate::elem;

/// Whether this CPU has what every function of this module needs.
pub(crate) fn available() -> bool {
    std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("fma")
        && std::is_x86_feature_detected!("f16c")
}

/// `f()` compiled for AVX2 + FMA + F16C (the closure is inlined into this
/// function, as the loops of [`crate::map2`] are).
///
/// # Safety
/// The CPU must have AVX2, FMA and F16C ([`available`]).
#[target_feature(enable = "avx2,fma,f16c")]
pub(crate) unsafe fn with_avx2<R>(f: impl FnOnce() -> R) -> R {
    f()
}

/// [`crate::map2`] compiled for AVX2 + FMA + F16C.
///
/// # Safety
/// The CPU must have AVX2, FMA and F16C ([`available`]).
#[target_feature(enable = "avx2,fma,f16c")]
pub(crate) unsafe fn map2<A: Copy, B: Copy, O>(
    a: &[A],
    b: &[B],
    out: &mut [O],
    f: impl Fn(A, B) -> O,
) {
    crate::map2(a, b, out, f)
}

/// [`crate::map3`] compiled for AVX2 + FMA + F16C.
///
/// # Safety
/// The CPU must have AVX2, FMA and F16C ([`available`]).
#[target_feature(enable = "avx2,fma,f16c")]
pub(crate) unsafe fn map3<A: Copy, B: Copy, C: Copy, O>(
    a: &[A],
    b: &[B],
    c: &[C],
    out: &mut [O],
    f: impl Fn(A, B, C) -> O,
) {
    crate::map3(a, b, c, out, f)
}

/// One binary16 operation `op` (`None`: fma) rounded to nearest even: the
/// operands widened by one `vcvtph2ps`, the binary32 operation (add, sub,
/// mul: once, see [`crate::half_binop`]; fma: the round-to-odd sum of
/// [`crate::scalar::fma_f16_inline`]), one `vcvtps2ph` (to nearest even).
///
/// # Safety
/// The CPU must have AVX2, FMA and F16C ([`available`]).
#[target_feature(enable = "avx2,fma,f16c")]
pub(crate) unsafe fn f16_one(op: Option<crate::BinOp>, a: u16, b: u16, c: u16) -> u16 {
    use crate::BinOp::*;
    let w = _mm_cvtph_ps(_mm_set_epi16(0, 0, 0, 0, 0, c as i16, b as i16, a as i16));
    let mut v = [0f32; 4];
    // SAFETY: v has room for four f32.
    unsafe { _mm_storeu_ps(v.as_mut_ptr(), w) };
    let r = match op {
        Some(Add) => v[0] + v[1],
        Some(Sub) => v[0] - v[1],
        Some(Mul) => v[0] * v[1],
        None => elem::sum_odd_in_f32(v[0] * v[1], v[2]),
    };
    let h = _mm_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(_mm_set_ss(r));
    _mm_extract_epi16::<0>(h) as u16
}

/// The current MXCSR.
pub(crate) fn mxcsr() -> u32 {
    let mut v: u32 = 0;
    // SAFETY: stores MXCSR into a local.
    unsafe {
        asm!("vstmxcsr dword ptr [{p}]", p = in(reg) &mut v as *mut u32, options(nostack));
    }
    v
}

/// MXCSR rounding-control field (bits 13-14) for a direction.
fn mxcsr_rc(rm: ptxfp_float::Round) -> u32 {
    use ptxfp_float::Round::*;
    (match rm {
        NearestEven => 0,
        TowardNegative => 1,
        TowardPositive => 2,
        TowardZero => 3,
    }) << 13
}

/// The MXCSR value for `rm`, from the current one: rounding control set,
/// FTZ (bit 15) and DAZ (bit 6) cleared, exception masks kept.
pub(crate) fn mxcsr_for(rm: ptxfp_float::Round, old: u32) -> u32 {
    (old & !(0x6000 | 0x8000 | 0x40)) | mxcsr_rc(rm)
}

/// A native fused multiply-add `a × b + c` loop over slices of `$t`, with
/// the MXCSR rounding control set to `rm` (FTZ and DAZ off) for the
/// duration of one `asm!` block and restored at its end. The whole loop
/// is inside the block, so the compiler cannot move any other
/// floating-point operation into the changed mode. `$x` is the mnemonic
/// suffix (`s`: binary32, `d`: binary64), `$ptr` the scalar operand size, `$size`
/// the bytes of one element and `$lanes` the elements of one 32-byte step.
macro_rules! fma_mxcsr_loop {
    ($name:ident, $t:ty, $x:literal, $ptr:literal, $size:literal, $lanes:literal) => {
        #[doc = concat!("Native fused multiply-add `a × b + c` over `", stringify!($t), "` slices,")]
        /// with the MXCSR rounding control set to `rm` (FTZ and DAZ off) for
        /// the duration of one `asm!` block and restored at its end.
        ///
        /// # Safety
        /// The CPU must have AVX2 and FMA ([`available`]).
        #[target_feature(enable = "avx2,fma")]
        pub(crate) unsafe fn $name(
            a: &[$t],
            b: &[$t],
            c: &[$t],
            out: &mut [$t],
            rm: ptxfp_float::Round,
        ) {
            let n = out.len();
            assert!(
                a.len() == n && b.len() == n && c.len() == n,
                "operand lengths differ"
            );
            let old = mxcsr();
            let new = mxcsr_for(rm, old);
            // SAFETY: the loop reads n elements of a, b, c and writes n of
            // out (lengths checked above); MXCSR is restored before the
            // block ends.
            unsafe {
                asm!(
                    "vldmxcsr dword ptr [{new}]",
                    "test {n4}, {n4}",
                    "jz 3f",
                    "2:",
                    concat!("vmovup", $x, " {x}, ymmword ptr [{a}]"),
                    concat!("vmovup", $x, " {y}, ymmword ptr [{b}]"),
                    concat!("vfmadd213p", $x, " {x}, {y}, ymmword ptr [{c}]"),
                    concat!("vmovup", $x, " ymmword ptr [{d}], {x}"),
                    "add {a}, 32",
                    "add {b}, 32",
                    "add {c}, 32",
                    "add {d}, 32",
                    "dec {n4}",
                    "jnz 2b",
                    "3:",
                    "test {r}, {r}",
                    "jz 5f",
                    "4:",
                    concat!("vmovs", $x, " {xs}, ", $ptr, " ptr [{a}]"),
                    concat!("vmovs", $x, " {ys}, ", $ptr, " ptr [{b}]"),
                    concat!("vfmadd213s", $x, " {xs}, {ys}, ", $ptr, " ptr [{c}]"),
                    concat!("vmovs", $x, " ", $ptr, " ptr [{d}], {xs}"),
                    concat!("add {a}, ", $size),
                    concat!("add {b}, ", $size),
                    concat!("add {c}, ", $size),
                    concat!("add {d}, ", $size),
                    "dec {r}",
                    "jnz 4b",
                    "5:",
                    "vldmxcsr dword ptr [{old}]",
                    new = in(reg) &new as *const u32,
                    old = in(reg) &old as *const u32,
                    n4 = inout(reg) n / $lanes => _,
                    r = inout(reg) n % $lanes => _,
                    a = inout(reg) a.as_ptr() => _,
                    b = inout(reg) b.as_ptr() => _,
                    c = inout(reg) c.as_ptr() => _,
                    d = inout(reg) out.as_mut_ptr() => _,
                    x = out(ymm_reg) _,
                    y = out(ymm_reg) _,
                    xs = out(xmm_reg) _,
                    ys = out(xmm_reg) _,
                    options(nostack),
                );
            }
        }
    };
}

fma_mxcsr_loop!(fma_f32_mxcsr, f32, "s", "dword", "4", 8);
fma_mxcsr_loop!(fma_f64_mxcsr, f64, "d", "qword", "8", 4);

/// One binary64 `a × b + c` (bits) rounded in `rm`: the native
/// instruction with the MXCSR rounding control set (FTZ and DAZ off) and
/// restored inside one `asm!` block.
///
/// # Safety
/// The CPU must have FMA ([`available`]).
#[target_feature(enable = "avx2,fma")]
pub(crate) unsafe fn fma_f64_one_mxcsr(rm: ptxfp_float::Round, a: u64, b: u64, c: u64) -> u64 {
    let old = mxcsr();
    let new = mxcsr_for(rm, old);
    let mut x = f64::from_bits(a);
    // SAFETY: register operands only; MXCSR is restored before the block
    // ends.
    unsafe {
        asm!(
            "vldmxcsr dword ptr [{new}]",
            "vfmadd213sd {x}, {y}, {z}",
            "vldmxcsr dword ptr [{old}]",
            new = in(reg) &new as *const u32,
            old = in(reg) &old as *const u32,
            x = inout(xmm_reg) x,
            y = in(xmm_reg) f64::from_bits(b),
            z = in(xmm_reg) f64::from_bits(c),
            options(nostack),
        );
    }
    x.to_bits()
}
