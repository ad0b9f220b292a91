//! Every literal grammar in one place: operand text for the command line
//! (hex bit patterns, PTX's `0f`/`0d` bits, decimal and hex floats, NaNs
//! with payloads, rounded once; [`Literal::operand`]), PTX constants (PTX
//! ISA §4.5, rounded through binary64; [`Literal::imm`]) and typed values
//! ([`Literal::value`]), each with the warnings of a literal that left its
//! type's range ([`RangeWarning`]); and the printing of bits ([`decode`]:
//! the shortest decimal that reads back, or in another [`Style`]).
//!
//! Decimal literals are rounded exactly once to the operand's type
//! (rustc_apfloat's `from_str_r`, round to nearest even); they are never
//! parsed to a host `f64` and narrowed (that rounds twice).

use rustc_apfloat::ieee::{BFloat, Double, Half, Single};
use rustc_apfloat::{Float, Round as ApRound, Status};

use crate::types::PtxType;

mod ptx;
mod show;
pub use ptx::{int_too_wide, parse_imm, parse_int, parse_value};
pub use show::{decode, decode_as, Style};

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
        PtxType::F32x2 => (Lane::F32, 2),
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
    /// A decimal or hex float literal rounded once to the lane, to
    /// nearest even, and whether that took it out of range: infinite (the
    /// literal is finite), or zero although its value is not (inexact).
    fn parse(self, s: &str) -> Option<(u64, Option<OutOfRange>)> {
        fn go<T: Float>(s: &str) -> Option<(u64, Option<OutOfRange>)> {
            let r = T::from_str_r(s, ApRound::NearestTiesToEven).ok()?;
            let range = if r.value.is_infinite() {
                Some(OutOfRange::Overflow)
            } else if r.value.is_zero() && r.status != Status::OK {
                Some(OutOfRange::Underflow)
            } else {
                None
            };
            Some((r.value.to_bits() as u64, range))
        }
        match self {
            Lane::F16 => go::<Half>(s),
            Lane::BF16 => go::<BFloat>(s),
            Lane::F32 => go::<Single>(s),
            Lane::F64 => go::<Double>(s),
        }
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

/// Parses one lane's literal (no commas): its bits, and whether rounding
/// took a finite nonzero literal out of the lane's range.
fn parse_lane(s: &str, lane: Lane) -> Result<(u64, Option<OutOfRange>), String> {
    let t = s.trim();
    let lower = t.to_ascii_lowercase();
    let (neg, body) = match lower.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, lower.strip_prefix('+').unwrap_or(&lower)),
    };
    let sign = if neg { lane.sign() } else { 0 };
    match body {
        "inf" | "infinity" => return Ok((sign | lane.exp_mask(), None)),
        "nan" => return Ok((sign | lane.exp_mask() | lane.quiet(), None)),
        "snan" => return Ok((sign | lane.exp_mask() | 1, None)),
        _ => {}
    }
    // `nan:0xP`, `snan:0xP`: a NaN with the payload P (the fraction bits
    // below the quiet bit).
    for (word, quiet) in [("nan:", true), ("snan:", false)] {
        if let Some(p) = body.strip_prefix(word) {
            return nan_with_payload(t, p, quiet, lane).map(|b| (sign | b, None));
        }
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
        return Ok((v, None));
    }
    if body.starts_with("0f") || body.starts_with("0d") {
        // A whole operand of type .f32/.f64 was read by `parse_operand`:
        // here it is a lane of an x2 type, or an .f16/.bf16.
        return Err(format!(
            "`{}` is a PTX {} literal; a {} value takes its own bits (0x{:0w$x}), a decimal (1.5) or a hex float (0x1.8p+0)",
            shown(t),
            if body.starts_with("0f") { ".f32" } else { ".f64" },
            lane.ty(),
            0,
            w = lane.bits() as usize / 4
        ));
    }
    if let Some(hex) = body.strip_prefix("0x") {
        if hex.contains(['p', '.']) {
            return parse_hex_float(t, hex, lane);
        }
        if !neg {
            return parse_bits(hex, lane.ty())
                .map(|b| (b, None))
                .map_err(|e| format!("`{}`{e}", shown(t)));
        }
    }
    if t.is_empty() {
        return Err(
            "a lane is empty: write LANE0,LANE1 with a value on each side of the comma".into(),
        );
    }
    if !is_decimal(t) && t.len() > 800 {
        return Err(format!(
            "`{t_}...` is too long: decimal literals have at most 800 digits and a 6-digit exponent",
            t_ = t.chars().take(20).collect::<String>()
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
            "`{t}` is not a number: expected a hex bit pattern (0x3c00), a decimal (1.5, -0.0, 1e-7), a hex float (0x1.8p+0), inf, -inf, nan or snan{hint}"
        ));
    }
    lane.parse(t)
        .ok_or_else(|| format!("`{t}` is not a valid decimal literal"))
}

