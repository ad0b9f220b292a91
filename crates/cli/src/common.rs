//! Options and helpers shared by the subcommands.

use ptxfp::{literal, Diagnostic, Exec, Form, PtxType, PtxVersion, Target};

/// The `--seed` of gen, sweep, hw check and hw sweep when none is given.
pub const DEFAULT_SEED: u64 = 1;

/// `--target`, `--device` and `--ptx`.
#[derive(clap::Args, Clone, Debug)]
pub struct Env {
    /// The code's `.target` (sm_XY, sm_XYa, sm_XYf).
    #[arg(long, default_value_t = Target::DEFAULT)]
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
            ptx: self.ptx,
            hw: ptxfp::HwProfile::NVIDIA,
        }
    }
}

/// A value as `eval` and `verify` print it: its bits in hex, then what
/// they mean (`0x3c00 = 1`).
pub fn shown_value(bits: u64, ty: PtxType) -> String {
    shown_value_as(bits, ty, literal::Style::Shortest)
}

/// [`shown_value`] with the value in `style` (`eval --exact`, `--hex`).
pub fn shown_value_as(bits: u64, ty: PtxType, style: literal::Style) -> String {
    format!(
        "{} = {}",
        literal::hex(bits, ty),
        literal::decode_as(bits, ty, style)
    )
}

/// A value as the JSON outputs give it: `{type, bits, value}`, the type's
/// name without the dot, the bits in hex as [`shown_value`] prints them
/// (`0x3c00`; hex strings, since a 64-bit pattern does not fit a JSON
/// number), and the decoded value (`1.5`, `-Inf`, `NaN(0x7fff)`; x2 types
/// `LANE0,LANE1`).
pub fn value_json(bits: u64, ty: PtxType) -> serde_json::Value {
    value_json_as(bits, ty, literal::Style::Shortest)
}

/// [`value_json`] with the value in `style` (`eval --exact`, `--hex`).
pub fn value_json_as(bits: u64, ty: PtxType, style: literal::Style) -> serde_json::Value {
    serde_json::json!({
        "type": ty.name(),
        "bits": literal::hex(bits, ty),
        "value": literal::decode_as(bits, ty, style),
    })
}

/// `{target, device, ptx}`: the setup a command's values hold for.
pub fn setup_json(env: &Env) -> serde_json::Value {
    serde_json::json!({
        "target": env.target.to_string(),
        "device": env.exec().device.to_string(),
        "ptx": env.ptx.to_string(),
    })
}

/// Prints one JSON value, pretty, on stdout.
pub fn print_json(v: &serde_json::Value) {
    println!("{}", serde_json::to_string_pretty(v).unwrap_or_default());
}

/// `v` pretty-printed as serde_json prints it nested `indent` spaces deep
/// (a JSON string holds no raw newline, so every line break is layout).
pub fn pretty_at(v: &serde_json::Value, indent: usize) -> String {
    serde_json::to_string_pretty(v)
        .unwrap_or_default()
        .replace('\n', &format!("\n{}", " ".repeat(indent)))
}

/// A field of the JSON object [`write_json_object`] writes: a value, or an
/// array whose elements are made and written one at a time.
pub enum JsonField<'a> {
    /// A value, written whole.
    Value(serde_json::Value),
    /// An array, written element by element.
    Array(Box<dyn Iterator<Item = serde_json::Value> + 'a>),
}

/// Writes the object of `fields` byte for byte as `serde_json::to_string_pretty`
/// prints it nested `indent` spaces deep, without building it: an array
/// field is written element by element, so that a report of a million
/// diagnostics never exists whole as JSON values (about 2 KB each). The
/// fields are written in the order given: sorted by key, as serde_json's
/// map keeps them, for the same output.
pub fn write_json_object(
    w: &mut dyn std::io::Write,
    indent: usize,
    fields: Vec<(&str, JsonField)>,
) -> std::io::Result<()> {
    if fields.is_empty() {
        return w.write_all(b"{}");
    }
    let pad = " ".repeat(indent + 2);
    w.write_all(b"{")?;
    for (i, (key, field)) in fields.into_iter().enumerate() {
        let comma = if i == 0 { "" } else { "," };
        write!(w, "{comma}\n{pad}{}: ", serde_json::Value::from(key))?;
        match field {
            JsonField::Value(v) => w.write_all(pretty_at(&v, indent + 2).as_bytes())?,
            JsonField::Array(items) => write_json_array(w, indent + 2, items)?,
        }
    }
    write!(w, "\n{}}}", " ".repeat(indent))
}

