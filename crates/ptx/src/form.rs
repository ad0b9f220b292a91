//! The instruction forms: one typed model for every PTX arithmetic form
//! ptxfp implements, its canonical printing and its parser.
//!
//! The forms follow the spec's syntax lines (spec/ files, section numbers
//! beside each rule in `legality`); `sub` on `.f16`/`.bf16` follows `add`
//! (NOTES.md: "implement it with the same forms, versions and targets as
//! `add`").
//!
//! # How many forms
//! The spec's syntax lines, with every optional modifier both present and
//! absent (so `add.f16` and `add.rn.f16` are two spellings: they differ in
//! whether the assembler may contract them, NOTES.md "Contraction"), give
//! 164 spellings:
//!
//! | syntax line | spellings |
//! |---|---|
//! | `add/sub/mul{.rn}{.ftz}{.sat}.{f16,f16x2}` (9.7.4.1, 9.7.4.3) | 3×2×2×2×2 = 48 |
//! | `add/sub/mul{.rn}.{bf16,bf16x2}` | 3×2×2 = 12 |
//! | `fma.rn{.ftz}{.sat}.{f16,f16x2}` (9.7.4.4) | 2×2×2 = 8 |
//! | `fma.rn{.ftz}.relu.{f16,f16x2}` | 2×2 = 4 |
//! | `fma.rn{.relu}.{bf16,bf16x2}` | 2×2 = 4 |
//! | `fma.rn.oob{.relu}.{f16,f16x2,bf16,bf16x2}` | 2×4 = 8 |
//! | `mad{.ftz}{.sat}.f32` (9.7.3.7, `.target sm_1x` line) | 2×2 = 4 |
//! | `mad.{rn,rz,rm,rp}{.ftz}{.sat}.f32` | 4×2×2 = 16 |
//! | `mad.{rn,rz,rm,rp}.f64` | 4 |
//! | `add/sub{.rnd}{.sat}.f32.{f16,bf16}` (9.7.5.1, 9.7.5.2; `.rnd` optional) | 2×5×2×2 = 40 |
//! | `fma.{rn,rz,rm,rp}{.sat}.f32.{f16,bf16}` (9.7.5.3) | 4×2×2 = 16 |
//! | **syntax lines** | **164** |
//! | legacy `mad.f64` (PTX ISA < 1.4, 9.7.3.7 "PTX ISA Notes") | 1 |
//! | **[`Form::all`]** | **165** |
//!
//! Without the spellings that leave out an optional `.rn`/`.rnd` (30 half,
//! 8 mixed) the syntax lines give 126; the reading that gives 164 is the one
//! above. `tests/forms.rs` asserts each row.

//!
//! ```
//! use ptxfp::{Exec, Form, PtxVersion, Target};
//! let f = Form::parse("fma.rn.relu.bf16x2").unwrap();
//! assert!(f.validate(PtxVersion::new(7, 0), Target::sm(80)).is_empty());
//! // Lane 0: 1 * 1 + (-2) = -1 -> .relu -> +0; lane 1: 1 * 1 + 1 = 2.
//! assert_eq!(f.eval(&[0x3f80_3f80, 0x3f80_3f80, 0x3f80_c000], &Exec::default()), 0x4000_0000);
//! assert_eq!(f.to_string(), "fma.rn.relu.bf16x2");
//! ```

use core::fmt;

use crate::hw::HwProfile;
use crate::target::Target;
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
}

