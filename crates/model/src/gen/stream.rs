//! The GPU records' operand stream: edge-weighted random operands,
//! reproducible from a seed, in blocks that parallel workers and any GPU
//! launch size cut the same way.
//!
//! The random source is `oorandom::Rand64` (PCG-XSL-RR 128/64, a fixed
//! algorithm whose output that crate promises not to change), so a record's
//! `seed` and `count` name its operands forever.
//!
//! The stream of a (seed, count) run is cut in blocks of [`BLOCK`] tuples;
//! block `k` is drawn from its own generator, seeded with `seed` in the
//! high 64 bits and `k` in the low ones ([`EdgeRng::block`]), so blocks are
//! generated in parallel and any launch size gives the same operands.
//!
//! The formats' edges (exponent and fraction fields) and the format of each
//! type's lanes come from [`super::edges`], as they do for the `ptxfp
//! gen` command's vectors, [`super::vectors`]: one generator, two streams.
//! The streams stay two because each is a contract: this one names the
//! operands of every GPU record with random inputs, that one the vectors of
//! `ptxfp gen --seed`; each is pinned by its tests
//! (`crates/hw/tests/gen_stream.rs`, `crates/model/tests/gen_pins.rs`).

use rayon::prelude::*;

use super::edges::{self, LaneFormat};
use ptxfp_float::{Format, BF16, F16, F32, F64};
use ptxfp_isa::types::PtxType;

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

    /// One value of format `F`: a quarter uniform over all bit patterns,
    /// the rest a sign, an exponent and a fraction drawn apart, each often
    /// one of the edges of [`edges::exponents`] and [`edges::fractions`].
    fn scalar<F: Format>(&mut self) -> u64 {
        let bits = self.rng.rand_u64();
        if self.below(4) == 0 {
            // A quarter uniform over all bit patterns.
            return bits & F::ALL;
        }
        let negative = bits & 1 == 1;
        let exps = edges::exponents::<F>();
        let exp = match self.below(10) {
            k @ 0..=7 => exps[k as usize],
            // Products and sums that land near the subnormal boundary.
            8 => {
                let bias = edges::one_exp::<F>();
                self.below(bias / 2 + 1) + bias / 2
            }
            _ => self.below(edges::special_exp::<F>() + 1),
        };
        let fracs = edges::fractions::<F>();
        let frac = match self.below(7) {
            k @ 0..=4 => fracs[k as usize],
            // Few significant bits: exact results, ties.
            5 => (self.rng.rand_u64() & F::FRAC_MASK) & !(F::FRAC_MASK >> 3),
            _ => self.rng.rand_u64() & F::FRAC_MASK,
        };
        edges::pack::<F>(negative, exp, frac)
    }

    /// One lane of format `lane`.
    fn lane(&mut self, lane: LaneFormat) -> u64 {
        match lane {
            LaneFormat::F16 => self.scalar::<F16>(),
            LaneFormat::BF16 => self.scalar::<BF16>(),
            LaneFormat::F32 => self.scalar::<F32>(),
            LaneFormat::F64 => self.scalar::<F64>(),
        }
    }

    /// One operand of type `t`: a float type from its format's edges
    /// (packed types: each lane drawn independently, the low lane first);
    /// an integer or bit type from [`EdgeRng::integer`]; a predicate 0 or
    /// 1; the packed 8-, 6- and 4-bit float types and `.tf32` uniform over
    /// the register's bits (every pattern of a lane is an edge of so small
    /// a format). Never `None`: the `Option` stays for the callers that
    /// had a type without a stream.
    pub fn operand(&mut self, t: PtxType) -> Option<u64> {
        if let Some((lane, n)) = LaneFormat::of(t) {
            return Some((0..n).fold(0, |v, i| v | self.lane(lane) << (i * lane.bits())));
        }
        Some(match t {
            PtxType::Pred => self.below(2),
            t if t.is_int() || t.is_bits() => self.integer(t.bits()),
            t => self.rng.rand_u64() & t.mask(),
        })
    }

    /// An integer of `bits` bits: half uniform, half an edge: 0, 1, all
    /// ones (-1), the signed maximum and minimum, a small count (shift
    /// amounts and bit positions up to `bits + 1`), a power of two, or one
    /// next to a power of two.
    pub fn integer(&mut self, bits: u32) -> u64 {
        let m = ptxfp_isa::types::mask(bits);
        if self.below(2) == 0 {
            return self.rng.rand_u64() & m;
        }
        let p = 1u64 << self.below(u64::from(bits));
        let e = match self.below(8) {
            0 => 0,
            1 => 1,
            2 => m,
            3 => m >> 1,
            4 => (m >> 1) + 1,
            5 => self.below(u64::from(bits) + 2),
            6 => p,
            _ => p.wrapping_add(self.below(3)).wrapping_sub(1),
        };
        e & m
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
/// sources `srcs`, as one column per source. `None` where `first` is not a
/// multiple of [`BLOCK`].
pub fn stream(seed: u64, srcs: &[PtxType], first: u64, count: u64) -> Option<Vec<Vec<u64>>> {
    if !first.is_multiple_of(BLOCK) {
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
        // Integer and predicate sources have a stream too.
        let ints = stream(5, &[PtxType::U16, PtxType::Pred], 0, 1000).unwrap();
        assert!(ints[0].iter().all(|v| *v <= 0xffff));
        assert!(ints[1].iter().all(|v| *v <= 1));
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
        // Integers: half edges (0, 1, all ones, the signed extremes, small
        // counts, powers of two and their neighbours).
        let w: Vec<u64> = (0..10_000)
            .map(|_| g.operand(PtxType::U32).unwrap())
            .collect();
        let (zero, ones, min) = (
            w.iter().filter(|x| **x == 0).count(),
            w.iter().filter(|x| **x == 0xffff_ffff).count(),
            w.iter().filter(|x| **x == 0x8000_0000).count(),
        );
        // Uniform bits would give none of them.
        assert!(zero > 300 && ones > 300 && min > 300, "{zero} {ones} {min}");
        assert!(w.iter().all(|x| *x <= 0xffff_ffff));
    }
}
