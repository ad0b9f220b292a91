//! `--set NAME=VALUE`: a value given on the command line for a register or
//! a variable. These are command-line values, like `ptxfp eval`'s operands
//! ([`ptxfp_isa::literal`]), not PTX constants; what a value may look like
//! depends on the type the register is declared with:
//!
//! - a float type (`.f16`, `.bf16`, `.f32`, `.f64`, `.f16x2`, `.bf16x2`):
//!   hex bits (`0x3c00`), PTX's exact `0f`/`0d` bits, or a decimal literal
//!   rounded once to the type (`1.5`, `-0.0`, `inf`, `nan`; x2 types
//!   `LANE0,LANE1`), as `eval` reads operands;
//! - an integer type (`.u32`, `.s64`, ...): a decimal integer in the type's
//!   range (`42`, `-1` for a signed type), or hex bits (`0xffffffff`);
//! - a bit type (`.b16`, `.b32`, ...): hex bits (`0x3c00`, `0b...`, `0f...`
//!   for 32 bits, `0d...` for 64), or the value with its type (`f16:1.5`,
//!   `bf16:1.5`, `s32:-1`, `f16x2:1,2`). A bare number is an error: which
//!   bits `1` means depends on a type the register does not have;
//! - `.pred`: `1`/`true` or `0`/`false`.
//!
//! `TYPE:VALUE` is accepted for any register whose type it fits: the same
//! type, a bit type of the same size (`b32:0x3f800000` for a `.f32`; for a
//! `.b32` any 32-bit type), an integer type of the same size for an
//! integer register.

use ptxfp_front::module::{Instr, Module, OperandKind, Stmt};
use ptxfp_isa::literal;
use ptxfp_isa::op::Op;
use ptxfp_isa::types::PtxType;

/// Why a `--set` value was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SetError {
    /// The text is wrong for the type (the message says why).
    Bad(String),
    /// A number for a bit-typed register: the bits it means depend on a
    /// type the register does not have.
    Untyped,
    /// `TYPE:VALUE` with a type of another kind or size than the
    /// register's (`s32:-1` for a `.f32`): the type given and the value.
    Mismatch(PtxType, String),
}

fn bad<T>(m: impl Into<String>) -> Result<T, SetError> {
    Err(SetError::Bad(m.into()))
}

fn is_float_like(t: PtxType) -> bool {
    t.is_float() || matches!(t, PtxType::F16x2 | PtxType::BF16x2)
}

/// Parses a `--set` value for a register or variable of type `ty` (module doc).
pub(crate) fn set_value(text: &str, ty: PtxType) -> Result<u64, SetError> {
    set_value_warned(text, ty, &mut Vec::new())
}

/// [`set_value`], with the warnings of a float value that overflowed to Inf
/// or underflowed to 0 as it was rounded once into its type (`TYPE:VALUE`:
/// into `TYPE`) added to `warnings`.
pub(crate) fn set_value_warned(
    text: &str,
    ty: PtxType,
    warnings: &mut Vec<String>,
) -> Result<u64, SetError> {
    let t = text.trim();
    if let Some((tn, v)) = t.split_once(':') {
        let Some(vt) = PtxType::parse(tn.trim()) else {
            return bad(format!(
                "`{tn}` is not a PTX type: write TYPE:VALUE, e.g. f16:1.5 or s32:-1"
            ));
        };
        // PTX ISA §6.4.1: bit-size types are compatible with any type of
        // the same size; §5.2.1: "Signed and unsigned integer types are
        // compatible if they have the same size".
        let same_size = vt.bits() == ty.bits() && ty != PtxType::Pred;
        let fits = vt == ty
            || (same_size && (ty.is_bits() || vt.is_bits()))
            || (same_size && ty.is_int() && vt.is_int());
        if !fits {
            return Err(SetError::Mismatch(vt, v.trim().to_string()));
        }
        if v.contains(':') {
            return bad("give one TYPE: before the value");
        }
        return set_value_warned(v, vt, warnings).map_err(|e| match e {
            SetError::Untyped => SetError::Bad(format!(
                "`{vt}` holds bits: give them in hex, e.g. 0x{:0w$x}",
                0,
                w = (vt.bits() as usize).div_ceil(4)
            )),
            e => e,
        });
    }
    let lower = t.to_ascii_lowercase();
    let body = lower.trim_start_matches(['-', '+']);
    let exact_float = body.starts_with("0f") || body.starts_with("0d");
    match ty {
        PtxType::Pred => match lower.as_str() {
            "1" | "true" => Ok(1),
            "0" | "false" => Ok(0),
            _ => bad(format!(
                "`{t}`: a `.pred` takes 1 (or true) or 0 (or false)"
            )),
        },
        _ if is_float_like(ty) => {
            let lit = if exact_float {
                ptxfp_isa::literal::Literal::value(t, ty)
            } else {
                ptxfp_isa::literal::Literal::operand(t, ty)
            }
            .map_err(SetError::Bad)?;
            warnings.extend(lit.warnings.iter().map(|w| w.to_string()));
            Ok(lit.bits)
        }
        _ if ty.is_bits() => {
            if lower.starts_with('-') || lower.starts_with('+') {
                if body.starts_with("0x") || body.starts_with("0b") {
                    return bad(format!(
                        "`{t}`: bits take no sign: set the sign bit instead"
                    ));
                }
            } else if body.starts_with("0x") {
                return literal::parse_operand(t, ty).map_err(SetError::Bad);
            } else if t.trim() == "0" {
                // All zero bits under every type: not ambiguous.
                return Ok(0);
            } else if body.starts_with("0b") || exact_float {
                return ptxfp_isa::literal::parse_value(t, ty).map_err(SetError::Bad);
            }
            let number = literal::parse_operand(t, PtxType::F64).is_ok();
            if number {
                Err(SetError::Untyped)
            } else {
                bad(format!(
                    "`{t}` is not hex bits (such as 0x{:0w$x})",
                    0,
                    w = (ty.bits() as usize).div_ceil(4)
                ))
            }
        }
        _ => int_value(t, ty),
    }
}

