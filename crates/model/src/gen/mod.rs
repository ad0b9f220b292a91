//! Edge-weighted test vectors for a form, in the `verify` format
//! (`FORM A B [C] EXPECTED`, hex without `0x`).
//!
//! Operands are drawn mostly from the edges of each format (zeros,
//! subnormals, min/max normal, values near overflow, infinities, NaNs of
//! both signs, the OOB-NaN for `.oob` forms, values near 1 for `.sat`), and
//! `fma`/`mad` addends are placed next to rounding boundaries of the
//! product. The expected values come from [`Form::eval`]: these vectors
//! record the model's behaviour (regression, or input for a GPU run); they
//! are not an oracle.
//!
//! # Two generators, one source of edges
//!
//! ptxfp has two edge-weighted operand generators, and both take the
//! formats' edges and the types' lane formats from [`edges`]: this one,
//! whose stream is the `ptxfp gen` command's (`--seed S` names the vectors
//! a file holds), and `ptxfp_hw::gen::EdgeRng`, whose stream is the GPU
//! records' (a record's seed and count name its operands forever). Their
//! procedures stay two: SplitMix64 here and PCG there, whole edge values
//! and fma addends next to the product's rounding boundaries here,
//! independent exponent and fraction fields in parallel blocks there. Each
//! stream is pinned by its own contract (`crates/model/tests/gen_pins.rs`,
//! `crates/hw/tests/gen_stream.rs`), so neither can become the other
//! without changing operands that files and records already name.

use crate::quirks::Exec;
use crate::Eval;
use ptxfp_float::{self as float, decode, Format, Round, Value, BF16, F16, F32, F64};
use ptxfp_isa::form::{Form, FormType};
use ptxfp_isa::types::PtxType;

pub mod edges;
pub mod stream;

/// One vector: the source operands (in operand order) and the expected result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vector {
    /// Source operand bits.
    pub srcs: Vec<u64>,
    /// Expected destination bits.
    pub expected: u64,
}

/// The SplitMix64 finalizer (also the counter-based generator of random
/// sweeps, [`crate::sweep::Operands::Random`]).
#[inline(always)]
pub(crate) fn splitmix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        splitmix(self.0)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// A value of format `F`: an edge (half the time) or random bits.
fn value<F: Format>(rng: &mut Rng, oob: bool) -> u64 {
    let sign = if rng.below(2) == 1 { F::SIGN } else { 0 };
    match rng.below(4) {
        0 | 1 => {
            let e = edges::values::<F>(oob);
            e[rng.below(e.len() as u64) as usize] | sign
        }
        2 => {
            // Near 1 and small exponents: where .sat and cancellation matter.
            let d = rng.below(4 << F::FRAC_BITS);
            (edges::one::<F>() - (2 << F::FRAC_BITS) + d) | sign
        }
        _ => rng.next() & F::ALL,
    }
}

/// An addend next to a rounding boundary of the product `a * b` in format
/// `P` (the format the sum is rounded to): minus the rounded product (the
/// result is the product's rounding error), or about half an ulp of it
/// (the exact sum lands next to a tie).
fn addend<P: Format>(rng: &mut Rng, a: u64, b: u64) -> u64 {
    let p = float::mul::<P>(a, b, Round::TowardZero).bits;
    match rng.below(3) {
        0 => p ^ P::SIGN,
        1 => match decode::<P>(p) {
            Value::Finite(e) if e.sig != 0 => {
                // half an ulp of p: exponent of p's lsb minus one.
                let lsb_exp = e.exp + (128 - e.sig.leading_zeros() as i32) - P::PRECISION as i32;
                let r = float::round::<P>(
                    rng.below(2) == 1,
                    lsb_exp - 1,
                    1 + rng.below(2) as u128,
                    Round::NearestEven,
                );
                r.bits
            }
            _ => p,
        },
        _ => p ^ (rng.below(2) * P::SIGN) ^ rng.below(4),
    }
}

