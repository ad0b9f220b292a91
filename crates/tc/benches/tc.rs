//! Inner products per second of the tensor-core model, single thread:
//! the exact model's general path (`Model::dot_reference`), its scalar
//! fast path (`Model::dot`, one inner product per call), and the batched
//! kernel (`Model::dot_rows` on independent rows, and `Model::gemm_with`
//! on a 256×256×K GEMM, whose inner products share their decoded inputs),
//! each compilation of the kernel this CPU runs.
//!
//! ```text
//! cargo bench -p ptxfp-tc --bench tc
//! ```
//!
//! Criterion reports inner products per second (wall time); BENCHMARKS.md
//! ("Tensor cores") holds the numbers and ratios, with the per-core CPU
//! time rates of `cargo run --release -p ptxfp-tc --example tc_bench`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use ptxfp_tc::{Gemm, Gpu, InFormat, Kernel, Model, OutFormat};

/// Rows of the dot_rows benchmarks (and of the exact ones).
const ROWS: usize = 4096;
/// M = N of the GEMM benchmark.
const MN: usize = 256;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A normal value of `fmt` with exponent in max(-8, emin)..=1, as f32 bits
/// (as the tc_bench example draws them).
fn value(fmt: InFormat, r: &mut Rng) -> u32 {
    let keep = 23 - fmt.frac_bits();
    let lo = fmt.emin().max(-8);
    let x = r.next();
    let exp = (lo + (x % (2 - lo) as u64) as i32 + 127) as u32;
    let frac = ((x >> 8) as u32 & 0x7f_ffff) >> keep << keep;
    ((x >> 40) as u32 & 1) << 31 | exp << 23 | frac
}

fn bench_model(c: &mut Criterion, gpu: Gpu, fmt: InFormat, k: usize) {
    let m = Model::new(gpu, fmt, OutFormat::F32).expect("model");
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    let a: Vec<u32> = (0..ROWS * k).map(|_| value(fmt, &mut r)).collect();
    let b: Vec<u32> = (0..ROWS * k).map(|_| value(fmt, &mut r)).collect();
    let cc: Vec<u32> = (0..ROWS)
        .map(|i| (i as f32 / ROWS as f32 - 0.5).to_bits())
        .collect();
    let ga: Vec<u32> = (0..MN * k).map(|_| value(fmt, &mut r)).collect();
    let gb: Vec<u32> = (0..k * MN).map(|_| value(fmt, &mut r)).collect();
    let gc: Vec<u32> = (0..MN * MN).map(|i| cc[i % ROWS]).collect();

    let mut g = c.benchmark_group(format!("{} {} K={k}", gpu.name(), fmt.name()));
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(300));
    g.measurement_time(Duration::from_secs(2));
    g.throughput(Throughput::Elements(ROWS as u64));
    g.bench_function("exact (dot_reference)", |bch| {
        bch.iter(|| {
            let mut s = 0u32;
            for (i, &ci) in cc.iter().enumerate() {
                let row = i * k..(i + 1) * k;
                s ^= m.dot_reference(&a[row.clone()], &b[row], ci).expect("dot");
            }
            black_box(s)
        })
    });
    g.bench_function("scalar (dot)", |bch| {
        bch.iter(|| {
            let mut s = 0u32;
            for (i, &ci) in cc.iter().enumerate() {
                let row = i * k..(i + 1) * k;
                s ^= m.dot(&a[row.clone()], &b[row], ci).expect("dot");
            }
            black_box(s)
        })
    });
    let mut d = vec![0u32; ROWS];
    for &kernel in Kernel::available() {
        g.bench_function(BenchmarkId::new("dot_rows", kernel.name()), |bch| {
            bch.iter(|| {
                m.dot_rows_with(kernel, k, &a, &b, &cc, &mut d)
                    .expect("dot_rows");
                black_box(d[0])
            })
        });
    }
    g.throughput(Throughput::Elements((MN * MN) as u64));
    for &kernel in Kernel::available() {
        g.bench_function(BenchmarkId::new("gemm 256x256", kernel.name()), |bch| {
            bch.iter(|| {
                let d = m
                    .gemm_with(
                        kernel,
                        1,
                        Gemm::new((MN, MN, k), &ga, &gb, &gc).expect("shape"),
                    )
                    .expect("gemm");
                black_box(d[0])
            })
        });
    }
    g.finish();
}

fn tc(c: &mut Criterion) {
    bench_model(c, Gpu::H100, InFormat::Bf16, 16);
    bench_model(c, Gpu::H100, InFormat::F16, 16);
    bench_model(c, Gpu::H100, InFormat::Tf32, 16);
    bench_model(c, Gpu::H100, InFormat::E4m3, 32);
    bench_model(c, Gpu::B200, InFormat::E5m2, 32);
    bench_model(c, Gpu::A100, InFormat::Bf16, 16);
    bench_model(c, Gpu::V100, InFormat::F16, 16);
}

criterion_group!(benches, tc);
criterion_main!(benches);
