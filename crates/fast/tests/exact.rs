//! Every kernel, on every available path, against the exact core bit for bit
//! (NaN results: both NaN). The CI tier: edge-heavy all-pairs subsets and
//! edge-heavy random triples. The exhaustive tier is `tests/exhaustive.rs`.

mod common;

use common::*;
use ptxfp_fast::{
    fma_f32, fma_f32_native, fma_f64, fma_f64_native, half_binop, half_f16_native, half_fma,
    mixed_add, mixed_fma, mixed_sub, scalar, BinOp, Half, Path, Round,
};
use ptxfp_float::{self as core, convert, Format, BF16, F16, F32, F64};

const RN: Round = Round::NearestEven;

fn core_half(fmt: Half, op: BinOp, a: u64, b: u64) -> u64 {
    match (fmt, op) {
        (Half::F16, BinOp::Add) => core::add::<F16>(a, b, RN).bits,
        (Half::F16, BinOp::Sub) => core::sub::<F16>(a, b, RN).bits,
        (Half::F16, BinOp::Mul) => core::mul::<F16>(a, b, RN).bits,
        (Half::Bf16, BinOp::Add) => core::add::<BF16>(a, b, RN).bits,
        (Half::Bf16, BinOp::Sub) => core::sub::<BF16>(a, b, RN).bits,
        (Half::Bf16, BinOp::Mul) => core::mul::<BF16>(a, b, RN).bits,
    }
}

fn core_half_fma(fmt: Half, a: u64, b: u64, c: u64) -> u64 {
    match fmt {
        Half::F16 => core::fma::<F16>(a, b, c, RN).bits,
        Half::Bf16 => core::fma::<BF16>(a, b, c, RN).bits,
    }
}

/// The core's exact widening of a half value to binary32 (its own
/// conversion algorithm, independent of the kernels' widening).
fn widen(fmt: Half, h: u16) -> u64 {
    match fmt {
        Half::F16 => convert::<F16, F32>(h as u64, RN).bits,
        Half::Bf16 => convert::<BF16, F32>(h as u64, RN).bits,
    }
}

#[test]
fn half_binop_all_pairs_of_edge_subsets() {
    for fmt in [Half::F16, Half::Bf16] {
        let v = edge16(fmt);
        let n = v.len();
        let a: Vec<u16> = (0..n * n).map(|i| v[i / n]).collect();
        let b: Vec<u16> = (0..n * n).map(|i| v[i % n]).collect();
        for op in [BinOp::Add, BinOp::Sub, BinOp::Mul] {
            let want: Vec<u64> = a
                .iter()
                .zip(&b)
                .map(|(&x, &y)| core_half(fmt, op, x as u64, y as u64))
                .collect();
            for path in Path::all_available() {
                let mut out = vec![0u16; n * n];
                half_binop(path, fmt, op, &a, &b, &mut out);
                let what = format!("{fmt:?} {op:?} {path:?}");
                for i in 0..n * n {
                    check_half(fmt, &what, &[a[i] as u64, b[i] as u64], out[i], want[i]);
                }
            }
        }
    }
}

#[test]
fn half_binop_scalar_entries() {
    for fmt in [Half::F16, Half::Bf16] {
        let v = edge16(fmt);
        for &x in v.iter().step_by(7) {
            for &y in &v {
                let (x64, y64) = (x as u64, y as u64);
                let (add, mul) = match fmt {
                    Half::F16 => (scalar::add_f16(x, y), scalar::mul_f16(x, y)),
                    Half::Bf16 => (scalar::add_bf16(x, y), scalar::mul_bf16(x, y)),
                };
                let ops = [x64, y64];
                check_half(fmt, "add", &ops, add, core_half(fmt, BinOp::Add, x64, y64));
                check_half(fmt, "mul", &ops, mul, core_half(fmt, BinOp::Mul, x64, y64));
            }
        }
    }
}

