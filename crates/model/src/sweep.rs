//! Sweeps: a form evaluated over a generated operand stream, summarized by
//! a digest that any other implementation (a GPU harness) can compute from
//! its own results and compare without moving the results themselves.
//!
//! # The digest
//!
//! The *result stream* is the form's results in canonical order (operand
//! index 0, 1, 2, ...), each written as the little-endian bytes of the
//! destination register: 2 bytes for `.f16`/`.bf16`, 4 for `.f16x2`,
//! `.bf16x2` and `.f32`, 8 for `.f64`. The stream is cut into chunks of
//! [`CHUNK`] = 2^24 results (the last chunk may be shorter). Within the
//! whole stream, `w_g` is the `g`-th little-endian 64-bit word (g counts
//! from 0 at the start of the stream, not of the chunk; a last partial word
//! is padded with zero bytes). Then, with wrapping 64-bit arithmetic and
//! `K = 0x9E3779B97F4A7C15`:
//!
//! ```text
//! x_g   = w_g XOR (g × K)
//! t_g   = ((x_g mod 2^32) + 0x6A09E667 mod 2^32) × ((x_g >> 32) + 0xBB67AE85 mod 2^32)
//!         (two 32-bit factors, 64-bit product: the NH hash of UMAC)
//! S_c   = Σ t_g over the words of chunk c           (mod 2^64)
//! D_c   = fmix64(S_c XOR (c × K))                   (chunk digest)
//! H     = fmix64(... fmix64(fmix64(0 XOR D_0) XOR D_1) ... XOR D_last)
//! fmix64(z) = z ^= z >> 33; z *= 0xFF51AFD7ED558CCD; z ^= z >> 33;
//!             z *= 0xC4CEB93FE53E4A85; z ^= z >> 33     (MurmurHash3's finalizer)
//! ```
//!
//! `H` is the sweep's digest, `D_c` the per-chunk digests (`--chunks`).
//! Every word's term depends on its position, so the digest is
//! order-sensitive; the terms are independent, so a GPU computes `S_c`
//! with one multiply per word and a parallel sum. It detects differences,
//! it is not a cryptographic hash. [`chunk_digest`] and [`combine`] are the
//! reference implementation.
//!
//! # Exhaustive operand spaces
//!
//! [`Operands::Exhaustive`] is every tuple of 16-bit values, one per source
//! operand, in index order:
//!
//! - two operands: 2^32 results, result `i = (x << 16) | y`;
//! - three operands (`fma.rn.f16`, `fma.rn.bf16` and their
//!   `.ftz`/`.sat`/`.relu`/`.oob` and x2 variants): 2^48 results, result
//!   `i = (x << 32) | (y << 16) | z`.
//!
//! A 16-bit form takes `a = x`, `b = y` (`c = z`). An x2 form puts the
//! tuple in lane 0 and its rotation in lane 1: two operands `a = x | y << 16`,
//! `b = y | x << 16` (lane 1 computes `y op x`); three operands
//! `a = x | y << 16`, `b = y | z << 16`, `c = z | x << 16` (lane 1 computes
//! `fma(y, z, x)`), so each lane runs over every tuple. Mixed-precision
//! forms (`fma.rn.f32.f16`: `c` is an `.f32`) have no exhaustive space;
//! they sweep random operands.
//!
//! A 2^48 space is 2^24 chunks, about a core-day of work: [`run_form`]
//! refuses it ([`SweepError::NeedsShards`]) and [`shard`] computes it in
//! pieces (contiguous ranges of chunks) whose records merge into the same
//! digest. [`run_form_chunks`] computes any range of chunks.
//!
//! # How a sweep runs
//!
//! Work is split into tasks of 2^16 results (256 per chunk) spread over
//! rayon's threads, and each task into blocks of [`BLOCK`] results that
//! stay in the first-level cache, so no operand or result array travels
//! through memory: a block's operands are made in place (a fixed operand
//! of an exhaustive sweep once per task, its counting 16-bit operand a
//! slice of a static `0..65535` table), the batch kernel evaluates them,
//! and the results are hashed at once: by the half kernels themselves, in
//! registers, on the AVX-512 and AVX2 paths
//! (`ptxfp_fast::fused::half_nh_sum`), else from the block's results read
//! as 64-bit words (`ptxfp_fast::fused::nh_sum`). On AVX2 a 16-bit
//! exhaustive task is one block: its fixed operands are read once (their
//! first lanes), and it runs in pieces cut where the counting operand's
//! NaNs begin and end, so that the pieces without a NaN operand or an
//! invalid operation skip the NaN replacement (`Bufs::nan_free`). The
//! sums of the pieces add up to the chunk's `S_c` whatever the split. [`run`] and [`run_chunks`] are the
//! unfused reference the tests hold the fused loop to.

#![allow(clippy::cast_possible_truncation)]

use crate::Eval;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use ptxfp_fast::Path;
use rayon::prelude::*;

use crate::batch::{Plan, Slice, SliceMut};
use crate::gen::splitmix;
use crate::quirks::Exec;
use ptxfp_isa::form::Form;

/// Results per chunk: 2^24.
pub const CHUNK: usize = 1 << 24;

const K: u64 = 0x9E37_79B9_7F4A_7C15;

/// MurmurHash3's 64-bit finalizer.
pub fn fmix64(mut z: u64) -> u64 {
    z ^= z >> 33;
    z = z.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    z ^= z >> 33;
    z = z.wrapping_mul(0xC4CE_B93F_E53E_4A85);
    z ^ (z >> 33)
}

/// The NH term of the word `w` at stream word index `g`.
#[inline(always)]
fn term(g: u64, w: u64) -> u64 {
    nh(w ^ g.wrapping_mul(K))
}

/// NH's offsets of the low and high halves.
const NH_LO: u32 = 0x6A09_E667;
const NH_HI: u32 = 0xBB67_AE85;

/// NH of a keyed word: two 32-bit halves, offset, multiplied to 64 bits.
#[inline(always)]
fn nh(x: u64) -> u64 {
    let lo = (x as u32).wrapping_add(NH_LO) as u64;
    let hi = ((x >> 32) as u32).wrapping_add(NH_HI) as u64;
    lo.wrapping_mul(hi)
}

