//! The instruction forms: one typed model for every PTX arithmetic form
//! ptxfp implements, and its canonical printing. Which forms exist, with
//! their PTX ISA versions and targets, is the syntax table in
//! `crate::syntax` (one row per syntax line of the spec); the parser of form
//! text is there too.
//!
//! ```
//! use ptxfp_isa::{Form, PtxVersion, Target};
//! let f = Form::parse("fma.rn.relu.bf16x2").unwrap();
//! assert!(f.validate(PtxVersion::new(7, 0), Target::sm(80)).is_empty());
//! assert_eq!(f.to_string(), "fma.rn.relu.bf16x2");
//! // What it computes is ptxfp-model's `Eval::eval`.
//! ```

use core::fmt;

use crate::types::PtxType;
use ptxfp_float::Round;

/// The operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Opcode {
    /// `add`: `d = a + b` (mixed: `d = convert(a) + c`).
    Add,
    /// `sub`: `d = a - b` (mixed: `d = convert(a) - c`).
    Sub,
    /// `mul`: `d = a * b`.
    Mul,
    /// `fma`: `d = a * b + c`, one rounding.
    Fma,
    /// `mad`: `d = a * b + c` (`.f32`, `.f64`).
    Mad,
    /// `min`: the smaller of `a` and `b`.
    Min,
    /// `max`: the larger of `a` and `b`.
    Max,
    /// `min` with three inputs (`.f32`, PTX ISA 8.8): the smallest of `a`,
    /// `b` and `c`. Written `min` as the two-input form: the operand count
    /// tells them apart ([`Form::with_sources`]).
    Min3,
    /// `max` with three inputs (`.f32`, PTX ISA 8.8): the largest of `a`,
    /// `b` and `c`.
    Max3,
    /// `div`: `d = a / b`.
    Div,
    /// `rcp`: `d = 1 / a`.
    Rcp,
    /// `sqrt`: `d = √a`.
    Sqrt,
    /// `rsqrt.approx`: `d ≈ 1 / √a`.
    Rsqrt,
    /// `abs`: `d = |a|`.
    Abs,
    /// `neg`: `d = -a`.
    Neg,
    /// `copysign`: `d` is `b` with the sign of `a`.
    Copysign,
    /// `ex2.approx`: `d ≈ 2^a`.
    Ex2,
    /// `lg2.approx`: `d ≈ log2(a)`.
    Lg2,
    /// `sin.approx`: `d ≈ sin(a)`.
    Sin,
    /// `cos.approx`: `d ≈ cos(a)`.
    Cos,
    /// `tanh.approx`: `d ≈ tanh(a)`.
    Tanh,
}

