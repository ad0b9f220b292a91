//! The batched fast path: sixteen inner products at once, one per lane.
//!
//! The same block FMA as [`Model::block_f32`], rearranged for throughput:
//!
//! - **Decode once.** Every input is split into a significand, an
//!   exponent and a sign before any product is formed ([`Decoded`] arrays in
//!   structure-of-arrays form: `e`, `s`, `n` for exponent, significand and
//!   sign mask). A GEMM decodes `A` and `B` once, not once per inner
//!   product. Normal values of the format (and zeros) decode without a
//!   branch; anything else goes through the exact model's own `decode`
//!   (subnormals of the format), or marks its lane for the general path
//!   (infinities, NaN, inexact inputs).
//! - **Lanes are inner products.** The kernel runs one block of sixteen
//!   inner products side by side: pass 1 takes the largest product
//!   exponent per lane, pass 2 forms every product's aligned, truncated
//!   term and adds it. Both passes are the same operation on every lane,
//!   with no branch, so LLVM vectorises them; the driver compiles them
//!   three times (portable, AVX2, AVX-512) and picks one at run time.
//! - **Fixed-width integers.** A product `sa·sb` of significands with `pf`
//!   fraction bits each is at most `(2^(pf+1) − 1)²`, below `4·2^(2pf)`.
//!   Held with `23 + extra_bits` fraction bits at the common exponent (the
//!   general path's `23`-fraction-bit form widened by `extra_bits`), a term
//!   is below `2^(25 + extra_bits)`; [`Kern::new`] checks that a whole
//!   block of them (and `c`) sums below `2^32` in each sign, so positive
//!   and negative terms add in two `u32` accumulators without overflow.
//!
//! Each term is the general path's: `(sig << up) >> d` there, with
//! `up = extra_bits ≥ 0`, and `sig >> (d − extra_bits)` for a negative
//! `extra_bits`; here the left shift is folded into `a`'s significand at
//! decode time (`s_a << p_shift`, exact) and the right shift is
//! `d + q` with `q = max(−extra_bits, 0)`; a shift of 32 or more gives 0
//! (`checked_shr`), and since every shifted value is below `2^31` so does
//! 31, as the general path's `>> 64` does.
//!
//! **The fused kernel** ([`fused_block`]) serves `dot_rows` for bf16, tf32
//! and fp16 inputs: no decode into arrays; each group of sixteen rows is
//! transposed as raw f32 words (in registers where the CPU allows) and the
//! two passes read exponent fields and significands straight from the
//! words, checking on the way that every input is a zero or a normal value
//! exact in the format. A group with anything else goes whole to the
//! decoded kernel above, so the two agree by construction where the fused
//! one answers (and `tests/batch.rs` checks both against the general path).
//!
//! The GEMM is cache-blocked: sixteen rows of `D` at a time, `K` in
//! chunks of whole blocks whose results carry through the accumulators
//! exactly as one block's result is the next block's `c`; a chunk that
//! starts from an infinity (an earlier chunk overflowed) sends its lane to
//! [`Model::dot`] like an infinite `c`.
//!
//! Rows with an infinity or NaN among their inputs or `c`, or an input not
//! exact in the format, are redone by [`Model::dot`] (which decides
//! infinities and NaN over the whole row before any block, and reports
//! errors). Everything else — subnormal inputs and `c`, subnormal results,
//! the exponent floor, cancellation to zero, blocks of zero products and
//! the sign of their zero, a block overflowing to infinity (which ends the
//! chain, as in the general path), fp16 results, the B200's late `c` —
//! the kernel handles itself.

use crate::{
    add_rounded, decode, f16_to_f32_bits, f32_to_f16_exact, is_special_f32, round_to_bits, Gemm,
    InFormat, Model, OutFormat, Rounding, Target, TcError, F16_NAN, F32_NAN,
};

/// Inner products per kernel call (lanes).
pub(crate) const L: usize = 16;

/// The exponent of a zero input: so low that a product with a zero factor
/// never is the largest of a block with a nonzero product or `c`.
const ZERO_E: i32 = -(1 << 20);
/// A largest exponent below this means the block had no nonzero term.
const NONE_BELOW: i32 = -(1 << 19);

/// Which compilation of the kernel runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kernel {
    /// Plain Rust, compiled for the build's target (vectorised by LLVM as
    /// far as that target allows).
    Portable,
    /// The same source compiled with AVX2 (x86-64, detected at run time).
    Avx2,
    /// The same source compiled with AVX-512 F/BW/VL/DQ/CD (x86-64,
    /// detected at run time).
    Avx512,
}

impl Kernel {
    /// The kernel the batched entry points use: AVX2 where the CPU has it
    /// (measured faster than the AVX-512 compilation on the development
    /// machine's Xeon, see BENCHMARKS.md), else the portable one. All give
    /// the same bits.
    pub fn detected() -> Kernel {
        if Kernel::Avx2.supported() {
            Kernel::Avx2
        } else {
            Kernel::Portable
        }
    }

    /// The kernel [`Model::dot_rows`] uses: AVX-512 where the CPU has it
    /// (the fused kernel of independent rows measured faster there than
    /// in AVX2, BENCHMARKS.md), else [`Kernel::detected`].
    pub fn detected_rows() -> Kernel {
        if Kernel::Avx512.supported() {
            Kernel::Avx512
        } else {
            Kernel::detected()
        }
    }

    /// Whether this CPU runs `self`.
    pub fn supported(self) -> bool {
        Kernel::available().contains(&self)
    }

    /// Every kernel this CPU runs, slowest first (always `Portable`).
    pub fn available() -> &'static [Kernel] {
        use std::sync::OnceLock;
        static K: OnceLock<Vec<Kernel>> = OnceLock::new();
        K.get_or_init(Kernel::detect)
    }

    fn detect() -> Vec<Kernel> {
        let mut v = vec![Kernel::Portable];
        #[cfg(target_arch = "x86_64")]
        {
            let base = std::is_x86_feature_detected!("avx2")
                && std::is_x86_feature_detected!("bmi1")
                && std::is_x86_feature_detected!("bmi2")
                && std::is_x86_feature_detected!("lzcnt")
                && std::is_x86_feature_detected!("popcnt");
            if base {
                v.push(Kernel::Avx2);
            }
            if base
                && std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512bw")
                && std::is_x86_feature_detected!("avx512vl")
                && std::is_x86_feature_detected!("avx512dq")
                && std::is_x86_feature_detected!("avx512cd")
            {
                v.push(Kernel::Avx512);
            }
        }
        v
    }

    /// `"portable"`, `"avx2"` or `"avx512"`.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Portable => "portable",
            Kernel::Avx2 => "avx2",
            Kernel::Avx512 => "avx512",
        }
    }
}

/// One operand's format as the decode uses it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Side {
    fmt: InFormat,
    /// f32 bits of the format's smallest normal magnitude, and the range up
    /// to its largest finite magnitude.
    min_bits: u32,
    range: u32,
    /// f32 fraction bits below the format's fraction (must be zero).
    low: u32,
}

impl Side {
    fn of(fmt: InFormat) -> Side {
        let (min_bits, max_bits) = crate::normal_range_bits(fmt);
        Side {
            fmt,
            min_bits,
            range: max_bits - min_bits,
            low: (1u32 << (23 - fmt.frac_bits())) - 1,
        }
    }
}

/// The model's constants as the kernel uses them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Kern {
    /// The formats of `a` and `b` (different for mixed FP8).
    a: Side,
    b: Side,
    block: usize,
    /// Left shift folded into `a`'s significand: the product then has
    /// `23 + max(extra_bits, 0)` fraction bits.
    p_shift: u32,
    /// Extra right shift of every term (`max(−extra_bits, 0)`).
    q: i32,
    /// `c`'s 24-bit significand (23 fraction bits) is shifted left by this.
    c_up: u32,
    /// The alignment exponent's floor (very low where there is none).
    floor: i32,
    /// `c` takes part in the alignment (no late `c`).
    c_in: bool,
    /// The sum is `sum · 2^(max_exp − k_off)`: `k_off = 23 + extra_bits`.
    k_off: i32,
    result_frac: u32,
    output: OutFormat,
    rounding: Rounding,
    late_c: Option<Rounding>,
}

