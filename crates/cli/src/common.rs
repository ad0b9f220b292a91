//! Options and helpers shared by the subcommands.

use ptxfp::{literal, Diagnostic, Exec, Form, PtxType, PtxVersion, Target};

/// The `--target` of eval, gen, verify, sweep and bench when none is given.
pub const DEFAULT_TARGET: Target = Target::sm(100);

/// `--target`, `--device` and `--ptx`.
#[derive(clap::Args, Clone, Debug)]
pub struct Env {
    /// The code's `.target` (sm_XY, sm_XYa, sm_XYf).
    #[arg(long, default_value_t = DEFAULT_TARGET)]
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

/// Refuses `-` (standard input) named twice: the second read would find
/// it empty and pass as an empty file.
pub fn stdin_once(files: &[String]) -> Result<(), String> {
    if files.iter().filter(|f| *f == "-").count() > 1 {
        return Err("`-` (standard input) is named twice: it can be read once".into());
    }
    Ok(())
}

/// The largest input file read (4 GiB): past it `/dev/zero` or a runaway
/// pipe would only exhaust memory.
const MAX_INPUT: u64 = 4 << 30;

/// Why a text file could not be read.
#[derive(Debug)]
pub struct ReadError {
    /// The file as messages name it (`<stdin>` for `-`).
    pub shown: String,
    /// The line and column of the offending byte, where the problem is
    /// in the text (a NUL byte, bytes that are not UTF-8).
    pub at: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.at {
            Some((l, c)) => write!(f, "{}:{l}:{c}: {}", self.shown, self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// Reads a text file, or standard input for `-`: the name to show in
/// messages (`<stdin>` for `-`) and the text, without a leading UTF-8
/// byte-order mark. A NUL byte (a binary file: stopped at the first block
/// that has one, so `/dev/zero` fails at once), text that is not UTF-8, or
/// more than 4 GiB is an error naming the line and column.
pub fn read_text(path: &str) -> Result<(String, String), String> {
    read_text_at(path).map_err(|e| e.to_string())
}

/// [`read_text`], with the error's place apart from its message.
pub fn read_text_at(path: &str) -> Result<(String, String), ReadError> {
    use std::io::Read as _;
    let shown = if path == "-" { "<stdin>" } else { path }.to_string();
    let fail = |at, message| ReadError {
        shown: shown.clone(),
        at,
        message,
    };
    let mut reader: Box<dyn std::io::Read> = if path == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(
            std::fs::File::open(path)
                .map_err(|e| fail(None, format!("cannot read `{shown}`: {e}")))?,
        )
    };
    let mut bytes = Vec::new();
    let mut block = vec![0u8; 1 << 16];
    loop {
        let n = match reader.read(&mut block) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(fail(None, format!("cannot read `{shown}`: {e}"))),
        };
        let at = bytes.len();
        bytes.extend_from_slice(&block[..n]);
        if let Some(i) = block[..n].iter().position(|&b| b == 0) {
            return Err(fail(
                Some(text_position(&bytes[..at + i])),
                "a NUL byte: this is not a text file".into(),
            ));
        }
        if bytes.len() as u64 > MAX_INPUT {
            return Err(fail(
                None,
                format!("`{shown}` is larger than 4 GiB; split it"),
            ));
        }
    }
    if bytes.starts_with("\u{feff}".as_bytes()) {
        bytes.drain(..3);
    }
    match String::from_utf8(bytes) {
        Ok(t) => Ok((shown, t)),
        Err(e) => {
            let at = text_position(&e.as_bytes()[..e.utf8_error().valid_up_to()]);
            Err(fail(
                Some(at),
                "not UTF-8 text (a PTX or vector file is ASCII)".into(),
            ))
        }
    }
}

/// The 1-based line and column just after `before`, valid UTF-8 up to its end.
fn text_position(before: &[u8]) -> (usize, usize) {
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let col = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count()
        + 1;
    (line, col)
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
    // ptxas refuses a module whose `.version` predates its `.target`.
    if let Some(d) = ptxfp::header_error(env.ptx, env.target, 0..0) {
        let d = ptxfp::help_for_flags(d, true, true);
        errors.push(format!("--target {} --ptx {}: {d}", env.target, env.ptx));
    }
    // A device must be able to load code for the target (CUDA's rules).
    if let Some(why) = env.device.and_then(|d| env.target.unloadable_on(d)) {
        errors.push(format!(
            "--target {} --device {}: {why}\n  help: give a device that can load the target's code (without --device the device is the target)",
            env.target,
            env.device.unwrap_or(env.target)
        ));
    }
    let mut warned = false;
    for d in diags {
        let d = ptxfp::help_for_flags(d, true, true);
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
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        }
    }
}
