//! Fast slice kernels for the IEEE operations behind PTX floating-point
//! arithmetic, each proved to give exactly the bits of the exact core
//! ([`ptxfp_float`]) and tested against it bit for bit.
//!
//! | kernel | operation | algorithm |
//! |---|---|---|
//! | [`half_binop`] | binary16 / bfloat16 add, sub, mul, `.rn` | binary32 operation, one rounding to the half format; binary16 with AVX-512 FP16: the CPU's instruction |
//! | [`half_fma`] | binary16 / bfloat16 fma, `.rn` | binary16 with AVX-512 FP16: the CPU's instruction; otherwise round to odd at binary32 (AVX2 and portable: exact product + TwoSum, binary64 where a bfloat16 product leaves binary32's range; AVX-512: `RZ` with its last bit set when `RU ≠ RD`), then round to the half format |
//! | [`fma_f32`] | binary32 fma, 4 modes | native FMA (embedded rounding, or MXCSR set inside one `asm!` loop); portable: binary64 product + TwoSum (round to odd for `.rn`, one directed step otherwise) |
//! | [`fma_f64`] | binary64 fma, 4 modes | native FMA as for binary32; portable: `f64::mul_add` / the exact core |
//! | [`half_staged`], [`fma_f32_staged`], [`mixed_staged`], [`fma_f64_staged`] | the above with the PTX stages | fused into the kernel's one pass (x86-64), or passes over blocks (portable) |
//! | [`mixed_add`], [`mixed_sub`], [`mixed_fma`] | binary32 `add/sub/fma` with binary16 / bfloat16 `a` (and `b`), 4 modes | exact widening, then as [`fma_f32`] |
//! | [`HalfOne`], [`F32One`], [`F64One`] | one staged operation per call (simulators) | the portable element code of the above |
//!
//! Every kernel exists in three [`Path`]s: portable Rust written
//! branch-free so that it auto-vectorizes; x86-64 AVX2 + FMA + F16C
//! kernels (`x256.rs`: sixteen 16-bit or eight 32-bit lanes, the stages
//! fused, MXCSR rounding inside `asm!` loops); and AVX-512 kernels
//! (`x512.rs`, `x512h.rs`: sixteen 32-bit or thirty-two 16-bit lanes,
//! rounding embedded in each instruction, the stages of [`HalfStages`] /
//! [`F32Stages`] / [`F64Nans`] fused into the same pass), chosen at run
//! time. On CPUs with AVX-512 FP16 a fourth path runs the binary16
//! operations as the CPU's own binary16 instructions inside the same
//! AVX-512 kernels. [`Path::detect`] picks the best
//! available one, unless the environment variable `PTXFP_FORCE_PORTABLE=1`
//! is set; every kernel also takes an explicit path so tests run all of
//! them on any machine.
//!
//! NaN results: a kernel returns *a* NaN whenever the exact core returns a
//! NaN, and a non-NaN only when the core does; the NaN's sign and payload
//! are unspecified (they differ between paths). The PTX layer replaces every
//! NaN result by NVIDIA's canonical pattern (docs/NVIDIA.md "NaN results"), so payloads
//! never reach a user.
//!
//! The host floating-point environment must be IEEE's default (round to
//! nearest even, no flush-to-zero, no denormals-are-zero), as it is in Rust.

#![warn(missing_docs)]

use std::sync::OnceLock;

pub use ptxfp_float::Round;

mod elem;
pub mod fused;
mod ieee;
mod one;
mod stages;
mod tiny;
#[cfg(target_arch = "x86_64")]
mod x256;
#[cfg(target_arch = "x86_64")]
mod x512;
#[cfg(target_arch = "x86_64")]
mod x512h;
#[cfg(target_arch = "x86_64")]
mod x86;

pub use ieee::{ieee_f32_one, ieee_f32_staged, ieee_f64_one, ieee_f64_staged, IeeeOp};
pub use one::{F32Fn, F32One, F64One, HalfFn, HalfOne};
pub use stages::{Clamp, F32Stages, F64Nans, HalfStages};

/// Which implementation of the kernels runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Path {
    /// Portable Rust, auto-vectorized for the compilation target only.
    Portable,
    /// x86-64 with AVX2, FMA and F16C (checked at run time).
    X86Avx2,
    /// x86-64 with AVX-512 F, BW, VL and DQ besides AVX2, FMA and F16C
    /// (checked at run time): sixteen binary32 or thirty-two 16-bit lanes,
    /// embedded rounding, stages fused into the kernels.
    X86Avx512,
    /// x86-64 with AVX-512 FP16 besides [`Path::X86Avx512`]'s features:
    /// the same kernels, but binary16 add, sub, mul and fma are the CPU's
    /// own binary16 instructions (`vaddph`, `vsubph`, `vmulph`,
    /// `vfmadd213ph` with embedded rounding). Available only once those
    /// have given [`Path::X86Avx512`]'s bits on an edge set of operands on
    /// this CPU (checked once per process).
    X86Avx512Fp16,
}

/// True for a `PTXFP_FORCE_PORTABLE` value that asks for the portable path.
fn forces_portable(v: &std::ffi::OsStr) -> bool {
    let v = v.to_string_lossy().trim().to_ascii_lowercase();
    !matches!(v.as_str(), "" | "0" | "false" | "no" | "off")
}

impl core::fmt::Display for Path {
    /// The name `--path` takes: `portable`, `avx2`, `avx512`, `avx512-fp16`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Path::Portable => "portable",
            Path::X86Avx2 => "avx2",
            Path::X86Avx512 => "avx512",
            Path::X86Avx512Fp16 => "avx512-fp16",
        })
    }
}

