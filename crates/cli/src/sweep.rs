//! `ptxfp sweep`: a form over generated operands, summarized by a digest
//! (defined in `ptxfp::sweep`) that a GPU harness can recompute; in shards
//! (`--shard K/N --out DIR`) whose records `ptxfp sweep merge DIR` puts
//! back together (`ptxfp::sweep::shard`).

use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use ptxfp::batch::Plan;
use ptxfp::sweep::shard::{self, Merged, ShardSpec, Space};
use ptxfp::sweep::{self, Operands};

use crate::common::{parse_form, validate, Env, Failure, Progress};
use crate::Outcome;

/// `ptxfp sweep` arguments: a sweep, or `merge`.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    command: Option<SweepCommand>,
    #[command(flatten)]
    run: RunArgs,
}

/// `ptxfp sweep merge`.
#[derive(clap::Subcommand)]
enum SweepCommand {
    /// Merge the shard records of DIR (written by `ptxfp sweep ... --shard
    /// K/N --out DIR` or `ptxfp hw sweep ... --shard K/N --out DIR`) into
    /// the sweep's digest, printed as an unsharded sweep prints it. Exit 0
    /// when every shard is there once (and the digest is --expect's), 1
    /// when a shard is missing, a record is refused or a digest differs,
    /// 2 when DIR holds no record.
    Merge(MergeArgs),
}

/// `ptxfp sweep FORM ...` arguments.
#[derive(clap::Args)]
struct RunArgs {
    /// The form (e.g. `add.rn.f16`, `fma.rn.relu.bf16x2`, `mad.rz.f64`).
    #[arg(required = true)]
    form: Option<String>,
    /// Every operand tuple: all 2^32 pairs of a two-operand
    /// .f16/.bf16/.f16x2/.bf16x2 form, or all 2^48 triples of a
    /// three-operand one (fma; those run in shards: --shard).
    #[arg(long, conflicts_with = "random")]
    exhaustive: bool,
    /// N results from the seeded counter-based generator (1 to 2^40).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1 << 40))]
    random: Option<u64>,
    /// Seed of the random generator (with --random only) [default: 1].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Compute shard K of N only (K from 0; shards are contiguous ranges of
    /// the 2^24-result chunks) and write its record into --out. `A-B/N`
    /// computes shards A to B (inclusive) one after another in this
    /// process, a record each: many small shards without a process each.
    #[arg(long, value_name = "K/N", value_parser = shard_range_arg, requires = "out")]
    shard: Option<(u64, u64, u64)>,
    /// The directory the shard's record is written to (created if missing).
    #[arg(long, value_name = "DIR", requires = "shard")]
    out: Option<PathBuf>,
    /// Run a 2^48-result exhaustive sweep in one piece (about 20
    /// core-hours) instead of refusing it.
    #[arg(long, conflicts_with = "shard")]
    unsharded: bool,
    /// Also print the per-chunk digests (2^24 results per chunk): all of
    /// them, or the first K.
    #[arg(long, value_name = "K", num_args = 0..=1, default_missing_value = "18446744073709551615",
          value_parser = chunk_count, conflicts_with = "shard")]
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
    /// (docs/schemas/sweep.schema.json); with --shard, the shard's record
    /// and its file (docs/schemas/sweep-shard.schema.json); an error is the
    /// JSON error object (docs/schemas/error.schema.json). No progress.
    #[arg(long)]
    json: bool,
}

/// `ptxfp sweep merge` arguments.
#[derive(clap::Args)]
struct MergeArgs {
    /// The directory of shard records.
    dir: PathBuf,
    /// The digest the sweep must have (`0x0fc1cd6525d8d1e4`), or a JSON
    /// file of `ptxfp sweep --chunks --json` whose chunk digests it must
    /// have (then a difference names the first differing chunk).
    #[arg(long, value_name = "HEX|FILE")]
    expect: Option<String>,
    /// Compare with a second directory of shard records chunk by chunk
    /// (CPU against GPU): names the first differing chunk.
    #[arg(long, value_name = "DIR2")]
    against: Option<PathBuf>,
    /// Machine-readable output on stdout
    /// (docs/schemas/sweep-merge.schema.json).
    #[arg(long)]
    json: bool,
}

