//! Inner products per second of the block-FMA model on one core.
//!
//! `cargo run --release -p ptxfp-tc --example tc_bench [gpu] [format] [k] [rows]`
//! (defaults: H100 bf16 16 1000000). Inputs are random values of the
//! format in [-4, 4), c random f32 in [-1, 1).

use ptxfp_tc::{Gpu, InFormat, Model, OutFormat};
use std::time::Instant;

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
    // A value of the format: sign, exponent in [-8, 1], fraction bits kept.
    let keep = 23 - fmt.frac_bits();
    let mut value = || {
        let r = next();
        let exp = (r % 10) as u32 + 119;
        let frac = ((r >> 8) as u32 & 0x7f_ffff) >> keep << keep;
        ((r >> 40) as u32 & 1) << 31 | exp << 23 | frac
    };
    let a: Vec<u32> = (0..rows * k).map(|_| value()).collect();
    let b: Vec<u32> = (0..rows * k).map(|_| value()).collect();
    let c: Vec<u32> = (0..rows)
        .map(|i| (i as f32 / rows as f32 - 0.5).to_bits())
        .collect();
    let mut check = 0u32;
    let start = Instant::now();
    for i in 0..rows {
        let d = model
            .dot(&a[i * k..(i + 1) * k], &b[i * k..(i + 1) * k], c[i])
            .expect("dot");
        check = check.wrapping_add(d);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} {} K={k}: {rows} inner products in {:.3} s = {:.1} M/s (checksum {check:08x})",
        gpu.name(),
        fmt.name(),
        secs,
        rows as f64 / secs / 1e6
    );
}
