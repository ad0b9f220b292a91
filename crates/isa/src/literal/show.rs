//! Bits shown as numbers: the shortest decimal that reads back as the
//! same bits (the default), the exact decimal value, or a hex float.
//! Every spelling printed here is one [`super::Literal::operand`] reads
//! back to the bits it was printed from.

use rustc_apfloat::ieee::{BFloat, Double, Half, Single};
use rustc_apfloat::{Float, FloatConvert};

use super::{hex, lane_of, Lane};
use crate::types::PtxType;

/// How [`decode_as`] writes a finite float value (infinities are `+Inf`
/// and `-Inf`, NaNs `NaN(0x7fff)` with their bits, in every style).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Style {
    /// The fewest significant decimal digits that read back (rounded to
    /// nearest even) as the same bits, the nearest such decimal where
    /// several are as short: f64 `0.32`, bf16 0x3dcd `0.1`, f16 0x3c04
    /// `1.004`, f16 0x0001 `6.0E-8`.
    #[default]
    Shortest,
    /// The exact value, every digit (f16 0x0001 `5.9604644775390625E-8`;
    /// an f64 has up to 767 significant digits).
    Exact,
    /// A hex float, exact: `0x1.8p+0`, `-0x1p-24`, `0x0p+0` (subnormals
    /// normalized: f16 0x0001 is `0x1p-24`).
    Hex,
}

/// A readable value per lane: the shortest decimal that reads back as the
/// same value in the type (`1.5`, `-0`, `0.1`, `+Inf`, `NaN(0x7fff)`); x2
/// types print `LANE0,LANE1`. Non-float types print the hex.
pub fn decode(bits: u64, ty: PtxType) -> String {
    decode_as(bits, ty, Style::Shortest)
}

/// [`decode`] in a chosen [`Style`].
pub fn decode_as(bits: u64, ty: PtxType, style: Style) -> String {
    let Some((lane, n)) = lane_of(ty) else {
        // Integers as decimals, as their type reads the bits; bit-size
        // types and predicates as their bits.
        let m = crate::types::mask(ty.bits());
        return if ty == PtxType::Pred {
            (if bits & 1 == 1 { "true" } else { "false" }).to_string()
        } else if ty.is_signed() {
            let s = 64 - ty.bits();
            (((bits << s) as i64) >> s).to_string()
        } else if ty.is_int() {
            (bits & m).to_string()
        } else {
            hex(bits, ty)
        };
    };
    let one = |x: u64| {
        let mag = x & !lane.sign();
        if mag > lane.exp_mask() {
            format!("NaN(0x{:0w$x})", x, w = lane.bits() as usize / 4)
        } else {
            lane.show(x, style)
        }
    };
    if n == 1 {
        one(bits & crate::types::mask(lane.bits()))
    } else {
        let (w, m) = (lane.bits(), crate::types::mask(lane.bits()));
        format!("{},{}", one(bits & m), one((bits >> w) & m))
    }
}

/// A decimal `±0.d1d2... × 10^(exp+1)`: `digits` significant digits
/// without leading or trailing zeros, the first one's power of ten `exp`
/// (`1.5` is `("15", 0)`, `0.032` is `("32", -2)`).
struct Decimal {
    neg: bool,
    digits: String,
    exp: i32,
}

impl Decimal {
    /// From Rust's `{:e}` text (`-1.25e-3`, `1e10`), trailing zeros dropped.
    fn from_sci(sci: &str) -> Decimal {
        let (mant, exp) = sci.split_once('e').unwrap_or((sci, "0"));
        let (neg, mant) = match mant.strip_prefix('-') {
            Some(m) => (true, m),
            None => (false, mant),
        };
        let digits: String = mant.chars().filter(char::is_ascii_digit).collect();
        Decimal::new(neg, &digits, exp.parse().unwrap_or(0))
    }

    /// The integer `m` times `10^e`.
    fn from_int(neg: bool, m: u64, e: i32) -> Decimal {
        let digits = m.to_string();
        Decimal::new(neg, &digits, e + digits.len() as i32 - 1)
    }

    /// `digits` with the first one's power of ten `exp`.
    fn new(neg: bool, digits: &str, exp: i32) -> Decimal {
        let lead = digits.len() - digits.trim_start_matches('0').len();
        let digits = digits.trim_matches('0');
        Decimal {
            neg,
            digits: if digits.is_empty() { "0" } else { digits }.to_string(),
            exp: exp - lead as i32,
        }
    }

    /// Laid out as `ptxfp` prints numbers: plain digits when the integer
    /// part has at most `max` digits (the format's distinguishing digits:
    /// f16 `60000`, f32 `16777216`) or at most two zeros follow the point
    /// (`0.0039101`), otherwise `d.dddE±x` (`9.7656E-4`, `1.0E+9`,
    /// `3.4028235E+38`).
    fn layout(&self, max: usize) -> String {
        let neg = if self.neg { "-" } else { "" };
        let (digits, exp) = (self.digits.as_str(), self.exp);
        let n = digits.len() as i32;
        if exp >= 0 && exp < max as i32 {
            if n <= exp + 1 {
                format!("{neg}{digits}{}", "0".repeat((exp + 1 - n) as usize))
            } else {
                let (int, frac) = digits.split_at(exp as usize + 1);
                format!("{neg}{int}.{frac}")
            }
        } else if exp < 0 && -exp - 1 <= 2 {
            format!("{neg}0.{}{digits}", "0".repeat((-exp - 1) as usize))
        } else {
            let (first, rest) = digits.split_at(1);
            let rest = if rest.is_empty() { "0" } else { rest };
            let sign = if exp < 0 { '-' } else { '+' };
            format!("{neg}{first}.{rest}E{sign}{}", exp.abs())
        }
    }
}