/// `nan:0xP` (`quiet`) or `snan:0xP` after the colon: the NaN of `lane`
/// with the payload `P`, the fraction bits below the quiet bit (IEEE 754
/// §6.2.1: the first fraction bit tells quiet from signalling), sign clear.
fn nan_with_payload(t: &str, p: &str, quiet: bool, lane: Lane) -> Result<u64, String> {
    let max = lane.quiet() - 1;
    let what = if quiet { "nan" } else { "snan" };
    let payload = p
        .strip_prefix("0x")
        .filter(|h| !h.is_empty() && h.len() <= 16 && h.bytes().all(|c| c.is_ascii_hexdigit()))
        .and_then(|h| u64::from_str_radix(h, 16).ok())
        .ok_or_else(|| {
            format!(
                "`{}`: {what}:0xP takes the payload in hex after `0x` (e.g. {what}:0x1)",
                shown(t)
            )
        })?;
    if payload > max {
        return Err(format!(
            "`{}`: the payload of a {} NaN is at most 0x{max:x} (the {} fraction bits below the quiet bit)",
            shown(t),
            lane.ty(),
            max.count_ones()
        ));
    }
    if !quiet && payload == 0 {
        return Err(format!(
            "`{}`: a signalling NaN needs a nonzero payload (with the quiet bit clear, payload 0 is infinity); snan alone has payload 1",
            shown(t)
        ));
    }
    Ok(lane.exp_mask() | if quiet { lane.quiet() } else { 0 } | payload)
}

/// A hex float, C's `[+-]0xH[.H]p[+-]D` (`0x1.8p-3`): `t` as written,
/// `hex` its text after `0x` (lowercase); the value rounded once to the
/// lane, to nearest even.
fn parse_hex_float(t: &str, hex: &str, lane: Lane) -> Result<(u64, Option<OutOfRange>), String> {
    let (mant, exp) = match hex.split_once('p') {
        Some((m, e)) => (m, Some(e)),
        None => (hex, None),
    };
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let hexdigits = |s: &str| s.bytes().all(|c| c.is_ascii_hexdigit());
    let Some(exp) = exp else {
        return Err(format!(
            "`{}`: a hex float needs a binary exponent, e.g. 0x1.8p+0 (a bit pattern has no point)",
            shown(t)
        ));
    };
    let e = exp.strip_prefix(['+', '-']).unwrap_or(exp);
    if int.len() + frac.len() == 0
        || !hexdigits(int)
        || !hexdigits(frac)
        || e.is_empty()
        || !e.bytes().all(|c| c.is_ascii_digit())
    {
        return Err(format!(
            "`{}` is not a hex float: expected 0xH.HHHp±D (hex digits, a point, `p` and a decimal power of two), e.g. 0x1.8p-3",
            shown(t)
        ));
    }
    if mant.len() > 800 || e.len() > 6 {
        return Err(format!(
            "`{}` is too long: hex floats have at most 800 digits and a 6-digit exponent",
            shown(t)
        ));
    }
    lane.parse(t)
        .ok_or_else(|| format!("`{}` is not a valid hex float", shown(t)))
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
    let v = u64::from_str_radix(hex, 16).map_err(|_| " is not a hex bit pattern")?;
    // A predicate is one bit: its one hex digit is 0 or 1.
    if v & !crate::types::mask(ty.bits()) != 0 {
        return Err(format!(
            " is too wide for {ty}: a predicate's bits are 0 or 1"
        ));
    }
    Ok(v)
}

/// Parses an operand of type `ty` given on the command line ([`Literal::operand`]),
/// without its warnings.
pub fn parse_operand(text: &str, ty: PtxType) -> Result<u64, String> {
    Literal::operand(text, ty).map(|l| l.bits)
}

/// How a finite nonzero literal left its type's range when it was rounded
/// to the type. Both are correct rounding (IEEE 754 §4.3, §7.4), but
/// rarely what the writer meant, so every grammar reports them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutOfRange {
    /// A finite literal too large for the type became infinite (`1e999`,
    /// `65520` for `.f16`).
    Overflow,
    /// A nonzero literal too small for the type became zero (`1e-999`,
    /// `1e-8` for `.f16`).
    Underflow,
}

