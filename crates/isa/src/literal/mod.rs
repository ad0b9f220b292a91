//! Every literal grammar in one place: operand text for the command line
//! (hex bit patterns and float literals, rounded once), PTX constants
//! (PTX ISA §4.5, rounded through binary64; [`parse_imm`]) and typed values
//! ([`parse_value`]), and the readable decoding of bits.
//!
//! Decimal literals are rounded exactly once to the operand's type
//! (rustc_apfloat's `from_str_r`, round to nearest even); they are never
//! parsed to a host `f64` and narrowed (that rounds twice).

use rustc_apfloat::ieee::{BFloat, Double, Half, Single};
use rustc_apfloat::{Float, Round as ApRound};

use crate::types::PtxType;

mod ptx;
pub use ptx::{parse_imm, parse_int, parse_value};

/// The float format of a 16/32/64-bit lane, for literal parsing and printing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lane {
    F16,
    BF16,
    F32,
    F64,
}

fn lane_of(ty: PtxType) -> Option<(Lane, usize)> {
    Some(match ty {
        PtxType::F16 => (Lane::F16, 1),
        PtxType::F16x2 => (Lane::F16, 2),
        PtxType::BF16 => (Lane::BF16, 1),
        PtxType::BF16x2 => (Lane::BF16, 2),
        PtxType::F32 => (Lane::F32, 1),
        PtxType::F64 => (Lane::F64, 1),
        _ => return None,
    })
}

impl Lane {
    fn bits(self) -> u32 {
        match self {
            Lane::F16 | Lane::BF16 => 16,
            Lane::F32 => 32,
            Lane::F64 => 64,
        }
    }
    fn exp_mask(self) -> u64 {
        match self {
            Lane::F16 => 0x7c00,
            Lane::BF16 => 0x7f80,
            Lane::F32 => 0x7f80_0000,
            Lane::F64 => 0x7ff0_0000_0000_0000,
        }
    }
    fn quiet(self) -> u64 {
        match self {
            Lane::F16 => 0x0200,
            Lane::BF16 => 0x0040,
            Lane::F32 => 0x0040_0000,
            Lane::F64 => 0x0008_0000_0000_0000,
        }
    }
    /// The scalar type of the lane.
    fn ty(self) -> PtxType {
        match self {
            Lane::F16 => PtxType::F16,
            Lane::BF16 => PtxType::BF16,
            Lane::F32 => PtxType::F32,
            Lane::F64 => PtxType::F64,
        }
    }
    fn sign(self) -> u64 {
        1 << (self.bits() - 1)
    }
    fn parse(self, s: &str) -> Option<u64> {
        fn go<T: Float>(s: &str) -> Option<u64> {
            let r = T::from_str_r(s, ApRound::NearestTiesToEven).ok()?;
            Some(r.value.to_bits() as u64)
        }
        match self {
            Lane::F16 => go::<Half>(s),
            Lane::BF16 => go::<BFloat>(s),
            Lane::F32 => go::<Single>(s),
            Lane::F64 => go::<Double>(s),
        }
    }
    /// Significant digits that tell any two values of the format apart:
    /// ceil(p·log10 2) + 1 for p bits of precision (11, 8, 24, 53).
    fn digits(self) -> usize {
        match self {
            Lane::F16 => 5,
            Lane::BF16 => 4,
            Lane::F32 => 9,
            Lane::F64 => 17,
        }
    }