impl Path {
    /// The fastest path this CPU supports, ignoring the environment.
    pub fn best_available() -> Path {
        static BEST: OnceLock<Path> = OnceLock::new();
        *BEST.get_or_init(|| {
            #[cfg(target_arch = "x86_64")]
            if x512h::fp16_available() {
                return Path::X86Avx512Fp16;
            } else if x512::available() {
                return Path::X86Avx512;
            } else if x86::available() {
                return Path::X86Avx2;
            }
            Path::Portable
        })
    }

    /// The path to use by default: [`Path::Portable`] if the environment
    /// variable `PTXFP_FORCE_PORTABLE` is set to anything but empty, `0`,
    /// `false`, `no` or `off` (`1`, `yes`, `true`...), else
    /// [`Path::best_available`]. Read once per process.
    pub fn detect() -> Path {
        static DETECTED: OnceLock<Path> = OnceLock::new();
        *DETECTED.get_or_init(|| {
            if std::env::var_os("PTXFP_FORCE_PORTABLE").is_some_and(|v| forces_portable(&v)) {
                Path::Portable
            } else {
                Path::best_available()
            }
        })
    }

    /// Every path this CPU can run, portable first (for tests and benches).
    pub fn all_available() -> Vec<Path> {
        [
            Path::Portable,
            Path::X86Avx2,
            Path::X86Avx512,
            Path::X86Avx512Fp16,
        ]
        .into_iter()
        .filter(|p| p.is_available())
        .collect()
    }

    /// Whether this CPU can run the path (each x86 path's features include
    /// the previous one's).
    pub fn is_available(self) -> bool {
        self as u8 <= Path::best_available() as u8
    }

    /// The checked path: `self` if available, otherwise portable.
    pub(crate) fn usable(self) -> Path {
        if self.is_available() {
            self
        } else {
            Path::Portable
        }
    }

    /// [`Path::usable`] for the kernels without FP16 arithmetic:
    /// [`Path::X86Avx512Fp16`] runs [`Path::X86Avx512`]'s.
    pub(crate) fn kernels(self) -> Path {
        match self.usable() {
            Path::X86Avx512Fp16 => Path::X86Avx512,
            p => p,
        }
    }
}

/// A 16-bit floating-point format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Half {
    /// IEEE 754 binary16 (PTX `.f16`).
    F16,
    /// bfloat16 (PTX `.bf16`).
    Bf16,
}

/// A two-operand operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `a + b`.
    Add,
    /// `a - b`.
    Sub,
    /// `a × b`.
    Mul,
}

/// `out[i] = f(a[i], b[i])`; the lengths must agree.
#[inline(always)]
fn map2<A: Copy, B: Copy, O>(a: &[A], b: &[B], out: &mut [O], f: impl Fn(A, B) -> O) {
    let n = out.len();
    assert!(a.len() == n && b.len() == n, "operand lengths differ");
    for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
        *o = f(x, y);
    }
}

/// `out[i] = f(a[i], b[i], c[i])`; the lengths must agree.
#[inline(always)]
fn map3<A: Copy, B: Copy, C: Copy, O>(
    a: &[A],
    b: &[B],
    c: &[C],
    out: &mut [O],
    f: impl Fn(A, B, C) -> O,
) {
    let n = out.len();
    assert!(
        a.len() == n && b.len() == n && c.len() == n,
        "operand lengths differ"
    );
    for (((o, &x), &y), &z) in out.iter_mut().zip(a).zip(b).zip(c) {
        *o = f(x, y, z);
    }
}

/// Runs `map2(a, b, out, f)` on `path`: the same closure, compiled for the
/// path's instruction set.
macro_rules! run2 {
    ($path:expr, $a:expr, $b:expr, $out:expr, $f:expr) => {
        match $path.kernels() {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `kernels` checked the CPU features.
            Path::X86Avx2 | Path::X86Avx512 => unsafe { x86::map2($a, $b, $out, $f) },
            _ => map2($a, $b, $out, $f),
        }
    };
}

/// As [`run2!`], three operands.
macro_rules! run3 {
    ($path:expr, $a:expr, $b:expr, $c:expr, $out:expr, $f:expr) => {
        match $path.kernels() {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `kernels` checked the CPU features.
            Path::X86Avx2 | Path::X86Avx512 => unsafe { x86::map3($a, $b, $c, $out, $f) },
            _ => map3($a, $b, $c, $out, $f),
        }
    };
}