/// A literal that [`OutOfRange`] befell, as a warning: shown as
/// `` `65520` overflows .f16 and is +Inf `` or `` `1e-8` underflows .f16 and is 0 ``.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RangeWarning {
    /// The literal as written (for an x2 type, its lane's text), cut to
    /// 40 characters and `...` ([`shown`]).
    pub literal: String,
    /// The type it was rounded to: the lane's (`.f16` for `.f16x2`).
    pub ty: PtxType,
    /// Overflow or underflow.
    pub kind: OutOfRange,
    /// The sign of the infinity or zero it became.
    pub negative: bool,
}

impl core::fmt::Display for RangeWarning {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let (what, value) = match (self.kind, self.negative) {
            (OutOfRange::Overflow, false) => ("overflows", "+Inf"),
            (OutOfRange::Overflow, true) => ("overflows", "-Inf"),
            (OutOfRange::Underflow, false) => ("underflows", "0"),
            (OutOfRange::Underflow, true) => ("underflows", "-0"),
        };
        write!(f, "`{}` {what} {} and is {value}", self.literal, self.ty)
    }
}

/// A literal read into a type: its bits, and the warnings about it (a
/// finite literal that became infinite, a nonzero one that became zero).
/// Each grammar has its constructor: [`Literal::operand`] (command-line
/// values), [`Literal::imm`] (PTX constants), [`Literal::value`] (typed
/// values); `parse_operand`, `parse_imm` and `parse_value` are the same
/// without the warnings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Literal {
    /// The value's bits in the type (the low bits of the `u64`).
    pub bits: u64,
    /// What rounding did that the text does not show; empty for most.
    pub warnings: Vec<RangeWarning>,
}

impl Literal {
    /// Bits that need no warning.
    fn exact(bits: u64) -> Literal {
        Literal {
            bits,
            warnings: Vec::new(),
        }
    }

    /// `bits`, rounded from the literal `text` to the scalar float type
    /// `ty`, with the warning `range` calls for.
    fn rounded(bits: u64, text: &str, ty: PtxType, range: Option<OutOfRange>) -> Literal {
        let warnings = range
            .map(|kind| RangeWarning {
                literal: shown(text.trim()),
                ty,
                kind,
                negative: bits >> (ty.bits() - 1) & 1 == 1,
            })
            .into_iter()
            .collect();
        Literal { bits, warnings }
    }

    /// Reads an operand of type `ty` as the command line gives it (`eval`
    /// operands, `run --set`), every value rounded once, exactly, to the
    /// type (round to nearest even):
    /// - `0x3c00`: the operand's bits (an error if wider than the type);
    /// - a decimal (`1.5`, `-0.0`, `1e-7`) or a hex float (`0x1.8p-3`,
    ///   `-0x1p+0`): the value;
    /// - `0f3F800000` (8 hex digits, an `.f32`'s bits) for an `.f32`, or an
    ///   `.f64` (widened exactly), and `0d3FF8000000000000` (16 hex digits,
    ///   an `.f64`'s bits) for an `.f64`, as PTX writes them (§4.5.2); a
    ///   sign before them flips the sign bit;
    /// - `inf`, `-inf`; `nan` (the type's default quiet NaN, `0x7e00` for
    ///   `.f16`), `snan` (the signalling NaN with payload 1), `nan:0xP` and
    ///   `snan:0xP` (payload `P`: the fraction bits below the quiet bit; not
    ///   0 for `snan`), `-nan...` with the sign bit; `NaN(0x7e01)`: those bits;
    /// - for `.f16x2` and `.bf16x2`: `LANE0,LANE1`, lane 0 in bits 0..15,
    ///   each lane one of the above (or 16-bit `0x` bits).
    pub fn operand(text: &str, ty: PtxType) -> Result<Literal, String> {
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
        if let Some(lit) = ptx::bits_literal(t).filter(|_| !t.contains(',')) {
            let lit = lit?;
            return match (lit.wide, ty) {
                (false, PtxType::F32) | (true, PtxType::F64) => Ok(Literal::exact(lit.bits)),
                (false, PtxType::F64) => Ok(Literal::exact(ptx::widen(lit.bits))),
                _ => Err(format!(
                    "`{}` is an {} bit literal (PTX ISA §4.5.2), for {} operands; a {ty} operand takes {}",
                    shown(t),
                    if lit.wide { ".f64" } else { ".f32" },
                    if lit.wide { ".f64" } else { ".f32 and .f64" },
                    spellings(ty)
                )),
            };
        }
        if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
            if !hex.contains([',', 'p', 'P', '.']) {
                return parse_bits(hex, ty)
                    .map(Literal::exact)
                    .map_err(|e| format!("`0x{}`{e}", shown(hex)));
            }
        }
        let Some((lane, n)) = lane_of(ty) else {
            return integer_operand(t, ty).map(Literal::exact);
        };
        let parts: Vec<&str> = t.split(',').collect();
        if parts.len() != n {
            return Err(if n == 2 {
                format!("{ty} takes two lanes `LANE0,LANE1` or one hex pattern; got `{t}`")
            } else {
                format!("{ty} takes one value; got `{t}`")
            });
        }
        let mut out = Literal::exact(0);
        for (i, p) in parts.iter().enumerate() {
            let (bits, range) = parse_lane(p, lane)?;
            let one = Literal::rounded(bits, p, lane.ty(), range);
            out.bits |= one.bits << (lane.bits() as usize * i);
            out.warnings.extend(one.warnings);
        }
        Ok(out)
    }
}