/// A destination register's bits, as stored in the result stream.
pub trait ResultBits: Copy + Send + Sync + 'static {
    /// Bytes per result in the stream.
    const BYTES: usize;
    /// The value, zero-extended.
    fn to_u64(self) -> u64;
}
impl ResultBits for u16 {
    const BYTES: usize = 2;
    fn to_u64(self) -> u64 {
        self as u64
    }
}
impl ResultBits for u32 {
    const BYTES: usize = 4;
    fn to_u64(self) -> u64 {
        self as u64
    }
}
impl ResultBits for u64 {
    const BYTES: usize = 8;
    fn to_u64(self) -> u64 {
        self
    }
}

/// The sum `S_c` of the terms of `results`, which start at result index
/// `first` of the stream (a multiple of the results per word, 8 / BYTES).
/// Sums of consecutive pieces add up (mod 2^64), so a chunk can be split.
///
/// # Panics
/// If `first` is not a multiple of `8 / T::BYTES`.
pub fn partial_sum<T: ResultBits>(first: u64, results: &[T]) -> u64 {
    let per = (8 / T::BYTES) as u64;
    assert!(
        first.is_multiple_of(per),
        "a piece must start at a word boundary"
    );
    let g0 = first / per;
    let mut acc = 0u64;
    let mut words = results.chunks_exact(per as usize);
    // The key g × K advances by K per word (an induction the compiler
    // vectorizes; a 64-bit multiply per word would not).
    let mut key = g0.wrapping_mul(K);
    for w in &mut words {
        let mut v = 0u64;
        for (k, r) in w.iter().enumerate() {
            v |= r.to_u64() << (8 * T::BYTES * k);
        }
        acc = acc.wrapping_add(nh(v ^ key));
        key = key.wrapping_add(K);
    }
    let rest = words.remainder();
    if !rest.is_empty() {
        let mut v = 0u64;
        for (k, r) in rest.iter().enumerate() {
            v |= r.to_u64() << (8 * T::BYTES * k);
        }
        let j = (results.len() / per as usize) as u64;
        acc = acc.wrapping_add(term(g0 + j, v));
    }
    acc
}

/// The digest `D_c` of chunk `c` from its sum `S_c` ([`partial_sum`]).
pub fn finish_chunk(c: u64, sum: u64) -> u64 {
    fmix64(sum ^ c.wrapping_mul(K))
}

/// The digest `D_c` of chunk `c`, whose results are `results` (at most
/// [`CHUNK`]; the chunk starts at stream result `c × CHUNK`).
pub fn chunk_digest<T: ResultBits>(c: u64, results: &[T]) -> u64 {
    finish_chunk(c, partial_sum(c * CHUNK as u64, results))
}

/// The sweep digest `H` from the chunk digests in order.
pub fn combine(chunk_digests: &[u64]) -> u64 {
    chunk_digests.iter().fold(0, |h, &d| fmix64(h ^ d))
}

/// The digest of a whole result stream held in memory (reference; sweeps
/// compute it chunk by chunk).
pub fn digest<T: ResultBits>(results: &[T]) -> u64 {
    let ds: Vec<u64> = results
        .chunks(CHUNK)
        .enumerate()
        .map(|(c, r)| chunk_digest(c as u64, r))
        .collect();
    combine(&ds)
}

pub mod shard;

/// Which operands a sweep evaluates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operands {
    /// Every tuple of a two- or three-operand form with 16-bit lanes:
    /// 2^32 or 2^48 results (see the module's "Exhaustive operand spaces").
    /// Two operands: result `i` has `x = i >> 16`, `y = i & 0xffff`
    /// (a-major). For a 16-bit form, `a = x`, `b = y`. For an x2 form,
    /// `a = x | y << 16` and `b = y | x << 16`: lane 0 computes `x op y`,
    /// lane 1 `y op x`, so each lane runs over all 2^32 pairs. Three
    /// operands: `x = i >> 32`, `y = (i >> 16) & 0xffff`, `z = i & 0xffff`;
    /// x2: `a = x | y << 16`, `b = y | z << 16`, `c = z | x << 16`.
    Exhaustive,
    /// `n` results from a counter-based generator: operand `k` of result
    /// `i` (of a form with `m` operands) is the low bits (the register's
    /// width) of `fmix(seed + (m·i + k + 1) × 0x9E3779B97F4A7C15)`, with
    /// `fmix` the SplitMix64 finalizer (`z ^= z >> 30; z *= 0xBF58476D1CE4E5B9;
    /// z ^= z >> 27; z *= 0x94D049BB133111EB; z ^= z >> 31`), all wrapping.
    Random {
        /// Number of results.
        n: u64,
        /// The generator's seed.
        seed: u64,
    },
}

/// What a sweep produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep {
    /// Number of results.
    pub results: u64,
    /// `D_c` for each chunk, in order.
    pub chunks: Vec<u64>,
    /// The digest `H`.
    pub digest: u64,
}

/// A sweep that cannot run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SweepError {
    /// `--exhaustive` on a form that is not a two- or three-operand
    /// 16-bit-lane form.
    #[error("an exhaustive sweep needs a two-operand or three-operand .f16/.bf16/.f16x2/.bf16x2 form ({0} has {1} operand(s) of {2}); use a random sweep")]
    NotExhaustible(String, usize, String),
    /// A whole sweep too large to run in one piece (the 2^48 results of a
    /// three-operand exhaustive sweep): it runs in shards.
    #[error("an exhaustive sweep of {form} is 2^48 results ({chunks} chunks, about 20 core-hours): run it in shards, e.g. {shards} shards of 2^32 results: `ptxfp sweep {form} --exhaustive --shard K/{shards} --out DIR` for K = 0 .. {last}, then `ptxfp sweep merge DIR`")]
    NeedsShards {
        /// The form.
        form: String,
        /// Its number of chunks.
        chunks: u64,
        /// A suggested number of shards (2^32 results each).
        shards: u64,
        /// `shards - 1`.
        last: u64,
    },
    /// The progress callback asked to stop (Ctrl-C in Python) after
    /// `done` results: nothing of the sweep is kept.
    #[error("the sweep was interrupted after {done} results")]
    Interrupted {
        /// Results computed before it stopped.
        done: u64,
    },
    /// A chunk range outside the sweep's chunks.
    #[error("chunks {first}..{end} are not within the sweep's {total} chunks")]
    ChunkRange {
        /// First chunk asked for.
        first: u64,
        /// One past the last chunk asked for.
        end: u64,
        /// The sweep's number of chunks.
        total: u64,
    },
}

/// Results per parallel task (one `x` row of an exhaustive sweep); a
/// divisor of [`CHUNK`].
const TASK: u64 = 1 << 16;

