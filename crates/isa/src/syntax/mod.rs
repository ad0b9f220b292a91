//! The syntax of the forms: the parser of form text, which opcodes it is
//! responsible for ([`in_family`]), and the version/target rules of docs/NVIDIA.md
//! ("Forms, PTX ISA versions and targets").

use core::ops::Range;

use crate::diag::Diagnostic;
use crate::form::{Approx, Clamp, Form, FormType, Mods, Opcode};
use crate::target::{PtxVersion, Target};
use crate::types::PtxType;
use ptxfp_float::Round;

mod table;
pub(crate) use table::{legality, or_list, Slot};
pub use table::{row_of, Row, SYNTAX};

/// Which part of a form a legality error is about (for the span).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    /// The opcode (or the form as a whole).
    Op,
    /// A modifier slot.
    Slot(Slot),
}

/// Why a combination is not a form: the part at fault, what is wrong, how to fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Illegal {
    pub part: Part,
    pub message: String,
    pub help: String,
}

/// A piece of form text after the opcode: a modifier or a type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Approx(Approx),
    Rnd(Round),
    Ftz,
    Oob,
    Sat,
    Relu,
    Nan,
    XorsignAbs,
    Abs,
    Type(FormType),
}

impl Token {
    fn slot(self) -> Option<Slot> {
        Some(match self {
            Token::Approx(_) => Slot::Approx,
            Token::Rnd(_) => Slot::Rnd,
            Token::Ftz => Slot::Ftz,
            Token::Oob => Slot::Oob,
            Token::Sat | Token::Relu => Slot::Clamp,
            Token::Nan => Slot::Nan,
            Token::XorsignAbs => Slot::Xorsign,
            Token::Abs => Slot::Abs,
            Token::Type(_) => return None,
        })
    }
    /// Sets this modifier in `m`.
    fn apply(self, m: &mut Mods) {
        match self {
            Token::Approx(a) => m.approx = a,
            Token::Rnd(rm) => m.rnd = Some(rm),
            Token::Ftz => m.ftz = true,
            Token::Oob => m.oob = true,
            Token::Sat => m.clamp = Clamp::Sat,
            Token::Relu => m.clamp = Clamp::Relu,
            Token::Nan => m.nan = true,
            Token::XorsignAbs => m.xorsign_abs = true,
            Token::Abs => m.abs = true,
            Token::Type(_) => {}
        }
    }
}

/// The modifier vocabulary: every value of every slot, as written.
const MODIFIERS: [(&str, Token); 13] = [
    ("approx", Token::Approx(Approx::Approx)),
    ("full", Token::Approx(Approx::Full)),
    ("rn", Token::Rnd(Round::NearestEven)),
    ("rz", Token::Rnd(Round::TowardZero)),
    ("rm", Token::Rnd(Round::TowardNegative)),
    ("rp", Token::Rnd(Round::TowardPositive)),
    ("ftz", Token::Ftz),
    ("oob", Token::Oob),
    ("sat", Token::Sat),
    ("relu", Token::Relu),
    ("NaN", Token::Nan),
    ("xorsign.abs", Token::XorsignAbs),
    ("abs", Token::Abs),
];

/// The single types (`.f32.f16` is two of them).
const TYPES: [(&str, FormType); 7] = [
    ("f16", FormType::F16),
    ("f16x2", FormType::F16x2),
    ("bf16", FormType::BF16),
    ("bf16x2", FormType::BF16x2),
    ("f32x2", FormType::F32x2),
    ("f32", FormType::F32),
    ("f64", FormType::F64),
];

const OTHER_TYPES: [&str; 13] = [
    "b8", "b16", "b32", "b64", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "pred",
];

fn classify(s: &str) -> Option<Token> {
    MODIFIERS
        .iter()
        .find(|(w, _)| *w == s)
        .map(|&(_, t)| t)
        .or_else(|| {
            TYPES
                .iter()
                .find(|(w, _)| *w == s)
                .map(|&(_, t)| Token::Type(t))
        })
}

/// "expected a modifier (.rn ... .xorsign.abs) or a type (.f16 ... .f64)".
fn expected() -> String {
    let mods: Vec<String> = MODIFIERS.iter().map(|(w, _)| format!(".{w}")).collect();
    let types: Vec<String> = TYPES.iter().map(|(w, _)| format!(".{w}")).collect();
    format!(
        "expected a modifier ({}) or a type ({})",
        mods.join(" "),
        types.join(" ")
    )
}

