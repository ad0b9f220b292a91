//! binary16 add, sub and mul against the host's own IEEE binary64 arithmetic
//! followed by a separate, simple rounding routine written here.
//!
//! Why the host is exact here (the proof the style guide asks for):
//! every finite f16 is an integer multiple of 2^-24 (the least subnormal)
//! with magnitude at most 65504 < 2^16.
//! - Sum/difference: a ± b is a multiple of 2^-24 with magnitude < 2^17, i.e.
//!   an integer count n·2^-24 with |n| < 2^41 < 2^53. Every such value is a
//!   binary64 number (53-bit significand, exponent far inside range), so the
//!   host's correctly rounded a ± b is exact, whatever the host rounding.
//! - Product: the significands have at most 11 bits, so a·b = (s_a·s_b)·2^k
//!   with s_a·s_b < 2^22 and 2^-48 ≤ |a·b| < 2^32 (or zero): representable in
//!   binary64 as a normal number, so the host product is exact.
//!
//! Zero signs, infinities and NaNs are decided separately below, so the
//! host's handling of them (and its rounding mode, always nearest here) is
//! not relied on. The exact binary64 value is then rounded once to f16 by
//! `round_f64_to_f16`, which compares the dropped remainder with half an ulp
//! (a different formulation from the core's half/sticky split).
//!
//! Tiers:
//! - `sampled_pairs` (CI): 2^11 × 2^11 = 2^22 fixed pairs spread over every
//!   sign, exponent and low-bit pattern, × 3 ops × 4 modes.
//! - `all_pairs` (`#[ignore]`): every one of the 2^32 pairs × 3 ops × 4 modes
//!   (51.5 G operations):
//!   `cargo test --release -p ptxfp-float --test f16_exhaustive -- --ignored`
//!   (the `test` profile is already opt-level 3, so `--release` is optional;
//!   `PTXFP_F16_MODES=rn,rz` restricts the modes, `PTXFP_F16_OPS=add` the ops).

use ptxfp_float::{add, mul, sub, Flags, Round, Rounded, F16};
use rayon::prelude::*;

/// f16 bits → exact f64 (textbook formula: subnormal f·2^-24, normal
/// (1024 + f)·2^(e-25)); `None` for NaN.
fn f16_value(bits: u16) -> Option<f64> {
    let neg = bits & 0x8000 != 0;
    let e = (bits >> 10) & 0x1f;
    let f = (bits & 0x3ff) as f64;
    let mag = match e {
        31 if f == 0.0 => f64::INFINITY,
        31 => return None,
        0 => f * 2f64.powi(-24),
        _ => (1024.0 + f) * 2f64.powi(e as i32 - 25),
    };
    Some(if neg { -mag } else { mag })
}

/// Whether to move away from zero, given the remainder `rem` of `2·half`
/// units dropped, the kept significand's parity and the sign.
fn away(rm: Round, neg: bool, odd: bool, rem: u64, half: u64) -> bool {
    if rem == 0 {
        return false;
    }
    match rm {
        Round::NearestEven => rem > half || (rem == half && odd),
        Round::TowardZero => false,
        Round::TowardPositive => !neg,
        Round::TowardNegative => neg,
    }
}