    /// The value of a finite or infinite lane (NaNs are shown by
    /// [`decode`]): correctly rounded to [`Lane::digits`] significant
    /// digits, trailing zeros dropped (`1.0039` for f16 0x3c04, `0.899755836`
    /// for f32 0x3f665666), laid out as [`layout`] says (`65504`,
    /// `0.0039101`, `9.7656E-4`, `1.0E+9`); `+Inf`, `-Inf`, `0`, `-0`.
    /// Reading the text back as a literal of the format gives the same bits.
    fn display(self, bits: u64) -> String {
        fn exact<T: Float + rustc_apfloat::FloatConvert<Double>>(bits: u64) -> f64 {
            let mut lost = false;
            let wide: Double = T::from_bits(u128::from(bits)).convert(&mut lost).value;
            f64::from_bits(wide.to_bits() as u64)
        }
        // Widening to binary64 is exact.
        let x = match self {
            Lane::F16 => exact::<Half>(bits),
            Lane::BF16 => exact::<BFloat>(bits),
            Lane::F32 => exact::<Single>(bits),
            Lane::F64 => f64::from_bits(bits),
        };
        if x.is_infinite() {
            return if x < 0.0 { "-Inf" } else { "+Inf" }.into();
        }
        if x == 0.0 {
            return if x.is_sign_negative() { "-0" } else { "0" }.into();
        }
        // Rust's `{:.*e}` rounds the exact binary value correctly.
        layout(&format!("{:.*e}", self.digits() - 1, x), self.digits())
    }
}

/// Lays out `d.ddde±x` (Rust's `{:e}`) as `ptxfp` prints numbers: plain
/// digits when the integer part has at most `max` digits (the format's
/// precision: f16 `60000`, f32 `16777216`) or at most two zeros follow the
/// point (`0.0039101`), otherwise `d.dddE±x` (`9.7656E-4`, `1.0E+9`,
/// `3.40282347E+38`).
fn layout(sci: &str, max: usize) -> String {
    let (mant, exp) = sci.split_once('e').unwrap_or((sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let (neg, mant) = match mant.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mant),
    };
    let digits: String = mant.chars().filter(char::is_ascii_digit).collect();
    let digits = digits.trim_end_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
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

/// If `s` has the shape of a decimal literal, `[+-]digits[.digits][e[+-]digits]`
/// (at least one digit in the mantissa): the lengths of its mantissa and
/// of its exponent's digits.
fn decimal_shape(s: &str) -> Option<(usize, usize)> {
    let s = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (mant, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let digits = |t: &str| t.bytes().all(|c| c.is_ascii_digit());
    if int.len() + frac.len() == 0 || !digits(int) || !digits(frac) {
        return None;
    }
    let exp_len = match exp {
        None => 0,
        Some(e) => {
            let e = e.strip_prefix(['+', '-']).unwrap_or(e);
            if e.is_empty() || !digits(e) {
                return None;
            }
            e.len()
        }
    };
    Some((mant.len(), exp_len))
}

/// True if `s` is a decimal literal short enough to parse quickly (at
/// most 800 mantissa characters and 6 exponent digits).
fn is_decimal(s: &str) -> bool {
    decimal_shape(s).is_some_and(|(m, e)| m <= 800 && e <= 6)
}

/// Parses one lane's literal (no commas).
fn parse_lane(s: &str, lane: Lane) -> Result<u64, String> {
    let t = s.trim();
    let lower = t.to_ascii_lowercase();
    let (neg, body) = match lower.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, lower.strip_prefix('+').unwrap_or(&lower)),
    };
    let sign = if neg { lane.sign() } else { 0 };
    match body {
        "inf" | "infinity" => return Ok(sign | lane.exp_mask()),
        "nan" => return Ok(sign | lane.exp_mask() | lane.quiet()),
        _ => {}
    }
    // `NaN(0x7e01)`, as `decode` shows a NaN: exactly those bits.
    if let Some(inner) = body.strip_prefix("nan(").and_then(|b| b.strip_suffix(')')) {
        let hex = inner.strip_prefix("0x").unwrap_or(inner);
        let v = u64::from_str_radix(hex, 16)
            .ok()
            .filter(|v| lane.bits() == 64 || v >> lane.bits() == 0)
            .ok_or_else(|| {
                format!("`{t}`: NaN(...) takes the lane's bits in hex, e.g. NaN(0x7e01)")
            })?;
        let payload = v & !(lane.exp_mask() | lane.sign());
        if neg || v & lane.exp_mask() != lane.exp_mask() || payload == 0 {
            return Err(format!(
                "`{t}` is not a NaN: NaN(...) takes the bits of a NaN (exponent all ones, fraction not zero), with its sign bit inside"
            ));
        }
        return Ok(v);
    }
    if let Some(hex) = lower.strip_prefix("0x") {
        return parse_bits(hex, lane.ty()).map_err(|e| format!("`{}`{e}", shown(t)));
    }
    if t.is_empty() {
        return Err(
            "a lane is empty: write LANE0,LANE1 with a value on each side of the comma".into(),
        );
    }
    if !is_decimal(t) && t.len() > 800 {
        return Err(format!(
            "`{}...` is too long: decimal literals have at most 800 digits and a 6-digit exponent",
            t.chars().take(20).collect::<String>()
        ));
    }
    if !is_decimal(t) && decimal_shape(t).is_some() {
        return Err(format!(
            "`{t}`: the exponent is too long (at most 6 digits; the value would be 0 or infinite anyway, write 0 or inf)"
        ));
    }
    if !is_decimal(t) {
        // Bits written without their prefix (as in `verify` files) get the
        // spelling that works here.
        let hint = if body.starts_with("0x") {
            "; a bit pattern takes no sign: set its sign bit instead".to_string()
        } else if t.bytes().all(|c| c.is_ascii_hexdigit()) {
            format!("; for the bit pattern write 0x{t}")
        } else {
            String::new()
        };
        return Err(format!(
            "`{t}` is not a number: expected a hex bit pattern (0x3c00), a decimal (1.5, -0.0, 1e-7), inf, -inf or nan{hint}"
        ));
    }
    lane.parse(t)
        .ok_or_else(|| format!("`{t}` is not a valid decimal literal"))
}