/// The slot order as messages say it: `.approx/.full .rnd .ftz .oob .sat/.relu .NaN .xorsign.abs .abs`.
const SLOT_ORDER: &str = ".approx/.full .rnd .ftz .oob .sat/.relu .NaN .xorsign.abs .abs";

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

/// The span of a piece including its leading dot, for messages about `.sat`.
fn with_dot(r: &Range<usize>) -> Range<usize> {
    r.start.saturating_sub(1)..r.end
}

impl Form {
    /// Parses `fma.rn.relu.bf16x2` (opcode, modifiers, types; no operands).
    ///
    /// Syntax-level errors only: unknown opcode, modifier or type; wrong
    /// modifier order; duplicates; `.sat` with `.relu`; modifiers a type does
    /// not take; and the spec's errata (docs/NVIDIA.md "Errata":
    /// `add.rz.f32.bf16.sat`, `fma.rz.sat.f32.f16.sat`). The span of an error
    /// is relative to `text` and points at the offending part; the message
    /// says what was expected, the help how to write it.
    pub fn parse(text: &str) -> Result<Form, Diagnostic> {
        parse_mode(text, false).map(|(f, _)| f)
    }

    /// Like [`Form::parse`], but accepts a misplaced, out-of-order or
    /// repeated modifier (the spec's errata `add.rz.f32.bf16.sat`,
    /// `fma.rz.sat.f32.f16.sat`) when the modifiers make a legal form,
    /// returning that form with a warning that says how to write it
    /// (docs/NVIDIA.md "Errata": with --lenient a misplaced or repeated modifier
    /// with a warning"). Every other error is still an error.
    pub fn parse_lenient(text: &str) -> Result<(Form, Vec<Diagnostic>), Diagnostic> {
        parse_mode(text, true)
    }
}

impl core::str::FromStr for Form {
    type Err = Diagnostic;
    fn from_str(s: &str) -> Result<Form, Diagnostic> {
        Form::parse(s)
    }
}

