//! The syntax of the forms: the parser of form text, which opcodes it is
//! responsible for ([`in_family`]), and the version/target rules of NOTES.md
//! ("Forms, PTX ISA versions and targets").

use core::ops::Range;

use crate::diag::Diagnostic;
use crate::form::{legality, Clamp, Form, FormType, Opcode, Part};
use crate::target::{PtxVersion, Target};
use crate::types::PtxType;
use ptxfp_float::Round;

/// A modifier's slot in the documented order: `.rnd .ftz .oob .sat/.relu`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Slot {
    Rnd,
    Ftz,
    Oob,
    Clamp,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Rnd(Round),
    Ftz,
    Oob,
    Sat,
    Relu,
    Type(&'static str),
}

impl Token {
    fn slot(self) -> Option<Slot> {
        match self {
            Token::Rnd(_) => Some(Slot::Rnd),
            Token::Ftz => Some(Slot::Ftz),
            Token::Oob => Some(Slot::Oob),
            Token::Sat | Token::Relu => Some(Slot::Clamp),
            Token::Type(_) => None,
        }
    }
}

const TYPES: [&str; 6] = ["f16", "f16x2", "bf16", "bf16x2", "f32", "f64"];
const OTHER_TYPES: [&str; 13] = [
    "b8", "b16", "b32", "b64", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "pred",
];

fn classify(s: &str) -> Option<Token> {
    Some(match s {
        "rn" => Token::Rnd(Round::NearestEven),
        "rz" => Token::Rnd(Round::TowardZero),
        "rm" => Token::Rnd(Round::TowardNegative),
        "rp" => Token::Rnd(Round::TowardPositive),
        "ftz" => Token::Ftz,
        "oob" => Token::Oob,
        "sat" => Token::Sat,
        "relu" => Token::Relu,
        _ => Token::Type(TYPES.into_iter().find(|t| *t == s)?),
    })
}