/// `out[i] = a[i] op b[i]`, binary16 or bfloat16, rounded to nearest even.
///
/// Computed in binary32 and rounded once more to the half format. That is
/// one correct rounding: the exact sum, difference or product of two
/// p-bit numbers rounded to precision q then to p equals its rounding to p
/// when q ≥ 2p + 2 (Figueroa, "When is double rounding innocuous?",
/// SIGNUM Newsletter 30(3), 1995, for +, -, ×, ÷, √; binary32 q = 24 ≥ 24
/// for binary16 p = 11, and ≥ 18 for bfloat16 p = 8). Products are even
/// exact in binary32 (2 × 11 and 2 × 8 bits ≤ 24). Range: binary16 results
/// are far inside binary32's normal range. bfloat16 shares binary32's
/// exponent range: a bfloat16 sum below 2^-126 is a multiple of 2^-133 and
/// hence exact in binary32; a product below 2^-126 has at most 16
/// significant bits, so binary32 rounds it only if it is below 2^-134
/// (half of bfloat16's smallest subnormal), where both roundings give zero
/// (a first rounding up to exactly 2^-134 is a tie, to even: zero); a sum
/// at or above bfloat16's overflow threshold (a binary32 value) stays at or
/// above it after binary32 rounding, which is monotone.
///
/// # Panics
/// If the slices' lengths differ.
pub fn half_binop(path: Path, fmt: Half, op: BinOp, a: &[u16], b: &[u16], out: &mut [u16]) {
    use elem::{bf16_to_f32 as wb, f16_to_f32 as wh, f32_to_bf16 as nb, f32_to_f16 as nh};
    if path.usable() != Path::Portable {
        return half_staged(path, fmt, Some(op), &HalfStages::IEEE, a, b, None, out);
    }
    match (fmt, op) {
        (Half::F16, BinOp::Add) => run2!(path, a, b, out, |x, y| nh(wh(x) + wh(y))),
        (Half::F16, BinOp::Sub) => run2!(path, a, b, out, |x, y| nh(wh(x) - wh(y))),
        (Half::F16, BinOp::Mul) => run2!(path, a, b, out, |x, y| nh(wh(x) * wh(y))),
        (Half::Bf16, BinOp::Add) => run2!(path, a, b, out, |x, y| nb(wb(x) + wb(y))),
        (Half::Bf16, BinOp::Sub) => run2!(path, a, b, out, |x, y| nb(wb(x) - wb(y))),
        (Half::Bf16, BinOp::Mul) => run2!(path, a, b, out, |x, y| nb(wb(x) * wb(y))),
    }
}

/// `out[i] = a[i] × b[i] + c[i]`, binary16 or bfloat16, rounded once to
/// nearest even.
///
/// binary32 rounding to nearest is not enough (an fma computed in
/// binary32 then narrowed rounds twice and is wrong, docs/NVIDIA.md "Rounding").
/// Instead the exact value is rounded to odd at binary32 precision, and
/// that rounded to the half format to nearest even is the correctly
/// rounded result (Boldo and Melquiond, round to odd: 24 ≥ p + 2). The
/// rounding to odd: TwoSum of the exact product and `c` (binary16
/// products are exact in binary32; bfloat16 ones in binary64, or in
/// binary32 when in its range), and the odd step from the rounded sum and
/// its exact error; on AVX-512, `RZ` with its last bit set when
/// `RU ≠ RD`. Exact zero sums come out of the addition with IEEE's signs.
///
/// # Panics
/// If the slices' lengths differ.
pub fn half_fma(path: Path, fmt: Half, a: &[u16], b: &[u16], c: &[u16], out: &mut [u16]) {
    if path.usable() != Path::Portable {
        return half_staged(path, fmt, None, &HalfStages::IEEE, a, b, Some(c), out);
    }
    match fmt {
        Half::F16 => run3!(path, a, b, c, out, scalar::fma_f16_inline),
        Half::Bf16 => run3!(path, a, b, c, out, scalar::fma_bf16_inline),
    }
}

/// The binary32 result of the exact `p + c` (binary64 operands holding
/// exact products or widenings, so no overflow), rounded in direction `rm`:
/// round to odd at binary64 then to nearest (53 ≥ 24 + 2), or one directed
/// step from the nearest (see [`elem::sum_directed_f32`]).
#[inline(always)]
pub(crate) fn sum_to_f32<const R: elem::Rm>(p: f64, c: f64) -> u32 {
    if R == elem::RN {
        (elem::sum_odd(p, c) as f32).to_bits()
    } else {
        elem::sum_directed_f32::<R>(p, c)
    }
}

/// Instantiates a kernel body for each rounding direction.
macro_rules! by_mode {
    ($rm:expr, $r:ident => $body:expr) => {
        match $rm {
            Round::NearestEven => {
                const $r: elem::Rm = elem::RN;
                $body
            }
            Round::TowardZero => {
                const $r: elem::Rm = elem::RZ;
                $body
            }
            Round::TowardNegative => {
                const $r: elem::Rm = elem::RM;
                $body
            }
            Round::TowardPositive => {
                const $r: elem::Rm = elem::RP;
                $body
            }
        }
    };
}

/// `out[i] = a[i] × b[i] + c[i]` in binary32 (bits), rounded once in `rm`.
///
/// The product of two binary32 values is exact in binary64 (48 ≤ 53 bits,
/// exponents far inside binary64's range, so never subnormal there), and
/// the rounding of the exact sum is done with TwoSum (portable path: round
/// to odd at binary64 then to nearest for `.rn`, one directed step from
/// the nearest otherwise). On x86-64 the kernel is the native FMA
/// instruction, with embedded rounding (AVX-512) or the MXCSR rounding
/// control set inside one `asm!` loop (AVX2).
///
/// # Panics
/// If the slices' lengths differ.
pub fn fma_f32(path: Path, rm: Round, a: &[u32], b: &[u32], c: &[u32], out: &mut [u32]) {
    if path.usable() != Path::Portable {
        return fma_f32_staged(path, rm, &F32Stages::IEEE, a, b, c, out);
    }
    by_mode!(rm, R => run3!(path, a, b, c, out, |x: u32, y: u32, z: u32| {
        let p = f32::from_bits(x) as f64 * f32::from_bits(y) as f64;
        sum_to_f32::<R>(p, f32::from_bits(z) as f64)
    }))
}

