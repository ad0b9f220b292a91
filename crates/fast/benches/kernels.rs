//! Throughput of the fast kernels against the exact core, the CPU's native
//! instruction (where one exists), Berkeley SoftFloat and rustc_apfloat, on
//! 1M-element arrays, single thread:
//!
//! ```text
//! cargo bench -p ptxfp-fast --features softfloat   # SoftFloat needs CMake
//! cargo bench -p ptxfp-fast                        # without SoftFloat
//! ```
//!
//! Criterion reports elements per second per implementation; BENCHMARKS.md
//! holds the numbers and ratios. Native f16 arithmetic (`native-avx512fp16`,
//! the bare `vaddph` / `vmulph` / `vfmadd213ph` loop) is measured where the
//! CPU has AVX-512 FP16; elsewhere the closest native f16 operation is F16C
//! conversion + binary32 operation + conversion, which is what the f16
//! add/sub/mul kernels of the other paths do. SoftFloat 3 has no bfloat16
//! arithmetic: its bf16 rows use binary32 SoftFloat operations and a
//! narrowing (correct for add/mul by the double-rounding argument, WRONG
//! for fma; timing only).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use ptxfp_fast::{
    fma_f32, fma_f32_native, fma_f64, half_binop, half_f16_native, half_fma, mixed_fma, BinOp,
    Half, Path, Round,
};
use ptxfp_float as core;
use rustc_apfloat::{ieee, Float as _};

const N: usize = 1 << 20;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Normal half values of moderate magnitude (no overflow, no subnormals).
fn half_data(fmt: Half, seed: u64) -> Vec<u16> {
    let mut r = Rng(seed);
    (0..N)
        .map(|_| {
            let x = r.next();
            match fmt {
                Half::F16 => ((x & 0x83ff) | ((0x0c + (x >> 16) % 8) << 10)) as u16,
                Half::Bf16 => ((x & 0x807f) | ((0x78 + (x >> 16) % 16) << 7)) as u16,
            }
        })
        .collect()
}

/// binary32 values: normal around 1, or subnormal-heavy.
fn f32_data(seed: u64, subnormal: bool) -> Vec<u32> {
    let mut r = Rng(seed);
    (0..N)
        .map(|_| {
            let x = r.next() as u32;
            if subnormal {
                x & 0x807f_ffff
            } else {
                (x & 0x807f_ffff) | ((120 + (x >> 8) % 16) << 23)
            }
        })
        .collect()
}

/// binary64 values: normal around 1, or subnormal-heavy.
fn f64_data(seed: u64, subnormal: bool) -> Vec<u64> {
    let mut r = Rng(seed);
    (0..N)
        .map(|_| {
            let x = r.next();
            if subnormal {
                x & 0x800f_ffff_ffff_ffff
            } else {
                (x & 0x800f_ffff_ffff_ffff) | ((1016 + (x >> 8) % 16) << 52)
            }
        })
        .collect()
}

/// `b` operands that keep subnormal products subnormal: values near 1.
fn ones_f32(seed: u64) -> Vec<u32> {
    f32_data(seed, false)
        .iter()
        .map(|x| (x & 0x807f_ffff) | (127 << 23))
        .collect()
}
fn ones_f64(seed: u64) -> Vec<u64> {
    f64_data(seed, false)
        .iter()
        .map(|x| (x & 0x800f_ffff_ffff_ffff) | (1023 << 52))
        .collect()
}

fn configure<'a>(
    c: &'a mut Criterion,
    name: &str,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(N as u64));
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(300));
    g.measurement_time(Duration::from_secs(1));
    g
}

fn apfloat_round(rm: Round) -> rustc_apfloat::Round {
    match rm {
        Round::NearestEven => rustc_apfloat::Round::NearestTiesToEven,
        Round::TowardZero => rustc_apfloat::Round::TowardZero,
        Round::TowardNegative => rustc_apfloat::Round::TowardNegative,
        Round::TowardPositive => rustc_apfloat::Round::TowardPositive,
    }
}