/// One lane's operands `a, b, c` for a half form of format `F`.
fn half_ops<F: Format>(rng: &mut Rng, fma: bool, oob: bool) -> [u64; 3] {
    let a = value::<F>(rng, oob);
    let b = value::<F>(rng, oob);
    let c = if fma && rng.below(2) == 0 {
        addend::<F>(rng, a, b)
    } else {
        value::<F>(rng, false)
    };
    [a, b, c]
}

/// Widens a 16-bit format's value exactly to f32 (for mixed addends).
fn to_f32<S: Format>(x: u64) -> u64 {
    float::convert::<S, F32>(x, Round::NearestEven).bits
}

/// `count` vectors for `form`, reproducible from `seed`; expected values
/// from [`Form::eval`] under `exec`. The first `count` of [`vectors`].
pub fn generate(form: &Form, count: usize, seed: u64, exec: &Exec) -> Vec<Vector> {
    vectors(form, seed, exec).take(count).collect()
}

/// The endless sequence of vectors for `form` from `seed`, one at a time
/// (`ptxfp gen` streams them: 10 million need no memory).
pub fn vectors<'a>(form: &'a Form, seed: u64, exec: &'a Exec) -> impl Iterator<Item = Vector> + 'a {
    let mut rng = Rng(seed ^ 0x005e_ed0f_f0f0_u64);
    let fma = form.op().arity() == 3;
    let oob = form.oob();
    core::iter::from_fn(move || {
        let srcs: Vec<u64> = match form.ty() {
            FormType::F16 | FormType::BF16 => {
                let ops = if form.ty() == FormType::F16 {
                    half_ops::<F16>(&mut rng, fma, oob)
                } else {
                    half_ops::<BF16>(&mut rng, fma, oob)
                };
                ops[..form.op().arity()].to_vec()
            }
            FormType::F16x2 | FormType::BF16x2 => {
                let pick = |rng: &mut Rng| {
                    if form.ty() == FormType::F16x2 {
                        half_ops::<F16>(rng, fma, oob)
                    } else {
                        half_ops::<BF16>(rng, fma, oob)
                    }
                };
                let lo = pick(&mut rng);
                let hi = pick(&mut rng);
                (0..form.op().arity())
                    .map(|i| hi[i] << 16 | lo[i])
                    .collect()
            }
            FormType::F32F16 | FormType::F32BF16 => {
                let is_f16 = form.ty() == FormType::F32F16;
                let h = |rng: &mut Rng| {
                    if is_f16 {
                        value::<F16>(rng, false)
                    } else {
                        value::<BF16>(rng, false)
                    }
                };
                let a = h(&mut rng);
                if fma {
                    let b = h(&mut rng);
                    let c = if rng.below(2) == 0 {
                        let (a32, b32) = if is_f16 {
                            (to_f32::<F16>(a), to_f32::<F16>(b))
                        } else {
                            (to_f32::<BF16>(a), to_f32::<BF16>(b))
                        };
                        addend::<F32>(&mut rng, a32, b32)
                    } else {
                        value::<F32>(&mut rng, false)
                    };
                    vec![a, b, c]
                } else {
                    vec![a, value::<F32>(&mut rng, false)]
                }
            }
            FormType::F32 => {
                let a = value::<F32>(&mut rng, false);
                let b = value::<F32>(&mut rng, false);
                let c = if rng.below(2) == 0 {
                    addend::<F32>(&mut rng, a, b)
                } else {
                    value::<F32>(&mut rng, false)
                };
                vec![a, b, c]
            }
            // Each lane drawn as an `.f32` form's operands, lane 0 first.
            FormType::F32x2 => {
                let lane = |rng: &mut Rng| {
                    let a = value::<F32>(rng, false);
                    let b = value::<F32>(rng, false);
                    let c = if rng.below(2) == 0 {
                        addend::<F32>(rng, a, b)
                    } else {
                        value::<F32>(rng, false)
                    };
                    [a, b, c]
                };
                let lo = lane(&mut rng);
                let hi = lane(&mut rng);
                (0..3).map(|i| hi[i] << 32 | lo[i]).collect()
            }
            FormType::F64 => {
                let a = value::<F64>(&mut rng, false);
                let b = value::<F64>(&mut rng, false);
                let c = if rng.below(2) == 0 {
                    addend::<F64>(&mut rng, a, b)
                } else {
                    value::<F64>(&mut rng, false)
                };
                vec![a, b, c]
            }
        };
        // min/max on .f32/.f64 take two of the three drawn (the draw is
        // the same, so the vectors are too).
        let mut srcs = srcs;
        srcs.truncate(form.op().arity());
        let expected = form.eval(&srcs, exec);
        Some(Vector { srcs, expected })
    })
}

