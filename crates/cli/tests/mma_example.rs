//! The worked example of docs/TENSOR_CORES.md ("A worked example"), run
//! as the real binary. Every expected value is derived by hand below from
//! the parameters of the GPU table (docs/TENSOR_CORES.md, "The parameter
//! table"), not copied from ptxfp's output.
//!
//! Notation: every product here is a power of two, and 1·1 = 1 is the
//! largest, so each block aligns to exponent 0. A GPU with `e` extra
//! alignment bits keeps `23 + e` fraction bits below 2^0: a term below
//! 2^-(23+e) is truncated to zero. An f32 of value `1 + m·2^-23`
//! (0 ≤ m < 2^23) has the bits `0x3f800000 + m`.

use std::process::Command;

/// The first token of `ptxfp mma dot ...`'s output: d's bits.
fn dot(gpu: &str, fmt: &str, a: &str, b: &str, c: &str) -> u32 {
    let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .args([
            "mma", "dot", "--gpu", gpu, "--in", fmt, "--out", "f32", "--a", a, "--b", b, "--c", c,
        ])
        .output()
        .expect("run ptxfp");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{gpu} {fmt}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let first = out.split_whitespace().next().expect("output");
    u32::from_str_radix(first.trim_start_matches("0x"), 16).expect("hex bits")
}

/// 1 + m·2^-23 as f32 bits.
fn one_plus_ulps(m: u32) -> u32 {
    0x3f80_0000 + m
}

/// fp16 inputs, fp32 accumulation, c = 0:
///   a = [1, 2^-12, 2^-12, 2^-12, 2^-12, 2^-12, 2^-12]
///   b = [1, 2^-12, 2^-12, 2^-13, 2^-13, 2^-13, 2^-13]
/// products: 1, 2^-24 twice, 2^-25 four times; exact sum 1 + 2^-22.
#[test]
fn fp16_alignment_bits_v100_a100_h100_b200() {
    let a = "1,0x1p-12,0x1p-12,0x1p-12,0x1p-12,0x1p-12,0x1p-12";
    let b = "1,0x1p-12,0x1p-12,0x1p-13,0x1p-13,0x1p-13,0x1p-13";
    // V100: 0 extra bits, 23 fraction bits kept below 2^0: every 2^-24
    // and 2^-25 term is dropped (in its first block of 4 and in the
    // second, where c = 1 carries the first block's result): d = 1.
    assert_eq!(dot("V100", "f16", a, b, "0"), one_plus_ulps(0));
    // A100: 1 extra bit, 24 kept: the two 2^-24 terms stay (2^-23 in
    // all), the four 2^-25 go; one block of 8; 1 + 2^-23 is an f32, so
    // rounding toward zero keeps it: d = 1 + 2^-23.
    assert_eq!(dot("A100", "f16", a, b, "0"), one_plus_ulps(1));
    // H100: 2 extra bits, 25 kept: every term stays, the exact sum
    // 1 + 2^-22 is an f32: d = 1 + 2·2^-23.
    assert_eq!(dot("H100", "f16", a, b, "0"), one_plus_ulps(2));
    // B200: the same fp16 parameters as H100 (block 16, 2 extra bits,
    // round toward zero): the same d.
    assert_eq!(dot("B200", "f16", a, b, "0"), one_plus_ulps(2));
}

/// E4M3 inputs (FP8: no V100/A100 path), fp32 accumulation:
///   a = b = [1, 2^-7]  (2^-7 = 4·2^-9 is an E4M3 subnormal)
/// products 1 and 2^-14, one block of 32 (padded with zeros).
#[test]
fn fp8_alignment_bits_and_late_c_h100_b200() {
    // c = 0.
    // H100: −10 extra bits, 13 fraction bits kept below 2^0: 2^-14 is
    // dropped: d = 1.
    assert_eq!(
        dot("H100", "e4m3", "1,0x1p-7", "1,0x1p-7", "0"),
        0x3f80_0000
    );
    // B200: 2 extra bits, 25 kept: d = 1 + 2^-14 = 1 + 2^9·2^-23.
    assert_eq!(
        dot("B200", "e4m3", "1,0x1p-7", "1,0x1p-7", "0"),
        one_plus_ulps(1 << 9)
    );
    // c = 1.5·2^-24 = 0.75·2^-23 (0x33c00000).
    // H100: c is aligned with the products, 13 fraction bits kept: c and
    // 2^-14 are both dropped: d = 1.
    assert_eq!(
        dot("H100", "e4m3", "1,0x1p-7", "1,0x1p-7", "0x1.8p-24"),
        0x3f80_0000
    );
    // B200 (late c): the products' sum 1 + 2^-14 is rounded to f32 first
    // (exact), then c is added with one rounding to nearest even:
    // 1 + 2^-14 + 0.75·2^-23 lies 0.75 ulp above 1 + 2^-14, so it rounds up
    // to 1 + 2^-14 + 2^-23. (Aligned and truncated, as the published
    // B200 model has it, c would be dropped: 1 + 2^-14.)
    assert_eq!(
        dot("B200", "e4m3", "1,0x1p-7", "1,0x1p-7", "0x1.8p-24"),
        one_plus_ulps((1 << 9) + 1)
    );
}