impl Kern {
    /// The kernel's constants, or `None` where the model is outside what
    /// the kernel proves (a sticky bit, flushed subnormals, a block or
    /// `extra_bits` whose sum could pass `2^32`).
    pub(crate) fn new(m: &Model) -> Option<Kern> {
        let p = &m.params;
        if p.sticky || !p.subnormals || p.block > crate::MAX_BLOCK {
            return None;
        }
        let (pa, pb) = (p.input.frac_bits(), p.b_input.frac_bits());
        let eab = p.extra_bits;
        // The product of significands with `pa` and `pb` fraction bits has
        // `pa + pb`.
        let p_shift = 23 - (pa + pb) as i32 + eab.max(0);
        if !(0..=31).contains(&p_shift) || eab > 7 {
            return None;
        }
        let c_in = p.late_c.is_none();
        let c_up = eab.max(0) as u32;
        // The largest term of a product and of c; a block's terms of one
        // sign must add below 2^32, and each term be below 2^31 (so that a
        // right shift clamped to 31 gives 0 for any larger distance).
        let max_prod = (((1u64 << (pa + 1)) - 1) * ((1u64 << (pb + 1)) - 1)) << p_shift;
        let max_c = if c_in { ((1u64 << 24) - 1) << c_up } else { 0 };
        if max_prod >= 1 << 31 || max_c >= 1 << 31 {
            return None;
        }
        if p.block as u64 * max_prod + max_c >= 1 << 32 {
            return None;
        }
        Some(Kern {
            a: Side::of(p.input),
            b: Side::of(p.b_input),
            block: p.block,
            p_shift: p_shift as u32,
            q: (-eab).max(0),
            c_up,
            floor: p.min_exp.unwrap_or(4 * ZERO_E),
            c_in,
            k_off: 23 + eab,
            result_frac: p.result_frac_bits,
            output: p.output,
            rounding: p.rounding,
            late_c: p.late_c,
        })
    }
}

/// The decoded, padded B past which a narrow B (four or more padded
/// columns for each real one) takes the element-by-element GEMM, and the
/// working memory past which `dot_rows` takes one `dot` a row.
const NARROW_BYTES: usize = 256 << 20;

/// Decoded inputs, structure of arrays: exponent (`ZERO_E` for a zero),
/// significand with the format's fraction bits (shifted by `p_shift` on
/// the `a` side; 0 for a zero), sign as a mask (0 or all ones).
#[derive(Clone, Debug, Default)]
pub(crate) struct Decoded {
    pub e: Vec<i32>,
    pub s: Vec<u32>,
    pub n: Vec<u32>,
}

impl Decoded {
    fn zeroed(len: usize) -> Decoded {
        Decoded {
            e: vec![ZERO_E; len],
            s: vec![0; len],
            n: vec![0; len],
        }
    }
}

/// What an element that the branch-free decode does not take is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Odd {
    /// Infinity or NaN: the row is decided by the general path.
    Special,
    /// Not a value of the format: the row is an error.
    Inexact,
}

/// Decodes `x` (f32 bits of an input) into `(e, s, n)` with the
/// significand shifted left by `shift`; `Err` for an infinity, NaN or a
/// value not exact in the format. The common case (zero or a normal value
/// of the format) takes no branch.
#[inline(always)]
fn decode_one(k: &Side, shift: u32, x: u32) -> (i32, u32, u32, bool) {
    let pf = k.fmt.frac_bits();
    let mag = x & 0x7fff_ffff;
    let normal = mag.wrapping_sub(k.min_bits) <= k.range;
    let zero = mag == 0;
    let ok = (normal | zero) & (x & k.low == 0);
    let e = if zero {
        ZERO_E
    } else {
        (mag >> 23) as i32 - 127
    };
    let s = if zero {
        0
    } else {
        (((mag >> (23 - pf)) & ((1 << pf) - 1)) | (1 << pf)) << shift
    };
    let n = ((x as i32) >> 31) as u32;
    (e, s, n, ok)
}

/// The exact model's decode for an element the branch-free one refused.
#[cold]
fn decode_slow(k: &Side, shift: u32, x: u32) -> Result<(i32, u32, u32), Odd> {
    if is_special_f32(x) {
        // An infinity E4M3 does not have is no value of the format (the
        // exact model's error), not a row for the general path to decide.
        return Err(if k.fmt.from_f32_bits(x).is_none() {
            Odd::Inexact
        } else {
            Odd::Special
        });
    }
    let d = decode(k.fmt, x).ok_or(Odd::Inexact)?;
    let n = if d.neg { u32::MAX } else { 0 };
    if d.sig == 0 {
        Ok((ZERO_E, 0, n))
    } else {
        Ok((d.exp, d.sig << shift, n))
    }
}

/// Writes the exact decode of an element the branch-free decode refused to
/// `dst[j]`, or a zero where it is an infinity, a NaN or no value of the
/// format, and says which of those it was.
#[cold]
fn redo_slow(k: &Side, shift: u32, x: u32, dst: &mut Decoded, j: usize) -> Option<Odd> {
    let ((e, s, n), odd) = match decode_slow(k, shift, x) {
        Ok(d) => (d, None),
        Err(o) => ((ZERO_E, 0, 0), Some(o)),
    };
    dst.e[j] = e;
    dst.s[j] = s;
    dst.n[j] = n;
    odd
}

/// Decodes `src[i]` into `dst[at(i)]` for `i` in `0..src.len()`; returns
/// whether any element was refused, after marking `bad(i)` for each.
#[inline(always)]
fn decode_into(
    k: &Side,
    shift: u32,
    src: &[u32],
    dst: &mut Decoded,
    at: impl Fn(usize) -> usize,
    mut bad: impl FnMut(usize, Odd),
) {
    // Refused elements counted as a u32 (a vector of bools reduces badly).
    let mut refused = 0u32;
    for (i, &x) in src.iter().enumerate() {
        let (e, s, n, ok) = decode_one(k, shift, x);
        let j = at(i);
        dst.e[j] = e;
        dst.s[j] = s;
        dst.n[j] = n;
        refused += (!ok) as u32;
    }
    if refused == 0 {
        return;
    }
    for (i, &x) in src.iter().enumerate() {
        if decode_one(k, shift, x).3 {
            continue;
        }
        if let Some(o) = redo_slow(k, shift, x, dst, at(i)) {
            bad(i, o);
        }
    }
}

/// One operand as the kernel reads it: for each position `t` of the
/// inner products, the sixteen lanes' exponents, significands and signs.
#[derive(Clone, Copy)]
struct Tile<'a> {
    e: &'a [[i32; L]],
    s: &'a [[u32; L]],
    n: &'a [[u32; L]],
}

