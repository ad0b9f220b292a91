//! The packed mixed-precision instructions of PTX ISA 9.4 (9.7.5 "Mixed
//! Precision Floating-Point Instructions", the lines with `.f16x2`,
//! `.bf16x2` and `.f32x2` types; sm_107f): two lanes, each converted and
//! computed as the ISA's semantics block says.
//!
//! ```text
//! add{.rnd}.f32x2.atype2.f32x2          d, a, c;   // sub alike
//! add.rz.ftz.f16x2.f32x2.f32x2          d, a, c;
//! add.rz.bf16x2.f32x2.f32x2             d, a, c;
//! fma.rnd.f32x2.atype2.f32x2.f32x2      d, a, b, c;
//! mul.ftz.rz.f16x2.f32x2.f32x2          d, a, c;
//! mul.rz.bf16x2.f32x2.f32x2             d, a, c;
//! mul.bf16x2.bf16x2.f16x2               d, a, c;
//! mul.f16x2.f16x2.bf16x2                d, a, c;
//! .atype2 = { .f16x2, .bf16x2 };  .rnd = { .rn, .rz, .rm, .rp };
//! ```
//!
//! The scalar lines (`add{.rnd}{.sat}.f32.f16`, ...) are forms of the
//! float table (`crate::form::FormType::F32F16`). What these compute is
//! ptxfp-model's (`eval::mixed`).

use core::fmt;

use crate::diag::Diagnostic;
use crate::form::round_suffix;
use crate::target::{PtxVersion, Suffix, Target};
use crate::types::PtxType;
use ptxfp_float::Round;

/// The operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MixedOp {
    /// `add`.
    Add,
    /// `sub`.
    Sub,
    /// `mul`.
    Mul,
    /// `fma`.
    Fma,
}

impl MixedOp {
    const ALL: [MixedOp; 4] = [MixedOp::Add, MixedOp::Sub, MixedOp::Mul, MixedOp::Fma];

    /// The PTX name.
    pub fn name(self) -> &'static str {
        match self {
            MixedOp::Add => "add",
            MixedOp::Sub => "sub",
            MixedOp::Mul => "mul",
            MixedOp::Fma => "fma",
        }
    }
}

/// A half-precision lane format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Half {
    /// `.f16x2`.
    F16,
    /// `.bf16x2`.
    BF16,
}

impl Half {
    /// The packed type.
    pub fn x2(self) -> PtxType {
        match self {
            Half::F16 => PtxType::F16x2,
            Half::BF16 => PtxType::BF16x2,
        }
    }
    /// The other one.
    pub fn other(self) -> Half {
        match self {
            Half::F16 => Half::BF16,
            Half::BF16 => Half::F16,
        }
    }
}

/// Which line: the direction of the conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// `.f32x2.{h}x2.f32x2` (`fma`: `.f32x2.{h}x2.f32x2.f32x2`): "upconvert",
    /// `d[0:31] = convert(a[0:15]) + c[0:31]`; `fma`'s `b` is `.f32x2`.
    Up(Half),
    /// `.{h}x2.f32x2.f32x2`: "downconvert", `d[0:15] = convert(a[0:31] +
    /// c[0:31]); // Apply rz for output`.
    Down(Half),
    /// `mul.{h}x2.{h}x2.{other}x2`: "convert to dtype", `d[0:15] = a[0:15]
    /// * convert(c[0:15])`.
    Cross(Half),
}

/// One packed mixed-precision form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mixed {
    /// The operation.
    pub op: MixedOp,
    /// The rounding modifier as written.
    pub rnd: Option<Round>,
    /// `.ftz` (the `.f16x2` downconverting lines).
    pub ftz: bool,
    /// The line.
    pub shape: Shape,
}

/// "`add` with `.f16x2`/`.bf16x2`/`.f32x2` types introduced in PTX ISA
/// version 9.4" (`sub`, `fma` alike; `mul`: "Introduced in PTX ISA version
/// 9.4").
const INTRODUCED: PtxVersion = PtxVersion::new(9, 4);
/// "[...] is supported on following family-specific architectures: `sm_107f`
/// or higher in the same family".
const TARGETS: Suffix = Suffix::Family;

const ROUNDINGS: [(&str, Round); 4] = [
    ("rn", Round::NearestEven),
    ("rz", Round::TowardZero),
    ("rm", Round::TowardNegative),
    ("rp", Round::TowardPositive),
];

