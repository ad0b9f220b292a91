//! The integer and bit instructions (PTX ISA 9.7.1 "Integer Arithmetic",
//! 9.7.2 "Extended-Precision Integer Arithmetic", 9.7.8 "Logic and Shift",
//! 9.7.9.7 `prmt`) as data: [`IntOp`] is an opcode, its modifiers and its
//! type(s); [`INT_SYNTAX`] holds one row per syntax line, from which the
//! parser ([`IntOp::parse`]), legality and its messages, the canonical text
//! (`Display`), the forms ([`IntOp::all`]), the requirements
//! ([`IntOp::requires`]) and the operand types ([`IntOp::dest_type`],
//! [`IntOp::source_types`]) are derived. What the ops compute is
//! `ptxfp-model`'s (`EvalInt`).
//!
//! (Integer comparisons are `setp`/`set` in [`crate::setp`].)

use core::fmt;
use core::ops::Range;

use crate::diag::Diagnostic;
pub use crate::setp::BoolOp;
use crate::syntax::or_list;
use crate::target::{PtxVersion, Target};
use crate::types::PtxType;

mod table;
pub use table::{IntRow, INT_SYNTAX};

/// An integer or bit opcode (`add.cc` is [`IntOpcode::Add`] with `.cc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum IntOpcode {
    Add,
    Sub,
    Mul,
    Mad,
    Clmad,
    Mul24,
    Mad24,
    Sad,
    Div,
    Rem,
    Abs,
    Neg,
    Min,
    Max,
    Popc,
    Clz,
    Bfind,
    Fns,
    Brev,
    Bfe,
    Bfi,
    Szext,
    Bmsk,
    Dp4a,
    Dp2a,
    Addc,
    Subc,
    Madc,
    And,
    Or,
    Xor,
    Not,
    Cnot,
    Lop3,
    Shf,
    Shl,
    Shr,
    Prmt,
}

impl IntOpcode {
    /// Every opcode, in the table's order.
    pub const ALL: [IntOpcode; 38] = {
        use IntOpcode::*;
        [
            Add, Sub, Mul, Mad, Clmad, Mul24, Mad24, Sad, Div, Rem, Abs, Neg, Min, Max, Popc, Clz,
            Bfind, Fns, Brev, Bfe, Bfi, Szext, Bmsk, Dp4a, Dp2a, Addc, Subc, Madc, And, Or, Xor,
            Not, Cnot, Lop3, Shf, Shl, Shr, Prmt,
        ]
    };

    /// The opcode as written (`"mad24"`).
    pub fn name(self) -> &'static str {
        use IntOpcode::*;
        match self {
            Add => "add",
            Sub => "sub",
            Mul => "mul",
            Mad => "mad",
            Clmad => "clmad",
            Mul24 => "mul24",
            Mad24 => "mad24",
            Sad => "sad",
            Div => "div",
            Rem => "rem",
            Abs => "abs",
            Neg => "neg",
            Min => "min",
            Max => "max",
            Popc => "popc",
            Clz => "clz",
            Bfind => "bfind",
            Fns => "fns",
            Brev => "brev",
            Bfe => "bfe",
            Bfi => "bfi",
            Szext => "szext",
            Bmsk => "bmsk",
            Dp4a => "dp4a",
            Dp2a => "dp2a",
            Addc => "addc",
            Subc => "subc",
            Madc => "madc",
            And => "and",
            Or => "or",
            Xor => "xor",
            Not => "not",
            Cnot => "cnot",
            Lop3 => "lop3",
            Shf => "shf",
            Shl => "shl",
            Shr => "shr",
            Prmt => "prmt",
        }
    }

    /// The opcode named `s`.
    pub fn parse(s: &str) -> Option<IntOpcode> {
        IntOpcode::ALL.into_iter().find(|o| o.name() == s)
    }

    /// True for the roots the floating-point instructions share (`add.f32`,
    /// `min.f16`, `div.rn.f64`...): such an opcode is an integer one only
    /// when it says so with an integer type or an integer-only modifier.
    pub fn shared_with_float(self) -> bool {
        use IntOpcode::*;
        matches!(self, Add | Sub | Mul | Mad | Div | Abs | Neg | Min | Max)
    }

    /// The rows of this opcode.
    fn rows(self) -> impl Iterator<Item = &'static IntRow> {
        INT_SYNTAX.iter().filter(move |r| r.op == self)
    }
}

impl fmt::Display for IntOpcode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An integer instruction type: the PTX integer and bit types, `.pred`
/// (for `and`/`or`/`xor`/`not`) and the packed `.u16x2`/`.s16x2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum IntType {
    Pred,
    B16,
    B32,
    B64,
    U16,
    U32,
    U64,
    S16,
    S32,
    S64,
    U16x2,
    S16x2,
    U8x4,
    S8x4,
}

