//! `ptxfp mma`, run as the real binary, on the published GPU measurements
//! of testdata/tc (see testdata/tc/README.md): every expected `d` here is
//! the bit pattern a GPU's tensor cores produced, not ptxfp's output.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use ptxfp_tc::f32_to_f16_bits_rne;

fn ptxfp(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .args(args)
        .output()
        .expect("run ptxfp")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn tmp(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ptxfp-mma-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/tc")
}

/// One measured set: the rows of a and b (f32 bits), c and the GPU's d
/// (32-bit patterns; an fp16 d is its exact f32 value).
struct Set {
    a: Vec<Vec<u32>>,
    b: Vec<Vec<u32>>,
    c: Vec<u32>,
    d: Vec<u32>,
}

fn hex_rows(p: &Path) -> Vec<Vec<u32>> {
    std::fs::read_to_string(p)
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            l.split_whitespace()
                .map(|t| u32::from_str_radix(t, 16).unwrap())
                .collect()
        })
        .collect()
}

fn bin(p: &Path) -> Vec<u32> {
    std::fs::read_to_string(p)
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| u32::from_str_radix(l.trim(), 2).unwrap())
        .collect()
}

fn set(gpu: &str, folder: &str, acc: &str) -> Set {
    let dir = data().join(gpu).join(folder);
    Set {
        a: hex_rows(&dir.join(format!("a_{gpu}_{folder}.txt"))),
        b: hex_rows(&dir.join(format!("b_{gpu}_{folder}.txt"))),
        c: bin(&dir.join(format!("c_{gpu}_fp32.txt"))),
        d: bin(&dir.join(format!("d_{gpu}_{acc}.txt"))),
    }
}