fn is_x2(s: &str) -> bool {
    matches!(s, "f32x2" | "f16x2" | "bf16x2")
}

impl Mixed {
    /// Every form of the nine syntax lines (36).
    pub fn all() -> Vec<Mixed> {
        let mut v = Vec::new();
        let rnds = || core::iter::once(None).chain(ROUNDINGS.map(|r| Some(r.1)));
        for op in [MixedOp::Add, MixedOp::Sub] {
            for h in [Half::F16, Half::BF16] {
                v.extend(rnds().map(|rnd| Mixed {
                    op,
                    rnd,
                    ftz: false,
                    shape: Shape::Up(h),
                }));
            }
        }
        for h in [Half::F16, Half::BF16] {
            v.extend(ROUNDINGS.map(|r| Mixed {
                op: MixedOp::Fma,
                rnd: Some(r.1),
                ftz: false,
                shape: Shape::Up(h),
            }));
        }
        for op in [MixedOp::Add, MixedOp::Sub, MixedOp::Mul] {
            for h in [Half::F16, Half::BF16] {
                v.push(Mixed {
                    op,
                    rnd: Some(Round::TowardZero),
                    ftz: h == Half::F16,
                    shape: Shape::Down(h),
                });
            }
        }
        for h in [Half::BF16, Half::F16] {
            v.push(Mixed {
                op: MixedOp::Mul,
                rnd: None,
                ftz: false,
                shape: Shape::Cross(h),
            });
        }
        v
    }

    /// Decodes an opcode with the packed mixed types: two different or
    /// three of `.f32x2`, `.f16x2`, `.bf16x2` (`None` for any other
    /// opcode). `reorder` takes modifiers out of the line's order with a
    /// warning.
    pub fn decode(
        opcode: &str,
        reorder: bool,
    ) -> Option<Result<(Mixed, Vec<Diagnostic>), Diagnostic>> {
        let mut parts = opcode.split('.');
        let root = parts.next()?;
        let op = MixedOp::ALL.into_iter().find(|o| o.name() == root)?;
        let rest: Vec<&str> = parts.collect();
        let types: Vec<&str> = rest.iter().copied().filter(|s| is_x2(s)).collect();
        let mixed = types.len() >= 3 || (types.len() == 2 && types[0] != types[1]);
        if !mixed {
            return None;
        }
        let span = 0..opcode.len();
        let lines = "add{.rnd}.f32x2.{f16x2,bf16x2}.f32x2, add.rz.ftz.f16x2.f32x2.f32x2, add.rz.bf16x2.f32x2.f32x2 (sub alike), fma.rnd.f32x2.{f16x2,bf16x2}.f32x2.f32x2, mul.ftz.rz.f16x2.f32x2.f32x2, mul.rz.bf16x2.f32x2.f32x2, mul.bf16x2.bf16x2.f16x2, mul.f16x2.f16x2.bf16x2";
        let bad = |why: String| {
            Some(Err(Diagnostic::error(
                span.clone(),
                format!("`{opcode}`: {why}"),
            )
            .with_help(format!(
                "the packed mixed-precision lines (PTX ISA 9.7.5) are {lines}"
            ))))
        };
        let (mut rnd, mut ftz) = (None, false);
        let mut order = Vec::new();
        let mut late = false;
        for s in &rest {
            if is_x2(s) {
                continue;
            }
            if let Some(&(_, r)) = ROUNDINGS.iter().find(|(n, _)| n == s) {
                if rnd.replace(r).is_some() {
                    return bad("two rounding modifiers".into());
                }
            } else if *s == "ftz" {
                if ftz {
                    return bad("duplicate `.ftz`".into());
                }
                ftz = true;
            } else {
                return bad(format!("`.{s}` is not a modifier of these lines"));
            }
            late |= rest.iter().position(|t| t == s) > rest.iter().position(|t| is_x2(t));
            order.push(*s);
        }
        let shape = match (op, types.as_slice()) {
            (MixedOp::Add | MixedOp::Sub, ["f32x2", "f16x2", "f32x2"]) => Shape::Up(Half::F16),
            (MixedOp::Add | MixedOp::Sub, ["f32x2", "bf16x2", "f32x2"]) => Shape::Up(Half::BF16),
            (MixedOp::Fma, ["f32x2", "f16x2", "f32x2", "f32x2"]) => Shape::Up(Half::F16),
            (MixedOp::Fma, ["f32x2", "bf16x2", "f32x2", "f32x2"]) => Shape::Up(Half::BF16),
            (MixedOp::Fma, ["f32x2", h @ ("f16x2" | "bf16x2"), b, "f32x2"]) if b == h => {
                return bad(format!(
                    "`b` is `.f32x2` (\".btype = .ctype = .dtype = {{ .f32x2 }}\"): write fma.rnd.f32x2.{h}.f32x2.f32x2 (docs/NVIDIA.md \"Errata\")"
                ))
            }
            (MixedOp::Add | MixedOp::Sub | MixedOp::Mul, ["f16x2", "f32x2", "f32x2"]) => {
                Shape::Down(Half::F16)
            }
            (MixedOp::Add | MixedOp::Sub | MixedOp::Mul, ["bf16x2", "f32x2", "f32x2"]) => {
                Shape::Down(Half::BF16)
            }
            (MixedOp::Mul, ["bf16x2", "bf16x2", "f16x2"]) => Shape::Cross(Half::BF16),
            (MixedOp::Mul, ["f16x2", "f16x2", "bf16x2"]) => Shape::Cross(Half::F16),
            _ => return bad("no line has these types".into()),
        };
        let m = Mixed {
            op,
            rnd,
            ftz,
            shape,
        };
        let Some(canon) = Mixed::all()
            .into_iter()
            .find(|f| f.op == m.op && f.shape == m.shape && f.ftz == m.ftz && (f.rnd == m.rnd))
        else {
            let want = match (op, shape) {
                (MixedOp::Fma, _) => {
                    "a rounding modifier (\"Rounding modifiers(no default)\")".to_string()
                }
                (_, Shape::Down(Half::F16)) => "`.rz` and `.ftz`, both".to_string(),
                (_, Shape::Down(Half::BF16)) => "`.rz` (and no `.ftz`)".to_string(),
                (_, Shape::Cross(_)) => "no modifier".to_string(),
                (_, Shape::Up(_)) => {
                    "`.rn`, `.rz`, `.rm`, `.rp` or none (and no `.ftz`)".to_string()
                }
            };
            return bad(format!("this line takes {want}"));
        };
        let mut warnings = Vec::new();
        let written: String = order.iter().map(|s| format!(".{s}")).collect();
        let canon_mods: String = canon.to_string()[op.name().len()..]
            .split('.')
            .filter(|s| !s.is_empty() && !is_x2(s))
            .map(|s| format!(".{s}"))
            .collect();
        if late || written != canon_mods {
            let why = if late {
                "modifiers come before the types"
            } else {
                "modifiers out of the syntax line's order"
            };
            if !reorder {
                return Some(Err(
                    Diagnostic::error(span, why).with_help(format!("write {canon}"))
                ));
            }
            warnings.push(Diagnostic::warning(span, why).with_help(format!("write {canon}")));
        }
        Some(Ok((canon, warnings)))
    }

