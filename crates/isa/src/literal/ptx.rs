//! PTX constants (PTX ISA §4.5) and typed values: parsing them exactly into
//! a type's bits.

use super::{Literal, OutOfRange};
use crate::types::mask;
use crate::types::PtxType;
use ptxfp_float::{self as fp, Round, BF16, F16, F32, F64};

/// Parses a PTX integer literal: decimal, `0x` hex, `0b` binary, octal with a
/// leading `0`, optional `U` suffix (PTX ISA §4.5.1), optional leading `-`.
pub fn parse_int(s: &str) -> Option<i64> {
    let (neg, s) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s),
    };
    let s = s.strip_suffix('U').unwrap_or(s);
    let v = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()?
    } else if let Some(b) = s.strip_prefix("0b").or_else(|| s.strip_prefix("0B")) {
        u64::from_str_radix(b, 2).ok()?
    } else if s.len() > 1 && s.starts_with('0') {
        u64::from_str_radix(&s[1..], 8).ok()?
    } else {
        s.parse::<u64>().ok()?
    };
    let v = v as i64;
    Some(if neg { v.wrapping_neg() } else { v })
}

/// A PTX bit literal (PTX ISA §4.5.2), after an optional sign that flips
/// its sign bit: `0f` and 8 hex digits (an `.f32`'s bits) or `0d` and 16
/// (an `.f64`'s).
pub(super) struct BitsLiteral {
    /// `0d`: the bits of an `.f64`; `0f`: of an `.f32`.
    pub(super) wide: bool,
    /// The bits, sign applied.
    pub(super) bits: u64,
}

/// `t` as a [`BitsLiteral`], or `None` if it does not start with `0f` or
/// `0d` (after a sign). Both prefixes, in every grammar that reads them,
/// get the same error for a wrong digit count or a digit that is not hex:
/// `` `0d3FF8`: a `0d` literal has exactly 16 hex digits (the bits of an .f64); this one has 4 ``.
pub(super) fn bits_literal(t: &str) -> Option<Result<BitsLiteral, String>> {
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let wide = match body.get(..2) {
        Some(p) if p.eq_ignore_ascii_case("0f") => false,
        Some(p) if p.eq_ignore_ascii_case("0d") => true,
        _ => return None,
    };
    let h = &body[2..];
    let (n, letter, name) = if wide {
        (16, 'd', ".f64")
    } else {
        (8, 'f', ".f32")
    };
    let what = format!(
        "`{}`: a `0{letter}` literal has exactly {n} hex digits (the bits of an {name})",
        super::shown(t)
    );
    if let Some(c) = h.chars().find(|c| !c.is_ascii_hexdigit()) {
        return Some(Err(format!(
            "{what}; `{}` is not a hex digit",
            c.escape_debug()
        )));
    }
    if h.len() != n {
        return Some(Err(format!("{what}; this one has {}", h.len())));
    }
    let v = u64::from_str_radix(h, 16).unwrap_or(0);
    let sign = match (neg, wide) {
        (false, _) => 0,
        (true, false) => 0x8000_0000,
        (true, true) => 1 << 63,
    };
    Some(Ok(BitsLiteral {
        wide,
        bits: v ^ sign,
    }))
}

/// An `.f32`'s bits as the `.f64` of the same value (exact; PTX ISA
/// §4.5.2 for a `0f` literal used as an `.f64`).
pub(super) fn widen(f32_bits: u64) -> u64 {
    fp::convert::<F32, F64>(f32_bits, Round::NearestEven).bits
}

/// Parses a value for a register or operand of type `ty` ([`Literal::value`]),
/// without its warnings.
pub fn parse_value(text: &str, ty: PtxType) -> Result<u64, String> {
    Literal::value(text, ty).map(|l| l.bits)
}

/// An integer literal in a spelling PTX has (decimal, `0x` hex, `0b`
/// binary, octal, an optional `U`) whose value needs more than 64 bits:
/// [`parse_int`] refuses it, and this error says why.
pub fn int_too_wide(text: &str) -> Option<String> {
    let t = text.strip_suffix('U').unwrap_or(text);
    let (digits, radix) = match t.get(..2) {
        Some("0x" | "0X") => (&t[2..], 16),
        Some("0b" | "0B") => (&t[2..], 2),
        _ if t.len() > 1 && t.starts_with('0') => (&t[1..], 8),
        _ => (t, 10),
    };
    let wide = !digits.is_empty()
        && digits.chars().all(|c| c.is_digit(radix))
        && u64::from_str_radix(digits, radix).is_err();
    wide.then(|| {
        format!("`{text}` does not fit in 64 bits: PTX ISA §4.5.1 \"Integer constants are 64-bits in size\"")
    })
}