impl IntType {
    /// Every type, in the order messages list them.
    pub const ALL: [IntType; 14] = {
        use IntType::*;
        [
            Pred, B16, B32, B64, U16, U32, U64, S16, S32, S64, U16x2, S16x2, U8x4, S8x4,
        ]
    };

    /// The name without the dot (`"u16x2"`).
    pub fn name(self) -> &'static str {
        use IntType::*;
        match self {
            Pred => "pred",
            B16 => "b16",
            B32 => "b32",
            B64 => "b64",
            U16 => "u16",
            U32 => "u32",
            U64 => "u64",
            S16 => "s16",
            S32 => "s32",
            S64 => "s64",
            U16x2 => "u16x2",
            S16x2 => "s16x2",
            U8x4 => "u8x4",
            S8x4 => "s8x4",
        }
    }

    /// The type named `s` (no dot).
    pub fn parse(s: &str) -> Option<IntType> {
        IntType::ALL.into_iter().find(|t| t.name() == s)
    }

    /// The register type of an operand of this instruction type: "For
    /// instruction types .u16x2, .s16x2, .u8x4, .s8x4, operands d, a and b
    /// have type .b32".
    pub fn ptx(self) -> PtxType {
        use IntType::*;
        match self {
            Pred => PtxType::Pred,
            B16 => PtxType::B16,
            B32 | U16x2 | S16x2 | U8x4 | S8x4 => PtxType::B32,
            B64 => PtxType::B64,
            U16 => PtxType::U16,
            U32 => PtxType::U32,
            U64 => PtxType::U64,
            S16 => PtxType::S16,
            S32 => PtxType::S32,
            S64 => PtxType::S64,
        }
    }

    /// Width of one lane in bits (16 for `.u16x2`/`.s16x2`, 8 for
    /// `.u8x4`/`.s8x4`, 1 for `.pred`).
    pub fn lane_bits(self) -> u32 {
        match self {
            IntType::U16x2 | IntType::S16x2 => 16,
            IntType::U8x4 | IntType::S8x4 => 8,
            t => t.ptx().bits(),
        }
    }

    /// Lanes per register: 2 for `.u16x2`/`.s16x2`, 4 for `.u8x4`/`.s8x4`,
    /// else 1.
    pub fn lanes(self) -> u32 {
        self.ptx().bits() / self.lane_bits()
    }

    /// True for `.s16` .. `.s64`, `.s16x2` and `.s8x4`.
    pub fn is_signed(self) -> bool {
        matches!(
            self,
            IntType::S16 | IntType::S32 | IntType::S64 | IntType::S16x2 | IntType::S8x4
        )
    }

    /// The type of a `.wide` result: twice the width, same signedness.
    pub fn widened(self) -> IntType {
        use IntType::*;
        match self {
            U16 => U32,
            S16 => S32,
            U32 => U64,
            S32 => S64,
            t => t,
        }
    }
}

impl fmt::Display for IntType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, ".{}", self.name())
    }
}

/// Which part of a product (`mul`, `mad`, `mul24`, `mad24`, `madc`) or
/// which half of `b` (`dp2a`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// `.lo`: the low half.
    Lo,
    /// `.hi`: the high half.
    Hi,
    /// `.wide`: the double-width product.
    Wide,
}

/// `shf`'s direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShfDir {
    /// `.l`: the most-significant 32 bits of the left-shifted pair.
    L,
    /// `.r`: the least-significant 32 bits of the right-shifted pair.
    R,
}

/// How `shf`, `szext` and `bmsk` treat an amount of 32 or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// `.clamp`: to 32.
    Clamp,
    /// `.wrap`: modulo 32.
    Wrap,
}

/// `prmt`'s specialised modes (no mode: the generic byte permute).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum PrmtMode {
    F4e,
    B4e,
    Rc8,
    Ecl,
    Ecr,
    Rc16,
}

/// A modifier slot, in the order the syntax lines write them
/// (`shf.l.clamp.b32`, `mad.hi.sat.s32`, `madc.lo.cc.u32`,
/// `bfind.shiftamt.u32`); [`Slot::Prmt`] follows the types
/// (`prmt.b32.f4e`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Slot {
    /// `.l`/`.r` (`shf`).
    Dir,
    /// `.lo`/`.hi`/`.wide`.
    Part,
    /// `.clamp`/`.wrap`.
    Bound,
    /// `.cc`.
    Cc,
    /// `.sat`.
    Sat,
    /// `.relu`.
    Relu,
    /// `.shiftamt`.
    Shiftamt,
    /// `lop3`'s `.BoolOp` (`.or`/`.and`): the predicate destination's
    /// operator (9.7.8.6).
    BoolOp,
    /// `prmt`'s mode, after the type.
    Prmt,
}

/// The number of slots.
pub const SLOTS: usize = 9;