/// Half fma triples: operands from the edge set; c often near -(a × b).
fn half_triples(fmt: Half, n: usize, seed: u64) -> (Vec<u16>, Vec<u16>, Vec<u16>) {
    let v = edge16(fmt);
    let mut rng = Rng(seed);
    let (mut a, mut b, mut c) = (vec![], vec![], vec![]);
    for _ in 0..n {
        let x = v[rng.below(4096) as usize];
        let y = v[rng.below(4096) as usize];
        let z = match rng.below(3) {
            0 => {
                // The product rounded to the format, negated, nudged.
                let p = core::mul::<F16>(x as u64, y as u64, RN).bits;
                let p = match fmt {
                    Half::F16 => p,
                    Half::Bf16 => core::mul::<BF16>(x as u64, y as u64, RN).bits,
                } as u16;
                (p ^ 0x8000) ^ rng.below(4) as u16
            }
            _ => v[rng.below(4096) as usize],
        };
        a.push(x);
        b.push(y);
        c.push(z);
    }
    (a, b, c)
}

#[test]
fn half_fma_edge_random() {
    for fmt in [Half::F16, Half::Bf16] {
        let (a, b, c) = half_triples(fmt, 2_000_000, 0x1234_5678 + fmt as u64);
        let want: Vec<u64> = (0..a.len())
            .map(|i| core_half_fma(fmt, a[i] as u64, b[i] as u64, c[i] as u64))
            .collect();
        for path in Path::all_available() {
            let mut out = vec![0u16; a.len()];
            half_fma(path, fmt, &a, &b, &c, &mut out);
            let what = format!("fma {fmt:?} {path:?}");
            for i in 0..a.len() {
                let ops = [a[i] as u64, b[i] as u64, c[i] as u64];
                check_half(fmt, &what, &ops, out[i], want[i]);
            }
        }
        for i in (0..a.len()).step_by(3) {
            let ops = [a[i] as u64, b[i] as u64, c[i] as u64];
            let got = match fmt {
                Half::F16 => {
                    let p = scalar::fma_f16_portable(a[i], b[i], c[i]);
                    check_half(fmt, "scalar portable fma", &ops, p, want[i]);
                    scalar::fma_f16(a[i], b[i], c[i])
                }
                Half::Bf16 => scalar::fma_bf16(a[i], b[i], c[i]),
            };
            check_half(fmt, "scalar fma", &ops, got, want[i]);
        }
    }
}

#[test]
fn half_fma_double_rounding_trap() {
    // docs/NVIDIA.md "Rounding": computed in binary32 and narrowed, this gives 0x3f82.
    for path in Path::all_available() {
        let mut out = [0u16; 1];
        half_fma(path, Half::Bf16, &[0x3fe0], &[0x3f14], &[0x8d80], &mut out);
        assert_eq!(out[0], 0x3f81, "{path:?}");
    }
}

#[test]
fn fma_f32_edge_random() {
    let mut rng = Rng(0xf32f32);
    let (a, b, c) = fma_triples_f32(&mut rng, 1_000_000);
    for rm in Round::ALL {
        let want: Vec<u64> = (0..a.len())
            .map(|i| core::fma::<F32>(a[i] as u64, b[i] as u64, c[i] as u64, rm).bits)
            .collect();
        let mut outs = vec![];
        for path in Path::all_available() {
            let mut out = vec![0u32; a.len()];
            fma_f32(path, rm, &a, &b, &c, &mut out);
            outs.push((format!("{path:?}"), out));
        }
        let mut out = vec![0u32; a.len()];
        if fma_f32_native(rm, &a, &b, &c, &mut out).is_some() {
            outs.push(("native".into(), out));
        }
        for (name, out) in outs {
            for i in 0..a.len() {
                let ops = [a[i] as u64, b[i] as u64, c[i] as u64];
                check::<F32>(
                    &format!("fma.f32 {rm:?} {name}"),
                    &ops,
                    out[i] as u64,
                    want[i],
                );
            }
        }
    }
    let _ = F32_BITS;
}

