//! The integer instructions nvcc emits around floating-point code (index
//! arithmetic): `add`/`sub`/`mul.lo`/`mul.hi`/`mul.wide`/`mad.lo`/`mad.wide`
//! on `.s16/.u16/.s32/.u32/.s64/.u64`, `shl`/`shr`, `and`/`or`/`xor`, and
//! `setp` on integers (PTX ISA §9.7.1, §9.7.8). Two's complement, wrapping.

use crate::types::PtxType;

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
        match (self.ty.is_signed(), self.ty.bits()) {
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
}
