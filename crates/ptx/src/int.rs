//! The integer instructions nvcc emits around floating-point code (index
//! arithmetic): `add`/`sub`/`mul.lo`/`mul.hi`/`mul.wide`/`mad.lo`/`mad.wide`
//! on `.s16/.u16/.s32/.u32/.s64/.u64`, `shl`/`shr`, `and`/`or`/`xor`, and
//! `setp` on integers (PTX ISA §9.7.1, §9.7.8). Two's complement, wrapping.

use crate::types::{mask, PtxType};

/// An integer operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntOp {
    /// The opcode root (`add`, `mul`, `mad`, `shl`, ...).
    pub root: &'static str,
    /// `.lo` (the default for add/sub), `.hi` or `.wide`.
    pub part: Part,
    /// The operand type.
    pub ty: PtxType,
}

/// Which part of a product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The low half (`.lo`, and all of add/sub).
    Lo,
    /// The high half.
    Hi,
    /// The double-width product.
    Wide,
}

fn signed(t: PtxType) -> bool {
    matches!(t, PtxType::S8 | PtxType::S16 | PtxType::S32 | PtxType::S64)
}

fn sext(v: u64, bits: u32) -> i128 {
    let s = 64 - bits;
    i128::from(((v << s) as i64) >> s)
}

impl IntOp {
    /// Parses `mul.wide.s32`; `None` if this is not an integer instruction.
    pub fn parse(opcode: &str) -> Option<IntOp> {
        let mut parts = opcode.split('.');
        let root = match parts.next()? {
            "add" => "add",
            "sub" => "sub",
            "mul" => "mul",
            "mad" => "mad",
            "shl" => "shl",
            "shr" => "shr",
            "and" => "and",
            "or" => "or",
            "xor" => "xor",
            _ => return None,
        };
        let mut part = Part::Lo;
        let mut ty = None;
        for p in parts {
            match p {
                "lo" => part = Part::Lo,
                "hi" => part = Part::Hi,
                "wide" => part = Part::Wide,
                t => match PtxType::parse(t) {
                    Some(
                        t @ (PtxType::S16
                        | PtxType::U16
                        | PtxType::S32
                        | PtxType::U32
                        | PtxType::S64
                        | PtxType::U64),
                    ) if ty.is_none() => ty = Some(t),
                    Some(t @ (PtxType::B16 | PtxType::B32 | PtxType::B64))
                        if ty.is_none() && matches!(root, "shl" | "shr" | "and" | "or" | "xor") =>
                    {
                        ty = Some(t)
                    }
                    _ => return None,
                },
            }
        }
        let ty = ty?;
        if part == Part::Wide && (ty.bits() == 64 || !matches!(root, "mul" | "mad")) {
            return None;
        }
        if part == Part::Hi && !matches!(root, "mul" | "mad") {
            return None;
        }
        Some(IntOp { root, part, ty })
    }

    /// The destination type (double width for `.wide`).
    pub fn dest_type(&self) -> PtxType {
        if self.part != Part::Wide {
            return self.ty;
        }
        match (signed(self.ty), self.ty.bits()) {
            (true, 16) => PtxType::S32,
            (false, 16) => PtxType::U32,
            (true, _) => PtxType::S64,
            (false, _) => PtxType::U64,
        }
    }

    /// Source types: `mad` has three, the others two (`shl`/`shr` count in `.u32`).
    pub fn source_types(&self) -> Vec<PtxType> {
        match self.root {
            "mad" => vec![self.ty, self.ty, self.dest_type()],
            "shl" | "shr" => vec![self.ty, PtxType::U32],
            _ => vec![self.ty, self.ty],
        }
    }