/// Writes the array of `items` as [`write_json_object`] writes an array
/// field nested `indent` spaces deep, one element at a time.
pub fn write_json_array(
    w: &mut dyn std::io::Write,
    indent: usize,
    items: impl Iterator<Item = serde_json::Value>,
) -> std::io::Result<()> {
    let pad = " ".repeat(indent + 2);
    w.write_all(b"[")?;
    let mut any = false;
    for v in items {
        let comma = if any { "," } else { "" };
        write!(w, "{comma}\n{pad}{}", pretty_at(&v, indent + 2))?;
        any = true;
    }
    if any {
        write!(w, "\n{}", " ".repeat(indent))?;
    }
    w.write_all(b"]")
}

/// Standard output through a large buffer, for output written piece by
/// piece; a failed write follows the one policy of every write
/// (`stdio::delivered`): a closed pipe ends the command quietly, any other
/// failure is exit code 2.
pub struct Stdout(std::io::BufWriter<std::io::Stdout>);

impl Stdout {
    /// A buffered standard output.
    pub fn new() -> Stdout {
        Stdout(std::io::BufWriter::with_capacity(
            1 << 16,
            std::io::stdout(),
        ))
    }

    /// Runs `write` on the buffer, ending the command as every write does
    /// where it fails.
    pub fn write(&mut self, write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>) {
        let r = write(&mut self.0);
        if !crate::stdio::delivered(r) {
            std::process::exit(0);
        }
    }

    /// Writes out what is buffered (before other output, and at the end).
    pub fn flush(&mut self) {
        self.write(|w| w.flush());
    }
}

/// Refuses `-` (standard input) named twice: the second read would find
/// it empty and pass as an empty file.
pub fn stdin_once(files: &[String]) -> Result<(), String> {
    if files.iter().filter(|f| *f == "-").count() > 1 {
        return Err("`-` (standard input) is named twice: it can be read once".into());
    }
    Ok(())
}

/// The largest input file read (4 GiB less a byte, the most a module's
/// u32 spans address): past it `/dev/zero` or a runaway pipe would only
/// exhaust memory.
const MAX_INPUT: u64 = u32::MAX as u64;

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

/// The NUL bytes a text may end with: a C string's terminator, and the
/// padding of a buffer written out whole.
const MAX_TRAILING_NULS: usize = 64;

