//! Edge-weighted random operands, reproducible from a seed.
//!
//! The random source is `oorandom::Rand64` (PCG-XSL-RR 128/64, a fixed
//! algorithm whose output that crate promises not to change), so a record's
//! `seed` and `count` name its operands forever.
//!
//! The stream of a (seed, count) run is cut in blocks of [`BLOCK`] tuples;
//! block `k` is drawn from its own generator, seeded with `seed` in the
//! high 64 bits and `k` in the low ones ([`EdgeRng::block`]), so blocks are
//! generated in parallel and any launch size gives the same operands.

use rayon::prelude::*;

use ptxfp::PtxType;

/// Sign, exponent and fraction widths of a scalar float type.
fn layout(t: PtxType) -> Option<(u32, u32)> {
    match t {
        PtxType::F16 | PtxType::F16x2 => Some((5, 10)),
        PtxType::BF16 | PtxType::BF16x2 => Some((8, 7)),
        PtxType::F32 => Some((8, 23)),
        PtxType::F64 => Some((11, 52)),
        _ => None,
    }
}

/// Random operands with most of their weight on the edges of the format:
/// zeros, subnormals, the normal boundary, exponents near 1 and near
/// overflow, infinities and NaNs of both kinds with several payloads.
pub struct EdgeRng {
    rng: oorandom::Rand64,
}

impl EdgeRng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> EdgeRng {
        EdgeRng {
            rng: oorandom::Rand64::new(u128::from(seed)),
        }
    }

    fn below(&mut self, n: u64) -> u64 {
        self.rng.rand_range(0..n)
    }

    /// One scalar value of `exp_bits`/`frac_bits`.
    fn scalar(&mut self, exp_bits: u32, frac_bits: u32) -> u64 {
        let width = 1 + exp_bits + frac_bits;
        let bits = self.rng.rand_u64();
        if self.below(4) == 0 {
            // A quarter uniform over all bit patterns.
            return bits & ((1u128 << width) - 1) as u64;
        }
        let sign = bits & 1;
        let max_exp = (1u64 << exp_bits) - 1;
        let bias = max_exp >> 1;
        let exp = match self.below(10) {
            0 => 0,
            1 => 1,
            2 => 2,
            3 => max_exp,
            4 => max_exp - 1,
            5 => bias,
            6 => bias - 1,
            7 => bias + 1,
            // Products and sums that land near the subnormal boundary.
            8 => self.below(bias / 2 + 1) + bias / 2,
            _ => self.below(max_exp + 1),
        };
        let frac_mask = (1u64 << frac_bits) - 1;
        let frac = match self.below(7) {
            0 => 0,
            1 => 1,
            2 => frac_mask,
            3 => 1 << (frac_bits - 1),
            4 => (1 << (frac_bits - 1)) | 1,
            // Few significant bits: exact results, ties.
            5 => (self.rng.rand_u64() & frac_mask) & !(frac_mask >> 3),
            _ => self.rng.rand_u64() & frac_mask,
        };
        (sign << (width - 1)) | (exp << frac_bits) | frac
    }

    /// One operand of type `t` (packed types: each lane drawn independently).
    /// `None` for a type that is not a float type.
    pub fn operand(&mut self, t: PtxType) -> Option<u64> {
        let (e, f) = layout(t)?;
        Some(match t {
            PtxType::F16x2 | PtxType::BF16x2 => self.scalar(e, f) | (self.scalar(e, f) << 16),
            _ => self.scalar(e, f),
        })
    }

    /// The generator of block `k` of the stream of `seed`.
    pub fn block(seed: u64, k: u64) -> EdgeRng {
        EdgeRng {
            rng: oorandom::Rand64::new(u128::from(seed) << 64 | u128::from(k)),
        }
    }

    /// `count` operand tuples for sources of types `srcs`, as one column per
    /// source, drawn from this generator in order.
    pub fn columns(&mut self, srcs: &[PtxType], count: usize) -> Option<Vec<Vec<u64>>> {
        let mut cols = vec![Vec::with_capacity(count); srcs.len()];
        for _ in 0..count {
            for (col, t) in cols.iter_mut().zip(srcs) {
                col.push(self.operand(*t)?);
            }
        }
        Some(cols)
    }
}

/// Tuples per block of a random stream.
pub const BLOCK: u64 = 1 << 16;

/// Tuples `first .. first + count` of the random stream of `seed` for
/// sources `srcs`, as one column per source. `first` must be a multiple of
/// [`BLOCK`]. `None` for a source that is not a float type.
pub fn stream(seed: u64, srcs: &[PtxType], first: u64, count: u64) -> Option<Vec<Vec<u64>>> {
    if !first.is_multiple_of(BLOCK) || srcs.iter().any(|t| layout(*t).is_none()) {
        return None;
    }
    let blocks: Vec<Vec<Vec<u64>>> = (0..count.div_ceil(BLOCK))
        .into_par_iter()
        .map(|j| {
            let n = (count - j * BLOCK).min(BLOCK) as usize;
            EdgeRng::block(seed, first / BLOCK + j)
                .columns(srcs, n)
                .unwrap_or_default()
        })
        .collect();
    let mut cols = vec![Vec::with_capacity(count as usize); srcs.len()];
    for b in blocks {
        for (col, part) in cols.iter_mut().zip(b) {
            col.extend(part);
        }
    }
    Some(cols)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reproducible_and_in_range() {
        let a = EdgeRng::new(7)
            .columns(&[PtxType::F16, PtxType::F32], 1000)
            .unwrap();
        let b = EdgeRng::new(7)
            .columns(&[PtxType::F16, PtxType::F32], 1000)
            .unwrap();
        assert_eq!(a, b);
        assert!(a[0].iter().all(|v| *v <= 0xffff));
        assert!(a[1].iter().all(|v| *v <= 0xffff_ffff));
        let c = EdgeRng::new(8).columns(&[PtxType::F16], 1000).unwrap();
        assert_ne!(a[0], c[0]);
    }

    #[test]
    fn stream_is_independent_of_how_it_is_cut() {
        let t = [PtxType::BF16x2, PtxType::F64];
        let whole = stream(5, &t, 0, 3 * BLOCK + 17).unwrap();
        let head = stream(5, &t, 0, 2 * BLOCK).unwrap();
        let tail = stream(5, &t, 2 * BLOCK, BLOCK + 17).unwrap();
        for k in 0..2 {
            assert_eq!(whole[k][..2 * BLOCK as usize], head[k][..]);
            assert_eq!(whole[k][2 * BLOCK as usize..], tail[k][..]);
        }
        assert!(stream(5, &t, 3, 10).is_none());
        assert!(stream(5, &[PtxType::U16], 0, 10).is_none());
    }

    #[test]
    fn edges_are_weighted() {
        let mut g = EdgeRng::new(1);
        let v: Vec<u64> = (0..10_000)
            .map(|_| g.operand(PtxType::BF16).unwrap())
            .collect();
        let zeros = v.iter().filter(|x| *x & 0x7fff == 0).count();
        let nans = v
            .iter()
            .filter(|x| *x & 0x7f80 == 0x7f80 && *x & 0x7f != 0)
            .count();
        let subs = v
            .iter()
            .filter(|x| *x & 0x7f80 == 0 && *x & 0x7f != 0)
            .count();
        // Uniform bits would give about 0.01%, 0.4%, 0.4%.
        assert!(
            zeros > 100 && nans > 200 && subs > 300,
            "{zeros} {nans} {subs}"
        );
        assert_eq!(g.operand(PtxType::U32), None);
    }
}
