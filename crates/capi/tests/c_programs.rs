//! The C and C++ programs (examples/c, examples/cpp, tests/c) compiled with
//! gcc/g++ against the static and the shared library that this test
//! profile's build of the crate left beside the test binary, then run:
//! their output is checked, tests/c/vectors.c holds `ptxfp_op_eval`
//! and `ptxfp_op_run` to every file of testdata/vectors, and
//! tests/c/kernel.c runs a kernel of four CTAs with `ptxfp_run_kernel`.
//!
//! Without gcc/g++ on PATH the tests say so and pass (set
//! PTXFP_REQUIRE_CC=1 to make that a failure).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The directory holding libptxfp_c.a and libptxfp_c.so for this profile:
/// the test binary runs from `<target>/<profile>/deps`.
fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let deps = exe.parent().expect("deps directory");
    for d in [deps, deps.parent().expect("profile directory")] {
        if d.join("libptxfp_c.a").exists() && d.join("libptxfp_c.so").exists() {
            return d.to_path_buf();
        }
    }
    panic!("libptxfp_c.a/.so not found beside {}", exe.display());
}

/// Whether `cc` runs; else says why the test is skipped (or fails, under
/// PTXFP_REQUIRE_CC).
fn have(cc: &str) -> bool {
    let ok = Command::new(cc)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("PTXFP_REQUIRE_CC").is_none(),
            "{cc} is not on PATH"
        );
        eprintln!("skipped: {cc} is not on PATH");
    }
    ok
}

#[derive(Clone, Copy, Debug)]
enum Link {
    Static,
    Shared,
}

/// Compiles `src` (relative to the root) with `cc` and `extra` flags,
/// linked to the library as `link`; returns the executable, named after
/// the file's stem (so no two programs may share one: the tests run at
/// once).
fn build(cc: &str, src: &str, link: Link, extra: &[&str]) -> PathBuf {
    let lib = lib_dir();
    let out_dir = lib.join("capi-programs");
    std::fs::create_dir_all(&out_dir).expect("output directory");
    let stem = Path::new(src)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .to_string();
    let exe = out_dir.join(format!("{stem}-{link:?}").to_lowercase());
    let mut cmd = Command::new(cc);
    cmd.current_dir(root())
        .args(["-O1", "-Wall", "-Wextra", "-Werror", "-Iinclude"])
        .args(extra)
        .arg(src)
        .arg("-o")
        .arg(&exe);
    match link {
        // The lines docs/C_API.md gives.
        Link::Static => {
            cmd.arg(lib.join("libptxfp_c.a"))
                .args(["-lpthread", "-ldl", "-lm"]);
        }
        Link::Shared => {
            cmd.arg(format!("-L{}", lib.display()))
                .arg("-lptxfp_c")
                .arg(format!("-Wl,-rpath,{}", lib.display()));
        }
    }
    let o = cmd.output().expect("run the compiler");
    assert!(
        o.status.success(),
        "{cc} {src} ({link:?}) failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    exe
}

/// Runs `exe` with `args` from the root; its stdout, or a panic with its
/// output.
fn run(exe: &Path, args: &[&str]) -> String {
    let o = Command::new(exe)
        .current_dir(root())
        .args(args)
        .output()
        .expect("run the program");
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        o.status.success(),
        "{} {args:?} failed ({}):\n{out}\n{}",
        exe.display(),
        o.status,
        String::from_utf8_lossy(&o.stderr)
    );
    out
}

#[test]
fn eval_c_prints_the_models_bits() {
    if !have("gcc") {
        return;
    }
    for link in [Link::Static, Link::Shared] {
        let out = run(&build("gcc", "examples/c/eval.c", link, &[]), &[]);
        for line in [
            "fma.rn.f16 3e00 4000 3400 4280",
            "mul.rn.ftz.f16 0400 3800 0000",
            "mul.rn.f16 0400 3800 0200",
            "fma.rn.relu.bf16 3f80 4000 c040 0000",
            "add.rn.f16x2 3c003c00 40003800 42003e00",
            "fma.rn.f32.f16 3c00 3c00 3f800000 40000000",
            "add.u32 ffffffff 00000002 00000001",
            "setp.lt.f32 3f800000 40000000 01",
            "fma.bf16 requires sm_80 or higher; the target is sm_70",
        ] {
            assert!(out.contains(line), "{link:?}: no `{line}` in\n{out}");
        }
    }
}

#[test]
fn run_c_returns_registers_and_diagnostics() {
    if !have("gcc") {
        return;
    }
    for link in [Link::Static, Link::Shared] {
        let out = run(&build("gcc", "examples/c/run.c", link, &[]), &[]);
        for line in [
            "status 0 (success)",
            "  d = 0x4100",
            "  y = 0x40c80000",
            "status 12 (",
            "  4:1: error: fma.bf16 requires sm_80 or higher; the target is sm_70",
        ] {
            assert!(out.contains(line), "{link:?}: no `{line}` in\n{out}");
        }
    }
}

