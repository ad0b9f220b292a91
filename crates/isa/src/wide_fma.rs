//! `fma` on `.f32` and `.f64` (PTX ISA §9.7.3.6), which nvcc emits for
//! every fused multiply-add in float and double code:
//!
//! ```text
//! fma.rnd{.ftz}{.sat}.f32  d, a, b, c;
//! fma.rnd.f64              d, a, b, c;
//! .rnd = { .rn, .rz, .rm, .rp };
//! ```
//!
//! ptxfp's forms (`Form`) model these as `mad`: 9.7.3.7 says "`mad.{f32,f64}`
//! is the same as `fma.{f32,f64}`" for `.target sm_20` and higher (the only
//! targets `fma.f32` exists on). The syntax and the version rules are fma's
//! own, and differ from mad's: `.rnd` has no default in any PTX ISA version
//! ("Rounding modifiers (no default)"), and 9.7.3.6's "PTX ISA Notes" give
//! "`fma.f64` introduced in PTX ISA version 1.4" and "`fma.f32` introduced
//! in PTX ISA version 2.0", its "Target ISA Notes" "`fma.f32` requires
//! `sm_20` or higher" and "`fma.f64` requires `sm_13` or higher". (9.7.3.6
//! is not quoted in docs/SPEC.md; docs/NVIDIA.md "Forms, PTX ISA versions and targets" gives its rules beside mad's.)

use crate::diag::Diagnostic;
use crate::form::{round_suffix, Clamp, Form, FormType, Mods, Opcode};
use crate::target::PtxVersion;
use crate::target::Target;
use core::fmt;
use core::ops::Range;
use ptxfp_float::Round;

/// A legal `fma.rnd{.ftz}{.sat}.f32` or `fma.rnd.f64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WideFma {
    rnd: Round,
    ftz: bool,
    sat: bool,
    f64: bool,
}

impl WideFma {
    /// Parses an opcode whose only type is `.f32` or `.f64` and whose root
    /// is `fma`; `None` for any other opcode (the half and mixed-precision
    /// `fma` forms are [`Form`]s). A diagnostic's span is relative to `text`
    /// and its help gives the spelling that works.
    pub fn parse(text: &str) -> Option<Result<WideFma, Diagnostic>> {
        let mut pieces = Vec::new();
        let mut off = 0;
        for p in text.split('.') {
            pieces.push((p, off..off + p.len()));
            off += p.len() + 1;
        }
        if pieces.first().map(|p| p.0) != Some("fma") {
            return None;
        }
        let types: Vec<&str> = pieces[1..]
            .iter()
            .map(|p| p.0)
            .filter(|p| crate::types::PtxType::parse(p).is_some())
            .collect();
        let f64 = match types.as_slice() {
            ["f32"] => false,
            ["f64"] => true,
            _ => return None,
        };
        Some(parse_pieces(&pieces[1..], f64))
    }

    /// The name of the rule that messages print: `fma.f32` or `fma.f64`.
    pub fn rule_name(&self) -> &'static str {
        if self.f64 {
            "fma.f64"
        } else {
            "fma.f32"
        }
    }

    /// Minimum PTX ISA version and target (9.7.3.6, module doc).
    pub fn requires(&self) -> (PtxVersion, Target) {
        if self.f64 {
            (PtxVersion::new(1, 4), Target::sm(13))
        } else {
            (PtxVersion::new(2, 0), Target::sm(20))
        }
    }

    /// Errors when the module's `.version` or `.target` is below
    /// [`WideFma::requires`], spanning the canonical text (`0..len`).
    pub fn validate(&self, version: PtxVersion, target: Target) -> Vec<Diagnostic> {
        let len = self.to_string().len();
        crate::syntax::requirement(self.rule_name(), self.requires(), version, target, 0..len)
    }

    /// The `mad` form that computes it (9.7.3.7: "the same as fma").
    pub fn as_mad(&self) -> Form {
        let (ty, clamp) = if self.f64 {
            (FormType::F64, Clamp::None)
        } else {
            (
                FormType::F32,
                if self.sat { Clamp::Sat } else { Clamp::None },
            )
        };
        let mods = Mods {
            rnd: Some(self.rnd),
            ftz: self.ftz,
            clamp,
            ..Mods::default()
        };
        // mad.rnd{.ftz}{.sat}.f32 and mad.rnd.f64 are rows of the table.
        Form::checked(Opcode::Mad, mods, ty)
    }
}