impl<'a> Tile<'a> {
    /// Positions `0..kdim` of a lane-major tile starting at `d[off]`
    /// (element `(t, l)` at `off + t * L + l`).
    fn of(d: &'a Decoded, off: usize, kdim: usize) -> Tile<'a> {
        let r = off..off + kdim * L;
        Tile {
            e: d.e[r.clone()].as_chunks::<L>().0,
            s: d.s[r.clone()].as_chunks::<L>().0,
            n: d.n[r].as_chunks::<L>().0,
        }
    }
}

/// A row of `A` (positions `off..off + kdim` of `src`) spread to sixteen
/// lanes at `dst[at..]`, to meet sixteen columns of `B`.
fn broadcast_at(src: &Decoded, off: usize, kdim: usize, dst: &mut Decoded, at: usize) {
    for t in 0..kdim {
        let r = at + t * L..at + (t + 1) * L;
        dst.e[r.clone()].fill(src.e[off + t]);
        dst.s[r.clone()].fill(src.s[off + t]);
        dst.n[r].fill(src.n[off + t]);
    }
}

/// `c` as a block enters it, and the alignment exponent of the block.
struct CAlign {
    /// `c`'s exponent, significand (shifted by `c_up`) and sign mask.
    ce: [i32; L],
    cs: [u32; L],
    cn: [u32; L],
    /// No nonzero term in the block (every product zero, `c` zero or late).
    none: [bool; L],
    /// The alignment exponent: max(largest product exponent, c's, floor).
    mxf: [i32; L],
}

/// `c` (f32 bits per lane), as the general path enters it: a 24-bit
/// significand with 23 fraction bits at max(its exponent, -126); with the
/// block's largest product exponent `mx` (`2 * ZERO_E` or below for none)
/// the alignment exponent.
#[inline(always)]
fn c_align(k: &Kern, mx: &[i32; L], c: &[u32; L]) -> CAlign {
    let mut al = CAlign {
        ce: [0; L],
        cs: [0; L],
        cn: [0; L],
        none: [false; L],
        mxf: [0; L],
    };
    for l in 0..L {
        let x = c[l];
        let mag = x & 0x7fff_ffff;
        let raw = (mag >> 23) as i32;
        let zero = mag == 0 || !k.c_in;
        al.ce[l] = if zero { 2 * ZERO_E } else { raw.max(1) - 127 };
        al.cs[l] = if zero {
            0
        } else {
            ((mag & 0x7f_ffff) | (((raw != 0) as u32) << 23)) << k.c_up
        };
        al.cn[l] = ((x as i32) >> 31) as u32;
        let m = mx[l].max(al.ce[l]);
        al.none[l] = m < NONE_BELOW;
        al.mxf[l] = m.max(k.floor);
    }
    al
}

/// [`c_align`] written as whole-array expressions: the same values. LLVM
/// compiles the two forms differently inside the kernels' loop nests (on
/// the development machine this one made the GEMM about 10% faster and
/// the decoded kernel of `dot_rows` three times slower), so each caller
/// takes the form measured faster for it.
#[inline(always)]
fn c_align_arrays(k: &Kern, mx: &[i32; L], c: &[u32; L]) -> CAlign {
    let zero: [bool; L] = std::array::from_fn(|l| c[l] & 0x7fff_ffff == 0 || !k.c_in);
    let raw: [i32; L] = std::array::from_fn(|l| ((c[l] >> 23) & 0xff) as i32);
    let ce: [i32; L] = std::array::from_fn(|l| {
        if zero[l] {
            2 * ZERO_E
        } else {
            raw[l].max(1) - 127
        }
    });
    let cs: [u32; L] = std::array::from_fn(|l| {
        let sig = ((c[l] & 0x7f_ffff) | (((raw[l] != 0) as u32) << 23)) << k.c_up;
        if zero[l] {
            0
        } else {
            sig
        }
    });
    let cn: [u32; L] = std::array::from_fn(|l| ((c[l] as i32) >> 31) as u32);
    let m: [i32; L] = std::array::from_fn(|l| mx[l].max(ce[l]));
    CAlign {
        ce,
        cs,
        cn,
        none: std::array::from_fn(|l| m[l] < NONE_BELOW),
        mxf: std::array::from_fn(|l| m[l].max(k.floor)),
    }
}

/// One block (`t0..t1`) of sixteen inner products: `c` (f32 bits per lane)
/// in, the block result out.
#[inline(always)]
fn block_body<const ARRAYS: bool>(
    k: &Kern,
    a: Tile,
    b: Tile,
    t0: usize,
    t1: usize,
    c: &mut [u32; L],
) {
    // Pass 1: the largest exponent among the products (Generic_BFMA_TC.m's
    // alignment to the maximum exponent); zero products carry ZERO_E.
    let mut mx = [2 * ZERO_E; L];
    for (ae, be) in a.e[t0..t1].iter().zip(&b.e[t0..t1]) {
        for l in 0..L {
            mx[l] = mx[l].max(ae[l] + be[l]);
        }
    }
    let al = if ARRAYS {
        c_align_arrays(k, &mx, c)
    } else {
        c_align(k, &mx, c)
    };
    // Pass 2: each term truncated at 2^(max_exp - 23 - extra_bits), added
    // by sign.
    let mut pos = [0u32; L];
    let mut neg = [0u32; L];
    let ra = a.e[t0..t1].iter().zip(&a.s[t0..t1]).zip(&a.n[t0..t1]);
    let rb = b.e[t0..t1].iter().zip(&b.s[t0..t1]).zip(&b.n[t0..t1]);
    // Distance of a term's exponent ex to the alignment exponent, plus q:
    // (mxf + q) - ex >= 0, as ex <= mxf.
    let mq: [i32; L] = std::array::from_fn(|l| al.mxf[l] + k.q);
    for (((ae, as_), an), ((be, bs), bn)) in ra.zip(rb) {
        for l in 0..L {
            let d = (mq[l] - (ae[l] + be[l])) as u32;
            // A distance of 32 or more leaves 0 (every product is below
            // 2^31).
            let term = as_[l].wrapping_mul(bs[l]).checked_shr(d).unwrap_or(0);
            let m = an[l] ^ bn[l];
            pos[l] = pos[l].wrapping_add(term & !m);
            neg[l] = neg[l].wrapping_add(term & m);
        }
    }
    // Only for a block without a nonzero term (rare): whether every
    // product is -0.
    let zero_neg = || {
        let mut zn = [true; L];
        for (an, bn) in a.n[t0..t1].iter().zip(&b.n[t0..t1]) {
            for l in 0..L {
                zn[l] &= an[l] ^ bn[l] != 0;
            }
        }
        zn
    };
    finish(k, &al, pos, neg, zero_neg, c);
}

/// The end of a block: `c`'s term added to the sums of the products'
/// terms by sign (`pos`, `neg`), then the normalisation and the one
/// rounding, the result in `c`. `zero_neg` tells, for a block without a
/// nonzero term, whether every product is -0 (called only then).
#[inline(always)]
fn finish(
    k: &Kern,
    al: &CAlign,
    mut pos: [u32; L],
    mut neg: [u32; L],
    zero_neg: impl FnOnce() -> [bool; L],
    c: &mut [u32; L],
) {
    let CAlign {
        ce,
        cs,
        cn,
        none,
        mxf,
    } = al;
    let zero_neg = if none.iter().any(|&x| x) {
        zero_neg()
    } else {
        [true; L]
    };
    for l in 0..L {
        let d = (mxf[l] - ce[l] + k.q).min(31) as u32;
        let term = cs[l] >> d;
        let m = cn[l];
        pos[l] = pos[l].wrapping_add(term & !m);
        neg[l] = neg[l].wrapping_add(term & m);
    }
    // Normalisation and the one rounding. First in every lane without a
    // branch, for a normal result: |sum| = pos - neg or neg - pos (both
    // below 2^32, so the difference fits a u32) times 2^kk, its leading
    // bit at `lead`, kept to `frac` fraction bits (round_to_bits with the
    // quantum 2^(lead - frac), which it uses for lead >= emin).
    let frac = k.result_frac;
    let (emin, emax) = (k.output.emin(), k.output.emax());
    let rne = k.rounding == Rounding::Rne;
    let mut fast = [0u32; L];
    let mut ok = [false; L];
    for l in 0..L {
        let (p, q) = (pos[l], neg[l]);
        let negative = p < q;
        let mag = if negative { q - p } else { p - q };
        let n = 32 - mag.leading_zeros() as i32;
        let lead = mxf[l] - k.k_off + n - 1;
        let shift = n - 1 - frac as i32;
        let sh = shift.max(0) as u32;
        let mut qv = if shift >= 0 {
            mag >> sh
        } else {
            mag << ((-shift) as u32 & 31)
        };
        if rne {
            let rem = mag & ((1u32 << sh) - 1);
            let half = (1u32 << sh) >> 1;
            let up = (rem > half) | ((rem == half) & (half != 0) & (qv & 1 == 1));
            qv += up as u32;
        }
        // Rounding up to 2^(frac+1): one binade up.
        let carry = qv >> (frac + 1);
        qv >>= carry;
        let lead_r = lead + carry as i32;
        ok[l] = (mag != 0) & !none[l] & (lead >= emin) & (lead_r <= emax);
        fast[l] = (((lead_r + 127) as u32) << 23)
            | ((qv << (23 - frac)) & 0x7f_ffff)
            | ((negative as u32) << 31);
    }
    // The common case for all lanes at once.
    let mut rest = false;
    for l in 0..L {
        let take = ok[l] & k.late_c.is_none() & !is_special_f32(c[l]);
        rest |= !take;
        ok[l] = take;
        c[l] = if take { fast[l] } else { c[l] };
    }
    if !rest {
        return;
    }
    // Then, lane by lane, what the branch-free step does not cover.
    for l in 0..L {
        if ok[l] {
            continue;
        }
        if is_special_f32(c[l]) {
            // An earlier block overflowed: the general path stops the
            // chain there, its infinity is the result.
            continue;
        }
        let sum = pos[l] as i64 - neg[l] as i64;
        let mut r = if none[l] {
            // No nonzero term (every product zero, c zero or late): IEEE's
            // sign of an exact zero sum, -0 only when every term is -0.
            let all_neg = zero_neg[l] && (k.late_c.is_some() || cn[l] != 0);
            (all_neg as u32) << 31
        } else if sum == 0 {
            0 // exact cancellation: +0
        } else {
            let bits = round_to_bits(
                sum.unsigned_abs(),
                mxf[l] - k.k_off,
                k.result_frac,
                emin,
                emax,
                k.rounding,
                Target::F32,
            );
            // A sum that rounds to zero is +0 (Model::align_sum_round).
            if bits == 0 {
                0
            } else {
                bits | ((sum < 0) as u32) << 31
            }
        };
        if let Some(mode) = k.late_c {
            r = add_rounded(r, c[l], k.output, mode);
        }
        c[l] = r;
    }
}

/// Every block of a `kdim`-long inner product in sixteen lanes. Returns
/// the lanes left to the general path (an infinity or NaN `c`).
/// `ARRAYS`: which form of [`c_align`] (see [`c_align_arrays`]).
#[inline(always)]
fn chain<const ARRAYS: bool>(k: &Kern, kdim: usize, a: Tile, b: Tile, c: &mut [u32; L]) -> u32 {
    // An infinity or NaN `c` is decided over the whole row by the general
    // path.
    let mut redo = 0;
    for (l, &x) in c.iter().enumerate() {
        if is_special_f32(x) {
            redo |= 1 << l;
        }
    }
    let mut t0 = 0;
    while t0 < kdim {
        let t1 = (t0 + k.block).min(kdim);
        block_body::<ARRAYS>(k, a, b, t0, t1, c);
        t0 = t1;
    }
    redo
}

/// f32's exponent field.
const EM: u32 = 0x7f80_0000;
/// f32's implicit bit.
const IMPL: u32 = 0x0080_0000;

/// The fused kernel's constants: the decode of the raw f32 words inside
/// the block passes, for formats whose exponent range is f32's (bf16,
/// tf32), so that a zero or normal f32 exact in the format is a zero or
/// normal value of it, with f32's exponent field and the format's
/// fraction on top of f32's.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fuse {
    /// The format's fraction bits in f32's fraction, for `a` and `b`.
    fra: u32,
    frb: u32,
    /// Right shifts from f32's 24-bit significand to the kernel's: the
    /// format's significand, `a`'s shifted left by `p_shift` (as
    /// [`decode_one`] makes it).
    a_down: u32,
    b_down: u32,
    /// f32 fraction bits below the format's (zero in an exact input).
    low: u32,
    /// The format's exponent range is narrower than f32's (fp16): the
    /// inputs' magnitudes are checked against its normal range instead of
    /// f32's fields, `(min_bits << 1) - 1` and `max_bits << 1` (of the
    /// magnitude shifted out of the sign).
    ranged: bool,
    min2: u32,
    max2: u32,
}