/// `--shard K/N` (also `ptxfp hw sweep`'s).
pub(crate) fn shard_arg(s: &str) -> Result<(u64, u64), String> {
    let bad = || format!("`{s}` is not K/N (shard K of N, K from 0: `0/8` .. `7/8`)");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let k: u64 = k.trim().parse().map_err(|_| bad())?;
    let n: u64 = n.trim().parse().map_err(|_| bad())?;
    if n == 0 {
        return Err(format!("`{s}`: N must be at least 1"));
    }
    if k >= n {
        return Err(format!(
            "`{s}`: K counts from 0, so it must be below N (0 to {})",
            n - 1
        ));
    }
    Ok((k, n))
}

/// `--shard K/N` or `--shard A-B/N` (shards A to B): (first, last, N).
fn shard_range_arg(s: &str) -> Result<(u64, u64, u64), String> {
    let Some((range, n)) = s.split_once('/') else {
        return shard_arg(s).map(|(k, n)| (k, k, n));
    };
    let Some((a, b)) = range.split_once('-') else {
        return shard_arg(s).map(|(k, n)| (k, k, n));
    };
    let (a, _) = shard_arg(&format!("{a}/{n}"))?;
    let (b, n) = shard_arg(&format!("{b}/{n}"))?;
    if a > b {
        return Err(format!(
            "`{s}`: the range A-B runs from A up to B, so A must not exceed B"
        ));
    }
    Ok((a, b, n))
}

/// Runs `ptxfp sweep`.
pub fn run(a: Args) -> Result<Outcome, Failure> {
    match a.command {
        Some(SweepCommand::Merge(m)) => merge(m),
        None => sweep(a.run).map(|()| Outcome::Ok),
    }
}

/// Progress of a long sweep: a bar with the rate and the time left where
/// stderr is a terminal, a line every 5 s where it is not (sweeps of more
/// than 2^30 results), nothing with --json.
struct Reporter {
    what: String,
    bar: Progress,
    lines: bool,
    total: u64,
    start: Instant,
    last: Mutex<Instant>,
    done: AtomicU64,
}

impl Reporter {
    fn new(total: u64, json: bool, what: &str) -> Reporter {
        let bar = Progress::new(total, json, "{bar:40} {percent:>3}% {msg} ETA {eta}");
        let now = Instant::now();
        let lines = !json && !std::io::stderr().is_terminal() && total > 1 << 30;
        Reporter {
            what: what.to_string(),
            bar,
            lines,
            total,
            start: now,
            last: Mutex::new(now),
            done: AtomicU64::new(0),
        }
    }

    fn set(&self, done: u64) {
        self.done.fetch_max(done, Ordering::Relaxed);
        self.bar.set(done);
        let Ok(mut last) = self.last.try_lock() else {
            return;
        };
        let every = if self.lines {
            Duration::from_secs(5)
        } else {
            Duration::from_millis(200)
        };
        if last.elapsed() < every {
            return;
        }
        *last = Instant::now();
        let done = self.done.load(Ordering::Relaxed);
        let secs = self.start.elapsed().as_secs_f64();
        let rate = done as f64 / secs.max(1e-9);
        self.bar.message(format!("{:.2} G results/s", rate / 1e9));
        if self.lines {
            let left = (self.total - done.min(self.total)) as f64 / rate.max(1.0);
            eprintln!(
                "ptxfp sweep: {}: {:.1}% ({done} of {} results), {:.2} G results/s, about {left:.0} s left",
                self.what,
                100.0 * done as f64 / self.total as f64,
                self.total,
                rate / 1e9
            );
        }
    }
}

