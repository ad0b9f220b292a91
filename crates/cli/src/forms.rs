//! `ptxfp forms`: the legal forms.

use ptxfp::Form;

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
    /// Machine-readable output on stdout: one JSON object with the filter
    /// and each form's minimum PTX ISA version and target
    /// (docs/schemas/forms.schema.json); an error is the JSON error object
    /// (docs/schemas/error.schema.json).
    #[arg(long)]
    json: bool,
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
    for f in Form::all() {
        if filter && f.validate(env.ptx, env.target).iter().any(|d| d.is_error()) {
            continue;
        }
        let (v, t) = f.requires();
        // What the table row says a user should know (the legacy forms).
        let note = f.row().note;
        if a.json {
            listed.push(serde_json::json!({
                "form": f.to_string(),
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
