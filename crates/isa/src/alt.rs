//! The alternate floating-point instructions (PTX ISA 9.4, 9.7.6
//! "Alternate Floating-Point Instructions"): `add`, `sub`, `mul` and `fma`
//! on four FP8, FP6, FP4 or UE8M0 values packed in a register, "added in
//! parallel with an infinite precision" and rounded to four FP8 values.
//! NVFP4 dequantization multiplies FP4 codes by an FP8 scale this way
//! (`mul.rn.satfinite.e4m3x4.e2m1x4.e4m3x4`, QMUL4).
//!
//! ```text
//! add{.rnd}{.satfinite}.cdtype.atype         d, a, c;
//! sub{.rnd}{.satfinite}.cdtype.atype         d, a, c;
//! mul{.rnd}{.satfinite}.dtype.atype.ctype    d, a, c;
//! fma{.rnd}{.satfinite}.cdtype.atype.btype   d, a, b, c;
//! .cdtype = .dtype = { .e5m2x4, .e4m3x4 };
//! .atype = .btype = .ctype = { .e5m2x4, .e4m3x4, .e3m2x4, .e2m3x4,
//!                              .e2m1x4, .e2m1p4x4, .ue8m0x4 };
//! .rnd = { .rn };
//! ```
//!
//! Decoded once from the opcode; what a form computes is ptxfp-model's
//! (`eval::alt`).

use core::fmt;

use crate::diag::Diagnostic;
use crate::target::{PtxVersion, Suffix, Target};
use crate::types::PtxType;

/// The operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AltOpcode {
    /// `add`: "`d[i] = iA[i] + iC[i]`".
    Add,
    /// `sub`: "`d[i] = iA[i] - iC[i]`".
    Sub,
    /// `mul`: "`d[i] = iA[i] * iC[i]`".
    Mul,
    /// `fma`: "`d[i] = iA[i] * iB[i] + iC[i]`".
    Fma,
}

impl AltOpcode {
    /// All four, in the order [`Alt::all`] lists them.
    pub const ALL: [AltOpcode; 4] = [
        AltOpcode::Add,
        AltOpcode::Sub,
        AltOpcode::Mul,
        AltOpcode::Fma,
    ];

    /// The PTX name.
    pub fn name(self) -> &'static str {
        match self {
            AltOpcode::Add => "add",
            AltOpcode::Sub => "sub",
            AltOpcode::Mul => "mul",
            AltOpcode::Fma => "fma",
        }
    }

    fn parse(s: &str) -> Option<AltOpcode> {
        AltOpcode::ALL.into_iter().find(|o| o.name() == s)
    }

    /// The number of types the opcode writes: `.cdtype.atype` for `add`
    /// and `sub`, three for `mul` (`.dtype.atype.ctype`) and `fma`
    /// (`.cdtype.atype.btype`).
    fn types(self) -> usize {
        match self {
            AltOpcode::Add | AltOpcode::Sub => 2,
            AltOpcode::Mul | AltOpcode::Fma => 3,
        }
    }

    fn syntax(self) -> &'static str {
        match self {
            AltOpcode::Add => "add{.rn}{.satfinite}.cdtype.atype",
            AltOpcode::Sub => "sub{.rn}{.satfinite}.cdtype.atype",
            AltOpcode::Mul => "mul{.rn}{.satfinite}.dtype.atype.ctype",
            AltOpcode::Fma => "fma{.rn}{.satfinite}.cdtype.atype.btype",
        }
    }
}

/// One lane's format: a packed type of four lanes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lane {
    /// `.e5m2x4`: OFP8 E5M2 (∞ and NaNs), one per byte.
    E5m2,
    /// `.e4m3x4`: OFP8 E4M3 (NaN `S.1111.111`, no ∞), one per byte.
    E4m3,
    /// `.e3m2x4`: FP6 E3M2, in the low 6 bits of each byte.
    E3m2,
    /// `.e2m3x4`: FP6 E2M3, in the low 6 bits of each byte.
    E2m3,
    /// `.e2m1x4`: FP4 E2M1, four nibbles of a `.b16`.
    E2m1,
    /// `.e2m1p4x4`: FP4 E2M1 "padded", in the low 4 bits of each byte of a
    /// `.b32`.
    E2m1p4,
    /// `.ue8m0x4`: UE8M0 scale factors, 2^(code - 127), code 0xff NaN.
    Ue8m0,
}