/// [`fma_f32`] with the native FMA instruction under a temporarily set MXCSR
/// rounding mode (x86-64 with AVX2 + FMA); `None` where there is none.
/// Exposed for benchmarks and cross-checks.
///
/// # Panics
/// If the slices' lengths differ.
pub fn fma_f32_native(rm: Round, a: &[u32], b: &[u32], c: &[u32], out: &mut [u32]) -> Option<()> {
    #[cfg(target_arch = "x86_64")]
    if Path::X86Avx2.is_available() {
        let (a, b, c) = (bytemuck_f32(a), bytemuck_f32(b), bytemuck_f32(c));
        let o = bytemuck_f32_mut(out);
        // SAFETY: features checked above.
        unsafe { x86::fma_f32_mxcsr(a, b, c, o, rm) };
        return Some(());
    }
    let _ = (rm, a, b, c, out);
    None
}

/// `out[i] = a[i] × b[i] + c[i]` in binary64 (bits), rounded once in `rm`.
///
/// x86-64 path: the native FMA instruction, with the MXCSR rounding control
/// set for the directed modes (and restored). Portable path: `f64::mul_add`
/// (correctly rounded by Rust's contract) for `.rn`, the exact core for the
/// directed modes.
///
/// # Panics
/// If the slices' lengths differ.
pub fn fma_f64(path: Path, rm: Round, a: &[u64], b: &[u64], c: &[u64], out: &mut [u64]) {
    fma_f64_staged(path, rm, None, a, b, c, out)
}

/// [`fma_f64`] with NaN results replaced as `nans` says (`None`: left as
/// they are). AVX-512: the native instruction with embedded rounding and
/// the NaN selects fused into the pass; AVX2: the native instruction in an
/// `asm!` loop (MXCSR rounding) that flags the blocks holding a NaN, whose
/// NaNs are then replaced one by one.
///
/// # Panics
/// If the slices' lengths differ.
pub fn fma_f64_staged(
    path: Path,
    rm: Round,
    nans: Option<&F64Nans>,
    a: &[u64],
    b: &[u64],
    c: &[u64],
    out: &mut [u64],
) {
    match path.kernels() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `kernels` checked the CPU features.
        Path::X86Avx512 => x512::with_round!(rm, R => unsafe {
            x512::fma64::<R>(nans, a, b, c, out)
        }),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `usable` checked the CPU features.
        Path::X86Avx2 => unsafe { x256::fma64(nans, rm, a, b, c, out) },
        _ => {
            if rm == Round::NearestEven {
                map3(a, b, c, out, |x, y, z| {
                    f64::from_bits(x)
                        .mul_add(f64::from_bits(y), f64::from_bits(z))
                        .to_bits()
                })
            } else {
                map3(a, b, c, out, |x, y, z| {
                    ptxfp_float::fma::<ptxfp_float::F64>(x, y, z, rm).bits
                })
            }
            if let Some(f) = nans {
                f.fix(a, b, c, out);
            }
        }
    }
}

/// [`fma_f64`] with the native FMA instruction under a temporarily set
/// MXCSR rounding mode (x86-64 with AVX2 + FMA), the bare loop with no
/// stage; `None` where there is none. Exposed for benchmarks and
/// cross-checks.
///
/// # Panics
/// If the slices' lengths differ.
pub fn fma_f64_native(rm: Round, a: &[u64], b: &[u64], c: &[u64], out: &mut [u64]) -> Option<()> {
    #[cfg(target_arch = "x86_64")]
    if Path::X86Avx2.is_available() {
        let (a, b, c) = (bytemuck_f64(a), bytemuck_f64(b), bytemuck_f64(c));
        let o = bytemuck_f64_mut(out);
        // SAFETY: features checked above.
        unsafe { x86::fma_f64_mxcsr(a, b, c, o, rm) };
        return Some(());
    }
    let _ = (rm, a, b, c, out);
    None
}

/// The CPU's binary16 instruction over slices (`vaddph`, `vsubph`,
/// `vmulph`, `vfmadd213ph` for `op` `Some(Add)`, `Some(Sub)`, `Some(Mul)`,
/// `None`), rounded to nearest even: the bare loop, no stage, on x86-64
/// with AVX-512 FP16 ([`Path::X86Avx512Fp16`]); `None` where there is
/// none. Exposed for benchmarks and cross-checks.
///
/// # Panics
/// If the slices' lengths differ, or `op` is `None` and `c` is `None`.
pub fn half_f16_native(
    op: Option<BinOp>,
    a: &[u16],
    b: &[u16],
    c: Option<&[u16]>,
    out: &mut [u16],
) -> Option<()> {
    assert!(op.is_some() || c.is_some(), "fma needs c");
    #[cfg(target_arch = "x86_64")]
    if Path::X86Avx512Fp16.is_available() {
        let c = c.unwrap_or(&[]);
        // SAFETY: features checked above.
        unsafe { x512h::half_dyn(Half::F16, op, true, None, a, b, c, out) };
        return Some(());
    }
    let _ = (op, a, b, c, out);
    None
}

/// Widens a half value exactly to binary64.
#[inline(always)]
fn widen<const BF: bool>(h: u16) -> f64 {
    elem::half_to_f32(BF, h) as f64
}

/// Mixed precision `out[i] = a[i] + c[i]` (PTX `add.rnd.f32.{f16,bf16}`):
/// `a` widened exactly to binary32, then the binary32 addition rounded in
/// `rm` (computed as the fma `a × 1 + c`, see [`fma_f32`]).
///
/// # Panics
/// If the slices' lengths differ.
pub fn mixed_add(path: Path, fmt: Half, rm: Round, a: &[u16], c: &[u32], out: &mut [u32]) {
    mixed_staged(
        path,
        fmt,
        Some(BinOp::Add),
        rm,
        &F32Stages::IEEE,
        a,
        None,
        c,
        out,
    )
}