/// A token as messages quote it: the first 40 characters, then `...`.
pub fn shown(tok: &str) -> String {
    match tok.char_indices().nth(40) {
        Some((i, _)) => format!("{}...", &tok[..i]),
        None => tok.to_string(),
    }
}

/// Hex digits (without `0x`) as the bits of a `ty` value: at most as many
/// digits as the type has (4 for `.f16`, 8 for `.f16x2`/`.f32`, 16 for
/// `.f64`), leading zeros included, so that `0003c00` is not taken for an
/// f16. The error continues a quoted token: `` is too wide ...``.
pub fn parse_bits(hex: &str, ty: PtxType) -> Result<u64, String> {
    let width = (ty.bits() as usize).div_ceil(4);
    if hex.is_empty() || !hex.bytes().all(|c| c.is_ascii_hexdigit()) {
        return Err(" is not a hex bit pattern".into());
    }
    if hex.len() > width {
        return Err(format!(
            " is too wide for {ty}: {} hex digits, at most {width}",
            hex.len()
        ));
    }
    u64::from_str_radix(hex, 16).map_err(|_| " is not a hex bit pattern".into())
}

/// Parses an operand of type `ty`: a hex bit pattern of the whole operand
/// (`0x3c00`; an error if it is wider than the type), or float literals in
/// the type (`1.5`, `-0.0`, `inf`, `-inf`, `nan`, `1e-7`; for `.f16x2` and
/// `.bf16x2`: `LANE0,LANE1`, lane 0 in bits 0..15). Decimals are rounded once
/// to nearest even.
pub fn parse_operand(text: &str, ty: PtxType) -> Result<u64, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("empty operand".into());
    }
    if let Some(c) = t.chars().find(|c| c.is_control()) {
        return Err(format!(
            "`{}` contains the control character {c:?}",
            t.escape_debug()
        ));
    }
    if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        if !t.contains(',') {
            return parse_bits(hex, ty).map_err(|e| format!("`0x{}`{e}", shown(hex)));
        }
    }
    let Some((lane, n)) = lane_of(ty) else {
        return Err(format!(
            "operands of type {ty} must be hex bit patterns such as 0x{:0w$x}",
            0,
            w = (ty.bits() as usize).div_ceil(4)
        ));
    };
    let parts: Vec<&str> = t.split(',').collect();
    if parts.len() != n {
        return Err(if n == 2 {
            format!("{ty} takes two lanes `LANE0,LANE1` or one hex pattern; got `{t}`")
        } else {
            format!("{ty} takes one value; got `{t}`")
        });
    }
    let mut v = 0u64;
    for (i, p) in parts.iter().enumerate() {
        v |= parse_lane(p, lane)? << (16 * i);
    }
    Ok(v)
}