impl Slot {
    /// Every slot, in order.
    pub const ALL: [Slot; SLOTS] = [
        Slot::Dir,
        Slot::Part,
        Slot::Bound,
        Slot::Cc,
        Slot::Sat,
        Slot::Relu,
        Slot::Shiftamt,
        Slot::BoolOp,
        Slot::Prmt,
    ];

    /// What the slot is called in a message ("a mode").
    fn what(self) -> &'static str {
        match self {
            Slot::Dir => "a direction",
            Slot::Part => "a mode",
            Slot::Bound => "a mode",
            Slot::Cc => ".cc",
            Slot::Sat => ".sat",
            Slot::Relu => ".relu",
            Slot::Shiftamt => ".shiftamt",
            Slot::BoolOp => "a BoolOp",
            Slot::Prmt => "a mode",
        }
    }
}

/// A modifier word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Word {
    Dir(ShfDir),
    Part(Part),
    Bound(Bound),
    Cc,
    Sat,
    Relu,
    Shiftamt,
    /// `lop3`'s `.or`/`.and` (never `.xor`: 9.7.8.6 ".BoolOp = { .or, .and }").
    Bool(BoolOp),
    Prmt(PrmtMode),
}

/// The modifier vocabulary: every word, as written.
const WORDS: [(&str, Word); 19] = [
    ("l", Word::Dir(ShfDir::L)),
    ("r", Word::Dir(ShfDir::R)),
    ("hi", Word::Part(Part::Hi)),
    ("lo", Word::Part(Part::Lo)),
    ("wide", Word::Part(Part::Wide)),
    ("clamp", Word::Bound(Bound::Clamp)),
    ("wrap", Word::Bound(Bound::Wrap)),
    ("cc", Word::Cc),
    ("sat", Word::Sat),
    ("relu", Word::Relu),
    ("shiftamt", Word::Shiftamt),
    ("or", Word::Bool(BoolOp::Or)),
    ("and", Word::Bool(BoolOp::And)),
    ("f4e", Word::Prmt(PrmtMode::F4e)),
    ("b4e", Word::Prmt(PrmtMode::B4e)),
    ("rc8", Word::Prmt(PrmtMode::Rc8)),
    ("ecl", Word::Prmt(PrmtMode::Ecl)),
    ("ecr", Word::Prmt(PrmtMode::Ecr)),
    ("rc16", Word::Prmt(PrmtMode::Rc16)),
];

impl Word {
    /// The slot the word fills.
    pub fn slot(self) -> Slot {
        match self {
            Word::Dir(_) => Slot::Dir,
            Word::Part(_) => Slot::Part,
            Word::Bound(_) => Slot::Bound,
            Word::Cc => Slot::Cc,
            Word::Sat => Slot::Sat,
            Word::Relu => Slot::Relu,
            Word::Shiftamt => Slot::Shiftamt,
            Word::Bool(_) => Slot::BoolOp,
            Word::Prmt(_) => Slot::Prmt,
        }
    }
    /// The word without its dot.
    pub fn name(self) -> &'static str {
        WORDS
            .iter()
            .find(|(_, w)| *w == self)
            .map_or("?", |(n, _)| n)
    }
    fn parse(s: &str) -> Option<Word> {
        WORDS.iter().find(|(n, _)| *n == s).map(|&(_, w)| w)
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, ".{}", self.name())
    }
}

/// The modifiers of an integer op: one optional word per [`Slot`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct IntMods([Option<Word>; SLOTS]);

impl IntMods {
    /// The word in `slot`.
    pub fn get(&self, slot: Slot) -> Option<Word> {
        self.0[slot as usize]
    }
    /// Puts `w` in its slot.
    pub fn set(&mut self, w: Word) {
        self.0[w.slot() as usize] = Some(w);
    }
    /// The same modifiers with `slot` set to `w` (or cleared).
    fn with(mut self, slot: Slot, w: Option<Word>) -> IntMods {
        self.0[slot as usize] = w;
        self
    }
}

/// An integer or bit instruction: opcode, modifiers and type(s). Built only
/// by [`IntOp::parse`], [`IntOp::new`] and [`IntOp::all`], so it is always
/// a form of some row of [`INT_SYNTAX`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IntOp {
    op: IntOpcode,
    mods: IntMods,
    ty: IntType,
    ty2: Option<IntType>,
}

