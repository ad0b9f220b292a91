//! The `ptxfp` command: a thin layer over the `ptxfp` crate.
//!
//! Exit codes: 0 success, 1 a check failed (e.g. `verify` found mismatches),
//! 2 a usage or input error.
// `deny`, not `forbid`: `ptxfp bench --features softfloat` calls SoftFloat
// through FFI in one allowed function.
#![deny(unsafe_code)]

use std::process::ExitCode;

use clap::{CommandFactory as _, Parser, Subcommand};

// `print!`/`println!`/`eprint!`/`eprintln!` panic when the reader of a pipe
// has gone (`ptxfp run --trace k.ptx | head -1`). These shadow them in every
// module below (a `macro_rules!` defined here takes precedence over the
// prelude's): a closed stdout or stderr ends the command quietly instead.
macro_rules! print {
    ($($arg:tt)*) => { $crate::stdio::write(false, format_args!($($arg)*)) };
}
macro_rules! println {
    () => { $crate::stdio::write(false, format_args!("\n")) };
    ($($arg:tt)*) => { $crate::stdio::write(false, format_args!("{}\n", format_args!($($arg)*))) };
}
macro_rules! eprint {
    ($($arg:tt)*) => { $crate::stdio::write(true, format_args!($($arg)*)) };
}
macro_rules! eprintln {
    () => { $crate::stdio::write(true, format_args!("\n")) };
    ($($arg:tt)*) => { $crate::stdio::write(true, format_args!("{}\n", format_args!($($arg)*))) };
}

mod stdio {
    use std::io::Write as _;
    use std::sync::Mutex;

    /// The progress bar on stderr, while one is shown (common::Progress).
    pub static BAR: Mutex<Option<indicatif::ProgressBar>> = Mutex::new(None);

    /// Runs a write with the progress bar, if one is shown, taken off the
    /// terminal meanwhile: a line written under it would be torn by the
    /// next redraw.
    pub fn under_bar<R>(f: impl FnOnce() -> R) -> R {
        let bar = BAR.lock().ok().and_then(|b| b.clone());
        match bar {
            Some(b) => b.suspend(f),
            None => f(),
        }
    }

    /// Writes to stdout (or stderr); if the reader has closed the pipe the
    /// process exits with 0 as `head` asked it to stop (ripgrep's convention;
    /// a shell would report 141 for a SIGPIPE death, which `set -o pipefail`
    /// scripts then have to excuse).
    pub fn write(to_stderr: bool, args: std::fmt::Arguments) {
        let r = under_bar(|| {
            if to_stderr {
                std::io::stderr().lock().write_fmt(args)
            } else {
                std::io::stdout().lock().write_fmt(args)
            }
        });
        if !delivered(r) {
            std::process::exit(0);
        }
    }

    /// The one policy for a write's result: true when written, false when
    /// the reader has closed the pipe (not an error), and any other failure
    /// (`> /dev/full`) reported and exit code 2: output cut short must not
    /// look like a success.
    pub fn delivered(r: std::io::Result<()>) -> bool {
        match r {
            Ok(()) => true,
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => false,
            Err(e) => {
                let _ = writeln!(std::io::stderr(), "ptxfp: cannot write output: {e}");
                std::process::exit(2);
            }
        }
    }
}

mod bench;
mod check;
mod common;
mod eval;
mod forms;
mod gen;
mod hw;
mod mma;
mod run;
mod sweep;
mod verify;