/// The bits as hex, `0x` and the width of the type (`0x3c00`).
pub fn hex(bits: u64, ty: PtxType) -> String {
    let w = (ty.bits() as usize).div_ceil(4);
    format!("0x{:0w$x}", bits & ty.mask())
}

/// A readable value per lane: the shortest decimal that reads back as the
/// same value in the type (`1.5`, `-0.0`, `+Inf`, `NaN(0x7fff)`); x2 types
/// print `LANE0,LANE1`. Non-float types print the hex.
pub fn decode(bits: u64, ty: PtxType) -> String {
    let Some((lane, n)) = lane_of(ty) else {
        return hex(bits, ty);
    };
    let one = |x: u64| {
        let is_nan =
            x & lane.exp_mask() == lane.exp_mask() && x & !(lane.exp_mask() | lane.sign()) != 0;
        if is_nan {
            format!("NaN(0x{:0w$x})", x, w = lane.bits() as usize / 4)
        } else {
            lane.display(x)
        }
    };
    if n == 1 {
        one(bits & crate::types::mask(lane.bits()))
    } else {
        format!("{},{}", one(bits & 0xffff), one((bits >> 16) & 0xffff))
    }
}

/// Shows one float lane as `ptxfp eval` does ([`decode`]):
/// the shortest decimal that identifies the value in its own format
/// (`1.0039`, `5.9605E-8`), `+Inf`/`-Inf`, `NaN(0x7fff)` with its bits.
pub fn show_float(bits: u64, ty: PtxType) -> String {
    let lane = match ty {
        PtxType::F16x2 => PtxType::F16,
        PtxType::BF16x2 => PtxType::BF16,
        t => t,
    };
    decode(bits & crate::types::mask(lane.bits()), lane)
}

