//! Launches of many threads must never panic, hang or grow without bound:
//! every bad input is an error with a location. The input is a module
//! whose comment holds its own command line, `// ptxfp run FILE ARGS`, as
//! the examples and the corpus seeds (fuzz/seed) have it; its grid, block,
//! cluster, cooperative flag, entry, device, parameters, memory and tensor
//! maps are taken from there, so the fuzzer mutates launches as well as
//! code (the `run` target runs one thread). Threads are capped at 4096 and
//! steps at 200,000 so that an execution stays short.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ptxfp::interp::{run, Inputs, Launch, Options};
use ptxfp::Target;

/// `X[,Y[,Z]]`.
fn dims(s: &str) -> Option<[u32; 3]> {
    let mut d = [1u32; 3];
    for (i, p) in s.split(',').enumerate() {
        *d.get_mut(i)? = p.parse().ok()?;
    }
    Some(d)
}

/// `HEX`, or `<N ... bytes>` (the seeds' placeholder): N bytes of a
/// pattern.
fn bytes(s: &str) -> Option<Vec<u8>> {
    if let Some(inner) = s.strip_prefix('<') {
        let n: usize = inner.split(|c: char| !c.is_ascii_digit()).find(|t| !t.is_empty())?.parse().ok()?;
        return Some((0..n.min(1 << 16)).map(|i| (i * 37 % 251) as u8).collect());
    }
    if s.len() % 2 != 0 || s.len() > 1 << 17 {
        return None;
    }
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok()).collect()
}

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else { return };
    let Some(line) = src.lines().find_map(|l| l.split_once("ptxfp run ").map(|(_, r)| r)) else {
        return;
    };
    let mut words = line.split_whitespace().skip(1);
    let mut launch = Launch::default();
    let mut inputs = Inputs::default();
    let mut opts = Options {
        max_steps: Some(200_000),
        max_memory: Some(256 << 20),
        check_memory: data.len() % 2 == 1,
        ..Options::default()
    };
    while let Some(w) = words.next() {
        let mut arg = || words.next();
        match w {
            "--entry" => opts.entry = arg().map(str::to_string),
            "--grid" => launch.grid = arg().and_then(dims).unwrap_or([1; 3]),
            "--block" => launch.block = arg().and_then(dims).unwrap_or([1; 3]),
            "--cluster" => launch.cluster = arg().and_then(dims),
            "--cooperative" => launch.cooperative = true,
            "--dynamic-shared" => launch.dynamic_shared = arg().and_then(|v| v.parse().ok()).unwrap_or(0),
            "--device" => opts.device = arg().and_then(|v| v.strip_prefix("sm_")?.trim_end_matches('a').parse().ok()).map(Target::sm),
            "--max-steps" => {
                opts.max_steps = arg().and_then(|v| v.parse().ok()).map(|n: u64| n.min(200_000))
            }
            "--set" => {
                if let Some((k, v)) = arg().and_then(|a| a.split_once('=')) {
                    inputs.sets.push((k.to_string(), v.to_string()));
                }
            }
            "--tensor-map" => {
                if let Some(a) = arg() {
                    inputs.tensor_maps.push(a.to_string());
                }
            }
            "--mem" => {
                // `<in's 512 bytes>` is two words.
                let Some(a) = arg() else { break };
                let a = if a.contains('<') && !a.ends_with('>') {
                    let mut s = a.to_string();
                    for w in words.by_ref() {
                        s.push(' ');
                        s.push_str(w);
                        if w.ends_with('>') {
                            break;
                        }
                    }
                    s
                } else {
                    a.to_string()
                };
                if let Some((addr, v)) = a.split_once('=') {
                    if let Some(b) = bytes(v) {
                        inputs.mems.push((addr.to_string(), b));
                    }
                }
            }
            _ => {}
        }
    }
    let threads = launch.grid.iter().chain(&launch.block).fold(1u64, |n, d| n.saturating_mul(u64::from(*d)));
    if threads > 4096 {
        return;
    }
    opts.launch = launch;
    // As the CLI: a shape the line leaves out comes from the kernel's
    // `.reqntid`/`.reqnctapercluster` (at most 1024 threads, 32 CTAs).
    opts.block_from_entry = !line.contains("--block");
    opts.grid_from_entry = !line.contains("--grid");
    let _ = run(src, &inputs, &opts);
});