/// Operand `k` of result `i` (see [`Operands`]), as a 64-bit value to be
/// truncated to the register width.
#[inline(always)]
pub fn operand(ops: Operands, arity: usize, i: u64, k: usize, width: u32) -> u64 {
    let v = match ops {
        Operands::Exhaustive if arity == 3 => {
            let (x, y, z) = ((i >> 32) & 0xffff, (i >> 16) & 0xffff, i & 0xffff);
            match (k, width) {
                (0, 16) => x,
                (1, 16) => y,
                (_, 16) => z,
                (0, _) => x | y << 16,
                (1, _) => y | z << 16,
                _ => z | x << 16,
            }
        }
        Operands::Exhaustive => {
            let (x, y) = (i >> 16, i & 0xffff);
            match (k, width) {
                (0, 16) => x,
                (_, 16) => y,
                (0, _) => x | y << 16,
                _ => y | x << 16,
            }
        }
        Operands::Random { seed, .. } => {
            splitmix(seed.wrapping_add((arity as u64 * i + k as u64 + 1).wrapping_mul(K)))
        }
    };
    if width == 64 {
        v
    } else {
        v & ((1 << width) - 1)
    }
}

/// Results per block of a task: generated, evaluated and hashed while they
/// sit in the first-level cache (2 operands and a result of 16 bits: 24 KiB;
/// `.f64` forms: 128 KiB, still in the second level). A divisor of the task.
pub const BLOCK: usize = 1 << 12;

/// Chunks computed per round: the per-task sums of one round are held at
/// once (64 × 256 words), whatever the sweep's size.
const ROUND: u64 = 64;

/// The number of results of a sweep of `ops` over a form with source
/// register widths `widths` and destination width `dest`.
///
/// # Errors
/// [`SweepError::NotExhaustible`] if `ops` is exhaustive and the form is not
/// a two- or three-operand form of 16-bit lanes.
pub fn results_of(name: &str, widths: &[u32], dest: u32, ops: Operands) -> Result<u64, SweepError> {
    match ops {
        Operands::Exhaustive => {
            check_exhaustible(name, widths, dest)?;
            Ok(1u64 << (16 * widths.len()))
        }
        Operands::Random { n, .. } => Ok(n),
    }
}

/// The number of results of a sweep of `form` over `ops` (2^32 or 2^48
/// exhaustive, `n` random).
///
/// # Errors
/// As [`results_of`].
pub fn form_results(form: &Form, ops: Operands) -> Result<u64, SweepError> {
    let (widths, dest) = crate::batch::widths(form);
    results_of(&form.to_string(), &widths, dest, ops)
}

/// The number of chunks of a sweep of `results` results.
pub fn chunks_of(results: u64) -> u64 {
    results.div_ceil(CHUNK as u64)
}

/// Refuses a whole sweep of more than 2^32 exhaustive results.
fn check_whole(name: &str, total: u64, ops: Operands) -> Result<(), SweepError> {
    if ops == Operands::Exhaustive && total > 1 << 32 {
        let shards = total >> 32;
        return Err(SweepError::NeedsShards {
            form: name.to_string(),
            chunks: chunks_of(total),
            shards,
            last: shards - 1,
        });
    }
    Ok(())
}

/// Sweeps `eval` over `ops`: `eval(srcs, out)` evaluates a task's results
/// from their operands (given as 64-bit values, one column per source)
/// into `out` (widened to 64 bits). `widths` are the source register
/// widths, `dest` the destination's; `progress` is called with the number
/// of results done after each task, and returns whether to go on (false:
/// [`SweepError::Interrupted`], once the tasks under way end). This is the unfused reference: a
/// task's operands, results and hash are three passes over 2^16 results.
///
/// # Errors
/// [`SweepError::NotExhaustible`] if `ops` is exhaustive and the form is not
/// a two- or three-operand form of 16-bit lanes; [`SweepError::NeedsShards`]
/// for a three-operand exhaustive sweep (use [`run_chunks`]).
pub fn run<F>(
    name: &str,
    widths: &[u32],
    dest: u32,
    ops: Operands,
    eval: F,
    progress: &(dyn Fn(u64) -> bool + Sync),
) -> Result<Sweep, SweepError>
where
    F: Fn(&[Vec<u64>], &mut [u64]) + Sync,
{
    let total = results_of(name, widths, dest, ops)?;
    check_whole(name, total, ops)?;
    let chunks = run_chunks(name, widths, dest, ops, 0..chunks_of(total), eval, progress)?;
    Ok(Sweep {
        results: total,
        digest: combine(&chunks),
        chunks,
    })
}

/// [`run`] over the chunks `chunks` only: their digests `D_c`, in order.
///
/// # Errors
/// As [`run`] ([`SweepError::ChunkRange`] for chunks past the end), but
/// any size runs.
pub fn run_chunks<F>(
    name: &str,
    widths: &[u32],
    dest: u32,
    ops: Operands,
    chunks: Range<u64>,
    eval: F,
    progress: &(dyn Fn(u64) -> bool + Sync),
) -> Result<Vec<u64>, SweepError>
where
    F: Fn(&[Vec<u64>], &mut [u64]) + Sync,
{
    let total = results_of(name, widths, dest, ops)?;
    let arity = widths.len();
    digests_over(
        total,
        chunks,
        TASK as usize,
        progress,
        || {
            let srcs: Vec<Vec<u64>> = widths.iter().map(|_| vec![0; TASK as usize]).collect();
            (srcs, vec![0u64; TASK as usize])
        },
        |(srcs, out), first, m| {
            for (k, (s, &w)) in srcs.iter_mut().zip(widths).enumerate() {
                s.truncate(m);
                for (j, v) in s.iter_mut().enumerate() {
                    *v = operand(ops, arity, first + j as u64, k, w);
                }
            }
            eval(srcs, &mut out[..m]);
            widened_sum(dest, first, &out[..m])
        },
    )
}

/// [`partial_sum`] of results of `dest` bits held as `u64`.
fn widened_sum(dest: u32, first: u64, out: &[u64]) -> u64 {
    match dest {
        16 => partial_sum_widened::<u16>(first, out),
        32 => partial_sum_widened::<u32>(first, out),
        _ => partial_sum(first, out),
    }
}

