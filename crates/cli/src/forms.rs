//! `ptxfp forms`: the legal forms.

use ptxfp::{Form, Op};

use crate::common::Env;
use crate::{emit, outln, Outcome};

/// Arguments of `forms`.
#[derive(clap::Args)]
pub struct Args {
    /// List only the forms legal for this target and version (with no
    /// option, all forms are listed).
    #[arg(long)]
    target: Option<ptxfp::Target>,
    /// See `--target`.
    #[arg(long = "ptx")]
    ptx: Option<ptxfp::PtxVersion>,
    /// Which instructions: `float` (the floating-point table: add, sub,
    /// mul, fma, mad, min, max, div, rcp, sqrt, rsqrt, abs, neg, copysign,
    /// ex2, lg2, sin, cos, tanh), `int` (the integer and bit instructions),
    /// `cvt` (every conversion), `compare` (`setp`, `set`, `selp`, `slct`,
    /// `testp`) or `all`.
    #[arg(long, value_enum, default_value_t = Family::Float)]
    family: Family,
    /// Machine-readable output on stdout: one JSON object with the filter
    /// and each form's minimum PTX ISA version and target
    /// (docs/schemas/forms.schema.json); an error is the JSON error object
    /// (docs/schemas/error.schema.json).
    #[arg(long)]
    json: bool,
}

/// The instruction families `forms` lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Family {
    /// The floating-point arithmetic table.
    Float,
    /// Integer and bit instructions.
    Int,
    /// Conversions.
    Cvt,
    /// Comparison and selection.
    Compare,
    /// All of them.
    All,
}

/// The forms of `family`, each with its text, its op and its table note.
fn forms_of(family: Family) -> Vec<(String, Op, Option<&'static str>)> {
    let mut v = Vec::new();
    if matches!(family, Family::Float | Family::All) {
        v.extend(
            Form::all()
                .into_iter()
                .map(|f| (f.to_string(), Op::Form(f), f.row().note)),
        );
    }
    if matches!(family, Family::Int | Family::All) {
        v.extend(
            ptxfp::int::IntOp::all()
                .into_iter()
                .map(|i| (i.to_string(), Op::Int(i), None)),
        );
    }
    if matches!(family, Family::Cvt | Family::All) {
        v.extend(
            ptxfp::cvt::Cvt::all()
                .into_iter()
                .map(|c| (c.to_string(), Op::Cvt(c), None)),
        );
    }
    if matches!(family, Family::Compare | Family::All) {
        use ptxfp::setp::{Select, Setp, Testp};
        v.extend(
            Setp::all()
                .into_iter()
                .map(|c| (c.to_string(), Op::Setp(c), None)),
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

/// One line per form: `FORM MIN_PTX MIN_TARGET`.
pub fn run(a: Args) -> Result<Outcome, String> {
    let mut out = String::new();
    let mut listed = Vec::new();
    let filter = a.target.is_some() || a.ptx.is_some();
    let env = Env {
        target: a.target.unwrap_or(ptxfp::Target::sm(1000)),
        device: None,
        ptx: a.ptx.unwrap_or(ptxfp::PtxVersion::LATEST),
    };
    for (f, op, note) in forms_of(a.family) {
        if filter
            && op
                .validate(&f, env.ptx, env.target)
                .iter()
                .any(|d| d.is_error())
        {
            continue;
        }
        let Some((v, t)) = op.requires() else {
            continue;
        };
        // What the table row says a user should know (the legacy forms).
        if a.json {
            listed.push(serde_json::json!({
                "form": f,
                "min_ptx": v.to_string(),
                "min_target": t.to_string(),
                "note": note,
            }));
        } else {
            let note = note.map(|n| format!(" ({n})")).unwrap_or_default();
            outln!(out, "{f} {v} {t}{note}");
        }
    }
    if a.json {
        crate::common::print_json(&serde_json::json!({
            "filter": {
                "target": a.target.map(|t| t.to_string()),
                "ptx": a.ptx.map(|v| v.to_string()),
            },
            "forms": listed,
        }));
        return Ok(Outcome::Ok);
    }
    emit(&out);
    Ok(Outcome::Ok)
}