impl Lane {
    /// All seven, in the syntax line's order.
    pub const ALL: [Lane; 7] = [
        Lane::E5m2,
        Lane::E4m3,
        Lane::E3m2,
        Lane::E2m3,
        Lane::E2m1,
        Lane::E2m1p4,
        Lane::Ue8m0,
    ];
    /// The destination formats (`.cdtype = { .e5m2x4, .e4m3x4 }`).
    pub const DESTINATIONS: [Lane; 2] = [Lane::E5m2, Lane::E4m3];

    /// The type's name without the dot (`"e2m1p4x4"`).
    pub fn name(self) -> &'static str {
        match self {
            Lane::E5m2 => "e5m2x4",
            Lane::E4m3 => "e4m3x4",
            Lane::E3m2 => "e3m2x4",
            Lane::E2m3 => "e2m3x4",
            Lane::E2m1 => "e2m1x4",
            Lane::E2m1p4 => "e2m1p4x4",
            Lane::Ue8m0 => "ue8m0x4",
        }
    }

    /// The type named `s` (without the dot).
    pub fn parse(s: &str) -> Option<Lane> {
        Lane::ALL.into_iter().find(|l| l.name() == s)
    }

    /// The register an operand of this type is: "When `.atype` is
    /// `.e2m1x4`, operand `a` must be of type `.b16`; otherwise operand `a`
    /// must be of type `.b32`".
    pub fn register(self) -> PtxType {
        match self {
            Lane::E2m1 => PtxType::B16,
            _ => PtxType::B32,
        }
    }

    /// The width of one lane's code in bits.
    pub fn width(self) -> u32 {
        match self {
            Lane::E5m2 | Lane::E4m3 | Lane::Ue8m0 => 8,
            Lane::E3m2 | Lane::E2m3 => 6,
            Lane::E2m1 | Lane::E2m1p4 => 4,
        }
    }

    /// Lane `i`'s code in register bits `x`, as the semantics extract it:
    /// "`iA[0] = a[0:7]`" (FP8, UE8M0), "`iA[0] = a[0:5]; iA[1] =
    /// a[8:13]`" (FP6), "`iA[0] = a[0:3]; iA[1] = a[8:11]`" (`.e2m1p4x4`),
    /// "`iA[0] = a[0:3]; iA[1] = a[4:7]`" (`.e2m1x4`). The bits between
    /// lanes are not read.
    pub fn code(self, x: u64, i: usize) -> u64 {
        let step = if self == Lane::E2m1 { 4 } else { 8 };
        (x >> (step * i)) & ((1 << self.width()) - 1)
    }
}

/// One alternate floating-point form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Alt {
    /// The operation.
    pub op: AltOpcode,
    /// `.rn` written ("The default value of rounding modifier is `.rn`").
    pub rn: bool,
    /// `.satfinite`.
    pub satfinite: bool,
    /// `.cdtype`/`.dtype`: [`Lane::E5m2`] or [`Lane::E4m3`].
    pub dst: Lane,
    /// `.atype`.
    pub a: Lane,
    /// `mul`'s `.ctype` or `fma`'s `.btype`; for `add`/`sub`, `.cdtype`.
    pub b: Lane,
}

/// "`add` with `.e5m2x4`, `.e4m3x4`, `.e3m2x4`, `.e2m3x4`, `.e2m1x4`,
/// `.e2m1p4x4`, `.ue8m0x4` as instruction types introduced in PTX ISA
/// version 9.4" (and `sub`, `mul`, `fma` alike).
const INTRODUCED: PtxVersion = PtxVersion::new(9, 4);
/// "[...] is supported on the following architectures: `sm_100a`,
/// `sm_103a`".
const TARGETS: Suffix = Suffix::ArchIn(&[100, 103]);