fn parse_mode(text: &str, lenient: bool) -> Result<(Form, Vec<Diagnostic>), Diagnostic> {
    let whole = 0..text.len();
    if text.trim().is_empty() {
        return Err(Diagnostic::error(
            whole,
            "expected an instruction form such as fma.rn.f16",
        ));
    }
    if let Some((i, c)) = text
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '.' || *c == '_'))
    {
        return Err(Diagnostic::error(
            i..i + c.len_utf8(),
            format!("unexpected character {c:?} in an instruction form"),
        )
        .with_help("write the opcode, modifiers and types joined by dots, e.g. fma.rn.relu.bf16x2 (no operands)"));
    }
    let ps = pieces(text);
    let (op_text, op_span) = ps[0].clone();
    let op = Opcode::parse(op_text).ok_or_else(|| {
        // `min`/`max` name two opcodes each (two and three inputs): once here.
        let mut names: Vec<&'static str> = Vec::new();
        for n in Opcode::ALL.iter().map(|o| o.name()) {
            if !names.contains(&n) {
                names.push(n);
            }
        }
        let d = Diagnostic::error(
            op_span.clone(),
            format!(
                "unknown opcode `{op_text}`: expected {}",
                table::or_list(&names)
            ),
        );
        match crate::opcodes::closest_in(op_text, &names) {
            Some(w) => d.with_help(format!("did you mean `{w}`?")),
            None => d,
        }
    })?;
    // Pass 1: every piece must be a known modifier or type (`.xorsign.abs`
    // is two pieces).
    let mut toks = Vec::new();
    let mut rest = ps[1..].iter().peekable();
    while let Some((s, span)) = rest.next() {
        if *s == "xorsign" {
            if let Some((_, abs)) = rest.next_if(|(n, _)| *n == "abs") {
                toks.push((Token::XorsignAbs, span.start..abs.end));
                continue;
            }
        }
        let Some(t) = classify(s) else {
            return Err(unknown_piece(op_text, s, span));
        };
        toks.push((t, span.clone()));
    }
    // Pass 2: fields, order, duplicates.
    let mut mods = Mods::default();
    let mut types: Vec<(FormType, &str, Range<usize>)> = Vec::new();
    let mut spans: [Option<Range<usize>>; 8] = Default::default();
    let mut last_slot: Option<Slot> = None;
    let mut problem: Option<Diagnostic> = None;
    let mut fatal = false; // the fields cannot make a form (duplicate value, .sat with .relu)
    for (t, span) in &toks {
        let name = &text[with_dot(span)];
        let Some(slot) = t.slot() else {
            if let Token::Type(ty) = t {
                types.push((*ty, &text[span.clone()], span.clone()));
            }
            continue;
        };
        let idx = slot as usize;
        if let Some(prev) = &spans[idx] {
            if problem.is_none() {
                let prev_text = &text[with_dot(prev)];
                problem = Some(if prev_text == name {
                    // docs/NVIDIA.md "Errata": 9.7.5.3 `fma.rz.sat.f32.f16.sat`.
                    Diagnostic::error(with_dot(span), format!("duplicate {name}"))
                } else if slot == Slot::Clamp {
                    fatal = true;
                    Diagnostic::error(
                        with_dot(span),
                        format!("{prev_text} and {name} exclude each other"),
                    )
                    .with_help("use .sat or .relu, not both")
                } else {
                    fatal = true;
                    Diagnostic::error(
                        with_dot(span),
                        format!("a second rounding modifier {name} after {prev_text}"),
                    )
                    .with_help("use one rounding modifier")
                });
            }
            continue;
        }
        spans[idx] = Some(span.clone());
        t.apply(&mut mods);
        if problem.is_none() {
            if !types.is_empty() {
                // docs/NVIDIA.md "Errata": 9.7.5.1 `add.rz.f32.bf16.sat`.
                problem = Some(Diagnostic::error(
                    with_dot(span),
                    format!("{name} must come before the types"),
                ));
            } else if last_slot.is_some_and(|l| l > slot) {
                problem = Some(Diagnostic::error(
                    with_dot(span),
                    format!("{name} is out of order: modifiers go in the order {SLOT_ORDER}"),
                ));
            }
        }
        last_slot = Some(last_slot.map_or(slot, |l| l.max(slot)));
    }
    let ty = match types.as_slice() {
        [] => {
            let end = text.len();
            return Err(Diagnostic::error(
                end..end,
                format!("missing type: expected .f16, .f16x2, .bf16, .bf16x2, .f32 or .f64 after `{text}`"),
            ));
        }
        [(t, _, _)] => *t,
        [(FormType::F32, _, _), (FormType::F16, _, _)] => FormType::F32F16,
        [(FormType::F32, _, _), (FormType::BF16, _, _)] => FormType::F32BF16,
        [(a_ty, a, _), (_, b, span), ..] => {
            let d = if types.len() > 2 {
                Diagnostic::error(
                    with_dot(&types[2].2),
                    "too many types: at most two (.f32.f16 or .f32.bf16)",
                )
            } else if *a_ty == FormType::F32 {
                Diagnostic::error(
                    with_dot(span),
                    format!("mixed precision takes .f32.f16 or .f32.bf16, not .f32.{b}"),
                )
            } else {
                Diagnostic::error(
                    with_dot(span),
                    format!("unexpected second type .{b} after .{a}: only .f32.f16 and .f32.bf16 have two types"),
                )
            };
            return Err(d.with_help("write one type, or .f32.f16 / .f32.bf16"));
        }
    };
    // 9.7.3.11/9.7.3.12: the three-input `min`/`max` are written as the
    // two-input ones; modifiers only the three-input line takes (`.abs`
    // alone) name it.
    let op = match op.other_arity() {
        Some(o) if legality(op, &mods, ty).is_err() && legality(o, &mods, ty).is_ok() => o,
        _ => op,
    };
    let mut warnings = Vec::new();
    if let Some(d) = problem {
        if fatal {
            return Err(d);
        }
        if lenient {
            if let Ok(f) = Form::new(op, mods, ty) {
                let mut w = d.with_help(format!("write {f}"));
                w.severity = crate::diag::Severity::Warning;
                warnings.push(w);
                return Ok((f, warnings));
            }
        }
        let help = match Form::new(op, mods, ty) {
            Ok(f) => format!("write {f}"),
            Err(e) => format!(
                "order: {op_text}{}.type; also: {e}",
                SLOT_ORDER.replace(' ', "")
            ),
        };
        return Err(d.with_help(help));
    }
    legality(op, &mods, ty).map_err(|e| {
        let span = match e.part {
            Part::Op => op_span.clone(),
            Part::Slot(s) => spans[s as usize]
                .clone()
                .map(|s| with_dot(&s))
                .unwrap_or(op_span.clone()),
        };
        Diagnostic::error(span, e.message).with_help(e.help)
    })?;
    Ok((Form::checked(op, mods, ty), warnings))
}

