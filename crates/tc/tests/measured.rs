//! Every measured inner product of the published GPU measurements, run
//! through the model, bit for bit: `Model::dot`, the general path alone
//! (`Model::dot_reference`), and the batched kernel (`Model::dot_rows`,
//! every compilation this CPU runs).
//!
//! The data: testdata/tc/<GPU>/<format>/ (see testdata/tc/README.md), laid
//! out as in MATLAB-tensor-core's model_validation/: `a_<GPU>_<fmt>.txt` and
//! `b_...` hold one inner product per line, K hex f32 patterns each;
//! `c_<GPU>_fp32.txt` and `d_<GPU>_<acc>.txt` one 32-bit binary pattern per
//! line. C enters as Validate_TC_models.m uses it: the fp32 value, rounded
//! to nearest fp16 for an fp16 accumulator (as the CUDA harness did), and
//! zero for FP8 on H100/H200 (wgmma with D = 0 there).
//!
//! PTXFP_TC_DATA=<dir> runs the same checks on another copy, such as the
//! full model_validation/ folder of the repository.

mod common;
use common::read_hex_rows;
use ptxfp_tc::{
    f16_to_f32_bits, f32_to_f16_bits_rne, Arith, Gpu, InFormat, Instruction, Kernel, Model,
    OutFormat,
};
use std::fs;
use std::path::{Path, PathBuf};

fn data_dir() -> PathBuf {
    match std::env::var_os("PTXFP_TC_DATA") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/tc"),
    }
}

fn read_bin(p: &Path) -> Vec<u32> {
    fs::read_to_string(p)
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let t = l.trim();
            assert_eq!(t.len(), 32, "{}: 32-bit pattern", p.display());
            u32::from_str_radix(t, 2).expect("binary")
        })
        .collect()
}

const FOLDERS: [(&str, InFormat); 5] = [
    ("fp16", InFormat::F16),
    ("bf16", InFormat::Bf16),
    ("tf32", InFormat::Tf32),
    ("E4M3", InFormat::E4m3),
    ("E5M2", InFormat::E5m2),
];

struct SetResult {
    label: String,
    total: usize,
    pass: usize,
    first_fail: Vec<String>,
}

fn run_set(gpu: Gpu, dir: &Path, folder: &str, fmt: InFormat, out: OutFormat) -> Option<SetResult> {
    let g = gpu.name();
    let d_path = dir.join(format!("d_{g}_{}.txt", out.name()));
    if !d_path.exists() {
        return None;
    }
    let a = read_hex_rows(&dir.join(format!("a_{g}_{folder}.txt")));
    let b = read_hex_rows(&dir.join(format!("b_{g}_{folder}.txt")));
    let c = read_bin(&dir.join(format!("c_{g}_fp32.txt")));
    let d = read_bin(&d_path);
    assert!(a.len() == b.len() && b.len() == c.len() && c.len() == d.len());
    let model = Model::new(gpu, fmt, out).expect("model");
    let hopper_fp8 =
        matches!(gpu, Gpu::H100 | Gpu::H200) && matches!(fmt, InFormat::E4m3 | InFormat::E5m2);
    // The batched kernel, every compilation this CPU runs, on the whole set.
    let k = a[0].len();
    let cins: Vec<u32> = (0..a.len())
        .map(|i| {
            if hopper_fp8 {
                0
            } else {
                match out {
                    OutFormat::F32 => c[i],
                    OutFormat::F16 => f32_to_f16_bits_rne(c[i]) as u32,
                }
            }
        })
        .collect();
    let (fa, fb): (Vec<u32>, Vec<u32>) = (a.concat(), b.concat());
    let mut batched = Vec::new();
    for &kernel in Kernel::available() {
        let mut dd = vec![0u32; a.len()];
        model
            .dot_rows_with(kernel, k, &fa, &fb, &cins, &mut dd)
            .expect("dot_rows");
        batched.push((kernel, dd));
    }
    let mut pass = 0;
    let mut first_fail = Vec::new();
    for i in 0..a.len() {
        for (kernel, dd) in &batched {
            let got32 = match out {
                OutFormat::F32 => dd[i],
                OutFormat::F16 => f16_to_f32_bits(dd[i] as u16),
            };
            assert_eq!(
                got32,
                d[i],
                "{} {folder}->{} row {i}: batched kernel {kernel:?}",
                g,
                out.name()
            );
        }
        let cin = if hopper_fp8 {
            0
        } else {
            match out {
                OutFormat::F32 => c[i],
                OutFormat::F16 => f32_to_f16_bits_rne(c[i]) as u32,
            }
        };
        let got = model.dot(&a[i], &b[i], cin).expect("dot");
        // The general path (no fast path) must agree on every row too.
        let c32 = match out {
            OutFormat::F32 => cin,
            OutFormat::F16 => f16_to_f32_bits(cin as u16),
        };
        let reference = model
            .dot_reference(&a[i], &b[i], c32)
            .expect("dot_reference");
        let got32 = match out {
            OutFormat::F32 => got,
            OutFormat::F16 => f16_to_f32_bits(got as u16),
        };
        if got32 == d[i] && reference == d[i] {
            pass += 1;
        } else if first_fail.len() < 5 {
            first_fail.push(format!(
                "row {i}: a={:08x?} b={:08x?} c={:08x} gpu={:08x} ({:e}) model={:08x} ({:e}) reference path={reference:08x}",
                a[i],
                b[i],
                cin,
                d[i],
                f32::from_bits(d[i]),
                got32,
                f32::from_bits(got32)
            ));
        }
    }
    Some(SetResult {
        label: format!("{g} {folder}->{}", out.name()),
        total: a.len(),
        pass,
        first_fail,
    })
}

