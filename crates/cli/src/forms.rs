//! `ptxfp forms`: the legal forms.

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
    /// `testp`), `alt` (the alternate floating-point `add`, `sub`, `mul`,
    /// `fma` on packed FP8/FP6/FP4/UE8M0 lanes), `mixed` (PTX ISA 9.4's
    /// packed mixed-precision `add`, `sub`, `mul`, `fma`: `.f32x2` with
    /// `.f16x2`/`.bf16x2`) or `all`.
    #[arg(long, default_value = "float", value_parser = family_parser())]
    family: ptxfp::forms::Family,
    /// Machine-readable output on stdout: one JSON object with the filter
    /// and each form's minimum PTX ISA version and target
    /// (docs/schemas/forms.schema.json); an error is the JSON error object
    /// (docs/schemas/error.schema.json).
    #[arg(long)]
    json: bool,
}

/// `--family`: the library's families, by name, listed in `--help`.
fn family_parser() -> impl clap::builder::TypedValueParser<Value = ptxfp::forms::Family> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(ptxfp::forms::Family::ALL.map(|f| f.name()))
        .try_map(|s| s.parse::<ptxfp::forms::Family>())
}

/// One line per form: `FORM MIN_PTX MIN_TARGET`.
pub fn run(a: Args) -> Result<Outcome, String> {
    let mut out = String::new();
    let mut listed = Vec::new();
    let family = a.family;
    for ptxfp::forms::Listed {
        text: f,
        min_ptx: v,
        min_target: t,
        note,
        ..
    } in ptxfp::forms::list(family, a.target, a.ptx)
    {
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
