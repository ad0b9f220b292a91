//! Operand generators and the comparison against the exact core.
#![allow(dead_code)]

use ptxfp_fast::Half;
use ptxfp_float::{is_nan, Format, BF16, F16, F32, F64};

/// A small deterministic generator (xorshift64*), so failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// 4096 16-bit values concentrated on the edges of `fmt`: every sign, the
/// exponents of zero/subnormals, the smallest normals, around 1, the
/// exponents whose products or sums underflow or overflow, the largest
/// finite values, infinities and NaNs, each with fractions at both ends of
/// their range, around the half, and random.
pub fn edge16(fmt: Half) -> Vec<u16> {
    let (exp_bits, frac_bits) = match fmt {
        Half::F16 => (5u32, 10u32),
        Half::Bf16 => (8, 7),
    };
    let emax = (1u32 << exp_bits) - 1;
    let exps: Vec<u32> = match fmt {
        Half::F16 => (0..=emax).collect(),
        Half::Bf16 => (0..8)
            .chain(56..72)
            .chain(119..135)
            .chain(185..201)
            .chain(248..=255)
            .collect(),
    };
    let per = 4096 / 2 / exps.len();
    let fm = (1u32 << frac_bits) - 1;
    let mut fracs: Vec<u32> = vec![
        0,
        1,
        2,
        3,
        fm,
        fm - 1,
        fm >> 1,
        (fm >> 1) + 1,
        (fm >> 1) + 2,
        fm >> 2,
        1 << (frac_bits - 2),
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ frac_bits as u64);
    while fracs.len() < per {
        fracs.push(rng.below(fm as u64 + 1) as u32);
    }
    fracs.truncate(per);
    let mut v = Vec::with_capacity(4096);
    for s in 0..2u32 {
        for &e in &exps {
            for &f in &fracs {
                v.push(((s << 15) | (e << frac_bits) | f) as u16);
            }
        }
    }
    while v.len() < 4096 {
        v.push(rng.next() as u16);
    }
    v
}

/// A random value of a format with `exp_bits`/`frac_bits`, edge-heavy: the
/// exponent is often at an end of the range or near `near`, the fraction
/// often has runs of zeros or ones.
pub fn edge_bits(rng: &mut Rng, exp_bits: u32, frac_bits: u32, near: Option<u64>) -> u64 {
    let emax = (1u64 << exp_bits) - 1;
    let bias = emax >> 1;
    let sign = rng.next() & 1;
    let e = match rng.below(8) {
        0 => rng.below(3),
        1 => emax - rng.below(3),
        2 => bias + rng.below(5) - 2,
        3 => match near {
            Some(n) => (n as i64 + rng.below(60) as i64 - 30).clamp(0, emax as i64) as u64,
            None => rng.below(emax + 1),
        },
        4 => rng.below(6) + bias / 2 - 3 + rng.below(2) * bias,
        _ => rng.below(emax + 1),
    };
    let fm = (1u64 << frac_bits) - 1;
    let f = match rng.below(6) {
        0 => rng.below(4),
        1 => fm - rng.below(4),
        2 => (1 << (frac_bits - 1)) ^ rng.below(4),
        3 => (rng.next() & fm) & !((1 << rng.below(frac_bits as u64)) - 1),
        _ => rng.next() & fm,
    };
    (sign << (exp_bits + frac_bits)) | (e << frac_bits) | f
}

/// Asserts that `got` is the core's `want` bit for bit, or that both are
/// NaNs (the kernels' NaN payload is unspecified).
pub fn check<F: Format>(what: &str, ops: &[u64], got: u64, want: u64) {
    if is_nan::<F>(want) {
        assert!(
            is_nan::<F>(got),
            "{what} {ops:x?}: got {got:#x}, want a NaN ({want:#x})"
        );
    } else {
        assert_eq!(got, want, "{what} {ops:x?}: got {got:#x}, want {want:#x}");
    }
}

/// `check` for a half format.
pub fn check_half(fmt: Half, what: &str, ops: &[u64], got: u16, want: u64) {
    match fmt {
        Half::F16 => check::<F16>(what, ops, got as u64, want),
        Half::Bf16 => check::<BF16>(what, ops, got as u64, want),
    }
}

/// Edge-heavy binary32 fma triples, a third of them with `c` close to
/// `-(a × b)` (cancellation) and some with `c` tiny against the product.
pub fn fma_triples_f32(rng: &mut Rng, n: usize) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let (mut a, mut b, mut c) = (vec![], vec![], vec![]);
    for _ in 0..n {
        let x = edge_bits(rng, 8, 23, None);
        let y = edge_bits(rng, 8, 23, Some(254u64.saturating_sub((x >> 23) & 0xff)));
        let p = f32::from_bits(x as u32) * f32::from_bits(y as u32);
        let z = match rng.below(3) {
            0 => ((-p).to_bits() as u64 ^ rng.below(8)) as u32,
            _ => edge_bits(rng, 8, 23, Some(((p.to_bits() >> 23) & 0xff) as u64)) as u32,
        };
        a.push(x as u32);
        b.push(y as u32);
        c.push(z);
    }
    (a, b, c)
}

/// As [`fma_triples_f32`], binary64.
pub fn fma_triples_f64(rng: &mut Rng, n: usize) -> (Vec<u64>, Vec<u64>, Vec<u64>) {
    let (mut a, mut b, mut c) = (vec![], vec![], vec![]);
    for _ in 0..n {
        let x = edge_bits(rng, 11, 52, None);
        let y = edge_bits(rng, 11, 52, Some(2046u64.saturating_sub((x >> 52) & 0x7ff)));
        let p = f64::from_bits(x) * f64::from_bits(y);
        let z = match rng.below(3) {
            0 => (-p).to_bits() ^ rng.below(8),
            _ => edge_bits(rng, 11, 52, Some((p.to_bits() >> 52) & 0x7ff)),
        };
        a.push(x);
        b.push(y);
        c.push(z);
    }
    (a, b, c)
}

/// Format constants used by the tests.
pub const F32_BITS: (u32, u32) = (F32::EXP_BITS, F32::FRAC_BITS);
/// Format constants used by the tests.
pub const F64_BITS: (u32, u32) = (F64::EXP_BITS, F64::FRAC_BITS);