impl IntRow {
    fn admits(&self, slot: Slot, m: &IntMods) -> bool {
        self.slots[slot as usize].contains(&m.get(slot))
    }
    fn admits_types(&self, ty: IntType, ty2: Option<IntType>) -> bool {
        self.types.contains(&ty)
            && match ty2 {
                None => self.btypes.is_empty(),
                Some(b) => self.btypes.contains(&b),
            }
    }
    /// Whether the row is `op` on `ty` (`ty2`) with the modifiers `m`.
    pub fn admits_form(
        &self,
        op: IntOpcode,
        m: &IntMods,
        ty: IntType,
        ty2: Option<IntType>,
    ) -> bool {
        self.op == op && self.admits_types(ty, ty2) && Slot::ALL.iter().all(|&s| self.admits(s, m))
    }
    /// Every form of the row.
    fn forms(&self) -> Vec<IntOp> {
        let mut mods = vec![IntMods::default()];
        for s in Slot::ALL {
            mods = mods
                .into_iter()
                .flat_map(|m| self.slots[s as usize].iter().map(move |&w| m.with(s, w)))
                .collect();
        }
        let ty2s: Vec<Option<IntType>> = if self.btypes.is_empty() {
            vec![None]
        } else {
            self.btypes.iter().map(|&b| Some(b)).collect()
        };
        let mut out = Vec::new();
        for m in mods {
            for &ty in self.types {
                for &ty2 in &ty2s {
                    out.push(IntOp {
                        op: self.op,
                        mods: m,
                        ty,
                        ty2,
                    });
                }
            }
        }
        out
    }
}

/// Why a combination is not a form: where (a piece index into the parsed
/// text, or the opcode), what, and how to fix it.
struct Illegal {
    at: Blame,
    message: String,
    help: String,
}

#[derive(Clone, Copy)]
enum Blame {
    Op,
    Slot(Slot),
    Type,
}

fn illegal(at: Blame, message: String, help: String) -> Result<(), Illegal> {
    Err(Illegal { at, message, help })
}

/// Is this a form of the table? If not, which part is at fault and why,
/// read from the rows.
fn legality(op: IntOpcode, m: &IntMods, ty: IntType, ty2: Option<IntType>) -> Result<(), Illegal> {
    if op.rows().any(|r| r.admits_form(op, m, ty, ty2)) {
        return Ok(());
    }
    let o = op.name();
    let two = op.rows().any(|r| !r.btypes.is_empty());
    let rows: Vec<&IntRow> = op.rows().filter(|r| r.admits_types(ty, ty2)).collect();
    let types_text = match ty2 {
        Some(b) => format!("{ty}{b}"),
        None => ty.to_string(),
    };
    if rows.is_empty() {
        let mut types: Vec<String> = Vec::new();
        for t in IntType::ALL {
            if op.rows().any(|r| r.types.contains(&t)) {
                types.push(t.to_string());
            }
        }
        let (message, help) = if two {
            (
                format!("{o} takes two types, .atype.btype, each .u32 or .s32; not {types_text}"),
                format!("write {o}.u32.u32, {o}.s32.s32, {o}.u32.s32 or {o}.s32.u32"),
            )
        } else {
            (
                format!(
                    "{o} does not take {types_text}: {o} takes {}",
                    or_list(&types)
                ),
                format!("use {}", or_list(&types)),
            )
        };
        return illegal(Blame::Type, message, help);
    }
    // Walk the slots in order, keeping the rows that admit every value so
    // far: the first value none of them admits is at fault.
    let mut fit = rows.clone();
    for (k, &slot) in Slot::ALL.iter().enumerate() {
        let next: Vec<&IntRow> = fit.iter().copied().filter(|r| r.admits(slot, m)).collect();
        if !next.is_empty() {
            fit = next;
            continue;
        }
        let Some(value) = m.get(slot) else {
            // A required slot left out: name its values (of every row still
            // in the running), and the form with the first.
            let values: Vec<Word> = WORDS
                .iter()
                .map(|&(_, w)| w)
                .filter(|w| {
                    fit.iter()
                        .any(|r| r.slots[slot as usize].contains(&Some(*w)))
                })
                .collect();
            let names: Vec<String> = values.iter().map(|w| w.to_string()).collect();
            let example = values
                .iter()
                .map(|&w| IntOp::checked(op, m.with(slot, Some(w)), ty, ty2))
                .find(|f| f.legal())
                .map(|f| format!("write {f}"))
                .unwrap_or_else(|| format!("add {}", or_list(&names)));
            return illegal(
                Blame::Op,
                format!(
                    "{} requires {} ({}) ({})",
                    IntOp::checked(op, *m, ty, ty2),
                    slot.what(),
                    or_list(&names),
                    fit[0].section
                ),
                example,
            );
        };
        // Rows of this opcode and type that admit the value: then it clashes
        // with an earlier modifier (`mad.lo.sat.s32`).
        if let Some(r) = rows.iter().find(|r| r.admits(slot, m)) {
            let earlier = Slot::ALL[..k]
                .iter()
                .copied()
                .find(|&e| m.get(e).is_some() && !r.admits(e, m));
            let (blamed, with) = match earlier {
                Some(e) => (slot, m.get(e).map(|w| w.to_string()).unwrap_or_default()),
                None => (slot, types_text.clone()),
            };
            return illegal(
                Blame::Slot(blamed),
                format!(
                    "{value} cannot be combined with {with} ({}: {})",
                    r.section, r.syntax
                ),
                format!("remove {value}"),
            );
        }
        // Another type of this opcode takes it (`add.sat.u32`,
        // `mul.wide.u64`), or none does (`add.relu.s32`).
        let mut lines: Vec<String> = Vec::new();
        for r in op.rows().filter(|r| r.admits(slot, m)) {
            let line = format!("{} ({})", r.syntax, r.section);
            if !lines.contains(&line) {
                lines.push(line);
            }
        }
        if lines.is_empty() {
            return illegal(
                Blame::Slot(slot),
                format!("{o} takes no {value}"),
                format!("remove {value}"),
            );
        }
        // The types that take it, and the legal form of the nearest of
        // them: a scalar of the same signedness, the closest in width
        // (`mul.wide.u64` → `mul.wide.u32`, whose result has the 64 bits;
        // `add.cc.s16` → `add.cc.s32`). None where only packed types or the
        // other signedness take it (`sub.sat.u32`): then only `remove`.
        let takers: Vec<IntType> = IntType::ALL
            .into_iter()
            .filter(|&t| op.rows().any(|r| r.admits(slot, m) && r.types.contains(&t)))
            .collect();
        let names: Vec<String> = takers.iter().map(|t| t.to_string()).collect();
        let bits = ty.ptx().bits();
        let nearest = takers
            .iter()
            .filter(|t| t.lanes() == 1 && t.is_signed() == ty.is_signed())
            .min_by_key(|t| t.ptx().bits().abs_diff(bits))
            .map(|&t| IntOp::checked(op, *m, t, ty2))
            .filter(|f| f.legal());
        let message = format!(
            "{value} is not allowed for {o}{types_text}: {o}{value} takes {} ({})",
            or_list(&names),
            or_list(&lines)
        );
        let help = match nearest {
            Some(f) => format!("write {f}, or remove {value}"),
            None => format!("remove {value}"),
        };
        return illegal(Blame::Slot(slot), message, help);
    }
    unreachable!("a value every slot admits is a form of some row")
}

