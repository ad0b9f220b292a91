//! `ptxfp sweep`: a form over generated operands, summarized by a digest
//! (defined in `ptxfp::sweep`) that a GPU harness can recompute.

use std::time::Instant;

use ptxfp::batch::Plan;
use ptxfp::sweep::{self, Operands};

use crate::common::{parse_form, validate, Env, Failure, Progress};

/// `ptxfp sweep` arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The form (e.g. `add.rn.f16`, `fma.rn.relu.bf16x2`, `mad.rz.f64`).
    form: String,
    /// All 2^32 operand pairs (two-operand .f16/.bf16/.f16x2/.bf16x2 forms).
    #[arg(long, conflicts_with = "random")]
    exhaustive: bool,
    /// N results from the seeded counter-based generator (1 to 2^40).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1 << 40))]
    random: Option<u64>,
    /// Seed of the random generator (with --random only) [default: 1].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Also print the per-chunk digests (2^24 results per chunk): all of
    /// them, or the first K.
    #[arg(long, value_name = "K", num_args = 0..=1, default_missing_value = "18446744073709551615",
          value_parser = chunk_count)]
    chunks: Option<u64>,
    /// Worker threads (default: all cores; at most 1024).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Kernel implementation (default: the best this CPU has).
    #[arg(long, value_enum, default_value_t)]
    path: crate::common::PathArg,
    #[command(flatten)]
    env: Env,
    /// Machine-readable output on stdout: one JSON object with the form,
    /// the setup, the operands, the count, the digest (and the per-chunk
    /// digests with --chunks), the time and the kernel path
    /// (docs/schemas/sweep.schema.json); an error is the JSON error object
    /// (docs/schemas/error.schema.json). No progress bar.
    #[arg(long)]
    json: bool,
}

/// Runs `ptxfp sweep`.
pub fn run(a: Args) -> Result<(), Failure> {
    let form = parse_form(&a.form, crate::common::Origin::Arg)?;
    let warnings = validate(&form, &a.env, crate::common::Origin::Arg)?;
    let exec = a.env.exec();
    let path = a.path.path()?;
    let ops = match (a.exhaustive, a.random) {
        (true, _) if a.seed.is_some() => {
            return Err("--seed applies to --random; --exhaustive has no randomness".into())
        }
        (true, _) => Operands::Exhaustive,
        (false, Some(n)) => Operands::Random {
            n,
            seed: a.seed.unwrap_or(crate::common::DEFAULT_SEED),
        },
        (false, None) => return Err("say which operands: --exhaustive or --random N".into()),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.map_or(0, usize::from))
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
    let total = match ops {
        Operands::Exhaustive => 1u64 << 32,
        Operands::Random { n, .. } => n,
    };
    let bar = Progress::new(total, a.json, "{bar:40} {percent:>3}% {eta}");
    let progress = |done: u64| bar.set(done);
    let t = Instant::now();
    let res = pool
        .install(|| sweep::run_form(&form, &exec, path, ops, &progress))
        .map_err(|e| e.to_string());
    let secs = t.elapsed().as_secs_f64();
    drop(bar);
    let res = res.map_err(|e| Failure {
        warnings: warnings.clone(),
        ..Failure::from(e)
    })?;
    let plan = Plan::of(&form, &exec);
    let k = a.chunks.map(|k| usize::try_from(k).unwrap_or(usize::MAX));
    if a.json {
        let hex = |d: &u64| format!("{d:#018x}");
        crate::common::print_json(&serde_json::json!({
            "form": form.to_string(),
            "setup": crate::common::setup_json(&a.env),
            "operands": match ops {
                Operands::Exhaustive => serde_json::json!({"kind": "exhaustive"}),
                Operands::Random { seed, .. } => serde_json::json!({"kind": "random", "seed": seed}),
            },
            "results": res.results,
            "digest": hex(&res.digest),
            "chunks": k.map(|k| res.chunks.iter().take(k).map(hex).collect::<Vec<_>>()),
            "seconds": secs,
            "results_per_second": res.results as f64 / secs,
            "threads": pool.current_num_threads(),
            "path": plan.map(|p| p.served_by(path).to_string()),
            "warnings": warnings.iter().map(crate::common::Problem::json).collect::<Vec<_>>(),
        }));
        return Ok(());
    }
    println!("form      {form}");
    println!(
        "setup     --target {} --device {} --ptx {}",
        a.env.target, exec.device, a.env.ptx
    );
    match ops {
        Operands::Exhaustive => println!("operands  exhaustive: result i = (a << 16) | b"),
        Operands::Random { seed, .. } => println!("operands  random, seed {seed}"),
    }
    println!("results   {}", res.results);
    println!("digest    {:#018x}", res.digest);
    let served = match plan {
        Some(plan) => format!("path {}", plan.served_by(path)),
        None => "no batch kernel: Form::eval per result".to_string(),
    };
    println!(
        "time      {secs:.3} s ({:.0} M results/s, {} threads, {served})",
        res.results as f64 / secs / 1e6,
        pool.current_num_threads(),
    );
    if let Some(k) = k {
        for (c, d) in res.chunks.iter().take(k).enumerate() {
            println!("chunk {c:>5} {d:#018x}");
        }
    }
    Ok(())
}

/// `--chunks K`: a count of at least 1 (`--chunks` alone: all).
fn chunk_count(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("0 chunks prints nothing: give 1 or more, or `--chunks` alone for all".into()),
        Ok(k) => Ok(k),
        Err(_) => Err(format!("`{s}` is not a count of chunks (1 or more)")),
    }
}