/// Parses an immediate written in PTX source for an operand of type `ty`
/// ([`Literal::imm`]), without its warnings.
pub fn parse_imm(text: &str, ty: PtxType) -> Result<u64, String> {
    Literal::imm(text, ty).map(|l| l.bits)
}

impl Literal {
    /// Reads a value for a register or operand of type `ty`:
    /// - `0f` + 8 hex digits (f32 bits), `0d` + 16 hex digits (f64 bits), PTX
    ///   ISA §4.5.2; a `0f` literal for `.f64` is widened exactly, a `0d`
    ///   literal is accepted only for 64-bit types;
    /// - `0x`/`0b`/octal/decimal integers: for integer and bit types, the value
    ///   (two's complement, must fit); `0x` for float types: the bits;
    /// - decimal float literals (`1.5`, `-0.0`, `1e-3`, `inf`, `nan`) and
    ///   decimal integers for float types: the value, rounded ONCE to the type
    ///   to nearest even (rustc_apfloat's exact decimal conversion), with a
    ///   warning where a finite literal became infinite or a nonzero one zero.
    pub fn value(text: &str, ty: PtxType) -> Result<Literal, String> {
        let t = text.trim();
        let bits = ty.bits();
        let bad = || format!("bad immediate `{t}` for `{ty}`");
        let (neg, body) = match t.strip_prefix('-') {
            Some(b) => (true, b),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        if let Some(lit) = bits_literal(t) {
            let lit = lit?;
            return match (lit.wide, ty) {
                (false, PtxType::F64) => Ok(Literal::exact(widen(lit.bits))),
                (false, _) if bits == 32 => Ok(Literal::exact(lit.bits)),
                (false, _) => Err(format!("`{t}` is a 32-bit literal; `{ty}` is {bits} bits")),
                (true, _) if bits == 64 => Ok(Literal::exact(lit.bits)),
                (true, _) => Err(format!("`{t}` is a 64-bit literal; `{ty}` is {bits} bits")),
            };
        }
        let is_hex = body.starts_with("0x") || body.starts_with("0X");
        let is_int = is_hex
            || body.starts_with("0b")
            || body.starts_with("0B")
            || (!body.is_empty()
                && body
                    .trim_end_matches('U')
                    .bytes()
                    .all(|c| c.is_ascii_digit()));
        if is_int && (!ty.is_float() || is_hex) {
            let v = parse_int(body).ok_or_else(|| int_too_wide(body).unwrap_or_else(bad))? as u64;
            if ty.is_float() {
                // 0x bits for a float type: the bits, sign included.
                if neg || v & !mask(bits) != 0 {
                    return Err(format!("`{t}` does not fit in `{ty}` ({bits} bits)"));
                }
                return Ok(Literal::exact(v));
            }
            let v = if neg { v.wrapping_neg() } else { v };
            // PTX ISA §4.5.3, Predicate Constants: "integer constants are
            // interpreted as in C, i.e., zero values are False and
            // non-zero values are True".
            if ty == PtxType::Pred {
                return Ok(Literal::exact(u64::from(v != 0)));
            }
            let fits = if neg {
                (v as i64) >= -(1i128 << (bits - 1)) as i64 || bits == 64
            } else {
                v & !mask(bits) == 0
            };
            if !fits {
                return Err(format!("`{t}` does not fit in `{ty}` ({bits} bits)"));
            }
            return Ok(Literal::exact(v & mask(bits)));
        }
        let Some((lane, 1)) = super::lane_of(ty) else {
            // `7%3`: the lexer reads `%3` as a register's name (PTX ISA
            // §4.4: identifiers may start with `%`).
            if let Some(at) = t.find('%').filter(|&i| i > 0) {
                return Err(format!(
                    "`{t}` is not a constant: `{}` reads as a register name; write `{} % {}` for the remainder",
                    &t[at..],
                    &t[..at],
                    &t[at + 1..]
                ));
            }
            return Err(format!(
                "`{t}` is not an integer, and `{ty}` is not a float type"
            ));
        };
        let s = match t {
            "nan" | "NaN" | "+nan" => "nan",
            "-nan" | "-NaN" => "-nan",
            "+inf" => "inf",
            _ => t,
        };
        let (v, range) = lane.parse(s).ok_or_else(bad)?;
        // `inf` is no overflow: only a number can leave the range.
        let numeric = body.starts_with(|c: char| c.is_ascii_digit() || c == '.');
        Ok(Literal::rounded(v, t, ty, range.filter(|_| numeric)))
    }

    /// Reads an immediate written in PTX source for an operand of type `ty`
    /// (an instruction operand or an initializer), as PTX ISA §4.5 defines
    /// constants; command-line values (`--set`, `eval` operands) are not PTX
    /// and follow [`Literal::operand`] instead.
    ///
    /// For `.f16`, `.bf16`, `.f32` and `.f64`:
    /// - §4.5.2: floating-point literals "are always represented in 64-bit
    ///   double-precision format", and "each 64-bit floating-point constant is
    ///   converted to the appropriate floating-point size based on the data or
    ///   instruction type at its use". So a decimal literal (`1.5`, `1e-3`,
    ///   `10.0`) is first rounded to binary64 and then converted, to nearest
    ///   even; so is a `0d` literal. A `0f` literal keeps its exact bits.
    ///   A finite constant that becomes infinite, or a nonzero one that
    ///   becomes zero, at either step, carries a warning.
    /// - An integer constant (§4.5.1: decimal, `0x` hex, `0b` binary, or octal
    ///   with a leading `0`, so `010` is 8) is an error: §4.5 "Type checking
    ///   rules remain the same for integer, floating-point, and bit-size types",
    ///   §6.1 "There is no automatic conversion between types". The message
    ///   gives the float spelling.
    ///
    /// Other types follow [`Literal::value`] (integers in any §4.5.1 notation).
    pub fn imm(text: &str, ty: PtxType) -> Result<Literal, String> {
        let t = text.trim();
        if !ty.is_float() {
            return Literal::value(t, ty);
        }
        let body = t.strip_prefix(['-', '+']).unwrap_or(t);
        let prefix = |p: &str| body.get(..2).is_some_and(|b| b.eq_ignore_ascii_case(p));
        if prefix("0f") {
            return Literal::value(t, ty);
        }
        let digits = body.strip_suffix('U').unwrap_or(body);
        if prefix("0x")
            || prefix("0b")
            || (!digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit()))
        {
            return Err(integer_for_float(t, ty));
        }
        let d = if prefix("0d") {
            // Its own precise errors (digit count, digits).
            Literal::value(t, PtxType::F64)?
        } else {
            Literal::value(t, PtxType::F64).map_err(|_| {
                format!("`{t}` is not a floating-point constant for a `{ty}` operand: expected e.g. 1.5, -0.25, 1e-3 or 0d3FF8000000000000 (PTX ISA §4.5.2)")
            })?
        };
        let rn = Round::NearestEven;
        let r = match ty {
            PtxType::F16 => fp::convert::<F64, F16>(d.bits, rn).bits,
            PtxType::BF16 => fp::convert::<F64, BF16>(d.bits, rn).bits,
            PtxType::F32 => fp::convert::<F64, F32>(d.bits, rn).bits,
            _ => d.bits,
        };
        // Out of range at the first step (binary64) stays so; else the
        // conversion can take a finite binary64 to infinity or a nonzero one
        // to zero.
        let range = d.warnings.first().map(|w| w.kind).or_else(|| {
            let class = |x: u64, t: PtxType| {
                let (lane, _) = super::lane_of(t)?;
                let mag = x & !lane.sign();
                Some((mag == lane.exp_mask(), mag == 0, mag > lane.exp_mask()))
            };
            let (d_inf, d_zero, d_nan) = class(d.bits, PtxType::F64)?;
            let (r_inf, r_zero, _) = class(r, ty)?;
            let finite = !d_inf && !d_nan;
            if finite && r_inf {
                Some(OutOfRange::Overflow)
            } else if finite && !d_zero && r_zero {
                Some(OutOfRange::Underflow)
            } else {
                None
            }
        });
        Ok(Literal::rounded(r, t, ty, range))
    }
}