/// A piece of the opcode text after the root.
#[derive(Clone, Copy, Debug)]
enum Token {
    Word(Word),
    Type(IntType),
}

/// Splits `text` at dots, keeping each piece's span (without the dot).
fn pieces(text: &str) -> Vec<(&str, Range<usize>)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if c == '.' {
            out.push((&text[start..i], start..i));
            start = i + 1;
        }
    }
    out.push((&text[start..], start..text.len()));
    out
}

fn with_dot(r: &Range<usize>) -> Range<usize> {
    r.start.saturating_sub(1)..r.end
}

impl IntOp {
    /// Builds an op the caller knows to be legal.
    fn checked(op: IntOpcode, mods: IntMods, ty: IntType, ty2: Option<IntType>) -> IntOp {
        IntOp { op, mods, ty, ty2 }
    }

    fn legal(&self) -> bool {
        legality(self.op, &self.mods, self.ty, self.ty2).is_ok()
    }

    /// Builds an op, or says why that combination is no syntax line of the
    /// spec (the message, then the fix in parentheses).
    pub fn new(
        op: IntOpcode,
        mods: IntMods,
        ty: IntType,
        ty2: Option<IntType>,
    ) -> Result<IntOp, String> {
        legality(op, &mods, ty, ty2).map_err(|e| format!("{} ({})", e.message, e.help))?;
        Ok(IntOp { op, mods, ty, ty2 })
    }

    /// The opcode.
    pub fn op(&self) -> IntOpcode {
        self.op
    }
    /// The modifiers.
    pub fn mods(&self) -> IntMods {
        self.mods
    }
    /// The instruction type (`.atype` for `dp4a`/`dp2a`).
    pub fn ty(&self) -> IntType {
        self.ty
    }
    /// `dp4a`/`dp2a`'s `.btype`.
    pub fn ty2(&self) -> Option<IntType> {
        self.ty2
    }
    /// `.lo`/`.hi`/`.wide`.
    pub fn part(&self) -> Option<Part> {
        match self.mods.get(Slot::Part) {
            Some(Word::Part(p)) => Some(p),
            _ => None,
        }
    }
    /// `shf`'s `.l`/`.r`.
    pub fn dir(&self) -> Option<ShfDir> {
        match self.mods.get(Slot::Dir) {
            Some(Word::Dir(d)) => Some(d),
            _ => None,
        }
    }
    /// `.clamp`/`.wrap`.
    pub fn bound(&self) -> Option<Bound> {
        match self.mods.get(Slot::Bound) {
            Some(Word::Bound(b)) => Some(b),
            _ => None,
        }
    }
    /// `prmt`'s mode.
    pub fn prmt_mode(&self) -> Option<PrmtMode> {
        match self.mods.get(Slot::Prmt) {
            Some(Word::Prmt(p)) => Some(p),
            _ => None,
        }
    }
    /// `.cc`: writes the carry-out.
    pub fn cc(&self) -> bool {
        self.mods.get(Slot::Cc).is_some()
    }
    /// `.sat`.
    pub fn sat(&self) -> bool {
        self.mods.get(Slot::Sat).is_some()
    }
    /// `.relu`.
    pub fn relu(&self) -> bool {
        self.mods.get(Slot::Relu).is_some()
    }
    /// `.shiftamt`.
    pub fn shiftamt(&self) -> bool {
        self.mods.get(Slot::Shiftamt).is_some()
    }
    /// `lop3`'s `.BoolOp` (`lop3.or.b32`, `lop3.and.b32`): the op also
    /// writes the predicate `p = (d != 0) BoolOp q` (9.7.8.6).
    pub fn bool_op(&self) -> Option<BoolOp> {
        match self.mods.get(Slot::BoolOp) {
            Some(Word::Bool(b)) => Some(b),
            _ => None,
        }
    }
    /// True for `addc`, `subc`, `madc`: they read the carry-in `CC.CF`.
    pub fn reads_carry(&self) -> bool {
        matches!(self.op, IntOpcode::Addc | IntOpcode::Subc | IntOpcode::Madc)
    }

