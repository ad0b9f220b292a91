//! The printed value of every bit pattern is the shortest decimal that
//! reads back to the same bits: exhaustively for `.f16` and `.bf16`, on a
//! large random sample and the edge cases for `.f32` and `.f64`. Read back
//! by rustc_apfloat's exact parser (`parse_operand`) and, for f32/f64, also
//! by the host's correctly rounded `str::parse`. `--exact` output is
//! checked digit for digit against M·5^k computed with big integers
//! (rustc_apfloat's decimal reader flags long exact decimals inexact, so
//! it cannot tell); `--hex` output is read by rustc_apfloat into binary128
//! with no rounding at all, as the value itself.

use ptxfp::literal::{decode, decode_as, parse_operand, Style};
use ptxfp::PtxType;
use rustc_apfloat::ieee::{BFloat, Double, Half, Quad, Single};
use rustc_apfloat::{Float, FloatConvert, Round, Status};

/// The significant digits of a printed decimal (`0.0039101` → `39101`,
/// `60000` → `6`, `-1.25E-3` → `125`).
fn significant(text: &str) -> String {
    let mant = text.trim_start_matches('-').split('E').next().unwrap();
    let digits: String = mant.chars().filter(char::is_ascii_digit).collect();
    digits.trim_matches('0').to_string()
}

/// The value of `bits` of a 16-bit format as an f64 (exact).
fn value16<T: Float + FloatConvert<Double>>(bits: u64) -> f64 {
    let mut lost = false;
    let d: Double = T::from_bits(u128::from(bits)).convert(&mut lost).value;
    assert!(!lost);
    f64::from_bits(d.to_bits() as u64)
}

/// Reads `text` exactly into `T`: its bits, and whether it was exact.
fn read<T: Float>(text: &str) -> (u64, bool) {
    let r = T::from_str_r(text, Round::NearestTiesToEven).unwrap();
    (r.value.to_bits() as u64, r.status == Status::OK)
}

/// True if `text` is exactly the value of `T`'s `bits`: read into binary128
/// without rounding, it equals the value widened (exactly) to binary128.
fn exactly<T: Float + FloatConvert<Quad>>(text: &str, bits: u64) -> bool {
    let r = Quad::from_str_r(text, Round::NearestTiesToEven).unwrap();
    let mut lost = false;
    let want: Quad = T::from_bits(u128::from(bits)).convert(&mut lost).value;
    !lost && r.status == Status::OK && r.value.to_bits() == want.to_bits()
}

/// The exact value of a finite nonzero float with `frac` fraction bits and
/// exponent bias `bias`, as its significant decimal digits and the power
/// of ten of the first one: M·2^E is M·5^-E·10^E for E < 0, and M·2^E
/// for E >= 0, computed in base 10^9.
fn exact_decimal(mag: u64, frac: u32, bias: i32) -> (String, i32) {
    let biased = (mag >> frac) as i32;
    let f = mag & ((1 << frac) - 1);
    let (m, e) = if biased == 0 {
        (f, 1 - bias - frac as i32)
    } else {
        (f | 1 << frac, biased - bias - frac as i32)
    };
    const BASE: u64 = 1_000_000_000;
    let mut n: Vec<u64> = vec![m % BASE, m / BASE % BASE, m / BASE / BASE];
    let times = |n: &mut Vec<u64>, k: u64| {
        let mut carry = 0;
        for limb in n.iter_mut() {
            let v = *limb * k + carry;
            *limb = v % BASE;
            carry = v / BASE;
        }
        while carry > 0 {
            n.push(carry % BASE);
            carry /= BASE;
        }
    };
    for _ in 0..e.unsigned_abs() {
        times(&mut n, if e < 0 { 5 } else { 2 });
    }
    while n.len() > 1 && n[n.len() - 1] == 0 {
        n.pop();
    }
    let mut text = n[n.len() - 1].to_string();
    for limb in n[..n.len() - 1].iter().rev() {
        text.push_str(&format!("{limb:09}"));
    }
    let first = text.len() as i32 - 1 + e.min(0);
    (text.trim_end_matches('0').to_string(), first)
}