impl Fuse {
    /// `None` where the model's formats or its late `c` are outside the
    /// fused kernel (the decoded kernel serves them).
    pub(crate) fn new(k: &Kern) -> Option<Fuse> {
        // Both formats alike (not mixed FP8), every normal value of the
        // format an f32 normal (FP8's are too, but its models have a late
        // c or wider terms: left to the decoded kernel).
        if k.late_c.is_some()
            || k.a.fmt != k.b.fmt
            || !matches!(k.a.fmt, InFormat::Bf16 | InFormat::Tf32 | InFormat::F16)
        {
            return None;
        }
        let (pa, pb) = (k.a.fmt.frac_bits(), k.b.fmt.frac_bits());
        let a_down = 23 - pa as i32 - k.p_shift as i32;
        if a_down < 0 {
            return None;
        }
        Some(Fuse {
            fra: ((1 << pa) - 1) << (23 - pa),
            frb: ((1 << pb) - 1) << (23 - pb),
            a_down: a_down as u32,
            b_down: 23 - pb,
            low: k.a.low,
            ranged: k.a.min_bits != IMPL,
            min2: (k.a.min_bits << 1) - 1,
            max2: (k.a.min_bits + k.a.range) << 1,
        })
    }
}

/// Rows `lanes` of `kdim` raw words each (row-major `src`) to the
/// lane-major `dst` (position `t`, lane `l` at `dst[t][l]`; lanes past
/// `lanes` zero). `simd`: whether the AVX2 transposition may run (the
/// caller's kernel was detected).
#[inline(always)]
fn transpose_raw(simd: Kernel, src: &[u32], lanes: usize, kdim: usize, dst: &mut [[u32; L]]) {
    debug_assert!(src.len() == lanes * kdim && dst.len() == kdim);
    #[cfg(target_arch = "x86_64")]
    if simd == Kernel::Avx512 && lanes == L && kdim.is_multiple_of(16) {
        // SAFETY: `simd` is only Avx512 where Kernel::detect found it.
        #[allow(unsafe_code)]
        unsafe {
            transpose_avx512(src, kdim, dst)
        };
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if simd != Kernel::Portable && lanes == L && kdim.is_multiple_of(8) {
        // SAFETY: `simd` is only Avx2 or Avx512 where Kernel::detect found
        // AVX2 (both have it).
        #[allow(unsafe_code)]
        unsafe {
            transpose_avx2(src, kdim, dst)
        };
        return;
    }
    let _ = simd;
    for (t, col) in dst.iter_mut().enumerate() {
        for (l, x) in col.iter_mut().enumerate() {
            *x = if l < lanes { src[l * kdim + t] } else { 0 };
        }
    }
}

/// [`transpose_raw`] for sixteen lanes and `kdim` a multiple of 8: 8×8
/// squares transposed in registers (unpacks of 32 and 64 bits, then the
/// 128-bit halves exchanged).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn transpose_avx2(src: &[u32], kdim: usize, dst: &mut [[u32; L]]) {
    use std::arch::x86_64::*;
    assert!(src.len() == L * kdim && dst.len() == kdim && kdim.is_multiple_of(8));
    for rb in (0..L).step_by(8) {
        for cb in (0..kdim).step_by(8) {
            // SAFETY: rows rb..rb + 8 of src, words cb..cb + 8 of each,
            // are inside src (asserted above); unaligned loads.
            #[allow(unsafe_code)]
            let r: [__m256i; 8] = std::array::from_fn(|i| unsafe {
                _mm256_loadu_si256(src.as_ptr().add((rb + i) * kdim + cb).cast())
            });
            let t0 = _mm256_unpacklo_epi32(r[0], r[1]);
            let t1 = _mm256_unpackhi_epi32(r[0], r[1]);
            let t2 = _mm256_unpacklo_epi32(r[2], r[3]);
            let t3 = _mm256_unpackhi_epi32(r[2], r[3]);
            let t4 = _mm256_unpacklo_epi32(r[4], r[5]);
            let t5 = _mm256_unpackhi_epi32(r[4], r[5]);
            let t6 = _mm256_unpacklo_epi32(r[6], r[7]);
            let t7 = _mm256_unpackhi_epi32(r[6], r[7]);
            let u0 = _mm256_unpacklo_epi64(t0, t2);
            let u1 = _mm256_unpackhi_epi64(t0, t2);
            let u2 = _mm256_unpacklo_epi64(t1, t3);
            let u3 = _mm256_unpackhi_epi64(t1, t3);
            let u4 = _mm256_unpacklo_epi64(t4, t6);
            let u5 = _mm256_unpackhi_epi64(t4, t6);
            let u6 = _mm256_unpacklo_epi64(t5, t7);
            let u7 = _mm256_unpackhi_epi64(t5, t7);
            let cols = [
                _mm256_permute2x128_si256(u0, u4, 0x20),
                _mm256_permute2x128_si256(u1, u5, 0x20),
                _mm256_permute2x128_si256(u2, u6, 0x20),
                _mm256_permute2x128_si256(u3, u7, 0x20),
                _mm256_permute2x128_si256(u0, u4, 0x31),
                _mm256_permute2x128_si256(u1, u5, 0x31),
                _mm256_permute2x128_si256(u2, u6, 0x31),
                _mm256_permute2x128_si256(u3, u7, 0x31),
            ];
            for (j, v) in cols.into_iter().enumerate() {
                let to = &mut dst[cb + j][rb..rb + 8];
                // SAFETY: `to` is eight u32 (a slice of a row of dst);
                // unaligned store.
                #[allow(unsafe_code)]
                unsafe {
                    _mm256_storeu_si256(to.as_mut_ptr().cast(), v)
                };
            }
        }
    }
}