/// A decimal integer in the range of `ty`, or hex bits.
fn int_value(t: &str, ty: PtxType) -> Result<u64, SetError> {
    let bits = ty.bits();
    let mask = if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let width = (bits as usize).div_ceil(4);
    if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        if neg {
            return bad(format!(
                "`{t}`: bits take no sign: set the sign bit instead"
            ));
        }
        return match u64::from_str_radix(h, 16) {
            Ok(v) if v & !mask == 0 => Ok(v),
            Ok(_) => bad(format!("`{t}` does not fit in `{ty}` ({bits} bits)")),
            Err(_) => bad(format!("`{t}` is not hex bits")),
        };
    }
    if body.is_empty() || !body.bytes().all(|c| c.is_ascii_digit()) {
        return bad(format!(
            "`{t}` is not an integer: a `{ty}` takes a decimal integer (42{}) or hex bits (0x{:0width$x})",
            if ty.is_signed() { ", -1" } else { "" },
            42
        ));
    }
    if body.len() > 1 && body.starts_with('0') {
        let octal = u64::from_str_radix(body, 8).map_or(String::new(), |v| format!("{v} or "));
        return bad(format!(
            "`{t}`: a leading 0 is ambiguous (PTX reads it as octal): write {octal}{}",
            body.trim_start_matches('0').max("0")
        ));
    }
    let magnitude: u128 = body.parse().unwrap_or(u128::MAX);
    let (lo, hi): (i128, i128) = if ty.is_signed() {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    };
    let v = if neg {
        -(magnitude.min(1 << 100) as i128)
    } else {
        magnitude.min(1 << 100) as i128
    };
    if v < lo || v > hi {
        let hint = if neg && !ty.is_signed() {
            format!("; for the bits of {v} as .s{bits} write s{bits}:{v} on a .b{bits} register, or 0x{:0width$x}", (v as u64) & mask)
        } else {
            String::new()
        };
        return bad(format!(
            "`{t}` is out of range for `{ty}` ({lo}..={hi}){hint}"
        ));
    }
    Ok((v as u64) & mask)
}

/// What a value of type `t` is, for messages: "a 32-bit float".
fn kind(t: PtxType) -> String {
    match t {
        PtxType::Pred => "a predicate".into(),
        PtxType::F16x2 | PtxType::BF16x2 => {
            format!("a pair of {} floats", &t.name()[..t.name().len() - 2])
        }
        _ if t.is_float() => format!("a {}-bit float", t.bits()),
        _ if t.is_int() => format!("a {}-bit integer", t.bits()),
        _ => format!("{} bits", t.bits()),
    }
}