/// An integer, bit-size or predicate operand written as a decimal
/// (`-3`, `4294967295`; for every integer type, a negative value is its
/// two's complement, as PTX's integer constants are, §4.5.1) or, for
/// `.pred`, `0`/`1`/`true`/`false` (hex bits were read before).
fn integer_operand(t: &str, ty: PtxType) -> Result<u64, String> {
    if ty == PtxType::Pred {
        return match t {
            "0" | "false" => Ok(0),
            "1" | "true" => Ok(1),
            _ => Err(format!(
                "`{}` is not a predicate: write 0, 1, true or false",
                shown(t)
            )),
        };
    }
    let bits = ty.bits();
    let v: i128 = t.parse().map_err(|_| {
        format!(
            "`{}` is not an integer: a {ty} operand takes a decimal (-3, 42) or its bits (0x{:0w$x})",
            shown(t),
            0,
            w = (bits as usize).div_ceil(4)
        )
    })?;
    let (lo, hi) = (-(1i128 << (bits - 1)), (1i128 << bits) - 1);
    if v < lo || v > hi {
        return Err(format!(
            "`{}` does not fit {ty}: a {bits}-bit operand takes {lo} to {hi}",
            shown(t)
        ));
    }
    Ok((v as u64) & crate::types::mask(bits))
}

/// What an operand of type `ty` takes, for messages: `a value (1.5) or its
/// bits (0x3c00)`.
fn spellings(ty: PtxType) -> String {
    let w = (ty.bits() as usize).div_ceil(4);
    match ty {
        PtxType::F16x2 | PtxType::BF16x2 | PtxType::F32x2 => {
            format!("LANE0,LANE1 (1.5,-2) or its bits (0x{:0w$x})", 0)
        }
        PtxType::F32 => "a value (1.5), its bits (0x3fc00000) or 0f3FC00000".into(),
        t if t.is_float() => format!("a value (1.5) or its bits (0x{:0w$x})", 0),
        PtxType::Pred => "0, 1, true or false".into(),
        _ => format!("a decimal (-3) or its bits (0x{:0w$x})", 0),
    }
}

/// The bits as hex, `0x` and the width of the type (`0x3c00`).
pub fn hex(bits: u64, ty: PtxType) -> String {
    let w = (ty.bits() as usize).div_ceil(4);
    format!("0x{:0w$x}", bits & ty.mask())
}

