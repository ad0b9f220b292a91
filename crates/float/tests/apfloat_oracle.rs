//! rustc_apfloat (the Rust port of LLVM's APFloat: a different algorithm,
//! multi-limb significands, its own normalize) as an independent oracle for
//! add, sub, mul, fma, div and every conversion between F16, BF16, F32 and F64,
//! in all four modes, on seeded edge-weighted random operands.
//!
//! Where the two conventions differ, only what both define is compared:
//!
//! - Tininess. apfloat raises UNDERFLOW when the rounded result is subnormal
//!   or zero and inexact (`IeeeFloat::normalize`): tininess after rounding
//!   with the *bounded* exponent. The core uses tininess after rounding with
//!   an *unbounded* exponent (IEEE 754 §7.5, as SoftFloat and x86). They can
//!   only disagree when the result is ±MIN_NORMAL (a value just below 2^emin
//!   that rounds up to it at subnormal precision but not at full precision),
//!   so the UNDERFLOW flag is not compared when the result is ±MIN_NORMAL.
//!   (The F8 tier proves our rule exactly.)
//! - Overflow in a directed mode. When the result is ±MAX (rounding toward
//!   zero, or away from the overflowing side), apfloat raises only INEXACT
//!   (`IeeeFloat::overflow_result`); IEEE 754 §7.4 and the core raise
//!   OVERFLOW | INEXACT. So OVERFLOW is not compared when the result is
//!   ±MAX (again proved exactly by the F8 tier).
//! - fma(0, ∞, NaN). Both raise invalid, but apfloat returns its default NaN
//!   while the core returns the NaN operand, quieted (`ops::fma` docs):
//!   only NaN-ness and the flags are compared for that case.
//! - Otherwise NaN results are compared bit for bit: apfloat also returns
//!   the first NaN operand quieted with its payload (`binop_result_from_either_nan`),
//!   raises invalid for a signaling operand, returns +qNaN without payload
//!   for invalid operations, and keeps the leading payload bits in
//!   conversions. Non-NaN results are always compared bit for bit.
//!
//! Cases per op × format × mode: `PTXFP_APFLOAT_CASES` (default 1,000,000;
//! seed `PTXFP_SEED`). Run: `cargo test -p ptxfp-float --test apfloat_oracle`.

use ptxfp_float::{
    add, convert, div, fma, mul, sub, Flags, Format, Round, Rounded, BF16, F16, F32, F64,
};
use rayon::prelude::*;
use rustc_apfloat::ieee::{BFloat, Double, Half, Single};
use rustc_apfloat::{Float, FloatConvert, Round as ARound, Status, StatusAnd};