/// Bit-exact model of NVIDIA PTX floating-point add, sub, mul, fma and mad.
#[derive(Parser)]
#[command(name = "ptxfp", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate one instruction form on operands.
    Eval(eval::Args),
    /// Check vector files (`FORM OPERAND... EXPECTED`, hex) against the model.
    Verify(verify::Args),
    /// Generate edge-weighted vectors for a form, in the verify format.
    Gen(gen::Args),
    /// List the legal forms with their minimum PTX ISA version and target.
    Forms(forms::Args),
    /// Validate the floating-point instructions of PTX files (exit 1 on any error).
    Check(check::Args),
    /// Run a PTX snippet or entry function and print the registers it wrote
    /// (exit 1 where a device `assert()` fails).
    Run(run::Args),
    /// Compare ptxfp with a GPU, bit for bit (needs an NVIDIA driver; see docs/GPU.md).
    #[command(subcommand)]
    Hw(hw::HwCommand),
    /// Evaluate a form over generated operands (all 2^32 pairs or 2^48
    /// triples, or seeded random) and print a digest of the results; in
    /// shards (--shard K/N --out DIR) that `ptxfp sweep merge DIR` joins.
    Sweep(sweep::Args),
    /// Measure throughput (M results/s) of ptxfp and reference implementations.
    Bench(bench::Args),
    /// Tensor-core inner products and small GEMMs as a given GPU computes
    /// them (V100 to B200; docs/TENSOR_CORES.md).
    #[command(subcommand)]
    Mma(mma::MmaCommand),
    /// Print a shell completion script on stdout.
    ///
    /// For example `ptxfp completions bash >
    /// ~/.local/share/bash-completion/completions/ptxfp`, or `ptxfp
    /// completions zsh > ~/.zfunc/_ptxfp`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) on stdout.
    ///
    /// `ptxfp man > ptxfp.1` is ptxfp's page, which lists the commands;
    /// `ptxfp man eval > ptxfp-eval.1` is a command's (`ptxfp man hw probe`:
    /// ptxfp-hw-probe).
    Man {
        /// The command whose page to print (default: ptxfp's, which lists them).
        #[arg(value_name = "COMMAND")]
        command: Vec<String>,
    },
}

/// The completion script for `shell`: generated from the command-line
/// definition above, so it offers what the parser takes.
fn completions(shell: clap_complete::Shell) -> Result<Outcome, common::Failure> {
    let mut bytes = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "ptxfp", &mut bytes);
    emit(&String::from_utf8_lossy(&bytes));
    Ok(Outcome::Ok)
}

/// The man page of `ptxfp` or of one of its commands (named as
/// clap_mangen's page list names them: `ptxfp-eval`, `ptxfp-hw-probe`).
fn man(path: &[String]) -> Result<Outcome, common::Failure> {
    let mut cmd = Cli::command();
    cmd.build();
    let (mut name, mut shown) = ("ptxfp".to_string(), "ptxfp".to_string());
    for word in path {
        let Some(sub) = cmd.find_subcommand(word).cloned() else {
            let known: Vec<&str> = cmd.get_subcommands().map(|s| s.get_name()).collect();
            return Err(if known.is_empty() {
                format!("`{shown}` has no commands: `{word}` has no page")
            } else {
                format!(
                    "no command `{word}` in `{shown}` (it has: {})",
                    known.join(", ")
                )
            }
            .into());
        };
        name = format!("{name}-{}", sub.get_name());
        shown = format!("{shown} {}", sub.get_name());
        cmd = sub.name(name.clone()).version(env!("CARGO_PKG_VERSION"));
    }
    let mut bytes = Vec::new();
    clap_mangen::Man::new(cmd)
        .render(&mut bytes)
        .map_err(|e| format!("cannot render the man page: {e}"))?;
    emit(&String::from_utf8_lossy(&bytes));
    Ok(Outcome::Ok)
}

/// What a command reports: success, or a failed check (exit code 1).
pub enum Outcome {
    /// Exit 0.
    Ok,
    /// Exit 1.
    Failed,
}

/// Appends a formatted line to a `String`.
#[macro_export]
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {{
        use std::fmt::Write as _;
        let _ = writeln!($out, $($arg)*);
    }};
}

/// Writes a command's whole output to stdout. A closed pipe (`| head`) is
/// not an error: the command still exits with its own code. Any other
/// failure (`> /dev/full`) is, with exit code 2: a vector
/// file cut short must not look like a success. False once the reader has
/// gone, so that a streaming command can stop.
pub fn emit(out: &str) -> bool {
    use std::io::Write as _;
    stdio::delivered(stdio::under_bar(|| {
        let mut stdout = std::io::stdout().lock();
        stdout
            .write_all(out.as_bytes())
            .and_then(|()| stdout.flush())
    }))
}