/// Bits as hex without `0x`, padded to the width of `ty`.
pub fn hex_digits(bits: u64, ty: PtxType) -> String {
    let w = (ty.bits() as usize).div_ceil(4);
    format!("{bits:0w$x}")
}

/// One line of the `verify` format: `FORM A B [C] EXPECTED`.
pub fn format_line(form: &Form, v: &Vector) -> String {
    let mut s = form.to_string();
    for (x, t) in v.srcs.iter().zip(form.source_types()) {
        s.push(' ');
        s += &hex_digits(*x, t);
    }
    s.push(' ');
    s += &hex_digits(v.expected, form.dest_type());
    s
}

/// One vector of any computing op (`ptxfp gen` for the ops beside the
/// forms): the sources and destinations as
/// [`crate::explicit_operands`] lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpVector {
    /// Source operand bits.
    pub srcs: Vec<u64>,
    /// Expected destination bits (the model's, not an oracle).
    pub dsts: Vec<u64>,
}

/// An integer of `bits` bits: an edge (0, ±1, the extremes of both
/// signednesses, powers of two and their neighbours, small counts that
/// shifts and bit fields take) half the time, else random bits.
fn int_value(rng: &mut Rng, bits: u32) -> u64 {
    let m = ptxfp_isa::types::mask(bits);
    if rng.below(2) == 0 {
        return rng.next() & m;
    }
    let p = 1u64 << rng.below(u64::from(bits));
    let e = match rng.below(8) {
        0 => 0,
        1 => 1,
        2 => m,            // -1 / all ones
        3 => m >> 1,       // signed max
        4 => (m >> 1) + 1, // signed min
        5 => rng.below(u64::from(bits) + 2),
        6 => p,
        _ => p.wrapping_add(rng.below(3)).wrapping_sub(1),
    };
    e & m
}

/// A value of type `ty`: float types from their formats' edges
/// ([`value`]), packed pairs lane by lane, integers from [`int_value`],
/// predicates 0 or 1.
fn typed_value(rng: &mut Rng, ty: PtxType) -> u64 {
    match ty {
        PtxType::Pred => rng.below(2),
        PtxType::F16 => value::<F16>(rng, false),
        PtxType::BF16 => value::<BF16>(rng, false),
        PtxType::F32 => value::<F32>(rng, false),
        PtxType::F64 => value::<F64>(rng, false),
        PtxType::F16x2 => value::<F16>(rng, false) | value::<F16>(rng, false) << 16,
        PtxType::BF16x2 => value::<BF16>(rng, false) | value::<BF16>(rng, false) << 16,
        t => int_value(rng, t.bits()),
    }
}

/// The endless sequence of vectors for any computing `op` from `seed`:
/// sources drawn by their types, destinations from
/// [`crate::compute_explicit`]. Ends at once for an op that does not
/// compute.
pub fn op_vectors<'a>(
    op: &'a ptxfp_isa::op::Op,
    seed: u64,
    exec: &'a Exec,
) -> impl Iterator<Item = OpVector> + 'a {
    let mut rng = Rng(seed ^ 0x0009_e4e4_1c0d_u64);
    let types = op
        .signature()
        .map(|s| crate::explicit_operands(&s).0)
        .unwrap_or_default();
    core::iter::from_fn(move || {
        // A source the ISA limits below its type (`lop3`'s immLut) keeps
        // to its values.
        let srcs: Vec<u64> = (types.iter().enumerate())
            .map(|(k, t)| {
                let v = typed_value(&mut rng, *t);
                op.source_limit(k).map_or(v, |l| v % (l.max + 1))
            })
            .collect();
        let (dsts, _) = crate::compute_explicit(op, &srcs, exec)?;
        Some(OpVector { srcs, dsts })
    })
}