    /// Evaluates.
    pub fn eval(&self, s: &[u64]) -> u64 {
        let bits = self.ty.bits();
        let val = |i: usize| -> i128 {
            let v = s.get(i).copied().unwrap_or(0);
            if signed(self.ty) {
                sext(v, bits)
            } else {
                i128::from(v & mask(bits))
            }
        };
        let dbits = self.dest_type().bits();
        let r: i128 = match self.root {
            "add" => val(0).wrapping_add(val(1)),
            "sub" => val(0).wrapping_sub(val(1)),
            "and" => val(0) & val(1),
            "or" => val(0) | val(1),
            "xor" => val(0) ^ val(1),
            "shl" => {
                let n = s.get(1).copied().unwrap_or(0).min(u64::from(bits)) as u32;
                if n >= bits {
                    0
                } else {
                    val(0) << n
                }
            }
            "shr" => {
                // Signed types shift in the sign; shifts past the width saturate.
                let n = s.get(1).copied().unwrap_or(0).min(127) as u32;
                val(0) >> n.min(bits)
            }
            _ => {
                let p = val(0).wrapping_mul(val(1));
                let p = match self.part {
                    Part::Hi => p >> bits,
                    _ => p,
                };
                if self.root == "mad" {
                    let c = s.get(2).copied().unwrap_or(0);
                    let c = if signed(self.ty) {
                        sext(c, dbits)
                    } else {
                        i128::from(c & mask(dbits))
                    };
                    p.wrapping_add(c)
                } else {
                    p
                }
            }
        };
        (r as u64) & mask(dbits)
    }
}

/// An integer comparison `setp.CmpOp.type` (eq ne lt le gt ge, and lo ls
/// hi hs for unsigned).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetpInt {
    /// The comparison as written (`lt`, `hs`, ...).
    pub cmp: &'static str,
    /// The operand type.
    pub ty: PtxType,
}

impl SetpInt {
    /// Parses `setp.lt.s32`; `None` if this is not an integer comparison.
    pub fn parse(opcode: &str) -> Option<SetpInt> {
        let parts: Vec<&str> = opcode.split('.').collect();
        let ["setp", op, t] = parts[..] else {
            return None;
        };
        let ty = PtxType::parse(t)?;
        if !matches!(
            ty,
            PtxType::S16
                | PtxType::U16
                | PtxType::S32
                | PtxType::U32
                | PtxType::S64
                | PtxType::U64
                | PtxType::B16
                | PtxType::B32
                | PtxType::B64
        ) {
            return None;
        }
        const CMPS: [&str; 10] = ["eq", "ne", "lt", "lo", "le", "ls", "gt", "hi", "ge", "hs"];
        let cmp = CMPS.into_iter().find(|c| *c == op)?;
        Some(SetpInt { cmp, ty })
    }

    /// Compares `a` with `b` (the low bits of each, as the type reads them).
    pub fn eval(&self, a: u64, b: u64) -> bool {
        let bits = self.ty.bits();
        let (x, y) = if signed(self.ty) {
            (sext(a, bits), sext(b, bits))
        } else {
            (i128::from(a & mask(bits)), i128::from(b & mask(bits)))
        };
        match self.cmp {
            "eq" => x == y,
            "ne" => x != y,
            "lt" | "lo" => x < y,
            "le" | "ls" => x <= y,
            "gt" | "hi" => x > y,
            _ => x >= y,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_arithmetic() {
        let e = |op: &str, s: &[u64]| IntOp::parse(op).unwrap().eval(s);
        assert_eq!(e("mul.wide.s32", &[0xffff_fffe, 2]), (-4i64) as u64);
        assert_eq!(e("mul.wide.u32", &[0xffff_ffff, 2]), 0x1_ffff_fffe);
        assert_eq!(e("mad.lo.s32", &[3, 4, 5]), 17);
        assert_eq!(e("add.s64", &[u64::MAX, 2]), 1);
        assert_eq!(e("mul.hi.u32", &[0x8000_0000, 4]), 2);
        assert_eq!(e("shl.b32", &[1, 31]), 0x8000_0000);
        assert_eq!(e("shr.s32", &[0x8000_0000, 31]), 0xffff_ffff);
        assert!(IntOp::parse("add.f16").is_none());
        assert!(IntOp::parse("mul.wide.s64").is_none());
        assert_eq!(
            SetpInt::parse("setp.ge.s32").map(|c| (c.ty, c.eval(0xffff_ffff, 0))),
            Some((PtxType::S32, false))
        );
        assert_eq!(
            SetpInt::parse("setp.hs.u32").map(|c| (c.ty, c.eval(0xffff_ffff, 0))),
            Some((PtxType::U32, true))
        );
    }
}