/// The error for an integer constant `t` given for a float operand of
/// type `ty`, with the spelling PTX accepts.
fn integer_for_float(t: &str, ty: PtxType) -> String {
    let neg = t.starts_with('-');
    let body = t.trim_start_matches(['-', '+']);
    let lower = body.to_ascii_lowercase();
    let kind = if lower.starts_with("0x") {
        "hexadecimal"
    } else if lower.starts_with("0b") {
        "binary"
    } else if body.len() > 1 && body.starts_with('0') {
        "octal"
    } else {
        "decimal"
    };
    let why = format!(
        "a `{ty}` operand takes a floating-point constant (PTX ISA §4.5: constants are type-checked; §6.1: no automatic conversion)"
    );
    let Some(v) = parse_int(body).map(|v| v as u64) else {
        return format!("`{t}` is not a valid {kind} integer constant, and {why}");
    };
    let sign = if neg { "-" } else { "" };
    let value = format!("{sign}{v}.0");
    let shown = if kind == "decimal" {
        String::new()
    } else {
        format!(" = {sign}{v}")
    };
    let fix = match (kind, ty) {
        ("hexadecimal" | "binary", PtxType::F32) if !neg && v >> 32 == 0 => {
            format!("write {value} for the value, or 0f{v:08X} for these bits")
        }
        ("hexadecimal" | "binary", PtxType::F64) if !neg => {
            format!("write {value} for the value, or 0d{v:016X} for these bits")
        }
        // A 16-bit pattern was most likely meant as the bits (0x3c00 = 1.0).
        ("hexadecimal" | "binary", PtxType::F16 | PtxType::BF16) if !neg && v >> 16 == 0 => format!(
            "PTX has no {ty} bit-pattern constant: for the {ty} with these bits ({}), mov.b16 them into a register first and use the register; for the number {v}, write {value}",
            crate::literal::decode(v, ty)
        ),
        ("hexadecimal" | "binary", _) => format!(
            "write {value} for the value (PTX has no {ty} bit-pattern constant: mov.b{} the bits into the register)",
            ty.bits()
        ),
        _ => format!("write {value}"),
    };
    format!("`{t}` is an integer constant ({kind}{shown}), but {why}: {fix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Integer literals past 64 bits, in each base PTX writes, say so;
    /// the largest that fit, and what is no integer, do not.
    #[test]
    fn integers_past_64_bits_say_so() {
        for t in [
            "18446744073709551616",
            "0x10000000000000000",
            "0b1",
            "02000000000000000000000",
            "18446744073709551616U",
        ] {
            let wide = t != "0b1";
            assert_eq!(int_too_wide(t).is_some(), wide, "{t}");
        }
        for t in [
            "18446744073709551615",
            "0xffffffffffffffff",
            "01777777777777777777777",
            "1.5",
            "0x1g",
            "abc",
            "0x",
        ] {
            assert_eq!(int_too_wide(t), None, "{t}");
        }
        assert_eq!(
            parse_imm("18446744073709551616", PtxType::U64),
            Err("`18446744073709551616` does not fit in 64 bits: PTX ISA §4.5.1 \"Integer constants are 64-bits in size\"".into())
        );
        assert_eq!(
            parse_imm("18446744073709551615", PtxType::U64),
            Ok(u64::MAX)
        );
    }

    #[test]
    fn literals() {
        let p = |s, t| parse_value(s, t);
        assert_eq!(p("0f3F800000", PtxType::F32), Ok(0x3f80_0000));
        assert_eq!(p("0f3F800000", PtxType::F64), Ok(0x3ff0_0000_0000_0000));
        assert_eq!(
            p("0d3FF0000000000000", PtxType::F64),
            Ok(0x3ff0_0000_0000_0000)
        );
        assert_eq!(p("1.5", PtxType::F16), Ok(0x3e00));
        assert_eq!(p("-0.0", PtxType::BF16), Ok(0x8000));
        assert_eq!(p("1", PtxType::F32), Ok(0x3f80_0000));
        assert_eq!(p("0x3c00", PtxType::F16), Ok(0x3c00));
        assert_eq!(p("-1", PtxType::S32), Ok(0xffff_ffff));
        assert_eq!(p("65535", PtxType::B16), Ok(0xffff));
        // 0.1 → f16 directly is 0x2e66; via f32 (0x3dcccccd) it is also 0x2e66,
        // but 1.00048828125 + tiny (just above the f16 tie) must round up once:
        assert_eq!(p("1.000488281250000000001", PtxType::F16), Ok(0x3c01));
        for (s, t) in [
            ("65536", PtxType::B16),
            ("0f3F80", PtxType::F32),
            ("1.5", PtxType::U32),
            ("abc", PtxType::F32),
            ("0d3FF0000000000000", PtxType::F32),
            ("", PtxType::F32),
        ] {
            assert!(p(s, t).is_err(), "{s}");
        }
        // PTX source immediates go through binary64 first (PTX ISA §4.5.2).
        let i = |s, t| parse_imm(s, t);
        // 1 + 2^-24 + 2^-60: binary64 rounds it to 1 + 2^-24, a binary32 tie,
        // which goes to even (1.0); rounded once it would be 1 + 2^-23.
        let just_above_tie = "1.000000059604644776257986737988403547205962240695953369140625";
        assert_eq!(p(just_above_tie, PtxType::F32), Ok(0x3f80_0001));
        assert_eq!(i(just_above_tie, PtxType::F32), Ok(0x3f80_0000));
        assert_eq!(i("1.000488281250000000001", PtxType::F16), Ok(0x3c00));
        assert_eq!(i("0d3FF8000000000000", PtxType::F32), Ok(0x3fc0_0000));
        assert_eq!(i("-0d3FF8000000000000", PtxType::F16), Ok(0xbe00));
        assert_eq!(i("1.0e-3", PtxType::F64), Ok(0x3f50_624d_d2f1_a9fc));
        assert_eq!(i("0f3F800000", PtxType::F32), Ok(0x3f80_0000));
        assert_eq!(i("-5", PtxType::S32), Ok(0xffff_fffb));
        // PTX ISA §4.5.1: a leading 0 is octal; integers for integer types.
        assert_eq!(i("010", PtxType::S32), Ok(8));
        assert_eq!(i("0b101", PtxType::U16), Ok(5));
        assert_eq!(i("10.", PtxType::F32), Ok(0x4120_0000));
        // An integer constant is no float operand (§4.5, §6.1), in any notation.
        let e = |s, t| i(s, t).unwrap_err();
        let why = "a `.f32` operand takes a floating-point constant (PTX ISA §4.5: constants are type-checked; §6.1: no automatic conversion)";
        assert_eq!(
            e("010", PtxType::F32),
            format!("`010` is an integer constant (octal = 8), but {why}: write 8.0")
        );
        assert_eq!(
            e("-10", PtxType::F32),
            format!("`-10` is an integer constant (decimal), but {why}: write -10.0")
        );
        assert_eq!(
            e("0x3f800000", PtxType::F32),
            format!("`0x3f800000` is an integer constant (hexadecimal = 1065353216), but {why}: write 1065353216.0 for the value, or 0f3F800000 for these bits")
        );
        assert!(
            e("0x3ff0000000000000", PtxType::F64).ends_with("or 0d3FF0000000000000 for these bits")
        );
        // 0x3c00 as f16 bits: exponent 15 (bias 15), fraction 0: 1.
        assert!(e("0x3c00", PtxType::F16).ends_with("PTX has no .f16 bit-pattern constant: for the .f16 with these bits (1), mov.b16 them into a register first and use the register; for the number 15360, write 15360.0"));
        assert!(e("0x10000", PtxType::F16).ends_with("write 65536.0 for the value (PTX has no .f16 bit-pattern constant: mov.b16 the bits into the register)"));
        assert!(e("7U", PtxType::BF16).ends_with("write 7.0"));
        assert!(e("09", PtxType::F64).starts_with("`09` is not a valid octal integer constant"));
        assert!(i("1e999", PtxType::F32).is_ok_and(|b| b == 0x7f80_0000));
        assert!(i("abc", PtxType::F32).is_err());
        // 0x3400 = 2^-2; 0x7fff is a bf16 NaN (exponent all ones, fraction 0x7f).
        assert_eq!(
            crate::literal::show_lanes(0x0000_3400, PtxType::F16x2),
            "f16x2 {0.25, 0}"
        );
        assert_eq!(
            crate::literal::show_lanes(0x7fff, PtxType::BF16),
            "bf16 NaN(0x7fff)"
        );
        assert_eq!(crate::literal::show_lanes(0xfc00, PtxType::F16), "f16 -Inf");
        assert_eq!(crate::literal::hex(0x3400, PtxType::B32), "0x00003400");
    }
}