impl Opcode {
    /// All opcodes, in the order `Form::all` lists them.
    pub const ALL: [Opcode; 21] = [
        Opcode::Add,
        Opcode::Sub,
        Opcode::Mul,
        Opcode::Fma,
        Opcode::Mad,
        Opcode::Min,
        Opcode::Max,
        Opcode::Min3,
        Opcode::Max3,
        Opcode::Div,
        Opcode::Rcp,
        Opcode::Sqrt,
        Opcode::Rsqrt,
        Opcode::Abs,
        Opcode::Neg,
        Opcode::Copysign,
        Opcode::Ex2,
        Opcode::Lg2,
        Opcode::Sin,
        Opcode::Cos,
        Opcode::Tanh,
    ];
    /// The PTX name.
    pub fn name(self) -> &'static str {
        match self {
            Opcode::Add => "add",
            Opcode::Sub => "sub",
            Opcode::Mul => "mul",
            Opcode::Fma => "fma",
            Opcode::Mad => "mad",
            Opcode::Min | Opcode::Min3 => "min",
            Opcode::Max | Opcode::Max3 => "max",
            Opcode::Div => "div",
            Opcode::Rcp => "rcp",
            Opcode::Sqrt => "sqrt",
            Opcode::Rsqrt => "rsqrt",
            Opcode::Abs => "abs",
            Opcode::Neg => "neg",
            Opcode::Copysign => "copysign",
            Opcode::Ex2 => "ex2",
            Opcode::Lg2 => "lg2",
            Opcode::Sin => "sin",
            Opcode::Cos => "cos",
            Opcode::Tanh => "tanh",
        }
    }
    /// Number of source operands (3 for fma/mad and the three-input
    /// min/max; 2 for add, sub, mul, min, max, div, copysign; 1 for the
    /// others).
    pub fn arity(self) -> usize {
        match self {
            Opcode::Add
            | Opcode::Sub
            | Opcode::Mul
            | Opcode::Min
            | Opcode::Max
            | Opcode::Div
            | Opcode::Copysign => 2,
            Opcode::Fma | Opcode::Mad | Opcode::Min3 | Opcode::Max3 => 3,
            Opcode::Rcp
            | Opcode::Sqrt
            | Opcode::Rsqrt
            | Opcode::Abs
            | Opcode::Neg
            | Opcode::Ex2
            | Opcode::Lg2
            | Opcode::Sin
            | Opcode::Cos
            | Opcode::Tanh => 1,
        }
    }
    /// True for the opcodes that exist only as `.approx` (PTX publishes an
    /// error bound, not the bits: `rsqrt`, `ex2`, `lg2`, `sin`, `cos`, `tanh`).
    pub fn only_approx(self) -> bool {
        matches!(
            self,
            Opcode::Rsqrt | Opcode::Ex2 | Opcode::Lg2 | Opcode::Sin | Opcode::Cos | Opcode::Tanh
        )
    }
    /// The opcode written the same way with another number of sources
    /// (9.7.3.11/9.7.3.12: "`min` with three input arguments"): `Min` and
    /// `Min3`, `Max` and `Max3`.
    pub fn other_arity(self) -> Option<Opcode> {
        match self {
            Opcode::Min => Some(Opcode::Min3),
            Opcode::Min3 => Some(Opcode::Min),
            Opcode::Max => Some(Opcode::Max3),
            Opcode::Max3 => Some(Opcode::Max),
            _ => None,
        }
    }
    /// True for `min`/`max` of any arity.
    pub fn is_minmax(self) -> bool {
        matches!(
            self,
            Opcode::Min | Opcode::Max | Opcode::Min3 | Opcode::Max3
        )
    }
    /// The opcode named `s` (for `min`/`max`, the two-input one).
    pub(crate) fn parse(s: &str) -> Option<Opcode> {
        Opcode::ALL.into_iter().find(|o| o.name() == s)
    }
}

/// The clamp applied to the result: `.sat` and `.relu` exclude each other
/// (9.7.4.4: `fma.rnd{.ftz}{.sat}` and `fma.rnd{.ftz}.relu` are separate lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Clamp {
    /// No clamp.
    #[default]
    None,
    /// `.sat`: clamp to [0.0, 1.0], NaN to +0.0.
    Sat,
    /// `.relu`: negative to +0, NaN to canonical NaN.
    Relu,
}

/// `.approx` and `.full`: an approximation within the PTX ISA's stated
/// error bound, whose bits NVIDIA does not publish (`div.approx`,
/// `div.full`, `rcp.approx`, `sqrt.approx`, and every `ex2`, `lg2`, `sin`,
/// `cos`, `tanh`, `rsqrt`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Approx {
    /// Neither: correctly rounded (`.rnd`) or exact.
    #[default]
    None,
    /// `.approx`.
    Approx,
    /// `.full` (`div.full.f32`: full-range approximate division).
    Full,
}

/// The instruction type suffix(es).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FormType {
    /// `.f16`.
    F16,
    /// `.f16x2`.
    F16x2,
    /// `.bf16`.
    BF16,
    /// `.bf16x2`.
    BF16x2,
    /// `.f32`.
    F32,
    /// `.f32x2`: two `.f32` lanes in a `.b64` (PTX ISA 8.6, sm_100).
    F32x2,
    /// `.f64`.
    F64,
    /// `.f32.f16`: mixed precision, `a` (and `b`) are `.f16`.
    F32F16,
    /// `.f32.bf16`: mixed precision, `a` (and `b`) are `.bf16`.
    F32BF16,
}