/// [`transpose_raw`] for sixteen lanes and `kdim` a multiple of 16:
/// 16×16 squares transposed in registers (unpacks of 32 and 64 bits, then
/// two exchanges of 128-bit quarters): 64 shuffles per square, against 96
/// for four 8×8 squares in AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn transpose_avx512(src: &[u32], kdim: usize, dst: &mut [[u32; L]]) {
    use std::arch::x86_64::*;
    assert!(src.len() == L * kdim && dst.len() == kdim && kdim.is_multiple_of(16));
    for cb in (0..kdim).step_by(16) {
        // SAFETY: row i of src, words cb..cb + 16, is inside src (asserted
        // above); unaligned loads.
        #[allow(unsafe_code)]
        let r: [__m512i; 16] = std::array::from_fn(|i| unsafe {
            _mm512_loadu_si512(src.as_ptr().add(i * kdim + cb).cast())
        });
        // t[2i], t[2i + 1]: rows 2i, 2i + 1 interleaved (columns 0, 1 and
        // 2, 3 of each 128-bit quarter).
        let t: [__m512i; 16] = std::array::from_fn(|i| {
            let (x, y) = (r[i & !1], r[i | 1]);
            if i % 2 == 0 {
                _mm512_unpacklo_epi32(x, y)
            } else {
                _mm512_unpackhi_epi32(x, y)
            }
        });
        // u[4g + c]: rows 4g..4g + 4, column c of each quarter (columns c,
        // c + 4, c + 8, c + 12).
        let u: [__m512i; 16] = std::array::from_fn(|i| {
            let (g, c) = (i / 4, i % 4);
            let (x, y) = (t[4 * g + c / 2], t[4 * g + c / 2 + 2]);
            if c % 2 == 0 {
                _mm512_unpacklo_epi64(x, y)
            } else {
                _mm512_unpackhi_epi64(x, y)
            }
        });
        for c in 0..4 {
            // Rows 0..8 (v, w) and 8..16 (v2, w2): quarters 0 and 2 (v)
            // or 1 and 3 (w) of two groups of four rows.
            let v = _mm512_shuffle_i32x4::<0b10_00_10_00>(u[c], u[4 + c]);
            let w = _mm512_shuffle_i32x4::<0b11_01_11_01>(u[c], u[4 + c]);
            let v2 = _mm512_shuffle_i32x4::<0b10_00_10_00>(u[8 + c], u[12 + c]);
            let w2 = _mm512_shuffle_i32x4::<0b11_01_11_01>(u[8 + c], u[12 + c]);
            let cols = [
                (c, _mm512_shuffle_i32x4::<0b10_00_10_00>(v, v2)),
                (c + 8, _mm512_shuffle_i32x4::<0b11_01_11_01>(v, v2)),
                (c + 4, _mm512_shuffle_i32x4::<0b10_00_10_00>(w, w2)),
                (c + 12, _mm512_shuffle_i32x4::<0b11_01_11_01>(w, w2)),
            ];
            for (j, x) in cols {
                let to = &mut dst[cb + j];
                // SAFETY: `to` is sixteen u32 (a row of dst); unaligned
                // store.
                #[allow(unsafe_code)]
                unsafe {
                    _mm512_storeu_si512(to.as_mut_ptr().cast(), x)
                };
            }
        }
    }
}

/// One block (`t0..t1`) of sixteen inner products from raw f32 words
/// (lane-major, [`transpose_raw`]): the decode of [`decode_one`] done
/// inside the two passes of [`block_body`], which it equals term for term
/// on zeros and normal values of the format. Returns `false`, with `c`
/// unspecified, where an input is anything else (a subnormal, an
/// infinity, NaN, a value not exact in the format): the caller redoes the
/// lanes through the decoded kernel.
#[inline(always)]
fn fused_block<const RANGED: bool>(
    k: &Kern,
    f: &Fuse,
    xa: &[[u32; L]],
    xb: &[[u32; L]],
    t0: usize,
    t1: usize,
    c: &mut [u32; L],
) -> bool {
    let (xa, xb) = (&xa[t0..t1], &xb[t0..t1]);
    // Pass 1: the largest exponent among the products, as the sum of the
    // f32 exponent fields (in units of 2^23; 0 for a product with a zero
    // factor, below every other); and the checks of the inputs.
    let mut mxu = [0u32; L];
    let mut hi = [0u32; L];
    // The smallest significand - 1 (f32's range: below IMPL - 1 for a
    // subnormal), or the smallest magnitude - 1 (RANGED).
    let mut lo = [u32::MAX; L];
    // The inputs' bits below the format's fraction, ORed (both operands
    // have the format, Fuse::new).
    let mut or_ab = [0u32; L];
    for (pa, pb) in xa.iter().zip(xb) {
        for l in 0..L {
            let (x, y) = (pa[l], pb[l]);
            let (fa, fb) = (x & EM, y & EM);
            let e = if fa.min(fb) == 0 { 0 } else { fa + fb };
            mxu[l] = mxu[l].max(e);
            if RANGED {
                // Zero -> u32::MAX; anything else its magnitude - 1.
                let (xs, ys) = (x << 1, y << 1);
                hi[l] = hi[l].max(xs.max(ys));
                lo[l] = lo[l].min(xs.wrapping_sub(1)).min(ys.wrapping_sub(1));
            } else {
                hi[l] = hi[l].max(fa.max(fb));
            }
            or_ab[l] |= x | y;
        }
    }
    // The product exponent as decode_one's e_a + e_b: fields - 254.
    let mx: [i32; L] = std::array::from_fn(|l| {
        let v = (mxu[l] >> 23) as i32 - 254;
        if mxu[l] == 0 {
            2 * ZERO_E
        } else {
            v
        }
    });
    let al = c_align(k, &mx, c);
    // Pass 2: decode_one's significands (a zero's is 0: its implicit bit
    // is min(field, IMPL)), each term as block_body's.
    let mq: [i32; L] = std::array::from_fn(|l| al.mxf[l] + k.q + 254);
    // Every term, and the negative ones (the block's terms add below
    // 2^32 whatever their signs, Kern::new); the positive ones are the
    // difference.
    let mut all = [0u32; L];
    let mut neg = [0u32; L];
    for (pa, pb) in xa.iter().zip(xb) {
        for l in 0..L {
            let (x, y) = (pa[l], pb[l]);
            let (fa, fb) = (x & EM, y & EM);
            let sa = (x & f.fra) | fa.min(IMPL);
            let sb = (y & f.frb) | fb.min(IMPL);
            if !RANGED {
                lo[l] = lo[l].min(sa.wrapping_sub(1)).min(sb.wrapping_sub(1));
            }
            let d = (mq[l] - ((fa + fb) >> 23) as i32) as u32;
            let term = ((sa >> f.a_down) * (sb >> f.b_down))
                .checked_shr(d)
                .unwrap_or(0);
            all[l] = all[l].wrapping_add(term);
            let m = (((x ^ y) as i32) >> 31) as u32;
            neg[l] = neg[l].wrapping_add(term & m);
        }
    }
    let mut pos = [0u32; L];
    let mut bad = 0u32;
    for l in 0..L {
        pos[l] = all[l].wrapping_sub(neg[l]);
        bad |= (or_ab[l] & f.low)
            | if RANGED {
                (hi[l] > f.max2) as u32 | (lo[l] < f.min2) as u32
            } else {
                (hi[l] >= EM) as u32 | (lo[l] < IMPL - 1) as u32
            };
    }
    if bad != 0 {
        return false;
    }
    let zero_neg = || {
        let mut zn = [true; L];
        for (pa, pb) in xa.iter().zip(xb) {
            for l in 0..L {
                zn[l] &= ((pa[l] ^ pb[l]) as i32) < 0;
            }
        }
        zn
    };
    finish(k, &al, pos, neg, zero_neg, c);
    true
}

