//! Options and helpers shared by the subcommands.

use ptxfp::{literal, Diagnostic, Exec, Form, PtxType, PtxVersion, Target};

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

/// A value as `eval` and `verify` print it: its bits in hex, then what
/// they mean (`0x3c00 = 1`).
pub fn shown_value(bits: u64, ty: PtxType) -> String {
    format!("{} = {}", literal::hex(bits, ty), literal::decode(bits, ty))
}

/// Reads a file, or standard input for `-`: the name to show in messages
/// (`<stdin>` for `-`) and the bytes.
pub fn read_input(path: &str) -> (String, std::io::Result<Vec<u8>>) {
    if path == "-" {
        let mut b = Vec::new();
        let r = std::io::Read::read_to_end(&mut std::io::stdin(), &mut b).map(|_| b);
        ("<stdin>".into(), r)
    } else {
        (path.into(), std::fs::read(path))
    }
}

/// Where a form came from: the command line (rendered with a caret under
/// the span) or `file:line` of a vector file (one line per message).
#[derive(Clone, Copy)]
pub enum Origin<'a> {
    /// The FORM argument.
    Arg,
    /// A line of a file.
    Line(&'a str),
}

fn show(d: &Diagnostic, text: &str, origin: Origin) -> String {
    match origin {
        Origin::Arg => d.render("<form>", text).trim_end().to_string(),
        Origin::Line(at) => format!("{at}: {d}"),
    }
}

/// Parses a form, explaining an error.
pub fn parse_form(text: &str, origin: Origin) -> Result<Form, String> {
    Form::parse(text).map_err(|d| show(&d, text, origin))
}

/// Validates a form against `--ptx`/`--target`: warnings go to stderr
/// (`Ok(true)` if there were any), errors are returned.
pub fn validate(form: &Form, env: &Env, origin: Origin) -> Result<bool, String> {
    let text = form.to_string();
    let diags: Vec<Diagnostic> = form.validate(env.ptx, env.target);
    let mut errors = Vec::new();
    // The device must be able to run the form, as in `ptxfp run`.
    let (_, needs) = form.requires();
    if let Some(device) = env.device.filter(|d| !d.at_least(needs.sm)) {
        errors.push(show(
            &Diagnostic::error(
                0..text.len(),
                format!("{text} requires {needs} or higher; the device is {device}"),
            )
            .with_help(format!("use --device {needs} or higher")),
            &text,
            origin,
        ));
    }
    let mut warned = false;
    for d in diags {
        let r = show(&d, &text, origin);
        if d.is_error() {
            errors.push(r);
        } else {
            eprintln!("{r}");
            warned = true;
        }
    }
    if errors.is_empty() {
        Ok(warned)
    } else {
        Err(errors.join("\n"))
    }
}

/// `--path`: which implementation of the batch kernels runs.
#[derive(Clone, Copy, Debug, Default, clap::ValueEnum)]
pub enum PathArg {
    /// The fastest this CPU has (portable under `PTXFP_FORCE_PORTABLE=1`).
    #[default]
    Auto,
    /// Portable Rust.
    Portable,
    /// x86-64 AVX2 + FMA + F16C.
    Avx2,
    /// x86-64 AVX-512 F/BW/VL/DQ.
    Avx512,
    /// x86-64 AVX-512 FP16: f16 arithmetic by the CPU's own instructions.
    #[value(name = "avx512-fp16")]
    Avx512Fp16,
}

impl PathArg {
    /// The path, or a message if this CPU cannot run it.
    pub fn path(self) -> Result<ptxfp_fast::Path, String> {
        use ptxfp_fast::Path;
        let (p, name) = match self {
            PathArg::Auto => return Ok(Path::detect()),
            PathArg::Portable => (Path::Portable, "portable"),
            PathArg::Avx2 => (Path::X86Avx2, "avx2"),
            PathArg::Avx512 => (Path::X86Avx512, "avx512"),
            PathArg::Avx512Fp16 => (Path::X86Avx512Fp16, "avx512-fp16"),
        };
        if p.is_available() {
            Ok(p)
        } else {
            Err(format!(
                "--path {name}: this CPU cannot run it (it has: {})\n  help: leave out --path to use the best one",
                Path::all_available()
                    .iter()
                    .map(|p| format!("{p:?}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        }
    }
}
