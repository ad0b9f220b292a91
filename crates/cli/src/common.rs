//! Options and helpers shared by the subcommands.

use ptxfp::{Diagnostic, Exec, Form, PtxVersion, Target};

/// `--target`, `--device` and `--ptx`.
#[derive(clap::Args, Clone, Debug)]
pub struct Env {
    /// The code's `.target` (sm_XY, sm_XYa, sm_XYf).
    #[arg(long, default_value = "sm_100")]
    pub target: Target,
    /// The device that runs the code (default: the target). Matters for
    /// `mad.f32` without rounding written for sm_1x.
    #[arg(long)]
    pub device: Option<Target>,
    /// The module's `.version` (PTX ISA MAJOR.MINOR).
    #[arg(long = "ptx", default_value_t = PtxVersion::LATEST)]
    pub ptx: PtxVersion,
}

impl Env {
    /// What is modelled.
    pub fn exec(&self) -> Exec {
        Exec {
            code_target: self.target,
            device: self.device.unwrap_or(self.target),
            hw: ptxfp::HwProfile::NVIDIA,
        }
    }
}

/// Parses a form, rendering an error with a caret under the span.
pub fn parse_form(text: &str, origin: &str) -> Result<Form, String> {
    Form::parse(text).map_err(|d| d.render(origin, text).trim_end().to_string())
}

/// Validates a form against `--ptx`/`--target`: warnings go to stderr,
/// errors are returned.
pub fn validate(form: &Form, env: &Env, origin: &str) -> Result<(), String> {
    let text = form.to_string();
    let diags: Vec<Diagnostic> = form.validate(env.ptx, env.target);
    let mut errors = Vec::new();
    for d in diags {
        let r = d.render(origin, &text).trim_end().to_string();
        if d.is_error() {
            errors.push(r);
        } else {
            eprintln!("{r}");
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n"))
    }
}
