//! Bit-accurate models of NVIDIA tensor-core inner products (`mma`).
//!
//! A tensor core does not compute `d = a·b + c` as a chain of IEEE fused
//! multiply-adds. Khattak & Mikaitis ("Accurate Models of NVIDIA Tensor
//! Cores", arXiv 2512.07004, 2025) describe every generation from V100 to
//! B200 with one parameterised *block FMA* (BFMA):
//!
//! 1. the products of one block of `block` element pairs are formed exactly;
//! 2. the products and `c` are aligned to the largest exponent among them
//!    (never below a floor, `min_exp`), keeping `23 + extra_bits` bits below
//!    the leading bit position of that exponent; bits shifted out further are
//!    dropped (truncation, toward zero in magnitude), optionally remembered in
//!    one sticky bit;
//! 3. the aligned significands are added in a wide enough integer (no carry
//!    is ever lost);
//! 4. the sum is normalised once and rounded once to the accumulator
//!    format, toward zero on most parts, to nearest-even for fp16 results.
//!
//! An inner product longer than one block chains blocks: the result of one
//! block is the `c` of the next (recursive summation), as the instruction
//! does when K is a multiple of the block. [`Model::dot`] is that chain;
//! [`Model::gemm`] applies it to every element of `D = A·B + C`.
//!
//! Each GPU is one row of [`GPUS`], with the source of each value in the
//! MATLAB models published by the authors
//! (github.com/north-numerical-computing/MATLAB-tensor-core, BSD-2, commit
//! b12b5a700957655375a1b0c1d0c26e76065da015). The arithmetic here is our own
//! integer formulation of the model; it uses no host floating point.
//!
//! Values cross the API as bit patterns: inputs as the `f32` encoding of a
//! value exact in the input format (as the published measurements store
//! them, and as the Python front end will take them), `c` and `d` in the
//! accumulator format (`f32` bits, or `f16` bits in the low half of a `u32`).

// The only unsafe code: calling the kernel compiled for AVX2/AVX-512 after
// run-time detection (batch.rs, `dispatch`) and the unaligned vector loads
// and stores of the register transpositions (`transpose_avx2`,
// `transpose_avx512`).
#![deny(unsafe_code)]

mod batch;
mod table;

pub use batch::Kernel;
#[doc(hidden)]
pub use batch::Paths;
pub use table::{Gpu, GpuRow, SyncFp8Row, GPUS};

/// Input (multiplicand) formats of the tensor cores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InFormat {
    /// IEEE binary16.
    F16,
    /// bfloat16 (8 exponent bits, 7 fraction bits).
    Bf16,
    /// TensorFloat-32 (8 exponent bits, 10 fraction bits).
    Tf32,
    /// OCP FP8 E4M3 (no infinities).
    E4m3,
    /// OCP FP8 E5M2.
    E5m2,
}

impl InFormat {
    /// All input formats.
    pub const ALL: [InFormat; 5] = [
        InFormat::F16,
        InFormat::Bf16,
        InFormat::Tf32,
        InFormat::E4m3,
        InFormat::E5m2,
    ];

    /// Trailing significand (fraction) bits.
    pub const fn frac_bits(self) -> u32 {
        match self {
            InFormat::F16 | InFormat::Tf32 => 10,
            InFormat::Bf16 => 7,
            InFormat::E4m3 => 3,
            InFormat::E5m2 => 2,
        }
    }

    /// Exponent field width.
    pub const fn exp_bits(self) -> u32 {
        match self {
            InFormat::F16 | InFormat::E5m2 => 5,
            InFormat::Bf16 | InFormat::Tf32 => 8,
            InFormat::E4m3 => 4,
        }
    }

    /// Smallest normal exponent, `1 - bias`.
    pub const fn emin(self) -> i32 {
        2 - (1 << (self.exp_bits() - 1))
    }

    /// Largest finite magnitude's exponent (E4M3 has no infinities and uses
    /// the top binade for finite values, 448 = 1.75 * 2^8).
    pub const fn emax(self) -> i32 {
        match self {
            InFormat::E4m3 => 8,
            _ => (1 << (self.exp_bits() - 1)) - 1,
        }
    }

    /// The short name used in file names and messages (`"fp16"`, `"bf16"`,
    /// `"tf32"`, `"e4m3"`, `"e5m2"`).
    pub const fn name(self) -> &'static str {
        match self {
            InFormat::F16 => "fp16",
            InFormat::Bf16 => "bf16",
            InFormat::Tf32 => "tf32",
            InFormat::E4m3 => "e4m3",
            InFormat::E5m2 => "e5m2",
        }
    }

    /// Width of the format's own encoding in bits (tf32: 19, stored in
    /// the top 19 bits of an f32 by the hardware).
    pub const fn width(self) -> u32 {
        1 + self.exp_bits() + self.frac_bits()
    }

    /// The f32 bits of the value of a native encoding (`bits` in the low
    /// `width()` bits). NaNs become the f32 quiet NaN `0x7fc00000` with
    /// the sign; E4M3 has no infinities (`S.1111.111` is its NaN).
    pub fn to_f32_bits(self, bits: u32) -> u32 {
        let w = self.width();
        let fb = self.frac_bits();
        let eb = self.exp_bits();
        let bits = bits & ((1u32 << w) - 1);
        let sign = (bits >> (w - 1)) << 31;
        let e = (bits >> fb) & ((1 << eb) - 1);
        let m = bits & ((1 << fb) - 1);
        let all_ones = (1u32 << eb) - 1;
        if self == InFormat::E4m3 {
            if e == all_ones && m == (1 << fb) - 1 {
                return sign | 0x7fc0_0000;
            }
        } else if e == all_ones {
            return sign | if m == 0 { 0x7f80_0000 } else { 0x7fc0_0000 };
        }
        if e == 0 {
            if m == 0 {
                return sign;
            }
            // m * 2^(emin - fb): normal in f32 unless bf16/tf32.
            let pos = 31 - m.leading_zeros() as i32;
            let lead = pos + self.emin() - fb as i32;
            if lead >= -126 {
                let frac = (m << (23 - pos)) & 0x7f_ffff;
                return sign | (((lead + 127) as u32) << 23) | frac;
            }
            return sign | (m << (23 - fb - (-126 - self.emin()) as u32));
        }
        let lead = e as i32 - (1 << (eb - 1)) + 1;
        sign | (((lead + 127) as u32) << 23) | (m << (23 - fb))
    }

    /// The native encoding of a value given as f32 bits, or `None` if the
    /// value is not exactly representable (NaN maps to the format's NaN,
    /// infinities to its infinities, which E4M3 lacks).
    pub fn from_f32_bits(self, f: u32) -> Option<u32> {
        let w = self.width();
        let fb = self.frac_bits();
        let sign = (f >> 31) << (w - 1);
        let exp_mask = ((1u32 << self.exp_bits()) - 1) << fb;
        if is_special_f32(f) {
            let nan = f & 0x7f_ffff != 0;
            return match (self, nan) {
                (InFormat::E4m3, _) => nan.then_some(sign | 0x7f),
                (_, true) => Some(sign | exp_mask | (1 << (fb - 1))),
                (_, false) => Some(sign | exp_mask),
            };
        }
        let d = decode(self, f)?;
        if d.sig == 0 {
            return Some(sign);
        }
        if d.sig >> fb == 0 {
            return Some(sign | d.sig); // subnormal
        }
        let biased = (d.exp + (1 << (self.exp_bits() - 1)) - 1) as u32;
        Some(sign | (biased << fb) | (d.sig & ((1 << fb) - 1)))
    }

    /// Parses a name (`f16`/`fp16`/`half`, `bf16`, `tf32`, `e4m3`, `e5m2`,
    /// case-insensitive).
    pub fn parse(s: &str) -> Option<InFormat> {
        match s.to_ascii_lowercase().as_str() {
            "f16" | "fp16" | "half" | "binary16" => Some(InFormat::F16),
            "bf16" | "bfloat16" => Some(InFormat::Bf16),
            "tf32" | "tensorfloat32" => Some(InFormat::Tf32),
            "e4m3" | "fp8-e4m3" | "f8e4m3" => Some(InFormat::E4m3),
            "e5m2" | "fp8-e5m2" | "f8e5m2" => Some(InFormat::E5m2),
            _ => None,
        }
    }
}

/// Accumulator formats (the type of `c` and `d`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutFormat {
    /// IEEE binary32.
    F32,
    /// IEEE binary16.
    F16,
}

impl OutFormat {
    /// Trailing significand bits.
    pub const fn frac_bits(self) -> u32 {
        match self {
            OutFormat::F32 => 23,
            OutFormat::F16 => 10,
        }
    }
    /// Smallest normal exponent.
    pub const fn emin(self) -> i32 {
        match self {
            OutFormat::F32 => -126,
            OutFormat::F16 => -14,
        }
    }
    /// Largest finite exponent.
    pub const fn emax(self) -> i32 {
        match self {
            OutFormat::F32 => 127,
            OutFormat::F16 => 15,
        }
    }
    /// `"fp32"` or `"fp16"`.
    pub const fn name(self) -> &'static str {
        match self {
            OutFormat::F32 => "fp32",
            OutFormat::F16 => "fp16",
        }
    }
    /// Parses `f32`/`fp32`/`single` or `f16`/`fp16`/`half`.
    pub fn parse(s: &str) -> Option<OutFormat> {
        match s.to_ascii_lowercase().as_str() {
            "f32" | "fp32" | "single" | "binary32" => Some(OutFormat::F32),
            "f16" | "fp16" | "half" | "binary16" => Some(OutFormat::F16),
            _ => None,
        }
    }
}

/// Rounding of the normalised block sum to the accumulator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// Toward zero (truncation).
    Rz,
    /// To nearest, ties to even.
    Rne,
}