/// The lanes of a value of type `ty` as text: `f16x2 {0.25, 0.0}`,
/// `f32 1.5`, `s32 -3`, `pred true`, or just the type for bit types.
pub fn show_lanes(bits: u64, ty: PtxType) -> String {
    use PtxType::*;
    match ty {
        F16x2 | BF16x2 => format!(
            "{} {{{}, {}}}",
            ty.name(),
            show_float(bits & 0xffff, ty),
            show_float(bits >> 16 & 0xffff, ty)
        ),
        F16 | BF16 | F32 | F64 => format!("{} {}", ty.name(), show_float(bits, ty)),
        Pred => format!("pred {}", bits & 1 == 1),
        U8 | U16 | U32 | U64 => format!("{} {}", ty.name(), bits),
        S8 | S16 | S32 | S64 => {
            let b = ty.bits();
            let v = ((bits << (64 - b)) as i64) >> (64 - b);
            format!("{} {}", ty.name(), v)
        }
        _ => ty.name().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_round_once() {
        assert_eq!(parse_operand("1.5", PtxType::F16), Ok(0x3e00));
        assert_eq!(parse_operand("-0.0", PtxType::BF16), Ok(0x8000));
        assert_eq!(parse_operand("inf", PtxType::F32), Ok(0x7f80_0000));
        assert_eq!(parse_operand("-inf", PtxType::F16), Ok(0xfc00));
        assert_eq!(parse_operand("1,2", PtxType::F16x2), Ok(0x4000_3c00));
        assert_eq!(parse_operand("0x3c00", PtxType::F16), Ok(0x3c00));
        assert!(parse_operand("0x13c00", PtxType::F16).is_err());
        assert!(parse_operand("1.5.5", PtxType::F16).is_err());
        assert!(parse_operand("1", PtxType::F16x2).is_err());
        // 1 + 2^-11 + 2^-30 is just above the f16 midpoint between 1 and
        // 1 + 2^-10: rounding once gives 0x3c01. Parsing to f32 first would
        // give exactly the midpoint (2^-30 is lost), then 0x3c00.
        assert_eq!(
            parse_operand("1.000488282181322574615478515625", PtxType::F16),
            Ok(0x3c01)
        );
        // 1e-7 is subnormal in f16: 2^-24 * 1.677... -> 0x0002
        assert_eq!(parse_operand("1e-7", PtxType::F16), Ok(0x0002));
    }

    #[test]
    fn decoding() {
        assert_eq!(decode(0x3e00, PtxType::F16), "1.5");
        assert_eq!(decode(0x7fff, PtxType::F16), "NaN(0x7fff)");
        assert_eq!(decode(0x4000_3c00, PtxType::F16x2), "1,2");
        assert_eq!(hex(0x3c00, PtxType::F32), "0x00003c00");
    }

    /// Decoded values are correctly rounded: 0x3f665666 is exactly
    /// 0.89975583553314208984375 and 0x478c281d 71760.2265625 (Python's
    /// Decimal of the float), so nine digits are 0.899755836 and 71760.2266
    /// (rounded up, not cut); f16 0x3c04 = 1.00390625 to five digits is 1.0039.
    #[test]
    fn decoded_values_are_correctly_rounded() {
        assert_eq!(decode(0x3f66_5666, PtxType::F32), "0.899755836");
        assert_eq!(decode(0x478c_281d, PtxType::F32), "71760.2266");
        assert_eq!(decode(0x3c04, PtxType::F16), "1.0039");
        assert_eq!(decode(0x7bff, PtxType::F16), "65504");
        assert_eq!(decode(0x0001, PtxType::F16), "5.9605E-8"); // 2^-24 = 5.96046...E-8
        assert_eq!(decode(0x3f81, PtxType::BF16), "1.008"); // 1 + 2^-7
        assert_eq!(decode(0x4e6e_6b28, PtxType::F32), "1.0E+9");
        assert_eq!(decode(0x7b53, PtxType::F16), "60000"); // (1 + 851/1024) × 2^15 = 60000 exactly
        assert_eq!(decode(0x4b80_0000, PtxType::F32), "16777216"); // 2^24
        assert_eq!(decode(0x8000_0000, PtxType::F32), "-0");
        // A NaN shows its bits, and reads back from them.
        assert_eq!(decode(0xfe01, PtxType::F16), "NaN(0xfe01)");
        assert_eq!(parse_operand("NaN(0xfe01)", PtxType::F16), Ok(0xfe01));
        assert_eq!(
            parse_operand("nan(0x7fc00001)", PtxType::F32),
            Ok(0x7fc0_0001)
        );
        assert!(parse_operand("NaN(0x7c00)", PtxType::F16).is_err()); // +Inf
        assert!(parse_operand("-NaN(0x7e01)", PtxType::F16).is_err());
        assert_eq!(decode(0xfff0_0000_0000_0000, PtxType::F64), "-Inf");
    }

    /// Every f16 and bf16 value, and a spread of f32/f64 ones, reads back
    /// (through rustc_apfloat's exact parser) as the bits it was printed from.
    #[test]
    fn decoded_values_read_back_exactly() {
        for (ty, bits) in [(PtxType::F16, 0x7c00u64), (PtxType::BF16, 0x7f80)] {
            for x in 0..0x1_0000u64 {
                if x & bits == bits && x & !(bits | 0x8000) != 0 {
                    continue; // NaN: shown with its bits
                }
                let text = decode(x, ty);
                assert_eq!(parse_operand(&text, ty), Ok(x), "{ty} {x:#x} {text}");
            }
        }
        let mut r = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            let f = r & 0xffff_ffff;
            if f32::from_bits(f as u32).is_finite() {
                assert_eq!(parse_operand(&decode(f, PtxType::F32), PtxType::F32), Ok(f));
            }
            if f64::from_bits(r).is_finite() {
                assert_eq!(parse_operand(&decode(r, PtxType::F64), PtxType::F64), Ok(r));
            }
        }
    }
}
