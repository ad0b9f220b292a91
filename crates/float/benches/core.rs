//! Scalar fma throughput of the exact core against Berkeley SoftFloat 3
//! (softfloat-sys), rustc_apfloat and, for f32/f64, the host's `mul_add`.
//!
//! Each iteration runs one fma per element over 1M-element arrays of random
//! normal operands (seeded), so criterion's "thrpt" is operations per second.
//! Every call goes through an `#[inline(never)]` wrapper: the numbers are for
//! a real call per operation, as the PTX interpreter makes them.
//!
//! Run: `cargo bench -p ptxfp-float --features softfloat --bench core` (needs
//! CMake for SoftFloat's build; a few seconds per line;
//! `-- f16` for the f16 group only).

use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
use ptxfp_float::{fma, Format, Round, F16, F32, F64};
use rustc_apfloat::ieee::{Double, Half, Single};
use rustc_apfloat::{Float, Round as ARound};
use softfloat_sys::{float16_t, float32_t, float64_t};
use std::hint::black_box;
use std::time::Duration;

const N: usize = 1 << 20;

/// Seeded random normal operands of `F` (exponent within ±8 of 1, so fma
/// results stay normal and the common path is measured), as triples.
fn operands<F: Format>(seed: u64) -> Vec<(u64, u64, u64)> {
    let mut s = seed;
    let mut next = move || {
        s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut one = move || {
        let r = next();
        let e = F::BIAS as u64 - 8 + r % 17;
        (r >> 8 & F::SIGN) | e << F::FRAC_BITS | (r >> 20) & F::FRAC_MASK
    };
    (0..N).map(|_| (one(), one(), one())).collect()
}

#[inline(never)]
fn ours<F: Format>(a: u64, b: u64, c: u64) -> u64 {
    fma::<F>(a, b, c, Round::NearestEven).bits
}

#[inline(never)]
fn sf16(a: u64, b: u64, c: u64) -> u64 {
    let r = unsafe {
        softfloat_sys::f16_mulAdd(
            float16_t { v: a as u16 },
            float16_t { v: b as u16 },
            float16_t { v: c as u16 },
        )
    };
    r.v as u64
}

#[inline(never)]
fn sf32(a: u64, b: u64, c: u64) -> u64 {
    let r = unsafe {
        softfloat_sys::f32_mulAdd(
            float32_t { v: a as u32 },
            float32_t { v: b as u32 },
            float32_t { v: c as u32 },
        )
    };
    r.v as u64
}

#[inline(never)]
fn sf64(a: u64, b: u64, c: u64) -> u64 {
    let r = unsafe {
        softfloat_sys::f64_mulAdd(float64_t { v: a }, float64_t { v: b }, float64_t { v: c })
    };
    r.v
}

#[inline(never)]
fn ap<A: Float>(a: u64, b: u64, c: u64) -> u64 {
    let (a, b, c) = (
        A::from_bits(a as u128),
        A::from_bits(b as u128),
        A::from_bits(c as u128),
    );
    a.mul_add_r(b, c, ARound::NearestTiesToEven).value.to_bits() as u64
}

#[inline(never)]
fn ours_add16(a: u64, b: u64, _: u64) -> u64 {
    ptxfp_float::add::<F16>(a, b, Round::NearestEven).bits
}

#[inline(never)]
fn ours_mul16(a: u64, b: u64, _: u64) -> u64 {
    ptxfp_float::mul::<F16>(a, b, Round::NearestEven).bits
}

#[inline(never)]
fn sf_add16(a: u64, b: u64, _: u64) -> u64 {
    unsafe { softfloat_sys::f16_add(float16_t { v: a as u16 }, float16_t { v: b as u16 }).v as u64 }
}

#[inline(never)]
fn sf_mul16(a: u64, b: u64, _: u64) -> u64 {
    unsafe { softfloat_sys::f16_mul(float16_t { v: a as u16 }, float16_t { v: b as u16 }).v as u64 }
}

#[inline(never)]
fn host32(a: u64, b: u64, c: u64) -> u64 {
    let f = |x: u64| f32::from_bits(x as u32);
    f(a).mul_add(f(b), f(c)).to_bits() as u64
}

#[inline(never)]
fn host64(a: u64, b: u64, c: u64) -> u64 {
    let f = f64::from_bits;
    f(a).mul_add(f(b), f(c)).to_bits()
}

/// One fma implementation: bits in, bits out, round to nearest.
type Impl = fn(u64, u64, u64) -> u64;

fn group<F: Format>(c: &mut Criterion, impls: &[(&str, Impl)]) {
    let ops = operands::<F>(0xbe7c_4000 + F::BITS as u64);
    // Same answers from every implementation (round to nearest).
    for (name, f) in impls {
        for &(a, b, cc) in ops.iter().take(10_000) {
            assert_eq!(
                f(a, b, cc),
                ours::<F>(a, b, cc),
                "{name} disagrees on {a:#x} {b:#x} {cc:#x}"
            );
        }
    }
    let mut g = c.benchmark_group(format!("fma_{}", F::NAME));
    g.throughput(Throughput::Elements(N as u64));
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for (name, f) in impls {
        g.bench_with_input(BenchmarkId::from_parameter(name), &ops, |bch, ops| {
            bch.iter(|| {
                let mut acc = 0u64;
                for &(a, b, cc) in ops {
                    acc ^= f(black_box(a), black_box(b), black_box(cc));
                }
                acc
            })
        });
    }
    g.finish();
}

fn benches(c: &mut Criterion) {
    // softfloat_round_near_even = 0.
    unsafe { softfloat_sys::softfloat_roundingMode_write_helper(0) };
    group::<F16>(
        c,
        &[
            ("ptxfp", ours::<F16>),
            ("softfloat", sf16),
            ("apfloat", ap::<Half>),
        ],
    );
    group::<F32>(
        c,
        &[
            ("ptxfp", ours::<F32>),
            ("softfloat", sf32),
            ("apfloat", ap::<Single>),
            ("host_mul_add", host32),
        ],
    );
    group::<F64>(
        c,
        &[
            ("ptxfp", ours::<F64>),
            ("softfloat", sf64),
            ("apfloat", ap::<Double>),
            ("host_mul_add", host64),
        ],
    );
}

criterion_group!(core, benches);

/// `PTXFP_FIXED=<group>/<impl>` runs 16 passes over the 1M operands of one
/// implementation and prints the nanoseconds per operation of *CPU time the
/// thread actually ran* (Linux `/proc/thread-self/schedstat`), which other
/// jobs sharing the machine disturb far less than criterion's wall clock.
fn fixed(which: &str) {
    let table: [(&str, Impl, u32); 13] = [
        ("fma_f32/host_mul_add", host32, 32),
        ("fma_f64/host_mul_add", host64, 64),
        ("add_f16/ptxfp", ours_add16, 16),
        ("add_f16/softfloat", sf_add16, 16),
        ("mul_f16/ptxfp", ours_mul16, 16),
        ("mul_f16/softfloat", sf_mul16, 16),
        ("fma_f16/ptxfp", ours::<F16>, 16),
        ("fma_f16/softfloat", sf16, 16),
        ("fma_f32/ptxfp", ours::<F32>, 32),
        ("fma_f32/softfloat", sf32, 32),
        ("fma_f64/ptxfp", ours::<F64>, 64),
        ("fma_f64/softfloat", sf64, 64),
        ("fma_f16/apfloat", ap::<Half>, 16),
    ];
    let Some(&(_, f, bits)) = table.iter().find(|t| t.0 == which) else {
        eprintln!("PTXFP_FIXED: unknown {which:?}");
        std::process::exit(2);
    };
    unsafe { softfloat_sys::softfloat_roundingMode_write_helper(0) };
    let ops = match bits {
        16 => operands::<F16>(0xbe7c_4000 + 16),
        32 => operands::<F32>(0xbe7c_4000 + 32),
        _ => operands::<F64>(0xbe7c_4000 + 64),
    };
    let run_ns = || -> Option<u64> {
        let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        s.split_whitespace().next()?.parse().ok()
    };
    let t0 = run_ns();
    let mut acc = 0u64;
    for _ in 0..16 {
        for &(a, b, c) in &ops {
            acc = acc.wrapping_add(f(black_box(a), black_box(b), black_box(c)));
        }
    }
    let n = 16 * ops.len() as u64;
    match (t0, run_ns()) {
        (Some(t0), Some(t1)) => {
            let ns = (t1 - t0) as f64 / n as f64;
            println!(
                "{which}: {ns:.2} ns/op of CPU time = {:.1} Mops/s (checksum {acc:#x})",
                1e3 / ns
            )
        }
        _ => println!("{which}: no schedstat on this system (checksum {acc:#x})"),
    }
}

fn main() {
    if let Ok(which) = std::env::var("PTXFP_FIXED") {
        fixed(&which);
        return;
    }
    core();
    Criterion::default().configure_from_args().final_summary();
}
