//! `ptxfp_mma_dot` and `ptxfp_mma_dot_rows` from Rust, on the published GPU
//! measurements of testdata/tc (the expected `d` are the GPUs'), and their
//! errors.

use std::ffi::{c_char, CStr, CString};
use std::path::Path;

use ptxfp_c::ptxfp_status::{self, *};
use ptxfp_c::*;

fn data(gpu: &str, folder: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/tc")
        .join(gpu)
        .join(folder)
}

fn hex_rows(p: &Path) -> Vec<Vec<u32>> {
    std::fs::read_to_string(p)
        .unwrap()
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
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| u32::from_str_radix(l.trim(), 2).unwrap())
        .collect()
}

fn s(x: &str) -> CString {
    CString::new(x).unwrap()
}

fn dot(gpu: &str, i: &str, o: &str, a: &[u32], b: &[u32], c: u32) -> (ptxfp_status, u32) {
    let (g, i, o) = (s(gpu), s(i), s(o));
    let mut d = 0xdead_beef;
    let st = unsafe {
        ptxfp_mma_dot(
            g.as_ptr(),
            i.as_ptr(),
            o.as_ptr(),
            a.as_ptr(),
            b.as_ptr(),
            a.len(),
            c,
            &mut d,
        )
    };
    (st, d)
}

#[test]
fn dot_and_rows_give_the_measured_d() {
    for (gpu, folder, input) in [
        ("V100", "fp16", "f16"),
        ("A100", "tf32", "tf32"),
        ("L40S", "bf16", "bf16"),
        ("H100", "bf16", "bf16"),
        ("B200", "E5M2", "e5m2"),
    ] {
        let dir = data(gpu, folder);
        let a = hex_rows(&dir.join(format!("a_{gpu}_{folder}.txt")));
        let b = hex_rows(&dir.join(format!("b_{gpu}_{folder}.txt")));
        let c = bin(&dir.join(format!("c_{gpu}_fp32.txt")));
        let d = bin(&dir.join(format!("d_{gpu}_fp32.txt")));
        for r in 0..a.len() {
            assert_eq!(
                dot(gpu, input, "f32", &a[r], &b[r], c[r]),
                (PTXFP_OK, d[r]),
                "{gpu} {folder} line {}",
                r + 1
            );
        }
        let k = a[0].len();
        let (fa, fb) = (a.concat(), b.concat());
        let mut got = vec![0u32; a.len()];
        let (g, i, o) = (s(gpu), s(input), s("f32"));
        for threads in [1, 0, 2] {
            got.fill(0);
            let st = unsafe {
                ptxfp_mma_dot_rows(
                    g.as_ptr(),
                    i.as_ptr(),
                    o.as_ptr(),
                    fa.as_ptr(),
                    fb.as_ptr(),
                    k,
                    c.as_ptr(),
                    got.as_mut_ptr(),
                    a.len(),
                    threads,
                )
            };
            assert_eq!(st, PTXFP_OK);
            assert_eq!(got, d, "{gpu} {folder} rows, threads {threads}");
        }
    }
}