/// Reads a text file, or standard input for `-`: the name to show in
/// messages (`<stdin>` for `-`) and the text, without a leading UTF-8
/// byte-order mark, and without up to 64 NUL bytes at its very end (a C
/// string's terminator). Any other NUL byte (a binary file: stopped at the
/// first block that has one, so `/dev/zero` fails at once), text that is
/// not UTF-8, or
/// 4 GiB or more is an error naming the line and column.
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
    let mut trailing_nul: Option<usize> = None;
    loop {
        let n = match reader.read(&mut block) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(fail(None, format!("cannot read `{shown}`: {e}"))),
        };
        let at = bytes.len();
        // The cap before the buffer grows (growing to hold the byte past
        // it would double a 4 GiB buffer), and memory that runs out is
        // this error, not an abort.
        if (at + n) as u64 > MAX_INPUT {
            return Err(fail(
                None,
                format!("`{shown}` is 4 GiB or larger; split it"),
            ));
        }
        if bytes.try_reserve(n).is_err() {
            return Err(fail(
                None,
                format!(
                    "`{shown}` does not fit in memory: the first {at} bytes were read; split it"
                ),
            ));
        }
        bytes.extend_from_slice(&block[..n]);
        // NUL bytes at the very end (at most MAX_TRAILING_NULS) are the
        // terminator of a C string written out whole (nvrtcGetPTX's
        // buffer; the driver reads PTX as a C string): dropped. Any other
        // NUL is an error at the first one.
        let first =
            trailing_nul.or_else(|| block[..n].iter().position(|&b| b == 0).map(|i| at + i));
        if let Some(first) = first {
            if bytes[first..].iter().any(|&b| b != 0) || bytes.len() - first > MAX_TRAILING_NULS {
                return Err(fail(
                    Some(text_position(&bytes[..first])),
                    "a NUL byte: this is not a text file".into(),
                ));
            }
            trailing_nul = Some(first);
        }
    }
    if let Some(first) = trailing_nul {
        bytes.truncate(first);
    }
    if bytes.starts_with("\u{feff}".as_bytes()) {
        bytes.drain(..3);
    }
    // A lone CR (classic Mac OS line ends) ends a line, as LF and CR LF
    // do: a file of them read as one line, every directive after the
    // first an error. Replaced in place, one byte for one, so that every
    // position stays where it was.
    for i in 0..bytes.len() {
        if bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
            bytes[i] = b'\n';
        }
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
/// the span) or `file:line:col` of a vector file (one line per message).
#[derive(Clone, Copy)]
pub enum Origin<'a> {
    /// The FORM argument.
    Arg,
    /// A line of a file.
    Line(&'a str),
}

/// One error or warning: the text printed on stderr (an error after
/// `ptxfp: `, one per problem), and its parts for the JSON objects
/// (`{location, severity, message, help}`, the form of `run --json` and
/// `check --json`).
#[derive(Clone, Debug)]
pub struct Problem {
    /// As printed (may span lines: a caret excerpt, a `  help:` line).
    pub text: String,
    /// `file:line:col` (`<form>:1:col` for the FORM argument), or none
    /// where the problem has no place in a text.
    pub location: Option<String>,
    /// `error` or `warning`.
    pub severity: &'static str,
    /// What is wrong.
    pub message: String,
    /// How to fix it, where known.
    pub help: Option<String>,
}

impl Problem {
    /// An error without a place: a `\n  help: ` line of the text is its help.
    pub fn message(text: impl Into<String>) -> Problem {
        let text = text.into();
        let (message, help) = match text.split_once("\n  help: ") {
            Some((m, h)) => (m.to_string(), Some(h.to_string())),
            None => (text.clone(), None),
        };
        Problem {
            text,
            location: None,
            severity: "error",
            message,
            help,
        }
    }

    /// An error at `location` (`file:line[:col]`), printed `LOCATION: MESSAGE`.
    pub fn at(location: String, message: impl Into<String>) -> Problem {
        let message = message.into();
        Problem {
            text: format!("{location}: {message}"),
            location: Some(location),
            severity: "error",
            message,
            help: None,
        }
    }

    /// A diagnostic about a form written `text` that came from `origin`.
    fn of(d: &Diagnostic, text: &str, origin: Origin) -> Problem {
        let (text_shown, location) = match origin {
            Origin::Arg => {
                let (l, c) = ptxfp::SourceMap::new(text).line_col(d.span.start);
                (
                    d.render("<form>", text).trim_end().to_string(),
                    format!("<form>:{l}:{c}"),
                )
            }
            Origin::Line(at) => (format!("{at}: {d}"), at.to_string()),
        };
        Problem {
            text: text_shown,
            location: Some(location),
            severity: if d.is_error() { "error" } else { "warning" },
            message: d.message.clone(),
            help: d.help.clone(),
        }
    }

    /// `{location, severity, message, help}`.
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "location": self.location,
            "severity": self.severity,
            "message": self.message,
            "help": self.help,
        })
    }
}

/// Why a command failed (exit code 2): its errors, each printed on stderr
/// as `ptxfp: TEXT` (none: the command has already reported them) and, with
/// `--json`, as the JSON error object on stdout.
#[derive(Debug, Default)]
pub struct Failure {
    /// The input file the errors are about, where there is one.
    pub file: Option<String>,
    /// The errors.
    pub errors: Vec<Problem>,
    /// Warnings met before the errors.
    pub warnings: Vec<Problem>,
}