/// The error for a piece that is neither a modifier nor a type.
fn unknown_piece(op_text: &str, s: &str, span: &Range<usize>) -> Diagnostic {
    let expected = expected();
    let d = Diagnostic::error(
        with_dot(span),
        format!("unknown modifier or type `.{s}`: {expected}"),
    );
    if s.is_empty() {
        Diagnostic::error(with_dot(span), format!("empty modifier: {expected}"))
    } else if s == "type" {
        // docs/NVIDIA.md "Errata": 9.7.4.4 `fma.rnd.oob.{relu}.type` never defines `.type`.
        Diagnostic::error(
            with_dot(span),
            "`.type` is a placeholder in the spec's syntax line fma.rnd.oob.{relu}.type (9.7.4.4), not a type",
        )
        .with_help("write one of .f16, .f16x2, .bf16, .bf16x2")
    } else if s == "xorsign" {
        // 9.7.4.7: the modifier is `.xorsign.abs`, one word in two pieces.
        Diagnostic::error(
            with_dot(span),
            format!("`.{s}` alone is not a modifier: min and max take `.xorsign.abs`"),
        )
        .with_help("write .xorsign.abs")
    } else if OTHER_TYPES.contains(&s) {
        Diagnostic::error(
            with_dot(span),
            format!("{op_text}.{s} is not modelled by ptxfp: it models floating-point forms only"),
        )
        .with_help("use .f16, .f16x2, .bf16, .bf16x2, .f32, .f64 or .f32.f16/.f32.bf16")
    } else {
        let known: Vec<&'static str> = MODIFIERS
            .iter()
            .map(|(w, _)| *w)
            .chain(TYPES.iter().map(|(w, _)| *w))
            .collect();
        match crate::opcodes::closest_in(s, &known) {
            Some(w) => d.with_help(format!("did you mean `.{w}`?")),
            None => d,
        }
    }
}

/// True for an instruction the form parser answers for: an opcode of the
/// table with a 16-bit float type, or with `.f32`/`.f64` where the table has
/// that opcode on that type (`mad.f32`, `fma.rn.f32`, `min.f64`), and the
/// mixed `.f32.{f16,bf16}` forms. `add.f32`,
/// `mul.lo.s32`, `min.s32`... are not.
pub fn in_family(opcode: &str) -> bool {
    let root = opcode.split('.').next().unwrap_or("");
    let suffixes = || opcode.split('.').skip(1);
    let Some(op) = Opcode::parse(root) else {
        return false;
    };
    // The alternate floating-point types are `crate::alt`'s.
    if suffixes().any(|s| crate::alt::Lane::parse(s).is_some()) {
        return false;
    }
    // So are the packed mixed-precision lines (`add.f32x2.f16x2.f32x2`).
    if crate::mixed::Mixed::decode(opcode, true).is_some() {
        return false;
    }
    let half = suffixes().any(|s| matches!(s, "f16" | "f16x2" | "bf16" | "bf16x2"));
    // An opcode with no type at all (`fma.rn.oob.relu.type`, the 9.7.4.4
    // erratum, or a typo such as `add.rn.fp16`) is malformed, and the form
    // parser says exactly what is wrong with it.
    // PTX types ptxfp does not model (`cvt.rna.tf32.f32`) make an
    // instruction typed, outside the family, not an untyped typo.
    const UNMODELLED: &[&str] = &[
        "tf32", "e4m3x2", "e5m2x2", "e2m1x2", "e2m3x2", "e3m2x2", "ue8m0x2",
    ];
    // The integer table's packed types (`add.u16x2`, `min.s16x2`, 9.7.1)
    // are types too, though not PtxTypes.
    const INT_PACKED: &[&str] = &["u16x2", "s16x2", "u8x4", "s8x4"];
    let untyped = !suffixes()
        .any(|s| PtxType::parse(s).is_some() || UNMODELLED.contains(&s) || INT_PACKED.contains(&s));
    let wide = |ty: FormType| {
        suffixes().any(|s| s == &ty.suffix()[1..])
            && SYNTAX.iter().any(|r| r.op == op && r.types.contains(&ty))
    };
    half || untyped || wide(FormType::F32) || wide(FormType::F32x2) || wide(FormType::F64)
}