/// The chunk digests of `chunks` of a stream of `total` results, whose
/// pieces `sum(scratch, first, m)` (at most `block` results, within one
/// task) gives: tasks of [`TASK`] results on rayon's threads, `ROUND`
/// chunks at a time.
fn digests_over<S, I, B>(
    total: u64,
    chunks: Range<u64>,
    block: usize,
    progress: &(dyn Fn(u64) -> bool + Sync),
    init: I,
    sum: B,
) -> Result<Vec<u64>, SweepError>
where
    I: Fn() -> S + Sync + Send,
    B: Fn(&mut S, u64, usize) -> u64 + Sync + Send,
{
    let all = chunks_of(total);
    if chunks.start > chunks.end || chunks.end > all {
        return Err(SweepError::ChunkRange {
            first: chunks.start,
            end: chunks.end,
            total: all,
        });
    }
    let per_chunk = CHUNK as u64 / TASK;
    let done = AtomicU64::new(0);
    // Set where `progress` said stop: the tasks left return at once.
    let stop = AtomicBool::new(false);
    let mut out = Vec::with_capacity((chunks.end - chunks.start) as usize);
    let mut c = chunks.start;
    while c < chunks.end {
        let e = (c + ROUND).min(chunks.end);
        let t0 = c * per_chunk;
        let t1 = (e * per_chunk).min(total.div_ceil(TASK));
        let sums: Vec<u64> = (t0..t1)
            .into_par_iter()
            .map_init(&init, |s, t| {
                if stop.load(Ordering::Relaxed) {
                    return 0;
                }
                let first = t * TASK;
                let m = (total - first).min(TASK);
                let mut acc = 0u64;
                let mut f = first;
                while f < first + m {
                    let b = (first + m - f).min(block as u64) as usize;
                    acc = acc.wrapping_add(sum(s, f, b));
                    f += b as u64;
                }
                if !progress(done.fetch_add(m, Ordering::Relaxed) + m) {
                    stop.store(true, Ordering::Relaxed);
                }
                acc
            })
            .collect();
        if stop.load(Ordering::Relaxed) {
            return Err(SweepError::Interrupted {
                done: done.load(Ordering::Relaxed),
            });
        }
        for (j, s) in sums.chunks(per_chunk as usize).enumerate() {
            let total_sum = s.iter().fold(0u64, |a, &b| a.wrapping_add(b));
            out.push(finish_chunk(c + j as u64, total_sum));
        }
        c = e;
    }
    Ok(out)
}

/// Whether an exhaustive sweep fits the form: two or three operands of
/// 16-bit lanes (16-bit or x2 registers), the destination as wide as they
/// are.
fn check_exhaustible(name: &str, widths: &[u32], dest: u32) -> Result<(), SweepError> {
    let ok = (widths.len() == 2 || widths.len() == 3)
        && widths.iter().all(|&w| w == dest && (w == 16 || w == 32));
    if ok {
        return Ok(());
    }
    let ws: Vec<String> = widths.iter().map(|w| format!("{w}-bit")).collect();
    Err(SweepError::NotExhaustible(
        name.to_string(),
        widths.len(),
        ws.join(", "),
    ))
}

/// [`partial_sum`] of 64-bit values that hold `T` results.
fn partial_sum_widened<T: ResultBits>(first: u64, results: &[u64]) -> u64 {
    let per = (8 / T::BYTES) as u64;
    let g0 = first / per;
    let mut acc = 0u64;
    for (j, w) in results.chunks(per as usize).enumerate() {
        let mut v = 0u64;
        for (k, r) in w.iter().enumerate() {
            v |= r << (8 * T::BYTES * k);
        }
        acc = acc.wrapping_add(term(g0 + j as u64, v));
    }
    acc
}

/// A fast sweep of a [`Plan`]: operands generated, evaluated and digested
/// block by block ([`BLOCK`]) on all cores, in the plan's register widths.
///
/// # Errors
/// As [`run`].
pub fn run_plan(
    name: &str,
    plan: &Plan,
    path: Path,
    ops: Operands,
    progress: &(dyn Fn(u64) -> bool + Sync),
) -> Result<Sweep, SweepError> {
    let (widths, dest) = plan.widths();
    let total = results_of(name, &widths, dest, ops)?;
    check_whole(name, total, ops)?;
    let chunks = plan_chunks(name, plan, path, ops, 0..chunks_of(total), progress)?;
    Ok(Sweep {
        results: total,
        digest: combine(&chunks),
        chunks,
    })
}

/// [`run_plan`] over the chunks `chunks` only: their digests.
fn plan_chunks(
    name: &str,
    plan: &Plan,
    path: Path,
    ops: Operands,
    chunks: Range<u64>,
    progress: &(dyn Fn(u64) -> bool + Sync),
) -> Result<Vec<u64>, SweepError> {
    let (widths, dest) = plan.widths();
    let total = results_of(name, &widths, dest, ops)?;
    let arity = widths.len();
    // A 16-bit exhaustive sweep whose fused kernel reads a fixed operand's
    // first lanes once: whole tasks as blocks (the counting operand is
    // read in place, nothing else fills), for less work per block.
    let short = match *plan {
        Plan::Half {
            x2: false,
            op,
            stages,
            ..
        } if ops == Operands::Exhaustive => {
            ptxfp_fast::fused::half_nh_fixed_lanes(path, op, &stages)
        }
        _ => None,
    };
    let block = if short.is_some() {
        TASK as usize
    } else {
        BLOCK
    };
    digests_over(
        total,
        chunks,
        block,
        progress,
        || Bufs::with_block(&widths, dest, block, short),
        |bufs, first, m| {
            bufs.fill(path, ops, arity, first, m);
            bufs.eval(plan, path, first, m)
        },
    )
}

/// Sweeps `form` as `exec` describes: the batch plan when the form has one
/// ([`Plan::of`]), otherwise [`Form::eval`] per result. Either way the
/// results, and hence the digest, are [`Form::eval`]'s.
///
/// # Errors
/// As [`run`].
pub fn run_form(
    form: &Form,
    exec: &Exec,
    path: Path,
    ops: Operands,
    progress: &(dyn Fn(u64) -> bool + Sync),
) -> Result<Sweep, SweepError> {
    let name = form.to_string();
    let total = form_results(form, ops)?;
    check_whole(&name, total, ops)?;
    let chunks = run_form_chunks(form, exec, path, ops, 0..chunks_of(total), progress)?;
    Ok(Sweep {
        results: total,
        digest: combine(&chunks),
        chunks,
    })
}

