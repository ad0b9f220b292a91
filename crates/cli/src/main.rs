//! The `ptxfp` command.

mod check;
mod run;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Bit-exact model of NVIDIA PTX floating-point add, sub, mul, fma and mad.
#[derive(Parser)]
#[command(name = "ptxfp", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Validate the floating-point instructions of PTX files.
    Check(check::Args),
    /// Run a PTX snippet or entry function and print the registers it wrote.
    Run(run::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(a) => check::main(a),
        Command::Run(a) => run::main(a),
    }
}