impl Opcode {
    /// All opcodes, in the order `Form::all` lists them.
    pub const ALL: [Opcode; 5] = [
        Opcode::Add,
        Opcode::Sub,
        Opcode::Mul,
        Opcode::Fma,
        Opcode::Mad,
    ];
    /// The PTX name.
    pub fn name(self) -> &'static str {
        match self {
            Opcode::Add => "add",
            Opcode::Sub => "sub",
            Opcode::Mul => "mul",
            Opcode::Fma => "fma",
            Opcode::Mad => "mad",
        }
    }
    /// Number of source operands (2 for add/sub/mul, 3 for fma/mad).
    pub fn arity(self) -> usize {
        match self {
            Opcode::Add | Opcode::Sub | Opcode::Mul => 2,
            Opcode::Fma | Opcode::Mad => 3,
        }
    }
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
    /// `.f64`.
    F64,
    /// `.f32.f16`: mixed precision, `a` (and `b`) are `.f16`.
    F32F16,
    /// `.f32.bf16`: mixed precision, `a` (and `b`) are `.bf16`.
    F32BF16,
}

impl FormType {
    /// All types, in the order `Form::all` lists them.
    pub const ALL: [FormType; 8] = [
        FormType::F16,
        FormType::F16x2,
        FormType::BF16,
        FormType::BF16x2,
        FormType::F32,
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
        matches!(self, FormType::F16x2 | FormType::BF16x2)
    }
    /// The destination's instruction type.
    pub fn dest(self) -> PtxType {
        match self {
            FormType::F16 => PtxType::F16,
            FormType::F16x2 => PtxType::F16x2,
            FormType::BF16 => PtxType::BF16,
            FormType::BF16x2 => PtxType::BF16x2,
            FormType::F32 | FormType::F32F16 | FormType::F32BF16 => PtxType::F32,
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

/// One PTX arithmetic instruction form (opcode, modifiers, types; no
/// operands). Only legal combinations exist: [`Form::new`] and
/// [`Form::parse`] reject the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Form {
    op: Opcode,
    rnd: Option<Round>,
    ftz: bool,
    oob: bool,
    clamp: Clamp,
    ty: FormType,
}

/// Which part of a form a legality error is about (for the span).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    Op,
    Rnd,
    Ftz,
    Oob,
    Clamp,
}

/// Why a combination is not a form: the part at fault, what is wrong, how to fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Illegal {
    pub part: Part,
    pub message: String,
    pub help: String,
}

/// `.oob` and `.relu` belong to the half-precision fma only (9.7.4.4); the
/// mixed-precision (9.7.5) and `mad` (9.7.3.7) forms take `.sat` at most.
fn no_oob_or_relu(oob: bool, clamp: Clamp, o: &str, t: &str) -> Result<(), Illegal> {
    if oob {
        return illegal(
            Part::Oob,
            format!(".oob is not allowed for {o}{t}"),
            "remove .oob",
        );
    }
    if clamp == Clamp::Relu {
        return illegal(
            Part::Clamp,
            format!(".relu is not allowed for {o}{t}"),
            "use .sat or nothing",
        );
    }
    Ok(())
}

fn illegal(part: Part, message: String, help: impl Into<String>) -> Result<(), Illegal> {
    Err(Illegal {
        part,
        message,
        help: help.into(),
    })
}

