//! The `ptxfp` command.
fn main() {}