const EXPECTED: &str =
    "expected a modifier (.rn .rz .rm .rp .ftz .oob .sat .relu) or a type (.f16 .f16x2 .bf16 .bf16x2 .f32 .f64)";

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
    /// not take; and the spec's errata (NOTES.md "Errata":
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
    /// (NOTES.md "Errata": "a lenient mode may accept a misplaced modifier
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
        let d = Diagnostic::error(
            op_span.clone(),
            format!("unknown opcode `{op_text}`: expected add, sub, mul, fma or mad"),
        );
        match crate::opcodes::closest_in(op_text, &["add", "sub", "mul", "fma", "mad"]) {
            Some(w) => d.with_help(format!("did you mean `{w}`?")),
            None => d,
        }
    })?;
    // Pass 1: every piece must be a known modifier or type.
    let mut toks = Vec::new();
    for (s, span) in &ps[1..] {
        let Some(t) = classify(s) else {
            let d = Diagnostic::error(
                with_dot(span),
                format!("unknown modifier or type `.{s}`: {EXPECTED}"),
            );
            let d = if s.is_empty() {
                Diagnostic::error(with_dot(span), format!("empty modifier: {EXPECTED}"))
            } else if *s == "type" {
                // NOTES.md "Errata": 9.7.4.4 `fma.rnd.oob.{relu}.type` never defines `.type`.
                Diagnostic::error(
                    with_dot(span),
                    "`.type` is a placeholder in the spec's syntax line fma.rnd.oob.{relu}.type (9.7.4.4), not a type",
                )
                .with_help("write one of .f16, .f16x2, .bf16, .bf16x2")
            } else if OTHER_TYPES.contains(s) {
                Diagnostic::error(
                    with_dot(span),
                    format!("{op_text}.{s} is not modelled by ptxfp: it models floating-point forms only"),
                )
                .with_help("use .f16, .f16x2, .bf16, .bf16x2, .f32, .f64 or .f32.f16/.f32.bf16")
            } else {
                const KNOWN: &[&str] = &[
                    "rn", "rz", "rm", "rp", "ftz", "sat", "relu", "oob", "f16", "f16x2", "bf16",
                    "bf16x2", "f32", "f64",
                ];
                match crate::opcodes::closest_in(s, KNOWN) {
                    Some(w) => d.with_help(format!("did you mean `.{w}`?")),
                    None => d,
                }
            };
            return Err(d);
        };
        toks.push((t, span.clone()));
    }
    // Pass 2: fields, order, duplicates.
    let mut rnd = None;
    let mut ftz = false;
    let mut oob = false;
    let mut clamp = Clamp::None;
    let mut types: Vec<(&'static str, Range<usize>)> = Vec::new();
    let mut spans: [Option<Range<usize>>; 4] = Default::default();
    let mut last_slot: Option<Slot> = None;
    let mut problem: Option<Diagnostic> = None;
    let mut fatal = false; // the fields cannot make a form (duplicate value, .sat with .relu)
    for (t, span) in &toks {
        let name = &text[with_dot(span)];
        let Some(slot) = t.slot() else {
            if let Token::Type(ty) = t {
                types.push((ty, span.clone()));
            }
            continue;
        };
        let idx = slot as usize;
        if let Some(prev) = &spans[idx] {
            if problem.is_none() {
                let prev_text = &text[with_dot(prev)];
                problem = Some(if prev_text == name {
                    // NOTES.md "Errata": 9.7.5.3 `fma.rz.sat.f32.f16.sat`.
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
        match t {
            Token::Rnd(rm) => rnd = Some(*rm),
            Token::Ftz => ftz = true,
            Token::Oob => oob = true,
            Token::Sat => clamp = Clamp::Sat,
            Token::Relu => clamp = Clamp::Relu,
            Token::Type(_) => {}
        }
        if problem.is_none() {
            if !types.is_empty() {
                // NOTES.md "Errata": 9.7.5.1 `add.rz.f32.bf16.sat`.
                problem = Some(Diagnostic::error(
                    with_dot(span),
                    format!("{name} must come before the types"),
                ));
            } else if last_slot.is_some_and(|l| l > slot) {
                problem = Some(Diagnostic::error(
                    with_dot(span),
                    format!(
                        "{name} is out of order: modifiers go in the order .rnd .ftz .oob .sat/.relu"
                    ),
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
        [(t, _)] => match *t {
            "f16" => FormType::F16,
            "f16x2" => FormType::F16x2,
            "bf16" => FormType::BF16,
            "bf16x2" => FormType::BF16x2,
            "f32" => FormType::F32,
            _ => FormType::F64,
        },
        [("f32", _), ("f16", _)] => FormType::F32F16,
        [("f32", _), ("bf16", _)] => FormType::F32BF16,
        [(a, _), (b, span), ..] => {
            let d = if types.len() > 2 {
                Diagnostic::error(
                    with_dot(&types[2].1),
                    "too many types: at most two (.f32.f16 or .f32.bf16)",
                )
            } else if *a == "f32" {
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
    let mut warnings = Vec::new();
    if let Some(d) = problem {
        if fatal {
            return Err(d);
        }
        if lenient {
            if let Ok(f) = Form::new(op, rnd, ftz, oob, clamp, ty) {
                let mut w = d.with_help(format!("write {f}"));
                w.severity = crate::diag::Severity::Warning;
                warnings.push(w);
                return Ok((f, warnings));
            }
        }
        let help = match Form::new(op, rnd, ftz, oob, clamp, ty) {
            Ok(f) => format!("write {f}"),
            Err(e) => format!("order: {op_text}.rnd.ftz.oob.sat/relu.type; also: {e}"),
        };
        return Err(d.with_help(help));
    }
    legality(op, rnd, ftz, oob, clamp, ty).map_err(|e| {
        let span = match e.part {
            Part::Op => op_span.clone(),
            Part::Rnd => spans[0]
                .clone()
                .map(|s| with_dot(&s))
                .unwrap_or(op_span.clone()),
            Part::Ftz => spans[1]
                .clone()
                .map(|s| with_dot(&s))
                .unwrap_or(op_span.clone()),
            Part::Oob => spans[2]
                .clone()
                .map(|s| with_dot(&s))
                .unwrap_or(op_span.clone()),
            Part::Clamp => spans[3]
                .clone()
                .map(|s| with_dot(&s))
                .unwrap_or(op_span.clone()),
        };
        Diagnostic::error(span, e.message).with_help(e.help)
    })?;
    Ok((Form::from_parts(op, rnd, ftz, oob, clamp, ty), warnings))
}

/// True for an instruction of the family ptxfp models: add/sub/mul/fma
/// with a 16-bit float type, `mad` and `fma` on `.f32`/`.f64`, and the mixed
/// `.f32.{f16,bf16}` forms. `add.f32`, `mul.lo.s32`... are not.
pub fn in_family(opcode: &str) -> bool {
    let root = opcode.split('.').next().unwrap_or("");
    let suffixes = || opcode.split('.').skip(1);
    if !matches!(root, "add" | "sub" | "mul" | "fma" | "mad") {
        return false;
    }
    let half = suffixes().any(|s| matches!(s, "f16" | "f16x2" | "bf16" | "bf16x2"));
    // An opcode with no type at all (`fma.rn.oob.relu.type`, the 9.7.4.4
    // erratum, or a typo such as `add.rn.fp16`) is malformed, and the form
    // parser says exactly what is wrong with it.
    // PTX types ptxfp does not model (`add.rn.f32x2`, sm_100) make an
    // instruction typed, outside the family, not an untyped typo.
    const UNMODELLED: &[&str] = &[
        "f32x2", "tf32", "e4m3x2", "e5m2x2", "e2m1x2", "e2m3x2", "e3m2x2", "ue8m0x2",
    ];
    let untyped = !suffixes().any(|s| PtxType::parse(s).is_some() || UNMODELLED.contains(&s));
    let wide = suffixes().any(|s| matches!(s, "f32" | "f64"));
    half || untyped || (matches!(root, "mad" | "fma") && wide)
}

const fn v(major: u8, minor: u8) -> PtxVersion {
    PtxVersion::new(major, minor)
}

impl Form {
    /// The name of the rule in NOTES.md's table that this form falls under,
    /// as messages print it (`mul.bf16`, `fma.relu.f16x2`, `mad.rz.f32`).
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
        s + self.ty().suffix()
    }

    /// Minimum PTX ISA version and target of this form (NOTES.md table
    /// "Forms, PTX ISA versions and targets").
    pub fn requires(&self) -> (PtxVersion, Target) {
        let (ver, sm) = match (self.op(), self.ty()) {
            // 9.7.5: "introduced in PTX ISA version 8.6", "requires sm_100 or higher".
            (_, t) if t.is_mixed() => (v(8, 6), 100),
            // 9.7.4.4: "Support for modifier .oob introduced in PTX ISA version 8.1";
            // "fma{.oob}.{f16, f16x2, bf16, bf16x2} requires sm_90 or higher".
            (Opcode::Fma, _) if self.oob() => (v(8, 1), 90),
            // 9.7.4.4: "fma.relu.{f16, f16x2} and fma{.relu}.{bf16, bf16x2} introduced in
            // PTX ISA version 7.0" / "require sm_80 or higher".
            (Opcode::Fma, t) if t.is_bf16() || self.clamp() == Clamp::Relu => (v(7, 0), 80),
            // 9.7.4.1/9.7.4.3: "add{.rnd}.bf16 ... introduced in PTX ISA version 7.8",
            // "requires sm_90 or higher".
            (_, t) if t.is_bf16() => (v(7, 8), 90),
            // 9.7.4: "Introduced in PTX ISA version 4.2", "Requires sm_53 or higher".
            (_, t) if t.is_half() => (v(4, 2), 53),
            // 9.7.3.7: ".rn, .rz, .rm, .rp for mad.f32, requires sm_20 or higher";
            // NOTES.md: PTX ISA 2.0.
            (_, FormType::F32) if self.rnd().is_some() => (v(2, 0), 20),
            // 9.7.3.7: "mad.f32 supported on all target architectures".
            (_, FormType::F32) => (v(1, 0), 10),
            // 9.7.3.7: "mad.f64 requires sm_13 or higher".
            _ => (v(1, 0), 13),
        };
        (ver, Target::sm(sm))
    }

    /// Checks this form against a module's `.version` and `.target`: the
    /// NOTES.md table and the required-rounding rules of 9.7.3.7. Returns all
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
                let help = format!("write {}", self.with_rn());
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
            _ => {}
        }
        out
    }

    /// The same form with `.rn` written (for help texts).
    fn with_rn(&self) -> Form {
        Form::from_parts(
            self.op(),
            Some(self.rounding()),
            self.ftz(),
            self.oob(),
            self.clamp(),
            self.ty(),
        )
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