#[test]
fn saxpy_example_reads_back_what_the_grid_wrote() {
    if !have("gcc") {
        return;
    }
    for link in [Link::Static, Link::Shared] {
        let out = run(&build("gcc", "examples/c/saxpy.c", link, &[]), &[]);
        for line in [
            "status 0 (success)",
            "  wrote 256 bytes at 0x20000",
            "  read 256 of 256 bytes: y[0] = 1, y[1] = 3, y[63] = 127",
        ] {
            assert!(out.contains(line), "{link:?}: no `{line}` in\n{out}");
        }
    }
}

#[test]
fn warp_sim_and_gpgpusim_shim_run() {
    if !have("g++") {
        return;
    }
    let mut sums = Vec::new();
    for link in [Link::Static, Link::Shared] {
        let out = run(
            &build("g++", "examples/cpp/warp_sim.cpp", link, &["-std=c++17"]),
            &[],
        );
        assert!(!out.contains("DISAGREES"), "{out}");
        sums.push(out.lines().last().unwrap_or_default().to_string());
        let shim = build(
            "g++",
            "examples/cpp/gpgpusim_shim.cpp",
            link,
            &["-std=c++17", "-DPTXFP_SHIM_MAIN"],
        );
        let out = run(&shim, &[]);
        assert!(
            out.contains("fma.rn.ftz.f16 2000 1c00 8000 -> 0000"),
            "{out}"
        );
        assert!(!out.contains("WRONG"), "{out}");
    }
    assert_eq!(sums[0], sums[1], "static and shared builds differ");
}

#[test]
fn vectors_through_the_c_api() {
    if !have("gcc") {
        return;
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("testdata/vectors"))
        .expect("testdata/vectors")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for link in [Link::Static, Link::Shared] {
        let exe = build("gcc", "crates/capi/tests/c/vectors.c", link, &[]);
        let mut total = 0;
        for f in &files {
            let out = run(&exe, &[f.to_str().unwrap()]);
            let n: usize = out
                .lines()
                .last()
                .and_then(|l| l.strip_prefix("checked "))
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{}: {out}", f.display()));
            assert!(n > 0, "{}: no vectors", f.display());
            total += n;
        }
        eprintln!("{link:?}: {total} vectors through ptxfp_op_eval and ptxfp_op_run");
    }
}

#[test]
fn bench_c_builds() {
    if !have("gcc") {
        return;
    }
    // The benchmark is timed by hand (BENCHMARKS.md); here it must build
    // and run a short pass.
    let exe = build("gcc", "examples/c/bench.c", Link::Static, &["-O2"]);
    let out = run(&exe, &["40960", "4096"]);
    assert!(out.contains("ptxfp_op_eval fma.rn.f16"), "{out}");
}

#[test]
fn mma_c_matches_the_gpu_measurements() {
    if !have("gcc") {
        return;
    }
    // (GPU, folder, in, accumulator file, how C entered the measurement)
    let sets = [
        ("V100", "fp16", "f16", "fp16", "f16"),
        ("A100", "bf16", "bf16", "fp32", "f32"),
        ("A2", "tf32", "tf32", "fp32", "f32"),
        ("Ada", "E5M2", "e5m2", "fp16", "f16"),
        ("H100", "E4M3", "e4m3", "fp32", "zero"),
        ("H200", "fp16", "f16", "fp32", "f32"),
        ("B200", "bf16", "bf16", "fp32", "f32"),
    ];
    for link in [Link::Static, Link::Shared] {
        let exe = build("gcc", "crates/capi/tests/c/mma.c", link, &[]);
        for (gpu, folder, input, acc, cmode) in sets {
            let dir = root().join("testdata/tc").join(gpu).join(folder);
            let out = run(
                &exe,
                &[dir.to_str().unwrap(), gpu, folder, input, acc, cmode],
            );
            assert_eq!(out.trim(), "checked 400", "{gpu} {folder} {acc} {link:?}");
        }
    }
}

#[test]
fn kernel_c_runs_a_grid_and_checks_every_byte() {
    if !have("gcc") {
        return;
    }
    for link in [Link::Static, Link::Shared] {
        let exe = build("gcc", "crates/capi/tests/c/kernel.c", link, &[]);
        let out = run(&exe, &["crates/capi/tests/revsum.ptx"]);
        let n: usize = out
            .lines()
            .last()
            .and_then(|l| l.strip_prefix("checked "))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{link:?}: {out}"));
        // 1024 bytes of `out` and 16 of `sums` one by one, and the rest.
        assert!(n > 1040 + 40, "{link:?}: only {n} checks");
    }
}