impl Lane {
    /// Significant digits that tell any two values of the format apart,
    /// ceil(p·log10 2) + 1 for p bits of precision (11, 8, 24, 53): the
    /// most [`Style::Shortest`] ever needs, and the widest integer printed
    /// without an exponent.
    fn digits(self) -> usize {
        match self {
            Lane::F16 => 5,
            Lane::BF16 => 4,
            Lane::F32 => 9,
            Lane::F64 => 17,
        }
    }

    /// Fraction bits (10, 7, 23, 52).
    fn frac_bits(self) -> u32 {
        match self {
            Lane::F16 => 10,
            Lane::BF16 => 7,
            Lane::F32 => 23,
            Lane::F64 => 52,
        }
    }

    /// The value of the lane `bits` as a binary64, exactly (every f16,
    /// bf16 and f32 value is one).
    fn to_f64(self, bits: u64) -> f64 {
        fn exact<T: Float + FloatConvert<Double>>(bits: u64) -> f64 {
            let mut lost = false;
            let wide: Double = T::from_bits(u128::from(bits)).convert(&mut lost).value;
            f64::from_bits(wide.to_bits() as u64)
        }
        match self {
            Lane::F16 => exact::<Half>(bits),
            Lane::BF16 => exact::<BFloat>(bits),
            Lane::F32 => exact::<Single>(bits),
            Lane::F64 => f64::from_bits(bits),
        }
    }

    /// A finite or infinite lane in `style` (`+Inf`, `-Inf`, `0`, `-0`).
    fn show(self, bits: u64, style: Style) -> String {
        let neg = bits & self.sign() != 0;
        let mag = bits & !self.sign();
        if mag == self.exp_mask() {
            return if neg { "-Inf" } else { "+Inf" }.into();
        }
        if mag == 0 && style != Style::Hex {
            return if neg { "-0" } else { "0" }.into();
        }
        let x = self.to_f64(bits);
        match style {
            Style::Shortest => self.shortest(bits).layout(self.digits()),
            // Rust's `{:.N$e}` writes the exact binary value's digits, then
            // zeros: 800 covers the 767 significant digits of any f64.
            Style::Exact => Decimal::from_sci(&format!("{x:.800e}")).layout(self.digits()),
            Style::Hex => self.hex_float(bits),
        }
    }

    /// The shortest decimal that reads back as the finite nonzero `bits`.
    /// For f32 and f64 that is Rust's own `{:e}` (shortest, nearest;
    /// Grisu with a Dragon4 fallback). For f16 and bf16, with `x` the value:
    /// for d = 1, 2, ... digits, x correctly rounded to d digits is the
    /// d-digit decimal nearest x; if a d-digit decimal reads back as x at
    /// all, so does the nearest one below or above x (the values that read
    /// back as x are an interval around it), which is the rounded one or
    /// its neighbour one unit away on the other side of x. Read back with
    /// rustc_apfloat's exact parser; [`Lane::digits`] digits always do.
    fn shortest(self, bits: u64) -> Decimal {
        match self {
            Lane::F32 => return Decimal::from_sci(&format!("{:e}", f32::from_bits(bits as u32))),
            Lane::F64 => return Decimal::from_sci(&format!("{:e}", f64::from_bits(bits))),
            Lane::F16 | Lane::BF16 => {}
        }
        let neg = bits & self.sign() != 0;
        let mag = bits & !self.sign();
        let x = self.to_f64(mag);
        let reads_back = |m: u64, e: i32| {
            self.parse(&format!("{m}e{e}"))
                .is_some_and(|(b, _)| b == mag)
        };
        for d in 1..=self.digits() {
            let near = Decimal::from_sci(&format!("{x:.*e}", d - 1));
            // `near` as the integer m times 10^e, m of d digits.
            let padded = format!("{:0<d$}", near.digits);
            let m: u64 = padded.parse().unwrap_or(0);
            let e = near.exp - (d as i32 - 1);
            for m in [m, m - 1, m + 1] {
                if m > 0 && reads_back(m, e) {
                    return Decimal::from_int(neg, m, e);
                }
            }
        }
        // Not reached: `digits()` digits tell every value apart.
        let mut d = Decimal::from_sci(&format!("{x:.*e}", self.digits() - 1));
        d.neg = neg;
        d
    }

    /// `bits` (finite) as a hex float: `[-]0x1.HHHp±E` with the fraction's
    /// hex digits (trailing zeros dropped), subnormals normalized;
    /// `[-]0x0p+0` for zero.
    fn hex_float(self, bits: u64) -> String {
        let neg = if bits & self.sign() != 0 { "-" } else { "" };
        let f = self.frac_bits();
        let mag = bits & !self.sign();
        if mag == 0 {
            return format!("{neg}0x0p+0");
        }
        let bias = (self.exp_mask() >> f) as i32 / 2;
        let biased = (mag >> f) as i32;
        let mut frac = mag & ((1 << f) - 1);
        let mut exp = biased - bias;
        if biased == 0 {
            // Subnormal: 0.frac × 2^(1-bias); shift the leading one up to
            // the implicit bit.
            let shift = frac.leading_zeros() - (63 - f);
            frac = (frac << shift) & ((1 << f) - 1);
            exp = 1 - bias - shift as i32;
        }
        let nibbles = f.div_ceil(4) as usize;
        let text = format!("{:0nibbles$x}", frac << (4 * nibbles as u32 - f));
        let text = text.trim_end_matches('0');
        if text.is_empty() {
            format!("{neg}0x1p{exp:+}")
        } else {
            format!("{neg}0x1.{text}p{exp:+}")
        }
    }
}
