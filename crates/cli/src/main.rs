//! The `ptxfp` command.
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod hw;

/// Bit-exact model of NVIDIA PTX floating-point arithmetic.
#[derive(Debug, Parser)]
#[command(name = "ptxfp", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Compare ptxfp with a GPU (needs an NVIDIA driver; see docs/GPU.md).
    #[command(subcommand)]
    Hw(hw::HwCommand),
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Hw(cmd) => hw::exit(hw::run(cmd)),
    }
}