#[cfg(feature = "softfloat")]
fn softfloat_mode(rm: Round) {
    let m = match rm {
        Round::NearestEven => 0,
        Round::TowardZero => 1,
        Round::TowardNegative => 2,
        Round::TowardPositive => 3,
    };
    // SAFETY: sets SoftFloat's (thread-local) rounding mode.
    unsafe { softfloat_sys::softfloat_roundingMode_write_helper(m) };
}

fn half_ops(c: &mut Criterion) {
    for fmt in [Half::F16, Half::Bf16] {
        let a = half_data(fmt, 1);
        let b = half_data(fmt, 2);
        let cc = half_data(fmt, 3);
        let tag = match fmt {
            Half::F16 => "f16",
            Half::Bf16 => "bf16",
        };
        for op in [BinOp::Add, BinOp::Mul] {
            let opname = format!("{op:?}").to_lowercase();
            let mut g = configure(c, &format!("{opname}.rn.{tag}"));
            let mut out = vec![0u16; N];
            for path in Path::all_available() {
                g.bench_function(BenchmarkId::new("fast", format!("{path:?}")), |bn| {
                    bn.iter(|| half_binop(path, fmt, op, black_box(&a), black_box(&b), &mut out))
                });
            }
            if fmt == Half::F16 && half_f16_native(Some(op), &a, &b, None, &mut out).is_some() {
                g.bench_function("native-avx512fp16", |bn| {
                    bn.iter(|| {
                        half_f16_native(Some(op), black_box(&a), black_box(&b), None, &mut out)
                    })
                });
            }
            g.bench_function("core", |bn| {
                bn.iter(|| {
                    for i in 0..N {
                        let (x, y, rm) = (a[i] as u64, b[i] as u64, Round::NearestEven);
                        out[i] = match (fmt, op) {
                            (Half::F16, BinOp::Add) => core::add::<core::F16>(x, y, rm),
                            (Half::F16, _) => core::mul::<core::F16>(x, y, rm),
                            (Half::Bf16, BinOp::Add) => core::add::<core::BF16>(x, y, rm),
                            (Half::Bf16, _) => core::mul::<core::BF16>(x, y, rm),
                        }
                        .bits as u16;
                    }
                    black_box(&out);
                })
            });
            g.bench_function("apfloat", |bn| {
                bn.iter(|| {
                    for i in 0..N {
                        let (x, y) = (a[i] as u128, b[i] as u128);
                        out[i] = match fmt {
                            Half::F16 => {
                                let (x, y) = (ieee::Half::from_bits(x), ieee::Half::from_bits(y));
                                if op == BinOp::Add {
                                    (x + y).value
                                } else {
                                    (x * y).value
                                }
                                .to_bits()
                            }
                            Half::Bf16 => {
                                let (x, y) =
                                    (ieee::BFloat::from_bits(x), ieee::BFloat::from_bits(y));
                                if op == BinOp::Add {
                                    (x + y).value
                                } else {
                                    (x * y).value
                                }
                                .to_bits()
                            }
                        } as u16;
                    }
                    black_box(&out);
                })
            });
            #[cfg(feature = "softfloat")]
            g.bench_function("softfloat", |bn| {
                use softfloat_sys::*;
                softfloat_mode(Round::NearestEven);
                bn.iter(|| {
                    for i in 0..N {
                        // SAFETY: pure SoftFloat functions on plain values.
                        out[i] = unsafe {
                            match fmt {
                                Half::F16 => {
                                    let (x, y) = (float16_t { v: a[i] }, float16_t { v: b[i] });
                                    if op == BinOp::Add {
                                        f16_add(x, y)
                                    } else {
                                        f16_mul(x, y)
                                    }
                                    .v
                                }
                                Half::Bf16 => {
                                    let x = bf16_to_f32(bfloat16_t { v: a[i] });
                                    let y = bf16_to_f32(bfloat16_t { v: b[i] });
                                    f32_to_bf16(if op == BinOp::Add {
                                        f32_add(x, y)
                                    } else {
                                        f32_mul(x, y)
                                    })
                                    .v
                                }
                            }
                        };
                    }
                    black_box(&out);
                })
            });
            g.finish();
        }

        let mut g = configure(c, &format!("fma.rn.{tag}"));
        let mut out = vec![0u16; N];
        for path in Path::all_available() {
            g.bench_function(BenchmarkId::new("fast", format!("{path:?}")), |bn| {
                bn.iter(|| {
                    half_fma(
                        path,
                        fmt,
                        black_box(&a),
                        black_box(&b),
                        black_box(&cc),
                        &mut out,
                    )
                })
            });
        }
        if fmt == Half::F16 && half_f16_native(None, &a, &b, Some(&cc), &mut out).is_some() {
            g.bench_function("native-avx512fp16", |bn| {
                bn.iter(|| {
                    half_f16_native(
                        None,
                        black_box(&a),
                        black_box(&b),
                        Some(black_box(&cc)),
                        &mut out,
                    )
                })
            });
        }
        let scalar: fn(u16, u16, u16) -> u16 = match fmt {
            Half::F16 => ptxfp_fast::scalar::fma_f16,
            Half::Bf16 => ptxfp_fast::scalar::fma_bf16,
        };
        g.bench_function("fast-scalar-call", |bn| {
            bn.iter(|| {
                let f = black_box(scalar);
                for i in 0..N {
                    out[i] = f(a[i], b[i], cc[i]);
                }
                black_box(&out);
            })
        });
        g.bench_function("core", |bn| {
            bn.iter(|| {
                for i in 0..N {
                    let (x, y, z) = (a[i] as u64, b[i] as u64, cc[i] as u64);
                    out[i] = match fmt {
                        Half::F16 => core::fma::<core::F16>(x, y, z, Round::NearestEven),
                        Half::Bf16 => core::fma::<core::BF16>(x, y, z, Round::NearestEven),
                    }
                    .bits as u16;
                }
                black_box(&out);
            })
        });
        g.bench_function("apfloat", |bn| {
            let rm = rustc_apfloat::Round::NearestTiesToEven;
            bn.iter(|| {
                for i in 0..N {
                    let (x, y, z) = (a[i] as u128, b[i] as u128, cc[i] as u128);
                    out[i] = match fmt {
                        Half::F16 => ieee::Half::from_bits(x)
                            .mul_add_r(ieee::Half::from_bits(y), ieee::Half::from_bits(z), rm)
                            .value
                            .to_bits(),
                        Half::Bf16 => ieee::BFloat::from_bits(x)
                            .mul_add_r(ieee::BFloat::from_bits(y), ieee::BFloat::from_bits(z), rm)
                            .value
                            .to_bits(),
                    } as u16;
                }
                black_box(&out);
            })
        });
        #[cfg(feature = "softfloat")]
        g.bench_function("softfloat", |bn| {
            use softfloat_sys::*;
            softfloat_mode(Round::NearestEven);
            bn.iter(|| {
                for i in 0..N {
                    // SAFETY: pure SoftFloat functions on plain values.
                    out[i] = unsafe {
                        match fmt {
                            Half::F16 => {
                                f16_mulAdd(
                                    float16_t { v: a[i] },
                                    float16_t { v: b[i] },
                                    float16_t { v: cc[i] },
                                )
                                .v
                            }
                            Half::Bf16 => {
                                let w = |h| bf16_to_f32(bfloat16_t { v: h });
                                f32_to_bf16(f32_mulAdd(w(a[i]), w(b[i]), w(cc[i]))).v
                            }
                        }
                    };
                }
                black_box(&out);
            })
        });
        g.finish();
    }
}

