//! ptxfp-tc against the published MATLAB models themselves, run in GNU
//! Octave on random inner products (scripts/tc_octave/run.sh writes
//! testdata/tc/octave/). This covers what the GPU measurements do not: A30
//! and RTX PRO 6000 (no measurements), subnormal inputs and results, zeros,
//! wide exponent ranges, lengths that are not a multiple of the block.
//!
//! Compared as values: equal bits, or both zero (the MATLAB models return
//! +0 for some results the GPU and ptxfp-tc give as -0; the GPU
//! measurements decide signs of zeros, tests/measured.rs).

mod common;
use common::read_hex_rows;
use ptxfp_tc::{f16_to_f32_bits, f32_to_f16_bits_rne, Gpu, InFormat, Model, OutFormat};
use std::fs;
use std::path::Path;

fn read_bin(p: &Path) -> Vec<u32> {
    fs::read_to_string(p)
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| u32::from_str_radix(l.trim(), 2).expect("binary"))
        .collect()
}

#[test]
fn matlab_models_agree_on_random_inputs() {
    let root = match std::env::var_os("PTXFP_TC_OCTAVE_DATA") {
        Some(d) => std::path::PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/tc/octave"),
    };
    let mut sets = 0;
    let mut bad = 0;
    for gpu in Gpu::ALL {
        let g = gpu.name();
        for fmt in InFormat::ALL {
            let dir = root.join(g).join(fmt.name());
            for out in [OutFormat::F32, OutFormat::F16] {
                let tag = format!("{g}_{}_{}", fmt.name(), out.name());
                let d_path = dir.join(format!("d_{tag}.txt"));
                if !d_path.exists() {
                    continue;
                }
                let a = read_hex_rows(&dir.join(format!("a_{tag}.txt")));
                let b = read_hex_rows(&dir.join(format!("b_{tag}.txt")));
                let c = read_bin(&dir.join(format!("c_{g}_{}.txt", out.name())));
                let d = read_bin(&d_path);
                assert!(a.len() == b.len() && b.len() == c.len() && c.len() == d.len());
                let model = Model::new(gpu, fmt, out).expect("model");
                let mut pass = 0;
                let mut zero_sign = 0;
                let mut fails = Vec::new();
                for i in 0..a.len() {
                    let cin = match out {
                        OutFormat::F32 => c[i],
                        OutFormat::F16 => f32_to_f16_bits_rne(c[i]) as u32,
                    };
                    let got = model.dot(&a[i], &b[i], cin).expect("dot");
                    let got = match out {
                        OutFormat::F32 => got,
                        OutFormat::F16 => f16_to_f32_bits(got as u16),
                    };
                    if got == d[i] {
                        pass += 1;
                    } else if (got | d[i]) & 0x7fff_ffff == 0 {
                        pass += 1;
                        zero_sign += 1;
                    } else if fails.len() < 3 {
                        fails.push(format!(
                            "row {i}: a={:08x?} b={:08x?} c={:08x} matlab={:08x} ({:e}) model={got:08x} ({:e})",
                            a[i],
                            b[i],
                            c[i],
                            d[i],
                            f32::from_bits(d[i]),
                            f32::from_bits(got)
                        ));
                    }
                }
                sets += 1;
                bad += a.len() - pass;
                eprintln!(
                    "{g} {}->{}: {pass}/{} (zeros of other sign: {zero_sign})",
                    fmt.name(),
                    out.name(),
                    a.len()
                );
                for f in fails {
                    eprintln!("    {f}");
                }
            }
        }
    }
    assert!(sets > 0, "no data under {}", root.display());
    assert_eq!(bad, 0, "ptxfp-tc differs from the MATLAB models");
}