/// [`chain`] on raw words through [`fused_block`]: `None` (with `c`
/// unspecified) where an input is outside the fused kernel.
#[inline(always)]
fn fused_chain(
    k: &Kern,
    f: &Fuse,
    kdim: usize,
    xa: &[[u32; L]],
    xb: &[[u32; L]],
    c: &mut [u32; L],
) -> Option<u32> {
    let mut redo = 0;
    for (l, &x) in c.iter().enumerate() {
        if is_special_f32(x) {
            redo |= 1 << l;
        }
    }
    let mut t0 = 0;
    while t0 < kdim {
        let t1 = (t0 + k.block).min(kdim);
        let ok = if f.ranged {
            fused_block::<true>(k, f, xa, xb, t0, t1, c)
        } else {
            fused_block::<false>(k, f, xa, xb, t0, t1, c)
        };
        if !ok {
            return None;
        }
        t0 = t1;
    }
    Some(redo)
}

/// A piece of work compiled once per instruction set: [`dispatch`]
/// inlines `run` (marked `#[inline(always)]` in every impl) into a
/// function carrying the target features, so everything it inlines (the
/// decode, the kernel) is compiled with them.
trait Job {
    type Out;
    fn run(self) -> Self::Out;
}

/// Runs `job` compiled for `kernel`'s instruction set (the portable
/// compilation where the CPU lacks it).
#[inline(always)]
fn dispatch<J: Job>(kernel: Kernel, job: J) -> J::Out {
    match kernel {
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2 if Kernel::Avx2.supported() => {
            // SAFETY: Kernel::detect found every feature run_avx2 is
            // compiled with.
            #[allow(unsafe_code)]
            unsafe {
                run_avx2(job)
            }
        }
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx512 if Kernel::Avx512.supported() => {
            // SAFETY: Kernel::detect found every feature run_avx512 is
            // compiled with.
            #[allow(unsafe_code)]
            unsafe {
                run_avx512(job)
            }
        }
        _ => job.run(),
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn run_avx2<J: Job>(job: J) -> J::Out {
    job.run()
}

#[cfg(target_arch = "x86_64")]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512dq,avx512cd,avx2,bmi1,bmi2,lzcnt,popcnt"
)]
fn run_avx512<J: Job>(job: J) -> J::Out {
    job.run()
}

/// A transposition and [`decode_into`] in one pass: `lanes` rows of `kdim`
/// inputs (row-major) decoded into the lane-major tile `dst` (position
/// `t`, lane `l` at `t * L + l`; lanes past `lanes` zero). Each 16×16
/// square is moved to the stack, then each of its columns (one position
/// of the sixteen rows) decoded as one vector: the tile is written once,
/// never the transposed words. Returns the lanes with an element the
/// branch-free decode refused that the exact decode refuses too
/// (infinity, NaN, inexact); what it takes (subnormals) is in `dst`.
#[inline(always)]
// Column `tt` of the square is read across its rows (`sq[l][tt]`): an
// index, not an iteration over one row.
#[allow(clippy::needless_range_loop)]
fn transpose_decode(
    k: &Side,
    shift: u32,
    src: &[u32],
    lanes: usize,
    kdim: usize,
    dst: &mut Decoded,
) -> u32 {
    debug_assert!(src.len() == lanes * kdim && dst.e.len() == kdim * L);
    // Per lane, reduced once at the end (a reduction per column costs
    // more than the decode).
    let mut refused = [0u32; L];
    for t0 in (0..kdim).step_by(16) {
        let w = (kdim - t0).min(16);
        let mut sq = [[0u32; 16]; L];
        for (l, row) in sq.iter_mut().enumerate().take(lanes) {
            let from = &src[l * kdim + t0..l * kdim + t0 + w];
            if let Ok(full) = <&[u32; 16]>::try_from(from) {
                *row = *full;
            } else {
                row[..w].copy_from_slice(from);
            }
        }
        for tt in 0..w {
            let at = (t0 + tt) * L;
            let e: &mut [i32; L] = (&mut dst.e[at..at + L]).try_into().expect("L lanes");
            let s: &mut [u32; L] = (&mut dst.s[at..at + L]).try_into().expect("L lanes");
            let n: &mut [u32; L] = (&mut dst.n[at..at + L]).try_into().expect("L lanes");
            for l in 0..L {
                let (de, ds, dn, ok) = decode_one(k, shift, sq[l][tt]);
                e[l] = de;
                s[l] = ds;
                n[l] = dn;
                refused[l] |= (!ok) as u32;
            }
        }
    }
    if refused.iter().fold(0, |x, &y| x | y) == 0 {
        return 0;
    }
    // The rare elements the branch-free decode refused: the exact decode.
    let mut bad = 0u32;
    for l in 0..lanes {
        for t in 0..kdim {
            let x = src[l * kdim + t];
            if decode_one(k, shift, x).3 {
                continue;
            }
            if redo_slow(k, shift, x, dst, t * L + l).is_some() {
                bad |= 1 << l;
            }
        }
    }
    bad
}

/// Accumulator bits (`c`, `d` of the API) to the f32 bits the kernel uses.
#[inline]
fn acc_in(out: OutFormat, c: u32) -> u32 {
    match out {
        OutFormat::F32 => c,
        OutFormat::F16 => f16_to_f32_bits(c as u16),
    }
}

/// The kernel's f32 result to accumulator bits.
#[inline]
fn acc_out(out: OutFormat, r: u32) -> u32 {
    match out {
        OutFormat::F32 => r,
        OutFormat::F16 => {
            if r == F32_NAN {
                F16_NAN as u32
            } else {
                f32_to_f16_exact(r) as u32
            }
        }
    }
}

/// How many rows of [`Model::dot_rows_paths`] each path decided.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Paths {
    /// Rows left to [`Model::dot`] (infinities, NaN, errors; every row
    /// where the kernel does not apply).
    pub scalar: usize,
    /// Rows in groups of sixteen that the fused kernel decided (the rest
    /// of the groups went to the decoded kernel).
    pub fused: usize,
}

impl Model {
    /// `d[r] = dot(a[r], b[r], c[r])` for `S = c.len()` rows, `a` and `b`
    /// row-major `S × kdim`, the same bits as [`Model::dot`] row by row
    /// (which is what rows the batched kernel does not decide run
    /// through). `c` and `d` are in the accumulator format. The first
    /// row (in order) with an error gives the error.
    pub fn dot_rows(
        &self,
        kdim: usize,
        a: &[u32],
        b: &[u32],
        c: &[u32],
        d: &mut [u32],
    ) -> Result<(), TcError> {
        self.dot_rows_with(Kernel::detected_rows(), kdim, a, b, c, d)
    }