#[test]
fn fma_f64_edge_random() {
    let mut rng = Rng(0xf64f64);
    let (a, b, c) = fma_triples_f64(&mut rng, 500_000);
    for rm in Round::ALL {
        let want: Vec<u64> = (0..a.len())
            .map(|i| core::fma::<F64>(a[i], b[i], c[i], rm).bits)
            .collect();
        let mut outs = vec![];
        for path in Path::all_available() {
            let mut out = vec![0u64; a.len()];
            fma_f64(path, rm, &a, &b, &c, &mut out);
            outs.push((format!("{path:?}"), out));
        }
        let mut out = vec![0u64; a.len()];
        if fma_f64_native(rm, &a, &b, &c, &mut out).is_some() {
            outs.push(("native".into(), out));
        }
        for (name, out) in outs {
            for i in 0..a.len() {
                let ops = [a[i], b[i], c[i]];
                check::<F64>(&format!("fma.f64 {rm:?} {name}"), &ops, out[i], want[i]);
            }
        }
    }
    let _ = F64_BITS;
}

#[test]
fn mixed_add_sub_all_pairs_of_edge_subsets() {
    let mut rng = Rng(0xadd);
    // binary32 c values: edge-heavy, plus every half value's widening so
    // that exact cancellation occurs.
    for fmt in [Half::F16, Half::Bf16] {
        let v = edge16(fmt);
        let mut cs: Vec<u32> = (0..192)
            .map(|_| edge_bits(&mut rng, 8, 23, Some(127)) as u32)
            .collect();
        cs.extend((0..64).map(|i| widen(fmt, v[i * 61 % 4096]) as u32 ^ (i as u32 & 1)));
        let n = cs.len();
        let a: Vec<u16> = (0..4096 * n).map(|i| v[i / n]).collect();
        let c: Vec<u32> = (0..4096 * n).map(|i| cs[i % n]).collect();
        for rm in Round::ALL {
            for sub in [false, true] {
                let want: Vec<u64> = (0..a.len())
                    .map(|i| {
                        let x = widen(fmt, a[i]);
                        if sub {
                            core::sub::<F32>(x, c[i] as u64, rm).bits
                        } else {
                            core::add::<F32>(x, c[i] as u64, rm).bits
                        }
                    })
                    .collect();
                for path in Path::all_available() {
                    let mut out = vec![0u32; a.len()];
                    if sub {
                        mixed_sub(path, fmt, rm, &a, &c, &mut out);
                    } else {
                        mixed_add(path, fmt, rm, &a, &c, &mut out);
                    }
                    for i in 0..a.len() {
                        let what =
                            format!("{} {fmt:?} {rm:?} {path:?}", ["add", "sub"][sub as usize]);
                        check::<F32>(&what, &[a[i] as u64, c[i] as u64], out[i] as u64, want[i]);
                    }
                }
            }
        }
    }
}

#[test]
fn mixed_fma_edge_random() {
    for fmt in [Half::F16, Half::Bf16] {
        let (a, b, c16) = half_triples(fmt, 400_000, 0xfa + fmt as u64);
        let mut rng = Rng(0xc0ffee);
        // c: the widened half operand (cancellation), or edge-heavy binary32.
        let c: Vec<u32> = c16
            .iter()
            .map(|&z| match rng.below(2) {
                0 => widen(fmt, z) as u32 ^ rng.below(2) as u32,
                _ => edge_bits(&mut rng, 8, 23, Some(127)) as u32,
            })
            .collect();
        for rm in Round::ALL {
            let want: Vec<u64> = (0..a.len())
                .map(|i| core::fma::<F32>(widen(fmt, a[i]), widen(fmt, b[i]), c[i] as u64, rm).bits)
                .collect();
            for path in Path::all_available() {
                let mut out = vec![0u32; a.len()];
                mixed_fma(path, fmt, rm, &a, &b, &c, &mut out);
                for i in 0..a.len() {
                    let ops = [a[i] as u64, b[i] as u64, c[i] as u64];
                    let what = format!("fma.f32.{fmt:?} {rm:?} {path:?}");
                    check::<F32>(&what, &ops, out[i] as u64, want[i]);
                }
            }
        }
    }
}