/// [`run_form`] over the chunks `chunks` only (any size: a shard of a
/// three-operand sweep): their digests `D_c`, in order. `progress` gets
/// the results done within the range.
///
/// # Errors
/// [`SweepError::NotExhaustible`] as [`run`]; [`SweepError::ChunkRange`]
/// for chunks past the sweep's end.
pub fn run_form_chunks(
    form: &Form,
    exec: &Exec,
    path: Path,
    ops: Operands,
    chunks: Range<u64>,
    progress: &(dyn Fn(u64) -> bool + Sync),
) -> Result<Vec<u64>, SweepError> {
    let name = form.to_string();
    if let Some(plan) = Plan::of(form, exec) {
        return plan_chunks(&name, &plan, path, ops, chunks, progress);
    }
    let (widths, dest) = crate::batch::widths(form);
    let total = results_of(&name, &widths, dest, ops)?;
    let arity = widths.len();
    digests_over(
        total,
        chunks,
        BLOCK,
        progress,
        || vec![0u64; BLOCK],
        |out, first, m| {
            let mut x = [0u64; 3];
            for (j, d) in out[..m].iter_mut().enumerate() {
                for (k, (v, &w)) in x.iter_mut().zip(&widths).enumerate() {
                    *v = operand(ops, arity, first + j as u64, k, w);
                }
                *d = form.eval(&x[..arity], exec);
            }
            widened_sum(dest, first, &out[..m])
        },
    )
}

/// The name of the kernel that computes `form`'s sweep on `path`: the
/// path that serves its plan, or `Form::eval`.
pub fn served_by(form: &Form, exec: &Exec, path: Path) -> String {
    match Plan::of(form, exec) {
        Some(plan) => plan.served_by(path).to_string(),
        None => "Form::eval".to_string(),
    }
}

/// The exponent field of a half format: a pattern whose magnitude is above
/// it is a NaN, equal to it an infinity.
fn exponent_field(fmt: ptxfp_fast::Half) -> u16 {
    if fmt == ptxfp_fast::Half::Bf16 {
        0x7f80
    } else {
        0x7c00
    }
}

/// Per-thread operand and result buffers of one block, in register widths.
struct Bufs {
    srcs: Vec<Buf>,
    out: Buf,
    /// The lanes a fixed exhaustive operand is filled with, where the
    /// fused kernel reads only those (`half_nh_fixed_lanes`); else all.
    short: Option<usize>,
}

/// Registers of one width, held in 64-bit words: a block of 16-bit
/// results is, read as words, the digest's words (little-endian) as they
/// are, with no packing pass.
struct Buf {
    width: u32,
    words: Vec<u64>,
    /// The `(base, step, m)` of the last exhaustive fill: a fixed
    /// operand (step 0) keeps its registers from block to block.
    filled: Option<(u64, u64, usize)>,
    /// Where the registers are [`IOTA16`] from this index on instead of
    /// `words` (the counting operand of a 16-bit exhaustive sweep).
    iota: Option<usize>,
}

/// `0, 1, ..., 65535`: the counting operand of every block of a 16-bit
/// exhaustive sweep is a piece of it, read in place.
static IOTA16: [u16; 1 << 16] = {
    let mut a = [0u16; 1 << 16];
    let mut i = 0;
    while i < a.len() {
        a[i] = i as u16;
        i += 1;
    }
    a
};

impl Buf {
    /// Room for `n` registers of `width` bits.
    fn with_len(width: u32, n: usize) -> Buf {
        Buf {
            width,
            words: vec![0; (n * width as usize).div_ceil(64)],
            filled: None,
            iota: None,
        }
    }

    fn b16(&mut self) -> &mut [u16] {
        bytemuck::cast_slice_mut(&mut self.words)
    }

    fn b32(&mut self) -> &mut [u32] {
        bytemuck::cast_slice_mut(&mut self.words)
    }

    /// The first `m` registers, for a kernel.
    fn slice(&self, m: usize) -> Slice<'_> {
        if let Some(o) = self.iota {
            return Slice::B16(&IOTA16[o..o + m]);
        }
        match self.width {
            16 => Slice::B16(&bytemuck::cast_slice(&self.words)[..m]),
            32 => Slice::B32(&bytemuck::cast_slice(&self.words)[..m]),
            _ => Slice::B64(&self.words[..m]),
        }
    }

    /// The first `m` registers as 16-bit lanes (an x2 register is two);
    /// fewer for a fixed operand filled with fewer ([`Bufs::short`]).
    fn lanes(&self, m: usize) -> Option<&[u16]> {
        match (self.iota, self.width) {
            (Some(o), _) => Some(&IOTA16[o..o + m]),
            (None, 16) => {
                let n = match self.filled {
                    Some((_, 0, l)) => l.min(m),
                    _ => m,
                };
                Some(&bytemuck::cast_slice(&self.words)[..n])
            }
            (None, 32) => Some(&bytemuck::cast_slice(&self.words)[..2 * m]),
            _ => None,
        }
    }

    /// Register `j`, zero-extended.
    #[cfg(test)]
    fn get(&self, j: usize) -> u64 {
        match self.slice(j + 1) {
            Slice::B16(v) => u64::from(v[j]),
            Slice::B32(v) => u64::from(v[j]),
            Slice::B64(v) => v[j],
        }
    }
}

impl Bufs {
    #[cfg(test)]
    fn new(widths: &[u32], dest: u32) -> Bufs {
        Bufs::with_block(widths, dest, BLOCK, None)
    }

    /// Buffers for blocks of `block` results; `short` as [`Bufs::short`].
    fn with_block(widths: &[u32], dest: u32, block: usize, short: Option<usize>) -> Bufs {
        Bufs {
            srcs: widths.iter().map(|&w| Buf::with_len(w, block)).collect(),
            out: Buf::with_len(dest, block),
            short,
        }
    }