    /// The destination's type.
    pub fn dest_type(&self) -> PtxType {
        match self.shape {
            Shape::Up(_) => PtxType::F32x2,
            Shape::Down(h) | Shape::Cross(h) => h.x2(),
        }
    }

    /// The sources' types, in operand order (`a, c`; `fma`: `a, b, c`).
    pub fn source_types(&self) -> Vec<PtxType> {
        match (self.op, self.shape) {
            (MixedOp::Fma, Shape::Up(h)) => vec![h.x2(), PtxType::F32x2, PtxType::F32x2],
            (_, Shape::Up(h)) => vec![h.x2(), PtxType::F32x2],
            (_, Shape::Down(_)) => vec![PtxType::F32x2, PtxType::F32x2],
            (_, Shape::Cross(h)) => vec![h.x2(), h.other().x2()],
        }
    }

    /// PTX ISA 9.4 and a target of the sm_107f family
    /// ([`Mixed::suffix_error`]).
    pub fn requires(&self) -> (PtxVersion, Target) {
        (INTRODUCED, Target::sm(107))
    }

    /// Why `target` lacks the form though its sm is high enough: a family
    /// (`f`) or architecture (`a`) target is needed.
    pub fn suffix_error(&self, version: PtxVersion, target: Target) -> Option<String> {
        TARGETS.error(version, target)
    }
}