/// The syntax rules: is this combination one of the spec's syntax lines?
pub(crate) fn legality(
    op: Opcode,
    rnd: Option<Round>,
    ftz: bool,
    oob: bool,
    clamp: Clamp,
    ty: FormType,
) -> Result<(), Illegal> {
    let o = op.name();
    let t = ty.suffix();
    if ty.is_half() {
        // 9.7.4.1/9.7.4.3/9.7.4.4: ".rnd = { .rn }".
        if op == Opcode::Mad {
            return illegal(
                Part::Op,
                format!("mad does not take {t}; mad takes .f32 or .f64"),
                format!("use fma.rn{t}"),
            );
        }
        if let Some(rm) = rnd {
            if rm != Round::NearestEven {
                return illegal(
                    Part::Rnd,
                    format!(
                        "{} is not allowed for {o}{t}: half-precision instructions take only .rn",
                        round_suffix(rm)
                    ),
                    "use .rn (or, for add/sub/mul, no rounding modifier)",
                );
            }
        } else if op == Opcode::Fma {
            // 9.7.4.4: "fma.rnd{.ftz}{.sat}.f16" — .rnd is not optional.
            return illegal(
                Part::Op,
                format!("fma{t} requires a rounding modifier"),
                format!("write fma.rn{t}"),
            );
        }
        if oob && op != Opcode::Fma {
            return illegal(
                Part::Oob,
                format!(".oob is only defined for fma, not {o}{t}"),
                "remove .oob",
            );
        }
        if ftz && ty.is_bf16() {
            return illegal(
                Part::Ftz,
                format!(".ftz is not allowed for {o}{t}: bf16 forms take no .ftz"),
                "remove .ftz",
            );
        }
        if ftz && oob {
            return illegal(
                Part::Ftz,
                ".ftz cannot be combined with .oob (9.7.4.4: fma.rnd.oob{.relu}.type)".into(),
                "remove .ftz",
            );
        }
        match clamp {
            Clamp::None => {}
            Clamp::Sat if ty.is_bf16() => {
                return illegal(
                    Part::Clamp,
                    format!(".sat is not allowed for {o}{t}: bf16 forms take no .sat"),
                    if op == Opcode::Fma {
                        "remove .sat (fma.bf16 accepts .relu)"
                    } else {
                        "remove .sat"
                    },
                )
            }
            Clamp::Sat if oob => {
                return illegal(
                    Part::Clamp,
                    ".sat cannot be combined with .oob (9.7.4.4: fma.rnd.oob{.relu}.type)".into(),
                    "remove .sat or use .relu",
                )
            }
            Clamp::Sat => {}
            Clamp::Relu if op != Opcode::Fma => {
                return illegal(
                    Part::Clamp,
                    format!(".relu is only defined for fma, not {o}{t}"),
                    "remove .relu",
                )
            }
            Clamp::Relu => {}
        }
        return Ok(());
    }
    if ty.is_mixed() {
        // 9.7.5: add/sub{.rnd}{.sat}.f32.atype, fma.rnd{.sat}.f32.abtype.
        if matches!(op, Opcode::Mul | Opcode::Mad) {
            return illegal(
                Part::Op,
                format!("{o}{t} does not exist: mixed precision has only add, sub and fma"),
                "use add, sub or fma",
            );
        }
        if op == Opcode::Fma && rnd.is_none() {
            return illegal(
                Part::Op,
                format!("fma{t} requires a rounding modifier (9.7.5.3: no default)"),
                format!("write fma.rn{t}"),
            );
        }
        if ftz {
            return illegal(
                Part::Ftz,
                format!(".ftz is not allowed for {o}{t}: mixed-precision forms take no .ftz"),
                "remove .ftz",
            );
        }
        return no_oob_or_relu(oob, clamp, o, t);
    }
    // .f32 / .f64: ptxfp models mad only (9.7.3.7).
    if op != Opcode::Mad {
        return illegal(
            Part::Op,
            format!("{o}{t} is not modelled by ptxfp: its {t} forms are mad{t} (and mixed .f32.f16/.f32.bf16)"),
            format!("use mad.rn{t}, or a half-precision or mixed-precision form"),
        );
    }
    no_oob_or_relu(oob, clamp, o, t)?;
    if ty == FormType::F64 {
        // 9.7.3.7: "mad.rnd.f64 d, a, b, c;" — no .ftz, no .sat.
        if ftz {
            return illegal(
                Part::Ftz,
                ".ftz is not allowed for mad.f64".into(),
                "remove .ftz",
            );
        }
        if clamp == Clamp::Sat {
            return illegal(
                Part::Clamp,
                ".sat is not allowed for mad.f64".into(),
                "remove .sat",
            );
        }
    }
    Ok(())
}