impl Alt {
    /// Decodes an `add`/`sub`/`mul`/`fma` opcode that names one of the
    /// alternate types (`None` for any other opcode). `reorder` takes
    /// modifiers after the types or out of order with a warning (the ISA's
    /// own examples write `add.rn.e5m2x4.e4m3x4.satfinite`; docs/NVIDIA.md
    /// "Errata").
    pub fn decode(
        opcode: &str,
        reorder: bool,
    ) -> Option<Result<(Alt, Vec<Diagnostic>), Diagnostic>> {
        let mut parts = opcode.split('.');
        let op = AltOpcode::parse(parts.next()?)?;
        let rest: Vec<&str> = parts.collect();
        if !rest.iter().any(|s| Lane::parse(s).is_some()) {
            return None;
        }
        Some(Self::decode_rest(opcode, op, &rest, reorder))
    }

    fn decode_rest(
        opcode: &str,
        op: AltOpcode,
        rest: &[&str],
        reorder: bool,
    ) -> Result<(Alt, Vec<Diagnostic>), Diagnostic> {
        let span = 0..opcode.len();
        let bad = |why: String| {
            Diagnostic::error(span.clone(), format!("`{opcode}`: {why}"))
                .with_help(format!("the syntax is {} (PTX ISA 9.7.6)", op.syntax()))
        };
        let mut types = Vec::new();
        let (mut rn, mut satfinite) = (false, false);
        // The first modifier written after a type, with its span.
        let mut late: Option<(&str, core::ops::Range<usize>)> = None;
        let mut at = op.name().len();
        let mut out_of_order = false;
        for s in rest {
            let here = at..at + 1 + s.len();
            at = here.end;
            if let Some(l) = Lane::parse(s) {
                types.push(l);
                continue;
            }
            let seen = match *s {
                "rn" => {
                    out_of_order |= satfinite;
                    &mut rn
                }
                "satfinite" => &mut satfinite,
                "rz" | "rm" | "rp" | "rna" | "rs" => {
                    return Err(bad(format!(
                        "`.{s}` is not a rounding of this form: \".rnd = {{ .rn }}\""
                    )))
                }
                _ => {
                    return Err(bad(format!(
                        "`.{s}` is not a modifier of this form: it takes `.rn` and `.satfinite`"
                    )))
                }
            };
            if *seen {
                return Err(bad(format!("duplicate `.{s}`")));
            }
            *seen = true;
            if !types.is_empty() {
                late.get_or_insert((*s, here));
            }
        }
        if types.len() != op.types() {
            let want = match op {
                AltOpcode::Add | AltOpcode::Sub => "two types, `.cdtype.atype`",
                AltOpcode::Mul => "three types, `.dtype.atype.ctype`",
                AltOpcode::Fma => "three types, `.cdtype.atype.btype`",
            };
            return Err(bad(format!(
                "{} takes {want}; {} are written",
                op.name(),
                types.len()
            )));
        }
        if !Lane::DESTINATIONS.contains(&types[0]) {
            return Err(bad(format!(
                "the destination type `.{}` is not `.e5m2x4` or `.e4m3x4`",
                types[0].name()
            )));
        }
        let alt = Alt {
            op,
            rn,
            satfinite,
            dst: types[0],
            a: types[1],
            b: types.get(2).copied().unwrap_or(types[0]),
        };
        let mut warnings = Vec::new();
        if late.is_some() || out_of_order {
            let (why, span) = match late {
                Some((m, at)) => (format!(".{m} must come before the types"), at),
                None => (".rn must come before .satfinite".to_string(), span),
            };
            if !reorder {
                return Err(Diagnostic::error(span, why).with_help(format!("write {alt}")));
            }
            warnings.push(Diagnostic::warning(span, why).with_help(format!("write {alt}")));
        }
        Ok((alt, warnings))
    }