const fn v(major: u8, minor: u8) -> PtxVersion {
    PtxVersion::new(major, minor)
}

impl Form {
    /// The name of the requirement this form falls under, as messages print
    /// it (`mul.bf16`, `fma.relu.f16x2`, `mad.rz.f32`, `min.NaN.f32`): the
    /// opcode, the modifiers that carry a requirement of their own, the types.
    pub fn rule_name(&self) -> String {
        let mut s = String::from(self.op().name());
        if self.op() == Opcode::Mad {
            if let Some(rm) = self.rnd() {
                s += crate::form::round_suffix(rm);
            }
        }
        if self.oob() {
            s += ".oob";
        }
        if self.clamp() == Clamp::Relu {
            s += ".relu";
        }
        if self.nan() {
            s += ".NaN";
        }
        if self.xorsign_abs() {
            s += ".xorsign.abs";
        }
        s += self.ty().suffix();
        // 9.7.3.11: "`min` with three input arguments introduced in PTX ISA
        // version 8.8"/"requires sm_100 or higher": the rule is the arity.
        if matches!(self.op(), Opcode::Min3 | Opcode::Max3) {
            s += " with three inputs";
        }
        s
    }

    /// Checks this form against a module's `.version` and `.target`: the
    /// docs/NVIDIA.md "Forms, PTX ISA versions and targets" and the required-rounding rules of 9.7.3.7. Returns all
    /// diagnostics (errors and warnings), each spanning the canonical text
    /// (`0..len`) and naming its rule.
    pub fn validate(&self, version: PtxVersion, target: Target) -> Vec<Diagnostic> {
        let text = self.to_string();
        let span = 0..text.len();
        let rule = self.rule_name();
        let mut out = requirement(&rule, self.requires(), version, target, span.clone());
        match (self.op(), self.ty(), self.rnd()) {
            (Opcode::Mad, FormType::F32, None) if !target.is_sm1x() => {
                // 9.7.3.7 Errata: "for PTX ISA version 3.0 and earlier, ptxas does not
                // enforce this requirement and mad.f32 silently defaults to mad.rn.f32.
                // For PTX ISA version 3.1, ptxas generates a warning [...] and [...]
                // will enforce the requirement for PTX ISA version 3.2 and later."
                let msg = format!(
                    "mad.f32 requires a rounding modifier for sm_20 and higher targets from PTX ISA 3.2; the target is {target} and the module is {version}"
                );
                let help = match self.with_rnd(Some(self.rounding())) {
                    Some(f) => format!("write {f}"),
                    None => String::new(),
                };
                if version >= v(3, 2) {
                    out.push(Diagnostic::error(span.clone(), msg).with_help(help));
                } else if version == v(3, 1) {
                    out.push(
                        Diagnostic::warning(
                            span.clone(),
                            format!("{msg}; PTX ISA 3.1 defaults to .rn"),
                        )
                        .with_help(help),
                    );
                }
            }
            (Opcode::Mad, FormType::F64, None) if version >= v(1, 4) => {
                // 9.7.3.7: "In PTX ISA versions 1.4 and later, a rounding modifier is
                // required for mad.f64."
                out.push(
                    Diagnostic::error(
                        span.clone(),
                        format!("mad.f64 requires a rounding modifier from PTX ISA 1.4; the module is {version}"),
                    )
                    .with_help("write mad.rn.f64 (legacy mad.f64 means mad.rn.f64)"),
                );
            }
            (Opcode::Div | Opcode::Rcp | Opcode::Sqrt, FormType::F32 | FormType::F64, None)
                if self.approx() == crate::form::Approx::None && version >= v(1, 4) =>
            {
                // 9.7.3.8 (9.7.3.13, 9.7.3.15 alike): "For PTX ISA version 1.4
                // and later, one of .approx, .full, or .rnd is required."
                let o = self.op().name();
                let t = self.ty().suffix();
                let (what, legacy) = match (self.op(), self.ty()) {
                    (Opcode::Div, FormType::F32) => (" or .approx or .full", ".approx.ftz"),
                    (_, FormType::F32) => (" or .approx", ".approx.ftz"),
                    _ => ("", ".rn"),
                };
                let alt = if what.is_empty() {
                    String::new()
                } else {
                    format!(" or {o}.approx{t}")
                };
                out.push(
                    Diagnostic::error(
                        span.clone(),
                        format!("{o}{t} requires a rounding modifier{what} from PTX ISA 1.4; the module is {version}"),
                    )
                    .with_help(format!("write {o}.rn{t} (correctly rounded){alt}; legacy {o}{t} means {o}{legacy}{t}")),
                );
            }
            (op, _, None)
                if op.only_approx()
                    && self.approx() == crate::form::Approx::None
                    && version >= v(1, 4) =>
            {
                // 9.7.3.16-21: "For PTX ISA version 1.4 and later, the .approx
                // modifier is required."
                let o = op.name();
                let t = self.ty().suffix();
                let legacy = if self.ty() == FormType::F32 {
                    ".approx.ftz"
                } else {
                    ".approx"
                };
                out.push(
                    Diagnostic::error(
                        span.clone(),
                        format!(
                            "{o}{t} requires .approx from PTX ISA 1.4; the module is {version}"
                        ),
                    )
                    .with_help(format!(
                        "write {o}.approx{t}; legacy {o}{t} means {o}{legacy}{t}"
                    )),
                );
            }
            _ => {}
        }
        out
    }
}