impl FormType {
    /// All types, in the order `Form::all` lists them.
    pub const ALL: [FormType; 9] = [
        FormType::F16,
        FormType::F16x2,
        FormType::BF16,
        FormType::BF16x2,
        FormType::F32,
        FormType::F32x2,
        FormType::F64,
        FormType::F32F16,
        FormType::F32BF16,
    ];
    /// The suffix as written (`.f32.bf16`).
    pub fn suffix(self) -> &'static str {
        match self {
            FormType::F16 => ".f16",
            FormType::F16x2 => ".f16x2",
            FormType::BF16 => ".bf16",
            FormType::BF16x2 => ".bf16x2",
            FormType::F32 => ".f32",
            FormType::F32x2 => ".f32x2",
            FormType::F64 => ".f64",
            FormType::F32F16 => ".f32.f16",
            FormType::F32BF16 => ".f32.bf16",
        }
    }
    /// True for the four half-precision types of 9.7.4.
    pub fn is_half(self) -> bool {
        matches!(
            self,
            FormType::F16 | FormType::F16x2 | FormType::BF16 | FormType::BF16x2
        )
    }
    /// True for `.bf16` and `.bf16x2`.
    pub fn is_bf16(self) -> bool {
        matches!(self, FormType::BF16 | FormType::BF16x2)
    }
    /// True for the mixed-precision types of 9.7.5.
    pub fn is_mixed(self) -> bool {
        matches!(self, FormType::F32F16 | FormType::F32BF16)
    }
    /// True for packed two-lane types.
    pub fn is_x2(self) -> bool {
        matches!(self, FormType::F16x2 | FormType::BF16x2 | FormType::F32x2)
    }
    /// The type of one lane of a packed type (`.f32` for `.f32x2`), else
    /// the type itself.
    pub fn lane(self) -> FormType {
        match self {
            FormType::F16x2 => FormType::F16,
            FormType::BF16x2 => FormType::BF16,
            FormType::F32x2 => FormType::F32,
            t => t,
        }
    }
    /// The name of the types' group in messages ("bf16 forms take no .ftz").
    pub fn family(self) -> &'static str {
        match self {
            FormType::F16 | FormType::F16x2 => "f16",
            FormType::BF16 | FormType::BF16x2 => "bf16",
            FormType::F32 | FormType::F32x2 => "f32",
            FormType::F64 => "f64",
            FormType::F32F16 | FormType::F32BF16 => "mixed-precision",
        }
    }
    /// The destination's instruction type.
    pub fn dest(self) -> PtxType {
        match self {
            FormType::F16 => PtxType::F16,
            FormType::F16x2 => PtxType::F16x2,
            FormType::BF16 => PtxType::BF16,
            FormType::BF16x2 => PtxType::BF16x2,
            FormType::F32 | FormType::F32F16 | FormType::F32BF16 => PtxType::F32,
            FormType::F32x2 => PtxType::F32x2,
            FormType::F64 => PtxType::F64,
        }
    }
}

/// Displays a rounding modifier as PTX writes it (`.rn`).
pub fn round_suffix(rm: Round) -> &'static str {
    match rm {
        Round::NearestEven => ".rn",
        Round::TowardZero => ".rz",
        Round::TowardNegative => ".rm",
        Round::TowardPositive => ".rp",
    }
}

/// The modifiers of a form, each in its slot, in the order the spec's
/// syntax lines write them: `.approx/.full .rnd .ftz .oob .sat/.relu .NaN
/// .xorsign.abs .abs`.
/// Which combinations exist is the syntax table's business
/// (`crate::syntax`); a [`Form`] holds only legal ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Mods {
    /// `.approx` / `.full`.
    pub approx: Approx,
    /// The rounding modifier as written (`None`: left out).
    pub rnd: Option<Round>,
    /// `.ftz`.
    pub ftz: bool,
    /// `.oob`.
    pub oob: bool,
    /// `.sat` / `.relu`.
    pub clamp: Clamp,
    /// `.NaN` (`min`/`max`: a NaN input makes the result NaN).
    pub nan: bool,
    /// `.xorsign.abs` (`min`/`max`: the result's sign is the XOR of the
    /// inputs' signs, its magnitude that of the smaller/larger `|input|`).
    pub xorsign_abs: bool,
    /// `.abs` alone (three-input `min`/`max`: "`a = |a|; b = |b|; c =
    /// |c|`" before the comparisons).
    pub abs: bool,
}