/// Mixed precision `out[i] = a[i] - c[i]` (PTX `sub.rnd.f32.{f16,bf16}`):
/// IEEE 754 §5.4.1, `a - c` is `a + (-c)`.
///
/// # Panics
/// If the slices' lengths differ.
pub fn mixed_sub(path: Path, fmt: Half, rm: Round, a: &[u16], c: &[u32], out: &mut [u32]) {
    mixed_staged(
        path,
        fmt,
        Some(BinOp::Sub),
        rm,
        &F32Stages::IEEE,
        a,
        None,
        c,
        out,
    )
}

fn mixed_addsub<const SUB: bool>(
    path: Path,
    fmt: Half,
    rm: Round,
    a: &[u16],
    c: &[u32],
    out: &mut [u32],
) {
    let flip = if SUB { 0x8000_0000 } else { 0 };
    match fmt {
        Half::F16 => by_mode!(rm, R => run2!(path, a, c, out, |x: u16, z: u32| {
            sum_to_f32::<R>(widen::<false>(x), f32::from_bits(z ^ flip) as f64)
        })),
        Half::Bf16 => by_mode!(rm, R => run2!(path, a, c, out, |x: u16, z: u32| {
            sum_to_f32::<R>(widen::<true>(x), f32::from_bits(z ^ flip) as f64)
        })),
    }
}

/// Mixed precision `out[i] = a[i] × b[i] + c[i]` (PTX
/// `fma.rnd.f32.{f16,bf16}`): `a` and `b` widened exactly, then the binary32
/// fma rounded once in `rm` (as [`fma_f32`]).
///
/// # Panics
/// If the slices' lengths differ.
pub fn mixed_fma(
    path: Path,
    fmt: Half,
    rm: Round,
    a: &[u16],
    b: &[u16],
    c: &[u32],
    out: &mut [u32],
) {
    mixed_staged(path, fmt, None, rm, &F32Stages::IEEE, a, Some(b), c, out)
}

/// [`mixed_fma`] on the paths without fused stages.
fn mixed_fma_ieee(
    path: Path,
    fmt: Half,
    rm: Round,
    a: &[u16],
    b: &[u16],
    c: &[u32],
    out: &mut [u32],
) {
    match fmt {
        Half::F16 => by_mode!(rm, R => run3!(path, a, b, c, out, |x: u16, y: u16, z: u32| {
            sum_to_f32::<R>(widen::<false>(x) * widen::<false>(y), f32::from_bits(z) as f64)
        })),
        Half::Bf16 => by_mode!(rm, R => run3!(path, a, b, c, out, |x: u16, y: u16, z: u32| {
            sum_to_f32::<R>(widen::<true>(x) * widen::<true>(y), f32::from_bits(z) as f64)
        })),
    }
}

/// Block length of the stage passes on the paths without fused stages.
const STAGE_BLOCK: usize = 1024;

/// `out[i] = f(out[i], i)` on `path` (the closure compiled for the path's
/// instruction set, as [`run2!`]).
#[inline(always)]
fn update<T: Copy>(path: Path, out: &mut [T], f: impl Fn(T, usize) -> T) {
    #[inline(always)]
    fn each<T: Copy>(out: &mut [T], f: impl Fn(T, usize) -> T) {
        for (i, d) in out.iter_mut().enumerate() {
            *d = f(*d, i);
        }
    }
    match path.kernels() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `kernels` checked the CPU features.
        Path::X86Avx2 | Path::X86Avx512 => unsafe { x86::with_avx2(|| each(out, f)) },
        _ => each(out, f),
    }
}

/// Calls the kernel `$m::half::<BF, OP>` with the const arguments of
/// `fmt` and `op` (`None`: fma), passing `$arg`s.
#[cfg(target_arch = "x86_64")]
macro_rules! half_kernel {
    ($m:ident, $fmt:expr, $op:expr, $($arg:expr),*) => {{
        use $m::{half as h, ADD, FMA, MUL, SUB};
        match ($fmt, $op) {
            (Half::F16, Some(BinOp::Add)) => h::<false, ADD>($($arg),*),
            (Half::F16, Some(BinOp::Sub)) => h::<false, SUB>($($arg),*),
            (Half::F16, Some(BinOp::Mul)) => h::<false, MUL>($($arg),*),
            (Half::F16, None) => h::<false, FMA>($($arg),*),
            (Half::Bf16, Some(BinOp::Add)) => h::<true, ADD>($($arg),*),
            (Half::Bf16, Some(BinOp::Sub)) => h::<true, SUB>($($arg),*),
            (Half::Bf16, Some(BinOp::Mul)) => h::<true, MUL>($($arg),*),
            (Half::Bf16, None) => h::<true, FMA>($($arg),*),
        }
    }};
}

/// A binary16 or bfloat16 operation (`op`; `None` is fma, which reads `c`)
/// rounded to nearest even, with the stages `st` (see [`HalfStages`]):
/// `out[i] = post(op(flush(a[i]), flush(b[i])[, flush(c[i])]))`.
///
/// The x86-64 paths fuse everything into one pass; the portable one runs
/// the kernels of [`half_binop`] / [`half_fma`] between a flush pass and a
/// result pass, over blocks.
///
/// # Panics
/// If the slices' lengths differ, or `op` is `None` and `c` is `None`.
#[allow(clippy::too_many_arguments)]
pub fn half_staged(
    path: Path,
    fmt: Half,
    op: Option<BinOp>,
    st: &HalfStages,
    a: &[u16],
    b: &[u16],
    c: Option<&[u16]>,
    out: &mut [u16],
) {
    // IEEE tininess after rounding: only products can round up to the
    // smallest normal (crate::tiny). The check follows the kernel block by
    // block, while the block is in the cache.
    if !(st.ftz && st.tiny_after_rounding && op != Some(BinOp::Add) && op != Some(BinOp::Sub)) {
        return half_staged_rounded(path, fmt, op, st, a, b, c, out);
    }
    let bf = fmt == Half::Bf16;
    let k = stages::HalfK::new(bf, st);
    for (j, o) in out.chunks_mut(tiny::BLOCK).enumerate() {
        let r = j * tiny::BLOCK..j * tiny::BLOCK + o.len();
        let (a, b, c) = (&a[r.clone()], &b[r.clone()], c.map(|c| &c[r]));
        half_staged_rounded(path, fmt, op, st, a, b, c, o);
        tiny::fix16(tiny::half_min(bf), o, |i| {
            let z = c.map_or(0, |c| k.flush(c[i]));
            tiny::half_tiny(bf, op, k.flush(a[i]), k.flush(b[i]), z)
        });
    }
}