/// The parameters of one block FMA, in the paper's terms. [`Model::new`]
/// derives them from a GPU's row of [`GPUS`] and the formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// Input format of `a`.
    pub input: InFormat,
    /// Input format of `b`: `input`, except for mixed FP8 (E4M3 × E5M2
    /// or E5M2 × E4M3, which PTX `mma` allows: "the .atype and .btype
    /// ... .e4m3 or .e5m2"). The products are exact either way; the
    /// block FMA is the GPU's FP8 one.
    pub b_input: InFormat,
    /// Accumulator format of `c` and `d`.
    pub output: OutFormat,
    /// FMA group (block) size: products summed by one alignment.
    pub block: usize,
    /// Extra alignment bits: bits kept below the 23 fraction bits of a
    /// significand at the largest exponent. Negative (FP8 on Ada and
    /// Hopper) means fewer: significands are truncated to `23 + extra_bits`
    /// fraction bits before alignment, and the block result too.
    pub extra_bits: i32,
    /// Whether one sticky bit records the bits lost in alignment.
    pub sticky: bool,
    /// Rounding of the normalised sum to the accumulator.
    pub rounding: Rounding,
    /// Floor of the alignment exponent: the common exponent the block
    /// aligns to is never below this. `None`: no floor.
    pub min_exp: Option<i32>,
    /// Fraction bits of the block result (`output.frac_bits()` plus a
    /// negative `extra_bits`).
    pub result_frac_bits: u32,
    /// Subnormal inputs and results are kept (true on every NVIDIA part);
    /// false flushes them to zero.
    pub subnormals: bool,
    /// `None`: `c` is aligned with the products (every model of the
    /// paper). `Some(r)`: `c` stays out of the alignment; the products'
    /// sum is rounded to the accumulator with `rounding` first and `c`
    /// is then added by one IEEE addition rounded with `r`. The B200's FP8
    /// path does this (found on its measurements, see the table).
    pub late_c: Option<Rounding>,
}

/// Why a model or an inner product was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TcError {
    /// The GPU has no tensor-core path for this format pair (or the
    /// published model does not describe it).
    Unsupported {
        gpu: &'static str,
        input: InFormat,
        /// The format of `b` (`input` unless mixed).
        b_input: InFormat,
        output: OutFormat,
    },
    /// `a` and `b` differ in length.
    Length { a: usize, b: usize },
    /// An input is not exactly representable in the input format.
    Inexact { index: usize, bits: u32 },
    /// [`Model::block_f32`] was given more than `MAX_BLOCK` pairs.
    BlockTooLong { len: usize },
    /// A GEMM's matrix ([`Gemm::new`]) has not `rows × cols` elements:
    /// `matrix` is `"A"`, `"B"` or `"C"`; or one of [`Model::dot_rows`]'s
    /// `"a"`, `"b"` (S×K) or `"d"` (S×1, S the length of `c`).
    Shape {
        matrix: &'static str,
        rows: usize,
        cols: usize,
        len: usize,
    },
}

impl core::fmt::Display for TcError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            TcError::Unsupported {
                gpu,
                input,
                b_input,
                output,
            } if input == b_input => write!(
                f,
                "{gpu}: no tensor-core model for {} inputs with {} accumulation",
                input.name(),
                output.name()
            ),
            TcError::Unsupported {
                gpu,
                input,
                b_input,
                output,
            } => write!(
                f,
                "{gpu}: no tensor-core model for {} x {} inputs with {} accumulation (only e4m3 and e5m2 mix)",
                input.name(),
                b_input.name(),
                output.name()
            ),
            TcError::Length { a, b } => write!(f, "a has {a} elements, b has {b}"),
            TcError::Shape {
                matrix,
                rows,
                cols,
                len,
            } => match rows.checked_mul(*cols) {
                Some(n) => write!(
                    f,
                    "{matrix} is {rows}×{cols} ({n} elements, row-major) but has {len}"
                ),
                None => write!(
                    f,
                    "{matrix} is {rows}×{cols}, more elements than memory holds, but has {len}"
                ),
            },
            TcError::BlockTooLong { len } => {
                write!(f, "a block of {len} pairs (at most {MAX_BLOCK})")
            }
            TcError::Inexact { index, bits } => write!(
                f,
                "input {index} (f32 bits {bits:#010x}) is not exact in the input format"
            ),
        }
    }
}

impl std::error::Error for TcError {}

/// The largest block a model may have.
pub const MAX_BLOCK: usize = 64;

/// That `x` is the `matrix` of `rows × cols` elements, else
/// [`TcError::Shape`] (a product past usize matches no length).
fn shaped(matrix: &'static str, rows: usize, cols: usize, x: &[u32]) -> Result<(), TcError> {
    if rows.checked_mul(cols) == Some(x.len()) {
        return Ok(());
    }
    Err(TcError::Shape {
        matrix,
        rows,
        cols,
        len: x.len(),
    })
}

/// The operands of `D = A·B + C`: row-major `A` (m×k), `B` (k×n) and `C`
/// (m×n) as the bits of their elements, their sizes checked once by
/// [`Gemm::new`]. Every GEMM of this crate ([`Model::gemm`],
/// [`SyncFp8::gemm`], [`Arith::gemm_threads`], ...) takes one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gemm<'a> {
    m: usize,
    n: usize,
    k: usize,
    a: &'a [u32],
    b: &'a [u32],
    c: &'a [u32],
}

impl<'a> Gemm<'a> {
    /// `A` (m×k), `B` (k×n) and `C` (m×n), row-major; [`TcError::Shape`]
    /// names the first whose length is not its rows times its columns.
    pub fn new(
        (m, n, k): (usize, usize, usize),
        a: &'a [u32],
        b: &'a [u32],
        c: &'a [u32],
    ) -> Result<Self, TcError> {
        shaped("A", m, k, a)?;
        shaped("B", k, n, b)?;
        shaped("C", m, n, c)?;
        Ok(Gemm { m, n, k, a, b, c })
    }

    /// `S = c.len()` rows of `a` and `b` (each S×K, row-major) and `d` of S
    /// elements, as [`Model::dot_rows`] takes them; [`TcError::Shape`]
    /// names the first that is not.
    pub(crate) fn rows_shape(
        kdim: usize,
        a: &[u32],
        b: &[u32],
        c: &[u32],
        d: &[u32],
    ) -> Result<(), TcError> {
        let s = c.len();
        shaped("a", s, kdim, a)?;
        shaped("b", s, kdim, b)?;
        shaped("d", s, 1, d)
    }

    /// `(m, n, k)`: `D` is m×n, the inner products k long.
    pub fn dims(&self) -> (usize, usize, usize) {
        (self.m, self.n, self.k)
    }

    /// `A`, `B` and `C` as given.
    pub fn operands(&self) -> (&'a [u32], &'a [u32], &'a [u32]) {
        (self.a, self.b, self.c)
    }
}

/// f32 canonical NaN as NVIDIA produces it.
pub const F32_NAN: u32 = 0x7fff_ffff;
/// f16 canonical NaN as NVIDIA produces it.
pub const F16_NAN: u16 = 0x7fff;

/// A decoded finite input: `|x| = sig * 2^(exp - frac_bits)`, with
/// `exp = max(floor(log2 |x|), emin)` and `sig < 2^(frac_bits + 1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Decoded {
    neg: bool,
    sig: u32,
    exp: i32,
}

/// Splits f32 bits into `(neg, m, x)` with `|v| = m * 2^x`, `m < 2^24`.
/// Only for finite values.
#[inline]
fn f32_parts(bits: u32) -> (bool, u32, i32) {
    let neg = bits >> 31 != 0;
    let raw = ((bits >> 23) & 0xff) as i32;
    let frac = bits & 0x7f_ffff;
    if raw == 0 {
        (neg, frac, -149)
    } else {
        (neg, frac | 0x80_0000, raw - 150)
    }
}

/// Decodes f32 bits holding a finite value of `fmt`. `None` if inexact or
/// out of range. Zero decodes to `sig == 0`.
#[inline]
fn decode(fmt: InFormat, bits: u32) -> Option<Decoded> {
    let (neg, m, x) = f32_parts(bits);
    if m == 0 {
        return Some(Decoded {
            neg,
            sig: 0,
            exp: fmt.emin(),
        });
    }
    let p = fmt.frac_bits() as i32;
    // floor(log2 |v|) = x + bitlen(m) - 1.
    let lead = x + 31 - m.leading_zeros() as i32;
    if lead > fmt.emax() {
        return None;
    }
    let exp = lead.max(fmt.emin());
    // sig = m * 2^(x - exp + p), which must be an integer.
    let shift = x - exp + p;
    let sig = if shift >= 0 {
        m << shift
    } else {
        let s = (-shift) as u32;
        if s >= 32 || m & ((1u32 << s) - 1) != 0 {
            return None;
        }
        m >> s
    };
    if fmt == InFormat::E4m3 && lead == 8 && sig > 0b1110 {
        // 0x7f/0xff are E4M3's NaNs: 1.875 * 2^8 is not a finite value.
        return None;
    }
    Some(Decoded { neg, sig, exp })
}

/// The f32 bits of the smallest and the largest normal magnitude of `fmt`.
fn normal_range_bits(fmt: InFormat) -> (u32, u32) {
    let min_bits = ((fmt.emin() + 127) as u32) << 23;
    let max_bits = match fmt {
        InFormat::F16 => 0x477f_e000,  // 65504
        InFormat::Bf16 => 0x7f7f_0000, // (2 - 2^-7) * 2^127
        InFormat::Tf32 => 0x7f7f_e000, // (2 - 2^-10) * 2^127
        InFormat::E4m3 => 0x43e0_0000, // 448
        InFormat::E5m2 => 0x4760_0000, // 57344
    };
    (min_bits, max_bits)
}

/// `Err(Inexact)` at the first element of `a` (in `fa`) or `b` (in `fb`)
/// that its format cannot hold: a value not exact in it, or an infinity
/// or NaN it does not have ([`InFormat::from_f32_bits`]).
fn all_exact(fa: InFormat, fb: InFormat, a: &[u32], b: &[u32]) -> Result<(), TcError> {
    for (index, (&x, &y)) in a.iter().zip(b).enumerate() {
        for (fmt, bits) in [(fa, x), (fb, y)] {
            if fmt.from_f32_bits(bits).is_none() {
                return Err(TcError::Inexact { index, bits });
            }
        }
    }
    Ok(())
}

#[inline]
fn is_special_f32(bits: u32) -> bool {
    bits & 0x7f80_0000 == 0x7f80_0000
}

/// f16 bits to the f32 bits of the same value (exact).
pub fn f16_to_f32_bits(h: u16) -> u32 {
    let sign = ((h as u32) & 0x8000) << 16;
    let raw = ((h >> 10) & 0x1f) as u32;
    let frac = (h & 0x3ff) as u32;
    if raw == 0x1f {
        return sign | 0x7f80_0000 | (frac << 13) | if frac != 0 { 0x40_0000 } else { 0 };
    }
    if raw == 0 {
        if frac == 0 {
            return sign;
        }
        // frac * 2^-24, normal in f32.
        let pos = 31 - frac.leading_zeros() as i32; // leading one
        let exp = pos - 24;
        return sign | (((exp + 127) as u32) << 23) | ((frac << (23 - pos)) & 0x7f_ffff);
    }
    sign | ((raw + 112) << 23) | (frac << 13)
}