/// The message for `--set name=text` (`text` is `given:value`) on a
/// register or variable (`what`) of type `ty` that a `given` value does
/// not fit: a type of another kind, or another size.
pub(crate) fn mismatch(
    name: &str,
    what: &str,
    text: &str,
    given: PtxType,
    value: &str,
    ty: PtxType,
) -> String {
    let text = text.trim();
    let mut msg = format!(
        "--set {name}={text}: `{text}` is {}; `{name}` is a `{ty}` {what}",
        kind(given)
    );
    let width = (ty.bits() as usize).div_ceil(4);
    if ty == PtxType::Pred {
        msg += ": give 1 (or true) or 0 (or false)";
        return msg;
    }
    let mut examples = Vec::new();
    // The value in the register's own type, where it reads as one...
    if !ty.is_bits() {
        if let Ok(bits) = set_value(value, ty) {
            examples.push(format!(
                "{name}={}:{value} (= {})",
                ty.name(),
                ptxfp_isa::literal::hex(bits, ty)
            ));
        }
    }
    // ... or the bits the value has in the type given, where they fit.
    if given.bits() == ty.bits() {
        if let Ok(bits) = set_value(value, given) {
            examples.push(format!(
                "{name}={} (the bits of {}:{value})",
                ptxfp_isa::literal::hex(bits, ty),
                given.name()
            ));
        }
    }
    let n = ty.bits();
    msg += &if ty.is_bits() {
        format!(": give a {n}-bit value (TYPE:VALUE with a {n}-bit type) or its {n} bits in hex")
    } else {
        format!(": give {}:VALUE or its {n} bits in hex", ty.name())
    };
    if examples.is_empty() {
        examples.push(format!("{name}=0x{:0width$x}", 0));
    }
    msg += &format!(", e.g. {}", examples.join(" or "));
    msg
}

/// The type each operand of `ins` has, where the interpreter knows it
/// (`None` where it does not).
fn operand_types(ins: &Instr) -> Option<Vec<PtxType>> {
    let n = ins.operands.len();
    let op = ptxfp_isa::op::decode(ins.opcode, true).op;
    match op {
        Op::Mov(ty) | Op::Cvta(ty) => Some(vec![ty?; n]),
        Op::Ld(m) | Op::St(m) => Some(vec![m.ty?; n]),
        op => op.operand_types(),
    }
}

/// The types other than bit types that instructions of `m` read or write
/// register `name` as, each with the first opcode that does.
pub(crate) fn uses(m: &Module, name: &str) -> Vec<(PtxType, String)> {
    let mut out: Vec<(PtxType, String)> = Vec::new();
    for s in m.stmts() {
        let Stmt::Instr(ins) = &s else { continue };
        let Some(types) = operand_types(ins) else {
            continue;
        };
        for (op, ty) in ins.operands.iter().zip(types) {
            let named = matches!(&op.kind, OperandKind::Name(n) if *n == name);
            if named && !ty.is_bits() && ty != PtxType::Pred && !out.iter().any(|u| u.0 == ty) {
                out.push((ty, ins.opcode.to_string()));
            }
        }
    }
    out
}

/// The message for a number given to a bit-typed register or variable
/// (`what`: "register" or "parameter"), with the forms that say what it
/// means: for the types its instructions use it as, else for the usual
/// types of its size.
pub(crate) fn untyped(
    name: &str,
    what: &str,
    text: &str,
    ty: PtxType,
    used: &[(PtxType, String)],
) -> String {
    let text = text.trim();
    let negative = text.starts_with('-');
    let defaults: Vec<PtxType> = match ty.bits() {
        8 => vec![if negative { PtxType::S8 } else { PtxType::U8 }],
        16 => vec![PtxType::F16, PtxType::BF16],
        32 => vec![
            PtxType::F32,
            if negative { PtxType::S32 } else { PtxType::U32 },
        ],
        _ => vec![
            PtxType::F64,
            if negative { PtxType::S64 } else { PtxType::U64 },
        ],
    };
    let candidates: Vec<PtxType> = if used.is_empty() {
        defaults
    } else {
        used.iter().map(|u| u.0).collect()
    };
    let examples: Vec<String> = candidates
        .iter()
        .filter_map(|t| {
            let bits = set_value(text, *t).ok()?;
            Some(format!(
                "{name}={}:{text} (= {})",
                t.name(),
                ptxfp_isa::literal::hex(bits, *t)
            ))
        })
        .collect();
    let mut msg = format!(
        "--set {name}={text}: `{name}` is a `{ty}` {what}, and a number does not say which bits it holds: give the bits in hex, or the value with its type"
    );
    if !used.is_empty() {
        let by: Vec<String> = used
            .iter()
            .map(|(t, op)| format!("as `{t}` by `{op}`"))
            .collect();
        msg += &format!(" (the program uses `{name}` {})", by.join(", "));
    }
    if examples.is_empty() {
        msg += &format!(
            ", e.g. {name}=0x{:0w$x}",
            0,
            w = (ty.bits() as usize).div_ceil(4)
        );
    } else {
        msg += &format!(", e.g. {}", examples.join(" or "));
    }
    msg
}