#[test]
fn paths_and_lengths() {
    assert!(Path::Portable.is_available());
    assert_eq!(Path::all_available()[0], Path::Portable);
    // Odd lengths exercise the vector loops' tails (eight, sixteen and
    // thirty-two lanes).
    for n in [0usize, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 95] {
        let a: Vec<u16> = (0..n as u16).map(|i| 0x3c00 + i).collect();
        let mut out = vec![0u16; n];
        for path in Path::all_available() {
            half_fma(path, Half::F16, &a, &a, &a, &mut out);
            for i in 0..n {
                let want = core::fma::<F16>(a[i] as u64, a[i] as u64, a[i] as u64, RN).bits;
                assert_eq!(out[i] as u64, want);
            }
            let x: Vec<u64> = (0..n as u64).map(|i| 0x3ff0_0000_0000_0001 + i).collect();
            let mut o = vec![0u64; n];
            fma_f64(path, Round::TowardPositive, &x, &x, &x, &mut o);
            for i in 0..n {
                assert_eq!(
                    o[i],
                    core::fma::<F64>(x[i], x[i], x[i], Round::TowardPositive).bits
                );
            }
        }
    }
    let _ = F16::BITS;
}

/// The FP16 path is there exactly where the CPU has AVX-512 FP16 (besides
/// the AVX-512 path's features): were its self-check to refuse the CPU's
/// binary16 instructions, `Path::all_available` would leave it out and
/// the other tests would pass without it.
#[test]
fn fp16_path_exactly_where_the_cpu_has_it() {
    #[cfg(target_arch = "x86_64")]
    let has = std::is_x86_feature_detected!("avx512fp16") && Path::X86Avx512.is_available();
    #[cfg(not(target_arch = "x86_64"))]
    let has = false;
    assert_eq!(
        Path::X86Avx512Fp16.is_available(),
        has,
        "the CPU has AVX-512 FP16, but its binary16 instructions failed the self-check"
    );
    let mut out = [0u16; 1];
    let native = half_f16_native(Some(BinOp::Add), &[0x3c00], &[0x3c00], None, &mut out);
    assert_eq!(native.is_some(), has);
}

/// The bare FP16 instruction loop (the benchmarks' native column), where
/// the CPU has it: the exact core's bits on all pairs of the edge subset,
/// and for fma on edge-weighted random triples.
#[test]
fn half_f16_native_where_available() {
    let v = edge16(Half::F16);
    let n = v.len();
    let a: Vec<u16> = (0..n * n).map(|i| v[i / n]).collect();
    let b: Vec<u16> = (0..n * n).map(|i| v[i % n]).collect();
    let mut out = vec![0u16; n * n];
    for op in [BinOp::Add, BinOp::Sub, BinOp::Mul] {
        if half_f16_native(Some(op), &a, &b, None, &mut out).is_none() {
            return;
        }
        let what = format!("native {op:?}");
        for i in 0..n * n {
            let want = core_half(Half::F16, op, a[i] as u64, b[i] as u64);
            let ops = [a[i] as u64, b[i] as u64];
            check_half(Half::F16, &what, &ops, out[i], want);
        }
    }
    let (a, b, c) = half_triples(Half::F16, 1_000_000, 0xf16);
    let mut out = vec![0u16; a.len()];
    half_f16_native(None, &a, &b, Some(&c), &mut out).unwrap();
    for i in 0..a.len() {
        let want = core_half_fma(Half::F16, a[i] as u64, b[i] as u64, c[i] as u64);
        let ops = [a[i] as u64, b[i] as u64, c[i] as u64];
        check_half(Half::F16, "native fma", &ops, out[i], want);
    }
}

#[test]
#[should_panic(expected = "operand lengths differ")]
fn mismatched_lengths_panic() {
    let mut out = [0u16; 2];
    half_binop(
        Path::Portable,
        Half::F16,
        BinOp::Add,
        &[1, 2],
        &[1],
        &mut out,
    );
}