/// One PTX arithmetic instruction form (opcode, modifiers, types; no
/// operands). Only legal combinations exist: [`Form::new`] and
/// [`Form::parse`] (in `crate::syntax`) check them against the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Form {
    op: Opcode,
    mods: Mods,
    ty: FormType,
}

impl Form {
    /// A combination the syntax table has already accepted.
    pub(crate) const fn checked(op: Opcode, mods: Mods, ty: FormType) -> Form {
        Form { op, mods, ty }
    }
    /// The opcode.
    pub fn op(&self) -> Opcode {
        self.op
    }
    /// All modifiers.
    pub fn mods(&self) -> Mods {
        self.mods
    }
    /// The rounding modifier as written (`None`: left out, which means `.rn`
    /// where the syntax allows it, docs/NVIDIA.md "Rounding").
    pub fn rnd(&self) -> Option<Round> {
        self.mods.rnd
    }
    /// The rounding mode the operation uses: the written one, else `.rn`.
    pub fn rounding(&self) -> Round {
        self.mods.rnd.unwrap_or(Round::NearestEven)
    }
    /// `.ftz`.
    pub fn ftz(&self) -> bool {
        self.mods.ftz
    }
    /// `.oob`.
    pub fn oob(&self) -> bool {
        self.mods.oob
    }
    /// `.sat` / `.relu`.
    pub fn clamp(&self) -> Clamp {
        self.mods.clamp
    }
    /// `.NaN`.
    pub fn nan(&self) -> bool {
        self.mods.nan
    }
    /// `.xorsign.abs`.
    pub fn xorsign_abs(&self) -> bool {
        self.mods.xorsign_abs
    }
    /// `.abs` (three-input `min`/`max`).
    pub fn abs(&self) -> bool {
        self.mods.abs
    }
    /// The same form with `n` source operands, where the form's text also
    /// names a form of another arity (9.7.3.11: "`min{.ftz}{.NaN}{.abs}.f32
    /// d, a, b, c`" beside "`min{.ftz}{.NaN}{.xorsign.abs}.f32 d, a, b`");
    /// the form itself where it has `n`; `None` where no form of this text
    /// has `n` sources (`min.xorsign.abs.f32` with three: "The `.xorsign`
    /// qualifier cannot be specified for three inputs operation").
    pub fn with_sources(&self, n: usize) -> Option<Form> {
        if self.op.arity() == n {
            return Some(*self);
        }
        let other = self.op.other_arity().filter(|o| o.arity() == n)?;
        Form::new(other, self.mods, self.ty).ok()
    }
    /// Why no form of this text has `n` sources, where the other arity's
    /// line explains it (9.7.3.11/9.7.3.12); `None` otherwise.
    pub fn arity_hint(&self, n: usize) -> Option<&'static str> {
        if self.with_sources(n).is_some() {
            return None;
        }
        match (self.op, n) {
            (Opcode::Min | Opcode::Max, 3) if self.mods.xorsign_abs => Some(
                "the three-input min/max take .abs, not .xorsign.abs (9.7.3.11: \"The .xorsign qualifier cannot be specified for three inputs operation\")",
            ),
            (Opcode::Min | Opcode::Max, 3) => {
                Some("only .f32 has a three-input min/max (9.7.3.11: min{.ftz}{.NaN}{.abs}.f32 d, a, b, c)")
            }
            (Opcode::Min3 | Opcode::Max3, 2) => Some(
                ".abs alone belongs to the three-input line min{.ftz}{.NaN}{.abs}.f32 d, a, b, c; two inputs take .xorsign.abs (9.7.3.11)",
            ),
            _ => None,
        }
    }
    /// `.approx` / `.full`.
    pub fn approx(&self) -> Approx {
        self.mods.approx
    }
    /// True when the result is an approximation (`.approx`, `.full`, and
    /// the opcodes that exist only as approximations): NVIDIA publishes an
    /// error bound, not the bits.
    pub fn is_approx(&self) -> bool {
        self.mods.approx != Approx::None || self.op.only_approx() || self.is_legacy_approx()
    }
    /// An approximate instruction without a modifier, as PTX ISA 1.0 to 1.3
    /// wrote it: "`div.f32` defaults to `div.approx.ftz.f32`" (9.7.3.8;
    /// `rcp`, `sqrt`, `rsqrt`, `sin`, `cos`, `lg2`, `ex2` `.f32` alike), so
    /// approximate and, on `.f32`, flushing; and "`rsqrt.f64` defaults to
    /// `rsqrt.approx.f64`" (9.7.3.16).
    pub fn is_legacy_approx(&self) -> bool {
        let approx_only = self.op.only_approx() && self.op != Opcode::Tanh;
        let f32_default =
            matches!(self.op, Opcode::Div | Opcode::Rcp | Opcode::Sqrt) && self.ty == FormType::F32;
        (approx_only || f32_default) && self.mods.rnd.is_none() && self.mods.approx == Approx::None
    }
    /// The form one lane of a `.f32x2` form computes: the same opcode and
    /// modifiers on `.f32` (9.7.3.3: "Single precision (`.f32`) operands are
    /// then added in parallel"); `None` for every other type.
    pub fn f32x2_lane(&self) -> Option<Form> {
        (self.ty == FormType::F32x2).then(|| Form::checked(self.op, self.mods, FormType::F32))
    }

    /// The type suffix.
    pub fn ty(&self) -> FormType {
        self.ty
    }

    /// Instruction type of the destination operand.
    pub fn dest_type(&self) -> PtxType {
        self.ty.dest()
    }

    /// Instruction types of the source operands, in operand order: e.g.
    /// mixed `fma`: `[F16, F16, F32]`; mixed `add`: `[F16, F32]` (`d, a, c`).
    pub fn source_types(&self) -> Vec<PtxType> {
        let d = self.ty.dest();
        match self.ty {
            FormType::F32F16 | FormType::F32BF16 => {
                let h = if self.ty == FormType::F32F16 {
                    PtxType::F16
                } else {
                    PtxType::BF16
                };
                match self.op {
                    Opcode::Fma => vec![h, h, PtxType::F32],
                    _ => vec![h, PtxType::F32],
                }
            }
            _ => vec![d; self.op.arity()],
        }
    }
}

impl fmt::Display for Form {
    /// Canonical PTX: opcode, `.approx`/`.full`, `.rnd`, `.ftz`, `.oob`, `.sat`/`.relu`,
    /// `.NaN`, `.xorsign.abs`, `.abs`, types, in the order of the syntax
    /// lines. The two- and three-input `min.f32` print alike: the operand
    /// count tells them apart.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = &self.mods;
        f.write_str(self.op.name())?;
        match m.approx {
            Approx::None => {}
            Approx::Approx => f.write_str(".approx")?,
            Approx::Full => f.write_str(".full")?,
        }
        if let Some(rm) = m.rnd {
            f.write_str(round_suffix(rm))?;
        }
        if m.ftz {
            f.write_str(".ftz")?;
        }
        if m.oob {
            f.write_str(".oob")?;
        }
        match m.clamp {
            Clamp::None => {}
            Clamp::Sat => f.write_str(".sat")?,
            Clamp::Relu => f.write_str(".relu")?,
        }
        if m.nan {
            f.write_str(".NaN")?;
        }
        if m.xorsign_abs {
            f.write_str(".xorsign.abs")?;
        }
        if m.abs {
            f.write_str(".abs")?;
        }
        f.write_str(self.ty.suffix())
    }
}
