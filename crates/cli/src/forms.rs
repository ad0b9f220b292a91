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
}

/// One line per form: `FORM MIN_PTX MIN_TARGET`.
pub fn run(a: Args) -> Result<Outcome, String> {
    let mut out = String::new();
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
        match f.row().note {
            Some(note) => outln!(out, "{f} {v} {t} ({note})"),
            None => outln!(out, "{f} {v} {t}"),
        }
    }
    emit(&out);
    Ok(Outcome::Ok)
}