/// f32 bits to f16 bits, round to nearest even (as CUDA's `__float2half_rn`).
pub fn f32_to_f16_bits_rne(f: u32) -> u16 {
    let sign = ((f >> 16) & 0x8000) as u16;
    if is_special_f32(f) {
        return if f & 0x7f_ffff != 0 {
            0x7fff
        } else {
            sign | 0x7c00
        };
    }
    let (_, m, x) = f32_parts(f);
    if m == 0 {
        return sign;
    }
    sign | round_to_bits(m as u64, x, 10, -14, 15, Rounding::Rne, Target::F16) as u16
}

/// f16 result bits from the f32 bits of a value exact in f16.
fn f32_to_f16_exact(f: u32) -> u16 {
    f32_to_f16_bits_rne(f)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    F32,
    F16,
}

/// Rounds `mag * 2^k` (mag > 0) to `frac` fraction bits with exponent range
/// `[emin, emax]` (gradual underflow), returning the magnitude's bits in
/// `target` encoding. Overflow gives infinity.
#[inline]
fn round_to_bits(
    mag: u64,
    k: i32,
    frac: u32,
    emin: i32,
    emax: i32,
    mode: Rounding,
    target: Target,
) -> u32 {
    debug_assert!(mag != 0);
    let n = 64 - mag.leading_zeros() as i32;
    let lead = k + n - 1;
    // Exponent of the last kept bit.
    let quantum = (lead - frac as i32).max(emin - frac as i32);
    let shift = quantum - k;
    let mut q = if shift <= 0 {
        mag << (-shift) as u32
    } else if shift >= 64 {
        0
    } else {
        mag >> shift
    };
    if shift > 0 && mode == Rounding::Rne {
        let (rem, half) = if shift >= 65 {
            (mag, u64::MAX) // less than half an ulp
        } else if shift == 64 {
            (mag, 1u64 << 63)
        } else {
            (mag & ((1u64 << shift) - 1), 1u64 << (shift - 1))
        };
        if rem > half || (rem == half && q & 1 == 1) {
            q += 1;
        }
    }
    encode(q, quantum, emax, target)
}

/// One IEEE addition `x + y` of finite f32-encoded values, rounded with
/// `mode` to `out`.
fn add_rounded(x: u32, y: u32, out: OutFormat, mode: Rounding) -> u32 {
    let (xn, xm, xe) = f32_parts(x);
    let (yn, ym, ye) = f32_parts(y);
    if xm == 0 && ym == 0 {
        // (-0) + (-0) = -0, any other sum of zeros +0.
        return if xn && yn { 0x8000_0000 } else { 0 };
    }
    if xm == 0 {
        return y;
    }
    if ym == 0 {
        return x;
    }
    // Order by the exponent of the last bit: (big, small).
    let ((bn, bm, be), (sn, sm, se)) = if xe >= ye || ym == 0 {
        ((xn, xm as i128, xe), (yn, ym as i128, ye))
    } else {
        ((yn, ym as i128, ye), (xn, xm as i128, xe))
    };
    // More than 38 bits below, the small term only matters as a sticky
    // bit (it is below half an ulp of any nonzero big term): keep it as
    // one unit 39 bits below.
    let (sm, diff) = if sm != 0 && be - se > 38 {
        (1, 39)
    } else {
        (sm, be - se)
    };
    let bv = if bn { -bm } else { bm } << diff;
    let sv = if sn { -sm } else { sm };
    let sum = bv + sv;
    if sum == 0 {
        return 0;
    }
    let neg = sum < 0;
    let mag = sum.unsigned_abs() as u64;
    let bits = round_to_bits(
        mag,
        be - diff,
        out.frac_bits(),
        out.emin(),
        out.emax(),
        mode,
        Target::F32,
    );
    if neg {
        bits | 0x8000_0000
    } else {
        bits
    }
}

/// Bits of `q * 2^e` (exact in the target, `q < 2^25`), infinity above
/// `emax`.
#[inline]
fn encode(q: u64, e: i32, emax: i32, target: Target) -> u32 {
    if q == 0 {
        return 0;
    }
    let n = 64 - q.leading_zeros() as i32;
    let lead = e + n - 1;
    let (inf, fbits, bias, emin) = match target {
        Target::F32 => (0x7f80_0000u32, 23, 127, -126),
        Target::F16 => (0x7c00u32, 10, 15, -14),
    };
    if lead > emax {
        return inf;
    }
    if lead >= emin {
        // Normal: place the leading one at bit `fbits`.
        let sig = if n - 1 > fbits {
            q >> (n - 1 - fbits)
        } else {
            q << (fbits - (n - 1))
        };
        (((lead + bias) as u32) << fbits) | (sig as u32 & ((1u32 << fbits) - 1))
    } else {
        // Subnormal: the value is a multiple of 2^(emin - fbits).
        let s = e - (emin - fbits);
        debug_assert!(s >= 0);
        (q << s) as u32
    }
}

/// A tensor-core model: one GPU's parameters for one format pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Model {
    /// The block-FMA parameters.
    pub params: Params,
    /// The GPU's row.
    pub gpu: Gpu,
}

impl Model {
    /// The model of `gpu` for `input` multiplicands and `output`
    /// accumulation, or `Unsupported`.
    pub fn new(gpu: Gpu, input: InFormat, output: OutFormat) -> Result<Model, TcError> {
        Model::mixed(gpu, input, input, output)
    }

    /// The model of `gpu` for `a` multiplicands in `a_input` and `b`
    /// multiplicands in `b_input`: [`Model::new`] when they are equal;
    /// E4M3 × E5M2 and E5M2 × E4M3 take the GPU's FP8 block FMA (the
    /// products are exact, so only the decoding of each side differs);
    /// any other pair is `Unsupported`.
    pub fn mixed(
        gpu: Gpu,
        a_input: InFormat,
        b_input: InFormat,
        output: OutFormat,
    ) -> Result<Model, TcError> {
        let params =
            gpu.row()
                .params_mixed(a_input, b_input, output)
                .ok_or(TcError::Unsupported {
                    gpu: gpu.name(),
                    input: a_input,
                    b_input,
                    output,
                })?;
        Ok(Model { params, gpu })
    }

    /// The model from explicit parameters (for experiments beside the
    /// GPU table). Panics unless `1 <= block <= 64` and
    /// `-23 <= extra_bits <= 30` (the sum stays in 64 bits).
    pub fn custom(params: Params) -> Model {
        assert!((1..=MAX_BLOCK).contains(&params.block), "block size 1..=64");
        assert!(
            (-23..=30).contains(&params.extra_bits),
            "extra_bits -23..=30"
        );
        Model {
            params,
            gpu: Gpu::Custom,
        }
    }

    /// One inner product `d = sum(a[i] * b[i]) + c` as the tensor core
    /// computes it: blocks of `params.block` products (the last one padded
    /// with zeros), chained through the accumulator. `a` and `b` hold f32
    /// bits of values exact in the input format; `c` and the result are in
    /// the accumulator format (f16 bits in the low half for `F16`).
    pub fn dot(&self, a: &[u32], b: &[u32], c: u32) -> Result<u32, TcError> {
        if a.len() != b.len() {
            return Err(TcError::Length {
                a: a.len(),
                b: b.len(),
            });
        }
        let p = &self.params;
        let c32 = match p.output {
            OutFormat::F32 => c,
            OutFormat::F16 => f16_to_f32_bits(c as u16),
        };
        let r = self.dot_f32(a, b, c32)?;
        Ok(match p.output {
            OutFormat::F32 => r,
            OutFormat::F16 => {
                if r == F32_NAN {
                    F16_NAN as u32
                } else {
                    f32_to_f16_exact(r) as u32
                }
            }
        })
    }

    /// [`Model::dot`] with `c` and the result as f32 bits whatever the
    /// accumulator (an f16 accumulator's values are exact in f32).
    pub fn dot_f32(&self, a: &[u32], b: &[u32], c: u32) -> Result<u32, TcError> {
        if a.len() == b.len() {
            if let Some(r) = self.dot_fast(a, b, c) {
                return Ok(r);
            }
        }
        self.dot_reference(a, b, c)
    }

    /// The chain of [`Model::block_fast`], or `None` where any block needs
    /// the general path (which then redoes the whole row: infinities and
    /// NaNs are decided over the row before any block).
    #[inline]
    fn dot_fast(&self, a: &[u32], b: &[u32], c: u32) -> Option<u32> {
        let block = self.params.block;
        if a.is_empty() {
            return None;
        }
        let mut acc = c;
        for (ab, bb) in a.chunks(block).zip(b.chunks(block)) {
            acc = self.block_fast(ab, bb, acc)?;
            if is_special_f32(acc) {
                // A block overflowed: the general path decides (a NaN or
                // infinity later in the row wins over it).
                return None;
            }
        }
        Some(acc)
    }

    /// [`Model::dot_f32`] by the general path only: every block through
    /// [`Model::block_f32`], no fast path. The same results, slower; for
    /// cross-checks.
    pub fn dot_reference(&self, a: &[u32], b: &[u32], c: u32) -> Result<u32, TcError> {
        if a.len() != b.len() {
            return Err(TcError::Length {
                a: a.len(),
                b: b.len(),
            });
        }
        let p = &self.params;
        // Infinities and NaNs anywhere in the row decide the result before
        // any block runs (GEMM.m lines 227-238): NaN if a product or c is
        // NaN (inf * 0 included) or infinities of both signs meet;
        // otherwise the infinity.
        let mut pos_inf = false;
        let mut neg_inf = false;
        let mut nan = false;
        let mut special = false;
        for (&x, &y) in a.iter().zip(b) {
            if is_special_f32(x) || is_special_f32(y) {
                special = true;
                let xz = x & 0x7fff_ffff == 0;
                let yz = y & 0x7fff_ffff == 0;
                let xn = is_special_f32(x) && x & 0x7f_ffff != 0;
                let yn = is_special_f32(y) && y & 0x7f_ffff != 0;
                if xn || yn || xz || yz {
                    nan = true;
                } else if (x ^ y) >> 31 != 0 {
                    neg_inf = true;
                } else {
                    pos_inf = true;
                }
            }
        }
        if is_special_f32(c) {
            special = true;
            if c & 0x7f_ffff != 0 {
                nan = true;
            } else if c >> 31 != 0 {
                neg_inf = true;
            } else {
                pos_inf = true;
            }
        }
        if special {
            // The row's values must still be the formats' own: an E4M3
            // +Inf (E4M3 has none) decided the row as +Inf with an f32
            // accumulator, and was an error with an f16 one.
            all_exact(p.input, p.b_input, a, b)?;
            return Ok(if nan || (pos_inf && neg_inf) {
                F32_NAN
            } else if neg_inf {
                0xff80_0000
            } else {
                0x7f80_0000
            });
        }
        let mut acc = c;
        for (i, (ab, bb)) in a.chunks(p.block).zip(b.chunks(p.block)).enumerate() {
            acc = self.block_f32(ab, bb, acc).map_err(|e| match e {
                TcError::Inexact { index, bits } => TcError::Inexact {
                    index: index + i * p.block,
                    bits,
                },
                e => e,
            })?;
            if is_special_f32(acc) {
                // Overflow of a block: an infinity propagates.
                break;
            }
        }
        if a.is_empty() {
            acc = self.block_f32(&[], &[], acc)?;
        }
        Ok(acc)
    }