/// Shows one float lane as `ptxfp eval` does ([`decode`]):
/// the shortest decimal that reads back as the value in its own format
/// (`1.004`, `6.0E-8`), `+Inf`/`-Inf`, `NaN(0x7fff)` with its bits.
pub fn show_float(bits: u64, ty: PtxType) -> String {
    let lane = match ty {
        PtxType::F16x2 => PtxType::F16,
        PtxType::BF16x2 => PtxType::BF16,
        PtxType::F32x2 => PtxType::F32,
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
        F32x2 => format!(
            "{} {{{}, {}}}",
            ty.name(),
            show_float(bits & 0xffff_ffff, ty),
            show_float(bits >> 32, ty)
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

    /// Found by the `literal` fuzz target: `0xe` was taken as a predicate
    /// (bits 0b1110, read as false) where the decimal `2` was refused.
    #[test]
    fn a_predicate_is_one_bit_in_every_spelling() {
        assert_eq!(parse_operand("0x1", PtxType::Pred), Ok(1));
        assert_eq!(parse_operand("0x0", PtxType::Pred), Ok(0));
        for bad in ["0xe", "0x2", "2", "0xf"] {
            assert!(parse_operand(bad, PtxType::Pred).is_err(), "{bad}");
        }
        assert!(parse_bits("e", PtxType::Pred).is_err());
        assert_eq!(parse_bits("1", PtxType::Pred), Ok(1));
    }

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

    /// PTX's bit literals on the command line: `0f` is an .f32's bits
    /// (widened exactly for an .f64, as PTX ISA §4.5.2 does), `0d` an
    /// .f64's; a sign flips the sign bit.
    #[test]
    fn ptx_bit_literals_as_operands() {
        let p = parse_operand;
        assert_eq!(p("0f3F800000", PtxType::F32), Ok(0x3f80_0000));
        assert_eq!(p("0F3f800000", PtxType::F32), Ok(0x3f80_0000));
        assert_eq!(p("-0f3F800000", PtxType::F32), Ok(0xbf80_0000));
        assert_eq!(p("0f3F800001", PtxType::F64), Ok(0x3ff0_0000_2000_0000));
        assert_eq!(
            p("0d3FF8000000000000", PtxType::F64),
            Ok(0x3ff8_0000_0000_0000)
        );
        assert_eq!(
            p("-0d3FF8000000000000", PtxType::F64),
            Ok(0xbff8_0000_0000_0000)
        );
        // mad.rn.f32's first operand, as the issue had it.
        assert_eq!(p("0f3F800000", PtxType::F32), p("1", PtxType::F32));
        let e = |s, t| p(s, t).unwrap_err();
        assert_eq!(
            e("0f3F800000", PtxType::F16),
            "`0f3F800000` is an .f32 bit literal (PTX ISA §4.5.2), for .f32 and .f64 operands; a .f16 operand takes a value (1.5) or its bits (0x0000)"
        );
        assert_eq!(
            e("0d3FF8000000000000", PtxType::F32),
            "`0d3FF8000000000000` is an .f64 bit literal (PTX ISA §4.5.2), for .f64 operands; a .f32 operand takes a value (1.5), its bits (0x3fc00000) or 0f3FC00000"
        );
        assert_eq!(
            e("0f3F800000,1", PtxType::F16x2),
            "`0f3F800000` is a PTX .f32 literal; a .f16 value takes its own bits (0x0000), a decimal (1.5) or a hex float (0x1.8p+0)"
        );
    }

    /// A `0f` and a `0d` literal with a wrong digit count, or a digit that
    /// is not hex, get the same precise message, on the command line, in a
    /// typed value and as a PTX constant.
    #[test]
    fn bit_literal_errors_are_alike() {
        let f = "`0f3F80`: a `0f` literal has exactly 8 hex digits (the bits of an .f32); this one has 4";
        let d = "`0d3FF8`: a `0d` literal has exactly 16 hex digits (the bits of an .f64); this one has 4";
        let dz = "`0d3FF800000000000Z`: a `0d` literal has exactly 16 hex digits (the bits of an .f64); `Z` is not a hex digit";
        let fz = "`0f3F80000Z`: a `0f` literal has exactly 8 hex digits (the bits of an .f32); `Z` is not a hex digit";
        for parse in [parse_operand, parse_value, parse_imm] {
            assert_eq!(parse("0f3F80", PtxType::F32).unwrap_err(), f);
            assert_eq!(parse("0d3FF8", PtxType::F64).unwrap_err(), d);
            assert_eq!(parse("0f3F80000Z", PtxType::F32).unwrap_err(), fz);
            assert_eq!(parse("0d3FF800000000000Z", PtxType::F64).unwrap_err(), dz);
        }
        // A PTX constant for a narrower type: the 0d literal's own error too.
        assert_eq!(parse_imm("0d3FF8", PtxType::F16).unwrap_err(), d);
        assert_eq!(parse_imm("0d3FF8", PtxType::F32).unwrap_err(), d);
    }

    /// Hex floats are values, rounded once; `0x` without a point or `p`
    /// stays the bits.
    #[test]
    fn hex_floats() {
        let p = parse_operand;
        assert_eq!(p("0x1.8p-3", PtxType::F16), Ok(0x3200)); // 0.1875
        assert_eq!(p("-0x1p+0", PtxType::BF16), Ok(0xbf80));
        assert_eq!(p("0X1.8P+0", PtxType::F32), Ok(0x3fc0_0000));
        assert_eq!(p("0x3c00", PtxType::F16), Ok(0x3c00));
        assert_eq!(p("0x1p-24", PtxType::F16), Ok(0x0001));
        assert_eq!(p("0x1p-1074", PtxType::F64), Ok(1));
        assert_eq!(p("0x.8p1", PtxType::F16), Ok(0x3c00));
        assert_eq!(p("0x1p+0,-0x1.8p1", PtxType::F16x2), Ok(0xc200_3c00));
        // 1 + 2^-11 + 2^-40: above the f16 tie, rounded once to 1 + 2^-10.
        assert_eq!(p("0x1.00200000001p+0", PtxType::F16), Ok(0x3c01));
        // The tie itself goes to even.
        assert_eq!(p("0x1.002p+0", PtxType::F16), Ok(0x3c00));
        let e = |s| p(s, PtxType::F16).unwrap_err();
        assert_eq!(
            e("0x1.8"),
            "`0x1.8`: a hex float needs a binary exponent, e.g. 0x1.8p+0 (a bit pattern has no point)"
        );
        assert_eq!(
            e("0x1.8p"),
            "`0x1.8p` is not a hex float: expected 0xH.HHHp±D (hex digits, a point, `p` and a decimal power of two), e.g. 0x1.8p-3"
        );
        assert!(e("0x1g.8p0").contains("is not a hex float"));
        assert!(e("0x1p1234567").contains("too long"));
        assert!(e("-0x3c00").contains("a bit pattern takes no sign"));
        assert!(p("0x1p0", PtxType::B16).is_err());
    }

    /// `nan` is the type's default quiet NaN, `snan` the signalling NaN
    /// with payload 1; `nan:0xP` and `snan:0xP` carry the payload P, the
    /// fraction bits below the quiet bit.
    #[test]
    fn nan_payloads() {
        let p = parse_operand;
        assert_eq!(p("nan", PtxType::F16), Ok(0x7e00));
        assert_eq!(p("snan", PtxType::F16), Ok(0x7c01));
        assert_eq!(p("-snan", PtxType::BF16), Ok(0xff81));
        assert_eq!(p("nan:0x123", PtxType::F16), Ok(0x7f23));
        assert_eq!(p("NaN:0x1FF", PtxType::F16), Ok(0x7fff));
        assert_eq!(p("snan:0x123", PtxType::F16), Ok(0x7d23));
        assert_eq!(p("-nan:0x1", PtxType::F32), Ok(0xffc0_0001));
        assert_eq!(p("snan:0x3fffff", PtxType::F32), Ok(0x7fbf_ffff));
        assert_eq!(
            p("nan:0x7ffffffffffff", PtxType::F64),
            Ok(0x7fff_ffff_ffff_ffff)
        );
        assert_eq!(p("nan:0x0", PtxType::F16), p("nan", PtxType::F16));
        assert_eq!(p("snan:0x1,nan:0x3f", PtxType::BF16x2), Ok(0x7fff_7f81));
        let e = |s, t| p(s, t).unwrap_err();
        assert_eq!(
            e("nan:0x200", PtxType::F16),
            "`nan:0x200`: the payload of a .f16 NaN is at most 0x1ff (the 9 fraction bits below the quiet bit)"
        );
        assert_eq!(
            e("snan:0x40", PtxType::BF16),
            "`snan:0x40`: the payload of a .bf16 NaN is at most 0x3f (the 6 fraction bits below the quiet bit)"
        );
        assert_eq!(
            e("snan:0x0", PtxType::F32),
            "`snan:0x0`: a signalling NaN needs a nonzero payload (with the quiet bit clear, payload 0 is infinity); snan alone has payload 1"
        );
        assert_eq!(
            e("nan:12", PtxType::F32),
            "`nan:12`: nan:0xP takes the payload in hex after `0x` (e.g. nan:0x1)"
        );
        assert!(e("nan:0x", PtxType::F32).contains("takes the payload in hex"));
        assert!(e("nan:0x10000000000000000", PtxType::F64).contains("takes the payload in hex"));
    }

    /// A finite literal that becomes infinite, or a nonzero one that
    /// becomes zero, carries a warning in every grammar; PTX constants
    /// also when the second rounding (binary64 to the type) does it.
    #[test]
    fn range_warnings() {
        let w = |l: Result<Literal, String>| {
            let l = l.unwrap();
            (
                l.bits,
                l.warnings
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>(),
            )
        };
        assert_eq!(
            w(Literal::operand("65520", PtxType::F16)),
            (
                0x7c00,
                vec!["`65520` overflows .f16 and is +Inf".to_string()]
            )
        );
        assert_eq!(
            w(Literal::operand("-1e-8", PtxType::F16)),
            (
                0x8000,
                vec!["`-1e-8` underflows .f16 and is -0".to_string()]
            )
        );
        assert_eq!(
            w(Literal::operand("1e999999,0x1p-140", PtxType::BF16x2)),
            (
                0x0000_7f80,
                vec![
                    "`1e999999` overflows .bf16 and is +Inf".to_string(),
                    "`0x1p-140` underflows .bf16 and is 0".to_string()
                ]
            )
        );
        // No warning: exact zeros, infinities by name, subnormal results,
        // bits, and the largest finite value.
        for (text, ty) in [
            ("0.0", PtxType::F16),
            ("-0e999", PtxType::F32),
            ("0x0p+0", PtxType::F16),
            ("inf", PtxType::F16),
            ("-infinity", PtxType::F64),
            ("1e-7", PtxType::F16),
            ("0x7c00", PtxType::F16),
            ("65519", PtxType::F16),
            ("0f7F800000", PtxType::F32),
            ("nan", PtxType::F32),
        ] {
            assert_eq!(
                Literal::operand(text, ty).unwrap().warnings,
                vec![],
                "{text}"
            );
        }
        assert_eq!(
            w(Literal::imm("1e999999", PtxType::F32)),
            (
                0x7f80_0000,
                vec!["`1e999999` overflows .f32 and is +Inf".to_string()]
            )
        );
        // Finite in binary64, infinite in the type.
        assert_eq!(
            w(Literal::imm("-1e300", PtxType::F32)),
            (
                0xff80_0000,
                vec!["`-1e300` overflows .f32 and is -Inf".to_string()]
            )
        );
        assert_eq!(
            w(Literal::imm("1e-400", PtxType::F64)),
            (0, vec!["`1e-400` underflows .f64 and is 0".to_string()])
        );
        assert_eq!(
            w(Literal::imm("1e-30", PtxType::F16)),
            (0, vec!["`1e-30` underflows .f16 and is 0".to_string()])
        );
        assert_eq!(
            w(Literal::imm("0d3800000000000000", PtxType::F32)), // 2^-127: a subnormal f32
            (0x0040_0000, vec![])
        );
        assert_eq!(
            w(Literal::imm("0d47F0000000000000", PtxType::F32)), // 2^128
            (
                0x7f80_0000,
                vec!["`0d47F0000000000000` overflows .f32 and is +Inf".to_string()]
            )
        );
        assert_eq!(w(Literal::imm("0.0", PtxType::F16)), (0, vec![]));
        assert_eq!(
            w(Literal::value("1e39", PtxType::F32)),
            (
                0x7f80_0000,
                vec!["`1e39` overflows .f32 and is +Inf".to_string()]
            )
        );
        assert_eq!(
            w(Literal::value("-inf", PtxType::F32)),
            (0xff80_0000, vec![])
        );
        assert!(Literal::value("1e39", PtxType::S32).is_err());
    }

    #[test]
    fn decoding() {
        assert_eq!(decode(0x3e00, PtxType::F16), "1.5");
        assert_eq!(decode(0x7fff, PtxType::F16), "NaN(0x7fff)");
        assert_eq!(decode(0x4000_3c00, PtxType::F16x2), "1,2");
        assert_eq!(hex(0x3c00, PtxType::F32), "0x00003c00");
    }

    /// Decoded values are the shortest decimals that read back as the same
    /// bits (the nearest where several are as short). 0x3f665666 is exactly
    /// 0.89975583553314208984375 and its f32 neighbours are 6e-8 away:
    /// 0.89975584 reads back, 0.8997558 does not. bf16 0x3dcd is
    /// 0.10009765625, its neighbours 0.099609375 and 0.1005859375: 0.1 is
    /// nearer it than either. f16 0x3c04 is 1.00390625, 1 ulp = 2^-10:
    /// 1.004 is within half an ulp, 1.00 not. f16 0x7bff (65504, the
    /// largest) reads back from 65500 (65472 and +Inf are farther), as
    /// numpy prints it. 2^-24 (f16 0x0001) is 5.96E-8, and half an ulp
    /// either way is 2.98E-8: 6E-8 reads back. f64 0.32 is no longer
    /// 0.32000000000000001.
    #[test]
    fn decoded_values_are_shortest() {
        assert_eq!(decode(0x3f66_5666, PtxType::F32), "0.89975584");
        assert_eq!(decode(0x478c_281d, PtxType::F32), "71760.23"); // 71760.2265625
        assert_eq!(decode(0x3dcd, PtxType::BF16), "0.1");
        assert_eq!(decode(0x3c04, PtxType::F16), "1.004");
        assert_eq!(decode(0x7bff, PtxType::F16), "65500");
        assert_eq!(decode(0x0001, PtxType::F16), "6.0E-8");
        assert_eq!(decode(0x3f81, PtxType::BF16), "1.01"); // 1 + 2^-7 = 1.0078125, ulp 2^-7
        assert_eq!(decode(0x4e6e_6b28, PtxType::F32), "1.0E+9");
        assert_eq!(decode(0x7b53, PtxType::F16), "60000"); // (1 + 851/1024) × 2^15 = 60000 exactly
        assert_eq!(decode(0x4b80_0000, PtxType::F32), "16777216"); // 2^24
        assert_eq!(decode(0x8000_0000, PtxType::F32), "-0");
        assert_eq!(decode(0.32f64.to_bits(), PtxType::F64), "0.32");
        // f16 0x3555 = 0.333251953125, half an ulp 2^-13 = 0.000122:
        // 0.333 is 0.00025 away, 0.3333 0.00005.
        assert_eq!(decode(0x3e00_3555, PtxType::F16x2), "0.3333,1.5");
        assert_eq!(decode(0x0400, PtxType::F16), "6.104E-5"); // 2^-14 = 6.1035...E-5
        assert_eq!(decode(0x7f7f_ffff, PtxType::F32), "3.4028235E+38");
        assert_eq!(decode(0x0000_0001, PtxType::F32), "1.0E-45");
        assert_eq!(decode(1, PtxType::F64), "5.0E-324");
        assert_eq!(decode(0x0001, PtxType::BF16), "9.0E-41"); // 2^-133 = 9.18E-41
    }

    /// `Style::Exact` writes every digit, `Style::Hex` a hex float; both
    /// are exact, and read back.
    #[test]
    fn exact_and_hex_styles() {
        let ex = |b, t| decode_as(b, t, Style::Exact);
        let hx = |b, t| decode_as(b, t, Style::Hex);
        assert_eq!(ex(0x3dcd, PtxType::BF16), "0.10009765625");
        assert_eq!(ex(0x0001, PtxType::F16), "5.9604644775390625E-8");
        assert_eq!(
            ex(0.32f64.to_bits(), PtxType::F64),
            "0.320000000000000006661338147750939242541790008544921875"
        );
        assert_eq!(
            ex(0x7f7f_ffff, PtxType::F32),
            "3.4028234663852885981170418348451692544E+38"
        );
        assert_eq!(ex(0xbc00, PtxType::F16), "-1");
        assert_eq!(ex(0x8000, PtxType::F16), "-0");
        let tiny = ex(1, PtxType::F64);
        assert!(tiny.starts_with("4.940656458412465441765687928682213723650598026143247644255856825006755072702087518652998363616359923797965646954457177309266567103559397963987747960107818781263007131903114045278458171678489821036887186360569987307230500063874091535649843873124733972731696151400317153853980741262385655911710266585566867681870395603106249319452715914924553293054565444011274801297099995419319894090804165633245247571478690147267801593552386115501348035264934720193790268107107491703332226844753335720832431936092382893458368060106011506169809753078342277318329247904982524730776375927247874656084778203734469699533647017972677717585125660551199131504891101451037862738167250955837389733598993664809941164205702637090279242767544565229087538682506419718265533447265625E-324"), "{tiny}");
        assert_eq!(tiny.len(), 751 + 1 + 5); // 751 significant digits, a point, E-324
        assert_eq!(hx(0x3e00, PtxType::F16), "0x1.8p+0");
        assert_eq!(hx(0xbc00, PtxType::F16), "-0x1p+0");
        assert_eq!(hx(0x0001, PtxType::F16), "0x1p-24");
        assert_eq!(hx(0x0003, PtxType::F16), "0x1.8p-23");
        assert_eq!(hx(0x8000, PtxType::F16), "-0x0p+0");
        assert_eq!(hx(0x3dcd, PtxType::BF16), "0x1.9ap-4");
        assert_eq!(hx(0x7f7f_ffff, PtxType::F32), "0x1.fffffep+127");
        assert_eq!(hx(1, PtxType::F64), "0x1p-1074");
        assert_eq!(
            hx(0x3ff8_0000_0000_0001, PtxType::F64),
            "0x1.8000000000001p+0"
        );
        assert_eq!(hx(0x7c00_3e00, PtxType::F16x2), "0x1.8p+0,+Inf");
        for style in [Style::Exact, Style::Hex] {
            assert_eq!(decode_as(0x7fff, PtxType::F16, style), "NaN(0x7fff)");
            assert_eq!(decode_as(0xff80_0000, PtxType::F32, style), "-Inf");
        }
    }

    #[test]
    fn nans_show_their_bits() {
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