/// [`half_staged`] with results flushed when subnormal after rounding into
/// the format.
#[allow(clippy::too_many_arguments)]
fn half_staged_rounded(
    path: Path,
    fmt: Half,
    op: Option<BinOp>,
    st: &HalfStages,
    a: &[u16],
    b: &[u16],
    c: Option<&[u16]>,
    out: &mut [u16],
) {
    let n = out.len();
    assert!(a.len() == n && b.len() == n, "operand lengths differ");
    assert!(
        op.is_some() || c.is_some_and(|c| c.len() == n),
        "fma needs c of the same length"
    );
    let k = stages::HalfK::new(fmt == Half::Bf16, st);
    #[cfg(target_arch = "x86_64")]
    if path.kernels() == Path::X86Avx512 {
        let c = c.unwrap_or(&[]);
        let fp16 = path.usable() == Path::X86Avx512Fp16;
        // SAFETY: `usable` checked the CPU features, FP16 included.
        unsafe { x512h::half_dyn(fmt, op, fp16, Some(&k), a, b, c, out) };
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if path.kernels() == Path::X86Avx2 {
        let c = c.unwrap_or(&[]);
        // SAFETY: `usable` checked the CPU features.
        unsafe { half_kernel!(x256, fmt, op, &k, a, b, c, out) };
        return;
    }
    let mut t = [[0u16; STAGE_BLOCK]; 3];
    for (j, o) in out.chunks_mut(STAGE_BLOCK).enumerate() {
        let r = j * STAGE_BLOCK..j * STAGE_BLOCK + o.len();
        let (a, b, c) = (&a[r.clone()], &b[r.clone()], c.map(|c| &c[r]));
        let m = o.len();
        let [ta, tb, tc] = &mut t;
        let (fa, fb, fc) = if st.ftz {
            run2!(path, a, b, &mut ta[..m], |x, _| k.flush(x));
            run2!(path, b, a, &mut tb[..m], |x, _| k.flush(x));
            if let Some(c) = c {
                run2!(path, c, a, &mut tc[..m], |x, _| k.flush(x));
            }
            (&ta[..m], &tb[..m], c.map(|_| &tc[..m]))
        } else {
            (a, b, c)
        };
        match (op, fc) {
            (Some(op), _) => half_binop(path, fmt, op, fa, fb, o),
            (None, Some(fc)) => half_fma(path, fmt, fa, fb, fc, o),
            (None, None) => unreachable!("checked above"),
        }
        update(path, o, |x, i| k.post(x, a[i], b[i]));
    }
}

/// Binary32 `a × b + c` rounded once in `rm`, with the stages `st` (see
/// [`F32Stages`]).
///
/// The x86-64 paths are the native instruction (embedded rounding on
/// AVX-512, MXCSR set inside one `asm!` loop on AVX2) with the stages
/// fused into the pass; the portable one runs [`fma_f32`] between a flush
/// pass and a result pass.
///
/// # Panics
/// If the slices' lengths differ.
pub fn fma_f32_staged(
    path: Path,
    rm: Round,
    st: &F32Stages,
    a: &[u32],
    b: &[u32],
    c: &[u32],
    out: &mut [u32],
) {
    if !(st.ftz && st.tiny_after_rounding) {
        return fma_f32_staged_rounded(path, rm, st, a, b, c, out);
    }
    // IEEE tininess after rounding (crate::tiny), block by block.
    let k = stages::F32K::new(st);
    for (j, o) in out.chunks_mut(tiny::BLOCK).enumerate() {
        let r = j * tiny::BLOCK..j * tiny::BLOCK + o.len();
        let (a, b, c) = (&a[r.clone()], &b[r.clone()], &c[r]);
        fma_f32_staged_rounded(path, rm, st, a, b, c, o);
        tiny::fix32(o, |i| {
            tiny::fma32_tiny(k.flush(a[i]), k.flush(b[i]), k.flush(c[i]), rm)
        });
    }
}

/// [`fma_f32_staged`] with results flushed when subnormal after rounding.
fn fma_f32_staged_rounded(
    path: Path,
    rm: Round,
    st: &F32Stages,
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
    let k = stages::F32K::new(st);
    #[cfg(target_arch = "x86_64")]
    if path.kernels() == Path::X86Avx512 {
        // SAFETY: `usable` checked the CPU features.
        x512::with_round!(rm, R => unsafe { x512::fma32::<R>(&k, a, b, c, out) });
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if path.kernels() == Path::X86Avx2 {
        // SAFETY: `usable` checked the CPU features.
        unsafe { x256::fma32(&k, true, rm, a, b, c, out) };
        return;
    }
    let mut t = [[0u32; STAGE_BLOCK]; 3];
    for (j, o) in out.chunks_mut(STAGE_BLOCK).enumerate() {
        let r = j * STAGE_BLOCK..j * STAGE_BLOCK + o.len();
        let (a, b, c) = (&a[r.clone()], &b[r.clone()], &c[r]);
        let m = o.len();
        let [ta, tb, tc] = &mut t;
        if st.ftz {
            run2!(path, a, b, &mut ta[..m], |x, _| k.flush(x));
            run2!(path, b, a, &mut tb[..m], |x, _| k.flush(x));
            run2!(path, c, a, &mut tc[..m], |x, _| k.flush(x));
            fma_f32(path, rm, &ta[..m], &tb[..m], &tc[..m], o);
        } else {
            fma_f32(path, rm, a, b, c, o);
        }
        update(path, o, |x, _| k.post(x));
    }
}

/// Mixed precision `a + c`, `a - c` (`op` `Some(Add)`, `Some(Sub)`) or
/// `a × b + c` (`None`, reads `b`) with binary16 / bfloat16 `a`, `b` and
/// binary32 `c` and result, rounded once in `rm`, with the stages `st`
/// (`ftz` flushes `c` and the result, never the half operands).
///
/// # Panics
/// If the slices' lengths differ, `op` is `Some(Mul)`, or `op` is `None`
/// and `b` is `None`.
#[allow(clippy::too_many_arguments)]
pub fn mixed_staged(
    path: Path,
    fmt: Half,
    op: Option<BinOp>,
    rm: Round,
    st: &F32Stages,
    a: &[u16],
    b: Option<&[u16]>,
    c: &[u32],
    out: &mut [u32],
) {
    mixed_staged_rounded(path, fmt, op, rm, st, a, b, c, out);
    if let (true, true, None, Some(b)) = (st.ftz, st.tiny_after_rounding, op, b) {
        let k = stages::F32K::new(st);
        let w = |h: u16| elem::half_to_f32(fmt == Half::Bf16, h).to_bits();
        tiny::fix32(out, |i| {
            tiny::fma32_tiny(w(a[i]), w(b[i]), k.flush(c[i]), rm)
        });
    }
}

/// [`mixed_staged`] with results flushed when subnormal after rounding.
#[allow(clippy::too_many_arguments)]
fn mixed_staged_rounded(
    path: Path,
    fmt: Half,
    op: Option<BinOp>,
    rm: Round,
    st: &F32Stages,
    a: &[u16],
    b: Option<&[u16]>,
    c: &[u32],
    out: &mut [u32],
) {
    let n = out.len();
    assert!(a.len() == n && c.len() == n, "operand lengths differ");
    assert!(op != Some(BinOp::Mul), "no mixed precision mul");
    assert!(
        op.is_some() || b.is_some_and(|b| b.len() == n),
        "fma needs b of the same length"
    );
    let k = stages::F32K::new(st);
    #[cfg(target_arch = "x86_64")]
    if path.kernels() == Path::X86Avx512 {
        use x512::{mixed as m, MIXED_ADD as ADD, MIXED_FMA as FMA, MIXED_SUB as SUB};
        let b = b.unwrap_or(&[]);
        // SAFETY: `usable` checked the CPU features.
        x512::with_round!(rm, R => unsafe {
            match (fmt, op) {
                (Half::F16, Some(BinOp::Sub)) => m::<false, SUB, R>(&k, a, b, c, out),
                (Half::F16, Some(_)) => m::<false, ADD, R>(&k, a, b, c, out),
                (Half::F16, None) => m::<false, FMA, R>(&k, a, b, c, out),
                (Half::Bf16, Some(BinOp::Sub)) => m::<true, SUB, R>(&k, a, b, c, out),
                (Half::Bf16, Some(_)) => m::<true, ADD, R>(&k, a, b, c, out),
                (Half::Bf16, None) => m::<true, FMA, R>(&k, a, b, c, out),
            }
        });
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if path.kernels() == Path::X86Avx2 {
        use x256::{mixed as m, ADD, FMA, SUB};
        let b = b.unwrap_or(&[]);
        // SAFETY: `usable` checked the CPU features.
        unsafe {
            match (fmt, op) {
                (Half::F16, Some(BinOp::Sub)) => m::<false, SUB>(&k, rm, a, b, c, out),
                (Half::F16, Some(_)) => m::<false, ADD>(&k, rm, a, b, c, out),
                (Half::F16, None) => m::<false, FMA>(&k, rm, a, b, c, out),
                (Half::Bf16, Some(BinOp::Sub)) => m::<true, SUB>(&k, rm, a, b, c, out),
                (Half::Bf16, Some(_)) => m::<true, ADD>(&k, rm, a, b, c, out),
                (Half::Bf16, None) => m::<true, FMA>(&k, rm, a, b, c, out),
            }
        }
        return;
    }
    let mut tc = [0u32; STAGE_BLOCK];
    for (j, o) in out.chunks_mut(STAGE_BLOCK).enumerate() {
        let r = j * STAGE_BLOCK..j * STAGE_BLOCK + o.len();
        let (a, b, c) = (&a[r.clone()], b.map(|b| &b[r.clone()]), &c[r]);
        let c = if st.ftz {
            run2!(path, c, c, &mut tc[..o.len()], |x, _| k.flush(x));
            &tc[..o.len()]
        } else {
            c
        };
        match (op, b) {
            (Some(BinOp::Sub), _) => mixed_addsub::<true>(path, fmt, rm, a, c, o),
            (Some(_), _) => mixed_addsub::<false>(path, fmt, rm, a, c, o),
            (None, Some(b)) => mixed_fma_ieee(path, fmt, rm, a, b, c, o),
            (None, None) => unreachable!("checked above"),
        }
        update(path, o, |x, _| k.post(x));
    }
}

#[cfg(target_arch = "x86_64")]
fn bytemuck_f32(s: &[u32]) -> &[f32] {
    // SAFETY: u32 and f32 have the same size, alignment and no invalid bit
    // patterns.
    unsafe { core::slice::from_raw_parts(s.as_ptr().cast(), s.len()) }
}
#[cfg(target_arch = "x86_64")]
fn bytemuck_f32_mut(s: &mut [u32]) -> &mut [f32] {
    // SAFETY: as above; the borrow is handed over.
    unsafe { core::slice::from_raw_parts_mut(s.as_mut_ptr().cast(), s.len()) }
}
#[cfg(target_arch = "x86_64")]
fn bytemuck_f64(s: &[u64]) -> &[f64] {
    // SAFETY: u64 and f64 have the same size, alignment and no invalid bit
    // patterns.
    unsafe { core::slice::from_raw_parts(s.as_ptr().cast(), s.len()) }
}
#[cfg(target_arch = "x86_64")]
fn bytemuck_f64_mut(s: &mut [u64]) -> &mut [f64] {
    // SAFETY: as above; the borrow is handed over.
    unsafe { core::slice::from_raw_parts_mut(s.as_mut_ptr().cast(), s.len()) }
}

/// One-element entry points (not inlined across crates unless asked): for
/// scalar simulators and for benchmarks of the per-call cost.
pub mod scalar {
    use crate::elem;

    /// binary16 fma rounded to nearest even, all in binary32: the product
    /// of two binary16 values is exact in binary32 (22 ≤ 24 bits; between
    /// 2^-48 and 2^32, inside binary32's normal range), and
    /// [`elem::sum_odd_in_f32`] rounds `p + c` to odd at binary32 precision
    /// exactly; then to nearest even in binary16 (Boldo and Melquiond:
    /// 24 ≥ 11 + 2; binary16's subnormals are binary32 normals).
    #[inline(always)]
    pub(crate) fn fma_f16_inline(a: u16, b: u16, c: u16) -> u16 {
        let p = elem::f16_to_f32(a) * elem::f16_to_f32(b);
        elem::f32_to_f16(elem::sum_odd_in_f32(p, elem::f16_to_f32(c)))
    }

    /// bfloat16 fma rounded to nearest even (see [`crate::half_fma`]).
    #[inline(always)]
    pub(crate) fn fma_bf16_inline(a: u16, b: u16, c: u16) -> u16 {
        let p = elem::bf16_to_f32(a) as f64 * elem::bf16_to_f32(b) as f64;
        elem::f32_to_bf16(elem::sum_odd_f32(p, elem::bf16_to_f32(c) as f64))
    }

    /// binary16 `a × b + c` rounded once to nearest even; NaN output as
    /// for the slice kernels.
    ///
    /// With F16C (checked once per process; off under
    /// `PTXFP_FORCE_PORTABLE=1`) the three widenings are one `vcvtph2ps`
    /// and the narrowing one `vcvtps2ph`; the arithmetic is the same.
    #[inline(never)]
    pub fn fma_f16(a: u16, b: u16, c: u16) -> u16 {
        #[cfg(target_arch = "x86_64")]
        if crate::Path::detect() != crate::Path::Portable {
            // SAFETY: the detected path has F16C.
            return unsafe { crate::x86::f16_one(None, a, b, c) };
        }
        fma_f16_inline(a, b, c)
    }

    /// [`fma_f16`] on the portable code only (for tests and benchmarks).
    #[inline(never)]
    pub fn fma_f16_portable(a: u16, b: u16, c: u16) -> u16 {
        fma_f16_inline(a, b, c)
    }

    /// bfloat16 `a × b + c` rounded once to nearest even.
    #[inline(never)]
    pub fn fma_bf16(a: u16, b: u16, c: u16) -> u16 {
        fma_bf16_inline(a, b, c)
    }

    /// binary16 `a + b` rounded to nearest even.
    #[inline]
    pub fn add_f16(a: u16, b: u16) -> u16 {
        elem::f32_to_f16(elem::f16_to_f32(a) + elem::f16_to_f32(b))
    }

    /// binary16 `a × b` rounded to nearest even.
    #[inline]
    pub fn mul_f16(a: u16, b: u16) -> u16 {
        elem::f32_to_f16(elem::f16_to_f32(a) * elem::f16_to_f32(b))
    }

    /// bfloat16 `a + b` rounded to nearest even.
    #[inline]
    pub fn add_bf16(a: u16, b: u16) -> u16 {
        elem::f32_to_bf16(elem::bf16_to_f32(a) + elem::bf16_to_f32(b))
    }

    /// bfloat16 `a × b` rounded to nearest even.
    #[inline]
    pub fn mul_bf16(a: u16, b: u16) -> u16 {
        elem::f32_to_bf16(elem::bf16_to_f32(a) * elem::bf16_to_f32(b))
    }
}

#[cfg(test)]
mod env_tests {
    /// `PTXFP_FORCE_PORTABLE=yes` forces the portable path as `=1` does;
    /// only an empty, 0, false, no or off value leaves the choice to the CPU.
    #[test]
    fn force_portable_values() {
        for v in ["1", "yes", "TRUE", "on", " 1 ", "portable"] {
            assert!(super::forces_portable(v.as_ref()), "{v}");
        }
        for v in ["", "0", "false", "No", "OFF"] {
            assert!(!super::forces_portable(v.as_ref()), "{v}");
        }
    }
}