#[cfg(test)]
mod tests {
    use super::*;
    use PtxType::*;

    #[test]
    fn values_by_type() {
        let ok = |s: &str, t| set_value(s, t).unwrap_or_else(|e| panic!("{s} {t}: {e:?}"));
        // Float registers: eval's literals (1.5 = 0x3e00 in f16), hex, 0f.
        assert_eq!(ok("1.5", F16), 0x3e00);
        assert_eq!(ok("010", F32), 0x4120_0000); // a command-line decimal: 10.0
        assert_eq!(ok("0f3F800000", F32), 0x3f80_0000);
        assert_eq!(ok("0x3c00", F16), 0x3c00);
        assert_eq!(ok("1,2", F16x2), 0x4000_3c00);
        // Integers: decimal in range, hex bits.
        assert_eq!(ok("42", U32), 42);
        assert_eq!(ok("-1", S32), 0xffff_ffff);
        assert_eq!(ok("0xffffffff", U32), 0xffff_ffff);
        assert_eq!(ok("-128", S8), 0x80);
        // Bits: hex, binary, 0f/0d, or TYPE:VALUE.
        assert_eq!(ok("0x3c00", B16), 0x3c00);
        assert_eq!(ok("0b101", B8), 5);
        assert_eq!(ok("0f3F800000", B32), 0x3f80_0000);
        assert_eq!(ok("f16:1", B16), 0x3c00);
        assert_eq!(ok("bf16:1", B16), 0x3f80);
        assert_eq!(ok(".f32:1.5", B32), 0x3fc0_0000);
        assert_eq!(ok("s32:-1", B32), 0xffff_ffff);
        assert_eq!(ok("f16x2:1,2", B32), 0x4000_3c00);
        assert_eq!(ok("u32:7", S32), 7);
        assert_eq!(ok("f32:2", F32), 0x4000_0000);
        assert_eq!(ok("true", Pred), 1);
        // A number for bits is ambiguous.
        for s in ["1", "1.5", "-2", "inf", "010"] {
            assert_eq!(set_value(s, B16), Err(SetError::Untyped), "{s}");
        }
        let e = |s: &str, t| match set_value(s, t) {
            Err(SetError::Bad(m)) => m,
            other => panic!("{s} {t}: {other:?}"),
        };
        assert_eq!(e("-1", U32), "`-1` is out of range for `.u32` (0..=4294967295); for the bits of -1 as .s32 write s32:-1 on a .b32 register, or 0xffffffff");
        assert_eq!(
            e("4294967295", S32),
            "`4294967295` is out of range for `.s32` (-2147483648..=2147483647)"
        );
        assert_eq!(
            e("010", U32),
            "`010`: a leading 0 is ambiguous (PTX reads it as octal): write 8 or 10"
        );
        assert_eq!(e("1.5", U32), "`1.5` is not an integer: a `.u32` takes a decimal integer (42) or hex bits (0x0000002a)");
        // A bit type matches any type of its size (PTX ISA §6.4.1), in
        // both directions.
        assert_eq!(ok("b32:0x3f800000", F32), 0x3f80_0000);
        assert_eq!(ok("b16:0x3c00", F16), 0x3c00);
        assert_eq!(ok("b32:0xffffffff", S32), 0xffff_ffff);
        assert_eq!(ok("b64:0x3ff0000000000000", F64), 0x3ff0_0000_0000_0000);
        let mismatch = |s: &str, t| set_value(s, t).unwrap_err();
        assert_eq!(mismatch("f16:1", B32), SetError::Mismatch(F16, "1".into()));
        assert_eq!(mismatch("f16:1", F32), SetError::Mismatch(F16, "1".into()));
        assert_eq!(
            mismatch("s32:-1", F32),
            SetError::Mismatch(S32, "-1".into())
        );
        assert_eq!(
            mismatch("b16:0x3c00", F32),
            SetError::Mismatch(B16, "0x3c00".into())
        );
        assert_eq!(
            mismatch("b8:0x1", Pred),
            SetError::Mismatch(B8, "0x1".into())
        );
        assert_eq!(
            e("b16:1", B16),
            "`.b16` holds bits: give them in hex, e.g. 0x0000"
        );
        assert_eq!(
            e("x16:1", B16),
            "`x16` is not a PTX type: write TYPE:VALUE, e.g. f16:1.5 or s32:-1"
        );
        assert_eq!(
            e("-0x1", B16),
            "`-0x1`: bits take no sign: set the sign bit instead"
        );
        assert_eq!(
            e("0x13c00", B16),
            "`0x13c00` is too wide for .b16: 5 hex digits, at most 4"
        );
        assert!(e("zz", B16).starts_with("`zz` is not hex bits"));
        assert!(e("2", Pred).contains("takes 1 (or true) or 0 (or false)"));
    }