    /// The table row this op falls under.
    pub fn row(&self) -> &'static IntRow {
        INT_SYNTAX
            .iter()
            .find(|r| r.admits_form(self.op, &self.mods, self.ty, self.ty2))
            .expect("an IntOp is a form of the table")
    }

    /// Minimum PTX ISA version and target: its row's.
    pub fn requires(&self) -> (PtxVersion, Target) {
        let r = self.row();
        (r.ptx, Target::sm(r.sm))
    }

    /// Why `target` lacks this form though its sm is high enough: the PTX
    /// ISA 9.2 packed-byte and saturating forms are "supported on
    /// following family-specific architectures: sm_120f or higher in the
    /// same family".
    pub fn suffix_error(&self, version: PtxVersion, target: Target) -> Option<String> {
        if self.row().family {
            crate::target::Suffix::Family.error(version, target)
        } else {
            None
        }
    }

    /// Every form of the table, in the table's order.
    pub fn all() -> Vec<IntOp> {
        INT_SYNTAX.iter().flat_map(IntRow::forms).collect()
    }

    /// The type `c` and `d` have in `dp4a`/`dp2a`: "Operand c has type .u32
    /// if both .atype and .btype are .u32 else operand c has type .s32."
    fn dp_acc(&self) -> PtxType {
        if self.ty == IntType::U32 && self.ty2 == Some(IntType::U32) {
            PtxType::U32
        } else {
            PtxType::S32
        }
    }

    /// The destination type: double width for `.wide`, `.u32` for the
    /// counts (`popc`, `clz`, `bfind`), the accumulator's for `dp4a`/`dp2a`.
    pub fn dest_type(&self) -> PtxType {
        use IntOpcode::*;
        match self.op {
            _ if self.part() == Some(Part::Wide) => self.ty.widened().ptx(),
            // 9.7.1.14-16: "destination d has type .u32".
            Popc | Clz | Bfind => PtxType::U32,
            Dp4a | Dp2a => self.dp_acc(),
            _ => self.ty.ptx(),
        }
    }

    /// The source types, in operand order. Immediate-only operands
    /// (`lop3`'s immLut) are ordinary `.b32` sources.
    pub fn source_types(&self) -> Vec<PtxType> {
        use IntOpcode::*;
        let t = self.ty.ptx();
        let (u32_, s32, b32) = (PtxType::U32, PtxType::S32, PtxType::B32);
        match self.op {
            Add | Sub | Mul | Div | Rem | Min | Max | Addc | Subc | And | Or | Xor => vec![t, t],
            Mul24 => vec![t, t],
            // "If .wide is specified, then d and c are twice as wide as a and b".
            Mad | Madc => vec![t, t, self.dest_type()],
            Mad24 | Sad | Clmad => vec![t, t, t],
            Abs | Neg | Popc | Clz | Bfind | Brev | Not | Cnot => vec![t],
            // "mask has a 32-bit type", "base has .b32, .u32 or .s32 type",
            // "offset has .s32 type".
            Fns => vec![b32, u32_, s32],
            // "Operands b and c are type .u32".
            Bfe => vec![t, u32_, u32_],
            // "Operands c and d are type .u32".
            Bfi => vec![t, t, u32_, u32_],
            // "Operand b is an unsigned 32-bit value".
            Szext => vec![t, u32_],
            Bmsk => vec![b32, b32],
            Dp4a | Dp2a => vec![
                self.ty.ptx(),
                self.ty2.unwrap_or(self.ty).ptx(),
                self.dp_acc(),
            ],
            // 9.7.8.6: "lop3.BoolOp.b32 d|p, a, b, c, immLut, q;": the
            // predicate `q` follows immLut.
            Lop3 if self.bool_op().is_some() => vec![b32, b32, b32, b32, PtxType::Pred],
            Lop3 => vec![b32, b32, b32, b32],
            // "the unsigned 32-bit value in c".
            Shf => vec![b32, b32, u32_],
            // "The b operand must be a 32-bit value" (unsigned).
            Shl | Shr => vec![t, u32_],
            Prmt => vec![b32, b32, b32],
        }
    }

    /// Parses the opcode text of an integer instruction (`mad.hi.sat.s32`,
    /// `prmt.b32.f4e`, `dp2a.lo.u32.s32`). The error's span is relative to
    /// `text` and points at the offending part; it says what was expected
    /// and, in its help, how to write it.
    pub fn parse(text: &str) -> Result<IntOp, Diagnostic> {
        parse_mode(text, false).map(|(f, _)| f)
    }

    /// Like [`IntOp::parse`], but accepts modifiers out of order when they
    /// make a legal form, with a warning that says how to write it: the
    /// spec's own example `min.s16x2.relu u,v,w;` (9.7.1.12, whose syntax
    /// line is `min{.relu}.btype`; docs/NVIDIA.md "Integer instructions:
    /// the other choices"). Every other error is still an error.
    pub fn parse_lenient(text: &str) -> Result<(IntOp, Vec<Diagnostic>), Diagnostic> {
        parse_mode(text, true)
    }

    /// Whether `opcode` is an integer instruction for [`IntOp::parse`] to
    /// answer: its root is an integer opcode, and where floating-point
    /// instructions share the root (`add`, `min`, `div`...), a piece says
    /// integer (an integer type, or `.lo`/`.hi`/`.wide`/`.cc`).
    ///
    /// A bare root (`popc`, with no modifier or type at all) is not
    /// claimed: it stays an instruction ptxfp does not run, as before the
    /// integer table (`ptxfp run` warns about it; the README's list of what
    /// `run` executes is tested with bare roots).
    pub fn claims(opcode: &str) -> bool {
        let mut ps = opcode.split('.').peekable();
        let Some(op) = ps.next().and_then(IntOpcode::parse) else {
            return false;
        };
        if ps.peek().is_none() {
            return false;
        }
        !op.shared_with_float()
            || ps.any(|s| IntType::parse(s).is_some() || matches!(s, "lo" | "hi" | "wide" | "cc"))
    }
}