    /// The registers of the sources, in operand order: `a, c` (`add`,
    /// `sub`, `mul`) or `a, b, c` (`fma`). "Operands `d` and `c` must be of
    /// type `.b32`" (`add`, `sub`, `fma`); `mul`'s `c` is `.b16` when
    /// `.ctype` is `.e2m1x4`.
    pub fn source_types(&self) -> Vec<PtxType> {
        match self.op {
            AltOpcode::Add | AltOpcode::Sub => vec![self.a.register(), PtxType::B32],
            AltOpcode::Mul => vec![self.a.register(), self.b.register()],
            AltOpcode::Fma => vec![self.a.register(), self.b.register(), PtxType::B32],
        }
    }

    /// The formats of the sources' lanes, in operand order.
    pub fn source_lanes(&self) -> Vec<Lane> {
        match self.op {
            AltOpcode::Add | AltOpcode::Sub => vec![self.a, self.dst],
            AltOpcode::Mul => vec![self.a, self.b],
            AltOpcode::Fma => vec![self.a, self.b, self.dst],
        }
    }

    /// PTX ISA 9.4 and `sm_100a`/`sm_103a` (the target suffix:
    /// [`Alt::suffix_error`]).
    pub fn requires(&self) -> (PtxVersion, Target) {
        (INTRODUCED, Target::sm(100))
    }

    /// Why `target` cannot run the form though its sm is high enough: only
    /// `sm_100a` and `sm_103a` have it.
    pub fn suffix_error(&self, version: PtxVersion, target: Target) -> Option<String> {
        TARGETS.error(version, target)
    }

    /// Every form, each spelled canonically: with and without `.rn` and
    /// `.satfinite`, for every combination of types (896 forms).
    pub fn all() -> Vec<Alt> {
        let mut v = Vec::new();
        for op in AltOpcode::ALL {
            for dst in Lane::DESTINATIONS {
                for a in Lane::ALL {
                    let bs: &[Lane] = match op {
                        AltOpcode::Add | AltOpcode::Sub => &[dst],
                        AltOpcode::Mul | AltOpcode::Fma => &Lane::ALL,
                    };
                    for &b in bs {
                        for rn in [false, true] {
                            for satfinite in [false, true] {
                                v.push(Alt {
                                    op,
                                    rn,
                                    satfinite,
                                    dst,
                                    a,
                                    b,
                                });
                            }
                        }
                    }
                }
            }
        }
        v
    }
}