impl fmt::Display for WideFma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "fma{}{}{}{}",
            round_suffix(self.rnd),
            if self.ftz { ".ftz" } else { "" },
            if self.sat { ".sat" } else { "" },
            if self.f64 { ".f64" } else { ".f32" }
        )
    }
}

/// A modifier's place in `fma.rnd{.ftz}{.sat}.type`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Slot {
    Rnd,
    Ftz,
    Sat,
    Type,
}

fn parse_pieces(pieces: &[(&str, Range<usize>)], f64: bool) -> Result<WideFma, Diagnostic> {
    let ty = if f64 { "f64" } else { "f32" };
    let syntax = if f64 {
        "fma.rnd.f64"
    } else {
        "fma.rnd{.ftz}{.sat}.f32"
    };
    let dotted = |r: &Range<usize>| r.start.saturating_sub(1)..r.end;
    let mut rnd: Option<(Round, Range<usize>)> = None;
    let (mut ftz, mut sat) = (false, false);
    let mut last = None;
    let mut problem: Option<Diagnostic> = None;
    for (p, span) in pieces {
        let slot = match *p {
            "rn" | "rz" | "rm" | "rp" => {
                let rm = match *p {
                    "rn" => Round::NearestEven,
                    "rz" => Round::TowardZero,
                    "rm" => Round::TowardNegative,
                    _ => Round::TowardPositive,
                };
                if let Some((prev, _)) = &rnd {
                    return Err(Diagnostic::error(
                        dotted(span),
                        format!(
                            "a second rounding modifier .{p} after {}",
                            round_suffix(*prev)
                        ),
                    )
                    .with_help("use one rounding modifier"));
                }
                rnd = Some((rm, span.clone()));
                Slot::Rnd
            }
            "ftz" | "sat" if f64 => {
                return Err(Diagnostic::error(
                    dotted(span),
                    format!(".{p} is not allowed for fma.f64 (9.7.3.6: fma.rnd.f64)"),
                )
                .with_help(format!("remove .{p}")));
            }
            "ftz" | "sat" => {
                let seen = if *p == "ftz" { &mut ftz } else { &mut sat };
                if *seen {
                    return Err(Diagnostic::error(dotted(span), format!("duplicate .{p}")));
                }
                *seen = true;
                if *p == "ftz" {
                    Slot::Ftz
                } else {
                    Slot::Sat
                }
            }
            t if t == ty => Slot::Type,
            _ => {
                let expected = if f64 {
                    ".rn .rz .rm .rp"
                } else {
                    ".rn .rz .rm .rp .ftz .sat"
                };
                return Err(Diagnostic::error(
                    dotted(span),
                    format!("unknown modifier `.{p}` for fma.{ty}: expected {expected}"),
                )
                .with_help(format!("the syntax is {syntax}")));
            }
        };
        if problem.is_none() && last.is_some_and(|l| l >= slot) {
            let why = if last == Some(Slot::Type) {
                format!(".{p} must come before the type")
            } else {
                format!(".{p} is out of order: the syntax is {syntax}")
            };
            problem = Some(Diagnostic::error(dotted(span), why));
        }
        last = Some(last.map_or(slot, |l: Slot| l.max(slot)));
    }
    let Some((rnd, _)) = rnd else {
        // 9.7.3.6: "Rounding modifiers (no default)".
        let fixed = WideFma {
            rnd: Round::NearestEven,
            ftz,
            sat,
            f64,
        };
        return Err(Diagnostic::error(
            0..pieces.last().map_or(3, |p| p.1.end),
            format!("fma.{ty} requires a rounding modifier (9.7.3.6: .rnd has no default)"),
        )
        .with_help(format!("write {fixed} (or .rz, .rm, .rp)")));
    };
    let f = WideFma { rnd, ftz, sat, f64 };
    match problem {
        Some(d) => Err(d.with_help(format!("write {f}"))),
        None => Ok(f),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_and_rules() {
        let p = |s: &str| WideFma::parse(s).map(|r| r.map(|f| f.to_string()));
        assert_eq!(p("fma.rn.f32"), Some(Ok("fma.rn.f32".into())));
        assert_eq!(
            p("fma.rz.ftz.sat.f32"),
            Some(Ok("fma.rz.ftz.sat.f32".into()))
        );
        assert_eq!(p("fma.rm.f64"), Some(Ok("fma.rm.f64".into())));
        // Not this family: half, mixed precision, other opcodes.
        for s in ["fma.rn.f16", "fma.rn.f32.f16", "mad.rn.f32", "fma.rn"] {
            assert!(p(s).is_none(), "{s}");
        }
        let e = |s: &str| match WideFma::parse(s) {
            Some(Err(d)) => (d.message, d.help.unwrap_or_default(), d.span),
            other => panic!("{s}: {other:?}"),
        };
        let (m, h, span) = e("fma.f32");
        assert_eq!(
            m,
            "fma.f32 requires a rounding modifier (9.7.3.6: .rnd has no default)"
        );
        assert_eq!(h, "write fma.rn.f32 (or .rz, .rm, .rp)");
        assert_eq!(span, 0..7);
        assert_eq!(
            e("fma.ftz.f32").1,
            "write fma.rn.ftz.f32 (or .rz, .rm, .rp)"
        );
        assert_eq!(e("fma.f64").1, "write fma.rn.f64 (or .rz, .rm, .rp)");
        let (m, _, span) = e("fma.rn.ftz.f64");
        assert_eq!(m, ".ftz is not allowed for fma.f64 (9.7.3.6: fma.rnd.f64)");
        assert_eq!(span, 6..10);
        assert_eq!(
            e("fma.rn.rz.f32").0,
            "a second rounding modifier .rz after .rn"
        );
        assert_eq!(e("fma.rn.f32.ftz").0, ".ftz must come before the type");
        assert_eq!(e("fma.rn.f32.ftz").1, "write fma.rn.ftz.f32");
        assert_eq!(e("fma.sat.rn.f32").1, "write fma.rn.sat.f32");
        assert!(e("fma.rn.relu.f32").0.contains("unknown modifier `.relu`"));
        // fma's own version rules: f64 from PTX ISA 1.4 (mad.f64 from 1.0), f32 from 2.0.
        let f = |s: &str| WideFma::parse(s).unwrap().unwrap();
        let msgs = |s: &str, v: (u8, u8), sm: u16| {
            f(s).validate(PtxVersion::new(v.0, v.1), Target::sm(sm))
                .into_iter()
                .map(|d| d.message)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            msgs("fma.rn.f64", (1, 3), 13),
            ["fma.f64 requires PTX ISA 1.4 or later; the module is 1.3"]
        );
        assert!(msgs("fma.rn.f64", (1, 4), 13).is_empty());
        assert_eq!(
            msgs("fma.rn.f32", (1, 4), 13),
            [
                "fma.f32 requires PTX ISA 2.0 or later; the module is 1.4",
                "fma.f32 requires sm_20 or higher; the target is sm_13"
            ]
        );
        assert_eq!(
            f("fma.rz.ftz.sat.f32").as_mad().to_string(),
            "mad.rz.ftz.sat.f32"
        );
        assert_eq!(f("fma.rp.f64").as_mad().to_string(), "mad.rp.f64");
    }
}