fn fma_wide(c: &mut Criterion) {
    for subnormal in [false, true] {
        let data = if subnormal { "subnormal" } else { "normal" };
        let a32 = f32_data(4, subnormal);
        let b32 = if subnormal {
            ones_f32(5)
        } else {
            f32_data(5, false)
        };
        let c32 = f32_data(6, subnormal);
        let a64 = f64_data(4, subnormal);
        let b64 = if subnormal {
            ones_f64(5)
        } else {
            f64_data(5, false)
        };
        let c64 = f64_data(6, subnormal);
        for rm in [Round::NearestEven, Round::TowardZero] {
            let m = if rm == Round::NearestEven { "rn" } else { "rz" };
            let mut g = configure(c, &format!("mad.{m}.f32/{data}"));
            let mut out = vec![0u32; N];
            for path in Path::all_available() {
                g.bench_function(BenchmarkId::new("fast", format!("{path:?}")), |bn| {
                    bn.iter(|| {
                        fma_f32(
                            path,
                            rm,
                            black_box(&a32),
                            black_box(&b32),
                            black_box(&c32),
                            &mut out,
                        )
                    })
                });
            }
            if fma_f32_native(rm, &a32, &b32, &c32, &mut out).is_some() {
                g.bench_function("native-mxcsr", |bn| {
                    bn.iter(|| {
                        fma_f32_native(
                            rm,
                            black_box(&a32),
                            black_box(&b32),
                            black_box(&c32),
                            &mut out,
                        )
                    })
                });
            }
            wide_refs32(&mut g, rm, &a32, &b32, &c32, &mut out);
            g.finish();

            let mut g = configure(c, &format!("mad.{m}.f64/{data}"));
            let mut out = vec![0u64; N];
            for path in Path::all_available() {
                g.bench_function(BenchmarkId::new("fast", format!("{path:?}")), |bn| {
                    bn.iter(|| {
                        fma_f64(
                            path,
                            rm,
                            black_box(&a64),
                            black_box(&b64),
                            black_box(&c64),
                            &mut out,
                        )
                    })
                });
            }
            wide_refs64(&mut g, rm, &a64, &b64, &c64, &mut out);
            g.finish();
        }
    }
    // Mixed precision, one representative.
    let a = half_data(Half::Bf16, 7);
    let b = half_data(Half::Bf16, 8);
    let cc = f32_data(9, false);
    let mut g = configure(c, "fma.rz.f32.bf16");
    let mut out = vec![0u32; N];
    for path in Path::all_available() {
        g.bench_function(BenchmarkId::new("fast", format!("{path:?}")), |bn| {
            bn.iter(|| {
                mixed_fma(
                    path,
                    Half::Bf16,
                    Round::TowardZero,
                    black_box(&a),
                    black_box(&b),
                    black_box(&cc),
                    &mut out,
                )
            })
        });
    }
    g.bench_function("core", |bn| {
        bn.iter(|| {
            for i in 0..N {
                let w = |h: u16| {
                    core::convert::<core::BF16, core::F32>(h as u64, Round::NearestEven).bits
                };
                out[i] = core::fma::<core::F32>(w(a[i]), w(b[i]), cc[i] as u64, Round::TowardZero)
                    .bits as u32;
            }
            black_box(&out);
        })
    });
    g.finish();
}