/// `0fXXXXXXXX,...`: the measured f32 patterns as PTX f32-bit literals.
fn f32_list(v: &[u32]) -> String {
    v.iter()
        .map(|x| format!("0f{x:08x}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// The hex bits `mma dot` prints first, as a number.
fn first_bits(o: &Output) -> u32 {
    assert!(o.status.success(), "{}", stderr(o));
    let s = stdout(o);
    let hex = s.split_whitespace().next().unwrap();
    u32::from_str_radix(hex.trim_start_matches("0x"), 16).unwrap()
}

#[test]
fn dot_gives_the_measured_d_on_every_gpu() {
    // (GPU, folder, --in, accumulator, C as the harness used it)
    let cases = [
        ("V100", "fp16", "f16", "fp32"),
        ("V100", "fp16", "f16", "fp16"),
        ("A100", "bf16", "bf16", "fp32"),
        ("A100", "tf32", "tf32", "fp32"),
        ("Ada", "E4M3", "e4m3", "fp32"),
        ("Ada", "E5M2", "e5m2", "fp16"),
        ("H100", "fp16", "f16", "fp16"),
        ("H100", "bf16", "bf16", "fp32"),
        ("H100", "E5M2", "e5m2", "fp32"),
        ("B200", "bf16", "bf16", "fp32"),
        ("B200", "E4M3", "e4m3", "fp32"),
        // FP8 -> fp16 on Hopper and Blackwell: the two-pass fp16 rule.
        ("H100", "E4M3", "e4m3", "fp16"),
        ("B200", "E5M2", "e5m2", "fp16"),
    ];
    for (gpu, folder, input, acc) in cases {
        let s = set(gpu, folder, acc);
        for i in 0..8 {
            // Measured with D = 0 (wgmma) for fp32 results only.
            let hopper_fp8 = gpu == "H100" && folder.starts_with('E') && acc == "fp32";
            let c = if hopper_fp8 {
                "0".to_string()
            } else if acc == "fp16" {
                format!("{:#06x}", f32_to_f16_bits_rne(s.c[i]))
            } else {
                format!("{:#010x}", s.c[i])
            };
            let o = ptxfp(&[
                "mma",
                "dot",
                "--gpu",
                gpu,
                "--in",
                input,
                "--out",
                acc,
                "--a",
                &f32_list(&s.a[i]),
                "--b",
                &f32_list(&s.b[i]),
                "--c",
                &c,
            ]);
            let want = if acc == "fp16" {
                f32_to_f16_bits_rne(s.d[i]) as u32
            } else {
                s.d[i]
            };
            assert_eq!(
                first_bits(&o),
                want,
                "{gpu} {folder} -> {acc}, measured line {}",
                i + 1
            );
        }
    }
}

#[test]
fn dot_takes_native_bits_decimals_and_sm_targets() {
    let s = set("H100", "bf16", "fp32");
    // bf16 bits are the top half of the measured f32 patterns.
    let native = |v: &[u32]| {
        v.iter()
            .map(|x| format!("{:#06x}", x >> 16))
            .collect::<Vec<_>>()
            .join(",")
    };
    // Every value of these rows as a decimal that is exactly the value (an
    // f64's shortest decimal; a bf16 value has few digits).
    let decimal = |v: &[u32]| {
        v.iter()
            .map(|x| format!("{}", f32::from_bits(*x) as f64))
            .collect::<Vec<_>>()
            .join(",")
    };
    for i in 0..4 {
        let c = format!("0f{:08x}", s.c[i]);
        let c = c.as_str();
        for (gpu, a, b) in [
            ("H100", native(&s.a[i]), native(&s.b[i])),
            ("sm_90", decimal(&s.a[i]), decimal(&s.b[i])),
            ("h100", native(&s.a[i]), decimal(&s.b[i])),
        ] {
            let o = ptxfp(&[
                "mma", "dot", "--gpu", gpu, "--in", "bf16", "--out", "f32", "--a", &a, "--b", &b,
                "--c", c,
            ]);
            assert_eq!(first_bits(&o), s.d[i], "line {} via {gpu} {a}", i + 1);
        }
    }
}

#[test]
fn dot_json_has_the_bits() {
    let s = set("A100", "bf16", "fp32");
    let c = format!("{:#010x}", s.c[0]);
    let o = ptxfp(&[
        "mma",
        "dot",
        "--json",
        "--gpu",
        "a100",
        "--in",
        "bf16",
        "--out",
        "f32",
        "--a",
        &f32_list(&s.a[0]),
        "--b",
        &f32_list(&s.b[0]),
        "--c",
        &c,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["d"]["bits"], format!("{:#010x}", s.d[0]));
    assert_eq!(v["model"]["gpu"], "A100");
    assert_eq!(v["model"]["block"], 8);
    assert_eq!(v["k"], 8);
}

#[test]
fn gemm_diagonal_is_measured_and_the_rest_is_dot() {
    // A's row i and B's column i are the measured line i, C[i][i] its c:
    // D[i][i] is what the H100 computed. The other elements are checked
    // against `mma dot` on the same row and column (consistency only).
    let s = set("H100", "bf16", "fp32");
    let n = 3;
    let k = s.a[0].len();
    let a: String = (0..n)
        .map(|i| format!("{}\n", f32_list(&s.a[i]).replace(',', " ")))
        .collect();
    let b: String = (0..k)
        .map(|t| {
            let row: Vec<String> = (0..n).map(|j| format!("0f{:08x}", s.b[j][t])).collect();
            format!("{}\n", row.join(", "))
        })
        .collect();
    let c: String = (0..n)
        .map(|i| {
            let row: Vec<String> = (0..n)
                .map(|j| {
                    if i == j {
                        format!("{:#010x}", s.c[i])
                    } else {
                        "0.5".into()
                    }
                })
                .collect();
            format!("{}  # row {i}\n", row.join(" "))
        })
        .collect();
    let (fa, fb, fc) = (tmp("A.txt", &a), tmp("B.txt", &b), tmp("C.txt", &c));
    let o = ptxfp(&[
        "mma",
        "gemm",
        "--gpu",
        "H100",
        "--in",
        "bf16",
        "--out",
        "f32",
        "--bits",
        "--a-file",
        fa.to_str().unwrap(),
        "--b-file",
        fb.to_str().unwrap(),
        "--c-file",
        fc.to_str().unwrap(),
        "--m",
        "3",
        "--k",
        &k.to_string(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let d: Vec<Vec<u32>> = stdout(&o)
        .lines()
        .map(|l| {
            l.split_whitespace()
                .map(|x| u32::from_str_radix(x.trim_start_matches("0x"), 16).unwrap())
                .collect()
        })
        .collect();
    assert_eq!(d.len(), n);
    for (i, row) in d.iter().enumerate() {
        assert_eq!(row[i], s.d[i], "D[{i}][{i}] is measured line {}", i + 1);
        for (j, &dij) in row.iter().enumerate() {
            let col: Vec<u32> = (0..k).map(|t| s.b[j][t]).collect();
            let c = if i == j {
                format!("{:#010x}", s.c[i])
            } else {
                "0.5".into()
            };
            let o = ptxfp(&[
                "mma",
                "dot",
                "--gpu",
                "H100",
                "--in",
                "bf16",
                "--out",
                "f32",
                "--a",
                &f32_list(&s.a[i]),
                "--b",
                &f32_list(&col),
                "--c",
                &c,
            ]);
            assert_eq!(dij, first_bits(&o), "D[{i}][{j}]");
        }
    }
    // A dimension that disagrees with the files.
    let o = ptxfp(&[
        "mma",
        "gemm",
        "--gpu",
        "H100",
        "--in",
        "bf16",
        "--out",
        "f32",
        "--a-file",
        fa.to_str().unwrap(),
        "--b-file",
        fb.to_str().unwrap(),
        "--k",
        "8",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--k 8, but A's row length gives k = 16"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn gemm_refuses_ragged_and_mismatched_matrices() {
    let a = tmp("ragged.txt", "1 2\n3\n");
    let b = tmp("b2.txt", "1\n1\n");
    let o = ptxfp(&[
        "mma",
        "gemm",
        "--gpu",
        "A100",
        "--in",
        "f16",
        "--out",
        "f32",
        "--a-file",
        a.to_str().unwrap(),
        "--b-file",
        b.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("ragged.txt:2: A row 2 has 1 values"),
        "{}",
        stderr(&o)
    );
    let a = tmp("a3.txt", "1 2 3\n");
    let o = ptxfp(&[
        "mma",
        "gemm",
        "--gpu",
        "A100",
        "--in",
        "f16",
        "--out",
        "f32",
        "--a-file",
        a.to_str().unwrap(),
        "--b-file",
        b.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("B has 2 rows, but A's rows have K = 3"),
        "{}",
        stderr(&o)
    );
    let o = ptxfp(&[
        "mma",
        "gemm",
        "--gpu",
        "A100",
        "--in",
        "f16",
        "--out",
        "f32",
        "--m",
        "100000",
        "--a-file",
        a.to_str().unwrap(),
        "--b-file",
        b.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
}

/// Verify lines `GPU IN OUT A B C D` from the first `n` lines of a set.
fn verify_lines(gpu: &str, folder: &str, input: &str, acc: &str, n: usize) -> String {
    let s = set(gpu, folder, acc);
    // Measured with D = 0 (wgmma) for fp32 results only.
    let hopper_fp8 = matches!(gpu, "H100" | "H200") && folder.starts_with('E') && acc == "fp32";
    (0..n)
        .map(|i| {
            let (c, d) = if acc == "fp16" {
                (
                    format!("{:#06x}", f32_to_f16_bits_rne(s.c[i])),
                    format!("{:#06x}", f32_to_f16_bits_rne(s.d[i])),
                )
            } else {
                (format!("{:#010x}", s.c[i]), format!("{:#010x}", s.d[i]))
            };
            let c = if hopper_fp8 { "0".to_string() } else { c };
            format!(
                "{gpu} {input} {acc} {} {} {c} {d}\n",
                f32_list(&s.a[i]),
                f32_list(&s.b[i])
            )
        })
        .collect()
}

#[test]
fn verify_passes_measurements_and_names_a_mismatch() {
    let mut text = String::from("# measured on the GPUs (testdata/tc)\n");
    for (gpu, folder, input, acc) in [
        ("V100", "fp16", "f16", "fp16"),
        ("A2", "tf32", "tf32", "fp32"),
        ("L40S", "E4M3", "e4m3", "fp32"),
        ("Ada", "E5M2", "e5m2", "fp16"),
        ("H200", "E4M3", "e4m3", "fp32"),
        ("B200", "fp16", "f16", "fp32"),
        // FP8 -> fp16: the two-pass fp16 rule.
        ("H100", "E5M2", "e5m2", "fp16"),
    ] {
        text += &verify_lines(gpu, folder, input, acc, 50);
    }
    let good = tmp("good.mma", &text);
    let o = ptxfp(&["mma", "verify", good.to_str().unwrap()]);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("350 passed, 0 failed"),
        "{}",
        stdout(&o)
    );

    // The last bit of one measured d flipped: a mismatch, exit 1, named by
    // file and line.
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let l = &mut lines[7];
    let last = l.pop().unwrap();
    let flipped = u32::from_str_radix(&last.to_string(), 16).unwrap() ^ 1;
    l.push(char::from_digit(flipped, 16).unwrap());
    let bad = tmp("bad.mma", &(lines.join("\n") + "\n"));
    let o = ptxfp(&["mma", "verify", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("bad.mma:8: MISMATCH V100 f16 fp16"),
        "{}",
        stdout(&o)
    );
    assert!(
        stdout(&o).contains("349 passed, 1 failed"),
        "{}",
        stdout(&o)
    );
    let o = ptxfp(&["mma", "verify", "--json", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["failed"], 1);
    assert!(v["mismatches"][0]["location"]
        .as_str()
        .unwrap()
        .ends_with("bad.mma:8"));

    // A malformed line is an error (exit 2) with its place.
    let broken = tmp(
        "broken.mma",
        "H100 bf16 f32 0x3f80 0x3f80,0x3f80 0 0x3f800000\n",
    );
    let o = ptxfp(&["mma", "verify", broken.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("broken.mma:1: A has 1 elements and B has 2"),
        "{}",
        stderr(&o)
    );
}

fn dot_err(args: &[&str]) -> String {
    let mut all = vec!["mma", "dot"];
    all.extend_from_slice(args);
    let o = ptxfp(&all);
    assert_eq!(o.status.code(), Some(2), "{all:?}: {}", stdout(&o));
    assert!(o.stdout.is_empty());
    stderr(&o)
}

#[test]
fn dot_errors_exit_2_with_what_was_expected() {
    let e = dot_err(&[
        "--gpu", "T4", "--in", "f16", "--out", "f32", "--a", "1", "--b", "1",
    ]);
    assert!(
        e.contains("unknown GPU `T4`: expected one of V100, A100"),
        "{e}"
    );
    assert!(e.contains("sm_90"), "{e}");
    let e = dot_err(&[
        "--gpu", "sm_75", "--in", "f16", "--out", "f32", "--a", "1", "--b", "1",
    ]);
    assert!(e.contains("unknown GPU `sm_75`"), "{e}");
    // 0.1 is not a bf16 value: refused, with the nearest one.
    let e = dot_err(&[
        "--gpu", "H100", "--in", "bf16", "--out", "f32", "--a", "1,0.1", "--b", "1,1",
    ]);
    assert!(
        e.contains("a[1]: `0.1` is not exactly representable in bf16"),
        "{e}"
    );
    assert!(e.contains("0x3dcd = 0.10009765625"), "{e}");
    // 2^-25 is below the smallest f16 subnormal (2^-24).
    let e = dot_err(&[
        "--gpu", "V100", "--in", "f16", "--out", "f32", "--a", "1", "--b", "0x1p-25",
    ]);
    assert!(
        e.contains("b[0]: `0x1p-25` is not exactly representable in fp16"),
        "{e}"
    );
    let e = dot_err(&[
        "--gpu", "H100", "--in", "bf16", "--out", "f32", "--a", "1,2", "--b", "1",
    ]);
    assert!(e.contains("a has 2 elements and b has 1"), "{e}");
    let e = dot_err(&[
        "--gpu", "A100", "--in", "e4m3", "--out", "f32", "--a", "1", "--b", "1",
    ]);
    assert!(
        e.contains("A100: no tensor-core model for e4m3 inputs with fp32 accumulation"),
        "{e}"
    );
    let e = dot_err(&[
        "--gpu", "V100", "--in", "bf16", "--out", "f32", "--a", "1", "--b", "1",
    ]);
    assert!(e.contains("V100: no tensor-core model for bf16"), "{e}");
    let e = dot_err(&[
        "--gpu", "H100", "--in", "fp64", "--out", "f32", "--a", "1", "--b", "1",
    ]);
    assert!(
        e.contains("unknown input format `fp64`: expected f16, bf16, tf32, e4m3 or e5m2"),
        "{e}"
    );
    let e = dot_err(&[
        "--gpu", "H100", "--in", "e4m3", "--out", "f32", "--a", "inf", "--b", "1",
    ]);
    assert!(e.contains("e4m3 has no infinity"), "{e}");
    let e = dot_err(&[
        "--gpu", "H100", "--in", "bf16", "--out", "f32", "--a", "0x3fc01", "--b", "1",
    ]);
    assert!(
        e.contains("is not bf16 bits: expected at most 4 hex digits"),
        "{e}"
    );
    let e = dot_err(&[
        "--gpu", "H100", "--in", "bf16", "--out", "f32", "--a", "one", "--b", "1",
    ]);
    assert!(e.contains("a[0]"), "{e}");
    // With --json the error is the JSON error object on stdout.
    let o = ptxfp(&[
        "mma", "dot", "--json", "--gpu", "X", "--in", "f16", "--out", "f32", "--a", "1", "--b", "1",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v["errors"][0]["message"]
        .as_str()
        .unwrap()
        .contains("unknown GPU"));
}

#[test]
fn negative_values_need_no_equals_sign() {
    // -1·2 + (-0.5) on V100 fp16 -> fp32: exact, -2.5.
    let o = ptxfp(&[
        "mma", "dot", "--gpu", "V100", "--in", "f16", "--out", "f32", "--a", "-1", "--b", "2",
        "--c", "-0.5",
    ]);
    assert_eq!(first_bits(&o), 0xc020_0000);
}

#[test]
fn gpus_lists_the_table() {
    let o = ptxfp(&["mma", "gpus"]);
    assert!(o.status.success());
    let s = stdout(&o);
    assert!(
        s.lines()
            .any(|l| l.starts_with("V100") && l.contains("fp16  fp32      4")),
        "{s}"
    );
    assert!(
        s.lines()
            .any(|l| l.starts_with("H100") && l.contains("bf16  fp32     16")),
        "{s}"
    );
    assert!(
        !s.lines()
            .any(|l| l.starts_with("V100") && l.contains("bf16")),
        "{s}"
    );
    // FP8 -> fp16 on the B200: the two-pass fp16 rule (passes of 16, the
    // fp16 row's 2 extra bits, to nearest, c added after to nearest).
    assert!(
        s.lines().any(|l| l.starts_with("B200")
            && l.contains("e5m2  fp16     16          2 rn,c:rn")
            && l.contains("two fp16 passes")),
        "{s}"
    );
    let o = ptxfp(&["mma", "gpus", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["gpu"] == "B200" && r["in"] == "e4m3" && r["sm"] == "sm_100"));
}

/// The validator of docs/schemas/mma.schema.json, with the shared schemas
/// it refers to given to it (nothing is fetched).
fn mma_schema() -> jsonschema::Validator {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/schemas");
    let load = |n: &str| -> serde_json::Value {
        let p = dir.join(format!("{n}.schema.json"));
        serde_json::from_str(&std::fs::read_to_string(&p).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    };
    let registry = ["common", "error"]
        .iter()
        .fold(jsonschema::Registry::new(), |r, n| {
            r.add(
                format!("https://example.invalid/ptxfp/schemas/{n}.schema.json"),
                load(n),
            )
            .unwrap()
        })
        .prepare()
        .unwrap();
    jsonschema::options()
        .offline()
        .with_registry(&registry)
        .build(&load("mma"))
        .unwrap()
}

#[test]
fn every_json_output_matches_the_schema() {
    let v = mma_schema();
    let s = set("H100", "bf16", "fp32");
    let a = f32_list(&s.a[0]);
    let fa = tmp("schema-a.txt", "1 2\n3 4\n");
    let fb = tmp("schema-b.txt", "0.5\n-1\n");
    let mismatch = tmp("schema.mma", "V100 f16 fp32 1,1 1,1 0 0x40400000\n");
    for (args, code) in [
        (
            vec![
                "mma", "dot", "--json", "--gpu", "H100", "--in", "bf16", "--out", "f32", "--a", &a,
                "--b", &a, "--c", "0.1",
            ],
            0,
        ),
        (
            vec![
                "mma", "dot", "--json", "--gpu", "H100", "--in", "bf16", "--out", "f32", "--a",
                "0.1", "--b", "1",
            ],
            2,
        ),
        (
            vec![
                "mma",
                "dot",
                "--json",
                "--gpu",
                "H200",
                "--in",
                "e4m3",
                "--out",
                "f32",
                "--a",
                "1,2",
                "--b",
                "0.5,0.25",
                "--instruction",
                "mma.sync",
            ],
            0,
        ),
        (
            vec![
                "mma",
                "dot",
                "--json",
                "--gpu",
                "B200",
                "--in",
                "e5m2",
                "--b-format",
                "e4m3",
                "--out",
                "f32",
                "--a",
                "1,0x1p-16",
                "--b",
                "0.5,448",
            ],
            0,
        ),
        (
            vec![
                "mma",
                "gemm",
                "--json",
                "--gpu",
                "A100",
                "--in",
                "f16",
                "--out",
                "f16",
                "--a-file",
                fa.to_str().unwrap(),
                "--b-file",
                fb.to_str().unwrap(),
            ],
            0,
        ),
        (
            vec!["mma", "verify", "--json", mismatch.to_str().unwrap()],
            1,
        ),
        (vec!["mma", "gpus", "--json"], 0),
    ] {
        let o = ptxfp(&args);
        assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
        let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        if let Err(e) = v.validate(&j) {
            panic!("{args:?}: {e}\n{j}");
        }
    }
}

#[test]
fn gemm_from_one_file_with_sections() {
    // A 1×K times K×1 plus C is measured line 1 of the B200's fp16 set.
    let s = set("B200", "fp16", "fp32");
    let mut text = String::from("# one inner product as a GEMM\nA:\n");
    text += &(f32_list(&s.a[0]) + "\n\nB:\n");
    for x in &s.b[0] {
        text += &format!("0f{x:08x}\n");
    }
    text += &format!("C:\n{:#010x}\n", s.c[0]);
    let f = tmp("one.gemm", &text);
    let o = ptxfp(&[
        "mma",
        "gemm",
        "--gpu",
        "sm_100",
        "--in",
        "f16",
        "--out",
        "f32",
        "--bits",
        "--file",
        f.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), format!("{:#010x}", s.d[0]));
    let bad = tmp("bad.gemm", "1 2\nA:\n1 2\n");
    let o = ptxfp(&[
        "mma",
        "gemm",
        "--gpu",
        "H100",
        "--in",
        "f16",
        "--out",
        "f32",
        "--file",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("bad.gemm:1: values before any section"),
        "{}",
        stderr(&o)
    );
    let no_b = tmp("nob.gemm", "A:\n1 2\n");
    let o = ptxfp(&[
        "mma",
        "gemm",
        "--gpu",
        "H100",
        "--in",
        "f16",
        "--out",
        "f32",
        "--file",
        no_b.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no B: give --b-file, or a `B:` section in --file"),
        "{}",
        stderr(&o)
    );
}

/// `--b-format`: mixed FP8. By hand (the crate's test tests/mixed.rs has
/// the derivation): E4M3 15 (0x57) times E5M2 1.75 · 2^-3 (0x33) is
/// 3.28125 at exponent 0; E4M3 2^-6 (0x08) times E5M2 1.25 · 2^-8 (0x1d)
/// is 1.25 · 2^-14. H100: 13 fraction bits below 2^0 drop the second:
/// 0x40520000. B200: 25 keep it: 0x40520140. 0x33 read as E4M3 would be
/// 0.6875, so each list is parsed in its own format; a value of one FP8
/// format that the other lacks is refused on that side only, and only
/// FP8 formats mix.
#[test]
fn mixed_fp8_formats() {
    let dot = |gpu: &str, fa: &str, fb: &str, a: &str, b: &str| {
        ptxfp(&[
            "mma",
            "dot",
            "--gpu",
            gpu,
            "--in",
            fa,
            "--b-format",
            fb,
            "--out",
            "f32",
            "--a",
            a,
            "--b",
            b,
        ])
    };
    for (gpu, want) in [
        ("H100", 0x4052_0000),
        ("sm_89", 0x4052_0000),
        ("B200", 0x4052_0140),
    ] {
        let o = dot(gpu, "e4m3", "e5m2", "0x57,0x08", "0x33,0x1d");
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(first_bits(&o), want, "{gpu}: {}", stdout(&o));
        assert!(stdout(&o).contains("e4m3 x e5m2 -> fp32"), "{}", stdout(&o));
        let o = dot(gpu, "e5m2", "e4m3", "0x33,0x1d", "0x57,0x08");
        assert_eq!(first_bits(&o), want, "{gpu} reversed: {}", stdout(&o));
    }
    // 57344 is E5M2, not E4M3.
    let o = dot("H100", "e4m3", "e5m2", "1", "57344");
    assert_eq!(first_bits(&o), 0x4760_0000, "{}", stdout(&o));
    let o = dot("H100", "e4m3", "e5m2", "57344", "1");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("a[0]"), "{}", stderr(&o));
    let o = dot("H100", "bf16", "f16", "1", "1");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no tensor-core model for bf16 x fp16 inputs with fp32 accumulation (only e4m3 and e5m2 mix)"),
        "{}",
        stderr(&o)
    );
    let o = dot("H100", "e4m3", "e6m1", "1", "1");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--b-format: unknown input format `e6m1`"),
        "{}",
        stderr(&o)
    );
    // mma gemm reads B in b's format: A = [15, 2^-6] (1×2), B = [0x33;
    // 0x1d] (2×1) as decimals.
    let fa = tmp("mixed-a.txt", "15 0.015625\n");
    let fb = tmp("mixed-b.txt", "0.21875\n0.0048828125\n");
    let o = ptxfp(&[
        "mma",
        "gemm",
        "--gpu",
        "B200",
        "--in",
        "e4m3",
        "--b-format",
        "e5m2",
        "--out",
        "f32",
        "--a-file",
        fa.to_str().unwrap(),
        "--b-file",
        fb.to_str().unwrap(),
        "--bits",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "0x40520140");
    // Under mma.sync (Hopper's own FP8 rule) too.
    let o = ptxfp(&[
        "mma",
        "dot",
        "--gpu",
        "H100",
        "--in",
        "e5m2",
        "--b-format",
        "e4m3",
        "--out",
        "f32",
        "--a",
        "0x33,0x1d",
        "--b",
        "0x57,0x08",
        "--instruction",
        "mma.sync",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(first_bits(&o), 0x4052_0140, "{}", stdout(&o));
}

/// `--instruction mma.sync`: Hopper's `mma.sync` keeps FP8 products the
/// published (wgmma) model drops (docs/TENSOR_CORES.md, measured on an
/// H200). By hand: a = (1, 2^-7, 3), b = (1, 2^-7, 0.5), c = 2^-30. The
/// products are 1, 2^-14 and 1.5. mma.sync: the pass of k % 4 in {0, 1}
/// gives 1 + 2^-14 exactly, the pass of k = 2 adds 1.5: 2.5 + 2^-14
/// (0x40200100); + c by one fp32 RNE addition leaves it (2^-30 is below
/// half an ulp, 2^-23). The published model aligns FP8 products to 13
/// bits below the largest (extra bits -10): 2^-14 is lost, 2.5
/// (0x40200000). Non-FP8 inputs are the same either way (bf16: 1.5·2 +
/// 2·0.25 + 0.5 = 4, 0x40800000); fp16 accumulation of FP8 takes the
/// two-pass fp16 rule under both (checked below by hand); an unknown name
/// is refused.
#[test]
fn mma_sync_is_its_own_fp8_rule_on_hopper() {
    let dot = |gpu: &str, fmt: &str, out: &str, a: &str, b: &str, c: &str, instr: &str| {
        ptxfp(&[
            "mma",
            "dot",
            "--gpu",
            gpu,
            "--in",
            fmt,
            "--out",
            out,
            "--a",
            a,
            "--b",
            b,
            "--c",
            c,
            "--instruction",
            instr,
        ])
    };
    let fp8 = |instr| {
        dot(
            "H200",
            "e4m3",
            "f32",
            "1,0x1p-7,3",
            "1,0x1p-7,0.5",
            "0x1p-30",
            instr,
        )
    };
    let o = fp8("mma.sync");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(first_bits(&o), 0x4020_0100, "{}", stdout(&o));
    let o = fp8("published");
    assert_eq!(first_bits(&o), 0x4020_0000, "{}", stdout(&o));
    for instr in ["published", "mma.sync"] {
        let o = dot("H100", "bf16", "f32", "1.5,2", "2,0.25", "0.5", instr);
        assert_eq!(first_bits(&o), 0x4080_0000, "{instr}: {}", stdout(&o));
    }
    // FP8 -> fp16: the fp16 passes, each rounded to nearest fp16, then c
    // by one fp16 addition (found on the published measurements), under
    // either instruction. By hand: products 1 and 2^-11 give the tie
    // 1 + 2^-11, to even: 1; + c = 2^-11 is the tie again: 1 (0x3c00).
    for instr in ["mma.sync", "published"] {
        let o = dot(
            "H200", "e4m3", "f16", "1,0x1p-9", "1,0.25", "0x1p-11", instr,
        );
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).starts_with("0x3c00 = 1\n"), "{}", stdout(&o));
    }
    let o = dot("H200", "e4m3", "f32", "1", "1", "0", "wmma");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown instruction `wmma`"),
        "{}",
        stderr(&o)
    );
    // A K of 64 is two chained mma.sync (K 32 each): the same as the first
    // 32 with c, then the second 32 with that result as c.
    let a: Vec<String> = (0..64)
        .map(|i| ["1", "0x1p-7", "-0.5", "0x1p-9"][i % 4].to_string())
        .collect();
    let b: Vec<String> = (0..64)
        .map(|i| ["0.75", "0x1p-8", "2", "-1"][i % 4].to_string())
        .collect();
    let whole = dot(
        "H100",
        "e4m3",
        "f32",
        &a.join(","),
        &b.join(","),
        "0.25",
        "mma.sync",
    );
    let first = dot(
        "H100",
        "e4m3",
        "f32",
        &a[..32].join(","),
        &b[..32].join(","),
        "0.25",
        "mma.sync",
    );
    let c1 = format!("0f{:08x}", first_bits(&first));
    let second = dot(
        "H100",
        "e4m3",
        "f32",
        &a[32..].join(","),
        &b[32..].join(","),
        &c1,
        "mma.sync",
    );
    assert_eq!(first_bits(&whole), first_bits(&second));
}
