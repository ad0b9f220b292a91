//! `ptxfp gen FORM`: edge-weighted vectors in the verify format.

use ptxfp::gen::{format_line, vectors};

use crate::common::{parse_form, validate, Env, Failure, Origin};
use crate::{emit, outln, Outcome};

/// Arguments of `gen`.
#[derive(clap::Args)]
pub struct Args {
    /// The form, e.g. fma.rn.oob.relu.bf16x2.
    form: String,
    /// How many vectors (at most 10,000,000).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(0..=10_000_000))]
    count: u64,
    /// Seed of the generator (same seed, same vectors).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    env: Env,
}

/// Prints a header comment and `count` lines.
pub fn run(a: Args) -> Result<Outcome, Failure> {
    let mut out = String::new();
    let form = parse_form(&a.form, Origin::Arg)?;
    validate(&form, &a.env, Origin::Arg)?;
    outln!(
        out,
        "# {form}: {} vectors, seed {}, expected values from the ptxfp model; not an oracle",
        a.count,
        a.seed,
    );
    // The setup the values hold for: `ptxfp verify` reads this line.
    outln!(
        out,
        "# run: --target {} --device {} --ptx {}",
        a.env.target,
        a.env.exec().device,
        a.env.ptx
    );
    // Streamed in blocks of about 1 MB: the first line comes at once and
    // 10 million lines need no memory.
    let exec = a.env.exec();
    for v in vectors(&form, a.seed, &exec).take(a.count as usize) {
        outln!(out, "{}", format_line(&form, &v));
        if out.len() >= 1 << 20 {
            if !emit(&out) {
                return Ok(Outcome::Ok); // `| head`: the reader has enough
            }
            out.clear();
        }
    }
    emit(&out);
    Ok(Outcome::Ok)
}
