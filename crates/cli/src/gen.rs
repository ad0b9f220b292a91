//! `ptxfp gen FORM`: edge-weighted vectors in the verify format.

use ptxfp::gen::{hex_digits, op_vectors, vectors};
use ptxfp::literal::hex;

use crate::common::{
    parse_instruction, setup_json, validate_instruction, Env, Failure, Origin, Problem,
};
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
    #[arg(long, default_value_t = crate::common::DEFAULT_SEED)]
    seed: u64,
    #[command(flatten)]
    env: Env,
    /// Machine-readable output on stdout: one JSON object with the form,
    /// the setup, the count and seed, and the vectors as hex bits (one a
    /// line; docs/schemas/gen.schema.json); an error is the JSON error
    /// object (docs/schemas/error.schema.json).
    #[arg(long)]
    json: bool,
}

/// Prints a header comment and `count` lines (with --json, one object).
pub fn run(a: Args) -> Result<Outcome, Failure> {
    let mut out = String::new();
    let form = parse_instruction(&a.form, Origin::Arg)?;
    let warnings = validate_instruction(&form, &a.env, Origin::Arg)?;
    if a.json {
        let field = |v: serde_json::Value| serde_json::to_string(&v).unwrap_or_default();
        outln!(out, "{{");
        outln!(out, "  \"form\": {},", field(form.to_string().into()));
        outln!(out, "  \"setup\": {},", field(setup_json(&a.env)));
        outln!(out, "  \"count\": {},", a.count);
        outln!(out, "  \"seed\": {},", a.seed);
        let warnings: Vec<_> = warnings.iter().map(Problem::json).collect();
        outln!(out, "  \"warnings\": {},", field(warnings.into()));
        outln!(out, "  \"vectors\": [");
    } else {
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
    }
    // Streamed in blocks of about 1 MB: the first line comes at once and
    // 10 million lines need no memory.
    let exec = a.env.exec();
    // The table's forms keep their own generator (its stream is pinned:
    // files name their vectors by seed); the other ops draw by type.
    let table_form = form.form();
    let lines: Box<dyn Iterator<Item = (Vec<u64>, Vec<u64>)>> = match &table_form {
        Some(f) => Box::new(vectors(f, a.seed, &exec).map(|v| (v.srcs, vec![v.expected]))),
        None => Box::new(op_vectors(&form.op, a.seed, &exec).map(|v| (v.srcs, v.dsts))),
    };
    for (i, (srcs, dsts)) in lines.take(a.count as usize).enumerate() {
        if a.json {
            let field = |v: &[u64], t: &[ptxfp::PtxType]| -> Vec<String> {
                v.iter()
                    .zip(t)
                    .map(|(x, t)| format!("\"{}\"", hex(*x, *t)))
                    .collect()
            };
            let comma = if i + 1 < a.count as usize { "," } else { "" };
            let expected = field(&dsts, &form.dsts);
            let more = if expected.len() > 1 {
                format!(", \"expected_all\": [{}]", expected.join(", "))
            } else {
                String::new()
            };
            outln!(
                out,
                "    {{\"sources\": [{}], \"expected\": {}{more}}}{comma}",
                field(&srcs, &form.srcs).join(", "),
                expected[0]
            );
        } else {
            let mut line = form.text.clone();
            for (x, t) in srcs
                .iter()
                .zip(&form.srcs)
                .chain(dsts.iter().zip(&form.dsts))
            {
                line.push(' ');
                line += &hex_digits(*x, *t);
            }
            outln!(out, "{line}");
        }
        if out.len() >= 1 << 20 {
            if !emit(&out) {
                return Ok(Outcome::Ok); // `| head`: the reader has enough
            }
            out.clear();
        }
    }
    if a.json {
        outln!(out, "  ]");
        outln!(out, "}}");
    }
    emit(&out);
    Ok(Outcome::Ok)
}