impl fmt::Display for Mixed {
    /// The syntax line's spelling: `.rnd` then `.ftz`, except `mul`'s
    /// `.ftz.rz`; then the types.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.op.name())?;
        let rnd = self.rnd.map(round_suffix).unwrap_or("");
        let ftz = if self.ftz { ".ftz" } else { "" };
        if self.op == MixedOp::Mul {
            write!(f, "{ftz}{rnd}")?;
        } else {
            write!(f, "{rnd}{ftz}")?;
        }
        write!(f, ".{}", self.dest_type().name())?;
        for t in self.source_types() {
            write!(f, ".{}", t.name())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> Mixed {
        match Mixed::decode(s, false) {
            Some(Ok((m, w))) if w.is_empty() => m,
            other => panic!("{s}: {other:?}"),
        }
    }

    fn err(s: &str) -> String {
        match Mixed::decode(s, true) {
            Some(Err(d)) => d.message,
            other => panic!("{s}: {other:?}"),
        }
    }

    /// The 36 forms of the nine lines, each printed and decoded back;
    /// among them every spelling of a public test of all 36.
    #[test]
    fn every_form_round_trips() {
        let all = Mixed::all();
        assert_eq!(all.len(), 36);
        for m in &all {
            assert_eq!(ok(&m.to_string()), *m, "{m}");
        }
        for s in [
            "add.f32x2.f16x2.f32x2",
            "sub.rm.f32x2.bf16x2.f32x2",
            "fma.rp.f32x2.bf16x2.f32x2.f32x2",
            "add.rz.ftz.f16x2.f32x2.f32x2",
            "sub.rz.bf16x2.f32x2.f32x2",
            "mul.ftz.rz.f16x2.f32x2.f32x2",
            "mul.rz.bf16x2.f32x2.f32x2",
            "mul.bf16x2.bf16x2.f16x2",
            "mul.f16x2.f16x2.bf16x2",
        ] {
            assert_eq!(ok(s).to_string(), s);
        }
        let f = ok("fma.rn.f32x2.f16x2.f32x2.f32x2");
        assert_eq!(
            f.source_types(),
            [PtxType::F16x2, PtxType::F32x2, PtxType::F32x2]
        );
        assert_eq!(f.dest_type(), PtxType::F32x2);
        assert_eq!(
            ok("mul.f16x2.f16x2.bf16x2").source_types(),
            [PtxType::F16x2, PtxType::BF16x2]
        );
    }

    #[test]
    fn malformed_lines_say_why() {
        assert!(err("fma.f32x2.f16x2.f32x2.f32x2").contains("no default"));
        assert!(err("add.rn.f16x2.f32x2.f32x2").contains("`.rz` and `.ftz`, both"));
        assert!(err("add.rz.ftz.bf16x2.f32x2.f32x2").contains("`.rz` (and no `.ftz`)"));
        assert!(err("mul.rn.bf16x2.bf16x2.f16x2").contains("no modifier"));
        assert!(err("mul.f32x2.f16x2.f32x2").contains("no line has these types"));
        assert!(err("add.sat.f32x2.f16x2.f32x2").contains("not a modifier"));
        // The semantics block's `convert(b[0:15])` against the syntax's
        // `.btype = .f32x2`: the syntax wins, with a pointer.
        assert!(err("fma.rn.f32x2.f16x2.f16x2.f32x2").contains("`b` is `.f32x2`"));
        // Out of order: a warning with `reorder`, an error without.
        let Some(Ok((m, w))) = Mixed::decode("add.ftz.rz.f16x2.f32x2.f32x2", true) else {
            panic!()
        };
        assert_eq!(
            (m.to_string(), w.len()),
            ("add.rz.ftz.f16x2.f32x2.f32x2".to_string(), 1)
        );
        assert!(Mixed::decode("mul.rz.ftz.f16x2.f32x2.f32x2", false)
            .unwrap()
            .is_err());
        // Not this family's: one type, or the scalar mixed forms.
        assert!(Mixed::decode("add.rn.f16x2", false).is_none());
        assert!(Mixed::decode("add.f32x2", false).is_none());
        assert!(Mixed::decode("add.rn.f32.f16", false).is_none());
    }

    #[test]
    fn sm_107f_and_ptx_9_4() {
        let m = ok("add.f32x2.f16x2.f32x2");
        assert_eq!(m.requires(), (PtxVersion::new(9, 4), Target::sm(107)));
        let t = |s: &str| s.parse::<Target>().unwrap();
        assert_eq!(m.suffix_error(PtxVersion::new(9, 4), t("sm_107f")), None);
        assert_eq!(m.suffix_error(PtxVersion::new(9, 4), t("sm_107a")), None);
        assert!(m.suffix_error(PtxVersion::new(9, 4), t("sm_107")).is_some());
    }
}