    /// [`Model::block_f32`] for the common case, or `None` to take the
    /// general path: every input a normal value of the input format or
    /// zero, `c` zero or f32-normal, no sticky bit, subnormals kept,
    /// `extra_bits <= 23`. Each term is its exact value `sig * 2^(e - 46)`
    /// with `sig < 2^48` (the f32 significands multiplied), which truncates
    /// at the same bit as the general path's 23-fraction-bit form.
    #[inline]
    fn block_fast(&self, a: &[u32], b: &[u32], c: u32) -> Option<u32> {
        let p = &self.params;
        if p.sticky || !p.subnormals || p.extra_bits > 23 || a.len() > MAX_BLOCK {
            return None;
        }
        // Each side's format: f32 fraction bits below its own (which must
        // be zero) and its normal range.
        let side = |fmt: InFormat| {
            let (min_bits, max_bits) = normal_range_bits(fmt);
            (
                (1u32 << (23 - fmt.frac_bits())) - 1,
                min_bits,
                max_bits - min_bits,
            )
        };
        let (low_a, min_a, range_a) = side(p.input);
        let (low_b, min_b, range_b) = side(p.b_input);
        // Pass 1: validity, zero products, the largest exponent.
        let mut n = 0usize;
        let mut max_exp = i32::MIN;
        let mut bad = 0u32;
        let mut all_neg_zero = true;
        for (&x, &y) in a.iter().zip(b) {
            let (mx, my) = (x & 0x7fff_ffff, y & 0x7fff_ffff);
            bad |= (x & low_a) | (y & low_b);
            if (mx.wrapping_sub(min_a) > range_a) | (my.wrapping_sub(min_b) > range_b) {
                // A zero product, when the other factor is zero or a
                // normal value; anything else (subnormal in the format,
                // infinity, NaN, not a value) takes the general path.
                let ok = |m: u32, min: u32, range: u32| m == 0 || m.wrapping_sub(min) <= range;
                if (mx == 0 || my == 0) && ok(mx, min_a, range_a) && ok(my, min_b, range_b) {
                    all_neg_zero &= (x ^ y) >> 31 != 0;
                    continue;
                }
                return None;
            }
            max_exp = max_exp.max((mx >> 23) as i32 + (my >> 23) as i32 - 254);
            n += 1;
        }
        if bad != 0 {
            return None;
        }
        let mc = c & 0x7fff_ffff;
        if (mc != 0 && mc < 0x80_0000) || mc >= 0x7f80_0000 {
            return None; // f32-subnormal c, or infinity or NaN
        }
        let cneg = c >> 31 != 0;
        let c_in = p.late_c.is_none() && mc != 0;
        if c_in {
            max_exp = max_exp.max((mc >> 23) as i32 - 127);
        }
        let r = if n == 0 && !c_in {
            let neg = all_neg_zero
                && if p.late_c.is_some() {
                    !a.is_empty()
                } else {
                    cneg
                };
            if neg {
                0x8000_0000
            } else {
                0
            }
        } else {
            let max_exp = match p.min_exp {
                Some(floor) => max_exp.max(floor),
                None => max_exp,
            };
            // Pass 2: each term sig * 2^(e - 46) truncated at
            // 2^(max_exp - 23 - extra_bits): sig >> (max_exp + 23 - extra_bits - e).
            let base = max_exp + 23 - p.extra_bits + 254;
            let mut sum: i64 = 0;
            for (&x, &y) in a.iter().zip(b) {
                let (mx, my) = (x & 0x7fff_ffff, y & 0x7fff_ffff);
                let sig =
                    ((mx & 0x7f_ffff) | 0x80_0000) as u64 * ((my & 0x7f_ffff) | 0x80_0000) as u64;
                // A zero factor gives a zero term whatever the shift.
                let sig = if mx == 0 || my == 0 { 0 } else { sig };
                // A zero factor beside a huge one can make this negative
                // (its term is 0 whatever the shift).
                let shift = (base - (mx >> 23) as i32 - (my >> 23) as i32).clamp(0, 63) as u32;
                let t = (sig >> shift) as i64;
                let neg = -(((x ^ y) >> 31) as i64);
                sum += (t ^ neg) - neg;
            }
            if c_in {
                let sig = (((mc & 0x7f_ffff) | 0x80_0000) as u64) << 23;
                let shift = (base - 254 - ((mc >> 23) as i32 - 127)).min(63) as u32;
                let t = (sig >> shift) as i64;
                sum += if cneg { -t } else { t };
            }
            if sum == 0 {
                0
            } else {
                let bits = round_to_bits(
                    sum.unsigned_abs(),
                    max_exp - 23 - p.extra_bits,
                    p.result_frac_bits,
                    p.output.emin(),
                    p.output.emax(),
                    p.rounding,
                    Target::F32,
                );
                // A sum that rounds to zero is +0 (see align_sum_round).
                if bits == 0 {
                    0
                } else {
                    bits | ((sum < 0) as u32) << 31
                }
            }
        };
        Some(match p.late_c {
            Some(mode) => add_rounded(r, c, p.output, mode),
            None => r,
        })
    }

    /// One block FMA: at most `params.block` finite products and a finite
    /// `c` (f32 bits of a value of the accumulator), result as f32 bits.
    pub fn block_f32(&self, a: &[u32], b: &[u32], c: u32) -> Result<u32, TcError> {
        if a.len() != b.len() {
            return Err(TcError::Length {
                a: a.len(),
                b: b.len(),
            });
        }
        if a.len() > MAX_BLOCK {
            return Err(TcError::BlockTooLong { len: a.len() });
        }
        let p = &self.params;
        let (fa, fb) = (p.input, p.b_input);
        let (pa, pb) = (fa.frac_bits(), fb.frac_bits());
        // Products are held as significands with 23 fraction bits
        // (Generic_BFMA_TC.m, AlignSignficand: `x .* 8388608`), at the
        // exponent ea + eb; they are not normalised (denorm_prd = 1), so a
        // significand lies in [0, 4). Mixed FP8: `a`'s significand has
        // `pa` fraction bits, `b`'s `pb`, their product `pa + pb`.
        let prod_shift = 23 - pa - pb;
        let mut sigs = [0u64; MAX_BLOCK + 1];
        let mut exps = [0i32; MAX_BLOCK + 1];
        let mut negs = [false; MAX_BLOCK + 1];
        let mut n = 0usize;
        let mut all_neg_zero = true;
        let mut max_exp = i32::MIN;
        for (i, (&x, &y)) in a.iter().zip(b).enumerate() {
            let dx = decode(fa, x).ok_or(TcError::Inexact { index: i, bits: x })?;
            let dy = decode(fb, y).ok_or(TcError::Inexact { index: i, bits: y })?;
            let (mut sx, mut sy) = (dx.sig, dy.sig);
            if !p.subnormals {
                // Flush subnormal inputs (in_subnormals = 0).
                if sx >> pa == 0 {
                    sx = 0;
                }
                if sy >> pb == 0 {
                    sy = 0;
                }
            }
            let neg = dx.neg ^ dy.neg;
            if sx == 0 || sy == 0 {
                // A zero product takes no part in the alignment
                // (Generic_BFMA_TC.m lines 73-79).
                all_neg_zero &= neg;
                continue;
            }
            all_neg_zero = false;
            let e = dx.exp + dy.exp;
            sigs[n] = ((sx as u64) * (sy as u64)) << prod_shift;
            exps[n] = e;
            negs[n] = neg;
            max_exp = max_exp.max(e);
            n += 1;
        }
        if let Some(late) = p.late_c {
            // The products alone, rounded, then one rounded addition of c.
            let zero_neg = n == 0 && all_neg_zero && !a.is_empty();
            let s = self.align_sum_round(&sigs[..n], &exps[..n], &negs[..n], max_exp, zero_neg);
            return Ok(add_rounded(s, c, p.output, late));
        }
        // c enters the same alignment as the products, as a 24-bit
        // significand at its own exponent (subnormals at -126).
        let (cneg, cm, cx) = f32_parts(c);
        let mut cm = cm as u64;
        let c_exp = if cm == 0 {
            0
        } else {
            let lead = cx + 63 - cm.leading_zeros() as i32;
            let e = lead.max(-126);
            // Re-express as 23 fraction bits at exponent e.
            let s = cx - (e - 23);
            cm = if s >= 0 { cm << s } else { cm >> -s };
            e
        };
        if !p.subnormals && cm != 0 && c_exp < p.output.emin() {
            cm = 0;
        }
        if cm != 0 {
            sigs[n] = cm;
            exps[n] = c_exp;
            negs[n] = cneg;
            max_exp = max_exp.max(c_exp);
            n += 1;
        }
        // Nothing but zeros: IEEE's sign of an exact zero sum.
        let zero_neg = all_neg_zero && cneg;
        Ok(self.align_sum_round(&sigs[..n], &exps[..n], &negs[..n], max_exp, zero_neg))
    }