/// The error when the module's `.version` predates its `.target`: ptxas
/// rejects such a module ("SM version specified by .target is higher than
/// default SM version supported"), whatever its instructions; `span` is
/// where to point.
pub fn header_error(
    version: PtxVersion,
    target: Target,
    span: core::ops::Range<usize>,
) -> Option<Diagnostic> {
    let min = target.min_ptx()?;
    // nvopencc 3.x and 4.0 wrote `.version 1.4` with `.target sm_20`, and
    // the driver of that time compiled it: NVIDIA's CUDA Samples ship such
    // a module for the JIT (matrixMulDynlinkJIT's
    // extras/matrixMul_kernel_64.ptx, "nvopencc 4.0 built on 2011-02-21";
    // testdata/kernels/cuda-samples/). So sm_20 is accepted from 1.4.
    if target == Target::sm(20) && version >= PtxVersion::new(1, 4) {
        return None;
    }
    (version < min).then(|| {
        Diagnostic::error(
            span,
            format!("`.target {target}` needs PTX ISA {min} or later, but the module is {version}: ptxas rejects this module"),
        )
        .with_help(format!("use .version {min} or later"))
    })
}

/// A fix from [`requirement`] or [`header_error`] ("use .version 7.8 or
/// later", "use .target sm_90 or higher") said for code whose version or
/// target came from a command-line flag: "use --ptx 7.8 or later".
pub fn help_for_flags(mut d: Diagnostic, version_flag: bool, target_flag: bool) -> Diagnostic {
    if let Some(h) = &d.help {
        if version_flag && h.starts_with("use .version ") {
            d.help = Some(h.replacen("use .version ", "use --ptx ", 1));
        } else if target_flag && h.starts_with("use .target ") {
            d.help = Some(h.replacen("use .target ", "use --target ", 1));
        }
    }
    d
}

/// The errors for an instruction (`rule`, e.g. "`cvt.rn.bf16x2.f32`") that
/// needs PTX ISA `min.0` and target `min.1` when the module says `version`
/// and `target`, each spanning `span` with the fix as help.
pub fn requirement(
    rule: &str,
    min: (PtxVersion, Target),
    version: PtxVersion,
    target: Target,
    span: core::ops::Range<usize>,
) -> Vec<Diagnostic> {
    let (min_ver, min_target) = min;
    let mut out = Vec::new();
    if version < min_ver {
        out.push(
            Diagnostic::error(
                span.clone(),
                format!("{rule} requires PTX ISA {min_ver} or later; the module is {version}"),
            )
            .with_help(format!("use .version {min_ver} or later")),
        );
    }
    if !target.at_least(min_target.sm) {
        out.push(
            Diagnostic::error(
                span,
                format!("{rule} requires {min_target} or higher; the target is {target}"),
            )
            .with_help(format!("use .target {min_target} or higher")),
        );
    }
    out
}