impl From<String> for Failure {
    /// One error without a place; an empty message: already reported.
    fn from(message: String) -> Failure {
        Failure {
            errors: if message.is_empty() {
                Vec::new()
            } else {
                vec![Problem::message(message)]
            },
            ..Failure::default()
        }
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure::from(message.to_string())
    }
}

impl From<Problem> for Failure {
    fn from(p: Problem) -> Failure {
        Failure::from(vec![p])
    }
}

impl From<Vec<Problem>> for Failure {
    fn from(errors: Vec<Problem>) -> Failure {
        Failure {
            errors,
            ..Failure::default()
        }
    }
}

impl Failure {
    /// Prints each error on stderr as `ptxfp: TEXT`: every error, not only
    /// the first, carries the prefix.
    pub fn print(&self) {
        for e in &self.errors {
            eprintln!("ptxfp: {}", e.text);
        }
    }

    /// The JSON error object: [`error_json`] of the errors and warnings.
    pub fn json(&self) -> String {
        error_json(
            self.file.as_deref(),
            self.errors.iter().map(Problem::json).collect(),
            self.warnings.iter().map(Problem::json).collect(),
            Vec::new(),
        )
    }
}

/// The JSON error object every command prints with `--json` when it fails
/// (docs/schemas/error.schema.json): the file (null where there is none),
/// the errors as `{location, severity, message, help}` (a location of null
/// where there is no place), the warnings, and the trace of what ran
/// before a run-time error (`run` only; empty elsewhere).
pub fn error_json(
    file: Option<&str>,
    errors: Vec<serde_json::Value>,
    warnings: Vec<serde_json::Value>,
    trace: Vec<serde_json::Value>,
) -> String {
    serde_json::to_string_pretty(&serde_json::json!({
        "file": file,
        "errors": errors,
        "warnings": warnings,
        "trace": trace,
    }))
    .unwrap_or_default()
}

/// An error without a place in the program, in the JSON error object's
/// form: a `\n  help: ` line of the message becomes its help.
pub fn message_json(location: Option<String>, message: &str) -> serde_json::Value {
    let mut p = Problem::message(message);
    p.location = location;
    p.json()
}

/// What `eval`, `verify` and `gen` compute (`ptxfp::Instruction`).
pub use ptxfp::Instruction;

/// Parses what `eval`/`verify`/`gen` take ([`Instruction::parse`]),
/// explaining an error.
pub fn parse_instruction(text: &str, origin: Origin) -> Result<Instruction, Problem> {
    Instruction::parse(text).map_err(|d| Problem::of(&d, text.trim(), origin))
}

/// Parses a form of the floating-point table (what `sweep` and `bench`
/// take), explaining an error: an instruction of the other families
/// (`add.u32`, `cvt.rn.f16.f32`) is said to be one, with the commands
/// that run it (it read as "not modelled", or as an unknown opcode).
pub fn parse_form(text: &str, origin: Origin) -> Result<Form, Problem> {
    Form::parse(text).map_err(|d| {
        let t = text.trim();
        if Instruction::parse(t).is_ok() {
            let d = Diagnostic::error(
                0..t.len(),
                format!("`{t}` is not a form of the floating-point table, which sweeps and benchmarks take"),
            )
            .with_help("`ptxfp forms --family float` lists those forms; this instruction runs with `ptxfp eval`, `ptxfp gen` and `ptxfp verify`");
            Problem::of(&d, t, origin)
        } else {
            Problem::of(&d, text, origin)
        }
    })
}

/// Validates a form against `--ptx`/`--target`: its warnings (printed on
/// stderr as they are found), or its errors (with the warnings).
pub fn validate(form: &Form, env: &Env, origin: Origin) -> Result<Vec<Problem>, Failure> {
    validate_op(&ptxfp::Op::Form(*form), &form.to_string(), env, origin)
}

/// Validates an instruction against `--ptx`/`--target`, as [`validate`].
pub fn validate_instruction(
    i: &Instruction,
    env: &Env,
    origin: Origin,
) -> Result<Vec<Problem>, Failure> {
    validate_op(&i.op, &i.text, env, origin)
}