    /// Aligns the terms `sig * 2^(exp - 23)` to `max_exp` (raised to the
    /// floor `min_exp`), adds them and rounds the sum to the block result.
    /// No terms: a zero, negative if `zero_neg`.
    #[inline]
    fn align_sum_round(
        &self,
        sigs: &[u64],
        exps: &[i32],
        negs: &[bool],
        max_exp: i32,
        zero_neg: bool,
    ) -> u32 {
        let p = &self.params;
        if sigs.is_empty() {
            return if zero_neg { 0x8000_0000 } else { 0 };
        }
        let max_exp = match p.min_exp {
            Some(floor) => max_exp.max(floor),
            None => max_exp,
        };
        // Alignment: each significand, widened by extra_bits, is shifted
        // right by its distance to max_exp and truncated (AlignSignficand
        // with stkbit = 0; a negative extra_bits truncates before the
        // shift, which composes to the same floor); with the sticky bit
        // one more bit ORs together what fell off.
        let eab = p.extra_bits;
        let stk = p.sticky as i32;
        let mut sum: i64 = 0;
        for ((&sig, &e), &neg) in sigs.iter().zip(exps).zip(negs) {
            let up = eab - (max_exp - e);
            let t = if up >= 0 {
                sig << up
            } else if -up >= 64 {
                0
            } else {
                sig >> -up
            };
            let t = if stk != 0 {
                let lost = if up >= 0 {
                    false
                } else if -up >= 64 {
                    sig != 0
                } else {
                    sig & ((1u64 << -up) - 1) != 0
                };
                (t << 1) | lost as u64
            } else {
                t
            };
            if neg {
                sum -= t as i64;
            } else {
                sum += t as i64;
            }
        }
        if sum == 0 {
            // Exact cancellation: +0 (round toward zero and to nearest).
            return 0;
        }
        let neg = sum < 0;
        let mag = sum.unsigned_abs();
        // value = sum * 2^(max_exp - 23 - extra_bits - sticky)
        let k = max_exp - 23 - eab - stk;
        let out = p.output;
        let mut bits = round_to_bits(
            mag,
            k,
            p.result_frac_bits,
            out.emin(),
            out.emax(),
            p.rounding,
            Target::F32,
        );
        if bits == 0 {
            // A nonzero sum too small for the result format rounds to +0,
            // whatever its sign, as an exact cancellation does. Measured:
            // H200 (sm_90), driver 13.0, mma.sync m16n8k4 .tf32 gives +0
            // for three rows whose truncated sum is a tiny negative value
            // (C = -0 or +0; record testdata/hw/nvidia-h200/
            // mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32.mma.json,
            // where ptxfp gave -0 before).
            return 0;
        }
        if !p.subnormals && bits & 0x7fff_ffff != 0 && ((bits >> 23) as i32) - 127 < out.emin() {
            // Flush a subnormal result (out_subnormals = 0).
            bits = 0;
        }
        if neg {
            bits | 0x8000_0000
        } else {
            bits
        }
    }

    /// `D = A·B + C` for row-major `A` (m×k), `B` (k×n), `C` (m×n), each
    /// element of `D` one chained inner product ([`Model::dot`]) of a row
    /// of `A` and a column of `B`: blocks of k accumulate in order
    /// (recursive summation), as the MATLAB models' GEMM does. Runs the
    /// batched kernel on one thread ([`Model::gemm_threads`] for more);
    /// the bits of [`Model::gemm_reference`].
    pub fn gemm(&self, g: Gemm) -> Result<Vec<u32>, TcError> {
        self.gemm_threads(1, g)
    }

    /// [`Model::gemm`] element by element, each one [`Model::dot`]: the
    /// oracle of the batched GEMM, and its way of reporting an error
    /// (the first element, column by column, whose inner product fails).
    pub fn gemm_reference(&self, g: Gemm) -> Result<Vec<u32>, TcError> {
        gemm_by_elements(g, |a, b, c| self.dot(a, b, c))
    }
}

/// The two-pass fp16 rule for FP8 inputs: the FP8 values, each exact in
/// fp16, run through the GPU's fp16 block FMA in two passes from +0, and
/// `c` is added at the end by one IEEE addition in the accumulator's
/// format. With fp32 results it is `mma.sync` on Hopper
/// ([`GpuRow::sync_fp8`], found on an H200's `mma.sync`; the published
/// FP8 model is of `wgmma`); with fp16 results it is every FP8 -> fp16
/// product of Hopper and Blackwell ([`GpuRow::fp8_f16`], found on the
/// published measurements).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyncFp8 {
    /// The GPU's fp16 -> fp32 (fp16 -> fp16 for fp16 results) model,
    /// which runs each pass.
    pub f16: Model,
    /// The FP8 format of `a`.
    pub input: InFormat,
    /// The FP8 format of `b` (`input` unless mixed).
    pub b_input: InFormat,
    /// The accumulator format of `c` and `d`.
    pub output: OutFormat,
    /// The row's rule.
    pub row: SyncFp8Row,
}

impl SyncFp8 {
    /// The rule of `gpu` for `input` (E4M3 or E5M2) with `output`
    /// accumulation: for fp32 results [`GpuRow::sync_fp8`] (`mma.sync` on
    /// Hopper), for fp16 results [`GpuRow::fp8_f16`] (Hopper and
    /// Blackwell, every instruction); `Ok(None)` where the row has no such
    /// rule (the FP8 path of [`Model::new`] applies) or the inputs are
    /// not FP8.
    pub fn new(gpu: Gpu, input: InFormat, output: OutFormat) -> Result<Option<SyncFp8>, TcError> {
        SyncFp8::mixed(gpu, input, input, output)
    }

    /// [`SyncFp8::new`] for `a` in `a_input` and `b` in `b_input` (E4M3
    /// × E5M2 either way: each FP8 value is exact in fp16, so the passes
    /// are the same; `Ok(None)` unless both are FP8).
    pub fn mixed(
        gpu: Gpu,
        a_input: InFormat,
        b_input: InFormat,
        output: OutFormat,
    ) -> Result<Option<SyncFp8>, TcError> {
        let row = match output {
            OutFormat::F32 => gpu.row().sync_fp8,
            OutFormat::F16 => gpu.row().fp8_f16,
        };
        let Some(row) = row else {
            return Ok(None);
        };
        let fp8 = |f: InFormat| matches!(f, InFormat::E4m3 | InFormat::E5m2);
        if !fp8(a_input) || !fp8(b_input) {
            return Ok(None);
        }
        let mut f16 = Model::new(gpu, InFormat::F16, output)?;
        f16.params.block = row.pass;
        Ok(Some(SyncFp8 {
            f16,
            input: a_input,
            b_input,
            output,
            row,
        }))
    }

    /// One element of D: `a` (a row of A) and `b` (a column of B) as the
    /// f32 bits of values exact in the FP8 formats, in the instruction's
    /// k order; `c` and the result in the accumulator format (fp32 bits,
    /// or fp16 bits in the low half). Each 32 elements are one m16n8k32
    /// instruction, each one's D the next one's C (the last one padded
    /// with zeros, which drop out of every block as zero products do): its
    /// first pass takes the elements with `k % 4` 0 or 1, the second the
    /// others (16 each: one block of the fp16 path apiece), then `c` is
    /// added. Infinities and NaN come out as that chain of IEEE-like
    /// steps gives them: NaN if any product or `c` is NaN or infinities of
    /// both signs meet (the infinity of a first pass that overflowed
    /// among them), otherwise the infinity.
    pub fn dot(&self, a: &[u32], b: &[u32], c: u32) -> Result<u32, TcError> {
        if a.len() != b.len() {
            return Err(TcError::Length {
                a: a.len(),
                b: b.len(),
            });
        }
        all_exact(self.input, self.b_input, a, b)?;
        let mut d = match self.output {
            OutFormat::F32 => c,
            OutFormat::F16 => f16_to_f32_bits(c as u16),
        };
        for (a, b) in a.chunks(SYNC_FP8_K).zip(b.chunks(SYNC_FP8_K)) {
            d = self.instruction(a, b, d)?;
        }
        Ok(match self.output {
            OutFormat::F32 => d,
            OutFormat::F16 if d == F32_NAN => F16_NAN as u32,
            OutFormat::F16 => f32_to_f16_exact(d) as u32,
        })
    }

    /// One instruction (at most 32 elements, checked exact), `c` and the
    /// result as f32 bits.
    fn instruction(&self, a: &[u32], b: &[u32], c: u32) -> Result<u32, TcError> {
        let mut pa = [0u32; SYNC_FP8_K];
        let mut pb = [0u32; SYNC_FP8_K];
        let order = (0..SYNC_FP8_K)
            .filter(|k| k % 4 < 2)
            .chain((0..SYNC_FP8_K).filter(|k| k % 4 >= 2));
        for (i, k) in order.enumerate() {
            if k < a.len() {
                (pa[i], pb[i]) = (a[k], b[k]);
            }
        }
        // The passes' result (f32 bits; for fp16 results a value exact in
        // fp16). Each pass is its own block FMA, its infinities and NaNs
        // decided over its own products: a first pass that overflows is
        // an infinity the second pass adds, so it meets an infinite
        // product of the other sign there as NaN (an H200's mma.sync
        // FP8 -> fp16 gives NaN, not the product's infinity: records
        // testdata/hw/nvidia-h200/mma.sync.aligned.m16n8k32.row.col.f16.
        // {e5m2.e5m2,e4m3.e5m2}.f16.mma.json).
        let pass = self.row.pass;
        let mut s = 0;
        for (pa, pb) in pa.chunks(pass).zip(pb.chunks(pass)) {
            s = self.f16.dot_f32(pa, pb, s)?;
        }
        Ok(if is_special_f32(s) || is_special_f32(c) {
            let nan = |x: u32| is_special_f32(x) && x & 0x7f_ffff != 0;
            let inf = |x: u32| is_special_f32(x) && x & 0x7f_ffff == 0;
            if nan(s) || nan(c) || (inf(s) && inf(c) && s != c) {
                F32_NAN
            } else if inf(s) {
                s
            } else {
                c
            }
        } else {
            add_rounded(s, c, self.output, self.row.c_rounding)
        })
    }

    /// `D = A·B + C` (row-major, as [`Model::gemm`]), each element one
    /// [`SyncFp8::dot`].
    pub fn gemm(&self, g: Gemm) -> Result<Vec<u32>, TcError> {
        gemm_by_elements(g, |a, b, c| self.dot(a, b, c))
    }
}

/// Which instruction's numerics a caller asks for. The published models
/// ([`Model::new`]) are those of the measurements they were fitted on; an
/// instruction that computes otherwise on some GPU has its own rule
/// ([`SyncFp8`]: Hopper `mma.sync` with FP8 inputs, measured on an H200).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Instruction {
    /// The published model (docs/TENSOR_CORES.md; for FP8 on Hopper,
    /// `wgmma`'s).
    #[default]
    Published,
    /// `mma.sync` (PTX `mma.sync.aligned`): the published model except
    /// where the GPU's `mma.sync` was measured to differ.
    MmaSync,
}

impl Instruction {
    /// `"published"` or `"mma.sync"` (also `"wgmma"` for the published
    /// model and `"mma"` for `mma.sync`).
    pub fn parse(s: &str) -> Option<Instruction> {
        match s.to_ascii_lowercase().as_str() {
            "published" | "wgmma" => Some(Instruction::Published),
            "mma.sync" | "mma" => Some(Instruction::MmaSync),
            _ => None,
        }
    }

    /// The name [`Instruction::parse`] reads.
    pub fn name(self) -> &'static str {
        match self {
            Instruction::Published => "published",
            Instruction::MmaSync => "mma.sync",
        }
    }
}