    /// The operands of results `first .. first + m` (within one task).
    fn fill(&mut self, path: Path, ops: Operands, arity: usize, first: u64, m: usize) {
        for (k, b) in self.srcs.iter_mut().enumerate() {
            let w = b.width;
            if ops != Operands::Exhaustive {
                b.iota = None;
                b.filled = None;
            }
            match (ops, w) {
                // Exhaustive blocks lie within one row of the last operand
                // (a task is 2^16-aligned): every operand is
                // `base + j × step`, the step 0 (a fixed operand), 1 (the
                // counting one in the low lane) or 2^16 (in the high lane).
                (Operands::Exhaustive, 16 | 32) => {
                    let mask = (1u64 << w) - 1;
                    let base = operand(ops, arity, first, k, w);
                    let step = operand(ops, arity, first + 1, k, w).wrapping_sub(base) & mask;
                    b.iota = None;
                    if w == 16 && step == 1 && base as usize + m <= IOTA16.len() {
                        b.iota = Some(base as usize);
                        continue;
                    }
                    // A fixed operand: its first lanes, where they suffice.
                    let m = match self.short {
                        Some(l) if step == 0 && w == 16 => l.min(m),
                        _ => m,
                    };
                    if step == 0
                        && b.filled
                            .is_some_and(|f| f.0 == base && f.1 == 0 && f.2 >= m)
                    {
                        continue;
                    }
                    b.filled = Some((base, step, m));
                    if w == 16 {
                        let out = &mut b.b16()[..m];
                        ptxfp_fast::fused::fill_linear_u16(path, out, base as u16, step as u16);
                    } else {
                        let out = &mut b.b32()[..m];
                        ptxfp_fast::fused::fill_linear_u32(path, out, base as u32, step as u32);
                    }
                }
                (_, 16) => {
                    for (j, d) in b.b16()[..m].iter_mut().enumerate() {
                        *d = operand(ops, arity, first + j as u64, k, 16) as u16;
                    }
                }
                (_, 32) => {
                    for (j, d) in b.b32()[..m].iter_mut().enumerate() {
                        *d = operand(ops, arity, first + j as u64, k, 32) as u32;
                    }
                }
                _ => {
                    for (j, d) in b.words[..m].iter_mut().enumerate() {
                        *d = operand(ops, arity, first + j as u64, k, 64);
                    }
                }
            }
        }
    }

    /// Whether no result of the block's 16-bit operations `j0 .. j0 + m`
    /// can be a NaN (`.ftz` aside): no operand is a NaN and no operation is
    /// invalid. That holds when the operands of the product (`a` and `b`)
    /// that are fixed are finite, nonzero for `mul`, and for `fma` both
    /// are fixed (`∞ × 0` needs two variable ones, `∞ − ∞` an infinite
    /// fixed one), and the counting operand's values hold no NaN.
    fn nan_free(
        &self,
        fmt: ptxfp_fast::Half,
        op: Option<ptxfp_fast::BinOp>,
        j0: usize,
        m: usize,
    ) -> bool {
        use ptxfp_fast::BinOp;
        let exp = exponent_field(fmt);
        let counting = self.srcs.iter().filter(|b| b.iota.is_some()).count();
        counting <= 1
            && self.srcs.iter().enumerate().all(|(k, b)| {
                let product = k < 2;
                if b.width != 16 {
                    return false;
                }
                if let Some(o) = b.iota.map(|o| o + j0) {
                    // Values o ..= o + m - 1, against either sign's NaNs.
                    let nan = usize::from(exp) + 1;
                    let meets = |x: usize, y: usize| o <= y && x < o + m;
                    let fma_product = op.is_none() && product;
                    return !(fma_product || meets(nan, 0x7fff) || meets(0x8000 | nan, 0xffff));
                }
                let Some((v, 0, _)) = b.filled else {
                    return false;
                };
                let mag = v as u16 & 0x7fff;
                match (op, product) {
                    (Some(BinOp::Mul), _) => mag < exp && mag != 0,
                    (_, true) => mag < exp,
                    (_, false) => mag <= exp,
                }
            })
    }