fn validate_op(
    op: &ptxfp::Op,
    text: &str,
    env: &Env,
    origin: Origin,
) -> Result<Vec<Problem>, Failure> {
    let Some(ins) = Instruction::of(op.clone(), text.to_string()) else {
        return Ok(Vec::new());
    };
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    for f in ins.check(&setup_of(env)) {
        let p = finding_problem(&f, text, env, origin);
        if f.is_error() {
            errors.push(p);
        } else {
            eprintln!("{}", p.text);
            warnings.push(p);
        }
    }
    if errors.is_empty() {
        Ok(warnings)
    } else {
        Err(Failure {
            file: None,
            errors,
            warnings,
        })
    }
}

/// The library's setup of `--target`, `--device`, `--ptx`.
pub fn setup_of(env: &Env) -> ptxfp::Setup {
    ptxfp::Setup {
        target: env.target,
        device: env.device,
        ptx: env.ptx,
    }
}

/// The errors of `--target`, `--device`, `--ptx` themselves, whatever the
/// instruction (`ptxfp::Setup::check`), as the command line words them.
pub fn setup_problems(env: &Env) -> Vec<Problem> {
    setup_of(env)
        .check()
        .iter()
        .map(|f| finding_problem(f, "", env, Origin::Arg))
        .collect()
}

/// A finding of `ptxfp::Instruction::check` about the instruction written
/// `text` from `origin`, worded for the command line's flags.
fn finding_problem(f: &ptxfp::Finding, text: &str, env: &Env, origin: Origin) -> Problem {
    match f {
        ptxfp::Finding::Text(d) => {
            Problem::of(&ptxfp::help_for_flags(d.clone(), true, true), text, origin)
        }
        ptxfp::Finding::Device { needs, .. } => Problem::of(
            &Diagnostic::error(0..text.len(), f.message(text))
                .with_help(format!("use --device {needs} or higher")),
            text,
            origin,
        ),
        ptxfp::Finding::Header(d) => {
            let d = ptxfp::help_for_flags(d.clone(), true, true);
            let flags = format!("--target {} --ptx {}", env.target, env.ptx);
            Problem {
                text: format!("{flags}: {d}"),
                message: format!("{flags}: {}", d.message),
                help: d.help,
                ..Problem::message("")
            }
        }
        ptxfp::Finding::Unloadable { target, device, why } => Problem::message(format!(
            "--target {target} --device {device}: {why}\n  help: give a device that can load the target's code (without --device the device is the target)"
        )),
    }
}

/// A progress bar on stderr for long work (sweep, bench, verify of a big
/// file), shown only where stderr is a terminal and never with --json:
/// piped or redirected output, and JSON consumers, see no progress text.
/// While it is shown, what the command writes takes it off the terminal
/// first; it is cleared when dropped.
pub struct Progress(Option<indicatif::ProgressBar>);

impl Progress {
    /// A bar for `len` units of work drawn with the indicatif `template`
    /// (`{pos}`, `{len}`, `{bar:40}`, `{percent}`, `{eta}`, `{msg}`), or
    /// none: where stderr is not a terminal, or `hide` (--json, or work
    /// too small to need one).
    pub fn new(len: u64, hide: bool, template: &str) -> Progress {
        use std::io::IsTerminal as _;
        if hide || !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let bar = indicatif::ProgressBar::new(len);
        if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        if let Ok(mut shown) = crate::stdio::BAR.lock() {
            *shown = Some(bar.clone());
        }
        Progress(Some(bar))
    }

    /// `done` units are done (callable from worker threads).
    pub fn set(&self, done: u64) {
        if let Some(b) = &self.0 {
            b.set_position(done);
        }
    }

    /// The work in hand (`{msg}`).
    pub fn message(&self, msg: String) {
        if let Some(b) = &self.0 {
            b.set_message(msg);
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(b) = self.0.take() {
            if let Ok(mut shown) = crate::stdio::BAR.lock() {
                *shown = None;
            }
            b.finish_and_clear();
        }
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