/// One GPU's tensor-core arithmetic for one format pair and instruction:
/// a block-FMA [`Model`], or the two-pass fp16 rule for FP8 ([`SyncFp8`]:
/// Hopper `mma.sync` with fp32 results, Hopper and Blackwell with fp16
/// results).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arith {
    /// The block-FMA model.
    Model(Model),
    /// [`SyncFp8`]: an inner product of any K runs as a chain of
    /// `mma.sync` instructions of K = 32 (m16n8k32, the instruction's K),
    /// each one's D the next one's C, the last one padded with zeros
    /// where K is not a multiple of 32.
    SyncFp8(SyncFp8),
}

/// The K of one FP8 `mma.sync` (m16n8k32).
const SYNC_FP8_K: usize = 32;

impl Arith {
    /// The arithmetic of `gpu` for `input` multiplicands, `output`
    /// accumulation and `instruction`, or `Unsupported`.
    pub fn new(
        gpu: Gpu,
        input: InFormat,
        output: OutFormat,
        instruction: Instruction,
    ) -> Result<Arith, TcError> {
        Arith::mixed(gpu, input, input, output, instruction)
    }

    /// [`Arith::new`] for `a` in `a_input` and `b` in `b_input`
    /// ([`Model::mixed`], [`SyncFp8::mixed`]: only E4M3 and E5M2 mix).
    pub fn mixed(
        gpu: Gpu,
        a_input: InFormat,
        b_input: InFormat,
        output: OutFormat,
        instruction: Instruction,
    ) -> Result<Arith, TcError> {
        // FP8 -> fp16 takes the two-pass rule under every instruction
        // where the row has it (GpuRow::fp8_f16: found on the published
        // measurements); FP8 -> fp32 only under mma.sync (GpuRow::sync_fp8).
        if instruction == Instruction::MmaSync || output == OutFormat::F16 {
            if let Some(s) = SyncFp8::mixed(gpu, a_input, b_input, output)? {
                return Ok(Arith::SyncFp8(s));
            }
        }
        Model::mixed(gpu, a_input, b_input, output).map(Arith::Model)
    }

    /// The GPU.
    pub fn gpu(&self) -> Gpu {
        match self {
            Arith::Model(m) => m.gpu,
            Arith::SyncFp8(s) => s.f16.gpu,
        }
    }

    /// The format of `a` (of both multiplicands unless mixed).
    pub fn input(&self) -> InFormat {
        match self {
            Arith::Model(m) => m.params.input,
            Arith::SyncFp8(s) => s.input,
        }
    }

    /// The format of `b`.
    pub fn b_input(&self) -> InFormat {
        match self {
            Arith::Model(m) => m.params.b_input,
            Arith::SyncFp8(s) => s.b_input,
        }
    }

    /// The accumulator's format.
    pub fn output(&self) -> OutFormat {
        match self {
            Arith::Model(m) => m.params.output,
            Arith::SyncFp8(s) => s.output,
        }
    }

    /// Products added at once: the model's block, or `mma.sync`'s K.
    pub fn block(&self) -> usize {
        match self {
            Arith::Model(m) => m.params.block,
            Arith::SyncFp8(_) => SYNC_FP8_K,
        }
    }

    /// One inner product `d = a·b + c` ([`Model::dot`], [`SyncFp8::dot`]).
    pub fn dot(&self, a: &[u32], b: &[u32], c: u32) -> Result<u32, TcError> {
        match self {
            Arith::Model(m) => m.dot(a, b, c),
            Arith::SyncFp8(s) => s.dot(a, b, c),
        }
    }

    /// `d[r] = dot(a[r], b[r], c[r])` for every row ([`Model::dot_rows`]:
    /// the batched kernel; [`SyncFp8`] row by row).
    pub fn dot_rows(
        &self,
        kdim: usize,
        a: &[u32],
        b: &[u32],
        c: &[u32],
        d: &mut [u32],
    ) -> Result<(), TcError> {
        match self {
            Arith::Model(m) => m.dot_rows(kdim, a, b, c, d),
            Arith::SyncFp8(_) => {
                Gemm::rows_shape(kdim, a, b, c, d)?;
                for (r, o) in d.iter_mut().enumerate() {
                    let (lo, hi) = (r * kdim, (r + 1) * kdim);
                    *o = self.dot(&a[lo..hi], &b[lo..hi], c[r])?;
                }
                Ok(())
            }
        }
    }

    /// `D = A·B + C` ([`Model::gemm_threads`]; [`SyncFp8`] element by
    /// element on the calling thread).
    pub fn gemm_threads(&self, threads: usize, g: Gemm) -> Result<Vec<u32>, TcError> {
        match self {
            Arith::Model(model) => model.gemm_threads(threads, g),
            Arith::SyncFp8(sync) => sync.gemm(g),
        }
    }