impl Form {
    /// Builds a form from its fields, or says why that combination is not one
    /// of the spec's syntax lines.
    pub fn new(
        op: Opcode,
        rnd: Option<Round>,
        ftz: bool,
        oob: bool,
        clamp: Clamp,
        ty: FormType,
    ) -> Result<Form, String> {
        legality(op, rnd, ftz, oob, clamp, ty)
            .map_err(|e| format!("{} ({})", e.message, e.help))?;
        Ok(Form {
            op,
            rnd,
            ftz,
            oob,
            clamp,
            ty,
        })
    }
    /// The opcode.
    pub fn op(&self) -> Opcode {
        self.op
    }
    /// The rounding modifier as written (`None`: left out, which means `.rn`
    /// where the syntax allows it, NOTES.md "Rounding").
    pub fn rnd(&self) -> Option<Round> {
        self.rnd
    }
    /// The rounding mode the operation uses: the written one, else `.rn`.
    pub fn rounding(&self) -> Round {
        self.rnd.unwrap_or(Round::NearestEven)
    }
    /// `.ftz`.
    pub fn ftz(&self) -> bool {
        self.ftz
    }
    /// `.oob`.
    pub fn oob(&self) -> bool {
        self.oob
    }
    /// `.sat` / `.relu`.
    pub fn clamp(&self) -> Clamp {
        self.clamp
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

    /// Every legal form: the 164 spellings of the syntax lines and the legacy
    /// `mad.f64` (see the module documentation), in a fixed order.
    pub fn all() -> Vec<Form> {
        let mut out = Vec::new();
        let rnds = [
            None,
            Some(Round::NearestEven),
            Some(Round::TowardZero),
            Some(Round::TowardNegative),
            Some(Round::TowardPositive),
        ];
        for ty in FormType::ALL {
            for op in Opcode::ALL {
                for rnd in rnds {
                    for ftz in [false, true] {
                        for oob in [false, true] {
                            for clamp in [Clamp::None, Clamp::Sat, Clamp::Relu] {
                                if let Ok(f) = Form::new(op, rnd, ftz, oob, clamp, ty) {
                                    out.push(f);
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }

    pub(crate) fn from_parts(
        op: Opcode,
        rnd: Option<Round>,
        ftz: bool,
        oob: bool,
        clamp: Clamp,
        ty: FormType,
    ) -> Form {
        Form {
            op,
            rnd,
            ftz,
            oob,
            clamp,
            ty,
        }
    }
}

impl fmt::Display for Form {
    /// Canonical PTX: opcode, `.rnd`, `.ftz`, `.oob`, `.sat`/`.relu`, types,
    /// in the order of the syntax lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.op.name())?;
        if let Some(rm) = self.rnd {
            f.write_str(round_suffix(rm))?;
        }
        if self.ftz {
            f.write_str(".ftz")?;
        }
        if self.oob {
            f.write_str(".oob")?;
        }
        match self.clamp {
            Clamp::None => {}
            Clamp::Sat => f.write_str(".sat")?,
            Clamp::Relu => f.write_str(".relu")?,
        }
        f.write_str(self.ty.suffix())
    }
}

/// What is being modelled: the code's `.target` and the device that runs it
/// (`mad.f32` without rounding has sm_1x semantics when the code targets
/// sm_1x AND the device is sm_1x; on sm_20+ devices it is `fma.rn.ftz.f32`),
/// plus the hardware profile of NVIDIA-specific choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exec {
    /// The `.target` the code was written for.
    pub code_target: Target,
    /// The device that runs it.
    pub device: Target,
    /// NaN patterns, flush timing and the other choices the spec leaves open.
    pub hw: HwProfile,
}

impl Default for Exec {
    /// sm_90 code on an sm_90 device, [`HwProfile::NVIDIA`].
    fn default() -> Exec {
        Exec {
            code_target: Target::sm(90),
            device: Target::sm(90),
            hw: HwProfile::NVIDIA,
        }
    }
}

impl Exec {
    /// The same target for code and device, NVIDIA's profile.
    pub fn on(target: Target) -> Exec {
        Exec {
            code_target: target,
            device: target,
            hw: HwProfile::NVIDIA,
        }
    }
}