fn sweep(a: RunArgs) -> Result<(), Failure> {
    let text = a.form.as_deref().unwrap_or_default();
    let form = parse_form(text, crate::common::Origin::Arg)?;
    let warnings = validate(&form, &a.env, crate::common::Origin::Arg)?;
    let with = |e: String| Failure {
        warnings: warnings.clone(),
        ..Failure::from(e)
    };
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
    let total = sweep::form_results(&form, ops).map_err(|e| with(e.to_string()))?;
    let space = Space::of(ops, form.source_types().len());
    let chunks = sweep::chunks_of(total);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.map_or(0, usize::from))
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
    let setup = shard::Setup {
        target: a.env.target.to_string(),
        device: exec.device.to_string(),
        ptx: a.env.ptx.to_string(),
    };
    if let (Some((first, last, n)), Some(out)) = (a.shard, &a.out) {
        shard::check_shard(last, n, chunks).map_err(with)?;
        let mut records = Vec::new();
        if first < last {
            // One pass over the range's chunks, a record per shard.
            let spec = ShardSpec {
                form,
                exec,
                ptx: a.env.ptx,
                operands: ops,
                shard: first,
                shards: n,
            };
            let start = shard::shard_chunks(chunks, first, n).start * sweep::CHUNK as u64;
            let end = (shard::shard_chunks(chunks, last, n).end * sweep::CHUNK as u64).min(total);
            let rep = Reporter::new(
                end - start,
                a.json,
                &format!("{form} shards {first}-{last}/{n}"),
            );
            let progress = |done: u64| {
                rep.set(done);
                true
            };
            let rs = pool
                .install(|| shard::run_shards(&spec, (first, last), path, out, &progress))
                .map_err(|e| with(e.to_string()))?;
            drop(rep);
            for r in &rs {
                records.push(shard_report(&a, &form, space, r, &pool, out)?);
            }
        } else {
            records.push(one_shard(
                &a,
                &form,
                exec,
                ops,
                space,
                (first, n),
                chunks,
                total,
                path,
                &pool,
                out,
                &with,
            )?);
        }
        if a.json {
            let v = if records.len() == 1 {
                records.remove(0)
            } else {
                serde_json::Value::Array(records)
            };
            crate::common::print_json(&v);
        }
        return Ok(());
    }
    let rep = Reporter::new(total, a.json, &form.to_string());
    let progress = |done: u64| {
        rep.set(done);
        true
    };
    let t = Instant::now();
    let res = pool
        .install(|| {
            if a.unsharded {
                sweep::run_form_chunks(&form, &exec, path, ops, 0..chunks, &progress).map(|c| {
                    sweep::Sweep {
                        results: total,
                        digest: sweep::combine(&c),
                        chunks: c,
                    }
                })
            } else {
                sweep::run_form(&form, &exec, path, ops, &progress)
            }
        })
        .map_err(|e| e.to_string());
    let secs = t.elapsed().as_secs_f64();
    drop(rep);
    let res = res.map_err(with)?;
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
    print!(
        "{}",
        shard::summary(&form.to_string(), &setup, space, res.results, res.digest)
    );
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

/// What `--expect` gave: a digest, or per-chunk digests (and the digest)
/// from a `ptxfp sweep --chunks --json` file.
enum Expect {
    Digest(u64),
    Chunks {
        file: String,
        digest: u64,
        chunks: Vec<u64>,
    },
}

impl Expect {
    fn digest(&self) -> u64 {
        match self {
            Expect::Digest(d) | Expect::Chunks { digest: d, .. } => *d,
        }
    }
}

fn parse_expect(s: &str) -> Result<Expect, String> {
    if let Some(d) = shard::parse_hex64(s.trim()) {
        return Ok(Expect::Digest(d));
    }
    if s.trim().starts_with("0x") {
        return Err(format!(
            "--expect {s}: not a digest (0x and 1 to 16 hex digits)"
        ));
    }
    let unreadable = |e: std::io::Error| {
        format!("--expect {s}: neither a digest (0x and 16 hex digits) nor a readable file: {e}")
    };
    // A regular file only: a device or a pipe (`/dev/zero`) could hold
    // more than any memory.
    if !std::fs::metadata(s).map_err(unreadable)?.is_file() {
        return Err(format!(
            "--expect {s}: not a regular file; give a digest (0x and 16 hex digits) or the file `ptxfp sweep --chunks --json` wrote"
        ));
    }
    let text = std::fs::read_to_string(s).map_err(unreadable)?;
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        format!("--expect {s}: not JSON (`ptxfp sweep --chunks --json` output): {e}")
    })?;
    let hexes = |v: &serde_json::Value| -> Option<Vec<u64>> {
        v.as_array()?
            .iter()
            .map(|x| x.as_str().and_then(shard::parse_hex64))
            .collect()
    };
    let digest = v
        .get("digest")
        .and_then(|d| d.as_str())
        .and_then(shard::parse_hex64);
    let chunks = v.get("chunks").and_then(hexes);
    match (digest, chunks) {
        (Some(digest), Some(chunks)) => Ok(Expect::Chunks {
            file: s.to_string(),
            digest,
            chunks,
        }),
        (Some(d), None) => Ok(Expect::Digest(d)),
        _ => Err(format!(
            "--expect {s}: no \"digest\" (and \"chunks\") in it: give `ptxfp sweep FORM ... --chunks --json` output"
        )),
    }
}