    /// [`Model::dot_rows`] with a chosen compilation of the kernel (one
    /// the CPU lacks runs the portable one): for tests and benchmarks.
    pub fn dot_rows_with(
        &self,
        kernel: Kernel,
        kdim: usize,
        a: &[u32],
        b: &[u32],
        c: &[u32],
        d: &mut [u32],
    ) -> Result<(), TcError> {
        self.dot_rows_counted(kernel, kdim, a, b, c, d).map(|_| ())
    }

    /// [`Model::dot_rows_with`], returning how many rows the kernel left to
    /// [`Model::dot`] (for tests: that the kernel, not the fallback, is
    /// what they check).
    #[doc(hidden)]
    pub fn dot_rows_counted(
        &self,
        kernel: Kernel,
        kdim: usize,
        a: &[u32],
        b: &[u32],
        c: &[u32],
        d: &mut [u32],
    ) -> Result<usize, TcError> {
        self.dot_rows_paths(kernel, true, kdim, a, b, c, d)
            .map(|p| p.scalar)
    }

    /// [`Model::dot_rows_with`], with the fused kernel (raw words decoded
    /// inside the block passes) on or off, returning how many rows each
    /// path decided: for tests and benchmarks.
    #[doc(hidden)]
    #[allow(clippy::too_many_arguments)]
    pub fn dot_rows_paths(
        &self,
        kernel: Kernel,
        fused: bool,
        kdim: usize,
        a: &[u32],
        b: &[u32],
        c: &[u32],
        d: &mut [u32],
    ) -> Result<Paths, TcError> {
        let s = c.len();
        Gemm::rows_shape(kdim, a, b, c, d)?;
        // The kernel's working memory is about 512 bytes per K (16 lanes
        // of decoded A and B, and their blocks): past NARROW_BYTES a row
        // is one `dot`, which holds nothing per K (K = 8 Mi aborted).
        let long = kdim.saturating_mul(512) > NARROW_BYTES;
        let Some(k) = Kern::new(self).filter(|_| kdim > 0 && !long) else {
            for (r, o) in d.iter_mut().enumerate() {
                let (lo, hi) = (r * kdim, (r + 1) * kdim);
                *o = self.dot(&a[lo..hi], &b[lo..hi], c[r])?;
            }
            return Ok(Paths {
                scalar: s,
                fused: 0,
            });
        };
        dispatch(
            kernel,
            RowsJob {
                model: self,
                k: &k,
                fused,
                simd: if kernel.supported() {
                    kernel
                } else {
                    Kernel::Portable
                },
                kdim,
                a,
                b,
                c,
                d,
            },
        )
    }

    /// `D = A·B + C` ([`Model::gemm`]) on `threads` threads (rows of `D`
    /// split between them; `A` and `B` decoded once). The same bits as
    /// [`Model::gemm`] whatever `threads`.
    pub fn gemm_threads(&self, threads: usize, g: Gemm) -> Result<Vec<u32>, TcError> {
        self.gemm_with(Kernel::detected(), threads, g)
    }

    /// [`Model::gemm_threads`] that asks `stop` between blocks of
    /// [`STOP_ROWS`] rows of each thread whether to go on: `Ok(None)`
    /// where it said stop. The rows computed are the same either way.
    pub fn gemm_threads_until(
        &self,
        threads: usize,
        g: Gemm,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<Vec<u32>>, TcError> {
        self.gemm_stoppable(Kernel::detected(), threads, g, stop)
    }

    /// [`Model::gemm_threads`] with a chosen compilation of the kernel:
    /// for tests and benchmarks.
    pub fn gemm_with(&self, kernel: Kernel, threads: usize, g: Gemm) -> Result<Vec<u32>, TcError> {
        // A `stop` that never says stop: always `Some`.
        let d = self.gemm_stoppable(kernel, threads, g, &|| false)?;
        Ok(d.unwrap_or_default())
    }

    /// [`Model::gemm_with`] that asks `stop` between blocks of rows.
    fn gemm_stoppable(
        &self,
        kernel: Kernel,
        threads: usize,
        g: Gemm,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<Vec<u32>>, TcError> {
        let ((m, n, kdim), (a, b, c)) = (g.dims(), g.operands());
        let Some(kn) = Kern::new(self).filter(|_| kdim > 0) else {
            return self.gemm_reference(g).map(Some);
        };
        // Decode A (rows, broadcast) and B (rows padded to whole tiles of
        // sixteen columns) once.
        let np = n.div_ceil(L) * L;
        // A narrow B (a matrix-vector product) padded to a tile would take
        // 12 bytes a padded element: 3 GB for one column of 16M values.
        // Past NARROW_BYTES, where the padding is most of it, the
        // elements are computed one by one in memory of the inputs' size.
        if np >= 4 * n && kdim.saturating_mul(np).saturating_mul(12) > NARROW_BYTES {
            return self.gemm_reference(g).map(Some);
        }
        let mut da = Decoded::zeroed(m * kdim);
        let mut db = Decoded::zeroed(kdim * np);
        let mut row_bad = vec![false; m];
        let mut col_bad = vec![false; n];
        let mut inexact = false;
        decode_into(
            &kn.a,
            kn.p_shift,
            a,
            &mut da,
            |i| i,
            |i, o| {
                row_bad[i / kdim] = true;
                inexact |= o == Odd::Inexact;
            },
        );
        for t in 0..kdim {
            let src = &b[t * n..(t + 1) * n];
            decode_into(
                &kn.b,
                0,
                src,
                &mut db,
                // Tile-major: the sixteen columns j0.. of B, position t of
                // their inner products, at j0 * kdim + t * L + (j - j0).
                |j| (j / L) * L * kdim + t * L + j % L,
                |j, o| {
                    col_bad[j] = true;
                    inexact |= o == Odd::Inexact;
                },
            );
        }
        if inexact {
            // The error, as the element-by-element GEMM reports it.
            return self.gemm_reference(g).map(Some);
        }
        let mut tile_bad = vec![0u32; np / L];
        for (j, _) in col_bad.iter().enumerate().filter(|(_, &x)| x) {
            tile_bad[j / L] |= 1 << (j % L);
        }
        let mut d = vec![0u32; m * n];
        let rows = |i0: usize, dst: &mut [u32]| {
            dispatch(
                kernel,
                GemmJob {
                    model: self,
                    k: &kn,
                    kdim,
                    n,
                    a,
                    b,
                    c,
                    da: &da,
                    db: &db,
                    row_bad: &row_bad,
                    tile_bad: &tile_bad,
                    i0,
                    dst,
                },
            )
        };
        // A thread's rows, STOP_ROWS at a time, `stop` asked before each
        // block (a set flag ends every thread at its next block).
        let stopped = std::sync::atomic::AtomicBool::new(false);
        let rows_until = |i0: usize, dst: &mut [u32]| {
            use std::sync::atomic::Ordering;
            for (bi, block) in dst.chunks_mut(STOP_ROWS * n.max(1)).enumerate() {
                if stopped.load(Ordering::Relaxed) || stop() {
                    stopped.store(true, Ordering::Relaxed);
                    return;
                }
                rows(i0 + bi * STOP_ROWS, block);
            }
        };
        let threads = threads.clamp(1, m.max(1));
        if threads == 1 || n == 0 {
            rows_until(0, &mut d);
        } else {
            let per = m.div_ceil(threads);
            std::thread::scope(|sc| {
                for (ci, chunk) in d.chunks_mut(per * n).enumerate() {
                    let rows_until = &rows_until;
                    sc.spawn(move || rows_until(ci * per, chunk));
                }
            });
        }
        Ok((!stopped.into_inner()).then_some(d))
    }
}

/// The rows of D a GEMM thread computes between two questions to its
/// `stop` ([`Model::gemm_threads_until`]): a multiple of the kernel's
/// cache block of 16 rows, so that the blocking is the same as without.
const STOP_ROWS: usize = 64;

/// [`Model::dot_rows_counted`] once the kernel applies.
struct RowsJob<'a> {
    model: &'a Model,
    k: &'a Kern,
    /// Whether the fused kernel runs first ([`Fuse`]).
    fused: bool,
    /// Which transposition in registers may run (the detected kernel).
    simd: Kernel,
    kdim: usize,
    a: &'a [u32],
    b: &'a [u32],
    c: &'a [u32],
    d: &'a mut [u32],
}

impl Job for RowsJob<'_> {
    type Out = Result<Paths, TcError>;