/// A printed decimal (`0.0039101`, `-4.59E-40`, `65504`) as its
/// significant digits and the power of ten of the first one.
fn printed_decimal(text: &str) -> (String, i32) {
    let text = text.trim_start_matches('-');
    let (mant, exp) = match text.split_once('E') {
        Some((m, e)) => (m, e.parse::<i32>().unwrap()),
        None => (text, 0),
    };
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let all = format!("{int}{frac}");
    let lead = all.len() - all.trim_start_matches('0').len();
    let first = int.len() as i32 - 1 - lead as i32 + exp;
    (all.trim_matches('0').to_string(), first)
}

/// Every decimal of at most `j` significant digits near `x` > 0: the
/// integers m around x / 10^q for the two decimal exponents q that give m
/// j digits (x's own and the next, where rounding crosses a power of ten).
/// If any decimal of j digits reads back as x, the one just below x or
/// just above it does (what reads back as x is an interval around x), and
/// both are among these.
fn nearby(x: f64, j: usize) -> Vec<String> {
    let e: i32 = format!("{x:e}").split('e').nth(1).unwrap().parse().unwrap();
    let mut out = Vec::new();
    for q in [e - j as i32 + 1, e - j as i32 + 2] {
        let c = (x / 10f64.powi(q)).floor() as i64;
        for m in (c - 2).max(1)..=c + 2 {
            let digits = m.to_string();
            if digits.trim_end_matches('0').len() <= j {
                out.push(format!("{m}e{q}"));
            }
        }
    }
    out
}

fn exhaustive16<T: Float + FloatConvert<Double> + FloatConvert<Quad>>(ty: PtxType, exp_mask: u64) {
    let mut longest = 0;
    for x in 0..=0xffffu64 {
        let text = decode(x, ty);
        assert_eq!(parse_operand(&text, ty), Ok(x), "{ty} {x:#06x} {text}");
        let mag = x & 0x7fff;
        if mag >= exp_mask || mag == 0 {
            continue; // Inf, NaN (its bits), zero
        }
        let k = significant(&text).len();
        longest = longest.max(k);
        let v = value16::<T>(mag);
        for shorter in nearby(v, k - 1) {
            if k > 1 {
                assert_ne!(
                    read::<T>(&shorter).0,
                    mag,
                    "{ty} {x:#06x} prints {text}, but {shorter} reads back too"
                );
            }
        }
        // Exact: every digit of the value; hex: no rounding on the way back.
        let (frac, bias) = if ty == PtxType::F16 {
            (10, 15)
        } else {
            (7, 127)
        };
        let t = decode_as(mag, ty, Style::Exact);
        assert_eq!(
            printed_decimal(&t),
            exact_decimal(mag, frac, bias),
            "{ty} {x:#06x} {t}"
        );
        let t = decode_as(mag, ty, Style::Hex);
        assert!(exactly::<T>(&t, mag), "{ty} {x:#06x} {t}");
        for style in [Style::Exact, Style::Hex] {
            assert_eq!(parse_operand(&decode_as(x, ty, style), ty), Ok(x));
        }
    }
    // The most digits any value needs: ceil(p·log10 2) + 1 at most.
    assert!(
        longest <= if ty == PtxType::F16 { 5 } else { 4 },
        "{longest}"
    );
}

#[test]
fn every_f16_prints_shortest_and_reads_back() {
    exhaustive16::<Half>(PtxType::F16, 0x7c00);
}

#[test]
fn every_bf16_prints_shortest_and_reads_back() {
    exhaustive16::<BFloat>(PtxType::BF16, 0x7f80);
}

/// The shortest decimal of `x` (f32 or f64, finite, nonzero) is `text`:
/// it reads back (host parser and rustc_apfloat), and no decimal with one
/// digit fewer near `x` does.
fn check_wide(bits: u64, ty: PtxType) {
    let text = decode(bits, ty);
    assert_eq!(parse_operand(&text, ty), Ok(bits), "{ty} {bits:#x} {text}");
    let (x, host) = if ty == PtxType::F32 {
        let x = f32::from_bits(bits as u32);
        (
            f64::from(x),
            text.parse::<f32>().map(|v| u64::from(v.to_bits())),
        )
    } else {
        let x = f64::from_bits(bits);
        (x, text.parse::<f64>().map(f64::to_bits))
    };
    assert_eq!(host, Ok(bits), "{ty} {bits:#x} {text}");
    if x == 0.0 || !x.is_finite() {
        return;
    }
    let k = significant(&text).len();
    if k < 2 {
        return;
    }
    // The decimals of k-1 digits just below and above |x|: x correctly
    // rounded to k-1 digits and its neighbours one unit away.
    let j = k - 1;
    let near = format!("{:.*e}", j - 1, x.abs());
    let (mant, e) = near.split_once('e').unwrap();
    let m: i64 = mant.replace('.', "").parse().unwrap();
    let q: i32 = e.parse::<i32>().unwrap() - (j as i32 - 1);
    for m in [m - 1, m, m + 1] {
        let shorter = format!("{m}e{q}");
        let back = if ty == PtxType::F32 {
            u64::from(shorter.parse::<f32>().unwrap().to_bits())
        } else {
            shorter.parse::<f64>().unwrap().to_bits()
        };
        assert_ne!(
            back,
            bits & !(1 << (ty.bits() - 1)),
            "{ty} {bits:#x} prints {text}, but {shorter} reads back too"
        );
    }
}