/// The hint that re-checks chunk `c` of `m`'s sweep.
fn recheck(m: &Merged, c: u64) -> String {
    let mut out = format!(
        "  chunk {c} is {}\n  help: recompute that chunk alone on this CPU with `ptxfp sweep {} {} --target {} --device {} --ptx {} --shard {c}/{} --out DIR` (on a GPU: `ptxfp hw sweep {} ... --shard {c}/{} --out DIR`), then `ptxfp sweep merge DIR --against DIR2`; `ptxfp eval {} A B{}` shows single results of its operand range, and a vector file of them checks with `ptxfp verify FILE`",
        m.chunk_operands(c),
        m.form,
        m.operands.flags(),
        m.setup.target,
        m.setup.device,
        m.setup.ptx,
        m.total_chunks,
        m.form,
        m.total_chunks,
        m.form,
        if m.operands == Space::Exhaustive3 { " C" } else { "" },
    );
    out.push('\n');
    out
}

fn merge(a: MergeArgs) -> Result<Outcome, Failure> {
    let expect = a.expect.as_deref().map(parse_expect).transpose()?;
    let m = shard::merge(&a.dir, expect.as_ref().map(Expect::digest)).map_err(|e| e.to_string())?;
    let against = match &a.against {
        Some(d2) => Some(shard::against(&a.dir, d2).map_err(|e| e.to_string())?),
        None => None,
    };
    let mut ok = m.ok();
    let mut text = m.report();
    let mut first_diff: Option<u64> = None;
    use std::fmt::Write as _;
    if let (Some(e), Some(d)) = (&expect, m.digest) {
        if e.digest() == d {
            let _ = writeln!(text, "expected  {:#018x}: equal", e.digest());
        } else {
            let _ = writeln!(text, "expected  {:#018x}: DIFFERENT", e.digest());
            match e {
                Expect::Chunks { file, chunks, .. } => {
                    let c = m
                        .chunk_digests
                        .iter()
                        .zip(chunks)
                        .position(|(a, b)| *a != Some(*b))
                        .map(|c| c as u64)
                        .or_else(|| (chunks.len() as u64 != m.total_chunks).then_some(0));
                    if let Some(c) = c {
                        first_diff = Some(c);
                        let _ = writeln!(
                            text,
                            "first differing chunk {c} (shard {}/{}; {file} has {} chunks)",
                            m.shard_of(c),
                            m.shards,
                            chunks.len()
                        );
                        text.push_str(&recheck(&m, c));
                    }
                }
                Expect::Digest(_) => {
                    let _ = writeln!(
                        text,
                        "  help: a digest alone cannot say which chunk differs: give --expect the `ptxfp sweep {} {} --chunks --json` output of the other side, or compare shard sets with --against DIR2",
                        m.form,
                        m.operands.flags()
                    );
                }
            }
        }
    } else if expect.is_some() {
        let _ = writeln!(text, "expected  incomplete: no digest to compare");
    }
    if let Some(ag) = &against {
        let _ = writeln!(
            text,
            "against   {}: {} of {} shards{}",
            ag.right.dir.display(),
            ag.right.shards - ag.right.missing.len() as u64,
            ag.right.shards,
            ag.right
                .digest
                .map(|d| format!(", digest {d:#018x}"))
                .unwrap_or_default()
        );
        if let Some(why) = &ag.incomparable {
            let _ = writeln!(text, "  not comparable: {why}");
        } else if let Some(c) = ag.first_difference {
            first_diff = first_diff.or(Some(c));
            let _ = writeln!(
                text,
                "  {} of {} chunks compared differ; the first is chunk {c} (shard {}/{} here)",
                ag.differing,
                ag.compared,
                m.shard_of(c),
                m.shards
            );
            text.push_str(&recheck(&m, c));
        } else {
            let _ = writeln!(text, "  all {} chunks both hold are equal", ag.compared);
        }
        if !ag.right.ok() {
            text.push_str(
                &ag.right
                    .report()
                    .lines()
                    .filter(|l| {
                        !l.starts_with("form")
                            && !l.starts_with("setup")
                            && !l.starts_with("operands")
                    })
                    .map(|l| format!("  {l}\n"))
                    .collect::<String>(),
            );
        }
        ok = ok && ag.ok();
    }
    if a.json {
        crate::common::print_json(&merge_json(&m, &expect, against.as_ref(), first_diff, ok));
    } else {
        print!("{text}");
    }
    Ok(if ok { Outcome::Ok } else { Outcome::Failed })
}

