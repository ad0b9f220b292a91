//! The `ptxfp` command: a thin layer over the `ptxfp` crate.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod bench;
mod sweep;

/// Bit-exact model of NVIDIA PTX floating-point arithmetic.
#[derive(Parser)]
#[command(name = "ptxfp", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate a form over generated operands and print a digest of the results.
    Sweep(sweep::Args),
    /// Measure throughput (M results/s) of ptxfp and reference implementations.
    Bench(bench::Args),
}

fn run() -> Result<(), String> {
    match Cli::parse().command {
        Command::Sweep(a) => sweep::run(a),
        Command::Bench(a) => bench::run(a),
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
