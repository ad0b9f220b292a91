//! THE integer and bit instruction table: one row per syntax line of the
//! PTX ISA (or the part of one that has its own requirement), with the
//! modifier values the line admits, its types, its minimum PTX ISA version
//! and target, its section and the line itself. Parsing, legality, the
//! error messages, the canonical text, the list of forms and the
//! requirements are all read from these rows ([`super::IntOp`]).
//!
//! As in the floating-point table (`crate::syntax::SYNTAX`), a row admits
//! every combination of its slots' values (`OPT_CC`: `.cc` absent or
//! present; `CC`: required), and rows never overlap: every legal form falls
//! under exactly one row, whose requirement is the form's.
//!
//! Sections are those of PTX ISA 8.x/9.0: 9.7.1 "Integer Arithmetic
//! Instructions", 9.7.2 "Extended-Precision Integer Arithmetic
//! Instructions", 9.7.8 "Logic and Shift Instructions", 9.7.9.7 `prmt`.

use super::{BoolOp, Bound, IntOpcode, IntType, Part, PrmtMode, ShfDir, Slot, Word, SLOTS};
use crate::target::PtxVersion;

/// One syntax line of the spec (or the part of one with its own requirement).
#[derive(Clone, Copy, Debug)]
pub struct IntRow {
    /// The opcode.
    pub op: IntOpcode,
    /// The instruction types the line takes (`.atype` for `dp4a`/`dp2a`).
    pub types: &'static [IntType],
    /// `dp4a`/`dp2a`'s `.btype`; empty for the one-type instructions.
    pub btypes: &'static [IntType],
    /// The values each modifier slot admits, indexed by [`Slot`] (`None`:
    /// the slot left out).
    pub slots: [&'static [Option<Word>]; SLOTS],
    /// "Introduced in PTX ISA version ...".
    pub ptx: PtxVersion,
    /// "Requires sm_... or higher" (10: "supported on all target architectures").
    pub sm: u16,
    /// The PTX ISA section.
    pub section: &'static str,
    /// The spec's syntax line.
    pub syntax: &'static str,
    /// "supported on following family-specific architectures: sm_..f or
    /// higher in the same family" (an `a` or `f` target).
    pub family: bool,
}

const fn v(major: u8, minor: u8) -> PtxVersion {
    PtxVersion::new(major, minor)
}

const ABSENT: &[Option<Word>] = &[None];

/// A row with every modifier slot absent.
const fn row(
    op: IntOpcode,
    types: &'static [IntType],
    (ptx, sm): (PtxVersion, u16),
    section: &'static str,
    syntax: &'static str,
) -> IntRow {
    IntRow {
        op,
        types,
        btypes: &[],
        slots: [ABSENT; SLOTS],
        ptx,
        sm,
        section,
        syntax,
        family: false,
    }
}

impl IntRow {
    /// The same row admitting `values` in `slot`.
    const fn with(mut self, slot: Slot, values: &'static [Option<Word>]) -> IntRow {
        self.slots[slot as usize] = values;
        self
    }
    /// The same row, for the family-specific targets only.
    const fn family(mut self) -> IntRow {
        self.family = true;
        self
    }
    /// The same row with a second type (`dp4a.atype.btype`).
    const fn btypes(mut self, btypes: &'static [IntType]) -> IntRow {
        self.btypes = btypes;
        self
    }
}

use IntOpcode as O;
use IntType::{Pred, S16x2, S8x4, U16x2, U8x4, B16, B32, B64, S16, S32, S64, U16, U32, U64};

/// `.u16, .u32, .u64, .s16, .s32, .s64`.
const INTS: &[IntType] = &[U16, U32, U64, S16, S32, S64];
/// The types `.wide` takes: "supported only for 16- and 32-bit integer types".
const NARROW: &[IntType] = &[U16, U32, S16, S32];
const X2: &[IntType] = &[U16x2, S16x2];
const X4: &[IntType] = &[U8x4, S8x4];
const W32: &[IntType] = &[U32, S32];
const W64: &[IntType] = &[U64, S64];
const BITS: &[IntType] = &[B32, B64];
const LOGIC: &[IntType] = &[Pred, B16, B32, B64];
const SIGNED: &[IntType] = &[S16, S32, S64];
const FIELD: &[IntType] = &[U32, U64, S32, S64];

const SAT: &[Option<Word>] = &[Some(Word::Sat)];
const OPT_SAT: &[Option<Word>] = &[None, Some(Word::Sat)];
const OPT_RELU: &[Option<Word>] = &[None, Some(Word::Relu)];
const CC: &[Option<Word>] = &[Some(Word::Cc)];
const OPT_CC: &[Option<Word>] = &[None, Some(Word::Cc)];
const LO_HI: &[Option<Word>] = &[Some(Word::Part(Part::Lo)), Some(Word::Part(Part::Hi))];
const HI: &[Option<Word>] = &[Some(Word::Part(Part::Hi))];
const WIDE: &[Option<Word>] = &[Some(Word::Part(Part::Wide))];
const RELU: &[Option<Word>] = &[Some(Word::Relu)];
/// 9.7.8.6 lop3: ".BoolOp = { .or , .and }", required on its line.
const BOOL_OP: &[Option<Word>] = &[Some(Word::Bool(BoolOp::Or)), Some(Word::Bool(BoolOp::And))];
const OPT_SHIFTAMT: &[Option<Word>] = &[None, Some(Word::Shiftamt)];
const BOUND: &[Option<Word>] = &[
    Some(Word::Bound(Bound::Clamp)),
    Some(Word::Bound(Bound::Wrap)),
];
const DIR: &[Option<Word>] = &[Some(Word::Dir(ShfDir::L)), Some(Word::Dir(ShfDir::R))];
const OPT_PRMT: &[Option<Word>] = &[
    None,
    Some(Word::Prmt(PrmtMode::F4e)),
    Some(Word::Prmt(PrmtMode::B4e)),
    Some(Word::Prmt(PrmtMode::Rc8)),
    Some(Word::Prmt(PrmtMode::Ecl)),
    Some(Word::Prmt(PrmtMode::Ecr)),
    Some(Word::Prmt(PrmtMode::Rc16)),
];

/// "Introduced in PTX ISA version 1.0", "Supported on all target architectures".
const ALL: (PtxVersion, u16) = (v(1, 0), 10);
/// `add.u16x2`, `min.u16x2`, `min{.relu}.s16x2`, `min.relu.s32`...:
/// "introduced in PTX ISA version 8.0", "require sm_90 or higher".
const X2_RELU: (PtxVersion, u16) = (v(8, 0), 90);
/// `add{.sat}.u8x4`, `add.sat.u16x2`, `add.sat.u32`, `sub{.sat}.s8x4`,
/// `neg.s8x4`, `min{.relu}.s8x4`...: "introduced in PTX ISA version 9.2",
/// "supported on following family-specific architectures: sm_120f or
/// higher in the same family" (with [`IntRow::family`]).
const X4_SAT: (PtxVersion, u16) = (v(9, 2), 120);
/// `popc`, `clz`, `bfind`, `brev`, `bfe`, `bfi`, `prmt`: "Introduced in PTX
/// ISA version 2.0", "requires sm_20 or higher".
const FERMI: (PtxVersion, u16) = (v(2, 0), 20);
/// "32-bit add.cc introduced in PTX ISA version 1.2", "supported on all
/// target architectures" (also addc, sub.cc, subc).
const CC32: (PtxVersion, u16) = (v(1, 2), 10);
/// "64-bit add.cc introduced in PTX ISA version 4.3", "requires sm_20 or
/// higher" (also addc, sub.cc, subc, mad.cc, madc).
const CC64: (PtxVersion, u16) = (v(4, 3), 20);
/// "32-bit mad.cc introduced in PTX ISA version 3.0", "Requires target
/// sm_20 or higher" (also madc).
const MADCC32: (PtxVersion, u16) = (v(3, 0), 20);

/// The table, in the spec's section order.
pub static INT_SYNTAX: &[IntRow] = &[
    // 9.7.1.1 add: "add.type d, a, b;", "add{.sat}.s32 d, a, b; // .sat
    // applies only to .s32"; "add.u16x2 and add.s16x2 introduced in PTX
    // ISA version 8.0", "require sm_90 or higher".
    row(O::Add, INTS, ALL, "9.7.1.1", "add.type"),
    row(O::Add, &[S32], ALL, "9.7.1.1", "add.sat.s32").with(Slot::Sat, SAT),
    row(O::Add, X2, X2_RELU, "9.7.1.1", "add.{u16x2,s16x2}"),
    // PTX ISA 9.2: "add{.sat}.type2 d, a, b;", ".type2 = { .u32, .u16x2,
    // .u8x4, .s32, .s16x2, .s8x4 }"; "`.sat` limits result to
    // MININT..MAXINT (no overflow) for the size and signedness of the
    // operation"; "add{.sat}.u8x4, add{.sat}.s8x4, add.sat.u16x2,
    // add.sat.s16x2 and add.sat.u32 introduced in PTX ISA version 9.2"
    // (sm_120f).
    row(O::Add, X4, X4_SAT, "9.7.1.1", "add{.sat}.{u8x4,s8x4}")
        .with(Slot::Sat, OPT_SAT)
        .family(),
    row(
        O::Add,
        &[U16x2, S16x2, U32],
        X4_SAT,
        "9.7.1.1",
        "add.sat.{u16x2,s16x2,u32}",
    )
    .with(Slot::Sat, SAT)
    .family(),
    // 9.7.1.2 sub: "sub.type d, a, b;", "sub{.sat}.s32 d, a, b;"; PTX ISA
    // 9.2: "sub{.sat}.type2 d, a, b;", ".type2 = { .s32, .u8x4, .s8x4 }"
    // (sm_120f).
    row(O::Sub, INTS, ALL, "9.7.1.2", "sub.type"),
    row(O::Sub, &[S32], ALL, "9.7.1.2", "sub.sat.s32").with(Slot::Sat, SAT),
    row(O::Sub, X4, X4_SAT, "9.7.1.2", "sub{.sat}.{u8x4,s8x4}")
        .with(Slot::Sat, OPT_SAT)
        .family(),
    // 9.7.1.3 mul: "mul.mode.type d, a, b;", ".mode = { .hi, .lo, .wide }";
    // "The .wide suffix is supported only for 16- and 32-bit integer types."
    row(O::Mul, INTS, ALL, "9.7.1.3", "mul.{hi,lo}.type").with(Slot::Part, LO_HI),
    row(O::Mul, NARROW, ALL, "9.7.1.3", "mul.wide.type").with(Slot::Part, WIDE),
    // 9.7.1.4 mad: "mad.mode.type d, a, b, c;", "mad.hi.sat.s32 d, a, b, c;".
    row(O::Mad, INTS, ALL, "9.7.1.4", "mad.{hi,lo}.type").with(Slot::Part, LO_HI),
    row(O::Mad, NARROW, ALL, "9.7.1.4", "mad.wide.type").with(Slot::Part, WIDE),
    row(O::Mad, &[S32], ALL, "9.7.1.4", "mad.hi.sat.s32")
        .with(Slot::Part, HI)
        .with(Slot::Sat, SAT),
    // 9.7.1.5 clmad (PTX ISA 9.3): "clmad.mode.u64 d, a, b, c;", ".mode =
    // { .lo, .hi }": "performs a carryless multiplication of a and b,
    // followed by a carryless addition of c"; ptxas: "Feature 'clmad.lo'
    // requires .target sm_80 or higher" (docs/NVIDIA.md "clmad").
    row(O::Clmad, &[U64], (v(9, 3), 80), "9.7.1.5", "clmad.mode.u64").with(Slot::Part, LO_HI),
    // 9.7.1.5 mul24: "mul24.mode.type d, a, b;", ".mode = { .hi, .lo }",
    // ".type = { .u32, .s32 }".
    row(O::Mul24, W32, ALL, "9.7.1.5", "mul24.mode.type").with(Slot::Part, LO_HI),
    // 9.7.1.6 mad24: "mad24.mode.type d, a, b, c;", "mad24.hi.sat.s32".
    row(O::Mad24, W32, ALL, "9.7.1.6", "mad24.mode.type").with(Slot::Part, LO_HI),
    row(O::Mad24, &[S32], ALL, "9.7.1.6", "mad24.hi.sat.s32")
        .with(Slot::Part, HI)
        .with(Slot::Sat, SAT),
    // 9.7.1.7 sad, 9.7.1.8 div, 9.7.1.9 rem: ".type = { .u16, .u32, .u64,
    // .s16, .s32, .s64 }".
    row(O::Sad, INTS, ALL, "9.7.1.7", "sad.type"),
    row(O::Div, INTS, ALL, "9.7.1.8", "div.type"),
    row(O::Rem, INTS, ALL, "9.7.1.9", "rem.type"),
    // 9.7.1.10 abs, 9.7.1.11 neg: ".type = { .s16, .s32, .s64 }".
    row(O::Abs, SIGNED, ALL, "9.7.1.10", "abs.type"),
    row(O::Neg, SIGNED, ALL, "9.7.1.11", "neg.type"),
    // PTX ISA 9.2: "neg.s8x4 introduced in PTX ISA version 9.2" (sm_120f).
    row(O::Neg, &[S8x4], X4_SAT, "9.7.1.11", "neg.s8x4").family(),
    // 9.7.1.12 min, 9.7.1.13 max: "min.atype d, a, b;", "min{.relu}.btype
    // d, a, b;", ".atype = { .u16, .u32, .u64, .u16x2, .s16, .s64 }",
    // ".btype = { .s16x2, .s32 }"; "min.u16x2, min{.relu}.s16x2 and
    // min.relu.s32 introduced in PTX ISA version 8.0", "require sm_90".
    row(O::Min, INTS, ALL, "9.7.1.12", "min.type"),
    row(O::Min, X2, X2_RELU, "9.7.1.12", "min.{u16x2,s16x2}"),
    // PTX ISA 9.2: "min.u8x4, min{.relu}.s8x4 introduced in PTX ISA version
    // 9.2" (sm_120f); "min.relu.{s8x4, s16x2, s32} clamps the result to 0
    // if negative".
    row(O::Min, &[U8x4], X4_SAT, "9.7.1.12", "min.u8x4").family(),
    row(O::Min, &[S8x4], X4_SAT, "9.7.1.12", "min{.relu}.s8x4")
        .with(Slot::Relu, OPT_RELU)
        .family(),
    row(
        O::Min,
        &[S16x2, S32],
        X2_RELU,
        "9.7.1.12",
        "min.relu.{s16x2,s32}",
    )
    .with(Slot::Relu, RELU),
    row(O::Max, INTS, ALL, "9.7.1.13", "max.type"),
    row(O::Max, X2, X2_RELU, "9.7.1.13", "max.{u16x2,s16x2}"),
    row(O::Max, &[U8x4], X4_SAT, "9.7.1.13", "max.u8x4").family(),
    row(O::Max, &[S8x4], X4_SAT, "9.7.1.13", "max{.relu}.s8x4")
        .with(Slot::Relu, OPT_RELU)
        .family(),
    row(
        O::Max,
        &[S16x2, S32],
        X2_RELU,
        "9.7.1.13",
        "max.relu.{s16x2,s32}",
    )
    .with(Slot::Relu, RELU),
    // 9.7.1.14 popc, 9.7.1.15 clz: ".type = { .b32, .b64 }".
    row(O::Popc, BITS, FERMI, "9.7.1.14", "popc.type"),
    row(O::Clz, BITS, FERMI, "9.7.1.15", "clz.type"),
    // 9.7.1.16 bfind: "bfind.type d, a;", "bfind.shiftamt.type d, a;".
    row(O::Bfind, FIELD, FERMI, "9.7.1.16", "bfind{.shiftamt}.type")
        .with(Slot::Shiftamt, OPT_SHIFTAMT),
    // 9.7.1.17 fns: "fns.b32 d, mask, base, offset;", PTX ISA 6.0, sm_30.
    row(O::Fns, &[B32], (v(6, 0), 30), "9.7.1.17", "fns.b32"),
    // 9.7.1.18 brev, 9.7.1.19 bfe, 9.7.1.20 bfi.
    row(O::Brev, BITS, FERMI, "9.7.1.18", "brev.type"),
    row(O::Bfe, FIELD, FERMI, "9.7.1.19", "bfe.type"),
    row(O::Bfi, BITS, FERMI, "9.7.1.20", "bfi.type"),
    // 9.7.1.21 szext: "szext.mode.type d, a, b;", ".mode = { .clamp, .wrap }",
    // ".type = { .u32, .s32 }"; PTX ISA 7.6, sm_70.
    row(O::Szext, W32, (v(7, 6), 70), "9.7.1.21", "szext.mode.type").with(Slot::Bound, BOUND),
    // 9.7.1.22 bmsk: "bmsk.mode.b32 d, a, b;"; PTX ISA 7.6, sm_70.
    row(O::Bmsk, &[B32], (v(7, 6), 70), "9.7.1.22", "bmsk.mode.b32").with(Slot::Bound, BOUND),
    // 9.7.1.23 dp4a: "dp4a.atype.btype d, a, b, c;", ".atype = .btype = {
    // .u32, .s32 }"; PTX ISA 5.0, sm_61.
    row(O::Dp4a, W32, (v(5, 0), 61), "9.7.1.23", "dp4a.atype.btype").btypes(W32),
    // 9.7.1.24 dp2a: "dp2a.mode.atype.btype d, a, b, c;", ".mode = { .lo, .hi }".
    row(
        O::Dp2a,
        W32,
        (v(5, 0), 61),
        "9.7.1.24",
        "dp2a.mode.atype.btype",
    )
    .btypes(W32)
    .with(Slot::Part, LO_HI),
    // 9.7.2.1 add.cc: "add.cc.type d, a, b;", ".type = { .u32, .s32, .u64, .s64 }".
    row(O::Add, W32, CC32, "9.7.2.1", "add.cc.type").with(Slot::Cc, CC),
    row(O::Add, W64, CC64, "9.7.2.1", "add.cc.type").with(Slot::Cc, CC),
    // 9.7.2.2 addc: "addc{.cc}.type d, a, b;".
    row(O::Addc, W32, CC32, "9.7.2.2", "addc{.cc}.type").with(Slot::Cc, OPT_CC),
    row(O::Addc, W64, CC64, "9.7.2.2", "addc{.cc}.type").with(Slot::Cc, OPT_CC),
    // 9.7.2.3 sub.cc: "sub.cc.type d, a, b;".
    row(O::Sub, W32, CC32, "9.7.2.3", "sub.cc.type").with(Slot::Cc, CC),
    row(O::Sub, W64, CC64, "9.7.2.3", "sub.cc.type").with(Slot::Cc, CC),
    // 9.7.2.4 subc: "subc{.cc}.type d, a, b;".
    row(O::Subc, W32, CC32, "9.7.2.4", "subc{.cc}.type").with(Slot::Cc, OPT_CC),
    row(O::Subc, W64, CC64, "9.7.2.4", "subc{.cc}.type").with(Slot::Cc, OPT_CC),
    // 9.7.2.5 mad.cc: "mad{.hi,.lo}.cc.type d, a, b, c;".
    row(O::Mad, W32, MADCC32, "9.7.2.5", "mad{.hi,.lo}.cc.type")
        .with(Slot::Part, LO_HI)
        .with(Slot::Cc, CC),
    row(O::Mad, W64, CC64, "9.7.2.5", "mad{.hi,.lo}.cc.type")
        .with(Slot::Part, LO_HI)
        .with(Slot::Cc, CC),
    // 9.7.2.6 madc: "madc{.hi,.lo}{.cc}.type d, a, b, c;".
    row(O::Madc, W32, MADCC32, "9.7.2.6", "madc{.hi,.lo}{.cc}.type")
        .with(Slot::Part, LO_HI)
        .with(Slot::Cc, OPT_CC),
    row(O::Madc, W64, CC64, "9.7.2.6", "madc{.hi,.lo}{.cc}.type")
        .with(Slot::Part, LO_HI)
        .with(Slot::Cc, OPT_CC),
    // 9.7.8.1 and, 9.7.8.2 or, 9.7.8.3 xor, 9.7.8.4 not: ".type = { .pred,
    // .b16, .b32, .b64 }"; 9.7.8.5 cnot: ".type = { .b16, .b32, .b64 }".
    row(O::And, LOGIC, ALL, "9.7.8.1", "and.type"),
    row(O::Or, LOGIC, ALL, "9.7.8.2", "or.type"),
    row(O::Xor, LOGIC, ALL, "9.7.8.3", "xor.type"),
    row(O::Not, LOGIC, ALL, "9.7.8.4", "not.type"),
    row(O::Cnot, &[B16, B32, B64], ALL, "9.7.8.5", "cnot.type"),
    // 9.7.8.6 lop3: "lop3.b32 d, a, b, c, immLut;"; PTX ISA 4.3, sm_50.
    row(O::Lop3, &[B32], (v(4, 3), 50), "9.7.8.6", "lop3.b32"),
    // 9.7.8.6: "lop3.BoolOp.b32 d|p, a, b, c, immLut, q;", ".BoolOp = {
    // .or , .and }"; "Support for .BoolOp qualifier introduced in PTX ISA
    // version 8.2", "Qualifier .BoolOp requires sm_70 or higher".
    row(O::Lop3, &[B32], (v(8, 2), 70), "9.7.8.6", "lop3.BoolOp.b32").with(Slot::BoolOp, BOOL_OP),
    // 9.7.8.7 shf: "shf.l.mode.b32 d, a, b, c;", "shf.r.mode.b32 d, a, b,
    // c;", ".mode = { .clamp, .wrap }"; PTX ISA 3.1, sm_32.
    row(
        O::Shf,
        &[B32],
        (v(3, 1), 32),
        "9.7.8.7",
        "shf.{l,r}.mode.b32",
    )
    .with(Slot::Dir, DIR)
    .with(Slot::Bound, BOUND),
    // 9.7.8.8 shl: ".type = { .b16, .b32, .b64 }"; 9.7.8.9 shr: ".type = {
    // .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64 }".
    row(O::Shl, &[B16, B32, B64], ALL, "9.7.8.8", "shl.type"),
    row(
        O::Shr,
        &[B16, B32, B64, U16, U32, U64, S16, S32, S64],
        ALL,
        "9.7.8.9",
        "shr.type",
    ),
    // 9.7.9.7 prmt: "prmt.b32{.mode} d, a, b, c;", ".mode = { .f4e, .b4e,
    // .rc8, .ecl, .ecr, .rc16 }"; PTX ISA 2.0, sm_20.
    row(O::Prmt, &[B32], FERMI, "9.7.9.7", "prmt.b32{.mode}").with(Slot::Prmt, OPT_PRMT),
];