/// [`IntOp::parse`], and with `lenient` [`IntOp::parse_lenient`].
fn parse_mode(text: &str, lenient: bool) -> Result<(IntOp, Vec<Diagnostic>), Diagnostic> {
    let ps = pieces(text);
    let (root, root_span) = ps[0].clone();
    let op = IntOpcode::parse(root).ok_or_else(|| {
        let names: Vec<&'static str> = IntOpcode::ALL.iter().map(|o| o.name()).collect();
        let d = Diagnostic::error(
            root_span.clone(),
            format!("unknown integer opcode `{root}`"),
        );
        match crate::opcodes::closest_in(root, &names) {
            Some(w) => d.with_help(format!("did you mean `{w}`?")),
            None => d,
        }
    })?;
    // The words and types this opcode's rows use, for messages.
    let words: Vec<String> = WORDS
        .iter()
        .filter(|(_, w)| {
            op.rows()
                .any(|r| r.slots[w.slot() as usize].contains(&Some(*w)))
        })
        .map(|(n, _)| format!(".{n}"))
        .collect();
    let types: Vec<String> = IntType::ALL
        .into_iter()
        .filter(|t| op.rows().any(|r| r.types.contains(t)))
        .map(|t| t.to_string())
        .collect();
    let two = op.rows().any(|r| !r.btypes.is_empty());
    let a_type = if two {
        "two types .atype.btype"
    } else {
        "a type"
    };
    let expected = if words.is_empty() {
        format!("{root} takes {a_type} ({})", types.join(" "))
    } else {
        format!(
            "{root} takes the modifiers {} and {a_type} ({})",
            words.join(" "),
            types.join(" ")
        )
    };
    let mut mods = IntMods::default();
    let mut spans: [Option<Range<usize>>; SLOTS] = Default::default();
    let mut tys: Vec<(IntType, Range<usize>)> = Vec::new();
    let mut last: Option<Slot> = None;
    let mut order: Option<Diagnostic> = None;
    for (s, span) in &ps[1..] {
        let dotted = with_dot(span);
        let tok = Word::parse(s)
            .map(Token::Word)
            .or_else(|| IntType::parse(s).map(Token::Type));
        let Some(tok) = tok else {
            let msg = if s.is_empty() {
                format!("empty modifier: {expected}")
            } else if PtxType::parse(s).is_some() {
                format!("`.{s}` is not a type of the integer instruction {root}: {expected}")
            } else {
                format!("unknown modifier or type `.{s}`: {expected}")
            };
            let d = Diagnostic::error(dotted, msg);
            let known: Vec<&'static str> = WORDS
                .iter()
                .map(|(n, _)| *n)
                .chain(IntType::ALL.iter().map(|t| t.name()))
                .collect();
            return Err(match crate::opcodes::closest_in(s, &known) {
                Some(w) if !s.is_empty() => d.with_help(format!("did you mean `.{w}`?")),
                _ => d,
            });
        };
        match tok {
            Token::Type(t) => tys.push((t, span.clone())),
            Token::Word(w) => {
                let slot = w.slot();
                if !op.rows().any(|r| r.slots[slot as usize].contains(&Some(w))) {
                    return Err(Diagnostic::error(
                        dotted,
                        format!("{root} takes no .{s}: {expected}"),
                    )
                    .with_help(format!("remove .{s}")));
                }
                if let Some(prev) = &spans[slot as usize] {
                    let prev_text = &text[with_dot(prev)];
                    let d = if prev_text == &text[dotted.clone()] {
                        Diagnostic::error(dotted, format!("duplicate .{s}"))
                            .with_help(format!("write .{s} once"))
                    } else {
                        Diagnostic::error(
                            dotted,
                            format!(".{s} after {prev_text}: {root} takes one of them"),
                        )
                        .with_help(format!("remove {prev_text} or .{s}"))
                    };
                    return Err(d);
                }
                spans[slot as usize] = Some(span.clone());
                mods.set(w);
                // `prmt.b32.f4e`: the mode follows the type; every other
                // modifier precedes it, in slot order.
                let misplaced = if slot == Slot::Prmt {
                    tys.is_empty()
                } else {
                    !tys.is_empty() || last.is_some_and(|l| l > slot)
                };
                if misplaced && order.is_none() {
                    order = Some(Diagnostic::error(dotted, format!(".{s} is out of order")));
                }
                last = Some(last.map_or(slot, |l| l.max(slot)));
            }
        }
    }
    let (ty, ty2) = match (tys.as_slice(), two) {
        ([], _) => {
            let end = text.len();
            return Err(Diagnostic::error(
                end..end,
                format!("missing type after `{text}`: {expected}"),
            ));
        }
        ([(t, _)], false) => (*t, None),
        ([(a, _), (b, _)], true) => (*a, Some(*b)),
        ([(_, _)], true) => {
            let end = text.len();
            return Err(Diagnostic::error(
                end..end,
                format!("{root} takes two types, .atype.btype (each .u32 or .s32)"),
            )
            .with_help(format!("write for example {text}.u32")));
        }
        (many, _) => {
            let n = if two { 2 } else { 1 };
            let span = with_dot(&many[n].1);
            return Err(Diagnostic::error(
                span,
                format!(
                    "too many types: {root} takes {}",
                    if two { "two (.atype.btype)" } else { "one" }
                ),
            )
            .with_help("remove the extra type"));
        }
    };
    if let Some(d) = order {
        return match IntOp::new(op, mods, ty, ty2) {
            Ok(f) if lenient => {
                let mut w = d.with_help(format!("write {f}"));
                w.severity = crate::diag::Severity::Warning;
                Ok((f, vec![w]))
            }
            Ok(f) => Err(d.with_help(format!("write {f}"))),
            Err(e) => Err(d.with_help(e)),
        };
    }
    let ty_span = tys[0].1.start.saturating_sub(1)..tys[tys.len() - 1].1.end;
    legality(op, &mods, ty, ty2).map_err(|e| {
        let span = match e.at {
            Blame::Op => root_span.clone(),
            Blame::Type => ty_span.clone(),
            Blame::Slot(s) => spans[s as usize]
                .as_ref()
                .map(with_dot)
                .unwrap_or(root_span.clone()),
        };
        Diagnostic::error(span, e.message).with_help(e.help)
    })?;
    Ok((IntOp { op, mods, ty, ty2 }, Vec::new()))
}

impl fmt::Display for IntOp {
    /// The canonical text: opcode, modifiers in slot order, type(s), then
    /// `prmt`'s mode.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.op.name())?;
        for s in Slot::ALL {
            if s == Slot::Prmt {
                continue;
            }
            if let Some(w) = self.mods.get(s) {
                write!(f, "{w}")?;
            }
        }
        write!(f, "{}", self.ty)?;
        if let Some(b) = self.ty2 {
            write!(f, "{b}")?;
        }
        if let Some(w) = self.mods.get(Slot::Prmt) {
            write!(f, "{w}")?;
        }
        Ok(())
    }
}

impl core::str::FromStr for IntOp {
    type Err = Diagnostic;
    fn from_str(s: &str) -> Result<IntOp, Diagnostic> {
        IntOp::parse(s)
    }
}