impl fmt::Display for Alt {
    /// The syntax line's order: `.rn`, `.satfinite`, then the types.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.op.name())?;
        if self.rn {
            f.write_str(".rn")?;
        }
        if self.satfinite {
            f.write_str(".satfinite")?;
        }
        write!(f, ".{}.{}", self.dst.name(), self.a.name())?;
        if self.op.types() == 3 {
            write!(f, ".{}", self.b.name())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> Alt {
        match Alt::decode(s, false) {
            Some(Ok((a, w))) if w.is_empty() => a,
            other => panic!("{s}: {other:?}"),
        }
    }

    fn err(s: &str, reorder: bool) -> String {
        match Alt::decode(s, reorder) {
            Some(Err(d)) => d.message,
            other => panic!("{s}: {other:?}"),
        }
    }

    #[test]
    fn every_form_prints_and_decodes_back() {
        let all = Alt::all();
        // add/sub: 2 × 7 × 4; mul/fma: 2 × 7 × 7 × 4.
        assert_eq!(all.len(), 2 * (2 * 7 * 4) + 2 * (2 * 7 * 7 * 4));
        for f in all {
            assert_eq!(ok(&f.to_string()), f, "{f}");
        }
    }

    #[test]
    fn the_isa_examples_decode() {
        let q = ok("mul.rn.satfinite.e4m3x4.e2m1x4.e4m3x4");
        assert_eq!(
            (q.op, q.dst, q.a, q.b),
            (AltOpcode::Mul, Lane::E4m3, Lane::E2m1, Lane::E4m3)
        );
        assert_eq!(q.source_types(), [PtxType::B16, PtxType::B32]);
        let f = ok("fma.rn.e4m3x4.ue8m0x4.e5m2x4");
        assert_eq!(f.source_types(), [PtxType::B32; 3]);
        assert_eq!(f.source_lanes(), [Lane::Ue8m0, Lane::E5m2, Lane::E4m3]);
        // The examples put .satfinite after the types: a warning with
        // `reorder`, an error without.
        for (s, canon) in [
            (
                "add.rn.e5m2x4.e4m3x4.satfinite",
                "add.rn.satfinite.e5m2x4.e4m3x4",
            ),
            (
                "mul.rn.e5m2x4.e3m2x4.e2m1x4.satfinite",
                "mul.rn.satfinite.e5m2x4.e3m2x4.e2m1x4",
            ),
            (
                "fma.rn.e5m2x4.ue8m0x4.e2m1p4x4.satfinite",
                "fma.rn.satfinite.e5m2x4.ue8m0x4.e2m1p4x4",
            ),
            (
                "sub.satfinite.rn.e5m2x4.ue8m0x4",
                "sub.rn.satfinite.e5m2x4.ue8m0x4",
            ),
        ] {
            let Some(Ok((a, w))) = Alt::decode(s, true) else {
                panic!("{s}")
            };
            assert_eq!(a.to_string(), canon);
            assert_eq!(w.len(), 1, "{s}");
            assert!(!w[0].is_error());
            assert!(err(s, false).contains("must come before"), "{s}");
        }
    }

    #[test]
    fn malformed_forms_say_why() {
        assert!(err("add.rz.e4m3x4.e4m3x4", true).contains(".rnd = { .rn }"));
        assert!(err("add.sat.e4m3x4.e4m3x4", true).contains("takes `.rn` and `.satfinite`"));
        assert!(err("mul.e4m3x4.e2m1x4", true).contains("three types"));
        assert!(err("add.e4m3x4.e2m1x4.e2m1x4", true).contains("two types"));
        assert!(err("add.e2m1x4.e4m3x4", true).contains("not `.e5m2x4` or `.e4m3x4`"));
        assert!(err("add.rn.rn.e4m3x4.e4m3x4", true).contains("duplicate"));
        // Other opcodes and types are not this family's.
        assert!(Alt::decode("add.rn.f16", false).is_none());
        assert!(Alt::decode("cvt.rn.satfinite.e4m3x2.f32", false).is_none());
    }

    #[test]
    fn lanes_are_extracted_as_the_semantics_write() {
        let x = 0x9f8f_7f6f_u64;
        assert_eq!(
            (0..4).map(|i| Lane::E4m3.code(x, i)).collect::<Vec<_>>(),
            [0x6f, 0x7f, 0x8f, 0x9f]
        );
        assert_eq!(
            (0..4).map(|i| Lane::E3m2.code(x, i)).collect::<Vec<_>>(),
            [0x2f, 0x3f, 0x0f, 0x1f]
        );
        assert_eq!(
            (0..4).map(|i| Lane::E2m1p4.code(x, i)).collect::<Vec<_>>(),
            [0xf; 4]
        );
        assert_eq!(
            (0..4)
                .map(|i| Lane::E2m1.code(0x4321, i))
                .collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
    }

    #[test]
    fn only_sm_100a_and_sm_103a() {
        let f = ok("add.e4m3x4.e4m3x4");
        assert_eq!(f.requires(), (PtxVersion::new(9, 4), Target::sm(100)));
        let t = |s: &str| s.parse::<Target>().unwrap();
        for good in ["sm_100a", "sm_103a"] {
            assert_eq!(
                f.suffix_error(PtxVersion::new(9, 4), t(good)),
                None,
                "{good}"
            );
        }
        for bad in ["sm_100", "sm_100f", "sm_103f", "sm_107a", "sm_120a"] {
            assert!(
                f.suffix_error(PtxVersion::new(9, 4), t(bad)).is_some(),
                "{bad}"
            );
        }
    }
}