#[test]
fn errors_are_status_codes() {
    let one = [0x3f80_0000u32];
    let (st, d) = dot("T4", "f16", "f32", &one, &one, 0);
    assert_eq!((st, d), (PTXFP_ERR_MMA_MODEL, 0xdead_beef), "d untouched");
    assert_eq!(
        dot("sm_80", "e4m3", "f32", &one, &one, 0).0,
        PTXFP_ERR_MMA_MODEL
    );
    // FP8 -> f16 on sm_90: the two-pass fp16 rule (1 · 1 + 0 = 1).
    assert_eq!(
        dot("sm_90", "e4m3", "f16", &one, &one, 0),
        (PTXFP_OK, 0x3c00)
    );
    assert_eq!(
        dot("V100", "bf16", "f32", &one, &one, 0).0,
        PTXFP_ERR_MMA_MODEL
    );
    assert_eq!(
        dot("H100", "fp64", "f32", &one, &one, 0).0,
        PTXFP_ERR_MMA_MODEL
    );
    // 1 + 2^-8 is not a bf16 value.
    assert_eq!(
        dot("H100", "bf16", "f32", &[0x3f80_8000], &one, 0).0,
        PTXFP_ERR_INEXACT
    );
    // NULL pointers.
    let (g, i, o) = (s("H100"), s("bf16"), s("f32"));
    let mut d = 0;
    unsafe {
        assert_eq!(
            ptxfp_mma_dot(
                std::ptr::null(),
                i.as_ptr(),
                o.as_ptr(),
                one.as_ptr(),
                one.as_ptr(),
                1,
                0,
                &mut d
            ),
            PTXFP_ERR_NULL
        );
        assert_eq!(
            ptxfp_mma_dot(
                g.as_ptr(),
                i.as_ptr(),
                o.as_ptr(),
                std::ptr::null(),
                one.as_ptr(),
                1,
                0,
                &mut d
            ),
            PTXFP_ERR_NULL
        );
        assert_eq!(
            ptxfp_mma_dot(
                g.as_ptr(),
                i.as_ptr(),
                o.as_ptr(),
                one.as_ptr(),
                one.as_ptr(),
                1,
                0,
                std::ptr::null_mut()
            ),
            PTXFP_ERR_NULL
        );
        // k = 0 takes NULL arrays.
        assert_eq!(
            ptxfp_mma_dot(
                g.as_ptr(),
                i.as_ptr(),
                o.as_ptr(),
                std::ptr::null(),
                std::ptr::null(),
                0,
                0x3f80_0000,
                &mut d
            ),
            PTXFP_OK
        );
        let bad = [0xffu8, 0];
        assert_eq!(
            ptxfp_mma_dot(
                bad.as_ptr() as *const c_char,
                i.as_ptr(),
                o.as_ptr(),
                one.as_ptr(),
                one.as_ptr(),
                1,
                0,
                &mut d
            ),
            PTXFP_ERR_ENCODING
        );
        // A batch with one inexact input fails as a whole.
        let a = [0x3f80_0000u32, 0x3f80_8000];
        let mut out = [0u32; 2];
        assert_eq!(
            ptxfp_mma_dot_rows(
                g.as_ptr(),
                i.as_ptr(),
                o.as_ptr(),
                a.as_ptr(),
                a.as_ptr(),
                1,
                std::ptr::null(),
                out.as_mut_ptr(),
                2,
                1
            ),
            PTXFP_ERR_INEXACT
        );
    }
    for code in [13, 14] {
        let m = unsafe { CStr::from_ptr(ptxfp_status_message(code)) };
        assert_ne!(m.to_bytes(), b"unknown status");
    }
}

/// `ptxfp_mma_dot_rows_instruction` (API 1.3): by hand as in the CLI's
/// test (docs/TENSOR_CORES.md, Hopper mma.sync with FP8): a = (1, 2^-7, 3),
/// b = (1, 2^-7, 0.5), c = 2^-30 give 2.5 + 2^-14 (0x40200100) under
/// "mma.sync" and 2.5 (0x40200000) under "published" or NULL (the same as
/// `ptxfp_mma_dot_rows`); an unknown name is `PTXFP_ERR_MMA_MODEL`.
/// "mma.sync" with fp16 results (the two-pass fp16 rule): c is f16 bits
/// in the low half (here +0); the pass of k = 0, 1 gives 1 + 2^-14, which
/// rounds to nearest fp16 as 1, the pass of k = 2 adds 1.5: 2.5 (0x4100).
#[test]
fn the_instruction_picks_mma_sync_fp8_on_hopper() {
    let f = |x: f32| x.to_bits();
    let a = [f(1.0), f(2f32.powi(-7)), f(3.0)];
    let b = [f(1.0), f(2f32.powi(-7)), f(0.5)];
    let c = [f(2f32.powi(-30))];
    let run = |out: &str, instr: Option<&str>| {
        let (g, i, o) = (s("H200"), s("e4m3"), s(out));
        let name = instr.map(s);
        let mut d = [0u32; 1];
        let st = unsafe {
            ptxfp_mma_dot_rows_instruction(
                g.as_ptr(),
                i.as_ptr(),
                o.as_ptr(),
                name.as_ref().map_or(std::ptr::null(), |n| n.as_ptr()),
                a.as_ptr(),
                b.as_ptr(),
                3,
                c.as_ptr(),
                d.as_mut_ptr(),
                1,
                1,
            )
        };
        (st, d[0])
    };
    assert_eq!(run("f32", Some("mma.sync")), (PTXFP_OK, 0x4020_0100));
    assert_eq!(run("f32", Some("published")), (PTXFP_OK, 0x4020_0000));
    assert_eq!(run("f32", None), (PTXFP_OK, 0x4020_0000));
    assert_eq!(run("f16", Some("mma.sync")), (PTXFP_OK, 0x4100));
    assert_eq!(run("f32", Some("wgmma!")).0, PTXFP_ERR_MMA_MODEL);
    let (g, i, o) = (s("H200"), s("e4m3"), s("f32"));
    let mut d = [0u32; 1];
    let st = unsafe {
        ptxfp_mma_dot_rows(
            g.as_ptr(),
            i.as_ptr(),
            o.as_ptr(),
            a.as_ptr(),
            b.as_ptr(),
            3,
            c.as_ptr(),
            d.as_mut_ptr(),
            1,
            1,
        )
    };
    assert_eq!((st, d[0]), (PTXFP_OK, 0x4020_0000));
}