/// A set the block-FMA `Model` cannot express: FP8 -> fp16 on H100, H200
/// and B200, through `Arith` (the published instruction, which picks
/// `GpuRow::fp8_f16`): `Arith::dot` row by row and `Arith::dot_rows`. C
/// enters rounded to nearest fp16, as for the other fp16 sets.
fn run_rule_set(
    gpu: Gpu,
    dir: &Path,
    folder: &str,
    fmt: InFormat,
    out: OutFormat,
) -> Option<SetResult> {
    let g = gpu.name();
    let d_path = dir.join(format!("d_{g}_{}.txt", out.name()));
    if !d_path.exists() {
        return None;
    }
    let arith = Arith::new(gpu, fmt, out, Instruction::Published)
        .unwrap_or_else(|e| panic!("{g} {folder}->{}: measured, but {e}", out.name()));
    assert!(matches!(arith, Arith::SyncFp8(_)), "{g} {folder}");
    let a = read_hex_rows(&dir.join(format!("a_{g}_{folder}.txt")));
    let b = read_hex_rows(&dir.join(format!("b_{g}_{folder}.txt")));
    let c: Vec<u32> = read_bin(&dir.join(format!("c_{g}_fp32.txt")))
        .into_iter()
        .map(|x| f32_to_f16_bits_rne(x) as u32)
        .collect();
    let d = read_bin(&d_path);
    let k = a[0].len();
    let mut rows = vec![0u32; a.len()];
    arith
        .dot_rows(k, &a.concat(), &b.concat(), &c, &mut rows)
        .expect("dot_rows");
    let mut pass = 0;
    let mut first_fail = Vec::new();
    for i in 0..a.len() {
        let got = arith.dot(&a[i], &b[i], c[i]).expect("dot");
        assert_eq!(got, rows[i], "{g} {folder} row {i}: dot_rows");
        let got32 = f16_to_f32_bits(got as u16);
        if got32 == d[i] {
            pass += 1;
        } else if first_fail.len() < 5 {
            first_fail.push(format!(
                "row {i}: c={:04x} gpu={:08x} ({:e}) model={got32:08x} ({:e})",
                c[i],
                d[i],
                f32::from_bits(d[i]),
                f32::from_bits(got32)
            ));
        }
    }
    Some(SetResult {
        label: format!("{g} {folder}->{} (rule)", out.name()),
        total: a.len(),
        pass,
        first_fail,
    })
}

#[test]
fn measured_inner_products_bit_exact() {
    let root = data_dir();
    let mut results = Vec::new();
    for gpu in Gpu::ALL {
        for (folder, fmt) in FOLDERS {
            let dir = root.join(gpu.name()).join(folder);
            if !dir.is_dir() {
                continue;
            }
            for out in [OutFormat::F32, OutFormat::F16] {
                if Model::new(gpu, fmt, out).is_err() {
                    // FP8 -> fp16 on H100/H200/B200: the two-pass fp16
                    // rule (GpuRow::fp8_f16), through Arith.
                    if let Some(r) = run_rule_set(gpu, &dir, folder, fmt, out) {
                        results.push(r);
                    }
                    continue;
                }
                if let Some(r) = run_set(gpu, &dir, folder, fmt, out) {
                    results.push(r);
                }
            }
        }
    }
    assert!(
        !results.is_empty(),
        "no measurement data under {}",
        root.display()
    );
    let mut bad = 0;
    let mut total = 0;
    for r in &results {
        eprintln!("{:<22} {:>5}/{:<5}", r.label, r.pass, r.total);
        for f in &r.first_fail {
            eprintln!("    {f}");
        }
        total += r.total;
        bad += r.total - r.pass;
    }
    eprintln!(
        "{} sets, {total} inner products, {bad} mismatches",
        results.len()
    );
    // Every set of the committed data is checked: 42 block-FMA sets and
    // the six FP8 -> fp16 sets of H100, H200 and B200.
    if std::env::var_os("PTXFP_TC_DATA").is_none() {
        assert_eq!(results.len(), 48, "sets checked");
    }
    assert_eq!(bad, 0, "mismatches against the GPU measurements");
}