    #[inline(always)]
    fn run(self) -> Result<Paths, TcError> {
        let RowsJob {
            model,
            k,
            fused,
            simd,
            kdim,
            a,
            b,
            c,
            d,
        } = self;
        let k = *k;
        let s = c.len();
        let out = model.params.output;
        let scalar = |r: usize| {
            let (lo, hi) = (r * kdim, (r + 1) * kdim);
            model.dot(&a[lo..hi], &b[lo..hi], c[r])
        };
        let mut paths = Paths::default();
        let mut ta = Decoded::zeroed(kdim * L);
        let mut tb = Decoded::zeroed(kdim * L);
        let fuse = Fuse::new(&k).filter(|_| fused);
        let (mut xa, mut xb) = match fuse {
            Some(_) => (vec![[0u32; L]; kdim], vec![[0u32; L]; kdim]),
            None => (Vec::new(), Vec::new()),
        };
        for r0 in (0..s).step_by(L) {
            let lanes = (s - r0).min(L);
            let src = r0 * kdim..(r0 + lanes) * kdim;
            let mut c_in = [0u32; L];
            match out {
                OutFormat::F32 => c_in[..lanes].copy_from_slice(&c[r0..r0 + lanes]),
                OutFormat::F16 => {
                    for (x, &y) in c_in.iter_mut().zip(&c[r0..r0 + lanes]) {
                        *x = acc_in(out, y);
                    }
                }
            }
            let mut acc = c_in;
            // The fused kernel first (raw words); where it refuses an
            // input, the decoded kernel on the same rows.
            let mut done = None;
            if let Some(f) = &fuse {
                transpose_raw(simd, &a[src.clone()], lanes, kdim, &mut xa);
                transpose_raw(simd, &b[src.clone()], lanes, kdim, &mut xb);
                done = fused_chain(&k, f, kdim, &xa, &xb, &mut acc);
                if done.is_some() {
                    paths.fused += lanes;
                } else {
                    acc = c_in;
                }
            }
            let bad = match done {
                Some(bad) => bad,
                None => {
                    // A refused element marks its lane.
                    let mut bad =
                        transpose_decode(&k.a, k.p_shift, &a[src.clone()], lanes, kdim, &mut ta);
                    bad |= transpose_decode(&k.b, 0, &b[src], lanes, kdim, &mut tb);
                    bad | chain::<false>(
                        &k,
                        kdim,
                        Tile::of(&ta, 0, kdim),
                        Tile::of(&tb, 0, kdim),
                        &mut acc,
                    )
                }
            };
            let lane_mask = if lanes == L {
                u32::MAX
            } else {
                (1 << lanes) - 1
            };
            if bad & lane_mask == 0 && out == OutFormat::F32 {
                d[r0..r0 + lanes].copy_from_slice(&acc[..lanes]);
                continue;
            }
            for l in 0..lanes {
                d[r0 + l] = if bad & (1 << l) != 0 {
                    paths.scalar += 1;
                    scalar(r0 + l)?
                } else {
                    acc_out(out, acc[l])
                };
            }
        }
        Ok(paths)
    }
}

/// Rows `i0..` of a batched GEMM into `dst`.
struct GemmJob<'a> {
    model: &'a Model,
    k: &'a Kern,
    kdim: usize,
    n: usize,
    a: &'a [u32],
    b: &'a [u32],
    c: &'a [u32],
    da: &'a Decoded,
    db: &'a Decoded,
    row_bad: &'a [bool],
    /// Per tile of sixteen columns, the columns with an infinity or NaN.
    tile_bad: &'a [u32],
    i0: usize,
    dst: &'a mut [u32],
}

impl Job for GemmJob<'_> {
    type Out = ();

    #[inline(always)]
    fn run(self) {
        let GemmJob {
            model,
            k: kn,
            kdim,
            n,
            a,
            b,
            c,
            da,
            db,
            row_bad,
            tile_bad,
            i0,
            dst,
        } = self;
        let out = model.params.output;
        let mut col = vec![0u32; kdim];
        // Cache blocking: MB rows of D at a time, K in chunks of whole
        // blocks, so that a chunk of B's tile (KC x 16) is read once for
        // MB rows and the rows' spread chunks of A stay in cache. The
        // accumulators of the MB rows carry each inner product's chain
        // from one chunk to the next, as from one block to the next.
        const MB: usize = 16;
        let kc = kn.block * (256 / kn.block).max(1);
        let np = n.div_ceil(L) * L;
        let tiles = np / L;
        let mut accs = vec![[0u32; L]; MB * tiles];
        let mut bads = vec![0u32; MB * tiles];
        let mut spread = Decoded::zeroed(MB * kc * L);
        let rows = dst.len() / n.max(1);
        for ib in (0..rows).step_by(MB) {
            let mb = (rows - ib).min(MB);
            for r in 0..mb {
                let i = i0 + ib + r;
                for (tj, acc) in accs[r * tiles..(r + 1) * tiles].iter_mut().enumerate() {
                    let j0 = tj * L;
                    let lanes = (n - j0).min(L);
                    let crow = &c[i * n + j0..i * n + j0 + lanes];
                    match out {
                        OutFormat::F32 => acc[..lanes].copy_from_slice(crow),
                        OutFormat::F16 => {
                            for (x, &y) in acc.iter_mut().zip(crow) {
                                *x = acc_in(out, y);
                            }
                        }
                    }
                    bads[r * tiles + tj] = if row_bad[i] { u32::MAX } else { tile_bad[tj] };
                }
            }
            for k0 in (0..kdim).step_by(kc) {
                let kw = (kdim - k0).min(kc);
                for r in 0..mb {
                    broadcast_at(da, (i0 + ib + r) * kdim + k0, kw, &mut spread, r * kc * L);
                }
                for tj in 0..tiles {
                    let sb = Tile::of(db, tj * L * kdim + k0 * L, kw);
                    for r in 0..mb {
                        let sa = Tile::of(&spread, r * kc * L, kw);
                        let slot = r * tiles + tj;
                        bads[slot] |= chain::<true>(kn, kw, sa, sb, &mut accs[slot]);
                    }
                }
            }
            for r in 0..mb {
                let i = i0 + ib + r;
                let drow = &mut dst[(ib + r) * n..(ib + r + 1) * n];
                for tj in 0..tiles {
                    let j0 = tj * L;
                    let lanes = (n - j0).min(L);
                    let (acc, bad) = (&accs[r * tiles + tj], bads[r * tiles + tj]);
                    let lane_mask = if lanes == L {
                        u32::MAX
                    } else {
                        (1 << lanes) - 1
                    };
                    if bad & lane_mask == 0 && out == OutFormat::F32 {
                        drow[j0..j0 + lanes].copy_from_slice(&acc[..lanes]);
                        continue;
                    }
                    for (l, &x) in acc.iter().enumerate().take(lanes) {
                        let j = j0 + l;
                        drow[j] = if bad & (1 << l) != 0 {
                            for (t, x) in col.iter_mut().enumerate() {
                                *x = b[t * n + j];
                            }
                            // Cannot fail: every input decoded (no inexact).
                            model
                                .dot(&a[i * kdim..(i + 1) * kdim], &col, c[i * n + j])
                                .unwrap_or(F32_NAN)
                        } else {
                            acc_out(out, x)
                        };
                    }
                }
            }
        }
    }
}