    /// [`Arith::gemm_threads`] that asks `stop` now and then (between
    /// blocks of rows, or columns for [`SyncFp8`]) whether to go on:
    /// `Ok(None)` where it said stop (Ctrl-C in Python).
    pub fn gemm_threads_until(
        &self,
        threads: usize,
        g: Gemm,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<Vec<u32>>, TcError> {
        match self {
            Arith::Model(model) => model.gemm_threads_until(threads, g, stop),
            Arith::SyncFp8(sync) => {
                if stop() {
                    return Ok(None);
                }
                sync.gemm(g).map(Some)
            }
        }
    }
}

/// `D = A·B + C` (row-major) element by element, each element
/// `dot(row of A, column of B, element of C)`, column by column: the first
/// error met is the result.
fn gemm_by_elements(
    g: Gemm,
    dot: impl Fn(&[u32], &[u32], u32) -> Result<u32, TcError>,
) -> Result<Vec<u32>, TcError> {
    let ((m, n, k), (a, b, c)) = (g.dims(), g.operands());
    let mut d = vec![0u32; m * n];
    let mut col = vec![0u32; k];
    for j in 0..n {
        for (t, x) in col.iter_mut().enumerate() {
            *x = b[t * n + j];
        }
        for i in 0..m {
            d[i * n + j] = dot(&a[i * k..(i + 1) * k], &col, c[i * n + j])?;
        }
    }
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(x: f32) -> u32 {
        x.to_bits()
    }

    #[test]
    fn f16_round_trip() {
        for h in 0..=0xffffu16 {
            let r = f32_to_f16_bits_rne(f16_to_f32_bits(h));
            if h & 0x7c00 == 0x7c00 && h & 0x3ff != 0 {
                assert_eq!(r, 0x7fff);
            } else {
                assert_eq!(r, h, "{h:#06x}");
            }
        }
    }

    #[test]
    fn native_encodings_round_trip() {
        for fmt in InFormat::ALL {
            let n = 1u32 << fmt.width();
            for bits in 0..n {
                let f = fmt.to_f32_bits(bits);
                let is_nan = f & 0x7fff_ffff > 0x7f80_0000;
                let back = fmt.from_f32_bits(f).expect("every encoding is a value");
                if is_nan {
                    assert!(fmt.to_f32_bits(back) & 0x7fff_ffff > 0x7f80_0000);
                } else {
                    assert_eq!(back, bits, "{fmt:?} {bits:#x} -> {f:#010x}");
                }
            }
        }
        // Values against the formats' definitions.
        assert_eq!(InFormat::E4m3.to_f32_bits(0x7e), f(448.0));
        assert_eq!(InFormat::E4m3.to_f32_bits(0x01), f(2f32.powi(-9)));
        assert_eq!(InFormat::E5m2.to_f32_bits(0x7b), f(57344.0));
        assert_eq!(InFormat::E5m2.to_f32_bits(0x7c), 0x7f80_0000);
        assert_eq!(InFormat::Bf16.to_f32_bits(0x0001), 0x0001_0000);
        assert_eq!(InFormat::Tf32.to_f32_bits(0x1), 0x2000);
        assert_eq!(InFormat::F16.to_f32_bits(0x0001), f(2f32.powi(-24)));
        assert_eq!(InFormat::Bf16.from_f32_bits(f(1.0 + 1.0 / 1024.0)), None);
    }

    #[test]
    fn decode_formats() {
        assert!(decode(InFormat::F16, f(1.0 + 1.0 / 1024.0)).is_some());
        assert!(decode(InFormat::F16, f(1.0 + 1.0 / 2048.0)).is_none());
        assert!(decode(InFormat::Bf16, f(1.0 + 1.0 / 1024.0)).is_none());
        assert!(decode(InFormat::E4m3, f(448.0)).is_some());
        assert!(decode(InFormat::E4m3, f(480.0)).is_none());
        assert!(decode(InFormat::E5m2, f(57344.0)).is_some());
        // fp16 subnormal 2^-24
        let d = decode(InFormat::F16, f(2f32.powi(-24))).unwrap();
        assert_eq!((d.sig, d.exp), (1, -14));
    }

    #[test]
    fn small_exact_sums() {
        let m = Model::new(Gpu::H100, InFormat::Bf16, OutFormat::F32).unwrap();
        let a = [f(1.0), f(2.0), f(-3.0), f(0.5)];
        let b = [f(1.0), f(1.5), f(1.0), f(4.0)];
        assert_eq!(m.dot(&a, &b, f(0.25)).unwrap(), f(3.25));
        // Cancellation gives +0.
        assert_eq!(m.dot(&[f(1.0), f(-1.0)], &[f(1.0), f(1.0)], 0).unwrap(), 0);
        // Truncation: 1 + 2^-30 loses the small term (2 extra bits only).
        let m = Model::new(Gpu::H100, InFormat::F16, OutFormat::F32).unwrap();
        let tiny = 2f32.powi(-15);
        assert_eq!(
            m.dot(&[f(1.0), f(tiny)], &[f(1.0), f(tiny)], 0).unwrap(),
            f(1.0)
        );
    }

    #[test]
    fn exceptional_cases() {
        // As model_validation/ExceptionalCasesTest.m expects.
        let m = Model::new(Gpu::H100, InFormat::Bf16, OutFormat::F32).unwrap();
        let big = 0x7f00_0000; // 2^127, exact in bf16
        let inf = 0x7f80_0000;
        let ninf = 0xff80_0000;
        // Overflow of the accumulation: +Inf even though rounding is RZ.
        assert_eq!(m.dot(&[big], &[f(1.0)], big).unwrap(), inf);
        assert_eq!(m.dot(&[inf], &[ninf], 0).unwrap(), ninf);
        assert_eq!(m.dot(&[ninf, inf], &[f(1.0), f(1.0)], 0).unwrap(), F32_NAN);
        assert_eq!(m.dot(&[inf], &[0], 0).unwrap(), F32_NAN);
        assert_eq!(m.dot(&[f(1.0)], &[f(1.0)], 0x7fc0_0000).unwrap(), F32_NAN);
        assert_eq!(m.dot(&[f(1.0)], &[f(1.0)], ninf).unwrap(), ninf);
        // Zeros: -0 only when every term is -0.
        assert_eq!(
            m.dot(&[f(-0.0)], &[f(1.0)], 0x8000_0000).unwrap(),
            0x8000_0000
        );
        assert_eq!(m.dot(&[f(0.0)], &[f(1.0)], 0x8000_0000).unwrap(), 0);
        // A nonzero sum that rounds to zero is +0. The H200's row of
        // mma.sync m16n8k4 .tf32 (warp 1061, lane 6, d0 of record
        // testdata/hw/nvidia-h200/mma.sync.aligned.m16n8k4.row.col.f32.
        // tf32.tf32.f32.mma.json): one product -2^-71 * 1.03 * 2^-87 is
        // truncated to -2^-158 at the floor -133, then toward zero to
        // fp32: the GPU gives +0 (with C = -0).
        let t = Model::new(Gpu::H100, InFormat::Tf32, OutFormat::F32).unwrap();
        let a = [0, 0x0000_2000, 0x1c00_0000, 0x8000_0000];
        let b = [0, 0x00d8_e000, 0x9404_0000, 0x80fd_4000];
        assert_eq!(t.dot(&a, &b, 0x8000_0000).unwrap(), 0);
        assert_eq!(t.dot_reference(&a, &b, 0x8000_0000).unwrap(), 0);
        assert_eq!(
            t.gemm(Gemm::new((1, 1, 4), &a, &b, &[0x8000_0000]).unwrap())
                .unwrap(),
            [0]
        );
        // An input not exact in the format is refused.
        assert!(matches!(
            m.dot(&[f(1.0 + 1.0 / 1024.0)], &[f(1.0)], 0),
            Err(TcError::Inexact { index: 0, .. })
        ));
        assert!(Model::new(Gpu::V100, InFormat::Bf16, OutFormat::F32).is_err());
        assert!(Model::new(Gpu::A100, InFormat::E4m3, OutFormat::F32).is_err());
    }

    /// Two D registers an H200 gave for `mma.sync` m16n8k32 FP8 (records
    /// testdata/hw/nvidia-h200/mma.sync.aligned.m16n8k32.row.col.f32.
    /// {e4m3.e4m3,e5m2.e5m2}.f32.mma.json: thread 32 d0 and thread 33 d1,
    /// the GPU's bits as kept in the record; the operands regenerated by
    /// `ptxfp_hw::mma::Case::inputs(1, 4096)`), as native FP8 bytes in k
    /// order. The exact sums are 0xc822b0fd and 0x47880e0c when truncated
    /// to fp32: the GPU loses the low bits in the passes' truncation.
    #[test]
    fn mma_sync_fp8_on_hopper_as_measured() {
        // (format, A row, B column, c, the GPU's d)
        type Row = (InFormat, [u8; 32], [u8; 32], u32, u32);
        let rows: [Row; 2] = [
            (
                InFormat::E4m3,
                [
                    0x06, 0x31, 0x3d, 0x5e, 0xa2, 0xfa, 0xfe, 0xcf, 0x36, 0x04, 0x21, 0x23, 0x65,
                    0x00, 0xbb, 0xfe, 0x2b, 0xfe, 0xe0, 0x3f, 0xe3, 0x27, 0xf9, 0x00, 0x1e, 0xd0,
                    0xbd, 0xe1, 0x07, 0xb5, 0xa2, 0xec,
                ],
                [
                    0xa6, 0x80, 0x5e, 0xc3, 0x21, 0x00, 0xe9, 0xfd, 0x66, 0x34, 0xa6, 0x80, 0x13,
                    0xce, 0xbf, 0x3c, 0xaf, 0x7e, 0x08, 0xce, 0x40, 0x3f, 0x3c, 0x69, 0x48, 0x50,
                    0x4f, 0x8f, 0x77, 0x92, 0x99, 0x21,
                ],
                0x8c80_0000,
                0xc822_b0fc,
            ),
            (
                InFormat::E5m2,
                [
                    0x06, 0x31, 0x3d, 0x5e, 0xcf, 0x00, 0x01, 0xa7, 0x5b, 0xbb, 0x24, 0xa3, 0xe7,
                    0xef, 0x8e, 0xbc, 0xe0, 0x3f, 0x10, 0x21, 0x00, 0xdc, 0x33, 0x3e, 0xdb, 0x8e,
                    0x26, 0x5d, 0xe1, 0xa4, 0x80, 0x2e,
                ],
                [
                    0xf2, 0xa7, 0x36, 0x01, 0xba, 0x81, 0xd3, 0x74, 0x5e, 0xb5, 0x1d, 0x58, 0x00,
                    0x80, 0x25, 0x7a, 0x60, 0x1c, 0xe5, 0x52, 0x98, 0xe2, 0x91, 0x70, 0xde, 0xcd,
                    0x18, 0x28, 0x14, 0xf7, 0xd2, 0xa5,
                ],
                0xb01f_4b85,
                0x4788_0e0b,
            ),
        ];
        for (fmt, a, b, c, gpu) in rows {
            let a: Vec<u32> = a.iter().map(|&x| fmt.to_f32_bits(x as u32)).collect();
            let b: Vec<u32> = b.iter().map(|&x| fmt.to_f32_bits(x as u32)).collect();
            for g in [Gpu::H100, Gpu::H200] {
                let sync = SyncFp8::new(g, fmt, OutFormat::F32).unwrap().unwrap();
                assert_eq!(sync.dot(&a, &b, c), Ok(gpu), "{g:?} {fmt:?}");
                assert_eq!(
                    sync.gemm(Gemm::new((1, 1, 32), &a, &b, &[c]).unwrap()),
                    Ok(vec![gpu])
                );
                // The published (wgmma) FP8 model keeps 13 fraction bits.
                let wgmma = Model::new(g, fmt, OutFormat::F32).unwrap();
                assert_ne!(wgmma.dot(&a, &b, c), Ok(gpu));
            }
        }
        // Elsewhere mma.sync takes the FP8 path; fp16 results are not
        // measured.
        assert_eq!(
            SyncFp8::new(Gpu::Ada, InFormat::E4m3, OutFormat::F32),
            Ok(None)
        );
        assert_eq!(
            SyncFp8::new(Gpu::B200, InFormat::E5m2, OutFormat::F32),
            Ok(None)
        );
        assert_eq!(
            SyncFp8::new(Gpu::H100, InFormat::F16, OutFormat::F32),
            Ok(None)
        );
        // fp16 results take the two-pass rule (GpuRow::fp8_f16), which
        // the block-FMA Model cannot express.
        assert!(SyncFp8::new(Gpu::H100, InFormat::E4m3, OutFormat::F16)
            .unwrap()
            .is_some());
        assert!(Model::new(Gpu::H100, InFormat::E4m3, OutFormat::F16).is_err());
        // Specials and an input not exact in the format.
        let s = SyncFp8::new(Gpu::H100, InFormat::E5m2, OutFormat::F32)
            .unwrap()
            .unwrap();
        let one = f(1.0);
        assert_eq!(s.dot(&[0x7f80_0000], &[one], 0xff80_0000), Ok(F32_NAN));
        assert_eq!(s.dot(&[0x7f80_0000], &[one], one), Ok(0x7f80_0000));
        assert_eq!(s.dot(&[one], &[one], 0xff80_0000), Ok(0xff80_0000));
        assert_eq!(s.dot(&[one], &[one], 0x7fc0_0000), Ok(F32_NAN));
        assert_eq!(s.dot(&[0x7f80_0000], &[0], one), Ok(F32_NAN));
        assert!(matches!(
            s.dot(&[one, f(1.1)], &[one, one], 0),
            Err(TcError::Inexact { index: 1, .. })
        ));
        // The final addition rounds to nearest: 1 + 0.75 ulp -> 1 + 1 ulp.
        assert_eq!(
            s.dot(&[one], &[one], f(1.5 * 2f32.powi(-24))),
            Ok(0x3f80_0001)
        );
    }

    /// FP8 -> fp16 on Hopper (GpuRow::fp8_f16, found on the published
    /// measurements, which tests/measured.rs runs): two passes of the
    /// fp16 -> fp16 block FMA, each rounded to nearest fp16, then c added
    /// by one fp16 addition. Derived by hand:
    ///
    /// - a = [1, 2^-9, 2^-9, 2^-9], b = [1, 2^-2, 2^-3, 2^-4]: products
    ///   1, 2^-11, 2^-12, 2^-13. Pass 1 (k = 0, 1): 1 + 2^-11, exact in
    ///   the block (2 extra bits below 2^0's 23), is a tie between 1 and
    ///   1 + 2^-10 in fp16: even, 1. Pass 2 (k = 2, 3) from 1:
    ///   1 + 2^-12 + 2^-13 < 1 + 2^-11: 1. c = 0: d = 1 (0x3c00). One
    ///   rounding of the exact sum 1 + 2^-11 + 2^-12 + 2^-13 (above the
    ///   tie) would give 1 + 2^-10 (0x3c01).
    /// - a = [1, 2^-9], b = [1, 2^-2], c = 2^-11: the passes give 1 (the
    ///   tie 1 + 2^-11 to even), then 1 + 2^-11 (fp16 addition) is the
    ///   tie again: 1. The fp32 rule rounded once to fp16 would give
    ///   1 + 2^-10 (1 + 2^-11 + 2^-11 exact in fp32).
    #[test]
    fn mma_sync_fp8_to_fp16_on_hopper() {
        let p = |e: i32| f(2f32.powi(e));
        for (fa, fb) in [
            (InFormat::E4m3, InFormat::E4m3),
            (InFormat::E4m3, InFormat::E5m2),
            (InFormat::E5m2, InFormat::E4m3),
            (InFormat::E5m2, InFormat::E5m2),
        ] {
            let s = SyncFp8::mixed(Gpu::H100, fa, fb, OutFormat::F16)
                .unwrap()
                .unwrap();
            let a = [f(1.0), p(-9), p(-9), p(-9)];
            let b = [f(1.0), p(-2), p(-3), p(-4)];
            assert_eq!(s.dot(&a, &b, 0), Ok(0x3c00), "{fa:?} x {fb:?}");
            // c = 2^-11 in fp16 bits (exponent -11: 0x1000).
            assert_eq!(s.dot(&a[..2], &b[..2], 0x1000), Ok(0x3c00));
            let f32_rule = SyncFp8::mixed(Gpu::H100, fa, fb, OutFormat::F32)
                .unwrap()
                .unwrap();
            assert_eq!(
                f32_rule.dot(&a[..2], &b[..2], p(-11)),
                Ok(f(1.0 + 2f32.powi(-10)))
            );
            // c enters by an fp16 addition: 1 + (-1) = +0; fp16 overflow.
            assert_eq!(s.dot(&[f(1.0)], &[f(1.0)], 0xbc00), Ok(0));
            assert_eq!(
                s.dot(&[f(256.0)], &[f(256.0)], 0),
                Ok(0x7c00),
                "65536 overflows fp16"
            );
            // NaN is NVIDIA's fp16 NaN; an infinite c wins over finite
            // products.
            assert_eq!(s.dot(&[f(1.0)], &[f(1.0)], 0x7e00), Ok(F16_NAN as u32));
            assert_eq!(s.dot(&[f(1.0)], &[f(1.0)], 0xfc00), Ok(0xfc00));
            let arith =
                Arith::mixed(Gpu::H200, fa, fb, OutFormat::F16, Instruction::MmaSync).unwrap();
            // A first pass that overflows fp16 is an infinity the second
            // pass adds. Products at k = 0 and 1: 256 * 256 = 2^16 each,
            // 2^17 > 65504: pass 1 gives +inf. Under E5M2 the product at
            // k = 2 is -inf * 1 (E4M3 has no infinity: -256 * 256 there,
            // which cannot overflow pass 2 alone, so +inf stays). +inf
            // and -inf meet: NaN, as the H200 gives (the mma records of
            // the fp16 forms); deciding the specials over the whole row
            // would give -inf.
            let big = f(256.0);
            let has_inf = fa == InFormat::E5m2 || fb == InFormat::E5m2;
            let (x, y) = if fa == InFormat::E5m2 {
                (0xff80_0000, f(1.0))
            } else if fb == InFormat::E5m2 {
                (f(1.0), 0xff80_0000)
            } else {
                (f(-256.0), big)
            };
            let want = if has_inf { F16_NAN as u32 } else { 0x7c00 };
            assert_eq!(s.dot(&[big, big, x], &[big, big, y], 0), Ok(want));
            // The other way round, -inf (or, under E4M3, -2^16, which
            // overflows fp16's 65504 to -inf) from the first pass: the
            // second pass starts from it, and its finite products, whose
            // sum 2^17 overflows alone, cannot undo it: -inf.
            let (a4, b4) = ([x, 0, big, big], [y, 0, big, big]);
            assert_eq!(s.dot(&a4, &b4, 0), Ok(0xfc00), "{fa:?} x {fb:?}");
            assert_eq!(arith.output(), OutFormat::F16);
            assert_eq!(arith.dot(&a, &b, 0), Ok(0x3c00));
            assert_eq!(
                arith.gemm_threads(1, Gemm::new((1, 1, 4), &a, &b, &[0]).unwrap()),
                Ok(vec![0x3c00])
            );
        }
    }

    #[test]
    fn fp16_accumulator_subnormal_result() {
        // 2^-24 * 2^-1 + 0 rounds to nearest even fp16: the tie 2^-25 goes
        // to 0; 3 * 2^-26 goes up to 2^-24.
        let m = Model::new(Gpu::A100, InFormat::F16, OutFormat::F16).unwrap();
        let tiny = f(2f32.powi(-24));
        assert_eq!(m.dot(&[tiny], &[f(0.5)], 0).unwrap(), 0);
        assert_eq!(m.dot(&[tiny], &[f(0.75)], 0).unwrap(), 1);
    }

    /// A random value of `fmt` as f32 bits: the format's own bit patterns,
    /// either any (wide exponents, subnormals, specials) or with the
    /// exponent field near the bias (where truncation decides results).
    fn random_value(fmt: InFormat, r: u64) -> u32 {
        let narrow = r & 1 == 0;
        let bits = (r >> 1) as u32;
        let (width, eb) = match fmt {
            InFormat::F16 => (16, 5),
            InFormat::Bf16 => (16, 8),
            InFormat::Tf32 => (19, 8),
            InFormat::E4m3 => (8, 4),
            InFormat::E5m2 => (8, 5),
        };
        let fb = width - 1 - eb;
        let mut v = bits & ((1u32 << width) - 1);
        if narrow {
            let bias = (1u32 << (eb - 1)) - 1;
            let e = bias - 3 + (bits >> 24) % 6;
            v = (v & !(((1u32 << eb) - 1) << fb)) | (e << fb);
        }
        match fmt {
            InFormat::F16 => f16_to_f32_bits(v as u16),
            InFormat::Bf16 => v << 16,
            InFormat::Tf32 => v << 13,
            InFormat::E5m2 => f16_to_f32_bits((v as u16) << 8),
            InFormat::E4m3 => {
                let sign = (v >> 7) << 31;
                let e = (v >> 3) & 0xf;
                let m = v & 7;
                if e == 0xf && m == 7 {
                    return sign | 0x7fc0_0000; // E4M3's NaN
                }
                if e == 0 {
                    // m * 2^-9
                    sign | f((m as f32) * 2f32.powi(-9))
                } else {
                    sign | (((e + 120) << 23) | (m << 20))
                }
            }
        }
    }

    #[test]
    fn fast_path_matches_general_path() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut fast_rows = 0;
        for gpu in Gpu::ALL {
            for fmt in InFormat::ALL {
                for out in [OutFormat::F32, OutFormat::F16] {
                    let Ok(m) = Model::new(gpu, fmt, out) else {
                        continue;
                    };
                    let k = 2 * m.params.block + 3;
                    for _ in 0..3000 {
                        let a: Vec<u32> = (0..k).map(|_| random_value(fmt, next())).collect();
                        let b: Vec<u32> = (0..k).map(|_| random_value(fmt, next())).collect();
                        let r = next();
                        let c = match (out, r % 4) {
                            (_, 0) => (r >> 32) as u32 & 0x8000_0000,
                            (OutFormat::F32, 1) => (r >> 32) as u32 & 0x807f_ffff,
                            (OutFormat::F32, _) => {
                                let x = random_value(InFormat::Tf32, r >> 2);
                                x | ((r >> 40) as u32 & 0x1fff)
                            }
                            (OutFormat::F16, _) => f16_to_f32_bits((r >> 8) as u16),
                        };
                        let general = m.dot_reference(&a, &b, c);
                        if let Some(fast) = m.dot_fast(&a, &b, c) {
                            fast_rows += 1;
                            assert_eq!(
                                Ok(fast),
                                general,
                                "{gpu:?} {fmt:?} {out:?} a={a:08x?} b={b:08x?} c={c:08x}"
                            );
                        }
                    }
                }
            }
        }
        assert!(fast_rows > 10_000, "fast path taken {fast_rows} times");
    }