/// Rounds a nonzero finite normal binary64 `x` to f16 with mode `rm`, with
/// IEEE 754 flags (underflow: tiny after rounding with an unbounded
/// exponent, and inexact).
fn round_f64_to_f16(x: f64, rm: Round) -> Rounded {
    let b = x.to_bits();
    let neg = b >> 63 == 1;
    let big_e = ((b >> 52) & 0x7ff) as i32;
    assert!(big_e != 0 && big_e != 0x7ff, "normal operand expected");
    let e = big_e - 1023; // x = sig × 2^(e - 52), 2^52 ≤ sig < 2^53
    let sig = (b & ((1 << 52) - 1)) | 1 << 52;
    // The f16 quantum: 2^(e-10) for normal results, 2^-24 below 2^-14.
    let k = if e >= -14 { e - 10 } else { -24 };
    let drop = (k - (e - 52)) as u32; // 42 ≤ drop ≤ 76
    let (q, rem, half) = if drop >= 64 {
        // Products of subnormals reach 2^-48 (drop up to 76): all of sig is
        // dropped and it is far below half a quantum (sig < 2^53 < 2^63).
        (0, sig, 1u64 << 63)
    } else {
        (sig >> drop, sig & ((1 << drop) - 1), 1u64 << (drop - 1))
    };
    let mut q = q + away(rm, neg, q & 1 == 1, rem, half) as u64;
    let mut k = k;
    if q == 1 << 11 {
        q = 1 << 10;
        k += 1;
    }
    let sign: u64 = if neg { 0x8000 } else { 0 };
    let inexact = rem != 0;
    if q >= 1 << 10 && k + 10 > 15 {
        let to_inf = match rm {
            Round::NearestEven => true,
            Round::TowardZero => false,
            Round::TowardPositive => !neg,
            Round::TowardNegative => neg,
        };
        return Rounded {
            bits: sign | if to_inf { 0x7c00 } else { 0x7bff },
            flags: Flags::OVERFLOW | Flags::INEXACT,
        };
    }
    let bits = if q >= 1 << 10 {
        (((k + 10 + 15) as u64) << 10) | (q - (1 << 10))
    } else {
        q
    };
    let mut flags = Flags::NONE;
    if inexact {
        flags |= Flags::INEXACT;
        // Tiny after rounding at 11 bits with an unbounded exponent?
        let tiny = if e >= -14 {
            false
        } else if e < -15 {
            true
        } else {
            // e = -15: x = sig × 2^-67 and the 11-bit rounding has quantum
            // 2^-25 (drop 42 bits); tiny unless it carries up to 2^-14.
            let (q, rem) = (sig >> 42, sig & ((1 << 42) - 1));
            q + (away(rm, neg, q & 1 == 1, rem, 1 << 41) as u64) < 1 << 11
        };
        if tiny {
            flags |= Flags::UNDERFLOW;
        }
    }
    Rounded {
        bits: sign | bits,
        flags,
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Op {
    Add,
    Sub,
    Mul,
}

/// The expected result, by the host-exact route. NaNs follow the core's
/// documented rule (first NaN operand quieted; default NaN when invalid).
fn expected(op: Op, a: u16, b: u16, rm: Round, val: &[Option<f64>]) -> Rounded {
    let is_snan = |x: u16| x & 0x7e00 == 0x7c00 && x & 0x1ff != 0;
    let (va, vb) = (val[a as usize], val[b as usize]);
    if va.is_none() || vb.is_none() {
        let first = if va.is_none() { a } else { b };
        let invalid = is_snan(a) || is_snan(b);
        return Rounded {
            bits: (first | 0x0200) as u64,
            flags: if invalid { Flags::INVALID } else { Flags::NONE },
        };
    }
    let (x, y) = (va.unwrap(), vb.unwrap());
    let y = if op == Op::Sub { -y } else { y };
    let r = match op {
        Op::Add | Op::Sub => x + y,
        Op::Mul => x * y,
    };
    if r.is_nan() {
        // ∞ - ∞ or 0 × ∞: IEEE 754 §7.2 invalid, the default NaN.
        return Rounded {
            bits: 0x7e00,
            flags: Flags::INVALID,
        };
    }
    if r.is_infinite() {
        return Rounded::exact(if r < 0.0 { 0xfc00 } else { 0x7c00 });
    }
    if r == 0.0 {
        let neg = match op {
            Op::Mul => x.is_sign_negative() != y.is_sign_negative(),
            // IEEE 754 §6.3: like-signed zeros keep their sign; any other
            // exact zero sum is +0, or -0 toward negative.
            _ if x == 0.0 && y == 0.0 && x.is_sign_negative() == y.is_sign_negative() => {
                x.is_sign_negative()
            }
            _ => rm == Round::TowardNegative,
        };
        return Rounded::exact(if neg { 0x8000 } else { 0 });
    }
    round_f64_to_f16(r, rm)
}

fn table() -> Vec<Option<f64>> {
    (0..=0xffffu16).map(f16_value).collect()
}

/// Checks every `b` against one `a`; returns the mismatches.
fn row(a: u16, bs: &[u16], rm: Round, ops: &[Op], val: &[Option<f64>]) -> Vec<String> {
    let mut errs = Vec::new();
    for &b in bs {
        for &op in ops {
            let got = match op {
                Op::Add => add::<F16>(a as u64, b as u64, rm),
                Op::Sub => sub::<F16>(a as u64, b as u64, rm),
                Op::Mul => mul::<F16>(a as u64, b as u64, rm),
            };
            let want = expected(op, a, b, rm, val);
            if got != want && errs.len() < 10 {
                errs.push(format!(
                    "{op:?}::<F16>({a:#06x}, {b:#06x}, {rm:?}): got {:#06x} {:?}, want {:#06x} {:?}",
                    got.bits, got.flags, want.bits, want.flags
                ));
            }
        }
    }
    errs
}

fn sweep(as_: &[u16], bs: &[u16], modes: &[Round], ops: &[Op]) {
    let val = table();
    for &rm in modes {
        let errs: Vec<String> = as_
            .par_iter()
            .flat_map_iter(|&a| row(a, bs, rm, ops, &val))
            .collect();
        assert!(
            errs.is_empty(),
            "{} mismatches (≤10 per row); first:\n{}",
            errs.len(),
            errs[..errs.len().min(20)].join("\n")
        );
    }
}

const ALL_OPS: [Op; 3] = [Op::Add, Op::Sub, Op::Mul];

#[test]
fn sampled_pairs() {
    // 2^11 values each: every 32nd pattern, offset so the low 5 bits vary.
    let a: Vec<u16> = (0..2048u16).map(|i| i * 32 + i % 32).collect();
    let b: Vec<u16> = (0..2048u16).map(|j| j * 32 + (j * 13 + 5) % 32).collect();
    sweep(&a, &b, &Round::ALL, &ALL_OPS);
}

#[test]
fn oracle_self_check() {
    // Hand-derived cases, so that the oracle is not only trusted by agreement.
    let val = table();
    let rn = Round::NearestEven;
    // 1 + 2^-11 is a tie between 1 and 1 + 2^-10: even → 1.
    assert_eq!(
        expected(Op::Add, 0x3c00, 0x1000, rn, &val),
        Rounded {
            bits: 0x3c00,
            flags: Flags::INEXACT
        }
    );
    // 65504 + 16 = 65520 is the overflow tie: RN → ∞, RZ → MAX.
    assert_eq!(expected(Op::Add, 0x7bff, 0x4c00, rn, &val).bits, 0x7c00);
    assert_eq!(
        expected(Op::Add, 0x7bff, 0x4c00, Round::TowardZero, &val).bits,
        0x7bff
    );
    // 2^-24 × 0.5: a tie with 0, underflow and inexact.
    assert_eq!(
        expected(Op::Mul, 0x0001, 0x3800, rn, &val),
        Rounded {
            bits: 0,
            flags: Flags::UNDERFLOW | Flags::INEXACT
        }
    );
    // (2^21 - 8) × 2^-35 = 2^-14 - 2^-32 rounds to 2^-14 = MIN_NORMAL, and
    // also at 11 bits with an unbounded exponent: not tiny, no underflow.
    assert_eq!(
        expected(Op::Mul, 0x056b, 0x39e8, rn, &val),
        Rounded {
            bits: 0x0400,
            flags: Flags::INEXACT
        }
    );
    // x - x toward negative is -0.
    assert_eq!(
        expected(Op::Sub, 0x3c00, 0x3c00, Round::TowardNegative, &val).bits,
        0x8000
    );
}

fn env_list<T: Copy>(var: &str, all: &[(&str, T)]) -> Vec<T> {
    match std::env::var(var) {
        Ok(s) => s
            .split(',')
            .map(|w| {
                all.iter()
                    .find(|(n, _)| *n == w.trim())
                    .unwrap_or_else(|| panic!("{var}: unknown {w:?}"))
                    .1
            })
            .collect(),
        Err(_) => all.iter().map(|(_, t)| *t).collect(),
    }
}

#[test]
#[ignore = "2^32 pairs x 3 ops x 4 modes: run with --ignored (minutes on many cores)"]
fn all_pairs() {
    let modes = env_list(
        "PTXFP_F16_MODES",
        &[
            ("rn", Round::NearestEven),
            ("rz", Round::TowardZero),
            ("rm", Round::TowardNegative),
            ("rp", Round::TowardPositive),
        ],
    );
    let ops = env_list(
        "PTXFP_F16_OPS",
        &[("add", Op::Add), ("sub", Op::Sub), ("mul", Op::Mul)],
    );
    let all: Vec<u16> = (0..=0xffff).collect();
    sweep(&all, &all, &modes, &ops);
}