/// Edge cases of a format: zeros, the subnormal range's ends, powers of
/// two (where the gap below is half the gap above) and their neighbours,
/// the largest finite values, powers of ten and their neighbours.
fn edges(ty: PtxType) -> Vec<u64> {
    let (frac, max_exp) = if ty == PtxType::F32 {
        (23u32, 0xffu64)
    } else {
        (52, 0x7ff)
    };
    let mut out = vec![0, 1, 2, 3, (1 << frac) - 1, 1 << frac, (1 << frac) + 1];
    for e in 1..max_exp {
        let p = e << frac;
        out.extend([p - 1, p, p + 1]);
    }
    for e10 in -45..=308 {
        let t = format!("1e{e10}");
        let b = if ty == PtxType::F32 {
            u64::from(t.parse::<f32>().unwrap().to_bits())
        } else {
            t.parse::<f64>().unwrap().to_bits()
        };
        if b != 0 && b < max_exp << frac {
            out.extend([b - 1, b, b + 1]);
        }
    }
    let sign = 1 << (ty.bits() - 1);
    let neg: Vec<u64> = out.iter().map(|b| b | sign).collect();
    out.extend(neg);
    out
}

#[test]
fn f32_and_f64_print_shortest_and_read_back() {
    for ty in [PtxType::F32, PtxType::F64] {
        for b in edges(ty) {
            check_wide(b, ty);
        }
    }
    let mut r = 0x2545_f491_4f6c_dd1du64;
    for i in 0..1_000_000 {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        if i % 2 == 0 {
            let b = r & 0xffff_ffff;
            if f32::from_bits(b as u32).is_finite() {
                check_wide(b, PtxType::F32);
            }
        } else if f64::from_bits(r).is_finite() {
            check_wide(r, PtxType::F64);
        }
    }
}

#[test]
fn f32_and_f64_exact_and_hex_are_exact() {
    let mut r = 0x9e37_79b9_7f4a_7c15u64;
    let mut sample: Vec<u64> = edges(PtxType::F64).into_iter().step_by(7).collect();
    for _ in 0..5_000 {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        sample.push(r);
    }
    for &b in &sample {
        let f = b & 0xffff_ffff;
        if f32::from_bits(f as u32).is_finite() && f & 0x7fff_ffff != 0 {
            let t = decode_as(f, PtxType::F32, Style::Exact);
            let want = exact_decimal(f & 0x7fff_ffff, 23, 127);
            assert_eq!(printed_decimal(&t), want, "f32 {f:#x} {t}");
            let h = decode_as(f, PtxType::F32, Style::Hex);
            assert!(exactly::<Single>(&h, f), "f32 {f:#x} {h}");
            for t in [t, h] {
                assert_eq!(parse_operand(&t, PtxType::F32), Ok(f));
            }
        }
        if f64::from_bits(b).is_finite() && b << 1 != 0 {
            let t = decode_as(b, PtxType::F64, Style::Exact);
            let want = exact_decimal(b & !(1 << 63), 52, 1023);
            assert_eq!(printed_decimal(&t), want, "f64 {b:#x} {t}");
            let h = decode_as(b, PtxType::F64, Style::Hex);
            assert!(exactly::<Double>(&h, b), "f64 {b:#x} {h}");
            for t in [t, h] {
                assert_eq!(parse_operand(&t, PtxType::F64), Ok(b));
            }
        }
    }
    // The longest exact expansion: the smallest f64 subnormal, 2^-1074,
    // 751 significant digits.
    assert_eq!(
        significant(&decode_as(1, PtxType::F64, Style::Exact)).len(),
        751
    );
}