fn cases() -> u64 {
    std::env::var("PTXFP_APFLOAT_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000)
}

fn seed() -> u64 {
    std::env::var("PTXFP_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_1234)
}

/// splitmix64: tiny, seeded, good enough to spread operands.
#[derive(Clone)]
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn amode(rm: Round) -> ARound {
    match rm {
        Round::NearestEven => ARound::NearestTiesToEven,
        Round::TowardZero => ARound::TowardZero,
        Round::TowardNegative => ARound::TowardNegative,
        Round::TowardPositive => ARound::TowardPositive,
    }
}

fn flags(s: Status) -> Flags {
    let mut f = Flags::NONE;
    if s.contains(Status::INVALID_OP) {
        f |= Flags::INVALID;
    }
    if s.contains(Status::OVERFLOW) {
        f |= Flags::OVERFLOW;
    }
    if s.contains(Status::UNDERFLOW) {
        f |= Flags::UNDERFLOW;
    }
    if s.contains(Status::INEXACT) {
        f |= Flags::INEXACT;
    }
    if s.contains(Status::DIV_BY_ZERO) {
        f |= Flags::DIV_BY_ZERO;
    }
    f
}

fn is_nan<F: Format>(x: u64) -> bool {
    x & !F::SIGN & F::ALL > F::INF
}

/// One edge-weighted random operand of format `F`.
fn operand<F: Format>(r: &mut Rng) -> u64 {
    let sign = if r.next() & 1 == 1 { F::SIGN } else { 0 };
    let frac = r.next() & F::FRAC_MASK;
    let emax_field = (1u64 << F::EXP_BITS) - 2;
    let with_exp = |e: u64| (e << F::FRAC_BITS) | frac;
    let ulps = r.below(4);
    let mag = match r.below(20) {
        0 => 0,
        1 => 1 + ulps,                 // smallest subnormals
        2 => F::MIN_NORMAL - 1 - ulps, // largest subnormals
        3 => F::MIN_NORMAL + ulps,     // smallest normals
        4 => F::MAX - ulps,            // near overflow
        5 => F::INF,
        6 => F::INF | F::QUIET | (frac & (F::QUIET - 1)), // quiet NaN, payload
        7 => F::INF | (frac & (F::QUIET - 1)).max(1),     // signaling NaN
        8 => frac,                                        // any subnormal
        9 | 10 => {
            // Near 1: 1 ± a few ulps, or a random fraction at exponent 0 / -1.
            let one = (F::BIAS as u64) << F::FRAC_BITS;
            match r.below(3) {
                0 => one + ulps,
                1 => one - 1 - ulps,
                _ => with_exp(F::BIAS as u64 - r.below(2)),
            }
        }
        11 => with_exp(1 + r.below(3)),          // low normal binades
        12 => with_exp(emax_field - r.below(3)), // high binades
        13 => with_exp(F::BIAS as u64 / 2 + r.below(F::BIAS as u64)), // mid range
        14 => frac | ((F::BIAS as u64 + r.below(3)) << F::FRAC_BITS) & !0xff, // short significands
        _ => r.next() & (F::ALL & !F::SIGN),     // anything
    };
    sign | mag
}

/// A value next to `x` (± up to 3 ulps of its bit pattern, staying finite).
fn near<F: Format>(r: &mut Rng, x: u64) -> u64 {
    let d = r.below(4);
    let m = x & !F::SIGN;
    let m = if r.next() & 1 == 1 {
        m.saturating_add(d)
    } else {
        m.saturating_sub(d)
    };
    (x & F::SIGN) | m.min(F::MAX)
}

/// A second operand for add/sub: often the first's negation ± a few ulps
/// (catastrophic cancellation) or a value a little smaller, to meet at
/// rounding boundaries.
fn partner<F: Format>(r: &mut Rng, a: u64, sub: bool) -> u64 {
    let flip = if sub { 0 } else { F::SIGN };
    match r.below(4) {
        0 if !is_nan::<F>(a) => near::<F>(r, a ^ flip),
        1 if !is_nan::<F>(a) && a & F::EXP_MASK != F::EXP_MASK => {
            // An addend at the rounding position of `a`: exponent lowered by
            // precision ± 1, giving exact ties and near-ties.
            let e = (a & F::EXP_MASK) >> F::FRAC_BITS;
            let down = F::PRECISION as u64 - 1 + r.below(3);
            let e2 = e.saturating_sub(down);
            let frac = if r.next() & 1 == 1 {
                0
            } else {
                r.next() & F::FRAC_MASK
            };
            (r.next() & F::SIGN) | (e2 << F::FRAC_BITS) | frac
        }
        _ => operand::<F>(r),
    }
}

/// An fma addend: often placed against the product's rounding boundaries.
fn addend<F: Format>(r: &mut Rng, a: u64, b: u64) -> u64 {
    let p = mul::<F>(a, b, Round::TowardZero).bits;
    if is_nan::<F>(p) || p & F::EXP_MASK == F::EXP_MASK {
        return operand::<F>(r);
    }
    match r.below(6) {
        // c = -(a·b rounded) ± tiny: the result is the product's rounding error.
        0 => p ^ F::SIGN,
        1 => near::<F>(r, p ^ F::SIGN),
        // c = half an ulp of the product (or a neighbour of it), either sign:
        // exact ties and just-off ties.
        2 | 3 => {
            let e = (p & F::EXP_MASK) >> F::FRAC_BITS;
            let e2 = e.saturating_sub(F::PRECISION as u64 + r.below(3)).max(1);
            let frac = [0, 1, F::FRAC_MASK][r.below(3) as usize];
            (r.next() & F::SIGN) | (e2 << F::FRAC_BITS) | frac
        }
        4 => near::<F>(r, p),
        _ => operand::<F>(r),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Add,
    Sub,
    Mul,
    Fma,
    Div,
}

/// The flags both conventions define for a result `bits` (see the module
/// docs): UNDERFLOW is dropped at ±MIN_NORMAL and OVERFLOW at ±MAX.
fn comparable<F: Format>(bits: u64, f: Flags) -> Flags {
    let mag = bits & !F::SIGN & F::ALL;
    let mut drop = 0;
    if mag == F::MIN_NORMAL {
        drop |= Flags::UNDERFLOW.bits();
    }
    if mag == F::MAX {
        drop |= Flags::OVERFLOW.bits();
    }
    Flags::from_bits(f.bits() & !drop)
}

/// Our result and apfloat's, compared; `Err` with the operands in hex.
fn compare<F: Format>(
    op: Op,
    ops: &[u64],
    rm: Round,
    ours: Rounded,
    theirs: (u64, Flags),
) -> Result<(), String> {
    let (tb, tf) = theirs;
    let fma_zero_inf_nan = op == Op::Fma && {
        let zero = |x: u64| x & !F::SIGN & F::ALL == 0;
        let inf = |x: u64| x & !F::SIGN & F::ALL == F::INF;
        ((zero(ops[0]) && inf(ops[1])) || (inf(ops[0]) && zero(ops[1]))) && is_nan::<F>(ops[2])
    };
    let of = comparable::<F>(ours.bits, ours.flags);
    let tf = comparable::<F>(ours.bits, tf);
    let bits_ok = if fma_zero_inf_nan {
        is_nan::<F>(ours.bits) && is_nan::<F>(tb)
    } else {
        ours.bits == tb
    };
    if bits_ok && of == tf {
        Ok(())
    } else {
        let hex: Vec<String> = ops.iter().map(|x| format!("{x:#x}")).collect();
        Err(format!(
            "{op:?}::<{}>({}, {rm:?}): ours {:#x} {:?}, apfloat {:#x} {:?}",
            F::NAME,
            hex.join(", "),
            ours.bits,
            ours.flags,
            tb,
            theirs.1
        ))
    }
}

fn ap<A: Float>(s: StatusAnd<A>) -> (u64, Flags) {
    (s.value.to_bits() as u64, flags(s.status))
}

/// Runs `n` cases of `op` in format `F` (apfloat type `A`) with mode `rm`,
/// in parallel chunks with their own seeds; returns the failures.
fn run_op<F: Format, A: Float>(op: Op, rm: Round, n: u64) -> Vec<String> {
    let chunks = 64u64;
    let per = n.div_ceil(chunks);
    let base = seed() ^ (op as u64) << 40 ^ (F::BITS as u64) << 48 ^ (rm as u64) << 56;
    (0..chunks)
        .into_par_iter()
        .flat_map_iter(|k| {
            let mut r = Rng(base ^ k.wrapping_mul(0x1000_0000_01b3));
            let am = amode(rm);
            let mut errs = Vec::new();
            for _ in 0..per {
                let a = operand::<F>(&mut r);
                let fa = A::from_bits(a as u128);
                let res = match op {
                    Op::Add | Op::Sub => {
                        let b = partner::<F>(&mut r, a, op == Op::Sub);
                        let fb = A::from_bits(b as u128);
                        if op == Op::Add {
                            compare::<F>(op, &[a, b], rm, add::<F>(a, b, rm), ap(fa.add_r(fb, am)))
                        } else {
                            compare::<F>(op, &[a, b], rm, sub::<F>(a, b, rm), ap(fa.sub_r(fb, am)))
                        }
                    }
                    Op::Mul => {
                        let b = operand::<F>(&mut r);
                        let fb = A::from_bits(b as u128);
                        compare::<F>(op, &[a, b], rm, mul::<F>(a, b, rm), ap(fa.mul_r(fb, am)))
                    }
                    Op::Div => {
                        // Half the time a divisor near the dividend or a
                        // power of two from it: quotients near 1 and exact ones.
                        let b = match r.below(4) {
                            0 => near::<F>(&mut r, a),
                            1 => partner::<F>(&mut r, a, true),
                            _ => operand::<F>(&mut r),
                        };
                        let fb = A::from_bits(b as u128);
                        compare::<F>(op, &[a, b], rm, div::<F>(a, b, rm), ap(fa.div_r(fb, am)))
                    }
                    Op::Fma => {
                        let b = operand::<F>(&mut r);
                        let c = addend::<F>(&mut r, a, b);
                        let (fb, fc) = (A::from_bits(b as u128), A::from_bits(c as u128));
                        compare::<F>(
                            op,
                            &[a, b, c],
                            rm,
                            fma::<F>(a, b, c, rm),
                            ap(fa.mul_add_r(fb, fc, am)),
                        )
                    }
                };
                if let Err(e) = res {
                    errs.push(e);
                }
            }
            errs
        })
        .collect()
}

fn run_all_modes<F: Format, A: Float>(op: Op) {
    let n = cases();
    let mut errs = Vec::new();
    for rm in Round::ALL {
        errs.extend(run_op::<F, A>(op, rm, n));
    }
    assert!(
        errs.is_empty(),
        "{} mismatches; first:\n{}",
        errs.len(),
        errs[..errs.len().min(20)].join("\n")
    );
}

macro_rules! op_tests {
    ($($name:ident: $op:ident, $f:ty, $a:ty;)*) => {$(
        #[test]
        fn $name() {
            run_all_modes::<$f, $a>(Op::$op);
        }
    )*};
}

op_tests! {
    add_f16: Add, F16, Half;
    add_bf16: Add, BF16, BFloat;
    add_f32: Add, F32, Single;
    add_f64: Add, F64, Double;
    sub_f16: Sub, F16, Half;
    sub_bf16: Sub, BF16, BFloat;
    sub_f32: Sub, F32, Single;
    sub_f64: Sub, F64, Double;
    mul_f16: Mul, F16, Half;
    mul_bf16: Mul, BF16, BFloat;
    mul_f32: Mul, F32, Single;
    mul_f64: Mul, F64, Double;
    fma_f16: Fma, F16, Half;
    fma_bf16: Fma, BF16, BFloat;
    fma_f32: Fma, F32, Single;
    fma_f64: Fma, F64, Double;
    div_f16: Div, F16, Half;
    div_bf16: Div, BF16, BFloat;
    div_f32: Div, F32, Single;
    div_f64: Div, F64, Double;
}

/// Conversions `S → D`: every input when `S` has 16 bits, else `cases()`
/// edge-weighted random inputs per mode.
fn run_convert<S: Format, D: Format, AS: Float + FloatConvert<AD>, AD: Float>() {
    let mut errs = Vec::new();
    for rm in Round::ALL {
        let am = amode(rm);
        let inputs: Vec<u64> = if S::BITS == 16 {
            (0..=0xffff).collect()
        } else {
            let mut r = Rng(seed() ^ (S::BITS as u64) << 8 ^ D::BITS as u64 ^ (rm as u64) << 60);
            (0..cases())
                .map(|_| {
                    let x = operand::<S>(&mut r);
                    // Half the time, put the value in or near D's range.
                    if r.next() & 1 == 0 && !is_nan::<S>(x) && x & S::EXP_MASK != S::EXP_MASK {
                        let span = (D::BIAS as u64) * 2 + D::FRAC_BITS as u64 + 4;
                        let e = (S::BIAS as u64 + D::BIAS as u64 + 2).saturating_sub(span)
                            + r.below(span + 2);
                        (x & (S::SIGN | S::FRAC_MASK))
                            | (e.min((1 << S::EXP_BITS) - 2) << S::FRAC_BITS)
                    } else {
                        x
                    }
                })
                .collect()
        };
        let found: Vec<String> = inputs
            .par_iter()
            .filter_map(|&a| {
                let ours = convert::<S, D>(a, rm);
                let mut loses = false;
                let t: StatusAnd<AD> = AS::from_bits(a as u128).convert_r(am, &mut loses);
                let (tb, tf) = ap(t);
                let ok = ours.bits == tb
                    && comparable::<D>(ours.bits, ours.flags) == comparable::<D>(ours.bits, tf);
                (!ok).then(|| {
                    format!(
                        "convert::<{}, {}>({a:#x}, {rm:?}): ours {:#x} {:?}, apfloat {tb:#x} {tf:?}",
                        S::NAME,
                        D::NAME,
                        ours.bits,
                        ours.flags
                    )
                })
            })
            .collect();
        errs.extend(found);
    }
    assert!(
        errs.is_empty(),
        "{} mismatches; first:\n{}",
        errs.len(),
        errs[..errs.len().min(20)].join("\n")
    );
}

#[test]
fn convert_all_pairs() {
    macro_rules! pairs {
        ($(($s:ty, $as:ty)),*) => {
            pairs!(@outer [$(($s, $as)),*] [$(($s, $as)),*]);
        };
        (@outer [$(($s:ty, $as:ty)),*] $all:tt) => {
            $( pairs!(@inner ($s, $as) $all); )*
        };
        (@inner ($s:ty, $as:ty) [$(($d:ty, $ad:ty)),*]) => {
            $( run_convert::<$s, $d, $as, $ad>(); )*
        };
    }
    pairs!((F16, Half), (BF16, BFloat), (F32, Single), (F64, Double));
}