    #[test]
    fn a_gemm_of_the_wrong_shape_is_an_error_naming_the_matrix() {
        let one = [1f32.to_bits(); 6];
        // A 2×3, B 3×2, C 2×2: right.
        assert!(Gemm::new((2, 2, 3), &one, &one, &one[..4]).is_ok());
        for (dims, (a, b, c), want) in [
            ((2, 2, 3), (5, 6, 4), ("A", 2, 3, 5)),
            ((2, 2, 3), (6, 5, 4), ("B", 3, 2, 5)),
            ((2, 2, 3), (6, 6, 5), ("C", 2, 2, 5)),
            // m·k past usize: no length equals it.
            ((usize::MAX, 1, 2), (6, 2, 0), ("A", usize::MAX, 2, 6)),
        ] {
            let e = Gemm::new(dims, &one[..a], &one[..b], &one[..c]).unwrap_err();
            let (matrix, rows, cols, len) = want;
            assert_eq!(
                e,
                TcError::Shape {
                    matrix,
                    rows,
                    cols,
                    len
                }
            );
        }
        let e = Gemm::new((2, 2, 3), &one[..5], &one, &one[..4]).unwrap_err();
        assert_eq!(e.to_string(), "A is 2×3 (6 elements, row-major) but has 5");
        let e = Gemm::new((usize::MAX, 1, 2), &one, &one[..2], &[]).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "A is {}×2, more elements than memory holds, but has 6",
                usize::MAX
            )
        );
    }

    /// `dot_rows` of the model and of the FP8 `mma.sync` path: a wrong
    /// length is an error, not a panic, and nothing is written.
    #[test]
    fn dot_rows_of_the_wrong_shape_is_an_error_naming_the_slice() {
        let one = [1f32.to_bits(); 8];
        let models = [
            Arith::Model(Model::new(Gpu::A100, InFormat::F16, OutFormat::F32).unwrap()),
            Arith::mixed(
                Gpu::H100,
                InFormat::E4m3,
                InFormat::E4m3,
                OutFormat::F32,
                Instruction::MmaSync,
            )
            .unwrap(),
        ];
        assert!(matches!(models[1], Arith::SyncFp8(_)));
        for arith in &models {
            for (k, (a, b, d), want) in [
                (4, (7, 8, 2), ("a", 2, 4, 7)),
                (4, (8, 7, 2), ("b", 2, 4, 7)),
                (4, (8, 8, 1), ("d", 2, 1, 1)),
                (usize::MAX, (8, 8, 2), ("a", 2, usize::MAX, 8)),
            ] {
                let mut out = [7u32; 2];
                let r = arith.dot_rows(k, &one[..a], &one[..b], &[0, 0], &mut out[..d]);
                let (matrix, rows, cols, len) = want;
                assert_eq!(
                    r,
                    Err(TcError::Shape {
                        matrix,
                        rows,
                        cols,
                        len
                    })
                );
                assert_eq!(out, [7, 7]);
            }
        }
    }

    #[test]
    fn gemm_matches_dot() {
        let m = Model::new(Gpu::A100, InFormat::F16, OutFormat::F32).unwrap();
        let a: Vec<u32> = (0..2 * 16).map(|i| f(i as f32 * 0.25 - 3.0)).collect();
        let b: Vec<u32> = (0..16 * 3).map(|i| f(1.0 - i as f32 / 64.0)).collect();
        let c: Vec<u32> = (0..6).map(|i| f(i as f32)).collect();
        let d = m.gemm(Gemm::new((2, 3, 16), &a, &b, &c).unwrap()).unwrap();
        for i in 0..2 {
            for j in 0..3 {
                let col: Vec<u32> = (0..16).map(|t| b[t * 3 + j]).collect();
                let e = m.dot(&a[i * 16..i * 16 + 16], &col, c[i * 3 + j]).unwrap();
                assert_eq!(d[i * 3 + j], e);
            }
        }
    }
}
