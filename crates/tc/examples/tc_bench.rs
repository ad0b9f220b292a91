//! Inner products per second of the block-FMA model on one core.
//!
//! `cargo run --release -p ptxfp-tc --example tc_bench [gpu] [format] [k] [rows] [mode] [kernel] [threads]`
//! (defaults: H100 bf16 16 1000000 rows detected 1). Inputs are random
//! values of the format with exponents max(-8, emin)..1, c in [-0.5, 0.5).
//! Modes: `dot` (one `Model::dot` per inner product, 4096 distinct rows
//! cycled), `exact` (the same with `Model::dot_reference`), `rows` (`Model::dot_rows` over those 4096 rows, repeated;
//! `rows-decoded` the same without the fused kernel),
//! `gemm` (one `Model::gemm_with` of M = N = sqrt(rows), K = k, on
//! `threads` threads), `gemm-ref` (the same GEMM by `Model::gemm_reference`,
//! element by element). Kernels: portable, avx2, avx512.

use ptxfp_tc::{Gemm, Gpu, InFormat, Kernel, Model, OutFormat};
use std::time::Instant;

/// This thread's time on a CPU in seconds (Linux: /proc/thread-self/schedstat),
/// so that a machine shared with other work still gives the per-core rate.
fn cpu_seconds() -> Option<f64> {
    if std::env::args().nth(7).is_some_and(|t| t != "1") {
        return process_cpu_seconds();
    }
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 * 1e-9)
}

/// The whole process's CPU time (all threads; /proc/self/stat utime +
/// stime, in clock ticks of 1/100 s), for the multi-threaded GEMM.
fn process_cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = s.rsplit_once(')')?.1;
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let gpu = Gpu::parse(args.get(1).map_or("H100", |s| s)).expect("gpu");
    let fmt = InFormat::parse(args.get(2).map_or("bf16", |s| s)).expect("format");
    let k: usize = args.get(3).map_or(16, |s| s.parse().expect("k"));
    let rows: usize = args.get(4).map_or(1_000_000, |s| s.parse().expect("rows"));
    let model = Model::new(gpu, fmt, OutFormat::F32).expect("model");
    // xorshift64: a deterministic stream of bits.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    // A normal value of the format: sign, exponent in [max(-8, emin), 1].
    let keep = 23 - fmt.frac_bits();
    let lo = fmt.emin().max(-8);
    let mut value = || {
        let r = next();
        let exp = (lo + (r % (2 - lo) as u64) as i32 + 127) as u32;
        let frac = ((r >> 8) as u32 & 0x7f_ffff) >> keep << keep;
        ((r >> 40) as u32 & 1) << 31 | exp << 23 | frac
    };
    // 4096 distinct rows, cycled: the inputs stay in cache, as a GEMM's
    // do, so that the rate is the model's and not the memory's.
    const DISTINCT: usize = 4096;
    let a: Vec<u32> = (0..DISTINCT * k).map(|_| value()).collect();
    let b: Vec<u32> = (0..DISTINCT * k).map(|_| value()).collect();
    let c: Vec<u32> = (0..DISTINCT)
        .map(|i| (i as f32 / DISTINCT as f32 - 0.5).to_bits())
        .collect();
    let mode = args.get(5).map_or("rows", |s| s.as_str());
    let kernel = match args.get(6).map(|s| s.as_str()) {
        Some("portable") => Kernel::Portable,
        Some("avx2") => Kernel::Avx2,
        Some("avx512") => Kernel::Avx512,
        _ if mode.starts_with("rows") => Kernel::detected_rows(),
        _ => Kernel::detected(),
    };
    let mn = if mode.starts_with("gemm") {
        (rows as f64).sqrt() as usize
    } else {
        0
    };
    let threads: usize = args.get(7).map_or(1, |s| s.parse().expect("threads"));
    let ga: Vec<u32> = (0..mn * k).map(|_| value()).collect();
    let gb: Vec<u32> = (0..k * mn).map(|_| value()).collect();
    let gc: Vec<u32> = (0..mn * mn).map(|i| c[i % DISTINCT]).collect();
    let mut check = 0u32;
    let mut d = vec![0u32; DISTINCT];
    let cpu0 = cpu_seconds();
    let start = Instant::now();
    match mode {
        // One Model::dot per inner product (the scalar path).
        "dot" => {
            for r in 0..rows {
                let i = r % DISTINCT;
                let d = model
                    .dot(&a[i * k..(i + 1) * k], &b[i * k..(i + 1) * k], c[i])
                    .expect("dot");
                check = check.wrapping_add(d);
            }
        }
        // One GEMM of M = N = sqrt(rows) and K = k, A and B random values
        // of the format, C as above: M·N inner products.
        "gemm" => {
            let d = model
                .gemm_with(
                    kernel,
                    threads,
                    Gemm::new((mn, mn, k), &ga, &gb, &gc).expect("shape"),
                )
                .expect("gemm");
            check = d.iter().fold(check, |x, &y| x.wrapping_add(y));
        }
        // The same GEMM element by element through Model::dot (the exact
        // model's scalar path, no batching).
        "gemm-ref" => {
            let d = model
                .gemm_reference(Gemm::new((mn, mn, k), &ga, &gb, &gc).expect("shape"))
                .expect("gemm");
            check = d.iter().fold(check, |x, &y| x.wrapping_add(y));
        }
        // One Model::dot_reference (the general path alone) per inner product.
        "exact" => {
            for r in 0..rows {
                let i = r % DISTINCT;
                let d = model
                    .dot_reference(&a[i * k..(i + 1) * k], &b[i * k..(i + 1) * k], c[i])
                    .expect("dot");
                check = check.wrapping_add(d);
            }
        }
        // Model::dot_rows without the fused kernel (every input decoded
        // into arrays first): the path before it, for comparisons.
        "rows-decoded" => {
            for _ in 0..rows.div_ceil(DISTINCT) {
                model
                    .dot_rows_paths(kernel, false, k, &a, &b, &c, &mut d)
                    .expect("dot_rows");
                check = d.iter().fold(check, |x, &y| x.wrapping_add(y));
            }
        }
        // Model::dot_rows over the 4096 rows, repeated.
        _ => {
            for _ in 0..rows.div_ceil(DISTINCT) {
                model
                    .dot_rows_with(kernel, k, &a, &b, &c, &mut d)
                    .expect("dot_rows");
                check = d.iter().fold(check, |x, &y| x.wrapping_add(y));
            }
        }
    }
    let rows = if mode == "dot" || mode == "exact" {
        rows
    } else if mode.starts_with("gemm") {
        mn * mn
    } else {
        rows.div_ceil(DISTINCT) * DISTINCT
    };
    let secs = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds().zip(cpu0).map(|(b, a)| b - a);
    println!(
        "{} {} K={k} {mode} {}: {rows} inner products in {:.3} s wall = {:.1} M/s; {} (checksum {check:08x})",
        gpu.name(),
        fmt.name(),
        match mode {
            "dot" | "gemm-ref" => "scalar",
            "exact" => "general path",
            _ => kernel.name(),
        },
        secs,
        rows as f64 / secs / 1e6,
        match cpu {
            Some(c) => format!(
                "{c:.3} s on CPU ({}) = {:.1} M/s per core",
                if threads > 1 { "all threads" } else { "this thread" },
                rows as f64 / c / 1e6
            ),
            None => "no CPU time".to_string(),
        }
    );
}