fn merged_json(m: &Merged) -> serde_json::Value {
    serde_json::json!({
        "dir": m.dir.display().to_string(),
        "form": m.form,
        "setup": m.setup,
        "ptxfp_version": m.ptxfp_version,
        "profile_hash": m.profile_hash,
        "operands": m.operands,
        "shards": m.shards,
        "total_chunks": m.total_chunks,
        "results": m.results,
        "digest": m.digest.map(shard::hex64),
        "records": m.records.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
        "missing": m.missing.iter().map(|&k| serde_json::json!({
            "shard": format!("{k}/{}", m.shards),
            "command": m.rerun(k),
        })).collect::<Vec<_>>(),
        "refused": m.refused.iter().map(|r| serde_json::json!({
            "file": r.file.display().to_string(),
            "why": r.why,
        })).collect::<Vec<_>>(),
        "temp_files": m.temp_files.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
        "paths": m.paths,
        "seconds": m.seconds,
    })
}

fn merge_json(
    m: &Merged,
    expect: &Option<Expect>,
    against: Option<&shard::Against>,
    first_diff: Option<u64>,
    ok: bool,
) -> serde_json::Value {
    let mut v = merged_json(m);
    if let Some(o) = v.as_object_mut() {
        o.insert("ok".into(), ok.into());
        o.insert(
            "expect".into(),
            expect.as_ref().map(|e| shard::hex64(e.digest())).into(),
        );
        o.insert(
            "first_difference".into(),
            first_diff
                .map(|c| {
                    serde_json::json!({
                        "chunk": c,
                        "shard": format!("{}/{}", m.shard_of(c), m.shards),
                        "operands": m.chunk_operands(c),
                    })
                })
                .into(),
        );
        o.insert(
            "against".into(),
            against
                .map(|ag| {
                    serde_json::json!({
                        "merge": merged_json(&ag.right),
                        "incomparable": ag.incomparable,
                        "compared": ag.compared,
                        "differing": ag.differing,
                        "first_difference": ag.first_difference,
                    })
                })
                .into(),
        );
    }
    v
}

/// Computes shard `k` of `n` into `out` (`--shard`), printing its line
/// unless `--json`; returns its record with its file, as JSON.
#[allow(clippy::too_many_arguments)]
fn one_shard(
    a: &RunArgs,
    form: &ptxfp::Form,
    exec: ptxfp::Exec,
    ops: Operands,
    space: Space,
    (k, n): (u64, u64),
    chunks: u64,
    total: u64,
    path: ptxfp::batch::Path,
    pool: &rayon::ThreadPool,
    out: &std::path::Path,
    with: &dyn Fn(String) -> Failure,
) -> Result<serde_json::Value, Failure> {
    let form = *form;
    shard::check_shard(k, n, chunks).map_err(with)?;
    let spec = ShardSpec {
        form,
        exec,
        ptx: a.env.ptx,
        operands: ops,
        shard: k,
        shards: n,
    };
    let range = shard::shard_chunks(chunks, k, n);
    let results = (range.end * sweep::CHUNK as u64).min(total) - range.start * sweep::CHUNK as u64;
    let rep = Reporter::new(results, a.json, &format!("{form} shard {k}/{n}"));
    let progress = |done: u64| {
        rep.set(done);
        true
    };
    let r = pool
        .install(|| shard::run_shard(&spec, path, out, &progress))
        .map_err(|e| with(e.to_string()))?;
    drop(rep);
    shard_report(a, &form, space, &r, pool, out)
}

/// A shard's record as JSON with its file; its line printed unless `--json`.
fn shard_report(
    a: &RunArgs,
    form: &ptxfp::Form,
    space: Space,
    r: &shard::ShardRecord,
    pool: &rayon::ThreadPool,
    out: &std::path::Path,
) -> Result<serde_json::Value, Failure> {
    let (k, n) = (r.shard.k, r.shard.n);
    let file = out.join(r.file_name());
    let mut v = serde_json::to_value(r).map_err(|e| e.to_string())?;
    if let Some(o) = v.as_object_mut() {
        o.insert("file".into(), file.display().to_string().into());
    }
    if a.json {
        return Ok(v);
    }
    println!(
        "shard {k}/{n} of {form} {}: chunks {}..{} of {}, {} results, partial {}, {:.3} s ({} threads, path {}) -> {}",
        space.flags(),
        r.chunks.first,
        r.chunks.end,
        r.chunks.total,
        r.results,
        r.partial_digest,
        r.seconds,
        pool.current_num_threads(),
        r.path,
        file.display()
    );
    Ok(v)
}