    #[test]
    fn mismatched_types_say_what_to_write() {
        // -1.0 in f32: sign 1, exponent 127 (0x7f), fraction 0: 0xbf800000;
        // the s32 -1 is all ones.
        assert_eq!(
            mismatch("s", "register", "s32:-1", S32, "-1", F32),
            "--set s=s32:-1: `s32:-1` is a 32-bit integer; `s` is a `.f32` register: give f32:VALUE or its 32 bits in hex, e.g. s=f32:-1 (= 0xbf800000) or s=0xffffffff (the bits of s32:-1)"
        );
        // 1.5 in f16: 1.1b × 2^0, exponent 15: 0x3e00; 16 bits do not fill a .f32.
        assert_eq!(
            mismatch("f", "register", "f16:1.5", F16, "1.5", F32),
            "--set f=f16:1.5: `f16:1.5` is a 16-bit float; `f` is a `.f32` register: give f32:VALUE or its 32 bits in hex, e.g. f=f32:1.5 (= 0x3fc00000)"
        );
        assert_eq!(
            mismatch("x", "register", "f16:1", F16, "1", B32),
            "--set x=f16:1: `f16:1` is a 16-bit float; `x` is a `.b32` register: give a 32-bit value (TYPE:VALUE with a 32-bit type) or its 32 bits in hex, e.g. x=0x00000000"
        );
        assert_eq!(
            mismatch("u", "register", "f32:2", F32, "2", U32),
            "--set u=f32:2: `f32:2` is a 32-bit float; `u` is a `.u32` register: give u32:VALUE or its 32 bits in hex, e.g. u=u32:2 (= 0x00000002) or u=0x40000000 (the bits of f32:2)"
        );
        assert_eq!(
            mismatch("p", "register", "b8:1", B8, "1", Pred),
            "--set p=b8:1: `b8:1` is 8 bits; `p` is a `.pred` register: give 1 (or true) or 0 (or false)"
        );
    }

    #[test]
    fn untyped_numbers_say_what_to_write() {
        assert_eq!(
            untyped("a", "register", "1", B16, &[]),
            "--set a=1: `a` is a `.b16` register, and a number does not say which bits it holds: give the bits in hex, or the value with its type, e.g. a=f16:1 (= 0x3c00) or a=bf16:1 (= 0x3f80)"
        );
        let m = ptxfp_front::module::parse(".reg .b16 a, d;\nadd.rn.f16 d, a, a;\n");
        let used = uses(&m, "a");
        assert_eq!(used, [(F16, "add.rn.f16".to_string())]);
        assert_eq!(
            untyped("a", "register", "1.5", B16, &used),
            "--set a=1.5: `a` is a `.b16` register, and a number does not say which bits it holds: give the bits in hex, or the value with its type (the program uses `a` as `.f16` by `add.rn.f16`), e.g. a=f16:1.5 (= 0x3e00)"
        );
        let m = ptxfp_front::module::parse(".reg .b32 r;\n.reg .pred p;\nsetp.lt.s32 p, r, 4;\n");
        assert_eq!(
            untyped("r", "register", "-1", B32, &uses(&m, "r")),
            "--set r=-1: `r` is a `.b32` register, and a number does not say which bits it holds: give the bits in hex, or the value with its type (the program uses `r` as `.s32` by `setp.lt.s32`), e.g. r=s32:-1 (= 0xffffffff)"
        );
    }
}