/// The commands that take `--json`.
const JSON_COMMANDS: [&str; 9] = [
    "eval", "verify", "gen", "forms", "check", "run", "sweep", "bench", "mma",
];

fn run() -> Result<Outcome, common::Failure> {
    // `eval` operands may start with '-' (`-inf`, `-1.5,-0.0`); clap would
    // read them as flags. `eval` has no short flags but -h, so there any
    // other argument that starts with a single '-' is an operand: a leading
    // space (trimmed by the operand parser) keeps clap from seeing a dash.
    // Other commands take their arguments as clap parses them (`check -q`,
    // `-` for standard input, `--` before a file named `-x.ptx`).
    let eval = std::env::args_os().nth(1).is_some_and(|a| a == "eval");
    // A flag's value that starts with '-' (`--ptx -1.0`) is joined to its
    // flag (`--ptx=-1.0`) so that clap reports the value as it was written.
    let mut args: Vec<std::ffi::OsString> = Vec::new();
    let mut value_of: Option<std::ffi::OsString> = None;
    for a in std::env::args_os() {
        if let Some(flag) = value_of.take() {
            if a.to_str().is_some_and(|s| s.starts_with('-')) {
                args.pop();
                let mut joined = flag;
                joined.push("=");
                joined.push(&a);
                args.push(joined);
                continue;
            }
        }
        let s = a.to_str().map(str::to_owned);
        match s.as_deref() {
            Some("--target" | "--device" | "--ptx") if eval => {
                value_of = Some(a.clone());
                args.push(a);
            }
            Some(s)
                if eval
                    && s.starts_with('-')
                    && !s.starts_with("--")
                    && !matches!(s, "-h" | "-V") =>
            {
                args.push(format!(" {s}").into());
            }
            _ => args.push(a),
        }
    }
    // A command with `--json` prints a JSON error object for every error,
    // those of its flags (`--target sm_999`) included.
    let json = std::env::args_os()
        .nth(1)
        .is_some_and(|a| JSON_COMMANDS.iter().any(|c| a == *c))
        && std::env::args_os().skip(2).any(|a| a == "--json");
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            if json && e.use_stderr() {
                let text = e.render().to_string();
                let first = text.split("\n\n").next().unwrap_or_default();
                let message = first.strip_prefix("error: ").unwrap_or(first).trim();
                println!(
                    "{}",
                    common::error_json(
                        None,
                        vec![common::message_json(None, message)],
                        Vec::new(),
                        Vec::new()
                    )
                );
            }
            e.exit()
        }
    };
    // `run` prints its own error object (with the trace of what ran).
    let json = json && !matches!(cli.command, Command::Run(_));
    let r = match cli.command {
        Command::Eval(a) => eval::run(a),
        Command::Verify(a) => verify::run(a),
        Command::Gen(a) => gen::run(a),
        Command::Forms(a) => forms::run(a).map_err(Into::into),
        Command::Check(a) => check::run(a).map_err(Into::into),
        Command::Run(a) => run::run(a).map_err(Into::into),
        Command::Hw(c) => hw::run(c).map_err(Into::into),
        Command::Sweep(a) => sweep::run(a),
        Command::Bench(a) => bench::run(a).map(|()| Outcome::Ok),
        Command::Mma(c) => mma::run(c),
        Command::Completions { shell } => completions(shell),
        Command::Man { command } => man(&command),
    };
    if let Err(f) = &r {
        if json && !f.errors.is_empty() {
            println!("{}", f.json());
        }
    }
    r
}

fn main() -> ExitCode {
    let code = run();
    // Buffered output must reach its file: a failure there is an error too.
    stdio::delivered(std::io::Write::flush(&mut std::io::stdout()));
    match code {
        Ok(Outcome::Ok) => ExitCode::SUCCESS,
        Ok(Outcome::Failed) => ExitCode::from(1),
        Err(e) => {
            // No errors: the command already printed its diagnostics.
            e.print();
            ExitCode::from(if run::interrupted() { 130 } else { 2 })
        }
    }
}