fn wide_refs32(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    rm: Round,
    a: &[u32],
    b: &[u32],
    c: &[u32],
    out: &mut [u32],
) {
    if rm == Round::NearestEven {
        g.bench_function("native-mul_add", |bn| {
            bn.iter(|| native_f32(black_box(a), black_box(b), black_box(c), out))
        });
    }
    g.bench_function("core", |bn| {
        bn.iter(|| {
            for i in 0..a.len() {
                out[i] =
                    core::fma::<core::F32>(a[i] as u64, b[i] as u64, c[i] as u64, rm).bits as u32;
            }
            black_box(&out);
        })
    });
    let arm = apfloat_round(rm);
    g.bench_function("apfloat", |bn| {
        bn.iter(|| {
            for i in 0..a.len() {
                let f = |x: u32| ieee::Single::from_bits(x as u128);
                out[i] = f(a[i]).mul_add_r(f(b[i]), f(c[i]), arm).value.to_bits() as u32;
            }
            black_box(&out);
        })
    });
    #[cfg(feature = "softfloat")]
    g.bench_function("softfloat", |bn| {
        use softfloat_sys::*;
        softfloat_mode(rm);
        bn.iter(|| {
            for i in 0..a.len() {
                // SAFETY: pure SoftFloat function on plain values.
                out[i] = unsafe {
                    f32_mulAdd(
                        float32_t { v: a[i] },
                        float32_t { v: b[i] },
                        float32_t { v: c[i] },
                    )
                    .v
                };
            }
            black_box(&out);
        })
    });
}

