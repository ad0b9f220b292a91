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
#![allow(clippy::cast_possible_truncation)]

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
    let x = w ^ g.wrapping_mul(K);
    let lo = (x as u32).wrapping_add(0x6A09_E667) as u64;
    let hi = ((x >> 32) as u32).wrapping_add(0xBB67_AE85) as u64;
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
    assert!(first % per == 0, "a piece must start at a word boundary");
    let g0 = first / per;
    let mut acc = 0u64;
    let mut words = results.chunks_exact(per as usize);
    for (j, w) in (&mut words).enumerate() {
        let mut v = 0u64;
        for (k, r) in w.iter().enumerate() {
            v |= r.to_u64() << (8 * T::BYTES * k);
        }
        acc = acc.wrapping_add(term(g0 + j as u64, v));
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
}
