//! The legal instructions, by family, as `ptxfp forms` lists them: each
//! with its minimum PTX ISA version and target, optionally only those a
//! target and version allow.

use ptxfp_isa::form::Form;
use ptxfp_isa::op::Op;
use ptxfp_isa::target::{PtxVersion, Target};

/// The instruction families listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// The floating-point arithmetic table.
    Float,
    /// Integer and bit instructions.
    Int,
    /// Conversions.
    Cvt,
    /// Comparison and selection.
    Compare,
    /// The alternate floating-point instructions (PTX ISA 9.7.6): `add`,
    /// `sub`, `mul`, `fma` on packed FP8/FP6/FP4/UE8M0 lanes.
    Alt,
    /// The packed mixed-precision lines of PTX ISA 9.4 (9.7.5): `.f32x2`
    /// with `.f16x2`/`.bf16x2`.
    Mixed,
    /// All of them.
    All,
}

impl Family {
    /// Every family, in the order `--family` lists them.
    pub const ALL: [Family; 7] = [
        Family::Float,
        Family::Int,
        Family::Cvt,
        Family::Compare,
        Family::Alt,
        Family::Mixed,
        Family::All,
    ];

    /// Its name (`float`, `int`, `cvt`, `compare`, `alt`, `mixed`, `all`).
    pub fn name(self) -> &'static str {
        match self {
            Family::Float => "float",
            Family::Int => "int",
            Family::Cvt => "cvt",
            Family::Compare => "compare",
            Family::Alt => "alt",
            Family::Mixed => "mixed",
            Family::All => "all",
        }
    }
}

impl std::str::FromStr for Family {
    type Err = String;
    fn from_str(s: &str) -> Result<Family, String> {
        Family::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| {
                format!(
                    "`{s}` is not a family of instructions (float, int, cvt, compare, alt, mixed or all)"
                )
            })
    }
}

/// One listed instruction.
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    /// Its text (`add.rn.f16`).
    pub text: String,
    /// The decoded op.
    pub op: Op,
    /// The first PTX ISA version that has it.
    pub min_ptx: PtxVersion,
    /// The first target that has it.
    pub min_target: Target,
    /// What the table row says a user should know (the legacy forms).
    pub note: Option<&'static str>,
}

/// Every instruction of `family`, each with its text, its op and its
/// table note.
fn of_family(family: Family) -> Vec<(String, Op, Option<&'static str>)> {
    let mut v = Vec::new();
    if matches!(family, Family::Float | Family::All) {
        v.extend(Form::all().into_iter().map(|f| {
            // The three-input min/max print as the two-input ones:
            // listed with their operands, which `Instruction::parse`
            // takes (9.7.3.11: "min{.ftz}{.NaN}{.abs}.f32 d, a, b, c").
            let text = if f.op().other_arity().is_some() && f.op().arity() == 3 {
                format!("{f} d, a, b, c")
            } else {
                f.to_string()
            };
            (text, Op::Form(f), f.row().note)
        }));
    }
    if matches!(family, Family::Int | Family::All) {
        v.extend(
            ptxfp_isa::int::IntOp::all()
                .into_iter()
                .map(|i| (i.to_string(), Op::Int(i), None)),
        );
    }
    if matches!(family, Family::Cvt | Family::All) {
        v.extend(
            ptxfp_isa::cvt::Cvt::all()
                .into_iter()
                .map(|c| (c.to_string(), Op::Cvt(c), None)),
        );
    }
    if matches!(family, Family::Alt | Family::All) {
        v.extend(
            ptxfp_isa::alt::Alt::all()
                .into_iter()
                .map(|a| (a.to_string(), Op::Alt(a), None)),
        );
    }
    if matches!(family, Family::Mixed | Family::All) {
        v.extend(
            ptxfp_isa::mixed::Mixed::all()
                .into_iter()
                .map(|m| (m.to_string(), Op::Mixed(m), None)),
        );
    }
    if matches!(family, Family::Compare | Family::All) {
        use ptxfp_isa::setp::{Select, Setp, Testp};
        v.extend(
            Setp::all()
                .into_iter()
                .map(|c| (c.to_string(), Op::Setp(c), None)),
        );
        v.extend(
            ptxfp_isa::setp::SetSimd::all()
                .into_iter()
                .map(|c| (c.to_string(), Op::SetSimd(c), None)),
        );
        v.extend(
            Select::all()
                .into_iter()
                .map(|c| (c.to_string(), Op::Select(c), None)),
        );
        v.extend(
            Testp::all()
                .into_iter()
                .map(|c| (c.to_string(), Op::Testp(c), None)),
        );
    }
    v
}

/// The instructions of `family`; with a target or a version, only those
/// legal for it (the other one: the latest target `sm_1000`, or
/// `PtxVersion::LATEST`).
pub fn list(family: Family, target: Option<Target>, ptx: Option<PtxVersion>) -> Vec<Listed> {
    let filter = target.is_some() || ptx.is_some();
    let target = target.unwrap_or(Target::sm(1000));
    let ptx = ptx.unwrap_or(PtxVersion::LATEST);
    of_family(family)
        .into_iter()
        .filter(|(text, op, _)| {
            !filter || !op.validate(text, ptx, target).iter().any(|d| d.is_error())
        })
        .filter_map(|(text, op, note)| {
            let (min_ptx, min_target) = minimum(&text, &op)?;
            Some(Listed {
                text,
                op,
                min_ptx,
                min_target,
                note,
            })
        })
        .collect()
}

/// The minimum PTX ISA version and target of `op` (written `text`), the
/// target with the suffix it needs: the first of `sm_X`, `sm_Xf` and
/// `sm_Xa` (X the op's minimum sm) on which `op` validates at its minimum
/// version, so that a form that needs a family or architecture target
/// ("needs a family target (sm_120f)") is listed with the target its error
/// asks for. The plain target where none validates (each listed form is
/// legal somewhere; a test holds it). `None` for an op with no
/// requirements.
pub fn minimum(text: &str, op: &Op) -> Option<(PtxVersion, Target)> {
    use ptxfp_isa::target::Variant;
    let (ptx, sm) = op.requires()?;
    let target = [Variant::Plain, Variant::Family, Variant::Arch]
        .into_iter()
        .map(|variant| Target { variant, ..sm })
        .find(|&t| !op.validate(text, ptx, t).iter().any(|d| d.is_error()))
        .unwrap_or(sm);
    Some((ptx, target))
}