fn wide_refs64(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    rm: Round,
    a: &[u64],
    b: &[u64],
    c: &[u64],
    out: &mut [u64],
) {
    if rm == Round::NearestEven {
        g.bench_function("native-mul_add", |bn| {
            bn.iter(|| native_f64(black_box(a), black_box(b), black_box(c), out))
        });
    }
    g.bench_function("core", |bn| {
        bn.iter(|| {
            for i in 0..a.len() {
                out[i] = core::fma::<core::F64>(a[i], b[i], c[i], rm).bits;
            }
            black_box(&out);
        })
    });
    let arm = apfloat_round(rm);
    g.bench_function("apfloat", |bn| {
        bn.iter(|| {
            for i in 0..a.len() {
                let f = |x: u64| ieee::Double::from_bits(x as u128);
                out[i] = f(a[i]).mul_add_r(f(b[i]), f(c[i]), arm).value.to_bits() as u64;
            }
            black_box(&out);
        })
    });
    #[cfg(feature = "softfloat")]
    g.bench_function("softfloat", |bn| {
        use softfloat_sys::*;
        softfloat_mode(rm);
        bn.iter(|| {
            for i in 0..a.len() {
                // SAFETY: pure SoftFloat function on plain values.
                out[i] = unsafe {
                    f64_mulAdd(
                        float64_t { v: a[i] },
                        float64_t { v: b[i] },
                        float64_t { v: c[i] },
                    )
                    .v
                };
            }
            black_box(&out);
        })
    });
}

/// The native binary32 FMA instruction over slices (`vfmadd` with AVX2 +
/// FMA; a library call otherwise).
fn native_f32(a: &[u32], b: &[u32], c: &[u32], out: &mut [u32]) {
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    unsafe fn go(a: &[u32], b: &[u32], c: &[u32], out: &mut [u32]) {
        for i in 0..out.len() {
            out[i] = f32::from_bits(a[i])
                .mul_add(f32::from_bits(b[i]), f32::from_bits(c[i]))
                .to_bits();
        }
    }
    // SAFETY: the bench machine is checked to have AVX2 + FMA.
    assert!(Path::X86Avx2.is_available());
    unsafe { go(a, b, c, out) }
}

/// The native binary64 FMA instruction over slices.
fn native_f64(a: &[u64], b: &[u64], c: &[u64], out: &mut [u64]) {
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    unsafe fn go(a: &[u64], b: &[u64], c: &[u64], out: &mut [u64]) {
        for i in 0..out.len() {
            out[i] = f64::from_bits(a[i])
                .mul_add(f64::from_bits(b[i]), f64::from_bits(c[i]))
                .to_bits();
        }
    }
    // SAFETY: the bench machine is checked to have AVX2 + FMA.
    assert!(Path::X86Avx2.is_available());
    unsafe { go(a, b, c, out) }
}

criterion_group!(benches, half_ops, fma_wide);
criterion_main!(benches);