    /// Evaluates the block and returns the sum of its results' terms.
    fn eval(&mut self, plan: &Plan, path: Path, first: u64, m: usize) -> u64 {
        // A half plan, whole words: the kernel hashes its results in
        // registers (ptxfp_fast::fused::half_nh_sum) where the path has it.
        if let Plan::Half {
            fmt, op, stages, ..
        } = *plan
        {
            let bits = m * self.out.width as usize;
            if bits.is_multiple_of(64) {
                // A fixed operand (step 0) repeats its first lanes.
                let mut fixed = 0u8;
                for (k, b) in self.srcs.iter().enumerate() {
                    if b.iota.is_none() && b.filled.is_some_and(|f| f.1 == 0) {
                        fixed |= 1 << k;
                    }
                }
                // Whole tasks (`Bufs::short`) run in pieces split where the
                // counting operand's NaNs begin and end (multiples of 16),
                // so that most pieces are NaN-free.
                let exp = usize::from(exponent_field(fmt));
                let mut cuts = vec![0, m];
                if let (Some(_), Some(o)) = (self.short, self.srcs.iter().find_map(|b| b.iota)) {
                    for x in [exp, 0x8000, 0x8000 | exp] {
                        if o < x && x < o + m {
                            cuts.push(x - o);
                        }
                    }
                    cuts.sort_unstable();
                }
                let mut sum = 0u64;
                for w in cuts.windows(2) {
                    let (j0, n) = (w[0], w[1] - w[0]);
                    let g0 = (first + j0 as u64) * u64::from(self.out.width) / 64;
                    let nh = (g0.wrapping_mul(K), K, NH_LO, NH_HI);
                    let mut l: [Option<&[u16]>; 3] = [None; 3];
                    for (k, (d, b)) in l.iter_mut().zip(&self.srcs).enumerate() {
                        // (An x2 register is two lanes.)
                        let f = b.width as usize / 16;
                        *d = b.lanes(m).map(|x| {
                            if fixed & 1 << k != 0 {
                                x
                            } else {
                                &x[j0 * f..(j0 + n) * f]
                            }
                        });
                    }
                    let hints = ptxfp_fast::fused::Hints {
                        fixed,
                        nan_free: !stages.ftz && self.nan_free(fmt, op, j0, n),
                    };
                    let [Some(a), Some(b), c] = l else { break };
                    match ptxfp_fast::fused::half_nh_sum(path, fmt, op, &stages, a, b, c, hints, nh)
                    {
                        Some(s) => sum = sum.wrapping_add(s),
                        None => break,
                    }
                    if w[1] == m {
                        return sum;
                    }
                }
            }
        }
        // A fixed operand filled short (`Bufs::short`, which should have
        // left this block to the fused kernel) is filled whole.
        for b in &mut self.srcs {
            if let Some((base, 0, l)) = b.filled {
                if l < m && b.width == 16 {
                    ptxfp_fast::fused::fill_linear_u16(path, &mut b.b16()[..m], base as u16, 0);
                    b.filled = Some((base, 0, m));
                }
            }
        }
        let mut srcs = [Slice::B16(&[]), Slice::B16(&[]), Slice::B16(&[])];
        for (s, b) in srcs.iter_mut().zip(&self.srcs) {
            *s = b.slice(m);
        }
        let srcs = &srcs[..self.srcs.len()];
        let out = &mut self.out;
        match out.width {
            16 => plan.run_task(path, srcs, SliceMut::B16(&mut out.b16()[..m])),
            32 => plan.run_task(path, srcs, SliceMut::B32(&mut out.b32()[..m])),
            _ => plan.run_task(path, srcs, SliceMut::B64(&mut out.words[..m])),
        }
        let bits = m * out.width as usize;
        if !bits.is_multiple_of(64) {
            // The last block of a random stream, ending mid-word.
            return match out.slice(m) {
                Slice::B16(v) => partial_sum(first, v),
                Slice::B32(v) => partial_sum(first, v),
                Slice::B64(v) => partial_sum(first, v),
            };
        }
        // The block starts at a word boundary (blocks and tasks start at
        // multiples of BLOCK), at stream word g0.
        let g0 = first * u64::from(out.width) / 64;
        ptxfp_fast::fused::nh_sum(
            path,
            &out.words[..bits / 64],
            g0.wrapping_mul(K),
            K,
            NH_LO,
            NH_HI,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition, byte by byte, as an outsider would write it.
    fn by_bytes(bytes: &[u8], chunk_bytes: usize) -> u64 {
        let mut ds = vec![];
        let mut g = 0u64;
        for (c, ch) in bytes.chunks(chunk_bytes).enumerate() {
            let mut s = 0u64;
            for w in ch.chunks(8) {
                let mut b = [0u8; 8];
                b[..w.len()].copy_from_slice(w);
                s = s.wrapping_add(term(g, u64::from_le_bytes(b)));
                g += 1;
            }
            ds.push(fmix64(s ^ (c as u64).wrapping_mul(K)));
        }
        ds.iter().fold(0, |h, &d| fmix64(h ^ d))
    }

    #[test]
    fn matches_the_byte_definition() {
        let r: Vec<u16> = (0..CHUNK as u32 + 1001)
            .map(|i| i.wrapping_mul(7919) as u16)
            .collect();
        let bytes: Vec<u8> = r.iter().flat_map(|x| x.to_le_bytes()).collect();
        assert_eq!(digest(&r), by_bytes(&bytes, CHUNK * 2));
        let r32: Vec<u32> = (0..1003u32).map(|i| i.wrapping_mul(0x9e37_79b9)).collect();
        let b32: Vec<u8> = r32.iter().flat_map(|x| x.to_le_bytes()).collect();
        assert_eq!(digest(&r32), by_bytes(&b32, CHUNK * 4));
    }

    #[test]
    fn order_sensitive_and_split_additive() {
        let r: Vec<u16> = (0..4096u16).collect();
        let mut s = r.clone();
        s.swap(10, 2000);
        assert_ne!(digest(&r), digest(&s));
        let whole = partial_sum(0, &r);
        let parts = partial_sum(0, &r[..1024]).wrapping_add(partial_sum(1024, &r[1024..]));
        assert_eq!(whole, parts);
    }

    #[test]
    fn known_value() {
        // Pinned so that a GPU harness can check its implementation.
        let r: Vec<u16> = (0..16u16).collect();
        assert_eq!(digest(&r), 0x6b63_099e_a1fb_8207);
        assert_eq!(combine(&[]), 0);
    }

    #[test]
    fn fast_sweep_equals_generic_sweep() {
        let none = |_: u64| true;
        for form in [
            "fma.rn.relu.f16x2",
            "mad.rm.f64",
            "add.rz.f32.bf16",
            "mul.rn.bf16",
        ] {
            let plan = Plan::of(&Form::parse(form).unwrap(), &Exec::default()).unwrap();
            let (w, d) = plan.widths();
            let ops = Operands::Random {
                n: 3 * TASK + 5,
                seed: 42,
            };
            let fast = run_plan(form, &plan, Path::detect(), ops, &none).unwrap();
            let generic = run(
                form,
                &w,
                d,
                ops,
                |srcs, out| {
                    let n = out.len();
                    let mut b: Vec<Buf> = w.iter().map(|&x| Buf::with_len(x, n)).collect();
                    for (k, s) in srcs.iter().enumerate() {
                        match b[k].width {
                            16 => b[k]
                                .b16()
                                .iter_mut()
                                .zip(s)
                                .for_each(|(d, &x)| *d = x as u16),
                            32 => b[k]
                                .b32()
                                .iter_mut()
                                .zip(s)
                                .for_each(|(d, &x)| *d = x as u32),
                            _ => b[k].words.iter_mut().zip(s).for_each(|(d, &x)| *d = x),
                        }
                    }
                    let sl: Vec<Slice> = b.iter().map(|x| x.slice(n)).collect();
                    match d {
                        16 => {
                            let mut o = vec![0u16; n];
                            plan.run(Path::Portable, &sl, SliceMut::B16(&mut o))
                                .unwrap();
                            out.iter_mut().zip(&o).for_each(|(d, &x)| *d = x as u64)
                        }
                        32 => {
                            let mut o = vec![0u32; n];
                            plan.run(Path::Portable, &sl, SliceMut::B32(&mut o))
                                .unwrap();
                            out.iter_mut().zip(&o).for_each(|(d, &x)| *d = x as u64)
                        }
                        _ => plan.run(Path::Portable, &sl, SliceMut::B64(out)).unwrap(),
                    }
                },
                &none,
            )
            .unwrap();
            assert_eq!(fast, generic, "{form}");
            assert_eq!(fast.chunks.len(), 1);
        }
    }

    /// The exhaustive tasks of half forms on every path give the portable
    /// path's sums: fixed operands filled short where the fused kernel
    /// reads sixteen lanes, the task cut where the counting operand's
    /// NaNs begin and end, each piece NaN-free or not, every stage.
    #[test]
    fn exhaustive_half_tasks_sum_alike_on_every_path() {
        for form in [
            "add.rn.f16",
            "sub.rn.ftz.sat.f16",
            "mul.rn.bf16",
            "mul.rn.sat.f16",
            "mul.rn.ftz.f16",
            "sub.rn.bf16",
            "fma.rn.f16",
            "fma.rn.ftz.relu.f16",
            "fma.rn.oob.relu.bf16",
        ] {
            let plan = Plan::of(&Form::parse(form).unwrap(), &Exec::default()).unwrap();
            let (widths, dest) = plan.widths();
            let Plan::Half { op, stages, .. } = plan else {
                panic!("{form}: not a half plan")
            };
            let arity = widths.len();
            // Rows whose fixed operands are zero, a subnormal, one, the
            // largest finite, infinity, a NaN and negative values.
            let rows: &[u64] = if arity == 2 {
                &[
                    0x0000, 0x0001, 0x3c00, 0x7bff, 0x7c00, 0x7e01, 0x8400, 0xfc00,
                ]
            } else {
                &[
                    0x3c00_0000,
                    0x0001_3c00,
                    0x7c00_8000,
                    0x3c00_7e00,
                    0xc000_4000,
                ]
            };
            let sum = |path: Path, first: u64| {
                let short = ptxfp_fast::fused::half_nh_fixed_lanes(path, op, &stages);
                let mut b = Bufs::with_block(&widths, dest, TASK as usize, short);
                b.fill(path, Operands::Exhaustive, arity, first, TASK as usize);
                b.eval(&plan, path, first, TASK as usize)
            };
            for &row in rows {
                let first = row * TASK;
                let want = sum(Path::Portable, first);
                for path in Path::all_available() {
                    assert_eq!(sum(path, first), want, "{form} {path} row {row:#x}");
                }
            }
        }
    }

    #[test]
    fn nan_free_blocks_are_those_without_a_nan_operand_or_invalid_operation() {
        use ptxfp_fast::{BinOp, Half};
        // `a` fixed at `x`, `b` counting over `o .. o + m`.
        let bufs = |x: u64, o: usize| {
            let mut b = Bufs::new(&[16, 16], 16);
            b.srcs[0].filled = Some((x, 0, BLOCK));
            b.srcs[1].iota = Some(o);
            b
        };
        let add = Some(BinOp::Add);
        let mul = Some(BinOp::Mul);
        // Up to +inf (0x7c00), no NaN: only `0 × ∞` and `∞ − ∞` are NaNs.
        assert!(bufs(0x0000, 0x7bf0).nan_free(Half::F16, add, 0, 17));
        assert!(!bufs(0x0000, 0x7bf0).nan_free(Half::F16, mul, 0, 17));
        // (A fixed zero or infinity in `mul` is refused whatever the range.)
        assert!(!bufs(0x0000, 0x1000).nan_free(Half::F16, mul, 0, 16));
        assert!(!bufs(0xfc00, 0x7bf0).nan_free(Half::F16, add, 0, 17));
        assert!(bufs(0x3c00, 0x7bf0).nan_free(Half::F16, mul, 0, 17));
        // One NaN in the range (0x7c01), or a NaN fixed operand.
        assert!(!bufs(0x3c00, 0x7bf0).nan_free(Half::F16, add, 0, 18));
        assert!(!bufs(0x3c00, 0x7bf0).nan_free(Half::F16, add, 2, 16));
        assert!(!bufs(0x7e00, 0).nan_free(Half::F16, add, 0, 16));
        // bfloat16's NaNs begin at 0x7f81 and 0xff81.
        assert!(bufs(0x3f80, 0x7f70).nan_free(Half::Bf16, add, 0, 17));
        assert!(!bufs(0x3f80, 0x7f70).nan_free(Half::Bf16, add, 0, 18));
        assert!(!bufs(0x3f80, 0xff80).nan_free(Half::Bf16, add, 1, 1));
        assert!(bufs(0x7c00, 0x7f70).nan_free(Half::Bf16, add, 0, 16));
        // fma: `a` and `b` fixed and finite, `c` counting.
        let fma = |x: u64, y: u64, o: usize, m: usize| {
            let mut b = Bufs::new(&[16, 16, 16], 16);
            b.srcs[0].filled = Some((x, 0, BLOCK));
            b.srcs[1].filled = Some((y, 0, BLOCK));
            b.srcs[2].iota = Some(o);
            b.nan_free(Half::F16, None, 0, m)
        };
        assert!(fma(0, 0x7bff, 0x7bf0, 17));
        assert!(!fma(0x7c00, 0x3c00, 0x7bf0, 16));
        assert!(!fma(0x3c00, 0x3c00, 0x7bf0, 18));
        // A counting `a` or `b` in fma, or two counting operands.
        let mut b = Bufs::new(&[16, 16, 16], 16);
        b.srcs[0].iota = Some(0);
        b.srcs[1].filled = Some((0x3c00, 0, BLOCK));
        b.srcs[2].filled = Some((0x3c00, 0, BLOCK));
        assert!(!b.nan_free(Half::F16, None, 0, 16));
        let mut b = bufs(0x3c00, 0);
        b.srcs[0].filled = None;
        b.srcs[0].iota = Some(0);
        assert!(!b.nan_free(Half::F16, add, 0, 16));
    }

    #[test]
    fn exhaustive_rows_follow_the_documented_layout() {
        for w in [16, 32] {
            for arity in [2, 3] {
                let mut b = Bufs::new(&vec![w; arity], w);
                let first = if arity == 3 {
                    0x0005_1234_3000u64
                } else {
                    0x1234_3000
                };
                for path in Path::all_available() {
                    b.fill(path, Operands::Exhaustive, arity, first, BLOCK);
                    for (k, buf) in b.srcs.iter().enumerate() {
                        for j in 0..BLOCK {
                            let want = operand(Operands::Exhaustive, arity, first + j as u64, k, w);
                            assert_eq!(buf.get(j), want, "{path} {arity} {k} {j}");
                        }
                    }
                }
            }
        }
        assert_eq!(
            operand(Operands::Exhaustive, 2, 0x0001_0002, 0, 32),
            0x0002_0001
        );
        assert_eq!(
            operand(Operands::Exhaustive, 2, 0x0001_0002, 1, 32),
            0x0001_0002
        );
        assert_eq!(
            operand(Operands::Exhaustive, 3, 0x0001_0002_0003, 0, 32),
            0x0002_0001
        );
        assert_eq!(
            operand(Operands::Exhaustive, 3, 0x0001_0002_0003, 1, 32),
            0x0003_0002
        );
        assert_eq!(
            operand(Operands::Exhaustive, 3, 0x0001_0002_0003, 2, 32),
            0x0001_0003
        );
        assert!(check_exhaustible("fma.rn.f16", &[16, 16, 16], 16).is_ok());
        let e = check_exhaustible("fma.rn.f32.f16", &[16, 16, 32], 32).unwrap_err();
        assert!(e.to_string().contains("use a random sweep"));
        let form = Form::parse("fma.rn.f16").unwrap();
        let e = run_form(
            &form,
            &Exec::default(),
            Path::Portable,
            Operands::Exhaustive,
            &|_| true,
        )
        .unwrap_err();
        assert!(e.to_string().contains("--shard K/65536"), "{e}");
    }
}
